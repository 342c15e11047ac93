/* Prestress of two blocks pressed together by a bolt, against the hand solution.

   Two blocks move vertically (z1 top, z2 bottom), each on a spring ks to ground; they touch
   over one quadrilateral interface element of area A (4 quadrature points) with the elastic dry
   friction law (penalty normal stiffness kn per unit area). The relative normal displacement is
   u_n = z2 - z1 (> 0: interpenetration); the bolt pulls the top block down and the bottom block
   up with tension T: Fv = (-1, +1). By symmetry z2 = -z1 = z and
     ks z + kn A (2 z) = T  =>  z = T / (ks + 2 kn A),  N = 2 kn A z = 2 kn A T / (ks + 2 kn A).
   Then the linearized modes about the prestress: omega^2 = ks/m (in phase) and
   (ks + 2 kn A)/m (blocks against each other). Run on 1, 2, 3 ranks (the 4 points split). */
#include <tribo.h>

int main(int argc, char **argv)
{
  TriboROM         rom;
  TriboInterface   f;
  TriboLaw         law;
  TriboJoint       joint;
  TriboPrestress   ps;
  TriboModal       modal;
  const PetscReal *us, *omega2;
  PetscReal        ks = 2.0e6, m = 0.5, a = 0.01, kn = 1.0e12, T = 1000.0;
  PetscReal        xyz[12] = {0, 0, 0, a, 0, 0, a, a, 0, 0, a, 0};
  PetscInt         el[4]   = {0, 1, 2, 3};
  PetscBool        cons    = PETSC_TRUE;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-conservative", &cons, NULL));
  PetscCall(TriboROMCreate(PETSC_COMM_WORLD, &rom));
  PetscCall(TriboROMSetSizes(rom, 2, 0));
  for (PetscInt i = 0; i < 2; i++) {
    PetscCall(MatSetValue(rom->M, i, i, m, INSERT_VALUES));
    PetscCall(MatSetValue(rom->K, i, i, ks, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(rom->M, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(rom->M, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyBegin(rom->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(rom->K, MAT_FINAL_ASSEMBLY));
  PetscCall(VecSetValue(rom->Fv, 0, -1.0, INSERT_VALUES));
  PetscCall(VecSetValue(rom->Fv, 1, 1.0, INSERT_VALUES));
  PetscCall(VecAssemblyBegin(rom->Fv));
  PetscCall(VecAssemblyEnd(rom->Fv));
  PetscCall(TriboInterfaceCreate(&f));
  f->nnodes = 4;
  f->nelem  = 1;
  PetscCall(PetscMalloc1(12, &f->xyz));
  PetscCall(PetscMalloc1(4, &f->elem));
  PetscCall(PetscArraycpy(f->xyz, xyz, 12));
  PetscCall(PetscArraycpy(f->elem, el, 4));
  PetscCall(TriboInterfaceSetUpQuadrature(f));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 12, 2, 2, NULL, &f->L));
  for (PetscInt i = 0; i < 4; i++) { // u_n of every node pair = z2 - z1
    PetscCall(MatSetValue(f->L, 3 * i + 2, 0, -1.0, INSERT_VALUES));
    PetscCall(MatSetValue(f->L, 3 * i + 2, 1, 1.0, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(f->L, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(f->L, MAT_FINAL_ASSEMBLY));
  rom->iface = f;
  PetscCall(TriboROMCheck(rom, "t502"));

  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWEDF));
  PetscCall(TriboLawSetParameter(law, "kn", kn));
  PetscCall(TriboLawSetParameter(law, "kt", 3.0e12));
  PetscCall(TriboLawSetParameter(law, "mu", 0.5));
  PetscCall(TriboLawSetFromOptions(law));
  PetscCall(TriboJointCreate(rom->comm, &joint));
  PetscCall(TriboJointSetROM(joint, rom));
  PetscCall(TriboJointSetLaw(joint, law));
  PetscCall(TriboJointSetUp(joint));
  PetscCall(TriboPrestressCreate(PETSC_COMM_WORLD, &ps));
  PetscCall(TriboPrestressSetJoint(ps, joint));
  PetscCall(TriboPrestressSetTension(ps, T));
  PetscCall(TriboPrestressSetConservative(ps, cons));
  PetscCall(TriboPrestressSetFromOptions(ps));
  PetscCall(TriboPrestressSolve(ps));
  PetscCall(TriboPrestressGetSolution(ps, &us, NULL));
  {
    PetscReal fnl[2], N;
    PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, us, fnl, NULL));
    N = fnl[1]; // the normal force on the bottom block
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "z1 %.12e z2 %.12e\n", (double)us[0], (double)us[1]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "normal force %.12e N\n", (double)N));
  }
  PetscCall(TriboModalCreate(PETSC_COMM_WORLD, &modal));
  PetscCall(TriboModalSetJoint(modal, joint));
  PetscCall(TriboModalSetState(modal, us));
  PetscCall(TriboModalSetRigidCutoff(modal, 0.0));
  PetscCall(TriboModalSetComputeAll(modal, PETSC_TRUE));
  PetscCall(TriboModalSolve(modal));
  PetscCall(TriboModalGetModes(modal, NULL, &omega2, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "omega2 %.12e %.12e\n", (double)omega2[0], (double)omega2[1]));
  PetscCall(TriboModalDestroy(&modal));
  PetscCall(TriboPrestressDestroy(&ps));
  PetscCall(TriboJointDestroy(&joint));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    suffix: conservative
    nsize: 1 2 3
    output: t502-prestress-blocks.out
    rtol: 1e-10
    atol: 1e-20
  test:
    suffix: friction
    nsize: 1 2 3
    args: -conservative 0 -prestress_steps 4
    output: t502-prestress-blocks.out
    rtol: 1e-10
    atol: 1e-20
TEST*/
