/* Stopping long runs cleanly: SLURM sends SIGUSR1 (sbatch --signal) before a time limit and
   SIGTERM on preemption, scancel or requeue; a signal only raises a flag here, and the loops that
   keep a checkpoint (TriboContSolve()) look at it between points, save, and stop with a message. */
#define _POSIX_C_SOURCE 200809L // sigaction
#include <tribosys.h>
#include <signal.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

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

/* Reading a damaged file can crash a library inside a call we cannot check beforehand (libhdf5's global heap of
   variable-length strings, found by tests/fuzz: a memcpy out of range in H5HG_read()). Around such calls a handler
   of SIGSEGV, SIGBUS and SIGFPE prints one line naming the file and what was read, and exits 1, instead of PETSc's
   trace and MPI_Abort. */
static char             guard_cmd[96] = "tribo", guard_msg[1024];
static size_t           guard_len;
static int              guard_depth;
static struct sigaction guard_old[3];
static const int        guard_sig[3] = {SIGSEGV, SIGBUS, SIGFPE};

static void GuardHandler_Private(int sig)
{
  ssize_t w = write(STDERR_FILENO, guard_msg, guard_len);
  (void)w;
  (void)sig;
  _exit(1);
}

/*@C
  TriboSetCommandName - The name errors begin with, "tribo VERB" (set by the program before the verb runs).

  Not collective
@*/
void TriboSetCommandName(const char name[])
{
  snprintf(guard_cmd, sizeof(guard_cmd), "%s", name);
}

/*@C
  TriboCrashGuardPush - From here to TriboCrashGuardPop(), a crash (SIGSEGV, SIGBUS, SIGFPE) ends the program with
  one line "tribo VERB: error: FILE: WHAT: reading it crashed the file library (...)" and exit status 1.

  Not collective

  Input Parameters:
+ file - the file being read
- what - the dataset, attribute or variable

  Notes:
  Calls nest; the outermost names the file. For calls into libraries that trust a file's internal structure (HDF5,
  matio): what they read is checked by tribo after the call, but a damaged heap can crash the call itself.
@*/
PetscErrorCode TriboCrashGuardPush(const char file[], const char what[])
{
  PetscFunctionBeginUser;
  if (guard_depth++ == 0) {
    struct sigaction sa;
    snprintf(guard_msg, sizeof(guard_msg),
             "%s: error: %s: %s: reading it crashed the file library: the file is damaged (h5dump or matio's tools show where)\n", guard_cmd, file,
             what);
    guard_len = PetscGlobalRank ? 0 : strlen(guard_msg); // every rank reads the file: the first speaks
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = GuardHandler_Private;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; i++) sigaction(guard_sig[i], &sa, &guard_old[i]);
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboCrashGuardPop - Ends the region of TriboCrashGuardPush(): the previous handlers (PETSc's) again.

  Not collective
@*/
PetscErrorCode TriboCrashGuardPop(void)
{
  PetscFunctionBeginUser;
  if (guard_depth > 0 && --guard_depth == 0)
    for (int i = 0; i < 3; i++) sigaction(guard_sig[i], &guard_old[i], NULL);
  PetscFunctionReturn(0);
}
