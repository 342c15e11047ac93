/* tribo transient on a linear one-DOF oscillator against closed forms (include/tribotransient.h).

   m x'' + c x' + k x + k1 x = P sin(W t): the structure's spring k and a linear joint (the cubic law with k1, k3 = 0) on one
   interface point, so that the joint is evaluated as in any run.
   A) undamped free vibration from x0 (c = 0, P = 0), Newmark 1/2, 1/4, dt = 0.01, w = sqrt((k + k1)/m) = 5 rad/s:
      the trapezoidal rule rotates (x, v/w) by 2 atan(w dt/2) per step, so x_n = x0 cos(n 2 atan(w dt/2)) exactly: checked to
      1e-10 x0 over 1000 steps; the energy 1/2 m v^2 + 1/2 (k + k1) x^2, computed here from the stored history, stays at its
      start to 1e-10 relative, and so does the code's balance; the error against the continuous x0 cos(w t) is below its
      leading term, the phase lag x0 w T (w dt)^2/12 (times 1.05).
   B) damped forced response from rest (c = 0.4, P = 1, W = 3 rad/s) against the closed form (particular + homogeneous
      solutions): the largest error over 10 s at dt = 0.02 and 0.01 falls by a factor in [3.5, 4.5] (second order) and is
      below 1e-3 at dt = 0.01; the energy balance (kinetic + strain + damping + joint - external) is zero to 1e-10 of the
      external work; the damping dissipation agrees with the trapezoidal integral of c v^2 over the stored velocities to 1e-3
      relative (the two sums differ by c dt (v_n+1 - v_n)^2/4 per step).
   C) HHT-alpha, alpha = -0.2, on case B's oscillator and load at dt = 0.02 against the scheme written here in its
      textbook acceleration form (Hilber, Hughes & Taylor 1977: solve m a1 + (1 + alpha)(c v1 + K x1) - alpha (c v0 + K x0)
      = (1 + alpha) f1 - alpha f0 for a1 with the Newmark updates, gamma = 1/2 - alpha, beta = (1 - alpha)^2/4): the
      displacements agree to 1e-10 of the largest; free vibration (case A's, at dt = 0.1: w dt = 0.5, where HHT damps) loses
      more than 1% of its energy in 10 s (balance < -0.01 E0: the numerical dissipation; case A's Newmark keeps it). */
#include "onedof.h"

static const PetscReal m = 2, k = 30, k1 = 20;

/* A transient run of the oscillator with options; returns the analysis (and keeps the joint alive with it) */
static PetscErrorCode Run_Private(PetscReal c, const char opts[], TriboROM *romp, TriboLaw *lawp, TriboJoint *jp, TriboTransient *trp)
{
  TriboROM rom;
  TriboLaw law;

  PetscFunctionBeginUser;
  PetscCall(OneDOFROM_Private(m, k, 1.0, "linear oscillator", &rom));
  if (c > 0) {
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, 1, 1, NULL, &rom->C));
    PetscCall(MatSetValue(rom->C, 0, 0, c, INSERT_VALUES));
    PetscCall(MatAssemblyBegin(rom->C, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(rom->C, MAT_FINAL_ASSEMBLY));
  }
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, 1, &rom->Fx));
  PetscCall(VecSet(rom->Fx, 1.0));
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWCUBIC));
  PetscCall(TriboLawSetParameter(law, "k1", k1));
  PetscCall(TriboJointCreate(PETSC_COMM_WORLD, jp));
  PetscCall(TriboJointSetROM(*jp, rom));
  PetscCall(TriboJointSetLaw(*jp, law));
  PetscCall(TriboJointSetUp(*jp));
  PetscCall(PetscOptionsClear(NULL));
  PetscCall(PetscOptionsInsertString(NULL, opts));
  PetscCall(TriboTransientCreate(PETSC_COMM_WORLD, trp));
  PetscCall(TriboTransientSetJoint(*trp, *jp));
  PetscCall(TriboTransientSetFromOptions(*trp));
  PetscCall(TriboTransientSolve(*trp));
  *romp = rom, *lawp = law;
  PetscFunctionReturn(0);
}

static PetscErrorCode Free_Private(TriboROM *rom, TriboLaw *law, TriboJoint *j, TriboTransient *tr)
{
  PetscFunctionBeginUser;
  PetscCall(TriboTransientDestroy(tr));
  PetscCall(TriboJointDestroy(j));
  PetscCall(TriboLawDestroy(law));
  PetscCall(TriboROMDestroy(rom));
  PetscFunctionReturn(0);
}

/* closed-form response of m x'' + c x' + K x = P sin(W t) from rest */
static PetscReal Exact_Private(PetscReal c, PetscReal P, PetscReal W, PetscReal t)
{
  PetscReal K = k + k1, w = PetscSqrtReal(K / m), z = c / (2 * m * w), wd = w * PetscSqrtReal(1 - z * z), a = K - m * W * W,
            D = a * a + c * c * W * W;
  PetscReal A = P * c * W / D, B = (z * w * A - P * a * W / D) / wd;
  return P / D * (a * PetscSinReal(W * t) - c * W * PetscCosReal(W * t)) +
         PetscExpReal(-z * w * t) * (A * PetscCosReal(wd * t) + B * PetscSinReal(wd * t));
}

int main(int argc, char **argv)
{
  TriboROM                    rom;
  TriboLaw                    law;
  TriboJoint                  j;
  TriboTransient              tr;
  PetscInt                    no;
  const PetscReal            *t, *x, *v;
  const TriboTransientEnergy *e;
  PetscReal x0 = 0.1, dt = 0.01, w = PetscSqrtReal((k + k1) / m), th = 2 * PetscAtanReal(w * dt / 2), ed = 0, ee = 0, en = 0, E0, eb = 0;
  PetscReal c = 0.4, P = 1, W = 3, err[2], dc = 0, wmax = 0;
  char      opts[256];
  PetscBool verbose = PETSC_FALSE;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-verbose", &verbose, NULL)); // the measured numbers, not compared
  // A) undamped free vibration
  PetscCall(PetscSNPrintf(opts, sizeof(opts), "-transient_dt %g -transient_time 10 -transient_x0 %g -transient_quiet", (double)dt, (double)x0));
  PetscCall(Run_Private(0, opts, &rom, &law, &j, &tr));
  PetscCall(TriboTransientGetHistory(tr, &no, &t, &x, &v));
  PetscCall(TriboTransientGetEnergy(tr, &e));
  E0 = 0.5 * (k + k1) * x0 * x0;
  for (PetscInt i = 0; i < no; i++) {
    PetscReal En = 0.5 * m * v[i] * v[i] + 0.5 * (k + k1) * x[i] * x[i];
    ed           = PetscMax(ed, PetscAbsReal(x[i] - x0 * PetscCosReal(i * th)) / x0);
    ee           = PetscMax(ee, PetscAbsReal(x[i] - x0 * PetscCosReal(w * t[i])));
    en           = PetscMax(en, PetscAbsReal(En - E0) / E0);
    eb           = PetscMax(eb, PetscAbsReal(e->balance[i]) / E0);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "A: %" PetscInt_FMT " records, x(10 s) = %.10f (discrete closed form %.10f)\n", no, (double)x[no - 1],
                        (double)(x0 * PetscCosReal((no - 1) * th))));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "A: discrete closed form %s, energy from the history %s, code's balance %s\n",
                        ed < 1e-10 ? "matches" : "DIFFERS", en < 1e-10 ? "conserved" : "NOT CONSERVED", eb < 1e-10 ? "zero" : "NONZERO"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "A: error against x0 cos(w t) %s the phase-lag bound %.6e\n",
                        ee <= 1.05 * x0 * w * 10 * (w * dt) * (w * dt) / 12 ? "below" : "ABOVE", (double)(x0 * w * 10 * (w * dt) * (w * dt) / 12)));
  if (verbose)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "A: discrete %.3e, energy %.3e, balance %.3e, continuous %.3e\n", (double)ed, (double)en, (double)eb,
                          (double)ee));
  PetscCall(Free_Private(&rom, &law, &j, &tr));
  // B) damped forced response from rest, two step sizes
  for (PetscInt r = 0; r < 2; r++) {
    PetscReal h = r ? 0.01 : 0.02;
    PetscCall(PetscSNPrintf(opts, sizeof(opts), "-transient_dt %g -transient_time 10 -transient_force sin(%g,%.17g) -transient_quiet", (double)h,
                            (double)P, (double)(W / (2 * PETSC_PI))));
    PetscCall(Run_Private(c, opts, &rom, &law, &j, &tr));
    PetscCall(TriboTransientGetHistory(tr, &no, &t, &x, &v));
    PetscCall(TriboTransientGetEnergy(tr, &e));
    err[r] = 0;
    for (PetscInt i = 0; i < no; i++) err[r] = PetscMax(err[r], PetscAbsReal(x[i] - Exact_Private(c, P, W, t[i])));
    if (r) {
      eb = 0, dc = 0;
      for (PetscInt i = 0; i < no; i++) wmax = PetscMax(wmax, PetscAbsReal(e->external[i])), eb = PetscMax(eb, PetscAbsReal(e->balance[i]));
      for (PetscInt i = 1; i < no; i++) dc += 0.5 * (t[i] - t[i - 1]) * c * (v[i] * v[i] + v[i - 1] * v[i - 1]);
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "B: x(10 s) closed form %.8f\n", (double)Exact_Private(c, P, W, 10.0)));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "B: error ratio dt 0.02 / 0.01 %s [3.5, 4.5], error at dt 0.01 %s 1e-3\n",
                            err[0] / err[1] >= 3.5 && err[0] / err[1] <= 4.5 ? "in" : "NOT IN", err[1] < 1e-3 ? "below" : "ABOVE"));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "B: energy balance %s, damping dissipation %s the integral of c v^2\n",
                            eb < 1e-10 * wmax ? "zero" : "NONZERO", PetscAbsReal(e->damping[no - 1] - dc) < 1e-3 * dc ? "matches" : "DIFFERS FROM"));
    }
    if (verbose && r)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "B: errors %.3e %.3e ratio %.3f, balance %.3e of %.3e, damping %.6e vs %.6e\n", (double)err[0],
                            (double)err[1], (double)(err[0] / err[1]), (double)eb, (double)wmax, (double)e->damping[no - 1], (double)dc));
    PetscCall(Free_Private(&rom, &law, &j, &tr));
  }
  { // C) HHT-alpha against its textbook recursion
    PetscReal al = -0.2, ga = 0.5 - al, be = 0.25 * (1 - al) * (1 - al), h = 0.02, K = k + k1, xs = 0, vs = 0, as = 0, dmax = 0, xm = 0;
    PetscCall(
        PetscSNPrintf(opts, sizeof(opts),
                      "-transient_dt %g -transient_time 10 -transient_force sin(%g,%.17g) -transient_scheme hht -transient_alpha %g -transient_quiet",
                      (double)h, (double)P, (double)(W / (2 * PETSC_PI)), (double)al));
    PetscCall(Run_Private(c, opts, &rom, &law, &j, &tr));
    PetscCall(TriboTransientGetHistory(tr, &no, &t, &x, &v));
    for (PetscInt i = 1; i < no; i++) {
      PetscReal f0 = P * PetscSinReal(W * t[i - 1]), f1 = P * PetscSinReal(W * t[i]), a1;
      a1 = ((1 + al) * f1 - al * f0 + al * (c * vs + K * xs) -
            (1 + al) * (c * (vs + h * (1 - ga) * as) + K * (xs + h * vs + h * h * (0.5 - be) * as))) /
           (m + (1 + al) * (c * ga * h + K * be * h * h));
      xs   = xs + h * vs + h * h * ((0.5 - be) * as + be * a1);
      vs   = vs + h * ((1 - ga) * as + ga * a1);
      as   = a1;
      dmax = PetscMax(dmax, PetscAbsReal(x[i] - xs)), xm = PetscMax(xm, PetscAbsReal(xs));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C: HHT-alpha -0.2 %s its textbook recursion\n", dmax < 1e-10 * xm ? "follows" : "DIFFERS FROM"));
    if (verbose) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C: |dx| %.3e of %.3e\n", (double)dmax, (double)xm));
    PetscCall(Free_Private(&rom, &law, &j, &tr));
    PetscCall(PetscSNPrintf(opts, sizeof(opts),
                            "-transient_dt %g -transient_time 10 -transient_x0 %g -transient_scheme hht -transient_alpha %g -transient_quiet",
                            (double)(10 * dt), (double)x0, (double)al));
    PetscCall(Run_Private(0, opts, &rom, &law, &j, &tr));
    PetscCall(TriboTransientGetHistory(tr, &no, NULL, NULL, NULL));
    PetscCall(TriboTransientGetEnergy(tr, &e));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C: HHT-alpha free vibration %s energy\n", e->balance[no - 1] < -1e-2 * E0 ? "loses" : "DOES NOT LOSE"));
    if (verbose) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C: balance %.3e of %.3e\n", (double)e->balance[no - 1], (double)E0));
    PetscCall(Free_Private(&rom, &law, &j, &tr));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    rtol: 1e-8
    atol: 1e-9
TEST*/
