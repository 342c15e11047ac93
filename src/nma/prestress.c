#include <tribonma.h>
#include <petscblaslapack.h>

typedef struct {
  PetscReal        shift; /* eps in (K + eps M): removes the rigid-body null space of free-free ROMs */
  TriboROM         rom;
  TriboJoint       joint;
  TriboLawMode     mode;
  const PetscReal *fs;
  PetscReal       *work;
} PrestressCtx;

/* R(u) = K u + f_nl(u) - f_s, paper porter-brake-2023 eq. 53 */
static PetscErrorCode PrestressResidual(SNES snes, Vec U, Vec R, void *ctx)
{
  PrestressCtx      *c = (PrestressCtx *)ctx;
  const PetscScalar *u;
  PetscScalar       *r;
  PetscInt           n = c->rom->n;

  PetscFunctionBeginUser;
  PetscCall(MatMult(c->rom->K, U, R));
  if (c->shift > 0) {
    Vec mu;
    PetscCall(VecDuplicate(U, &mu));
    PetscCall(MatMult(c->rom->M, U, mu));
    PetscCall(VecAXPY(R, c->shift, mu));
    PetscCall(VecDestroy(&mu));
  }
  PetscCall(VecGetArrayRead(U, &u));
  PetscCall(VecGetArray(R, &r));
  PetscCall(TriboJointEvaluate(c->joint, c->mode, u, c->work, NULL));
  for (PetscInt i = 0; i < n; i++) r[i] += c->work[i] - c->fs[i];
  PetscCall(VecRestoreArray(R, &r));
  PetscCall(VecRestoreArrayRead(U, &u));
  PetscFunctionReturn(0);
}

static PetscErrorCode PrestressJacobian(SNES snes, Vec U, Mat J, Mat P, void *ctx)
{
  PrestressCtx      *c = (PrestressCtx *)ctx;
  const PetscScalar *u, *k;
  PetscScalar       *a;
  PetscInt           n = c->rom->n;

  PetscFunctionBeginUser;
  PetscCall(MatDenseGetArrayRead(c->rom->K, &k));
  PetscCall(MatDenseGetArrayWrite(P, &a));
  PetscCall(PetscArraycpy(a, k, n * n));
  if (c->shift > 0) {
    const PetscScalar *m;
    PetscCall(MatDenseGetArrayRead(c->rom->M, &m));
    for (PetscInt i = 0; i < n * n; i++) a[i] += c->shift * m[i];
    PetscCall(MatDenseRestoreArrayRead(c->rom->M, &m));
  }
  PetscCall(VecGetArrayRead(U, &u));
  PetscCall(TriboJointEvaluate(c->joint, c->mode, u, c->work, a));
  PetscCall(VecRestoreArrayRead(U, &u));
  PetscCall(MatDenseRestoreArrayWrite(P, &a));
  PetscCall(MatDenseRestoreArrayRead(c->rom->K, &k));
  PetscFunctionReturn(0);
}

/* u0 = (K + K_n)^{-1} f_s with bonded linear normal springs of the law's kn (no friction), the
   start used by the Rice tools (tmdsimpy's BRB example); without a "kn" parameter u0 = K^{-1} f_s. */
static PetscErrorCode PrestressInitialGuess_Private(TriboROM rom, TriboJoint joint, PetscReal shift, const PetscReal fs[], PetscReal u0[])
{
  TriboLaw           law, lin;
  TriboJoint         jl = NULL;
  PetscReal          kn = -1, *a, *f;
  PetscBLASInt       n, one = 1, info, *piv;
  const PetscScalar *k;
  const char        *type;
  PetscErrorCode     ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboJointGetLaw(joint, &law));
  PetscCall(TriboLawGetType(law, &type));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboLawGetParameter(law, "kn", &kn);
  PetscCall(PetscPopErrorHandler());
  if (ierr) kn = -1;
  PetscCall(PetscBLASIntCast(rom->n, &n));
  PetscCall(PetscMalloc1(rom->n * rom->n, &a));
  PetscCall(PetscMalloc1(rom->n, &f));
  PetscCall(PetscMalloc1(rom->n, &piv));
  PetscCall(MatDenseGetArrayRead(rom->K, &k));
  PetscCall(PetscArraycpy(a, k, rom->n * rom->n));
  PetscCall(MatDenseRestoreArrayRead(rom->K, &k));
  if (shift > 0) {
    const PetscScalar *m;
    PetscCall(MatDenseGetArrayRead(rom->M, &m));
    for (PetscInt i = 0; i < rom->n * rom->n; i++) a[i] += shift * m[i];
    PetscCall(MatDenseRestoreArrayRead(rom->M, &m));
  }
  if (kn > 0) {
    PetscCall(TriboLawCreate(PETSC_COMM_SELF, &lin));
    PetscCall(TriboLawSetType(lin, TRIBOLAWPENALTY));
    PetscCall(TriboLawSetParameter(lin, "kn", kn));
    PetscCall(TriboLawSetParameter(lin, "tension", 1.0));
    PetscCall(TriboJointCreate(rom, lin, &jl));
    PetscCall(PetscArrayzero(u0, rom->n));
    PetscCall(TriboJointEvaluate(jl, TRIBO_LAW_NORMAL, u0, f, a));
    PetscCall(TriboJointDestroy(&jl));
    PetscCall(TriboLawDestroy(&lin));
  }
  for (PetscInt i = 0; i < rom->n; i++) u0[i] = fs[i];
  PetscCallBLAS("LAPACKgetrf", LAPACKgetrf_(&n, &n, a, &n, piv, &info));
  if (!info) PetscCallBLAS("LAPACKgetrs", LAPACKgetrs_("N", &n, &one, a, &n, piv, u0, &n, &info));
  PetscCheck(!info, rom->comm, PETSC_ERR_USER_INPUT, "prestress: the stiffness K%s of %s is singular (zero pivot at DOF %d): the structure has a free rigid-body or sliding motion; support it (e.g. soft suspension springs) or check the ROM",
             kn > 0 ? " + bonded normal contact" : "", rom->source[0] ? rom->source : "the ROM", (int)info);
  PetscCall(PetscFree(a));
  PetscCall(PetscFree(f));
  PetscCall(PetscFree(piv));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboPrestressInitialize(TriboROM rom, TriboPrestress *ps)
{
  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(ps, sizeof(*ps)));
  ps->n            = rom->n;
  ps->tension      = 12249.0;
  ps->conservative = PETSC_TRUE;
  ps->steps        = 1;
  PetscCall(PetscCalloc1(rom->n, &ps->us));
  PetscCall(PetscCalloc1(rom->n, &ps->fs));
  PetscFunctionReturn(0);
}

static PetscErrorCode PrestressCreateSNES_Private(TriboPrestress *ps)
{
  KSP ksp;
  PC  pc;

  PetscFunctionBeginUser;
  if (ps->snes) PetscFunctionReturn(0);
  PetscCall(SNESCreate(PETSC_COMM_SELF, &ps->snes));
  PetscCall(SNESSetOptionsPrefix(ps->snes, "prestress_"));
  PetscCall(SNESGetKSP(ps->snes, &ksp));
  PetscCall(KSPSetType(ksp, KSPPREONLY));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCLU));
  PetscCall(SNESSetTolerances(ps->snes, PETSC_DEFAULT, 1e-12, 1e-14, 100, 10000));
  PetscCall(SNESSetFromOptions(ps->snes));
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetFromOptions - Reads the prestress options.

  Options Database Keys:
+ -prestress_tension <12249>     - bolt tension per bolt (N); 12,249 N is the measured mean of the BRB tests
. -prestress_conservative <true> - tangential tractions zero during prestress (paper porter-et-al-2022 §3.3)
- -prestress_steps <1>           - load increments (the friction history is path dependent)
@*/
PetscErrorCode TriboPrestressSetFromOptions(MPI_Comm comm, TriboPrestress *ps)
{
  PetscFunctionBeginUser;
  PetscOptionsBegin(comm, NULL, "Prestress (bolt preload)", "TriboPrestress");
  PetscCall(PetscOptionsReal("-prestress_tension", "bolt tension per bolt [N]", "TriboPrestressSolve", ps->tension, &ps->tension, NULL));
  PetscCall(PetscOptionsBool("-prestress_conservative", "no tangential tractions during prestress (conservative prestress, porter-et-al-2022 §3.3)", "TriboPrestressSolve", ps->conservative, &ps->conservative, NULL));
  PetscCall(PetscOptionsInt("-prestress_steps", "load increments", "TriboPrestressSolve", ps->steps, &ps->steps, NULL));
  PetscOptionsEnd();
  PetscCall(PrestressCreateSNES_Private(ps));
  PetscCheck(ps->tension >= 0 && PetscIsNormalReal(ps->tension + 1), comm, PETSC_ERR_USER_INPUT, "bolt tension must be finite and >= 0 N, got %g (option -prestress_tension)", (double)ps->tension);
  PetscCheck(ps->steps >= 1, comm, PETSC_ERR_USER_INPUT, "-prestress_steps must be >= 1, got %" PetscInt_FMT, ps->steps);
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSolve - Solves K u_s + f_nl(u_s) = tension Fv with Newton (SNES, analytic
  Jacobian, dense LU) and commits the law histories at u_s.

  Collective

  Notes:
  Free-free ROMs (no supports) have rigid-body modes, which make K + d f_nl/du singular: the solve
  uses K + eps M with eps = 1e-14 trace(K)/trace(M). The bolt loads and the interface forces have no
  rigid resultant, so eps M u only removes the rigid part of u (M-orthogonal); the elastic part
  changes by a relative eps/omega_1^2, below 1e-9 for any structure whose first elastic frequency
  is above 1e-5 of its mean one.

  The initial guess solves (K + K_n) u = f_s with the normal stiffness of the law's tangent at
  first touch replaced by bonded normal springs (the law's kn when it has one), as the Rice tools
  do; then Newton on the true law. With -prestress_conservative the law runs in normal-only mode
  (tangential tractions zero, paper porter-et-al-2022 §3.3 and porter-brake-2023 §4.1), so the
  history afterwards records zero tangential traction at u_s. SNES options take the prefix
  prestress_ (e.g. -prestress_snes_monitor).
@*/
PetscErrorCode TriboPrestressSolve(TriboROM rom, TriboJoint joint, TriboPrestress *ps)
{
  SNES         snes;
  Vec          U, R;
  Mat          J;
  PrestressCtx ctx;
  PetscReal    atol, rtol, stol;
  PetscInt     maxit, maxf;
  PetscInt     n = rom->n;
  PetscReal   *fsv;

  PetscFunctionBeginUser;
  {
    const PetscScalar *fv;
    PetscCall(VecGetArrayRead(rom->Fv, &fv));
    for (PetscInt i = 0; i < n; i++) ps->fs[i] = ps->tension * PetscRealPart(fv[i]);
    PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  }
  ps->fsnorm = 0;
  for (PetscInt i = 0; i < n; i++) ps->fsnorm = PetscMax(ps->fsnorm, PetscAbsReal(ps->fs[i]));
  ctx.rom   = rom;
  ctx.joint = joint;
  ctx.mode  = ps->conservative ? TRIBO_LAW_NORMAL : TRIBO_LAW_FULL;
  PetscCall(PetscMalloc1(n, &ctx.work));
  PetscCall(PetscMalloc1(n, &fsv));
  ctx.fs = fsv;
  PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, n, ps->us, &U));
  PetscCall(VecDuplicate(U, &R));
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, n, n, NULL, &J));
  PetscCall(PrestressCreateSNES_Private(ps));
  snes = ps->snes;
  PetscCall(SNESSetFunction(snes, R, PrestressResidual, &ctx));
  PetscCall(SNESSetJacobian(snes, J, J, PrestressJacobian, &ctx));
  { // eps = 1e-14 trace(K)/trace(M): far below any elastic omega^2, enough to fix rigid motions
    const PetscScalar *k, *m;
    PetscReal          tk = 0, tm = 0;
    PetscCall(MatDenseGetArrayRead(rom->K, &k));
    PetscCall(MatDenseGetArrayRead(rom->M, &m));
    for (PetscInt i = 0; i < n; i++) tk += PetscRealPart(k[i + i * n]), tm += PetscRealPart(m[i + i * n]);
    PetscCall(MatDenseRestoreArrayRead(rom->M, &m));
    PetscCall(MatDenseRestoreArrayRead(rom->K, &k));
    ctx.shift = 1e-14 * tk / tm;
  }
  PetscCall(PrestressInitialGuess_Private(rom, joint, ctx.shift, ps->fs, ps->us));
  PetscCall(SNESGetTolerances(snes, &atol, &rtol, &stol, &maxit, &maxf));
  if (atol <= 1e-49) { // absolute: relative to the bolt load, but above the round-off of K u
    PetscReal sabs;
    PetscCall(TriboROMForceScale(rom, ps->us, NULL, &sabs));
    PetscCall(SNESSetTolerances(snes, PetscMax(1e-10 * ps->fsnorm, 1e-12 * sabs) + 1e-300, rtol, stol, maxit, maxf));
  }
  ps->its = 0;
  for (PetscInt s = 1; s <= ps->steps; s++) {
    PetscInt its;
    for (PetscInt i = 0; i < n; i++) fsv[i] = ps->fs[i] * (PetscReal)s / ps->steps;
    PetscCall(SNESSolve(snes, NULL, U));
    PetscCall(SNESGetConvergedReason(snes, &ps->reason));
    PetscCall(SNESGetIterationNumber(snes, &its));
    PetscCall(SNESGetFunctionNorm(snes, &ps->fnorm));
    ps->its += its;
    if (ps->reason <= 0) break;
    PetscCall(PrestressResidual(snes, U, R, &ctx)); // re-evaluate at the solution, then accept it
    PetscCall(TriboJointCommit(joint));
  }
  PetscCall(SNESSetFunction(snes, NULL, NULL, NULL));
  PetscCall(MatDestroy(&J));
  PetscCall(VecDestroy(&U));
  PetscCall(VecDestroy(&R));
  PetscCall(PetscFree(ctx.work));
  PetscCall(PetscFree(fsv));
  PetscCheck(ps->reason > 0, rom->comm, PETSC_ERR_NOT_CONVERGED, "prestress did not converge: %s after %" PetscInt_FMT " Newton iterations, |R| = %g N (f_s = %g N); try -prestress_steps 10 or -prestress_snes_monitor",
             SNESConvergedReasons[ps->reason], ps->its, (double)ps->fnorm, (double)ps->fsnorm);
  PetscFunctionReturn(0);
}

PetscErrorCode TriboPrestressFinalize(TriboPrestress *ps)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(ps->us));
  PetscCall(PetscFree(ps->fs));
  PetscCall(SNESDestroy(&ps->snes));
  PetscFunctionReturn(0);
}
