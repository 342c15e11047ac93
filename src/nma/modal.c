#include <tribonma.h>
#include <petscblaslapack.h>

/*@
  TriboDenseEigen - Solves A x = w B x for symmetric A and symmetric positive definite B (LAPACK
  dsygv); both column-major n x n and overwritten: A by the B-orthonormal eigenvectors.

  Not collective
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
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "the mass matrix is not positive definite (LAPACK dsygv info = %d): check M in the ROM", (int)info);
  PetscFunctionReturn(0);
}

/*@
  TriboDenseEigenLowest - The nev lowest eigenpairs of A x = w B x (A symmetric, B symmetric
  positive definite; LAPACK dsygvx by index). A and B are column-major n x n and overwritten; w has
  room for n values (the first nev are set, ascending), Z (n x nev) gets B-orthonormal vectors.

  Not collective
@*/
PetscErrorCode TriboDenseEigenLowest(PetscInt n, PetscReal A[], PetscReal B[], PetscInt nev, PetscReal w[], PetscReal Z[])
{
  PetscBLASInt bn, one = 1, il = 1, iu, found, lwork = -1, info, *iwork, *ifail;
  PetscReal    wq, *work, dummy = 0, abstol = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscBLASIntCast(nev, &iu));
  PetscCall(PetscMalloc2(5 * n, &iwork, n, &ifail));
  PetscCallBLAS("LAPACKsygvx", LAPACKsygvx_(&one, "V", "I", "U", &bn, A, &bn, B, &bn, &dummy, &dummy, &il, &iu, &abstol, &found, w, Z, &bn, &wq, &lwork, iwork, ifail, &info));
  lwork = (PetscBLASInt)wq;
  PetscCall(PetscMalloc1(lwork, &work));
  PetscCallBLAS("LAPACKsygvx", LAPACKsygvx_(&one, "V", "I", "U", &bn, A, &bn, B, &bn, &dummy, &dummy, &il, &iu, &abstol, &found, w, Z, &bn, work, &lwork, iwork, ifail, &info));
  PetscCall(PetscFree(work));
  PetscCall(PetscFree2(iwork, ifail));
  PetscCheck(info == 0 && found == iu, PETSC_COMM_SELF, PETSC_ERR_LIB, "dense eigensolver (LAPACK dsygvx) failed, info = %d, %d of %d modes", (int)info, (int)found, (int)iu);
  PetscFunctionReturn(0);
}

/*@
  TriboModalSolve - Linearized modes about a (prestressed) state u.

  Collective

  Input Parameters:
+ rom    - the ROM
. joint  - the joint (NULL: no interface forces); its committed history defines the tangent
. u      - the state (NULL: zero)
- cutoff - Hz; modes below are counted as rigid-body / suspension modes (modal->nrigid)

  Output Parameter:
. modal - omega^2 ascending and mass-normalized shapes

  Notes:
  The tangent K_t = K + d f_nl/du is symmetrized, (K_t + K_t^T)/2, as the friction tangent in
  slip is not symmetric (stuck after a conservative prestress it is). Dense LAPACK; a SLEPc
  path for large ROMs comes with the FE reduction.
@*/
PetscErrorCode TriboModalSolve(TriboROM rom, TriboJoint joint, const PetscReal u[], PetscReal cutoff, TriboModal *modal)
{
  PetscFunctionBeginUser;
  PetscCall(TriboModalSolveFirst(rom, joint, u, cutoff, rom->n, modal));
  PetscFunctionReturn(0);
}

/*@
  TriboModalSolveFirst - TriboModalSolve() for the nev lowest modes only (LAPACK dsygvx), much
  cheaper than all of them for ROMs of thousands of DOFs; modal->n is then nev and phi is n x nev.
@*/
PetscErrorCode TriboModalSolveFirst(TriboROM rom, TriboJoint joint, const PetscReal u[], PetscReal cutoff, PetscInt nev, TriboModal *modal)
{
  PetscInt           n = rom->n;
  PetscReal         *A, *B, *f, *z = NULL;
  const PetscScalar *k, *m;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(modal, sizeof(*modal)));
  nev                 = PetscMax(1, PetscMin(nev, n));
  modal->n            = nev;
  modal->ndof         = n;
  modal->rigid_cutoff = cutoff;
  PetscCall(PetscMalloc1(n * n, &A));
  PetscCall(PetscMalloc1(n * n, &B));
  PetscCall(PetscMalloc1(n, &f));
  PetscCall(MatDenseGetArrayRead(rom->K, &k));
  PetscCall(MatDenseGetArrayRead(rom->M, &m));
  PetscCall(PetscArraycpy(A, k, n * n));
  PetscCall(PetscArraycpy(B, m, n * n));
  PetscCall(MatDenseRestoreArrayRead(rom->K, &k));
  PetscCall(MatDenseRestoreArrayRead(rom->M, &m));
  if (joint) {
    if (!u) PetscCall(PetscCalloc1(n, &z));
    PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, u ? u : z, f, A));
    PetscCall(PetscFree(z));
  }
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < j; i++) A[i + j * n] = A[j + i * n] = 0.5 * (A[i + j * n] + A[j + i * n]);
  PetscCall(PetscMalloc1(n, &modal->omega2));
  if (nev == n) {
    PetscCall(TriboDenseEigen(n, A, B, modal->omega2));
    modal->phi = A;
  } else {
    PetscReal *Z;
    PetscCall(PetscMalloc1(n * nev, &Z));
    PetscCall(TriboDenseEigenLowest(n, A, B, nev, modal->omega2, Z));
    PetscCall(PetscFree(A));
    modal->phi = Z;
  }
  for (PetscInt i = 0; i < nev; i++) {
    PetscReal fhz = PetscSqrtReal(PetscMax(modal->omega2[i], 0)) / (2 * PETSC_PI);
    if (fhz < cutoff) modal->nrigid++;
    // sign convention: largest component positive, so shapes are reproducible
    {
      PetscReal big = 0;
      for (PetscInt r = 0; r < n; r++)
        if (PetscAbsReal(modal->phi[r + i * n]) > PetscAbsReal(big)) big = modal->phi[r + i * n];
      if (big < 0)
        for (PetscInt r = 0; r < n; r++) modal->phi[r + i * n] = -modal->phi[r + i * n];
    }
  }
  PetscCall(PetscFree(B));
  PetscCall(PetscFree(f));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboModalFinalize(TriboModal *modal)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(modal->omega2));
  PetscCall(PetscFree(modal->phi));
  PetscFunctionReturn(0);
}
