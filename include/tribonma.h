#pragma once
/* Nonlinear modal analysis of the jointed structure (paper porter-et-al-2022 §3.3-3.4,
   porter-brake-2023 §4.1-4.2): prestress, linearized modes about it, and amplitude-dependent
   frequency and damping (backbones) by quasi-static methods. */
#include <petscsnes.h>
#include <triborom.h>

/* Prestress: K u_s + f_nl(u_s) = f_s, f_s = tension Fv (porter-brake-2023 eq. 53, porter-et-al-2022 §3.3). */
typedef struct {
  PetscInt            n;
  PetscReal           tension;      /* bolt tension (N per bolt): f_s = tension * Fv */
  PetscBool           conservative; /* no tangential tractions during prestress (porter-et-al-2022 §3.3) */
  PetscInt            steps;        /* load increments */
  PetscReal          *us;           /* [n] prestressed displacement */
  PetscReal          *fs;           /* [n] static load */
  SNESConvergedReason reason;
  PetscInt            its; /* Newton iterations, all steps */
  PetscReal           fnorm, fsnorm;
  SNES                snes; /* created by TriboPrestressSetFromOptions (prefix prestress_) */
} TriboPrestress;

PETSC_EXTERN PetscErrorCode TriboPrestressInitialize(TriboROM, TriboPrestress *);
PETSC_EXTERN PetscErrorCode TriboPrestressSetFromOptions(MPI_Comm, TriboPrestress *);
PETSC_EXTERN PetscErrorCode TriboPrestressSolve(TriboROM, TriboJoint, TriboPrestress *);
PETSC_EXTERN PetscErrorCode TriboPrestressFinalize(TriboPrestress *);

/* Linearized modes about a state: (K + sym(d f_nl/du)) phi = omega^2 M phi, mass-normalized. */
typedef struct {
  PetscInt   n;            /* modes computed (all, or the nev lowest) */
  PetscInt   ndof;         /* length of a shape */
  PetscReal *omega2;       /* [n] ascending */
  PetscReal *phi;          /* [ndof*n] column-major, phi_k^T M phi_k = 1 */
  PetscReal  rigid_cutoff; /* Hz: modes below are rigid-body / suspension modes */
  PetscInt   nrigid;       /* number of modes below the cutoff */
} TriboModal;

PETSC_EXTERN PetscErrorCode TriboModalSolve(TriboROM, TriboJoint, const PetscReal[], PetscReal, TriboModal *);
PETSC_EXTERN PetscErrorCode TriboModalSolveFirst(TriboROM, TriboJoint, const PetscReal[], PetscReal, PetscInt, TriboModal *);
PETSC_EXTERN PetscErrorCode TriboModalFinalize(TriboModal *);

/* Backbone by the Rayleigh-quotient nonlinear modal analysis (RQNMA). */
typedef struct {
  PetscInt   na, n, nrec;
  PetscReal *q;             /* [na] modal amplitude (mass-normalized, sqrt(kg) m) */
  PetscReal *freq;          /* [na] Hz, eq. 34a / 55 */
  PetscReal *zeta;          /* [na] fraction of critical, eq. 39-40 / 58 */
  PetscReal *dissip;        /* [na] J per cycle in modal coordinates */
  PetscReal *lam_p, *lam_m; /* [na] lambda at +q and -q */
  PetscReal *rec_disp;      /* [na*nrec] displacement amplitude at recovery rows (m), R phi q */
  PetscReal *rec_acc;       /* [na*nrec] acceleration amplitude (m/s^2), eq. 57 */
  PetscReal *phi;           /* [na*n] amplitude-dependent mode shape, eq. 34b / 56 */
  PetscReal *resid;         /* [na] largest scaled residual of the accepted solves */
  PetscInt  *newton;        /* [na] Newton iterations */
  PetscInt  *cycles;        /* [na] hysteresis cycles traced (non-Masing) */
  PetscReal *dchange;       /* [na] change of damping ratio over the last cycle (non-Masing) */
  PetscInt  *converged;     /* [na] 1: every solve converged and the damping settled; 2: every solve
                            converged but the damping still changed after the last cycle; 0: a
                            Newton solve failed (values NaN) */
  PetscReal *seconds;       /* [na] wall time */
  PetscReal  freq0;         /* Hz, linearized about the prestress */
  PetscInt   mode;          /* 1-based elastic mode number */
} TriboBackbone;

typedef struct _p_TriboNMA *TriboNMA;
#define TRIBONMARQNMA "rqnma"

PETSC_EXTERN PetscErrorCode TriboNMARegister(const char[], PetscErrorCode (*)(TriboNMA));
PETSC_EXTERN PetscErrorCode TriboNMARegisterAll(void);
PETSC_EXTERN PetscErrorCode TriboNMACreate(TriboROM, TriboJoint, TriboNMA *);
PETSC_EXTERN PetscErrorCode TriboNMASetType(TriboNMA, const char[]);
PETSC_EXTERN PetscErrorCode TriboNMASetFromOptions(TriboNMA);
/* Prestressed state (u_s, f_s) and the linear mode to follow: omega0^2 and phi0 (mass-normalized) */
PETSC_EXTERN PetscErrorCode TriboNMASetPrestress(TriboNMA, const TriboPrestress *);
PETSC_EXTERN PetscErrorCode TriboNMASetMode(TriboNMA, PetscInt, PetscReal, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboNMASetAmplitudes(TriboNMA, PetscInt, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboNMASolve(TriboNMA);
PETSC_EXTERN PetscErrorCode TriboNMAGetBackbone(TriboNMA, const TriboBackbone **);
PETSC_EXTERN PetscErrorCode TriboNMAView(TriboNMA, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboNMADestroy(TriboNMA *);
PETSC_EXTERN PetscErrorCode TriboNMACreate_RQNMA(TriboNMA);
