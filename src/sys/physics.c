/* The options that determine a run's physics, recorded in checkpoints and compared on restart (issue 34, item 12). */
#define _POSIX_C_SOURCE 200809L // strtok_r, stat
#include <tribosys.h>
#include <ctype.h>
#include <sys/stat.h>

/* What a restart must share with the branch it continues (issue 34, item 12): every option of the
   run except those that only steer, show or store it, listed here by name prefix and part. The
   continuation's own step control (-cont_*), the output names, the parameter range and the requested
   amplitudes or frequencies (a restart may extend them; its targets are checked against the hits
   already landed), pictures, monitors and PETSc's logging. Anything else the user set (a law
   parameter, a harmonic count, a tolerance) is physics: a restart that changes it is refused. An
   option whose value names an existing file (-rom, a law table) is compared by the file's SHA-256,
   so that a ROM rebuilt from another deck under the same name is caught and a moved one is not. */
static const char *steer_prefix[] = {"cont_",
                                     "output",
                                     "options_file",
                                     "help",
                                     "log",
                                     "info",
                                     "malloc",
                                     "tribo_",
                                     "xdmf",
                                     "backbone_qmin",
                                     "backbone_qmax",
                                     "backbone_n",
                                     "backbone_amplitudes",
                                     "backbone_loop_points",
                                     "frf_range",
                                     "frf_frequencies",
                                     "history",
                                     "nsga_stop",
                                     "rqnma_checkpoint",
                                     "rqnma_restart",
                                     "rqnma_stop_after",
                                     "transient_checkpoint",
                                     "transient_restart",
                                     "transient_stop_after",
                                     "transient_time",
                                     "fit_bi_checkpoint",
                                     "fit_bi_restart",
                                     "fit_bi_stop_after",
                                     "surface_checkpoint",
                                     "contact_checkpoint",
                                     "contact_restart",
                                     "contact_stop_after",
                                     "surface_restart",
                                     "surface_stop_after",
                                     "surface_view_max",
                                     "surface_groups",
                                     "options_"};
static const char *steer_part[]   = {"_monitor", "_view", "_png", "_plot", "_quiet", "_verbose", "_progress"};

static PetscBool Steers_Private(const char name[])
{
  for (size_t i = 0; i < sizeof(steer_prefix) / sizeof(steer_prefix[0]); i++)
    if (!strncmp(name, steer_prefix[i], strlen(steer_prefix[i]))) return PETSC_TRUE;
  for (size_t i = 0; i < sizeof(steer_part) / sizeof(steer_part[0]); i++)
    if (strstr(name, steer_part[i])) return PETSC_TRUE;
  return PETSC_FALSE;
}

static int CompareStrings_Private(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A token of PetscOptionsGetAll() that starts an option: "-" then a letter or _ (not "-1", "-.5") */
static PetscBool IsName_Private(const char t[])
{
  return (PetscBool)(t[0] == '-' && (isalpha((unsigned char)t[1]) || t[1] == '_'));
}

/*@
  TriboOptionsPhysics - The options of this run that determine the physics, as sorted "-name value" strings (a value that
  names an existing file replaced by "sha256:<its hash>"); rank 0 builds them, every rank gets them.

  Collective

  Input Parameter:
. comm - the ranks

  Output Parameters:
+ n     - number of strings
- lines - the strings (TriboOptionsPhysicsDestroy() frees them)

.seealso: `TriboOptionsPhysicsCheck()`
@*/
PetscErrorCode TriboOptionsPhysics(MPI_Comm comm, PetscInt *nphys, char ***phys)
{
  PetscMPIInt rank;
  char       *all = NULL, *buf = NULL;
  int         len = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (!rank) {
    char   **tok = NULL, **lines = NULL, *save = NULL;
    PetscInt nt = 0, nl = 0;
    size_t   total = 1;

    PetscCall(PetscOptionsGetAll(NULL, &all));
    PetscCall(PetscMalloc1(strlen(all) / 2 + 2, &tok));
    for (char *t = strtok_r(all, " ", &save); t; t = strtok_r(NULL, " ", &save)) tok[nt++] = t;
    PetscCall(PetscMalloc1(nt + 1, &lines));
    for (PetscInt i = 0; i < nt; i++) {
      char        val[PETSC_MAX_PATH_LEN] = "", line[2 * PETSC_MAX_PATH_LEN];
      struct stat st;
      PetscInt    j = i + 1;

      if (!IsName_Private(tok[i])) continue;
      for (; j < nt && !IsName_Private(tok[j]); j++) { // the value: the tokens up to the next option
        if (val[0]) PetscCall(PetscStrlcat(val, " ", sizeof(val)));
        PetscCall(PetscStrlcat(val, tok[j], sizeof(val)));
      }
      if (!Steers_Private(tok[i] + 1)) {
        if (val[0] && !stat(val, &st) && S_ISREG(st.st_mode)) {
          char sha[65];
          PetscCall(TriboFileSHA256(val, sha));
          PetscCall(PetscSNPrintf(line, sizeof(line), "%s sha256:%s", tok[i], sha));
        } else
          PetscCall(PetscSNPrintf(line, sizeof(line), "%s %s", tok[i], val));
        PetscCall(PetscStrallocpy(line, &lines[nl]));
        total += strlen(line) + 1;
        nl++;
      }
      i = j - 1;
    }
    qsort(lines, (size_t)nl, sizeof(char *), CompareStrings_Private);
    PetscCall(PetscMalloc1(total, &buf));
    for (PetscInt i = 0; i < nl; i++) { // (PETSc 3.18's PetscStrlcat() bounds by the appended string's length, not the buffer's)
      size_t l = strlen(lines[i]);
      memcpy(buf + len, lines[i], l);
      buf[len + l] = '\n';
      len += (int)l + 1;
      PetscCall(PetscFree(lines[i]));
    }
    buf[len] = 0;
    PetscCall(PetscFree(lines));
    PetscCall(PetscFree(tok));
    PetscCall(PetscFree(all));
  }
  PetscCallMPI(MPI_Bcast(&len, 1, MPI_INT, 0, comm));
  if (rank) PetscCall(PetscMalloc1(len + 1, &buf));
  PetscCallMPI(MPI_Bcast(buf, len + 1, MPI_CHAR, 0, comm));
  *nphys = 0;
  for (int i = 0; i < len; i++) *nphys += buf[i] == '\n';
  PetscCall(PetscMalloc1(*nphys + 1, phys));
  for (PetscInt k = 0, i = 0; k < *nphys; k++) {
    char *e = strchr(buf + i, '\n');
    *e      = 0;
    PetscCall(PetscStrallocpy(buf + i, &(*phys)[k]));
    i = (PetscInt)(e - buf) + 1;
  }
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

/*@
  TriboOptionsPhysicsCheck - Compares the physics options a checkpoint was made with to this run's: the differences, named, are
  an error, or a warning when force is set.

  Collective

  Input Parameters:
+ comm      - the ranks
. file      - the checkpoint, for the message
. n, old    - its strings (TriboOptionsPhysics() of the run that wrote it)
. ncur, cur - this run's
. force     - warn instead of failing
- how       - what to do instead, for the message (e.g. "or without -cont_restart (or force it: -cont_restart_force)")

.seealso: `TriboOptionsPhysics()`
@*/
PetscErrorCode TriboOptionsPhysicsCheck(MPI_Comm comm, const char file[], PetscInt n, char **old, PetscInt ncur, char **cur, PetscBool force,
                                        const char how[])
{
  char     diff[1024] = "";
  PetscInt nd = 0, i = 0, j = 0;

  PetscFunctionBeginUser;
  while (i < n || j < ncur) { // both sorted: a merge
    const char *a = i < n ? old[i] : NULL, *b = j < ncur ? cur[j] : NULL;
    size_t      la = a ? strcspn(a, " ") : 0, lb = b ? strcspn(b, " ") : 0;
    int         cmp = !a ? 1 : !b ? -1 : strncmp(a, b, PetscMax(la, lb));
    char        item[512];

    if (!cmp && !strcmp(a, b)) {
      i++, j++;
      continue;
    }
    if (!cmp) {
      PetscCall(PetscSNPrintf(item, sizeof(item), "%.*s (checkpoint: %s, this run: %s)", (int)la, a, a[la] ? a + la + 1 : "set",
                              b[lb] ? b + lb + 1 : "set"));
      i++, j++;
    } else if (cmp < 0) {
      PetscCall(PetscSNPrintf(item, sizeof(item), "%.*s (checkpoint: %s, this run: not set)", (int)la, a, a[la] ? a + la + 1 : "set"));
      i++;
    } else {
      PetscCall(PetscSNPrintf(item, sizeof(item), "%.*s (checkpoint: not set, this run: %s)", (int)lb, b, b[lb] ? b + lb + 1 : "set"));
      j++;
    }
    if (nd++ < 4) {
      if (diff[0]) PetscCall(PetscStrlcat(diff, "; ", sizeof(diff)));
      PetscCall(PetscStrlcat(diff, item, sizeof(diff)));
    }
  }
  if (nd > 4) {
    char more[64];
    PetscCall(PetscSNPrintf(more, sizeof(more), "; and %" PetscInt_FMT " more", nd - 4));
    PetscCall(PetscStrlcat(diff, more, sizeof(diff)));
  }
  if (!nd) PetscFunctionReturn(0);
  PetscCheck(force, comm, PETSC_ERR_USER_INPUT, "%s was computed with other physics: %s. Rerun with its options, %s", file, diff, how);
  PetscCall(PetscPrintf(comm, "warning: %s was computed with other physics: %s\n", file, diff));
  PetscFunctionReturn(0);
}

/* Frees what TriboOptionsPhysics() returned */
PetscErrorCode TriboOptionsPhysicsDestroy(PetscInt *n, char ***lines)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < *n; i++) PetscCall(PetscFree((*lines)[i]));
  PetscCall(PetscFree(*lines));
  *n = 0;
  PetscFunctionReturn(0);
}
