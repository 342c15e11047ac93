#include <tribofe.h>

static PetscBool TriboMeshGeneratorRegisterAllCalled = PETSC_FALSE;

/* at PetscFinalize(): a new PetscInitialize() registers again */
static PetscErrorCode TriboMeshGeneratorRegisterAllReset_Private(void)
{
  PetscFunctionBegin;
  TriboMeshGeneratorRegisterAllCalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboMeshGeneratorRegisterAll - Registers every mesh generator that ships with tribo.

  Not collective

  Notes:
  lapbeam: TriboMeshWriteLapBeam(), a bolted lap-joint beam close to the Brake-Reuss beam.
  Called by TriboMeshGeneratorWrite(); a program calls it before it looks at the list
  TriboMeshGeneratorList itself (e.g. for PetscOptionsFList()).

  Level: advanced

.seealso: TriboMeshGeneratorRegister()
@*/
PetscErrorCode TriboMeshGeneratorRegisterAll(void)
{
  PetscFunctionBegin;
  if (TriboMeshGeneratorRegisterAllCalled) PetscFunctionReturn(0);
  TriboMeshGeneratorRegisterAllCalled = PETSC_TRUE;
  PetscCall(PetscRegisterFinalize(TriboMeshGeneratorRegisterAllReset_Private));
  PetscCall(TriboOptionsRegisterNamespace("mesh_"));
  PetscCall(TriboOptionsRegisterNamespace("inp_")); // TriboMeshSetFromOptions()
  PetscCall(TriboOptionsRegisterNamespace("fe_"));  // TriboFESystemSetFromOptions()
  PetscCall(TriboMeshGeneratorRegister(TRIBOMESHLAPBEAM, TriboMeshWriteLapBeam));
  PetscFunctionReturn(0);
}
