/* Coarse interface meshes for the interface reduction (include/tribozte.h): a structured grid
   trimmed to the faces that exist, a user mesh (CSV or Abaqus *Node and *Element blocks), and patches of the
   fine faces from a graph partition; the interpolation of the fine nodes from a coarse mesh and the
   RBE3 means of the patches.

   Choices written down here:
   - the coarse mesh lies in the interface plane (the area-weighted mean plane of the fine faces);
     user nodes are projected onto it;
   - quadrature on the coarse elements is the fine interface's rule (2x2 Gauss, 3 points on
     triangles) with the weights of each element scaled to the fine area inside it (the fine
     quadrature points that lie in the element), so that the total area is the fine one exactly
     and a coarse element over a bolt hole carries only the contact area it covers;
   - a fine node on the boundary of several coarse elements takes the first; the bilinear
     interpolation is continuous there, so the choice does not matter. */
#include <tribo/private/zteimpl.h>
#include <tribonum.h>
#include <petscblaslapack.h>
#include <ctype.h>
#include <string.h>

#define ZTE_TOL 1e-8 /* containment tolerance in the reference element */

PetscErrorCode TriboZTEMapDestroy(ZTEMap *m)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(m->ia));
  PetscCall(PetscFree(m->ja));
  PetscCall(PetscFree(m->a));
  PetscCall(PetscFree(m->iat));
  PetscCall(PetscFree(m->jat));
  PetscCall(PetscFree(m->at));
  PetscFunctionReturn(0);
}

/* The mean plane of the fine faces: normal = sum of the face normals (area-weighted), origin =
   mean of the nodes */
PetscErrorCode TriboZTEPlaneOf(TriboInterface f, ZTEPlane *pl)
{
  PetscReal nrm[3] = {0, 0, 0}, s;

  PetscFunctionBeginUser;
  PetscCheck(f->nelem > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "interface reduction: the ROM's interface has no elements (a ROM from a deck reduction, tribo rom, is needed)");
  for (PetscInt e = 0; e < f->nelem; e++) {
    const PetscReal *X[4];
    PetscReal        ne[3];
    PetscInt         nv = f->elem[4 * e + 3] < 0 ? 3 : 4;
    for (PetscInt v = 0; v < nv; v++) X[v] = &f->xyz[3 * f->elem[4 * e + v]];
    TriboFaceNormal(nv, X, ne);
    if (e && ne[0] * nrm[0] + ne[1] * nrm[1] + ne[2] * nrm[2] < 0)
      for (int c = 0; c < 3; c++) ne[c] = -ne[c];
    for (int c = 0; c < 3; c++) nrm[c] += ne[c];
  }
  s = PetscSqrtReal(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
  for (int c = 0; c < 3; c++) nrm[c] /= s;
  TriboPlaneFrame(nrm, pl->F);
  for (int c = 0; c < 3; c++) {
    pl->o[c] = 0;
    for (PetscInt i = 0; i < f->nnodes; i++) pl->o[c] += f->xyz[3 * i + c];
    pl->o[c] /= f->nnodes;
  }
  PetscFunctionReturn(0);
}

static void To2D_Private(const ZTEPlane *pl, const PetscReal x[3], PetscReal st[2])
{
  PetscReal d[3] = {x[0] - pl->o[0], x[1] - pl->o[1], x[2] - pl->o[2]};
  st[0]          = d[0] * pl->F[0] + d[1] * pl->F[1] + d[2] * pl->F[2];
  st[1]          = d[0] * pl->F[3] + d[1] * pl->F[4] + d[2] * pl->F[5];
}

static void To3D_Private(const ZTEPlane *pl, const PetscReal st[2], PetscReal x[3])
{
  for (int c = 0; c < 3; c++) x[c] = pl->o[c] + st[0] * pl->F[c] + st[1] * pl->F[3 + c];
}

/* Reference coordinates xi of the 2D point p in the element with corners c (nv = 3 or 4); returns
   how far outside the reference element it lies (0 inside) */
static PetscReal Locate_Private(PetscInt nv, const PetscReal c[][2], const PetscReal p[2], PetscReal xi[2])
{
  if (nv == 3) {
    PetscReal a = c[1][0] - c[0][0], b = c[2][0] - c[0][0], d = c[1][1] - c[0][1], e = c[2][1] - c[0][1], det = a * e - b * d;
    PetscReal x = p[0] - c[0][0], y = p[1] - c[0][1];
    xi[0] = (e * x - b * y) / det;
    xi[1] = (-d * x + a * y) / det;
    return PetscMax(0, PetscMax(PetscMax(-xi[0], -xi[1]), xi[0] + xi[1] - 1));
  }
  xi[0] = xi[1] = 0;
  for (int it = 0; it < 50; it++) {
    PetscReal N[4], dN[8], r[2] = {-p[0], -p[1]}, J[2][2] = {{0, 0}, {0, 0}}, det, dx, dy;
    TriboFaceShape(4, xi, N, dN);
    for (int v = 0; v < 4; v++)
      for (int a = 0; a < 2; a++) {
        r[a] += N[v] * c[v][a];
        for (int b = 0; b < 2; b++) J[a][b] += c[v][a] * dN[2 * v + b];
      }
    det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
    dx  = (J[1][1] * r[0] - J[0][1] * r[1]) / det;
    dy  = (-J[1][0] * r[0] + J[0][0] * r[1]) / det;
    xi[0] -= dx;
    xi[1] -= dy;
    if (PetscAbsReal(xi[0]) > 10 || PetscAbsReal(xi[1]) > 10) break; // far outside
    if (PetscAbsReal(dx) + PetscAbsReal(dy) < 1e-15) break;
  }
  return PetscMax(0, PetscMax(PetscAbsReal(xi[0]) - 1, PetscAbsReal(xi[1]) - 1));
}

typedef struct {
  PetscInt   nel;
  PetscInt  *nv;  /* [nel] */
  PetscReal *c;   /* [nel][4][2] corner coordinates */
  PetscReal *box; /* [nel][4] smin, smax, tmin, tmax */
  PetscReal  pad; /* bounding-box padding */
} Coarse2D;

static PetscErrorCode Coarse2DCreate_Private(TriboInterface cf, const ZTEPlane *pl, Coarse2D *g)
{
  PetscReal lmin = PETSC_MAX_REAL;

  PetscFunctionBeginUser;
  g->nel = cf->nelem;
  PetscCall(PetscMalloc3(g->nel, &g->nv, 8 * g->nel, &g->c, 4 * g->nel, &g->box));
  for (PetscInt e = 0; e < g->nel; e++) {
    PetscReal *c = &g->c[8 * e], *b = &g->box[4 * e];
    g->nv[e] = cf->elem[4 * e + 3] < 0 ? 3 : 4;
    b[0] = b[2] = PETSC_MAX_REAL;
    b[1] = b[3] = -PETSC_MAX_REAL;
    for (PetscInt v = 0; v < g->nv[e]; v++) {
      To2D_Private(pl, &cf->xyz[3 * cf->elem[4 * e + v]], &c[2 * v]);
      b[0] = PetscMin(b[0], c[2 * v]), b[1] = PetscMax(b[1], c[2 * v]);
      b[2] = PetscMin(b[2], c[2 * v + 1]), b[3] = PetscMax(b[3], c[2 * v + 1]);
    }
    lmin = PetscMin(lmin, PetscMin(b[1] - b[0], b[3] - b[2]));
  }
  g->pad = 1e-6 * lmin;
  PetscFunctionReturn(0);
}

static PetscErrorCode Coarse2DDestroy_Private(Coarse2D *g)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree3(g->nv, g->c, g->box));
  PetscFunctionReturn(0);
}

/* The element that holds p (the first within the tolerance), its reference coordinates, and the
   distance outside the nearest element when none holds it (e = -1) */
static void Find_Private(const Coarse2D *g, const PetscReal p[2], PetscInt *e, PetscReal xi[2], PetscReal *out)
{
  PetscReal best = PETSC_MAX_REAL, x[2];

  *e = -1;
  for (PetscInt k = 0; k < g->nel; k++) {
    const PetscReal *b = &g->box[4 * k];
    PetscReal        o;
    if (p[0] < b[0] - g->pad || p[0] > b[1] + g->pad || p[1] < b[2] - g->pad || p[1] > b[3] + g->pad) {
      PetscReal ds = PetscMax(PetscMax(b[0] - p[0], p[0] - b[1]), 0), dt = PetscMax(PetscMax(b[2] - p[1], p[1] - b[3]), 0);
      best = PetscMin(best, PetscSqrtReal(ds * ds + dt * dt));
      continue;
    }
    o = Locate_Private(g->nv[k], (const PetscReal(*)[2]) & g->c[8 * k], p, x);
    if (o <= ZTE_TOL) {
      *e    = k;
      xi[0] = x[0], xi[1] = x[1];
      *out = 0;
      return;
    }
    best = PetscMin(best, o * PetscMax(b[1] - b[0], b[3] - b[2]));
  }
  *out = best;
}

/* Every element convex with the same orientation: the cross products of the edges at each corner
   share one sign, that of element 0 */
static PetscErrorCode CheckOrientation_Private(const Coarse2D *g, const PetscInt elemid[], const char src[])
{
  PetscInt sign0 = 0;

  PetscFunctionBeginUser;
  for (PetscInt e = 0; e < g->nel; e++) {
    const PetscReal *c  = &g->c[8 * e];
    PetscInt         nv = g->nv[e], s = 0;
    for (PetscInt v = 0; v < nv; v++) {
      const PetscReal *a = &c[2 * v], *b = &c[2 * ((v + 1) % nv)], *d = &c[2 * ((v + nv - 1) % nv)];
      PetscReal        x  = (b[0] - a[0]) * (d[1] - a[1]) - (b[1] - a[1]) * (d[0] - a[0]);
      PetscInt         sv = x > 0 ? 1 : -1;
      PetscCheck(x > 0 || x < 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: coarse element %" PetscInt_FMT " is degenerate (two edges in line)", src,
                 elemid ? elemid[e] : e + 1);
      PetscCheck(!s || sv == s, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s: coarse element %" PetscInt_FMT " is not convex or its corners are out of order (a bow tie)", src, elemid ? elemid[e] : e + 1);
      s = sv;
    }
    if (!e) sign0 = s;
    PetscCheck(s == sign0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: coarse element %" PetscInt_FMT " is inverted: its corners run %s in the interface plane, those of element %" PetscInt_FMT
               " the other way",
               src, elemid ? elemid[e] : e + 1, s > 0 ? "counterclockwise" : "clockwise", elemid ? elemid[0] : (PetscInt)1);
  }
  PetscFunctionReturn(0);
}

/* Interpolation of the fine nodes from the coarse mesh (the kinematic map), the coarse quadrature
   and its weights scaled to the fine area in each element; checks that the coarse mesh covers the
   interface and that every coarse node moves some fine node */
static PetscErrorCode Interpolate_Private(TriboInterface f, const ZTEPlane *pl, TriboInterface cf, const PetscInt elemid[], const char src[],
                                          ZTEMap *map)
{
  Coarse2D   g;
  PetscReal *afine, *acoarse, *ratio;
  PetscInt  *used;
  PetscInt   np = f->nnodes, nc = cf->nnodes;

  PetscFunctionBeginUser;
  PetscCall(Coarse2DCreate_Private(cf, pl, &g));
  PetscCall(CheckOrientation_Private(&g, elemid, src));
  map->constraint = PETSC_FALSE;
  map->nrows      = np;
  map->ncols      = nc;
  PetscCall(PetscCalloc3(cf->nelem, &afine, cf->nelem, &acoarse, nc, &used));
  for (PetscInt side = 0; side < (f->xyzt ? 2 : 1); side++) { // bottom nodes, then the top nodes at their own positions
    const PetscReal *xyz = side ? f->xyzt : f->xyz;
    PetscInt        *ia, *ja;
    PetscReal       *a;
    PetscCall(PetscMalloc1(np + 1, &ia));
    PetscCall(PetscMalloc1(4 * np, &ja));
    PetscCall(PetscMalloc1(4 * np, &a));
    ia[0] = 0;
    for (PetscInt i = 0; i < np; i++) {
      PetscReal p[2], xi[2], out, N[4], dN[8];
      PetscInt  e, nv;
      To2D_Private(pl, &xyz[3 * i], p);
      Find_Private(&g, p, &e, xi, &out);
      PetscCheck(e >= 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s: the coarse mesh does not cover the interface: fine %s node %" PetscInt_FMT
                 " at (%g, %g, %g) m lies %.3g m outside every coarse element",
                 src, side ? "top" : "bottom", i, (double)xyz[3 * i], (double)xyz[3 * i + 1], (double)xyz[3 * i + 2], (double)out);
      nv = g.nv[e];
      if (nv == 4) { // clamp to the element: the shape functions still sum to one
        xi[0] = PetscMin(1, PetscMax(-1, xi[0]));
        xi[1] = PetscMin(1, PetscMax(-1, xi[1]));
      }
      TriboFaceShape(nv, xi, N, dN);
      ia[i + 1] = ia[i];
      for (PetscInt v = 0; v < nv; v++) {
        PetscInt j = cf->elem[4 * e + v];
        if (N[v] == 0) continue;
        ja[ia[i + 1]]  = j;
        a[ia[i + 1]++] = N[v];
        used[j]        = 1;
      }
    }
    if (side)
      map->iat = ia, map->jat = ja, map->at = a;
    else
      map->ia = ia, map->ja = ja, map->a = a;
  }
  for (PetscInt j = 0; j < nc; j++)
    PetscCheck(used[j], PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: coarse node %" PetscInt_FMT " at (%g, %g, %g) m moves no fine interface node: its elements hold no fine node (a coarse mesh "
               "finer than the interface mesh there, or elements off the interface); coarsen it",
               src, j, (double)cf->xyz[3 * j], (double)cf->xyz[3 * j + 1], (double)cf->xyz[3 * j + 2]);
  for (PetscInt q = 0; q < f->npts; q++) { // the fine area inside each coarse element
    PetscReal p[2], xi[2], out;
    PetscInt  e;
    To2D_Private(pl, &f->pxyz[3 * q], p);
    Find_Private(&g, p, &e, xi, &out);
    PetscCheck(
        e >= 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
        "%s: the coarse mesh does not cover the interface: the fine quadrature point at (%g, %g, %g) m lies %.3g m outside every coarse element", src,
        (double)f->pxyz[3 * q], (double)f->pxyz[3 * q + 1], (double)f->pxyz[3 * q + 2], (double)out);
    afine[e] += f->pw[q];
  }
  PetscCall(TriboInterfaceSetUpQuadrature(cf));
  PetscCall(PetscMalloc1(cf->npts, &ratio));
  for (PetscInt p = 0; p < cf->npts; p++) acoarse[cf->pelem[p]] += cf->pw[p];
  for (PetscInt p = 0; p < cf->npts; p++) {
    ratio[p] = afine[cf->pelem[p]] / acoarse[cf->pelem[p]];
    cf->pw[p] *= ratio[p];
  }
  {
    Vec r;
    PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, cf->npts, ratio, &r));
    PetscCall(MatDiagonalScale(cf->T, NULL, r));
    PetscCall(VecDestroy(&r));
  }
  PetscCall(PetscFree3(afine, acoarse, used));
  PetscCall(PetscFree(ratio));
  PetscCall(Coarse2DDestroy_Private(&g));
  PetscFunctionReturn(0);
}

/* ---------------------------------------------------------------- grid */

static PetscErrorCode BuildGrid_Private(TriboZTE z, TriboInterface f, const ZTEPlane *pl, TriboInterface *cf, ZTEMap *map)
{
  PetscInt       nx = z->nx, ny = z->ny, *keep, *num, nkeep = 0, nn = 0;
  PetscReal      lo[2] = {PETSC_MAX_REAL, PETSC_MAX_REAL}, hi[2] = {-PETSC_MAX_REAL, -PETSC_MAX_REAL}, h[2];
  TriboInterface c;
  char           src[64];

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(src, sizeof(src), "-rom_zte_grid %" PetscInt_FMT ",%" PetscInt_FMT, nx, ny));
  PetscCheck(nx >= 1 && ny >= 1, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the grid needs at least 1 x 1 cells", src);
  for (PetscInt i = 0; i < 2 * f->nnodes; i++) { // both sides' nodes (the pairs of a non-conforming deck are apart)
    PetscReal p[2];
    if (i >= f->nnodes && !f->xyzt) break;
    To2D_Private(pl, i < f->nnodes ? &f->xyz[3 * i] : &f->xyzt[3 * (i - f->nnodes)], p);
    for (int a = 0; a < 2; a++) lo[a] = PetscMin(lo[a], p[a]), hi[a] = PetscMax(hi[a], p[a]);
  }
  h[0] = (hi[0] - lo[0]) / nx, h[1] = (hi[1] - lo[1]) / ny;
  PetscCall(PetscCalloc2(nx * ny, &keep, (nx + 1) * (ny + 1), &num));
  // cells holding a fine quadrature point, then any cell a fine node needs
  for (PetscInt q = 0; q < f->npts; q++) {
    PetscReal p[2];
    PetscInt  i, j;
    To2D_Private(pl, &f->pxyz[3 * q], p);
    i                = PetscMin(nx - 1, PetscMax(0, (PetscInt)PetscFloorReal((p[0] - lo[0]) / h[0])));
    j                = PetscMin(ny - 1, PetscMax(0, (PetscInt)PetscFloorReal((p[1] - lo[1]) / h[1])));
    keep[i + nx * j] = 1;
  }
  for (PetscInt k = 0; k < 2 * f->nnodes; k++) {
    PetscReal p[2], u, v;
    PetscBool covered = PETSC_FALSE;
    if (k >= f->nnodes && !f->xyzt) break;
    To2D_Private(pl, k < f->nnodes ? &f->xyz[3 * k] : &f->xyzt[3 * (k - f->nnodes)], p);
    u = (p[0] - lo[0]) / h[0], v = (p[1] - lo[1]) / h[1];
    for (PetscInt i = PetscMax(0, (PetscInt)PetscFloorReal(u - 1e-9)); i <= PetscMin(nx - 1, (PetscInt)PetscFloorReal(u + 1e-9)); i++)
      for (PetscInt j = PetscMax(0, (PetscInt)PetscFloorReal(v - 1e-9)); j <= PetscMin(ny - 1, (PetscInt)PetscFloorReal(v + 1e-9)); j++)
        if (keep[i + nx * j]) covered = PETSC_TRUE;
    if (!covered) keep[PetscMin(nx - 1, (PetscInt)PetscFloorReal(u)) + nx * PetscMin(ny - 1, (PetscInt)PetscFloorReal(v))] = 1;
  }
  for (PetscInt k = 0; k < (nx + 1) * (ny + 1); k++) num[k] = -1;
  for (PetscInt j = 0; j < ny; j++)
    for (PetscInt i = 0; i < nx; i++)
      if (keep[i + nx * j]) {
        const PetscInt cn[4] = {i + (nx + 1) * j, i + 1 + (nx + 1) * j, i + 1 + (nx + 1) * (j + 1), i + (nx + 1) * (j + 1)};
        nkeep++;
        for (int v = 0; v < 4; v++)
          if (num[cn[v]] < 0) num[cn[v]] = nn++;
      }
  PetscCall(TriboInterfaceCreate(&c));
  c->nnodes = nn;
  c->nelem  = nkeep;
  PetscCall(PetscMalloc1(3 * nn, &c->xyz));
  PetscCall(PetscMalloc1(4 * nkeep, &c->elem));
  for (PetscInt j = 0; j <= ny; j++)
    for (PetscInt i = 0; i <= nx; i++)
      if (num[i + (nx + 1) * j] >= 0) {
        PetscReal st[2] = {lo[0] + i * h[0], lo[1] + j * h[1]};
        To3D_Private(pl, st, &c->xyz[3 * num[i + (nx + 1) * j]]);
      }
  for (PetscInt j = 0, e = 0; j < ny; j++)
    for (PetscInt i = 0; i < nx; i++)
      if (keep[i + nx * j]) {
        const PetscInt cn[4] = {i + (nx + 1) * j, i + 1 + (nx + 1) * j, i + 1 + (nx + 1) * (j + 1), i + (nx + 1) * (j + 1)};
        for (int v = 0; v < 4; v++) c->elem[4 * e + v] = num[cn[v]];
        e++;
      }
  PetscCall(PetscFree2(keep, num));
  PetscCall(Interpolate_Private(f, pl, c, NULL, src, map));
  PetscCall(PetscSNPrintf(z->desc, sizeof(z->desc), "grid %" PetscInt_FMT "x%" PetscInt_FMT " (%" PetscInt_FMT " of %" PetscInt_FMT " cells kept)",
                          nx, ny, nkeep, nx * ny));
  *cf = c;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboZTECreate_Grid(TriboZTE z)
{
  PetscFunctionBeginUser;
  z->build = BuildGrid_Private;
  PetscFunctionReturn(0);
}

/* ---------------------------------------------------------------- user mesh */

/* Split a line at commas into at most max trimmed fields; returns the count */
static PetscInt Fields_Private(char *line, char *fld[], PetscInt max)
{
  PetscInt n = 0;
  char    *p = line, *e;

  while (n < max) {
    while (*p && isspace((unsigned char)*p)) p++;
    fld[n++] = p;
    e        = strchr(p, ',');
    if (e) *e = 0;
    for (char *t = p + strlen(p); t > p && isspace((unsigned char)t[-1]); t--) t[-1] = 0;
    if (!e) break;
    p = e + 1;
  }
  return n;
}

// case-insensitive: does s start with the lower-case word w
static PetscBool StartsWith_Private(const char *s, const char *w)
{
  for (; *w; s++, w++)
    if (tolower((unsigned char)*s) != *w) return PETSC_FALSE;
  return PETSC_TRUE;
}

static PetscBool Is_Private(const char *s, const char *w)
{
  return (PetscBool)(StartsWith_Private(s, w) && !s[strlen(w)]);
}

static PetscBool ParseReal_Private(const char *s, PetscReal *v)
{
  char *end;
  *v = (PetscReal)strtod(s, &end);
  return (PetscBool)(end != s && *end == 0);
}

static PetscBool ParseInt_Private(const char *s, PetscInt *v)
{
  char *end;
  long  x = strtol(s, &end, 10);
  *v      = (PetscInt)x;
  return (PetscBool)(end != s && *end == 0);
}

/* Read nodes and faces: Abaqus (*Node: id, x, y, z; *Element: id, n1, n2, n3[, n4]; other keywords
   and ** comments skipped) or CSV (node,id,x,y,z / quad,id,n1,n2,n3,n4 / tri,id,n1,n2,n3; # comments) */
static PetscErrorCode ReadMesh_Private(const char file[], PetscInt *nn, PetscInt **nid, PetscReal **X, PetscInt *ne, PetscInt **eid, PetscInt **conn)
{
  FILE     *fp;
  char      line[1024], *fld[16];
  PetscInt  ln = 0, mn = 64, me = 64, section = 0; // Abaqus: 1 nodes, 2 elements, 0 other
  PetscBool abaqus = PETSC_FALSE;

  PetscFunctionBeginUser;
  fp = fopen(file, "r");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "-rom_zte_mesh %s: cannot open the file", file);
  *nn = *ne = 0;
  PetscCall(PetscMalloc2(mn, nid, 3 * mn, X));
  PetscCall(PetscMalloc2(me, eid, 4 * me, conn));
  while (fgets(line, sizeof(line), fp)) {
    PetscInt nf, kind = 0; // 1 node, 2 element
    char    *s = line;
    ln++;
    while (*s && isspace((unsigned char)*s)) s++;
    if (!*s || *s == '#' || (s[0] == '*' && s[1] == '*')) continue;
    if (*s == '*') {
      abaqus  = PETSC_TRUE;
      section = StartsWith_Private(s, "*node") && !isalpha((unsigned char)s[5]) ? 1 : (StartsWith_Private(s, "*element") ? 2 : 0);
      continue;
    }
    nf = Fields_Private(s, fld, 16);
    if (abaqus) {
      if (!section) continue;
      kind = section;
    } else {
      PetscCheck(Is_Private(fld[0], "node") || Is_Private(fld[0], "quad") || Is_Private(fld[0], "tri"), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT
                 ": expected a row node,id,x,y,z or quad,id,n1,n2,n3,n4 or tri,id,n1,n2,n3 (or an Abaqus *Node and *Element blocks file), got '%s'",
                 file, ln, fld[0]);
      kind = Is_Private(fld[0], "node") ? 1 : 2;
      for (PetscInt k = 1; k < nf; k++) fld[k - 1] = fld[k];
      nf--;
    }
    if (kind == 1) {
      PetscInt id;
      PetscCheck(nf == 4 && ParseInt_Private(fld[0], &id), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT ": a node needs an integer number and three coordinates (id, x, y, z)", file, ln);
      if (*nn == mn) {
        PetscInt  *a;
        PetscReal *b;
        PetscCall(PetscMalloc2(2 * mn, &a, 6 * mn, &b));
        PetscCall(PetscArraycpy(a, *nid, mn));
        PetscCall(PetscArraycpy(b, *X, 3 * mn));
        PetscCall(PetscFree2(*nid, *X));
        *nid = a, *X = b, mn *= 2;
      }
      (*nid)[*nn] = id;
      for (int c = 0; c < 3; c++)
        PetscCheck(ParseReal_Private(fld[1 + c], &(*X)[3 * *nn + c]), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                   "%s:%" PetscInt_FMT ": coordinate %d of node %" PetscInt_FMT " is not a number: '%s'", file, ln, c + 1, id, fld[1 + c]);
      (*nn)++;
    } else {
      PetscInt id, nv = nf - 1;
      PetscCheck((nv == 3 || nv == 4) && ParseInt_Private(fld[0], &id), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT ": an element needs an integer number and 3 (triangle) or 4 (quadrilateral) node numbers, got %" PetscInt_FMT
                 " fields",
                 file, ln, nf);
      if (*ne == me) {
        PetscInt *a, *b;
        PetscCall(PetscMalloc2(2 * me, &a, 8 * me, &b));
        PetscCall(PetscArraycpy(a, *eid, me));
        PetscCall(PetscArraycpy(b, *conn, 4 * me));
        PetscCall(PetscFree2(*eid, *conn));
        *eid = a, *conn = b, me *= 2;
      }
      (*eid)[*ne]          = id;
      (*conn)[4 * *ne + 3] = -1;
      for (PetscInt v = 0; v < nv; v++)
        PetscCheck(ParseInt_Private(fld[1 + v], &(*conn)[4 * *ne + v]), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                   "%s:%" PetscInt_FMT ": node %" PetscInt_FMT " of element %" PetscInt_FMT " is not an integer: '%s'", file, ln, v + 1, id,
                   fld[1 + v]);
      (*ne)++;
    }
  }
  fclose(fp);
  PetscCheck(*nn > 0 && *ne > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: no %s found (expected nodes and quadrilaterals)", file,
             *nn ? "elements" : "nodes");
  PetscFunctionReturn(0);
}

static PetscErrorCode BuildMesh_Private(TriboZTE z, TriboInterface f, const ZTEPlane *pl, TriboInterface *cf, ZTEMap *map)
{
  PetscInt       nn, ne, *nid, *eid, *conn, *perm, *sid;
  PetscReal     *X;
  TriboInterface c;
  char           src[PETSC_MAX_PATH_LEN + 16];

  PetscFunctionBeginUser;
  PetscCall(ReadMesh_Private(z->file, &nn, &nid, &X, &ne, &eid, &conn));
  PetscCall(PetscSNPrintf(src, sizeof(src), "-rom_zte_mesh %s", z->file));
  PetscCall(PetscMalloc2(nn, &perm, nn, &sid));
  for (PetscInt i = 0; i < nn; i++) perm[i] = i, sid[i] = nid[i];
  PetscCall(PetscSortIntWithArray(nn, sid, perm));
  for (PetscInt i = 1; i < nn; i++)
    PetscCheck(sid[i] != sid[i - 1], PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: node %" PetscInt_FMT " is defined twice", z->file, sid[i]);
  PetscCall(TriboInterfaceCreate(&c));
  c->nnodes = nn;
  c->nelem  = ne;
  PetscCall(PetscMalloc1(3 * nn, &c->xyz));
  PetscCall(PetscMalloc1(4 * ne, &c->elem));
  for (PetscInt i = 0; i < nn; i++) { // projected onto the interface plane
    PetscReal st[2];
    To2D_Private(pl, &X[3 * i], st);
    To3D_Private(pl, st, &c->xyz[3 * i]);
  }
  for (PetscInt e = 0; e < ne; e++)
    for (PetscInt v = 0; v < 4; v++) {
      PetscInt id = conn[4 * e + v], k;
      if (v == 3 && id < 0) {
        c->elem[4 * e + 3] = -1;
        continue;
      }
      PetscCall(PetscFindInt(id, nn, sid, &k));
      PetscCheck(k >= 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
                 "%s: element %" PetscInt_FMT " refers to node %" PetscInt_FMT ", which is not defined", z->file, eid[e], id);
      c->elem[4 * e + v] = perm[k];
    }
  PetscCall(Interpolate_Private(f, pl, c, eid, src, map));
  PetscCall(PetscSNPrintf(z->desc, sizeof(z->desc), "mesh %s", z->file));
  PetscCall(PetscFree2(perm, sid));
  PetscCall(PetscFree2(nid, X));
  PetscCall(PetscFree2(eid, conn));
  *cf = c;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboZTECreate_Mesh(TriboZTE z)
{
  PetscFunctionBeginUser;
  z->build = BuildMesh_Private;
  PetscFunctionReturn(0);
}

/* ---------------------------------------------------------------- patches */

typedef struct {
  PetscInt a, b, face;
} Edge;

static int EdgeCompare_Private(const void *x, const void *y)
{
  const Edge *p = (const Edge *)x, *q = (const Edge *)y;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  if (p->b != q->b) return p->b < q->b ? -1 : 1;
  return p->face < q->face ? -1 : (p->face > q->face);
}

/* Faces -> patches: the dual graph (faces sharing an edge) partitioned by z->part */
static PetscErrorCode Partition_Private(TriboZTE z, TriboInterface f, PetscInt part[])
{
  PetscInt        nf = f->nelem, ne = 0, *deg, *ia, *ja;
  Edge           *ed;
  Mat             adj;
  IS              is;
  const PetscInt *p;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(4 * nf, &ed, nf, &deg));
  for (PetscInt e = 0; e < nf; e++) {
    PetscInt nv = f->elem[4 * e + 3] < 0 ? 3 : 4;
    deg[e]      = 0;
    for (PetscInt v = 0; v < nv; v++) {
      PetscInt a = f->elem[4 * e + v], b = f->elem[4 * e + (v + 1) % nv];
      ed[ne].a = PetscMin(a, b), ed[ne].b = PetscMax(a, b), ed[ne].face = e;
      ne++;
    }
  }
  qsort(ed, ne, sizeof(Edge), EdgeCompare_Private);
  for (PetscInt k = 0; k + 1 < ne; k++)
    if (ed[k].a == ed[k + 1].a && ed[k].b == ed[k + 1].b) deg[ed[k].face]++, deg[ed[k + 1].face]++;
  PetscCall(PetscMalloc1(nf + 1, &ia));
  ia[0] = 0;
  for (PetscInt e = 0; e < nf; e++) ia[e + 1] = ia[e] + deg[e], deg[e] = 0;
  PetscCall(PetscMalloc1(ia[nf] + 1, &ja));
  for (PetscInt k = 0; k + 1 < ne; k++)
    if (ed[k].a == ed[k + 1].a && ed[k].b == ed[k + 1].b) {
      PetscInt u = ed[k].face, v = ed[k + 1].face;
      ja[ia[u] + deg[u]++] = v;
      ja[ia[v] + deg[v]++] = u;
    }
  for (PetscInt e = 0; e < nf; e++) PetscCall(PetscSortInt(ia[e + 1] - ia[e], ja + ia[e]));
  PetscCall(PetscFree2(ed, deg));
  PetscCall(MatCreateMPIAdj(PETSC_COMM_SELF, nf, nf, ia, ja, NULL, &adj)); // takes ia, ja
  PetscCall(MatPartitioningSetAdjacency(z->part, adj));
  PetscCall(MatPartitioningSetNParts(z->part, z->npatches));
  PetscCall(MatPartitioningApply(z->part, &is));
  PetscCall(ISGetIndices(is, &p));
  PetscCall(PetscArraycpy(part, p, nf));
  PetscCall(ISRestoreIndices(is, &p));
  PetscCall(ISDestroy(&is));
  PetscCall(MatDestroy(&adj));
  PetscFunctionReturn(0);
}

/* Recursive coordinate bisection of the faces idx[0:n] (centroids st in the interface plane, areas a) into P parts numbered
   from first: the faces are ordered along the longer side of their bounding box (ties by face number) and cut where the
   running area reaches the share P1/P of the whole, P1 = P/2, keeping at least one face per part. The result depends
   only on the geometry, so every run and every rank count gets the same patches (a PT-Scotch partition of the face graph
   changed from run to run on the BRB, moving patch points up to 106 mm). */
static PetscErrorCode RCB_Private(PetscInt n, PetscInt idx[], const PetscReal st[], const PetscReal a[], PetscInt P, PetscInt first, PetscInt part[],
                                  PetscReal key[])
{
  PetscReal lo[2] = {PETSC_MAX_REAL, PETSC_MAX_REAL}, hi[2] = {PETSC_MIN_REAL, PETSC_MIN_REAL}, total = 0, run = 0, target;
  PetscInt  P1 = P / 2, k, ax;

  PetscFunctionBeginUser;
  if (P == 1) {
    for (PetscInt i = 0; i < n; i++) part[idx[i]] = first;
    PetscFunctionReturn(0);
  }
  for (PetscInt i = 0; i < n; i++)
    for (int c = 0; c < 2; c++) lo[c] = PetscMin(lo[c], st[2 * idx[i] + c]), hi[c] = PetscMax(hi[c], st[2 * idx[i] + c]);
  ax = hi[0] - lo[0] >= hi[1] - lo[1] ? 0 : 1;
  /* order by (coordinate, face) */
  for (PetscInt i = 0; i < n; i++) key[i] = st[2 * idx[i] + ax];
  PetscCall(PetscSortRealWithArrayInt(n, key, idx));
  for (PetscInt i = 0; i < n;) { // make ties deterministic: equal keys in ascending face order
    PetscInt j = i + 1;
    while (j < n && key[j] == key[i]) j++;
    if (j - i > 1) PetscCall(PetscSortInt(j - i, idx + i));
    i = j;
  }
  for (PetscInt i = 0; i < n; i++) total += a[idx[i]];
  target = total * (PetscReal)P1 / (PetscReal)P;
  for (k = 0; k < n && run + 0.5 * a[idx[k]] < target; k++) run += a[idx[k]];
  k = PetscMax(P1, PetscMin(k, n - (P - P1)));
  PetscCall(RCB_Private(k, idx, st, a, P1, first, part, key));
  PetscCall(RCB_Private(n - k, idx + k, st, a, P - P1, first + P1, part, key + k));
  PetscFunctionReturn(0);
}

static PetscErrorCode PartitionRCB_Private(TriboInterface f, const ZTEPlane *pl, PetscInt P, PetscInt part[])
{
  PetscInt   nf = f->nelem, *idx;
  PetscReal *st, *a, *key, *x;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc4(2 * nf, &st, nf, &a, nf, &key, 3 * nf, &x));
  PetscCall(PetscMalloc1(nf, &idx));
  for (PetscInt q = 0; q < f->npts; q++) { // area-weighted centroid of each face from its integration points
    PetscInt e = f->pelem[q];
    a[e] += f->pw[q];
    for (int c = 0; c < 3; c++) x[3 * e + c] += f->pw[q] * f->pxyz[3 * q + c];
  }
  for (PetscInt e = 0; e < nf; e++) {
    PetscReal y[3];
    PetscCheck(a[e] > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "-rom_zte_patches: interface face %" PetscInt_FMT " has no area", e);
    for (int c = 0; c < 3; c++) y[c] = x[3 * e + c] / a[e];
    To2D_Private(pl, y, st + 2 * e);
    idx[e] = e;
  }
  PetscCall(RCB_Private(nf, idx, st, a, P, 0, part, key));
  PetscCall(PetscFree4(st, a, key, x));
  PetscCall(PetscFree(idx));
  PetscFunctionReturn(0);
}

static PetscErrorCode BuildPatches_Private(TriboZTE z, TriboInterface f, const ZTEPlane *pl, TriboInterface *cf, ZTEMap *map)
{
  PetscInt       P = z->npatches, np = f->nnodes, *part, *nfaces;
  PetscReal     *A, *cen, *W;
  TriboInterface c;

  PetscFunctionBeginUser;
  PetscCheck(P >= 1 && P <= f->nelem, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "-rom_zte_patches %" PetscInt_FMT ": the number of patches must lie between 1 and the %" PetscInt_FMT " faces of the interface", P,
             f->nelem);
  PetscCheck(f->pelem, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "-rom_zte_patches: the interface points do not know their elements");
  PetscCall(PetscMalloc2(f->nelem, &part, P, &nfaces));
  if (z->graph)
    PetscCall(Partition_Private(z, f, part));
  else
    PetscCall(PartitionRCB_Private(f, pl, P, part));
  PetscCall(PetscCalloc3(P, &A, 3 * P, &cen, P * np, &W));
  PetscCall(PetscArrayzero(nfaces, P));
  for (PetscInt e = 0; e < f->nelem; e++) nfaces[part[e]]++;
  for (PetscInt k = 0; k < P; k++)
    PetscCheck(nfaces[k] > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "-rom_zte_patches %" PetscInt_FMT ": the partitioner left patch %" PetscInt_FMT " without a fine face (%" PetscInt_FMT
               " faces); ask for fewer patches or another partitioner (-rom_zte_mat_partitioning_type)",
               P, k, f->nelem);
  for (PetscInt q = 0; q < f->npts; q++) {
    PetscInt k = part[f->pelem[q]];
    A[k] += f->pw[q];
    for (int c = 0; c < 3; c++) cen[3 * k + c] += f->pw[q] * f->pxyz[3 * q + c];
  }
  for (PetscInt k = 0; k < P; k++)
    for (int c = 0; c < 3; c++) cen[3 * k + c] /= A[k];
  for (PetscInt i = 0; i < np; i++) { // RBE3 weights: the tributary area of node i in patch k, T[i, q] over the points of the patch
    PetscInt           ncols;
    const PetscInt    *cols;
    const PetscScalar *v;
    PetscCall(MatGetRow(f->T, i, &ncols, &cols, &v));
    for (PetscInt e = 0; e < ncols; e++) W[part[f->pelem[cols[e]]] * np + i] += PetscRealPart(v[e]);
    PetscCall(MatRestoreRow(f->T, i, &ncols, &cols, &v));
  }
  map->constraint = PETSC_TRUE;
  map->nrows      = P;
  map->ncols      = np;
  PetscCall(PetscMalloc1(P + 1, &map->ia));
  {
    PetscInt nz = 0;
    for (PetscInt k = 0; k < P * np; k++) nz += W[k] != 0;
    PetscCall(PetscMalloc1(nz + 1, &map->ja));
    PetscCall(PetscMalloc1(nz + 1, &map->a));
  }
  map->ia[0] = 0;
  for (PetscInt k = 0; k < P; k++) {
    map->ia[k + 1] = map->ia[k];
    for (PetscInt i = 0; i < np; i++)
      if (W[k * np + i] != 0) {
        map->ja[map->ia[k + 1]]  = i;
        map->a[map->ia[k + 1]++] = W[k * np + i] / A[k];
      }
  }
  // the coarse interface: one node and one point per patch, at its centroid, with its area
  PetscCall(TriboInterfaceCreate(&c));
  c->nnodes = c->npts = P;
  c->nelem            = 0;
  PetscCall(PetscMalloc1(3 * P, &c->xyz));
  PetscCall(PetscMalloc1(3 * P, &c->pxyz));
  PetscCall(PetscMalloc1(P, &c->pw));
  PetscCall(PetscMalloc1(P, &c->pelem));
  for (PetscInt k = 0; k < P; k++) {
    PetscReal st[2];
    To2D_Private(pl, &cen[3 * k], st);
    To3D_Private(pl, st, &c->xyz[3 * k]);
    for (int d = 0; d < 3; d++) c->pxyz[3 * k + d] = c->xyz[3 * k + d];
    c->pw[k]    = A[k];
    c->pelem[k] = -1;
  }
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, P, P, 1, NULL, &c->Q));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, P, P, 1, NULL, &c->T));
  for (PetscInt k = 0; k < P; k++) {
    PetscCall(MatSetValue(c->Q, k, k, 1.0, INSERT_VALUES));
    PetscCall(MatSetValue(c->T, k, k, A[k], INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(c->Q, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(c->Q, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyBegin(c->T, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(c->T, MAT_FINAL_ASSEMBLY));
  {
    PetscInt fmin = f->nelem, fmax = 0;
    for (PetscInt k = 0; k < P; k++) fmin = PetscMin(fmin, nfaces[k]), fmax = PetscMax(fmax, nfaces[k]);
    PetscCall(PetscSNPrintf(z->desc, sizeof(z->desc), "patches %" PetscInt_FMT " (RBE3 means, %" PetscInt_FMT " to %" PetscInt_FMT " faces each)", P,
                            fmin, fmax));
  }
  PetscCall(PetscFree3(A, cen, W));
  PetscCall(PetscFree2(part, nfaces));
  *cf = c;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboZTECreate_Patches(TriboZTE z)
{
  PetscFunctionBeginUser;
  z->build = BuildPatches_Private;
  PetscFunctionReturn(0);
}
