#include <tribocli.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

/*@
  TriboCheckOptionsUsed - Fails with a clear message if an option was given that no object of the
  verb read (a misspelling, or an option of no object of this verb); the message lists them.

  Collective

  Input Parameters:
+ comm - communicator
- verb - the verb, for the message (NULL: the program)

  Notes:
  Verbs create their objects and call their SetFromOptions (which read every option) before any
  computation, and call this check then, so that a typo costs a second, not the run. Which
  options belong to another verb (and are ignored, e.g. from a shared configuration file) follows
  from the namespaces the classes register; see TriboOptionsCheckUsed().
@*/
PetscErrorCode TriboCheckOptionsUsed(MPI_Comm comm, const char verb[])
{
  char what[64];

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(what, sizeof(what), "tribo %s", verb ? verb : "VERB"));
  PetscCall(TriboOptionsCheckUsed(comm, what));
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
  PetscCheck(!access(dir, W_OK), comm, PETSC_ERR_USER_INPUT, "cannot write %s (option %s): folder %s %s", out, option, dir,
             errno == ENOENT ? "does not exist" : "is not writable");
  if (!stat(out, &so))
    for (PetscInt i = 0; i < nin; i++)
      if (in[i] && in[i][0] && !stat(in[i], &si))
        PetscCheck(!(so.st_dev == si.st_dev && so.st_ino == si.st_ino), comm, PETSC_ERR_USER_INPUT,
                   "option %s names the input file %s: it would be overwritten; choose another output name", option, in[i]);
  PetscFunctionReturn(0);
}

/*@
  TriboRegisterAll - Registers every class's implementations and option namespaces (laws,
  analyses, models, meshes, reduction), so that the program knows every option of every verb.

  Not collective
@*/
PetscErrorCode TriboRegisterAll(void)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawRegisterAll());
  PetscCall(TriboMeshGeneratorRegisterAll());
  PetscCall(TriboModelRegisterAll());
  PetscCall(TriboOptionsRegisterNamespace("rom_"));    // TriboCBSetFromOptions()
  PetscCall(TriboOptionsRegisterNamespace("memory_")); // -memory_max, read by the file readers (TriboMemoryMax())
  PetscCall(TriboNMARegisterAll());
  PetscCall(TriboOptionsRegisterNamespace("contact_"));   // TriboContactSetFromOptions(), tribo contact
  PetscCall(TriboOptionsRegisterNamespace("law_"));       // tribo law
  PetscCall(TriboOptionsRegisterNamespace("surface_"));   // TriboSurfaceSetFromOptions(), tribo surface
  PetscCall(TriboOptionsRegisterNamespace("ringdown_"));  // tribo ringdown
  PetscCall(TriboOptionsRegisterNamespace("fit_"));       // tribo fit
  PetscCall(TriboOptionsRegisterNamespace("nsga_"));      // TriboNSGA2SetFromOptions()
  PetscCall(TriboOptionsRegisterNamespace("wjrom_"));     // the backbone solver of tribo fit (src/fit/wjrom.c), set by the fit itself
  PetscCall(TriboOptionsRegisterNamespace("transient_")); // TriboTransientSetFromOptions(): a shared configuration file may hold them
  PetscFunctionReturn(0);
}
