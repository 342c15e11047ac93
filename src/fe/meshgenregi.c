#include <tribofe.h>

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
  static PetscBool called = PETSC_FALSE;

  PetscFunctionBeginUser;
  if (called) PetscFunctionReturn(0);
  called = PETSC_TRUE;
  PetscCall(TriboOptionsRegisterNamespace("mesh_"));
  PetscCall(TriboOptionsRegisterNamespace("inp_")); // TriboMeshSetFromOptions()
  PetscCall(TriboOptionsRegisterNamespace("fe_"));  // TriboFESystemSetFromOptions()
  PetscCall(TriboMeshGeneratorRegister(TRIBOMESHLAPBEAM, TriboMeshWriteLapBeam));
  PetscFunctionReturn(0);
}
