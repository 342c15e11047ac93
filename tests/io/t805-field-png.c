#define _POSIX_C_SOURCE 200809L // getpid()
static const char help[] = "TriboPlotInterfaceField: colours at element centres (max, min, NaN, in between, extrapolated), equal aspect ratio, frames, layout, errors.\n";
#include <triboplot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static unsigned long U32(const unsigned char *p)
{
  return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

// Independent reader: concatenated IDAT chunks inflated with zlib, the five PNG filters undone (spec section 9.2)
static PetscErrorCode ReadPNG(const char *name, PetscInt *w, PetscInt *h, unsigned char **rgb)
{
  unsigned char *buf, *idat, *raw;
  long           len, pos = 8, nidat = 0;
  uLongf         rawlen;
  FILE          *fp = fopen(name, "rb");

  PetscFunctionBeginUser;
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot read %s", name);
  fseek(fp, 0, SEEK_END);
  len = ftell(fp);
  rewind(fp);
  PetscCall(PetscMalloc2(len, &buf, len, &idat));
  PetscCheck(fread(buf, 1, len, fp) == (size_t)len, PETSC_COMM_SELF, PETSC_ERR_FILE_READ, "short read");
  fclose(fp);
  for (; pos + 12 <= len; pos += 12 + (long)U32(buf + pos)) {
    unsigned long n = U32(buf + pos);
    if (!memcmp(buf + pos + 4, "IHDR", 4)) *w = (PetscInt)U32(buf + pos + 8), *h = (PetscInt)U32(buf + pos + 12);
    if (!memcmp(buf + pos + 4, "IDAT", 4)) memcpy(idat + nidat, buf + pos + 8, n), nidat += (long)n;
  }
  rawlen = (uLongf)(*h) * (1 + 3 * (*w));
  PetscCall(PetscMalloc1(rawlen, &raw));
  PetscCheck(uncompress(raw, &rawlen, idat, (uLong)nidat) == Z_OK && rawlen == (uLongf)(*h) * (1 + 3 * (*w)), PETSC_COMM_SELF, PETSC_ERR_LIB, "IDAT does not inflate to the image size");
  PetscCall(PetscMalloc1(3 * (*w) * (*h), rgb));
  for (PetscInt j = 0; j < *h; j++) {
    const unsigned char *f = raw + j * (1 + 3 * (*w)) + 1;
    unsigned char       *o = *rgb + 3 * j * (*w), *u = j ? o - 3 * (*w) : NULL;
    for (PetscInt i = 0; i < 3 * (*w); i++) {
      int a = i >= 3 ? o[i - 3] : 0, b = u ? u[i] : 0, c = (u && i >= 3) ? u[i - 3] : 0, pp = a + b - c;
      int pa = abs(pp - a), pb = abs(pp - b), pc = abs(pp - c), pred[5] = {0, a, b, (a + b) / 2, (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)};
      o[i] = (unsigned char)(f[i] + pred[f[-1] <= 4 ? f[-1] : 0]);
    }
  }
  PetscCall(PetscFree(raw));
  PetscCall(PetscFree2(buf, idat));
  PetscFunctionReturn(0);
}

// Map pixels: neither white (background) nor black (frame, ticks, text)
static int Mapped(const unsigned char *p)
{
  return !(p[0] == 255 && p[1] == 255 && p[2] == 255) && !(p[0] == 0 && p[1] == 0 && p[2] == 0);
}

// Longest run of map pixels in row j (start in *s) and how many runs of at least 100 pixels it has
static PetscInt Run(const unsigned char *rgb, PetscInt w, PetscInt j, PetscInt *s, PetscInt *nlong)
{
  PetscInt best = 0, n = 0;

  *nlong = 0;
  for (PetscInt i = 0; i <= w; i++) {
    if (i < w && Mapped(rgb + 3 * (j * w + i))) {
      n++;
      continue;
    }
    if (n > best) best = n, *s = i - n;
    *nlong += n >= 100;
    n = 0;
  }
  return best;
}

// The first panel's map: rows T..B whose longest run of map pixels is >= 100 (the colour bar's are 16), columns L..R of their union
static void FindMap(const unsigned char *rgb, PetscInt w, PetscInt h, PetscInt *L, PetscInt *R, PetscInt *T, PetscInt *B)
{
  PetscInt s = 0, nl, n;

  *T = *B = -1, *L = w, *R = -1;
  for (PetscInt j = 0; j < h; j++) {
    n = Run(rgb, w, j, &s, &nl);
    if (n < 100 && *T >= 0) break;
    if (n < 100) continue;
    if (*T < 0) *T = j;
    *B = j, *L = PetscMin(*L, s), *R = PetscMax(*R, s + n - 1);
  }
}

static PetscErrorCode Pixel(const unsigned char *rgb, PetscInt w, PetscInt L, PetscInt R, PetscInt T, PetscInt B, PetscReal xmm, PetscReal ymm, const char *what)
{
  // the interface is 40 mm x 10 mm; y up
  PetscInt             i = L + (PetscInt)(xmm / 40 * (R - L + 1)), j = T + (PetscInt)((10 - ymm) / 10 * (B - T + 1));
  const unsigned char *p = rgb + 3 * (j * w + i);

  PetscFunctionBeginUser;
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s %d %d %d\n", what, p[0], p[1], p[2]));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  // 3 quadrilaterals 10 mm x 10 mm along x, then a right triangle (30,0) (40,0) (30,10); nodes in mm
  const PetscReal  xy[9][2] = {{0, 0}, {10, 0}, {20, 0}, {30, 0}, {40, 0}, {0, 10}, {10, 10}, {20, 10}, {30, 10}};
  const PetscInt   el[16]   = {0, 1, 6, 5, 1, 2, 7, 6, 2, 3, 8, 7, 3, 4, 8, -1};
  const PetscReal  perel[4] = {5, 1, NAN, 2};
  const PetscReal  xz[9] = {1, 0, 0, 0, 0, 1, 0, -1, 0}, tall[9] = {0, 1, 0, 1, 0, 0, 0, 0, -1};
  const char      *titles[2] = {"per element", "x"}, *units[2] = {"-", "mm"};
  TriboInterface   f[2];
  PetscReal       *va, *vb;
  const PetscReal *vals[2];
  PetscMPIInt      rank;
  int              pid, failed, allfailed;
  char             name[3][PETSC_MAX_PATH_LEN];
  unsigned char   *rgb[3] = {NULL, NULL, NULL};
  PetscInt         w[3], h[3], L[2], R[2], T[2], B[2], diff = 0, s = 0, nl, n, tallh = 0;
  PetscErrorCode   ierr;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  for (int k = 0; k < 2; k++) { // the same interface in the plane z = 0 and in the plane y = 0
    PetscCall(TriboInterfaceCreate(&f[k]));
    f[k]->nnodes = 9, f[k]->nelem = 4;
    PetscCall(PetscMalloc1(27, &f[k]->xyz));
    PetscCall(PetscMalloc1(16, &f[k]->elem));
    for (int n = 0; n < 9; n++) f[k]->xyz[3 * n] = 1e-3 * xy[n][0], f[k]->xyz[3 * n + 1 + k] = 1e-3 * xy[n][1], f[k]->xyz[3 * n + 2 - k] = 0;
    PetscCall(PetscArraycpy(f[k]->elem, el, 16));
    PetscCall(TriboInterfaceSetUpQuadrature(f[k]));
  }
  PetscCall(PetscMalloc2(f[0]->npts, &va, f[0]->npts, &vb));
  for (PetscInt p = 0; p < f[0]->npts; p++) va[p] = perel[f[0]->pelem[p]], vb[p] = 1e3 * f[0]->pxyz[3 * p];
  vals[0] = va, vals[1] = vb;
  pid = (int)getpid();
  PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  for (int k = 0; k < 3; k++) PetscCall(PetscSNPrintf(name[k], sizeof(name[k]), "/tmp/tribo-t805-%d-%d.png", pid, k));
  PetscCall(TriboPlotInterfaceField(PETSC_COMM_WORLD, name[0], f[0], NULL, 2, vals, titles, units, "t805"));
  PetscCall(TriboPlotInterfaceField(PETSC_COMM_WORLD, name[1], f[1], xz, 2, vals, titles, units, "t805"));
  PetscCall(TriboPlotInterfaceField(PETSC_COMM_WORLD, name[2], f[0], tall, 2, vals, titles, units, NULL));
  if (!rank) {
    for (int k = 0; k < 3; k++) PetscCall(ReadPNG(name[k], &w[k], &h[k], &rgb[k]));
    for (int k = 0; k < 2; k++) FindMap(rgb[k], w[k], h[k], &L[k], &R[k], &T[k], &B[k]);
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "map width / height %.3f, within 2 pixels of 40 mm / 10 mm %s\n", (double)(R[0] - L[0] + 1) / (B[0] - T[0] + 1), PetscAbsInt((R[0] - L[0] + 1) - 4 * (B[0] - T[0] + 1)) <= 2 ? "yes" : "no"));
    PetscCall(Pixel(rgb[0], w[0], L[0], R[0], T[0], B[0], 5, 5, "maximum (5) at the centre of quadrilateral 0:"));
    PetscCall(Pixel(rgb[0], w[0], L[0], R[0], T[0], B[0], 15, 5, "minimum (1) at the centre of quadrilateral 1:"));
    PetscCall(Pixel(rgb[0], w[0], L[0], R[0], T[0], B[0], 25, 5, "NaN at the centre of quadrilateral 2:"));
    PetscCall(Pixel(rgb[0], w[0], L[0], R[0], T[0], B[0], 100.0 / 3, 10.0 / 3, "2 at the centroid of the triangle:"));
    FindMap(rgb[0] + 3 * w[0] * (B[0] + 1), w[0], h[0] - B[0] - 1, &L[1], &R[1], &T[1], &B[1]); // second panel, below
    T[1] += B[0] + 1, B[1] += B[0] + 1;
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "second panel below the first, same columns %s\n", L[1] == L[0] && R[1] == R[0] && B[1] - T[1] == B[0] - T[0] ? "yes" : "no"));
    PetscCall(Pixel(rgb[0], w[0], L[1], R[1], T[1], B[1], 15, 5, "x = 15 mm at the centre of quadrilateral 1:"));
    PetscCall(Pixel(rgb[0], w[0], L[1], R[1], T[1], B[1], 0.2, 5, "x = 0.2 mm extrapolated below the minimum:"));
    PetscCall(Pixel(rgb[0], w[0], L[1], R[1], T[1], B[1], 39, 0.2, "x = 39 mm extrapolated above the maximum:"));
    // the interface in the plane y = 0, seen with the frame (x, z, -y): the same map
    FindMap(rgb[1], w[1], h[1], &L[1], &R[1], &T[1], &B[1]);
    for (PetscInt j = 0; j <= B[0] - T[0]; j++)
      for (PetscInt i = 0; i <= R[0] - L[0]; i++) diff += memcmp(rgb[0] + 3 * ((T[0] + j) * w[0] + L[0] + i), rgb[1] + 3 * ((T[1] + j) * w[1] + L[1] + i), 3) != 0;
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "frame (x, z, -y) in the plane y = 0: same map size %s, pixels differing %" PetscInt_FMT "\n", R[1] - L[1] == R[0] - L[0] && B[1] - T[1] == B[0] - T[0] ? "yes" : "no", diff));
    // seen with the frame (y, x, -z) the interface is 10 mm wide and 40 mm tall: panels side by side
    FindMap(rgb[2], w[2], h[2], &L[0], &R[0], &T[0], &B[0]);
    n = Run(rgb[2], w[2], (T[0] + B[0]) / 2, &s, &nl);
    for (PetscInt j = 0; j < h[2]; j++) tallh += Mapped(rgb[2] + 3 * (j * w[2] + s)); // its first column runs along the triangle's long side
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "tall interface: maps in one row %" PetscInt_FMT ", height within 2 pixels of 4 x width %s\n", nl, PetscAbsInt(tallh - 4 * n) <= 2 ? "yes" : "no"));
    for (int k = 0; k < 3; k++) {
      PetscCall(PetscFree(rgb[k]));
      if (!getenv("T805_KEEP")) (void)remove(name[k]);
    }
  }
  // a file that cannot be created: every rank gets the error
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboPlotInterfaceField(PETSC_COMM_WORLD, "/nonexistent-tribo-t805/x.png", f[0], NULL, 2, vals, titles, units, NULL);
  PetscCall(PetscPopErrorHandler());
  failed = ierr ? 1 : 0;
  PetscCallMPI(MPI_Allreduce(&failed, &allfailed, 1, MPI_INT, MPI_MIN, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "unwritable file: error on every rank %s\n", allfailed ? "yes" : "no"));
  PetscCall(PetscFree2(va, vb));
  for (int k = 0; k < 2; k++) PetscCall(TriboInterfaceDestroy(&f[k]));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t805-field-png.out
    rtol: 0
    atol: 0.01
TEST*/
