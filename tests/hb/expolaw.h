/* A smooth hysteretic test law for tests/hb (t407-t409), registered by the tests themselves (TriboLawRegister()).

   Exponential (Valanis-type) slider per tangential direction q, integrated exactly over a monotone step
   du = u_q - h_u,q with s = sign(du) (dz/du = k (1 - s z/T) on a monotone path):
     z_q = s T + (h_z,q - s T) exp(-k |du| / T),   t_q = z_q + c v_q,   t_n = kn u_n,
   T = ts (1 + beta v_q^2). History (4): u_1, u_2, z_1, z_2. With c = beta = 0 the law is rate-independent and its
   steady loop under u_1 = a cos(tau) is known in closed form (t408). The "_v" cards are rate-dependent (kernel_v),
   the "_h" cards carry the state derivatives (kernel_h); the others leave the AFT Jacobian to differences. */
#include <tribohb.h>

static const TriboLawParam expo_params[] = {
    {"k", "N/m^3", 3.0, 0, "initial stiffness"},
    {"ts", "N/m^2", 1.0, 0, "saturation traction"},
    {"kn", "N/m^3", 2.0, 0, "normal stiffness"},
    {"c", "N s/m^3", 0.0, 0, "viscous coefficient"},
    {"beta", "s^2/m^2", 0.0, 0, "velocity dependence of ts"},
};

static PetscInt ExpoStep(const PetscReal *p, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h, PetscReal *t, PetscReal *dtdu,
                         PetscReal *dtdv, PetscReal *hnew, PetscReal *dtdh, PetscReal *dhdu, PetscReal *dhdv, PetscReal *dhdh)
{
  const PetscReal k = p[0], ts = p[1], kn = p[2], c = p[3], beta = p[4];

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[4 * i];
    PetscReal        z[2], dzdu[2], dzde[2], dzdT[2], dTdv[2], vq[2];

    if (!PetscIsNormalReal(ui[0] * ui[0] + ui[1] * ui[1] + ui[2] * ui[2] + 1)) return i + 1;
    for (int q = 0; q < 2; q++) {
      PetscReal du = ui[q] - hi[q], s = du >= 0 ? 1 : -1, T, e;
      vq[q]   = v ? v[3 * i + q] : 0;
      T       = ts * (1 + beta * vq[q] * vq[q]);
      e       = PetscExpReal(-k * PetscAbsReal(du) / T);
      z[q]    = s * T + (hi[2 + q] - s * T) * e;
      dzdu[q] = k * (1 - s * hi[2 + q] / T) * e;
      dzde[q] = e;
      dzdT[q] = s - s * e + (hi[2 + q] - s * T) * e * k * PetscAbsReal(du) / (T * T);
      dTdv[q] = 2 * ts * beta * vq[q];
    }
    if (t) t[3 * i] = z[0] + c * vq[0], t[3 * i + 1] = z[1] + c * vq[1], t[3 * i + 2] = kn * ui[2];
    if (hnew) hnew[4 * i] = ui[0], hnew[4 * i + 1] = ui[1], hnew[4 * i + 2] = z[0], hnew[4 * i + 3] = z[1];
    for (int a = 0; a < 9; a++) {
      if (dtdu) dtdu[9 * i + a] = 0;
      if (dtdv) dtdv[9 * i + a] = 0;
    }
    for (int a = 0; a < 12; a++) {
      if (dtdh) dtdh[12 * i + a] = 0;
      if (dhdu) dhdu[12 * i + a] = 0;
      if (dhdv) dhdv[12 * i + a] = 0;
    }
    for (int a = 0; dhdh && a < 16; a++) dhdh[16 * i + a] = 0;
    for (int q = 0; q < 2; q++) {
      if (dtdu) dtdu[9 * i + 4 * q] = dzdu[q];
      if (dtdv) dtdv[9 * i + 4 * q] = dzdT[q] * dTdv[q] + c;
      if (dtdh) dtdh[12 * i + 4 * q + q] = -dzdu[q], dtdh[12 * i + 4 * q + 2 + q] = dzde[q];
      if (dhdu) dhdu[12 * i + 3 * q + q] = 1, dhdu[12 * i + 3 * (2 + q) + q] = dzdu[q];
      if (dhdv) dhdv[12 * i + 3 * (2 + q) + q] = dzdT[q] * dTdv[q];
      if (dhdh) dhdh[16 * i + 4 * (2 + q) + q] = -dzdu[q], dhdh[16 * i + 4 * (2 + q) + 2 + q] = dzde[q];
    }
    if (dtdu) dtdu[9 * i + 8] = kn;
  }
  return 0;
}

static PetscInt ExpoKernel(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t, PetscReal *dtdu,
                           PetscReal *hnew)
{
  return ExpoStep(p, n, u, NULL, h, t, dtdu, NULL, hnew, NULL, NULL, NULL, NULL);
}

static PetscInt ExpoKernelV(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                            PetscReal *t, PetscReal *dtdu, PetscReal *dtdv, PetscReal *hnew)
{
  return ExpoStep(p, n, u, v, h, t, dtdu, dtdv, hnew, NULL, NULL, NULL, NULL);
}

static PetscInt ExpoKernelH(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                            PetscReal *dtdh, PetscReal *dhdu, PetscReal *dhdv, PetscReal *dhdh)
{
  return ExpoStep(p, n, u, v, h, NULL, NULL, NULL, NULL, dtdh, dhdu, dhdv, dhdh);
}

#define EXPO_CARD(nm, kv, kh)                                                                                                                 \
  {                                                                                                                                           \
    .name = nm, .title = "exponential slider (test law)", .citation = "tests/hb/expolaw.h", .equations = "z = sT + (h_z - sT) exp(-k|du|/T)", \
    .nparams = 5, .params = expo_params, .nhist = 4, .analytic_tangent = PETSC_TRUE, .kernel = ExpoKernel, .kernel_v = kv, .kernel_h = kh     \
  }

static const TriboLawCard expo_cards[4] = {EXPO_CARD("expo", NULL, NULL), EXPO_CARD("expo_h", NULL, ExpoKernelH),
                                           EXPO_CARD("expo_v", ExpoKernelV, NULL), EXPO_CARD("expo_vh", ExpoKernelV, ExpoKernelH)};

static PetscErrorCode ExpoCard0(const TriboLawCard **c)
{
  *c = &expo_cards[0];
  return 0;
}
static PetscErrorCode ExpoCard1(const TriboLawCard **c)
{
  *c = &expo_cards[1];
  return 0;
}
static PetscErrorCode ExpoCard2(const TriboLawCard **c)
{
  *c = &expo_cards[2];
  return 0;
}
static PetscErrorCode ExpoCard3(const TriboLawCard **c)
{
  *c = &expo_cards[3];
  return 0;
}

static PetscErrorCode ExpoRegister(void)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawRegister("expo", ExpoCard0));
  PetscCall(TriboLawRegister("expo_h", ExpoCard1));
  PetscCall(TriboLawRegister("expo_v", ExpoCard2));
  PetscCall(TriboLawRegister("expo_vh", ExpoCard3));
  PetscFunctionReturn(0);
}

/* A law of type name with parameters k, ts, kn, c, beta */
static PetscErrorCode ExpoLaw(const char *name, const PetscReal prm[5], TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, law));
  PetscCall(TriboLawSetType(*law, name));
  for (PetscInt a = 0; a < 5; a++) PetscCall(TriboLawSetParameter(*law, expo_params[a].name, prm[a]));
  PetscCall(TriboLawSetUp(*law));
  PetscFunctionReturn(0);
}
