/* Ellipsoid fits of potential asperities (Porter and Brake 2023 §3.2.2, eq. 51-52) and the gap distribution of
   §3.2.3: the gaps -h_i - h_j of all pairs of asperity heights, outliers beyond 3 IQR removed, normalized to [0, 1],
   10^5 evenly spaced order statistics, and their Epanechnikov kernel density on [0, 1]. */
#include <tribo/private/surfimpl.h>
#include <petscblaslapack.h>

const char *const TriboAsperityStatuses[] = {
    "accepted", "few_points",          "few_unique",      "axes", "valley", "center_outside", "low", "misfit", "flat",
    "split",    "TriboAsperityStatus", "TRIBO_ASPERITY_", NULL};

static PetscInt CountUnique_Private(PetscInt n, PetscReal a[])
{
  PetscInt c = 0;

  if (PetscSortReal(n, a)) return 0;
  for (PetscInt i = 0; i < n; i++)
    if (!i || a[i] != a[i - 1]) c++;
  return c;
}

/*@
  TriboAsperityFit - Total-least-squares fit of an ellipsoid (eq. 51) to the points of one potential asperity, its principal
  radii of curvature at the peak (eq. 52), orientation and height, with the rejection rules of §3.2.2.

  Not collective

  Input Parameters:
+ n       - number of points
. x, y, z - coordinates (m)
- sigma   - standard deviation of white noise in z (m); 0: the paper's total least squares, uncorrected

  Output Parameter:
. a - the fit: status (TRIBO_ASPERITY_ACCEPTED or the rule that rejected it), center, semi-axes, R' = a1^2/azz >= R'' = a2^2/azz,
      alpha (from +x to the short semi-axis, in (-pi/2, pi/2]) and h_z = bz + azz

  Notes:
  The quadric A u^2 + B uv + C v^2 + D u + E v + F w^2 + G w + H = 0 in coordinates centered on the points' means and each scaled
  by its range (max - min; as the paper's public code, tmd-lab/microslip-rough-contact SURFACE/ASP_ID/FIT_ELLIPSOID3D.m) is the
  right singular vector of the smallest singular value of the n x 8 design matrix (LAPACK gesvd):
  the total-least-squares fit. Eq. 51 is this quadric with the center completed; it is an ellipsoid when [A B/2; B/2 C]/K and F/K
  are positive (K the constant after completing the squares). Rejected: fewer than 9 points, fewer than 3 distinct x or y, an
  axis not positive and finite (also a quadric term below 1e-12 of the coefficients' norm), a center above the mean height of
  the points (a valley), a center outside the points' bounding rectangle.

  Noise in z biases this fit: the w^2 column holds (w + e)^2, whose mean is w^2 + s^2, so the radii come out small (on
  caps 10 um high with 0.5 um of white noise, -2 % in R' and -3.5 % in R'', tests/surf/t705). With sigma > 0 the fit is
  the adjusted least squares of Kukush, Markovsky and Van Huffel ("Consistent estimation in an implicit quadratic
  measurement error model", Comput. Stat. Data Anal. 47 (2004) 123-147) for errors in w only (x and y are grid
  coordinates): the moments of M^T M that contain w are replaced by their unbiased estimates, with s = sigma / the z scale,
      w^2 -> w^2 - s^2,  w^3 -> w^3 - 3 s^2 w,  w^4 -> w^4 - 6 s^2 w^2 + 3 s^4
  (E[(w+e)^3] = w^3 + 3 s^2 w, E[(w+e)^4] = w^4 + 6 s^2 w^2 + 3 s^4 for Gaussian e), and the coefficients are the
  eigenvector of the smallest eigenvalue of that corrected 8 x 8 matrix (LAPACK syev). With sigma = 0 the matrix is
  M^T M and the result is the gesvd fit above, which is kept for it (better conditioned).
@*/
PetscErrorCode TriboAsperityFit(PetscInt n, const PetscReal x[], const PetscReal y[], const PetscReal z[], PetscReal sigma, TriboAsperity *a)
{
  PetscReal    xm = 0, ym = 0, zm = 0, s, sy, sz, *M, *t, c[8], sv[8], VT[64], wq, work1, *work, nrm = 0;
  PetscReal    xmin = PETSC_MAX_REAL, xmax = PETSC_MIN_REAL, ymin = PETSC_MAX_REAL, ymax = PETSC_MIN_REAL, zlo = PETSC_MAX_REAL, zhi = PETSC_MIN_REAL;
  PetscBLASInt m, eight = 8, one = 1, lwork = -1, info;
  PetscReal    Q[3], u0, v0, w0, det, K, l1, l2, disc, ex, ey;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(a, sizeof(*a)));
  a->npoints = n;
  if (n < 9) {
    a->status = TRIBO_ASPERITY_FEW_POINTS;
    PetscFunctionReturn(0);
  }
  PetscCall(PetscMalloc1(n, &t));
  PetscCall(PetscArraycpy(t, x, n));
  if (CountUnique_Private(n, t) < 3) a->status = TRIBO_ASPERITY_FEW_UNIQUE;
  PetscCall(PetscArraycpy(t, y, n));
  if (CountUnique_Private(n, t) < 3) a->status = TRIBO_ASPERITY_FEW_UNIQUE;
  PetscCall(PetscFree(t));
  if (a->status) PetscFunctionReturn(0);
  for (PetscInt k = 0; k < n; k++) xm += x[k], ym += y[k], zm += z[k];
  xm /= n, ym /= n, zm /= n;
  for (PetscInt k = 0; k < n; k++) {
    zlo = PetscMin(zlo, z[k]), zhi = PetscMax(zhi, z[k]);
    xmin = PetscMin(xmin, x[k]), xmax = PetscMax(xmax, x[k]), ymin = PetscMin(ymin, y[k]), ymax = PetscMax(ymax, y[k]);
  }
  // each coordinate scaled by its range, as the paper's FIT_ELLIPSOID3D.m does (Notes): the total-least-squares solution
  // depends on the scaling of the columns, so this choice is part of the method
  s = xmax - xmin, sy = ymax - ymin, sz = zhi - zlo;
  if (!(sz > 0)) {
    a->status = TRIBO_ASPERITY_AXES;
    PetscFunctionReturn(0);
  }
  PetscCheck(sigma >= 0 && !PetscIsInfOrNanReal(sigma), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "noise %g: expected >= 0", (double)sigma);
  if (sigma > 0) { // adjusted least squares: M^T M with the moments of w corrected for the noise (Notes)
    PetscReal    P[64] = {0}, s2 = PetscSqr(sigma / sz), ev[8], wk[64];
    PetscBLASInt lw = 64;
    for (PetscInt k = 0; k < n; k++) {
      PetscReal u = (x[k] - xm) / s, v = (y[k] - ym) / sy, w = (z[k] - zm) / sz, r[8] = {u * u, u * v, v * v, u, v, w * w - s2, w, 1};
      for (int i = 0; i < 8; i++)
        for (int j = i; j < 8; j++) P[i + 8 * j] += r[i] * r[j];
      // r[5] r[5] = (w^2 - s^2)^2 = w^4 - 2 s^2 w^2 + s^4; wanted w^4 - 6 s^2 w^2 + 3 s^4
      P[5 + 8 * 5] += -4 * s2 * w * w + 2 * s2 * s2;
      // r[5] r[6] = w^3 - s^2 w; wanted w^3 - 3 s^2 w.  r[6] r[6] = w^2; wanted w^2 - s^2
      P[5 + 8 * 6] += -2 * s2 * w, P[6 + 8 * 6] -= s2;
    }
    PetscCallBLAS("LAPACKsyev", LAPACKsyev_("V", "U", &eight, P, &eight, ev, wk, &lw, &info));
    PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK syev failed (info %d) on an asperity of %" PetscInt_FMT " points", (int)info, n);
    for (int j = 0; j < 8; j++) c[j] = P[j]; // the first column: the smallest eigenvalue
  } else {
    PetscCall(PetscMalloc1(8 * n, &M));
    for (PetscInt k = 0; k < n; k++) {
      PetscReal u = (x[k] - xm) / s, v = (y[k] - ym) / sy, w = (z[k] - zm) / sz, r[8] = {u * u, u * v, v * v, u, v, w * w, w, 1};
      for (int j = 0; j < 8; j++) M[j * n + k] = r[j];
    }
    PetscCall(PetscBLASIntCast(n, &m));
    PetscCallBLAS("LAPACKgesvd", LAPACKgesvd_("N", "A", &m, &eight, M, &m, sv, NULL, &one, VT, &eight, &work1, &lwork, &info));
    PetscCall(PetscBLASIntCast((PetscInt)work1, &lwork));
    PetscCall(PetscMalloc1(lwork, &work));
    PetscCallBLAS("LAPACKgesvd", LAPACKgesvd_("N", "A", &m, &eight, M, &m, sv, NULL, &one, VT, &eight, work, &lwork, &info));
    PetscCall(PetscFree(work));
    PetscCall(PetscFree(M));
    PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK gesvd failed (info %d) on an asperity of %" PetscInt_FMT " points", (int)info, n);
    for (int j = 0; j < 8; j++) c[j] = VT[7 + 8 * j];
  }
  { // to v = (y - ym) / s, the scale of u: the terms in v times s / sy, v^2 times its square
    PetscReal r = s / sy;
    c[1] *= r, c[2] *= r * r, c[4] *= r;
  }
  for (int j = 0; j < 8; j++) nrm += c[j] * c[j];
  nrm = PetscSqrtReal(nrm);
  // center: 2 [A B/2; B/2 C] (u0, v0) = -(D, E); w0 = -G / (2F)
  Q[0] = c[0], Q[1] = 0.5 * c[1], Q[2] = c[2];
  det = Q[0] * Q[2] - Q[1] * Q[1];
  if (PetscAbsReal(c[5]) < 1e-12 * nrm || PetscAbsReal(det) < 1e-24 * nrm * nrm) {
    a->status = TRIBO_ASPERITY_AXES;
    PetscFunctionReturn(0);
  }
  u0 = -0.5 * (Q[2] * c[3] - Q[1] * c[4]) / det;
  v0 = -0.5 * (-Q[1] * c[3] + Q[0] * c[4]) / det;
  w0 = -c[6] / (2 * c[5]);
  K  = Q[0] * u0 * u0 + 2 * Q[1] * u0 * v0 + Q[2] * v0 * v0 + c[5] * w0 * w0 - c[7];
  // eigenvalues of Q / K, l1 <= l2 (l1: the large semi-axis)
  disc = PetscSqrtReal(PetscSqr(0.5 * (Q[0] - Q[2])) + Q[1] * Q[1]);
  l1 = (0.5 * (Q[0] + Q[2]) - disc) / K, l2 = (0.5 * (Q[0] + Q[2]) + disc) / K;
  if (K < 0) {
    PetscReal tmp = l1;
    l1 = l2, l2 = tmp;
  }
  wq    = c[5] / K;
  a->bx = xm + s * u0, a->by = ym + s * v0, a->bz = zm + sz * w0;
  if (!(l1 > 0 && l2 > 0 && wq > 0) || !PetscIsNormalReal(l1) || !PetscIsNormalReal(l2) || !PetscIsNormalReal(wq)) {
    a->status = TRIBO_ASPERITY_AXES;
    PetscFunctionReturn(0);
  }
  a->a1 = s / PetscSqrtReal(l1), a->a2 = s / PetscSqrtReal(l2), a->azz = sz / PetscSqrtReal(wq);
  a->rp = a->a1 * a->a1 / a->azz, a->rpp = a->a2 * a->a2 / a->azz;
  a->height = a->bz + a->azz;
  // the short semi-axis: eigenvector of the larger eigenvalue l2 K of [Q0 Q1; Q1 Q2]
  {
    PetscReal lam = l2 * K;
    if (PetscAbsReal(Q[1]) > 0)
      ex = Q[1], ey = lam - Q[0];
    else if (PetscAbsReal(Q[0] - lam) <= PetscAbsReal(Q[2] - lam))
      ex = 1, ey = 0;
    else
      ex = 0, ey = 1;
    a->alpha = PetscAtan2Real(ey, ex);
    if (a->alpha <= -PETSC_PI / 2) a->alpha += PETSC_PI;
    if (a->alpha > PETSC_PI / 2) a->alpha -= PETSC_PI;
  }
  if (!PetscIsNormalReal(a->a1) || !PetscIsNormalReal(a->azz)) {
    a->status = TRIBO_ASPERITY_AXES;
    PetscFunctionReturn(0);
  }
  { // relief, vertical misfit to the fitted cap, sag along the long axis (for TriboAsperityCheck())
    PetscReal zmin = PETSC_MAX_REAL, zmax = PETSC_MIN_REAL, lmin = PETSC_MAX_REAL, lmax = PETSC_MIN_REAL, ss = 0, ca = PetscCosReal(a->alpha),
              sa = PetscSinReal(a->alpha);
    for (PetscInt k = 0; k < n; k++) {
      PetscReal u = x[k] - a->bx, v = y[k] - a->by, sh = u * ca + v * sa, lo = -u * sa + v * ca, q = PetscSqr(lo / a->a1) + PetscSqr(sh / a->a2);
      PetscReal zf = a->bz + a->azz * PetscSqrtReal(PetscMax(0, 1 - q));
      zmin = PetscMin(zmin, z[k]), zmax = PetscMax(zmax, z[k]), lmin = PetscMin(lmin, lo), lmax = PetscMax(lmax, lo), ss += PetscSqr(z[k] - zf);
    }
    a->relief = zmax - zmin;
    a->misfit = PetscSqrtReal(ss / n) / a->relief;
    a->sag    = PetscSqr(0.5 * (lmax - lmin)) / (2 * a->rp) / a->relief;
  }
  if (a->bz > zm)
    a->status = TRIBO_ASPERITY_VALLEY;
  else if (a->bx < xmin || a->bx > xmax || a->by < ymin || a->by > ymax)
    a->status = TRIBO_ASPERITY_CENTER_OUTSIDE;
  PetscFunctionReturn(0);
}

/*@
  TriboAsperityCriteriaDefault - The acceptance criteria tribo adds to the paper's rules, at their default values.

  Not collective

  Output Parameter:
. c - min_points 9 (the paper's), min_relief 0 (TriboSurf raises it to 4 times the scan's noise), max_misfit 0.25, min_sag 0.1,
      split 0.5

  Notes:
  Porter and Brake 2023 §3.2.2 rejects a fit on fewer than 9 points, with an axis not positive and finite, a center above the
  points' mean height, fewer than 3 distinct x or y, or a center outside their bounding rectangle. It says nothing of
  regions on flat ground, of noise, or of a peak the watershed cut in two, and each of these passes those rules: a scan of
  known caps on a plane gave +40 % density from regions between the caps (radii of metres), and white noise of 0.5 um
  gave ten times more regions than caps (tests/surf/t705). The choices made here, each an option of TriboSurf:
+ low    - relief (max z - min z of the points) below min_relief: flat ground and noise bumps. TriboSurf uses the larger of
           -surface_min_relief and -surface_noise_factor (5) times the scan's noise (TriboHeightMapNoise()); without noise
           only exact flatness is rejected.
. misfit - the RMS vertical distance of the points to the fitted cap bz + azz sqrt(1 - q) (q the footprint's quadratic
           form, clipped at 1) above max_misfit of the relief: the points are not a cap (a ring of feet around a cap, a
           saddle, noise).
. flat   - the fitted cap's sag along its long axis over the region, L^2 / (2 R') with L half the points' extent along it,
           below min_sag of the relief: the curvature the fit reports does not produce the heights it was fitted to, the
           radius is not resolved (the radii of metres on flat ground). An exact cap over its footprint has sag 1/2.
           When the fitted heights carry the scan's noise (the residual heights, the default; c->noise its sigma), the sag
           must also exceed twice the noise: on a scan of caps with 0.5 um of white noise, regions of 13-18 points on the
           flat ground between them passed every other rule with reliefs of 2.8-3.2 um (5.6-6.4 sigma) and sags of
           0.3-0.5 um, a curvature the noise alone makes (tests/surf/t705).
- split  - two accepted fits whose centers are closer than split times the smaller short semi-axis are one peak cut by the
           segmentation (its Sobel gradient can have two minima at a sampled top); the fit with fewer points (then the later
           region) is rejected (TriboSurfProcess(), after all fits of a scan are known).
@*/
PetscErrorCode TriboAsperityCriteriaDefault(TriboAsperityCriteria *c)
{
  PetscFunctionBeginUser;
  c->min_points = 9, c->min_relief = 0, c->max_misfit = 0.25, c->min_sag = 0.1, c->split = 0.5, c->noise = 0;
  PetscFunctionReturn(0);
}

/*@
  TriboAsperityCheck - Applies tribo's acceptance criteria (TriboAsperityCriteriaDefault()) to a fit the paper's rules accepted.

  Not collective

  Input Parameter:
. c - the criteria

  Input/Output Parameter:
. a - the fit of TriboAsperityFit(); its status becomes TRIBO_ASPERITY_FEW_POINTS, _LOW, _MISFIT or _FLAT when a criterion fails
@*/
PetscErrorCode TriboAsperityCheck(const TriboAsperityCriteria *c, TriboAsperity *a)
{
  PetscFunctionBeginUser;
  if (a->status != TRIBO_ASPERITY_ACCEPTED) PetscFunctionReturn(0);
  if (a->npoints < c->min_points)
    a->status = TRIBO_ASPERITY_FEW_POINTS;
  else if (!(a->relief > c->min_relief))
    a->status = TRIBO_ASPERITY_LOW;
  else if (!(a->misfit <= c->max_misfit))
    a->status = TRIBO_ASPERITY_MISFIT;
  else if (!(a->sag >= c->min_sag) || !(a->sag * a->relief > 2 * c->noise))
    a->status = TRIBO_ASPERITY_FLAT;
  PetscFunctionReturn(0);
}

/*@
  TriboHeightMapNoise - Standard deviation of white measurement noise on a height map, by Immerkaer's estimator.

  Not collective

  Input Parameters:
+ nx, ny - grid size
- z      - [ny nx] heights, NaN where there is no data

  Output Parameter:
. sigma - the estimate (same unit as z)

  Notes:
  J. Immerkaer, "Fast noise variance estimation", Computer Vision and Image Understanding 64 (1996) 300-302: the mask
  N = [1 -2 1; -2 4 -2; 1 -2 1] (the difference of two discrete Laplacians) annihilates every quadratic height field, and
  on white noise of variance s^2 its output has variance 36 s^2; sigma = sqrt(pi/2) mean |N * z| / 6 over the windows with
  data at all nine points. Structure that is not locally quadratic (edges, roughness at the grid's scale) raises the estimate,
  so it bounds the noise from above.
@*/
PetscErrorCode TriboHeightMapNoise(PetscInt nx, PetscInt ny, const PetscReal z[], PetscReal *sigma)
{
  PetscReal sum = 0;
  PetscInt  cnt = 0;

  PetscFunctionBeginUser;
  for (PetscInt j = 1; j < ny - 1; j++)
    for (PetscInt i = 1; i < nx - 1; i++) {
      const PetscReal *r0 = z + (j - 1) * nx + i, *r1 = z + j * nx + i, *r2 = z + (j + 1) * nx + i;
      PetscReal        v = r0[-1] - 2 * r0[0] + r0[1] - 2 * (r1[-1] - 2 * r1[0] + r1[1]) + r2[-1] - 2 * r2[0] + r2[1];
      if (PetscIsNanReal(v)) continue;
      sum += PetscAbsReal(v), cnt++;
    }
  *sigma = cnt ? PetscSqrtReal(PETSC_PI / 2) * sum / (6 * cnt) : 0;
  PetscFunctionReturn(0);
}

/* first index with x[i] >= v in an ascending array */
static PetscInt LowerBound_Private(PetscInt n, const PetscReal x[], PetscReal v)
{
  PetscInt lo = 0, hi = n;

  while (lo < hi) {
    PetscInt mid = (lo + hi) / 2;
    if (x[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/*@
  TriboEpanechnikovDensity - Kernel density estimate on [0, 1] with the Epanechnikov kernel and reflection at both ends.

  Not collective

  Input Parameters:
+ n  - number of samples
. x  - [n] samples in [0, 1], ascending
. bw - bandwidth: the kernel's standard deviation (its support is +-sqrt(5) bw, at most 1/2)
. m  - number of evaluation points
- z  - [m] evaluation points in [0, 1]

  Output Parameter:
. p - [m] the density

  Notes:
  p(z) = 1/(n bw) sum_i [K((z - x_i)/bw) + K((z + x_i)/bw) + K((z - 2 + x_i)/bw)], K(u) = 3/(4 sqrt 5) (1 - u^2/5) on
  |u| <= sqrt 5 (unit variance, as MATLAB's ksdensity scales it). The reflected kernels return the mass that falls outside
  [0, 1], so the density integrates to exactly 1 over [0, 1].
@*/
PetscErrorCode TriboEpanechnikovDensity(PetscInt n, const PetscReal x[], PetscReal bw, PetscInt m, const PetscReal z[], PetscReal p[])
{
  const PetscReal r5 = PetscSqrtReal(5.0), H = r5 * bw, c0 = 3 / (4 * r5);

  PetscFunctionBeginUser;
  PetscCheck(bw > 0 && H <= 0.5, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "kernel bandwidth %g: expected 0 < bw <= 0.5/sqrt(5)", (double)bw);
  for (PetscInt k = 0; k < m; k++) {
    PetscReal s = 0;
    for (PetscInt i = LowerBound_Private(n, x, z[k] - H); i < n && x[i] <= z[k] + H; i++) {
      PetscReal u = (z[k] - x[i]) / bw;
      if (u * u < 5) s += c0 * (1 - u * u / 5);
    }
    for (PetscInt i = 0; i < n && x[i] < H - z[k]; i++) {
      PetscReal u = (z[k] + x[i]) / bw;
      if (u * u < 5) s += c0 * (1 - u * u / 5);
    }
    for (PetscInt i = n - 1; i >= 0 && x[i] > 2 - z[k] - H; i--) {
      PetscReal u = (z[k] - 2 + x[i]) / bw;
      if (u * u < 5) s += c0 * (1 - u * u / 5);
    }
    p[k] = s / (n * bw);
  }
  PetscFunctionReturn(0);
}

#define PAIR_MAX     8192
#define PAIR_BUCKETS (1 << 21)

/* order statistics of the m^2 sums s_i + s_j (ordered pairs) at ranks r[0..nr) (ascending): two passes over the pairs
   with a histogram of PAIR_BUCKETS buckets; only the buckets that hold a wanted rank are collected and sorted */
static PetscErrorCode PairSelect_Private(PetscInt m, const PetscReal s[], PetscInt nr, const PetscInt64 r[], PetscReal val[])
{
  PetscReal      lo = 2 * s[0], hi = 2 * s[m - 1], scale, *coll;
  PetscInt64    *cnt, *start, *fill, ncoll = 0;
  PetscInt      *bk;
  const PetscInt B = PAIR_BUCKETS;

  PetscFunctionBeginUser;
  if (!(hi > lo)) {
    for (PetscInt k = 0; k < nr; k++) val[k] = lo;
    PetscFunctionReturn(0);
  }
  scale = B / (hi - lo);
  PetscCall(PetscCalloc3(B + 1, &cnt, B + 1, &start, B, &fill));
  PetscCall(PetscMalloc1(nr, &bk));
#define BUCKET(v) PetscMin(B - 1, (PetscInt)(((v)-lo) * scale))
  for (PetscInt i = 0; i < m; i++) {
    cnt[BUCKET(s[i] + s[i])]++;
    for (PetscInt j = i + 1; j < m; j++) cnt[BUCKET(s[i] + s[j])] += 2;
  }
  for (PetscInt b = 0; b < B; b++) start[b + 1] = start[b] + cnt[b];
  for (PetscInt b = 0; b < B; b++) fill[b] = -1;
  for (PetscInt k = 0, b = 0; k < nr; k++) {
    while (start[b + 1] <= r[k]) b++;
    bk[k] = b;
    if (fill[b] < 0) fill[b] = ncoll, ncoll += cnt[b];
  }
  PetscCall(PetscMalloc1(ncoll, &coll));
  {
    PetscInt64 *pos;
    PetscCall(PetscMalloc1(B, &pos));
    PetscCall(PetscArraycpy(pos, fill, B));
    for (PetscInt i = 0; i < m; i++)
      for (PetscInt j = i; j < m; j++) {
        PetscReal v = s[i] + s[j];
        PetscInt  b = BUCKET(v);
        if (pos[b] < 0) continue;
        coll[pos[b]++] = v;
        if (j > i) coll[pos[b]++] = v;
      }
    PetscCall(PetscFree(pos));
  }
#undef BUCKET
  for (PetscInt k = 0; k < nr; k++) {
    PetscInt b = bk[k];
    if (!k || bk[k - 1] != b) PetscCall(PetscSortReal((PetscInt)cnt[b], coll + fill[b]));
    val[k] = coll[fill[b] + (r[k] - start[b])];
  }
  PetscCall(PetscFree(coll));
  PetscCall(PetscFree(bk));
  PetscCall(PetscFree3(cnt, start, fill));
  PetscFunctionReturn(0);
}

/* number of ordered pairs with s_i + s_j < t (s ascending) */
static PetscInt64 CountLess_Private(PetscInt m, const PetscReal s[], PetscReal t)
{
  PetscInt64 c = 0;
  PetscInt   j = m;

  for (PetscInt i = 0; i < m; i++) {
    while (j > 0 && s[i] + s[j - 1] >= t) j--;
    c += j;
  }
  return c;
}

/* gap order statistics: gap rank q (ascending) is sum rank M - 1 - q; q[] ascending */
static PetscErrorCode GapSelect_Private(PetscInt m, const PetscReal s[], PetscInt nq, const PetscInt64 q[], PetscReal g[])
{
  PetscInt64 *r, M = (PetscInt64)m * m;
  PetscReal  *v;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(nq, &r, nq, &v));
  for (PetscInt k = 0; k < nq; k++) r[k] = M - 1 - q[nq - 1 - k];
  PetscCall(PairSelect_Private(m, s, nq, r, v));
  for (PetscInt k = 0; k < nq; k++) g[k] = -v[nq - 1 - k];
  PetscCall(PetscFree2(r, v));
  PetscFunctionReturn(0);
}

/*@
  TriboGapPDFCompute - The gap distribution of §3.2.3 from the residual heights of the asperities of both surfaces.

  Not collective

  Input Parameters:
+ n        - number of heights
. h        - [n] asperity heights (m), each surface's list already shifted to zero median
. npdf     - points of the PDF on [0, 1] (e.g. 1001)
- nsamples - order statistics the density is fitted to (10^5 in the paper)

  Output Parameter:
. pdf - the distribution (TriboGapPDFReset() frees its arrays)

  Notes:
  The gaps are -h_i - h_j over all ordered pairs (i, j) ("the negative of each residual height minus all of the residual
  heights"); the quartiles Q1, Q3 (linear interpolation between order statistics) give the outliers below Q1 - 3 IQR or above
  Q3 + 3 IQR, which are removed; the rest is normalized to [0, 1] by those fences (gmin = Q1 - 3 IQR, zmax = 7 IQR) and nsamples evenly spaced order
  statistics (the first and the last included) are fitted with TriboEpanechnikovDensity(), bandwidth sigma (4/(3 n))^(1/5)
  with sigma = MAD/0.6745 (MATLAB's ksdensity default). The order statistics are exact (PairSelect_Private() counts pairs
  in a histogram, then sorts only the buckets holding wanted ranks), but above 8192 heights the pairs are taken over 8192
  evenly spaced order statistics of the heights (a stratified subsample, recorded in nsamples/ngaps). The density on npdf
  points is scaled so that its trapezoid integral is 1; the factor is 1/pdf->integral. When the interquartile range of the
  gaps is 0 (one asperity per surface, or most heights equal) there is no distribution: pdf->zmax is 0 and no PDF is made.

  The paper's text says the gaps are "normalized to be between zero and one with the range of gaps being recorded as the
  maximum possible gap"; which range is not said. Its public code (tmd-lab/microslip-rough-contact, COMBINE_SURFS2.m) uses
  the fences, (g - z_min) / (z_max - z_min) with z_min, z_max = Q1 - 3 IQR, Q3 + 3 IQR, and records z_max - z_min. The BRB
  data it shipped (brb_surface_data.mat, Table 2) confirm it: the quartiles of its normalized PDF are 0.4287 and 0.5717,
  3/7 and 4/7 of [0, 1]. tribo follows the code (tests/surf/t702 checks both against the sorted list of all gaps).
@*/
PetscErrorCode TriboGapPDFCompute(PetscInt n, const PetscReal h[], PetscInt npdf, PetscInt nsamples, TriboGapPDF *pdf)
{
  PetscReal *s, *hs, q[4], pos1, pos3, Q1, Q3, iqr, glo, ghi, *gz, med, mad, *dev, bw;
  PetscInt64 M, qs[4], below, above, qlo, qhi, Mr, *rk;
  PetscInt   m = PetscMin(n, PAIR_MAX), ns;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(pdf, sizeof(*pdf)));
  PetscCheck(n >= 2, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "the gap distribution needs at least 2 asperities, found %" PetscInt_FMT, n);
  PetscCall(PetscMalloc2(n, &hs, m, &s));
  PetscCall(PetscArraycpy(hs, h, n));
  PetscCall(PetscSortReal(n, hs));
  for (PetscInt k = 0; k < m; k++) s[k] = hs[m == n ? k : (PetscInt)PetscFloorReal(k * (PetscReal)(n - 1) / (m - 1) + 0.5)];
  M    = (PetscInt64)m * m;
  pos1 = 0.25 * (M - 1), pos3 = 0.75 * (M - 1);
  qs[0] = (PetscInt64)PetscFloorReal(pos1), qs[1] = (PetscInt64)PetscCeilReal(pos1), qs[2] = (PetscInt64)PetscFloorReal(pos3),
  qs[3] = (PetscInt64)PetscCeilReal(pos3);
  PetscCall(GapSelect_Private(m, s, 4, qs, q));
  Q1  = q[0] + (pos1 - qs[0]) * (q[1] - q[0]);
  Q3  = q[2] + (pos3 - qs[2]) * (q[3] - q[2]);
  iqr = Q3 - Q1;
  glo = Q1 - 3 * iqr, ghi = Q3 + 3 * iqr;
  if (!(iqr > 0)) { // no spread: no distribution (zmax 0, no PDF); the caller says why (TriboSurfProcess(): collectively)
    pdf->gmin = Q1, pdf->ngaps = M;
    PetscCall(PetscFree2(hs, s));
    PetscFunctionReturn(0);
  }
  // gaps < glo are sums > -glo; gaps > ghi are sums < -ghi
  below = M - CountLess_Private(m, s, nextafter(-glo, PETSC_INFINITY));
  above = CountLess_Private(m, s, -ghi);
  qlo = below, qhi = M - 1 - above, Mr = qhi - qlo + 1;
  ns = (PetscInt)PetscMin((PetscInt64)nsamples, Mr);
  PetscCheck(ns >= 2, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "the gap distribution has fewer than 2 gaps after removing outliers");
  PetscCall(PetscMalloc3(ns, &rk, ns, &gz, ns, &dev));
  for (PetscInt k = 0; k < ns; k++) rk[k] = qlo + (PetscInt64)PetscFloorReal(k * (PetscReal)(Mr - 1) / (ns - 1) + 0.5);
  PetscCall(GapSelect_Private(m, s, ns, rk, gz));
  // normalized by the outlier fences, not by the kept gaps' range: z_max = Q3 + 3 IQR - (Q1 - 3 IQR) = 7 IQR (Notes)
  pdf->gmin = glo;
  pdf->zmax = ghi - glo;
  for (PetscInt k = 0; k < ns; k++) gz[k] = PetscMin(1, PetscMax(0, (gz[k] - pdf->gmin) / pdf->zmax));
  med = ns % 2 ? gz[ns / 2] : 0.5 * (gz[ns / 2 - 1] + gz[ns / 2]);
  for (PetscInt k = 0; k < ns; k++) dev[k] = PetscAbsReal(gz[k] - med);
  PetscCall(PetscSortReal(ns, dev));
  mad = ns % 2 ? dev[ns / 2] : 0.5 * (dev[ns / 2 - 1] + dev[ns / 2]);
  if (!(mad > 0)) {
    PetscReal mean = 0, var = 0;
    for (PetscInt k = 0; k < ns; k++) mean += gz[k] / ns;
    for (PetscInt k = 0; k < ns; k++) var += PetscSqr(gz[k] - mean) / ns;
    mad = 0.6745 * PetscSqrtReal(var);
  }
  bw        = PetscMin(mad / 0.6745 * PetscPowReal(4.0 / (3.0 * ns), 0.2), 0.5 / PetscSqrtReal(5.0));
  pdf->npdf = npdf, pdf->bandwidth = bw, pdf->ngaps = M, pdf->noutliers = M - Mr, pdf->nsamples = ns;
  PetscCall(PetscMalloc2(npdf, &pdf->z, npdf, &pdf->p));
  for (PetscInt k = 0; k < npdf; k++) pdf->z[k] = (PetscReal)k / (npdf - 1);
  PetscCall(TriboEpanechnikovDensity(ns, gz, bw, npdf, pdf->z, pdf->p));
  pdf->integral = 0;
  for (PetscInt k = 1; k < npdf; k++) pdf->integral += 0.5 * (pdf->p[k] + pdf->p[k - 1]) * (pdf->z[k] - pdf->z[k - 1]);
  for (PetscInt k = 0; k < npdf; k++) pdf->p[k] /= pdf->integral;
  PetscCall(PetscFree3(rk, gz, dev));
  PetscCall(PetscFree2(hs, s));
  PetscFunctionReturn(0);
}

/*@
  TriboGapPDFReset - Frees the arrays of a gap distribution and zeroes it.

  Not collective
@*/
PetscErrorCode TriboGapPDFReset(TriboGapPDF *pdf)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree2(pdf->z, pdf->p));
  PetscCall(PetscMemzero(pdf, sizeof(*pdf)));
  PetscFunctionReturn(0);
}
