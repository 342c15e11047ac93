/* Parameter sensitivities of the rate-form laws carried along a loading path (card kernel_p of boucwen and valanis,
   porter-et-al-2022 §2.3.2 eq. 28, integrated alongside eq. 10 and eq. 16) against central differences of the whole
   path; boucwen1 and boucwen2 have no kernel_p and check TriboLawEvaluateP()'s directional differences the same way.

   Path: 60 steps of u_t1 = 4 um sin(4 pi s), u_t2 = 2 um sin(2 pi s) + 1 um s, u_n = 1 um (1 + 0.3 sin(6 pi s)),
   s in [0, 1): several reversals, into macroslip (slip displacements about 2 um) and through t = 0 inside steps.
   At every step the total derivatives dt/dp of TriboLawEvaluateP() (history sensitivities carried from step to
   step) are compared with (t(p + d e_k) - t(p - d e_k)) / 2d of the whole path rerun from a fresh history,
   d = 1e-6 p_k, for every parameter but masing and rtol (the one-sided (4 t(p + d) - t(p + 2d) - 3 t(p))/2d with d
   = 1e-5 p_k for n = 1, its lower bound). The laws are smooth in p (no stick/slip switch), so no
   step is skipped. Passes when |dtdp - FD| <= 1e-5 |t|_max / |p_k| for every entry (the integration noise of the
   differences, rtol 1e-11, is about 1e-12 |t|_max / 1e-6 p_k). Prints the law, the set and "ok"; -show_error
   prints the worst |dtdp - FD| |p_k| / |t|_max (measured: 8e-7 for boucwen n = 1, <= 2e-7 for the rest). */
#include <tribolaw.h>

#define NS 60

static PetscBool show = PETSC_FALSE;

static void PathU(PetscInt s, PetscReal u[3])
{
  PetscReal x = (PetscReal)s / NS;
  u[0]        = 4e-6 * PetscSinReal(4 * PETSC_PI * x);
  u[1]        = 2e-6 * PetscSinReal(2 * PETSC_PI * x) + 1e-6 * x;
  u[2]        = 1e-6 * (1 + 0.3 * PetscSinReal(6 * PETSC_PI * x));
}

static PetscErrorCode Path(TriboLaw law, const PetscReal *pin, PetscReal T[])
{
  const TriboLawCard *c;
  PetscReal           h[6] = {0}, hn[6], u[3], pold[8];
  const PetscReal    *p;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawGetParameters(law, &p));
  for (PetscInt k = 0; k < c->nparams; k++) pold[k] = p[k];
  for (PetscInt k = 0; k < c->nparams; k++) PetscCall(TriboLawSetParameter(law, c->params[k].name, pin[k]));
  for (PetscInt s = 0; s < NS; s++) {
    PathU(s, u);
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, &T[3 * s], NULL, hn));
    for (PetscInt a = 0; a < 6; a++) h[a] = hn[a];
  }
  for (PetscInt k = 0; k < c->nparams; k++) PetscCall(TriboLawSetParameter(law, c->params[k].name, pold[k]));
  PetscFunctionReturn(0);
}

static PetscErrorCode Check(const char *type, const char *label, PetscInt nset, const char *names[], const PetscReal values[])
{
  TriboLaw            law;
  const TriboLawCard *c;
  const PetscReal    *p;
  PetscReal           h[6] = {0}, hp[6 * 8] = {0}, hn[6], hpn[6 * 8], u[3], t[3], dtdp[3 * 8], Tp[3 * NS], Tm[3 * NS], T0[3 * NS], pp[8], tmax = 0;
  PetscReal           DT[NS][3][8], worst = 0;
  PetscInt            np;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  for (PetscInt k = 0; k < nset; k++) PetscCall(TriboLawSetParameter(law, names[k], values[k]));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawGetParameters(law, &p));
  np = c->nparams;
  for (PetscInt s = 0; s < NS; s++) {
    PathU(s, u);
    PetscCall(TriboLawEvaluateP(law, TRIBO_LAW_FULL, 1, u, h, hp, t, dtdp, hn, hpn));
    for (PetscInt r = 0; r < 3; r++)
      for (PetscInt k = 0; k < np; k++) DT[s][r][k] = dtdp[r * np + k];
    for (PetscInt a = 0; a < 6; a++) h[a] = hn[a];
    for (PetscInt a = 0; a < 6 * np; a++) hp[a] = hpn[a];
  }
  for (PetscInt k = 0; k < np; k++) pp[k] = p[k];
  PetscCall(Path(law, pp, T0));
  for (PetscInt s = 0; s < 3 * NS; s++) tmax = PetscMax(tmax, PetscAbsReal(T0[s]));
  for (PetscInt k = 0; k < np; k++) {
    PetscReal d;
    PetscBool one;
    if (!strcmp(c->params[k].name, "masing") || !strcmp(c->params[k].name, "rtol")) continue;
    d   = 1e-6 * p[k];
    one = (PetscBool)(p[k] - d < c->params[k].lower); // n = 1: one-sided differences
    if (one) d *= 10;
    pp[k] += d;
    PetscCall(Path(law, pp, Tp));
    pp[k] = one ? p[k] + 2 * d : p[k] - d;
    PetscCall(Path(law, pp, Tm));
    pp[k] = p[k];
    for (PetscInt s = 0; s < NS; s++)
      for (PetscInt r = 0; r < 3; r++) {
        PetscReal fd = one ? (4 * Tp[3 * s + r] - Tm[3 * s + r] - 3 * T0[3 * s + r]) / (2 * d) : (Tp[3 * s + r] - Tm[3 * s + r]) / (2 * d),
                  e  = PetscAbsReal(fd - DT[s][r][k]) * PetscAbsReal(p[k]) / tmax;
        if (show && e > 1e-6)
          PetscCall(PetscPrintf(PETSC_COMM_SELF, "  %s: step %" PetscInt_FMT " t%" PetscInt_FMT " d/d%s: %g vs FD %g\n", type, s, r,
                                c->params[k].name, (double)DT[s][r][k], (double)fd));
        worst = PetscMax(worst, e);
      }
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s %s (%s): %s\n", type, label, c->kernel_p ? "analytic" : "differences", worst <= 1e-5 ? "ok" : "FAILED"));
  if (show) PetscCall(PetscPrintf(PETSC_COMM_SELF, "  worst |dtdp - FD| |p|/|t|_max %g\n", (double)worst));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const char *bw[] = {"n", "alpha", "beta", "masing"}, *b12[] = {"masing"}, *va[] = {"kappa", "masing"};

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (PetscReal m = 0; m < 2; m++) {
    PetscReal   v1[] = {1, 0.5e6, -0.3e6, m}, v15[] = {1.5, 300, -100, m}, v2[] = {2, 0.375, 0.125, m}, vm[] = {m}, vv[] = {0.5, m}, vv0[] = {0.2, m};
    const char *lab = m ? "masing" : "hysteretic";
    char        l[64];
    PetscCall(PetscSNPrintf(l, sizeof(l), "n = 1 %s", lab));
    PetscCall(Check("boucwen", l, 4, bw, v1));
    PetscCall(PetscSNPrintf(l, sizeof(l), "n = 1.5 %s", lab));
    PetscCall(Check("boucwen", l, 4, bw, v15));
    PetscCall(PetscSNPrintf(l, sizeof(l), "n = 2 %s", lab));
    PetscCall(Check("boucwen", l, 4, bw, v2));
    PetscCall(Check("boucwen1", lab, 1, b12, vm));
    PetscCall(Check("boucwen2", lab, 1, b12, vm));
    PetscCall(PetscSNPrintf(l, sizeof(l), "kappa = 0.5 %s", lab));
    PetscCall(Check("valanis", l, 2, va, vv));
    PetscCall(PetscSNPrintf(l, sizeof(l), "kappa = 0.2 %s", lab));
    PetscCall(Check("valanis", l, 2, va, vv0));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
