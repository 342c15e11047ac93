/* make bench: interface-law evaluations per second per core, for every registered law.

   One evaluation is one point, one step from the committed history, tangent included (and the velocity tangent
   for a rate-dependent law), followed by the commit of the trial history, as a time integrator or an AFT march
   calls a law: the card's kernel is called directly (as src/hb/aft.c does), without TriboLawEvaluate()'s checks. The path is u_t1 = 3 a sin(2 pi s / 64), u_t2 = 0.5 u_t1, u_n = a_n (1.2 + 0.5 sin(2 pi s / 48))
   over s = 0, 1, 2, ... (velocities for 1000 steps per second; one 192-step period is tabulated first): a is the tangential displacement at which the law's secant stiffness under monotone
   loading from a fresh history first falls below half of its initial value (found by a scan over 1e-12 2^k m), so
   that the path crosses stick, micro- and macro-slip with the law's default parameters; a_n the same for the
   normal direction (1e-6 m when the normal traction stays linear). Laws with more internal work per call
   (discretized Iwan: its sliders, Bouc-Wen: its Dormand-Prince steps) are counted per call as well.
   The time is the CPU time of the process (clock_gettime()), so that other processes sharing the core count less.
   Usage: bench-laws [-bench_laws a,b,...] [-bench_seconds 0.3]; prints one line per law. */
#define _POSIX_C_SOURCE 199309L // clock_gettime()
#include <time.h>
#include <tribolaw.h>

static double CPUSeconds_Private(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static PetscErrorCode Scale_Private(TriboLaw law, PetscInt comp, PetscReal *a)
{
  const TriboLawCard *c;
  PetscReal          *h, *hn, u[3], t[3], d[9], v[3] = {0, 0, 0}, k0 = 0;
  PetscBool           rate;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  PetscCall(PetscCalloc2(c->nhist + 1, &h, c->nhist + 1, &hn));
  *a = 1e-6;
  for (PetscInt e = 0; e <= 36; e++) {
    PetscReal x = 1e-12 * PetscPowReal(2.0, (PetscReal)e), ks;
    PetscCall(PetscArrayzero(h, c->nhist));
    u[0] = u[1] = 0;
    u[2]        = comp == 2 ? x : 1e-6;
    if (comp == 0) u[0] = x;
    if (rate)
      PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, u, v, c->nhist ? h : NULL, t, d, NULL, c->nhist ? hn : NULL));
    else
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
    ks = PetscAbsReal(t[comp]) / x;
    if (e == 0) k0 = ks;
    if (k0 > 0 && ks < 0.5 * k0) {
      *a = x;
      break;
    }
  }
  PetscCall(PetscFree2(h, hn));
  PetscFunctionReturn(0);
}

static PetscErrorCode Bench_Private(const char *name, PetscReal seconds)
{
  TriboLaw            law;
  const TriboLawCard *c;
  PetscReal          *h, *hn, U[192][3], V[192][3], t[3], d[9], dv[9], at, an, sink = 0, el = 0;
  PetscBool           rate;
  double              t0, t1;
  const PetscReal    *p;
  PetscInt            n = 0, chunk = 1000, bad;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, name));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(Scale_Private(law, 0, &at));
  PetscCall(Scale_Private(law, 2, &an));
  PetscCall(PetscCalloc2(c->nhist + 1, &h, c->nhist + 1, &hn));
  for (PetscInt k = 0; k < 192; k++) { // one period of the path (lcm of 64 and 48 steps), 1000 steps per second
    U[k][0] = 3 * at * PetscSinReal(2 * PETSC_PI * k / 64);
    U[k][1] = 0.5 * U[k][0];
    U[k][2] = an * (1.2 + 0.5 * PetscSinReal(2 * PETSC_PI * k / 48));
    V[k][0] = 3 * at * 2 * PETSC_PI / 64 * PetscCosReal(2 * PETSC_PI * k / 64) * 1e3;
    V[k][1] = 0.5 * V[k][0];
    V[k][2] = an * 0.5 * 2 * PETSC_PI / 48 * PetscCosReal(2 * PETSC_PI * k / 48) * 1e3;
  }
  t0 = CPUSeconds_Private();
  while (el < seconds) {
    for (PetscInt k = 0; k < chunk; k++, n++) {
      const PetscReal *u = U[n % 192], *v = V[n % 192];
      bad = rate ? c->kernel_v(p, TRIBO_LAW_FULL, 1, u, v, h, t, d, dv, hn) : c->kernel(p, TRIBO_LAW_FULL, 1, u, h, t, d, hn);
      PetscCheck(!bad, PETSC_COMM_SELF, PETSC_ERR_FP, "law %s: non-physical input at step %" PetscInt_FMT, name, n);
      for (PetscInt a = 0; a < c->nhist; a++) h[a] = hn[a];
      sink += t[0] + d[0];
    }
    t1 = CPUSeconds_Private();
    el = t1 - t0;
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-18s %-8" PetscInt_FMT " %-12.3g %-12.3g %-12.3g %s\n", name, c->nhist, (double)(n / el), (double)at,
                        (double)an, sink == sink ? "" : "(nan)"));
  PetscCall(PetscFree2(h, hn));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char       names[4096];
  PetscToken tk;
  char      *tok;
  PetscReal  seconds = 0.3;
  PetscBool  set;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboLawListNames(names, sizeof(names)));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-bench_laws", names, sizeof(names), &set));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-bench_seconds", &seconds, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-18s %-8s %-12s %-12s %-12s\n", "law", "nhist", "evals/s", "a_t [m]", "a_n [m]"));
  PetscCall(PetscTokenCreate(names, ',', &tk));
  while (1) {
    PetscCall(PetscTokenFind(tk, &tok));
    if (!tok) break;
    while (*tok == ' ') tok++;
    if (*tok) PetscCall(Bench_Private(tok, seconds));
  }
  PetscCall(PetscTokenDestroy(&tk));
  PetscCall(PetscFinalize());
  return 0;
}
