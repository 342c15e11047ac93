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
  A model reads its options with the prefix "<name>_" in a TriboOptionsBegin() block, with units
  and defaults, before it builds anything. Registering a name again replaces its constructor.

  Level: advanced

.seealso: TriboModelRegisterAll(), TriboModelBuild(), TriboModelLapFrame()
@*/
PetscErrorCode TriboModelRegister(const char name[], PetscErrorCode (*create)(MPI_Comm, TriboROM *))
{
  char ns[128];

  PetscFunctionBeginUser;
  if (!TriboModelList) PetscCall(TriboRegistryForgetAtFinalize(&TriboModelList, NULL)); // emptied at PetscFinalize()
  PetscCall(PetscFunctionListAdd(&TriboModelList, name, create));
  PetscCall(PetscSNPrintf(ns, sizeof(ns), "%s_", name)); // the model's options -<name>_*
  PetscCall(TriboOptionsRegisterNamespace(ns));
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
  PetscCall(TriboFunctionListFindOrError(comm, TriboModelList, type, "built-in model", "-model_type", (void (**)(void)) & create));
  PetscCall(create(comm, rom));
  {
    char ns[128];
    PetscCall(PetscSNPrintf(ns, sizeof(ns), "%s_", type));
    PetscCall(TriboOptionsUseNamespace(NULL, ns));
  }
  PetscFunctionReturn(0);
}
