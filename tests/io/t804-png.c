#define _POSIX_C_SOURCE 200809L // getpid(), mkdir(), access()
static const char help[] = "TriboPlotPNG/TriboPNGWriteRGB/TriboPlotFormatTick: PNG structure, CRCs, inflated size, where lines land, text fitting, tick labels, atomic writes.\n";
#include <triboplot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static unsigned long U32(const unsigned char *p)
{
  return ((unsigned long)p[0] << 24) | ((unsigned long)p[1] << 16) | ((unsigned long)p[2] << 8) | p[3];
}

// Independent reader: checks the PNG structure, prints it, and returns the unfiltered RGB image
static PetscErrorCode ReadPNG(const char *name, PetscInt *w, PetscInt *h, unsigned char **rgb)
{
  static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  unsigned char             *buf, *idat, *raw;
  long                       len, pos = 8, nidat = 0, crcbad = 0, badf = 0;
  char                       types[64] = "";
  uLongf                     rawlen;
  FILE                      *fp = fopen(name, "rb");

  PetscFunctionBeginUser;
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot read %s", name);
  fseek(fp, 0, SEEK_END);
  len = ftell(fp);
  rewind(fp);
  PetscCall(PetscMalloc1(len, &buf));
  PetscCall(PetscMalloc1(len, &idat));
  PetscCheck(fread(buf, 1, len, fp) == (size_t)len, PETSC_COMM_SELF, PETSC_ERR_FILE_READ, "short read");
  fclose(fp);
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "signature %s\n", memcmp(buf, sig, 8) ? "bad" : "ok"));
  while (pos + 12 <= len) {
    unsigned long n = U32(buf + pos);
    PetscCheck(pos + 12 + (long)n <= len, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "chunk runs past the end of the file");
    if (crc32(crc32(0L, Z_NULL, 0), buf + pos + 4, (uInt)(n + 4)) != U32(buf + pos + 8 + n)) crcbad++;
    if (strlen(types) < 50) strncat(types, (const char *)buf + pos + 4, 4), strcat(types, " ");
    if (!memcmp(buf + pos + 4, "IHDR", 4)) {
      *w = (PetscInt)U32(buf + pos + 8);
      *h = (PetscInt)U32(buf + pos + 12);
      PetscCall(PetscPrintf(PETSC_COMM_SELF, "IHDR width %" PetscInt_FMT " height %" PetscInt_FMT " depth %d color %d compression %d filter %d interlace %d\n", *w, *h, buf[pos + 16], buf[pos + 17], buf[pos + 18], buf[pos + 19], buf[pos + 20]));
    }
    if (!memcmp(buf + pos + 4, "IDAT", 4)) memcpy(idat + nidat, buf + pos + 8, n), nidat += (long)n;
    pos += 12 + (long)n;
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "chunks %s crc errors %ld trailing bytes %ld\n", types, crcbad, len - pos));
  rawlen = (uLongf)(*h) * (1 + 3 * (*w)) + 1; // one byte of slack: more data than expected is an error
  PetscCall(PetscMalloc1(rawlen, &raw));
  PetscCheck(uncompress(raw, &rawlen, idat, (uLong)nidat) == Z_OK, PETSC_COMM_SELF, PETSC_ERR_LIB, "IDAT does not inflate");
  PetscCall(PetscMalloc1(3 * (*w) * (*h), rgb));
  // undo the five PNG filters (spec section 9.2) row by row
  for (PetscInt j = 0; j < *h && rawlen == (uLongf)(*h) * (1 + 3 * (*w)); j++) {
    const unsigned char *f = raw + j * (1 + 3 * (*w)) + 1;
    unsigned char       *o = *rgb + 3 * j * (*w), *u = j ? o - 3 * (*w) : NULL;
    if (f[-1] > 4) badf++;
    for (PetscInt i = 0; i < 3 * (*w); i++) {
      int a = i >= 3 ? o[i - 3] : 0, b = u ? u[i] : 0, c = (u && i >= 3) ? u[i - 3] : 0, pp = a + b - c;
      int pa = abs(pp - a), pb = abs(pp - b), pc = abs(pp - c), pr = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
      int pred[5] = {0, a, b, (a + b) / 2, pr};
      o[i]        = (unsigned char)(f[i] + pred[f[-1] <= 4 ? f[-1] : 0]);
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "inflated %lu bad filter bytes %ld\n", (unsigned long)rawlen, badf));
  PetscCall(PetscFree(raw));
  PetscCall(PetscFree(idat));
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

static int Is(const unsigned char *p, unsigned int c)
{
  return p[0] == ((c >> 16) & 255) && p[1] == ((c >> 8) & 255) && p[2] == (c & 255);
}

/* Finds the line of color c in the panel framed by rows T, B: the row (horizontal) or column
   (vertical) holding most pixels of that color; prints where it lies and ends as fractions of
   the frame, the ratio of its length to the expected one, and how many pixels of c lie away. */
static PetscErrorCode CheckLine(const unsigned char *rgb, PetscInt w, PetscInt T, PetscInt B, PetscBool vertical, unsigned int c, PetscReal lenfrac)
{
  PetscInt L = 0, R = w - 1, best = -1, bestn = 0, first = -1, last = -1, away = 0;

  PetscFunctionBeginUser;
  while (L < w && !Is(rgb + 3 * (T * w + L), 0x000000)) L++;
  while (R > 0 && !Is(rgb + 3 * (T * w + R), 0x000000)) R--;
  for (PetscInt k = vertical ? L : T; k <= (vertical ? R : B); k++) {
    PetscInt n = 0;
    for (PetscInt m = vertical ? T : L; m <= (vertical ? B : R); m++) n += Is(rgb + 3 * (vertical ? m * w + k : k * w + m), c);
    if (n > bestn) best = k, bestn = n;
  }
  for (PetscInt m = vertical ? T : L; m <= (vertical ? B : R); m++) {
    if (!Is(rgb + 3 * (vertical ? m * w + best : best * w + m), c)) continue;
    if (first < 0) first = m;
    last = m;
  }
  for (PetscInt j = T; j <= B; j++)
    for (PetscInt i = L; i <= R; i++) away += Is(rgb + 3 * (j * w + i), c) && PetscAbsInt((vertical ? i : j) - best) > 3;
  if (vertical) // columns measured from the left, rows from the bottom of the frame
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "vertical line at x %.4f from y %.4f to %.4f length ratio %.3f away %" PetscInt_FMT "\n", (double)(best - L) / (R - L), (double)(B - last) / (B - T), (double)(B - first) / (B - T),
                          bestn / (lenfrac * (B - T)), away));
  else
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "horizontal line at y %.4f from x %.4f to %.4f length ratio %.3f away %" PetscInt_FMT "\n", (double)(B - best) / (B - T), (double)(first - L) / (R - L), (double)(last - L) / (R - L),
                          bestn / (lenfrac * (R - L)), away));
  PetscFunctionReturn(0);
}

/* Second picture: black pixels within 4 px of the image edges, bands of text rows above the frame
   (title lines and panel title), and where the purple log-y series has pixels (x limits [0.8, 5.2]) */
static PetscErrorCode CheckFit(const unsigned char *rgb, PetscInt w, PetscInt h)
{
  const PetscReal xs[5] = {1.5, 2.5, 3, 3.5, 4.5};
  PetscInt        T = -1, B = -1, L = 0, R = w - 1, edge = 0, bands = 0, prev = -2, first = -1, last = -1, cnt[5] = {0};

  PetscFunctionBeginUser;
  for (PetscInt j = 0; j < h; j++) {
    PetscInt n = 0, any = 0;
    for (PetscInt i = 0; i < w; i++) {
      PetscBool k = (PetscBool)Is(rgb + 3 * (j * w + i), 0x000000);
      n += k, any |= k, edge += k && (i < 4 || i >= w - 4 || j < 4 || j >= h - 4);
    }
    if (n >= w / 2) T < 0 ? (T = j) : (B = j);
    if (T < 0 && any) bands += prev != j - 1, prev = j; // a new band after a blank row
  }
  while (L < w && !Is(rgb + 3 * (T * w + L), 0x000000)) L++;
  while (R > 0 && !Is(rgb + 3 * (T * w + R), 0x000000)) R--;
  for (PetscInt j = T + 1; j < B; j++) {
    for (PetscInt i = L + 1; i < R; i++) {
      if (!Is(rgb + 3 * (j * w + i), 0x9467bd)) continue;
      first = first < 0 || i < first ? i : first, last = i > last ? i : last;
      for (int k = 0; k < 5; k++) cnt[k] += i == (PetscInt)PetscFloorReal(L + 0.5 + (xs[k] - 0.8) / 4.4 * (R - L));
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "black pixels near the edges %" PetscInt_FMT ", text bands above the frame %" PetscInt_FMT "\n", edge, bands));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "log y series from x %.4f to %.4f and pixels at", (double)(first - L) / (R - L), (double)(last - L) / (R - L)));
  for (int k = 0; k < 5; k++) PetscCall(PetscPrintf(PETSC_COMM_SELF, " x = %.1f %s", (double)xs[k], cnt[k] ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "\n"));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const PetscReal hx[4] = {0, 0.5, 1, NAN}, hy[4] = {0.5, 0.5, 0.5, 0.7}, cx[3] = {0, 1, INFINITY}, cy[3] = {0, 1, 0.5}, nan2[2] = {NAN, NAN};
  const PetscReal vx[2] = {1e-4, 1e-4}, vy[2] = {0, 1}, mx[4] = {1e-6, 1e-2, -1, 0}, my[4] = {0.2, 0.8, 0.5, 0.5};
  TriboPlotSeries s1[4] = {{4, hx, hy, NULL, TRIBO_PLOT_LINE, 0xd62728}, {3, cx, cy, "corners", TRIBO_PLOT_MARKERS, 0x1f77b4}, {0, NULL, NULL, "empty", TRIBO_PLOT_LINE, 0xff7f0e}, {2, nan2, nan2, "NaN only", TRIBO_PLOT_LINE_MARKERS, 0x8c564b}};
  TriboPlotSeries s2[2] = {{4, mx, my, "ends", TRIBO_PLOT_LINE_MARKERS, 0}, {2, vx, vy, NULL, TRIBO_PLOT_LINE, 0x2ca02c}};
  TriboPlotPanel  p[2]  = {{"linear", "x", "y", PETSC_FALSE, PETSC_FALSE, 4, s1}, {"log x", "amplitude (m)", "y", PETSC_TRUE, PETSC_FALSE, 2, s2}};
  const PetscReal lx[6] = {1, 2, 3, 4, 5, 6}, ly[6] = {1, 10, 0, 10, 100, -5}, tk[11][2] = {{200, 2.5}, {202.5, 2.5}, {205, 2.5}, {-2.5, 2.5}, {0.3, 0.1}, {-1e-17, 0.1}, {1.5e6, 5e5}, {1.25e-5, 2.5e-6}, {1e-6, 0}, {0.02, 0}, {500, 0}};
  TriboPlotSeries s3 = {6, lx, ly, NULL, TRIBO_PLOT_LINE, 0x9467bd};
  TriboPlotPanel  p3 = {"log y", "an x axis label much too long for this picture, which must shrink or be elided (m)", "a y label too long for the panel height", PETSC_FALSE, PETSC_TRUE, 1, &s3};
  char            lab[32], name[PETSC_MAX_PATH_LEN], dir[PETSC_MAX_PATH_LEN], tmp[PETSC_MAX_PATH_LEN + 32];
  PetscMPIInt     rank;
  int             pid;
  PetscBool       keep = PETSC_FALSE;
  PetscErrorCode  ierr;
  unsigned char  *rgb = NULL, pix[3 * 64 * 64];
  PetscInt        w = 0, h = 0, rows[8], nrows = 0;
  int             failed, allfailed;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-keep", &keep, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tick labels"));
  for (int k = 0; k < 11; k++) {
    PetscCall(TriboPlotFormatTick(tk[k][0], tk[k][1], lab, sizeof(lab)));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, " '%s'", lab)); // quoted: compared as words, not numbers
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  pid = (int)getpid();
  PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  PetscCall(PetscSNPrintf(name, sizeof(name), "/tmp/tribo-t804-%d.png", pid));
  PetscCall(TriboPlotPNG(PETSC_COMM_WORLD, name, 600, 700, 2, 1, p, "t804"));
  if (rank == 0) {
    PetscCall(ReadPNG(name, &w, &h, &rgb));
    // frame lines: rows that are black over at least half of the width (top and bottom of each panel)
    for (PetscInt j = 0; j < h; j++) {
      PetscInt n = 0;
      for (PetscInt i = 0; i < w; i++) n += Is(rgb + 3 * (j * w + i), 0x000000);
      if (n >= w / 2 && nrows < 8) rows[nrows++] = j;
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "frame lines %" PetscInt_FMT "\n", nrows));
    if (nrows == 4) {
      PetscCall(CheckLine(rgb, w, rows[0], rows[1], PETSC_FALSE, 0xd62728, 1 / 1.1));
      PetscCall(CheckLine(rgb, w, rows[2], rows[3], PETSC_TRUE, 0x2ca02c, 1 / 1.1));
    }
    PetscCall(PetscFree(rgb));
    if (!keep) (void)remove(name);
  }
  PetscCall(PetscSNPrintf(name, sizeof(name), "/tmp/tribo-t804-%d-fit.png", pid));
  PetscCall(TriboPlotPNG(PETSC_COMM_WORLD, name, 600, 500, 1, 1, &p3, "t804 fitting: an overall title much too long for one line of this picture"));
  if (rank == 0) {
    PetscCall(ReadPNG(name, &w, &h, &rgb));
    PetscCall(CheckFit(rgb, w, h));
    PetscCall(PetscFree(rgb));
    if (!keep) (void)remove(name);
    // atomic write: renaming onto a directory fails, and the temporary file must be gone
    PetscCall(PetscSNPrintf(dir, sizeof(dir), "/tmp/tribo-t804-%d-dir", pid));
    PetscCheck(!mkdir(dir, 0700), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot create %s", dir);
    PetscCall(PetscArrayzero(pix, sizeof(pix)));
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    ierr = TriboPNGWriteRGB(dir, 64, 64, pix);
    PetscCall(PetscPopErrorHandler());
    PetscCall(PetscSNPrintf(tmp, sizeof(tmp), "%s.tmp.%d", dir, pid));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "write onto a directory: error %s, temporary file left %s\n", ierr ? "yes" : "no", access(tmp, F_OK) ? "no" : "yes"));
    (void)rmdir(dir);
  }
  // a file that cannot be created: every rank must get the error (no hang, no silent success)
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboPlotPNG(PETSC_COMM_WORLD, "/nonexistent-tribo-t804/x.png", 600, 700, 2, 1, p, NULL);
  PetscCall(PetscPopErrorHandler());
  failed = ierr ? 1 : 0;
  PetscCallMPI(MPI_Allreduce(&failed, &allfailed, 1, MPI_INT, MPI_MIN, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "unwritable file: error on every rank %s\n", allfailed ? "yes" : "no"));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t804-png.out
    rtol: 0
    atol: 0.02
TEST*/
