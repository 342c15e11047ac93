#pragma once
/* Numerical continuation of a solution branch (src/cont/): R(X) = 0 with N - 1 equations in N
   unknowns, traced by pseudo-arclength (Seydel 2010; NLvib's solve_and_continue, notes
   hb-epmc.md §1.4). Generic: it knows nothing of what the unknowns mean; the last unknown is
   the parameter for bounds, monitoring and folds. PETSc's lifecycle:
     TriboContCreate(comm, &c); TriboContSetFunction(c, N, residual, jacobian, ctx);
     TriboContSetScaling(c, D); TriboContSetOutput(c, "branch.h5"); TriboContSetFromOptions(c);
     TriboContSetUp(c); TriboContSolve(c, X0); TriboContGetBranch(c, &n, &X); TriboContDestroy(&c);
   Every rank computes the whole branch redundantly (the callbacks are called on every rank and
   must return the same numbers there); rank 0 writes the output file. */
#include <tribosys.h>
#include <tribonum.h>
#include <triboio.h>

typedef struct _p_TriboCont *TriboCont;

/* R (N - 1 values) at X (N values) */
typedef PetscErrorCode (*TriboContResidualFn)(void *, const PetscReal[], PetscReal[]);
/* J = dR/dX at X, dense row-major (N - 1) x N */
typedef PetscErrorCode (*TriboContJacobianFn)(void *, const PetscReal[], PetscReal[]);

typedef enum {
  TRIBOCONT_DIVERGED_TANGENT  = -3, /* the extended Jacobian is singular at an accepted point */
  TRIBOCONT_DIVERGED_STEP_MIN = -2, /* the corrector failed with ds = ds_min */
  TRIBOCONT_DIVERGED_INITIAL  = -1, /* the first solution could not be corrected */
  TRIBOCONT_ITERATING         = 0,
  TRIBOCONT_CONVERGED_STEPS   = 1, /* -cont_max_steps points were added */
  TRIBOCONT_CONVERGED_BOUNDS  = 2  /* the parameter left -cont_param_bounds */
} TriboContReason;
PETSC_EXTERN const char *const TriboContReasons[];
PETSC_EXTERN const char       *TriboContReasonAdvice(TriboContReason);

/* Optional linear solver for large problems (instead of the dense Jacobian): setup linearizes at X (N values),
   solve solves [dR/dX(X); n^T] z = b for z (N values each; n a row of N values), *ok = PETSC_FALSE when it failed */
typedef PetscErrorCode (*TriboContLinearSetUpFn)(void *, const PetscReal[]);
typedef PetscErrorCode (*TriboContLinearSolveFn)(void *, const PetscReal[], const PetscReal[], PetscReal[], PetscBool *);
/* Optional progress line of an accepted point: step, X (N), Newton iterations, step size, seconds so far, estimate of the seconds left */
typedef PetscErrorCode (*TriboContMonitorFn)(void *, PetscInt, const PetscReal[], PetscInt, PetscReal, PetscLogDouble, PetscLogDouble);

/* Optional target function of TriboContSetTargetFunction(): g(X) and its gradient dg/dX (N values) at X (N values) */
typedef PetscErrorCode (*TriboContTargetFn)(void *, const PetscReal[], PetscReal *, PetscReal[]);

typedef enum { TRIBOCONT_PREDICTOR_TANGENT, TRIBOCONT_PREDICTOR_SECANT } TriboContPredictor;
PETSC_EXTERN const char *const TriboContPredictors[];

PETSC_EXTERN PetscErrorCode TriboContCreate(MPI_Comm, TriboCont *);
PETSC_EXTERN PetscErrorCode TriboContSetOptionsPrefix(TriboCont, const char[]);
PETSC_EXTERN PetscErrorCode TriboContSetFunction(TriboCont, PetscInt, TriboContResidualFn, TriboContJacobianFn, void *);
PETSC_EXTERN PetscErrorCode TriboContSetScaling(TriboCont, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboContSetTolerances(TriboCont, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboContSetLinearSolver(TriboCont, TriboContLinearSetUpFn, TriboContLinearSolveFn, void *);
PETSC_EXTERN PetscErrorCode TriboContSetMonitor(TriboCont, TriboContMonitorFn, void *);
PETSC_EXTERN PetscErrorCode TriboContSetStepSizes(TriboCont, PetscReal, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboContSetMaxSteps(TriboCont, PetscInt);
PETSC_EXTERN PetscErrorCode TriboContSetParameterBounds(TriboCont, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboContSetDirection(TriboCont, PetscInt);
PETSC_EXTERN PetscErrorCode TriboContGetDirection(TriboCont, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboContSetOutput(TriboCont, const char[]);
PETSC_EXTERN PetscErrorCode TriboContSetTargets(TriboCont, PetscInt, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboContSetTargetFunction(TriboCont, TriboContTargetFn, void *);
PETSC_EXTERN PetscErrorCode TriboContGetTargetHits(TriboCont, PetscInt *, const PetscInt *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboContSetFromOptions(TriboCont);
PETSC_EXTERN PetscErrorCode TriboContSetUp(TriboCont);
PETSC_EXTERN PetscErrorCode TriboContSolve(TriboCont, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboContGetBranch(TriboCont, PetscInt *, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboContGetIterations(TriboCont, const PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboContGetStepSizes(TriboCont, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboContGetFolds(TriboCont, PetscInt *, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboContGetConvergedReason(TriboCont, TriboContReason *);
PETSC_EXTERN PetscErrorCode TriboContView(TriboCont, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboContDestroy(TriboCont *);
