#pragma once
// The private object of TriboCont (src/cont/); all arrays of unknowns are in scaled variables Y = X / D
#include <tribocont.h>
#include <tribo/private/objimpl.h>

/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboCont {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm               comm;
  char                  *prefix;
  PetscInt               N;
  TriboContResidualFn    residual;
  TriboContJacobianFn    jacobian; // NULL: forward differences
  void                  *ctx;
  TriboContLinearSetUpFn lsetup; // optional linear solver (no dense matrices then)
  TriboContLinearSolveFn lsolve;
  void                  *lctx;
  TriboContMonitorFn     umonitor; // optional progress line
  void                  *mctx;
  PetscReal             *D; // scaling (N), 1 unless set
  PetscReal              ds0, ds_min, ds_max, rtol, atol, lo, hi;
  PetscInt               dir;       // +1: the first tangent raises the parameter; -1: lowers it (-cont_direction)
  PetscBool              ds0_set;   // -cont_ds given: not lowered to a smaller -cont_ds_max
  PetscReal              max_angle; // largest angle (rad) between the tangents of consecutive points (-cont_max_angle)
  PetscReal              max_corr;  // largest corrector distance |Y - Y_p| over ds (-cont_max_correction)
  PetscReal              kink_ds;   // the angle and correction tests halve the step down to this, then accept (-cont_kink_ds)
  PetscInt               nforced;
  // requested parameter values (-cont_targets, TriboContSetTargets()): each crossing is landed by a corrector at the value
  PetscInt          ntargets, nhits, nhalloc;
  PetscReal        *targets, *hits; // targets [ntargets]; hits [nhits x N] (unscaled X)
  TriboContTargetFn tfn;            // the function whose values the targets are (NULL: the parameter X[N-1])
  void             *tctx;
  PetscInt *hit_target; // [nhits] index of the target of each hit   // steps accepted at ds_min although the angle or correction test failed (kinks)
  PetscInt  max_steps, max_it, target_it;
  PetscInt  interval;  // the branch file is rewritten every interval points (and at the end, and on a signal)
  PetscInt  jac_lag;   // Newton iterations per Jacobian (1: every iteration; > 1: chord Newton)
  PetscBool jac_fresh; // the current Jacobian (and linear solver) is that of the last tangent point
  TriboContPredictor predictor;
  PetscBool          restart, restart_force, monitor, locate_folds, setup;
  char               output[PETSC_MAX_PATH_LEN];
  PetscInt           nphys; // the options that determine the physics, "-name value" sorted (contio.c), the same on every rank
  char             **phys;
  // the branch: npts points, their tangents, the step size to use after each, Newton iterations
  PetscInt        npts, nalloc, nfolds, nfalloc;
  PetscReal      *X, *T, *ds, *folds;
  PetscInt       *its;
  TriboContReason reason;
  // progress: the time and parameter at each monitor call of this solve (the time-left estimate)
  PetscInt        nmon, nmonalloc;
  PetscLogDouble *mont;
  PetscReal      *monp;
  // work: extended matrix (N x N column-major), pivots, vectors
  PetscReal    *A, *Jw, *Rw, *Xw, *Yw, *Fw;
  PetscBLASInt *ipiv;
};

PETSC_INTERN PetscErrorCode TriboContWrite_Private(TriboCont);
PETSC_INTERN PetscErrorCode TriboContPhysics_Private(TriboCont);
PETSC_INTERN PetscErrorCode TriboContRead_Private(TriboCont);
PETSC_INTERN PetscErrorCode TriboContAppend_Private(TriboCont, const PetscReal[], const PetscReal[], PetscReal, PetscInt);
