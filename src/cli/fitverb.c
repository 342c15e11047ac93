#include <tribocli.h>

/* The built-in measured backbone: tribo's own WJROM with a 4-parameter Iwan element fs = 10 N, kt = 1e5 N/m, chi = -0.5,
   beta = 0.01 (TriboWJROMSynthesizeBackbone(), Masing), with relative noise -fit_synthetic_noise (seed 1) */
static PetscErrorCode Synthetic_Private(MPI_Comm comm, PetscReal noise, TriboMeasuredBackbone *mb)
{
  const char     *names[] = {"fs", "kt", "chi", "beta"};
  const PetscReal v[]     = {10, 1e5, -0.5, 0.01};

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_masing", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_backbone_quiet", "1"));
  PetscCall(TriboWJROMSynthesizeBackbone(comm, "(built-in)", TRIBOLAWIWAN4, 4, names, v, noise, 1, mb));
  PetscFunctionReturn(0);
}

/* bounds on the built-in backbone: frequency f (1 -+ v), damping zeta (1 -+ 10 v) */
static PetscErrorCode SyntheticBounds_Private(MPI_Comm comm, PetscReal v, TriboMeasuredBackbone *mb)
{
  PetscReal *b;
  PetscInt   n = mb->n;

  PetscFunctionBeginUser;
  PetscCheck(v < 0.1, comm, PETSC_ERR_USER_INPUT, "option -fit_synthetic_variability: expected a value in [0, 0.1), got %g", (double)v);
  PetscCall(PetscMalloc1(4 * n, &b));
  for (PetscInt i = 0; i < n; i++) {
    PetscReal f = mb->omega[i] / (2 * PETSC_PI);
    b[i] = f * (1 - v), b[n + i] = f * (1 + v), b[2 * n + i] = mb->zeta[i] * (1 - 10 * v), b[3 * n + i] = mb->zeta[i] * (1 + 10 * v);
  }
  PetscCall(TriboMeasuredBackboneSetBounds(comm, "(built-in)", mb, b, b + n, b + 2 * n, b + 3 * n));
  PetscCall(PetscFree(b));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbFit - tribo fit: the parameters of a whole-joint ROM (one discrete element of a law, Masing RQNMA backbone) fitted to
  a measured backbone by NSGA-II (porter-et-al-2022 §3.5-3.7): the Pareto front of the frequency and damping errors (eq. 41),
  its area metric, the parameter ranges, a picture; without -fit_measured a built-in backbone made by tribo (4-parameter Iwan)

  Collective: the members of each generation are evaluated in parallel over the ranks

  Options Database Keys:
+ -fit_measured FILE          - CSV with columns amplitude, frequency (Hz), damping (ratio), optional frequency_lower, frequency_upper,
                                damping_lower, damping_upper (bounds) or repeat (several repeats), or file.h5:/dataset (n x 3)
. -fit_amplitude modal|displacement|acceleration, -fit_amplitude_units m|mm|um|m/s^2|g, -fit_recovery <1> - what the amplitude is
                                (TriboMeasuredBackboneLoadAs())
. -fit_synthetic_variability <0> - bounds on the built-in backbone (the experimental variability box)
. -fit_synthetic_mode <1>     - the built-in measured backbone of mode 1 or 2 (src/cli/fitpredict.c)
. -fit_predict FIT.h5, -fit_mode <2>, -fit_predict_k0 N/m, -fit_predict_psi <1>, -fit_predict_zeta0 <-1> - apply a mode-1 front to
                                another mode (TriboVerbFitPredict())
. -fit_synthetic_noise <0>    - relative noise on the built-in backbone
. -fit_method nsga2|bi|both   - NSGA-II, boundary intersection (eq. 43, -fit_bi_*: TriboBISetFromOptions()), or both
. -fit_* , -nsga_*, -friction_* - TriboFitSetFromOptions()
. -output fit.h5              - the result
- -fit_png FILE               - the Pareto picture (default: the output name with .png)
@*/
PetscErrorCode TriboVerbFit(MPI_Comm comm, PetscBool help)
{
  char                  in[PETSC_MAX_PATH_LEN] = "", infile[PETSC_MAX_PATH_LEN], out[PETSC_MAX_PATH_LEN] = "fit.h5", png[PETSC_MAX_PATH_LEN] = "";
  PetscReal             noise = 0, synvar = 0, recovery = 1;
  TriboAmplitude        meaning                     = TRIBO_AMPLITUDE_MODAL;
  char                  predict[PETSC_MAX_PATH_LEN] = ""; // -fit_predict: a mode-1 front on another mode (src/cli/fitpredict.c)
  PetscInt              pmode = 2, synmode = 1;
  PetscReal             pk0 = 0, ppsi = 1, pzeta0 = -1;
  PetscBool             setpredict, setpk0;
  char                  units[16] = "m";
  PetscBool             setin, drawn;
  TriboFit              fit;
  TriboMeasuredBackbone mb;
  TriboH5               h;
  const char           *inputs[1];
  PetscLogDouble        t0, t1;
  PetscInt              nev;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo fit [-fit_measured bb.csv] [-fit_law iwan4 -fit_params fs:1:100:log,...] [-fit_method nsga2|bi|both] "
                                "[-nsga_population 100 -nsga_generations 100] [-fit_bi_n 10] [-output fit.h5]\n"));
  TriboOptionsBegin(comm, NULL, "tribo fit: input and output", "tribo");
  PetscCall(PetscOptionsString("-fit_measured", "measured backbone: CSV (amplitude, frequency, damping) or file.h5:/dataset (default: built-in)",
                               "TriboMeasuredBackboneLoad", in, in, sizeof(in), &setin));
  PetscCall(PetscOptionsReal("-fit_synthetic_noise", "relative noise on the built-in backbone", "", noise, &noise, NULL));
  PetscCall(PetscOptionsReal("-fit_synthetic_variability", "bounds on the built-in backbone: frequency (1 +- v), damping (1 +- 10 v)", "", synvar,
                             &synvar, NULL));
  PetscCall(PetscOptionsEnum("-fit_amplitude", "what the measured amplitude is: modal, displacement or acceleration at the sensor",
                             "TriboMeasuredBackboneLoadAs", TriboAmplitudes, (PetscEnum)meaning, (PetscEnum *)&meaning, NULL));
  PetscCall(PetscOptionsString("-fit_amplitude_units", "its unit: m, mm, um (displacement), m/s^2, g (acceleration)", "TriboAmplitudeUnitScale",
                               units, units, sizeof(units), NULL));
  PetscCall(PetscOptionsString("-fit_predict", "apply the front of this mode-1 fit (tribo fit output) to the measured mode", "TriboVerbFitPredict",
                               predict, predict, sizeof(predict), &setpredict));
  PetscCall(TriboOptionsInt("-fit_mode", "the predicted mode's number (a label)", "TriboVerbFitPredict", pmode, &pmode, NULL));
  PetscCall(PetscOptionsReal("-fit_predict_k0", "the predicted mode's linear stiffness without the joint (N/m, unit mass)", "TriboVerbFitPredict",
                             pk0, &pk0, &setpk0));
  PetscCall(PetscOptionsReal("-fit_predict_psi", "the joint's displacement per unit modal amplitude of the mode, relative to mode 1",
                             "TriboWJROMSetParticipation", ppsi, &ppsi, NULL));
  PetscCall(PetscOptionsReal("-fit_predict_zeta0", "the mode's viscous damping ratio (< 0: each member's own)", "TriboVerbFitPredict", pzeta0,
                             &pzeta0, NULL));
  PetscCall(
      TriboOptionsInt("-fit_synthetic_mode", "the built-in measured backbone: mode 1 or 2", "TriboFitPredictMeasured", synmode, &synmode, NULL));
  PetscCall(PetscOptionsReal("-fit_recovery", "the mass-normalized mode shape at the sensor (displacement = recovery x modal amplitude)",
                             "TriboMeasuredBackboneLoadAs", recovery, &recovery, NULL));
  PetscCall(PetscOptionsString("-output", "result file (HDF5, written atomically)", "TriboH5Create", out, out, sizeof(out), NULL));
  PetscCall(PetscOptionsString("-fit_png", "Pareto picture (default: the output name with .png)", "TriboDrawPicture", png, png, sizeof(png), NULL));
  TriboOptionsEnd();
  PetscCall(TriboFitCreate(comm, &fit));
  PetscCall(TriboFitSetFromOptions(fit)); // in help mode: prints the fit's, the law's and NSGA-II's options
  if (help) {
    PetscCall(TriboFitDestroy(&fit));
    PetscFunctionReturn(0);
  }
  PetscCall(TriboCheckOptionsUsed(comm, "fit"));
  PetscCall(PetscStrncpy(infile, in, sizeof(infile)));
  if (strstr(infile, ".h5:")) strstr(infile, ".h5:")[3] = 0;
  inputs[0] = infile;
  PetscCall(TriboCheckOutput(comm, "-output", out, setin ? 1 : 0, inputs));
  if (setpredict) { // a mode-1 front applied to another mode
    const char *pin[1] = {predict};
    PetscCall(TriboCheckOutput(comm, "-output", out, 1, pin));
    if (setin)
      PetscCall(TriboMeasuredBackboneLoadAs(comm, in, meaning, units, recovery, &mb));
    else
      PetscCall(TriboFitPredictMeasured(comm, synmode == 1 ? 2 : synmode, &mb));
    PetscCall(TriboVerbFitPredict(comm, predict, &mb, pmode, pk0, setpk0, ppsi, pzeta0, out, png));
    PetscCall(TriboMeasuredBackboneFree(&mb));
    PetscCall(TriboFitDestroy(&fit));
    PetscFunctionReturn(0);
  }
  if (setin)
    PetscCall(TriboMeasuredBackboneLoadAs(comm, in, meaning, units, recovery, &mb));
  else if (synmode != 1)
    PetscCall(TriboFitPredictMeasured(comm, synmode, &mb));
  else {
    PetscCall(Synthetic_Private(comm, noise, &mb));
    if (synvar > 0) PetscCall(SyntheticBounds_Private(comm, synvar, &mb));
  }
  PetscCall(TriboFitSetMeasured(fit, &mb));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  PetscCall(PetscTime(&t0));
  PetscCall(TriboFitSolve(fit));
  PetscCall(PetscTime(&t1));
  PetscCall(TriboFitView(fit, PETSC_VIEWER_STDOUT_(comm)));
  {
    TriboNSGA2 n;
    PetscCall(TriboFitGetNSGA2(fit, &n));
    PetscCall(TriboNSGA2GetEvaluations(n, &nev, NULL));
  }
  if (nev)
    PetscCall(PetscPrintf(comm, "  %" PetscInt_FMT " backbones in %.2f s (%.2f ms each on one rank)\n", nev, t1 - t0,
                          1e3 * (t1 - t0) / PetscMax(nev, 1) * (PetscReal)1));
  else
    PetscCall(PetscPrintf(comm, "  fit in %.2f s\n", t1 - t0)); // -fit_method bi: its evaluations are counted above
  PetscCall(TriboH5Create(comm, out, &h));
  PetscCall(TriboH5WriteMeta(h, "fit", setin ? 1 : 0, inputs));
  PetscCall(TriboFitWriteH5(fit, h));
  PetscCall(TriboH5WriteAttrReal(h, "/fit", "seconds", t1 - t0));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  if (!png[0]) PetscCall(TriboPictureName(out, png, sizeof(png)));
  PetscCall(TriboDrawPicture(comm, out, "pareto", png, 0, NULL, &drawn));
  if (drawn) PetscCall(PetscPrintf(comm, "wrote %s\n", png));
  PetscCall(TriboFitDestroy(&fit));
  PetscFunctionReturn(0);
}
