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
  A generator reads its options with the prefix "<name>_" in a PetscOptionsBegin() block, with
  units and defaults, and prints a summary of the deck when -<name>_view is set (tribo mesh sets
  it by default). Registering a name again replaces its generator.

  Level: advanced

.seealso: TriboMeshGeneratorRegisterAll(), TriboMeshGeneratorWrite(), TriboMeshWriteLapBeam()
@*/
PetscErrorCode TriboMeshGeneratorRegister(const char name[], PetscErrorCode (*write)(MPI_Comm, const char[]))
{
  PetscFunctionBeginUser;
  PetscCall(PetscFunctionListAdd(&TriboMeshGeneratorList, name, write));
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
  PetscCall(PetscFunctionListFind(TriboMeshGeneratorList, type, &write));
  if (!write) {
    char names[512];
    PetscCall(KnownNames_Private(TriboMeshGeneratorList, names, sizeof(names)));
    SETERRQ(comm, PETSC_ERR_USER_INPUT, "unknown deck type \"%s\" (option -mesh_type); known: %s", type, names);
  }
  PetscCall(write(comm, file));
  PetscFunctionReturn(0);
}
