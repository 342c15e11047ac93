/* Element library (src/fe/hex.c, c3d8r.c, c3d8i.c):
   - the zero-energy modes of one distorted C3D8R: 6 rigid-body + 12 hourglass modes without
     hourglass stiffness, only the 6 rigid ones with it (default and enhanced); C3D8I: 6;
   - unit cube C3D8 (E = 1, nu = 0.3): the 24 eigenvalues of K (6 zero), the volumetric mode
     u = x - x_c with eigenvalue (3 lambda + 2 mu)/2 = E/(2(1-2nu)) = 1.25, and the total face
     forces of a uniform stretch (C3D8 and C3D20);
   - distorted C3D8, C3D8R, C3D8I, C3D20, C3D4, C3D10 (straight edges): K r = 0 for the 6 rigid motions, the
     weak-form patch test v^T K u = V grad(v) : sigma(u) for a linear u and the 9 linear v, and the
     mass of a translation 1^T M_x 1 = rho V;
   - a free-free 40 x 2 x 2 C3D8 steel beam assembled by TriboFESystemSetUp (on 1 and 2 ranks): the
     first bending pair against Euler-Bernoulli. */
#include <tribofe.h>
#include <tribo/private/feimpl.h>
#include <slepceps.h>
#include <petscblaslapack.h>

static const PetscInt HexEdge[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
static const PetscInt TetEdge[6][2]  = {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}};

// Corner coordinates plus mid-edge nodes at the edge midpoints (quadratic types)
static void Nodes(TriboElementType t, const PetscReal C[], PetscReal X[])
{
  PetscBool hex = (PetscBool)TriboElementIsHex(t);
  PetscInt  nc = hex ? 8 : 4, ne = (TriboElementNodes[t] - nc);
  const PetscInt(*E)[2] = hex ? HexEdge : TetEdge;
  for (PetscInt k = 0; k < 3 * nc; k++) X[k] = C[k];
  for (PetscInt e = 0; e < ne; e++)
    for (PetscInt i = 0; i < 3; i++) X[3 * (nc + e) + i] = 0.5 * (C[3 * E[e][0] + i] + C[3 * E[e][1] + i]);
}

static PetscErrorCode ElementChecks(TriboElementType t, const PetscReal C[], PetscReal V)
{
  PetscInt  n = TriboElementNodes[t], m = 3 * n;
  PetscReal X[60], *K, *M, u[60], v[60], kmax = 0, rig = 0, patch = 0, mass = 0, lam = 0.3 / (1.3 * 0.4), mu = 1 / 2.6;
  PetscReal H[3][3] = {{1e-3, 2e-4, -3e-4}, {5e-4, -2e-4, 1e-4}, {0, 3e-4, 4e-4}}, S[3][3], tr = H[0][0] + H[1][1] + H[2][2], smax = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(m * m, &K, m * m, &M));
  Nodes(t, C, X);
  PetscCall(TriboFEElementMatrices(t, X, 1.0, 0.3, 1.0, K, M));
  for (PetscInt k = 0; k < m * m; k++) kmax = PetscMax(kmax, PetscAbsReal(K[k]));
  for (PetscInt r = 0; r < 6; r++) { // rigid motions: translations, rotations e_r x x
    for (PetscInt a = 0; a < n; a++)
      for (PetscInt i = 0; i < 3; i++) {
        PetscInt   w = r - 3, i1 = (i + 1) % 3, i2 = (i + 2) % 3;
        PetscReal *x = X + 3 * a;
        u[3 * a + i] = r < 3 ? (PetscReal)(i == r) : (w == i1 ? x[i2] : (w == i2 ? -x[i1] : 0));
      }
    for (PetscInt p = 0; p < m; p++) {
      PetscReal s = 0;
      for (PetscInt q = 0; q < m; q++) s += K[p * m + q] * u[q];
      rig = PetscMax(rig, PetscAbsReal(s) / kmax);
    }
  }
  // sigma = lam tr(H) I + mu (H + H^T); u = H x; v = G x with G = e_i e_j^T: v^T K u = V sigma_ij
  for (PetscInt i = 0; i < 3; i++)
    for (PetscInt j = 0; j < 3; j++) S[i][j] = (i == j ? lam * tr : 0) + mu * (H[i][j] + H[j][i]), smax = PetscMax(smax, PetscAbsReal(S[i][j]));
  for (PetscInt a = 0; a < n; a++)
    for (PetscInt i = 0; i < 3; i++) u[3 * a + i] = H[i][0] * X[3 * a] + H[i][1] * X[3 * a + 1] + H[i][2] * X[3 * a + 2];
  for (PetscInt i = 0; i < 3; i++)
    for (PetscInt j = 0; j < 3; j++) {
      PetscReal w = 0;
      for (PetscInt a = 0; a < n; a++)
        for (PetscInt k = 0; k < 3; k++) v[3 * a + k] = k == i ? X[3 * a + j] : 0;
      for (PetscInt p = 0; p < m; p++)
        for (PetscInt q = 0; q < m; q++) w += v[p] * K[p * m + q] * u[q];
      patch = PetscMax(patch, PetscAbsReal(w - V * S[i][j]) / (V * smax));
    }
  for (PetscInt a = 0; a < n; a++)
    for (PetscInt b = 0; b < n; b++) mass += M[3 * a * m + 3 * b];
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s distorted: rigid residual %.1e patch error %.1e 1^T M_x 1 / rho %.12f\n", TriboElementTypes[t],
                        (double)rig, (double)patch, (double)mass));
  PetscCall(PetscFree2(K, M));
  PetscFunctionReturn(0);
}

// Uniform stretch u_x = eps x of the unit cube (eps = 1): total x-force on x = 1, y-force on y = 1
static PetscErrorCode Stretch(TriboElementType t, const PetscReal C[])
{
  PetscInt  n = TriboElementNodes[t], m = 3 * n;
  PetscReal X[60], K[3600], fx = 0, fy = 0;

  PetscFunctionBeginUser;
  Nodes(t, C, X);
  PetscCall(TriboFEElementMatrices(t, X, 1.0, 0.3, 1.0, K, NULL));
  for (PetscInt a = 0; a < n; a++) {
    PetscReal f[2] = {0, 0};
    for (PetscInt b = 0; b < n; b++) f[0] += K[(3 * a) * m + 3 * b] * X[3 * b], f[1] += K[(3 * a + 1) * m + 3 * b] * X[3 * b];
    if (X[3 * a] == 1) fx += f[0];
    if (X[3 * a + 1] == 1) fy += f[1];
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s unit cube stretch: x-force on x = 1 %.10f y-force on y = 1 %.10f\n", TriboElementTypes[t], (double)fx,
                        (double)fy));
  PetscFunctionReturn(0);
}

static PetscErrorCode CubeEigenvalues(const PetscReal C[])
{
  PetscReal    K[576], w[24], work[24 * 34], u[24], Ku, uu = 0, res = 0;
  PetscBLASInt n = 24, lwork = 24 * 34, info;
  PetscInt     nz = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboFEElementMatrices(TRIBO_EL_C3D8, C, 1.0, 0.3, 1.0, K, NULL));
  for (PetscInt a = 0; a < 24; a++) u[a] = C[a] - 0.5, uu += u[a] * u[a];
  for (PetscInt p = 0; p < 24; p++) {
    Ku = 0;
    for (PetscInt q = 0; q < 24; q++) Ku += K[p * 24 + q] * u[q];
    res = PetscMax(res, PetscAbsReal(Ku - 1.25 * u[p]));
  }
  PetscCallBLAS("LAPACKsyev", LAPACKsyev_("N", "U", &n, K, &n, w, work, &lwork, &info));
  PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK syev failed: %d", (int)info);
  for (PetscInt k = 0; k < 24; k++) nz += PetscAbsReal(w[k]) < 1e-12;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C3D8 unit cube: %" PetscInt_FMT " zero eigenvalues; the others:\n", nz));
  for (PetscInt k = 6; k < 24; k++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%.10f%s", (double)w[k], k % 6 == 5 ? "\n" : " "));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C3D8 unit cube volumetric mode: K u - 1.25 u = %.1e\n", (double)res));
  PetscFunctionReturn(0);
}

// Eigenvalues of one element's stiffness below 1e-10 of the largest: the zero-energy modes
static PetscErrorCode ZeroModes(TriboElementType t, PetscReal hg, const PetscReal X[], const char *what)
{
  PetscReal    K[576], M[64], w[24], work[24 * 34], det;
  PetscBLASInt n = 24, lwork = 24 * 34, info;
  PetscInt     nz = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboFEElementMatrices_Private(t, X, 1.0, 0.3, 1.0, hg, K, M, &det));
  PetscCallBLAS("LAPACKsyev", LAPACKsyev_("N", "U", &n, K, &n, w, work, &lwork, &info));
  PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK syev failed: %d", (int)info);
  for (PetscInt k = 0; k < 24; k++) nz += PetscAbsReal(w[k]) < 1e-10 * w[23];
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s distorted, %s: %" PetscInt_FMT " zero-energy modes, the others above 1e-5 of the largest: %s\n",
                        TriboElementTypes[t], what, nz, w[nz] > 1e-5 * w[23] ? "yes" : "no"));
  PetscFunctionReturn(0);
}

// Free-free beam nx x 2 x 2 of C3D8 (in memory), first two bending frequencies by shift-invert
static PetscErrorCode Beam(void)
{
  const PetscInt nx = 40, ny = 2, nz = 2;
  PetscReal      L = 0.4, h = 0.02, E = 210e9, rho = 7800, f[2], fEB;
  TriboMesh      m;
  TriboFESystem  sys;
  EPS            eps;
  ST             st;
  KSP            ksp;
  PC             pc;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &m));
  PetscCall(PetscStrncpy(m->file, "beam (in memory)", sizeof(m->file)));
  m->nnodes = (nx + 1) * (ny + 1) * (nz + 1), m->nelem = nx * ny * nz, m->nmats = 1;
  // separate allocations: TriboMeshDestroy() frees each array
  PetscCall(PetscMalloc1(3 * m->nnodes, &m->X));
  PetscCall(PetscMalloc1(m->nnodes, &m->nodeid));
  PetscCall(PetscMalloc1(m->nelem, &m->etype));
  PetscCall(PetscMalloc1(m->nelem + 1, &m->eptr));
  PetscCall(PetscMalloc1(8 * m->nelem, &m->conn));
  PetscCall(PetscMalloc1(m->nelem, &m->emat));
  PetscCall(PetscMalloc1(m->nelem, &m->elemid));
  PetscCall(PetscCalloc1(1, &m->mats));
  m->mats[0].E = E, m->mats[0].nu = 0.3, m->mats[0].rho = rho, m->mats[0].hasE = m->mats[0].hasrho = PETSC_TRUE;
  for (PetscInt i = 0, k = 0; i <= nx; i++)
    for (PetscInt j = 0; j <= ny; j++)
      for (PetscInt l = 0; l <= nz; l++, k++)
        m->X[3 * k] = L * i / nx, m->X[3 * k + 1] = h * j / ny, m->X[3 * k + 2] = h * l / nz, m->nodeid[k] = k + 1;
  for (PetscInt i = 0, e = 0; i < nx; i++)
    for (PetscInt j = 0; j < ny; j++)
      for (PetscInt l = 0; l < nz; l++, e++) {
        PetscInt o[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
        for (PetscInt a = 0; a < 8; a++) m->conn[8 * e + a] = ((i + o[a][0]) * (ny + 1) + j + o[a][1]) * (nz + 1) + l + o[a][2];
        m->etype[e] = TRIBO_EL_C3D8, m->eptr[e] = 8 * e, m->emat[e] = 0, m->elemid[e] = e + 1;
      }
  m->eptr[m->nelem] = 8 * m->nelem;
  PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, &sys));
  PetscCall(TriboFESystemSetFromOptions(sys));
  PetscCall(TriboFESystemSetMesh(sys, m));
  PetscCall(TriboFESystemSetUp(sys));
  PetscCall(EPSCreate(PETSC_COMM_WORLD, &eps));
  PetscCall(EPSSetOperators(eps, sys->K, sys->M));
  PetscCall(EPSSetProblemType(eps, EPS_GHEP));
  PetscCall(EPSSetDimensions(eps, 8, PETSC_DEFAULT, PETSC_DEFAULT));
  PetscCall(EPSSetTolerances(eps, 1e-12, 200));
  PetscCall(EPSSetTarget(eps, -1e5));
  PetscCall(EPSSetWhichEigenpairs(eps, EPS_TARGET_MAGNITUDE));
  PetscCall(EPSGetST(eps, &st));
  PetscCall(STSetType(st, STSINVERT));
  PetscCall(STGetKSP(st, &ksp));
  PetscCall(KSPSetType(ksp, KSPPREONLY));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCLU));
  PetscCall(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  PetscCall(EPSSolve(eps));
  for (PetscInt k = 6; k < 8; k++) {
    PetscScalar lr;
    PetscCall(EPSGetEigenvalue(eps, k, &lr, NULL));
    f[k - 6] = PetscSqrtReal(PetscRealPart(lr)) / (2 * PETSC_PI);
  }
  fEB = PetscSqr(4.730040744862704) / (2 * PETSC_PI * L * L) * PetscSqrtReal(E * h * h / (12 * rho));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "beam 40x2x2 C3D8: mass %.6f kg first bending pair %.4f %.4f Hz\n", (double)sys->mass, (double)f[0],
                        (double)f[1]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "beam: within 7%% above Euler-Bernoulli %.6f Hz: %s\n", (double)fEB,
                        f[0] > fEB && f[1] < 1.07 * fEB ? "yes" : "no"));
  PetscCall(EPSDestroy(&eps));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&m));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal cube[24] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1};
  PetscReal hex[24]  = {0,    0,     0,    1.1,  0.05, -0.02, 1.05, 0.95, 0.03, -0.04, 1.02, 0.0,
                        0.03, -0.02, 0.97, 0.98, 0.04, 1.05,  1.02, 1.08, 0.96, 0.01,  0.97, 1.03};
  PetscReal tet[12]  = {0, 0, 0, 1.1, 0.05, -0.02, 0.03, 0.95, 0.04, -0.02, 0.06, 1.05};
  PetscReal Vhex = 1.02481958333333, Vtet = 0.182096500000; // /usr/bin/python3 (numpy): see the expected output

  PetscCall(SlepcInitialize(&argc, &argv, NULL, NULL));
  PetscCall(CubeEigenvalues(cube));
  PetscCall(Stretch(TRIBO_EL_C3D8, cube));
  PetscCall(Stretch(TRIBO_EL_C3D20, cube));
  PetscCall(ElementChecks(TRIBO_EL_C3D8, hex, Vhex));
  PetscCall(ElementChecks(TRIBO_EL_C3D8R, hex, Vhex));
  PetscCall(ElementChecks(TRIBO_EL_C3D8I, hex, Vhex));
  PetscCall(ZeroModes(TRIBO_EL_C3D8R, 0, hex, "no hourglass stiffness"));
  PetscCall(ZeroModes(TRIBO_EL_C3D8R, -1, hex, "default hourglass stiffness"));
  PetscCall(ZeroModes(TRIBO_EL_C3D8R, 1, hex, "enhanced"));
  PetscCall(ZeroModes(TRIBO_EL_C3D8I, -1, hex, "incompatible modes"));
  PetscCall(ElementChecks(TRIBO_EL_C3D20, hex, Vhex));
  PetscCall(ElementChecks(TRIBO_EL_C3D4, tet, Vtet));
  PetscCall(ElementChecks(TRIBO_EL_C3D10, tet, Vtet));
  PetscCall(Beam());
  PetscCall(SlepcFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t320-hex.out
    rtol: 1e-6
    atol: 1e-9
TEST*/
