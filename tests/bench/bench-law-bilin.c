/* Speed of the bilinear interface laws: evaluations per second on one core (one point, one step, tangent
   included), kept out of the test runner. Each law marches n = 1000 points over steps of a periodic path,
   u_t = 3 ts/kt cos(2 pi k/64 + phase_i) (cos theta_i, sin theta_i), a line at a random angle with a random phase
   per point, u_n = 1 um + 0.5 um sin(...), so that about a third of the points stick at every step (stick after
   each reversal over 2 ts/kt, slip beyond) in an order no branch predictor learns, as over the quadrature points
   of an interface; the history is committed after every step; the CPU time of
   TriboLawEvaluate() (clock_gettime() of the process, so that other processes sharing the core count less) is measured over about
   -bench_time seconds per law; the wall-clock rate is printed too.
   Usage: build/tests/bench/bench-law-bilin [-bench_time 0.5] [-bench_n 1000] */
#define _POSIX_C_SOURCE 199309L // clock_gettime()
#include <tribolaw.h>
#include <petsctime.h>
#include <time.h>

static PetscReal CPUTime(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static PetscErrorCode Bench(const char *type, PetscReal coupled, PetscReal penalty, PetscInt n, PetscReal tmax)
{
  const TriboLawCard *c;
  TriboLaw            law;
  PetscReal          *u, *h, *hn, *t, *d, kt = 1e12, ts = 1e6, t0, t1, c0, c1, tau, tauw;
  PetscInt            steps = 0;
  PetscRandom         rnd;
  char                name[64];

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawSetParameter(law, "kt", kt));
  PetscCall(TriboLawSetParameter(law, "kn", 1e12));
  PetscCall(TriboLawSetParameter(law, "coupled", coupled));
  if (penalty >= 0) PetscCall(TriboLawSetParameter(law, "penalty", penalty));
  if (strstr(type, "edf"))
    PetscCall(TriboLawSetParameter(law, "mu", 1.0)); // ts = mu kn u_n ~ 1e6
  else
    PetscCall(TriboLawSetParameter(law, "ts", ts));
  if (strstr(type, "kp") || strstr(type, "gjp") || strstr(type, "prager")) PetscCall(TriboLawSetParameter(law, "kp", 1e11));
  if (strstr(type, "prager")) PetscCall(TriboLawSetParameter(law, "kt", kt)); // the bench compares laws at one kt
  PetscCall(TriboLawSetUp(law));
  PetscCall(PetscMalloc5(3 * n * 64, &u, c->nhist * n + 1, &h, c->nhist * n + 1, &hn, 3 * n, &t, 9 * n, &d));
  PetscCall(PetscArrayzero(h, c->nhist * n + 1));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 7));
  PetscCall(PetscRandomSeed(rnd));
  for (PetscInt i = 0; i < n; i++) {
    PetscReal ph, th;
    PetscCall(PetscRandomGetValueReal(rnd, &ph));
    PetscCall(PetscRandomGetValueReal(rnd, &th));
    ph *= 2 * PETSC_PI;
    th *= 2 * PETSC_PI;
    for (PetscInt k = 0; k < 64; k++) {
      PetscReal a = 2 * PETSC_PI * k / 64 + ph, *uk = &u[3 * (k * n + i)];
      uk[0] = 3 * ts / kt * PetscCosReal(a) * PetscCosReal(th);
      uk[1] = 3 * ts / kt * PetscCosReal(a) * PetscSinReal(th);
      uk[2] = 1e-6 + 0.5e-6 * PetscSinReal(2 * a);
    }
  }
  PetscCall(PetscTime(&t0));
  c0 = CPUTime();
  do {
    for (PetscInt k = 0; k < 64; k++, steps++) {
      PetscReal *sw;
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, n, &u[3 * k * n], h, t, d, hn));
      sw = h, h = hn, hn = sw;
    }
    PetscCall(PetscTime(&t1));
  } while (t1 - t0 < tmax);
  c1   = CPUTime();
  tau  = (c1 - c0) / (steps * (PetscReal)n);
  tauw = (t1 - t0) / (steps * (PetscReal)n);
  PetscCall(PetscSNPrintf(name, sizeof(name), "%s%s%s", type, coupled > 0.5 ? " coupled" : " decoupled", penalty > 0.5 ? " penalty" : ""));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-28s %10.3e evaluations per CPU second (%6.1f ns per point-step), wall %10.3e/s\n", name,
                        (double)(1 / tau), (double)(1e9 * tau), (double)(1 / tauw)));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFree5(u, h, hn, t, d));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal tmax = 0.5;
  PetscInt  n    = 1000;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-bench_time", &tmax, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-bench_n", &n, NULL));
  for (int cp = 1; cp >= 0; cp--) {
    PetscCall(Bench(TRIBOLAWJENKINS, cp, -1, n, tmax));
    PetscCall(Bench(TRIBOLAWEDF, cp, -1, n, tmax));
    PetscCall(Bench(TRIBOLAWPRAGER, cp, -1, n, tmax));
    PetscCall(Bench(TRIBOLAWGJP, cp, 0, n, tmax));
    PetscCall(Bench(TRIBOLAWGJP, cp, 1, n, tmax));
    PetscCall(Bench("jenkins+kp", cp, -1, n, tmax));
    PetscCall(Bench("edf+kp", cp, -1, n, tmax));
  }
  PetscCall(PetscFinalize());
  return 0;
}
