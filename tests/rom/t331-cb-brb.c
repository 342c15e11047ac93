static const char help[] = "Craig-Bampton ROM of the real Brake-Reuss beam deck: interface (pairs, quadrilaterals, area), rigid-body\n"
                           "checks of M, R and Fv, and the welded ROM's free-free frequencies against the full welded model's\n"
                           "(SLEPc on K, M with the CT and CB DOFs merged). -deck FILE (default ../shared/data/brb/BRB_MATEX.inp).\n";
#include <tribocb.h>
#include <slepceps.h>
#include <petscblaslapack.h>

// Lowest 12 frequencies (Hz) of the ROM restricted to DOFs [k0, n): 6 rigid-body modes, then elastic ones
static PetscErrorCode ROMFrequencies(TriboROM rom, PetscInt k0, PetscReal f[12])
{
  PetscBLASInt       m, lwork, info, itype = 1;
  PetscScalar       *A, *B, *work;
  PetscReal         *w;
  const PetscScalar *K, *M;
  PetscInt           n = rom->n;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n - k0, &m));
  lwork = 64 * m;
  PetscCall(PetscMalloc4(m * m, &A, m * m, &B, lwork, &work, m, &w));
  PetscCall(MatDenseGetArrayRead(rom->K, &K));
  PetscCall(MatDenseGetArrayRead(rom->M, &M));
  for (PetscInt j = 0; j < m; j++)
    for (PetscInt i = 0; i < m; i++) A[i + m * j] = K[k0 + i + n * (k0 + j)], B[i + m * j] = M[k0 + i + n * (k0 + j)];
  PetscCall(MatDenseRestoreArrayRead(rom->K, &K));
  PetscCall(MatDenseRestoreArrayRead(rom->M, &M));
  PetscCallBLAS("LAPACKsygv", LAPACKsygv_(&itype, "N", "U", &m, A, &m, B, &m, w, work, &lwork, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "sygv failed, info %d", (int)info);
  for (PetscInt i = 0; i < 12; i++) f[i] = PetscSqrtReal(PetscAbsReal(w[i])) / (2 * PETSC_PI);
  PetscCall(PetscFree4(A, B, work, w));
  PetscFunctionReturn(0);
}

/* The full model with the interface welded: P merges the free DOFs of each CT node into those of
   its CB partner (same position); 12 lowest eigenvalues of P^T K P, P^T M P by shift-and-invert */
static PetscErrorCode FullWeldedFrequencies(TriboFESystem fe, PetscReal f[12])
{
  TriboMesh       m = fe->mesh;
  const TriboSet *ct, *cb;
  PetscInt       *map, *col, nw = 0, r0, r1;
  Mat             P, Kw, Mw;
  EPS             eps;
  ST              st;
  KSP             ksp;
  PC              pc;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshFindNodeSet(m, "CT", &ct));
  PetscCall(TriboMeshFindNodeSet(m, "CB", &cb));
  PetscCall(PetscMalloc2(fe->nfree, &map, fe->nfree, &col));
  for (PetscInt j = 0; j < fe->nfree; j++) map[j] = j;
  for (PetscInt a = 0; a < ct->n; a++) { // partner: the nearest CB node (brute force; 192 pairs are up to 84 um apart)
    const PetscReal *x    = &m->X[3 * ct->idx[a]];
    PetscReal        best = PETSC_MAX_REAL;
    PetscInt         b0   = -1;
    for (PetscInt b = 0; b < cb->n; b++) {
      const PetscReal *y = &m->X[3 * cb->idx[b]];
      PetscReal        d = PetscSqr(x[0] - y[0]) + PetscSqr(x[1] - y[1]) + PetscSqr(x[2] - y[2]);
      if (d < best) best = d, b0 = b;
    }
    for (PetscInt d = 0; d < 3; d++) {
      PetscInt jt, jb;
      PetscCall(TriboFEGetFreeDof(fe, ct->idx[a], d, &jt));
      PetscCall(TriboFEGetFreeDof(fe, cb->idx[b0], d, &jb));
      map[jt] = jb;
    }
  }
  for (PetscInt j = 0; j < fe->nfree; j++) col[j] = map[j] == j ? nw++ : -1;
  PetscCall(MatGetOwnershipRange(fe->K, &r0, &r1));
  PetscCall(MatCreateAIJ(fe->comm, r1 - r0, PETSC_DECIDE, fe->nfree, nw, 1, NULL, 1, NULL, &P));
  for (PetscInt j = r0; j < r1; j++) PetscCall(MatSetValue(P, j, col[map[j]], 1.0, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(P, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(P, MAT_FINAL_ASSEMBLY));
  PetscCall(MatPtAP(fe->K, P, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &Kw));
  PetscCall(MatPtAP(fe->M, P, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &Mw));
  PetscCall(EPSCreate(fe->comm, &eps));
  PetscCall(EPSSetOperators(eps, Kw, Mw));
  PetscCall(EPSSetProblemType(eps, EPS_GHEP));
  PetscCall(EPSSetDimensions(eps, 12, PETSC_DEFAULT, PETSC_DEFAULT));
  PetscCall(EPSSetWhichEigenpairs(eps, EPS_TARGET_MAGNITUDE));
  PetscCall(EPSSetTarget(eps, -1e4)); // below the rigid-body modes: K - sigma M is positive definite
  PetscCall(EPSGetST(eps, &st));
  PetscCall(STSetType(st, STSINVERT));
  PetscCall(STGetKSP(st, &ksp));
  PetscCall(KSPSetType(ksp, KSPPREONLY));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCCHOLESKY));
  PetscCall(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  PetscCall(EPSSetOptionsPrefix(eps, "full_"));
  PetscCall(EPSSetFromOptions(eps));
  PetscCall(EPSSolve(eps));
  for (PetscInt i = 0; i < 12; i++) {
    PetscScalar lam;
    PetscCall(EPSGetEigenvalue(eps, i, &lam, NULL));
    f[i] = PetscSqrtReal(PetscAbsReal(PetscRealPart(lam))) / (2 * PETSC_PI);
  }
  PetscCall(PetscSortReal(12, f));
  PetscCall(EPSDestroy(&eps));
  PetscCall(MatDestroy(&P));
  PetscCall(MatDestroy(&Kw));
  PetscCall(MatDestroy(&Mw));
  PetscCall(PetscFree2(map, col));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char               deck[PETSC_MAX_PATH_LEN] = "../shared/data/brb/BRB_MATEX.inp";
  TriboMesh          mesh;
  TriboFESystem      fe;
  TriboROM           rom;
  PetscReal          area, fr[12], ff[12], mass[3], rerr = 0, fvr = 0, fvn = 0, dmax = 0;
  PetscInt           n, np, ntri = 0;
  const PetscScalar *M, *R, *fv;
  PetscScalar       *x;

  PetscCall(SlepcInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-deck", deck, sizeof(deck), NULL));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &mesh));
  PetscCall(TriboMeshSetFromOptions(mesh));
  PetscCall(TriboMeshReadAbaqus(mesh, deck));
  PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, &fe));
  PetscCall(TriboFESystemSetFromOptions(fe));
  PetscCall(TriboFESystemSetMesh(fe, mesh));
  PetscCall(TriboFESystemSetUp(fe));
  {
    TriboCB cb;
    PetscCall(TriboCBCreate(PETSC_COMM_WORLD, &cb));
    PetscCall(TriboCBSetFromOptions(cb));
    PetscCall(TriboCBReduce(cb, fe, &rom));
    PetscCall(TriboCBDestroy(&cb));
  }
  n  = rom->n;
  np = rom->iface->nnodes;
  PetscCall(TriboInterfaceGetArea(rom->iface, &area));
  for (PetscInt e = 0; e < rom->iface->nelem; e++) ntri += rom->iface->elem[4 * e + 3] < 0;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "interface: %" PetscInt_FMT " pairs, %" PetscInt_FMT " quadrilaterals, %" PetscInt_FMT " triangles, area %.4e m^2\n", np,
                        rom->iface->nelem - ntri, ntri, (double)area));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "ROM: %" PetscInt_FMT " DOFs = %" PetscInt_FMT " relative + %" PetscInt_FMT " mean + %" PetscInt_FMT " modal, %" PetscInt_FMT
                        " recovery rows\n",
                        n, 3 * np, 3 * np, n - 6 * np, rom->nrec));
  for (PetscInt i = 0; i < rom->nrec; i++) { // the label without its coordinates
    char lab[128], *c;
    PetscCall(PetscStrncpy(lab, rom->rlabels[i], sizeof(lab)));
    PetscCall(PetscStrchr(lab, '(', &c));
    if (c) *c = 0;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s%s", lab, i % 3 == 2 ? "\n" : "; "));
  }
  /* Rigid translation d of the whole structure: relative DOFs 0, mean DOFs = G d with the frame
     (t1, t2, n) = (x, y, z) expected for this deck (its top set CT is on the half below z = 0, and n
     points from the top side into the bottom side), modal DOFs 0. Its kinetic mass x^T M x is the
     total mass, R x = d at every sensor, and Fv.x = 0 (the bolt loads are self-equilibrated). */
  PetscCall(PetscMalloc1(n, &x));
  PetscCall(MatDenseGetArrayRead(rom->M, &M));
  PetscCall(MatDenseGetArrayRead(rom->R, &R));
  PetscCall(VecGetArrayRead(rom->Fv, &fv));
  for (PetscInt d = 0; d < 3; d++) {
    PetscCall(PetscArrayzero(x, n));
    for (PetscInt p = 0; p < np; p++) x[3 * np + 3 * p + d] = 1;
    mass[d] = 0;
    for (PetscInt j = 0; j < n; j++)
      for (PetscInt i = 0; i < n; i++) mass[d] += x[i] * M[i + n * j] * x[j];
    for (PetscInt r = 0; r < rom->nrec; r++) {
      PetscScalar s = 0;
      for (PetscInt j = 0; j < n; j++) s += R[r + rom->nrec * j] * x[j];
      rerr = PetscMax(rerr, PetscAbsScalar(s - (r % 3 == d ? 1 : 0)));
    }
    for (PetscInt j = 0; j < n; j++) fvr += fv[j] * x[j];
  }
  for (PetscInt j = 0; j < n; j++) fvn = PetscMax(fvn, PetscAbsScalar(fv[j]));
  PetscCall(MatDenseRestoreArrayRead(rom->M, &M));
  PetscCall(MatDenseRestoreArrayRead(rom->R, &R));
  PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  PetscCall(PetscFree(x));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rigid translations x, y, z: mass %.4f %.4f %.4f kg; R x = translation: %s; Fv self-equilibrated: %s\n",
                        (double)mass[0], (double)mass[1], (double)mass[2], rerr < 1e-8 ? "yes" : "no",
                        PetscAbsReal(fvr) < 1e-8 * fvn ? "yes" : "no"));
  // welded interface: the ROM without its relative DOFs, and the full model with CT merged into CB
  PetscCall(ROMFrequencies(rom, 3 * np, fr));
  PetscCall(FullWeldedFrequencies(fe, ff));
  // 6 rigid-body modes (the rotations slightly stiffened by welding the pairs whose nodes are up to 84 um apart), then elastic ones
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "welded, modes below 100 Hz: ROM %s, full %s\n", fr[5] < 100 && fr[6] > 100 ? "6" : "not 6",
                        ff[5] < 100 && ff[6] > 100 ? "6" : "not 6"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "welded, elastic modes (Hz): ROM, full\n"));
  for (PetscInt i = 6; i < 12; i++) {
    dmax = PetscMax(dmax, PetscAbsReal(fr[i] - ff[i]) / ff[i]);
    if (i < 10) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %" PetscInt_FMT " %.2f %.2f\n", i - 5, (double)fr[i], (double)ff[i]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "welded, modes 1-6: ROM within 0.1 %% of the full model: %s\n", dmax < 1e-3 ? "yes" : "no"));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(TriboFESystemDestroy(&fe));
  PetscCall(TriboMeshDestroy(&mesh));
  PetscCall(SlepcFinalize());
  return 0;
}

/*TEST
  test:
    requires: data
    nsize: 2
    rtol: 1e-3
    atol: 1e-12
    timeout: 600
TEST*/
