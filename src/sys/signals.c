/* Stopping long runs cleanly: SLURM sends SIGUSR1 (sbatch --signal) before a time limit and
   SIGTERM on preemption, scancel or requeue; a signal only raises a flag here, and the loops that
   keep a checkpoint (TriboContSolve()) look at it between points, save, and stop with a message. */
#define _POSIX_C_SOURCE 200809L // sigaction
#include <tribosys.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t caught = 0, armed = 0;

// outside a checkpointing loop a signal does what it always does: ends the program
static void Handler_Private(int sig)
{
  if (!armed) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  caught = sig;
}

/*@
  TriboSignalArm - A loop that saves a checkpoint and stops on TriboSignalCheck() arms the handler
  while it runs; outside armed loops SIGTERM and SIGUSR1 end the program as usual.

  Not collective

  Input Parameter:
. on - PETSC_TRUE when the loop starts, PETSC_FALSE when it ends (calls nest)
@*/
PetscErrorCode TriboSignalArm(PetscBool on)
{
  PetscFunctionBeginUser;
  armed = armed + (on ? 1 : -1);
  PetscFunctionReturn(0);
}

/*@
  TriboSignalCatch - Catches SIGTERM and SIGUSR1 (replacing PETSc's handlers, which abort): a
  signal only sets a flag that TriboSignalCheck() reports.

  Not collective

  Notes:
  Called by the tribo program after PetscInitialize(). The flag is raised only while a
  checkpointing loop runs (TriboSignalArm()); otherwise the signal ends the program as by default.

.seealso: TriboSignalCheck(), TriboContSolve()
@*/
PetscErrorCode TriboSignalCatch(void)
{
  struct sigaction sa;

  PetscFunctionBeginUser;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = Handler_Private;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  PetscCheck(!sigaction(SIGTERM, &sa, NULL) && !sigaction(SIGUSR1, &sa, NULL), PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot catch SIGTERM and SIGUSR1");
  PetscFunctionReturn(0);
}

/*@
  TriboSignalCheck - Whether any rank of comm caught SIGTERM or SIGUSR1 (TriboSignalCatch()).

  Collective

  Input Parameter:
. comm - the ranks that must stop together

  Output Parameters:
+ sig  - the signal (the largest number caught by any rank), 0 if none
- name - its name ("SIGTERM", "SIGUSR1"), or NULL

  Notes:
  Every rank gets the same answer (a reduction), so that all ranks stop after the same point even
  when the signal reaches them at different times.
@*/
PetscErrorCode TriboSignalCheck(MPI_Comm comm, int *sig, const char **name)
{
  int mine = (int)caught;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Allreduce(&mine, sig, 1, MPI_INT, MPI_MAX, comm));
  if (name) *name = *sig == SIGTERM ? "SIGTERM" : (*sig == SIGUSR1 ? "SIGUSR1" : (*sig ? "a signal" : NULL));
  PetscFunctionReturn(0);
}
