/* Tangents dt/dv and dt/du of the rate-dependent tanh law (and of tanh+kp, the post-slip wrapper of a rate kernel)
   against central finite differences of TriboLawEvaluateV().

   400 random points per range, u_j in [-2, 2] um, v_t in [-5, 5] eps ("transition") or [-100, 100] eps ("sliding"),
   v_n in [-1, 1] mm/s; mu = 0.5, fn = 1e6 N/m^2, eps = 1e-4 m/s, kn = 1e12 N/m^3, kp = 2e11 N/m^3 for tanh+kp.
   Passes when |dt/dv - FD| <= 1e-6 (|dt/dv|_max + mu fn/eps) and |dt/du - FD| <= 1e-6 (|dt/du|_max + kn) for every
   entry; FD steps 1e-6 (|v_j| + eps) and 1e-7 (|u_j| + 1e-9). In TRIBO_LAW_NORMAL mode the tangential tractions
   and their derivatives must be exactly 0. -show_error prints the worst relative errors. */
#include <tribolaw.h>

static PetscReal Rand(PetscRandom r, PetscReal a, PetscReal b)
{
  PetscReal v;
  PetscRandomGetValueReal(r, &v);
  return a + (b - a) * v;
}

static PetscErrorCode Check(const char *type, PetscRandom rnd, PetscReal vmax, const char *range, PetscBool show)
{
  const PetscReal eps = 1e-4, kn = 1e12;
  PetscReal       u[3], v[3], t[3], d[9], dv[9], tp[3], tm[3], x[3], badv = 0, badu = 0;
  PetscBool       zero = PETSC_TRUE;
  TriboLaw        law;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(TriboLawSetParameter(law, "kn", kn));
  if (strstr(type, "+kp")) PetscCall(TriboLawSetParameter(law, "kp", 2e11));
  PetscCall(TriboLawSetUp(law));
  for (PetscInt k = 0; k < 400; k++) {
    PetscReal refv = 0.5 * 1e6 / eps, refu = kn;
    for (int j = 0; j < 3; j++) u[j] = Rand(rnd, -2e-6, 2e-6), v[j] = j < 2 ? Rand(rnd, -vmax, vmax) * eps : Rand(rnd, -1e-3, 1e-3);
    PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, u, v, NULL, t, d, dv, NULL));
    for (int i = 0; i < 9; i++) refv = PetscMax(refv, PetscAbsReal(dv[i])), refu = PetscMax(refu, PetscAbsReal(d[i]));
    for (int j = 0; j < 3; j++) {
      PetscReal hv = 1e-6 * (PetscAbsReal(v[j]) + eps), hu = 1e-7 * (PetscAbsReal(u[j]) + 1e-9);
      PetscCall(PetscArraycpy(x, v, 3));
      x[j] = v[j] + hv;
      PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, u, x, NULL, tp, NULL, NULL, NULL));
      x[j] = v[j] - hv;
      PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, u, x, NULL, tm, NULL, NULL, NULL));
      for (int i = 0; i < 3; i++) badv = PetscMax(badv, PetscAbsReal((tp[i] - tm[i]) / (2 * hv) - dv[3 * i + j]) / refv);
      PetscCall(PetscArraycpy(x, u, 3));
      x[j] = u[j] + hu;
      PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, x, v, NULL, tp, NULL, NULL, NULL));
      x[j] = u[j] - hu;
      PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_FULL, 1, x, v, NULL, tm, NULL, NULL, NULL));
      for (int i = 0; i < 3; i++) badu = PetscMax(badu, PetscAbsReal((tp[i] - tm[i]) / (2 * hu) - d[3 * i + j]) / refu);
    }
    PetscCall(TriboLawEvaluateV(law, TRIBO_LAW_NORMAL, 1, u, v, NULL, t, d, dv, NULL));
    for (int q = 0; q < 2; q++) {
      zero = (PetscBool)(zero && t[q] == 0);
      for (int j = 0; j < 3; j++) zero = (PetscBool)(zero && d[3 * q + j] == 0 && dv[3 * q + j] == 0);
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s 400 points: dt/dv %s, dt/du %s, normal mode %s\n", type, range, badv <= 1e-6 ? "ok" : "MISMATCH",
                        badu <= 1e-6 ? "ok" : "MISMATCH", zero ? "ok" : "FAILED"));
  if (show || badv > 1e-6 || badu > 1e-6) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  worst relative errors %g %g\n", (double)badv, (double)badu));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscRandom rnd;
  PetscBool   show = PETSC_FALSE;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 143));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(Check(TRIBOLAWTANH, rnd, 5, "transition", show));
  PetscCall(Check(TRIBOLAWTANH, rnd, 100, "sliding", show));
  PetscCall(Check("tanh+kp", rnd, 5, "transition", show));
  PetscCall(Check("tanh+kp", rnd, 100, "sliding", show));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t143-law-tanh-tangent.out
TEST*/
