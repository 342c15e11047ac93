static char help[] = "3-D frictional contact on a coupled operator G = C + w w^T (nu = 0.3): the fast solver against PJOR.\n";
/* For identical half spaces the normal and tangential problems decouple (App. A); coupled to a structure (eq. 15) they do not.
   This test couples them with a synthetic symmetric positive rank-one block: G = C + w w^T, C the half-space operator of
   friction3d.h with nu = 0.3 (so C_xy != 0 and C_xx != C_yy), w = alpha (1, 0.5, -0.3) phi(r), phi = exp(-r^2/a_H^2), alpha^2
   sum phi^2 = 20 C_zz,00 (the block is as stiff as the contact's soft modes). Increment 1: the Hertz approach; increment 2: the
   rigid shift of the Cattaneo-Mindlin Q = 0.6 mu P along x, mu = 0.3. Each increment by the fast solver and by PJOR (rtol 1e-8);
   printed: F_n/P, Q/(mu F_n), the normal force's change by the coupling, and whether the tractions of the two solvers agree
   within 1e-5 of max mu p_n (measured 4e-7 and 6e-7, see -info). 1, 2 and 3 ranks print the same.
   With -deflate the operator also carries w as its low-rank part (op->nlow 1): the fast solver then preconditions with
   c I + w_S w_S^T and solves the tangential problem by its active set method (src/contact/deflate.c, friction.c); the output is
   the same. */
#include "friction3d.h"

typedef struct {
  TriboContactOperator base;
  PetscReal           *w[3];
} Coupled;

static PetscErrorCode CoupledApply(void *ctx, const PetscReal *const in[], PetscReal *const out[])
{
  Coupled  *cp = (Coupled *)ctx;
  PetscReal s  = 0;

  PetscFunctionBeginUser;
  PetscCall(cp->base.apply(cp->base.ctx, in, out));
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt i = 0; i < cp->base.nlocal; i++) s += cp->w[c][i] * in[c][i];
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPIU_REAL, MPIU_SUM, cp->base.comm));
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt i = 0; i < cp->base.nlocal; i++) out[c][i] += s * cp->w[c][i];
  PetscFunctionReturn(0);
}

static PetscErrorCode CoupledDiagonal(void *ctx, PetscReal *const d[])
{
  Coupled *cp = (Coupled *)ctx;

  PetscFunctionBeginUser;
  PetscCall(cp->base.diagonal(cp->base.ctx, d));
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt i = 0; i < cp->base.nlocal; i++) d[c][i] += cp->w[c][i] * cp->w[c][i];
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  Fr3d                     f;
  Coupled                  cp;
  TriboContactSolverParams sp;
  TriboFrictionInfo        in[2];
  PetscInt                 n  = 48;
  PetscReal                mu = 0.3, c00, s = 0, alpha, *pf, fn0, dstar, d[2], pmax = 0, diff[2];
  const PetscReal          dir[3]  = {1, 0.5, -0.3};
  PetscBool                deflate = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(Fr3dCreate_Private(n, 0.3, &f));
  PetscCall(TriboContactSolverParamsDefault(&sp));
  sp.rtol = 1e-8, sp.maxits = 40000;
  // the uncoupled preload's normal force, for comparison
  PetscCall(Fr3dPreload_Private(&f, TRIBO_FRICTION_FAST, mu, &sp, &in[0]));
  fn0 = in[0].fn;
  PetscCall(TriboHalfSpaceInfluence(f.hs, TRIBO_HS_ZZ, 0, 0, &c00));
  PetscCall(PetscMalloc1(3 * f.nloc, &cp.w[0]));
  cp.w[1] = cp.w[0] + f.nloc, cp.w[2] = cp.w[0] + 2 * f.nloc;
  for (PetscInt i = 0; i < f.nloc; i++) s += PetscExpReal(-2 * (f.x[i] * f.x[i] + f.y[i] * f.y[i]) / (f.aH * f.aH));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &s, 1, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));
  alpha = PetscSqrtReal(20 * c00 / s);
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt i = 0; i < f.nloc; i++) cp.w[c][i] = alpha * dir[c] * PetscExpReal(-(f.x[i] * f.x[i] + f.y[i] * f.y[i]) / (f.aH * f.aH));
  cp.base = f.op;
  PetscCall(PetscMemzero(&f.op, sizeof(f.op)));
  f.op.comm = cp.base.comm, f.op.nlocal = cp.base.nlocal, f.op.ncomp = 3, f.op.cell = cp.base.cell;
  f.op.apply = CoupledApply, f.op.diagonal = CoupledDiagonal, f.op.ctx = &cp;
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-deflate", &deflate, NULL));
  if (deflate) { // the operator carries w as its low-rank part: the solvers' deflation preconditioner and active set method
    f.op.nlow = 1;
    for (PetscInt c = 0; c < 3; c++) f.op.low[c] = cp.w[c];
  }
  PetscCall(PetscMalloc1(3 * f.nloc, &pf));
  for (PetscInt m = 0; m < 2; m++) { // increment 1 by the method m; the fast one's result is committed
    TriboFrictionMethod meth = m == 0 ? TRIBO_FRICTION_PJOR : TRIBO_FRICTION_FAST;
    for (PetscInt i = 0; i < f.nloc; i++) f.h[i] = (f.x[i] * f.x[i] + f.y[i] * f.y[i]) / (2 * f.R);
    PetscCall(Fr3dPreload_Private(&f, meth, mu, &sp, &in[m]));
    if (m == 0) PetscCall(PetscArraycpy(pf, f.p[0], 3 * f.nloc));
  }
  {
    PetscReal *pfa[3] = {pf, pf + f.nloc, pf + 2 * f.nloc}, m = 0;
    for (PetscInt i = 0; i < f.nloc; i++) pmax = PetscMax(pmax, mu * f.p[0][i]);
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &pmax, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    for (PetscInt c = 0; c < 3; c++)
      for (PetscInt i = 0; i < f.nloc; i++) m = PetscMax(m, PetscAbsReal(pfa[c][i] - f.p[c][i]));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &m, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    diff[0] = m / pmax;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "preload: Fn/P %.4f (uncoupled %.4f) |Qt|/(mu Fn) %.4f\n", (double)(in[1].fn / f.P), (double)(fn0 / f.P),
                        (double)(PetscSqrtReal(in[1].ft[0] * in[1].ft[0] + in[1].ft[1] * in[1].ft[1]) / (mu * in[1].fn))));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "preload: fast and PJOR agree within 1e-5 of max mu p_n: %s\n", diff[0] < 1e-5 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "preload: fast %" PetscInt_FMT " its (error %g), PJOR %" PetscInt_FMT " its (error %g), difference %g\n", in[1].its,
                      (double)in[1].error, in[0].its, (double)in[0].error, (double)diff[0]));
  for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p0[0][i] = f.p[0][i];
  PetscCall(Fr3dCommitNormal_Private(&f));
  dstar = 3 * mu * f.P * 2 * (2 - f.nu) / (f.E / (2 * (1 + f.nu))) / (16 * f.aH) * (1 - PetscPowReal(0.4, 2.0 / 3.0));
  d[0] = dstar, d[1] = 0;
  for (PetscInt m = 0; m < 2; m++) {
    for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p[0][i] = f.p0[0][i];
    PetscCall(Fr3dShift_Private(&f, m == 0 ? TRIBO_FRICTION_FAST : TRIBO_FRICTION_PJOR, mu, &sp, d, &in[m]));
    if (m == 0) PetscCall(PetscArraycpy(pf, f.p[0], 3 * f.nloc));
  }
  {
    PetscReal *pfa[3] = {pf, pf + f.nloc, pf + 2 * f.nloc}, m = 0;
    for (PetscInt c = 0; c < 3; c++)
      for (PetscInt i = 0; i < f.nloc; i++) m = PetscMax(m, PetscAbsReal(pfa[c][i] - f.p[c][i]));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &m, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    diff[1] = m / pmax;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "shift: Fn/P %.4f Q/(mu Fn) %.4f %.4f stick %" PetscInt_FMT " slip %" PetscInt_FMT " converged %s %s\n",
                        (double)(in[0].fn / f.P), (double)(in[0].ft[0] / (mu * in[0].fn)), (double)(in[0].ft[1] / (mu * in[0].fn)), in[0].nstick,
                        in[0].nslip, in[0].converged ? "yes" : "no", in[1].converged ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "shift: fast and PJOR agree within 1e-5 of max mu p_n: %s\n", diff[1] < 1e-5 ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "shift: fast %" PetscInt_FMT " its, PJOR %" PetscInt_FMT " its, difference %g\n", in[0].its, in[1].its, (double)diff[1]));
  PetscCall(PetscFree(pf));
  PetscCall(PetscFree(cp.w[0]));
  PetscCall(Fr3dDestroy_Private(&f));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t611-friction-coupled.out
    rtol: 1e-3
  test:
    suffix: deflate
    nsize: 1 2 3
    args: -deflate
    output: t611-friction-coupled.out
    rtol: 1e-3
TEST*/
