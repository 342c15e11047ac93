#pragma once
/* Private to src/law/rough/: the single-asperity kernels of the Porter-Brake rough-contact law (rough.c) and the layout
   of the derived data its setup hook stores after the parameters and choices (the kernel's only data).

   Reference: J. H. Porter, M. R. W. Brake, Towards a predictive, physics-based friction model for the dynamics of
   jointed structures, MSSP 192 (2023) 110210, §2 (eqs. 1-50). Equation numbers below are the paper's. */
#include <tribo/private/lawimpl.h>

/* choices of the card, in order (p[nparams + k]) */
enum { ROUGH_CH_NORMAL, ROUGH_CH_TANGENTIAL, ROUGH_CH_MU, ROUGH_CH_RECONTACT, ROUGH_NCHOICES };
enum { ROUGH_NORMAL_ELASTIC, ROUGH_NORMAL_PLASTIC };
enum { ROUGH_TAN_TANGENT, ROUGH_TAN_MIC, ROUGH_TAN_MIF };
enum { ROUGH_MU_CONSTANT, ROUGH_MU_CEB };
enum { ROUGH_RECON_INTERPOLATE, ROUGH_RECON_PREVIOUS };

/* derived scalars (offsets from the start of the derived data); then z[nlev], W[nlev], and for sliders wr[ns], kt[ns], sq[ns] */
enum {
  RD_NLEV,   // asperity levels N_asp
  RD_NS,     // sliders per asperity (1 for the tangent model)
  RD_HOFF,   // history values per level
  RD_NORMAL, // choices, copied
  RD_TANG,
  RD_MU,
  RD_RECON,
  RD_COUPLED, // 1: directionally invariant slip (eq. 45)
  RD_COS,     // cos alpha, sin alpha (eq. 49)
  RD_SIN,
  RD_ESTAR, // E* (eq. 10)
  RD_RE,    // R_e (eq. 5)
  RD_GAMMA, // gamma = a/b (eq. 6)
  RD_KHZ,   // Hertz: f_n = KHZ delta^3/2 (eq. 8)
  RD_CA,    // large semi-axis a = CA sqrt(delta) (eqs. 13-14)
  RD_KFB,   // K_t^q = KF_q a (eqs. 30-32), q = b, a
  RD_KFA,
  RD_MUC,  // constant mu
  RD_DY,   // delta_y (eq. 18)
  RD_CC,   // C (eq. 17)
  RD_KP,   // a_p = KP (delta/delta_y)^((1+B)/2) (eqs. 19-20)
  RD_BEXP, // B (eq. 20)
  RD_UPS0, // Upsilon = UPS0 (Et/E)^(1 - (delta - delta_y)/(4 R_e)) (eq. 21), 0 when Et = 0
  RD_LNET, // ln(Et/E) (0 when Et = 0)
  RD_FC,   // F_c (eq. 23b)
  RD_KEP,  // 1 - exp(-3.3 Et/E) (eq. 25)
  RD_CEB1, // 0.2045/((0.454 + 0.41 nu)|c1|) (eq. 47)
  RD_C3,   // c3, c4 (eq. 48b-c)
  RD_C4,
  RD_C5A, // c5 = C5A - C5B/w* (eq. 48d)
  RD_C5B,
  RD_NHIST, // history values per point
  RD_HC,    // offset of the unloading constants in a point's history (plastic model; 0 else)
  RD_NSCALAR
};

typedef struct {
  PetscReal fn, dfn; // normal force [N] and d/d delta
  PetscReal a, da;   // large semi-axis of the contact [m] and d/d delta
  PetscReal dbar;    // residual deformation (eq. 26; 0 before yield): in contact while delta > dbar
  PetscReal ws, dws; // CEB nondimensional interference w* (eq. 46) and d/d delta
  int       contact;
} RoughNormal;

PETSC_INTERN void      TriboRoughEllipke_Private(PetscReal, PetscReal *, PetscReal *);
PETSC_INTERN PetscReal TriboRoughGamma_Private(PetscReal);
PETSC_INTERN void      TriboRoughEllipse_Private(PetscReal, PetscReal, PetscReal *, PetscReal *, PetscReal *, PetscReal *, PetscReal *);
PETSC_INTERN PetscReal TriboRoughChi_Private(PetscReal);
PETSC_INTERN void      TriboRoughPlastic_Private(const PetscReal *, PetscReal, PetscReal *, PetscReal *, PetscReal *, PetscReal *);
PETSC_INTERN void      TriboRoughCEB_Private(const PetscReal *, PetscReal, PetscReal, PetscReal *, PetscReal *);
PETSC_INTERN PetscReal TriboRoughMindlin_Private(PetscReal);

/* Elastic unloading of a plastically deformed sphere from the largest interference deltam, where the loading force is
   Fm (eqs. 26-27): the residual deformation dbar and sqrt(R_bar). Functions of deltam alone: the kernel keeps them in
   the history. */
static inline void TriboRoughUnloadSetUp_Private(const PetscReal *d, PetscReal deltam, PetscReal Fm, PetscReal *dbar, PetscReal *sRb)
{
  const PetscReal Es = d[RD_ESTAR], db = deltam * (1 - 3 * Fm / (4 * Es * PetscSqrtReal(d[RD_RE]) * deltam * PetscSqrtReal(deltam))), s = deltam - db;

  *dbar = db;                                                        // eq. 26
  *sRb  = PetscSqrtReal(Fm * Fm / (16.0 / 9 * Es * Es * s * s * s)); // eq. 27
}

/* Normal contact of one asperity at interference delta (eqs. 8-29) in the model's branches:
   - Hertz ellipsoid (eqs. 8, 13-14; sphere eq. 15): the elastic model, and the plastic one while delta and deltam stay
     below 1.9 delta_y;
   - elastic-plastic loading (eqs. 19-25, TriboRoughPlastic_Private()) when delta > 1.9 delta_y and delta > deltam
     (strictly greater, so that a return to deltam unloads);
   - elastic unloading from deltam with the constants dbar, sqrt(R_bar) of TriboRoughUnloadSetUp_Private() (eqs. 28-29);
     out of contact when delta <= dbar.
   Also w* of the CEB coefficient (eq. 46): delta/(1.9 delta_y) while elastic, (delta - dbar)/(deltam - dbar) when
   unloading and 1 on the loading curve (yield has started: mu_CEB = 0 by eq. 47). */
static inline void TriboRoughHertz_Private(const PetscReal *d, PetscReal delta, RoughNormal *o)
{
  const PetscReal yl = 1.9 * d[RD_DY], sd = delta > 0 ? PetscSqrtReal(delta) : 0;

  o->dbar = 0;
  if (delta <= 0) {
    o->fn = o->dfn = o->a = o->da = o->ws = o->dws = 0;
    o->contact                                     = 0;
    return;
  }
  o->fn      = d[RD_KHZ] * delta * sd;
  o->dfn     = 1.5 * d[RD_KHZ] * sd;
  o->a       = d[RD_CA] * sd;
  o->da      = o->a / (2 * delta);
  o->ws      = delta / yl;
  o->dws     = 1 / yl;
  o->contact = 1;
}

static inline void TriboRoughLoad_Private(const PetscReal *d, PetscReal delta, RoughNormal *o)
{
  TriboRoughPlastic_Private(d, delta, &o->fn, &o->dfn, &o->a, &o->da);
  o->dbar = o->dws = 0;
  o->ws            = 1;
  o->contact       = 1;
}

static inline void TriboRoughUnload_Private(const PetscReal *d, PetscReal delta, PetscReal deltam, PetscReal dbar, PetscReal sRb, RoughNormal *o)
{
  const PetscReal Es = d[RD_ESTAR], s = delta - dbar, ss = s > 0 ? PetscSqrtReal(s) : 0;

  o->dbar = dbar;
  if (s <= 0) {
    o->fn = o->dfn = o->a = o->da = o->ws = o->dws = 0;
    o->contact                                     = 0;
    return;
  }
  o->a       = sRb * ss;                // eq. 29
  o->fn      = 4.0 / 3 * Es * o->a * s; // eq. 28
  o->dfn     = 2 * Es * o->a;
  o->da      = o->a / (2 * s);
  o->ws      = s / (deltam - dbar);
  o->dws     = 1 / (deltam - dbar);
  o->contact = 1;
}
