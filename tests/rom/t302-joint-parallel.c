/* The joint on the built-in lap-joint model, on 1, 2 and 3 ranks:
   - after a conservative prestress the interface carries exactly the bolt load: the bolts are
     constant forces (no axial bolt stiffness), so sum_p w_p t_n,p = nbolts * T (3 x 12249 N);
   - at a state where points stick, slip and separate, the assembled tangent d f_nl / dx matches
     central finite differences of the assembled force (this checks P = kron(Q,I3) L,
     W = L^T kron(T,I3), the partition of the points over ranks and the sums);
   - the force is identical on every rank (deterministic reduction) and, across runs on 1, 2, 3
     ranks, the printed check results are the same. */
#include <tribo.h>

int main(int argc, char **argv)
{
  TriboROM         rom;
  TriboLaw         law;
  TriboJoint       joint;
  TriboPrestress   ps;
  PetscReal       *x, *f, *fp, *fm, *J, fn = 0, err = 0, jmax = 0;
  PetscReal       *pu = NULL, *pt = NULL;
  const PetscReal *us;
  PetscMPIInt      rank;
  PetscInt         n, npts, nslip = 0, nsep = 0;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(TriboModelLapFrame(PETSC_COMM_WORLD, &rom));
  n    = rom->n;
  npts = rom->iface->npts;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWEDF));
  PetscCall(TriboLawSetParameter(law, "kt", 5.0e13));
  PetscCall(TriboLawSetParameter(law, "kn", 5.0e11));
  PetscCall(TriboLawSetParameter(law, "mu", 0.3));
  PetscCall(TriboJointCreate(rom->comm, &joint));
  PetscCall(TriboJointSetROM(joint, rom));
  PetscCall(TriboJointSetLaw(joint, law));
  PetscCall(TriboJointSetUp(joint));
  PetscCall(TriboPrestressCreate(PETSC_COMM_WORLD, &ps));
  PetscCall(TriboPrestressSetJoint(ps, joint));
  PetscCall(TriboPrestressSolve(ps));
  PetscCall(TriboPrestressGetSolution(ps, &us, NULL));
  if (!rank) PetscCall(PetscMalloc2(3 * npts, &pu, 3 * npts, &pt));
  PetscCall(TriboJointGatherPointFields(joint, pu, pt));
  if (!rank)
    for (PetscInt p = 0; p < npts; p++) fn += rom->iface->pw[p] * pt[3 * p + 2];
  PetscCallMPI(MPI_Bcast(&fn, 1, MPIU_REAL, 0, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "interface normal force %.10e N\n", (double)fn));

  // a state with stick, slip and separation: prestress plus a twisting/opening perturbation
  PetscCall(PetscMalloc5(n, &x, n, &f, n, &fp, n, &fm, n * n, &J));
  for (PetscInt i = 0; i < n; i++) x[i] = us[i] + 2e-5 * PetscSinReal(0.7 * i + 0.3);
  PetscCall(PetscArrayzero(J, n * n));
  PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, x, f, J));
  PetscCall(TriboJointGatherPointFields(joint, pu, pt));
  if (!rank)
    for (PetscInt p = 0; p < npts; p++) {
      PetscReal tt = PetscSqrtReal(pt[3 * p] * pt[3 * p] + pt[3 * p + 1] * pt[3 * p + 1]);
      if (pt[3 * p + 2] <= 0)
        nsep++;
      else if (tt >= 0.3 * pt[3 * p + 2] * (1 - 1e-12))
        nslip++;
    }
  for (PetscInt j = 0; j < n * n; j++) jmax = PetscMax(jmax, PetscAbsReal(J[j]));
  for (PetscInt j = 0; j < n; j++) {
    PetscReal h = 1e-11, xj = x[j];
    x[j] = xj + h;
    PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, x, fp, NULL));
    x[j] = xj - h;
    PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, x, fm, NULL));
    x[j] = xj;
    for (PetscInt i = 0; i < n; i++) err = PetscMax(err, PetscAbsReal((fp[i] - fm[i]) / (2 * h) - J[i + j * n]));
  }
  {
    PetscReal fmax = 0, fmin = 0, v;
    for (PetscInt i = 0; i < n; i++) v = f[i] * f[i], fmax += v; // identical on all ranks?
    fmin = fmax;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &fmax, 1, MPIU_REAL, MPI_MAX, PETSC_COMM_WORLD));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &fmin, 1, MPIU_REAL, MPI_MIN, PETSC_COMM_WORLD));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "force identical on all ranks: %s\n", fmax == fmin ? "yes" : "NO"));
  }
  PetscCallMPI(MPI_Bcast(&nslip, 1, MPIU_INT, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Bcast(&nsep, 1, MPIU_INT, 0, PETSC_COMM_WORLD));
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "state has slipping points: %s, separated points: %s\n", nslip > 0 ? "yes" : "no", nsep > 0 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tangent matches finite differences: %s\n", err <= 1e-6 * jmax ? "yes" : "NO"));
  if (err > 1e-6 * jmax) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  max error %g of max entry %g\n", (double)err, (double)jmax));
  PetscCall(PetscFree5(x, f, fp, fm, J));
  if (!rank) PetscCall(PetscFree2(pu, pt));
  PetscCall(TriboPrestressDestroy(&ps));
  PetscCall(TriboJointDestroy(&joint));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t302-joint-parallel.out
    rtol: 1e-6
TEST*/
