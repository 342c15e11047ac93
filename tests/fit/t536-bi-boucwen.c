static char help[] = "Boundary intersection (eq. 43) on a Bouc-Wen whole-joint ROM with parameters known by construction: anchors, gradient.\n";

/* The measured backbone is tribo's own WJROM Masing backbone (TriboWJROMSynthesizeBackbone(): unit mass, k0 = 3.95e5 N/m,
   20 amplitudes 1e-6 .. 1e-3 m) of boucwen a = 1e5 N/m, alpha = 750, beta = 250, n = 2, fitted back with -fit_method bi:
   a, alpha, n with beta and k0 fixed (loading follows alpha - beta only, so alpha and beta apart are not identifiable from a
   Masing backbone; with k0 fitted too the damping error alone is not either: a, k0 and the ultimate force scaled together
   leave zeta = D / (2 pi lambda q^2) unchanged, so its anchor stopped 1.8 away with a zero error); a Latin grid of 8 start candidates, one start per anchor, 60 TAO iterations. Checks:
   - both anchors (frequency error alone, damping error alone; the damping anchor reaches the truth from the frequency
     anchor's minimizer) recover a, alpha, n within 1e-4 relative (measured 4.2e-14 and 9.0e-7);
   - the analytic gradient of the eq. 42 errors (the law's sensitivities integrated with its Dormand-Prince steps, through
     the Masing backbone) against central differences (step 1e-5 in the scaled variables): below 1e-5 relative to the
     largest entry (measured 4.8e-8). */
#include <tribofit.h>

static PetscErrorCode FitBI(const char law[], const char params[], const char ndir[], PetscReal noise, const char *names[], const PetscReal v[],
                            TriboMeasuredBackbone *mb, TriboFit *fit)
{
  PetscFunctionBeginUser;
  PetscCall(TriboWJROMSynthesizeBackbone(PETSC_COMM_WORLD, law, law, 4, names, v, noise, 11, mb));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_law", law));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_params", params));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_n", ndir));
  PetscCall(TriboFitCreate(PETSC_COMM_WORLD, fit));
  PetscCall(TriboFitSetFromOptions(*fit));
  PetscCall(TriboFitSetMeasured(*fit, mb));
  PetscCall(TriboFitSolve(*fit));
  PetscFunctionReturn(0);
}

/* analytic gradient against central differences at x (scaled variables of the fit's parameters) */
static PetscErrorCode GradientCheck(TriboFit fit, const PetscReal x[], const char what[])
{
  TriboFitBICtx ctx;
  PetscReal     F[2], G[2 * 16], Fp[2], Fm[2], xp[16], err = 0, gmax[2] = {0, 0};
  PetscBool     ok;
  PetscInt      np;

  PetscFunctionBeginUser;
  PetscCall(TriboFitGetProblem(fit, &ctx.p));
  np = ctx.p.np;
  PetscCall(PetscMalloc1(4 * ctx.p.n + 2 * ctx.p.n * np, &ctx.work));
  ctx.nev = ctx.nfd = 0;
  PetscCall(TriboFitBIObjective(&ctx, x, F, G, &ok));
  PetscCheck(ok, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "the backbone failed at the gradient's point");
  for (PetscInt k = 0; k < np; k++)
    for (PetscInt j = 0; j < 2; j++) gmax[j] = PetscMax(gmax[j], PetscAbsReal(G[j * np + k]));
  for (PetscInt k = 0; k < np; k++) {
    PetscReal d = 1e-5;
    PetscCall(PetscArraycpy(xp, x, np));
    xp[k] = x[k] + d;
    PetscCall(TriboFitBIObjective(&ctx, xp, Fp, NULL, &ok));
    xp[k] = x[k] - d;
    PetscCall(TriboFitBIObjective(&ctx, xp, Fm, NULL, &ok));
    for (PetscInt j = 0; j < 2; j++) err = PetscMax(err, PetscAbsReal((Fp[j] - Fm[j]) / (2 * d) - G[j * np + k]) / gmax[j]);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "%s: analytic gradient = central differences within 1e-5 (relative to the largest entry): %s; analytic %s\n", what,
                        err < 1e-5 ? "yes" : "NO", ctx.nfd ? "NO (differences used)" : "yes"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "  [measured: %.2e]\n", (double)err)); // not compared (stdout of rank 0 only, but varies)
  PetscCall(PetscFree(ctx.work));
  PetscFunctionReturn(0);
}

static PetscErrorCode Anchors(TriboFit fit, const PetscReal v[], const char what[], PetscBool damping) /* v: the fitted parameters' true values */
{
  TriboBI          bi;
  const PetscReal *xa;
  TriboFitProblem  p;
  PetscReal        e[2] = {0, 0};

  PetscFunctionBeginUser;
  PetscCall(TriboFitGetBI(fit, &bi));
  PetscCall(TriboFitGetProblem(fit, &p));
  PetscCall(TriboBIGetAnchors(bi, &xa, NULL, NULL));
  for (PetscInt j = 0; j < 2; j++)
    for (PetscInt k = 0; k < p.np; k++) {
      PetscReal val = p.logs[k] ? PetscPowReal(10.0, xa[j * p.np + k]) : xa[j * p.np + k];
      e[j]          = PetscMax(e[j], PetscAbsReal(val / v[k] - 1));
    }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, no noise: frequency anchor recovers the %" PetscInt_FMT " parameters within 1e-4: %s\n", what, p.np,
                        e[0] < 1e-4 ? "yes" : "NO"));
  if (damping)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, no noise: damping anchor recovers the %" PetscInt_FMT " parameters within 1e-4: %s\n", what, p.np,
                          e[1] < 1e-4 ? "yes" : "NO"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "  [measured: %.2e %.2e]\n", (double)e[0], (double)e[1]));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const char           *bn[4] = {"a", "alpha", "beta", "n"};
  PetscReal             bv[4] = {1e5, 750, 250, 2};
  const char           *bp    = "a:1e4:1e6:log,alpha:3e2:1e4:log,n:1:3:lin";
  TriboMeasuredBackbone mb;
  TriboFit              fit;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_masing", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_backbone_quiet", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_method", "bi"));
  // noise-free Bouc-Wen (beta fixed: the loading curve depends on alpha - beta only): anchors, gradient
  PetscCall(PetscOptionsSetValue(NULL, "-friction_beta", "250"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_anchor_starts", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_maxit", "60"));
  PetscCall(FitBI("boucwen", bp, "2", 0, bn, bv, &mb, &fit));
  {
    PetscReal tv[3] = {1e5, 750, 2};
    PetscCall(Anchors(fit, tv, "boucwen (a, alpha, n)", PETSC_TRUE));
  }
  {
    PetscReal x[3] = {PetscLog10Real(1.2e5), PetscLog10Real(600.0), 1.7};
    PetscCall(GradientCheck(fit, x, "boucwen"));
  }
  PetscCall(TriboFitDestroy(&fit));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  PetscCall(PetscOptionsClearValue(NULL, "-friction_beta"));
  PetscCall(PetscOptionsClearValue(NULL, "-fit_bi_anchor_starts"));
  PetscCall(PetscOptionsClearValue(NULL, "-fit_bi_maxit"));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    timeout: 300
    rtol: 0
    atol: 0
TEST*/
