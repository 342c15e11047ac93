/* The coupled case (-contact_case lapbeam, or -rom FILE): the half-space grid on the interface of a reduced structure
   (src/contact/couple.c) and its analyses (linder-gross-krack §2.3, App. C):
   - preload: the bolt load F Fv stepped from 0 to -contact_preload per bolt, each step a load increment g_ex of eq. 16-19 solved
     with TriboContactSolveFriction() (3 components, Coulomb friction);
   - the linearized modes about the preloaded state (eq. C.3-C.4): K~ + W_b^(cl) (C^(cl,cl))^-1 W_b^(cl)T with the closed points of
     the preload, in the M~-orthonormal elastic modal coordinates y of the free structure (M~ -> I, K~ -> diag(w)), by SLEPc on the
     inverse (Woodbury): (K~ + W C^-1 W^T)^-1 = K~^+ - K~^+ W (C_*^(cl,cl))^-1 W^T K~^+; each product is one conjugate-gradient
     solve on the operator C_* restricted to the closed points (never a dense grid-size matrix);
   - the quasi-static modal analysis (eq. C.1-C.2): the load M~ phi alpha stepped up to alpha_max in -contact_qsma_n amplitudes
     (log-spaced over -contact_qsma_decades), q_mod = phi^T M~ q, frequency and damping per amplitude by the Masing rules. */
#include <tribo/private/contactimpl.h>
#include <slepceps.h>
#include <tribomodel.h>
#include <triboio.h>

/*@C
  TriboContactQSMAMasing - frequency, dissipated energy and damping ratio of eq. C.2 from an initial loading curve by the Masing rules

  Not collective

  Input Parameters:
+ n - points of the curve
. alpha - load scales alpha_i > 0, increasing (the curve starts at (0, 0), not given)
- q - modal amplitudes q_i > 0 at alpha_i

  Output Parameters:
+ omega - sqrt(2 alpha_i / |q(alpha_i) - q(-alpha_i)|) = sqrt(alpha_i / q_i) (rad/s, eq. C.2; the Masing curve is odd)
. D - damping ratio E_i / (2 pi (omega_i q_i)^2) (eq. C.2)
- E - energy of the full Masing cycle: 4 (2 int_0^q_i alpha dq - alpha_i q_i), the integral by the trapezoidal rule on the points

  Notes:
  Masing's rules (e.g. Segalman & Starr): the unloading branch from (q_a, alpha_a) is q_a - 2 q_ini((alpha_a - alpha)/2), which
  encloses the area given above. For a Jenkins element (alpha = k q up to alpha_s) it is 4 alpha_s (q - alpha_s/k).
@*/
PetscErrorCode TriboContactQSMAMasing(PetscInt n, const PetscReal alpha[], const PetscReal q[], PetscReal omega[], PetscReal D[], PetscReal E[])
{
  PetscReal area = 0, a0 = 0, q0 = 0;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) {
    PetscCheck(alpha[i] >= a0 && alpha[i] > 0 && q[i] > q0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG,
               "QSMA: the loading curve must rise from (0, 0) (alpha non-decreasing, q increasing): point %" PetscInt_FMT
               " is (%g, %g) after (%g, %g)",
               i, (double)alpha[i], (double)q[i], (double)a0, (double)q0);
    area += 0.5 * (alpha[i] + a0) * (q[i] - q0);
    a0 = alpha[i], q0 = q[i];
    omega[i] = PetscSqrtReal(alpha[i] / q[i]);
    E[i]     = PetscMax(0, 4 * (2 * area - alpha[i] * q[i]));
    D[i]     = E[i] / (2 * PETSC_PI * omega[i] * omega[i] * q[i] * q[i]);
  }
  PetscFunctionReturn(0);
}

static PetscReal Dot3_Private(PetscInt n, const PetscBool m[], PetscReal *const a[], PetscReal *const b[])
{
  PetscReal s = 0;
  for (PetscInt d = 0; d < 3; d++)
    for (PetscInt k = 0; k < n; k++)
      if (m[k]) s += a[d][k] * b[d][k];
  return s;
}

/* x = (C_*^(cl,cl))^-1 b by conjugate gradients on the operator (3 components, the points of cl; x = 0 elsewhere), preconditioned by
   pc (c I + V_cl V_cl^T of src/contact/deflate.c, set up on cl; NULL: none); w: 12 work arrays */
static PetscErrorCode SolveClosed_Private(TriboContact c, const TriboContactOperator *op, TriboLowRankPC *pc, const PetscBool cl[],
                                          PetscReal *const b[], PetscReal *const x[], PetscReal *const w[], PetscInt *its)
{
  PetscInt   n    = c->nloc, k;
  PetscReal *r[3] = {w[0], w[1], w[2]}, *d[3] = {w[3], w[4], w[5]}, *Ad[3] = {w[6], w[7], w[8]}, *z[3] = {w[9], w[10], w[11]}, s[2], rz, rz1, bb, dAd;

  PetscFunctionBeginUser;
  for (PetscInt e = 0; e < 3; e++)
    for (PetscInt i = 0; i < n; i++) x[e][i] = 0, r[e][i] = cl[i] ? b[e][i] : 0, z[e][i] = r[e][i];
  if (pc) PetscCall(TriboLowRankPCApply(pc, cl, r, z));
  s[0] = Dot3_Private(n, cl, r, r), s[1] = Dot3_Private(n, cl, r, z);
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, c->comm));
  bb = s[0], rz = s[1];
  for (PetscInt e = 0; e < 3; e++)
    for (PetscInt i = 0; i < n; i++) d[e][i] = z[e][i];
  for (k = 0; k < 2000 && s[0] > c->lrtol * c->lrtol * bb && bb > 0; k++) {
    PetscCall(op->apply(op->ctx, (const PetscReal *const *)d, Ad));
    dAd = Dot3_Private(n, cl, d, Ad);
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &dAd, 1, MPIU_REAL, MPIU_SUM, c->comm));
    for (PetscInt e = 0; e < 3; e++)
      for (PetscInt i = 0; i < n; i++)
        if (cl[i]) x[e][i] += rz / dAd * d[e][i], r[e][i] -= rz / dAd * Ad[e][i];
    if (pc) PetscCall(TriboLowRankPCApply(pc, cl, r, z));
    s[0] = Dot3_Private(n, cl, r, r), s[1] = Dot3_Private(n, cl, r, pc ? z : r);
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, c->comm));
    rz1 = s[1];
    for (PetscInt e = 0; e < 3; e++)
      for (PetscInt i = 0; i < n; i++) d[e][i] = cl[i] ? (pc ? z[e][i] : r[e][i]) + rz1 / rz * d[e][i] : 0;
    rz = rz1;
  }
  PetscCheck(s[0] <= c->lrtol * c->lrtol * bb || bb == 0, c->comm, PETSC_ERR_NOT_CONVERGED,
             "the conjugate gradients on the closed points did not reach -contact_lin_rtol %g in 2000 iterations (residual %g)", (double)c->lrtol,
             (double)PetscSqrtReal(s[0] / bb));
  *its += k;
  PetscFunctionReturn(0);
}

typedef struct {
  TriboContact         c;
  TriboContactOperator op;
  PetscBool           *cl;
  PetscReal           *buf, *y, *v, *q, *f;
  PetscInt             its, nmult;
  TriboLowRankPC       pc; /* on the closed points, when the operator carries deflated columns */
  VecScatter           sc;
  Vec                  yall;
} LinCtx;

/* out = (diag(w_e) + Phi_e^T W C^(cl,cl)^-1 W^T Phi_e)^-1 y, by Woodbury (see the header) */
static PetscErrorCode LinMult_Private(Mat A, Vec yv, Vec out)
{
  LinCtx              *L;
  TriboContact         c;
  TriboContactCoupling cp;
  PetscInt             n, ne, nr, lo, hi, nl;
  PetscReal           *g[3], *x[3], *w[12];
  const PetscScalar   *ya;
  PetscScalar         *oa;

  PetscFunctionBeginUser;
  PetscCall(MatShellGetContext(A, &L));
  c = L->c, cp = c->cpl, n = cp->n, ne = cp->ne, nr = cp->nr, nl = c->nloc;
  PetscCall(VecScatterBegin(L->sc, yv, L->yall, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecScatterEnd(L->sc, yv, L->yall, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecGetArrayRead(L->yall, &ya));
  for (PetscInt m = 0; m < ne; m++) L->v[m] = PetscRealPart(ya[m]) / cp->w[nr + m];
  PetscCall(VecRestoreArrayRead(L->yall, &ya));
  for (PetscInt j = 0; j < n; j++) L->q[j] = 0;
  for (PetscInt m = 0; m < ne; m++)
    for (PetscInt j = 0; j < n; j++) L->q[j] += cp->Phi[(nr + m) * n + j] * L->v[m];
  for (PetscInt d = 0; d < 3; d++) g[d] = L->buf + d * nl, x[d] = L->buf + (3 + d) * nl;
  for (PetscInt d = 0; d < 12; d++) w[d] = L->buf + (6 + d) * nl;
  PetscCall(TriboContactCouplingGap(cp, L->q, g));
  PetscCall(SolveClosed_Private(c, &L->op, L->op.nlow > 0 ? &L->pc : NULL, L->cl, g, x, w, &L->its));
  PetscCall(TriboContactCouplingForce(cp, (const PetscReal *const *)x, L->f));
  PetscCall(VecGetOwnershipRange(out, &lo, &hi));
  PetscCall(VecGetArray(out, &oa));
  for (PetscInt m = lo; m < hi; m++) {
    PetscReal s = 0;
    for (PetscInt j = 0; j < n; j++) s += cp->Phi[(nr + m) * n + j] * L->f[j];
    oa[m - lo] = L->v[m] - s / cp->w[nr + m];
  }
  PetscCall(VecRestoreArray(out, &oa));
  L->nmult++;
  PetscFunctionReturn(0);
}

/* The linearized modes about the committed state (eq. C.3-C.4): c->flin (Hz) and the mode c->mode in c->ylin */
static PetscErrorCode Linearize_Private(TriboContact c)
{
  TriboContactCoupling cp = c->cpl;
  LinCtx               L;
  Mat                  A;
  EPS                  eps;
  Vec                  x, y;
  PetscInt             ne = cp->ne, nconv, ncl = 0;
  PetscLogDouble       t0, t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t0));
  {
    PetscBool init;
    PetscCall(SlepcInitialized(&init));
    if (!init) PetscCall(SlepcInitialize(NULL, NULL, NULL, NULL)); // as src/rom/cb.c: SlepcFinalize() is left to PetscFinalize()
  }
  PetscCall(PetscMemzero(&L, sizeof(L)));
  L.c = c;
  PetscCall(TriboContactCouplingGetOperator(cp, 3, &L.op));
  PetscCall(PetscMalloc1(c->nloc + 1, &L.cl));
  for (PetscInt k = 0; k < c->nloc; k++) L.cl[k] = c->mask[k] && c->P[0][k] > 0 ? PETSC_TRUE : PETSC_FALSE, ncl += L.cl[k];
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &ncl, 1, MPIU_INT, MPI_SUM, c->comm));
  PetscCheck(ncl > 0, c->comm, PETSC_ERR_USER_INPUT,
             "no grid point is closed after the preload (-contact_preload %g N): no linearized contact stiffness", (double)c->preload);
  if (L.op.nlow > 0) {
    PetscReal c0;
    PetscCall(TriboContactOperatorGetDiagonal(&L.op, 0, L.cl, &c0));
    PetscCall(TriboLowRankPCCreate(&L.op, 0, 3, c0, &L.pc));
    PetscCall(TriboLowRankPCSetFFT(&L.pc));
    PetscCall(TriboLowRankPCSetSet(&L.pc, L.cl));
  }
  PetscCall(PetscMalloc5(18 * c->nloc + 1, &L.buf, ne, &L.y, ne, &L.v, cp->n, &L.q, cp->n, &L.f));
  PetscCall(MatCreateShell(c->comm, PETSC_DECIDE, PETSC_DECIDE, ne, ne, &L, &A));
  PetscCall(MatShellSetOperation(A, MATOP_MULT, (void (*)(void))LinMult_Private));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecScatterCreateToAll(x, &L.sc, &L.yall));
  PetscCall(EPSCreate(c->comm, &eps));
  PetscCall(EPSSetOperators(eps, A, NULL));
  PetscCall(EPSSetProblemType(eps, EPS_HEP));
  PetscCall(EPSSetWhichEigenpairs(eps, EPS_LARGEST_REAL));
  PetscCall(EPSSetDimensions(eps, c->nev, PETSC_DEFAULT, PETSC_DEFAULT));
  PetscCall(EPSSetTolerances(eps, 1e-9, 500));
  PetscCall(EPSSetOptionsPrefix(eps, "contact_lin_"));
  PetscCall(EPSSetFromOptions(eps));
  PetscCall(EPSSolve(eps));
  PetscCall(EPSGetConverged(eps, &nconv));
  PetscCheck(nconv >= c->mode, c->comm, PETSC_ERR_NOT_CONVERGED,
             "the linearized eigenproblem converged %" PetscInt_FMT " modes, -contact_mode %" PetscInt_FMT " wanted", nconv, c->mode);
  c->nlin = PetscMin(nconv, 16);
  for (PetscInt i = 0; i < c->nlin; i++) {
    PetscScalar th;
    PetscCall(EPSGetEigenpair(eps, i, &th, NULL, i == c->mode - 1 ? x : NULL, NULL));
    c->flin[i] = 1 / PetscSqrtReal(PetscRealPart(th)) / (2 * PETSC_PI);
  }
  PetscCall(VecScatterBegin(L.sc, x, L.yall, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(VecScatterEnd(L.sc, x, L.yall, INSERT_VALUES, SCATTER_FORWARD));
  {
    const PetscScalar *ya;
    PetscReal          nrm = 0, big = 0;
    PetscCall(VecGetArrayRead(L.yall, &ya));
    for (PetscInt m = 0; m < ne; m++) c->ylin[m] = PetscRealPart(ya[m]), nrm += c->ylin[m] * c->ylin[m];
    PetscCall(VecRestoreArrayRead(L.yall, &ya));
    for (PetscInt m = 0; m < ne; m++) big = PetscAbsReal(c->ylin[m]) > PetscAbsReal(big) ? c->ylin[m] : big;
    for (PetscInt m = 0; m < ne; m++) c->ylin[m] *= (big < 0 ? -1 : 1) / PetscSqrtReal(nrm); // unit norm (M~-normalized), sign fixed
  }
  PetscCall(PetscTime(&t1));
  PetscCall(
      PetscInfo(NULL, "linearized modes: %" PetscInt_FMT " products, %" PetscInt_FMT " CG iterations, %g s\n", L.nmult, L.its, (double)(t1 - t0)));
  c->linits = L.its, c->linmult = L.nmult, c->linsec = t1 - t0;
  PetscCall(EPSDestroy(&eps));
  PetscCall(VecScatterDestroy(&L.sc));
  PetscCall(VecDestroy(&L.yall));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFree5(L.buf, L.y, L.v, L.q, L.f));
  PetscCall(PetscFree(L.cl));
  PetscCall(TriboLowRankPCDestroy(&L.pc));
  PetscFunctionReturn(0);
}

/* The fields of the step for the writer (pressure, |shear|, slip magnitude, gap, state), the step's row, and the monitor */
static PetscErrorCode Record_Private(TriboContact c, PetscReal load, PetscReal alpha, const TriboFrictionInfo *fi, PetscLogDouble t0)
{
  TriboContactStep *st   = &c->steps[c->nstep];
  PetscReal         s[5] = {0, 0, 0, 0, 0}, pmax = 0;
  PetscLogDouble    t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t1));
  for (PetscInt k = 0; k < c->nloc; k++) {
    c->p[k]   = c->P[0][k];
    c->q[k]   = PetscSqrtReal(c->P[1][k] * c->P[1][k] + c->P[2][k] * c->P[2][k]);
    c->s[k]   = PetscSqrtReal(c->S[0][k] * c->S[0][k] + c->S[1][k] * c->S[1][k]);
    c->gap[k] = c->mask[k] ? c->G[0][k] : 0;
    s[0] += c->P[0][k] * c->cpl->dA, s[1] += c->P[1][k] * c->cpl->dA, s[2] += c->P[2][k] * c->cpl->dA, s[3] += c->P[0][k] > 0 ? c->cpl->dA : 0;
    pmax = PetscMax(pmax, c->P[0][k]);
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 4, MPIU_REAL, MPIU_SUM, c->comm));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &pmax, 1, MPIU_REAL, MPIU_MAX, c->comm));
  st->load = load, st->force = s[0], st->area = s[3], st->pmax = pmax, st->shift = alpha, st->tforce = PetscSqrtReal(s[1] * s[1] + s[2] * s[2]);
  st->approach = 0, st->its = fi->its, st->converged = fi->converged, st->nstick = fi->nstick, st->nslip = fi->nslip, st->dissip = fi->dissip;
  st->seconds = t1 - t0;
  c->nstep++; // before the monitor, which may write a checkpoint of the steps done
  if (c->monitor) PetscCall((*c->monitor)(c, c->nstep - 1, c->mctx));
  PetscFunctionReturn(0);
}

/* One load increment with the ROM displacement increment dq of the imposed load (K~^+ df): the imposed gap increment W_b^T dq
   (eq. 16, 18) solved by TriboContactSolveFriction() from the committed state; then committed: H, the normal gap at the start of
   the next increment, is the one at the end of this; the slip increments (g[1], g[2]: zero where sticking) are accumulated */
static PetscErrorCode Increment_Private(TriboContact c, const TriboContactOperator *op, const PetscReal dq[], TriboFrictionInfo *fi)
{
  PetscFunctionBeginUser;
  PetscCall(TriboContactCouplingGap(c->cpl, dq, c->DG));
  for (PetscInt d = 0; d < 3; d++) PetscCall(PetscArraycpy(c->P0[d], c->P[d], c->nloc));
  PetscCall(TriboContactSolveFriction(op, &c->sp, c->fmethod, c->mu, c->H, c->mask, (const PetscReal *const *)c->DG, (const PetscReal *const *)c->P0,
                                      c->P, c->G, c->state, fi));
  c->sp.warm = PETSC_TRUE;
  for (PetscInt k = 0; k < c->nloc; k++) c->H[k] = c->G[0][k], c->S[0][k] += c->G[1][k], c->S[1][k] += c->G[2][k];
  PetscFunctionReturn(0);
}

/* y^T diag(w_e)^-1 Phi_e^T f: the modal amplitude (eq. C.1) of the static response K~^+ f */
static PetscReal ModalAmplitude_Private(TriboContact c, const PetscReal f[])
{
  TriboContactCoupling cp = c->cpl;
  PetscReal            s  = 0;

  for (PetscInt m = 0; m < cp->ne; m++) {
    PetscReal pf = 0;
    for (PetscInt j = 0; j < cp->n; j++) pf += cp->Phi[(cp->nr + m) * cp->n + j] * f[j];
    s += c->ylin[m] * pf / cp->w[cp->nr + m];
  }
  return s;
}

/*@C
  TriboContactSolve_Coupled - preload, linearized modes, quasi-static modal analysis (see the header of src/contact/qsma.c)

  Collective
@*/
PetscErrorCode TriboContactSolve_Coupled(TriboContact c)
{
  TriboContactCoupling cp = c->cpl;
  TriboContactOperator op;
  TriboFrictionInfo    fi;
  PetscInt             n = cp->n, ne = cp->ne;
  PetscReal           *df = NULL, om;
  PetscLogDouble       t0;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(&op, sizeof(op)));
  PetscCall(TriboContactCouplingGetOperator(cp, 3, &op));
  PetscCall(PetscMalloc1(n, &df));
  if (!c->restored) { // else TriboContactCheckpointLoad() restored the state after step c->nstep
    c->nstep = 0, c->sp.warm = PETSC_FALSE, c->alpha = 0;
    // the gap at the start: the case's undeformed gap with what TriboContactAddGap() added after the set-up (a measured map)
    for (PetscInt k = 0; k < c->nloc; k++) c->H[k] = c->h[k];
  }
  // preload: F Fv in -contact_preload_steps increments
  for (PetscInt k = c->nstep + 1; k <= c->npre; k++) {
    const PetscScalar *fv;
    PetscCall(PetscTime(&t0));
    PetscCall(VecGetArrayRead(c->rom->Fv, &fv));
    for (PetscInt j = 0; j < n; j++) df[j] = c->preload / c->npre * PetscRealPart(fv[j]), c->fpre[j] += df[j];
    PetscCall(VecRestoreArrayRead(c->rom->Fv, &fv));
    PetscCall(TriboContactCouplingDisplacement(cp, df, c->fwork));
    PetscCall(Increment_Private(c, &op, c->fwork, &fi));
    PetscCall(Record_Private(c, c->preload * k / c->npre, 0, &fi, t0));
  }
  if (c->nstep == c->npre) { // not yet past the preload: the linearized modes about it, and the modal amplitude there
    PetscCall(Linearize_Private(c));
    PetscCall(TriboContactCouplingForce(cp, (const PetscReal *const *)c->P, c->fwork));
    for (PetscInt j = 0; j < n; j++) c->fwork[j] += c->fpre[j];
    c->qm0 = ModalAmplitude_Private(c, c->fwork);
  }
  om = 2 * PETSC_PI * c->flin[c->mode - 1];
  // QSMA: alpha_i log-spaced over -contact_qsma_decades up to alpha_max = omega_lin^2 q_max
  for (PetscInt i = c->nstep - c->npre; i < c->nqsma; i++) {
    PetscReal a = om * om * c->qmax * PetscPowReal(10.0, -c->decades * (c->nqsma - 1 - i) / PetscMax(1, c->nqsma - 1)), yw = 0;
    PetscCall(PetscTime(&t0));
    // d f = M~ phi (a - alpha) = M~ Phi_e y (a - alpha): in the modal coordinates Phi_e^T M~ Phi_e = I, so K~^+ df = Phi_e diag(w)^-1 y (a - alpha)
    for (PetscInt j = 0; j < n; j++) c->fwork[j] = 0;
    for (PetscInt m = 0; m < ne; m++)
      for (PetscInt j = 0; j < n; j++) c->fwork[j] += cp->Phi[(cp->nr + m) * n + j] * c->ylin[m] / cp->w[cp->nr + m] * (a - c->alpha);
    PetscCall(Increment_Private(c, &op, c->fwork, &fi));
    c->alpha = a;
    PetscCall(TriboContactCouplingForce(cp, (const PetscReal *const *)c->P, c->fwork));
    for (PetscInt j = 0; j < n; j++) c->fwork[j] += c->fpre[j];
    for (PetscInt m = 0; m < ne; m++) yw += c->ylin[m] * c->ylin[m] / cp->w[cp->nr + m];
    c->bb[0][i] = a, c->bb[1][i] = ModalAmplitude_Private(c, c->fwork) - c->qm0 + a * yw, c->bb[5][i] = fi.converged;
    PetscCall(Record_Private(c, c->preload, a, &fi, t0));
  }
  c->nbb = c->nqsma;
  PetscCall(TriboContactQSMAMasing(c->nbb, c->bb[0], c->bb[1], c->bb[2], c->bb[3], c->bb[4]));
  for (PetscInt i = 0; i < c->nbb; i++) c->bb[2][i] /= 2 * PETSC_PI;
  PetscCall(PetscFree(df));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSetUp_Coupled - the reduced structure (-rom FILE, else tribo's built-in lap-beam frame model, TriboModelLapFrame()) and
  its coupling; the grid: -contact_n points along x over the interface's extent, square cells, as many rows as cover its width

  Collective

  Output Parameters:
+ L - grid length along x (m)
- Ly - grid length along y (m)
@*/
PetscErrorCode TriboContactSetUp_Coupled(TriboContact c, PetscReal *L, PetscReal *Ly)
{
  PetscReal box[4], dx, nrm;

  PetscFunctionBeginUser;
  if (c->romfile[0]) {
    PetscCall(TriboROMLoad(c->comm, c->romfile, &c->rom));
    // a deck's bolts are a preload vector, not elements: -contact_bolt_xy ties the halves at the bolt axes (TriboContactCouplingCreate())
    PetscCall(TriboContactCouplingCreate(c->comm, c->rom, c->nbolt, c->boltxy, c->boltkt, c->boltkn, c->boltr, &c->cpl));
  } else {
    PetscCheck(!c->nbolt, c->comm, PETSC_ERR_USER_INPUT,
               "-contact_bolt_xy is for a user's ROM (-rom FILE): the built-in lap beam is tied at its own bolt axes (-lapframe_bolt_spacing)");
    // the lap frame's bolts act along z only: their shanks' lateral stiffness ties the two halves at the bolt axes (y = 0, x at the
    // bolt spacing around 0, read from the same options as TriboModelLapFrame()), else only the soft suspension holds the halves'
    // relative sliding and C_* gets a few huge eigenvalues that the frictional solvers converge on very slowly
    PetscInt  nb = 3;
    PetscReal sp = 0.0381, xy[2 * 16];
    PetscBool set;
    PetscCall(PetscOptionsHasName(NULL, NULL, "-lapframe_suspension_k", &set));
    // the frame model's default suspension (500 N/m) leaves the halves' relative rocking soft: C_* then has a few eigenvalues 1e5-1e8
    // times the others and the frictional solver needs 2.5e5 iterations per increment; 1e6 N/m (suspension modes 128-270 Hz) gets ~1e4
    if (!set) PetscCall(PetscOptionsSetValue(NULL, "-lapframe_suspension_k", "1e6"));
    PetscCall(TriboModelBuild(c->comm, "lapframe", &c->rom));
    if (!set) PetscCall(PetscOptionsClearValue(NULL, "-lapframe_suspension_k"));
    PetscCall(TriboOptionsGetInt(NULL, NULL, "-lapframe_nbolts", &nb, NULL));
    PetscCall(PetscOptionsGetReal(NULL, NULL, "-lapframe_bolt_spacing", &sp, NULL));
    nb = PetscMin(nb, 16);
    for (PetscInt b = 0; b < nb; b++) xy[2 * b] = (b - 0.5 * (nb - 1)) * sp, xy[2 * b + 1] = 0;
    PetscCall(TriboContactCouplingCreate(c->comm, c->rom, c->boltkt > 0 || c->boltkn > 0 ? nb : 0, xy, c->boltkt, c->boltkn, 0, &c->cpl));
  }
  c->cpl->deflmax = c->deflmax, c->cpl->defltol = c->defltol;
  PetscCall(VecNorm(c->rom->Fv, NORM_INFINITY, &nrm));
  PetscCheck(nrm > 0, c->comm, PETSC_ERR_USER_INPUT, "%s: the reduced structure has no bolt load vector (/rom/Fv is zero): the preload needs one",
             c->romfile[0] ? c->romfile : "the built-in lap beam");
  PetscCheck(c->preload > 0 && c->npre > 0, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_preload (N per bolt) and -contact_preload_steps must be > 0, got %g, %" PetscInt_FMT, (double)c->preload, c->npre);
  PetscCheck(c->nqsma >= 0 && c->qmax > 0 && c->decades >= 0, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_qsma_n must be >= 0, -contact_qsma_qmax > 0 and -contact_qsma_decades >= 0, got %" PetscInt_FMT ", %g, %g", c->nqsma,
             (double)c->qmax, (double)c->decades);
  PetscCheck(c->mode >= 1 && c->mode <= c->cpl->ne, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_mode must be in 1..%" PetscInt_FMT ", got %" PetscInt_FMT, c->cpl->ne, c->mode);
  PetscCall(TriboContactCouplingGetBox(c->cpl, box));
  *L    = box[1] - box[0];
  c->nx = c->n, dx = *L / c->nx;
  c->ny = PetscMax(4, (PetscInt)PetscFloorReal((box[3] - box[2]) / dx + 0.5));
  *Ly   = c->ny * dx;
  PetscCheck(c->rrms == 0 || (c->rlmin >= 2 * dx && c->rlmax >= c->rlmin), c->comm, PETSC_ERR_USER_INPUT,
             "-contact_rough_lmin %g m must be at least two grid spacings (%g m at -contact_n %" PetscInt_FMT
             ") and at most -contact_rough_lmax %g m (-contact_rough_rms 0: a flat interface)",
             (double)c->rlmin, (double)(2 * dx), c->n, (double)c->rlmax);
  c->xc = 0.5 * (box[0] + box[1]), c->yc = 0.5 * (box[2] + box[3]);
  if (c->nev < c->mode) c->nev = c->mode;
  PetscFunctionReturn(0);
}

/* After the half space and the gap: W_b on the grid, the mask cut to the faces, the fields of the coupled analyses */
PetscErrorCode TriboContactSetUpFields_Coupled(TriboContact c)
{
  PetscInt   nl = c->nloc, cnt = 0;
  PetscReal *a;

  PetscFunctionBeginUser;
  PetscCall(TriboContactCouplingSetGrid(c->cpl, c->hs, c->x0, c->y0));
  for (PetscInt k = 0; k < nl; k++) {
    c->mask[k] = c->mask[k] && c->cpl->inside[k] ? PETSC_TRUE : PETSC_FALSE;
    cnt += c->mask[k];
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &cnt, 1, MPIU_INT, MPI_SUM, c->comm));
  PetscCheck(cnt > 0, c->comm, PETSC_ERR_USER_INPUT,
             "the contact mask is empty: no point of the %" PetscInt_FMT " x %" PetscInt_FMT
             " grid lies inside an interface face of %s (option -contact_mask_radius %g m)",
             c->nx, c->ny, c->romfile[0] ? c->romfile : "the built-in lap beam", (double)c->maskr);
  PetscCall(PetscCalloc1(16 * (nl + 1), &a));
  c->cbuf = a;
  for (PetscInt d = 0; d < 3; d++)
    c->P[d] = a + d * (nl + 1), c->P0[d] = a + (3 + d) * (nl + 1), c->G[d] = a + (6 + d) * (nl + 1), c->DG[d] = a + (9 + d) * (nl + 1);
  c->H = a + 12 * (nl + 1), c->S[0] = a + 13 * (nl + 1), c->S[1] = c->S[0] + nl + 1; // H: set from h when the solve starts
  PetscCall(PetscCalloc4(c->cpl->n, &c->qrom, c->cpl->n, &c->fpre, c->cpl->n, &c->fwork, c->cpl->ne, &c->ylin));
  PetscCall(PetscCalloc1(6 * c->nqsma + 1, &a));
  for (PetscInt d = 0; d < 6; d++) c->bb[d] = a + d * c->nqsma;
  PetscFunctionReturn(0);
}

/* Frees what TriboContactSetUp_Coupled() and TriboContactSetUpFields_Coupled() made */
PetscErrorCode TriboContactDestroy_Coupled(TriboContact c)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(c->cbuf));
  if (c->qrom) PetscCall(PetscFree4(c->qrom, c->fpre, c->fwork, c->ylin));
  PetscCall(PetscFree(c->bb[0]));
  PetscCall(TriboContactCouplingDestroy(&c->cpl));
  PetscCall(TriboROMDestroy(&c->rom));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactGetBackbone - the QSMA backbone of the coupled case: n amplitudes, load scale alpha, modal amplitude q (sqrt(kg) m),
  frequency (Hz), damping ratio, dissipated energy per cycle (eq. C.2, Masing) and 1/0: the increment's solver converged; n = 0 for the
  other cases

  Not collective
@*/
PetscErrorCode TriboContactGetBackbone(TriboContact c, PetscInt *n, const PetscReal *alpha[], const PetscReal *q[], const PetscReal *f[],
                                       const PetscReal *D[], const PetscReal *E[], const PetscReal *conv[])
{
  PetscFunctionBeginUser;
  *n = c->nbb;
  if (alpha) *alpha = c->bb[0];
  if (q) *q = c->bb[1];
  if (f) *f = c->bb[2];
  if (D) *D = c->bb[3];
  if (E) *E = c->bb[4];
  if (conv) *conv = c->bb[5];
  PetscFunctionReturn(0);
}

/*@C
  TriboContactGetLinearFrequencies - the linearized frequencies (Hz) about the preload (eq. C.3-C.4) and the mode of the QSMA (1-based)

  Not collective
@*/
PetscErrorCode TriboContactGetLinearFrequencies(TriboContact c, PetscInt *n, PetscInt *mode, const PetscReal *f[])
{
  PetscFunctionBeginUser;
  *n = c->nlin;
  if (mode) *mode = c->mode;
  if (f) *f = c->flin;
  PetscFunctionReturn(0);
}
