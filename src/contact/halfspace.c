/* The half-space compliance operator on a regular grid: closed-form influence coefficients of a uniform traction on one cell
   (linder-gross-krack App. A, eq. A.2-A.7; Love 1929; Johnson, Contact Mechanics eq. 3.25) applied as a discrete convolution with
   FFTs. Non-periodic: linear convolution by zero padding to mx >= 2 nx - 1, my >= 2 ny - 1 (Hockney 1970; Liu, Wang and Liu 2000,
   DC-FFT). Periodic: the spectral kernel 2/(E* |q|) (Stanley and Kato 1997) and its Cerruti counterparts.

   Layout (slab over ranks): each rank holds whole grid rows j in [j0, j0 + nyl) (FFTW-MPI's default block of the ny rows).
   A product does: real-to-complex FFTs of length mx along x on the local rows (serial FFTW), an FFTW-MPI transpose of the
   ny x nc complex array (nc = mx/2 + 1), complex FFTs of length my along y on the local columns, multiplication by the real
   kernel spectrum, and the same backwards. Only ny x nc complex numbers cross the network per transpose (not the padded 2ny).
   Rows and columns go one at a time through a cache-sized buffer (padding, transform, kernel product and inverse transform of a
   column in one pass), so a product reads and writes the large arrays about 6 times instead of about 13: 1024 x 1024 went from
   52 ms to 35 ms on 1 rank and from 32 ms to 19 ms on 2. */
#include <tribocontact.h>
#include <tribo/private/objimpl.h>
#include <fftw3-mpi.h>

const char *const TriboHalfSpaceKernels[] = {"zz", "xx", "yy", "xy", "TriboHalfSpaceKernel", "TRIBO_HS_", NULL};

/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboHalfSpace {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm       comm;
  PetscMPIInt    size, rank;
  char          *prefix;
  PetscInt       nx, ny;                  /* grid points */
  PetscReal      dx, dy;                  /* spacing (m) */
  PetscReal      E, nu;                   /* Young's modulus (Pa) and Poisson ratio of both (identical) bodies */
  PetscBool      periodic;                /* periodic convolution (spectral kernel), else zero padded */
  PetscBool      tangential;              /* also set up the tangential kernels */
  PetscInt       mx, my;                  /* FFT lengths (padded, or nx, ny when periodic) */
  PetscInt       padx, pady;              /* requested padded lengths (0: SmoothLength_Private(2 nx), ...) */
  PetscInt       plan;                    /* FFTW planner effort: 0 estimate, 1 measure, 2 patient */
  PetscInt       levels;                  /* coarse levels requested (-contact_coarse_levels) */
  TriboHalfSpace coarse;                  /* the operator on the grid coarsened by 2 x 2 (NULL: none), for coarse-to-fine warm starts */
  PetscBool      precond;                 /* the solvers may precondition with TriboHalfSpaceApplyInverse() (-contact_precondition) */
  TriboHalfSpace inv;                     /* periodic, unpadded, same grid: its spectra the inverse windowed kernels (NULL: not yet set up) */
  PetscReal      idiag[TRIBO_HS_NKERNEL]; /* diagonal of each inverse (0: that inverse not set up) */
  PetscBool      setup;
  PetscInt       nc;                     /* complex columns mx/2 + 1 */
  ptrdiff_t      nyl, j0, ncl, c0;       /* local rows and local columns of the transposed array */
  double        *cbuf, *tbuf, *t2buf;    /* complex (re, im interleaved): nyl x nc, ncl x ny (transposed; t2buf: tangential y) */
  double        *r1, *r2, *c1, *y1, *y2; /* one row: padded input, output (mx real), half spectrum (nc); one column (my complex) */
  PetscReal     *khat[TRIBO_HS_NKERNEL]; /* real kernel spectra ncl x my (NULL: not set up) */
  fftw_plan      pr1, pc1, pf1, pb1, ptf, ptb;
  PetscReal      membytes;
  PetscInt       nprod;
  PetscLogDouble setup_time;
};

/*@C
  TriboHalfSpaceCreate - creates the compliance operator of two identical elastic half spaces on a regular grid

  Collective

  Input Parameter:
. comm - the ranks over which the grid rows are distributed

  Output Parameter:
. hs - the operator; set its grid with TriboHalfSpaceSetGrid(), then TriboHalfSpaceSetFromOptions() and TriboHalfSpaceSetUp()
@*/
PetscErrorCode TriboHalfSpaceCreate(MPI_Comm comm, TriboHalfSpace *hs)
{
  TriboHalfSpace h;

  PetscFunctionBegin;
  PetscValidPointer(hs, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(
      PetscHeaderCreate(h, TRIBO_HALFSPACE_CLASSID, "TriboHalfSpace", "Elastic half space on a grid", "Contact", comm, TriboHalfSpaceDestroy, NULL));
  h->comm = comm;
  PetscCallMPI(MPI_Comm_size(comm, &h->size));
  PetscCallMPI(MPI_Comm_rank(comm, &h->rank));
  h->E       = 210e9;
  h->nu      = 0.3;
  h->plan    = 1;
  h->precond = PETSC_TRUE;
  *hs        = h;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceSetOptionsPrefix(TriboHalfSpace hs, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(hs->prefix));
  PetscCall(PetscStrallocpy(prefix, &hs->prefix));
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceSetGrid - sets the grid: nx x ny cells of dx x dy (m); the point (i, j) is the center of its cell

  Logically collective
@*/
PetscErrorCode TriboHalfSpaceSetGrid(TriboHalfSpace hs, PetscInt nx, PetscInt ny, PetscReal dx, PetscReal dy)
{
  PetscFunctionBeginUser;
  PetscCheck(!hs->setup, hs->comm, PETSC_ERR_ORDER, "TriboHalfSpaceSetGrid() after TriboHalfSpaceSetUp()");
  PetscCheck(nx >= 1 && ny >= 1, hs->comm, PETSC_ERR_USER_INPUT,
             "half-space grid must have at least 1 x 1 points, got %" PetscInt_FMT " x %" PetscInt_FMT, nx, ny);
  PetscCheck(dx > 0 && dy > 0, hs->comm, PETSC_ERR_USER_INPUT, "half-space grid spacing must be > 0, got %g x %g m", (double)dx, (double)dy);
  hs->nx = nx, hs->ny = ny, hs->dx = dx, hs->dy = dy;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceSetMaterial - Young's modulus E (Pa) and Poisson ratio nu of both (identical, isotropic) bodies

  Notes:
  The contact modulus is E* = E / (2 (1 - nu^2)) (1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2), the shear modulus G = E / (2 (1 + nu)).
@*/
PetscErrorCode TriboHalfSpaceSetMaterial(TriboHalfSpace hs, PetscReal E, PetscReal nu)
{
  PetscFunctionBeginUser;
  PetscCheck(E > 0, hs->comm, PETSC_ERR_USER_INPUT, "Young's modulus must be > 0, got %g Pa (option -contact_E)", (double)E);
  PetscCheck(nu >= 0 && nu < 0.5, hs->comm, PETSC_ERR_USER_INPUT, "Poisson ratio must be in [0, 0.5), got %g (option -contact_nu)", (double)nu);
  hs->E = E, hs->nu = nu;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceSetPeriodic(TriboHalfSpace hs, PetscBool periodic)
{
  PetscFunctionBeginUser;
  hs->periodic = periodic;
  PetscFunctionReturn(0);
}

/* The default padded length for n = 2 nx: the smallest even m >= n whose prime factors are 2, 3, 5 and 7 (FFTW's fast codelets).
   2 nx itself can hold a large prime (nx = 73: 146 = 2 x 73, where FFTW falls back to its generic O(n^2) codelets): the 350 x 73 lap
   beam took 194 s with 700 x 146 and 93 s with 700 x 150, the same results */
static PetscInt SmoothLength_Private(PetscInt n)
{
  for (PetscInt m = n + (n % 2);; m += 2) {
    PetscInt r = m;
    for (PetscInt f = 2; f <= 7; f++)
      while (r % f == 0) r /= f;
    if (r == 1) return m;
  }
}

/*@C
  TriboHalfSpaceSetPadding - the FFT lengths of the zero-padded (non-periodic) convolution; 0 selects the smallest even lengths
  >= 2 nx, 2 ny with prime factors 2, 3, 5 and 7 only

  Notes:
  Any mx >= 2 nx - 1, my >= 2 ny - 1 gives the same linear convolution (to rounding); larger values only cost time.
@*/
PetscErrorCode TriboHalfSpaceSetPadding(TriboHalfSpace hs, PetscInt mx, PetscInt my)
{
  PetscFunctionBeginUser;
  hs->padx = mx, hs->pady = my;
  PetscFunctionReturn(0);
}

/* Whether the solvers precondition with TriboHalfSpaceApplyInverse() (default true; -contact_precondition) */
PetscErrorCode TriboHalfSpaceSetPrecondition(TriboHalfSpace hs, PetscBool flg)
{
  PetscFunctionBeginUser;
  hs->precond = flg;
  PetscFunctionReturn(0);
}

/* FFTW planner effort: 0 FFTW_ESTIMATE, 1 FFTW_MEASURE (default), 2 FFTW_PATIENT */
PetscErrorCode TriboHalfSpaceSetFFTWPlan(TriboHalfSpace hs, PetscInt effort)
{
  PetscFunctionBeginUser;
  hs->plan = effort;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceSetCoarseLevels - the number of coarse operators (each on the grid coarsened by 2 x 2 cells) built by
  TriboHalfSpaceSetUp() for the coarse-to-fine warm start of TriboContactSolveNormal() (0: none)

  Notes:
  A level is built only where both grid sizes are even, the coarse grid has at least 32 x 32 points and its rows lie on the same
  ranks as the fine rows they cover (FFTW's row blocks: nyl even on every rank); else the chain stops there (PetscInfo says why).
@*/
PetscErrorCode TriboHalfSpaceSetCoarseLevels(TriboHalfSpace hs, PetscInt levels)
{
  PetscFunctionBeginUser;
  PetscCheck(levels >= 0, hs->comm, PETSC_ERR_USER_INPUT, "coarse levels must be >= 0, got %" PetscInt_FMT " (option -contact_coarse_levels)",
             levels);
  hs->levels = levels;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceGetCoarse - the operator on the grid coarsened by 2 x 2 (NULL if TriboHalfSpaceSetUp() built none); owned by hs

  Not collective
@*/
PetscErrorCode TriboHalfSpaceGetCoarse(TriboHalfSpace hs, TriboHalfSpace *coarse)
{
  PetscFunctionBeginUser;
  *coarse = hs->coarse;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceSetTangential(TriboHalfSpace hs, PetscBool t)
{
  PetscFunctionBeginUser;
  hs->tangential = t;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceSetFromOptions - reads the material and FFT options

  Options Database Keys:
+ -contact_E <Pa> - Young's modulus of both bodies
. -contact_nu <nu> - Poisson ratio of both bodies
. -contact_periodic - periodic convolution (spectral kernel) instead of the zero-padded one
. -contact_pad <mx,my> - padded FFT lengths (default: the smallest even >= 2 nx, 2 ny with factors 2, 3, 5, 7)
. -contact_fftw_plan <estimate|measure|patient> - FFTW's planner effort (default measure; tribo contact's hertz, punch and wavy cases estimate)
. -contact_coarse_levels <n> - coarse operators for the coarse-to-fine warm start of the normal solver (default 0)
- -contact_precondition <bool> - the solvers precondition with the FFT inverse of TriboHalfSpaceApplyInverse() (default true)
@*/
PetscErrorCode TriboHalfSpaceSetFromOptions(TriboHalfSpace hs)
{
  PetscInt          pad[2] = {hs->padx, hs->pady}, two = 2;
  const char *const planners[] = {"estimate", "measure", "patient"};
  PetscReal         E = hs->E, nu = hs->nu;

  PetscFunctionBeginUser;
  TriboOptionsBegin(hs->comm, hs->prefix, "Elastic half-space operator", "TriboHalfSpace");
  PetscCall(PetscOptionsReal("-contact_E", "Young's modulus of both bodies (Pa)", "TriboHalfSpaceSetMaterial", E, &E, NULL));
  PetscCall(PetscOptionsReal("-contact_nu", "Poisson ratio of both bodies", "TriboHalfSpaceSetMaterial", nu, &nu, NULL));
  PetscCall(PetscOptionsBool("-contact_periodic", "periodic grid (spectral kernel) instead of zero padding", "TriboHalfSpaceSetPeriodic",
                             hs->periodic, &hs->periodic, NULL));
  PetscCall(PetscOptionsEList("-contact_fftw_plan", "FFTW planner effort", "TriboHalfSpaceSetUp", planners, 3, planners[hs->plan], &hs->plan, NULL));
  PetscCall(TriboOptionsInt("-contact_coarse_levels", "coarse grids (2 x 2 coarsening each) for the normal solver's coarse-to-fine warm start",
                            "TriboHalfSpaceSetCoarseLevels", hs->levels, &hs->levels, NULL));
  PetscCall(PetscOptionsBool("-contact_precondition", "precondition the contact solvers with the FFT inverse of the half-space operator",
                             "TriboHalfSpaceApplyInverse", hs->precond, &hs->precond, NULL));
  PetscCall(TriboOptionsIntArray("-contact_pad", "padded FFT lengths mx,my of the non-periodic convolution (>= 2n - 1)", "TriboHalfSpaceSetPadding",
                                 pad, &two, NULL, 2));
  TriboOptionsEnd();
  PetscCall(TriboHalfSpaceSetMaterial(hs, E, nu));
  hs->padx = pad[0], hs->pady = pad[1];
  PetscFunctionReturn(0);
}

/* Primitives whose mixed derivative d^2/dXdY is the integrand: 1/r (F), X^2/r^3 (Hxx), Y^2/r^3 (Hyy), XY/r^3 (Hxy) */
static PetscReal Asinh_Private(PetscReal a, PetscReal b) // a asinh(b / |a|), 0 at a = 0
{
  return a == 0 ? 0 : a * PetscAsinhReal(b / PetscAbsReal(a));
}

static PetscReal Primitive_Private(TriboHalfSpaceKernel k, PetscReal nu, PetscReal X, PetscReal Y)
{
  switch (k) {
  case TRIBO_HS_ZZ:
    return Asinh_Private(X, Y) + Asinh_Private(Y, X);
  case TRIBO_HS_XX: // (1 - nu)/r + nu X^2/r^3: eq. A.2-A.3 (the Y-term divided by 1 - nu there, the factor 2(1 - nu^2)/E outside)
    return (1 - nu) * Asinh_Private(X, Y) + Asinh_Private(Y, X);
  case TRIBO_HS_YY:
    return Asinh_Private(X, Y) + (1 - nu) * Asinh_Private(Y, X);
  case TRIBO_HS_XY: // nu XY/r^3 (Cerruti; dropped by App. A's diagonal approximation, exact zero for nu = 0)
    return -nu * PetscSqrtReal(X * X + Y * Y);
  default:
    return 0;
  }
}

/*@C
  TriboHalfSpaceInfluence - the displacement at the center of cell (i, j) caused by a unit uniform traction (1 Pa) on cell
  (i - di, j - dj): the closed form of App. A (eq. A.2-A.7) integrated over the cell

  Not collective

  Notes:
  zz: (1/(pi E*)) int int 1/r;  xx: (1/(pi G)) int int [(1 - nu)/r + nu X^2/r^3];  yy likewise;  xy: (nu/(pi G)) int int XY/r^3.
  These are the relative displacements of two identical bodies (twice the single body's). Units m/Pa.
@*/
PetscErrorCode TriboHalfSpaceInfluence(TriboHalfSpace hs, TriboHalfSpaceKernel k, PetscInt di, PetscInt dj, PetscReal *c)
{
  PetscReal x = di * hs->dx, y = dj * hs->dy, a = 0.5 * hs->dx, b = 0.5 * hs->dy, G = hs->E / (2 * (1 + hs->nu)),
            Es = hs->E / (2 * (1 - hs->nu * hs->nu));
  PetscReal s;

  PetscFunctionBeginUser;
  // int_{-a}^{a} int_{-b}^{b} f(x - x', y - y') dx' dy' = P(x + a, y + b) - P(x - a, y + b) - P(x + a, y - b) + P(x - a, y - b)
  s = Primitive_Private(k, hs->nu, x + a, y + b) - Primitive_Private(k, hs->nu, x - a, y + b) - Primitive_Private(k, hs->nu, x + a, y - b) +
      Primitive_Private(k, hs->nu, x - a, y - b);
  *c = s / (PETSC_PI * (k == TRIBO_HS_ZZ ? Es : G));
  PetscFunctionReturn(0);
}

/* One row of TriboHalfSpaceInfluence(): c[di] = influence at (di, dj) for di = 0 .. n - 1, the cell corners' primitives shared
   between neighbouring cells (2 (n + 1) primitives instead of 4 n, the same sums in the same order). The kernels are even in di
   and dj, xy odd in both: callers take c[|di|] (and -c[|di|] for xy at di < 0) and pass |dj| with the sign applied. */
static PetscErrorCode InfluenceRow_Private(TriboHalfSpace hs, TriboHalfSpaceKernel k, PetscInt dj, PetscInt n, PetscReal *work, PetscReal c[])
{
  PetscReal y = dj * hs->dy, a = 0.5 * hs->dx, b = 0.5 * hs->dy, G = hs->E / (2 * (1 + hs->nu)), Es = hs->E / (2 * (1 - hs->nu * hs->nu));
  PetscReal f = 1 / (PETSC_PI * (k == TRIBO_HS_ZZ ? Es : G)), *top = work, *bot = work + n + 1;

  PetscFunctionBeginUser;
  for (PetscInt m = 0; m <= n; m++) { // corner x_m = (m - 1/2) dx = x(di = m) - a
    PetscReal x = m * hs->dx - a;
    top[m] = Primitive_Private(k, hs->nu, x, y + b), bot[m] = Primitive_Private(k, hs->nu, x, y - b);
  }
  for (PetscInt di = 0; di < n; di++) c[di] = (top[di + 1] - top[di] - bot[di + 1] + bot[di]) * f;
  PetscFunctionReturn(0);
}

/* The periodic spectral kernel at wave numbers (qx, qy) (rad/m), eq. of Stanley and Kato 1997 and the Fourier transforms of the
   Cerruti kernels: 2/(E* q), (2/(G q)) (1 - nu + nu qy^2/q^2), (2/(G q)) (1 - nu + nu qx^2/q^2), -(2 nu/G) qx qy/q^3 */
static PetscReal Spectral_Private(TriboHalfSpace hs, TriboHalfSpaceKernel k, PetscReal qx, PetscReal qy)
{
  PetscReal q = PetscSqrtReal(qx * qx + qy * qy), nu = hs->nu, G = hs->E / (2 * (1 + nu)), Es = hs->E / (2 * (1 - nu * nu));

  if (q == 0) return 0;
  switch (k) {
  case TRIBO_HS_ZZ:
    return 2 / (Es * q);
  case TRIBO_HS_XX:
    return 2 / (G * q) * (1 - nu + nu * qy * qy / (q * q));
  case TRIBO_HS_YY:
    return 2 / (G * q) * (1 - nu + nu * qx * qx / (q * q));
  default:
    return -2 * nu / G * qx * qy / (q * q * q);
  }
}

/* Row stage: the nyl local rows of in (len values each: nx, zero padded to mx, or mx) to their half spectra along x, one row at a
   time through the cache (r1 -> c1 -> cbuf), then transposed over the ranks into t (ncl x ny complex) */
static PetscErrorCode Rows_Private(TriboHalfSpace hs, const PetscReal *in, PetscInt len, double *t)
{
  const size_t nc = (size_t)hs->nc;

  PetscFunctionBeginUser;
  for (ptrdiff_t j = 0; j < hs->nyl; j++) {
    for (PetscInt i = 0; i < len; i++) hs->r1[i] = in[j * len + i];
    for (PetscInt i = len; i < hs->mx; i++) hs->r1[i] = 0;
    fftw_execute(hs->pr1);
    memcpy(hs->cbuf + 2 * j * nc, hs->c1, 2 * nc * sizeof(double));
  }
  fftw_mpi_execute_r2r(hs->ptf, hs->cbuf, t);
  PetscFunctionReturn(0);
}

/* The inverse of Rows_Private(): t (ncl x ny complex, destroyed) transposed back, each row's half spectrum to its first nx
   real values in out (unnormalized) */
static PetscErrorCode Unrows_Private(TriboHalfSpace hs, double *t, PetscReal *out)
{
  const size_t   nc = (size_t)hs->nc;
  const PetscInt nx = hs->nx;

  PetscFunctionBeginUser;
  fftw_mpi_execute_r2r(hs->ptb, t, hs->cbuf);
  for (ptrdiff_t j = 0; j < hs->nyl; j++) {
    memcpy(hs->c1, hs->cbuf + 2 * j * nc, 2 * nc * sizeof(double));
    fftw_execute(hs->pc1);
    for (PetscInt i = 0; i < nx; i++) out[j * nx + i] = hs->r2[i];
  }
  PetscFunctionReturn(0);
}

/* Column c of t (ny complex) zero padded into y (my complex) */
static inline void ColumnIn_Private(TriboHalfSpace hs, const double *t, ptrdiff_t c, double *y)
{
  memcpy(y, t + 2 * c * hs->ny, 2 * (size_t)hs->ny * sizeof(double));
  memset(y + 2 * hs->ny, 0, 2 * (size_t)(hs->my - hs->ny) * sizeof(double));
}

/* Forward transform of the nyl local rows (len = nx: zero padded to mx; len = mx: full rows) into y (ncl x my complex) */
static PetscErrorCode Forward_Private(TriboHalfSpace hs, const PetscReal *rows, PetscInt len, double *y)
{
  PetscFunctionBeginUser;
  PetscCall(Rows_Private(hs, rows, len, hs->tbuf));
  for (ptrdiff_t c = 0; c < hs->ncl; c++) {
    ColumnIn_Private(hs, hs->tbuf, c, hs->y1);
    fftw_execute(hs->pf1);
    memcpy(y + 2 * c * hs->my, hs->y1, 2 * (size_t)hs->my * sizeof(double));
  }
  PetscFunctionReturn(0);
}

/* The kernel spectrum: the kernel on the padded grid split in two blocks of ny rows (dj >= 0 at rows 0.., dj < 0 at rows
   my - ny..), each transformed by Forward_Private(), combined with the shift phase of the second block. Real for these kernels
   (even or odd in both directions); the imaginary part is dropped. */
static PetscErrorCode KernelSpectrum_Private(TriboHalfSpace hs, TriboHalfSpaceKernel k)
{
  PetscReal *rows, *kh;
  PetscReal *A, *Y, *crow, *cwork;
  PetscInt   mx = hs->mx, my = hs->my, s = my - hs->ny;
  size_t     ny = (size_t)hs->nyl;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(hs->ncl * my, &kh));
  if (hs->periodic) {
    for (ptrdiff_t c = 0; c < hs->ncl; c++)
      for (PetscInt j = 0; j < my; j++) {
        PetscInt  ix = (PetscInt)(hs->c0 + c), iy = j <= my / 2 ? j : j - my;
        PetscReal qx = 2 * PETSC_PI * ix / (mx * hs->dx), qy = 2 * PETSC_PI * iy / (my * hs->dy);
        kh[c * my + j] = Spectral_Private(hs, k, qx, qy);
      }
    hs->khat[k] = kh;
    PetscFunctionReturn(0);
  }
  PetscCall(PetscMalloc1(ny * mx + 1, &rows));
  PetscCall(PetscMalloc2(2 * hs->ncl * my + 1, &A, 2 * hs->ncl * my + 1, &Y));
  PetscCall(PetscMalloc2(hs->nx, &crow, 2 * (hs->nx + 1), &cwork));
  for (PetscInt blk = 0; blk < 2; blk++) {
    for (ptrdiff_t jl = 0; jl < hs->nyl; jl++) {
      PetscInt  j = (PetscInt)(hs->j0 + jl), dj = blk == 0 ? j : j - hs->ny; // padded row of block 1: s + j, offset dj = j - ny
      PetscBool row = PetscAbsInt(dj) <= hs->ny - 1 && !(blk == 1 && s + j < hs->ny);
      PetscReal sy  = k == TRIBO_HS_XY && dj < 0 ? -1 : 1;
      if (row) PetscCall(InfluenceRow_Private(hs, k, PetscAbsInt(dj), hs->nx, cwork, crow));
      for (PetscInt i = 0; i < mx; i++) {
        PetscInt di       = i <= mx / 2 ? i : i - mx;
        rows[jl * mx + i] = 0;
        if (row && PetscAbsInt(di) <= hs->nx - 1) rows[jl * mx + i] = sy * (k == TRIBO_HS_XY && di < 0 ? -1 : 1) * crow[PetscAbsInt(di)];
      }
    }
    PetscCall(Forward_Private(hs, rows, mx, Y));
    for (ptrdiff_t c = 0; c < hs->ncl; c++)
      for (PetscInt j = 0; j < my; j++) {
        const double *y = Y + 2 * (c * my + j);
        if (blk == 0)
          A[2 * (c * my + j)] = y[0];
        else {
          PetscReal ph = -2 * PETSC_PI * (PetscReal)((long long)j * s % my) / my, cr = PetscCosReal(ph), ci = PetscSinReal(ph);
          kh[c * my + j] = A[2 * (c * my + j)] + cr * y[0] - ci * y[1];
        }
      }
  }
  hs->khat[k] = kh;
  PetscCall(PetscFree(rows));
  PetscCall(PetscFree2(A, Y));
  PetscCall(PetscFree2(crow, cwork));
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceEstimateMemory - bytes (all ranks together) of the operator's FFT buffers and kernel spectra for an nx x ny grid

  Not collective
@*/
PetscErrorCode TriboHalfSpaceEstimateMemory(PetscInt nx, PetscInt ny, PetscBool periodic, PetscInt nkernel, PetscReal *bytes)
{
  PetscReal mx = periodic ? nx : 2.0 * nx, my = periodic ? ny : 2.0 * ny, nc = PetscFloorReal(mx / 2) + 1;

  PetscFunctionBeginUser;
  // r2c output + transposed (complex; the tangential kernels a second transposed buffer) + real kernel spectra, and the
  // preconditioner's periodic operator on the unpadded grid (the same buffers at nx x ny, its inverse kernels)
  *bytes = 16.0 * ny * nc * (nkernel > 1 ? 3 : 2) + 8.0 * nkernel * nc * my;
  *bytes += 16.0 * ny * (nx / 2 + 1) * 2 + 8.0 * (nkernel > 1 ? 3 : 1) * (nx / 2 + 1) * ny;
  PetscFunctionReturn(0);
}

/* The coarse operator (2 x 2 cells), its rows on the ranks of the fine rows they cover */
static PetscErrorCode SetUpCoarse_Private(TriboHalfSpace hs)
{
  TriboHalfSpace c;
  PetscInt       j0, nyl;
  PetscMPIInt    ok;

  PetscFunctionBeginUser;
  if (hs->nx % 2 || hs->ny % 2 || hs->nx / 2 < 32 || hs->ny / 2 < 32) {
    PetscCall(PetscInfo(NULL, "no coarse level below %" PetscInt_FMT " x %" PetscInt_FMT ": odd or small\n", hs->nx, hs->ny));
    PetscFunctionReturn(0);
  }
  PetscCall(TriboHalfSpaceCreate(hs->comm, &c));
  PetscCall(TriboHalfSpaceSetGrid(c, hs->nx / 2, hs->ny / 2, 2 * hs->dx, 2 * hs->dy));
  PetscCall(TriboHalfSpaceSetMaterial(c, hs->E, hs->nu));
  PetscCall(TriboHalfSpaceSetPeriodic(c, hs->periodic));
  PetscCall(TriboHalfSpaceSetFFTWPlan(c, hs->plan));
  PetscCall(TriboHalfSpaceSetCoarseLevels(c, hs->levels - 1));
  c->precond = hs->precond;
  PetscCall(TriboHalfSpaceSetUp(c));
  PetscCall(TriboHalfSpaceGetLocalRows(c, &j0, &nyl));
  ok = (2 * j0 == (PetscInt)hs->j0 && 2 * nyl == (PetscInt)hs->nyl) ? 1 : 0;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, hs->comm));
  if (!ok) {
    PetscCall(PetscInfo(NULL, "no coarse level below %" PetscInt_FMT " x %" PetscInt_FMT ": its rows are not on the ranks of the fine rows\n", hs->nx,
                        hs->ny));
    PetscCall(TriboHalfSpaceDestroy(&c));
  }
  hs->coarse = c;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceSetUp - distributes the grid rows, plans the FFTs and computes the kernel spectra

  Collective
@*/
PetscErrorCode TriboHalfSpaceSetUp(TriboHalfSpace hs)
{
  ptrdiff_t      n[2], alloc, nyl, j0, ncl, c0;
  PetscLogDouble t0;
  unsigned       flags;

  PetscFunctionBeginUser;
  if (hs->setup) PetscFunctionReturn(0);
  PetscCall(PetscTime(&t0));
  flags = hs->plan == 0 ? FFTW_ESTIMATE : (hs->plan == 1 ? FFTW_MEASURE : FFTW_PATIENT);
  PetscCheck(hs->nx >= 1 && hs->ny >= 1, hs->comm, PETSC_ERR_ORDER, "TriboHalfSpaceSetGrid() must come before TriboHalfSpaceSetUp()");
  if (hs->periodic)
    hs->mx = hs->nx, hs->my = hs->ny;
  else {
    hs->mx = hs->padx > 0 ? hs->padx : SmoothLength_Private(2 * hs->nx);
    hs->my = hs->pady > 0 ? hs->pady : SmoothLength_Private(2 * hs->ny);
    PetscCheck(hs->mx >= 2 * hs->nx - 1 && hs->my >= 2 * hs->ny - 1, hs->comm, PETSC_ERR_USER_INPUT,
               "padded FFT lengths %" PetscInt_FMT " x %" PetscInt_FMT " are too short for a %" PetscInt_FMT " x %" PetscInt_FMT
               " grid: need at least 2n - 1 (option -contact_pad)",
               hs->mx, hs->my, hs->nx, hs->ny);
  }
  hs->nc = hs->mx / 2 + 1;
  fftw_mpi_init();
  n[0] = hs->ny, n[1] = hs->nc;
  alloc   = fftw_mpi_local_size_many_transposed(2, n, 2, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, hs->comm, &nyl, &j0, &ncl, &c0);
  hs->nyl = nyl, hs->j0 = j0, hs->ncl = ncl, hs->c0 = c0;
  alloc /= 2; // complex numbers
  // a rank without rows or columns still has one (unused) row or column
  hs->cbuf = fftw_alloc_real(2 * (size_t)PetscMax(alloc, PetscMax(nyl, 1) * hs->nc));
  hs->tbuf = fftw_alloc_real(2 * (size_t)PetscMax(alloc, PetscMax(ncl, 1) * hs->ny));
  hs->r1   = fftw_alloc_real((size_t)hs->mx);
  hs->r2   = fftw_alloc_real((size_t)hs->mx);
  hs->c1   = fftw_alloc_real(2 * (size_t)hs->nc);
  hs->y1   = fftw_alloc_real(2 * (size_t)hs->my);
  hs->y2   = fftw_alloc_real(2 * (size_t)hs->my);
  PetscCheck(hs->cbuf && hs->tbuf && hs->r1 && hs->r2 && hs->c1 && hs->y1 && hs->y2, PETSC_COMM_SELF, PETSC_ERR_MEM,
             "cannot allocate the FFT buffers of a %" PetscInt_FMT " x %" PetscInt_FMT " half-space grid", hs->nx, hs->ny);
  hs->pr1 = fftw_plan_dft_r2c_1d((int)hs->mx, hs->r1, (fftw_complex *)hs->c1, flags);
  hs->pc1 = fftw_plan_dft_c2r_1d((int)hs->mx, (fftw_complex *)hs->c1, hs->r2, flags);
  hs->pf1 = fftw_plan_dft_1d((int)hs->my, (fftw_complex *)hs->y1, (fftw_complex *)hs->y1, FFTW_FORWARD, flags);
  hs->pb1 = fftw_plan_dft_1d((int)hs->my, (fftw_complex *)hs->y1, (fftw_complex *)hs->y1, FFTW_BACKWARD, flags);
  hs->ptf = fftw_mpi_plan_many_transpose(hs->ny, hs->nc, 2, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, hs->cbuf, hs->tbuf, hs->comm, flags);
  hs->ptb = fftw_mpi_plan_many_transpose(hs->nc, hs->ny, 2, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, hs->tbuf, hs->cbuf, hs->comm, flags);
  PetscCheck(hs->pr1 && hs->pc1 && hs->pf1 && hs->pb1 && hs->ptf && hs->ptb, hs->comm, PETSC_ERR_LIB,
             "FFTW could not plan the half-space transforms (%" PetscInt_FMT " x %" PetscInt_FMT ")", hs->mx, hs->my);
  hs->setup = PETSC_TRUE;
  PetscCall(KernelSpectrum_Private(hs, TRIBO_HS_ZZ));
  if (hs->tangential) {
    PetscCall(KernelSpectrum_Private(hs, TRIBO_HS_XX));
    PetscCall(KernelSpectrum_Private(hs, TRIBO_HS_YY));
    PetscCall(KernelSpectrum_Private(hs, TRIBO_HS_XY));
    hs->t2buf = fftw_alloc_real(2 * (size_t)PetscMax(alloc, PetscMax(ncl, 1) * hs->ny));
    PetscCheck(hs->t2buf, PETSC_COMM_SELF, PETSC_ERR_MEM, "cannot allocate the tangential FFT buffer of a %" PetscInt_FMT " x %" PetscInt_FMT " grid",
               hs->nx, hs->ny);
  }
  hs->membytes = 16.0 * alloc * (hs->tangential ? 3 : 2) + 8.0 * (hs->tangential ? 4 : 1) * ncl * hs->my;
  if (hs->levels > 0) PetscCall(SetUpCoarse_Private(hs));
  PetscCall(PetscTimeSubtract(&t0));
  hs->setup_time = -t0;
  PetscFunctionReturn(0);
}

/* The approximate inverse of kernel k: hs->inv, a periodic operator on the same (unpadded) grid, rows and ranks, whose spectrum is
   1 / W(q), W the DFT of k's influence coefficients windowed to the grid (offsets -n/2 .. n - n/2 - 1 in each direction, so
   W(0) is finite). W > 0 for these kernels; a non-positive value (not seen) is floored at 1e-6 of the largest. The diagonal of
   the inverse is the mean of 1/W over the full spectrum (the half spectrum weighted 2 except its columns 0 and nx/2). */
static PetscErrorCode SetUpInverse_Private(TriboHalfSpace hs, TriboHalfSpaceKernel k)
{
  TriboHalfSpace inv;
  PetscReal     *rows, *kh, *Y, *crow, *cwork, s[2] = {0, 0};
  PetscInt       nx = hs->nx, ny = hs->ny;
  PetscMPIInt    ok;

  PetscFunctionBeginUser;
  if (!hs->inv) {
    PetscCall(TriboHalfSpaceCreate(hs->comm, &inv));
    PetscCall(TriboHalfSpaceSetGrid(inv, nx, ny, hs->dx, hs->dy));
    PetscCall(TriboHalfSpaceSetMaterial(inv, hs->E, hs->nu));
    PetscCall(TriboHalfSpaceSetPeriodic(inv, PETSC_TRUE));
    PetscCall(TriboHalfSpaceSetFFTWPlan(inv, hs->plan));
    PetscCall(TriboHalfSpaceSetUp(inv));
    ok = inv->j0 == hs->j0 && inv->nyl == hs->nyl ? 1 : 0;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, hs->comm));
    PetscCheck(ok, hs->comm, PETSC_ERR_PLIB, "the periodic preconditioner's grid rows are not on the ranks of the operator's rows");
    hs->inv = inv;
  }
  inv = hs->inv;
  PetscCall(PetscMalloc1(nx * inv->nyl + 1, &rows));
  PetscCall(PetscMalloc2(nx / 2 + 1, &crow, 2 * (nx / 2 + 2), &cwork));
  for (ptrdiff_t jl = 0; jl < inv->nyl; jl++) { // the windowed kernel (k is even in di, dj: zz, xx or yy)
    PetscInt j = (PetscInt)(inv->j0 + jl), dj = j <= ny / 2 ? j : j - ny;
    PetscCall(InfluenceRow_Private(hs, k, PetscAbsInt(dj), nx / 2 + 1, cwork, crow));
    for (PetscInt i = 0; i < nx; i++) rows[jl * nx + i] = crow[i <= nx / 2 ? i : nx - i];
  }
  PetscCall(PetscFree2(crow, cwork));
  PetscCall(PetscMalloc1(2 * inv->ncl * inv->my + 1, &Y));
  PetscCall(Forward_Private(inv, rows, nx, Y));
  PetscCall(PetscFree(rows));
  if (!inv->khat[k]) PetscCall(PetscMalloc1(inv->ncl * inv->my + 1, &inv->khat[k]));
  kh = inv->khat[k];
  for (ptrdiff_t c = 0; c < inv->ncl * inv->my; c++) s[0] = PetscMax(s[0], Y[2 * c]);
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_MAX, hs->comm));
  PetscCheck(s[0] > 0, hs->comm, PETSC_ERR_PLIB, "the windowed %s kernel has no positive spectral value", TriboHalfSpaceKernels[k]);
  for (ptrdiff_t c = 0; c < inv->ncl; c++) {
    PetscInt  col = (PetscInt)(inv->c0 + c);
    PetscReal w   = (col == 0 || 2 * col == nx) ? 1 : 2;
    for (PetscInt j = 0; j < inv->my; j++) {
      kh[c * inv->my + j] = 1 / PetscMax(Y[2 * (c * inv->my + j)], 1e-6 * s[0]);
      s[1] += w * kh[c * inv->my + j];
    }
  }
  PetscCall(PetscFree(Y));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &s[1], 1, MPIU_REAL, MPIU_SUM, hs->comm));
  hs->idiag[k] = s[1] / ((PetscReal)nx * ny);
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceApplyInverse - z = M g, M an SPD approximate inverse of the kernel's operator: the exact inverse of the periodic
  operator on the unpadded grid whose kernel is the influence coefficients windowed to the grid

  Collective

  Input Parameters:
+ hs - the operator (set up)
. k - the kernel (TRIBO_HS_ZZ, TRIBO_HS_XX or TRIBO_HS_YY; the XY coupling is left out)
- g - local displacements (m)

  Output Parameters:
+ z - local tractions (Pa); may not alias g
- diag - the diagonal of M (Pa/m), the same at every point (NULL: not wanted)

  Notes:
  The preconditioner of the Polonsky-Keer iteration: applied to a residual extended by zero off the contact set and restricted
  to it, as Vollebregt's FFT-based preconditioner of the bound-constrained conjugate gradients (J. Optim. Theory Appl. 162:931,
  2014). One FFT pair of the unpadded grid (a quarter of a zero-padded product). Set up at the first call for each kernel.
@*/
PetscErrorCode TriboHalfSpaceApplyInverse(TriboHalfSpace hs, TriboHalfSpaceKernel k, const PetscReal g[], PetscReal z[], PetscReal *diag)
{
  PetscFunctionBeginUser;
  PetscCheck(hs->setup, hs->comm, PETSC_ERR_ORDER, "TriboHalfSpaceSetUp() must come before TriboHalfSpaceApplyInverse()");
  PetscCheck(k != TRIBO_HS_XY, hs->comm, PETSC_ERR_ARG_OUTOFRANGE, "no inverse of the coupling kernel xy");
  if (hs->idiag[k] == 0) PetscCall(SetUpInverse_Private(hs, k));
  PetscCall(TriboHalfSpaceApply(hs->inv, k, g, z));
  if (diag) *diag = hs->idiag[k];
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceApply - u = C p: the displacements of the local grid points caused by the tractions of all points

  Collective

  Input Parameters:
+ hs - the operator (set up)
. k - the kernel: TRIBO_HS_ZZ (normal displacement under pressure), TRIBO_HS_XX, TRIBO_HS_YY, TRIBO_HS_XY (tangential)
- p - local tractions (Pa), row-major over the local rows: p[(j - j0) nx + i]

  Output Parameter:
. u - local displacements (m), same layout; may not alias p

  Notes:
  Periodic: the mean (q = 0) displacement is zero. Non-periodic: the exact discrete linear convolution with the coefficients of
  TriboHalfSpaceInfluence().
@*/
PetscErrorCode TriboHalfSpaceApply(TriboHalfSpace hs, TriboHalfSpaceKernel k, const PetscReal p[], PetscReal u[])
{
  PetscReal      *kh    = hs->khat[k];
  const PetscReal scale = 1.0 / ((PetscReal)hs->mx * hs->my);
  const PetscInt  nx = hs->nx, my = hs->my;

  PetscFunctionBeginUser;
  PetscCheck(hs->setup, hs->comm, PETSC_ERR_ORDER, "TriboHalfSpaceSetUp() must come before TriboHalfSpaceApply()");
  PetscCheck(kh, hs->comm, PETSC_ERR_ORDER, "the %s kernel was not set up: call TriboHalfSpaceSetTangential() before TriboHalfSpaceSetUp()",
             TriboHalfSpaceKernels[k]);
  PetscCall(Rows_Private(hs, p, nx, hs->tbuf));
  for (ptrdiff_t c = 0; c < hs->ncl; c++) { // each column through the cache: pad, transform, multiply, transform back
    const PetscReal *k = kh + c * my;
    double          *y = hs->y1;
    ColumnIn_Private(hs, hs->tbuf, c, y);
    fftw_execute(hs->pf1);
    for (PetscInt j = 0; j < my; j++) y[2 * j] *= k[j] * scale, y[2 * j + 1] *= k[j] * scale;
    fftw_execute(hs->pb1);
    memcpy(hs->tbuf + 2 * c * hs->ny, y, 2 * (size_t)hs->ny * sizeof(double));
  }
  PetscCall(Unrows_Private(hs, hs->tbuf, u));
  hs->nprod++;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceApplyTangential - the tangential block [ux; uy] = [C_xx C_xy; C_xy C_yy] [qx; qy] with two forward and two backward
  transforms (four kernel products in the spectral domain)

  Collective

  Input Parameters:
+ hs - the operator, set up with TriboHalfSpaceSetTangential()
. qx, qy - local shear tractions (Pa)

  Output Parameters:
. ux, uy - local tangential displacements (m); may not alias qx, qy
@*/
PetscErrorCode TriboHalfSpaceApplyTangential(TriboHalfSpace hs, const PetscReal qx[], const PetscReal qy[], PetscReal ux[], PetscReal uy[])
{
  const PetscReal scale = 1.0 / ((PetscReal)hs->mx * hs->my), *kxx = hs->khat[TRIBO_HS_XX], *kyy = hs->khat[TRIBO_HS_YY],
                  *kxy = hs->khat[TRIBO_HS_XY];
  const PetscInt my    = hs->my;

  PetscFunctionBeginUser;
  PetscCheck(hs->setup && hs->t2buf, hs->comm, PETSC_ERR_ORDER,
             "call TriboHalfSpaceSetTangential() and TriboHalfSpaceSetUp() before TriboHalfSpaceApplyTangential()");
  PetscCall(Rows_Private(hs, qx, hs->nx, hs->tbuf));
  PetscCall(Rows_Private(hs, qy, hs->nx, hs->t2buf));
  for (ptrdiff_t c = 0; c < hs->ncl; c++) { // each column pair through the cache
    double *a = hs->y1, *b = hs->y2;
    ColumnIn_Private(hs, hs->tbuf, c, a);
    ColumnIn_Private(hs, hs->t2buf, c, b);
    fftw_execute_dft(hs->pf1, (fftw_complex *)a, (fftw_complex *)a);
    fftw_execute_dft(hs->pf1, (fftw_complex *)b, (fftw_complex *)b);
    for (PetscInt j = 0; j < my; j++) {
      const PetscInt q = (PetscInt)c * my + j;
      for (PetscInt m = 0; m < 2; m++) {
        double x = a[2 * j + m], y = b[2 * j + m];
        a[2 * j + m] = (kxx[q] * x + kxy[q] * y) * scale;
        b[2 * j + m] = (kxy[q] * x + kyy[q] * y) * scale;
      }
    }
    fftw_execute_dft(hs->pb1, (fftw_complex *)a, (fftw_complex *)a);
    fftw_execute_dft(hs->pb1, (fftw_complex *)b, (fftw_complex *)b);
    memcpy(hs->tbuf + 2 * c * hs->ny, a, 2 * (size_t)hs->ny * sizeof(double));
    memcpy(hs->t2buf + 2 * c * hs->ny, b, 2 * (size_t)hs->ny * sizeof(double));
  }
  PetscCall(Unrows_Private(hs, hs->tbuf, ux));
  PetscCall(Unrows_Private(hs, hs->t2buf, uy));
  hs->nprod += 2;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceApplyDense - u = C p by direct summation over all pairs of points: the test reference of TriboHalfSpaceApply()
  (non-periodic only; O(N^2), for grids of at most 10^4 points)

  Collective
@*/
PetscErrorCode TriboHalfSpaceApplyDense(TriboHalfSpace hs, TriboHalfSpaceKernel k, const PetscReal p[], PetscReal u[])
{
  PetscInt     N = hs->nx * hs->ny, nloc = (PetscInt)hs->nyl * hs->nx;
  PetscMPIInt *counts, *displs, n = (PetscMPIInt)nloc;
  PetscReal   *pall, *c;

  PetscFunctionBeginUser;
  PetscCheck(!hs->periodic, hs->comm, PETSC_ERR_SUP, "the dense reference is non-periodic only");
  PetscCheck(N <= 10000, hs->comm, PETSC_ERR_SUP, "the dense reference is for grids of at most 10^4 points, got %" PetscInt_FMT, N);
  PetscCall(PetscMalloc4(hs->size, &counts, hs->size, &displs, N, &pall, (2 * hs->nx - 1) * (2 * hs->ny - 1), &c));
  PetscCallMPI(MPI_Allgather(&n, 1, MPI_INT, counts, 1, MPI_INT, hs->comm));
  displs[0] = 0;
  for (PetscMPIInt r = 1; r < hs->size; r++) displs[r] = displs[r - 1] + counts[r - 1];
  PetscCallMPI(MPI_Allgatherv(p, n, MPIU_REAL, pall, counts, displs, MPIU_REAL, hs->comm));
  for (PetscInt dj = -(hs->ny - 1); dj <= hs->ny - 1; dj++)
    for (PetscInt di = -(hs->nx - 1); di <= hs->nx - 1; di++)
      PetscCall(TriboHalfSpaceInfluence(hs, k, di, dj, &c[(dj + hs->ny - 1) * (2 * hs->nx - 1) + di + hs->nx - 1]));
  for (PetscInt jl = 0; jl < (PetscInt)hs->nyl; jl++)
    for (PetscInt i = 0; i < hs->nx; i++) {
      PetscInt  j = (PetscInt)hs->j0 + jl;
      PetscReal s = 0;
      for (PetscInt l = 0; l < hs->ny; l++)
        for (PetscInt m = 0; m < hs->nx; m++) s += c[(j - l + hs->ny - 1) * (2 * hs->nx - 1) + i - m + hs->nx - 1] * pall[l * hs->nx + m];
      u[jl * hs->nx + i] = s;
    }
  PetscCall(PetscFree4(counts, displs, pall, c));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceGetGrid(TriboHalfSpace hs, PetscInt *nx, PetscInt *ny, PetscReal *dx, PetscReal *dy)
{
  PetscFunctionBeginUser;
  if (nx) *nx = hs->nx;
  if (ny) *ny = hs->ny;
  if (dx) *dx = hs->dx;
  if (dy) *dy = hs->dy;
  PetscFunctionReturn(0);
}

/*@C
  TriboHalfSpaceGetLocalRows - the rows of this rank: j in [j0, j0 + nyl), nx points each (after TriboHalfSpaceSetUp())
@*/
PetscErrorCode TriboHalfSpaceGetLocalRows(TriboHalfSpace hs, PetscInt *j0, PetscInt *nyl)
{
  PetscFunctionBeginUser;
  PetscCheck(hs->setup, hs->comm, PETSC_ERR_ORDER, "TriboHalfSpaceSetUp() must come before TriboHalfSpaceGetLocalRows()");
  if (j0) *j0 = (PetscInt)hs->j0;
  if (nyl) *nyl = (PetscInt)hs->nyl;
  PetscFunctionReturn(0);
}

/* E (Pa), nu and the contact modulus E* = E / (2 (1 - nu^2)) */
PetscErrorCode TriboHalfSpaceGetMaterial(TriboHalfSpace hs, PetscReal *E, PetscReal *nu, PetscReal *Estar)
{
  PetscFunctionBeginUser;
  if (E) *E = hs->E;
  if (nu) *nu = hs->nu;
  if (Estar) *Estar = hs->E / (2 * (1 - hs->nu * hs->nu));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceGetComm(TriboHalfSpace hs, MPI_Comm *comm)
{
  PetscFunctionBeginUser;
  *comm = hs->comm;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceGetPeriodic(TriboHalfSpace hs, PetscBool *periodic)
{
  PetscFunctionBeginUser;
  *periodic = hs->periodic;
  PetscFunctionReturn(0);
}

/* Bytes of this rank's FFT buffers and kernel spectra */
PetscErrorCode TriboHalfSpaceGetMemory(TriboHalfSpace hs, PetscReal *bytes)
{
  PetscFunctionBeginUser;
  *bytes = hs->membytes;
  if (hs->coarse) { // the coarse chain
    PetscReal b;
    PetscCall(TriboHalfSpaceGetMemory(hs->coarse, &b));
    *bytes += b;
  }
  if (hs->inv) { // the preconditioner's operator (once set up)
    PetscReal b;
    PetscCall(TriboHalfSpaceGetMemory(hs->inv, &b));
    *bytes += b + 8.0 * (PetscReal)hs->inv->ncl * hs->inv->my * (hs->idiag[TRIBO_HS_XX] > 0 ? 2 : 0);
  }
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceGetProductCount(TriboHalfSpace hs, PetscInt *n)
{
  PetscFunctionBeginUser;
  *n = hs->nprod;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceView(TriboHalfSpace hs, PetscViewer v)
{
  PetscFunctionBeginUser;
  if (!v) PetscCall(PetscViewerASCIIGetStdout(hs->comm, &v));
  PetscCall(PetscViewerASCIIPrintf(v,
                                   "half space: %" PetscInt_FMT " x %" PetscInt_FMT " grid, %g x %g m cells, E %g Pa, nu %g, %s (FFT %" PetscInt_FMT
                                   " x %" PetscInt_FMT "), %d ranks\n",
                                   hs->nx, hs->ny, (double)hs->dx, (double)hs->dy, (double)hs->E, (double)hs->nu,
                                   hs->periodic ? "periodic" : "zero padded", hs->mx, hs->my, hs->size));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboHalfSpaceDestroy(TriboHalfSpace *hs)
{
  TriboHalfSpace h = *hs;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(hs, TRIBO_HALFSPACE_CLASSID);
  if (h->setup) {
    fftw_destroy_plan(h->pr1), fftw_destroy_plan(h->pc1), fftw_destroy_plan(h->pf1);
    fftw_destroy_plan(h->pb1), fftw_destroy_plan(h->ptf), fftw_destroy_plan(h->ptb);
    fftw_free(h->cbuf), fftw_free(h->tbuf), fftw_free(h->r1), fftw_free(h->r2), fftw_free(h->c1), fftw_free(h->y1), fftw_free(h->y2);
    if (h->t2buf) fftw_free(h->t2buf);
    PetscCall(TriboHalfSpaceDestroy(&h->coarse));
    PetscCall(TriboHalfSpaceDestroy(&h->inv));
  }
  for (PetscInt k = 0; k < TRIBO_HS_NKERNEL; k++) PetscCall(PetscFree(h->khat[k]));
  PetscCall(PetscFree(h->prefix));
  PetscCall(PetscHeaderDestroy(hs));
  PetscFunctionReturn(0);
}

static PetscErrorCode OpApply1_Private(void *ctx, const PetscReal *const in[], PetscReal *const out[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceApply((TriboHalfSpace)ctx, TRIBO_HS_ZZ, in[0], out[0]));
  PetscFunctionReturn(0);
}

/* Normal and tangential decouple (identical materials, App. A): a block whose input is zero on all ranks costs no transform */
static PetscErrorCode OpApply3_Private(void *ctx, const PetscReal *const in[], PetscReal *const out[])
{
  TriboHalfSpace hs    = (TriboHalfSpace)ctx;
  PetscInt       n     = hs->nx * (PetscInt)hs->nyl;
  PetscMPIInt    nz[2] = {0, 0};

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) {
    nz[0] |= in[0][i] != 0;
    nz[1] |= in[1][i] != 0 || in[2][i] != 0;
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, nz, 2, MPI_INT, MPI_LOR, hs->comm));
  if (nz[0])
    PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_ZZ, in[0], out[0]));
  else {
    PetscCall(PetscArrayzero(out[0], n));
  }
  if (nz[1])
    PetscCall(TriboHalfSpaceApplyTangential(hs, in[1], in[2], out[1], out[2]));
  else {
    PetscCall(PetscArrayzero(out[1], n));
    PetscCall(PetscArrayzero(out[2], n));
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode OpInvert_Private(void *ctx, PetscInt c, const PetscReal in[], PetscReal out[], PetscReal *diag)
{
  const TriboHalfSpaceKernel k[3] = {TRIBO_HS_ZZ, TRIBO_HS_XX, TRIBO_HS_YY};

  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceApplyInverse((TriboHalfSpace)ctx, k[c], in, out, diag));
  PetscFunctionReturn(0);
}

static PetscErrorCode OpDiagonal1_Private(void *ctx, PetscReal *const d[])
{
  TriboHalfSpace hs = (TriboHalfSpace)ctx;
  PetscReal      c;

  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceInfluence(hs, TRIBO_HS_ZZ, 0, 0, &c));
  for (PetscInt i = 0; i < hs->nx * (PetscInt)hs->nyl; i++) d[0][i] = c;
  PetscFunctionReturn(0);
}

static PetscErrorCode OpDiagonal3_Private(void *ctx, PetscReal *const d[])
{
  TriboHalfSpace hs = (TriboHalfSpace)ctx;
  PetscReal      c[3];

  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceInfluence(hs, TRIBO_HS_ZZ, 0, 0, &c[0]));
  PetscCall(TriboHalfSpaceInfluence(hs, TRIBO_HS_XX, 0, 0, &c[1]));
  PetscCall(TriboHalfSpaceInfluence(hs, TRIBO_HS_YY, 0, 0, &c[2]));
  for (PetscInt k = 0; k < 3; k++)
    for (PetscInt i = 0; i < hs->nx * (PetscInt)hs->nyl; i++) d[k][i] = c[k];
  PetscFunctionReturn(0);
}

/*@C
  TriboContactOperatorFromHalfSpace - the compliance operator of two identical half spaces on this rank's grid points

  Collective

  Input Parameters:
+ hs - the half space (set up; with TriboHalfSpaceSetTangential() for ncomp 3)
- ncomp - 1: the normal block zz; 3: zz | [xx xy; xy yy] (components n, t1 = x, t2 = y)

  Output Parameter:
. op - the operator; it refers to hs (no copy) and needs no destruction

  Notes:
  With ncomp 3 a product whose normal or tangential input is zero on all ranks skips that block's transforms; the tangential block
  costs two forward and two backward transforms (TriboHalfSpaceApplyTangential()). The diagonal is the cell's self-influence.
@*/
PetscErrorCode TriboContactOperatorFromHalfSpace(TriboHalfSpace hs, PetscInt ncomp, TriboContactOperator *op)
{
  PetscFunctionBeginUser;
  PetscCheck(hs->setup, hs->comm, PETSC_ERR_ORDER, "TriboHalfSpaceSetUp() must come before TriboContactOperatorFromHalfSpace()");
  PetscCheck(ncomp == 1 || ncomp == 3, hs->comm, PETSC_ERR_ARG_OUTOFRANGE, "a contact operator has 1 or 3 components, got %" PetscInt_FMT, ncomp);
  PetscCheck(ncomp == 1 || hs->t2buf, hs->comm, PETSC_ERR_ORDER,
             "a 3-component operator needs TriboHalfSpaceSetTangential() before TriboHalfSpaceSetUp()");
  PetscCall(PetscMemzero(op, sizeof(*op)));
  op->comm     = hs->comm;
  op->nlocal   = hs->nx * (PetscInt)hs->nyl;
  op->ncomp    = ncomp;
  op->cell     = hs->dx * hs->dy;
  op->apply    = ncomp == 1 ? OpApply1_Private : OpApply3_Private;
  op->diagonal = ncomp == 1 ? OpDiagonal1_Private : OpDiagonal3_Private;
  op->invert   = hs->precond ? OpInvert_Private : NULL;
  op->invctx   = hs;
  op->ctx      = hs;
  PetscFunctionReturn(0);
}
