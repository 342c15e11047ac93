/* Discretized 4-parameter Iwan model (Segalman): N Jenkins sliders in parallel plus the slider of
   the delta function at phi_max, each tangential direction on its own, with optional pinning and a
   linear normal spring. For comparison with the closed forms of iwan4 (its loops are Masing's).

   Reference: paper brake-ripp-reduced-iwan-pinning eqs. 6-10 (Segalman's distribution
   rho(phi) = R phi^chi (H(phi) - H(phi - phi_max)) + S delta(phi - phi_max), F = int rho (u - x) dphi)
   and §2.3.2 (the comparison of RIPP with the discretized model, Table 1, Fig. 5).
   Discretization (Segalman discretizes eq. 7 into sliders; this is how it is done here): the
   power-law part is cut into N bins of equal stiffness, bin j in [e_{j-1}, e_j] with
   e_j = phi_max (j/N)^(1/(chi+1)), so each slider has the stiffness k = K_T/((1 + beta) N)
   (= int_bin R phi^chi dphi), and its slip displacement phi_j is the bin's mean,
     phi_j = int_bin R phi^(chi+1) dphi / k = phi_max (chi+1)/(chi+2) N ((j/N)^p - ((j-1)/N)^p), p = (chi+2)/(chi+1);
   the delta is one slider of stiffness S = K_T beta/(1 + beta) slipping at phi_max (eq. 9). So the
   initial stiffness is K_T and the macroslip force F_S exactly for every N; the monotonic curve differs
   from eq. 17 by at most about 1.5 F_S/N^2 (one bin's corner). Bins crowd where rho is large (chi < 0).
   Slider j at position y_j carries k (x - y_j) while |x - y_j| <= phi_j and slips (y_j follows x)
   otherwise: the exact return map of a Jenkins element from the committed state, per direction.
   -friction_iwan_grid midpoint (issue 35, item 5) is the grid of tmdsimpy's Iwan4Force/VectorIwan4
   (Segalman's eqs. 25-26 with the discretization its documentation gives, alphasliders = 1): N bins of
   equal width dphi = phi_max/N, slider j slipping at the bin's midpoint phi_j = (j - 1/2) dphi with the
   stiffness R phi_j^chi dphi, R = F_S (chi+1)/(phi_max^(chi+2) (beta + (chi+1)/(chi+2))), and the same
   delta slider. Its initial stiffness and macroslip force are the midpoint rule's, not K_T and F_S exactly
   (the rule is poor where R phi^chi is singular, chi < 0): the choice reproduces that code, not the model.
   Pinning, the normal spring, the decoupled directions and TRIBO_LAW_NORMAL mode (the sliders
   restart unstretched) are as in iwan4 (src/law/impls/iwan4.c).
   History: the slider positions y_1..y_N, y_delta per tangential direction. A card's nhist is fixed,
   so there are two cards: iwan_discrete keeps room for nsliders <= 1000 (nhist 2 (1000 + 1) = 2002, 16 kB
   per point) and iwan_discrete_10k for nsliders <= 10000 (nhist 20002, 160 kB per point). Direction 1 uses
   h[0..N], direction 2 h[nmax+1..nmax+1+N]; entries past nsliders are neither read nor written.
   Parameters: fs, kt, chi, beta, kn, kpin, dpin as iwan4 (per unit area; a discrete element reads fs in
   N and the stiffnesses in N/m), nsliders [-] an integer in [1, nmax] (default 100). */
#include <tribo/private/iwanimpl.h>

static const TriboLawParam params[] = {
    {"fs", "N/m^2", 1.0e6, 0, "macroslip force F_S (> 0; N for a discrete element)"},
    {"kt", "N/m^3", 1.0e12, 0, "tangential stiffness K_T (> 0; N/m for a discrete element)"},
    {"chi", "-", -0.5, -1, "dissipation exponent chi in (-1, 0]"},
    {"beta", "-", 0.005, 0, "stiffness ratio beta >= 0 (eq. 11)"},
    {"nsliders", "-", 100, 1, "number N of power-law sliders (integer; the delta at phi_max is one more)"},
    TRIBO_IWAN_PARAMS_NORMAL_PIN,
};

static const char *const    grid_values[] = {"equal_stiffness", "midpoint"};
static const TriboLawChoice choices[]     = {
        {"iwan_grid",
         "slider grid: equal_stiffness (bins of equal stiffness, slip at the bin's mean) or midpoint (tmdsimpy's: equal widths, slip at the midpoints)",
         2, grid_values, 0},
};

/* one Jenkins slider of stiffness 1 and slip displacement ph at position *y: returns its force/k, counts stuck sliders */
static inline PetscReal Slider_Private(PetscReal x, PetscReal ph, PetscReal y, PetscReal *ynew, PetscInt *stuck)
{
  PetscReal st = x - y;

  if (st > ph) {
    *ynew = x - ph;
    return ph;
  } else if (st < -ph) {
    *ynew = x + ph;
    return -ph;
  }
  *ynew = y;
  (*stuck)++;
  return st;
}

/* Points go in blocks of up to 64, the sliders outermost, so that the slip displacement phi_j (a power) is computed
   once per block rather than once per point. */
static PetscInt Discrete_Private(const PetscReal *p, PetscInt nmax, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h,
                                 PetscReal *t, PetscReal *dtdu, PetscReal *hnew)
{
  const PetscReal fs = p[0], kt = p[1], chi = p[2], beta = p[3], kn = p[5], kpin = p[6], dpin = p[7];
  const PetscInt  N = (PetscInt)p[4], nh = 2 * (nmax + 1), o = nmax + 1;
  const PetscReal c = (chi + 1) / (chi + 2), phimax = fs * (1 + beta) / (kt * (beta + c)); // eq. 10
  const PetscReal k = kt / ((1 + beta) * N), S = kt * beta / (1 + beta), pe = (chi + 2) / (chi + 1), sc = phimax * c * N, invN = 1.0 / N;
  const PetscBool midpoint = (PetscBool)(p[8] == 1); // -friction_iwan_grid (the choice follows the 8 parameters)
  const PetscReal dphi = phimax / N, R = fs * (chi + 1) / (PetscPowReal(phimax, chi + 2) * (beta + c)); // Segalman eqs. 25 (tmdsimpy's grid)

  for (PetscInt i = 0; i < n; i++)
    if (TriboNonFinite3_Private(&u[3 * i])) return i + 1;
  for (PetscInt b0 = 0; b0 < n; b0 += 64) {
    const PetscInt nb = PetscMin(64, n - b0);
    PetscReal      f[64][2], kst[64][2], prev = 0;
    PetscInt       st[64][2];

    if (mode == TRIBO_LAW_FULL && midpoint) { // weights per slider: f holds the tractions, kst the stuck sliders' stiffness
      for (PetscInt i = 0; i < nb; i++) f[i][0] = f[i][1] = kst[i][0] = kst[i][1] = 0;
      for (PetscInt j = 0; j < N; j++) {
        PetscReal ph = (j + 0.5) * dphi, kj = R * PetscPowReal(ph, chi) * dphi;
        for (PetscInt i = 0; i < nb; i++) {
          const PetscReal *ui = &u[3 * (b0 + i)], *hi = &h[nh * (b0 + i)];
          PetscReal       *ho = &hnew[nh * (b0 + i)];
          PetscInt         s0 = 0, s1 = 0;
          f[i][0] += kj * Slider_Private(ui[0], ph, hi[j], &ho[j], &s0);
          f[i][1] += kj * Slider_Private(ui[1], ph, hi[o + j], &ho[o + j], &s1);
          kst[i][0] += kj * s0;
          kst[i][1] += kj * s1;
        }
      }
    } else if (mode == TRIBO_LAW_FULL) {
      for (PetscInt i = 0; i < nb; i++) f[i][0] = f[i][1] = 0, st[i][0] = st[i][1] = 0;
      for (PetscInt j = 0; j < N; j++) {
        PetscReal cur = PetscPowReal((j + 1) * invN, pe), ph = sc * (cur - prev);
        prev = cur;
        for (PetscInt i = 0; i < nb; i++) {
          const PetscReal *ui = &u[3 * (b0 + i)], *hi = &h[nh * (b0 + i)];
          PetscReal       *ho = &hnew[nh * (b0 + i)];
          f[i][0] += Slider_Private(ui[0], ph, hi[j], &ho[j], &st[i][0]);
          f[i][1] += Slider_Private(ui[1], ph, hi[o + j], &ho[o + j], &st[i][1]);
        }
      }
    }
    for (PetscInt i = 0; i < nb; i++) {
      const PetscReal *ui = &u[3 * (b0 + i)], *hi = &h[nh * (b0 + i)];
      PetscReal       *ti = &t[3 * (b0 + i)], *ho = &hnew[nh * (b0 + i)], tq[2] = {0, 0}, dq[2][2] = {{0, 0}, {0, 0}};

      if (mode == TRIBO_LAW_FULL) {
        PetscInt sd0 = 0, sd1 = 0;
        if (midpoint) {
          tq[0]    = f[i][0] + S * Slider_Private(ui[0], phimax, hi[N], &ho[N], &sd0);
          tq[1]    = f[i][1] + S * Slider_Private(ui[1], phimax, hi[o + N], &ho[o + N], &sd1);
          dq[0][0] = kst[i][0] + S * sd0;
          dq[1][1] = kst[i][1] + S * sd1;
        } else {
          tq[0]    = k * f[i][0] + S * Slider_Private(ui[0], phimax, hi[N], &ho[N], &sd0);
          tq[1]    = k * f[i][1] + S * Slider_Private(ui[1], phimax, hi[o + N], &ho[o + N], &sd1);
          dq[0][0] = k * st[i][0] + S * sd0;
          dq[1][1] = k * st[i][1] + S * sd1;
        }
        TriboIwanPin_Private(kpin, dpin, ui, tq, dq);
      } else { // normal contact only: no tangential traction; the sliders restart unstretched where the point is
        for (PetscInt j = 0; j <= N; j++) {
          ho[j]     = ui[0];
          ho[o + j] = ui[1];
        }
      }
      TriboIwanPointOut_Private(kn, ui, tq, dq, ti, dtdu ? &dtdu[9 * (b0 + i)] : NULL);
    }
  }
  return 0;
}

static PetscInt Kernel1k_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                                 PetscReal *dtdu, PetscReal *hnew)
{
  return Discrete_Private(p, 1000, mode, n, u, h, t, dtdu, hnew);
}

static PetscInt Kernel10k_Private(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                                  PetscReal *dtdu, PetscReal *hnew)
{
  return Discrete_Private(p, 10000, mode, n, u, h, t, dtdu, hnew);
}

static const char *Validate_Private(const PetscReal *p, PetscInt nmax)
{
  const char *why = TriboIwanValidate_Private(p[0], p[1], p[2], p[3]);
  if (why) return why;
  if (!(p[4] >= 1 && p[4] <= nmax && p[4] == PetscFloorReal(p[4])))
    return nmax == 1000 ? "parameter nsliders must be an integer in [1, 1000] (option -friction_nsliders; iwan_discrete_10k takes up to 10000)"
                        : "parameter nsliders must be an integer in [1, 10000] (option -friction_nsliders)";
  return NULL;
}

static const char *Validate1k_Private(const PetscReal *p)
{
  return Validate_Private(p, 1000);
}

static const char *Validate10k_Private(const PetscReal *p)
{
  return Validate_Private(p, 10000);
}

#define IWAN_DISCRETE_EQUATIONS                                                                                                           \
  "t_ti = sum_j k (u_ti - y_j) + S (u_ti - y_d), each slider capped at |u_ti - y_j| <= phi_j (Jenkins return map), k = kt/((1+beta) N), " \
  "S = kt beta/(1+beta), phi_j the means of N equal-stiffness bins of R phi^chi on [0, phi_max], phi_d = phi_max; + pinning as iwan4; "   \
  "t_n = kn u_n (per unit area; a discrete element reads fs in N and stiffnesses in N/m)"

static const TriboLawCard card1k = {
    .name               = TRIBOLAWIWANDISCRETE,
    .title              = "discretized 4-parameter Iwan (Segalman), nsliders <= 1000 Jenkins sliders + the delta slider, per tangential direction",
    .citation           = "Brake, reduced Iwan plus pinning (RIPP), eqs. 6-10 and §2.3.2; Segalman 2005",
    .equations          = IWAN_DISCRETE_EQUATIONS,
    .nparams            = 8,
    .params             = params,
    .nchoices           = 1,
    .choices            = choices,
    .nhist              = 2 * (1000 + 1),
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel1k_Private,
    .validate           = Validate1k_Private,
};

static const TriboLawCard card10k = {
    .name               = TRIBOLAWIWANDISCRETE10K,
    .title              = "discretized 4-parameter Iwan (Segalman), nsliders <= 10000 Jenkins sliders + the delta slider, per tangential direction",
    .citation           = "Brake, reduced Iwan plus pinning (RIPP), eqs. 6-10 and §2.3.2; Segalman 2005",
    .equations          = IWAN_DISCRETE_EQUATIONS,
    .nparams            = 8,
    .params             = params,
    .nchoices           = 1,
    .choices            = choices,
    .nhist              = 2 * (10000 + 1),
    .analytic_tangent   = PETSC_TRUE,
    .coupled_tangential = PETSC_FALSE,
    .kernel             = Kernel10k_Private,
    .validate           = Validate10k_Private,
};

/*@
  TriboLawCardGet_IwanDiscrete - The model card of the iwan_discrete law (discretized 4-parameter Iwan, at most 1000 sliders),
  registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  N equal-stiffness sliders for the power-law part of Segalman's distribution plus one for its delta at phi_max; the history
  holds room for 1000 slider positions per tangential direction whatever nsliders is (16 kB per point). For more sliders use
  iwan_discrete_10k (TriboLawCardGet_IwanDiscrete10k()).

.seealso: TriboLawCardGet_Iwan4(), TriboLawCardGet_IwanDiscrete10k()
@*/
PetscErrorCode TriboLawCardGet_IwanDiscrete(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card1k;
  PetscFunctionReturn(0);
}

/*@
  TriboLawCardGet_IwanDiscrete10k - The model card of the iwan_discrete_10k law (discretized 4-parameter Iwan, at most 10000
  sliders), registered by TriboLawRegisterAll().

  Not collective

  Output Parameter:
. c - the card (static, not to be freed)

  Notes:
  iwan_discrete with room for 10000 slider positions per tangential direction (160 kB of history per point).

.seealso: TriboLawCardGet_IwanDiscrete()
@*/
PetscErrorCode TriboLawCardGet_IwanDiscrete10k(const TriboLawCard **c)
{
  PetscFunctionBeginUser;
  *c = &card10k;
  PetscFunctionReturn(0);
}
