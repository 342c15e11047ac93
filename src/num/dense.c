/* Dense symmetric-definite generalized eigenproblems (LAPACK through PETSc's BLAS/LAPACK
   wrappers), for the modal analysis of small ROMs and for their condensation. */
#include <tribonum.h>
#include <petscblaslapack.h>

/*@
  TriboDenseEigen - Solves A x = w B x for symmetric A and symmetric positive definite B (LAPACK
  dsygv); both column-major n x n and overwritten: A by the B-orthonormal eigenvectors.

  Not collective

  Input Parameters:
+ n - order of the matrices
. A - symmetric matrix (upper triangle used), column-major; overwritten by the eigenvectors
- B - symmetric positive definite matrix (upper triangle used), column-major; overwritten by its
      Cholesky factor

  Output Parameter:
. w - the n eigenvalues, ascending; column k of A is the eigenvector of w[k], x^T B x = 1

  Notes:
  A B that is not positive definite is reported as a user error (it is the mass matrix of a ROM).

.seealso: `TriboDenseEigenLowest()`
@*/
PetscErrorCode TriboDenseEigen(PetscInt n, PetscReal A[], PetscReal B[], PetscReal w[])
{
  PetscBLASInt nb, one = 1, lwork, info;
  PetscReal   *work, wq;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n, &nb));
  lwork = -1;
  PetscCallBLAS("LAPACKsygv", LAPACKsygv_(&one, "V", "U", &nb, A, &nb, B, &nb, w, &wq, &lwork, &info));
  lwork = (PetscBLASInt)wq;
  PetscCall(PetscMalloc1(lwork, &work));
  PetscCallBLAS("LAPACKsygv", LAPACKsygv_(&one, "V", "U", &nb, A, &nb, B, &nb, w, work, &lwork, &info));
  PetscCall(PetscFree(work));
  PetscCheck(info <= nb, PETSC_COMM_SELF, PETSC_ERR_LIB, "dense eigensolver (LAPACK dsygv) failed, info = %d", (int)info);
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "the mass matrix is not positive definite (LAPACK dsygv info = %d): check M in the ROM", (int)info);
  PetscFunctionReturn(0);
}

/*@
  TriboDenseEigenLowest - The nev lowest eigenpairs of A x = w B x (A symmetric, B symmetric
  positive definite; LAPACK dsygvx by index), much cheaper than all of them for large n.

  Not collective

  Input Parameters:
+ n   - order of the matrices
. A   - symmetric matrix (upper triangle used), column-major; overwritten
. B   - symmetric positive definite matrix (upper triangle used), column-major; overwritten
- nev - number of eigenpairs wanted, 1 <= nev <= n

  Output Parameters:
+ w - room for n values: the first nev are the lowest eigenvalues, ascending
- Z - n x nev, column-major: the B-orthonormal eigenvectors

.seealso: `TriboDenseEigen()`
@*/
PetscErrorCode TriboDenseEigenLowest(PetscInt n, PetscReal A[], PetscReal B[], PetscInt nev, PetscReal w[], PetscReal Z[])
{
  PetscBLASInt bn, one = 1, il = 1, iu, found, lwork = -1, info, *iwork, *ifail;
  PetscReal    wq, *work, dummy = 0, abstol = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscBLASIntCast(nev, &iu));
  PetscCall(PetscMalloc2(5 * n, &iwork, n, &ifail));
  PetscCallBLAS("LAPACKsygvx", LAPACKsygvx_(&one, "V", "I", "U", &bn, A, &bn, B, &bn, &dummy, &dummy, &il, &iu, &abstol, &found, w, Z, &bn, &wq,
                                            &lwork, iwork, ifail, &info));
  lwork = (PetscBLASInt)wq;
  PetscCall(PetscMalloc1(lwork, &work));
  PetscCallBLAS("LAPACKsygvx", LAPACKsygvx_(&one, "V", "I", "U", &bn, A, &bn, B, &bn, &dummy, &dummy, &il, &iu, &abstol, &found, w, Z, &bn, work,
                                            &lwork, iwork, ifail, &info));
  PetscCall(PetscFree(work));
  PetscCall(PetscFree2(iwork, ifail));
  PetscCheck(info == 0 && found == iu, PETSC_COMM_SELF, PETSC_ERR_LIB, "dense eigensolver (LAPACK dsygvx) failed, info = %d, %d of %d modes",
             (int)info, (int)found, (int)iu);
  PetscFunctionReturn(0);
}

/*@
  TriboDenseMatMultRowMajor - C = op(A) B for small dense row-major matrices, by plain loops.

  Not collective

  Input Parameters:
+ transA - PETSC_TRUE: op(A) = A^T with A stored k x m; PETSC_FALSE: op(A) = A stored m x k
. m      - rows of C
. n      - columns of C and of B
. k      - columns of op(A), rows of B
. A      - row-major
- B      - k x n, row-major

  Output Parameter:
. C - m x n, row-major (must not overlap A or B)

  Notes:
  For element-sized matrices (12 x 12 frame elements, 60 x 60 solid elements), where a BLAS call
  costs more than it saves; each entry is summed in the order of the inner index, so results do
  not depend on a BLAS library's blocking. A pure kernel: no error code.

  Level: developer
@*/
void TriboDenseMatMultRowMajor(PetscBool transA, PetscInt m, PetscInt n, PetscInt k, const PetscReal A[], const PetscReal B[], PetscReal C[])
{
  for (PetscInt i = 0; i < m; i++)
    for (PetscInt j = 0; j < n; j++) {
      PetscReal s = 0;
      for (PetscInt l = 0; l < k; l++) s += (transA ? A[l * m + i] : A[i * k + l]) * B[l * n + j];
      C[i * n + j] = s;
    }
}
