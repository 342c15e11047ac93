#include <tribofe.h>

static PetscBool TriboMeshGeneratorRegisterAllCalled = PETSC_FALSE; /* reset at PetscFinalize() (TriboRegistryForgetAtFinalize()) */

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
  PetscCall(TriboRegistryForgetAtFinalize(NULL, &TriboMeshGeneratorRegisterAllCalled));
  PetscCall(TriboOptionsRegisterNamespace("mesh_"));
  PetscCall(TriboOptionsRegisterNamespace("inp_")); // TriboMeshSetFromOptions()
  PetscCall(TriboOptionsRegisterNamespace("fe_"));  // TriboFESystemSetFromOptions()
  PetscCall(TriboMeshGeneratorRegister(TRIBOMESHLAPBEAM, TriboMeshWriteLapBeam));
  PetscFunctionReturn(0);
}
