#define _POSIX_C_SOURCE 200809L // strtok_r, stat
/* The branch file of TriboCont (/cont in triboio.h). The whole branch is rewritten after every
   accepted point through TriboH5Create/Close (temporary name, then rename), so the file on disk
   is always a complete branch; -cont_restart reads it back and continues bit for bit. */
#include "contimpl.h"
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

/*
  TriboContPhysics_Private - The options of this run that determine the physics, as sorted "-name value" strings; rank 0 builds
  them (and hashes the files their values name), every rank gets them.
*/
PetscErrorCode TriboContPhysics_Private(TriboCont c)
{
  PetscMPIInt rank;
  char       *all = NULL, *buf = NULL;
  int         len = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(c->comm, &rank));
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
          fprintf(stderr, "DEBUG [%s] sha [%s]\n", line, sha);
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
  PetscCallMPI(MPI_Bcast(&len, 1, MPI_INT, 0, c->comm));
  if (rank) PetscCall(PetscMalloc1(len + 1, &buf));
  PetscCallMPI(MPI_Bcast(buf, len + 1, MPI_CHAR, 0, c->comm));
  c->nphys = 0;
  for (int i = 0; i < len; i++) c->nphys += buf[i] == '\n';
  PetscCall(PetscMalloc1(c->nphys + 1, &c->phys));
  for (PetscInt k = 0, i = 0; k < c->nphys; k++) {
    char *e = strchr(buf + i, '\n');
    *e      = 0;
    PetscCall(PetscStrallocpy(buf + i, &c->phys[k]));
    i = (PetscInt)(e - buf) + 1;
  }
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

/* Compare the branch's physics options with this run's; the differences, named, are an error (a warning with -cont_restart_force) */
static PetscErrorCode CheckPhysics_Private(TriboCont c, PetscInt n, char **old)
{
  char     diff[1024] = "";
  PetscInt nd = 0, i = 0, j = 0;

  PetscFunctionBeginUser;
  while (i < n || j < c->nphys) { // both sorted: a merge
    const char *a = i < n ? old[i] : NULL, *b = j < c->nphys ? c->phys[j] : NULL;
    size_t      la = a ? strcspn(a, " ") : 0, lb = b ? strcspn(b, " ") : 0;
    int         cmp = !a ? 1 : !b ? -1 : strncmp(a, b, PetscMax(la, lb));
    char        item[512];

    if (!cmp && !strcmp(a, b)) {
      i++, j++;
      continue;
    }
    if (!cmp) {
      PetscCall(
          PetscSNPrintf(item, sizeof(item), "%.*s (branch: %s, this run: %s)", (int)la, a, a[la] ? a + la + 1 : "set", b[lb] ? b + lb + 1 : "set"));
      i++, j++;
    } else if (cmp < 0) {
      PetscCall(PetscSNPrintf(item, sizeof(item), "%.*s (branch: %s, this run: not set)", (int)la, a, a[la] ? a + la + 1 : "set"));
      i++;
    } else {
      PetscCall(PetscSNPrintf(item, sizeof(item), "%.*s (branch: not set, this run: %s)", (int)lb, b, b[lb] ? b + lb + 1 : "set"));
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
  PetscCheck(c->restart_force, c->comm, PETSC_ERR_USER_INPUT,
             "%s was traced with other physics: %s. Rerun with the branch's options, or without -cont_restart (or force it: -cont_restart_force)",
             c->output, diff);
  PetscCall(PetscPrintf(c->comm, "warning: -cont_restart_force: %s was traced with other physics: %s\n", c->output, diff));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContWrite_Private(TriboCont c)
{
  TriboH5  h;
  PetscInt N = c->N, d2[2] = {c->npts, N}, d1[1] = {c->npts}, df[2] = {c->nfolds, N}, dn[1] = {N};

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(c->comm, c->output, &h));
  PetscCall(TriboH5WriteMeta(h, "cont", 0, NULL));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_X, 2, d2, c->X));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_T, 2, d2, c->T));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_DS, 1, d1, c->ds));
  PetscCall(TriboH5WriteInt(h, TRIBO_H5_CONT_IT, 1, d1, c->its));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_FOLDS, 2, df, c->folds));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_D, 1, dn, c->D));
  if (c->ntargets) {
    PetscInt dh[2] = {c->nhits, N};
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_HITS, 2, dh, c->hits));
    PetscCall(TriboH5WriteInt(h, TRIBO_H5_CONT_HITT, 1, dh, c->hit_target));
  }
  if (c->phys) PetscCall(TriboH5WriteStrings(h, TRIBO_H5_CONT_PHYS, c->nphys, (const char *const *)c->phys));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONT, "count", c->npts));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONT, "nfolds", c->nfolds));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONT, "reason", TriboContReasons[c->reason + 3]));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONT, "complete", c->reason == TRIBOCONT_CONVERGED_BOUNDS ? 1 : 0)); // 0 while iterating too
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONT, "predictor", TriboContPredictors[c->predictor]));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

// Read the branch of c->output (every rank reads) and check that it fits this continuation
PetscErrorCode TriboContRead_Private(TriboCont c)
{
  TriboH5    h;
  PetscInt   N = c->N, nd, dims[3], n, *its;
  PetscReal *X, *T, *ds, *F, *D;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(c->comm, c->output, &h));
  {
    PetscBool has;
    PetscCall(TriboH5Has(h, TRIBO_H5_CONT_PHYS, &has));
    if (has) { // branch files of tribo before this check have none
      PetscInt np;
      char   **old;
      PetscCall(TriboH5ReadStrings(h, TRIBO_H5_CONT_PHYS, &np, &old));
      PetscCall(CheckPhysics_Private(c, np, old));
      for (PetscInt i = 0; i < np; i++) PetscCall(PetscFree(old[i]));
      PetscCall(PetscFree(old));
    }
  }
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_X, &nd, dims, &X));
  PetscCheck(nd == 2 && dims[1] == N && dims[0] >= 1, c->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s must be npts x %" PetscInt_FMT " with npts >= 1 to restart this continuation (-cont_restart)", c->output, TRIBO_H5_CONT_X, N);
  n = dims[0];
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_T, &nd, dims, &T));
  PetscCheck(nd == 2 && dims[0] == n && dims[1] == N, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be %" PetscInt_FMT " x %" PetscInt_FMT,
             c->output, TRIBO_H5_CONT_T, n, N);
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_DS, &nd, dims, &ds));
  PetscCheck(nd == 1 && dims[0] == n, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output, TRIBO_H5_CONT_DS,
             n);
  PetscCall(TriboH5ReadInt(h, TRIBO_H5_CONT_IT, &nd, dims, &its));
  PetscCheck(nd == 1 && dims[0] == n, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output, TRIBO_H5_CONT_IT,
             n);
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_D, &nd, dims, &D));
  PetscCheck(nd == 1 && dims[0] == N, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output, TRIBO_H5_CONT_D, N);
  for (PetscInt i = 0; i < N; i++)
    PetscCheck(D[i] == c->D[i], c->comm, PETSC_ERR_USER_INPUT, "%s: the branch was traced with scaling D[%" PetscInt_FMT "] = %g, this run has %g",
               c->output, i, (double)D[i], (double)c->D[i]);
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_FOLDS, &nd, dims, &F));
  PetscCheck(nd == 2 && dims[1] == N, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nfolds x %" PetscInt_FMT, c->output, TRIBO_H5_CONT_FOLDS,
             N);
  if (c->ntargets) { // the hits so far (absent from a branch traced without targets: none)
    PetscBool has;
    PetscCall(TriboH5Has(h, TRIBO_H5_CONT_HITS, &has));
    PetscCall(PetscFree(c->hits));
    PetscCall(PetscFree(c->hit_target));
    c->nhits = c->nhalloc = 0;
    if (has) {
      PetscInt   nh, dh[3], *ht;
      PetscReal *H;
      PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_HITS, &nd, dh, &H));
      PetscCheck((nd == 2 && dh[1] == N) || dh[0] == 0, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nhits x %" PetscInt_FMT, c->output,
                 TRIBO_H5_CONT_HITS, N);
      nh = dh[0];
      PetscCall(TriboH5ReadInt(h, TRIBO_H5_CONT_HITT, &nd, dh, &ht));
      PetscCheck(nd == 1 && dh[0] == nh, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output,
                 TRIBO_H5_CONT_HITT, nh);
      for (PetscInt k = 0; k < nh; k++)
        PetscCheck(ht[k] >= 0 && ht[k] < c->ntargets && H[k * N + N - 1] == c->targets[ht[k]], c->comm, PETSC_ERR_USER_INPUT,
                   "%s: hit %" PetscInt_FMT " is not at a target of this run (-cont_restart needs the same targets)", c->output, k + 1);
      c->hits = H, c->hit_target = ht, c->nhits = c->nhalloc = nh;
    }
  }
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCall(PetscFree(c->X));
  PetscCall(PetscFree(c->T));
  PetscCall(PetscFree(c->ds));
  PetscCall(PetscFree(c->its));
  PetscCall(PetscFree(c->folds));
  c->X = X, c->T = T, c->ds = ds, c->its = its, c->npts = c->nalloc = n;
  c->folds = F, c->nfolds = c->nfalloc = dims[0];
  PetscCall(PetscFree(D));
  PetscFunctionReturn(0);
}
