/* Forced response of the jointed structure by harmonic balance (issue 8 item 4): periodic responses to a harmonic
   load P f_x cos(Omega t) over a frequency range, traced through folds by pseudo-arclength continuation.

   Harmonic layout of include/tribohb.h (harmonic-major, physical coefficients, notes hb-epmc.md §1.1). Unknowns
   X = [Q (ncoef n); P (only with response control); p = s Omega] (s = 1 for an upward sweep, -1 downward, so that
   the continuation parameter grows). Residual (ncoef n rows, + 1 with response control):
     K Q_0 + F_0,nl - f_s                                                  (h = 0: the static part, free)
     (K - (h W)^2 M) Q_hc + h W C Q_hs + F_hc,nl - delta_h1 P f_x          (cosine rows)
     (K - (h W)^2 M) Q_hs - h W C Q_hc + F_hs,nl                           (sine rows)
     ((r_k^T Q_1c)^2 + (r_k^T Q_1s)^2 - a^2) / a^2                         (response control, -frf_control_*)
   with the nonlinear harmonic forces by AFT (TriboJointEvaluateHB()), the load shape f_x (the ROM's Fx, or a unit
   force on a DOF, or R^T e_k along a recovery row), the damping C (the ROM's C, or Rayleigh alpha M + beta K_pre with
   K_pre the symmetric tangent at the prestress). Rows are scaled by the load for the Newton tolerance only. */
#include <tribo/private/nmaimpl.h>
#include <tribo/private/objimpl.h>
#include <tribocont.h>
#include <tribohbop.h>
#include <petscblaslapack.h>
#include <petsctime.h>

#define FRF_MAXH 64

#define FRF_MAXREQ 256

struct _p_TriboFRF {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm           comm;
  char              *prefix;
  TriboJoint         joint;
  TriboROM           rom;
  PetscInt           n, nh;
  PetscReal         *us, *fs, *hs; /* prestress: displacement, static load, committed history */
  PetscInt           nharm, harm[FRF_MAXH], Nt, maxper;
  TriboHBSliderStart slider;
  PetscReal          aftrtol;
  PetscReal          range[2];  /* Hz */
  PetscReal          force;     /* N */
  PetscInt           dof, rrow; /* -frf_dof, -frf_recovery (-1: unset) */
  PetscReal          ray[2], rzeta[2];
  PetscInt           rmodes[2];
  PetscBool          ray_set, rzeta_set, verbose, setupcalled;
  PetscBool          static_free; /* the zeroth harmonic is an unknown (K Q_0 + F_0 = f_s); else held at u_s */
  TriboModal         modal;       /* for -frf_rayleigh_zeta */
  PetscReal          camp;        /* -frf_control_amplitude (0: off) */
  PetscInt           crec;
  TriboHB            hb;
  TriboCont          cont;
  PetscInt           nc, nn, N, h0, c1, ctrl; /* columns, nc n, unknowns, 1 if harmonic 0, cos-1 column, 1 with control */
  PetscReal          sgn, s0, s1, u0s;        /* sweep direction, row scales */
  PetscReal         *K, *M, *C, *fx, *rk;     /* dense column-major n x n; load shape; control row of R */
  PetscReal         *q, *F, *Jnl, *w1, *w2;
  PetscBool          gmres, gmres_set, Czero; /* -frf_solver gmres: TriboHBOp instead of the dense Jacobian */
  TriboHBOp          op;
  PetscBool          mumps;          /* -frf_solver mumps: TriboHBOp's direct path */
  PetscReal         *Bb, *Cb, Eb[9]; /* border of the linear solves: Nx x m each, m = 1 + ctrl */
  PetscInt           lits, lsolves;
  PetscReal          Dq, Dp, Dw; /* scales of Q, P, p in the linear solves (the continuation's) */
  /* results */
  PetscInt   npts, nrec, nfolds;
  PetscReal *omega, *amp, *pforce, *xmax, *fold_hz;
  PetscInt  *its;
  PetscBool  incomplete, failed; /* stopped before the end of the range; on a failure (TRIBOCONT_DIVERGED_*) */
  PetscInt   nreq;               /* -frf_frequencies: exact solutions there (every crossing, so every coexisting solution) */
  PetscReal  req[FRF_MAXREQ];
  PetscInt   nrq, *rq_index; /* results at them: requested frequency index, Hz, force, amplitude [nrq x nrec] */
  PetscReal *rq_hz, *rq_force, *rq_amp;
  char       stop[512]; /* where and why, what to try */
};

/* R (N - 1) and, if Jr != NULL, the Jacobian row-major (N - 1) x N, at X (N) */
static PetscErrorCode Eval_Private(TriboFRF f, const PetscReal X[], PetscReal R[], PetscReal Jr[])
{
  PetscInt         n = f->n, nc = f->nc, nn = f->nn, N = f->N, ip = N - 1, iP = nn;
  const PetscReal  w = f->sgn * X[ip], P = f->ctrl ? X[iP] : f->force;
  const PetscReal *Q = X;
  PetscReal       *F = f->F, *Kq = f->w1, *tmp = f->w2;

  PetscFunctionBeginUser;
  PetscCall(TriboHBSetFrequency(f->hb, w));
  if (Jr) PetscCall(PetscArrayzero(f->Jnl, (size_t)nn * nn));
  PetscCall(TriboJointEvaluateHB(f->joint, f->hb, TRIBO_LAW_FULL, Q, F, Jr ? f->Jnl : NULL));
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt s, h = TriboHBColumnHarmonic_Private(f->harm, k, &s);
    PetscCall(TriboDenseMult_Private(n, f->K, &Q[k * n], Kq));
    if (h == 0 && !f->static_free) {
      for (PetscInt i = 0; i < n; i++) R[k * n + i] = (Q[i] - f->us[i]) / f->u0s;
    } else if (h == 0) {
      for (PetscInt i = 0; i < n; i++) R[k * n + i] = (Kq[i] + F[k * n + i] - f->fs[i]) / f->s0;
    } else {
      PetscInt  o  = s ? k - 1 : k + 1;
      PetscReal sg = s ? -1 : 1, hw = h * w;
      for (PetscInt i = 0; i < n; i++) R[k * n + i] = Kq[i] + F[k * n + i];
      PetscCall(TriboDenseMult_Private(n, f->M, &Q[k * n], tmp));
      for (PetscInt i = 0; i < n; i++) R[k * n + i] -= hw * hw * tmp[i];
      PetscCall(TriboDenseMult_Private(n, f->C, &Q[o * n], tmp));
      for (PetscInt i = 0; i < n; i++) R[k * n + i] += sg * hw * tmp[i];
      if (k == f->c1)
        for (PetscInt i = 0; i < n; i++) R[k * n + i] -= P * f->fx[i];
      for (PetscInt i = 0; i < n; i++) R[k * n + i] /= f->s1;
    }
  }
  if (f->ctrl) {
    PetscReal c = 0, s = 0;
    for (PetscInt i = 0; i < n; i++) c += f->rk[i] * Q[f->c1 * n + i], s += f->rk[i] * Q[(f->c1 + 1) * n + i];
    R[nn] = (c * c + s * s - f->camp * f->camp) / (f->camp * f->camp);
  }
  if (!Jr) PetscFunctionReturn(0);
  PetscCall(PetscArrayzero(Jr, (size_t)(N - 1) * N));
  for (PetscInt c = 0; c < nn; c++) {
    const PetscReal *col = &f->Jnl[(size_t)c * nn];
    for (PetscInt r = 0; r < nn; r++) {
      PetscInt s, h = TriboHBColumnHarmonic_Private(f->harm, r / n, &s);
      Jr[(size_t)r * N + c] = col[r] / (h == 0 ? f->s0 : f->s1);
    }
  }
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt s, h = TriboHBColumnHarmonic_Private(f->harm, k, &s);
    if (h == 0 && !f->static_free) {
      for (PetscInt i = 0; i < n; i++) {
        PetscCall(PetscArrayzero(&Jr[(size_t)(k * n + i) * N], N));
        Jr[(size_t)(k * n + i) * N + k * n + i] = 1 / f->u0s;
      }
    } else if (h == 0) {
      for (PetscInt i = 0; i < n; i++)
        for (PetscInt m = 0; m < n; m++) Jr[(size_t)(k * n + i) * N + k * n + m] += f->K[i + m * n] / f->s0;
    } else {
      PetscInt  o  = s ? k - 1 : k + 1;
      PetscReal sg = s ? -1 : 1, hw = h * w;
      for (PetscInt i = 0; i < n; i++) {
        PetscReal *row = &Jr[(size_t)(k * n + i) * N], mqk = 0, cqo = 0;
        for (PetscInt m = 0; m < n; m++) {
          row[k * n + m] += (f->K[i + m * n] - hw * hw * f->M[i + m * n]) / f->s1;
          row[o * n + m] += sg * hw * f->C[i + m * n] / f->s1;
          mqk += f->M[i + m * n] * Q[k * n + m];
          cqo += f->C[i + m * n] * Q[o * n + m];
        }
        row[ip] = f->sgn * (-2 * h * hw * mqk + sg * h * cqo) / f->s1; // d/dp = s d/dW
        if (f->ctrl && k == f->c1) row[iP] = -f->fx[i] / f->s1;
      }
    }
  }
  if (f->ctrl) {
    PetscReal *row = &Jr[(size_t)nn * N], c = 0, s = 0, a2 = f->camp * f->camp;
    for (PetscInt i = 0; i < n; i++) c += f->rk[i] * Q[f->c1 * n + i], s += f->rk[i] * Q[(f->c1 + 1) * n + i];
    for (PetscInt i = 0; i < n; i++) {
      row[f->c1 * n + i]       = 2 * c * f->rk[i] / a2;
      row[(f->c1 + 1) * n + i] = 2 * s * f->rk[i] / a2;
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Residual_Private(void *ctx, const PetscReal X[], PetscReal R[])
{
  PetscFunctionBeginUser;
  PetscCall(Eval_Private((TriboFRF)ctx, X, R, NULL));
  PetscFunctionReturn(0);
}

static PetscErrorCode Jacobian_Private(void *ctx, const PetscReal X[], PetscReal J[])
{
  TriboFRF   f = (TriboFRF)ctx;
  PetscReal *R;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(f->N, &R));
  PetscCall(Eval_Private(f, X, R, J));
  PetscCall(PetscFree(R));
  PetscFunctionReturn(0);
}

/* The iterative path (-frf_solver gmres): linearize at X for TriboHBOpSolve(); force rows unscaled (their scales act on
   the right-hand side); border unknowns [P (response control); p = s Omega], border rows [control; hyperplane]. */
static PetscErrorCode LinSetUp_Private(void *ctx, const PetscReal X[])
{
  TriboFRF        f = (TriboFRF)ctx;
  PetscInt        n = f->n, nc = f->nc, nn = f->nn, m = 1 + f->ctrl, iw = f->ctrl;
  const PetscReal w  = f->sgn * X[f->N - 1];
  PetscReal      *Mq = f->w1, *Cq = f->w2, one[FRF_MAXH * 2];

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < nc; k++) one[k] = f->Dq;                   // the solves are in the continuation's scaled unknowns
  PetscCall(TriboHBOpSetLinear(f->op, w, 0.0, f->Czero ? 0.0 : 1.0)); // D = C (TriboHBOpSetDampingMatrix())
  PetscCall(TriboHBOpSetColumnScaling(f->op, one));
  PetscCall(TriboHBSetFrequency(f->hb, w));
  PetscCall(TriboHBOpEvaluate(f->op, TRIBO_LAW_FULL, X, f->F, PETSC_TRUE));
  PetscCall(PetscArrayzero(f->Bb, m * nn));
  PetscCall(PetscArrayzero(f->Cb, m * nn));
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt  s, h = TriboHBColumnHarmonic_Private(f->harm, k, &s), o = s ? k - 1 : k + 1;
    PetscReal sg = s ? -1 : 1;
    if (h == 0) continue;
    PetscCall(TriboDenseMult_Private(n, f->M, &X[k * n], Mq));
    PetscCall(TriboDenseMult_Private(n, f->C, &X[o * n], Cq));
    for (PetscInt i = 0; i < n; i++) f->Bb[iw * nn + k * n + i] = f->Dw * f->sgn * (-2 * h * h * w * Mq[i] + sg * h * Cq[i]);
  }
  if (f->ctrl) { // d/dP of the cosine-1 rows; the control row
    PetscReal c = 0, sn = 0, a2 = f->camp * f->camp;
    for (PetscInt i = 0; i < n; i++) f->Bb[f->c1 * n + i] = -f->Dp * f->fx[i];
    for (PetscInt i = 0; i < n; i++) c += f->rk[i] * X[f->c1 * n + i], sn += f->rk[i] * X[(f->c1 + 1) * n + i];
    for (PetscInt i = 0; i < n; i++) {
      f->Cb[f->c1 * n + i]       = f->Dq * 2 * c * f->rk[i] / a2;
      f->Cb[(f->c1 + 1) * n + i] = f->Dq * 2 * sn * f->rk[i] / a2;
    }
  }
  PetscCall(PetscArrayzero(f->Eb, 9));
  PetscFunctionReturn(0);
}

static PetscErrorCode LinSolve_Private(void *ctx, const PetscReal nrow[], const PetscReal b[], PetscReal z[], PetscBool *ok)
{
  TriboFRF   f = (TriboFRF)ctx;
  PetscInt   n = f->n, nc = f->nc, nn = f->nn, m = 1 + f->ctrl, its;
  PetscReal *rhs;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(nn + m, &rhs));
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt  s, h = TriboHBColumnHarmonic_Private(f->harm, k, &s);
    PetscReal sc = h ? f->s1 : (f->static_free ? f->s0 : f->u0s);
    for (PetscInt i = 0; i < n; i++) {
      rhs[k * n + i]                  = sc * b[k * n + i];
      f->Cb[(m - 1) * nn + k * n + i] = (h == 0 && !f->static_free) ? 0 : f->Dq * nrow[k * n + i];
    }
  }
  for (PetscInt jb = 0; jb < m; jb++) {
    rhs[nn + jb]            = b[nn + jb];
    f->Eb[(m - 1) + m * jb] = nrow[nn + jb];      // the hyperplane row, column jb
    if (f->ctrl && jb < m) f->Eb[0 + m * jb] = 0; // the control row does not depend on P or Omega
  }
  PetscCall(TriboHBOpSolve(f->op, m, f->Bb, f->Cb, f->Eb, rhs, z, &its, ok));
  for (PetscInt a = 0; a < nn; a++) z[a] *= f->Dq; // back to the unknowns
  for (PetscInt jb = 0; jb < m; jb++) z[nn + jb] *= (f->ctrl && jb == 0) ? f->Dp : f->Dw;
  f->lits += its;
  f->lsolves++;
  PetscCall(PetscFree(rhs));
  PetscFunctionReturn(0);
}

static PetscErrorCode Monitor_Private(void *ctx, PetscInt step, const PetscReal X[], PetscInt its, PetscReal ds, PetscLogDouble secs,
                                      PetscLogDouble left)
{
  TriboFRF  f = (TriboFRF)ctx;
  PetscReal w = f->sgn * X[f->N - 1], a = 0;
  char      extra[64] = "";

  PetscFunctionBeginUser;
  if (!f->verbose) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < f->n; i++) {
    PetscReal c = X[f->c1 * f->n + i], s = X[(f->c1 + 1) * f->n + i];
    a = PetscMax(a, PetscSqrtReal(c * c + s * s));
  }
  if (f->ctrl) PetscCall(PetscSNPrintf(extra, sizeof(extra), "  P = %.4e N", (double)X[f->nn]));
  PetscCall(PetscPrintf(f->comm,
                        "  [%4" PetscInt_FMT "] f = %11.5f Hz  max |Q_1| = %.4e%s  Newton %2" PetscInt_FMT "  ds %.2e  %7.2f s  (left ~%.0f s)\n",
                        step, (double)(w / (2 * PETSC_PI)), (double)a, extra, its, (double)ds, (double)secs, (double)left));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFCreate - Creates a forced-response analysis (harmonic balance, continuation in frequency).

  Collective

  Input Parameter:
. comm - the communicator of the joint

  Output Parameter:
. frf - the analysis; then TriboFRFSetJoint(), TriboFRFSetPrestress(), TriboFRFSetFromOptions(), TriboFRFSetUp(),
        TriboFRFSolve(), TriboFRFView(), TriboFRFWriteH5(), TriboFRFDestroy()

  Notes:
  Defaults: harmonics 0,1,2,3, Nt = 128, force 1 N, no range (-frf_range is required); continuation steps 0.02 in
  [1e-6, 0.1] (unknowns scaled by the largest linear amplitude over the range and the frequency by the range), at most
  1000 points, Newton tolerances rtol 1e-8 on the scaled update, atol 1e-7 on the residual relative to the load.

.seealso: TriboFRFSetFromOptions(), TriboFRFSolve()
@*/
PetscErrorCode TriboFRFCreate(MPI_Comm comm, TriboFRF *frf)
{
  TriboFRF f;

  PetscFunctionBegin;
  PetscValidPointer(frf, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboOptionsRegisterNamespace("frf_"));
  PetscCall(TriboOptionsRegisterNamespace("hb_"));
  PetscCall(TriboOptionsRegisterNamespace("cont_"));
  PetscCall(PetscHeaderCreate(f, TRIBO_FRF_CLASSID, "TriboFRF", "Forced response by harmonic balance and continuation", "FRF", comm, TriboFRFDestroy,
                              NULL));
  f->comm  = comm;
  f->nharm = 4;
  for (PetscInt a = 0; a < 4; a++) f->harm[a] = a;
  f->Nt       = 128;
  f->aftrtol  = 1e-10;
  f->maxper   = 10;
  f->force    = 1;
  f->dof      = -1;
  f->rrow     = -1;
  f->crec     = -1;
  f->range[0] = f->range[1] = -1;
  f->rmodes[0] = 1, f->rmodes[1] = 2;
  f->static_free = PETSC_FALSE;
  f->verbose     = PETSC_TRUE;
  PetscCall(TriboContCreate(comm, &f->cont));
  PetscCall(TriboContSetStepSizes(f->cont, 0.02, 1e-6, 0.1));
  PetscCall(TriboContSetMaxSteps(f->cont, 1000));
  // rows are relative to the load P |f_x|_inf: the round-off of K Q (a stiff joint) and the AFT march of hysteretic
  // laws leave about 1e-8 of it (the lap frame with elastic dry friction stalled at 1e-10)
  PetscCall(TriboContSetTolerances(f->cont, 1e-8, 1e-7));
  *frf = f;
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSetOptionsPrefix - Prefix of the options: -[prefix]frf_range, -[prefix]hb_harmonics, -[prefix]cont_ds, ...

  Not collective
@*/
PetscErrorCode TriboFRFSetOptionsPrefix(TriboFRF f, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(f->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &f->prefix));
  PetscCall(TriboContSetOptionsPrefix(f->cont, prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSetJoint - The joint (its ROM and law) whose forced response is computed.

  Collective

  Notes:
  The prestress defaults to u_s = 0, f_s = 0 until TriboFRFSetPrestress().
@*/
PetscErrorCode TriboFRFSetJoint(TriboFRF f, TriboJoint joint)
{
  PetscFunctionBeginUser;
  f->joint = joint;
  PetscCall(TriboJointGetROM(joint, &f->rom));
  f->n = f->rom->n;
  PetscCall(TriboJointGetHistorySize(joint, &f->nh));
  PetscCall(PetscFree3(f->us, f->fs, f->hs));
  PetscCall(PetscCalloc3(f->n, &f->us, f->n, &f->fs, f->nh + 1, &f->hs));
  PetscCall(TriboJointCopyHistory(joint, f->hs, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSetPrestress - The prestressed state: u_s (start of the static part), f_s (the zeroth-harmonic load) and the
  joint's committed history at u_s (for the tangent of the Rayleigh damping and the linear start).

  Collective

  Notes:
  Call after TriboPrestressSolve() and TriboFRFSetJoint() with the same joint.
@*/
PetscErrorCode TriboFRFSetPrestress(TriboFRF f, TriboPrestress ps)
{
  const PetscReal *us, *fs;

  PetscFunctionBeginUser;
  PetscCheck(f->joint, f->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboFRFSetJoint()) before the prestress");
  PetscCall(TriboPrestressGetSolution(ps, &us, &fs));
  PetscCall(PetscArraycpy(f->us, us, f->n));
  PetscCall(PetscArraycpy(f->fs, fs, f->n));
  PetscCall(TriboJointCopyHistory(f->joint, f->hs, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSetModal - The linear modes about the prestress, for the Rayleigh fit of -frf_rayleigh_zeta.

  Not collective

  Notes:
  The modes are read in TriboFRFSolve(): solve them before.
@*/
PetscErrorCode TriboFRFSetModal(TriboFRF f, TriboModal modal)
{
  PetscFunctionBegin;
  if (modal) PetscCall(PetscObjectReference((PetscObject)modal)); // kept: released by TriboFRFDestroy() or a later set
  PetscCall(TriboModalDestroy(&f->modal));
  f->modal = modal;
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSetFromOptions - Reads the options of the forced response, its harmonic balance and its continuation.

  Collective

  Options Database Keys:
+ -frf_range <f0,f1>              - frequency range [Hz]; downward when f0 > f1 (required)
. -frf_force <1>                  - force level P [N] of the load P f_x cos(Omega t)
. -frf_dof <i>                    - load shape: a unit force on ROM DOF i (0-based; overrides the ROM's Fx)
. -frf_recovery <k>               - load shape: R^T e_k, a unit force along recovery row k (overrides the ROM's Fx)
. -frf_rayleigh <alpha,beta>      - Rayleigh damping C = alpha M + beta K_pre when the ROM has no C
. -frf_rayleigh_zeta <z1,z2>      - or fitted to these damping ratios of two linear modes (porter-brake-2023 eq. 60; TriboFRFSetModal())
. -frf_rayleigh_modes <1,2>       - the elastic modes (1-based) of -frf_rayleigh_zeta
. -frf_control_amplitude <a>      - response control: the force level is an unknown, |R_k Q_1| = a [m]
. -frf_control_recovery <k>       - the recovery row k of the response control
. -frf_static_free <0>            - 1: the zeroth harmonic is an unknown; 0: held at the prestress u_s (as in EPMC: a
                                    mean slip of a friction joint meets little stiffness and slows the continuation)
. -frf_quiet                      - no progress line per point
. -hb_harmonics <0,1,2,3>         - harmonics (must contain 1)
. -hb_nt <128>                    - AFT samples per period (>= 2 h_max + 1)
. -hb_aft_rtol, -hb_aft_max_periods - the AFT march of hysteretic laws
- -cont_*                         - the continuation in Omega (TriboContSetFromOptions())

  Notes:
  The range, harmonics and Nt are checked here, the load shape and damping in TriboFRFSetUp().
@*/
PetscErrorCode TriboFRFSetFromOptions(TriboFRF f)
{
  const char *pre = f->prefix ? f->prefix : "";
  PetscInt    nh = FRF_MAXH, hl[FRF_MAXH], nr = 2, nrg = 2, nz = 2, nm = 2;
  PetscBool   hset, rset, mset, qset, quiet = (PetscBool)!f->verbose;
  PetscReal   rg[2] = {f->range[0], f->range[1]};

  PetscFunctionBeginUser;
  for (PetscInt a = 0; a < f->nharm; a++) hl[a] = f->harm[a];
  nh = f->nharm;
  TriboOptionsBegin(f->comm, f->prefix, "Forced response by harmonic balance", "TriboFRF");
  PetscCall(TriboOptionsRealArray("-frf_range", "frequency range f0,f1 [Hz] (downward when f0 > f1)", "TriboFRFSetFromOptions", rg, &nrg, &rset,
                                  rg[0] >= 0 ? 2 : 0));
  {
    PetscInt nq = FRF_MAXREQ;
    PetscCall(TriboOptionsRealArray("-frf_frequencies", "frequencies [Hz] with exact solutions (every solution on the branch there)",
                                    "TriboFRFSetFromOptions", f->req, &nq, &qset, 0));
    if (qset) f->nreq = nq;
  }
  PetscCall(PetscOptionsReal("-frf_force", "force level P [N] of the harmonic load P f_x cos(Omega t)", "", f->force, &f->force, NULL));
  PetscCall(TriboOptionsInt("-frf_dof", "load shape: unit force on this ROM DOF (0-based)", "", f->dof, &f->dof, NULL));
  PetscCall(TriboOptionsInt("-frf_recovery", "load shape: unit force along this recovery row (0-based), R^T e_k", "", f->rrow, &f->rrow, NULL));
  PetscCall(TriboOptionsRealArray("-frf_rayleigh", "Rayleigh damping alpha [1/s],beta [s] when the ROM has no C", "", f->ray, &nr, &f->ray_set,
                                  f->ray_set ? 2 : 0));
  PetscCall(TriboOptionsRealArray("-frf_rayleigh_zeta", "Rayleigh damping fitted to the damping ratios z1,z2 [-] of -frf_rayleigh_modes (eq. 60)", "",
                                  f->rzeta, &nz, &f->rzeta_set, f->rzeta_set ? 2 : 0));
  PetscCall(TriboOptionsIntArray("-frf_rayleigh_modes", "the two elastic modes (1-based) of -frf_rayleigh_zeta", "", f->rmodes, &nm, &mset, 2));
  PetscCall(PetscOptionsReal("-frf_control_amplitude", "response control: first-harmonic amplitude [m] at -frf_control_recovery", "", f->camp,
                             &f->camp, NULL));
  PetscCall(TriboOptionsInt("-frf_control_recovery", "recovery row (0-based) of the response control", "", f->crec, &f->crec, NULL));
  nh = FRF_MAXH;
  PetscCall(TriboOptionsIntArray("-hb_harmonics", "harmonics of the balance, e.g. 0,1,2,3", "TriboHBSetHarmonics", hl, &nh, &hset, f->nharm));
  {
    const char *solvers[] = {"dense", "gmres", "mumps"};
    PetscInt    sv        = f->gmres ? (f->mumps ? 2 : 1) : 0;
    PetscCall(PetscOptionsEList("-frf_solver",
                                "linear solver: dense LU of the whole Jacobian (LAPACK), GMRES with TriboHBOp (-hbop_*), or TriboHBOp's assembled "
                                "sparse matrix factored by MUMPS",
                                "", solvers, 3, solvers[sv], &sv, &f->gmres_set));
    f->gmres = (PetscBool)(sv >= 1);
    f->mumps = (PetscBool)(sv == 2);
  }
  PetscCall(PetscOptionsBool("-frf_static_free", "the zeroth harmonic is an unknown (K Q_0 + F_0 = f_s); 0: held at the prestress", "",
                             f->static_free, &f->static_free, NULL));
  PetscCall(PetscOptionsBool("-frf_quiet", "no progress line per point", "", (PetscBool)!f->verbose, &quiet, NULL));
  PetscCall(TriboOptionsRangeInt("-hb_nt", "time samples per period of the AFT (at most 1048576)", "TriboHBSetNt", f->Nt, &f->Nt, NULL, 1, 1048576));
  PetscCall(PetscOptionsReal("-hb_aft_rtol", "periodicity tolerance of the march of hysteretic laws", "TriboHBSetAFTTolerances", f->aftrtol,
                             &f->aftrtol, NULL));
  PetscCall(TriboOptionsInt("-hb_aft_max_periods", "most periods marched by the AFT of hysteretic laws", "TriboHBSetAFTTolerances", f->maxper,
                            &f->maxper, NULL));
  PetscCall(PetscOptionsEnum("-hb_aft_slider_start", "where the march of a hysteretic law starts: mean (tmdsimpy) or zero (NLvib)",
                             "TriboHBSetSliderStart", TriboHBSliderStarts, (PetscEnum)f->slider, (PetscEnum *)&f->slider, NULL));
  TriboOptionsEnd();
  f->verbose = (PetscBool)!quiet;
  if (hset) {
    PetscCheck(nh > 0, f->comm, PETSC_ERR_USER_INPUT, "-%shb_harmonics needs a list of harmonics, e.g. 0,1,2,3", pre);
    for (PetscInt a = 0; a < nh; a++) {
      PetscCheck(hl[a] >= 0 && (a == 0 || hl[a] > hl[a - 1]), f->comm, PETSC_ERR_USER_INPUT,
                 "-%shb_harmonics must be increasing and >= 0, got %" PetscInt_FMT " at position %" PetscInt_FMT, pre, hl[a], a + 1);
      f->harm[a] = hl[a];
    }
    f->nharm = nh;
  }
  {
    PetscInt hmax = 0, has1 = 0;
    for (PetscInt a = 0; a < f->nharm; a++) hmax = PetscMax(hmax, f->harm[a]), has1 |= f->harm[a] == 1;
    PetscCheck(has1, f->comm, PETSC_ERR_USER_INPUT, "-%shb_harmonics must contain the first harmonic (the load is cos(Omega t))", pre);
    PetscCheck(f->Nt >= 2 * hmax + 1, f->comm, PETSC_ERR_USER_INPUT,
               "-%shb_nt %" PetscInt_FMT " is too small for harmonic %" PetscInt_FMT ": the AFT needs Nt >= 2 h_max + 1 = %" PetscInt_FMT, pre, f->Nt,
               hmax, 2 * hmax + 1);
  }
  if (rset) {
    PetscCheck(nrg == 2, f->comm, PETSC_ERR_USER_INPUT, "-%sfrf_range needs two frequencies f0,f1 in Hz, got %" PetscInt_FMT " values", pre, nrg);
    PetscCheck(rg[0] > 0 && rg[1] > 0 && rg[0] != rg[1], f->comm, PETSC_ERR_USER_INPUT,
               "-%sfrf_range %g,%g: the frequencies must be > 0 and different (Hz)", pre, (double)rg[0], (double)rg[1]);
    f->range[0] = rg[0], f->range[1] = rg[1];
  }
  for (PetscInt k = 0; k < f->nreq; k++)
    PetscCheck(f->req[k] >= PetscMin(f->range[0], f->range[1]) && f->req[k] <= PetscMax(f->range[0], f->range[1]), f->comm, PETSC_ERR_USER_INPUT,
               "-%sfrf_frequencies: %g Hz lies outside -%sfrf_range %g,%g", pre, (double)f->req[k], pre, (double)f->range[0], (double)f->range[1]);
  PetscCheck(f->force > 0 || f->camp > 0, f->comm, PETSC_ERR_USER_INPUT, "-%sfrf_force must be > 0 N, got %g", pre, (double)f->force);
  PetscCheck(!f->ray_set || (nr == 2 && f->ray[0] >= 0 && f->ray[1] >= 0), f->comm, PETSC_ERR_USER_INPUT,
             "-%sfrf_rayleigh needs two coefficients alpha,beta >= 0", pre);
  PetscCheck(!f->rzeta_set || (nz == 2 && f->rzeta[0] >= 0 && f->rzeta[1] >= 0), f->comm, PETSC_ERR_USER_INPUT,
             "-%sfrf_rayleigh_zeta needs two damping ratios z1,z2 >= 0", pre);
  PetscCheck(!mset || (nm == 2 && f->rmodes[0] >= 1 && f->rmodes[1] > f->rmodes[0]), f->comm, PETSC_ERR_USER_INPUT,
             "-%sfrf_rayleigh_modes needs two increasing elastic mode numbers m1,m2 >= 1", pre);
  PetscCheck(!(f->rzeta_set && f->ray_set), f->comm, PETSC_ERR_USER_INPUT, "give -%sfrf_rayleigh or -%sfrf_rayleigh_zeta, not both", pre, pre);
  PetscCheck(f->camp >= 0, f->comm, PETSC_ERR_USER_INPUT, "-%sfrf_control_amplitude must be > 0 m, got %g", pre, (double)f->camp);
  PetscCheck(f->camp == 0 || f->crec >= 0, f->comm, PETSC_ERR_USER_INPUT, "-%sfrf_control_amplitude needs -%sfrf_control_recovery k", pre, pre);
  PetscCall(TriboOptionsUseNamespace(f->prefix, "hb_"));
  PetscCall(TriboOptionsUseNamespace(f->prefix, "frf_"));
  PetscCall(TriboHelpPush(PETSC_TRUE)); // the continuation's options matter to a sweep: shown with a plain -help
  PetscCall(TriboContSetFromOptions(f->cont));
  {
    PetscInt dir;
    PetscCall(TriboContGetDirection(f->cont, &dir));
    PetscCheck(dir == 1, f->comm, PETSC_ERR_USER_INPUT, "-%scont_direction -1: a forced response sweeps downward by -%sfrf_range f0,f1 with f0 > f1",
               pre, pre);
  }
  if (!f->op) PetscCall(TriboHBOpCreate(f->comm, &f->op)); // its options (-hbop_*) are read now, used with -frf_solver gmres
  PetscCall(TriboHBOpSetFromOptions(f->op));
  if (f->mumps) PetscCall(TriboHBOpSetDirect(f->op, PETSC_TRUE));
  PetscCall(TriboHelpPop());
  PetscCall(TriboOptionsUseNamespace(f->prefix, "cont_"));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSetUp - Checks the load shape, the damping and the range, and sets up the harmonic layout.

  Collective

  Notes:
  Load shape: -frf_dof or -frf_recovery when given, else the ROM's Fx; damping: the ROM's C, else -frf_rayleigh.
  Missing ones are user-input errors that name the options.
@*/
PetscErrorCode TriboFRFSetUp(TriboFRF f)
{
  const char *pre = f->prefix ? f->prefix : "";
  PetscInt    n, nrec, idx = -1, nz = 0;

  PetscFunctionBeginUser;
  PetscCheck(f->joint, f->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboFRFSetJoint()) first");
  n = f->n, nrec = f->rom->nrec;
  PetscCheck(f->range[0] > 0, f->comm, PETSC_ERR_USER_INPUT, "no frequency range: give -%sfrf_range f0,f1 in Hz", pre);
  PetscCheck(f->dof < n, f->comm, PETSC_ERR_USER_INPUT, "-%sfrf_dof %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " DOFs (0-based)",
             pre, f->dof, n);
  PetscCheck(f->rrow < nrec, f->comm, PETSC_ERR_USER_INPUT,
             "-%sfrf_recovery %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " recovery rows (0-based)", pre, f->rrow, nrec);
  PetscCheck(f->dof < 0 || f->rrow < 0, f->comm, PETSC_ERR_USER_INPUT, "give one load shape: -%sfrf_dof or -%sfrf_recovery, not both", pre, pre);
  PetscCheck(f->dof >= 0 || f->rrow >= 0 || f->rom->Fx, f->comm, PETSC_ERR_USER_INPUT,
             "no load shape: the ROM has no excitation Fx; give -%sfrf_dof i (unit force on DOF i) or -%sfrf_recovery k (along recovery row k)", pre,
             pre);
  PetscCheck(f->camp == 0 || f->crec < nrec, f->comm, PETSC_ERR_USER_INPUT,
             "-%sfrf_control_recovery %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " recovery rows (0-based)", pre, f->crec, nrec);
  PetscCheck(f->rom->C || f->ray_set || f->rzeta_set, f->comm, PETSC_ERR_USER_INPUT,
             "no damping: the ROM has no C; give -%sfrf_rayleigh alpha,beta or -%sfrf_rayleigh_zeta z1,z2", pre, pre);
  PetscCheck(f->rom->C || !f->rzeta_set || f->modal, f->comm, PETSC_ERR_ARG_WRONGSTATE,
             "-frf_rayleigh_zeta needs the linear modes: TriboFRFSetModal()");
  for (PetscInt a = 0; a < f->nharm; a++) {
    if (f->harm[a] == 1) idx = nz;
    if (f->harm[a] > 0) nz++;
  }
  PetscCall(TriboHBDestroy(&f->hb));
  PetscCall(TriboHBCreate(f->comm, &f->hb));
  PetscCall(TriboHBSetHarmonics(f->hb, f->nharm, f->harm));
  PetscCall(TriboHBSetNt(f->hb, f->Nt));
  PetscCall(TriboHBSetAFTTolerances(f->hb, f->aftrtol, f->maxper));
  PetscCall(TriboHBSetSliderStart(f->hb, f->slider));
  PetscCall(TriboHBSetUp(f->hb));
  PetscCall(TriboHBGetSizes(f->hb, NULL, &f->nc, NULL));
  f->h0   = f->harm[0] == 0;
  f->c1   = f->h0 + 2 * idx;
  f->ctrl = f->camp > 0;
  f->nn   = f->nc * n;
  f->N    = f->nn + 1 + f->ctrl;
  f->sgn  = f->range[1] > f->range[0] ? 1 : -1;
  PetscCall(PetscFree5(f->K, f->M, f->C, f->fx, f->rk));
  PetscCall(PetscFree5(f->q, f->F, f->Jnl, f->w1, f->w2));
  PetscCall(PetscCalloc5(n * n, &f->K, n * n, &f->M, n * n, &f->C, n, &f->fx, n, &f->rk));
  if (!f->gmres_set) f->gmres = (PetscBool)(f->nn > 3000);
  PetscCall(PetscMalloc5(f->nn, &f->q, f->nn, &f->F, f->gmres ? 1 : (size_t)f->nn * f->nn, &f->Jnl, f->nn, &f->w1, f->nn, &f->w2));
  PetscCall(PetscFree2(f->Bb, f->Cb));
  if (f->gmres) {
    PetscBool rate;
    PetscCall(TriboJointIsRateDependent_Private(f->joint, &rate));
    PetscCheck(!rate, f->comm, PETSC_ERR_SUP, "-%sfrf_solver gmres does not support rate-dependent laws (tanh): use -frf_solver dense", pre);
    PetscCall(TriboHBOpSetJoint(f->op, f->joint));
    PetscCall(TriboHBOpSetHB(f->op, f->hb));
    PetscCall(TriboHBOpSetUp(f->op));
    PetscCall(PetscMalloc2(2 * f->nn, &f->Bb, 2 * f->nn, &f->Cb));
  }
  {
    const PetscScalar *k, *m;
    PetscCall(MatDenseGetArrayRead(f->rom->K, &k));
    PetscCall(MatDenseGetArrayRead(f->rom->M, &m));
    for (PetscInt i = 0; i < n * n; i++) f->K[i] = PetscRealPart(k[i]), f->M[i] = PetscRealPart(m[i]);
    PetscCall(MatDenseRestoreArrayRead(f->rom->K, &k));
    PetscCall(MatDenseRestoreArrayRead(f->rom->M, &m));
  }
  if (f->dof >= 0)
    f->fx[f->dof] = 1;
  else if (f->rrow >= 0 || f->ctrl) {
    const PetscScalar *r;
    PetscCall(MatDenseGetArrayRead(f->rom->R, &r));
    for (PetscInt i = 0; i < n; i++) {
      if (f->rrow >= 0) f->fx[i] = PetscRealPart(r[f->rrow + i * nrec]);
      if (f->ctrl) f->rk[i] = PetscRealPart(r[f->crec + i * nrec]);
    }
    PetscCall(MatDenseRestoreArrayRead(f->rom->R, &r));
  }
  if (f->dof < 0 && f->rrow < 0) {
    const PetscScalar *x;
    PetscCall(VecGetArrayRead(f->rom->Fx, &x));
    for (PetscInt i = 0; i < n; i++) f->fx[i] = PetscRealPart(x[i]);
    PetscCall(VecRestoreArrayRead(f->rom->Fx, &x));
  }
  {
    PetscReal fmax = 0;
    for (PetscInt i = 0; i < n; i++) fmax = PetscMax(fmax, PetscAbsReal(f->fx[i]));
    PetscCheck(fmax > 0, f->comm, PETSC_ERR_USER_INPUT, "the load shape is zero (%s)",
               f->dof >= 0 ? "-frf_dof" : (f->rrow >= 0 ? "-frf_recovery: the recovery row is zero" : "the ROM's Fx"));
  }
  f->setupcalled = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/* Tangent K_t = K + d f_nl/du at the prestress (n x n column-major) */
static PetscErrorCode Tangent_Private(TriboFRF f, PetscReal Kt[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboJointTangentAt_Private(f->joint, f->hs, f->us, f->n, f->K, Kt));
  PetscFunctionReturn(0);
}

/* Linear first harmonic about the prestress: [A W C; -W C A] [c; s] = [g; 0], A = Kt - W^2 M; *ok false when singular */
static PetscErrorCode Linear_Private(TriboFRF f, const PetscReal Kt[], PetscReal W, const PetscReal g[], PetscReal cs[], PetscBool *ok)
{
  PetscInt     n = f->n, m = 2 * n;
  PetscReal   *A;
  PetscBLASInt bm, one = 1, info, *piv;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(m * m, &A, m, &piv));
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < n; i++) {
      PetscReal a = Kt[i + j * n] - W * W * f->M[i + j * n], c = W * f->C[i + j * n];
      A[i + j * m]             = a;
      A[(i + n) + (j + n) * m] = a;
      A[i + (j + n) * m]       = c;
      A[(i + n) + j * m]       = -c;
    }
  for (PetscInt i = 0; i < n; i++) cs[i] = g[i], cs[n + i] = 0;
  PetscCall(PetscBLASIntCast(m, &bm));
  PetscCallBLAS("LAPACKgesv", LAPACKgesv_(&bm, &one, A, &bm, piv, cs, &bm, &info));
  *ok = (PetscBool)(info == 0);
  PetscCall(PetscFree2(A, piv));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFSolve - Traces the forced response over the frequency range.

  Collective

  Notes:
  The first point is the linear response about the prestress (tangent K + d f_nl/du at u_s) at f0, corrected by the
  full harmonic balance with the frequency fixed; the branch then follows Omega through folds until it leaves the range
  (or -cont_max_steps). With response control the force level of the linear start is the one that gives the amplitude
  a at the control row. A failed corrector ends the branch (the points so far are kept and reported).
@*/
PetscErrorCode TriboFRFSolve(TriboFRF f)
{
  PetscInt         n = f->n, nn, N, npts, nf;
  PetscReal        W0, W1, *Kt, *cs, *X0, *D, *Cs, P0 = f->force, qs = 0, fxm = 0;
  const PetscReal *B, *FX;
  const PetscInt  *itsv;
  PetscBool        ok;
  TriboContReason  reason;
  PetscLogDouble   t0, t1;

  PetscFunctionBeginUser;
  if (!f->setupcalled) PetscCall(TriboFRFSetUp(f));
  nn = f->nn, N = f->N;
  PetscCall(PetscTime(&t0));
  W0 = 2 * PETSC_PI * f->range[0], W1 = 2 * PETSC_PI * f->range[1];
  PetscCall(PetscMalloc4(n * n, &Kt, 2 * n, &cs, N, &X0, N, &D));
  PetscCall(PetscArrayzero(X0, N));
  PetscCall(Tangent_Private(f, Kt));
  if (f->rom->C) {
    const PetscScalar *c;
    PetscCall(MatDenseGetArrayRead(f->rom->C, &c));
    for (PetscInt k = 0; k < n * n; k++) f->C[k] = PetscRealPart(c[k]);
    PetscCall(MatDenseRestoreArrayRead(f->rom->C, &c));
  } else {
    if (f->rzeta_set) { // eq. 60
      PetscInt  nev, nrigid;
      PetscReal o1, o2, w1, w2;
      PetscCall(TriboModalGetModes(f->modal, &nev, NULL, NULL));
      PetscCall(TriboModalGetNumberRigid(f->modal, &nrigid));
      PetscCheck(f->rmodes[1] <= nev - nrigid, f->comm, PETSC_ERR_USER_INPUT,
                 "-frf_rayleigh_modes %" PetscInt_FMT ",%" PetscInt_FMT ": only %" PetscInt_FMT " elastic modes were computed (raise -modal_nmodes)",
                 f->rmodes[0], f->rmodes[1], nev - nrigid);
      PetscCall(TriboModalGetElasticMode(f->modal, f->rmodes[0], &o1, NULL));
      PetscCall(TriboModalGetElasticMode(f->modal, f->rmodes[1], &o2, NULL));
      w1 = PetscSqrtReal(o1), w2 = PetscSqrtReal(o2);
      PetscCheck(w2 > w1, f->comm, PETSC_ERR_USER_INPUT, "-frf_rayleigh_modes: the second mode must have the higher frequency, not the same one");
      TriboRayleighFit_Private(w1, w2, f->rzeta[0], f->rzeta[1], &f->ray[0], &f->ray[1]);
      if (f->verbose)
        PetscCall(PetscPrintf(f->comm, "FRF: Rayleigh damping alpha = %.6e 1/s, beta = %.6e s (zeta %g, %g at %.4f, %.4f Hz)\n", (double)f->ray[0],
                              (double)f->ray[1], (double)f->rzeta[0], (double)f->rzeta[1], (double)(w1 / (2 * PETSC_PI)),
                              (double)(w2 / (2 * PETSC_PI))));
    }
    for (PetscInt i = 0; i < n; i++)
      for (PetscInt j = 0; j < n; j++) f->C[i + j * n] = f->ray[0] * f->M[i + j * n] + f->ray[1] * 0.5 * (Kt[i + j * n] + Kt[j + i * n]);
  }
  for (PetscInt i = 0; i < n; i++) fxm = PetscMax(fxm, PetscAbsReal(f->fx[i]));
  PetscCall(Linear_Private(f, Kt, W0, f->fx, cs, &ok)); // unit force level
  PetscCheck(ok, f->comm, PETSC_ERR_NOT_CONVERGED, "the linear response at %g Hz is singular (no damping at a resonance?)", (double)f->range[0]);
  if (f->ctrl) {
    PetscReal c = 0, s = 0;
    for (PetscInt i = 0; i < n; i++) c += f->rk[i] * cs[i], s += f->rk[i] * cs[n + i];
    PetscCheck(c * c + s * s > 0, f->comm, PETSC_ERR_USER_INPUT, "response control: the load does not move recovery row %" PetscInt_FMT, f->crec);
    P0 = f->camp / PetscSqrtReal(c * c + s * s);
  }
  if (f->h0)
    for (PetscInt i = 0; i < n; i++) X0[i] = f->us[i];
  for (PetscInt i = 0; i < n; i++) X0[f->c1 * n + i] = P0 * cs[i], X0[(f->c1 + 1) * n + i] = P0 * cs[n + i];
  if (f->ctrl) X0[nn] = P0;
  X0[N - 1] = f->sgn * W0;
  // scales: rows by the load, unknowns by the largest linear amplitude over the range
  f->s1 = P0 * fxm;
  PetscCall(TriboROMForceScale(f->rom, f->us, f->fs, &f->s0));
  if (!(f->s0 > 0)) f->s0 = f->s1;
  for (PetscInt j = 0, nsamp = f->gmres ? 4 : 64; j <= nsamp; j++) { // dense 2n x 2n solves: few at large n
    PetscReal W = W0 + (W1 - W0) * j / (PetscReal)nsamp;
    PetscCall(Linear_Private(f, Kt, W, f->fx, cs, &ok));
    if (ok)
      for (PetscInt i = 0; i < 2 * n; i++) qs = PetscMax(qs, P0 * PetscAbsReal(cs[i]));
  }
  if (!(qs > 0)) qs = 1;
  for (PetscInt k = 0; k < nn; k++) D[k] = qs;
  if (f->h0) {
    PetscReal um = 0;
    for (PetscInt i = 0; i < n; i++) um = PetscMax(um, PetscAbsReal(f->us[i]));
    for (PetscInt i = 0; i < n; i++) D[i] = PetscMax(um, qs);
  }
  f->u0s = D[0];
  if (f->ctrl) D[nn] = P0;
  D[N - 1] = PetscAbsReal(W1 - W0);
  f->Dq = 1, f->Dp = 1,
  f->Dw = 1; // solves in the continuation scales (qs, P0, W1 - W0) lost Newton its quadratic convergence on the lap beam: not used
  PetscCall(TriboContSetFunction(f->cont, N, Residual_Private, Jacobian_Private, f));
  if (f->gmres) {                                          // the modal preconditioner on the tangent at the prestress; D = C
    for (PetscInt k = 0; k < n * n; k++) Kt[k] -= f->K[k]; // the joint's part
    PetscCall(TriboHBOpSetReferenceTangent(f->op, Kt));
    f->Czero = PETSC_TRUE;
    for (PetscInt k = 0; k < n * n; k++) f->Czero = (PetscBool)(f->Czero && f->C[k] == 0);
    PetscCall(TriboHBOpSetDampingMatrix(f->op, f->Czero ? NULL : f->C));
    PetscCall(TriboHBOpSetFixedStatic(f->op, (PetscBool)!f->static_free));
    PetscCall(TriboContSetLinearSolver(f->cont, LinSetUp_Private, LinSolve_Private, f));
    f->lits = f->lsolves = 0;
  }
  PetscCall(TriboContSetScaling(f->cont, D));
  PetscCall(TriboContSetMonitor(f->cont, Monitor_Private, f));
  PetscCall(TriboContSetParameterBounds(f->cont, f->sgn * W0 - 1e-9 * W0, f->sgn * W1));
  if (f->nreq) {
    PetscReal t[FRF_MAXREQ];
    for (PetscInt k = 0; k < f->nreq; k++) t[k] = f->req[k] == f->range[0] ? X0[N - 1] : f->sgn * 2 * PETSC_PI * f->req[k];
    PetscCall(TriboContSetTargets(f->cont, f->nreq, t));
  }
  if (f->verbose)
    PetscCall(PetscPrintf(f->comm,
                          "FRF: %" PetscInt_FMT " unknowns (%" PetscInt_FMT " harmonic columns x %" PetscInt_FMT " DOFs + %" PetscInt_FMT
                          "), Nt = %" PetscInt_FMT ", %g -> %g Hz, %s %.4e N, damping %s\n",
                          N, f->nc, n, 1 + f->ctrl, f->Nt, (double)f->range[0], (double)f->range[1],
                          f->ctrl ? "response control, start force" : "force", (double)P0, f->rom->C ? "C of the ROM" : "Rayleigh"));
  PetscCall(TriboContSolve(f->cont, X0));
  PetscCall(TriboContGetConvergedReason(f->cont, &reason));
  PetscCall(TriboContGetBranch(f->cont, &npts, &B));
  PetscCall(TriboContGetIterations(f->cont, &itsv));
  PetscCall(TriboContGetFolds(f->cont, &nf, &FX));
  PetscCall(PetscTime(&t1));
  PetscCheck(npts > 0, f->comm, PETSC_ERR_NOT_CONVERGED, "FRF: the first point at %g Hz did not converge (%s)", (double)f->range[0],
             TriboContReasons[reason + 3]);
  while (npts > 1 && B[(npts - 1) * N + N - 1] > f->sgn * W1) npts--; // the last step may leave the range
  // results
  f->nrec = f->rom->nrec;
  PetscCall(PetscFree5(f->omega, f->amp, f->pforce, f->xmax, f->its));
  PetscCall(PetscFree(f->fold_hz));
  PetscCall(PetscFree4(f->rq_index, f->rq_hz, f->rq_force, f->rq_amp));
  f->npts = npts, f->nfolds = nf;
  PetscCall(PetscMalloc5(npts, &f->omega, npts * f->nrec + 1, &f->amp, npts, &f->pforce, npts * f->nrec + 1, &f->xmax, npts, &f->its));
  PetscCall(PetscMalloc1(nf + 1, &f->fold_hz));
  for (PetscInt k = 0; k < nf; k++) f->fold_hz[k] = f->sgn * FX[k * N + N - 1] / (2 * PETSC_PI);
  PetscCall(PetscMalloc1((size_t)f->nc * f->nrec * (f->Nt + 1), &Cs));
  {
    const PetscScalar *r = NULL;
    if (f->nrec) PetscCall(MatDenseGetArrayRead(f->rom->R, &r));
    for (PetscInt p = 0; p < npts; p++) {
      const PetscReal *X  = &B[p * N];
      PetscReal       *xt = Cs + (size_t)f->nc * f->nrec;
      f->omega[p]         = f->sgn * X[N - 1];
      f->pforce[p]        = f->ctrl ? X[nn] : f->force;
      f->its[p]           = itsv[p];
      for (PetscInt kr = 0; kr < f->nrec; kr++)
        for (PetscInt k = 0; k < f->nc; k++) {
          PetscReal v = 0;
          for (PetscInt i = 0; i < n; i++) v += PetscRealPart(r[kr + i * f->nrec]) * X[k * n + i];
          Cs[k * f->nrec + kr] = v;
        }
      for (PetscInt kr = 0; kr < f->nrec; kr++) {
        PetscReal c = Cs[f->c1 * f->nrec + kr], s = Cs[(f->c1 + 1) * f->nrec + kr];
        f->amp[p * f->nrec + kr]  = PetscSqrtReal(c * c + s * s);
        f->xmax[p * f->nrec + kr] = 0;
      }
      if (f->nrec) PetscCall(TriboHBToTime(f->hb, f->nrec, Cs, xt));
      for (PetscInt j = 0; j < f->Nt; j++)
        for (PetscInt kr = 0; kr < f->nrec; kr++) f->xmax[p * f->nrec + kr] = PetscMax(f->xmax[p * f->nrec + kr], PetscAbsReal(xt[j * f->nrec + kr]));
    }
    if (f->nrec) PetscCall(MatDenseRestoreArrayRead(f->rom->R, &r));
  }
  PetscCall(PetscFree(Cs));
  f->nrq = 0;
  if (f->nreq) { // the solutions landed at -frf_frequencies: amplitudes at the recovery rows
    PetscInt           nh;
    const PetscInt    *ht;
    const PetscReal   *H;
    const PetscScalar *r = NULL;
    PetscCall(TriboContGetTargetHits(f->cont, &nh, &ht, &H));
    f->nrq = nh;
    PetscCall(PetscMalloc4(nh + 1, &f->rq_index, nh + 1, &f->rq_hz, nh + 1, &f->rq_force, nh * f->nrec + 1, &f->rq_amp));
    if (f->nrec) PetscCall(MatDenseGetArrayRead(f->rom->R, &r));
    for (PetscInt p = 0; p < nh; p++) {
      const PetscReal *X = &H[p * N];
      f->rq_index[p]     = ht[p];
      f->rq_hz[p]        = f->req[ht[p]];
      f->rq_force[p]     = f->ctrl ? X[nn] : f->force;
      for (PetscInt kr = 0; kr < f->nrec; kr++) {
        PetscReal c = 0, sn = 0;
        for (PetscInt i = 0; i < n; i++)
          c += PetscRealPart(r[kr + i * f->nrec]) * X[f->c1 * n + i], sn += PetscRealPart(r[kr + i * f->nrec]) * X[(f->c1 + 1) * n + i];
        f->rq_amp[p * f->nrec + kr] = PetscSqrtReal(c * c + sn * sn);
      }
    }
    if (f->nrec) PetscCall(MatDenseRestoreArrayRead(f->rom->R, &r));
  }
  f->incomplete = (PetscBool)(reason != TRIBOCONT_CONVERGED_BOUNDS), f->failed = (PetscBool)(reason < 0), f->stop[0] = 0;
  if (reason == TRIBOCONT_CONVERGED_BOUNDS)
    for (PetscInt k = 0; k < f->nreq; k++) { // the branch went through the range: every requested frequency must have a solution
      PetscBool hit = PETSC_FALSE;
      for (PetscInt p = 0; p < f->nrq; p++) hit = (PetscBool)(hit || f->rq_index[p] == k);
      if (!hit) {
        f->incomplete = f->failed = PETSC_TRUE;
        PetscCall(PetscSNPrintf(f->stop, sizeof(f->stop),
                                "FRF: the solution at %g Hz (-frf_frequencies) could not be landed although the branch passed it",
                                (double)f->req[k]));
        break;
      }
    }
  if (reason != TRIBOCONT_CONVERGED_BOUNDS)
    PetscCall(PetscSNPrintf(f->stop, sizeof(f->stop), "FRF stopped at %.6f Hz of %g -> %g Hz after %" PetscInt_FMT " points: %s%s",
                            (double)(f->omega[npts - 1] / (2 * PETSC_PI)), (double)f->range[0], (double)f->range[1], npts,
                            TriboContReasonAdvice(reason), reason < 0 ? ", or -hb_nt and -hb_harmonics fit for the law" : ""));
  if (f->verbose)
    PetscCall(PetscPrintf(f->comm, "FRF: %" PetscInt_FMT " points, %" PetscInt_FMT " folds, %s, %.2f s\n", npts, nf, TriboContReasons[reason + 3],
                          (double)(t1 - t0)));
  PetscCall(PetscFree4(Kt, cs, X0, D));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFGetStop - Whether the response reached the end of its range, and if not where and why it stopped.

  Not collective

  Output Parameters:
+ incomplete - PETSC_TRUE when the continuation stopped before the end of the range
. failed     - PETSC_TRUE when it stopped on a failure (TRIBOCONT_DIVERGED_*), not on -cont_max_steps
- stop       - the message: where, why, what to try ("" when complete)
@*/
PetscErrorCode TriboFRFGetStop(TriboFRF f, PetscBool *incomplete, PetscBool *failed, const char **stop)
{
  PetscFunctionBeginUser;
  if (incomplete) *incomplete = f->incomplete;
  if (failed) *failed = f->failed;
  if (stop) *stop = f->stop;
  PetscFunctionReturn(0);
}

/*@
  TriboFRFGetBranch - The points of the forced response.

  Not collective

  Output Parameters:
+ npts - number of points (in the range: a last step past f1 is dropped)
. N    - unknowns per point: ncoef n harmonics (the layout of include/tribohb.h), then the force level with response
         control, then s Omega (s = -1 for a downward sweep)
- X    - npts x N row-major (owned by the analysis)

.seealso: TriboFRFGetResponse(), TriboFRFGetFolds()
@*/
PetscErrorCode TriboFRFGetBranch(TriboFRF f, PetscInt *npts, PetscInt *N, const PetscReal *X[])
{
  PetscFunctionBeginUser;
  if (N) *N = f->N;
  PetscCall(TriboContGetBranch(f->cont, NULL, X));
  if (npts) *npts = f->npts;
  PetscFunctionReturn(0);
}

/*@
  TriboFRFGetResponse - Per point: Omega [rad/s], force level [N], first-harmonic amplitudes at the recovery rows
  (npts x nrec) and Newton iterations.

  Not collective
@*/
PetscErrorCode TriboFRFGetResponse(TriboFRF f, PetscInt *npts, const PetscReal *omega[], const PetscReal *force[], const PetscReal *amp[],
                                   const PetscInt *its[])
{
  PetscFunctionBeginUser;
  if (npts) *npts = f->npts;
  if (omega) *omega = f->omega;
  if (force) *force = f->pforce;
  if (amp) *amp = f->amp;
  if (its) *its = f->its;
  PetscFunctionReturn(0);
}

/*@
  TriboFRFGetFolds - The frequencies [Hz] of the folds (turning points in frequency) of the forced response.

  Not collective
@*/
PetscErrorCode TriboFRFGetFolds(TriboFRF f, PetscInt *nfolds, const PetscReal *hz[])
{
  PetscFunctionBeginUser;
  if (nfolds) *nfolds = f->nfolds;
  if (hz) *hz = f->fold_hz;
  PetscFunctionReturn(0);
}

/*@
  TriboFRFView - Prints the settings and, after TriboFRFSolve(), a summary of the response.

  Collective
@*/
PetscErrorCode TriboFRFView(TriboFRF f, PetscViewer v)
{
  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(v, "Forced response (harmonic balance): %g -> %g Hz, harmonics", (double)f->range[0], (double)f->range[1]));
  for (PetscInt a = 0; a < f->nharm; a++) PetscCall(PetscViewerASCIIPrintf(v, "%s%" PetscInt_FMT, a ? "," : " ", f->harm[a]));
  PetscCall(PetscViewerASCIIPrintf(v, ", Nt = %" PetscInt_FMT "\n", f->Nt));
  if (f->camp > 0)
    PetscCall(PetscViewerASCIIPrintf(v, "  response control: amplitude %g m at recovery row %" PetscInt_FMT "\n", (double)f->camp, f->crec));
  else
    PetscCall(PetscViewerASCIIPrintf(v, "  force level %g N\n", (double)f->force));
  if (f->npts) {
    PetscCall(PetscViewerASCIIPrintf(v, "  %" PetscInt_FMT " points, %" PetscInt_FMT " folds", f->npts, f->nfolds));
    for (PetscInt k = 0; k < f->nfolds; k++) PetscCall(PetscViewerASCIIPrintf(v, "%s%.6g Hz", k ? ", " : " at ", (double)f->fold_hz[k]));
    PetscCall(PetscViewerASCIIPrintf(v, "\n"));
    for (PetscInt p = 0; p < f->nrq; p++)
      PetscCall(PetscViewerASCIIPrintf(v, "  requested %.6g Hz: force %.6g N%s%.6e m\n", (double)f->rq_hz[p], (double)f->rq_force[p],
                                       f->nrec ? ", amplitude at recovery row 0 " : "", f->nrec ? (double)f->rq_amp[p * f->nrec] : 0.0));
  }
  PetscCall(TriboContView(f->cont, v));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFWriteH5 - Writes the response to /frf: omega (rad/s), frequency_hz, force (N), amplitude and max_abs
  (npts x nrec: first-harmonic amplitude and largest |x| over the period at the recovery rows, m), harmonics
  (npts x ncoef n), newton_iterations, folds_hz; attributes harmonics, Nt, reason, units.

  Collective
@*/
PetscErrorCode TriboFRFWriteH5(TriboFRF f, TriboH5 h5)
{
  PetscInt         dims[2], npts, N;
  const PetscReal *B;
  PetscReal       *hz, *H;
  TriboContReason  reason;

  PetscFunctionBeginUser;
  PetscCall(TriboFRFGetBranch(f, &npts, &N, &B));
  PetscCall(PetscMalloc2(f->npts, &hz, (size_t)f->npts * f->nn + 1, &H));
  for (PetscInt p = 0; p < f->npts; p++) hz[p] = f->omega[p] / (2 * PETSC_PI);
  for (PetscInt p = 0; p < f->npts; p++) PetscCall(PetscArraycpy(&H[(size_t)p * f->nn], &B[(size_t)p * N], f->nn));
  dims[0] = f->npts;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/omega", 1, dims, f->omega));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/frequency_hz", 1, dims, hz));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/force", 1, dims, f->pforce));
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_FRF "/newton_iterations", 1, dims, f->its));
  dims[1] = f->nn;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/harmonics", 2, dims, H));
  if (f->nrec) {
    dims[1] = f->nrec;
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/amplitude", 2, dims, f->amp));
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/max_abs", 2, dims, f->xmax));
    PetscCall(TriboH5WriteStrings(h5, TRIBO_H5_FRF "/recovery_labels", f->nrec, (const char *const *)f->rom->rlabels));
  }
  dims[0] = f->nfolds;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/folds_hz", 1, dims, f->fold_hz));
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_FRF "/harmonic_list", 1, &f->nharm, f->harm));
  PetscCall(TriboContGetConvergedReason(f->cont, &reason));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_FRF, "Nt", f->Nt));
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_FRF, "reason", TriboContReasons[reason + 3]));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_FRF, "complete", f->incomplete ? 0 : 1));
  if (f->nreq) { // the exact solutions at -frf_frequencies, every crossing (coexisting solutions after folds)
    PetscInt d2[2] = {f->nrq, f->nrec};
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/requested/frequency_hz", 1, d2, f->rq_hz));
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/requested/force", 1, d2, f->rq_force));
    PetscCall(TriboH5WriteInt(h5, TRIBO_H5_FRF "/requested/index", 1, d2, f->rq_index));
    if (f->nrec) PetscCall(TriboH5WriteReal(h5, TRIBO_H5_FRF "/requested/amplitude", 2, d2, f->rq_amp));
  }
  if (f->incomplete) PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_FRF, "stopped", f->stop));
  PetscCall(
      TriboH5WriteAttrString(h5, TRIBO_H5_FRF, "layout",
                             "harmonics row: [X0 |] Xc_1 Xs_1 | Xc_2 Xs_2 ..., each n ROM DOFs (include/tribohb.h), harmonic_list the harmonics"));
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_FRF, "units", "omega rad/s; frequency_hz Hz; force N; amplitude, max_abs and harmonics m (SI ROM)"));
  PetscCall(PetscFree2(hz, H));
  PetscFunctionReturn(0);
}

/*@
  TriboFRFDestroy - Destroys the analysis.

  Collective
@*/
PetscErrorCode TriboFRFDestroy(TriboFRF *frf)
{
  TriboFRF f;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(frf, TRIBO_FRF_CLASSID);
  f = *frf;
  PetscCall(TriboModalDestroy(&f->modal));
  PetscCall(TriboHBDestroy(&f->hb));
  PetscCall(TriboContDestroy(&f->cont));
  PetscCall(PetscFree3(f->us, f->fs, f->hs));
  PetscCall(PetscFree5(f->K, f->M, f->C, f->fx, f->rk));
  PetscCall(PetscFree5(f->q, f->F, f->Jnl, f->w1, f->w2));
  PetscCall(PetscFree5(f->omega, f->amp, f->pforce, f->xmax, f->its));
  PetscCall(PetscFree(f->fold_hz));
  PetscCall(PetscFree4(f->rq_index, f->rq_hz, f->rq_force, f->rq_amp));
  PetscCall(PetscFree(f->prefix));
  PetscCall(TriboHBOpDestroy(&f->op));
  PetscCall(PetscFree2(f->Bb, f->Cb));
  PetscCall(PetscHeaderDestroy(frf));
  PetscFunctionReturn(0);
}
