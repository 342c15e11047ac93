static const char help[] = "Craig-Bampton ROM of two overlapping C3D8 blocks joined by a bolt spring, on ground springs: frequencies,\n"
                           "welded frequencies, static bolt-load response, upper bounds with few modes; options -rom_*.\n";
#include <tribocb.h>
#include <petscblaslapack.h>

#define NX  4
#define NY  2
#define NZ  2
#define HC  0.01                             // cell size (m)
#define NPB ((NX + 1) * (NY + 1) * (NZ + 1)) // nodes per block
#define NEB (NX * NY * NZ)                   // elements per block

// node (i, j, k) of block b: 0 = bottom, x in [0, 4h], z in [-2h, 0]; 1 = top, x in [2h, 6h], z in [0, 2h]
static PetscInt Node(PetscInt b, PetscInt i, PetscInt j, PetscInt k)
{
  return b * NPB + i + (NX + 1) * (j + (NY + 1) * k);
}

static PetscErrorCode AddSet(TriboMesh m, const char name[], PetscInt n, const PetscInt idx[])
{
  TriboSet *s = &m->nsets[m->nnsets++];

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(s->name, name, sizeof(s->name)));
  s->n = n;
  PetscCall(PetscMalloc1(n, &s->idx));
  PetscCall(PetscArraycpy(s->idx, idx, n));
  PetscCall(PetscSortInt(n, s->idx));
  PetscFunctionReturn(0);
}

static PetscErrorCode BuildModel(MPI_Comm comm, TriboFESystem *fe)
{
  TriboMesh     m;
  TriboFESystem s;
  PetscMPIInt   rank, size;
  PetscInt      ct[9], cb[9], rec[2] = {Node(0, NX, NY, 0), Node(1, 0, 0, NZ)}, bolt[2] = {Node(1, 1, 1, NZ), Node(0, 3, 1, 0)}, c = 0;
  PetscReal     Ke[576], Me[576], Xe[24];

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(TriboMeshCreate(comm, &m));
  m->nnodes = 2 * NPB;
  m->nelem  = 2 * NEB;
  PetscCall(PetscMalloc1(3 * m->nnodes, &m->X));
  PetscCall(PetscMalloc1(m->nnodes, &m->nodeid));
  PetscCall(PetscMalloc1(m->nelem, &m->etype));
  PetscCall(PetscMalloc1(m->nelem + 1, &m->eptr));
  PetscCall(PetscMalloc1(8 * m->nelem, &m->conn));
  PetscCall(PetscCalloc1(m->nelem, &m->emat));
  PetscCall(PetscMalloc1(m->nelem, &m->elemid));
  for (PetscInt b = 0; b < 2; b++)
    for (PetscInt k = 0; k <= NZ; k++)
      for (PetscInt j = 0; j <= NY; j++)
        for (PetscInt i = 0; i <= NX; i++) {
          PetscInt n      = Node(b, i, j, k);
          m->X[3 * n]     = (i + 2 * b) * HC;
          m->X[3 * n + 1] = j * HC;
          m->X[3 * n + 2] = (k - NZ + NZ * b) * HC;
          m->nodeid[n]    = n + 1;
        }
  for (PetscInt e = 0; e < m->nelem; e++) {
    PetscInt b = e / NEB, i = e % NX, j = (e / NX) % NY, k = (e / (NX * NY)) % NZ;
    PetscInt v[8] = {Node(b, i, j, k),     Node(b, i + 1, j, k),     Node(b, i + 1, j + 1, k),     Node(b, i, j + 1, k),
                     Node(b, i, j, k + 1), Node(b, i + 1, j, k + 1), Node(b, i + 1, j + 1, k + 1), Node(b, i, j + 1, k + 1)};
    m->etype[e]   = TRIBO_EL_C3D8;
    m->eptr[e]    = 8 * e;
    m->elemid[e]  = e + 1;
    PetscCall(PetscArraycpy(&m->conn[8 * e], v, 8));
  }
  m->eptr[m->nelem] = 8 * m->nelem;
  for (PetscInt j = 0; j <= NY; j++)
    for (PetscInt i = 0; i <= 2; i++, c++) ct[c] = Node(1, i, j, 0), cb[c] = Node(0, i + 2, j, NZ);
  PetscCall(PetscCalloc1(3, &m->nsets));
  PetscCall(AddSet(m, "CT", 9, ct));
  PetscCall(AddSet(m, "CB", 9, cb));
  PetscCall(AddSet(m, "ENDNDS", 2, rec));
  PetscCall(PetscStrncpy(m->recovery, "ENDNDS", sizeof(m->recovery)));
  m->nmodes = 6;

  PetscCall(TriboFESystemCreate(comm, &s)); // assembled here, not by TriboFESystemSetUp(): no constraints, T = NULL
  s->mesh = m;
  s->ndof = s->nfree = 3 * m->nnodes;
  PetscCall(MatCreateAIJ(comm, PETSC_DECIDE, PETSC_DECIDE, s->nfree, s->nfree, 90, NULL, 90, NULL, &s->K));
  PetscCall(MatCreateAIJ(comm, PETSC_DECIDE, PETSC_DECIDE, s->nfree, s->nfree, 90, NULL, 90, NULL, &s->M));
  PetscCall(MatCreateVecs(s->K, &s->F, NULL));
  for (PetscInt e = rank; e < m->nelem; e += size) { // steel, E = 200 GPa, nu = 0.3, rho = 7800 kg/m^3
    PetscInt d[24];
    for (PetscInt a = 0; a < 8; a++)
      for (PetscInt q = 0; q < 3; q++) Xe[3 * a + q] = m->X[3 * m->conn[8 * e + a] + q], d[3 * a + q] = 3 * m->conn[8 * e + a] + q;
    PetscCall(TriboFEElementMatrices(TRIBO_EL_C3D8, Xe, 200e9, 0.3, 7800, Ke, Me));
    PetscCall(MatSetValues(s->K, 24, d, 24, d, Ke, ADD_VALUES));
    PetscCall(MatSetValues(s->M, 24, d, 24, d, Me, ADD_VALUES));
  }
  if (!rank) {
    PetscInt    dz[2] = {3 * bolt[0] + 2, 3 * bolt[1] + 2};
    PetscScalar kb[4] = {1e8, -1e8, -1e8, 1e8}, f[2] = {-1, 1}; // bolt spring along z; a unit bolt tension pulls the head down and the nut up
    PetscCall(MatSetValues(s->K, 2, dz, 2, dz, kb, ADD_VALUES));
    PetscCall(VecSetValues(s->F, 2, dz, f, INSERT_VALUES));
    for (PetscInt g = 0; g < 8; g++) // ground springs 1e7 N/m at the four corners of each outer end
      for (PetscInt q = 0; q < 3; q++)
        PetscCall(MatSetValue(s->K, 3 * Node(g / 4, (g / 4) * NX, (g % 2) * NY, ((g / 2) % 2) * NZ) + q,
                              3 * Node(g / 4, (g / 4) * NX, (g % 2) * NY, ((g / 2) % 2) * NZ) + q, 1e7, ADD_VALUES));
  }
  PetscCall(MatAssemblyBegin(s->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(s->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyBegin(s->M, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(s->M, MAT_FINAL_ASSEMBLY));
  PetscCall(VecAssemblyBegin(s->F));
  PetscCall(VecAssemblyEnd(s->F));
  *fe = s;
  PetscFunctionReturn(0);
}

// Lowest 6 frequencies (Hz) of K x = w^2 M x restricted to DOFs [k0, n) of dense column-major n x n matrices
static PetscErrorCode Frequencies(PetscInt n, PetscInt k0, const PetscScalar *K, const PetscScalar *M, PetscReal f[6])
{
  PetscBLASInt m, lwork, info, itype = 1;
  PetscScalar *A, *B, *work;
  PetscReal   *w;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n - k0, &m));
  lwork = 8 * m;
  PetscCall(PetscMalloc4(m * m, &A, m * m, &B, lwork, &work, m, &w));
  for (PetscInt j = 0; j < m; j++)
    for (PetscInt i = 0; i < m; i++) A[i + m * j] = K[k0 + i + n * (k0 + j)], B[i + m * j] = M[k0 + i + n * (k0 + j)];
  PetscCallBLAS("LAPACKsygv", LAPACKsygv_(&itype, "N", "U", &m, A, &m, B, &m, w, work, &lwork, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "sygv failed, info %d", (int)info);
  for (PetscInt i = 0; i < 6; i++) f[i] = PetscSqrtReal(w[i]) / (2 * PETSC_PI);
  PetscCall(PetscFree4(A, B, work, w));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboFESystem      fe;
  TriboROM           rom;
  TriboInterface     f;
  PetscReal          fr[6], fw[6], ff[6], area, *fm, x[3] = {3 * HC, HC, 0}, dmin = PETSC_MAX_REAL;
  const PetscScalar *K, *M, *R;
  PetscScalar       *u;
  PetscInt           n, np, nm, p0 = -1;
  PetscBool          upper = PETSC_TRUE;
  PetscBLASInt       bn, one = 1, info, *piv;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(BuildModel(PETSC_COMM_WORLD, &fe));
  {
    TriboCB cb;
    PetscCall(TriboCBCreate(PETSC_COMM_WORLD, &cb));
    PetscCall(TriboCBSetFromOptions(cb));
    PetscCall(TriboCBReduce(cb, fe, &rom));
    PetscCall(TriboCBDestroy(&cb));
  }
  f  = rom->iface;
  n  = rom->n;
  np = f->nnodes;
  nm = n - 6 * np;
  PetscCall(TriboInterfaceGetArea(f, &area));
  { // the pairs on their own: the same interface, an object that destroys itself (and NULL twice)
    TriboInterfacePairs ip;
    PetscCall(TriboMeshGetInterfacePairs(fe->mesh, "CT", "CB", 1e-8, 0.25, 1e-6, &ip));
    PetscCheck(ip->npairs == np && ip->iface->nelem == f->nelem && ip->nfar == 0, PETSC_COMM_SELF, PETSC_ERR_PLIB,
               "TriboMeshGetInterfacePairs: %" PetscInt_FMT " pairs, %" PetscInt_FMT " elements", ip->npairs, ip->iface->nelem);
    PetscCall(TriboInterfacePairsDestroy(&ip));
    PetscCheck(!ip, PETSC_COMM_SELF, PETSC_ERR_PLIB, "TriboInterfacePairsDestroy() must set the handle to NULL");
    PetscCall(TriboInterfacePairsDestroy(&ip));
  }
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "interface: %" PetscInt_FMT " pairs, %" PetscInt_FMT " elements, area %.6e m^2\n", np, f->nelem, (double)area));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "ROM: %" PetscInt_FMT " DOFs = %" PetscInt_FMT " relative + %" PetscInt_FMT " mean + %" PetscInt_FMT " modal; %s\n", n,
                        3 * np, 3 * np, nm, rom->title));
  PetscCall(MatDenseGetArrayRead(rom->K, &K));
  PetscCall(MatDenseGetArrayRead(rom->M, &M));
  PetscCall(Frequencies(n, 0, K, M, fr));
  PetscCall(Frequencies(n, 3 * np, K, M, fw));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "frequencies (Hz): %.10e %.10e %.10e %.10e %.10e %.10e\n", (double)fr[0], (double)fr[1], (double)fr[2],
                        (double)fr[3], (double)fr[4], (double)fr[5]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "welded (Hz):      %.10e %.10e %.10e %.10e %.10e %.10e\n", (double)fw[0], (double)fw[1], (double)fw[2],
                        (double)fw[3], (double)fw[4], (double)fw[5]));
  // static response to the bolt load: K x = Fv, then R x and u_n = (L x)_n at the pair under the bolt
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscMalloc3(n * n, &fm, n, &u, n, &piv));
  for (PetscInt i = 0; i < n * n; i++) fm[i] = K[i];
  PetscCall(VecGetArrayRead(rom->Fv, &R));
  PetscCall(PetscArraycpy(u, R, n));
  PetscCall(VecRestoreArrayRead(rom->Fv, &R));
  PetscCallBLAS("LAPACKgesv", LAPACKgesv_(&bn, &one, fm, &bn, piv, u, &bn, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "gesv failed, info %d", (int)info);
  { // R x at the sensors, u_n = (L x)_n at the pair under the bolt
    Vec                xv, yr, yl;
    const PetscScalar *y;
    PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, n, u, &xv));
    PetscCall(MatCreateVecs(rom->R, NULL, &yr));
    PetscCall(MatCreateVecs(f->L, NULL, &yl));
    PetscCall(MatMult(rom->R, xv, yr));
    PetscCall(MatMult(f->L, xv, yl));
    for (PetscInt p = 0; p < np; p++) {
      PetscReal d = PetscSqr(f->xyz[3 * p] - x[0]) + PetscSqr(f->xyz[3 * p + 1] - x[1]) + PetscSqr(f->xyz[3 * p + 2] - x[2]);
      if (d < dmin) dmin = d, p0 = p;
    }
    PetscCall(VecGetArrayRead(yr, &y));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bolt load, recovery (m): %.8e %.8e %.8e %.8e %.8e %.8e\n", (double)y[0], (double)y[1], (double)y[2],
                          (double)y[3], (double)y[4], (double)y[5]));
    PetscCall(VecRestoreArrayRead(yr, &y));
    PetscCall(VecGetArrayRead(yl, &y));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bolt load, u_n under the bolt (m, > 0 is interpenetration): %.8e\n", (double)y[3 * p0 + 2]));
    for (PetscInt p = 0; p < np; p++) // the pair at (2h, 0, 0): components along t1 = x, t2 = y, n = -z
      if (PetscAbsReal(f->xyz[3 * p] - 2 * HC) + PetscAbsReal(f->xyz[3 * p + 1]) < 1e-9)
        PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bolt load, (u_top - u_bottom) at (2h, 0, 0) in (t1, t2, n): %.8e %.8e %.8e\n", (double)y[3 * p],
                              (double)y[3 * p + 1], (double)y[3 * p + 2]));
    PetscCall(VecRestoreArrayRead(yl, &y));
    PetscCall(VecDestroy(&xv));
    PetscCall(VecDestroy(&yr));
    PetscCall(VecDestroy(&yl));
  }
  { // the full model's frequencies (dense, gathered on every rank): with fewer modes the ROM's are upper bounds
    Mat         *Dk, *Dm;
    IS           is;
    PetscReal    ma = 0; // the accelerometer's point mass, as the ROM has it
    PetscInt     na = 1, id = 0;
    PetscScalar *kd, *md;
    PetscCall(ISCreateStride(PETSC_COMM_SELF, fe->nfree, 0, 1, &is));
    PetscCall(MatCreateSubMatrices(fe->K, 1, &is, &is, MAT_INITIAL_MATRIX, &Dk));
    PetscCall(MatCreateSubMatrices(fe->M, 1, &is, &is, MAT_INITIAL_MATRIX, &Dm));
    PetscCall(MatConvert(Dk[0], MATSEQDENSE, MAT_INPLACE_MATRIX, &Dk[0]));
    PetscCall(MatConvert(Dm[0], MATSEQDENSE, MAT_INPLACE_MATRIX, &Dm[0]));
    PetscCall(MatDenseGetArray(Dk[0], &kd));
    PetscCall(MatDenseGetArray(Dm[0], &md));
    PetscCall(PetscOptionsGetReal(NULL, NULL, "-rom_accel_mass", &ma, NULL));
    PetscCall(PetscOptionsGetIntArray(NULL, NULL, "-rom_accel_nodes", &id, &na, NULL));
    for (PetscInt q = 0; q < 3 && id > 0; q++) md[(3 * (id - 1) + q) * (fe->nfree + 1)] += ma;
    PetscCall(Frequencies(fe->nfree, 0, kd, md, ff));
    PetscCall(MatDenseRestoreArray(Dk[0], &kd));
    PetscCall(MatDenseRestoreArray(Dm[0], &md));
    PetscCall(MatDestroySubMatrices(1, &Dk));
    PetscCall(MatDestroySubMatrices(1, &Dm));
    PetscCall(ISDestroy(&is));
    for (PetscInt i = 0; i < 6; i++) upper = (PetscBool)(upper && fr[i] >= ff[i] * (1 - 1e-10));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "ROM frequencies >= the full model's: %s\n", upper ? "yes" : "no"));
  }
  PetscCall(MatDenseRestoreArrayRead(rom->K, &K));
  PetscCall(MatDenseRestoreArrayRead(rom->M, &M));
  PetscCall(PetscFree3(fm, u, piv));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(TriboMeshDestroy(&fe->mesh));
  PetscCall(TriboFESystemDestroy(&fe));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  nsize: 1 2
  rtol: 1e-8
  atol: 1e-16
  test:
    suffix: all
    args: -rom_nmodes 216
  test:
    suffix: few
    args: -rom_nmodes 6
  test:
    suffix: accel
    args: -rom_nmodes 216 -rom_accel_mass 0.05 -rom_accel_nodes 85
TEST*/
