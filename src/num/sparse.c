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
