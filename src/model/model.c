/* The gallery of built-in models: jointed structures tribo builds as ROMs itself (tribo model
   -model_type). */
#include <tribomodel.h>

PetscFunctionList TriboModelList = NULL;

/*@
  TriboModelRegister - Adds a model to the gallery of tribo model -model_type.

  Not collective

  Input Parameters:
+ name   - the type name, e.g. "lapframe"
- create - the constructor: create(comm, &rom) builds the ROM; create(comm, NULL) only reads and
           checks the model's options (with -help: lists them)

  Notes:
  A model reads its options with the prefix "<name>_" in a PetscOptionsBegin() block, with units
  and defaults, before it builds anything. Registering a name again replaces its constructor.

  Level: advanced

.seealso: TriboModelRegisterAll(), TriboModelBuild(), TriboModelLapFrame()
@*/
PetscErrorCode TriboModelRegister(const char name[], PetscErrorCode (*create)(MPI_Comm, TriboROM *))
{
  PetscFunctionBeginUser;
  PetscCall(PetscFunctionListAdd(&TriboModelList, name, create));
  PetscFunctionReturn(0);
}

// "a, b, c": the registered names, in the order of registration
static PetscErrorCode KnownNames_Private(PetscFunctionList list, char names[], size_t len)
{
  const char **all;
  int          n;

  PetscFunctionBeginUser;
  names[0] = 0;
  PetscCall(PetscFunctionListGet(list, &all, &n));
  for (int i = 0; i < n && all[i]; i++) { // the array ends with NULL (counted in n)
    if (i) PetscCall(PetscStrlcat(names, ", ", len));
    PetscCall(PetscStrlcat(names, all[i], len));
  }
  PetscCall(PetscFree(all));
  PetscFunctionReturn(0);
}

/*@
  TriboModelBuild - Builds the ROM of a registered model.

  Collective

  Input Parameters:
+ comm - communicator of the ROM
- type - the model's name (TriboModelRegister())

  Output Parameter:
. rom - the ROM; NULL: only read and check the model's options

  Notes:
  An unknown name is a user-input error that lists the registered names. The models that ship
  with tribo are registered by TriboModelRegisterAll(), which this calls.

  Level: intermediate

.seealso: TriboModelRegister(), TriboModelLapFrame()
@*/
PetscErrorCode TriboModelBuild(MPI_Comm comm, const char type[], TriboROM *rom)
{
  PetscErrorCode (*create)(MPI_Comm, TriboROM *) = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboModelRegisterAll());
  PetscCall(PetscFunctionListFind(TriboModelList, type, &create));
  if (!create) {
    char names[512];
    PetscCall(KnownNames_Private(TriboModelList, names, sizeof(names)));
    SETERRQ(comm, PETSC_ERR_USER_INPUT, "unknown built-in model \"%s\" (option -model_type); known: %s", type, names);
  }
  PetscCall(create(comm, rom));
  PetscFunctionReturn(0);
}
