#include <tribocli.h>

/* Prefixes of solver objects whose options are read only when the solve starts */
static const char *late_prefixes[] = {"prestress_snes_", "prestress_ksp_", "prestress_pc_", "rqnma_snes_", "rqnma_ksp_", "rqnma_pc_", NULL};

/*@
  TriboCheckOptionsUsed - Fails with a clear message if an option was given that nothing used
  (a misspelling or an option of another verb); the message lists the unused options.

  Collective

  Input Parameters:
+ comm - communicator
- verb - the verb, for the message; NULL makes the check strict (no late solver options allowed)
@*/
PetscErrorCode TriboCheckOptionsUsed(MPI_Comm comm, const char verb[])
{
  PetscInt n, bad = 0;
  char   **names, **values, list[1024] = "";

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsLeftGet(NULL, &n, &names, &values));
  for (PetscInt i = 0; i < n; i++) {
    PetscBool late = PETSC_FALSE;
    if (verb)
      for (const char **p = late_prefixes; *p; p++) {
        size_t len;
        PetscCall(PetscStrlen(*p, &len));
        if (!strncmp(names[i], *p, len)) late = PETSC_TRUE;
      }
    if (late) continue;
    if (bad++) PetscCall(PetscStrlcat(list, ", ", sizeof(list)));
    PetscCall(PetscStrlcat(list, "-", sizeof(list)));
    PetscCall(PetscStrlcat(list, names[i], sizeof(list)));
  }
  PetscCall(PetscOptionsLeftRestore(NULL, &n, &names, &values));
  PetscCheck(!bad, comm, PETSC_ERR_USER_INPUT, "unknown option%s %s (misspelt, or not an option of this verb: see tribo %s -help)", bad > 1 ? "s" : "", list, verb ? verb : "VERB");
  PetscFunctionReturn(0);
}
