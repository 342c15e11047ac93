/* The joint interface of a finite-element mesh for the Craig-Bampton reduction (cb.c): node pairs
   of two coincident node sets, the interface plane and local frame, and the zero-thickness
   element (ZTE) mesh of the bottom side's element faces.

   Sign convention (triborom.h, paper porter-et-al-2022 §3.2): n_hat is the unit normal of the
   interface plane that points to the side where the TOP set's elements lie; the local frame is
   (t1, t2, n) with n = -n_hat (from the top side into the bottom side), t1 the projection of the
   global axis closest to the plane (x before y before z), t2 = n_hat x t1. The relative
   displacement of a pair, u_rel = u_top - u_bottom, in this frame has the components
   (u_rel.t1, u_rel.t2, u_rel.n), and u_rel.n = (u_bottom - u_top).n_hat > 0 is interpenetration.
   For the Brake-Reuss beam (top half above z = 0) the frame is (x, y, -z), as in the built-in
   lap-frame model (src/model/lapframe.c). */
#include <tribofe.h>
#include <petscblaslapack.h>

// corner nodes of a face: quadrilaterals for hexahedra, triangles for tetrahedra
static PetscInt FaceCorners_Private(TriboElementType t)
{
  return (t == TRIBO_EL_C3D4 || t == TRIBO_EL_C3D10) ? 3 : 4;
}

static PetscInt ElementFaces_Private(TriboElementType t)
{
  return (t == TRIBO_EL_C3D4 || t == TRIBO_EL_C3D10) ? 4 : 6;
}

typedef struct {
  PetscInt v[4]; // sorted corners (pair indices; -1 padding for triangles), for duplicate removal
  PetscInt c[4]; // corners in face order
} FaceKey;

static int CompareFace_Private(const void *a, const void *b)
{
  const FaceKey *x = (const FaceKey *)a, *y = (const FaceKey *)b;

  for (int i = 0; i < 4; i++)
    if (x->v[i] != y->v[i]) return x->v[i] < y->v[i] ? -1 : 1;
  return 0;
}

static PetscErrorCode FindSet_Private(TriboMesh mesh, const char name[], const char what[], const TriboSet **set)
{
  PetscFunctionBeginUser;
  PetscCall(TriboMeshFindNodeSet(mesh, name, set));
  PetscCheck(*set, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the %s interface node set %s is not defined (options -rom_interface_top, -rom_interface_bottom)", mesh->file[0] ? mesh->file : "mesh", what, name);
  PetscCheck((*set)->n > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the %s interface node set %s is empty", mesh->file[0] ? mesh->file : "mesh", what, name);
  PetscFunctionReturn(0);
}

// Pair every bottom node with the top node at the same position (within tol): sort the top nodes by x
static PetscErrorCode PairNodes_Private(TriboMesh mesh, const TriboSet *top, const TriboSet *bot, PetscReal tol, PetscInt ptop[], PetscInt pbot[])
{
  PetscReal *xs;
  PetscInt  *perm;
  PetscBool *used;
  PetscInt   n = top->n;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc3(n, &xs, n, &perm, n, &used));
  for (PetscInt i = 0; i < n; i++) {
    xs[i]   = mesh->X[3 * top->idx[i]];
    perm[i] = i;
    used[i] = PETSC_FALSE;
  }
  PetscCall(PetscSortRealWithPermutation(n, xs, perm));
  for (PetscInt i = 0; i < n; i++) xs[i] = mesh->X[3 * top->idx[perm[i]]];
  for (PetscInt k = 0; k < bot->n; k++) {
    const PetscInt   b = bot->idx[k];
    const PetscReal *xb = &mesh->X[3 * b];
    PetscInt         lo = 0, hi = n, best = -1;
    PetscReal        dbest = PETSC_MAX_REAL;

    while (lo < hi) { // first sorted top node with x >= xb - tol
      PetscInt mid = (lo + hi) / 2;
      if (xs[mid] < xb[0] - tol) lo = mid + 1;
      else hi = mid;
    }
    for (PetscInt i = lo; i < n && xs[i] <= xb[0] + tol; i++) {
      const PetscReal *xt = &mesh->X[3 * top->idx[perm[i]]];
      PetscReal        d  = PetscSqrtReal(PetscSqr(xt[0] - xb[0]) + PetscSqr(xt[1] - xb[1]) + PetscSqr(xt[2] - xb[2]));
      if (d <= tol && d < dbest) dbest = d, best = perm[i];
    }
    PetscCheck(best >= 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: bottom interface node %" PetscInt_FMT " at (%.9g, %.9g, %.9g) has no top interface node within %g m (option -rom_pair_tol, relative to the model size)", mesh->file, mesh->nodeid[b], (double)xb[0], (double)xb[1], (double)xb[2], (double)tol);
    PetscCheck(!used[best], PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: top interface node %" PetscInt_FMT " at (%.9g, %.9g, %.9g) is the partner of two bottom nodes (the second is %" PetscInt_FMT "): the bottom set has coincident nodes", mesh->file, mesh->nodeid[top->idx[best]], (double)mesh->X[3 * top->idx[best]], (double)mesh->X[3 * top->idx[best] + 1], (double)mesh->X[3 * top->idx[best] + 2], mesh->nodeid[b]);
    used[best] = PETSC_TRUE;
    ptop[k]    = top->idx[best];
    pbot[k]    = b;
  }
  PetscCall(PetscFree3(xs, perm, used));
  PetscFunctionReturn(0);
}

// Least-squares plane of the pair nodes: centroid and the unit normal of least variance
static PetscErrorCode FitPlane_Private(TriboMesh mesh, PetscInt n, const PetscInt node[], PetscReal c[3], PetscReal nrm[3])
{
  PetscScalar  C[9] = {0}, work[32];
  PetscReal    ev[3];
  PetscBLASInt three = 3, lwork = 32, info;

  PetscFunctionBeginUser;
  c[0] = c[1] = c[2] = 0;
  for (PetscInt i = 0; i < n; i++)
    for (int a = 0; a < 3; a++) c[a] += mesh->X[3 * node[i] + a] / n;
  for (PetscInt i = 0; i < n; i++)
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++) C[a + 3 * b] += (mesh->X[3 * node[i] + a] - c[a]) * (mesh->X[3 * node[i] + b] - c[b]);
  PetscCallBLAS("LAPACKsyev", LAPACKsyev_("V", "U", &three, C, &three, ev, work, &lwork, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK syev failed (info %d) fitting the interface plane", (int)info);
  PetscCheck(ev[1] > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the interface nodes lie on a line: no interface plane", mesh->file);
  for (int a = 0; a < 3; a++) nrm[a] = PetscAbsReal(C[a]) < 1e-12 ? 0 : C[a]; // snap to the axes (exactly z for the BRB)
  {
    PetscReal s = PetscSqrtReal(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
    for (int a = 0; a < 3; a++) nrm[a] /= s;
  }
  PetscFunctionReturn(0);
}

/* +1 if the centroids of all elements attached to the flagged nodes lie on the +nrm side of the
   plane, -1 if all lie on the -nrm side; an error otherwise */
static PetscErrorCode ElementSide_Private(TriboMesh mesh, const PetscBool flag[], const char setname[], const PetscReal c[3], const PetscReal nrm[3], PetscInt *side)
{
  PetscInt npos = 0, nneg = 0;

  PetscFunctionBeginUser;
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    PetscBool att = PETSC_FALSE;
    PetscReal x[3] = {0, 0, 0}, s = 0;
    PetscInt  nv   = mesh->eptr[e + 1] - mesh->eptr[e];
    for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++) {
      att = (PetscBool)(att || flag[mesh->conn[k]]);
      for (int a = 0; a < 3; a++) x[a] += mesh->X[3 * mesh->conn[k] + a] / nv;
    }
    if (!att) continue;
    for (int a = 0; a < 3; a++) s += (x[a] - c[a]) * nrm[a];
    if (s > 0) npos++;
    else nneg++;
  }
  PetscCheck(npos + nneg > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: no element is attached to the interface node set %s", mesh->file, setname);
  PetscCheck(!npos || !nneg, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the elements attached to the interface node set %s lie on both sides of the interface plane (%" PetscInt_FMT " and %" PetscInt_FMT "): the set must be the surface of one side of the joint", mesh->file, setname, npos, nneg);
  *side = npos ? 1 : -1;
  PetscFunctionReturn(0);
}

// ZTE elements: faces of elements attached to the bottom set whose corner nodes all belong to it
static PetscErrorCode InterfaceFaces_Private(TriboMesh mesh, const char botname[], const PetscInt pairof[], PetscInt *nface, PetscInt **elem)
{
  FaceKey *faces;
  PetscInt nf = 0, cap = 64, m = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(cap, &faces));
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    PetscBool att = PETSC_FALSE;
    for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++) att = (PetscBool)(att || pairof[mesh->conn[k]] >= 0);
    if (!att) continue;
    for (PetscInt f = 1; f <= ElementFaces_Private(mesh->etype[e]); f++) {
      PetscInt  nfn, ln[8], nc = FaceCorners_Private(mesh->etype[e]);
      PetscBool all = PETSC_TRUE;
      FaceKey   key;
      PetscCall(TriboMeshGetFace(mesh, e, f, &nfn, ln));
      PetscCheck(nfn >= nc, PETSC_COMM_SELF, PETSC_ERR_PLIB, "face %" PetscInt_FMT " of element %" PetscInt_FMT " has %" PetscInt_FMT " nodes, expected at least %" PetscInt_FMT, f, mesh->elemid[e], nfn, nc);
      for (PetscInt v = 0; v < 4; v++) key.c[v] = key.v[v] = -1;
      for (PetscInt v = 0; v < nc; v++) {
        PetscInt p = pairof[mesh->conn[mesh->eptr[e] + ln[v]]];
        all        = (PetscBool)(all && p >= 0);
        key.c[v] = key.v[v] = p;
      }
      if (!all) continue;
      PetscCall(PetscSortInt(nc, key.v));
      if (nc == 3) key.v[3] = key.v[2], key.v[2] = key.v[1], key.v[1] = key.v[0], key.v[0] = -1;
      if (nf == cap) {
        cap *= 2;
        PetscCall(PetscRealloc(cap * sizeof(FaceKey), &faces));
      }
      faces[nf++] = key;
    }
  }
  PetscCheck(nf > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: no element face has all its corner nodes in the bottom interface set %s: is it the node set of a surface of the solid mesh?", mesh->file, botname);
  qsort(faces, (size_t)nf, sizeof(FaceKey), CompareFace_Private);
  PetscCall(PetscMalloc1(4 * nf, elem));
  for (PetscInt i = 0; i < nf; i++) {
    if (i > 0 && !CompareFace_Private(&faces[i], &faces[i - 1])) continue; // a face shared by two elements counts once
    for (int v = 0; v < 4; v++) (*elem)[4 * m + v] = faces[i].c[v];
    m++;
  }
  *nface = m;
  PetscCall(PetscFree(faces));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshGetInterfacePairs - Pairs the nodes of two coincident node sets (the two sides of a
  joint), finds the interface plane and local frame, and builds the zero-thickness element mesh.

  Not collective (every rank computes the same result)

  Input Parameters:
+ mesh      - the mesh
. topname   - node set of the top side (its elements define the side n_hat points to)
. botname   - node set of the bottom side (its element faces become the interface elements)
. pairtol   - pairing distance, relative to the model size (diagonal of the bounding box)
- planetol  - largest distance of a pair node from the fitted plane, relative to the model size

  Output Parameter:
. ip - pairs in the order of the bottom set (sorted node indices), frame, and the interface:
       nodes = pairs at the bottom node's coordinates, elements = faces of elements attached to
       the bottom set whose corner nodes all belong to it (quadrilaterals for hexahedra, triangles
       for tetrahedra), quadrature points, weights, Q and T (TriboInterfaceSetUpQuadrature())

  Notes:
  Faces of quadratic elements (C3D20, C3D10) enter with their corner nodes only, as bilinear or
  linear ZTEs: their midside nodes are paired and kept in the ROM but carry no interface traction.
  The convention of the frame (t1, t2, n) and of u_n is in the header of src/rom/cbiface.c.
@*/
PetscErrorCode TriboMeshGetInterfacePairs(TriboMesh mesh, const char topname[], const char botname[], PetscReal pairtol, PetscReal planetol, TriboInterfacePairs *ip)
{
  const TriboSet *top, *bot;
  PetscReal       lo[3] = {PETSC_MAX_REAL, PETSC_MAX_REAL, PETSC_MAX_REAL}, hi[3] = {PETSC_MIN_REAL, PETSC_MIN_REAL, PETSC_MIN_REAL};
  PetscReal       size, c[3], nrm[3], *t1 = ip->frame, *t2 = ip->frame + 3, *nn = ip->frame + 6;
  PetscInt       *pairof, stop, sbot, np;
  PetscBool      *flag;
  TriboInterface  f;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(ip, sizeof(*ip)));
  PetscCall(FindSet_Private(mesh, topname, "top", &top));
  PetscCall(FindSet_Private(mesh, botname, "bottom", &bot));
  PetscCheck(top->n == bot->n, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the interface node sets %s (%" PetscInt_FMT " nodes) and %s (%" PetscInt_FMT " nodes) must have the same number of nodes, one pair per position", mesh->file, topname, top->n, botname, bot->n);
  for (PetscInt i = 0; i < mesh->nnodes; i++)
    for (int a = 0; a < 3; a++) lo[a] = PetscMin(lo[a], mesh->X[3 * i + a]), hi[a] = PetscMax(hi[a], mesh->X[3 * i + a]);
  size = PetscSqrtReal(PetscSqr(hi[0] - lo[0]) + PetscSqr(hi[1] - lo[1]) + PetscSqr(hi[2] - lo[2]));
  np   = bot->n;
  PetscCall(PetscMalloc2(np, &ip->top, np, &ip->bot));
  ip->npairs = np;
  PetscCall(PairNodes_Private(mesh, top, bot, pairtol * size, ip->top, ip->bot));
  for (PetscInt k = 0; k < np; k++)
    PetscCheck(ip->top[k] != ip->bot[k], PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: node %" PetscInt_FMT " is in both interface sets %s and %s: the two sides of the joint must have their own nodes", mesh->file, mesh->nodeid[ip->bot[k]], topname, botname);

  // plane, and the side of each set's elements
  PetscCall(FitPlane_Private(mesh, np, ip->bot, c, nrm));
  for (PetscInt k = 0; k < 2 * np; k++) {
    PetscInt         i = k < np ? ip->bot[k] : ip->top[k - np];
    const PetscReal *x = &mesh->X[3 * i];
    PetscReal        d = (x[0] - c[0]) * nrm[0] + (x[1] - c[1]) * nrm[1] + (x[2] - c[2]) * nrm[2];
    PetscCheck(PetscAbsReal(d) <= planetol * size, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the interface is not flat: node %" PetscInt_FMT " at (%.9g, %.9g, %.9g) is %g m off the fitted plane (tolerance %g m, option -rom_plane_tol relative to the model size); only flat interfaces have one local frame", mesh->file, mesh->nodeid[i], (double)x[0], (double)x[1], (double)x[2], (double)d, (double)(planetol * size));
  }
  PetscCall(PetscCalloc2(mesh->nnodes, &flag, mesh->nnodes, &pairof));
  for (PetscInt k = 0; k < np; k++) flag[ip->top[k]] = PETSC_TRUE;
  PetscCall(ElementSide_Private(mesh, flag, topname, c, nrm, &stop));
  for (PetscInt k = 0; k < np; k++) flag[ip->top[k]] = PETSC_FALSE, flag[ip->bot[k]] = PETSC_TRUE;
  PetscCall(ElementSide_Private(mesh, flag, botname, c, nrm, &sbot));
  PetscCheck(stop != sbot, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the elements of both interface sets %s and %s lie on the same side of the interface plane", mesh->file, topname, botname);

  // frame: n_hat = stop * nrm points to the top side; n = -n_hat; t1 from the axis closest to the plane
  {
    PetscReal nh[3] = {stop * nrm[0], stop * nrm[1], stop * nrm[2]}, s;
    PetscInt  ax    = 0;
    for (int a = 1; a < 3; a++)
      if (PetscAbsReal(nh[a]) < PetscAbsReal(nh[ax]) - 1e-12) ax = a;
    for (int a = 0; a < 3; a++) t1[a] = (a == ax) - nh[ax] * nh[a];
    s = PetscSqrtReal(t1[0] * t1[0] + t1[1] * t1[1] + t1[2] * t1[2]);
    for (int a = 0; a < 3; a++) t1[a] /= s;
    t2[0] = nh[1] * t1[2] - nh[2] * t1[1];
    t2[1] = nh[2] * t1[0] - nh[0] * t1[2];
    t2[2] = nh[0] * t1[1] - nh[1] * t1[0];
    for (int a = 0; a < 3; a++) nn[a] = -nh[a];
  }

  // ZTE mesh on the bottom side
  for (PetscInt i = 0; i < mesh->nnodes; i++) pairof[i] = -1;
  for (PetscInt k = 0; k < np; k++) pairof[ip->bot[k]] = k;
  PetscCall(TriboInterfaceCreate(&f));
  f->nnodes = np;
  PetscCall(PetscMalloc1(3 * np, &f->xyz));
  for (PetscInt k = 0; k < np; k++)
    for (int a = 0; a < 3; a++) f->xyz[3 * k + a] = mesh->X[3 * ip->bot[k] + a];
  PetscCall(InterfaceFaces_Private(mesh, botname, pairof, &f->nelem, &f->elem));
  PetscCall(TriboInterfaceSetUpQuadrature(f));
  ip->iface = f;
  PetscCall(PetscFree2(flag, pairof));
  PetscFunctionReturn(0);
}

/*@
  TriboInterfacePairsReset - Frees what TriboMeshGetInterfacePairs() allocated (the interface too,
  unless the caller took it and set ip->iface = NULL).
@*/
PetscErrorCode TriboInterfacePairsReset(TriboInterfacePairs *ip)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree2(ip->top, ip->bot));
  PetscCall(TriboInterfaceDestroy(&ip->iface));
  ip->npairs = 0;
  PetscFunctionReturn(0);
}
