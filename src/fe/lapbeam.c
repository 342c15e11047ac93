/* Parametric Abaqus input deck of a bolted lap-joint beam close to the Brake-Reuss beam (BRB),
   meshed with structured 8-node hexahedra, for tribo's deck reader and Craig-Bampton reduction.

   Geometry (global frame, metres; defaults measured on ../shared/data/brb/BRB_MATEX.inp): x along
   the beam, ends at x = -/+ L/2; y across the width, |y| <= b/2; z along the height, |z| <= H/2.
   Arranged as in BRB_MATEX.inp (after its *System frames): the half BEAM_LEFT (the deck's
   instance BRB_BOT) spans -L/2 <= x <= ov/2, full height for x <= -ov/2 and the UPPER half
   0 <= z <= H/2 in the lap |x| <= ov/2; BEAM_RIGHT (the deck's BRB_TOP) spans -ov/2 <= x <= L/2,
   the LOWER half -H/2 <= z <= 0 in the lap, full height for x >= ov/2. Together the halves fill
   the bar b x H x L, so the volume is exactly b H L.

   Mesh: x stations are uniform over the lap (nx elements) and graded geometrically outside it
   (nx_beam elements per half, the last one `grading` times the first, finest next to the lap);
   ny elements across the width, nz through each half's thickness in the lap and 2 nz through the
   full height outside. A station of a half carries the z levels g0..g1 of the grid
   z_g = H (g - nz) / (2 nz); the step station x = -/+ ov/2 has the full height, and the lap
   elements next to it use its upper or lower half. Node order of a hexahedron: 1-4 on its lower
   face (z-) counterclockwise seen from +z, 5-8 above them, so the Jacobian is positive and face
   S1 (1-2-3-4) is the z- face, S2 (5-8-7-6) the z+ face.

   Interface: the plane z = 0 over the lap. As in BRB_MATEX.inp, CB lies on BEAM_LEFT (the upper
   piece) and CT on BEAM_RIGHT (the lower piece); they hold (nx + 1)(ny + 1) coincident nodes each,
   not tied: the joint is open. Surfaces BOTS (faces S1 of BEAM_LEFT) and TOPS (faces S2 of
   BEAM_RIGHT) are the interface faces. Each set includes the edge at its half's step
   (x = -ov/2 for CB, +ov/2 for CT), whose nodes also belong to full-height elements on the other
   side of the plane, exactly as in BRB_MATEX.inp.

   Bolts (no holes, no solid bolts; like the BRB deck, the preload is a constant force across a
   cut shank): bolt k at (x_k, 0) has its head under the lower piece and its nut on the upper
   piece, as in BRB_MATEX.inp. The footprints BSHANKks (faces S1 of BEAM_RIGHT on z = -H/2) and
   NSHANKks (faces S2 of BEAM_LEFT on z = +H/2) are the faces whose centres lie within the washer
   radius of the bolt axis. Each is tied by a distributing coupling to a reference node, BSHANKkm
   and NSHANKkm, and the two are tied to each other by *Equation in DOFs 1, 2, 4, 5, 6 (DOF 3, the
   shank's axis, is free). Both reference nodes sit at the same point, (x_k, 0, 0) on the bolt axis,
   as the deck's two sit together at its shank cut: equal translations and rotations of two
   reference nodes at different points would resist rigid rotations of the whole beam. Load case
   BOLTLOADS: +1 N in z at BSHANKkm (the head pushes the lower piece up), -1 N at NSHANKkm (the nut
   pushes the upper piece down): a positive bolt tension clamps the joint, with the signs of
   BRB_MATEX.inp. */
#include <tribofe.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define LAPBEAM_NPERLINE 16 /* entries per data line of *Nset and *Elset (the Abaqus maximum) */

typedef struct {
  PetscReal len, ov, b, h, E, nu, rho, spacing, radius, grading, sx, sy;
  PetscInt  nx, nxb, ny, nz, nbolts, nmodes;
  char      element[16];
  PetscBool view;
} LapBeamParams;

// One half: stations along x, each with the z levels g0..g1; nodes station by station, then y, then z
typedef struct {
  PetscInt   nst, nnode, nelem, node0, elem0; // node0, elem0: first 0-based global node and element
  PetscReal *x;
  PetscInt  *g0, *g1, *off;
  PetscInt  *ei, *ej, *eg; // station, y index and z level of the lower-left-front corner of each element
} LapHalf;

typedef struct {
  LapBeamParams p;
  LapHalf       half[2];         // 0: BEAM_LEFT (upper in the lap, CB), 1: BEAM_RIGHT (lower, CT)
  PetscInt      nnode, nelem;    // mesh nodes (reference nodes follow) and elements
  PetscInt     *npatch, **patch; // [2 nbolts]: footprint faces (global elements); B1..Bn, N1..Nn
  PetscInt      endnds[4];       // nodes nearest to the sensors and the end-face centres
  PetscReal     enddist[4];
} LapBeam;

static const char *lapbeam_elements[] = {"C3D8", "C3D8R"};

static PetscErrorCode LapBeamOptions_Private(MPI_Comm comm, LapBeamParams *p)
{
  PetscReal span;
  PetscInt  etype = 0;

  PetscFunctionBeginUser;
  p->len = 0.720852, p->ov = 0.121412, p->b = 0.0254, p->h = 0.0254;
  p->E = 1.9231e11, p->nu = 0.3, p->rho = 7784.3;
  p->nx = 24, p->nxb = 40, p->grading = 3, p->ny = 6, p->nz = 2;
  p->nbolts = 3, p->spacing = 0.03035, p->radius = 0.00873, p->nmodes = 20;
  p->sx = 0.35789, p->sy = 0.01016, p->view = PETSC_FALSE;
  TriboOptionsBegin(comm, NULL, "Bolted lap-joint beam, BRB-like (tribo mesh -mesh_type lapbeam)", "TriboMeshWriteLapBeam");
  PetscCall(
      PetscOptionsReal("-lapbeam_length", "total length L of the beam, ends at x = -/+ L/2 [m]", "TriboMeshWriteLapBeam", p->len, &p->len, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_overlap", "length ov of the lap joint, centred at x = 0 [m]", "TriboMeshWriteLapBeam", p->ov, &p->ov, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_width", "section width b, along y [m]", "TriboMeshWriteLapBeam", p->b, &p->b, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_height", "section height H, along z; each half is H/2 thick in the lap [m]", "TriboMeshWriteLapBeam", p->h,
                             &p->h, NULL));
  PetscCall(
      TriboOptionsInt("-lapbeam_nx", "hexahedra along the lap = interface quadrilaterals along x [-]", "TriboMeshWriteLapBeam", p->nx, &p->nx, NULL));
  PetscCall(
      TriboOptionsInt("-lapbeam_nx_beam", "hexahedra along each half outside the lap, graded [-]", "TriboMeshWriteLapBeam", p->nxb, &p->nxb, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_grading", "length of the last over the first element outside the lap (finest next to the lap) [-]",
                             "TriboMeshWriteLapBeam", p->grading, &p->grading, NULL));
  PetscCall(TriboOptionsInt("-lapbeam_ny", "hexahedra across the width = interface quadrilaterals along y [-]", "TriboMeshWriteLapBeam", p->ny,
                            &p->ny, NULL));
  PetscCall(TriboOptionsInt("-lapbeam_nz", "hexahedra through each half's thickness in the lap (2 nz through the full height outside) [-]",
                            "TriboMeshWriteLapBeam", p->nz, &p->nz, NULL));
  PetscCall(
      TriboOptionsInt("-lapbeam_nbolts", "bolts on the line y = 0, centred at x = 0 [-]", "TriboMeshWriteLapBeam", p->nbolts, &p->nbolts, NULL));
  PetscCall(
      PetscOptionsReal("-lapbeam_bolt_spacing", "distance between neighbouring bolts [m]", "TriboMeshWriteLapBeam", p->spacing, &p->spacing, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_washer_radius", "radius of the bolt-head and nut footprints: the faces whose centres lie within it [m]",
                             "TriboMeshWriteLapBeam", p->radius, &p->radius, NULL));
  PetscCall(PetscOptionsEList("-lapbeam_element", "element type written in the deck (C3D8R as in BRB_MATEX.inp; tribo assembles both as C3D8)",
                              "TriboMeshWriteLapBeam", lapbeam_elements, 2, lapbeam_elements[etype], &etype, NULL));
  PetscCall(TriboOptionsInt("-lapbeam_nmodes", "fixed-interface modes asked for, *Select Eigenmodes 1..nmodes [-]", "TriboMeshWriteLapBeam",
                            p->nmodes, &p->nmodes, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_E", "Young's modulus of the steel [Pa]", "TriboMeshWriteLapBeam", p->E, &p->E, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_nu", "Poisson's ratio of the steel [-]", "TriboMeshWriteLapBeam", p->nu, &p->nu, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_rho", "density of the steel [kg/m^3]", "TriboMeshWriteLapBeam", p->rho, &p->rho, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_sensor_x",
                             "ENDNDS: nodes nearest to the sensors at (+x, +y, H/2), (-x, -y, H/2) and to the end-face centres [m]",
                             "TriboMeshWriteLapBeam", p->sx, &p->sx, NULL));
  PetscCall(PetscOptionsReal("-lapbeam_sensor_y", "y of the sensors, see -lapbeam_sensor_x [m]", "TriboMeshWriteLapBeam", p->sy, &p->sy, NULL));
  PetscCall(PetscOptionsBool("-lapbeam_view", "print a summary of the deck written", "TriboMeshWriteLapBeam", p->view, &p->view, NULL));
  TriboOptionsEnd();
  PetscCall(PetscStrncpy(p->element, lapbeam_elements[etype], sizeof(p->element)));
  PetscCheck(p->len > 0 && p->ov > 0 && p->ov < p->len, comm, PETSC_ERR_USER_INPUT,
             "need 0 < -lapbeam_overlap < -lapbeam_length, got overlap %g m and length %g m", (double)p->ov, (double)p->len);
  PetscCheck(p->b > 0 && p->h > 0, comm, PETSC_ERR_USER_INPUT, "-lapbeam_width and -lapbeam_height must be > 0, got %g m and %g m", (double)p->b,
             (double)p->h);
  PetscCheck(p->nx >= 1 && p->nxb >= 1 && p->ny >= 1 && p->nz >= 1, comm, PETSC_ERR_USER_INPUT,
             "-lapbeam_nx, -lapbeam_nx_beam, -lapbeam_ny, -lapbeam_nz must be >= 1, got %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT
             ", %" PetscInt_FMT,
             p->nx, p->nxb, p->ny, p->nz);
  PetscCheck(p->grading > 0, comm, PETSC_ERR_USER_INPUT, "-lapbeam_grading must be > 0 (1: uniform), got %g", (double)p->grading);
  PetscCheck(p->nbolts >= 1 && p->nbolts <= 99, comm, PETSC_ERR_USER_INPUT, "-lapbeam_nbolts must be 1..99, got %" PetscInt_FMT, p->nbolts);
  PetscCheck(p->radius > 0, comm, PETSC_ERR_USER_INPUT, "-lapbeam_washer_radius must be > 0, got %g m", (double)p->radius);
  PetscCheck(p->nbolts == 1 || p->spacing >= 2 * p->radius, comm, PETSC_ERR_USER_INPUT,
             "bolt footprints overlap: -lapbeam_bolt_spacing %g m is less than twice -lapbeam_washer_radius %g m", (double)p->spacing,
             (double)p->radius);
  span = 0.5 * p->spacing * (PetscReal)(p->nbolts - 1) + p->radius;
  PetscCheck(span <= 0.5 * p->ov, comm, PETSC_ERR_USER_INPUT,
             "the bolt footprints reach x = +-%g m, beyond the lap |x| <= %g m: reduce -lapbeam_nbolts, -lapbeam_bolt_spacing or "
             "-lapbeam_washer_radius, or lengthen -lapbeam_overlap",
             (double)span, (double)(0.5 * p->ov));
  PetscCheck(p->nmodes >= 1, comm, PETSC_ERR_USER_INPUT, "-lapbeam_nmodes must be >= 1, got %" PetscInt_FMT, p->nmodes);
  PetscCheck(p->E > 0 && p->rho > 0 && p->nu > -1 && p->nu < 0.5, comm, PETSC_ERR_USER_INPUT,
             "steel: need -lapbeam_E > 0, -lapbeam_rho > 0, -1 < -lapbeam_nu < 0.5, got %g Pa, %g kg/m^3, %g", (double)p->E, (double)p->rho,
             (double)p->nu);
  PetscFunctionReturn(0);
}

// x of station k = 0..nx of the lap; the same expression in both halves makes CT and CB coincide
static PetscReal LapX_Private(const LapBeamParams *p, PetscInt k)
{
  return p->ov * (PetscReal)(2 * k - p->nx) / (PetscReal)(2 * p->nx);
}

static void LapNodeXYZ_Private(const LapBeamParams *p, const LapHalf *hf, PetscInt i, PetscInt j, PetscInt g, PetscReal xyz[3])
{
  xyz[0] = hf->x[i];
  xyz[1] = p->b * (PetscReal)(2 * j - p->ny) / (PetscReal)(2 * p->ny);
  xyz[2] = p->h * (PetscReal)(g - p->nz) / (PetscReal)(2 * p->nz);
}

// 0-based global node of station i, y index j, z level g (g0[i] <= g <= g1[i])
static PetscInt LapNode_Private(const LapBeamParams *p, const LapHalf *hf, PetscInt i, PetscInt j, PetscInt g)
{
  return hf->node0 + hf->off[i] + j * (hf->g1[i] - hf->g0[i] + 1) + (g - hf->g0[i]);
}

// The 8 nodes (0-based) of element e of a half, in C3D8 order (see the file header)
static void LapElemNodes_Private(const LapBeamParams *p, const LapHalf *hf, PetscInt e, PetscInt n[8])
{
  PetscInt i = hf->ei[e], j = hf->ej[e], g = hf->eg[e];

  for (PetscInt l = 0; l < 2; l++) {
    n[4 * l + 0] = LapNode_Private(p, hf, i, j, g + l);
    n[4 * l + 1] = LapNode_Private(p, hf, i + 1, j, g + l);
    n[4 * l + 2] = LapNode_Private(p, hf, i + 1, j + 1, g + l);
    n[4 * l + 3] = LapNode_Private(p, hf, i, j + 1, g + l);
  }
}

// Stations and elements of half 0 (BEAM_LEFT) or 1 (BEAM_RIGHT)
static PetscErrorCode LapHalfSetUp_Private(const LapBeamParams *p, PetscInt right, PetscInt node0, PetscInt elem0, LapHalf *hf)
{
  PetscInt   nst = p->nx + p->nxb + 1, nz2 = 2 * p->nz, e = 0;
  PetscReal *t, lo = 0.5 * (p->len - p->ov), q = 1, s = lo / (PetscReal)p->nxb;

  PetscFunctionBeginUser;
  hf->nst = nst, hf->node0 = node0, hf->elem0 = elem0;
  PetscCall(PetscMalloc4(nst, &hf->x, nst, &hf->g0, nst, &hf->g1, nst + 1, &hf->off));
  // graded distances t_0 = 0 < ... < t_nxb = lo from the step, element m of length s q^m
  PetscCall(PetscMalloc1(p->nxb + 1, &t));
  if (p->nxb > 1 && p->grading != 1) {
    q = PetscPowReal(p->grading, 1.0 / (PetscReal)(p->nxb - 1));
    s = lo * (q - 1) / (PetscPowRealInt(q, p->nxb) - 1);
  }
  t[0] = 0;
  for (PetscInt m = 0; m < p->nxb; m++) t[m + 1] = t[m] + s * PetscPowRealInt(q, m);
  t[p->nxb] = lo;
  for (PetscInt i = 0; i < nst; i++) {
    PetscBool lap;
    if (!right) {
      lap       = (PetscBool)(i > p->nxb);
      hf->x[i]  = lap ? LapX_Private(p, i - p->nxb) : (i == 0 ? -0.5 * p->len : -0.5 * p->ov - t[p->nxb - i]);
      hf->g0[i] = lap ? p->nz : 0;
      hf->g1[i] = nz2;
    } else {
      lap       = (PetscBool)(i < p->nx);
      hf->x[i]  = lap ? LapX_Private(p, i) : (i == nst - 1 ? 0.5 * p->len : 0.5 * p->ov + t[i - p->nx]);
      hf->g0[i] = 0;
      hf->g1[i] = lap ? p->nz : nz2;
    }
  }
  if (!right)
    hf->x[p->nxb] = LapX_Private(p, 0);
  else
    hf->x[p->nx] = LapX_Private(p, p->nx);
  PetscCall(PetscFree(t));
  hf->off[0] = 0;
  for (PetscInt i = 0; i < nst; i++) hf->off[i + 1] = hf->off[i] + (p->ny + 1) * (hf->g1[i] - hf->g0[i] + 1);
  hf->nnode = hf->off[nst];
  hf->nelem = 0;
  for (PetscInt i = 0; i + 1 < nst; i++) hf->nelem += p->ny * (PetscMin(hf->g1[i], hf->g1[i + 1]) - PetscMax(hf->g0[i], hf->g0[i + 1]));
  PetscCall(PetscMalloc3(hf->nelem, &hf->ei, hf->nelem, &hf->ej, hf->nelem, &hf->eg));
  for (PetscInt i = 0; i + 1 < nst; i++)
    for (PetscInt j = 0; j < p->ny; j++)
      for (PetscInt g = PetscMax(hf->g0[i], hf->g0[i + 1]); g < PetscMin(hf->g1[i], hf->g1[i + 1]); g++)
        hf->ei[e] = i, hf->ej[e] = j, hf->eg[e++] = g;
  PetscFunctionReturn(0);
}

static PetscErrorCode LapHalfDestroy_Private(LapHalf *hf)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree4(hf->x, hf->g0, hf->g1, hf->off));
  PetscCall(PetscFree3(hf->ei, hf->ej, hf->eg));
  PetscFunctionReturn(0);
}

static PetscReal LapBoltX_Private(const LapBeamParams *p, PetscInt k)
{
  return p->spacing * ((PetscReal)k - 0.5 * (PetscReal)(p->nbolts - 1));
}

// Footprint faces of bolt k: side 0 (head, BSHANK): faces S1 (z = -H/2) of BEAM_RIGHT; side 1 (nut,
// NSHANK): faces S2 (z = +H/2) of BEAM_LEFT
static PetscErrorCode LapBoltPatch_Private(LapBeam *lb, PetscInt side, PetscInt k)
{
  const LapBeamParams *p     = &lb->p;
  const LapHalf       *hf    = &lb->half[side ? 0 : 1];
  PetscInt             gface = side ? 2 * p->nz - 1 : 0, n = 0, *list;
  PetscReal            xb = LapBoltX_Private(p, k);

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(hf->nelem, &list));
  for (PetscInt e = 0; e < hf->nelem; e++) {
    PetscReal xc, yc;
    if (hf->eg[e] != gface) continue;
    xc = 0.5 * (hf->x[hf->ei[e]] + hf->x[hf->ei[e] + 1]) - xb;
    yc = p->b * (PetscReal)(2 * hf->ej[e] + 1 - p->ny) / (PetscReal)(2 * p->ny);
    if (xc * xc + yc * yc <= p->radius * p->radius) list[n++] = hf->elem0 + e;
  }
  lb->npatch[side * p->nbolts + k] = n;
  lb->patch[side * p->nbolts + k]  = list;
  PetscFunctionReturn(0);
}

// The node of half `side` nearest to xyz, and its distance
static void LapNearestNode_Private(const LapBeamParams *p, const LapHalf *hf, const PetscReal xyz[3], PetscInt *node, PetscReal *dist)
{
  PetscReal best = PETSC_MAX_REAL, y[3];

  *node = -1;
  for (PetscInt i = 0; i < hf->nst; i++)
    for (PetscInt j = 0; j <= p->ny; j++)
      for (PetscInt g = hf->g0[i]; g <= hf->g1[i]; g++) {
        PetscReal d;
        LapNodeXYZ_Private(p, hf, i, j, g, y);
        d = (y[0] - xyz[0]) * (y[0] - xyz[0]) + (y[1] - xyz[1]) * (y[1] - xyz[1]) + (y[2] - xyz[2]) * (y[2] - xyz[2]);
        if (d < best) best = d, *node = LapNode_Private(p, hf, i, j, g);
      }
  *dist = PetscSqrtReal(best);
}

static PetscErrorCode LapBeamSetUp_Private(MPI_Comm comm, LapBeam *lb)
{
  const LapBeamParams *p = &lb->p;
  // ENDNDS as in BRB_MATEX.inp: sensor on BEAM_RIGHT, sensor on BEAM_LEFT, end-face centres of BEAM_RIGHT, BEAM_LEFT
  const PetscReal target[4][3] = {{p->sx, p->sy, 0.5 * p->h}, {-p->sx, -p->sy, 0.5 * p->h}, {0.5 * p->len, 0, 0}, {-0.5 * p->len, 0, 0}};

  PetscFunctionBeginUser;
  PetscCall(LapHalfSetUp_Private(p, 0, 0, 0, &lb->half[0]));
  PetscCall(LapHalfSetUp_Private(p, 1, lb->half[0].nnode, lb->half[0].nelem, &lb->half[1]));
  lb->nnode = lb->half[0].nnode + lb->half[1].nnode;
  lb->nelem = lb->half[0].nelem + lb->half[1].nelem;
  PetscCall(PetscMalloc2(2 * p->nbolts, &lb->npatch, 2 * p->nbolts, &lb->patch));
  for (PetscInt side = 0; side < 2; side++)
    for (PetscInt k = 0; k < p->nbolts; k++) {
      PetscCall(LapBoltPatch_Private(lb, side, k));
      PetscCheck(lb->npatch[side * p->nbolts + k] > 0, comm, PETSC_ERR_USER_INPUT,
                 "the %s footprint of bolt %" PetscInt_FMT " (x = %g m) holds no element face: -lapbeam_washer_radius %g m is too small for the mesh "
                 "(refine -lapbeam_nx / -lapbeam_ny or enlarge the radius)",
                 side ? "nut" : "head", k + 1, (double)LapBoltX_Private(p, k), (double)p->radius);
    }
  for (PetscInt s = 0; s < 4; s++) LapNearestNode_Private(p, &lb->half[s % 2 ? 0 : 1], target[s], &lb->endnds[s], &lb->enddist[s]);
  PetscFunctionReturn(0);
}

static PetscErrorCode LapBeamDestroy_Private(LapBeam *lb)
{
  PetscFunctionBeginUser;
  for (PetscInt s = 0; s < 2; s++) PetscCall(LapHalfDestroy_Private(&lb->half[s]));
  if (lb->patch)
    for (PetscInt k = 0; k < 2 * lb->p.nbolts; k++) PetscCall(PetscFree(lb->patch[k]));
  PetscCall(PetscFree2(lb->npatch, lb->patch));
  PetscFunctionReturn(0);
}

// Writes a list of 1-based numbers, LAPBEAM_NPERLINE per line
static void LapWriteList_Private(FILE *fp, PetscInt n, const PetscInt idx[], PetscInt shift)
{
  for (PetscInt i = 0; i < n; i++) fprintf(fp, "%" PetscInt_FMT "%s", idx[i] + shift, (i + 1) % LAPBEAM_NPERLINE == 0 || i == n - 1 ? "\n" : ", ");
}

// *Elset + element-based *Surface of face S<face> of the listed (0-based) elements
static void LapWriteSurface_Private(FILE *fp, const char name[], PetscInt face, PetscInt n, const PetscInt elem[])
{
  fprintf(fp, "*Elset, elset=_%s_S%" PetscInt_FMT "\n", name, face);
  LapWriteList_Private(fp, n, elem, 1);
  fprintf(fp, "*Surface, type=ELEMENT, name=%s\n_%s_S%" PetscInt_FMT ", S%" PetscInt_FMT "\n", name, name, face, face);
}

static PetscErrorCode LapWriteHeader_Private(FILE *fp, const LapBeam *lb)
{
  const LapBeamParams *p = &lb->p;

  PetscFunctionBeginUser;
  fprintf(fp, "*Heading\n** tribo mesh -mesh_type lapbeam: bolted lap-joint beam close to the Brake-Reuss beam (BRB)\n");
  fprintf(fp, "** Generated by tribo %s (%s), TriboMeshWriteLapBeam, with the options\n", TRIBO_VERSION_STRING, TriboGitRevision());
  fprintf(fp, "**   -lapbeam_length %.10g -lapbeam_overlap %.10g -lapbeam_width %.10g -lapbeam_height %.10g\n", (double)p->len, (double)p->ov,
          (double)p->b, (double)p->h);
  fprintf(fp,
          "**   -lapbeam_nx %" PetscInt_FMT " -lapbeam_nx_beam %" PetscInt_FMT " -lapbeam_grading %.10g -lapbeam_ny %" PetscInt_FMT
          " -lapbeam_nz %" PetscInt_FMT " -lapbeam_element %s\n",
          p->nx, p->nxb, (double)p->grading, p->ny, p->nz, p->element);
  fprintf(fp, "**   -lapbeam_nbolts %" PetscInt_FMT " -lapbeam_bolt_spacing %.10g -lapbeam_washer_radius %.10g -lapbeam_nmodes %" PetscInt_FMT "\n",
          p->nbolts, (double)p->spacing, (double)p->radius, p->nmodes);
  fprintf(fp, "**   -lapbeam_E %.10g -lapbeam_nu %.10g -lapbeam_rho %.10g -lapbeam_sensor_x %.10g -lapbeam_sensor_y %.10g\n", (double)p->E,
          (double)p->nu, (double)p->rho, (double)p->sx, (double)p->sy);
  fprintf(fp, "** Units: m, kg, s, N, Pa. x along the beam (ends at x = -/+ L/2), y across the width, z along the height.\n");
  fprintf(fp, "** As in BRB_MATEX.inp: BEAM_LEFT (its BRB_BOT): -L/2 <= x <= ov/2, full height outside the lap,\n");
  fprintf(fp, "** 0 <= z <= H/2 (the upper piece) in the lap |x| <= ov/2; BEAM_RIGHT (its BRB_TOP): -ov/2 <= x <= L/2,\n");
  fprintf(fp, "** -H/2 <= z <= 0 (the lower piece) in the lap, full height outside. Volume b H L.\n");
  fprintf(fp, "** Interface z = 0, |x| <= ov/2: node sets CB (on BEAM_LEFT) and CT (on BEAM_RIGHT) coincide, not tied;\n");
  fprintf(fp, "** surfaces BOTS (S1 of BEAM_LEFT) and TOPS (S2 of BEAM_RIGHT). CB and CT include the edge at the\n");
  fprintf(fp, "** step of their half (x = -ov/2, +ov/2), as CB and CT do in BRB_MATEX.inp.\n");
  fprintf(fp, "** C3D8 node order: 1-4 on the z- face counterclockwise seen from +z, 5-8 above: S1 is z-, S2 is z+.\n");
  fprintf(fp, "** Bolts: the preload is a constant force across a cut shank (no holes, no solid bolts). Bolt k:\n");
  fprintf(fp, "** head under the lower piece, reference node BSHANKkm coupled to the faces S1 of BEAM_RIGHT in\n");
  fprintf(fp, "** BSHANKks; nut on the upper piece, NSHANKkm coupled to the faces S2 of BEAM_LEFT in NSHANKks (face\n");
  fprintf(fp, "** centres within the washer radius of the bolt axis). BSHANKkm and NSHANKkm both sit at (x_k, 0, 0) on\n");
  fprintf(fp, "** the bolt axis, like the deck's pair at its shank cut; *Equation BSHANKkm = NSHANKkm in DOFs 1, 2, 4,\n");
  fprintf(fp, "** 5, 6 (rigid-body compatible as the two coincide), DOF 3 free.\n");
  fprintf(fp, "** Load case BOLTLOADS: +1 N in z at BSHANKkm (the head pushes the lower piece up), -1 N at NSHANKkm\n");
  fprintf(fp, "** (the nut pushes the upper piece down): a positive bolt tension clamps the joint (signs of BRB_MATEX.inp).\n");
  fprintf(fp, "** ENDNDS: nodes nearest to the sensors (+x, +y, H/2), (-x, -y, H/2) and to the end-face centres\n");
  fprintf(fp, "** (+-L/2, 0, 0), in this order (distances %.3g, %.3g, %.3g, %.3g m), as in BRB_MATEX.inp.\n", (double)lb->enddist[0],
          (double)lb->enddist[1], (double)lb->enddist[2], (double)lb->enddist[3]);
  PetscFunctionReturn(0);
}

static PetscErrorCode LapWriteMesh_Private(FILE *fp, const LapBeam *lb)
{
  const LapBeamParams *p       = &lb->p;
  const char          *name[2] = {"BEAM_LEFT", "BEAM_RIGHT"};
  PetscReal            xyz[3];
  PetscInt             n[8];

  PetscFunctionBeginUser;
  for (PetscInt s = 0; s < 2; s++) {
    const LapHalf *hf = &lb->half[s];
    fprintf(fp, "** ----------------------------------------------------------------\n** %s\n*Node\n", name[s]);
    for (PetscInt i = 0; i < hf->nst; i++)
      for (PetscInt j = 0; j <= p->ny; j++)
        for (PetscInt g = hf->g0[i]; g <= hf->g1[i]; g++) {
          LapNodeXYZ_Private(p, hf, i, j, g, xyz);
          fprintf(fp, "%7" PetscInt_FMT ", %.10g, %.10g, %.10g\n", LapNode_Private(p, hf, i, j, g) + 1, (double)xyz[0], (double)xyz[1],
                  (double)xyz[2]);
        }
    fprintf(fp, "*Element, type=%s\n", p->element);
    for (PetscInt e = 0; e < hf->nelem; e++) {
      LapElemNodes_Private(p, hf, e, n);
      fprintf(fp, "%6" PetscInt_FMT, hf->elem0 + e + 1);
      for (PetscInt a = 0; a < 8; a++) fprintf(fp, ", %6" PetscInt_FMT, n[a] + 1);
      fprintf(fp, "\n");
    }
    fprintf(fp, "*Nset, nset=%s, generate\n%" PetscInt_FMT ", %" PetscInt_FMT ", 1\n", name[s], hf->node0 + 1, hf->node0 + hf->nnode);
    fprintf(fp, "*Elset, elset=%s, generate\n%" PetscInt_FMT ", %" PetscInt_FMT ", 1\n", name[s], hf->elem0 + 1, hf->elem0 + hf->nelem);
    fprintf(fp, "** Section: %s\n*Solid Section, elset=%s, material=STEEL\n,\n", name[s], name[s]);
  }
  // reference nodes of the cut bolt shanks, on the bolt axes at z = 0: BSHANK1..n, then NSHANK1..n
  fprintf(fp, "** ----------------------------------------------------------------\n** Bolt shank reference nodes\n*Node\n");
  for (PetscInt s = 0; s < 2; s++)
    for (PetscInt k = 0; k < p->nbolts; k++)
      fprintf(fp, "%7" PetscInt_FMT ", %.10g, 0., 0.\n", lb->nnode + s * p->nbolts + k + 1, (double)LapBoltX_Private(p, k));
  for (PetscInt s = 0; s < 2; s++)
    for (PetscInt k = 0; k < p->nbolts; k++)
      fprintf(fp, "*Nset, nset=%cSHANK%" PetscInt_FMT "m\n%" PetscInt_FMT ",\n", s ? 'N' : 'B', k + 1, lb->nnode + s * p->nbolts + k + 1);
  fprintf(fp, "*Nset, nset=BOLTNUTSHANK, generate\n%" PetscInt_FMT ", %" PetscInt_FMT ", 1\n", lb->nnode + 1, lb->nnode + 2 * p->nbolts);
  PetscFunctionReturn(0);
}

static PetscErrorCode LapWriteSets_Private(FILE *fp, const LapBeam *lb)
{
  const LapBeamParams *p   = &lb->p;
  PetscInt             nif = (p->nx + 1) * (p->ny + 1), nfc = p->nx * p->ny, *list;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(PetscMax(nif, nfc), &list));
  // interface nodes: level z = 0 of the lap stations (BEAM_LEFT: stations nxb..nxb+nx, BEAM_RIGHT: 0..nx)
  for (PetscInt s = 0; s < 2; s++) {
    const LapHalf *hf = &lb->half[s];
    PetscInt       i0 = s ? 0 : p->nxb, c = 0;
    for (PetscInt k = 0; k <= p->nx; k++)
      for (PetscInt j = 0; j <= p->ny; j++) list[c++] = LapNode_Private(p, hf, i0 + k, j, p->nz);
    fprintf(fp, "*Nset, nset=%s\n", s ? "CT" : "CB");
    LapWriteList_Private(fp, c, list, 1);
  }
  fprintf(fp, "*Nset, nset=ENDNDS, unsorted\n");
  LapWriteList_Private(fp, 4, lb->endnds, 1);
  // interface faces: BOTS = faces S1 of the lowest layer of BEAM_LEFT in the lap, TOPS = faces S2 of the top layer of BEAM_RIGHT
  for (PetscInt s = 0; s < 2; s++) {
    const LapHalf *hf = &lb->half[s];
    PetscInt       c  = 0;
    for (PetscInt e = 0; e < hf->nelem; e++) {
      PetscBool lap = (PetscBool)(s ? hf->ei[e] < p->nx : hf->ei[e] >= p->nxb);
      if (lap && hf->eg[e] == (s ? p->nz - 1 : p->nz)) list[c++] = hf->elem0 + e;
    }
    PetscCheck(c == nfc, PETSC_COMM_SELF, PETSC_ERR_PLIB, "lap beam: %" PetscInt_FMT " interface faces instead of %" PetscInt_FMT, c, nfc);
    LapWriteSurface_Private(fp, s ? "TOPS" : "BOTS", s ? 2 : 1, c, list);
  }
  PetscCall(PetscFree(list));
  for (PetscInt s = 0; s < 2; s++)
    for (PetscInt k = 0; k < p->nbolts; k++) {
      char name[32];
      PetscCall(PetscSNPrintf(name, sizeof(name), "%cSHANK%" PetscInt_FMT "s", s ? 'N' : 'B', k + 1));
      LapWriteSurface_Private(fp, name, s ? 2 : 1, lb->npatch[s * p->nbolts + k], lb->patch[s * p->nbolts + k]);
    }
  PetscFunctionReturn(0);
}

static PetscErrorCode LapWriteModel_Private(FILE *fp, const LapBeam *lb)
{
  const LapBeamParams *p     = &lb->p;
  const PetscInt       dof[] = {1, 2, 4, 5, 6};

  PetscFunctionBeginUser;
  for (PetscInt s = 0; s < 2; s++)
    for (PetscInt k = 1; k <= p->nbolts; k++) {
      char c = s ? 'N' : 'B';
      fprintf(fp,
              "** Constraint: %cSHANK%" PetscInt_FMT "\n*Coupling, constraint name=%cSHANK%" PetscInt_FMT ", ref node=%cSHANK%" PetscInt_FMT
              "m, surface=%cSHANK%" PetscInt_FMT "s\n",
              c, k, c, k, c, k, c, k);
      fprintf(fp, "*Distributing, weighting method=UNIFORM, coupling=STRUCTURAL\n");
    }
  for (PetscInt k = 1; k <= p->nbolts; k++)
    for (PetscInt d = 0; d < 5; d++)
      fprintf(fp,
              "** Constraint: NUTBOLT%" PetscInt_FMT "%" PetscInt_FMT "\n*Equation\n2\nBSHANK%" PetscInt_FMT "m, %" PetscInt_FMT
              ", 1.\nNSHANK%" PetscInt_FMT "m, %" PetscInt_FMT ", -1.\n",
              k, dof[d], k, dof[d], k, dof[d]);
  fprintf(fp, "** \n** MATERIALS\n** \n*Material, name=STEEL\n*Density\n%.10g,\n*Elastic\n%.10g, %.10g\n", (double)p->rho, (double)p->E,
          (double)p->nu);
  fprintf(fp, "** ----------------------------------------------------------------\n** STEP: SUBSTRUCTURE (Craig-Bampton: fixed-interface modes, "
              "interface DOFs retained)\n");
  fprintf(fp, "*Step, name=SUBSTR, nlgeom=NO\n*Substructure Generate, overwrite, type=Z1, mass matrix=YES, recovery matrix=YES, NSET=ENDNDS\n");
  fprintf(fp, "*Select Eigenmodes, generate\n1, %" PetscInt_FMT ", 1\n*Retained Nodal Dofs, sorted=NO\nCT, 1, 3\nCB, 1, 3\n", p->nmodes);
  fprintf(fp, "*Substructure Matrix Output, FILE NAME=LAPBEAM_MAT, MASS=YES, STIFFNESS=YES, SLOAD=YES, RECOVERY MATRIX=YES\n");
  fprintf(fp, "*Substructure Load Case, name=BOLTLOADS\n");
  for (PetscInt s = 0; s < 2; s++)
    for (PetscInt k = 1; k <= p->nbolts; k++) fprintf(fp, "*Cload\n%cSHANK%" PetscInt_FMT "m, 3, %s\n", s ? 'N' : 'B', k, s ? "-1." : "1.");
  fprintf(fp, "*End Step\n");
  PetscFunctionReturn(0);
}

static PetscErrorCode LapBeamView_Private(MPI_Comm comm, const LapBeam *lb, const char filename[])
{
  const LapBeamParams *p    = &lb->p;
  PetscInt             nmin = PETSC_MAX_INT, nmax = 0;

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < 2 * p->nbolts; k++) nmin = PetscMin(nmin, lb->npatch[k]), nmax = PetscMax(nmax, lb->npatch[k]);
  PetscCall(PetscPrintf(comm,
                        "Lap beam deck %s: %" PetscInt_FMT " nodes + %" PetscInt_FMT " bolt reference nodes, %" PetscInt_FMT
                        " %s elements, %" PetscInt_FMT " translational DOFs\n",
                        filename, lb->nnode, 2 * p->nbolts, lb->nelem, p->element, 3 * lb->nnode));
  PetscCall(PetscPrintf(comm, "  beam %g x %g x %g m, lap %g m, volume %.6g m^3, mass %.6g kg\n", (double)p->len, (double)p->b, (double)p->h,
                        (double)p->ov, (double)(p->len * p->b * p->h), (double)(p->rho * p->len * p->b * p->h)));
  PetscCall(PetscPrintf(
      comm, "  interface z = 0: %" PetscInt_FMT " x %" PetscInt_FMT " quadrilaterals, CT and CB %" PetscInt_FMT " nodes each, area %.6g m^2\n", p->nx,
      p->ny, (p->nx + 1) * (p->ny + 1), (double)(p->ov * p->b)));
  PetscCall(PetscPrintf(comm,
                        "  %" PetscInt_FMT " bolts, spacing %g m, footprints of %" PetscInt_FMT "..%" PetscInt_FMT " faces (washer radius %g m)\n",
                        p->nbolts, (double)p->spacing, nmin, nmax, (double)p->radius));
  PetscCall(PetscPrintf(comm,
                        "  ENDNDS %" PetscInt_FMT " %" PetscInt_FMT " %" PetscInt_FMT " %" PetscInt_FMT
                        ": %.3g, %.3g, %.3g, %.3g m from the sensors and end-face centres\n",
                        lb->endnds[0] + 1, lb->endnds[1] + 1, lb->endnds[2] + 1, lb->endnds[3] + 1, (double)lb->enddist[0], (double)lb->enddist[1],
                        (double)lb->enddist[2], (double)lb->enddist[3]));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshWriteLapBeam - Writes an Abaqus input deck of a bolted lap-joint beam close to the
  Brake-Reuss beam: two half beams meshed with structured hexahedra, an open interface with
  coincident node sets CT and CB, three bolts as distributing couplings with a cut shank, and a
  substructure step with the load case BOLTLOADS, as in ../shared/data/brb/BRB_MATEX.inp.

  Collective

  Input Parameters:
+ comm     - communicator; rank 0 writes the file
- filename - the deck to write (replaced if it exists); NULL: only read and check the options
             (with -help: list them)

  Options Database Keys (see tribo mesh -help for the defaults and units):
+ -lapbeam_length, -lapbeam_overlap, -lapbeam_width, -lapbeam_height - geometry (m)
. -lapbeam_nx, -lapbeam_nx_beam, -lapbeam_grading, -lapbeam_ny, -lapbeam_nz - mesh
. -lapbeam_nbolts, -lapbeam_bolt_spacing, -lapbeam_washer_radius - bolts (-, m, m)
. -lapbeam_element - C3D8 (default) or C3D8R
. -lapbeam_nmodes - *Select Eigenmodes 1..nmodes
. -lapbeam_E, -lapbeam_nu, -lapbeam_rho - steel (Pa, -, kg/m^3)
. -lapbeam_sensor_x, -lapbeam_sensor_y - where the recovery nodes ENDNDS are sought (m)
- -lapbeam_view - print a summary

  Notes:
  Defaults are measured on BRB_MATEX.inp: length 0.720852 m (the deck's beam, whose sensors at
  x = +-0.35789 m lie 2.5 mm inside the ends), lap 0.121412 m, section 25.4 x 25.4 mm, bolts at
  x = -0.03035, 0, 0.03035 m with washers of radius 8.73 mm, steel E = 192.31 GPa, nu = 0.3,
  rho = 7784.3 kg/m^3. The default mesh has 24 x 6 interface quadrilaterals and 11,634
  translational DOFs. Welded at the interface and without bolts, its first free-free bending
  modes are 213.5 Hz (normal to the interface) and 240.9 Hz (lateral), against 207.6 and
  237.8 Hz with -lapbeam_nx 48 -lapbeam_ny 8 -lapbeam_nz 4 -lapbeam_nx_beam 60 (C3D8 is stiff
  in bending) and 202.6 and 234.7 Hz for BRB_MATEX.inp welded (with its bolts, washers, nuts).
  The geometry, the node order and the bolt model are described at the top of src/fe/lapbeam.c
  and in the comments at the top of the deck. The file is written as "<filename>.tmp.<pid>" and
  renamed when complete.

.seealso: TriboMeshReadAbaqus(), TriboCBReduce()
@*/
PetscErrorCode TriboMeshWriteLapBeam(MPI_Comm comm, const char filename[])
{
  LapBeam     lb;
  PetscMPIInt rank;
  int         st[2] = {0, 0};
  char        tmp[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(&lb, sizeof(lb)));
  PetscCall(LapBeamOptions_Private(comm, &lb.p));
  if (!filename) PetscFunctionReturn(0);
  PetscCheck(filename[0], comm, PETSC_ERR_USER_INPUT, "the lap-beam deck needs a file name");
  PetscCall(LapBeamSetUp_Private(comm, &lb));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (!rank) {
    FILE *fp;
    PetscCall(TriboFileTmpName(filename, tmp, sizeof(tmp), NULL));
    errno = 0;
    fp    = fopen(tmp, "w");
    if (!fp)
      st[0] = 1, st[1] = errno ? errno : EIO;
    else {
      PetscCall(LapWriteHeader_Private(fp, &lb));
      PetscCall(LapWriteMesh_Private(fp, &lb));
      PetscCall(LapWriteSets_Private(fp, &lb));
      PetscCall(LapWriteModel_Private(fp, &lb));
      if (ferror(fp)) st[0] = 2, st[1] = errno ? errno : EIO;
      if (fclose(fp) && !st[0]) st[0] = 2, st[1] = errno ? errno : EIO;
      if (!st[0]) {
        PetscCall(TriboFileCommit(tmp, filename, &st[1]));
        if (st[1]) st[0] = 3;
      }
      if (st[0]) (void)remove(tmp);
    }
  }
  PetscCallMPI(MPI_Bcast(st, 2, MPI_INT, 0, comm));
  PetscCheck(st[0] != 1, comm, PETSC_ERR_FILE_OPEN,
             "cannot create %s (as a temporary file next to it): %s; check that the directory exists and is writable", filename, strerror(st[1]));
  PetscCheck(!st[0], comm, PETSC_ERR_FILE_WRITE, "writing %s failed: %s (nothing was written to %s)", filename, strerror(st[1]), filename);
  if (lb.p.view) PetscCall(LapBeamView_Private(comm, &lb, filename));
  PetscCall(LapBeamDestroy_Private(&lb));
  PetscFunctionReturn(0);
}
