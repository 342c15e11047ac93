/* Jacobian of the AFT against central finite differences of the whole AFT (march included), for the penalty,
   jenkins (decoupled, coupled) and edf (decoupled, coupled) laws, in stick, slip and (penalty, edf) partial
   separation. Harmonics {0, 1, 2}, Nt = 32; the march runs a fixed 4 periods (rtol = 0) so that the finite
   differences differentiate the same procedure. Per case: max |J - FD| / max |J| over the tangential rows and over the normal rows, FD step
   1e-7 of the largest displacement coefficient; the driver prints "ok" when below 1e-6. */
#include <tribohb.h>

static PetscErrorCode Case(TriboHB hb, const char *type, const char *state, PetscReal coupled, PetscReal amp, PetscReal un0, PetscReal una)
{
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  PetscInt            nc, N3;
  PetscReal           U[15], F[15], Fp[15], Fm[15], J[225], err[2] = {0, 0}, jmax[2] = {0, 0}, step; // tangential, normal rows

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawSetParameter(law, "kn", 2.0));
  PetscCall(TriboLawSetParameter(law, "kt", strcmp(type, TRIBOLAWPENALTY) ? 3.0 : 0.0));
  if (coupled >= 0) PetscCall(TriboLawSetParameter(law, "coupled", coupled));
  if (!strcmp(type, TRIBOLAWJENKINS)) PetscCall(TriboLawSetParameter(law, "ts", 1.0));
  if (!strcmp(type, TRIBOLAWEDF)) PetscCall(TriboLawSetParameter(law, "mu", 0.5));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, NULL));
  N3 = 3 * nc;
  // one point (3 signals): tangential motion of amplitude amp on an ellipse with a second harmonic, normal un0 + una cos
  {
    const PetscReal u0[15] = {0.1 * amp, -0.2 * amp, un0,         amp, 0.3 * amp,  una,       0.2 * amp, 0.8 * amp,
                              0.1 * una, 0.1 * amp,  -0.15 * amp, 0,   0.05 * amp, 0.1 * amp, 0.02 * una};
    PetscCall(PetscArraycpy(U, u0, 15));
  }
  step = 1e-7 * PetscMax(PetscMax(amp, PetscAbsReal(un0)), PetscAbsReal(una));
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, F, J));
  for (PetscInt col = 0; col < N3; col++) {
    PetscReal s = U[col];
    U[col]      = s + step;
    PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, Fp, NULL));
    U[col] = s - step;
    PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, Fm, NULL));
    U[col] = s;
    for (PetscInt row = 0; row < N3; row++) {
      PetscReal fd = (Fp[row] - Fm[row]) / (2 * step);
      PetscInt  c  = row % 3 == 2;
      err[c]       = PetscMax(err[c], PetscAbsReal(J[row * N3 + col] - fd));
      jmax[c]      = PetscMax(jmax[c], PetscAbsReal(J[row * N3 + col]));
    }
  }
  for (PetscInt c = 0; c < 2; c++) err[c] = jmax[c] > 0 ? err[c] / jmax[c] : err[c];
  if (getenv("TRIBO_VERBOSE"))
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  rel err tangential %g (max |J| %g) normal %g\n", (double)err[0], (double)jmax[0], (double)err[1]));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-8s %-10s %-11s Jacobian vs central FD: %s\n", type,
                        coupled < 0 ? "" : (coupled > 0 ? "coupled" : "decoupled"), state, err[0] <= 1e-6 && err[1] <= 1e-6 ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB        hb;
  const PetscInt h[] = {0, 1, 2};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, h));
  PetscCall(TriboHBSetNt(hb, 32));
  PetscCall(TriboHBSetAFTTolerances(hb, 0.0, 4));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(Case(hb, TRIBOLAWPENALTY, "contact", -1, 0.1, 1.0, 0.3));
  PetscCall(Case(hb, TRIBOLAWPENALTY, "separation", -1, 0.1, 0.2, 0.7));
  for (PetscReal cpl = 0; cpl < 2; cpl++) {
    PetscCall(Case(hb, TRIBOLAWJENKINS, "stick", cpl, 0.05, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWJENKINS, "slip", cpl, 2.0, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWEDF, "stick", cpl, 0.01, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWEDF, "slip", cpl, 2.0, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWEDF, "separation", cpl, 0.5, 0.2, 0.7));
  }
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
