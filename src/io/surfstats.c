/* Asperity statistics and the mesoscale gap map of a joint's interface (Porter and Brake 2023 §3.2, Table 2), read
   for the rough-contact law (-friction_type rough) from
   - the Rice MATLAB file (e.g. ../shared/data/brb/brb_surface_data.mat, as shipped with tmdsimpy): variables Re
     (effective radius sqrt(R'R''), m), area_density (1/m^2), z_max (m), normzinterp and pzinterp (the normalized gap
     on [0, 1] and its PDF), and optionally mesoscale_xygap (rows x, y, gap in m on a regular grid, NaN outside the
     scan), read with matio;
   - tribo's surface.h5 (tribo surface): in the group given (default the root) the datasets statistics/re,
     statistics/eta, statistics/z_max, statistics/gap_pdf_z, statistics/gap_pdf_p, optionally statistics/rp and
     statistics/rpp (the principal relative radii R' >= R'', eq. 3-4) and statistics/alpha (orientation, rad), and
     optionally mesoscale/x [nx], mesoscale/y [ny], mesoscale/gap [ny x nx] (row-major, NaN outside the scan).
   The gap map is interpolated bilinearly onto the interface's quadrature points (§3.2.1: "a linear, two-dimensional
   interpolation of the filtered height data"). Choice: the map's x, y are the global x, y of the interface plane
   (the BRB deck's interface lies in z = 0 and the Rice map covers exactly its 121.4 mm x 25.4 mm); a point outside
   the map or in a cell with a NaN corner is an error naming the point. */
#include <triboio.h>
#include <tribosys.h>
#include <tribo/private/matioimpl.h>
#include <string.h>

/* rank and shape of a real dense double matio variable; NULL when absent (and not required) */
static PetscErrorCode MatGet_Private(const char fn[], mat_t *mf, const char name[], PetscBool required, PetscInt *m, PetscInt *n, PetscReal **data)
{
  matvar_t *v;

  PetscFunctionBeginUser;
  PetscCall(TriboMatVarRead_Private(mf, fn, name, &v));
  *data = NULL;
  *m = *n = 0;
  if (!v) {
    PetscCheck(
        !required, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
        "%s: variable %s missing (a surface statistics file has Re, area_density, z_max, normzinterp, pzinterp and optionally mesoscale_xygap)", fn,
        name);
    PetscFunctionReturn(0);
  }
  if (v->class_type != MAT_C_DOUBLE || v->isComplex || v->rank != 2 || !v->data) {
    Mat_VarFree(v);
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: variable %s is not a real dense double matrix", fn, name);
  }
  *m = (PetscInt)v->dims[0];
  *n = (PetscInt)v->dims[1];
  PetscCall(PetscMalloc1(*m * *n + 1, data));
  PetscCall(PetscArraycpy(*data, (const double *)v->data, *m * *n)); // column-major
  Mat_VarFree(v);
  PetscFunctionReturn(0);
}

static PetscErrorCode MatScalar_Private(const char fn[], mat_t *mf, const char name[], PetscReal *val)
{
  PetscInt   m, n;
  PetscReal *d;

  PetscFunctionBeginUser;
  PetscCall(MatGet_Private(fn, mf, name, PETSC_TRUE, &m, &n, &d));
  PetscCheck(m * n == 1, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: variable %s has %" PetscInt_FMT " x %" PetscInt_FMT " values, expected a scalar", fn, name, m, n);
  *val = d[0];
  PetscCall(PetscFree(d));
  PetscFunctionReturn(0);
}

/* mesoscale_xygap rows (x, y, gap) on a regular grid -> axes and the row-major [ny x nx] map */
static PetscErrorCode MatGrid_Private(const char fn[], PetscInt m, const PetscReal *xyg, TriboSurfaceStats s)
{
  PetscReal *x, *y, tol;
  PetscInt   nx = 0, ny = 0;

  PetscFunctionBeginUser;
  PetscCheck(m >= 4 && xyg, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: mesoscale_xygap has %" PetscInt_FMT " rows; a gap map needs at least 2 x 2 grid points (rows x, y, gap)", fn, m);
  PetscCall(PetscMalloc2(m, &x, m, &y));
  for (PetscInt i = 0; i < m; i++) x[i] = xyg[i], y[i] = xyg[m + i];
  PetscCall(PetscSortReal(m, x));
  PetscCall(PetscSortReal(m, y));
  tol = 1e-9 * PetscMax(x[m - 1] - x[0], y[m - 1] - y[0]);
  for (PetscInt i = 0; i < m; i++) {
    if (!nx || x[i] - x[nx - 1] > tol) x[nx++] = x[i];
    if (!ny || y[i] - y[ny - 1] > tol) y[ny++] = y[i];
  }
  PetscCheck(nx >= 2 && ny >= 2 && nx * ny == m, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: mesoscale_xygap is not a regular grid (%" PetscInt_FMT " rows, %" PetscInt_FMT " distinct x, %" PetscInt_FMT " distinct y)", fn, m,
             nx, ny);
  s->nx = nx;
  s->ny = ny;
  PetscCall(PetscMalloc1(nx, &s->gx));
  PetscCall(PetscMalloc1(ny, &s->gy));
  PetscCall(PetscMalloc1(nx * ny, &s->gap));
  PetscCall(PetscArraycpy(s->gx, x, nx));
  PetscCall(PetscArraycpy(s->gy, y, ny));
  for (PetscInt k = 0; k < nx * ny; k++) s->gap[k] = PETSC_MAX_REAL;
  for (PetscInt i = 0; i < m; i++) {
    PetscInt a, b;
    PetscCall(PetscFindReal(xyg[i], nx, s->gx, tol, &a));
    PetscCall(PetscFindReal(xyg[m + i], ny, s->gy, tol, &b));
    PetscCheck(a >= 0 && b >= 0 && s->gap[b * nx + a] == PETSC_MAX_REAL, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: mesoscale_xygap row %" PetscInt_FMT " is off the grid or repeats a grid point", fn, i + 1);
    s->gap[b * nx + a] = xyg[2 * m + i];
  }
  PetscCall(PetscFree2(x, y));
  PetscFunctionReturn(0);
}

static PetscErrorCode LoadMAT_Private(const char fn[], TriboSurfaceStats s)
{
  mat_t     *mf;
  PetscInt   m, n, m2, n2;
  PetscReal *d;

  PetscFunctionBeginUser;
  mf = Mat_Open(fn, MAT_ACC_RDONLY);
  PetscCheck(mf, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s is not a MATLAB .mat file that matio can read", fn);
  PetscCall(MatScalar_Private(fn, mf, "Re", &s->re));
  PetscCall(MatScalar_Private(fn, mf, "area_density", &s->eta));
  PetscCall(MatScalar_Private(fn, mf, "z_max", &s->zmax));
  PetscCall(MatGet_Private(fn, mf, "normzinterp", PETSC_TRUE, &m, &n, &s->pdfz));
  PetscCall(MatGet_Private(fn, mf, "pzinterp", PETSC_TRUE, &m2, &n2, &s->pdfp));
  PetscCheck(m * n == m2 * n2 && PetscMin(m, n) == 1, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: normzinterp (%" PetscInt_FMT " x %" PetscInt_FMT ") and pzinterp (%" PetscInt_FMT " x %" PetscInt_FMT
             ") must be vectors of one length",
             fn, m, n, m2, n2);
  s->npdf = m * n;
  PetscCall(MatGet_Private(fn, mf, "mesoscale_xygap", PETSC_FALSE, &m, &n, &d));
  if (d) {
    PetscCheck(n == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: mesoscale_xygap has %" PetscInt_FMT " columns, expected 3 (x, y, gap)", fn,
               n);
    PetscCall(MatGrid_Private(fn, m, d, s));
    PetscCall(PetscFree(d));
  }
  Mat_Close(mf);
  PetscFunctionReturn(0);
}

static PetscErrorCode H5Get_Private(TriboH5 h, const char fn[], const char grp[], const char name[], PetscBool required, PetscInt *count,
                                    PetscReal **d)
{
  char      path[PETSC_MAX_PATH_LEN];
  PetscBool has;
  PetscInt  nd, dims[8];

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/%s", grp, name));
  PetscCall(TriboH5Has(h, path, &has));
  *d     = NULL;
  *count = 0;
  if (!has) {
    PetscCheck(!required, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: dataset %s missing (a surface.h5 group has statistics/re, eta, z_max, gap_pdf_z, gap_pdf_p)", fn, path);
    PetscFunctionReturn(0);
  }
  PetscCall(TriboH5ReadReal(h, path, &nd, dims, d));
  *count = 1;
  for (PetscInt k = 0; k < nd; k++) *count *= dims[k];
  PetscFunctionReturn(0);
}

static PetscErrorCode H5Scalar_Private(TriboH5 h, const char fn[], const char grp[], const char name[], PetscBool required, PetscReal *v)
{
  PetscInt   c;
  PetscReal *d;

  PetscFunctionBeginUser;
  PetscCall(H5Get_Private(h, fn, grp, name, required, &c, &d));
  if (!d) PetscFunctionReturn(0);
  PetscCheck(c == 1, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s/%s has %" PetscInt_FMT " values, expected one", fn, grp, name, c);
  *v = d[0];
  PetscCall(PetscFree(d));
  PetscFunctionReturn(0);
}

static PetscErrorCode LoadH5_Private(MPI_Comm comm, const char fn[], const char group[], TriboSurfaceStats s)
{
  TriboH5  h;
  char     st[PETSC_MAX_PATH_LEN], ms[PETSC_MAX_PATH_LEN];
  PetscInt n2, c;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(comm, fn, &h));
  PetscCall(PetscSNPrintf(st, sizeof(st), "%s/statistics", group && group[0] && strcmp(group, "/") ? group : ""));
  PetscCall(PetscSNPrintf(ms, sizeof(ms), "%s/mesoscale", group && group[0] && strcmp(group, "/") ? group : ""));
  PetscCall(H5Scalar_Private(h, fn, st, "re", PETSC_TRUE, &s->re));
  PetscCall(H5Scalar_Private(h, fn, st, "eta", PETSC_TRUE, &s->eta));
  PetscCall(H5Scalar_Private(h, fn, st, "z_max", PETSC_TRUE, &s->zmax));
  PetscCall(H5Scalar_Private(h, fn, st, "rp", PETSC_FALSE, &s->rp));
  PetscCall(H5Scalar_Private(h, fn, st, "rpp", PETSC_FALSE, &s->rpp));
  PetscCall(H5Scalar_Private(h, fn, st, "alpha", PETSC_FALSE, &s->alpha));
  PetscCall(H5Get_Private(h, fn, st, "gap_pdf_z", PETSC_TRUE, &s->npdf, &s->pdfz));
  PetscCall(H5Get_Private(h, fn, st, "gap_pdf_p", PETSC_TRUE, &n2, &s->pdfp));
  PetscCheck(n2 == s->npdf, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s/gap_pdf_z and gap_pdf_p differ in length (%" PetscInt_FMT ", %" PetscInt_FMT ")", fn, st, s->npdf, n2);
  PetscCall(H5Get_Private(h, fn, ms, "x", PETSC_FALSE, &s->nx, &s->gx));
  if (s->gx) {
    PetscCall(H5Get_Private(h, fn, ms, "y", PETSC_TRUE, &s->ny, &s->gy));
    PetscCall(H5Get_Private(h, fn, ms, "gap", PETSC_TRUE, &c, &s->gap));
    PetscCheck(c == s->nx * s->ny && s->nx >= 2 && s->ny >= 2, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s/gap has %" PetscInt_FMT " values, expected ny x nx = %" PetscInt_FMT " x %" PetscInt_FMT " (at least 2 x 2)", fn, ms, c, s->ny,
               s->nx);
    for (PetscInt i = 1; i < s->nx; i++)
      PetscCheck(s->gx[i] > s->gx[i - 1], PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s/x must increase", fn, ms);
    for (PetscInt i = 1; i < s->ny; i++)
      PetscCheck(s->gy[i] > s->gy[i - 1], PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s/y must increase", fn, ms);
  }
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceStatsLoad - Reads the asperity statistics and the mesoscale gap map of an interface for the rough-contact
  law: a Rice MATLAB file (.mat) or tribo's surface.h5.

  Collective

  Input Parameters:
+ comm  - the ranks that read (every rank gets everything)
. file  - the file: *.mat (variables Re, area_density, z_max, normzinterp, pzinterp, optionally mesoscale_xygap) or
          an HDF5 file (statistics/... and mesoscale/... in group)
- group - the HDF5 group holding statistics/ and mesoscale/ (NULL or "/" for the root; ignored for .mat)

  Output Parameter:
. stats - the statistics; destroy with TriboSurfaceStatsDestroy()

  Notes:
  Checks: radii, density and z_max positive and finite; the normalized gaps increase from 0 to 1; the PDF is finite,
  non-negative and integrates (trapezoid rule) to 1 within 1e-3, else an error naming the file and the integral.

.seealso: `TriboSurfaceStatsInterpolateGap()`, `TriboSurfaceStatsDestroy()`
@*/
PetscErrorCode TriboSurfaceStatsLoad(MPI_Comm comm, const char file[], const char group[], TriboSurfaceStats *stats)
{
  TriboSurfaceStats s;
  PetscBool         flg, mat;
  PetscErrorCode    ierr;
  PetscReal         integral = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscTestFile(file, 'r', &flg));
  PetscCheck(flg, comm, PETSC_ERR_FILE_OPEN, "surface statistics file %s does not exist or cannot be read", file);
  PetscCall(PetscNew(&s));
  PetscCall(PetscStrallocpy(file, &s->file));
  PetscCall(PetscStrendswith(file, ".mat", &mat));
  ierr = mat ? LoadMAT_Private(file, s) : LoadH5_Private(comm, file, group, s);
  if (ierr) PetscCall(TriboSurfaceStatsDestroy(&s));
  PetscCall(ierr);
  ierr = 0;
  if (!(s->re > 0 && s->eta > 0 && s->zmax > 0 && PetscIsNormalReal(s->re) && PetscIsNormalReal(s->eta) && PetscIsNormalReal(s->zmax)) ||
      (s->rp && !(s->rp >= s->rpp && s->rpp > 0)) || s->npdf < 2)
    ierr = PETSC_ERR_FILE_UNEXPECTED;
  for (PetscInt i = 0; !ierr && i < s->npdf; i++) {
    if (!(PetscIsNormalReal(s->pdfp[i]) || s->pdfp[i] == 0) || s->pdfp[i] < 0 || (i && !(s->pdfz[i] > s->pdfz[i - 1])))
      ierr = PETSC_ERR_FILE_UNEXPECTED;
    if (i) integral += 0.5 * (s->pdfp[i] + s->pdfp[i - 1]) * (s->pdfz[i] - s->pdfz[i - 1]);
  }
  if (!ierr && (PetscAbsReal(s->pdfz[0]) > 1e-12 || PetscAbsReal(s->pdfz[s->npdf - 1] - 1) > 1e-12)) ierr = PETSC_ERR_FILE_UNEXPECTED;
  if (ierr) {
    PetscCall(TriboSurfaceStatsDestroy(&s));
    SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED,
            "%s: inadmissible statistics: expected Re, area density, z_max > 0 (R' >= R'' > 0), a normalized gap increasing from 0 to 1 and a "
            "finite non-negative PDF",
            file);
  }
  if (PetscAbsReal(integral - 1) > 1e-3) {
    PetscCall(TriboSurfaceStatsDestroy(&s));
    SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s: the gap PDF integrates to %g (trapezoid rule), expected 1 (within 1e-3)", file, (double)integral);
  }
  s->pdfint = integral;
  *stats    = s;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceStatsInterpolateGap - The mesoscale gap at points of the interface, by bilinear interpolation of the map.

  Not collective

  Input Parameters:
+ s   - statistics with a gap map (TriboSurfaceStatsLoad())
. n   - number of points
- xyz - [3 n] point coordinates (m): x, y in the map's frame (the interface plane), z ignored

  Output Parameter:
. gap - [n] mesoscale gap (m)

  Notes:
  A point outside the map, or in a cell with a NaN corner (outside the scan), is an error naming the point and where
  the map ends: the map must cover the interface.
@*/
PetscErrorCode TriboSurfaceStatsInterpolateGap(TriboSurfaceStats s, PetscInt n, const PetscReal xyz[], PetscReal gap[])
{
  PetscFunctionBeginUser;
  PetscCheck(s->gap, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "%s has no mesoscale gap map", s->file);
  for (PetscInt p = 0; p < n; p++) {
    PetscReal x = xyz[3 * p], y = xyz[3 * p + 1], fx, fy, g[4];
    PetscInt  a = 0, b = 0;
    PetscBool in = (PetscBool)(x >= s->gx[0] && x <= s->gx[s->nx - 1] && y >= s->gy[0] && y <= s->gy[s->ny - 1]);
    while (in && a < s->nx - 2 && s->gx[a + 1] <= x) a++;
    while (in && b < s->ny - 2 && s->gy[b + 1] <= y) b++;
    if (in) {
      g[0] = s->gap[b * s->nx + a], g[1] = s->gap[b * s->nx + a + 1], g[2] = s->gap[(b + 1) * s->nx + a], g[3] = s->gap[(b + 1) * s->nx + a + 1];
      for (int k = 0; k < 4; k++) in = (PetscBool)(in && !PetscIsNanReal(g[k]) && !PetscIsInfReal(g[k]));
    }
    PetscCheck(in, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: the mesoscale gap map (x %g..%g m, y %g..%g m, NaN outside the scan) does not cover interface point %" PetscInt_FMT
               " at (%g, %g) m",
               s->file, (double)s->gx[0], (double)s->gx[s->nx - 1], (double)s->gy[0], (double)s->gy[s->ny - 1], p, (double)x, (double)y);
    fx     = (x - s->gx[a]) / (s->gx[a + 1] - s->gx[a]);
    fy     = (y - s->gy[b]) / (s->gy[b + 1] - s->gy[b]);
    gap[p] = (1 - fy) * ((1 - fx) * g[0] + fx * g[1]) + fy * ((1 - fx) * g[2] + fx * g[3]);
  }
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceStatsDestroy - Frees the statistics of TriboSurfaceStatsLoad().

  Not collective
@*/
PetscErrorCode TriboSurfaceStatsDestroy(TriboSurfaceStats *s)
{
  PetscFunctionBeginUser;
  if (!*s) PetscFunctionReturn(0);
  PetscCall(PetscFree((*s)->file));
  PetscCall(PetscFree((*s)->pdfz));
  PetscCall(PetscFree((*s)->pdfp));
  PetscCall(PetscFree((*s)->gx));
  PetscCall(PetscFree((*s)->gy));
  PetscCall(PetscFree((*s)->gap));
  PetscCall(PetscFree(*s));
  PetscFunctionReturn(0);
}
