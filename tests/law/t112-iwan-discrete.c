/* The reduced Iwan law (iwan4, RIPP) against the discretized 4-parameter Iwan model (iwan_discrete),
   and the Masing loops of the closed form against the discretized model: brake-ripp §2.3.2, Fig. 5.

   Parameters of brake-ripp Table 1 for a discrete element (fs = 4 kN, kt = 1.5e7 N/m, chi = -0.5,
   beta = 0.005), no pinning; iwan_discrete with 1000 sliders. Checks (tolerance 0.5% of F_S, the
   brief's; the discretization error is about 1.5 F_S/N^2):
   1. along the path 0 -> 2.25 -> -2.25 -> 2.25 -> -2.25 -> 0 -> -2 -> 2.25 mm in steps of 1 um (every
      leg travels more than 2 phi_max = 1.58 mm, so every reversal starts from macroslip, where the
      RIPP hypothesis is exact), the largest |F_iwan4 - F_discrete|/F_S;
   2. for amplitudes a = 0.3 phi_max, 0.9 phi_max and 2.25 mm, the loop 0 -> a -> -a -> a of
      iwan_discrete against the Masing loop built in this driver from porter-et-al-2022 eq. 7 (its own
      implementation of the monotonic curve f): F = f(a) - 2 f((a - x)/2) going down and
      -f(a) + 2 f((x + a)/2) going up (brake-ripp eqs. 18-19);
   3. the same Masing loops against iwan4 at a = 2.25 mm (reversals from macroslip: A = 2 in eq. 24).
   Printed: ok/FAILED and the largest difference over F_S rounded to 3 decimals (it is below 1e-4). */
#include <tribolaw.h>

static const PetscReal fs = 4000, kt = 1.5e7, chi = -0.5, beta = 0.005;

/* porter-et-al-2022 eqs. 7-8 */
static PetscReal Porter7(PetscReal u)
{
  PetscReal c = (chi + 1) / (chi + 2), phimax = fs * (1 + beta) / (kt * (beta + c));
  if (u >= phimax) return fs;
  return kt * u - PetscPowReal(kt * (beta + c) / (fs * (1 + beta)), 1 + chi) * kt / ((1 + beta) * (chi + 2)) * PetscPowReal(u, chi + 2);
}

typedef struct {
  TriboLaw   law;
  PetscReal *h, *hn;
  PetscInt   nh;
} Drive;

static PetscErrorCode DriveCreate(const char *type, Drive *d)
{
  const TriboLawCard *c;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &d->law));
  PetscCall(TriboLawSetType(d->law, type));
  PetscCall(TriboLawSetParameter(d->law, "fs", fs));
  PetscCall(TriboLawSetParameter(d->law, "kt", kt));
  PetscCall(TriboLawSetParameter(d->law, "chi", chi));
  PetscCall(TriboLawSetParameter(d->law, "beta", beta));
  if (!strcmp(type, TRIBOLAWIWANDISCRETE)) PetscCall(TriboLawSetParameter(d->law, "nsliders", 1000));
  PetscCall(TriboLawSetUp(d->law));
  PetscCall(TriboLawGetCard(d->law, &c));
  d->nh = c->nhist;
  PetscCall(PetscCalloc2(d->nh, &d->h, d->nh, &d->hn));
  PetscFunctionReturn(0);
}

static PetscErrorCode DriveStep(Drive *d, PetscReal x, PetscReal *F)
{
  PetscReal u[3] = {x, 0, 0}, t[3];

  PetscFunctionBeginUser;
  PetscCall(TriboLawEvaluate(d->law, TRIBO_LAW_FULL, 1, u, d->h, t, NULL, d->hn));
  PetscCall(PetscArraycpy(d->h, d->hn, d->nh));
  *F = t[0];
  PetscFunctionReturn(0);
}

static PetscErrorCode DriveDestroy(Drive *d)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree2(d->h, d->hn));
  PetscCall(TriboLawDestroy(&d->law));
  PetscFunctionReturn(0);
}

/* the Masing loop 0 -> a -> -a -> a of one law against the closed form; returns max |dF|/fs */
static PetscErrorCode MasingLoop(const char *type, PetscReal a, PetscReal *err)
{
  Drive           d;
  const PetscInt  m  = 2000;
  const PetscReal fa = Porter7(a);

  PetscFunctionBeginUser;
  PetscCall(DriveCreate(type, &d));
  *err = 0;
  for (PetscInt leg = 0; leg < 3; leg++) {
    PetscReal x0 = leg == 0 ? 0 : (leg == 1 ? a : -a), x1 = leg == 1 ? -a : a;
    for (PetscInt k = 1; k <= m; k++) {
      PetscReal x = x0 + (x1 - x0) * k / m, F, Fm;
      PetscCall(DriveStep(&d, x, &F));
      Fm   = leg == 0 ? Porter7(x) : (leg == 1 ? fa - 2 * Porter7((a - x) / 2) : -fa + 2 * Porter7((x + a) / 2));
      *err = PetscMax(*err, PetscAbsReal(F - Fm) / fs);
    }
  }
  PetscCall(DriveDestroy(&d));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const PetscReal path[] = {0, 2.25e-3, -2.25e-3, 2.25e-3, -2.25e-3, 0, -2e-3, 2.25e-3}, phimax = fs * (1 + beta) / (kt * (beta + 1.0 / 3));
  Drive           r, q;
  PetscReal       err = 0, e;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(DriveCreate(TRIBOLAWIWAN4, &r));
  PetscCall(DriveCreate(TRIBOLAWIWANDISCRETE, &q));
  for (size_t l = 1; l < sizeof(path) / sizeof(path[0]); l++) {
    PetscInt m = (PetscInt)(PetscAbsReal(path[l] - path[l - 1]) / 1e-6 + 0.5);
    for (PetscInt k = 1; k <= m; k++) {
      PetscReal x = path[l - 1] + (path[l] - path[l - 1]) * k / m, Fr, Fq;
      PetscCall(DriveStep(&r, x, &Fr));
      PetscCall(DriveStep(&q, x, &Fq));
      err = PetscMax(err, PetscAbsReal(Fr - Fq) / fs);
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "iwan4 vs iwan_discrete (1000 sliders), Table 1, 7 reversals over +-2.25 mm: max |dF|/F_S %.3f %s\n",
                        (double)err, err <= 5e-3 ? "ok" : "FAILED"));
  PetscCall(DriveDestroy(&r));
  PetscCall(DriveDestroy(&q));
  {
    const PetscReal amps[] = {0.3 * phimax, 0.9 * phimax, 2.25e-3};
    const char     *an[]   = {"0.3 phi_max", "0.9 phi_max", "2.25 mm"};
    for (int i = 0; i < 3; i++) {
      PetscCall(MasingLoop(TRIBOLAWIWANDISCRETE, amps[i], &e));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Masing loop (porter eq. 7) vs iwan_discrete, a = %s: max |dF|/F_S %.3f %s\n", an[i], (double)e,
                            e <= 5e-3 ? "ok" : "FAILED"));
    }
    PetscCall(MasingLoop(TRIBOLAWIWAN4, amps[2], &e));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Masing loop (porter eq. 7) vs iwan4, a = 2.25 mm: max |dF|/F_S %.3f %s\n", (double)e,
                          e <= 5e-3 ? "ok" : "FAILED"));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    atol: 1e-3
    output: t112-iwan-discrete.out
TEST*/
