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
#include <tribo/private/bwimpl.h>

static const TriboLawParam params[] = {
    {"a", "N/m^3", 1.0e12, 0, "initial stiffness A (eq. 12)"},
    {"alpha", "1/m", 0.75e6, 0, "hysteresis shape alpha >= 0 (eq. 12)"},
    {"beta", "1/m", 0.25e6, -PETSC_MAX_REAL, "hysteresis shape, -alpha <= beta <= alpha (eq. 12)"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"masing", "-", 0.0, 0, "1: Masing virgin curve from the origin (eq. 13, eta = alpha - beta); 0: hysteretic (eq. 12)"},
};

/* tau after a path length x >= 0 from tau0, eq. 12 */
static inline PetscReal Tau_Private(PetscReal A, PetscReal a, PetscReal b, PetscReal tau0, PetscReal x)
{
  if (tau0 < 0) { // unloading branch up to the transition point
    PetscReal w0 = -tau0, xs = b > 0 ? log1p(b * w0 / A) / b : w0 / A;
    if (x < xs) return -(w0 * exp(-b * x) + (b > 0 ? A / b * expm1(-b * x) : -A * x));
    x -= xs;
    tau0 = 0;
  }
  return tau0 * exp(-a * x) - (a > 0 ? A / a * expm1(-a * x) : -A * x);
}

/* one tangential direction (card parameters A, alpha, beta first) */
static int Direction_Private(const PetscReal *p, int masing, PetscReal u, PetscReal u0, PetscReal t0, PetscReal slast, const PetscReal *st0,
                             PetscReal *t, PetscReal *dtdu, PetscReal *snew, PetscReal *sp)
{
  return TriboBWClosedDirection_Private(Tau_Private, 1, p, masing, u, u0, t0, slast, t, dtdu, snew);
}

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  return TriboBWKernel_Private(Direction_Private, p, 3, 4, 5, mode, n, u, h, NULL, t, dtdu, NULL, hnew, NULL);
}

static const char *Validate_Private(const PetscReal *p)
{
  const char *why = p[0] > 0 ? TriboBWValidateShape_Private(p[1], p[2]) : "parameter a (A, initial stiffness, eq. 12) must be > 0";

  if (why) return why;
  return (p[4] != 0 && p[4] != 1) ? "parameter masing must be 0 (hysteretic, eq. 12) or 1 (Masing virgin curve, eq. 13)" : NULL;
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
