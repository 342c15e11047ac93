#pragma once
/* A distributed, matrix-free solver for the bordered harmonic-balance (HB/EPMC) Jacobian of a joint on a ROM
   (src/rom/hbop.c):
     [[ (S(omega) + J_nl) diag(s), B ], [ C^T, E ]] z = b,
   S block diagonal over the harmonics (S_0 = K, S_h = [[K - (h w)^2 M, h w D], [-h w D, K - (h w)^2 M]],
   D = alpha M + beta K), J_nl = sum_p W_p Jp_p P_p the joint's AFT Jacobian (TriboHBAFT()), s one scale per
   coefficient column and B, C (Nx x m), E (m x m) the continuation's border. Unknowns harmonic-major,
   X[k n + i] (include/tribohb.h). Options prefix hbop_. */
#include <petscksp.h>
#include <triborom.h>

typedef struct _p_TriboHBOp *TriboHBOp;

/* preconditioners of the bordered system (-hbop_pc_type) */
typedef enum {
  TRIBO_HBOP_PC_MODAL = 0, /* modes of (K + Kt, M): 2 x 2 modal blocks per harmonic, bordered exactly */
  TRIBO_HBOP_PC_NONE  = 1
} TriboHBOpPCType;
PETSC_EXTERN const char *const TriboHBOpPCTypes[];

PETSC_EXTERN PetscErrorCode TriboHBOpCreate(MPI_Comm, TriboHBOp *);
PETSC_EXTERN PetscErrorCode TriboHBOpSetJoint(TriboHBOp, TriboJoint);
PETSC_EXTERN PetscErrorCode TriboHBOpSetHB(TriboHBOp, TriboHB);
PETSC_EXTERN PetscErrorCode TriboHBOpSetFromOptions(TriboHBOp);
PETSC_EXTERN PetscErrorCode TriboHBOpSetUp(TriboHBOp);
PETSC_EXTERN PetscErrorCode TriboHBOpSetReferenceTangent(TriboHBOp, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBOpSetLinear(TriboHBOp, PetscReal, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboHBOpSetColumnScaling(TriboHBOp, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBOpSetDampingMatrix(TriboHBOp, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBOpSetFixedStatic(TriboHBOp, PetscBool);
PETSC_EXTERN PetscErrorCode TriboHBOpMultJacobian(TriboHBOp, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBOpSetPCType(TriboHBOp, TriboHBOpPCType);
PETSC_EXTERN PetscErrorCode TriboHBOpSetDirect(TriboHBOp, PetscBool);
PETSC_EXTERN PetscErrorCode TriboHBOpEvaluate(TriboHBOp, TriboLawMode, const PetscReal[], PetscReal[], PetscBool);
PETSC_EXTERN PetscErrorCode TriboHBOpSolve(TriboHBOp, PetscInt, const PetscReal[], const PetscReal[], const PetscReal[], const PetscReal[],
                                           PetscReal[], PetscInt *, PetscBool *);
PETSC_EXTERN PetscErrorCode TriboHBOpGetKSP(TriboHBOp, KSP *);
PETSC_EXTERN PetscErrorCode TriboHBOpView(TriboHBOp, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboHBOpDestroy(TriboHBOp *);
