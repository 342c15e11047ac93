/* Jacobian of the AFT against central finite differences of the whole AFT (march included), for every built-in
   law: penalty (contact, separation), jenkins and edf (decoupled, coupled; stick, slip, and edf separation with
   re-established contact), cubic (linear-dominated and cubic-dominated), unilateral (permanent contact, contact
   changing in the period), tanh (|v| << eps: viscous, |v| ~ eps: transition, |v| >> eps: Coulomb-like slip; with
   the normal spring). Harmonics {0, 1, 2}, Nt = 32, one point with a tangential ellipse plus a second harmonic and
   a normal motion un0 + una cos; the march runs a fixed 4 periods (rtol = 0) so that the finite differences
   differentiate the same procedure; tanh is evaluated at Omega = 1.7 through TriboHBAFTV(), and its dF/dOmega is
   checked against central differences in Omega (step 1e-6 Omega). Per case: max |J - FD| / max |J| over the
   tangential rows and over the normal rows (and the same for dF/dOmega), FD step 1e-7 of the largest displacement
   coefficient; the driver prints "ok" when all are below the relative tolerance 1e-6. */
#include <tribohb.h>

typedef struct {
  const char *name;
  PetscReal   value;
} Param;

static PetscErrorCode Case(TriboHB hb, const char *type, const char *variant, const char *state, PetscInt np, const Param prm[], PetscReal amp,
                           PetscReal un0, PetscReal una)
{
  TriboLaw            law;
  const TriboLawCard *card;
  const PetscReal    *p;
  PetscInt            nc, N3;
  PetscReal           U[15], F[15], Fp[15], Fm[15], J[225], W[15], err[3] = {0, 0, 0}, jmax[3] = {0, 0, 0}, step, Omega = 1.7, dW = 1e-6 * Omega;
  PetscBool           rate;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  for (PetscInt i = 0; i < np; i++) PetscCall(TriboLawSetParameter(law, prm[i].name, prm[i].value));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboLawIsRateDependent(law, &rate));
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, NULL));
  PetscCall(TriboHBSetFrequency(hb, Omega));
  N3 = 3 * nc;
  // one point (3 signals): tangential motion of amplitude amp on an ellipse with a second harmonic, normal un0 + una cos
  {
    const PetscReal u0[15] = {0.1 * amp, -0.2 * amp, un0,         amp, 0.3 * amp,  una,       0.2 * amp, 0.8 * amp,
                              0.1 * una, 0.1 * amp,  -0.15 * amp, 0,   0.05 * amp, 0.1 * amp, 0.02 * una};
    PetscCall(PetscArraycpy(U, u0, 15));
  }
  step = 1e-7 * PetscMax(PetscMax(amp, PetscAbsReal(un0)), PetscAbsReal(una));
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 1, U, F, J, W));
  for (PetscInt col = 0; col < N3; col++) {
    PetscReal s = U[col];
    U[col]      = s + step;
    PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 1, U, Fp, NULL, NULL));
    U[col] = s - step;
    PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 1, U, Fm, NULL, NULL));
    U[col] = s;
    for (PetscInt row = 0; row < N3; row++) {
      PetscReal fd = (Fp[row] - Fm[row]) / (2 * step);
      PetscInt  c  = row % 3 == 2;
      err[c]       = PetscMax(err[c], PetscAbsReal(J[row * N3 + col] - fd));
      jmax[c]      = PetscMax(jmax[c], PetscAbsReal(J[row * N3 + col]));
    }
  }
  // dF/dOmega: the rows of the single point's block are F's entries (one point)
  PetscCall(TriboHBSetFrequency(hb, Omega + dW));
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 1, U, Fp, NULL, NULL));
  PetscCall(TriboHBSetFrequency(hb, Omega - dW));
  PetscCall(TriboHBAFTV(hb, card, p, TRIBO_LAW_FULL, 1, U, Fm, NULL, NULL));
  for (PetscInt row = 0; row < N3; row++) {
    err[2]  = PetscMax(err[2], PetscAbsReal(W[row] - (Fp[row] - Fm[row]) / (2 * dW)));
    jmax[2] = PetscMax(jmax[2], PetscAbsReal(W[row]));
  }
  for (PetscInt c = 0; c < 3; c++) err[c] = jmax[c] > 0 ? err[c] / jmax[c] : err[c];
  if (getenv("TRIBO_VERBOSE"))
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  rel err tangential %g (max |J| %g) normal %g dF/dOmega %g (max %g)\n", (double)err[0], (double)jmax[0],
                          (double)err[1], (double)err[2], (double)jmax[2]));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-10s %-10s %-11s Jacobian vs central FD: %s%s\n", type, variant, state,
                        err[0] <= 1e-6 && err[1] <= 1e-6 && err[2] <= 1e-6 ? "ok" : "FAILED",
                        rate ? (jmax[2] > 0 ? ", dF/dOmega: ok" : ", dF/dOmega: ZERO") : (jmax[2] == 0 ? ", dF/dOmega = 0" : ", dF/dOmega NONZERO")));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB        hb;
  const PetscInt h[]   = {0, 1, 2};
  const Param    pen[] = {{"kn", 2.0}}, cub[] = {{"k1", 2.0}, {"k3", 5.0}}, uni[] = {{"k", 2.0}, {"g", 0.1}};
  const Param    tnh[] = {{"mu", 0.4}, {"fn", 3.0}, {"eps", 0.05}, {"kn", 2.0}};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, h));
  PetscCall(TriboHBSetNt(hb, 32));
  PetscCall(TriboHBSetAFTTolerances(hb, 0.0, 4));
  PetscCall(TriboHBSetUp(hb));
  PetscCall(Case(hb, TRIBOLAWPENALTY, "", "contact", 1, pen, 0.1, 1.0, 0.3));
  PetscCall(Case(hb, TRIBOLAWPENALTY, "", "separation", 1, pen, 0.1, 0.2, 0.7));
  for (PetscReal cpl = 0; cpl < 2; cpl++) {
    const char *v     = cpl > 0 ? "coupled" : "decoupled";
    const Param jen[] = {{"kn", 2.0}, {"kt", 3.0}, {"ts", 1.0}, {"coupled", cpl}};
    const Param edf[] = {{"kn", 2.0}, {"kt", 3.0}, {"mu", 0.5}, {"coupled", cpl}};
    PetscCall(Case(hb, TRIBOLAWJENKINS, v, "stick", 4, jen, 0.05, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWJENKINS, v, "slip", 4, jen, 2.0, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWEDF, v, "stick", 4, edf, 0.01, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWEDF, v, "slip", 4, edf, 2.0, 1.0, 0.3));
    PetscCall(Case(hb, TRIBOLAWEDF, v, "separation", 4, edf, 0.5, 0.2, 0.7));
  }
  PetscCall(Case(hb, TRIBOLAWCUBIC, "", "linear", 2, cub, 0.01, 0.02, 0.01));
  PetscCall(Case(hb, TRIBOLAWCUBIC, "", "cubic", 2, cub, 1.0, 0.5, 0.7));
  PetscCall(Case(hb, TRIBOLAWUNILATERAL, "", "contact", 2, uni, 0.1, 1.0, 0.3));
  PetscCall(Case(hb, TRIBOLAWUNILATERAL, "", "separation", 2, uni, 0.1, 0.2, 0.7));
  // tanh: |v| ~ 1.7 amp against eps = 0.05
  PetscCall(Case(hb, TRIBOLAWTANH, "", "viscous", 4, tnh, 1e-3, 0.2, 0.1));
  PetscCall(Case(hb, TRIBOLAWTANH, "", "transition", 4, tnh, 0.03, 0.2, 0.1));
  PetscCall(Case(hb, TRIBOLAWTANH, "", "slip", 4, tnh, 2.0, 0.2, 0.1));
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
