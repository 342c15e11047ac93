#pragma once
/* The working state of one Craig-Bampton reduction (src/rom/cb.c) shared with its static constraint modes
   (src/rom/cbstatic.c). */
#include <tribo/private/cbimpl.h>
#include <tribonum.h>
#include <slepceps.h>

typedef struct {
  PetscInt    *ia, *ja; // CSR over the owned interior rows, columns = boundary positions
  PetscScalar *a;
} CBCoupling;

typedef struct {
  MPI_Comm       comm;
  PetscMPIInt    rank;
  PetscBool      monitor;
  PetscLogDouble t0;
  PetscInt       nfree, np, nb, nm, ncb, ni, niloc, rstart, rend, bs;
  PetscBool      sparserhs, redundant;
  // bdof: free DOF of each boundary position (sorted); bpos: position of each free DOF (-1: interior);
  // iloc: local interior index of each owned row (-1: boundary)
  PetscInt    *bdof, *bpos, *iloc;
  PetscInt    *ft, *fb; // [3 np] free DOFs of the top and bottom node of each pair
  CBCoupling   kib, mib;
  Mat          Kii, Mii, F;
  KSP          ksp;
  EPS          eps;
  PetscScalar *psi, *phi;    // [niloc x nb], [niloc x nm] column-major
  PetscReal   *lambda;       // [nm] omega^2
  PetscScalar *Kc, *Mc, *fc; // [ncb x ncb] column-major, [ncb]: reduced matrices in CB coordinates (local contributions, then sums)
} CB;

PETSC_INTERN PetscErrorCode CBMonitor(CB *, const char[], ...);
/* C (m x n, leading dimension ldc) += A^T B, A: k x m (lda), B: k x n (ldb) */
PETSC_INTERN PetscErrorCode CBGemmTN(PetscInt, PetscInt, PetscInt, const PetscScalar *, PetscInt, const PetscScalar *, PetscInt, PetscScalar *,
                                     PetscInt);
/* Psi = -K_ii^{-1} K_ib and its blocks of K_cb, M_cb (src/rom/cbstatic.c) */
PETSC_INTERN PetscErrorCode CBConstraintModes(CB *);
