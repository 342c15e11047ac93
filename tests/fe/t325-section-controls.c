static const char help[] = "C3D8R hourglass control from the deck: *Section Controls (hourglass=ENHANCED, STIFFNESS with a scaling factor)\n"
                           "and *Hourglass Stiffness give the stiffness of the same element with the equivalent fraction set directly.\n";
/* One distorted C3D8R, steel (E = 2e11, nu = 0.3, G = E / 2.6), assembled by TriboFESystemSetUp()
   with -fe_c3d8r_as reduced, each deck against its equivalent (src/fe/c3d8r.c):
   - hourglass=ENHANCED = the same element written as C3D8I;
   - *Hourglass Stiffness H = 0.5 G = the fraction 0.0142 H / (0.005 E / 2) = 1.42 / 1.3 set as -fe_c3d8r_hourglass
     (r_F = 0.5 against Abaqus's default 0.005, whose fraction is 0.0142 / (1 + nu): src/fe/c3d8r.c);
   - hourglass=STIFFNESS with scaling factor 2 = twice the default fraction, 2 x 0.0142 / 1.3;
   - no control = the default fraction 0.0142 / 1.3;
   and, as a check that the comparison can fail, enhanced against the default (expected: no). */
#include <tribofe.h>
#include <unistd.h>

static const char nodes[] =
    "*Node\n1, 0., 0., 0.\n2, 1.1, 0.05, -0.02\n3, 1.05, 0.95, 0.03\n4, -0.04, 1.02, 0.\n5, 0.03, -0.02, 0.97\n"
    "6, 0.98, 0.04, 1.05\n7, 1.02, 1.08, 0.96\n8, 0.01, 0.97, 1.03\n*Material, name=STEEL\n*Elastic\n2e11, 0.3\n*Density\n7800.\n";

// K of the deck nodes + "*Element, type=<type>, elset=E ..." + text, C3D8R formed with fraction hg where the deck sets none
static PetscErrorCode Stiffness(const char type[], const char text[], PetscReal hg, Mat *K)
{
  PetscMPIInt   rank;
  TriboMesh     mesh;
  TriboFESystem sys;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    FILE *fp = fopen("deck.inp", "w");
    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot write deck.inp");
    fprintf(fp, "%s*Element, type=%s, elset=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n%s", nodes, type, text);
    PetscCheck(!fclose(fp), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot write deck.inp");
  }
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &mesh));
  PetscCall(TriboMeshReadAbaqus(mesh, "deck.inp"));
  PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, &sys));
  PetscCall(TriboFESystemSetFromOptions(sys));
  sys->opt.c3d8ras   = TRIBO_EL_C3D8R;
  sys->opt.hourglass = hg;
  PetscCall(TriboFESystemSetMesh(sys, mesh));
  PetscCall(TriboFESystemSetUp(sys));
  PetscCall(MatDuplicate(sys->K, MAT_COPY_VALUES, K));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&mesh));
  PetscFunctionReturn(0);
}

static PetscErrorCode Compare(const char name[], const char text[], const char reftype[], const char reftext[], PetscReal refhg)
{
  Mat       A, B;
  PetscReal d, n;

  PetscFunctionBeginUser;
  PetscCall(Stiffness("C3D8R", text, -1, &A)); // -1: the default, Abaqus's
  PetscCall(Stiffness(reftype, reftext, refhg, &B));
  PetscCall(MatNorm(B, NORM_FROBENIUS, &n));
  PetscCall(MatAXPY(A, -1, B, SAME_NONZERO_PATTERN));
  PetscCall(MatNorm(A, NORM_FROBENIUS, &d));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: relative difference below 1e-12: %s\n", name, d <= 1e-12 * n ? "yes" : "no"));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&B));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char        dir[PETSC_MAX_PATH_LEN] = "/tmp/t325-XXXXXX", cwd[PETSC_MAX_PATH_LEN];
  PetscMPIInt rank;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(PetscGetWorkingDirectory(cwd, sizeof(cwd)));
  if (!rank) PetscCall(PetscMkdtemp(dir));
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCheck(!chdir(dir), PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot enter %s", dir);
  PetscCall(Compare("hourglass=ENHANCED = C3D8I",
                    "*Section Controls, name=SC, hourglass=ENHANCED\n*Solid Section, elset=E, material=STEEL, controls=SC\n", "C3D8I",
                    "*Solid Section, elset=E, material=STEEL\n", -1));
  PetscCall(Compare("*Hourglass Stiffness 0.5 G = fraction 1.42 / 1.3",
                    "*Solid Section, elset=E, material=STEEL\n*Hourglass Stiffness\n3.8461538461538462e10\n", "C3D8R",
                    "*Solid Section, elset=E, material=STEEL\n", 1.42 / 1.3));
  PetscCall(Compare("hourglass=STIFFNESS, scaling 2 = fraction 2 x 0.0142 / 1.3",
                    "*Section Controls, name=SC, hourglass=STIFFNESS\n2.\n*Solid Section, elset=E, material=STEEL, controls=SC\n", "C3D8R",
                    "*Solid Section, elset=E, material=STEEL\n", 2 * 0.0142 / 1.3));
  PetscCall(Compare("no control = fraction 0.0142 / 1.3", "*Solid Section, elset=E, material=STEEL\n", "C3D8R",
                    "*Solid Section, elset=E, material=STEEL\n", 0.0142 / 1.3));
  PetscCall(Compare("negative check, enhanced against the default",
                    "*Section Controls, name=SC, hourglass=ENHANCED\n*Solid Section, elset=E, material=STEEL, controls=SC\n", "C3D8R",
                    "*Solid Section, elset=E, material=STEEL\n", -1));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  if (!rank) {
    (void)unlink("deck.inp");
    (void)rmdir(dir);
  }
  PetscCheck(!chdir(cwd), PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot return to %s", cwd);
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t325-section-controls.out
TEST*/
