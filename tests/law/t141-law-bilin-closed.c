/* Bilinear laws against closed forms (porter-et-al-2022 §2.2.7-2.2.10), each checked here to 1e-12 relative
   (|a - b| <= 1e-12 max(|b|, ts), ts the slip traction) and printed with "ok" or "FAILED":
   1. Energy dissipated per cycle by jenkins and by edf at constant u_n (slip traction fs = mu kn u_n) over the
      closed cycle s: ua -> -ua -> ua after a first loading 0 -> ua, u_t = s a: the trapezoid rule sum of t . du over
      samples 0.25 um apart is exact because every stick/slip switch falls on a sample (fs/kt = 1 um, ua = 5 um).
      Closed form (Masing loop of a Jenkins element): W = 4 fs (ua |a| - fs/kt) for the coupled law along a = (0.6,
      0.8) and the sum of it over both directions for the decoupled law along a = (1, 0.5): 16 and 16 + 6 = 22 J/m^2.
   2. edf at constant u_n = 2 um reduces to jenkins with ts = mu kn u_n: identical tangential tractions and
      tangential tangents along a 400-step random path (coupled and decoupled).
   3. Monotonic loading from a fresh history: prager (default kt = 10^18.5) against eq. 21, t_q = ts sgn(u_q) +
      kp u_q beyond u = ts/kt and (kt + kp) u below, and gjp (linear and penalty contact at u_n = 1 um) against
      eq. 22, t_q = (kt + kp) u_q while kt |u| < ts, else ts u_q/|u| + kp u_q (coupled, |u| the magnitude; decoupled
      per direction), on 51 samples plus one below ts/kt. */
#include <tribolaw.h>

#define NMAX 512

static PetscBool Close(PetscReal a, PetscReal b, PetscReal scale)
{
  return PetscAbsReal(a - b) <= 1e-12 * PetscMax(PetscAbsReal(b), scale) ? PETSC_TRUE : PETSC_FALSE;
}

static PetscErrorCode NewLaw(const char *type, PetscReal coupled, TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, law));
  PetscCall(TriboLawSetType(*law, type));
  PetscCall(TriboLawSetParameter(*law, "coupled", coupled));
  PetscFunctionReturn(0);
}

/* march one point along u[3 ns] from a fresh history, tractions t[3 ns], tangents d[9 ns] */
static PetscErrorCode March(TriboLaw law, PetscInt ns, const PetscReal *u, PetscReal *t, PetscReal *d)
{
  const TriboLawCard *c;
  PetscReal           h[16] = {0}, hn[16];

  PetscFunctionBeginUser;
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &c));
  for (PetscInt k = 0; k < ns; k++) {
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, &u[3 * k], h, &t[3 * k], d ? &d[9 * k] : NULL, hn));
    PetscCall(PetscArraycpy(h, hn, c->nhist));
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Energy(const char *type, PetscReal coupled, const PetscReal a[2])
{
  const PetscReal kt = 1e12, fs = 1e6, ua = 5e-6, ds = 0.25e-6, un = 2e-6;
  PetscReal       u[3 * NMAX], t[3 * NMAX], W = 0, Wex = 0;
  PetscInt        ns = 0;
  TriboLaw        law;
  PetscBool       edf;

  PetscFunctionBeginUser;
  PetscCall(PetscStrcmp(type, TRIBOLAWEDF, &edf));
  PetscCall(NewLaw(type, coupled, &law));
  PetscCall(TriboLawSetParameter(law, "kt", kt));
  PetscCall(TriboLawSetParameter(law, "kn", 1e12));
  if (edf)
    PetscCall(TriboLawSetParameter(law, "mu", fs / (1e12 * un)));
  else
    PetscCall(TriboLawSetParameter(law, "ts", fs));
  for (PetscInt k = 0; k <= 20; k++, ns++) u[3 * ns] = k * ds; // first loading 0 -> ua
  for (PetscInt k = 1; k <= 40; k++, ns++) u[3 * ns] = ua - k * ds;
  for (PetscInt k = 1; k <= 40; k++, ns++) u[3 * ns] = -ua + k * ds;
  for (PetscInt k = 0; k < ns; k++) u[3 * k + 1] = a[1] * u[3 * k], u[3 * k] *= a[0], u[3 * k + 2] = un;
  PetscCall(March(law, ns, u, t, NULL));
  for (PetscInt k = 20; k < ns - 1; k++)
    for (int q = 0; q < 2; q++) W += 0.5 * (t[3 * k + q] + t[3 * (k + 1) + q]) * (u[3 * (k + 1) + q] - u[3 * k + q]);
  if (coupled > 0.5)
    Wex = 4 * fs * (ua * PetscSqrtReal(a[0] * a[0] + a[1] * a[1]) - fs / kt);
  else
    for (int q = 0; q < 2; q++) Wex += 4 * fs * (ua * PetscAbsReal(a[q]) - fs / kt);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s energy per cycle %.6f J/m^2, closed form 4 fs (ua - fs/kt) %.6f: %s\n", type,
                        coupled > 0.5 ? "coupled" : "decoupled", (double)W, (double)Wex, Close(W, Wex, 0) ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

static PetscErrorCode EDFIsJenkins(PetscReal coupled)
{
  const PetscInt  ns = 400;
  const PetscReal kt = 3e12, kn = 1e12, mu = 0.4, un = 2e-6, ts = mu * kn * un;
  PetscReal       u[3 * NMAX], tj[3 * NMAX], te[3 * NMAX], dj[9 * NMAX], de[9 * NMAX];
  TriboLaw        jen, edf;
  PetscRandom     rnd;
  PetscBool       ok = PETSC_TRUE;

  PetscFunctionBeginUser;
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetInterval(rnd, -1, 1));
  PetscCall(PetscRandomSetSeed(rnd, 141));
  PetscCall(PetscRandomSeed(rnd));
  u[0] = u[1] = 0, u[2] = un;
  for (PetscInt k = 1; k < ns; k++)
    for (int q = 0; q < 3; q++) {
      PetscReal r;
      PetscCall(PetscRandomGetValueReal(rnd, &r));
      u[3 * k + q] = q < 2 ? u[3 * (k - 1) + q] + 1.5 * ts / kt * r : un;
    }
  PetscCall(NewLaw(TRIBOLAWJENKINS, coupled, &jen));
  PetscCall(NewLaw(TRIBOLAWEDF, coupled, &edf));
  PetscCall(TriboLawSetParameter(jen, "kt", kt));
  PetscCall(TriboLawSetParameter(edf, "kt", kt));
  PetscCall(TriboLawSetParameter(jen, "ts", ts));
  PetscCall(TriboLawSetParameter(edf, "kn", kn));
  PetscCall(TriboLawSetParameter(edf, "mu", mu));
  PetscCall(March(jen, ns, u, tj, dj));
  PetscCall(March(edf, ns, u, te, de));
  for (PetscInt k = 0; k < ns; k++)
    for (int q = 0; q < 2; q++) {
      ok = (PetscBool)(ok && Close(te[3 * k + q], tj[3 * k + q], ts));
      for (int j = 0; j < 2; j++) ok = (PetscBool)(ok && Close(de[9 * k + 3 * q + j], dj[9 * k + 3 * q + j], kt));
    }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "edf at constant u_n equals jenkins with ts = mu kn u_n, %s, %" PetscInt_FMT " steps: %s\n",
                        coupled > 0.5 ? "coupled" : "decoupled", ns, ok ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&jen));
  PetscCall(TriboLawDestroy(&edf));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscFunctionReturn(0);
}

/* monotonic loading u_t = s a, s = 0, s0 (below ts/kt), then 50 samples up to 5 um; penalty < 0: prager */
static PetscErrorCode Monotonic(const char *type, PetscReal coupled, PetscReal penalty, const PetscReal a[2])
{
  PetscReal kt = 1e12, ts = 1e6, kp = 2e11, u[3 * 64], t[3 * 64], worst = 0, s0;
  PetscInt  ns = 52;
  TriboLaw  law;
  PetscBool ok = PETSC_TRUE, prager = penalty < 0 ? PETSC_TRUE : PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(NewLaw(type, coupled, &law));
  if (prager) {
    PetscCall(TriboLawGetParameter(law, "kt", &kt));
    PetscCall(TriboLawGetParameter(law, "ts", &ts));
    PetscCall(TriboLawGetParameter(law, "kp", &kp));
  } else {
    PetscCall(TriboLawSetParameter(law, "kt", kt));
    PetscCall(TriboLawSetParameter(law, "ts", ts));
    PetscCall(TriboLawSetParameter(law, "kp", kp));
    PetscCall(TriboLawSetParameter(law, "penalty", penalty));
  }
  s0 = 0.3 * ts / kt;
  for (PetscInt k = 0; k < ns; k++) {
    PetscReal s  = k == 0 ? 0 : (k == 1 ? s0 : (k - 1) * 1e-7);
    u[3 * k]     = a[0] * s;
    u[3 * k + 1] = a[1] * s;
    u[3 * k + 2] = 1e-6;
  }
  PetscCall(March(law, ns, u, t, NULL));
  for (PetscInt k = 0; k < ns; k++) {
    PetscReal m = PetscSqrtReal(u[3 * k] * u[3 * k] + u[3 * k + 1] * u[3 * k + 1]);
    for (int q = 0; q < 2; q++) {
      PetscReal uq = u[3 * k + q], mag = coupled > 0.5 ? m : PetscAbsReal(uq), ex;
      if (kt * mag < ts)
        ex = (kt + kp) * uq; // eq. 22, first branch
      else
        ex = ts * uq / mag + kp * uq; // eq. 22 second branch; eq. 21 for prager
      ok    = (PetscBool)(ok && Close(t[3 * k + q], ex, ts));
      worst = PetscMax(worst, PetscAbsReal(t[3 * k + q] - ex) / PetscMax(PetscAbsReal(ex), ts));
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s%s %s monotonic curve against eq. %s, %" PetscInt_FMT " samples: %s\n", type,
                        penalty > 0.5 ? " (penalty contact)" : "", coupled > 0.5 ? "coupled" : "decoupled", prager ? "21" : "22", ns,
                        ok ? "ok" : "FAILED"));
  if (!ok) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst relative error %g\n", (double)worst));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const PetscReal ac[2] = {0.6, 0.8}, ad[2] = {1.0, 0.5};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(Energy(TRIBOLAWJENKINS, 1, ac));
  PetscCall(Energy(TRIBOLAWJENKINS, 0, ad));
  PetscCall(Energy(TRIBOLAWEDF, 1, ac));
  PetscCall(Energy(TRIBOLAWEDF, 0, ad));
  PetscCall(EDFIsJenkins(1));
  PetscCall(EDFIsJenkins(0));
  PetscCall(Monotonic(TRIBOLAWPRAGER, 1, -1, ac));
  PetscCall(Monotonic(TRIBOLAWPRAGER, 0, -1, ad));
  for (int pen = 0; pen < 2; pen++) {
    PetscCall(Monotonic(TRIBOLAWGJP, 1, pen, ac));
    PetscCall(Monotonic(TRIBOLAWGJP, 0, pen, ad));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t141-law-bilin-closed.out
TEST*/
