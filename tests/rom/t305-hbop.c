/* The distributed bordered HB solver TriboHBOp against dense LAPACK, on the built-in lap-frame model, harmonics 0..3,
   Nt = 64, on 1, 2 and 3 ranks:
   (a) edf friction about the bolt prestress with microslip (the state of t304 (b)): the bordered matrix
       [[(S(omega) + J) diag(s), B], [C^T, E]] built densely here from K, M and TriboJointEvaluateHB()'s dense J, with
       Rayleigh damping less an EPMC-like xi (alpha < 0), s = (1, A, ..., A), fixed pseudo-random B, C, E, b; the forces of
       TriboHBOpEvaluate() against TriboJointEvaluateHB()'s, and TriboHBOpSolve() (GMRES, bordered modal preconditioner
       with the stuck prestress tangent) checked by its backward error for the dense matrix. This Jacobian is nearly
       singular (LAPACK dgecon: cond_1 ~ 1e17, without the border too; the ROM alone spans eigenvalues 3e2..4e13), so
       dense solvers disagree with each other (LAPACK against MUMPS 3e-4, LAPACK on J summed in another rank order
       1e-3): the solution itself is compared with LAPACK's to 1e-2 only;
   (b) a bonded linear joint at omega = the first natural frequency of (K + K_j, M), undamped: Jxx is singular (the cos
       and sin of mode 1 at harmonic 1, the EPMC's phase direction among them); the border (M phi on the cos-1 and sin-1
       rows, phi on their columns, a random third) makes the bordered matrix regular: TriboHBOpSolve() and the assembled
       MUMPS path (-hbop_direct) against LAPACK (cond ~ 1e11 here: 1e-6) and by their backward errors.
   Iteration counts are not printed (they differ with the rank count: 146, 136, 72 in (a)). */
#include <tribo.h>
#include <petscblaslapack.h>

static PetscReal Rnd(PetscInt i, PetscInt seed)
{
  return PetscSinReal(12.9898 * i + 78.233 * seed + 0.5) * 43758.5453 - PetscFloorReal(PetscSinReal(12.9898 * i + 78.233 * seed + 0.5) * 43758.5453) -
         0.5;
}

/* dense bordered matrix: S(omega) diag(s) from K, M, plus Jd diag(s) (Jd may be NULL), border B, C, E */
static void Dense(PetscInt n, PetscInt nc, const PetscInt hk[], const PetscReal K[], const PetscReal M[], const PetscReal Jd[], PetscReal w0,
                  PetscReal al, PetscReal be, const PetscReal s[], PetscInt m, const PetscReal B[], const PetscReal C[], const PetscReal E[],
                  PetscReal A[])
{
  PetscInt N = nc * n, L = N + m;
  for (PetscInt a = 0; a < L * L; a++) A[a] = 0;
  for (PetscInt k = 0; k < nc; k++) {
    PetscInt  h = hk[k], kc = (h && (k - nc % 2) % 2) ? k - 1 : k;
    PetscReal w = h * w0;
    for (PetscInt l = (h ? kc : k); l <= (h ? kc + 1 : k); l++)
      for (PetscInt c = 0; c < n; c++)
        for (PetscInt r = 0; r < n; r++) {
          PetscReal Kv = K[r + n * c], Mv = M[r + n * c], v = !h ? Kv : (l == k ? Kv - w * w * Mv : (k == kc ? w : -w) * (al * Mv + be * Kv));
          A[(k * n + r) + L * (l * n + c)] = v;
        }
  }
  for (PetscInt c = 0; c < N; c++)
    for (PetscInt r = 0; r < N; r++) A[r + L * c] = (A[r + L * c] + (Jd ? Jd[r + N * c] : 0)) * s[c / n];
  for (PetscInt jb = 0; jb < m; jb++) {
    for (PetscInt r = 0; r < N; r++) {
      A[r + L * (N + jb)] = B[r + N * jb];
      A[(N + jb) + L * r] = C[r + N * jb];
    }
    for (PetscInt l = 0; l < m; l++) A[(N + jb) + L * (N + l)] = E[jb + m * l];
  }
}

static PetscErrorCode SolveDense(PetscInt L, PetscReal A[], const PetscReal b[], PetscReal z[])
{
  PetscBLASInt bl, one = 1, info, *piv;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(L, &bl));
  PetscCall(PetscMalloc1(L, &piv));
  PetscCall(PetscArraycpy(z, b, L));
  PetscCallBLAS("LAPACKgesv", LAPACKgesv_(&bl, &one, A, &bl, piv, z, &bl, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "dense bordered matrix singular, info %d", (int)info);
  PetscCall(PetscFree(piv));
  PetscFunctionReturn(0);
}

static PetscReal RelDiff(PetscInt L, const PetscReal a[], const PetscReal b[])
{
  PetscReal d = 0, s = 0;
  for (PetscInt i = 0; i < L; i++) {
    d += (a[i] - b[i]) * (a[i] - b[i]);
    s += b[i] * b[i];
  }
  return PetscSqrtReal(d / s);
}

/* normwise backward error |A z - b|_inf / (|A|_inf |z|_inf + |b|_inf) of z for the dense matrix A (L x L) */
static PetscReal BackwardError(PetscInt L, const PetscReal A[], const PetscReal z[], const PetscReal b[])
{
  PetscReal r = 0, an = 0, zn = 0, bn = 0;
  for (PetscInt i = 0; i < L; i++) {
    PetscReal s = -b[i], ra = 0;
    for (PetscInt c = 0; c < L; c++) {
      s += A[i + L * c] * z[c];
      ra += PetscAbsReal(A[i + L * c]);
    }
    r  = PetscMax(r, PetscAbsReal(s));
    an = PetscMax(an, ra);
    zn = PetscMax(zn, PetscAbsReal(z[i]));
    bn = PetscMax(bn, PetscAbsReal(b[i]));
  }
  return r / (an * zn + bn);
}

int main(int argc, char **argv)
{
  MPI_Comm         comm;
  TriboROM         rom;
  TriboLaw         edf, lin;
  TriboJoint       je, jl;
  TriboPrestress   ps;
  TriboHB          hb;
  TriboHBOp        op, od;
  const PetscInt   harm[] = {0, 1, 2, 3}, hk[] = {0, 1, 1, 2, 2, 3, 3}, m = 3;
  const PetscReal *us, *K, *M;
  PetscReal       *X, *F, *F2, *J, *Kt, *A, *B, *C, E[9], *b, *z, *zd, *f, s[7], amp = 1e-6, w0, al = -0.8, be = 3e-7, lam[2], *Ke, *Me, *phi;
  PetscInt         n, nc, N, L, its;
  PetscBool        ok, same;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  comm = PETSC_COMM_WORLD;
  PetscCall(TriboModelBuild(comm, "lapframe", &rom));
  n = rom->n;
  PetscCall(TriboHBCreate(comm, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 4, harm));
  PetscCall(TriboHBSetNt(hb, 64));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, NULL));
  N = nc * n;
  L = N + m;
  PetscCall(PetscPrintf(
      comm, "lapframe: %" PetscInt_FMT " DOFs, %" PetscInt_FMT " coefficient columns, %" PetscInt_FMT " unknowns + %" PetscInt_FMT " border\n", n, nc,
      N, m));
  PetscCall(PetscMalloc6(N, &X, N, &F, N, &F2, N * N, &J, n * n, &Kt, L * L, &A));
  PetscCall(PetscMalloc6(N * m, &B, N * m, &C, L, &b, L, &z, L, &zd, n, &f));
  PetscCall(PetscMalloc3(n * n, &Ke, n * n, &Me, n, &phi));
  PetscCall(MatDenseGetArrayRead(rom->K, &K));
  PetscCall(MatDenseGetArrayRead(rom->M, &M));

  // (a) edf friction about the prestress, microslip
  PetscCall(TriboLawCreate(comm, &edf));
  PetscCall(TriboLawSetType(edf, TRIBOLAWEDF));
  PetscCall(TriboLawSetParameter(edf, "kt", 5.0e13));
  PetscCall(TriboLawSetParameter(edf, "kn", 5.0e11));
  PetscCall(TriboLawSetParameter(edf, "mu", 0.3));
  PetscCall(TriboJointCreate(comm, &je));
  PetscCall(TriboJointSetROM(je, rom));
  PetscCall(TriboJointSetLaw(je, edf));
  PetscCall(TriboJointSetUp(je));
  PetscCall(TriboPrestressCreate(comm, &ps));
  PetscCall(TriboPrestressSetJoint(ps, je));
  PetscCall(TriboPrestressSolve(ps));
  PetscCall(TriboPrestressGetSolution(ps, &us, NULL));
  PetscCall(PetscArrayzero(Kt, n * n));
  PetscCall(TriboJointEvaluate(je, TRIBO_LAW_FULL, us, f, Kt)); // stuck tangent at the prestress
  for (PetscInt a = 0; a < n * n; a++) {
    Ke[a] = K[a] + Kt[a];
    Me[a] = M[a];
  }
  PetscCall(TriboDenseEigenLowest(n, Ke, Me, 1, lam, phi));
  w0 = 0.97 * PetscSqrtReal(lam[0]);
  for (PetscInt i = 0; i < n; i++) {
    X[i] = us[i];
    for (PetscInt k = 1; k < nc; k++) X[k * n + i] = amp / k * PetscSinReal(0.7 * i + 0.3 * k + 0.1);
  }
  s[0] = 1;
  for (PetscInt k = 1; k < nc; k++) s[k] = 1e-4;
  PetscCall(PetscArrayzero(J, N * N));
  PetscCall(TriboJointEvaluateHB(je, hb, TRIBO_LAW_FULL, X, F, J));
  for (PetscInt a = 0; a < N * m; a++) {
    B[a] = 1e6 * Rnd(a, 1);
    C[a] = 1e3 * Rnd(a, 2);
  }
  for (PetscInt a = 0; a < m * m; a++) E[a] = Rnd(a, 3) + (a % (m + 1) == 0 ? 1 : 0);
  for (PetscInt a = 0; a < L; a++) b[a] = Rnd(a, 4);
  Dense(n, nc, hk, K, M, J, w0, al, be, s, m, B, C, E, A);
  PetscCall(SolveDense(L, A, b, zd));

  PetscCall(TriboHBOpCreate(comm, &op));
  PetscCall(TriboHBOpSetJoint(op, je));
  PetscCall(TriboHBOpSetHB(op, hb));
  PetscCall(TriboHBOpSetFromOptions(op));
  PetscCall(TriboHBOpSetUp(op));
  PetscCall(TriboHBOpSetReferenceTangent(op, Kt));
  PetscCall(TriboHBOpSetLinear(op, w0, al, be));
  PetscCall(TriboHBOpSetColumnScaling(op, s));
  PetscCall(TriboHBOpEvaluate(op, TRIBO_LAW_FULL, X, F2, PETSC_TRUE));
  PetscCall(
      PetscPrintf(comm, "(a) forces of TriboHBOpEvaluate() = TriboJointEvaluateHB()'s to 1e-13: %s\n", RelDiff(N, F2, F) < 1e-13 ? "yes" : "NO"));
  PetscCall(TriboHBOpSolve(op, m, B, C, E, b, z, &its, &ok));
  Dense(n, nc, hk, K, M, J, w0, al, be, s, m, B, C, E, A);
  PetscCall(PetscInfo(NULL, "(a) GMRES %" PetscInt_FMT " iterations, relative difference %g, backward errors %g (GMRES), %g (LAPACK)\n", its,
                      (double)RelDiff(L, z, zd), (double)BackwardError(L, A, z, b), (double)BackwardError(L, A, zd, b)));
  PetscCall(PetscPrintf(comm, "(a) GMRES converged: %s; backward error for the dense matrix below 1e-12: %s; solution = LAPACK's to 1e-2: %s\n",
                        ok ? "yes" : "NO", BackwardError(L, A, z, b) < 1e-12 ? "yes" : "NO", RelDiff(L, z, zd) < 1e-2 ? "yes" : "NO"));
  {
    PetscReal mx = z[0], mn = z[0];
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &mx, 1, MPIU_REAL, MPI_MAX, comm));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &mn, 1, MPIU_REAL, MPI_MIN, comm));
    same = mx == mn ? PETSC_TRUE : PETSC_FALSE;
    PetscCall(PetscPrintf(comm, "(a) solution identical on every rank: %s\n", same ? "yes" : "NO"));
  }
  PetscCall(TriboHBOpDestroy(&op));
  PetscCall(TriboPrestressDestroy(&ps));
  PetscCall(TriboJointDestroy(&je));
  PetscCall(TriboLawDestroy(&edf));

  // (b) bonded linear joint at resonance, undamped: Jxx singular, the bordered matrix regular
  PetscCall(TriboLawCreate(comm, &lin));
  PetscCall(TriboLawSetType(lin, TRIBOLAWPENALTY));
  PetscCall(TriboLawSetParameter(lin, "kn", 5.0e11));
  PetscCall(TriboLawSetParameter(lin, "kt", 2.0e11));
  PetscCall(TriboLawSetParameter(lin, "tension", 1.0));
  PetscCall(TriboJointCreate(comm, &jl));
  PetscCall(TriboJointSetROM(jl, rom));
  PetscCall(TriboJointSetLaw(jl, lin));
  PetscCall(TriboJointSetUp(jl));
  PetscCall(PetscArrayzero(X, N));
  PetscCall(PetscArrayzero(Kt, n * n));
  PetscCall(TriboJointEvaluate(jl, TRIBO_LAW_FULL, X, f, Kt));
  for (PetscInt a = 0; a < n * n; a++) {
    Ke[a] = K[a] + Kt[a];
    Me[a] = M[a];
  }
  PetscCall(TriboDenseEigenLowest(n, Ke, Me, 1, lam, phi));
  w0 = PetscSqrtReal(lam[0]);
  for (PetscInt k = 0; k < nc; k++) s[k] = 1;
  PetscCall(PetscArrayzero(J, N * N));
  PetscCall(TriboJointEvaluateHB(jl, hb, TRIBO_LAW_FULL, X, F, J));
  for (PetscInt a = 0; a < N * m; a++) B[a] = C[a] = 0;
  for (PetscInt i = 0; i < n; i++) {
    PetscReal Mphi = 0;
    for (PetscInt c = 0; c < n; c++) Mphi += M[i + n * c] * phi[c];
    B[n + i] = B[N + 2 * n + i] = Mphi * lam[0]; // rows cos-1, sin-1
    C[n + i] = C[N + 2 * n + i] = phi[i];
  }
  for (PetscInt a = 0; a < N; a++) {
    B[2 * N + a] = 1e6 * Rnd(a, 5);
    C[2 * N + a] = 1e3 * Rnd(a, 6);
  }
  for (PetscInt a = 0; a < m * m; a++) E[a] = 0;
  E[8] = 1;
  Dense(n, nc, hk, K, M, J, w0, 0, 0, s, m, B, C, E, A);
  PetscCall(SolveDense(L, A, b, zd));
  PetscCall(TriboHBOpCreate(comm, &op));
  PetscCall(TriboHBOpSetJoint(op, jl));
  PetscCall(TriboHBOpSetHB(op, hb));
  PetscCall(TriboHBOpSetFromOptions(op));
  PetscCall(TriboHBOpSetReferenceTangent(op, Kt));
  PetscCall(TriboHBOpSetLinear(op, w0, 0, 0));
  PetscCall(TriboHBOpEvaluate(op, TRIBO_LAW_FULL, X, F2, PETSC_TRUE));
  PetscCall(TriboHBOpSolve(op, m, B, C, E, b, z, &its, &ok));
  Dense(n, nc, hk, K, M, J, w0, 0, 0, s, m, B, C, E, A);
  PetscCall(PetscInfo(NULL, "(b) GMRES %" PetscInt_FMT " iterations, relative difference %g, backward error %g\n", its, (double)RelDiff(L, z, zd),
                      (double)BackwardError(L, A, z, b)));
  PetscCall(PetscPrintf(comm,
                        "(b) singular Jxx, regular border: GMRES converged in at most 5 iterations: %s; backward error below 1e-12: %s; solution = "
                        "LAPACK's to 1e-6: %s\n",
                        ok && its <= 5 ? "yes" : "NO", BackwardError(L, A, z, b) < 1e-12 ? "yes" : "NO", RelDiff(L, z, zd) < 1e-6 ? "yes" : "NO"));
  PetscCall(TriboHBOpCreate(comm, &od));
  PetscCall(TriboHBOpSetJoint(od, jl));
  PetscCall(TriboHBOpSetHB(od, hb));
  PetscCall(TriboHBOpSetDirect(od, PETSC_TRUE));
  PetscCall(TriboHBOpSetLinear(od, w0, 0, 0));
  PetscCall(TriboHBOpEvaluate(od, TRIBO_LAW_FULL, X, F2, PETSC_TRUE));
  PetscCall(TriboHBOpSolve(od, m, B, C, E, b, z, NULL, &ok));
  PetscCall(PetscInfo(NULL, "(b) MUMPS: relative difference to LAPACK %g, backward error %g\n", (double)RelDiff(L, z, zd),
                      (double)BackwardError(L, A, z, b)));
  PetscCall(PetscPrintf(comm, "(b) -hbop_direct (MUMPS): backward error below 1e-12: %s; solution = LAPACK's to 1e-6: %s\n",
                        ok && BackwardError(L, A, z, b) < 1e-12 ? "yes" : "NO", RelDiff(L, z, zd) < 1e-6 ? "yes" : "NO"));
  PetscCall(TriboHBOpDestroy(&od));
  PetscCall(TriboHBOpDestroy(&op));
  PetscCall(TriboJointDestroy(&jl));
  PetscCall(TriboLawDestroy(&lin));
  PetscCall(MatDenseRestoreArrayRead(rom->K, &K));
  PetscCall(MatDenseRestoreArrayRead(rom->M, &M));
  PetscCall(PetscFree6(X, F, F2, J, Kt, A));
  PetscCall(PetscFree6(B, C, b, z, zd, f));
  PetscCall(PetscFree3(Ke, Me, phi));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t305-hbop.out
    rtol: 1e-6
TEST*/
