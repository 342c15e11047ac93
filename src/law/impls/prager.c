/* Regularized Prager law: a rigid-plastic slider of slip traction ts in parallel with a post-slip spring kp,
   regularized by a fixed stiff spring kt through the origin, with a linear normal spring.

   Reference: paper porter-et-al-2022 §2.2.9, eq. 21: t_t in [-ts, ts] at u_t = 0, t_t = ts sgn(u_t) + kp u_t
   otherwise. The set-valued law is regularized by a linear stiffness kt through the origin, which makes it the
   generalized Jenkins-Prager law of §2.2.10 (eqs. 22-26, gjpimpl.h) with kt held fixed: the paper fixes kt
   larger than every fitted kt of the other laws (log10 kt = 18.5 in N/m^3, Table 11) so that it acts as a
   penalty stiffness, and fits ts and kp only. Here kt is a parameter with that default, for a user who needs
   another regularization; it must be > 0. The monotonic curve is (kt + kp) u_t for |u_t| < ts/kt and
   ts sgn(u_t) + kp u_t, eq. 21 exactly, beyond (eq. 22).
   Choices: as gjp with penalty = 0 (linear normal spring, eq. 2); the reference state is the last committed
   state; coupled = 1 is directionally invariant (eqs. 23-25), coupled = 0 per direction (eq. 19 + kp).
   Parameters: ts [N/m^2], kp [N/m^3], kn [N/m^3], kt [N/m^3], coupled [-]; for a discrete element of a YAML
   system (unit weight) read N for ts and N/m for the stiffnesses.
   History (4 per point): u_t1, u_t2, t_t1, t_t2 of the slider part at the last committed state. */
#include "gjpimpl.h"

static const TriboLawParam params[] = {
    {"ts", "N/m^2", 1.8e5, 0, "slip traction (eq. 21)"},
    {"kp", "N/m^3", 3.3e11, 0, "post-slip stiffness per unit area (eq. 21)"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"kt", "N/m^3", 3.1622776601683795e18, 0, "regularization stiffness (> 0), fixed larger than any fitted kt (paper: 10^18.5)"},
    {"coupled", "-", 1.0, 0, "1: directionally invariant slip (eq. 20 form); 0: decoupled (eq. 19 form)"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal ts = p[0], kp = p[1], kn = p[2], kt = p[3];
  const int       coupled = p[4] > 0.5;

  return TriboGJPKernel_Private(kt, ts, kp, kn, coupled, 0, mode, n, u, h, t, dtdu, hnew); // penalty = 0: linear normal spring
}

static const char *Validate_Private(const PetscReal *p)
{
  if (!(p[3] > 0)) return "the regularization stiffness kt must be > 0 [N/m^3] (option -friction_kt; the paper fixes it at 10^18.5)";
  if (p[4] != 0 && p[4] != 1) return "parameter coupled must be 0 (decoupled directions, eq. 19) or 1 (directionally invariant, eq. 20)";
  return NULL;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWPRAGER,
    .title              = "Prager: slip traction ts plus post-slip spring kp, regularized by a fixed stiff kt; linear normal spring",
    .citation           = "Porter et al. 2022, MSSP, §2.2.9 eq. 21 (regularized as §2.2.10 eqs. 22-26 with fixed kt), §2.1 eq. 2",
    .equations          = "eq. 21: t_t = ts sgn(u_t) + kp u_t (u_t != 0); regularized: t_stuck = kt (u_t - u_t0) + t_t0, t_S = t_stuck if "
                          "|t_stuck| <= ts else ts t_stuck/|t_stuck|, t_t = t_S + kp u_t; t_n = kn u_n; per unit area, a discrete element of a YAML system "
                          "reads N and N/m",
    .nparams            = 5,
    .params             = params,
    .nhist              = 7,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_TRUE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
};

/*@
  TriboLawCardGet_Prager - The model card of the prager law, registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  Porter et al. 2022 eq. 21, t_t = ts sgn(u_t) + kp u_t, regularized by a fixed stiff spring kt through the origin
  (default 10^18.5 N/m^3, the paper's value): the gjp law with a fixed kt and a linear normal spring.

.seealso: TriboLawCardGet_GJP()
@*/
PetscErrorCode TriboLawCardGet_Prager(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
