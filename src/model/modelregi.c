#include <tribomodel.h>

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
  static PetscBool called = PETSC_FALSE;

  PetscFunctionBeginUser;
  if (called) PetscFunctionReturn(0);
  called = PETSC_TRUE;
  PetscCall(TriboOptionsRegisterNamespace("model_"));
  PetscCall(TriboModelRegister(TRIBOMODELLAPFRAME, TriboModelLapFrame));
  PetscFunctionReturn(0);
}
