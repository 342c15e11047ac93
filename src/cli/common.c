#include <tribocli.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

/* Option namespaces of the verbs: a config file shared by several verbs may hold options of
   another verb's namespace, which are ignored; an unused option in the verb's own namespaces (a
   misspelling there) or in no known namespace is an error. */
static const struct {
  const char *verb, *owned;
} namespaces[] = {
    {"info", ""},
    {"model", " lapframe_ model_"},
    {"mesh", " lapbeam_ mesh_"},
    {"rom", " rom_ fe_ inp_"},
    {"prestress", " friction_ prestress_"},
    {"modal", " friction_ prestress_ modal_"},
    {"backbone", " friction_ prestress_ modal_ backbone_ rqnma_ nma_"},
};
static const char *known = " lapframe_ model_ lapbeam_ mesh_ rom_ fe_ inp_ friction_ prestress_ modal_ backbone_ rqnma_ nma_";

static PetscBool InNamespace_Private(const char *name, const char *list)
{
  char buf[64];

  for (const char *p = list; p && *p;) {
    size_t len;
    while (*p == ' ') p++;
    len = strcspn(p, " ");
    if (!len) break;
    if (len < sizeof(buf)) {
      memcpy(buf, p, len);
      buf[len] = 0;
      if (!strncmp(name, buf, len)) return PETSC_TRUE;
    }
    p += len;
  }
  return PETSC_FALSE;
}

/*@
  TriboCheckOptionsUsed - Fails with a clear message if an option was given that nothing used
  (a misspelling or an option of another verb); the message lists the unused options.

  Collective

  Input Parameters:
+ comm - communicator
- verb - the verb, for the message

  Notes:
  Verbs create their solvers (and so read every option) before any long computation and call
  this check then, so that a typo costs seconds, not the run.
@*/
PetscErrorCode TriboCheckOptionsUsed(MPI_Comm comm, const char verb[])
{
  PetscInt n, bad = 0;
  char   **names, **values, list[1024] = "";

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsLeftGet(NULL, &n, &names, &values));
  for (PetscInt i = 0; i < n; i++) {
    // PETSc reads its viewer options (-*_view*, -*_converged_reason) only when a solve ends
    if (strstr(names[i], "converged_reason") || strstr(names[i], "_view")) continue;
    if (verb && InNamespace_Private(names[i], known)) { // another verb's option, e.g. from a shared config file
      const char *owned = NULL;
      for (size_t k = 0; k < sizeof(namespaces) / sizeof(namespaces[0]); k++)
        if (!strcmp(verb, namespaces[k].verb)) owned = namespaces[k].owned;
      if (owned && !InNamespace_Private(names[i], owned)) continue;
    }
    if (bad++) PetscCall(PetscStrlcat(list, ", ", sizeof(list)));
    PetscCall(PetscStrlcat(list, "-", sizeof(list)));
    PetscCall(PetscStrlcat(list, names[i], sizeof(list)));
  }
  PetscCall(PetscOptionsLeftRestore(NULL, &n, &names, &values));
  PetscCheck(!bad, comm, PETSC_ERR_USER_INPUT, "unknown option%s %s (misspelt, or not an option of this verb: see tribo %s -help)", bad > 1 ? "s" : "", list, verb ? verb : "VERB");
  PetscFunctionReturn(0);
}

/*@
  TriboCheckOutput - Before a long computation: the output file's folder must exist and be
  writable, and the output must not be one of the inputs (it would be overwritten).

  Collective
@*/
PetscErrorCode TriboCheckOutput(MPI_Comm comm, const char option[], const char out[], PetscInt nin, const char *const in[])
{
  char        dir[PETSC_MAX_PATH_LEN];
  char       *slash;
  struct stat so, si;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(dir, out, sizeof(dir)));
  slash = strrchr(dir, '/');
  if (slash)
    *slash = 0;
  else
    PetscCall(PetscStrncpy(dir, ".", sizeof(dir)));
  if (!dir[0]) PetscCall(PetscStrncpy(dir, "/", sizeof(dir)));
  PetscCheck(!access(dir, W_OK), comm, PETSC_ERR_USER_INPUT, "cannot write %s (option %s): folder %s %s", out, option, dir, errno == ENOENT ? "does not exist" : "is not writable");
  if (!stat(out, &so))
    for (PetscInt i = 0; i < nin; i++)
      if (in[i] && in[i][0] && !stat(in[i], &si)) PetscCheck(!(so.st_dev == si.st_dev && so.st_ino == si.st_ino), comm, PETSC_ERR_USER_INPUT, "option %s names the input file %s: it would be overwritten; choose another output name", option, in[i]);
  PetscFunctionReturn(0);
}
