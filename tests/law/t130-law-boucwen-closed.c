/* The general Bouc-Wen law integrated with the Dormand-Prince pair (boucwen, porter-et-al-2022 eq. 10, 27) against
   the closed forms of n = 1 (boucwen1, eq. 12-13) and n = 2 (boucwen2, eq. 14-15), and those against the paper's
   Masing formulas eq. 13 and eq. 15 written out here.

   Path: 240 steps of u_t1 = 6 um sin(6 pi s)(1 - 0.6 s), u_t2 = 3 um sin(4.6 pi s) + 1 um s, s in [0, 1), which
   reverses 5 and 4 times, into macroslip (slip displacement about 2 um) and back, and crosses t = 0 inside steps.
   Parameter sets (A = 1e12 N/m^3): n = 1 with (alpha, beta) = (0.75e6, 0.25e6), (0.5e6, -0.3e6) 1/m;
   n = 2 with (0.375, 0.125), (0.3, -0.2) m/N; each non-Masing and Masing (masing = 1).
   Passes when, at every step and in both directions, |t_boucwen - t_closed| <= 1e-8 max|t| and
   |dt/du_boucwen - dt/du_closed| <= 1e-8 A (the integrator's default rtol = 1e-11), and, for masing = 1,
   |t_closed - eq. 13/15| <= 1e-12 max|t| (eq. 13: t = A/eta (1 - e^(-eta u)) for u > 0, odd; eq. 15:
   t = sqrt(A/eta) tanh(u sqrt(A eta)); eta = alpha - beta). Prints the case and "ok"; -show_error prints the worst
   errors (measured: traction and tangent <= 2e-11). Passing the non-Masing n = 2 cases also
   confirms the unloading branch of eq. 14 (tan, not the printed tanh; see src/law/impls/boucwen2.c). */
#include <tribolaw.h>

#define NS 240

static PetscErrorCode Run(const char *type, PetscReal n, PetscReal alpha, PetscReal beta, PetscReal masing, PetscReal T[], PetscReal D[])
{
  TriboLaw  law;
  PetscReal h[6] = {0}, hn[6], u[3], d[9];

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawSetParameter(law, "a", 1e12));
  PetscCall(TriboLawSetParameter(law, "alpha", alpha));
  PetscCall(TriboLawSetParameter(law, "beta", beta));
  PetscCall(TriboLawSetParameter(law, "masing", masing));
  if (!strcmp(type, "boucwen")) PetscCall(TriboLawSetParameter(law, "n", n));
  PetscCall(TriboLawSetUp(law));
  for (PetscInt s = 0; s < NS; s++) {
    PetscReal x = (PetscReal)s / NS;
    u[0]        = 6e-6 * PetscSinReal(6 * PETSC_PI * x) * (1 - 0.6 * x);
    u[1]        = 3e-6 * PetscSinReal(4.6 * PETSC_PI * x) + 1e-6 * x;
    u[2]        = 1e-7;
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, &T[2 * s], d, hn));
    D[2 * s]     = d[0];
    D[2 * s + 1] = d[4];
    for (PetscInt a = 0; a < 6; a++) h[a] = hn[a];
  }
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

static PetscBool show = PETSC_FALSE;

static PetscErrorCode Check(PetscReal n, PetscReal alpha, PetscReal beta, PetscReal masing)
{
  PetscReal T0[2 * NS + 3], D0[2 * NS], T1[2 * NS + 3], D1[2 * NS], tmax = 0, et = 0, ed = 0, em = 0, A = 1e12, eta = alpha - beta;

  PetscFunctionBeginUser;
  PetscCall(Run("boucwen", n, alpha, beta, masing, T0, D0));
  PetscCall(Run(n == 1 ? "boucwen1" : "boucwen2", n, alpha, beta, masing, T1, D1));
  for (PetscInt i = 0; i < 2 * NS; i++) tmax = PetscMax(tmax, PetscAbsReal(T1[i]));
  for (PetscInt i = 0; i < 2 * NS; i++) {
    et = PetscMax(et, PetscAbsReal(T0[i] - T1[i]) / tmax);
    ed = PetscMax(ed, PetscAbsReal(D0[i] - D1[i]) / A);
  }
  if (masing) {
    for (PetscInt s = 0; s < NS; s++) {
      PetscReal x = (PetscReal)s / NS, u[2];
      u[0]        = 6e-6 * PetscSinReal(6 * PETSC_PI * x) * (1 - 0.6 * x);
      u[1]        = 3e-6 * PetscSinReal(4.6 * PETSC_PI * x) + 1e-6 * x;
      for (PetscInt q = 0; q < 2; q++) {
        PetscReal te, au = PetscAbsReal(u[q]), sg = u[q] >= 0 ? 1 : -1;
        if (n == 1)
          te = sg * A / eta * (1 - PetscExpReal(-eta * au)); // eq. 13
        else
          te = PetscSqrtReal(A / eta) * PetscTanhReal(u[q] * PetscSqrtReal(A * eta)); // eq. 15
        em = PetscMax(em, PetscAbsReal(T1[2 * s + q] - te) / tmax);
      }
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "n = %g alpha = %g beta = %g masing %g: %s\n", (double)n, (double)alpha, (double)beta, (double)masing,
                        et <= 1e-8 && ed <= 1e-8 && em <= 1e-12 ? "ok" : "FAILED"));
  if (show || et > 1e-8 || ed > 1e-8 || em > 1e-12)
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  errors: traction %g tangent %g Masing formula %g\n", (double)et, (double)ed, (double)em));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (PetscReal masing = 0; masing < 2; masing++) {
    PetscCall(Check(1, 0.75e6, 0.25e6, masing));
    PetscCall(Check(1, 0.5e6, -0.3e6, masing));
    PetscCall(Check(2, 0.375, 0.125, masing));
    PetscCall(Check(2, 0.3, -0.2, masing));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
