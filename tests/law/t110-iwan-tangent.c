/* Analytic tangents of the Iwan laws (iwan4, iwan5, iwan_uniform, iwan_stribeck, iwan_discrete)
   against central finite differences, in every regime: virgin microslip, virgin macroslip, after a
   reversal in microslip and in macroslip, reloading after two reversals, pinning engaged, and for
   iwan_stribeck at velocities from 0.1 to 30 v_S (dt/du and dt/dv).

   Each line draws 200 random points: a path of committed steps (drawn per tangential direction with
   a random sign, sized by phi_max of brake-ripp eq. 10) and a trial u (and v); the tangent passes when
   |dt/du - FD| <= 1e-6 (|dt/du|_max + kt) for every entry (dt/dv: <= 1e-6 (|dt/dv|_max + eps)), FD step
   1e-7 phi_max (1e-5 |v| for v: t is about 1e6 times larger than its change). A point where the forward and backward one-sided differences differ
   by more than 1e-4 of that scale has a kink within the step (a reversal, the start of macroslip, a
   discrete slider that starts to slip) and is redrawn. The driver prints the law, the regime, the
   number of points checked and "ok"; -show_error prints the worst relative error of every line. */
#include <tribolaw.h>

static PetscRandom rnd;
static PetscBool   show = PETSC_FALSE;

static PetscReal Rand(PetscReal a, PetscReal b)
{
  PetscReal v;
  PetscRandomGetValueReal(rnd, &v);
  return a + (b - a) * v;
}

static PetscErrorCode Eval(TriboLaw law, PetscBool rate, const PetscReal u[3], const PetscReal v[3], const PetscReal *h, PetscReal t[3],
                           PetscReal d[9], PetscReal dv[9], PetscReal *hn)
{
  PetscFunctionBeginUser;
  if (rate)
    PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, u, v, h, t, d, dv, hn));
  else
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
  PetscFunctionReturn(0);
}

/* cls: 0 virgin microslip, 1 virgin macroslip, 2 reversal microslip, 3 reversal macroslip, 4 reloading, 5 pinning */
static PetscErrorCode Check(TriboLaw law, const char *name, PetscInt cls, PetscReal vlevel)
{
  const TriboLawCard *c;
  const char         *cname[] = {"virgin-microslip", "virgin-macroslip", "reversal-microslip", "reversal-macroslip", "reloading", "pinning"};
  PetscReal           fs, kt, chi = 0, beta = 0, phimax, *h, *hn, worst = 0, worstv = 0;
  PetscBool           rate, uniform;
  PetscInt            checked = 0, nh;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  PetscCall(PetscStrcmp(c->name, TRIBOLAWIWANUNIFORM, &uniform));
  PetscCall(TriboLawGetParameter(law, "fs", &fs));
  PetscCall(TriboLawGetParameter(law, "kt", &kt));
  if (!uniform) {
    PetscCall(TriboLawGetParameter(law, "chi", &chi));
    PetscCall(TriboLawGetParameter(law, "beta", &beta));
    phimax = fs * (1 + beta) / (kt * (beta + (chi + 1) / (chi + 2)));
  } else
    phimax = 2 * fs / kt;
  PetscCall(TriboLawSetParameter(law, "kpin", cls == 5 ? 0.5 * kt : 0));
  PetscCall(TriboLawSetParameter(law, "dpin", 1.5 * phimax));
  nh = c->nhist;
  PetscCall(PetscMalloc2(nh, &h, nh, &hn));
  while (checked < 200) {
    PetscReal u[3], v[3] = {0, 0, 0}, t[3], d[9], dv[9], tp[3], tm[3], up[3], ref = kt, refv = 1e-30, bad = 0, badv = 0;
    PetscBool kink = PETSC_FALSE;
    PetscReal x1[2], x2[2];
    PetscCall(PetscArrayzero(h, nh));
    u[2] = Rand(1e-7, 1e-6);
    for (int q = 0; q < 2; q++) {
      PetscReal sg = Rand(0, 1) < 0.5 ? -1 : 1;
      v[q]         = vlevel > 0 ? (Rand(0, 1) < 0.5 ? -1 : 1) * vlevel * PetscPowReal(10.0, Rand(-0.5, 0.5)) : 0;
      if (cls == 0)
        u[q] = sg * Rand(0.05, 0.95) * phimax;
      else if (cls == 1)
        u[q] = sg * Rand(1.05, 3) * phimax;
      else
        x1[q] = sg * (cls == 5 ? Rand(2, 4) : Rand(0.2, 3)) * phimax;
    }
    if (cls >= 2) { // commit x1, then reverse from it
      PetscReal w[3] = {x1[0], x1[1], u[2]};
      PetscCall(Eval(law, rate, w, v, h, t, d, dv, hn));
      PetscCall(PetscArraycpy(h, hn, nh));
      for (int q = 0; q < 2; q++) {
        PetscReal sg = x1[q] > 0 ? 1 : -1, A = 1 + PetscAbsReal(t[q]) / fs;
        if (cls == 2)
          u[q] = x1[q] - sg * Rand(0.05, 0.9) * A * phimax;
        else if (cls == 3)
          u[q] = x1[q] - sg * Rand(1.1, 2) * A * phimax;
        else if (cls == 5)
          u[q] = x1[q] - sg * Rand(0.05, 0.5) * phimax;
        else
          x2[q] = x1[q] - sg * Rand(0.2, 0.8) * A * phimax;
      }
      if (cls == 4) { // commit the partial reversal x2, then go on in the same direction
        PetscReal w[3] = {x2[0], x2[1], u[2]};
        PetscCall(Eval(law, rate, w, v, h, t, d, dv, hn));
        PetscCall(PetscArraycpy(h, hn, nh));
        for (int q = 0; q < 2; q++) u[q] = x2[q] - (x1[q] > 0 ? 1 : -1) * Rand(0.01, 0.3) * phimax;
      }
    }
    PetscCall(Eval(law, rate, u, v, h, t, d, dv, hn));
    for (int k = 0; k < 9; k++) ref = PetscMax(ref, PetscAbsReal(d[k]));
    for (int k = 0; rate && k < 9; k++) refv = PetscMax(refv, PetscAbsReal(dv[k]));
    for (int j = 0; j < 3 && !kink; j++) { // dt/du
      PetscReal hs = 1e-7 * phimax;
      for (int k = 0; k < 3; k++) up[k] = u[k];
      up[j] = u[j] + hs;
      PetscCall(Eval(law, rate, up, v, h, tp, NULL, NULL, hn));
      up[j] = u[j] - hs;
      PetscCall(Eval(law, rate, up, v, h, tm, NULL, NULL, hn));
      for (int i = 0; i < 3; i++) {
        if (PetscAbsReal((tp[i] - t[i]) / hs - (t[i] - tm[i]) / hs) > 1e-4 * ref) kink = PETSC_TRUE;
        bad = PetscMax(bad, PetscAbsReal((tp[i] - tm[i]) / (2 * hs) - d[3 * i + j]) / ref);
      }
    }
    for (int j = 0; rate && j < 2 && !kink; j++) { // dt/dv
      PetscReal hs = 1e-5 * PetscAbsReal(v[j]), vp[3] = {v[0], v[1], v[2]};
      vp[j] = v[j] + hs;
      PetscCall(Eval(law, rate, u, vp, h, tp, NULL, NULL, hn));
      vp[j] = v[j] - hs;
      PetscCall(Eval(law, rate, u, vp, h, tm, NULL, NULL, hn));
      for (int i = 0; i < 3; i++) {
        if (PetscAbsReal((tp[i] - t[i]) / hs - (t[i] - tm[i]) / hs) > 1e-4 * refv) kink = PETSC_TRUE;
        badv = PetscMax(badv, PetscAbsReal((tp[i] - tm[i]) / (2 * hs) - dv[3 * i + j]) / refv);
      }
    }
    if (kink) continue;
    worst  = PetscMax(worst, bad);
    worstv = PetscMax(worstv, badv);
    checked++;
  }
  if (rate)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s v~%g*vs %" PetscInt_FMT " points %s\n", name, cname[cls], (double)(vlevel / 1e-4), checked,
                          worst <= 1e-6 && worstv <= 1e-6 ? "ok" : "MISMATCH"));
  else
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s %" PetscInt_FMT " points %s\n", name, cname[cls], checked, worst <= 1e-6 ? "ok" : "MISMATCH"));
  if (worst > 1e-6 || worstv > 1e-6 || show)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst relative error dt/du %g dt/dv %g\n", (double)worst, (double)worstv));
  PetscCall(PetscFree2(h, hn));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboLaw law;
  struct {
    const char *type, *name;
    PetscReal   chi, theta;
  } cases[] = {
      {TRIBOLAWIWAN4, "iwan4-chi-0.5", -0.5, 1},
      {TRIBOLAWIWAN4, "iwan4-chi-0.9", -0.9, 1},
      {TRIBOLAWIWAN4, "iwan4-chi0", 0, 1},
      {TRIBOLAWIWAN5, "iwan5-theta0.75", -0.5, 0.75},
      {TRIBOLAWIWAN5, "iwan5-theta0.2", -0.3, 0.2},
      {TRIBOLAWIWANUNIFORM, "iwan_uniform", 0, 1},
      {TRIBOLAWIWANDISCRETE, "iwan_discrete", -0.5, 1},
      {TRIBOLAWIWANSTRIBECK, "iwan_stribeck", -0.5, 0.75},
  };
  const PetscReal vlevels[] = {1e-5, 1e-4, 1e-3, 3e-3};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 4242));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    PetscBool stribeck, uniform;
    PetscCall(PetscStrcmp(cases[k].type, TRIBOLAWIWANSTRIBECK, &stribeck));
    PetscCall(PetscStrcmp(cases[k].type, TRIBOLAWIWANUNIFORM, &uniform));
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetType(law, cases[k].type));
    PetscCall(TriboLawSetParameter(law, "fs", 1e6));
    PetscCall(TriboLawSetParameter(law, "kt", 1e12));
    PetscCall(TriboLawSetParameter(law, "kn", 2e12));
    if (!uniform) {
      PetscCall(TriboLawSetParameter(law, "chi", cases[k].chi));
      PetscCall(TriboLawSetParameter(law, "beta", 0.1));
    }
    if (cases[k].theta < 1) PetscCall(TriboLawSetParameter(law, "theta", cases[k].theta));
    if (stribeck) {
      PetscCall(TriboLawSetParameter(law, "fv", 1e8)); // F_V v_S = 1e4 = 1% of fs
      PetscCall(TriboLawSetParameter(law, "vs", 1e-4));
      PetscCall(TriboLawSetParameter(law, "deltas", 2));
    }
    PetscCall(TriboLawSetUp(law));
    for (PetscInt cls = 0; cls < 6; cls++) {
      if (!stribeck)
        PetscCall(Check(law, cases[k].name, cls, 0));
      else
        for (size_t l = 0; l < sizeof(vlevels) / sizeof(vlevels[0]); l++) PetscCall(Check(law, cases[k].name, cls, vlevels[l]));
    }
    if (stribeck) { // a Stribeck exponent below 1 (g' unbounded near v = 0) and a plain velocity-weakening one
      PetscCall(TriboLawSetParameter(law, "deltas", 0.5));
      PetscCall(Check(law, "iwan_stribeck-deltas0.5", 2, 1e-4));
      PetscCall(Check(law, "iwan_stribeck-deltas0.5", 4, 1e-3));
    }
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t110-iwan-tangent.out
TEST*/
