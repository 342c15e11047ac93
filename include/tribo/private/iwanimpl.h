#pragma once
/* Shared pieces of the Iwan laws (src/law/impls/iwan*.c): the monotonic Iwan backbone, the
   reduced-Iwan (RIPP) branch of an arbitrary reversal point, the Iwan-Stribeck rate term and
   the pinning spring.

   Reference: paper brake-ripp-reduced-iwan-pinning (Brake, "A Reduced Iwan Model That Includes
   Pinning for Bolted Joint Mechanics"), eqs. 1-5 (pinning), 7-10 and 14-17 (4-parameter Iwan),
   23-25 (RIPP), 27-30 (5-parameter), 32 (uniform), 34-39 (Iwan-Stribeck); paper porter-et-al-2022
   §2.2.1-2.2.2, eqs. 6-9 (the same backbones written with f_s, k_t, chi, beta, theta).

   Everything here is pure (no allocation, no MPI, no PetscCall), inlined into the kernels.

   RIPP history of one tangential direction (5 numbers): x0, F0 (the reversal point: the
   displacement and the sliding force there, eq. 24), s (the direction of the branch, +1 or -1,
   0 for a virgin point that has not moved yet), xc, Fc (the last committed displacement and
   sliding force). A fresh (zero) history is a virgin point at x = 0 with F = 0 (brake-ripp
   §2.3.1: "for the first cycle of loading F_0 = 0 and delta_0 = 0"). */
#include <tribo/private/lawimpl.h>

/* The card rows of the normal spring and the pinning spring (eqs. 1-5), the last three parameters of every Iwan law */
// clang-format off
#define TRIBO_IWAN_PARAMS_NORMAL_PIN \
  {"kn", "N/m^3", 1.0e12, 0, "linear normal stiffness, t_n = kn u_n"}, \
  {"kpin", "N/m^3", 0.0, 0, "pinning stiffness K_P (eq. 3); 0: no pinning"}, \
  {"dpin", "m", 1.0e-3, 0, "pinning clearance delta_P (radius of the hole's play, eq. 5)"}
// clang-format on

/* The monotonic Iwan force F_IWAN(z), z >= 0 (the "u" of brake-ripp eqs. 17, 29, 32). */
typedef struct {
  PetscReal kt, fs; /* initial stiffness (slope at z = 0) and the F_S of eq. 24 */
  PetscReal chi;    /* power law exponent (power-law backbones) */
  PetscReal phimax; /* eq. 10 (power law) or 2 fs/kt (uniform) */
  PetscReal Cn;     /* C phi_max^(chi+2), C = R (theta/(chi+2) - 1/(chi+1)) the coefficient of z^(chi+2) in eq. 28 */
  PetscReal fmac;   /* F_IWAN(z >= phimax), eq. 30 (fs for theta = 1 and for the uniform law) */
  PetscReal bc;     /* beta + (chi+1)/(chi+2), the denominator of eqs. 8-10 and 39 */
  int       uniform;
} TriboIwanBackbone;

/* 4- and 5-parameter backbone (theta = 1: 4-parameter, eq. 17; else eq. 29) */
static inline void TriboIwanBackboneSetUp_Private(PetscReal fs, PetscReal kt, PetscReal chi, PetscReal beta, PetscReal theta, TriboIwanBackbone *b)
{
  const PetscReal c = (chi + 1) / (chi + 2), bc = beta + c;
  const PetscReal phimax = fs * (1 + beta) / (kt * bc); // eq. 10
  const PetscReal Rn     = fs * (chi + 1) / bc;         // R phi_max^(chi+2), eq. 8

  b->kt      = kt; // = R phimax^(chi+1)/(chi+1) + S, the slope of eq. 28 at u = 0 (eqs. 8-10)
  b->fs      = fs;
  b->chi     = chi;
  b->phimax  = phimax;
  b->Cn      = Rn * (theta / (chi + 2) - 1 / (chi + 1)); // eq. 28
  b->fmac    = fs * (beta + theta * c) / bc;             // eq. 30
  b->bc      = bc;
  b->uniform = 0;
}

/* uniform distribution (eq. 32) parameterized by its initial stiffness kt = 2 fs/phimax */
static inline void TriboIwanBackboneSetUpUniform_Private(PetscReal fs, PetscReal kt, TriboIwanBackbone *b)
{
  b->kt      = kt;
  b->fs      = fs;
  b->chi     = 0;
  b->phimax  = 2 * fs / kt;
  b->Cn      = 0;
  b->fmac    = fs;
  b->bc      = 1;
  b->uniform = 1;
}

/* F_IWAN(z) and its slope, z >= 0 */
static inline PetscReal TriboIwanBackboneEval_Private(const TriboIwanBackbone *b, PetscReal z, PetscReal *dF)
{
  if (z >= b->phimax) {
    *dF = 0;
    return b->fmac;
  }
  if (b->uniform) { // eq. 32: (2 fs/phimax)(z - z^2/(2 phimax))
    *dF = b->kt * (1 - z / b->phimax);
    return b->kt * z * (1 - 0.5 * z / b->phimax);
  } else { // eq. 28: R((theta/(chi+2) - 1/(chi+1)) z^(chi+2) + phimax^(chi+1)/(chi+1) z) + S z
    PetscReal r = z / b->phimax, rp = r > 0 ? PetscPowReal(r, b->chi + 1) : 0; // C z^(chi+2) = Cn r^(chi+2)
    *dF = b->kt + b->Cn * (b->chi + 2) * rp / b->phimax;
    return b->kt * z + b->Cn * r * rp;
  }
}

/* The branch of eq. 24 that the trial displacement x is on, given the committed history hq[5]:
   moving on in the committed direction keeps the branch; moving back from the committed point
   (s (x - xc) < 0) is a load reversal there, and starts a new branch at (xc, Fc) in the
   other direction. */
typedef struct {
  PetscReal x0, F0, s, A, z; /* reversal point, direction, scale A = (F_S - s F_0)/F_S, argument z = s (x - x0)/A */
  PetscReal snew;            /* the direction to commit (0 for a virgin point that did not move) */
} TriboIwanBranch;

static inline void TriboIwanBranch_Private(PetscReal fs, const PetscReal hq[5], PetscReal x, TriboIwanBranch *br)
{
  PetscReal x0 = hq[0], F0 = hq[1], s = hq[2];

  if (s == 0) { // virgin: the branch from (x0, F0) in the direction of motion
    s        = x >= x0 ? 1 : -1;
    br->snew = x == x0 ? 0 : s;
  } else {
    if (s * (x - hq[3]) < 0) { // reversal at the committed point
      x0 = hq[3];
      F0 = hq[4];
      s  = -s;
    }
    br->snew = s;
  }
  br->x0 = x0;
  br->F0 = F0;
  br->s  = s;
  br->A  = PetscMax(0, 1 - s * F0 / fs);         // (F_S -+ F_0)/F_S of eq. 24, 0 < A <= 2 while |F_0| <= F_S
  br->z  = br->A > 0 ? s * (x - x0) / br->A : 0; // the argument of F_IWAN in eq. 24
}

/* F_SLIDING of eq. 24 on the branch: F_0 + s A F_IWAN(z), and dF/dx = F_IWAN'(z) */
static inline PetscReal TriboIwanSliding_Private(const TriboIwanBackbone *b, const TriboIwanBranch *br, PetscReal *dF)
{
  PetscReal F;

  if (br->A <= 0) { // |F_0| = F_S towards the direction of motion: the whole branch is macroslip
    *dF = 0;
    return br->F0;
  }
  F = TriboIwanBackboneEval_Private(b, br->z, dF);
  return br->F0 + br->s * br->A * F;
}

/* Iwan-Stribeck (eqs. 34, 35, 39): g(w) = F_S (1 - theta) exp(-(|w|/v_S)^delta_S) sign(w) + F_V w
   and g'(w) (without the jump of sign() at w = 0, where sign(0) = 0 gives g(0) = 0). */
typedef struct {
  PetscReal a; /* F_S (1 - theta) */
  PetscReal fv, vs, ds;
} TriboIwanRate;

static inline PetscReal TriboIwanRateG_Private(const TriboIwanRate *r, PetscReal w, PetscReal *dg)
{
  PetscReal aw = PetscAbsReal(w), E = 0, dE = 0, sg = w > 0 ? 1 : (w < 0 ? -1 : 0);

  if (r->vs > 0 && aw > 0) {
    PetscReal q = PetscPowReal(aw / r->vs, r->ds);
    E           = PetscExpReal(-q);
    dE          = -E * r->ds * q / aw; // d/d|w|
  }                                    // v_S = 0: exp(-(|w|/0)^delta_S) = 0 for w != 0
  *dg = r->a * dE + r->fv;             // d/dw of a E(|w|) sign(w) is a E'(|w|) for w != 0
  return r->a * E * sg + r->fv * w;
}

/* The pinning spring (eqs. 1-5) on the tangential displacement u_t = (u_t1, u_t2), which is the
   global displacement phi of eq. 4 (the bolt centered in its hole at u_t = 0): a radial spring
   kpin (|u_t| - dpin) u_t/|u_t| once |u_t| > dpin (a round hole of radius dpin); for slip along
   one axis this is eq. 5, F_PIN = +-H(+-phi - delta_P) K_P (+-phi - delta_P). Adds to t[2], d[2][2]. */
static inline void TriboIwanPin_Private(PetscReal kpin, PetscReal dpin, const PetscReal ut[2], PetscReal t[2], PetscReal d[2][2])
{
  PetscReal r;

  if (kpin <= 0) return;
  if (dpin <= 0) { // no clearance: a linear spring
    for (int q = 0; q < 2; q++) {
      t[q] += kpin * ut[q];
      d[q][q] += kpin;
    }
    return;
  }
  r = PetscSqrtReal(ut[0] * ut[0] + ut[1] * ut[1]);
  if (r > dpin) { // d/du [kpin (r - dpin) e] = kpin (I - (dpin/r)(I - e e^T))
    PetscReal e[2] = {ut[0] / r, ut[1] / r}, f = dpin / r;
    for (int q = 0; q < 2; q++) {
      t[q] += kpin * (r - dpin) * e[q];
      for (int j = 0; j < 2; j++) d[q][j] += kpin * ((q == j ? 1 - f : 0) + f * e[q] * e[j]);
    }
  }
}

/* The traction and tangent of a point: the tangential block tq, dq (coupled by the pinning spring only), a linear
   normal spring t_n = kn u_n (porter-et-al-2022 eq. 2); d (the point's 3x3 dt/du, row-major) may be NULL. */
static inline void TriboIwanPointOut_Private(PetscReal kn, const PetscReal ui[3], const PetscReal tq[2], PetscReal dq[2][2], PetscReal ti[3],
                                             PetscReal *d)
{
  ti[0] = tq[0];
  ti[1] = tq[1];
  ti[2] = kn * ui[2];
  if (d) {
    d[0] = dq[0][0];
    d[1] = dq[0][1];
    d[3] = dq[1][0];
    d[4] = dq[1][1];
    d[2] = d[5] = d[6] = d[7] = 0;
    d[8]                      = kn;
  }
}

/* The RIPP law (eq. 25) on n points: F_SLIDING of eq. 24 per tangential direction (decoupled),
   plus the pinning spring, plus a linear normal spring t_n = kn u_n (porter-et-al-2022 eq. 2).
   rate (NULL for a rate-independent law) adds the Iwan-Stribeck term of eq. 39 with the
   velocity v (NULL means v = 0). History: 5 numbers per direction (see the top of this file). */
static inline PetscInt TriboIwanRIPPKernel_Private(const TriboIwanBackbone *b, const TriboIwanRate *rate, PetscReal kn, PetscReal kpin,
                                                   PetscReal dpin, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v,
                                                   const PetscReal *h, PetscReal *t, PetscReal *dtdu, PetscReal *dtdv, PetscReal *hnew)
{
  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[10 * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[10 * i], tq[2] = {0, 0}, dq[2][2] = {{0, 0}, {0, 0}}, dv[2] = {0, 0};

    if (TriboNonFinite3_Private(ui) || (v && TriboNonFinite3_Private(&v[3 * i]))) return i + 1;
    if (mode == TRIBO_LAW_FULL) {
      for (int q = 0; q < 2; q++) {
        TriboIwanBranch br;
        PetscReal       dF, F;
        TriboIwanBranch_Private(b->fs, &hi[5 * q], ui[q], &br);
        F = TriboIwanSliding_Private(b, &br, &dF);
        if (rate && v && br.A > 0) { // eq. 39 in the branch frame: velocity s v, term s A g(s v) (min(z/phimax, 1))^(chi+1)/(beta + c)
          PetscReal dg, g = TriboIwanRateG_Private(rate, br.s * v[3 * i + q], &dg), m = PetscMax(0, PetscMin(br.z / b->phimax, 1.0));
          PetscReal mp = PetscPowReal(m, b->chi + 1);
          F += br.s * br.A * g * mp / b->bc;
          dv[q] = br.A * dg * mp / b->bc;
          if (m < 1 && m > 0) dF += g * (b->chi + 1) * mp / m / (b->bc * b->phimax);
        }
        ho[5 * q + 0] = br.x0;
        ho[5 * q + 1] = br.F0;
        ho[5 * q + 2] = br.snew;
        ho[5 * q + 3] = ui[q];
        ho[5 * q + 4] = F;
        tq[q]         = F;
        dq[q][q]      = dF;
      }
      TriboIwanPin_Private(kpin, dpin, ui, tq, dq);
    } else { // normal contact only: no tangential traction; the point restarts virgin where it is
      for (int q = 0; q < 2; q++) {
        ho[5 * q + 0] = ho[5 * q + 3] = ui[q];
        ho[5 * q + 1] = ho[5 * q + 2] = ho[5 * q + 4] = 0;
      }
    }
    TriboIwanPointOut_Private(kn, ui, tq, dq, ti, dtdu ? &dtdu[9 * i] : NULL);
    if (dtdv) {
      PetscReal *d = &dtdv[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      d[0] = dv[0];
      d[4] = dv[1];
    }
  }
  return 0;
}

/* Parameter sensitivities (card kernel_p, porter-et-al-2022 §2.3.2 eq. 28) of the rate-independent RIPP laws.
   The derivatives of the backbone's constants with respect to the law's parameter k (np of them): */
typedef struct {
  PetscInt  np, ikn, ikpin, idpin; /* number of parameters, positions of kn, kpin, dpin */
  PetscReal dkt[8], dfs[8], dchi[8], dphimax[8], dCn[8], dfmac[8];
} TriboIwanBackboneP;

/* power law (eqs. 8-10, 28, 30); index -1 for a parameter the law does not have (theta of iwan4) */
static inline void TriboIwanBackboneSetUpP_Private(const TriboIwanBackbone *b, PetscReal beta, PetscReal theta, PetscInt ifs, PetscInt ikt,
                                                   PetscInt ichi, PetscInt ibeta, PetscInt itheta, TriboIwanBackboneP *d)
{
  const PetscReal chi = b->chi, fs = b->fs, c = (chi + 1) / (chi + 2), dc = 1 / ((chi + 2) * (chi + 2)), bc = b->bc, phi = b->phimax;
  const PetscReal Rn = fs * (chi + 1) / bc, T = theta / (chi + 2) - 1 / (chi + 1);

  for (PetscInt k = 0; k < d->np; k++) d->dkt[k] = d->dfs[k] = d->dchi[k] = d->dphimax[k] = d->dCn[k] = d->dfmac[k] = 0;
  d->dfs[ifs]       = 1;
  d->dphimax[ifs]   = phi / fs;
  d->dCn[ifs]       = b->Cn / fs;
  d->dfmac[ifs]     = b->fmac / fs;
  d->dkt[ikt]       = 1;
  d->dphimax[ikt]   = -phi / b->kt;
  d->dchi[ichi]     = 1;
  d->dphimax[ichi]  = -phi / bc * dc;
  d->dCn[ichi]      = (fs / bc - fs * (chi + 1) / (bc * bc) * dc) * T + Rn * (-theta / ((chi + 2) * (chi + 2)) + 1 / ((chi + 1) * (chi + 1)));
  d->dfmac[ichi]    = fs * (theta * dc / bc - (beta + theta * c) * dc / (bc * bc));
  d->dphimax[ibeta] = phi * (1 / (1 + beta) - 1 / bc);
  d->dCn[ibeta]     = -b->Cn / bc;
  d->dfmac[ibeta]   = fs * (1 / bc - (beta + theta * c) / (bc * bc));
  if (itheta >= 0) {
    d->dCn[itheta]   = Rn / (chi + 2);
    d->dfmac[itheta] = fs * c / bc;
  }
}

/* uniform (eq. 32): phi_max = 2 fs/kt, F_IWAN(z >= phi_max) = fs */
static inline void TriboIwanBackboneSetUpUniformP_Private(const TriboIwanBackbone *b, PetscInt ifs, PetscInt ikt, TriboIwanBackboneP *d)
{
  for (PetscInt k = 0; k < d->np; k++) d->dkt[k] = d->dfs[k] = d->dchi[k] = d->dphimax[k] = d->dCn[k] = d->dfmac[k] = 0;
  d->dfs[ifs]     = 1;
  d->dphimax[ifs] = b->phimax / b->fs;
  d->dfmac[ifs]   = 1;
  d->dkt[ikt]     = 1;
  d->dphimax[ikt] = -b->phimax / b->kt;
}

/* dF_IWAN(z)/dp_k at fixed z */
static inline PetscReal TriboIwanBackboneEvalP_Private(const TriboIwanBackbone *b, const TriboIwanBackboneP *d, PetscInt k, PetscReal z)
{
  if (z >= b->phimax) return d->dfmac[k];
  if (b->uniform) return d->dkt[k] * z * (1 - 0.5 * z / b->phimax) + b->kt * z * z / (2 * b->phimax * b->phimax) * d->dphimax[k];
  if (z <= 0) return 0;
  { // kt z + Cn r^(chi+2), r = z/phi_max
    PetscReal r = z / b->phimax, rq = PetscPowReal(r, b->chi + 2);
    return d->dkt[k] * z + d->dCn[k] * rq + b->Cn * rq * (d->dchi[k] * PetscLogReal(r) - (b->chi + 2) * d->dphimax[k] / b->phimax);
  }
}

/* The kernel_p of a rate-independent RIPP law: the RIPP kernel's tractions and history, with their total derivatives
   with respect to the parameters (dtdp[(3i + r) np + k]) and the history's (hpnew[(i nhist + a) np + k]), given those
   of the committed history hp. Only x0, F0 and Fc can carry sensitivities (x0, xc are displacements, s is discrete). */
static inline PetscInt TriboIwanRIPPKernelP_Private(const TriboIwanBackbone *b, const TriboIwanBackboneP *d, PetscReal kn, PetscReal kpin,
                                                    PetscReal dpin, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h,
                                                    const PetscReal *hp, PetscReal *t, PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew)
{
  const PetscInt np  = d->np;
  PetscInt       bad = TriboIwanRIPPKernel_Private(b, NULL, kn, kpin, dpin, mode, n, u, NULL, h, t, NULL, NULL, hnew);

  if (bad) return bad;
  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[10 * i], *hpi = &hp[10 * i * np];
    PetscReal       *dt = &dtdp[3 * i * np], *hpo = &hpnew[10 * i * np];

    for (PetscInt k = 0; k < 3 * np; k++) dt[k] = 0;
    for (PetscInt k = 0; k < 10 * np; k++) hpo[k] = 0;
    dt[2 * np + d->ikn] = ui[2];
    if (mode != TRIBO_LAW_FULL) continue; // virgin restart: no sensitivities
    for (int q = 0; q < 2; q++) {
      TriboIwanBranch  br;
      const PetscReal *hq = &hi[5 * q], *hpq = &hpi[5 * q * np];
      PetscReal       *ho  = &hpo[5 * q * np];
      PetscInt         rev = hq[2] != 0 && hq[2] * (ui[q] - hq[3]) < 0; // reversal: the branch starts at (xc, Fc)
      TriboIwanBranch_Private(b->fs, hq, ui[q], &br);
      for (PetscInt k = 0; k < np; k++) {
        PetscReal dx0 = rev ? hpq[3 * np + k] : hpq[0 * np + k], dF0 = rev ? hpq[4 * np + k] : hpq[1 * np + k], dF = dF0;
        if (br.A > 0) {
          PetscReal dA = -br.s * (dF0 / b->fs - br.F0 * d->dfs[k] / (b->fs * b->fs)), dz = -br.s * dx0 / br.A - br.z * dA / br.A, dB;
          PetscReal B = TriboIwanBackboneEval_Private(b, br.z, &dB);
          dF += br.s * (dA * B + br.A * (TriboIwanBackboneEvalP_Private(b, d, k, br.z) + dB * dz));
        }
        ho[0 * np + k] = dx0;
        ho[1 * np + k] = dF0;
        ho[4 * np + k] = dF;
        dt[q * np + k] = dF;
      }
    }
    { // t_pin = kpin (|u_t| - dpin)+ u_t/|u_t| (linear kpin u_t when dpin = 0; its kpin derivative exists at kpin = 0 too)
      PetscReal r = PetscSqrtReal(ui[0] * ui[0] + ui[1] * ui[1]);
      if (r > dpin && r > 0)
        for (int q = 0; q < 2; q++) {
          dt[q * np + d->ikpin] += (r - dpin) * ui[q] / r;
          dt[q * np + d->idpin] -= kpin * ui[q] / r;
        }
    }
  }
  return 0;
}

/* Validation shared by the power-law Iwan laws: fs, kt > 0, chi in (-1, 0], beta >= 0 */
static inline const char *TriboIwanValidate_Private(PetscReal fs, PetscReal kt, PetscReal chi, PetscReal beta)
{
  if (!(fs > 0)) return "parameter fs (macroslip force F_S) must be > 0 [N/m^2] (option -friction_fs)";
  if (!(kt > 0)) return "parameter kt (tangential stiffness K_T) must be > 0 [N/m^3] (option -friction_kt)";
  if (!(chi > -1 && chi <= 0)) return "parameter chi (dissipation exponent) must be in (-1, 0] (option -friction_chi)";
  if (!(beta >= 0)) return "parameter beta (stiffness ratio S/R) must be >= 0 (option -friction_beta)";
  return NULL;
}
