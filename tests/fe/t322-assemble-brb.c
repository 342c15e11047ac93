/* The Brake-Reuss beam deck (../shared/data/brb/BRB_MATEX.inp) assembled with its constraints:
   DOF counts against CalculiX, total mass, symmetry of K and M, the rigid-body null space, and the
   resultant of the BOLTLOADS case Fv. The assembly time goes to stderr. */
#include <tribofe.h>
#include <petsctime.h>

int main(int argc, char **argv)
{
  char           file[PETSC_MAX_PATH_LEN] = "../shared/data/brb/BRB_MATEX.inp";
  TriboMesh      mesh;
  TriboFESystem  sys;
  PetscLogDouble t0, t1;
  PetscReal      vol, rhoV, m[3], res[6], fm[6], sk, sm, fpos;
  PetscMPIInt    size;
  Vec            Fp;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-deck", file, sizeof(file), NULL));
  PETSC_STDOUT = PETSC_STDERR; // the reader's warnings (unsupported keywords) are not this test's output
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &mesh));
  PetscCall(TriboMeshSetFromOptions(mesh));
  PetscCall(TriboMeshReadAbaqus(mesh, file));
  PETSC_STDOUT = stdout;
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  PetscCall(PetscTime(&t0));
  PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, &sys));
  PetscCall(TriboFESystemSetFromOptions(sys));
  PetscCall(TriboFESystemSetMesh(sys, mesh));
  PetscCall(TriboFESystemSetUp(sys));
  PetscCall(PetscTime(&t1));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "TriboFESystemSetUp: %.2f s on %d rank(s)\n", t1 - t0, (int)size));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nodes %" PetscInt_FMT " elements %" PetscInt_FMT " (C3D8R assembled as C3D8 %" PetscInt_FMT ")\n",
                        mesh->nnodes, mesh->nelem, sys->nel_c3d8r));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "DOFs %" PetscInt_FMT " independent %" PetscInt_FMT "\n", sys->ndof, sys->nfree));

  PetscCall(TriboFEMeshVolume(mesh, &vol, &rhoV));
  PetscCall(TriboFECheckMass(sys, m));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "mass: rho V %.5f kg 1^T M_full 1 %.5f r^T M r x %.5f y %.5f z %.5f\n", (double)rhoV, (double)sys->mass,
                        (double)m[0], (double)m[1], (double)m[2]));
  PetscCall(TriboFECheckSymmetry(sys->K, &sk));
  PetscCall(TriboFECheckSymmetry(sys->M, &sm));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "asymmetry |A - A^T|/|A|: K %.1e M %.1e\n", (double)sk, (double)sm));
  PetscCall(TriboFECheckRigidBody(sys, res));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rigid-body residuals |K r|/(|K| |r|): translations %.1e %.1e %.1e rotations %.1e %.1e %.1e\n",
                        (double)res[0], (double)res[1], (double)res[2], (double)res[3], (double)res[4], (double)res[5]));

  PetscCall(TriboFELoadResultant(sys, sys->F, NULL, fm));
  PetscCall(VecDuplicate(sys->F, &Fp));
  PetscCall(VecCopy(sys->F, Fp));
  PetscCall(VecAbs(Fp));
  PetscCall(VecSum(Fp, &fpos));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "load case %s: sum of |F| %.10f\n", sys->loadcase, (double)fpos));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "resultant about the origin: F %.1e %.1e %.1e M %.1e %.1e %.1e\n", (double)fm[0], (double)fm[1],
                        (double)fm[2], (double)fm[3], (double)fm[4], (double)fm[5]));
  PetscCall(VecDestroy(&Fp));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&mesh));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -fe_constraints_view
    output: t322-assemble-brb.out
    requires: data
    rtol: 1e-4
    atol: 1e-9
    timeout: 120
TEST*/
