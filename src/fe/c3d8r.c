/* C3D8R: the 8-node hexahedron with reduced integration as Abaqus/Standard forms it.

   Strain (Abaqus Theory Manual 3.2.4, "Solid isoparametric quadrilaterals and hexahedra"): the
   uniform strain formulation of Flanagan & Belytschko (1981). The strain of the element is its
   volume average, from the gradient operator

     B_i^a = (1/V) int_V dN_a/dx_i dV,

   integrated analytically over the element (here by 2x2x2 Gauss, which is exact for the trilinear
   map: the integrand dN_a/dxi_j adj(J) is at most cubic in each natural coordinate), and
   K_us = V B^T D B. It passes the patch test on any shape and has, besides the 6 rigid-body
   motions, 12 zero-energy modes: the 4 hourglass base vectors Gamma_alpha (the nodal values of
   eta zeta, zeta xi, xi eta, xi eta zeta) in each direction, or on a distorted element Flanagan
   and Belytschko's gamma_alpha = Gamma_alpha - (Gamma_alpha . x_j) B_j, which are orthogonal to
   every linear field.

   Hourglass control. The Abaqus Analysis User's Guide (Section controls) makes the "total
   stiffness" approach the default of Abaqus/Standard and scales it with the initial shear modulus:
   *Hourglass Stiffness takes r_F G, default r_F = 0.005. The "enhanced" approach, by section
   control, is an enhanced-assumed-strain stabilization that on the Abaqus Benchmarks bending
   cantilever gives the incompatible-mode element's tip deflections to three digits (Tables
   2.3.5-1..3: rows C3D8R with enhanced control = rows C3D8I). The closed form of the
   total-stiffness matrix is not in the documentation we could read, and Flanagan-Belytschko's
   isotropic scaling kappa = 0.005 G V B:B is not it: it locks the elongated elements of that
   benchmark (0.0034-0.154 of Euler-Bernoulli where Abaqus gives 1.306-1.016; doc/dev/elements.md).

   Choice made here: the hourglass stiffness is the fraction hg of the physical one, the part of
   the incompatible-mode element's stiffness (c3d8i.c) that the uniform strain misses,

     K = K_us + hg (K_C3D8I - K_us),

   which scales with the element's shape as the physical stiffness does. Its size is measured on
   Abaqus's own published results: in the Getting Started guide's cantilever ("Reduced
   integration", 150 x 5 x 2.5 mm, nu = 0) the 1 x 6 mesh has one C3D8R through the depth, so
   its bending stiffness is the hourglass stiffness alone, and Abaqus's default gives 70.1 times
   Euler-Bernoulli's deflection. hg = 0.0142 reproduces it (69.93), and with that one number the
   guide's 2 x 12, 4 x 12 and 8 x 24 meshes (1.325, 1.065, 1.016 against 1.323, 1.063, 1.015) and
   the Benchmarks Guide's 2 x 4, 4 x 4 and 8 x 16 (1.307, 1.050, 1.015 against 1.306, 1.050,
   1.016) all agree within 0.2 % (tests/fe/t323). Both guides use nu = 0. Abaqus scales its
   stiffness with G, the physical one goes with E, so for other materials the default is taken as
   hg = 0.0142 (2G/E) = 0.0142 / (1 + nu) (steel: 0.0109): an assumption, since no published
   Abaqus result with nu != 0 was found to check it. A user's *Hourglass Stiffness H (Pa) is
   hg = 0.0142 H / (0.005 E/2), the section control's displacement scaling factor multiplies the
   default, hourglass=enhanced is hg = 1 (then K = K_C3D8I), and -fe_c3d8r_hourglass sets hg
   directly (TriboFEHourglassFraction(), TriboFEHourglassDefault() in feimpl.h). Linear fields
   feel no hourglass stiffness, so the patch test holds for any hg; with hg > 0 the only
   zero-energy modes are the 6 rigid-body motions. On the Brake-Reuss beam this default makes the
   open-interface modes softer than the Abaqus ROM's: doc/dev/elements.md has the numbers, and why
   tribo keeps -fe_c3d8r_as full as its default. The mass matrix is C3D8's (hex.c). */
#include <tribo/private/feimpl.h>

/*
  TriboFEC3D8RStiffness_Private - Stiffness (24 x 24, node-major) of one C3D8R with hourglass
  fraction hg (0: none, 12 zero-energy modes; 1: enhanced, the C3D8I stiffness).
*/
PetscErrorCode TriboFEC3D8RStiffness_Private(const PetscReal X[], PetscReal E, PetscReal nu, PetscReal hg, PetscReal Ke[], PetscReal *detmin)
{
  PetscReal B[24], V = 0, Kus[576], A[576], lam = E * nu / ((1 + nu) * (1 - 2 * nu)), mu = E / (2 * (1 + nu));

  PetscFunctionBeginUser;
  PetscCheck(hg >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "C3D8R hourglass stiffness fraction %g must be >= 0", (double)hg);
  if (hg > 0) { // K_C3D8I and, from the same Gauss points, B and V
    PetscCall(TriboFEC3D8IStiffness_Private(X, E, nu, Ke, B, &V, detmin));
    if (*detmin <= 0) PetscFunctionReturn(0);
  } else {
    PetscReal q[8][3], w[8], N[8], dN[24];
    PetscInt  nq;

    *detmin = PETSC_MAX_REAL;
    PetscCall(PetscArrayzero(B, 24));
    PetscCall(TriboFEGaussHex2_Private(&nq, q, w));
    for (PetscInt p = 0; p < nq; p++) { // int dN/dx dV and V
      PetscReal det;
      TriboFEShapeHex8_Private(q[p], N, dN);
      det     = TriboFEJacobian_Private(8, X, dN);
      *detmin = PetscMin(*detmin, det);
      if (det <= 0) PetscFunctionReturn(0);
      for (PetscInt k = 0; k < 24; k++) B[k] += w[p] * det * dN[k];
      V += w[p] * det;
    }
    for (PetscInt k = 0; k < 24; k++) B[k] /= V;
  }
  // K = K_us + hg (K_C3D8I - K_us) with K_us = V B^T D B, the isotropic kernel of the one outer product V B B^T
  PetscCall(PetscArrayzero(A, 576));
  TriboFEAddOuter_Private(24, B, V, A);
  TriboFEIsotropic_Private(8, A, lam, mu, Kus);
  for (PetscInt k = 0; k < 576; k++) Ke[k] = hg > 0 ? Kus[k] + hg * (Ke[k] - Kus[k]) : Kus[k];
  PetscFunctionReturn(0);
}
