/* The elastic laws cubic and unilateral against their closed forms, evaluated in this driver from
   the parameters (not from tribo):
     cubic:      t_i = k1 u_i + k3 u_i^3, dt_i/du_i = k1 + 3 k3 u_i^2 on every component, off-diagonal 0;
                 tangential tractions zero in TRIBO_LAW_NORMAL mode;
     unilateral: t_n = k (u_n - g) for u_n > g, else 0; dt_n/du_n = k or 0; t_t = 0,
   for a clearance g > 0 and an interference g < 0 (set through -friction_g, from the card's
   options). The driver prints the largest relative error over all entries (expected 0 within the
   test's atol), the hand-checkable value t = 2e6, dt/du = 4e12 of the cubic at k1 = 1e12,
   k3 = 1e24, u = 1e-6, which parameter sets are rejected, and whether -friction_view_models
   (TriboLawViewModels into a memory buffer) lists both laws. */
#define _POSIX_C_SOURCE 200809L // fmemopen()
#include <tribolaw.h>
#include <stdio.h>

#define NP 6

/* largest |a - b| / max(|b|, scale) over n entries */
static PetscReal RelErr(PetscInt n, const PetscReal *a, const PetscReal *b, PetscReal scale)
{
  PetscReal e = 0;
  for (PetscInt i = 0; i < n; i++) e = PetscMax(e, PetscAbsReal(a[i] - b[i]) / PetscMax(PetscAbsReal(b[i]), scale));
  return e;
}

static PetscErrorCode Rejects(TriboLaw law, const char *name, PetscReal value, PetscBool setup, PetscBool *rejected)
{
  PetscErrorCode e;

  PetscFunctionBeginUser;
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  e = TriboLawSetParameter(law, name, value);
  if (!e && setup) e = TriboLawSetUp(law);
  PetscCall(PetscPopErrorHandler());
  *rejected = e ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const PetscReal un[NP] = {-1e-6, -1e-7, 0.0, 1.5e-7, 4e-7, 2e-6};
  PetscReal       u[3 * NP], t[3 * NP], d[9 * NP], te[3 * NP], de[9 * NP], k1 = 1e12, k3 = 1e24, err;
  TriboLaw        law;
  PetscBool       rej[3];
  static char     buf[200000];

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (PetscInt i = 0; i < NP; i++) u[3 * i] = 1e-6 * (i - 2.5), u[3 * i + 1] = -0.7 * un[i] + 3e-7, u[3 * i + 2] = un[i];

  // cubic, both modes, closed form per component
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWCUBIC));
  PetscCall(TriboLawSetParameter(law, "k1", k1));
  PetscCall(TriboLawSetParameter(law, "k3", k3));
  PetscCall(TriboLawSetUp(law));
  for (int mode = 0; mode < 2; mode++) {
    PetscCall(TriboLawEvaluate(law, mode ? TRIBO_LAW_NORMAL : TRIBO_LAW_FULL, NP, u, NULL, t, d, NULL));
    for (PetscInt i = 0; i < NP; i++)
      for (int j = 0; j < 3; j++) {
        PetscReal x   = (mode && j < 2) ? 0 : u[3 * i + j];
        te[3 * i + j] = k1 * x + k3 * x * x * x;
        for (int l = 0; l < 3; l++) de[9 * i + 3 * j + l] = (l == j && !(mode && j < 2)) ? k1 + 3 * k3 * x * x : 0;
      }
    err = PetscMax(RelErr(3 * NP, t, te, 1e-3), RelErr(9 * NP, d, de, 1.0));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "cubic %s: largest relative error of t and dt/du %g\n", mode ? "normal mode" : "full", (double)err));
  }
  u[0] = 1e-6;
  PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, NULL, t, d, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "cubic at u = 1e-6: t %.6e dt/du %.6e\n", (double)t[0], (double)d[0]));
  PetscCall(Rejects(law, "k3", -1.0, PETSC_FALSE, &rej[0]));
  PetscCall(Rejects(law, "k1", -1.0, PETSC_FALSE, &rej[1]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "cubic rejects k3 < 0: %s, k1 < 0: %s\n", rej[0] ? "yes" : "no", rej[1] ? "yes" : "no"));
  PetscCall(TriboLawDestroy(&law));

  // unilateral, gap set through the options generated from the card
  for (int s = 0; s < 2; s++) {
    PetscReal k = 3e12, g = s ? -1e-7 : 2e-7;
    PetscInt  nopen = 0;
    char      gs[32];
    PetscCall(PetscSNPrintf(gs, sizeof(gs), "%g", (double)g));
    PetscCall(PetscOptionsSetValue(NULL, "-friction_type", "unilateral"));
    PetscCall(PetscOptionsSetValue(NULL, "-friction_k", "3e12"));
    PetscCall(PetscOptionsSetValue(NULL, "-friction_g", gs));
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetFromOptions(law));
    PetscCall(TriboLawSetUp(law));
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, NP, u, NULL, t, d, NULL));
    for (PetscInt i = 0; i < NP; i++) {
      PetscReal x = u[3 * i + 2];
      te[3 * i] = te[3 * i + 1] = 0;
      te[3 * i + 2]             = x > g ? k * (x - g) : 0;
      for (int l = 0; l < 9; l++) de[9 * i + l] = 0;
      de[9 * i + 8] = x > g ? k : 0;
      nopen += x <= g;
    }
    err = PetscMax(RelErr(3 * NP, t, te, 1e-3), RelErr(9 * NP, d, de, 1.0));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "unilateral g = %s: %" PetscInt_FMT " of %d points open, largest relative error of t and dt/du %g\n", gs,
                          nopen, NP, (double)err));
    PetscCall(Rejects(law, "k", 0.0, PETSC_TRUE, &rej[2]));
    if (s) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "unilateral rejects k = 0: %s\n", rej[2] ? "yes" : "no"));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscOptionsClearValue(NULL, "-friction_type"));

  // -friction_view_models lists both cards
  {
    PetscViewer sv;
    FILE       *fp = fmemopen(buf, sizeof(buf), "w");
    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_SYS, "fmemopen failed");
    PetscCall(PetscViewerCreate(PETSC_COMM_SELF, &sv));
    PetscCall(PetscViewerSetType(sv, PETSCVIEWERASCII));
    PetscCall(PetscViewerASCIISetFILE(sv, fp));
    PetscCall(TriboLawViewModels(sv));
    PetscCall(PetscViewerFlush(sv));
    PetscCall(PetscViewerDestroy(&sv));
    fclose(fp);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "view_models lists cubic: %s, unilateral: %s\n",
                        strstr(buf, "cubic: ") && strstr(buf, "[N/m^5]") ? "yes" : "no",
                        strstr(buf, "unilateral: ") && strstr(buf, "t_n = k <u_n - g>") ? "yes" : "no"));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t103-law-closed.out
    rtol: 1e-12
    atol: 1e-13
TEST*/
