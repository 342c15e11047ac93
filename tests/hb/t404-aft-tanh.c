/* The tanh law (regularized Coulomb friction, t_t = mu N tanh(v_t/eps)) by AFT with velocities against closed forms.
   mu = 0.5, N = fn = 2 (mu N = 1), eps = 0.01, kn = 0, Omega = 3, harmonics {0, 1, 2, 3}, Nt = 1024.

   (1) Viscous limit: point 0 moves u_t1 = a cos(tau), point 1 moves u_t2 = a cos(2 tau), with X = Omega h a/eps = 1e-3.
       tanh(x) = x - x^3/3 + ..., so with x = -X sin(h tau) the harmonic-h coefficient of tanh is -X (1 - X^2/4 + O(X^4)):
       the law is the damper c = mu N/eps and F = c Omega h a (-sin h tau) to the relative error X^2/4 = 2.5e-7
       (the expected file holds -c Omega h a = -1e-3 exactly; rtol 1e-6). The cos coefficients and the other
       directions are zero; the largest other coefficient is point 0's third harmonic, -(X^3/3)(-1/4) = mu N X^3/12
       = 8.333e-11 (atol 1e-12).
   (2) Coulomb limit: u_t1 = a cos(tau) with X = Omega a/eps = 100. The first harmonic of tanh(X sin) is
       (4/pi) (1 - pi^2/(24 X^2) + O(X^-4)) (the regularization removes int_0^inf (1 - tanh s) s ds / X^2 = pi^2/(24 X^2)
       near each zero crossing): the expected Fs1 is -(4/pi)(1 - pi^2/240000) = -1.27318722 (to 1e-6); the printed
       relative difference from the Coulomb describing function (4/pi) mu N is pi^2/(24 X^2) = 4.1e-5, well below
       1e-3. Nt = 1024 resolves the transition (width 1/X = 0.01 rad, sample spacing 0.006 rad; the trapezoidal
       error decays like exp(-Nt pi/(2X)) ~ 1e-7).
   (3) The displacement-only kernel evaluates the law at v = 0: no tangential traction (quasi-static analyses must
       refuse it, TriboLawIsRateDependent()); eps = 0 is refused by the card's validation. */
#include <tribohb.h>

int main(int argc, char **argv)
{
  TriboHB             hb;
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  const PetscInt      h[]   = {0, 1, 2, 3};
  const PetscReal     Omega = 3.0, eps = 0.01;
  PetscReal           U[42], F[42], a, other = 0, u3[3] = {1, 2, 3}, t3[3], h0[1] = {0};
  PetscBool           rate;
  PetscErrorCode      ierr;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWTANH));
  PetscCall(TriboLawSetParameter(law, "mu", 0.5));
  PetscCall(TriboLawSetParameter(law, "fn", 2.0));
  PetscCall(TriboLawSetParameter(law, "eps", eps));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 4, h));
  PetscCall(TriboHBSetNt(hb, 1024));
  PetscCall(TriboHBSetFrequency(hb, Omega));
  PetscCall(TriboHBSetUp(hb));

  // (1) two points, 6 signals, 7 columns: U[k 6 + 3 i + c]; point 0 t1 at harmonic 1 (column 1), point 1 t2 at harmonic 2 (column 3)
  PetscCall(PetscArrayzero(U, 42));
  a                = 1e-3 * eps / Omega;
  U[1 * 6 + 0]     = a;
  U[3 * 6 + 3 + 1] = a / 2;
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, U, F, NULL, NULL));
  for (PetscInt k = 0; k < 42; k++)
    if (k != 2 * 6 + 0 && k != 4 * 6 + 3 + 1) other = PetscMax(other, PetscAbsReal(F[k]));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "viscous: t1 harmonic 1 sin %.10e ; t2 harmonic 2 sin %.10e ; largest other coefficient %.3e\n",
                        (double)F[2 * 6 + 0], (double)F[4 * 6 + 3 + 1], (double)other));

  // (2) one point, Coulomb limit
  PetscCall(PetscArrayzero(U, 42));
  a    = 100 * eps / Omega;
  U[3] = a;
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 1, U, F, NULL, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "Coulomb: t1 harmonic 1 sin %.8f cos %.3e\n", (double)F[6], (double)F[3]));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "Coulomb: |Fs1 / (-(4/pi) mu N) - 1| below 1e-3: %s\n",
                        PetscAbsReal(-F[6] * PETSC_PI / 4 - 1) < 1e-3 ? "yes" : "NO"));

  // (3) quasi-static view and validation
  PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u3, h0, t3, NULL, h0));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "rate dependent: %s; at v = 0: t = (%g, %g, %g)\n", rate ? "yes" : "no", (double)t3[0], (double)t3[1],
                        (double)t3[2]));
  PetscCall(TriboLawSetParameter(law, "eps", 0.0));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboLawSetUp(law);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "eps = 0 refused: %s\n", ierr == PETSC_ERR_USER_INPUT ? "yes" : "NO"));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 1e-6
    atol: 1e-12
TEST*/
