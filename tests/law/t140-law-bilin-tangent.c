/* Analytic tangents of prager, gjp (linear and penalty contact), jenkins+kp and edf+kp against central finite
   differences, coupled and decoupled, in stick, slip, separation and re-established contact.

   For every law and state class, 300 random points are drawn as in t101: a committed history (previous u_t, the
   Jenkins traction inside the slip limit, u_n, and the post-slip spring's reference) and an increment sized
   relative to the slip displacement ts/kt, so that the state falls in the class; the class is confirmed from the
   stuck prediction computed here (eq. 23, or eq. 5 at re-contact), points within 1e-3 (relative) of the slip
   limit are redrawn. The tangent passes when |dt/du - FD| <= 1e-6 (|dt/du|_max + kn) for every entry, FD step
   1e-7 (|u_j| + 1e-9). kt = 3e12, kn = 1e12, ts = 1e6 (edf: mu = 0.6), kp = 2e11; prager with kt = 3e12 (its
   default 10^18.5 makes the stick range 3e-13, below the FD step). -show_error prints the worst relative error. */
#include <tribolaw.h>
#include "fdtangent.h"

static PetscReal Rand(PetscRandom r, PetscReal a, PetscReal b)
{
  PetscReal v;
  PetscRandomGetValueReal(r, &v);
  return a + (b - a) * v;
}

typedef struct {
  const char *type, *name;
  PetscReal   coupled, penalty; // penalty < 0: the law has no such parameter
  PetscInt    tt, un, z, e;     // history slots: Jenkins traction, u_n, u_t0,kp, (u_t, u_n) of +kp (-1: none)
  PetscBool   edf, contact;     // slip traction mu kn u_n; penalty contact
} Case;

static PetscBool show = PETSC_FALSE;

static PetscErrorCode Check(TriboLaw law, const Case *c, PetscRandom rnd, PetscInt cls)
{
  const PetscReal kn = 1e12, kt = 3e12;
  PetscReal       u[3], h[16], t[3], d[9], hn[16], bad = 0;
  PetscInt        checked = 0;
  const char     *cname[] = {"stick", "slip", "separated", "re-contact"};

  PetscFunctionBeginUser;
  while (checked < 300) {
    PetscReal un = cls == 2 ? Rand(rnd, -2e-6, -1e-8) : Rand(rnd, 1e-7, 2e-6), slip = cls == 1 ? Rand(rnd, 2.0, 20.0) : Rand(rnd, 0.0, 0.5),
              dir = Rand(rnd, 0, 2 * PETSC_PI), ts = c->edf ? 0.6 * kn * un : 1e6, unp, trial[2], ref = 0;
    for (int k = 0; k < 16; k++) h[k] = 0;
    h[0] = Rand(rnd, -1e-6, 1e-6);
    h[1] = Rand(rnd, -1e-6, 1e-6);
    unp  = cls == 3 ? Rand(rnd, -1e-6, -1e-8) : un * Rand(rnd, 0.5, 1.5);
    if (c->un >= 0) h[c->un] = unp;
    if (cls != 3) { // a Jenkins traction inside the slip limit of the previous state
      PetscReal tsp = c->edf ? 0.6 * kn * unp : 1e6;
      h[c->tt]      = 0.3 * tsp * PetscCosReal(dir);
      h[c->tt + 1]  = 0.3 * tsp * PetscSinReal(dir);
    }
    if (c->z >= 0) h[c->z] = Rand(rnd, -1e-6, 1e-6), h[c->z + 1] = Rand(rnd, -1e-6, 1e-6);
    if (c->e >= 0) h[c->e] = h[0], h[c->e + 1] = h[1], h[c->e + 2] = unp;
    u[0] = h[0] + slip * ts / kt * PetscCosReal(dir + 0.3);
    u[1] = h[1] + slip * ts / kt * PetscSinReal(dir + 0.3);
    u[2] = un;
    if (c->contact && cls == 3) {
      PetscReal r = un / (un - unp);
      trial[0] = kt * r * (u[0] - h[0]), trial[1] = kt * r * (u[1] - h[1]);
    } else
      trial[0] = h[c->tt] + kt * (u[0] - h[0]), trial[1] = h[c->tt + 1] + kt * (u[1] - h[1]);
    if (cls != 2) {
      PetscReal tr =
          c->coupled > 0.5 ? PetscSqrtReal(trial[0] * trial[0] + trial[1] * trial[1]) : PetscMax(PetscAbsReal(trial[0]), PetscAbsReal(trial[1]));
      if (cls == 0 && tr > 0.999 * ts) continue;
      if (cls != 0 && cls != 3 && tr < 1.001 * ts) continue;
      if (PetscAbsReal(tr - ts) < 1e-3 * ts ||
          (c->coupled < 0.5 && PetscAbsReal(PetscMin(PetscAbsReal(trial[0]), PetscAbsReal(trial[1])) - ts) < 1e-3 * ts))
        continue;
    }
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
    for (int k = 0; k < 9; k++) ref = PetscMax(ref, PetscAbsReal(d[k]));
    ref += kn;
    PetscCall(LawFDTangentError(law, u, h, d, ref, hn, &bad));
    checked++;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s %" PetscInt_FMT " points %s\n", c->name, cname[cls], checked, bad <= 1e-6 ? "ok" : "MISMATCH"));
  if (bad > 1e-6 || show) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst relative error %g\n", (double)bad));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboLaw    law;
  PetscRandom rnd;
  const Case  cases[] = {
       {TRIBOLAWPRAGER, "prager-decoupled", 0, -1, 2, -1, -1, -1, PETSC_FALSE, PETSC_FALSE},
       {TRIBOLAWPRAGER, "prager-coupled", 1, -1, 2, -1, -1, -1, PETSC_FALSE, PETSC_FALSE},
       {TRIBOLAWGJP, "gjp-decoupled", 0, 0, 2, 4, -1, -1, PETSC_FALSE, PETSC_FALSE},
       {TRIBOLAWGJP, "gjp-coupled", 1, 0, 2, 4, -1, -1, PETSC_FALSE, PETSC_FALSE},
       {TRIBOLAWGJP, "gjp-penalty-decoupled", 0, 1, 2, 4, 5, -1, PETSC_FALSE, PETSC_TRUE},
       {TRIBOLAWGJP, "gjp-penalty-coupled", 1, 1, 2, 4, 5, -1, PETSC_FALSE, PETSC_TRUE},
       {"jenkins+kp", "jenkins+kp-decoupled", 0, -1, 2, -1, -1, -1, PETSC_FALSE, PETSC_FALSE},
       {"jenkins+kp", "jenkins+kp-coupled", 1, -1, 2, -1, -1, -1, PETSC_FALSE, PETSC_FALSE},
       {"edf+kp", "edf+kp-decoupled", 0, -1, 3, 2, 5, 7, PETSC_TRUE, PETSC_TRUE},
       {"edf+kp", "edf+kp-coupled", 1, -1, 3, 2, 5, 7, PETSC_TRUE, PETSC_TRUE},
  };

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 140));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    const Case *c = &cases[k];
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetType(law, c->type));
    PetscCall(TriboLawSetParameter(law, "kn", 1e12));
    PetscCall(TriboLawSetParameter(law, "kt", 3e12));
    PetscCall(TriboLawSetParameter(law, "kp", 2e11));
    PetscCall(TriboLawSetParameter(law, "coupled", c->coupled));
    if (c->edf)
      PetscCall(TriboLawSetParameter(law, "mu", 0.6));
    else
      PetscCall(TriboLawSetParameter(law, "ts", 1e6));
    if (c->penalty >= 0) PetscCall(TriboLawSetParameter(law, "penalty", c->penalty));
    PetscCall(TriboLawSetUp(law));
    for (PetscInt cls = 0; cls < (c->contact ? 4 : 2); cls++) PetscCall(Check(law, c, rnd, cls));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t140-law-bilin-tangent.out
TEST*/
