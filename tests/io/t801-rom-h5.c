static char help[] = "ROM HDF5 write-read-compare, atomic writes and reader errors.\n";

#define _POSIX_C_SOURCE 200809L // mkdtemp, chdir, opendir
#include <triboio.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

// n = 5, 2 sensors, an interface of 2 quadrilaterals and 1 triangle (7 nodes, 11 points) in z = 0
static PetscErrorCode BuildROM(TriboROM rom)
{
  TriboInterface  f;
  const PetscReal X[7][2] = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {3, 0}};
  const PetscInt  E[12]   = {0, 1, 4, 3, 1, 2, 5, 4, 2, 6, 5, -1};

  PetscFunctionBeginUser;
  PetscCall(TriboROMSetSizes(rom, 5, 2));
  for (PetscInt i = 0; i < 5; i++) {
    for (PetscInt j = 0; j < 5; j++) PetscCall(MatSetValue(rom->M, i, j, i == j ? 1.0 + i : 0.1 / (1 + i + j), INSERT_VALUES));
    PetscCall(MatSetValue(rom->K, i, i, 3e6, INSERT_VALUES));
    if (i < 4) PetscCall(MatSetValue(rom->K, i, i + 1, -1e6 + 1e5 * i, INSERT_VALUES));
    if (i < 4) PetscCall(MatSetValue(rom->K, i + 1, i, -1e6 + 1e5 * i, INSERT_VALUES));
    PetscCall(VecSetValue(rom->Fv, i, 0.5 * i - 0.5, INSERT_VALUES));
    for (PetscInt r = 0; r < 2; r++) PetscCall(MatSetValue(rom->R, r, i, (r + 1) * 0.25 * i - 0.125 * r, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(rom->M, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(rom->M, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyBegin(rom->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(rom->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyBegin(rom->R, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(rom->R, MAT_FINAL_ASSEMBLY));
  PetscCall(VecAssemblyBegin(rom->Fv));
  PetscCall(VecAssemblyEnd(rom->Fv));
  PetscCall(TriboROMSetRecoveryLabel(rom, 0, "tip_accel"));
  PetscCall(TriboROMSetRecoveryLabel(rom, 1, "drive_point"));
  PetscCall(PetscStrcpy(rom->title, "t801_ROM"));
  PetscCall(TriboInterfaceCreate(&rom->iface));
  f         = rom->iface;
  f->nnodes = 7;
  f->nelem  = 3;
  PetscCall(PetscCalloc1(21, &f->xyz));
  PetscCall(PetscMalloc1(12, &f->elem));
  for (PetscInt i = 0; i < 7; i++) f->xyz[3 * i] = 0.01 * X[i][0], f->xyz[3 * i + 1] = 0.01 * X[i][1];
  for (PetscInt k = 0; k < 12; k++) f->elem[k] = E[k];
  PetscCall(TriboInterfaceSetUpQuadrature(f));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 21, 5, 2, NULL, &f->L));
  for (PetscInt i = 0; i < 7; i++)
    for (PetscInt c = 0; c < 3; c++) PetscCall(MatSetValue(f->L, 3 * i + c, (i + c) % 5, 1 + 0.1 * i + 0.01 * c, INSERT_VALUES));
  PetscCall(MatSetValue(f->L, 2, 4, -0.5, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(f->L, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(f->L, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(0);
}

// Frobenius norm of A - B (0 when equal, also in pattern-free sense)
static PetscErrorCode Diff(Mat A, Mat B, PetscReal *d)
{
  Mat C;

  PetscFunctionBeginUser;
  PetscCall(MatDuplicate(A, MAT_COPY_VALUES, &C));
  PetscCall(MatAXPY(C, -1.0, B, DIFFERENT_NONZERO_PATTERN));
  PetscCall(MatNorm(C, NORM_FROBENIUS, d));
  PetscCall(MatDestroy(&C));
  PetscFunctionReturn(0);
}

static PetscErrorCode Report(const char what[], PetscErrorCode ierr, PetscErrorCode expect)
{
  char *msg = NULL;

  PetscFunctionBeginUser;
  if (ierr) PetscCall(PetscErrorMessage(ierr, NULL, &msg));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %s\n  %s\n", what, ierr == expect ? "error" : "WRONG ERROR CODE", msg ? msg : "(no message)"));
  PetscFunctionReturn(0);
}

static PetscErrorCode CountFiles(PetscInt *n)
{
  DIR           *d = opendir(".");
  struct dirent *e;

  PetscFunctionBeginUser;
  *n = 0;
  while ((e = readdir(d))) *n += e->d_name[0] != '.';
  closedir(d);
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboROM       rom, r2;
  TriboH5        h;
  PetscReal      d[8], area, a, *raw, nan = (PetscReal)NAN, eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, k34[12] = {0};
  PetscInt       n, ndiff = 0, d33[2] = {3, 3}, d34[2] = {3, 4}, dims[3];
  char           dir[PETSC_MAX_PATH_LEN] = "/tmp/t801-XXXXXX", buf[256], sha[65], sha2[65], **strs;
  PetscBool      keep                    = PETSC_FALSE;
  PetscMPIInt    rank;
  PetscErrorCode ierr;
  TriboROM       bad  = NULL;
  const char    *fn[] = {"missing.h5", "text.txt", "other.h5", "nok.h5", "shape.h5", "nan.h5"};

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-keep", &keep, NULL));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) PetscCheck(mkdtemp(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot create a directory in /tmp");
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCheck(!chdir(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot enter %s", dir);

  PetscCall(TriboROMCreate(PETSC_COMM_WORLD, &rom));
  PetscCall(BuildROM(rom));
  PetscCall(TriboROMSave(rom, "rom.h5", "test"));
  PetscCall(TriboROMLoad(PETSC_COMM_WORLD, "rom.h5", &r2));
  PetscCall(Diff(rom->M, r2->M, &d[0]));
  PetscCall(Diff(rom->K, r2->K, &d[1]));
  PetscCall(Diff(rom->R, r2->R, &d[2]));
  PetscCall(VecAXPY(r2->Fv, -1.0, rom->Fv));
  PetscCall(VecNorm(r2->Fv, NORM_INFINITY, &d[3]));
  PetscCall(VecAXPY(r2->Fv, 1.0, rom->Fv));
  PetscCall(Diff(rom->iface->Q, r2->iface->Q, &d[4]));
  PetscCall(Diff(rom->iface->T, r2->iface->T, &d[5]));
  PetscCall(Diff(rom->iface->L, r2->iface->L, &d[6]));
  d[7] = 0;
  for (PetscInt p = 0; p < rom->iface->npts; p++) {
    d[7] = PetscMax(d[7], PetscAbsReal(rom->iface->pw[p] - r2->iface->pw[p]));
    for (PetscInt c = 0; c < 3; c++) d[7] = PetscMax(d[7], PetscAbsReal(rom->iface->pxyz[3 * p + c] - r2->iface->pxyz[3 * p + c]));
    ndiff += rom->iface->pelem[p] != r2->iface->pelem[p];
  }
  for (PetscInt k = 0; k < 21; k++) d[7] = PetscMax(d[7], PetscAbsReal(rom->iface->xyz[k] - r2->iface->xyz[k]));
  for (PetscInt k = 0; k < 12; k++) ndiff += rom->iface->elem[k] != r2->iface->elem[k];
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "differences M %g K %g R %g Fv %g Q %g T %g L %g points %g, integers %" PetscInt_FMT "\n", (double)d[0],
                        (double)d[1], (double)d[2], (double)d[3], (double)d[4], (double)d[5], (double)d[6], (double)d[7], ndiff));
  PetscCall(TriboInterfaceGetArea(r2->iface, &area));
  PetscCall(MatGetValue(r2->K, 1, 2, &a));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "n %" PetscInt_FMT " nrec %" PetscInt_FMT " labels %s %s title %s source %s\n", r2->n, r2->nrec,
                        r2->rlabels[0], r2->rlabels[1], r2->title, r2->source));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "K[1,2] %g nodes %" PetscInt_FMT " elements %" PetscInt_FMT " points %" PetscInt_FMT " area %g\n",
                        (double)a, r2->iface->nnodes, r2->iface->nelem, r2->iface->npts, (double)area));
  PetscCall(TriboFileSHA256("rom.h5", sha));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "sha256 recorded: %s\n", PetscNot(strcmp(sha, r2->sha256)) ? "yes" : "no"));

  // a ROM read from a file records that file as its input
  PetscCall(TriboROMSave(r2, "rom2.h5", "convert"));
  PetscCall(TriboH5Open(PETSC_COMM_WORLD, "rom2.h5", &h));
  PetscCall(TriboH5ReadAttrString(h, TRIBO_H5_META, "verb", buf, sizeof(buf)));
  PetscCall(TriboH5ReadStrings(h, TRIBO_H5_META "/input_sha256", &n, &strs));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rom2.h5: verb %s, %" PetscInt_FMT " input, its sha256 matches: %s\n", buf, n,
                        PetscNot(strcmp(strs[0], sha)) ? "yes" : "no"));
  PetscCall(PetscFree(strs[0]));
  PetscCall(PetscFree(strs));
  PetscCall(TriboH5ReadAttrString(h, TRIBO_H5_META, "program", buf, sizeof(buf)));
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_ROM_R, &n, dims, &raw)); // row-major as numpy shows it
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "program %s, raw /rom/R %" PetscInt_FMT "-D %" PetscInt_FMT " x %" PetscInt_FMT ", R[1,3] %g\n", buf, n,
                        dims[0], dims[1], (double)raw[1 * 5 + 3]));
  PetscCall(PetscFree(raw));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));

  // discarded writes leave nothing; a failed write leaves the previous file as it was
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, "discard.h5", &h));
  PetscCall(TriboH5WriteReal(h, "/x/y", 2, d33, eye));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCall(CountFiles(&n));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "files after a discarded write: %" PetscInt_FMT "\n", n));
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, "rom.h5", &h));
  PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_M, rom->M));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboH5WriteMatDense(h, TRIBO_H5_ROM_M, rom->M); // fails on rank 0, which writes
  if (!rank) PetscCall(Report("second write of /rom/M", ierr, PETSC_ERR_ARG_WRONGSTATE));
  PetscCall(Report("commit after a failed write", TriboH5Close(&h, PETSC_TRUE), PETSC_ERR_FILE_WRITE));
  PetscCall(TriboFileSHA256("rom.h5", sha2));
  PetscCall(CountFiles(&n));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rom.h5 unchanged: %s, files: %" PetscInt_FMT "\n", PetscNot(strcmp(sha, sha2)) ? "yes" : "no", n));

  // reader errors
  if (!rank) {
    FILE *fp = fopen("text.txt", "w");
    fprintf(fp, "not a ROM\n");
    fclose(fp);
  }
  PetscCall(PetscPopErrorHandler());
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, "other.h5", &h));
  PetscCall(TriboH5WriteReal(h, "/foo/M", 2, d33, eye));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, "nok.h5", &h));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_M, 2, d33, eye));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, "shape.h5", &h));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_M, 2, d33, eye));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_K, 2, d34, k34));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  eye[4] = nan;
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, "nan.h5", &h));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_K, 2, d33, eye));
  eye[4] = 1;
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_M, 2, d33, eye));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  for (int k = 0; k < 6; k++) {
    ierr = TriboROMLoad(PETSC_COMM_WORLD, fn[k], &bad);
    PetscCall(Report(fn[k], ierr, k ? PETSC_ERR_FILE_UNEXPECTED : PETSC_ERR_FILE_OPEN));
    PetscCall(TriboROMDestroy(&bad));
  }
  PetscCall(PetscPopErrorHandler());

  PetscCall(TriboROMDestroy(&rom));
  PetscCall(TriboROMDestroy(&r2));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  if (!rank && !keep) {
    DIR           *dd = opendir(".");
    struct dirent *e;
    while ((e = readdir(dd)))
      if (e->d_name[0] != '.') remove(e->d_name);
    closedir(dd);
    PetscCheck(!chdir("/") && !remove(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot remove %s", dir);
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t801-rom-h5.out
    rtol: 1e-12
    atol: 1e-14
TEST*/
