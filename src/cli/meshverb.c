#include <tribocli.h>
#include <tribofe.h>

/*@
  TriboVerbMesh - tribo mesh: writes a parametric finite-element deck (Abaqus input) that tribo's
  deck reader and Craig-Bampton reduction process, so that a jointed structure can be reduced
  without third-party files.

  Collective

  Input Parameters:
+ comm - communicator; rank 0 writes the deck
- help - PETSC_TRUE: print the usage and the options with their defaults and units, write nothing

  Options Database Keys:
+ -mesh_type lapbeam  - the structure, from the gallery of mesh generators (TriboMeshGeneratorRegister());
                        lapbeam: a bolted lap-joint beam close to the Brake-Reuss beam
- -output <type>.inp  - the deck to write (atomically)

  Notes:
  The generator reads its own options (-lapbeam_* for lapbeam, see TriboMeshWriteLapBeam()) and
  prints a summary of the deck unless -<type>_view 0 is given. Every option is read and checked
  before anything is written.

.seealso: TriboMeshGeneratorWrite(), TriboMeshWriteLapBeam(), TriboMeshReadAbaqus()
@*/
PetscErrorCode TriboVerbMesh(MPI_Comm comm, PetscBool help)
{
  char      type[64] = TRIBOMESHLAPBEAM, out[PETSC_MAX_PATH_LEN], view[96];
  PetscBool set;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo mesh [-mesh_type lapbeam] [-output lapbeam.inp] [-lapbeam_* options]: a parametric FE deck (Abaqus input)\n"));
  PetscCall(TriboMeshGeneratorRegisterAll());
  TriboOptionsBegin(comm, NULL, "Parametric finite-element deck", "tribo");
  PetscCall(PetscOptionsFList("-mesh_type", "structure (lapbeam: bolted lap-joint beam close to the Brake-Reuss beam, C3D8 hexahedra)",
                              "TriboMeshGeneratorRegister", TriboMeshGeneratorList, type, type, sizeof(type), NULL));
  PetscCall(PetscSNPrintf(out, sizeof(out), "%s.inp", type));
  PetscCall(PetscOptionsString("-output", "Abaqus input deck to write", "TriboVerbMesh", out, out, sizeof(out), NULL));
  TriboOptionsEnd();
  // the summary is on by default for the program
  PetscCall(PetscSNPrintf(view, sizeof(view), "-%s_view", type));
  PetscCall(PetscOptionsHasName(NULL, NULL, view, &set));
  if (!set) PetscCall(PetscOptionsSetValue(NULL, view, "1"));
  // read and check every option first, so that a misspelt option writes nothing
  PetscCall(TriboMeshGeneratorWrite(comm, type, NULL));
  if (help) PetscFunctionReturn(0);
  PetscCall(TriboCheckOptionsUsed(comm, NULL));
  PetscCall(TriboMeshGeneratorWrite(comm, type, out));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  PetscFunctionReturn(0);
}
