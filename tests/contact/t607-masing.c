static char help[] = "QSMA post-processing (eq. C.2, Masing rules) on a Jenkins element's initial loading curve.\n";
/* A Jenkins element (spring k = 4e6 in series with a slider of strength alpha_s = 200, load scale alpha against modal amplitude q):
   initial loading alpha = k q up to q_s = alpha_s/k, then alpha_s. The Masing cycle of amplitude q > q_s dissipates
   E = 4 alpha_s (q - q_s), the frequency of eq. C.2 is sqrt(alpha_s/q) and D = E/(2 pi alpha_s q). The curve is sampled on a uniform
   grid that contains the kink (trapezoids are then exact): printed the largest relative errors of omega, E and D over the points
   beyond the kink (atol 1e-12), and that below the kink omega = sqrt(k) and E = 0. */
#include <tribocontact.h>

int main(int argc, char **argv)
{
  const PetscInt n = 40;
  PetscReal      k = 4e6, as = 200, qs = as / k, al[40], q[40], om[40], D[40], E[40], eo = 0, eE = 0, eD = 0, lin = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  for (PetscInt i = 0; i < n; i++) q[i] = qs * (i + 1) / 10.0, al[i] = q[i] <= qs ? k * q[i] : as;
  PetscCall(TriboContactQSMAMasing(n, al, q, om, D, E));
  for (PetscInt i = 0; i < n; i++) {
    if (q[i] <= qs * (1 + 1e-12)) {
      lin = PetscMax(lin, PetscMax(PetscAbsReal(om[i] / PetscSqrtReal(k) - 1), E[i] / (as * qs)));
      continue;
    }
    PetscReal Eex = 4 * as * (q[i] - qs), oex = PetscSqrtReal(al[i] / q[i]), Dex = Eex / (2 * PETSC_PI * al[i] * q[i]);
    eo = PetscMax(eo, PetscAbsReal(om[i] / oex - 1)), eE = PetscMax(eE, PetscAbsReal(E[i] / Eex - 1)),
    eD = PetscMax(eD, PetscAbsReal(D[i] / Dex - 1));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Jenkins: largest relative error of omega %.1e, of E %.1e, of D %.1e; below the kink %.1e\n", (double)eo,
                        (double)eE, (double)eD, (double)lin));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "D at 4 q_s %.6f (closed form 4 (4 - 1)/(2 pi 4) = %.6f)\n", (double)D[39],
                        (double)(4 * 3 / (2 * PETSC_PI * 4))));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    output: t607-masing.out
    atol: 1e-7
TEST*/
