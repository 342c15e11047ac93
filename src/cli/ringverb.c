#include <tribocli.h>
#include <tribofit.h>

/* The built-in synthetic ringdown: two modes, each x_k = a_k cos(phi_k) with the slow flow phi' = omega(a),
   a' = -zeta(a) omega(a) a integrated by RK4 at the sample step. Mode 1: 50 Hz at small amplitude, softening 3 %
   and damping 0.4 % -> 1 % as a^2 / (a^2 + 0.3^2) rises, a(0) = 1; mode 2: 180 Hz, zeta 0.3 %, a(0) = 0.5;
   Gaussian noise of standard deviation 1e-4 (tribo's generator, seed 1). 2 kHz for 10 s (mode 1 decays into the noise). */
static void SynthLaw_Private(PetscInt mode, PetscReal a, PetscReal *w, PetscReal *z)
{
  PetscReal s = a * a / (a * a + 0.09);
  if (mode == 0)
    *w = 2 * PETSC_PI * 50 * (1 - 0.03 * s), *z = 0.004 + 0.006 * s;
  else
    *w = 2 * PETSC_PI * 180, *z = 0.003;
}

/* The built-in RIPP ringdown (-ringdown_synthetic ripp): tribo's iwan4 element fs = 8 N, kt = 19739 N/m, chi = -0.5, beta = 1
   (phi_MAX = 6.079e-4 m) in parallel with k0 = 78957 N/m on a unit mass (50 Hz stuck, 44.72 Hz slipping), x'(0) = 0.1 m/s,
   2 kHz for 30 s (TriboRingdownSynthesizeRIPP(); the same case as test t537) */
static const PetscReal RIPPTruth[4] = {8, 19739, -0.5, 1};

static PetscErrorCode Synthetic_Private(PetscReal fs, PetscReal T, PetscInt *n, PetscReal **y)
{
  PetscInt    m = (PetscInt)(fs * T);
  PetscReal  *x, h = 1 / fs;
  TriboRandom r;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(m, &x));
  for (PetscInt mode = 0; mode < 2; mode++) {
    PetscReal a = mode ? 0.5 : 1, ph = 0;
    for (PetscInt i = 0; i < m; i++) {
      PetscReal k1a, k1p, k2a, k2p, k3a, k3p, k4a, k4p, w, z;
      x[i] += a * PetscCosReal(ph);
      SynthLaw_Private(mode, a, &w, &z), k1a = -z * w * a, k1p = w;
      SynthLaw_Private(mode, a + 0.5 * h * k1a, &w, &z), k2a = -z * w * (a + 0.5 * h * k1a), k2p = w;
      SynthLaw_Private(mode, a + 0.5 * h * k2a, &w, &z), k3a = -z * w * (a + 0.5 * h * k2a), k3p = w;
      SynthLaw_Private(mode, a + h * k3a, &w, &z), k4a = -z * w * (a + h * k3a), k4p = w;
      a += h / 6 * (k1a + 2 * k2a + 2 * k3a + k4a);
      ph += h / 6 * (k1p + 2 * k2p + 2 * k3p + k4p);
    }
  }
  TriboRandomSeed(&r, 1);
  for (PetscInt i = 0; i < m; i++) { // Box-Muller
    PetscReal u1 = 1 - TriboRandomUniform(&r), u2 = TriboRandomUniform(&r);
    x[i] += 1e-4 * PetscSqrtReal(-2 * PetscLogReal(u1)) * PetscCosReal(2 * PETSC_PI * u2);
  }
  *n = m;
  *y = x;
  PetscFunctionReturn(0);
}

/* -ringdown_ripp: the RIPP parameters of the extracted backbone (TriboRingdownEstimateRIPP(), brake-ripp §4 eqs. 40-47),
   printed and stored as attributes of /ringdown/ripp. The amplitudes are converted to displacements in m first
   (-ringdown_amplitude displacement|acceleration, -ringdown_units m|mm|um|m/s^2|g). */
typedef struct {
  PetscBool        on;
  TriboRIPPOptions opt;
  TriboAmplitude   meaning;
  char             units[16];
} RIPPSetup;

static PetscErrorCode RIPPOptions_Private(PetscOptionItems *PetscOptionsObject, RIPPSetup *r)
{
  PetscFunctionBeginUser;
  PetscCall(PetscOptionsBool("-ringdown_ripp", "estimate the RIPP (4-parameter Iwan) parameters of the backbone (brake-ripp eqs. 40-47)",
                             "TriboRingdownEstimateRIPP", r->on, &r->on, NULL));
  PetscCall(PetscOptionsReal("-ringdown_ripp_mass", "modal mass m (kg)", "TriboRingdownEstimateRIPP", r->opt.mass, &r->opt.mass, NULL));
  PetscCall(PetscOptionsReal("-ringdown_ripp_phimax", "phi_MAX (m; default ten times the largest amplitude)", "TriboRingdownEstimateRIPP",
                             r->opt.phimax, &r->opt.phimax, NULL));
  PetscCall(PetscOptionsReal("-ringdown_ripp_fslip", "frequency with the joint slipping (Hz; default the frequency at the largest amplitude)",
                             "TriboRingdownEstimateRIPP", r->opt.fslip, &r->opt.fslip, NULL));
  PetscCall(PetscOptionsReal("-ringdown_ripp_low", "fraction of the log-amplitude range used as low amplitude (chi, F_S)",
                             "TriboRingdownEstimateRIPP", r->opt.low, &r->opt.low, NULL));
  PetscCall(PetscOptionsBool("-ringdown_ripp_reduced", "the parameters are for tribo's reduced RIPP law iwan4 (dissipation 2^(chi+1) times eq. 45)",
                             "TriboRingdownEstimateRIPP", r->opt.reduced, &r->opt.reduced, NULL));
  PetscCall(PetscOptionsEnum("-ringdown_amplitude", "what the signal is: displacement or acceleration (modal: taken as displacement in m)",
                             "TriboAmplitudeToDisplacement", TriboAmplitudes, (PetscEnum)r->meaning, (PetscEnum *)&r->meaning, NULL));
  PetscCall(PetscOptionsString("-ringdown_units", "the signal's unit: m, mm, um, m/s^2, g", "TriboAmplitudeUnitScale", r->units, r->units,
                               sizeof(r->units), NULL));
  PetscFunctionReturn(0);
}

static PetscErrorCode RIPPWrite_Private(TriboH5 h, const RIPPSetup *r, const TriboRIPPEstimate *e)
{
  PetscReal v[10] = {e->kt, e->phimax, e->chi, e->fs, e->beta, e->omega1, e->omega2, e->fs0, e->beta0, r->opt.mass};
  PetscInt  n     = 10;

  PetscFunctionBeginUser;
  PetscCall(TriboH5WriteReal(h, "/ringdown/ripp", 1, &n, v));
  PetscCall(
      TriboH5WriteAttrString(h, "/ringdown/ripp", "columns",
                             "kt (N/m), phimax (m), chi, fs (N), beta, omega1 (rad/s), omega2 (rad/s), fs of eq. 43 (N), beta of eq. 44 from it, "
                             "modal mass (kg)"));
  PetscCall(TriboH5WriteAttrString(h, "/ringdown/ripp", "law", r->opt.reduced ? "iwan4 (reduced RIPP)" : "Segalman 4-parameter Iwan (Masing)"));
  PetscFunctionReturn(0);
}

static PetscErrorCode RIPPEstimate_Private(MPI_Comm comm, RIPPSetup *r, const TriboRingdownBackbone *bb, TriboRIPPEstimate *est)
{
  PetscReal        *u, *w, scale;
  PetscBool         acc;
  TriboRIPPEstimate e;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(bb->n, &u, bb->n, &w));
  for (PetscInt i = 0; i < bb->n; i++) u[i] = bb->amp[i], w[i] = 2 * PETSC_PI * bb->freq[i];
  PetscCall(TriboAmplitudeUnitScale(comm, "-ringdown_units", r->units, &scale, &acc));
  if (r->meaning == TRIBO_AMPLITUDE_MODAL) r->meaning = TRIBO_AMPLITUDE_DISPLACEMENT;
  PetscCall(TriboAmplitudeToDisplacement(comm, "-ringdown_amplitude", r->meaning, scale, acc, bb->n, w, u));
  PetscCall(TriboRingdownEstimateRIPP(comm, bb->n, u, bb->freq, bb->zeta, &r->opt, &e));
  PetscCall(
      PetscPrintf(comm,
                  "  RIPP (brake-ripp §4): K_T %.5g N/m (eq. 40: %.5g -> %.5g Hz), phi_MAX %.4g m, chi %.4f (eq. 42 slope), F_S %.5g N, beta %.4g "
                  "(eqs. 44-46; eq. 43 first guess F_S %.4g N, beta %.4g), from %" PetscInt_FMT " low-amplitude windows\n",
                  (double)e.kt, (double)(e.omega1 / (2 * PETSC_PI)), (double)(e.omega2 / (2 * PETSC_PI)), (double)e.phimax, (double)e.chi,
                  (double)e.fs, (double)e.beta, (double)e.fs0, (double)e.beta0, e.nlow));
  PetscCall(PetscFree2(u, w));
  *est = e;
  PetscFunctionReturn(0);
}

/*@
  TriboVerbRingdown - tribo ringdown: the free decay of one mode in a time signal to its backbone (amplitude-dependent
  frequency and damping): band-pass and Hilbert transform (FFTW), window fits of phase and log amplitude, the noise floor cut
  (src/fit/ringdown.c); without -ringdown_input a built-in synthetic two-mode signal

  Collective

  Options Database Keys:
+ -ringdown_input FILE        - the signal: CSV with a header row (column -ringdown_column, and time if present) or file.h5:/dataset (a vector)
. -ringdown_column <signal>   - the CSV column of the signal
. -ringdown_rate <Hz>         - sample rate (from the CSV's time column if there is one)
. -ringdown_band lo,hi        - the mode's band (Hz; default 0.8-1.2 times the largest spectral peak)
. -ringdown_noise_factor <100> - windows whose smallest amplitude is not above this times the noise floor are cut
. -ringdown_window <16>       - cycles per window
. -ringdown_synthetic twomode|ripp - the built-in signal (ripp: the free decay of a RIPP whole-joint ROM, see RIPPTruth)
. -ringdown_ripp              - estimate the RIPP parameters of the backbone (brake-ripp §4 eqs. 40-47, TriboRingdownEstimateRIPP()), stored
                                in /ringdown/ripp; with -ringdown_ripp_mass <1> kg, -ringdown_ripp_phimax m, -ringdown_ripp_fslip Hz,
                                -ringdown_ripp_low <0.5>, -ringdown_ripp_reduced <true>
. -ringdown_amplitude displacement|acceleration, -ringdown_units m|mm|um|m/s^2|g - what the signal is (for -ringdown_ripp)
. -output ringdown.h5         - result: /ringdown/backbone (amplitude, frequency Hz, damping ratio; amplitude increasing), time, signal
- -ringdown_png FILE          - picture (default: the output name with .png)
@*/
PetscErrorCode TriboVerbRingdown(MPI_Comm comm, PetscBool help)
{
  char in[PETSC_MAX_PATH_LEN] = "", infile[PETSC_MAX_PATH_LEN], col[64] = "signal", out[PETSC_MAX_PATH_LEN] = "ringdown.h5",
       png[PETSC_MAX_PATH_LEN] = "";
  PetscReal             fs = 0, band[2] = {0, 0}, factor = 100, *y = NULL, *bbk, *sig;
  PetscInt              nband = 2, ncyc = 16, n, dims[2], step, synth = 0;
  RIPPSetup             ripp     = {.on = PETSC_FALSE, .opt = {.mass = 1, .phimax = 0, .fslip = 0, .low = 0.5, .reduced = PETSC_TRUE}, .units = "m"};
  TriboRIPPEstimate     est      = {0};
  const char           *synths[] = {"twomode", "ripp"};
  PetscBool             setin, setband, setrate, drawn;
  TriboH5               h;
  TriboRingdownBackbone bb;
  const char           *inputs[1];

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo ringdown [-ringdown_input sig.csv -ringdown_column x] [-ringdown_rate Hz] [-ringdown_band lo,hi] [-output "
                                "ringdown.h5]: a ringdown to a backbone\n"));
  PetscCall(TriboOptionsUseNamespace(NULL, "ringdown_"));
  TriboOptionsBegin(comm, NULL, "tribo ringdown: a free decay to a backbone (band-pass, Hilbert transform)", "tribo");
  PetscCall(PetscOptionsString("-ringdown_input",
                               "the signal: CSV with a header row, or file.h5:/dataset (default: the built-in synthetic two-mode ringdown)",
                               "TriboTableRead", in, in, sizeof(in), &setin));
  PetscCall(PetscOptionsString("-ringdown_column", "the CSV column of the signal", "TriboTableRead", col, col, sizeof(col), NULL));
  PetscCall(
      PetscOptionsReal("-ringdown_rate", "sample rate (Hz; from the CSV's time column if it has one)", "TriboRingdownExtract", fs, &fs, &setrate));
  PetscCall(TriboOptionsRealArray("-ringdown_band", "the mode's band lo,hi (Hz; default 0.8 to 1.2 times the spectrum's largest peak)",
                                  "TriboRingdownExtract", band, &nband, &setband, 0));
  PetscCall(
      PetscOptionsReal("-ringdown_noise_factor", "cut windows not above this times the noise floor", "TriboRingdownExtract", factor, &factor, NULL));
  PetscCall(PetscOptionsEList("-ringdown_synthetic",
                              "the built-in signal without -ringdown_input: twomode, or ripp (a RIPP whole-joint ROM's free decay)",
                              "TriboRingdownSynthesizeRIPP", synths, 2, synths[synth], &synth, NULL));
  PetscCall(RIPPOptions_Private(PetscOptionsObject, &ripp));
  PetscCall(TriboOptionsInt("-ringdown_window", "cycles per window of the fits", "TriboRingdownExtract", ncyc, &ncyc, NULL));
  PetscCall(PetscOptionsString("-output", "result file (HDF5, written atomically)", "TriboH5Create", out, out, sizeof(out), NULL));
  PetscCall(PetscOptionsString("-ringdown_png", "picture of the backbone (default: the output name with .png)", "TriboDrawPicture", png, png,
                               sizeof(png), NULL));
  TriboOptionsEnd();
  if (help) PetscFunctionReturn(0);
  PetscCall(TriboCheckOptionsUsed(comm, "ringdown"));
  PetscCheck(!setband || (nband == 2 && band[0] > 0 && band[1] > band[0]), comm, PETSC_ERR_USER_INPUT,
             "option -ringdown_band: expected two frequencies lo,hi in Hz with 0 < lo < hi, got %" PetscInt_FMT " values", nband);
  PetscCheck(factor > 0, comm, PETSC_ERR_USER_INPUT, "option -ringdown_noise_factor: expected > 0, got %g", (double)factor);
  PetscCall(PetscStrncpy(infile, in, sizeof(infile)));
  if (strstr(infile, ".h5:")) strstr(infile, ".h5:")[3] = 0; // the file of file.h5:/dataset
  inputs[0] = infile;
  PetscCall(TriboCheckOutput(comm, "-output", out, setin ? 1 : 0, inputs));
  if (!setin) {
    if (!setrate) fs = 2000;
    if (synth == 1) {
      PetscCall(TriboRingdownSynthesizeRIPP(comm, RIPPTruth, 78957, 1, 0.1, fs, 30, 20, &n, &y));
    } else
      PetscCall(Synthetic_Private(fs, 10, &n, &y));
  } else {
    const char *names[2] = {"?time", col};
    PetscReal  *d;
    PetscBool   h5 = (PetscBool)(strstr(in, ".h5:") != NULL);
    PetscCall(TriboTableRead(comm, "-ringdown_input", in, h5 ? 1 : 2, h5 ? names + 1 : names, &n, &d));
    PetscCall(PetscMalloc1(n, &y));
    for (PetscInt i = 0; i < n; i++) y[i] = h5 ? d[i] : d[2 * i + 1];
    if (!h5 && !PetscIsNanReal(d[0]) && !setrate) {
      PetscCheck(n >= 2 && d[2 * (n - 1)] > d[0], comm, PETSC_ERR_FILE_UNEXPECTED, "%s (option -ringdown_input): the time column must increase", in);
      fs = (n - 1) / (d[2 * (n - 1)] - d[0]);
      for (PetscInt i = 1; i < n; i++)
        PetscCheck(PetscAbsReal((d[2 * i] - d[2 * i - 2]) * fs - 1) < 1e-3, comm, PETSC_ERR_FILE_UNEXPECTED,
                   "%s (option -ringdown_input): row %" PetscInt_FMT ": the samples must be uniform in time (step %g s, the mean is %g s)", in, i + 1,
                   (double)(d[2 * i] - d[2 * i - 2]), (double)(1 / fs));
    }
    PetscCall(PetscFree(d));
    PetscCheck(fs > 0, comm, PETSC_ERR_USER_INPUT, "%s has no time column; give the sample rate with -ringdown_rate Hz", in);
  }
  PetscCall(TriboRingdownExtract(comm, n, y, fs, band[0], band[1], factor, ncyc, &bb));
  if (ripp.on) PetscCall(RIPPEstimate_Private(comm, &ripp, &bb, &est)); // before the file: a refused estimate writes nothing
  PetscCall(PetscMalloc1(3 * bb.n, &bbk));
  for (PetscInt i = 0; i < bb.n; i++) { // amplitude increasing: the decay reversed
    PetscInt j     = bb.n - 1 - i;
    bbk[3 * i]     = bb.amp[j];
    bbk[3 * i + 1] = bb.freq[j];
    bbk[3 * i + 2] = bb.zeta[j];
  }
  PetscCall(PetscPrintf(comm,
                        "tribo ringdown: %s, %" PetscInt_FMT " samples at %g Hz; noise floor %g; %" PetscInt_FMT " windows of %" PetscInt_FMT
                        " cycles above %g times it\n",
                        setin   ? in
                        : synth ? "built-in synthetic RIPP ringdown"
                                : "built-in synthetic two-mode signal",
                        n, (double)fs, (double)bb.noise, bb.n, ncyc, (double)factor));
  PetscCall(PetscPrintf(comm, "  amplitude %.4g .. %.4g: frequency %.6g .. %.6g Hz, damping ratio %.4g .. %.4g\n", (double)bbk[0],
                        (double)bbk[3 * (bb.n - 1)], (double)bbk[1], (double)bbk[3 * (bb.n - 1) + 1], (double)bbk[2],
                        (double)bbk[3 * (bb.n - 1) + 2]));
  PetscCall(TriboH5Create(comm, out, &h));
  PetscCall(TriboH5WriteMeta(h, "ringdown", setin ? 1 : 0, inputs));
  dims[0] = bb.n, dims[1] = 3;
  PetscCall(TriboH5WriteReal(h, "/ringdown/backbone", 2, dims, bbk));
  PetscCall(TriboH5WriteReal(h, "/ringdown/time", 1, dims, bb.t));
  step    = PetscMax(n / 20000, 1);
  dims[0] = (n + step - 1) / step;
  PetscCall(PetscMalloc1(dims[0], &sig));
  for (PetscInt i = 0; i < dims[0]; i++) sig[i] = y[i * step];
  PetscCall(TriboH5WriteReal(h, "/ringdown/signal", 1, dims, sig));
  PetscCall(TriboH5WriteAttrReal(h, "/ringdown", "signal_dt", step / fs));
  PetscCall(TriboH5WriteAttrReal(h, "/ringdown", "rate", fs));
  PetscCall(TriboH5WriteAttrReal(h, "/ringdown", "noise_floor", bb.noise));
  PetscCall(TriboH5WriteAttrReal(h, "/ringdown", "noise_factor", factor));
  PetscCall(TriboH5WriteAttrInt(h, "/ringdown", "window_cycles", ncyc));
  PetscCall(TriboH5WriteAttrString(h, "/ringdown/backbone", "columns", "amplitude (signal units), frequency (Hz), damping ratio"));
  if (ripp.on) PetscCall(RIPPWrite_Private(h, &ripp, &est));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(
      PetscPrintf(comm, "wrote %s (/ringdown/backbone: amplitude, frequency, damping; tribo fit -fit_measured %s:/ringdown/backbone)\n", out, out));
  if (!png[0]) PetscCall(TriboPictureName(out, png, sizeof(png)));
  PetscCall(TriboDrawPicture(comm, out, "ringdown", png, 0, NULL, &drawn));
  if (drawn) PetscCall(PetscPrintf(comm, "wrote %s\n", png));
  PetscCall(PetscFree(sig));
  PetscCall(PetscFree(bbk));
  PetscCall(PetscFree(y));
  PetscCall(TriboRingdownBackboneFree(&bb));
  PetscFunctionReturn(0);
}
