/* The joint's harmonic balance force TriboJointEvaluateHB() on the built-in lap-frame model (192 interface points),
   harmonics {0, 1, 2}, on 1, 2 and 3 ranks:
   (a) bonded linear law (penalty, tension 1, kt > 0): F_k = K_j X_k harmonic by harmonic, K_j the time-domain tangent of
       TriboJointEvaluate() at x = 0, and J = blockdiag(K_j), to 1e-12 relative;
   (b) edf friction about the bolt prestress, at an amplitude where the points stick and slip in turn (microslip cycles): the zeroth and
       first harmonics of F against a time-domain march done here: x(tau_j) summed from X, TriboJointEvaluate() and
       TriboJointCommit() at every sample in order, the forces of the last of 4 periods projected by explicit sums.
       The march starts from the AFT's initial state (Porter and Brake 2023 §4.3.1), set with TriboJointCopyHistory():
       tangential history at the zeroth-harmonic point displacement, zero tangential traction, normal history at the
       largest normal displacement of the period; it starts at sample 0, not at each point's sample of largest normal
       displacement as the AFT does, so the two agree once the points have slipped both ways (stuck points keep the
       same slider either way); 4 periods is past the AFT's own count (printed);
   (c) J against central finite differences of F on a few columns of interface DOFs (AFT march fixed at 4 periods,
       rtol 0, so that F is one smooth procedure);
   (d) F identical bit for bit on every rank; the printed lines are the same for every rank count. */
#include <tribo.h>

static PetscReal MaxAbs(PetscInt m, const PetscReal a[])
{
  PetscReal v = 0;
  for (PetscInt i = 0; i < m; i++) v = PetscMax(v, PetscAbsReal(a[i]));
  return v;
}

static PetscReal Norm2(PetscInt m, const PetscReal a[])
{
  PetscReal v = 0;
  for (PetscInt i = 0; i < m; i++) v += a[i] * a[i];
  return PetscSqrtReal(v);
}

static PetscErrorCode SameOnAllRanks(MPI_Comm comm, PetscInt m, const PetscReal a[], PetscBool *same)
{
  PetscReal *mx, *mn;
  PetscInt   bad = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(m, &mx, m, &mn));
  PetscCall(PetscArraycpy(mx, a, m));
  PetscCall(PetscArraycpy(mn, a, m));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, mx, (PetscMPIInt)m, MPIU_REAL, MPI_MAX, comm));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, mn, (PetscMPIInt)m, MPIU_REAL, MPI_MIN, comm));
  for (PetscInt i = 0; i < m; i++) bad += mx[i] != mn[i];
  *same = bad ? PETSC_FALSE : PETSC_TRUE;
  PetscCall(PetscFree2(mx, mn));
  PetscFunctionReturn(0);
}

// x(tau) = X0 + sum_h Xc_h cos(h tau) + Xs_h sin(h tau), harmonics {0, 1, 2}
static void Sample(PetscInt n, const PetscReal X[], PetscReal tau, PetscReal x[])
{
  for (PetscInt i = 0; i < n; i++)
    x[i] = X[i] + X[n + i] * PetscCosReal(tau) + X[2 * n + i] * PetscSinReal(tau) + X[3 * n + i] * PetscCosReal(2 * tau) +
           X[4 * n + i] * PetscSinReal(2 * tau);
}

int main(int argc, char **argv)
{
  MPI_Comm         comm;
  TriboROM         rom;
  TriboLaw         lin, edf;
  TriboJoint       jl, je;
  TriboPrestress   ps;
  TriboHB          hb;
  const PetscInt   harm[] = {0, 1, 2};
  const PetscReal *us;
  PetscReal       *X, *F, *Fr, *J, *Kj, *x, *f, *Fp, *Fm, amp = 1e-6, hfd = 1e-5, err, scale;
  PetscInt         n, nc, N, Nt, npts, ni, *idof, p0, p1, nhist, maxper, nunconv;
  PetscBool        same;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-amp", &amp, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-hfd", &hfd, NULL));
  comm = PETSC_COMM_WORLD;
  PetscCall(TriboModelBuild(comm, "lapframe", &rom));
  n    = rom->n;
  npts = rom->iface->npts;
  PetscCall(TriboMatGetNonzeroColumns(rom->iface->L, &ni, &idof));
  PetscCall(PetscPrintf(comm, "lapframe: %" PetscInt_FMT " DOFs, %" PetscInt_FMT " interface points\n", n, npts));
  PetscCall(TriboHBCreate(comm, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, harm));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, &Nt));
  N = nc * n;
  PetscCall(PetscMalloc5(N, &X, N, &F, N, &Fr, N * N, &J, n * n, &Kj));
  PetscCall(PetscMalloc4(n, &x, n, &f, N, &Fp, N, &Fm));

  // (a) bonded linear law
  PetscCall(TriboLawCreate(comm, &lin));
  PetscCall(TriboLawSetType(lin, TRIBOLAWPENALTY));
  PetscCall(TriboLawSetParameter(lin, "kn", 5.0e11));
  PetscCall(TriboLawSetParameter(lin, "kt", 2.0e11));
  PetscCall(TriboLawSetParameter(lin, "tension", 1.0));
  PetscCall(TriboJointCreate(comm, &jl));
  PetscCall(TriboJointSetROM(jl, rom));
  PetscCall(TriboJointSetLaw(jl, lin));
  PetscCall(TriboJointSetUp(jl));
  PetscCall(PetscArrayzero(x, n));
  PetscCall(PetscArrayzero(Kj, n * n));
  PetscCall(TriboJointEvaluate(jl, TRIBO_LAW_FULL, x, f, Kj));
  for (PetscInt k = 0; k < N; k++) X[k] = 1e-6 * PetscSinReal(0.37 * k + 0.1);
  PetscCall(PetscArrayzero(J, N * N));
  PetscCall(TriboJointEvaluateHB(jl, hb, TRIBO_LAW_FULL, X, F, J));
  for (PetscInt k = 0; k < nc; k++)
    for (PetscInt i = 0; i < n; i++) {
      PetscReal s = 0;
      for (PetscInt m = 0; m < n; m++) s += Kj[i + n * m] * X[k * n + m];
      Fr[k * n + i] = s;
    }
  err = 0;
  for (PetscInt k = 0; k < N; k++) err = PetscMax(err, PetscAbsReal(F[k] - Fr[k]));
  err /= MaxAbs(N, Fr);
  PetscCall(PetscPrintf(comm, "(a) linear law: |F| = %.8e, F = K_j X per harmonic to 1e-12: %s\n", (double)Norm2(N, F), err < 1e-12 ? "yes" : "NO"));
  err = 0;
  for (PetscInt kc = 0; kc < nc; kc++)
    for (PetscInt b = 0; b < n; b++)
      for (PetscInt kr = 0; kr < nc; kr++)
        for (PetscInt a = 0; a < n; a++) err = PetscMax(err, PetscAbsReal(J[(kr * n + a) + N * (kc * n + b)] - (kr == kc ? Kj[a + n * b] : 0)));
  err /= MaxAbs(n * n, Kj);
  PetscCall(PetscPrintf(comm, "(a) linear law: J = blockdiag(K_j) to 1e-12: %s\n", err < 1e-12 ? "yes" : "NO"));
  PetscCall(PetscInfo(NULL, "(a) J error %g\n", (double)err));

  // (b) edf friction about the prestress: harmonics 0 and 1 against a time-domain march
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
  for (PetscInt i = 0; i < n; i++) {
    X[i]         = us[i];
    X[n + i]     = amp * PetscSinReal(0.7 * i + 0.3);
    X[2 * n + i] = amp * PetscCosReal(0.5 * i + 0.2);
    X[3 * n + i] = 0.1 * amp * PetscSinReal(1.3 * i + 0.5);
    X[4 * n + i] = 0.1 * amp * PetscCosReal(0.9 * i + 0.1);
  }
  {
    PetscInt  *all, *slip, *stick;
    PetscReal *u0, *un, *pu, *pt, *hist;
    PetscCall(PetscMalloc4(npts, &all, npts, &slip, npts, &stick, npts, &un));
    PetscCall(PetscMalloc3(3 * npts, &u0, 3 * npts, &pu, 3 * npts, &pt));
    for (PetscInt p = 0; p < npts; p++) {
      all[p]  = p;
      slip[p] = stick[p] = 0;
      un[p]              = PETSC_MIN_REAL;
    }
    PetscCall(TriboJointEvaluate(je, TRIBO_LAW_FULL, X, f, NULL)); // point displacements of the zeroth harmonic
    PetscCall(TriboJointGetPointValues(je, npts, all, u0, NULL));
    for (PetscInt s = 0; s < Nt; s++) {
      Sample(n, X, 2 * PETSC_PI * s / Nt, x);
      PetscCall(TriboJointEvaluate(je, TRIBO_LAW_FULL, x, f, NULL));
      PetscCall(TriboJointGetPointValues(je, npts, all, pu, NULL));
      for (PetscInt p = 0; p < npts; p++) un[p] = PetscMax(un[p], pu[3 * p + 2]);
    }
    PetscCall(TriboJointGetLocalRange(je, &p0, &p1));
    PetscCall(TriboJointGetHistorySize(je, &nhist));
    PetscCheck(nhist == 5 * (p1 - p0), comm, PETSC_ERR_PLIB, "edf keeps 5 history values per point (u_t1, u_t2, u_n, t_t1, t_t2)");
    PetscCall(PetscCalloc1(nhist + 1, &hist));
    for (PetscInt p = p0; p < p1; p++) {
      hist[5 * (p - p0)]     = u0[3 * p];
      hist[5 * (p - p0) + 1] = u0[3 * p + 1];
      hist[5 * (p - p0) + 2] = un[p];
    }
    PetscCall(TriboJointCopyHistory(je, hist, PETSC_FALSE));
    PetscCall(PetscArrayzero(Fr, N));
    for (PetscInt per = 0; per < 4; per++)
      for (PetscInt s = 0; s < Nt; s++) {
        PetscReal tau = 2 * PETSC_PI * s / Nt;
        Sample(n, X, tau, x);
        PetscCall(TriboJointEvaluate(je, TRIBO_LAW_FULL, x, f, NULL));
        PetscCall(TriboJointCommit(je));
        if (per < 3) continue;
        for (PetscInt i = 0; i < n; i++) {
          Fr[i] += f[i] / Nt;
          Fr[n + i] += 2 * f[i] * PetscCosReal(tau) / Nt;
          Fr[2 * n + i] += 2 * f[i] * PetscSinReal(tau) / Nt;
        }
        PetscCall(TriboJointGetPointValues(je, npts, all, NULL, pt));
        for (PetscInt p = 0; p < npts; p++) {
          PetscReal tt = PetscSqrtReal(pt[3 * p] * pt[3 * p] + pt[3 * p + 1] * pt[3 * p + 1]);
          if (pt[3 * p + 2] > 0 && tt >= 0.3 * pt[3 * p + 2] * (1 - 1e-12))
            slip[p] = 1;
          else if (pt[3 * p + 2] > 0)
            stick[p] = 1;
        }
      }
    {
      PetscInt nslip = 0, nstuck = 0;
      for (PetscInt p = 0; p < npts; p++) {
        nslip += slip[p];
        nstuck += stick[p] && slip[p];
      }
      PetscCall(PetscInfo(NULL, "(b) %" PetscInt_FMT " points slip, %" PetscInt_FMT " of them also stick in the period\n", nslip, nstuck));
      PetscCall(PetscPrintf(comm, "(b) edf: points that slip in the period: %s, that stick and slip: %s\n", nslip > 0 ? "yes" : "no",
                            nstuck > 0 ? "yes" : "no"));
    }
    PetscCall(PetscFree(hist));
    PetscCall(PetscFree4(all, slip, stick, un));
    PetscCall(PetscFree3(u0, pu, pt));
  }
  PetscCall(TriboJointEvaluateHB(je, hb, TRIBO_LAW_FULL, X, F, NULL));
  PetscCall(TriboHBGetAFTPeriods(hb, &maxper, &nunconv));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &maxper, 1, MPIU_INT, MPI_MAX, comm));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &nunconv, 1, MPIU_INT, MPI_SUM, comm));
  err = 0;
  for (PetscInt k = 0; k < 3 * n; k++) err = PetscMax(err, PetscAbsReal(F[k] - Fr[k]));
  scale = MaxAbs(3 * n, Fr);
  PetscCall(PetscInfo(NULL, "(b) max |F - F_time| / max |F_time| = %g over harmonics 0, 1; AFT periods %" PetscInt_FMT "\n", (double)(err / scale),
                      maxper));
  PetscCall(PetscPrintf(comm, "(b) edf: |F_0| = %.8e, |F_1c, F_1s| = %.8e\n", (double)Norm2(n, F), (double)Norm2(2 * n, F + n)));
  PetscCall(PetscPrintf(comm, "(b) edf: AFT periodic within at most 4 periods: %s\n", maxper <= 4 && !nunconv ? "yes" : "NO"));
  PetscCall(PetscPrintf(comm, "(b) edf: harmonics 0, 1 = time-domain march to 1e-8: %s\n", err <= 1e-8 * scale ? "yes" : "NO"));
  PetscCall(SameOnAllRanks(comm, N, F, &same));
  PetscCall(PetscPrintf(comm, "(d) F identical on all ranks: %s\n", same ? "yes" : "NO"));

  // (c) J against central differences, a fixed march of 4 periods
  PetscCall(TriboHBSetAFTTolerances(hb, 0, 4));
  PetscCall(PetscArrayzero(J, N * N));
  {
    PetscLogDouble t0, t1;
    PetscCall(PetscTime(&t0));
    PetscCall(TriboJointEvaluateHB(je, hb, TRIBO_LAW_FULL, X, F, J));
    PetscCall(PetscTime(&t1));
    PetscCall(PetscInfo(NULL, "(c) one TriboJointEvaluateHB() with J: %g s\n", (double)(t1 - t0)));
  }
  err = 0;
  for (PetscInt c = 0; c < 6; c++) {
    PetscInt  col = ((2 * c + 1) % nc) * n + idof[(7 * c + 3) % ni];
    PetscReal h = hfd * amp, xc = X[col], e = 0;
    X[col] = xc + h;
    PetscCall(TriboJointEvaluateHB(je, hb, TRIBO_LAW_FULL, X, Fp, NULL));
    X[col] = xc - h;
    PetscCall(TriboJointEvaluateHB(je, hb, TRIBO_LAW_FULL, X, Fm, NULL));
    X[col] = xc;
    for (PetscInt r = 0; r < N; r++) e = PetscMax(e, PetscAbsReal((Fp[r] - Fm[r]) / (2 * h) - J[r + N * col]));
    err = PetscMax(err, e);
  }
  err /= MaxAbs(N * N, J);
  PetscCall(PetscInfo(NULL, "(c) max relative error of J against central differences %g\n", (double)err));
  PetscCall(PetscPrintf(comm, "(c) J matches central differences on 6 columns to 1e-6: %s\n", err < 1e-6 ? "yes" : "NO"));
  PetscCall(SameOnAllRanks(comm, N * N, J, &same));
  PetscCall(PetscPrintf(comm, "(d) J identical on all ranks: %s\n", same ? "yes" : "NO"));
  PetscCall(TriboPrestressDestroy(&ps));
  PetscCall(TriboJointDestroy(&je));
  PetscCall(TriboLawDestroy(&edf));
  PetscCall(PetscFree5(X, F, Fr, J, Kj));
  PetscCall(PetscFree4(x, f, Fp, Fm));
  PetscCall(PetscFree(idof));
  PetscCall(TriboJointDestroy(&jl));
  PetscCall(TriboLawDestroy(&lin));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t304-joint-hb.out
    rtol: 1e-8
TEST*/
