/* Second-stage condensation of a ROM (TriboROMCondense) on the built-in lap-joint model:
   - it is exact in statics: the prestressed interface displacements (u_n at every point) of the
     condensed ROM equal those of the full ROM;
   - keeping every mode of the non-interface part, the linearized frequencies are unchanged;
   - keeping a few modes, each frequency is an upper bound of the full one (Rayleigh-Ritz) and the
     first elastic modes stay within 0.1 %. */
#include <tribo.h>

static PetscErrorCode Run(PetscInt m, PetscInt *nout, PetscReal fz[], PetscReal *un, PetscInt *nrig)
{
  TriboROM         rom;
  TriboLaw         law;
  TriboJoint       joint;
  TriboPrestress   ps;
  TriboModal       modal;
  PetscMPIInt      rank;
  PetscReal       *pu = NULL;
  const PetscReal *us;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(TriboModelLapFrame(PETSC_COMM_WORLD, &rom));
  if (m >= 0) PetscCall(TriboROMCondense(rom, m));
  *nout = rom->n;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWEDF));
  PetscCall(TriboLawSetParameter(law, "kt", 5.0e13));
  PetscCall(TriboLawSetParameter(law, "kn", 5.0e11));
  PetscCall(TriboJointCreate(rom->comm, &joint));
  PetscCall(TriboJointSetROM(joint, rom));
  PetscCall(TriboJointSetLaw(joint, law));
  PetscCall(TriboJointSetUp(joint));
  PetscCall(TriboPrestressCreate(PETSC_COMM_WORLD, &ps));
  PetscCall(TriboPrestressSetJoint(ps, joint));
  PetscCall(TriboPrestressSolve(ps));
  PetscCall(TriboPrestressGetSolution(ps, &us, NULL));
  if (!rank) PetscCall(PetscMalloc1(3 * rom->iface->npts, &pu));
  PetscCall(TriboJointGatherPointFields(joint, pu, NULL));
  if (!rank)
    for (PetscInt p = 0; p < rom->iface->npts; p++) un[p] = pu[3 * p + 2];
  PetscCall(PetscFree(pu));
  PetscCall(TriboModalCreate(PETSC_COMM_WORLD, &modal));
  PetscCall(TriboModalSetJoint(modal, joint));
  PetscCall(TriboModalSetState(modal, us));
  PetscCall(TriboModalSetRigidCutoff(modal, 20.0));
  PetscCall(TriboModalSetComputeAll(modal, PETSC_TRUE));
  PetscCall(TriboModalSolve(modal));
  PetscCall(TriboModalGetNumberRigid(modal, nrig));
  for (PetscInt k = 0; k < 6; k++) {
    PetscReal w2;
    PetscCall(TriboModalGetElasticMode(modal, k + 1, &w2, NULL));
    fz[k] = PetscSqrtReal(w2) / (2 * PETSC_PI);
  }
  PetscCall(TriboModalDestroy(&modal));
  PetscCall(TriboPrestressDestroy(&ps));
  PetscCall(TriboJointDestroy(&joint));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboROMDestroy(&rom));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal f0[6], fa[6], fm[6], u0[4096], ua[4096], um[4096], du = 0, umax = 0, dfa = 0, dfm = 0;
  PetscInt  n0, na, nm, r0, ra, rm, npts = 192;
  PetscBool upper = PETSC_TRUE;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(Run(-1, &n0, f0, u0, &r0));
  PetscCall(Run(1000000, &na, fa, ua, &ra)); // capped below to the number of non-interface DOFs
  PetscCall(Run(12, &nm, fm, um, &rm));
  for (PetscInt p = 0; p < npts; p++) {
    umax = PetscMax(umax, PetscAbsReal(u0[p]));
    du   = PetscMax(du, PetscMax(PetscAbsReal(ua[p] - u0[p]), PetscAbsReal(um[p] - u0[p])));
  }
  for (PetscInt k = 0; k < 6; k++) {
    dfa = PetscMax(dfa, PetscAbsReal(fa[k] - f0[k]) / f0[k]);
    if (k < 3) dfm = PetscMax(dfm, (fm[k] - f0[k]) / f0[k]);
    if (fm[k] < f0[k] * (1 - 1e-10)) upper = PETSC_FALSE;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "DOFs full %" PetscInt_FMT ", all modes kept %s, 12 modes kept %" PetscInt_FMT "\n", n0,
                        na == n0 ? "same" : "DIFFERENT", nm));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "prestress interface u_n equal (all and 12 modes): %s\n", du <= 1e-9 * umax ? "yes" : "NO"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "all modes kept, frequencies equal: %s\n", dfa <= 1e-8 ? "yes" : "NO"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "12 modes kept, frequencies are upper bounds: %s, first 3 within 0.1 %%: %s\n", upper ? "yes" : "NO",
                        dfm <= 1e-3 ? "yes" : "NO"));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t303-condense.out
TEST*/
