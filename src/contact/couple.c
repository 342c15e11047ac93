/* TriboContactCoupling: the half-space grid coupled to a reduced structure (linder-gross-krack §2.2-2.3, eq. 8-19).

   The ROM (include/triborom.h) gives K~, M~ (n x n, replicated), the bolt load Fv and the interface: nodes, faces and L, the
   map from the ROM DOFs to the relative displacement of each node pair in the local frame (t1, t2, n), u_n > 0 interpenetration.
   A grid point inside a face takes the face's shape functions N_a at its position (inverse bilinear map; triangles linear), so
   the structural relative displacement at the grid is W_b^T q = D kron(N, I3) L q with D turning (t1, t2, n) into the gap
   components (n, t1, t2) of the half space: g_n = -u_n (a positive gap opens), g_t = u_t. The contact forces on the ROM are
   W_b lambda = L^T kron(N^T, I3) D lambda with lambda = p dA (eq. 1-2, virtual work: f_c = W lambda).

   Structural compliance (eq. 15): W_b^T K~^+ W_b, never formed at grid size. K~^+ comes from the dense generalized eigenproblem
   K~ phi = w M~ phi of the small ROM (LAPACK sygv): K~^+ = sum over elastic modes phi phi^T / w. Rigid-body motions (w below
   1e-13 of the largest w: a free-free structure) are left out of the sum, which is exact when they do not move the interface
   (L phi_r = 0: both halves move together; with a deck's non-conforming pairs, L phi_r = th x (top - bottom node), which is no
   opening: RigidResidual_Private()), checked here: an interface that a rigid-body motion opens is an error (the structure would
   be unstable under the contact forces). Such relative motions are held by bolt ties (eq. 13: springs added to K~ before its
   modes): at a point in a face, or for a bolt axis in its bore hole an RBE3-like tie to the ring of nodes around it
   (Tie_Private()). The BRB ROM of tribo rom has one: the halves' normal separation (its bolts are elements cut at the
   pretension section, the bolt load Fv acting across the cut, whose axial DOF is free), held by -contact_bolt_axial_k. Loads are orthogonal to them (bolt loads, contact forces and M~ phi of
   an elastic mode are self-equilibrated), so K~^+ f is the static response. The structural term is then B B^T with
   B = L Phi_e W_e^{-1/2} (3 nnodes x nelastic), applied as two small dense products after one MPI_Allreduce of the nodal
   forces. The half-space part C is the FFT operator of TriboHalfSpace (kernels ZZ; XX, YY, XY). */
#include <tribo/private/contactimpl.h>
#include <tribonum.h>
#include <petscblaslapack.h>

/* the row of node i's ROM component d (t1, t2, n) in fnode, unode and B: blocked by component (see NodalForce_Private()) */
static inline PetscInt NodeRow_Private(TriboContactCoupling c, PetscInt node, PetscInt d)
{
  return d * c->nn + node;
}

/* Inverse map of face e (nv corners) at the point (x, y): natural coordinates xi with the point inside (within tol) */
static PetscBool Locate_Private(const PetscReal X[4][2], PetscInt nv, PetscReal x, PetscReal y, PetscReal xi[2])
{
  PetscReal N[4], dN[8];

  xi[0] = nv == 4 ? 0 : 1.0 / 3, xi[1] = xi[0];
  for (PetscInt it = 0; it < 25; it++) {
    PetscReal r[2] = {-x, -y}, J[4] = {0, 0, 0, 0}, det, d0, d1;
    TriboFaceShape(nv, xi, N, dN);
    for (PetscInt a = 0; a < nv; a++)
      for (PetscInt i = 0; i < 2; i++) {
        r[i] += N[a] * X[a][i];
        J[2 * i] += X[a][i] * dN[2 * a], J[2 * i + 1] += X[a][i] * dN[2 * a + 1];
      }
    det = J[0] * J[3] - J[1] * J[2];
    if (det == 0) return PETSC_FALSE;
    d0 = (J[3] * r[0] - J[1] * r[1]) / det, d1 = (-J[2] * r[0] + J[0] * r[1]) / det;
    xi[0] -= d0, xi[1] -= d1;
    if (PetscAbsReal(d0) + PetscAbsReal(d1) < 1e-13) break;
    if (PetscAbsReal(xi[0]) > 10 || PetscAbsReal(xi[1]) > 10) return PETSC_FALSE;
  }
  if (nv == 4) return PetscAbsReal(xi[0]) <= 1 + 1e-9 && PetscAbsReal(xi[1]) <= 1 + 1e-9 ? PETSC_TRUE : PETSC_FALSE;
  return xi[0] >= -1e-9 && xi[1] >= -1e-9 && xi[0] + xi[1] <= 1 + 1e-9 ? PETSC_TRUE : PETSC_FALSE;
}

/* A rigid-body motion u(x) = t + th x x of the whole structure moves a node pair whose top node lies Delta = xyzt - xyz off the bottom
   one (a deck's non-conforming pairs: up to 84 um on the BRB) by th x Delta, which is not an opening of the interface. Of L phi of
   rigid-body mode m this returns the largest entry that no such th explains (least squares over the pairs; the frame (t1, t2, n) taken
   as (x, y, z), the interface being a plane z = const): 0 up to round-off when both halves move together, and with -info the fitted th
   and what is left */
static PetscErrorCode RigidResidual_Private(TriboContactCoupling c, PetscInt m, PetscReal *res)
{
  TriboInterface f = c->rom->iface;
  PetscInt       n = c->n;
  PetscReal      A[9], b[3], *u, th[3] = {0, 0, 0};
  PetscBLASInt   three = 3, one = 1, ipiv[3], info = 1;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(3 * c->nn, &u));
  PetscCall(PetscArrayzero(A, 9));
  PetscCall(PetscArrayzero(b, 3));
  for (PetscInt i = 0; i < c->nn; i++) {
    PetscReal D[3] = {0, 0, 0}, row[3][3];
    if (f->xyzt)
      for (PetscInt d = 0; d < 3; d++) D[d] = f->xyzt[3 * i + d] - f->xyz[3 * i + d];
    // th x D: rows of the map th -> th x D
    row[0][0] = 0, row[0][1] = D[2], row[0][2] = -D[1];
    row[1][0] = -D[2], row[1][1] = 0, row[1][2] = D[0];
    row[2][0] = D[1], row[2][1] = -D[0], row[2][2] = 0;
    for (PetscInt d = 0; d < 3; d++) {
      PetscReal s = 0;
      for (PetscInt j = 0; j < n; j++) s += c->L[(3 * i + d) * n + j] * c->Phi[m * n + j];
      u[3 * i + d] = s;
      for (PetscInt a = 0; a < 3; a++) {
        b[a] += row[d][a] * s;
        for (PetscInt e = 0; e < 3; e++) A[a * 3 + e] += row[d][a] * row[d][e];
      }
    }
  }
  if (f->xyzt) PetscCallBLAS("LAPACKgesv", LAPACKgesv_(&three, &one, A, &three, ipiv, b, &three, &info));
  if (!info) th[0] = b[0], th[1] = b[1], th[2] = b[2];
  *res = 0;
  for (PetscInt i = 0; i < c->nn; i++) {
    PetscReal D[3] = {0, 0, 0}, v[3];
    if (f->xyzt)
      for (PetscInt d = 0; d < 3; d++) D[d] = f->xyzt[3 * i + d] - f->xyz[3 * i + d];
    v[0] = th[1] * D[2] - th[2] * D[1], v[1] = th[2] * D[0] - th[0] * D[2], v[2] = th[0] * D[1] - th[1] * D[0];
    for (PetscInt d = 0; d < 3; d++) *res = PetscMax(*res, PetscAbsReal(u[3 * i + d] - v[d]));
  }
  PetscCall(PetscInfo(NULL, "rigid-body mode %" PetscInt_FMT " (eigenvalue %g): pair offsets explain rotation (%.4g, %.4g, %.4g); left %.3g\n", m,
                      (double)c->w[m], (double)th[0], (double)th[1], (double)th[2], (double)*res));
  PetscCall(PetscFree(u));
  PetscFunctionReturn(0);
}

/* The tie of bolt b at xy (eq. 13: a spring on the relative displacement L q added to K~ before its modes are computed).
   radius 0: at the point, the rows of L interpolated in the face holding it. radius > 0: the bolt axis lies in its bore hole, so it
   is tied to the nr interface nodes within radius of it, as an RBE3 element would: the lateral spring kt acts on the mean relative
   tangential displacement of the ring, rbar_c = (1/nr) sum_i L_(i,c) (c = t1, t2; the ring's twist about the axis is free, as a
   shank's torsion is); the axial spring kn is spread evenly over the ring nodes, kn/nr on each L_(i,n), i.e. the clamped annulus
   under the bolt: its mean opening gets kn and its tilt kn <d^2> (d the distance from the axis), without which three bolts in a row
   would leave the halves' relative rocking about that row free. The frame (t1, t2, n) is taken as the same at every ring node
   (the interface is a plane z = const, checked in TriboContactCouplingCreate()). */
static PetscErrorCode Tie_Private(TriboContactCoupling c, PetscReal K[], const PetscReal xy[], PetscReal kt, PetscReal kn, PetscReal radius,
                                  PetscInt b)
{
  TriboInterface f = c->rom->iface;
  PetscInt       n = c->n, nring = 0;
  PetscReal     *r;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(3 * n, &r));
  if (radius <= 0) {
    PetscBool found = PETSC_FALSE;
    for (PetscInt e = 0; e < f->nelem && !found; e++) {
      const PetscInt *en = f->elem + 4 * e;
      PetscInt        nv = en[3] < 0 ? 3 : 4;
      PetscReal       X[4][2], xi[2], N[4], dN[8];
      for (PetscInt v = 0; v < nv; v++) X[v][0] = f->xyz[3 * en[v]], X[v][1] = f->xyz[3 * en[v] + 1];
      if (!Locate_Private(X, nv, xy[0], xy[1], xi)) continue;
      found = PETSC_TRUE;
      TriboFaceShape(nv, xi, N, dN);
      for (PetscInt d = 0; d < 3; d++)
        for (PetscInt v = 0; v < nv; v++)
          for (PetscInt j = 0; j < n; j++) r[d * n + j] += N[v] * c->L[(3 * en[v] + d) * n + j];
    }
    if (!found) PetscCall(PetscFree(r));
    PetscCheck(found, c->comm, PETSC_ERR_USER_INPUT,
               "tie %" PetscInt_FMT " at (%g, %g) m lies outside every interface face (a bolt axis in its hole: give -contact_bolt_radius > 0)", b,
               (double)xy[0], (double)xy[1]);
    for (PetscInt d = 0; d < 3; d++) {
      PetscReal k = d < 2 ? kt : kn;
      if (k != 0)
        for (PetscInt j = 0; j < n; j++)
          for (PetscInt i = 0; i < n; i++) K[j * n + i] += k * r[d * n + i] * r[d * n + j];
    }
  } else {
    for (PetscInt i = 0; i < c->nn; i++) {
      PetscReal dx = f->xyz[3 * i] - xy[0], dy = f->xyz[3 * i + 1] - xy[1];
      if (dx * dx + dy * dy <= radius * radius) nring++;
    }
    if (!nring) PetscCall(PetscFree(r));
    PetscCheck(nring > 0, c->comm, PETSC_ERR_USER_INPUT,
               "bolt tie %" PetscInt_FMT
               " at (%g, %g) m: no interface node within -contact_bolt_radius %g m (the interface spans x %g..%g, y %g..%g m)",
               b, (double)xy[0], (double)xy[1], (double)radius, (double)c->box[0], (double)c->box[1], (double)c->box[2], (double)c->box[3]);
    for (PetscInt i = 0; i < c->nn; i++) {
      PetscReal dx = f->xyz[3 * i] - xy[0], dy = f->xyz[3 * i + 1] - xy[1];
      if (dx * dx + dy * dy > radius * radius) continue;
      for (PetscInt d = 0; d < 2; d++)
        for (PetscInt j = 0; j < n; j++) r[d * n + j] += c->L[(3 * i + d) * n + j] / nring;
      if (kn != 0) // the axial spring: kn/nring on this node's relative normal displacement
        for (PetscInt j = 0; j < n; j++)
          for (PetscInt k = 0; k < n; k++) K[j * n + k] += kn / nring * c->L[(3 * i + 2) * n + k] * c->L[(3 * i + 2) * n + j];
    }
    if (kt != 0)
      for (PetscInt d = 0; d < 2; d++)
        for (PetscInt j = 0; j < n; j++)
          for (PetscInt i = 0; i < n; i++) K[j * n + i] += kt * r[d * n + i] * r[d * n + j];
    PetscCall(PetscInfo(NULL, "bolt tie %" PetscInt_FMT " at (%g, %g) m: %" PetscInt_FMT " interface nodes within %g m\n", b, (double)xy[0],
                        (double)xy[1], nring, (double)radius));
  }
  c->tiering[b] = nring;
  PetscCall(PetscFree(r));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactCouplingCreate - the coupling of a half-space grid to the reduced structure rom (its interface, K~ and M~)

  Collective

  Input Parameters:
+ comm - the communicator of the half space
. rom - the reduced structure, with an interface (rom->iface with faces and L); kept (not copied) until the coupling is destroyed
. nties - tangential ties between the two sides (0: none)
. xy - [2 nties] their positions on the interface (m)
- kt - their stiffness in t1 and t2 (N/m): K~ += kt (r1 r1^T + r2 r2^T), r_c the row of L interpolated at the tie (a bolt shank's
       lateral stiffness for a ROM whose bolts act along their axis only, e.g. the built-in lap frame's)

  Output Parameter:
. cp - the coupling; TriboContactCouplingSetGrid() places the grid
@*/
PetscErrorCode TriboContactCouplingCreate(MPI_Comm comm, TriboROM rom, PetscInt nties, const PetscReal xy[], PetscReal kt, PetscReal kn,
                                          PetscReal radius, TriboContactCoupling *cp)
{
  TriboContactCoupling c;
  TriboInterface       f = rom->iface;
  PetscInt             n = rom->n, lda, nr = 0, bad = -1, nbad = 0;
  const PetscScalar   *a;
  PetscReal           *K, *M, wmax, badl = 0, badp = 1, zmin = PETSC_MAX_REAL, zmax = PETSC_MIN_REAL, ext = 0;

  PetscFunctionBeginUser;
  PetscCheck(f && f->nelem > 0 && f->L, comm, PETSC_ERR_USER_INPUT,
             "%s: the reduced structure has no interface (/rom/interface with nodes, faces and L): tribo contact couples the half-space grid to "
             "the interface faces",
             rom->source[0] ? rom->source : "the ROM");
  PetscCheck(nties >= 0 && nties <= 16 && kt >= 0 && kn >= 0 && radius >= 0, comm, PETSC_ERR_USER_INPUT,
             "bolt ties: expected 0..16 ties (-contact_bolt_xy), stiffnesses -contact_bolt_shear_k, -contact_bolt_axial_k >= 0 and "
             "-contact_bolt_radius >= 0, got %" PetscInt_FMT ", %g, %g N/m, %g m",
             nties, (double)kt, (double)kn, (double)radius);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(c, TRIBO_CONTACTCOUPLING_CLASSID, "TriboContactCoupling", "Half-space grid on a reduced structure's interface",
                              "Contact", comm, TriboContactCouplingDestroy, NULL));
  c->comm = comm, c->rom = rom, c->n = n, c->nn = f->nnodes, c->nties = nties, c->deflmax = 64, c->defltol = 1;
  for (PetscInt i = 0; i < f->nnodes; i++) zmin = PetscMin(zmin, f->xyz[3 * i + 2]), zmax = PetscMax(zmax, f->xyz[3 * i + 2]);
  c->box[0] = c->box[2] = PETSC_MAX_REAL, c->box[1] = c->box[3] = PETSC_MIN_REAL;
  for (PetscInt i = 0; i < f->nnodes; i++)
    for (PetscInt d = 0; d < 2; d++)
      c->box[2 * d] = PetscMin(c->box[2 * d], f->xyz[3 * i + d]), c->box[2 * d + 1] = PetscMax(c->box[2 * d + 1], f->xyz[3 * i + d]);
  ext = PetscMax(c->box[1] - c->box[0], c->box[3] - c->box[2]);
  PetscCheck(zmax - zmin <= 1e-3 * ext, comm, PETSC_ERR_SUP,
             "%s: the interface is not a plane z = const (z spans %g m over an extent of %g m): the half-space grid lies in the x-y plane",
             rom->source[0] ? rom->source : "the ROM", (double)(zmax - zmin), (double)ext);
  // L as a dense row-major array (3 nnodes x n)
  PetscCall(PetscCalloc1(3 * c->nn * n, &c->L));
  for (PetscInt r = 0; r < 3 * c->nn; r++) {
    PetscInt           nc;
    const PetscInt    *cols;
    const PetscScalar *v;
    PetscCall(MatGetRow(f->L, r, &nc, &cols, &v));
    for (PetscInt k = 0; k < nc; k++) c->L[r * n + cols[k]] = PetscRealPart(v[k]);
    PetscCall(MatRestoreRow(f->L, r, &nc, &cols, &v));
  }
  // K~^+ from the modes of the small ROM (every rank the same LAPACK call on the same replicated matrices)
  PetscCall(PetscMalloc1(n * n, &K));
  PetscCall(PetscMalloc1(n * n, &M));
  PetscCall(PetscMalloc1(n, &c->w));
  PetscCall(MatDenseGetLDA(rom->K, &lda));
  PetscCall(MatDenseGetArrayRead(rom->K, &a));
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < n; i++) K[j * n + i] = PetscRealPart(a[j * lda + i]);
  PetscCall(MatDenseRestoreArrayRead(rom->K, &a));
  PetscCall(MatDenseGetLDA(rom->M, &lda));
  PetscCall(MatDenseGetArrayRead(rom->M, &a));
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < n; i++) M[j * n + i] = PetscRealPart(a[j * lda + i]);
  PetscCall(MatDenseRestoreArrayRead(rom->M, &a));
  for (PetscInt b = 0; b < nties; b++) PetscCall(Tie_Private(c, K, xy + 2 * b, kt, kn, radius, b));
  PetscCall(TriboDenseEigen(n, K, M, c->w));
  c->Phi = K; // column m: the M~-orthonormal mode m
  PetscCall(PetscFree(M));
  wmax = c->w[n - 1];
  while (nr < n && c->w[nr] < 1e-13 * wmax) nr++;
  c->nr = nr, c->ne = n - nr;
  PetscCall(PetscInfo(NULL, "%" PetscInt_FMT " rigid-body modes (eigenvalues below %g)\n", nr, (double)(1e-13 * wmax)));
  for (PetscInt m = 0; m < PetscMin(n, nr + 7); m++) PetscCall(PetscInfo(NULL, "  eigenvalue %" PetscInt_FMT ": %g\n", m, (double)c->w[m]));
  for (PetscInt m = 0; m < nr; m++) { // rigid-body motions must not open the interface (all of them reported by -info first)
    PetscReal lphi = 0, phi = 0;
    PetscCall(RigidResidual_Private(c, m, &lphi));
    for (PetscInt j = 0; j < n; j++) phi = PetscMax(phi, PetscAbsReal(c->Phi[m * n + j]));
    // the threshold 1e-4: the real BRB deck untied leaves 0.007-0.034 of |phi| ~ 0.01 (a mechanism: order 1); tied at its bolts with
    // -contact_bolt_axial_k 1e6, whose separation mode (eigenvalue 2.7e5) lies close to the rigid ones (-0.01 .. 0.34, round-off
    // of eps times the largest eigenvalue 2.8e14), round-off mixes it in at 4e-7 .. 1.4e-6 (a freshly built ROM failed the former 1e-6)
    if (lphi > 1e-4 * phi && (bad < 0 || lphi / phi > badl / badp)) bad = m, badl = lphi, badp = phi;
    nbad += lphi > 1e-4 * phi;
  }
  PetscCheck(bad < 0, comm, PETSC_ERR_USER_INPUT,
             "%s: the rigid-body motions of the reduced structure (%" PetscInt_FMT
             " eigenvalues of K~, M~ near 0; a degenerate set, so %" PetscInt_FMT " of its vectors mix in the motion) move the interface (the "
             "worst: eigenvalue %g, |L phi| = %g, |phi| = %g): the two sides are not held together, the static problem has no solution (tie "
             "them at the bolts: -contact_bolt_xy, -contact_bolt_radius, -contact_bolt_shear_k, -contact_bolt_axial_k; -info lists the modes)",
             rom->source[0] ? rom->source : "the ROM", nr, nbad, (double)c->w[bad], (double)badl, (double)badp);
  PetscCheck(c->ne > 0, comm, PETSC_ERR_USER_INPUT, "the reduced structure has no elastic mode");
  // B = L Phi_e W_e^{-1/2}, column-major (3 nnodes x ne), its rows blocked by component (NodeRow_Private)
  PetscCall(PetscMalloc4(3 * c->nn * c->ne, &c->B, 3 * c->nn, &c->fnode, 3 * c->nn, &c->unode, c->ne, &c->z));
  for (PetscInt m = 0; m < c->ne; m++) {
    const PetscReal *phi = c->Phi + (nr + m) * n, s = 1 / PetscSqrtReal(c->w[nr + m]);
    for (PetscInt r = 0; r < 3 * c->nn; r++) {
      PetscReal v = 0;
      for (PetscInt j = 0; j < n; j++) v += c->L[r * n + j] * phi[j];
      c->B[m * 3 * c->nn + NodeRow_Private(c, r / 3, r % 3)] = v * s;
    }
  }
  *cp = c;
  PetscFunctionReturn(0);
}

/*@C
  TriboContactCouplingSetGrid - places the half-space grid hs (point (i, j) at (x0 + i dx, y0 + j dy)) on the interface faces:
  the shape functions of the face holding each local point (the sparse W_b, 4 entries per point), inside[] false for a point
  outside every face (a bore hole, the outside of the interface: never in contact)

  Collective
@*/
PetscErrorCode TriboContactCouplingSetGrid(TriboContactCoupling c, TriboHalfSpace hs, PetscReal x0, PetscReal y0)
{
  TriboInterface f = c->rom->iface;
  PetscInt       nx, ny, j0, nyl;
  PetscReal      dx, dy;

  PetscFunctionBeginUser;
  PetscCall(PetscObjectReference((PetscObject)hs));
  PetscCall(TriboHalfSpaceDestroy(&c->hs)); // a grid set before
  c->hs = hs;
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, &dx, &dy));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  c->nx = nx, c->nyl = nyl, c->j0 = j0, c->nloc = nx * nyl, c->dA = dx * dy;
  PetscCall(PetscFree(c->low));
  c->nlow = 0;
  PetscCall(PetscFree3(c->gnode, c->gw, c->inside));
  PetscCall(PetscCalloc3(4 * c->nloc + 1, &c->gnode, 4 * c->nloc + 1, &c->gw, c->nloc + 1, &c->inside));
  for (PetscInt e = 0; e < f->nelem; e++) {
    const PetscInt *en = f->elem + 4 * e;
    PetscInt        nv = en[3] < 0 ? 3 : 4, i0, i1, jl0, jl1;
    PetscReal       X[4][2], bx0 = PETSC_MAX_REAL, bx1 = PETSC_MIN_REAL, by0 = PETSC_MAX_REAL, by1 = PETSC_MIN_REAL;
    for (PetscInt a = 0; a < nv; a++) {
      X[a][0] = f->xyz[3 * en[a]], X[a][1] = f->xyz[3 * en[a] + 1];
      bx0 = PetscMin(bx0, X[a][0]), bx1 = PetscMax(bx1, X[a][0]), by0 = PetscMin(by0, X[a][1]), by1 = PetscMax(by1, X[a][1]);
    }
    i0 = PetscMax(0, (PetscInt)PetscCeilReal((bx0 - x0) / dx - 1e-9)), i1 = PetscMin(nx - 1, (PetscInt)PetscFloorReal((bx1 - x0) / dx + 1e-9));
    jl0 = PetscMax(0, (PetscInt)PetscCeilReal((by0 - y0) / dy - 1e-9) - j0);
    jl1 = PetscMin(nyl - 1, (PetscInt)PetscFloorReal((by1 - y0) / dy + 1e-9) - j0);
    for (PetscInt jl = jl0; jl <= jl1; jl++)
      for (PetscInt i = i0; i <= i1; i++) {
        PetscInt  k = jl * nx + i;
        PetscReal xi[2], N[4], dN[8];
        if (c->inside[k] || !Locate_Private(X, nv, x0 + i * dx, y0 + (j0 + jl) * dy, xi)) continue;
        TriboFaceShape(nv, xi, N, dN);
        c->inside[k] = PETSC_TRUE;
        for (PetscInt a = 0; a < 4; a++) c->gnode[4 * k + a] = a < nv ? en[a] : en[0], c->gw[4 * k + a] = a < nv ? N[a] : 0;
      }
  }
  PetscFunctionReturn(0);
}

/* The nodal vectors fnode, unode and the rows of B are blocked by ROM component: t1 of all nodes, then t2, then n (L's rows are
   node-major, 3 i + d). The half space's grid components (n, t1, t2) are the ROM's (2, 0, 1): a block of grid components, normal
   (0, 1) or tangential (1, 2), is then one contiguous range of rows (Rows_Private), and a product on it streams only that part of B */
/* the ROM rows [r0, r0 + nr) of the grid components c0 .. c0 + nc - 1: (0, 1) normal, (1, 2) tangential, (0, 3) all */
static void Rows_Private(TriboContactCoupling c, PetscInt c0, PetscInt nc, PetscInt *r0, PetscInt *nr)
{
  if (nc == 3)
    *r0 = 0, *nr = 3 * c->nn;
  else if (c0 == 0)
    *r0 = 2 * c->nn, *nr = c->nn;
  else
    *r0 = 0, *nr = 2 * c->nn;
}

/* fnode (ROM components) = kron(N^T, I3) D lambda on this rank for the grid components c0 .. c0 + nc - 1 of p (p[k] component
   c0 + k), then summed over the ranks; only the block's rows are touched */
static PetscErrorCode NodalForce_Private(TriboContactCoupling c, PetscInt c0, PetscInt nc, const PetscReal *const p[])
{
  PetscInt         r0, nr, nn = c->nn;
  const PetscReal *pn = NULL, *p1 = NULL, *p2 = NULL;

  PetscFunctionBeginUser;
  Rows_Private(c, c0, nc, &r0, &nr);
  if (c0 == 0) pn = p[0];
  if (c0 + nc == 3) p1 = p[1 - c0], p2 = p[2 - c0];
  PetscCall(PetscArrayzero(c->fnode + r0, nr));
  for (PetscInt k = 0; k < c->nloc; k++) {
    if (!c->inside[k]) continue;
    for (PetscInt a = 0; a < 4; a++) {
      PetscReal w  = c->gw[4 * k + a] * c->dA;
      PetscInt  nd = c->gnode[4 * k + a];
      if (p1) c->fnode[nd] += w * p1[k], c->fnode[nn + nd] += w * p2[k];
      if (pn) c->fnode[2 * nn + nd] -= w * pn[k];
    }
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, c->fnode + r0, (PetscMPIInt)nr, MPIU_REAL, MPIU_SUM, c->comm));
  PetscFunctionReturn(0);
}

/* g[k][i] (+)= (D kron(N, I3) u)_{c0 + k} at the local points for the node displacements u (ROM components, blocked), grid
   components c0 .. c0 + nc - 1 */
static void GridGap_Private(TriboContactCoupling c, const PetscReal u[], PetscBool add, PetscReal *const g[], PetscInt c0, PetscInt nc)
{
  PetscInt nn = c->nn;

  for (PetscInt k = 0; k < c->nloc; k++) {
    PetscReal v[3] = {0, 0, 0};
    if (c->inside[k])
      for (PetscInt a = 0; a < 4; a++) {
        PetscReal w  = c->gw[4 * k + a];
        PetscInt  nd = c->gnode[4 * k + a];
        if (c0 == 0) v[0] -= w * u[2 * nn + nd];
        if (c0 + nc == 3) v[1] += w * u[nd], v[2] += w * u[nn + nd];
      }
    for (PetscInt d = 0; d < nc; d++) g[d][k] = (add ? g[d][k] : 0) + v[c0 + d];
  }
}

/* unode on the rows [ro, ro + no) = B_out B_in^T fnode on the rows [ri, ri + ni) (B_in, B_out those rows of B): the interface's
   relative displacement under the nodal forces (K~^+ on the elastic modes); two BLAS gemv (the compiled loops took a third of a
   product on the 96 x 20 lap beam) */
static PetscErrorCode Structural_Private(TriboContactCoupling c, PetscInt ri, PetscInt ni, PetscInt ro, PetscInt no)
{
  PetscBLASInt m3, mi, mo, ne, one = 1;
  PetscReal    a1 = 1, a0 = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(3 * c->nn, &m3));
  PetscCall(PetscBLASIntCast(ni, &mi));
  PetscCall(PetscBLASIntCast(no, &mo));
  PetscCall(PetscBLASIntCast(c->ne, &ne));
  BLASgemv_("T", &mi, &ne, &a1, c->B + ri, &m3, c->fnode + ri, &one, &a0, c->z, &one);
  BLASgemv_("N", &mo, &ne, &a1, c->B + ro, &m3, c->z, &one, &a0, c->unode + ro, &one);
  PetscFunctionReturn(0);
}

/* The diagonal block of eq. 15's operator on the grid components c0 .. c0 + nc - 1, (0, 1) normal or (1, 2) tangential or (0, 3)
   all: out = (C_*)_BB in (in[k], out[k] component c0 + k) */
static PetscErrorCode ApplyBlock_Private(void *ctx, PetscInt c0, PetscInt nc, const PetscReal *const in[], PetscReal *const out[])
{
  TriboContactCoupling c = (TriboContactCoupling)ctx;
  PetscInt             r0, nr;

  PetscFunctionBeginUser;
  PetscCheck((c0 == 0 && (nc == 1 || nc == 3)) || (c0 == 1 && nc == 2), c->comm, PETSC_ERR_ARG_OUTOFRANGE,
             "blocks of components: (0, 1), (1, 2) or (0, 3), got (%" PetscInt_FMT ", %" PetscInt_FMT ")", c0, nc);
  if (c0 == 0) PetscCall(TriboHalfSpaceApply(c->hs, TRIBO_HS_ZZ, in[0], out[0]));
  if (c0 + nc == 3) PetscCall(TriboHalfSpaceApplyTangential(c->hs, in[1 - c0], in[2 - c0], out[1 - c0], out[2 - c0]));
  PetscCall(NodalForce_Private(c, c0, nc, in));
  Rows_Private(c, c0, nc, &r0, &nr);
  PetscCall(Structural_Private(c, r0, nr, r0, nr));
  GridGap_Private(c, c->unode, PETSC_TRUE, out, c0, nc);
  PetscFunctionReturn(0);
}

/* The operator of eq. 15: out = C_* in (tractions in Pa, gap increments in m) */
static PetscErrorCode Apply_Private(void *ctx, const PetscReal *const in[], PetscReal *const out[])
{
  TriboContactCoupling c     = (TriboContactCoupling)ctx;
  PetscMPIInt          nz[2] = {0, 0};
  PetscInt             b0, nb, r0, nr;

  PetscFunctionBeginUser;
  if (c->ncomp == 1) {
    PetscCall(ApplyBlock_Private(ctx, 0, 1, in, out));
    PetscFunctionReturn(0);
  }
  // the half spaces decouple n | (t1, t2) (App. A): a block whose input is zero on all ranks costs neither transforms nor its rows of
  // B; the structure couples the blocks, so the nonzero block's forces answer in all three components
  for (PetscInt k = 0; k < c->nloc; k++) nz[0] |= in[0][k] != 0, nz[1] |= in[1][k] != 0 || in[2][k] != 0;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, nz, 2, MPI_INT, MPI_LOR, c->comm));
  if (nz[0] && nz[1]) {
    PetscCall(ApplyBlock_Private(ctx, 0, 3, in, out));
    PetscFunctionReturn(0);
  }
  for (PetscInt d = 0; d < 3; d++) PetscCall(PetscArrayzero(out[d], c->nloc));
  if (!nz[0] && !nz[1]) PetscFunctionReturn(0);
  b0 = nz[0] ? 0 : 1, nb = nz[0] ? 1 : 2;
  if (nz[0])
    PetscCall(TriboHalfSpaceApply(c->hs, TRIBO_HS_ZZ, in[0], out[0]));
  else
    PetscCall(TriboHalfSpaceApplyTangential(c->hs, in[1], in[2], out[1], out[2]));
  PetscCall(NodalForce_Private(c, b0, nb, in + b0));
  Rows_Private(c, b0, nb, &r0, &nr);
  PetscCall(Structural_Private(c, r0, nr, 0, 3 * c->nn));
  GridGap_Private(c, c->unode, PETSC_TRUE, out, 0, 3);
  PetscFunctionReturn(0);
}

/* The deflated columns of the structural compliance (src/contact/deflate.c): V = sqrt(dA) D kron(N, I3) B at the grid, so that
   W_b^T K~^+ W_b = V V^T in tractions (Pa) to gaps (m); kept: the columns whose squared norm over the grid exceeds
   -contact_deflate_tol (default 1) times the diagonal of the half space's C_nn, at most -contact_deflate_max (default 64, 0: none)
   of them, the largest. Computed once per grid. */
static PetscErrorCode LowRank_Private(TriboContactCoupling c)
{
  PetscInt  ne = c->ne, nl = c->nloc, nmax = c->deflmax, k = 0, *idx;
  PetscReal tol = c->defltol, c0, *nrm, *u, *g[3];

  PetscFunctionBeginUser;
  if (c->low || c->nlow < 0) PetscFunctionReturn(0);
  PetscCheck(nmax >= 0 && tol > 0, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_deflate_max must be >= 0 and -contact_deflate_tol > 0, got %" PetscInt_FMT ", %g", nmax, (double)tol);
  PetscCall(TriboHalfSpaceInfluence(c->hs, TRIBO_HS_ZZ, 0, 0, &c0));
  PetscCall(PetscMalloc4(ne, &nrm, ne, &idx, 3 * c->nn, &u, 3 * (nl + 1), &g[0]));
  g[1] = g[0] + nl + 1, g[2] = g[1] + nl + 1;
  for (PetscInt m = 0; m < ne; m++) {
    nrm[m] = 0, idx[m] = m;
    for (PetscInt r = 0; r < 3 * c->nn; r++) u[r] = c->B[m * 3 * c->nn + r];
    GridGap_Private(c, u, PETSC_FALSE, g, 0, 3);
    for (PetscInt d = 0; d < 3; d++)
      for (PetscInt i = 0; i < nl; i++) nrm[m] += c->dA * g[d][i] * g[d][i];
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, nrm, (PetscMPIInt)ne, MPIU_REAL, MPIU_SUM, c->comm));
  PetscCall(PetscSortRealWithPermutation(ne, nrm, idx)); // ascending
  while (k < PetscMin(nmax, ne) && nrm[idx[ne - 1 - k]] > tol * c0) k++;
  PetscCall(PetscInfo(NULL, "deflation: %" PetscInt_FMT " of %" PetscInt_FMT " structural columns (largest |v|^2 / c_nn %g, threshold %g)\n", k, ne,
                      ne > 0 ? (double)(nrm[idx[ne - 1]] / c0) : 0.0, (double)tol));
  PetscCall(PetscFree(c->low));
  c->nlow = k;
  if (k > 0) {
    PetscCall(PetscMalloc1((size_t)3 * nl * k + 1, &c->low));
    for (PetscInt j = 0; j < k; j++) {
      PetscInt m = idx[ne - 1 - j];
      for (PetscInt r = 0; r < 3 * c->nn; r++) u[r] = c->B[m * 3 * c->nn + r];
      GridGap_Private(c, u, PETSC_FALSE, g, 0, 3);
      for (PetscInt d = 0; d < 3; d++)
        for (PetscInt i = 0; i < nl; i++) c->low[(size_t)d * nl * k + (size_t)i * k + j] = PetscSqrtReal(c->dA) * (c->inside[i] ? g[d][i] : 0);
    }
  } else
    c->nlow = -1; // computed, none kept
  PetscCall(PetscFree4(nrm, idx, u, g[0]));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactCouplingGetOperator - the effective compliance C_* = C + W_b^T K~^+ W_b (eq. 15) as a TriboContactOperator with ncomp
  3 (n, t1, t2; all three coupled by the structure) or 1 (normal only)

  Not collective
@*/
PetscErrorCode TriboContactCouplingGetOperator(TriboContactCoupling c, PetscInt ncomp, TriboContactOperator *op)
{
  TriboContactOperator hop;

  PetscFunctionBeginUser;
  PetscCheck(ncomp == 1 || ncomp == 3, c->comm, PETSC_ERR_ARG_OUTOFRANGE, "ncomp must be 1 or 3, got %" PetscInt_FMT, ncomp);
  PetscCheck(c->hs, c->comm, PETSC_ERR_ORDER, "TriboContactCouplingSetGrid() first");
  c->ncomp = ncomp;
  PetscCall(PetscMemzero(op, sizeof(*op)));
  op->comm       = c->comm;
  op->nlocal     = c->nloc;
  op->ncomp      = ncomp;
  op->cell       = c->dA;
  op->apply      = Apply_Private;
  op->applyblock = ncomp == 3 ? ApplyBlock_Private : NULL;
  op->ctx        = c;
  PetscCall(TriboContactOperatorFromHalfSpace(c->hs, 1, &hop)); // the preconditioner: the half space's FFT inverse (the structure's
  op->invert = hop.invert, op->invctx = hop.invctx;             // part is left to the deflated columns, src/contact/deflate.c)
  PetscCall(LowRank_Private(c));
  op->nlow = PetscMax(c->nlow, 0);
  for (PetscInt d = 0; d < 3; d++) op->low[d] = op->nlow > 0 ? c->low + (size_t)d * c->nloc * op->nlow : NULL;
  PetscFunctionReturn(0);
}

/*@C
  TriboContactCouplingForce - the generalized contact force f = W_b lambda (n ROM DOFs, on every rank) of the tractions p[3]

  Collective
@*/
PetscErrorCode TriboContactCouplingForce(TriboContactCoupling c, const PetscReal *const p[], PetscReal f[])
{
  PetscFunctionBeginUser;
  PetscCall(NodalForce_Private(c, 0, 3, p));
  for (PetscInt j = 0; j < c->n; j++) f[j] = 0;
  for (PetscInt r = 0; r < 3 * c->nn; r++) {
    PetscReal fr = c->fnode[NodeRow_Private(c, r / 3, r % 3)];
    if (fr != 0)
      for (PetscInt j = 0; j < c->n; j++) f[j] += c->L[r * c->n + j] * fr;
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboContactCouplingDisplacement - the static response q = K~^+ f (elastic modes; f must not load the rigid-body motions)

  Not collective
@*/
PetscErrorCode TriboContactCouplingDisplacement(TriboContactCoupling c, const PetscReal f[], PetscReal q[])
{
  PetscInt n = c->n;

  PetscFunctionBeginUser;
  for (PetscInt j = 0; j < n; j++) q[j] = 0;
  for (PetscInt m = c->nr; m < n; m++) {
    const PetscReal *phi = c->Phi + m * n;
    PetscReal        s   = 0;
    for (PetscInt j = 0; j < n; j++) s += phi[j] * f[j];
    s /= c->w[m];
    for (PetscInt j = 0; j < n; j++) q[j] += s * phi[j];
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboContactCouplingGap - the gap W_b^T q at the local grid points (components n, t1, t2) of the ROM displacement q

  Not collective
@*/
PetscErrorCode TriboContactCouplingGap(TriboContactCoupling c, const PetscReal q[], PetscReal *const g[])
{
  PetscFunctionBeginUser;
  for (PetscInt r = 0; r < 3 * c->nn; r++) {
    PetscReal s = 0;
    for (PetscInt j = 0; j < c->n; j++) s += c->L[r * c->n + j] * q[j];
    c->unode[NodeRow_Private(c, r / 3, r % 3)] = s;
  }
  GridGap_Private(c, c->unode, PETSC_FALSE, g, 0, 3);
  PetscFunctionReturn(0);
}

/* The interface's extent in x and y (m): box = {xmin, xmax, ymin, ymax} */
PetscErrorCode TriboContactCouplingGetBox(TriboContactCoupling c, PetscReal box[])
{
  PetscFunctionBeginUser;
  for (PetscInt d = 0; d < 4; d++) box[d] = c->box[d];
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactCouplingDestroy(TriboContactCoupling *cp)
{
  TriboContactCoupling c = *cp;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(cp, TRIBO_CONTACTCOUPLING_CLASSID);
  PetscCall(TriboHalfSpaceDestroy(&c->hs));
  PetscCall(PetscFree(c->L));
  PetscCall(PetscFree(c->Phi));
  PetscCall(PetscFree(c->w));
  PetscCall(PetscFree4(c->B, c->fnode, c->unode, c->z));
  PetscCall(PetscFree3(c->gnode, c->gw, c->inside));
  PetscCall(PetscFree(c->low));
  PetscCall(PetscHeaderDestroy(cp));
  PetscFunctionReturn(0);
}
