/* Regularized Coulomb friction on the tangential relative velocity, with a linear normal spring.

   Law: t_ti = mu fn tanh(v_ti / eps) for i = 1, 2 (each tangential direction on its own), t_n = kn u_n;
   tangents dt_ti/dv_ti = (mu fn / eps) (1 - tanh^2(v_ti / eps)), dt_n/du_n = kn, all others zero. No history.
   Reference: NLvib's tanhDryFriction (Krack and Gross, "Harmonic Balance for Nonlinear Vibration Problems",
   Springer 2019; shared/notes/hb-epmc.md §1.2): f = mu N tanh(q'/eps), the usual smooth stand-in for Coulomb's
   law in harmonic balance. For |v| << eps it is a linear damper c = mu fn / eps; for |v| >> eps it is Coulomb
   friction mu fn sign(v), whose first harmonic under harmonic motion is (4/pi) mu fn in quadrature.
   Parameters: mu [-] friction coefficient; fn [N/m^2] normal load per unit area (a prescribed constant normal
   traction, the "N" of NLvib: the friction does not follow u_n; for a discrete element read N and the
   stiffness in N/m); eps [m/s] > 0 regularization velocity (checked by the card's validate); kn [N/m^3] linear
   normal spring per unit area acting in tension too (default 0).
   Choices: the two tangential directions are decoupled (t_t1 depends on v_t1 only), as NLvib's element is one
   dimensional; a coupled (isotropic) form mu fn tanh(|v|/eps) v/|v| would differ for two-dimensional slip.
   The law is rate dependent (card kernel_v): its displacement kernel evaluates it at v = 0, so a quasi-static
   analysis sees no friction at all; such analyses refuse it (TriboLawIsRateDependent()). In TRIBO_LAW_NORMAL mode
   the tangential tractions are zero. */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"mu", "-", 0.5, 0, "friction coefficient"},
    {"fn", "N/m^2", 1.0e6, 0, "normal load per unit area (constant, prescribed)"},
    {"eps", "m/s", 1.0e-4, 0, "regularization velocity (> 0): linear damper mu fn/eps below it"},
    {"kn", "N/m^3", 0.0, 0, "linear normal spring per unit area, t_n = kn u_n"},
};

static PetscInt KernelV_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                                PetscReal *t, PetscReal *dtdu, PetscReal *dtdv, PetscReal *hnew)
{
  const PetscReal mun = p[0] * p[1], eps = p[2], kn = p[3];

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *vi = &v[3 * i];
    PetscReal       *ti = &t[3 * i], dq[2] = {0, 0};

    if (TriboNonFinite3_Private(ui) || TriboNonFinite3_Private(vi)) return i + 1;
    for (int q = 0; q < 2; q++) {
      PetscReal th = mode == TRIBO_LAW_FULL ? PetscTanhReal(vi[q] / eps) : 0;
      ti[q]        = mun * th;
      dq[q]        = mode == TRIBO_LAW_FULL ? mun / eps * (1 - th * th) : 0;
    }
    ti[2] = kn * ui[2];
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      d[8] = kn;
    }
    if (dtdv) {
      PetscReal *d = &dtdv[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      d[0] = dq[0];
      d[4] = dq[1];
    }
  }
  return 0;
}

// the displacement-only kernel: the law at v = 0 (no tangential traction)
static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal zero[3] = {0, 0, 0};

  for (PetscInt i = 0; i < n; i++) {
    PetscInt bad = KernelV_Private(p, mode, 1, &u[3 * i], zero, NULL, &t[3 * i], dtdu ? &dtdu[9 * i] : NULL, NULL, NULL);
    if (bad) return i + 1;
  }
  return 0;
}

static const char *Validate_Private(const PetscReal *p)
{
  return p[2] > 0 ? NULL : "the regularization velocity eps must be > 0 [m/s] (option -friction_eps)";
}

static const TriboLawCard card = {
    .name               = TRIBOLAWTANH,
    .title              = "regularized Coulomb friction mu fn tanh(v_t/eps) on the tangential velocity, linear normal spring",
    .citation           = "NLvib tanhDryFriction (Krack and Gross 2019; hb-epmc.md §1.2)",
    .equations          = "t_ti = mu fn tanh(v_ti/eps), i = t1, t2 (decoupled); t_n = kn u_n; at v = 0 (quasi-static) t_t = 0",
    .nparams            = 4,
    .params             = params,
    .nhist              = 0,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_v           = KernelV_Private,
};

/*@
  TriboLawCardGet_Tanh - The model card of the tanh law, registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  t_ti = mu fn tanh(v_ti/eps) (i = t1, t2, decoupled), t_n = kn u_n: NLvib's tanhDryFriction. Rate dependent: its
  tractions need the relative velocity (TriboLawEvaluateV(), TriboHBAFTV()); the displacement kernel sees v = 0.

.seealso: TriboLawIsRateDependent(), TriboHBAFTV()
@*/
PetscErrorCode TriboLawCardGet_Tanh(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
