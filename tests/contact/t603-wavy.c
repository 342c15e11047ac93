static char help[] = "Westergaard's wavy surface on the periodic half-space grid: pressure and contact area at several loads.\n";
/* Profile z(x) = D (1 - cos(2 pi x/l)) on a periodic nx x 4 grid (uniform along y), E = 210 GPa, nu = 0.3, l = 1 mm,
   D = 1 um; p* = pi E* D/l is the mean pressure of full contact (Johnson §13.2; Westergaard 1939). Partial contact
   (mean pressure pm < p*): sin^2(pi a/l) = pm/p*, p(x) = 2 pm cos(pi x/l)/sin^2(pi a/l) sqrt(sin^2(pi a/l) - sin^2(pi x/l)).
   Full contact: p(x) = pm + p* cos(2 pi x/l). Loads pm/p* = 0.1, 0.3, 0.6, 0.9 and 1.2, load controlled, each warm started
   from the previous one. Printed: the contact fraction 2a/l (computed: cells with p > 0 over nx), the largest pressure over
   its closed form 2 pm/sin(pi a/l) (full contact: pm + p*), and the relative L2 error of the pressure; the driver checks the
   contact fraction within 2 cells and the L2 error below 2 % (the edge cells of a square-root edge are O(dx) wrong).
   1, 2 and 3 ranks print the same. */
#include <tribocontact.h>

int main(int argc, char **argv)
{
  TriboHalfSpace           hs;
  TriboContactInfo         info;
  TriboContactSolverParams sp;
  PetscInt                 nx = 256, ny = 4, j0, nyl;
  PetscReal                E = 210e9, nu = 0.3, Es = E / (2 * (1 - nu * nu)), l = 1e-3, D = 1e-6, ps = PETSC_PI * Es * D / l, dx = l / nx,
            loads[] = {0.1, 0.3, 0.6, 0.9, 1.2};
  PetscReal *h, *p, *u;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &nx, NULL));
  dx = l / nx;
  PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &hs));
  PetscCall(TriboHalfSpaceSetGrid(hs, nx, ny, dx, dx));
  PetscCall(TriboHalfSpaceSetMaterial(hs, E, nu));
  PetscCall(TriboHalfSpaceSetPeriodic(hs, PETSC_TRUE));
  PetscCall(TriboHalfSpaceSetUp(hs));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(PetscMalloc3(nx * nyl + 1, &h, nx * nyl + 1, &p, nx * nyl + 1, &u));
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < nx; i++) h[jl * nx + i] = D * (1 - PetscCosReal(2 * PETSC_PI * i / nx)); // crest at i = 0
  PetscCall(TriboContactSolverParamsDefault(&sp));
  for (PetscInt k = 0; k < 5; k++) {
    PetscReal pm = loads[k] * ps, s2 = PetscMin(pm / ps, 1), sa = PetscSqrtReal(s2), frac = PetscMin(2 * PetscAsinReal(sa) / PETSC_PI, 1),
              pmax = pm < ps ? 2 * pm / sa : pm + ps, e[2] = {0, 0};
    PetscCall(TriboContactSolveNormal(hs, &sp, h, NULL, PETSC_TRUE, pm * nx * ny * dx * dx, p, u, &info));
    sp.warm = PETSC_TRUE;
    for (PetscInt jl = 0; jl < nyl; jl++)
      for (PetscInt i = 0; i < nx; i++) {
        PetscReal x = (i <= nx / 2 ? i : i - nx) * dx, sx = PetscSinReal(PETSC_PI * x / l), pe;
        if (pm < ps)
          pe = sx * sx < s2 ? 2 * pm * PetscCosReal(PETSC_PI * x / l) / s2 * PetscSqrtReal(s2 - sx * sx) : 0;
        else
          pe = pm + ps * PetscCosReal(2 * PETSC_PI * x / l);
        e[0] += PetscSqr(p[jl * nx + i] - pe), e[1] += pe * pe;
      }
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, e, 2, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "pm/p* %.1f: contact fraction %.5f (closed form %.5f) pmax/closed form %.5f pressure L2 error %.5f converged %s\n",
                          (double)loads[k], (double)(info.ncontact / (PetscReal)(nx * ny)), (double)frac, (double)(info.pmax / pmax),
                          (double)PetscSqrtReal(e[0] / e[1]), info.converged ? "yes" : "no"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "pm/p* %.1f: fraction within 2 cells %s, L2 error below 2 %% %s\n", (double)loads[k],
                          PetscAbsReal(info.ncontact / (PetscReal)(nx * ny) - frac) <= 2.0 / nx ? "yes" : "no",
                          PetscSqrtReal(e[0] / e[1]) < 0.02 ? "yes" : "no"));
    PetscCall(PetscInfo(NULL, "load %g: %" PetscInt_FMT " iterations\n", (double)loads[k], info.its));
  }
  PetscCall(PetscFree3(h, p, u));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t603-wavy.out
    rtol: 1e-6
TEST*/
