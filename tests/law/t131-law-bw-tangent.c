/* Analytic tangents of the Bouc-Wen family and the Valanis law (porter-et-al-2022 eq. 10-17) against central finite
   differences, in loading (t du > 0), unloading (t du < 0 throughout the step) and through a reversal whose step
   crosses t = 0, and at a zero increment against the one-sided difference in the direction of the last step.

   Committed states are drawn by driving the law from a fresh history through 6 random increments of up to three
   slip displacements u_s = t_max/A per tangential direction; the trial increment is then drawn in the class's
   direction. Each class needs 150 points per direction. Passes when every entry of dt/du satisfies
   |dt/du - FD| <= 1e-6 A (A: initial stiffness, E0 for valanis; kn = A), FD step 1e-5 |u - u0| (central; at a
   zero increment one-sided with step 1e-8 u_s). The step keeps both FD points on the same side of u0, where the
   law is smooth; the Dormand-Prince laws (boucwen, valanis, rtol 1e-11) add integration noise of about
   1e-11 t_max / (1e-5 |u - u0|), well below the tolerance. Masing laws (no memory) are checked at random u.
   Prints the law, the class and "ok"; -show_error prints the worst error relative to A. */
#include <tribolaw.h>

static PetscBool show = PETSC_FALSE;

static PetscReal Rand(PetscRandom r, PetscReal a, PetscReal b)
{
  PetscReal v;
  PetscRandomGetValueReal(r, &v);
  return a + (b - a) * v;
}

static PetscErrorCode Check(const char *type, PetscInt nset, const char *names[], const PetscReal values[], PetscReal A, PetscReal us,
                            PetscRandom rnd)
{
  TriboLaw    law;
  PetscReal   masing = 0;
  const char *cls[]  = {"loading", "unloading", "reversal through t = 0", "zero increment"};

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawSetParameter(law, "kn", A));
  for (PetscInt k = 0; k < nset; k++) {
    PetscCall(TriboLawSetParameter(law, names[k], values[k]));
    if (!strcmp(names[k], "masing")) masing = values[k];
  }
  PetscCall(TriboLawSetUp(law));
  for (PetscInt c = 0; c < (masing ? 1 : 4); c++) {
    PetscInt  got[2] = {0, 0}, tries = 0;
    PetscReal worst = 0;
    while ((got[0] < 150 || got[1] < 150) && tries++ < 100000) {
      PetscReal h[6] = {0}, hn[6], u[3] = {0, 0, Rand(rnd, -1e-6, 1e-6)}, t[3], d[9], du[2], eps[2];
      PetscBool use[2];
      for (PetscInt s = 0; s < 6; s++) { // committed state
        for (PetscInt q = 0; q < 2; q++) u[q] += Rand(rnd, -3 * us, 3 * us);
        PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
        for (PetscInt a = 0; a < 6; a++) h[a] = hn[a];
      }
      for (PetscInt q = 0; q < 2; q++) { // trial increment of the class, in direction q
        PetscReal t0 = h[2 + q], sg = t0 >= 0 ? 1 : -1;
        if (masing)
          du[q] = Rand(rnd, -3 * us, 3 * us);
        else if (c == 0)
          du[q] = sg * Rand(rnd, 0.01, 2) * us;
        else if (c == 1 || c == 2)
          du[q] = -sg * Rand(rnd, 0.01, 3) * us;
        else
          du[q] = 0;
        u[q]   = h[q] + du[q];
        eps[q] = c == 3 ? 1e-8 * us * (h[4 + q] >= 0 ? 1 : -1) : 1e-5 * PetscAbsReal(du[q]);
      }
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
      for (PetscInt q = 0; q < 2; q++) { // does the point belong to the class?
        PetscReal t0 = h[2 + q], t1 = t[q];
        use[q] = (PetscBool)(masing || c == 0 || c == 3 || (c == 1 && t0 * t1 > 0) || (c == 2 && t0 * t1 < 0));
        if (c == 1 || c == 2) use[q] = (PetscBool)(use[q] && PetscAbsReal(t0) > 1e-3 * A * us && PetscAbsReal(t1) > 1e-3 * A * us);
      }
      if (!use[0] && !use[1]) continue;
      for (PetscInt j = 0; j < 3; j++) {
        PetscReal up[3] = {u[0], u[1], u[2]}, um[3] = {u[0], u[1], u[2]}, tp[3], tm[3], e = j < 2 ? eps[j] : 1e-9;
        up[j] += e;
        um[j] -= (c == 3 && j < 2) ? 0 : e;
        PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, up, h, tp, NULL, hn));
        PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, um, h, tm, NULL, hn));
        for (PetscInt r = 0; r < 3; r++) {
          PetscReal fd = (tp[r] - tm[r]) / (up[j] - um[j]);
          if (r < 2 && !use[r]) continue;
          if (j < 2 && r == 2) continue;
          if (j < 2 && !use[j]) continue;
          worst = PetscMax(worst, PetscAbsReal(fd - d[3 * r + j]) / A);
        }
      }
      for (PetscInt q = 0; q < 2; q++) got[q] += use[q];
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s%s: %s: %s\n", type, masing ? " masing" : "", cls[c],
                          got[0] >= 150 && got[1] >= 150 && worst <= 1e-6 ? "ok" : "FAILED"));
    if (show || worst > 1e-6)
      PetscCall(
          PetscPrintf(PETSC_COMM_SELF, "  worst |dt/du - FD|/A %g, points %" PetscInt_FMT " %" PetscInt_FMT "\n", (double)worst, got[0], got[1]));
  }
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscRandom rnd;
  const char *bw[] = {"n", "alpha", "beta", "masing"}, *b12[] = {"masing"}, *va[] = {"kappa", "masing"};

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 131));
  PetscCall(PetscRandomSeed(rnd));
  for (PetscReal m = 0; m < 2; m++) {
    PetscReal v15[] = {1.5, 300, -100, m}, v2[] = {2, 0.375, 0.125, m}, vm[] = {m}, vv[] = {0.5, m}, vv0[] = {0, m};
    PetscCall(Check("boucwen", 4, bw, v15, 1e12, 1.84e-6, rnd)); // t_max = (A/(alpha - beta))^(1/n) = 1.84e6
    PetscCall(Check("boucwen", 4, bw, v2, 1e12, 2e-6, rnd));
    PetscCall(Check("boucwen1", 1, b12, vm, 1e12, 2e-6, rnd)); // defaults: t_max = A/(alpha - beta) = 2e6
    PetscCall(Check("boucwen2", 1, b12, vm, 1e12, 2e-6, rnd)); // defaults: t_max = sqrt(A/(alpha - beta)) = 2e6
    PetscCall(Check("valanis", 2, va, vv, 1e12, 1e-6, rnd));   // defaults: sigma_0 = 1.005e6
    if (!m) PetscCall(Check("valanis", 2, va, vv0, 1e12, 1e-6, rnd));
  }
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
