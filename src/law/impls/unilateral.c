/* Unilateral (gap) spring in the normal direction, no friction.

   Law: t_n = k <u_n - g> = k (u_n - g) for u_n > g, 0 for u_n <= g (Macaulay bracket);
   t_t1 = t_t2 = 0; tangent dt_n/du_n = k in contact, 0 when open; no history.
   Reference: paper porter-et-al-2022 §2.1 eq. 4 (penalty contact, t_n = k_n u_n for u_n > 0) is
   the case g = 0; the gap shifts the contact point (the unilateral spring with a clearance of
   issue 8's frequency-domain checks; issue 9's law library lists "unilateral").
   Parameters: k [N/m^3] contact stiffness per unit area, > 0 (checked by the card's validate);
   g [m] gap: contact starts when the interpenetration u_n exceeds g; g > 0 is a clearance,
   g < 0 a preloaded interference (t_n = k |g| at u_n = 0). No history.
   Convention: u_n > 0 is interpenetration (include/tribolaw.h), so g is measured along u_n. */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"k", "N/m^3", 1.0e12, 0, "normal contact stiffness per unit area (> 0)"},
    {"g", "m", 0.0, PETSC_NINFINITY, "gap: contact when u_n > g; < 0 is a preloaded interference"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal k = p[0], g = p[1];

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i];
    PetscReal       *ti = &t[3 * i];
    int              on = ui[2] > g;

    if (TriboNonFinite3_Private(ui)) return i + 1;
    ti[0] = 0;
    ti[1] = 0;
    ti[2] = on ? k * (ui[2] - g) : 0;
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int j = 0; j < 9; j++) d[j] = 0;
      d[8] = on ? k : 0;
    }
  }
  return 0;
}

static const char *Validate_Private(const PetscReal *p)
{
  return p[0] > 0 ? NULL : "parameter k must be > 0 (option -friction_k)";
}

static const TriboLawCard card = {
    .name               = TRIBOLAWUNILATERAL,
    .title              = "unilateral normal spring with a gap (penalty contact, eq. 4, shifted by g), no friction",
    .citation           = "Porter et al. 2022, MSSP, §2.1 eq. 4 (g = 0); issue 8",
    .equations          = "t_n = k <u_n - g> (0 for u_n <= g); t_t = 0",
    .nparams            = 2,
    .params             = params,
    .nhist              = 0,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
};

/*@
  TriboLawCardGet_Unilateral - The model card of the unilateral law, registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  t_n = k <u_n - g> with the Macaulay bracket, tangential tractions zero; g = 0 is the penalty
  contact of Porter et al. 2022, eq. 4.
@*/
PetscErrorCode TriboLawCardGet_Unilateral(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
