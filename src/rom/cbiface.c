/* The joint interface of a finite-element mesh for the Craig-Bampton reduction (cb.c): node pairs
   of two coincident node sets, the interface plane and local frame, and the zero-thickness
   element (ZTE) mesh of the bottom side's element faces.

   Sign convention (triborom.h, paper porter-et-al-2022 §3.2): n_hat is the unit normal of the
   interface plane that points to the side where the TOP set's elements lie; the local frame is
   (t1, t2, n) with n = -n_hat (from the top side into the bottom side), and t1, t2 the global
   axes closest to the plane (x before y before z) made orthonormal to n, so that an axis-aligned
   interface keeps the global in-plane directions whichever side is on top. The relative
   displacement of a pair, u_rel = u_top - u_bottom, in this frame has the components
   (u_rel.t1, u_rel.t2, u_rel.n), and u_rel.n = (u_bottom - u_top).n_hat > 0 is interpenetration.
   For the Brake-Reuss beam deck, whose top set CT lies on the half below z = 0, the frame is
   (x, y, z); with the top side above the plane it would be (x, y, -z), as in the built-in
   lap-frame model (src/model/lapframe.c).

   Pairing: every bottom node is paired with the nearest top node within max(pair_tol * model
   size, mesh_tol * shortest interface edge at the node); the pairing must be one-to-one and map
   the faces of the top side onto those of the bottom side. The second tolerance admits the
   slightly non-conforming meshes of real decks: in the Brake-Reuss beam deck 192 of the 680 node
   pairs around the bolt holes are up to 84 um apart; its interface edges are 1.1 mm or longer. */
#include <tribocb.h>
#include <tribonum.h>
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
  PetscCheck(*set, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s: the %s interface node set %s is not defined (options -rom_interface_top, -rom_interface_bottom)",
             mesh->file[0] ? mesh->file : "mesh", what, name);
  PetscCheck((*set)->n > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the %s interface node set %s is empty", mesh->file[0] ? mesh->file : "mesh",
             what, name);
  PetscFunctionReturn(0);
}

/* Pair every bottom node with the nearest top node within rad[k] (top nodes sorted by x); the
   pairing must be one-to-one */
static PetscErrorCode PairNodes_Private(TriboMesh mesh, const TriboSet *top, const TriboSet *bot, const PetscReal rad[], const char topname[],
                                        PetscInt ptop[], PetscInt pbot[], PetscReal dist[])
{
  PetscReal *xs;
  PetscInt  *perm, *used;
  PetscInt   n = top->n;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc3(n, &xs, n, &perm, n, &used));
  for (PetscInt i = 0; i < n; i++) {
    xs[i]   = mesh->X[3 * top->idx[i]];
    perm[i] = i;
    used[i] = -1;
  }
  PetscCall(PetscSortRealWithPermutation(n, xs, perm));
  for (PetscInt i = 0; i < n; i++) xs[i] = mesh->X[3 * top->idx[perm[i]]];
  for (PetscInt k = 0; k < bot->n; k++) {
    const PetscInt   b  = bot->idx[k];
    const PetscReal *xb = &mesh->X[3 * b];
    PetscInt         lo = 0, hi = n, best = -1;
    PetscReal        dbest = PETSC_MAX_REAL;

    while (lo < hi) { // first sorted top node with x >= xb - rad
      PetscInt mid = (lo + hi) / 2;
      if (xs[mid] < xb[0] - rad[k])
        lo = mid + 1;
      else
        hi = mid;
    }
    for (PetscInt i = lo; i < n && xs[i] <= xb[0] + rad[k]; i++) {
      const PetscReal *xt = &mesh->X[3 * top->idx[perm[i]]];
      PetscReal        d  = PetscSqrtReal(PetscSqr(xt[0] - xb[0]) + PetscSqr(xt[1] - xb[1]) + PetscSqr(xt[2] - xb[2]));
      if (d <= rad[k] && d < dbest) dbest = d, best = perm[i];
    }
    PetscCheck(best >= 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: bottom interface node %" PetscInt_FMT
               " at (%.9g, %.9g, %.9g) has no node of the top set %s within %g m (options -rom_pair_tol, relative to the model size, and "
               "-rom_pair_mesh_tol, relative to the shortest interface edge at the node)",
               mesh->file, mesh->nodeid[b], (double)xb[0], (double)xb[1], (double)xb[2], topname, (double)rad[k]);
    PetscCheck(used[best] < 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: top interface node %" PetscInt_FMT " at (%.9g, %.9g, %.9g) is the nearest partner of two bottom nodes, %" PetscInt_FMT
               " and %" PetscInt_FMT
               ": the two sides are not meshed alike, or the pairing tolerances (-rom_pair_tol, -rom_pair_mesh_tol) are too large",
               mesh->file, mesh->nodeid[top->idx[best]], (double)mesh->X[3 * top->idx[best]], (double)mesh->X[3 * top->idx[best] + 1],
               (double)mesh->X[3 * top->idx[best] + 2], mesh->nodeid[bot->idx[used[best]]], mesh->nodeid[b]);
    used[best] = k;
    ptop[k]    = top->idx[best];
    pbot[k]    = b;
    dist[k]    = dbest;
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

/* +1 if the centroids of all elements with a face on the set (all corners in the set) lie on the
   +nrm side of the plane, -1 if all lie on the -nrm side; an error otherwise. Elements that only
   touch the set with an edge (e.g. at the step of a lap joint) do not count. */
static PetscErrorCode ElementSide_Private(TriboMesh mesh, const PetscBool flag[], const char setname[], const PetscReal c[3], const PetscReal nrm[3],
                                          PetscInt *side)
{
  PetscInt npos = 0, nneg = 0;

  PetscFunctionBeginUser;
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    PetscBool att  = PETSC_FALSE;
    PetscReal x[3] = {0, 0, 0}, s = 0;
    PetscInt  nv = mesh->eptr[e + 1] - mesh->eptr[e];
    for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++) att = (PetscBool)(att || flag[mesh->conn[k]]);
    if (!att) continue;
    att = PETSC_FALSE;
    for (PetscInt f = 1; f <= ElementFaces_Private(mesh->etype[e]) && !att; f++) {
      PetscInt nfn, ln[8];
      PetscCall(TriboMeshGetFace(mesh, e, f, &nfn, ln));
      att = PETSC_TRUE;
      for (PetscInt v = 0; v < FaceCorners_Private(mesh->etype[e]); v++) att = (PetscBool)(att && flag[mesh->conn[mesh->eptr[e] + ln[v]]]);
    }
    if (!att) continue;
    for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++)
      for (int a = 0; a < 3; a++) x[a] += mesh->X[3 * mesh->conn[k] + a] / nv;
    for (int a = 0; a < 3; a++) s += (x[a] - c[a]) * nrm[a];
    if (s > 0)
      npos++;
    else
      nneg++;
  }
  PetscCheck(npos + nneg > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: no element has a face on the interface node set %s", mesh->file, setname);
  PetscCheck(!npos || !nneg, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s: the elements with a face on the interface node set %s lie on both sides of the interface plane (%" PetscInt_FMT
             " and %" PetscInt_FMT "): the set must be the surface of one side of the joint",
             mesh->file, setname, npos, nneg);
  *side = npos ? 1 : -1;
  PetscFunctionReturn(0);
}

/* Faces of the elements attached to a node set whose corner nodes all belong to it, in pair
   indices (pairof: node -> pair index or -1), sorted by their sorted corners, duplicates removed */
static PetscErrorCode CollectFaces_Private(TriboMesh mesh, const char setname[], const PetscInt pairof[], PetscInt *nface, FaceKey **faces)
{
  FaceKey *fc;
  PetscInt nf = 0, cap = 64, m = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(cap, &fc));
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    PetscBool att = PETSC_FALSE;
    for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++) att = (PetscBool)(att || pairof[mesh->conn[k]] >= 0);
    if (!att) continue;
    for (PetscInt f = 1; f <= ElementFaces_Private(mesh->etype[e]); f++) {
      PetscInt  nfn, ln[8], nc = FaceCorners_Private(mesh->etype[e]);
      PetscBool all = PETSC_TRUE;
      FaceKey   key;
      PetscCall(TriboMeshGetFace(mesh, e, f, &nfn, ln));
      PetscCheck(nfn >= nc, PETSC_COMM_SELF, PETSC_ERR_PLIB,
                 "face %" PetscInt_FMT " of element %" PetscInt_FMT " has %" PetscInt_FMT " nodes, expected at least %" PetscInt_FMT, f,
                 mesh->elemid[e], nfn, nc);
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
        PetscCall(PetscRealloc(cap * sizeof(FaceKey), &fc));
      }
      fc[nf++] = key;
    }
  }
  PetscCheck(nf > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s: no element face has all its corner nodes in the interface set %s: is it the node set of a surface of the solid mesh?", mesh->file,
             setname);
  qsort(fc, (size_t)nf, sizeof(FaceKey), CompareFace_Private);
  for (PetscInt i = 0; i < nf; i++)
    if (!i || CompareFace_Private(&fc[i], &fc[m - 1])) fc[m++] = fc[i]; // a face shared by two elements counts once
  *nface = m;
  *faces = fc;
  PetscFunctionReturn(0);
}

/*@
  TriboMeshGetInterfacePairs - Pairs the nodes of two node sets facing each other (the two sides
  of a joint), finds the interface plane and local frame, and builds the zero-thickness element mesh.

  Not collective (every rank computes the same result)

  Input Parameters:
+ mesh     - the mesh
. topname  - node set of the top side (its elements define the side n_hat points to)
. botname  - node set of the bottom side (its element faces become the interface elements)
. pairtol  - pairing distance, relative to the model size (diagonal of the bounding box)
. meshtol  - pairing distance, relative to the shortest interface edge at the node (0: off)
- planetol - largest distance of a pair node from the fitted plane, relative to the model size

  Output Parameter:
. pairs - a new object (destroy it with TriboInterfacePairsDestroy()): the pairs in the order of
          the bottom set (sorted node indices), the frame, pairing statistics, and the interface:
          nodes = pairs at the bottom node's coordinates, elements = faces of elements attached
          to the bottom set whose corner nodes all belong to it (quadrilaterals for hexahedra,
          triangles for tetrahedra), quadrature points, weights, Q and T
          (TriboInterfaceSetUpQuadrature())

  Notes:
  The faces of the top side, mapped through the pairing, must be those of the bottom side: the
  two sides must be meshed alike (node positions may differ within the tolerances). Faces of
  quadratic elements (C3D20, C3D10) enter with their corner nodes only, as bilinear or linear
  ZTEs: their midside nodes are paired and kept in the ROM but carry no interface traction. The
  convention of the frame (t1, t2, n) and of u_n is in the header of src/rom/cbiface.c. A caller
  that keeps the interface (as the Craig-Bampton reduction does for the ROM) takes pairs->iface
  and sets it to NULL before destroying the pairs.

  Level: developer

.seealso: TriboInterfacePairsDestroy(), TriboInterfaceSetUpQuadrature()
@*/
PetscErrorCode TriboMeshGetInterfacePairs(TriboMesh mesh, const char topname[], const char botname[], PetscReal pairtol, PetscReal meshtol,
                                          PetscReal planetol, TriboInterfacePairs *pairs)
{
  const TriboSet     *top, *bot;
  PetscReal           lo[3] = {PETSC_MAX_REAL, PETSC_MAX_REAL, PETSC_MAX_REAL}, hi[3] = {PETSC_MIN_REAL, PETSC_MIN_REAL, PETSC_MIN_REAL};
  PetscReal           size, c[3], nrm[3], *nn, *rad, *dist;
  PetscInt           *pairof, stop, sbot, np, nfb, nft;
  PetscBool          *flag;
  FaceKey            *fb, *ft;
  TriboInterface      f;
  TriboInterfacePairs ip;

  PetscFunctionBeginUser;
  *pairs = NULL;
  PetscCall(PetscNew(&ip));
  nn = ip->frame + 6;
  PetscCall(FindSet_Private(mesh, topname, "top", &top));
  PetscCall(FindSet_Private(mesh, botname, "bottom", &bot));
  PetscCheck(top->n == bot->n, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s: the interface node sets %s (%" PetscInt_FMT " nodes) and %s (%" PetscInt_FMT
             " nodes) must have the same number of nodes, one pair per position",
             mesh->file, topname, top->n, botname, bot->n);
  for (PetscInt i = 0; i < mesh->nnodes; i++)
    for (int a = 0; a < 3; a++) lo[a] = PetscMin(lo[a], mesh->X[3 * i + a]), hi[a] = PetscMax(hi[a], mesh->X[3 * i + a]);
  size = PetscSqrtReal(PetscSqr(hi[0] - lo[0]) + PetscSqr(hi[1] - lo[1]) + PetscSqr(hi[2] - lo[2]));
  np   = bot->n;
  PetscCall(PetscMalloc2(np, &ip->top, np, &ip->bot));
  ip->npairs = np;
  PetscCall(PetscCalloc2(mesh->nnodes, &flag, mesh->nnodes, &pairof));
  PetscCall(PetscMalloc2(np, &rad, np, &dist));

  // faces of the bottom side (pair k = k-th node of the bottom set); pairing radius from their shortest edges
  for (PetscInt i = 0; i < mesh->nnodes; i++) pairof[i] = -1;
  for (PetscInt k = 0; k < np; k++) pairof[bot->idx[k]] = k, rad[k] = PETSC_MAX_REAL;
  PetscCall(CollectFaces_Private(mesh, botname, pairof, &nfb, &fb));
  for (PetscInt e = 0; e < nfb; e++) {
    PetscInt nv = fb[e].c[3] < 0 ? 3 : 4;
    for (PetscInt v = 0; v < nv; v++) {
      const PetscReal *x = &mesh->X[3 * bot->idx[fb[e].c[v]]], *y = &mesh->X[3 * bot->idx[fb[e].c[(v + 1) % nv]]];
      PetscReal        h         = PetscSqrtReal(PetscSqr(x[0] - y[0]) + PetscSqr(x[1] - y[1]) + PetscSqr(x[2] - y[2]));
      rad[fb[e].c[v]]            = PetscMin(rad[fb[e].c[v]], h);
      rad[fb[e].c[(v + 1) % nv]] = PetscMin(rad[fb[e].c[(v + 1) % nv]], h);
    }
  }
  for (PetscInt k = 0; k < np; k++) rad[k] = PetscMax(pairtol * size, rad[k] < PETSC_MAX_REAL ? meshtol * rad[k] : 0);
  PetscCall(PairNodes_Private(mesh, top, bot, rad, topname, ip->top, ip->bot, dist));
  for (PetscInt k = 0; k < np; k++) {
    PetscCheck(ip->top[k] != ip->bot[k], PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: node %" PetscInt_FMT " is in both interface sets %s and %s: the two sides of the joint must have their own nodes", mesh->file,
               mesh->nodeid[ip->bot[k]], topname, botname);
    ip->nfar += dist[k] > pairtol * size;
    ip->dmax = PetscMax(ip->dmax, dist[k]);
  }
  // the top side's faces, in pair indices, must be the bottom side's
  for (PetscInt k = 0; k < np; k++) pairof[ip->bot[k]] = -1, pairof[ip->top[k]] = k;
  PetscCall(CollectFaces_Private(mesh, topname, pairof, &nft, &ft));
  for (PetscInt e = 0; e < PetscMax(nfb, nft); e++) {
    const FaceKey *g = e < nfb ? &fb[e] : &ft[e];
    PetscCheck(e < nfb && e < nft && !CompareFace_Private(&fb[e], &ft[e]), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: the two sides of the interface are not meshed alike: %s has %" PetscInt_FMT " faces, %s has %" PetscInt_FMT
               "; near the face of the pairs at (%.6g, %.6g, %.6g) they differ",
               mesh->file, topname, nft, botname, nfb, (double)mesh->X[3 * ip->bot[g->c[0]]], (double)mesh->X[3 * ip->bot[g->c[0]] + 1],
               (double)mesh->X[3 * ip->bot[g->c[0]] + 2]);
  }
  PetscCall(PetscFree(ft));

  // plane, and the side of each set's elements
  PetscCall(FitPlane_Private(mesh, np, ip->bot, c, nrm));
  for (PetscInt k = 0; k < 2 * np; k++) {
    PetscInt         i = k < np ? ip->bot[k] : ip->top[k - np];
    const PetscReal *x = &mesh->X[3 * i];
    PetscReal        d = (x[0] - c[0]) * nrm[0] + (x[1] - c[1]) * nrm[1] + (x[2] - c[2]) * nrm[2];
    PetscCheck(PetscAbsReal(d) <= planetol * size, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: the interface is not flat: node %" PetscInt_FMT
               " at (%.9g, %.9g, %.9g) is %g m off the fitted plane (tolerance %g m, option -rom_plane_tol relative to the model size); only flat "
               "interfaces have one local frame",
               mesh->file, mesh->nodeid[i], (double)x[0], (double)x[1], (double)x[2], (double)d, (double)(planetol * size));
  }
  for (PetscInt k = 0; k < np; k++) flag[ip->top[k]] = PETSC_TRUE;
  PetscCall(ElementSide_Private(mesh, flag, topname, c, nrm, &stop));
  for (PetscInt k = 0; k < np; k++) flag[ip->top[k]] = PETSC_FALSE, flag[ip->bot[k]] = PETSC_TRUE;
  PetscCall(ElementSide_Private(mesh, flag, botname, c, nrm, &sbot));
  PetscCheck(stop != sbot, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s: the elements of both interface sets %s and %s lie on the same side of the interface plane", mesh->file, topname, botname);

  // frame: n = -stop * nrm points from the top side into the bottom side; t1, t2 from the two global axes closest to the plane
  for (int a = 0; a < 3; a++) nn[a] = -stop * nrm[a];
  TriboPlaneFrame(nn, ip->frame);

  // ZTE mesh on the bottom side
  PetscCall(TriboInterfaceCreate(&f));
  f->nnodes = np;
  f->nelem  = nfb;
  PetscCall(PetscMalloc1(3 * np, &f->xyz));
  PetscCall(PetscMalloc1(4 * nfb, &f->elem));
  PetscCall(PetscMalloc1(3 * np, &f->xyzt));
  for (PetscInt k = 0; k < np; k++)
    for (int a = 0; a < 3; a++) f->xyz[3 * k + a] = mesh->X[3 * ip->bot[k] + a], f->xyzt[3 * k + a] = mesh->X[3 * ip->top[k] + a];
  for (PetscInt e = 0; e < nfb; e++)
    for (int v = 0; v < 4; v++) f->elem[4 * e + v] = fb[e].c[v];
  PetscCall(TriboInterfaceSetUpQuadrature(f));
  ip->iface = f;
  PetscCall(PetscFree(fb));
  PetscCall(PetscFree2(rad, dist));
  PetscCall(PetscFree2(flag, pairof));
  *pairs = ip;
  PetscFunctionReturn(0);
}

/*@
  TriboInterfacePairsDestroy - Destroys the interface pairs made by TriboMeshGetInterfacePairs(),
  with their interface unless the caller took it (and set pairs->iface to NULL).

  Not collective

  Input Parameter:
. pairs - the object; set to NULL (a NULL object is allowed)

  Level: developer

.seealso: TriboMeshGetInterfacePairs()
@*/
PetscErrorCode TriboInterfacePairsDestroy(TriboInterfacePairs *pairs)
{
  PetscFunctionBeginUser;
  if (!*pairs) PetscFunctionReturn(0);
  PetscCall(PetscFree2((*pairs)->top, (*pairs)->bot));
  PetscCall(TriboInterfaceDestroy(&(*pairs)->iface));
  PetscCall(PetscFree(*pairs));
  PetscFunctionReturn(0);
}
