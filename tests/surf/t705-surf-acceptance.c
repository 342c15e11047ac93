static char help[] = "Asperity acceptance and radius fits on scans of known caps (issue 36): nothing found on flat ground, radii as placed.\n";
/* Scans made here, unlike any shipped example: caps of ellipsoids at random, non-overlapping places (a seeded splitmix64, the
   same on every rank) on an exactly flat plane, 16 um grid, 900 x 700 points. A cap is the part above the plane of an
   ellipsoid with semi-axes A1 >= A2 (in the plane; the short one at the angle alpha) and C, its center cut C below the plane:
   height c = C (1 - cut), principal radii at the peak R' = A1^2 / C, R'' = A2^2 / C (the closed forms). An asperity belongs to
   the cap whose footprint holds its fitted center; one beyond the first on a cap is a fragment, one on no cap is spurious.

   1. Fits alone (TriboAsperityFit() on the points of one cap above the plane, no segmentation): spheres and ellipsoids, short
      diameters of 20 and 40 points, angles 0, 30 and -60 degrees, grid spacings 5 and 16 um, cut 0 and 0.5, without noise
      and with white noise of 0.5 um (N(0, 0.5 um), 20 draws per shape). Printed: the largest error of R', R'' over the
      noise-free shapes / 2 % (must be <= 1). With noise, the paper's total-least-squares fit of eq. 51 is biased (the noise
      enters its z^2 column: measured -2.9 % in R', -4.0 % in R''); its median bias is held within 5 %. The adjusted least
      squares (TriboAsperityFit() given the noise's sigma) must have a median bias within 0.5 % and an RMS error within 2 % at
      40 points across. Single fits scatter by the noise itself: 0.5 um is 5 % of a 10 um cap, and such a sphere's R moves
      by several per cent at 20 and at 40 points across, in either direction, for both fits (the largest errors are
      printed); the scatter is the data's, the bias was the method's.
      The measured numbers of both fits go to stderr.
   2. Caps on a plane (200 caps, R' 3 mm, R'' 0.6 mm, alpha 20 degrees, c 20 um, short diameter 13.7 points): the pipeline
      (no mesoscale filter, erosion size 2) must find every cap once, nothing spurious, the density within 2 % of caps/area
      and the median radii within 5 %; on 1, 2 and 3 ranks.
   3. Mixed sizes (1400 x 1000 points): 100 caps with R' 3 mm, R'' 0.6 mm and 100 with R' 12 mm, R'' 2.4 mm, all 34 um high
      (20 and 40 points across): the histogram of log10 R'' in 8 bins must have two separated peaks at the two populations,
      each population's median within 5 %.
   4. Noise: the caps of 2 plus white noise of 0.5 um. By default (the paper's segmentation of the opened heights, the fits
      to the residual heights) spurious asperities must stay below 1 % of the caps (the noise's regions fall below the
      minimum relief of 5 x the estimated noise, or their fitted sag below 2 x the noise); the segmentation then cuts some
      caps into fragments, and misses caps whose pieces are all rejected (counted: 116 of 200 found, 7 fragments, 0
      spurious). With -surface_segment_sigma 1.5, spurious
      asperities and fragments together must stay below 1 % of the caps, every cap found. With -surface_fit_heights residual
      (and the default -surface_noise_fit, the adjusted least squares with the scan's estimated noise) the medians must be
      within 2 % of the caps' radii; the opened heights are printed beside them (the opening removes the noise's upward
      excursions, so they are not corrected, and their medians sit a few per cent high).
   The measured biases and counts behind the verdicts go to stderr. */
#include <tribosurf.h>

typedef struct {
  unsigned long s;
  PetscBool     have;
  PetscReal     spare;
} Rng;

static PetscReal Uniform(Rng *r)
{
  unsigned long z = (r->s += 0x9e3779b97f4a7c15UL);
  z               = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9UL;
  z               = (z ^ (z >> 27)) * 0x94d049bb133111ebUL;
  z ^= z >> 31;
  return (PetscReal)((z >> 11) + 0.5) / 9007199254740992.0;
}

static PetscReal Normal(Rng *r)
{
  PetscReal u, v;
  if (r->have) {
    r->have = PETSC_FALSE;
    return r->spare;
  }
  u = Uniform(r), v = Uniform(r), r->have = PETSC_TRUE;
  r->spare = PetscSqrtReal(-2 * PetscLogReal(u)) * PetscSinReal(2 * PETSC_PI * v);
  return PetscSqrtReal(-2 * PetscLogReal(u)) * PetscCosReal(2 * PETSC_PI * v);
}

typedef struct {
  PetscReal x, y, foot, rp, rpp;
} Cap;

/* the height of a cap (R', R'', height c, cut, angle alpha of the short axis) at (u, v) from its center, or 0 off it */
static PetscReal CapHeight(PetscReal rp, PetscReal rpp, PetscReal c, PetscReal cut, PetscReal alpha, PetscReal u, PetscReal v)
{
  PetscReal C = c / (1 - cut), A1 = PetscSqrtReal(rp * C), A2 = PetscSqrtReal(rpp * C), sh = u * PetscCosReal(alpha) + v * PetscSinReal(alpha);
  PetscReal lo = -u * PetscSinReal(alpha) + v * PetscCosReal(alpha), q = 1 - PetscSqr(sh / A2) - PetscSqr(lo / A1);
  return q > 0 ? PetscMax(0, C * (PetscSqrtReal(q) - cut)) : 0;
}

/* ncap caps on an nx x ny grid (a fraction frac2 with the radii rp2, rpp2 and height c2) at random places on a flat nx x ny grid, plus noise */
static PetscErrorCode Scan(PetscInt ncap, PetscReal rp, PetscReal rpp, PetscReal c, PetscReal frac2, PetscReal rp2, PetscReal rpp2, PetscReal c2,
                           PetscReal noise, unsigned long seed, PetscInt nx, PetscInt ny, TriboHeightMap **m, Cap caps[])
{
  const PetscReal dx = 16e-6, alpha = 20 * PETSC_PI / 180, cut = 0.25;
  Rng             r = {seed, PETSC_FALSE, 0};

  PetscFunctionBeginUser;
  PetscCall(TriboHeightMapCreate(nx, ny, 0, 0, dx, dx, m));
  for (PetscInt p = 0; p < nx * ny; p++) (*m)->z[p] = 0;
  for (PetscInt n = 0, tries = 0; n < ncap; tries++) {
    PetscBool second = (PetscBool)(n < frac2 * ncap);
    PetscReal R1 = second ? rp2 : rp, R2 = second ? rpp2 : rpp, h = second ? c2 : c, C = h / (1 - cut);
    PetscReal foot = PetscSqrtReal(R1 * C) * PetscSqrtReal(1 - cut * cut), x, y, ok = 1;
    PetscCheck(tries < 1000000, PETSC_COMM_SELF, PETSC_ERR_PLIB, "no room for %" PetscInt_FMT " caps", ncap);
    x = foot + 3 * dx + Uniform(&r) * ((nx - 1) * dx - 2 * foot - 6 * dx);
    y = foot + 3 * dx + Uniform(&r) * ((ny - 1) * dx - 2 * foot - 6 * dx);
    for (PetscInt q = 0; q < n && ok; q++)
      if (PetscSqrtReal(PetscSqr(x - caps[q].x) + PetscSqr(y - caps[q].y)) < foot + caps[q].foot + 4 * dx) ok = 0;
    if (!ok) continue;
    caps[n].x = x, caps[n].y = y, caps[n].foot = foot, caps[n].rp = R1, caps[n].rpp = R2, n++;
    for (PetscInt j = (PetscInt)((y - foot) / dx) - 1; j <= (PetscInt)((y + foot) / dx) + 1; j++)
      for (PetscInt i = (PetscInt)((x - foot) / dx) - 1; i <= (PetscInt)((x + foot) / dx) + 1; i++)
        (*m)->z[j * nx + i] = PetscMax((*m)->z[j * nx + i], CapHeight(R1, R2, h, cut, alpha, i * dx - x, j * dx - y));
  }
  if (noise > 0)
    for (PetscInt p = 0; p < nx * ny; p++) (*m)->z[p] += noise * Normal(&r);
  PetscFunctionReturn(0);
}

typedef struct {
  PetscInt  found, fragments, spurious, nasp;
  PetscReal eta, eta_exact, rp_med[2], rpp_med[2], hist[8];
} Tally;

static PetscReal Median(PetscInt n, PetscReal a[])
{
  if (!n || PetscSortReal(n, a)) return NAN;
  return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

/* the pipeline on one scan; asperities matched to the caps */
static PetscErrorCode Pipeline(TriboHeightMap *m, PetscInt ncap, const Cap caps[], PetscReal rpp_split, const char *segsigma, Tally *t)
{
  TriboSurf              s;
  const TriboSurfResult *r;
  PetscInt               k = 2, *hits, n[2] = {0, 0};
  PetscReal             *rp[2], *rpp[2];

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(t, sizeof(*t)));
  PetscCall(TriboSurfCreate(PETSC_COMM_WORLD, &s));
  PetscCall(PetscOptionsSetValue(NULL, "-surface_sigma", "0"));
  PetscCall(PetscOptionsSetValue(NULL, "-surface_segment_sigma", segsigma));
  PetscCall(TriboSurfSetFromOptions(s));
  PetscCall(TriboSurfSetScan(s, 0, m));
  PetscCall(TriboSurfSetErosionSizes(s, 1, &k));
  PetscCall(TriboSurfProcess(s));
  PetscCall(TriboSurfGetResult(s, 0, &r));
  PetscCall(PetscCalloc1(ncap, &hits));
  PetscCall(PetscMalloc4(ncap, &rp[0], ncap, &rp[1], ncap, &rpp[0], ncap, &rpp[1]));
  for (PetscInt a = 0; a < r->nasp; a++) {
    const PetscReal *f    = r->asp + a * TRIBO_SURF_ASP_COLS;
    PetscInt         best = -1;
    PetscReal        d, dbest = PETSC_MAX_REAL;
    for (PetscInt q = 0; q < ncap; q++)
      if ((d = PetscSqrtReal(PetscSqr(f[0] - caps[q].x) + PetscSqr(f[1] - caps[q].y))) < dbest) dbest = d, best = q;
    if (best < 0 || dbest > caps[best].foot) {
      t->spurious++;
      continue;
    }
    if (hits[best]++) {
      t->fragments++;
      continue;
    }
    {
      PetscInt g  = caps[best].rpp < rpp_split ? 1 : 0;
      rp[g][n[g]] = f[3] / caps[best].rp, rpp[g][n[g]] = f[4] / caps[best].rpp, n[g]++;
    }
    for (PetscInt b = 0; b < 8; b++) // log10 R'' in 8 bins over [-3.8, -2.2]
      if (PetscLog10Real(f[4]) >= -3.8 + 0.2 * b && PetscLog10Real(f[4]) < -3.6 + 0.2 * b) t->hist[b]++;
  }
  for (PetscInt q = 0; q < ncap; q++) t->found += hits[q] > 0;
  for (PetscInt g = 0; g < 2; g++) t->rp_med[g] = Median(n[g], rp[g]), t->rpp_med[g] = Median(n[g], rpp[g]);
  t->nasp      = r->nasp;
  t->eta       = r->eta;
  t->eta_exact = ncap / r->area;
  PetscCall(PetscFree4(rp[0], rp[1], rpp[0], rpp[1]));
  PetscCall(PetscFree(hits));
  PetscCall(TriboSurfDestroy(&s));
  PetscFunctionReturn(0);
}

/* 1: fits of single caps against the closed forms */
static PetscErrorCode Fits(void)
{
  const PetscReal heights[2] = {10e-6, 20e-6}, angles[3] = {0, 30, -60}, cuts[2] = {0, 0.5};
  PetscReal       emax = 0, err40[2] = {0, 0}, err20 = 0, ss40 = 0, *bias[4], *x, *y, *z, dxmin = PETSC_MAX_REAL, dxmax = 0;
  PetscInt        nb = 0, nmax = 40000, n40 = 0;
  Rng             r = {12345, PETSC_FALSE, 0};

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc3(nmax, &x, nmax, &y, nmax, &z));
  PetscCall(PetscMalloc4(2000, &bias[0], 2000, &bias[1], 2000, &bias[2], 2000, &bias[3]));
  for (PetscInt sh = 0; sh < 2; sh++) // sphere R' = R'' = 1 mm; ellipsoid R' = 3 mm, R'' = 0.6 mm
    for (PetscInt ih = 0; ih < 2; ih++)
      for (PetscInt nd = 20; nd <= 40; nd += 20)
        for (PetscInt ia = 0; ia < 3; ia++)
          for (PetscInt ic = 0; ic < 2; ic++)
            for (PetscInt draw = 0; draw <= 20; draw++) { // draw 0: no noise
              PetscReal     rp = sh ? 3e-3 : 1e-3, rpp = sh ? 0.6e-3 : 1e-3, c = heights[ih], alpha = angles[ia] * PETSC_PI / 180, cut = cuts[ic];
              PetscReal     C = c / (1 - cut), A1 = PetscSqrtReal(rp * C), a2foot = PetscSqrtReal(rpp * C) * PetscSqrtReal(1 - cut * cut);
              PetscReal     dx = 2 * a2foot / nd, ox = 0.37 * dx, oy = -0.21 * dx, noise = draw ? 0.5e-6 : 0;
              PetscInt      n = 0, h = (PetscInt)(A1 / dx) + 2;
              TriboAsperity a, b;
              dxmin = PetscMin(dxmin, dx), dxmax = PetscMax(dxmax, dx);
              for (PetscInt j = -h; j <= h; j++)
                for (PetscInt i = -h; i <= h; i++) {
                  PetscReal zz = CapHeight(rp, rpp, c, cut, alpha, i * dx - ox, j * dx - oy);
                  if (zz <= 0) continue;
                  PetscCheck(n < nmax, PETSC_COMM_SELF, PETSC_ERR_PLIB, "too many points");
                  x[n] = i * dx, y[n] = j * dx, z[n] = zz + noise * Normal(&r), n++;
                }
              PetscCall(TriboAsperityFit(n, x, y, z, 0, &a));     // the paper's total least squares
              PetscCall(TriboAsperityFit(n, x, y, z, noise, &b)); // adjusted for the noise (the same as a without it)
              PetscCheck(a.status == TRIBO_ASPERITY_ACCEPTED && b.status == TRIBO_ASPERITY_ACCEPTED, PETSC_COMM_SELF, PETSC_ERR_PLIB,
                         "a cap was rejected (%s, %s)", TriboAsperityStatuses[a.status], TriboAsperityStatuses[b.status]);
              if (!draw)
                emax = PetscMax(emax, PetscMax(PetscAbsReal(a.rp / rp - 1), PetscAbsReal(a.rpp / rpp - 1)));
              else {
                PetscReal ea = PetscMax(PetscAbsReal(a.rp / rp - 1), PetscAbsReal(a.rpp / rpp - 1));
                PetscReal eb = PetscMax(PetscAbsReal(b.rp / rp - 1), PetscAbsReal(b.rpp / rpp - 1));
                bias[0][nb] = a.rp / rp - 1, bias[1][nb] = a.rpp / rpp - 1, bias[2][nb] = b.rp / rp - 1, bias[3][nb++] = b.rpp / rpp - 1;
                if (nd == 40)
                  err40[0] = PetscMax(err40[0], ea), err40[1] = PetscMax(err40[1], eb), ss40 += PetscSqr(b.rp / rp - 1) + PetscSqr(b.rpp / rpp - 1),
                  n40 += 2;
                else
                  err20 = PetscMax(err20, eb);
              }
            }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "1. fits of 48 caps (spheres, ellipsoids; 10, 20 um high; 20, 40 points across; 3 angles; cut 0, 0.5)\n"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  no noise: largest radius error / 2%%: %.3f\n", (double)(emax / 0.02)));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR,
                         "   grid spacings %.2f to %.2f um; noise 0.5 um, %" PetscInt_FMT
                         " fits: total least squares: median bias R' %+.2f%%, R'' %+.2f%%; largest error at 40 points across %.2f%%\n",
                         (double)(dxmin * 1e6), (double)(dxmax * 1e6), nb, (double)(100 * Median(nb, bias[0])), (double)(100 * Median(nb, bias[1])),
                         (double)(100 * err40[0])));
  PetscCall(PetscFPrintf(
      PETSC_COMM_WORLD, PETSC_STDERR,
      "   adjusted least squares: median bias R' %+.2f%%, R'' %+.2f%%; RMS error at 40 points across %.2f%%, largest %.2f%%, at 20 %.2f%%\n",
      (double)(100 * Median(nb, bias[2])), (double)(100 * Median(nb, bias[3])), (double)(100 * PetscSqrtReal(ss40 / n40)), (double)(100 * err40[1]),
      (double)(100 * err20)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  noise 0.5 um, total least squares: median bias / 5%%: R' %.3f, R'' %.3f\n",
                        (double)(PetscAbsReal(Median(nb, bias[0])) / 0.05), (double)(PetscAbsReal(Median(nb, bias[1])) / 0.05)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  adjusted least squares: median bias / 0.5%%: R' %.3f, R'' %.3f; RMS error at 40 points / 2%%: %.3f\n",
                        (double)(PetscAbsReal(Median(nb, bias[2])) / 0.005), (double)(PetscAbsReal(Median(nb, bias[3])) / 0.005),
                        (double)(PetscSqrtReal(ss40 / n40) / 0.02)));
  PetscCall(PetscFree4(bias[0], bias[1], bias[2], bias[3]));
  PetscCall(PetscFree3(x, y, z));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHeightMap *m, *m2;
  Cap             caps[200];
  Tally           t;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(Fits());
  // 2. caps on a plane
  PetscCall(Scan(200, 3e-3, 0.6e-3, 20e-6, 0, 0, 0, 0, 0, 7, 900, 700, &m, caps));
  PetscCall(Pipeline(m, 200, caps, 0, "0", &t)); // the TriboSurf takes the map
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "2. 200 caps on a plane: every cap found once, nothing spurious: %s\n",
                        t.found == 200 && !t.fragments && !t.spurious ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  density error / 2%%: %.3f\n", (double)(PetscAbsReal(t.eta / t.eta_exact - 1) / 0.02)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  median R' error / 5%%: %.3f, R'' %.3f\n", (double)(PetscAbsReal(t.rp_med[0] - 1) / 0.05),
                        (double)(PetscAbsReal(t.rpp_med[0] - 1) / 0.05)));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "   median R' %+.2f%%, R'' %+.2f%%\n", (double)(100 * (t.rp_med[0] - 1)),
                         (double)(100 * (t.rpp_med[0] - 1))));
  // 3. two populations
  PetscCall(Scan(200, 3e-3, 0.6e-3, 34e-6, 0.5, 12e-3, 2.4e-3, 34e-6, 0, 11, 1400, 1000, &m, caps));
  PetscCall(Pipeline(m, 200, caps, 1e-3, "0", &t));
  {
    PetscInt peaks = 0, lo = -1, hi = -1;
    for (PetscInt b = 0; b < 8; b++)
      if (t.hist[b] > (b ? t.hist[b - 1] : 0) && t.hist[b] >= (b < 7 ? t.hist[b + 1] : 0)) {
        peaks++;
        if (lo < 0)
          lo = b;
        else
          hi = b;
      }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "3. mixed sizes: every cap found once, nothing spurious: %s\n",
                          t.found == 200 && !t.fragments && !t.spurious ? "yes" : "no"));
    PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "   histogram of log10 R'' on [-3.8, -2.2] in 8 bins: %g %g %g %g %g %g %g %g\n",
                           (double)t.hist[0], (double)t.hist[1], (double)t.hist[2], (double)t.hist[3], (double)t.hist[4], (double)t.hist[5],
                           (double)t.hist[6], (double)t.hist[7]));
    PetscCall(
        PetscPrintf(PETSC_COMM_WORLD, "  two peaks, at the two populations (bins 2 and 5): %s\n", peaks == 2 && lo == 2 && hi == 5 ? "yes" : "no"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  medians / 5%%: small R' %.3f R'' %.3f, large R' %.3f R'' %.3f\n",
                          (double)(PetscAbsReal(t.rp_med[0] - 1) / 0.05), (double)(PetscAbsReal(t.rpp_med[0] - 1) / 0.05),
                          (double)(PetscAbsReal(t.rp_med[1] - 1) / 0.05), (double)(PetscAbsReal(t.rpp_med[1] - 1) / 0.05)));
  }
  // 4. noise
  PetscCall(Scan(200, 3e-3, 0.6e-3, 20e-6, 0, 0, 0, 0, 0.5e-6, 7, 900, 700, &m, caps));
  PetscCall(TriboHeightMapDuplicate(m, &m2));
  PetscCall(Pipeline(m, 200, caps, 0, "0", &t));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "4. noise 0.5 um, the paper's segmentation: spurious below 1%% of the caps: %s\n",
                        t.spurious < 2 ? "yes" : "no"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "   found %" PetscInt_FMT ", fragments %" PetscInt_FMT ", spurious %" PetscInt_FMT "\n",
                         t.found, t.fragments, t.spurious));
  PetscCall(Pipeline(m2, 200, caps, 0, "1.5", &t));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  -surface_segment_sigma 1.5: every cap found: %s; spurious and fragments below 1%%: %s\n",
                        t.found == 200 ? "yes" : "no", t.spurious + t.fragments < 2 ? "yes" : "no"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR,
                         "   found %" PetscInt_FMT ", fragments %" PetscInt_FMT ", spurious %" PetscInt_FMT "; median R' %+.2f%%, R'' %+.2f%%\n",
                         t.found, t.fragments, t.spurious, (double)(100 * (t.rp_med[0] - 1)), (double)(100 * (t.rpp_med[0] - 1))));
  { // 4b. the fitted heights: residual (noise-corrected fit) and opened
    const char *fh[2] = {"residual", "opened"};
    for (int i = 0; i < 2; i++) {
      PetscCall(Scan(200, 3e-3, 0.6e-3, 20e-6, 0, 0, 0, 0, 0.5e-6, 7, 900, 700, &m, caps));
      PetscCall(PetscOptionsSetValue(NULL, "-surface_fit_heights", fh[i]));
      PetscCall(Pipeline(m, 200, caps, 0, "1.5", &t));
      PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR,
                             "   -surface_fit_heights %s: found %" PetscInt_FMT ", spurious %" PetscInt_FMT ", median R' %+.2f%%, R'' %+.2f%%\n",
                             fh[i], t.found, t.spurious, (double)(100 * (t.rp_med[0] - 1)), (double)(100 * (t.rpp_med[0] - 1))));
      if (!i)
        PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  -surface_fit_heights residual: medians / 2%%: R' %.3f, R'' %.3f\n",
                              (double)(PetscAbsReal(t.rp_med[0] - 1) / 0.02), (double)(PetscAbsReal(t.rpp_med[0] - 1) / 0.02)));
    }
    PetscCall(PetscOptionsClearValue(NULL, "-surface_fit_heights"));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t705-surf-acceptance.out
    rtol: 0
    atol: 1
TEST*/
