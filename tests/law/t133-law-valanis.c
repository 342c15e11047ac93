/* The Valanis law (porter-et-al-2022 eq. 16) against its exact solution, and the force at the onset of slip,
   sigma_0 of eq. 17.

   Exact solution (derived here from eq. 16): with z = s (lambda/E0)(Et u - t), s = sgn(du), eq. 16 reads
   dz/d(s u) = (lambda/E0)(c0 + c1 z)/(1 + kappa z), c0 = Et - E0, c1 = kappa Et - E0, whose solution is
     s (u - u_r) = (E0/lambda) [F(z) - F(z_r)],  F(z) = kappa z/c1 + (1 - kappa c0/c1) ln((c0 + c1 z)/c0)/c1,
     t = Et u - s E0 z/lambda.
   z tends to z_inf = -c0/c1, where g = Et: the curve tends to the line t = Et u + s sigma_0 (1 - Et/E0) of slope Et,
   which meets the initial line t = E0 u at t = sigma_0 = E0/(lambda (1 - kappa Et/E0)) (eq. 17).
   Checks, for (kappa, Et) = (0, 1e10), (0.5, 1e10), (0.9, 5e10), (0.5, 0) with E0 = 1e12, lambda = 1e6:
   - loading from the origin (fresh history, one step; masing = 1 too, and the odd image at -u): at the u(z) of
     z = f z_inf, f = 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, |t - t(z)| <= 1e-8 sigma_0;
   - unloading in one step from the committed state at u_r = 5 sigma_0/E0: at z = z_r - f (z_r - z_inf),
     |t - t(z)| <= 1e-8 sigma_0;
   - at u = 40/lambda (transient below e^-40): the tangent |dt/du - Et| <= 1e-6 E0, and the intersection of the
     asymptote t = Et u + (t(u) - Et u) with t = E0 u, |t* - sigma_0| <= 1e-8 sigma_0 (eq. 17).
   Prints the case and "ok"; -show_error prints the worst errors relative to sigma_0 and E0 (measured: t <= 8e-12,
   slope <= 3e-10, sigma_0 <= 3e-11). */
#include <tribolaw.h>

static PetscBool show = PETSC_FALSE;

static PetscErrorCode Eval(TriboLaw law, PetscReal u, const PetscReal h[6], PetscReal *t, PetscReal *d, PetscReal hn[6])
{
  PetscReal uu[3] = {u, -u, 0}, tt[3], dd[9], hh[6];

  PetscFunctionBeginUser;
  PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, uu, h, tt, dd, hn ? hn : hh));
  PetscCheck(PetscAbsReal(tt[0] + tt[1]) <= 1e-12 * PetscAbsReal(tt[0]) + 1e-300, PETSC_COMM_SELF, PETSC_ERR_PLIB, "not odd: %g %g", (double)tt[0],
             (double)tt[1]);
  *t = tt[0];
  if (d) *d = dd[0];
  PetscFunctionReturn(0);
}

static PetscErrorCode Check(PetscReal kappa, PetscReal Et)
{
  const PetscReal E0 = 1e12, lambda = 1e6, c0 = Et - E0, c1 = kappa * Et - E0, zinf = -c0 / c1, sigma0 = E0 / (lambda * (1 - kappa * Et / E0));
  const PetscReal f[] = {0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999};
  TriboLaw        law;
  PetscReal       h[6] = {0}, hr[6], et = 0, ed = 0, es = 0, t, d;
#define F(z) (kappa * (z) / c1 + (1 - kappa * c0 / c1) * PetscLogReal((c0 + c1 * (z)) / c0) / c1)

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, "valanis"));
  PetscCall(TriboLawSetParameter(law, "e0", E0));
  PetscCall(TriboLawSetParameter(law, "et", Et));
  PetscCall(TriboLawSetParameter(law, "lambda", lambda));
  PetscCall(TriboLawSetParameter(law, "kappa", kappa));
  PetscCall(TriboLawSetUp(law));
  for (PetscInt m = 0; m < 2; m++) { // loading from the origin, hysteretic then Masing
    PetscCall(TriboLawSetParameter(law, "masing", m));
    for (PetscInt i = 0; i < 7; i++) {
      PetscReal z = f[i] * zinf, u = E0 / lambda * F(z), te = Et * u - E0 * z / lambda;
      PetscCall(Eval(law, u, h, &t, NULL, NULL));
      et = PetscMax(et, PetscAbsReal(t - te) / sigma0);
    }
  }
  PetscCall(TriboLawSetParameter(law, "masing", 0));
  { // unloading in one step from the reversal point u_r
    PetscReal ur = 5 * sigma0 / E0, tr, zr;
    PetscCall(Eval(law, ur, h, &tr, NULL, hr));
    zr = -(lambda / E0) * (Et * ur - tr);
    for (PetscInt i = 0; i < 7; i++) {
      PetscReal z = zr - f[i] * (zr - zinf), u = ur - E0 / lambda * (F(z) - F(zr)), te = Et * u + E0 * z / lambda;
      PetscCall(Eval(law, u, hr, &t, NULL, NULL));
      et = PetscMax(et, PetscAbsReal(t - te) / sigma0);
    }
  }
  { // macroslip: slope Et, and the asymptote meets E0 u at sigma_0 (eq. 17)
    PetscReal u = 40 / lambda, ustar;
    PetscCall(Eval(law, u, h, &t, &d, NULL));
    ed    = PetscAbsReal(d - Et) / E0;
    ustar = (t - Et * u) / (E0 - Et); // the asymptote t = Et u + (t - Et u) meets E0 u here
    es    = PetscAbsReal(E0 * ustar - sigma0) / sigma0;
  }
#undef F
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "valanis kappa = %g Et = %g: exact solution %s, slope Et in macroslip %s, sigma_0 of eq. 17 %s\n",
                        (double)kappa, (double)Et, et <= 1e-8 ? "ok" : "FAILED", ed <= 1e-6 ? "ok" : "FAILED", es <= 1e-8 ? "ok" : "FAILED"));
  if (show) PetscCall(PetscPrintf(PETSC_COMM_SELF, "  errors: t %g, slope %g, sigma_0 %g\n", (double)et, (double)ed, (double)es));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  PetscCall(Check(0, 1e10));
  PetscCall(Check(0.5, 1e10));
  PetscCall(Check(0.9, 5e10));
  PetscCall(Check(0.5, 0));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
