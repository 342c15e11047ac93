/* Masing manifold edge cases (paper brake-porter-karpov-masing-manifolds §2, §2.3), 400 samples per period,
   mu = 0.9627, kT = 5.26e14 N/m, N = 5 MN constant (w = mu N/kT = 9.15106 nm):
   1: u = 5 sin(2 pi t) nm, no slip (§2.3): u_anchor,amp = 0, offset 0, the manifold a triangle (E = D,
      F = C, A = B = 0), f = kT u exactly; checked against these closed forms (relative 1e-12);
   2: u = 20 + 5 sin(2 pi t) nm, no slip in the steady cycle but eq. 1 from rest slips once: the anchor
      stays at max(u) - w = 15.84894 nm (offset; amplitude 0), f = kT (u - offset), checked against
      eq. 1 marched directly (1e-10 of max|f|);
   3: u = 50 sin(2 pi t) + 20 sin(6 pi t) nm, four reversals per period (Masing's assumption of two extrema
      fails, §1.1): the manifold misses the inner loops, reported with code 1 exactly where it differs from
      eq. 1 by more than 1e-10 of max|f|: samples 101-152 and 248-344 (149), as a numpy play-operator form of
      eq. 1 with the same manifold reading finds; case 2 also checks that touching the slip limit again at
      the extreme anchor, to rounding, is not reported;
   and the refusals of bad input (N < 0 in the history, fewer than 4 samples, mu < 0 through -masing_mu),
   whose messages name the sample or the option. */
#include <tribomasing.h>

#define NT 400

static PetscErrorCode Fails(PetscErrorCode (*fn)(TriboMasingManifold, void *), TriboMasingManifold mm, void *ctx, const char *what)
{
  PetscErrorCode e;

  PetscFunctionBeginUser;
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  e = fn(mm, ctx);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rejects %s: %s\n", what, e ? "yes" : "no"));
  PetscFunctionReturn(0);
}

static PetscErrorCode NegativeN(TriboMasingManifold mm, void *ctx)
{
  PetscReal u[4] = {0, 1, 0, -1}, N[4] = {1, 1, -1, 1};
  return TriboMasingManifoldSetHistory(mm, 4, u, N);
}

static PetscErrorCode Short(TriboMasingManifold mm, void *ctx)
{
  PetscReal u[3] = {0, 1, 0}, N[3] = {1, 1, 1};
  return TriboMasingManifoldSetHistory(mm, 3, u, N);
}

static PetscErrorCode NegativeMu(TriboMasingManifold mm, void *ctx)
{
  PetscErrorCode e = PetscOptionsSetValue(NULL, "-masing_mu", "-0.1");
  return e ? e : TriboMasingManifoldSetFromOptions(mm);
}

int main(int argc, char **argv)
{
  const PetscReal     mu = 0.9627, kt = 5.26e14, w = mu * 5e6 / kt;
  PetscReal           u[NT], N[NT], fm[NT], fd[NT], v[18], uamp, uoff;
  PetscInt            viol[NT];
  TriboMasingManifold mm;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboMasingManifoldCreate(PETSC_COMM_WORLD, &mm));
  PetscCall(TriboMasingManifoldSetParameters(mm, mu, kt));
  for (int c = 1; c <= 3; c++) {
    PetscReal               fscale = 0, dev = 0, e = 0;
    PetscInt                noff, nmis = 0, nev;
    const TriboMasingEvent *ev;

    for (PetscInt i = 0; i < NT; i++) {
      PetscReal s = 2 * PETSC_PI * i / NT;
      u[i] = c == 1 ? 5e-9 * PetscSinReal(s) : (c == 2 ? 20e-9 + 5e-9 * PetscSinReal(s) : 50e-9 * PetscSinReal(s) + 20e-9 * PetscSinReal(3 * s));
      N[i] = 5e6;
    }
    PetscCall(TriboMasingManifoldSetHistory(mm, NT, u, N));
    PetscCall(TriboMasingManifoldSetUp(mm));
    PetscCall(TriboMasingManifoldGetAnchors(mm, &uamp, &uoff, NULL, NULL));
    PetscCall(TriboMasingManifoldGetVertices(mm, v));
    PetscCall(TriboMasingManifoldEvaluateHistory(mm, fm, NULL));
    PetscCall(TriboMasingManifoldEvaluateDirect(mm, fd));
    PetscCall(TriboMasingManifoldCheck(mm, viol, &noff));
    for (PetscInt i = 0; i < NT; i++) fscale = PetscMax(fscale, PetscAbsReal(fd[i]));
    for (PetscInt i = 0; i < NT; i++) {
      PetscReal d = PetscAbsReal(fm[i] - fd[i]) / fscale;
      if (!viol[i]) dev = PetscMax(dev, d);
      nmis += (viol[i] != 0) != (d > 1e-10);
    }
    if (c == 1) { // triangle: A = B = 0, E = D, F = C, f = kT u
      const PetscReal x[18] = {0, 0, 0, 0, 0, 0, w, mu * 5e6, 5e6, -w, -mu * 5e6, 5e6, -w, -mu * 5e6, 5e6, w, mu * 5e6, 5e6};
      for (int k = 0; k < 18; k++) e = PetscMax(e, PetscAbsReal(v[k] - x[k]) / (k % 3 == 0 ? w : 5e6));
      for (PetscInt i = 0; i < NT; i++) e = PetscMax(e, PetscAbsReal(fm[i] - kt * u[i]) / fscale);
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case 1: amplitude %g, offset %g, triangle E = D, F = C and f = kT u: %s\n", (double)uamp, (double)uoff,
                            e <= 1e-12 && uamp == 0 && uoff == 0 ? "ok" : "FAILED"));
    }
    if (c == 2)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case 2: amplitude %g, offset %.5f nm (25 nm - w: %s)\n", (double)uamp, (double)(1e9 * uoff),
                            PetscAbsReal(uoff - (25e-9 - w)) <= 1e-12 * 25e-9 ? "ok" : "FAILED"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case %d: manifold against eq. 1 where on it (1e-10): %s; %" PetscInt_FMT " samples off; flags %s\n", c,
                          dev <= 1e-10 ? "ok" : "FAILED", noff, nmis ? "FAILED" : "ok (flagged = deviating)"));
    PetscCall(TriboMasingManifoldGetEvents(mm, &nev, &ev));
    for (PetscInt k = 0; k < nev; k++)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "case %d: code %d at samples %" PetscInt_FMT "-%" PetscInt_FMT "\n", c, (int)ev[k].condition,
                            ev[k].first, ev[k].last));
  }
  PetscCall(Fails(NegativeN, mm, NULL, "N < 0 in the history"));
  PetscCall(Fails(Short, mm, NULL, "3 samples"));
  PetscCall(Fails(NegativeMu, mm, NULL, "-masing_mu -0.1"));
  PetscCall(TriboMasingManifoldDestroy(&mm));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    atol: 1e-30
    rtol: 1e-6
TEST*/
