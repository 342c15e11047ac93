static char help[] = "3-D frictional contact: force-controlled (TriboContactSolveFrictionForce) and displacement-controlled loading agree.\n";
/* Sphere on a flat (friction3d.h, nu = 0, n = 48), mu = 0.3. After the Hertz preload, a rigid shift d of the Cattaneo-Mindlin
   magnitude for Q = 0.6 mu P along (0.8, 0.6) gives the tangential force Q_d (displacement control, fast solver). Force control
   imposes Q_d from a zero shift: the shift found (s = -d, it is added to dgex_t) and the tractions must equal the displacement-
   controlled ones. Printed: s over -d per component (1 within 1e-6) and whether the tractions agree within 1e-6 of max mu p_n;
   the same with PJOR as the inner solver (rtol 1e-8). 1, 2 and 3 ranks print the same. */
#include "friction3d.h"

int main(int argc, char **argv)
{
  Fr3d                     f;
  TriboContactSolverParams sp;
  TriboFrictionInfo        in;
  PetscInt                 n  = 48;
  PetscReal                mu = 0.3, dstar, d[2], Q[2], *pd, pmax = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(Fr3dCreate_Private(n, 0.0, &f));
  PetscCall(TriboContactSolverParamsDefault(&sp));
  sp.rtol = 1e-8, sp.maxits = 20000;
  PetscCall(Fr3dPreload_Private(&f, TRIBO_FRICTION_FAST, mu, &sp, &in));
  PetscCall(Fr3dCommitNormal_Private(&f));
  for (PetscInt i = 0; i < f.nloc; i++) pmax = PetscMax(pmax, mu * f.p0[0][i]);
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &pmax, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  dstar = 3 * mu * in.fn * 4 / (f.E / 2) / (16 * f.aH) * (1 - PetscPowReal(0.4, 2.0 / 3.0));
  d[0] = 0.8 * dstar, d[1] = 0.6 * dstar;
  PetscCall(PetscMalloc1(3 * f.nloc, &pd));
  for (PetscInt m = 0; m < 2; m++) {
    TriboFrictionMethod meth = m == 0 ? TRIBO_FRICTION_FAST : TRIBO_FRICTION_PJOR;
    PetscReal           s[2] = {0, 0}, diff = 0;
    PetscInt            itd;

    for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p[0][i] = f.p0[0][i];
    PetscCall(Fr3dShift_Private(&f, meth, mu, &sp, d, &in));
    Q[0] = in.ft[0], Q[1] = in.ft[1], itd = in.its;
    PetscCall(PetscArraycpy(pd, f.p[0], 3 * f.nloc));
    for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p[0][i] = f.p0[0][i];
    for (PetscInt i = 0; i < f.nloc; i++) f.dg[0][i] = f.dg[1][i] = f.dg[2][i] = 0;
    PetscCall(TriboContactSolveFrictionForce(&f.op, &sp, meth, mu, f.h, NULL, (const PetscReal *const *)f.dg, (const PetscReal *const *)f.p0, Q, s,
                                             f.p, f.g, f.state, &in));
    for (PetscInt i = 0; i < 3 * f.nloc; i++) diff = PetscMax(diff, PetscAbsReal(pd[i] - f.p[0][i]));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &diff, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: Q/(mu Fn) %.4f %.4f shift/(-d) %.6f %.6f (1 within 1e-6: %s) tractions agree within 1e-6: %s\n",
                          m == 0 ? "fast" : "PJOR", (double)(Q[0] / (mu * in.fn)), (double)(Q[1] / (mu * in.fn)), (double)(-s[0] / d[0]),
                          (double)(-s[1] / d[1]), PetscAbsReal(-s[0] / d[0] - 1) < 1e-6 && PetscAbsReal(-s[1] / d[1] - 1) < 1e-6 ? "yes" : "no",
                          diff / pmax < 1e-6 ? "yes" : "no"));
    PetscCall(PetscInfo(NULL, "%s: displacement control %" PetscInt_FMT " its, force control %" PetscInt_FMT " its, difference %g\n",
                        m == 0 ? "fast" : "PJOR", itd, in.its, (double)(diff / pmax)));
  }
  PetscCall(PetscFree(pd));
  PetscCall(Fr3dDestroy_Private(&f));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t612-friction-force.out
    rtol: 1e-4
TEST*/
