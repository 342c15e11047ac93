#include <tribomodel.h>

static PetscBool TriboModelRegisterAllCalled = PETSC_FALSE;

/* at PetscFinalize(): a new PetscInitialize() registers again */
static PetscErrorCode TriboModelRegisterAllReset_Private(void)
{
  PetscFunctionBegin;
  TriboModelRegisterAllCalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

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
  PetscCall(PetscRegisterFinalize(TriboModelRegisterAllReset_Private));
  PetscCall(TriboOptionsRegisterNamespace("model_"));
  PetscCall(TriboModelRegister(TRIBOMODELLAPFRAME, TriboModelLapFrame));
  PetscFunctionReturn(0);
}
