/* Parameters of the Iwan laws outside their admissible sets, and batched calls.

   1. Parameters outside their admissible sets are refused, with the message (printed) naming the parameter and its
      range: by TriboLawSetParameter() (below a card's lower bound) or by TriboLawSetUp() (the card's validate); the
      last line is an admissible value, accepted.
   2. 150 points in one call give exactly (difference 0) what they give one at a time, along 4 committed steps of
      random displacements (and velocities), pinning engaged at some points: iwan4, iwan_stribeck and iwan_discrete
      (which works in blocks of 64 points). */
#include <tribolaw.h>

/* n = 150 points in one call (the discrete law works in blocks of 64) equal the same points one at a time, along 4
   committed steps of random displacements (and velocities for the rate-dependent law) */
static PetscErrorCode Batch(const char *type)
{
  TriboLaw            law;
  const TriboLawCard *c;
  const PetscInt      n = 150;
  PetscReal          *u, *v, *h1, *h2, *hn1, *hn2, *t1, *t2, *d1, *d2, *e1, *e2, err = 0;
  PetscRandom         r;
  PetscBool           rate;
  PetscInt            nh;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawSetParameter(law, "kpin", 1e11));
  PetscCall(TriboLawSetParameter(law, "dpin", 3e-6));
  if (!strcmp(type, TRIBOLAWIWANSTRIBECK)) PetscCall(TriboLawSetParameter(law, "fv", 1e9));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &c));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  nh = c->nhist;
  PetscCall(PetscCalloc6(3 * n, &u, 3 * n, &v, nh * n, &h1, nh * n, &h2, nh * n, &hn1, nh * n, &hn2));
  PetscCall(PetscCalloc6(3 * n, &t1, 3 * n, &t2, 9 * n, &d1, 9 * n, &d2, 9 * n, &e1, 9 * n, &e2));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &r));
  PetscCall(PetscRandomSetInterval(r, -4e-6, 4e-6)); // phi_max of the defaults is about 3e-6 m, dpin 3e-6 m
  for (PetscInt step = 0; step < 4; step++) {
    for (PetscInt i = 0; i < 3 * n; i++) {
      PetscCall(PetscRandomGetValueReal(r, &u[i]));
      PetscCall(PetscRandomGetValueReal(r, &v[i]));
      v[i] *= 50; // up to 2 v_S
    }
    if (rate)
      PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, n, u, v, h1, t1, d1, e1, hn1));
    else
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, n, u, h1, t1, d1, hn1));
    for (PetscInt i = 0; i < n; i++) {
      if (rate)
        PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, &u[3 * i], &v[3 * i], &h2[nh * i], &t2[3 * i], &d2[9 * i], &e2[9 * i], &hn2[nh * i]));
      else
        PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, &u[3 * i], &h2[nh * i], &t2[3 * i], &d2[9 * i], &hn2[nh * i]));
    }
    for (PetscInt i = 0; i < 3 * n; i++) err = PetscMax(err, PetscAbsReal(t1[i] - t2[i]));
    for (PetscInt i = 0; i < 9 * n; i++) err = PetscMax(err, PetscMax(PetscAbsReal(d1[i] - d2[i]), PetscAbsReal(e1[i] - e2[i])));
    for (PetscInt i = 0; i < nh * n; i++) err = PetscMax(err, PetscAbsReal(hn1[i] - hn2[i]));
    PetscCall(PetscArraycpy(h1, hn1, nh * n));
    PetscCall(PetscArraycpy(h2, hn2, nh * n));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: 150 points in one call = one at a time, 4 steps: %s\n", type, err == 0 ? "ok" : "FAILED"));
  PetscCall(PetscRandomDestroy(&r));
  PetscCall(PetscFree6(u, v, h1, h2, hn1, hn2));
  PetscCall(PetscFree6(t1, t2, d1, d2, e1, e2));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

static PetscErrorCode Reject(const char *type, const char *name, PetscReal value)
{
  TriboLaw       law;
  PetscErrorCode e;
  char          *msg = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  e = TriboLawSetParameter(law, name, value);
  if (!e) e = TriboLawSetUp(law);
  PetscCall(PetscPopErrorHandler());
  if (e) PetscCall(PetscErrorMessage(e, NULL, &msg));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s = %g: %s%s\n", type, name, (double)value, e ? "rejected: " : "ACCEPTED", e && msg ? msg : ""));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(Batch(TRIBOLAWIWAN4));
  PetscCall(Batch(TRIBOLAWIWANSTRIBECK));
  PetscCall(Batch(TRIBOLAWIWANDISCRETE));

  // 4. rejected parameters
  PetscCall(Reject(TRIBOLAWIWAN4, "chi", 0.5));
  PetscCall(Reject(TRIBOLAWIWAN4, "chi", -1));
  PetscCall(Reject(TRIBOLAWIWAN4, "chi", -1.5));
  PetscCall(Reject(TRIBOLAWIWAN4, "beta", -0.1));
  PetscCall(Reject(TRIBOLAWIWAN4, "fs", 0));
  PetscCall(Reject(TRIBOLAWIWAN4, "kt", 0));
  PetscCall(Reject(TRIBOLAWIWAN4, "kpin", -1));
  PetscCall(Reject(TRIBOLAWIWAN5, "theta", 1.5));
  PetscCall(Reject(TRIBOLAWIWAN5, "theta", -0.5));
  PetscCall(Reject(TRIBOLAWIWANUNIFORM, "kt", 0));
  PetscCall(Reject(TRIBOLAWIWANSTRIBECK, "deltas", 0));
  PetscCall(Reject(TRIBOLAWIWANSTRIBECK, "theta", 2));
  PetscCall(Reject(TRIBOLAWIWANSTRIBECK, "vs", -1e-4));
  PetscCall(Reject(TRIBOLAWIWANDISCRETE, "nsliders", 10.5));
  PetscCall(Reject(TRIBOLAWIWANDISCRETE, "nsliders", 2000));
  PetscCall(Reject(TRIBOLAWIWANDISCRETE, "nsliders", 0));
  PetscCall(Reject(TRIBOLAWIWANDISCRETE10K, "nsliders", 20000));
  PetscCall(Reject(TRIBOLAWIWAN4, "chi", -0.9)); // admissible
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t115-iwan-checks.out
TEST*/
