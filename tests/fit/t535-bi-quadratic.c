static char help[] = "Boundary intersection (eq. 43) on two convex quadratics with a front known in closed form, on 1 and 2 ranks.\n";

/* F_1 = |x - a|^2, F_2 = |x - b|^2 in two variables, a = (0.2, 0.3), b = (0.7, 0.9), bounds [-1, 2]^2. The Pareto set is the
   segment x = a + s (b - a), s in [0, 1], and the front F_1 = s^2 L^2, F_2 = (1 - s)^2 L^2 (L = |b - a|), i.e.
   sqrt(F_1) + sqrt(F_2) = L. Checks: the anchors are a and b (1e-6); each of 7 direction points lies on the front,
   |sqrt(F_1) + sqrt(F_2) - L| / L below 1e-6, its x on the segment (distance below 1e-6), and on the ray of eq. 43 from the
   utopia point (0, 0) (|c| below 1e-8). The points are printed to 1e-6 and compared with the same file on 1 and 2 ranks
   (directions spread over the ranks). */
#include <tribofit.h>

static const PetscReal A[2] = {0.2, 0.3}, B[2] = {0.7, 0.9};

static PetscErrorCode Quadratics(void *ctx, const PetscReal x[], PetscReal F[2], PetscReal G[], PetscBool *ok)
{
  PetscFunctionBeginUser;
  F[0] = F[1] = 0;
  for (PetscInt k = 0; k < 2; k++) {
    F[0] += (x[k] - A[k]) * (x[k] - A[k]), F[1] += (x[k] - B[k]) * (x[k] - B[k]);
    if (G) G[k] = 2 * (x[k] - A[k]), G[2 + k] = 2 * (x[k] - B[k]);
  }
  *ok = PETSC_TRUE;
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboBI          bi;
  PetscReal        lo[2] = {-1, -1}, hi[2] = {2, 2}, L, ea = 0, ef = 0, ex = 0, ec = 0;
  const PetscReal *xa, *x, *F, *c;
  PetscInt         n;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  L = PetscSqrtReal((B[0] - A[0]) * (B[0] - A[0]) + (B[1] - A[1]) * (B[1] - A[1]));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_n", "7"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_gttol", "1e-12"));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_ctol", "1e-10"));
  PetscCall(TriboBICreate(PETSC_COMM_WORLD, &bi));
  PetscCall(TriboBISetProblem(bi, 2, lo, hi, Quadratics, NULL, PETSC_FALSE));
  PetscCall(TriboBISetFromOptions(bi));
  PetscCall(TriboBISolve(bi));
  PetscCall(TriboBIGetAnchors(bi, &xa, NULL, NULL));
  for (PetscInt k = 0; k < 2; k++) ea = PetscMax(ea, PetscMax(PetscAbsReal(xa[k] - A[k]), PetscAbsReal(xa[2 + k] - B[k])));
  PetscCall(TriboBIGetPoints(bi, &n, &x, &F, &c, NULL));
  for (PetscInt i = 0; i < n; i++) {
    PetscReal s = ((x[2 * i] - A[0]) * (B[0] - A[0]) + (x[2 * i + 1] - A[1]) * (B[1] - A[1])) / (L * L), d0, d1;
    d0 = x[2 * i] - (A[0] + s * (B[0] - A[0])), d1 = x[2 * i + 1] - (A[1] + s * (B[1] - A[1]));
    ef = PetscMax(ef, PetscAbsReal(PetscSqrtReal(F[2 * i]) + PetscSqrtReal(F[2 * i + 1]) - L) / L);
    ex = PetscMax(ex, PetscSqrtReal(d0 * d0 + d1 * d1) + PetscMax(0, PetscMax(-s, s - 1)));
    ec = PetscMax(ec, PetscAbsReal(c[i]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "point %" PetscInt_FMT ": x %.6f %.6f F %.6f %.6f\n", i, (double)x[2 * i], (double)x[2 * i + 1],
                          (double)F[2 * i], (double)F[2 * i + 1]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "anchors at a and b within 1e-6: %s\n", ea < 1e-6 ? "yes" : "NO"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "%" PetscInt_FMT " points on the front within 1e-6: %s; on the Pareto set within 1e-6: %s; on their rays (|c| < 1e-8): %s\n",
                        n, ef < 1e-6 ? "yes" : "NO", ex < 1e-6 ? "yes" : "NO", ec < 1e-8 ? "yes" : "NO"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "  [measured: anchors %.2e, front %.2e, set %.2e, |c| %.2e]\n", (double)ea, (double)ef,
                         (double)ex, (double)ec));
  PetscCall(TriboBIView(bi, PETSC_VIEWER_STDERR_WORLD));
  PetscCall(TriboBIDestroy(&bi));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    suffix: 1
    nsize: 1
    output: t535-bi-quadratic.out
    rtol: 1e-6
    atol: 1e-6
  test:
    suffix: 2
    nsize: 2
    output: t535-bi-quadratic.out
    rtol: 1e-6
    atol: 1e-6
TEST*/
