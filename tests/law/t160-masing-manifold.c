/* Masing manifold of elastic dry friction against eq. 1 marched directly (paper
   brake-porter-karpov-masing-manifolds §3): mu = 0.9627, kT = 5.26e14 N/m (read through -masing_mu,
   -masing_kt), u = 50 sin(2 pi t) nm, period 1 s sampled at nt = 1000 instants t_i = i/1000, and
     1: N = 5 MN            2: N = 2.5 sin(2 pi t) + 5 MN     3: N = 2.5 sin(2 pi t - pi/4) + 5 MN
     4: N = max(0, 2.5 sin(4 pi t) + 1) MN                    (§3: on the manifold, no condition violated)
     5: eq. 18 (N jumps up during slip)                       6: eq. 19 (N drops while stuck)   (§3.1)
     7: eq. 18 with a jump of 9 MN instead of 3 MN.
   Case 5 as printed does not violate eq. 16 with this displacement: during the jump (t in [0.5, 0.6],
   slipping backwards) mu dN/dt = mu 3 MN 10 pi sin(20 pi (t - 0.5)) stays below kT |du/dt| =
   kT 100 pi nm |cos(2 pi t)|; the largest ratio of the sampled differences mu dN / (kT |du|) is 0.556
   (numpy, as t830's reference), so eq. 1 stays on the manifold; case 7 (ratio 1.667) leaves it.
   Checks, with their tolerances and references:
   - the force read from the manifold equals eq. 1 (TriboMasingManifoldEvaluateDirect, second of two periods)
     within 1e-10 of the cycle's largest |f| at every sample of cases 1-4 and at every sample the check does
     not flag in cases 5-7 (printed as ok or FAILED);
   - eq. 1 itself against an independent implementation, the edf law (porter-et-al-2022 §2.2.8) through
     TriboLawEvaluate with kn = 1 (so u_n = N) and u_t2 = 0, two periods: within 1e-12 of the largest |f|
     (its re-contact rule, eq. 5 there, reduces to eq. 1 because separated samples have u_n = 0 exactly);
   - anchors of cases 1 and 2 against closed forms computed here: case 1 u_anchor,amp = 50 nm - mu 5 MN/kT,
     offset 0; case 2 u_max,anchor = 50 - 2.5 w1 - 5 w1, u_min,anchor = -(50 + 2.5 w1) + 5 w1 (w1 = mu 1 MN/kT
     in nm, the extremes at t = 1/4 and 3/4), amplitude their half difference, offset their half sum
     (relative 1e-12); and C = (50 nm, 5 mu MN, 5 MN) in case 1;
   - the violation cases are flagged exactly where the manifold and eq. 1 differ by more than 1e-10 of the
     largest |f|, and nowhere in cases 1-5; case 6 (eq. 19) flags eq. 8 at samples 251-331 (t/T
     0.251-0.331, largest deviation 0.187 of max|f|), case 7 eq. 16 at samples 511-556 (0.208): computed
     independently with a numpy play-operator form of eq. 1 and the anchor extremes (t830 repeats it);
   - N < 0 is rejected; the view of case 7 lists A = (50 nm - mu 2 MN/kT, 0, 0) = 46.3395 nm and
     C = (A + mu 11 MN/kT, mu 11 MN, 11 MN) = (66.4721 nm, 1.05897e7 N, 1.1e7 N) by hand. */
#include <tribomasing.h>
#include <tribolaw.h>

#define NT 1000

static PetscReal NormalForce(int c, PetscReal t)
{
  const PetscReal pi = PETSC_PI;
  switch (c) {
  case 1:
    return 5e6;
  case 2:
    return 2.5e6 * PetscSinReal(2 * pi * t) + 5e6;
  case 3:
    return 2.5e6 * PetscSinReal(2 * pi * t - pi / 4) + 5e6;
  case 4:
    return PetscMax(0.0, 2.5e6 * PetscSinReal(4 * pi * t) + 1e6);
  case 5:
  case 7: { // eq. 18, case 7 with a larger jump
    PetscReal c2 = PetscCosReal(2 * pi / 0.2 * (t - 0.5));
    return 2e6 + (c == 5 ? 3e6 : 9e6) * (t >= 0.5 ? 1 : 0) * (1 - (t >= 0.6 ? 1 : 0)) * (1 - c2 * c2);
  }
  default: { // eq. 19
    PetscReal s2 = PetscSinReal(2 * pi / 0.2 * (t - 0.3));
    return 8e6 - 5e6 * (t >= 0.3 ? 1 : 0) * (1 - (t >= 0.4 ? 1 : 0)) * s2 * s2;
  }
  }
}

/* eq. 1 through the edf law, two periods from a fresh history; the second period's t_t1 */
static PetscErrorCode EDF(PetscReal mu, PetscReal kt, const PetscReal *u, const PetscReal *N, PetscReal *f)
{
  TriboLaw  law;
  PetscReal h[5] = {0, 0, 0, 0, 0}, hn[5], x[3], t[3];

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWEDF));
  PetscCall(TriboLawSetParameter(law, "kt", kt));
  PetscCall(TriboLawSetParameter(law, "kn", 1.0));
  PetscCall(TriboLawSetParameter(law, "mu", mu));
  PetscCall(TriboLawSetUp(law));
  for (PetscInt j = 0; j < 2 * NT; j++) {
    x[0] = u[j % NT], x[1] = 0, x[2] = N[j % NT];
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, x, h, t, NULL, hn));
    for (int k = 0; k < 5; k++) h[k] = hn[k];
    if (j >= NT) f[j - NT] = t[0];
  }
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal           u[NT], N[NT], fm[NT], fd[NT], fe[NT], mu, kt, v[18];
  PetscInt            viol[NT];
  TriboMasingManifold mm;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboMasingManifoldCreate(PETSC_COMM_WORLD, &mm));
  PetscCall(TriboMasingManifoldSetFromOptions(mm));
  PetscCall(TriboMasingManifoldGetParameters(mm, &mu, &kt));
  for (int c = 1; c <= 7; c++) {
    PetscReal               fscale = 0, don = 0, doff = 0, dedf = 0, uamp, uoff, amax, amin;
    PetscInt                noff, nmis = 0, nev;
    const TriboMasingEvent *ev;

    for (PetscInt i = 0; i < NT; i++) {
      PetscReal t = (PetscReal)i / NT;
      u[i]        = 50e-9 * PetscSinReal(2 * PETSC_PI * t);
      N[i]        = NormalForce(c, t);
    }
    PetscCall(TriboMasingManifoldSetHistory(mm, NT, u, N));
    PetscCall(TriboMasingManifoldSetUp(mm));
    PetscCall(TriboMasingManifoldEvaluateHistory(mm, fm, NULL));
    PetscCall(TriboMasingManifoldEvaluateDirect(mm, fd));
    PetscCall(TriboMasingManifoldCheck(mm, viol, &noff));
    PetscCall(EDF(mu, kt, u, N, fe));
    for (PetscInt i = 0; i < NT; i++) fscale = PetscMax(fscale, PetscAbsReal(fd[i]));
    for (PetscInt i = 0; i < NT; i++) {
      PetscReal d = PetscAbsReal(fm[i] - fd[i]) / fscale;
      if (viol[i])
        doff = PetscMax(doff, d);
      else
        don = PetscMax(don, d);
      nmis += (viol[i] != 0) != (d > 1e-10);
      dedf = PetscMax(dedf, PetscAbsReal(fe[i] - fd[i]) / fscale);
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case %d: eq. 1 against the edf law (1e-12): %s; manifold against eq. 1 on the manifold (1e-10): %s\n", c,
                          dedf <= 1e-12 ? "ok" : "FAILED", don <= 1e-10 ? "ok" : "FAILED"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case %d: %" PetscInt_FMT " samples off the manifold, largest deviation there %.3f of max|f|; flags %s\n",
                          c, noff, (double)doff, nmis ? "FAILED (flagged samples differ from the deviating ones)" : "ok (flagged = deviating)"));
    PetscCall(TriboMasingManifoldGetEvents(mm, &nev, &ev));
    for (PetscInt k = 0; k < nev; k++)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                            "case %d: eq. %d violated at sample %" PetscInt_FMT ", off the manifold at samples %" PetscInt_FMT "-%" PetscInt_FMT "\n",
                            c, (int)ev[k].condition, ev[k].trigger, ev[k].first, ev[k].last));
    PetscCall(TriboMasingManifoldGetAnchors(mm, &uamp, &uoff, &amax, &amin));
    if (c == 5) {
      PetscReal r = 0;
      for (PetscInt i = 500; i <= 600; i++) r = PetscMax(r, mu * (N[i] - N[i - 1]) / (kt * PetscAbsReal(u[i] - u[i - 1])));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case 5: largest mu dN / (kT |du|) during the jump %.3f\n", (double)r));
    }
    if (c == 1) {
      PetscReal ua = 50e-9 - mu * 5e6 / kt, ok;
      PetscCall(TriboMasingManifoldGetVertices(mm, v));
      ok = PetscAbsReal(uamp - ua) <= 1e-12 * ua && PetscAbsReal(uoff) <= 1e-12 * ua && PetscAbsReal(v[6] - 50e-9) <= 1e-12 * 50e-9 &&
           PetscAbsReal(v[7] - mu * 5e6) <= 1e-12 * mu * 5e6 && v[8] == 5e6;
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case 1: u_anchor,amp %.5f nm, offset 0, C = (50 nm, mu N, N): %s\n", (double)(1e9 * uamp),
                            ok ? "ok" : "FAILED"));
    }
    if (c == 2) {
      PetscReal w1 = 1e9 * mu * 1e6 / kt, xmax = 50 - 2.5 * w1 - 5 * w1, xmin = -(50 + 2.5 * w1) + 5 * w1, ok;
      ok = PetscAbsReal(1e9 * amax - xmax) <= 1e-12 * 50 && PetscAbsReal(1e9 * amin - xmin) <= 1e-12 * 50 &&
           PetscAbsReal(1e9 * uamp - 0.5 * (xmax - xmin)) <= 1e-12 * 50 && PetscAbsReal(1e9 * uoff - 0.5 * (xmax + xmin)) <= 1e-12 * 50;
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case 2: u_max,anchor %.5f nm, u_min,anchor %.5f nm, amplitude %.5f nm, offset %.5f nm: %s\n",
                            (double)xmax, (double)xmin, (double)(1e9 * uamp), (double)(1e9 * uoff), ok ? "ok" : "FAILED"));
    }
  }
  {
    PetscErrorCode e;
    PetscReal      f;
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    e = TriboMasingManifoldEvaluate(mm, 0.0, -1.0, 1, &f);
    PetscCall(PetscPopErrorHandler());
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rejects N < 0: %s\n", e ? "yes" : "no"));
  }
  PetscCall(TriboMasingManifoldView(mm, PETSC_VIEWER_STDOUT_WORLD));
  PetscCall(TriboMasingManifoldDestroy(&mm));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -masing_mu 0.9627 -masing_kt 5.26e14
    atol: 1e-30
    rtol: 1e-6
TEST*/
