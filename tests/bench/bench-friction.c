/* Speed of the frictional contact solvers (TriboContactSolveFriction): Cattaneo-Mindlin on an n x n grid (the t610 problem of
   tests/contact/friction3d.h: sphere R 10 mm on a flat, E 210 GPa, nu 0, P 100 N, box 3a, mu 0.3). The Hertz preload (fast
   solver), then the tangential increment to Q = 0.6 mu P (a rigid shift) by the fast solver and by PJOR (App. B), each from the
   preload state, to the same rtol: time, iterations, compliance products, the natural residual, and the largest difference of
   the two solutions' tractions relative to max mu p_n.
   Usage: mpiexec -n 2 build/tests/bench/bench-friction [-n 256] [-rtol 1e-8] [-maxits 100000] */
#include "../contact/friction3d.h"

int main(int argc, char **argv)
{
  Fr3d                     f;
  TriboContactSolverParams sp;
  TriboFrictionInfo        in[2];
  PetscInt                 n  = 256, c0, c1, prod[2];
  PetscReal                mu = 0.3, dstar, d[2], *pf, pmax = 0, diff = 0;
  PetscLogDouble           t0, t1, tm[2];
  PetscMPIInt              size;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(TriboContactSolverParamsDefault(&sp));
  sp.rtol = 1e-8, sp.maxits = 100000;
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-rtol", &sp.rtol, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-maxits", &sp.maxits, NULL));
  PetscCall(Fr3dCreate_Private(n, 0.0, &f));
  PetscCall(Fr3dPreload_Private(&f, TRIBO_FRICTION_FAST, mu, &sp, &in[0]));
  PetscCall(Fr3dCommitNormal_Private(&f));
  for (PetscInt i = 0; i < f.nloc; i++) pmax = PetscMax(pmax, mu * f.p0[0][i]);
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &pmax, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  dstar = 3 * mu * in[0].fn * 4 / (f.E / 2) / (16 * f.aH) * (1 - PetscPowReal(0.4, 2.0 / 3.0));
  d[0] = dstar, d[1] = 0;
  PetscCall(PetscMalloc1(3 * f.nloc, &pf));
  for (PetscInt m = 0; m < 2; m++) {
    for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p[0][i] = f.p0[0][i];
    PetscCall(TriboHalfSpaceGetProductCount(f.hs, &c0));
    PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
    PetscCall(PetscTime(&t0));
    PetscCall(Fr3dShift_Private(&f, m == 0 ? TRIBO_FRICTION_FAST : TRIBO_FRICTION_PJOR, mu, &sp, d, &in[m]));
    PetscCall(PetscTime(&t1));
    PetscCall(TriboHalfSpaceGetProductCount(f.hs, &c1));
    tm[m] = t1 - t0, prod[m] = c1 - c0;
    if (m == 0) PetscCall(PetscArraycpy(pf, f.p[0], 3 * f.nloc));
  }
  for (PetscInt i = 0; i < 3 * f.nloc; i++) diff = PetscMax(diff, PetscAbsReal(pf[i] - f.p[0][i]));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &diff, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  for (PetscInt m = 0; m < 2; m++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-6" PetscInt_FMT " %-5d %-6s %-8.2f %-7" PetscInt_FMT " %-9" PetscInt_FMT " %-10.2e %-8.4f %-9s %.1e\n",
                          n, size, m == 0 ? "fast" : "pjor", tm[m], in[m].its, prod[m], (double)in[m].error, (double)(in[m].ft[0] / (mu * in[m].fn)),
                          in[m].converged ? "yes" : "no", (double)(diff / pmax)));
  PetscCall(PetscFree(pf));
  PetscCall(Fr3dDestroy_Private(&f));
  PetscCall(PetscFinalize());
  return 0;
}
