#pragma once
/* Fitting joint models to measurements (paper porter-et-al-2022 §3.5-3.7): multi-objective
   optimization by NSGA-II (Deb et al. 2002, the genetic algorithm of §3.5.2) with the population
   evaluated in parallel over the ranks, non-dominated sorting, the area metric of the model-form
   error (§3.7, Fig. 8), the error metrics of eqs. 41-42 between a measured and a modelled backbone,
   the whole-joint ROM (one discrete element of a law) whose Masing RQNMA backbone is fitted, and
   ringdown processing (a decaying time signal to a backbone: band-pass, Hilbert transform).
   Layer 6: above the analyses (src/nma), below the program (src/cli). */
#include <tribonma.h>

/* A deterministic random number generator of our own (xoshiro256**, seeded by splitmix64): the
   same sequence on every platform and every rank, whatever the C library. */
typedef struct {
  unsigned long long s[4];
} TriboRandom;
PETSC_EXTERN void      TriboRandomSeed(TriboRandom *, unsigned long long);
PETSC_EXTERN PetscReal TriboRandomUniform(TriboRandom *); /* in [0, 1) */

/* Objectives of one parameter vector x (nx): f (nf objectives) and a penalty added to every objective
   for the selection only (the residual penalty of §3.5.2; 0 if none). A failed evaluation returns
   non-finite objectives, which NSGA-II ranks last. Called on one rank for one x (no collective). */
typedef PetscErrorCode (*TriboFitObjectiveFn)(void *, const PetscReal[], PetscReal[], PetscReal *);

typedef struct _p_TriboNSGA2 *TriboNSGA2;
typedef enum {
  TRIBO_NSGA2_CROWDING_OBJECTIVE, /* crowding distance in objective space (Deb 2002) */
  TRIBO_NSGA2_CROWDING_PARAMETER  /* in parameter space ("genotype", porter-et-al-2022 §3.5.2) */
} TriboNSGA2Crowding;
PETSC_EXTERN const char *const TriboNSGA2Crowdings[];

PETSC_EXTERN PetscErrorCode TriboNSGA2Create(MPI_Comm, TriboNSGA2 *);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetOptionsPrefix(TriboNSGA2, const char[]);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetProblem(TriboNSGA2, PetscInt, PetscInt, const PetscReal[], const PetscReal[], TriboFitObjectiveFn, void *);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetSizes(TriboNSGA2, PetscInt, PetscInt);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetSeed(TriboNSGA2, PetscInt);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetUnion(TriboNSGA2, PetscInt);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetCheckpoint(TriboNSGA2, const char[], PetscBool);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetStopGeneration(TriboNSGA2, PetscInt);
PETSC_EXTERN PetscErrorCode TriboNSGA2SetFromOptions(TriboNSGA2);
PETSC_EXTERN PetscErrorCode TriboNSGA2Solve(TriboNSGA2);
PETSC_EXTERN PetscErrorCode TriboNSGA2GetFront(TriboNSGA2, PetscInt *, const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboNSGA2GetPopulation(TriboNSGA2, PetscInt *, const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboNSGA2GetEvaluations(TriboNSGA2, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboNSGA2View(TriboNSGA2, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboNSGA2WriteH5(TriboNSGA2, TriboH5, const char[]);
PETSC_EXTERN PetscErrorCode TriboNSGA2Destroy(TriboNSGA2 *);

/* Pareto utilities (src/fit/pareto.c): pure, no MPI */
PETSC_EXTERN PetscErrorCode TriboParetoSort(PetscInt, PetscInt, const PetscReal[], PetscInt[], PetscInt *);
PETSC_EXTERN PetscErrorCode TriboParetoCrowding(PetscInt, PetscInt, const PetscReal[], const PetscInt[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboParetoNonDominated(PetscInt, PetscInt, const PetscReal[], PetscInt *, PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboParetoArea(PetscInt, const PetscReal[], const PetscReal[4], PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboParetoDistance(PetscInt, const PetscReal[], PetscInt, const PetscReal[], PetscReal *);

/* Measured backbones and the error metrics of eqs. 41-42 (src/fit/backbone.c) */
typedef struct {
  PetscInt   n;                       /* points */
  PetscReal *q;                       /* amplitude (increasing) */
  PetscReal *omega;                   /* rad/s */
  PetscReal *zeta;                    /* damping ratio */
  char       unit[32];                /* the amplitude's meaning and unit, from the file (text) */
  PetscReal *omlo, *omhi, *zlo, *zhi; /* bounds (rad/s, ratio; NULL if none: TriboMeasuredBackboneSetBounds()) */
  PetscInt   nrepeat;                 /* repeats averaged into the backbone (0: one backbone) */
} TriboMeasuredBackbone;
PETSC_EXTERN PetscErrorCode TriboMeasuredBackboneLoad(MPI_Comm, const char[], TriboMeasuredBackbone *);
PETSC_EXTERN PetscErrorCode TriboMeasuredBackboneSet(MPI_Comm, const char[], PetscInt, const PetscReal[], const PetscReal[], const PetscReal[],
                                                     TriboMeasuredBackbone *);
PETSC_EXTERN PetscErrorCode TriboMeasuredBackboneInterpolate(const TriboMeasuredBackbone *, PetscInt, const PetscReal[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboMeasuredBackboneFree(TriboMeasuredBackbone *);
/* What a measured amplitude is: a modal amplitude (the ROM's coordinate), or a physical displacement or acceleration at one
   point (a recovery row of the ROM), in the units of TriboAmplitudeUnitScale() */
typedef enum { TRIBO_AMPLITUDE_MODAL, TRIBO_AMPLITUDE_DISPLACEMENT, TRIBO_AMPLITUDE_ACCELERATION } TriboAmplitude;
PETSC_EXTERN const char *const TriboAmplitudes[];
PETSC_EXTERN PetscErrorCode    TriboMeasuredBackboneSetBounds(MPI_Comm, const char[], TriboMeasuredBackbone *, const PetscReal[], const PetscReal[],
                                                              const PetscReal[], const PetscReal[]);
PETSC_EXTERN PetscErrorCode    TriboMeasuredBackboneLoadAs(MPI_Comm, const char[], TriboAmplitude, const char[], PetscReal, TriboMeasuredBackbone *);
PETSC_EXTERN PetscErrorCode    TriboMeasuredBackboneVariability(const TriboMeasuredBackbone *, PetscInt, const PetscReal[], PetscReal[4]);
PETSC_EXTERN PetscErrorCode    TriboAmplitudeUnitScale(MPI_Comm, const char[], const char[], PetscReal *, PetscBool *);
PETSC_EXTERN PetscErrorCode    TriboAmplitudeToDisplacement(MPI_Comm, const char[], TriboAmplitude, PetscReal, PetscBool, PetscInt, const PetscReal[],
                                                            PetscReal[]);
PETSC_EXTERN PetscErrorCode    TriboFitErrors(PetscInt, const PetscReal[], const PetscReal[], const PetscReal[], const PetscReal[], PetscReal[2],
                                              PetscReal[2]);

/* Whole-joint ROM (src/fit/wjrom.c): one modal DOF of mass 1 and linear stiffness omega0^2 (minus the joint's
   initial stiffness, or plus it), with one discrete element of a law (-fit_law iwan4) between it and the ground at
   the joint's modal displacement; the Masing RQNMA backbone (porter-et-al-2022 eqs. 33-40) by tribo's TriboNMA
   (type rqnma, -rqnma_masing) on the discrete system; zeta = D / (2 pi (omega q)^2) + zeta0. */
typedef struct _p_TriboWJROM *TriboWJROM;
PETSC_EXTERN PetscErrorCode   TriboWJROMCreate(MPI_Comm, TriboWJROM *);
PETSC_EXTERN PetscErrorCode   TriboWJROMSynthesizeBackbone(MPI_Comm, const char[], const char[], PetscInt, const char *const[], const PetscReal[],
                                                           PetscReal, PetscInt, TriboMeasuredBackbone *);
PETSC_EXTERN PetscErrorCode   TriboWJROMSetLaw(TriboWJROM, const char[]);
PETSC_EXTERN PetscErrorCode   TriboWJROMSetFromOptions(TriboWJROM);
PETSC_EXTERN PetscErrorCode   TriboWJROMGetParameterNames(TriboWJROM, PetscInt *, const char *const *[]);
PETSC_EXTERN PetscErrorCode   TriboWJROMSetParameter(TriboWJROM, const char[], PetscReal);
PETSC_EXTERN PetscErrorCode   TriboWJROMSetParticipation(TriboWJROM, PetscReal);
PETSC_EXTERN PetscErrorCode   TriboWJROMBackbone(TriboWJROM, PetscInt, const PetscReal[], PetscReal[], PetscReal[], PetscReal *, PetscBool *);
PETSC_EXTERN PetscErrorCode   TriboWJROMDestroy(TriboWJROM *);
PETSC_EXTERN PetscErrorCode   TriboWJROMGetModel(TriboWJROM, TriboLaw *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode   TriboWJROMBackboneP(TriboWJROM, PetscInt, const char *const[], PetscInt, const PetscReal[], PetscReal[], PetscReal[],
                                                  PetscReal[], PetscReal[]);

/* A user's ROM as the model of a fit (src/fit/fjrom.c): the law on the whole interface, backbone by RQNMA (Masing or
   non-Masing) or EPMC */
typedef struct _p_TriboFJROM  *TriboFJROM;
PETSC_EXTERN const char *const TriboFJROMMethods[];
PETSC_EXTERN PetscErrorCode    TriboFJROMCreate(MPI_Comm, const char[], const char[], const char[], TriboFJROM *);
PETSC_EXTERN PetscErrorCode    TriboFJROMGetParameterNames(TriboFJROM, PetscInt *, const char *const *[]);
PETSC_EXTERN PetscErrorCode    TriboFJROMSetParameter(TriboFJROM, const char[], PetscReal);
PETSC_EXTERN PetscErrorCode    TriboFitJointBackbone(MPI_Comm, TriboJoint, PetscReal, PetscBool, const char[], PetscBool, PetscInt, const PetscReal[],
                                                     PetscReal, PetscReal[], PetscReal[], PetscReal *, PetscBool *);
PETSC_EXTERN PetscErrorCode    TriboFJROMBackbone(TriboFJROM, PetscInt, const PetscReal[], PetscReal[], PetscReal[], PetscReal *, PetscBool *);
PETSC_EXTERN PetscErrorCode    TriboFJROMDestroy(TriboFJROM *);

/* Tables of numbers (src/fit/table.c): columns chosen by name from a CSV file with a header row, or an HDF5 dataset
   (file.h5:/path, rows x columns, the columns in the order asked); a column named "?name" is optional (NaN if absent) */
PETSC_EXTERN PetscErrorCode TriboTableRead(MPI_Comm, const char[], const char[], PetscInt, const char *const[], PetscInt *, PetscReal **);

/* A fit (src/fit/fit.c): the parameters of a whole-joint ROM (-fit_law, -fit_params name:lo:hi:log|lin,...) against a
   measured backbone at -fit_n log-spaced amplitudes, by NSGA-II on the errors of eq. 42 (eq. 41 reported), optionally with
   the residual penalty of §3.5.2 (-fit_residual_penalty) */
typedef struct _p_TriboFit *TriboFit;
PETSC_EXTERN PetscErrorCode TriboFitCreate(MPI_Comm, TriboFit *);
PETSC_EXTERN PetscErrorCode TriboFitSetMeasured(TriboFit, const TriboMeasuredBackbone *);
PETSC_EXTERN PetscErrorCode TriboFitSetFromOptions(TriboFit);
PETSC_EXTERN PetscErrorCode TriboFitSolve(TriboFit);
PETSC_EXTERN PetscErrorCode TriboFitGetFront(TriboFit, PetscInt *, PetscInt *, const char *const *[], const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboFitGetNSGA2(TriboFit, TriboNSGA2 *);
PETSC_EXTERN PetscErrorCode TriboFitGetWJROM(TriboFit, TriboWJROM *);
PETSC_EXTERN PetscErrorCode TriboFitView(TriboFit, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboFitWriteH5(TriboFit, TriboH5);
PETSC_EXTERN PetscErrorCode TriboFitDestroy(TriboFit *);
/* A front applied to another mode (src/fit/predict.c) */
PETSC_EXTERN PetscErrorCode TriboFitPredict(MPI_Comm, TriboWJROM, const TriboMeasuredBackbone *, PetscInt, PetscInt, PetscInt, const char *const[],
                                            const PetscReal[], PetscReal, PetscReal, PetscReal[], PetscReal[], PetscReal[], PetscReal[], PetscReal[],
                                            PetscReal[], PetscInt[]);

/* Boundary intersection (src/fit/bi.c, porter-et-al-2022 §3.5.1, eq. 43) with PETSc TAO: anchors, utopia point, directions.
   The objectives of one x (nx variables) and, when G is not NULL, their gradients G[2 nx] (G[j nx + k] = dF_j/dx_k); ok false
   for a failed evaluation. Called on one rank for one x. */
typedef PetscErrorCode (*TriboBIFn)(void *, const PetscReal[], PetscReal[2], PetscReal[], PetscBool *);
typedef struct _p_TriboBI  *TriboBI;
PETSC_EXTERN PetscErrorCode TriboBICreate(MPI_Comm, TriboBI *);
PETSC_EXTERN PetscErrorCode TriboBISetProblem(TriboBI, PetscInt, const PetscReal[], const PetscReal[], TriboBIFn, void *, PetscBool);
PETSC_EXTERN PetscErrorCode TriboBISetDirections(TriboBI, PetscInt);
PETSC_EXTERN PetscErrorCode TriboBISetStarts(TriboBI, PetscInt, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboBISetFromOptions(TriboBI);
PETSC_EXTERN PetscErrorCode TriboBISolve(TriboBI);
PETSC_EXTERN PetscErrorCode TriboBIGetAnchors(TriboBI, const PetscReal *[], const PetscReal *[], const PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboBIGetPoints(TriboBI, PetscInt *, const PetscReal *[], const PetscReal *[], const PetscReal *[], const PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboBIView(TriboBI, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboBIDestroy(TriboBI *);

/* A fit's problem as the boundary intersection sees it (TriboFitGetProblem()): the fitted parameters (scaled bounds: log10
   for log scale), the comparison amplitudes and the measured values there (rad/s, ratio), the WJROM */
typedef struct {
  PetscInt           np, n;
  const char *const *names;
  const PetscReal   *lo, *hi;
  const PetscBool   *logs;
  const PetscReal   *q, *om, *z;
  TriboWJROM         w;
} TriboFitProblem;
typedef struct {
  TriboFitProblem p;
  PetscReal      *work; /* [4 n + 2 n np] */
  PetscInt        nev, nfd;
} TriboFitBICtx;
PETSC_EXTERN PetscErrorCode TriboFitBIObjective(void *, const PetscReal[], PetscReal[2], PetscReal[], PetscBool *);
PETSC_EXTERN PetscErrorCode TriboFitGetProblem(TriboFit, TriboFitProblem *);
PETSC_EXTERN PetscErrorCode TriboFitGetBI(TriboFit, TriboBI *);
PETSC_EXTERN PetscErrorCode TriboFitSolveBI(TriboFit, TriboBI, const char[], PetscInt, const PetscReal[], PetscInt *, PetscReal **, PetscReal **);
PETSC_EXTERN PetscErrorCode TriboFitWriteBIH5(TriboFit, TriboBI, PetscInt, const PetscReal[], const PetscReal[], TriboH5);

/* Ringdown processing (src/fit/ringdown.c): a decaying free response of one mode to its backbone */
typedef struct {
  PetscInt   n;     /* samples kept (above the noise floor) */
  PetscReal *t;     /* s */
  PetscReal *amp;   /* instantaneous amplitude (signal units) */
  PetscReal *freq;  /* instantaneous frequency, Hz */
  PetscReal *zeta;  /* instantaneous damping ratio */
  PetscReal  noise; /* noise floor (signal units) */
} TriboRingdownBackbone;
PETSC_EXTERN PetscErrorCode TriboRingdownExtract(MPI_Comm, PetscInt, const PetscReal[], PetscReal, PetscReal, PetscReal, PetscReal, PetscInt,
                                                 TriboRingdownBackbone *);
PETSC_EXTERN PetscErrorCode TriboRingdownBackboneFree(TriboRingdownBackbone *);

/* RIPP parameters from a ringdown backbone (src/fit/ripp.c, brake-ripp §4, eqs. 40-47) */
typedef struct {
  PetscReal mass;    /* modal mass m (kg) */
  PetscReal phimax;  /* phi_MAX (m); <= 0: ten times the largest amplitude (brake-ripp §4) */
  PetscReal fslip;   /* frequency with the joint slipping (Hz); <= 0: the frequency at the largest amplitude */
  PetscReal low;     /* the low-amplitude points: the lowest fraction of the log-amplitude range (chi, F_S) */
  PetscBool reduced; /* tribo's reduced RIPP law (iwan4): its dissipation is 2^(chi+1) times eq. 45's */
} TriboRIPPOptions;
typedef struct {
  PetscReal kt, phimax, chi, fs, beta; /* the estimates (N/m, m, -, N, -) */
  PetscReal omega1, omega2;            /* low-amplitude and slipping frequencies of eq. 40 (rad/s) */
  PetscReal fs0, beta0;                /* eq. 43's first F_S and eq. 44's beta from it */
  PetscInt  nlow;                      /* low-amplitude points used for chi and F_S */
} TriboRIPPEstimate;
PETSC_EXTERN PetscErrorCode TriboRingdownEstimateRIPP(MPI_Comm, PetscInt, const PetscReal[], const PetscReal[], const PetscReal[],
                                                      const TriboRIPPOptions *, TriboRIPPEstimate *);
PETSC_EXTERN PetscErrorCode TriboRingdownSynthesizeRIPP(MPI_Comm, const PetscReal[4], PetscReal, PetscReal, PetscReal, PetscReal, PetscReal, PetscInt,
                                                        PetscInt *, PetscReal **);
