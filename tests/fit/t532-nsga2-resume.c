static char help[] =
    "NSGA-II checkpoint: a run stopped after generation 12 and resumed from its checkpoint equals an uninterrupted run; bad bounds are an error.\n";

/* ZDT2 with 10 variables, population 24, 30 generations, union of the last 10, seed 5, crowding in parameter space.
   Run A: uninterrupted. Run B: -nsga_stop_generation 12 with a checkpoint (as if killed after generation 12),
   then run C resumes from the file: C's front and last population must equal A's exactly (max difference 0), and
   the evaluations must add up (A's count equals C's: the checkpoint carries the count). The checkpoint is read back
   (write-read-compare: its /nsga2/x equals C's last population). On 1 and 2 ranks, the front (its size and the sum of its
   objectives, printed to 16 digits and compared exactly) is the same: rank invariance for a fixed seed. Bounds in the wrong order
   (lower 1 > upper 0) must be refused with an error naming the variable. */
#define _POSIX_C_SOURCE 200809L // mkdtemp
#include <tribofit.h>
#include <stdlib.h>
#include <unistd.h>

static PetscErrorCode Objective(void *ctx, const PetscReal x[], PetscReal f[], PetscReal *pen)
{
  PetscReal g = 0;

  for (PetscInt i = 1; i < 10; i++) g += x[i];
  g    = 1 + 9 * g / 9;
  f[0] = x[0];
  f[1] = g * (1 - (x[0] / g) * (x[0] / g));
  *pen = 0;
  return 0;
}

static PetscErrorCode Run(const char file[], PetscBool resume, PetscInt stop, TriboNSGA2 *n)
{
  PetscReal lo[10] = {0}, hi[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};

  PetscFunctionBeginUser;
  PetscCall(TriboNSGA2Create(PETSC_COMM_WORLD, n));
  PetscCall(TriboNSGA2SetProblem(*n, 10, 2, lo, hi, Objective, NULL));
  PetscCall(TriboNSGA2SetSizes(*n, 24, 30));
  PetscCall(TriboNSGA2SetSeed(*n, 5));
  PetscCall(TriboNSGA2SetUnion(*n, 10));
  PetscCall(TriboNSGA2SetFromOptions(*n));
  if (file) PetscCall(TriboNSGA2SetCheckpoint(*n, file, resume));
  PetscCall(TriboNSGA2SetStopGeneration(*n, stop));
  PetscCall(TriboNSGA2Solve(*n));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboNSGA2       a, b, c;
  TriboH5          h;
  char             dir[PETSC_MAX_PATH_LEN] = "", file[PETSC_MAX_PATH_LEN];
  PetscMPIInt      rank;
  PetscInt         na, nc, npa, npc, ea, ec, nd, dims[3];
  const PetscReal *xa, *fa, *xc, *fc, *pxa, *pxc;
  PetscReal        dmax = 0, pmax = 0, wmax = 0, *xf, lo[1] = {1}, hi[1] = {0};
  PetscErrorCode   ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    PetscCall(PetscStrcpy(dir, "/tmp/t532-XXXXXX"));
    PetscCheck(mkdtemp(dir), PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot create a temporary folder");
  }
  PetscCallMPI(MPI_Bcast(dir, sizeof(dir), MPI_CHAR, 0, PETSC_COMM_WORLD));
  PetscCall(PetscSNPrintf(file, sizeof(file), "%s/nsga.h5", dir));
  PetscCall(Run(NULL, PETSC_FALSE, -1, &a));
  PetscCall(Run(file, PETSC_FALSE, 12, &b));
  PetscCall(Run(file, PETSC_TRUE, -1, &c));
  PetscCall(TriboNSGA2GetFront(a, &na, &xa, &fa));
  PetscCall(TriboNSGA2GetFront(c, &nc, &xc, &fc));
  PetscCall(TriboNSGA2GetPopulation(a, &npa, &pxa, NULL));
  PetscCall(TriboNSGA2GetPopulation(c, &npc, &pxc, NULL));
  PetscCall(TriboNSGA2GetEvaluations(a, &ea, NULL));
  PetscCall(TriboNSGA2GetEvaluations(c, &ec, NULL));
  if (na == nc)
    for (PetscInt i = 0; i < 10 * na; i++) dmax = PetscMax(dmax, PetscAbsReal(xa[i] - xc[i]));
  else
    dmax = 1;
  for (PetscInt i = 0; i < 10 * npa; i++) pmax = PetscMax(pmax, PetscAbsReal(pxa[i] - pxc[i]));
  PetscCall(TriboH5Open(PETSC_COMM_WORLD, file, &h));
  PetscCall(TriboH5ReadReal(h, "/nsga2/x", &nd, dims, &xf));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCheck(nd == 2 && dims[0] == 24 && dims[1] == 10, PETSC_COMM_SELF, PETSC_ERR_PLIB, "wrong shape of /nsga2/x");
  for (PetscInt i = 0; i < 240; i++) wmax = PetscMax(wmax, PetscAbsReal(xf[i] - pxc[i]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "front members: uninterrupted %s resumed; max |difference| of their parameters %g, of the last populations %g\n",
                        na == nc ? "as many as" : "NOT as many as", (double)dmax, (double)pmax));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "evaluations: uninterrupted %" PetscInt_FMT ", resumed %" PetscInt_FMT "; max |checkpoint - population| %g\n", ea, ec,
                        (double)wmax));
  {
    PetscReal sum = 0;
    for (PetscInt i = 0; i < 2 * na; i++) sum += fa[i];
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "front of %" PetscInt_FMT " members, sum of its objectives %.15e (the same on 1 and 2 ranks)\n", na,
                          (double)sum));
  }
  PetscCall(PetscFree(xf));
  PetscCall(TriboNSGA2Destroy(&a));
  PetscCall(TriboNSGA2Destroy(&b));
  PetscCall(TriboNSGA2Destroy(&c));
  PetscCall(TriboNSGA2Create(PETSC_COMM_WORLD, &a));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboNSGA2SetProblem(a, 1, 2, lo, hi, Objective, NULL);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bounds in the wrong order: %s\n", ierr == PETSC_ERR_USER_INPUT ? "refused" : "ACCEPTED"));
  PetscCall(TriboNSGA2Destroy(&a));
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
    args: -nsga_crowding parameter
    rtol: 0
    atol: 0
TEST*/
