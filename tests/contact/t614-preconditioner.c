static char help[] = "The FFT preconditioner of the contact solvers (TriboHalfSpaceApplyInverse).\n";
/* 1. TriboHalfSpaceApplyInverse() is the exact inverse of the circulant operator on the unpadded grid whose kernel is the
      influence coefficients windowed to the grid (offsets d in -n/2 .. n - n/2 - 1, wrapped): with that operator applied by a
      direct O(N^2) sum of TriboHalfSpaceInfluence(), M (C_w x) = x to 1e-10 (relative, largest entry), for the kernels zz, xx and
      yy (nu 0.3) on a 12 x 9 grid (one even, one odd size); and its diagonal equals e_0^T M e_0 computed by applying M to a unit
      vector, to 1e-12.
   The solutions it gives: t613 (Hertz, preconditioned = plain), t610 (Cattaneo-Mindlin, the preconditioned fast solver against
   PJOR).
   1, 2 and 3 ranks print the same. */
#include <tribocontact.h>

/* u = C_w x on the local rows: the windowed circulant by direct summation over all points (gathered) */
static PetscErrorCode WindowedDense(TriboHalfSpace hs, TriboHalfSpaceKernel k, const PetscReal x[], PetscReal u[])
{
  PetscInt    nx, ny, j0, nyl, N;
  PetscMPIInt size, n, *cnt, *dsp;
  PetscReal  *xall;

  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, NULL, NULL));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  N = nx * ny, n = (PetscMPIInt)(nx * nyl);
  PetscCall(PetscMalloc3(N, &xall, size, &cnt, size, &dsp));
  PetscCallMPI(MPI_Allgather(&n, 1, MPI_INT, cnt, 1, MPI_INT, PETSC_COMM_WORLD));
  dsp[0] = 0;
  for (PetscMPIInt r = 1; r < size; r++) dsp[r] = dsp[r - 1] + cnt[r - 1];
  PetscCallMPI(MPI_Allgatherv(x, n, MPIU_REAL, xall, cnt, dsp, MPIU_REAL, PETSC_COMM_WORLD));
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscReal s = 0;
      for (PetscInt jj = 0; jj < ny; jj++)
        for (PetscInt ii = 0; ii < nx; ii++) {
          PetscInt  dx = ((i - ii) % nx + nx) % nx, dy = ((j0 + jl - jj) % ny + ny) % ny;
          PetscReal c;
          PetscCall(TriboHalfSpaceInfluence(hs, k, dx <= nx / 2 ? dx : dx - nx, dy <= ny / 2 ? dy : dy - ny, &c));
          s += c * xall[jj * nx + ii];
        }
      u[jl * nx + i] = s;
    }
  PetscCall(PetscFree3(xall, cnt, dsp));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const TriboHalfSpaceKernel kern[3] = {TRIBO_HS_ZZ, TRIBO_HS_XX, TRIBO_HS_YY};
  TriboHalfSpace             hs;
  PetscInt                   nx = 12, ny = 9, j0, nyl;
  PetscReal                 *x, *u, *z, m[2], d, d1;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &hs));
  PetscCall(TriboHalfSpaceSetGrid(hs, nx, ny, 1e-3, 0.7e-3));
  PetscCall(TriboHalfSpaceSetMaterial(hs, 210e9, 0.3));
  PetscCall(TriboHalfSpaceSetUp(hs));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(PetscMalloc3(nx * nyl + 1, &x, nx * nyl + 1, &u, nx * nyl + 1, &z));
  for (PetscInt k = 0; k < 3; k++) {
    for (PetscInt jl = 0; jl < nyl; jl++)
      for (PetscInt i = 0; i < nx; i++)
        x[jl * nx + i] = 1e6 * (1.1 + PetscSinReal(0.9 * i + 1.7 * (j0 + jl)) + 0.4 * PetscCosReal(0.37 * i * (j0 + jl)));
    PetscCall(WindowedDense(hs, kern[k], x, u));
    PetscCall(TriboHalfSpaceApplyInverse(hs, kern[k], u, z, &d));
    m[0] = m[1] = 0;
    for (PetscInt i = 0; i < nx * nyl; i++) m[0] = PetscMax(m[0], PetscAbsReal(z[i] - x[i])), m[1] = PetscMax(m[1], PetscAbsReal(x[i]));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, m, 2, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    for (PetscInt i = 0; i < nx * nyl; i++) x[i] = (j0 == 0 && i == 0) ? 1 : 0;
    PetscCall(TriboHalfSpaceApplyInverse(hs, kern[k], x, z, NULL));
    d1 = j0 == 0 && nyl > 0 ? z[0] : 0;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &d1, 1, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "kernel %s: M C_w x = x within 1e-10: %s; diagonal = e0^T M e0 within 1e-12: %s\n",
                          TriboHalfSpaceKernels[kern[k]], m[0] / m[1] < 1e-10 ? "yes" : "no",
                          PetscAbsReal(d - d1) < 1e-12 * PetscAbsReal(d1) ? "yes" : "no"));
    PetscCall(PetscInfo(NULL, "kernel %s: |M C_w x - x| / |x| = %g, diagonal %g against %g\n", TriboHalfSpaceKernels[kern[k]], (double)(m[0] / m[1]),
                        (double)d, (double)d1));
  }
  PetscCall(PetscFree3(x, u, z));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t614-preconditioner.out
TEST*/
