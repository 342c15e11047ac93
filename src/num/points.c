/* Point sets on an interval: log-spaced amplitudes and Gauss-Lobatto nodes. */
#include <tribonum.h>

/*@
  TriboLogspace - n values from a to b (both > 0) equally spaced in log10.

  Not collective

  Input Parameters:
+ a - first value, > 0
. b - last value, > 0
- n - number of values; n = 1 gives a

  Output Parameter:
. x - x_i = 10^(log10 a + (log10 b - log10 a) i / (n - 1)), i = 0, ..., n - 1
@*/
PetscErrorCode TriboLogspace(PetscReal a, PetscReal b, PetscInt n, PetscReal x[])
{
  PetscFunctionBeginUser;
  PetscCheck(a > 0 && b > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "log-spaced range needs positive ends, got %g and %g", (double)a, (double)b);
  for (PetscInt i = 0; i < n; i++) x[i] = n == 1 ? a : PetscPowReal(10.0, PetscLog10Real(a) + (PetscLog10Real(b) - PetscLog10Real(a)) * i / (n - 1));
  PetscFunctionReturn(0);
}

/*@
  TriboLGL - Legendre-Gauss-Lobatto nodes and weights on [-1, 1].

  Input Parameter:
. m - number of points (>= 2), endpoints included

  Output Parameters:
+ x - nodes, ascending
- w - weights, w_i = 2 / (m (m-1) P_{m-1}(x_i)^2)

  Notes:
  Interior nodes are the roots of P'_{m-1}, found by Newton iteration from Chebyshev-Gauss-Lobatto
  starting points; exact for polynomials of degree 2m-3.
@*/
PetscErrorCode TriboLGL(PetscInt m, PetscReal x[], PetscReal w[])
{
  PetscInt N = m - 1;

  PetscFunctionBeginUser;
  PetscCheck(m >= 2, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Lobatto quadrature needs at least 2 points, got %" PetscInt_FMT, m);
  for (PetscInt i = 0; i < m; i++) {
    PetscReal xi = -PetscCosReal(PETSC_PI * i / N), p = 0, pm1 = 0;
    for (PetscInt it = 0; it < 100; it++) {
      PetscReal p0 = 1, p1 = xi, dx;
      // Legendre recursion up to P_N, then Newton on (1-x^2) P_N'(x) via the classic LGL update
      for (PetscInt k = 2; k <= N; k++) {
        PetscReal p2 = ((2 * k - 1) * xi * p1 - (k - 1) * p0) / k;
        p0           = p1;
        p1           = p2;
      }
      p   = (N == 0) ? 1 : p1;
      pm1 = (N == 1) ? 1 : p0;
      if (i == 0 || i == N) break;
      dx = (xi * p - pm1) / ((N + 1) * p);
      xi -= dx;
      if (PetscAbsReal(dx) < 1e-16) break;
    }
    if (i == 0) xi = -1;
    if (i == N) xi = 1;
    { // recompute P_N at the converged node
      PetscReal p0 = 1, p1 = xi;
      for (PetscInt k = 2; k <= N; k++) {
        PetscReal p2 = ((2 * k - 1) * xi * p1 - (k - 1) * p0) / k;
        p0           = p1;
        p1           = p2;
      }
      p = (N == 0) ? 1 : p1;
    }
    x[i] = xi;
    w[i] = 2.0 / (N * (N + 1) * p * p);
  }
  PetscFunctionReturn(0);
}
