#define _POSIX_C_SOURCE 200809L // getpid()
#include <triboplot.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

// Big-endian 32-bit integer, the byte order of every PNG field
static void PutU32(unsigned char *p, unsigned long v)
{
  p[0] = (unsigned char)(v >> 24);
  p[1] = (unsigned char)(v >> 16);
  p[2] = (unsigned char)(v >> 8);
  p[3] = (unsigned char)v;
}

// One chunk: length, type, data, CRC-32 of type and data; returns 0 on success, -1 on a write error
static int WriteChunk(FILE *fp, const char type[4], const unsigned char *data, size_t len)
{
  unsigned char hdr[8], tail[4];
  uLong         crc = crc32(0L, Z_NULL, 0);

  PutU32(hdr, (unsigned long)len);
  memcpy(hdr + 4, type, 4);
  crc = crc32(crc, hdr + 4, 4);
  if (len) crc = crc32(crc, data, (uInt)len);
  PutU32(tail, crc);
  if (fwrite(hdr, 1, 8, fp) != 8) return -1;
  if (len && fwrite(data, 1, len, fp) != len) return -1;
  if (fwrite(tail, 1, 4, fp) != 4) return -1;
  return 0;
}

/* Rows with PNG filter type 1 (Sub: each byte minus the byte one pixel to the left) for the
   rows where it gives the smaller sum of |signed bytes| than type 0 (None), the usual
   heuristic (PNG spec, section 12.8); plots are mostly flat runs, which both encode well. */
static void FilterRows(PetscInt w, PetscInt h, const unsigned char *rgb, unsigned char *raw)
{
  size_t stride = 3 * (size_t)w;

  for (PetscInt j = 0; j < h; j++) {
    const unsigned char *row     = rgb + (size_t)j * stride;
    unsigned char       *out     = raw + (size_t)j * (stride + 1);
    unsigned long        sumNone = 0, sumSub = 0;

    for (size_t i = 0; i < stride; i++) {
      unsigned char sub = (unsigned char)(row[i] - (i >= 3 ? row[i - 3] : 0));
      sumNone += row[i] < 128 ? row[i] : 256 - row[i];
      sumSub += sub < 128 ? sub : 256 - sub;
    }
    out[0] = sumSub < sumNone ? 1 : 0;
    for (size_t i = 0; i < stride; i++) out[1 + i] = out[0] ? (unsigned char)(row[i] - (i >= 3 ? row[i - 3] : 0)) : row[i];
  }
}

/*@
  TriboPNGWriteRGB - Writes an 8-bit RGB image as a PNG file, atomically.

  Not Collective

  Input Parameters:
+ filename - the PNG file to create (replaced if it exists)
. w, h     - image width and height in pixels (1 to 65535)
- rgb      - w*h*3 bytes, row-major from the top-left corner, R G B per pixel

  Notes:
  The image is deflated with zlib (compress2, level 6) into a single IDAT chunk, rows filtered
  with type None or Sub. The file is first written as "<filename>.tmp.<pid>" and renamed onto
  filename only when complete, so a failed write never leaves a truncated PNG behind.

.seealso: TriboPlotPNG()
@*/
PetscErrorCode TriboPNGWriteRGB(const char filename[], PetscInt w, PetscInt h, const unsigned char rgb[])
{
  static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  unsigned char              ihdr[13];
  unsigned char             *raw = NULL, *zbuf = NULL;
  size_t                     rawlen;
  uLongf                     zlen;
  char                       tmp[PETSC_MAX_PATH_LEN];
  FILE                      *fp;
  int                        zerr, werr = 0;

  PetscFunctionBeginUser;
  PetscCheck(filename && filename[0], PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "PNG file name is empty");
  PetscCheck(w >= 1 && h >= 1 && w <= 65535 && h <= 65535, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "PNG image size must be 1..65535 pixels each way, got %" PetscInt_FMT " x %" PetscInt_FMT, w, h);
  PetscCheck(rgb, PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "PNG image %s has no pixel data", filename);
  rawlen = (size_t)h * (1 + 3 * (size_t)w);
  PetscCall(PetscMalloc1(rawlen, &raw));
  FilterRows(w, h, rgb, raw);
  zlen = compressBound((uLong)rawlen);
  PetscCall(PetscMalloc1(zlen, &zbuf));
  zerr = compress2(zbuf, &zlen, raw, (uLong)rawlen, 6);
  PetscCall(PetscFree(raw));
  if (zerr != Z_OK) PetscCall(PetscFree(zbuf));
  PetscCheck(zerr == Z_OK, PETSC_COMM_SELF, PETSC_ERR_LIB, "zlib compress2() failed with code %d while encoding PNG %s", zerr, filename);
  if (zlen > 0x7fffffffUL) PetscCall(PetscFree(zbuf));
  PetscCheck(zlen <= 0x7fffffffUL, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "PNG %s: compressed image exceeds the 2 GiB chunk limit", filename);

  PutU32(ihdr, (unsigned long)w);
  PutU32(ihdr + 4, (unsigned long)h);
  ihdr[8]  = 8; // bit depth
  ihdr[9]  = 2; // color type: truecolor RGB
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method 0
  ihdr[12] = 0; // no interlace

  PetscCall(PetscSNPrintf(tmp, sizeof(tmp), "%s.tmp.%d", filename, (int)getpid()));
  errno = 0;
  fp    = fopen(tmp, "wb");
  if (!fp) {
    int e = errno;

    PetscCall(PetscFree(zbuf));
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "Cannot create PNG file %s (temporary %s): %s; check that the directory exists and is writable", filename, tmp, strerror(e));
  }
  if (fwrite(sig, 1, 8, fp) != 8) werr = errno ? errno : EIO;
  if (!werr && WriteChunk(fp, "IHDR", ihdr, 13)) werr = errno ? errno : EIO;
  if (!werr && WriteChunk(fp, "IDAT", zbuf, zlen)) werr = errno ? errno : EIO;
  if (!werr && WriteChunk(fp, "IEND", NULL, 0)) werr = errno ? errno : EIO;
  if (fclose(fp) && !werr) werr = errno ? errno : EIO;
  PetscCall(PetscFree(zbuf));
  if (!werr && rename(tmp, filename)) werr = errno ? errno : EIO;
  if (werr) (void)remove(tmp);
  PetscCheck(!werr, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "Writing PNG file %s failed: %s (nothing was written to %s)", filename, strerror(werr), filename);
  PetscFunctionReturn(0);
}
