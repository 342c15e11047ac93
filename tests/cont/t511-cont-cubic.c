static char help[] = "TriboCont: x^3 - x - p = 0 through both folds p = +-2/(3 sqrt 3) at x = -+1/sqrt 3.\n";

#include <tribocont.h>

static PetscErrorCode Residual(void *ctx, const PetscReal X[], PetscReal R[])
{
  R[0] = X[0] * X[0] * X[0] - X[0] - X[1];
  return 0;
}

static PetscErrorCode Jacobian(void *ctx, const PetscReal X[], PetscReal J[])
{
  J[0] = 3 * X[0] * X[0] - 1;
  J[1] = -1;
  return 0;
}

int main(int argc, char **argv)
{
  TriboCont        c;
  PetscInt         n, nf;
  const PetscReal *X, *F;
  PetscReal        X0[2] = {-1.5, -1.9}, D[2] = {1, 1}, err = 0, pf = 2 / (3 * PetscSqrtReal(3.0));
  PetscBool        fd = PETSC_FALSE, scale = PETSC_FALSE;
  TriboContReason  reason;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-fd", &fd, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-scale", &scale, NULL));
  PetscCall(TriboContCreate(PETSC_COMM_WORLD, &c));
  PetscCall(TriboContSetFunction(c, 2, Residual, fd ? NULL : Jacobian, NULL));
  if (scale) D[0] = 0.5, D[1] = 2;
  PetscCall(TriboContSetScaling(c, D));
  PetscCall(TriboContSetFromOptions(c));
  PetscCall(TriboContSolve(c, X0)); // X0 is corrected to x^3 - x = -1.9 first
  PetscCall(TriboContGetBranch(c, &n, &X));
  PetscCall(TriboContGetFolds(c, &nf, &F));
  PetscCall(TriboContGetConvergedReason(c, &reason));
  for (PetscInt k = 0; k < n; k++) err = PetscMax(err, PetscAbsReal(X[2 * k] * X[2 * k] * X[2 * k] - X[2 * k] - X[2 * k + 1]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "reason %s, last parameter beyond 2: %s\n", TriboContReasons[reason + 3], X[2 * n - 1] > 2 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "all points satisfy the equation to 1e-10: %s\n", err <= 1e-10 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "max residual %g\n", (double)err));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "folds %" PetscInt_FMT "\n", nf));
  for (PetscInt f = 0; f < nf; f++) {
    PetscReal xe = (f ? 1 : -1) / PetscSqrtReal(3.0), pe = f ? -pf : pf;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "fold %" PetscInt_FMT " p % .10f x % .10f ; p within 1e-6 of the closed form: %s\n", f,
                          (double)F[2 * f + 1], (double)F[2 * f],
                          PetscAbsReal(F[2 * f + 1] - pe) <= 1e-6 && PetscAbsReal(F[2 * f] - xe) <= 1e-3 ? "yes" : "no"));
  }
  PetscCall(TriboContDestroy(&c));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  nsize: 1 2
  output: t511-cont-cubic.out
  rtol: 1e-6
  atol: 1e-7
  test:
    suffix: tangent
    args: -cont_ds 0.05 -cont_ds_min 1e-4 -cont_ds_max 0.2 -cont_param_bounds -2,2 -cont_max_steps 200 -cont_atol 1e-13
  test:
    suffix: secant_scaled
    args: -cont_predictor secant -scale -cont_ds 0.05 -cont_ds_min 1e-4 -cont_ds_max 0.2 -cont_param_bounds -2,2 -cont_max_steps 200 -cont_atol 1e-13
  test:
    suffix: chord
    args: -cont_jacobian_lag 3 -cont_target_it 6 -cont_ds 0.05 -cont_ds_min 1e-4 -cont_ds_max 0.2 -cont_param_bounds -2,2 -cont_max_steps 200 -cont_atol 1e-13
  test:
    suffix: fd
    args: -fd -cont_ds 0.05 -cont_ds_min 1e-4 -cont_ds_max 0.2 -cont_param_bounds -2,2 -cont_max_steps 200 -cont_atol 1e-12
TEST*/
