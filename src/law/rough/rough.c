/* Rough contact of Porter and Brake: the element traction as the expectation over a gap distribution of asperity pairs,
   each with Hertz/elastic-plastic normal contact and a tangent, Mindlin-Iwan constant (MIC) or Mindlin-Iwan fit (MIF)
   tangential model.

   Reference: J. H. Porter, M. R. W. Brake, Towards a predictive, physics-based friction model for the dynamics of jointed
   structures, MSSP 192 (2023) 110210, §2 (eqs. 1-50); asperity relations in asperity.c.

   Element (eqs. 1-2): every point of the interface is one element; level i of N_asp has the gap z_i and the weight
   W_i = eta p(z_i/zmax) w_i (trapezoid w_i on [0, 1]; p the gap PDF of tables gap_pdf_z, gap_pdf_p, uniform when none is
   given) or the explicit gaps/gap_weights tables (W_i as given: they include eta and the PDF). The interference of level
   i is delta_i = u_n - z_i and t = sum_i W_i f(u_t, delta_i) (per unit area when W includes eta).
   Normal (asperity_normal): elastic = Hertz ellipsoid with R' = rp >= R'' = rpp (eqs. 3-15; rp = rpp: spheres);
   plastic = spheres with yield at 1.9 delta_y, strain hardening and elastic unloading (eqs. 16-29).
   Tangential (asperity_tangential), in the frame (b, a) of the asperity turned by alpha (eqs. 49-50):
   tangent = one slider of stiffness K_t^q (eqs. 30-33); mic = nsliders rings of equal traction stiffness (eqs. 34-38);
   mif = rings with the stiffness profile of eq. 42 (coefficients mif_c0..3, Table 1) (eqs. 39-43); slip limit mu f_n
   (or mu t_n per ring) per direction, or directionally invariant (coupled = 1, eq. 45); mu constant or CEB (eqs. 46-48).
   Re-contact (§2.2.1): a level out of contact at the last committed state (delta_0 <= dbar) starts with no force and
   the reference displacement interpolated to where its interference crossed dbar (interpolate: quasi-static
   solutions), or at the last committed displacement (previous: the frequency-domain choice of §2.2.1 and the code that
   made the paper's results). Choice: for a plastically deformed level contact is lost at dbar (eq. 28), so the
   interpolation is to delta = dbar (the paper's delta = 0 for an elastic level).
   MIC/MIF history: the ring tractions of the last committed state, at the radii rho_j a_0, are mapped to the radii
   rho_j a by linear interpolation; new contact (rho_j a > a_0) starts at zero traction (§2.2.2).
   Tangents: analytic, including the dependence of the contact radius, the slip limit, the interpolated history and the
   re-contact reference on u_n (tests/law/t173, t174).

   History per point (nhist = 4 + N_asp h_l, plastic: + 3 N_asp): u_t1, u_t2, u_n of the last committed state, u_n,max
   (the largest u_n so far: level i has the largest interference u_n,max - z_i; the plastic state needs nothing else),
   then for each level h_l values: tangent (h_l = 2): the force (f_b, f_a) [N] in the asperity frame; mic, mif
   (h_l = 1 + 2 nsliders): the contact semi-axis a_0 [m] and the ring tractions t_b[nsliders], t_a[nsliders] [Pa] in
   the asperity frame; then, plastic model only, for each level the constants of elastic unloading from its largest
   interference (eqs. 26-27), a cache of functions of u_n,max: delta_m = u_n,max - z_i [m] they belong to (0: none),
   dbar [m] and sqrt(R_bar) [m^1/2]. A level whose stored delta_m differs from u_n,max - z_i (a fresh state, or u_n,max
   set by the caller) computes them again; a new u_n,max stores those of the loading force just computed. Zeros are
   a fresh state. AFT periodicity groups: tangential displacements, normal displacements (with delta_m and dbar),
   forces/tractions, radii, sqrt(R_bar). */
#include "asperity.h"

enum { P_E, P_NU, P_RP, P_RPP, P_SYS, P_ET, P_MU, P_COUPLED, P_ALPHA, P_ETA, P_ZMAX, P_NLEV, P_NS, P_C0, P_C1, P_C2, P_C3, NP };
enum { T_PDFZ, T_PDFP, T_GAPS, T_GAPW, NT };

static const TriboLawParam params[NP] = {
    {"e", "Pa", 192.31e9, 0, "Young's modulus of both surfaces (eq. 10)"},
    {"nu", "-", 0.3, 0, "Poisson's ratio (eqs. 10, 16, 30-32)"},
    {"rp", "m", 1.0e-3, 0, "larger principal relative radius R' of an asperity pair (eq. 3)"},
    {"rpp", "m", 1.0e-3, 0, "smaller principal relative radius R'' (eq. 4); rpp = rp: spheres of radius R_e = rp"},
    {"sys", "Pa", 330e6, 0, "yield strength S_ys (eq. 18; plastic normal model and CEB)"},
    {"et", "Pa", 620e6, 0, "hardening modulus E_t (eqs. 21, 25)"},
    {"mu", "-", 0.6, 0, "friction coefficient (asperity_mu constant)"},
    {"coupled", "-", 0, 0, "1: directionally invariant slip limit (eq. 45); 0: each direction alone (eqs. 33, 37)"},
    {"alpha", "rad", 0, -PETSC_MAX_REAL, "asperity orientation, from x to the short semi-axis b (eq. 49)"},
    {"eta", "1/m^2", 1.0e8, 0, "asperity area density (eq. 2; unused with the gaps/gap_weights tables)"},
    {"zmax", "m", 2.0e-5, 0, "largest gap of the gap PDF: levels z_i on [0, zmax] (eq. 2)"},
    {"nlevels", "-", 100, 2, "asperity levels N_asp of the trapezoid rule (eq. 2; the gaps table sets its own)"},
    {"nsliders", "-", 100, 2, "rings (sliders) per asperity of the mic/mif models (eq. 38)"},
    {"mif_c0", "-", 0.8709, 0, "MIF stiffness profile c0 in [0, 1] (eq. 42, Table 1)"},
    {"mif_c1", "-", 0.0629, -PETSC_MAX_REAL, "MIF stiffness profile c1 (eq. 42, Table 1)"},
    {"mif_c2", "-", -0.8915, -PETSC_MAX_REAL, "MIF stiffness profile c2 (eq. 42, Table 1)"},
    {"mif_c3", "-", 0.6998, -PETSC_MAX_REAL, "MIF stiffness profile c3 (eq. 42, Table 1)"},
};

static const char *const normal_values[]     = {"elastic", "plastic"};
static const char *const tangential_values[] = {"tangent", "mic", "mif"};
static const char *const mu_values[]         = {"constant", "ceb"};
static const char *const recontact_values[]  = {"interpolate", "previous"};

static const TriboLawChoice choices[ROUGH_NCHOICES] = {
    {"asperity_normal", "normal asperity model: elastic (Hertz ellipsoids, eqs. 3-15) or plastic (spheres, eqs. 16-29)", 2, normal_values,
     ROUGH_NORMAL_ELASTIC},
    {"asperity_tangential", "tangential asperity model: tangent (eq. 33), mic (eqs. 34-38) or mif (eqs. 39-43)", 3, tangential_values, ROUGH_TAN_MIF},
    {"asperity_mu", "friction coefficient: constant (mu) or ceb (eqs. 46-48, plastic normal model)", 2, mu_values, ROUGH_MU_CONSTANT},
    {"asperity_recontact", "reference of a level that comes back into contact (§2.2.1): interpolate or previous", 2, recontact_values,
     ROUGH_RECON_INTERPOLATE},
};

static const TriboLawTable tables[NT] = {
    {"gap_pdf_z", "-", "normalized gaps z/zmax of the gap PDF, increasing on [0, 1]"},
    {"gap_pdf_p", "-", "gap PDF at gap_pdf_z (integral 1)"},
    {"gaps", "m", "explicit asperity levels z_i (instead of a PDF)"},
    {"gap_weights", "1/m^2", "weights W_i of the explicit levels (quadrature weight x PDF x eta)"},
};

static const char *Validate_Private(const PetscReal *p)
{
  PetscInt normal = (PetscInt)p[NP + ROUGH_CH_NORMAL], mu = (PetscInt)p[NP + ROUGH_CH_MU];

  if (p[P_COUPLED] != 0 && p[P_COUPLED] != 1) return "parameter coupled must be 0 (directions alone) or 1 (directionally invariant, eq. 45)";
  if (p[P_E] <= 0 || p[P_NU] >= 0.5) return "needs e > 0 and nu < 0.5";
  if (p[P_RPP] <= 0 || p[P_RP] < p[P_RPP]) return "needs radii rp >= rpp > 0 (rp is the larger principal relative radius R', eq. 3)";
  if (p[P_NLEV] != PetscFloorReal(p[P_NLEV]) || p[P_NS] != PetscFloorReal(p[P_NS])) return "nlevels and nsliders must be integers";
  if (p[P_C0] > 1) return "mif_c0 must lie in [0, 1] (eq. 42)";
  if (normal == ROUGH_NORMAL_PLASTIC) {
    if (p[P_RP] != p[P_RPP]) return "the plastic normal model (eqs. 16-29) is for spheres: set rpp = rp";
    if (p[P_SYS] <= 0 || p[P_ET] >= p[P_E]) return "the plastic normal model needs sys > 0 and et < e";
  }
  if (mu == ROUGH_MU_CEB && normal != ROUGH_NORMAL_PLASTIC)
    return "the CEB friction coefficient (eqs. 46-48) needs -friction_asperity_normal plastic";
  return NULL;
}

static const char *SetUp_Private(const PetscReal *p, const PetscInt tn[], const PetscReal *const tv[], PetscInt *nhist, PetscInt *nder, PetscReal d[],
                                 PetscInt hs[], char why[], size_t len)
{
  PetscInt    tang = (PetscInt)p[NP + ROUGH_CH_TANGENTIAL], nlev = (PetscInt)p[P_NLEV], ns, hoff, hc;
  PetscBool   expl = (PetscBool)(tn[T_GAPS] || tn[T_GAPW]), pdf = (PetscBool)(tn[T_PDFZ] || tn[T_PDFP]);
  const char *v = Validate_Private(p);

  if (v) return v;
  if (expl && pdf) return "give either the gap PDF (tables gap_pdf_z, gap_pdf_p) or explicit levels (gaps, gap_weights), not both";
  if (expl) {
    if (tn[T_GAPS] != tn[T_GAPW]) return "tables gaps and gap_weights must have the same length";
    nlev = tn[T_GAPS];
  }
  if (pdf) {
    PetscReal integ = 0;
    if (tn[T_PDFZ] != tn[T_PDFP] || tn[T_PDFZ] < 2) return "tables gap_pdf_z and gap_pdf_p must have the same length, at least 2";
    for (PetscInt k = 0; k < tn[T_PDFZ]; k++) {
      if (tv[T_PDFZ][k] < 0 || tv[T_PDFZ][k] > 1 || (k && tv[T_PDFZ][k] <= tv[T_PDFZ][k - 1])) return "table gap_pdf_z must increase on [0, 1]";
      if (tv[T_PDFP][k] < 0) return "table gap_pdf_p must be >= 0";
      if (k) integ += 0.5 * (tv[T_PDFP][k] + tv[T_PDFP][k - 1]) * (tv[T_PDFZ][k] - tv[T_PDFZ][k - 1]);
    }
    if (PetscAbsReal(integ - 1) > 1e-3) { // trapezoid rule on the table's own points
      PetscSNPrintf(why, len, "gap PDF (tables gap_pdf_z, gap_pdf_p) integrates to %g, expected 1 (trapezoid rule, tolerance 1e-3)", (double)integ);
      return why;
    }
  }
  ns     = tang == ROUGH_TAN_TANGENT ? 1 : (PetscInt)p[P_NS];
  hoff   = tang == ROUGH_TAN_TANGENT ? 2 : 1 + 2 * ns;
  hc     = 4 + nlev * hoff;
  *nhist = hc + (p[NP + ROUGH_CH_NORMAL] == ROUGH_NORMAL_PLASTIC ? 3 * nlev : 0);
  *nder  = RD_NSCALAR + 2 * nlev + 3 * ns;
  if (!d) return NULL;
  {
    const PetscReal E = p[P_E], nu = p[P_NU], sys = p[P_SYS], et = p[P_ET], Es = E / (2 * (1 - nu * nu)), G = E / (2 * (1 + nu));
    PetscReal       Re = PetscSqrtReal(p[P_RP] * p[P_RPP]), gamma = TriboRoughGamma_Private(p[P_RP] / p[P_RPP]), e, F1, F2, Phia, Phib, C;
    PetscReal       chi, c1, *z = d + RD_NSCALAR, *W = z + nlev, *wr = W + nlev, *kt = wr + ns, *sq = kt + ns;

    TriboRoughEllipse_Private(gamma, nu, &e, &F1, &F2, &Phia, &Phib);
    d[RD_NLEV]    = nlev;
    d[RD_NS]      = ns;
    d[RD_HOFF]    = hoff;
    d[RD_NORMAL]  = p[NP + ROUGH_CH_NORMAL];
    d[RD_TANG]    = tang;
    d[RD_MU]      = p[NP + ROUGH_CH_MU];
    d[RD_RECON]   = p[NP + ROUGH_CH_RECONTACT];
    d[RD_COUPLED] = p[P_COUPLED];
    d[RD_NHIST]   = *nhist;
    d[RD_HC]      = *nhist > hc ? hc : 0;
    d[RD_COS]     = PetscCosReal(p[P_ALPHA]);
    d[RD_SIN]     = PetscSinReal(p[P_ALPHA]);
    d[RD_ESTAR]   = Es;
    d[RD_RE]      = Re;
    d[RD_GAMMA]   = gamma;
    d[RD_KHZ]     = 4 * Es * PetscSqrtReal(Re) / (3 * PetscPowReal(F2, 1.5)); // eq. 8
    d[RD_CA]      = F1 * PetscSqrtReal(Re * gamma / F2);                      // eqs. 13-14 with eq. 8: c = F1 sqrt(R_e delta/F2), a = c sqrt(gamma)
    d[RD_KFB]     = 4 * G / ((2 - nu) * Phib);                                // eq. 30: K_t^q = KF_q a
    d[RD_KFA]     = 4 * G / ((2 - nu) * Phia);
    d[RD_MUC]     = p[P_MU];
    C             = 1.295 * PetscExpReal(0.736 * nu); // eq. 17
    d[RD_CC]      = C;
    d[RD_DY]      = sys > 0 ? PetscSqr(PETSC_PI * C * sys / (2 * Es)) * Re : PETSC_MAX_REAL;       // eq. 18
    d[RD_BEXP]    = 0.14 * PetscExpReal(23 * sys / (2 * Es));                                      // eq. 20
    d[RD_KP]      = 2 * Re * PETSC_PI * C * sys / (4 * Es) * PetscPowReal(1.9, -0.5 * d[RD_BEXP]); // eq. 19
    d[RD_UPS0] = et > 0 && sys > 0 ? -2 * PetscSqrtReal(E / sys) / ((4 - 3 * PetscExpReal(-2 * et / E * PetscSqrtReal(E / sys))) * (1 - et / E)) : 0;
    d[RD_LNET] = et > 0 ? PetscLogReal(et / E) : 0;
    d[RD_FC]   = 4.0 / 3 * PetscSqr(Re / Es) * PetscPowReal(C * PETSC_PI * sys / 2, 3);       // eq. 23b
    d[RD_KEP]  = 1 - PetscExpReal(-3.3 * et / E);                                             // eq. 25
    chi        = TriboRoughChi_Private(nu);                                                   // eq. 16
    c1         = -1 + 1.5 * chi * PetscAtanReal(1 / chi) - chi * chi / (2 * (1 + chi * chi)); // eq. 48a
    d[RD_CEB1] = 0.2045 / ((0.454 + 0.41 * nu) * PetscAbsReal(c1));
    d[RD_C3]   = 9 * PETSC_PI * PETSC_PI / 16 * (2 - nu / 2 + 7.0 / 8 * nu * nu);
    d[RD_C4]   = 9 * PETSC_PI / 4 * (1 - 2 * nu) * (1 - nu / 2);
    d[RD_C5A]  = 1.5 * (1 - 2 * nu * nu);
    d[RD_C5B]  = 0.56 / PetscSqr(0.454 + 0.41 * nu);
    for (PetscInt i = 0; i < nlev; i++) {
      if (expl) {
        z[i] = tv[T_GAPS][i];
        W[i] = tv[T_GAPW][i];
      } else { // eq. 2 with the trapezoid weights of footnote 3 and p linear between the table's points (uniform: p = 1)
        PetscReal x = (PetscReal)i / (nlev - 1), w = (i == 0 || i == nlev - 1 ? 0.5 : 1.0) / (nlev - 1), pz = 1;
        if (pdf) {
          const PetscReal *tz = tv[T_PDFZ], *tp = tv[T_PDFP];
          PetscInt         m = tn[T_PDFZ], k = 0;
          if (x < tz[0] || x > tz[m - 1])
            pz = 0;
          else {
            while (k < m - 2 && tz[k + 1] < x) k++;
            pz = tp[k] + (tp[k + 1] - tp[k]) * (x - tz[k]) / (tz[k + 1] - tz[k]);
          }
        }
        z[i] = p[P_ZMAX] * x;
        W[i] = p[P_ETA] * pz * w;
      }
    }
    for (PetscInt j = 0; j < ns; j++) { // rings rho_j on [0, 1], trapezoid weights of sum 1 (eq. 38)
      PetscReal rho = ns > 1 ? (PetscReal)j / (ns - 1) : 0, w = ns > 1 ? (j == 0 || j == ns - 1 ? 0.5 : 1.0) / (ns - 1) : 1;
      wr[j] = w * rho;
      sq[j] = PetscSqrtReal(PetscMax(0, 1 - rho * rho));
      if (tang == ROUGH_TAN_MIF) // eq. 42; at rho = 1 the normal traction (eq. 35) and so the ring's traction are zero
        kt[j] = j == ns - 1 ? 0 : p[P_C0] + (1 - p[P_C0]) / sq[j] + p[P_C1] * rho + p[P_C2] * rho * rho + p[P_C3] * rho * rho * rho;
      else
        kt[j] = 1; // eq. 36
    }
  }
  if (hs) {
    hs[0] = hs[1] = 0;
    hs[2] = hs[3] = 1;
    for (PetscInt i = 0; i < nlev; i++)
      for (PetscInt k = 0; k < hoff; k++) hs[4 + i * hoff + k] = (tang != ROUGH_TAN_TANGENT && k == 0) ? 3 : 2;
    for (PetscInt i = hc; i < *nhist; i += 3) {
      hs[i] = hs[i + 1] = 1;
      hs[i + 2]         = 4;
    }
  }
  return NULL;
}

static PetscInt Work_Private(const PetscReal *p, PetscInt *sub)
{
  const PetscReal *d = p + NP + ROUGH_NCHOICES;

  *sub = (PetscInt)(d[RD_NLEV] * d[RD_NS]);
  return (PetscInt)d[RD_NLEV];
}

/* rings of one level (eqs. 34-38, 42-43, 45) in the asperity frame: force F[2] and dF[2][3] (d/d(u_b, u_a, u_n)), new
   ring tractions into ho (a_0 and t[2][ns]). du: u_t - u_t0; r, dr: the re-contact factor and d/du_n; fresh: no
   history (re-contact); ts: mu, dmu/du_n. */
static inline void Rings_Private(const PetscReal *d, const RoughNormal *o, const PetscReal du[2], PetscReal r, PetscReal dr, int fresh, PetscReal mu,
                                 PetscReal dmu, const PetscReal *hl, PetscReal *ho, PetscReal F[2], PetscReal dF[2][3])
{
  const PetscInt   ns = (PetscInt)d[RD_NS], nl = (PetscInt)d[RD_NLEV];
  const PetscReal *wr = d + RD_NSCALAR + 2 * nl, *kt = wr + ns, *sq = kt + ns, *t0[2] = {hl + 1, hl + 1 + ns};
  const PetscReal  gam = d[RD_GAMMA], a = o->a, da = o->da, A = PETSC_PI * a * a / gam, dA = 2 * A * da / a;
  const PetscReal  tnf = 1.5 * o->fn / A, dtnf = 1.5 * (o->dfn - o->fn * dA / A) / A; // eq. 35: t_n = tnf sqrt(1 - rho^2)
  const PetscReal  g[2] = {d[RD_KFB] * gam / (PETSC_PI * a), d[RD_KFA] * gam / (PETSC_PI * a)},
                  dg[2] = {-g[0] * da / a, -g[1] * da / a}; // K_t^q/(pi a b)
  const PetscReal ratio = (fresh || hl[0] <= 0) ? -1 : a / hl[0], a0 = hl[0];
  const int       coupled = d[RD_COUPLED] > 0.5;
  PetscReal       S[2] = {0, 0}, dS[2][3] = {{0, 0, 0}, {0, 0, 0}};
  PetscReal      *tn[2] = {ho + 1, ho + 1 + ns};

  if (!coupled) { // eq. 37 per direction: of dt only d t_q/d u_q and d t_q/d u_n are not zero
    const PetscReal dlf = dmu * tnf + mu * dtnf, dar = ratio > 0 ? da / a0 : 0, gk[2] = {g[0] * r, g[1] * r};
    const PetscReal gd[2] = {dg[0] * r + g[0] * dr, dg[1] * r + g[1] * dr};
    PetscReal       Sq[2] = {0, 0}, Sn[2] = {0, 0};
    for (PetscInt j = 0; j < ns; j++) {
      PetscReal h0[2] = {0, 0}, dh0[2] = {0, 0}, lim = mu * tnf * sq[j], dlim = dlf * sq[j];
      if (ratio > 0) { // history at rho_j a, linear between the old rings rho a_0 (§2.2.2); none beyond a_0
        PetscReal x = j * ratio;
        PetscInt  m = (PetscInt)x;
        if (m < ns - 1) {
          PetscReal fr = x - m;
          for (int q = 0; q < 2; q++) {
            PetscReal dt0 = t0[q][m + 1] - t0[q][m];
            h0[q]         = t0[q][m] + fr * dt0;
            dh0[q]        = dt0 * j * dar;
          }
        } else if (x == ns - 1)
          for (int q = 0; q < 2; q++) h0[q] = t0[q][ns - 1];
      }
      for (int q = 0; q < 2; q++) {
        PetscReal tr = gk[q] * kt[j] * du[q] + h0[q], tq, dq, dn;
        if (PetscAbsReal(tr) <= lim) {
          tq = tr;
          dq = gk[q] * kt[j];
          dn = gd[q] * kt[j] * du[q] + dh0[q];
        } else {
          tq = tr > 0 ? lim : -lim;
          dq = 0;
          dn = tr > 0 ? dlim : -dlim;
        }
        tn[q][j] = tq;
        S[q] += wr[j] * tq;
        Sq[q] += wr[j] * dq;
        Sn[q] += wr[j] * dn;
      }
    }
    for (int q = 0; q < 2; q++) dS[q][q] = Sq[q], dS[q][2] = Sn[q];
  } else {
    for (PetscInt j = 0; j < ns; j++) {
      PetscReal h0[2] = {0, 0}, dh0[2] = {0, 0}, lim = mu * tnf * sq[j], dlim = (dmu * tnf + mu * dtnf) * sq[j], k = kt[j] * r, t[2], dt[2][3];
      PetscReal tt[2], dtt[2][3], dts[3] = {0, 0, dlim};
      if (ratio > 0) {
        PetscReal x = j * ratio;
        PetscInt  m = (PetscInt)x;
        if (m < ns - 1) {
          PetscReal fr = x - m;
          for (int q = 0; q < 2; q++) {
            h0[q]  = t0[q][m] + fr * (t0[q][m + 1] - t0[q][m]);
            dh0[q] = (t0[q][m + 1] - t0[q][m]) * j / a0 * da;
          }
        } else if (x == ns - 1)
          for (int q = 0; q < 2; q++) h0[q] = t0[q][ns - 1];
      }
      for (int q = 0; q < 2; q++) { // eq. 45
        tt[q]     = g[q] * k * du[q] + h0[q];
        dtt[q][0] = q == 0 ? g[q] * k : 0;
        dtt[q][1] = q == 1 ? g[q] * k : 0;
        dtt[q][2] = (dg[q] * k + g[q] * kt[j] * dr) * du[q] + dh0[q];
      }
      TriboSlipReturn_Private(tt, dtt, lim, dts, 1, t, dt);
      for (int q = 0; q < 2; q++) {
        tn[q][j] = t[q];
        S[q] += wr[j] * t[q];
        for (int c = 0; c < 3; c++) dS[q][c] += wr[j] * dt[q][c];
      }
    }
  }
  ho[0] = a;
  for (int q = 0; q < 2; q++) { // eq. 38: f = 2 pi a b sum w rho t = 2 A S
    F[q] = 2 * A * S[q];
    for (int c = 0; c < 3; c++) dF[q][c] = 2 * A * dS[q][c];
    dF[q][2] += 2 * dA * S[q];
  }
}

/* TriboSlipReturn_Private() for a trial force tt with d tt/d(u_b, u_a, u_n) = [[k_b, 0, c_b], [0, k_a, c_a]] and the
   limit ts with d ts/d(u_b, u_a, u_n) = (0, 0, dts), written out on scalars (loops over arrays of two and three here
   keep them in memory, and the vector loads that read two scalar stores back stall): f[2], df[2][3] */
static inline void Slip2_Private(const PetscReal tt[2], const PetscReal k[2], const PetscReal c[2], PetscReal ts, PetscReal dts, int coupled,
                                 PetscReal f[2], PetscReal df[2][3])
{
  PetscReal nrm;

  if (coupled && (nrm = PetscSqrtReal(tt[0] * tt[0] + tt[1] * tt[1])) > ts) { // t = ts e: dt = ts/|tt| (I - e e^T) dtt + e dts^T
    const PetscReal e0 = tt[0] / nrm, e1 = tt[1] / nrm, sc = ts / nrm, p0 = e0 * k[0], p1 = e1 * k[1], p2 = e0 * c[0] + e1 * c[1];
    f[0]     = ts * e0;
    f[1]     = ts * e1;
    df[0][0] = sc * (k[0] - e0 * p0);
    df[0][1] = -sc * e0 * p1;
    df[0][2] = sc * (c[0] - e0 * p2) + e0 * dts;
    df[1][0] = -sc * e1 * p0;
    df[1][1] = sc * (k[1] - e1 * p1);
    df[1][2] = sc * (c[1] - e1 * p2) + e1 * dts;
    return;
  }
  df[0][1] = df[1][0] = 0;
  if (coupled || PetscAbsReal(tt[0]) <= ts)
    f[0] = tt[0], df[0][0] = k[0], df[0][2] = c[0];
  else
    f[0] = tt[0] > 0 ? ts : -ts, df[0][0] = 0, df[0][2] = tt[0] > 0 ? dts : -dts;
  if (coupled || PetscAbsReal(tt[1]) <= ts)
    f[1] = tt[1], df[1][1] = k[1], df[1][2] = c[1];
  else
    f[1] = tt[1] > 0 ? ts : -ts, df[1][1] = 0, df[1][2] = tt[1] > 0 ? dts : -dts;
}

/* normal contact of level l at delta = u_n - z_l, deltam = u_n,max - z_l (committed), deltamn = the trial state's;
   c, co: the level's unloading constants in the committed and the trial history (plastic model, else NULL) */
static inline void Normal_Private(const PetscReal *d, PetscReal delta, PetscReal deltam, PetscReal deltamn, const PetscReal *c, PetscReal *co,
                                  RoughNormal *o)
{
  const PetscReal yl = 1.9 * d[RD_DY];
  PetscReal       Fm, dFm, am, dam;

  if (!c)
    TriboRoughHertz_Private(d, delta, o);
  else if (delta > yl && delta > deltam) { // loading: deltamn = delta, whose loading force is at hand
    TriboRoughLoad_Private(d, delta, o);
    co[0] = deltamn;
    TriboRoughUnloadSetUp_Private(d, deltamn, o->fn, &co[1], &co[2]);
  } else if (deltam < yl) {
    TriboRoughHertz_Private(d, delta, o);
    co[0] = co[1] = co[2] = 0;
    if (deltamn >= yl) { // delta = 1.9 delta_y exactly: unloads from there
      TriboRoughPlastic_Private(d, deltamn, &Fm, &dFm, &am, &dam);
      co[0] = deltamn;
      TriboRoughUnloadSetUp_Private(d, deltamn, Fm, &co[1], &co[2]);
    }
  } else { // unloading from deltam = deltamn
    if (c[0] == deltam)
      co[0] = c[0], co[1] = c[1], co[2] = c[2];
    else {
      TriboRoughPlastic_Private(d, deltam, &Fm, &dFm, &am, &dam);
      co[0] = deltam;
      TriboRoughUnloadSetUp_Private(d, deltam, Fm, &co[1], &co[2]);
    }
    TriboRoughUnload_Private(d, delta, deltam, co[1], co[2], o);
  }
}

static PetscInt Kernel_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                               PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal *d  = p + NP + ROUGH_NCHOICES;
  const PetscInt   nl = (PetscInt)d[RD_NLEV], hoff = (PetscInt)d[RD_HOFF], nh = (PetscInt)d[RD_NHIST], hc = (PetscInt)d[RD_HC],
                 tang = (PetscInt)d[RD_TANG];
  const PetscReal *z = d + RD_NSCALAR, *W = z + nl, cs = d[RD_COS], sn = d[RD_SIN];
  const int        ceb = d[RD_MU] == ROUGH_MU_CEB, interp = d[RD_RECON] == ROUGH_RECON_INTERPOLATE, coupled = d[RD_COUPLED] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[nh * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[nh * i], un = ui[2], un0 = hi[2], unmax = hi[3], unmaxn = PetscMax(unmax, un);
    PetscReal        dx = ui[0] - hi[0], dy = ui[1] - hi[1], du[2] = {cs * dx + sn * dy, -sn * dx + cs * dy}; // eq. 49
    PetscReal        T[3] = {0, 0, 0}, D[2][3] = {{0, 0, 0}, {0, 0, 0}}, Dnn = 0;

    if (TriboNonFinite3_Private(ui)) return i + 1;
    for (PetscInt l = 0; l < nl; l++) {
      const PetscReal *hl  = hi + 4 + l * hoff;
      PetscReal       *hol = ho + 4 + l * hoff, mu = d[RD_MUC], dmu = 0, r = 1, dr = 0, F[2], dF[2][3];
      RoughNormal      o;
      int              fresh;

      Normal_Private(d, un - z[l], unmax - z[l], unmaxn - z[l], hc ? hi + hc + 3 * l : NULL, hc ? ho + hc + 3 * l : NULL, &o);
      if (!o.contact || mode == TRIBO_LAW_NORMAL) { // no tangential force; a level out of contact keeps nothing
        for (PetscInt k = 0; k < hoff; k++) hol[k] = 0;
        if (tang != ROUGH_TAN_TANGENT) hol[0] = o.a;
        if (o.contact) {
          T[2] += W[l] * o.fn;
          Dnn += W[l] * o.dfn;
        }
        continue;
      }
      T[2] += W[l] * o.fn;
      Dnn += W[l] * o.dfn;
      if (ceb) TriboRoughCEB_Private(d, o.ws, o.dws, &mu, &dmu);
      fresh = un0 - z[l] <= o.dbar; // out of contact at the committed state: re-contact (§2.2.1)
      if (fresh && interp) {        // u_t0 moved to where delta crossed dbar: u_t - u_t0' = r (u_t - u_t0)
        r  = (un - z[l] - o.dbar) / (un - un0);
        dr = (z[l] + o.dbar - un0) / ((un - un0) * (un - un0));
      }
      if (tang == ROUGH_TAN_TANGENT) { // eq. 33 (eq. 45 when coupled), forces in the asperity frame
        const PetscReal Kb = d[RD_KFB] * o.a, Ka = d[RD_KFA] * o.a,
                        tt[2] = {Kb * r * du[0] + (fresh ? 0 : hl[0]), Ka * r * du[1] + (fresh ? 0 : hl[1])};
        const PetscReal k[2] = {Kb * r, Ka * r}, c[2] = {(d[RD_KFB] * o.da * r + Kb * dr) * du[0], (d[RD_KFA] * o.da * r + Ka * dr) * du[1]};
        Slip2_Private(tt, k, c, mu * o.fn, dmu * o.fn + mu * o.dfn, coupled, F, dF);
        hol[0] = F[0];
        hol[1] = F[1];
      } else
        Rings_Private(d, &o, du, r, dr, fresh, mu, dmu, hl, hol, F, dF);
      T[0] += W[l] * F[0];
      T[1] += W[l] * F[1];
      D[0][0] += W[l] * dF[0][0];
      D[0][1] += W[l] * dF[0][1];
      D[0][2] += W[l] * dF[0][2];
      D[1][0] += W[l] * dF[1][0];
      D[1][1] += W[l] * dF[1][1];
      D[1][2] += W[l] * dF[1][2];
    }
    ti[0] = cs * T[0] - sn * T[1]; // eq. 50
    ti[1] = sn * T[0] + cs * T[1];
    ti[2] = T[2];
    if (dtdu) { // Q^T D Q on the tangential block, Q^T D on the normal column; the normal force ignores u_t
      PetscReal *dd = &dtdu[9 * i], Q[2][2] = {{cs, sn}, {-sn, cs}};
      for (int r1 = 0; r1 < 2; r1++) {
        for (int c = 0; c < 2; c++) {
          PetscReal s = 0;
          for (int a = 0; a < 2; a++)
            for (int b = 0; b < 2; b++) s += Q[a][r1] * D[a][b] * Q[b][c];
          dd[3 * r1 + c] = s;
        }
        dd[3 * r1 + 2] = Q[0][r1] * D[0][2] + Q[1][r1] * D[1][2];
      }
      dd[6] = dd[7] = 0;
      dd[8]         = Dnn;
    }
    ho[0] = ui[0];
    ho[1] = ui[1];
    ho[2] = un;
    ho[3] = unmaxn;
  }
  return 0;
}

static const TriboLawCard card = {
    .name      = TRIBOLAWROUGH,
    .title     = "rough contact: expectation over asperity gaps of Hertz/elastic-plastic asperities with tangent, MIC or MIF friction",
    .citation  = "Porter and Brake 2023, MSSP 192:110210, §2 (eqs. 1-50)",
    .equations = "t = sum_i W_i f(u_t, u_n - z_i) (eq. 2); f_n Hertz (eq. 8) or elastic-plastic/unloading (eqs. 16-29); f_t tangent (eq. 33) or "
                 "rings t = min(k(rho)(u_t - u_t0) + t_0, mu t_n(rho)) summed by eq. 38 (MIC, MIF eq. 42); coupled: eq. 45; mu or CEB (eq. 47)",
    .nparams   = NP,
    .params    = params,
    .nhist     = 4 + 100 * 201, // the defaults' (mif, 100 levels, 100 rings); a law object's card has its own (TriboLawGetCard())
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_TRUE,
    .kernel             = Kernel_Private,
    .validate           = Validate_Private,
    .nchoices           = ROUGH_NCHOICES,
    .choices            = choices,
    .ntables            = NT,
    .tables             = tables,
    .setup              = SetUp_Private,
    .work               = Work_Private,
};

/*@
  TriboLawCardGet_Rough - The model card of the rough-contact law of Porter and Brake (2023), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card

  Options Database Keys:
+ -friction_asperity_normal <elastic,plastic>      - Hertz ellipsoids (eqs. 3-15) or elastic-plastic spheres (eqs. 16-29)
. -friction_asperity_tangential <tangent,mic,mif>  - the asperity's tangential model (eqs. 30-43)
. -friction_asperity_mu <constant,ceb>             - mu, or the CEB coefficient (eqs. 46-48)
. -friction_asperity_recontact <interpolate,previous> - the reference of a level back in contact (§2.2.1)
. -friction_gap_pdf_z, -friction_gap_pdf_p         - the gap PDF (tables, TriboLawSetTable())
- -friction_gaps, -friction_gap_weights            - or explicit levels and weights

  Notes:
  The history size depends on the settings: TriboLawGetCard() of a law object gives its own. The kernel reads the derived
  data that TriboLawSetUp() prepares (p after the parameters and choices). See src/law/rough/rough.c for the equations.

.seealso: TriboLawSetTable(), TriboLawSetChoice(), TriboLawGetWork()
@*/
PetscErrorCode TriboLawCardGet_Rough(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card;
  PetscFunctionReturn(0);
}
