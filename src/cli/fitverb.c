#include <tribocli.h>

PetscErrorCode TriboVerbFit(MPI_Comm comm, PetscBool help)
{
  PetscFunctionBeginUser;
  SETERRQ(comm, PETSC_ERR_SUP, "tribo fit: not yet");
}
