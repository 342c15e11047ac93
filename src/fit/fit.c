/* Fitting a whole-joint ROM to a measured backbone (paper porter-et-al-2022 §3.5-3.7): the parameters named by -fit_params
   (name:lower:upper:log|lin, a law's card names or k0, zeta0) vary inside their bounds, NSGA-II (src/fit/nsga2.c) works on
   the scaled variables (log10 of the value for log scale), each evaluation sets the parameters, computes the Masing RQNMA
   backbone of the WJROM (src/fit/wjrom.c) at -fit_n amplitudes log-spaced over the measured range, and returns the errors
   of eq. 42 (log10 of the squared eq. 41 errors); -fit_residual_penalty adds the L1 norm of the RQNMA residuals to both
   (§3.5.2: selection only; the front is reported without it). A failed backbone is an infinite error. The area metric of
   the front (§3.7, Fig. 8) is computed in the eq. 41 errors against the box -fit_box x0,y0,x1,y1. */
#include <tribofit.h>
#include <tribo/private/objimpl.h>
#include <string.h>

struct _p_TriboFit {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm              comm;
  TriboMeasuredBackbone mb;
  TriboWJROM            w;
  TriboNSGA2            nsga;
  char                  law[64];
  PetscInt              np, n;      /* fitted parameters, comparison amplitudes */
  char                **names;      /* [np] */
  PetscReal            *lo, *hi;    /* [np] bounds (physical) */
  PetscBool            *logs;       /* [np] log scale */
  PetscReal            *q, *om, *z; /* [n] comparison amplitudes and the measured values there */
  PetscReal            *wf, *wz;    /* [n] work: model */
  PetscBool             penalty;
  PetscReal             box[4];
  PetscBool             boxset;
  PetscInt              nfront;
  PetscReal            *fx, *f41, *f42; /* the front: physical parameters [nfront x np], errors (41), (42) */
  PetscReal             area, fraction;
  PetscReal             k0, zeta0; /* fixed values unless fitted */
  /* boundary intersection (src/fit/bi.c): -fit_method nsga2|bi|both, its points (physical parameters, eq. 42 errors) and
     which method found each front member */
  PetscInt   method;
  TriboBI    bi;
  char       bistart[PETSC_MAX_PATH_LEN];
  PetscInt   nbi, *fmethod;
  PetscReal *bx, *bf42;
  /* the experimental variability (src/fit/measured.c, Table 2) when the measured backbone has bounds */
  PetscBool  hasvar;
  PetscReal  var[4]; /* eq. 41 of the upper bound (frequency, damping), of the lower bound */
  PetscReal  ref[2]; /* the reference point: the lower corner of the area box (Table 4) */
  PetscReal *qb;     /* [4 n] the bounds at the comparison amplitudes: frequency lower, upper (Hz), damping lower, upper */
  /* -fit_model rom: a user's ROM with the law on the whole interface (src/fit/fjrom.c) instead of the whole-joint ROM */
  TriboFJROM fj;
  PetscBool  modelrom;
  char       rompath[PETSC_MAX_PATH_LEN], bbmethod[32];
};
static const char *const FitMethods_Private[] = {"nsga2", "bi", "both"};

/* the model of the fit: the whole-joint ROM, or the ROM of -fit_model rom */
static PetscErrorCode ModelSetParameter_Private(TriboFit fit, const char name[], PetscReal v)
{
  PetscFunctionBeginUser;
  if (fit->fj)
    PetscCall(TriboFJROMSetParameter(fit->fj, name, v));
  else
    PetscCall(TriboWJROMSetParameter(fit->w, name, v));
  PetscFunctionReturn(0);
}

static PetscErrorCode ModelBackbone_Private(TriboFit fit, PetscInt n, const PetscReal q[], PetscReal f[], PetscReal z[], PetscReal *resid,
                                            PetscBool *ok)
{
  PetscFunctionBeginUser;
  if (fit->fj)
    PetscCall(TriboFJROMBackbone(fit->fj, n, q, f, z, resid, ok));
  else
    PetscCall(TriboWJROMBackbone(fit->w, n, q, f, z, resid, ok));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFitCreate(MPI_Comm comm, TriboFit *fit)
{
  TriboFit f;

  PetscFunctionBegin;
  PetscValidPointer(fit, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(f, TRIBO_FIT_CLASSID, "TriboFit", "Joint parameters fitted to measured backbones", "Fit", comm, TriboFitDestroy, NULL));
  f->comm = comm;
  f->n    = 20;
  f->k0   = 3.95e5;
  PetscCall(PetscStrncpy(f->law, TRIBOLAWIWAN4, sizeof(f->law)));
  PetscCall(PetscStrncpy(f->bbmethod, "rqnma", sizeof(f->bbmethod)));
  *fit = f;
  PetscFunctionReturn(0);
}

/* A copy of the measured backbone */
PetscErrorCode TriboFitSetMeasured(TriboFit fit, const TriboMeasuredBackbone *mb)
{
  PetscReal *fr;

  PetscFunctionBeginUser;
  PetscCall(TriboMeasuredBackboneFree(&fit->mb));
  PetscCall(PetscMalloc1(mb->n, &fr));
  for (PetscInt i = 0; i < mb->n; i++) fr[i] = mb->omega[i] / (2 * PETSC_PI);
  PetscCall(TriboMeasuredBackboneSet(fit->comm, "(given)", mb->n, mb->q, fr, mb->zeta, &fit->mb));
  if (mb->omlo) { // the bounds, in Hz
    PetscReal *b;
    PetscCall(PetscMalloc1(4 * mb->n, &b));
    for (PetscInt i = 0; i < mb->n; i++)
      b[i] = mb->omlo[i] / (2 * PETSC_PI), b[mb->n + i] = mb->omhi[i] / (2 * PETSC_PI), b[2 * mb->n + i] = mb->zlo[i], b[3 * mb->n + i] = mb->zhi[i];
    PetscCall(TriboMeasuredBackboneSetBounds(fit->comm, "(given)", &fit->mb, b, b + mb->n, b + 2 * mb->n, b + 3 * mb->n));
    PetscCall(PetscFree(b));
  }
  fit->mb.nrepeat = mb->nrepeat;
  PetscCall(PetscStrncpy(fit->mb.unit, mb->unit, sizeof(fit->mb.unit)));
  PetscCall(PetscFree(fr));
  PetscFunctionReturn(0);
}

/* x (scaled) -> physical value of parameter k */
static PetscReal Physical_Private(TriboFit fit, PetscInt k, PetscReal x)
{
  return fit->logs[k] ? PetscPowReal(10.0, x) : x;
}

static PetscErrorCode Objective_Private(void *ctx, const PetscReal x[], PetscReal f[], PetscReal *pen)
{
  TriboFit       fit = (TriboFit)ctx;
  PetscReal      e41[2], resid = 0;
  PetscBool      ok = PETSC_FALSE;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  // a parameter set outside the law's admissible set (e.g. Bouc-Wen's |beta| > alpha) is a failed member, not a failed run
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = 0;
  for (PetscInt k = 0; k < fit->np && !ierr; k++) ierr = ModelSetParameter_Private(fit, fit->names[k], Physical_Private(fit, k, x[k]));
  if (!ierr) ierr = ModelBackbone_Private(fit, fit->n, fit->q, fit->wf, fit->wz, &resid, &ok);
  PetscCall(PetscPopErrorHandler());
  if (ierr) ok = PETSC_FALSE, resid = 0;
  for (PetscInt i = 0; i < fit->n; i++) fit->wf[i] *= 2 * PETSC_PI;
  *pen = fit->penalty ? resid : 0;
  if (!ok)
    f[0] = f[1] = PETSC_INFINITY;
  else
    PetscCall(TriboFitErrors(fit->n, fit->om, fit->z, fit->wf, fit->wz, e41, f));
  PetscFunctionReturn(0);
}

/* name:lo:hi[:log|lin] */
static PetscErrorCode ParseParam_Private(TriboFit fit, PetscInt k, const char spec[])
{
  char               buf[256], *tok[4] = {NULL, NULL, NULL, NULL}, *end;
  PetscInt           nt = 0;
  PetscInt           nn;
  PetscBool          known = PETSC_FALSE;
  const char *const *names;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(buf, spec, sizeof(buf)));
  for (char *p = buf, *s = buf; nt < 4; p++)
    if (*p == ':' || !*p) {
      PetscBool last = (PetscBool) !*p;
      *p             = 0;
      tok[nt++]      = s;
      s              = p + 1;
      if (last) break;
    }
  PetscCheck(nt == 3 || nt == 4, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: \"%s\": expected name:lower:upper or name:lower:upper:log|lin",
             spec);
  if (fit->fj)
    PetscCall(TriboFJROMGetParameterNames(fit->fj, &nn, &names));
  else
    PetscCall(TriboWJROMGetParameterNames(fit->w, &nn, &names));
  for (PetscInt i = 0; i < nn; i++) {
    PetscBool eq;
    PetscCall(PetscStrcmp(tok[0], names[i], &eq));
    if (eq) known = PETSC_TRUE;
  }
  if (!known) {
    char list[512] = "";
    for (PetscInt i = 0; i < nn; i++) {
      PetscCall(PetscStrlcat(list, i ? ", " : "", sizeof(list)));
      PetscCall(PetscStrlcat(list, names[i], sizeof(list)));
    }
    SETERRQ(fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: unknown parameter \"%s\" of law %s (parameters: %s)", tok[0], fit->law, list);
  }
  PetscCall(PetscStrallocpy(tok[0], &fit->names[k]));
  fit->lo[k] = strtod(tok[1], &end);
  PetscCheck(!*end && tok[1][0], fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: \"%s\": the lower bound \"%s\" is not a number", spec, tok[1]);
  fit->hi[k] = strtod(tok[2], &end);
  PetscCheck(!*end && tok[2][0], fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: \"%s\": the upper bound \"%s\" is not a number", spec, tok[2]);
  PetscCheck(fit->lo[k] < fit->hi[k], fit->comm, PETSC_ERR_USER_INPUT,
             "option -fit_params: parameter %s: bounds in the wrong order, lower %g >= upper %g", tok[0], (double)fit->lo[k], (double)fit->hi[k]);
  fit->logs[k] = PETSC_FALSE;
  if (nt == 4) {
    PetscBool lg, ln;
    PetscCall(PetscStrcmp(tok[3], "log", &lg));
    PetscCall(PetscStrcmp(tok[3], "lin", &ln));
    PetscCheck(lg || ln, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: parameter %s: scale \"%s\", expected log or lin", tok[0], tok[3]);
    fit->logs[k] = lg;
  }
  PetscCheck(!fit->logs[k] || fit->lo[k] > 0, fit->comm, PETSC_ERR_USER_INPUT,
             "option -fit_params: parameter %s on a log scale needs a lower bound > 0, got %g", tok[0], (double)fit->lo[k]);
  PetscFunctionReturn(0);
}

/*@
  TriboFitSetFromOptions - the fit's options, the law's fixed parameters and the optimizer's

  Collective

  Options Database Keys:
+ -fit_law <iwan4>             - law of the joint element
. -fit_params name:lo:hi:log,... - the fitted parameters (default for iwan4: fs:1:100:log,kt:1e4:1e6:log,chi:-0.9:0:lin,beta:1e-3:1:log)
. -fit_n <20>                  - comparison amplitudes, log-spaced over the measured range
. -fit_residual_penalty        - add the RQNMA residuals' L1 norm to the objectives (§3.5.2)
. -fit_k0 <3.95e5>, -fit_zeta0 <0> - the ROM's fixed linear stiffness (N/m, unit mass) and viscous damping ratio
. -fit_box x0,y0,x1,y1         - box of the area metric in the eq. 41 errors (default 0,0 and the front's largest errors)
. -friction_<param> v          - the law's fixed parameters; -wjrom_rqnma_* the backbone solver's
- -nsga_*                      - the optimizer (TriboNSGA2SetFromOptions())
@*/
PetscErrorCode TriboFitSetFromOptions(TriboFit fit)
{
  char       specs[16][256], *sp[16];
  PetscInt   nspec = 16, nbox = 4;
  PetscBool  set;
  PetscReal *lo, *hi;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < 16; i++) sp[i] = specs[i];
  PetscCall(TriboOptionsUseNamespace(NULL, "fit_"));
  TriboOptionsBegin(fit->comm, NULL, "tribo fit: a whole-joint ROM fitted to a measured backbone (porter-et-al-2022 §3.5)", "TriboFit");
  PetscCall(PetscOptionsString("-fit_law", "law of the joint element", "TriboWJROMSetLaw", fit->law, fit->law, sizeof(fit->law), NULL));
  PetscCall(PetscOptionsStringArray("-fit_params", "fitted parameters name:lower:upper:log|lin, comma-separated", "TriboFitSetFromOptions", sp,
                                    &nspec, &set));
  PetscCall(TriboOptionsInt("-fit_n", "comparison amplitudes, log-spaced over the measured range", "TriboFitErrors", fit->n, &fit->n, NULL));
  PetscCall(PetscOptionsBool("-fit_residual_penalty", "add the L1 norm of the RQNMA residuals to the objectives (selection only)", "", fit->penalty,
                             &fit->penalty, NULL));
  PetscCall(PetscOptionsReal("-fit_k0", "stiffness of the structure without the joint (N/m, unit mass; fixed unless fitted)",
                             "TriboWJROMSetParameter", fit->k0, &fit->k0, NULL));
  PetscCall(
      PetscOptionsReal("-fit_zeta0", "viscous damping ratio added (fixed unless fitted)", "TriboWJROMSetParameter", fit->zeta0, &fit->zeta0, NULL));
  {
    const char *models[2] = {"wjrom", "rom"};
    PetscInt    im        = fit->fj ? 1 : 0;
    PetscCall(PetscOptionsEList("-fit_model", "the model: wjrom (one discrete element) or rom (-fit_rom, the law on the whole interface)",
                                "TriboFJROMCreate", models, 2, models[im], &im, NULL));
    PetscCall(
        PetscOptionsString("-fit_rom", "the ROM file of -fit_model rom", "TriboFJROMCreate", fit->rompath, fit->rompath, sizeof(fit->rompath), NULL));
    PetscCall(PetscOptionsString("-fit_backbone", "backbone of -fit_model rom: rqnma, rqnma_nonmasing, epmc", "TriboFJROMBackbone", fit->bbmethod,
                                 fit->bbmethod, sizeof(fit->bbmethod), NULL));
    if (im == 1 && !fit->rompath[0]) fit->rompath[0] = '?'; // checked below: -fit_model rom needs -fit_rom
    if (im == 0) fit->rompath[0] = fit->rompath[0] == '?' ? 0 : fit->rompath[0];
    fit->modelrom = (PetscBool)(im == 1);
  }
  PetscCall(TriboOptionsRealArray("-fit_box", "area metric box x0,y0,x1,y1 in the eq. 41 errors", "TriboParetoArea", fit->box, &nbox, &fit->boxset,
                                  fit->boxset ? 4 : 0));
  TriboOptionsEnd();
  for (PetscInt k = 0; set && k < nspec; k++) { // PetscOptionsStringArray() allocates the strings
    PetscCall(PetscStrncpy(specs[k], sp[k], sizeof(specs[k])));
    PetscCall(PetscFree(sp[k]));
  }
  PetscCheck(!fit->boxset || nbox == 4, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_box: expected 4 numbers x0,y0,x1,y1, got %" PetscInt_FMT, nbox);
  PetscCheck(fit->n >= 2, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_n: need at least 2 comparison amplitudes, got %" PetscInt_FMT, fit->n);
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_masing", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_backbone_quiet", "1"));
  PetscCall(TriboWJROMDestroy(&fit->w));
  PetscCall(TriboWJROMCreate(PETSC_COMM_SELF, &fit->w));
  PetscCall(TriboWJROMSetLaw(fit->w, fit->law));
  PetscCall(TriboWJROMSetFromOptions(fit->w));
  PetscCall(TriboWJROMSetParameter(fit->w, "k0", fit->k0));
  PetscCall(TriboWJROMSetParameter(fit->w, "zeta0", fit->zeta0));
  PetscCall(TriboFJROMDestroy(&fit->fj));
  if (fit->modelrom) {
    PetscCheck(fit->rompath[0] && fit->rompath[0] != '?', fit->comm, PETSC_ERR_USER_INPUT,
               "option -fit_model rom: give the ROM file with -fit_rom FILE");
    PetscCall(TriboFJROMCreate(PETSC_COMM_SELF, fit->rompath, fit->law, fit->bbmethod, &fit->fj));
    PetscCall(TriboFJROMSetParameter(fit->fj, "zeta0", fit->zeta0));
  }
  if (!set) {
    PetscBool iwan, bw;
    PetscCall(PetscStrcmp(fit->law, TRIBOLAWIWAN4, &iwan));
    PetscCall(PetscStrcmp(fit->law, "boucwen", &bw));
    PetscCheck(iwan || bw, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: give the fitted parameters of law %s (name:lower:upper:log|lin,...)",
               fit->law);
    nspec = 4;
    if (iwan) {
      PetscCall(PetscStrncpy(specs[0], "fs:1:100:log", 256));
      PetscCall(PetscStrncpy(specs[1], "kt:1e4:1e6:log", 256));
      PetscCall(PetscStrncpy(specs[2], "chi:-0.9:0:lin", 256));
      PetscCall(PetscStrncpy(specs[3], "beta:1e-3:1:log", 256));
    } else {
      PetscCall(PetscStrncpy(specs[0], "a:1e4:1e6:log", 256));
      PetscCall(PetscStrncpy(specs[1], "alpha:1e1:1e4:log", 256));
      PetscCall(PetscStrncpy(specs[2], "beta:1e1:1e4:log", 256));
      PetscCall(PetscStrncpy(specs[3], "n:1:3:lin", 256));
    }
  }
  PetscCheck(nspec >= 1, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: no parameter named");
  fit->np = nspec;
  PetscCall(PetscCalloc1(nspec, &fit->names));
  PetscCall(PetscMalloc3(nspec, &fit->lo, nspec, &fit->hi, nspec, &fit->logs));
  for (PetscInt k = 0; k < nspec; k++) PetscCall(ParseParam_Private(fit, k, specs[k]));
  for (PetscInt k = 0; k < nspec; k++)
    for (PetscInt j = 0; j < k; j++) {
      PetscBool eq;
      PetscCall(PetscStrcmp(fit->names[k], fit->names[j], &eq));
      PetscCheck(!eq, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_params: parameter %s named twice", fit->names[k]);
    }
  PetscCall(TriboNSGA2Destroy(&fit->nsga));
  PetscCall(TriboNSGA2Create(fit->comm, &fit->nsga));
  PetscCall(PetscMalloc2(fit->np, &lo, fit->np, &hi));
  for (PetscInt k = 0; k < fit->np; k++)
    lo[k] = fit->logs[k] ? PetscLog10Real(fit->lo[k]) : fit->lo[k], hi[k] = fit->logs[k] ? PetscLog10Real(fit->hi[k]) : fit->hi[k];
  PetscCall(TriboNSGA2SetProblem(fit->nsga, fit->np, 2, lo, hi, Objective_Private, fit));
  PetscCall(PetscFree2(lo, hi));
  PetscCall(TriboNSGA2SetFromOptions(fit->nsga));
  { // boundary intersection (src/fit/bi.c)
    PetscInt m = fit->method;
    TriboOptionsBegin(fit->comm, NULL, "tribo fit: the optimizer", "TriboFit");
    PetscCall(PetscOptionsEList("-fit_method", "nsga2, bi (boundary intersection, eq. 43) or both (NSGA-II, then BI from its front)", "TriboFitSolve",
                                FitMethods_Private, 3, FitMethods_Private[fit->method], &m, &set));
    PetscCall(PetscOptionsString("-fit_bi_start", "start candidates of the boundary intersection: the front of a previous fit (.h5)",
                                 "TriboBISetStarts", fit->bistart, fit->bistart, sizeof(fit->bistart), NULL));
    TriboOptionsEnd();
    if (!set) { // PetscOptionsEList() accepts no unknown name silently: check it here
      char      name[64];
      PetscBool given;
      PetscCall(PetscOptionsGetString(NULL, NULL, "-fit_method", name, sizeof(name), &given));
      PetscCheck(!given, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_method: unknown method \"%s\", expected nsga2, bi or both", name);
    }
    fit->method = m;
    PetscCheck(m == 0 || !fit->modelrom, fit->comm, PETSC_ERR_USER_INPUT,
               "option -fit_method %s: boundary intersection differentiates the whole-joint ROM's Masing backbone only; use -fit_method nsga2 with "
               "-fit_model rom",
               FitMethods_Private[m]);
    if (fit->bistart[0]) { // checked before any optimization runs
      PetscBool exists;
      PetscCall(PetscTestFile(fit->bistart, 'r', &exists));
      PetscCheck(exists, fit->comm, PETSC_ERR_FILE_OPEN, "option -fit_bi_start: file %s does not exist (expected a previous tribo fit result .h5)",
                 fit->bistart);
      PetscCheck(m != 0, fit->comm, PETSC_ERR_USER_INPUT, "option -fit_bi_start needs -fit_method bi or both");
    }
    if (fit->method != 0) { // the backbone's Newton tolerance so that the law's sensitivities differentiate it (rtol 1e-9: 6e-4 apart in zeta)
      PetscBool given;
      PetscCall(PetscOptionsHasName(NULL, NULL, "-wjrom_rqnma_rtol", &given));
      if (!given) PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_rtol", "1e-13"));
    }
    PetscCall(TriboBIDestroy(&fit->bi));
    PetscCall(TriboBICreate(fit->comm, &fit->bi));
    PetscCall(TriboBISetFromOptions(fit->bi));
  }
  PetscFunctionReturn(0);
}

/* The experimental variability (Table 2: eq. 41 of the bounds) and the reference point of the area metric (Table 4, Fig. 8:
   "a lower bound of the minimum between all model fits for the given mode and the experimental variability"): per objective
   the smaller of the front's least error and the variability, the variability being the larger of the upper and the lower
   bound's where both are defined (the dashed box of Figs. 9-19) */
static PetscErrorCode Variability_Private(TriboFit fit)
{
  PetscFunctionBeginUser;
  fit->hasvar = (PetscBool)(fit->mb.omlo != NULL);
  if (!fit->hasvar) PetscFunctionReturn(0);
  PetscCall(TriboMeasuredBackboneVariability(&fit->mb, fit->n, fit->q, fit->var));
  PetscCall(PetscFree(fit->qb));
  PetscCall(PetscMalloc1(4 * fit->n, &fit->qb));
  for (PetscInt k = 0; k < fit->n; k++) { // the bounds at the comparison amplitudes, for the picture
    PetscInt  j = 0;
    PetscReal s;
    while (j < fit->mb.n - 2 && fit->q[k] > fit->mb.q[j + 1]) j++;
    s                       = PetscMin(PetscMax(PetscLogReal(fit->q[k] / fit->mb.q[j]) / PetscLogReal(fit->mb.q[j + 1] / fit->mb.q[j]), 0), 1);
    fit->qb[k]              = ((1 - s) * fit->mb.omlo[j] + s * fit->mb.omlo[j + 1]) / (2 * PETSC_PI);
    fit->qb[fit->n + k]     = ((1 - s) * fit->mb.omhi[j] + s * fit->mb.omhi[j + 1]) / (2 * PETSC_PI);
    fit->qb[2 * fit->n + k] = (1 - s) * fit->mb.zlo[j] + s * fit->mb.zlo[j + 1];
    fit->qb[3 * fit->n + k] = (1 - s) * fit->mb.zhi[j] + s * fit->mb.zhi[j + 1];
  }
  for (PetscInt o = 0; o < 2; o++) {
    PetscReal v = fit->var[o], l = fit->var[2 + o], best = PETSC_INFINITY;
    if (!PetscIsNanReal(l)) v = PetscMax(v, l);
    for (PetscInt i = 0; i < fit->nfront; i++) best = PetscMin(best, fit->f41[2 * i + o]);
    fit->ref[o] = PetscMin(best, v);
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFitSolve - the comparison amplitudes and measured values there, then NSGA-II; the front rerun without penalty

  Collective
@*/
PetscErrorCode TriboFitSolve(TriboFit fit)
{
  PetscInt         nf;
  const PetscReal *x;

  PetscFunctionBeginUser;
  PetscCheck(fit->mb.n >= 2, fit->comm, PETSC_ERR_ORDER, "TriboFitSetMeasured() first");
  PetscCall(PetscFree5(fit->q, fit->om, fit->z, fit->wf, fit->wz));
  PetscCall(PetscMalloc5(fit->n, &fit->q, fit->n, &fit->om, fit->n, &fit->z, fit->n, &fit->wf, fit->n, &fit->wz));
  for (PetscInt i = 0; i < fit->n; i++) fit->q[i] = fit->mb.q[0] * PetscPowReal(fit->mb.q[fit->mb.n - 1] / fit->mb.q[0], (PetscReal)i / (fit->n - 1));
  fit->q[fit->n - 1] = fit->mb.q[fit->mb.n - 1];
  PetscCall(TriboMeasuredBackboneInterpolate(&fit->mb, fit->n, fit->q, fit->om, fit->z));
  nf = 0, x = NULL;
  if (fit->method != 1) {
    PetscCall(TriboNSGA2Solve(fit->nsga));
    PetscCall(TriboNSGA2GetFront(fit->nsga, &nf, &x, NULL));
  }
  PetscCall(PetscFree3(fit->fx, fit->f41, fit->f42));
  PetscCall(PetscMalloc3(nf * fit->np, &fit->fx, 2 * nf, &fit->f41, 2 * nf, &fit->f42));
  fit->nfront = nf;
  for (PetscInt i = 0; i < nf; i++) { // the front's errors without penalty (its members are evaluated again, on every rank)
    PetscReal pen;
    PetscBool save = fit->penalty;
    fit->penalty   = PETSC_FALSE;
    PetscCall(Objective_Private(fit, x + i * fit->np, fit->f42 + 2 * i, &pen));
    fit->penalty = save;
    for (PetscInt k = 0; k < 2; k++)
      fit->f41[2 * i + k] = fit->f42[2 * i + k] < PETSC_INFINITY ? PetscSqrtReal(PetscPowReal(10.0, fit->f42[2 * i + k])) : PETSC_INFINITY;
    for (PetscInt k = 0; k < fit->np; k++) fit->fx[i * fit->np + k] = Physical_Private(fit, k, x[i * fit->np + k]);
  }
  PetscCall(PetscFree(fit->fmethod));
  PetscCall(PetscCalloc1(nf + 1, &fit->fmethod));
  if (fit->method != 0) { // boundary intersection: its anchors and direction points join the front, the non-dominated union kept
    PetscInt   m = 0, *idx, nu;
    PetscReal *ux, *u41, *u42;
    PetscCall(PetscFree2(fit->bx, fit->bf42));
    PetscCall(TriboFitSolveBI(fit, fit->bi, fit->bistart, nf, x, &fit->nbi, &fit->bx, &fit->bf42));
    nu = nf + fit->nbi;
    PetscCall(PetscMalloc4(nu * fit->np + 1, &ux, 2 * nu + 1, &u41, 2 * nu + 1, &u42, nu + 1, &idx));
    PetscCall(PetscArraycpy(ux, fit->fx, nf * fit->np));
    PetscCall(PetscArraycpy(ux + nf * fit->np, fit->bx, fit->nbi * fit->np));
    PetscCall(PetscArraycpy(u42, fit->f42, 2 * nf));
    PetscCall(PetscArraycpy(u42 + 2 * nf, fit->bf42, 2 * fit->nbi));
    for (PetscInt i = 0; i < 2 * nu; i++) u41[i] = u42[i] < PETSC_INFINITY ? PetscSqrtReal(PetscPowReal(10.0, u42[i])) : PETSC_INFINITY;
    PetscCall(TriboParetoNonDominated(nu, 2, u41, &m, idx));
    PetscCall(PetscFree3(fit->fx, fit->f41, fit->f42));
    PetscCall(PetscMalloc3(m * fit->np + 1, &fit->fx, 2 * m + 1, &fit->f41, 2 * m + 1, &fit->f42));
    PetscCall(PetscFree(fit->fmethod));
    PetscCall(PetscMalloc1(m + 1, &fit->fmethod));
    for (PetscInt i = 0; i < m; i++) {
      PetscCall(PetscArraycpy(fit->fx + i * fit->np, ux + idx[i] * fit->np, fit->np));
      for (PetscInt k = 0; k < 2; k++) fit->f41[2 * i + k] = u41[2 * idx[i] + k], fit->f42[2 * i + k] = u42[2 * idx[i] + k];
      fit->fmethod[i] = idx[i] >= nf;
    }
    fit->nfront = nf = m;
    PetscCall(PetscFree4(ux, u41, u42, idx));
  }
  { // a front without one finite member is no result (issue 34, item 13: it was written, with exit status 0)
    PetscInt nfin = 0, nev = 0, nfail = 0;
    for (PetscInt i = 0; i < fit->nfront; i++) nfin += fit->f41[2 * i] < PETSC_INFINITY && fit->f41[2 * i + 1] < PETSC_INFINITY;
    if (fit->method != 1) PetscCall(TriboNSGA2GetEvaluations(fit->nsga, &nev, &nfail));
    PetscCheck(nfin > 0, fit->comm, PETSC_ERR_NOT_CONVERGED,
               "no parameter set gave a finite backbone (%" PetscInt_FMT " of %" PetscInt_FMT
               " NSGA-II evaluations failed): no Pareto front; check the parameter bounds against the model (a "
               "backbone must exist at every comparison amplitude)",
               nfail, nev);
  }
  PetscCall(Variability_Private(fit));
  if (!fit->boxset) {
    fit->box[0] = fit->box[1] = 0;
    fit->box[2] = fit->box[3] = 0;
    for (PetscInt i = 0; i < nf; i++) fit->box[2] = PetscMax(fit->box[2], fit->f41[2 * i]), fit->box[3] = PetscMax(fit->box[3], fit->f41[2 * i + 1]);
    if (!(fit->box[2] > 0)) fit->box[2] = 1;
    if (!(fit->box[3] > 0)) fit->box[3] = 1;
    if (fit->hasvar) { // Table 4: the box's lower corner is the reference point, its upper corner holds the front and the variability
      for (PetscInt o = 0; o < 2; o++) {
        PetscReal v     = PetscIsNanReal(fit->var[2 + o]) ? fit->var[o] : PetscMax(fit->var[o], fit->var[2 + o]);
        fit->box[o]     = fit->ref[o];
        fit->box[2 + o] = PetscMax(fit->box[2 + o], v);
        if (!(fit->box[2 + o] > fit->box[o])) fit->box[2 + o] = 2 * fit->box[o];
      }
    }
  }
  PetscCall(TriboParetoArea(nf, fit->f41, fit->box, &fit->area, &fit->fraction));
  PetscFunctionReturn(0);
}

/*@
  TriboFitGetFront - the non-dominated set: parameters (physical values) and errors of eq. 41

  Not collective
@*/
PetscErrorCode TriboFitGetFront(TriboFit fit, PetscInt *n, PetscInt *np, const char *const *names[], const PetscReal *x[], const PetscReal *f41[])
{
  PetscFunctionBeginUser;
  if (n) *n = fit->nfront;
  if (np) *np = fit->np;
  if (names) *names = (const char *const *)fit->names;
  if (x) *x = fit->fx;
  if (f41) *f41 = fit->f41;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFitGetNSGA2(TriboFit fit, TriboNSGA2 *n)
{
  PetscFunctionBeginUser;
  *n = fit->nsga;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFitGetWJROM(TriboFit fit, TriboWJROM *w)
{
  PetscFunctionBeginUser;
  *w = fit->w;
  PetscFunctionReturn(0);
}

/* The front's size, its two ends and the parameter ranges (the table of porter-et-al-2022 App. A) */
PetscErrorCode TriboFitView(TriboFit fit, PetscViewer v)
{
  PetscInt iw = 0, iz = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(
      v, "fit of law %s on %s to %" PetscInt_FMT " measured points at %" PetscInt_FMT " amplitudes %g .. %g%s\n", fit->law,
      fit->fj ? (strcmp(fit->bbmethod, "epmc")
                     ? (strcmp(fit->bbmethod, "rqnma") ? "the ROM -fit_rom (non-Masing RQNMA)" : "the ROM -fit_rom (Masing RQNMA)")
                     : "the ROM -fit_rom (EPMC)")
              : "a whole-joint ROM (Masing RQNMA)",
      fit->mb.n, fit->n, fit->n ? (double)fit->q[0] : 0.0, fit->n ? (double)fit->q[fit->n - 1] : 0.0, fit->penalty ? ", residual penalty" : ""));
  if (fit->method != 1) PetscCall(TriboNSGA2View(fit->nsga, v));
  if (fit->method != 0) {
    PetscInt nb = 0;
    PetscCall(TriboBIView(fit->bi, v));
    for (PetscInt i = 0; i < fit->nfront; i++) nb += fit->fmethod[i];
    PetscCall(
        PetscViewerASCIIPrintf(v, "    front members from the boundary intersection: %" PetscInt_FMT " of %" PetscInt_FMT "\n", nb, fit->nfront));
  }
  if (!fit->nfront) PetscFunctionReturn(0);
  for (PetscInt i = 0; i < fit->nfront; i++) {
    if (fit->f41[2 * i] < fit->f41[2 * iw]) iw = i;
    if (fit->f41[2 * i + 1] < fit->f41[2 * iz + 1]) iz = i;
  }
  PetscCall(PetscViewerASCIIPrintf(
      v, "  Pareto front: %" PetscInt_FMT " members; least frequency error %.4g (damping %.4g), least damping error %.4g (frequency %.4g) (eq. 41)\n",
      fit->nfront, (double)fit->f41[2 * iw], (double)fit->f41[2 * iw + 1], (double)fit->f41[2 * iz + 1], (double)fit->f41[2 * iz]));
  if (fit->hasvar)
    PetscCall(PetscViewerASCIIPrintf(v,
                                     "  experimental variability (eq. 41 of the bounds%s, Table 2): upper bound frequency %.3e damping %.3e, lower "
                                     "bound frequency %.3e damping %.3e; reference point %.3e, %.3e\n",
                                     fit->mb.nrepeat ? " of the repeats" : "", (double)fit->var[0], (double)fit->var[1], (double)fit->var[2],
                                     (double)fit->var[3], (double)fit->ref[0], (double)fit->ref[1]));
  PetscCall(PetscViewerASCIIPrintf(v, "  area metric: %.4g (%.4g of the box %g,%g - %g,%g)\n", (double)fit->area, (double)fit->fraction,
                                   (double)fit->box[0], (double)fit->box[1], (double)fit->box[2], (double)fit->box[3]));
  for (PetscInt k = 0; k < fit->np; k++) {
    PetscReal mn = PETSC_MAX_REAL, mx = -PETSC_MAX_REAL;
    for (PetscInt i = 0; i < fit->nfront; i++) mn = PetscMin(mn, fit->fx[i * fit->np + k]), mx = PetscMax(mx, fit->fx[i * fit->np + k]);
    PetscCall(PetscViewerASCIIPrintf(v, "  %-8s bounds [%g, %g] %s: front %.5g .. %.5g\n", fit->names[k], (double)fit->lo[k], (double)fit->hi[k],
                                     fit->logs[k] ? "log" : "lin", (double)mn, (double)mx));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFitWriteH5 - /fit: names, bounds, scale, the comparison amplitudes and measured values, the front (parameters, eq. 41
  and 42 errors), the model backbones of the front's ends, the area metric; /fit/nsga2 the optimizer's populations

  Collective
@*/
PetscErrorCode TriboFitWriteH5(TriboFit fit, TriboH5 h)
{
  PetscInt   d[2], ends[2] = {0, 0};
  PetscReal *b, *lg, resid;
  PetscBool  ok;

  PetscFunctionBeginUser;
  PetscCall(TriboH5WriteStrings(h, "/fit/names", fit->np, (const char *const *)fit->names));
  d[0] = fit->np;
  PetscCall(TriboH5WriteReal(h, "/fit/lower", 1, d, fit->lo));
  PetscCall(TriboH5WriteReal(h, "/fit/upper", 1, d, fit->hi));
  PetscCall(PetscMalloc1(fit->np, &lg));
  for (PetscInt k = 0; k < fit->np; k++) lg[k] = fit->logs[k];
  PetscCall(TriboH5WriteReal(h, "/fit/log_scale", 1, d, lg));
  PetscCall(PetscFree(lg));
  d[0] = fit->n;
  PetscCall(TriboH5WriteReal(h, "/fit/amplitude", 1, d, fit->q));
  PetscCall(PetscMalloc1(6 * fit->n, &b));
  for (PetscInt i = 0; i < fit->n; i++) b[i] = fit->om[i] / (2 * PETSC_PI), b[fit->n + i] = fit->z[i];
  PetscCall(TriboH5WriteReal(h, "/fit/measured_frequency", 1, d, b));
  PetscCall(TriboH5WriteReal(h, "/fit/measured_damping", 1, d, b + fit->n));
  d[0] = fit->mb.n;
  PetscCall(TriboH5WriteReal(h, "/fit/data_amplitude", 1, d, fit->mb.q));
  d[0] = fit->nfront, d[1] = fit->np;
  PetscCall(TriboH5WriteReal(h, "/fit/front_parameters", 2, d, fit->fx));
  d[1] = 2;
  PetscCall(TriboH5WriteReal(h, "/fit/front_errors", 2, d, fit->f41));
  PetscCall(TriboH5WriteReal(h, "/fit/front_log_errors", 2, d, fit->f42));
  for (PetscInt i = 0; i < fit->nfront; i++) {
    if (fit->f41[2 * i] < fit->f41[2 * ends[0]]) ends[0] = i;
    if (fit->f41[2 * i + 1] < fit->f41[2 * ends[1] + 1]) ends[1] = i;
  }
  for (PetscInt e = 0; e < 2 && fit->nfront; e++) { // the backbones of the front's ends: least frequency error, least damping error
    for (PetscInt k = 0; k < fit->np; k++) PetscCall(ModelSetParameter_Private(fit, fit->names[k], fit->fx[ends[e] * fit->np + k]));
    PetscCall(ModelBackbone_Private(fit, fit->n, fit->q, b + 2 * fit->n + 2 * e * fit->n, b + 2 * fit->n + (2 * e + 1) * fit->n, &resid, &ok));
  }
  d[0] = 4, d[1] = fit->n;
  if (fit->nfront) PetscCall(TriboH5WriteReal(h, "/fit/end_backbones", 2, d, b + 2 * fit->n));
  PetscCall(PetscFree(b));
  PetscCall(TriboH5WriteAttrString(h, "/fit/end_backbones", "rows",
                                   "frequency (Hz) and damping of the least-frequency-error member, then of the least-damping-error member"));
  PetscCall(TriboH5WriteAttrString(h, "/fit", "law", fit->law));
  PetscCall(TriboH5WriteAttrString(h, "/fit", "model", fit->fj ? "rom" : "wjrom"));
  if (fit->fj) PetscCall(TriboH5WriteAttrString(h, "/fit", "backbone", fit->bbmethod));
  PetscCall(TriboH5WriteAttrReal(h, "/fit", "area", fit->area));
  PetscCall(TriboH5WriteAttrReal(h, "/fit", "area_fraction", fit->fraction));
  d[0] = 4;
  PetscCall(TriboH5WriteReal(h, "/fit/box", 1, d, fit->box));
  if (fit->hasvar) {
    d[0] = 4;
    PetscCall(TriboH5WriteReal(h, "/fit/variability", 1, d, fit->var));
    PetscCall(TriboH5WriteAttrString(h, "/fit/variability", "columns",
                                     "eq. 41 frequency and damping errors of the upper bound, then of the lower bound (NaN: a lower damping <= 0)"));
    d[0] = 2;
    PetscCall(TriboH5WriteReal(h, "/fit/reference_point", 1, d, fit->ref));
    d[0] = 4, d[1] = fit->n;
    PetscCall(TriboH5WriteReal(h, "/fit/measured_bounds", 2, d, fit->qb));
    PetscCall(TriboH5WriteAttrString(h, "/fit/measured_bounds", "rows", "frequency lower, upper (Hz), damping lower, upper"));
  }
  PetscCall(TriboH5WriteAttrString(h, "/fit", "amplitude_meaning", fit->mb.unit));
  if (fit->nfront) { // the table of parameter ranges (porter-et-al-2022 App. A): the front's smallest and largest value of each
    PetscReal *r;
    PetscCall(PetscMalloc1(2 * fit->np, &r));
    for (PetscInt k = 0; k < fit->np; k++) {
      r[2 * k] = PETSC_MAX_REAL, r[2 * k + 1] = -PETSC_MAX_REAL;
      for (PetscInt i = 0; i < fit->nfront; i++)
        r[2 * k] = PetscMin(r[2 * k], fit->fx[i * fit->np + k]), r[2 * k + 1] = PetscMax(r[2 * k + 1], fit->fx[i * fit->np + k]);
    }
    d[0] = fit->np, d[1] = 2;
    PetscCall(TriboH5WriteReal(h, "/fit/parameter_ranges", 2, d, r));
    PetscCall(TriboH5WriteAttrString(h, "/fit/parameter_ranges", "columns", "the front's smallest and largest value of each parameter (/fit/names)"));
    PetscCall(PetscFree(r));
  }
  if (fit->method != 1) PetscCall(TriboNSGA2WriteH5(fit->nsga, h, "/fit/nsga2"));
  PetscCall(TriboH5WriteAttrString(h, "/fit", "method", FitMethods_Private[fit->method]));
  if (fit->nfront) { // 0: NSGA-II, 1: boundary intersection
    PetscCall(PetscMalloc1(fit->nfront, &b));
    for (PetscInt i = 0; i < fit->nfront; i++) b[i] = fit->fmethod[i];
    d[0] = fit->nfront;
    PetscCall(TriboH5WriteReal(h, "/fit/front_method", 1, d, b));
    PetscCall(TriboH5WriteAttrString(h, "/fit/front_method", "values", "0: NSGA-II, 1: boundary intersection (eq. 43)"));
    PetscCall(PetscFree(b));
  }
  if (fit->method != 0) PetscCall(TriboFitWriteBIH5(fit, fit->bi, fit->nbi, fit->bx, fit->bf42, h));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFitDestroy(TriboFit *fit)
{
  TriboFit f;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(fit, TRIBO_FIT_CLASSID);
  f = *fit;
  PetscCall(TriboMeasuredBackboneFree(&f->mb));
  PetscCall(TriboWJROMDestroy(&f->w));
  PetscCall(TriboFJROMDestroy(&f->fj));
  PetscCall(TriboNSGA2Destroy(&f->nsga));
  for (PetscInt k = 0; k < f->np; k++) PetscCall(PetscFree(f->names[k]));
  PetscCall(PetscFree(f->names));
  PetscCall(PetscFree3(f->lo, f->hi, f->logs));
  PetscCall(PetscFree5(f->q, f->om, f->z, f->wf, f->wz));
  PetscCall(PetscFree3(f->fx, f->f41, f->f42));
  PetscCall(TriboBIDestroy(&f->bi));
  PetscCall(PetscFree(f->fmethod));
  PetscCall(PetscFree2(f->bx, f->bf42));
  PetscCall(PetscFree(f->qb));
  PetscCall(PetscHeaderDestroy(fit));
  PetscFunctionReturn(0);
}

/* The fit's problem for the boundary intersection (src/fit/bi.c): valid after TriboFitSolve() has set the amplitudes; the
   scaled bounds live until the next TriboFitSetFromOptions() */
PetscErrorCode TriboFitGetProblem(TriboFit fit, TriboFitProblem *p)
{
  PetscFunctionBeginUser;
  p->np    = fit->np;
  p->n     = fit->n;
  p->names = (const char *const *)fit->names;
  p->lo    = fit->lo;
  p->hi    = fit->hi;
  p->logs  = fit->logs;
  p->q     = fit->q;
  p->om    = fit->om;
  p->z     = fit->z;
  p->w     = fit->w;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFitGetBI(TriboFit fit, TriboBI *bi)
{
  PetscFunctionBeginUser;
  *bi = fit->bi;
  PetscFunctionReturn(0);
}
