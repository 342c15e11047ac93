/* Single-asperity relations of the Porter-Brake rough-contact law (MSSP 192 (2023) 110210, §2.1-2.3): complete elliptic
   integrals, the contact ellipse (eqs. 6-7, 11-12, 31-32), the yield depth (eq. 16), the elastic-plastic sphere with
   strain hardening (eqs. 17-25), elastic unloading (eqs. 26-29) and the CEB friction coefficient (eqs. 46-48), each
   with its derivative with respect to the interference delta. Pure functions of the derived data d (asperity.h). */
#include "asperity.h"

/* K(e) and E(e) of modulus e (the paper's e; MATLAB's ellipke takes m = e^2) by the arithmetic-geometric mean:
   K = pi/(2 M(1, sqrt(1 - e^2))), E = K (1 - sum_n 2^(n-1) c_n^2) with c_0 = e, c_(n+1) = (a_n - b_n)/2 */
void TriboRoughEllipke_Private(PetscReal e, PetscReal *K, PetscReal *E)
{
  PetscReal a = 1, b = PetscSqrtReal(1 - e * e), c = e, s = 0.5 * e * e, w = 0.5;

  for (int n = 0; n < 60 && PetscAbsReal(c) > 1e-17; n++) {
    PetscReal an = 0.5 * (a + b);
    c            = 0.5 * (a - b);
    b            = PetscSqrtReal(a * b);
    a            = an;
    w *= 2;
    s += w * c * c;
  }
  *K = PETSC_PI / (2 * a);
  *E = *K * (1 - s);
}

/* left side of eq. 6 minus nothing: (gamma^2 E(e) - K(e))/(K(e) - E(e)), e = sqrt(1 - 1/gamma^2) (eq. 7) */
static PetscReal GammaResidual_Private(PetscReal g)
{
  PetscReal K, E;

  TriboRoughEllipke_Private(PetscSqrtReal(1 - 1 / (g * g)), &K, &E);
  return (g * g * E - K) / (K - E);
}

/* gamma = a/b solving eq. 6 for the radius ratio R'/R'' >= 1 (bisection: the left side rises from 1 at gamma = 1) */
PetscReal TriboRoughGamma_Private(PetscReal ratio)
{
  PetscReal lo = 1, hi = 2;

  if (ratio <= 1) return 1;
  while (GammaResidual_Private(hi) < ratio) hi *= 2;
  for (int it = 0; it < 200 && hi - lo > 1e-15 * hi; it++) {
    PetscReal mid = 0.5 * (lo + hi);
    if (GammaResidual_Private(mid) < ratio)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

/* F1, F2 (eqs. 11-12) and Phi_a, Phi_b (eqs. 31-32) of the contact ellipse gamma for Poisson's ratio nu; all 1 for a
   sphere. Phi uses (K - E)/e^2 so that the ellipse close to a circle loses no digits to the nu/e^2 terms. */
void TriboRoughEllipse_Private(PetscReal gamma, PetscReal nu, PetscReal *e, PetscReal *F1, PetscReal *F2, PetscReal *Phia, PetscReal *Phib)
{
  PetscReal K, E, ee, q;

  if (gamma <= 1) {
    *e = 0, *F1 = *F2 = *Phia = *Phib = 1;
    return;
  }
  ee = PetscSqrtReal(1 - 1 / (gamma * gamma));
  TriboRoughEllipke_Private(ee, &K, &E);
  q     = (K - E) / (ee * ee);
  *e    = ee;
  *F1   = PetscPowReal(4 / (PETSC_PI * ee * ee), 1.0 / 3) / PetscSqrtReal(gamma) * PetscPowReal((gamma * gamma * E - K) * (K - E), 1.0 / 6);
  *F2   = 2 / PETSC_PI / PetscSqrtReal(gamma) * K / *F1;
  *Phia = 4 / (PETSC_PI * (2 - nu)) * ((1 - nu) * K + nu * q);
  *Phib = 4 / (PETSC_PI * (2 - nu)) * (K - nu * q);
}

/* chi = z/a, the depth of first yield below a Hertz contact (eq. 16), by bisection on (0.05, 3) */
PetscReal TriboRoughChi_Private(PetscReal nu)
{
  PetscReal lo = 0.05, hi = 3;

  for (int it = 0; it < 200; it++) {
    PetscReal x = 0.5 * (lo + hi), r = (1 + nu) * (PetscAtanReal(1 / x) - x / (1 + x * x)) - 3 * x / ((1 + x * x) * (1 + x * x));
    if (r > 0)
      lo = x; // r decreases through zero
    else
      hi = x;
  }
  return 0.5 * (lo + hi);
}

/* Elastic-plastic loading of the sphere with strain hardening (eqs. 19-25): force fn, contact radius a and their
   derivatives with respect to delta > 0.
   Choice: eq. 24 is taken with the factor 4 of the fully plastic term, 4 (H/S_ys)/C (delta/delta_y)(1 - exp(...)),
   as in the source model (Jackson-Green, Ghaednia et al. 2019) and in the code that made the paper's results; the
   paper prints it without the 4. tests/law/t172 checks this against that code's values. */
void TriboRoughPlastic_Private(const PetscReal *d, PetscReal delta, PetscReal *fn, PetscReal *dfn, PetscReal *a, PetscReal *da)
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

/* CEB friction coefficient (eq. 47) at w* = ws with dws its derivative in delta: mu and dmu/d delta; 0 from w* >= 1 on */
void TriboRoughCEB_Private(const PetscReal *d, PetscReal ws, PetscReal dws, PetscReal *mu, PetscReal *dmu)
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

/* Mindlin's monotonic curve at constant normal load (eq. 41): f/(mu f_n) at u/u_slip = ut (eq. 44), 1 past full slip */
PetscReal TriboRoughMindlin_Private(PetscReal ut)
{
  return ut >= 1 ? 1 : 1 - PetscPowReal(1 - ut, 1.5);
}
