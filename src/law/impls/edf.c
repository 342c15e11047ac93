/* Elastic dry friction: penalty normal contact with a Jenkins-type tangential law whose slip
   traction is mu t_n.

   Reference: paper porter-et-al-2022 §2.2.8 (the Jenkins law of §2.2.7, eqs. 19-20, with
   t_s = mu t_n), §2.1 eq. 4 (penalty contact: all tractions zero when separated) and eq. 5
   (re-established contact: the reversal point is interpolated to where u_n crossed zero and its
   traction set to zero).
   Choices: the reference state (u_t0, t_t0) is the last committed state (previous continuation
   point), see jenkins.c. With eq. 5 the stuck prediction after re-contact is
     t_stuck = kt (u_t - u_t0) = kt u_n / (u_n - u_n,p) (u_t - u_t,p),
   which is differentiated exactly (including its dependence on u_n).
   Parameters: kt [N/m^3], kn [N/m^3], mu [-], coupled [-].
   History (5 per point): u_t1, u_t2, u_n, t_t1, t_t2 at the last committed state. A fresh
   history (zeros) is a separated point that touches at u = 0. */
#include <tribo/private/lawimpl.h>

static const TriboLawParam params[] = {
    {"kt", "N/m^3", 1.0e12, 0, "tangential stick stiffness per unit area"},
    {"kn", "N/m^3", 1.0e12, 0, "normal penalty stiffness per unit area"},
    {"mu", "-", 0.5, 0, "friction coefficient, slip traction mu t_n"},
    {"coupled", "-", 1.0, 0, "1: directionally invariant slip (eq. 20); 0: decoupled (eq. 19)"},
};

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal kt = p[0], kn = p[1], mu = p[2];
  const int       coupled = p[3] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[5 * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[5 * i], *d = dtdu ? &dtdu[9 * i] : NULL;
    PetscReal        tq[2] = {0, 0}, dtq[2][3] = {{0, 0, 0}, {0, 0, 0}};

    if (TriboNonFinite3_Private(ui)) return i + 1;
    if (ui[2] <= 0) { // separated (eq. 4): no traction at all
      ti[0] = ti[1] = ti[2] = 0;
      if (d)
        for (int k = 0; k < 9; k++) d[k] = 0;
    } else {
      PetscReal tt[2], dtt[2][3] = {{0, 0, 0}, {0, 0, 0}}, ts = mu * kn * ui[2], dts[3] = {0, 0, mu * kn};
      if (mode == TRIBO_LAW_FULL) {
        if (hi[2] <= 0) { // re-established contact, eq. 5
          PetscReal r = ui[2] / (ui[2] - hi[2]), drdn = -hi[2] / ((ui[2] - hi[2]) * (ui[2] - hi[2]));
          for (int q = 0; q < 2; q++) {
            tt[q]     = kt * r * (ui[q] - hi[q]);
            dtt[q][q] = kt * r;
            dtt[q][2] = kt * drdn * (ui[q] - hi[q]);
          }
        } else { // eq. 20 / 19 stuck prediction from the last state
          for (int q = 0; q < 2; q++) {
            tt[q]     = hi[3 + q] + kt * (ui[q] - hi[q]);
            dtt[q][q] = kt;
          }
        }
        TriboSlipReturn_Private(tt, dtt, ts, dts, coupled, tq, dtq);
      }
      ti[0] = tq[0];
      ti[1] = tq[1];
      ti[2] = kn * ui[2];
      if (d) {
        for (int j = 0; j < 3; j++) {
          d[j]     = dtq[0][j];
          d[3 + j] = dtq[1][j];
          d[6 + j] = 0;
        }
        d[8] = kn;
      }
    }
    ho[0] = ui[0];
    ho[1] = ui[1];
    ho[2] = ui[2];
    ho[3] = tq[0];
    ho[4] = tq[1];
  }
  return 0;
}

/* State derivatives of one step (TriboLawKernelH): hnew = (u, t_t), t_t = R(tt) in contact (0 when separated) with
   tt = h_t + kt (u_t - h_u), or after re-established contact (eq. 5) tt = kt r (u_t - h_u), r = u_n/(u_n - h_n), whose
   dr/dh_n = u_n/(u_n - h_n)^2; dR/dtt from the return map with dtt = I (the slip limit mu kn u_n does not depend on h). */
static PetscInt KernelH_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                                PetscReal *dtdh, PetscReal *dhdu, PetscReal *dhdv, PetscReal *dhdh)
{
  const PetscReal kt = p[0], kn = p[1], mu = p[2];
  const int       coupled = p[3] > 0.5;

  (void)v;
  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[5 * i];
    PetscReal       *th = &dtdh[15 * i], *hu = &dhdu[15 * i], *hh = &dhdh[25 * i];
    PetscReal        R[2][3] = {{0, 0, 0}, {0, 0, 0}}, dtth[2][5] = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}}, dq[2][5], Du[2][3] = {{0, 0, 0}, {0, 0, 0}};

    if (TriboNonFinite3_Private(ui)) return i + 1;
    if (ui[2] > 0 && mode == TRIBO_LAW_FULL) {
      PetscReal tt[2], eye[2][3] = {{1, 0, 0}, {0, 1, 0}}, dtt[2][3] = {{0, 0, 0}, {0, 0, 0}}, dts0[3] = {0, 0, 0}, dts[3] = {0, 0, mu * kn}, tq[2];
      if (hi[2] <= 0) {
        PetscReal r = ui[2] / (ui[2] - hi[2]), drdh = ui[2] / ((ui[2] - hi[2]) * (ui[2] - hi[2])),
                  drdn = -hi[2] / ((ui[2] - hi[2]) * (ui[2] - hi[2]));
        for (int q = 0; q < 2; q++) {
          tt[q]      = kt * r * (ui[q] - hi[q]);
          dtt[q][q]  = kt * r;
          dtt[q][2]  = kt * drdn * (ui[q] - hi[q]);
          dtth[q][q] = -kt * r;
          dtth[q][2] = kt * drdh * (ui[q] - hi[q]);
        }
      } else
        for (int q = 0; q < 2; q++) {
          tt[q]          = hi[3 + q] + kt * (ui[q] - hi[q]);
          dtt[q][q]      = kt;
          dtth[q][q]     = -kt;
          dtth[q][3 + q] = 1;
        }
      TriboSlipReturn_Private(tt, eye, mu * kn * ui[2], dts0, coupled, tq, R);
      TriboSlipReturn_Private(tt, dtt, mu * kn * ui[2], dts, coupled, tq, Du);
    }
    for (int q = 0; q < 2; q++)
      for (int a = 0; a < 5; a++) dq[q][a] = R[q][0] * dtth[0][a] + R[q][1] * dtth[1][a];
    for (int k = 0; k < 15; k++) th[k] = hu[k] = 0;
    for (int k = 0; k < 25; k++) hh[k] = 0;
    if (dhdv)
      for (int k = 0; k < 15; k++) dhdv[15 * i + k] = 0;
    hu[0] = hu[4] = hu[8] = 1;
    for (int q = 0; q < 2; q++)
      for (int c = 0; c < 3; c++) hu[3 * (3 + q) + c] = Du[q][c];
    for (int q = 0; q < 2; q++)
      for (int a = 0; a < 5; a++) {
        th[5 * q + a]       = dq[q][a];
        hh[5 * (3 + q) + a] = dq[q][a];
      }
  }
  return 0;
}

// AFT periodicity scales (TriboLawCard hist_scale): the displacements u_t1, u_t2, u_n together, the tractions t_t1, t_t2 together
static const PetscInt hist_scale[] = {0, 0, 0, 1, 1};

static const char *Validate_Private(const PetscReal *p)
{
  return (p[3] != 0 && p[3] != 1) ? "parameter coupled must be 0 (decoupled directions, eq. 19) or 1 (directionally invariant, eq. 20)" : NULL;
}

static PetscBool PenaltyContact_Private(const PetscReal *p)
{
  return PETSC_TRUE;
}

static const TriboLawCard card = {
    .name     = TRIBOLAWEDF,
    .title    = "elastic dry friction: penalty normal contact, Jenkins tangential law with slip traction mu t_n",
    .citation = "Porter et al. 2022, MSSP, §2.2.8 with eqs. 4, 5, 19, 20",
    .equations =
        "t_n = kn <u_n>; t_stuck = kt (u_t - u_t0) + t_t0; t_t = t_stuck if |t_stuck| <= mu t_n else mu t_n t_stuck/|t_stuck|; separated: t = 0",
    .nparams            = 4,
    .params             = params,
    .nhist              = 5,
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_TRUE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .penalty_contact    = PenaltyContact_Private,
    .kernel_h           = KernelH_Private,
    .hist_scale         = hist_scale,
};

/*@
  TriboLawCardGet_EDF - The model card of the edf law, registered by TriboLawRegisterAll().

  Not collective
@*/
PetscErrorCode TriboLawCardGet_EDF(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
