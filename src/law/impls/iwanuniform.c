/* Iwan model with a uniform distribution of slider strengths (Iwan 1966) in the reduced RIPP form
   of Brake, with optional pinning, and a linear normal spring.

   Reference: paper brake-ripp-reduced-iwan-pinning §2.5, eqs. 31-32: the density c/phi_max on
   [0, phi_max] gives
     F_IWAN(u) = (2 F_S/phi_max)(u - u^2/(2 phi_max)) for u < phi_max, F_S for u >= phi_max.
   Hysteresis (eq. 24), pinning (eqs. 1-5, 25), the decoupled tangential directions and the history
   are those of iwan4 (src/law/impls/iwan4.c).
   Choice: the law is parameterized, like every other Iwan law here, by its macroslip force fs and
   its initial stiffness kt (the slope at a reversal), so phi_max = 2 fs/kt. To draw the uniform
   law of brake-ripp Fig. 7 (phi_max of eq. 10 from the Table 1 parameters), set kt = 2 fs/phi_max.
   Parameters: fs [N/m^2] > 0, kt [N/m^3] > 0, kn [N/m^3], kpin [N/m^3], dpin [m] (per unit
   area; a discrete element reads fs in N and the stiffnesses in N/m).
   History (10 per point): x0, F0, s, xc, Fc per tangential direction.
   Parameter sensitivities (card kernel_p, porter-et-al-2022 eq. 28): analytic, carried through the reversal point's
   F_0 in the history (TriboIwanRIPPKernelP_Private() in include/tribo/private/iwanimpl.h). */
#include <tribo/private/iwanimpl.h>

static const TriboLawParam params[] = {
    {"fs", "N/m^2", 1.0e6, 0, "macroslip force F_S (> 0; N for a discrete element)"},
    {"kt", "N/m^3", 1.0e12, 0, "initial tangential stiffness 2 F_S/phi_max (> 0; N/m for a discrete element)"},
    TRIBO_IWAN_PARAMS_NORMAL_PIN,
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  TriboIwanBackbone b;

  TriboIwanBackboneSetUpUniform_Private(p[0], p[1], &b);
  return TriboIwanRIPPKernel_Private(&b, NULL, p[2], p[3], p[4], mode, n, u, NULL, h, t, dtdu, NULL, hnew);
}

static PetscInt KernelP_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, const PetscReal *hp,
                                PetscReal *t, PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew)
{
  TriboIwanBackbone  b;
  TriboIwanBackboneP d = {.np = 5, .ikn = 2, .ikpin = 3, .idpin = 4};

  TriboIwanBackboneSetUpUniform_Private(p[0], p[1], &b);
  TriboIwanBackboneSetUpUniformP_Private(&b, 0, 1, &d);
  return TriboIwanRIPPKernelP_Private(&b, &d, p[2], p[3], p[4], mode, n, u, h, hp, t, dtdp, hnew, hpnew);
}

static const char *Validate_Private(const PetscReal *p)
{
  if (!(p[0] > 0)) return "parameter fs (macroslip force F_S) must be > 0 [N/m^2] (option -friction_fs)";
  if (!(p[1] > 0)) return "parameter kt (initial stiffness 2 F_S/phi_max) must be > 0 [N/m^3] (option -friction_kt)";
  return NULL;
}

static const TriboLawCard card = {
    .name      = TRIBOLAWIWANUNIFORM,
    .title     = "uniform-distribution Iwan (Iwan 1966) in reduced RIPP form with optional pinning, per tangential direction; linear normal spring",
    .citation  = "Brake, reduced Iwan plus pinning (RIPP), eqs. 1-5, 24, 25, 31, 32",
    .equations = "F_IWAN(z) = kt (z - z^2/(2 phi_max)), phi_max = 2 fs/kt (z < phi_max), fs (z >= phi_max); "
                 "t_ti = F_0 + s A F_IWAN(s (u_ti - x_0)/A), A = 1 - s F_0/fs; + pinning as iwan4; t_n = kn u_n "
                 "(per unit area; a discrete element reads fs in N and stiffnesses in N/m)",
    .nparams   = 5,
    .params    = params,
    .nhist     = 10,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_p           = KernelP_Private,
};

/*@
  TriboLawCardGet_IwanUniform - The model card of the iwan_uniform law (uniform-distribution Iwan in reduced RIPP form),
  registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  Parameterized by fs and the initial stiffness kt = 2 fs/phi_max (brake-ripp eq. 32).

.seealso: TriboLawCardGet_Iwan4()
@*/
PetscErrorCode TriboLawCardGet_IwanUniform(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
