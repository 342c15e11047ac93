/* Height maps and the first steps of Porter and Brake 2023 §3.2: least-squares plane levelling, gridding of
   point clouds, trimming of edges and holes, filling of holes, and the Gaussian filter giving the mesoscale
   topology (§3.2.1: standard deviation sigma in points, support 6 sigma + 1, FFT convolution with FFTW). */
#include <tribo/private/surfimpl.h>
#include <fftw3.h>
#include <fftw3-mpi.h>

/*@
  TriboHeightMapCreate - A height map of nx x ny points, all NaN (no data).

  Not collective

  Input Parameters:
+ nx, ny - points along x (columns) and y (rows)
. x0, y0 - coordinates of the first point (m)
- dx, dy - spacings (m)

  Output Parameter:
. map - the map; TriboHeightMapDestroy() frees it
@*/
PetscErrorCode TriboHeightMapCreate(PetscInt nx, PetscInt ny, PetscReal x0, PetscReal y0, PetscReal dx, PetscReal dy, TriboHeightMap **map)
{
  TriboHeightMap *m;

  PetscFunctionBeginUser;
  PetscCheck(nx >= 1 && ny >= 1 && dx > 0 && dy > 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
             "a height map needs at least 1 x 1 points and spacings > 0, got %" PetscInt_FMT " x %" PetscInt_FMT ", %g x %g m", nx, ny, (double)dx,
             (double)dy);
  PetscCall(PetscNew(&m));
  m->nx = nx, m->ny = ny, m->x0 = x0, m->y0 = y0, m->dx = dx, m->dy = dy;
  PetscCall(PetscMalloc1(nx * ny, &m->z));
  for (PetscInt k = 0; k < nx * ny; k++) m->z[k] = NAN;
  *map = m;
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapDuplicate - A copy of a height map.

  Not collective
@*/
PetscErrorCode TriboHeightMapDuplicate(const TriboHeightMap *a, TriboHeightMap **b)
{
  PetscFunctionBeginUser;
  PetscCall(TriboHeightMapCreate(a->nx, a->ny, a->x0, a->y0, a->dx, a->dy, b));
  PetscCall(PetscArraycpy((*b)->z, a->z, a->nx * a->ny));
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapDestroy - Frees a height map and nulls the handle.

  Not collective
@*/
PetscErrorCode TriboHeightMapDestroy(TriboHeightMap **map)
{
  PetscFunctionBeginUser;
  if (!*map) PetscFunctionReturn(0);
  PetscCall(PetscFree((*map)->z));
  PetscCall(PetscFree(*map));
  PetscFunctionReturn(0);
}

/* Least-squares plane z = c0 + c1 (x - xc) + c2 (y - yc) of n points (NaN heights skipped), in scaled coordinates */
static PetscErrorCode PlaneFit_Private(PetscInt n, const PetscReal x[], const PetscReal y[], const PetscReal z[], PetscInt stride, PetscReal xc,
                                       PetscReal yc, PetscReal sx, PetscReal sy, PetscReal c[3])
{
  PetscReal A[9] = {0}, b[3] = {0}, det, inv[9];
  PetscInt  cnt = 0;

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < n; k++) {
    PetscReal zz = z[k * stride], u, v, r[3];
    if (PetscIsNanReal(zz)) continue;
    u = (x[k * stride] - xc) / sx, v = (y[k * stride] - yc) / sy;
    r[0] = 1, r[1] = u, r[2] = v;
    for (int i = 0; i < 3; i++) {
      b[i] += r[i] * zz;
      for (int j = 0; j < 3; j++) A[3 * i + j] += r[i] * r[j];
    }
    cnt++;
  }
  PetscCheck(cnt >= 3, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "a scan has %" PetscInt_FMT " points with heights: at least 3 are needed for a plane",
             cnt);
  inv[0] = A[4] * A[8] - A[5] * A[7], inv[1] = A[2] * A[7] - A[1] * A[8], inv[2] = A[1] * A[5] - A[2] * A[4];
  inv[3] = A[5] * A[6] - A[3] * A[8], inv[4] = A[0] * A[8] - A[2] * A[6], inv[5] = A[2] * A[3] - A[0] * A[5];
  inv[6] = A[3] * A[7] - A[4] * A[6], inv[7] = A[1] * A[6] - A[0] * A[7], inv[8] = A[0] * A[4] - A[1] * A[3];
  det = A[0] * inv[0] + A[1] * inv[3] + A[2] * inv[6];
  PetscCheck(det > 1e-12 * A[0] * A[0] * A[0], PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "a scan's points lie on a line: no plane can be fitted");
  for (int i = 0; i < 3; i++) c[i] = (inv[3 * i] * b[0] + inv[3 * i + 1] * b[1] + inv[3 * i + 2] * b[2]) / det;
  c[1] /= sx, c[2] /= sy;
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapLevel - Subtracts the least-squares plane of the heights (§3.2: "a least squares plane is fit to each side").

  Not collective

  Input Parameter:
. map - the height map (NaN points are ignored)

  Output Parameter:
. plane - the plane removed, z = plane[0] + plane[1] x + plane[2] y (may be NULL)

  Notes:
  On a grid the plane is subtracted (heights change, points stay); the rotation of §3.2 moves the points by a second-order
  amount in the tilt (1e-6 of the spacing for a tilt of 1e-3), which TriboSurfacePointsToGrid() applies to point clouds.
  The fit uses coordinates centered and scaled to the grid's extent, so an exact plane is removed to round-off.
@*/
PetscErrorCode TriboHeightMapLevel(TriboHeightMap *map, PetscReal plane[3])
{
  PetscInt   n = map->nx * map->ny;
  PetscReal *x, *y, c[3], xc = map->x0 + 0.5 * (map->nx - 1) * map->dx, yc = map->y0 + 0.5 * (map->ny - 1) * map->dy;
  PetscReal  sx = PetscMax(map->nx - 1, 1) * map->dx, sy = PetscMax(map->ny - 1, 1) * map->dy;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(n, &x, n, &y));
  for (PetscInt j = 0; j < map->ny; j++)
    for (PetscInt i = 0; i < map->nx; i++) x[j * map->nx + i] = map->x0 + i * map->dx, y[j * map->nx + i] = map->y0 + j * map->dy;
  PetscCall(PlaneFit_Private(n, x, y, map->z, 1, xc, yc, sx, sy, c));
  for (PetscInt k = 0; k < n; k++) map->z[k] -= c[0] + c[1] * (x[k] - xc) + c[2] * (y[k] - yc);
  if (plane) plane[0] = c[0] - c[1] * xc - c[2] * yc, plane[1] = c[1], plane[2] = c[2];
  PetscCall(PetscFree2(x, y));
  PetscFunctionReturn(0);
}

/*@
  TriboSurfacePointsToGrid - Levels a point cloud and puts it on a regular grid (§3.2).

  Not collective

  Input Parameters:
+ n   - number of points
. xyz - [3 n] coordinates (m), overwritten by the levelled points
- dx  - grid spacing (m); 0: the spacing of a full rectangular grid of n points over the bounding box

  Output Parameters:
+ plane - the least-squares plane z = plane[0] + plane[1] x + plane[2] y of the points
- map   - the grid over the levelled points' bounding box

  Notes:
  The points are rotated so that their least-squares plane becomes z = 0 (§3.2), then each point goes to the nearest
  grid node and a node takes the mean height of its points; nodes without a point are NaN (holes, filled later by
  TriboHeightMapFill()). This nearest-node binning replaces the natural-neighbour interpolation of the paper; on a scan
  of the grid's resolution every node receives about one point.
@*/
PetscErrorCode TriboSurfacePointsToGrid(PetscInt n, PetscReal xyz[], PetscReal dx, PetscReal plane[3], TriboHeightMap **map)
{
  PetscReal c[3], nrm[3], ax[3], s, cth, xmin = PETSC_MAX_REAL, xmax = PETSC_MIN_REAL, ymin = PETSC_MAX_REAL, ymax = PETSC_MIN_REAL, zm = 0;
  PetscInt  nx, ny, *cnt;

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < n; k++) xmin = PetscMin(xmin, xyz[3 * k]), xmax = PetscMax(xmax, xyz[3 * k]);
  for (PetscInt k = 0; k < n; k++) ymin = PetscMin(ymin, xyz[3 * k + 1]), ymax = PetscMax(ymax, xyz[3 * k + 1]);
  PetscCheck(n >= 9 && xmax > xmin && ymax > ymin, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "a point cloud needs at least 9 points spanning an area, got %" PetscInt_FMT, n);
  PetscCall(PlaneFit_Private(n, xyz, xyz + 1, xyz + 2, 3, 0.5 * (xmin + xmax), 0.5 * (ymin + ymax), xmax - xmin, ymax - ymin, c));
  plane[0] = c[0] - c[1] * 0.5 * (xmin + xmax) - c[2] * 0.5 * (ymin + ymax), plane[1] = c[1], plane[2] = c[2];
  // rotate the plane's unit normal onto +z (Rodrigues, about ax = nrm x e_z)
  s      = PetscSqrtReal(1 + c[1] * c[1] + c[2] * c[2]);
  nrm[0] = -c[1] / s, nrm[1] = -c[2] / s, nrm[2] = 1 / s;
  ax[0] = nrm[1], ax[1] = -nrm[0], ax[2] = 0;
  cth  = nrm[2];
  s    = PetscSqrtReal(ax[0] * ax[0] + ax[1] * ax[1]);
  xmin = ymin = PETSC_MAX_REAL, xmax = ymax = PETSC_MIN_REAL;
  for (PetscInt k = 0; k < n; k++) {
    PetscReal *p = xyz + 3 * k, q[3], kd, cr[3];
    p[2] -= plane[0];
    if (s > 0) {
      PetscReal u[3] = {ax[0] / s, ax[1] / s, 0};
      kd             = u[0] * p[0] + u[1] * p[1];
      cr[0] = u[1] * p[2], cr[1] = -u[0] * p[2], cr[2] = u[0] * p[1] - u[1] * p[0];
      for (int d = 0; d < 3; d++) q[d] = p[d] * cth + cr[d] * s + u[d] * kd * (1 - cth);
      p[0] = q[0], p[1] = q[1], p[2] = q[2];
    }
    zm += p[2];
    xmin = PetscMin(xmin, p[0]), xmax = PetscMax(xmax, p[0]), ymin = PetscMin(ymin, p[1]), ymax = PetscMax(ymax, p[1]);
  }
  zm /= n;
  if (dx <= 0) { // the spacing of a full rectangular grid of n points: (Lx/dx + 1)(Ly/dx + 1) = n
    PetscReal Lx = xmax - xmin, Ly = ymax - ymin;
    dx = ((Lx + Ly) + PetscSqrtReal(PetscSqr(Lx + Ly) + 4.0 * (n - 1) * Lx * Ly)) / (2.0 * (n - 1));
  }
  nx = (PetscInt)PetscFloorReal((xmax - xmin) / dx + 0.5) + 1;
  ny = (PetscInt)PetscFloorReal((ymax - ymin) / dx + 0.5) + 1;
  PetscCall(TriboHeightMapCreate(nx, ny, xmin, ymin, dx, dx, map));
  PetscCall(PetscArraycpy((*map)->plane, plane, 3));
  PetscCall(PetscCalloc1(nx * ny, &cnt));
  for (PetscInt k = 0; k < nx * ny; k++) (*map)->z[k] = 0;
  for (PetscInt k = 0; k < n; k++) {
    PetscInt i = (PetscInt)PetscFloorReal((xyz[3 * k] - xmin) / dx + 0.5), j = (PetscInt)PetscFloorReal((xyz[3 * k + 1] - ymin) / dx + 0.5);
    i = PetscMin(PetscMax(i, 0), nx - 1), j = PetscMin(PetscMax(j, 0), ny - 1);
    (*map)->z[j * nx + i] += xyz[3 * k + 2] - zm;
    cnt[j * nx + i]++;
  }
  for (PetscInt k = 0; k < nx * ny; k++) (*map)->z[k] = cnt[k] ? (*map)->z[k] / cnt[k] : NAN;
  PetscCall(PetscFree(cnt));
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapTrim - Removes (sets to NaN) a border of the map and the points inside circular holes (§3.2: "the outer
  0.5 mm ... is trimmed off ... and the holes are enlarged to a radius of 5 mm").

  Not collective

  Input Parameters:
+ map    - the map
. trim   - width of the border removed on every side (m)
. nholes - number of holes
. holes  - [2 nholes] centers (m)
- radius - hole radius (m)
@*/
PetscErrorCode TriboHeightMapTrim(TriboHeightMap *map, PetscReal trim, PetscInt nholes, const PetscReal holes[], PetscReal radius)
{
  PetscReal x1 = map->x0 + (map->nx - 1) * map->dx, y1 = map->y0 + (map->ny - 1) * map->dy;

  PetscFunctionBeginUser;
  for (PetscInt j = 0; j < map->ny; j++)
    for (PetscInt i = 0; i < map->nx; i++) {
      PetscReal x = map->x0 + i * map->dx, y = map->y0 + j * map->dy;
      PetscBool cut = (PetscBool)(x < map->x0 + trim || x > x1 - trim || y < map->y0 + trim || y > y1 - trim);
      for (PetscInt h = 0; h < nholes && !cut; h++) cut = (PetscBool)(PetscSqr(x - holes[2 * h]) + PetscSqr(y - holes[2 * h + 1]) < radius * radius);
      if (cut) map->z[j * map->nx + i] = NAN;
    }
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapFill - Fills the NaN regions (8-connected) of at most maxpts points, layer by layer from their rim: a point
  takes the mean of its neighbours known before its layer (a deterministic stand-in for the natural-neighbour filling of
  §3.2.1; maxpts < 0 fills every region, which also extends the scan to the map's whole rectangle).

  Not collective

  Input Parameters:
+ map    - the map
- maxpts - largest region filled (points); < 0: all

  Output Parameter:
. nfilled - points filled (may be NULL)
@*/
PetscErrorCode TriboHeightMapFill(TriboHeightMap *map, PetscInt maxpts, PetscInt *nfilled)
{
  PetscInt   nx = map->nx, ny = map->ny, n = nx * ny, *comp, *stack, *front, nfront = 0, *next, nnext, filled = 0, nvalid = 0;
  char      *todo;
  PetscReal *val;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc5(n, &comp, n, &stack, n, &front, n, &next, n, &todo));
  PetscCall(PetscMalloc1(n, &val));
  for (PetscInt k = 0; k < n; k++) comp[k] = -1, todo[k] = 0, nvalid += !PetscIsNanReal(map->z[k]);
  if (!nvalid || nvalid == n) {
    PetscCall(PetscFree5(comp, stack, front, next, todo));
    PetscCall(PetscFree(val));
    if (nfilled) *nfilled = 0;
    PetscFunctionReturn(0);
  }
  // NaN components and their sizes
  for (PetscInt k = 0; k < n; k++) {
    PetscInt top = 0, size = 0, first;
    if (!PetscIsNanReal(map->z[k]) || comp[k] >= 0) continue;
    stack[top++] = k, comp[k] = k;
    first = 0;
    while (top) {
      PetscInt p = stack[--top], pi = p % nx, pj = p / nx;
      next[size++] = p;
      for (PetscInt dj = -1; dj <= 1; dj++)
        for (PetscInt di = -1; di <= 1; di++) {
          PetscInt qi = pi + di, qj = pj + dj, q;
          if (qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
          q = qj * nx + qi;
          if (comp[q] < 0 && PetscIsNanReal(map->z[q])) comp[q] = k, stack[top++] = q;
        }
    }
    (void)first;
    if (maxpts < 0 || size <= maxpts)
      for (PetscInt t = 0; t < size; t++) todo[next[t]] = 1;
  }
  for (PetscInt k = 0; k < n; k++) {
    PetscBool rim = PETSC_FALSE;
    if (!todo[k]) continue;
    for (PetscInt dj = -1; dj <= 1 && !rim; dj++)
      for (PetscInt di = -1; di <= 1; di++) {
        PetscInt qi = k % nx + di, qj = k / nx + dj;
        if (qi >= 0 && qj >= 0 && qi < nx && qj < ny && !PetscIsNanReal(map->z[qj * nx + qi])) rim = PETSC_TRUE;
      }
    if (rim) front[nfront++] = k, todo[k] = 2;
  }
  while (nfront) {
    for (PetscInt t = 0; t < nfront; t++) {
      PetscInt  p = front[t], c = 0;
      PetscReal s = 0;
      for (PetscInt dj = -1; dj <= 1; dj++)
        for (PetscInt di = -1; di <= 1; di++) {
          PetscInt qi = p % nx + di, qj = p / nx + dj;
          if (qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
          if (!PetscIsNanReal(map->z[qj * nx + qi])) s += map->z[qj * nx + qi], c++;
        }
      val[t] = s / c;
    }
    nnext = 0;
    for (PetscInt t = 0; t < nfront; t++) map->z[front[t]] = val[t], todo[front[t]] = 0, filled++;
    for (PetscInt t = 0; t < nfront; t++)
      for (PetscInt dj = -1; dj <= 1; dj++)
        for (PetscInt di = -1; di <= 1; di++) {
          PetscInt qi = front[t] % nx + di, qj = front[t] / nx + dj, q;
          if (qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
          q = qj * nx + qi;
          if (todo[q] == 1) todo[q] = 2, next[nnext++] = q;
        }
    PetscCall(PetscArraycpy(front, next, nnext));
    nfront = nnext;
  }
  if (nfilled) *nfilled = filled;
  PetscCall(PetscFree5(comp, stack, front, next, todo));
  PetscCall(PetscFree(val));
  PetscFunctionReturn(0);
}

/* smallest N >= n whose prime factors are 2, 3, 5, 7 (fast FFTW sizes) */
static PetscInt FFTSize_Private(PetscInt n)
{
  for (PetscInt m = n;; m++) {
    PetscInt r = m;
    for (PetscInt p = 2; p <= 7; p++)
      while (r % p == 0) r /= p;
    if (r == 1) return m;
  }
}

/* Convolve each of the rows [r0, r1) of a (rows x n) array with the normalized Gaussian of half-width r (replicate padding) */
static PetscErrorCode GaussRows_Private(PetscInt n, PetscInt r0, PetscInt r1, PetscReal sigma, PetscInt r, PetscReal a[])
{
  PetscInt      L = n + 2 * r, N = FFTSize_Private(L), nc = N / 2 + 1;
  double       *e, *kk;
  fftw_complex *E, *K;
  fftw_plan     fwd, bwd, fk;
  PetscReal     sum = 0;

  PetscFunctionBeginUser;
  e  = fftw_alloc_real((size_t)N);
  kk = fftw_alloc_real((size_t)N);
  E  = fftw_alloc_complex((size_t)nc);
  K  = fftw_alloc_complex((size_t)nc);
  PetscCheck(e && kk && E && K, PETSC_COMM_SELF, PETSC_ERR_MEM, "cannot allocate FFT buffers of %" PetscInt_FMT " points", N);
  fk  = fftw_plan_dft_r2c_1d((int)N, kk, K, FFTW_ESTIMATE);
  fwd = fftw_plan_dft_r2c_1d((int)N, e, E, FFTW_ESTIMATE);
  bwd = fftw_plan_dft_c2r_1d((int)N, E, e, FFTW_ESTIMATE);
  PetscCheck(fk && fwd && bwd, PETSC_COMM_SELF, PETSC_ERR_LIB, "FFTW could not plan a transform of %" PetscInt_FMT " points", N);
  for (PetscInt t = 0; t < N; t++) kk[t] = 0;
  for (PetscInt m = -r; m <= r; m++) sum += PetscExpReal(-0.5 * m * m / (sigma * sigma));
  for (PetscInt m = -r; m <= r; m++) kk[m + r] = PetscExpReal(-0.5 * m * m / (sigma * sigma)) / sum;
  fftw_execute(fk);
  for (PetscInt row = r0; row < r1; row++) {
    PetscReal *z = a + row * n;
    for (PetscInt t = 0; t < N; t++) e[t] = t < L ? z[PetscMin(PetscMax(t - r, 0), n - 1)] : 0;
    fftw_execute(fwd);
    for (PetscInt q = 0; q < nc; q++) E[q] *= K[q];
    fftw_execute(bwd);
    for (PetscInt j = 0; j < n; j++) z[j] = e[j + 2 * r] / N;
  }
  fftw_destroy_plan(fk);
  fftw_destroy_plan(fwd);
  fftw_destroy_plan(bwd);
  fftw_free(e);
  fftw_free(kk);
  fftw_free(E);
  fftw_free(K);
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapGaussian - The mesoscale topology: the map convolved with a Gaussian of standard deviation sigma points
  and support 6 sigma + 1 points (§3.2.1), by FFT (FFTW), with the edges replicated (as MATLAB's imgaussfilt does).

  Collective

  Input Parameters:
+ comm  - the ranks sharing the work (every rank holds the whole map and gets the whole result)
. map   - the map, without NaN (fill holes first with TriboHeightMapFill())
- sigma - standard deviation in points (> 0)

  Output Parameter:
. out - [nx ny] the filtered heights (may be map->z)

  Notes:
  The truncated 2-D Gaussian, normalized to sum 1, is the product of two normalized 1-D ones, so the filter runs as 1-D
  FFT convolutions of the rows, then of the columns (half-width r = ceil(3 sigma), each row padded by r replicated
  values on both sides and transformed at a size >= n + 2r with factors 2, 3, 5, 7). On several ranks the map is split
  in FFTW-MPI slabs (fftw_mpi_local_size_many_transposed()): each rank filters its rows, FFTW-MPI's distributed
  transpose (fftw_mpi_plan_many_transpose()) turns the row slabs into column slabs, each rank filters its columns, and
  the transpose back returns the row slabs, which are then gathered (the set-up holds whole maps). A row's or column's
  result does not depend on which rank computed it, so the filter gives the same bits on any number of ranks.
@*/
PetscErrorCode TriboHeightMapGaussian(MPI_Comm comm, const TriboHeightMap *map, PetscReal sigma, PetscReal out[])
{
  PetscInt    nx = map->nx, ny = map->ny, r = (PetscInt)PetscCeilReal(3 * sigma - 1e-9);
  PetscMPIInt size, *cnt, *dsp, mine;
  ptrdiff_t   n[2] = {ny, nx}, alloc, n0, s0, n1, s1;
  double     *a, *b;
  fftw_plan   fwd, bwd;
  static int  init = 0;

  PetscFunctionBeginUser;
  PetscCheck(sigma > 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Gaussian filter: sigma must be > 0 points, got %g", (double)sigma);
  for (PetscInt k = 0; k < nx * ny; k++)
    PetscCheck(!PetscIsNanReal(map->z[k]), PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "Gaussian filter: the map has NaN points: fill them first");
  PetscCallMPI(MPI_Comm_size(comm, &size));
  if (size == 1) { // rows, transpose, rows (the columns), transpose back
    PetscReal *t;
    if (out != map->z) PetscCall(PetscArraycpy(out, map->z, nx * ny));
    PetscCall(PetscMalloc1(nx * ny, &t));
    PetscCall(GaussRows_Private(nx, 0, ny, sigma, r, out));
    PetscCall(TriboSurfTranspose_Private(ny, nx, out, t));
    PetscCall(GaussRows_Private(ny, 0, nx, sigma, r, t));
    PetscCall(TriboSurfTranspose_Private(nx, ny, t, out));
    PetscCall(PetscFree(t));
    PetscFunctionReturn(0);
  }
  if (!init) fftw_mpi_init(), init = 1;
  // FFTW-MPI slabs: rows [s0, s0 + n0) of the map, after the transpose its columns [s1, s1 + n1)
  alloc = fftw_mpi_local_size_many_transposed(2, n, 1, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, comm, &n0, &s0, &n1, &s1);
  a     = fftw_alloc_real((size_t)PetscMax(alloc, 1));
  b     = fftw_alloc_real((size_t)PetscMax(alloc, 1));
  PetscCheck(a && b, PETSC_COMM_SELF, PETSC_ERR_MEM, "Gaussian filter: cannot allocate slabs of %td values", alloc);
  fwd = fftw_mpi_plan_many_transpose(ny, nx, 1, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, a, b, comm, FFTW_ESTIMATE);
  bwd = fftw_mpi_plan_many_transpose(nx, ny, 1, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, b, a, comm, FFTW_ESTIMATE);
  PetscCheck(fwd && bwd, PETSC_COMM_SELF, PETSC_ERR_LIB, "FFTW-MPI could not plan the transposes of a %" PetscInt_FMT " x %" PetscInt_FMT " map", ny,
             nx);
  PetscCall(PetscArraycpy(a, map->z + s0 * nx, n0 * nx));
  PetscCall(GaussRows_Private(nx, 0, n0, sigma, r, a));
  fftw_execute(fwd);
  PetscCall(GaussRows_Private(ny, 0, n1, sigma, r, b));
  fftw_execute(bwd);
  // the set-up holds whole maps: every rank gets every row
  PetscCall(PetscMalloc2(size, &cnt, size, &dsp));
  PetscCall(PetscMPIIntCast(n0 * nx, &mine));
  PetscCallMPI(MPI_Allgather(&mine, 1, MPI_INT, cnt, 1, MPI_INT, comm));
  dsp[0] = 0;
  for (PetscMPIInt q = 1; q < size; q++) dsp[q] = dsp[q - 1] + cnt[q - 1];
  PetscCallMPI(MPI_Allgatherv(a, mine, MPI_DOUBLE, out, cnt, dsp, MPI_DOUBLE, comm));
  PetscCall(PetscFree2(cnt, dsp));
  fftw_destroy_plan(fwd);
  fftw_destroy_plan(bwd);
  fftw_free(a);
  fftw_free(b);
  PetscFunctionReturn(0);
}
