/* The AFT march of edf (demo parameters: kt = 5.261e14, kn = 5.765e11, mu = 0.9627) at small amplitudes where the
   points stick, the setting of the report "the march does not reach periodicity within 10 periods at amplitude 5e-8"
   (issue 8). Harmonics {0, 1, 2, 3}, Nt = 128, rtol 1e-10, at most 10 periods.
   (a) Four points with a large static normal offset (u_n = 1 um), static tangential offsets 0 to 1 um and tangential
       motions of 1e-11 to 1e-16 m (static offset up to 1e10 times the motion): a stuck point's traction is
       t_p + kt (u - u_p), whose differences of neighbouring samples are exact in floating point (Sterbenz), so the
       history repeats after one period and the test of the second period passes: 2 periods (printed with
       TriboHBGetAFTPeriods()). The result does not depend on the phase of the samples: the first harmonics of the
       motion shifted by 0.37 rad, shifted back, agree to 1e-12 + eps |U0|/a relative (stick is exactly linear,
       t = kt (u - U0); the samples u = U0 + motion carry the motion only to eps |U0|/a, measured 1.3e-16, 1.9e-11,
       2.7e-8, 2.3e-7 against bounds 1e-12, 2.2e-10, 2.2e-7, 2.2e-6).
   (b) A coupled (eq. 20) point just above slip onset on an elliptical tangential path (semi-axes 0.2 and 0.06,
       slip radius mu kn u_n / kt = 0.167; kt = 3, kn = 1, mu = 0.5): the two-dimensional slider approaches its
       periodic state geometrically, so 10 periods are not enough for rtol 1e-10 (the gap seen is here, not in
       stick); with at most 40 periods it converges and matches a 200-period march to 1e-9. */
#include <tribohb.h>

static PetscErrorCode Shift(PetscInt nsig, const PetscReal X[], PetscReal th, PetscReal sgn, PetscReal Y[])
{
  PetscFunctionBeginUser;
  for (PetscInt s = 0; s < nsig; s++) Y[s] = X[s];
  for (PetscInt h = 1; h <= 3; h++) {
    PetscReal c = PetscCosReal(h * th), sn = sgn * PetscSinReal(h * th);
    for (PetscInt s = 0; s < nsig; s++) {
      Y[(2 * h - 1) * nsig + s] = X[(2 * h - 1) * nsig + s] * c + X[2 * h * nsig + s] * sn;
      Y[2 * h * nsig + s]       = -X[(2 * h - 1) * nsig + s] * sn + X[2 * h * nsig + s] * c;
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Law(const char *kt, const char *kn, const char *mu, TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, law));
  PetscCall(TriboLawSetType(*law, TRIBOLAWEDF));
  PetscCall(TriboLawSetParameter(*law, "kt", atof(kt)));
  PetscCall(TriboLawSetParameter(*law, "kn", atof(kn)));
  PetscCall(TriboLawSetParameter(*law, "mu", atof(mu)));
  PetscCall(TriboLawSetUp(*law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB             hb;
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  const PetscInt      h[]    = {0, 1, 2, 3};
  const PetscReal     ut0[4] = {0, 1e-7, 1e-6, 1e-6}, amp[4] = {1e-11, 1e-13, 1e-15, 1e-16};
  PetscReal           U[84], Us[84], F[84], Fs[84], Fb[84], err = 0, fmax = 0;
  PetscInt            nper, nunc;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 4, h));
  PetscCall(TriboHBSetNt(hb, 128));
  PetscCall(TriboHBSetAFTTolerances(hb, 1e-10, 10));
  PetscCall(TriboHBSetUp(hb));
  // (a) 4 points, 12 signals, 7 columns
  PetscCall(Law("5.261e14", "5.765e11", "0.9627", &law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(PetscArrayzero(U, 84));
  for (PetscInt i = 0; i < 4; i++) {
    PetscReal a = amp[i];
    U[3 * i] = ut0[i], U[3 * i + 1] = -0.3 * ut0[i], U[3 * i + 2] = 1e-6;
    U[12 + 3 * i] = a, U[12 + 3 * i + 1] = 0.2 * a, U[12 + 3 * i + 2] = 0.5 * a, U[24 + 3 * i] = 0.3 * a, U[24 + 3 * i + 1] = 0.1 * a;
    U[36 + 3 * i] = 0.05 * a, U[60 + 3 * i] = 0.02 * a;
  }
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 4, U, F, NULL));
  PetscCall(TriboHBGetAFTPeriods(hb, &nper, &nunc));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(a) stuck edf points: periods %" PetscInt_FMT ", not periodic %" PetscInt_FMT "\n", nper, nunc));
  PetscCall(Shift(12, U, 0.37, 1, Us));
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 4, Us, Fs, NULL));
  PetscCall(Shift(12, Fs, 0.37, -1, Fb));
  for (PetscInt i = 0; i < 4; i++) { // first harmonic, tangential, relative per point
    PetscReal e = 0, m = 0;
    for (PetscInt k = 1; k <= 2; k++)
      for (PetscInt c = 0; c < 2; c++) {
        e = PetscMax(e, PetscAbsReal(Fb[12 * k + 3 * i + c] - F[12 * k + 3 * i + c]));
        m = PetscMax(m, PetscAbsReal(F[12 * k + 3 * i + c]));
      }
    err = PetscMax(err, e / m / (1e-12 + PETSC_MACHINE_EPSILON * ut0[i] / amp[i])); // relative to the round-off of the samples
    if (getenv("TRIBO_VERBOSE")) PetscCall(PetscPrintf(PETSC_COMM_SELF, "  point %" PetscInt_FMT ": %g (|F1| %g)\n", i, (double)(e / m), (double)m));
    fmax = PetscMax(fmax, m);
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(a) first harmonic independent of the sample phase to 1e-12 + eps |U0|/a: %s\n", err <= 1 ? "yes" : "NO"));
  PetscCall(TriboLawDestroy(&law));
  // (b) one coupled point just above slip onset on an ellipse
  PetscCall(Law("3", "1", "0.5", &law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(PetscArrayzero(U, 21));
  U[0] = 0.01, U[1] = -0.02, U[2] = 1.0, U[3] = 0.2, U[7] = 0.06, U[9] = 0.02;
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, F, NULL));
  PetscCall(TriboHBGetAFTPeriods(hb, &nper, &nunc));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(b) coupled slip near onset, at most 10 periods: periodic %s\n", nunc ? "no" : "yes"));
  PetscCall(TriboHBSetAFTTolerances(hb, 1e-10, 40));
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, F, NULL));
  PetscCall(TriboHBGetAFTPeriods(hb, &nper, &nunc));
  PetscCall(TriboHBSetAFTTolerances(hb, 0, 200));
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, Fs, NULL));
  err = fmax = 0;
  for (PetscInt k = 0; k < 21; k++) {
    err  = PetscMax(err, PetscAbsReal(F[k] - Fs[k]));
    fmax = PetscMax(fmax, PetscAbsReal(Fs[k]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(b) at most 40 periods: periodic %s, equal to 200 periods to 1e-9: %s\n", nunc ? "no" : "yes",
                        err <= 1e-9 * fmax ? "yes" : "NO"));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
