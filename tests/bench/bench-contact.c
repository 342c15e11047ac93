/* Speed of the half-space contact: Hertz sphere on a flat on an n x n non-periodic grid (box 3a, E 210 GPa, nu 0.3, R 10 mm,
   P 100 N) with the Polonsky-Keer solver: set-up (FFT plans, kernel spectrum), the time of one compliance product (best of
   -products runs), the solve (the best of -repeat solves from a cold start), the first solve (it also sets up the FFT
   preconditioner, -contact_precondition), its iterations and products, the errors of the
   largest pressure and contact radius against Hertz, and the peak resident set of this rank.
   Usage: mpiexec -n 2 build/tests/bench/bench-contact [-n 1024] [-repeat 3] [-products 10] [-rtol 1e-10] [-contact_fftw_plan measure] */
#include <tribocontact.h>
#include <sys/resource.h>

int main(int argc, char **argv)
{
  TriboHalfSpace           hs;
  TriboContactInfo         info;
  TriboContactSolverParams sp;
  PetscInt                 n = 1024, repeat = 3, nprod = 10, j0, nyl, p0c, p1c;
  PetscReal                E = 210e9, nu = 0.3, Es = E / (2 * (1 - nu * nu)), R = 10e-3, P = 100, a = PetscCbrtReal(3 * P * R / (4 * Es)),
            p0 = 3 * P / (2 * PETSC_PI * a * a), dx, mem;
  PetscReal     *h, *p, *u;
  PetscLogDouble t0, t1, tset, tprod = 1e300, tsolve = 1e300, tfirst = 0;
  PetscMPIInt    size;
  struct rusage  ru;
  long           maxrss;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(TriboContactSolverParamsDefault(&sp));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-repeat", &repeat, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-products", &nprod, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-rtol", &sp.rtol, NULL));
  dx = 3 * a / n;
  PetscCall(PetscTime(&t0));
  PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &hs));
  PetscCall(TriboHalfSpaceSetGrid(hs, n, n, dx, dx));
  PetscCall(TriboHalfSpaceSetMaterial(hs, E, nu));
  PetscCall(TriboHalfSpaceSetFromOptions(hs));
  PetscCall(TriboHalfSpaceSetUp(hs));
  PetscCall(PetscTime(&t1));
  tset = t1 - t0;
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(PetscMalloc3(n * nyl + 1, &h, n * nyl + 1, &p, n * nyl + 1, &u));
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < n; i++) {
      PetscReal x = (i + 0.5 - 0.5 * n) * dx, y = (j0 + jl + 0.5 - 0.5 * n) * dx;
      h[jl * n + i] = (x * x + y * y) / (2 * R), p[jl * n + i] = 1;
    }
  for (PetscInt k = 0; k < nprod; k++) {
    PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
    PetscCall(PetscTime(&t0));
    PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_ZZ, p, u));
    PetscCall(PetscTime(&t1));
    tprod = PetscMin(tprod, t1 - t0);
  }
  for (PetscInt k = 0; k < repeat; k++) {
    PetscCall(TriboHalfSpaceGetProductCount(hs, &p0c));
    PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
    PetscCall(PetscTime(&t0));
    PetscCall(TriboContactSolveNormal(hs, &sp, h, NULL, PETSC_TRUE, P, p, u, &info));
    PetscCall(PetscTime(&t1));
    PetscCall(TriboHalfSpaceGetProductCount(hs, &p1c));
    tsolve = PetscMin(tsolve, t1 - t0);
    if (k == 0) tfirst = t1 - t0;
  }
  PetscCall(TriboHalfSpaceGetMemory(hs, &mem));
  getrusage(RUSAGE_SELF, &ru);
  maxrss = ru.ru_maxrss;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &maxrss, 1, MPI_LONG, MPI_MAX, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(
      PETSC_COMM_WORLD,
      "%-6" PetscInt_FMT " %-5d %-8.2f %-10.4f %-8.2f %-8.2f %-5" PetscInt_FMT " %-8" PetscInt_FMT " %-11.2e %-11.2e %-9s %-9.1f %.1f\n", n, size,
      tset, tprod * 1e3, tsolve, tfirst, info.its, p1c - p0c, (double)(info.pmax / p0 - 1), (double)(PetscSqrtReal(info.area / PETSC_PI) / a - 1),
      info.converged ? "yes" : "no", maxrss / 1024.0, (double)(maxrss * 1024.0 * size / ((PetscReal)n * n))));
  PetscCall(PetscFree3(h, p, u));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(PetscFinalize());
  return 0;
}
