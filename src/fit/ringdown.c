/* Ringdown to backbone: the free decay of one mode in a measured signal to its amplitude-dependent frequency and damping.
   1. Band-pass and Hilbert transform in one step (FFTW): the one-sided spectrum of the signal (zero-padded to twice
      its length) inside the band
      [f_lo, f_hi] (raised-cosine edges over 10 % of the band each), doubled, transformed back, is the analytic signal
      z(t) = a(t) e^{i phi(t)} of the mode (Feldman, "Hilbert transform applications in mechanical vibration", 2011,
      §2; paper brake-ripp-reduced-iwan-pinning §4 processes its ringdowns in the same way).
   2. For a slowly varying free decay x = a cos(phi), phi' = omega(a) and a' = -zeta(a) omega(a) a, so over a window of
      -ringdown_window cycles the least-squares slopes of phi(t) and ln a(t) give omega = phi' and
      zeta = -(ln a)' / phi', at the amplitude a = exp(fitted ln a) of the window's centre (windows overlap by half).
   3. The ends of the record (3 / band width seconds each), where the filter rings, are dropped; the noise floor is the
      median of a(t) over the last 10 % of what remains (a ringdown decays into its noise: where the record stops before,
      the floor is the signal's last amplitude and the cut only drops the last windows); windows whose smallest amplitude is not above
      -ringdown_noise_factor times the floor are cut. */
#include <tribofit.h>
#include <fftw3.h>
#include <math.h>

// fftw_complex is double[2] or a C99 complex depending on the headers before fftw3.h: index it as pairs of doubles
#define RE(z, k) (((double *)(z))[2 * (k)])
#define IM(z, k) (((double *)(z))[2 * (k) + 1])

static int CompareReal_Private(const void *a, const void *b)
{
  PetscReal x = *(const PetscReal *)a, y = *(const PetscReal *)b;
  return x < y ? -1 : x > y;
}

/* least-squares slope and value at the centre of y(t) over [s, s+L) */
static void Line_Private(PetscInt s, PetscInt L, PetscReal dt, const PetscReal y[], PetscReal *slope, PetscReal *mid)
{
  PetscReal tm = 0.5 * (L - 1) * dt, sy = 0, sty = 0, stt = 0;

  for (PetscInt i = 0; i < L; i++) {
    PetscReal t = i * dt - tm;
    sy += y[s + i];
    sty += t * y[s + i];
    stt += t * t;
  }
  *slope = sty / stt;
  *mid   = sy / L;
}

/*@
  TriboRingdownExtract - the backbone of one mode from its free decay (band-pass, Hilbert transform, window fits)

  Collective (every rank computes the same; comm for the messages)

  Input Parameters:
+ comm    - communicator
. n       - samples
. y       - the signal, uniformly sampled
. fs      - sample rate (Hz)
. flo,fhi - the mode's band (Hz); flo <= 0: 0.8 to 1.2 times the frequency of the spectrum's largest peak
. factor  - windows whose smallest amplitude is not above factor times the noise floor are cut
- ncyc    - cycles per window (at the band's centre frequency)

  Output Parameter:
. bb - times, amplitudes, frequencies (Hz) and damping ratios of the windows kept, and the noise floor;
       TriboRingdownBackboneFree() it
@*/
PetscErrorCode TriboRingdownExtract(MPI_Comm comm, PetscInt n, const PetscReal y[], PetscReal fs, PetscReal flo, PetscReal fhi, PetscReal factor,
                                    PetscInt ncyc, TriboRingdownBackbone *bb)
{
  PetscInt      N = 2 * n, nh = N / 2 + 1, trim, L, hop, i0, i1, nw = 0, cap;
  double       *in;
  fftw_complex *Y, *Z;
  fftw_plan     p;
  PetscReal    *amp, *la, *ph, *tail, df = fs / N, dt = 1 / fs, noise;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(bb, sizeof(*bb)));
  PetscCheck(n >= 64, comm, PETSC_ERR_USER_INPUT, "ringdown: the signal has %" PetscInt_FMT " samples, expected at least 64", n);
  PetscCheck(fs > 0, comm, PETSC_ERR_USER_INPUT, "ringdown: the sample rate must be > 0, got %g Hz (option -ringdown_rate)", (double)fs);
  PetscCheck(ncyc >= 2, comm, PETSC_ERR_USER_INPUT, "ringdown: need at least 2 cycles per window, got %" PetscInt_FMT " (option -ringdown_window)",
             ncyc);
  { // a constant record has no mode (its spectrum is the window's, peaked at the lowest bin: it was reported as too short)
    PetscReal mean = 0, var = 0;
    for (PetscInt i = 0; i < n; i++) mean += y[i] / n;
    for (PetscInt i = 0; i < n; i++) var += (y[i] - mean) * (y[i] - mean) / n;
    PetscCheck(PetscSqrtReal(var) > 1e-12 * PetscAbsReal(mean) && var > 0, comm, PETSC_ERR_USER_INPUT,
               "ringdown: the signal is constant (%g over all %" PetscInt_FMT " samples): there is no decay to analyse", (double)mean, n);
  }
  PetscCall(PetscMalloc4(n, &amp, n, &la, n, &ph, n, &tail));
  in = fftw_alloc_real((size_t)N);
  Y  = fftw_alloc_complex((size_t)nh);
  Z  = fftw_alloc_complex((size_t)N);
  PetscCheck(in && Y && Z, PETSC_COMM_SELF, PETSC_ERR_MEM, "ringdown: FFTW could not allocate %" PetscInt_FMT " samples", n);
  for (PetscInt i = 0; i < N; i++) in[i] = i < n ? y[i] : 0; // zero-padded: no wrap-around of the end onto the start
  p = fftw_plan_dft_r2c_1d((int)N, in, Y, FFTW_ESTIMATE);
  PetscCheck(p, PETSC_COMM_SELF, PETSC_ERR_LIB, "ringdown: FFTW could not plan a transform of %" PetscInt_FMT " samples", n);
  fftw_execute(p);
  fftw_destroy_plan(p);
  if (flo <= 0) {
    PetscInt  kmax = 1;
    PetscReal amax = 0;
    for (PetscInt k = 1; k < nh; k++) {
      PetscReal a = RE(Y, k) * RE(Y, k) + IM(Y, k) * IM(Y, k);
      if (a > amax) amax = a, kmax = k;
    }
    flo = 0.8 * kmax * df, fhi = 1.2 * kmax * df;
  }
  PetscCheck(fhi > flo && fhi <= fs / 2, comm, PETSC_ERR_USER_INPUT,
             "ringdown: the band [%g, %g] Hz must have f_lo < f_hi <= half the sample rate %g Hz (option -ringdown_band)", (double)flo, (double)fhi,
             (double)(fs / 2));
  for (PetscInt k = 0; k < N; k++) RE(Z, k) = IM(Z, k) = 0;
  for (PetscInt k = 1; k < nh; k++) {
    PetscReal f = k * df, e = 0.1 * (fhi - flo), w;
    if (f < flo || f > fhi || (2 * k == N)) continue;
    w = f < flo + e ? 0.5 * (1 - PetscCosReal(PETSC_PI * (f - flo) / e)) : f > fhi - e ? 0.5 * (1 - PetscCosReal(PETSC_PI * (fhi - f) / e)) : 1;
    RE(Z, k) = 2 * w * RE(Y, k) / N;
    IM(Z, k) = 2 * w * IM(Y, k) / N;
  }
  p = fftw_plan_dft_1d((int)N, Z, Z, FFTW_BACKWARD, FFTW_ESTIMATE);
  PetscCheck(p, PETSC_COMM_SELF, PETSC_ERR_LIB, "ringdown: FFTW could not plan a transform of %" PetscInt_FMT " samples", n);
  fftw_execute(p);
  fftw_destroy_plan(p);
  for (PetscInt i = 0; i < n; i++) {
    amp[i] = PetscSqrtReal(RE(Z, i) * RE(Z, i) + IM(Z, i) * IM(Z, i));
    la[i]  = PetscLogReal(PetscMax(amp[i], PETSC_SMALL * PETSC_SMALL));
    ph[i]  = atan2(IM(Z, i), RE(Z, i));
    if (i) { // unwrap
      PetscReal d = ph[i] - ph[i - 1];
      ph[i] -= 2 * PETSC_PI * PetscFloorReal((d + PETSC_PI) / (2 * PETSC_PI));
    }
  }
  fftw_free(in);
  fftw_free(Y);
  fftw_free(Z);
  trim = (PetscInt)PetscCeilReal(3 * fs / (fhi - flo));
  L    = (PetscInt)PetscCeilReal(ncyc * fs / (0.5 * (flo + fhi)));
  hop  = PetscMax(L / 2, 1);
  i0 = trim, i1 = n - trim;
  PetscCheck(
      i1 - i0 >= 2 * L, comm, PETSC_ERR_USER_INPUT,
      "ringdown: the record (%g s) is too short for the band [%g, %g] Hz: after dropping %g s at each end it must hold two windows of %" PetscInt_FMT
      " cycles",
      (double)(n * dt), (double)flo, (double)fhi, (double)(trim * dt), ncyc);
  { // noise floor: the median amplitude over the last 10 % of the record (a ringdown decays into its noise)
    PetscInt m = PetscMax((i1 - i0) / 10, 1);
    for (PetscInt i = 0; i < m; i++) tail[i] = amp[i1 - m + i];
    qsort(tail, (size_t)m, sizeof(PetscReal), CompareReal_Private);
    noise = tail[m / 2];
  }
  cap = (i1 - i0) / hop + 1;
  PetscCall(PetscMalloc4(cap, &bb->t, cap, &bb->amp, cap, &bb->freq, cap, &bb->zeta));
  for (PetscInt s = i0; s + L <= i1; s += hop) {
    PetscReal amin = PETSC_MAX_REAL, sa, ma, sp, mp;
    for (PetscInt i = s; i < s + L; i++) amin = PetscMin(amin, amp[i]);
    if (!(amin > factor * noise)) continue;
    Line_Private(s, L, dt, la, &sa, &ma);
    Line_Private(s, L, dt, ph, &sp, &mp);
    bb->t[nw]    = (s + 0.5 * (L - 1)) * dt;
    bb->amp[nw]  = PetscExpReal(ma);
    bb->freq[nw] = sp / (2 * PETSC_PI);
    bb->zeta[nw] = -sa / sp;
    nw++;
  }
  bb->n     = nw;
  bb->noise = noise;
  PetscCall(PetscFree4(amp, la, ph, tail));
  if (!nw) PetscCall(TriboRingdownBackboneFree(bb));
  PetscCheck(
      nw > 0, comm, PETSC_ERR_USER_INPUT,
      "ringdown: no window of the band [%g, %g] Hz is above %g times the noise floor %g (option -ringdown_noise_factor); is the band that of a mode?",
      (double)flo, (double)fhi, (double)factor, (double)noise);
  PetscFunctionReturn(0);
}

PetscErrorCode TriboRingdownBackboneFree(TriboRingdownBackbone *bb)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree4(bb->t, bb->amp, bb->freq, bb->zeta));
  bb->n = 0;
  PetscFunctionReturn(0);
}
