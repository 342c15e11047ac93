/* Forced response of a one-DOF Duffing oscillator against the first-order amplitude equation (notes hb-epmc.md §5).

   m x'' + c x' + k x + k3 x^3 = P cos(W t) (the cubic law, k1 = 0, on a point of area 1 whose t1 displacement is the
   DOF; the ROM's C = c and Fx = 1). With harmonics 1 (Nt 16, exact for a cubic) the branch satisfies
     G(A, u) = [(k - m u + 3/4 k3 A^2)^2 + c^2 u] A^2 - P^2 = 0,  u = W^2,
   at every point (checked to 1e-8 relative to P^2), and its folds in W (dW/dA = 0, i.e. dG/dA = 0 on G = 0) are
   found here independently: on each root u(A) of the quadratic in u, the sign changes of dG/dA over a grid of A,
   refined by bisection; the continuation's fold frequencies must match them to 1e-6 relative, sweeping up and down.
   With response control (|x_1| = a, the force level an unknown) the same equation holds at A = a for the force
   found at every point, with no fold, and the least force found on the branch is within 1% above the closed-form least force.
   Jenkins, m x'' + c x' + k x + f_J(x) = P cos(W t) (kt, ts; harmonics 0,1, Nt 4096): the describing function
   (t505's) gives [(k + k_eq - m W^2)^2 + (c W + W_d/(pi a^2))^2] a^2 = P^2 with W_d = 4 ts (a - ts/kt) the energy
   dissipated per cycle, to 1e-5 (the sampled AFT differs by O(1/Nt^2)), and a zero static part.
   Fold counting does not depend on the step (issue 35): the case "fine" reruns everything with steps of at most 0.005
   (the default allows 0.1) and must find the same folds at the same closed-form frequencies. */
#include "onedof.h"

static const PetscReal m = 1, k = 1, c = 0.05, k3 = 1, P = 0.1, kt = 3, ts = 1, Pj = 0.5;

static PetscReal Root_Private(PetscReal A, PetscInt branch) // root u of G(A, u) = 0 (branch 0: lower, 1: upper), -1 if none
{
  PetscReal kap = k + 0.75 * k3 * A * A, b = c * c - 2 * kap * m, cc = kap * kap - P * P / (A * A), d = b * b - 4 * m * m * cc;
  if (d < 0) return -1;
  return (-b + (branch ? 1 : -1) * PetscSqrtReal(d)) / (2 * m * m);
}

static PetscReal GA_Private(PetscReal A, PetscInt branch) // dG/dA on the root u(A)
{
  PetscReal u = Root_Private(A, branch), kap = k + 0.75 * k3 * A * A;
  return 2 * A * ((kap - m * u) * (kap - m * u) + c * c * u) + 3 * k3 * A * A * A * (kap - m * u);
}

/* case 0: upward sweep, 1: downward sweep (the same folds), 2: response control |x_1| = a at recovery row 0 (the force
   level P(W) of the amplitude equation at fixed A = a, no folds) */
static PetscErrorCode Run_Private(PetscInt which)
{
  TriboROM         rom;
  TriboLaw         law;
  TriboJoint       joint;
  TriboPrestress   ps;
  TriboFRF         frf;
  PetscInt         npts, N, nf, nref = 0;
  const PetscReal *X, *fhz;
  PetscReal        err = 0, wref[4], ferr = 0, a = 0.8, w0 = which == 1 ? 2.5 : 0.5, w1 = which == 1 ? 0.5 : 2.5, pmin = PETSC_MAX_REAL;
  char             opts[256];

  PetscFunctionBeginUser;
  PetscCall(OneDOFROM_Private(m, k, 1.0, "Duffing", &rom));
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, 1, 1, NULL, &rom->C));
  PetscCall(MatSetValue(rom->C, 0, 0, c, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(rom->C, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(rom->C, MAT_FINAL_ASSEMBLY));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, 1, &rom->Fx));
  PetscCall(VecSet(rom->Fx, 1.0));
  if (which == 2) { // one recovery row: the DOF itself
    rom->nrec = 1;
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, 1, 1, NULL, &rom->R));
    PetscCall(MatSetValue(rom->R, 0, 0, 1.0, INSERT_VALUES));
    PetscCall(MatAssemblyBegin(rom->R, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(rom->R, MAT_FINAL_ASSEMBLY));
  }
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  if (which < 3) {
    PetscCall(TriboLawSetType(law, TRIBOLAWCUBIC));
    PetscCall(TriboLawSetParameter(law, "k1", 0.0));
    PetscCall(TriboLawSetParameter(law, "k3", k3));
  } else {
    PetscCall(TriboLawSetType(law, TRIBOLAWJENKINS));
    PetscCall(TriboLawSetParameter(law, "kt", kt));
    PetscCall(TriboLawSetParameter(law, "ts", ts));
    PetscCall(TriboLawSetParameter(law, "kn", 0.0));
  }
  PetscCall(TriboJointCreate(PETSC_COMM_WORLD, &joint));
  PetscCall(TriboJointSetROM(joint, rom));
  PetscCall(TriboJointSetLaw(joint, law));
  PetscCall(TriboJointSetUp(joint));
  PetscCall(TriboPrestressCreate(PETSC_COMM_WORLD, &ps));
  PetscCall(TriboPrestressSetJoint(ps, joint));
  PetscCall(TriboPrestressSetTension(ps, 0.0));
  PetscCall(TriboPrestressSolve(ps));
  PetscCall(PetscSNPrintf(opts, sizeof(opts), "%s -frf_force %g -frf_quiet -cont_atol 1e-13 -cont_rtol 1e-13 -frf_range %.17g,%.17g",
                          which < 3 ? "-hb_harmonics 1 -hb_nt 16" : "-hb_harmonics 0,1 -hb_nt 4096 -cont_ds_max 0.05", (double)(which < 3 ? P : Pj),
                          (double)(w0 / (2 * PETSC_PI)), (double)(w1 / (2 * PETSC_PI))));
  PetscCall(PetscOptionsInsertString(NULL, opts));
  if (which == 2) {
    PetscCall(PetscSNPrintf(opts, sizeof(opts), "-frf_control_amplitude %g -frf_control_recovery 0", (double)a));
    PetscCall(PetscOptionsInsertString(NULL, opts));
  }
  PetscCall(TriboFRFCreate(PETSC_COMM_WORLD, &frf));
  PetscCall(TriboFRFSetJoint(frf, joint));
  PetscCall(TriboFRFSetPrestress(frf, ps));
  PetscCall(TriboFRFSetFromOptions(frf));
  PetscCall(TriboFRFSetUp(frf));
  PetscCall(TriboFRFSolve(frf));
  PetscCall(TriboFRFGetBranch(frf, &npts, &N, &X));
  PetscCall(TriboFRFGetFolds(frf, &nf, &fhz));
  for (PetscInt p = 0; p < npts && which == 3; p++) { // describing function of the Jenkins element
    PetscReal q0 = X[p * N], a = PetscSqrtReal(X[p * N + 1] * X[p * N + 1] + X[p * N + 2] * X[p * N + 2]), W = X[p * N + 3], keq = kt, kd = 0, g;
    if (a > ts / kt) {
      PetscReal beta = PetscAcosReal(1 - 2 * ts / (kt * a));
      keq            = kt / PETSC_PI * (beta - 0.5 * PetscSinReal(2 * beta));
      kd             = 4 * ts * (a - ts / kt) / (PETSC_PI * a * a);
    }
    g   = ((k + keq - m * W * W) * (k + keq - m * W * W) + (c * W + kd) * (c * W + kd)) * a * a;
    err = PetscMax(err, PetscMax(PetscAbsReal(g - Pj * Pj) / (Pj * Pj), PetscAbsReal(q0) / a));
  }
  for (PetscInt p = 0; p < npts && which < 3; p++) {
    PetscReal A2 = X[p * N] * X[p * N] + X[p * N + 1] * X[p * N + 1], u = X[p * N + N - 1] * X[p * N + N - 1], kap = k + 0.75 * k3 * A2;
    PetscReal Pp = which == 2 ? X[p * N + 2] : P;
    err          = PetscMax(err, PetscAbsReal(((kap - m * u) * (kap - m * u) + c * c * u) * A2 - Pp * Pp) / (Pp * Pp));
    if (which == 2) err = PetscMax(err, PetscAbsReal(A2 - a * a) / (a * a)), pmin = PetscMin(pmin, Pp);
  }
  for (PetscInt br = 0; br < 2 && which < 2; br++) { // folds of the closed form: sign changes of dG/dA on each root
    PetscReal dA = 1e-3;
    for (PetscReal A = 1e-3; A + dA < 10; A += dA) {
      PetscReal lo = A, hi = A + dA;
      if (Root_Private(lo, br) <= 0 || Root_Private(hi, br) <= 0 || GA_Private(lo, br) * GA_Private(hi, br) > 0) continue;
      for (int it = 0; it < 100; it++) {
        PetscReal mid = (lo + hi) / 2;
        if (GA_Private(mid, br) * GA_Private(lo, br) > 0)
          lo = mid;
        else
          hi = mid;
      }
      if (nref < 4) wref[nref++] = PetscSqrtReal(Root_Private((lo + hi) / 2, br));
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %s points, amplitude equation %s (%.1e)\n",
                        which == 0 ? "Duffing FRF H1 upward"
                                   : (which == 1 ? "Duffing FRF H1 downward" : (which == 2 ? "Duffing FRF H1 response control" : "Jenkins FRF H0,1")),
                        npts > 20 ? "more than 20" : "TOO FEW", err < (which < 3 ? 1e-8 : 1e-5) ? "below tolerance" : "TOO LARGE", (double)err));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "folds: %" PetscInt_FMT " found, %" PetscInt_FMT " in the closed form\n", nf, nref));
  for (PetscInt i = 0; i < nf; i++) {
    PetscReal w = 2 * PETSC_PI * fhz[i], wr = nref ? wref[0] : 0;
    for (PetscInt j = 0; j < nref; j++) wr = PetscAbsReal(wref[j] - w) < PetscAbsReal(wr - w) ? wref[j] : wr;
    ferr = PetscMax(ferr, nref ? PetscAbsReal(w - wr) / wr : 1);
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  fold %" PetscInt_FMT ": W = %.6f rad/s (closed form %.6f)\n", i + 1, (double)w, (double)wr));
  }
  if (which < 2)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "fold frequencies %s (%.1e)\n", ferr < 1e-6 ? "below tolerance" : "TOO LARGE", (double)ferr));
  else if (which == 2) { // the least force over W of P^2 = [(kap - m u)^2 + c^2 u] a^2: at m u = kap - c^2/(2 m), P^2 = (c^2 kap/m - c^4/(4 m^2)) a^2
    PetscReal kap = k + 0.75 * k3 * a * a, pref = a * PetscSqrtReal(c * c * kap / m - c * c * c * c / (4 * m * m));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "least force on the branch %.4f N, closed form %.6f N: %s\n", (double)pmin, (double)pref,
                          pmin >= pref * (1 - 1e-12) && pmin < 1.01 * pref ? "within 1% above" : "WRONG"));
  }
  PetscCall(TriboFRFDestroy(&frf));
  PetscCall(TriboPrestressDestroy(&ps));
  PetscCall(TriboJointDestroy(&joint));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscOptionsClear(NULL));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (PetscInt which = 0; which < 4; which++) PetscCall(Run_Private(which));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    suffix: default
    nsize: 1 2
    output: t506-frf-duffing.out
    atol: 1e-5
  test:
    suffix: fine
    args: -cont_ds_max 0.005 -cont_max_steps 20000
    output: t506-frf-duffing.out
    atol: 1e-5
TEST*/
