/* The deck's constraints as an elimination matrix T (u_full = T u): *Tie, *Coupling
   (*Distributing or kinematic) and *Equation all become linear relations
     u_d = sum_k c_k u_k
   between one dependent DOF d and independent DOFs k. Relations are kept fully resolved: when a
   DOF becomes dependent, the relations that referenced it are rewritten with its own relation
   substituted (chains such as a tie slave node that is the master node of another tie, or an
   equation between coupling reference nodes). Every rank builds all relations (the mesh is
   replicated) and fills its own rows of T. Order: ties, then couplings, then equations. */
#include <tribofe.h>
#include <petscbt.h>

typedef struct {
  PetscInt    ndof, nrel, maxrel, nlist;
  PetscInt   *dep;  // [ndof] relation that defines DOF d, -1 if d is independent
  PetscInt   *refs; // [ndof] how many relation terms reference DOF d
  PetscInt   *rdof, *rn;
  PetscInt  **rcol;
  PetscReal **rval;
  PetscReal  *acc; // [ndof] scatter workspace, zero between uses
  PetscInt   *list;
  PetscBT     inlist;
} Rel;

static PetscErrorCode RelCreate(PetscInt ndof, Rel *R)
{
  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(R, sizeof(*R)));
  R->ndof = ndof;
  PetscCall(PetscMalloc4(ndof, &R->dep, ndof, &R->refs, ndof, &R->acc, ndof, &R->list));
  PetscCall(PetscBTCreate(ndof, &R->inlist));
  for (PetscInt d = 0; d < ndof; d++) R->dep[d] = -1, R->refs[d] = 0, R->acc[d] = 0;
  PetscFunctionReturn(0);
}

static PetscErrorCode RelDestroy(Rel *R)
{
  PetscFunctionBeginUser;
  for (PetscInt r = 0; r < R->nrel; r++) PetscCall(PetscFree2(R->rcol[r], R->rval[r]));
  PetscCall(PetscFree4(R->rdof, R->rn, R->rcol, R->rval));
  PetscCall(PetscFree4(R->dep, R->refs, R->acc, R->list));
  PetscCall(PetscBTDestroy(&R->inlist));
  PetscFunctionReturn(0);
}

static inline void RelAcc(Rel *R, PetscInt j, PetscReal v)
{
  if (!PetscBTLookupSet(R->inlist, j)) R->list[R->nlist++] = j;
  R->acc[j] += v;
}

// acc += sum_k c_k u_k with every dependent u_k replaced by its relation
static void RelExpand(Rel *R, PetscInt n, const PetscInt col[], const PetscReal val[])
{
  for (PetscInt t = 0; t < n; t++) {
    PetscInt r = R->dep[col[t]];
    if (r < 0) RelAcc(R, col[t], val[t]);
    else
      for (PetscInt s = 0; s < R->rn[r]; s++) RelAcc(R, R->rcol[r][s], val[t] * R->rval[r][s]);
  }
}

// Empties the workspace into sorted arrays scaled by 'scale', leaving out DOF 'skip' and entries below rtol * max
static PetscErrorCode RelCollect(Rel *R, PetscInt skip, PetscReal scale, PetscReal rtol, PetscInt *n, PetscInt **col, PetscReal **val)
{
  PetscReal vmax = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscSortInt(R->nlist, R->list));
  for (PetscInt t = 0; t < R->nlist; t++)
    if (R->list[t] != skip) vmax = PetscMax(vmax, PetscAbsReal(R->acc[R->list[t]]));
  PetscCall(PetscMalloc2(R->nlist, col, R->nlist, val));
  *n = 0;
  for (PetscInt t = 0; t < R->nlist; t++) {
    PetscInt j = R->list[t];
    if (j != skip && PetscAbsReal(R->acc[j]) > rtol * vmax) {
      (*col)[*n]   = j;
      (*val)[*n]   = scale * R->acc[j];
      (*n)++;
    }
    R->acc[j] = 0;
    PetscCall(PetscBTClear(R->inlist, j));
  }
  R->nlist = 0;
  PetscFunctionReturn(0);
}

static PetscErrorCode RelStore(Rel *R, PetscInt r, PetscInt d, PetscInt n, PetscInt *col, PetscReal *val)
{
  PetscFunctionBeginUser;
  if (r == R->nrel) {
    if (R->nrel == R->maxrel) {
      PetscInt    m = PetscMax(64, 2 * R->maxrel), *rdof, *rn;
      PetscInt  **rcol;
      PetscReal **rval;
      PetscCall(PetscMalloc4(m, &rdof, m, &rn, m, &rcol, m, &rval));
      PetscCall(PetscArraycpy(rdof, R->rdof, R->nrel));
      PetscCall(PetscArraycpy(rn, R->rn, R->nrel));
      PetscCall(PetscArraycpy(rcol, R->rcol, R->nrel));
      PetscCall(PetscArraycpy(rval, R->rval, R->nrel));
      PetscCall(PetscFree4(R->rdof, R->rn, R->rcol, R->rval));
      R->rdof = rdof, R->rn = rn, R->rcol = rcol, R->rval = rval, R->maxrel = m;
    }
    R->nrel++;
  } else {
    for (PetscInt t = 0; t < R->rn[r]; t++) R->refs[R->rcol[r][t]]--;
    PetscCall(PetscFree2(R->rcol[r], R->rval[r]));
  }
  R->rdof[r] = d, R->rn[r] = n, R->rcol[r] = col, R->rval[r] = val;
  R->dep[d]  = r;
  for (PetscInt t = 0; t < n; t++) R->refs[col[t]]++;
  PetscFunctionReturn(0);
}

/* Makes DOF d dependent: u_d = sum c_k u_k. A relation that, after substitution, involves d itself
   (u_d = a u_d + rest) is solved for u_d; one with a = 1 and nothing else left is redundant and
   is not added (*added = false). */
static PetscErrorCode RelAdd(Rel *R, PetscInt d, PetscInt n, const PetscInt col[], const PetscReal val[], PetscBool *added)
{
  PetscInt   m, *c;
  PetscReal  a, *v;

  PetscFunctionBeginUser;
  PetscCheck(R->dep[d] < 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "DOF %" PetscInt_FMT " is already dependent", d);
  RelExpand(R, n, col, val);
  a = PetscBTLookup(R->inlist, d) ? R->acc[d] : 0;
  PetscCall(RelCollect(R, d, 1, 1e-12, &m, &c, &v));
  *added = PETSC_TRUE;
  if (PetscAbsReal(1 - a) < 1e-10) {
    PetscReal rest = 0;
    for (PetscInt t = 0; t < m; t++) rest = PetscMax(rest, PetscAbsReal(v[t]));
    PetscCall(PetscFree2(c, v));
    PetscCheck(rest < 1e-10, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "a constraint on DOF %" PetscInt_FMT " cancels that DOF after substituting the other constraints (circular constraints)", d);
    *added = PETSC_FALSE;
    PetscFunctionReturn(0);
  }
  for (PetscInt t = 0; t < m; t++) v[t] /= 1 - a;
  PetscCall(RelStore(R, R->nrel, d, m, c, v));
  // rewrite the relations that referenced d
  for (PetscInt r = 0; r < R->nrel - 1 && R->refs[d] > 0; r++) {
    PetscBool has = PETSC_FALSE;
    for (PetscInt t = 0; t < R->rn[r] && !has; t++) has = (PetscBool)(R->rcol[r][t] == d);
    if (!has) continue;
    RelExpand(R, R->rn[r], R->rcol[r], R->rval[r]);
    PetscCall(RelCollect(R, -1, 1, 1e-12, &m, &c, &v));
    PetscCall(RelStore(R, r, R->rdof[r], m, c, v));
  }
  PetscCheck(R->refs[d] == 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "DOF %" PetscInt_FMT " still referenced after substitution", d);
  PetscFunctionReturn(0);
}

/* Faces in Abaqus numbering (S1..S6 of hexahedra, S1..S4 of tetrahedra): corners in cyclic order,
   then the mid-edge nodes of the edges corner1-corner2, corner2-corner3, ... (0-based local
   numbers). Kept here rather than taken from TriboMeshGetFace because the face shape functions
   below depend on exactly this order. */
static const PetscInt HexFace[6][8] = {
  {0, 1, 2, 3, 8,  9,  10, 11},
  {4, 7, 6, 5, 15, 14, 13, 12},
  {0, 4, 5, 1, 16, 12, 17, 8 },
  {1, 5, 6, 2, 17, 13, 18, 9 },
  {2, 6, 7, 3, 18, 14, 19, 10},
  {3, 7, 4, 0, 19, 15, 16, 11}
};
static const PetscInt TetFace[4][6] = {
  {0, 1, 2, 4, 5, 6},
  {0, 3, 1, 7, 8, 4},
  {1, 3, 2, 8, 9, 5},
  {2, 3, 0, 9, 7, 6}
};

// Global nodes of face f (1-based) of element e; returns the node count (3, 4, 6 or 8)
static PetscErrorCode FaceNodes(TriboMesh mesh, PetscInt e, PetscInt f, PetscInt *n, PetscInt nodes[])
{
  TriboElementType t    = mesh->etype[e];
  const PetscInt  *conn = mesh->conn + mesh->eptr[e];
  PetscBool        hex  = (PetscBool)(t <= TRIBO_EL_C3D20R), quad = (PetscBool)(t == TRIBO_EL_C3D20 || t == TRIBO_EL_C3D20R || t == TRIBO_EL_C3D10);

  PetscFunctionBeginUser;
  PetscCheck(f >= 1 && f <= (hex ? 6 : 4), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: face S%" PetscInt_FMT " does not exist on %s element %" PetscInt_FMT, mesh->file, f, TriboElementTypes[t], mesh->elemid[e]);
  *n = hex ? (quad ? 8 : 4) : (quad ? 6 : 3);
  for (PetscInt a = 0; a < *n; a++) nodes[a] = conn[hex ? HexFace[f - 1][a] : TetFace[f - 1][a]];
  PetscFunctionReturn(0);
}

// Face shape functions at (s0, s1): quadrilaterals on [-1,1]^2, triangles on s0, s1 >= 0, s0 + s1 <= 1
static void FaceShape(PetscInt n, const PetscReal s[2], PetscReal N[], PetscReal dN[])
{
  static const PetscReal c[8][2] = {
    {-1, -1},
    {1,  -1},
    {1,  1 },
    {-1, 1 },
    {0,  -1},
    {1,  0 },
    {0,  1 },
    {-1, 0 }
  };
  if (n == 4 || n == 8) {
    for (PetscInt a = 0; a < 4; a++) {
      PetscReal f0 = 1 + c[a][0] * s[0], f1 = 1 + c[a][1] * s[1];
      N[a]          = 0.25 * f0 * f1;
      dN[2 * a]     = 0.25 * c[a][0] * f1;
      dN[2 * a + 1] = 0.25 * f0 * c[a][1];
    }
    if (n == 8) {
      for (PetscInt a = 4; a < 8; a++) {
        PetscInt  m = c[a][0] == 0 ? 0 : 1, o = 1 - m;
        PetscReal b = 1 - s[m] * s[m], fo = 1 + c[a][o] * s[o];
        N[a]          = 0.5 * b * fo;
        dN[2 * a + m] = -s[m] * fo;
        dN[2 * a + o] = 0.5 * b * c[a][o];
      }
      // corners of the serendipity element: bilinear minus half of the two adjacent mid-edge functions
      for (PetscInt a = 0; a < 4; a++) {
        PetscInt e0 = 4 + a, e1 = 4 + (a + 3) % 4;
        N[a] -= 0.5 * (N[e0] + N[e1]);
        for (PetscInt k = 0; k < 2; k++) dN[2 * a + k] -= 0.5 * (dN[2 * e0 + k] + dN[2 * e1 + k]);
      }
    }
  } else {
    PetscReal L[3] = {1 - s[0] - s[1], s[0], s[1]}, dL[3][2] = {
                                                      {-1, -1},
                                                      {1,  0 },
                                                      {0,  1 }
    };
    for (PetscInt a = 0; a < 3; a++) {
      N[a] = n == 3 ? L[a] : L[a] * (2 * L[a] - 1);
      for (PetscInt k = 0; k < 2; k++) dN[2 * a + k] = n == 3 ? dL[a][k] : (4 * L[a] - 1) * dL[a][k];
    }
    if (n == 6)
      for (PetscInt e = 0; e < 3; e++) {
        PetscInt i = e, j = (e + 1) % 3;
        N[3 + e] = 4 * L[i] * L[j];
        for (PetscInt k = 0; k < 2; k++) dN[2 * (3 + e) + k] = 4 * (L[i] * dL[j][k] + L[j] * dL[i][k]);
      }
  }
}

static void FaceClamp(PetscInt n, PetscReal s[2])
{
  if (n == 4 || n == 8) {
    for (PetscInt k = 0; k < 2; k++) s[k] = PetscMin(1, PetscMax(-1, s[k]));
  } else {
    PetscReal t;
    s[0] = PetscMax(0, s[0]), s[1] = PetscMax(0, s[1]);
    if ((t = s[0] + s[1] - 1) > 0) s[0] -= t / 2, s[1] -= t / 2;
    s[0] = PetscMax(0, s[0]), s[1] = PetscMax(0, s[1]);
  }
}

/* Closest point of face (nodes Xf) to p: Gauss-Newton on the face's isoparametric coordinates,
   clamped to the face; returns the coordinates, shape functions there and the distance. */
static PetscReal FaceProject(PetscInt n, const PetscReal Xf[], const PetscReal p[3], PetscReal s[2], PetscReal N[])
{
  PetscReal dN[16], x[3], r[3], d2 = 0;

  s[0] = s[1] = (n == 4 || n == 8) ? 0 : 1. / 3;
  for (PetscInt it = 0; it < 25; it++) {
    PetscReal J[3][2] = {{0}}, A00 = 0, A01 = 0, A11 = 0, g0 = 0, g1 = 0, det, ds0, ds1;
    FaceShape(n, s, N, dN);
    for (PetscInt i = 0; i < 3; i++) {
      x[i] = 0;
      for (PetscInt a = 0; a < n; a++) {
        x[i] += N[a] * Xf[3 * a + i];
        J[i][0] += dN[2 * a] * Xf[3 * a + i];
        J[i][1] += dN[2 * a + 1] * Xf[3 * a + i];
      }
      r[i] = x[i] - p[i];
      A00 += J[i][0] * J[i][0], A01 += J[i][0] * J[i][1], A11 += J[i][1] * J[i][1];
      g0 += J[i][0] * r[i], g1 += J[i][1] * r[i];
    }
    det = A00 * A11 - A01 * A01;
    if (det <= 0) break;
    ds0 = -(A11 * g0 - A01 * g1) / det;
    ds1 = -(A00 * g1 - A01 * g0) / det;
    s[0] += ds0, s[1] += ds1;
    FaceClamp(n, s);
    if (PetscAbsReal(ds0) + PetscAbsReal(ds1) < 1e-13) break;
  }
  FaceShape(n, s, N, dN);
  for (PetscInt i = 0; i < 3; i++) {
    x[i] = 0;
    for (PetscInt a = 0; a < n; a++) x[i] += N[a] * Xf[3 * a + i];
    d2 += (x[i] - p[i]) * (x[i] - p[i]);
  }
  return PetscSqrtReal(d2);
}

// Unique nodes of a surface (sorted)
static PetscErrorCode SurfaceNodes(TriboMesh mesh, const TriboSurface *S, PetscInt *n, PetscInt **nodes)
{
  PetscInt m = 0, k, f[8];

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(8 * S->n + 1, nodes));
  for (PetscInt i = 0; i < S->n; i++) {
    PetscCall(FaceNodes(mesh, S->elem[i], S->face[i], &k, f));
    for (PetscInt a = 0; a < k; a++) (*nodes)[m++] = f[a];
  }
  PetscCall(PetscSortRemoveDupsInt(&m, *nodes));
  *n = m;
  PetscFunctionReturn(0);
}

typedef struct {
  PetscInt  ntied, nfar, nskip, nshared;
  PetscReal dmax, tol;
} TieStats;

/* *Tie (node to surface): every slave-surface node within the position tolerance of the master
   surface gets u_s = sum_a N_a(s*) u_a, with s* its closest point on the closest master face.
   adjust=yes (Abaqus moves the slave nodes onto the master surface before the analysis) is not
   applied: for a linear model it only changes the geometry by the gap (at most the tolerance),
   and with a gap a rigid rotation w is reproduced at the slave node with an error w x gap. */
static PetscErrorCode TieApply(TriboMesh mesh, const TriboTie *tie, PetscReal tolabs, Rel *R, TieStats *st)
{
  const TriboSurface *Ss, *Sm;
  PetscInt            ns, *snodes, nf, *fn, *fnode;
  PetscReal          *bb, diag = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshFindSurface(mesh, tie->slave, &Ss));
  PetscCall(TriboMeshFindSurface(mesh, tie->master, &Sm));
  PetscCheck(Ss, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Tie %s: slave surface %s is not defined", mesh->file, tie->line, tie->name, tie->slave);
  PetscCheck(Sm, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Tie %s: master surface %s is not defined", mesh->file, tie->line, tie->name, tie->master);
  PetscCheck(Sm->n > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Tie %s: master surface %s has no faces", mesh->file, tie->line, tie->name, tie->master);
  nf = Sm->n;
  PetscCall(PetscMalloc3(nf, &fn, 8 * nf, &fnode, 6 * nf, &bb));
  for (PetscInt f = 0; f < nf; f++) {
    PetscCall(FaceNodes(mesh, Sm->elem[f], Sm->face[f], &fn[f], fnode + 8 * f));
    for (PetscInt i = 0; i < 3; i++) bb[6 * f + i] = PETSC_MAX_REAL, bb[6 * f + 3 + i] = -PETSC_MAX_REAL;
    for (PetscInt a = 0; a < fn[f]; a++)
      for (PetscInt i = 0; i < 3; i++) {
        PetscReal x = mesh->X[3 * fnode[8 * f + a] + i];
        bb[6 * f + i] = PetscMin(bb[6 * f + i], x), bb[6 * f + 3 + i] = PetscMax(bb[6 * f + 3 + i], x);
      }
    // largest corner-to-corner distance of the face ("facet diagonal")
    for (PetscInt a = 0; a < (fn[f] % 3 == 0 ? 3 : 4); a++)
      for (PetscInt b = a + 1; b < (fn[f] % 3 == 0 ? 3 : 4); b++) {
        PetscReal d2 = 0, *xa = mesh->X + 3 * fnode[8 * f + a], *xb = mesh->X + 3 * fnode[8 * f + b];
        for (PetscInt i = 0; i < 3; i++) d2 += (xa[i] - xb[i]) * (xa[i] - xb[i]);
        diag = PetscMax(diag, PetscSqrtReal(d2));
      }
  }
  st->tol = tolabs >= 0 ? tolabs : 0.05 * diag;
  PetscCall(SurfaceNodes(mesh, Ss, &ns, &snodes));
  for (PetscInt k = 0; k < ns; k++) {
    PetscInt   s = snodes[k], best = -1, cols[24];
    PetscReal  dbest = PETSC_MAX_REAL, sb[2], Nb[8], *p = mesh->X + 3 * s, Xf[24], vals[24];
    PetscBool  added, any = PETSC_FALSE;

    if (R->dep[3 * s] >= 0 || R->dep[3 * s + 1] >= 0 || R->dep[3 * s + 2] >= 0) {
      st->nskip++; // already dependent (an earlier tie or constraint): Abaqus drops the overconstraint too
      continue;
    }
    for (PetscInt f = 0; f < nf; f++) {
      PetscReal lb2 = 0, d, sf[2], Nf[8];
      for (PetscInt i = 0; i < 3; i++) {
        PetscReal g = PetscMax(0, PetscMax(bb[6 * f + i] - p[i], p[i] - bb[6 * f + 3 + i]));
        lb2 += g * g;
      }
      if (lb2 >= dbest * dbest) continue;
      for (PetscInt a = 0; a < fn[f]; a++)
        for (PetscInt i = 0; i < 3; i++) Xf[3 * a + i] = mesh->X[3 * fnode[8 * f + a] + i];
      d = FaceProject(fn[f], Xf, p, sf, Nf);
      if (d < dbest) {
        dbest = d, best = f, sb[0] = sf[0], sb[1] = sf[1];
        PetscCall(PetscArraycpy(Nb, Nf, fn[f]));
      }
    }
    if (dbest > st->tol) {
      st->nfar++;
      continue;
    }
    st->dmax = PetscMax(st->dmax, dbest);
    for (PetscInt i = 0; i < 3; i++) {
      for (PetscInt a = 0; a < fn[best]; a++) cols[a] = 3 * fnode[8 * best + a] + i, vals[a] = Nb[a];
      PetscCall(RelAdd(R, 3 * s + i, fn[best], cols, vals, &added));
      any = (PetscBool)(any || added);
    }
    if (any) st->ntied++;
    else st->nshared++; // the slave node is a node of the master face it sits on
  }
  PetscCall(PetscFree(snodes));
  PetscCall(PetscFree3(fn, fnode, bb));
  PetscFunctionReturn(0);
}
