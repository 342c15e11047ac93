#pragma once
/* Surface scans to asperity statistics (src/surf/, layer 2): Porter and Brake 2023 §3.2 (levelling, gridding,
   trimming, hole filling, Gaussian mesoscale filter, erosion and dilation, Sobel gradients, watershed, ellipsoid
   fits of eq. 51-52, the gap PDF of §3.2.3), synthetic surfaces (linder-gross-krack §3.3 band-limited roughness,
   self-affine roughness, a mesoscale form), and the class TriboSurf that runs the whole pipeline for a list of
   erosion sizes split over sub-communicators. Files are read and written by src/io (TriboSurfaceScanLoad(),
   TriboSurfWriteH5()); nothing here opens a file. */
#include <tribonum.h>

/* A height map on a regular grid: z[j nx + i] at (x0 + i dx, y0 + j dy) (row-major, rows along y), NaN where the
   scan has no data. Heights, coordinates and spacings in m. */
typedef struct {
  PetscInt   nx, ny;
  PetscReal  x0, y0, dx, dy;
  PetscReal *z;
  PetscReal  plane[3]; /* the plane z = plane[0] + plane[1] x + plane[2] y removed before gridding (point clouds), else 0 */
} TriboHeightMap;

PETSC_EXTERN PetscErrorCode TriboHeightMapCreate(PetscInt, PetscInt, PetscReal, PetscReal, PetscReal, PetscReal, TriboHeightMap **);
PETSC_EXTERN PetscErrorCode TriboHeightMapDuplicate(const TriboHeightMap *, TriboHeightMap **);
PETSC_EXTERN PetscErrorCode TriboHeightMapDestroy(TriboHeightMap **);
/* Processing steps (src/surf/filter.c) */
PETSC_EXTERN PetscErrorCode TriboHeightMapLevel(TriboHeightMap *, PetscReal[3]);
PETSC_EXTERN PetscErrorCode TriboSurfacePointsToGrid(PetscInt, PetscReal[], PetscReal, PetscReal[3], TriboHeightMap **);
PETSC_EXTERN PetscErrorCode TriboHeightMapTrim(TriboHeightMap *, PetscReal, PetscInt, const PetscReal[], PetscReal);
PETSC_EXTERN PetscErrorCode TriboHeightMapFill(TriboHeightMap *, PetscInt, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboHeightMapGaussian(MPI_Comm, const TriboHeightMap *, PetscReal, PetscReal[]);
/* Asperity identification (src/surf/morph.c, src/surf/fit.c) */
PETSC_EXTERN PetscErrorCode TriboSurfaceOpening(MPI_Comm, PetscInt, PetscInt, const PetscReal[], PetscInt, PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboSurfaceSobel(PetscInt, PetscInt, const PetscReal[], PetscReal, PetscReal, PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboSurfaceWatershed(PetscInt, PetscInt, const PetscReal[], PetscInt[], PetscInt *);

/* One ellipsoid fit (eq. 51) and its verdict: the rejection rules of §3.2.2, then tribo's own (the paper is silent on
   flat ground, noise and split peaks; src/surf/fit.c gives the reasons and TriboAsperityCriteria the values) */
typedef enum {
  TRIBO_ASPERITY_ACCEPTED = 0,
  TRIBO_ASPERITY_FEW_POINTS,     /* fewer than 9 points (or -surface_min_points) */
  TRIBO_ASPERITY_FEW_UNIQUE,     /* fewer than 3 distinct x or y */
  TRIBO_ASPERITY_AXES,           /* an axis not positive and finite */
  TRIBO_ASPERITY_VALLEY,         /* center above the mean height of the points */
  TRIBO_ASPERITY_CENTER_OUTSIDE, /* center outside the points' bounding rectangle */
  TRIBO_ASPERITY_LOW,            /* relief of the points below the minimum relief (flat ground, noise) */
  TRIBO_ASPERITY_MISFIT,         /* RMS vertical distance of the points to the fitted cap above a fraction of the relief */
  TRIBO_ASPERITY_FLAT,           /* curvature not resolved: the fitted cap's sag over the region below a fraction of the relief */
  TRIBO_ASPERITY_SPLIT,          /* a second region on the peak of an accepted asperity with more points */
  TRIBO_ASPERITY_NSTATUS
} TriboAsperityStatus;
typedef struct {
  PetscInt  min_points; /* fewest points of a fit (the paper: 9) */
  PetscReal min_relief; /* smallest relief max z - min z of the points (m) */
  PetscReal max_misfit; /* largest RMS vertical misfit / relief */
  PetscReal min_sag;    /* smallest sag of the fitted cap along its long axis over the region / relief */
  PetscReal split;      /* two accepted peaks closer than split x the smaller short semi-axis are one (0: off) */
  PetscReal noise;      /* white noise sigma of the fitted heights (m): a fitted cap's sag below 2 sigma is not resolved (flat) */
} TriboAsperityCriteria;
PETSC_EXTERN const char *const TriboAsperityStatuses[];
typedef struct {
  TriboAsperityStatus status;
  PetscInt            npoints;
  PetscReal           bx, by, bz;  /* center (m) */
  PetscReal           a1, a2, azz; /* large and small semi-axes in the xy-plane, vertical semi-axis (m) */
  PetscReal           rp, rpp;     /* principal radii of curvature at the peak R' = a1^2/azz >= R'' = a2^2/azz (eq. 52) */
  PetscReal           alpha;       /* angle from +x to the short semi-axis, (-pi/2, pi/2] */
  PetscReal           height;      /* h_z = bz + azz */
  PetscReal           relief;      /* max z - min z of the points (m) */
  PetscReal           misfit;      /* RMS of z - (bz + azz sqrt(1 - q)) over the points (q the footprint's quadratic form, clipped at 1) / relief */
  PetscReal           sag;         /* L^2 / (2 R') / relief, L half the points' extent along the long axis */
} TriboAsperity;
PETSC_EXTERN PetscErrorCode TriboAsperityFit(PetscInt, const PetscReal[], const PetscReal[], const PetscReal[], PetscReal, TriboAsperity *);
PETSC_EXTERN PetscErrorCode TriboAsperityCriteriaDefault(TriboAsperityCriteria *);
PETSC_EXTERN PetscErrorCode TriboAsperityCheck(const TriboAsperityCriteria *, TriboAsperity *);
PETSC_EXTERN PetscErrorCode TriboHeightMapNoise(PetscInt, PetscInt, const PetscReal[], PetscReal *);

/* Gap statistics (§3.2.3, src/surf/gap.c) */
PETSC_EXTERN PetscErrorCode TriboEpanechnikovDensity(PetscInt, const PetscReal[], PetscReal, PetscInt, const PetscReal[], PetscReal[]);
typedef struct {
  PetscInt   npdf;      /* points of the PDF on [0, 1] */
  PetscReal *z, *p;     /* normalized gap (0 .. 1) and its density (trapezoid integral exactly 1) */
  PetscReal  zmax;      /* width of the outlier fences, 7 IQR of the gaps (m): the largest gap */
  PetscReal  gmin;      /* lower fence Q1 - 3 IQR of the gaps (m), the gap shifted to 0 */
  PetscReal  bandwidth; /* kernel half-width on [0, 1] */
  PetscReal  integral;  /* trapezoid integral of the kernel density on the npdf points before its normalization */
  PetscInt64 ngaps, noutliers, nsamples;
} TriboGapPDF;
PETSC_EXTERN PetscErrorCode TriboGapPDFCompute(PetscInt, const PetscReal[], PetscInt, PetscInt, TriboGapPDF *);
PETSC_EXTERN PetscErrorCode TriboGapPDFReset(TriboGapPDF *);

/* Synthetic surfaces (src/surf/synth.c) */
typedef enum {
  TRIBO_SYNTH_BAND,       /* band-limited Gaussian roughness: flat PSD for wavelengths in [lmin, lmax] */
  TRIBO_SYNTH_SELFAFFINE, /* self-affine: PSD ~ q^-2(1+H) between the roll-off and the short cutoff, flat below the roll-off */
  TRIBO_SYNTH_CAPS,       /* ellipsoidal caps of one shape on a lattice over a flat plane (a check of the identification) */
  TRIBO_SYNTH_FLAT
} TriboSynthType;
PETSC_EXTERN const char *const TriboSynthTypes[];
typedef struct {
  TriboSynthType type;
  PetscInt       nx, ny;
  PetscReal      dx;
  PetscReal      rms;            /* roughness RMS (m) */
  PetscReal      lmin, lmax;     /* band (m) */
  PetscReal      hurst, rolloff; /* self-affine: Hurst exponent, roll-off wavelength (m); lmin: short cutoff */
  PetscReal      cap[4];         /* caps: semi-axes a1, a2 (m), height c (m), angle alpha (rad) */
  PetscReal      cap_pitch;      /* caps: lattice pitch (m) */
  PetscReal      form_amp;       /* mesoscale form: bowl amplitude along x (m), edges up */
  PetscInt       nbolts;
  PetscReal      bolt_x[8], bolt_depth, bolt_width; /* dimples at the bolts (on the center line) */
  unsigned long  seed;
} TriboSynthParams;
PETSC_EXTERN PetscErrorCode TriboSynthParamsDefault(TriboSynthParams *);
PETSC_EXTERN PetscErrorCode TriboSurfaceSynthesize(const TriboSynthParams *, TriboHeightMap **);

/* The pipeline: scans (or the built-in synthetic pair) to statistics per erosion size */
typedef struct _p_TriboSurf *TriboSurf;
typedef struct {
  PetscInt    erosion;
  PetscInt    nregions, nfit[TRIBO_ASPERITY_NSTATUS]; /* regions found; fits by TriboAsperityStatus */
  PetscInt    ncross;                                 /* regions with points on more than one tile of the distributed grid (depends on the ranks) */
  PetscInt    nasp;                                   /* accepted asperities (both surfaces) */
  PetscReal  *asp;                  /* [nasp x TRIBO_SURF_ASP_COLS]: x, y, h_z, R', R'', alpha, surface, points, relief, misfit, sag */
  PetscReal   min_relief;           /* the minimum relief applied (m): the larger of -surface_min_relief and the noise factor x noise */
  PetscReal   noise[2];             /* noise estimate of each scan (m, TriboHeightMapNoise()) */
  PetscReal   area;                 /* area searched (m^2) */
  PetscReal   eta, rp_med, rpp_med; /* area density (1/m^2), median asperity radii R', R'' (m) */
  PetscReal   rp, rpp, re;          /* relative radii of two such asperities (eq. 3-4: half the medians), R_e = sqrt(R'R'') */
  PetscReal   alpha;                /* dominant orientation: the center of the fullest histogram bin (rad) */
  PetscInt    nhist;
  PetscReal  *hist_edges, *hist; /* orientation histogram on (-pi/2, pi/2]: nhist + 1 edges, counts */
  TriboGapPDF pdf;
  PetscInt    nexample; /* example fits: points of up to 4 asperities, [nexpts x 4]: x, y, z, asperity row */
  PetscInt    nexpts;
  PetscReal  *expts;
  PetscReal   seconds;
} TriboSurfResult;
#define TRIBO_SURF_ASP_COLS 11

PETSC_EXTERN PetscErrorCode TriboSurfCreate(MPI_Comm, TriboSurf *);
PETSC_EXTERN PetscErrorCode TriboSurfSetOptionsPrefix(TriboSurf, const char[]);
PETSC_EXTERN PetscErrorCode TriboSurfSetFromOptions(TriboSurf);
PETSC_EXTERN PetscErrorCode TriboSurfGetScanFiles(TriboSurf, PetscInt *, const char *const **, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboSurfSetScan(TriboSurf, PetscInt, TriboHeightMap *);
PETSC_EXTERN PetscErrorCode TriboSurfGetErosionSizes(TriboSurf, PetscInt *, const PetscInt **);
PETSC_EXTERN PetscErrorCode TriboSurfGetComm(TriboSurf, MPI_Comm *);
PETSC_EXTERN PetscErrorCode TriboSurfSetResult(TriboSurf, PetscInt, const TriboSurfResult *);
PETSC_EXTERN PetscErrorCode TriboSurfGetResultDone(TriboSurf, PetscInt, PetscBool *);
PETSC_EXTERN PetscErrorCode TriboSurfSetRoundMonitor(TriboSurf, PetscErrorCode (*)(TriboSurf, void *), void *);
PETSC_EXTERN PetscErrorCode TriboSurfSetErosionSizes(TriboSurf, PetscInt, const PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboSurfSetUp(TriboSurf);
PETSC_EXTERN PetscErrorCode TriboSurfProcess(TriboSurf);
PETSC_EXTERN PetscErrorCode TriboSurfGetResult(TriboSurf, PetscInt, const TriboSurfResult **);
PETSC_EXTERN PetscErrorCode TriboSurfGetNumResults(TriboSurf, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboSurfGetScan(TriboSurf, PetscInt, const TriboHeightMap **, const PetscReal **);
PETSC_EXTERN PetscErrorCode TriboSurfGetGapMap(TriboSurf, PetscInt *, PetscInt *, const PetscReal **, const PetscReal **, const PetscReal **);
PETSC_EXTERN PetscErrorCode TriboSurfGetInfo(TriboSurf, PetscInt *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboSurfView(TriboSurf, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboSurfDestroy(TriboSurf *);
