/* 4-parameter Iwan model (Segalman) in the reduced form of Brake (RIPP), with optional pinning,
   and a linear normal spring.

   Reference: paper brake-ripp-reduced-iwan-pinning: the distribution of eq. 7 with eqs. 8-10
   gives the monotonic force of eq. 17 (= porter-et-al-2022 §2.2.1, eqs. 6-8):
     F_IWAN(u) = K_T u - R/((chi+1)(chi+2)) u^(chi+2) for u < phi_max, F_S for u >= phi_max,
     phi_max = F_S (1 + beta)/(K_T (beta + (chi+1)/(chi+2))) (eq. 10);
   after a reversal at (x_0, F_0) the RIPP scaling hypothesis (§2.3.1, eqs. 23-24) gives
     F_SLIDING = F_0 + s A F_IWAN(s (x - x_0)/A), A = (F_S - s F_0)/F_S, s = +-1 the direction,
   and the RIPP force is F_RIPP = F_PIN + F_SLIDING (eq. 25) with the pinning spring of eqs. 1-5.
   Choices (written down where the paper leaves them open):
   - Iwan is one dimensional: each tangential direction carries its own RIPP element (decoupled),
     t_ti = F_RIPP(u_ti) for i = 1, 2; the tangent is diagonal in the tangential block (except
     for the pinning spring, below).
   - A reversal is where the motion turns back from the last committed state (previous step or
     continuation point): the reversal point of eq. 24 is that committed state (x_c, F_c), as the
     Jenkins law of porter-et-al-2022 eq. 19 does; F_0 is the sliding force alone (§2.3.1: "F_0
     should be determined solely from F_SLIDING"). The second Masing condition is not applied
     (brake-ripp §2.3: the reduced model keeps no older reversal points).
   - Pinning: the global displacement phi of eq. 4 (delta_0 +- u, the displacement of the joint
     from where its bolt is centered in the hole) is the law's tangential displacement u_t itself,
     so eqs. 4-5 read F_PIN = K_P (|phi| - delta_P) sign(phi) for |phi| > delta_P and 0 else; with
     two tangential directions the hole is round: t_pin = kpin (|u_t| - dpin) u_t/|u_t| for
     |u_t| > dpin (the same along either axis). kpin = 0 (default) switches pinning off.
   - TRIBO_LAW_NORMAL mode: no tangential traction, and the point restarts virgin where it is.
   Parameters (per unit area for an FE interface; a discrete element of a YAML system has unit
   weight, so it reads as a force law: fs [N], kt, kn, kpin [N/m]): fs [N/m^2], kt [N/m^3],
   chi [-] in (-1, 0], beta [-] >= 0, kn [N/m^3], kpin [N/m^3], dpin [m].
   History (10 per point): x0, F0, s, xc, Fc for u_t1, then for u_t2 (include/tribo/private/iwanimpl.h).
   Parameter sensitivities (card kernel_p, porter-et-al-2022 eq. 28): analytic, carried through the reversal point's
   F_0 in the history (TriboIwanRIPPKernelP_Private() in include/tribo/private/iwanimpl.h). */
#include <tribo/private/iwanimpl.h>

static const TriboLawParam params[] = {
    {"fs", "N/m^2", 1.0e6, 0, "macroslip force F_S (> 0; N for a discrete element)"},
    {"kt", "N/m^3", 1.0e12, 0, "tangential stiffness K_T, the slope at a reversal (> 0; N/m for a discrete element)"},
    {"chi", "-", -0.5, -1, "dissipation exponent chi in (-1, 0]: energy per cycle ~ amplitude^(3+chi)"},
    {"beta", "-", 0.005, 0, "stiffness ratio beta = S/(R phi_max^(chi+1)/(chi+1)) >= 0 (eq. 11)"},
    TRIBO_IWAN_PARAMS_NORMAL_PIN,
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  TriboIwanBackbone b;

  TriboIwanBackboneSetUp_Private(p[0], p[1], p[2], p[3], 1.0, &b);
  return TriboIwanRIPPKernel_Private(&b, NULL, p[4], p[5], p[6], mode, n, u, NULL, h, t, dtdu, NULL, hnew);
}

static PetscInt KernelP_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, const PetscReal *hp,
                                PetscReal *t, PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew)
{
  TriboIwanBackbone  b;
  TriboIwanBackboneP d = {.np = 7, .ikn = 4, .ikpin = 5, .idpin = 6};

  TriboIwanBackboneSetUp_Private(p[0], p[1], p[2], p[3], 1.0, &b);
  TriboIwanBackboneSetUpP_Private(&b, p[3], 1.0, 0, 1, 2, 3, -1, &d);
  return TriboIwanRIPPKernelP_Private(&b, &d, p[4], p[5], p[6], mode, n, u, h, hp, t, dtdp, hnew, hpnew);
}

static const char *Validate_Private(const PetscReal *p)
{
  return TriboIwanValidate_Private(p[0], p[1], p[2], p[3]);
}

static const TriboLawCard card = {
    .name      = TRIBOLAWIWAN4,
    .title     = "4-parameter Iwan (Segalman) in reduced RIPP form with optional pinning, per tangential direction; linear normal spring",
    .citation  = "Brake, reduced Iwan plus pinning (RIPP), eqs. 1-5, 7-10, 17, 24, 25; Porter et al. 2022, MSSP, §2.2.1 eqs. 6-8",
    .equations = "F_IWAN(z) = kt z - R z^(chi+2)/((chi+1)(chi+2)) (z < phi_max), fs (z >= phi_max); t_ti = F_0 + s A F_IWAN(s (u_ti - x_0)/A), "
                 "A = 1 - s F_0/fs from the last reversal (x_0, F_0, s); + kpin (|u_t| - dpin)+ u_t/|u_t|; t_n = kn u_n "
                 "(per unit area; a discrete element reads fs in N and stiffnesses in N/m)",
    .nparams   = 7,
    .params    = params,
    .nhist     = 10,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_p           = KernelP_Private,
};

/*@
  TriboLawCardGet_Iwan4 - The model card of the iwan4 law (4-parameter Iwan in reduced RIPP form), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  Parameters fs, kt, chi in (-1, 0], beta >= 0 (Segalman's four), kn (normal spring), kpin and dpin (pinning, off by default).
  Hysteresis after any reversal follows the scaling hypothesis of Brake's RIPP model (eq. 24): one reversal point per tangential
  direction is the whole history. With reversals in macroslip the loops are Segalman's Masing loops; inside microslip the
  reduced model dissipates 2^(chi+1) times the Masing energy of Segalman's eq. (brake-ripp eq. 45) at small amplitude.

.seealso: TriboLawCardGet_Iwan5(), TriboLawCardGet_IwanDiscrete()
@*/
PetscErrorCode TriboLawCardGet_Iwan4(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
