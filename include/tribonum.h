#pragma once
/* Shared numerics below every other layer (src/num/): dense eigensolvers, point sets and rules on
   an interval, geometry of flat interface faces, and sparse-pattern queries. Only PETSc, system
   headers and tribosys.h may be included here, so that any layer can use it. */
#include <petscmat.h>
#include <tribosys.h>

/* Dense symmetric-definite generalized eigenproblem A x = w B x (LAPACK sygv); A, B column-major,
   overwritten; w ascending, A holds B-orthonormal eigenvectors. */
PETSC_EXTERN PetscErrorCode TriboDenseEigen(PetscInt, PetscReal[], PetscReal[], PetscReal[]);
/* The nev lowest eigenpairs of the same problem (LAPACK sygvx by index) into w and Z (n x nev). */
PETSC_EXTERN PetscErrorCode TriboDenseEigenLowest(PetscInt, PetscReal[], PetscReal[], PetscInt, PetscReal[], PetscReal[]);
/* C (m x n) = op(A) (m x k) B (k x n) for small row-major arrays, sums in the order of k. */
PETSC_EXTERN void TriboDenseMatMultRowMajor(PetscBool, PetscInt, PetscInt, PetscInt, const PetscReal[], const PetscReal[], PetscReal[]);

/* n values from a to b (both > 0) equally spaced in log10. */
PETSC_EXTERN PetscErrorCode TriboLogspace(PetscReal, PetscReal, PetscInt, PetscReal[]);
/* Legendre-Gauss-Lobatto nodes and weights on [-1,1] (m >= 2 points), from PETSc's PetscDT. */
PETSC_EXTERN PetscErrorCode TriboLGL(PetscInt, PetscReal[], PetscReal[]);

/* Shape functions of a linear face at xi: nv = 3, triangle (1 - r - s, r, s) on the unit triangle;
   nv = 4, bilinear quadrilateral on [-1,1]^2 with corners (-1,-1), (1,-1), (1,1), (-1,1).
   dN[2a+k] = dN_a/dxi_k. */
PETSC_EXTERN void TriboFaceShape(PetscInt, const PetscReal[], PetscReal[], PetscReal[]);
/* Normal of a face with nv = 3 or 4 corners X[0..nv-1]: the cross product of two edges
   (triangle) or of the diagonals (quadrilateral), |n| = twice the area of a flat face. */
PETSC_EXTERN void TriboFaceNormal(PetscInt, const PetscReal *const[], PetscReal[]);
/* Local frame (t1, t2, n) of a plane with unit normal n: t1, t2 the global axes closest to the
   plane (x before y before z) made orthonormal to n; frame[0..8] = rows t1, t2, n. */
PETSC_EXTERN void TriboPlaneFrame(const PetscReal[], PetscReal[]);

/* Columns in which a matrix has a nonzero value, ascending (a new array: PetscFree() it). */
PETSC_EXTERN PetscErrorCode TriboMatGetNonzeroColumns(Mat, PetscInt *, PetscInt *[]);
/* Copy of the compressed sparse rows (ia, ja, a) of a MATSEQAIJ matrix (new arrays: PetscFree() them). */
PETSC_EXTERN PetscErrorCode TriboMatGetCSRCopy(Mat, PetscInt *[], PetscInt *[], PetscScalar *[]);
