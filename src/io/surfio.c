/* Surface scans in, asperity statistics out (tribo surface, src/surf/): the file formats and the layout of surface.h5,
   which TriboSurfaceStatsLoad() (src/io/surfstats.c) reads for the rough-contact law. Layout of surface.h5:
     /meta                              provenance (TriboH5WriteMeta(): options, version, revision, inputs and SHA-256)
     /surface                           attributes: scans, units, sigma_points, setup_seconds, erosion_sizes
     /surface/scan<i>/{x, y, height, mesoscale}   the levelled scan and its mesoscale topology, every step-th point
     /erosion_<k>                       attributes erosion_size, regions, asperities, fits_<status>, seconds, area
     /erosion_<k>/statistics/re, rp, rpp, eta, z_max, alpha          scalars as 1-element datasets (m, 1/m^2, rad)
     /erosion_<k>/statistics/gap_pdf_z, gap_pdf_p                    normalized gap on [0, 1] and its density
     /erosion_<k>/statistics/rp_median, rpp_median, gap_min, pdf_bandwidth, pdf_integral (scalars)
     /erosion_<k>/statistics/hist_edges, hist                        orientation histogram
     /erosion_<k>/statistics/rejected   [9] regions rejected by reason (attribute reasons: TriboAsperityStatuses after accepted)
     /erosion_<k>/statistics/min_relief, noise                       the minimum relief applied (m), each scan's noise (m)
     /erosion_<k>/asperities            [nasp x 11]: x, y, h_z, R', R'', alpha, surface, points, relief, misfit, sag (attribute columns)
     /erosion_<k>/examples              [npts x 4]: x, y, z, row of the asperity in /asperities
     /erosion_<k>/mesoscale/x, y, gap   the gap map [ny x nx] (m, NaN outside the scans, min 0)
   A checkpoint of tribo surface (-surface_checkpoint, TriboSurfCheckpointWrite()) holds every erosion size finished so far,
   whole (TriboSurfResult), and the run's physics options:
     /surface_checkpoint/physics                          the options that determine the statistics (TriboOptionsPhysics())
     /surface_checkpoint/erosion_<k>/counts               [8] erosion, regions, asperities, hist bins, examples, example points,
                                                          PDF points, regions crossing tiles
     /surface_checkpoint/erosion_<k>/scalars              [16] area, eta, R' and R'' medians, rp, rpp, re, alpha, z_max, gap min,
                                                          bandwidth, integral, seconds, min relief, noise of each scan
     /surface_checkpoint/erosion_<k>/gaps                 [3] gaps, outliers, samples of the PDF
     /surface_checkpoint/erosion_<k>/fits                 [TRIBO_ASPERITY_NSTATUS] fits by status
     /surface_checkpoint/erosion_<k>/asperities, hist_edges, hist, examples, pdf_z, pdf_p   the arrays (absent when empty) */
#include <triboio.h>
#include <tribo/private/h5impl.h>
#include <stdio.h>
#include <string.h>

/* x,y,z rows of a CSV file: '#' comments, one optional header line, separators ',' ';' or white space */
static PetscErrorCode ReadCSV_Private(const char fn[], PetscInt *n, PetscReal **xyz)
{
  FILE      *fp = fopen(fn, "r");
  char       line[4096];
  PetscInt   cap = 0, cnt = 0, lineno = 0;
  PetscReal *a = NULL;

  PetscFunctionBeginUser;
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open scan %s", fn);
  while (fgets(line, sizeof(line), fp)) {
    double v[3];
    char  *p = line;
    int    got;
    lineno++;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '#' || *p == '\n' || *p == '\r' || !*p) continue;
    for (char *q = p; *q; q++)
      if (*q == ',' || *q == ';') *q = ' ';
    got = sscanf(p, "%lf %lf %lf", &v[0], &v[1], &v[2]);
    if (got != 3 && !cnt && lineno <= 2 && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) continue; // a header
    if (got != 3) {
      fclose(fp);
      PetscCall(PetscFree(a));
      SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "scan %s, line %" PetscInt_FMT ": expected three numbers x, y, z", fn, lineno);
    }
    if (PetscIsInfOrNanReal(v[0]) || PetscIsInfOrNanReal(v[1])) { // (a NaN x reached the plane fit as "points lie on a line")
      fclose(fp);
      PetscCall(PetscFree(a));
      SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "scan %s, line %" PetscInt_FMT ": x and y must be finite numbers (z may be NaN: no data)",
              fn, lineno);
    }
    if (cnt == cap) {
      PetscReal *b;
      cap = PetscMax(4096, 2 * cap);
      PetscCall(PetscMalloc1(3 * cap, &b));
      if (cnt) PetscCall(PetscArraycpy(b, a, 3 * cnt));
      PetscCall(PetscFree(a));
      a = b;
    }
    a[3 * cnt] = v[0], a[3 * cnt + 1] = v[1], a[3 * cnt + 2] = v[2];
    cnt++;
  }
  fclose(fp);
  *n = cnt, *xyz = a;
  PetscFunctionReturn(0);
}

/* rank 0's part of TriboSurfaceScanLoad(): the file into hdr (kind, sizes), geo (grid origin and spacing) and xyz */
static PetscErrorCode ReadScanRoot_Private(const char file[], PetscBool csv, PetscInt hdr[], PetscReal geo[], PetscReal **xyzp)
{
  PetscReal *xyz = NULL;
  PetscBool  flg;

  PetscFunctionBeginUser;
  PetscCall(PetscTestFile(file, 'r', &flg));
  PetscCheck(flg, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "scan %s does not exist or cannot be read (option -surface_scans)", file);
  if (csv) {
    PetscInt n = 0;
    PetscCall(ReadCSV_Private(file, &n, &xyz));
    hdr[0] = 1, hdr[1] = n;
  } else {
    TriboH5   h;
    PetscBool has;
    PetscInt  nd, dims[3];
    PetscCall(TriboH5Open(PETSC_COMM_SELF, file, &h));
    PetscCall(TriboH5Has(h, "/points", &has));
    if (has) {
      PetscCall(TriboH5ReadReal(h, "/points", &nd, dims, &xyz));
      PetscCheck(nd == 2 && dims[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "scan %s: /points must be n x 3 (x, y, z)", file);
      for (PetscInt k = 0; k < dims[0]; k++)
        PetscCheck(!PetscIsInfOrNanReal(xyz[3 * k]) && !PetscIsInfOrNanReal(xyz[3 * k + 1]), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                   "scan %s: /points row %" PetscInt_FMT ": x and y must be finite numbers (z may be NaN: no data)", file, k);
      hdr[0] = 1, hdr[1] = dims[0];
    } else {
      PetscReal *x, *y;
      PetscInt   nx, ny;
      PetscCall(TriboH5Has(h, "/height", &has));
      PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "scan %s has neither /points (n x 3: x, y, z) nor /height (ny x nx) with /x and /y: no scan to read", file);
      PetscCall(TriboH5ReadReal(h, "/height", &nd, dims, &xyz));
      PetscCheck(nd == 2 && dims[0] >= 2 && dims[1] >= 2, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "scan %s: /height must be ny x nx", file);
      PetscCall(TriboH5ReadReal(h, "/x", &nd, &nx, &x));
      PetscCall(TriboH5ReadReal(h, "/y", &nd, &ny, &y));
      PetscCheck(nx == dims[1] && ny == dims[0], PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "scan %s: /x has %" PetscInt_FMT " and /y %" PetscInt_FMT " values for a %" PetscInt_FMT " x %" PetscInt_FMT " /height", file, nx,
                 ny, dims[0], dims[1]);
      geo[0] = x[0], geo[1] = y[0], geo[2] = (x[nx - 1] - x[0]) / (nx - 1), geo[3] = (y[ny - 1] - y[0]) / (ny - 1);
      for (PetscInt i = 1; i < nx; i++)
        PetscCheck(PetscAbsReal(x[i] - x[0] - i * geo[2]) <= 1e-6 * PetscAbsReal(geo[2]) && geo[2] > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                   "scan %s: /x must increase in equal steps", file);
      for (PetscInt j = 1; j < ny; j++)
        PetscCheck(PetscAbsReal(y[j] - y[0] - j * geo[3]) <= 1e-6 * PetscAbsReal(geo[3]) && geo[3] > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                   "scan %s: /y must increase in equal steps", file);
      PetscCall(PetscFree(x));
      PetscCall(PetscFree(y));
      hdr[0] = 2, hdr[1] = dims[1], hdr[2] = dims[0];
    }
    PetscCall(TriboH5Close(&h, PETSC_FALSE));
  }
  *xyzp = xyz;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceScanLoad - Reads one surface scan as a height map in m.

  Collective

  Input Parameters:
+ comm  - every rank gets the map (rank 0 reads)
. file  - a CSV point cloud (x, y, z per line), or an HDF5 file with /points (n x 3: x, y, z) or /height (ny x nx, NaN: no data)
          with /x (nx) and /y (ny) increasing and equally spaced
. units - m per unit of the file's numbers (-surface_units)
- dx    - grid spacing for a point cloud (m); 0: sqrt(bounding-box area / points)

  Output Parameter:
. map - the height map; a point cloud is levelled (rotated onto its least-squares plane) and binned by TriboSurfacePointsToGrid()

  Notes:
  Errors name the file and the line or dataset.
@*/
PetscErrorCode TriboSurfaceScanLoad(MPI_Comm comm, const char file[], PetscReal units, PetscReal dx, TriboHeightMap **map)
{
  PetscMPIInt rank;
  PetscInt    hdr[6] = {0, 0, 0, 0, 0, 0};
  PetscReal   geo[4] = {0, 0, 0, 0}, plane[3];
  PetscReal  *xyz    = NULL;
  PetscBool   csv;
  int         ierr = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscStrendswith(file, ".csv", &csv));
  if (!rank) ierr = ReadScanRoot_Private(file, csv, hdr, geo, &xyz); // rank 0 alone: its error is agreed below, no rank waits
  PetscCallMPI(MPI_Bcast(&ierr, 1, MPI_INT, 0, comm));
  if (ierr) {
    PetscCall(PetscFree(xyz));
    if (!rank) PetscCall((PetscErrorCode)ierr); // rank 0: passed on as a repeat, its message is printed already
    SETERRQ(PETSC_COMM_SELF, ierr, "reading scan %s failed on rank 0", file);
  }
  PetscCallMPI(MPI_Bcast(hdr, 6, MPIU_INT, 0, comm));
  PetscCallMPI(MPI_Bcast(geo, 4, MPIU_REAL, 0, comm));
  if (hdr[0] == 1) {
    if (rank) PetscCall(PetscMalloc1(3 * hdr[1] + 1, &xyz));
    PetscCallMPI(MPI_Bcast(xyz, (PetscMPIInt)(3 * hdr[1]), MPIU_REAL, 0, comm));
    for (PetscInt k = 0; k < 3 * hdr[1]; k++) xyz[k] *= units;
    PetscCall(TriboSurfacePointsToGrid(hdr[1], xyz, dx, plane, map));
  } else {
    PetscInt n = hdr[1] * hdr[2];
    PetscCall(TriboHeightMapCreate(hdr[1], hdr[2], geo[0] * units, geo[1] * units, geo[2] * units, geo[3] * units, map));
    if (rank) PetscCall(PetscMalloc1(n, &xyz));
    PetscCallMPI(MPI_Bcast(xyz, (PetscMPIInt)n, MPIU_REAL, 0, comm));
    for (PetscInt k = 0; k < n; k++) (*map)->z[k] = xyz[k] * units;
  }
  PetscCall(PetscFree(xyz));
  PetscFunctionReturn(0);
}

static PetscErrorCode Scalar_Private(TriboH5 h, const char grp[], const char name[], PetscReal v)
{
  char     path[PETSC_MAX_PATH_LEN];
  PetscInt one = 1;

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/%s", grp, name));
  PetscCall(TriboH5WriteReal(h, path, 1, &one, &v));
  PetscFunctionReturn(0);
}

/*@
  TriboSurfWriteH5 - Writes the statistics of every erosion size, the mesoscale gap map and the scans (subsampled for
  pictures) into an open file, in the layout that TriboSurfaceStatsLoad() reads (see src/io/surfio.c).

  Collective (rank 0 writes)

  Input Parameters:
+ s   - the processed surfaces (TriboSurfProcess())
. h   - file from TriboH5Create()
- max - largest number of points along x of the stored scans (they are subsampled to it)
@*/
PetscErrorCode TriboSurfWriteH5(TriboSurf s, TriboH5 h, PetscInt max)
{
  PetscInt         nres, nscans, gnx, gny;
  PetscReal        sigma, setup;
  const PetscReal *gx, *gy, *gap;
  char             grp[PETSC_MAX_PATH_LEN], path[PETSC_MAX_PATH_LEN], sizes[512] = "";

  PetscFunctionBeginUser;
  PetscCall(TriboSurfGetNumResults(s, &nres));
  PetscCall(TriboSurfGetInfo(s, &nscans, &sigma, &setup));
  PetscCall(TriboSurfGetGapMap(s, &gnx, &gny, &gx, &gy, &gap));
  for (PetscInt k = 0; k < nres; k++) {
    const TriboSurfResult *r;
    char                   num[32];
    PetscCall(TriboSurfGetResult(s, k, &r));
    PetscCall(PetscSNPrintf(num, sizeof(num), "%s%" PetscInt_FMT, k ? "," : "", r->erosion));
    PetscCall(PetscStrlcat(sizes, num, sizeof(sizes)));
  }
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_SURFACE, "erosion_sizes", sizes));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_SURFACE, "scans", nscans));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_SURFACE, "sigma_points", sigma));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_SURFACE, "setup_seconds", setup));
  for (PetscInt i = 0; i < nscans; i++) {
    const TriboHeightMap *m;
    const PetscReal      *meso;
    PetscInt              step, mx, my, d[2];
    PetscReal            *x, *y, *z, *w;
    PetscCall(TriboSurfGetScan(s, i, &m, &meso));
    step = PetscMax(1, (m->nx + max - 1) / max);
    mx = (m->nx + step - 1) / step, my = (m->ny + step - 1) / step;
    PetscCall(PetscMalloc4(mx, &x, my, &y, mx * my, &z, mx * my, &w));
    for (PetscInt a = 0; a < mx; a++) x[a] = m->x0 + a * step * m->dx;
    for (PetscInt b = 0; b < my; b++) y[b] = m->y0 + b * step * m->dy;
    for (PetscInt b = 0; b < my; b++)
      for (PetscInt a = 0; a < mx; a++) z[b * mx + a] = m->z[b * step * m->nx + a * step], w[b * mx + a] = meso[b * step * m->nx + a * step];
    d[0] = my, d[1] = mx;
    PetscCall(PetscSNPrintf(grp, sizeof(grp), "%s/scan%" PetscInt_FMT, TRIBO_H5_SURFACE, i + 1));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/x", grp));
    PetscCall(TriboH5WriteReal(h, path, 1, &mx, x));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/y", grp));
    PetscCall(TriboH5WriteReal(h, path, 1, &my, y));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/height", grp));
    PetscCall(TriboH5WriteReal(h, path, 2, d, z));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/mesoscale", grp));
    PetscCall(TriboH5WriteReal(h, path, 2, d, w));
    PetscCall(TriboH5WriteAttrInt(h, grp, "nx", m->nx));
    PetscCall(TriboH5WriteAttrInt(h, grp, "ny", m->ny));
    PetscCall(TriboH5WriteAttrInt(h, grp, "step", step));
    PetscCall(TriboH5WriteAttrReal(h, grp, "dx", m->dx));
    PetscCall(PetscFree4(x, y, z, w));
  }
  for (PetscInt k = 0; k < nres; k++) {
    const TriboSurfResult *r;
    char                   st[PETSC_MAX_PATH_LEN];
    PetscInt               d[2];
    PetscCall(TriboSurfGetResult(s, k, &r));
    PetscCall(PetscSNPrintf(grp, sizeof(grp), "/erosion_%" PetscInt_FMT, r->erosion));
    PetscCall(PetscSNPrintf(st, sizeof(st), "%s/statistics", grp));
    PetscCall(Scalar_Private(h, st, "re", r->re));
    PetscCall(Scalar_Private(h, st, "rp", r->rp));
    PetscCall(Scalar_Private(h, st, "rpp", r->rpp));
    PetscCall(Scalar_Private(h, st, "eta", r->eta));
    PetscCall(Scalar_Private(h, st, "z_max", r->pdf.zmax));
    PetscCall(Scalar_Private(h, st, "alpha", r->alpha));
    PetscCall(Scalar_Private(h, st, "rp_median", r->rp_med));
    PetscCall(Scalar_Private(h, st, "rpp_median", r->rpp_med));
    PetscCall(Scalar_Private(h, st, "gap_min", r->pdf.gmin));
    PetscCall(Scalar_Private(h, st, "pdf_bandwidth", r->pdf.bandwidth));
    PetscCall(Scalar_Private(h, st, "pdf_integral", r->pdf.integral));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/gap_pdf_z", st));
    PetscCall(TriboH5WriteReal(h, path, 1, &r->pdf.npdf, r->pdf.z));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/gap_pdf_p", st));
    PetscCall(TriboH5WriteReal(h, path, 1, &r->pdf.npdf, r->pdf.p));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/hist_edges", st));
    d[0] = r->nhist + 1;
    PetscCall(TriboH5WriteReal(h, path, 1, d, r->hist_edges));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/hist", st));
    PetscCall(TriboH5WriteReal(h, path, 1, &r->nhist, r->hist));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/asperities", grp));
    d[0] = r->nasp, d[1] = TRIBO_SURF_ASP_COLS;
    PetscCall(TriboH5WriteReal(h, path, 2, d, r->asp));
    PetscCall(TriboH5WriteAttrString(
        h, path, "columns",
        "x, y, h_z, R', R'', alpha, surface, points, relief, misfit, sag (m, rad; surface 0 or 1; misfit and sag over the relief)"));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/examples", grp));
    d[0] = r->nexpts, d[1] = 4;
    PetscCall(TriboH5WriteReal(h, path, 2, d, r->expts));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/mesoscale/x", grp));
    PetscCall(TriboH5WriteReal(h, path, 1, &gnx, gx));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/mesoscale/y", grp));
    PetscCall(TriboH5WriteReal(h, path, 1, &gny, gy));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/mesoscale/gap", grp));
    d[0] = gny, d[1] = gnx;
    PetscCall(TriboH5WriteReal(h, path, 2, d, gap));
    PetscCall(TriboH5WriteAttrInt(h, grp, "erosion_size", r->erosion));
    PetscCall(TriboH5WriteAttrInt(h, grp, "regions", r->nregions));
    PetscCall(TriboH5WriteAttrInt(h, grp, "asperities", r->nasp));
    for (PetscInt f = 0; f < TRIBO_ASPERITY_NSTATUS; f++) {
      char an[64];
      PetscCall(PetscSNPrintf(an, sizeof(an), "fits_%s", TriboAsperityStatuses[f]));
      PetscCall(TriboH5WriteAttrInt(h, grp, an, r->nfit[f]));
    }
    { // the regions rejected, by reason (TriboAsperityStatuses), and the minimum relief applied
      PetscInt nrej = TRIBO_ASPERITY_NSTATUS - 1, two = 2;
      PetscCall(PetscSNPrintf(path, sizeof(path), "%s/rejected", st));
      PetscCall(TriboH5WriteInt(h, path, 1, &nrej, r->nfit + 1));
      PetscCall(TriboH5WriteAttrString(h, path, "reasons", "few_points, few_unique, axes, valley, center_outside, low, misfit, flat, split"));
      PetscCall(Scalar_Private(h, st, "min_relief", r->min_relief));
      PetscCall(PetscSNPrintf(path, sizeof(path), "%s/noise", st));
      PetscCall(TriboH5WriteReal(h, path, 1, &two, r->noise));
    }
    PetscCall(TriboH5WriteAttrReal(h, grp, "area", r->area));
    PetscCall(TriboH5WriteAttrReal(h, grp, "seconds", r->seconds));
    PetscCall(TriboH5WriteAttrReal(h, grp, "gap_pairs", (PetscReal)r->pdf.ngaps));
    PetscCall(TriboH5WriteAttrReal(h, grp, "gap_outliers", (PetscReal)r->pdf.noutliers));
    PetscCall(TriboH5WriteAttrReal(h, grp, "gap_samples", (PetscReal)r->pdf.nsamples));
  }
  PetscFunctionReturn(0);
}

/* the path of a checkpoint's dataset of erosion size e */
static PetscErrorCode CkPath_Private(char path[], size_t n, PetscInt e, const char name[])
{
  return PetscSNPrintf(path, n, "/surface_checkpoint/erosion_%" PetscInt_FMT "/%s", e, name);
}

/*@C
  TriboSurfCheckpointWrite - Writes every erosion size finished so far, whole, and the run's physics options to a checkpoint of
  tribo surface (temporary name, then renamed: a previous checkpoint survives a failed write).

  Collective

  Input Parameters:
+ s    - the pipeline (a TriboSurfSetRoundMonitor() callback calls this after each round)
- file - the checkpoint (HDF5; layout at the top of this file)
@*/
PetscErrorCode TriboSurfCheckpointWrite(TriboSurf s, const char file[])
{
  TriboH5         h;
  MPI_Comm        comm;
  PetscInt        n, d1[1], d2[2];
  const PetscInt *ks;
  char            path[128];

  PetscFunctionBeginUser;
  PetscCall(TriboSurfGetComm(s, &comm));
  PetscCall(TriboSurfGetErosionSizes(s, &n, &ks));
  PetscCall(TriboH5Create(comm, file, &h));
  PetscCall(TriboH5WriteMeta(h, "surface checkpoint", 0, NULL));
  for (PetscInt k = 0; k < n; k++) {
    const TriboSurfResult *r;
    PetscBool              done;
    PetscCall(TriboSurfGetResultDone(s, k, &done));
    if (!done) continue;
    PetscCall(TriboSurfGetResult(s, k, &r));
    {
      PetscInt  ni[8]  = {r->erosion, r->nregions, r->nasp, r->nhist, r->nexample, r->nexpts, r->pdf.npdf, r->ncross};
      PetscReal nr[16] = {r->area,     r->eta,      r->rp_med,        r->rpp_med,      r->rp,      r->rpp,        r->re,       r->alpha,
                          r->pdf.zmax, r->pdf.gmin, r->pdf.bandwidth, r->pdf.integral, r->seconds, r->min_relief, r->noise[0], r->noise[1]};
      PetscReal nl[3]  = {(PetscReal)r->pdf.ngaps, (PetscReal)r->pdf.noutliers, (PetscReal)r->pdf.nsamples};
      d1[0]            = 8;
      PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "counts"));
      PetscCall(TriboH5WriteInt(h, path, 1, d1, ni));
      d1[0] = 16;
      PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "scalars"));
      PetscCall(TriboH5WriteReal(h, path, 1, d1, nr));
      d1[0] = 3;
      PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "gaps"));
      PetscCall(TriboH5WriteReal(h, path, 1, d1, nl));
      d1[0] = TRIBO_ASPERITY_NSTATUS;
      PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "fits"));
      PetscCall(TriboH5WriteInt(h, path, 1, d1, r->nfit));
    }
    d2[0] = r->nasp, d2[1] = TRIBO_SURF_ASP_COLS;
    PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "asperities"));
    if (r->nasp) PetscCall(TriboH5WriteReal(h, path, 2, d2, r->asp));
    d1[0] = r->nhist + 1;
    PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "hist_edges"));
    PetscCall(TriboH5WriteReal(h, path, 1, d1, r->hist_edges));
    d1[0] = r->nhist;
    PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "hist"));
    if (r->nhist) PetscCall(TriboH5WriteReal(h, path, 1, d1, r->hist));
    d2[0] = r->nexpts, d2[1] = 4;
    PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "examples"));
    if (r->nexpts) PetscCall(TriboH5WriteReal(h, path, 2, d2, r->expts));
    d1[0] = r->pdf.npdf;
    PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "pdf_z"));
    if (r->pdf.npdf) PetscCall(TriboH5WriteReal(h, path, 1, d1, r->pdf.z));
    PetscCall(CkPath_Private(path, sizeof(path), r->erosion, "pdf_p"));
    if (r->pdf.npdf) PetscCall(TriboH5WriteReal(h, path, 1, d1, r->pdf.p));
  }
  PetscCall(TriboH5WritePhysics(h, "/surface_checkpoint/physics"));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@C
  TriboSurfCheckpointLoad - Gives the pipeline the erosion sizes a checkpoint of an interrupted tribo surface holds
  (TriboSurfSetResult()), so that TriboSurfProcess() computes only the others. A checkpoint made with other physics options is
  refused, naming them (TriboOptionsPhysicsCheck()).

  Collective

  Input Parameters:
+ s    - the pipeline, its options and scans set
- file - the checkpoint (TriboSurfCheckpointWrite())

  Output Parameter:
. nloaded - the number of erosion sizes taken from it
@*/
PetscErrorCode TriboSurfCheckpointLoad(TriboSurf s, const char file[], PetscInt *nloaded)
{
  TriboH5         h;
  MPI_Comm        comm;
  PetscInt        n;
  const PetscInt *ks;
  char            path[128];

  PetscFunctionBeginUser;
  *nloaded = 0;
  PetscCall(TriboSurfGetComm(s, &comm));
  PetscCall(TriboSurfGetErosionSizes(s, &n, &ks));
  PetscCall(TriboH5Open(comm, file, &h));
  PetscCall(TriboH5CheckPhysics(h, "/surface_checkpoint/physics", "or without -surface_restart"));
  for (PetscInt k = 0; k < n; k++) {
    TriboSurfResult r;
    PetscBool       has;
    PetscInt        nd, dims[3], *iv;
    PetscReal       nr[16], nl[3];

    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "counts"));
    PetscCall(TriboH5Has(h, path, &has));
    if (!has) continue;
    PetscCall(PetscMemzero(&r, sizeof(r)));
    PetscCall(TriboH5ReadInt(h, path, &nd, dims, &iv));
    PetscCheck(nd == 1 && dims[0] == 8, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have 8 values", file, path);
    r.erosion = iv[0], r.nregions = iv[1], r.nasp = iv[2], r.nhist = iv[3], r.nexample = iv[4], r.nexpts = iv[5], r.pdf.npdf = iv[6];
    r.ncross = iv[7];
    PetscCall(PetscFree(iv));
    PetscCheck(r.erosion == ks[k] && r.nasp >= 0 && r.nhist >= 0 && r.nexpts >= 0 && r.pdf.npdf >= 0 && r.nregions >= r.nasp, PETSC_COMM_SELF,
               PETSC_ERR_FILE_UNEXPECTED, "%s: %s holds inconsistent counts", file, path);
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "scalars"));
    PetscCall(TriboH5ReadRealInto(h, path, 16, 1, nr));
    r.area = nr[0], r.eta = nr[1], r.rp_med = nr[2], r.rpp_med = nr[3], r.rp = nr[4], r.rpp = nr[5], r.re = nr[6], r.alpha = nr[7];
    r.pdf.zmax = nr[8], r.pdf.gmin = nr[9], r.pdf.bandwidth = nr[10], r.pdf.integral = nr[11], r.seconds = nr[12], r.min_relief = nr[13];
    r.noise[0] = nr[14], r.noise[1] = nr[15];
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "gaps"));
    PetscCall(TriboH5ReadRealInto(h, path, 3, 1, nl));
    r.pdf.ngaps = (PetscInt64)nl[0], r.pdf.noutliers = (PetscInt64)nl[1], r.pdf.nsamples = (PetscInt64)nl[2];
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "fits"));
    PetscCall(TriboH5ReadInt(h, path, &nd, dims, &iv));
    PetscCheck(nd == 1 && dims[0] == TRIBO_ASPERITY_NSTATUS, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %d values", file, path,
               (int)TRIBO_ASPERITY_NSTATUS);
    PetscCall(PetscArraycpy(r.nfit, iv, TRIBO_ASPERITY_NSTATUS));
    PetscCall(PetscFree(iv));
    PetscCall(PetscMalloc1(r.nasp * TRIBO_SURF_ASP_COLS + 1, &r.asp));
    PetscCall(PetscMalloc2(r.nhist + 1, &r.hist_edges, r.nhist + 1, &r.hist));
    PetscCall(PetscMalloc1(4 * r.nexpts + 1, &r.expts));
    PetscCall(PetscMalloc2(r.pdf.npdf + 1, &r.pdf.z, r.pdf.npdf + 1, &r.pdf.p));
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "asperities"));
    if (r.nasp) PetscCall(TriboH5ReadRealInto(h, path, r.nasp, TRIBO_SURF_ASP_COLS, r.asp));
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "hist_edges"));
    PetscCall(TriboH5ReadRealInto(h, path, r.nhist + 1, 1, r.hist_edges));
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "hist"));
    if (r.nhist) PetscCall(TriboH5ReadRealInto(h, path, r.nhist, 1, r.hist));
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "examples"));
    if (r.nexpts) PetscCall(TriboH5ReadRealInto(h, path, r.nexpts, 4, r.expts));
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "pdf_z"));
    if (r.pdf.npdf) PetscCall(TriboH5ReadRealInto(h, path, r.pdf.npdf, 1, r.pdf.z));
    PetscCall(CkPath_Private(path, sizeof(path), ks[k], "pdf_p"));
    if (r.pdf.npdf) PetscCall(TriboH5ReadRealInto(h, path, r.pdf.npdf, 1, r.pdf.p));
    PetscCall(TriboSurfSetResult(s, k, &r));
    PetscCall(PetscFree(r.asp));
    PetscCall(PetscFree2(r.hist_edges, r.hist));
    PetscCall(PetscFree(r.expts));
    PetscCall(PetscFree2(r.pdf.z, r.pdf.p));
    (*nloaded)++;
  }
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscFunctionReturn(0);
}
