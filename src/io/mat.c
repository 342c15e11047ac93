#include <triboio.h>
#include <tribosys.h>
#include <tribo/private/matioimpl.h>
#include <string.h>

/* MATLAB .mat ROMs as written by the Rice tools (e.g. tmdsimpy's Brake-Reuss beam example), read
   through matio only: matio links the serial HDF5 library, PETSc the parallel one, and their
   handles must never meet. */

typedef enum { V_M, V_K, V_FV, V_R, V_L, V_QM, V_TM, V_NUM } MatVarId;
static const char *const VarNames[V_NUM] = {"M", "K", "Fv", "R", "L", "Qm", "Tm"};

static const char *const ClassNames[] = {"empty", "cell",  "struct", "object", "char",   "sparse", "double", "single",   "int8",
                                         "uint8", "int16", "uint16", "int32",  "uint32", "int64",  "uint64", "function", "opaque"};

static char MatLastMessage[256];

// matio's messages (e.g. why a file cannot be opened) are kept for our error messages, not printed
static void MatLog_Private(int level, char *message)
{
  (void)level;
  if (message) strncpy(MatLastMessage, message, sizeof(MatLastMessage) - 1);
}

// Check class (double, dense or sparse), realness and rank of a variable; its rows and columns
static PetscErrorCode MatVarCheck_Private(const char fn[], matvar_t *v, const char name[], PetscInt *m, PetscInt *n)
{
  int cls = (int)v->class_type;

  PetscFunctionBeginUser;
  PetscCheck(v->class_type == MAT_C_DOUBLE || (v->class_type == MAT_C_SPARSE && v->data_type == MAT_T_DOUBLE && !v->isLogical), PETSC_COMM_SELF,
             PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s is of class %s%s, expected double (dense or sparse)", fn, name,
             cls >= 0 && cls <= MAT_C_OPAQUE ? ClassNames[cls] : "unknown", v->isLogical ? " (logical)" : "");
  PetscCheck(!v->isComplex, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s is complex, expected real values", fn, name);
  PetscCheck(v->rank == 2, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s has %d dimensions, expected a matrix", fn, name, v->rank);
  PetscCheck(v->dims[0] <= PETSC_MAX_INT && v->dims[1] <= PETSC_MAX_INT, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: variable %s is too large for PetscInt", fn, name);
  *m = (PetscInt)v->dims[0];
  *n = (PetscInt)v->dims[1];
  if (v->class_type == MAT_C_SPARSE) {
    mat_sparse_t *s = (mat_sparse_t *)v->data;
    PetscCheck(s && s->jc && s->njc == (mat_uint32_t)(*n + 1) &&
                   (s->jc[*n] == 0 || (s->ir && s->data && s->jc[*n] <= s->nir && s->jc[*n] <= s->ndata)),
               PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: sparse variable %s is damaged (inconsistent column pointers)", fn, name);
    for (mat_uint32_t k = 0; k < s->jc[*n]; k++)
      PetscCheck(s->ir[k] < (mat_uint32_t)*m, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: sparse variable %s has row index %u outside %" PetscInt_FMT " rows", fn, name, (unsigned)s->ir[k], *m);
  } else
    PetscCheck(v->data || *m * *n == 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s has no data", fn, name);
  PetscFunctionReturn(0);
}

// Dense or sparse double variable -> new SEQDENSE matrix
static PetscErrorCode MatVarToDense_Private(matvar_t *v, Mat *A)
{
  PetscInt     m = (PetscInt)v->dims[0], n = (PetscInt)v->dims[1];
  PetscScalar *a;

  PetscFunctionBeginUser;
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, m, n, NULL, A));
  PetscCall(MatZeroEntries(*A));
  PetscCall(MatDenseGetArray(*A, &a));
  if (v->class_type == MAT_C_SPARSE) {
    mat_sparse_t *s = (mat_sparse_t *)v->data;
    const double *x = (const double *)s->data;
    for (PetscInt j = 0; j < n; j++)
      for (mat_uint32_t k = s->jc[j]; k < s->jc[j + 1]; k++) a[s->ir[k] + j * m] += x[k];
  } else {
    const double *x = (const double *)v->data;
    for (PetscInt k = 0; k < m * n; k++) a[k] = x[k]; // both column-major
  }
  PetscCall(MatDenseRestoreArray(*A, &a));
  PetscFunctionReturn(0);
}

// Dense or sparse double variable -> new SEQAIJ matrix of its first mrows rows (nonzeros only)
static PetscErrorCode MatVarToAIJ_Private(matvar_t *v, PetscInt mrows, Mat *A)
{
  PetscInt m = (PetscInt)v->dims[0], n = (PetscInt)v->dims[1], *nnz;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(mrows, &nnz));
  for (int pass = 0; pass < 2; pass++) {
    if (pass) PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, mrows, n, 0, nnz, A));
    for (PetscInt j = 0; j < n; j++) {
      if (v->class_type == MAT_C_SPARSE) {
        mat_sparse_t *s = (mat_sparse_t *)v->data;
        const double *x = (const double *)s->data;
        for (mat_uint32_t k = s->jc[j]; k < s->jc[j + 1]; k++) {
          PetscInt i = (PetscInt)s->ir[k];
          if (i >= mrows || x[k] == 0.0) continue;
          if (pass)
            PetscCall(MatSetValue(*A, i, j, x[k], ADD_VALUES));
          else
            nnz[i]++;
        }
      } else {
        const double *x = (const double *)v->data;
        for (PetscInt i = 0; i < mrows; i++) {
          if (x[i + j * m] == 0.0) continue;
          if (pass)
            PetscCall(MatSetValue(*A, i, j, x[i + j * m], INSERT_VALUES));
          else
            nnz[i]++;
        }
      }
    }
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(PetscFree(nnz));
  PetscFunctionReturn(0);
}

static PetscErrorCode MatInterface_Private(const char fn[], matvar_t *v[], TriboROM rom)
{
  PetscInt       mq, nq, mt, nt, ml, nl;
  TriboInterface f;
  Vec            ones, w;

  PetscFunctionBeginUser;
  for (int k = V_L; k <= V_TM; k++) {
    char found[16] = "";
    for (int j = V_L; j <= V_TM; j++)
      if (v[j]) {
        PetscCall(PetscStrlcat(found, found[0] ? ", " : "", sizeof(found)));
        PetscCall(PetscStrlcat(found, VarNames[j], sizeof(found)));
      }
    PetscCheck(v[k], PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: variable %s not found; L, Qm and Tm describe the interface and must all be present (found %s)", fn, VarNames[k], found);
  }
  PetscCall(MatVarCheck_Private(fn, v[V_QM], "Qm", &mq, &nq));
  PetscCall(MatVarCheck_Private(fn, v[V_TM], "Tm", &mt, &nt));
  PetscCall(MatVarCheck_Private(fn, v[V_L], "L", &ml, &nl));
  PetscCheck(mt == nq && nt == mq, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: variable Tm is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT
             " (nodes by points, the transpose shape of Qm)",
             fn, mt, nt, nq, mq);
  // tmdsimpy's BRB ROM has extra rows in L beyond the interface nodes: keep the first 3*nnodes
  PetscCheck(ml >= 3 * nq && nl == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: variable L is %" PetscInt_FMT " x %" PetscInt_FMT ", expected at least %" PetscInt_FMT
             " rows (3 x nodes = columns of Qm) and %" PetscInt_FMT " columns (size of M)",
             fn, ml, nl, 3 * nq, rom->n);
  PetscCall(TriboInterfaceCreate(&rom->iface));
  f         = rom->iface;
  f->nnodes = nq;
  f->npts   = mq;
  f->nelem  = 0;
  PetscCall(MatVarToAIJ_Private(v[V_L], 3 * nq, &f->L));
  PetscCall(MatVarToAIJ_Private(v[V_QM], mq, &f->Q));
  PetscCall(MatVarToAIJ_Private(v[V_TM], mt, &f->T));
  PetscCall(PetscCalloc1(3 * nq, &f->xyz));
  PetscCall(PetscCalloc1(3 * mq, &f->pxyz));
  PetscCall(PetscMalloc1(mq, &f->pw));
  PetscCall(PetscMalloc1(mq, &f->pelem));
  for (PetscInt p = 0; p < mq; p++) f->pelem[p] = -1;
  // point weights: for a Galerkin ZTE T = Q^T diag(w) and the rows of Q sum to 1, so w_p = sum_i T[i,p]
  PetscCall(MatCreateVecs(f->T, &w, &ones));
  PetscCall(VecSet(ones, 1.0));
  PetscCall(VecDestroy(&w));
  PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, mq, f->pw, &w));
  PetscCall(MatMultTranspose(f->T, ones, w));
  PetscCall(VecDestroy(&w));
  PetscCall(VecDestroy(&ones));
  PetscFunctionReturn(0);
}

/*
  TriboMatVarRead_Private - Mat_VarRead() after the variable's declared size is checked (issue 34, item 3): a dense
  variable of more than 2^31 - 1 values, or larger than the memory (TriboMemoryMax()), is an error naming the file and
  the variable, before matio allocates it. NULL where the variable is absent.
*/
PetscErrorCode TriboMatVarRead_Private(mat_t *mf, const char fn[], const char name[], matvar_t **v)
{
  matvar_t *info;
  char      what[128];

  PetscFunctionBeginUser;
  *v = NULL;
  PetscCall(PetscSNPrintf(what, sizeof(what), "variable %s", name));
  PetscCall(TriboCrashGuardPush(fn, what)); // matio trusts the file's structure
  info = Mat_VarReadInfo(mf, name);
  PetscCall(TriboCrashGuardPop());
  if (!info) PetscFunctionReturn(0);
  if (info->class_type != MAT_C_SPARSE && info->class_type != MAT_C_STRUCT && info->class_type != MAT_C_CELL) {
    unsigned long long ud[16];
    int                nd = info->rank;
    if (nd > 16 || nd < 0) Mat_VarFree(info);
    PetscCheck(nd >= 0 && nd <= 16, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s has %d dimensions, expected at most 16", fn, name,
               nd);
    for (int d = 0; d < nd; d++) ud[d] = (unsigned long long)info->dims[d];
    Mat_VarFree(info);
    PetscCall(TriboArraySizeCheck(fn, what, nd, ud, NULL));
  } else
    Mat_VarFree(info);
  PetscCall(TriboCrashGuardPush(fn, what));
  *v = Mat_VarRead(mf, name);
  PetscCall(TriboCrashGuardPop());
  PetscFunctionReturn(0);
}

static PetscErrorCode MatROM_Private(const char fn[], mat_t *mf, matvar_t *v[], TriboROM rom)
{
  PetscInt m, n;

  PetscFunctionBeginUser;
  for (int k = 0; k < V_NUM; k++) PetscCall(TriboMatVarRead_Private(mf, fn, VarNames[k], &v[k]));
  for (int k = V_M; k <= V_K; k++)
    PetscCheck(v[k], PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s not found; a ROM .mat needs M and K", fn, VarNames[k]);
  PetscCall(MatVarCheck_Private(fn, v[V_M], "M", &m, &n));
  PetscCheck(m == n && n > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: variable M is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix", fn, m, n);
  rom->n = n;
  PetscCall(MatVarCheck_Private(fn, v[V_K], "K", &m, &n));
  PetscCheck(m == rom->n && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: variable K is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix of size %" PetscInt_FMT " (same as M)", fn, m, n,
             rom->n);
  PetscCall(MatVarToDense_Private(v[V_M], &rom->M));
  PetscCall(MatVarToDense_Private(v[V_K], &rom->K));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, rom->n, &rom->Fv));
  PetscCall(VecZeroEntries(rom->Fv));
  if (v[V_FV]) {
    Mat                F;
    const PetscScalar *a;
    PetscCall(MatVarCheck_Private(fn, v[V_FV], "Fv", &m, &n));
    PetscCheck((m == rom->n && n == 1) || (m == 1 && n == rom->n), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: variable Fv is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x 1 (a vector of the size of M)", fn, m, n,
               rom->n);
    PetscCall(MatVarToDense_Private(v[V_FV], &F));
    PetscCall(MatDenseGetArrayRead(F, &a));
    for (PetscInt i = 0; i < rom->n; i++) PetscCall(VecSetValue(rom->Fv, i, a[i], INSERT_VALUES));
    PetscCall(MatDenseRestoreArrayRead(F, &a));
    PetscCall(MatDestroy(&F));
    PetscCall(VecAssemblyBegin(rom->Fv));
    PetscCall(VecAssemblyEnd(rom->Fv));
  }
  if (v[V_R]) {
    PetscCall(MatVarCheck_Private(fn, v[V_R], "R", &m, &n));
    PetscCheck(n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: variable R is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " columns (size of M)", fn, m, n, rom->n);
    if (m > 0) {
      PetscCall(MatVarToDense_Private(v[V_R], &rom->R));
      PetscCall(PetscCalloc1(m, &rom->rlabels));
      rom->nrec = m;
      for (PetscInt i = 0; i < m; i++) {
        char lab[32];
        PetscCall(PetscSNPrintf(lab, sizeof(lab), "R%" PetscInt_FMT, i + 1));
        PetscCall(PetscStrallocpy(lab, &rom->rlabels[i]));
      }
    }
  }
  if (v[V_L] || v[V_QM] || v[V_TM]) PetscCall(MatInterface_Private(fn, v, rom));
  PetscCall(PetscStrncpy(rom->title, Mat_GetVersion(mf) == MAT_FT_MAT73 ? "MATLAB v7.3 ROM" : "MATLAB ROM", sizeof(rom->title)));
  PetscFunctionReturn(0);
}

/*@
  TriboROMLoadMAT - Reads a ROM from a MATLAB .mat file (v5, v7 or v7.3) as written by the Rice
  tools.

  Collective

  Input Parameters:
+ comm     - ranks that will share the ROM (each reads the file)
- filename - the .mat file

  Output Parameter:
. rom - the ROM, with source and sha256 set

  Notes:
  Variables (double, dense or sparse, real): M, K (n x n, required); Fv (n x 1 or 1 x n, zero
  if absent); R (nrec x n, labelled "R1", "R2", ...); L (3*nnodes x n, rows node-major in the
  local frame (t1, t2, n); extra rows after the first 3*nnodes are ignored, as in tmdsimpy's
  BRB model), Qm (npts x nnodes), Tm (nnodes x npts): all three or none. The point weights are
  the column sums of Tm (exact for a Galerkin ZTE, T = Q^T diag(w), whose rows of Q sum to 1).
  Node and point coordinates and the elements are not in the file: coordinates are set to 0,
  nelem to 0 and the points' elements to -1.

.seealso: `TriboROMLoad()`, `TriboROMLoadHDF5()`
@*/
PetscErrorCode TriboROMLoadMAT(MPI_Comm comm, const char filename[], TriboROM *rom)
{
  TriboROM       r;
  mat_t         *mf;
  matvar_t      *v[V_NUM] = {NULL};
  PetscBool      flg;
  PetscMPIInt    rank;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscTestFile(filename, '\0', &flg));
  PetscCheck(flg, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "file %s does not exist", filename);
  MatLastMessage[0] = 0;
  Mat_LogInitFunc("tribo", MatLog_Private);
  mf = Mat_Open(filename, MAT_ACC_RDONLY);
  PetscCheck(mf, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s is not a MATLAB .mat file that matio can read%s%s", filename,
             MatLastMessage[0] ? ": " : "", MatLastMessage);
  PetscCall(TriboROMCreate(comm, &r));
  // on an error, free matio's variables, close the file and free the partial ROM before passing it on
  ierr = MatROM_Private(filename, mf, v, r);
  for (int k = 0; k < V_NUM; k++) Mat_VarFree(v[k]);
  Mat_Close(mf);
  if (!ierr) ierr = TriboROMCheck(r, filename);
  if (ierr) PetscCall(TriboROMDestroy(&r));
  PetscCall(ierr);
  PetscCall(PetscStrncpy(r->source, filename, sizeof(r->source)));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (!rank) PetscCall(TriboFileSHA256(filename, r->sha256));
  PetscCallMPI(MPI_Bcast(r->sha256, 65, MPI_CHAR, 0, comm));
  *rom = r;
  PetscFunctionReturn(0);
}
