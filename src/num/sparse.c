/* Queries of sparse matrices shared by the layers above. */
#include <tribonum.h>

/*@
  TriboMatGetNonzeroColumns - The columns in which a matrix has at least one nonzero value.

  Collective on A

  Input Parameter:
. A - the matrix

  Output Parameters:
+ nc   - number of such columns
- cols - the columns, ascending (a new array of at least one entry: PetscFree() it)

  Notes:
  Stored zeros do not count. These are the DOFs an interface map L acts on: the ROM's condensation
  keeps them, the joint's tangent is assembled on them. From the column norms
  (MatGetColumnNorms(), NORM_INFINITY), so every rank gets all columns.

.seealso: `MatGetColumnNorms()`
@*/
PetscErrorCode TriboMatGetNonzeroColumns(Mat A, PetscInt *nc, PetscInt *cols[])
{
  PetscInt   n, m = 0;
  PetscReal *norms;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(A, NULL, &n));
  PetscCall(PetscMalloc1(n, &norms));
  PetscCall(MatGetColumnNorms(A, NORM_INFINITY, norms));
  for (PetscInt j = 0; j < n; j++) m += norms[j] > 0;
  PetscCall(PetscMalloc1(m + 1, cols));
  m = 0;
  for (PetscInt j = 0; j < n; j++)
    if (norms[j] > 0) (*cols)[m++] = j;
  *nc = m;
  PetscCall(PetscFree(norms));
  PetscFunctionReturn(0);
}

/*@
  TriboMatGetCSRCopy - A copy of the compressed sparse rows of a sequential AIJ matrix.

  Not collective

  Input Parameter:
. A - a MATSEQAIJ matrix with m rows

  Output Parameters:
+ ia - row starts, m + 1 entries
. ja - column indices, ia[m] entries, ascending in each row
- a  - values, ia[m] entries

  Notes:
  For kernels that keep a matrix's pattern and values in plain arrays (the Craig-Bampton
  coupling blocks, the joint's point maps). The three arrays are new, with at least one entry
  each: PetscFree() them.

.seealso: `MatGetRowIJ()`, `MatSeqAIJGetArrayRead()`
@*/
PetscErrorCode TriboMatGetCSRCopy(Mat A, PetscInt *ia[], PetscInt *ja[], PetscScalar *a[])
{
  PetscInt           m;
  const PetscInt    *i, *j;
  const PetscScalar *v;
  PetscBool          done;

  PetscFunctionBeginUser;
  PetscCall(MatGetRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &m, &i, &j, &done));
  PetscCheck(done, PETSC_COMM_SELF, PETSC_ERR_SUP, "the matrix has no compressed-row arrays (a MATSEQAIJ matrix is needed)");
  PetscCall(MatSeqAIJGetArrayRead(A, &v));
  PetscCall(PetscMalloc1(m + 1, ia));
  PetscCall(PetscMalloc1(i[m] + 1, ja));
  PetscCall(PetscMalloc1(i[m] + 1, a));
  PetscCall(PetscArraycpy(*ia, i, m + 1));
  PetscCall(PetscArraycpy(*ja, j, i[m]));
  PetscCall(PetscArraycpy(*a, v, i[m]));
  PetscCall(MatSeqAIJRestoreArrayRead(A, &v));
  PetscCall(MatRestoreRowIJ(A, 0, PETSC_FALSE, PETSC_FALSE, &m, &i, &j, &done));
  PetscFunctionReturn(0);
}
