static const char help[] = "Galleries of models and mesh generators: a model and a mesh generator registered by this program\n"
                           "are found by name next to the built-in ones, and the error for an unknown name lists them all.\n";
/* The test model is a 2-DOF chain (masses 1 and 2 kg, springs 1000 N/m to the ground and 500 N/m
   between them): K = [1500 -500; -500 500] N/m, M = diag(1, 2) kg, so K11 + K22 = 2000 N/m. The
   test mesh generator writes one C3D8 cube of edge -testcube_edge (2 m in the test: volume 8 m^3,
   mass 8 kg at rho 1 kg/m^3), which shows that a generator's option is read. */
#include <tribomodel.h>
#include <tribofe.h>
#include <unistd.h>

static PetscErrorCode TestModel(MPI_Comm comm, TriboROM *rom)
{
  const PetscInt    idx[2] = {0, 1};
  const PetscScalar K[4] = {1500, -500, -500, 500}, M[4] = {1, 0, 0, 2};

  PetscFunctionBeginUser;
  if (!rom) PetscFunctionReturn(0); // no options
  PetscCall(TriboROMCreate(comm, rom));
  PetscCall(TriboROMSetSizes(*rom, 2, 0));
  PetscCall(MatSetValues((*rom)->K, 2, idx, 2, idx, K, INSERT_VALUES));
  PetscCall(MatSetValues((*rom)->M, 2, idx, 2, idx, M, INSERT_VALUES));
  PetscCall(MatAssemblyBegin((*rom)->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd((*rom)->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyBegin((*rom)->M, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd((*rom)->M, MAT_FINAL_ASSEMBLY));
  PetscCall(PetscStrncpy((*rom)->title, "two masses on springs", sizeof((*rom)->title)));
  PetscFunctionReturn(0);
}

static PetscErrorCode TestCube(MPI_Comm comm, const char file[])
{
  PetscReal a = 1;
  FILE     *fp;

  PetscFunctionBeginUser;
  PetscOptionsBegin(comm, NULL, "Test cube", "TestCube");
  PetscCall(PetscOptionsReal("-testcube_edge", "edge of the cube [m]", "TestCube", a, &a, NULL));
  PetscOptionsEnd();
  if (!file) PetscFunctionReturn(0);
  PetscCall(PetscFOpen(comm, file, "w", &fp));
  PetscCall(PetscFPrintf(comm, fp, "*Node\n1, 0, 0, 0\n2, %g, 0, 0\n3, %g, %g, 0\n4, 0, %g, 0\n", (double)a, (double)a, (double)a, (double)a));
  PetscCall(PetscFPrintf(comm, fp, "5, 0, 0, %g\n6, %g, 0, %g\n7, %g, %g, %g\n8, 0, %g, %g\n", (double)a, (double)a, (double)a, (double)a, (double)a,
                         (double)a, (double)a, (double)a));
  PetscCall(PetscFPrintf(comm, fp,
                         "*Element, type=C3D8, elset=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*Material, name=M\n*Elastic\n1000., 0.3\n*Density\n1.\n*Solid "
                         "Section, elset=E, material=M\n"));
  PetscCall(PetscFClose(comm, fp));
  PetscFunctionReturn(0);
}

// The message of the error an unknown name raises, and whether it names every one of names[]
static PetscErrorCode Unknown(PetscErrorCode ierr, PetscInt n, const char *names[])
{
  char     *msg;
  PetscBool all = PETSC_TRUE;

  PetscFunctionBeginUser;
  PetscCheck(ierr == PETSC_ERR_USER_INPUT, PETSC_COMM_SELF, PETSC_ERR_PLIB, "an unknown name must be a user-input error, got %d", (int)ierr);
  PetscCall(PetscErrorMessage(ierr, NULL, &msg));
  for (PetscInt k = 0; k < n; k++) all = (PetscBool)(all && strstr(msg, names[k]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "error: %s\nnames every registered one: %s\n", msg, all ? "yes" : "no"));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const char    *models[2] = {TRIBOMODELLAPFRAME, "testmodel"}, *meshes[2] = {TRIBOMESHLAPBEAM, "testcube"};
  char           dir[PETSC_MAX_PATH_LEN] = "/tmp/t350-XXXXXX", deck[PETSC_MAX_PATH_LEN];
  TriboROM       rom;
  TriboMesh      mesh;
  PetscErrorCode ierr;
  PetscReal      vol, mass;
  PetscScalar    k11, k22;
  PetscMPIInt    rank;
  void (*f)(void) = NULL;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(TriboModelRegisterAll());
  PetscCall(TriboModelRegister("testmodel", TestModel));
  PetscCall(TriboMeshGeneratorRegisterAll());
  PetscCall(TriboMeshGeneratorRegister("testcube", TestCube));

  // models: found by name (in the list, and built), the built-in one still there, an unknown name's error
  PetscCall(PetscFunctionListFind(TriboModelList, "testmodel", &f));
  PetscCheck(f == (void (*)(void))TestModel, PETSC_COMM_SELF, PETSC_ERR_PLIB, "testmodel is not in TriboModelList");
  PetscCall(TriboModelBuild(PETSC_COMM_WORLD, "testmodel", &rom));
  PetscCall(MatGetValue(rom->K, 0, 0, &k11));
  PetscCall(MatGetValue(rom->K, 1, 1, &k22));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "testmodel: %s, %" PetscInt_FMT " DOFs, K11 + K22 = %g N/m\n", rom->title, rom->n,
                        (double)PetscRealPart(k11 + k22)));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(TriboModelBuild(PETSC_COMM_WORLD, TRIBOMODELLAPFRAME, &rom));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "lapframe: %" PetscInt_FMT " DOFs, %" PetscInt_FMT " interface node pairs\n", rom->n, rom->iface->nnodes));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboModelBuild(PETSC_COMM_WORLD, "nosuchmodel", &rom);
  PetscCall(PetscPopErrorHandler());
  PetscCall(Unknown(ierr, 2, models));

  // mesh generators: the test cube written with its option, read back; an unknown name's error
  if (!rank) PetscCall(PetscMkdtemp(dir));
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCall(PetscSNPrintf(deck, sizeof(deck), "%s/cube.inp", dir));
  PetscCall(PetscFunctionListFind(TriboMeshGeneratorList, "testcube", &f));
  PetscCheck(f == (void (*)(void))TestCube, PETSC_COMM_SELF, PETSC_ERR_PLIB, "testcube is not in TriboMeshGeneratorList");
  PetscCall(TriboMeshGeneratorWrite(PETSC_COMM_WORLD, "testcube", deck));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &mesh));
  PetscCall(TriboMeshSetFromOptions(mesh));
  PetscCall(TriboMeshReadAbaqus(mesh, deck));
  PetscCall(TriboFEMeshVolume(mesh, &vol, &mass));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "testcube: %" PetscInt_FMT " nodes, %" PetscInt_FMT " elements, volume %g m^3, mass %g kg\n", mesh->nnodes,
                        mesh->nelem, (double)vol, (double)mass));
  PetscCall(TriboMeshDestroy(&mesh));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboMeshGeneratorWrite(PETSC_COMM_WORLD, "nosuchmesh", NULL);
  PetscCall(PetscPopErrorHandler());
  PetscCall(Unknown(ierr, 2, meshes));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  if (!rank) PetscCall(PetscRMTree(dir));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -testcube_edge 2
TEST*/
