/* The joint in the time domain with velocities (the transient integrator, src/nma/transient.c): the generalized force
   f_nl(x, v) = L^T kron(T,I3) t(U, V) with U = kron(Q,I3) L x and V = kron(Q,I3) L v the point displacements and
   velocities, and its two tangents df/dx = W^T D_u P and df/dv = W^T D_v P (D_u = dt/du, D_v = dt/dv per point). A
   rate-independent law gets D_v = 0 from TriboLawEvaluateV(), so every law is treated alike. */
#include <tribo/private/jointimpl.h>
#include <tribonum.h>
#include <petscblaslapack.h>

/* J[ld] += W^T blockdiag(D) P over the owned groups, summed over the ranks (interface rows and columns only) */
static PetscErrorCode AddTangent_Private(TriboJoint j, const PetscReal D[], PetscScalar J[], PetscInt ld)
{
  PetscInt ni = j->ni;

  PetscFunctionBeginUser;
  PetscCall(PetscArrayzero(j->Jbuf, ni * ni));
  for (PetscInt gi = 0; gi < j->ngroups; gi++) {
    JointGroup  *g = &j->groups[gi];
    PetscInt     m = 3 * g->np, nc = g->nc;
    PetscBLASInt bm, bnc;
    PetscReal    one = 1, zero = 0;
    for (PetscInt c = 0; c < nc; c++)
      for (PetscInt q = 0; q < g->np; q++) {
        const PetscReal *Dq = &D[9 * (g->p0 + q)], *Pc = &g->P[m * c + 3 * q];
        PetscReal       *o = &j->dp[m * c + 3 * q];
        o[0]               = Dq[0] * Pc[0] + Dq[1] * Pc[1] + Dq[2] * Pc[2];
        o[1]               = Dq[3] * Pc[0] + Dq[4] * Pc[1] + Dq[5] * Pc[2];
        o[2]               = Dq[6] * Pc[0] + Dq[7] * Pc[1] + Dq[8] * Pc[2];
      }
    PetscCall(PetscBLASIntCast(m, &bm));
    PetscCall(PetscBLASIntCast(nc, &bnc));
    PetscCallBLAS("BLASgemm", BLASgemm_("T", "N", &bnc, &bnc, &bm, &one, g->W, &bm, j->dp, &bm, &zero, j->jg, &bnc));
    for (PetscInt b = 0; b < nc; b++) {
      PetscReal *Jcol = &j->Jbuf[ni * g->cols[b]];
      for (PetscInt a = 0; a < nc; a++) Jcol[g->cols[a]] += j->jg[a + nc * b];
    }
  }
  PetscCall(TriboSumAll(j->comm, ni * ni, j->Jbuf));
  for (PetscInt b = 0; b < ni; b++)
    for (PetscInt a = 0; a < ni; a++) J[j->idof[a] + ld * j->idof[b]] += j->Jbuf[a + ni * b];
  PetscFunctionReturn(0);
}

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
  if (Jx) PetscCall(AddTangent_Private(j, j->d, Jx, n));
  if (Jv) PetscCall(AddTangent_Private(j, dv, Jv, n));
  PetscCall(PetscFree(vp));
  PetscCall(PetscFree(dv));
  PetscFunctionReturn(0);
}
