/* A law and an analysis registered by a user's program (outside src/) are first-class: listed by
   -friction_view_models, named in the error for an unknown type, selectable by name and usable by
   a backbone.

   The law "usercubic" is a hardening tangential spring t_1 = k1 u_1 + k3 u_1^3 per unit area (elastic,
   no history; normal and second tangential tractions zero). On a one-DOF oscillator m x'' + k x +
   A t(x) = 0 whose DOF is the t1 relative displacement, the secant frequency at modal amplitude
   q = sqrt(m) X is, in closed form,
     omega^2 = lambda(q) = (k + A (k1 + k3 X^2)) / m,
   and an elastic law dissipates nothing (zeta = 0). The analysis "secant", registered by this
   program, computes lambda as the secant Rayleigh quotient phi0^T (K q phi0 + f_nl(u_s + q phi0)
   - f_nl(u_s)) / q; RQNMA (built in) solves eqs. 33a-b. Both must give the closed form. */
#define _POSIX_C_SOURCE 200809L // fmemopen()
#include "onedof.h"
#include <tribo/private/nmaimpl.h>
#include <stdio.h>

static const TriboLawParam cubic_params[] = {
    {"k1", "N/m^3", 1.0e12, 0, "linear tangential stiffness per unit area"},
    {"k3", "N/m^5", 0.0, 0, "cubic tangential stiffness per unit area"},
};

static PetscInt CubicKernel(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t, PetscReal *dtdu,
                            PetscReal *hnew)
{
  for (PetscInt i = 0; i < n; i++) {
    PetscReal x = mode == TRIBO_LAW_NORMAL ? 0.0 : u[3 * i];
    if (!(PetscIsNormalReal(u[3 * i]) || u[3 * i] == 0)) return i + 1;
    t[3 * i]     = p[0] * x + p[1] * x * x * x;
    t[3 * i + 1] = 0;
    t[3 * i + 2] = 0;
    if (dtdu) {
      for (int k = 0; k < 9; k++) dtdu[9 * i + k] = 0;
      dtdu[9 * i] = mode == TRIBO_LAW_NORMAL ? 0.0 : p[0] + 3 * p[1] * x * x;
    }
  }
  return 0;
}

static const TriboLawCard cubic_card = {.name             = "usercubic",
                                        .title            = "hardening cubic tangential spring (a user's law)",
                                        .citation         = "test t503",
                                        .equations        = "t_1 = k1 u_1 + k3 u_1^3",
                                        .nparams          = 2,
                                        .params           = cubic_params,
                                        .nhist            = 0,
                                        .analytic_tangent = PETSC_TRUE,
                                        .kernel           = CubicKernel};

static PetscErrorCode CubicCard(const TriboLawCard **card)
{
  *card = &cubic_card;
  return 0;
}

/* The user's analysis: secant Rayleigh quotient at each amplitude */
static PetscErrorCode Solve_Secant(TriboNMA nma)
{
  PetscInt           n = nma->n;
  PetscReal         *x, *f, *f0, *kx;
  const PetscScalar *k;

  PetscFunctionBeginUser;
  PetscCall(TriboNMABackboneAllocate(nma));
  PetscCall(PetscMalloc4(n, &x, n, &f, n, &f0, n, &kx));
  PetscCall(TriboJointEvaluate(nma->joint, TRIBO_LAW_FULL, nma->us, f0, NULL));
  PetscCall(MatDenseGetArrayRead(nma->rom->K, &k));
  for (PetscInt ia = 0; ia < nma->na; ia++) {
    PetscReal q = nma->amps[ia], lam = 0;
    for (PetscInt i = 0; i < n; i++) x[i] = nma->us[i] + q * nma->phi0[i];
    PetscCall(TriboJointEvaluate(nma->joint, TRIBO_LAW_FULL, x, f, NULL));
    for (PetscInt i = 0; i < n; i++) {
      kx[i] = 0;
      for (PetscInt j = 0; j < n; j++) kx[i] += PetscRealPart(k[i + j * n]) * q * nma->phi0[j];
      lam += nma->phi0[i] * (kx[i] + f[i] - f0[i]) / q;
    }
    nma->bb.freq[ia]   = PetscSqrtReal(lam) / (2 * PETSC_PI);
    nma->bb.zeta[ia]   = nma->zeta0;
    nma->bb.status[ia] = TRIBO_BACKBONE_CONVERGED;
  }
  PetscCall(MatDenseRestoreArrayRead(nma->rom->K, &k));
  PetscCall(PetscFree4(x, f, f0, kx));
  PetscFunctionReturn(0);
}

static PetscErrorCode Create_Secant(TriboNMA nma)
{
  PetscFunctionBeginUser;
  nma->ops->solve = Solve_Secant;
  PetscFunctionReturn(0);
}

/* The message of the error that call raises, or "" */
#define ErrorText(call, msg)                                         \
  do {                                                               \
    PetscErrorCode _e;                                               \
    const char    *_s = NULL;                                        \
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL)); \
    _e = call;                                                       \
    PetscCall(PetscPopErrorHandler());                               \
    msg[0] = 0;                                                      \
    if (_e) {                                                        \
      PetscCall(PetscErrorMessage(_e, NULL, (char **)&_s));          \
      PetscCall(PetscStrncpy(msg, _s ? _s : "", sizeof(msg)));       \
    }                                                                \
  } while (0)

int main(int argc, char **argv)
{
  const char *types[] = {"rqnma", "secant"};
  PetscReal   m = 2.0, k = 3.0e4, A = 1.0e-4, k1 = 2.0e8, k3 = 5.0e18;
  char        msg[1024];
  static char buf[200000];
  PetscViewer sv;
  TriboLaw    law;
  TriboNMA    nma;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboLawRegister("usercubic", CubicCard));
  PetscCall(TriboNMARegister("secant", Create_Secant));

  // the registries list what was registered
  {
    FILE *fp = fmemopen(buf, sizeof(buf), "w");
    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_SYS, "fmemopen failed");
    PetscCall(PetscViewerCreate(PETSC_COMM_SELF, &sv));
    PetscCall(PetscViewerSetType(sv, PETSCVIEWERASCII));
    PetscCall(PetscViewerASCIISetFILE(sv, fp));
    PetscCall(TriboLawViewModels(sv));
    PetscCall(PetscViewerFlush(sv));
    PetscCall(PetscViewerDestroy(&sv));
    fclose(fp);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "view_models lists usercubic: %s, edf: %s\n",
                        strstr(buf, "usercubic: hardening cubic tangential spring (a user's law)") ? "yes" : "no",
                        strstr(buf, "edf: ") ? "yes" : "no"));
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  ErrorText(TriboLawSetType(law, "nosuchlaw"), msg);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "unknown law error lists usercubic: %s\n", strstr(msg, "usercubic") ? "yes" : "no"));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboNMACreate(PETSC_COMM_WORLD, &nma));
  ErrorText(TriboNMASetType(nma, "nosuchmethod"), msg);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "unknown analysis error lists secant: %s, rqnma: %s\n", strstr(msg, "secant") ? "yes" : "no",
                        strstr(msg, "rqnma") ? "yes" : "no"));
  PetscCall(TriboNMADestroy(&nma));

  // the user's law on a backbone, by the built-in and by the user's analysis, chosen by name
  for (int a = 0; a < 2; a++) {
    TriboROM             rom;
    OneDOFRun            run;
    const TriboBackbone *bb;
    PetscReal            amps[3] = {1e-7, 1e-6, 4e-6};

    PetscCall(OneDOFROM_Private(m, k, A, "t503", &rom));
    PetscCall(PetscOptionsSetValue(NULL, "-friction_type", "usercubic"));
    PetscCall(PetscOptionsSetValue(NULL, "-nma_type", types[a]));
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
    PetscCall(TriboLawSetFromOptions(law));
    PetscCall(TriboLawSetParameter(law, "k1", k1));
    PetscCall(TriboLawSetParameter(law, "k3", k3));
    PetscCall(OneDOFRunSetUp_Private(rom, law, &run));
    nma = run.nma;
    PetscCall(TriboNMASetAmplitudes(nma, 3, amps));
    PetscCall(TriboNMASetFromOptions(nma));
    PetscCall(TriboNMASolve(nma));
    PetscCall(TriboNMAGetBackbone(nma, &bb));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "analysis %s, law usercubic\n", nma->type));
    for (PetscInt i = 0; i < bb->na; i++) {
      PetscReal X = bb->q[i] / PetscSqrtReal(m), fc = PetscSqrtReal((k + A * (k1 + k3 * X * X)) / m) / (2 * PETSC_PI);
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  X %.4e f/f_closed %.10f zeta %.3g status %s\n", (double)X, (double)(bb->freq[i] / fc),
                            (double)PetscAbsReal(bb->zeta[i]), TriboBackboneStatuses[bb->status[i]]));
    }
    PetscCall(OneDOFRunDestroy_Private(&run));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -backbone_quiet -rqnma_lgl 20
    output: t503-register.out
    rtol: 1e-8
    atol: 1e-9
TEST*/
