static char help[] = "RIPP parameters from a ringdown (brake-ripp §4, eqs. 40-47): closed-form backbone and a RIPP WJROM free decay.\n";

/* (a) Algebra: a backbone made from the closed forms themselves: D(u0) of eq. 45 (Segalman's Masing dissipation) for
       fs = 8 N, kt = 19739 N/m, chi = -0.5, beta = 1 (phi_MAX = fs (1 + beta)/(kt (beta + c)) of eq. 10), zeta(u0) from
       D by inverting eq. 42 with omega = sqrt(k0 + kt) (m = 1, k0 = 78957 N/m), 40 amplitudes 1e-7 .. 1e-4 m; with phi_MAX
       and the slipping frequency sqrt(k0)/2pi given and -ringdown_ripp_reduced off, the estimate must return the five
       parameters to 1e-8 (relative; chi absolute): eqs. 40, 42, 44-46 solved exactly.
   (b) A synthetic ringdown independent of the estimator (TriboRingdownSynthesizeRIPP): the WJROM m x'' + k0 x + F(x) = 0
       with F tribo's iwan4 law (the reduced RIPP element, its history committed every step), integrated by central differences
       (20 steps per sample of 2 kHz, 30 s, x(0) = 0, v(0) = 0.1 m/s: first amplitude about 3e-4 m = 0.2 phi_MAX, decaying
       to 1e-7 m), then TriboRingdownExtract (band-pass, Hilbert) and the estimate with phi_MAX and f_slip given and the
       reduced-law factor 2^(chi+1) on. Tolerances from the paper's approximations:
       - K_T 2 %: omega_1 is read at the lowest amplitudes (~1e-7 m), where the secant stiffness still lacks
         R u^(chi+1)/((chi+1)(chi+2)) = 0.33 kt (u/phi_MAX)^0.5, about 0.5 % of kt; plus the extraction's frequency error;
       - chi 0.03 (absolute): the slope of ln D over the lower half of the log range, where F_0/F_S < 2 % (eq. 24's scale
         A = 1 + F_0/F_S is close to the small-amplitude limit);
       - F_S 5 % and beta 20 %: eq. 46 carries (phi_MAX/u0)^(chi+3) with phi_MAX/u0 ~ 1e3..1e4, so an error e in chi moves
         F_S by about e ln(phi_MAX/u0) (1-r)/r ~ 4 e; beta = (1 - Y - c)/Y amplifies the error of Y six times at beta = 1.
   (c) The paper's defaults (phi_MAX = 10 x the largest amplitude, the slipping frequency = that at the largest amplitude)
       on this record: phi_MAX = 1.75e-3 m is 2.9 times the truth, and eqs. 44-46 then have no solution with beta >= 0;
       the estimate must refuse it with a clear error (not return a negative beta). */
#include <tribofit.h>

static const PetscReal FS = 8, KT = 19739, CHI = -0.5, BETA = 1, K0 = 78957;

static PetscErrorCode Report(const char what[], const TriboRIPPEstimate *e, PetscReal tk, PetscReal tc, PetscReal tf, PetscReal tb)
{
  PetscReal ek = e->kt / KT - 1, ec = e->chi - CHI, ef = e->fs / FS - 1, eb = e->beta / BETA - 1;

  PetscFunctionBeginUser;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: kt %.6g chi %.5f fs %.5g beta %.4g phimax %.5g\n", what, (double)e->kt, (double)e->chi, (double)e->fs,
                        (double)e->beta, (double)e->phimax));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  within %g, %g, %g, %g of the truth: %s\n", (double)tk, (double)tc, (double)tf, (double)tb,
                        PetscAbsReal(ek) < tk && PetscAbsReal(ec) < tc && PetscAbsReal(ef) < tf && PetscAbsReal(eb) < tb ? "yes" : "NO"));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal             c = (CHI + 1) / (CHI + 2), phi = FS * (1 + BETA) / (KT * (BETA + c)), w = PetscSqrtReal(K0 + KT), u[40], f[40], z[40];
  PetscReal             rate = 2000, *y;
  PetscInt              ns;
  TriboRIPPOptions      opt = {.mass = 1, .phimax = phi, .fslip = PetscSqrtReal(K0) / (2 * PETSC_PI), .low = 0.5, .reduced = PETSC_FALSE};
  TriboRIPPEstimate     e;
  TriboRingdownBackbone bb;
  PetscErrorCode        ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  for (PetscInt i = 0; i < 40; i++) { // (a)
    PetscReal D;
    u[i] = 1e-7 * PetscPowReal(1e3, i / 39.0);
    f[i] = w / (2 * PETSC_PI);
    D = 4 * PetscPowReal(u[i] / phi, CHI + 3) * FS * FS / KT * (BETA + 1) * (CHI + 1) / ((BETA + c) * (BETA + c) * (CHI + 2) * (CHI + 3)); // eq. 45
    { // eq. 42 inverted: e^{4 pi zeta/sqrt(1-zeta^2)} = 1 + 2 D/(w^2 u^2)
      PetscReal g = PetscLogReal(1 + 2 * D / (w * w * u[i] * u[i])) / (4 * PETSC_PI);
      z[i]        = g / PetscSqrtReal(1 + g * g);
    }
  }
  PetscCall(TriboRingdownEstimateRIPP(PETSC_COMM_WORLD, 40, u, f, z, &opt, &e));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "truth: kt %g chi %g fs %g beta %g phimax %.5g\n", (double)KT, (double)CHI, (double)FS, (double)BETA,
                        (double)phi));
  PetscCall(Report("(a) closed-form backbone", &e, 1e-8, 1e-8, 1e-8, 1e-8));

  { // (b)
    PetscReal p[4] = {FS, KT, CHI, BETA};
    PetscCall(TriboRingdownSynthesizeRIPP(PETSC_COMM_WORLD, p, K0, 1, 0.1, rate, 30, 20, &ns, &y));
  }
  PetscCall(TriboRingdownExtract(PETSC_COMM_WORLD, ns, y, rate, 0, 0, 1, 16, &bb));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "(b) ringdown of the iwan4 WJROM: %" PetscInt_FMT " windows, amplitude %.3g .. %.3g m\n", bb.n,
                        (double)bb.amp[bb.n - 1], (double)bb.amp[0]));
  opt.reduced = PETSC_TRUE;
  PetscCall(TriboRingdownEstimateRIPP(PETSC_COMM_WORLD, bb.n, bb.amp, bb.freq, bb.zeta, &opt, &e));
  PetscCall(Report("(b) phi_MAX, f_slip given", &e, 0.02, 0.03, 0.05, 0.2));
  opt.phimax = 0, opt.fslip = 0;
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboRingdownEstimateRIPP(PETSC_COMM_WORLD, bb.n, bb.amp, bb.freq, bb.zeta, &opt, &e);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "(c) the paper's defaults (phi_MAX = 10 x %.3g m): refused as inconsistent (beta < 0): %s\n",
                        (double)bb.amp[0], ierr == PETSC_ERR_USER_INPUT ? "yes" : "NO"));
  PetscCall(TriboRingdownBackboneFree(&bb));
  PetscCall(PetscFree(y));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 1e-6
    atol: 1e-9
TEST*/
