static char help[] = "Boundary intersection (eq. 43) on whole-joint ROMs with parameters known by construction: anchors, gradients, noisy fronts.\n";

/* The measured backbones are tribo's own WJROM Masing backbones (TriboWJROMSynthesizeBackbone(): unit mass, k0 = 3.95e5 N/m,
   20 amplitudes 1e-6 .. 1e-3 m) of iwan4 fs = 10 N, kt = 1e5 N/m, chi = -0.5, beta = 0.01 (Bouc-Wen: t536), fitted back with -fit_method bi (a Latin grid of 8 start candidates, the two best per
   anchor). Checks:
   - the analytic gradient of the eq. 42 errors (the law's parameter sensitivities through the Masing backbone,
     TriboWJROMBackboneP()) against central differences (step 1e-5 in the scaled variables) of the same objective evaluated
     by RQNMA, at a point away from the truth, with k0 and zeta0 fitted too: relative difference (to the gradient's largest
     entry) below 1e-5;
   - noise-free iwan4: both anchors (frequency error alone, damping error alone) recover all four parameters within 1e-4
     relative (the check; measured 1.7e-11 and 5.2e-6), and BI sees an exact fit (no direction solved);
   - iwan4 with 1 % noise (seed 11), 2 directions: the BI front dominates the truth within 2 %: a point with both eq. 41
     errors below 1.02 times the truth's. */
#include "bitest.h"

int main(int argc, char **argv)
{
  const char           *in[4] = {"fs", "kt", "chi", "beta"};
  PetscReal             iv[4] = {10, 1e5, -0.5, 0.01};
  const char           *ip    = "fs:1:100:log,kt:1e4:1e6:log,chi:-0.9:0:lin,beta:1e-3:1:log";
  TriboMeasuredBackbone mb;
  TriboFit              fit;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_masing", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_backbone_quiet", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_method", "bi"));
  // noise-free Iwan: anchors
  PetscCall(FitBI(TRIBOLAWIWAN4, ip, "2", 0, in, iv, &mb, &fit));
  PetscCall(Anchors(fit, iv, "iwan4", PETSC_TRUE));
  {
    PetscInt n;
    PetscCall(TriboFitGetFront(fit, &n, NULL, NULL, NULL, NULL));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "iwan4, no noise: an exact fit, front of %" PetscInt_FMT " point(s)\n", n));
  }
  PetscCall(TriboFitDestroy(&fit));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  // the gradient with k0 and zeta0 fitted too, away from the truth (the fit only sets up the problem: one cheap try)
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_grid", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_anchor_starts", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_maxit", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_outer", "1"));
  PetscCall(FitBI(TRIBOLAWIWAN4, "fs:1:100:log,kt:1e4:1e6:log,chi:-0.9:0:lin,beta:1e-3:1:log,k0:1e5:1e6:log,zeta0:0:0.01:lin", "1", 0.01, in, iv, &mb,
                  &fit));
  {
    PetscReal x[6] = {PetscLog10Real(12.0), PetscLog10Real(8e4), -0.4, PetscLog10Real(0.02), PetscLog10Real(4e5), 1e-3};
    PetscCall(GradientCheck(fit, x, "iwan4 + k0 + zeta0"));
  }
  PetscCall(PetscOptionsClearValue(NULL, "-fit_bi_grid"));
  PetscCall(PetscOptionsClearValue(NULL, "-fit_bi_anchor_starts"));
  PetscCall(PetscOptionsClearValue(NULL, "-fit_bi_maxit"));
  PetscCall(PetscOptionsClearValue(NULL, "-fit_bi_outer"));
  PetscCall(TriboFitDestroy(&fit));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  // Iwan with 1 % noise: the truth against the BI front
  PetscCall(FitBI(TRIBOLAWIWAN4, ip, "2", 0.01, in, iv, &mb, &fit));
  {
    TriboMeasuredBackbone clean;
    PetscReal             om[20], zz[20], et[2], e42[2];
    PetscInt              n, dom = 0;
    const PetscReal      *f;
    PetscCall(TriboWJROMSynthesizeBackbone(PETSC_COMM_WORLD, "clean", TRIBOLAWIWAN4, 4, in, iv, 0, 11, &clean));
    for (PetscInt i = 0; i < 20; i++) om[i] = clean.omega[i], zz[i] = clean.zeta[i];
    PetscCall(TriboFitErrors(20, mb.omega, mb.zeta, om, zz, et, e42));
    PetscCall(TriboFitGetFront(fit, &n, NULL, NULL, NULL, &f));
    for (PetscInt i = 0; i < n; i++)
      if (f[2 * i] < 1.02 * et[0] && f[2 * i + 1] < 1.02 * et[1]) dom++;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "iwan4, 1 %% noise: the BI front dominates the truth within 2 %%: %s\n", dom ? "yes" : "NO"));
    PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR,
                           "  [measured: truth's errors %.4g %.4g, %" PetscInt_FMT " of %" PetscInt_FMT " front points dominate]\n", (double)et[0],
                           (double)et[1], dom, n));
    for (PetscInt i = 0; i < n; i++)
      PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "  [front %.5g %.5g]\n", (double)f[2 * i], (double)f[2 * i + 1]));
    PetscCall(TriboMeasuredBackboneFree(&clean));
  }
  PetscCall(TriboFitView(fit, PETSC_VIEWER_STDERR_WORLD));
  PetscCall(TriboFitDestroy(&fit));
  PetscCall(TriboMeasuredBackboneFree(&mb));
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
