/* The AFT Jacobian of hysteretic laws without state derivatives (card kernel_h NULL): src/hb/aft.c differences its
   march (forward, step 1.5e-8 of the largest coefficient). Test law: the exponential slider of expolaw.h (history 4),
   registered here, rate-independent (expo) and rate-dependent with history (expo_v: viscous c = 0.3 and
   ts (1 + beta v^2), beta = 0.5, at Omega = 1.7, marched with the velocity samples).
   Harmonics {0, 1, 2}, Nt = 64, two points (tangential ellipses with a second harmonic and a mean, normal motion),
   rtol = 0 and 6 periods (the march is the same procedure for every perturbation).
   (a) J d against central differences of the AFT forces, (F(U + e d) - F(U - e d))/2e, e = 1e-6 max|U|, along three
       fixed directions d (and dF/dOmega against central differences in Omega, step 1e-6 Omega): the difference
       Jacobian is accurate to ~1e-8, the central differences to ~1e-10; "ok" when max|J d - FD| <= 1e-6 max|J d|
       (dF/dOmega: 1e-6 max|dF/dOmega| + 1e-7, the round-off of |F| ~ 2 over the step 2.6e-8 Omega; measured 1.6e-8).
   (b) the same law with kernel_h (expo_h, expo_vh): the exact J and dF/dOmega against those of (a); "ok" within
       1e-6 relative (measured ~1e-8). */
#include "expolaw.h"

#define NC 5
#define N3 15

static PetscErrorCode Case(TriboHB hb, const char *name, const char *exact, PetscReal amp)
{
  TriboLaw            law, lawh;
  const TriboLawCard *card, *cardh;
  const PetscReal    *p;
  const PetscReal     prm[5] = {3.0, 1.0, 2.0, 0.3, 0.5}, Omega = 1.7;
  PetscReal           U[2 * N3], Up[2 * N3], Fp[2 * N3], Fm[2 * N3], F[2 * N3], J[2 * N3 * N3], Jh[2 * N3 * N3], W[2 * N3], Wh[2 * N3];
  PetscReal           umax = 0, e, ed = 0, md = 0, ew = 0, mw = 0, eh = 0, mh = 0;
  PetscBool           rate;

  PetscFunctionBeginUser;
  PetscCall(ExpoLaw(name, prm, &law));
  PetscCall(ExpoLaw(exact, prm, &lawh));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetCard(lawh, &cardh));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  PetscCall(TriboHBSetFrequency(hb, Omega));
  for (PetscInt k = 0; k < NC; k++) // U[k (6) + 3 i + c]
    for (PetscInt i = 0; i < 2; i++)
      for (PetscInt c = 0; c < 3; c++) U[6 * k + 3 * i + c] = amp * PetscSinReal(1.0 + 0.7 * k + 1.3 * c + 2.1 * i) / (1 + k);
  U[2] = U[5] = 1.0; // normal mean
  for (PetscInt a = 0; a < 2 * N3; a++) umax = PetscMax(umax, PetscAbsReal(U[a]));
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, U, F, J, W));
  PetscCall(TriboHBAFTV(hb, cardh, p, TRIBO_LAW_FULL, 2, U, F, Jh, Wh));
  e = 1e-6 * umax;
  for (PetscInt dir = 0; dir < 3; dir++) {
    PetscReal d[2 * N3];
    for (PetscInt a = 0; a < 2 * N3; a++) d[a] = PetscCosReal(0.37 * a * (dir + 1) + dir);
    for (PetscInt a = 0; a < 2 * N3; a++) Up[a] = U[a] + e * d[a];
    PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, Up, Fp, NULL, NULL));
    for (PetscInt a = 0; a < 2 * N3; a++) Up[a] = U[a] - e * d[a];
    PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, Up, Fm, NULL, NULL));
    for (PetscInt i = 0; i < 2; i++)
      for (PetscInt kr = 0; kr < NC; kr++)
        for (PetscInt r = 0; r < 3; r++) {
          PetscReal jd = 0, fd = (Fp[6 * kr + 3 * i + r] - Fm[6 * kr + 3 * i + r]) / (2 * e);
          for (PetscInt kc = 0; kc < NC; kc++)
            for (PetscInt c = 0; c < 3; c++) jd += J[i * N3 * N3 + (3 * kr + r) * N3 + 3 * kc + c] * d[6 * kc + 3 * i + c];
          ed = PetscMax(ed, PetscAbsReal(jd - fd));
          md = PetscMax(md, PetscAbsReal(jd));
        }
  }
  if (rate) {
    PetscCall(TriboHBSetFrequency(hb, Omega * (1 + 1e-6)));
    PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, U, Fp, NULL, NULL));
    PetscCall(TriboHBSetFrequency(hb, Omega * (1 - 1e-6)));
    PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, U, Fm, NULL, NULL));
    for (PetscInt i = 0; i < 2; i++)
      for (PetscInt kr = 0; kr < NC; kr++)
        for (PetscInt r = 0; r < 3; r++) {
          PetscReal fd = (Fp[6 * kr + 3 * i + r] - Fm[6 * kr + 3 * i + r]) / (2e-6 * Omega);
          ew           = PetscMax(ew, PetscAbsReal(W[i * N3 + 3 * kr + r] - fd));
          mw           = PetscMax(mw, PetscAbsReal(W[i * N3 + 3 * kr + r]));
        }
  }
  for (PetscInt a = 0; a < 2 * N3 * N3; a++) eh = PetscMax(eh, PetscAbsReal(J[a] - Jh[a])), mh = PetscMax(mh, PetscAbsReal(Jh[a]));
  for (PetscInt a = 0; a < 2 * N3; a++) eh = PetscMax(eh, PetscAbsReal(W[a] - Wh[a]));
  if (getenv("TRIBO_VERBOSE"))
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  Jd %g (max %g) dF/dOmega %g (max %g) exact %g (max %g)\n", (double)(ed / md), (double)md,
                          (double)(mw > 0 ? ew / mw : ew), (double)mw, (double)(eh / mh), (double)mh));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-6s amplitude %g: J d vs central FD: %s%s; %s vs differences: %s\n", name, (double)amp,
                        ed <= 1e-6 * md ? "ok" : "FAILED", rate ? (mw > 0 && ew <= 1e-6 * mw + 1e-7 ? ", dF/dOmega: ok" : ", dF/dOmega: FAILED") : "",
                        exact, eh <= 1e-6 * mh ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboLawDestroy(&lawh));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB        hb;
  const PetscInt h[] = {0, 1, 2};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(ExpoRegister());
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, h));
  PetscCall(TriboHBSetNt(hb, 64));
  PetscCall(TriboHBSetAFTTolerances(hb, 0, 6));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(Case(hb, "expo", "expo_h", 0.2));
  PetscCall(Case(hb, "expo", "expo_h", 2.0));
  PetscCall(Case(hb, "expo_v", "expo_vh", 0.2));
  PetscCall(Case(hb, "expo_v", "expo_vh", 2.0));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
