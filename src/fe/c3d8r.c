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
   stiffness" approach the default of Abaqus/Standard and scales it with the initial shear modulus
   (*Hourglass Stiffness takes r_F G; CalculiX's source records 0.005 as Abaqus's default factor);
   the "enhanced" approach, by section control, is an enhanced-assumed-strain stabilization that on
   the Abaqus Benchmarks bending cantilever gives the incompatible-mode element's tip deflections
   to three digits (Tables 2.3.5-1..3: rows C3D8R with enhanced control = rows C3D8I). The closed
   form of the total-stiffness matrix is not in the documentation we could read. The same
   benchmark fixes how strong it is: the default C3D8R's tip deflections (1.306, 1.050, 1.016 of
   Euler-Bernoulli on 2 x 4, 4 x 4, 8 x 16 meshes) are those of the uniform-strain element with
   hourglass modes carrying less than 3 % of their physical stiffness (tests/fe/t323). With
   Flanagan-Belytschko's isotropic scaling, kappa = 0.005 G V B:B, the elongated elements of that
   benchmark lock instead (0.0034-0.154 of Euler-Bernoulli, measured with a numpy implementation:
   doc/dev/elements.md).

   Choice made here: the hourglass stiffness is the fraction hg of the physical one, the part of
   the incompatible-mode element's stiffness (c3d8i.c) that the uniform strain misses,

     K = K_us + hg (K_C3D8I - K_us),

   with hg = 0.005 by default (r_F = 0.005 of *Hourglass Stiffness's r_F G: hg = H / G for a
   user's value H), hg = 1 for hourglass=enhanced (then K = K_C3D8I), and the 0.005 scaled by the
   section control's displacement hourglass scaling factor. Linear fields feel no hourglass
   stiffness, so the patch test holds for any hg; with hg > 0 the only zero-energy modes are the 6
   rigid-body motions. On the Brake-Reuss beam (cubes, 10 through the depth) this default makes the
   open-interface modes softer than the Abaqus ROM's and hg = 0.5 stiffer: doc/dev/elements.md has
   the numbers, and why tribo keeps -fe_c3d8r_as full as its default for now. The mass matrix is
   C3D8's consistent one (hex.c). */
#include <tribo/private/feimpl.h>

/*
  TriboFEC3D8RStiffness_Private - Stiffness (24 x 24, node-major) of one C3D8R with hourglass
  fraction hg (0: none, 12 zero-energy modes; 1: enhanced, the C3D8I stiffness).
*/
PetscErrorCode TriboFEC3D8RStiffness_Private(const PetscReal X[], PetscReal E, PetscReal nu, PetscReal hg, PetscReal Ke[], PetscReal *detmin)
{
  PetscReal B[24], V = 0, Kus[576], lam = E * nu / ((1 + nu) * (1 - 2 * nu)), mu = E / (2 * (1 + nu));

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
  // K = K_us + hg (K_C3D8I - K_us) with K_us = V B^T D B
  PetscCall(PetscArrayzero(Kus, 576));
  TriboFEAddIsotropic_Private(8, B, V, lam, mu, Kus);
  for (PetscInt a = 0; a < 24; a++)
    for (PetscInt b = 0; b < a; b++) Kus[a * 24 + b] = Kus[b * 24 + a];
  for (PetscInt k = 0; k < 576; k++) Ke[k] = hg > 0 ? Kus[k] + hg * (Ke[k] - Kus[k]) : Kus[k];
  PetscFunctionReturn(0);
}
