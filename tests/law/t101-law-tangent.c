/* Analytic tangents of the interface laws against central finite differences, in stick, slip,
   separation and re-established contact, for decoupled and coupled tangential directions.

   For every law and state class, 400 random points (u and committed history drawn so the state
   falls in that class) are evaluated; the tangent passes when
   |dt/du - FD| <= 1e-6 * (|dt/du|_max + kn) for every entry, FD step 1e-7 * (|u| + 1e-9).
   Points within 1e-4 (relative) of a stick/slip or contact switch are redrawn: there the law is
   not differentiable. The driver prints the class, the number of points checked and "ok".
   The elastic laws without history (cubic, unilateral) are checked the same way on random u:
   cubic with k1 = 1e12, k3 = 1e24 (the cubic term dominates for |u| > 0.6 um), unilateral with
   k = 1e12 and a clearance g = 3e-7 or an interference g = -3e-7, with u_n drawn on each side of
   the gap ("open", "contact") at least 1e-8 from it; the reference is |dt/du|_max + 1e12,
   the FD step 1e-7 (|u_j| + 1e-7) (never across the gap).
   -show_error prints the worst relative error of every line. */
#include <tribolaw.h>
#include "fdtangent.h"

static PetscReal Rand(PetscRandom r, PetscReal a, PetscReal b)
{
  PetscReal v;
  PetscRandomGetValueReal(r, &v);
  return a + (b - a) * v;
}

static PetscBool show = PETSC_FALSE;

static PetscErrorCode Check(TriboLaw law, const char *name, PetscRandom rnd, PetscInt cls)
{
  const TriboLawCard *c;
  PetscReal           u[3], h[8] = {0}, t[3], d[9], hn[8], kn = 1e12, kt = 3e12, bad = 0;
  PetscInt            checked = 0;
  const char         *cname[] = {"stick", "slip", "separated", "re-contact"};

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &c));
  while (checked < 400) {
    PetscReal un = cls == 2 ? Rand(rnd, -2e-6, -1e-8) : Rand(rnd, 1e-7, 2e-6), slip = cls == 1 ? Rand(rnd, 2.0, 20.0) : Rand(rnd, 0.0, 0.5),
              dir = Rand(rnd, 0, 2 * PETSC_PI), ts = 0;
    PetscBool edf;
    PetscCall(PetscStrcmp(c->name, TRIBOLAWEDF, &edf));
    ts = edf ? 0.6 * kn * un : 1e6;
    // history: previous state u_p (contact or, for re-contact, separated) with a traction inside the cone
    for (int k = 0; k < 8; k++) h[k] = 0;
    h[0] = Rand(rnd, -1e-6, 1e-6);
    h[1] = Rand(rnd, -1e-6, 1e-6);
    if (edf) {
      h[2] = cls == 3 ? Rand(rnd, -1e-6, -1e-8) : un * Rand(rnd, 0.5, 1.5);
      h[3] = cls == 3 ? 0 : 0.3 * 0.6 * kn * h[2] * PetscCosReal(dir);
      h[4] = cls == 3 ? 0 : 0.3 * 0.6 * kn * h[2] * PetscSinReal(dir);
    } else {
      h[2] = 0.3 * ts * PetscCosReal(dir);
      h[3] = 0.3 * ts * PetscSinReal(dir);
    }
    // current state: increment from u_p sized relative to the slip displacement ts/kt
    u[0] = h[0] + slip * PetscAbsReal(ts) / kt * PetscCosReal(dir + 0.3);
    u[1] = h[1] + slip * PetscAbsReal(ts) / kt * PetscSinReal(dir + 0.3);
    u[2] = un;
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, d, hn));
    {
      PetscReal tt = PetscSqrtReal(t[0] * t[0] + t[1] * t[1]), trial[2], cap = edf ? 0.6 * kn * un : 1e6, ref = 0;
      PetscBool near = PETSC_FALSE;
      // classify via the stuck prediction
      if (edf && h[2] <= 0) {
        PetscReal r = un / (un - h[2]);
        trial[0] = kt * r * (u[0] - h[0]), trial[1] = kt * r * (u[1] - h[1]);
      } else {
        PetscInt o = edf ? 3 : 2;
        trial[0] = h[o] + kt * (u[0] - h[0]), trial[1] = h[o + 1] + kt * (u[1] - h[1]);
      }
      if (cls != 2) {
        PetscReal tr  = PetscSqrtReal(trial[0] * trial[0] + trial[1] * trial[1]);
        PetscReal trm = PetscMax(PetscAbsReal(trial[0]), PetscAbsReal(trial[1]));
        near          = (PetscBool)(PetscAbsReal(tr - cap) < 1e-3 * cap || PetscAbsReal(trm - cap) < 1e-3 * cap ||
                           PetscAbsReal(PetscMin(PetscAbsReal(trial[0]), PetscAbsReal(trial[1])) - cap) < 1e-3 * cap);
        if (cls == 0 && tr > 0.999 * cap) continue;
        if (cls == 1 && tr < 1.001 * cap) continue;
      }
      if (near) continue;
      (void)tt;
      for (int k = 0; k < 9; k++) ref = PetscMax(ref, PetscAbsReal(d[k]));
      ref += kn;
      PetscCall(LawFDTangentError(law, u, h, d, ref, hn, &bad));
      checked++;
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s %" PetscInt_FMT " points %s\n", name, cname[cls], checked, bad <= 1e-6 ? "ok" : "MISMATCH"));
  if (bad > 1e-6 || show) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst relative error %g\n", (double)bad));
  PetscFunctionReturn(0);
}

/* Elastic laws without history: cls 0 any u (cubic), 1 open (u_n < g), 2 contact (u_n > g) */
static PetscErrorCode CheckElastic(TriboLaw law, const char *name, PetscRandom rnd, PetscInt cls, PetscReal g)
{
  PetscReal   u[3], t[3], d[9], tp[3], tm[3], up[3], bad = 0;
  const char *cname[] = {"all", "open", "contact"};

  PetscFunctionBeginUser;
  for (PetscInt checked = 0; checked < 400; checked++) {
    PetscReal ref = 1e12;
    u[0]          = Rand(rnd, -2e-6, 2e-6);
    u[1]          = Rand(rnd, -2e-6, 2e-6);
    u[2]          = cls == 0 ? Rand(rnd, -2e-6, 2e-6) : (cls == 1 ? g - Rand(rnd, 1e-8, 2e-6) : g + Rand(rnd, 1e-8, 2e-6));
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, NULL, t, d, NULL));
    for (int k = 0; k < 9; k++) ref = PetscMax(ref, PetscAbsReal(d[k]) + 1e12);
    for (int j = 0; j < 3; j++) {
      PetscReal hstep = 1e-7 * (PetscAbsReal(u[j]) + 1e-7);
      for (int k = 0; k < 3; k++) up[k] = u[k];
      up[j] = u[j] + hstep;
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, up, NULL, tp, NULL, NULL));
      up[j] = u[j] - hstep;
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, up, NULL, tm, NULL, NULL));
      for (int i = 0; i < 3; i++) bad = PetscMax(bad, PetscAbsReal((tp[i] - tm[i]) / (2 * hstep) - d[3 * i + j]) / ref);
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s 400 points %s\n", name, cname[cls], bad <= 1e-6 ? "ok" : "MISMATCH"));
  if (bad > 1e-6 || show) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst relative error %g\n", (double)bad));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboLaw    law;
  PetscRandom rnd;
  struct {
    const char *type, *name;
    PetscReal   coupled;
    PetscInt    ncls;
  } cases[] = {
      {TRIBOLAWPENALTY, "penalty", -1, 3},  {TRIBOLAWJENKINS, "jenkins-decoupled", 0, 2}, {TRIBOLAWJENKINS, "jenkins-coupled", 1, 2},
      {TRIBOLAWEDF, "edf-decoupled", 0, 4}, {TRIBOLAWEDF, "edf-coupled", 1, 4},
  };

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 12345));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetType(law, cases[k].type));
    PetscCall(TriboLawSetParameter(law, "kn", 1e12));
    if (cases[k].coupled >= 0) {
      PetscCall(TriboLawSetParameter(law, "kt", 3e12));
      PetscCall(TriboLawSetParameter(law, "coupled", cases[k].coupled));
    } else
      PetscCall(TriboLawSetParameter(law, "kt", 3e12));
    if (cases[k].coupled >= 0 && !strcmp(cases[k].type, TRIBOLAWEDF)) PetscCall(TriboLawSetParameter(law, "mu", 0.6));
    if (!strcmp(cases[k].type, TRIBOLAWJENKINS)) PetscCall(TriboLawSetParameter(law, "ts", 1e6));
    for (PetscInt cls = 0; cls < cases[k].ncls; cls++) {
      PetscInt c = cases[k].ncls == 3 ? (cls == 2 ? 2 : cls) : cls;
      if (!strcmp(cases[k].type, TRIBOLAWPENALTY) && c == 1) continue; // no slip in the penalty law
      PetscCall(Check(law, cases[k].name, rnd, c));
    }
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWCUBIC));
  PetscCall(TriboLawSetParameter(law, "k1", 1e12));
  PetscCall(TriboLawSetParameter(law, "k3", 1e24));
  PetscCall(CheckElastic(law, "cubic", rnd, 0, 0));
  PetscCall(TriboLawDestroy(&law));
  for (int s = 0; s < 2; s++) {
    PetscReal g = s ? -3e-7 : 3e-7;
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetType(law, TRIBOLAWUNILATERAL));
    PetscCall(TriboLawSetParameter(law, "k", 1e12));
    PetscCall(TriboLawSetParameter(law, "g", g));
    for (PetscInt cls = 1; cls < 3; cls++) PetscCall(CheckElastic(law, s ? "unilateral-interference" : "unilateral-clearance", rnd, cls, g));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t101-law-tangent.out
TEST*/
