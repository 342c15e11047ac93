/* Result files written whole or not at all (the brief's rule 5; issue 34 item 5).

   A writer writes "<name>.tmp.<pid>" next to its final name and, once every byte is written,
   TriboFileCommit() flushes it to the disk (fsync), renames it to its name and flushes the folder,
   so that a crash, a full disk or a power cut leaves either the previous file or the new one,
   never half of one. TriboFileTmpName() makes the temporary name and first removes the temporary
   files that dead processes left beside the same output (SIGKILL, node failure): a process is
   dead when kill(pid, 0) fails with ESRCH on this host. The files of live processes (another run
   writing the same output) are left alone. */
#define _DEFAULT_SOURCE // kill, fsync, opendir, sysconf(_SC_PHYS_PAGES)
#include <tribosys.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

// Split name into its folder ("." when none) and base name
static void SplitPath_Private(const char name[], char dir[], size_t ndir, const char **base)
{
  const char *s = strrchr(name, '/');

  if (!s) {
    snprintf(dir, ndir, ".");
    *base = name;
  } else if (s == name) {
    snprintf(dir, ndir, "/");
    *base = s + 1;
  } else {
    snprintf(dir, ndir, "%.*s", (int)(s - name), name);
    *base = s + 1;
  }
}

/*@
  TriboFileTmpName - The temporary name under which an output is written, "<name>.tmp.<pid>",
  after removing the stale temporary files of the same output left by dead processes.

  Not collective (call it on the rank that writes)

  Input Parameters:
+ name - the output's final name
- len  - size of tmp

  Output Parameters:
+ tmp     - the temporary name
- removed - number of stale files removed (may be NULL)

.seealso: `TriboFileCommit()`
@*/
PetscErrorCode TriboFileTmpName(const char name[], char tmp[], size_t len, PetscInt *removed)
{
  char        dir[PETSC_MAX_PATH_LEN];
  const char *base;
  size_t      nb;
  DIR        *d;
  PetscInt    nr = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(tmp, len, "%s.tmp.%d", name, (int)getpid()));
  SplitPath_Private(name, dir, sizeof(dir), &base);
  nb = strlen(base);
  if ((d = opendir(dir))) {
    struct dirent *e;
    while ((e = readdir(d))) {
      const char *s = e->d_name, *p;
      char       *end;
      long        pid;
      char        path[PETSC_MAX_PATH_LEN];

      if (strncmp(s, base, nb) || strncmp(s + nb, ".tmp.", 5)) continue;
      p     = s + nb + 5;
      errno = 0;
      pid   = strtol(p, &end, 10);
      if (end == p || *end || errno || pid <= 0 || pid == (long)getpid()) continue;
      if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; // alive, or not ours to judge (EPERM)
      if (snprintf(path, sizeof(path), "%s/%s", dir, s) >= (int)sizeof(path)) continue;
      if (!remove(path)) nr++;
    }
    closedir(d);
  }
  if (removed) *removed = nr;
  PetscFunctionReturn(0);
}

/*@
  TriboFileCommit - Makes a completely written temporary file the output: fsync, rename, fsync of
  the folder.

  Not collective

  Input Parameters:
+ tmp  - the temporary file, closed
- name - the final name

  Output Parameter:
. err - 0 on success, else the errno of the step that failed; the temporary file is then removed
        and any previous file under name is unchanged

.seealso: `TriboFileTmpName()`
@*/
PetscErrorCode TriboFileCommit(const char tmp[], const char name[], int *err)
{
  char        dir[PETSC_MAX_PATH_LEN];
  const char *base;
  int         fd;

  PetscFunctionBeginUser;
  *err  = 0;
  errno = 0;
  if ((fd = open(tmp, O_RDONLY)) < 0 || fsync(fd)) *err = errno ? errno : EIO;
  if (fd >= 0 && close(fd) && !*err) *err = errno ? errno : EIO;
  if (!*err && rename(tmp, name)) *err = errno ? errno : EIO;
  if (*err) {
    (void)remove(tmp);
    PetscFunctionReturn(0);
  }
  SplitPath_Private(name, dir, sizeof(dir), &base);
  if ((fd = open(dir, O_RDONLY)) >= 0) { // the rename itself reaches the disk (a failure here loses nothing: the file is complete)
    (void)fsync(fd);
    (void)close(fd);
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboArraySizeCheck - Checks the declared sizes of an array in a file, as 64-bit numbers, before anything is allocated:
  the number of values must fit a PetscInt and their doubles the memory (TriboMemoryMax()).

  Not collective

  Input Parameters:
+ file - the file, for the message
. what - the dataset or variable, for the message (e.g. "/rom/K", "variable M")
. nd   - number of dimensions
- dims - the sizes

  Output Parameter:
. count - the number of values (NULL to skip)

  Notes:
  Errors name the file, the dataset and its shape ("wrap.h5: /x is 4294967297, more than 2147483647 values: too large
  to read"); the HDF5 and MATLAB readers share it (issue 34, item 3: a 2^32 + 1 dataset wrapped and crashed the reader).
@*/
PetscErrorCode TriboArraySizeCheck(const char file[], const char what[], int nd, const unsigned long long dims[], PetscInt *count)
{
  unsigned long long n    = 1;
  PetscBool          over = PETSC_FALSE;
  PetscReal          mem;

  PetscFunctionBeginUser;
  for (int d = 0; d < nd; d++) {
    if (dims[d] > (unsigned long long)PETSC_MAX_INT || (dims[d] && n > (unsigned long long)PETSC_MAX_INT / dims[d])) over = PETSC_TRUE;
    if (!over) n *= dims[d];
  }
  if (over) {
    char shape[128] = "";
    for (int d = 0; d < nd; d++) {
      size_t l = strlen(shape);
      snprintf(shape + l, sizeof(shape) - l, "%s%llu", d ? " x " : "", dims[d]);
    }
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s is %s, more than %d values: too large to read", file, what, shape,
            (int)PETSC_MAX_INT);
  }
  PetscCall(TriboMemoryMax(&mem));
  PetscCheck(8.0 * (PetscReal)n <= mem, PETSC_COMM_SELF, PETSC_ERR_MEM,
             "%s: %s has %llu values (%.3g GB as doubles), more than the memory allows (%.3g GB; -memory_max to change)", file, what, n,
             8e-9 * (PetscReal)n, 1e-9 * mem);
  if (count) *count = (PetscInt)n;
  PetscFunctionReturn(0);
}

/*@
  TriboMemoryMax - The most memory one array read from a file may take: -memory_max (bytes, e.g. 8e9), else this
  machine's physical memory.

  Not collective

  Output Parameter:
. bytes - the limit

  Notes:
  Readers compare a file's declared sizes with it before allocating, so that a corrupt or hostile size (a 200000^2 gap
  map stored lazily in a few kilobytes) is refused with its file and dataset named instead of exhausting the machine.
@*/
PetscErrorCode TriboMemoryMax(PetscReal *bytes)
{
  PetscBool set   = PETSC_FALSE;
  long      pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);

  PetscFunctionBeginUser;
  *bytes = pages > 0 && psize > 0 ? (PetscReal)pages * (PetscReal)psize : 1e12;
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-memory_max", bytes, &set));
  PetscCheck(!set || *bytes > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "-memory_max must be a positive number of bytes, got %g", (double)*bytes);
  PetscFunctionReturn(0);
}
