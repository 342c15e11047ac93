/* One erosion size (Porter and Brake 2023 §3.2.2-3.2.3): opening, Sobel gradients, watershed and ellipsoid fits on each
   surface, then the statistics of the accepted asperities of both surfaces together. Runs on a sub-communicator: the
   morphology's row passes and the fits (regions dealt round-robin) are split over its ranks, every rank gets the same bits. */
#include <tribo/private/surfimpl.h>

#define FIT_COLS 10 /* status, bx, by, h_z, R', R'', alpha, points, a1, a2 */

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

/* fit the regions of one labelled surface; rows of fits[nl x FIT_COLS], identical on every rank of comm */
static PetscErrorCode FitRegions_Private(MPI_Comm comm, const TriboHeightMap *map, const PetscReal z[], const PetscInt label[], PetscInt nl,
                                         PetscInt **off_out, PetscInt **pts_out, PetscReal **fits_out)
{
  PetscInt    n = map->nx * map->ny, *off, *pts, *pos, maxn = 0;
  PetscReal  *fits, *x, *y, *w;
  PetscMPIInt rank, size;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscCalloc1(nl + 1, &off));
  PetscCall(PetscMalloc1(nl + 1, &pos));
  for (PetscInt p = 0; p < n; p++)
    if (label[p] > 0) off[label[p]]++;
  for (PetscInt L = 0; L < nl; L++) off[L + 1] += off[L], maxn = PetscMax(maxn, off[L + 1] - off[L]);
  PetscCall(PetscMalloc1(off[nl] + 1, &pts));
  PetscCall(PetscArraycpy(pos, off, nl + 1));
  for (PetscInt p = 0; p < n; p++)
    if (label[p] > 0) pts[pos[label[p] - 1]++] = p;
  PetscCall(PetscCalloc1(nl * FIT_COLS + 1, &fits));
  PetscCall(PetscMalloc3(maxn + 1, &x, maxn + 1, &y, maxn + 1, &w));
  for (PetscInt L = rank; L < nl; L += size) {
    TriboAsperity a;
    PetscInt      np = off[L + 1] - off[L];
    PetscReal    *f  = fits + L * FIT_COLS;
    for (PetscInt t = 0; t < np; t++) {
      PetscInt p = pts[off[L] + t];
      x[t] = map->x0 + (p % map->nx) * map->dx, y[t] = map->y0 + (p / map->nx) * map->dy, w[t] = z[p];
    }
    PetscCall(TriboAsperityFit(np, x, y, w, &a));
    f[0] = a.status, f[1] = a.bx, f[2] = a.by, f[3] = a.height, f[4] = a.rp, f[5] = a.rpp, f[6] = a.alpha, f[7] = np, f[8] = a.a1, f[9] = a.a2;
  }
  PetscCall(PetscFree3(x, y, w));
  if (size > 1) {
    PetscMPIInt cnt;
    PetscCall(PetscMPIIntCast(nl * FIT_COLS, &cnt));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, fits, cnt, MPIU_REAL, MPIU_SUM, comm)); // one rank holds each row, the others 0: exact
  }
  PetscCall(PetscFree(pos));
  *off_out = off, *pts_out = pts, *fits_out = fits;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboSurfIdentify_Private(TriboSurf s, MPI_Comm comm, PetscInt k, TriboSurfResult *r)
{
  PetscReal             t0 = MPI_Wtime(), *hz[TRIBO_SURF_MAX_SCANS] = {NULL}, *all, *tmp, *rad;
  PetscInt              nh[TRIBO_SURF_MAX_SCANS] = {0}, cap = 0, nall = 0, best[4] = {-1, -1, -1, -1}, bestn[4] = {0, 0, 0, 0};
  PetscInt             *bestoff = NULL, *bestpts = NULL, bestL[4];
  const TriboHeightMap *m0 = s->scan[0];

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(r, sizeof(*r)));
  r->erosion = k;
  for (PetscInt i = 0; i < s->nscans; i++) {
    const TriboHeightMap *m = s->scan[i];
    PetscInt              n = m->nx * m->ny, *label, nl, *off, *pts, nvalid = 0;
    PetscReal            *op, *g, *fits;
    PetscCall(PetscMalloc3(n, &op, n, &g, n, &label));
    PetscCall(TriboSurfaceOpening(comm, m->nx, m->ny, s->resid[i], k, op));
    PetscCall(TriboSurfaceSobel(m->nx, m->ny, op, m->dx, m->dy, g));
    PetscCall(TriboSurfaceWatershed(m->nx, m->ny, g, label, &nl));
    for (PetscInt p = 0; p < n; p++) nvalid += !PetscIsNanReal(s->resid[i][p]);
    r->area += nvalid * m->dx * m->dy;
    r->nregions += nl;
    PetscCall(FitRegions_Private(comm, m, op, label, nl, &off, &pts, &fits));
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
        PetscReal row[TRIBO_SURF_ASP_COLS] = {f[1], f[2], f[3], f[4], f[5], f[6], (PetscReal)i, f[7]};
        PetscCall(PetscArraycpy(r->asp + r->nasp * TRIBO_SURF_ASP_COLS, row, TRIBO_SURF_ASP_COLS));
      }
      hz[i][nh[i]++] = f[3];
      if (i == 0) // the four largest accepted regions of the first surface are the examples
        for (PetscInt e = 0; e < 4; e++)
          if (f[7] > bestn[e]) {
            for (PetscInt q = 3; q > e; q--) best[q] = best[q - 1], bestn[q] = bestn[q - 1], bestL[q] = bestL[q - 1];
            best[e] = r->nasp, bestn[e] = (PetscInt)f[7], bestL[e] = L;
            break;
          }
      r->nasp++;
    }
    if (i == 0)
      bestoff = off, bestpts = pts;
    else {
      PetscCall(PetscFree(off));
      PetscCall(PetscFree(pts));
    }
    PetscCall(PetscFree(fits));
    PetscCall(PetscFree3(op, g, label));
  }
  // examples: the points of up to four asperities of the first surface
  for (PetscInt e = 0; e < 4 && best[e] >= 0; e++) r->nexample++, r->nexpts += bestn[e];
  PetscCall(PetscMalloc1(4 * r->nexpts + 1, &r->expts));
  for (PetscInt e = 0, c = 0; e < r->nexample; e++)
    for (PetscInt t = bestoff[bestL[e]]; t < bestoff[bestL[e] + 1]; t++, c++) {
      PetscInt p      = bestpts[t];
      r->expts[4 * c] = m0->x0 + (p % m0->nx) * m0->dx, r->expts[4 * c + 1] = m0->y0 + (p / m0->nx) * m0->dy;
      r->expts[4 * c + 2] = s->resid[0][p], r->expts[4 * c + 3] = best[e];
    }
  PetscCall(PetscFree(bestoff));
  PetscCall(PetscFree(bestpts));
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
  PetscInt64  nl[3];

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (rank == root) {
    ni[0] = r->erosion, ni[1] = r->nregions, ni[2] = r->nasp, ni[3] = r->nhist, ni[4] = r->nexample, ni[5] = r->nexpts, ni[6] = r->pdf.npdf,
    ni[7] = 0;
    nr[0] = r->area, nr[1] = r->eta, nr[2] = r->rp_med, nr[3] = r->rpp_med, nr[4] = r->rp, nr[5] = r->rpp, nr[6] = r->re, nr[7] = r->alpha;
    nr[8] = r->pdf.zmax, nr[9] = r->pdf.gmin, nr[10] = r->pdf.bandwidth, nr[11] = r->pdf.integral, nr[12] = r->seconds, nr[13] = nr[14] = nr[15] = 0;
    nl[0] = r->pdf.ngaps, nl[1] = r->pdf.noutliers, nl[2] = r->pdf.nsamples;
  }
  PetscCallMPI(MPI_Bcast(ni, 8, MPIU_INT, root, comm));
  PetscCallMPI(MPI_Bcast(nr, 16, MPIU_REAL, root, comm));
  PetscCallMPI(MPI_Bcast(nl, 3, MPIU_INT64, root, comm));
  PetscCallMPI(MPI_Bcast(r->nfit, 6, MPIU_INT, root, comm));
  if (rank != root) {
    PetscInt nfit[6];
    PetscCall(PetscArraycpy(nfit, r->nfit, 6));
    PetscCall(PetscMemzero(r, sizeof(*r)));
    PetscCall(PetscArraycpy(r->nfit, nfit, 6));
    r->erosion = ni[0], r->nregions = ni[1], r->nasp = ni[2], r->nhist = ni[3], r->nexample = ni[4], r->nexpts = ni[5], r->pdf.npdf = ni[6];
    r->area = nr[0], r->eta = nr[1], r->rp_med = nr[2], r->rpp_med = nr[3], r->rp = nr[4], r->rpp = nr[5], r->re = nr[6], r->alpha = nr[7];
    r->pdf.zmax = nr[8], r->pdf.gmin = nr[9], r->pdf.bandwidth = nr[10], r->pdf.integral = nr[11], r->seconds = nr[12];
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
