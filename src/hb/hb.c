/* Harmonic bookkeeping: the harmonic set, the sampling of one period and the FFTW transforms between
   coefficients and time samples (NLvib/tmdsimpy layout, doc notes hb-epmc.md §1.1, §7). */
#include "hbimpl.h"

/*@
  TriboHBCreate - Creates an empty harmonic-balance layout (no harmonics, Nt = 128, block of 64 points).

  Collective

  Input Parameter:
. comm - the communicator of the errors (the object itself holds no distributed data)

  Output Parameter:
. hb - the new object

  Notes:
  Defaults follow Porter and Brake 2023 (Nt = 2^7, at most 10 periods of the AFT march, §4.3.1).
@*/
PetscErrorCode TriboHBCreate(MPI_Comm comm, TriboHB *hb)
{
  TriboHB b = NULL;

  PetscFunctionBegin;
  PetscValidPointer(hb, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(b, TRIBO_HB_CLASSID, "TriboHB", "Harmonic balance and alternating frequency-time transforms", "HB", comm,
                              TriboHBDestroy, NULL));
  b->comm   = comm;
  b->Nt     = 128;
  b->bs     = 64;
  b->rtol   = 1e-10;
  b->maxper = 10;
  *hb       = b;
  PetscFunctionReturn(0);
}

/*@
  TriboHBSetHarmonics - Sets the harmonics kept in the expansion.

  Not collective

  Input Parameters:
+ hb - the layout
. nh - number of harmonics
- h  - the harmonics, strictly increasing, h[0] >= 0

  Notes:
  x(tau) = X0 + sum_h (Xc_h cos(h tau) + Xs_h sin(h tau)), tau = Omega t (NLvib manual eq. C.3, tmdsimpy); the coefficient
  columns are harmonic-major: [X0,] Xc_h0, Xs_h0, Xc_h1, Xs_h1, ...
@*/
PetscErrorCode TriboHBSetHarmonics(TriboHB hb, PetscInt nh, const PetscInt h[])
{
  PetscFunctionBeginUser;
  PetscCheck(nh > 0, hb->comm, PETSC_ERR_USER_INPUT, "the harmonic set needs at least one harmonic, got %" PetscInt_FMT, nh);
  for (PetscInt a = 0; a < nh; a++) {
    PetscCheck(h[a] >= 0, hb->comm, PETSC_ERR_USER_INPUT, "harmonic %" PetscInt_FMT " is %" PetscInt_FMT ", expected >= 0", a, h[a]);
    PetscCheck(a == 0 || h[a] > h[a - 1], hb->comm, PETSC_ERR_USER_INPUT,
               "harmonics must be strictly increasing, got %" PetscInt_FMT " after %" PetscInt_FMT, h[a], h[a - 1]);
  }
  PetscCall(PetscFree2(hb->harm, hb->col));
  PetscCall(PetscMalloc2(nh, &hb->harm, nh, &hb->col));
  hb->nh    = nh;
  hb->ncoef = 0;
  for (PetscInt a = 0; a < nh; a++) {
    hb->harm[a] = h[a];
    hb->col[a]  = hb->ncoef;
    hb->ncoef += h[a] == 0 ? 1 : 2;
  }
  hb->setup = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboHBSetNt - Sets the number of time samples per period of the AFT method.

  Not collective

  Input Parameters:
+ hb - the layout
- Nt - samples tau_j = 2 pi j / Nt, j = 0..Nt-1; TriboHBSetUp() checks Nt > 2 h_max (sampling theorem)

  Notes:
  NLvib uses Nt = 4H+1 for cubic terms (alias free) and 2^7..2^10 for friction; Porter and Brake 2023 use 2^7.
@*/
PetscErrorCode TriboHBSetNt(TriboHB hb, PetscInt Nt)
{
  PetscFunctionBeginUser;
  PetscCheck(Nt > 0, hb->comm, PETSC_ERR_USER_INPUT, "Nt (time samples per period) must be positive, got %" PetscInt_FMT, Nt);
  hb->Nt    = Nt;
  hb->setup = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboHBSetBlockSize - Sets how many interface points one FFTW batch transforms (3 signals each).

  Not collective

  Input Parameters:
+ hb - the layout
- bs - points per batch (default 64); any number of points is processed in batches of bs
@*/
PetscErrorCode TriboHBSetBlockSize(TriboHB hb, PetscInt bs)
{
  PetscFunctionBeginUser;
  PetscCheck(bs > 0, hb->comm, PETSC_ERR_USER_INPUT, "block size must be positive, got %" PetscInt_FMT, bs);
  hb->bs    = bs;
  hb->setup = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboHBSetAFTTolerances - Sets when the march of a hysteretic law over repeated periods stops.

  Not collective

  Input Parameters:
+ hb     - the layout
. rtol   - every history variable at the end of a period must equal its value at the start within rtol times its
           largest magnitude in the period, or its group's where the law's card groups them (hist_scale: the
           components of one displacement or traction; jenkins, edf) (default 1e-10)
- maxper - most periods marched (default 10, Porter and Brake 2023 §4.3.1); the last one is used even if not periodic

  Notes:
  Stuck points repeat after one period (2 periods marched) however small their motion (tests/hb/t405); points that
  slip in one dimension repeat once they have slipped both ways. A coupled (directionally invariant) slider on a
  two-dimensional path just above slip onset approaches its periodic state only geometrically: about 20 periods for
  rtol 1e-10 in t405 (b), where 10 leave a relative error near 1e-6.
@*/
PetscErrorCode TriboHBSetAFTTolerances(TriboHB hb, PetscReal rtol, PetscInt maxper)
{
  PetscFunctionBeginUser;
  PetscCheck(rtol >= 0 && maxper >= 1, hb->comm, PETSC_ERR_USER_INPUT, "AFT tolerances need rtol >= 0 and maxper >= 1, got %g and %" PetscInt_FMT,
             (double)rtol, maxper);
  hb->rtol   = rtol;
  hb->maxper = maxper;
  PetscFunctionReturn(0);
}

const char *const TriboHBSliderStarts[] = {"mean", "zero", "TriboHBSliderStart", "TRIBO_HB_SLIDER_", NULL};

/*@
  TriboHBSetSliderStart - Sets where the AFT march of a hysteretic law starts: the convention for an element that
  sticks through the whole period with a nonzero mean.

  Not collective

  Input Parameters:
+ hb    - the layout
- start - TRIBO_HB_SLIDER_MEAN (default) or TRIBO_HB_SLIDER_ZERO

  Options Database Key (read by the FRF and EPMC, not here):
. -hb_aft_slider_start <mean,zero> - the convention

  Notes:
  TRIBO_HB_SLIDER_MEAN (Porter and Brake 2023 §4.3.1, tmdsimpy): the history starts fresh (zeros) at the sample of
  largest normal displacement, the tangential displacements measured from their zeroth harmonic, and the march
  repeats periods until the history is periodic (TriboHBSetAFTTolerances()). A slider that sticks all period
  carries no mean traction.

  TRIBO_HB_SLIDER_ZERO (NLvib HB_residual.m, elasticDryFriction): the history starts fresh at absolute zero
  displacement (the mean is not removed) at sample 0, sample 0 of the first period is skipped (NLvib leaves its
  force 0 and its slider where it was), and exactly two periods are marched whatever the periodicity; the second
  is transformed. A slider that sticks all period carries kt times the mean. For an element that slips both ways in
  the first period the two conventions agree. Jacobian: the exact derivative of that march, as NLvib's recursion.
  TriboHBSetAFTTolerances() is ignored, and TriboHBGetAFTPeriods() reports 2 periods and no unconverged point.

.seealso: TriboHBSetAFTTolerances(), TriboHBAFT()
@*/
PetscErrorCode TriboHBSetSliderStart(TriboHB hb, TriboHBSliderStart start)
{
  PetscFunctionBeginUser;
  PetscCheck(start == TRIBO_HB_SLIDER_MEAN || start == TRIBO_HB_SLIDER_ZERO, hb->comm, PETSC_ERR_USER_INPUT, "unknown slider start %d", (int)start);
  hb->start = start;
  PetscFunctionReturn(0);
}

/*@
  TriboHBSetUp - Checks the sampling, tabulates the basis and makes the FFTW plans (once).

  Collective

  Input Parameter:
. hb - the layout

  Notes:
  Inverse transform (c2r, unnormalised): Y_0 = X0, Y_h = (Xc_h - i Xs_h)/2, x_j = sum_k Y_k e^{2 pi i jk/Nt};
  forward (r2c): Z_k = sum_j x_j e^{-2 pi i jk/Nt}, X0 = Re Z_0/Nt, Xc_h = 2 Re Z_h/Nt, Xs_h = -2 Im Z_h/Nt
  (NLvib HB_residual.m, hb-epmc.md §7). Nt > 2 h_max keeps every kept harmonic below the Nyquist index.
@*/
PetscErrorCode TriboHBSetUp(TriboHB hb)
{
  PetscInt  Nt = hb->Nt, nc = Nt / 2 + 1, howmany = 3 * hb->bs, hmax;
  const int n[1] = {(int)Nt};

  PetscFunctionBeginUser;
  if (hb->setup) PetscFunctionReturn(0);
  PetscCheck(hb->nh > 0, hb->comm, PETSC_ERR_ORDER, "call TriboHBSetHarmonics() before TriboHBSetUp()");
  hmax = hb->harm[hb->nh - 1];
  PetscCheck(Nt > 2 * hmax, hb->comm, PETSC_ERR_USER_INPUT,
             "Nt = %" PetscInt_FMT " time samples cannot resolve harmonic %" PetscInt_FMT
             ": the sampling theorem needs Nt > 2 h_max = %" PetscInt_FMT,
             Nt, hmax, 2 * hmax);
  PetscCall(PetscFree2(hb->basis, hb->wt));
  PetscCall(PetscMalloc2(Nt * hb->ncoef, &hb->basis, hb->ncoef, &hb->wt));
  for (PetscInt a = 0; a < hb->nh; a++) {
    PetscInt k = hb->col[a], h = hb->harm[a];
    for (PetscInt j = 0; j < Nt; j++) {
      PetscReal tau = 2 * PETSC_PI * (PetscReal)((h * j) % Nt) / (PetscReal)Nt; // reduced argument: exact at the grid
      if (h == 0)
        hb->basis[j * hb->ncoef + k] = 1;
      else {
        hb->basis[j * hb->ncoef + k]     = PetscCosReal(tau);
        hb->basis[j * hb->ncoef + k + 1] = PetscSinReal(tau);
      }
    }
    hb->wt[k] = h == 0 ? 1.0 / Nt : 2.0 / Nt;
    if (h) hb->wt[k + 1] = 2.0 / Nt;
  }
  if (hb->fwd) fftw_destroy_plan(hb->fwd);
  if (hb->inv) fftw_destroy_plan(hb->inv);
  if (hb->tbuf) fftw_free(hb->tbuf);
  if (hb->cbuf) fftw_free(hb->cbuf);
  hb->fwd = hb->inv = NULL;
  hb->tbuf          = (double *)fftw_malloc(sizeof(double) * Nt * howmany);
  hb->cbuf          = (fftw_complex *)fftw_malloc(sizeof(fftw_complex) * nc * howmany);
  PetscCheck(hb->tbuf && hb->cbuf, hb->comm, PETSC_ERR_MEM, "fftw_malloc failed for %" PetscInt_FMT " signals of %" PetscInt_FMT " samples", howmany,
             Nt);
  hb->fwd = fftw_plan_many_dft_r2c(1, n, (int)howmany, hb->tbuf, NULL, 1, (int)Nt, hb->cbuf, NULL, 1, (int)nc, FFTW_ESTIMATE);
  hb->inv = fftw_plan_many_dft_c2r(1, n, (int)howmany, hb->cbuf, NULL, 1, (int)nc, hb->tbuf, NULL, 1, (int)Nt, FFTW_ESTIMATE);
  PetscCheck(hb->fwd && hb->inv, hb->comm, PETSC_ERR_LIB, "FFTW could not plan %" PetscInt_FMT " real transforms of length %" PetscInt_FMT, howmany,
             Nt);
  hb->setup = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboHBGetSizes - Sizes of the layout.

  Not collective

  Input Parameter:
. hb - the layout

  Output Parameters (NULL to skip):
+ nh    - number of harmonics
. ncoef - coefficient columns per signal (2 nh, less one if harmonic 0 is kept)
- Nt    - time samples per period
@*/
PetscErrorCode TriboHBGetSizes(TriboHB hb, PetscInt *nh, PetscInt *ncoef, PetscInt *Nt)
{
  PetscFunctionBeginUser;
  if (nh) *nh = hb->nh;
  if (ncoef) *ncoef = hb->ncoef;
  if (Nt) *Nt = hb->Nt;
  PetscFunctionReturn(0);
}

// coefficients of signals s0..s0+m-1 (m <= 3 bs) of X into the complex buffer, then the inverse transform into tbuf
PetscErrorCode TriboHBLoad_Private(TriboHB hb, PetscInt nsig, PetscInt s0, PetscInt m, const PetscReal X[])
{
  PetscInt nc = hb->Nt / 2 + 1;
  double  *c  = (double *)hb->cbuf;

  PetscFunctionBeginUser;
  PetscCall(PetscArrayzero(c, 2 * nc * 3 * hb->bs));
  for (PetscInt s = 0; s < m; s++) {
    double *cs = &c[2 * nc * s];
    for (PetscInt a = 0; a < hb->nh; a++) {
      PetscInt h = hb->harm[a], k = hb->col[a];
      if (h == 0)
        cs[0] = X[k * nsig + s0 + s];
      else {
        cs[2 * h]     = 0.5 * X[k * nsig + s0 + s];
        cs[2 * h + 1] = -0.5 * X[(k + 1) * nsig + s0 + s];
      }
    }
  }
  fftw_execute(hb->inv);
  PetscFunctionReturn(0);
}

// forward transform of tbuf, coefficients of its first m signals into signals s0..s0+m-1 of X
PetscErrorCode TriboHBStore_Private(TriboHB hb, PetscInt nsig, PetscInt s0, PetscInt m, PetscReal X[])
{
  PetscInt      nc = hb->Nt / 2 + 1;
  const double *c  = (const double *)hb->cbuf;

  PetscFunctionBeginUser;
  fftw_execute(hb->fwd);
  for (PetscInt s = 0; s < m; s++) {
    const double *cs = &c[2 * nc * s];
    for (PetscInt a = 0; a < hb->nh; a++) {
      PetscInt h = hb->harm[a], k = hb->col[a];
      if (h == 0)
        X[k * nsig + s0 + s] = cs[0] / hb->Nt;
      else {
        X[k * nsig + s0 + s]       = 2 * cs[2 * h] / hb->Nt;
        X[(k + 1) * nsig + s0 + s] = -2 * cs[2 * h + 1] / hb->Nt;
      }
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboHBToTime - Samples many signals over one period (inverse transform).

  Not collective

  Input Parameters:
+ hb   - the layout, set up
. nsig - number of signals
- X    - coefficients, X[k nsig + s]

  Output Parameter:
. x - samples x[j nsig + s] = X0 + sum_h (Xc_h cos(h tau_j) + Xs_h sin(h tau_j)), tau_j = 2 pi j/Nt (FFTW c2r, see TriboHBSetUp())
@*/
PetscErrorCode TriboHBToTime(TriboHB hb, PetscInt nsig, const PetscReal X[], PetscReal x[])
{
  PetscInt Nt = hb->Nt, bsig = 3 * hb->bs;

  PetscFunctionBeginUser;
  PetscCheck(hb->setup, hb->comm, PETSC_ERR_ORDER, "call TriboHBSetUp() first");
  for (PetscInt s0 = 0; s0 < nsig; s0 += bsig) {
    PetscInt m = PetscMin(bsig, nsig - s0);
    PetscCall(TriboHBLoad_Private(hb, nsig, s0, m, X));
    for (PetscInt s = 0; s < m; s++)
      for (PetscInt j = 0; j < Nt; j++) x[j * nsig + s0 + s] = hb->tbuf[s * Nt + j];
  }
  PetscFunctionReturn(0);
}

/*@
  TriboHBToHarmonics - Fourier coefficients of the kept harmonics of many sampled signals (forward transform).

  Not collective

  Input Parameters:
+ hb   - the layout, set up
. nsig - number of signals
- x    - samples x[j nsig + s] at tau_j = 2 pi j/Nt

  Output Parameter:
. X - coefficients X[k nsig + s]: X0 = (1/Nt) sum_j x_j, Xc_h = (2/Nt) sum_j x_j cos(h tau_j), Xs_h = (2/Nt) sum_j x_j sin(h tau_j)
      (NLvib HB_residual.m: fft/N, doubled for h >= 1; FFTW r2c)
@*/
PetscErrorCode TriboHBToHarmonics(TriboHB hb, PetscInt nsig, const PetscReal x[], PetscReal X[])
{
  PetscInt Nt = hb->Nt, bsig = 3 * hb->bs;

  PetscFunctionBeginUser;
  PetscCheck(hb->setup, hb->comm, PETSC_ERR_ORDER, "call TriboHBSetUp() first");
  for (PetscInt s0 = 0; s0 < nsig; s0 += bsig) {
    PetscInt m = PetscMin(bsig, nsig - s0);
    PetscCall(PetscArrayzero(hb->tbuf, Nt * bsig));
    for (PetscInt s = 0; s < m; s++)
      for (PetscInt j = 0; j < Nt; j++) hb->tbuf[s * Nt + j] = x[j * nsig + s0 + s];
    PetscCall(TriboHBStore_Private(hb, nsig, s0, m, X));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboHBSetFrequency - Sets the fundamental frequency Omega of the expansion, used for the velocities of
  rate-dependent laws in the AFT.

  Not collective

  Input Parameters:
+ hb    - the layout
- Omega - fundamental frequency [rad/s], tau = Omega t (default 0: no velocity, every law quasi-static)

  Notes:
  The relative velocity is v(tau) = Omega du/dtau, whose harmonic coefficients are Omega h Xs_h (cos column) and
  -Omega h Xc_h (sin column); TriboHBAFTV() samples it with the same transform as the displacements. An analysis
  that varies the frequency (EPMC, forced response) sets it before every evaluation.

.seealso: TriboHBGetFrequency(), TriboHBAFTV()
@*/
PetscErrorCode TriboHBSetFrequency(TriboHB hb, PetscReal Omega)
{
  PetscFunctionBeginUser;
  PetscCheck(PetscIsNormalReal(Omega) || Omega == 0, hb->comm, PETSC_ERR_USER_INPUT, "the frequency Omega must be finite, got %g", (double)Omega);
  hb->Omega = Omega;
  PetscFunctionReturn(0);
}

/*@
  TriboHBGetFrequency - The fundamental frequency Omega set by TriboHBSetFrequency() (default 0).

  Not collective

  Input Parameter:
. hb - the layout

  Output Parameter:
. Omega - fundamental frequency [rad/s]
@*/
PetscErrorCode TriboHBGetFrequency(TriboHB hb, PetscReal *Omega)
{
  PetscFunctionBeginUser;
  *Omega = hb->Omega;
  PetscFunctionReturn(0);
}

/*@
  TriboHBGetAFTPeriods - How the march of the last TriboHBAFT() call with a hysteretic law went.

  Not collective

  Input Parameter:
. hb - the layout

  Output Parameters (NULL to skip):
+ maxper  - the most periods any point needed
- nunconv - points whose history was not periodic within rtol after the cap of periods (TriboHBSetAFTTolerances())
@*/
PetscErrorCode TriboHBGetAFTPeriods(TriboHB hb, PetscInt *maxper, PetscInt *nunconv)
{
  PetscFunctionBeginUser;
  if (maxper) *maxper = hb->lastper;
  if (nunconv) *nunconv = hb->lastunconv;
  PetscFunctionReturn(0);
}

/*@
  TriboHBDestroy - Destroys the layout and its FFTW plans.

  Not collective

  Input Parameter:
. hb - the layout, set to NULL
@*/
PetscErrorCode TriboHBDestroy(TriboHB *hb)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(hb, TRIBO_HB_CLASSID);
  if ((*hb)->fwd) fftw_destroy_plan((*hb)->fwd);
  if ((*hb)->inv) fftw_destroy_plan((*hb)->inv);
  if ((*hb)->tbuf) fftw_free((*hb)->tbuf);
  if ((*hb)->cbuf) fftw_free((*hb)->cbuf);
  PetscCall(PetscFree2((*hb)->harm, (*hb)->col));
  PetscCall(PetscFree2((*hb)->basis, (*hb)->wt));
  PetscCall(PetscHeaderDestroy(hb));
  PetscFunctionReturn(0);
}
