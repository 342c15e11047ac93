/* One erosion size (Porter and Brake 2023 §3.2.2-3.2.3): opening, Sobel gradients, watershed and ellipsoid fits on each
   surface, then the statistics of the accepted asperities of both surfaces together. Runs on a sub-communicator: the
   grid is distributed over its ranks in tiles (below); every rank gets the same bits as one rank alone. */
#include <tribo/private/surfimpl.h>

#define FIT_COLS 13 /* status, bx, by, h_z, R', R'', alpha, points, a1, a2, relief, misfit, sag */

static PetscReal Median_Private(PetscInt n, PetscReal a[])
{
  if (!n || PetscSortReal(n, a)) return NAN;
  return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

PetscErrorCode TriboSurfResultReset_Private(TriboSurfResult *r)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(r->asp));
  PetscCall(PetscFree2(r->hist_edges, r->hist));
  PetscCall(PetscFree(r->expts));
  PetscCall(TriboGapPDFReset(&r->pdf));
  PetscCall(PetscMemzero(r, sizeof(*r)));
  PetscFunctionReturn(0);
}

/* The grid distributed over the ranks (issue 12, item 7): one erosion size on the tiles of a sub-communicator.

   Layout: a 2-D DMDA with one process column, so a tile is a slab of whole rows (a region's points on a lower tile come
   before its points on a higher one in row-major order), with box halos of w = k + 2 rows. The opening reads rows
   j - k + 1 .. j + k - 1 for row j, the Sobel gradient one row more on each side and the segmentation the gradient of the
   neighbours of its points: with w = k + 2 the opened heights are exact on the owned rows +- 3 (rows of the map's edge
   are clipped as on one rank), the gradient on +- 2, and whatever the segmentation reads on +- 1. The row passes of the
   opening (monotone queues, O(1) per point for any k) and the Sobel stencil run unchanged on the local (ghosted) rows.

   Segmentation: the watershed by steepest descent (the drop of water), not Meyer's flooding. A point with a lower
   neighbour (8-connected) joins the region of its lowest neighbour (ties: the smaller row-major index); points without a
   lower neighbour that touch at equal gradient are one seed (the regional minima's plateaus, e.g. the flat tops the
   opening leaves). Regions are the connected components of this graph; every edge depends on the gradient within two
   points only, so the regions are a pure function of the map, whatever the tiles. Each tile labels the graph on its rows
   and one halo row by union-find (root: the smallest index); the labels on the halo rows and on the tile's first and last
   rows are gathered on every rank (4 rows per tile), labels that meet at a point are united, and every region's label
   becomes the row-major index of its first point on the whole map: the same number on any number of tiles. The merge is
   exact for regions of any size (a region over many tiles is chained through each pair of neighbouring tiles), so no
   overlap bound or fallback is needed. Meyer's flooding (TriboSurfaceWatershed(), MATLAB's watershed) depends on a global
   processing order and cannot be split exactly; the descent gives the same basins up to Meyer's watershed lines, whose
   points it gives to the basin they drain to (and fits with it).

   Fits: a region belongs to the tile holding its first point; the other tiles send it their points of the region (index
   and opened height, MPI_Alltoallv), appended after the owner's own in the order of the tiles, so the fit sees the
   region's points in row-major order exactly as on one rank and gives the same bits. The fits are gathered on every
   rank in increasing label order: the statistics are bit for bit those of one rank. */
typedef struct {
  PetscInt   r0, r1, gy0, gy1; /* owned rows [r0, r1); rows [gy0, gy1) of the DMDA's local (ghosted) vector */
  PetscReal *op;               /* [(gy1 - gy0) nx] opened heights */
  PetscInt  *lab;              /* [(r1 - r0) nx] label of each owned point (row-major index of its region's first point), -1: no data */
  PetscInt   nvalid;           /* owned points with data */
} Tile;

/* the tile whose rows [rowstart[q], rowstart[q + 1]) hold row */
static inline PetscMPIInt Owner_Private(PetscMPIInt size, const PetscInt rowstart[], PetscInt row)
{
  PetscMPIInt lo = 0, hi = size - 1;

  while (lo < hi) {
    PetscMPIInt mid = (lo + hi + 1) / 2;
    if (rowstart[mid] <= row)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

static inline PetscInt Find_Private(PetscInt par[], PetscInt a)
{
  while (par[a] != a) par[a] = par[par[a]], a = par[a];
  return a;
}

static inline void Unite_Private(PetscInt par[], PetscInt a, PetscInt b)
{
  a = Find_Private(par, a), b = Find_Private(par, b);
  if (a < b)
    par[b] = a;
  else if (b < a)
    par[a] = b;
}

/* the halo rows of d (rows [e0, e1), owned [r0, r1)) from the neighbouring tiles; *changed set if a value changed */
static PetscErrorCode HaloRows_Private(MPI_Comm comm, PetscInt nx, PetscInt r0, PetscInt r1, PetscInt e0, PetscInt e1, PetscInt d[],
                                       PetscMPIInt *changed)
{
  PetscMPIInt rank, size, up, down, n;
  PetscInt   *lo, *hi;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscMPIIntCast(nx, &n));
  up = rank + 1 < size ? rank + 1 : MPI_PROC_NULL, down = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  PetscCall(PetscMalloc2(nx, &lo, nx, &hi));
  PetscCallMPI(MPI_Sendrecv(d + (r1 - 1 - e0) * nx, n, MPIU_INT, up, 0, lo, n, MPIU_INT, down, 0, comm, MPI_STATUS_IGNORE));
  PetscCallMPI(MPI_Sendrecv(d + (r0 - e0) * nx, n, MPIU_INT, down, 1, hi, n, MPIU_INT, up, 1, comm, MPI_STATUS_IGNORE));
  if (e0 < r0)
    for (PetscInt i = 0; i < nx; i++) *changed = *changed || d[i] != lo[i], d[i] = lo[i];
  if (e1 > r1)
    for (PetscInt i = 0; i < nx; i++) *changed = *changed || d[(e1 - 1 - e0) * nx + i] != hi[i], d[(e1 - 1 - e0) * nx + i] = hi[i];
  PetscCall(PetscFree2(lo, hi));
  PetscFunctionReturn(0);
}

/* opening, Sobel gradient and segmentation of one scan on the tiles of comm (one tile per rank) */
static PetscErrorCode TileSegment_Private(MPI_Comm comm, const TriboHeightMap *m, const PetscReal resid[], const PetscReal seg[], PetscInt k, Tile *t)
{
  DM               da;
  Vec              zg, zl;
  PetscInt         nx = m->nx, ny = m->ny, ys, ym, gxs, gxm, gys, gym, e0, e1, nn, *par, *fin, rows[4], nrows = 0, npair = 0, *pair, *all, ntot;
  PetscInt         nu, *U, *pix, *idv, *par2, *flat, nflat = 0, *dd;
  PetscMPIInt      size, *cnt, *dsp, mine;
  PetscReal       *g, *a;
  const PetscReal *zla;
  char            *lower;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  if (size == 1) { // one tile: the whole map, no halo to exchange
    t->r0 = t->gy0 = 0, t->r1 = t->gy1 = gym = ny;
    PetscCall(PetscMalloc1(gym * nx, &t->op));
    PetscCall(TriboSurfaceOpening(PETSC_COMM_SELF, nx, ny, resid, k, t->op));
  } else {
    PetscCall(DMDACreate2d(comm, DM_BOUNDARY_NONE, DM_BOUNDARY_NONE, DMDA_STENCIL_BOX, nx, ny, 1, size, 1, k + 2, NULL, NULL, &da));
    PetscCall(DMSetUp(da));
    PetscCall(DMDAGetCorners(da, NULL, &ys, NULL, NULL, &ym, NULL));
    PetscCall(DMDAGetGhostCorners(da, &gxs, &gys, NULL, &gxm, &gym, NULL));
    PetscCheck(gxs == 0 && gxm == nx, PETSC_COMM_SELF, PETSC_ERR_PLIB,
               "surface tiles: expected whole rows, got columns %" PetscInt_FMT "..%" PetscInt_FMT, gxs, gxs + gxm);
    t->r0 = ys, t->r1 = ys + ym, t->gy0 = gys, t->gy1 = gys + gym;
    PetscCall(DMCreateGlobalVector(da, &zg));
    PetscCall(DMCreateLocalVector(da, &zl));
    PetscCall(VecGetArray(zg, &a));
    PetscCall(PetscArraycpy(a, resid + ys * nx, ym * nx));
    PetscCall(VecRestoreArray(zg, &a));
    PetscCall(DMGlobalToLocal(da, zg, INSERT_VALUES, zl));
    PetscCall(VecDestroy(&zg));
    PetscCall(PetscMalloc1(gym * nx, &t->op));
    PetscCall(VecGetArrayRead(zl, &zla));
    PetscCall(TriboSurfaceOpening(PETSC_COMM_SELF, nx, gym, zla, k, t->op));
    PetscCall(VecRestoreArrayRead(zl, &zla));
    PetscCall(VecDestroy(&zl));
    PetscCall(DMDestroy(&da));
  }
  PetscCall(PetscMalloc1(gym * nx, &g));
  if (seg) { // the segmentation sees the opened smoothed heights (every rank holds the whole map: its ghosted rows directly)
    PetscReal *os;
    PetscCall(PetscMalloc1(gym * nx, &os));
    PetscCall(TriboSurfaceOpening(PETSC_COMM_SELF, nx, gym, seg + t->gy0 * nx, k, os));
    PetscCall(TriboSurfaceSobel(nx, gym, os, m->dx, m->dy, g));
    PetscCall(PetscFree(os));
  } else
    PetscCall(TriboSurfaceSobel(nx, gym, t->op, m->dx, m->dy, g));
  // the graph on the owned rows and one halo row on each side
  e0 = PetscMax(t->r0 - 1, 0), e1 = PetscMin(t->r1 + 1, ny), nn = (e1 - e0) * nx;
#define GV(j, i) g[((j)-t->gy0) * nx + (i)]
  PetscCall(PetscMalloc4(nn, &par, nn, &dd, nn, &flat, nn, &lower));
  for (PetscInt p = 0; p < nn; p++) {
    PetscInt  j = e0 + p / nx, i = p % nx;
    PetscReal v = GV(j, i);
    par[p] = PetscIsNanReal(v) ? -1 : p, lower[p] = 0;
    if (par[p] < 0) continue;
    for (PetscInt jj = PetscMax(j - 1, 0); jj <= PetscMin(j + 1, ny - 1); jj++)
      for (PetscInt ii = PetscMax(i - 1, 0); ii <= PetscMin(i + 1, nx - 1); ii++)
        if (GV(jj, ii) < v) lower[p] = 1;
  }
  /* plateaus: the distance of each point without a lower neighbour to its plateau's lower border (0 on points with a
     lower neighbour, 1 + the least of the equal-gradient neighbours), infinite on a regional minimum (no lower border);
     the order in which Meyer's flooding reaches a plateau's points. Relaxed on the owned rows by sweeps, the halo rows
     exchanged with the neighbouring tiles until no tile changes (a plateau over several tiles takes a round per seam). */
  for (PetscInt j = t->r0; j < t->r1; j++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscInt p = (j - e0) * nx + i;
      if (par[p] >= 0 && !lower[p]) flat[nflat++] = p;
    }
  for (PetscInt p = 0; p < nn; p++) dd[p] = par[p] < 0 ? -1 : (lower[p] ? 0 : PETSC_MAX_INT);
  for (;;) {
    PetscMPIInt changed = 0, any;
    for (PetscBool sweep = PETSC_TRUE; sweep;) {
      sweep = PETSC_FALSE;
      for (PetscInt dir = 0; dir < 2; dir++)
        for (PetscInt f = 0; f < nflat; f++) {
          PetscInt  p = flat[dir ? nflat - 1 - f : f], j = e0 + p / nx, i = p % nx, best = dd[p];
          PetscReal v = GV(j, i);
          for (PetscInt jj = PetscMax(j - 1, e0); jj <= PetscMin(j + 1, e1 - 1); jj++)
            for (PetscInt ii = PetscMax(i - 1, 0); ii <= PetscMin(i + 1, nx - 1); ii++) {
              PetscInt q = (jj - e0) * nx + ii;
              if (GV(jj, ii) == v && dd[q] >= 0 && dd[q] < PETSC_MAX_INT && dd[q] + 1 < best) best = dd[q] + 1;
            }
          if (best < dd[p]) dd[p] = best, sweep = PETSC_TRUE, changed = 1;
        }
    }
    PetscCall(HaloRows_Private(comm, nx, t->r0, t->r1, e0, e1, dd, &changed));
    PetscCallMPI(MPI_Allreduce(&changed, &any, 1, MPI_INT, MPI_MAX, comm));
    if (!any) break;
  }
  // edges of the owned points (the owner of each point adds its edges; the halo rows only receive them)
  for (PetscInt j = t->r0; j < t->r1; j++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscInt  p = (j - e0) * nx + i, bj = -1, bi = -1;
      PetscReal v = GV(j, i), bv = v;
      if (par[p] < 0) continue;
      if (lower[p]) { // the lowest neighbour; neighbours visited in increasing row-major index, so ties keep the smallest
        for (PetscInt jj = PetscMax(j - 1, 0); jj <= PetscMin(j + 1, ny - 1); jj++)
          for (PetscInt ii = PetscMax(i - 1, 0); ii <= PetscMin(i + 1, nx - 1); ii++)
            if (GV(jj, ii) < bv) bv = GV(jj, ii), bj = jj, bi = ii;
        Unite_Private(par, p, (bj - e0) * nx + bi);
      } else if (dd[p] < PETSC_MAX_INT) { // on a plateau with a lower border: towards it (the first neighbour one step nearer)
        PetscInt q = -1;
        for (PetscInt jj = j - 1; jj <= j + 1 && q < 0; jj++)
          for (PetscInt ii = i - 1; ii <= i + 1 && q < 0; ii++)
            if (jj >= e0 && jj < e1 && ii >= 0 && ii < nx && GV(jj, ii) == v && dd[(jj - e0) * nx + ii] == dd[p] - 1) q = (jj - e0) * nx + ii;
        PetscCheck(q >= 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "surface tiles: a plateau point without a neighbour nearer its border");
        Unite_Private(par, p, q);
      } else // a regional minimum: one seed with its plateau
        for (PetscInt jj = PetscMax(j - 1, e0); jj <= PetscMin(j + 1, e1 - 1); jj++)
          for (PetscInt ii = PetscMax(i - 1, 0); ii <= PetscMin(i + 1, nx - 1); ii++) {
            PetscInt q = (jj - e0) * nx + ii;
            if (q != p && par[q] >= 0 && !lower[q] && GV(jj, ii) == v) Unite_Private(par, p, q);
          }
    }
#undef GV
  PetscCall(PetscFree(g));
  fin = dd; // the distances are done: the final label of each local root
  for (PetscInt p = 0; p < nn; p++) fin[p] = -2;
  // labels at the tiles' seams: (point, provisional label = first point of the local component) on 4 rows, gathered
  for (PetscInt c = 0; c < 4; c++) {
    PetscInt j = c == 0 ? e0 : (c == 1 ? t->r0 : (c == 2 ? t->r1 - 1 : e1 - 1)), dup = 0;
    for (PetscInt d = 0; d < nrows; d++) dup = dup || rows[d] == j;
    if (!dup) rows[nrows++] = j;
  }
  PetscCall(PetscMalloc1(2 * nrows * nx + 1, &pair));
  for (PetscInt d = 0; d < nrows; d++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscInt p = (rows[d] - e0) * nx + i;
      if (par[p] < 0) continue;
      pair[2 * npair] = rows[d] * nx + i, pair[2 * npair + 1] = e0 * nx + Find_Private(par, p), npair++;
    }
  PetscCall(PetscMalloc2(size, &cnt, size + 1, &dsp));
  PetscCall(PetscMPIIntCast(2 * npair, &mine));
  PetscCallMPI(MPI_Allgather(&mine, 1, MPI_INT, cnt, 1, MPI_INT, comm));
  dsp[0] = 0;
  for (PetscMPIInt q = 0; q < size; q++) dsp[q + 1] = dsp[q] + cnt[q];
  ntot = dsp[size] / 2;
  PetscCall(PetscMalloc1(2 * ntot + 1, &all));
  PetscCallMPI(MPI_Allgatherv(pair, mine, MPIU_INT, all, cnt, dsp, MPIU_INT, comm));
  PetscCall(PetscMalloc4(ntot + 1, &pix, ntot + 1, &idv, ntot + 1, &U, ntot + 1, &par2));
  for (PetscInt q = 0; q < ntot; q++) pix[q] = all[2 * q], idv[q] = U[q] = all[2 * q + 1];
  nu = ntot;
  PetscCall(PetscSortRemoveDupsInt(&nu, U));
  for (PetscInt c = 0; c < nu; c++) par2[c] = c;
  PetscCall(PetscSortIntWithArray(ntot, pix, idv));
  for (PetscInt q = 1; q < ntot; q++)
    if (pix[q] == pix[q - 1]) {
      PetscInt ca, cb;
      PetscCall(PetscFindInt(idv[q], nu, U, &ca));
      PetscCall(PetscFindInt(idv[q - 1], nu, U, &cb));
      Unite_Private(par2, ca, cb);
    }
  // final labels of the owned points: the smallest label of the united class (its first point on the map)
  PetscCall(PetscMalloc1((t->r1 - t->r0) * nx + 1, &t->lab));
  t->nvalid = 0;
  for (PetscInt j = t->r0; j < t->r1; j++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscInt p = (j - e0) * nx + i, root, c;
      if (par[p] < 0) {
        t->lab[(j - t->r0) * nx + i] = -1;
        continue;
      }
      root = Find_Private(par, p);
      if (fin[root] == -2) {
        PetscCall(PetscFindInt(e0 * nx + root, nu, U, &c));
        fin[root] = c >= 0 ? U[Find_Private(par2, c)] : e0 * nx + root;
      }
      t->lab[(j - t->r0) * nx + i] = fin[root];
      t->nvalid++;
    }
  PetscCall(PetscFree4(pix, idv, U, par2));
  PetscCall(PetscFree(all));
  PetscCall(PetscFree2(cnt, dsp));
  PetscCall(PetscFree(pair));
  PetscCall(PetscFree4(par, dd, flat, lower));
  PetscFunctionReturn(0);
}

/* fits of the regions of one segmented scan to the opened heights (zfit NULL) or to zfit (the residual heights, read on the
   owned rows only): every rank of comm gets the nreg labels (increasing) and their fit rows */
static PetscErrorCode TileFit_Private(MPI_Comm comm, const TriboHeightMap *m, const Tile *t, const PetscReal zfit[], PetscReal sigma,
                                      const TriboAsperityCriteria *crit, PetscInt *nreg, PetscInt **labels, PetscReal **fitrows, PetscInt *ncross)
{
  PetscInt    nx = m->nx, no = (t->r1 - t->r0) * nx, nu = 0, *U, *off, *pts, *pos, *rowstart, r0 = t->r0, nsi = 0, nsr = 0, *si, nown = 0, nchunk = 0;
  PetscInt   *ri, *cl, *cio, *cro, *cstart, *corder, *extra, maxn = 0, *olab, nall, nc = 0;
  PetscReal  *sr, *rr, *ofit, *x, *y, *w;
  PetscMPIInt rank, size, *sci, *scr, *rci, *rcr, *sdi, *sdr, *rdi, *rdr, mine, *cnt, *dsp;
#define OWNER(L) Owner_Private(size, rowstart, (L) / nx)

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  // owned points grouped by region, in row-major order within each
  PetscCall(PetscMalloc1(no + 1, &U));
  for (PetscInt q = 0; q < no; q++)
    if (t->lab[q] >= 0) U[nu++] = t->lab[q];
  PetscCall(PetscSortRemoveDupsInt(&nu, U));
  PetscCall(PetscCalloc1(nu + 1, &off));
  PetscCall(PetscMalloc2(t->nvalid + 1, &pts, nu + 1, &pos));
  for (PetscInt q = 0; q < no; q++)
    if (t->lab[q] >= 0) {
      PetscInt l;
      PetscCall(PetscFindInt(t->lab[q], nu, U, &l));
      off[l + 1]++;
    }
  for (PetscInt l = 0; l < nu; l++) off[l + 1] += off[l];
  PetscCall(PetscArraycpy(pos, off, nu + 1));
  for (PetscInt q = 0; q < no; q++)
    if (t->lab[q] >= 0) {
      PetscInt l;
      PetscCall(PetscFindInt(t->lab[q], nu, U, &l));
      pts[pos[l]++] = q;
    }
  // the first row of every tile: a region's owner is the tile of its label's row
  PetscCall(PetscMalloc1(size + 1, &rowstart));
  PetscCallMPI(MPI_Allgather(&r0, 1, MPIU_INT, rowstart, 1, MPIU_INT, comm));
  rowstart[size] = m->ny;
  // to every other owner: (label, points, indices...) and the opened heights
  PetscCall(PetscCalloc4(size, &sci, size, &scr, size, &rci, size, &rcr));
  PetscCall(PetscMalloc4(size + 1, &sdi, size + 1, &sdr, size + 1, &rdi, size + 1, &rdr));
  for (PetscInt l = 0; l < nu; l++) {
    PetscMPIInt o = OWNER(U[l]);
    if (o == rank) continue;
    sci[o] += (PetscMPIInt)(2 + off[l + 1] - off[l]), scr[o] += (PetscMPIInt)(off[l + 1] - off[l]);
  }
  PetscCallMPI(MPI_Alltoall(sci, 1, MPI_INT, rci, 1, MPI_INT, comm));
  PetscCallMPI(MPI_Alltoall(scr, 1, MPI_INT, rcr, 1, MPI_INT, comm));
  sdi[0] = sdr[0] = rdi[0] = rdr[0] = 0;
  for (PetscMPIInt q = 0; q < size; q++)
    sdi[q + 1] = sdi[q] + sci[q], sdr[q + 1] = sdr[q] + scr[q], rdi[q + 1] = rdi[q] + rci[q], rdr[q + 1] = rdr[q] + rcr[q];
  PetscCall(PetscMalloc4(sdi[size] + 1, &si, sdr[size] + 1, &sr, rdi[size] + 1, &ri, rdr[size] + 1, &rr));
  for (PetscInt l = 0; l < nu; l++) { // owners increase with the label: the buffer is already in the order of the ranks
    if (OWNER(U[l]) == rank) continue;
    si[nsi++] = U[l], si[nsi++] = off[l + 1] - off[l];
    for (PetscInt c = off[l]; c < off[l + 1]; c++) {
      PetscInt q = pts[c];
      si[nsi++] = r0 * nx + q, sr[nsr++] = zfit ? zfit[r0 * nx + q] : t->op[(q / nx + r0 - t->gy0) * nx + q % nx];
    }
  }
  PetscCallMPI(MPI_Alltoallv(si, sci, sdi, MPIU_INT, ri, rci, rdi, MPIU_INT, comm));
  PetscCallMPI(MPI_Alltoallv(sr, scr, sdr, MPIU_REAL, rr, rcr, rdr, MPIU_REAL, comm));
  // chunks received, in the order of the sending tiles, sorted stably by region
  for (PetscInt c = 0; c < rdi[size]; c += 2 + ri[c + 1]) nchunk++;
  PetscCall(PetscMalloc4(nchunk + 1, &cl, nchunk + 1, &cio, nchunk + 1, &cro, nchunk + 1, &corder));
  PetscCall(PetscCalloc2(nu + 2, &cstart, nu + 1, &extra));
  for (PetscInt c = 0, cr = 0, h = 0; h < nchunk; h++) {
    PetscInt l;
    PetscCall(PetscFindInt(ri[c], nu, U, &l));
    PetscCheck(l >= 0 && OWNER(U[l]) == rank, PETSC_COMM_SELF, PETSC_ERR_PLIB, "surface tiles: region %" PetscInt_FMT " has no first point here",
               ri[c]);
    cl[h] = l, cio[h] = c + 2, cro[h] = cr, extra[l] += ri[c + 1], cstart[l + 1]++;
    cr += ri[c + 1], c += 2 + ri[c + 1];
  }
  for (PetscInt l = 0; l < nu; l++) cstart[l + 1] += cstart[l];
  {
    PetscInt *cp;
    PetscCall(PetscMalloc1(nu + 1, &cp));
    PetscCall(PetscArraycpy(cp, cstart, nu + 1));
    for (PetscInt h = 0; h < nchunk; h++) corder[cp[cl[h]]++] = h;
    PetscCall(PetscFree(cp));
  }
  // fit the regions owned here: own points first, then those of the higher tiles in their order (row-major, as on one rank)
  for (PetscInt l = 0; l < nu; l++)
    if (OWNER(U[l]) == rank) nown++, maxn = PetscMax(maxn, off[l + 1] - off[l] + extra[l]), nc += extra[l] > 0;
  PetscCall(PetscMalloc2(nown + 1, &olab, nown * FIT_COLS + 1, &ofit));
  PetscCall(PetscMalloc3(maxn + 1, &x, maxn + 1, &y, maxn + 1, &w));
  for (PetscInt l = 0, o = 0; l < nu; l++) {
    TriboAsperity a;
    PetscInt      np = 0;
    PetscReal    *f  = ofit + o * FIT_COLS;
    if (OWNER(U[l]) != rank) continue;
    for (PetscInt c = off[l]; c < off[l + 1]; c++, np++) {
      PetscInt q = pts[c], p = r0 * nx + q;
      x[np] = m->x0 + (p % nx) * m->dx, y[np] = m->y0 + (p / nx) * m->dy, w[np] = zfit ? zfit[p] : t->op[(q / nx + r0 - t->gy0) * nx + q % nx];
    }
    for (PetscInt h = cstart[l]; h < cstart[l + 1]; h++) {
      PetscInt ch = corder[h];
      for (PetscInt c = 0; c < ri[cio[ch] - 1]; c++, np++) {
        PetscInt p = ri[cio[ch] + c];
        x[np] = m->x0 + (p % nx) * m->dx, y[np] = m->y0 + (p / nx) * m->dy, w[np] = rr[cro[ch] + c];
      }
    }
    PetscCall(TriboAsperityFit(np, x, y, w, sigma, &a));
    if (crit) PetscCall(TriboAsperityCheck(crit, &a)); // NULL: the paper's rules alone
    f[0] = a.status, f[1] = a.bx, f[2] = a.by, f[3] = a.height, f[4] = a.rp, f[5] = a.rpp, f[6] = a.alpha, f[7] = np, f[8] = a.a1, f[9] = a.a2;
    f[10] = a.relief, f[11] = a.misfit, f[12] = a.sag;
    olab[o++] = U[l];
  }
  PetscCall(PetscFree3(x, y, w));
  // every rank gets every fit, in increasing label (the tiles' order)
  PetscCall(PetscMalloc2(size, &cnt, size + 1, &dsp));
  PetscCall(PetscMPIIntCast(nown, &mine));
  PetscCallMPI(MPI_Allgather(&mine, 1, MPI_INT, cnt, 1, MPI_INT, comm));
  dsp[0] = 0;
  for (PetscMPIInt q = 0; q < size; q++) dsp[q + 1] = dsp[q] + cnt[q];
  nall = dsp[size];
  PetscCall(PetscMalloc1(nall + 1, labels));
  PetscCall(PetscMalloc1(nall * FIT_COLS + 1, fitrows));
  PetscCallMPI(MPI_Allgatherv(olab, mine, MPIU_INT, *labels, cnt, dsp, MPIU_INT, comm));
  for (PetscMPIInt q = 0; q < size; q++) cnt[q] *= FIT_COLS, dsp[q] *= FIT_COLS;
  PetscCallMPI(MPI_Allgatherv(ofit, mine * FIT_COLS, MPIU_REAL, *fitrows, cnt, dsp, MPIU_REAL, comm));
  PetscCallMPI(MPI_Allreduce(&nc, ncross, 1, MPIU_INT, MPI_SUM, comm));
  *nreg = nall;
  PetscCall(PetscFree2(cnt, dsp));
  PetscCall(PetscFree2(olab, ofit));
  PetscCall(PetscFree2(cstart, extra));
  PetscCall(PetscFree4(cl, cio, cro, corder));
  PetscCall(PetscFree4(si, sr, ri, rr));
  PetscCall(PetscFree4(sci, scr, rci, rcr));
  PetscCall(PetscFree4(sdi, sdr, rdi, rdr));
  PetscCall(PetscFree(rowstart));
  PetscCall(PetscFree2(pts, pos));
  PetscCall(PetscFree(off));
  PetscCall(PetscFree(U));
#undef OWNER
  PetscFunctionReturn(0);
}

/* the points (x, y, residual height, example e) of the example regions labels[0..nex), gathered on every rank of comm in
   the order of the examples, row-major within each */
static PetscErrorCode TileExamples_Private(MPI_Comm comm, const TriboHeightMap *m, const PetscReal resid[], const Tile *t, PetscInt nex,
                                           const PetscInt labels[], const PetscInt rows[], PetscInt npts, PetscReal expts[])
{
  PetscInt    nx = m->nx, no = (t->r1 - t->r0) * nx, nmine = 0, nall;
  PetscReal  *mine, *all;
  PetscMPIInt size, *cnt, *dsp, cm;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscMalloc1(4 * no + 1, &mine));
  for (PetscInt q = 0; q < no; q++)
    for (PetscInt e = 0; e < nex; e++)
      if (t->lab[q] == labels[e]) {
        PetscInt p      = t->r0 * nx + q;
        mine[4 * nmine] = m->x0 + (p % nx) * m->dx, mine[4 * nmine + 1] = m->y0 + (p / nx) * m->dy, mine[4 * nmine + 2] = resid[p];
        mine[4 * nmine + 3] = e, nmine++;
      }
  PetscCall(PetscMalloc2(size, &cnt, size + 1, &dsp));
  PetscCall(PetscMPIIntCast(4 * nmine, &cm));
  PetscCallMPI(MPI_Allgather(&cm, 1, MPI_INT, cnt, 1, MPI_INT, comm));
  dsp[0] = 0;
  for (PetscMPIInt q = 0; q < size; q++) dsp[q + 1] = dsp[q] + cnt[q];
  nall = dsp[size] / 4;
  PetscCheck(nall == npts, PETSC_COMM_SELF, PETSC_ERR_PLIB, "surface tiles: %" PetscInt_FMT " example points, expected %" PetscInt_FMT, nall, npts);
  PetscCall(PetscMalloc1(4 * nall + 1, &all));
  PetscCallMPI(MPI_Allgatherv(mine, cm, MPIU_REAL, all, cnt, dsp, MPIU_REAL, comm));
  for (PetscInt e = 0, c = 0; e < nex; e++)
    for (PetscInt q = 0; q < nall; q++)
      if (all[4 * q + 3] == e)
        expts[4 * c] = all[4 * q], expts[4 * c + 1] = all[4 * q + 1], expts[4 * c + 2] = all[4 * q + 2], expts[4 * c + 3] = rows[e], c++;
  PetscCall(PetscFree(all));
  PetscCall(PetscFree2(cnt, dsp));
  PetscCall(PetscFree(mine));
  PetscFunctionReturn(0);
}

/* split peaks (TriboAsperityCriteriaDefault()): of two accepted fits whose centers are closer than split times the smaller short
   semi-axis, the one with fewer points (then the later region) becomes TRIBO_ASPERITY_SPLIT. Every rank holds all n fits in
   label order, so every rank decides the same. Sweep over the accepted fits sorted by center x. */
static PetscErrorCode SplitPeaks_Private(PetscInt n, PetscReal fits[], PetscReal split)
{
  PetscInt   na = 0, *idx;
  PetscReal *bx, amax = 0;

  PetscFunctionBeginUser;
  if (!(split > 0)) PetscFunctionReturn(0);
  PetscCall(PetscMalloc2(n + 1, &idx, n + 1, &bx));
  for (PetscInt L = 0; L < n; L++)
    if (fits[L * FIT_COLS] == TRIBO_ASPERITY_ACCEPTED)
      idx[na] = L, bx[na] = fits[L * FIT_COLS + 1], amax = PetscMax(amax, fits[L * FIT_COLS + 9]), na++;
  PetscCall(PetscSortRealWithArrayInt(na, bx, idx));
  for (PetscInt a = 0; a < na; a++)
    for (PetscInt b = a + 1; b < na && bx[b] - bx[a] < split * amax; b++) {
      PetscReal *fa = fits + idx[a] * FIT_COLS, *fb = fits + idx[b] * FIT_COLS, *lose;
      if (fa[0] != TRIBO_ASPERITY_ACCEPTED || fb[0] != TRIBO_ASPERITY_ACCEPTED) continue;
      if (PetscSqrtReal(PetscSqr(fa[1] - fb[1]) + PetscSqr(fa[2] - fb[2])) >= split * PetscMin(fa[9], fb[9])) continue;
      if (fa[7] != fb[7])
        lose = fa[7] < fb[7] ? fa : fb;
      else
        lose = idx[a] > idx[b] ? fa : fb;
      lose[0] = TRIBO_ASPERITY_SPLIT;
    }
  PetscCall(PetscFree2(idx, bx));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboSurfIdentify_Private(TriboSurf s, MPI_Comm comm, PetscInt k, TriboSurfResult *r)
{
  PetscReal   t0 = MPI_Wtime(), *hz[TRIBO_SURF_MAX_SCANS] = {NULL}, *all, *tmp, *rad;
  PetscInt    nh[TRIBO_SURF_MAX_SCANS] = {0}, cap = 0, nall = 0, best[4] = {-1, -1, -1, -1}, bestn[4] = {0, 0, 0, 0}, bestL[4], nymin = PETSC_MAX_INT;
  PetscMPIInt rank, size, ntile;
  MPI_Comm    tcomm;
  Tile        tile0 = {0};

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(r, sizeof(*r)));
  r->erosion = k;
  // tiles: as many ranks as leave every tile at least k + 2 rows (the halo); the other ranks get the result by broadcast
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  for (PetscInt i = 0; i < s->nscans; i++) nymin = PetscMin(nymin, s->scan[i]->ny);
  ntile = (PetscMPIInt)PetscMin(size, PetscMax(1, nymin / (k + 2)));
  PetscCallMPI(MPI_Comm_split(comm, rank < ntile ? 0 : MPI_UNDEFINED, rank, &tcomm));
  if (tcomm == MPI_COMM_NULL) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < s->nscans; i++) {
    const TriboHeightMap *m = s->scan[i];
    PetscInt              nl, *labs, ncross;
    PetscReal            *fits;
    Tile                  t    = {0};
    TriboAsperityCriteria crit = s->crit;
    crit.min_relief            = PetscMax(s->crit.min_relief, s->noise_factor * s->noise[i]);
    crit.noise                 = s->fit_resid ? s->noise[i] : 0; // the opening has removed the noise's upward excursions
    r->min_relief              = PetscMax(r->min_relief, crit.min_relief);
    r->noise[i]                = s->noise[i];
    PetscCall(TileSegment_Private(tcomm, m, s->resid[i], s->seg[i], k, &t));
    if (s->paper_rules) crit.min_relief = 0, r->min_relief = 0;
    PetscCall(TileFit_Private(tcomm, m, &t, s->fit_resid ? s->resid[i] : NULL, s->fit_resid && s->noise_fit && !s->paper_rules ? s->noise[i] : 0,
                              s->paper_rules ? NULL : &crit, &nl, &labs, &fits, &ncross));
    PetscCall(SplitPeaks_Private(nl, fits, s->paper_rules ? 0 : s->crit.split));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &t.nvalid, 1, MPIU_INT, MPI_SUM, tcomm));
    r->area += t.nvalid * m->dx * m->dy;
    r->nregions += nl;
    r->ncross += ncross;
    PetscCall(PetscMalloc1(nl + 1, &hz[i]));
    for (PetscInt L = 0; L < nl; L++) {
      PetscReal *f = fits + L * FIT_COLS;
      r->nfit[(PetscInt)f[0]]++;
      if (f[0] != TRIBO_ASPERITY_ACCEPTED) continue;
      if (r->nasp == cap) {
        PetscReal *b;
        cap = PetscMax(1024, 2 * cap);
        PetscCall(PetscMalloc1(cap * TRIBO_SURF_ASP_COLS, &b));
        if (r->nasp) PetscCall(PetscArraycpy(b, r->asp, r->nasp * TRIBO_SURF_ASP_COLS));
        PetscCall(PetscFree(r->asp));
        r->asp = b;
      }
      {
        PetscReal row[TRIBO_SURF_ASP_COLS] = {f[1], f[2], f[3], f[4], f[5], f[6], (PetscReal)i, f[7], f[10], f[11], f[12]};
        PetscCall(PetscArraycpy(r->asp + r->nasp * TRIBO_SURF_ASP_COLS, row, TRIBO_SURF_ASP_COLS));
      }
      hz[i][nh[i]++] = f[3];
      if (i == 0) // the four largest accepted regions of the first surface are the examples
        for (PetscInt e = 0; e < 4; e++)
          if (f[7] > bestn[e]) {
            for (PetscInt q = 3; q > e; q--) best[q] = best[q - 1], bestn[q] = bestn[q - 1], bestL[q] = bestL[q - 1];
            best[e] = r->nasp, bestn[e] = (PetscInt)f[7], bestL[e] = labs[L];
            break;
          }
      r->nasp++;
    }
    PetscCall(PetscFree(labs));
    PetscCall(PetscFree(fits));
    PetscCall(PetscFree(t.op));
    if (i == 0)
      tile0 = t; // its labels give the example points
    else
      PetscCall(PetscFree(t.lab));
  }
  // examples: the points of up to four asperities of the first surface
  for (PetscInt e = 0; e < 4 && best[e] >= 0; e++) r->nexample++, r->nexpts += bestn[e];
  PetscCall(PetscMalloc1(4 * r->nexpts + 1, &r->expts));
  PetscCall(TileExamples_Private(tcomm, s->scan[0], s->resid[0], &tile0, r->nexample, bestL, best, r->nexpts, r->expts));
  PetscCall(PetscFree(tile0.lab));
  PetscCallMPI(MPI_Comm_free(&tcomm));
  if (r->nasp < 2) { // reported by TriboSurfProcess() on every rank, after the results are shared
    for (PetscInt i = 0; i < s->nscans; i++) PetscCall(PetscFree(hz[i]));
    r->seconds = MPI_Wtime() - t0;
    PetscFunctionReturn(0);
  }
  // statistics: median radii, density, orientation, gaps of the heights shifted to zero median per surface
  PetscCall(PetscMalloc2(r->nasp, &rad, r->nasp, &tmp));
  for (PetscInt a = 0; a < r->nasp; a++) rad[a] = r->asp[a * TRIBO_SURF_ASP_COLS + 3];
  r->rp_med = Median_Private(r->nasp, rad);
  for (PetscInt a = 0; a < r->nasp; a++) rad[a] = r->asp[a * TRIBO_SURF_ASP_COLS + 4];
  r->rpp_med = Median_Private(r->nasp, rad);
  r->rp = 0.5 * r->rp_med, r->rpp = 0.5 * r->rpp_med, r->re = PetscSqrtReal(r->rp * r->rpp);
  r->eta   = r->nasp / r->area;
  r->nhist = s->nhist;
  PetscCall(PetscCalloc2(r->nhist + 1, &r->hist_edges, r->nhist, &r->hist));
  for (PetscInt b = 0; b <= r->nhist; b++) r->hist_edges[b] = -PETSC_PI / 2 + b * PETSC_PI / r->nhist;
  for (PetscInt a = 0; a < r->nasp; a++) {
    PetscInt b = (PetscInt)PetscCeilReal((r->asp[a * TRIBO_SURF_ASP_COLS + 5] + PETSC_PI / 2) / (PETSC_PI / r->nhist)) - 1; // bins (e_b, e_b+1]
    r->hist[PetscMin(PetscMax(b, 0), r->nhist - 1)] += 1;
  }
  {
    PetscInt bmax = 0;
    for (PetscInt b = 1; b < r->nhist; b++)
      if (r->hist[b] > r->hist[bmax]) bmax = b;
    r->alpha = 0.5 * (r->hist_edges[bmax] + r->hist_edges[bmax + 1]);
  }
  PetscCall(PetscMalloc1(r->nasp, &all));
  for (PetscInt i = 0; i < s->nscans; i++) {
    PetscReal med;
    PetscCall(PetscArraycpy(tmp, hz[i], nh[i]));
    med = nh[i] ? Median_Private(nh[i], tmp) : 0;
    for (PetscInt a = 0; a < nh[i]; a++) all[nall++] = hz[i][a] - med;
    PetscCall(PetscFree(hz[i]));
  }
  PetscCall(TriboGapPDFCompute(nall, all, s->npdf, s->nsamples, &r->pdf));
  PetscCall(PetscFree(all));
  PetscCall(PetscFree2(rad, tmp));
  r->seconds = MPI_Wtime() - t0;
  PetscFunctionReturn(0);
}

/* every rank of comm gets root's result */
PetscErrorCode TriboSurfResultBcast_Private(MPI_Comm comm, PetscMPIInt root, TriboSurfResult *r)
{
  PetscMPIInt rank;
  PetscInt    ni[8];
  PetscReal   nr[16];
  const int   NS = TRIBO_ASPERITY_NSTATUS;
  PetscInt64  nl[3];

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (rank == root) {
    ni[0] = r->erosion, ni[1] = r->nregions, ni[2] = r->nasp, ni[3] = r->nhist, ni[4] = r->nexample, ni[5] = r->nexpts, ni[6] = r->pdf.npdf,
    ni[7] = r->ncross;
    nr[0] = r->area, nr[1] = r->eta, nr[2] = r->rp_med, nr[3] = r->rpp_med, nr[4] = r->rp, nr[5] = r->rpp, nr[6] = r->re, nr[7] = r->alpha;
    nr[8] = r->pdf.zmax, nr[9] = r->pdf.gmin, nr[10] = r->pdf.bandwidth, nr[11] = r->pdf.integral, nr[12] = r->seconds, nr[13] = r->min_relief,
    nr[14] = r->noise[0], nr[15] = r->noise[1];
    nl[0] = r->pdf.ngaps, nl[1] = r->pdf.noutliers, nl[2] = r->pdf.nsamples;
  }
  PetscCallMPI(MPI_Bcast(ni, 8, MPIU_INT, root, comm));
  PetscCallMPI(MPI_Bcast(nr, 16, MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(nl, 3, MPIU_INT64, root, comm));
  PetscCallMPI(MPI_Bcast(r->nfit, NS, MPIU_INT, root, comm));
  if (rank != root) {
    PetscInt nfit[TRIBO_ASPERITY_NSTATUS];
    PetscCall(PetscArraycpy(nfit, r->nfit, NS));
    PetscCall(PetscMemzero(r, sizeof(*r)));
    PetscCall(PetscArraycpy(r->nfit, nfit, NS));
    r->erosion = ni[0], r->nregions = ni[1], r->nasp = ni[2], r->nhist = ni[3], r->nexample = ni[4], r->nexpts = ni[5], r->pdf.npdf = ni[6];
    r->ncross = ni[7];
    r->area = nr[0], r->eta = nr[1], r->rp_med = nr[2], r->rpp_med = nr[3], r->rp = nr[4], r->rpp = nr[5], r->re = nr[6], r->alpha = nr[7];
    r->pdf.zmax = nr[8], r->pdf.gmin = nr[9], r->pdf.bandwidth = nr[10], r->pdf.integral = nr[11], r->seconds = nr[12];
    r->min_relief = nr[13], r->noise[0] = nr[14], r->noise[1] = nr[15];
    r->pdf.ngaps = nl[0], r->pdf.noutliers = nl[1], r->pdf.nsamples = nl[2];
    PetscCall(PetscMalloc1(r->nasp * TRIBO_SURF_ASP_COLS + 1, &r->asp));
    PetscCall(PetscMalloc2(r->nhist + 1, &r->hist_edges, r->nhist, &r->hist));
    PetscCall(PetscMalloc1(4 * r->nexpts + 1, &r->expts));
    PetscCall(PetscMalloc2(r->pdf.npdf, &r->pdf.z, r->pdf.npdf, &r->pdf.p));
  }
  PetscCallMPI(MPI_Bcast(r->asp, (PetscMPIInt)(r->nasp * TRIBO_SURF_ASP_COLS), MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(r->hist_edges, (PetscMPIInt)(r->nhist + 1), MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(r->hist, (PetscMPIInt)r->nhist, MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(r->expts, (PetscMPIInt)(4 * r->nexpts), MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(r->pdf.z, (PetscMPIInt)r->pdf.npdf, MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(r->pdf.p, (PetscMPIInt)r->pdf.npdf, MPIU_REAL, root, comm));
  PetscFunctionReturn(0);
}
