/* Generalized Jenkins-Prager law: a Jenkins element (stick stiffness kt, slip traction ts) in parallel with a
   post-slip spring kp, with a linear normal spring or penalty normal contact.

   Reference: paper porter-et-al-2022 §2.2.10, eqs. 22-26 (monotonic curve eq. 22; stuck prediction eq. 23, slip
   traction eq. 24, traction eq. 25, reversal traction of the Jenkins part only eq. 26), §2.1 eq. 2 (linear normal
   spring, penalty = 0) and eqs. 4-5 (penalty contact, penalty = 1: all tractions zero when separated; at
   re-established contact the reversal point u_t0 is interpolated by eq. 5, t_t0 = 0, and the post-slip spring's
   reference u_t0,kp is set to the same u_t0).
   Choices: the reference state (u_t0, t_t0) is the last committed state (the previous continuation point or time
   step), as in jenkins.c; coupled = 1 is the directionally invariant law of eqs. 23-25, coupled = 0 returns each
   direction on its own (eq. 19 with the spring of eq. 25 added per direction, the WJROM form whose monotonic
   curve is eq. 22). Eq. 25 writes k_p (u_t - u_t0,kp) without the direction index: read per direction q. The
   stick/slip switch is |t_stuck| <= ts (stick) as in jenkins.c; eqs. 25-26 write < (the traction is continuous
   there, only the tangent differs).
   Parameters: kt [N/m^3], ts [N/m^2], kp [N/m^3], kn [N/m^3], coupled [-], penalty [-]; defaults near the middle
   of the FJROM Pareto ranges of the paper's Table 11. For a discrete element of a YAML system (unit weight) read
   N/m for the stiffnesses and N for ts.
   History (7 per point): u_t1, u_t2, t_t1, t_t2 (Jenkins part) and u_n at the last committed state, and
   u_t0,kp (2); see gjpimpl.h. A fresh history (zeros) with penalty = 1 is a separated point that touches at
   u = 0 (as in edf.c). */
#include "gjpimpl.h"

static const TriboLawParam params[] = {
    {"kt", "N/m^3", 1.0e15, 0, "tangential stick stiffness per unit area of the Jenkins part"},
    {"ts", "N/m^2", 2.0e5, 0, "slip traction of the Jenkins part"},
    {"kp", "N/m^3", 1.0e10, 0, "post-slip stiffness per unit area (eq. 25)"},
    {"kn", "N/m^3", 1.0e11, 0, "normal stiffness per unit area"},
    {"coupled", "-", 1.0, 0, "1: directionally invariant slip (eqs. 23-25); 0: decoupled (eq. 19 + kp)"},
    {"penalty", "-", 0.0, 0, "0: linear normal spring (eq. 2); 1: penalty contact (eqs. 4-5)"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal kt = p[0], ts = p[1], kp = p[2], kn = p[3];
  const int       coupled = p[4] > 0.5, penalty = p[5] > 0.5;

  return TriboGJPKernel_Private(kt, ts, kp, kn, coupled, penalty, mode, n, u, h, t, dtdu, hnew);
}

static const char *Validate_Private(const PetscReal *p)
{
  if (p[4] != 0 && p[4] != 1) return "parameter coupled must be 0 (decoupled directions, eq. 19) or 1 (directionally invariant, eqs. 23-25)";
  if (p[5] != 0 && p[5] != 1) return "parameter penalty must be 0 (linear normal spring, eq. 2) or 1 (penalty contact, eqs. 4-5)";
  return NULL;
}

static PetscBool PenaltyContact_Private(const PetscReal *p)
{
  return p[5] > 0.5 ? PETSC_TRUE : PETSC_FALSE;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWGJP,
    .title              = "generalized Jenkins-Prager: Jenkins element plus post-slip spring kp, linear or penalty normal contact",
    .citation           = "Porter et al. 2022, MSSP, §2.2.10 eqs. 22-26, §2.1 eqs. 2, 4, 5",
    .equations          = "t_stuck = kt (u_t - u_t0) + t_t0; t_J = t_stuck if |t_stuck| <= ts else ts t_stuck/|t_stuck|; t_t = t_J + kp (u_t - "
                          "u_t0,kp); reversal traction t_t0 = t_J; t_n = kn u_n (penalty = 1: kn <u_n>, t = 0 when separated, eq. 5 at re-contact); per unit "
                          "area, a discrete element of a YAML system reads N and N/m",
    .nparams            = 6,
    .params             = params,
    .nhist              = 7,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_TRUE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .penalty_contact    = PenaltyContact_Private,
};

/*@
  TriboLawCardGet_GJP - The model card of the gjp law (generalized Jenkins-Prager), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  Porter et al. 2022 eqs. 23-26: a Jenkins element (kt, ts) whose traction alone sets the reversal points, plus a
  post-slip spring kp (u_t - u_t0,kp); monotonic curve t = kt u + kp u below ts/kt, ts + kp u above (eq. 22).
  -friction_penalty 1 selects penalty contact (all tractions zero when separated, eq. 5 at re-contact).

.seealso: TriboLawCardGet_Prager(), TriboLawCardGet_Jenkins(), TriboLawRegisterPostSlip()
@*/
PetscErrorCode TriboLawCardGet_GJP(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
