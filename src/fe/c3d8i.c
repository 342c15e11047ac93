/* C3D8I: the 8-node hexahedron with incompatible modes.

   Abaqus Theory Manual 3.2.5 ("Continuum elements with incompatible modes") describes its C3D8I
   as the trilinear brick enriched so that it bends without shear locking, 13 internal parameters
   in all: 9 bending modes and, in the non-hybrid element, 4 more against volumetric locking for
   nearly incompressible materials. tribo implements the 9 bending modes of Taylor, Beresford &
   Wilson (1976), the form of Wilson et al. (1973) that passes the patch test:

     u_i = sum_a N_a u_ai + sum_k P_k a_ki,   P_k = 1 - xi_k^2 (k = 1, 2, 3),

   with the modes' physical gradients taken through the Jacobian at the element centre J0 and
   scaled by det J0 / det J:  dP_k/dx_j = -2 xi_k (J0^-1)_kj det J0 / det J. Their integral over
   the element is then zero, so a constant strain does no work on them and the element passes the
   patch test on any shape (tests/fe/t320). The 9 parameters are condensed out element by element,
   K = K_uu - K_ua K_aa^-1 K_au (2x2x2 Gauss, which integrates the rectangular element exactly).

   Choice: the 4 volumetric modes are left out. They act on the volumetric strain only, which is
   stiff only for nu near 1/2; for the steels of the joints here (nu = 0.3) and for the benchmark
   (nu = 0) they change nothing measurable: on the Abaqus Benchmarks bending cantilever
   (tests/fe/t323) this C3D8I gives Abaqus's tabulated tip deflections to the printed digits. The
   mass matrix is the consistent one of C3D8 (hex.c). */
#include <tribo/private/feimpl.h>
#include <petscblaslapack.h>

/*
  TriboFEC3D8IStiffness_Private - Condensed stiffness (24 x 24, node-major) of one C3D8I; detmin is
  the smallest Jacobian determinant met (a non-positive one stops the computation). When Bbar is
  not NULL it also returns the volume V and the uniform-strain gradient Bbar[3a+i] =
  (1/V) int dN_a/dx_i dV from the same Gauss points (c3d8r.c).
*/
PetscErrorCode TriboFEC3D8IStiffness_Private(const PetscReal X[], PetscReal E, PetscReal nu, PetscReal Ke[], PetscReal Bbar[], PetscReal *V,
                                             PetscReal *detmin)
{
  PetscReal       q[8][3], w[8], N[8], dN[24], J0i[3][3], j0, lam = E * nu / ((1 + nu) * (1 - 2 * nu)), mu = E / (2 * (1 + nu));
  PetscReal       Kua[24 * 9], Kaa[81], Kau[9 * 24];
  PetscInt        nq;
  PetscBLASInt    n9 = 9, n24 = 24, info;
  const PetscReal zero[3] = {0, 0, 0};

  PetscFunctionBeginUser;
  PetscCall(TriboFEGaussHex2_Private(&nq, q, w));
  TriboFEShapeHex8_Private(zero, N, dN); // the centre Jacobian J0 and its inverse
  j0      = TriboFEJacobianInverse_Private(8, X, dN, J0i);
  *detmin = j0;
  if (j0 <= 0) PetscFunctionReturn(0);
  if (Bbar) {
    PetscCall(PetscArrayzero(Bbar, 24));
    *V = 0;
  }
  PetscCall(PetscArrayzero(Ke, 576));
  PetscCall(PetscArrayzero(Kua, 216));
  PetscCall(PetscArrayzero(Kaa, 81));
  for (PetscInt p = 0; p < nq; p++) {
    PetscReal det, c, gm[3][3]; // gm[k]: physical gradient of mode k

    TriboFEShapeHex8_Private(q[p], N, dN);
    det     = TriboFEJacobian_Private(8, X, dN);
    *detmin = PetscMin(*detmin, det);
    if (det <= 0) PetscFunctionReturn(0);
    c = w[p] * det;
    TriboFEAddIsotropic_Private(8, dN, c, lam, mu, Ke);
    if (Bbar) {
      for (PetscInt k = 0; k < 24; k++) Bbar[k] += c * dN[k];
      *V += c;
    }
    for (PetscInt k = 0; k < 3; k++)
      for (PetscInt j = 0; j < 3; j++) gm[k][j] = -2 * q[p][k] * J0i[k][j] * j0 / det;
    // the same kernel between the nodal gradients g_a and the mode gradients gm_k: K_ua (24 x 9, column 3k+j), K_aa (9 x 9)
    for (PetscInt a = 0; a < 8; a++) {
      const PetscReal *ga = dN + 3 * a;
      for (PetscInt k = 0; k < 3; k++) {
        const PetscReal *gb = gm[k];
        PetscReal        dd = mu * (ga[0] * gb[0] + ga[1] * gb[1] + ga[2] * gb[2]);
        for (PetscInt i = 0; i < 3; i++)
          for (PetscInt j = 0; j < 3; j++) Kua[(3 * a + i) * 9 + 3 * k + j] += c * (lam * ga[i] * gb[j] + mu * ga[j] * gb[i] + (i == j ? dd : 0));
      }
    }
    for (PetscInt k = 0; k < 3; k++)
      for (PetscInt l = 0; l < 3; l++) {
        const PetscReal *ga = gm[k], *gb = gm[l];
        PetscReal        dd = mu * (ga[0] * gb[0] + ga[1] * gb[1] + ga[2] * gb[2]);
        for (PetscInt i = 0; i < 3; i++)
          for (PetscInt j = 0; j < 3; j++) Kaa[(3 * k + i) * 9 + 3 * l + j] += c * (lam * ga[i] * gb[j] + mu * ga[j] * gb[i] + (i == j ? dd : 0));
      }
  }
  // K -= K_ua K_aa^-1 K_au: Cholesky of K_aa (symmetric, so row-major = column-major), solve for K_au
  for (PetscInt r = 0; r < 9; r++)
    for (PetscInt a = 0; a < 24; a++) Kau[a * 9 + r] = Kua[a * 9 + r]; // column-major 9 x 24 = row-major 24 x 9
  PetscCallBLAS("LAPACKpotrf", LAPACKpotrf_("U", &n9, Kaa, &n9, &info));
  PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "C3D8I: the incompatible modes' stiffness is not positive definite (LAPACK potrf info %d)",
             (int)info);
  PetscCallBLAS("LAPACKpotrs", LAPACKpotrs_("U", &n9, &n24, Kaa, &n9, Kau, &n9, &info));
  PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "C3D8I: LAPACK potrs info %d", (int)info);
  for (PetscInt a = 0; a < 24; a++)
    for (PetscInt b = a; b < 24; b++) {
      PetscReal s = 0;
      for (PetscInt r = 0; r < 9; r++) s += Kua[a * 9 + r] * Kau[b * 9 + r];
      Ke[a * 24 + b] -= s;
    }
  for (PetscInt a = 0; a < 24; a++)
    for (PetscInt b = 0; b < a; b++) Ke[a * 24 + b] = Ke[b * 24 + a];
  if (Bbar)
    for (PetscInt k = 0; k < 24; k++) Bbar[k] /= *V;
  PetscFunctionReturn(0);
}
