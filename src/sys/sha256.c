#include <tribosys.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <stdint.h>

/* SHA-256 as specified in FIPS 180-4 (Secure Hash Standard, 2015), section 6.2: 512-bit blocks,
   64 rounds per block over eight 32-bit words, message padded with a 1 bit, zeros and the
   64-bit big-endian message length in bits. */
typedef struct {
  uint32_t h[8];
  uint64_t nbytes;  // total message length so far
  uint8_t  buf[64]; // partial block
  size_t   nbuf;
} SHA256Ctx;

static const uint32_t SHA256K[64] = {0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
                                     0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
                                     0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
                                     0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void SHA256Init_Private(SHA256Ctx *c)
{
  // initial hash value H(0), FIPS 180-4 §5.3.3
  const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

  for (int i = 0; i < 8; i++) c->h[i] = h0[i];
  c->nbytes = 0;
  c->nbuf   = 0;
}

static void SHA256Block_Private(uint32_t h[8], const uint8_t *p)
{
  uint32_t w[64], a, b, cc, d, e, f, g, hh;

  for (int t = 0; t < 16; t++) w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
  for (int t = 16; t < 64; t++) {
    uint32_t s0 = ROTR(w[t - 15], 7) ^ ROTR(w[t - 15], 18) ^ (w[t - 15] >> 3);
    uint32_t s1 = ROTR(w[t - 2], 17) ^ ROTR(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t]        = s1 + w[t - 7] + s0 + w[t - 16];
  }
  a = h[0], b = h[1], cc = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int t = 0; t < 64; t++) {
    uint32_t T1 = hh + (ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25)) + ((e & f) ^ (~e & g)) + SHA256K[t] + w[t];
    uint32_t T2 = (ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22)) + ((a & b) ^ (a & cc) ^ (b & cc));
    hh = g, g = f, f = e, e = d + T1, d = cc, cc = b, b = a, a = T1 + T2;
  }
  h[0] += a, h[1] += b, h[2] += cc, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

static void SHA256Update_Private(SHA256Ctx *c, const uint8_t *p, size_t len)
{
  c->nbytes += len;
  if (c->nbuf) {
    size_t k = 64 - c->nbuf < len ? 64 - c->nbuf : len;
    memcpy(c->buf + c->nbuf, p, k);
    c->nbuf += k, p += k, len -= k;
    if (c->nbuf < 64) return;
    SHA256Block_Private(c->h, c->buf);
    c->nbuf = 0;
  }
  for (; len >= 64; p += 64, len -= 64) SHA256Block_Private(c->h, p);
  memcpy(c->buf, p, len);
  c->nbuf = len;
}

static void SHA256Final_Private(SHA256Ctx *c, char hex[])
{
  const char *digits = "0123456789abcdef";
  uint64_t    bits   = c->nbytes * 8;
  uint8_t     pad[72];
  size_t      npad = (c->nbuf < 56 ? 56 : 120) - c->nbuf;

  // padding, FIPS 180-4 §5.1.1: 0x80, zeros up to 56 mod 64, then the length in bits
  memset(pad, 0, sizeof(pad));
  pad[0] = 0x80;
  for (int i = 0; i < 8; i++) pad[npad + i] = (uint8_t)(bits >> (56 - 8 * i));
  SHA256Update_Private(c, pad, npad + 8);
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < 4; k++) {
      uint8_t byte           = (uint8_t)(c->h[i] >> (24 - 8 * k));
      hex[8 * i + 2 * k]     = digits[byte >> 4];
      hex[8 * i + 2 * k + 1] = digits[byte & 15];
    }
  hex[64] = 0;
}

/*@
  TriboSHA256 - SHA-256 digest (FIPS 180-4) of a buffer, as 64 lowercase hexadecimal characters.

  Not collective

  Input Parameters:
+ data - the bytes (may be NULL when len is 0)
- len  - number of bytes

  Output Parameter:
. hex - at least 65 characters: the digest and a terminating NUL

  Level: developer

.seealso: `TriboFileSHA256()`
@*/
PetscErrorCode TriboSHA256(const void *data, size_t len, char hex[])
{
  SHA256Ctx c;

  PetscFunctionBeginUser;
  PetscCheck(data || !len, PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "SHA-256 of %zu bytes at a NULL address", len);
  SHA256Init_Private(&c);
  if (len) SHA256Update_Private(&c, (const uint8_t *)data, len);
  SHA256Final_Private(&c, hex);
  PetscFunctionReturn(0);
}

/*@
  TriboFileSHA256 - SHA-256 digest of a file's contents, as `sha256sum` prints it.

  Not collective

  Input Parameter:
. filename - the file

  Output Parameter:
. hex - at least 65 characters: 64 lowercase hexadecimal digits and a terminating NUL

  Notes:
  Stored in every output file next to the names of the inputs, so that a result says exactly
  which ROM, surface or experiment it was computed from.

  Level: developer

.seealso: `TriboSHA256()`, `TriboH5WriteMeta()`
@*/
PetscErrorCode TriboFileSHA256(const char filename[], char hex[])
{
  SHA256Ctx c;
  FILE     *fp;
  uint8_t  *buf;
  size_t    nr;
  int       err;

  PetscFunctionBeginUser;
  fp = fopen(filename, "rb");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s to compute its SHA-256: %s", filename, strerror(errno));
  PetscCall(PetscMalloc1(1 << 16, &buf));
  SHA256Init_Private(&c);
  while ((nr = fread(buf, 1, 1 << 16, fp)) > 0) SHA256Update_Private(&c, buf, nr);
  err = ferror(fp);
  fclose(fp);
  PetscCall(PetscFree(buf));
  PetscCheck(!err, PETSC_COMM_SELF, PETSC_ERR_FILE_READ, "error reading %s to compute its SHA-256", filename);
  SHA256Final_Private(&c, hex);
  PetscFunctionReturn(0);
}
