#include <tribocli.h>
#include <tribofit.h>

/* The built-in measured backbone of mode 2 (-fit_synthetic_mode 2): the built-in mode-1 joint (iwan4 fs = 10 N, kt = 1e5 N/m,
   chi = -0.5, beta = 0.01) in a mode of k0 = 3.2e6 N/m (unit mass, about 290 Hz) that moves the joint psi = 0.6 times as much as
   mode 1, Masing RQNMA at 20 amplitudes 1e-6 .. 1e-3 */
static PetscErrorCode SyntheticMode2_Private(MPI_Comm comm, TriboMeasuredBackbone *mb)
{
  const char     *names[] = {"fs", "kt", "chi", "beta"};
  const PetscReal v[]     = {10, 1e5, -0.5, 0.01};
  PetscReal       q[20], f[20], z[20], resid;
  PetscBool       ok;
  TriboWJROM      w;

  PetscFunctionBeginUser;
  PetscCall(TriboWJROMCreate(PETSC_COMM_SELF, &w));
  PetscCall(TriboWJROMSetParameter(w, "k0", 3.2e6));
  PetscCall(TriboWJROMSetParticipation(w, 0.6));
  for (PetscInt k = 0; k < 4; k++) PetscCall(TriboWJROMSetParameter(w, names[k], v[k]));
  for (PetscInt i = 0; i < 20; i++) q[i] = 1e-6 * PetscPowReal(1e3, i / 19.0);
  PetscCall(TriboWJROMBackbone(w, 20, q, f, z, &resid, &ok));
  PetscCheck(ok, comm, PETSC_ERR_PLIB, "the built-in mode-2 backbone failed");
  PetscCall(TriboMeasuredBackboneSet(comm, "(built-in mode 2)", 20, q, f, z, mb));
  PetscCall(TriboWJROMDestroy(&w));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbFitPredict - tribo fit -fit_predict FIT.h5 (the options are read by TriboVerbFit()): the front of a mode-1 fit applied to another mode (src/fit/predict.c,
  porter-et-al-2022 §4): every member's backbone of that mode against its measured backbone, the errors of eq. 41, the
  non-dominated set of them; the result has the layout of a fit (so that tribo plot draws several in one figure)

  Collective

  Options Database Keys:
+ -fit_predict FIT.h5         - the mode-1 fit (tribo fit's output: /fit/names, /fit/front_parameters, the law)
. -fit_mode <2>               - the mode's number (a label)
. -fit_predict_k0 <N/m>       - the mode's linear stiffness without the joint (unit mass); required
. -fit_predict_psi <1>        - the joint's displacement per unit modal amplitude of this mode over that of mode 1
. -fit_predict_zeta0 <-1>     - the mode's viscous damping ratio (< 0: each member's own)
. -fit_measured FILE          - the mode's measured backbone (as for a fit); without it -fit_synthetic_mode 2 (built-in)
- -fit_n <20>, -friction_*    - comparison amplitudes; the law's fixed parameters as in the fit
@*/
PetscErrorCode TriboVerbFitPredict(MPI_Comm comm, const char fitfile[], const TriboMeasuredBackbone *mb, PetscInt mode, PetscReal k0, PetscBool setk0,
                                   PetscReal psi, PetscReal zeta0, const char out[], const char png[])
{
  char           law[64] = "", **names = NULL, pic[PETSC_MAX_PATH_LEN];
  PetscInt       nn, nd, dims[3], n = 20, nm, np, *ndm, nnd = 0, best[2] = {0, 0};
  PetscReal     *x, *q, *om, *z, *fr, *zr, *f41, *nd_r;
  PetscBool      drawn;
  TriboH5        h;
  TriboWJROM     w;
  PetscLogDouble t0, t1;
  const char    *inputs[1] = {fitfile};

  PetscFunctionBeginUser;
  PetscCall(TriboOptionsGetInt(NULL, NULL, "-fit_n", &n, NULL)); // read by TriboFitSetFromOptions() too
  PetscCheck(setk0 && k0 > 0, comm, PETSC_ERR_USER_INPUT,
             "option -fit_predict_k0: give the linear stiffness (N/m, unit mass) of mode %" PetscInt_FMT " without the joint, > 0", mode);
  PetscCheck(n >= 2, comm, PETSC_ERR_USER_INPUT, "option -fit_n: need at least 2 comparison amplitudes, got %" PetscInt_FMT, n);
  PetscCall(TriboH5Open(comm, fitfile, &h));
  PetscCall(TriboH5ReadAttrString(h, "/fit", "law", law, sizeof(law)));
  PetscCall(TriboH5ReadStrings(h, "/fit/names", &nn, &names));
  PetscCall(TriboH5ReadReal(h, "/fit/front_parameters", &nd, dims, &x));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCheck(nd == 2 && dims[1] == nn && dims[0] >= 1, comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s (option -fit_predict): /fit/front_parameters must be members x %" PetscInt_FMT " parameters", fitfile, nn);
  nm = dims[0], np = nn;
  PetscCall(TriboWJROMCreate(PETSC_COMM_SELF, &w));
  PetscCall(TriboWJROMSetLaw(w, law));
  PetscCall(TriboWJROMSetFromOptions(w));
  PetscCall(TriboWJROMSetParameter(w, "k0", k0));
  PetscCall(TriboWJROMSetParticipation(w, psi));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_masing", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_backbone_quiet", "1"));
  PetscCall(PetscMalloc6(n, &q, n, &om, n, &z, nm * n, &fr, nm * n, &zr, 2 * nm, &f41));
  PetscCall(PetscMalloc2(nm, &ndm, nm, &nd_r));
  PetscCall(PetscTime(&t0));
  PetscCall(TriboFitPredict(comm, w, mb, n, nm, np, (const char *const *)names, x, k0, zeta0, q, om, z, fr, zr, f41, ndm));
  PetscCall(PetscTime(&t1));
  for (PetscInt m = 0; m < nm; m++) {
    nnd += ndm[m], nd_r[m] = ndm[m];
    if (f41[2 * m] < f41[2 * best[0]]) best[0] = m;
    if (f41[2 * m + 1] < f41[2 * best[1] + 1]) best[1] = m;
  }
  PetscCall(PetscPrintf(comm,
                        "tribo fit -fit_predict %s (law %s, %" PetscInt_FMT " members) on mode %" PetscInt_FMT ": k0 %g N/m, psi %g, %" PetscInt_FMT
                        " amplitudes %g .. %g\n",
                        fitfile, law, nm, mode, (double)k0, (double)psi, n, (double)q[0], (double)q[n - 1]));
  PetscCall(PetscPrintf(comm,
                        "  errors (eq. 41): least frequency error %.4g (damping %.4g), least damping error %.4g (frequency %.4g); %" PetscInt_FMT
                        " non-dominated; mode-1 member 0: %.4g, %.4g\n",
                        (double)f41[2 * best[0]], (double)f41[2 * best[0] + 1], (double)f41[2 * best[1] + 1], (double)f41[2 * best[1]], nnd,
                        (double)f41[0], (double)f41[1]));
  PetscCall(PetscPrintf(comm, "  %" PetscInt_FMT " backbones in %.2f s\n", nm, t1 - t0));
  PetscCall(TriboH5Create(comm, out, &h));
  PetscCall(TriboH5WriteMeta(h, "fit", 1, inputs));
  PetscCall(TriboH5WriteStrings(h, "/fit/names", np, (const char *const *)names));
  dims[0] = nm, dims[1] = np;
  PetscCall(TriboH5WriteReal(h, "/fit/front_parameters", 2, dims, x));
  dims[1] = 2;
  PetscCall(TriboH5WriteReal(h, "/fit/front_errors", 2, dims, f41));
  PetscCall(TriboH5WriteReal(h, "/fit/nondominated", 1, dims, nd_r));
  dims[0] = n;
  PetscCall(TriboH5WriteReal(h, "/fit/amplitude", 1, dims, q));
  PetscCall(TriboH5WriteReal(h, "/fit/measured_frequency", 1, dims, om));
  PetscCall(TriboH5WriteReal(h, "/fit/measured_damping", 1, dims, z));
  dims[0] = nm, dims[1] = n;
  PetscCall(TriboH5WriteReal(h, "/fit/predicted_frequency", 2, dims, fr));
  PetscCall(TriboH5WriteReal(h, "/fit/predicted_damping", 2, dims, zr));
  {
    PetscReal *eb;
    PetscCall(PetscMalloc1(4 * n, &eb));
    for (PetscInt i = 0; i < n; i++)
      eb[i] = fr[best[0] * n + i], eb[n + i] = zr[best[0] * n + i], eb[2 * n + i] = fr[best[1] * n + i], eb[3 * n + i] = zr[best[1] * n + i];
    dims[0] = 4;
    PetscCall(TriboH5WriteReal(h, "/fit/end_backbones", 2, dims, eb));
    PetscCall(PetscFree(eb));
  }
  PetscCall(TriboH5WriteAttrString(h, "/fit", "law", law));
  PetscCall(TriboH5WriteAttrString(h, "/fit", "predicted_from", fitfile));
  PetscCall(TriboH5WriteAttrInt(h, "/fit", "mode", mode));
  PetscCall(TriboH5WriteAttrReal(h, "/fit", "mode_k0", k0));
  PetscCall(TriboH5WriteAttrReal(h, "/fit", "mode_psi", psi));
  PetscCall(TriboH5WriteAttrReal(h, "/fit", "seconds", t1 - t0));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  PetscCall(PetscStrncpy(pic, png, sizeof(pic)));
  if (!pic[0]) PetscCall(TriboPictureName(out, pic, sizeof(pic)));
  PetscCall(TriboDrawPicture(comm, out, "pareto", pic, 0, NULL, &drawn));
  if (drawn) PetscCall(PetscPrintf(comm, "wrote %s\n", pic));
  for (PetscInt k = 0; k < nn; k++) PetscCall(PetscFree(names[k]));
  PetscCall(PetscFree(names));
  PetscCall(PetscFree(x));
  PetscCall(PetscFree6(q, om, z, fr, zr, f41));
  PetscCall(PetscFree2(ndm, nd_r));
  PetscCall(TriboWJROMDestroy(&w));
  PetscFunctionReturn(0);
}

/* the measured backbone of the predicted mode: the file, or the built-in mode 2 */
PetscErrorCode TriboFitPredictMeasured(MPI_Comm comm, PetscInt synthmode, TriboMeasuredBackbone *mb)
{
  PetscFunctionBeginUser;
  PetscCheck(synthmode == 2, comm, PETSC_ERR_USER_INPUT,
             "option -fit_synthetic_mode: the built-in backbones are of modes 1 and 2, got %" PetscInt_FMT, synthmode);
  PetscCall(SyntheticMode2_Private(comm, mb));
  PetscFunctionReturn(0);
}
