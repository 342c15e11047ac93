/* Post-slip stiffness added to any law, "<law>+kp" (porter-et-al-2022 eq. 30), and the parameter checks of the
   bilinear laws. Checked here, each to 1e-12 relative (|a - b| <= 1e-12 max(|b|, scale), scale ts or kt):
   1. jenkins+kp equals gjp with a linear normal spring (eqs. 23-26 are Jenkins plus kp u_t) along a 400-step random
      path: tractions and all tangent entries, coupled and decoupled.
   2. edf+kp and gjp with penalty contact, along a 400-step random path whose u_n crosses zero: the traction minus
      that of the same law with kp = 0 equals kp (u_t - u_t0,kp) while in contact and 0 while separated, with
      u_t0,kp tracked here from eq. 5 (0 - u_n,p)/(u_n - u_n,p) (u_t - u_t,p) + u_t,p at each re-contact; the
      history of the base part of edf+kp equals that of edf (the reversal tractions come from the base law only);
      edf+kp with kp = 0 equals edf; the number of re-contacts is printed (expected > 5).
   3. tanh+kp (a rate-dependent base): t_t = mu fn tanh(v_t/eps) + kp u_t, dt/dv that of tanh (closed form).
   4. Cards: jenkins+kp has the 4 jenkins parameters plus kp and 4 + 5 history values, edf+kp 5 + 5,
      penalty+kp 0 (a memoryless base stays memoryless); -friction_type jenkins+kp -friction_kp 1e10 from the options; TriboLawFindCard() of an
      unknown base gives none, gjp+kp is refused (gjp has kp).
   5. In TRIBO_LAW_NORMAL mode gjp (both contact models), prager, jenkins+kp and edf+kp give no tangential traction
      or tangent (exactly 0) and the normal traction of the full law.
   6. Inadmissible parameters are refused with a message naming the parameter (printed). */
#include <tribolaw.h>

static PetscBool Close(PetscReal a, PetscReal b, PetscReal scale)
{
  return PetscAbsReal(a - b) <= 1e-12 * PetscMax(PetscAbsReal(b), scale) ? PETSC_TRUE : PETSC_FALSE;
}

static PetscErrorCode NewLaw(const char *type, PetscReal coupled, PetscReal kp, TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, law));
  PetscCall(TriboLawSetType(*law, type));
  PetscCall(TriboLawSetParameter(*law, "coupled", coupled));
  PetscCall(TriboLawSetParameter(*law, "kt", 3e12));
  PetscCall(TriboLawSetParameter(*law, "kn", 1e12));
  if (kp >= 0) PetscCall(TriboLawSetParameter(*law, "kp", kp)); // kp < 0: a law without kp
  PetscFunctionReturn(0);
}

/* a random walk u[3 ns]: steps of du in u_t, u_n between unlo and unhi */
static PetscErrorCode Path(PetscInt ns, PetscReal du, PetscReal unlo, PetscReal unhi, PetscInt seed, PetscReal *u)
{
  PetscRandom rnd;

  PetscFunctionBeginUser;
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, seed));
  PetscCall(PetscRandomSeed(rnd));
  for (PetscInt k = 0; k < ns; k++)
    for (int q = 0; q < 3; q++) {
      PetscReal r;
      PetscCall(PetscRandomGetValueReal(rnd, &r));
      u[3 * k + q] = q < 2 ? (k ? u[3 * (k - 1) + q] : 0) + du * (2 * r - 1) : unlo + (unhi - unlo) * r;
    }
  PetscCall(PetscRandomDestroy(&rnd));
  PetscFunctionReturn(0);
}

/* one step of each law from its committed history h (nhist values), which is then replaced by the trial one */
static PetscErrorCode Step(TriboLaw law, const PetscReal *u, PetscReal *h, PetscReal *t, PetscReal *d)
{
  const TriboLawCard *c;
  PetscReal           hn[32];

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
  PetscCall(PetscArraycpy(h, hn, c->nhist));
  PetscFunctionReturn(0);
}

static PetscErrorCode JenkinsKpIsGJP(PetscReal coupled)
{
  PetscReal u[3 * 400], ha[32] = {0}, hb[32] = {0}, ta[3], tb[3], da[9], db[9];
  TriboLaw  a, b;
  PetscBool ok = PETSC_TRUE;

  PetscFunctionBeginUser;
  PetscCall(NewLaw("jenkins+kp", coupled, 2e11, &a));
  PetscCall(NewLaw(TRIBOLAWGJP, coupled, 2e11, &b));
  PetscCall(TriboLawSetParameter(a, "ts", 1e6));
  PetscCall(TriboLawSetParameter(b, "ts", 1e6));
  PetscCall(Path(400, 1e-6, -1e-6, 1e-6, 1421, u));
  for (PetscInt k = 0; k < 400; k++) {
    PetscCall(Step(a, &u[3 * k], ha, ta, da));
    PetscCall(Step(b, &u[3 * k], hb, tb, db));
    for (int i = 0; i < 3; i++) ok = (PetscBool)(ok && Close(ta[i], tb[i], 1e6));
    for (int i = 0; i < 9; i++) ok = (PetscBool)(ok && Close(da[i], db[i], 3e12));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "jenkins+kp equals gjp (linear normal spring), %s, 400 steps: %s\n",
                        coupled > 0.5 ? "coupled" : "decoupled", ok ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&a));
  PetscCall(TriboLawDestroy(&b));
  PetscFunctionReturn(0);
}

/* law (edf+kp or gjp with penalty contact) against the same law with kp = 0 (base) */
static PetscErrorCode SpringReset(const char *type, const char *base, PetscReal coupled)
{
  const PetscReal kp = 2e11;
  PetscReal       u[3 * 400], ha[32] = {0}, hb[32] = {0}, ta[3], tb[3], z[2] = {0, 0}, unp = 0, utp[2] = {0, 0};
  TriboLaw        a, b;
  PetscBool       ok = PETSC_TRUE, okh = PETSC_TRUE, gjp;
  PetscInt        nre = 0, nb;

  PetscFunctionBeginUser;
  PetscCall(PetscStrcmp(type, TRIBOLAWGJP, &gjp));
  PetscCall(NewLaw(type, coupled, kp, &a));
  PetscCall(NewLaw(base, coupled, gjp ? 0 : -1, &b));
  if (gjp) {
    PetscCall(TriboLawSetParameter(a, "penalty", 1));
    PetscCall(TriboLawSetParameter(b, "penalty", 1));
  } else {
    PetscCall(TriboLawSetParameter(a, "mu", 0.5));
    PetscCall(TriboLawSetParameter(b, "mu", 0.5));
  }
  nb = gjp ? 4 : 5; // base history compared: gjp's Jenkins part, all of edf
  PetscCall(Path(400, 1e-6, -0.6e-6, 1.4e-6, 1422, u));
  for (PetscInt k = 0; k < 400; k++) {
    const PetscReal *uk = &u[3 * k];
    PetscCall(Step(a, uk, ha, ta, NULL));
    PetscCall(Step(b, uk, hb, tb, NULL));
    if (uk[2] > 0 && unp <= 0) { // eq. 5
      for (int q = 0; q < 2; q++) z[q] = (0 - unp) / (uk[2] - unp) * (uk[q] - utp[q]) + utp[q];
      if (k) nre++;
    }
    for (int q = 0; q < 2; q++) ok = (PetscBool)(ok && Close(ta[q] - tb[q], uk[2] > 0 ? kp * (uk[q] - z[q]) : 0, 1e6));
    ok = (PetscBool)(ok && Close(ta[2], tb[2], 1e6));
    for (PetscInt i = 0; i < nb; i++) okh = (PetscBool)(okh && ha[i] == hb[i]);
    unp = uk[2], utp[0] = uk[0], utp[1] = uk[1];
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "%s %s: t - t(kp = 0) = kp (u_t - u_t0,kp) with eq. 5 at %" PetscInt_FMT " re-contacts: %s; base history: %s\n", type,
                        coupled > 0.5 ? "coupled" : "decoupled", nre, ok ? "ok" : "FAILED", okh ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&a));
  PetscCall(TriboLawDestroy(&b));
  PetscFunctionReturn(0);
}

static PetscErrorCode Refused(TriboLaw law, const char *name, PetscReal value)
{
  PetscErrorCode e;
  char          *msg = NULL;
  const char    *type;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetType(law, &type));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  e = TriboLawSetParameter(law, name, value);
  if (!e) e = TriboLawSetUp(law);
  PetscCall(PetscPopErrorHandler());
  if (e) PetscCall(PetscErrorMessage(e, NULL, &msg));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s = %g refused: %s\n", type, name, (double)value, e ? msg : "NO (FAILED)"));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboLaw            law;
  const TriboLawCard *c;
  const char         *type;
  PetscReal           kp, u[3] = {2e-6, -1e-6, 1e-6}, v[3] = {3e-4, -1e-4, 0}, t[3], d[9], dv[9];
  PetscErrorCode      e;
  char               *msg;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (int c = 1; c >= 0; c--) PetscCall(JenkinsKpIsGJP(c));
  for (int c = 1; c >= 0; c--) PetscCall(SpringReset("edf+kp", TRIBOLAWEDF, c));
  for (int c = 1; c >= 0; c--) PetscCall(SpringReset(TRIBOLAWGJP, TRIBOLAWGJP, c));
  { // edf+kp with kp = 0 is edf
    PetscReal p[3 * 200], ha[32] = {0}, hb[32] = {0}, ta[3], tb[3], da[9], db[9];
    TriboLaw  a, b;
    PetscBool ok = PETSC_TRUE;
    PetscCall(NewLaw("edf+kp", 1, 0, &a));
    PetscCall(NewLaw(TRIBOLAWEDF, 1, -1, &b));
    PetscCall(Path(200, 1e-6, -0.6e-6, 1.4e-6, 1423, p));
    for (PetscInt k = 0; k < 200; k++) {
      PetscCall(Step(a, &p[3 * k], ha, ta, da));
      PetscCall(Step(b, &p[3 * k], hb, tb, db));
      for (int i = 0; i < 3; i++) ok = (PetscBool)(ok && ta[i] == tb[i]);
      for (int i = 0; i < 9; i++) ok = (PetscBool)(ok && da[i] == db[i]);
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "edf+kp with kp = 0 equals edf, 200 steps: %s\n", ok ? "ok" : "FAILED"));
    PetscCall(TriboLawDestroy(&a));
    PetscCall(TriboLawDestroy(&b));
  }
  { // TRIBO_LAW_NORMAL (conservative prestress): no tangential traction, the normal one of the full law
    const char *types[] = {TRIBOLAWGJP, TRIBOLAWGJP, TRIBOLAWPRAGER, "jenkins+kp", "edf+kp"};
    PetscBool   ok      = PETSC_TRUE;
    for (int k = 0; k < 5; k++) {
      PetscReal h0[32] = {0}, hn[32], tf[3], tn[3], dn[9];
      PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
      PetscCall(TriboLawSetType(law, types[k]));
      PetscCall(TriboLawSetParameter(law, "kp", 2e11));
      if (k == 1) PetscCall(TriboLawSetParameter(law, "penalty", 1));
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h0, tf, NULL, hn));
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_NORMAL, 1, u, h0, tn, dn, hn));
      ok = (PetscBool)(ok && tn[0] == 0 && tn[1] == 0 && tn[2] == tf[2] && tf[0] != 0);
      for (int j = 0; j < 6; j++) ok = (PetscBool)(ok && dn[j] == 0);
      PetscCall(TriboLawDestroy(&law));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "normal mode of gjp, gjp penalty, prager, jenkins+kp, edf+kp: no tangential traction: %s\n",
                          ok ? "ok" : "FAILED"));
  }
  // tanh+kp: closed form
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, "tanh+kp"));
  PetscCall(TriboLawSetParameter(law, "kp", 2e11));
  PetscCall(TriboLawSetParameter(law, "kn", 1e12));
  PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, u, v, NULL, t, d, dv, NULL));
  {
    PetscReal mfn = 0.5 * 1e6, eps = 1e-4, t0 = mfn * PetscTanhReal(3.0) + 2e11 * 2e-6, t1 = mfn * PetscTanhReal(-1.0) - 2e11 * 1e-6;
    PetscReal dv0 = mfn / eps * (1 - PetscTanhReal(3.0) * PetscTanhReal(3.0)), dv1 = mfn / eps * (1 - PetscTanhReal(1.0) * PetscTanhReal(1.0));
    PetscBool rate, ok = (PetscBool)(Close(t[0], t0, 1e6) && Close(t[1], t1, 1e6) && Close(t[2], 1e6, 1e6) && Close(d[0], 2e11, 1e12) &&
                                     Close(d[4], 2e11, 1e12) && Close(d[8], 1e12, 1e12) && Close(dv[0], dv0, 1) && Close(dv[4], dv1, 1) &&
                                     dv[1] == 0 && dv[3] == 0 && dv[8] == 0);
    PetscCall(TriboLawIsRateDependent(law, &rate));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tanh+kp rate dependent: %s, t = mu fn tanh(v/eps) + kp u and dt/dv of tanh: %s\n", rate ? "yes" : "no",
                          ok ? "ok" : "FAILED"));
  }
  PetscCall(TriboLawDestroy(&law));
  // cards
  PetscCall(TriboLawFindCard("jenkins+kp", &c));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " parameters, last %s [%s], %" PetscInt_FMT " history\n", c->name, c->nparams,
                        c->params[c->nparams - 1].name, c->params[c->nparams - 1].units, c->nhist));
  PetscCall(TriboLawFindCard("edf+kp", &c));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " parameters, %" PetscInt_FMT " history\n", c->name, c->nparams, c->nhist));
  PetscCall(TriboLawFindCard("penalty+kp", &c));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " parameters, %" PetscInt_FMT " history\n", c->name, c->nparams, c->nhist));
  PetscCall(TriboLawFindCard("nosuch+kp", &c));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nosuch+kp: %s\n", c ? "FOUND (FAILED)" : "no such law"));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  e = TriboLawFindCard("gjp+kp", &c);
  PetscCall(PetscPopErrorHandler());
  if (e) PetscCall(PetscErrorMessage(e, NULL, &msg));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "gjp+kp refused: %s\n", e ? msg : "NO (FAILED)"));
  PetscCall(PetscOptionsSetValue(NULL, "-friction_type", "jenkins+kp"));
  PetscCall(PetscOptionsSetValue(NULL, "-friction_kp", "1e10"));
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetFromOptions(law));
  PetscCall(TriboLawGetType(law, &type));
  PetscCall(TriboLawGetParameter(law, "kp", &kp));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "from the options: %s with kp = %g\n", type, (double)kp));
  PetscCall(Refused(law, "kp", -1));
  PetscCall(TriboLawSetParameter(law, "kp", 1e10));
  PetscCall(Refused(law, "coupled", 0.5));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(PetscOptionsClearValue(NULL, "-friction_type"));
  PetscCall(PetscOptionsClearValue(NULL, "-friction_kp"));
  // inadmissible parameters of gjp and prager
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWGJP));
  PetscCall(Refused(law, "kt", -1e12));
  PetscCall(Refused(law, "ts", -1));
  PetscCall(Refused(law, "kp", -1e10));
  PetscCall(Refused(law, "coupled", 0.5));
  PetscCall(TriboLawSetParameter(law, "coupled", 1));
  PetscCall(Refused(law, "penalty", 2));
  PetscCall(TriboLawSetType(law, TRIBOLAWPRAGER));
  PetscCall(Refused(law, "kt", 0));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t142-law-postslip.out
TEST*/
