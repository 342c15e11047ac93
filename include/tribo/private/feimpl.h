#pragma once
/* Private to the finite-element layer (src/fe); never included by a public header. */
#include <tribofe.h>

/* Private to src/fe: element matrices with the scalar mass (M_e = Ms (x) I_3) and the smallest
   Jacobian determinant; element volume; DOF numbering and elimination matrix T (constraints.c). */
PETSC_INTERN PetscErrorCode TriboFEElementMatrices_Private(TriboElementType, const PetscReal[], PetscReal, PetscReal, PetscReal, PetscReal[],
                                                           PetscReal[], PetscReal *);
PETSC_INTERN PetscErrorCode TriboFEElementVolume_Private(TriboElementType, const PetscReal[], PetscReal *);
typedef struct {
  PetscInt  *ptr, *col; /* row d of T: columns col[ptr[d] .. ptr[d+1]) */
  PetscReal *val;
} TriboFECSR;
PETSC_INTERN PetscErrorCode TriboFEConstraintsBuild_Private(TriboMesh, MPI_Comm, const TriboFEOptions *, PetscInt *, PetscInt **, PetscInt **,
                                                            PetscInt *, TriboFECSR *, Mat *);
/* Frees the mesh's data and leaves it empty, keeping its communicator, prefix and options (mesh.c) */
PETSC_INTERN PetscErrorCode TriboMeshReset_Private(TriboMesh);
