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
PETSC_INTERN void      TriboRoughNormal_Private(const PetscReal *, PetscReal, PetscReal, RoughNormal *);
PETSC_INTERN void      TriboRoughCEB_Private(const PetscReal *, PetscReal, PetscReal, PetscReal *, PetscReal *);
PETSC_INTERN PetscReal TriboRoughMindlin_Private(PetscReal);
