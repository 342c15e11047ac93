/* Parameter sensitivities of hysteretic laws carried along a loading path (TriboLawEvaluateP(),
   porter-et-al-2022 §2.3.2 eq. 28) against central differences of the whole path.

   The jenkins law (decoupled and coupled) and edf are driven through 60 steps of
   u_t = (a sin(4 pi s), b sin(2 pi s)), u_n = c (1 + 0.3 sin(6 pi s)), s in [0, 1), which crosses stick and
   slip several times. At every step the total derivatives dt/dp of TriboLawEvaluateP() (history
   sensitivities carried from step to step) are compared with (t(p + d e_k) - t(p - d e_k)) / 2d of the
   whole path rerun from a fresh history with d = 1e-6 p_k. Steps within 1e-3 (relative) of a stick/slip
   switch in either run are skipped (there the path is not differentiable). Passes when
   |dtdp - FD| <= 1e-5 (|t|_max / p_k) for every entry; prints the law, the steps compared and "ok". */
#include <tribolaw.h>

#define NS 60

static PetscErrorCode Path(TriboLaw law, const PetscReal *pin, PetscReal T[], PetscBool slip[])
{
  const TriboLawCard *c;
  PetscReal           h[8] = {0}, hn[8], u[3], pold[8];
  const PetscReal    *p;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawGetParameters(law, &p));
  for (PetscInt k = 0; k < c->nparams; k++) pold[k] = p[k];
  for (PetscInt k = 0; k < c->nparams; k++) PetscCall(TriboLawSetParameter(law, c->params[k].name, pin[k]));
  for (PetscInt s = 0; s < NS; s++) {
    PetscReal x = (PetscReal)s / NS;
    u[0]        = 2e-6 * PetscSinReal(4 * PETSC_PI * x);
    u[1]        = 1e-6 * PetscSinReal(2 * PETSC_PI * x);
    u[2]        = 1e-6 * (1 + 0.3 * PetscSinReal(6 * PETSC_PI * x));
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, &T[3 * s], NULL, hn));
    { // a step is near a switch when the trial stuck traction is within 1e-3 of the slip limit
      PetscReal ts = c->nparams == 4 && c->params[1].name[0] == 't' ? pin[1] : pin[2] * pin[1] * u[2];
      PetscReal nt = PetscSqrtReal(T[3 * s] * T[3 * s] + T[3 * s + 1] * T[3 * s + 1]);
      slip[s]      = (PetscBool)(PetscAbsReal(nt - ts) < 1e-3 * ts || PetscAbsReal(PetscAbsReal(T[3 * s]) - ts) < 1e-3 * ts ||
                            PetscAbsReal(PetscAbsReal(T[3 * s + 1]) - ts) < 1e-3 * ts);
    }
    for (PetscInt a = 0; a < c->nhist; a++) h[a] = hn[a];
  }
  for (PetscInt k = 0; k < c->nparams; k++) PetscCall(TriboLawSetParameter(law, c->params[k].name, pold[k]));
  PetscFunctionReturn(0);
}

static PetscErrorCode Check(const char *type, PetscReal coupled)
{
  TriboLaw            law;
  const TriboLawCard *c;
  const PetscReal    *p;
  PetscReal           h[8] = {0}, hp[64] = {0}, hn[8], hpn[64], u[3], t[3], dtdp[3 * 8], T0[3 * NS], Tp[3 * NS], Tm[3 * NS], pp[8], tmax = 0;
  PetscReal           DT[NS][3][8];
  PetscBool           s0[NS], sp[NS], sm[NS], ok = PETSC_TRUE;
  PetscInt            np, nh, compared = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawSetParameter(law, "coupled", coupled));
  if (!strcmp(type, "jenkins")) PetscCall(TriboLawSetParameter(law, "ts", 2e6));
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawGetParameters(law, &p));
  np = c->nparams;
  nh = c->nhist;
  for (PetscInt s = 0; s < NS; s++) {
    PetscReal x = (PetscReal)s / NS;
    u[0]        = 2e-6 * PetscSinReal(4 * PETSC_PI * x);
    u[1]        = 1e-6 * PetscSinReal(2 * PETSC_PI * x);
    u[2]        = 1e-6 * (1 + 0.3 * PetscSinReal(6 * PETSC_PI * x));
    PetscCall(TriboLawEvaluateP(law, TRIBO_LAW_FULL, 1, u, h, hp, t, dtdp, hn, hpn));
    for (PetscInt r = 0; r < 3; r++)
      for (PetscInt k = 0; k < np; k++) DT[s][r][k] = dtdp[r * np + k];
    for (PetscInt a = 0; a < nh; a++) h[a] = hn[a];
    for (PetscInt a = 0; a < nh * np; a++) hp[a] = hpn[a];
  }
  for (PetscInt k = 0; k < np; k++) pp[k] = p[k];
  PetscCall(Path(law, pp, T0, s0));
  for (PetscInt s = 0; s < 3 * NS; s++) tmax = PetscMax(tmax, PetscAbsReal(T0[s]));
  for (PetscInt k = 0; k < np; k++) {
    PetscReal d;
    if (!strcmp(c->params[k].name, "coupled")) continue;
    d = 1e-6 * p[k];
    pp[k] += d;
    PetscCall(Path(law, pp, Tp, sp));
    pp[k] -= 2 * d;
    PetscCall(Path(law, pp, Tm, sm));
    pp[k] += d;
    for (PetscInt s = 0; s < NS; s++) {
      if (s0[s] || sp[s] || sm[s]) continue;
      for (PetscInt r = 0; r < 3; r++) {
        PetscReal fd = (Tp[3 * s + r] - Tm[3 * s + r]) / (2 * d);
        if (PetscAbsReal(fd - DT[s][r][k]) > 1e-5 * tmax / p[k]) {
          ok = PETSC_FALSE;
          PetscCall(PetscPrintf(PETSC_COMM_SELF, "  %s: step %" PetscInt_FMT " t%" PetscInt_FMT " d/d%s: %g vs FD %g\n", type, s, r,
                                c->params[k].name, (double)DT[s][r][k], (double)fd));
        }
      }
      compared++;
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s coupled %g: %s (%s)\n", type, (double)coupled, ok ? "ok" : "FAILED",
                        compared >= 30 ? "30 or more steps compared" : "fewer than 30 steps compared"));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(Check("jenkins", 0));
  PetscCall(Check("jenkins", 1));
  PetscCall(Check("edf", 0));
  PetscCall(Check("edf", 1));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
