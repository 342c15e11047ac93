static char help[] = "The coupled lap beam: preload resultant, linearized frequency, QSMA at small amplitude.\n";
/* -contact_case lapbeam on a flat interface (-contact_rough_rms 0), 32 x 7 grid, the built-in lap-frame ROM with a stiffer suspension
   (-lapframe_suspension_k 1e6: the frictional solver converges in about 2e4 iterations, against 2.5e5 with the default 500 N/m),
   preload 12249 N per bolt in 1 step, 2 QSMA amplitudes over 2 decades of mode 7 (first bending). Checked:
   1. the normal contact resultant sum p_n dA over the bolt load 3 x 12249 N: 1 within 1e-3 (the suspension springs, external
      supports, take a part of the load: measured 2.7e-4 at 1e6 N/m; the rest is the solver tolerance);
   2. the linearized frequency of mode 7 (eq. C.3-C.4) is printed (rtol 1e-6 against the expected file; the comparison with the
      penalty ZTE model is t965);
   3. QSMA at the smallest amplitude (1 % of the largest): its frequency (eq. C.2) over the linearized one is 1 within 1e-4 (closed
      form: the linearized stiffness is the secant stiffness of a fully sticking increment) and its damping below 1e-5.
   1, 2 and 3 ranks print the same. */
#include <tribocontact.h>

int main(int argc, char **argv)
{
  TriboContact            c;
  const TriboContactStep *st;
  PetscInt                n, nb, nl, mode;
  const PetscReal        *a, *q, *f, *D, *fl;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsInsertString(NULL,
                                     "-contact_case lapbeam -contact_n 32 -contact_rough_rms 0 -lapframe_suspension_k 1e6 -contact_preload_steps 1 "
                                     "-contact_qsma_n 2 -contact_qsma_decades 2 -contact_mode 7"));
  PetscCall(TriboContactCreate(PETSC_COMM_WORLD, &c));
  PetscCall(TriboContactSetFromOptions(c));
  PetscCall(TriboContactSolve(c));
  PetscCall(TriboContactGetSteps(c, &n, &st));
  PetscCall(TriboContactGetLinearFrequencies(c, &nl, &mode, &fl));
  PetscCall(TriboContactGetBackbone(c, &nb, &a, &q, &f, &D, NULL, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "preload resultant / bolt load %.6f (within 1e-3: %s)\n", (double)(st[0].force / (3 * 12249.0)),
                        PetscAbsReal(st[0].force / (3 * 12249.0) - 1) < 1e-3 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "linearized frequency of mode %" PetscInt_FMT ": %.6g Hz\n", mode, (double)fl[mode - 1]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "QSMA smallest amplitude: frequency / linearized within 1e-4: %s, damping below 1e-5: %s\n",
                        PetscAbsReal(f[0] / fl[mode - 1] - 1) < 1e-4 ? "yes" : "no", D[0] < 1e-5 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "QSMA f0/flin - 1 = %g, D0 = %g, f1 = %g Hz, D1 = %g\n", (double)(f[0] / fl[mode - 1] - 1), (double)D[0], (double)f[1],
                      (double)D[1]));
  PetscCall(TriboContactDestroy(&c));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t606-lapbeam.out
    rtol: 1e-6
TEST*/
