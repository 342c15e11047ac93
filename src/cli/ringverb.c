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
. -output ringdown.h5         - result: /ringdown/backbone (amplitude, frequency Hz, damping ratio; amplitude increasing), time, signal
- -ringdown_png FILE          - picture (default: the output name with .png)
@*/
PetscErrorCode TriboVerbRingdown(MPI_Comm comm, PetscBool help)
{
  char in[PETSC_MAX_PATH_LEN] = "", infile[PETSC_MAX_PATH_LEN], col[64] = "signal", out[PETSC_MAX_PATH_LEN] = "ringdown.h5",
       png[PETSC_MAX_PATH_LEN] = "";
  PetscReal             fs = 0, band[2] = {0, 0}, factor = 100, *y = NULL, *bbk, *sig;
  PetscInt              nband = 2, ncyc = 16, n, dims[2], step;
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
  PetscCall(PetscOptionsRealArray("-ringdown_band", "the mode's band lo,hi (Hz; default 0.8 to 1.2 times the spectrum's largest peak)",
                                  "TriboRingdownExtract", band, &nband, &setband));
  PetscCall(
      PetscOptionsReal("-ringdown_noise_factor", "cut windows not above this times the noise floor", "TriboRingdownExtract", factor, &factor, NULL));
  PetscCall(PetscOptionsInt("-ringdown_window", "cycles per window of the fits", "TriboRingdownExtract", ncyc, &ncyc, NULL));
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
                        setin ? in : "built-in synthetic two-mode signal", n, (double)fs, (double)bb.noise, bb.n, ncyc, (double)factor));
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
