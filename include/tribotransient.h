#pragma once
/* Transient response of the jointed structure by implicit time integration (src/nma/transient.c):

     M x'' + C x' + K x + f_nl(x, x', history) = f_s + g(t) f_x

   with Newmark's average acceleration (gamma = 1/2, beta = 1/4, trapezoidal: no numerical damping) or the HHT-alpha
   method (Hilber, Hughes & Taylor 1977: alpha in [-1/3, 0], gamma = (1 - 2 alpha)/2, beta = (1 - alpha)^2/4), Newton
   on the consistent tangent of the laws (dt/du, and dt/dv of rate-dependent laws), the joint's history committed
   after every converged step, a step cut in halves when Newton fails. f_s is the static load of the prestress (zero
   without one), f_x the load shape (the ROM's excitation, or a unit force on a DOF or along a recovery row) and g(t)
   the load function of -transient_force. Options -[prefix]transient_*, read by TriboTransientSetFromOptions() only;
   results by the Get functions and TriboTransientWriteH5() (/transient). */
#include <tribonma.h>

typedef struct _p_TriboTransient *TriboTransient;

typedef enum {
  TRIBO_TRANSIENT_NEWMARK = 0, /* Newmark, gamma and beta (-transient_gamma, -transient_beta; 1/2, 1/4 by default) */
  TRIBO_TRANSIENT_HHT     = 1  /* HHT-alpha (-transient_alpha in [-1/3, 0]) */
} TriboTransientScheme;
PETSC_EXTERN const char *const TriboTransientSchemes[];

typedef enum {
  TRIBO_TRANSIENT_DIVERGED  = -1, /* Newton failed at the smallest step (dt / 2^max_cuts): the history stops there */
  TRIBO_TRANSIENT_ITERATING = 0,  /* not solved yet */
  TRIBO_TRANSIENT_COMPLETED = 1   /* reached the end time */
} TriboTransientReason;
PETSC_EXTERN const char *const TriboTransientReasons[]; /* indexed by reason + 1 */

/* Energies along the history (J), one entry per stored record; the discrete balance
   kinetic + strain - (kinetic + strain)(0) + damping + joint - external = balance is zero to round-off for the
   trapezoidal rule (Newmark 1/2, 1/4), whatever the laws; with HHT (alpha < 0) it is the numerical dissipation. */
typedef struct {
  PetscReal *kinetic;  /* 1/2 v^T M v */
  PetscReal *strain;   /* 1/2 x^T K x */
  PetscReal *external; /* work of the external load f_s + g f_x, trapezoidal: sum dx . (f_n + f_n+1)/2 */
  PetscReal *damping;  /* dissipated by C: sum dx . C (v_n + v_n+1)/2 */
  PetscReal *joint;    /* work done on the joint, sum dx . (f_nl,n + f_nl,n+1)/2: stored in it plus dissipated by it */
  PetscReal *balance;  /* the balance above */
} TriboTransientEnergy;

PETSC_EXTERN PetscErrorCode TriboTransientCreate(MPI_Comm, TriboTransient *);
PETSC_EXTERN PetscErrorCode TriboTransientSetOptionsPrefix(TriboTransient, const char[]);
PETSC_EXTERN PetscErrorCode TriboTransientSetJoint(TriboTransient, TriboJoint);
PETSC_EXTERN PetscErrorCode TriboTransientSetPrestress(TriboTransient, TriboPrestress);
PETSC_EXTERN PetscErrorCode TriboTransientSetModal(TriboTransient, TriboModal);
PETSC_EXTERN PetscErrorCode TriboTransientNeedsModal(TriboTransient, PetscBool *);
PETSC_EXTERN PetscErrorCode TriboTransientSetScheme(TriboTransient, TriboTransientScheme, PetscReal);
PETSC_EXTERN PetscErrorCode TriboTransientSetTimeStep(TriboTransient, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboTransientSetLoad(TriboTransient, const char[]);
PETSC_EXTERN PetscErrorCode TriboTransientSetInitialState(TriboTransient, const PetscReal[], const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboTransientSetFromOptions(TriboTransient);
PETSC_EXTERN PetscErrorCode TriboTransientSetUp(TriboTransient);
PETSC_EXTERN PetscErrorCode TriboTransientSolve(TriboTransient);
PETSC_EXTERN PetscErrorCode TriboTransientLoadValue(TriboTransient, PetscReal, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboTransientGetHistory(TriboTransient, PetscInt *, const PetscReal *[], const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboTransientGetEnergy(TriboTransient, const TriboTransientEnergy **);
PETSC_EXTERN PetscErrorCode TriboTransientGetPointHistory(TriboTransient, PetscInt *, const PetscInt *[], const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboTransientGetConvergedReason(TriboTransient, TriboTransientReason *);
PETSC_EXTERN PetscErrorCode TriboTransientGetStatistics(TriboTransient, PetscInt *, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboTransientView(TriboTransient, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboTransientWriteH5(TriboTransient, TriboH5);
PETSC_EXTERN PetscErrorCode TriboTransientDestroy(TriboTransient *);
