/* tribo plot, and the pictures of the other verbs: drawn by the project's Python package
   (python/tribo, matplotlib) from the result files, never from solver memory. */
#define _POSIX_C_SOURCE 200809L // posix_spawn, readlink
#include <tribocli.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int IsDir_Private(const char path[])
{
  struct stat st;
  return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/*@
  TriboPythonPackage - Finds the post-processing package: $TRIBO_PYTHON_PACKAGE, else next to the
  program, python/tribo in the source tree (bin/tribo) or share/tribo/python/tribo in an
  installation (PREFIX/bin/tribo).

  Not collective

  Output Parameters:
+ dir - the package folder (runs as a script: python3 dir plot ...)
- len - size of dir

  Notes:
  Returns 1 when no package is found (dir then holds the places looked at), else 0. Plain C: it
  runs before PETSc starts, for tribo plot.
@*/
int TriboPythonPackage(char dir[], size_t len)
{
  char        exe[PETSC_MAX_PATH_LEN], *slash;
  const char *env = getenv("TRIBO_PYTHON_PACKAGE");
  ssize_t     n;

  if (env && env[0]) {
    snprintf(dir, len, "%s", env);
    return IsDir_Private(dir) ? 0 : 1;
  }
  n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n <= 0) {
    snprintf(dir, len, "(cannot read /proc/self/exe: set TRIBO_PYTHON_PACKAGE)");
    return 1;
  }
  exe[n] = 0;
  if ((slash = strrchr(exe, '/'))) *slash = 0; // the program's folder
  snprintf(dir, len, "%s/../python/tribo", exe);
  if (IsDir_Private(dir)) return 0;
  snprintf(dir, len, "%s/../share/tribo/python/tribo", exe);
  if (IsDir_Private(dir)) return 0;
  snprintf(dir, len, "%s/../python/tribo or %s/../share/tribo/python/tribo", exe, exe);
  return 1;
}

/* The Python interpreter: $TRIBO_PYTHON, else Debian's /usr/bin/python3 (which sees Debian's
   matplotlib and h5py), else python3 on PATH */
static const char *Python_Private(void)
{
  const char *env = getenv("TRIBO_PYTHON");

  if (env && env[0]) return env;
  return access("/usr/bin/python3", X_OK) ? "python3" : "/usr/bin/python3";
}

/* The picture's time limit: $TRIBO_PLOT_TIMEOUT seconds (default 600; 0: none). A damaged HDF5 file can make libhdf5 loop
   inside h5py (tests/fuzz found heaps that did before the global-heap check of python/tribo/results.py), so a reader that
   never ends becomes an error line instead of a run that never ends. */
static double PlotLimit_Private(void)
{
  const char *env = getenv("TRIBO_PLOT_TIMEOUT");
  char       *end;
  double      t;

  if (!env || !env[0]) return 600;
  t = strtod(env, &end);
  return *end || !(t >= 0) ? 600 : t;
}

/* TRIBO_PLOT_PARENT=<our pid> for the Python child: it dies with us (python/tribo/__main__.py, PR_SET_PDEATHSIG), so a
   reader spinning on a damaged file does not outlive a tribo that was killed */
static void ParentEnv_Private(void)
{
  char pid[32];
  snprintf(pid, sizeof(pid), "%ld", (long)getpid());
  setenv("TRIBO_PLOT_PARENT", pid, 1);
}

static double Now_Private(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Drains fd (if >= 0) into buf (its tail, NUL-terminated; nbuf > 1), then reaps the child; past the time limit the child is
   killed. Returns 1 when it was killed for the limit, else 0 with its status. */
static int RunChild_Private(pid_t pid, int fd, char buf[], size_t nbuf, int *status, double limit)
{
  double t0   = Now_Private();
  size_t have = 0;

  if (buf) buf[0] = 0;
  while (fd >= 0) {
    struct pollfd pf = {fd, POLLIN, 0};
    int           r  = poll(&pf, 1, 100);
    if (r > 0) {
      ssize_t got = read(fd, buf + have, nbuf - 1 - have);
      if (got <= 0) break; // end of file (or an error): the child closed its stderr
      have += (size_t)got;
      if (have == nbuf - 1) { // keep the tail: the error is the last line
        memmove(buf, buf + have / 2, have - have / 2);
        have -= have / 2;
      }
      buf[have] = 0;
    } else if (r < 0 && errno != EINTR)
      break;
    if (limit > 0 && Now_Private() - t0 > limit) goto killed;
  }
  for (;;) {
    pid_t r = waitpid(pid, status, limit > 0 ? WNOHANG : 0);
    if (r == pid) return 0;
    if (r < 0 && errno != EINTR) return 0;
    if (limit > 0 && r == 0) {
      struct timespec nap = {0, 20000000};
      if (Now_Private() - t0 > limit) goto killed;
      nanosleep(&nap, NULL);
    }
  }
killed:
  kill(pid, SIGKILL);
  while (waitpid(pid, status, 0) < 0 && errno == EINTR) {}
  return 1;
}

/*@
  TriboVerbPlot - tribo plot FILE... [-o out.png|.svg|.pdf] [options]: runs the post-processing
  package's plot command on the files and returns its exit status.

  Not collective (runs before PETSc starts, one process)

  Input Parameters:
+ argc - number of arguments after the verb
- argv - the arguments after the verb

  Notes:
  tribo's option spelling is accepted and translated: -output F is -o F, and -plot_<name> is
  --<name> (e.g. -plot_measured test.csv:amp,freq,zeta -plot_measured_label "ringdown"); other
  arguments go as they are (python3 -m tribo plot --help lists them).
@*/
int TriboVerbPlot(int argc, char **argv)
{
  char        pkg[2 * PETSC_MAX_PATH_LEN + 64];
  const char *py = Python_Private();
  char      **args;
  int         k = 0;

  if (TriboPythonPackage(pkg, sizeof(pkg))) {
    fprintf(stderr, "tribo plot: error: the post-processing package is not installed (looked in %s)\n", pkg);
    return 1;
  }
  args = (char **)calloc((size_t)argc + 4, sizeof(char *));
  if (!args) return 1;
  args[k++] = (char *)py;
  args[k++] = pkg;
  args[k++] = (char *)"plot";
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "-output"))
      args[k++] = (char *)"-o";
    else if (!strcmp(argv[i], "-help") || !strcmp(argv[i], "-h"))
      args[k++] = (char *)"--help";
    else if (!strncmp(argv[i], "-plot_", 6) && argv[i][6]) {
      char *opt = (char *)malloc(strlen(argv[i]) + 2);
      if (!opt) return 1;
      sprintf(opt, "--%s", argv[i] + 6);
      for (char *c = opt + 2; *c; c++)
        if (*c == '_') *c = '-';
      args[k++] = opt;
    } else
      args[k++] = argv[i];
  }
  args[k] = NULL;
  { // run as a child, not exec'd: a crash inside a library reading a damaged file (libhdf5's heap, found by tests/fuzz)
    // becomes one error line naming the file instead of a bare "Segmentation fault"
    pid_t pid;
    int   status = 0, rc;
    ParentEnv_Private();
    rc = posix_spawnp(&pid, py, NULL, NULL, args, environ);
    if (rc) {
      fprintf(stderr, "tribo plot: error: cannot run %s: %s\n", py, strerror(rc));
      return 1;
    }
    {
      double      limit = PlotLimit_Private();
      int         late  = RunChild_Private(pid, -1, NULL, 0, &status, limit);
      const char *file  = NULL;
      for (int i = 0; i < argc && !file; i++)
        if (argv[i][0] != '-' && (i == 0 || argv[i - 1][0] != '-')) file = argv[i];
      if (late) {
        fprintf(stderr,
                "tribo plot: error: %s: the post-processing did not finish in %g s and was stopped (a damaged file makes libhdf5 loop; "
                "a large one may need TRIBO_PLOT_TIMEOUT=seconds, 0 for no limit)\n",
                file ? file : "the input", limit);
        return 1;
      }
    }
    if (WIFSIGNALED(status)) {
      const char *file = NULL;
      for (int i = 0; i < argc && !file; i++)
        if (argv[i][0] != '-' && (i == 0 || argv[i - 1][0] != '-')) file = argv[i];
      fprintf(stderr, "tribo plot: error: %s: reading it crashed the post-processing (%s, signal %d): the file is damaged (h5dump shows where)\n",
              file ? file : "the input", strsignal(WTERMSIG(status)), WTERMSIG(status));
      return 1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
}

/*@
  TriboVerbSweep - tribo sweep SWEEP.yaml [options]: runs the post-processing package's sweep command
  (python/tribo/sweep.py: expansion, validation, the local pool, SLURM arrays, status, collection)
  and returns its exit status.

  Not collective (runs before PETSc starts, one process: the cases are tribo processes of their own)

  Input Parameters:
+ argc - number of arguments after the verb
- argv - the arguments after the verb

  Notes:
  The package finds this program through $TRIBO_BIN, set here to /proc/self/exe, so that the cases
  run the same tribo as the sweep.
@*/
int TriboVerbSweep(int argc, char **argv)
{
  char        pkg[2 * PETSC_MAX_PATH_LEN + 64], exe[PETSC_MAX_PATH_LEN];
  const char *py = Python_Private();
  char      **args;
  int         k = 0;
  ssize_t     n;

  if (TriboPythonPackage(pkg, sizeof(pkg))) {
    fprintf(stderr, "tribo sweep: error: the post-processing package is not installed (looked in %s)\n", pkg);
    return 1;
  }
  n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (n > 0 && !getenv("TRIBO_BIN")) {
    exe[n] = 0;
    setenv("TRIBO_BIN", exe, 1);
  }
  args = (char **)calloc((size_t)argc + 4, sizeof(char *));
  if (!args) return 1;
  args[k++] = (char *)py;
  args[k++] = pkg;
  args[k++] = (char *)"sweep";
  for (int i = 0; i < argc; i++) args[k++] = argv[i];
  args[k] = NULL;
  execvp(py, args);
  fprintf(stderr, "tribo sweep: error: cannot run %s: %s\n", py, strerror(errno));
  return 1;
}

/*@
  TriboPictureName - The default picture of a result file: its name with .h5 replaced by .png (appended when
  the name does not end in .h5)

  Not collective

  Input Parameters:
+ out - the result file
- n   - the size of png

  Output Parameter:
. png - the picture's name
@*/
PetscErrorCode TriboPictureName(const char out[], char png[], size_t n)
{
  size_t l;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(png, out, n));
  PetscCall(PetscStrlen(png, &l));
  if (l > 3 && !strcmp(png + l - 3, ".h5")) png[l - 3] = 0;
  PetscCall(PetscStrlcat(png, ".png", n));
  PetscFunctionReturn(0);
}

/*@
  TriboDrawPicture - Draws a picture of a committed result file with the post-processing package
  (rank 0); a picture that cannot be drawn (no matplotlib, no package) is a one-line note, not an
  error: the result file is already written. With TRIBO_PICTURES=0 in the environment (tribo sweep's
  cases with pictures: false) nothing is drawn and nothing said.

  Collective

  Input Parameters:
+ comm - communicator; rank 0 draws
. file - the result file (HDF5)
. kind - the figure kind (backbone, prestress, ...)
. out  - the picture file (.png, .svg or .pdf)
. nextra - number of extra arguments for the plot command
- extra  - extra arguments (e.g. "--x", "acc:2")

  Output Parameter:
. drawn - whether the picture was written

  Notes:
  The package runs as python3 PACKAGE plot FILE --kind KIND -o OUT -q; its one-line error (its
  last line on stderr) is repeated in the note.
@*/
PetscErrorCode TriboDrawPicture(MPI_Comm comm, const char file[], const char kind[], const char out[], PetscInt nextra, const char *const extra[],
                                PetscBool *drawn)
{
  PetscMPIInt rank;
  int         ok = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (!rank && getenv("TRIBO_PICTURES") && !strcmp(getenv("TRIBO_PICTURES"), "0")) ok = -1; // a sweep's cases: no pictures, no note
  if (!rank && !ok) {
    char                       pkg[2 * PETSC_MAX_PATH_LEN + 64], why[512] = "";
    const char                *py = Python_Private();
    char                      *args[32];
    int                        k = 0, fd[2] = {-1, -1}, status = 0, rc;
    pid_t                      pid;
    posix_spawn_file_actions_t fa;

    PetscCheck(nextra <= 20, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "too many picture arguments");
    if (TriboPythonPackage(pkg, sizeof(pkg))) {
      PetscCall(PetscSNPrintf(why, sizeof(why), "the post-processing package is not installed (looked in %s)", pkg));
    } else if (pipe(fd)) {
      PetscCall(PetscSNPrintf(why, sizeof(why), "pipe: %s", strerror(errno)));
    } else {
      args[k++] = (char *)py;
      args[k++] = pkg;
      args[k++] = (char *)"plot";
      args[k++] = (char *)file;
      args[k++] = (char *)"--kind";
      args[k++] = (char *)kind;
      args[k++] = (char *)"-o";
      args[k++] = (char *)out;
      args[k++] = (char *)"-q";
      for (PetscInt i = 0; i < nextra; i++) args[k++] = (char *)extra[i];
      args[k] = NULL;
      posix_spawn_file_actions_init(&fa);
      posix_spawn_file_actions_adddup2(&fa, fd[1], STDERR_FILENO);
      posix_spawn_file_actions_addclose(&fa, fd[0]);
      ParentEnv_Private();
      rc = posix_spawnp(&pid, py, &fa, NULL, args, environ);
      posix_spawn_file_actions_destroy(&fa);
      close(fd[1]);
      if (rc) {
        PetscCall(PetscSNPrintf(why, sizeof(why), "cannot run %s: %s", py, strerror(rc)));
        close(fd[0]);
      } else {
        char   buf[4096];
        double limit = PlotLimit_Private();
        int    late  = RunChild_Private(pid, fd[0], buf, sizeof(buf), &status, limit);
        close(fd[0]);
        ok = !late && WIFEXITED(status) && WEXITSTATUS(status) == 0;
        if (late)
          snprintf(why, sizeof(why), "the picture did not finish in %g s and was stopped (TRIBO_PLOT_TIMEOUT)", limit);
        else if (!ok) { // the last non-empty line, without the "tribo plot: error: " prefix
          char *line, *end = buf + strlen(buf);
          while (end > buf && (end[-1] == '\n' || end[-1] == ' ')) *--end = 0;
          line = strrchr(buf, '\n');
          line = line ? line + 1 : buf;
          if (!strncmp(line, "tribo plot: error: ", 19)) line += 19;
          PetscCall(PetscStrncpy(why, line[0] ? line : "the plot command failed", sizeof(why)));
        }
      }
    }
    if (!ok) PetscCall(PetscPrintf(PETSC_COMM_SELF, "  note: no picture %s: %s (the results are in %s)\n", out, why, file));
  }
  PetscCallMPI(MPI_Bcast(&ok, 1, MPI_INT, 0, comm));
  if (drawn) *drawn = ok > 0 ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}
