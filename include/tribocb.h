#pragma once
/* The ROM-building layer on top of the finite-element layer (tribofe.h): the joint interface of a
   mesh (src/rom/cbiface.c) and the Craig-Bampton reduction of an assembled FE system to a
   TriboROM with the joint interface kept in relative coordinates (src/rom/cb.c; papers
   linder-gross-krack §2.2, porter-brake-2023 §3.1, porter-et-al-2022 §3.2). */
#include <tribofe.h>
#include <triborom.h>

/* The Craig-Bampton reduction with the joint interface kept (src/rom/cb.c), options -rom_*:
   TriboCBCreate(), TriboCBSetOptionsPrefix(), TriboCBSetFromOptions() (reads every option),
   TriboCBSetUp(), TriboCBReduce(cb, fe, &rom), TriboCBCondense(cb, rom) (the optional second
   stage), TriboCBView(), TriboCBDestroy(). */
typedef struct _p_TriboCB  *TriboCB;
PETSC_EXTERN PetscErrorCode TriboCBCreate(MPI_Comm, TriboCB *);
PETSC_EXTERN PetscErrorCode TriboCBSetOptionsPrefix(TriboCB, const char[]);
PETSC_EXTERN PetscErrorCode TriboCBSetFromOptions(TriboCB);
PETSC_EXTERN PetscErrorCode TriboCBSetInterfaceSets(TriboCB, const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboCBSetNumModes(TriboCB, PetscInt);
PETSC_EXTERN PetscErrorCode TriboCBSetCondenseModes(TriboCB, PetscInt);
PETSC_EXTERN PetscErrorCode TriboCBGetCondenseModes(TriboCB, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboCBSetStoreSurface(TriboCB, PetscBool);
PETSC_EXTERN PetscErrorCode TriboCBSetUp(TriboCB);
PETSC_EXTERN PetscErrorCode TriboCBReduce(TriboCB, TriboFESystem, TriboROM *);
PETSC_EXTERN PetscErrorCode TriboCBCondense(TriboCB, TriboROM);
PETSC_EXTERN PetscErrorCode TriboCBView(TriboCB, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboCBDestroy(TriboCB *);

/* The joint interface of a mesh (src/rom/cbiface.c): pairs of coincident (or, for non-conforming
   meshes of the same topology, nearly coincident) nodes of a top and a bottom node set, the local
   frame (t1, t2, n), n pointing from the top side into the bottom side so that
   u_n = (u_top - u_bottom).n > 0 is interpenetration, and the zero-thickness element mesh of the
   bottom side (nodes = pairs). Arguments: mesh, top set, bottom set, pairing tolerance relative to
   the model size, pairing tolerance relative to the shortest interface edge at the node, flatness
   tolerance relative to the model size. The pairs are created by TriboMeshGetInterfacePairs() and
   destroyed by TriboInterfacePairsDestroy(). */
typedef struct _n_TriboInterfacePairs *TriboInterfacePairs;
struct _n_TriboInterfacePairs {
  PetscInt       npairs;
  PetscInt      *top, *bot; /* [npairs] 0-based nodes of each pair, in the order of the bottom set */
  PetscReal      frame[9];  /* rows t1, t2, n (global components) */
  PetscInt       nfar;      /* pairs farther apart than the model-size tolerance (non-conforming meshes) */
  PetscReal      dmax;      /* largest distance between the two nodes of a pair (m) */
  TriboInterface iface;     /* nodes, elements, quadrature, Q and T; L is left to the caller */
};
/* The outer surface of the solid elements of a mesh (corner nodes, src/rom/cb.c): faces that belong
   to one element only; output: nodes used (0-based mesh nodes), and XDMF mixed cells on them. */
PETSC_EXTERN PetscErrorCode TriboMeshGetOuterSurface(TriboMesh, PetscInt *, PetscInt **, PetscInt *, PetscInt *, PetscInt **);
PETSC_EXTERN PetscErrorCode TriboMeshGetInterfacePairs(TriboMesh, const char[], const char[], PetscReal, PetscReal, PetscReal, TriboInterfacePairs *);
PETSC_EXTERN PetscErrorCode TriboInterfacePairsDestroy(TriboInterfacePairs *);
