/* The gallery of mesh generators: parametric decks tribo writes itself (tribo mesh -mesh_type). */
#include <tribofe.h>

PetscFunctionList TriboMeshGeneratorList = NULL;

/*@
  TriboMeshGeneratorRegister - Adds a mesh generator to the gallery of tribo mesh -mesh_type.

  Not collective

  Input Parameters:
+ name  - the type name, e.g. "lapbeam"
- write - the generator: write(comm, file) writes the Abaqus deck file (rank 0 writes); with a
          NULL file it only reads and checks its options (with -help: lists them)

  Notes:
  A generator reads its options with the prefix "<name>_" in a TriboOptionsBegin() block, with
  units and defaults, and prints a summary of the deck when -<name>_view is set (tribo mesh sets
  it by default). Registering a name again replaces its generator.

  Level: advanced

.seealso: TriboMeshGeneratorRegisterAll(), TriboMeshGeneratorWrite(), TriboMeshWriteLapBeam()
@*/
PetscErrorCode TriboMeshGeneratorRegister(const char name[], PetscErrorCode (*write)(MPI_Comm, const char[]))
{
  char ns[128];

  PetscFunctionBeginUser;
  if (!TriboMeshGeneratorList) PetscCall(TriboRegistryForgetAtFinalize(&TriboMeshGeneratorList, NULL)); // emptied at PetscFinalize()
  PetscCall(PetscFunctionListAdd(&TriboMeshGeneratorList, name, write));
  PetscCall(PetscSNPrintf(ns, sizeof(ns), "%s_", name)); // the generator's options -<name>_*
  PetscCall(TriboOptionsRegisterNamespace(ns));
  PetscFunctionReturn(0);
}

/*@
  TriboMeshGeneratorWrite - Writes the deck of a registered mesh generator.

  Collective

  Input Parameters:
+ comm - communicator; rank 0 writes the deck
. type - the generator's name (TriboMeshGeneratorRegister())
- file - the deck to write; NULL: only read and check the generator's options

  Notes:
  An unknown name is a user-input error that lists the registered names. The generators that
  ship with tribo are registered by TriboMeshGeneratorRegisterAll(), which this calls.

  Level: intermediate

.seealso: TriboMeshGeneratorRegister(), TriboMeshReadAbaqus()
@*/
PetscErrorCode TriboMeshGeneratorWrite(MPI_Comm comm, const char type[], const char file[])
{
  PetscErrorCode (*write)(MPI_Comm, const char[]) = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshGeneratorRegisterAll());
  PetscCall(TriboFunctionListFindOrError(comm, TriboMeshGeneratorList, type, "deck type", "-mesh_type", (void (**)(void)) & write));
  PetscCall(write(comm, file));
  {
    char ns[128];
    PetscCall(PetscSNPrintf(ns, sizeof(ns), "%s_", type));
    PetscCall(TriboOptionsUseNamespace(NULL, ns));
  }
  PetscFunctionReturn(0);
}
