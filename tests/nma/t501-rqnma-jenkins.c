/* RQNMA of a one-DOF oscillator with a Jenkins element against the closed forms.

   m x'' + k x + A t(x) = 0 with the Jenkins law (kt, ts) on a single interface point of area A
   acting in the tangential direction. With q = sqrt(m) x the RQNMA constraint (33b) fixes x, so
   lambda(q) = (k + A t(x)/x) / m on the initial loading curve (secant frequency), and a full
   cycle of amplitude X dissipates the Jenkins loop area D = 4 A ts (X - ts/kt) (X > ts/kt),
   which both the Masing formula and the traced non-Masing loop must reproduce (up to the LGL
   quadrature error across the stick-slip kink). zeta = D / (2 pi (omega q)^2). */
#include "onedof.h"

int main(int argc, char **argv)
{
  TriboROM             rom;
  TriboLaw             law;
  OneDOFRun            run;
  TriboNMA             nma;
  const TriboBackbone *bb;
  const PetscReal     *omega2;
  PetscReal            m = 2.0, k = 3.0e4, A = 1.0e-4;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(OneDOFROM_Private(m, k, A, "t501", &rom));

  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWJENKINS));
  PetscCall(TriboLawSetParameter(law, "kt", 1.0e12));
  PetscCall(TriboLawSetParameter(law, "ts", 1.0e5));
  PetscCall(TriboLawSetParameter(law, "kn", 0.0));
  PetscCall(TriboLawSetFromOptions(law));
  PetscCall(OneDOFRunSetUp_Private(rom, law, &run));
  nma = run.nma;
  PetscCall(TriboModalGetModes(run.modal, NULL, &omega2, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "f0 %.10g Hz\n", (double)(PetscSqrtReal(omega2[0]) / (2 * PETSC_PI))));
  {
    PetscReal amps[] = {1.0e-8 * PetscSqrtReal(2.0), 1.0e-7 * PetscSqrtReal(2.0) * 0.5, 3.0e-7 * PetscSqrtReal(2.0), 1.0e-6 * PetscSqrtReal(2.0),
                        1.0e-5 * PetscSqrtReal(2.0)};
    PetscCall(TriboNMASetAmplitudes(nma, 5, amps));
  }
  PetscCall(TriboNMASetFromOptions(nma));
  PetscCall(TriboNMASolve(nma));
  PetscCall(TriboNMAGetBackbone(nma, &bb));
  for (PetscInt i = 0; i < bb->na; i++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "X %.4e f %.10g zeta %.8g converged %d\n", (double)(bb->q[i] / PetscSqrtReal(m)), (double)bb->freq[i],
                          (double)bb->zeta[i], (int)bb->status[i]));
  PetscCall(OneDOFRunDestroy_Private(&run));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    suffix: masing
    nsize: 1
    args: -rqnma_masing -rqnma_lgl 40 -backbone_quiet
    output: t501-rqnma-jenkins.out
    rtol: 1e-3
    atol: 1e-12
  test:
    suffix: nonmasing
    nsize: 1
    args: -rqnma_lgl 40 -backbone_quiet
    output: t501-rqnma-jenkins.out
    rtol: 1e-3
    atol: 1e-12
TEST*/
