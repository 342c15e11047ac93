static char help[] = "3-D frictional contact (TriboContactSolveFriction): Cattaneo-Mindlin with the fast solver and PJOR, along x and a diagonal.\n";
/* Sphere on a flat (friction3d.h, nu = 0: normal and tangential decouple), mu = 0.3, n x n grid over 3 a_H (n = 64: a_H is 21
   cells). Increment 1: the Hertz approach, tangential zero. Increment 2: a rigid tangential shift d (dgex_t = -d) of the
   Cattaneo-Mindlin magnitude for Q = psi mu F_n, psi = 0.6, along x and along the diagonal (1, 1)/sqrt 2 (Coulomb's disc in 2-D),
   with p0 the committed preload. Closed forms (Johnson §7.2, theta = 2(2 - nu)/G, a the Hertz radius at the computed F_n):
     stick radius c/a = (1 - |Q|/(mu F_n))^(1/3),  shift d = (3 mu F_n theta/(16 a)) (1 - (1 - |Q|/(mu F_n))^(2/3)).
   Printed: |Q|/(mu F_n) (the closed form's psi at the imposed shift: 0.6), the stick radius sqrt(stick area/pi) over the
   closed form at the computed |Q|, the compliance |d|/|Q| over the closed form's, the angle of Q (degrees, 0 and 45), and the
   largest difference of the fast solver's tractions from PJOR's (rtol 1e-8 both) relative to max mu p_n.
   Tolerances checked here: |Q|/(mu F_n) within 3 % of 0.6, stick radius within 5 % (a cell is 4.7 % of a at n = 64), compliance
   within 3 %, angle within 0.01 degree, fast = PJOR within 1e-5. 1, 2 and 3 ranks print the same. */
#include "friction3d.h"

static PetscErrorCode Report(Fr3d *f, const char *name, PetscReal mu, const PetscReal d[], TriboFrictionInfo *in, PetscBool *ok)
{
  PetscReal G = f->E / (2 * (1 + f->nu)), theta = 2 * (2 - f->nu) / G, Fn = in->fn, a = PetscCbrtReal(3 * Fn * f->R / (4 * f->Estar));
  PetscReal Q = PetscSqrtReal(in->ft[0] * in->ft[0] + in->ft[1] * in->ft[1]), psi = Q / (mu * Fn), dn = PetscSqrtReal(d[0] * d[0] + d[1] * d[1]);
  PetscReal c  = PetscSqrtReal(in->nstick * f->dx * f->dx / PETSC_PI) / (a * PetscCbrtReal(1 - psi));
  PetscReal dc = 3 * mu * Fn * theta / (16 * a) * (1 - PetscPowReal(1 - psi, 2.0 / 3.0)), ang = 180 / PETSC_PI * PetscAtan2Real(in->ft[1], in->ft[0]);
  PetscReal ang0 = 180 / PETSC_PI * PetscAtan2Real(d[1], d[0]);

  PetscFunctionBeginUser;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: Q/(mu Fn) %.4f stick radius/closed form %.4f compliance/closed form %.4f angle %.3f converged %s\n",
                        name, (double)psi, (double)c, (double)(dn / Q / (dc / Q)), (double)ang, in->converged ? "yes" : "no"));
  *ok = (PetscAbsReal(psi / 0.6 - 1) < 0.03 && PetscAbsReal(c - 1) < 0.05 && PetscAbsReal(dn / dc - 1) < 0.03 && PetscAbsReal(ang - ang0) < 0.01 &&
         in->converged)
            ? PETSC_TRUE
            : PETSC_FALSE;
  PetscCall(PetscInfo(NULL, "%s: %" PetscInt_FMT " iterations, error %g, stick %" PetscInt_FMT " slip %" PetscInt_FMT " open %" PetscInt_FMT "\n",
                      name, in->its, (double)in->error, in->nstick, in->nslip, in->nopen));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  Fr3d                     f;
  TriboContactSolverParams sp;
  TriboFrictionInfo        in;
  PetscInt                 n  = 64;
  PetscReal                mu = 0.3, psi = 0.6, G, theta, a, dstar, d[2], *pf, diff, pmax = 0;
  PetscBool                ok[4];

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(Fr3dCreate_Private(n, 0.0, &f));
  PetscCall(TriboContactSolverParamsDefault(&sp));
  sp.rtol = 1e-8, sp.maxits = 20000;
  PetscCall(Fr3dPreload_Private(&f, TRIBO_FRICTION_FAST, mu, &sp, &in));
  PetscCall(Fr3dCommitNormal_Private(&f));
  G = f.E / (2 * (1 + f.nu)), theta = 2 * (2 - f.nu) / G;
  a     = PetscCbrtReal(3 * in.fn * f.R / (4 * f.Estar));
  dstar = 3 * mu * in.fn * theta / (16 * a) * (1 - PetscPowReal(1 - psi, 2.0 / 3.0));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "preload: Fn/P %.4f contact points %" PetscInt_FMT "\n", (double)(in.fn / f.P), in.nstick + in.nslip));
  for (PetscInt i = 0; i < f.nloc; i++) pmax = PetscMax(pmax, mu * f.p0[0][i]);
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &pmax, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  PetscCall(PetscMalloc1(3 * f.nloc, &pf));
  for (PetscInt dir = 0; dir < 2; dir++) {
    PetscReal *pfa[3] = {pf, pf + f.nloc, pf + 2 * f.nloc};
    d[0] = dir == 0 ? dstar : dstar / PetscSqrtReal(2.0), d[1] = dir == 0 ? 0 : dstar / PetscSqrtReal(2.0);
    for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p[0][i] = f.p0[0][i];
    PetscCall(Fr3dShift_Private(&f, TRIBO_FRICTION_FAST, mu, &sp, d, &in));
    PetscCall(Report(&f, dir == 0 ? "x fast" : "diagonal fast", mu, d, &in, &ok[2 * dir]));
    PetscCall(PetscArraycpy(pf, f.p[0], 3 * f.nloc));
    for (PetscInt i = 0; i < 3 * f.nloc; i++) f.p[0][i] = f.p0[0][i];
    PetscCall(Fr3dShift_Private(&f, TRIBO_FRICTION_PJOR, mu, &sp, d, &in));
    PetscCall(Report(&f, dir == 0 ? "x PJOR" : "diagonal PJOR", mu, d, &in, &ok[2 * dir + 1]));
    PetscCall(Fr3dMaxDiff_Private(&f, pfa, f.p, 0, 2, &diff));
    diff *= 1; // relative to max |p|; print relative to max mu p_n
    {
      PetscReal m = 0;
      for (PetscInt c = 0; c < 3; c++)
        for (PetscInt i = 0; i < f.nloc; i++) m = PetscMax(m, PetscAbsReal(pfa[c][i] - f.p[c][i]));
      PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &m, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
      diff = m / pmax;
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: fast and PJOR agree within 1e-5 of max mu p_n: %s\n", dir == 0 ? "x" : "diagonal",
                          diff < 1e-5 ? "yes" : "no"));
    PetscCall(PetscInfo(NULL, "fast - PJOR: %g of max mu p_n\n", (double)diff));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "checks: x fast %s x PJOR %s diagonal fast %s diagonal PJOR %s\n", ok[0] ? "yes" : "no",
                        ok[1] ? "yes" : "no", ok[2] ? "yes" : "no", ok[3] ? "yes" : "no"));
  PetscCall(PetscFree(pf));
  PetscCall(Fr3dDestroy_Private(&f));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t610-friction-mindlin.out
    rtol: 1e-3
TEST*/
