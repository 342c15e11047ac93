/* Speed of the rough law's kernel on one core: asperity-slider updates per second for the tangent and MIF models
   (100 levels, 100 rings) with elastic-plastic spheres and with Hertz spheres, a point marched along a cycle that keeps
   most levels in contact with partial slip. Counts from TriboLawGetWork().
   Usage: build/tests/bench/bench-rough [-n points] [-steps k] [-repeat r] (the best of r runs) [-model tangent|mif] (only those) */
#include <tribolaw.h>
#include <string.h>

int main(int argc, char **argv)
{
  const char *models[4][2] = {{"tangent", "plastic"}, {"tangent", "elastic"}, {"mif", "plastic"}, {"mif", "elastic"}};
  PetscInt    n = 8, steps = 200, repeat = 1;
  char        only[16] = "";

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-steps", &steps, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-repeat", &repeat, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-model", only, sizeof(only), NULL));
  for (int m = 0; m < 4; m++) {
    TriboLaw            law;
    const TriboLawCard *c;
    PetscReal          *u, *h, *hn, *t, *d;
    PetscInt64          pts, asp, sld;
    PetscLogDouble      t0 = 0, t1, best = PETSC_MAX_REAL;
    if (only[0] && strcmp(only, models[m][0])) continue;
    PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
    PetscCall(TriboLawSetType(law, TRIBOLAWROUGH));
    PetscCall(TriboLawSetChoice(law, "asperity_normal", models[m][1]));
    PetscCall(TriboLawSetChoice(law, "asperity_tangential", models[m][0]));
    PetscCall(TriboLawSetUp(law));
    PetscCall(TriboLawGetCard(law, &c));
    PetscCall(PetscMalloc5(3 * n, &u, c->nhist * n, &h, c->nhist * n, &hn, 3 * n, &t, 9 * n, &d));
    for (PetscInt r = 0; r < repeat; r++) {
      PetscCall(PetscArrayzero(h, c->nhist * n));
      PetscCall(PetscTime(&t0));
      for (PetscInt k = 0; k < steps; k++) {
        for (PetscInt i = 0; i < n; i++) {
          PetscReal s = 2 * PETSC_PI * k / 50.0;
          u[3 * i] = 2e-7 * PetscSinReal(s), u[3 * i + 1] = 1e-7 * PetscCosReal(s), u[3 * i + 2] = 1.6e-5 + 1e-7 * PetscSinReal(s + i);
        }
        PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, n, u, h, t, d, hn));
        PetscCall(PetscArraycpy(h, hn, c->nhist * n));
      }
      PetscCall(PetscTime(&t1));
      best = PetscMin(best, t1 - t0);
    }
    PetscCall(TriboLawGetWork(law, &pts, &asp, &sld));
    pts /= repeat, asp /= repeat, sld /= repeat;
    t1 = t0 + best;
    PetscCall(PetscPrintf(
        PETSC_COMM_SELF,
        "%-8s %-8s: %lld points, %lld asperity evaluations, %lld asperity-slider updates in %.3f s: %.3g updates/s, %.3g asperities/s\n",
        models[m][0], models[m][1], (long long)pts, (long long)asp, (long long)sld, t1 - t0, (double)(sld / (t1 - t0)), (double)(asp / (t1 - t0))));
    PetscCall(PetscFree5(u, h, hn, t, d));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscFinalize());
  return 0;
}
