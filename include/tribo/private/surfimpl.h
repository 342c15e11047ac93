#pragma once
/* The surface pipeline's object (src/surf/surface.c) and helpers shared by the files of src/surf. */
#include <tribosurf.h>
#include <tribo/private/objimpl.h>
#include <petscdmda.h>

#define TRIBO_SURF_MAX_SCANS   2
#define TRIBO_SURF_MAX_EROSION 32

/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboSurf {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm  comm;
  char     *prefix;
  PetscBool setup;
  /* inputs: scan files (read by the caller through src/io), or the built-in synthetic pair */
  PetscInt         nfiles;
  char            *files[TRIBO_SURF_MAX_SCANS];
  PetscReal        units; /* m per unit of the files */
  PetscInt         nscans;
  TriboHeightMap  *scan[TRIBO_SURF_MAX_SCANS]; /* levelled, trimmed; NaN outside the scan */
  PetscReal        plane[TRIBO_SURF_MAX_SCANS][3];
  TriboSynthParams synth;
  PetscBool        generated;
  PetscBool        quiet; /* -surface_quiet: no progress lines */
  /* processing options */
  PetscReal             sigma;  /* Gaussian filter standard deviation in points (0: no mesoscale filter) */
  PetscReal             trim;   /* edge trim (m) */
  PetscInt              nholes; /* holes: centers (x, y) and radius (m), points inside removed */
  PetscReal             holes[16], hole_radius;
  PetscInt              fill_max; /* NaN regions of at most this many points are filled before the search */
  PetscReal             min_valid;
  PetscInt              mirror;      /* second scan: 0 none, 1 mirror x, 2 mirror y */
  PetscReal             offset[2];   /* second scan: placement offset (m) */
  PetscReal             gap_spacing; /* mesoscale gap map spacing (m) */
  PetscInt              npdf, nsamples, nhist;
  PetscInt              nerosion, erosion[TRIBO_SURF_MAX_EROSION];
  PetscBool             fit_resid;                   /* fit the residual heights of a region's points, not the opened ones */
  TriboAsperityCriteria crit;                        /* acceptance criteria beyond the paper's (src/surf/fit.c) */
  PetscBool             paper_rules;                 /* -surface_acceptance paper: the rules of §3.2.2 alone, crit not applied */
  PetscReal             noise_factor;                /* the minimum relief is at least this times a scan's noise */
  PetscBool             noise_fit;                   /* fits corrected for the scan's noise (TriboAsperityFit() with sigma) */
  PetscReal             noise[TRIBO_SURF_MAX_SCANS]; /* noise of each scan's residual heights (TriboHeightMapNoise()) */
  PetscReal             seg_sigma;                   /* Gaussian (points) of the heights the segmentation sees (0: none, the paper) */
  PetscReal            *seg[TRIBO_SURF_MAX_SCANS];   /* those heights (NULL when seg_sigma is 0) */
  PetscInt              ngroups;                     /* sub-communicators of the erosion sizes (0: min(ranks, sizes)) */
  /* derived */
  PetscReal       *meso[TRIBO_SURF_MAX_SCANS];  /* mesoscale topology (NaN outside the scan) */
  PetscReal       *resid[TRIBO_SURF_MAX_SCANS]; /* residual heights (NaN where not searched) */
  PetscInt         gnx, gny;
  PetscReal       *gx, *gy, *gap;
  PetscInt         nresults;
  TriboSurfResult *results;
  PetscBool        preset[TRIBO_SURF_MAX_EROSION]; /* results given by TriboSurfSetResult() (a checkpoint): not computed again */
  PetscBool        done[TRIBO_SURF_MAX_EROSION];   /* results known on every rank */
  PetscErrorCode (*monitor)(TriboSurf, void *);    /* called after each round of erosion sizes (TriboSurfSetRoundMonitor()) */
  void     *monctx;
  PetscReal setup_seconds;
};

/* Parallel helpers (src/surf/morph.c): the rows [r0, r1) of n rows this rank owns in comm */
PETSC_INTERN void           TriboSurfRows_Private(MPI_Comm, PetscInt, PetscInt *, PetscInt *);
PETSC_INTERN PetscErrorCode TriboSurfAllgatherRows_Private(MPI_Comm, PetscInt, PetscInt, PetscReal[]);
PETSC_INTERN PetscErrorCode TriboSurfTranspose_Private(PetscInt, PetscInt, const PetscReal[], PetscReal[]);
/* One erosion size on a sub-communicator (src/surf/identify.c) */
PETSC_INTERN PetscErrorCode TriboSurfIdentify_Private(TriboSurf, MPI_Comm, PetscInt, TriboSurfResult *);
PETSC_INTERN PetscErrorCode TriboSurfResultReset_Private(TriboSurfResult *);
PETSC_INTERN PetscErrorCode TriboSurfResultBcast_Private(MPI_Comm, PetscMPIInt, TriboSurfResult *);
