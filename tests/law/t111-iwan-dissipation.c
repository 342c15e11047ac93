/* Energy dissipated per cycle in microslip by the Iwan laws, against Segalman's power law and closed forms.

   One tangential direction is driven 0 -> a (virgin loading), then through 3 cycles a -> -a -> a in
   steps of a/400; D is int F du over the last cycle (trapezoid rule: the branches are smooth, the error
   is below 1e-5 of D). Checks, for chi = -0.9, -0.5, -0.2, 0 (fs = 1e6, kt = 1e12, beta = 0.1):
   - iwan4 (reduced RIPP law), a = 1e-4 and 1e-3 phi_max: the log-log slope of D against a is 3 + chi
     (brake-ripp §2.3, Segalman) within 1%; and D equals 2^(chi+1) D_45 within 1%, where D_45 is
     brake-ripp eq. 45 (Segalman's Masing dissipation). The factor is a closed form of the RIPP
     hypothesis (eq. 24) at small amplitude, where A = 1 - s F_0/F_S -> 1: the branch from a reversal is
     F_0 + s F_IWAN(z), so the loop's curved part is C (2a)^(chi+2) instead of Masing's 2 C a^(chi+2),
     D = R (2a)^(chi+3)/((chi+2)(chi+3)) = 2^(chi+1) 4 R a^(chi+3)/((chi+2)(chi+3)); the neglected terms
     are of relative order a/phi_max (< 0.5% here).
   - iwan_discrete with 1000 sliders, a = 0.05 and 0.2 phi_max: its loops are Masing's, and for
     2a <= phi_max eq. 45 is exact for the continuous distribution, so D/D_45 = 1 within 1% (the
     discretization) and the slope is 3 + chi within 1%.
   Printed: the measured slopes and ratios rounded to 2 decimals (runner tolerance rtol 1e-2) and ok/FAILED. */
#include <tribolaw.h>

static PetscErrorCode Dissipation(TriboLaw law, PetscReal a, PetscReal *D)
{
  const TriboLawCard *c;
  PetscReal          *h, *hn, u[3] = {0, 0, 0}, t[3], x = 0, F = 0;
  const PetscInt      m = 400;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(PetscCalloc2(c->nhist, &h, c->nhist, &hn));
  *D = 0;
  for (PetscInt leg = 0; leg < 7; leg++) { // 0 -> a, then (a -> -a -> a) x 3
    PetscReal x0 = x, x1 = leg == 0 ? a : (leg % 2 ? -a : a);
    if (leg == 5) *D = 0; // the last cycle: legs 5 and 6
    for (PetscInt k = 1; k <= m * (leg ? 2 : 1); k++) {
      PetscReal xn = x0 + (x1 - x0) * k / (m * (leg ? 2 : 1));
      u[0]         = xn;
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
      PetscCall(PetscArraycpy(h, hn, c->nhist));
      *D += 0.5 * (F + t[0]) * (xn - x);
      x = xn;
      F = t[0];
    }
  }
  PetscCall(PetscFree2(h, hn));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const PetscReal chis[] = {-0.9, -0.5, -0.2, 0}, fs = 1e6, kt = 1e12, beta = 0.1;
  TriboLaw        law;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (int l = 0; l < 2; l++) {
    for (size_t k = 0; k < sizeof(chis) / sizeof(chis[0]); k++) {
      PetscReal chi = chis[k], c = (chi + 1) / (chi + 2), phimax = fs * (1 + beta) / (kt * (beta + c)), a[2], D[2], D45[2], slope, r[2], fac;
      PetscBool ok;
      a[0] = (l ? 0.05 : 1e-4) * phimax;
      a[1] = (l ? 0.2 : 1e-3) * phimax;
      fac  = l ? 1 : PetscPowReal(2.0, chi + 1);
      PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
      PetscCall(TriboLawSetType(law, l ? TRIBOLAWIWANDISCRETE : TRIBOLAWIWAN4));
      PetscCall(TriboLawSetParameter(law, "fs", fs));
      PetscCall(TriboLawSetParameter(law, "kt", kt));
      PetscCall(TriboLawSetParameter(law, "chi", chi));
      PetscCall(TriboLawSetParameter(law, "beta", beta));
      if (l) PetscCall(TriboLawSetParameter(law, "nsliders", 1000));
      PetscCall(TriboLawSetUp(law));
      for (int i = 0; i < 2; i++) {
        PetscCall(Dissipation(law, a[i], &D[i]));
        // brake-ripp eq. 45
        D45[i] = 4 * PetscPowReal(a[i] / phimax, chi + 3) * fs * fs / kt * (beta + 1) * (chi + 1) / ((beta + c) * (beta + c) * (chi + 2) * (chi + 3));
        r[i]   = D[i] / (fac * D45[i]);
      }
      slope = PetscLogReal(D[1] / D[0]) / PetscLogReal(a[1] / a[0]);
      ok    = (PetscBool)(PetscAbsReal(slope - (3 + chi)) <= 0.01 * (3 + chi) && PetscAbsReal(r[0] - 1) <= 0.01 && PetscAbsReal(r[1] - 1) <= 0.01);
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s chi %.2f: slope %.2f (3 + chi = %.2f), %s %.2f %.2f %s\n", l ? "iwan_discrete" : "iwan4",
                            (double)chi, (double)slope, (double)(3 + chi), l ? "D/D_45" : "D/(2^(chi+1) D_45)", (double)r[0], (double)r[1],
                            ok ? "ok" : "FAILED"));
      PetscCall(TriboLawDestroy(&law));
    }
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 1e-2
    atol: 1e-2
    output: t111-iwan-dissipation.out
TEST*/
