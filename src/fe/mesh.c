/* TriboMesh: destruction, viewing, look-ups by name, element faces, the id hash map and the
   coordinate frames of *System and *Instance. */
#include <tribo/private/inpimpl.h>

const char *const TriboElementTypes[] = {"C3D8", "C3D8R", "C3D20", "C3D20R", "C3D4", "C3D10", "C3D8I", "TriboElementType", "TRIBO_EL_", NULL};
const PetscInt    TriboElementNodes[] = {8, 8, 20, 20, 4, 10, 8};

static inline PetscInt64 TriboIdHash(PetscInt64 k, PetscInt cap)
{
  uint64_t x = (uint64_t)k;

  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (PetscInt64)(x & (uint64_t)(cap - 1));
}

PetscErrorCode TriboIdMapFind_Private(const TriboIdMap *map, PetscInt64 key, PetscBool *found, PetscInt *val)
{
  PetscFunctionBeginUser;
  *found = PETSC_FALSE;
  *val   = -1;
  if (!map->cap) PetscFunctionReturn(0);
  for (PetscInt64 h = TriboIdHash(key, map->cap);; h = (h + 1) & (map->cap - 1)) {
    if (map->key[h] == -1) break;
    if (map->key[h] == key) {
      *found = PETSC_TRUE;
      *val   = map->val[h];
      break;
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboIdMapInsert_Private - Inserts key -> val (linear probing, load factor <= 1/2).

  Output Parameter:
. found - the key was there already (its value is left unchanged)
@*/
PetscErrorCode TriboIdMapInsert_Private(TriboIdMap *map, PetscInt64 key, PetscInt val, PetscBool *found)
{
  PetscInt64 h;

  PetscFunctionBeginUser;
  if (2 * (map->n + 1) > map->cap) {
    TriboIdMap old = *map;

    map->cap = PetscMax(1024, 2 * old.cap);
    map->n   = 0;
    PetscCall(PetscMalloc2(map->cap, &map->key, map->cap, &map->val));
    for (PetscInt i = 0; i < map->cap; i++) map->key[i] = -1;
    for (PetscInt i = 0; i < old.cap; i++) {
      PetscBool f;

      if (old.key[i] != -1) PetscCall(TriboIdMapInsert_Private(map, old.key[i], old.val[i], &f));
    }
    PetscCall(PetscFree2(old.key, old.val));
  }
  for (h = TriboIdHash(key, map->cap); map->key[h] != -1 && map->key[h] != key; h = (h + 1) & (map->cap - 1)) {}
  *found = (PetscBool)(map->key[h] == key);
  if (!*found) {
    map->key[h] = key;
    map->val[h] = val;
    map->n++;
  }
  PetscFunctionReturn(0);
}

PetscErrorCode TriboIdMapDestroy_Private(TriboIdMap *map)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree2(map->key, map->val));
  map->cap = map->n = 0;
  PetscFunctionReturn(0);
}

static PetscReal Dot3_Private(const PetscReal a[], const PetscReal b[])
{
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void Cross3_Private(const PetscReal a[], const PetscReal b[], PetscReal c[])
{
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

static PetscBool Normalize3_Private(PetscReal a[])
{
  PetscReal l = PetscSqrtReal(Dot3_Private(a, a));

  if (!(l > 0)) return PETSC_FALSE;
  for (PetscInt i = 0; i < 3; i++) a[i] /= l;
  return PETSC_TRUE;
}

void TriboFrameApply_Private(const PetscReal R[], const PetscReal t[], const PetscReal x[], PetscReal y[])
{
  for (PetscInt i = 0; i < 3; i++) y[i] = R[3 * i] * x[0] + R[3 * i + 1] * x[1] + R[3 * i + 2] * x[2] + t[i];
}

/*@
  TriboFrameFromSystem_Private - The map local -> global of an Abaqus *SYSTEM.

  Input Parameters:
+ nv - 0 (global frame), 3 (point a: translation), 6 (points a, b) or 9 (a, b, c)
- v  - the points

  Output Parameters:
+ R, t - X = R x + t with t = a and the columns of R the local axes e1, e2, e3
- ok   - PETSC_FALSE if the points do not define a frame

  Notes:
  Abaqus Keywords Reference, *SYSTEM: a is the origin, b lies on the local x axis, c in the local
  x-y plane on the side of positive y. Without c "the Z-axis direction remains unchanged, and
  the X1-axis is projected onto the (X, Y) plane": e3 = Z, e1 = (b - a) with its Z part removed,
  e2 = e3 x e1. With c: e1 = (b - a)/|b - a|, e2 = the part of (c - a) normal to e1, e3 = e1 x e2.
@*/
PetscErrorCode TriboFrameFromSystem_Private(PetscInt nv, const PetscReal v[], PetscReal R[], PetscReal t[], PetscBool *ok)
{
  PetscReal e1[3], e2[3], e3[3] = {0, 0, 1};

  PetscFunctionBeginUser;
  *ok = PETSC_TRUE;
  for (PetscInt i = 0; i < 9; i++) R[i] = (i % 4 == 0);
  for (PetscInt i = 0; i < 3; i++) t[i] = nv >= 3 ? v[i] : 0;
  if (nv < 6) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < 3; i++) e1[i] = v[3 + i] - v[i];
  if (nv == 9) {
    PetscReal d, lc;

    if (!Normalize3_Private(e1)) *ok = PETSC_FALSE;
    for (PetscInt i = 0; i < 3; i++) e2[i] = v[6 + i] - v[i];
    lc = PetscSqrtReal(Dot3_Private(e2, e2));
    d  = Dot3_Private(e1, e2);
    for (PetscInt i = 0; i < 3; i++) e2[i] -= d * e1[i];
    // c must not lie on the line ab
    if (PetscSqrtReal(Dot3_Private(e2, e2)) <= 1e-10 * lc || !Normalize3_Private(e2)) *ok = PETSC_FALSE;
    Cross3_Private(e1, e2, e3);
  } else {
    e1[2] = 0;
    if (!Normalize3_Private(e1)) *ok = PETSC_FALSE;
    Cross3_Private(e3, e1, e2);
  }
  if (!*ok) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < 3; i++) {
    R[3 * i + 0] = e1[i];
    R[3 * i + 1] = e2[i];
    R[3 * i + 2] = e3[i];
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFrameFromInstance_Private - The map part -> assembly of an Abaqus *INSTANCE.

  Input Parameters:
+ nv - 0, 3 (translation d) or 10 (d; axis points a, b; angle in degrees)
- v  - the data

  Output Parameters:
+ R, t - X = R x + t
- ok   - PETSC_FALSE if a = b

  Notes:
  The translation comes first, then the rotation by the angle about the axis through a along
  b - a (right-hand rule): X = a + Q (x + d - a), Q from Rodrigues' formula
  Q = cos(th) I + sin(th) [k]x + (1 - cos(th)) k k^T.
@*/
PetscErrorCode TriboFrameFromInstance_Private(PetscInt nv, const PetscReal v[], PetscReal R[], PetscReal t[], PetscBool *ok)
{
  PetscReal k[3], c, s, th, w[3];

  PetscFunctionBeginUser;
  *ok = PETSC_TRUE;
  for (PetscInt i = 0; i < 9; i++) R[i] = (i % 4 == 0);
  for (PetscInt i = 0; i < 3; i++) t[i] = nv >= 3 ? v[i] : 0;
  if (nv < 10) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < 3; i++) k[i] = v[6 + i] - v[3 + i];
  if (!Normalize3_Private(k)) {
    *ok = PETSC_FALSE;
    PetscFunctionReturn(0);
  }
  th = v[9] * PETSC_PI / 180;
  c  = PetscCosReal(th);
  s  = PetscSinReal(th);
  for (PetscInt i = 0; i < 3; i++)
    for (PetscInt j = 0; j < 3; j++) R[3 * i + j] = (i == j ? c : 0) + (1 - c) * k[i] * k[j];
  R[1] -= s * k[2];
  R[2] += s * k[1];
  R[3] += s * k[2];
  R[5] -= s * k[0];
  R[6] -= s * k[1];
  R[7] += s * k[0];
  // t = a + Q (d - a)
  for (PetscInt i = 0; i < 3; i++) w[i] = v[i] - v[3 + i];
  for (PetscInt i = 0; i < 3; i++) t[i] = v[3 + i] + R[3 * i] * w[0] + R[3 * i + 1] * w[1] + R[3 * i + 2] * w[2];
  PetscFunctionReturn(0);
}

/*@
  TriboMeshCreate - Creates an empty mesh: set its reader options (TriboMeshSetFromOptions()), then
  fill it with TriboMeshReadAbaqus() (or, in a program that builds its own mesh, its fields).

  Collective

  Input Parameter:
. comm - the ranks that will read and hold the mesh (each holds all of it)

  Output Parameter:
. mesh - the new mesh

  Level: beginner

.seealso: TriboMeshSetOptionsPrefix(), TriboMeshSetFromOptions(), TriboMeshReadAbaqus(), TriboMeshDestroy()
@*/
PetscErrorCode TriboMeshCreate(MPI_Comm comm, TriboMesh *mesh)
{
  PetscFunctionBeginUser;
  PetscCall(PetscNew(mesh));
  (*mesh)->comm = comm;
  PetscFunctionReturn(0);
}

/*@
  TriboMeshSetOptionsPrefix - Sets the prefix of the mesh's options (-inp_strict becomes
  -<prefix>inp_strict), so that several meshes can be read with different options.

  Logically collective

  Input Parameters:
+ mesh   - the mesh
- prefix - the prefix (no leading dash), or NULL for none

  Level: intermediate

.seealso: TriboMeshSetFromOptions()
@*/
PetscErrorCode TriboMeshSetOptionsPrefix(TriboMesh mesh, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(mesh->prefix));
  if (prefix && prefix[0]) PetscCall(PetscStrallocpy(prefix, &mesh->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshSetFromOptions - Reads the options of the Abaqus deck reader from the options database.

  Collective

  Input Parameter:
. mesh - the mesh

  Options Database Keys:
+ -inp_allow_unsupported <false> - skip (with a warning) keywords and element types whose omission
                                   changes the stiffness, mass or loads, instead of stopping
- -inp_strict <false>            - stop at any keyword that would be ignored, even harmless ones

  Notes:
  Call it before TriboMeshReadAbaqus(): the reader reads no option itself.

  Level: beginner

.seealso: TriboMeshCreate(), TriboMeshReadAbaqus()
@*/
PetscErrorCode TriboMeshSetFromOptions(TriboMesh mesh)
{
  PetscFunctionBeginUser;
  TriboOptionsBegin(mesh->comm, mesh->prefix, "Abaqus input deck reader", "TriboMeshReadAbaqus");
  PetscCall(PetscOptionsBool("-inp_allow_unsupported",
                             "skip (with a warning) keywords and element types whose omission changes the stiffness, mass or loads",
                             "TriboMeshReadAbaqus", mesh->allow, &mesh->allow, NULL));
  PetscCall(PetscOptionsBool("-inp_strict", "stop at any keyword that would be ignored, even harmless ones", "TriboMeshReadAbaqus", mesh->strict,
                             &mesh->strict, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(mesh->prefix, "inp_"));
  PetscFunctionReturn(0);
}

/*
  TriboMeshReset_Private - Frees the mesh's data (nodes, elements, sets, constraints, step data) and
  leaves it empty, keeping its communicator, prefix and reader options.
*/
PetscErrorCode TriboMeshReset_Private(TriboMesh m)
{
  MPI_Comm  comm   = m->comm;
  char     *prefix = m->prefix;
  PetscBool allow = m->allow, strict = m->strict;

  PetscFunctionBeginUser;
  PetscCall(PetscFree(m->X));
  PetscCall(PetscFree(m->nodeid));
  PetscCall(PetscFree(m->etype));
  PetscCall(PetscFree(m->eptr));
  PetscCall(PetscFree(m->conn));
  PetscCall(PetscFree(m->emat));
  PetscCall(PetscFree2(m->ehg, m->ehgscale));
  PetscCall(PetscFree(m->elemid));
  for (PetscInt i = 0; i < m->nnsets; i++) PetscCall(PetscFree(m->nsets[i].idx));
  for (PetscInt i = 0; i < m->nelsets; i++) PetscCall(PetscFree(m->elsets[i].idx));
  for (PetscInt i = 0; i < m->nsurfs; i++) {
    PetscCall(PetscFree(m->surfs[i].elem));
    PetscCall(PetscFree(m->surfs[i].face));
  }
  for (PetscInt i = 0; i < m->neqs; i++) PetscCall(PetscFree3(m->eqs[i].node, m->eqs[i].dof, m->eqs[i].coef));
  PetscCall(PetscFree(m->nsets));
  PetscCall(PetscFree(m->elsets));
  PetscCall(PetscFree(m->surfs));
  PetscCall(PetscFree(m->mats));
  PetscCall(PetscFree(m->ties));
  PetscCall(PetscFree(m->couplings));
  PetscCall(PetscFree(m->eqs));
  PetscCall(PetscFree(m->cloads));
  PetscCall(PetscFree(m->retained));
  PetscCall(PetscMemzero(m, sizeof(*m)));
  m->comm   = comm;
  m->prefix = prefix;
  m->allow  = allow;
  m->strict = strict;
  PetscFunctionReturn(0);
}

/*@
  TriboMeshDestroy - Destroys a mesh.

  Collective

  Input Parameter:
. mesh - the mesh; set to NULL (a NULL mesh is allowed)

  Level: beginner

.seealso: TriboMeshCreate()
@*/
PetscErrorCode TriboMeshDestroy(TriboMesh *mesh)
{
  PetscFunctionBeginUser;
  if (!*mesh) PetscFunctionReturn(0);
  PetscCall(TriboMeshReset_Private(*mesh));
  PetscCall(PetscFree((*mesh)->prefix));
  PetscCall(PetscFree(*mesh));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshView - Prints a summary of the mesh: sizes, element types, sets, materials, constraints.

  Collective on the viewer (ASCII viewers only)
@*/
PetscErrorCode TriboMeshView(TriboMesh m, PetscViewer viewer)
{
  PetscBool ascii;
  PetscInt  ntype[TRIBO_EL_NTYPES] = {0};
  PetscReal lo[3] = {PETSC_MAX_REAL, PETSC_MAX_REAL, PETSC_MAX_REAL}, hi[3] = {PETSC_MIN_REAL, PETSC_MIN_REAL, PETSC_MIN_REAL};

  PetscFunctionBeginUser;
  if (!viewer) viewer = PETSC_VIEWER_STDOUT_WORLD;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &ascii));
  if (!ascii) PetscFunctionReturn(0);
  for (PetscInt e = 0; e < m->nelem; e++) ntype[m->etype[e]]++;
  for (PetscInt i = 0; i < m->nnodes; i++)
    for (PetscInt d = 0; d < 3; d++) {
      lo[d] = PetscMin(lo[d], m->X[3 * i + d]);
      hi[d] = PetscMax(hi[d], m->X[3 * i + d]);
    }
  PetscCall(PetscViewerASCIIPrintf(viewer, "Abaqus deck %s: %" PetscInt_FMT " nodes, %" PetscInt_FMT " elements\n", m->file, m->nnodes, m->nelem));
  PetscCall(PetscViewerASCIIPushTab(viewer));
  for (PetscInt t = 0; t < TRIBO_EL_NTYPES; t++)
    if (ntype[t]) PetscCall(PetscViewerASCIIPrintf(viewer, "%s: %" PetscInt_FMT " elements\n", TriboElementTypes[t], ntype[t]));
  if (m->nnodes)
    PetscCall(PetscViewerASCIIPrintf(viewer, "bounding box: x %g %g y %g %g z %g %g\n", (double)lo[0], (double)hi[0], (double)lo[1], (double)hi[1],
                                     (double)lo[2], (double)hi[2]));
  PetscCall(PetscViewerASCIIPrintf(viewer, "%" PetscInt_FMT " node sets, %" PetscInt_FMT " element sets, %" PetscInt_FMT " surfaces\n", m->nnsets,
                                   m->nelsets, m->nsurfs));
  for (PetscInt k = 0; k < m->nmats; k++)
    PetscCall(PetscViewerASCIIPrintf(viewer, "material %s: E %g nu %g rho %g\n", m->mats[k].name, (double)m->mats[k].E, (double)m->mats[k].nu,
                                     (double)m->mats[k].rho));
  PetscCall(PetscViewerASCIIPrintf(
      viewer, "%" PetscInt_FMT " ties, %" PetscInt_FMT " couplings, %" PetscInt_FMT " equations, %" PetscInt_FMT " concentrated loads\n", m->nties,
      m->ncouplings, m->neqs, m->ncloads));
  for (PetscInt k = 0; k < m->nretained; k++)
    PetscCall(PetscViewerASCIIPrintf(viewer, "retained DOFs %" PetscInt_FMT "-%" PetscInt_FMT " of %s\n", m->retained[k].dof0, m->retained[k].dof1,
                                     m->retained[k].nset));
  if (m->nmodes) PetscCall(PetscViewerASCIIPrintf(viewer, "%" PetscInt_FMT " fixed-interface modes\n", m->nmodes));
  if (m->recovery[0]) PetscCall(PetscViewerASCIIPrintf(viewer, "recovery node set %s\n", m->recovery));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboFindByName(const char name[], const void *list, size_t size, PetscInt n, const void **found)
{
  char up[INP_NAME];

  PetscFunctionBeginUser;
  *found = NULL;
  PetscCall(InpUpper_Private(name, up));
  for (PetscInt i = 0; i < n; i++) {
    const char *s = (const char *)list + size * (size_t)i; // name[] is the first member

    if (!strcmp(s, up)) {
      *found = s;
      break;
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboMeshFindNodeSet - Looks up a node set by (case-insensitive) name; NULL if absent.
@*/
PetscErrorCode TriboMeshFindNodeSet(TriboMesh m, const char name[], const TriboSet **set)
{
  PetscFunctionBeginUser;
  PetscCall(TriboFindByName(name, m->nsets, sizeof(TriboSet), m->nnsets, (const void **)set));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshFindElemSet - Looks up an element set by (case-insensitive) name; NULL if absent.
@*/
PetscErrorCode TriboMeshFindElemSet(TriboMesh m, const char name[], const TriboSet **set)
{
  PetscFunctionBeginUser;
  PetscCall(TriboFindByName(name, m->elsets, sizeof(TriboSet), m->nelsets, (const void **)set));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshFindSurface - Looks up a surface by (case-insensitive) name; NULL if absent.
@*/
PetscErrorCode TriboMeshFindSurface(TriboMesh m, const char name[], const TriboSurface **surf)
{
  PetscFunctionBeginUser;
  PetscCall(TriboFindByName(name, m->surfs, sizeof(TriboSurface), m->nsurfs, (const void **)surf));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshFindNode - Resolves a node reference as the deck writes it in *Coupling, ref node= or
  *Retained Nodal Dofs: the name of a node set with exactly one node, or a node number.

  Not collective

  Output Parameter:
. node - 0-based node index, -1 if ref is neither

  Notes:
  Node numbers are those of nodeid[] (instance nodes renumbered); the search over numbers is linear.
@*/
PetscErrorCode TriboMeshFindNode(TriboMesh m, const char ref[], PetscInt *node)
{
  const TriboSet *set;

  PetscFunctionBeginUser;
  *node = -1;
  PetscCall(TriboMeshFindNodeSet(m, ref, &set));
  if (set) {
    if (set->n == 1) *node = set->idx[0];
  } else if (InpIsInt_Private(ref)) {
    PetscInt id = (PetscInt)strtol(ref, NULL, 10);

    for (PetscInt i = 0; i < m->nnodes; i++)
      if (m->nodeid[i] == id) {
        *node = i;
        break;
      }
  }
  PetscFunctionReturn(0);
}

/* Faces (Abaqus numbering S1..S6), nodes ordered counter-clockwise seen from outside the element
   (outward normal by the right-hand rule), corners first, then mid-side nodes; the same tables as
   CalculiX (ifaceq, ifacet), whose face numbers follow Abaqus. */
static const PetscInt HexFace[6][8] = {{3, 2, 1, 0, 10, 9, 8, 11},  {4, 5, 6, 7, 12, 13, 14, 15}, {0, 1, 5, 4, 8, 17, 12, 16},
                                       {1, 2, 6, 5, 9, 18, 13, 17}, {2, 3, 7, 6, 10, 19, 14, 18}, {3, 0, 4, 7, 11, 16, 15, 19}};
static const PetscInt TetFace[4][6] = {{0, 2, 1, 6, 5, 4}, {0, 1, 3, 4, 8, 7}, {1, 2, 3, 5, 9, 8}, {0, 3, 2, 7, 9, 6}};

/*@
  TriboMeshGetFace - Local node numbers of face f of element e.

  Not collective

  Input Parameters:
+ m - the mesh
. e - 0-based element index
- f - face number 1..6 (hexahedra) or 1..4 (tetrahedra), as S1..S6 in the deck

  Output Parameters:
+ n     - number of face nodes: 4 (C3D8, C3D8R), 8 (C3D20, C3D20R), 3 (C3D4), 6 (C3D10)
- nodes - 0-based positions within the element (m->conn[m->eptr[e] + nodes[k]])

  Notes:
  Counter-clockwise seen from outside (outward normal), corners first then mid-side nodes.
  Abaqus: S1 = 1-2-3-4, S2 = 5-8-7-6, S3 = 1-5-6-2, S4 = 2-6-7-3, S5 = 3-7-8-4, S6 = 4-8-5-1 for
  hexahedra; S1 = 1-2-3, S2 = 1-4-2, S3 = 2-4-3, S4 = 3-4-1 for tetrahedra.
@*/
PetscErrorCode TriboMeshGetFace(TriboMesh m, PetscInt e, PetscInt f, PetscInt *n, PetscInt nodes[])
{
  TriboElementType t;
  PetscBool        hex;

  PetscFunctionBeginUser;
  PetscCheck(e >= 0 && e < m->nelem, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "element index %" PetscInt_FMT " out of range [0, %" PetscInt_FMT ")",
             e, m->nelem);
  t   = m->etype[e];
  hex = (PetscBool)TriboElementIsHex(t);
  PetscCheck(f >= 1 && f <= (hex ? 6 : 4), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "face S%" PetscInt_FMT " does not exist on a %s", f,
             TriboElementTypes[t]);
  *n = hex ? (TriboElementNodes[t] == 8 ? 4 : 8) : (TriboElementNodes[t] == 4 ? 3 : 6);
  for (PetscInt k = 0; k < *n; k++) nodes[k] = hex ? HexFace[f - 1][k] : TetFace[f - 1][k];
  PetscFunctionReturn(0);
}
