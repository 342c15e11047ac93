/* Hysteresis loops of RQNMA (non-Masing) for the one-DOF Jenkins oscillator of t501.

   m x'' + k x + A t(x) = 0, one interface point of area A, Jenkins law (kt, ts) in t1; q = sqrt(m) x.
   The modal loop (loop_q, loop_force = lambda q at the LGL states of the last cycle) must enclose
   the stored dissipation: its LGL rule (the rule of the solver, eq. 39's D = closed integral of
   lambda q dq) reproduces it to round-off, the trapezoid rule over the same states to the
   quadrature error at the stick-slip kinks (1.1e-3 with 40 nodes, hence rtol 2e-3; the LGL rule
   is within 7e-5), and both the closed form D = 4 A ts (X - ts/kt)
   (X > ts/kt, else 0). The point loop (loop_point_*) of the single point has its traction
   plateaus at +ts and -ts, and A times its area (closed integral of t . du, trapezoid) is D:
   closed integral F dq = closed integral of (k x + A t) dx = A closed integral t du. On 2 ranks
   the point lives on rank 1 and every rank must see the same numbers. */
#include "onedof.h"

int main(int argc, char **argv)
{
  TriboROM             rom;
  TriboLaw             law;
  OneDOFRun            run;
  TriboNMA             nma;
  const TriboBackbone *bb;
  PetscReal            m = 2.0, k = 3.0e4, A = 1.0e-4, kt = 1.0e12, ts = 1.0e5, *xi, *wi;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(OneDOFROM_Private(m, k, A, "t504", &rom));

  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWJENKINS));
  PetscCall(TriboLawSetParameter(law, "kt", kt));
  PetscCall(TriboLawSetParameter(law, "ts", ts));
  PetscCall(TriboLawSetParameter(law, "kn", 0.0));
  PetscCall(TriboLawSetFromOptions(law));
  PetscCall(OneDOFRunSetUp_Private(rom, law, &run));
  nma = run.nma;
  {
    PetscReal amps[] = {5.0e-8 * PetscSqrtReal(2.0), 3.0e-7 * PetscSqrtReal(2.0), 1.0e-5 * PetscSqrtReal(2.0)};
    PetscCall(TriboNMASetAmplitudes(nma, 3, amps));
  }
  PetscCall(TriboNMASetFromOptions(nma));
  PetscCall(TriboNMASolve(nma));
  PetscCall(TriboNMAGetBackbone(nma, &bb));
  PetscCheck(bb->nloop % 2 == 0 && bb->npl == 1 && bb->pl_index[0] == 0, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "expected two branches and point 0");
  {
    PetscInt nl = bb->nloop / 2;
    PetscCall(PetscMalloc2(nl, &xi, nl, &wi));
    PetscCall(TriboLGL(nl, xi, wi));
    for (PetscInt ia = 0; ia < bb->na; ia++) {
      const PetscReal *q = &bb->loop_q[ia * bb->nloop], *F = &bb->loop_force[ia * bb->nloop];
      const PetscReal *u = &bb->pl_u[3 * ia * bb->nloop], *t = &bb->pl_t[3 * ia * bb->nloop];
      PetscReal        X = bb->q[ia] / PetscSqrtReal(m), Dc = X > ts / kt ? 4 * A * ts * (X - ts / kt) : 0, Dl = 0, Dt = 0, Wp = 0;
      PetscReal        tmax = -PETSC_MAX_REAL, tmin = PETSC_MAX_REAL, drank = 0, dmax;

      for (PetscInt br = 0; br < 2; br++) // LGL rule per branch, states br nl .. br nl + nl - 1
        for (PetscInt k = 0; k < nl; k++) Dl += 0.5 * (q[br * nl + nl - 1] - q[br * nl]) * wi[k] * F[br * nl + k];
      for (PetscInt s = 0; s < bb->nloop; s++) { // closed trapezoid (the closing gap lies at the same q)
        PetscInt e = (s + 1) % bb->nloop;
        Dt += 0.5 * (F[s] + F[e]) * (q[e] - q[s]);
        for (PetscInt c = 0; c < 3; c++) Wp += 0.5 * (t[3 * s + c] + t[3 * e + c]) * (u[3 * e + c] - u[3 * s + c]);
        tmax = PetscMax(tmax, t[3 * s]);
        tmin = PetscMin(tmin, t[3 * s]);
      }
      { // the same numbers on every rank
        PetscReal mine[] = {Dl, Dt, Wp, tmax}, hi[4], lo[4];
        PetscCallMPI(MPI_Allreduce(mine, hi, 4, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
        PetscCallMPI(MPI_Allreduce(mine, lo, 4, MPIU_REAL, MPIU_MIN, PETSC_COMM_WORLD));
        for (PetscInt c = 0; c < 4; c++) drank = PetscMax(drank, hi[c] - lo[c]);
      }
      dmax = PetscAbsReal(Dl - bb->dissip[ia]) / PetscMax(PetscAbsReal(Dc), 1e-30);
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "X %.4e D_closed %.6e D_stored %.6e D_lgl %.6e D_trapezoid %.6e A*W_point %.6e\n", (double)X,
                            (double)Dc, (double)bb->dissip[ia], (double)Dl, (double)Dt, (double)(A * Wp)));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  traction t1 max/ts %.4f min/ts %.4f  lgl vs stored %s  ranks agree %s\n", (double)(tmax / ts),
                            (double)(tmin / ts), dmax < 1e-10 || Dc == 0 ? "yes" : "no", drank == 0 ? "yes" : "no"));
    }
    PetscCall(PetscFree2(xi, wi));
  }
  PetscCall(OneDOFRunDestroy_Private(&run));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -rqnma_lgl 40 -backbone_quiet -backbone_loop_points 0
    output: t504-rqnma-loops.out
    rtol: 2e-3
    atol: 1e-12
TEST*/
