/* The one-DOF test structure of the tests/nma drivers: mass m, spring k to ground, and one
   interface point of area A whose t1 relative displacement is the DOF (Q = 1, T = A, L = e1), so
   that m x'' + k x + A t(x) = 0 with the interface law t. */
#pragma once
#include <tribo.h>

static PetscErrorCode OneDOFROM_Private(PetscReal m, PetscReal k, PetscReal A, const char name[], TriboROM *rom)
{
  TriboInterface f;
  Mat            mats[5];

  PetscFunctionBeginUser;
  PetscCall(TriboROMCreate(PETSC_COMM_WORLD, rom));
  PetscCall(TriboROMSetSizes(*rom, 1, 0));
  PetscCall(MatSetValue((*rom)->M, 0, 0, m, INSERT_VALUES));
  PetscCall(MatSetValue((*rom)->K, 0, 0, k, INSERT_VALUES));
  PetscCall(TriboInterfaceCreate(&f));
  f->nnodes = f->npts = 1;
  PetscCall(PetscCalloc1(3, &f->xyz));
  PetscCall(PetscCalloc1(3, &f->pxyz));
  PetscCall(PetscMalloc1(1, &f->pw));
  PetscCall(PetscMalloc1(1, &f->pelem));
  f->pw[0]    = A;
  f->pelem[0] = -1;
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 1, 1, 1, NULL, &f->Q));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 1, 1, 1, NULL, &f->T));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 3, 1, 1, NULL, &f->L));
  PetscCall(MatSetValue(f->Q, 0, 0, 1.0, INSERT_VALUES));
  PetscCall(MatSetValue(f->T, 0, 0, A, INSERT_VALUES));
  PetscCall(MatSetValue(f->L, 0, 0, 1.0, INSERT_VALUES)); // the DOF is the t1 relative displacement
  mats[0] = (*rom)->M, mats[1] = (*rom)->K, mats[2] = f->Q, mats[3] = f->T, mats[4] = f->L;
  for (int i = 0; i < 5; i++) {
    PetscCall(MatAssemblyBegin(mats[i], MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(mats[i], MAT_FINAL_ASSEMBLY));
  }
  (*rom)->iface = f;
  PetscCall(TriboROMCheck(*rom, name));
  PetscFunctionReturn(0);
}

/* The analyses of a test structure with a law, owned together */
typedef struct {
  TriboROM       rom;
  TriboLaw       law;
  TriboJoint     joint;
  TriboPrestress ps;
  TriboModal     modal;
  TriboNMA       nma;
} OneDOFRun;

/* The joint of rom and law, the prestress without bolt load, every linear mode (no rigid cutoff) and a
   nonlinear modal analysis of elastic mode 1 set up on them; the run takes rom and law over */
static inline PetscErrorCode OneDOFRunSetUp_Private(TriboROM rom, TriboLaw law, OneDOFRun *r)
{
  const PetscReal *us;

  PetscFunctionBeginUser;
  r->rom = rom, r->law = law;
  PetscCall(TriboJointCreate(rom->comm, &r->joint));
  PetscCall(TriboJointSetROM(r->joint, rom));
  PetscCall(TriboJointSetLaw(r->joint, law));
  PetscCall(TriboJointSetUp(r->joint));
  PetscCall(TriboPrestressCreate(rom->comm, &r->ps));
  PetscCall(TriboPrestressSetJoint(r->ps, r->joint));
  PetscCall(TriboPrestressSetTension(r->ps, 0.0));
  PetscCall(TriboPrestressSolve(r->ps));
  PetscCall(TriboPrestressGetSolution(r->ps, &us, NULL));
  PetscCall(TriboModalCreate(rom->comm, &r->modal));
  PetscCall(TriboModalSetJoint(r->modal, r->joint));
  PetscCall(TriboModalSetState(r->modal, us));
  PetscCall(TriboModalSetRigidCutoff(r->modal, 0.0));
  PetscCall(TriboModalSetComputeAll(r->modal, PETSC_TRUE));
  PetscCall(TriboModalSolve(r->modal));
  PetscCall(TriboNMACreate(rom->comm, &r->nma));
  PetscCall(TriboNMASetJoint(r->nma, r->joint));
  PetscCall(TriboNMASetPrestress(r->nma, r->ps));
  PetscCall(TriboNMASetModal(r->nma, r->modal));
  PetscFunctionReturn(0);
}

static inline PetscErrorCode OneDOFRunDestroy_Private(OneDOFRun *r)
{
  PetscFunctionBeginUser;
  PetscCall(TriboNMADestroy(&r->nma));
  PetscCall(TriboModalDestroy(&r->modal));
  PetscCall(TriboPrestressDestroy(&r->ps));
  PetscCall(TriboJointDestroy(&r->joint));
  PetscCall(TriboLawDestroy(&r->law));
  PetscCall(TriboROMDestroy(&r->rom));
  PetscFunctionReturn(0);
}
