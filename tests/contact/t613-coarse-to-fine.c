static char help[] = "The normal solver's accelerations give the cold start's solution: coarse-to-fine start and FFT preconditioner.\n";
/* Hertz sphere on a flat (E 210 GPa, nu 0.3, R 10 mm, P 100 N) on an n x n non-periodic grid over 3a (n = 128), load
   controlled, rtol 1e-10, solved three ways: from a uniform pressure (preconditioned, the default), with 2 coarse levels (64^2,
   32^2) as the start (TriboHalfSpaceSetCoarseLevels), and without the FFT preconditioner (TriboHalfSpaceSetPrecondition false).
   Printed: the largest pressure and the contact radius over Hertz's for the coarse-to-fine solve (as t602: within 1 %); whether
   its pressure equals the cold solve's within 1e-7 of the largest pressure and its fine level needed no more iterations; whether
   the unpreconditioned pressure equals the preconditioned one within 1e-7 of the largest pressure and the preconditioned solve
   needed at most half the iterations (measured: 20 against 60; the differences and counts in -info). 1, 2 and 3 ranks print
   the same (with 3 ranks the coarse rows of 64^2 are not on the ranks of the fine rows they cover: no coarse level is built and
   the solve is the cold one). */
#include <tribocontact.h>

int main(int argc, char **argv)
{
  TriboHalfSpace           hs[3];
  TriboContactInfo         info[3];
  TriboContactSolverParams sp;
  PetscInt                 n = 128, j0, nyl;
  PetscReal                E = 210e9, nu = 0.3, Es = E / (2 * (1 - nu * nu)), R = 10e-3, P = 100, a = PetscCbrtReal(3 * P * R / (4 * Es)),
            p0 = 3 * P / (2 * PETSC_PI * a * a), dx, *h, *p[3], *u, diff[2] = {0, 0};
  TriboHalfSpace hc;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(TriboContactSolverParamsDefault(&sp));
  dx = 3 * a / n;
  for (PetscInt k = 0; k < 3; k++) { // 0 cold, 1 coarse-to-fine, 2 cold without the preconditioner
    PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &hs[k]));
    PetscCall(TriboHalfSpaceSetGrid(hs[k], n, n, dx, dx));
    PetscCall(TriboHalfSpaceSetMaterial(hs[k], E, nu));
    PetscCall(TriboHalfSpaceSetFFTWPlan(hs[k], 0));
    PetscCall(TriboHalfSpaceSetCoarseLevels(hs[k], k == 1 ? 2 : 0));
    PetscCall(TriboHalfSpaceSetPrecondition(hs[k], k == 2 ? PETSC_FALSE : PETSC_TRUE));
    PetscCall(TriboHalfSpaceSetUp(hs[k]));
  }
  PetscCall(TriboHalfSpaceGetCoarse(hs[1], &hc));
  PetscCall(PetscInfo(NULL, "coarse level built: %s\n", hc ? "yes" : "no"));
  PetscCall(TriboHalfSpaceGetLocalRows(hs[0], &j0, &nyl));
  PetscCall(PetscMalloc5(n * nyl + 1, &h, n * nyl + 1, &p[0], n * nyl + 1, &p[1], n * nyl + 1, &p[2], n * nyl + 1, &u));
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < n; i++) {
      PetscReal x = (i + 0.5 - 0.5 * n) * dx, y = (j0 + jl + 0.5 - 0.5 * n) * dx;
      h[jl * n + i] = (x * x + y * y) / (2 * R);
    }
  for (PetscInt k = 0; k < 3; k++) PetscCall(TriboContactSolveNormal(hs[k], &sp, h, NULL, PETSC_TRUE, P, p[k], u, &info[k]));
  for (PetscInt m = 0; m < 2; m++)
    for (PetscInt i = 0; i < n * nyl; i++) diff[m] = PetscMax(diff[m], PetscAbsReal(p[0][i] - p[m + 1][i]));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, diff, 2, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "coarse-to-fine: p0/p0_Hertz %.5f a/a_Hertz %.5f converged %s\n", (double)(info[1].pmax / p0),
                        (double)(PetscSqrtReal(info[1].area / PETSC_PI) / a), info[1].converged ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "coarse-to-fine pressure = cold start's within 1e-7 of p_max: %s; fine iterations not more: %s\n",
                        diff[0] / info[0].pmax < 1e-7 ? "yes" : "no", info[1].its <= info[0].its ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "Hertz %" PetscInt_FMT
                        "^2: preconditioned = plain within 1e-7 of p_max: %s; converged %s %s; at most half the iterations: %s\n",
                        n, diff[1] / info[0].pmax < 1e-7 ? "yes" : "no", info[0].converged ? "yes" : "no", info[2].converged ? "yes" : "no",
                        2 * info[0].its <= info[2].its ? "yes" : "no"));
  PetscCall(PetscInfo(
      NULL, "cold %" PetscInt_FMT " its, coarse-to-fine %" PetscInt_FMT " its, unpreconditioned %" PetscInt_FMT " its; differences %g, %g of p_max\n",
      info[0].its, info[1].its, info[2].its, (double)(diff[0] / info[0].pmax), (double)(diff[1] / info[0].pmax)));
  PetscCall(PetscFree5(h, p[0], p[1], p[2], u));
  for (PetscInt k = 0; k < 3; k++) PetscCall(TriboHalfSpaceDestroy(&hs[k]));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t613-coarse-to-fine.out
    rtol: 1e-4
TEST*/
