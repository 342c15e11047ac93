/* Valanis law (endochronic, rate form integrated in displacement), decoupled tangential directions, linear normal
   spring.

   Reference: paper porter-et-al-2022 §2.2.6 eq. 16 and eq. 17 (force at the onset of slip), §2.3.2 eq. 27
   (Dormand-Prince integration) and eq. 28 (parameter sensitivities), §2.1 eq. 2 (normal).
     dt/du = E0 (1 + s (lambda/E0)(Et u - t)) / (1 + kappa s (lambda/E0)(Et u - t)),  s = sgn(du)         (eq. 16)
     sigma_0 = E0 / (lambda (1 - kappa Et/E0))                                                           (eq. 17)
   Choices:
   - Tangential directions are decoupled (the paper's WJROM): each of u_t1, u_t2 follows eq. 16 on its own.
   - One step integrates eq. 16 from the committed state (u0, t0) to u with s = sgn(u - u0) (of the last step when
     u = u0), in x = |u - u0| with u = u0 + s x, dt/dx = s g(u, t); eq. 16 depends on u itself (Et u), not only on
     the increment, so u0 is the committed displacement, not a shifted origin.
   - masing = 1: the virgin curve from the origin (u0 = t0 = 0, s = sgn(u)), which is odd in u; no memory.
   - With z = s (lambda/E0)(Et u - t), g = E0 (1 + z)/(1 + kappa z). Monotone loading from the origin drives z from
     0 to z_inf = -(E0 - Et)/(E0 - kappa Et), where g = Et: the curve tends to the line t = Et u + sigma_0 (1 - Et/E0),
     which meets t = E0 u at t = sigma_0 (this is the sense of eq. 17; tests/law/t133 checks it and the exact
     solution u(z) of eq. 16). kappa = 0 is the exponential curve t = Et u + (E0 - Et)(1 - e^(-lambda u))/lambda;
     kappa -> 1 at fixed sigma_0 tends to the bilinear stick-slip curve; kappa = 1 exactly is the linear spring E0
     (numerator = denominator), the paper's range [0, 1] is kept. A state with 1 + kappa z <= 0 (not reachable from
     the origin with Et < E0) is reported as a bad point.
   - Integrator: include/tribo/private/dopri.h with relative tolerance rtol (card parameter, default 1e-11) on t,
     absolute part rtol t_ref, t_ref = |t0| + min(E0 |u - u0|, sigma_0 + Et |u - u0|).
   - Tangent: dt/du = g(u, t(u)) at the end point with the direction of the step: the exact derivative of the solution
     of eq. 16 with respect to its end point (consistent with the integrated traction to the integrator's accuracy).
   - Sensitivities (card kernel_p, eq. 28): S_k = dt/dp_k obeys dS_k/dx = s (g_t S_k + g_pk) from the history's
     sensitivity; with g_z = E0 (1 - kappa)/(1 + kappa z)^2: g_t = -s lambda/E0 g_z,
     g_E0 = (1 + z)/(1 + kappa z) - z/E0 g_z, g_Et = s lambda u/E0 g_z, g_lambda = s (Et u - t)/E0 g_z,
     g_kappa = -E0 z (1 + z)/(1 + kappa z)^2. The history's displacements are inputs: their sensitivities are zero.
   Parameters (options -friction_<name>, lower case): e0 = E0, et = Et [N/m^3], lambda [1/m], kappa [-], kn
   [N/m^3], masing [-], rtol [-]. As the law of a discrete element of unit weight (YAML systems) t is a force [N]:
   E0, Et, kn in N/m, lambda in 1/m.
   History (6 per point): u_t1, u_t2, t_t1, t_t2 at the last committed state, and the direction (+-1, 0 fresh) of the
   last nonzero increment in each direction. */
#include <tribo/private/bwimpl.h>
#include <tribo/private/dopri.h>

#define VA_NS       TRIBO_BW_NS /* sensitivities integrated: E0, Et, lambda, kappa */
#define VA_MAXSTEPS 100000

static const TriboLawParam params[] = {
    {"e0", "N/m^3", 1.0e12, 0, "initial stiffness E0 (eq. 16)"},
    {"et", "N/m^3", 1.0e10, 0, "stiffness in macroslip Et, 0 <= Et < E0 (eq. 16)"},
    {"lambda", "1/m", 1.0e6, 0, "slip parameter: sigma_0 = E0/(lambda (1 - kappa Et/E0)) (eq. 17)"},
    {"kappa", "-", 0.5, 0, "shape, 0 (smooth) <= kappa <= 1 (eq. 16)"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"masing", "-", 0.0, 0, "1: Masing virgin curve from the origin; 0: hysteretic (eq. 16)"},
    {"rtol", "-", 1.0e-11, 1e-14, "relative tolerance of the Dormand-Prince integration (eq. 27)"},
};

typedef struct {
  PetscReal E0, Et, lambda, kappa, u0, s;
} VACtx;

static void RHS1_Private(const void *vctx, PetscReal x, const PetscReal *y, PetscReal *f)
{
  const VACtx *c = (const VACtx *)vctx;
  PetscReal    u = c->u0 + c->s * x, z = c->s * c->lambda / c->E0 * (c->Et * u - y[0]), D = 1 + c->kappa * z;

  f[0] = D > 0 ? c->s * c->E0 * (1 + z) / D : PETSC_MAX_REAL * 10; // inf: the integrator fails
}

static void RHS5_Private(const void *vctx, PetscReal x, const PetscReal *y, PetscReal *f)
{
  const VACtx *c = (const VACtx *)vctx;
  PetscReal    u = c->u0 + c->s * x, w = c->Et * u - y[0], z = c->s * c->lambda / c->E0 * w, D = 1 + c->kappa * z;
  PetscReal    gz = c->E0 * (1 - c->kappa) / (D * D), gt = -c->s * c->lambda / c->E0 * gz;
  PetscReal    gp[VA_NS] = {(1 + z) / D - z / c->E0 * gz, c->s * c->lambda * u / c->E0 * gz, c->s * w / c->E0 * gz, -c->E0 * z * (1 + z) / (D * D)};

  if (!(D > 0)) {
    for (int k = 0; k <= VA_NS; k++) f[k] = PETSC_MAX_REAL * 10;
    return;
  }
  f[0] = c->s * c->E0 * (1 + z) / D;
  for (int k = 0; k < VA_NS; k++) f[1 + k] = c->s * (gt * y[1 + k] + gp[k]);
}

/* One tangential direction, see boucwen.c */
static int Direction_Private(const PetscReal *p, int masing, PetscReal u, PetscReal u0, PetscReal t0, PetscReal slast, const PetscReal *st0,
                             PetscReal *t, PetscReal *dtdu, PetscReal *snew, PetscReal *sp)
{
  const PetscReal E0 = p[0], Et = p[1], lambda = p[2], kappa = p[3], rtol = p[6];
  VACtx           c = {E0, Et, lambda, kappa, u0, 1.0};
  PetscReal       X, y[1 + VA_NS], tref, sigma0, z, D;
  int             m = sp ? 1 + VA_NS : 1, fail;

  TriboBWStep_Private(masing, u, u0, slast, &c.s, &X);
  if (masing) {
    c.u0 = 0;
    t0   = 0;
    st0  = NULL;
  }
  y[0] = t0;
  for (int k = 0; k < VA_NS; k++) y[1 + k] = st0 ? st0[k] : 0;
  sigma0 = lambda > 0 ? E0 / (lambda * (1 - kappa * Et / E0)) : PETSC_MAX_REAL;
  tref   = PetscAbsReal(t0) + PetscMin(E0 * X, sigma0 + Et * X);
  fail   = TriboDopriIntegrate_Private(sp ? RHS5_Private : RHS1_Private, &c, m, 1, X, y, rtol, &tref, VA_MAXSTEPS, NULL);
  z      = c.s * lambda / E0 * (Et * u - y[0]);
  D      = 1 + kappa * z;
  if (!(D > 0)) fail = 1;
  *t = y[0];
  if (dtdu) *dtdu = E0 * (1 + z) / D;
  *snew = (masing || X > 0) ? c.s : slast;
  if (sp)
    for (int k = 0; k < VA_NS; k++) sp[k] = y[1 + k];
  return fail;
}

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  return TriboBWKernel_Private(Direction_Private, p, 4, 5, 7, mode, n, u, h, NULL, t, dtdu, NULL, hnew, NULL);
}

static PetscInt KernelP_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, const PetscReal *hp,
                                PetscReal *t, PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew)
{
  return TriboBWKernel_Private(Direction_Private, p, 4, 5, 7, mode, n, u, h, hp, t, NULL, dtdp, hnew, hpnew);
}

static const char *Validate_Private(const PetscReal *p)
{
  if (!(p[0] > 0)) return "parameter e0 (E0, initial stiffness, eq. 16) must be > 0";
  if (p[1] < 0 || p[1] >= p[0]) return "parameter et (Et, macroslip stiffness, eq. 16) must lie in [0, e0)";
  if (p[3] < 0 || p[3] > 1) return "parameter kappa must lie in [0, 1] (eq. 16)";
  if (p[5] != 0 && p[5] != 1) return "parameter masing must be 0 (hysteretic, eq. 16) or 1 (Masing virgin curve)";
  return TriboBWValidateRtol_Private(p[6]);
}

static const TriboLawCard card = {
    .name               = TRIBOLAWVALANIS,
    .title              = "Valanis law (rate form, Dormand-Prince integration), decoupled tangential directions, linear normal spring",
    .citation           = "Porter et al. 2022, MSSP, §2.2.6 eqs. 16-17, §2.3.2 eqs. 27-28, §2.1 eq. 2",
    .equations          = "dt_t/du_t = E0 (1 + s lambda/E0 (Et u_t - t_t))/(1 + kappa s lambda/E0 (Et u_t - t_t)), s = sgn(du_t), per direction from "
                          "the committed state (masing = 1: from the origin); sigma_0 = E0/(lambda (1 - kappa Et/E0)); t_n = kn u_n; tractions per unit area "
                          "(N/m^2; a discrete element of unit weight reads it as a force law, N and N/m)",
    .nparams            = 7,
    .params             = params,
    .nhist              = 6,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_p           = KernelP_Private,
};

/*@
  TriboLawCardGet_Valanis - The model card of the valanis law (paper porter-et-al-2022 eq. 16-17, integrated with the
  Dormand-Prince pair), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card

.seealso: `TriboLawCardGet_BoucWen()`
@*/
PetscErrorCode TriboLawCardGet_Valanis(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
