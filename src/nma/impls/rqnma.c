/* Rayleigh-quotient nonlinear modal analysis (RQNMA).

   Reference: paper porter-et-al-2022 §3.4, eqs. 33-40; paper porter-brake-2023 §4.2, eqs. 54-58.
   At a prescribed modal amplitude q solve for u and lambda
     K u + f_nl(u) - lambda M (u - u_s) - f_s = 0                (33a / 54a)
     (u - u_s)^T M (u - u_s) - q^2 = 0                           (33b / 54b)
   Unknowns are scaled: lambda = mu lambda0 (lambda0 = omega0^2 of the linear mode) and the
   constraint row is multiplied by lambda0 / (2 q0), q0 the amplitude level, so both blocks are
   forces and the dense LU pivots sensibly.

   Non-Masing (default): for each amplitude q0, start from the prestress (state and law history),
   load 0 -> +q0, then cycle +q0 -> -q0 -> +q0 until the damping of two successive cycles agrees
   to -rqnma_damping_rtol (at most -rqnma_max_cycles cycles). Each branch is solved at the
   -rqnma_lgl Legendre-Gauss-Lobatto nodes (10 in paper porter-brake-2023 §5.2) and the
   dissipation D = closed integral of lambda q dq over the last cycle is the LGL quadrature of
   each branch (the modal-level loop of porter-et-al-2022 Fig. 6c; a gap between the loop's ends lies at
   the same q and adds no area). omega = (sqrt(lambda(+q0)) + sqrt(lambda(-q0)))/2 (eq. 55),
   phi = (u(+q0) - u(-q0)) / (2 q0) (eq. 56).
   The states of the last cycle at the LGL nodes of its two branches (the start state of each
   included: 2 nlgl states, +q0 -> -q0 then -q0 -> +q0) are kept as the amplitude's loop: q and
   lambda q, and the relative displacement and traction of the points of -backbone_loop_points.
   Masing (-rqnma_masing): one initial loading curve from the prestress through all amplitudes;
   omega = sqrt(lambda(q)) (eq. 34a), phi = (u - u_s)/q (eq. 34b) and, by the Masing hypotheses
   at the modal level (porter-et-al-2022 §2.3.1, Fig. 6a), D = 8 int_0^q lambda s ds - 4 lambda(q) q^2,
   the integral by LGL quadrature between successive amplitudes.
   A dissipation below 8 q0 rtol f_ref (the energy the Newton tolerance can hide) is reported as 0.
   Damping zeta = D / (2 pi (omega q)^2) + zeta0 (eqs. 39-40, 58); accelerometer amplitude
   a = q omega^2 R phi (eq. 57).
   -rqnma_solver fast (default): the non-Masing amplitudes are independent (each starts from the prestress), so they
   are split over the ranks, each rank solving eqs. 33 / 54 alone with all the points; from the second cycle on each
   LGL node is predicted from the step between the same nodes of the last cycle; GMRES on the lagged LU stops at 1e-6.
   -rqnma_solver lagged: the former path (every rank solves every amplitude with its share of the points, secant
   predictors, GMRES to 1e-10). Both converge every solve to -rqnma_rtol, so their backbones agree to it. */
#include <tribo/private/nmaimpl.h>
#include <tribonum.h>
#include <math.h>
#include <petscblaslapack.h>

typedef struct {
  PetscBool  masing, monitor;
  PetscInt   nlgl, maxcycles, maxbisect, maxit, lag;
  PetscReal  dtol, datol, rtol, maxdmu;
  SNES       snes;
  Mat        J;
  Vec        X, R;
  PetscReal  q, q0, fref, fsmax; /* fsmax: round-off scale of the static forces, max_i sum_j |K_ij u_s,j| + |f_s,i| */
  PetscReal *xi, *wi;            /* LGL nodes and weights */
  PetscReal *work, *mw, *dx;     /* n */
  PetscReal *xa, *xb;            /* last two converged states [n+1] */
  PetscReal  qa, qb;
  PetscInt   nconv;                    /* converged states available for the predictor (0, 1, 2) */
  PetscInt   its;                      /* Newton iterations of the current amplitude */
  PetscReal  resid;                    /* largest scaled residual accepted for this amplitude */
  PetscInt   solver;                   /* RQNMA_SOLVER_LAGGED or RQNMA_SOLVER_FAST (-rqnma_solver) */
  PetscReal *cyc;                      /* [2 branches x 2 (this cycle, last cycle) x nlgl x (n+1)] states of the branches' LGL nodes */
  PetscBool  cycok[2];                 /* the last cycle's states of the branch (0: +q0 -> -q0, 1: -q0 -> +q0) are available */
  char       ckpt[PETSC_MAX_PATH_LEN]; /* -rqnma_checkpoint: the amplitudes done so far, "" for none */
  PetscBool  restart;                  /* -rqnma_restart: take the amplitudes done from it */
  PetscInt   stopafter;                /* -rqnma_stop_after: stop after this many amplitudes as if killed (tests) */
  PetscInt  *done;                     /* [na] amplitude solved (this run or the checkpoint) */
  PetscReal  iacc;                     /* Masing: int_0^q lambda s ds so far */
} NMA_RQNMA;

/* -rqnma_solver: lagged is the former path (every rank solves every amplitude, each evaluating its share of the points;
   secant predictors; GMRES to 1e-10); fast distributes the amplitudes over the ranks (each with all the points),
   predicts each LGL node from the same node of the last cycle and stops GMRES at 1e-6 */
typedef enum { RQNMA_SOLVER_LAGGED, RQNMA_SOLVER_FAST } RQNMASolver;

static PetscErrorCode    CheckpointStep_Private(TriboNMA);
static const char *const RQNMASolvers[] = {"lagged", "fast", "RQNMASolver", "RQNMA_SOLVER_", NULL};

/* R = [K u + f_nl(u) - mu lam0 M (u - u_s) - f_s ; lam0 ((u-u_s)^T M (u-u_s) - q^2) / (2 q0)] */
static PetscErrorCode Residual_Private(SNES snes, Vec X, Vec R, void *ctx)
{
  TriboNMA           nma = (TriboNMA)ctx;
  NMA_RQNMA         *r   = (NMA_RQNMA *)nma->data;
  PetscInt           n   = nma->n;
  const PetscScalar *x, *k, *m;
  PetscScalar       *f;
  PetscReal          mu, c = 0;

  PetscFunctionBeginUser;
  PetscCall(VecGetArrayRead(X, &x));
  for (PetscInt i = 0; i <= n; i++)
    if (!(PetscIsNormalReal(PetscRealPart(x[i])) || x[i] == 0.0)) {
      PetscCall(VecRestoreArrayRead(X, &x));
      PetscCall(SNESSetFunctionDomainError(snes));
      PetscFunctionReturn(0);
    }
  PetscCall(VecGetArray(R, &f));
  mu = PetscRealPart(x[n]);
  PetscCall(TriboJointEvaluate(nma->joint, TRIBO_LAW_FULL, x, r->work, NULL));
  PetscCall(MatDenseGetArrayRead(nma->rom->K, &k));
  PetscCall(MatDenseGetArrayRead(nma->rom->M, &m));
  { // f = K x - mu lam0 M (x - u_s) + f_nl - f_s (BLAS gemv), r->mw = M (x - u_s)
    PetscBLASInt bn, ione = 1;
    PetscReal    one = 1, zero = 0;
    PetscCall(PetscBLASIntCast(n, &bn));
    for (PetscInt i = 0; i < n; i++) r->dx[i] = PetscRealPart(x[i]) - nma->us[i];
    PetscCallBLAS("BLASgemv", BLASgemv_("N", &bn, &bn, &one, (PetscReal *)k, &bn, (PetscReal *)x, &ione, &zero, (PetscReal *)f, &ione));
    PetscCallBLAS("BLASgemv", BLASgemv_("N", &bn, &bn, &one, (PetscReal *)m, &bn, r->dx, &ione, &zero, r->mw, &ione));
    for (PetscInt i = 0; i < n; i++) {
      f[i] += r->work[i] - nma->fs[i] - mu * nma->lam0 * r->mw[i];
      c += r->dx[i] * r->mw[i];
    }
  }
  f[n] = nma->lam0 * (c - r->q * r->q) / (2 * r->q0);
  PetscCall(MatDenseRestoreArrayRead(nma->rom->M, &m));
  PetscCall(MatDenseRestoreArrayRead(nma->rom->K, &k));
  PetscCall(VecRestoreArray(R, &f));
  PetscCall(VecRestoreArrayRead(X, &x));
  PetscFunctionReturn(0);
}

static PetscErrorCode Jacobian_Private(SNES snes, Vec X, Mat J, Mat P, void *ctx)
{
  TriboNMA           nma = (TriboNMA)ctx;
  NMA_RQNMA         *r   = (NMA_RQNMA *)nma->data;
  PetscInt           n = nma->n, N = n + 1;
  const PetscScalar *x, *k, *m;
  PetscScalar       *a;
  PetscReal          mu;

  PetscFunctionBeginUser;
  PetscCall(VecGetArrayRead(X, &x));
  mu = PetscRealPart(x[n]);
  PetscCall(MatDenseGetArrayWrite(P, &a));
  PetscCall(MatDenseGetArrayRead(nma->rom->K, &k));
  PetscCall(MatDenseGetArrayRead(nma->rom->M, &m));
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < n; i++) a[i + j * N] = k[i + j * n] - mu * nma->lam0 * m[i + j * n];
  PetscCall(TriboJointEvaluateLD(nma->joint, TRIBO_LAW_FULL, x, r->work, a, N));
  {
    PetscBLASInt bn, ione = 1;
    PetscReal    one = 1, zero = 0;
    PetscCall(PetscBLASIntCast(n, &bn));
    for (PetscInt i = 0; i < n; i++) r->dx[i] = PetscRealPart(x[i]) - nma->us[i];
    PetscCallBLAS("BLASgemv", BLASgemv_("N", &bn, &bn, &one, (PetscReal *)m, &bn, r->dx, &ione, &zero, r->mw, &ione));
  }
  for (PetscInt i = 0; i < n; i++) {
    a[i + n * N] = -nma->lam0 * r->mw[i];
    a[n + i * N] = nma->lam0 * r->mw[i] / r->q0;
  }
  a[n + n * N] = 0;
  PetscCall(MatDenseRestoreArrayRead(nma->rom->M, &m));
  PetscCall(MatDenseRestoreArrayRead(nma->rom->K, &k));
  PetscCall(MatDenseRestoreArrayWrite(P, &a));
  PetscCall(VecRestoreArrayRead(X, &x));
  PetscFunctionReturn(0);
}

/* Converged_Private when every equation is below rtol times the dynamic force scale lam0 q0 |M phi0|
   (plus round-off of the static load). */
static PetscErrorCode Converged_Private(SNES snes, PetscInt it, PetscReal xnorm, PetscReal gnorm, PetscReal fnorm, SNESConvergedReason *reason,
                                        void *ctx)
{
  TriboNMA   nma = (TriboNMA)ctx;
  NMA_RQNMA *r   = (NMA_RQNMA *)nma->data;
  Vec        F;
  PetscReal  fmax;

  PetscFunctionBeginUser;
  *reason = SNES_CONVERGED_ITERATING;
  PetscCall(SNESGetFunction(snes, &F, NULL, NULL));
  PetscCall(VecNorm(F, NORM_INFINITY, &fmax));
  if (PetscIsInfOrNanReal(fmax))
    *reason = SNES_DIVERGED_FNORM_NAN;
  else if (fmax <= r->rtol * r->fref + 1e-12 * r->fsmax) {
    *reason  = SNES_CONVERGED_FNORM_ABS;
    r->resid = PetscMax(r->resid, fmax / r->fref);
  } else if (it >= r->maxit)
    *reason = SNES_DIVERGED_MAX_IT;
  PetscFunctionReturn(0);
}

/* Step limiter (a line-search pre-check). Stick-slip switches make the residual non-smooth, and
   one full Newton step across many switches can throw the iterate to a far branch of (33) (another
   mode) from which it never returns. A step is shortened so that lambda/lambda0 changes by at
   most -rqnma_max_dlambda (1 + |lambda/lambda0|) and u moves by at most the amplitude level q0 in
   the mass norm. lambda itself is not bounded: near q = 0 on a hysteretic branch the restoring
   force is not zero, and lambda = F/q is large, of either sign. */
static PetscErrorCode StepLimit_Private(SNESLineSearch ls, Vec X, Vec Y, PetscBool *changed, void *ctx)
{
  TriboNMA           nma = (TriboNMA)ctx;
  NMA_RQNMA         *r   = (NMA_RQNMA *)nma->data;
  const PetscScalar *y, *x, *m;
  PetscReal          dm, mu, du = 0, s = 1;
  PetscInt           n = nma->n;

  PetscFunctionBeginUser;
  PetscCall(VecGetArrayRead(Y, &y));
  PetscCall(VecGetArrayRead(X, &x));
  PetscCall(MatDenseGetArrayRead(nma->rom->M, &m));
  dm = -PetscRealPart(y[n]); // SNES updates x - y
  mu = PetscRealPart(x[n]);
  if (r->solver == RQNMA_SOLVER_FAST) { // y^T M y by BLAS (M symmetric): 4 times faster than the loop, other round-off
    PetscBLASInt bn, ione = 1;
    PetscReal    one = 1, zero = 0;
    PetscCall(PetscBLASIntCast(n, &bn));
    PetscCallBLAS("BLASgemv", BLASgemv_("N", &bn, &bn, &one, (PetscReal *)m, &bn, (PetscReal *)y, &ione, &zero, r->dx, &ione));
    for (PetscInt j = 0; j < n; j++) du += r->dx[j] * PetscRealPart(y[j]);
  } else
    for (PetscInt j = 0; j < n; j++) {
      PetscReal mj = 0;
      for (PetscInt i = 0; i < n; i++) mj += PetscRealPart(m[i + j * n] * y[i]);
      du += mj * PetscRealPart(y[j]);
    }
  du = PetscSqrtReal(PetscAbsReal(du));
  PetscCall(MatDenseRestoreArrayRead(nma->rom->M, &m));
  PetscCall(VecRestoreArrayRead(X, &x));
  PetscCall(VecRestoreArrayRead(Y, &y));
  if (PetscAbsReal(dm) > r->maxdmu * (1 + PetscAbsReal(mu))) s = PetscMin(s, r->maxdmu * (1 + PetscAbsReal(mu)) / PetscAbsReal(dm));
  if (du > r->q0) s = PetscMin(s, r->q0 / du);
  *changed = PETSC_FALSE;
  if (s < 1 && s > 0) {
    PetscCall(VecScale(Y, s));
    *changed = PETSC_TRUE;
  }
  PetscFunctionReturn(0);
}

/* One Newton solve at amplitude q from the predictor x0; on success commits the history. */
static PetscErrorCode SolveAt_Private(TriboNMA nma, PetscReal q, const PetscReal x0[], PetscBool *ok)
{
  NMA_RQNMA          *r = (NMA_RQNMA *)nma->data;
  SNESConvergedReason reason;
  PetscInt            its;
  PetscScalar        *x;

  PetscFunctionBeginUser;
  r->q = q;
  PetscCall(VecGetArray(r->X, &x));
  for (PetscInt i = 0; i <= nma->n; i++) x[i] = x0[i];
  PetscCall(VecRestoreArray(r->X, &x));
  PetscCall(SNESSolve(r->snes, NULL, r->X));
  PetscCall(SNESGetConvergedReason(r->snes, &reason));
  PetscCall(SNESGetIterationNumber(r->snes, &its));
  r->its += its;
  if (r->lag > 1 && reason <= 0) { // a stale factorization may be the cause: refresh it and retry once
    PetscCall(VecGetArray(r->X, &x));
    for (PetscInt i = 0; i <= nma->n; i++) x[i] = x0[i];
    PetscCall(VecRestoreArray(r->X, &x));
    PetscCall(SNESSetLagPreconditioner(r->snes, -2));
    PetscCall(SNESSolve(r->snes, NULL, r->X));
    PetscCall(SNESSetLagPreconditioner(r->snes, r->lag));
    PetscCall(SNESGetConvergedReason(r->snes, &reason));
    PetscCall(SNESGetIterationNumber(r->snes, &its));
    r->its += its;
  }
  *ok = (PetscBool)(reason > 0);
  if (*ok) {
    PetscCall(Residual_Private(r->snes, r->X, r->R, nma)); // trial history at the accepted state
    PetscCall(TriboJointCommit(nma->joint));
  }
  PetscFunctionReturn(0);
}

/* Predictor for amplitude q: secant through the last two states, or along phi0 after a start or
   a load reversal (reverse = PETSC_TRUE) */
static void Predict_Private(TriboNMA nma, PetscReal q, PetscBool reverse, PetscReal x0[])
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;
  PetscInt   n = nma->n;

  if (r->nconv >= 2 && !reverse && r->qb != r->qa) {
    PetscReal s = (q - r->qb) / (r->qb - r->qa);
    for (PetscInt i = 0; i <= n; i++) x0[i] = r->xb[i] + s * (r->xb[i] - r->xa[i]);
  } else {
    for (PetscInt i = 0; i < n; i++) x0[i] = r->xb[i] + (q - r->qb) * nma->phi0[i];
    x0[n] = r->xb[n];
  }
}

static PetscErrorCode Accept_Private(TriboNMA nma, PetscReal q)
{
  NMA_RQNMA         *r = (NMA_RQNMA *)nma->data;
  const PetscScalar *x;

  PetscFunctionBeginUser;
  PetscCall(PetscArraycpy(r->xa, r->xb, nma->n + 1));
  r->qa = r->qb;
  PetscCall(VecGetArrayRead(r->X, &x));
  for (PetscInt i = 0; i <= nma->n; i++) r->xb[i] = PetscRealPart(x[i]);
  PetscCall(VecRestoreArrayRead(r->X, &x));
  r->qb = q;
  r->nconv++;
  PetscFunctionReturn(0);
}

/* Move from the current state (qb) to amplitude q, halving the step on failure (at most
   -rqnma_max_bisect times in a row) and growing it again after each success. */
static PetscErrorCode StepTo_Private(TriboNMA nma, PetscReal q, PetscBool reverse, const PetscReal xpred[], PetscBool *ok)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;
  PetscReal *x0, qs = r->qb;
  PetscInt   depth = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(nma->n + 1, &x0));
  *ok = PETSC_FALSE;
  while (depth <= r->maxbisect) {
    PetscReal target = depth ? qs + (q - qs) / (PetscReal)(1 << depth) : q;
    if (xpred) { // the first try only: a failure bisects with the secant predictor
      PetscCall(PetscArraycpy(x0, xpred, nma->n + 1));
      xpred = NULL;
    } else
      Predict_Private(nma, target, reverse, x0);
    PetscCall(SolveAt_Private(nma, target, x0, ok));
    if (!*ok) {
      depth++;
      continue;
    }
    PetscCall(Accept_Private(nma, target));
    reverse = PETSC_FALSE;
    if (!depth) break;
    qs    = target;
    depth = depth - 1;
  }
  PetscCall(PetscFree(x0));
  PetscFunctionReturn(0);
}

static PetscErrorCode Restart_Private(TriboNMA nma)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;

  PetscFunctionBeginUser;
  PetscCall(TriboJointCopyHistory(nma->joint, nma->hs, PETSC_FALSE));
  PetscCall(PetscArraycpy(r->xb, nma->us, nma->n));
  r->xb[nma->n] = 1.0;
  r->qb         = 0;
  r->nconv      = 1;
  PetscFunctionReturn(0);
}

/* Stores the current state (qb) as state s of amplitude ia's loop: q, the modal restoring force
   lambda q and the fields of the loop points. The last joint evaluation is the accepted state's
   (SolveAt_Private()), on every rank alike, so all ranks call this at the same moments. */
static PetscErrorCode LoopState_Private(TriboNMA nma, PetscInt ia, PetscInt s)
{
  NMA_RQNMA     *r  = (NMA_RQNMA *)nma->data;
  TriboBackbone *b  = &nma->bb;
  PetscInt       at = ia * b->nloop + s;

  PetscFunctionBeginUser;
  b->loop_q[at]     = r->qb;
  b->loop_force[at] = nma->lam0 * r->xb[nma->n] * r->qb;
  if (b->npl) PetscCall(TriboJointGetPointValues(nma->joint, b->npl, b->pl_index, &b->pl_u[3 * b->npl * at], &b->pl_t[3 * b->npl * at]));
  PetscFunctionReturn(0);
}

/* Solve a branch from the current state (qb) to qend at the LGL nodes; returns the integral of
   lambda q dq over the branch; the start point's F must be given. With off >= 0 the branch's
   states (the start one included) are stored as states off, off + 1, ... of amplitude ia's loop.
   br >= 0 (0: +q0 -> -q0, 1: -q0 -> +q0) with -rqnma_solver fast: from the second cycle on, node k
   is predicted from the current state plus the step from node k-1 to node k of the same branch in
   the last cycle (the cycles converge to one loop, so the step repeats). (The first cycle's
   -q0 -> +q0 branch predicted from its +q0 -> -q0 branch mirrored about the prestress took more
   Newton steps than the secant, 96 against 60 on the Brake-Reuss beam at q = 1e-4.) */
static PetscErrorCode Branch_Private(TriboNMA nma, PetscReal qend, PetscBool reverse, PetscInt ia, PetscInt off, PetscInt br, PetscReal *integral,
                                     PetscBool *ok)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;
  PetscInt   n = nma->n, N = n + 1, nl = r->nlgl;
  PetscReal  qstart = r->qb, h = 0.5 * (qend - qstart), sum, *cur = NULL, *last = NULL, *xp = NULL;

  PetscFunctionBeginUser;
  if (br >= 0 && r->cyc) {
    cur = &r->cyc[(2 * br) * nl * N];
    if (r->cycok[br]) last = &r->cyc[(2 * br + 1) * nl * N];
    PetscCall(PetscArraycpy(cur, r->xb, N));
    PetscCall(PetscMalloc1(N, &xp));
  }
  sum = r->wi[0] * nma->lam0 * r->xb[n] * qstart;
  if (off >= 0) PetscCall(LoopState_Private(nma, ia, off));
  for (PetscInt k = 1; k < nl; k++) {
    PetscReal q = 0.5 * (qstart + qend) + h * r->xi[k];
    if (k == nl - 1) q = qend;
    if (last) {
      for (PetscInt i = 0; i <= n; i++) xp[i] = r->xb[i] + (last[k * N + i] - last[(k - 1) * N + i]);
    }
    PetscCall(StepTo_Private(nma, q, (PetscBool)(reverse && k == 1), last ? xp : NULL, ok));
    if (!*ok) break;
    if (cur) PetscCall(PetscArraycpy(&cur[k * N], r->xb, N));
    sum += r->wi[k] * nma->lam0 * r->xb[n] * q;
    if (off >= 0) PetscCall(LoopState_Private(nma, ia, off + k));
  }
  PetscCall(PetscFree(xp));
  if (!*ok) PetscFunctionReturn(0);
  if (cur) { // this cycle's states become the last cycle's
    PetscCall(PetscArraycpy(&r->cyc[(2 * br + 1) * nl * N], cur, nl * N));
    r->cycok[br] = PETSC_TRUE;
  }
  *integral = h * sum;
  PetscFunctionReturn(0);
}

static PetscErrorCode Record_Private(TriboNMA nma, PetscInt ia, PetscReal q0, PetscReal lp, PetscReal lm, PetscReal D, const PetscReal up[],
                                     const PetscReal um[])
{
  TriboBackbone *b = &nma->bb;
  PetscReal      w;
  PetscInt       n = nma->n;

  PetscFunctionBeginUser;
  {
    NMA_RQNMA *r = (NMA_RQNMA *)nma->data;
    // Each solve leaves a force residual up to rtol fref, so a loop's area is known only to about
    // 8 q0 rtol fref: below that the dissipation is numerically zero (e.g. a joint in full stick).
    if (PetscAbsReal(D) < 8 * q0 * r->rtol * r->fref) D = 0;
  }
  b->lam_p[ia]  = lp;
  b->lam_m[ia]  = lm;
  w             = 0.5 * (PetscSqrtReal(PetscMax(lp, 0)) + PetscSqrtReal(PetscMax(lm, 0))); // eq. 55 (eq. 34a when lp = lm)
  b->freq[ia]   = w / (2 * PETSC_PI);
  b->dissip[ia] = D;
  b->zeta[ia]   = D / (2 * PETSC_PI * (w * q0) * (w * q0)) + nma->zeta0;            // eq. 39-40, 58
  for (PetscInt i = 0; i < n; i++) b->phi[ia * n + i] = (up[i] - um[i]) / (2 * q0); // eq. 56 (34b with um = 2 u_s - up)
  for (PetscInt k = 0; k < b->nrec; k++) {
    const PetscScalar *rr;
    PetscReal          s = 0;
    PetscCall(MatDenseGetArrayRead(nma->rom->R, &rr));
    for (PetscInt i = 0; i < n; i++) s += PetscRealPart(rr[k + i * b->nrec]) * b->phi[ia * n + i];
    PetscCall(MatDenseRestoreArrayRead(nma->rom->R, &rr));
    b->rec_disp[ia * b->nrec + k] = q0 * PetscAbsReal(s);
    b->rec_acc[ia * b->nrec + k]  = q0 * w * w * PetscAbsReal(s); // eq. 57
  }
  PetscFunctionReturn(0);
}

/* Time left (issue 30): the amplitudes cost more as the joint slips more (more cycles, more Newton steps), so the mean of those done
   underestimates the rest (0.6 s shown with 20 s left); a straight line through the seconds of the last 5 amplitudes done (least
   squares over their index) predicts each one left, at least the cheapest of those 5. On the demo's lap beam (20 amplitudes, costs
   from 0.006 to 1.23 s) it gave 0.70-1.01 of the time the loop still took after its first 20 %, the former mean 0.09-0.20
   (doc/dev/progress.md; scripts/bench-progress.py in make bench). Rounds of per amplitudes run at once (one per rank): the slowest
   counts. */
static PetscReal TimeLeft_Private(const TriboBackbone *b, PetscInt next, PetscInt per)
{
  PetscInt  i0 = PetscMax(0, next - 5);
  PetscReal n = next - i0, si = 0, sii = 0, st = 0, sit = 0, a, c, tmin = PETSC_MAX_REAL, left = 0;

  for (PetscInt i = i0; i < next; i++)
    si += i, sii += (PetscReal)i * i, st += b->seconds[i], sit += i * b->seconds[i], tmin = PetscMin(tmin, b->seconds[i]);
  c = n > 1 ? (n * sit - si * st) / (n * sii - si * si) : 0; // slope
  a = (st - c * si) / n;
  for (PetscInt j = next; j < b->na; j += per) {
    PetscReal m = 0;
    for (PetscInt k = j; k < PetscMin(j + per, b->na); k++) m = PetscMax(m, PetscMax(tmin, a + c * k));
    left += m;
  }
  return left;
}

static PetscErrorCode Progress_Private(TriboNMA nma, PetscInt ia, PetscInt next, PetscInt per)
{
  TriboBackbone *b = &nma->bb;

  PetscFunctionBeginUser;
  if (!nma->verbose) PetscFunctionReturn(0);
  PetscCall(PetscPrintf(
      nma->comm,
      "  [%2" PetscInt_FMT "/%" PetscInt_FMT "] q = %.3e  f = %10.4f Hz  zeta = %.4e  cycles %" PetscInt_FMT "  Newton %4" PetscInt_FMT
      "  %.2f s  (left ~%.1f s)  %s\n",
      ia + 1, b->na, (double)b->q[ia], (double)b->freq[ia], (double)b->zeta[ia], b->cycles[ia], b->newton[ia], (double)b->seconds[ia],
      (double)TimeLeft_Private(b, next, per),
      b->status[ia] == TRIBO_BACKBONE_CONVERGED ? "ok" : (b->status[ia] == TRIBO_BACKBONE_UNSETTLED ? "damping still changing" : "NEWTON FAILED")));
  PetscFunctionReturn(0);
}

static PetscErrorCode SetScale_Private(TriboNMA nma, PetscReal q0)
{
  NMA_RQNMA         *r = (NMA_RQNMA *)nma->data;
  const PetscScalar *m;
  PetscReal          mp = 0;

  PetscFunctionBeginUser;
  PetscCall(MatDenseGetArrayRead(nma->rom->M, &m));
  for (PetscInt i = 0; i < nma->n; i++) {
    PetscReal s = 0;
    for (PetscInt j = 0; j < nma->n; j++) s += PetscRealPart(m[i + j * nma->n]) * nma->phi0[j];
    mp = PetscMax(mp, PetscAbsReal(s));
  }
  PetscCall(MatDenseRestoreArrayRead(nma->rom->M, &m));
  r->q0   = q0;
  r->fref = nma->lam0 * q0 * mp;
  PetscCall(TriboROMForceScale(nma->rom, nma->us, nma->fs, &r->fsmax));
  PetscFunctionReturn(0);
}

/* Amplitude ia of the non-Masing backbone: initial loading from the prestress, then cycles until the damping settles */
static PetscErrorCode Amplitude_Private(TriboNMA nma, PetscInt ia, MPI_Comm mcomm, PetscReal up[], PetscReal um[])
{
  NMA_RQNMA     *r  = (NMA_RQNMA *)nma->data;
  TriboBackbone *b  = &nma->bb;
  PetscInt       n  = nma->n;
  PetscReal      q0 = nma->amps[ia], zprev = PETSC_MAX_REAL, lp = 0, lm = 0, D = 0, Iup, Idown, dummy;
  PetscBool      ok;
  PetscLogDouble ta, tb;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&ta));
  PetscCall(SetScale_Private(nma, q0));
  PetscCall(Restart_Private(nma));
  r->its      = 0;
  r->resid    = 0;
  r->cycok[0] = r->cycok[1] = PETSC_FALSE;
  PetscCall(Branch_Private(nma, q0, PETSC_FALSE, ia, -1, -1, &dummy, &ok)); // initial loading 0 -> +q0
  for (PetscInt c = 1; ok && c <= r->maxcycles; c++) {
    PetscReal z, w;
    PetscCall(Branch_Private(nma, -q0, PETSC_TRUE, ia, 0, 0, &Idown, &ok)); // loop states 0 .. nlgl-1
    if (!ok) break;
    lm = nma->lam0 * r->xb[n];
    PetscCall(PetscArraycpy(um, r->xb, n));
    PetscCall(Branch_Private(nma, q0, PETSC_TRUE, ia, r->nlgl, 1, &Iup, &ok)); // nlgl .. 2 nlgl-1
    if (!ok) break;
    lp = nma->lam0 * r->xb[n];
    PetscCall(PetscArraycpy(up, r->xb, n));
    D              = Idown + Iup;
    w              = 0.5 * (PetscSqrtReal(PetscMax(lp, 0)) + PetscSqrtReal(PetscMax(lm, 0)));
    z              = D / (2 * PETSC_PI * (w * q0) * (w * q0));
    b->cycles[ia]  = c;
    b->dchange[ia] = zprev < PETSC_MAX_REAL ? PetscAbsReal(z - zprev) : (PetscReal)NAN;
    if (r->monitor)
      PetscCall(PetscPrintf(mcomm, "    q = %.3e cycle %" PetscInt_FMT ": lambda(+q) %.10e lambda(-q) %.10e D %.6e zeta %.8e\n", (double)q0, c,
                            (double)lp, (double)lm, (double)D, (double)z));
    if (PetscAbsReal(z - zprev) <= r->dtol * PetscAbsReal(z) + r->datol) {
      b->status[ia] = TRIBO_BACKBONE_CONVERGED;
      break;
    }
    zprev = z;
  }
  if (ok && b->cycles[ia] > 0)
    PetscCall(Record_Private(nma, ia, q0, lp, lm, D, up, um));
  else { // no full cycle: no loop (a failed branch may have overwritten part of the last one)
    for (PetscInt s = 0; s < b->nloop; s++) b->loop_q[ia * b->nloop + s] = b->loop_force[ia * b->nloop + s] = (PetscReal)NAN;
    for (PetscInt s = 0; s < 3 * b->npl * b->nloop; s++)
      b->pl_u[3 * b->npl * b->nloop * ia + s] = b->pl_t[3 * b->npl * b->nloop * ia + s] = (PetscReal)NAN;
  }
  if (ok && b->cycles[ia] > 0 && b->status[ia] == TRIBO_BACKBONE_FAILED)
    b->status[ia] = r->maxcycles == 1 ? TRIBO_BACKBONE_CONVERGED : TRIBO_BACKBONE_UNSETTLED; // solved, damping still changing
  b->newton[ia] = r->its;
  b->resid[ia]  = r->resid;
  PetscCall(PetscTime(&tb));
  b->seconds[ia] = tb - ta;
  PetscFunctionReturn(0);
}

/* Sends the results of amplitude ia from rank root to every rank */
static PetscErrorCode BcastAmplitude_Private(TriboNMA nma, PetscInt ia, PetscMPIInt root)
{
  TriboBackbone *b = &nma->bb;
  PetscReal      v[9];
  PetscInt       iv[3];
  PetscMPIInt    cnt;

  PetscFunctionBeginUser;
  v[0]  = b->freq[ia];
  v[1]  = b->zeta[ia];
  v[2]  = b->dissip[ia];
  v[3]  = b->lam_p[ia];
  v[4]  = b->lam_m[ia];
  v[5]  = b->resid[ia];
  v[6]  = b->dchange[ia];
  v[7]  = b->seconds[ia];
  v[8]  = 0;
  iv[0] = b->newton[ia];
  iv[1] = b->cycles[ia];
  iv[2] = (PetscInt)b->status[ia];
  PetscCallMPI(MPI_Bcast(v, 9, MPIU_REAL, root, nma->comm));
  PetscCallMPI(MPI_Bcast(iv, 3, MPIU_INT, root, nma->comm));
  b->freq[ia]    = v[0];
  b->zeta[ia]    = v[1];
  b->dissip[ia]  = v[2];
  b->lam_p[ia]   = v[3];
  b->lam_m[ia]   = v[4];
  b->resid[ia]   = v[5];
  b->dchange[ia] = v[6];
  b->seconds[ia] = v[7];
  b->newton[ia]  = iv[0];
  b->cycles[ia]  = iv[1];
  b->status[ia]  = (TriboBackboneStatus)iv[2];
  PetscCall(PetscMPIIntCast(nma->n, &cnt));
  PetscCallMPI(MPI_Bcast(&b->phi[ia * nma->n], cnt, MPIU_REAL, root, nma->comm));
  if (b->nrec) {
    PetscCall(PetscMPIIntCast(b->nrec, &cnt));
    PetscCallMPI(MPI_Bcast(&b->rec_disp[ia * b->nrec], cnt, MPIU_REAL, root, nma->comm));
    PetscCallMPI(MPI_Bcast(&b->rec_acc[ia * b->nrec], cnt, MPIU_REAL, root, nma->comm));
  }
  if (b->nloop) {
    PetscCall(PetscMPIIntCast(b->nloop, &cnt));
    PetscCallMPI(MPI_Bcast(&b->loop_q[ia * b->nloop], cnt, MPIU_REAL, root, nma->comm));
    PetscCallMPI(MPI_Bcast(&b->loop_force[ia * b->nloop], cnt, MPIU_REAL, root, nma->comm));
    if (b->npl) {
      PetscCall(PetscMPIIntCast(3 * b->npl * b->nloop, &cnt));
      PetscCallMPI(MPI_Bcast(&b->pl_u[3 * b->npl * b->nloop * ia], cnt, MPIU_REAL, root, nma->comm));
      PetscCallMPI(MPI_Bcast(&b->pl_t[3 * b->npl * b->nloop * ia], cnt, MPIU_REAL, root, nma->comm));
    }
  }
  PetscFunctionReturn(0);
}

/* -rqnma_solver fast on several ranks: the amplitudes are independent (each starts from the prestress), so rank k solves
   amplitudes k, k + size, ... alone, with a joint of all the points on PETSC_COMM_SELF and the prestress history
   gathered from the ranks (in point order, the layout of a one-rank joint): every rank's result is bit for bit the
   one-rank result. The results are broadcast after each round of size amplitudes. */
static PetscErrorCode SolveNonMasingAmplitudes_Private(TriboNMA nma, PetscReal up[], PetscReal um[])
{
  NMA_RQNMA      *r = (NMA_RQNMA *)nma->data;
  TriboJoint      js, jglobal    = nma->joint;
  PetscReal      *hall, *hglobal = nma->hs;
  PetscInt        nlaws, nh;
  const TriboLaw *laws;
  const PetscInt *pointlaw;
  PetscMPIInt     size, rank, mine, *cnt, *dsp;
  PetscLogDouble  t0, nev;
  PetscBool      *fresh; /* the amplitudes a round computed (not restored from a checkpoint): their progress lines */

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(nma->comm, &size));
  PetscCallMPI(MPI_Comm_rank(nma->comm, &rank));
  PetscCall(TriboJointGetLaws(jglobal, &nlaws, &laws, &pointlaw));
  PetscCall(TriboJointCreate(PETSC_COMM_SELF, &js));
  PetscCall(TriboJointSetROM(js, nma->rom));
  PetscCall(TriboJointSetLaws(js, nlaws, laws, pointlaw));
  {
    const PetscReal *gap; // the mesoscale gaps of the points (TriboJointSetPointGap())
    PetscCall(TriboJointGetPointGap(jglobal, &gap));
    if (gap) PetscCall(TriboJointSetPointGap(js, gap));
  }
  PetscCall(TriboJointSetUp(js));
  PetscCall(TriboJointSetTangentDirect(js, PETSC_TRUE));
  PetscCall(TriboJointGetHistorySize(js, &nh));
  PetscCall(PetscMalloc1(nh + 1, &hall));
  PetscCall(PetscMalloc2(size, &cnt, size, &dsp));
  PetscCall(PetscMPIIntCast(nma->nh, &mine));
  PetscCallMPI(MPI_Allgather(&mine, 1, MPI_INT, cnt, 1, MPI_INT, nma->comm));
  dsp[0] = 0;
  for (PetscMPIInt k = 1; k < size; k++) dsp[k] = dsp[k - 1] + cnt[k - 1];
  PetscCheck(dsp[size - 1] + cnt[size - 1] == nh, nma->comm, PETSC_ERR_PLIB, "gathered prestress history has %d values, the joint %" PetscInt_FMT,
             dsp[size - 1] + cnt[size - 1], nh);
  PetscCallMPI(MPI_Allgatherv(hglobal, mine, MPIU_REAL, hall, cnt, dsp, MPIU_REAL, nma->comm));
  PetscCall(PetscFree2(cnt, dsp));
  nma->joint = js;
  nma->hs    = hall;
  PetscCall(PetscTime(&t0));
  PetscCall(PetscMalloc1(size, &fresh));
  for (PetscInt i0 = 0; i0 < nma->na; i0 += size) {
    PetscBool any = PETSC_FALSE;
    PetscCall(PetscArrayzero(fresh, size));
    if (i0 + rank < nma->na && !r->done[i0 + rank]) PetscCall(Amplitude_Private(nma, i0 + rank, PETSC_COMM_SELF, up, um));
    for (PetscInt ia = i0; ia < PetscMin(i0 + size, nma->na); ia++) {
      if (r->done[ia]) continue; // from the checkpoint, on every rank
      PetscCall(BcastAmplitude_Private(nma, ia, (PetscMPIInt)(ia - i0)));
      r->done[ia] = 1, any = PETSC_TRUE;
      fresh[ia - i0] = PETSC_TRUE;
    }
    for (PetscInt ia = i0; ia < PetscMin(i0 + size, nma->na); ia++) // the round's times all known: the estimate uses them
      if (fresh[ia - i0]) PetscCall(Progress_Private(nma, ia, PetscMin(i0 + size, nma->na), size));
    if (any) {
      nma->joint = jglobal; // (the checkpoint's collective writes and checks run on the verb's ranks)
      nma->hs    = hglobal;
      PetscCall(CheckpointStep_Private(nma));
      nma->joint = js;
      nma->hs    = hall;
    }
  }
  nma->joint = jglobal;
  nma->hs    = hglobal;
  // the point-law evaluations of all the ranks, for the throughput report (TriboJointGetEvaluationCount())
  PetscCall(TriboJointGetEvaluationCount(js, &nev));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &nev, 1, MPI_DOUBLE, MPI_SUM, nma->comm));
  PetscCall(TriboJointAddEvaluationCount(jglobal, nev));
  PetscCall(TriboJointDestroy(&js));
  PetscCall(PetscFree(hall));
  PetscCall(PetscFree(fresh));
  (void)r;
  PetscFunctionReturn(0);
}

/* The checkpoint of a non-Masing backbone (issue 34: every long run resumes): the amplitudes are independent (each starts
   from the prestress), so the results of the ones done are the whole state. /rqnma/done [na], the backbone's arrays
   of every amplitude (rows not done hold what the allocation put there), the amplitudes, and the options that set the
   physics (TriboOptionsPhysics()); written through TriboH5Create/Close (a complete file or the previous one). */
static const char *const CkReal[] = {"freq", "zeta", "dissip", "lam_p", "lam_m", "resid", "dchange", "seconds"};

static PetscReal *CkRealArray_Private(TriboBackbone *b, PetscInt k)
{
  PetscReal *a[] = {b->freq, b->zeta, b->dissip, b->lam_p, b->lam_m, b->resid, b->dchange, b->seconds};
  return a[k];
}

static PetscErrorCode CheckpointWrite_Private(TriboNMA nma)
{
  NMA_RQNMA     *r = (NMA_RQNMA *)nma->data;
  TriboBackbone *b = &nma->bb;
  TriboH5        h;
  PetscInt       na = b->na, d1[1] = {na}, d2[2];
  char           path[64];
  PetscInt      *st;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(nma->comm, r->ckpt, &h));
  PetscCall(TriboH5WriteMeta(h, "rqnma checkpoint", 0, NULL));
  PetscCall(TriboH5WriteReal(h, "/rqnma/amplitudes", 1, d1, nma->amps));
  PetscCall(TriboH5WriteInt(h, "/rqnma/done", 1, d1, r->done));
  for (PetscInt k = 0; k < 8; k++) {
    PetscCall(PetscSNPrintf(path, sizeof(path), "/rqnma/%s", CkReal[k]));
    PetscCall(TriboH5WriteReal(h, path, 1, d1, CkRealArray_Private(b, k)));
  }
  PetscCall(TriboH5WriteInt(h, "/rqnma/newton", 1, d1, b->newton));
  PetscCall(TriboH5WriteInt(h, "/rqnma/cycles", 1, d1, b->cycles));
  PetscCall(PetscMalloc1(na, &st));
  for (PetscInt i = 0; i < na; i++) st[i] = (PetscInt)b->status[i];
  PetscCall(TriboH5WriteInt(h, "/rqnma/status", 1, d1, st));
  PetscCall(PetscFree(st));
  d2[0] = na, d2[1] = nma->n;
  PetscCall(TriboH5WriteReal(h, "/rqnma/phi", 2, d2, b->phi));
  d2[1] = b->nrec;
  if (b->nrec) PetscCall(TriboH5WriteReal(h, "/rqnma/rec_disp", 2, d2, b->rec_disp));
  if (b->nrec) PetscCall(TriboH5WriteReal(h, "/rqnma/rec_acc", 2, d2, b->rec_acc));
  d2[1] = b->nloop;
  if (b->nloop) PetscCall(TriboH5WriteReal(h, "/rqnma/loop_q", 2, d2, b->loop_q));
  if (b->nloop) PetscCall(TriboH5WriteReal(h, "/rqnma/loop_force", 2, d2, b->loop_force));
  d2[1] = 3 * b->npl * b->nloop;
  if (b->nloop && b->npl) PetscCall(TriboH5WriteReal(h, "/rqnma/pl_u", 2, d2, b->pl_u));
  if (b->nloop && b->npl) PetscCall(TriboH5WriteReal(h, "/rqnma/pl_t", 2, d2, b->pl_t));
  if (r->masing) { // the loading curve goes on from the last amplitude: its two states, the integral and the joint's history
    PetscReal sc[5] = {r->iacc, r->qa, r->qb, (PetscReal)r->nconv, 0};
    d1[0]           = 5;
    PetscCall(TriboH5WriteReal(h, "/rqnma/masing/scalars", 1, d1, sc));
    d2[0] = 2, d2[1] = nma->n + 1;
    {
      PetscReal *st;
      PetscCall(PetscMalloc1(2 * (nma->n + 1), &st));
      PetscCall(PetscArraycpy(st, r->xa, nma->n + 1));
      PetscCall(PetscArraycpy(st + nma->n + 1, r->xb, nma->n + 1));
      PetscCall(TriboH5WriteReal(h, "/rqnma/masing/states", 2, d2, st));
      PetscCall(PetscFree(st));
    }
    PetscCall(TriboH5WriteJointHistory(h, "/rqnma/masing", nma->joint));
  }
  PetscCall(TriboH5WritePhysics(h, "/rqnma/physics"));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckpointRead_Private(TriboNMA nma, PetscInt *ndone)
{
  NMA_RQNMA     *r = (NMA_RQNMA *)nma->data;
  TriboBackbone *b = &nma->bb;
  TriboH5        h;
  PetscInt       na = b->na, nd, dims[3], *iv;
  PetscReal     *amps;
  char           path[64];

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(nma->comm, r->ckpt, &h));
  PetscCall(TriboH5CheckPhysics(h, "/rqnma/physics", "or without -rqnma_restart"));
  PetscCall(TriboH5ReadReal(h, "/rqnma/amplitudes", &nd, dims, &amps));
  PetscCheck(nd == 1 && dims[0] == na, nma->comm, PETSC_ERR_USER_INPUT, "%s holds %" PetscInt_FMT " amplitudes, this run has %" PetscInt_FMT, r->ckpt,
             dims[0], na);
  for (PetscInt i = 0; i < na; i++)
    PetscCheck(amps[i] == nma->amps[i], nma->comm, PETSC_ERR_USER_INPUT, "%s: amplitude %" PetscInt_FMT " is %g there, %g in this run", r->ckpt,
               i + 1, (double)amps[i], (double)nma->amps[i]);
  PetscCall(PetscFree(amps));
  PetscCall(TriboH5ReadInt(h, "/rqnma/done", &nd, dims, &iv));
  PetscCheck(nd == 1 && dims[0] == na, nma->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: /rqnma/done must have %" PetscInt_FMT " values", r->ckpt, na);
  PetscCall(PetscArraycpy(r->done, iv, na));
  PetscCall(PetscFree(iv));
  for (PetscInt k = 0; k < 8; k++) {
    PetscCall(PetscSNPrintf(path, sizeof(path), "/rqnma/%s", CkReal[k]));
    PetscCall(TriboH5ReadRealInto(h, path, na, 1, CkRealArray_Private(b, k)));
  }
  PetscCall(TriboH5ReadInt(h, "/rqnma/newton", &nd, dims, &iv));
  PetscCall(PetscArraycpy(b->newton, iv, na));
  PetscCall(PetscFree(iv));
  PetscCall(TriboH5ReadInt(h, "/rqnma/cycles", &nd, dims, &iv));
  PetscCall(PetscArraycpy(b->cycles, iv, na));
  PetscCall(PetscFree(iv));
  PetscCall(TriboH5ReadInt(h, "/rqnma/status", &nd, dims, &iv));
  for (PetscInt i = 0; i < na; i++) b->status[i] = (TriboBackboneStatus)iv[i];
  PetscCall(PetscFree(iv));
  PetscCall(TriboH5ReadRealInto(h, "/rqnma/phi", na, nma->n, b->phi));
  if (b->nrec) PetscCall(TriboH5ReadRealInto(h, "/rqnma/rec_disp", na, b->nrec, b->rec_disp));
  if (b->nrec) PetscCall(TriboH5ReadRealInto(h, "/rqnma/rec_acc", na, b->nrec, b->rec_acc));
  if (b->nloop) PetscCall(TriboH5ReadRealInto(h, "/rqnma/loop_q", na, b->nloop, b->loop_q));
  if (b->nloop) PetscCall(TriboH5ReadRealInto(h, "/rqnma/loop_force", na, b->nloop, b->loop_force));
  if (b->nloop && b->npl) PetscCall(TriboH5ReadRealInto(h, "/rqnma/pl_u", na, 3 * b->npl * b->nloop, b->pl_u));
  if (b->nloop && b->npl) PetscCall(TriboH5ReadRealInto(h, "/rqnma/pl_t", na, 3 * b->npl * b->nloop, b->pl_t));
  if (r->masing) {
    PetscReal sc[5], *st;
    PetscBool has;
    PetscCall(TriboH5Has(h, "/rqnma/masing/scalars", &has));
    PetscCheck(has, nma->comm, PETSC_ERR_USER_INPUT, "%s holds a non-Masing backbone: restart it without -rqnma_masing", r->ckpt);
    PetscCall(TriboH5ReadRealInto(h, "/rqnma/masing/scalars", 5, 1, sc));
    r->iacc = sc[0], r->qa = sc[1], r->qb = sc[2], r->nconv = (PetscInt)sc[3];
    PetscCall(PetscMalloc1(2 * (nma->n + 1), &st));
    PetscCall(TriboH5ReadRealInto(h, "/rqnma/masing/states", 2, nma->n + 1, st));
    PetscCall(PetscArraycpy(r->xa, st, nma->n + 1));
    PetscCall(PetscArraycpy(r->xb, st + nma->n + 1, nma->n + 1));
    PetscCall(PetscFree(st));
    PetscCall(TriboH5ReadJointHistory(h, "/rqnma/masing", nma->joint));
    for (PetscInt i = 1; i < na; i++) // the curve is one integration: its amplitudes are done in order
      PetscCheck(!r->done[i] || r->done[i - 1], nma->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: amplitude %" PetscInt_FMT " done before %" PetscInt_FMT,
                 r->ckpt, i + 1, i);
  } else {
    PetscBool has;
    PetscCall(TriboH5Has(h, "/rqnma/masing/scalars", &has));
    PetscCheck(!has, nma->comm, PETSC_ERR_USER_INPUT, "%s holds a Masing backbone: restart it with -rqnma_masing", r->ckpt);
  }
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  *ndone = 0;
  for (PetscInt i = 0; i < na; i++) *ndone += r->done[i] != 0;
  PetscFunctionReturn(0);
}

/* After amplitudes were solved: write the checkpoint, then stop if a signal came (or -rqnma_stop_after was reached) */
static PetscErrorCode CheckpointStep_Private(TriboNMA nma)
{
  NMA_RQNMA  *r  = (NMA_RQNMA *)nma->data;
  PetscInt    nd = 0;
  int         sig;
  const char *name;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < nma->na; i++) nd += r->done[i] != 0;
  if (r->ckpt[0]) PetscCall(CheckpointWrite_Private(nma));
  PetscCall(TriboSignalCheck(nma->comm, &sig, &name));
  if (r->stopafter > 0 && nd >= r->stopafter && nd < nma->na) sig = -1, name = "-rqnma_stop_after";
  if (sig) {
    PetscCall(TriboSignalArm(PETSC_FALSE));
    SETERRQ(nma->comm, PETSC_ERR_SIG, "stopped by %s after %" PetscInt_FMT " of %" PetscInt_FMT " amplitudes: %s%s", name, nd, nma->na,
            r->ckpt[0] ? "they are saved in " : "nothing saved (no -rqnma_checkpoint)", r->ckpt[0] ? r->ckpt : "");
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode SolveNonMasing_Private(TriboNMA nma)
{
  NMA_RQNMA     *r = (NMA_RQNMA *)nma->data;
  PetscInt       n = nma->n;
  PetscReal     *up, *um;
  PetscLogDouble t0;
  PetscMPIInt    size;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(n, &up, n, &um));
  PetscCall(PetscFree(r->done));
  PetscCall(PetscCalloc1(nma->na + 1, &r->done));
  if (r->restart) {
    PetscInt nd = 0;
    PetscCheck(r->ckpt[0], nma->comm, PETSC_ERR_USER_INPUT, "-rqnma_restart needs the checkpoint file: -rqnma_checkpoint FILE");
    PetscCall(CheckpointRead_Private(nma, &nd));
    PetscCall(PetscPrintf(nma->comm, "  resuming from %s: %" PetscInt_FMT " of %" PetscInt_FMT " amplitudes done\n", r->ckpt, nd, nma->na));
  }
  PetscCall(TriboSignalArm(PETSC_TRUE));
  PetscCallMPI(MPI_Comm_size(nma->comm, &size));
  if (r->solver == RQNMA_SOLVER_FAST && size > 1)
    PetscCall(SolveNonMasingAmplitudes_Private(nma, up, um));
  else {
    PetscCall(PetscTime(&t0));
    for (PetscInt ia = 0; ia < nma->na; ia++) {
      if (r->done[ia]) continue;
      PetscCall(Amplitude_Private(nma, ia, nma->comm, up, um));
      r->done[ia] = 1;
      PetscCall(Progress_Private(nma, ia, ia + 1, 1));
      PetscCall(CheckpointStep_Private(nma));
    }
  }
  PetscCall(TriboSignalArm(PETSC_FALSE));
  PetscCall(PetscFree2(up, um));
  PetscFunctionReturn(0);
}

static PetscErrorCode SolveMasing_Private(TriboNMA nma)
{
  NMA_RQNMA     *r    = (NMA_RQNMA *)nma->data;
  TriboBackbone *b    = &nma->bb;
  PetscInt       n    = nma->n;
  PetscReal      Iacc = 0, *um;
  PetscLogDouble t0, ta, tb;
  PetscBool      ok = PETSC_TRUE;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(n, &um));
  PetscCall(PetscTime(&t0));
  PetscCall(Restart_Private(nma));
  r->iacc = 0;
  PetscCall(PetscFree(r->done));
  PetscCall(PetscCalloc1(nma->na + 1, &r->done));
  if (r->restart) { // the amplitudes done, the curve's last two states, the integral and the joint's history
    PetscInt nd = 0;
    PetscCheck(r->ckpt[0], nma->comm, PETSC_ERR_USER_INPUT, "-rqnma_restart needs the checkpoint file: -rqnma_checkpoint FILE");
    PetscCall(CheckpointRead_Private(nma, &nd));
    PetscCall(PetscPrintf(nma->comm, "  resuming from %s: %" PetscInt_FMT " of %" PetscInt_FMT " amplitudes done\n", r->ckpt, nd, nma->na));
  }
  Iacc = r->iacc;
  PetscCall(TriboSignalArm(PETSC_TRUE));
  for (PetscInt ia = 0; ia < nma->na && ok; ia++) {
    PetscReal q = nma->amps[ia], seg, lam;

    if (r->done[ia]) continue;

    PetscCall(PetscTime(&ta));
    PetscCall(SetScale_Private(nma, q));
    r->its   = 0;
    r->resid = 0;
    PetscCall(Branch_Private(nma, q, PETSC_FALSE, ia, -1, -1, &seg, &ok)); // int_{q_prev}^{q} lambda s ds
    if (ok) {
      Iacc = Iacc + seg;
      lam  = nma->lam0 * r->xb[n];
      for (PetscInt i = 0; i < n; i++) um[i] = 2 * nma->us[i] - r->xb[i]; // so that eq. 56 gives (u - u_s)/q
      PetscCall(Record_Private(nma, ia, q, lam, lam, 8 * Iacc - 4 * lam * q * q, r->xb, um));
      b->status[ia] = TRIBO_BACKBONE_CONVERGED;
    }
    b->newton[ia] = r->its;
    b->resid[ia]  = r->resid;
    PetscCall(PetscTime(&tb));
    b->seconds[ia] = tb - ta;
    PetscCall(Progress_Private(nma, ia, ia + 1, 1));
    if (ok) {
      r->done[ia] = 1, r->iacc = Iacc;
      PetscCall(CheckpointStep_Private(nma));
    }
  }
  PetscCall(TriboSignalArm(PETSC_FALSE));
  PetscCall(PetscFree(um));
  PetscFunctionReturn(0);
}

static PetscErrorCode RQNMACreateSNES_Private(TriboNMA nma)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;
  char       prefix[256];

  PetscFunctionBeginUser;
  if (r->snes) PetscFunctionReturn(0);
  PetscCall(SNESCreate(PETSC_COMM_SELF, &r->snes));
  PetscCall(PetscSNPrintf(prefix, sizeof(prefix), "%srqnma_", nma->prefix ? nma->prefix : ""));
  PetscCall(SNESSetOptionsPrefix(r->snes, prefix));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMASetUp_RQNMA(TriboNMA nma)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;
  PetscInt   N = nma->n + 1;
  KSP        ksp;
  PC         pc;

  PetscFunctionBeginUser;
  PetscCall(RQNMACreateSNES_Private(nma));
  PetscCall(PetscFree(r->work));
  PetscCall(PetscFree(r->mw));
  PetscCall(PetscFree(r->dx));
  PetscCall(PetscFree(r->xa));
  PetscCall(PetscFree(r->xb));
  PetscCall(VecDestroy(&r->X));
  PetscCall(VecDestroy(&r->R));
  PetscCall(MatDestroy(&r->J));
  PetscCall(PetscMalloc1(nma->n, &r->work));
  PetscCall(PetscMalloc1(nma->n, &r->mw));
  PetscCall(PetscMalloc1(nma->n, &r->dx));
  PetscCall(PetscMalloc1(N, &r->xa));
  PetscCall(PetscMalloc1(N, &r->xb));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, N, &r->X));
  PetscCall(VecDuplicate(r->X, &r->R));
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, N, N, NULL, &r->J));
  PetscCall(SNESSetFunction(r->snes, r->R, Residual_Private, nma));
  PetscCall(SNESSetJacobian(r->snes, r->J, r->J, Jacobian_Private, nma));
  PetscCall(SNESSetConvergenceTest(r->snes, Converged_Private, nma, NULL));
  PetscCall(SNESSetTolerances(r->snes, 0, 0, 0, r->maxit + 1, 100000));
  {
    SNESLineSearch ls;
    PetscCall(SNESGetLineSearch(r->snes, &ls));
    PetscCall(SNESLineSearchSetType(ls, SNESLINESEARCHBT));
    PetscCall(SNESLineSearchSetPreCheck(ls, StepLimit_Private, nma));
  }
  PetscCall(SNESGetKSP(r->snes, &ksp));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCLU));
  if (r->lag < 0) r->lag = nma->n >= 400 ? 10 : 1;
  if (r->lag > 1) { // GMRES on the exact Jacobian_Private with an LU factorization refreshed every lag Newton steps
    PetscCall(KSPSetType(ksp, KSPGMRES));
    PetscCall(KSPSetTolerances(ksp, r->solver == RQNMA_SOLVER_FAST ? 1e-6 : 1e-10, PETSC_DEFAULT, PETSC_DEFAULT, 60));
    PetscCall(SNESSetLagPreconditioner(r->snes, r->lag));
    PetscCall(SNESSetLagPreconditionerPersists(r->snes, PETSC_TRUE));
  } else
    PetscCall(KSPSetType(ksp, KSPPREONLY));
  // the user's -rqnma_snes_* options (read once already by TriboNMASetFromOptions()) override these defaults
  PetscCall(TriboHelpPush(PETSC_FALSE));
  PetscCall(SNESSetFromOptions(r->snes));
  PetscCall(TriboHelpPop());
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMASolve_RQNMA(TriboNMA nma)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;

  PetscFunctionBeginUser;
  PetscCall(PetscFree(r->xi));
  PetscCall(PetscFree(r->wi));
  PetscCall(PetscMalloc1(r->nlgl, &r->xi));
  PetscCall(PetscMalloc1(r->nlgl, &r->wi));
  PetscCall(TriboLGL(r->nlgl, r->xi, r->wi));
  PetscCall(PetscFree(r->cyc));
  if (r->solver == RQNMA_SOLVER_FAST && !r->masing) PetscCall(PetscMalloc1(4 * r->nlgl * (nma->n + 1), &r->cyc));
  PetscCall(TriboNMABackboneAllocate(nma));
  PetscCall(TriboNMABackboneAllocateLoops(nma, r->masing ? 0 : 2 * r->nlgl));                        // Masing: no cycle is traced, no loop stored
  if (r->solver == RQNMA_SOLVER_FAST) PetscCall(TriboJointSetTangentDirect(nma->joint, PETSC_TRUE)); // one rank: fewer passes over J
  if (r->masing)
    PetscCall(SolveMasing_Private(nma));
  else
    PetscCall(SolveNonMasing_Private(nma));
  PetscCall(TriboJointSetTangentDirect(nma->joint, PETSC_FALSE));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMASetFromOptions_RQNMA(PetscOptionItems *PetscOptionsObject, TriboNMA nma)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;

  PetscFunctionBeginUser;
  PetscOptionsHeadBegin(PetscOptionsObject, "RQNMA (Rayleigh-quotient nonlinear modal analysis)");
  PetscCall(PetscOptionsBool("-rqnma_masing", "Masing: initial loading curve only (else non-Masing cycles)", "", r->masing, &r->masing, NULL));
  PetscCall(PetscOptionsBool("-rqnma_monitor_cycles", "print lambda and damping of every hysteresis cycle", "", r->monitor, &r->monitor, NULL));
  PetscCall(TriboOptionsRangeInt("-rqnma_lgl", "Legendre-Gauss-Lobatto points per branch (2 to 1000: each is a static solve of the branch)", "",
                                 r->nlgl, &r->nlgl, NULL, 2, 1000));
  PetscCall(TriboOptionsInt("-rqnma_max_cycles", "most hysteresis cycles per amplitude (non-Masing)", "", r->maxcycles, &r->maxcycles, NULL));
  PetscCall(PetscOptionsString(
      "-rqnma_checkpoint",
      "a file that holds the amplitudes done (Masing: and the loading curve's state), rewritten after each (non-Masing on several ranks: each round)",
      "", r->ckpt, r->ckpt, sizeof(r->ckpt), NULL));
  PetscCall(PetscOptionsBool("-rqnma_restart",
                             "take the amplitudes done from -rqnma_checkpoint (same ROM, amplitudes and physics options; Masing: same rank count)",
                             "", r->restart, &r->restart, NULL));
  PetscCall(TriboOptionsInt("-rqnma_stop_after", "stop after this many amplitudes as if killed (for tests; 0: never)", "", r->stopafter,
                            &r->stopafter, NULL));
  PetscCall(PetscOptionsReal("-rqnma_damping_rtol", "relative change of damping between cycles that ends the cycling", "", r->dtol, &r->dtol, NULL));
  PetscCall(PetscOptionsReal("-rqnma_damping_atol", "absolute change of damping ratio between cycles that ends the cycling", "", r->datol, &r->datol,
                             NULL));
  PetscCall(PetscOptionsReal("-rqnma_rtol", "Newton tolerance relative to the modal force lambda0 q |M phi0|", "", r->rtol, &r->rtol, NULL));
  PetscCall(PetscOptionsReal("-rqnma_max_dlambda",
                             "largest change of lambda/lambda0 in one Newton step, relative to 1 + |lambda/lambda0| (step limiter)", "", r->maxdmu,
                             &r->maxdmu, NULL));
  PetscCall(TriboOptionsInt("-rqnma_max_it", "Newton iterations per solve", "", r->maxit, &r->maxit, NULL));
  PetscCall(TriboOptionsInt(
      "-rqnma_lag_lu",
      "Newton steps between LU factorizations (GMRES on the exact Jacobian in between); 1: LU every step; default 10 for n >= 400, else 1", "",
      r->lag, &r->lag, NULL));
  PetscCall(PetscOptionsEnum("-rqnma_solver",
                             "lagged: every rank solves every amplitude (points split over the ranks), secant predictors, GMRES to 1e-10; "
                             "fast: amplitudes split over the ranks, each LGL node predicted from the last cycle, GMRES to 1e-6",
                             "", RQNMASolvers, (PetscEnum)r->solver, (PetscEnum *)&r->solver, NULL));
  PetscCall(TriboOptionsInt("-rqnma_max_bisect", "step halvings allowed when Newton fails", "", r->maxbisect, &r->maxbisect, NULL));
  PetscOptionsHeadEnd();
  PetscCall(RQNMACreateSNES_Private(nma)); // its options are read now, so that every option is known before the solve
  PetscCall(TriboHelpPush(PETSC_FALSE));
  PetscCall(SNESSetFromOptions(r->snes));
  PetscCall(TriboHelpPop());
  PetscCheck(r->nlgl >= 3, nma->comm, PETSC_ERR_USER_INPUT, "-rqnma_lgl must be >= 3, got %" PetscInt_FMT, r->nlgl);
  PetscCheck(r->maxcycles >= 1, nma->comm, PETSC_ERR_USER_INPUT, "-rqnma_max_cycles must be >= 1, got %" PetscInt_FMT, r->maxcycles);
  PetscCheck(r->rtol > 0 && r->dtol > 0, nma->comm, PETSC_ERR_USER_INPUT, "-rqnma_rtol and -rqnma_damping_rtol must be > 0");
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMAView_RQNMA(TriboNMA nma, PetscViewer v)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;

  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(
      v, "  %s, %" PetscInt_FMT " LGL points per branch, up to %" PetscInt_FMT " cycles, damping rtol %g, Newton rtol %g, solver %s\n",
      r->masing ? "Masing (initial loading)" : "non-Masing (+q -> -q -> +q cycles)", r->nlgl, r->maxcycles, (double)r->dtol, (double)r->rtol,
      RQNMASolvers[r->solver]));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMADestroy_RQNMA(TriboNMA nma)
{
  NMA_RQNMA *r = (NMA_RQNMA *)nma->data;

  PetscFunctionBeginUser;
  PetscCall(SNESDestroy(&r->snes));
  PetscCall(MatDestroy(&r->J));
  PetscCall(VecDestroy(&r->X));
  PetscCall(VecDestroy(&r->R));
  PetscCall(PetscFree(r->xi));
  PetscCall(PetscFree(r->wi));
  PetscCall(PetscFree(r->work));
  PetscCall(PetscFree(r->mw));
  PetscCall(PetscFree(r->dx));
  PetscCall(PetscFree(r->xa));
  PetscCall(PetscFree(r->xb));
  PetscCall(PetscFree(r->cyc));
  PetscCall(PetscFree(r->done));
  PetscCall(PetscFree(nma->data));
  PetscFunctionReturn(0);
}

/*@
  TriboNMACreate_RQNMA - Constructor of the RQNMA method.

  Options Database Keys:
+ -rqnma_masing          - Masing backbone from the initial loading curve
. -rqnma_lgl <10>        - LGL points per branch
. -rqnma_max_cycles <4>  - most cycles per amplitude
. -rqnma_damping_rtol <1e-3> - relative damping convergence between cycles
. -rqnma_damping_atol <1e-7> - absolute damping convergence between cycles
. -rqnma_rtol <1e-9>     - Newton tolerance
. -rqnma_lag_lu <-1>     - Newton steps between LU factorizations (GMRES in between); -1: 10 from 400 DOFs, else 1
. -rqnma_solver <fast>   - fast: non-Masing amplitudes split over the ranks, predictor from the last cycle, GMRES to 1e-6;
                           lagged: the former path (points split over the ranks, secant predictor, GMRES to 1e-10)
- -rqnma_snes_*          - the SNES of each solve
@*/
PetscErrorCode TriboNMACreate_RQNMA(TriboNMA nma)
{
  NMA_RQNMA *r;

  PetscFunctionBeginUser;
  PetscCall(PetscNew(&r));
  r->nlgl                  = 10;
  r->maxcycles             = 4;
  r->maxbisect             = 6;
  r->maxit                 = 30;
  r->dtol                  = 1e-3;
  r->datol                 = 1e-7;
  r->maxdmu                = 0.5;
  r->lag                   = -1;
  r->rtol                  = 1e-9;
  r->solver                = RQNMA_SOLVER_FAST;
  nma->data                = r;
  nma->ops->setfromoptions = TriboNMASetFromOptions_RQNMA;
  nma->ops->setup          = TriboNMASetUp_RQNMA;
  nma->ops->solve          = TriboNMASolve_RQNMA;
  nma->ops->view           = TriboNMAView_RQNMA;
  nma->ops->destroy        = TriboNMADestroy_RQNMA;
  PetscFunctionReturn(0);
}
