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
  PetscReal       Kua[24 * 9], Kaa[81], A[33 * 33], K33[33 * 33];
  PetscInt        nq;
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
  PetscCall(PetscArrayzero(A, 33 * 33));
  for (PetscInt p = 0; p < nq; p++) {
    PetscReal det, c, g[33]; // the 8 nodal gradients, then the 3 modes' gradients gm_k = g[24 + 3k ..]

    TriboFEShapeHex8_Private(q[p], N, dN);
    det     = TriboFEJacobian_Private(8, X, dN);
    *detmin = PetscMin(*detmin, det);
    if (det <= 0) PetscFunctionReturn(0);
    c = w[p] * det;
    if (Bbar) {
      for (PetscInt k = 0; k < 24; k++) Bbar[k] += c * dN[k];
      *V += c;
    }
    for (PetscInt k = 0; k < 24; k++) g[k] = dN[k];
    for (PetscInt k = 0; k < 3; k++)
      for (PetscInt j = 0; j < 3; j++) g[24 + 3 * k + j] = -2 * q[p][k] * J0i[k][j] * j0 / det;
    TriboFEAddOuter_Private(33, g, c, A);
  }
  // the same isotropic kernel over the 8 nodes and the 3 modes as 11 "nodes": K_uu (24 x 24), K_ua (24 x 9, column 3k+j), K_aa (9 x 9)
  TriboFEIsotropic_Private(11, A, lam, mu, K33);
  for (PetscInt a = 0; a < 24; a++) {
    for (PetscInt b = 0; b < 24; b++) Ke[a * 24 + b] = K33[a * 33 + b];
    for (PetscInt r = 0; r < 9; r++) Kua[a * 9 + r] = K33[a * 33 + 24 + r];
  }
  for (PetscInt r = 0; r < 9; r++)
    for (PetscInt l = 0; l < 9; l++) Kaa[r * 9 + l] = K33[(24 + r) * 33 + 24 + l];
  /* K -= K_ua K_aa^-1 K_au = Y^T Y with K_aa = L L^T (Cholesky, by hand: LAPACK's calls cost more than the 9 x 9 work) and
     Y = L^-1 K_au, one column of Y per nodal DOF (row a of Kua) */
  for (PetscInt j = 0; j < 9; j++) {
    PetscReal d = Kaa[j * 9 + j];
    for (PetscInt k = 0; k < j; k++) d -= Kaa[j * 9 + k] * Kaa[j * 9 + k];
    PetscCheck(d > 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "C3D8I: the incompatible modes' stiffness is not positive definite (pivot %d)", (int)j);
    d              = PetscSqrtReal(d);
    Kaa[j * 9 + j] = d;
    for (PetscInt i = j + 1; i < 9; i++) {
      PetscReal v = Kaa[i * 9 + j];
      for (PetscInt k = 0; k < j; k++) v -= Kaa[i * 9 + k] * Kaa[j * 9 + k];
      Kaa[i * 9 + j] = v / d; // L in the lower triangle
    }
  }
  for (PetscInt a = 0; a < 24; a++) { // forward substitution, in place in row a of Kua
    PetscReal *y = Kua + a * 9;
    for (PetscInt i = 0; i < 9; i++) {
      PetscReal v = y[i];
      for (PetscInt k = 0; k < i; k++) v -= Kaa[i * 9 + k] * y[k];
      y[i] = v / Kaa[i * 9 + i];
    }
  }
  for (PetscInt a = 0; a < 24; a++)
    for (PetscInt b = a; b < 24; b++) {
      PetscReal s = 0;
      for (PetscInt r = 0; r < 9; r++) s += Kua[a * 9 + r] * Kua[b * 9 + r];
      Ke[a * 24 + b] -= s;
      Ke[b * 24 + a] = Ke[a * 24 + b];
    }
  if (Bbar)
    for (PetscInt k = 0; k < 24; k++) Bbar[k] /= *V;
  PetscFunctionReturn(0);
}
