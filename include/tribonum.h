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
/* n values from a to b (both > 0) equally spaced in log10. */
PETSC_EXTERN PetscErrorCode TriboLogspace(PetscReal, PetscReal, PetscInt, PetscReal[]);
/* Legendre-Gauss-Lobatto nodes and weights on [-1,1] (m >= 2 points), from PETSc's PetscDT. */
PETSC_EXTERN PetscErrorCode TriboLGL(PetscInt, PetscReal[], PetscReal[]);
