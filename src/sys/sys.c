#include <tribosys.h>

/*@
  TriboSumAll - Sums an array over all ranks so that every rank gets bitwise identical values.

  Collective

  Input Parameters:
+ comm - the communicator
. n    - number of entries
- a    - the local contributions, replaced by the sums

  Notes:
  MPI_Allreduce need not give the same bits on every rank; tribo's Newton solvers run redundantly
  on every rank and must take the same branches, so we reduce to rank 0 and broadcast.
@*/
PetscErrorCode TriboSumAll(MPI_Comm comm, PetscInt n, PetscReal *a)
{
  PetscMPIInt size, rank, cnt;
  PetscReal  *buf = NULL;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  if (size == 1 || n == 0) PetscFunctionReturn(0);
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscMPIIntCast(n, &cnt));
  if (rank == 0) PetscCall(PetscMalloc1(n, &buf));
  PetscCallMPI(MPI_Reduce(a, buf, cnt, MPIU_REAL, MPI_SUM, 0, comm));
  if (rank == 0) {
    PetscCall(PetscArraycpy(a, buf, n));
    PetscCall(PetscFree(buf));
  }
  PetscCallMPI(MPI_Bcast(a, cnt, MPIU_REAL, 0, comm));
  PetscFunctionReturn(0);
}
