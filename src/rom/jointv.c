/* The joint in the time domain with velocities (the transient integrator, src/nma/transient.c): the generalized force
   f_nl(x, v) = L^T kron(T,I3) t(U, V) with U = kron(Q,I3) L x and V = kron(Q,I3) L v the point displacements and
   velocities, and its two tangents df/dx = W^T D_u P and df/dv = W^T D_v P (D_u = dt/du, D_v = dt/dv per point). A
   rate-independent law gets D_v = 0 from TriboLawEvaluateV(), so every law is treated alike. */
#include <tribo/private/jointimpl.h>
#include <tribonum.h>
#include <petscblaslapack.h>

/*@
  TriboJointEvaluateV - Nonlinear generalized force f_nl(x, v) of a joint whose laws may read the relative velocity,
  and optionally its tangents with respect to the displacements and to the velocities.

  Collective

  Input Parameters:
+ joint - the joint, set up
. mode  - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
. x     - generalized displacements (n, the same on every rank)
- v     - generalized velocities (n, the same on every rank)

  Output Parameters:
+ f  - f_nl (n), identical on every rank
. Jx - if not NULL, Jx += d f_nl / d x (n x n column-major)
- Jv - if not NULL, Jv += d f_nl / d v (n x n column-major; zero contributions from rate-independent laws)

  Notes:
  As TriboJointEvaluate(), from the committed history; the trial history is kept for TriboJointCommit(), and the point
  displacements and tractions for TriboJointGetPointValues(). Every law is evaluated by TriboLawEvaluateV(), so a
  rate-independent law gives the same force as in TriboJointEvaluate().

.seealso: TriboJointEvaluate(), TriboLawEvaluateV(), TriboJointCommit()
@*/
PetscErrorCode TriboJointEvaluateV(TriboJoint j, TriboLawMode mode, const PetscReal x[], const PetscReal v[], PetscReal f[], PetscReal Jx[],
                                   PetscReal Jv[])
{
  PetscInt   nl3 = 3 * j->nloc, n = j->n;
  PetscReal *vp, *dv              = NULL;

  PetscFunctionBeginUser;
  PetscCheck(j->setup, j->comm, PETSC_ERR_ORDER, "call TriboJointSetUp() first");
  PetscCall(PetscMalloc1(nl3 + 1, &vp));
  if (Jv) PetscCall(PetscMalloc1(3 * nl3 + 1, &dv));
  for (PetscInt r = 0; r < nl3; r++) {
    PetscReal s = 0, sv = 0;
    for (PetscInt k = j->prow[r]; k < j->prow[r + 1]; k++) s += j->pval[k] * x[j->pcol[k]], sv += j->pval[k] * v[j->pcol[k]];
    j->u[r] = s;
    vp[r]   = sv;
  }
  if (j->gap)
    for (PetscInt p = 0; p < j->nloc; p++) j->u[3 * p + 2] -= j->gap[j->p0 + p];
  for (PetscInt ir = 0; ir < j->nruns; ir++) {
    const JointRun *r = &j->runs[ir];
    PetscCall(TriboLawEvaluateV(j->laws[r->law], mode, r->np, &j->u[3 * r->p0], &vp[3 * r->p0], &j->h[r->h0], &j->t[3 * r->p0],
                                Jx ? &j->d[9 * r->p0] : NULL, dv ? &dv[9 * r->p0] : NULL, &j->hnew[r->h0]));
  }
  j->nevals += j->rom->iface->npts;
  PetscCall(PetscArrayzero(j->fbuf, n));
  for (PetscInt r = 0; r < nl3; r++)
    for (PetscInt k = j->wrow[r]; k < j->wrow[r + 1]; k++) j->fbuf[j->wcol[k]] += j->wval[k] * j->t[r];
  PetscCall(TriboSumAll(j->comm, n, j->fbuf));
  for (PetscInt k = 0; k < n; k++) f[k] = j->fbuf[k];
  if (Jx) PetscCall(TriboJointAddTangent_Private(j, j->d, Jx, n));
  if (Jv) PetscCall(TriboJointAddTangent_Private(j, dv, Jv, n));
  PetscCall(PetscFree(vp));
  PetscCall(PetscFree(dv));
  PetscFunctionReturn(0);
}
