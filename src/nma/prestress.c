#include <tribo/private/nmaimpl.h>
#include <string.h>
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
static PetscErrorCode PrestressResidual_Private(SNES snes, Vec U, Vec R, void *ctx)
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

static PetscErrorCode PrestressJacobian_Private(SNES snes, Vec U, Mat J, Mat P, void *ctx)
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

/* u0 = (K + K_n)^{-1} f_s with bonded linear normal springs of the laws' kn (no friction), the
   start used by the Rice tools (tmdsimpy's BRB example); every point gets the kn of its own law (law groups,
   -friction_groups). Without a "kn" parameter in some law, or for discrete elements (a YAML system), u0 = K^{-1} f_s. */
/* Secant normal stiffness kn = t_n/u_n of a law without a kn parameter whose tangent vanishes at first touch (rough
   contact: Hertzian asperities) at the normal traction pref, from a fresh history: u_n by bisection on [0, 1 mm] (the
   traction grows with u_n). 0 when the law never reaches pref there or is not soft at first touch (its tangent at
   1e-6 of that u_n above 1e-3 of the secant: the former guess, K alone, serves those laws). */
static PetscErrorCode SecantNormalStiffness_Private(TriboLaw law, PetscReal pref, PetscReal *kn)
{
  const TriboLawCard *card;
  PetscReal          *h, *hn, u[3] = {0, 0, 0}, t[3], d[9], lo = 0, hi = 1e-3;

  PetscFunctionBeginUser;
  *kn = 0;
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(PetscCalloc2(card->nhist + 1, &h, card->nhist + 1, &hn));
  u[2] = hi;
  PetscCall(TriboLawEvaluate(law, TRIBO_LAW_NORMAL, 1, u, h, t, NULL, hn));
  if (t[2] >= pref) {
    for (int it = 0; it < 200 && hi - lo > 1e-12 * hi; it++) {
      u[2] = 0.5 * (lo + hi);
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_NORMAL, 1, u, h, t, NULL, hn));
      if (t[2] < pref)
        lo = u[2];
      else
        hi = u[2];
    }
    *kn  = pref / hi;
    u[2] = 1e-6 * hi; // only for a law that is soft at first touch (its tangent there far below the secant)
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_NORMAL, 1, u, h, t, d, hn));
    if (d[8] > 1e-3 * *kn) *kn = 0;
  }
  PetscCall(PetscFree2(h, hn));
  PetscFunctionReturn(0);
}

static PetscErrorCode PrestressGuessSolve_Private(TriboROM rom, TriboJoint joint, PetscReal shift, PetscReal pref, const PetscReal fs[],
                                                  PetscReal u0[])
{
  TriboLaw          *lins = NULL;
  const TriboLaw    *laws;
  const PetscInt    *pointlaw;
  TriboJoint         jl = NULL;
  PetscReal         *kn, *a, *f;
  PetscInt           nlaws;
  PetscBool          bonded = (PetscBool)!rom->elements;
  PetscBLASInt       n, one = 1, info, *piv;
  const PetscScalar *k;
  PetscErrorCode     ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboJointGetLaws(joint, &nlaws, &laws, &pointlaw));
  PetscCall(PetscMalloc1(nlaws, &kn));
  for (PetscInt l = 0; l < nlaws; l++) {
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    ierr = TriboLawGetParameter(laws[l], "kn", &kn[l]);
    PetscCall(PetscPopErrorHandler());
    if (ierr && bonded && pref > 0)
      PetscCall(SecantNormalStiffness_Private(laws[l], pref, &kn[l])); // a law without kn (rough contact)
    else if (ierr)
      kn[l] = 0;
    if (!(kn[l] > 0)) bonded = PETSC_FALSE;
  }
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
  if (bonded) {
    PetscCall(PetscCalloc1(nlaws, &lins));
    for (PetscInt l = 0; l < nlaws; l++) {
      PetscCall(TriboLawCreate(PETSC_COMM_SELF, &lins[l]));
      PetscCall(TriboLawSetType(lins[l], TRIBOLAWPENALTY));
      PetscCall(TriboLawSetParameter(lins[l], "kn", kn[l]));
      PetscCall(TriboLawSetParameter(lins[l], "tension", 1.0));
    }
    PetscCall(TriboJointCreate(rom->comm, &jl));
    PetscCall(TriboJointSetROM(jl, rom));
    PetscCall(TriboJointSetLaws(jl, nlaws, lins, pointlaw));
    PetscCall(TriboJointSetUp(jl));
    PetscCall(PetscArrayzero(u0, rom->n));
    PetscCall(TriboJointEvaluate(jl, TRIBO_LAW_NORMAL, u0, f, a));
    PetscCall(TriboJointDestroy(&jl));
    for (PetscInt l = 0; l < nlaws; l++) PetscCall(TriboLawDestroy(&lins[l]));
    PetscCall(PetscFree(lins));
  }
  for (PetscInt i = 0; i < rom->n; i++) u0[i] = fs[i];
  PetscCallBLAS("LAPACKgetrf", LAPACKgetrf_(&n, &n, a, &n, piv, &info));
  if (!info) PetscCallBLAS("LAPACKgetrs", LAPACKgetrs_("N", &n, &one, a, &n, piv, u0, &n, &info));
  PetscCheck(!info, rom->comm, PETSC_ERR_USER_INPUT,
             "prestress: the stiffness K%s of %s is singular (zero pivot at DOF %d): the structure has a free rigid-body or sliding motion; support "
             "it (e.g. soft suspension springs) or check the ROM",
             bonded ? " + bonded normal contact" : "", rom->source[0] ? rom->source : "the ROM", (int)info);
  PetscCall(PetscFree(kn));
  PetscCall(PetscFree(a));
  PetscCall(PetscFree(f));
  PetscCall(PetscFree(piv));
  PetscFunctionReturn(0);
}

static PetscErrorCode PrestressInitialGuess_Private(TriboROM rom, TriboJoint joint, PetscReal shift, const PetscReal fs[], PetscReal u0[])
{
  PetscReal pref = 0; // a representative normal traction: the largest bolt force over the interface area

  PetscFunctionBeginUser;
  if (rom->iface) {
    PetscReal area = 0, fmax = 0;
    for (PetscInt p = 0; p < rom->iface->npts; p++) area += rom->iface->pw[p];
    for (PetscInt i = 0; i < rom->n; i++) fmax = PetscMax(fmax, PetscAbsReal(fs[i]));
    if (area > 0) pref = fmax / area;
  }
  PetscCall(PrestressGuessSolve_Private(rom, joint, shift, pref, fs, u0));
  PetscFunctionReturn(0);
}

/* The Newton solver of the prestress with its defaults (dense LU, tolerances); its options are read by
   TriboPrestressSetFromOptions() */
static PetscErrorCode PrestressCreateSNES_Private(TriboPrestress ps)
{
  KSP ksp;
  PC  pc;

  PetscFunctionBeginUser;
  if (ps->snes) PetscFunctionReturn(0);
  PetscCall(SNESCreate(PETSC_COMM_SELF, &ps->snes));
  PetscCall(SNESGetKSP(ps->snes, &ksp));
  PetscCall(KSPSetType(ksp, KSPPREONLY));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCLU));
  PetscCall(SNESSetTolerances(ps->snes, PETSC_DEFAULT, 1e-12, 1e-14, 100, 10000));
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressCreate - Creates a prestress (bolt preload) analysis.

  Collective

  Input Parameter:
. comm - the communicator of the ROM and joint

  Output Parameter:
. ps - the analysis; attach the joint with TriboPrestressSetJoint()

  Notes:
  Defaults: 12,249 N per bolt (the measured mean of the Brake-Reuss beam tests), conservative
  (no tangential traction during the preload), one load step.

.seealso: TriboPrestressSetFromOptions(), TriboPrestressSolve()
@*/
PetscErrorCode TriboPrestressCreate(MPI_Comm comm, TriboPrestress *ps)
{
  TriboPrestress p;

  PetscFunctionBegin;
  PetscValidPointer(ps, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboNMARegisterAll());
  PetscCall(PetscHeaderCreate(p, TRIBO_PRESTRESS_CLASSID, "TriboPrestress", "The prestressed state of a ROM", "Prestress", comm,
                              TriboPrestressDestroy, NULL));
  p->comm         = comm;
  p->tension      = 12249.0;
  p->conservative = PETSC_TRUE;
  p->steps        = 1;
  *ps             = p;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetOptionsPrefix - Prefix of the options: -[prefix]prestress_tension etc.

  Not collective
@*/
PetscErrorCode TriboPrestressSetOptionsPrefix(TriboPrestress ps, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(ps->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &ps->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetJoint - The joint (interface law on the ROM's interface) to preload.

  Not collective

  Notes:
  The joint's committed law history is updated by TriboPrestressSolve().
@*/
PetscErrorCode TriboPrestressSetJoint(TriboPrestress ps, TriboJoint joint)
{
  PetscFunctionBeginUser;
  ps->joint = joint;
  PetscCall(TriboJointGetROM(joint, &ps->rom));
  ps->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetTension - Bolt tension per bolt (N); the static load is tension * Fv.

  Logically collective

  Options Database Key:
. -prestress_tension <12249> - the tension
@*/
PetscErrorCode TriboPrestressSetTension(TriboPrestress ps, PetscReal tension)
{
  PetscFunctionBeginUser;
  PetscCheck(tension >= 0 && PetscIsNormalReal(tension + 1), ps->comm, PETSC_ERR_USER_INPUT,
             "bolt tension must be finite and >= 0 N, got %g (option -%sprestress_tension)", (double)tension, ps->prefix ? ps->prefix : "");
  ps->tension = tension;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressGetTension - Bolt tension per bolt (N).

  Not collective
@*/
PetscErrorCode TriboPrestressGetTension(TriboPrestress ps, PetscReal *tension)
{
  PetscFunctionBeginUser;
  *tension = ps->tension;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetConservative - Whether the tangential tractions are held at zero during the
  preload (paper porter-et-al-2022 §3.3, porter-brake-2023 §4.1).

  Logically collective

  Options Database Key:
. -prestress_conservative <true> - the flag
@*/
PetscErrorCode TriboPrestressSetConservative(TriboPrestress ps, PetscBool flg)
{
  PetscFunctionBeginUser;
  ps->conservative = flg;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetSteps - Number of load increments (the friction history is path dependent).

  Logically collective

  Options Database Key:
. -prestress_steps <1> - the number
@*/
PetscErrorCode TriboPrestressSetSteps(TriboPrestress ps, PetscInt steps)
{
  PetscFunctionBeginUser;
  PetscCheck(steps >= 1, ps->comm, PETSC_ERR_USER_INPUT, "-%sprestress_steps must be >= 1, got %" PetscInt_FMT, ps->prefix ? ps->prefix : "", steps);
  ps->steps = steps;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetFromOptions - Reads the prestress options and those of its Newton solver.

  Collective

  Options Database Keys:
+ -prestress_tension <12249>     - bolt tension per bolt (N); 12,249 N is the measured mean of the BRB tests
. -prestress_conservative <true> - tangential tractions zero during prestress (paper porter-et-al-2022 §3.3)
. -prestress_steps <1>           - load increments (the friction history is path dependent)
- -prestress_snes_*              - the SNES (Newton, dense LU) of each load step
@*/
PetscErrorCode TriboPrestressSetFromOptions(TriboPrestress ps)
{
  PetscReal tension = ps->tension;
  PetscInt  steps   = ps->steps;
  char      sprefix[256];

  PetscFunctionBeginUser;
  TriboOptionsBegin(ps->comm, ps->prefix, "Prestress (bolt preload)", "TriboPrestress");
  PetscCall(PetscOptionsReal("-prestress_tension", "bolt tension per bolt [N]", "TriboPrestressSetTension", tension, &tension, NULL));
  PetscCall(PetscOptionsBool("-prestress_conservative", "no tangential tractions during prestress (conservative prestress, porter-et-al-2022 §3.3)",
                             "TriboPrestressSetConservative", ps->conservative, &ps->conservative, NULL));
  PetscCall(
      TriboOptionsRangeInt("-prestress_steps", "load increments (1 to 1000000) [-]", "TriboPrestressSetSteps", steps, &steps, NULL, 1, 1000000));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(ps->prefix, "prestress_"));
  PetscCall(TriboPrestressSetTension(ps, tension));
  PetscCall(TriboPrestressSetSteps(ps, steps));
  PetscCall(PrestressCreateSNES_Private(ps));
  PetscCall(PetscSNPrintf(sprefix, sizeof(sprefix), "%sprestress_", ps->prefix ? ps->prefix : ""));
  PetscCall(SNESSetOptionsPrefix(ps->snes, sprefix));
  PetscCall(TriboHelpPush(PETSC_FALSE));
  PetscCall(SNESSetFromOptions(ps->snes));
  PetscCall(TriboHelpPop());
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSetUp - Allocates the state for the joint's ROM; called by TriboPrestressSolve()
  when needed.

  Collective
@*/
PetscErrorCode TriboPrestressSetUp(TriboPrestress ps)
{
  PetscFunctionBeginUser;
  if (ps->setupcalled) PetscFunctionReturn(0);
  PetscCheck(ps->joint, ps->comm, PETSC_ERR_ARG_WRONGSTATE, "prestress: no joint set (TriboPrestressSetJoint())");
  PetscCall(PrestressCreateSNES_Private(ps)); // defaults, without reading options
  PetscCall(PetscFree(ps->us));
  PetscCall(PetscFree(ps->fs));
  ps->n = ps->rom->n;
  PetscCall(PetscCalloc1(ps->n, &ps->us));
  PetscCall(PetscCalloc1(ps->n, &ps->fs));
  ps->setupcalled = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressSolve - Solves K u_s + f_nl(u_s) = tension Fv with Newton (SNES, analytic
  Jacobian, dense LU), commits the law histories at u_s and gathers the interface point fields.

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
PetscErrorCode TriboPrestressSolve(TriboPrestress ps)
{
  SNES           snes;
  Vec            U, R;
  Mat            J;
  PrestressCtx   ctx;
  PetscReal      atol, rtol, stol;
  PetscInt       maxit, maxf, n;
  PetscReal     *fsv;
  TriboROM       rom;
  PetscLogDouble t0, t1;
  PetscMPIInt    rank;

  PetscFunctionBeginUser;
  PetscCall(TriboPrestressSetUp(ps));
  PetscCall(PetscTime(&t0));
  rom = ps->rom;
  n   = ps->n;
  {
    const PetscScalar *fv;
    PetscCall(VecGetArrayRead(rom->Fv, &fv));
    for (PetscInt i = 0; i < n; i++) ps->fs[i] = ps->tension * PetscRealPart(fv[i]);
    PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  }
  ps->fsnorm = 0;
  for (PetscInt i = 0; i < n; i++) ps->fsnorm = PetscMax(ps->fsnorm, PetscAbsReal(ps->fs[i]));
  ctx.rom   = rom;
  ctx.joint = ps->joint;
  ctx.mode  = ps->conservative ? TRIBO_LAW_NORMAL : TRIBO_LAW_FULL;
  PetscCall(PetscMalloc1(n, &ctx.work));
  PetscCall(PetscMalloc1(n, &fsv));
  ctx.fs = fsv;
  PetscCall(PetscArrayzero(ps->us, n));
  PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, n, ps->us, &U));
  PetscCall(VecDuplicate(U, &R));
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, n, n, NULL, &J));
  snes = ps->snes;
  PetscCall(SNESSetFunction(snes, R, PrestressResidual_Private, &ctx));
  PetscCall(SNESSetJacobian(snes, J, J, PrestressJacobian_Private, &ctx));
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
  PetscCall(PrestressInitialGuess_Private(rom, ps->joint, ctx.shift, ps->fs, ps->us));
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
    PetscCall(PrestressResidual_Private(snes, U, R, &ctx)); // re-evaluate at the solution, then accept it
    PetscCall(TriboJointCommit(ps->joint));
  }
  if (atol <= 1e-49) PetscCall(SNESSetTolerances(snes, atol, rtol, stol, maxit, maxf));
  PetscCall(SNESSetFunction(snes, NULL, NULL, NULL));
  PetscCall(MatDestroy(&J));
  PetscCall(VecDestroy(&U));
  PetscCall(VecDestroy(&R));
  PetscCall(PetscFree(ctx.work));
  PetscCall(PetscFree(fsv));
  PetscCheck(ps->reason > 0, ps->comm, PETSC_ERR_NOT_CONVERGED,
             "prestress did not converge: %s after %" PetscInt_FMT
             " Newton iterations, |R| = %g N (f_s = %g N); try -prestress_steps 10 or -prestress_snes_monitor",
             SNESConvergedReasons[ps->reason], ps->its, (double)ps->fnorm, (double)ps->fsnorm);
  // the point fields of the accepted state (the last evaluation was at u_s), for output and pictures
  PetscCallMPI(MPI_Comm_rank(ps->comm, &rank));
  if (rom->iface) {
    PetscInt npts = rom->iface->npts;
    if (!rank && !ps->pu) PetscCall(PetscMalloc2(3 * npts, &ps->pu, 3 * npts, &ps->pt));
    PetscCall(TriboJointGatherPointFields(ps->joint, ps->pu, ps->pt));
  }
  PetscCall(PetscTime(&t1));
  ps->seconds = t1 - t0;
  ps->solved  = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressGetSolution - The prestressed state u_s and the static load f_s (length n of the
  ROM); owned by the analysis.

  Not collective
@*/
PetscErrorCode TriboPrestressGetSolution(TriboPrestress ps, const PetscReal *us[], const PetscReal *fs[])
{
  PetscFunctionBeginUser;
  PetscCheck(ps->solved, ps->comm, PETSC_ERR_ARG_WRONGSTATE, "prestress not solved yet (TriboPrestressSolve())");
  if (us) *us = ps->us;
  if (fs) *fs = ps->fs;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressGetConvergedReason - Why the last Newton solve stopped.

  Not collective
@*/
PetscErrorCode TriboPrestressGetConvergedReason(TriboPrestress ps, SNESConvergedReason *reason)
{
  PetscFunctionBeginUser;
  *reason = ps->reason;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressGetIterationNumber - Newton iterations of all load steps.

  Not collective
@*/
PetscErrorCode TriboPrestressGetIterationNumber(TriboPrestress ps, PetscInt *its)
{
  PetscFunctionBeginUser;
  *its = ps->its;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressGetPointFields - Relative displacements and tractions (local frame t1, t2, n) at
  the interface's quadrature points at u_s, [3 npts] each, on rank 0 (NULL elsewhere).

  Not collective
@*/
PetscErrorCode TriboPrestressGetPointFields(TriboPrestress ps, const PetscReal *pu[], const PetscReal *pt[])
{
  PetscFunctionBeginUser;
  PetscCheck(ps->solved, ps->comm, PETSC_ERR_ARG_WRONGSTATE, "prestress not solved yet (TriboPrestressSolve())");
  if (pu) *pu = ps->pu;
  if (pt) *pt = ps->pt;
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressView - Prints the set-up and, once solved, the Newton convergence and the contact
  statistics (points in contact, normal force, mean and peak pressure, tangential force).

  Collective
@*/
PetscErrorCode TriboPrestressView(TriboPrestress ps, PetscViewer v)
{
  PetscMPIInt     size, rank;
  char            type[256] = "";
  PetscInt        nlaws     = 0;
  const TriboLaw *laws;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(ps->comm, &size));
  PetscCallMPI(MPI_Comm_rank(ps->comm, &rank));
  if (ps->joint) PetscCall(TriboJointGetLaws(ps->joint, &nlaws, &laws, NULL));
  for (PetscInt l = 0; l < nlaws; l++) { // the laws' names, each once
    const char *t, *t2;
    PetscBool   seen = PETSC_FALSE;
    PetscCall(TriboLawGetType(laws[l], &t));
    for (PetscInt l2 = 0; l2 < l && !seen; l2++) {
      PetscCall(TriboLawGetType(laws[l2], &t2));
      PetscCall(PetscStrcmp(t, t2, &seen));
    }
    if (seen) continue;
    if (type[0]) PetscCall(PetscStrlcat(type, ", ", sizeof(type)));
    PetscCall(PetscStrlcat(type, t, sizeof(type)));
  }
  PetscCall(PetscViewerASCIIPrintf(v, "Prestress: %.1f N per bolt, %s, law%s %s, %" PetscInt_FMT " interface points on %d rank(s)\n",
                                   (double)ps->tension, ps->conservative ? "conservative (no tangential traction)" : "with friction",
                                   strchr(type, ',') ? "s" : "", type, ps->rom && ps->rom->iface ? ps->rom->iface->npts : 0, (int)size));
  if (!ps->solved) PetscFunctionReturn(0);
  PetscCall(PetscViewerASCIIPrintf(v, "  converged in %" PetscInt_FMT " Newton iterations (%s), |R| = %.3e N, %.3f s\n", ps->its,
                                   SNESConvergedReasons[ps->reason], (double)ps->fnorm, (double)ps->seconds));
  if (ps->rom->iface && !rank) {
    const PetscReal *t  = ps->pt;
    PetscReal        fn = 0, pmax = 0, area = 0, carea = 0, tt = 0;
    PetscInt         npts = ps->rom->iface->npts, nc = 0;
    for (PetscInt p = 0; p < npts; p++) {
      PetscReal w = ps->rom->iface->pw[p];
      area += w;
      if (t[3 * p + 2] > 0) {
        nc++;
        carea += w;
      }
      fn += w * t[3 * p + 2];
      tt += w * PetscSqrtReal(t[3 * p] * t[3 * p] + t[3 * p + 1] * t[3 * p + 1]);
      pmax = PetscMax(pmax, t[3 * p + 2]);
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF,
                          "  contact: %" PetscInt_FMT " of %" PetscInt_FMT
                          " points (%.1f %% of %.4g m^2), normal force %.6g N, mean pressure %.4g MPa, peak %.4g MPa, tangential force %.4g N\n",
                          nc, npts, (double)(100 * carea / area), (double)area, (double)fn, (double)(fn / area * 1e-6), (double)(pmax * 1e-6),
                          (double)tt));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressDestroy - Destroys the analysis.

  Collective
@*/
PetscErrorCode TriboPrestressDestroy(TriboPrestress *ps)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(ps, TRIBO_PRESTRESS_CLASSID);
  PetscCall(PetscFree((*ps)->us));
  PetscCall(PetscFree((*ps)->fs));
  if ((*ps)->pu) PetscCall(PetscFree2((*ps)->pu, (*ps)->pt));
  PetscCall(SNESDestroy(&(*ps)->snes));
  PetscCall(PetscFree((*ps)->prefix));
  PetscCall(PetscHeaderDestroy(ps));
  PetscFunctionReturn(0);
}
