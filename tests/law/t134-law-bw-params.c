/* Inadmissible parameters of the Bouc-Wen family and the Valanis law are rejected with a message that names the
   parameter and its admissible range (porter-et-al-2022 §2.2.3: alpha >= 0, beta in [-alpha, alpha], here n >= 1;
   §2.2.6: kappa in [0, 1]; Et < E0 so that sigma_0 of eq. 17 is finite and positive), and admissible limits
   (beta = +-alpha, n = 1, kappa = 0 and 1) are accepted. Each case sets one parameter from the defaults and runs
   TriboLawSetUp(); prints the case and the error message (or "accepted"). The expected messages are this
   driver's reference: they must name the parameter and the range. */
#include <tribolaw.h>

static PetscErrorCode Try(const char *type, PetscInt nset, const char *names[], const PetscReal values[])
{
  TriboLaw       law;
  PetscErrorCode e = 0;
  const char    *text;
  char          *msg = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, type));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  for (PetscInt k = 0; k < nset && !e; k++) e = TriboLawSetParameter(law, names[k], values[k]);
  if (!e) e = TriboLawSetUp(law);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%s", type));
  for (PetscInt k = 0; k < nset; k++) PetscCall(PetscPrintf(PETSC_COMM_SELF, " %s = %g", names[k], (double)values[k]));
  if (e) {
    PetscCall(PetscErrorMessage(e, &text, &msg));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, ": rejected: %s\n", msg ? msg : text));
  } else
    PetscCall(PetscPrintf(PETSC_COMM_SELF, ": accepted\n"));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const char *bw[] = {"boucwen", "boucwen1", "boucwen2"};

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (PetscInt l = 0; l < 3; l++) {
    const char *a[] = {"a"}, *al[] = {"alpha"}, *ab[] = {"alpha", "beta"}, *ms[] = {"masing"};
    PetscReal   va[] = {0}, val[] = {-1}, ms2[] = {0.5}, v1[] = {1, 1.5}, v2[] = {1, -1.5}, v3[] = {1, 1}, v4[] = {1, -1};
    PetscCall(Try(bw[l], 1, a, va));
    PetscCall(Try(bw[l], 1, al, val));
    PetscCall(Try(bw[l], 2, ab, v1));
    PetscCall(Try(bw[l], 2, ab, v2));
    PetscCall(Try(bw[l], 2, ab, v3));
    PetscCall(Try(bw[l], 2, ab, v4));
    PetscCall(Try(bw[l], 1, ms, ms2));
  }
  {
    const char *n[] = {"n"}, *r[] = {"rtol"};
    PetscReal   v05[] = {0.5}, v1[] = {1}, v3[] = {3.7}, r1[] = {1e-2}, r2[] = {1e-15};
    PetscCall(Try("boucwen", 1, n, v05));
    PetscCall(Try("boucwen", 1, n, v1));
    PetscCall(Try("boucwen", 1, n, v3));
    PetscCall(Try("boucwen", 1, r, r1));
    PetscCall(Try("boucwen", 1, r, r2));
  }
  {
    const char *e0[] = {"e0"}, *et[] = {"et"}, *k[] = {"kappa"}, *l[] = {"lambda"}, *ms[] = {"masing"};
    PetscReal   z[] = {0}, big[] = {1e12}, neg[] = {-1}, k0[] = {0}, k1[] = {1}, k2[] = {1.2}, m2[] = {2};
    PetscCall(Try("valanis", 1, e0, z));
    PetscCall(Try("valanis", 1, et, big));
    PetscCall(Try("valanis", 1, et, neg));
    PetscCall(Try("valanis", 1, l, neg));
    PetscCall(Try("valanis", 1, k, k0));
    PetscCall(Try("valanis", 1, k, k1));
    PetscCall(Try("valanis", 1, k, k2));
    PetscCall(Try("valanis", 1, k, neg));
    PetscCall(Try("valanis", 1, ms, m2));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
