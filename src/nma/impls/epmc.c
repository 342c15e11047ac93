/* Extended periodic motion concept (EPMC): amplitude-dependent frequency and damping of a mode from periodic
   motions of the structure with a mass-proportional negative damping that balances the dissipation.

   Reference: paper porter-brake-2023 §4.3, eqs. 59-63 (Krack 2015); conventions of the Porter-Brake MATLAB code
   and tmdsimpy (notes hb-epmc.md §4.1, §4.2, §7), harmonic layout of include/tribohb.h.
   Unknowns X = [U0; Psi_c1, Psi_s1, ...; omega; xi; lambda] (N = ncoef n + 3): the zeroth harmonic U0 is the
   absolute static displacement (it carries the bolt preload f_s, eq. 61 first row); the higher harmonics are
   scaled by the modal amplitude A = 10^lambda, q_h = A Psi_h. Residual (N - 1 rows):
     K U0 + f_0,nl - f_s                                                         (61a)
     (K - h^2 w^2 M) q_hc + h w (C - xi M) q_hs + f_hc,nl                        (61b)
     (K - h^2 w^2 M) q_hs - h w (C - xi M) q_hc + f_hs,nl                        (61c)
     Psi_c1^T M Psi_c1 + Psi_s1^T M Psi_s1 - 1          (62a with u_1 = A Psi_1, so q0 = A)
     p^T Psi_c1 / |p|                                    (62b, f_dyn = p)
   with the nonlinear harmonic forces by AFT (TriboJointEvaluateHB(), §4.3.1). The continuation (TriboCont,
   options -cont_*) traces lambda = log10 A. Choices:
   - f_dyn (62b) is p = M phi0, the mass-weighted linear mode: the cosine part of the first harmonic has no
     component along the linear mode, whatever the recovery rows (Porter-Brake use the accelerometer row).
   - C is the ROM's own damping matrix when it has one (a YAML system), else Rayleigh damping
     C = alpha M + beta K_pre (eq. 59) fitted by eq. 60 to the damping ratios -epmc_rayleigh_zeta of the prestressed
     linearized modes -epmc_rayleigh_modes (default: the followed mode and the next, both -backbone_zeta0, so
     that the low-amplitude damping is zeta0 as in RQNMA). K_pre is the symmetric part of the joint's tangent at
     the prestress.
   - The zeroth harmonic is held at the prestress by default (-epmc_static_free 0): with the slider of hysteretic
     laws initialized at the zeroth harmonic (§4.3.1), a mean relative slip of the two sides of a joint meets no
     friction stiffness, only the rest of the structure's (on the built-in lap beam only its suspension), and the
     continuation stalled at the onset of slip (q = 4.1e-5 there); -epmc_static_free 1 solves eq. 61a for U0.
   - Rows are scaled for the Newton tolerance only (Newton is invariant to it): (61a) by s0 = the round-off scale
     of the static forces, (61b-c) by A s1 with s1 = lambda0 |M phi0|_inf.
   Reported per point: q = A (the modal amplitude: mass-normalized, as in RQNMA), f = omega/(2 pi),
   zeta = xi/(2 omega) (tmdsimpy), the energy per cycle the negative damping supplies
   W = pi xi omega sum_h h^2 (q_hc^T M q_hc + q_hs^T M q_hs), the shape phi = Psi_s1 (the phase condition puts
   the mode in the sine part) and the first-harmonic amplitudes at the recovery rows, displacement
   A sqrt((R Psi_c1)^2 + (R Psi_s1)^2) and acceleration omega^2 times it (eq. 63). */
#include <tribo/private/nmaimpl.h>
#include <tribocont.h>
#include <tribohbop.h>
#include <tribonum.h>
#include <petsctime.h>

#define EPMC_MAXH 64

typedef struct {
  PetscInt           nharm, harm[EPMC_MAXH], Nt, maxper;
  TriboHBSliderStart slider;
  PetscReal          aftrtol;
  PetscInt           rmodes[2];
  PetscReal          rzeta[2];
  PetscBool          rmodes_set, rzeta_set;
  PetscBool          static_free;                   /* the zeroth harmonic is an unknown (eq. 61a); else held at the prestress */
  char               start[PETSC_MAX_PATH_LEN + 8]; /* -epmc_start tangent|stuck|slipped|file:PATH */
  PetscReal          rtarg[256];                    /* -epmc_recovery_targets: recovery-row amplitudes landed exactly */
  PetscInt           nrtarg, rrow;                  /* their number, -epmc_recovery_row */
  PetscBool          racc;                          /* -epmc_recovery_measure acceleration (else displacement) */
  PetscReal         *rvec;                          /* the recovery row (n) */
  PetscReal          alpha, beta;                   /* Rayleigh coefficients (eq. 59-60) when the ROM has no C */
  TriboHB            hb;
  TriboCont          cont;
  PetscInt           nc, N, nn, h0;      /* coefficient columns, unknowns, nc n, 1 if harmonic 0 is in the set */
  PetscReal          s0, s1, u0s;        /* row scales */
  PetscReal         *K, *M, *C, *p, *fs; /* dense column-major n x n; phase vector (unit); static load */
  PetscReal         *q, *F, *Jnl, *Jq, *w1, *w2, *w3, *dFdW;
  PetscBool          gmres, gmres_set; /* -epmc_solver gmres: TriboHBOp (distributed, matrix-free) instead of dense LU */
  TriboHBOp          op;
  PetscBool          mumps;             /* -epmc_solver mumps: TriboHBOp's direct path */
  PetscBool          Czero;             /* C = 0: the operator skips its damping product */
  PetscReal         *Bb, *Cb, Eb[9], A; /* the border of the linear solves (Nx x 3 each), the amplitude of the linearization */
  PetscInt           lits, lsolves;     /* GMRES iterations and solves, for the summary */
  PetscInt           nres, nlin;        /* residual evaluations, linearizations */
  PetscLogDouble     tres, tlin, tsol;  /* their seconds, and the linear solves' */
  PetscLogDouble     t0;
} NMA_EPMC;

/* R (N - 1) and, if Jr != NULL, the Jacobian row-major (N - 1) x N, at X (N) */
static PetscErrorCode Eval_Private(TriboNMA nma, const PetscReal X[], PetscReal R[], PetscReal Jr[])
{
  NMA_EPMC       *e = (NMA_EPMC *)nma->data;
  PetscInt        n = nma->n, nc = e->nc, nn = e->nn, N = e->N, c1 = e->h0; /* c1: the cos-1 column (harmonic 1 is first after 0) */
  const PetscReal w = X[nn], xi = X[nn + 1], lam = X[nn + 2], A = PetscPowReal(10.0, lam), ln10 = PetscLogReal(10.0);
  PetscReal      *q = e->q, *F = e->F, *Mq = e->w1, *Cq = e->w2, *Kq = e->w3;

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt  s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    PetscReal f = h == 0 ? 1 : A;
    for (PetscInt i = 0; i < n; i++) q[k * n + i] = f * X[k * n + i];
  }
  if (Jr) PetscCall(PetscArrayzero(e->Jnl, nn * nn));
  PetscCall(TriboHBSetFrequency(e->hb, w)); // velocities of rate-dependent laws (tanh)
  PetscCall(TriboJointEvaluateHBV(nma->joint, e->hb, TRIBO_LAW_FULL, q, F, Jr ? e->Jnl : NULL, Jr ? e->dFdW : NULL));
  for (PetscInt k = 0; k < nc; k++) {
    PetscCall(TriboDenseMult_Private(n, e->K, &q[k * n], &Kq[k * n]));
    PetscCall(TriboDenseMult_Private(n, e->M, &q[k * n], &Mq[k * n]));
    PetscCall(TriboDenseMult_Private(n, e->C, &q[k * n], &Cq[k * n]));
  }
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    if (h == 0 && !e->static_free) {
      for (PetscInt i = 0; i < n; i++) R[k * n + i] = (X[i] - nma->us[i]) / e->u0s;
    } else if (h == 0) {
      for (PetscInt i = 0; i < n; i++) R[k * n + i] = (Kq[i] + F[i] - e->fs[i]) / e->s0;
    } else {
      PetscInt  o  = s ? k - 1 : k + 1; /* the other column of the harmonic */
      PetscReal sg = s ? -1 : 1, hw = h * w, sc = 1 / (A * e->s1);
      for (PetscInt i = 0; i < n; i++)
        R[k * n + i] = (Kq[k * n + i] - hw * hw * Mq[k * n + i] + sg * hw * (Cq[o * n + i] - xi * Mq[o * n + i]) + F[k * n + i]) * sc;
    }
  }
  { // 62a, 62b on the unscaled Psi_1
    PetscReal a = 0, ph = 0;
    for (PetscInt i = 0; i < n; i++) a += X[c1 * n + i] * Mq[c1 * n + i] / A + X[(c1 + 1) * n + i] * Mq[(c1 + 1) * n + i] / A;
    for (PetscInt i = 0; i < n; i++) ph += e->p[i] * X[c1 * n + i];
    R[nn]     = a - 1;
    R[nn + 1] = ph;
  }
  if (!Jr) PetscFunctionReturn(0);
  PetscCall(PetscArrayzero(Jr, (N - 1) * N));
  {                                     // nonlinear part with row and column scales; Jq = sum over h >= 1 columns of Jnl q (for d/dlambda)
    PetscReal *rs = e->w1, *cs = e->w2; /* reuse after the residual */
    for (PetscInt k = 0; k < nc; k++) {
      PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
      for (PetscInt i = 0; i < n; i++) {
        rs[k * n + i] = h == 0 ? 1 / e->s0 : 1 / (A * e->s1);
        cs[k * n + i] = h == 0 ? 1 : A;
      }
    }
    PetscCall(PetscArrayzero(e->Jq, nn));
    for (PetscInt c = 0; c < nn; c++) {
      const PetscReal *col = &e->Jnl[(size_t)c * nn];
      PetscReal        qc  = c >= e->h0 * n ? q[c] : 0;
      for (PetscInt r = 0; r < nn; r++) Jr[(size_t)r * N + c] = col[r] * rs[r] * cs[c];
      if (qc != 0)
        for (PetscInt r = 0; r < nn; r++) e->Jq[r] += col[r] * qc;
    }
    for (PetscInt r = 0; r < nn; r++) { // d/dlambda (the linear terms cancel: they are linear in A)
      PetscInt k = r / n, s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
      Jr[(size_t)r * N + nn + 2] = ln10 * (h == 0 ? e->Jq[r] / e->s0 : (e->Jq[r] - F[r]) / (A * e->s1));
    }
  }
  for (PetscInt k = 0; k < nc; k++) { // linear part, d/domega, d/dxi
    PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    if (h == 0 && !e->static_free) {
      for (PetscInt i = 0; i < n; i++) {
        PetscCall(PetscArrayzero(&Jr[(size_t)(k * n + i) * N], N));
        Jr[(size_t)(k * n + i) * N + k * n + i] = 1 / e->u0s;
      }
    } else if (h == 0) {
      for (PetscInt i = 0; i < n; i++)
        for (PetscInt m = 0; m < n; m++) Jr[(size_t)(k * n + i) * N + k * n + m] += e->K[i + m * n] / e->s0;
    } else {
      PetscInt  o  = s ? k - 1 : k + 1;
      PetscReal sg = s ? -1 : 1, hw = h * w, sc = 1 / (A * e->s1);
      for (PetscInt i = 0; i < n; i++) {
        PetscReal *row = &Jr[(size_t)(k * n + i) * N];
        for (PetscInt m = 0; m < n; m++) {
          row[k * n + m] += (e->K[i + m * n] - hw * hw * e->M[i + m * n]) / e->s1;
          row[o * n + m] += sg * hw * (e->C[i + m * n] - xi * e->M[i + m * n]) / e->s1;
        }
        // Mq, Cq were overwritten above: recompute M q_o, C q_o, M q_k row i
        {
          PetscReal mqk = 0, mqo = 0, cqo = 0;
          for (PetscInt m = 0; m < n; m++) {
            mqk += e->M[i + m * n] * q[k * n + m];
            mqo += e->M[i + m * n] * q[o * n + m];
            cqo += e->C[i + m * n] * q[o * n + m];
          }
          row[nn]     = (-2 * h * hw * mqk + sg * h * (cqo - xi * mqo) + e->dFdW[k * n + i]) * sc;
          row[nn + 1] = -sg * hw * mqo * sc;
        }
      }
    }
  }
  { // 62a, 62b rows
    PetscReal *ra = &Jr[(size_t)nn * N], *rp = &Jr[(size_t)(nn + 1) * N];
    for (PetscInt i = 0; i < n; i++) {
      PetscReal mc = 0, ms = 0;
      for (PetscInt m = 0; m < n; m++) {
        mc += e->M[i + m * n] * X[c1 * n + m];
        ms += e->M[i + m * n] * X[(c1 + 1) * n + m];
      }
      ra[c1 * n + i]       = 2 * mc;
      ra[(c1 + 1) * n + i] = 2 * ms;
      rp[c1 * n + i]       = e->p[i];
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Residual_Private(void *ctx, const PetscReal X[], PetscReal R[])
{
  NMA_EPMC      *e = (NMA_EPMC *)((TriboNMA)ctx)->data;
  PetscLogDouble t0, t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t0));
  PetscCall(Eval_Private((TriboNMA)ctx, X, R, NULL));
  PetscCall(PetscTime(&t1));
  e->tres += t1 - t0;
  e->nres++;
  PetscFunctionReturn(0);
}

static PetscErrorCode Jacobian_Private(void *ctx, const PetscReal X[], PetscReal J[])
{
  TriboNMA   nma = (TriboNMA)ctx;
  NMA_EPMC  *e   = (NMA_EPMC *)nma->data;
  PetscReal *R;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(e->N, &R));
  PetscCall(Eval_Private(nma, X, R, J));
  PetscCall(PetscFree(R));
  PetscFunctionReturn(0);
}

/* The iterative path (-epmc_solver gmres): linearize at X for TriboHBOpSolve(); the force rows are passed unscaled
   (their row scales act on the right-hand side), the border holds d/domega, d/dxi, d/dlambda of the force rows and
   the rows of 62a, 62b and the continuation's hyperplane. Rate-dependent laws are not supported on this path. */
static PetscErrorCode LinSetUp_Private(void *ctx, const PetscReal X[])
{
  TriboNMA        nma = (TriboNMA)ctx;
  NMA_EPMC       *e   = (NMA_EPMC *)nma->data;
  PetscInt        n = nma->n, nc = e->nc, nn = e->nn, c1 = e->h0;
  const PetscReal w = X[nn], xi = X[nn + 1], A = PetscPowReal(10.0, X[nn + 2]), ln10 = PetscLogReal(10.0);
  PetscReal      *q = e->q, *F = e->F, *Mq = e->w1, *Cq = e->w2, *qm = e->w3, sc[EPMC_MAXH * 2];
  PetscLogDouble  t0, t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t0));
  e->A = A;
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    sc[k] = h == 0 ? 1 : A;
    for (PetscInt i = 0; i < n; i++) {
      q[k * n + i]  = sc[k] * X[k * n + i];
      qm[k * n + i] = h == 0 ? 0 : q[k * n + i];
    }
  }
  PetscCall(TriboHBOpSetLinear(e->op, w, -xi, e->Czero ? 0.0 : 1.0)); // D = C - xi M (TriboHBOpSetDampingMatrix(C))
  PetscCall(TriboHBOpSetColumnScaling(e->op, sc));
  PetscCall(TriboHBOpEvaluate(e->op, TRIBO_LAW_FULL, q, F, PETSC_TRUE));
  PetscCall(TriboHBOpMultJacobian(e->op, qm, e->Jq));
  for (PetscInt k = 0; k < nc; k++) {
    PetscCall(TriboDenseMult_Private(n, e->M, &q[k * n], &Mq[k * n]));
    PetscCall(TriboDenseMult_Private(n, e->C, &q[k * n], &Cq[k * n]));
  }
  PetscCall(PetscArrayzero(e->Bb, 3 * nn));
  PetscCall(PetscArrayzero(e->Cb, 3 * nn));
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    if (h == 0) {
      if (e->static_free)
        for (PetscInt i = 0; i < n; i++) e->Bb[2 * nn + k * n + i] = ln10 * e->Jq[k * n + i];
      continue;
    }
    {
      PetscInt  o  = s ? k - 1 : k + 1;
      PetscReal sg = s ? -1 : 1, hw = h * w;
      for (PetscInt i = 0; i < n; i++) {
        e->Bb[k * n + i]          = -2 * h * hw * Mq[k * n + i] + sg * h * (Cq[o * n + i] - xi * Mq[o * n + i]);
        e->Bb[nn + k * n + i]     = -sg * hw * Mq[o * n + i];
        e->Bb[2 * nn + k * n + i] = ln10 * (e->Jq[k * n + i] - F[k * n + i]);
      }
    }
  }
  for (PetscInt i = 0; i < n; i++) { // 62a: 2 M Psi_1 (Mq = A M Psi); 62b: p
    e->Cb[c1 * n + i]       = 2 * Mq[c1 * n + i] / A;
    e->Cb[(c1 + 1) * n + i] = 2 * Mq[(c1 + 1) * n + i] / A;
    e->Cb[nn + c1 * n + i]  = e->p[i];
  }
  PetscCall(PetscArrayzero(e->Eb, 9));
  PetscCall(PetscTime(&t1));
  e->tlin += t1 - t0;
  e->nlin++;
  PetscFunctionReturn(0);
}

static PetscErrorCode LinSolve_Private(void *ctx, const PetscReal nrow[], const PetscReal b[], PetscReal z[], PetscBool *ok)
{
  TriboNMA   nma = (TriboNMA)ctx;
  NMA_EPMC  *e   = (NMA_EPMC *)nma->data;
  PetscInt   n = nma->n, nc = e->nc, nn = e->nn, its;
  PetscReal *rhs;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(nn + 3, &rhs));
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt  s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    PetscReal f = h ? e->A * e->s1 : (e->static_free ? e->s0 : e->u0s);
    for (PetscInt i = 0; i < n; i++) {
      rhs[k * n + i]            = f * b[k * n + i];
      e->Cb[2 * nn + k * n + i] = (h == 0 && !e->static_free) ? 0 : nrow[k * n + i];
    }
  }
  for (PetscInt jb = 0; jb < 3; jb++) {
    rhs[nn + jb]      = b[nn + jb];
    e->Eb[2 + 3 * jb] = nrow[nn + jb]; // row 2 (the hyperplane), column jb
  }
  {
    PetscLogDouble t0, t1;
    PetscCall(PetscTime(&t0));
    PetscCall(TriboHBOpSolve(e->op, 3, e->Bb, e->Cb, e->Eb, rhs, z, &its, ok));
    PetscCall(PetscTime(&t1));
    e->tsol += t1 - t0;
  }
  e->lits += its;
  e->lsolves++;
  PetscCall(PetscFree(rhs));
  PetscFunctionReturn(0);
}

static PetscErrorCode Monitor_Private(void *ctx, PetscInt step, const PetscReal X[], PetscInt its, PetscReal ds, PetscLogDouble secs,
                                      PetscLogDouble left)
{
  TriboNMA  nma = (TriboNMA)ctx;
  NMA_EPMC *e   = (NMA_EPMC *)nma->data;
  PetscReal w = X[e->nn], xi = X[e->nn + 1];

  PetscFunctionBeginUser;
  if (!nma->verbose) PetscFunctionReturn(0);
  PetscCall(PetscPrintf(
      nma->comm, "  [%3" PetscInt_FMT "] q = %.4e  f = %10.4f Hz  zeta = %.4e  Newton %2" PetscInt_FMT "  ds %.2e  %7.2f s  (left ~%.0f s)\n", step,
      (double)PetscPowReal(10.0, X[e->nn + 2]), (double)(w / (2 * PETSC_PI)), (double)(xi / (2 * w)), its, (double)ds, (double)secs, (double)left));
  PetscFunctionReturn(0);
}

/* Rayleigh damping (eq. 59-60) from two prestressed linearized modes, or the ROM's C */
static PetscErrorCode Damping_Private(TriboNMA nma)
{
  NMA_EPMC  *e = (NMA_EPMC *)nma->data;
  PetscInt   n = nma->n;
  PetscReal *Kp;

  PetscFunctionBeginUser;
  if (nma->rom->C) {
    const PetscScalar *c;
    PetscCall(MatDenseGetArrayRead(nma->rom->C, &c));
    for (PetscInt k = 0; k < n * n; k++) e->C[k] = PetscRealPart(c[k]);
    PetscCall(MatDenseRestoreArrayRead(nma->rom->C, &c));
    e->alpha = e->beta = 0;
    PetscFunctionReturn(0);
  }
  // K_pre = sym(K + d f_nl/du) at the prestress with its history
  PetscCall(PetscMalloc1(n * n, &Kp));
  PetscCall(TriboJointTangentAt_Private(nma->joint, nma->hs, nma->us, n, e->K, Kp));
  for (PetscInt i = 0; i < n; i++)
    for (PetscInt j = 0; j < i; j++) Kp[i + j * n] = Kp[j + i * n] = 0.5 * (Kp[i + j * n] + Kp[j + i * n]);
  {
    PetscReal w1 = PetscSqrtReal(nma->lam0), w2 = 0, z1 = e->rzeta_set ? e->rzeta[0] : nma->zeta0, z2 = e->rzeta_set ? e->rzeta[1] : nma->zeta0;
    PetscInt  m1 = e->rmodes_set ? e->rmodes[0] : nma->mode, m2 = e->rmodes_set ? e->rmodes[1] : nma->mode + 1;
    PetscBool two = PETSC_FALSE;
    if (nma->modal) {
      PetscReal o2;
      PetscInt  nev, nrigid;
      PetscCall(TriboModalGetModes(nma->modal, &nev, NULL, NULL));
      PetscCall(TriboModalGetNumberRigid(nma->modal, &nrigid));
      PetscCheck(!e->rmodes_set || PetscMax(m1, m2) <= nev - nrigid, nma->comm, PETSC_ERR_USER_INPUT,
                 "-%sepmc_rayleigh_modes %" PetscInt_FMT ",%" PetscInt_FMT ": only %" PetscInt_FMT
                 " elastic modes were computed (raise -modal_nmodes)",
                 nma->prefix ? nma->prefix : "", m1, m2, nev - nrigid);
      if (PetscMax(m1, m2) <= nev - nrigid && m1 != m2) {
        PetscCall(TriboModalGetElasticMode(nma->modal, m1, &o2, NULL));
        w1 = PetscSqrtReal(o2);
        PetscCall(TriboModalGetElasticMode(nma->modal, m2, &o2, NULL));
        w2  = PetscSqrtReal(o2);
        two = (PetscBool)(w2 > 0 && PetscAbsReal(w2 - w1) > 1e-12 * w1);
      }
    }
    if (two)
      TriboRayleighFit_Private(w1, w2, z1, z2, &e->alpha, &e->beta); // eq. 60
    else {                                                           // one mode known: mass-proportional damping with zeta z1 at w1
      e->alpha = 2 * z1 * w1;
      e->beta  = 0;
    }
  }
  for (PetscInt k = 0; k < n * n; k++) e->C[k] = e->alpha * e->M[k] + e->beta * Kp[k];
  PetscCall(PetscFree(Kp));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMASetUp_EPMC(TriboNMA nma)
{
  NMA_EPMC *e = (NMA_EPMC *)nma->data;
  PetscInt  n = nma->n, has1 = 0;

  PetscFunctionBeginUser;
  for (PetscInt a = 0; a < e->nharm; a++) has1 |= e->harm[a] == 1;
  PetscCheck(has1, nma->comm, PETSC_ERR_USER_INPUT,
             "-%shb_harmonics must contain the first harmonic for EPMC (its amplitude and phase are normalized, eq. 62)",
             nma->prefix ? nma->prefix : "");
  PetscCheck(e->harm[0] == 1 || (e->harm[0] == 0 && e->nharm > 1 && e->harm[1] == 1), nma->comm, PETSC_ERR_USER_INPUT,
             "-%shb_harmonics: EPMC needs harmonic 1 first after 0 (got %" PetscInt_FMT " first)", nma->prefix ? nma->prefix : "", e->harm[0]);
  PetscCall(TriboHBDestroy(&e->hb));
  PetscCall(TriboHBCreate(nma->comm, &e->hb));
  PetscCall(TriboHBSetHarmonics(e->hb, e->nharm, e->harm));
  PetscCall(TriboHBSetNt(e->hb, e->Nt));
  PetscCall(TriboHBSetAFTTolerances(e->hb, e->aftrtol, e->maxper));
  PetscCall(TriboHBSetSliderStart(e->hb, e->slider));
  PetscCall(TriboHBSetUp(e->hb));
  PetscCall(TriboHBGetSizes(e->hb, NULL, &e->nc, NULL));
  e->h0 = e->harm[0] == 0;
  e->nn = e->nc * n;
  e->N  = e->nn + 3;
  PetscCall(PetscFree4(e->K, e->M, e->C, e->p));
  PetscCall(PetscFree7(e->q, e->F, e->Jnl, e->Jq, e->w1, e->w2, e->w3));
  PetscCall(PetscFree(e->fs));
  PetscCall(PetscFree(e->dFdW));
  PetscCall(PetscMalloc4(n * n, &e->K, n * n, &e->M, n * n, &e->C, n, &e->p));
  PetscCall(PetscMalloc7(e->nn, &e->q, e->nn, &e->F, e->gmres ? 1 : (size_t)e->nn * e->nn, &e->Jnl, e->nn, &e->Jq, e->nn, &e->w1, e->nn, &e->w2,
                         e->nn, &e->w3));
  PetscCall(PetscMalloc1(n, &e->fs));
  PetscCall(PetscMalloc1(e->nn, &e->dFdW));
  {
    const PetscScalar *k, *m;
    PetscCall(MatDenseGetArrayRead(nma->rom->K, &k));
    PetscCall(MatDenseGetArrayRead(nma->rom->M, &m));
    for (PetscInt i = 0; i < n * n; i++) e->K[i] = PetscRealPart(k[i]), e->M[i] = PetscRealPart(m[i]);
    PetscCall(MatDenseRestoreArrayRead(nma->rom->K, &k));
    PetscCall(MatDenseRestoreArrayRead(nma->rom->M, &m));
  }
  for (PetscInt i = 0; i < n; i++) e->fs[i] = nma->fs ? nma->fs[i] : 0;
  if (!e->gmres_set) e->gmres = (PetscBool)(e->nn > 3000);
  PetscCall(PetscFree2(e->Bb, e->Cb));
  if (e->gmres) {
    PetscBool rate;
    PetscCall(TriboJointIsRateDependent_Private(nma->joint, &rate));
    PetscCheck(!rate, nma->comm, PETSC_ERR_SUP, "-%sepmc_solver gmres does not support rate-dependent laws (tanh): use -epmc_solver dense",
               nma->prefix ? nma->prefix : "");
    PetscCall(TriboHBOpSetJoint(e->op, nma->joint));
    PetscCall(TriboHBOpSetHB(e->op, e->hb));
    PetscCall(TriboHBOpSetUp(e->op));
    PetscCall(PetscMalloc2(3 * e->nn, &e->Bb, 3 * e->nn, &e->Cb));
  }
  PetscFunctionReturn(0);
}

/* Interface energies and loops of branch point X, stored at backbone entry ia: the energy each interface point
   dissipates per cycle, W_p = w_p pi sum_h h (T_hc . U_hs - T_hs . U_hc) (the exact discrete integral of t . du over
   the AFT samples, TriboJointEvaluateHBPoints(); w_p = 1 for discrete elements); the relative displacement and
   traction of the -backbone_loop_points points at the Nt samples of a period; and the modal loop: the modal
   coordinate q(tau) = phi^T M x~ / |phi|_M and the modal restoring force phi^T (K x~ + f~_nl) / |phi|_M, x~ and f~_nl
   the oscillating parts (harmonics >= 1; f~_nl band-limited to them), phi = Psi_s1. */
static PetscErrorCode Post_Private(TriboNMA nma, const PetscReal X[], PetscInt ia)
{
  NMA_EPMC      *e = (NMA_EPMC *)nma->data;
  TriboBackbone *b = &nma->bb;
  TriboInterface f = nma->rom->iface;
  PetscInt       n = nma->n, nc = e->nc, N3 = 3 * e->nc, Nt = e->Nt, c1 = e->h0;
  PetscReal      A = PetscPowReal(10.0, X[e->nn + 2]), *Up, *Tp, *xs, *fs, *Mphi, *Kphi, nphi = 0;

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
    for (PetscInt i = 0; i < n; i++) e->q[k * n + i] = (h == 0 ? 1 : A) * X[k * n + i];
  }
  PetscCall(TriboHBSetFrequency(e->hb, X[e->nn]));
  PetscCall(PetscMalloc2(f->npts * N3, &Up, f->npts * N3, &Tp));
  PetscCall(TriboJointEvaluateHBPoints(nma->joint, e->hb, TRIBO_LAW_FULL, e->q, Up, Tp));
  for (PetscInt pt = 0; pt < f->npts; pt++) {
    PetscReal W = 0;
    for (PetscInt k = 0; k < nc; k++) {
      PetscInt s, h = TriboHBColumnHarmonic_Private(e->harm, k, &s);
      if (h == 0 || s) continue;
      for (PetscInt c = 0; c < 3; c++)
        W += h * (Tp[pt * N3 + 3 * k + c] * Up[pt * N3 + 3 * (k + 1) + c] - Tp[pt * N3 + 3 * (k + 1) + c] * Up[pt * N3 + 3 * k + c]);
    }
    b->point_dissip[ia * b->npd + pt] = PETSC_PI * f->pw[pt] * W;
  }
  for (PetscInt a = 0; a < b->npl; a++) { // point loops at the Nt samples
    PetscReal *us = &b->pl_u[0], *ts = &b->pl_t[0], *wu, *wt;
    PetscCall(PetscMalloc2(3 * Nt, &wu, 3 * Nt, &wt));
    PetscCall(TriboHBToTime(e->hb, 3, &Up[b->pl_index[a] * N3], wu));
    PetscCall(TriboHBToTime(e->hb, 3, &Tp[b->pl_index[a] * N3], wt));
    for (PetscInt j = 0; j < Nt; j++)
      for (PetscInt c = 0; c < 3; c++) {
        us[((ia * Nt + j) * b->npl + a) * 3 + c] = wu[3 * j + c];
        ts[((ia * Nt + j) * b->npl + a) * 3 + c] = wt[3 * j + c];
      }
    PetscCall(PetscFree2(wu, wt));
  }
  // the modal loop
  PetscCall(PetscMalloc4(Nt * n, &xs, Nt * n, &fs, n, &Mphi, n, &Kphi));
  PetscCall(TriboJointEvaluateHBV(nma->joint, e->hb, TRIBO_LAW_FULL, e->q, e->F, NULL, NULL));
  if (e->h0)
    for (PetscInt i = 0; i < n; i++) e->q[i] = e->F[i] = 0;
  PetscCall(TriboHBToTime(e->hb, n, e->q, xs));
  PetscCall(TriboHBToTime(e->hb, n, e->F, fs));
  PetscCall(TriboDenseMult_Private(n, e->M, &X[(c1 + 1) * n], Mphi));
  PetscCall(TriboDenseMult_Private(n, e->K, &X[(c1 + 1) * n], Kphi));
  for (PetscInt i = 0; i < n; i++) nphi += X[(c1 + 1) * n + i] * Mphi[i];
  nphi = PetscSqrtReal(nphi);
  for (PetscInt j = 0; j < Nt; j++) {
    PetscReal qq = 0, ff = 0;
    for (PetscInt i = 0; i < n; i++) {
      qq += Mphi[i] * xs[j * n + i];
      ff += Kphi[i] * xs[j * n + i] + X[(c1 + 1) * n + i] * fs[j * n + i];
    }
    b->loop_q[ia * Nt + j]     = qq / nphi;
    b->loop_force[ia * Nt + j] = ff / nphi;
  }
  PetscCall(PetscFree4(xs, fs, Mphi, Kphi));
  PetscCall(PetscFree2(Up, Tp));
  PetscFunctionReturn(0);
}

/* The target function of -epmc_recovery_targets (TriboContSetTargetFunction()): the first-harmonic amplitude of recovery row
   r, d = A sqrt((r . Psi_c1)^2 + (r . Psi_s1)^2), or the acceleration amplitude omega^2 d (eq. 63), and its gradient */
static PetscErrorCode RecoveryTarget_Private(void *ctx, const PetscReal X[], PetscReal *g, PetscReal dg[])
{
  TriboNMA  nma = (TriboNMA)ctx;
  NMA_EPMC *e   = (NMA_EPMC *)nma->data;
  PetscInt  n = nma->n, nn = e->nn, c1 = e->h0;
  PetscReal A = PetscPowReal(10.0, X[nn + 2]), w = X[nn], sc = 0, ss = 0, m, fac = e->racc ? w * w : 1;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) sc += e->rvec[i] * X[c1 * n + i], ss += e->rvec[i] * X[(c1 + 1) * n + i];
  m  = PetscSqrtReal(sc * sc + ss * ss);
  *g = fac * A * m;
  PetscCall(PetscArrayzero(dg, e->N));
  if (m > 0)
    for (PetscInt i = 0; i < n; i++) {
      dg[c1 * n + i]       = fac * A * sc / m * e->rvec[i];
      dg[(c1 + 1) * n + i] = fac * A * ss / m * e->rvec[i];
    }
  dg[nn + 2] = PetscLogReal(10.0) * *g;
  if (e->racc) dg[nn] = 2 * w * A * m;
  PetscFunctionReturn(0);
}

/* The first point's guess by -epmc_start (issue 35 item 3), into X0 (whose parameter X0[nn + 2] is set), *w0 and *z0.
   - tangent (default): Psi_s1 = phi0, the followed mode of the linearization at the prestress (TriboNMASetUp()), as NLvib's
     and tmdsimpy's examples start.
   - stuck: the mode of K_t + kappa J_v, J_v = df/dv of the joint at the prestress at rest (TriboJointEvaluateV()), so that
     every rate-dependent element (tanh: a damper mu N/eps at rest) is held by a stiff spring, kappa = 1e6 max|K_t,ii| /
     max|J_v,ii| [1/s]: the mode with those elements fixed (NLvib ex05's PHI_fixed) to about 1e-6 in the eigenvalue.
     The same as tangent for laws that do not read velocities (their tangent at rest is the stuck one already).
   - slipped: the mode of K plus the joint's tangent in normal mode only (TRIBO_LAW_NORMAL: no tangential traction), the
     interface slipping freely (NLvib ex05's PHI_free).
   Of the eigenvectors of the stuck or slipped pencil the one most like phi0 is taken (largest MAC in M), and reported.
   - file:PATH: a point of an earlier branch file (-cont_output of an EPMC with the same ROM and -hb_harmonics: /cont/X and
     /cont/target_hits), the one whose log10 amplitude is nearest the first amplitude; its amplitude is replaced by it. */
static PetscErrorCode StartGuess_Private(TriboNMA nma, PetscReal lg0, PetscReal X0[], PetscReal *w0, PetscReal *z0)
{
  NMA_EPMC *e = (NMA_EPMC *)nma->data;
  PetscInt  n = nma->n, nn = e->nn, N = e->N, c1 = e->h0;

  PetscFunctionBeginUser;
  if (!strncmp(e->start, "file:", 5)) {
    const char *path = e->start + 5;
    TriboH5     h;
    PetscInt    nd, dims[3], best = -1, np = 0;
    PetscReal  *B = NULL, *Hh = NULL, dbest = PETSC_MAX_REAL;
    PetscBool   has;
    PetscCall(TriboH5Open(nma->comm, path, &h));
    PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_X, &nd, dims, &B));
    PetscCheck(nd == 2 && dims[1] == N, nma->comm, PETSC_ERR_USER_INPUT,
               "-epmc_start file:%s: %s holds %" PetscInt_FMT " unknowns per point, this EPMC has %" PetscInt_FMT " (%" PetscInt_FMT
               " harmonic columns x %" PetscInt_FMT " DOFs + 3): the branch of an EPMC with the same ROM and -hb_harmonics is needed",
               path, TRIBO_H5_CONT_X, nd == 2 ? dims[1] : -1, N, e->nc, n);
    np = dims[0];
    PetscCall(TriboH5Has(h, TRIBO_H5_CONT_HITS, &has));
    if (has) { // the landed solutions count too
      PetscInt nh, dh[3];
      PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_HITS, &nh, dh, &Hh));
      if (nh == 2 && dh[1] == N && dh[0] > 0) {
        PetscCall(PetscRealloc(sizeof(PetscReal) * (np + dh[0]) * N, &B));
        PetscCall(PetscArraycpy(B + np * N, Hh, dh[0] * N));
        np += dh[0];
      }
      PetscCall(PetscFree(Hh));
    }
    PetscCall(TriboH5Close(&h, PETSC_FALSE));
    for (PetscInt k = 0; k < np; k++) {
      PetscReal d      = PetscAbsReal(B[k * N + nn + 2] - lg0);
      PetscBool finite = PETSC_TRUE;
      for (PetscInt i = 0; i < N; i++) finite = (PetscBool)(finite && !PetscIsInfOrNanReal(B[k * N + i]));
      if (finite && d < dbest) best = k, dbest = d;
    }
    PetscCheck(best >= 0, nma->comm, PETSC_ERR_USER_INPUT, "-epmc_start file:%s: %s holds no finite point", path, TRIBO_H5_CONT_X);
    PetscCall(PetscArraycpy(X0, B + best * N, N));
    PetscCall(PetscFree(B));
    PetscCheck(X0[nn] > 0, nma->comm, PETSC_ERR_USER_INPUT, "-epmc_start file:%s: point %" PetscInt_FMT " has frequency %g, expected > 0", path, best,
               (double)X0[nn]);
    *w0 = X0[nn];
    *z0 = X0[nn + 1] / (2 * X0[nn]);
    if (nma->verbose)
      PetscCall(PetscPrintf(nma->comm, "EPMC start: point %" PetscInt_FMT " of %s, q = %.4e (moved to %.4e), %.6g Hz, zeta %.4e\n", best, path,
                            (double)PetscPowReal(10.0, X0[nn + 2]), (double)PetscPowReal(10.0, lg0), (double)(*w0 / (2 * PETSC_PI)), (double)*z0));
    X0[nn + 2] = lg0;
    PetscFunctionReturn(0);
  }
  if (!strcmp(e->start, "stuck") || !strcmp(e->start, "slipped")) {
    PetscBool  stuck = (PetscBool)!strcmp(e->start, "stuck");
    PetscReal *Ks, *Ms, *Jv, *f, *v, *lam, mphi0 = 0, macbest = -1, kmax = 0, jmax = 0;
    PetscInt   best = -1;
    PetscCall(PetscMalloc6(n * n, &Ks, n * n, &Ms, n * n, &Jv, n, &f, n, &v, n, &lam));
    PetscCall(PetscArraycpy(Ks, e->K, n * n));
    PetscCall(TriboJointCopyHistory(nma->joint, (PetscReal *)nma->hs, PETSC_FALSE));
    PetscCall(TriboJointEvaluate(nma->joint, stuck ? TRIBO_LAW_FULL : TRIBO_LAW_NORMAL, nma->us, f, Ks));
    if (stuck) { // the rate-dependent elements held
      PetscCall(PetscArrayzero(Jv, n * n));
      PetscCall(PetscArrayzero(v, n));
      PetscCall(PetscArrayzero(Ms, n * n)); // d f/du again, discarded
      PetscCall(TriboJointCopyHistory(nma->joint, (PetscReal *)nma->hs, PETSC_FALSE));
      PetscCall(TriboJointEvaluateV(nma->joint, TRIBO_LAW_FULL, nma->us, v, f, Ms, Jv));
      for (PetscInt i = 0; i < n; i++) kmax = PetscMax(kmax, PetscAbsReal(Ks[i + i * n])), jmax = PetscMax(jmax, PetscAbsReal(Jv[i + i * n]));
      if (jmax > 0)
        for (PetscInt k = 0; k < n * n; k++) Ks[k] += 1e6 * kmax / jmax * Jv[k];
    }
    for (PetscInt i = 0; i < n; i++) // symmetric part (friction tangents need not be symmetric)
      for (PetscInt j = 0; j < i; j++) Ks[i + j * n] = Ks[j + i * n] = 0.5 * (Ks[i + j * n] + Ks[j + i * n]);
    PetscCall(PetscArraycpy(Ms, e->M, n * n));
    PetscCall(TriboDenseEigen(n, Ks, Ms, lam));
    PetscCall(TriboDenseMult_Private(n, e->M, nma->phi0, v));
    for (PetscInt i = 0; i < n; i++) mphi0 += nma->phi0[i] * v[i];
    for (PetscInt m = 0; m < n; m++) { // eigenvectors M-orthonormal: MAC = (phi_m^T M phi0)^2 / (phi0^T M phi0)
      PetscReal d = 0;
      for (PetscInt i = 0; i < n; i++) d += Ks[m * n + i] * v[i];
      if (lam[m] > 0 && d * d / mphi0 > macbest) macbest = d * d / mphi0, best = m;
    }
    PetscCheck(best >= 0, nma->comm, PETSC_ERR_USER_INPUT, "-epmc_start %s: the %s linearization has no mode of positive stiffness", e->start,
               e->start);
    {
      PetscReal d = 0;
      for (PetscInt i = 0; i < n; i++) d += Ks[best * n + i] * v[i];
      for (PetscInt i = 0; i < n; i++) X0[(c1 + 1) * n + i] = (d < 0 ? -1 : 1) * Ks[best * n + i]; // the sign of phi0
    }
    *w0 = PetscSqrtReal(lam[best]);
    PetscCall(TriboDenseMult_Private(n, e->C, &X0[(c1 + 1) * n], v));
    *z0 = 0;
    for (PetscInt i = 0; i < n; i++) *z0 += X0[(c1 + 1) * n + i] * v[i];
    *z0 /= 2 * *w0;
    X0[nn]     = *w0;
    X0[nn + 1] = 2 * *z0 * *w0;
    if (nma->verbose)
      PetscCall(PetscPrintf(nma->comm, "EPMC start: the %s linearization's mode %" PetscInt_FMT " (MAC %.4f with the followed mode), %.6g Hz\n",
                            e->start, best + 1, (double)macbest, (double)(*w0 / (2 * PETSC_PI))));
    PetscCall(PetscFree6(Ks, Ms, Jv, f, v, lam));
  }
  X0[nn + 2] = lg0;
  PetscFunctionReturn(0);
}

/* Initial guess and scales, continuation, then the backbone at the branch points */
static PetscErrorCode TriboNMASolve_EPMC(TriboNMA nma)
{
  NMA_EPMC        *e = (NMA_EPMC *)nma->data;
  PetscInt         n = nma->n, nn = e->nn, N = e->N, c1 = e->h0, npts;
  PetscReal       *X0, *D, pn = 0, mp = 0, umax = 0, phimax = 0, w0 = PetscSqrtReal(nma->lam0), z0;
  const PetscReal *B;
  TriboContReason  reason;
  PetscReal        qend, *Hbuf = NULL;
  PetscInt         nreq, nmiss, *Hits = NULL, dir, ifirst;
  PetscLogDouble   t0, t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t0));
  PetscCall(TriboContGetDirection(e->cont, &dir));
  if (nma->descend) dir = -1; // -backbone_qmin > -backbone_qmax
  PetscCall(TriboContSetDirection(e->cont, dir));
  ifirst = dir > 0 ? 0 : nma->na - 1; // the first point: the smallest amplitude, or the largest going down
  PetscCall(Damping_Private(nma));
  PetscCall(TriboDenseMult_Private(n, e->M, nma->phi0, e->p));
  for (PetscInt i = 0; i < n; i++) pn += e->p[i] * e->p[i], mp = PetscMax(mp, PetscAbsReal(e->p[i]));
  for (PetscInt i = 0; i < n; i++) e->p[i] /= PetscSqrtReal(pn);
  for (PetscInt i = 0; i < n; i++) umax = PetscMax(umax, PetscAbsReal(nma->us[i])), phimax = PetscMax(phimax, PetscAbsReal(nma->phi0[i]));
  e->s1 = nma->lam0 * mp;
  PetscCall(TriboROMForceScale(nma->rom, nma->us, e->fs, &e->s0));
  if (!(e->s0 > 0)) e->s0 = e->s1;
  { // linear damping ratio of the mode: phi^T C phi / (2 w0)
    PetscCall(TriboDenseMult_Private(n, e->C, nma->phi0, e->w1));
    z0 = 0;
    for (PetscInt i = 0; i < n; i++) z0 += nma->phi0[i] * e->w1[i];
    z0 /= 2 * w0;
  }
  PetscCall(PetscCalloc2(N, &X0, N, &D));
  if (e->h0)
    for (PetscInt i = 0; i < n; i++) X0[i] = nma->us[i];
  for (PetscInt i = 0; i < n; i++) X0[(c1 + 1) * n + i] = nma->phi0[i]; // Psi_s1 = phi0 (notes §7)
  X0[nn]     = w0;
  X0[nn + 1] = 2 * z0 * w0;
  PetscCall(StartGuess_Private(nma, PetscLog10Real(nma->amps[ifirst]), X0, &w0, &z0));
  for (PetscInt k = 0; k < e->nc; k++)
    for (PetscInt i = 0; i < n; i++) D[k * n + i] = (e->h0 && k == 0) ? PetscMax(umax, phimax * nma->amps[nma->na - 1]) : phimax;
  e->u0s    = D[0];
  D[nn]     = w0;
  D[nn + 1] = 2 * w0 * PetscMax(z0, 0.1);
  D[nn + 2] = 1;
  PetscCall(TriboContSetFunction(e->cont, N, Residual_Private, Jacobian_Private, nma));
  if (e->gmres) { // the modal preconditioner on the stuck tangent at the prestress; D = C - xi M
    PetscReal *Kt;
    PetscCall(PetscMalloc1(n * n, &Kt));
    PetscCall(TriboJointTangentAt_Private(nma->joint, nma->hs, nma->us, n, NULL, Kt));
    PetscCall(TriboHBOpSetReferenceTangent(e->op, Kt));
    e->Czero = PETSC_TRUE;
    for (PetscInt k = 0; k < n * n; k++) e->Czero = (PetscBool)(e->Czero && e->C[k] == 0);
    PetscCall(TriboHBOpSetDampingMatrix(e->op, e->Czero ? NULL : e->C)); // no damping product when C = 0
    PetscCall(TriboHBOpSetFixedStatic(e->op, (PetscBool)!e->static_free));
    PetscCall(PetscFree(Kt));
    PetscCall(TriboContSetLinearSolver(e->cont, LinSetUp_Private, LinSolve_Private, nma));
    e->lits = e->lsolves = e->nres = e->nlin = 0;
    e->tres = e->tlin = e->tsol = 0;
  }
  PetscCall(TriboContSetScaling(e->cont, D));
  PetscCall(TriboContSetMonitor(e->cont, Monitor_Private, nma));
  if (dir > 0)
    PetscCall(TriboContSetParameterBounds(e->cont, X0[nn + 2] - 1e-9, PetscLog10Real(nma->amps[nma->na - 1])));
  else
    PetscCall(TriboContSetParameterBounds(e->cont, PetscLog10Real(nma->amps[0]), X0[nn + 2] + 1e-9));
  if (nma->verbose)
    PetscCall(PetscPrintf(nma->comm,
                          "EPMC: %" PetscInt_FMT " unknowns (%" PetscInt_FMT " harmonic columns x %" PetscInt_FMT " DOFs + 3), Nt = %" PetscInt_FMT
                          ", damping %s (alpha %.4e 1/s, beta %.4e s), zeta of the start %.4e\n",
                          N, e->nc, n, e->Nt, nma->rom->C ? "C of the ROM" : "Rayleigh (eq. 59-60)", (double)e->alpha, (double)e->beta, (double)z0));
  if (e->nrtarg) { // exact solutions at the requested recovery-row amplitudes, landed by TriboCont on g(X) = target
    PetscInt           nrec = nma->rom->nrec;
    const PetscScalar *rr;
    PetscCheck(!nma->amps_requested, nma->comm, PETSC_ERR_USER_INPUT, "-%sepmc_recovery_targets and -%sbackbone_amplitudes exclude each other",
               nma->prefix ? nma->prefix : "", nma->prefix ? nma->prefix : "");
    PetscCheck(e->rrow >= 0 && e->rrow < nrec, nma->comm, PETSC_ERR_USER_INPUT,
               "-%sepmc_recovery_row %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " recovery rows (0-based)",
               nma->prefix ? nma->prefix : "", e->rrow, nrec);
    PetscCall(PetscFree(e->rvec));
    PetscCall(PetscMalloc1(n, &e->rvec));
    PetscCall(MatDenseGetArrayRead(nma->rom->R, &rr));
    for (PetscInt i = 0; i < n; i++) e->rvec[i] = PetscRealPart(rr[e->rrow + i * nrec]);
    PetscCall(MatDenseRestoreArrayRead(nma->rom->R, &rr));
    PetscCall(TriboContSetTargets(e->cont, e->nrtarg, e->rtarg));
    PetscCall(TriboContSetTargetFunction(e->cont, RecoveryTarget_Private, nma));
  } else if (nma->amps_requested) { // exact solutions at the requested amplitudes, landed by TriboCont
    PetscReal *lg;
    PetscCall(PetscMalloc1(nma->na, &lg));
    for (PetscInt i = 0; i < nma->na; i++) lg[i] = PetscLog10Real(nma->amps[i]);
    lg[ifirst] = X0[nn + 2]; // the first point's parameter, bit for bit
    PetscCall(TriboContSetTargets(e->cont, nma->na, lg));
    PetscCall(PetscFree(lg));
  }
  PetscCall(TriboContSolve(e->cont, X0));
  PetscCall(TriboContGetConvergedReason(e->cont, &reason));
  PetscCall(TriboContGetBranch(e->cont, &npts, &B));
  PetscCall(PetscTime(&t1));
  qend = nma->amps[dir > 0 ? nma->na - 1 : 0]; // before TriboNMASetAmplitudes() below keeps the branch points
  nreq = e->nrtarg ? e->nrtarg : (nma->amps_requested ? nma->na : 0), nmiss = 0;
  if (nreq) { // the first hit of every requested amplitude, in their order: these are the backbone's points
    PetscInt         nh;
    const PetscInt  *ht;
    const PetscReal *H;
    PetscCall(TriboContGetTargetHits(e->cont, &nh, &ht, &H));
    PetscCall(PetscMalloc2(nreq * N + 1, &Hbuf, nreq + 1, &Hits));
    for (PetscInt t = 0, m = 0; t < nreq; t++) {
      PetscInt h = 0;
      while (h < nh && ht[h] != t) h++;
      if (h == nh) {
        nmiss++;
        continue;
      }
      PetscCall(PetscArraycpy(Hbuf + m * N, H + h * N, N));
      Hits[m++] = 0;
    }
    B = Hbuf, npts = nreq - nmiss;
  }
  // the backbone at the branch points inside the amplitude range (or at the requested amplitudes)
  {
    PetscReal lo = PetscLog10Real(nma->amps[0]) - 1e-9, hi = PetscLog10Real(nma->amps[nma->na - 1]) + 1e-9, *R, *amps;
    PetscInt *order, na                                    = 0, nk;
    PetscCall(PetscMalloc3(N, &R, npts + 1, &amps, npts + 1, &order));
    for (PetscInt k = 0; k < npts; k++) { // points in the range, amplitude monotone in the direction traced (after a fold of log10 A: none)
      PetscReal l = B[k * N + nn + 2];
      if (nreq || (l >= lo && l <= hi && (na == 0 || dir * (l - B[order[na - 1] * N + nn + 2]) > 0))) order[na++] = k;
    }
    PetscCheck(na > 0, nma->comm, PETSC_ERR_NOT_CONVERGED,
               "EPMC: the first point, q = %.6e, did not converge from the %s start (%s): no backbone; try another start (-epmc_start "
               "tangent|stuck|slipped|file:PATH), or begin where it converges and trace toward here (-backbone_qmin above -backbone_qmax traces "
               "downward)",
               (double)nma->amps[ifirst], e->start, TriboContReasons[reason + 3]);
    if (dir < 0 && !nreq) // traced downward: stored with growing amplitude, as every backbone (the requested hits are in target order already)
      for (PetscInt a = 0; a < na / 2; a++) {
        PetscInt k        = order[a];
        order[a]          = order[na - 1 - a];
        order[na - 1 - a] = k;
      }
    if (nreq) // the hits with growing amplitude (recovery-row targets need not be in the order of q)
      for (PetscInt a = 1; a < na; a++)
        for (PetscInt b = a; b > 0 && B[order[b] * N + nn + 2] < B[order[b - 1] * N + nn + 2]; b--) {
          PetscInt k   = order[b];
          order[b]     = order[b - 1];
          order[b - 1] = k;
        }
    for (PetscInt a = 0; a < na; a++) amps[a] = PetscPowReal(10.0, B[order[a] * N + nn + 2]);
    PetscCall(TriboNMASetAmplitudes(nma, na, amps));
    PetscCall(TriboNMABackboneAllocate(nma));
    PetscCall(TriboNMABackboneAllocateLoops(nma, e->Nt));
    nma->bb.npd       = nma->rom->iface->npts;
    nma->bb.requested = (PetscBool)(nreq > 0);
    if (e->nrtarg)
      PetscCall(PetscSNPrintf(nma->bb.reqwhat, sizeof(nma->bb.reqwhat), "-epmc_recovery_targets (recovery row %" PetscInt_FMT ", %s amplitude)",
                              e->rrow, e->racc ? "acceleration" : "displacement"));
    PetscCall(PetscCalloc1(nma->bb.na * nma->bb.npd, &nma->bb.point_dissip));
    nk = na;
    for (na = 0; na < nk; na++) {
      PetscInt         k = order[na];
      const PetscReal *X = &B[k * N];
      TriboBackbone   *b = &nma->bb;
      PetscReal        w = X[nn], xi = X[nn + 1], A = PetscPowReal(10.0, X[nn + 2]), W = 0, r = 0;
      PetscInt         its;
      PetscCall(Eval_Private(nma, X, R, NULL));
      for (PetscInt i = 0; i < N - 1; i++) r = PetscMax(r, PetscAbsReal(R[i]));
      for (PetscInt kk = 0; kk < e->nc; kk++) {
        PetscInt  s, h = TriboHBColumnHarmonic_Private(e->harm, kk, &s);
        PetscReal qmq = 0;
        if (h == 0) continue;
        PetscCall(TriboDenseMult_Private(n, e->M, &X[kk * n], e->w1));
        for (PetscInt i = 0; i < n; i++) qmq += X[kk * n + i] * e->w1[i];
        W += PETSC_PI * xi * w * h * h * A * A * qmq;
      }
      b->freq[na]   = w / (2 * PETSC_PI);
      b->zeta[na]   = xi / (2 * w);
      b->dissip[na] = W;
      b->lam_p[na] = b->lam_m[na] = w * w;
      b->resid[na]                = r;
      if (nreq)
        its = Hits[k]; // landed: the iterations of the landing are not kept
      else {
        const PetscInt *itsv;
        PetscCall(TriboContGetIterations(e->cont, &itsv));
        its = itsv[k];
      }
      b->newton[na]  = its;
      b->status[na]  = TRIBO_BACKBONE_CONVERGED;
      b->seconds[na] = (t1 - t0) / npts;
      for (PetscInt i = 0; i < n; i++) b->phi[na * n + i] = X[(c1 + 1) * n + i];
      if (b->nrec) {
        const PetscScalar *rr;
        PetscCall(MatDenseGetArrayRead(nma->rom->R, &rr));
        for (PetscInt kr = 0; kr < b->nrec; kr++) {
          PetscReal sc = 0, ss = 0;
          for (PetscInt i = 0; i < n; i++) {
            sc += PetscRealPart(rr[kr + i * b->nrec]) * X[c1 * n + i];
            ss += PetscRealPart(rr[kr + i * b->nrec]) * X[(c1 + 1) * n + i];
          }
          b->rec_disp[na * b->nrec + kr] = A * PetscSqrtReal(sc * sc + ss * ss);
          b->rec_acc[na * b->nrec + kr]  = w * w * b->rec_disp[na * b->nrec + kr]; // eq. 63
        }
        PetscCall(MatDenseRestoreArrayRead(nma->rom->R, &rr));
      }
      PetscCall(Post_Private(nma, X, na));
    }
    PetscCall(PetscFree3(R, amps, order));
  }
  if (nmiss && reason == TRIBOCONT_CONVERGED_BOUNDS) { // the branch passed a requested amplitude whose landing failed
    TriboBackbone *b = &nma->bb;
    b->incomplete = b->failed = PETSC_TRUE;
    if (!e->nrtarg)
      PetscCall(PetscSNPrintf(b->stop, sizeof(b->stop),
                              "EPMC: %" PetscInt_FMT " of the %" PetscInt_FMT
                              " requested amplitudes (-backbone_amplitudes) could not be landed; the branch passed them",
                              nmiss, nreq));
    else { // recovery-row targets: the range of -backbone_qmin, -backbone_qmax need not cover them
      PetscInt         nb;
      const PetscReal *Bc;
      PetscReal        gmin = PETSC_MAX_REAL, gmax = 0, g, *dg;
      PetscCall(TriboContGetBranch(e->cont, &nb, &Bc));
      PetscCall(PetscMalloc1(N, &dg));
      for (PetscInt k = 0; k < nb; k++) {
        PetscCall(RecoveryTarget_Private(nma, &Bc[k * N], &g, dg));
        gmin = PetscMin(gmin, g), gmax = PetscMax(gmax, g);
      }
      PetscCall(PetscFree(dg));
      PetscCall(PetscSNPrintf(
          b->stop, sizeof(b->stop),
          "EPMC: %" PetscInt_FMT " of the %" PetscInt_FMT " -epmc_recovery_targets were not landed: the branch from q = %.4e to %.4e "
          "reaches %s amplitudes %.4e to %.4e at recovery row %" PetscInt_FMT " (widen -backbone_qmin, -backbone_qmax where a target lies "
          "outside)",
          nmiss, nreq, (double)PetscPowReal(10.0, Bc[nn + 2]), (double)PetscPowReal(10.0, Bc[(nb - 1) * N + nn + 2]),
          e->racc ? "acceleration" : "displacement", (double)gmin, (double)gmax, e->rrow));
    }
  }
  { // reversals of the modal amplitude (folds of the branch in log10 A): reported; a branch that turned back and left the range at its start
    // never reached its end, and is incomplete
    PetscInt         nf;
    const PetscReal *FX, *Bc;
    PetscInt         nb;
    char             list[256] = "";
    PetscCall(TriboContGetFolds(e->cont, &nf, &FX));
    PetscCall(TriboContGetBranch(e->cont, &nb, &Bc));
    for (PetscInt k = 0; k < nf && k < 8; k++) {
      size_t len;
      PetscCall(PetscStrlen(list, &len));
      PetscCall(PetscSNPrintf(list + len, sizeof(list) - len, "%s%.6g", k ? ", " : "", (double)PetscPowReal(10.0, FX[k * N + nn + 2])));
    }
    if (nf) {
      TriboBackbone *b    = &nma->bb;
      PetscReal      last = Bc[(nb - 1) * N + nn + 2], lend = PetscLog10Real(qend);
      PetscBool      back = (PetscBool)(reason == TRIBOCONT_CONVERGED_BOUNDS && dir * (last - lend) < 0);
      PetscCall(PetscSNPrintf(b->warn, sizeof(b->warn),
                              "EPMC: the modal amplitude reverses at q = %s%s (%" PetscInt_FMT
                              " fold%s of the branch: an internal resonance, or a jump to another branch; -cont_ds_max smaller follows it closer)%s",
                              list, nf > 8 ? ", ..." : "", nf, nf > 1 ? "s" : "",
                              back ? "" : "; the backbone holds only the points whose amplitude exceeds every earlier one"));
      if (back && !b->incomplete) { // left the range at its start: the end was never reached
        b->incomplete = PETSC_TRUE;
        PetscCall(PetscSNPrintf(b->stop, sizeof(b->stop), "%s; the branch turned back and left the range at q = %.6e without reaching %.6e", b->warn,
                                (double)PetscPowReal(10.0, last), (double)qend));
        b->warn[0] = 0;
      }
    }
  }
  if (reason != TRIBOCONT_CONVERGED_BOUNDS) { // stopped before qmax: say where, why and what to try
    TriboBackbone *b  = &nma->bb;
    PetscReal      qs = PetscPowReal(10.0, B[(npts - 1) * N + nn + 2]);
    b->incomplete     = PETSC_TRUE;
    b->failed         = (PetscBool)(reason < 0);
    PetscCall(PetscSNPrintf(b->stop, sizeof(b->stop), "EPMC stopped at q = %.6e of %s %.6e after %" PetscInt_FMT " points: %s%s", (double)qs,
                            dir > 0 ? "qmax" : "the end of the downward trace, qmin", (double)qend, npts, TriboContReasonAdvice(reason),
                            reason < 0 ? ", or -hb_nt and -hb_harmonics fit for the law" : ""));
  }
  if (nma->verbose)
    PetscCall(PetscPrintf(nma->comm, "EPMC: %" PetscInt_FMT " points, %s, %.2f s", nma->bb.na, TriboContReasons[reason + 3], (double)(t1 - t0)));
  if (nma->verbose && e->gmres)
    PetscCall(PetscPrintf(nma->comm,
                          "; %" PetscInt_FMT " residuals %.2f s each, %" PetscInt_FMT
                          " linearizations (AFT with Jacobian blocks) %.2f s each, %" PetscInt_FMT " GMRES solves %.2f s and %.1f iterations each",
                          e->nres, (double)(e->nres ? e->tres / e->nres : 0), e->nlin, (double)(e->nlin ? e->tlin / e->nlin : 0), e->lsolves,
                          (double)(e->lsolves ? e->tsol / e->lsolves : 0), (double)(e->lsolves ? (PetscReal)e->lits / e->lsolves : 0)));
  if (nma->verbose) PetscCall(PetscPrintf(nma->comm, "\n"));
  PetscCall(PetscFree2(X0, D));
  PetscCall(PetscFree2(Hbuf, Hits));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMASetFromOptions_EPMC(PetscOptionItems *PetscOptionsObject, TriboNMA nma)
{
  NMA_EPMC *e  = (NMA_EPMC *)nma->data;
  PetscInt  nh = EPMC_MAXH, nm = 2, nz = 2, hl[EPMC_MAXH];
  PetscBool hset, set;

  PetscFunctionBeginUser;
  PetscOptionsHeadBegin(PetscOptionsObject, "EPMC (extended periodic motion concept, porter-brake-2023 §4.3)");
  for (PetscInt a = 0; a < e->nharm; a++) hl[a] = e->harm[a];
  PetscCall(TriboOptionsIntArray("-hb_harmonics", "harmonics of the balance, e.g. 0,1,2,3", "TriboHBSetHarmonics", hl, &nh, &hset, e->nharm));
  if (hset) {
    PetscCheck(nh > 0, nma->comm, PETSC_ERR_USER_INPUT, "-%shb_harmonics needs a list of harmonics, e.g. 0,1,2,3", nma->prefix ? nma->prefix : "");
    for (PetscInt a = 0; a < nh; a++) {
      PetscCheck(hl[a] >= 0 && (a == 0 || hl[a] > hl[a - 1]), nma->comm, PETSC_ERR_USER_INPUT,
                 "-%shb_harmonics must be increasing and >= 0, got %" PetscInt_FMT " at position %" PetscInt_FMT, nma->prefix ? nma->prefix : "",
                 hl[a], a + 1);
      e->harm[a] = hl[a];
    }
    e->nharm = nh;
  }
  PetscCall(TriboOptionsRangeInt("-hb_nt", "time samples per period of the AFT (at most 1048576)", "TriboHBSetNt", e->Nt, &e->Nt, NULL, 1, 1048576));
  PetscCall(PetscOptionsReal("-hb_aft_rtol", "periodicity tolerance of the march of hysteretic laws", "TriboHBSetAFTTolerances", e->aftrtol,
                             &e->aftrtol, NULL));
  PetscCall(TriboOptionsInt("-hb_aft_max_periods", "most periods marched by the AFT of hysteretic laws", "TriboHBSetAFTTolerances", e->maxper,
                            &e->maxper, NULL));
  PetscCall(PetscOptionsEnum("-hb_aft_slider_start", "where the march of a hysteretic law starts: mean (tmdsimpy) or zero (NLvib)",
                             "TriboHBSetSliderStart", TriboHBSliderStarts, (PetscEnum)e->slider, (PetscEnum *)&e->slider, NULL));
  PetscCall(TriboOptionsIntArray("-epmc_rayleigh_modes", "two elastic modes whose damping ratios fit the Rayleigh damping (eq. 60)", "", e->rmodes,
                                 &nm, &e->rmodes_set, e->rmodes_set ? 2 : 0));
  PetscCall(TriboOptionsRealArray("-epmc_rayleigh_zeta", "their damping ratios [-] (default -backbone_zeta0 for both)", "", e->rzeta, &nz,
                                  &e->rzeta_set, e->rzeta_set ? 2 : 0));
  {
    const char *solvers[] = {"dense", "gmres", "mumps"};
    PetscInt    sv        = e->gmres ? (e->mumps ? 2 : 1) : 0;
    PetscCall(PetscOptionsEList("-epmc_solver",
                                "linear solver: dense LU of the whole Jacobian (LAPACK), GMRES with TriboHBOp (-hbop_*), or TriboHBOp's assembled "
                                "sparse matrix factored by MUMPS",
                                "", solvers, 3, solvers[sv], &sv, &e->gmres_set));
    e->gmres = (PetscBool)(sv >= 1);
    e->mumps = (PetscBool)(sv == 2);
  }
  PetscCall(PetscOptionsBool("-epmc_static_free",
                             "the zeroth harmonic is an unknown (eq. 61a); 0: held at the prestress (dynamics about the prestressed state)", "",
                             e->static_free, &e->static_free, NULL));
  {
    PetscInt    nt = 256, meas = e->racc;
    const char *measures[] = {"displacement", "acceleration"};
    PetscCall(TriboOptionsRealArray("-epmc_recovery_targets", "first-harmonic amplitudes of -epmc_recovery_row landed exactly (m or m/s^2)", "",
                                    e->rtarg, &nt, &set, e->nrtarg));
    if (set) e->nrtarg = nt;
    PetscCall(TriboOptionsInt("-epmc_recovery_row", "recovery row (0-based) of -epmc_recovery_targets", "", e->rrow, &e->rrow, NULL));
    PetscCall(PetscOptionsEList("-epmc_recovery_measure", "amplitude of -epmc_recovery_targets: displacement (m) or acceleration (m/s^2, eq. 63)", "",
                                measures, 2, measures[meas], &meas, NULL));
    e->racc = (PetscBool)(meas == 1);
    for (PetscInt k = 0; k < e->nrtarg; k++)
      PetscCheck(e->rtarg[k] > 0 && PetscIsNormalReal(e->rtarg[k]) && (k == 0 || e->rtarg[k] > e->rtarg[k - 1]), nma->comm, PETSC_ERR_USER_INPUT,
                 "-%sepmc_recovery_targets must be positive, finite and increasing; value %" PetscInt_FMT " is %g", nma->prefix ? nma->prefix : "",
                 k + 1, (double)e->rtarg[k]);
  }
  PetscCall(PetscOptionsString("-epmc_start",
                               "first point's guess: tangent (the prestressed linearization), stuck, slipped, or file:PATH (a branch file)", "",
                               e->start, e->start, sizeof(e->start), NULL));
  PetscOptionsHeadEnd();
  PetscCheck(!strcmp(e->start, "tangent") || !strcmp(e->start, "stuck") || !strcmp(e->start, "slipped") ||
                 (!strncmp(e->start, "file:", 5) && e->start[5]),
             nma->comm, PETSC_ERR_USER_INPUT, "-%sepmc_start: expected tangent, stuck, slipped or file:PATH, got '%s'",
             nma->prefix ? nma->prefix : "", e->start);
  PetscCheck(!e->rmodes_set || nm == 2, nma->comm, PETSC_ERR_USER_INPUT, "-%sepmc_rayleigh_modes needs two modes, got %" PetscInt_FMT,
             nma->prefix ? nma->prefix : "", nm);
  PetscCheck(!e->rzeta_set || nz == 2, nma->comm, PETSC_ERR_USER_INPUT, "-%sepmc_rayleigh_zeta needs two damping ratios, got %" PetscInt_FMT,
             nma->prefix ? nma->prefix : "", nz);
  PetscCheck(!e->rzeta_set || (e->rzeta[0] >= 0 && e->rzeta[1] >= 0), nma->comm, PETSC_ERR_USER_INPUT, "-%sepmc_rayleigh_zeta must be >= 0",
             nma->prefix ? nma->prefix : "");
  {
    PetscInt hmax = 0;
    for (PetscInt a = 0; a < e->nharm; a++) hmax = PetscMax(hmax, e->harm[a]);
    PetscCheck(e->Nt > 2 * hmax, nma->comm, PETSC_ERR_USER_INPUT,
               "-%shb_nt %" PetscInt_FMT " is too small for harmonic %" PetscInt_FMT ": the AFT needs Nt > 2 h_max = %" PetscInt_FMT,
               nma->prefix ? nma->prefix : "", e->Nt, hmax, 2 * hmax);
  }
  PetscCall(TriboOptionsUseNamespace(nma->prefix, "hb_"));
  if (!e->op) PetscCall(TriboHBOpCreate(nma->comm, &e->op)); // its options (-hbop_*) are read now, used with -epmc_solver gmres
  PetscCall(TriboHelpPush(PETSC_FALSE));
  PetscCall(TriboHBOpSetFromOptions(e->op));
  PetscCall(TriboHelpPop());
  if (e->mumps) PetscCall(TriboHBOpSetDirect(e->op, PETSC_TRUE));
  PetscCall(TriboContSetOptionsPrefix(e->cont, nma->prefix));
  PetscCall(TriboHelpPush(PETSC_FALSE));
  PetscCall(TriboContSetFromOptions(e->cont));
  PetscCall(TriboHelpPop());
  PetscCall(TriboOptionsUseNamespace(nma->prefix, "cont_"));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMAView_EPMC(TriboNMA nma, PetscViewer v)
{
  NMA_EPMC *e = (NMA_EPMC *)nma->data;

  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(v, "  EPMC: harmonics"));
  for (PetscInt a = 0; a < e->nharm; a++) PetscCall(PetscViewerASCIIPrintf(v, "%s%" PetscInt_FMT, a ? "," : " ", e->harm[a]));
  PetscCall(PetscViewerASCIIPrintf(v, ", Nt = %" PetscInt_FMT "\n", e->Nt));
  PetscCall(TriboContView(e->cont, v));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboNMADestroy_EPMC(TriboNMA nma)
{
  NMA_EPMC *e = (NMA_EPMC *)nma->data;

  PetscFunctionBeginUser;
  PetscCall(TriboHBDestroy(&e->hb));
  PetscCall(TriboContDestroy(&e->cont));
  PetscCall(TriboHBOpDestroy(&e->op));
  PetscCall(PetscFree2(e->Bb, e->Cb));
  PetscCall(PetscFree4(e->K, e->M, e->C, e->p));
  PetscCall(PetscFree7(e->q, e->F, e->Jnl, e->Jq, e->w1, e->w2, e->w3));
  PetscCall(PetscFree(e->fs));
  PetscCall(PetscFree(e->dFdW));
  PetscCall(PetscFree(e->rvec));
  PetscCall(PetscFree(nma->data));
  PetscFunctionReturn(0);
}

/*@
  TriboNMACreate_EPMC - Constructor of the EPMC method (-nma_type epmc).

  Options Database Keys:
+ -hb_harmonics <0,1,2,3>     - harmonics of the balance (must contain 1)
. -hb_nt <128>                - AFT time samples per period (> 2 h_max)
. -hb_aft_rtol <1e-10>        - periodicity tolerance of the march of hysteretic laws
. -hb_aft_max_periods <10>    - most periods marched
. -epmc_rayleigh_modes <m,m+1> - the two modes of the Rayleigh fit (eq. 60)
. -epmc_rayleigh_zeta <z0,z0>  - their damping ratios
- -cont_*                     - the continuation in log10 of the modal amplitude (TriboCont)
@*/
PetscErrorCode TriboNMACreate_EPMC(TriboNMA nma)
{
  NMA_EPMC *e;

  PetscFunctionBeginUser;
  PetscCall(PetscNew(&e));
  e->nharm = 4;
  for (PetscInt a = 0; a < 4; a++) e->harm[a] = a;
  e->Nt          = 128;
  e->static_free = PETSC_FALSE;
  e->aftrtol     = 1e-10;
  e->maxper      = 10;
  PetscCall(PetscStrncpy(e->start, "tangent", sizeof(e->start)));
  nma->data                = e;
  nma->ops->setfromoptions = TriboNMASetFromOptions_EPMC;
  nma->ops->setup          = TriboNMASetUp_EPMC;
  nma->ops->solve          = TriboNMASolve_EPMC;
  nma->ops->view           = TriboNMAView_EPMC;
  nma->ops->destroy        = TriboNMADestroy_EPMC;
  PetscCall(TriboContCreate(nma->comm, &e->cont));
  PetscCall(TriboContSetStepSizes(e->cont, 0.1, 1e-4, 0.5));
  PetscCall(TriboContSetMaxSteps(e->cont, 200));
  PetscCall(TriboContSetTolerances(e->cont, 1e-10, 1e-7)); // the residual is relative to the modal force A lambda0 |M phi0|_inf
  PetscFunctionReturn(0);
}
