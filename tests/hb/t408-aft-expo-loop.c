/* The AFT of a smooth hysteretic law (the exponential slider of expolaw.h, k = 3, ts = 1, kn = 2) against its
   closed-form steady loop and against a time-domain march to steady state written here.
   (a) u_1 = a cos(tau), u_n = 1 (harmonics {0, 1, 2, 3}, Nt = 512, rtol 1e-12): on the descending branch
       z_d(u) = -ts + (zmax + ts) exp(-k (a - u)/ts), zmax = ts tanh(k a/ts), the ascending one is -z_d(-u), so
         sin coefficient s1 = -W/(pi a),  W = 4 a ts - 2 (zmax + ts)(ts/k)(1 - exp(-2 k a/ts))  (loop energy),
         cos coefficient c1 = (2/pi) int_0^pi z_d(a cos tau) cos tau dtau  (Simpson, 2e5 intervals),
       and t_n = kn u_n = 2. The march hits the turning points tau = 0, pi exactly and integrates monotone steps
       exactly, so the only error is that of the discrete transform of the kinked loop: 1e-7 relative of |(c1, s1)|
       (Nt = 512, measured 3.6e-11, 3.1e-10, 1.4e-9 at a = 0.1, 1, 5). Printed: s1, c1 (5 digits), "ok" for the comparison.
   (b) two points with tangential ellipses, second and third harmonics, tangential means and a varying normal
       displacement (harmonics {0, 1, 2, 3}, Nt = 128): this driver marches the kernel over 40 periods from a fresh
       history at tau = 0 without removing the tangential mean (another initial state than the AFT's), the law
       rate-independent (expo) and rate-dependent with history (expo_vh, c = 0.3, beta = 0.5, Omega = 1.7, the
       velocity samples Omega du/dtau summed here), and transforms the last period by direct sums: the steady state
       is unique (the slider forgets its state at rate exp(-k |du|/T)), so the AFT must agree to 1e-9 of max|F|. */
#include "expolaw.h"

#define NT 128

static PetscErrorCode MarchCase(TriboHB hb, const char *name, PetscReal c, PetscReal beta)
{
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  const PetscReal     prm[5] = {3.0, 1.0, 2.0, c, beta}, Omega = 1.7;
  PetscReal           U[42], F[42], Fd[42], u[6], v[6], t[6 * NT], h[8], hn[8], tj[6], err = 0, fmax = 0;

  PetscFunctionBeginUser;
  PetscCall(ExpoLaw(name, prm, &law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboHBSetFrequency(hb, Omega));
  for (PetscInt k = 0; k < 7; k++)
    for (PetscInt s = 0; s < 6; s++) U[6 * k + s] = 0.8 * PetscCosReal(0.9 + 1.1 * k + 0.6 * s) / (1 + k);
  U[2] = 1.0, U[5] = 1.2;
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 2, U, F, NULL, NULL));
  PetscCall(PetscArrayzero(h, 8));
  for (PetscInt per = 0; per < 40; per++)
    for (PetscInt j = 0; j < NT; j++) {
      PetscReal tau = 2 * PETSC_PI * j / NT;
      for (PetscInt s = 0; s < 6; s++) {
        u[s] = U[s], v[s] = 0;
        for (PetscInt hh = 1; hh <= 3; hh++) {
          u[s] += U[6 * (2 * hh - 1) + s] * PetscCosReal(hh * tau) + U[6 * 2 * hh + s] * PetscSinReal(hh * tau);
          v[s] += Omega * hh * (-U[6 * (2 * hh - 1) + s] * PetscSinReal(hh * tau) + U[6 * 2 * hh + s] * PetscCosReal(hh * tau));
        }
      }
      if (card->kernel_v)
        card->kernel_v(p, TRIBO_LAW_FULL, 2, u, v, h, tj, NULL, NULL, hn);
      else
        card->kernel(p, TRIBO_LAW_FULL, 2, u, h, tj, NULL, hn);
      for (PetscInt s = 0; s < 6; s++) t[6 * j + s] = tj[s];
      PetscCall(PetscArraycpy(h, hn, 8));
    }
  for (PetscInt s = 0; s < 6; s++)
    for (PetscInt k = 0; k < 7; k++) {
      PetscInt hh   = (k + 1) / 2;
      Fd[6 * k + s] = 0;
      for (PetscInt j = 0; j < NT; j++) {
        PetscReal tau = 2 * PETSC_PI * j / NT, e = k == 0 ? 1.0 / NT : (k % 2 ? 2 * PetscCosReal(hh * tau) : 2 * PetscSinReal(hh * tau)) / NT;
        Fd[6 * k + s] += e * t[6 * j + s];
      }
    }
  for (PetscInt a = 0; a < 42; a++) err = PetscMax(err, PetscAbsReal(F[a] - Fd[a])), fmax = PetscMax(fmax, PetscAbsReal(F[a]));
  if (getenv("TRIBO_VERBOSE")) PetscCall(PetscPrintf(PETSC_COMM_SELF, "  max|F - F_march| / max|F| = %g\n", (double)(err / fmax)));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(b) %-7s AFT vs time march to steady state: %s\n", name, err <= 1e-9 * fmax ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB             hb;
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  const PetscInt      hs[]  = {0, 1, 2, 3};
  const PetscReal     amp[] = {0.1, 1.0, 5.0}, prm[5] = {3.0, 1.0, 2.0, 0, 0}, k = 3, ts = 1;
  PetscReal           U[21], F[21];

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(ExpoRegister());
  PetscCall(ExpoLaw("expo_h", prm, &law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 4, hs));
  PetscCall(TriboHBSetNt(hb, 512));
  PetscCall(TriboHBSetAFTTolerances(hb, 1e-12, 40));
  PetscCall(TriboHBSetUp(hb));
  for (PetscInt i = 0; i < 3; i++) {
    PetscReal a = amp[i], zmax = ts * PetscTanhReal(k * a / ts), E = PetscExpReal(-2 * k * a / ts), W, s1, c1 = 0, dtau = PETSC_PI / 200000, err;
    W  = 4 * a * ts - 2 * (zmax + ts) * (ts / k) * (1 - E);
    s1 = -W / (PETSC_PI * a);
    for (PetscInt j = 0; j <= 200000; j++) {
      PetscReal tau = j * dtau, wq = (j == 0 || j == 200000) ? 1 : (j % 2 ? 4 : 2);
      c1 += wq * (-ts + (zmax + ts) * PetscExpReal(-k * (a - a * PetscCosReal(tau)) / ts)) * PetscCosReal(tau);
    }
    c1 *= 2 / PETSC_PI * dtau / 3;
    PetscCall(PetscArrayzero(U, 21));
    U[2] = 1, U[3] = a;
    PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, F, NULL));
    err = PetscMax(PetscAbsReal(F[3] - c1), PetscAbsReal(F[6] - s1)) / PetscSqrtReal(c1 * c1 + s1 * s1);
    if (getenv("TRIBO_VERBOSE")) PetscCall(PetscPrintf(PETSC_COMM_SELF, "  relative error %g\n", (double)err));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "(a) a %g: s1 %.5f c1 %.5f t_n %.5f, AFT vs closed form: %s\n", (double)a, (double)s1, (double)c1,
                          (double)F[2], err <= 1e-7 ? "ok" : "FAILED"));
  }
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 4, hs));
  PetscCall(TriboHBSetNt(hb, NT));
  PetscCall(TriboHBSetAFTTolerances(hb, 1e-13, 60));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(MarchCase(hb, "expo", 0, 0));
  PetscCall(MarchCase(hb, "expo_vh", 0.3, 0.5));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 0
    atol: 2e-5
TEST*/
