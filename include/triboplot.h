#pragma once
/* Pictures without external programs: a small raster plotter that writes PNG (zlib). */
#include <tribosys.h>

typedef enum { TRIBO_PLOT_LINE_MARKERS = 0, TRIBO_PLOT_MARKERS = 1, TRIBO_PLOT_LINE = 2 } TriboPlotStyle;

typedef struct {
  PetscInt         n;
  const PetscReal *x, *y;
  const char      *label; /* legend text, may be NULL */
  TriboPlotStyle   style;
  unsigned int     color; /* 0xRRGGBB; 0 picks from the default palette */
} TriboPlotSeries;

typedef struct {
  const char            *title, *xlabel, *ylabel;
  PetscBool              logx, logy;
  PetscInt               nseries;
  const TriboPlotSeries *series;
} TriboPlotPanel;

/* Draw npanels panels stacked vertically (or in a grid of ncols columns) in a width x height
   image with an optional overall title, and write it atomically as PNG. Non-finite points are
   skipped; axes get "nice" ticks (decades on log axes) and numeric tick labels. Rank 0 writes. */
PETSC_EXTERN PetscErrorCode TriboPlotPNG(MPI_Comm, const char[], PetscInt, PetscInt, PetscInt, PetscInt, const TriboPlotPanel[], const char[]);
/* Lower level: write an RGB8 image (w*h*3 bytes) as PNG, atomically */
PETSC_EXTERN PetscErrorCode TriboPNGWriteRGB(const char[], PetscInt, PetscInt, const unsigned char[]);
/* Lower level: text with the embedded 5x7 bitmap font, at an integer scale, into an RGB8 image;
   vertical text is turned 90 degrees counter-clockwise (y-axis labels). (x, y) is the top-left
   corner of the text's box, whose size TriboPlotGetTextExtent() gives (width along the text). */
PETSC_EXTERN PetscErrorCode TriboPlotGetTextExtent(const char[], PetscInt, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboPlotDrawText(unsigned char[], PetscInt, PetscInt, PetscInt, PetscInt, PetscInt, PetscBool, unsigned int, const char[]);
/* The label TriboPlotPNG() writes for a tick at value on a linear axis with ticks step apart
   (exact, with the step's decimals: 202.5 for step 2.5), or on a log axis when step is 0 (1e-06) */
PETSC_EXTERN PetscErrorCode TriboPlotFormatTick(PetscReal, PetscReal, char[], size_t);
/* Fields at the quadrature points of a joint interface as contour maps of the interface seen along
   its normal (in-plane axes: rows t1, t2 of the 3x3 frame, or x, y if NULL), one panel per field
   with a viridis colour bar; values[k] (npts each) are read on rank 0, which writes the PNG. */
#include <triborom.h>
PETSC_EXTERN PetscErrorCode TriboPlotInterfaceField(MPI_Comm, const char[], TriboInterface, const PetscReal[], PetscInt, const PetscReal *[], const char *[], const char *[], const char[]);

/* Pictures of results (src/plot/results.c): this layer sits above the analyses. */
#include <tribonma.h>
PETSC_EXTERN PetscErrorCode TriboBackbonePlot(MPI_Comm, const TriboBackbone *, TriboROM, PetscInt, const char[], const char[]);
/* Picture of the prestress: contact pressure and normal displacement at the interface's points
   (pu, pt from TriboPrestressGetPointFields(), rank 0), seen along the interface's normal */
PETSC_EXTERN PetscErrorCode TriboPrestressPlot(MPI_Comm, TriboROM, const PetscReal[], const PetscReal[], const char[], const char[]);
