/* Pareto utilities: fast non-dominated sorting and crowding distance (Deb, Pratap, Agarwal, Meyarivan 2002,
   "A fast and elitist multiobjective genetic algorithm: NSGA-II", §III-A and §III-B), the non-dominated subset,
   the area metric of the model-form error (paper porter-et-al-2022 §3.7, Fig. 8) and the generational distance
   to a known front. All objectives are minimized; a non-finite objective is worse than any finite one. */
#include <tribofit.h>
#include <math.h>

/* a failed evaluation: NaN, or at least PETSC_INFINITY (which PETSc defines finite, PETSC_MAX_REAL / 4) */
static inline PetscBool Failed_Private(PetscReal v)
{
  return (PetscBool) !(v < PETSC_INFINITY);
}

/* a dominates b: no objective worse and one better (porter-et-al-2022 §3.5, the definition of [57]) */
static PetscBool Dominates_Private(PetscInt nf, const PetscReal a[], const PetscReal b[])
{
  PetscBool better = PETSC_FALSE;

  for (PetscInt k = 0; k < nf; k++) {
    PetscReal x = Failed_Private(a[k]) ? PETSC_MAX_REAL : a[k], y = Failed_Private(b[k]) ? PETSC_MAX_REAL : b[k];
    if (x > y) return PETSC_FALSE;
    if (x < y) better = PETSC_TRUE;
  }
  return better;
}

/*@
  TriboParetoSort - fast non-dominated sorting (Deb et al. 2002 §III-A): the front index of every member

  Not collective

  Input Parameters:
+ n  - members
. nf - objectives
- f  - objectives, n x nf row-major

  Output Parameters:
+ rank   - front of each member (0: non-dominated)
- nfront - number of fronts (may be NULL)
@*/
PetscErrorCode TriboParetoSort(PetscInt n, PetscInt nf, const PetscReal f[], PetscInt rank[], PetscInt *nfront)
{
  PetscInt *count, *nsub, *sub, *cur, *next, ncur = 0, front = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc5(n, &count, n, &nsub, (size_t)n * n, &sub, n, &cur, n, &next));
  for (PetscInt i = 0; i < n; i++) count[i] = nsub[i] = 0;
  for (PetscInt i = 0; i < n; i++)
    for (PetscInt j = i + 1; j < n; j++) {
      if (Dominates_Private(nf, f + i * nf, f + j * nf))
        sub[(size_t)i * n + nsub[i]++] = j, count[j]++;
      else if (Dominates_Private(nf, f + j * nf, f + i * nf))
        sub[(size_t)j * n + nsub[j]++] = i, count[i]++;
    }
  for (PetscInt i = 0; i < n; i++)
    if (!count[i]) cur[ncur++] = i, rank[i] = 0;
  while (ncur) {
    PetscInt nnext = 0;
    for (PetscInt a = 0; a < ncur; a++) {
      PetscInt i = cur[a];
      for (PetscInt b = 0; b < nsub[i]; b++) {
        PetscInt j = sub[(size_t)i * n + b];
        if (!--count[j]) next[nnext++] = j, rank[j] = front + 1;
      }
    }
    front++;
    for (PetscInt a = 0; a < nnext; a++) cur[a] = next[a];
    ncur = nnext;
  }
  if (nfront) *nfront = front;
  PetscCall(PetscFree5(count, nsub, sub, cur, next));
  PetscFunctionReturn(0);
}

static const PetscReal *sortkey_Private;
static PetscInt         sortstride_Private;
static int              CompareKey_Private(const void *a, const void *b)
{
  PetscReal x = sortkey_Private[*(const PetscInt *)a * sortstride_Private], y = sortkey_Private[*(const PetscInt *)b * sortstride_Private];
  if (x < y) return -1;
  if (x > y) return 1;
  return *(const PetscInt *)a < *(const PetscInt *)b ? -1 : (*(const PetscInt *)a > *(const PetscInt *)b);
}

/*@
  TriboParetoCrowding - crowding distance (Deb et al. 2002 §III-B) of the members of the given set, in the
  space of the columns v (objectives, or parameters for "genotype" crowding), each column normalized by its range

  Not collective

  Input Parameters:
+ n   - members of the set
. nv  - columns of v
. v   - values, n x nv row-major
- idx - unused (NULL); reserved

  Output Parameter:
. d - crowding distance of each member (PETSC_INFINITY at the ends of each column)
@*/
PetscErrorCode TriboParetoCrowding(PetscInt n, PetscInt nv, const PetscReal v[], const PetscInt idx[], PetscReal d[])
{
  PetscInt *o;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) d[i] = 0;
  if (n <= 2) {
    for (PetscInt i = 0; i < n; i++) d[i] = PETSC_INFINITY;
    PetscFunctionReturn(0);
  }
  PetscCall(PetscMalloc1(n, &o));
  for (PetscInt k = 0; k < nv; k++) {
    PetscReal lo, hi;
    for (PetscInt i = 0; i < n; i++) o[i] = i;
    sortkey_Private    = v + k;
    sortstride_Private = nv;
    qsort(o, (size_t)n, sizeof(PetscInt), CompareKey_Private);
    lo = v[o[0] * nv + k], hi = v[o[n - 1] * nv + k];
    d[o[0]] = d[o[n - 1]] = PETSC_INFINITY;
    if (!(hi > lo) || !PetscIsNormalReal(hi - lo)) continue;
    for (PetscInt i = 1; i < n - 1; i++) d[o[i]] += (v[o[i + 1] * nv + k] - v[o[i - 1] * nv + k]) / (hi - lo);
  }
  PetscCall(PetscFree(o));
  PetscFunctionReturn(0);
}

/*@
  TriboParetoNonDominated - the non-dominated members of a set, duplicates (equal objectives) kept once

  Not collective

  Input Parameters:
+ n  - members
. nf - objectives
- f  - n x nf row-major

  Output Parameters:
+ m   - non-dominated members
- idx - their indices (n entries of room), increasing
@*/
PetscErrorCode TriboParetoNonDominated(PetscInt n, PetscInt nf, const PetscReal f[], PetscInt *m, PetscInt idx[])
{
  PetscFunctionBeginUser;
  *m = 0;
  for (PetscInt i = 0; i < n; i++) {
    PetscBool keep = PETSC_TRUE;
    for (PetscInt k = 0; k < nf; k++)
      if (Failed_Private(f[i * nf + k])) keep = PETSC_FALSE;
    for (PetscInt j = 0; j < n && keep; j++) {
      PetscBool same = PETSC_TRUE;
      if (j == i) continue;
      if (Dominates_Private(nf, f + j * nf, f + i * nf)) keep = PETSC_FALSE;
      for (PetscInt k = 0; k < nf; k++)
        if (f[j * nf + k] != f[i * nf + k]) same = PETSC_FALSE;
      if (same && j < i) keep = PETSC_FALSE;
    }
    if (keep) idx[(*m)++] = i;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboParetoArea - the area metric of the model-form error (paper porter-et-al-2022 §3.7, Fig. 8): the area of
  the region of the box between the lower corner and the two-objective front, the front's ends extended to the
  box's upper edges (the first point straight up to the top edge, the last straight right to the right edge),
  by the trapezoid rule on linear axes

  Not collective

  Input Parameters:
+ n   - points of the front (any order; dominated points are ignored)
. f   - n x 2 row-major
- box - lower corner (x0, y0) and upper corner (x1, y1)

  Output Parameters:
+ area     - the area
- fraction - area / box area (may be NULL)

  Note:
  A front that does not reach into the box gives the whole box; points outside are clipped to it.
@*/
PetscErrorCode TriboParetoArea(PetscInt n, const PetscReal f[], const PetscReal box[4], PetscReal *area, PetscReal *fraction)
{
  PetscInt  *idx, m;
  PetscReal *p, a = 0, x0 = box[0], y0 = box[1], x1 = box[2], y1 = box[3], xp, yp;

  PetscFunctionBeginUser;
  PetscCheck(x1 > x0 && y1 > y0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
             "area metric: the box's upper corner (%g, %g) must exceed its lower corner (%g, %g)", (double)x1, (double)y1, (double)x0, (double)y0);
  PetscCall(PetscMalloc2(n, &idx, 2 * n + 2, &p));
  PetscCall(TriboParetoNonDominated(n, 2, f, &m, idx));
  for (PetscInt i = 0; i < m; i++) p[2 * i] = PetscMin(PetscMax(f[2 * idx[i]], x0), x1), p[2 * i + 1] = PetscMin(PetscMax(f[2 * idx[i] + 1], y0), y1);
  sortkey_Private    = p;
  sortstride_Private = 2;
  {
    PetscInt *o;
    PetscCall(PetscMalloc1(m, &o));
    for (PetscInt i = 0; i < m; i++) o[i] = i;
    if (m > 1) qsort(o, (size_t)m, sizeof(PetscInt), CompareKey_Private); // (qsort with a NULL array is undefined, even for 0 members)
    // g(x): y1 left of the first point, the front's segments, its last y to the right edge
    xp = m ? p[2 * o[0]] : x1;
    yp = y1;
    a  = (xp - x0) * (y1 - y0);
    for (PetscInt i = 0; i < m; i++) {
      PetscReal x = p[2 * o[i]], y = p[2 * o[i] + 1];
      if (i) a += 0.5 * (x - xp) * ((y - y0) + (yp - y0));
      xp = x, yp = y;
    }
    if (m) a += (x1 - xp) * (yp - y0);
    PetscCall(PetscFree(o));
  }
  *area = a;
  if (fraction) *fraction = a / ((x1 - x0) * (y1 - y0));
  PetscCall(PetscFree2(idx, p));
  PetscFunctionReturn(0);
}

/*@
  TriboParetoDistance - the generational distance of a set to a known front: the mean over the set of each
  point's Euclidean distance to the nearest point of a fine sample of the front

  Not collective

  Input Parameters:
+ n  - points of the set
. f  - n x 2
. m  - points of the front's sample
- pf - m x 2

  Output Parameter:
. gd - the mean distance
@*/
PetscErrorCode TriboParetoDistance(PetscInt n, const PetscReal f[], PetscInt m, const PetscReal pf[], PetscReal *gd)
{
  PetscReal s = 0;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) {
    PetscReal dmin = PETSC_MAX_REAL;
    for (PetscInt j = 0; j < m; j++) {
      PetscReal dx = f[2 * i] - pf[2 * j], dy = f[2 * i + 1] - pf[2 * j + 1];
      dmin = PetscMin(dmin, dx * dx + dy * dy);
    }
    s += PetscSqrtReal(dmin);
  }
  *gd = n ? s / n : PETSC_INFINITY;
  PetscFunctionReturn(0);
}
