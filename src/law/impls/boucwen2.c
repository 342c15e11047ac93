/* Bouc-Wen law with n = 2 in closed form, decoupled tangential directions, linear normal spring.

   Reference: paper porter-et-al-2022 §2.2.5 eq. 14 (non-Masing, constants from the reversal points) and eq. 15
   (Masing, eta = alpha - beta: t = sqrt(A/eta) tanh(u sqrt(A eta))), solutions of eq. 10 with n = 2; §2.1 eq. 2.
   Choices (as for boucwen, see boucwen.c): sgn(tu) of eq. 10 is sgn(t du); decoupled tangential directions; one step
   goes from the committed state (u0, t0) to u in the direction s = sgn(u - u0), in x = s (u - u0) >= 0 for
   tau = s t.
   Correction of eq. 14: its first branch (t du > 0, slope A - (alpha - beta) t^2) is the tanh solution, but its
   second branch as printed, sqrt(A/(alpha + beta)) tanh(u sqrt(A (alpha + beta)) + c2), has the slope
   A - (alpha + beta) t^2, while eq. 10 gives A + (alpha + beta) t^2 for t du < 0 (and eq. 12, the n = 1 case, has
   the matching slopes on all its branches). The solution of eq. 10 there is the tangent,
   sqrt(A/(alpha + beta)) tan(u sqrt(A (alpha + beta)) + c2), which is what this law uses; tests/law/t130 checks it
   against the Dormand-Prince integration of eq. 10 (boucwen with n = 2) through several reversals.
   With the constants fixed by continuity at (u0, tau0), by the addition theorems:
     loading, tau >= 0:   tau(x) = (tau0 + A q) / (1 + a tau0 q),   q = tanh(k x)/k, k = sqrt(A a), a = alpha - beta
     unloading, tau < 0:  w = -tau, w(x) = (w0 - A r) / (1 + b w0 r),  r = tan(l x)/l, l = sqrt(A b), b = alpha + beta
   valid for any tau0 >= 0 (also above the asymptote sqrt(A/a), the coth solution) and a, b >= 0 (q = r = x in the
   linear limits a = 0, b = 0 that the paper excludes). An unloading step that reaches tau = 0 at
   x* = atan(w0 sqrt(b/A))/sqrt(A b) continues on the loading branch from (x*, 0). masing = 1: eq. 15 from the
   origin, t = sgn(u) tau(|u|).
   Tangent: dt/du = A - (alpha sgn(tau) - beta) tau^2 at the end point (eq. 10), exact for the closed form (direction
   of the last step when u = u0). Parameter sensitivities: TriboLawEvaluateP()'s differences.
   Parameters (options -friction_<name>, lower case): a = A [N/m^3], alpha, beta [m/N], kn [N/m^3], masing [-]. As
   the law of a discrete element of unit weight (YAML systems) t is a force [N]: A, kn in N/m, alpha and beta in
   1/(N m).
   History (6 per point): u_t1, u_t2, t_t1, t_t2 at the last committed state and the direction (+-1, 0 fresh) of the
   last nonzero increment in each direction. */
#include <tribo/private/bwimpl.h>

static const TriboLawParam params[] = {
    {"a", "N/m^3", 1.0e12, 0, "initial stiffness A (eq. 14)"},
    {"alpha", "m/N", 0.375, 0, "hysteresis shape alpha >= 0 (eq. 14)"},
    {"beta", "m/N", 0.125, -PETSC_MAX_REAL, "hysteresis shape, -alpha <= beta <= alpha (eq. 14)"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"masing", "-", 0.0, 0, "1: Masing virgin curve from the origin (eq. 15, eta = alpha - beta); 0: hysteretic (eq. 14)"},
};

/* tanh(k x)/k and tan(k x)/k, continuous at k x = 0 */
static PetscReal TanhOver_Private(PetscReal k, PetscReal x)
{
  return k * x > 1e-8 ? PetscTanhReal(k * x) / k : x * (1 - k * k * x * x / 3);
}

static PetscReal TanOver_Private(PetscReal k, PetscReal x)
{
  return k * x > 1e-8 ? PetscTanReal(k * x) / k : x * (1 + k * k * x * x / 3);
}

/* tau after a path length x >= 0 from tau0 */
static inline PetscReal Tau_Private(PetscReal A, PetscReal a, PetscReal b, PetscReal tau0, PetscReal x)
{
  if (tau0 < 0) { // unloading branch (tan) up to the transition point
    PetscReal w0 = -tau0, l = PetscSqrtReal(A * b), xs = l > 0 ? PetscAtanReal(w0 * PetscSqrtReal(b / A)) / l : w0 / A;
    if (x < xs) {
      PetscReal r = TanOver_Private(l, x);
      return -PetscMax(0.0, (w0 - A * r) / (1 + b * w0 * r));
    }
    x -= xs;
    tau0 = 0;
  }
  {
    PetscReal k = PetscSqrtReal(A * a), q = TanhOver_Private(k, x);
    return (tau0 + A * q) / (1 + a * tau0 * q);
  }
}

/* one tangential direction (card parameters A, alpha, beta first) */
static int Direction_Private(const PetscReal *p, int masing, PetscReal u, PetscReal u0, PetscReal t0, PetscReal slast, const PetscReal *st0,
                             PetscReal *t, PetscReal *dtdu, PetscReal *snew, PetscReal *sp)
{
  return TriboBWClosedDirection_Private(Tau_Private, 2, p, masing, u, u0, t0, slast, t, dtdu, snew);
}

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  return TriboBWKernel_Private(Direction_Private, p, 3, 4, 5, mode, n, u, h, NULL, t, dtdu, NULL, hnew, NULL);
}

static const char *Validate_Private(const PetscReal *p)
{
  const char *why = p[0] > 0 ? TriboBWValidateShape_Private(p[1], p[2]) : "parameter a (A, initial stiffness, eq. 14) must be > 0";

  if (why) return why;
  return (p[4] != 0 && p[4] != 1) ? "parameter masing must be 0 (hysteretic, eq. 14) or 1 (Masing virgin curve, eq. 15)" : NULL;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWBOUCWEN2,
    .title              = "Bouc-Wen law with n = 2 in closed form (tanh/tan branches), decoupled tangential directions, linear normal spring",
    .citation           = "Porter et al. 2022, MSSP, §2.2.5 eqs. 14-15 (solutions of eq. 10 with n = 2; unloading branch tan, see the source), "
                          "§2.1 eq. 2",
    .equations          = "per direction, tau = sgn(du) t: loading tau = sqrt(A/a) tanh(x sqrt(A a) + c1), a = alpha - beta; unloading "
                          "tau = sqrt(A/b) tan(x sqrt(A b) + c2), b = alpha + beta, x = |u - u0| (masing = 1: eq. 15); t_n = kn u_n; tractions per unit area "
                          "(N/m^2; a discrete element of unit weight reads it as a force law, N and N/m)",
    .nparams            = 5,
    .params             = params,
    .nhist              = 6,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
};

/*@
  TriboLawCardGet_BoucWen2 - The model card of the boucwen2 law (Bouc-Wen with n = 2 in closed form, paper
  porter-et-al-2022 eq. 14-15), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card

.seealso: `TriboLawCardGet_BoucWen()`, `TriboLawCardGet_BoucWen1()`
@*/
PetscErrorCode TriboLawCardGet_BoucWen2(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
