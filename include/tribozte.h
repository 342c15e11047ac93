#pragma once
/* Interface reduction of a Craig-Bampton ROM to a coarse zero-thickness-element (ZTE) mesh
   (src/rom/zte.c, src/rom/ztemesh.c), the hyper-reduced interfaces of the Rice models (paper
   brake-porter-karpov-masing-manifolds §4.1: 122 ZTEs, 156 nodes; paper porter-brake-2023: 232).

   Two ways, after Balaji, Dreher, Krack & Brake, MSSP 149 (2021) 107249:
   - interpolation (types grid, mesh): a coarse mesh of quadrilaterals (and triangles) laid over the
     interface; the relative and mean displacements of the fine interface nodes are interpolated
     from the coarse nodes with the coarse elements' shape functions, u_fine = Phi u_coarse. The
     ROM is projected on [kron(Phi, I3) on r, kron(Phi, I3) on m, I on the modes]: a kinematic
     constraint, which stiffens the interface (the fine nodes follow a bilinear field).
   - patches (type patches): the fine faces are grouped into N patches by graph partitioning
     (PETSc's MatPartitioning); each patch gets a virtual node whose displacement is the
     area-weighted mean of its fine nodes (an RBE3, "distributing" coupling, W u_fine = u_coarse);
     the fine interface DOFs are condensed statically under these constraints (the least-energy
     field with the given means), so the reduction adds no stiffness. One ZTE point per patch, at
     its centroid, with its area.
   Either way the rigid-body motions are kept exactly (Phi reproduces linear fields; the RBE3 means
   of a rigid motion are the motion of the centroid), the interface area is the fine one (quadrature
   weights scaled to the fine area inside each coarse element) and the bolt load is carried exactly. */
#include <triborom.h>

typedef struct _p_TriboZTE *TriboZTE;
typedef const char         *TriboZTEType;
#define TRIBOZTEGRID    "grid"
#define TRIBOZTEPATCHES "patches"
#define TRIBOZTEMESH    "mesh"

PETSC_EXTERN PetscFunctionList TriboZTEList;
PETSC_EXTERN PetscErrorCode    TriboZTERegister(const char[], PetscErrorCode (*)(TriboZTE));
PETSC_EXTERN PetscErrorCode    TriboZTERegisterAll(void);
PETSC_EXTERN PetscErrorCode    TriboZTECreate(MPI_Comm, TriboZTE *);
PETSC_EXTERN PetscErrorCode    TriboZTESetType(TriboZTE, TriboZTEType);
PETSC_EXTERN PetscErrorCode    TriboZTEGetType(TriboZTE, TriboZTEType *);
PETSC_EXTERN PetscErrorCode    TriboZTESetGrid(TriboZTE, PetscInt, PetscInt);
PETSC_EXTERN PetscErrorCode    TriboZTESetPatches(TriboZTE, PetscInt);
PETSC_EXTERN PetscErrorCode    TriboZTESetMeshFile(TriboZTE, const char[]);
PETSC_EXTERN PetscErrorCode    TriboZTESetFromOptions(TriboZTE);
/* Reduce the interface of a ROM from TriboCBReduce() (DOFs [r; m; modes]) in place; no-op when no type is set */
PETSC_EXTERN PetscErrorCode TriboZTEApply(TriboZTE, TriboROM);
PETSC_EXTERN PetscErrorCode TriboZTEView(TriboZTE, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboZTEDestroy(TriboZTE *);
