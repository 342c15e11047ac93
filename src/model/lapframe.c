/* Lap-frame model: two elastic steel beams joined by a bolted lap joint, a stand-in for the
   Brake-Reuss beam (BRB) built from 3-D Euler-Bernoulli frame elements.

   Geometry (defaults are the BRB's): total length L, overlap ov centred at x = 0, square
   section b x h. Beam 1 ("top") spans [-L/2, ov/2], beam 2 ("bottom") [-ov/2, L/2]. Outside the
   overlap each beam has the full b x h section with its centroid on the reference line
   y = z = 0; in the overlap each half has a b x h/2 section whose centroid is offset by
   e = (0, 0, +h/4) (top) or (0, 0, -h/4) (bottom) from the nodes, which all lie on the reference
   line. Eccentric elements are transformed with the rigid offset u_c = u_node + theta x e.

   The joint interface is the plane z = 0 over the overlap, meshed with nx x ny quadrilaterals;
   L maps the beam DOFs to the relative displacement of each node pair in the local frame
   (t1, t2, n) = (x, y, -z) (TriboPlaneFrame() of n = -z, as in src/rom/cbiface.c):
   (u_top - u_bot).x, (u_top - u_bot).y, (u_bot - u_top).z, so that u_n > 0 is
   interpenetration (triborom.h). Surface points follow their half's cross-section
   rigidly: u = u_c(x) + theta(x) x (r - c(x)), with u_c and theta interpolated inside the
   element (linear ux, rx; cubic Hermite uy, uz with uy' = rz, uz' = -ry).

   Bolts are axial springs in z between the top face of the top half and the bottom face of the
   bottom half; Fv is the generalized force of a unit tension in every bolt. The two beams hang
   on soft suspension springs (x, y, z) attached at the top corners of their four ends. */
#include <tribomodel.h>
#include <tribonum.h>

typedef struct {
  PetscReal len, ov, b, h, E, nu, rho, boltk, bolts, suspk;
  PetscInt  nelb, nelo, nx, ny, nbolts;
  PetscBool single;
} LapFrameParams;

// One frame element along x between nodes n0 and n0 + 1 (DOFs 6*n0 .. 6*n0 + 11)
typedef struct {
  PetscInt  n0;
  PetscReal x0, x1;
  PetscReal ez;           // centroid offset from the reference line (m)
  PetscReal hz;           // section height (m)
  PetscReal A, Iy, Iz, J; // section area (m^2), second moments about y and z, torsion constant (m^4)
} FrameElem;

// A beam is a contiguous run of elements [ebeg, eend) ordered in x
typedef struct {
  PetscInt ebeg, eend;
} FrameBeam;

static const PetscReal accel_xyz[2][3] = {{-0.35789, +0.01016, 0.0127}, {+0.35789, -0.01016, 0.0127}};

// Torsion constant of an a x b rectangle (series of Timoshenko & Goodier, converged to round-off)
static PetscReal RectTorsion_Private(PetscReal a, PetscReal b)
{
  PetscReal s = 0, t;

  if (a < b) t = a, a = b, b = t;
  for (PetscInt k = 1; k < 200; k += 2) s += PetscTanhReal(k * PETSC_PI * a / (2 * b)) / PetscPowRealInt((PetscReal)k, 5);
  return a * b * b * b / 3.0 * (1 - 192.0 / PetscPowRealInt(PETSC_PI, 5) * (b / a) * s);
}

static void SetSection_Private(FrameElem *el, PetscReal b, PetscReal h)
{
  el->hz = h;
  el->A  = b * h;
  el->Iy = b * h * h * h / 12;
  el->Iz = h * b * b * b / 12;
  el->J  = RectTorsion_Private(b, h);
}

// Rigid offset: centroid DOFs = T node DOFs, T = blockdiag(Tn, Tn), u_c = u + theta x e, e = (0, 0, ez)
static void OffsetMatrix_Private(PetscReal ez, PetscReal T[144])
{
  for (PetscInt i = 0; i < 144; i++) T[i] = 0;
  for (PetscInt i = 0; i < 12; i++) T[i * 12 + i] = 1;
  for (PetscInt a = 0; a < 2; a++) {
    T[(6 * a + 0) * 12 + 6 * a + 4] = ez;  // ux_c = ux + ez ry
    T[(6 * a + 1) * 12 + 6 * a + 3] = -ez; // uy_c = uy - ez rx
  }
}

// K and M (12 x 12, row-major, node DOFs) of a frame element, see the file header
static void FrameElementMatrices_Private(const FrameElem *el, PetscReal E, PetscReal G, PetscReal rho, PetscReal Ke[144], PetscReal Me[144])
{
  const PetscReal l = el->x1 - el->x0, l2 = l * l;
  const PetscReal hk[4][4] = {{12, 6 * l, -12, 6 * l}, {6 * l, 4 * l2, -6 * l, 2 * l2}, {-12, -6 * l, 12, -6 * l}, {6 * l, 2 * l2, -6 * l, 4 * l2}};
  const PetscReal hm[4][4] = {
      {156, 22 * l, 54, -13 * l}, {22 * l, 4 * l2, 13 * l, -3 * l2}, {54, 13 * l, 156, -22 * l}, {-13 * l, -3 * l2, -22 * l, 4 * l2}};
  const PetscInt  by[4] = {1, 5, 7, 11}, bz[4] = {2, 4, 8, 10}; // (v1, slope1, v2, slope2): uy' = rz, uz' = -ry
  const PetscReal sz[4] = {1, -1, 1, -1};
  const PetscInt  ax[2] = {0, 6}, tx[2] = {3, 9};
  PetscReal       Kc[144] = {0}, Mc[144] = {0}, T[144], W[144];

  for (PetscInt i = 0; i < 2; i++)
    for (PetscInt j = 0; j < 2; j++) {
      PetscReal s = i == j ? 1 : -1, m = i == j ? 2 : 1;
      Kc[ax[i] * 12 + ax[j]] = s * E * el->A / l;
      Kc[tx[i] * 12 + tx[j]] = s * G * el->J / l;
      Mc[ax[i] * 12 + ax[j]] = m * rho * el->A * l / 6;
      Mc[tx[i] * 12 + tx[j]] = m * rho * (el->Iy + el->Iz) * l / 6;
    }
  for (PetscInt i = 0; i < 4; i++)
    for (PetscInt j = 0; j < 4; j++) {
      Kc[by[i] * 12 + by[j]] = E * el->Iz / (l2 * l) * hk[i][j];
      Kc[bz[i] * 12 + bz[j]] = E * el->Iy / (l2 * l) * hk[i][j] * sz[i] * sz[j];
      Mc[by[i] * 12 + by[j]] = rho * el->A * l / 420 * hm[i][j];
      Mc[bz[i] * 12 + bz[j]] = rho * el->A * l / 420 * hm[i][j] * sz[i] * sz[j];
    }
  // Ke = T^T Kc T, Me = T^T Mc T
  OffsetMatrix_Private(el->ez, T);
  for (PetscInt k = 0; k < 2; k++) {
    TriboDenseMatMultRowMajor(PETSC_FALSE, 12, 12, 12, k ? Mc : Kc, T, W);
    TriboDenseMatMultRowMajor(PETSC_TRUE, 12, 12, 12, T, W, k ? Me : Ke);
  }
}

/* Displacement of the material point r (global coordinates) carried rigidly by the cross-section
   of element el at abscissa x: u(r) = G u_e, G 3 x 12 row-major on the element's node DOFs. */
static void FramePointMap_Private(const FrameElem *el, PetscReal x, const PetscReal r[3], PetscReal G[36])
{
  const PetscReal l = el->x1 - el->x0, xi = (x - el->x0) / l;
  const PetscReal N[4]  = {1 - 3 * xi * xi + 2 * xi * xi * xi, l * (xi - 2 * xi * xi + xi * xi * xi), 3 * xi * xi - 2 * xi * xi * xi,
                           l * (-xi * xi + xi * xi * xi)};
  const PetscReal dN[4] = {(-6 * xi + 6 * xi * xi) / l, 1 - 4 * xi + 3 * xi * xi, (6 * xi - 6 * xi * xi) / l, -2 * xi + 3 * xi * xi};
  const PetscReal d[3]  = {r[0] - x, r[1], r[2] - el->ez}; // from the centroid c = (x, 0, ez)
  PetscReal       S[72] = {0}, P[18] = {0}, T[144], PS[36];

  // S: centroid (u, theta) at x from the element's centroid DOFs (6 x 12)
  S[0 * 12 + 0] = 1 - xi, S[0 * 12 + 6] = xi;
  S[3 * 12 + 3] = 1 - xi, S[3 * 12 + 9] = xi;
  S[1 * 12 + 1] = N[0], S[1 * 12 + 5] = N[1], S[1 * 12 + 7] = N[2], S[1 * 12 + 11] = N[3];
  S[2 * 12 + 2] = N[0], S[2 * 12 + 4] = -N[1], S[2 * 12 + 8] = N[2], S[2 * 12 + 10] = -N[3];
  S[5 * 12 + 1] = dN[0], S[5 * 12 + 5] = dN[1], S[5 * 12 + 7] = dN[2], S[5 * 12 + 11] = dN[3];   // rz = uy'
  S[4 * 12 + 2] = -dN[0], S[4 * 12 + 4] = dN[1], S[4 * 12 + 8] = -dN[2], S[4 * 12 + 10] = dN[3]; // ry = -uz'
  // P: u(r) = u_c + theta x d (3 x 6)
  P[0 * 6 + 0] = P[1 * 6 + 1] = P[2 * 6 + 2] = 1;
  P[0 * 6 + 4] = d[2], P[0 * 6 + 5] = -d[1];
  P[1 * 6 + 3] = -d[2], P[1 * 6 + 5] = d[0];
  P[2 * 6 + 3] = d[1], P[2 * 6 + 4] = -d[0];
  OffsetMatrix_Private(el->ez, T);
  TriboDenseMatMultRowMajor(PETSC_FALSE, 3, 12, 6, P, S, PS);
  TriboDenseMatMultRowMajor(PETSC_FALSE, 3, 12, 12, PS, T, G);
}

/* Point map for material point r on beam bm: the element containing x = r[0]; beyond an end the
   point is carried rigidly by the end cross-section. cols[12] receives the global DOFs. */
static PetscErrorCode BeamPointMap_Private(const FrameElem *el, FrameBeam bm, const PetscReal r[3], PetscReal G[36], PetscInt cols[12])
{
  PetscInt  e = bm.ebeg;
  PetscReal x = r[0];

  PetscFunctionBeginUser;
  if (x <= el[bm.ebeg].x0)
    x = el[bm.ebeg].x0;
  else if (x >= el[bm.eend - 1].x1)
    x = el[bm.eend - 1].x1, e = bm.eend - 1;
  else
    while (e < bm.eend - 1 && x > el[e].x1) e++;
  FramePointMap_Private(&el[e], x, r, G);
  for (PetscInt j = 0; j < 12; j++) cols[j] = 6 * el[e].n0 + j;
  PetscFunctionReturn(0);
}

// The parameters: defaults, then the -lapframe_* options, checked
static PetscErrorCode LapFrameGetParams_Private(MPI_Comm comm, LapFrameParams *p)
{
  PetscFunctionBeginUser;
  p->len = 0.7112, p->ov = 0.1214, p->b = 0.0254, p->h = 0.0254;
  p->E = 192.31e9, p->nu = 0.3, p->rho = 7784.3;
  p->nelb = 10, p->nelo = 6, p->nx = 12, p->ny = 4;
  p->nbolts = 3, p->bolts = 0.0381, p->boltk = 0.0, p->suspk = 500, p->single = PETSC_FALSE;
  TriboOptionsBegin(comm, NULL,
                    "Lap-frame model: two steel beams in a bolted lap joint, a Brake-Reuss beam stand-in (tribo model -model_type lapframe)",
                    "TriboModelLapFrame");
  PetscCall(PetscOptionsReal("-lapframe_length", "total length of the assembly [m]", "TriboModelLapFrame", p->len, &p->len, NULL));
  PetscCall(PetscOptionsReal("-lapframe_overlap", "length of the lap joint, centred at x = 0 [m]", "TriboModelLapFrame", p->ov, &p->ov, NULL));
  PetscCall(PetscOptionsReal("-lapframe_width", "section width b, along y [m]", "TriboModelLapFrame", p->b, &p->b, NULL));
  PetscCall(
      PetscOptionsReal("-lapframe_height", "section height h, along z; each half is h/2 in the joint [m]", "TriboModelLapFrame", p->h, &p->h, NULL));
  PetscCall(PetscOptionsReal("-lapframe_E", "Young's modulus [Pa]", "TriboModelLapFrame", p->E, &p->E, NULL));
  PetscCall(PetscOptionsReal("-lapframe_nu", "Poisson's ratio, G = E/(2(1+nu)) [-]", "TriboModelLapFrame", p->nu, &p->nu, NULL));
  PetscCall(PetscOptionsReal("-lapframe_rho", "density [kg/m^3]", "TriboModelLapFrame", p->rho, &p->rho, NULL));
  PetscCall(
      TriboOptionsInt("-lapframe_nel_beam", "frame elements per half beam outside the joint [-]", "TriboModelLapFrame", p->nelb, &p->nelb, NULL));
  PetscCall(
      TriboOptionsInt("-lapframe_nel_overlap", "frame elements of each half along the joint [-]", "TriboModelLapFrame", p->nelo, &p->nelo, NULL));
  PetscCall(TriboOptionsInt("-lapframe_nx", "interface quadrilaterals along x [-]", "TriboModelLapFrame", p->nx, &p->nx, NULL));
  PetscCall(TriboOptionsInt("-lapframe_ny", "interface quadrilaterals along y [-]", "TriboModelLapFrame", p->ny, &p->ny, NULL));
  PetscCall(TriboOptionsInt("-lapframe_nbolts", "bolts on the line y = 0, centred at x = 0 [-]", "TriboModelLapFrame", p->nbolts, &p->nbolts, NULL));
  PetscCall(PetscOptionsReal("-lapframe_bolt_spacing", "distance between neighbouring bolts [m]", "TriboModelLapFrame", p->bolts, &p->bolts, NULL));
  PetscCall(PetscOptionsReal(
      "-lapframe_bolt_k",
      "axial stiffness of each bolt; 0: the preload is a constant force across a cut shank, as in the Rice ROMs (axial DOF free) [N/m]",
      "TriboModelLapFrame", p->boltk, &p->boltk, NULL));
  PetscCall(PetscOptionsReal(
      "-lapframe_suspension_k",
      "suspension stiffness in x, y, z at each of the four beam ends (two with -lapframe_single), split over the two top corners; 0: free-free [N/m]",
      "TriboModelLapFrame", p->suspk, &p->suspk, NULL));
  PetscCall(PetscOptionsBool("-lapframe_single",
                             "one uniform beam of the full length and section with nel_beam elements, no joint, no interface (for checks)",
                             "TriboModelLapFrame", p->single, &p->single, NULL));
  TriboOptionsEnd();
  PetscCheck(p->len > 0 && p->b > 0 && p->h > 0, comm, PETSC_ERR_USER_INPUT,
             "lapframe: length, width and height must be > 0, got %g, %g, %g m (options -lapframe_length, -lapframe_width, -lapframe_height)",
             (double)p->len, (double)p->b, (double)p->h);
  PetscCheck(p->single || (p->ov > 0 && p->ov < p->len), comm, PETSC_ERR_USER_INPUT,
             "lapframe: overlap must be in (0, length = %g) m, got %g (option -lapframe_overlap)", (double)p->len, (double)p->ov);
  PetscCheck(p->E > 0 && p->rho > 0, comm, PETSC_ERR_USER_INPUT,
             "lapframe: E and rho must be > 0, got %g Pa, %g kg/m^3 (options -lapframe_E, -lapframe_rho)", (double)p->E, (double)p->rho);
  PetscCheck(p->nu > -1 && p->nu < 0.5, comm, PETSC_ERR_USER_INPUT, "lapframe: Poisson ratio must be in (-1, 0.5), got %g (option -lapframe_nu)",
             (double)p->nu);
  PetscCheck(p->nelb >= 1 && (p->single || p->nelo >= 1), comm, PETSC_ERR_USER_INPUT,
             "lapframe: need at least one element, got nel_beam %" PetscInt_FMT ", nel_overlap %" PetscInt_FMT
             " (options -lapframe_nel_beam, -lapframe_nel_overlap)",
             p->nelb, p->nelo);
  PetscCheck(p->single || (p->nx >= 1 && p->ny >= 1), comm, PETSC_ERR_USER_INPUT,
             "lapframe: interface grid needs nx, ny >= 1, got %" PetscInt_FMT " x %" PetscInt_FMT " (options -lapframe_nx, -lapframe_ny)", p->nx,
             p->ny);
  PetscCheck(p->nbolts >= 0 && p->boltk >= 0 && p->suspk >= 0, comm, PETSC_ERR_USER_INPUT,
             "lapframe: nbolts, bolt_k and suspension_k must be >= 0, got %" PetscInt_FMT ", %g N/m, %g N/m", p->nbolts, (double)p->boltk,
             (double)p->suspk);
  PetscCheck(p->single || p->nbolts < 2 || (p->nbolts - 1) * p->bolts / 2 <= p->ov / 2 * (1 + 1e-12), comm, PETSC_ERR_USER_INPUT,
             "lapframe: %" PetscInt_FMT " bolts at spacing %g m do not fit in the overlap %g m (options -lapframe_nbolts, -lapframe_bolt_spacing)",
             p->nbolts, (double)p->bolts, (double)p->ov);
  PetscFunctionReturn(0);
}

// Elements and beams of the model; nodes are numbered beam by beam
static PetscErrorCode LapFrameMesh_Private(const LapFrameParams *p, PetscInt *nbeam, FrameBeam bm[2], PetscInt *nelem, FrameElem **elem,
                                           PetscInt *nnode)
{
  FrameElem *el;
  PetscInt   e = 0, node = 0;

  PetscFunctionBeginUser;
  *nbeam = p->single ? 1 : 2;
  *nelem = p->single ? p->nelb : 2 * (p->nelb + p->nelo);
  PetscCall(PetscCalloc1(*nelem, &el));
  for (PetscInt ib = 0; ib < *nbeam; ib++) {
    // segments of the beam in x: (x start, x end, elements, centroid offset, section height)
    PetscReal seg[2][5];
    PetscInt  nseg = 2;
    if (p->single) {
      nseg      = 1;
      seg[0][0] = -p->len / 2, seg[0][1] = p->len / 2, seg[0][2] = p->nelb, seg[0][3] = 0, seg[0][4] = p->h;
    } else if (ib == 0) {
      seg[0][0] = -p->len / 2, seg[0][1] = -p->ov / 2, seg[0][2] = p->nelb, seg[0][3] = 0, seg[0][4] = p->h;
      seg[1][0] = -p->ov / 2, seg[1][1] = p->ov / 2, seg[1][2] = p->nelo, seg[1][3] = p->h / 4, seg[1][4] = p->h / 2;
    } else {
      seg[0][0] = -p->ov / 2, seg[0][1] = p->ov / 2, seg[0][2] = p->nelo, seg[0][3] = -p->h / 4, seg[0][4] = p->h / 2;
      seg[1][0] = p->ov / 2, seg[1][1] = p->len / 2, seg[1][2] = p->nelb, seg[1][3] = 0, seg[1][4] = p->h;
    }
    bm[ib].ebeg = e;
    for (PetscInt s = 0; s < nseg; s++) {
      PetscInt ns = (PetscInt)seg[s][2];
      for (PetscInt k = 0; k < ns; k++, e++, node++) {
        el[e].n0 = node;
        el[e].x0 = seg[s][0] + (seg[s][1] - seg[s][0]) * k / ns;
        el[e].x1 = k == ns - 1 ? seg[s][1] : seg[s][0] + (seg[s][1] - seg[s][0]) * (k + 1) / ns;
        el[e].ez = seg[s][3];
        SetSection_Private(&el[e], p->b, seg[s][4]);
      }
    }
    bm[ib].eend = e;
    node++; // last node of the beam
  }
  *elem  = el;
  *nnode = node;
  PetscFunctionReturn(0);
}

// Interface grid, quadrature and L (relative displacement of the node pairs, local frame)
static PetscErrorCode LapFrameInterface_Private(const LapFrameParams *p, const FrameElem *el, const FrameBeam bm[2], PetscInt n,
                                                TriboInterface *iface)
{
  TriboInterface  f;
  PetscInt        nxn     = p->nx + 1;
  const PetscReal ntop[3] = {0, 0, -1}; // n points from the top half into the bottom half
  PetscReal       frame[9];

  PetscFunctionBeginUser;
  PetscCall(TriboInterfaceCreate(&f));
  f->nnodes = nxn * (p->ny + 1);
  f->nelem  = p->nx * p->ny;
  PetscCall(PetscMalloc1(3 * f->nnodes, &f->xyz));
  PetscCall(PetscMalloc1(4 * f->nelem, &f->elem));
  for (PetscInt j = 0; j <= p->ny; j++)
    for (PetscInt i = 0; i <= p->nx; i++) {
      PetscReal *X = &f->xyz[3 * (j * nxn + i)];
      X[0]         = i == p->nx ? p->ov / 2 : -p->ov / 2 + p->ov * i / p->nx;
      X[1]         = j == p->ny ? p->b / 2 : -p->b / 2 + p->b * j / p->ny;
      X[2]         = 0;
    }
  for (PetscInt j = 0; j < p->ny; j++)
    for (PetscInt i = 0; i < p->nx; i++) {
      PetscInt *c = &f->elem[4 * (j * p->nx + i)];
      c[0] = j * nxn + i, c[1] = c[0] + 1, c[2] = c[1] + nxn, c[3] = c[0] + nxn;
    }
  PetscCall(TriboInterfaceSetUpQuadrature(f));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 3 * f->nnodes, n, 24, NULL, &f->L));
  TriboPlaneFrame(ntop, frame);
  for (PetscInt i = 0; i < f->nnodes; i++) {
    PetscReal Gt[36], Gb[36], Ft[36], Fb[36];
    PetscInt  ct[12], cb[12];
    PetscCall(BeamPointMap_Private(el, bm[0], &f->xyz[3 * i], Gt, ct));
    PetscCall(BeamPointMap_Private(el, bm[1], &f->xyz[3 * i], Gb, cb));
    TriboDenseMatMultRowMajor(PETSC_FALSE, 3, 12, 3, frame, Gt, Ft); // rows t1, t2, n of the point maps
    TriboDenseMatMultRowMajor(PETSC_FALSE, 3, 12, 3, frame, Gb, Fb);
    for (PetscInt c = 0; c < 3; c++) {
      PetscInt row = 3 * i + c;
      for (PetscInt j = 0; j < 12; j++) {
        if (Ft[c * 12 + j] != 0) PetscCall(MatSetValue(f->L, row, ct[j], Ft[c * 12 + j], ADD_VALUES));
        if (Fb[c * 12 + j] != 0) PetscCall(MatSetValue(f->L, row, cb[j], -Fb[c * 12 + j], ADD_VALUES));
      }
    }
  }
  PetscCall(MatAssemblyBegin(f->L, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(f->L, MAT_FINAL_ASSEMBLY));
  *iface = f;
  PetscFunctionReturn(0);
}

/*@
  TriboModelLapFrame - Builds the built-in lap-frame model: two steel beams joined by a bolted
  lap joint (a stand-in for the Brake-Reuss beam), reduced to 3-D Euler-Bernoulli frame DOFs.

  Collective

  Input Parameter:
. comm - communicator of the ROM (every rank builds the same replicated matrices)

  Output Parameter:
. rom - the ROM: M, K (frame elements, bolt springs, suspension springs), Fv (unit bolt
        tension, clamping), R (two 3-axis accelerometers), interface (nx x ny quadrilaterals
        in the plane z = 0 over the overlap, L in the frame (x, y, -z)); SI units. NULL: only
        read and check the options (with -help: list them with defaults and units)

  Options Database Keys (tribo model -help lists them with defaults and units):
+ -lapframe_length, -lapframe_overlap, -lapframe_width, -lapframe_height - geometry (m)
. -lapframe_E, -lapframe_nu, -lapframe_rho - steel (Pa, -, kg/m^3)
. -lapframe_nel_beam, -lapframe_nel_overlap - frame elements per half outside / along the joint
. -lapframe_nx, -lapframe_ny - interface quadrilaterals along x and y
. -lapframe_nbolts, -lapframe_bolt_spacing, -lapframe_bolt_k - bolts (-, m, N/m)
. -lapframe_suspension_k - suspension stiffness per beam end in x, y, z, split over its two top corners (N/m; 0: free-free)
- -lapframe_single - one uniform beam of nel_beam elements, no joint, no interface (for checks)

  Notes:
  DOFs are (ux, uy, uz, rx, ry, rz) of each node on the line y = z = 0, nodes numbered along
  beam 1 (x from -L/2) then beam 2 (x from -ov/2); consistent mass, no rotary inertia of
  bending. Eccentric joint halves use u_c = u_node + theta x e. See the header of
  src/model/lapframe.c for the kinematics. The sensors measure the displacement x, y, z at
  (-0.35789, 0.01016, 0.0127) and (0.35789, -0.01016, 0.0127) m, 2.3 mm beyond the beam ends (BRB
  positions); they are carried rigidly by the end cross-sections. Registered in the gallery of
  models as "lapframe" (TriboModelRegisterAll()); every option is read before anything is built.

  The bolts act in z only: with the interface open (no contact) the two halves can slide in x
  and y and turn about x and z relative to each other, held only by the suspension; the
  tangential stiffness of the joint must come from the contact law.

  Level: beginner

.seealso: TriboModelBuild(), TriboModelRegister()
@*/
PetscErrorCode TriboModelLapFrame(MPI_Comm comm, TriboROM *rom)
{
  LapFrameParams p;
  FrameBeam      bm[2];
  FrameElem     *el    = NULL;
  PetscInt       nbeam = 0, nelem = 0, nnode = 0, n, lda;
  PetscScalar   *K, *M, *fv;
  TriboROM       r;

  PetscFunctionBeginUser;
  PetscCall(LapFrameGetParams_Private(comm, &p));
  if (!rom) PetscFunctionReturn(0);
  PetscCall(LapFrameMesh_Private(&p, &nbeam, bm, &nelem, &el, &nnode));
  n = 6 * nnode;
  PetscCall(TriboROMCreate(comm, &r));
  PetscCall(TriboROMSetSizes(r, n, 6));
  PetscCall(MatDenseGetLDA(r->K, &lda));
  PetscCall(MatDenseGetArray(r->K, &K));
  PetscCall(MatDenseGetArray(r->M, &M));
  {
    const PetscReal G = p.E / (2 * (1 + p.nu));
    PetscReal       Ke[144], Me[144];
    for (PetscInt e = 0; e < nelem; e++) {
      PetscInt d0 = 6 * el[e].n0;
      FrameElementMatrices_Private(&el[e], p.E, G, p.rho, Ke, Me);
      for (PetscInt i = 0; i < 12; i++)
        for (PetscInt j = 0; j < 12; j++) {
          K[(d0 + i) + (d0 + j) * lda] += Ke[i * 12 + j];
          M[(d0 + i) + (d0 + j) * lda] += Me[i * 12 + j];
        }
    }
  }
  /* suspension: at each beam end, springs k/2 in x, y, z at the two top corners (x_end, +-b/2, top)
     of the end section; with four non-collinear points per half, every rigid motion is held */
  for (PetscInt ib = 0; ib < nbeam && p.suspk > 0; ib++)
    for (PetscInt k = 0; k < 4; k++) {
      const FrameElem *ee   = &el[k < 2 ? bm[ib].ebeg : bm[ib].eend - 1];
      PetscReal        X[3] = {k < 2 ? ee->x0 : ee->x1, (k % 2 ? 0.5 : -0.5) * p.b, ee->ez + ee->hz / 2}, G[36];
      PetscInt         cols[12];
      PetscCall(BeamPointMap_Private(el, bm[ib], X, G, cols));
      for (PetscInt c = 0; c < 3; c++)
        for (PetscInt i = 0; i < 12; i++)
          for (PetscInt j = 0; j < 12; j++) K[cols[i] + cols[j] * lda] += 0.5 * p.suspk * G[12 * c + i] * G[12 * c + j];
    }
  // bolts: springs in z from the top face of the top half to the bottom face of the bottom half
  PetscCall(VecGetArray(r->Fv, &fv));
  for (PetscInt k = 0; k < (p.single ? 0 : p.nbolts); k++) {
    PetscReal xk = (k - (p.nbolts - 1) / 2.0) * p.bolts, rt[3] = {xk, 0, p.h / 2}, rb[3] = {xk, 0, -p.h / 2};
    PetscReal Gt[36], Gb[36], g[24];
    PetscInt  cols[24];
    PetscCall(BeamPointMap_Private(el, bm[0], rt, Gt, cols));
    PetscCall(BeamPointMap_Private(el, bm[1], rb, Gb, cols + 12));
    for (PetscInt j = 0; j < 12; j++) g[j] = Gt[24 + j], g[12 + j] = -Gb[24 + j]; // elongation uz_top - uz_bot
    for (PetscInt i = 0; i < 24; i++) {
      fv[cols[i]] -= g[i]; // unit tension: -1 N on the top point, +1 N on the bottom point (z)
      for (PetscInt j = 0; j < 24; j++) K[cols[i] + cols[j] * lda] += p.boltk * g[i] * g[j];
    }
  }
  PetscCall(VecRestoreArray(r->Fv, &fv));
  PetscCall(MatDenseRestoreArray(r->M, &M));
  PetscCall(MatDenseRestoreArray(r->K, &K));
  // accelerometers on the top face, carried by the beam under them
  for (PetscInt a = 0; a < 2; a++) {
    const PetscReal *X  = accel_xyz[a];
    PetscInt         ib = nbeam == 1 ? 0 : (PetscAbsReal(X[0]) <= p.ov / 2 ? (X[2] >= 0 ? 0 : 1) : (X[0] < 0 ? 0 : 1));
    PetscReal        G[36];
    PetscInt         cols[12];
    PetscCall(BeamPointMap_Private(el, bm[ib], X, G, cols));
    for (PetscInt c = 0; c < 3; c++) {
      PetscInt row = 3 * a + c;
      char     lab[64];
      PetscCall(MatSetValues(r->R, 1, &row, 12, cols, &G[12 * c], INSERT_VALUES));
      PetscCall(PetscSNPrintf(lab, sizeof(lab), "accel%" PetscInt_FMT "_%c (%g,%g,%g)", a + 1, "xyz"[c], (double)X[0], (double)X[1], (double)X[2]));
      PetscCall(TriboROMSetRecoveryLabel(r, row, lab));
    }
  }
  PetscCall(MatAssemblyBegin(r->R, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(r->R, MAT_FINAL_ASSEMBLY));
  if (!p.single) PetscCall(LapFrameInterface_Private(&p, el, bm, n, &r->iface));
  PetscCall(PetscStrncpy(
      r->title, p.single ? "lapframe: one uniform steel beam, no joint (built-in)" : "lapframe: two steel beams, bolted lap joint (built-in)",
      sizeof(r->title)));
  PetscCall(PetscFree(el));
  PetscCall(TriboROMCheck(r, "TriboModelLapFrame"));
  *rom = r;
  PetscFunctionReturn(0);
}
