static char help[] = "SHA-256 of buffers and files against published digests.\n";

#define _POSIX_C_SOURCE 200809L // mkstemp
#include <tribosys.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
  // FIPS 180-2 appendix B examples: one block, empty message, two blocks (448 bits), and 896 bits
  const char *msgs[] = {"abc", "", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"};
  char        hex[65], file[PETSC_MAX_PATH_LEN] = "";
  char       *buf;
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  for (int i = 0; i < 4; i++) {
    PetscCall(TriboSHA256(msgs[i], strlen(msgs[i]), hex));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "len %d: %s\n", (int)strlen(msgs[i]), hex));
  }
  // one million 'a' (FIPS 180-2 B.3), and lengths around the padding boundary (55, 56, 64 bytes)
  PetscCall(PetscMalloc1(1000000, &buf));
  memset(buf, 'a', 1000000);
  PetscCall(TriboSHA256(buf, 1000000, hex));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "1e6 x a: %s\n", hex));
  for (int i = 0; i < 3; i++) {
    size_t len[3] = {55, 56, 64};
    PetscCall(TriboSHA256(buf, len[i], hex));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%d x a: %s\n", (int)len[i], hex));
  }
  // a file of 200000 bytes (byte k = (31 k + 7) mod 256), larger than the 64 KiB read buffer
  if (!rank) {
    FILE *fp;
    int   fd;
    PetscCall(PetscStrcpy(file, "/tmp/t803-sha256-XXXXXX"));
    fd = mkstemp(file);
    PetscCheck(fd >= 0, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot create a temporary file");
    for (int k = 0; k < 200000; k++) buf[k] = (char)((31 * k + 7) & 255);
    fp = fdopen(fd, "wb");
    PetscCheck(fp && fwrite(buf, 1, 200000, fp) == 200000, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot write %s", file);
    fclose(fp);
    PetscCall(TriboFileSHA256(file, hex));
    remove(file);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "file: %s\n", hex));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "missing file: %s\n", TriboFileSHA256("/nonexistent/t803", hex) == PETSC_ERR_FILE_OPEN ? "error" : "no error"));
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscFree(buf));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t803-sha256.out
TEST*/
