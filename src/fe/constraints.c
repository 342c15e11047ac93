/* The deck's constraints as an elimination matrix T (u_full = T u): *Tie, *Coupling
   (*Distributing or kinematic) and *Equation all become linear relations
     u_d = sum_k c_k u_k
   between one dependent DOF d and independent DOFs k. Relations are kept fully resolved: when a
   DOF becomes dependent, the relations that referenced it are rewritten with its own relation
   substituted (chains such as a tie slave node that is the master node of another tie, or an
   equation between coupling reference nodes). Every rank builds all relations (the mesh is
   replicated) and fills its own rows of T. Order: ties, then couplings, then equations. */
#include <tribo/private/feimpl.h>
#include <tribonum.h>
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

static PetscErrorCode RelCreate_Private(PetscInt ndof, Rel *R)
{
  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(R, sizeof(*R)));
  R->ndof = ndof;
  PetscCall(PetscMalloc4(ndof, &R->dep, ndof, &R->refs, ndof, &R->acc, ndof, &R->list));
  PetscCall(PetscBTCreate(ndof, &R->inlist));
  for (PetscInt d = 0; d < ndof; d++) R->dep[d] = -1, R->refs[d] = 0, R->acc[d] = 0;
  PetscFunctionReturn(0);
}

static PetscErrorCode RelDestroy_Private(Rel *R)
{
  PetscFunctionBeginUser;
  for (PetscInt r = 0; r < R->nrel; r++) PetscCall(PetscFree2(R->rcol[r], R->rval[r]));
  PetscCall(PetscFree4(R->rdof, R->rn, R->rcol, R->rval));
  PetscCall(PetscFree4(R->dep, R->refs, R->acc, R->list));
  PetscCall(PetscBTDestroy(&R->inlist));
  PetscFunctionReturn(0);
}

static inline void RelAcc_Private(Rel *R, PetscInt j, PetscReal v)
{
  if (!PetscBTLookupSet(R->inlist, j)) R->list[R->nlist++] = j;
  R->acc[j] += v;
}

// acc += sum_k c_k u_k with every dependent u_k replaced by its relation
static void RelExpand_Private(Rel *R, PetscInt n, const PetscInt col[], const PetscReal val[])
{
  for (PetscInt t = 0; t < n; t++) {
    PetscInt r = R->dep[col[t]];
    if (r < 0)
      RelAcc_Private(R, col[t], val[t]);
    else
      for (PetscInt s = 0; s < R->rn[r]; s++) RelAcc_Private(R, R->rcol[r][s], val[t] * R->rval[r][s]);
  }
}

// Empties the workspace into sorted arrays scaled by 'scale', leaving out DOF 'skip' and entries below rtol * max
static PetscErrorCode RelCollect_Private(Rel *R, PetscInt skip, PetscReal scale, PetscReal rtol, PetscInt *n, PetscInt **col, PetscReal **val)
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
      (*col)[*n] = j;
      (*val)[*n] = scale * R->acc[j];
      (*n)++;
    }
    R->acc[j] = 0;
    PetscCall(PetscBTClear(R->inlist, j));
  }
  R->nlist = 0;
  PetscFunctionReturn(0);
}

static PetscErrorCode RelStore_Private(Rel *R, PetscInt r, PetscInt d, PetscInt n, PetscInt *col, PetscReal *val)
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
  R->dep[d] = r;
  for (PetscInt t = 0; t < n; t++) R->refs[col[t]]++;
  PetscFunctionReturn(0);
}

/* Makes DOF d dependent: u_d = sum c_k u_k. A relation that, after substitution, involves d itself
   (u_d = a u_d + rest) is solved for u_d; one with a = 1 and nothing else left is redundant and
   is not added (*added = false). */
static PetscErrorCode RelAdd_Private(Rel *R, PetscInt d, PetscInt n, const PetscInt col[], const PetscReal val[], PetscBool *added)
{
  PetscInt  m, *c;
  PetscReal a, *v;

  PetscFunctionBeginUser;
  PetscCheck(R->dep[d] < 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "DOF %" PetscInt_FMT " is already dependent", d);
  RelExpand_Private(R, n, col, val);
  a = PetscBTLookup(R->inlist, d) ? R->acc[d] : 0;
  PetscCall(RelCollect_Private(R, d, 1, 1e-12, &m, &c, &v));
  *added = PETSC_TRUE;
  if (PetscAbsReal(1 - a) < 1e-10) {
    PetscReal rest = 0;
    for (PetscInt t = 0; t < m; t++) rest = PetscMax(rest, PetscAbsReal(v[t]));
    PetscCall(PetscFree2(c, v));
    PetscCheck(rest < 1e-10, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "a constraint on DOF %" PetscInt_FMT " cancels that DOF after substituting the other constraints (circular constraints)", d);
    *added = PETSC_FALSE;
    PetscFunctionReturn(0);
  }
  for (PetscInt t = 0; t < m; t++) v[t] /= 1 - a;
  PetscCall(RelStore_Private(R, R->nrel, d, m, c, v));
  // rewrite the relations that referenced d
  for (PetscInt r = 0; r < R->nrel - 1 && R->refs[d] > 0; r++) {
    PetscBool has = PETSC_FALSE;
    for (PetscInt t = 0; t < R->rn[r] && !has; t++) has = (PetscBool)(R->rcol[r][t] == d);
    if (!has) continue;
    RelExpand_Private(R, R->rn[r], R->rcol[r], R->rval[r]);
    PetscCall(RelCollect_Private(R, -1, 1, 1e-12, &m, &c, &v));
    PetscCall(RelStore_Private(R, r, R->rdof[r], m, c, v));
  }
  PetscCheck(R->refs[d] == 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "DOF %" PetscInt_FMT " still referenced after substitution", d);
  PetscFunctionReturn(0);
}

// Global nodes of face f (1-based) of element e: corners in cyclic order, then the mid-edge nodes of the edges corner1-corner2, ...
static PetscErrorCode FaceNodes_Private(TriboMesh mesh, PetscInt e, PetscInt f, PetscInt *n, PetscInt nodes[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboMeshGetFace(mesh, e, f, n, nodes));
  for (PetscInt a = 0; a < *n; a++) nodes[a] = mesh->conn[mesh->eptr[e] + nodes[a]];
  PetscFunctionReturn(0);
}

// Face shape functions at (s0, s1): quadrilaterals on [-1,1]^2, triangles on s0, s1 >= 0, s0 + s1 <= 1
static void FaceShape_Private(PetscInt n, const PetscReal s[2], PetscReal N[], PetscReal dN[])
{
  static const PetscReal c[8][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}, {0, -1}, {1, 0}, {0, 1}, {-1, 0}};
  if (n == 4 || n == 8) {
    TriboFaceShape(4, s, N, dN);
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
    PetscReal L[3], dL[6];
    TriboFaceShape(3, s, L, dL);
    for (PetscInt a = 0; a < 3; a++) {
      N[a] = n == 3 ? L[a] : L[a] * (2 * L[a] - 1);
      for (PetscInt k = 0; k < 2; k++) dN[2 * a + k] = n == 3 ? dL[2 * a + k] : (4 * L[a] - 1) * dL[2 * a + k];
    }
    if (n == 6)
      for (PetscInt e = 0; e < 3; e++) {
        PetscInt i = e, j = (e + 1) % 3;
        N[3 + e] = 4 * L[i] * L[j];
        for (PetscInt k = 0; k < 2; k++) dN[2 * (3 + e) + k] = 4 * (L[i] * dL[2 * j + k] + L[j] * dL[2 * i + k]);
      }
  }
}

static void FaceClamp_Private(PetscInt n, PetscReal s[2])
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
   clamped to the face; returns the distance, the coordinates s and the shape functions there, and
   whether the last step had to be clamped (the closest point is on the face's boundary). */
static PetscReal FaceProject_Private(PetscInt n, const PetscReal Xf[], const PetscReal p[3], PetscReal s[2], PetscReal N[], PetscBool *clamped)
{
  PetscReal dN[16], x[3], r[3], d2 = 0;

  s[0] = s[1] = (n == 4 || n == 8) ? 0 : 1. / 3;
  *clamped    = PETSC_FALSE;
  for (PetscInt it = 0; it < 25; it++) {
    PetscReal J[3][2] = {{0}}, A00 = 0, A01 = 0, A11 = 0, g0 = 0, g1 = 0, det, ds0, ds1, t0, t1;
    FaceShape_Private(n, s, N, dN);
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
    t0 = s[0] + ds0, t1 = s[1] + ds1;
    if (n == 4 || n == 8)
      *clamped = (PetscBool)(PetscAbsReal(t0) > 1 + 1e-9 || PetscAbsReal(t1) > 1 + 1e-9);
    else
      *clamped = (PetscBool)(t0 < -1e-9 || t1 < -1e-9 || t0 + t1 > 1 + 1e-9);
    if ((n == 4 || n == 8) && (PetscAbsReal(t0) > 1 || PetscAbsReal(t1) > 1)) {
      // quadrilateral: hold the coordinate that leaves [-1,1] most at its bound, minimize the quadratic model over the other
      PetscInt  k = PetscAbsReal(t0) >= PetscAbsReal(t1) ? 0 : 1, o = 1 - k;
      PetscReal g[2] = {g0, g1}, A[2][2] = {{A00, A01}, {A01, A11}}, sk = t0 > 0 ? 1 : -1;
      if (k == 1) sk = t1 > 0 ? 1 : -1;
      t0 = s[0], t1 = s[1];
      if (k == 0)
        t0 = sk, t1 = s[1] - (g[o] + A[o][k] * (sk - s[0])) / A[o][o];
      else
        t1 = sk, t0 = s[0] - (g[o] + A[o][k] * (sk - s[1])) / A[o][o];
      ds0 = t0 - s[0], ds1 = t1 - s[1];
    }
    s[0] = t0, s[1] = t1;
    FaceClamp_Private(n, s);
    if (PetscAbsReal(ds0) + PetscAbsReal(ds1) < 1e-13) break;
  }
  FaceShape_Private(n, s, N, dN);
  for (PetscInt i = 0; i < 3; i++) {
    x[i] = 0;
    for (PetscInt a = 0; a < n; a++) x[i] += N[a] * Xf[3 * a + i];
    d2 += (x[i] - p[i]) * (x[i] - p[i]);
  }
  return PetscSqrtReal(d2);
}

// Unique nodes of a surface (sorted)
static PetscErrorCode SurfaceNodes_Private(TriboMesh mesh, const TriboSurface *S, PetscInt *n, PetscInt **nodes)
{
  PetscInt m = 0, k, f[8];

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(8 * S->n + 1, nodes));
  for (PetscInt i = 0; i < S->n; i++) {
    PetscCall(FaceNodes_Private(mesh, S->elem[i], S->face[i], &k, f));
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

/* *Tie (node to surface): each slave-surface node is projected onto the closest master face and
   tied to it, u_s = sum_a N_a(s*) u_a (three translations, shape functions at the projection s*),
   when its distance is within the position tolerance and its projection falls inside the master
   surface. A node whose closest point is on the boundary of the master surface (it overhangs the
   surface, e.g. the rim of a washer over the edge of a bolt hole) is left free, as CalculiX does;
   with -fe_tie_outside it is tied to that boundary point when within the tolerance (a pure
   distance criterion). On the BRB deck this is the difference between 384 tied nodes (CalculiX's
   count: 116,511 independent DOFs) and 522 (116,097): the 138 more overhang by 25 to 100 um.
   adjust=yes (Abaqus moves the slave nodes onto the master surface before the analysis) is not
   applied: for a linear model it only changes the geometry by the gap (at most the tolerance;
   below 1e-8 m on the BRB), and with a gap g a rigid rotation w is reproduced at the slave node
   with an error w x g (TriboFECheckRigidBody() measures it). */
static PetscErrorCode TieApply_Private(TriboMesh mesh, const TriboTie *tie, PetscReal tolabs, PetscBool outside, Rel *R, TieStats *st)
{
  const TriboSurface *Ss, *Sm;
  PetscInt            ns, *snodes, nf, *fn, *fnode;
  PetscReal          *bb, diag = 0, eps;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshFindSurface(mesh, tie->slave, &Ss));
  PetscCall(TriboMeshFindSurface(mesh, tie->master, &Sm));
  PetscCheck(Ss, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Tie %s: slave surface %s is not defined", mesh->file, tie->line,
             tie->name, tie->slave);
  PetscCheck(Sm, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Tie %s: master surface %s is not defined", mesh->file, tie->line,
             tie->name, tie->master);
  PetscCheck(Sm->n > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Tie %s: master surface %s has no faces", mesh->file, tie->line,
             tie->name, tie->master);
  nf = Sm->n;
  PetscCall(PetscMalloc3(nf, &fn, 8 * nf, &fnode, 6 * nf, &bb));
  for (PetscInt f = 0; f < nf; f++) {
    PetscCall(FaceNodes_Private(mesh, Sm->elem[f], Sm->face[f], &fn[f], fnode + 8 * f));
    for (PetscInt i = 0; i < 3; i++) bb[6 * f + i] = PETSC_MAX_REAL, bb[6 * f + 3 + i] = -PETSC_MAX_REAL;
    for (PetscInt a = 0; a < fn[f]; a++)
      for (PetscInt i = 0; i < 3; i++) {
        PetscReal x   = mesh->X[3 * fnode[8 * f + a] + i];
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
  eps     = 1e-4 * diag; // slave nodes this close to the master surface are on it, wherever they project
  PetscCall(SurfaceNodes_Private(mesh, Ss, &ns, &snodes));
  for (PetscInt k = 0; k < ns; k++) {
    PetscInt  s = snodes[k], best = -1, cols[24];
    PetscReal dbest = PETSC_MAX_REAL, Nb[8], *p = mesh->X + 3 * s, Xf[24], vals[24];
    PetscBool added, any = PETSC_FALSE, clbest = PETSC_TRUE;

    if (R->dep[3 * s] >= 0 || R->dep[3 * s + 1] >= 0 || R->dep[3 * s + 2] >= 0) {
      st->nskip++; // already dependent (an earlier tie or constraint): Abaqus drops the overconstraint too
      continue;
    }
    for (PetscInt f = 0; f < nf; f++) {
      PetscReal lb2 = 0, d, sf[2], Nf[8];
      PetscBool cl;
      for (PetscInt i = 0; i < 3; i++) {
        PetscReal g = PetscMax(0, PetscMax(bb[6 * f + i] - p[i], p[i] - bb[6 * f + 3 + i]));
        lb2 += g * g;
      }
      if (lb2 > (dbest + eps) * (dbest + eps)) continue;
      for (PetscInt a = 0; a < fn[f]; a++)
        for (PetscInt i = 0; i < 3; i++) Xf[3 * a + i] = mesh->X[3 * fnode[8 * f + a] + i];
      d = FaceProject_Private(fn[f], Xf, p, sf, Nf, &cl);
      // the closest face; among (nearly) equally close ones, one whose interior holds the closest point
      if (d < dbest - eps || (d <= dbest + eps && clbest && !cl)) {
        dbest = PetscMin(d, dbest), best = f, clbest = cl;
        PetscCall(PetscArraycpy(Nb, Nf, fn[f]));
      }
    }
    if (dbest > st->tol || (clbest && !outside && dbest > eps)) {
      st->nfar++;
      continue;
    }
    st->dmax = PetscMax(st->dmax, dbest);
    for (PetscInt i = 0; i < 3; i++) {
      for (PetscInt a = 0; a < fn[best]; a++) cols[a] = 3 * fnode[8 * best + a] + i, vals[a] = Nb[a];
      PetscCall(RelAdd_Private(R, 3 * s + i, fn[best], cols, vals, &added));
      any = (PetscBool)(any || added);
    }
    if (any)
      st->ntied++;
    else
      st->nshared++; // the slave node is a node of the master face it sits on
  }
  PetscCall(PetscFree(snodes));
  PetscCall(PetscFree3(fn, fnode, bb));
  PetscFunctionReturn(0);
}

// Node of a *Coupling's ref node= parameter: a node set holding one node, or a node number
static PetscErrorCode RefNode_Private(TriboMesh mesh, const TriboCoupling *c, PetscInt *node)
{
  const TriboSet *set;
  char           *end;
  long            id;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshFindNodeSet(mesh, c->refnode, &set));
  if (set) {
    PetscCheck(set->n == 1, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Coupling %s: reference node set %s must hold exactly one node, it has %" PetscInt_FMT, mesh->file, c->line,
               c->name, c->refnode, set->n);
    *node = set->idx[0];
    PetscFunctionReturn(0);
  }
  id = strtol(c->refnode, &end, 10);
  PetscCheck(end != c->refnode && *end == 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s:%" PetscInt_FMT ": *Coupling %s: reference node %s is neither a node set nor a node number", mesh->file, c->line, c->name,
             c->refnode);
  for (*node = 0; *node < mesh->nnodes; (*node)++)
    if (mesh->nodeid[*node] == id) PetscFunctionReturn(0);
  SETERRQ(PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Coupling %s: reference node %ld does not exist", mesh->file, c->line,
          c->name, id);
}

static void Cross_Private(const PetscReal a[3], PetscReal C[3][3]) // C v = a x v
{
  C[0][0] = 0, C[0][1] = -a[2], C[0][2] = a[1];
  C[1][0] = a[2], C[1][1] = 0, C[1][2] = -a[0];
  C[2][0] = -a[1], C[2][1] = a[0], C[2][2] = 0;
}

/* *Coupling + *Distributing, uniform weights (RBE3). The reference node follows the least-squares
   rigid motion of the n surface nodes: with x_c their centroid, r_i = x_i - x_c, the rigid motion
   u_i ~ u_c + theta x r_i minimizing sum |u_i - u_c - theta x r_i|^2 has
     u_c = (1/n) sum u_i,   A theta = sum r_i x u_i,   A = sum (|r_i|^2 I - r_i r_i^T)
   (stationarity in theta: sum r_i x (u_i - u_c - theta x r_i) = 0, and r x (theta x r) =
   (|r|^2 I - r r^T) theta; sum r_i x u_c = 0). The reference node at x_ref then moves with
     u_ref = u_c + theta x (x_ref - x_c),   theta_ref = theta.
   Loads at the reference node are thus distributed as f_i = F/n + (A^{-1} M_c) x r_i with
   M_c = M + (x_ref - x_c) x F, which have the resultant F and the moment M about x_ref. Only the
   reference DOFs in dof0..dof1 become dependent. *Kinematic coupling: the surface node
   translations in dof0..dof1 follow the reference node's rigid motion,
   u_i = u_ref + theta_ref x (x_i - x_ref) (theta_ref enters even if the range leaves out 4-6);
   surface nodes already dependent are skipped. */
static PetscErrorCode CouplingApply_Private(TriboMesh mesh, const TriboCoupling *c, const PetscInt rotdof[], Rel *R, PetscInt *nskip)
{
  const TriboSurface *S;
  PetscInt            ref, n, *nodes, *cols;
  PetscReal          *vals, xc[3] = {0, 0, 0}, A[3][3] = {{0}}, Ai[3][3], d[3], D[3][3], det, tr = 0;
  PetscBool           added;

  PetscFunctionBeginUser;
  PetscCall(RefNode_Private(mesh, c, &ref));
  PetscCall(TriboMeshFindSurface(mesh, c->surface, &S));
  PetscCheck(S, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Coupling %s: surface %s is not defined", mesh->file, c->line, c->name,
             c->surface);
  PetscCheck(c->dof0 >= 1 && c->dof1 <= 6 && c->dof0 <= c->dof1, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s:%" PetscInt_FMT ": *Coupling %s: DOF range %" PetscInt_FMT "..%" PetscInt_FMT " outside 1..6", mesh->file, c->line, c->name, c->dof0,
             c->dof1);
  PetscCall(SurfaceNodes_Private(mesh, S, &n, &nodes));
  PetscCheck(n > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Coupling %s: surface %s has no nodes", mesh->file, c->line,
             c->name, c->surface);
  PetscCall(PetscMalloc2(3 * n + 3, &cols, 3 * n + 3, &vals));
  if (!c->distributing) {
    for (PetscInt k = 0; k < n; k++) {
      PetscInt i = nodes[k], rd = rotdof[ref];
      if (i == ref) continue;
      if (R->dep[3 * i] >= 0 || R->dep[3 * i + 1] >= 0 || R->dep[3 * i + 2] >= 0) {
        (*nskip)++;
        continue;
      }
      for (PetscInt j = 0; j < 3; j++) d[j] = mesh->X[3 * i + j] - mesh->X[3 * ref + j];
      for (PetscInt t = 0; t < 3; t++) {
        PetscInt t1 = (t + 1) % 3, t2 = (t + 2) % 3;
        if (t + 1 < c->dof0 || t + 1 > c->dof1) continue;
        // (theta x d)_t = theta_t1 d_t2 - theta_t2 d_t1
        cols[0] = 3 * ref + t, vals[0] = 1;
        cols[1] = rd + t1, vals[1] = d[t2];
        cols[2] = rd + t2, vals[2] = -d[t1];
        PetscCall(RelAdd_Private(R, 3 * i + t, 3, cols, vals, &added));
      }
    }
  } else {
    for (PetscInt k = 0; k < n; k++)
      for (PetscInt j = 0; j < 3; j++) xc[j] += mesh->X[3 * nodes[k] + j] / n;
    for (PetscInt k = 0; k < n; k++) {
      PetscReal r[3], r2 = 0;
      for (PetscInt j = 0; j < 3; j++) r[j] = mesh->X[3 * nodes[k] + j] - xc[j], r2 += r[j] * r[j];
      for (PetscInt a = 0; a < 3; a++)
        for (PetscInt b = 0; b < 3; b++) A[a][b] += (a == b ? r2 : 0) - r[a] * r[b];
    }
    for (PetscInt a = 0; a < 3; a++) tr += A[a][a];
    det = A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
          A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
    // nodes on a line: their rotation about that line is undefined; allowed only without rotations
    PetscCheck(det > 1e-10 * tr * tr * tr || c->dof1 < 4, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Coupling %s: the nodes of surface %s lie on a line; their rotation is undefined", mesh->file, c->line, c->name,
               c->surface);
    for (PetscInt a = 0; a < 3; a++)
      for (PetscInt b = 0; b < 3; b++) {
        PetscInt a1 = (a + 1) % 3, a2 = (a + 2) % 3, b1 = (b + 1) % 3, b2 = (b + 2) % 3;
        Ai[b][a] = det > 1e-10 * tr * tr * tr ? (A[a1][b1] * A[a2][b2] - A[a1][b2] * A[a2][b1]) / det : 0; // cofactors
      }
    for (PetscInt j = 0; j < 3; j++) d[j] = mesh->X[3 * ref + j] - xc[j];
    Cross_Private(d, D);
    for (PetscInt dof = c->dof0; dof <= c->dof1; dof++) {
      PetscInt t = (dof - 1) % 3, dd = dof <= 3 ? 3 * ref + t : rotdof[ref] + t;
      PetscCheck(R->dep[dd] < 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT ": *Coupling %s: DOF %" PetscInt_FMT " of reference node %" PetscInt_FMT " is already constrained", mesh->file,
                 c->line, c->name, dof, mesh->nodeid[ref]);
      for (PetscInt k = 0; k < n; k++) {
        PetscReal r[3], Cr[3][3], B[3][3], DB[3][3];
        for (PetscInt j = 0; j < 3; j++) r[j] = mesh->X[3 * nodes[k] + j] - xc[j];
        Cross_Private(r, Cr);
        // B = A^{-1} [r]x: theta = sum_i B_i u_i; translations: (I/n - [d]x B_i) u_i
        for (PetscInt a = 0; a < 3; a++)
          for (PetscInt b = 0; b < 3; b++) B[a][b] = Ai[a][0] * Cr[0][b] + Ai[a][1] * Cr[1][b] + Ai[a][2] * Cr[2][b];
        for (PetscInt a = 0; a < 3; a++)
          for (PetscInt b = 0; b < 3; b++) DB[a][b] = (a == b ? 1.0 / n : 0) - (D[a][0] * B[0][b] + D[a][1] * B[1][b] + D[a][2] * B[2][b]);
        for (PetscInt j = 0; j < 3; j++) cols[3 * k + j] = 3 * nodes[k] + j, vals[3 * k + j] = dof <= 3 ? DB[t][j] : B[t][j];
      }
      PetscCall(RelAdd_Private(R, dd, 3 * n, cols, vals, &added));
      PetscCheck(added, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT ": *Coupling %s: the reference node is one of its own coupling nodes", mesh->file, c->line, c->name);
    }
  }
  PetscCall(PetscFree2(cols, vals));
  PetscCall(PetscFree(nodes));
  PetscFunctionReturn(0);
}

/* *Equation sum_k a_k u(node_k, dof_k) = 0: after substituting the dependent DOFs, the first term's
   DOF is eliminated if it was still independent (Abaqus's rule), else the remaining DOF with the
   largest |coefficient| (the lowest DOF number among equal ones). */
static PetscErrorCode EquationApply_Private(TriboMesh mesh, const TriboEquation *eq, const PetscInt rotdof[], Rel *R)
{
  PetscInt  *cols, m, *c, d = -1, ddof;
  PetscReal *v, cmax = 0, cd;
  PetscBool  added;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(eq->n, &cols));
  for (PetscInt k = 0; k < eq->n; k++) {
    PetscInt i = eq->node[k], j = eq->dof[k];
    PetscCheck(j >= 1 && j <= 6, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Equation: DOF %" PetscInt_FMT " outside 1..6",
               mesh->file, eq->line, j);
    PetscCheck(j <= 3 || rotdof[i] >= 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Equation: node %" PetscInt_FMT " has no rotational DOF %" PetscInt_FMT
               " (only coupling reference nodes carry rotations)",
               mesh->file, eq->line, mesh->nodeid[i], j);
    cols[k] = j <= 3 ? 3 * i + j - 1 : rotdof[i] + j - 4;
  }
  RelExpand_Private(R, eq->n, cols, eq->coef);
  PetscCall(RelCollect_Private(R, -1, 1, 1e-12, &m, &c, &v));
  for (PetscInt t = 0; t < m; t++) cmax = PetscMax(cmax, PetscAbsReal(v[t]));
  PetscCheck(m > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s:%" PetscInt_FMT
             ": *Equation: no DOF can be eliminated: all its DOFs are already dependent and it reduces to 0 = 0 (redundant constraint)",
             mesh->file, eq->line);
  for (PetscInt t = 0; t < m; t++)
    if (c[t] == cols[0] && R->dep[cols[0]] < 0 && PetscAbsReal(v[t]) > 1e-8 * cmax) d = t;
  for (PetscInt t = 0; t < m && d < 0; t++)
    if (PetscAbsReal(v[t]) == cmax) d = t;
  cd   = v[d];
  ddof = c[d];
  // u_d = -sum_{k != d} (a_k / a_d) u_k
  for (PetscInt t = 0, s = 0; t < m; t++)
    if (t != d) c[s] = c[t], v[s++] = -v[t] / cd;
  PetscCall(RelAdd_Private(R, ddof, m - 1, c, v, &added));
  PetscCall(PetscFree2(c, v));
  PetscCall(PetscFree(cols));
  PetscFunctionReturn(0);
}

/*
  TriboFEConstraintsBuild_Private - Numbers the DOFs and builds the elimination matrix T.

  Collective

  Input Parameters:
+ mesh - the mesh
. comm - the ranks over which T is distributed
- opt  - the options of the FE system (TriboFESystemSetFromOptions()); those used here:
         tietol (-fe_tie_position_tolerance <d>: slave nodes farther than d from the master
         surface are not tied; default: 5% of the largest master-face diagonal, per tie, after
         Abaqus's default position tolerance), tieoutside (-fe_tie_outside: also tie slave nodes
         whose closest point is on the boundary of the master surface, see TieApply_Private()) and view
         (-fe_constraints_view: print what each kind of constraint did)

  Output Parameters:
+ ndof    - 3 nnodes + 3 (number of coupling reference nodes: they carry rotations)
. rotdof  - [nnodes] first rotational DOF of each node, -1 if none
. freeidx - [ndof] independent (column) index of each DOF, -1 if dependent, -2 if dropped
. nfree   - number of independent DOFs
. Tc      - T on every rank, as CSR over all ndof rows (free with PetscFree(Tc->ptr), PetscFree2(Tc->col, Tc->val))
- T       - ndof x nfree; rows are owned by node blocks (the rotational DOFs by the last rank),
            columns by the owner of their DOF

  Notes:
  DOFs that no element touches and no constraint references (nodes outside any element, rotations
  of a reference node whose coupling leaves them free) carry neither stiffness nor mass: they are
  dropped (held at zero, an empty row of T) with a warning on stderr; a load on one is an error.
*/
PetscErrorCode TriboFEConstraintsBuild_Private(TriboMesh mesh, MPI_Comm comm, const TriboFEOptions *opt, PetscInt *ndof, PetscInt **rotdof,
                                               PetscInt **freeidx, PetscInt *nfree, TriboFECSR *Tc, Mat *T)
{
  Rel         R;
  TieStats    ts = {0, 0, 0, 0, 0, 0};
  PetscInt    nn = mesh->nnodes, nrot = 0, ndrop = 0, ncskip = 0, nloc = PETSC_DECIDE, n0 = 0, r0, r1, c0, c1, *dnz, *onz;
  PetscReal   tolmax = 0;
  PetscBT     touched;
  PetscMPIInt rank, size;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscMalloc1(nn, rotdof));
  for (PetscInt i = 0; i < nn; i++) (*rotdof)[i] = -1;
  for (PetscInt k = 0; k < mesh->ncouplings; k++) {
    PetscInt ref;
    PetscCall(RefNode_Private(mesh, &mesh->couplings[k], &ref));
    if ((*rotdof)[ref] < 0) (*rotdof)[ref] = 3 * nn + 3 * nrot++;
  }
  *ndof = 3 * nn + 3 * nrot;
  PetscCall(RelCreate_Private(*ndof, &R));
  for (PetscInt k = 0; k < mesh->nties; k++) {
    PetscCall(TieApply_Private(mesh, &mesh->ties[k], opt->tietol, opt->tieoutside, &R, &ts));
    tolmax = PetscMax(tolmax, ts.tol);
  }
  for (PetscInt k = 0; k < mesh->ncouplings; k++) PetscCall(CouplingApply_Private(mesh, &mesh->couplings[k], *rotdof, &R, &ncskip));
  for (PetscInt k = 0; k < mesh->neqs; k++) PetscCall(EquationApply_Private(mesh, &mesh->eqs[k], *rotdof, &R));

  // independent DOFs: those of nodes of elements, and any DOF a relation references
  PetscCall(PetscBTCreate(nn, &touched));
  for (PetscInt k = 0; k < mesh->eptr[mesh->nelem]; k++) PetscCall(PetscBTSet(touched, mesh->conn[k]));
  PetscCall(PetscMalloc1(*ndof, freeidx));
  *nfree = 0;
  for (PetscInt d = 0; d < *ndof; d++) {
    PetscBool used = (PetscBool)(R.refs[d] > 0 || (d < 3 * nn && PetscBTLookup(touched, d / 3)));
    (*freeidx)[d]  = -1;
    if (R.dep[d] >= 0) continue;
    if (used)
      (*freeidx)[d] = (*nfree)++;
    else
      (*freeidx)[d] = -2, ndrop++;
  }
  PetscCall(PetscBTDestroy(&touched));
  if (ndrop)
    PetscCall(PetscFPrintf(
        comm, PETSC_STDERR,
        "Warning: %s: %" PetscInt_FMT
        " DOFs belong to no element and no constraint (unconnected nodes or free reference-node rotations); they are dropped (held at zero)\n",
        mesh->file, ndrop));
  if (opt->view) {
    PetscCall(PetscPrintf(comm,
                          "FE constraints: %" PetscInt_FMT " ties: %" PetscInt_FMT " slave nodes tied, %" PetscInt_FMT
                          " off the master surface, %" PetscInt_FMT " already constrained, %" PetscInt_FMT " on the master surface's own nodes\n",
                          mesh->nties, ts.ntied, ts.nfar, ts.nskip, ts.nshared));
    PetscCall(PetscPrintf(comm,
                          "FE constraints: %" PetscInt_FMT " couplings (%" PetscInt_FMT " reference nodes with rotations), %" PetscInt_FMT
                          " equations, %" PetscInt_FMT " dependent DOFs, %" PetscInt_FMT " dropped DOFs\n",
                          mesh->ncouplings, nrot, mesh->neqs, R.nrel, ndrop));
    PetscCall(PetscInfo(NULL, "largest tie gap %g, largest position tolerance %g, kinematic-coupling nodes skipped %" PetscInt_FMT "\n",
                        (double)ts.dmax, (double)tolmax, ncskip));
  }

  // T on every rank as CSR over all DOFs (columns: independent DOFs), then the owned rows as a Mat
  PetscCall(PetscMalloc1(*ndof + 1, &Tc->ptr));
  Tc->ptr[0] = 0;
  for (PetscInt d = 0; d < *ndof; d++) Tc->ptr[d + 1] = Tc->ptr[d] + (R.dep[d] >= 0 ? R.rn[R.dep[d]] : (*freeidx)[d] >= 0);
  PetscCall(PetscMalloc2(Tc->ptr[*ndof], &Tc->col, Tc->ptr[*ndof], &Tc->val));
  for (PetscInt d = 0; d < *ndof; d++) {
    PetscInt r = R.dep[d], k = Tc->ptr[d];
    if (r < 0 && (*freeidx)[d] >= 0) Tc->col[k] = (*freeidx)[d], Tc->val[k] = 1;
    for (PetscInt t = 0; r >= 0 && t < R.rn[r]; t++) {
      Tc->col[k + t] = (*freeidx)[R.rcol[r][t]], Tc->val[k + t] = R.rval[r][t];
      PetscCheck(Tc->col[k + t] >= 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "relation of DOF %" PetscInt_FMT " references a DOF that is not independent",
                 d);
    }
  }
  PetscCall(RelDestroy_Private(&R));

  // layout: rows by node blocks, the rotational DOFs on the last rank; columns follow their rows
  PetscCall(PetscSplitOwnership(comm, &nloc, &nn));
  PetscCallMPI(MPI_Exscan(&nloc, &n0, 1, MPIU_INT, MPI_SUM, comm));
  if (!rank) n0 = 0;
  r0 = 3 * n0;
  r1 = rank == size - 1 ? *ndof : 3 * (n0 + nloc);
  c0 = 0;
  for (PetscInt d = 0; d < r0; d++) c0 += (*freeidx)[d] >= 0;
  c1 = c0;
  for (PetscInt d = r0; d < r1; d++) c1 += (*freeidx)[d] >= 0;
  PetscCall(PetscCalloc2(r1 - r0, &dnz, r1 - r0, &onz));
  for (PetscInt d = r0; d < r1; d++)
    for (PetscInt k = Tc->ptr[d]; k < Tc->ptr[d + 1]; k++) {
      if (Tc->col[k] >= c0 && Tc->col[k] < c1)
        dnz[d - r0]++;
      else
        onz[d - r0]++;
    }
  PetscCall(MatCreateAIJ(comm, r1 - r0, c1 - c0, *ndof, *nfree, 0, dnz, 0, onz, T));
  PetscCall(PetscFree2(dnz, onz));
  for (PetscInt d = r0; d < r1; d++)
    PetscCall(MatSetValues(*T, 1, &d, Tc->ptr[d + 1] - Tc->ptr[d], Tc->col + Tc->ptr[d], Tc->val + Tc->ptr[d], INSERT_VALUES));
  PetscCall(MatAssemblyBegin(*T, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*T, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(0);
}
