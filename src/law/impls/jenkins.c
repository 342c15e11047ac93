/* Jenkins element: a tangential spring k_t in series with a Coulomb slider of constant slip
   traction t_s, and a linear normal spring (eq. 2).

   Reference: paper porter-et-al-2022 §2.2.7, eqs. 18-20: the stuck prediction
   t_stuck = k_t (u_t - u_t0) + t_t0 is capped at t_s, per direction (eq. 19, decoupled) or on
   its magnitude (eq. 20, directionally invariant, coupled = 1).
   Choice: the reference point (u_t0, t_t0) is the last committed state (the previous
   continuation point). Along a monotone path this is the reversal point of eq. 19 for the
   decoupled law and the standard closest-point return map for the coupled one.
   Parameters: kt [N/m^3], ts [N/m^2], kn [N/m^3], coupled [-].
   History (4 per point): u_t1, u_t2, t_t1, t_t2 at the last committed state. */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"kt", "N/m^3", 1.0e12, 0, "tangential stick stiffness per unit area"},
    {"ts", "N/m^2", 1.0e6, 0, "slip traction"},
    {"kn", "N/m^3", 1.0e12, 0, "normal stiffness per unit area (linear, eq. 2)"},
    {"coupled", "-", 1.0, 0, "1: directionally invariant slip (eq. 20); 0: decoupled (eq. 19)"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal kt = p[0], ts = p[1], kn = p[2];
  const int       coupled = p[3] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[4 * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[4 * i];
    PetscReal        tt[2], dtt[2][3] = {{kt, 0, 0}, {0, kt, 0}}, dts[3] = {0, 0, 0}, tq[2], dtq[2][3];

    if (TriboNonFinite3_Private(ui)) return i + 1;
    ti[2] = kn * ui[2];
    if (mode == TRIBO_LAW_NORMAL) {
      tq[0] = tq[1] = 0;
      for (int q = 0; q < 2; q++)
        for (int j = 0; j < 3; j++) dtq[q][j] = 0;
    } else {
      tt[0] = hi[2] + kt * (ui[0] - hi[0]); // eq. 19/20 stuck prediction
      tt[1] = hi[3] + kt * (ui[1] - hi[1]);
      TriboSlipReturn_Private(tt, dtt, ts, dts, coupled, tq, dtq);
    }
    ti[0] = tq[0];
    ti[1] = tq[1];
    ho[0] = ui[0];
    ho[1] = ui[1];
    ho[2] = tq[0];
    ho[3] = tq[1];
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int j = 0; j < 3; j++) {
        d[j]     = dtq[0][j];
        d[3 + j] = dtq[1][j];
        d[6 + j] = 0;
      }
      d[8] = kn;
    }
  }
  return 0;
}

/* State derivatives of one step (TriboLawKernelH): hnew = (u_t, t_t) and t_t = R(tt) with tt = h_t + kt (u_t - h_u),
   so dt_t/dh_u = -kt dR/dtt, dt_t/dh_t = dR/dtt (dR/dtt from the return map with dtt = I), dh_u/du_t = I. */
static PetscInt KernelH_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                                PetscReal *dtdh, PetscReal *dhdu, PetscReal *dhdv, PetscReal *dhdh)
{
  const PetscReal kt = p[0], ts = p[1];
  const int       coupled = p[3] > 0.5;

  (void)v;
  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[4 * i];
    PetscReal       *th = &dtdh[12 * i], *hu = &dhdu[12 * i], *hh = &dhdh[16 * i];
    PetscReal        tt[2], eye[2][3] = {{1, 0, 0}, {0, 1, 0}}, dts[3] = {0, 0, 0}, tq[2], R[2][3] = {{0, 0, 0}, {0, 0, 0}};

    if (TriboNonFinite3_Private(ui)) return i + 1;
    if (mode == TRIBO_LAW_FULL) {
      tt[0] = hi[2] + kt * (ui[0] - hi[0]);
      tt[1] = hi[3] + kt * (ui[1] - hi[1]);
      TriboSlipReturn_Private(tt, eye, ts, dts, coupled, tq, R);
    }
    for (int k = 0; k < 12; k++) th[k] = hu[k] = 0;
    for (int k = 0; k < 16; k++) hh[k] = 0;
    if (dhdv)
      for (int k = 0; k < 12; k++) dhdv[12 * i + k] = 0;
    hu[0] = hu[4] = 1;
    for (int q = 0; q < 2; q++)
      for (int a = 0; a < 2; a++) {
        th[4 * q + a]           = -kt * R[q][a];
        th[4 * q + 2 + a]       = R[q][a];
        hu[3 * (2 + q) + a]     = kt * R[q][a];
        hh[4 * (2 + q) + a]     = -kt * R[q][a];
        hh[4 * (2 + q) + 2 + a] = R[q][a];
      }
  }
  return 0;
}

// AFT periodicity scales (TriboLawCard hist_scale): the displacements u_t1, u_t2 together, the tractions t_t1, t_t2 together
static const PetscInt hist_scale[] = {0, 0, 1, 1};

static const char *Validate_Private(const PetscReal *p)
{
  return (p[3] != 0 && p[3] != 1) ? "parameter coupled must be 0 (decoupled directions, eq. 19) or 1 (directionally invariant, eq. 20)" : NULL;
}

static const TriboLawCard card = {
    .name               = TRIBOLAWJENKINS,
    .title              = "Jenkins element (spring + Coulomb slider, constant slip traction), linear normal spring",
    .citation           = "Porter et al. 2022, MSSP, §2.2.7 eqs. 18-20, §2.1 eq. 2",
    .equations          = "t_stuck = kt (u_t - u_t0) + t_t0; t_t = t_stuck if |t_stuck| <= ts else ts t_stuck/|t_stuck|; t_n = kn u_n",
    .nparams            = 4,
    .params             = params,
    .nhist              = 4,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_TRUE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .kernel_h           = KernelH_Private,
    .hist_scale         = hist_scale,
};

/*@
  TriboLawCardGet_Jenkins - The model card of the jenkins law, registered by TriboLawRegisterAll().

  Not collective
@*/
PetscErrorCode TriboLawCardGet_Jenkins(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
