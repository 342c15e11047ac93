/* 5-parameter Iwan model (Mignolet; Segalman's distribution with a dynamic-to-static friction
   ratio theta) in the reduced RIPP form of Brake, with optional pinning, and a linear normal spring.

   Reference: paper brake-ripp-reduced-iwan-pinning §2.4: sliders that slip carry theta times
   their static strength (eqs. 26-27), so the monotonic force is eq. 29 (= porter-et-al-2022
   §2.2.2, eq. 9):
     F_IWAN(u) = K_T u + R (theta/(chi+2) - 1/(chi+1)) u^(chi+2) for u < phi_max,
     F_IWAN = F_S (beta + theta c)/(beta + c), c = (chi+1)/(chi+2), for u >= phi_max (eq. 30),
   with R and phi_max of eqs. 8 and 10 (theta does not enter them). Hysteresis, pinning, the
   decoupled tangential directions and the history are those of iwan4 (src/law/impls/iwan4.c).
   Choices: eq. 24 scales with the parameter F_S (not the macroslip force of eq. 30), as the paper
   writes it; so after macroslip the next branch ends at F_0 (1 - r) -+ r F_S with r = eq. 30/F_S,
   and "the maximum and minimum forces vary from one loading cycle to the next" (§2.4, Fig. 6).
   The delta sliders at phi_max keep their static strength S phi_max (eq. 27: S Gamma(u, phi_max)).
   theta = 1 is iwan4. Parameters as iwan4 plus theta [-] in [0, 1].
   History (10 per point): x0, F0, s, xc, Fc per tangential direction.
   Parameter sensitivities (card kernel_p, porter-et-al-2022 eq. 28): analytic, carried through the reversal point's
   F_0 in the history (TriboIwanRIPPKernelP_Private() in include/tribo/private/iwanimpl.h). */
#include <tribo/private/iwanimpl.h>

static const TriboLawParam params[] = {
    {"fs", "N/m^2", 1.0e6, 0, "static macroslip force F_S (> 0; N for a discrete element)"},
    {"kt", "N/m^3", 1.0e12, 0, "tangential stiffness K_T, the slope at a reversal (> 0; N/m for a discrete element)"},
    {"chi", "-", -0.5, -1, "dissipation exponent chi in (-1, 0]"},
    {"beta", "-", 0.005, 0, "stiffness ratio beta >= 0 (eq. 11)"},
    {"theta", "-", 0.75, 0, "ratio of dynamic to static friction mu_D/mu_S in [0, 1] (eq. 26)"},
    TRIBO_IWAN_PARAMS_NORMAL_PIN,
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  TriboIwanBackbone b;

  TriboIwanBackboneSetUp_Private(p[0], p[1], p[2], p[3], p[4], &b);
  return TriboIwanRIPPKernel_Private(&b, NULL, p[5], p[6], p[7], mode, n, u, NULL, h, t, dtdu, NULL, hnew);
}

static PetscInt KernelP_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, const PetscReal *hp,
                                PetscReal *t, PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew)
{
  TriboIwanBackbone  b;
  TriboIwanBackboneP d = {.np = 8, .ikn = 5, .ikpin = 6, .idpin = 7};

  TriboIwanBackboneSetUp_Private(p[0], p[1], p[2], p[3], p[4], &b);
  TriboIwanBackboneSetUpP_Private(&b, p[3], p[4], 0, 1, 2, 3, 4, &d);
  return TriboIwanRIPPKernelP_Private(&b, &d, p[5], p[6], p[7], mode, n, u, h, hp, t, dtdp, hnew, hpnew);
}

static const char *Validate_Private(const PetscReal *p)
{
  const char *why = TriboIwanValidate_Private(p[0], p[1], p[2], p[3]);
  if (why) return why;
  return (p[4] >= 0 && p[4] <= 1) ? NULL : "parameter theta (dynamic/static friction ratio) must be in [0, 1] (option -friction_theta)";
}

static const TriboLawCard card = {
    .name               = TRIBOLAWIWAN5,
    .title              = "5-parameter Iwan (Mignolet) in reduced RIPP form with optional pinning, per tangential direction; linear normal spring",
    .citation           = "Brake, reduced Iwan plus pinning (RIPP), eqs. 1-5, 24-30; Porter et al. 2022, MSSP, §2.2.2 eq. 9",
    .equations          = "F_IWAN(z) = kt z + R (theta/(chi+2) - 1/(chi+1)) z^(chi+2) (z < phi_max), fs (beta + theta c)/(beta + c) (z >= phi_max); "
                          "t_ti = F_0 + s A F_IWAN(s (u_ti - x_0)/A), A = 1 - s F_0/fs; + pinning as iwan4; t_n = kn u_n "
                          "(per unit area; a discrete element reads fs in N and stiffnesses in N/m)",
    .nparams            = 8,
    .params             = params,
    .nhist              = 10,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_p           = KernelP_Private,
};

/*@
  TriboLawCardGet_Iwan5 - The model card of the iwan5 law (5-parameter Iwan in reduced RIPP form), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  iwan4 with the fifth parameter theta in [0, 1] (dynamic over static friction of the sliders); theta = 1 is iwan4.

.seealso: TriboLawCardGet_Iwan4(), TriboLawCardGet_IwanStribeck()
@*/
PetscErrorCode TriboLawCardGet_Iwan5(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
