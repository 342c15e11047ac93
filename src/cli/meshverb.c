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
+ -mesh_type lapbeam - the structure: lapbeam, a bolted lap-joint beam close to the Brake-Reuss beam
- -output lapbeam.inp - the deck to write (atomically)

  Notes:
  The -lapbeam_* options are read by TriboMeshWriteLapBeam(); a summary of the deck is printed
  unless -lapbeam_view 0 is given.

.seealso: TriboMeshWriteLapBeam(), TriboMeshReadAbaqus()
@*/
PetscErrorCode TriboVerbMesh(MPI_Comm comm, PetscBool help)
{
  char      type[64] = "lapbeam", out[PETSC_MAX_PATH_LEN] = "lapbeam.inp";
  PetscBool set;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo mesh [-mesh_type lapbeam] [-output lapbeam.inp] [-lapbeam_* options]: a parametric FE deck (Abaqus input)\n"));
  PetscOptionsBegin(comm, NULL, "Parametric finite-element deck", "tribo");
  PetscCall(PetscOptionsString("-mesh_type", "structure (lapbeam: bolted lap-joint beam close to the Brake-Reuss beam, C3D8 hexahedra)", "TriboVerbMesh", type, type, sizeof(type), NULL));
  PetscCall(PetscOptionsString("-output", "Abaqus input deck to write", "TriboVerbMesh", out, out, sizeof(out), NULL));
  PetscOptionsEnd();
  PetscCheck(!strcmp(type, "lapbeam"), comm, PETSC_ERR_USER_INPUT, "unknown deck type \"%s\" (option -mesh_type); known: lapbeam", type);
  // the summary is on by default for the program
  PetscCall(PetscOptionsHasName(NULL, NULL, "-lapbeam_view", &set));
  if (!set) PetscCall(PetscOptionsSetValue(NULL, "-lapbeam_view", "1"));
  // read and check every option first, so that a misspelt option writes nothing
  PetscCall(TriboMeshWriteLapBeam(comm, NULL));
  if (help) PetscFunctionReturn(0);
  PetscCall(TriboCheckOptionsUsed(comm, NULL));
  PetscCall(TriboMeshWriteLapBeam(comm, out));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  PetscFunctionReturn(0);
}
