/* Speed of the Iwan laws: evaluations per second on one core, one point per kernel call, one step
   (traction, tangent and trial history), committed after every step, along a sinusoid in both
   tangential directions of amplitude 1.5 phi_max (microslip, macroslip and reversals), and the same
   with n = 1000 points per call; CPU time of the process (clock_gettime), so a busy machine counts less.
   Jenkins for comparison. Not a test (no expected output).
   Usage: build/tests/bench/bench-law-iwan [-steps 200000] */
#define _POSIX_C_SOURCE 200809L // clock_gettime
#include <time.h>
#include <tribolaw.h>

static double CPUSeconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static PetscErrorCode Bench(const char *type, PetscInt nsl, PetscInt steps, PetscInt npts)
{
  TriboLaw            law;
  const TriboLawCard *c;
  const PetscReal    *p;
  PetscReal          *u, *v, *h, *hn, *t, *d, *dv, amp = 1.5 * 2.5e-6, sum = 0;
  double              t0, t1;
  PetscInt            nsteps = steps / npts;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  if (nsl) PetscCall(TriboLawSetParameter(law, "nsliders", nsl));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(PetscMalloc4(3 * npts, &u, 3 * npts, &v, 3 * npts, &t, 9 * npts, &d));
  PetscCall(PetscCalloc3(c->nhist * npts + 1, &h, c->nhist * npts + 1, &hn, 9 * npts, &dv));
  t0 = CPUSeconds(); // CPU time of this process: the machine may be shared
  for (PetscInt k = 0; k < nsteps; k++) {
    PetscReal *tmp;
    for (PetscInt i = 0; i < npts; i++) {
      PetscReal ph = 2 * PETSC_PI * (k + 0.01 * i) / 97.0;
      u[3 * i] = amp * PetscSinReal(ph), u[3 * i + 1] = 0.7 * amp * PetscCosReal(ph), u[3 * i + 2] = 1e-7;
      v[3 * i] = 1e-4 * PetscCosReal(ph), v[3 * i + 1] = -1e-4 * PetscSinReal(ph), v[3 * i + 2] = 0;
    }
    if (c->kernel_v)
      c->kernel_v(p, TRIBO_LAW_FULL, npts, u, v, h, t, d, dv, hn);
    else
      c->kernel(p, TRIBO_LAW_FULL, npts, u, h, t, d, hn);
    sum += t[0] + d[0];
    tmp = h, h = hn, hn = tmp; // commit
  }
  t1 = CPUSeconds();
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-18s %-6s n = %-5" PetscInt_FMT " %10.3g evaluations/s (%.1f ns each)%s\n", type, nsl ? "100sl" : "", npts,
                        (double)(nsteps * npts / (t1 - t0)), (double)((t1 - t0) / (nsteps * npts) * 1e9), sum == 12345.678 ? " " : ""));
  PetscCall(PetscFree4(u, v, t, d));
  PetscCall(PetscFree3(h, hn, dv));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscInt steps = 2000000;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-steps", &steps, NULL));
  for (PetscInt n = 1; n <= 1000; n *= 1000) {
    PetscCall(Bench(TRIBOLAWJENKINS, 0, steps, n));
    PetscCall(Bench(TRIBOLAWIWAN4, 0, steps, n));
    PetscCall(Bench(TRIBOLAWIWAN5, 0, steps, n));
    PetscCall(Bench(TRIBOLAWIWANUNIFORM, 0, steps, n));
    PetscCall(Bench(TRIBOLAWIWANSTRIBECK, 0, steps, n));
    PetscCall(Bench(TRIBOLAWIWANDISCRETE, 100, steps / 20, n));
  }
  PetscCall(PetscFinalize());
  return 0;
}
