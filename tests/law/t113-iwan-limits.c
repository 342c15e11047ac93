/* Limits and closed forms of the Iwan laws.

   1. iwan5 with theta = 1 is iwan4 (brake-ripp: "in the limiting case of theta = 1, this reduces to
      eq. 15"; porter-et-al-2022 §2.2.2), and iwan_stribeck with v_S = F_V = 0 is iwan5 at any velocity
      (brake-ripp after eq. 39), and its displacement kernel (v = 0) is iwan5 whatever v_S, F_V: along a
      random two-direction path of 300 committed steps (random velocities up to 100 v_S), the largest
      difference of t and dt/du over F_S resp. K_T must be <= 1e-12.
   2. Virgin loading from a fresh history in one step against the closed forms written out here:
      iwan4 against porter-et-al-2022 eq. 7, iwan5 against eq. 9 and brake-ripp eq. 30 (macroslip
      force), iwan_uniform against brake-ripp eq. 32, at u/phi_max = 0.01, 0.3, 0.7, 0.99, 1.5
      (relative error <= 1e-12); RIPP with pinning at 2.25 mm for brake-ripp Table 1 (K_P = 1e7 N/m,
      delta_P = 2 mm): F_S + K_P (2.25 - 2) mm = 6500 N (eqs. 5, 25; relative error <= 1e-12); iwan_stribeck
      at constant v = 0.3 and 2 v_S against eq. 39 written out here (relative error <= 1e-12); in
      TRIBO_LAW_NORMAL mode t_t = 0, and the next step starts virgin from there (porter eq. 7, <= 1e-12);
      TriboLawEvaluateP() (the card's analytic kernel_p) gives dt/dkt and dt/dfs of iwan4 in microslip and dt/dfs after a
      reversal from macroslip (through the history's F_0) as the closed forms written out in the driver (error <= 1e-5).
   3. The first reversal from macroslip is Masing's (A = 2 in eq. 24): iwan4 at x_0 - 2z after loading
      to x_0 = 2 phi_max is F_S - 2 f(z) with f of porter eq. 7 (z = 0.2, 0.45 phi_max; <= 1e-12).
   Rejected parameters and batched calls are checked in t115-iwan-checks.c. */
#include <tribolaw.h>

static PetscErrorCode Make(const char *type, PetscReal theta, PetscReal vs, PetscReal fv, TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, law));
  PetscCall(TriboLawSetType(*law, type));
  PetscCall(TriboLawSetParameter(*law, "fs", 1e6));
  PetscCall(TriboLawSetParameter(*law, "kt", 1e12));
  PetscCall(TriboLawSetParameter(*law, "chi", -0.4));
  PetscCall(TriboLawSetParameter(*law, "beta", 0.05));
  if (theta >= 0) PetscCall(TriboLawSetParameter(*law, "theta", theta));
  if (vs >= 0) {
    PetscCall(TriboLawSetParameter(*law, "vs", vs));
    PetscCall(TriboLawSetParameter(*law, "fv", fv));
  }
  PetscCall(TriboLawSetUp(*law));
  PetscFunctionReturn(0);
}

/* the same random path through two laws; max differences of t (over fs) and dt/du (over kt) */
static PetscErrorCode Compare(TriboLaw a, TriboLaw b, PetscBool va, PetscBool vb, const char *what)
{
  PetscReal   ha[10] = {0}, hb[10] = {0}, hna[10], hnb[10], u[3] = {0, 0, 1e-7}, v[3] = {0, 0, 0}, ta[3], tb[3], da[9], db[9], et = 0, ed = 0;
  PetscRandom r;

  PetscFunctionBeginUser;
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &r));
  PetscCall(PetscRandomSetSeed(r, 77));
  PetscCall(PetscRandomSeed(r));
  for (PetscInt k = 0; k < 300; k++) {
    for (int q = 0; q < 2; q++) {
      PetscReal x, s;
      PetscCall(PetscRandomGetValueReal(r, &x));
      PetscCall(PetscRandomGetValueReal(r, &s));
      u[q] += 2e-6 * (x - 0.5); // phi_max is about 2.5e-6 m
      v[q] = (s - 0.5) * 2e-2;  // up to 100 v_S (v_S = 1e-4)
    }
    if (va)
      PetscCall(TriboLawEvaluateV(a, TRIBO_LAW_FULL, 1, u, v, ha, ta, da, NULL, hna));
    else
      PetscCall(TriboLawEvaluate(a, TRIBO_LAW_FULL, 1, u, ha, ta, da, hna));
    if (vb)
      PetscCall(TriboLawEvaluateV(b, TRIBO_LAW_FULL, 1, u, v, hb, tb, db, NULL, hnb));
    else
      PetscCall(TriboLawEvaluate(b, TRIBO_LAW_FULL, 1, u, hb, tb, db, hnb));
    for (int i = 0; i < 3; i++) et = PetscMax(et, PetscAbsReal(ta[i] - tb[i]) / 1e6);
    for (int i = 0; i < 9; i++) ed = PetscMax(ed, PetscAbsReal(da[i] - db[i]) / 1e12);
    PetscCall(PetscArraycpy(ha, hna, 10));
    PetscCall(PetscArraycpy(hb, hnb, 10));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s along 300 steps: %s\n", what, et <= 1e-12 && ed <= 1e-12 ? "ok" : "FAILED"));
  if (et > 1e-12 || ed > 1e-12) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  max dt/F_S %g, max d(dt/du)/K_T %g\n", (double)et, (double)ed));
  PetscCall(PetscRandomDestroy(&r));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboLaw        a, b;
  const PetscReal fs = 1e6, kt = 1e12, chi = -0.4, beta = 0.05, theta = 0.6, c = (chi + 1) / (chi + 2), phimax = fs * (1 + beta) / (kt * (beta + c));
  const PetscReal xs[] = {0.01, 0.3, 0.7, 0.99, 1.5};
  PetscReal       err  = 0, h[10], hn[10], u[3], t[3];

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(Make(TRIBOLAWIWAN5, 1.0, -1, 0, &a));
  PetscCall(Make(TRIBOLAWIWAN4, -1, -1, 0, &b));
  PetscCall(Compare(a, b, PETSC_FALSE, PETSC_FALSE, "iwan5 (theta = 1) = iwan4"));
  PetscCall(TriboLawDestroy(&a));
  PetscCall(TriboLawDestroy(&b));
  PetscCall(Make(TRIBOLAWIWANSTRIBECK, 0.75, 0, 0, &a));
  PetscCall(Make(TRIBOLAWIWAN5, 0.75, -1, 0, &b));
  PetscCall(Compare(a, b, PETSC_TRUE, PETSC_FALSE, "iwan_stribeck (v_S = F_V = 0, v != 0) = iwan5"));
  PetscCall(TriboLawDestroy(&a));
  PetscCall(Make(TRIBOLAWIWANSTRIBECK, 0.75, 1e-4, 1e9, &a));
  PetscCall(Compare(a, b, PETSC_FALSE, PETSC_FALSE, "iwan_stribeck at v = 0 (v_S = 1e-4, F_V = 1e9) = iwan5"));
  PetscCall(TriboLawDestroy(&a));
  PetscCall(TriboLawDestroy(&b));

  // 2. virgin loading against the closed forms
  for (int l = 0; l < 3; l++) {
    const char *type = l == 0 ? TRIBOLAWIWAN4 : (l == 1 ? TRIBOLAWIWAN5 : TRIBOLAWIWANUNIFORM);
    err              = 0;
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &a));
    PetscCall(TriboLawSetType(a, type));
    PetscCall(TriboLawSetParameter(a, "fs", fs));
    PetscCall(TriboLawSetParameter(a, "kt", kt));
    if (l < 2) {
      PetscCall(TriboLawSetParameter(a, "chi", chi));
      PetscCall(TriboLawSetParameter(a, "beta", beta));
    }
    if (l == 1) PetscCall(TriboLawSetParameter(a, "theta", theta));
    PetscCall(TriboLawSetUp(a));
    for (size_t k = 0; k < sizeof(xs) / sizeof(xs[0]); k++) {
      PetscReal pm = l < 2 ? phimax : 2 * fs / kt, x = xs[k] * pm, F, K = PetscPowReal(kt * (beta + c) / (fs * (1 + beta)), 1 + chi);
      if (l == 0)
        F = x < pm ? kt * x - K * kt / ((1 + beta) * (chi + 2)) * PetscPowReal(x, chi + 2) : fs; // porter eq. 7
      else if (l == 1)
        F = x < pm ? kt * x + K * kt * (chi + 1) / (1 + beta) * (theta / (chi + 2) - 1 / (chi + 1)) * PetscPowReal(x, chi + 2) // porter eq. 9
                   : fs * (beta + theta * c) / (beta + c);                                                                     // brake-ripp eq. 30
      else
        F = x < pm ? 2 * fs / pm * (x - x * x / (2 * pm)) : fs; // brake-ripp eq. 32
      for (int j = 0; j < 10; j++) h[j] = 0;
      u[0] = -x, u[1] = x, u[2] = 0;
      PetscCall(TriboLawEvaluate(a, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
      err = PetscMax(err, PetscMax(PetscAbsReal(t[0] + F), PetscAbsReal(t[1] - F)) / PetscAbsReal(F));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s virgin curve vs %s: %s\n", type,
                          l == 0 ? "porter eq. 7" : (l == 1 ? "porter eq. 9, brake-ripp eq. 30" : "brake-ripp eq. 32"),
                          err <= 1e-12 ? "ok" : "FAILED"));
    if (l == 0) { // 3. first reversal from macroslip is Masing's
      PetscReal zs[] = {0.2, 0.45}, K = PetscPowReal(kt * (beta + c) / (fs * (1 + beta)), 1 + chi);
      err = 0;
      for (int k = 0; k < 2; k++) {
        PetscReal z = zs[k] * phimax, F = fs - 2 * (kt * z - K * kt / ((1 + beta) * (chi + 2)) * PetscPowReal(z, chi + 2));
        for (int j = 0; j < 10; j++) h[j] = 0;
        u[0] = 2 * phimax, u[1] = u[2] = 0;
        PetscCall(TriboLawEvaluate(a, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
        u[0] = 2 * phimax - 2 * z;
        PetscCall(TriboLawEvaluate(a, TRIBO_LAW_FULL, 1, u, hn, t, NULL, h));
        err = PetscMax(err, PetscAbsReal(t[0] - F) / fs);
      }
      PetscCall(
          PetscPrintf(PETSC_COMM_WORLD, "iwan4 reversal from macroslip vs Masing F_S - 2 f(z) (porter eq. 7): %s\n", err <= 1e-12 ? "ok" : "FAILED"));
    }
    PetscCall(TriboLawDestroy(&a));
  }
  { // Iwan-Stribeck virgin loading at a constant velocity v > 0 against brake-ripp eq. 39 (with porter eq. 9 for its first part)
    const PetscReal fv = 1e9, vs = 1e-4, ds = 1.5, th = 0.75, K = PetscPowReal(kt * (beta + c) / (fs * (1 + beta)), 1 + chi);
    const PetscReal vv[] = {3e-5, 2e-4};
    err                  = 0;
    PetscCall(Make(TRIBOLAWIWANSTRIBECK, th, vs, fv, &a));
    PetscCall(TriboLawSetParameter(a, "deltas", ds));
    for (int iv = 0; iv < 2; iv++)
      for (size_t k = 0; k < sizeof(xs) / sizeof(xs[0]); k++) {
        PetscReal x = xs[k] * phimax, v3[3] = {-vv[iv], vv[iv], 0}, F;
        F = x < phimax ? kt * x + K * kt * (chi + 1) / (1 + beta) * (th / (chi + 2) - 1 / (chi + 1)) * PetscPowReal(x, chi + 2)
                       : fs * (beta + th * c) / (beta + c);
        F += (fs * (1 - th) * PetscExpReal(-PetscPowReal(vv[iv] / vs, ds)) + fv * vv[iv]) * PetscPowReal(PetscMin(x / phimax, 1), chi + 1) /
             (beta + c);
        for (int j = 0; j < 10; j++) h[j] = 0;
        u[0] = -x, u[1] = x, u[2] = 0;
        PetscCall(TriboLawEvaluateV(a, TRIBO_LAW_FULL, 1, u, v3, h, t, NULL, NULL, hn));
        err = PetscMax(err, PetscMax(PetscAbsReal(t[0] + F), PetscAbsReal(t[1] - F)) / PetscAbsReal(F));
      }
    PetscCall(
        PetscPrintf(PETSC_COMM_WORLD, "iwan_stribeck virgin curve at v = 0.3 and 2 v_S vs brake-ripp eq. 39: %s\n", err <= 1e-12 ? "ok" : "FAILED"));
    PetscCall(TriboLawDestroy(&a));
  }
  { // TRIBO_LAW_NORMAL: no tangential traction, and the point restarts virgin where it is (slope kt, porter eq. 7 from there)
    const PetscReal K = PetscPowReal(kt * (beta + c) / (fs * (1 + beta)), 1 + chi), dz = 0.05 * phimax;
    const PetscReal F = kt * dz - K * kt / ((1 + beta) * (chi + 2)) * PetscPowReal(dz, chi + 2);
    PetscCall(Make(TRIBOLAWIWAN4, -1, -1, 0, &a));
    PetscCall(TriboLawSetParameter(a, "kn", 3e12));
    for (int j = 0; j < 10; j++) h[j] = 0;
    u[0] = 3 * phimax, u[1] = -0.5 * phimax, u[2] = 1e-7;
    PetscCall(TriboLawEvaluate(a, TRIBO_LAW_NORMAL, 1, u, h, t, NULL, hn));
    err = PetscAbsReal(t[0]) + PetscAbsReal(t[1]) + PetscAbsReal(t[2] - 3e5) / 3e5;
    u[0] += dz, u[1] -= dz;
    PetscCall(TriboLawEvaluate(a, TRIBO_LAW_FULL, 1, u, hn, t, NULL, h));
    err = PetscMax(err, PetscMax(PetscAbsReal(t[0] - F), PetscAbsReal(t[1] + F)) / F);
    PetscCall(
        PetscPrintf(PETSC_COMM_WORLD, "iwan4 normal mode (t_t = 0), then virgin from there (porter eq. 7): %s\n", err <= 1e-12 ? "ok" : "FAILED"));
    PetscCall(TriboLawDestroy(&a));
  }
  { // parameter sensitivities (TriboLawEvaluateP(), the analytic kernel_p of iwan4) against closed forms:
    // F_IWAN = kt z + Cn r^(chi+2), r = z/phi_max, Cn = -fs/((beta + c)(chi + 2)), phi_max ~ fs/kt (eq. 10), so at fixed z
    // dF/dkt = z + (chi+2) Cn r^(chi+2)/kt and dF/dfs = -(chi+1) Cn r^(chi+2)/fs; after macroslip (F_0 = fs, A = 2 for every fs)
    // the reversal branch fs - 2 F_IWAN(z) has dt/dfs = 1 + 2 (chi+1) Cn r^(chi+2)/fs, carried through the history's F_0
    const PetscReal Cn = -fs / ((beta + c) * (chi + 2)), z = 0.3 * phimax, r = z / phimax, rp = PetscPowReal(r, chi + 2);
    PetscReal       hp[70] = {0}, hpn[70], dp[21], e1, e2, e3;
    PetscCall(Make(TRIBOLAWIWAN4, -1, -1, 0, &a));
    for (int j = 0; j < 10; j++) h[j] = 0;
    u[0] = z, u[1] = u[2] = 0;
    PetscCall(TriboLawEvaluateP(a, TRIBO_LAW_FULL, 1, u, h, hp, t, dp, hn, hpn)); // order fs, kt, chi, beta, kn, kpin, dpin
    e1   = PetscAbsReal(dp[1] - (z + (chi + 2) * Cn * rp / kt)) / z;
    e2   = PetscAbsReal(dp[0] + (chi + 1) * Cn * rp / fs);
    u[0] = 2 * phimax;
    PetscCall(TriboLawEvaluateP(a, TRIBO_LAW_FULL, 1, u, h, hp, t, dp, hn, hpn));
    u[0] = 2 * phimax - 2 * z;
    PetscCall(TriboLawEvaluateP(a, TRIBO_LAW_FULL, 1, u, hn, hpn, t, dp, h, hp));
    e3 = PetscAbsReal(dp[0] - (1 + 2 * (chi + 1) * Cn * rp / fs));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "iwan4 dt/dkt, dt/dfs (virgin) and dt/dfs after a reversal from macroslip (history) by TriboLawEvaluateP(): %s\n",
                          e1 <= 1e-5 && e2 <= 1e-5 && e3 <= 1e-5 ? "ok" : "FAILED"));
    if (e1 > 1e-5 || e2 > 1e-5 || e3 > 1e-5) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  errors %g %g %g\n", (double)e1, (double)e2, (double)e3));
    PetscCall(TriboLawDestroy(&a));
  }
  // pinning, Table 1 (discrete element)
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &a));
  PetscCall(TriboLawSetType(a, TRIBOLAWIWAN4));
  PetscCall(TriboLawSetParameter(a, "fs", 4000));
  PetscCall(TriboLawSetParameter(a, "kt", 1.5e7));
  PetscCall(TriboLawSetParameter(a, "chi", -0.5));
  PetscCall(TriboLawSetParameter(a, "beta", 0.005));
  PetscCall(TriboLawSetParameter(a, "kpin", 1e7));
  PetscCall(TriboLawSetParameter(a, "dpin", 2e-3));
  PetscCall(TriboLawSetUp(a));
  for (int j = 0; j < 10; j++) h[j] = 0;
  u[0] = -2.25e-3, u[1] = u[2] = 0;
  PetscCall(TriboLawEvaluate(a, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "iwan4 with pinning (Table 1) at -2.25 mm: F = %.1f N (-6500 expected) %s\n", (double)t[0],
                        PetscAbsReal(t[0] + 6500) <= 1e-12 * 6500 ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&a));

  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t113-iwan-limits.out
TEST*/
