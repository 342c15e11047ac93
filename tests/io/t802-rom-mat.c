static char help[] = "MATLAB .mat ROMs (v5 and v7.3) written with matio, read with TriboROMLoad; reader errors.\n";

#define _POSIX_C_SOURCE 200809L // mkdtemp, chdir, opendir
#include <triboio.h>
#include <matio.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

// Column-major arrays: n = 4 DOFs, 3 sensors, 3 interface nodes, 4 points; L has 2 rows past 3*nnodes
static double       M[16], K[16], Fv[4], R[12], L[44], Q[12], T[12];
static const double W[4] = {0.1, 0.2, 0.3, 0.4};

static void Fill(void)
{
  const double q[4][3] = {{1, 0, 0}, {0.5, 0.5, 0}, {0, 0.25, 0.75}, {0, 0, 1}}; // rows sum to 1
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      M[i + 4 * j] = i == j ? 2.0 + i : 0.05 * (i + j + 1);
      K[i + 4 * j] = i == j ? 4e5 : (i - j == 1 || j - i == 1 ? -1e5 : 0);
    }
    Fv[i] = 0.1 * i - 0.1;
    for (int r = 0; r < 3; r++) R[r + 3 * i] = r - 0.5 * i + 0.25 * r * i;
    for (int r = 0; r < 11; r++) L[r + 11 * i] = (r + i) % 3 ? 0 : 1 + 0.1 * r - 0.01 * i;
    for (int c = 0; c < 3; c++) Q[i + 4 * c] = q[i][c], T[c + 3 * i] = q[i][c] * W[i]; // T = Q^T diag(w)
  }
}

// variable from a column-major array; sparse: converted to compressed columns
static PetscErrorCode Put(mat_t *mf, const char *name, size_t m, size_t n, const double *a, PetscBool sparse, enum matio_classes cls)
{
  size_t       dims[2] = {m, n};
  matvar_t    *v;
  mat_sparse_t s;
  mat_uint32_t ir[64], jc[16], nz = 0;
  double       x[64];
  int          i32[64];

  PetscFunctionBeginUser;
  if (sparse) {
    for (size_t j = 0; j < n; j++) {
      jc[j] = nz;
      for (size_t i = 0; i < m; i++)
        if (a[i + m * j] != 0) ir[nz] = (mat_uint32_t)i, x[nz++] = a[i + m * j];
    }
    jc[n] = nz;
    s     = (mat_sparse_t){nz, ir, nz, jc, (mat_uint32_t)n + 1, nz, x};
    v     = Mat_VarCreate(name, MAT_C_SPARSE, MAT_T_DOUBLE, 2, dims, &s, 0);
  } else if (cls == MAT_C_INT32) {
    for (size_t k = 0; k < m * n; k++) i32[k] = (int)a[k];
    v = Mat_VarCreate(name, MAT_C_INT32, MAT_T_INT32, 2, dims, i32, 0);
  } else if (cls == MAT_C_EMPTY) { // complex: imaginary part = real part
    mat_complex_split_t z = {(void *)a, (void *)a};
    v                     = Mat_VarCreate(name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, &z, MAT_F_COMPLEX);
  } else
    v = Mat_VarCreate(name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, (void *)a, 0);
  PetscCheck(v && !Mat_VarWrite(mf, v, MAT_COMPRESSION_NONE), PETSC_COMM_SELF, PETSC_ERR_LIB, "matio cannot write %s", name);
  Mat_VarFree(v);
  PetscFunctionReturn(0);
}

// case 0: a good ROM; 1: no K; 2: no Tm; 3: K int32; 4: K complex; 5: K 4 x 3; 6: NaN in M; 7: L too short
static PetscErrorCode WriteMat(const char *fn, enum mat_ft ver, int c)
{
  mat_t *mf = Mat_CreateVer(fn, NULL, ver);
  double Mn[16];

  PetscFunctionBeginUser;
  PetscCheck(mf, PETSC_COMM_SELF, PETSC_ERR_LIB, "matio cannot create %s", fn);
  for (int k = 0; k < 16; k++) Mn[k] = k == 5 && c == 6 ? NAN : M[k];
  PetscCall(Put(mf, "M", 4, 4, Mn, PETSC_FALSE, MAT_C_DOUBLE));
  if (c != 1) PetscCall(Put(mf, "K", 4, c == 5 ? 3 : 4, K, PETSC_FALSE, c == 3 ? MAT_C_INT32 : (c == 4 ? MAT_C_EMPTY : MAT_C_DOUBLE)));
  PetscCall(Put(mf, "Fv", ver == MAT_FT_MAT5 ? 1 : 4, ver == MAT_FT_MAT5 ? 4 : 1, Fv, PETSC_FALSE, MAT_C_DOUBLE)); // a row in v5, a column in v7.3
  PetscCall(Put(mf, "R", 3, 4, R, PETSC_FALSE, MAT_C_DOUBLE));
  PetscCall(Put(mf, "L", c == 7 ? 8 : 11, 4, L, PETSC_TRUE, MAT_C_SPARSE));
  PetscCall(Put(mf, "Qm", 4, 3, Q, PETSC_TRUE, MAT_C_SPARSE));
  if (c != 2) PetscCall(Put(mf, "Tm", 3, 4, T, PETSC_TRUE, MAT_C_SPARSE));
  Mat_Close(mf);
  PetscFunctionReturn(0);
}

// max |A(i,j) - a[i + lda j]| over the m x n matrix A
static PetscErrorCode Diff(Mat A, PetscInt lda, const double *a, PetscReal *d)
{
  PetscInt m, n;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(A, &m, &n));
  *d = 0;
  for (PetscInt i = 0; i < m; i++)
    for (PetscInt j = 0; j < n; j++) {
      PetscScalar v;
      PetscCall(MatGetValue(A, i, j, &v));
      *d = PetscMax(*d, PetscAbsScalar(v - a[i + lda * j]));
    }
  PetscFunctionReturn(0);
}

static PetscErrorCode Check(const char *fn)
{
  TriboROM           rom;
  TriboInterface     f;
  PetscReal          d[7], x = 0;
  const PetscScalar *fv;

  PetscFunctionBeginUser;
  PetscCall(TriboROMLoad(PETSC_COMM_WORLD, fn, &rom));
  f = rom->iface;
  PetscCall(Diff(rom->M, 4, M, &d[0]));
  PetscCall(Diff(rom->K, 4, K, &d[1]));
  PetscCall(Diff(rom->R, 3, R, &d[2]));
  PetscCall(Diff(f->L, 11, L, &d[3]));
  PetscCall(Diff(f->Q, 4, Q, &d[4]));
  PetscCall(Diff(f->T, 3, T, &d[5]));
  PetscCall(VecGetArrayRead(rom->Fv, &fv));
  d[6] = 0;
  for (PetscInt i = 0; i < 4; i++) d[6] = PetscMax(d[6], PetscAbsScalar(fv[i] - Fv[i]));
  PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  for (PetscInt k = 0; k < 9; k++) x += PetscAbsReal(f->xyz[k]);
  for (PetscInt k = 0; k < 12; k++) x += PetscAbsReal(f->pxyz[k]);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: differences M %g K %g R %g L %g Q %g T %g Fv %g\n", fn, (double)d[0], (double)d[1], (double)d[2],
                        (double)d[3], (double)d[4], (double)d[5], (double)d[6]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "  n %" PetscInt_FMT " sensors %s %s %s, nodes %" PetscInt_FMT " points %" PetscInt_FMT " elements %" PetscInt_FMT
                        ", title %s\n",
                        rom->n, rom->rlabels[0], rom->rlabels[1], rom->rlabels[2], f->nnodes, f->npts, f->nelem, rom->title));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  weights %g %g %g %g, |coordinates| %g, point elements %" PetscInt_FMT " %" PetscInt_FMT "\n",
                        (double)f->pw[0], (double)f->pw[1], (double)f->pw[2], (double)f->pw[3], (double)x, f->pelem[0], f->pelem[3]));
  PetscCall(TriboROMDestroy(&rom));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char           dir[PETSC_MAX_PATH_LEN] = "/tmp/t802-XXXXXX", *msg;
  const char    *bad[]                   = {"noK.mat", "noTm.mat", "int.mat", "complex.mat", "shape.mat", "nan.mat", "short.mat"};
  PetscMPIInt    rank;
  PetscErrorCode ierr;
  TriboROM       rom  = NULL;
  PetscBool      keep = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-keep", &keep, NULL));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  Fill();
  if (!rank) PetscCheck(mkdtemp(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot create a directory in /tmp");
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCheck(!chdir(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot enter %s", dir);
  if (!rank) {
    PetscCall(WriteMat("rom5.mat", MAT_FT_MAT5, 0));
    PetscCall(WriteMat("rom73.mat", MAT_FT_MAT73, 0));
    for (int c = 1; c <= 7; c++) PetscCall(WriteMat(bad[c - 1], MAT_FT_MAT5, c));
  }
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  PetscCall(Check("rom5.mat"));
  PetscCall(Check("rom73.mat"));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  for (int c = 0; c < 7; c++) {
    ierr = TriboROMLoad(PETSC_COMM_WORLD, bad[c], &rom);
    if (ierr) PetscCall(PetscErrorMessage(ierr, NULL, &msg));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %s\n  %s\n", bad[c], ierr == PETSC_ERR_FILE_UNEXPECTED ? "error" : "WRONG ERROR CODE",
                          ierr ? msg : "(no error)"));
    PetscCall(TriboROMDestroy(&rom));
  }
  PetscCall(PetscPopErrorHandler());
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
    output: t802-rom-mat.out
    rtol: 1e-12
    atol: 1e-15
TEST*/
