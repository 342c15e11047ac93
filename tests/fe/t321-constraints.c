/* Constraints (src/fe/constraints.c) on small decks written here and read with TriboMeshReadAbaqus:
   a) tie: block B (4x4 elements in plan) on block A (2x2), non-matching faces; under uniaxial
      stress sigma_zz = 1 (consistent nodal loads on B's top and A's bottom) the exact linear
      solution r satisfies K r = F (patch test through the tie) and T reproduces it at every node;
   b) distributing coupling of a 2x2 top face to a reference node 0.5 above its centroid: a force
      along the axis is shared equally (1/9 per node); a lateral force and a moment have the right
      resultants about the centroid; T maps a rigid rotation of the face to the same rotation of the
      reference node; a kinematic coupling on a second block carries the same loads;
   c) equations u_a - u_b = 0, then 2 u_a - 2 u_c = 0 (a already dependent: b is eliminated).
   For each deck, the default element-by-element reduction equals T^T K_full T by MatPtAP. */
#include <tribofe.h>
#include <unistd.h>

static PetscInt NodeId(PetscInt off, PetscInt ny, PetscInt nz, PetscInt i, PetscInt j, PetscInt k)
{
  return off + (i * (ny + 1) + j) * (nz + 1) + k + 1;
}

// Block of nx x ny x nz C3D8 from x0 with sizes a, nodes off+1.., elements eoff+1.., elset NAME
static PetscErrorCode Block(FILE *fp, const char name[], PetscInt off, PetscInt eoff, const PetscReal x0[], const PetscReal a[], PetscInt nx,
                            PetscInt ny, PetscInt nz)
{
  const PetscInt o[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  MPI_Comm       c       = PETSC_COMM_WORLD;

  PetscFunctionBeginUser;
  PetscCall(PetscFPrintf(c, fp, "*Node\n"));
  for (PetscInt i = 0; i <= nx; i++)
    for (PetscInt j = 0; j <= ny; j++)
      for (PetscInt k = 0; k <= nz; k++)
        PetscCall(PetscFPrintf(c, fp, "%" PetscInt_FMT ", %.17g, %.17g, %.17g\n", NodeId(off, ny, nz, i, j, k), x0[0] + a[0] * i / nx,
                               x0[1] + a[1] * j / ny, x0[2] + a[2] * k / nz));
  PetscCall(PetscFPrintf(c, fp, "*Element, type=C3D8, elset=%s\n", name));
  for (PetscInt i = 0, e = eoff + 1; i < nx; i++)
    for (PetscInt j = 0; j < ny; j++)
      for (PetscInt k = 0; k < nz; k++, e++) {
        PetscCall(PetscFPrintf(c, fp, "%" PetscInt_FMT, e));
        for (PetscInt q = 0; q < 8; q++)
          PetscCall(PetscFPrintf(c, fp, ", %" PetscInt_FMT, NodeId(off, ny, nz, i + o[q][0], j + o[q][1], k + o[q][2])));
        PetscCall(PetscFPrintf(c, fp, "\n"));
      }
  PetscCall(PetscFPrintf(c, fp, "*Solid Section, elset=%s, material=M\n,\n", name));
  PetscFunctionReturn(0);
}

static PetscErrorCode Read(PetscInt which, TriboMesh *mesh)
{
  char        file[PETSC_MAX_PATH_LEN];
  FILE       *fp;
  PetscMPIInt rank;
  int         pid   = (int)getpid();
  PetscReal   o0[3] = {0, 0, 0}, o1[3] = {0, 0, 1}, o2[3] = {2, 0, 0}, a1[3] = {1, 1, 1}, a2[3] = {1, 1, 0.5};
  MPI_Comm    c = PETSC_COMM_WORLD;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(c, &rank));
  PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, c));
  PetscCall(PetscSNPrintf(file, sizeof(file), "/tmp/tribo-t321-%d-%" PetscInt_FMT ".inp", pid, which));
  PetscCall(PetscFOpen(c, file, "w", &fp));
  if (which == 0) { // A: 2x2x1 on [0,1]^3, B: 4x4x1 on [0,1]^2 x [1,2]; uniform traction 1 on B's top, -1 on A's bottom
    PetscCall(Block(fp, "A", 0, 0, o0, a1, 2, 2, 1));
    PetscCall(Block(fp, "B", 100, 100, o1, a1, 4, 4, 1));
    PetscCall(
        PetscFPrintf(c, fp, "*Surface, type=ELEMENT, name=ATOP\nA, S2\n*Surface, type=ELEMENT, name=BBOT\nB, S1\n*Tie, name=T\nBBOT, ATOP\n*Step\n"));
    for (PetscInt i = 0; i <= 4; i++)
      for (PetscInt j = 0; j <= 4; j++)
        PetscCall(
            PetscFPrintf(c, fp, "*Cload\n%" PetscInt_FMT ", 3, %.17g\n", NodeId(100, 4, 1, i, j, 1), (i % 4 ? 2. : 1.) * (j % 4 ? 2. : 1.) / 64));
    for (PetscInt i = 0; i <= 2; i++)
      for (PetscInt j = 0; j <= 2; j++)
        PetscCall(
            PetscFPrintf(c, fp, "*Cload\n%" PetscInt_FMT ", 3, %.17g\n", NodeId(0, 2, 1, i, j, 0), -(i % 2 ? 2. : 1.) * (j % 2 ? 2. : 1.) / 16));
  } else if (which == 1) { // distributing coupling on [0,1]^2 x [0,0.5] (ref 1001), kinematic on a copy at x = 2 (ref 1002)
    PetscCall(Block(fp, "A", 0, 0, o0, a2, 2, 2, 1));
    PetscCall(Block(fp, "B", 100, 100, o2, a2, 2, 2, 1));
    PetscCall(PetscFPrintf(c, fp, "*Node\n1001, 0.5, 0.5, 1.0\n1002, 2.5, 0.5, 1.0\n*Nset, nset=REFD\n1001\n"));
    PetscCall(PetscFPrintf(c, fp, "*Surface, type=ELEMENT, name=ATOP\nA, S2\n*Surface, type=ELEMENT, name=BTOP\nB, S2\n"));
    PetscCall(PetscFPrintf(c, fp, "*Coupling, constraint name=CD, ref node=REFD, surface=ATOP\n*Distributing, weighting method=UNIFORM\n"));
    PetscCall(PetscFPrintf(c, fp, "*Coupling, constraint name=CK, ref node=1002, surface=BTOP\n*Kinematic\n*Step\n"));
    PetscCall(PetscFPrintf(
        c, fp,
        "*Substructure Load Case, name=FZ\n*Cload\n1001, 3, 1.\n1002, 3, 1.\n*Substructure Load Case, name=FX\n*Cload\n1001, 1, 1.\n1002, 1, 1.\n"));
    PetscCall(PetscFPrintf(c, fp, "*Substructure Load Case, name=MY\n*Cload\n1001, 5, 1.\n1002, 5, 1.\n"));
  } else { // two cubes; a = node 5 (1,0,0), b = node 102 (2,0,1), c = node 105 (3,0,0)
    PetscCall(Block(fp, "A", 0, 0, o0, a1, 1, 1, 1));
    PetscCall(Block(fp, "B", 100, 100, o2, a1, 1, 1, 1));
    PetscCall(PetscFPrintf(c, fp, "*Equation\n2\n5, 1, 1.\n102, 1, -1.\n*Equation\n2\n5, 1, 2.\n105, 1, -2.\n*Step\n*Cload\n5, 1, 1.\n"));
  }
  PetscCall(PetscFPrintf(c, fp, "*Material, name=M\n*Elastic\n1000., 0.3\n*Density\n1.\n*End Step\n"));
  PetscCall(PetscFClose(c, fp));
  PetscCall(TriboMeshCreate(c, mesh));
  PetscCall(TriboMeshSetFromOptions(*mesh));
  PetscCall(TriboMeshReadAbaqus(*mesh, file));
  PetscCallMPI(MPI_Barrier(c));
  PetscCheck(rank || !remove(file), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot remove %s", file);
  PetscFunctionReturn(0);
}

static PetscInt Node(TriboMesh m, PetscInt id)
{
  for (PetscInt i = 0; i < m->nnodes; i++)
    if (m->nodeid[i] == id) return i;
  return -1;
}

// Value of entry i of a parallel vector, on every rank
static PetscErrorCode Entry(Vec v, PetscInt i, PetscReal *val)
{
  PetscInt  lo, hi;
  PetscReal x = 0;

  PetscFunctionBeginUser;
  PetscCall(VecGetOwnershipRange(v, &lo, &hi));
  if (i >= lo && i < hi) PetscCall(VecGetValues(v, 1, &i, &x));
  PetscCall(MPIU_Allreduce(&x, val, 1, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));
  PetscFunctionReturn(0);
}

// Force and moment about x0 of F on the translations of nodes with ids in [id0, id1]; min/max z-force
static PetscErrorCode Resultant(TriboFESystem sys, PetscInt id0, PetscInt id1, const PetscReal x0[], PetscReal fm[], PetscReal *fzmin,
                                PetscReal *fzmax)
{
  TriboMesh m = sys->mesh;

  PetscFunctionBeginUser;
  PetscCall(PetscArrayzero(fm, 6));
  *fzmin = PETSC_MAX_REAL, *fzmax = -PETSC_MAX_REAL;
  for (PetscInt i = 0; i < m->nnodes; i++) {
    PetscReal f[3], *x = m->X + 3 * i;
    if (m->nodeid[i] < id0 || m->nodeid[i] > id1) continue;
    for (PetscInt d = 0; d < 3; d++) {
      PetscInt j;
      PetscCall(TriboFEGetFreeDof(sys, i, d, &j));
      f[d] = 0;
      if (j >= 0) PetscCall(Entry(sys->F, j, &f[d]));
      fm[d] += f[d];
    }
    fm[3] += (x[1] - x0[1]) * f[2] - (x[2] - x0[2]) * f[1];
    fm[4] += (x[2] - x0[2]) * f[0] - (x[0] - x0[0]) * f[2];
    fm[5] += (x[0] - x0[0]) * f[1] - (x[1] - x0[1]) * f[0];
    if (PetscAbsReal(f[2]) > 1e-14) *fzmin = PetscMin(*fzmin, f[2]), *fzmax = PetscMax(*fzmax, f[2]);
  }
  PetscFunctionReturn(0);
}

// The FE system of a mesh, with the -fe_* options of the moment
static PetscErrorCode Assemble(TriboMesh m, TriboFESystem *sys)
{
  PetscFunctionBeginUser;
  PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, sys));
  PetscCall(TriboFESystemSetFromOptions(*sys));
  PetscCall(TriboFESystemSetMesh(*sys, m));
  PetscCall(TriboFESystemSetUp(*sys));
  PetscFunctionReturn(0);
}

// The default element-by-element reduction against T^T K_full T by MatPtAP (-fe_assembly_ptap)
static PetscErrorCode CompareWithPtAP(TriboMesh m, const char what[])
{
  TriboFESystem s[2];
  PetscReal     d[3], n[3];

  PetscFunctionBeginUser;
  PetscCall(Assemble(m, &s[0]));
  PetscCall(PetscOptionsSetValue(NULL, "-fe_assembly_ptap", "1"));
  PetscCall(Assemble(m, &s[1]));
  PetscCall(PetscOptionsClearValue(NULL, "-fe_assembly_ptap"));
  PetscCall(MatNorm(s[1]->K, NORM_FROBENIUS, &n[0]));
  PetscCall(MatNorm(s[1]->M, NORM_FROBENIUS, &n[1]));
  PetscCall(VecNorm(s[1]->F, NORM_2, &n[2]));
  PetscCall(MatAXPY(s[1]->K, -1, s[0]->K, DIFFERENT_NONZERO_PATTERN));
  PetscCall(MatAXPY(s[1]->M, -1, s[0]->M, DIFFERENT_NONZERO_PATTERN));
  PetscCall(VecAXPY(s[1]->F, -1, s[0]->F));
  PetscCall(MatNorm(s[1]->K, NORM_FROBENIUS, &d[0]));
  PetscCall(MatNorm(s[1]->M, NORM_FROBENIUS, &d[1]));
  PetscCall(VecNorm(s[1]->F, NORM_2, &d[2]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: direct vs MatPtAP |dK|/|K| %.1e |dM|/|M| %.1e |dF|/|F| %.1e\n", what, (double)(d[0] / n[0]),
                        (double)(d[1] / n[1]), (double)(d[2] / n[2])));
  PetscCall(TriboFESystemDestroy(&s[0]));
  PetscCall(TriboFESystemDestroy(&s[1]));
  PetscFunctionReturn(0);
}

// Linear field u = (-nu x, -nu y, z) / E on the free DOFs (rigid = 1: the 6 rigid motions instead) and on all DOFs
static PetscErrorCode TieCase(void)
{
  TriboMesh     m;
  TriboFESystem sys;
  Vec           r, ufull, uex, y;
  PetscReal     nf, ny, ne, ue, E = 1000, nu = 0.3;
  PetscMPIInt   rank;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(Read(0, &m));
  PetscCall(CompareWithPtAP(m, "tie"));
  PetscCall(Assemble(m, &sys));
  PetscCall(MatCreateVecs(sys->T, &r, &ufull));
  PetscCall(VecDuplicate(ufull, &uex));
  PetscCall(VecDuplicate(r, &y));
  if (!rank)
    for (PetscInt i = 0; i < m->nnodes; i++)
      for (PetscInt d = 0; d < 3; d++) {
        PetscInt  j;
        PetscReal u = (d == 2 ? 1 : -nu) * m->X[3 * i + d] / E;
        PetscCall(TriboFEGetFreeDof(sys, i, d, &j));
        if (j >= 0) PetscCall(VecSetValue(r, j, u, INSERT_VALUES));
        PetscCall(VecSetValue(uex, 3 * i + d, u, INSERT_VALUES));
      }
  PetscCall(VecAssemblyBegin(r));
  PetscCall(VecAssemblyEnd(r));
  PetscCall(VecAssemblyBegin(uex));
  PetscCall(VecAssemblyEnd(uex));
  PetscCall(MatMult(sys->K, r, y));
  PetscCall(VecAXPY(y, -1, sys->F));
  PetscCall(VecNorm(y, NORM_2, &ny));
  PetscCall(VecNorm(sys->F, NORM_2, &nf));
  PetscCall(MatMult(sys->T, r, ufull));
  PetscCall(VecAXPY(ufull, -1, uex));
  PetscCall(VecNorm(ufull, NORM_INFINITY, &ne));
  PetscCall(VecNorm(uex, NORM_INFINITY, &ue));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tie: ndof %" PetscInt_FMT " nfree %" PetscInt_FMT " |K r - F|/|F| %.1e |T r - u|/|u| %.1e\n", sys->ndof,
                        sys->nfree, (double)(ny / nf), (double)(ne / ue)));
  PetscCall(VecDestroy(&r));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&ufull));
  PetscCall(VecDestroy(&uex));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&m));
  PetscFunctionReturn(0);
}

// max |T r_k - r_full,k| over the 6 rigid motions about x0, including the reference-node rotations
static PetscErrorCode RigidConsistency(TriboFESystem sys, PetscReal *err)
{
  TriboMesh   m     = sys->mesh;
  PetscReal   x0[3] = {1.2, 0.3, 0.4}, e;
  Vec         r[6], u, ex;
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(TriboFEGetRigidModes(sys, x0, r));
  PetscCall(MatCreateVecs(sys->T, NULL, &u));
  PetscCall(VecDuplicate(u, &ex));
  *err = 0;
  for (PetscInt k = 0; k < 6; k++) {
    PetscCall(VecZeroEntries(ex));
    if (!rank)
      for (PetscInt i = 0; i < m->nnodes; i++) {
        PetscReal y[3], w = k - 3;
        for (PetscInt d = 0; d < 3; d++) y[d] = m->X[3 * i + d] - x0[d];
        for (PetscInt d = 0; d < 3; d++) {
          PetscInt  d1 = (d + 1) % 3, d2 = (d + 2) % 3;
          PetscReal v = k < 3 ? (PetscReal)(d == k) : (w == d1 ? y[d2] : (w == d2 ? -y[d1] : 0)); // (e_w x y)_d
          PetscCall(VecSetValue(ex, 3 * i + d, v, INSERT_VALUES));
          if (m->nodeid[i] > 1000 && sys->rotdof[i] >= 0)
            PetscCall(VecSetValue(ex, sys->rotdof[i] + d, (PetscReal)(k >= 3 && d == w), INSERT_VALUES));
        }
      }
    PetscCall(VecAssemblyBegin(ex));
    PetscCall(VecAssemblyEnd(ex));
    PetscCall(MatMult(sys->T, r[k], u));
    PetscCall(VecAXPY(u, -1, ex));
    PetscCall(VecNorm(u, NORM_INFINITY, &e));
    *err = PetscMax(*err, e);
    PetscCall(VecDestroy(&r[k]));
  }
  PetscCall(VecDestroy(&u));
  PetscCall(VecDestroy(&ex));
  PetscFunctionReturn(0);
}

static PetscErrorCode CouplingCase(void)
{
  const char   *cases[3] = {"FZ", "FX", "MY"};
  PetscReal     xc[3] = {0.5, 0.5, 0.5}, fm[6], fmin, fmax, err = 0, res[6], rmax = 0;
  TriboMesh     m;
  TriboFESystem sys;

  PetscFunctionBeginUser;
  PetscCall(Read(1, &m));
  PetscCall(PetscOptionsSetValue(NULL, "-fe_loadcase", "FX"));
  PetscCall(CompareWithPtAP(m, "couplings"));
  PetscCall(PetscOptionsClearValue(NULL, "-fe_loadcase"));
  for (PetscInt c = 0; c < 3; c++) { // the same through the setter
    PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, &sys));
    PetscCall(TriboFESystemSetFromOptions(sys));
    PetscCall(TriboFESystemSetLoadCase(sys, cases[c]));
    PetscCall(TriboFESystemSetMesh(sys, m));
    PetscCall(TriboFESystemSetUp(sys));
    if (c == 0) {
      PetscCall(RigidConsistency(sys, &err));
      PetscCall(TriboFECheckRigidBody(sys, res));
      for (PetscInt k = 0; k < 6; k++) rmax = PetscMax(rmax, res[k]);
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "couplings: ndof %" PetscInt_FMT " nfree %" PetscInt_FMT " rigid |T r - r_full| %.1e |K r| %.1e\n",
                            sys->ndof, sys->nfree, (double)err, (double)rmax));
    }
    PetscCall(Resultant(sys, 1, 99, xc, fm, &fmin, &fmax));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "distributing %s: F %.12f %.12f %.12f M(centroid) %.12f %.12f %.12f", sys->loadcase, (double)fm[0],
                          (double)fm[1], (double)fm[2], (double)fm[3], (double)fm[4], (double)fm[5]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, c == 0 ? " nodal z-force min %.12f max %.12f\n" : "\n", (double)fmin, (double)fmax));
    PetscCall(TriboFESystemDestroy(&sys));
  }
  PetscCall(TriboMeshDestroy(&m));
  PetscFunctionReturn(0);
}

static PetscErrorCode EquationCase(void)
{
  TriboMesh     m;
  TriboFESystem sys;
  PetscInt      n[3] = {5, 102, 105}, j[3]; // a, b, c
  PetscReal     t[2], rs[2], fc;
  Vec           e, r;

  PetscFunctionBeginUser;
  PetscCall(Read(2, &m));
  PetscCall(CompareWithPtAP(m, "equations"));
  PetscCall(Assemble(m, &sys));
  for (PetscInt k = 0; k < 3; k++) PetscCall(TriboFEGetFreeDof(sys, n[k] = Node(m, n[k]), 0, &j[k]));
  PetscCall(MatCreateVecs(sys->T, &r, &e));
  for (PetscInt k = 0; k < 2; k++) { // row of T of the x-DOF of a and of b: T^T e
    PetscCall(VecZeroEntries(e));
    PetscCall(VecSetValue(e, 3 * n[k], 1, INSERT_VALUES));
    PetscCall(VecAssemblyBegin(e));
    PetscCall(VecAssemblyEnd(e));
    PetscCall(MatMultTranspose(sys->T, e, r));
    PetscCall(VecNorm(r, NORM_1, &rs[k]));
    PetscCall(Entry(r, j[2], &t[k]));
  }
  PetscCall(Entry(sys->F, j[2], &fc));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "equations: ndof %" PetscInt_FMT " nfree %" PetscInt_FMT " free DOF of a %" PetscInt_FMT " b %" PetscInt_FMT
                        " c independent %s\n",
                        sys->ndof, sys->nfree, j[0], j[1], j[2] >= 0 ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "equations: u_a = %.12f u_c row sum %.12f u_b = %.12f u_c row sum %.12f load on a reaches c %.12f\n",
                        (double)t[0], (double)rs[0], (double)t[1], (double)rs[1], (double)fc));
  PetscCall(VecDestroy(&e));
  PetscCall(VecDestroy(&r));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&m));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TieCase());
  PetscCall(CouplingCase());
  PetscCall(EquationCase());
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t321-constraints.out
    rtol: 1e-10
    atol: 1e-11
TEST*/
