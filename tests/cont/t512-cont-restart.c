static char help[] = "TriboCont: a branch of x^3 - x - p = 0 stopped after 8 steps and restarted from its file equals an uninterrupted one.\n";

#define _POSIX_C_SOURCE 200809L // mkdtemp
#include <tribocont.h>
#include <stdlib.h>
#include <unistd.h>

static PetscErrorCode Residual(void *ctx, const PetscReal X[], PetscReal R[])
{
  R[0] = X[0] * X[0] * X[0] - X[0] - X[1];
  return 0;
}

static PetscErrorCode Jacobian(void *ctx, const PetscReal X[], PetscReal J[])
{
  J[0] = 3 * X[0] * X[0] - 1;
  J[1] = -1;
  return 0;
}

// Trace max_steps steps (restarting from file when restart), return the object
static PetscErrorCode Trace(PetscInt max_steps, const char file[], PetscBool restart, TriboCont *c)
{
  PetscReal X0[2] = {-1.5, -1.9};

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsSetValue(NULL, "-cont_restart", restart ? "1" : "0"));
  PetscCall(TriboContCreate(PETSC_COMM_WORLD, c));
  PetscCall(TriboContSetFunction(*c, 2, Residual, Jacobian, NULL));
  PetscCall(TriboContSetMaxSteps(*c, max_steps));
  if (file) PetscCall(TriboContSetOutput(*c, file));
  PetscCall(TriboContSetFromOptions(*c));
  PetscCall(TriboContSolve(*c, X0));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboCont        a, b, r;
  TriboH5          h;
  PetscInt         na, nb, nr, nfa, nfr, nd, dims[3];
  const PetscReal *Xa, *Xb, *Xr, *Fa, *Fr;
  PetscReal       *Xf, dmax = 0, fmax = 0, wmax = 0;
  char             dir[PETSC_MAX_PATH_LEN] = "", file[PETSC_MAX_PATH_LEN];
  PetscMPIInt      rank;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    PetscCall(PetscStrcpy(dir, "/tmp/t512-XXXXXX"));
    PetscCheck(mkdtemp(dir), PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot create a temporary folder");
  }
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCall(PetscSNPrintf(file, sizeof(file), "%s/branch.h5", dir));
  PetscCall(Trace(30, NULL, PETSC_FALSE, &a));
  PetscCall(Trace(8, file, PETSC_FALSE, &b));
  PetscCall(TriboContGetBranch(b, &nb, &Xb));
  PetscCall(Trace(30, file, PETSC_TRUE, &r));
  PetscCall(TriboContGetBranch(a, &na, &Xa));
  PetscCall(TriboContGetBranch(r, &nr, &Xr));
  PetscCall(TriboContGetFolds(a, &nfa, &Fa));
  PetscCall(TriboContGetFolds(r, &nfr, &Fr));
  for (PetscInt i = 0; i < 2 * PetscMin(na, nr); i++) dmax = PetscMax(dmax, PetscAbsReal(Xa[i] - Xr[i]));
  for (PetscInt i = 0; i < 2 * PetscMin(nfa, nfr); i++) fmax = PetscMax(fmax, PetscAbsReal(Fa[i] - Fr[i]));
  // the file holds the restarted branch (write-read-compare)
  PetscCall(TriboH5Open(PETSC_COMM_WORLD, file, &h));
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_X, &nd, dims, &Xf));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCheck(nd == 2 && dims[0] == nr && dims[1] == 2, PETSC_COMM_SELF, PETSC_ERR_PLIB, "wrong shape of /cont/X");
  for (PetscInt i = 0; i < 2 * nr; i++) wmax = PetscMax(wmax, PetscAbsReal(Xf[i] - Xr[i]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "first run %" PetscInt_FMT " points, restarted %" PetscInt_FMT ", uninterrupted %" PetscInt_FMT "\n", nb,
                        nr, na));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "max |restarted - uninterrupted| %g, folds %" PetscInt_FMT " and %" PetscInt_FMT " differ by %g\n",
                        (double)dmax, nfr, nfa, (double)fmax));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "max |file - branch| %g\n", (double)wmax));
  PetscCall(PetscFree(Xf));
  PetscCall(TriboContDestroy(&a));
  PetscCall(TriboContDestroy(&b));
  PetscCall(TriboContDestroy(&r));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  if (!rank) {
    remove(file);
    rmdir(dir);
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -cont_ds 0.05 -cont_ds_min 1e-4 -cont_ds_max 0.2 -cont_atol 1e-13
    rtol: 0
    atol: 1e-12
TEST*/
