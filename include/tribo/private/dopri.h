#pragma once
/* Embedded Runge-Kutta pair of Dormand and Prince, 5(4) (the "DOPRI5" tableau of Hairer, Norsett and Wanner,
   Solving ODEs I, Table II.5.2), with local extrapolation (the fifth-order solution is propagated), the first same
   as last property and step-size control, as a pure inline integrator for the rate-form interface laws
   (porter-et-al-2022 §2.3.2, eq. 27: the law's df/du = g(u, f) is "integrated with a mixed 4th/5th order
   Runge-Kutta method (the Dormand-Prince algorithm)").

   Pure: no allocation, no MPI, no PetscCall; inlined into the law kernels. The right-hand side is a plain C
   function of (ctx, x, y) writing f = dy/dx; the system has m <= TRIBO_DOPRI_MAXDIM components.

   Error control (Hairer's, on the first nctl components only): a step of size h is accepted when
     err = sqrt(mean_i (e_i / sc_i)^2) <= 1,  sc_i = rtol (max(|y_i|, |y_i,new|) + yref_i),  i < nctl,
   e = h sum_j (b_j - bhat_j) k_j the difference of the embedded pair. The step is then rescaled by
   0.9 err^(-1/5), limited to [0.2, 5] (to at most 1 after a rejection). The components from nctl on (parameter
   sensitivities, eq. 28, that ride along with the traction) take the steps chosen for the first ones.
   The first step is h = min(X, rtol^(1/5) (|y_0| + yref_0) / |f_0|). */
#include <petscsys.h>

#define TRIBO_DOPRI_MAXDIM 8

typedef void (*TriboDopriRHS)(const void *ctx, PetscReal x, const PetscReal *y, PetscReal *f);

typedef struct {
  PetscInt steps;    /* accepted steps */
  PetscInt rejected; /* rejected steps */
  PetscInt evals;    /* right-hand side evaluations */
} TriboDopriStats;

/* Integrates y' = f(x, y) from x = 0 to x = X >= 0, in place. rtol: relative tolerance; yref[nctl]: the absolute
   part of the scale of each controlled component (rtol yref is its absolute tolerance); maxsteps: the most steps
   (accepted and rejected) allowed; stats: counters added to (may be NULL). Returns 0, or 1 when the steps ran out,
   the step size underflowed or the solution stopped being finite. */
static inline int TriboDopriIntegrate_Private(TriboDopriRHS f, const void *ctx, int m, int nctl, PetscReal X, PetscReal *y, PetscReal rtol,
                                              const PetscReal *yref, PetscInt maxsteps, TriboDopriStats *stats)
{
  static const PetscReal c2 = 1.0 / 5, c3 = 3.0 / 10, c4 = 4.0 / 5, c5 = 8.0 / 9;
  static const PetscReal a21 = 1.0 / 5, a31 = 3.0 / 40, a32 = 9.0 / 40, a41 = 44.0 / 45, a42 = -56.0 / 15, a43 = 32.0 / 9, a51 = 19372.0 / 6561,
                         a52 = -25360.0 / 2187, a53 = 64448.0 / 6561, a54 = -212.0 / 729, a61 = 9017.0 / 3168, a62 = -355.0 / 33,
                         a63 = 46732.0 / 5247, a64 = 49.0 / 176, a65 = -5103.0 / 18656, a71 = 35.0 / 384, a73 = 500.0 / 1113, a74 = 125.0 / 192,
                         a75 = -2187.0 / 6784, a76 = 11.0 / 84;
  static const PetscReal e1 = 71.0 / 57600, e3 = -71.0 / 16695, e4 = 71.0 / 1920, e5 = -17253.0 / 339200, e6 = 22.0 / 525, e7 = -1.0 / 40;
  PetscReal              k1[TRIBO_DOPRI_MAXDIM], k2[TRIBO_DOPRI_MAXDIM], k3[TRIBO_DOPRI_MAXDIM], k4[TRIBO_DOPRI_MAXDIM], k5[TRIBO_DOPRI_MAXDIM];
  PetscReal              k6[TRIBO_DOPRI_MAXDIM], k7[TRIBO_DOPRI_MAXDIM], yt[TRIBO_DOPRI_MAXDIM], yn[TRIBO_DOPRI_MAXDIM];
  PetscReal              x = 0, h, f0 = 0, s0 = 0;
  PetscInt               tries = 0, steps = 0, rejected = 0, evals = 0;
  int                    reject = 0, fail = 0;

  if (!(X > 0)) return X == 0 ? 0 : 1;
  f(ctx, x, y, k1);
  evals++;
  for (int i = 0; i < nctl; i++) {
    f0 = PetscMax(f0, PetscAbsReal(k1[i]));
    s0 = PetscMax(s0, PetscAbsReal(y[i]) + yref[i]);
  }
  h = f0 > 0 ? PetscPowReal(rtol, 0.2) * s0 / f0 : X;
  if (!(h > 0) || h > X) h = X;
  while (x < X) {
    PetscReal err  = 0, fac;
    int       last = 0;

    if (++tries > maxsteps) {
      fail = 1;
      break;
    }
    if (x + 1.01 * h >= X) { // land on X exactly
      h    = X - x;
      last = 1;
    }
    for (int i = 0; i < m; i++) yt[i] = y[i] + h * a21 * k1[i];
    f(ctx, x + c2 * h, yt, k2);
    for (int i = 0; i < m; i++) yt[i] = y[i] + h * (a31 * k1[i] + a32 * k2[i]);
    f(ctx, x + c3 * h, yt, k3);
    for (int i = 0; i < m; i++) yt[i] = y[i] + h * (a41 * k1[i] + a42 * k2[i] + a43 * k3[i]);
    f(ctx, x + c4 * h, yt, k4);
    for (int i = 0; i < m; i++) yt[i] = y[i] + h * (a51 * k1[i] + a52 * k2[i] + a53 * k3[i] + a54 * k4[i]);
    f(ctx, x + c5 * h, yt, k5);
    for (int i = 0; i < m; i++) yt[i] = y[i] + h * (a61 * k1[i] + a62 * k2[i] + a63 * k3[i] + a64 * k4[i] + a65 * k5[i]);
    f(ctx, x + h, yt, k6);
    for (int i = 0; i < m; i++) yn[i] = y[i] + h * (a71 * k1[i] + a73 * k3[i] + a74 * k4[i] + a75 * k5[i] + a76 * k6[i]);
    f(ctx, x + h, yn, k7);
    evals += 6;
    for (int i = 0; i < nctl; i++) {
      PetscReal e  = h * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i]);
      PetscReal sc = rtol * (PetscMax(PetscAbsReal(y[i]), PetscAbsReal(yn[i])) + yref[i]);
      err += (e / sc) * (e / sc);
    }
    err = PetscSqrtReal(err / nctl);
    if (!(err == err) || PetscIsInfReal(err)) { // a non-finite stage: shrink hard and retry
      reject = 1;
      rejected++;
      h *= 0.1;
      if (!(h > 1e-14 * X)) {
        fail = 1;
        break;
      }
      continue;
    }
    fac = err > 0 ? 0.9 * PetscPowReal(err, -0.2) : 5.0;
    if (err <= 1) {
      steps++;
      x = last ? X : x + h;
      for (int i = 0; i < m; i++) {
        y[i]  = yn[i];
        k1[i] = k7[i]; // first same as last
      }
      fac    = PetscMin(fac, reject ? 1.0 : 5.0);
      reject = 0;
    } else {
      rejected++;
      reject = 1;
      fac    = PetscMax(fac, 0.2);
    }
    h *= PetscMin(PetscMax(fac, 0.2), 5.0);
    if (x < X && !(h > 1e-14 * X)) {
      fail = 1;
      break;
    }
  }
  for (int i = 0; i < m && !fail; i++)
    if (!(PetscIsNormalReal(y[i]) || y[i] == 0)) fail = 1;
  if (stats) {
    stats->steps += steps;
    stats->rejected += rejected;
    stats->evals += evals;
  }
  return fail;
}
