#include <tribonma.h>
#include <tribonum.h>
#include <petscblaslapack.h>

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
