static char help[] = "The half-space operator: Love's closed form, FFT product against the dense sum, padding, periodic kernel.\n";
/* 1. The centre displacement of a square of side 2b under uniform pressure p is 8 asinh(1)/pi p b/E* = 2.24441 p b/E* (Love 1929,
      Johnson Sec. 3.2): printed as u times E* over p b.
   2. The FFT products (non-periodic, zero padded) of the four kernels (zz, xx, yy, xy; nu = 0.3) equal the direct O(N^2) sum of
      the closed-form coefficients on a 13 x 9 grid (odd sizes): the largest difference relative to the largest displacement is
      printed (atol 1e-12 against 0).
   3. Padding independence: FFT lengths (2 nx + 5, 3 ny) and the minimal (2 nx - 1, 2 ny - 1) give the same product as (2 nx, 2 ny).
   4. Periodic kernel: a cosine of wave number q along x or y has u = K(q) p with K = 2/(E* q) (normal), 2(1 - nu)/(G q) (xx,
      along x) and 2/(G q) (xx, along y) (Stanley and Kato 1997; Johnson Sec. 2.9); printed: the relative errors.
   5. nu = 0: the tangential kernel xx equals the normal one and xy vanishes (Cattaneo-Mindlin decoupling).
   1, 2 and 3 ranks (3 ranks: a rank with fewer rows) print the same. */
#include <tribocontact.h>

static PetscErrorCode Make(PetscInt nx, PetscInt ny, PetscReal nu, PetscBool periodic, PetscInt mx, PetscInt my, TriboHalfSpace *hs)
{
  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, hs));
  PetscCall(TriboHalfSpaceSetGrid(*hs, nx, ny, 1e-3, 0.7e-3));
  PetscCall(TriboHalfSpaceSetMaterial(*hs, 200e9, nu));
  PetscCall(TriboHalfSpaceSetPeriodic(*hs, periodic));
  PetscCall(TriboHalfSpaceSetPadding(*hs, mx, my));
  PetscCall(TriboHalfSpaceSetTangential(*hs, PETSC_TRUE));
  PetscCall(TriboHalfSpaceSetUp(*hs));
  PetscFunctionReturn(0);
}

static PetscErrorCode MaxDiff(TriboHalfSpace hs, const PetscReal a[], const PetscReal b[], PetscReal *rel)
{
  PetscInt  nx, j0, nyl;
  PetscReal m[2] = {0, 0};

  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, NULL, NULL, NULL));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  for (PetscInt i = 0; i < nx * nyl; i++) m[0] = PetscMax(m[0], PetscAbsReal(a[i] - b[i])), m[1] = PetscMax(m[1], PetscAbsReal(b[i]));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, m, 2, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  *rel = m[1] > 0 ? m[0] / m[1] : m[0];
  PetscFunctionReturn(0);
}

static void Fill(PetscInt nx, PetscInt j0, PetscInt nyl, PetscReal p[])
{
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < nx; i++)
      p[jl * nx + i] = 1e6 * (1.3 + PetscSinReal(0.7 * i + 1.9 * (j0 + jl)) + 0.5 * PetscCosReal(0.31 * i * (j0 + jl)));
}

int main(int argc, char **argv)
{
  TriboHalfSpace hs, hp, hm;
  PetscInt       nx = 13, ny = 9, j0, nyl;
  PetscReal     *p, *u, *ud, *up, c, Es, rel;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(Make(nx, ny, 0.3, PETSC_FALSE, 0, 0, &hs));
  PetscCall(TriboHalfSpaceGetMaterial(hs, NULL, NULL, &Es));
  {
    TriboHalfSpace sq;
    PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &sq));
    PetscCall(TriboHalfSpaceSetGrid(sq, 1, 1, 2e-3, 2e-3));
    PetscCall(TriboHalfSpaceSetMaterial(sq, 200e9, 0.3));
    PetscCall(TriboHalfSpaceInfluence(sq, TRIBO_HS_ZZ, 0, 0, &c));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Love square centre u E*/(p b) %.8f (closed form %.8f)\n", (double)(c * Es / 1e-3),
                          (double)(8 * PetscAsinhReal(1.0) / PETSC_PI)));
    PetscCall(TriboHalfSpaceDestroy(&sq));
  }
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(PetscMalloc4(nx * nyl + 1, &p, nx * nyl + 1, &u, nx * nyl + 1, &ud, nx * nyl + 1, &up));
  Fill(nx, j0, nyl, p);
  PetscCall(Make(nx, ny, 0.3, PETSC_FALSE, 2 * nx + 5, 3 * ny, &hp));
  PetscCall(Make(nx, ny, 0.3, PETSC_FALSE, 2 * nx - 1, 2 * ny - 1, &hm));
  for (PetscInt k = 0; k < TRIBO_HS_NKERNEL; k++) {
    PetscReal rp, rm;
    PetscCall(TriboHalfSpaceApply(hs, (TriboHalfSpaceKernel)k, p, u));
    PetscCall(TriboHalfSpaceApplyDense(hs, (TriboHalfSpaceKernel)k, p, ud));
    PetscCall(MaxDiff(hs, u, ud, &rel));
    PetscCall(TriboHalfSpaceApply(hp, (TriboHalfSpaceKernel)k, p, up));
    PetscCall(MaxDiff(hs, up, u, &rp));
    PetscCall(TriboHalfSpaceApply(hm, (TriboHalfSpaceKernel)k, p, up));
    PetscCall(MaxDiff(hs, up, u, &rm));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "kernel %s FFT - dense %.3e padding (2n+5,3n) %.3e (2n-1) %.3e\n", TriboHalfSpaceKernels[k], (double)rel,
                          (double)rp, (double)rm));
  }
  PetscCall(TriboHalfSpaceDestroy(&hp));
  PetscCall(TriboHalfSpaceDestroy(&hm));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(PetscFree4(p, u, ud, up));

  // periodic: cosines along x (3 waves over nx) and along y (2 waves over ny)
  nx = 32, ny = 16;
  PetscCall(Make(nx, ny, 0.3, PETSC_TRUE, 0, 0, &hs));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(PetscMalloc3(nx * nyl + 1, &p, nx * nyl + 1, &u, nx * nyl + 1, &ud));
  for (PetscInt dir = 0; dir < 2; dir++) {
    PetscReal q = dir == 0 ? 2 * PETSC_PI * 3 / (nx * 1e-3) : 2 * PETSC_PI * 2 / (ny * 0.7e-3), G = 200e9 / 2.6, K[2];
    K[0] = 2 / (Es * q), K[1] = dir == 0 ? 2 * 0.7 / (G * q) : 2 / (G * q);
    for (PetscInt jl = 0; jl < nyl; jl++)
      for (PetscInt i = 0; i < nx; i++) p[jl * nx + i] = PetscCosReal(dir == 0 ? 2 * PETSC_PI * 3 * i / nx : 2 * PETSC_PI * 2 * (j0 + jl) / ny);
    for (PetscInt k = 0; k < 2; k++) {
      PetscCall(TriboHalfSpaceApply(hs, k == 0 ? TRIBO_HS_ZZ : TRIBO_HS_XX, p, u));
      for (PetscInt i = 0; i < nx * nyl; i++) ud[i] = K[k] * p[i];
      PetscCall(MaxDiff(hs, u, ud, &rel));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "periodic %s cosine along %s: |u - K p|/|K p| %.3e\n", k == 0 ? "zz" : "xx", dir == 0 ? "x" : "y",
                            (double)rel));
    }
  }
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(PetscFree3(p, u, ud));

  // nu = 0: xx = zz, xy = 0
  nx = 11, ny = 7;
  PetscCall(Make(nx, ny, 0.0, PETSC_FALSE, 0, 0, &hs));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(PetscMalloc3(nx * nyl + 1, &p, nx * nyl + 1, &u, nx * nyl + 1, &ud));
  Fill(nx, j0, nyl, p);
  PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_ZZ, p, u));
  PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_XX, p, ud));
  PetscCall(MaxDiff(hs, ud, u, &rel));
  PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_XY, p, ud));
  PetscCall(MaxDiff(hs, ud, u, &c));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nu = 0: |xx - zz|/|zz| %.3e |xy|/|zz| %.3e\n", (double)rel, (double)(c - 1)));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(PetscFree3(p, u, ud));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t601-hs-operator.out
    rtol: 1e-7
    atol: 1e-12
TEST*/
