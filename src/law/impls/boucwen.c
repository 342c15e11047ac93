/* General Bouc-Wen law, rate form integrated in displacement, with a linear normal spring.

   Reference: paper porter-et-al-2022 §2.2.3 eq. 10 (non-Masing) and eq. 11 (Masing), §2.3.2 eq. 27 (integration
   with the Dormand-Prince pair) and eq. 28 (parameter sensitivities integrated alongside), §2.1 eq. 1/2 (normal).
     dt/du = A - [alpha sgn(t du) - beta] |t|^n                                                        (eq. 10)
   Choices:
   - sgn(tu) of eq. 10 is read as sgn(t du), the standard Bouc-Wen form (Wen 1976: z' = A u' - alpha |u'| |z|^(n-1) z
     + beta u' |z|^n divided by u'): loading (t du > 0) has the slope A - (alpha - beta)|t|^n and tends to
     t_max = (A/(alpha - beta))^(1/n), unloading (t du < 0) has A + (alpha + beta)|t|^n. This is the reading under
     which the paper's own closed form eq. 12 solves eq. 10 (every branch of eq. 12 has this slope).
   - Tangential directions are decoupled (the paper's WJROM): each of u_t1, u_t2 follows eq. 10 on its own with the
     same parameters.
   - One step integrates eq. 10 from the committed state (u0, t0) to u in the direction s = sgn(u - u0), in the
     variable x = s (u - u0) in [0, |u - u0|] for tau = s t: dtau/dx = G(tau) = A - (alpha sgn(tau) - beta)|tau|^n.
     eq. 10 is autonomous for a fixed direction, so this equals the paper's integration from the last reversal point
     when the committed states lie on one branch. tau = 0 counts as loading (G(0) = A > 0 drives tau positive).
   - masing = 1 is eq. 11 with eta = alpha - beta: the virgin curve from the origin, t = sgn(u) tau(|u|), no memory
     (the hysteresis is then built from this backbone by the analysis, paper §2.3.1). masing = 0 is eq. 10.
   - Integrator: include/tribo/private/dopri.h, relative tolerance rtol (card parameter, default 1e-11) on the
     traction with the absolute part rtol t_ref, t_ref = |t0| + min(A |u - u0|, t_max). A step that starts unloading
     and reaches tau = 0 is split there (x* from eq. 10 integrated in tau), so no integrator step straddles the
     branch switch at tau = 0 (a kink of G for n = 1). At the default tolerance
     boucwen with n = 1, 2 equals the closed forms boucwen1, boucwen2 to ~1e-10 relative (tests/law/t130).
   - Tangent: dt/du = G(tau(u)) at the end point, with the direction of this step (of the last step when u = u0).
     This is the exact derivative of the solution of eq. 10 with respect to its end point (t(u) solves dt/du = g);
     the integrated traction differs from that solution by the integrator's error (rtol), so the tangent is
     consistent with the computed traction to that accuracy, not to round-off.
   - Sensitivities (card kernel_p, eq. 28): S_k = dtau/dp_k obeys dS_k/dx = G_tau S_k + G_pk, integrated with tau
     from S_k(0) = s dt0/dp_k (the history's sensitivity; zero for Masing); the error control covers them too,
     with the absolute part rtol t_ref/|p_k| (|p_k| = A, max(alpha, |beta|), n), since G_tau ~ |tau|^(n-1) makes
     them less smooth than tau near tau = 0. G_tau = -n |tau|^(n-1) (alpha - beta sgn(tau)); G_A = 1, G_alpha = -sgn(tau)|tau|^n, G_beta = |tau|^n,
     G_n = -(alpha sgn(tau) - beta)|tau|^n ln|tau|. G is continuous at tau = 0, so a sign change of tau inside a step
     needs no jump in S. The history's displacements are inputs: their sensitivities are zero.
   - n >= 1 (the paper allows n > 0): for n < 1, |t|^n is not Lipschitz at t = 0 and the integrator
     loses its order there. alpha >= 0 and beta in [-alpha, alpha] (paper, after eq. 11, ref. [36]).
   Parameters (options -friction_<name>, lower case): a = A [N/m^3], alpha, beta [(N/m^2)^(1-n)/m], n [-],
   kn [N/m^3], masing [-], rtol [-]. As the law of a discrete element of unit weight (YAML systems) t is a force
   [N], u [m]: A, kn in N/m and alpha, beta in N^(1-n)/m.
   History (6 per point): u_t1, u_t2, t_t1, t_t2 at the last committed state, and the direction (+-1, 0 fresh) of
   the last nonzero increment in each direction (for the tangent at u = u0). */
#include <tribo/private/bwimpl.h>
#include <tribo/private/dopri.h>

#define BW_NS       TRIBO_BW_NS /* sensitivities integrated: A, alpha, beta, n */
#define BW_MAXSTEPS 100000

static const TriboLawParam params[] = {
    {"a", "N/m^3", 1.0e12, 0, "initial stiffness A (eq. 10)"},
    {"alpha", "(N/m^2)^(1-n)/m", 0.75, 0, "hysteresis shape alpha >= 0 (eq. 10)"},
    {"beta", "(N/m^2)^(1-n)/m", 0.25, -PETSC_MAX_REAL, "hysteresis shape, -alpha <= beta <= alpha (eq. 10)"},
    {"n", "-", 2.0, 1, "exponent n >= 1 (eq. 10)"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"masing", "-", 0.0, 0, "1: Masing virgin curve from the origin (eq. 11, eta = alpha - beta); 0: hysteretic (eq. 10)"},
    {"rtol", "-", 1.0e-11, 1e-14, "relative tolerance of the Dormand-Prince integration (eq. 27)"},
};

typedef struct {
  PetscReal A, alpha, beta, n;
  PetscReal tau0; /* start of the unloading phase integrated in tau (RHSTau*) */
} BWCtx;

/* G(tau) of eq. 10 on the branch sg = sgn(tau) (+1 at tau = 0), with G_tau and G_p (p = A, alpha, beta, n) when gp
   is not NULL */
static inline PetscReal G_Private(const BWCtx *c, PetscReal tau, PetscReal sg, PetscReal *gt, PetscReal *gp)
{
  PetscReal at = PetscAbsReal(tau), pn = c->n == 1 ? at : (c->n == 2 ? at * at : PetscPowReal(at, c->n));

  if (gp) {
    PetscReal pn1 = c->n == 1 ? 1.0 : (at > 0 ? pn / at : 0.0);
    *gt           = -c->n * pn1 * (c->alpha - c->beta * sg);
    gp[0]         = 1.0;
    gp[1]         = -sg * pn;
    gp[2]         = pn;
    gp[3]         = at > 0 ? -(c->alpha * sg - c->beta) * pn * PetscLogReal(at) : 0.0;
  }
  return c->A - (c->alpha * sg - c->beta) * pn;
}

/* in x: dy/dx for y = (tau) or y = (tau, S_A, S_alpha, S_beta, S_n) */
static void RHS1_Private(const void *vctx, PetscReal x, const PetscReal *y, PetscReal *f)
{
  f[0] = G_Private((const BWCtx *)vctx, y[0], y[0] >= 0 ? 1.0 : -1.0, NULL, NULL);
}

static void RHS5_Private(const void *vctx, PetscReal x, const PetscReal *y, PetscReal *f)
{
  PetscReal gt, gp[BW_NS];

  f[0] = G_Private((const BWCtx *)vctx, y[0], y[0] >= 0 ? 1.0 : -1.0, &gt, gp);
  for (int k = 0; k < BW_NS; k++) f[1 + k] = gt * y[1 + k] + gp[k];
}

/* unloading phase in sigma = tau - tau0 in [0, -tau0]: dy/dsigma for y = (x) or y = (x, S_A, ..., S_n) */
static void RHSTau1_Private(const void *vctx, PetscReal sigma, const PetscReal *y, PetscReal *f)
{
  const BWCtx *c = (const BWCtx *)vctx;

  f[0] = 1.0 / G_Private(c, PetscMin(c->tau0 + sigma, 0.0), -1.0, NULL, NULL);
}

static void RHSTau5_Private(const void *vctx, PetscReal sigma, const PetscReal *y, PetscReal *f)
{
  const BWCtx *c = (const BWCtx *)vctx;
  PetscReal    gt, gp[BW_NS], G = G_Private(c, PetscMin(c->tau0 + sigma, 0.0), -1.0, &gt, gp);

  f[0] = 1.0 / G;
  for (int k = 0; k < BW_NS; k++) f[1 + k] = (gt * y[1 + k] + gp[k]) / G;
}

/* One tangential direction: from (u0, t0) (with dt0/dp in st0, may be NULL) to u; writes t, dt/du, the direction
   and (when sp is not NULL) dt/dp for A, alpha, beta, n. A step that starts unloading (tau0 < 0) first finds where
   tau reaches 0, x* = int_tau0^0 dtau/G(tau) (eq. 10 in tau, where G > 0), so that no Dormand-Prince step straddles
   the switch of branch at tau = 0 (a kink of G for n = 1, of its derivatives for n > 1, that would cost accuracy);
   when x* < |u - u0| the unloading phase (x and the sensitivities) is integrated in tau up to tau = 0 and the loading
   phase in x from there. Returns 0 or 1 (integration failed). */
static int Direction_Private(const PetscReal *p, int masing, PetscReal u, PetscReal u0, PetscReal t0, PetscReal slast, const PetscReal *st0,
                             PetscReal *t, PetscReal *dtdu, PetscReal *snew, PetscReal *sp)
{
  BWCtx           c    = {p[0], p[1], p[2], p[3], 0};
  const PetscReal rtol = p[6];
  PetscReal       s, X, y[1 + BW_NS], yref[1 + BW_NS], a = c.alpha - c.beta, tmax, ab = PetscMax(c.alpha, PetscAbsReal(c.beta));
  int             m = sp ? 1 + BW_NS : 1, fail = 0;

  TriboBWStep_Private(masing, u, u0, slast, &s, &X);
  if (masing) {
    t0  = 0;
    st0 = NULL;
  }
  y[0] = s * t0;
  for (int k = 0; k < BW_NS; k++) y[1 + k] = st0 ? s * st0[k] : 0;
  tmax    = a > 0 ? PetscPowReal(c.A / a, 1.0 / c.n) : PETSC_MAX_REAL;
  yref[0] = PetscAbsReal(t0) + PetscMin(c.A * X, tmax);
  yref[1] = yref[0] / c.A; // sensitivities: t_ref / |p| (p dt/dp is a traction)
  yref[2] = yref[3] = yref[0] / (ab > 0 ? ab : 1.0);
  yref[4]           = yref[0] / c.n;
  if (y[0] < 0 && X > 0) { // unloading start: where does tau reach 0?
    PetscReal w0 = -y[0], xs = 0, xref[1 + BW_NS];
    xref[0] = w0 / c.A;
    for (int k = 0; k < BW_NS; k++) xref[1 + k] = yref[1 + k];
    c.tau0 = y[0];
    fail   = TriboDopriIntegrate_Private(RHSTau1_Private, &c, 1, 1, w0, &xs, rtol, xref, BW_MAXSTEPS, NULL);
    if (!fail && xs < X) { // the step crosses tau = 0: unloading phase in tau, then loading from tau = 0
      PetscReal z[1 + BW_NS];
      z[0] = 0;
      for (int k = 0; k < BW_NS; k++) z[1 + k] = y[1 + k];
      if (sp) fail = TriboDopriIntegrate_Private(RHSTau5_Private, &c, m, m, w0, z, rtol, xref, BW_MAXSTEPS, NULL);
      y[0] = 0;
      for (int k = 0; k < BW_NS; k++) y[1 + k] = z[1 + k];
      X -= xs;
    }
  }
  if (!fail) fail = TriboDopriIntegrate_Private(sp ? RHS5_Private : RHS1_Private, &c, m, m, X, y, rtol, yref, BW_MAXSTEPS, NULL);
  *t = s * y[0];
  if (dtdu) *dtdu = G_Private(&c, y[0], y[0] >= 0 ? 1.0 : -1.0, NULL, NULL);
  *snew = (masing || X > 0 || u != u0) ? s : slast;
  if (sp)
    for (int k = 0; k < BW_NS; k++) sp[k] = s * y[1 + k];
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
  const char *why = p[0] > 0 ? TriboBWValidateShape_Private(p[1], p[2]) : "parameter a (A, initial stiffness, eq. 10) must be > 0";

  if (why) return why;
  if (p[3] < 1) return "parameter n must be >= 1 (eq. 10; for n < 1 |t|^n is not Lipschitz at t = 0)";
  if (p[5] != 0 && p[5] != 1) return "parameter masing must be 0 (hysteretic, eq. 10) or 1 (Masing virgin curve, eq. 11)";
  return TriboBWValidateRtol_Private(p[6]);
}

static const TriboLawCard card = {
    .name               = TRIBOLAWBOUCWEN,
    .title              = "general Bouc-Wen law (rate form, Dormand-Prince integration), decoupled tangential directions, linear normal spring",
    .citation           = "Porter et al. 2022, MSSP, §2.2.3 eqs. 10-11, §2.3.2 eqs. 27-28, §2.1 eq. 2",
    .equations          = "dt_t/du_t = A - [alpha sgn(t_t du_t) - beta] |t_t|^n per direction, integrated from the committed state (masing = 1: "
                          "dt/du = A - (alpha - beta)|t|^n from the origin); t_n = kn u_n; tractions per unit area (N/m^2; a discrete element of unit weight "
                          "reads it as a force law, N and N/m)",
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
  TriboLawCardGet_BoucWen - The model card of the boucwen law (general Bouc-Wen, paper porter-et-al-2022 eq. 10-11,
  integrated with the Dormand-Prince pair), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card

.seealso: `TriboLawCardGet_BoucWen1()`, `TriboLawCardGet_BoucWen2()`, `TriboLawCardGet_Valanis()`
@*/
PetscErrorCode TriboLawCardGet_BoucWen(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
