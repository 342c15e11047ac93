/* Point sets on an interval: log-spaced amplitudes and Gauss-Lobatto nodes. */
#include <tribonum.h>
#include <petscdt.h>

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

  Not collective

  Input Parameter:
. m - number of points (>= 2), endpoints included

  Output Parameters:
+ x - nodes, ascending
- w - weights, w_i = 2 / (m (m-1) P_{m-1}(x_i)^2)

  Notes:
  PETSc's PetscDTGaussLobattoLegendreQuadrature() by Newton's method (the interior nodes are the
  roots of P'_{m-1}); exact for polynomials of degree 2m-3.

.seealso: `PetscDTGaussLobattoLegendreQuadrature()`
@*/
PetscErrorCode TriboLGL(PetscInt m, PetscReal x[], PetscReal w[])
{
  PetscFunctionBeginUser;
  PetscCheck(m >= 2, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "Lobatto quadrature needs at least 2 points, got %" PetscInt_FMT, m);
  PetscCall(PetscDTGaussLobattoLegendreQuadrature(m, PETSCGAUSSLOBATTOLEGENDRE_VIA_NEWTON, x, w));
  PetscFunctionReturn(0);
}
