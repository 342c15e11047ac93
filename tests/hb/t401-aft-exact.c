/* AFT of polynomial maps against exact harmonic products.

   (1) Penalty law with tension = 1 is linear: F = diag(kt, kt, kn) U for any U, here for 5 random points with
       harmonics {0, 1, 3}, Nt = 16. (2) A cubic test kernel t = u^3 (per component): with u = U0 + A cos(tau),
       u^3 = U0^3 + 3/2 U0 A^2 + (3 U0^2 A + 3/4 A^3) cos + 3/2 U0 A^2 cos 2tau + A^3/4 cos 3tau (closed form, printed);
       for random U with harmonics {0..3} against the Cauchy product of the complex coefficient sequences (computed
       here without FFT), Nt = 13 = 4 h_max + 1 (alias free for a cubic, NLvib). (3) Nt <= 2 h_max is refused. */
#include <tribohb.h>

static PetscInt Cubic(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t, PetscReal *d,
                      PetscReal *hn)
{
  for (PetscInt i = 0; i < n; i++) {
    for (int c = 0; c < 3; c++) t[3 * i + c] = u[3 * i + c] * u[3 * i + c] * u[3 * i + c];
    if (d)
      for (int k = 0; k < 9; k++) d[9 * i + k] = k % 4 ? 0 : 3 * u[3 * i + k / 4] * u[3 * i + k / 4];
  }
  return 0;
}

static const TriboLawCard cubic = {.name = "cubic", .nhist = 0, .kernel = Cubic};

// complex coefficients z[-3..3] of a real signal from its cos/sin coefficients (harmonics 0..3), then z^3 up to harmonic 3
static void CubeExact(const PetscReal *X, PetscInt stride, PetscReal *Y)
{
  PetscReal re[7] = {0}, im[7] = {0}, r2[13] = {0}, i2[13] = {0};
  re[3] = X[0];
  for (int h = 1; h <= 3; h++) {
    re[3 + h] = re[3 - h] = 0.5 * X[(2 * h - 1) * stride];
    im[3 + h]             = -0.5 * X[2 * h * stride];
    im[3 - h]             = 0.5 * X[2 * h * stride];
  }
  for (int a = 0; a < 7; a++) // square: indices -6..6
    for (int b = 0; b < 7; b++) {
      r2[a + b] += re[a] * re[b] - im[a] * im[b];
      i2[a + b] += re[a] * im[b] + im[a] * re[b];
    }
  for (int h = 0; h <= 3; h++) { // cube, harmonic h = sum over (a + b) + c = h
    PetscReal sr = 0, si = 0;
    for (int m = -6; m <= 6; m++) {
      int c = h - m;
      if (c < -3 || c > 3) continue;
      sr += r2[m + 6] * re[c + 3] - i2[m + 6] * im[c + 3];
      si += r2[m + 6] * im[c + 3] + i2[m + 6] * re[c + 3];
    }
    if (h == 0)
      Y[0] = sr;
    else {
      Y[(2 * h - 1) * stride] = 2 * sr;
      Y[2 * h * stride]       = -2 * si;
    }
  }
}

int main(int argc, char **argv)
{
  TriboHB         hb;
  TriboLaw        law;
  PetscRandom     rnd;
  const PetscInt  h013[] = {0, 1, 3}, h0123[] = {0, 1, 2, 3};
  const PetscReal kt = 2, kn = 3;
  PetscReal       U[7 * 15], F[7 * 15], Y[7 * 15], err = 0, scale = 0;
  PetscErrorCode  ierr;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetInterval(rnd, -1, 1));
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWPENALTY));
  PetscCall(TriboLawSetParameter(law, "kn", kn));
  PetscCall(TriboLawSetParameter(law, "kt", kt));
  PetscCall(TriboLawSetParameter(law, "tension", 1));
  PetscCall(TriboLawSetUp(law));
  {
    const TriboLawCard *card;
    const PetscReal    *p;
    PetscCall(TriboLawGetCard(law, &card));
    PetscCall(TriboLawGetParameters(law, &p));
    PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
    PetscCall(TriboHBSetHarmonics(hb, 3, h013));
    PetscCall(TriboHBSetNt(hb, 16));
    PetscCall(TriboHBSetBlockSize(hb, 2)); // 5 points: batches of 2, 2, 1
    PetscCall(TriboHBSetUp(hb));
    for (PetscInt k = 0; k < 5 * 15; k++) PetscCall(PetscRandomGetValueReal(rnd, &U[k]));
    PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 5, U, F, NULL));
    for (PetscInt k = 0; k < 5 * 15; k++) {
      PetscReal e = (k % 3 == 2 ? kn : kt) * U[k];
      err         = PetscMax(err, PetscAbsReal(F[k] - e));
      scale       = PetscMax(scale, PetscAbsReal(e));
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "linear penalty law, 5 points, h = {0,1,3}: F = k U within 1e-13: %s\n",
                          err <= 1e-13 * scale ? "ok" : "FAILED"));
    PetscCall(TriboHBDestroy(&hb));
  }
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 4, h0123));
  PetscCall(TriboHBSetNt(hb, 13));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(PetscArrayzero(U, 7 * 3));
  U[0] = 0.5, U[3] = 2.0; // t1: u = 0.5 + 2 cos(tau)
  PetscCall(TriboHBAFT(hb, &cubic, NULL, TRIBO_LAW_FULL, 1, U, F, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "cubic of 0.5 + 2 cos: mean %.12g cos1 %.12g sin1 %.3g cos2 %.12g sin2 %.3g cos3 %.12g sin3 %.3g\n",
                        (double)F[0], (double)F[3], (double)F[6], (double)F[9], (double)F[12], (double)F[15], (double)F[18]));
  for (PetscInt k = 0; k < 7 * 15; k++) PetscCall(PetscRandomGetValueReal(rnd, &U[k]));
  PetscCall(TriboHBAFT(hb, &cubic, NULL, TRIBO_LAW_FULL, 5, U, F, NULL));
  err = scale = 0;
  for (PetscInt s = 0; s < 15; s++) CubeExact(&U[s], 15, &Y[s]);
  for (PetscInt k = 0; k < 7 * 15; k++) {
    err   = PetscMax(err, PetscAbsReal(F[k] - Y[k]));
    scale = PetscMax(scale, PetscAbsReal(Y[k]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "cubic, 5 random points, h = 0..3, Nt = 13: equals the exact harmonic product within 1e-13: %s\n",
                        err <= 1e-13 * scale ? "ok" : "FAILED"));
  PetscCall(TriboHBSetNt(hb, 6));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboHBSetUp(hb);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "Nt = 6 with h_max = 3: %s\n", ierr == PETSC_ERR_USER_INPUT ? "refused" : "ACCEPTED"));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 1e-12
    atol: 1e-12
TEST*/
