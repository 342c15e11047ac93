#pragma once
/* Shared by t534 and t536: a boundary-intersection fit of a synthetic WJROM backbone, the check of its analytic gradient
   against central differences, and the check of its anchors against the true parameters. */
#include <tribofit.h>

static inline PetscErrorCode FitBI(const char law[], const char params[], const char ndir[], PetscReal noise, const char *names[],
                                   const PetscReal v[], TriboMeasuredBackbone *mb, TriboFit *fit)
{
  PetscFunctionBeginUser;
  PetscCall(TriboWJROMSynthesizeBackbone(PETSC_COMM_WORLD, law, law, 4, names, v, noise, 11, mb));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_law", law));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_params", params));
  PetscCall(PetscOptionsSetValue(NULL, "-fit_bi_n", ndir));
  PetscCall(TriboFitCreate(PETSC_COMM_WORLD, fit));
  PetscCall(TriboFitSetFromOptions(*fit));
  PetscCall(TriboFitSetMeasured(*fit, mb));
  PetscCall(TriboFitSolve(*fit));
  PetscFunctionReturn(0);
}

/* analytic gradient against central differences at x (scaled variables of the fit's parameters) */
static inline PetscErrorCode GradientCheck(TriboFit fit, const PetscReal x[], const char what[])
{
  TriboFitBICtx ctx;
  PetscReal     F[2], G[2 * 16], Fp[2], Fm[2], xp[16], err = 0, gmax[2] = {0, 0};
  PetscBool     ok;
  PetscInt      np;

  PetscFunctionBeginUser;
  PetscCall(TriboFitGetProblem(fit, &ctx.p));
  np = ctx.p.np;
  PetscCall(PetscMalloc1(4 * ctx.p.n + 2 * ctx.p.n * np, &ctx.work));
  ctx.nev = ctx.nfd = 0;
  PetscCall(TriboFitBIObjective(&ctx, x, F, G, &ok));
  PetscCheck(ok, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "the backbone failed at the gradient's point");
  for (PetscInt k = 0; k < np; k++)
    for (PetscInt j = 0; j < 2; j++) gmax[j] = PetscMax(gmax[j], PetscAbsReal(G[j * np + k]));
  for (PetscInt k = 0; k < np; k++) {
    PetscReal d = 1e-5;
    PetscCall(PetscArraycpy(xp, x, np));
    xp[k] = x[k] + d;
    PetscCall(TriboFitBIObjective(&ctx, xp, Fp, NULL, &ok));
    xp[k] = x[k] - d;
    PetscCall(TriboFitBIObjective(&ctx, xp, Fm, NULL, &ok));
    for (PetscInt j = 0; j < 2; j++) err = PetscMax(err, PetscAbsReal((Fp[j] - Fm[j]) / (2 * d) - G[j * np + k]) / gmax[j]);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "%s: analytic gradient = central differences within 1e-5 (relative to the largest entry): %s; analytic %s\n", what,
                        err < 1e-5 ? "yes" : "NO", ctx.nfd ? "NO (differences used)" : "yes"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "  [measured: %.2e]\n", (double)err)); // not compared (stdout of rank 0 only, but varies)
  PetscCall(PetscFree(ctx.work));
  PetscFunctionReturn(0);
}

static inline PetscErrorCode Anchors(TriboFit fit, const PetscReal v[], const char what[],
                                     PetscBool damping) /* v: the fitted parameters' true values */
{
  TriboBI          bi;
  const PetscReal *xa;
  TriboFitProblem  p;
  PetscReal        e[2] = {0, 0};

  PetscFunctionBeginUser;
  PetscCall(TriboFitGetBI(fit, &bi));
  PetscCall(TriboFitGetProblem(fit, &p));
  PetscCall(TriboBIGetAnchors(bi, &xa, NULL, NULL));
  for (PetscInt j = 0; j < 2; j++)
    for (PetscInt k = 0; k < p.np; k++) {
      PetscReal val = p.logs[k] ? PetscPowReal(10.0, xa[j * p.np + k]) : xa[j * p.np + k];
      e[j]          = PetscMax(e[j], PetscAbsReal(val / v[k] - 1));
    }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, no noise: frequency anchor recovers the %" PetscInt_FMT " parameters within 1e-4: %s\n", what, p.np,
                        e[0] < 1e-4 ? "yes" : "NO"));
  if (damping)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s, no noise: damping anchor recovers the %" PetscInt_FMT " parameters within 1e-4: %s\n", what, p.np,
                          e[1] < 1e-4 ? "yes" : "NO"));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "  [measured: %.2e %.2e]\n", (double)e[0], (double)e[1]));
  PetscFunctionReturn(0);
}
