/* Jenkins describing function by AFT: one point, u_t1 = a cos(tau - phi), harmonics {0, 1}, Nt = 1024, kt = 3, ts = 1.
   Closed form (Caughey; hb-epmc.md §5), for a > ts/kt: beta = arccos(1 - 2 ts/(kt a)),
   k_eq = kt (beta - sin(2 beta)/2)/pi, loop energy D = 4 ts (a - ts/kt); the traction is
   t ~ k_eq a cos(tau - phi) - D/(pi a) sin(tau - phi); below ts/kt it is kt a cos(tau - phi). The expected file holds
   these closed forms rotated by phi (phi = 0, pi/2 i.e. a sin(tau), and 0.3), to 1e-5 absolute (ts = 1; the
   sampling error of the slip onset is O(Nt^-2), measured up to 9.3e-6 at a = 5): the result does not
   depend on the phase. Printed: the cos and sin coefficients of t_t1 at harmonic 1. */
#include <tribohb.h>

int main(int argc, char **argv)
{
  TriboHB             hb;
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  const PetscInt      h[]   = {0, 1};
  const PetscReal     amp[] = {0.2, 1.0, 5.0}, phi[] = {0, PETSC_PI / 2, 0.3};
  PetscReal           U[9], F[9];
  PetscInt            nper;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWJENKINS));
  PetscCall(TriboLawSetParameter(law, "kt", 3.0));
  PetscCall(TriboLawSetParameter(law, "ts", 1.0));
  PetscCall(TriboLawSetParameter(law, "kn", 1.0));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 2, h));
  PetscCall(TriboHBSetNt(hb, 1024));
  PetscCall(TriboHBSetUp(hb));
  for (PetscInt i = 0; i < 3; i++)
    for (PetscInt k = 0; k < 3; k++) {
      PetscCall(PetscArrayzero(U, 9));
      U[3] = amp[i] * PetscCosReal(phi[k]);
      U[6] = amp[i] * PetscSinReal(phi[k]);
      if (k == 1) U[3] = 0; // exactly a sin(tau)
      PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, F, NULL));
      PetscCall(TriboHBGetAFTPeriods(hb, &nper, NULL));
      PetscCall(PetscPrintf(PETSC_COMM_SELF, "a %g phase %.4f: cos1 %.9f sin1 %.9f mean %.3g (periods <= 3: %s)\n", (double)amp[i], (double)phi[k],
                            (double)F[3], (double)F[6], (double)F[0], nper <= 3 ? "yes" : "no"));
    }
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 0
    atol: 1e-5
TEST*/
