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
#include "bitest.h"

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
