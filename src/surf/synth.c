/* Synthetic surfaces: band-limited Gaussian roughness (linder-gross-krack §3.3: a flat power spectral density truncated to a
   band of wavelengths, a uniformly random phase per spectral line, scaled to an RMS), self-affine roughness (PSD ~ q^-2(1+H)
   above a roll-off wavenumber, flat below it, cut at a short wavelength), a lattice of identical ellipsoidal caps (a check
   of the identification), and a mesoscale form (a bowl along x and dimples at the bolts). Reproducible from a seed: the
   random numbers are splitmix64 draws in a fixed order, independent of PETSc, FFTW plans and the number of ranks. */
#include <tribo/private/surfimpl.h>
#include <fftw3.h>

const char *const TriboSynthTypes[] = {"band", "selfaffine", "caps", "flat", "TriboSynthType", "TRIBO_SYNTH_", NULL};

static PetscReal Uniform_Private(unsigned long long *st)
{
  unsigned long long z = (*st += 0x9e3779b97f4a7c15ULL);
  z                    = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z                    = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z                    = z ^ (z >> 31);
  return (PetscReal)(z >> 11) * (1.0 / 9007199254740992.0);
}

/*@
  TriboSynthParamsDefault - Defaults of the built-in synthetic surface: self-affine roughness of RMS 2 um, Hurst exponent 0.3,
  flat below the roll-off wavenumber 1/2 mm, cut at 0.3 mm (the pair on which tribo surface reproduces the trend of
  porter-brake-2023 Table 3 over erosion sizes 2-75, doc/guide.md "Large erosion sizes"), 2400 x 800 points at 21.8 um
  (52.3 x 17.4 mm, the BRB scans' spacing, a third of the interface's area: enough asperities at size 75), a 10 um bowl
  along x, seed 1. The band type's band is 0.5 to 5 mm (linder-gross-krack §3.3).

  Not collective
@*/
PetscErrorCode TriboSynthParamsDefault(TriboSynthParams *p)
{
  PetscFunctionBegin;
  PetscCall(PetscMemzero(p, sizeof(*p)));
  p->type = TRIBO_SYNTH_SELFAFFINE;
  p->nx = 2400, p->ny = 800, p->dx = 21.8e-6;
  p->rms = 2e-6, p->lmin = 0.3e-3, p->lmax = 5e-3;
  p->hurst = 0.3, p->rolloff = 2e-3;
  p->cap[0] = 0.4e-3, p->cap[1] = 0.2e-3, p->cap[2] = 10e-6, p->cap[3] = 0;
  p->cap_pitch  = 1e-3;
  p->form_amp   = 10e-6;
  p->bolt_depth = 0, p->bolt_width = 5e-3;
  p->seed = 1;
  PetscFunctionReturn(0);
}

/* random-phase spectrum with amplitude A(q) on the r2c half plane, to real heights of RMS rms */
static PetscErrorCode Spectral_Private(const TriboSynthParams *p, TriboHeightMap *map)
{
  PetscInt           nx = p->nx, ny = p->ny, nc = nx / 2 + 1;
  fftw_complex      *C;
  double            *z;
  fftw_plan          plan;
  unsigned long long st = 0x5eed0000ULL + (unsigned long long)p->seed;
  PetscReal          Lx = nx * p->dx, Ly = ny * p->dx, mean = 0, var = 0;

  PetscFunctionBeginUser;
  C = fftw_alloc_complex((size_t)(ny * nc));
  z = fftw_alloc_real((size_t)(nx * ny));
  PetscCheck(C && z, PETSC_COMM_SELF, PETSC_ERR_MEM, "cannot allocate a synthetic surface of %" PetscInt_FMT " x %" PetscInt_FMT " points", nx, ny);
  plan = fftw_plan_dft_c2r_2d((int)ny, (int)nx, C, z, FFTW_ESTIMATE);
  PetscCheck(plan, PETSC_COMM_SELF, PETSC_ERR_LIB, "FFTW could not plan a %" PetscInt_FMT " x %" PetscInt_FMT " transform", ny, nx);
  for (PetscInt j = 0; j < ny; j++)
    for (PetscInt i = 0; i < nc; i++) {
      PetscInt  jj = j <= ny / 2 ? j : j - ny;
      PetscReal kx = i / Lx, ky = jj / Ly, f = PetscSqrtReal(kx * kx + ky * ky), A = 0, ph = 2 * PETSC_PI * Uniform_Private(&st); // f = 1/wavelength
      if (f > 0) {
        if (p->type == TRIBO_SYNTH_BAND)
          A = (1 / f >= p->lmin && 1 / f <= p->lmax) ? 1 : 0;
        else if (1 / f >= p->lmin)
          A = f * p->rolloff <= 1 ? 1 : PetscPowReal(f * p->rolloff, -(1 + p->hurst));
      }
      C[j * nc + i] = A * (PetscCosReal(ph) + PETSC_i * PetscSinReal(ph));
    }
  fftw_execute(plan);
  for (PetscInt k = 0; k < nx * ny; k++) mean += z[k] / (nx * ny);
  for (PetscInt k = 0; k < nx * ny; k++) var += PetscSqr(z[k] - mean) / (nx * ny);
  PetscCheck(var > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "the synthetic spectrum is empty: no wavelength of the band fits the %g x %g m grid",
             (double)Lx, (double)Ly);
  for (PetscInt k = 0; k < nx * ny; k++) map->z[k] = (z[k] - mean) * p->rms / PetscSqrtReal(var);
  fftw_destroy_plan(plan);
  fftw_free(C);
  fftw_free(z);
  PetscFunctionReturn(0);
}

/*@
  TriboSurfaceSynthesize - A synthetic height map.

  Not collective

  Input Parameter:
. p - the parameters (TriboSynthParamsDefault(), options -surface_generate_* of TriboSurfSetFromOptions())

  Output Parameter:
. map - nx x ny points at spacing dx, x and y from 0

  Notes:
  band: |Z(q)| = 1 for wavelengths in [lmin, lmax], else 0; selfaffine: |Z(q)| = 1 below the roll-off wavenumber
  1/rolloff and (q rolloff)^-(1+H) above it (PSD ~ q^-2(1+H)), 0 for wavelengths below lmin. Each line gets a phase uniform
  in [0, 2 pi); the inverse FFT's real heights are shifted to zero mean and scaled to the RMS. caps: on a square lattice of
  pitch cap_pitch (first center at half a pitch), z = max(0, c (sqrt(1 - q) - 1/2)) with q = (x'/a2)^2 + (y'/a1)^2 in axes
  turned by alpha (x' along the short semi-axis a2): caps of an ellipsoid with semi-axes a1, a2, c centred c/2 below the
  plane, so R' = a1^2/c, R'' = a2^2/c and h_z = c/2; only caps whole inside the map. The form adds
  form_amp (2 (x - xc)/Lx)^2 and, at each bolt (x_b, yc), -bolt_depth exp(-r^2/(2 bolt_width^2)).
@*/
PetscErrorCode TriboSurfaceSynthesize(const TriboSynthParams *p, TriboHeightMap **map)
{
  TriboHeightMap *m;
  PetscReal       Lx = (p->nx - 1) * p->dx, Ly = (p->ny - 1) * p->dx;

  PetscFunctionBeginUser;
  PetscCheck(p->nx >= 8 && p->ny >= 8 && p->dx > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "a synthetic surface needs at least 8 x 8 points and a spacing > 0, got %" PetscInt_FMT " x %" PetscInt_FMT " at %g m", p->nx, p->ny,
             (double)p->dx);
  PetscCall(TriboHeightMapCreate(p->nx, p->ny, 0, 0, p->dx, p->dx, &m));
  for (PetscInt k = 0; k < p->nx * p->ny; k++) m->z[k] = 0;
  if (p->type == TRIBO_SYNTH_BAND || p->type == TRIBO_SYNTH_SELFAFFINE) {
    PetscCheck(p->rms > 0 && p->lmin > 0 && (p->type != TRIBO_SYNTH_BAND || p->lmax > p->lmin), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "synthetic roughness: expected rms > 0 and a band 0 < lmin < lmax, got rms %g m, band %g..%g m", (double)p->rms, (double)p->lmin,
               (double)p->lmax);
    PetscCall(Spectral_Private(p, m));
  } else if (p->type == TRIBO_SYNTH_CAPS) {
    PetscReal a1 = p->cap[0], a2 = p->cap[1], c = p->cap[2], ca = PetscCosReal(p->cap[3]), sa = PetscSinReal(p->cap[3]), R = a1 * 0.8660254037844386;
    PetscCheck(a1 >= a2 && a2 > 0 && c > 0 && p->cap_pitch > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "caps: expected a1 >= a2 > 0, c > 0 and a pitch > 0, got %g, %g, %g, %g m", (double)a1, (double)a2, (double)c, (double)p->cap_pitch);
    for (PetscReal cy = 0.5 * p->cap_pitch; cy + R <= Ly; cy += p->cap_pitch)
      for (PetscReal cx = 0.5 * p->cap_pitch; cx + R <= Lx; cx += p->cap_pitch) {
        if (cx - R < 0 || cy - R < 0) continue;
        for (PetscInt j = (PetscInt)PetscMax(0, PetscFloorReal((cy - R) / p->dx));
             j <= (PetscInt)PetscMin(p->ny - 1, PetscCeilReal((cy + R) / p->dx)); j++)
          for (PetscInt i = (PetscInt)PetscMax(0, PetscFloorReal((cx - R) / p->dx));
               i <= (PetscInt)PetscMin(p->nx - 1, PetscCeilReal((cx + R) / p->dx)); i++) {
            PetscReal x = i * p->dx - cx, y = j * p->dx - cy, u = ca * x + sa * y, v = -sa * x + ca * y, q = u * u / (a2 * a2) + v * v / (a1 * a1);
            if (q < 0.75) m->z[j * p->nx + i] = c * (PetscSqrtReal(1 - q) - 0.5);
          }
      }
  }
  for (PetscInt j = 0; j < p->ny; j++)
    for (PetscInt i = 0; i < p->nx; i++) {
      PetscReal x = i * p->dx, y = j * p->dx, f = p->form_amp * PetscSqr(2 * (x - 0.5 * Lx) / Lx);
      for (PetscInt b = 0; b < p->nbolts; b++)
        f -= p->bolt_depth * PetscExpReal(-(PetscSqr(x - p->bolt_x[b]) + PetscSqr(y - 0.5 * Ly)) / (2 * PetscSqr(p->bolt_width)));
      m->z[j * p->nx + i] += f;
    }
  *map = m;
  PetscFunctionReturn(0);
}
