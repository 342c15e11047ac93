/* The continuation of TriboCont: pseudo-arclength with a tangent or secant predictor, Newton's
   corrector on the hyperplane through the predicted point orthogonal to the predictor direction
   (NLvib's 'orthogonal' parametrisation, Seydel 2010 §4.4), step control by Newton iterations,
   step halving on failure and folds of the parameter X[N-1] located on the branch. */
#include "contimpl.h"
#include <petscblaslapack.h>
#include <petsctime.h>

static PetscReal NormInf_Private(PetscInt n, const PetscReal v[])
{
  PetscReal m = 0;

  for (PetscInt i = 0; i < n; i++) {
    if (PetscIsInfOrNanReal(v[i])) return PETSC_INFINITY;
    m = PetscMax(m, PetscAbsReal(v[i]));
  }
  return m;
}

// F[0..N-2] = R(D Y)
static PetscErrorCode Residual_Private(TriboCont c, const PetscReal Y[], PetscReal F[])
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < c->N; i++) c->Xw[i] = c->D[i] * Y[i];
  PetscCall(c->residual(c->ctx, c->Xw, F));
  PetscFunctionReturn(0);
}

// Jw = dR/dY = (dR/dX) diag(D), row-major (N - 1) x N; forward differences without a Jacobian
static PetscErrorCode Jacobian_Private(TriboCont c, const PetscReal Y[])
{
  PetscInt N = c->N;

  PetscFunctionBeginUser;
  if (c->lsolve) {
    for (PetscInt i = 0; i < N; i++) c->Xw[i] = c->D[i] * Y[i];
    PetscCall(c->lsetup(c->lctx, c->Xw));
  } else if (c->jacobian) {
    for (PetscInt i = 0; i < N; i++) c->Xw[i] = c->D[i] * Y[i];
    PetscCall(c->jacobian(c->ctx, c->Xw, c->Jw));
    for (PetscInt i = 0; i < N - 1; i++)
      for (PetscInt j = 0; j < N; j++) c->Jw[i * N + j] *= c->D[j];
  } else {
    PetscCall(Residual_Private(c, Y, c->Rw));
    for (PetscInt j = 0; j < N; j++) {
      PetscReal h = PetscSqrtReal(PETSC_MACHINE_EPSILON) * (1 + PetscAbsReal(Y[j]));
      PetscCall(PetscArraycpy(c->Yw, Y, N));
      c->Yw[j] += h;
      PetscCall(Residual_Private(c, c->Yw, c->A)); // A is free until ExtendedSolve_Private()
      for (PetscInt i = 0; i < N - 1; i++) c->Jw[i * N + j] = (c->A[i] - c->Rw[i]) / h;
    }
  }
  PetscFunctionReturn(0);
}

// Solve [Jw; n^T] z = b (b overwritten by z) by LU; *ok = PETSC_FALSE when singular or not finite
static PetscErrorCode ExtendedSolve_Private(TriboCont c, const PetscReal n[], PetscReal b[], PetscBool *ok)
{
  PetscInt     N = c->N;
  PetscBLASInt bn, one = 1, info;

  PetscFunctionBeginUser;
  if (c->lsolve) { // [J D; n^T] z = b  <=>  [J; (n/D)^T] (D z) = b
    for (PetscInt j = 0; j < N; j++) c->Yw[j] = n[j] / c->D[j];
    PetscCall(PetscArraycpy(c->Rw, b, N));
    PetscCall(c->lsolve(c->lctx, c->Yw, c->Rw, b, ok));
    if (*ok) {
      for (PetscInt j = 0; j < N; j++) b[j] /= c->D[j];
      *ok = NormInf_Private(N, b) < PETSC_INFINITY ? PETSC_TRUE : PETSC_FALSE;
    }
    PetscFunctionReturn(0);
  }
  PetscCall(PetscBLASIntCast(N, &bn));
  for (PetscInt j = 0; j < N; j++) {
    for (PetscInt i = 0; i < N - 1; i++) c->A[i + j * N] = c->Jw[i * N + j];
    c->A[N - 1 + j * N] = n[j];
  }
  *ok = NormInf_Private(N * N, c->A) < PETSC_INFINITY ? PETSC_TRUE : PETSC_FALSE;
  if (!*ok) PetscFunctionReturn(0);
  PetscCallBLAS("LAPACKgetrf", LAPACKgetrf_(&bn, &bn, c->A, &bn, c->ipiv, &info));
  if (info) {
    *ok = PETSC_FALSE;
    PetscFunctionReturn(0);
  }
  PetscCallBLAS("LAPACKgetrs", LAPACKgetrs_("N", &bn, &one, c->A, &bn, c->ipiv, b, &bn, &info));
  *ok = info == 0 && NormInf_Private(N, b) < PETSC_INFINITY ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}

// Unit tangent t at Y oriented by tref: [J; tref^T] z = e_N, t = z / |z| (so tref^T t > 0)
static PetscErrorCode Tangent_Private(TriboCont c, const PetscReal Y[], const PetscReal tref[], PetscReal t[], PetscBool *ok)
{
  PetscInt  N  = c->N;
  PetscReal nz = 0;

  PetscFunctionBeginUser;
  PetscCall(Jacobian_Private(c, Y));
  c->jac_fresh = PETSC_TRUE; // a chord corrector (-cont_jacobian_lag > 1) may start with it
  for (PetscInt i = 0; i < N; i++) t[i] = i == N - 1;
  PetscCall(ExtendedSolve_Private(c, tref, t, ok));
  if (!*ok) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < N; i++) nz += t[i] * t[i];
  nz = PetscSqrtReal(nz);
  for (PetscInt i = 0; i < N; i++) t[i] /= nz;
  PetscFunctionReturn(0);
}

/* Newton on [R(D Y); n^T (Y - Yp)] = 0 from Yp; Y the solution, its the number of updates.
   Converged when |R|_inf <= atol or |dY|_inf <= rtol (1 + |Y|_inf). With -cont_jacobian_lag k > 1 (chord Newton)
   the Jacobian of the last tangent point serves the first iterations and is refreshed every k iterations, or at
   once (from the last iterate) when the residual stops falling. A step that raises |R|_inf is halved up
   to four times (a backtracking safeguard: the AFT of friction laws is only piecewise smooth, and a full
   Newton step can cycle between its pieces). */
static PetscErrorCode Corrector_Private(TriboCont c, const PetscReal Yp[], const PetscReal n[], PetscReal Y[], PetscInt *its, PetscBool *ok)
{
  PetscInt  N = c->N, halved = 0, age = c->jac_lag > 1 && c->jac_fresh ? 1 : c->jac_lag; // iterations since the Jacobian
  PetscBool small = PETSC_FALSE, conv = PETSC_FALSE, lok;
  PetscReal nFold = PETSC_INFINITY, *Yold;

  PetscFunctionBeginUser;
  *ok = PETSC_FALSE;
  PetscCall(PetscMalloc1(N, &Yold));
  PetscCall(PetscArraycpy(Y, Yp, N));
  for (PetscInt it = 0;; it++) {
    PetscReal r = 0, nF;
    PetscCall(Residual_Private(c, Y, c->Fw));
    for (PetscInt i = 0; i < N; i++) r += n[i] * (Y[i] - Yp[i]);
    c->Fw[N - 1] = r;
    nF           = NormInf_Private(N, c->Fw);
    *its         = it;
    if (nF <= c->atol || (small && nF < PETSC_INFINITY)) {
      conv = PETSC_TRUE;
      break;
    }
    if (it == c->max_it) break;
    if (it > 0 && !(nF < nFold) && age > 1 && c->jac_lag > 1) { // a stale chord Jacobian: back, and a fresh one there
      PetscCall(PetscArraycpy(Y, Yold, N));
      age   = c->jac_lag;
      small = PETSC_FALSE;
      nFold = PETSC_INFINITY;
      continue;
    }
    if (it > 0 && !(nF < nFold) && halved < 4) { // back to half the step
      for (PetscInt i = 0; i < N; i++) Y[i] = 0.5 * (Y[i] + Yold[i]);
      halved++;
      small = PETSC_FALSE;
      continue;
    }
    if (nF == PETSC_INFINITY) break;
    halved = 0;
    nFold  = nF;
    PetscCall(PetscArraycpy(Yold, Y, N));
    if (age >= c->jac_lag) {
      PetscCall(Jacobian_Private(c, Y));
      age = 0;
    }
    age++;
    c->jac_fresh = PETSC_FALSE;
    for (PetscInt i = 0; i < N; i++) c->Fw[i] = -c->Fw[i];
    PetscCall(ExtendedSolve_Private(c, n, c->Fw, &lok));
    if (!lok) break;
    for (PetscInt i = 0; i < N; i++) Y[i] += c->Fw[i];
    small = NormInf_Private(N, c->Fw) <= c->rtol * (1 + NormInf_Private(N, Y)) ? PETSC_TRUE : PETSC_FALSE;
  }
  *ok = conv;
  PetscCall(PetscFree(Yold));
  PetscFunctionReturn(0);
}

/* A fold between (Ya, ta) and (Yb, tb), where the parameter component of the tangent changes sign:
   g(s) = t_N at the point corrected on the hyperplane ta^T (Y - Ya) = s, root by the Illinois
   variant of regula falsi on [0, ta^T (Yb - Ya)]. Y receives the fold (Yb if a corrector fails). */
static PetscErrorCode LocateFold_Private(TriboCont c, const PetscReal Ya[], const PetscReal ta[], const PetscReal Yb[], const PetscReal tb[],
                                         PetscReal Y[])
{
  PetscInt  N = c->N, its, side = 0;
  PetscReal s0 = 0, s1 = 0, g0 = ta[N - 1], g1 = tb[N - 1], *Yp, *t;
  PetscBool ok = PETSC_TRUE;

  PetscFunctionBeginUser;
  PetscCall(PetscArraycpy(Y, Yb, N));
  for (PetscInt i = 0; i < N; i++) s1 += ta[i] * (Yb[i] - Ya[i]);
  PetscCall(PetscMalloc2(N, &Yp, N, &t));
  for (PetscInt k = 0; k < 100 && ok; k++) {
    PetscReal s = (s0 * g1 - s1 * g0) / (g1 - g0), g;
    for (PetscInt i = 0; i < N; i++) Yp[i] = Ya[i] + s * ta[i];
    PetscCall(Corrector_Private(c, Yp, ta, Y, &its, &ok));
    if (ok) PetscCall(Tangent_Private(c, Y, ta, t, &ok));
    if (!ok) break;
    g = t[N - 1];
    if (g == 0 || PetscAbsReal(s1 - s0) <= 4 * PETSC_MACHINE_EPSILON * PetscAbsReal(s1) || PetscAbsReal(g) <= 1e-15) break;
    if ((g > 0) == (g0 > 0)) {
      s0 = s, g0 = g;
      if (side == -1) g1 /= 2;
      side = -1;
    } else {
      s1 = s, g1 = g;
      if (side == 1) g0 /= 2;
      side = 1;
    }
  }
  if (!ok) PetscCall(PetscArraycpy(Y, Yb, N));
  PetscCall(PetscFree2(Yp, t));
  PetscFunctionReturn(0);
}

/* Targets crossed between the points Ya and Yb (scaled; first: Ya is the first point, a target on it counts): each is
   landed by Newton from the linear interpolation at the target with the parameter held (the hyperplane e_N^T (Y - Yp) = 0)
   and appended to the hits; a corrector that fails leaves the target unhit */
/* g at scaled Y, and its unit gradient in Y with the gradient's norm (the target function, or the parameter) */
static PetscErrorCode TargetValue_Private(TriboCont c, const PetscReal Y[], PetscReal *g, PetscReal n[], PetscReal *gn)
{
  PetscInt N = c->N;

  PetscFunctionBeginUser;
  if (!c->tfn) {
    *g = c->D[N - 1] * Y[N - 1];
    for (PetscInt i = 0; i < N; i++) n[i] = i == N - 1;
    *gn = c->D[N - 1];
    PetscFunctionReturn(0);
  }
  for (PetscInt i = 0; i < N; i++) c->Xw[i] = c->D[i] * Y[i];
  PetscCall(c->tfn(c->tctx, c->Xw, g, n));
  *gn = 0;
  for (PetscInt i = 0; i < N; i++) n[i] *= c->D[i], *gn += n[i] * n[i]; // d g/d Y = D dg/dX
  *gn = PetscSqrtReal(*gn);
  PetscCheck(*gn > 0 && !PetscIsInfOrNanReal(*g), c->comm, PETSC_ERR_FP, "the target function is %g with gradient norm %g", (double)*g, (double)*gn);
  for (PetscInt i = 0; i < N; i++) n[i] /= *gn;
  PetscFunctionReturn(0);
}

/* Newton on [R; g(Y) - tau] from Yh: each outer step solves R = 0 on the hyperplane of the linearized constraint,
   n^T (Y - Yh) = (tau - g(Yh)) / |grad g|, n the unit gradient; for the parameter (g linear) one step */
static PetscErrorCode LandOne_Private(TriboCont c, PetscReal tau, PetscReal Yh[], PetscReal Yp[], PetscReal n[], PetscBool *ok)
{
  PetscInt  N = c->N, its;
  PetscReal g, gn;

  PetscFunctionBeginUser;
  *ok = PETSC_FALSE;
  for (PetscInt outer = 0; outer < 30; outer++) {
    PetscCall(TargetValue_Private(c, Yh, &g, n, &gn));
    if (outer > 0 && PetscAbsReal(g - tau) <= 1e-13 * (1 + PetscAbsReal(tau))) {
      *ok = PETSC_TRUE;
      break;
    }
    if (!c->tfn) Yh[N - 1] = tau / c->D[N - 1]; // exactly (the interpolated predictor is on the hyperplane then)
    for (PetscInt i = 0; i < N; i++) Yp[i] = Yh[i] + (c->tfn ? n[i] * (tau - g) / gn : 0);
    PetscCall(Corrector_Private(c, Yp, n, Yh, &its, ok));
    if (!*ok) break;
    if (!c->tfn) break;
    *ok = PETSC_FALSE;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode LandTargets_Private(TriboCont c, const PetscReal Ya[], const PetscReal Yb[], PetscBool first)
{
  PetscInt  N = c->N;
  PetscReal pa, pb, gn, *Yp, *Yh, *e;
  PetscBool ok;

  PetscFunctionBeginUser;
  if (!c->ntargets) PetscFunctionReturn(0);
  PetscCall(PetscMalloc3(N, &Yp, N, &Yh, N, &e));
  PetscCall(TargetValue_Private(c, Ya, &pa, e, &gn));
  PetscCall(TargetValue_Private(c, Yb, &pb, e, &gn));
  for (PetscInt k = 0; k < c->ntargets; k++) {
    PetscReal tau = c->targets[k];
    if (first) {
      if (PetscAbsReal(tau - pa) > 1e-12 * (1 + PetscAbsReal(tau))) continue;
      PetscCall(PetscArraycpy(Yh, Ya, N));
      ok = PETSC_TRUE;
    } else {
      PetscReal s;
      if (!((pa < tau && tau <= pb) || (pb <= tau && tau < pa))) continue;
      s = (tau - pa) / (pb - pa);
      for (PetscInt i = 0; i < N; i++) Yh[i] = Ya[i] + s * (Yb[i] - Ya[i]);
      PetscCall(LandOne_Private(c, tau, Yh, Yp, e, &ok));
    }
    if (!ok) continue;
    if (c->nhits == c->nhalloc) {
      c->nhalloc = PetscMax(8, 2 * c->nhalloc);
      PetscCall(PetscRealloc(sizeof(PetscReal) * c->nhalloc * N, &c->hits));
      PetscCall(PetscRealloc(sizeof(PetscInt) * c->nhalloc, &c->hit_target));
    }
    for (PetscInt i = 0; i < N; i++) c->hits[c->nhits * N + i] = c->D[i] * Yh[i];
    if (!c->tfn) c->hits[c->nhits * N + N - 1] = tau; // exactly
    c->hit_target[c->nhits++] = k;
  }
  PetscCall(PetscFree3(Yp, Yh, e));
  PetscFunctionReturn(0);
}

static PetscErrorCode AddFold_Private(TriboCont c, const PetscReal Y[])
{
  PetscInt N = c->N;

  PetscFunctionBeginUser;
  if (c->nfolds == c->nfalloc) {
    c->nfalloc = PetscMax(4, 2 * c->nfalloc);
    PetscCall(PetscRealloc(sizeof(PetscReal) * c->nfalloc * N, &c->folds));
  }
  for (PetscInt i = 0; i < N; i++) c->folds[c->nfolds * N + i] = c->D[i] * Y[i];
  c->nfolds++;
  PetscFunctionReturn(0);
}

/* Append a point (Y scaled, tangent t scaled, the step to take after it, Newton iterations) to
   the branch, and rewrite the output file */
PetscErrorCode TriboContAppend_Private(TriboCont c, const PetscReal Y[], const PetscReal t[], PetscReal ds, PetscInt its)
{
  PetscInt N = c->N, k = c->npts;

  PetscFunctionBeginUser;
  if (k == c->nalloc) {
    c->nalloc = PetscMax(16, 2 * c->nalloc);
    PetscCall(PetscRealloc(sizeof(PetscReal) * c->nalloc * N, &c->X));
    PetscCall(PetscRealloc(sizeof(PetscReal) * c->nalloc * N, &c->T));
    PetscCall(PetscRealloc(sizeof(PetscReal) * c->nalloc, &c->ds));
    PetscCall(PetscRealloc(sizeof(PetscInt) * c->nalloc, &c->its));
  }
  for (PetscInt i = 0; i < N; i++) c->X[k * N + i] = c->D[i] * Y[i];
  PetscCall(PetscArraycpy(c->T + k * N, t, N));
  c->ds[k]  = ds;
  c->its[k] = its;
  c->npts++;
  if (c->output[0] && c->npts % c->interval == 0) PetscCall(TriboContWrite_Private(c));
  PetscFunctionReturn(0);
}

// The first point: X0 corrected with the parameter fixed, its tangent oriented so that X[N-1] grows (falls with -cont_direction -1)
static PetscErrorCode FirstPoint_Private(TriboCont c, const PetscReal X0[], PetscReal Y[], PetscReal t[], PetscBool *ok)
{
  PetscInt   N = c->N, its = 0;
  PetscReal *Yp, *e;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(N, &Yp, N, &e));
  for (PetscInt i = 0; i < N; i++) Yp[i] = X0[i] / c->D[i];
  for (PetscInt i = 0; i < N; i++) e[i] = i == N - 1;
  PetscCall(Corrector_Private(c, Yp, e, Y, &its, ok));
  // at a fold of the parameter the tangent is oriented by another unknown, the last possible first
  for (PetscInt j = N - 1; *ok && j >= 0; j--) {
    for (PetscInt i = 0; i < N; i++) e[i] = i == j ? c->dir : 0;
    PetscCall(Tangent_Private(c, Y, e, t, ok));
    if (*ok) break;
    *ok = j > 0 ? PETSC_TRUE : PETSC_FALSE;
  }
  if (*ok) PetscCall(TriboContAppend_Private(c, Y, t, c->ds0, its));
  PetscCall(PetscFree2(Yp, e));
  PetscFunctionReturn(0);
}

/* Time left (issue 30: within a factor 1.5 after the first fifth of a run): toward the parameter bound the branch heads for, the
   distance over the parameter's speed in the last fifth of the monitored steps (at least 3 steps back), so that a step size that
   grows or shrinks shows at once (the whole run's mean speed lags behind it, the last step's alone jumps: 15 s -> 1 s -> 76 s);
   0 once the bound is reached or passed; without bounds, the mean time per step times the steps left of -cont_max_steps. */
static PetscErrorCode Monitor_Private(TriboCont c, PetscInt step, PetscInt steps_run, PetscLogDouble t0)
{
  PetscLogDouble now, left;
  PetscInt       N = c->N, k = c->npts - 1;
  PetscReal      p = c->X[k * N + N - 1];

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&now));
  if (!steps_run) c->nmon = 0; // a new solve
  if (c->nmon == c->nmonalloc) {
    PetscLogDouble *t;
    PetscReal      *q;
    c->nmonalloc = PetscMax(64, 2 * c->nmonalloc);
    PetscCall(PetscMalloc2(c->nmonalloc, &t, c->nmonalloc, &q));
    if (c->nmon) PetscCall(PetscArraycpy(t, c->mont, c->nmon));
    if (c->nmon) PetscCall(PetscArraycpy(q, c->monp, c->nmon));
    PetscCall(PetscFree2(c->mont, c->monp));
    c->mont = t, c->monp = q;
  }
  c->mont[c->nmon] = now, c->monp[c->nmon] = p, c->nmon++;
  left = steps_run ? (now - t0) / steps_run * (c->max_steps - step) : 0;
  if (c->nmon > 1 && (c->lo > PETSC_MIN_REAL || c->hi < PETSC_MAX_REAL)) {
    PetscInt  j    = c->nmon - 1 - PetscMin(c->nmon - 1, PetscMax(3, c->nmon / 5));
    PetscReal rate = (p - c->monp[j]) / PetscMax(now - c->mont[j], 1e-9), dist = rate > 0 ? c->hi - p : p - c->lo;
    if (dist <= 0)
      left = 0;
    else if (rate != 0)
      left = PetscMin(left, dist / PetscAbsReal(rate));
  }
  if (c->umonitor) {
    PetscCall(c->umonitor(c->mctx, step, c->X + k * N, c->its[k], c->ds[k], now - t0, left));
    PetscFunctionReturn(0);
  }
  PetscCall(PetscPrintf(c->comm, "cont step %4" PetscInt_FMT " param % .8e ds %.3e it %2" PetscInt_FMT " %8.2f s  left ~%.0f s\n", step, (double)p,
                        (double)c->ds[k], c->its[k], (double)(now - t0), (double)left));
  PetscFunctionReturn(0);
}

/*@
  TriboContSolve - Traces the branch from a first solution.

  Collective

  Input Parameters:
+ c  - the object
- X0 - N values near a solution; corrected first with X0[N-1] fixed. Ignored with -cont_restart,
       which continues from the last point of the output file

  Notes:
  Each step predicts Y_p = Y_k + ds d (Y = X / D, d the unit tangent, or the unit secant with
  -cont_predictor secant) and solves [R(D Y); d^T (Y - Y_p)] = 0 by Newton with dense LU. A
  corrector that fails is retried with ds halved; failing at ds_min ends the branch with
  TRIBOCONT_DIVERGED_STEP_MIN, keeping the points so far. A converged step is refused as a likely branch jump
  (Allgower and Georg 1990, §6.1) when the corrected point lies farther than -cont_max_correction ds from the
  predicted one or its tangent turns by more than -cont_max_angle, and retried with ds halved; at ds <=
  -cont_kink_ds it is accepted (a kink of a piecewise-smooth branch turns the tangent at any step). After n Newton iterations the next
  step is 2 ds if n < target_it, ds / 2 if n > target_it, within [ds_min, ds_max]. The tangent
  solves [J D; t_k^T] z = e_N, which keeps the direction through folds; a sign change of its
  last component is a fold of the parameter, located and counted.

.seealso: `TriboContGetBranch()`, `TriboContGetFolds()`, `TriboContGetConvergedReason()`
@*/
PetscErrorCode TriboContSolve(TriboCont c, const PetscReal X0[])
{
  PetscInt       N = c->N, step, run = 0;
  PetscReal     *Y, *Yn, *Yp, *d, *tn;
  PetscBool      ok, tok;
  PetscLogDouble t0;

  PetscFunctionBeginUser;
  PetscCall(TriboContSetUp(c));
  PetscCall(PetscTime(&t0));
  PetscCall(PetscMalloc5(N, &Y, N, &Yn, N, &Yp, N, &d, N, &tn));
  c->reason = TRIBOCONT_ITERATING;
  c->npts = c->nfolds = c->nforced = 0;
  PetscCall(TriboSignalArm(PETSC_TRUE));
  if (c->output[0] && !c->phys) PetscCall(TriboContPhysics_Private(c));
  if (c->restart)
    PetscCall(TriboContRead_Private(c));
  else {
    c->nhits = 0;
    PetscCall(FirstPoint_Private(c, X0, Y, tn, &ok));
    if (!ok)
      c->reason = TRIBOCONT_DIVERGED_INITIAL;
    else
      PetscCall(LandTargets_Private(c, Y, Y, PETSC_TRUE));
    if (ok && c->monitor) PetscCall(Monitor_Private(c, 0, 0, t0));
  }
  for (step = c->npts - 1; c->reason == TRIBOCONT_ITERATING; step++) {
    const PetscReal *t = c->T + (c->npts - 1) * N, *X = c->X + (c->npts - 1) * N;
    PetscReal        ds = c->ds[c->npts - 1], p = X[N - 1];
    PetscInt         its = 0;

    if (step > 0 && (p < c->lo || p > c->hi)) {
      c->reason = TRIBOCONT_CONVERGED_BOUNDS;
      break;
    }
    if (step >= c->max_steps) {
      c->reason = TRIBOCONT_CONVERGED_STEPS;
      break;
    }
    // start every step from the stored point, so that a restarted run repeats it bit for bit
    for (PetscInt i = 0; i < N; i++) Y[i] = X[i] / c->D[i];
    PetscCall(PetscArraycpy(d, t, N));
    if (c->predictor == TRIBOCONT_PREDICTOR_SECANT && c->npts > 1) {
      PetscReal nd = 0;
      for (PetscInt i = 0; i < N; i++) d[i] = Y[i] - X[i - N] / c->D[i], nd += d[i] * d[i];
      for (PetscInt i = 0; i < N; i++) d[i] /= PetscSqrtReal(nd);
    }
    tok = PETSC_FALSE;
    for (;;) {
      PetscReal corr = 0, cosang = 1;
      tok = PETSC_FALSE;
      for (PetscInt i = 0; i < N; i++) Yp[i] = Y[i] + ds * d[i];
      PetscCall(Corrector_Private(c, Yp, d, Yn, &its, &ok));
      if (ok) { // a corrector that slid far along the hyperplane jumped to another part of the branch: refused
        PetscReal dist = 0;
        for (PetscInt i = 0; i < N; i++) dist += (Yn[i] - Y[i]) * (Yn[i] - Y[i]), corr += (Yn[i] - Yp[i]) * (Yn[i] - Yp[i]);
        ok   = PetscSqrtReal(dist) <= 3 * ds || ds <= PetscMax(c->kink_ds, c->ds_min) ? PETSC_TRUE : PETSC_FALSE; // at a kink the ratio stays
        corr = PetscSqrtReal(corr) / ds;
      }
      if (ok) { // step control against branch jumps (Allgower and Georg 1990, §6.1): the corrector's distance to the
                // predicted point and the angle between consecutive tangents must stay small; else the step is halved
        PetscCall(Tangent_Private(c, Yn, t, tn, &tok));
        if (tok) {
          cosang = 0;
          for (PetscInt i = 0; i < N; i++) cosang += t[i] * tn[i];
        }
        if (tok && (corr > c->max_corr || cosang < PetscCosReal(c->max_angle))) {
          if (ds > PetscMax(c->kink_ds, c->ds_min))
            ok = PETSC_FALSE;
          else
            c->nforced++; // a kink of a piecewise-smooth branch (the tangent jumps, at any step): accepted
        }
      }
      if (ok) break;
      if (ds <= c->ds_min) break;
      ds = PetscMax(ds / 2, c->ds_min);
    }
    if (!ok) {
      c->reason = TRIBOCONT_DIVERGED_STEP_MIN;
      break;
    }
    if (!tok) PetscCall(Tangent_Private(c, Yn, t, tn, &ok)); // else tn is the accepted point's tangent already
    if (!ok) {
      PetscCall(TriboContAppend_Private(c, Yn, t, ds, its));
      c->reason = TRIBOCONT_DIVERGED_TANGENT;
      break;
    }
    if ((t[N - 1] > 0 && tn[N - 1] <= 0) || (t[N - 1] < 0 && tn[N - 1] >= 0)) {
      if (c->locate_folds)
        PetscCall(LocateFold_Private(c, Y, t, Yn, tn, Yp));
      else
        PetscCall(PetscArraycpy(Yp, Yn, N));
      PetscCall(AddFold_Private(c, Yp));
    }
    PetscCall(LandTargets_Private(c, Y, Yn, PETSC_FALSE));
    if (its < c->target_it)
      ds = PetscMin(2 * ds, c->ds_max);
    else if (its > c->target_it)
      ds = PetscMax(ds / 2, c->ds_min);
    PetscCall(TriboContAppend_Private(c, Yn, tn, ds, its));
    run++;
    if (c->monitor) PetscCall(Monitor_Private(c, step + 1, run, t0));
    { // SIGTERM or SIGUSR1 (preemption, a time limit near): save the branch and stop; -cont_restart continues it
      int         sig;
      const char *name;
      PetscCall(TriboSignalCheck(c->comm, &sig, &name));
      if (sig) {
        if (c->output[0]) PetscCall(TriboContWrite_Private(c));
        PetscCall(TriboSignalArm(PETSC_FALSE));
        SETERRQ(c->comm, PETSC_ERR_SIG, "stopped by %s after %" PetscInt_FMT " points: %s%s", name, c->npts,
                c->output[0] ? "the branch is saved in " : "", c->output[0] ? c->output : "nothing saved (no -cont_output)");
      }
    }
  }
  PetscCall(TriboSignalArm(PETSC_FALSE));
  if (c->output[0] && c->npts) PetscCall(TriboContWrite_Private(c)); // with the final reason
  PetscCall(PetscFree5(Y, Yn, Yp, d, tn));
  PetscFunctionReturn(0);
}
