/* Initial normal gaps of the interface points (TriboJointSetPointGap(), a mesoscale topography): on the built-in lap
   frame with the unilateral spring,
   - a uniform point gap g0 equals the law's own gap parameter g = g0 (include/tribolaw.h: contact when u_n > g) in the
     static force and tangent and in the AFT harmonic force and Jacobian (harmonics 0, 1, 2), to 1e-12 relative;
   - a point-wise gap g_p shifts exactly the normal displacement every law sees (TriboJointGatherPointFields());
   - harmonics without harmonic 0 are refused while a gap is set.
   Prints "ok"/"not ok" lines; the same on 1 and 2 ranks. */
#include <tribo.h>

static PetscErrorCode MakeJoint(TriboROM rom, PetscReal g, const PetscReal *gap, TriboLaw *law, TriboJoint *j)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, law));
  PetscCall(TriboLawSetType(*law, TRIBOLAWUNILATERAL));
  PetscCall(TriboLawSetParameter(*law, "k", 3e12));
  PetscCall(TriboLawSetParameter(*law, "g", g));
  PetscCall(TriboJointCreate(rom->comm, j));
  PetscCall(TriboJointSetROM(*j, rom));
  PetscCall(TriboJointSetLaw(*j, *law));
  if (gap) PetscCall(TriboJointSetPointGap(*j, gap));
  PetscCall(TriboJointSetUp(*j));
  PetscFunctionReturn(0);
}

static PetscReal RelDiff(PetscInt n, const PetscReal *a, const PetscReal *b)
{
  PetscReal d = 0, s = 0;
  for (PetscInt i = 0; i < n; i++) d = PetscMax(d, PetscAbsReal(a[i] - b[i])), s = PetscMax(s, PetscAbsReal(b[i]));
  return s > 0 ? d / s : d;
}

int main(int argc, char **argv)
{
  TriboROM    rom;
  TriboLaw    la, lb, lc;
  TriboJoint  ja, jb, jc;
  TriboHB     hb, hb2;
  PetscInt    n, npts, nc, harm[3] = {0, 1, 2}, harm2[2] = {1, 2};
  PetscReal  *x, *fa, *fb, *Ja, *Jb, *X, *Fa, *Fb, *HJa, *HJb, *gap, *ua, *uc, g0 = 2.0e-7, e1, e2, e3, e4, e5 = 0;
  PetscMPIInt rank;
  PetscRandom rnd;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(TriboModelLapFrame(PETSC_COMM_WORLD, &rom));
  n    = rom->n;
  npts = rom->iface->npts;
  PetscCall(PetscMalloc4(npts, &gap, 3 * npts, &ua, 3 * npts, &uc, n, &x));
  for (PetscInt p = 0; p < npts; p++) gap[p] = g0;
  PetscCall(MakeJoint(rom, 0, gap, &la, &ja));   // point gap g0
  PetscCall(MakeJoint(rom, g0, NULL, &lb, &jb)); // law gap g0
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetInterval(rnd, -1e-6, 1e-6));
  for (PetscInt i = 0; i < n; i++) PetscCall(PetscRandomGetValueReal(rnd, &x[i]));
  PetscCall(PetscCalloc4(n, &fa, n, &fb, n * n, &Ja, n * n, &Jb));
  PetscCall(TriboJointEvaluate(ja, TRIBO_LAW_FULL, x, fa, Ja));
  PetscCall(TriboJointEvaluate(jb, TRIBO_LAW_FULL, x, fb, Jb));
  e1 = RelDiff(n, fa, fb);
  e2 = RelDiff(n * n, Ja, Jb);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s - static force and tangent with a uniform point gap = the law's gap\n",
                        e1 < 1e-12 && e2 < 1e-12 ? "ok" : "not ok"));
  PetscCall(TriboHBCreate(PETSC_COMM_WORLD, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, harm));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, NULL));
  PetscCall(PetscCalloc4(nc * n, &X, nc * n, &Fa, nc * n, &Fb, nc * n * nc * n, &HJa));
  PetscCall(PetscCalloc1(nc * n * nc * n, &HJb));
  for (PetscInt i = 0; i < nc * n; i++) PetscCall(PetscRandomGetValueReal(rnd, &X[i]));
  PetscCall(TriboJointEvaluateHB(ja, hb, TRIBO_LAW_FULL, X, Fa, HJa));
  PetscCall(TriboJointEvaluateHB(jb, hb, TRIBO_LAW_FULL, X, Fb, HJb));
  e3 = RelDiff(nc * n, Fa, Fb);
  e4 = RelDiff(nc * n * nc * n, HJa, HJb);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s - AFT harmonic force and Jacobian with a uniform point gap = the law's gap\n",
                        e3 < 1e-12 && e4 < 1e-12 ? "ok" : "not ok"));
  // point-wise gaps: the normal displacement every law sees is shifted by exactly g_p
  for (PetscInt p = 0; p < npts; p++) gap[p] = g0 * (1 + (PetscReal)p / npts);
  PetscCall(MakeJoint(rom, 0, gap, &lc, &jc));
  PetscCall(TriboJointEvaluate(jc, TRIBO_LAW_FULL, x, fa, NULL));
  PetscCall(TriboJointEvaluate(jb, TRIBO_LAW_FULL, x, fb, NULL));
  PetscCall(TriboJointGatherPointFields(jc, uc, NULL));
  PetscCall(TriboJointGatherPointFields(jb, ua, NULL));
  if (!rank)
    for (PetscInt p = 0; p < npts; p++) {
      e5 = PetscMax(e5, PetscAbsReal(uc[3 * p + 2] - (ua[3 * p + 2] - gap[p])));
      e5 = PetscMax(e5, PetscAbsReal(uc[3 * p] - ua[3 * p]) + PetscAbsReal(uc[3 * p + 1] - ua[3 * p + 1]));
    }
  PetscCallMPI(MPI_Bcast(&e5, 1, MPIU_REAL, 0, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s - point-wise gaps shift u_n of every point by g_p (to 1e-20 m)\n", e5 < 1e-20 ? "ok" : "not ok"));
  // harmonics without the constant term: refused
  PetscCall(TriboHBCreate(PETSC_COMM_WORLD, &hb2));
  PetscCall(TriboHBSetHarmonics(hb2, 2, harm2));
  PetscCall(TriboHBSetUp(hb2));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  {
    PetscErrorCode ierr = TriboJointEvaluateHB(jc, hb2, TRIBO_LAW_FULL, X, Fa, NULL);
    PetscCall(PetscPopErrorHandler());
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s - harmonics without harmonic 0 refused while a gap is set\n", ierr ? "ok" : "not ok"));
  }
  PetscCall(TriboHBDestroy(&hb2));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFree4(X, Fa, Fb, HJa));
  PetscCall(PetscFree(HJb));
  PetscCall(PetscFree4(fa, fb, Ja, Jb));
  PetscCall(PetscFree4(gap, ua, uc, x));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(TriboJointDestroy(&ja));
  PetscCall(TriboJointDestroy(&jb));
  PetscCall(TriboJointDestroy(&jc));
  PetscCall(TriboLawDestroy(&la));
  PetscCall(TriboLawDestroy(&lb));
  PetscCall(TriboLawDestroy(&lc));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t306-point-gap.out
TEST*/
