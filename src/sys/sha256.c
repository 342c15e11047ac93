#include <tribosys.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <stdint.h>

#include <nettle/sha2.h>

/* SHA-256 (FIPS 180-4) from GNU Nettle (Debian's nettle-dev), a well-kept library, instead of a
   hand-written one; the digest is printed as sha256sum prints it. */
static void SHA256Hex_Private(struct sha256_ctx *c, char hex[])
{
  uint8_t d[SHA256_DIGEST_SIZE];

  sha256_digest(c, SHA256_DIGEST_SIZE, d);
  for (int i = 0; i < SHA256_DIGEST_SIZE; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
  hex[2 * SHA256_DIGEST_SIZE] = 0;
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
  struct sha256_ctx c;

  PetscFunctionBeginUser;
  PetscCheck(data || !len, PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "SHA-256 of %zu bytes at a NULL address", len);
  sha256_init(&c);
  if (len) sha256_update(&c, len, (const uint8_t *)data);
  SHA256Hex_Private(&c, hex);
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
  struct sha256_ctx c;
  FILE             *fp;
  uint8_t          *buf;
  size_t            nr;
  int               err;

  PetscFunctionBeginUser;
  fp = fopen(filename, "rb");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s to compute its SHA-256: %s", filename, strerror(errno));
  PetscCall(PetscMalloc1(1 << 16, &buf));
  sha256_init(&c);
  while ((nr = fread(buf, 1, 1 << 16, fp)) > 0) sha256_update(&c, nr, buf);
  err = ferror(fp);
  fclose(fp);
  PetscCall(PetscFree(buf));
  PetscCheck(!err, PETSC_COMM_SELF, PETSC_ERR_FILE_READ, "error reading %s to compute its SHA-256", filename);
  SHA256Hex_Private(&c, hex);
  PetscFunctionReturn(0);
}
