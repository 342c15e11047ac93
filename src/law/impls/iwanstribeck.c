/* Iwan-Stribeck model: the 5-parameter Iwan law whose slipping sliders follow a Stribeck curve,
   in the reduced RIPP form of Brake, with optional pinning, and a linear normal spring. Rate
   dependent with a history.

   Reference: paper brake-ripp-reduced-iwan-pinning §2.7, eqs. 34-39: with the Stribeck law
   F(v) = (F_C + (F_S - F_C) exp(-(v/v_S)^delta_S)) sign(v) + F_V v (eq. 34), theta = F_C/F_S
   (eq. 35), the monotonic force of eq. 39 is the 5-parameter force of eq. 29 plus
     (F_S (1 - theta) exp(-(v/v_S)^delta_S) sign(v) + F_V v) (u/phi_max)^(chi+1)/(beta + c),
   c = (chi+1)/(chi+2). Hysteresis (eq. 24), pinning (eqs. 1-5, 25), the decoupled tangential
   directions and the history are those of iwan4/iwan5 (src/law/impls/iwan4.c, iwan5.c).
   Choices (where the paper leaves it open):
   - Eq. 39 is written in the frame of the branch ("displacements and velocities always occur in a
     positive reference frame"): on a branch of direction s the velocity is w = s v and the whole
     term is scaled like F_IWAN in eq. 24: F_SLIDING = F_0 + s A (F_IWAN(z) + g(w) m^(chi+1)/(beta + c)),
     g(w) = F_S (1 - theta) exp(-(|w|/v_S)^delta_S) sign(w) + F_V w, m = min(z/phi_max, 1), z = s (x - x_0)/A.
     sign(0) = 0 (the paper's remark after eq. 39), so v = 0 gives iwan5, and so does v_S = F_V = 0
     (exp(-(|w|/0)^delta_S) = 0 for w != 0).
   - For z >= phi_max the factor (u/phi_max)^(chi+1) (the fraction of the power-law sliders that slip)
     is capped at 1: the delta sliders at phi_max keep their static strength as in eq. 27.
   - Tangents: dt/du of the rate term is g (chi+1) m^chi/((beta + c) phi_max), infinite at z = 0 for
     chi < 0 and v != 0; there (z = 0 exactly) the kernel leaves it out. dt/dv = A g'(w) m^(chi+1)/(beta + c)
     with g' = F_V - F_S (1 - theta) exp(-q) delta_S q/|w|, q = (|w|/v_S)^delta_S, for w != 0 (the jump of
     sign(w) at w = 0 has no derivative; g'(0) = F_V, and for delta_S < 1 g' is unbounded near w = 0).
   - The reversal point F_0 is the committed sliding force, rate term included, so the force is
     continuous at a reversal; A = max(0, 1 - s F_0/F_S) in case the rate term pushed |F_0| past F_S.
   The card's kernel is the law at v = 0 (= iwan5); kernel_v takes the velocity.
   Parameters: fs, kt, chi, beta, theta, kn, kpin, dpin as iwan5; fv [N s/m^3] >= 0 (F_V), vs [m/s]
   >= 0 (v_S), deltas [-] > 0 (delta_S; the paper quotes 1/2 to 2). Per unit area; a discrete element
   reads fs in N, fv in N s/m and the stiffnesses in N/m.
   History (10 per point): x0, F0, s, xc, Fc per tangential direction. */
#include <tribo/private/iwanimpl.h>

static const TriboLawParam params[] = {
    {"fs", "N/m^2", 1.0e6, 0, "static macroslip force F_S (> 0; N for a discrete element)"},
    {"kt", "N/m^3", 1.0e12, 0, "tangential stiffness K_T, the slope at a reversal (> 0; N/m for a discrete element)"},
    {"chi", "-", -0.5, -1, "dissipation exponent chi in (-1, 0]"},
    {"beta", "-", 0.005, 0, "stiffness ratio beta >= 0 (eq. 11)"},
    {"theta", "-", 0.75, 0, "F_C/F_S, Coulomb over stiction force in [0, 1] (eq. 35)"},
    {"fv", "N s/m^3", 0.0, 0, "viscous coefficient F_V (eq. 34; N s/m for a discrete element)"},
    {"vs", "m/s", 1.0e-4, 0, "Stribeck velocity v_S (eq. 34); 0: no Stribeck term"},
    {"deltas", "-", 2.0, 0, "Stribeck exponent delta_S > 0 (eq. 34; 2 is the Gaussian model)"},
    TRIBO_IWAN_PARAMS_NORMAL_PIN,
};

static PetscInt KernelV_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                                PetscReal *t, PetscReal *dtdu, PetscReal *dtdv, PetscReal *hnew)
{
  TriboIwanBackbone b;
  TriboIwanRate     r;

  TriboIwanBackboneSetUp_Private(p[0], p[1], p[2], p[3], p[4], &b);
  r.a  = p[0] * (1 - p[4]);
  r.fv = p[5];
  r.vs = p[6];
  r.ds = p[7];
  return TriboIwanRIPPKernel_Private(&b, &r, p[8], p[9], p[10], mode, n, u, v, h, t, dtdu, dtdv, hnew);
}

// the displacement-only kernel: the law at v = 0, which is iwan5
static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  return KernelV_Private(p, mode, n, u, NULL, h, t, dtdu, NULL, hnew);
}

static const char *Validate_Private(const PetscReal *p)
{
  const char *why = TriboIwanValidate_Private(p[0], p[1], p[2], p[3]);
  if (why) return why;
  if (!(p[4] >= 0 && p[4] <= 1)) return "parameter theta (F_C/F_S) must be in [0, 1] (option -friction_theta)";
  if (!(p[7] > 0)) return "parameter deltas (Stribeck exponent delta_S) must be > 0 (option -friction_deltas)";
  return NULL;
}

static const TriboLawCard card = {
    .name             = TRIBOLAWIWANSTRIBECK,
    .title            = "Iwan-Stribeck (5-parameter Iwan with a Stribeck slip law) in reduced RIPP form with optional pinning; linear normal spring",
    .citation         = "Brake, reduced Iwan plus pinning (RIPP), eqs. 1-5, 24-30, 34-39",
    .equations        = "t_ti = F_0 + s A (F_IWAN5(z) + g(s v_ti) min(z/phi_max, 1)^(chi+1)/(beta + c)), z = s (u_ti - x_0)/A, A = 1 - s F_0/fs, "
                        "g(w) = fs (1 - theta) exp(-(|w|/vs)^deltas) sign(w) + fv w; + pinning as iwan4; t_n = kn u_n; at v = 0 it is iwan5 "
                        "(per unit area; a discrete element reads fs in N, fv in N s/m and stiffnesses in N/m)",
    .nparams          = 11,
    .params           = params,
    .nhist            = 10,
    .analytic_tangent = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_v           = KernelV_Private,
};

/*@
  TriboLawCardGet_IwanStribeck - The model card of the iwan_stribeck law (Iwan-Stribeck in reduced RIPP form), registered by
  TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  Rate dependent with a history: TriboLawEvaluateV() passes the relative velocity; the displacement kernel sees v = 0 and is
  then iwan5. With vs = fv = 0 the law is iwan5 at every velocity (brake-ripp, after eq. 39).

.seealso: TriboLawCardGet_Iwan5(), TriboLawIsRateDependent()
@*/
PetscErrorCode TriboLawCardGet_IwanStribeck(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
