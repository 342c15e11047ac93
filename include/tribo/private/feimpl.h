#pragma once
/* Private to the finite-element layer (src/fe); never included by a public header. */
#include <tribofe.h>

/* Private to src/fe: element matrices with the scalar mass (M_e = Ms (x) I_3) and the smallest
   Jacobian determinant; element volume; DOF numbering and elimination matrix T (constraints.c). */
PETSC_INTERN PetscErrorCode TriboFEElementMatrices_Private(TriboElementType, const PetscReal[], PetscReal, PetscReal, PetscReal, PetscReal,
                                                           PetscReal[], PetscReal[], PetscReal *);
/* C3D8R hourglass stabilization (src/fe/c3d8r.c says what the numbers mean): Abaqus's default r_F = 0.005 of
   *Hourglass Stiffness r_F G, and the fraction of the physical hourglass stiffness that reproduces Abaqus/Standard's
   default C3D8R at nu = 0 (G = E/2); an hourglass stiffness H (Pa) is the fraction TRIBO_FE_HOURGLASS_ABAQUS H / (r_F E/2),
   the default H = r_F G the fraction TRIBO_FE_HOURGLASS_ABAQUS / (1 + nu) */
#define TRIBO_FE_HOURGLASS_RF     0.005
#define TRIBO_FE_HOURGLASS_ABAQUS 0.0142
static inline PetscReal TriboFEHourglassFraction(PetscReal H, PetscReal E)
{
  return TRIBO_FE_HOURGLASS_ABAQUS * H / (TRIBO_FE_HOURGLASS_RF * E / 2);
}
static inline PetscReal TriboFEHourglassDefault(PetscReal nu)
{
  return TRIBO_FE_HOURGLASS_ABAQUS / (1 + nu);
}
/* the C3D8R hourglass fraction hg as printed: the number, or for hg < 0 Abaqus's default */
static inline PetscErrorCode TriboFEHourglassName(PetscReal hg, char buf[], size_t n)
{
  if (hg >= 0) return PetscSNPrintf(buf, n, "fraction %g", (double)hg);
  return PetscSNPrintf(buf, n, "Abaqus/Standard's default, fraction 0.0142 / (1 + nu)");
}
/* Shared by the element files (hex.c, c3d8r.c, c3d8i.c): 8-node shape functions and their natural
   derivatives, the Jacobian (returns det J, overwrites dN with dN/dx), the 2x2x2 Gauss rule, the
   isotropic stiffness kernel K_(ai)(bj) = sum_p c_p (lam g_ai g_bj + mu g_aj g_bi + mu delta_ij g_a.g_b), formed from the
   outer products A = sum_p c_p g_p g_p^T (TriboFEAddOuter_Private(), then TriboFEIsotropic_Private()) */
PETSC_INTERN void           TriboFEShapeHex8_Private(const PetscReal[], PetscReal[], PetscReal[]);
PETSC_INTERN PetscReal      TriboFEJacobian_Private(PetscInt, const PetscReal[], PetscReal[]);
PETSC_INTERN PetscReal      TriboFEJacobianInverse_Private(PetscInt, const PetscReal[], const PetscReal[], PetscReal[3][3]);
PETSC_INTERN PetscErrorCode TriboFEGaussHex2_Private(PetscInt *, PetscReal[][3], PetscReal[]);
PETSC_INTERN void           TriboFEAddOuter_Private(PetscInt, const PetscReal[], PetscReal, PetscReal[]);
PETSC_INTERN void           TriboFEIsotropic_Private(PetscInt, const PetscReal[], PetscReal, PetscReal, PetscReal[]);
/* Stiffness of one C3D8I (incompatible modes; optionally also the volume V and the uniform-strain
   gradient (1/V) int dN/dx dV that C3D8R needs) and of one C3D8R (uniform strain, hourglass fraction hg) */
PETSC_INTERN PetscErrorCode TriboFEC3D8IStiffness_Private(const PetscReal[], PetscReal, PetscReal, PetscReal[], PetscReal[], PetscReal *,
                                                          PetscReal *);
PETSC_INTERN PetscErrorCode TriboFEC3D8RStiffness_Private(const PetscReal[], PetscReal, PetscReal, PetscReal, PetscReal[], PetscReal *);
PETSC_INTERN PetscErrorCode TriboFEElementVolume_Private(TriboElementType, const PetscReal[], PetscReal *);
typedef struct {
  PetscInt  *ptr, *col; /* row d of T: columns col[ptr[d] .. ptr[d+1]) */
  PetscReal *val;
} TriboFECSR;
PETSC_INTERN PetscErrorCode TriboFEConstraintsBuild_Private(TriboMesh, MPI_Comm, const TriboFEOptions *, PetscInt *, PetscInt **, PetscInt **,
                                                            PetscInt *, TriboFECSR *, Mat *);
/* Frees the mesh's data and leaves it empty, keeping its communicator, prefix and options (mesh.c) */
PETSC_INTERN PetscErrorCode TriboMeshReset_Private(TriboMesh);
