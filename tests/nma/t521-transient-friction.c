/* tribo transient with hysteretic, cubic and rate-dependent laws on a one-DOF oscillator (include/tribotransient.h).

   m x'' + c x' + k x + f_J(x) = P sin(2 pi f t), m = k = 1, c = 0.02, Jenkins kt = 3, ts = 1 (a unit-area point), P = 2,
   f = 0.25 Hz, dt = 0.01, 40 s, every step stored:
   A) HHT-alpha with alpha = 0 gives the Newmark history (gamma 1/2, beta 1/4) to 1e-13 of the largest |x|.
   B) the work done on the joint (the code's trapezoidal sum of dx.(f_n + f_n+1)/2) equals what the Jenkins element stores
      and dissipates, computed here from the stored point history: ts sum |ds| + t(T)^2/(2 kt) with the slip s = u - t/kt,
      to 1e-3 relative (the trapezoid errs only in the steps where stick turns to slip); the energy balance is zero to 1e-10
      of the external work for any law (the trapezoidal rule's identity); the Newton iterations stay below 2 per step.
   C) undamped Duffing x'' + x + x^3 = 0 (the cubic law, k1 = 0, k3 = 1) from x0 = 1, dt = 0.005, 20 s: the energy
      1/2 v^2 + 1/2 x^2 + x^4/4, computed here from the history, drifts by less than 1e-4 relative (the trapezoidal rule
      conserves it to O(dt^2) for a nonlinear force); the code's balance is zero to 1e-10.
   D) the rate-dependent tanh law (mu fn tanh(v/eps), dt/dv through TriboJointEvaluateV()) with eps = 1000 m/s and
      mu fn / eps = 0.4 is a viscous damper c = 0.4 below |v| << eps: the response to the same load (no Jenkins) agrees
      with a run with C = 0.4 and no joint force to 1e-5 of the largest |x| (tanh(y) = y (1 - y^2/3 + ...), |v| < 4 m/s: y^2/3 < 6e-6),
      and Newton takes at most 2 iterations per step on the consistent tangent. */
#include "onedof.h"

typedef struct {
  TriboROM       rom;
  TriboLaw       law;
  TriboJoint     j;
  TriboTransient tr;
} Run;

/* law: jenkins, cubic or tanh; c: ROM damping */
static PetscErrorCode Run_Private(const char lawname[], PetscReal c, const char opts[], Run *r)
{
  PetscFunctionBeginUser;
  PetscCall(OneDOFROM_Private(1.0, 1.0, 1.0, "oscillator", &r->rom));
  if (c > 0) {
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, 1, 1, NULL, &r->rom->C));
    PetscCall(MatSetValue(r->rom->C, 0, 0, c, INSERT_VALUES));
    PetscCall(MatAssemblyBegin(r->rom->C, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(r->rom->C, MAT_FINAL_ASSEMBLY));
  }
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, 1, &r->rom->Fx));
  PetscCall(VecSet(r->rom->Fx, 1.0));
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &r->law));
  PetscCall(TriboLawSetType(r->law, lawname));
  if (!strcmp(lawname, TRIBOLAWJENKINS)) {
    PetscCall(TriboLawSetParameter(r->law, "kt", 3.0));
    PetscCall(TriboLawSetParameter(r->law, "ts", 1.0));
    PetscCall(TriboLawSetParameter(r->law, "kn", 0.0));
  } else if (!strcmp(lawname, TRIBOLAWCUBIC))
    PetscCall(TriboLawSetParameter(r->law, "k3", 1.0));
  else { // tanh: mu fn / eps = 0.4
    PetscCall(TriboLawSetParameter(r->law, "mu", 1.0));
    PetscCall(TriboLawSetParameter(r->law, "fn", 400.0));
    PetscCall(TriboLawSetParameter(r->law, "eps", 1000.0));
  }
  PetscCall(TriboJointCreate(PETSC_COMM_WORLD, &r->j));
  PetscCall(TriboJointSetROM(r->j, r->rom));
  PetscCall(TriboJointSetLaw(r->j, r->law));
  PetscCall(TriboJointSetUp(r->j));
  PetscCall(PetscOptionsClear(NULL));
  PetscCall(PetscOptionsInsertString(NULL, opts));
  PetscCall(TriboTransientCreate(PETSC_COMM_WORLD, &r->tr));
  PetscCall(TriboTransientSetJoint(r->tr, r->j));
  PetscCall(TriboTransientSetFromOptions(r->tr));
  PetscCall(TriboTransientSolve(r->tr));
  PetscFunctionReturn(0);
}

static PetscErrorCode Free_Private(Run *r)
{
  PetscFunctionBeginUser;
  PetscCall(TriboTransientDestroy(&r->tr));
  PetscCall(TriboJointDestroy(&r->j));
  PetscCall(TriboLawDestroy(&r->law));
  PetscCall(TriboROMDestroy(&r->rom));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  const char                 *forced = "-transient_dt 0.01 -transient_time 40 -transient_force sin(2,0.25) -transient_quiet";
  Run                         a, b;
  PetscInt                    no, npl, steps, its;
  const PetscReal            *t, *x, *xb, *v, *pu, *pt;
  const PetscInt             *pl;
  const TriboTransientEnergy *e;
  PetscReal                   dx = 0, xm = 0, slip = 0, wj, stored, eb = 0, wmax = 0, en = 0, E0 = 0.75;
  PetscBool                   verbose = PETSC_FALSE;
  char                        opts[256];

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-verbose", &verbose, NULL)); // the measured numbers, not compared
  // A, B) Jenkins
  PetscCall(Run_Private(TRIBOLAWJENKINS, 0.02, forced, &a));
  PetscCall(PetscSNPrintf(opts, sizeof(opts), "%s -transient_scheme hht -transient_alpha 0", forced));
  PetscCall(Run_Private(TRIBOLAWJENKINS, 0.02, opts, &b));
  PetscCall(TriboTransientGetHistory(a.tr, &no, &t, &x, NULL));
  PetscCall(TriboTransientGetHistory(b.tr, NULL, NULL, &xb, NULL));
  for (PetscInt i = 0; i < no; i++) dx = PetscMax(dx, PetscAbsReal(x[i] - xb[i])), xm = PetscMax(xm, PetscAbsReal(x[i]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "A: Jenkins, %" PetscInt_FMT " records: HHT-alpha with alpha = 0 %s Newmark\n", no,
                        dx <= 1e-13 * xm ? "equals" : "DIFFERS FROM"));
  PetscCall(TriboTransientGetPointHistory(a.tr, &npl, &pl, &pu, &pt));
  PetscCall(TriboTransientGetEnergy(a.tr, &e));
  PetscCall(TriboTransientGetStatistics(a.tr, &steps, &its, NULL));
  for (PetscInt i = 1; i < no; i++) slip += PetscAbsReal((pu[3 * i] - pt[3 * i] / 3.0) - (pu[3 * (i - 1)] - pt[3 * (i - 1)] / 3.0));
  for (PetscInt i = 0; i < no; i++) wmax = PetscMax(wmax, PetscAbsReal(e->external[i])), eb = PetscMax(eb, PetscAbsReal(e->balance[i]));
  wj     = e->joint[no - 1];
  stored = pt[3 * (no - 1)] * pt[3 * (no - 1)] / (2 * 3.0);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "B: joint work %s ts sum |slip| + t^2/(2 kt); balance %s; Newton per step %s 2\n",
                        PetscAbsReal(wj - (slip + stored)) < 1e-3 * wj ? "equals" : "DIFFERS FROM", eb < 1e-10 * wmax ? "zero" : "NONZERO",
                        its <= 2 * steps ? "at most" : "MORE THAN"));
  if (verbose)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "   |dx| %.3e of %.3e; joint work %.6e, slip + stored %.6e; balance %.3e of %.3e; Newton %" PetscInt_FMT
                          " in %" PetscInt_FMT " steps\n",
                          (double)dx, (double)xm, (double)wj, (double)(slip + stored), (double)eb, (double)wmax, its, steps));
  PetscCall(Free_Private(&a));
  PetscCall(Free_Private(&b));
  // C) Duffing free vibration
  PetscCall(Run_Private(TRIBOLAWCUBIC, 0, "-transient_dt 0.005 -transient_time 20 -transient_x0 1 -transient_quiet", &a));
  PetscCall(TriboTransientGetHistory(a.tr, &no, &t, &x, &v));
  PetscCall(TriboTransientGetEnergy(a.tr, &e));
  eb = 0;
  for (PetscInt i = 0; i < no; i++) {
    en = PetscMax(en, PetscAbsReal(0.5 * v[i] * v[i] + 0.5 * x[i] * x[i] + 0.25 * PetscPowReal(x[i], 4) - E0) / E0);
    eb = PetscMax(eb, PetscAbsReal(e->balance[i]) / E0);
  }
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "C: Duffing energy drift %s 1e-4, balance %s\n", en < 1e-4 ? "below" : "ABOVE", eb < 1e-10 ? "zero" : "NONZERO"));
  if (verbose) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "   drift %.3e, balance %.3e\n", (double)en, (double)eb));
  PetscCall(Free_Private(&a));
  // D) tanh as a viscous damper against C = 0.4
  PetscCall(Run_Private(TRIBOLAWTANH, 0, forced, &a));
  {
    Run d; // the same oscillator with C = 0.4 and no joint force
    PetscCall(OneDOFROM_Private(1.0, 1.0, 1.0, "oscillator", &d.rom));
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, 1, 1, NULL, &d.rom->C));
    PetscCall(MatSetValue(d.rom->C, 0, 0, 0.4, INSERT_VALUES));
    PetscCall(MatAssemblyBegin(d.rom->C, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(d.rom->C, MAT_FINAL_ASSEMBLY));
    PetscCall(VecCreateSeq(PETSC_COMM_SELF, 1, &d.rom->Fx));
    PetscCall(VecSet(d.rom->Fx, 1.0));
    PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &d.law));
    PetscCall(TriboLawSetType(d.law, TRIBOLAWCUBIC)); // k1 = k3 = 0: no joint force
    PetscCall(TriboJointCreate(PETSC_COMM_WORLD, &d.j));
    PetscCall(TriboJointSetROM(d.j, d.rom));
    PetscCall(TriboJointSetLaw(d.j, d.law));
    PetscCall(TriboJointSetUp(d.j));
    PetscCall(PetscOptionsClear(NULL));
    PetscCall(PetscOptionsInsertString(NULL, forced));
    PetscCall(TriboTransientCreate(PETSC_COMM_WORLD, &d.tr));
    PetscCall(TriboTransientSetJoint(d.tr, d.j));
    PetscCall(TriboTransientSetFromOptions(d.tr));
    PetscCall(TriboTransientSolve(d.tr));
    PetscCall(TriboTransientGetHistory(a.tr, &no, NULL, &x, NULL));
    PetscCall(TriboTransientGetHistory(d.tr, NULL, NULL, &xb, NULL));
    PetscCall(TriboTransientGetStatistics(a.tr, &steps, &its, NULL));
    dx = xm = 0;
    for (PetscInt i = 0; i < no; i++) dx = PetscMax(dx, PetscAbsReal(x[i] - xb[i])), xm = PetscMax(xm, PetscAbsReal(xb[i]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "D: tanh law %s the viscous damper; Newton per step %s 2\n", dx < 1e-5 * xm ? "matches" : "DIFFERS FROM",
                          its <= 2 * steps ? "at most" : "MORE THAN"));
    if (verbose)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "   |dx| %.3e of %.3e, Newton %" PetscInt_FMT " in %" PetscInt_FMT " steps\n", (double)dx, (double)xm,
                            its, steps));
    PetscCall(Free_Private(&d));
  }
  PetscCall(Free_Private(&a));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
TEST*/
