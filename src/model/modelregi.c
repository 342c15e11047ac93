#include <tribomodel.h>

static PetscBool TriboModelRegisterAllCalled = PETSC_FALSE; /* reset at PetscFinalize() (TriboRegistryForgetAtFinalize()) */

/*@
  TriboModelRegisterAll - Registers every built-in model that ships with tribo.

  Not collective

  Notes:
  lapframe: TriboModelLapFrame(), two steel beams in a bolted lap joint (a Brake-Reuss beam
  stand-in). Called by TriboModelBuild(); a program calls it before it looks at the list
  TriboModelList itself (e.g. for PetscOptionsFList()).

  Level: advanced

.seealso: TriboModelRegister()
@*/
PetscErrorCode TriboModelRegisterAll(void)
{
  PetscFunctionBegin;
  if (TriboModelRegisterAllCalled) PetscFunctionReturn(0);
  TriboModelRegisterAllCalled = PETSC_TRUE;
  PetscCall(TriboRegistryForgetAtFinalize(NULL, &TriboModelRegisterAllCalled));
  PetscCall(TriboOptionsRegisterNamespace("model_"));
  PetscCall(TriboModelRegister(TRIBOMODELLAPFRAME, TriboModelLapFrame));
  PetscFunctionReturn(0);
}
