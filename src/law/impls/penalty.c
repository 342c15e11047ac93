/* Linear or penalty normal contact with an optional linear tangential spring.

   Reference: paper porter-et-al-2022 §2.1, eq. 2 (linear normal spring, t_n = k_n u_n for all
   u_n) and eq. 4 (penalty contact, t_n = k_n u_n for u_n > 0 and 0 for u_n <= 0, all
   tractions zero when separated).
   Parameters: kn [N/m^3] normal stiffness per unit area, kt [N/m^3] tangential stiffness per
   unit area (elastic, no slip; 0 by default), tension [-] 1 = linear spring acting in tension
   too (eq. 2), 0 = penalty contact (eq. 4). No history.
   Choice: a tangential spring measured from u_t = 0 that switched off and on with contact would
   create energy over a cycle through separation (it re-engages at u_t != 0), so kt > 0 is only
   accepted with tension = 1 (a bonded interface); a tangential law that survives separation
   is edf, which re-references the spring where contact is re-established (eq. 5). */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"kn", "N/m^3", 1.0e12, 0, "normal contact stiffness per unit area"},
    {"kt", "N/m^3", 0.0, 0, "tangential stiffness per unit area (elastic, never slips)"},
    {"tension", "-", 0.0, 0, "1: linear spring also in tension (eq. 2); 0: penalty contact (eq. 4)"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal kn = p[0], kt = mode == TRIBO_LAW_NORMAL ? 0.0 : p[1];
  const int       lin = p[2] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i];
    PetscReal       *ti = &t[3 * i];
    int              on = lin || ui[2] > 0;

    if (TriboNonFinite3_Private(ui)) return i + 1;
    ti[0] = on ? kt * ui[0] : 0;
    ti[1] = on ? kt * ui[1] : 0;
    ti[2] = on ? kn * ui[2] : 0;
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      d[0] = on ? kt : 0;
      d[4] = on ? kt : 0;
      d[8] = on ? kn : 0;
    }
  }
  return 0;
}

static const char *Validate_Private(const PetscReal *p)
{
  if (p[2] != 0 && p[2] != 1) return "parameter tension must be 0 (penalty contact, eq. 4) or 1 (linear spring, eq. 2)";
  return (p[1] > 0 && p[2] == 0) ? "a tangential spring kt > 0 needs tension = 1 (bonded interface): with contact loss it would create energy; use "
                                   "the edf law for friction with separation"
                                 : NULL;
}

static PetscBool PenaltyContact_Private(const PetscReal *p)
{
  return p[2] > 0.5 ? PETSC_FALSE : PETSC_TRUE;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWPENALTY,
    .title              = "linear (eq. 2) or penalty (eq. 4) normal contact, optional elastic tangential spring",
    .citation           = "Porter et al. 2022, MSSP, §2.1 eqs. 2 and 4",
    .equations          = "t_n = kn u_n (u_n > 0 or tension = 1), else 0; t_t = kt u_t while in contact",
    .nparams            = 3,
    .params             = params,
    .nhist              = 0,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .penalty_contact    = PenaltyContact_Private,
};

/*@
  TriboLawCardGet_Penalty - The model card of the penalty law, registered by TriboLawRegisterAll().

  Not collective
@*/
PetscErrorCode TriboLawCardGet_Penalty(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
