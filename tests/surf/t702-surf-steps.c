static char help[] = "The processing steps of tribo surface against independent references.\n";
/* 1. TriboHeightMapGaussian() against a direct convolution written here (truncated Gaussian of half-width ceil(3 sigma),
      normalized, edges replicated), sigma 3.5 and 25 points on a 97 x 61 random map: max |FFT - direct| / max |z| <= 1e-12.
   2. TriboHeightMapLevel() on an exact tilted plane with NaN holes: the largest height left / the tilt's range <= 1e-13.
   3. TriboSurfaceOpening() against brute-force window minima and maxima (MATLAB's origin floor((k-1)/2)), k = 1..5,
      with NaN points: equal bit for bit.
   4. TriboEpanechnikovDensity() with reflection: integral over [0, 1] by Simpson's rule on 2e5 intervals, 1 within 1e-6.
   5. TriboGapPDFCompute() on 300 heights against the sorted list of all 90000 gaps made here: quartiles, outliers, the
      normalization by the fences Q1 - 3 IQR, Q3 + 3 IQR (1e-12 of the IQR; the paper's code, see TriboGapPDFCompute()),
      the stored PDF from exactly 0 to exactly 1 with trapezoid integral 1 (1e-12).
   Errors are printed divided by their tolerance (<= 1 passes: atol 1), exact checks as yes/no. On 2 and 3 ranks the
   Gaussian runs in FFTW-MPI slabs (uneven: 21, 21, 19 rows and 33, 33, 31 columns on 3 ranks). */
#include <tribosurf.h>

static PetscReal Rand(unsigned long long *s)
{
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (PetscReal)(*s >> 11) / 9007199254740992.0;
}

static int Cmp(const void *a, const void *b)
{
  PetscReal x = *(const PetscReal *)a, y = *(const PetscReal *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
  unsigned long long st = 12345;
  const PetscInt     nx = 97, ny = 61, n = nx * ny;
  TriboHeightMap    *m;
  PetscReal         *out, *ref, zmax = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriboHeightMapCreate(nx, ny, 0, 0, 1e-5, 1e-5, &m));
  PetscCall(PetscMalloc2(n, &out, n, &ref));
  for (PetscInt k = 0; k < n; k++) m->z[k] = 1e-6 * (Rand(&st) - 0.5), zmax = PetscMax(zmax, PetscAbsReal(m->z[k]));
  for (int c = 0; c < 2; c++) {
    PetscReal sigma = c ? 25 : 3.5, err = 0, sum = 0;
    PetscInt  r = (PetscInt)PetscCeilReal(3 * sigma);
    PetscCall(TriboHeightMapGaussian(PETSC_COMM_WORLD, m, sigma, out));
    for (PetscInt a = -r; a <= r; a++) sum += PetscExpReal(-0.5 * a * a / (sigma * sigma));
    for (PetscInt j = 0; j < ny; j++)
      for (PetscInt i = 0; i < nx; i++) {
        PetscReal v = 0;
        for (PetscInt b = -r; b <= r; b++)
          for (PetscInt a = -r; a <= r; a++) {
            PetscInt ii = PetscMin(PetscMax(i + a, 0), nx - 1), jj = PetscMin(PetscMax(j + b, 0), ny - 1);
            v += PetscExpReal(-0.5 * (a * a + b * b) / (sigma * sigma)) / (sum * sum) * m->z[jj * nx + ii];
          }
        err = PetscMax(err, PetscAbsReal(v - out[j * nx + i]));
      }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Gaussian sigma %g: error / 1e-12: %.3f\n", (double)sigma, (double)(err / zmax / 1e-12)));
  }
  { // 2. levelling an exact plane with holes
    PetscReal plane[3], left = 0;
    for (PetscInt j = 0; j < ny; j++)
      for (PetscInt i = 0; i < nx; i++) m->z[j * nx + i] = (i * j) % 7 == 3 ? NAN : 2e-6 + 3e-3 * (1e-3 + i * 1e-5) - 7e-4 * (2e-3 + j * 1e-5);
    m->x0 = 1e-3, m->y0 = 2e-3;
    PetscCall(TriboHeightMapLevel(m, plane));
    for (PetscInt k = 0; k < n; k++)
      if (!PetscIsNanReal(m->z[k])) left = PetscMax(left, PetscAbsReal(m->z[k]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "levelling: height left / 1e-13 of the tilt's range: %.3f and slopes %.6e %.6e\n",
                          (double)(left / (3e-3 * nx * 1e-5 + 7e-4 * ny * 1e-5) / 1e-13), (double)plane[1], (double)plane[2]));
  }
  { // 3. opening against brute force
    PetscBool same = PETSC_TRUE;
    for (PetscInt k = 0; k < n; k++) m->z[k] = Rand(&st) < 0.05 ? NAN : Rand(&st);
    for (PetscInt k = 1; k <= 5; k++) {
      PetscInt a = (k - 1) / 2;
      PetscCall(TriboSurfaceOpening(PETSC_COMM_WORLD, nx, ny, m->z, k, out));
      for (PetscInt j = 0; j < ny; j++) // erosion: min over [i - a, i - a + k - 1]; dilation: max over windows containing the point
        for (PetscInt i = 0; i < nx; i++) {
          PetscReal e = PETSC_INFINITY;
          for (PetscInt b = j - a; b <= j - a + k - 1; b++)
            for (PetscInt c = i - a; c <= i - a + k - 1; c++)
              if (b >= 0 && c >= 0 && b < ny && c < nx && !PetscIsNanReal(m->z[b * nx + c])) e = PetscMin(e, m->z[b * nx + c]);
          ref[j * nx + i] = e;
        }
      for (PetscInt j = 0; j < ny; j++)
        for (PetscInt i = 0; i < nx; i++) {
          PetscReal d = PETSC_NINFINITY;
          for (PetscInt b = j + a - k + 1; b <= j + a; b++)
            for (PetscInt c = i + a - k + 1; c <= i + a; c++)
              if (b >= 0 && c >= 0 && b < ny && c < nx && !PetscIsInfReal(ref[b * nx + c])) d = PetscMax(d, ref[b * nx + c]);
          if (PetscIsNanReal(m->z[j * nx + i]))
            same = (PetscBool)(same && PetscIsNanReal(out[j * nx + i]));
          else
            same = (PetscBool)(same && d == out[j * nx + i]);
        }
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "opening k = 1..5 equals brute force: %s\n", same ? "yes" : "no"));
  }
  { // 4. kernel density integral
    PetscInt   ns = 2000, nz = 200001;
    PetscReal *x, *z, *p, integ = 0;
    PetscCall(PetscMalloc3(ns, &x, nz, &z, nz, &p));
    for (PetscInt k = 0; k < ns; k++) x[k] = k < 20 ? 0 : (k < 40 ? 1 : PetscPowReal(Rand(&st), 2));
    qsort(x, (size_t)ns, sizeof(PetscReal), Cmp);
    for (PetscInt k = 0; k < nz; k++) z[k] = (PetscReal)k / (nz - 1);
    PetscCall(TriboEpanechnikovDensity(ns, x, 0.03, nz, z, p));
    for (PetscInt k = 0; k < nz; k++) integ += (k == 0 || k == nz - 1 ? 1 : (k % 2 ? 4 : 2)) * p[k] / (3.0 * (nz - 1));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "kernel density: |integral - 1| / 1e-6: %.3f\n", (double)(PetscAbsReal(integ - 1) / 1e-6)));
    PetscCall(PetscFree3(x, z, p));
  }
  { // 5. gap distribution against the full list of gaps
    PetscInt    nh = 300, M = nh * nh, lo, hi;
    PetscReal  *h, *g, Q1, Q3, iqr, tr = 0;
    TriboGapPDF pdf;
    PetscCall(PetscMalloc2(nh, &h, M, &g));
    for (PetscInt k = 0; k < nh; k++) h[k] = 1e-6 * PetscPowReal(Rand(&st), 3) * (k % 17 ? 1 : 20);
    for (PetscInt i = 0; i < nh; i++)
      for (PetscInt j = 0; j < nh; j++) g[i * nh + j] = -h[i] - h[j];
    qsort(g, (size_t)M, sizeof(PetscReal), Cmp);
    Q1  = g[(M - 1) / 4] + (0.25 * (M - 1) - (M - 1) / 4) * (g[(M - 1) / 4 + 1] - g[(M - 1) / 4]);
    Q3  = g[3 * (M - 1) / 4] + (0.75 * (M - 1) - 3 * (M - 1) / 4) * (g[3 * (M - 1) / 4 + 1] - g[3 * (M - 1) / 4]);
    iqr = Q3 - Q1;
    for (lo = 0; g[lo] < Q1 - 3 * iqr; lo++) {}
    for (hi = M - 1; g[hi] > Q3 + 3 * iqr; hi--) {}
    PetscCall(TriboGapPDFCompute(nh, h, 1001, 100000, &pdf));
    for (PetscInt k = 1; k < pdf.npdf; k++) tr += 0.5 * (pdf.p[k] + pdf.p[k - 1]) * (pdf.z[k] - pdf.z[k - 1]);
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "gaps: outliers %" PetscInt_FMT " (reference %" PetscInt_FMT "), equal: %s\n", (PetscInt)pdf.noutliers,
                          lo + (M - 1 - hi), pdf.noutliers == lo + (M - 1 - hi) ? "yes" : "no"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "gaps: normalized by the fences Q1 - 3 IQR and Q3 + 3 IQR (z_max = 7 IQR): %s\n",
                          PetscAbsReal(pdf.gmin - (Q1 - 3 * iqr)) <= 1e-12 * iqr && PetscAbsReal(pdf.zmax - 7 * iqr) <= 1e-12 * iqr ? "yes" : "no"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "gaps: PDF from exactly 0 to 1: %s and trapezoid integral - 1 / 1e-12: %.3f\n",
                          pdf.z[0] == 0 && pdf.z[pdf.npdf - 1] == 1 ? "yes" : "no", (double)(PetscAbsReal(tr - 1) / 1e-12)));
    PetscCall(TriboGapPDFReset(&pdf));
    PetscCall(PetscFree2(h, g));
  }
  PetscCall(PetscFree2(out, ref));
  PetscCall(TriboHeightMapDestroy(&m));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t702-surf-steps.out
    rtol: 0
    atol: 1
TEST*/
