/* Bouc-Wen law with n = 1 in closed form, decoupled tangential directions, linear normal spring.

   Reference: paper porter-et-al-2022 §2.2.4 eq. 12 (non-Masing, four exponential branches with constants c_i from
   continuity at reversal and transition points) and eq. 13 (Masing, eta = alpha - beta), solutions of eq. 10 with
   n = 1; §2.1 eq. 2 (normal).
   Choices (as for boucwen, see boucwen.c): sgn(tu) of eq. 10 is sgn(t du); decoupled tangential directions; one step
   goes from the committed state (u0, t0) to u in the direction s = sgn(u - u0), in x = s (u - u0) >= 0 for
   tau = s t. The branches of eq. 12, with their constants fixed by continuity at (u0, t0), are then
     loading,   tau >= 0 (branches 1, 3):  tau(x) = tau0 e^(-a x) + (A/a)(1 - e^(-a x)),   a = alpha - beta
     unloading, tau < 0  (branches 2, 4):  w = -tau,  w(x) = w0 e^(-b x) - (A/b)(1 - e^(-b x)),  b = alpha + beta
   (written with expm1 so that a = 0 or b = 0, where eq. 12 is a straight line of slope A, is the limit, not a
   division by zero: the paper excludes alpha = +-beta, here they are the linear limits). An unloading step that
   reaches tau = 0 at x* = ln(1 + b w0/A)/b (the transition point of eq. 12) continues on the loading branch from
   (x*, 0). masing = 1: eq. 13, t = sgn(u) tau(|u|) from tau0 = 0.
   Tangent: dt/du = A - (alpha sgn(tau) - beta)|tau| at the end point (eq. 10), exact for the closed form
   (direction of the last step when u = u0). Parameter sensitivities: TriboLawEvaluateP()'s differences.
   Parameters (options -friction_<name>, lower case): a = A [N/m^3], alpha, beta [1/m], kn [N/m^3], masing [-]. As
   the law of a discrete element of unit weight (YAML systems) t is a force [N]: A, kn in N/m, alpha and beta in
   1/m.
   History (6 per point): u_t1, u_t2, t_t1, t_t2 at the last committed state and the direction (+-1, 0 fresh) of the
   last nonzero increment in each direction. */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"a", "N/m^3", 1.0e12, 0, "initial stiffness A (eq. 12)"},
    {"alpha", "1/m", 0.75e6, 0, "hysteresis shape alpha >= 0 (eq. 12)"},
    {"beta", "1/m", 0.25e6, -PETSC_MAX_REAL, "hysteresis shape, -alpha <= beta <= alpha (eq. 12)"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"masing", "-", 0.0, 0, "1: Masing virgin curve from the origin (eq. 13, eta = alpha - beta); 0: hysteretic (eq. 12)"},
};

/* tau after a path length x >= 0 from tau0, eq. 12 */
static PetscReal Tau_Private(PetscReal A, PetscReal a, PetscReal b, PetscReal tau0, PetscReal x)
{
  if (tau0 < 0) { // unloading branch up to the transition point
    PetscReal w0 = -tau0, xs = b > 0 ? log1p(b * w0 / A) / b : w0 / A;
    if (x < xs) return -(w0 * exp(-b * x) + (b > 0 ? A / b * expm1(-b * x) : -A * x));
    x -= xs;
    tau0 = 0;
  }
  return tau0 * exp(-a * x) - (a > 0 ? A / a * expm1(-a * x) : -A * x);
}

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal A = p[0], alpha = p[1], beta = p[2], kn = p[3], a = alpha - beta, b = alpha + beta;
  const int       masing = p[4] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[6 * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[6 * i], tq[2] = {0, 0}, dq[2] = {0, 0}, sq[2];

    if (TriboNonFinite3_Private(ui)) return i + 1;
    for (int q = 0; q < 2; q++) {
      sq[q] = hi[4 + q];
      if (mode == TRIBO_LAW_FULL) {
        PetscReal s, X, t0 = masing ? 0 : hi[2 + q], tau;
        if (masing) {
          s = ui[q] >= 0 ? 1.0 : -1.0;
          X = PetscAbsReal(ui[q]);
        } else {
          PetscReal du = ui[q] - hi[q];
          s            = du > 0 ? 1.0 : (du < 0 ? -1.0 : (hi[4 + q] != 0 ? hi[4 + q] : 1.0));
          X            = PetscAbsReal(du);
        }
        tau   = Tau_Private(A, a, b, s * t0, X);
        tq[q] = s * tau;
        dq[q] = A - (alpha * (tau >= 0 ? 1.0 : -1.0) - beta) * PetscAbsReal(tau);
        if (masing || X > 0) sq[q] = s;
      }
    }
    ti[0] = tq[0];
    ti[1] = tq[1];
    ti[2] = kn * ui[2];
    ho[0] = ui[0];
    ho[1] = ui[1];
    ho[2] = tq[0];
    ho[3] = tq[1];
    ho[4] = sq[0];
    ho[5] = sq[1];
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      d[0] = dq[0];
      d[4] = dq[1];
      d[8] = kn;
    }
  }
  return 0;
}

static const char *Validate_Private(const PetscReal *p)
{
  if (!(p[0] > 0)) return "parameter a (A, initial stiffness, eq. 12) must be > 0";
  if (p[1] < 0) return "parameter alpha must be >= 0 (eq. 10; thermodynamic admissibility, paper §2.2.3)";
  if (p[2] < -p[1] || p[2] > p[1]) return "parameter beta must lie in [-alpha, alpha] (eq. 10; thermodynamic admissibility, paper §2.2.3)";
  if (p[4] != 0 && p[4] != 1) return "parameter masing must be 0 (hysteretic, eq. 12) or 1 (Masing virgin curve, eq. 13)";
  return NULL;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWBOUCWEN1,
    .title              = "Bouc-Wen law with n = 1 in closed form (exponential branches), decoupled tangential directions, linear normal spring",
    .citation           = "Porter et al. 2022, MSSP, §2.2.4 eqs. 12-13 (solutions of eq. 10 with n = 1), §2.1 eq. 2",
    .equations          = "per direction, tau = sgn(du) t: loading tau = tau0 e^(-a x) + A/a (1 - e^(-a x)), a = alpha - beta; unloading "
                          "-tau = -tau0 e^(-b x) - A/b (1 - e^(-b x)), b = alpha + beta, x = |u - u0| (masing = 1: eq. 13); t_n = kn u_n; tractions per unit "
                          "area (N/m^2; a discrete element of unit weight reads it as a force law, N and N/m)",
    .nparams            = 5,
    .params             = params,
    .nhist              = 6,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
};

/*@
  TriboLawCardGet_BoucWen1 - The model card of the boucwen1 law (Bouc-Wen with n = 1 in closed form, paper
  porter-et-al-2022 eq. 12-13), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card

.seealso: `TriboLawCardGet_BoucWen()`, `TriboLawCardGet_BoucWen2()`
@*/
PetscErrorCode TriboLawCardGet_BoucWen1(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
