/* Asperity identification on a grid (Porter and Brake 2023 §3.2.2): erosion then dilation with a k x k square (the
   erosion size), Sobel gradients, and the watershed segmentation of the gradient magnitude (Meyer's flooding). Every
   rank holds whole maps; row passes are split over the ranks and gathered, so results do not depend on their number. */
#include <tribo/private/surfimpl.h>

/* rows [r0, r1) of n owned by this rank: contiguous blocks, the first n % size ranks one row more */
void TriboSurfRows_Private(MPI_Comm comm, PetscInt n, PetscInt *r0, PetscInt *r1)
{
  PetscMPIInt rank = 0, size = 1;

  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  *r0 = (n / size) * rank + PetscMin(rank, n % size);
  *r1 = *r0 + n / size + (rank < n % size ? 1 : 0);
}

/* every rank computed its rows of a (rows x n) array: gather all rows on every rank */
PetscErrorCode TriboSurfAllgatherRows_Private(MPI_Comm comm, PetscInt rows, PetscInt n, PetscReal a[])
{
  PetscMPIInt size, *cnt, *dsp;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  if (size == 1) PetscFunctionReturn(0);
  PetscCall(PetscMalloc2(size, &cnt, size, &dsp));
  for (PetscMPIInt p = 0; p < size; p++) {
    PetscInt r0 = (rows / size) * p + PetscMin(p, rows % size), nr = rows / size + (p < rows % size ? 1 : 0);
    PetscCall(PetscMPIIntCast(nr * n, &cnt[p]));
    PetscCall(PetscMPIIntCast(r0 * n, &dsp[p]));
  }
  PetscCallMPI(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, a, cnt, dsp, MPIU_REAL, comm));
  PetscCall(PetscFree2(cnt, dsp));
  PetscFunctionReturn(0);
}

/* b (n x rows) = a (rows x n) transposed, in cache blocks */
PetscErrorCode TriboSurfTranspose_Private(PetscInt rows, PetscInt n, const PetscReal a[], PetscReal b[])
{
  const PetscInt B = 32;

  PetscFunctionBeginUser;
  for (PetscInt j0 = 0; j0 < rows; j0 += B)
    for (PetscInt i0 = 0; i0 < n; i0 += B)
      for (PetscInt j = j0; j < PetscMin(j0 + B, rows); j++)
        for (PetscInt i = i0; i < PetscMin(i0 + B, n); i++) b[i * rows + j] = a[j * n + i];
  PetscFunctionReturn(0);
}

/* out[i] = min (or max) of in[i - lo .. i + hi] clipped to the row; monotone deque, O(n) */
static void MinMax1D_Private(PetscInt n, const PetscReal in[], PetscInt lo, PetscInt hi, PetscBool ismax, PetscReal out[], PetscInt dq[])
{
  PetscInt head = 0, tail = 0, next = 0;

  for (PetscInt i = 0; i < n; i++) {
    PetscInt end = PetscMin(n - 1, i + hi);
    for (; next <= end; next++) {
      while (tail > head && (ismax ? in[dq[tail - 1]] <= in[next] : in[dq[tail - 1]] >= in[next])) tail--;
      dq[tail++] = next;
    }
    while (dq[head] < i - lo) head++;
    out[i] = in[dq[head]];
  }
}

static PetscErrorCode MinMaxRows_Private(MPI_Comm comm, PetscInt rows, PetscInt n, PetscReal a[], PetscInt lo, PetscInt hi, PetscBool ismax)
{
  PetscInt   r0, r1, *dq;
  PetscReal *row;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(n, &dq, n, &row));
  TriboSurfRows_Private(comm, rows, &r0, &r1);
  for (PetscInt j = r0; j < r1; j++) {
    MinMax1D_Private(n, a + j * n, lo, hi, ismax, row, dq);
    PetscCall(PetscArraycpy(a + j * n, row, n));
  }
  PetscCall(TriboSurfAllgatherRows_Private(comm, rows, n, a));
  PetscCall(PetscFree2(dq, row));
  PetscFunctionReturn(0);
}

/* separable k x k min or max: rows, transpose, rows, transpose back */
static PetscErrorCode MinMax2D_Private(MPI_Comm comm, PetscInt nx, PetscInt ny, PetscReal a[], PetscReal t[], PetscInt lo, PetscInt hi,
                                       PetscBool ismax)
{
  PetscFunctionBeginUser;
  PetscCall(MinMaxRows_Private(comm, ny, nx, a, lo, hi, ismax));
  PetscCall(TriboSurfTranspose_Private(ny, nx, a, t));
  PetscCall(MinMaxRows_Private(comm, nx, ny, t, lo, hi, ismax));
  PetscCall(TriboSurfTranspose_Private(nx, ny, t, a));
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceOpening - Erosion then dilation of a height map with a flat k x k square (§3.2.2: "eroding and then
  dilating using a 2 x 2 square pattern"; k is the erosion size of Table 3).

  Collective

  Input Parameters:
+ comm   - ranks sharing the work (each holds the whole map)
. nx, ny - grid size
. z      - [nx ny] heights, row-major; NaN: no data
- k      - the square's side in points (1 <= k <= min(nx, ny))

  Output Parameter:
. out - [nx ny] the opened heights (NaN where z is NaN)

  Notes:
  The erosion takes the minimum over the square [i - a, i - a + k - 1] x [j - a, j - a + k - 1], a = floor((k - 1)/2)
  (MATLAB's origin of strel('square', k)), the dilation the maximum over the reflected square, so the opening is the
  largest value of the windows containing a point. Windows are clipped at the map's edges and skip NaN (the padding of
  imerode and imdilate). Both run as separable 1-D passes with monotone queues, O(1) per point for any k.
@*/
PetscErrorCode TriboSurfaceOpening(MPI_Comm comm, PetscInt nx, PetscInt ny, const PetscReal z[], PetscInt k, PetscReal out[])
{
  PetscInt   a = (k - 1) / 2, n = nx * ny;
  PetscReal *t;

  PetscFunctionBeginUser;
  PetscCheck(k >= 1 && k <= PetscMin(nx, ny), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
             "erosion size %" PetscInt_FMT " points: expected 1 to %" PetscInt_FMT " (the grid is %" PetscInt_FMT " x %" PetscInt_FMT ")", k,
             PetscMin(nx, ny), nx, ny);
  PetscCall(PetscMalloc1(n, &t));
  for (PetscInt p = 0; p < n; p++) out[p] = PetscIsNanReal(z[p]) ? PETSC_INFINITY : z[p];
  PetscCall(MinMax2D_Private(comm, nx, ny, out, t, a, k - 1 - a, PETSC_FALSE));
  for (PetscInt p = 0; p < n; p++)
    if (PetscIsInfReal(out[p])) out[p] = PETSC_NINFINITY;
  PetscCall(MinMax2D_Private(comm, nx, ny, out, t, k - 1 - a, a, PETSC_TRUE));
  for (PetscInt p = 0; p < n; p++)
    if (PetscIsNanReal(z[p]) || PetscIsInfReal(out[p])) out[p] = NAN;
  PetscCall(PetscFree(t));
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceSobel - Magnitude of the Sobel gradient of a height map (the kernels [1 2 1]^T [-1 0 1] / (8 h)).

  Not collective

  Input Parameters:
+ nx, ny - grid size
. z      - [nx ny] heights (NaN: no data)
- dx, dy - spacings (m)

  Output Parameter:
. g - [nx ny] |grad z| (NaN where z is NaN); a neighbour off the map or without data takes the center's height
@*/
PetscErrorCode TriboSurfaceSobel(PetscInt nx, PetscInt ny, const PetscReal z[], PetscReal dx, PetscReal dy, PetscReal g[])
{
  PetscFunctionBeginUser;
  for (PetscInt j = 0; j < ny; j++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscReal c = z[j * nx + i], v[3][3], gx, gy;
      if (PetscIsNanReal(c)) {
        g[j * nx + i] = NAN;
        continue;
      }
      for (PetscInt b = -1; b <= 1; b++)
        for (PetscInt a = -1; a <= 1; a++) {
          PetscInt ii = i + a, jj = j + b;
          v[b + 1][a + 1] = (ii < 0 || jj < 0 || ii >= nx || jj >= ny || PetscIsNanReal(z[jj * nx + ii])) ? c : z[jj * nx + ii];
        }
      gx            = ((v[0][2] + 2 * v[1][2] + v[2][2]) - (v[0][0] + 2 * v[1][0] + v[2][0])) / (8 * dx);
      gy            = ((v[2][0] + 2 * v[2][1] + v[2][2]) - (v[0][0] + 2 * v[0][1] + v[0][2])) / (8 * dy);
      g[j * nx + i] = PetscSqrtReal(gx * gx + gy * gy);
    }
  PetscFunctionReturn(0);
}

/* binary heap of (value, sequence, point): ties broken by the order of insertion */
typedef struct {
  PetscReal v;
  PetscInt  seq, p;
} HeapItem;
typedef struct {
  HeapItem *a;
  PetscInt  n, cap, seq;
} Heap;

static inline PetscBool HeapLess_Private(const HeapItem *x, const HeapItem *y)
{
  return (PetscBool)(x->v < y->v || (x->v == y->v && x->seq < y->seq));
}

static PetscErrorCode HeapPush_Private(Heap *h, PetscReal v, PetscInt p)
{
  PetscInt c;

  PetscFunctionBeginUser;
  if (h->n == h->cap) {
    HeapItem *b;
    h->cap = PetscMax(1024, 2 * h->cap);
    PetscCall(PetscMalloc1(h->cap, &b));
    if (h->n) PetscCall(PetscArraycpy(b, h->a, h->n));
    PetscCall(PetscFree(h->a));
    h->a = b;
  }
  c       = h->n++;
  h->a[c] = (HeapItem){v, h->seq++, p};
  while (c > 0) {
    PetscInt up = (c - 1) / 2;
    HeapItem t;
    if (!HeapLess_Private(&h->a[c], &h->a[up])) break;
    t = h->a[c], h->a[c] = h->a[up], h->a[up] = t;
    c = up;
  }
  PetscFunctionReturn(0);
}

static PetscInt HeapPop_Private(Heap *h)
{
  PetscInt p = h->a[0].p, c = 0;

  h->a[0] = h->a[--h->n];
  for (;;) {
    PetscInt l = 2 * c + 1, r = l + 1, m = c;
    HeapItem t;
    if (l < h->n && HeapLess_Private(&h->a[l], &h->a[m])) m = l;
    if (r < h->n && HeapLess_Private(&h->a[r], &h->a[m])) m = r;
    if (m == c) break;
    t = h->a[c], h->a[c] = h->a[m], h->a[m] = t;
    c = m;
  }
  return p;
}

/*@
  TriboSurfaceWatershed - Watershed segmentation of a map (the Sobel gradient magnitude, §3.2.2) by Meyer's flooding with
  8-connected neighbours, as MATLAB's watershed().

  Not collective

  Input Parameters:
+ nx, ny - grid size
- g      - [nx ny] values (NaN: outside, not labelled)

  Output Parameters:
+ label   - [nx ny] region of each point: 1..nregions, 0 on the watershed lines, -1 outside (NaN)
- nregion - number of regions

  Notes:
  The regional minima (8-connected plateaus without a lower neighbour) seed the regions, numbered in the order of their
  first point (row-major). Points are then flooded in increasing value (ties in the order they were queued): a point
  whose labelled neighbours all carry one label joins it, a point between two regions becomes a line (0). The result is
  a pure function of g.
@*/
PetscErrorCode TriboSurfaceWatershed(PetscInt nx, PetscInt ny, const PetscReal g[], PetscInt label[], PetscInt *nregion)
{
  PetscInt n = nx * ny, nl = 0, *stack, *plat;
  char    *seen;
  Heap     h = {NULL, 0, 0, 0};

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc3(n, &stack, n, &plat, n, &seen));
  for (PetscInt p = 0; p < n; p++) label[p] = PetscIsNanReal(g[p]) ? -1 : -2, seen[p] = 0; // -2: not yet labelled
  // regional minima: flood each plateau and check for a lower neighbour
  for (PetscInt p0 = 0; p0 < n; p0++) {
    PetscInt  top = 0, np = 0;
    PetscBool lower = PETSC_FALSE;
    if (label[p0] != -2 || seen[p0]) continue;
    stack[top++] = p0, seen[p0] = 1;
    while (top) {
      PetscInt p = stack[--top], pi = p % nx, pj = p / nx;
      plat[np++] = p;
      for (PetscInt dj = -1; dj <= 1; dj++)
        for (PetscInt di = -1; di <= 1; di++) {
          PetscInt qi = pi + di, qj = pj + dj, q;
          if ((!di && !dj) || qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
          q = qj * nx + qi;
          if (label[q] == -1) continue;
          if (g[q] < g[p0])
            lower = PETSC_TRUE;
          else if (g[q] == g[p0] && !seen[q])
            seen[q] = 1, stack[top++] = q;
        }
    }
    if (!lower) {
      nl++;
      for (PetscInt t = 0; t < np; t++) label[plat[t]] = nl;
    }
  }
  // queue the unlabelled neighbours of the minima, in row-major order
  for (PetscInt p = 0; p < n; p++) seen[p] = 0;
  for (PetscInt p = 0; p < n; p++) {
    if (label[p] <= 0) continue;
    for (PetscInt dj = -1; dj <= 1; dj++)
      for (PetscInt di = -1; di <= 1; di++) {
        PetscInt qi = p % nx + di, qj = p / nx + dj, q;
        if (qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
        q = qj * nx + qi;
        if (label[q] == -2 && !seen[q]) {
          seen[q] = 1;
          PetscCall(HeapPush_Private(&h, g[q], q));
        }
      }
  }
  while (h.n) {
    PetscInt p = HeapPop_Private(&h), pi = p % nx, pj = p / nx, L = 0;
    for (PetscInt dj = -1; dj <= 1; dj++)
      for (PetscInt di = -1; di <= 1; di++) {
        PetscInt qi = pi + di, qj = pj + dj, q;
        if (qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
        q = qj * nx + qi;
        if (label[q] > 0) {
          if (!L)
            L = label[q];
          else if (L != label[q])
            L = -3;
        }
      }
    label[p] = L > 0 ? L : 0;
    if (L <= 0) continue;
    for (PetscInt dj = -1; dj <= 1; dj++)
      for (PetscInt di = -1; di <= 1; di++) {
        PetscInt qi = pi + di, qj = pj + dj, q;
        if (qi < 0 || qj < 0 || qi >= nx || qj >= ny) continue;
        q = qj * nx + qi;
        if (label[q] == -2 && !seen[q]) {
          seen[q] = 1;
          PetscCall(HeapPush_Private(&h, g[q], q));
        }
      }
  }
  for (PetscInt p = 0; p < n; p++)
    if (label[p] == -2) label[p] = 0;
  *nregion = nl;
  PetscCall(PetscFree(h.a));
  PetscCall(PetscFree3(stack, plat, seen));
  PetscFunctionReturn(0);
}
