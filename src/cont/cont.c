/* TriboCont: lifecycle, options and viewing of the continuation class (the solver is in
   contsolve.c, the file in contio.c). */
#include "contimpl.h"

// indexed by reason + 3
const char *const TriboContReasons[]    = {"DIVERGED_TANGENT", "DIVERGED_STEP_MIN", "DIVERGED_INITIAL",
                                           "ITERATING",        "CONVERGED_STEPS",   "CONVERGED_BOUNDS"};
const char *const TriboContPredictors[] = {"tangent", "secant", "TriboContPredictor", "TRIBOCONT_PREDICTOR_", NULL};

/*@
  TriboContCreate - Creates a continuation object.

  Collective

  Input Parameter:
. comm - the ranks that trace the branch (each computes it redundantly)

  Output Parameter:
. c - the object

  Notes:
  Defaults: ds = 0.1 in [1e-6, 1], tangent predictor, 100 steps, no parameter bounds, 20 Newton
  iterations per step, rtol = 1e-10, atol = 1e-10, target of 4 iterations, no output file.

.seealso: `TriboContSetFunction()`, `TriboContSetFromOptions()`, `TriboContSolve()`, `TriboContDestroy()`
@*/
PetscErrorCode TriboContCreate(MPI_Comm comm, TriboCont *c)
{
  TriboCont cc;

  PetscFunctionBegin;
  PetscValidPointer(c, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(cc, TRIBO_CONT_CLASSID, "TriboCont", "Pseudo-arclength continuation", "Cont", comm, TriboContDestroy, NULL));
  cc->comm         = comm;
  cc->ds0          = 0.1;
  cc->ds_min       = 1e-6;
  cc->ds_max       = 1.0;
  cc->max_angle    = PETSC_PI / 6; // 30 degrees and 0.5: the loosest of the settings tried that keep the 4-DOF Jenkins chain
  cc->max_corr     = 0.5;          // of issue 35 on its branch (tests/cli/t958)
  cc->kink_ds      = 1e-3;
  cc->rtol         = 1e-10;
  cc->atol         = 1e-10;
  cc->dir          = 1;
  cc->lo           = PETSC_MIN_REAL;
  cc->hi           = PETSC_MAX_REAL;
  cc->max_steps    = 100;
  cc->interval     = 1;
  cc->max_it       = 20;
  cc->target_it    = 4;
  cc->jac_lag      = 1;
  cc->predictor    = TRIBOCONT_PREDICTOR_TANGENT;
  cc->locate_folds = PETSC_TRUE;
  *c               = cc;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetOptionsPrefix - Sets the prefix of the options read by TriboContSetFromOptions() (-[prefix]cont_ds ...).

  Logically collective
@*/
PetscErrorCode TriboContSetOptionsPrefix(TriboCont c, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(c->prefix));
  PetscCall(PetscStrallocpy(prefix, &c->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboContSetFunction - Sets the underdetermined system R(X) = 0 (N - 1 equations, N unknowns).

  Logically collective

  Input Parameters:
+ c        - the object
. N        - number of unknowns (>= 2); X[N-1] is the parameter of bounds, monitor and folds
. residual - residual(ctx, X, R): R (N - 1 values) at X
. jacobian - jacobian(ctx, X, J): dR/dX, dense row-major (N - 1) x N; NULL for forward differences
- ctx      - passed to both

  Notes:
  Both are called on every rank and must give the same numbers on every rank.

.seealso: `TriboContSetScaling()`, `TriboContSolve()`
@*/
PetscErrorCode TriboContSetFunction(TriboCont c, PetscInt N, TriboContResidualFn residual, TriboContJacobianFn jacobian, void *ctx)
{
  PetscFunctionBeginUser;
  PetscCheck(N >= 2, c->comm, PETSC_ERR_ARG_OUTOFRANGE, "a continuation needs N >= 2 unknowns (N - 1 equations), got %" PetscInt_FMT, N);
  PetscCheck(residual, c->comm, PETSC_ERR_ARG_NULL, "TriboContSetFunction() needs a residual function");
  PetscCheck(!c->setup || N == c->N, c->comm, PETSC_ERR_ARG_WRONGSTATE, "cannot change the number of unknowns after TriboContSetUp()");
  if (N != c->N) PetscCall(PetscFree(c->D));
  c->N        = N;
  c->residual = residual;
  c->jacobian = jacobian;
  c->ctx      = ctx;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetScaling - Sets the diagonal scaling of the unknowns: the continuation works in Y = X / D.

  Logically collective

  Input Parameters:
+ c - the object (after TriboContSetFunction())
- D - N positive values (copied), the typical size of each unknown

  Notes:
  Step sizes, tangents and the arclength are measured in Y; NLvib's Dscale (notes hb-epmc.md §1.4).
@*/
PetscErrorCode TriboContSetScaling(TriboCont c, const PetscReal D[])
{
  PetscFunctionBeginUser;
  PetscCheck(c->N, c->comm, PETSC_ERR_ARG_WRONGSTATE, "call TriboContSetFunction() before TriboContSetScaling()");
  if (!c->D) PetscCall(PetscMalloc1(c->N, &c->D));
  for (PetscInt i = 0; i < c->N; i++) {
    PetscCheck(D[i] > 0, c->comm, PETSC_ERR_ARG_OUTOFRANGE, "scaling D[%" PetscInt_FMT "] must be > 0, got %g", i, (double)D[i]);
    c->D[i] = D[i];
  }
  PetscFunctionReturn(0);
}

/*@
  TriboContSetStepSizes - Sets the initial, smallest and largest step (options -cont_ds, -cont_ds_min, -cont_ds_max).

  Logically collective
@*/
PetscErrorCode TriboContSetStepSizes(TriboCont c, PetscReal ds, PetscReal ds_min, PetscReal ds_max)
{
  PetscFunctionBeginUser;
  c->ds0    = ds;
  c->ds_min = ds_min;
  c->ds_max = ds_max;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetMaxSteps - Sets the number of points added after the first (option -cont_max_steps).

  Logically collective
@*/
PetscErrorCode TriboContSetMaxSteps(TriboCont c, PetscInt n)
{
  PetscFunctionBeginUser;
  c->max_steps = n;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetParameterBounds - Stops the branch when the parameter X[N-1] leaves [lo, hi] (option -cont_param_bounds lo,hi).

  Logically collective

  Notes:
  The first point outside is kept, so the branch covers the whole range.
@*/
PetscErrorCode TriboContSetParameterBounds(TriboCont c, PetscReal lo, PetscReal hi)
{
  PetscFunctionBeginUser;
  c->lo = lo;
  c->hi = hi;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetDirection - Sets which way the branch leaves its first point (option -cont_direction).

  Logically collective

  Input Parameters:
+ c   - the object
- dir - 1: the parameter X[N-1] grows along the first tangent (default); -1: it falls (a branch traced downward from
        where the first point converges, e.g. an EPMC backbone from large to small amplitude)
@*/
PetscErrorCode TriboContSetDirection(TriboCont c, PetscInt dir)
{
  PetscFunctionBeginUser;
  PetscCheck(dir == 1 || dir == -1, c->comm, PETSC_ERR_USER_INPUT, "-cont_direction must be 1 or -1, got %" PetscInt_FMT, dir);
  c->dir = dir;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetDirection - Which way the branch leaves its first point (TriboContSetDirection()).

  Not collective
@*/
PetscErrorCode TriboContGetDirection(TriboCont c, PetscInt *dir)
{
  PetscFunctionBeginUser;
  *dir = c->dir;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetOutput - Names the HDF5 file that receives the branch after every accepted point (option -cont_output).

  Logically collective

  Notes:
  The file is rewritten atomically after each point (temporary name, then rename), so it is a
  valid branch whenever the run stops; -cont_restart continues from it. Layout in triboio.h (/cont).
@*/
PetscErrorCode TriboContSetOutput(TriboCont c, const char name[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(c->output, name ? name : "", sizeof(c->output)));
  PetscFunctionReturn(0);
}

/*@C
  TriboContReasonAdvice - Why a continuation with this reason stopped before its range, and which options to try: the text a
  caller puts after "stopped at ... after N points: " ("" for a continuation that reached its range).

  Not collective
@*/
const char *TriboContReasonAdvice(TriboContReason r)
{
  switch (r) {
  case TRIBOCONT_DIVERGED_STEP_MIN:
    return "DIVERGED_STEP_MIN (the corrector failed at the smallest step); try a smaller -cont_ds_min or -cont_ds_max, a larger -cont_max_it";
  case TRIBOCONT_DIVERGED_TANGENT:
    return "DIVERGED_TANGENT (the extended Jacobian is singular at the last point); try a smaller -cont_ds_max";
  case TRIBOCONT_DIVERGED_INITIAL:
    return "DIVERGED_INITIAL (the first point did not converge); try a larger -cont_max_it or another start";
  case TRIBOCONT_CONVERGED_STEPS:
    return "CONVERGED_STEPS (-cont_max_steps points added); raise -cont_max_steps";
  default:
    return "";
  }
}

/*@
  TriboContSetTargets - Parameter values at which the branch must have exact solutions: every crossing of one of them by an
  accepted step (or a first point on it) is landed by a corrector with the parameter held at the value.

  Logically collective

  Input Parameters:
+ c - the object
. n - number of values (0: none)
- t - the values of X[N-1]

.seealso: `TriboContGetTargetHits()`
@*/
PetscErrorCode TriboContSetTargets(TriboCont c, PetscInt n, const PetscReal t[])
{
  PetscFunctionBeginUser;
  PetscCheck(n >= 0, c->comm, PETSC_ERR_ARG_OUTOFRANGE, "number of targets %" PetscInt_FMT " must be >= 0", n);
  PetscCall(PetscFree(c->targets));
  c->ntargets = n;
  PetscCall(PetscMalloc1(n + 1, &c->targets));
  for (PetscInt i = 0; i < n; i++) {
    PetscCheck(PetscIsNormalReal(t[i]) || t[i] == 0, c->comm, PETSC_ERR_ARG_OUTOFRANGE, "target %" PetscInt_FMT " is not finite", i + 1);
    c->targets[i] = t[i];
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboContSetTargetFunction - Makes the targets (TriboContSetTargets()) values of a smooth function g(X) of the unknowns
  instead of the parameter X[N-1]: every crossing of a target by an accepted step is landed on g(X) = target by a bordered
  Newton (the equations and the linearized constraint grad g . (X - X_k) = target - g(X_k), repeated until
  |g - target| <= 1e-13 (1 + |target|)).

  Logically collective

  Input Parameters:
+ c   - the object
. fn  - g and its gradient at X (unscaled), or NULL for the parameter again
- ctx - its context

  Notes:
  For a backbone: the amplitude of a recovery row (a measured displacement or acceleration) instead of the modal amplitude.

.seealso: `TriboContSetTargets()`, `TriboContGetTargetHits()`
@*/
PetscErrorCode TriboContSetTargetFunction(TriboCont c, TriboContTargetFn fn, void *ctx)
{
  PetscFunctionBeginUser;
  c->tfn  = fn;
  c->tctx = ctx;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetTargetHits - The solutions landed at the targets (TriboContSetTargets()), in the order they were reached.

  Not collective

  Output Parameters:
+ n      - number of hits (a target crossed twice, e.g. after a fold, is hit twice; one never reached, not at all)
. target - [n] index of each hit's target
- X      - [n x N] the solutions (X[N-1] equal to the target)
@*/
PetscErrorCode TriboContGetTargetHits(TriboCont c, PetscInt *n, const PetscInt *target[], const PetscReal *X[])
{
  PetscFunctionBeginUser;
  if (n) *n = c->nhits;
  if (target) *target = c->hit_target;
  if (X) *X = c->hits;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetFromOptions - Reads the options of the continuation.

  Collective

  Options Database Keys:
+ -cont_ds <0.1>                    - initial step (arclength in scaled unknowns)
. -cont_ds_min <1e-6>               - smallest step: a failure at it ends the branch
. -cont_ds_max <1>                  - largest step
. -cont_max_angle <30>              - largest angle (degrees) between the tangents of consecutive points
. -cont_max_correction <0.5>        - largest distance of the corrected point from the predicted one, over the step
. -cont_kink_ds <1e-3>              - the two tests above (and the slide test) halve the step down to this, then accept
. -cont_predictor <tangent,secant>  - predictor direction
. -cont_max_steps <100>             - points added after the first
. -cont_param_bounds <lo,hi>        - stop when X[N-1] leaves [lo, hi]
. -cont_direction <1>               - 1: the parameter grows from the first point; -1: it falls
. -cont_max_it <20>                 - Newton iterations per step
. -cont_rtol <1e-10>                - converged when |dY|_inf <= rtol (1 + |Y|_inf)
. -cont_atol <1e-10>                - or when |R|_inf <= atol
. -cont_target_it <4>               - the step doubles after fewer iterations and halves after more
. -cont_jacobian_lag <1>            - Newton iterations per Jacobian: > 1 is chord Newton, the Jacobian (and the
                                      linear solver's factors) of the tangent reused by the next corrector, refreshed
                                      every lag iterations or when the residual stops falling (for expensive Jacobians,
                                      e.g. AFT of hysteretic laws with many internal states)
. -cont_locate_folds <true>         - locate each fold by a secant search on the tangent
. -cont_output <file.h5>            - the branch file (TriboContSetOutput())
. -cont_output_interval <1>         - rewrite the branch file every this many points; always at the end and when
                                      SIGTERM or SIGUSR1 arrives (then the run stops with an error naming the file)
. -cont_restart                     - continue the branch stored in the output file (refused when the options that
                                       determine the physics, or the content of an input file, differ from the branch's)
. -cont_restart_force               - continue it anyway, with a warning
- -cont_monitor                     - one line per point: step, parameter, ds, iterations, seconds, time left
@*/
PetscErrorCode TriboContSetFromOptions(TriboCont c)
{
  PetscReal b[2] = {c->lo, c->hi};
  PetscInt  nb   = 2;
  PetscBool set;

  PetscFunctionBeginUser;
  PetscOptionsBegin(c->comm, c->prefix, "Continuation", "TriboCont");
  PetscCall(PetscOptionsReal("-cont_ds", "initial step", "TriboContSetStepSizes", c->ds0, &c->ds0, &set));
  if (set) c->ds0_set = PETSC_TRUE;
  PetscCall(PetscOptionsReal("-cont_ds_min", "smallest step", "TriboContSetStepSizes", c->ds_min, &c->ds_min, NULL));
  PetscCall(PetscOptionsReal("-cont_ds_max", "largest step", "TriboContSetStepSizes", c->ds_max, &c->ds_max, NULL));
  {
    PetscReal deg = c->max_angle * 180 / PETSC_PI;
    PetscCall(PetscOptionsReal("-cont_max_angle", "largest angle between consecutive tangents (degrees); a larger one halves the step",
                               "TriboContSetFromOptions", deg, &deg, NULL));
    c->max_angle = deg * PETSC_PI / 180;
  }
  PetscCall(PetscOptionsReal("-cont_kink_ds", "the angle and correction tests halve the step down to this, then accept (a kink)",
                             "TriboContSetFromOptions", c->kink_ds, &c->kink_ds, NULL));
  PetscCall(PetscOptionsReal("-cont_max_correction", "largest corrector distance over the step; a larger one halves the step",
                             "TriboContSetFromOptions", c->max_corr, &c->max_corr, NULL));
  PetscCall(PetscOptionsEnum("-cont_predictor", "predictor", "TriboContSetFromOptions", TriboContPredictors, (PetscEnum)c->predictor,
                             (PetscEnum *)&c->predictor, NULL));
  PetscCall(TriboOptionsInt("-cont_max_steps", "points after the first", "TriboContSetMaxSteps", c->max_steps, &c->max_steps, NULL));
  PetscCall(TriboOptionsRealArray("-cont_param_bounds", "lo,hi of the parameter", "TriboContSetParameterBounds", b, &nb, &set,
                                  c->lo > -PETSC_MAX_REAL || c->hi < PETSC_MAX_REAL ? 2 : 0));
  if (set) {
    PetscCheck(nb == 2 && b[0] < b[1], c->comm, PETSC_ERR_USER_INPUT, "-cont_param_bounds needs two values lo,hi with lo < hi");
    c->lo = b[0];
    c->hi = b[1];
  }
  PetscCall(TriboOptionsInt("-cont_direction", "1: the parameter grows from the first point; -1: it falls", "TriboContSetDirection", c->dir, &c->dir,
                            NULL));
  PetscCheck(c->dir == 1 || c->dir == -1, c->comm, PETSC_ERR_USER_INPUT, "-cont_direction must be 1 or -1, got %" PetscInt_FMT, c->dir);
  PetscCall(TriboOptionsInt("-cont_max_it", "Newton iterations per step", "TriboContSetFromOptions", c->max_it, &c->max_it, NULL));
  PetscCall(PetscOptionsReal("-cont_rtol", "relative tolerance of the Newton update", "TriboContSetFromOptions", c->rtol, &c->rtol, NULL));
  PetscCall(PetscOptionsReal("-cont_atol", "absolute tolerance of the residual", "TriboContSetFromOptions", c->atol, &c->atol, NULL));
  PetscCall(TriboOptionsInt("-cont_target_it", "target Newton iterations", "TriboContSetFromOptions", c->target_it, &c->target_it, NULL));
  PetscCall(TriboOptionsInt("-cont_jacobian_lag", "Newton iterations per Jacobian (1: full Newton; > 1: chord Newton with the tangent's Jacobian)",
                            "TriboContSetFromOptions", c->jac_lag, &c->jac_lag, NULL));
  PetscCall(PetscOptionsBool("-cont_locate_folds", "locate folds", "TriboContSetFromOptions", c->locate_folds, &c->locate_folds, NULL));
  PetscCall(PetscOptionsString("-cont_output", "branch file", "TriboContSetOutput", c->output, c->output, sizeof(c->output), NULL));
  PetscCall(TriboOptionsInt("-cont_output_interval", "rewrite the branch file every this many points (and at the end and on SIGTERM/SIGUSR1)",
                            "TriboContSetFromOptions", c->interval, &c->interval, NULL));
  PetscCheck(c->interval >= 1, c->comm, PETSC_ERR_USER_INPUT, "-cont_output_interval must be >= 1, got %" PetscInt_FMT, c->interval);
  PetscCall(PetscOptionsBool("-cont_restart", "continue from the output file", "TriboContSetFromOptions", c->restart, &c->restart, NULL));
  PetscCall(PetscOptionsBool("-cont_restart_force", "continue a branch traced with other physics options or inputs (a warning, not an error)",
                             "TriboContSetFromOptions", c->restart_force, &c->restart_force, NULL));
  PetscCall(PetscOptionsBool("-cont_monitor", "progress line per point", "TriboContSetFromOptions", c->monitor, &c->monitor, NULL));
  PetscOptionsEnd();
  PetscFunctionReturn(0);
}

/*@
  TriboContSetTolerances - Sets the corrector's tolerances (defaults 1e-10, 1e-10).

  Logically collective

  Input Parameters:
+ c    - the object
. rtol - converged when the Newton update |dY|_inf <= rtol (1 + |Y|_inf), Y the scaled unknowns
- atol - or when the residual |R|_inf <= atol

  Options Database Keys:
+ -cont_rtol - rtol
- -cont_atol - atol
@*/
PetscErrorCode TriboContSetTolerances(TriboCont c, PetscReal rtol, PetscReal atol)
{
  PetscFunctionBeginUser;
  PetscCheck(rtol >= 0 && atol >= 0, c->comm, PETSC_ERR_USER_INPUT, "tolerances must be >= 0, got rtol %g, atol %g", (double)rtol, (double)atol);
  c->rtol = rtol;
  c->atol = atol;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetLinearSolver - Solves the extended systems with the caller's solver instead of a dense LU of the
  Jacobian, for problems too large for dense matrices.

  Logically collective

  Input Parameters:
+ c     - the object
. setup - setup(ctx, X): linearize the residual at X (N values, unscaled)
. solve - solve(ctx, n, b, z, &ok): z solves [dR/dX; n^T] z = b at the last linearization (N values each)
- ctx   - their context

  Notes:
  The scaling of TriboContSetScaling() is applied by TriboCont around the calls; the Jacobian callback of
  TriboContSetFunction() is not used then. Call before TriboContSetUp().
@*/
PetscErrorCode TriboContSetLinearSolver(TriboCont c, TriboContLinearSetUpFn setup, TriboContLinearSolveFn solve, void *ctx)
{
  PetscFunctionBeginUser;
  PetscCheck(!c->setup, c->comm, PETSC_ERR_ORDER, "call TriboContSetLinearSolver() before TriboContSetUp()");
  c->lsetup = setup;
  c->lsolve = solve;
  c->lctx   = ctx;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetMonitor - Replaces the progress line of -cont_monitor with the caller's.

  Logically collective

  Input Parameters:
+ c       - the object
. monitor - monitor(ctx, step, X, its, ds, seconds, left): called after every accepted point when -cont_monitor is on
- ctx     - its context

  Notes:
  Turns -cont_monitor on (the option can turn it off again).
@*/
PetscErrorCode TriboContSetMonitor(TriboCont c, TriboContMonitorFn monitor, void *ctx)
{
  PetscFunctionBeginUser;
  c->umonitor = monitor;
  c->mctx     = ctx;
  c->monitor  = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboContSetUp - Checks the settings and allocates the work arrays.

  Collective
@*/
PetscErrorCode TriboContSetUp(TriboCont c)
{
  PetscInt N = c->N;

  PetscFunctionBeginUser;
  if (c->setup) PetscFunctionReturn(0);
  PetscCheck(N, c->comm, PETSC_ERR_ARG_WRONGSTATE, "call TriboContSetFunction() before TriboContSetUp()");
  if (!c->ds0_set && c->ds0 > c->ds_max) c->ds0 = c->ds_max; // only -cont_ds_max given, below the default first step
  PetscCheck(c->ds_min > 0 && c->ds_min <= c->ds0 && c->ds0 <= c->ds_max, c->comm, PETSC_ERR_USER_INPUT,
             "steps must satisfy 0 < ds_min <= ds <= ds_max, got %g, %g, %g (options -cont_ds_min, -cont_ds, -cont_ds_max)", (double)c->ds_min,
             (double)c->ds0, (double)c->ds_max);
  PetscCheck(c->max_angle > 0 && c->max_angle <= PETSC_PI && c->max_corr > 0 && c->kink_ds >= 0, c->comm, PETSC_ERR_USER_INPUT,
             "-cont_max_angle must be in (0, 180] degrees, -cont_max_correction > 0 and -cont_kink_ds >= 0; got %g, %g, %g",
             (double)(c->max_angle * 180 / PETSC_PI), (double)c->max_corr, (double)c->kink_ds);
  PetscCheck(c->max_it >= 1 && c->target_it >= 1, c->comm, PETSC_ERR_USER_INPUT, "-cont_max_it and -cont_target_it must be >= 1");
  PetscCheck(c->jac_lag >= 1, c->comm, PETSC_ERR_USER_INPUT, "-cont_jacobian_lag must be >= 1, got %" PetscInt_FMT, c->jac_lag);
  PetscCheck(c->max_steps >= 0, c->comm, PETSC_ERR_USER_INPUT, "-cont_max_steps must be >= 0");
  PetscCheck(!c->restart || c->output[0], c->comm, PETSC_ERR_USER_INPUT,
             "-cont_restart needs the branch file (-cont_output or TriboContSetOutput())");
  if (!c->D) {
    PetscCall(PetscMalloc1(N, &c->D));
    for (PetscInt i = 0; i < N; i++) c->D[i] = 1;
  }
  { // with a linear solver no dense matrix is formed
    PetscInt nn = c->lsolve ? 1 : N * N;
    PetscCall(PetscMalloc7(nn, &c->A, nn, &c->Jw, N, &c->Rw, N, &c->Xw, N, &c->Yw, N, &c->Fw, N, &c->ipiv));
  }
  c->setup = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetIterations - Gets the Newton iterations of the corrector at every point of the branch.

  Not collective
@*/
PetscErrorCode TriboContGetIterations(TriboCont c, const PetscInt *its[])
{
  PetscFunctionBeginUser;
  *its = c->its;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetBranch - Gets the points of the branch.

  Not collective

  Output Parameters:
+ npts - number of points
- X    - npts x N row-major, unscaled; owned by the object

.seealso: `TriboContGetFolds()`, `TriboContGetStepSizes()`
@*/
PetscErrorCode TriboContGetBranch(TriboCont c, PetscInt *npts, const PetscReal *X[])
{
  PetscFunctionBeginUser;
  if (npts) *npts = c->npts;
  if (X) *X = c->X;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetStepSizes - Gets, for each point, the step size chosen after it (npts values, scaled arclength).

  Not collective
@*/
PetscErrorCode TriboContGetStepSizes(TriboCont c, const PetscReal *ds[])
{
  PetscFunctionBeginUser;
  *ds = c->ds;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetFolds - Gets the folds (turning points of the parameter X[N-1]) found on the branch.

  Not collective

  Output Parameters:
+ nfolds - number of folds
- X      - nfolds x N row-major: the located fold points (unscaled), or the point after the sign
           change when -cont_locate_folds is false
@*/
PetscErrorCode TriboContGetFolds(TriboCont c, PetscInt *nfolds, const PetscReal *X[])
{
  PetscFunctionBeginUser;
  if (nfolds) *nfolds = c->nfolds;
  if (X) *X = c->folds;
  PetscFunctionReturn(0);
}

/*@
  TriboContGetConvergedReason - Gets why TriboContSolve() stopped (negative: a failure; the points so far are kept).

  Not collective
@*/
PetscErrorCode TriboContGetConvergedReason(TriboCont c, TriboContReason *reason)
{
  PetscFunctionBeginUser;
  *reason = c->reason;
  PetscFunctionReturn(0);
}

/*@
  TriboContView - Prints the settings and, after a solve, the branch summary and the folds.

  Collective

  Input Parameters:
+ c      - the object
- viewer - an ASCII viewer, or NULL for stdout
@*/
PetscErrorCode TriboContView(TriboCont c, PetscViewer viewer)
{
  PetscFunctionBeginUser;
  if (!viewer) viewer = PETSC_VIEWER_STDOUT_(c->comm);
  PetscCall(PetscViewerASCIIPrintf(viewer, "TriboCont: N = %" PetscInt_FMT " unknowns, pseudo-arclength, %s predictor\n", c->N,
                                   TriboContPredictors[c->predictor]));
  PetscCall(PetscViewerASCIIPushTab(viewer));
  PetscCall(PetscViewerASCIIPrintf(
      viewer, "ds %g in [%g, %g], max steps %" PetscInt_FMT ", Newton: max it %" PetscInt_FMT ", target %" PetscInt_FMT ", rtol %g, atol %g\n",
      (double)c->ds0, (double)c->ds_min, (double)c->ds_max, c->max_steps, c->max_it, c->target_it, (double)c->rtol, (double)c->atol));
  PetscCall(PetscViewerASCIIPrintf(viewer, "step control: tangent angle <= %g degrees, correction <= %g ds, above ds %g\n",
                                   (double)(c->max_angle * 180 / PETSC_PI), (double)c->max_corr, (double)c->kink_ds));
  if (c->lo > PETSC_MIN_REAL || c->hi < PETSC_MAX_REAL)
    PetscCall(PetscViewerASCIIPrintf(viewer, "parameter bounds [%g, %g], %s from the first point\n", (double)c->lo, (double)c->hi,
                                     c->dir > 0 ? "upward" : "downward"));
  if (c->output[0]) PetscCall(PetscViewerASCIIPrintf(viewer, "output %s%s\n", c->output, c->restart ? " (restart)" : ""));
  if (c->npts) {
    PetscCall(PetscViewerASCIIPrintf(viewer, "branch: %" PetscInt_FMT " points, parameter %g to %g, %" PetscInt_FMT " folds, reason %s\n", c->npts,
                                     (double)c->X[c->N - 1], (double)c->X[(c->npts - 1) * c->N + c->N - 1], c->nfolds,
                                     TriboContReasons[c->reason + 3]));
    for (PetscInt f = 0; f < c->nfolds; f++)
      PetscCall(PetscViewerASCIIPrintf(viewer, "fold %" PetscInt_FMT " at parameter %.10g\n", f, (double)c->folds[f * c->N + c->N - 1]));
    if (c->nforced) PetscCall(PetscViewerASCIIPrintf(viewer, "%" PetscInt_FMT " kinks crossed at ds <= %g\n", c->nforced, (double)c->kink_ds));
  }
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(0);
}

/*@
  TriboContDestroy - Destroys the object and sets the handle to NULL.

  Collective
@*/
PetscErrorCode TriboContDestroy(TriboCont *c)
{
  TriboCont cc = *c;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(c, TRIBO_CONT_CLASSID);
  PetscCall(PetscFree(cc->prefix));
  PetscCall(PetscFree(cc->D));
  PetscCall(PetscFree(cc->X));
  PetscCall(PetscFree2(cc->mont, cc->monp));
  PetscCall(PetscFree(cc->T));
  PetscCall(PetscFree(cc->ds));
  PetscCall(PetscFree(cc->its));
  PetscCall(PetscFree(cc->folds));
  PetscCall(PetscFree(cc->targets));
  PetscCall(PetscFree(cc->hits));
  PetscCall(PetscFree(cc->hit_target));
  for (PetscInt i = 0; i < cc->nphys; i++) PetscCall(PetscFree(cc->phys[i]));
  PetscCall(PetscFree(cc->phys));
  PetscCall(PetscFree7(cc->A, cc->Jw, cc->Rw, cc->Xw, cc->Yw, cc->Fw, cc->ipiv));
  PetscCall(PetscHeaderDestroy(c));
  PetscFunctionReturn(0);
}
