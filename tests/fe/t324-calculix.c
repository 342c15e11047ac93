static const char help[] =
    "Free-free natural frequencies of a small distorted steel bar, the deck that tests/cli/t324-calculix.sh also gives to CalculiX.\n"
    "  -write FILE -type C3D8|C3D20|C3D20R|C3D8I  write the deck (with a *FREQUENCY step for ccx) and stop\n"
    "  -deck FILE                                read a deck, assemble K and M, print the mass and the 12 lowest elastic frequencies\n"
    "  (neither)                                 the four decks through temporary files, one after the other\n";
/* The independent check of tribo's assembled stiffness and mass (src/fe) against CalculiX: the bar
   0.1 x 0.02 x 0.01 m, 8 x 3 x 2 hexahedra, E = 210 GPa, nu = 0.3, rho = 7800 kg/m^3; the interior
   corner nodes are moved by up to 20 % of the element size and (C3D20, C3D20R) the mid-edge nodes
   by up to 4 % from the midpoints, so that no element is a parallelepiped and the quadratic
   elements' edges are curved. K and M are assembled by TriboFESystemSetUp() from the deck as read
   by TriboMeshReadAbaqus(), gathered on every rank (MatCreateRedundantMatrix()) and the
   generalized problem is solved densely (LAPACK sygv): 6 rigid-body modes (counted below 10 Hz),
   then the elastic ones.
   tests/cli/t324-calculix.sh compares these with ccx when it is installed. The expected output of
   the runner's case (tests/fe/output/t324-calculix.out) holds ccx 2.20's frequencies for C3D8,
   C3D20 and C3D20R (for C3D20R with ccx's C3D20 mass: ccx integrates the C3D20R mass 2x2x2, tribo
   3x3x3), so that the comparison also runs without ccx, and tribo's own for C3D8I, whose
   formulation differs from ccx's. */
#include <tribofe.h>
#include <petscblaslapack.h>
#include <unistd.h>

#define NX     8
#define NY     3
#define NZ     2
#define NMODES 12
/* Modes asked of ccx: its ARPACK runs with tol 1e-2 and 5 nev Lanczos vectors (frequencys.f), which
   left one of the lowest 18 frequencies 1.1e-6 off with 18 asked, 1.6e-7 with 30 */
#define NCCX 30

static const PetscInt HexCorner[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
static const PetscInt HexEdge[12][2]  = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};

// A deterministic number in [-1, 1] for grid position (i, j, k) and component c
static PetscReal Jitter(PetscInt i, PetscInt j, PetscInt k, PetscInt c)
{
  unsigned h = (unsigned)i * 73856093u ^ (unsigned)j * 19349663u ^ (unsigned)k * 83492791u ^ (unsigned)(c + 1) * 2654435761u;

  h ^= h >> 13, h *= 0x5bd1e995u, h ^= h >> 15;
  return (PetscReal)(h % 20001u) / 10000.0 - 1.0;
}

/* The deck of the bar with elements of type t (C3D8, C3D8I or C3D20R), written by rank 0. Nodes
   live on the grid of doubled indices (2 NX + 1) x (2 NY + 1) x (2 NZ + 1): corners at even
   positions, mid-edge nodes (quadratic type) where exactly one index is odd. */
static PetscErrorCode WriteDeck(MPI_Comm comm, const char file[], TriboElementType t)
{
  const PetscInt  n[3] = {NX, NY, NZ}, N[3] = {2 * NX + 1, 2 * NY + 1, 2 * NZ + 1};
  const PetscReal size[3] = {0.1, 0.02, 0.01};
  PetscBool       quad    = (PetscBool)(TriboElementNodes[t] == 20);
  PetscInt       *id, nn = 0, ne = 0;
  PetscReal      *X;
  PetscMPIInt     rank;
  FILE           *fp;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (rank) PetscFunctionReturn(0);
  PetscCall(PetscMalloc2(N[0] * N[1] * N[2], &id, 3 * N[0] * N[1] * N[2], &X));
  PetscCall(PetscFOpen(PETSC_COMM_SELF, file, "w", &fp));
  PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "*HEADING\nt324-calculix: free-free steel bar 0.1 x 0.02 x 0.01 m, %d x %d x %d %s, distorted\n", NX,
                         NY, NZ, TriboElementTypes[t]));
  PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "*NODE, NSET=NALL\n"));
  // corners first (all of them, so that the mid-edge nodes can use their positions), then mid-edge nodes
  for (PetscInt pass = 0; pass < 2; pass++)
    for (PetscInt gi = 0; gi < N[0]; gi++)
      for (PetscInt gj = 0; gj < N[1]; gj++)
        for (PetscInt gk = 0; gk < N[2]; gk++) {
          PetscInt g = (gi * N[1] + gj) * N[2] + gk, P[3] = {gi, gj, gk}, odd = gi % 2 + gj % 2 + gk % 2;

          if (pass == 0) id[g] = -1;
          if ((pass == 0 && odd) || (pass == 1 && (odd != 1 || !quad))) continue;
          for (PetscInt c = 0; c < 3; c++) {
            PetscReal h = size[c] / n[c];

            if (pass == 0) { // corner: interior ones moved by up to 20 % of the element size
              PetscBool inner = (PetscBool)(gi > 0 && gi < N[0] - 1 && gj > 0 && gj < N[1] - 1 && gk > 0 && gk < N[2] - 1);
              X[3 * g + c]    = size[c] * P[c] / (2 * n[c]) + (inner ? 0.2 * h * Jitter(gi, gj, gk, c) : 0);
            } else { // mid-edge: the midpoint of its corners moved by up to 4 % of the element size
              PetscInt a[3] = {gi, gj, gk}, b[3] = {gi, gj, gk}, ga, gb;

              for (PetscInt d = 0; d < 3; d++)
                if (P[d] % 2) a[d]--, b[d]++;
              ga = (a[0] * N[1] + a[1]) * N[2] + a[2], gb = (b[0] * N[1] + b[1]) * N[2] + b[2];
              X[3 * g + c] = 0.5 * (X[3 * ga + c] + X[3 * gb + c]) + 0.04 * h * Jitter(gi, gj, gk, c);
            }
          }
          id[g] = ++nn; // 13 digits: ccx reads the first 20 characters of a coordinate only
          PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "%" PetscInt_FMT ", %.13g, %.13g, %.13g\n", nn, (double)X[3 * g], (double)X[3 * g + 1],
                                 (double)X[3 * g + 2]));
        }
  PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "*ELEMENT, TYPE=%s, ELSET=EALL\n", TriboElementTypes[t]));
  for (PetscInt i = 0; i < NX; i++)
    for (PetscInt j = 0; j < NY; j++)
      for (PetscInt k = 0; k < NZ; k++) {
        PetscInt v[20], nv = quad ? 20 : 8;

        for (PetscInt a = 0; a < 8; a++)
          v[a] = id[((2 * (i + HexCorner[a][0])) * N[1] + 2 * (j + HexCorner[a][1])) * N[2] + 2 * (k + HexCorner[a][2])];
        for (PetscInt e = 0; quad && e < 12; e++) {
          const PetscInt *p = HexCorner[HexEdge[e][0]], *q = HexCorner[HexEdge[e][1]];

          v[8 + e] = id[((2 * i + p[0] + q[0]) * N[1] + 2 * j + p[1] + q[1]) * N[2] + 2 * k + p[2] + q[2]];
        }
        PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "%" PetscInt_FMT, ++ne));
        // Abaqus data lines hold at most 16 entries: a C3D20R continues on a second line
        for (PetscInt a = 0; a < nv; a++) PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "%s%" PetscInt_FMT, a == 15 ? ",\n" : ", ", v[a]));
        PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp, "\n"));
      }
  PetscCall(PetscFPrintf(PETSC_COMM_SELF, fp,
                         "*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n*DENSITY\n7800.\n*SOLID SECTION, ELSET=EALL, MATERIAL=STEEL\n"
                         "*STEP\n*FREQUENCY\n%d\n*END STEP\n",
                         NCCX));
  PetscCall(PetscFClose(PETSC_COMM_SELF, fp));
  PetscCall(PetscFree2(id, X));
  PetscFunctionReturn(0);
}

// The deck's mass and its elastic free-free frequencies (Hz), all ranks
static PetscErrorCode Frequencies(MPI_Comm comm, const char file[], PetscInt *nel, PetscInt *ndof, PetscReal *mass, PetscInt *nrigid, PetscReal f[])
{
  TriboMesh          mesh;
  TriboFESystem      sys;
  Mat                Kr, Mr, Kd, Md;
  const PetscScalar *k, *m;
  PetscScalar       *A, *B, *work;
  PetscReal         *w;
  PetscInt           n, lk, lm;
  PetscBLASInt       bn, lwork, info, itype = 1;
  PetscMPIInt        size;

  PetscFunctionBeginUser;
  PETSC_STDOUT = PETSC_STDERR; // the reader's warning about *FREQUENCY is not this test's output
  PetscCall(TriboMeshCreate(comm, &mesh));
  PetscCall(TriboMeshSetFromOptions(mesh));
  PetscCall(TriboMeshReadAbaqus(mesh, file));
  PETSC_STDOUT = stdout;
  PetscCall(TriboFESystemCreate(comm, &sys));
  PetscCall(TriboFESystemSetFromOptions(sys));
  PetscCall(TriboFESystemSetMesh(sys, mesh));
  PetscCall(TriboFESystemSetUp(sys));
  *nel = mesh->nelem, *ndof = sys->nfree, *mass = sys->mass;
  // every rank gets the whole of K and M (one sub-communicator per rank) and solves densely
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(MatCreateRedundantMatrix(sys->K, size, MPI_COMM_NULL, MAT_INITIAL_MATRIX, &Kr));
  PetscCall(MatCreateRedundantMatrix(sys->M, size, MPI_COMM_NULL, MAT_INITIAL_MATRIX, &Mr));
  PetscCall(MatConvert(Kr, MATDENSE, MAT_INITIAL_MATRIX, &Kd));
  PetscCall(MatConvert(Mr, MATDENSE, MAT_INITIAL_MATRIX, &Md));
  PetscCall(MatGetSize(Kd, &n, NULL));
  PetscCall(PetscBLASIntCast(n, &bn));
  lwork = 64 * bn;
  PetscCall(PetscMalloc4(n * n, &A, n * n, &B, lwork, &work, n, &w));
  PetscCall(MatDenseGetArrayRead(Kd, &k));
  PetscCall(MatDenseGetArrayRead(Md, &m));
  PetscCall(MatDenseGetLDA(Kd, &lk));
  PetscCall(MatDenseGetLDA(Md, &lm));
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < n; i++) A[i + n * j] = k[i + lk * j], B[i + n * j] = m[i + lm * j];
  PetscCall(MatDenseRestoreArrayRead(Kd, &k));
  PetscCall(MatDenseRestoreArrayRead(Md, &m));
  PetscCallBLAS("LAPACKsygv", LAPACKsygv_(&itype, "N", "U", &bn, A, &bn, B, &bn, w, work, &lwork, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK sygv failed, info %d", (int)info);
  // rigid-body modes: below 10 Hz
  for (*nrigid = 0; *nrigid < n && PetscAbsReal(w[*nrigid]) < PetscSqr(2 * PETSC_PI * 10);) (*nrigid)++;
  for (PetscInt i = 0; i < NMODES; i++) f[i] = PetscSqrtReal(w[6 + i]) / (2 * PETSC_PI);
  PetscCall(PetscFree4(A, B, work, w));
  PetscCall(MatDestroy(&Kd));
  PetscCall(MatDestroy(&Md));
  PetscCall(MatDestroy(&Kr));
  PetscCall(MatDestroy(&Mr));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&mesh));
  PetscFunctionReturn(0);
}

static PetscErrorCode Report(MPI_Comm comm, const char file[], const char *label)
{
  PetscInt  nel = 0, ndof = 0, nrigid = 0;
  PetscReal mass = 0, f[NMODES];

  PetscFunctionBeginUser;
  PetscCall(Frequencies(comm, file, &nel, &ndof, &mass, &nrigid, f));
  PetscCall(PetscPrintf(comm,
                        "%s: %" PetscInt_FMT " elements, %" PetscInt_FMT " DOFs, mass %.10f kg, rigid-body modes below 10 Hz: %" PetscInt_FMT "\n",
                        label, nel, ndof, (double)mass, nrigid));
  for (PetscInt i = 0; i < NMODES; i++) PetscCall(PetscPrintf(comm, "%s mode %" PetscInt_FMT ": %.10e Hz\n", label, 7 + i, (double)f[i]));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char             file[PETSC_MAX_PATH_LEN], tmp[PETSC_MAX_PATH_LEN];
  PetscBool        write, deck;
  TriboElementType t = TRIBO_EL_C3D8;
  PetscMPIInt      rank;
  MPI_Comm         comm;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  comm = PETSC_COMM_WORLD;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscOptionsGetEnum(NULL, NULL, "-type", TriboElementTypes, (PetscEnum *)&t, NULL));
  PetscCheck(TriboElementIsHex(t) && t != TRIBO_EL_C3D8R, comm, PETSC_ERR_USER_INPUT, "-type must be C3D8, C3D8I, C3D20 or C3D20R");
  PetscCall(PetscOptionsGetString(NULL, NULL, "-write", file, sizeof(file), &write));
  if (write) {
    PetscCall(WriteDeck(comm, file, t));
    PetscCall(PetscFinalize());
    return 0;
  }
  PetscCall(PetscOptionsGetString(NULL, NULL, "-deck", file, sizeof(file), &deck));
  if (deck)
    PetscCall(Report(comm, file, "tribo"));
  else {
    const TriboElementType types[4] = {TRIBO_EL_C3D8, TRIBO_EL_C3D20, TRIBO_EL_C3D20R, TRIBO_EL_C3D8I};

    PetscCall(PetscGetTmp(comm, tmp, sizeof(tmp)));
    for (PetscInt i = 0; i < 4; i++) {
      int pid = (int)getpid(); // rank 0's, so that the ranks agree on the name

      PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, comm));
      PetscCall(PetscSNPrintf(file, sizeof(file), "%s/t324-calculix-%d-%s.inp", tmp, pid, TriboElementTypes[types[i]]));
      PetscCall(WriteDeck(comm, file, types[i]));
      PetscCallMPI(MPI_Barrier(comm));
      PetscCall(Report(comm, file, TriboElementTypes[types[i]]));
      PetscCallMPI(MPI_Barrier(comm));
      if (!rank) PetscCheck(!remove(file), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot remove %s", file);
    }
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t324-calculix.out
    rtol: 1e-6
    atol: 1e-9
TEST*/
