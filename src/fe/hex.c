/* Element library: 3-D isotropic linear elasticity and consistent mass of the solid elements of
   an Abaqus deck (C3D8, C3D8R, C3D8I, C3D20, C3D20R, C3D4, C3D10), Abaqus node numbering.

   K_e = int B^T D B dV and M_e = rho int N^T N dV by Gauss quadrature in the element's natural
   coordinates (Hughes, The Finite Element Method, ch. 3 and 7; Zienkiewicz & Taylor vol. 1
   ch. 6 and 9). An element type is its node count (TriboElementNodes, mesh.c), its shape
   functions (Shape_Private), its quadrature rules of stiffness, mass and volume (Rules_Private)
   and, where the stiffness is not the plain Gauss integral, a file of its own called from
   TriboFEElementMatrices_Private:
     C3D8   stiffness and mass 2x2x2 (what Abaqus C3D8 and ccx use; reproduces ccx's matrices)
     C3D8R  uniform strain with hourglass stiffness (c3d8r.c), mass 2x2x2
     C3D8I  incompatible modes, condensed (c3d8i.c), mass 2x2x2
     C3D20  stiffness and mass 3x3x3
     C3D20R stiffness 2x2x2 (Abaqus's own reduced rule: no hourglass control is involved, so it
            is reproduced exactly), mass 3x3x3
     C3D4   stiffness 1 point (constant strain), mass 4 points (degree 2, exact)
     C3D10  stiffness 4 points (degree 2, exact for straight edges), mass 64-point collapsed
            Gauss rule (Stroud's conical product, degree 5 in the tetrahedron)

   Mass: the consistent mass of the element's interpolation for every type (C3D8R and C3D8I
   share C3D8's), integrated by the full rule also for the reduced types: "Reduced integration uses
   a lower-order integration to form the element stiffness. The mass matrix and distributed
   loadings use full integration" (Abaqus Analysis User's Guide, "Choosing between full- and
   reduced-integration elements"), so C3D20R's mass is 3x3x3 (CalculiX integrates it 2x2x2,
   doc/dev/elements.md). The Abaqus Theory Manual adds that "the first-order elements in ABAQUS use
   a lumped mass matrix" (rotary inertia, v6.6 section 3.6): -fe_mass abaqus lumps C3D8, C3D8R,
   C3D8I and C3D4 by row sums in the assembly (src/fe/assemble.c); the default stays consistent
   (on the Brake-Reuss beam the lumping moves the open-interface modes 1-9 by at most 0.9 % in frequency, 1.7 % in the
   eigenvalue, the lap beam's first bending mode by -0.09 %). */
#include <tribo/private/feimpl.h>
#include <petscdt.h>

#define TRIBO_FE_MAXQ 64

// Natural coordinates of the 20-node hexahedron (the 8-node one uses the first 8 rows)
static const PetscReal HexXi[20][3] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1},  {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1},
                                       {-1, 1, 1},   {0, -1, -1}, {1, 0, -1},  {0, 1, -1},  {-1, 0, -1}, {0, -1, 1}, {1, 0, 1},
                                       {0, 1, 1},    {-1, 0, 1},  {-1, -1, 0}, {1, -1, 0},  {1, 1, 0},   {-1, 1, 0}};
// Corner pairs of the mid-edge nodes 5..10 of the 10-node tetrahedron (0-based)
static const PetscInt TetEdge[6][2] = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};

/* Shape_Private functions N[n] and derivatives dN[n][3] with respect to the natural coordinates */
void TriboFEShapeHex8_Private(const PetscReal q[], PetscReal N[], PetscReal dN[])
{
  for (PetscInt a = 0; a < 8; a++) {
    const PetscReal *c  = HexXi[a];
    PetscReal        f0 = 1 + c[0] * q[0], f1 = 1 + c[1] * q[1], f2 = 1 + c[2] * q[2];
    N[a]          = 0.125 * f0 * f1 * f2;
    dN[3 * a + 0] = 0.125 * c[0] * f1 * f2;
    dN[3 * a + 1] = 0.125 * f0 * c[1] * f2;
    dN[3 * a + 2] = 0.125 * f0 * f1 * c[2];
  }
}

// 20-node serendipity hexahedron
static void ShapeHex20_Private(const PetscReal q[3], PetscReal N[], PetscReal dN[])
{
  for (PetscInt a = 0; a < 20; a++) {
    const PetscReal *c = HexXi[a];
    if (a < 8) {
      PetscReal f0 = 1 + c[0] * q[0], f1 = 1 + c[1] * q[1], f2 = 1 + c[2] * q[2], s = c[0] * q[0] + c[1] * q[1] + c[2] * q[2] - 2;
      N[a]          = 0.125 * f0 * f1 * f2 * s;
      dN[3 * a + 0] = 0.125 * c[0] * f1 * f2 * (s + f0);
      dN[3 * a + 1] = 0.125 * c[1] * f0 * f2 * (s + f1);
      dN[3 * a + 2] = 0.125 * c[2] * f0 * f1 * (s + f2);
    } else {
      PetscInt  m = c[0] == 0 ? 0 : (c[1] == 0 ? 1 : 2), i = (m + 1) % 3, j = (m + 2) % 3;
      PetscReal b = 1 - q[m] * q[m], fi = 1 + c[i] * q[i], fj = 1 + c[j] * q[j];
      N[a]          = 0.25 * b * fi * fj;
      dN[3 * a + m] = -0.5 * q[m] * fi * fj;
      dN[3 * a + i] = 0.25 * b * c[i] * fj;
      dN[3 * a + j] = 0.25 * b * fi * c[j];
    }
  }
}

// Tetrahedra: barycentric L = (1 - xi - eta - zeta, xi, eta, zeta)
static void ShapeTet_Private(PetscInt n, const PetscReal q[3], PetscReal N[], PetscReal dN[])
{
  PetscReal L[4]     = {1 - q[0] - q[1] - q[2], q[0], q[1], q[2]};
  PetscReal dL[4][3] = {{-1, -1, -1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

  for (PetscInt a = 0; a < 4; a++) {
    N[a] = n == 4 ? L[a] : L[a] * (2 * L[a] - 1);
    for (PetscInt k = 0; k < 3; k++) dN[3 * a + k] = n == 4 ? dL[a][k] : (4 * L[a] - 1) * dL[a][k];
  }
  if (n == 4) return;
  for (PetscInt e = 0; e < 6; e++) {
    PetscInt i = TetEdge[e][0], j = TetEdge[e][1];
    N[4 + e] = 4 * L[i] * L[j];
    for (PetscInt k = 0; k < 3; k++) dN[3 * (4 + e) + k] = 4 * (L[i] * dL[j][k] + L[j] * dL[i][k]);
  }
}

static void Shape_Private(TriboElementType t, const PetscReal q[3], PetscReal N[], PetscReal dN[])
{
  switch (t) {
  case TRIBO_EL_C3D8:
  case TRIBO_EL_C3D8R:
  case TRIBO_EL_C3D8I:
    TriboFEShapeHex8_Private(q, N, dN);
    break;
  case TRIBO_EL_C3D20:
  case TRIBO_EL_C3D20R:
    ShapeHex20_Private(q, N, dN);
    break;
  case TRIBO_EL_C3D4:
    ShapeTet_Private(4, q, N, dN);
    break;
  case TRIBO_EL_C3D10:
    ShapeTet_Private(10, q, N, dN);
    break;
  }
}

/* Quadrature rules: HEX2/3/4 (m x m x m Gauss-Legendre on the cube [-1,1]^3), TET1 and TET4 (the
   symmetric degree-1 and degree-2 rules of the unit tetrahedron: the centroid; the 4 points
   (5 -+ sqrt 5)/20), TETC4 (collapsed 4x4x4 Gauss-Legendre on the unit tetrahedron; weights sum to
   its volume 1/6). All come from PETSc's PetscDT: the 1-D Gauss-Legendre rules from
   PetscDTGaussQuadrature(), the tetrahedral ones from PetscDTSimplexQuadrature() (minimal
   symmetric rules, mapped from PETSc's reference tetrahedron with corners -1, 1 to the unit one).
   TETC4 keeps its Legendre points in all three directions: PETSc's conical product
   (PetscDTStroudConicalQuadrature()) uses Gauss-Jacobi points, other points than ours, so it is
   formed here from the 1-D rule. The rules are made once and kept, as the element routines run
   once per element (PetscDTGaussTensorQuadrature(), which creates an object, costs 6.7 us a call
   against 0.23 us for PetscDTGaussQuadrature(), measured). */
typedef enum { RULE_HEX2, RULE_HEX3, RULE_HEX4, RULE_TET1, RULE_TET4, RULE_TETC4 } Rule;

typedef struct {
  PetscInt  n;
  PetscReal q[TRIBO_FE_MAXQ][3], w[TRIBO_FE_MAXQ];
} QuadRule;

static QuadRule  QuadRules[RULE_TETC4 + 1];
static PetscBool QuadRulesMade = PETSC_FALSE;

static PetscErrorCode MakeRules_Private(void)
{
  PetscReal g[4], gw[4];

  PetscFunctionBeginUser;
  for (PetscInt m = 2; m <= 4; m++) { // tensor rules, x slowest
    QuadRule *r = &QuadRules[RULE_HEX2 + m - 2];
    PetscCall(PetscDTGaussQuadrature(m, -1, 1, g, gw));
    r->n = 0;
    for (PetscInt i = 0; i < m; i++)
      for (PetscInt j = 0; j < m; j++)
        for (PetscInt k = 0; k < m; k++, r->n++) {
          r->q[r->n][0] = g[i];
          r->q[r->n][1] = g[j];
          r->q[r->n][2] = g[k];
          r->w[r->n]    = gw[i] * gw[j] * gw[k];
        }
  }
  for (PetscInt degree = 1; degree <= 2; degree++) {
    QuadRule        *r = &QuadRules[degree == 1 ? RULE_TET1 : RULE_TET4];
    PetscQuadrature  quad;
    PetscInt         dim, nc, np;
    const PetscReal *x, *w;
    PetscCall(PetscDTSimplexQuadrature(3, degree, PETSCDTSIMPLEXQUAD_MINSYM, &quad));
    PetscCall(PetscQuadratureGetData(quad, &dim, &nc, &np, &x, &w));
    PetscCheck(dim == 3 && nc == 1 && np <= TRIBO_FE_MAXQ, PETSC_COMM_SELF, PETSC_ERR_LIB,
               "PETSc's degree-%" PetscInt_FMT " tetrahedral rule has %" PetscInt_FMT " points", degree, np);
    r->n = np;
    for (PetscInt p = 0; p < np; p++) {
      for (PetscInt k = 0; k < 3; k++) r->q[p][k] = 0.5 * (x[3 * p + k] + 1);
      r->w[p] = 0.125 * w[p];
    }
    PetscCall(PetscQuadratureDestroy(&quad));
  }
  { // TETC4: xi = u, eta = (1-u) v, zeta = (1-u)(1-v) w on [0,1]^3, Jacobian_Private (1-u)^2 (1-v)
    QuadRule *r = &QuadRules[RULE_TETC4];
    PetscCall(PetscDTGaussQuadrature(4, -1, 1, g, gw));
    r->n = 0;
    for (PetscInt i = 0; i < 4; i++)
      for (PetscInt j = 0; j < 4; j++)
        for (PetscInt k = 0; k < 4; k++, r->n++) {
          PetscReal u = 0.5 * (1 + g[i]), v = 0.5 * (1 + g[j]), s = 0.5 * (1 + g[k]);
          r->q[r->n][0] = u;
          r->q[r->n][1] = (1 - u) * v;
          r->q[r->n][2] = (1 - u) * (1 - v) * s;
          r->w[r->n]    = 0.125 * gw[i] * gw[j] * gw[k] * (1 - u) * (1 - u) * (1 - v);
        }
  }
  QuadRulesMade = PETSC_TRUE;
  PetscFunctionReturn(0);
}

static PetscErrorCode GetRule_Private(Rule r, PetscInt *nq, PetscReal q[][3], PetscReal w[])
{
  PetscFunctionBeginUser;
  if (!QuadRulesMade) PetscCall(MakeRules_Private());
  *nq = QuadRules[r].n;
  PetscCall(PetscArraycpy(q, QuadRules[r].q, *nq));
  PetscCall(PetscArraycpy(w, QuadRules[r].w, *nq));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFEGaussHex2_Private(PetscInt *nq, PetscReal q[][3], PetscReal w[])
{
  PetscFunctionBeginUser;
  PetscCall(GetRule_Private(RULE_HEX2, nq, q, w));
  PetscFunctionReturn(0);
}

/* A_rs += c v_r v_s for s >= r: the upper triangle of the m x m outer product (row-major), summed over the integration points */
void TriboFEAddOuter_Private(PetscInt m, const PetscReal v[], PetscReal c, PetscReal A[])
{
  for (PetscInt r = 0; r < m; r++) {
    const PetscReal cr = c * v[r];
    PetscReal      *Ar = A + r * m;
    for (PetscInt s = r; s < m; s++) Ar[s] += cr * v[s];
  }
}

/* The isotropic stiffness of n nodes (3n x 3n, node-major, both triangles) from the upper triangle of A = sum_p c_p g_p g_p^T
   (g = dN/dx stacked node by node, 3n values per point):

     K_(ai)(bj) = sum_p c_p (lam g_ai g_bj + mu g_aj g_bi + mu delta_ij g_a.g_b) = lam A_(ai)(bj) + mu A_(aj)(bi) + mu delta_ij sum_k A_(ak)(bk).

   One symmetric rank-1 update of A per point and this map once replace 8 operations per entry and point: with the other
   changes of doc/dev/elements.md ("Assembly time"), C3D8's stiffness and mass went from 4.86 to 3.02 us per element. */
void TriboFEIsotropic_Private(PetscInt n, const PetscReal A[], PetscReal lam, PetscReal mu, PetscReal K[])
{
  const PetscInt m = 3 * n;

  for (PetscInt a = 0; a < n; a++)
    for (PetscInt b = a; b < n; b++) {
      PetscReal blk[3][3], dd = 0;
      for (PetscInt i = 0; i < 3; i++)
        for (PetscInt j = 0; j < 3; j++) {
          PetscInt r = 3 * a + i, s = 3 * b + j;
          blk[i][j] = r <= s ? A[r * m + s] : A[s * m + r]; // A_(ai)(bj); r > s only within a diagonal block
        }
      for (PetscInt k = 0; k < 3; k++) dd += blk[k][k];
      for (PetscInt i = 0; i < 3; i++)
        for (PetscInt j = 0; j < 3; j++) {
          // A_(aj)(bi) is blk[j][i] read as (row aj, column bi): the same block, transposed indices
          PetscReal v                    = lam * blk[i][j] + mu * blk[j][i] + (i == j ? mu * dd : 0);
          K[(3 * a + i) * m + 3 * b + j] = v;
          K[(3 * b + j) * m + 3 * a + i] = v;
        }
    }
}

// Jacobian J_ij = dx_i/dxi_j = sum_a X_ai dN_a/dxi_j of n nodes at one point: returns det J and, when it is positive, J^-1 in Ji
PetscReal TriboFEJacobianInverse_Private(PetscInt n, const PetscReal X[], const PetscReal dN[], PetscReal Ji[3][3])
{
  PetscReal J[3][3] = {{0}}, det, id;

  for (PetscInt a = 0; a < n; a++)
    for (PetscInt i = 0; i < 3; i++)
      for (PetscInt j = 0; j < 3; j++) J[i][j] += X[3 * a + i] * dN[3 * a + j];
  det = J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
        J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
  if (det <= 0) return det;
  id       = 1 / det;
  Ji[0][0] = (J[1][1] * J[2][2] - J[1][2] * J[2][1]) * id;
  Ji[0][1] = (J[0][2] * J[2][1] - J[0][1] * J[2][2]) * id;
  Ji[0][2] = (J[0][1] * J[1][2] - J[0][2] * J[1][1]) * id;
  Ji[1][0] = (J[1][2] * J[2][0] - J[1][0] * J[2][2]) * id;
  Ji[1][1] = (J[0][0] * J[2][2] - J[0][2] * J[2][0]) * id;
  Ji[1][2] = (J[0][2] * J[1][0] - J[0][0] * J[1][2]) * id;
  Ji[2][0] = (J[1][0] * J[2][1] - J[1][1] * J[2][0]) * id;
  Ji[2][1] = (J[0][1] * J[2][0] - J[0][0] * J[2][1]) * id;
  Ji[2][2] = (J[0][0] * J[1][1] - J[0][1] * J[1][0]) * id;
  return det;
}

// det J alone (the mass matrix needs no gradients)
static PetscReal Determinant_Private(PetscInt n, const PetscReal X[], const PetscReal dN[])
{
  PetscReal J[3][3] = {{0}};

  for (PetscInt a = 0; a < n; a++)
    for (PetscInt i = 0; i < 3; i++)
      for (PetscInt j = 0; j < 3; j++) J[i][j] += X[3 * a + i] * dN[3 * a + j];
  return J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) - J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
         J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
}

// Returns det J and overwrites dN with dN/dx: dN/dx_k = sum_j dN/dxi_j (J^-1)_jk
PetscReal TriboFEJacobian_Private(PetscInt n, const PetscReal X[], PetscReal dN[])
{
  PetscReal Ji[3][3], det = TriboFEJacobianInverse_Private(n, X, dN, Ji);

  if (det <= 0) return det;
  for (PetscInt a = 0; a < n; a++) {
    PetscReal d0 = dN[3 * a], d1 = dN[3 * a + 1], d2 = dN[3 * a + 2];
    for (PetscInt k = 0; k < 3; k++) dN[3 * a + k] = d0 * Ji[0][k] + d1 * Ji[1][k] + d2 * Ji[2][k];
  }
  return det;
}

static void Rules_Private(TriboElementType t, Rule *rk, Rule *rm, Rule *rv)
{
  *rk = RULE_HEX2, *rm = RULE_HEX2, *rv = RULE_HEX3;
  switch (t) {
  case TRIBO_EL_C3D8:
  case TRIBO_EL_C3D8R:
  case TRIBO_EL_C3D8I:
    *rk = RULE_HEX2, *rm = RULE_HEX2, *rv = RULE_HEX3;
    break;
  case TRIBO_EL_C3D20:
    *rk = RULE_HEX3, *rm = RULE_HEX3, *rv = RULE_HEX4;
    break;
  case TRIBO_EL_C3D20R:
    *rk = RULE_HEX2, *rm = RULE_HEX3, *rv = RULE_HEX4;
    break;
  case TRIBO_EL_C3D4:
    *rk = RULE_TET1, *rm = RULE_TET4, *rv = RULE_TETC4;
    break;
  case TRIBO_EL_C3D10:
    *rk = RULE_TET4, *rm = RULE_TETC4, *rv = RULE_TETC4;
    break;
  }
}

/*
  TriboFEElementMatrices_Private - Stiffness (3n x 3n, node-major: row 3a+i) and scalar
  consistent mass Ms (n x n, M_e = Ms (x) I_3) of one element; either output may be NULL. hg is
  the C3D8R hourglass stiffness fraction (c3d8r.c; < 0: the default), unused by other types.
  detmin returns the smallest Jacobian_Private determinant met; a non-positive one stops the
  integration (the caller names the element).
*/
PetscErrorCode TriboFEElementMatrices_Private(TriboElementType t, const PetscReal X[], PetscReal E, PetscReal nu, PetscReal rho, PetscReal hg,
                                              PetscReal Ke[], PetscReal Ms[], PetscReal *detmin)
{
  PetscInt  n = TriboElementNodes[t], nq, m = 3 * n;
  PetscReal q[TRIBO_FE_MAXQ][3], w[TRIBO_FE_MAXQ], N[20], dN[60];
  PetscReal lam = E * nu / ((1 + nu) * (1 - 2 * nu)), mu = E / (2 * (1 + nu));
  Rule      rk, rm, rv;

  PetscFunctionBeginUser;
  *detmin = PETSC_MAX_REAL;
  Rules_Private(t, &rk, &rm, &rv);
  if (Ke && t == TRIBO_EL_C3D8I) {
    PetscCall(TriboFEC3D8IStiffness_Private(X, E, nu, Ke, NULL, NULL, detmin));
    if (*detmin <= 0) PetscFunctionReturn(0);
  } else if (Ke && t == TRIBO_EL_C3D8R) {
    PetscCall(TriboFEC3D8RStiffness_Private(X, E, nu, hg < 0 ? TriboFEHourglassDefault(nu) : hg, Ke, detmin));
    if (*detmin <= 0) PetscFunctionReturn(0);
  } else if (Ke) {
    PetscReal A[3600];
    PetscCall(PetscArrayzero(A, m * m));
    PetscCall(GetRule_Private(rk, &nq, q, w));
    for (PetscInt p = 0; p < nq; p++) {
      PetscReal det;
      Shape_Private(t, q[p], N, dN);
      det     = TriboFEJacobian_Private(n, X, dN);
      *detmin = PetscMin(*detmin, det);
      if (det <= 0) PetscFunctionReturn(0);
      TriboFEAddOuter_Private(m, dN, w[p] * det, A);
    }
    TriboFEIsotropic_Private(n, A, lam, mu, Ke);
  }
  if (Ms) {
    PetscCall(PetscArrayzero(Ms, n * n));
    PetscCall(GetRule_Private(rm, &nq, q, w));
    for (PetscInt p = 0; p < nq; p++) {
      PetscReal det;
      Shape_Private(t, q[p], N, dN);
      det     = Determinant_Private(n, X, dN);
      *detmin = PetscMin(*detmin, det);
      if (det <= 0) PetscFunctionReturn(0);
      for (PetscInt a = 0; a < n; a++) {
        PetscReal ca = rho * w[p] * det * N[a];
        for (PetscInt b = 0; b < n; b++) Ms[a * n + b] += ca * N[b];
      }
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFEElementMatrices - Stiffness and consistent mass matrices of one solid element.

  Not collective

  Input Parameters:
+ t   - element type (C3D8R with the default hourglass stiffness, src/fe/c3d8r.c)
. X   - node coordinates, X[3a+i] = coordinate i of node a, Abaqus node order
. E   - Young's modulus
. nu  - Poisson's ratio (-1 < nu < 0.5)
- rho - density

  Output Parameters:
+ Ke - stiffness, (3n x 3n) row-major, DOF 3a+i = direction i of node a (or NULL)
- Me - consistent mass, same layout (or NULL)

  Notes:
  K_e = int B^T D B dV with D the isotropic elasticity matrix (Lame lambda = E nu/((1+nu)(1-2nu)),
  mu = E/(2(1+nu))), M_e = rho int N^T N dV, both by Gauss quadrature (rules in src/fe/hex.c).

  Level: developer
@*/
PetscErrorCode TriboFEElementMatrices(TriboElementType t, const PetscReal X[], PetscReal E, PetscReal nu, PetscReal rho, PetscReal Ke[],
                                      PetscReal Me[])
{
  PetscInt  n, m;
  PetscReal Ms[400], detmin;

  PetscFunctionBeginUser;
  PetscCheck(t >= TRIBO_EL_C3D8 && t < TRIBO_EL_NTYPES, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "unknown element type %d", (int)t);
  PetscCheck(nu > -1 && nu < 0.5 && E > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "elastic constants need E > 0 and -1 < nu < 0.5, got E = %g, nu = %g", (double)E, (double)nu);
  n = TriboElementNodes[t];
  m = 3 * n;
  PetscCall(TriboFEElementMatrices_Private(t, X, E, nu, rho, -1, Ke, Me ? Ms : NULL, &detmin));
  PetscCheck(detmin > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s element has a non-positive Jacobian determinant %g (inverted or degenerate; check the node order)", TriboElementTypes[t],
             (double)detmin);
  if (Me) {
    PetscCall(PetscArrayzero(Me, m * m));
    for (PetscInt a = 0; a < n; a++)
      for (PetscInt b = 0; b < n; b++)
        for (PetscInt i = 0; i < 3; i++) Me[(3 * a + i) * m + 3 * b + i] = Ms[a * n + b];
  }
  PetscFunctionReturn(0);
}

/*
  TriboFEElementVolume_Private - Volume int det J of one element with a rule one order higher than
  the mass matrix's (exact for straight-edged elements), computed apart from the element matrices
  so that the total mass can be checked against rho V.
*/
PetscErrorCode TriboFEElementVolume_Private(TriboElementType t, const PetscReal X[], PetscReal *vol)
{
  PetscInt  n = TriboElementNodes[t], nq;
  PetscReal q[TRIBO_FE_MAXQ][3], w[TRIBO_FE_MAXQ], N[20], dN[60];
  Rule      rk, rm, rv;

  PetscFunctionBeginUser;
  Rules_Private(t, &rk, &rm, &rv);
  PetscCall(GetRule_Private(rv, &nq, q, w));
  *vol = 0;
  for (PetscInt p = 0; p < nq; p++) {
    Shape_Private(t, q[p], N, dN);
    *vol += w[p] * TriboFEJacobian_Private(n, X, dN);
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFEMeshVolume - Volume and mass rho V of the mesh, summed over the elements that have a
  section, from the element Jacobians (independently of the assembled mass matrix).

  Not collective (every rank holds the mesh)

  Input Parameter:
. mesh - the mesh

  Output Parameters:
+ vol  - total volume
- mass - sum over elements of rho_e V_e

  Level: developer
@*/
PetscErrorCode TriboFEMeshVolume(TriboMesh mesh, PetscReal *vol, PetscReal *mass)
{
  PetscReal X[60];

  PetscFunctionBeginUser;
  *vol  = 0;
  *mass = 0;
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    PetscInt  n = mesh->eptr[e + 1] - mesh->eptr[e];
    PetscReal v;

    if (mesh->emat[e] < 0) continue;
    for (PetscInt a = 0; a < n; a++)
      for (PetscInt i = 0; i < 3; i++) X[3 * a + i] = mesh->X[3 * mesh->conn[mesh->eptr[e] + a] + i];
    PetscCall(TriboFEElementVolume_Private(mesh->etype[e], X, &v));
    *vol += v;
    *mass += mesh->mats[mesh->emat[e]].rho * v;
  }
  PetscFunctionReturn(0);
}
