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

/*@
  TriboVerbFit - tribo fit: the parameters of a whole-joint ROM (one discrete element of a law, Masing RQNMA backbone) fitted to
  a measured backbone by NSGA-II (porter-et-al-2022 §3.5-3.7): the Pareto front of the frequency and damping errors (eq. 41),
  its area metric, the parameter ranges, a picture; without -fit_measured a built-in backbone made by tribo (4-parameter Iwan)

  Collective: the members of each generation are evaluated in parallel over the ranks

  Options Database Keys:
+ -fit_measured FILE          - CSV with columns amplitude (modal, m for unit mass), frequency (Hz), damping (ratio), or file.h5:/dataset (n x 3)
. -fit_synthetic_noise <0>    - relative noise on the built-in backbone
. -fit_method nsga2|bi|both   - NSGA-II, boundary intersection (eq. 43, -fit_bi_*: TriboBISetFromOptions()), or both
. -fit_* , -nsga_*, -friction_* - TriboFitSetFromOptions()
. -output fit.h5              - the result
- -fit_png FILE               - the Pareto picture (default: the output name with .png)
@*/
PetscErrorCode TriboVerbFit(MPI_Comm comm, PetscBool help)
{
  char                  in[PETSC_MAX_PATH_LEN] = "", infile[PETSC_MAX_PATH_LEN], out[PETSC_MAX_PATH_LEN] = "fit.h5", png[PETSC_MAX_PATH_LEN] = "";
  PetscReal             noise = 0;
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
  if (setin)
    PetscCall(TriboMeasuredBackboneLoad(comm, in, &mb));
  else
    PetscCall(Synthetic_Private(comm, noise, &mb));
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
