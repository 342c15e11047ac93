/* Cubic (Duffing) spring: a bonded polynomial spring acting on every component, hardening for
   k3 > 0.

   Law: t_i = k1 u_i + k3 u_i^3 for i = t1, t2, n, each component on its own (diagonal tangent
   dt_i/du_i = k1 + 3 k3 u_i^2); no history, no contact switching (the interface never separates,
   it pulls back in tension as the linear spring of porter-et-al-2022 §2.1 eq. 2 does, which is
   the case k3 = 0).
   Reference: issue 8 (frequency-domain checks) needs the Duffing oscillator's nonlinearity,
   m q'' + k q + k3 q^3 = 0, whose first-order harmonic-balance and exact backbones are closed forms
   (shared/notes/hb-epmc.md §5); issue 9's law library lists "cubic".
   Parameters: k1 [N/m^3] linear stiffness per unit area, k3 [N/m^5] cubic stiffness per unit area;
   both default 0 (no spring until set) and both >= 0. No history.
   Choice: k3 >= 0 (hardening only). A softening spring k3 < 0 has a negative tangent beyond
   |u| = sqrt(k1/(3|k3|)) and a traction that changes sign and grows without bound, so it is not an
   admissible interface law; the exact Duffing backbone of the notes is stated for k3 > 0 only.
   In TRIBO_LAW_NORMAL mode (prestress) the tangential tractions are zero, as in the penalty law. */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"k1", "N/m^3", 0.0, 0, "linear stiffness per unit area, every component"},
    {"k3", "N/m^5", 0.0, 0, "cubic (hardening) stiffness per unit area, every component"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal k1 = p[0], k3 = p[1];

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i];
    PetscReal       *ti = &t[3 * i];

    if (TriboNonFinite3_Private(ui)) return i + 1;
    for (int j = 0; j < 3; j++) {
      int on = j == 2 || mode != TRIBO_LAW_NORMAL;
      ti[j]  = on ? (k1 + k3 * ui[j] * ui[j]) * ui[j] : 0;
    }
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      for (int j = 0; j < 3; j++) d[4 * j] = (j == 2 || mode != TRIBO_LAW_NORMAL) ? k1 + 3 * k3 * ui[j] * ui[j] : 0;
    }
  }
  return 0;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWCUBIC,
    .title              = "hardening cubic (Duffing) spring on every component, bonded (no separation)",
    .citation           = "issue 8 (Duffing oscillator); k3 = 0 is Porter et al. 2022, MSSP, §2.1 eq. 2",
    .equations          = "t_i = k1 u_i + k3 u_i^3 for i = t1, t2, n",
    .nparams            = 2,
    .params             = params,
    .nhist              = 0,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = NULL,
};

/*@
  TriboLawCardGet_Cubic - The model card of the cubic law, registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  t_i = k1 u_i + k3 u_i^3 on each of the three components, with k1, k3 >= 0; the Duffing
  oscillator's nonlinearity (issue 8).
@*/
PetscErrorCode TriboLawCardGet_Cubic(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
