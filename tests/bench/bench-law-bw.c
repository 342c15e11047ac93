/* Speed of the rate-form laws (not a test; built by make all, run by hand):
     build/tests/bench/bench-law-bw [-cycles 2000]
   1. Dormand-Prince steps per second of include/tribo/private/dopri.h on eq. 10 of porter-et-al-2022 (Bouc-Wen,
      n = 1.5), alone (1 component) and with its 4 parameter sensitivities (5 components), over cycles of +-3 slip
      displacements split into 100 steps (rtol 1e-11, the laws' default).
   2. Evaluations per second of each law, one point, one step, tangent included (TriboLawEvaluate() with dtdu), along
      the same cycles in both tangential directions; for the laws with kernel_p also TriboLawEvaluateP() (tractions
      and sensitivities, no tangent). */
#include <tribolaw.h>
#include <tribo/private/dopri.h>

typedef struct {
  PetscReal A, alpha, beta, n;
} Ctx;

static void RHS_Private(const void *vctx, PetscReal x, const PetscReal *y, PetscReal *f)
{
  const Ctx *c  = (const Ctx *)vctx;
  PetscReal  at = PetscAbsReal(y[0]), sg = y[0] >= 0 ? 1 : -1, pn = PetscPowReal(at, c->n), pn1 = at > 0 ? pn / at : 0;
  PetscReal  gt = -c->n * pn1 * (c->alpha - c->beta * sg), gp[4] = {1, -sg * pn, pn, at > 0 ? -(c->alpha * sg - c->beta) * pn * PetscLogReal(at) : 0};

  f[0] = c->A - (c->alpha * sg - c->beta) * pn;
  for (int k = 0; k < 4; k++) f[1 + k] = gt * y[1 + k] + gp[k];
}

static void RHS1_Private(const void *vctx, PetscReal x, const PetscReal *y, PetscReal *f)
{
  const Ctx *c  = (const Ctx *)vctx;
  PetscReal  at = PetscAbsReal(y[0]), sg = y[0] >= 0 ? 1 : -1;

  f[0] = c->A - (c->alpha * sg - c->beta) * PetscPowReal(at, c->n);
}

int main(int argc, char **argv)
{
  PetscInt    cycles = 2000, nstep = 100;
  const Ctx   c      = {1e12, 300, -100, 1.5}; // t_max = 1.84e6, slip displacement 1.84e-6
  const char *laws[] = {"boucwen", "boucwen1", "boucwen2", "valanis"};

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-cycles", &cycles, NULL));
  for (int m = 1; m <= 5; m += 4) {
    TriboDopriStats st   = {0, 0, 0};
    PetscReal       y[5] = {0}, uold = 0, yref[5] = {1.84e6, 1.84e-6, 1.84e6 / 300, 1.84e6 / 300, 1.84e6 / 1.5};
    PetscLogDouble  t0, t1;
    PetscCall(PetscTime(&t0));
    for (PetscInt s = 0; s < cycles * nstep; s++) {
      PetscReal u = 3 * 1.84e-6 * PetscSinReal(2 * PETSC_PI * (s + 1) / nstep), du = u - uold, sg = du >= 0 ? 1 : -1;
      for (int i = 0; i < m; i++) y[i] *= sg; // to tau = sgn(du) t
      if (TriboDopriIntegrate_Private(m == 1 ? RHS1_Private : RHS_Private, &c, m, m, PetscAbsReal(du), y, 1e-11, yref, 100000, &st)) break;
      for (int i = 0; i < m; i++) y[i] *= sg;
      uold = u;
    }
    PetscCall(PetscTime(&t1));
    PetscCall(PetscPrintf(PETSC_COMM_SELF,
                          "Dormand-Prince, %d component%s: %.3g steps/s (%.3g accepted steps, %.3g rejected, %.3g per law step), %.3g RHS/s\n", m,
                          m > 1 ? "s" : "", (double)((st.steps + st.rejected) / (t1 - t0)), (double)st.steps, (double)st.rejected,
                          (double)((PetscReal)st.steps / (cycles * nstep)), (double)(st.evals / (t1 - t0))));
  }
  for (int l = 0; l < 4; l++) {
    TriboLaw            law;
    const TriboLawCard *card;
    PetscReal           h[6] = {0}, hn[6], hp[6 * 7] = {0}, hpn[6 * 7], u[3] = {0, 0, 1e-7}, t[3], d[9], dp[3 * 7], us = 2e-6;
    PetscLogDouble      t0, t1;
    PetscInt            n = cycles * nstep / 4;
    PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
    PetscCall(TriboLawSetType(law, laws[l]));
    PetscCall(TriboLawGetCard(law, &card));
    if (l == 0) {
      PetscCall(TriboLawSetParameter(law, "n", 1.5));
      PetscCall(TriboLawSetParameter(law, "alpha", 300));
      PetscCall(TriboLawSetParameter(law, "beta", -100));
    }
    if (l == 3) us = 1e-6;
    PetscCall(PetscTime(&t0));
    for (PetscInt s = 0; s < n; s++) {
      u[0] = 3 * us * PetscSinReal(2 * PETSC_PI * (s + 1) / nstep);
      u[1] = 2 * us * PetscCosReal(2 * PETSC_PI * (s + 1) / nstep);
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
      for (int a = 0; a < 6; a++) h[a] = hn[a];
    }
    PetscCall(PetscTime(&t1));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-9s %.3g evaluations/s (one point, two tangential directions, tangent included)", laws[l],
                          (double)(n / (t1 - t0))));
    if (card->kernel_p) {
      for (int a = 0; a < 6; a++) h[a] = 0;
      PetscCall(PetscTime(&t0));
      for (PetscInt s = 0; s < n; s++) {
        u[0] = 3 * us * PetscSinReal(2 * PETSC_PI * (s + 1) / nstep);
        u[1] = 2 * us * PetscCosReal(2 * PETSC_PI * (s + 1) / nstep);
        PetscCall(TriboLawEvaluateP(law, TRIBO_LAW_FULL, 1, u, h, hp, t, dp, hn, hpn));
        for (int a = 0; a < 6; a++) h[a] = hn[a];
        for (int a = 0; a < 6 * 7; a++) hp[a] = hpn[a];
      }
      PetscCall(PetscTime(&t1));
      PetscCall(PetscPrintf(PETSC_COMM_SELF, "; with sensitivities %.3g/s", (double)(n / (t1 - t0))));
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "\n"));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscFinalize());
  return 0;
}
