/* Small discrete systems from YAML (TriboROMLoad() of a .yaml file): the matrices, the interface of
   unit-weight points built from the elements' W (row 3e+c of L = column c of W_e), the default
   recovery, the laws with their parameters, the HDF5 round trip of C, excitation and elements, the
   force of a joint with one law per element against a hand computation, and one error line per
   bad input naming the key and its line.

   Joint check (system sys.yaml, x = (0.1, 0.3)): element 1 jenkins u = x1 = 0.1, sticking from the
   virgin state: t = kt u = 0.025; element 2 cubic u = x1 - x2 = -0.2: t = k3 u^3 = -0.004, so
   f = (1, 0) 0.025 + (1, -1) (-0.004) = (0.021, 0.004) and
   J = kt (1, 0)(1, 0)^T + 3 k3 u^2 (1, -1)(1, -1)^T = [[0.31, -0.06], [-0.06, 0.06]]. */
#define _POSIX_C_SOURCE 200809L // mkdtemp, chdir
#include <tribo.h>
#include <stdio.h>
#include <unistd.h>

static const char help[] = "YAML discrete systems as ROMs.\n";

static const char *sys_yaml = "title: two masses\n"
                              "M: [[1, 0], [0, 1]]\n"
                              "K: [[2, -1], [-1, 2]]\n"
                              "C: [0.02, 0.02]\n"
                              "elements:\n"
                              "  - law: jenkins\n"
                              "    W: [[1], [0]]\n"
                              "    params: {kt: 0.25, ts: 0.2}\n"
                              "  - law: cubic\n"
                              "    W: [[1], [-1]]\n"
                              "    params: {k3: 0.5}\n"
                              "recovery: {labels: [left, right], R: [[1, 0], [0.5, 0.5]]}\n"
                              "excitation: [0, 1]\n";

static const char *diag_yaml = "M: [2, 3]\n"
                               "K: [4, 5]\n"
                               "elements:\n"
                               "  - law: penalty\n"
                               "    W: [[1, 2, 3], [4, 5, 6]]\n";

static const char *bad[][2] = {
    {"syntax", "M: [[1, 0], [0, 1]\nK: [1, 1]\n"},
    {"noK", "M: [1]\n"},
    {"Krow", "M: [[1, 0], [0, 1]]\nK: [[2, -1], [-1, 2, 0]]\n"},
    {"Ksym", "M: [1, 1]\nK: [[2, -1], [-1.5, 2]]\n"},
    {"Mpd", "M: [[1, 2], [2, 1]]\nK: [1, 1]\n"},
    {"law", "M: [1]\nK: [1]\nelements:\n  - law: foo\n    W: [[1]]\n"},
    {"param", "M: [1]\nK: [1]\nelements:\n  - law: cubic\n    W: [[1]]\n    params: {kt: 1}\n"},
    {"negative", "M: [1]\nK: [1]\nelements:\n  - law: jenkins\n    W: [[1]]\n    params: {ts: -1}\n"},
    {"Wcols", "M: [1]\nK: [1]\nelements:\n  - law: cubic\n    W: [[1, 0, 0, 0]]\n"},
    {"Wrows", "M: [1, 1]\nK: [1, 1]\nelements:\n  - law: cubic\n    W: [[1]]\n"},
    {"number", "M: [1]\nK: [abc]\n"},
    {"Rwidth", "M: [1, 1]\nK: [1, 1]\nrecovery: {R: [[1, 0, 0]]}\n"},
    {"labels", "M: [1, 1]\nK: [1, 1]\nrecovery: {labels: [a], R: [[1, 0], [0, 1]]}\n"},
    {"excitation", "M: [1, 1]\nK: [1, 1]\nexcitation: [1, 2, 3]\n"},
    {"key", "Mass: [1]\nK: [1]\n"},
};

static PetscErrorCode WriteFile(const char name[], const char text[])
{
  FILE *fp;

  PetscFunctionBeginUser;
  fp = fopen(name, "w");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot write %s", name);
  fputs(text, fp);
  fclose(fp);
  PetscFunctionReturn(0);
}

static PetscErrorCode PrintDense(const char name[], Mat A)
{
  PetscInt           m, n;
  const PetscScalar *a;

  PetscFunctionBeginUser;
  if (!A) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s none\n", name));
    PetscFunctionReturn(0);
  }
  PetscCall(MatGetSize(A, &m, &n));
  PetscCall(MatDenseGetArrayRead(A, &a));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %" PetscInt_FMT " x %" PetscInt_FMT ":", name, m, n));
  for (PetscInt i = 0; i < m; i++)
    for (PetscInt j = 0; j < n; j++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %g", (double)a[i + j * m]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  PetscCall(MatDenseRestoreArrayRead(A, &a));
  PetscFunctionReturn(0);
}

static PetscErrorCode PrintROM(TriboROM rom)
{
  Mat Ld;

  PetscFunctionBeginUser;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "title \"%s\" n %" PetscInt_FMT "\n", rom->title, rom->n));
  PetscCall(PrintDense("M", rom->M));
  PetscCall(PrintDense("K", rom->K));
  PetscCall(PrintDense("C", rom->C));
  PetscCall(PrintDense("R", rom->R));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "labels"));
  for (PetscInt i = 0; i < rom->nrec; i++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %s", rom->rlabels[i]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\nexcitation"));
  if (rom->Fx) {
    const PetscScalar *f;
    PetscCall(VecGetArrayRead(rom->Fx, &f));
    for (PetscInt i = 0; i < rom->n; i++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %g", (double)f[i]));
    PetscCall(VecRestoreArrayRead(rom->Fx, &f));
  } else
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, " none"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  if (!rom->iface) PetscFunctionReturn(0);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "points %" PetscInt_FMT " nodes %" PetscInt_FMT " elements %" PetscInt_FMT " weights", rom->iface->npts,
                        rom->iface->nnodes, rom->iface->nelem));
  for (PetscInt p = 0; p < rom->iface->npts; p++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %g", (double)rom->iface->pw[p]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  PetscCall(MatConvert(rom->iface->Q, MATSEQDENSE, MAT_INITIAL_MATRIX, &Ld));
  PetscCall(PrintDense("Q", Ld));
  PetscCall(MatDestroy(&Ld));
  PetscCall(MatConvert(rom->iface->T, MATSEQDENSE, MAT_INITIAL_MATRIX, &Ld));
  PetscCall(PrintDense("T", Ld));
  PetscCall(MatDestroy(&Ld));
  PetscCall(MatConvert(rom->iface->L, MATSEQDENSE, MAT_INITIAL_MATRIX, &Ld));
  PetscCall(PrintDense("L", Ld));
  PetscCall(MatDestroy(&Ld));
  for (PetscInt e = 0; rom->elements && e < rom->elements->n; e++) {
    const TriboROMElement *x = &rom->elements->e[e];
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "element %" PetscInt_FMT " %s d %" PetscInt_FMT, e + 1, x->law, x->d));
    for (PetscInt k = 0; k < x->nparams; k++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %s %g", x->pname[k], (double)x->pvalue[k]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  }
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char        dir[PETSC_MAX_PATH_LEN] = "/tmp/t804-XXXXXX", name[64];
  PetscMPIInt rank;
  TriboROM    rom, r2;
  TriboJoint  joint;
  TriboLaw   *laws;
  PetscInt   *pointlaw, nlaws;
  PetscScalar x[2] = {0.1, 0.3}, f[2], J[4] = {0, 0, 0, 0};

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) PetscCheck(mkdtemp(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot create a directory in /tmp");
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCheck(!chdir(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot enter %s", dir);
  if (!rank) {
    PetscCall(WriteFile("sys.yaml", sys_yaml));
    PetscCall(WriteFile("diag.yml", diag_yaml));
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
      PetscCall(PetscSNPrintf(name, sizeof(name), "%s.yaml", bad[k][0]));
      PetscCall(WriteFile(name, bad[k][1]));
    }
  }
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));

  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "== sys.yaml\n"));
  PetscCall(TriboROMLoad(PETSC_COMM_WORLD, "sys.yaml", &rom));
  PetscCall(PrintROM(rom));
  PetscCall(TriboROMElementsCreateLaws(rom, PETSC_COMM_WORLD, &nlaws, &laws, &pointlaw));
  PetscCall(TriboJointCreate(PETSC_COMM_WORLD, &joint));
  PetscCall(TriboJointSetROM(joint, rom));
  PetscCall(TriboJointSetLaws(joint, nlaws, laws, pointlaw));
  PetscCall(TriboJointSetUp(joint));
  PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, x, f, J));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "laws %" PetscInt_FMT " f %g %g J %g %g %g %g\n", nlaws, (double)f[0], (double)f[1], (double)J[0],
                        (double)J[2], (double)J[1], (double)J[3]));
  PetscCall(TriboJointDestroy(&joint));
  for (PetscInt l = 0; l < nlaws; l++) PetscCall(TriboLawDestroy(&laws[l]));
  PetscCall(PetscFree(laws));
  PetscCall(PetscFree(pointlaw));

  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "== sys.h5 (written and read back)\n"));
  PetscCall(TriboROMSave(rom, "sys.h5", "test"));
  PetscCall(TriboROMLoad(PETSC_COMM_WORLD, "sys.h5", &r2));
  PetscCall(PrintROM(r2));
  PetscCall(TriboROMDestroy(&r2));
  PetscCall(TriboROMDestroy(&rom));

  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "== diag.yml\n"));
  PetscCall(TriboROMLoad(PETSC_COMM_WORLD, "diag.yml", &rom));
  PetscCall(PrintROM(rom));
  PetscCall(TriboROMDestroy(&rom));

  for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
    PetscErrorCode e;
    const char    *msg = NULL;
    PetscCall(PetscSNPrintf(name, sizeof(name), "%s.yaml", bad[k][0]));
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    e = TriboROMLoad(PETSC_COMM_WORLD, name, &rom);
    PetscCall(PetscPopErrorHandler());
    if (e) PetscCall(PetscErrorMessage(e, NULL, (char **)&msg));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s -> %s\n", bad[k][0], e ? msg : "no error"));
    if (!e) PetscCall(TriboROMDestroy(&rom));
  }

  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  if (!rank) {
    remove("sys.yaml"), remove("diag.yml"), remove("sys.h5");
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
      PetscCall(PetscSNPrintf(name, sizeof(name), "%s.yaml", bad[k][0]));
      remove(name);
    }
    PetscCheck(!chdir("/") && !remove(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot remove %s", dir);
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t804-yaml.out
    rtol: 1e-12
    atol: 1e-15
TEST*/
