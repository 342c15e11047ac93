static char help[] = "TriboCont: the unit circle x^2 + y^2 = 1 from (1,0) with parameter y; two folds at y = +-1.\n";

#include <tribocont.h>

static PetscErrorCode Residual(void *ctx, const PetscReal X[], PetscReal R[])
{
  R[0] = X[0] * X[0] + X[1] * X[1] - 1;
  return 0;
}

static PetscErrorCode Jacobian(void *ctx, const PetscReal X[], PetscReal J[])
{
  J[0] = 2 * X[0];
  J[1] = 2 * X[1];
  return 0;
}

int main(int argc, char **argv)
{
  TriboCont        c;
  PetscInt         n, nf;
  const PetscReal *X, *F, *ds;
  PetscReal        X0[2] = {1, 0}, err = 0, amin = PETSC_MAX_REAL, amax = 0, total = 0, dsmin, dsmax, dslo = PETSC_MAX_REAL, dshi = 0;
  TriboContReason  reason;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriboContCreate(PETSC_COMM_WORLD, &c));
  PetscCall(TriboContSetFunction(c, 2, Residual, Jacobian, NULL));
  PetscCall(TriboContSetFromOptions(c));
  PetscCall(TriboContSolve(c, X0));
  PetscCall(TriboContGetBranch(c, &n, &X));
  PetscCall(TriboContGetFolds(c, &nf, &F));
  PetscCall(TriboContGetStepSizes(c, &ds));
  PetscCall(TriboContGetConvergedReason(c, &reason));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-cont_ds_min", &dsmin, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-cont_ds_max", &dsmax, NULL));
  for (PetscInt k = 0; k < n; k++) {
    err  = PetscMax(err, PetscAbsReal(PetscSqrtReal(X[2 * k] * X[2 * k] + X[2 * k + 1] * X[2 * k + 1]) - 1));
    dslo = PetscMin(dslo, ds[k]);
    dshi = PetscMax(dshi, ds[k]);
    if (k) {
      // arc between neighbours; the hyperplane step ds = sin(arc) lies in [ds_min, ds_max]
      PetscReal a = PetscAtan2Real(X[2 * (k - 1)] * X[2 * k + 1] - X[2 * (k - 1) + 1] * X[2 * k],
                                   X[2 * (k - 1)] * X[2 * k] + X[2 * (k - 1) + 1] * X[2 * k + 1]);
      amin        = PetscMin(amin, a);
      amax        = PetscMax(amax, a);
      total += a;
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "points %" PetscInt_FMT " reason %s\n", n, TriboContReasons[reason + 3]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "all points on the circle to 1e-10: %s\n", err <= 1e-10 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "arcs in [ds_min, asin(ds_max)]: %s\n",
                        amin >= dsmin * (1 - 1e-12) && amax <= PetscAsinReal(dsmax) * (1 + 1e-12) ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "steps in [ds_min, ds_max]: %s\n", dslo >= dsmin && dshi <= dsmax ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "angle travelled / pi %.6f, counterclockwise %s\n", (double)(total / PETSC_PI), amin > 0 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "folds %" PetscInt_FMT "\n", nf));
  for (PetscInt f = 0; f < nf; f++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "fold at x % .12f y % .12f\n", (double)F[2 * f], (double)F[2 * f + 1]));
  PetscCall(TriboContDestroy(&c));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -cont_ds 0.1 -cont_ds_min 1e-3 -cont_ds_max 0.3 -cont_max_steps 20 -cont_atol 1e-13 -cont_rtol 1e-14
    rtol: 1e-8
    atol: 1e-10
TEST*/
