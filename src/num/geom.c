/* Geometry of flat interface faces: shape functions of linear triangles and bilinear
   quadrilaterals, face normals, and the local frame (t1, t2, n) of an interface plane. These are
   pure kernels (no allocation, no MPI, no error code): they run per quadrature point and per pixel. */
#include <tribonum.h>

/*@
  TriboFaceShape - Shape functions of a linear face and their derivatives at a point.

  Not collective

  Input Parameters:
+ nv - corners: 3 (linear triangle on the unit triangle r, s >= 0, r + s <= 1) or 4 (bilinear
       quadrilateral on [-1,1]^2, corners (-1,-1), (1,-1), (1,1), (-1,1))
- xi - the point (r, s) or (xi, eta)

  Output Parameters:
+ N  - N_a, a < nv: (1 - r - s, r, s), or N_a = (1 + xi_a xi)(1 + eta_a eta)/4
- dN - dN[2a+k] = dN_a/dxi_k

  Notes:
  Used for the interface elements' quadrature (TriboInterfaceSetUpQuadrature()), for the closest
  point of a face in ties (src/fe/constraints.c) and for the interface pictures (src/plot/field.c).

.seealso: `TriboFaceNormal()`
@*/
void TriboFaceShape(PetscInt nv, const PetscReal xi[], PetscReal N[], PetscReal dN[])
{
  static const PetscReal sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};

  if (nv == 4) {
    for (PetscInt a = 0; a < 4; a++) {
      N[a]          = 0.25 * (1 + sx[a] * xi[0]) * (1 + sy[a] * xi[1]);
      dN[2 * a]     = 0.25 * sx[a] * (1 + sy[a] * xi[1]);
      dN[2 * a + 1] = 0.25 * sy[a] * (1 + sx[a] * xi[0]);
    }
  } else {
    N[0] = 1 - xi[0] - xi[1], N[1] = xi[0], N[2] = xi[1];
    dN[0] = -1, dN[1] = -1, dN[2] = 1, dN[3] = 0, dN[4] = 0, dN[5] = 1;
  }
}

/*@
  TriboFaceNormal - Normal of a face from its corners.

  Not collective

  Input Parameters:
+ nv - corners, 3 or 4
- X  - X[v] points to the 3 coordinates of corner v

  Output Parameter:
. n - (X1 - X0) x (X2 - X0) for a triangle, (X2 - X0) x (X3 - X1) (the diagonals) for a
      quadrilateral: |n| is twice the area of a flat face, its direction that of the corner order
      by the right-hand rule

.seealso: `TriboPlaneFrame()`
@*/
void TriboFaceNormal(PetscInt nv, const PetscReal *const X[], PetscReal n[])
{
  PetscReal a[3], b[3];

  for (int c = 0; c < 3; c++) {
    a[c] = X[nv == 4 ? 2 : 1][c] - X[0][c];
    b[c] = nv == 4 ? X[3][c] - X[1][c] : X[2][c] - X[0][c];
  }
  n[0] = a[1] * b[2] - a[2] * b[1];
  n[1] = a[2] * b[0] - a[0] * b[2];
  n[2] = a[0] * b[1] - a[1] * b[0];
}

/*@
  TriboPlaneFrame - The local frame (t1, t2, n) of a plane with unit normal n.

  Not collective

  Input Parameter:
. n - unit normal (may be frame + 6)

  Output Parameter:
. frame - rows t1, t2, n (frame[0..2], frame[3..5], frame[6..8])

  Notes:
  t1 and t2 are the two global axes closest to the plane (smallest |n_a|, x before y before z
  among equals) made orthonormal to n and to each other (Gram-Schmidt), so that an axis-aligned
  interface keeps the global in-plane directions whichever way n points: n = +-z gives
  t1 = x, t2 = y. This is the frame of the Craig-Bampton interface (src/rom/cbiface.c), of the
  built-in lap-frame model and of the interface pictures.

.seealso: `TriboFaceNormal()`, `TriboMeshGetInterfacePairs()`
@*/
void TriboPlaneFrame(const PetscReal n[], PetscReal frame[])
{
  PetscReal *t1 = frame, *nn = frame + 6;
  PetscInt   ax[3] = {0, 1, 2};

  if (n != nn)
    for (int a = 0; a < 3; a++) nn[a] = n[a];
  for (int i = 0; i < 2; i++) // order the axes by |n_a|, the first one first among equals
    for (int j = 2; j > i; j--)
      if (PetscAbsReal(nn[ax[j]]) < PetscAbsReal(nn[ax[j - 1]]) - 1e-12) {
        PetscInt t = ax[j];
        ax[j] = ax[j - 1], ax[j - 1] = t;
      }
  for (int k = 0; k < 2; k++) { // Gram-Schmidt of the axes against n (and t1)
    PetscReal *t = frame + 3 * k, s = 0, dn = nn[ax[k]], dt = k ? t1[ax[k]] : 0;
    for (int a = 0; a < 3; a++) t[a] = (a == ax[k]) - dn * nn[a] - (k ? dt * t1[a] : 0), s += t[a] * t[a];
    for (int a = 0; a < 3; a++) t[a] /= PetscSqrtReal(s);
  }
}
