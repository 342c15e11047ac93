#pragma once
/* Analyses of the jointed structure (paper porter-et-al-2022 §3.3-3.4, porter-brake-2023
   §4.1-4.2): the prestress, linearized modes about it, and amplitude-dependent frequency and
   damping (backbones) by nonlinear modal analysis. Each is a class with PETSc's lifecycle:
     XxxCreate(comm, &obj); XxxSetOptionsPrefix(); XxxSetJoint() (the ROM and law come with the
     joint); XxxSetFromOptions(); XxxSetUp(); XxxSolve(); XxxView(); XxxDestroy(&obj).
   Options are -[prefix]prestress_*, -[prefix]modal_*, -[prefix]backbone_* and -[prefix]nma_type,
   each read by its object's SetFromOptions only. Results are read with the Get functions and
   written with XxxWriteH5() (src/nma/nmaio.c). */
#include <petscsnes.h>
#include <triborom.h>
#include <triboio.h>

/* Prestress: K u_s + f_nl(u_s) = f_s, f_s = tension Fv (porter-brake-2023 eq. 53, porter-et-al-2022 §3.3). */
typedef struct _p_TriboPrestress *TriboPrestress;

PETSC_EXTERN PetscErrorCode TriboPrestressCreate(MPI_Comm, TriboPrestress *);
PETSC_EXTERN PetscErrorCode TriboPrestressSetOptionsPrefix(TriboPrestress, const char[]);
PETSC_EXTERN PetscErrorCode TriboPrestressSetJoint(TriboPrestress, TriboJoint);
PETSC_EXTERN PetscErrorCode TriboPrestressSetTension(TriboPrestress, PetscReal);
PETSC_EXTERN PetscErrorCode TriboPrestressGetTension(TriboPrestress, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboPrestressSetConservative(TriboPrestress, PetscBool);
PETSC_EXTERN PetscErrorCode TriboPrestressSetSteps(TriboPrestress, PetscInt);
PETSC_EXTERN PetscErrorCode TriboPrestressSetFromOptions(TriboPrestress);
PETSC_EXTERN PetscErrorCode TriboPrestressSetUp(TriboPrestress);
PETSC_EXTERN PetscErrorCode TriboPrestressSolve(TriboPrestress);
PETSC_EXTERN PetscErrorCode TriboPrestressGetSolution(TriboPrestress, const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboPrestressGetConvergedReason(TriboPrestress, SNESConvergedReason *);
PETSC_EXTERN PetscErrorCode TriboPrestressGetIterationNumber(TriboPrestress, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboPrestressGetPointFields(TriboPrestress, const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboPrestressView(TriboPrestress, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboPrestressWriteH5(TriboPrestress, TriboH5);
PETSC_EXTERN PetscErrorCode TriboPrestressWriteXdmf(TriboPrestress, TriboXdmf);
PETSC_EXTERN PetscErrorCode TriboPrestressDestroy(TriboPrestress *);

/* Linearized modes about a state: (K + sym(d f_nl/du)) phi = omega^2 M phi, mass-normalized. */
typedef struct _p_TriboModal *TriboModal;

PETSC_EXTERN PetscErrorCode TriboModalCreate(MPI_Comm, TriboModal *);
PETSC_EXTERN PetscErrorCode TriboModalSetOptionsPrefix(TriboModal, const char[]);
PETSC_EXTERN PetscErrorCode TriboModalSetROM(TriboModal, TriboROM);
PETSC_EXTERN PetscErrorCode TriboModalSetJoint(TriboModal, TriboJoint);
PETSC_EXTERN PetscErrorCode TriboModalSetState(TriboModal, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboModalSetNumberModes(TriboModal, PetscInt);
PETSC_EXTERN PetscErrorCode TriboModalSetRequiredModes(TriboModal, PetscInt);
PETSC_EXTERN PetscErrorCode TriboModalSetRigidCutoff(TriboModal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboModalSetComputeAll(TriboModal, PetscBool);
PETSC_EXTERN PetscErrorCode TriboModalSetFromOptions(TriboModal);
PETSC_EXTERN PetscErrorCode TriboModalSetUp(TriboModal);
PETSC_EXTERN PetscErrorCode TriboModalSolve(TriboModal);
PETSC_EXTERN PetscErrorCode TriboModalGetModes(TriboModal, PetscInt *, const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboModalGetNumberRigid(TriboModal, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboModalGetElasticMode(TriboModal, PetscInt, PetscReal *, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboModalView(TriboModal, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboModalWriteH5(TriboModal, TriboH5);
PETSC_EXTERN PetscErrorCode TriboModalWriteXdmf(TriboModal, TriboXdmf);
PETSC_EXTERN PetscErrorCode TriboModalDestroy(TriboModal *);

/* The state of one amplitude of a backbone */
typedef enum {
  TRIBO_BACKBONE_FAILED    = 0, /* a Newton solve failed: the values are NaN */
  TRIBO_BACKBONE_CONVERGED = 1, /* every solve converged and the damping settled */
  TRIBO_BACKBONE_UNSETTLED = 2  /* every solve converged, the damping still changed after the last cycle */
} TriboBackboneStatus;
PETSC_EXTERN const char *const TriboBackboneStatuses[];

/* A backbone: the result of a nonlinear modal analysis, one entry per amplitude. */
typedef struct {
  PetscInt             na, n, nrec;
  PetscReal           *q;             /* [na] modal amplitude (mass-normalized, sqrt(kg) m) */
  PetscReal           *freq;          /* [na] Hz, eq. 34a / 55 */
  PetscReal           *zeta;          /* [na] fraction of critical, eq. 39-40 / 58 */
  PetscReal           *dissip;        /* [na] J per cycle in modal coordinates */
  PetscReal           *lam_p, *lam_m; /* [na] lambda at +q and -q */
  PetscReal           *rec_disp;      /* [na*nrec] displacement amplitude at recovery rows (m), R phi q */
  PetscReal           *rec_acc;       /* [na*nrec] acceleration amplitude (m/s^2), eq. 57 */
  PetscReal           *phi;           /* [na*n] amplitude-dependent mode shape, eq. 34b / 56 */
  PetscReal           *resid;         /* [na] largest scaled residual of the accepted solves */
  PetscInt            *newton;        /* [na] Newton iterations */
  PetscInt            *cycles;        /* [na] hysteresis cycles traced (non-Masing) */
  PetscReal           *dchange;       /* [na] change of damping ratio over the last cycle (non-Masing) */
  TriboBackboneStatus *status;        /* [na] */
  PetscReal           *seconds;       /* [na] wall time */
  PetscInt             nloop;         /* states stored per hysteresis loop (two branches of LGL nodes; 0: no loops) */
  PetscReal           *loop_q;        /* [na*nloop] modal amplitude along the last cycle (NaN where not traced) */
  PetscReal           *loop_force;    /* [na*nloop] modal restoring force lambda(q) q along the last cycle */
  PetscInt             npl;           /* interface points whose loops are stored (-backbone_loop_points) */
  PetscInt            *pl_index;      /* [npl] their 0-based quadrature point indices */
  PetscReal           *pl_u, *pl_t;   /* [na*nloop*npl*3] relative displacement and traction (t1, t2, n) along the last cycle */
  PetscInt             npd;           /* interface points of point_dissip (0: not computed) */
  PetscReal           *point_dissip;  /* [na*npd] energy each interface point dissipates per cycle (J, EPMC) */
  PetscReal            freq0;         /* Hz, linearized about the prestress */
  PetscInt             mode;          /* 1-based elastic mode number */
  PetscBool            requested;     /* the points are exact solutions at the requested amplitudes (EPMC with -backbone_amplitudes) */
  char                 reqwhat[160];  /* what was requested when not the modal amplitudes ("" for -backbone_amplitudes) */
  PetscBool            incomplete;    /* a continuation stopped before the end of the amplitude range (EPMC) */
  PetscBool            failed;        /* it stopped on a failure (TRIBOCONT_DIVERGED_*), not a step limit */
  char                 stop[512];     /* where and why it stopped, and what to try ("" when complete) */
  char                 warn[512];     /* a complete branch that reversed (folds of the amplitude, EPMC), or "" */
} TriboBackbone;

/* Nonlinear modal analysis (a class: types registered by name, -nma_type) */
typedef struct _p_TriboNMA *TriboNMA;
#define TRIBONMARQNMA "rqnma"
#define TRIBONMAEPMC  "epmc"

PETSC_EXTERN PetscErrorCode TriboNMARegister(const char[], PetscErrorCode (*)(TriboNMA));
PETSC_EXTERN PetscErrorCode TriboNMARegisterAll(void);
PETSC_EXTERN PetscErrorCode TriboNMACreate(MPI_Comm, TriboNMA *);
PETSC_EXTERN PetscErrorCode TriboNMASetType(TriboNMA, const char[]);
PETSC_EXTERN PetscErrorCode TriboNMAGetType(TriboNMA, const char *[]);
PETSC_EXTERN PetscErrorCode TriboNMASetOptionsPrefix(TriboNMA, const char[]);
PETSC_EXTERN PetscErrorCode TriboNMASetJoint(TriboNMA, TriboJoint);
PETSC_EXTERN PetscErrorCode TriboNMASetPrestress(TriboNMA, TriboPrestress);
PETSC_EXTERN PetscErrorCode TriboNMASetModal(TriboNMA, TriboModal);
PETSC_EXTERN PetscErrorCode TriboNMASetMode(TriboNMA, PetscInt, PetscReal, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboNMASetModeNumber(TriboNMA, PetscInt);
PETSC_EXTERN PetscErrorCode TriboNMAGetModeNumber(TriboNMA, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboNMASetAmplitudes(TriboNMA, PetscInt, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboNMASetFromOptions(TriboNMA);
PETSC_EXTERN PetscErrorCode TriboNMASetUp(TriboNMA);
PETSC_EXTERN PetscErrorCode TriboNMASolve(TriboNMA);
PETSC_EXTERN PetscErrorCode TriboNMASetLoopPoints(TriboNMA, PetscInt, const PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboNMAGetBackbone(TriboNMA, const TriboBackbone **);
PETSC_EXTERN PetscErrorCode TriboNMAView(TriboNMA, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboNMAWriteH5(TriboNMA, TriboH5);
PETSC_EXTERN PetscErrorCode TriboNMAWriteXdmf(TriboNMA, TriboXdmf);
PETSC_EXTERN PetscErrorCode TriboNMADestroy(TriboNMA *);

/* Forced response by harmonic balance (src/nma/frf.c): periodic responses to P f_x cos(Omega t) over a frequency range,
   continued through folds; options -[prefix]frf_*, -[prefix]hb_*, -[prefix]cont_*. */
typedef struct _p_TriboFRF *TriboFRF;

PETSC_EXTERN PetscErrorCode TriboFRFCreate(MPI_Comm, TriboFRF *);
PETSC_EXTERN PetscErrorCode TriboFRFSetOptionsPrefix(TriboFRF, const char[]);
PETSC_EXTERN PetscErrorCode TriboFRFSetJoint(TriboFRF, TriboJoint);
PETSC_EXTERN PetscErrorCode TriboFRFSetPrestress(TriboFRF, TriboPrestress);
PETSC_EXTERN PetscErrorCode TriboFRFSetModal(TriboFRF, TriboModal);
PETSC_EXTERN PetscErrorCode TriboFRFSetFromOptions(TriboFRF);
PETSC_EXTERN PetscErrorCode TriboFRFSetUp(TriboFRF);
PETSC_EXTERN PetscErrorCode TriboFRFSolve(TriboFRF);
PETSC_EXTERN PetscErrorCode TriboFRFGetBranch(TriboFRF, PetscInt *, PetscInt *, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboFRFGetResponse(TriboFRF, PetscInt *, const PetscReal *[], const PetscReal *[], const PetscReal *[],
                                                const PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboFRFGetFolds(TriboFRF, PetscInt *, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboFRFGetStop(TriboFRF, PetscBool *, PetscBool *, const char **);
PETSC_EXTERN PetscErrorCode TriboFRFView(TriboFRF, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboFRFWriteH5(TriboFRF, TriboH5);
PETSC_EXTERN PetscErrorCode TriboFRFDestroy(TriboFRF *);
