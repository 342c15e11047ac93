#pragma once
/* The rough law's kernel as first written (src/law/rough/rough.c and asperity.c before the unloading constants were
   kept in the history): every relation evaluated in full on every call, no cache. tests/law/t178 compares the library's
   kernel with it. Derived data and its layout (asperity.h) are the library's; the history is the first
   4 + N_asp h_l values of the library's. */
#include "../../src/law/rough/asperity.h"

enum { REF_NP = 17 }; // parameters of the card (rough.c), before the choices and the derived data

static void RefPlastic(const PetscReal *d, PetscReal delta, PetscReal *fn, PetscReal *dfn, PetscReal *a, PetscReal *da)
{
  const PetscReal Re = d[RD_RE], Es = d[RD_ESTAR], dy = d[RD_DY], C = d[RD_CC], B = d[RD_BEXP], FC = d[RD_FC], KE = d[RD_KEP];
  PetscReal       x = delta / dy, ae = PetscSqrtReal(Re * delta), dae = ae / (2 * delta);
  PetscReal       ap = d[RD_KP] * PetscPowReal(x, 0.5 * (1 + B)), dap = ap * (1 + B) / (2 * delta);
  PetscReal       eu = 1, deu = 0, aa, daa, arg, HS, dHS, e1, g1, dg1, e2, g2, dg2, Fp, dFp, Fe, dFe;

  if (d[RD_UPS0] != 0) { // eq. 21; Et = 0 gives Upsilon = 0
    PetscReal ups = d[RD_UPS0] * PetscExpReal(d[RD_LNET] * (1 - (delta - dy) / (4 * Re)));
    eu            = PetscExpReal(ups);
    deu           = eu * ups * d[RD_LNET] * (-1 / (4 * Re));
  }
  aa   = ae + (ap - ae) * eu; // eq. 22
  daa  = dae + (dap - dae) * eu + (ap - ae) * deu;
  arg  = PETSC_PI * aa / (2 * Re);
  HS   = 2.84 - 0.92 * (1 - PetscCosReal(arg)); // eq. 23a
  dHS  = -0.92 * PetscSinReal(arg) * PETSC_PI / (2 * Re) * daa;
  e1   = PetscExpReal(-0.25 * PetscPowReal(x, 5.0 / 12));
  g1   = e1 * PetscPowReal(x, 1.5);
  dg1  = g1 * (1.5 / x - 0.25 * 5.0 / 12 * PetscPowReal(x, -7.0 / 12));
  e2   = PetscExpReal(-PetscPowReal(x, 5.0 / 9) / 25);
  g2   = x * (1 - e2);
  dg2  = (1 - e2) + x * e2 * (5.0 / 9) / 25 * PetscPowReal(x, -4.0 / 9);
  Fp   = FC * (g1 + 4 * HS * g2 / C); // eq. 24 (see the choice above)
  dFp  = FC * ((dg1 + 4 * HS * dg2 / C) / dy + 4 * dHS * g2 / C);
  Fe   = 4.0 / 3 * Es * PetscSqrtReal(Re) * delta * PetscSqrtReal(delta); // eq. 8 with F2 = 1
  dFe  = 2 * Es * PetscSqrtReal(Re * delta);
  *fn  = Fp + (Fe - Fp) * KE; // eq. 25
  *dfn = dFp + (dFe - dFp) * KE;
  *a   = aa;
  *da  = daa;
}

static void RefNormal(const PetscReal *d, PetscReal delta, PetscReal deltam, RoughNormal *o)
{
  const PetscReal yl = 1.9 * d[RD_DY];

  o->fn = o->dfn = o->a = o->da = o->dbar = o->ws = o->dws = 0;
  o->contact                                               = 0;
  if (d[RD_NORMAL] == ROUGH_NORMAL_PLASTIC && delta > yl && delta > deltam) {
    RefPlastic(d, delta, &o->fn, &o->dfn, &o->a, &o->da);
    o->ws      = 1;
    o->contact = 1;
  } else if (d[RD_NORMAL] == ROUGH_NORMAL_ELASTIC || deltam < yl) {
    if (delta <= 0) return;
    o->fn      = d[RD_KHZ] * delta * PetscSqrtReal(delta);
    o->dfn     = 1.5 * d[RD_KHZ] * PetscSqrtReal(delta);
    o->a       = d[RD_CA] * PetscSqrtReal(delta);
    o->da      = o->a / (2 * delta);
    o->ws      = delta / yl;
    o->dws     = 1 / yl;
    o->contact = 1;
  } else {
    const PetscReal Es = d[RD_ESTAR];
    PetscReal       Fm, dFm, am, dam, dbar, Rb, s;
    RefPlastic(d, deltam, &Fm, &dFm, &am, &dam);
    dbar    = deltam * (1 - 3 * Fm / (4 * Es * PetscSqrtReal(d[RD_RE]) * deltam * PetscSqrtReal(deltam))); // eq. 26
    Rb      = Fm * Fm / (16.0 / 9 * Es * Es * PetscPowReal(deltam - dbar, 3));                             // eq. 27
    o->dbar = dbar;
    if (delta <= dbar) return;
    s          = delta - dbar;
    o->fn      = 4.0 / 3 * Es * PetscSqrtReal(Rb) * s * PetscSqrtReal(s); // eq. 28
    o->dfn     = 2 * Es * PetscSqrtReal(Rb * s);
    o->a       = PetscSqrtReal(Rb * s); // eq. 29
    o->da      = o->a / (2 * s);
    o->ws      = s / (deltam - dbar);
    o->dws     = 1 / (deltam - dbar);
    o->contact = 1;
  }
}

static void RefCEB(const PetscReal *d, PetscReal ws, PetscReal dws, PetscReal *mu, PetscReal *dmu)
{
  PetscReal q, m1, dm1, c5, disc;

  *mu = *dmu = 0;
  if (ws >= 1 || ws <= 0) return;
  q    = PetscSqrtReal(1 / ws - 1);
  m1   = d[RD_CEB1] * q;
  dm1  = -d[RD_CEB1] / (2 * q * ws * ws) * dws;
  c5   = d[RD_C5A] - d[RD_C5B] / ws; // eq. 48d
  disc = d[RD_C4] * d[RD_C4] - 4 * d[RD_C3] * c5;
  *mu  = m1;
  *dmu = dm1;
  if (disc >= 0) {
    PetscReal m2 = (-d[RD_C4] + PetscSqrtReal(disc)) / (2 * d[RD_C3]), dm2 = -(d[RD_C5B] / (ws * ws)) / PetscSqrtReal(disc) * dws;
    if (m2 < m1) *mu = m2, *dmu = dm2;
  }
}

static void RefRings(const PetscReal *d, const RoughNormal *o, const PetscReal du[2], PetscReal r, PetscReal dr, int fresh, PetscReal mu,
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

  for (PetscInt j = 0; j < ns; j++) {
    PetscReal h0[2] = {0, 0}, dh0[2] = {0, 0}, lim = mu * tnf * sq[j], dlim = (dmu * tnf + mu * dtnf) * sq[j], k = kt[j] * r, t[2], dt[2][3];
    if (ratio > 0) { // history at rho_j a, linear between the old rings rho a_0 (§2.2.2); none beyond a_0
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
    if (!coupled) { // eq. 37 per direction
      for (int q = 0; q < 2; q++) {
        PetscReal tr = g[q] * k * du[q] + h0[q];
        for (int c = 0; c < 3; c++) dt[q][c] = 0;
        if (PetscAbsReal(tr) <= lim) {
          t[q]     = tr;
          dt[q][q] = g[q] * k;
          dt[q][2] = (dg[q] * k + g[q] * kt[j] * dr) * du[q] + dh0[q];
        } else {
          PetscReal s = tr > 0 ? 1 : -1;
          t[q]        = s * lim;
          dt[q][2]    = s * dlim;
        }
      }
    } else { // eq. 45
      PetscReal tt[2], dtt[2][3], dts[3] = {0, 0, dlim};
      for (int q = 0; q < 2; q++) {
        tt[q]     = g[q] * k * du[q] + h0[q];
        dtt[q][0] = q == 0 ? g[q] * k : 0;
        dtt[q][1] = q == 1 ? g[q] * k : 0;
        dtt[q][2] = (dg[q] * k + g[q] * kt[j] * dr) * du[q] + dh0[q];
      }
      TriboSlipReturn_Private(tt, dtt, lim, dts, 1, t, dt);
    }
    for (int q = 0; q < 2; q++) {
      tn[q][j] = t[q];
      S[q] += wr[j] * t[q];
      for (int c = 0; c < 3; c++) dS[q][c] += wr[j] * dt[q][c];
    }
  }
  ho[0] = a;
  for (int q = 0; q < 2; q++) { // eq. 38: f = 2 pi a b sum w rho t = 2 A S
    F[q] = 2 * A * S[q];
    for (int c = 0; c < 3; c++) dF[q][c] = 2 * A * dS[q][c];
    dF[q][2] += 2 * dA * S[q];
  }
}

static PetscInt RefKernel(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t, PetscReal *dtdu,
                          PetscReal *hnew)
{
  const PetscReal *d  = p + REF_NP + ROUGH_NCHOICES;
  const PetscInt   nl = (PetscInt)d[RD_NLEV], hoff = (PetscInt)d[RD_HOFF], nh = 4 + nl * hoff, tang = (PetscInt)d[RD_TANG];
  const PetscReal *z = d + RD_NSCALAR, *W = z + nl, cs = d[RD_COS], sn = d[RD_SIN];
  const int        ceb = d[RD_MU] == ROUGH_MU_CEB, interp = d[RD_RECON] == ROUGH_RECON_INTERPOLATE, coupled = d[RD_COUPLED] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[nh * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[nh * i], un = ui[2], un0 = hi[2], unmax = hi[3];
    PetscReal        dx = ui[0] - hi[0], dy = ui[1] - hi[1], du[2] = {cs * dx + sn * dy, -sn * dx + cs * dy}; // eq. 49
    PetscReal        T[3] = {0, 0, 0}, D[2][3] = {{0, 0, 0}, {0, 0, 0}}, Dnn = 0;

    if (TriboNonFinite3_Private(ui)) return i + 1;
    for (PetscInt l = 0; l < nl; l++) {
      const PetscReal *hl  = hi + 4 + l * hoff;
      PetscReal       *hol = ho + 4 + l * hoff, mu = d[RD_MUC], dmu = 0, r = 1, dr = 0, F[2], dF[2][3];
      RoughNormal      o;
      int              fresh;

      RefNormal(d, un - z[l], unmax - z[l], &o);
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
      if (ceb) RefCEB(d, o.ws, o.dws, &mu, &dmu);
      fresh = un0 - z[l] <= o.dbar; // out of contact at the committed state: re-contact (§2.2.1)
      if (fresh && interp) {        // u_t0 moved to where delta crossed dbar: u_t - u_t0' = r (u_t - u_t0)
        r  = (un - z[l] - o.dbar) / (un - un0);
        dr = (z[l] + o.dbar - un0) / ((un - un0) * (un - un0));
      }
      if (tang == ROUGH_TAN_TANGENT) { // eq. 33 (eq. 45 when coupled), forces in the asperity frame
        PetscReal tt[2], dtt[2][3], dts[3] = {0, 0, dmu * o.fn + mu * o.dfn}, kf[2] = {d[RD_KFB], d[RD_KFA]};
        for (int q = 0; q < 2; q++) {
          PetscReal K = kf[q] * o.a, dK = kf[q] * o.da;
          tt[q]     = K * r * du[q] + (fresh ? 0 : hl[q]);
          dtt[q][0] = q == 0 ? K * r : 0;
          dtt[q][1] = q == 1 ? K * r : 0;
          dtt[q][2] = (dK * r + K * dr) * du[q];
        }
        TriboSlipReturn_Private(tt, dtt, mu * o.fn, dts, coupled, F, dF);
        hol[0] = F[0];
        hol[1] = F[1];
      } else
        RefRings(d, &o, du, r, dr, fresh, mu, dmu, hl, hol, F, dF);
      for (int q = 0; q < 2; q++) {
        T[q] += W[l] * F[q];
        for (int c = 0; c < 3; c++) D[q][c] += W[l] * dF[q][c];
      }
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
    ho[3] = PetscMax(unmax, un);
  }
  return 0;
}
