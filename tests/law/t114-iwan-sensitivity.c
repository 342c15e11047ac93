/* Analytic parameter sensitivities of the RIPP laws (card kernel_p of iwan4, iwan5, iwan_uniform), carried along a
   loading path through the history (porter-et-al-2022 §2.3.2 eq. 28), against central differences of the whole path.

   Each law (parameters per unit area: fs = 1e6, kt = 1e12, chi = -0.5, beta = 0.1, theta = 0.6, kn = 2e12,
   kpin = 3e11, dpin = 4e-6, so phi_max is about 2.5e-6 m) is driven through 80 steps of
   u_t = (a sin(4 pi s), b sin(2 pi s)), u_n = c (1 + 0.3 sin(6 pi s)), a = 6e-6, b = 3e-6, which crosses microslip,
   macroslip, reversals and the pinning clearance. At every step dt/dp of TriboLawEvaluateP() is compared with
   (t(p + d e_k) - t(p - d e_k))/2d of the whole path rerun from a fresh history, d = 1e-6 |p_k|. A step where the forward
   and backward differences differ by more than 1e-4 of the scale below has a kink in p within d (the start of
   macroslip or of pinning moves with the parameters) and is skipped. Passes when
   |dt/dp - FD| <= 1e-5 |t|_max/|p_k| for every entry; prints the law, the steps compared (at least 60 of 80 must be) and ok; -show_error prints the worst error. */
#include <tribolaw.h>

#define NS 80

static PetscErrorCode Path(TriboLaw law, PetscInt k, PetscReal dp, PetscReal T[], PetscReal DT[])
{
  const TriboLawCard *c;
  const PetscReal    *p;
  PetscReal           h[10] = {0}, hn[10], hp[100] = {0}, hpn[100], u[3], p0 = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawGetParameters(law, &p));
  if (k >= 0) {
    p0 = p[k];
    PetscCall(TriboLawSetParameter(law, c->params[k].name, p0 + dp));
  }
  for (PetscInt s = 0; s < NS; s++) {
    PetscReal x = (PetscReal)s / NS;
    u[0]        = 6e-6 * PetscSinReal(4 * PETSC_PI * x);
    u[1]        = 3e-6 * PetscSinReal(2 * PETSC_PI * x);
    u[2]        = 1e-6 * (1 + 0.3 * PetscSinReal(6 * PETSC_PI * x));
    if (DT) {
      PetscCall(TriboLawEvaluateP(law, TRIBO_LAW_FULL, 1, u, h, hp, &T[3 * s], &DT[3 * s * c->nparams], hn, hpn));
      PetscCall(PetscArraycpy(hp, hpn, 10 * c->nparams));
    } else
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, &T[3 * s], NULL, hn));
    PetscCall(PetscArraycpy(h, hn, 10));
  }
  if (k >= 0) PetscCall(TriboLawSetParameter(law, c->params[k].name, p0));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const char *types[] = {TRIBOLAWIWAN4, TRIBOLAWIWAN5, TRIBOLAWIWANUNIFORM};
  PetscBool   show    = PETSC_FALSE;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (int l = 0; l < 3; l++) {
    TriboLaw            law;
    const TriboLawCard *c;
    const PetscReal    *p;
    PetscReal           T[3 * NS], DT[3 * NS * 8], Tp[3 * NS], Tm[3 * NS], T0[3 * NS], tmax = 0, worst = 0;
    PetscInt            used     = NS;
    PetscBool           kink[NS] = {PETSC_FALSE};

    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetType(law, types[l]));
    PetscCall(TriboLawSetParameter(law, "fs", 1e6));
    PetscCall(TriboLawSetParameter(law, "kt", 1e12));
    if (l < 2) {
      PetscCall(TriboLawSetParameter(law, "chi", -0.5));
      PetscCall(TriboLawSetParameter(law, "beta", 0.1));
    }
    if (l == 1) PetscCall(TriboLawSetParameter(law, "theta", 0.6));
    PetscCall(TriboLawSetParameter(law, "kn", 2e12));
    PetscCall(TriboLawSetParameter(law, "kpin", 3e11));
    PetscCall(TriboLawSetParameter(law, "dpin", 4e-6));
    PetscCall(TriboLawSetUp(law));
    PetscCall(TriboLawGetCard(law, &c));
    PetscCall(TriboLawGetParameters(law, &p));
    PetscCall(Path(law, -1, 0, T, DT));
    PetscCall(Path(law, -1, 0, T0, NULL));
    for (PetscInt i = 0; i < 3 * NS; i++) tmax = PetscMax(tmax, PetscAbsReal(T[i]));
    for (PetscInt k = 0; k < c->nparams; k++) {
      PetscReal d = 1e-6 * PetscAbsReal(p[k]), scale = tmax / PetscAbsReal(p[k]);
      PetscCall(Path(law, k, d, Tp, NULL));
      PetscCall(Path(law, k, -d, Tm, NULL));
      for (PetscInt s = 0; s < NS; s++)
        for (int r = 0; r < 3; r++) {
          PetscInt i = 3 * s + r;
          if (PetscAbsReal((Tp[i] - T0[i]) / d - (T0[i] - Tm[i]) / d) > 1e-4 * scale) kink[s] = PETSC_TRUE;
        }
      for (PetscInt s = 0; s < NS; s++)
        for (int r = 0; r < 3 && !kink[s]; r++) {
          PetscInt i = 3 * s + r;
          worst      = PetscMax(worst, PetscAbsReal(DT[i * c->nparams + k] - (Tp[i] - Tm[i]) / (2 * d)) / scale);
        }
    }
    for (PetscInt s = 0; s < NS; s++) used -= kink[s] ? 1 : 0;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: analytic dt/dp (%" PetscInt_FMT " parameters) vs central differences of the path: %s\n", types[l],
                          c->nparams, worst <= 1e-5 && used >= 60 ? "ok" : "FAILED"));
    if (worst > 1e-5 || used < 60 || show)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst %g, %" PetscInt_FMT " steps compared\n", (double)worst, used));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t114-iwan-sensitivity.out
TEST*/
