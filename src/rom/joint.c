#include <tribo/private/jointimpl.h>
#include <tribonum.h>
#include <petscblaslapack.h>

/* sorted union of the columns of rows [3p, 3p+3) of two CSR matrices; cols holds PointColumnsMax_Private() entries */
static PetscErrorCode PointColumns_Private(TriboJoint j, PetscInt p, PetscInt *nc, PetscInt cols[])
{
  PetscInt m = 0;

  PetscFunctionBeginUser;
  for (PetscInt r = 3 * p; r < 3 * p + 3; r++) {
    for (PetscInt k = j->prow[r]; k < j->prow[r + 1]; k++) cols[m++] = j->pcol[k];
    for (PetscInt k = j->wrow[r]; k < j->wrow[r + 1]; k++) cols[m++] = j->wcol[k];
  }
  PetscCall(PetscSortRemoveDupsInt(&m, cols));
  *nc = m;
  PetscFunctionReturn(0);
}

/* the most entries any point's rows hold in the two CSR matrices together (before duplicates are removed): a point
   may couple every DOF through each of its 3 rows (issue 34: a YAML element whose W couples 4 DOFs overflowed n) */
static PetscInt PointColumnsMax_Private(TriboJoint j)
{
  PetscInt mx = 1;

  for (PetscInt p = 0; p < j->nloc; p++) {
    PetscInt m = 0;
    for (PetscInt r = 3 * p; r < 3 * p + 3; r++) m += j->prow[r + 1] - j->prow[r] + j->wrow[r + 1] - j->wrow[r];
    mx = PetscMax(mx, m);
  }
  return mx;
}

static PetscErrorCode BuildGroups_Private(TriboJoint j)
{
  PetscInt *ca, *cb, na = 0, nb = 0, cap = 16, maxdp = 1, maxjg = 1, mc = PointColumnsMax_Private(j);

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(mc, &ca, mc, &cb));
  PetscCall(PetscMalloc1(cap, &j->groups));
  j->ngroups = 0;
  for (PetscInt p = 0; p < j->nloc; p++) {
    PetscBool same = PETSC_FALSE;
    PetscCall(PointColumns_Private(j, p, &nb, cb));
    if (p > 0 && nb == na) PetscCall(PetscArraycmp(ca, cb, nb, &same));
    if (!same) {
      JointGroup *g;
      if (j->ngroups == cap) {
        cap *= 2;
        PetscCall(PetscRealloc(cap * sizeof(JointGroup), &j->groups));
      }
      g     = &j->groups[j->ngroups++];
      g->p0 = p;
      g->np = 0;
      g->nc = nb;
      PetscCall(PetscMalloc1(nb + 1, &g->cols));
      for (PetscInt k = 0; k < nb; k++) g->cols[k] = cb[k];
      na = nb;
      PetscCall(PetscArraycpy(ca, cb, nb));
    }
    j->groups[j->ngroups - 1].np++;
  }
  for (PetscInt gi = 0; gi < j->ngroups; gi++) {
    JointGroup *g = &j->groups[gi];
    PetscInt    m = 3 * g->np;
    PetscCall(PetscCalloc1(m * g->nc + 1, &g->P));
    PetscCall(PetscCalloc1(m * g->nc + 1, &g->W));
    for (PetscInt r = 0; r < m; r++) {
      PetscInt rr = 3 * g->p0 + r, c = 0;
      for (PetscInt k = j->prow[rr]; k < j->prow[rr + 1]; k++) {
        while (g->cols[c] != j->pcol[k]) c++;
        g->P[r + m * c] = j->pval[k];
      }
      c = 0;
      for (PetscInt k = j->wrow[rr]; k < j->wrow[rr + 1]; k++) {
        while (g->cols[c] != j->wcol[k]) c++;
        g->W[r + m * c] = j->wval[k];
      }
    }
    for (PetscInt k = 0; k < g->nc; k++) g->cols[k] = j->g2i[g->cols[k]];
    maxdp = PetscMax(maxdp, m * g->nc);
    maxjg = PetscMax(maxjg, g->nc * g->nc);
  }
  PetscCall(PetscMalloc1(maxdp, &j->dp));
  PetscCall(PetscMalloc1(maxjg, &j->jg));
  PetscCall(PetscFree2(ca, cb));
  PetscFunctionReturn(0);
}

/* Rows 3p+c, p in [p0, p1), of kron(S, I3) L as CSR (S = Q, or T^T): the owned rows of S
   (MatCreateSubMatrix()), kron(., I3) (MatCreateMAIJ(), as AIJ) times L (MatMatMult()). The same
   entries, bit for bit, as the former hand-written product; it builds P and W in 0.54 ms against
   0.24 ms on the demo ROM (576 points, 1 rank) and 1.9 ms against 1.0 ms on the Brake-Reuss beam
   (2,352 points), once per joint, which does not show in a backbone: the demo's backbone step
   took 26.6 and 28.6 s with the former, 28.3 and 27.5 s with this one (1 rank, busy machine). */
static PetscErrorCode BuildPointRows_Private(Mat S, Mat L, PetscInt p0, PetscInt p1, PetscInt **rowp, PetscInt **colp, PetscScalar **valp)
{
  IS       isr, isc;
  Mat      Sl, S3, S3a, P;
  PetscInt ns;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(S, NULL, &ns));
  PetscCall(ISCreateStride(PETSC_COMM_SELF, p1 - p0, p0, 1, &isr));
  PetscCall(ISCreateStride(PETSC_COMM_SELF, ns, 0, 1, &isc));
  PetscCall(MatCreateSubMatrix(S, isr, isc, MAT_INITIAL_MATRIX, &Sl));
  PetscCall(ISDestroy(&isr));
  PetscCall(ISDestroy(&isc));
  PetscCall(MatCreateMAIJ(Sl, 3, &S3));
  PetscCall(MatConvert(S3, MATSEQAIJ, MAT_INITIAL_MATRIX, &S3a)); // PETSc multiplies MAIJ only in PtAP
  PetscCall(MatMatMult(S3a, L, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &P));
  PetscCall(TriboMatGetCSRCopy(P, rowp, colp, valp));
  PetscCall(MatDestroy(&P));
  PetscCall(MatDestroy(&S3a));
  PetscCall(MatDestroy(&S3));
  PetscCall(MatDestroy(&Sl));
  PetscFunctionReturn(0);
}

/*@
  TriboJointCreate - Creates a joint: an interface law acting on a ROM's interface. Attach the ROM
  and the law with TriboJointSetROM() and TriboJointSetLaw(), then TriboJointSetUp().

  Collective

  Input Parameter:
. comm - the communicator over which the interface points are distributed (the ROM's)

  Output Parameter:
. joint - the joint
@*/
PetscErrorCode TriboJointCreate(MPI_Comm comm, TriboJoint *joint)
{
  PetscFunctionBeginUser;
  PetscCall(PetscNew(joint));
  (*joint)->comm = comm;
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetROM - The reduced structure whose interface the joint acts on.

  Logically collective
@*/
PetscErrorCode TriboJointSetROM(TriboJoint j, TriboROM rom)
{
  PetscFunctionBeginUser;
  PetscCheck(!j->setup, j->comm, PETSC_ERR_ARG_WRONGSTATE, "the joint is set up already: create another joint for another ROM");
  PetscCheck(rom->iface, rom->comm, PETSC_ERR_ARG_WRONGSTATE, "the ROM %s has no interface: nothing for an interface law to act on", rom->source);
  j->rom = rom;
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetLaw - The interface law evaluated at every quadrature point.

  Logically collective

  Input Parameters:
+ j   - the joint
- law - the law (not owned: destroy it after the joint)

.seealso: `TriboJointSetLaws()`, `TriboJointGetLaw()`
@*/
PetscErrorCode TriboJointSetLaw(TriboJoint j, TriboLaw law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboJointSetLaws(j, 1, &law, NULL));
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetLaws - Several interface laws, each acting on its own points (e.g. the discrete
  elements of a small system read from YAML, each with its law and parameters).

  Logically collective

  Input Parameters:
+ j        - the joint, with its ROM set (TriboJointSetROM())
. nlaws    - number of laws (>= 1)
. laws     - the laws (not owned: destroy them after the joint)
- pointlaw - [npts] the index in laws of every quadrature point of the ROM's interface, or NULL:
             laws[0] everywhere

  Notes:
  The evaluations call each law's kernel once per run of consecutive owned points with the same law;
  every point keeps the history of its own law (its card's nhist values). The points of one law
  need not be consecutive, but runs are fastest when they are.

.seealso: `TriboJointSetLaw()`, `TriboJointGetLaws()`
@*/
PetscErrorCode TriboJointSetLaws(TriboJoint j, PetscInt nlaws, const TriboLaw laws[], const PetscInt pointlaw[])
{
  PetscInt npts;

  PetscFunctionBeginUser;
  PetscCheck(!j->setup, j->comm, PETSC_ERR_ARG_WRONGSTATE, "the joint is set up already: create another joint for another law");
  PetscCheck(nlaws >= 1, j->comm, PETSC_ERR_ARG_OUTOFRANGE, "a joint needs at least one law, got %" PetscInt_FMT, nlaws);
  PetscCheck(!pointlaw || j->rom, j->comm, PETSC_ERR_ORDER, "set the joint's ROM (TriboJointSetROM()) before the law of every point");
  for (PetscInt l = 0; l < nlaws; l++) PetscCheck(laws[l], j->comm, PETSC_ERR_ARG_NULL, "law %" PetscInt_FMT " of the joint is NULL", l);
  PetscCall(PetscFree(j->laws));
  PetscCall(PetscFree(j->pointlaw));
  PetscCall(PetscMalloc1(nlaws, &j->laws));
  for (PetscInt l = 0; l < nlaws; l++) j->laws[l] = laws[l];
  j->nlaws = nlaws;
  j->law   = laws[0];
  if (pointlaw) {
    npts = j->rom->iface->npts;
    PetscCall(PetscMalloc1(npts + 1, &j->pointlaw));
    for (PetscInt p = 0; p < npts; p++) {
      PetscCheck(pointlaw[p] >= 0 && pointlaw[p] < nlaws, j->comm, PETSC_ERR_ARG_OUTOFRANGE,
                 "point %" PetscInt_FMT " has law %" PetscInt_FMT ", expected an index in [0, %" PetscInt_FMT ")", p, pointlaw[p], nlaws);
      j->pointlaw[p] = pointlaw[p];
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetLaws - The joint's laws and the law of every point.

  Not collective

  Input Parameter:
. j - the joint

  Output Parameters:
+ nlaws    - number of laws (or NULL)
. laws     - the laws (owned by the caller of TriboJointSetLaws(); or NULL)
- pointlaw - [npts] the law index of every point, NULL when one law acts everywhere (or pass NULL)

.seealso: `TriboJointSetLaws()`, `TriboJointGetLaw()`
@*/
PetscErrorCode TriboJointGetLaws(TriboJoint j, PetscInt *nlaws, const TriboLaw *laws[], const PetscInt *pointlaw[])
{
  PetscFunctionBeginUser;
  if (nlaws) *nlaws = j->nlaws;
  if (laws) *laws = j->laws;
  if (pointlaw) *pointlaw = j->pointlaw;
  PetscFunctionReturn(0);
}

/* Runs of consecutive owned points with the same law, and where their histories start */
static PetscErrorCode BuildRuns_Private(TriboJoint j)
{
  PetscInt h0 = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(j->nloc + 1, &j->runs));
  j->nruns = 0;
  for (PetscInt p = 0; p < j->nloc; p++) {
    PetscInt l = j->pointlaw ? j->pointlaw[j->p0 + p] : 0;
    if (!j->nruns || j->runs[j->nruns - 1].law != l) {
      j->runs[j->nruns].p0  = p;
      j->runs[j->nruns].np  = 0;
      j->runs[j->nruns].law = l;
      j->nruns++;
    }
    j->runs[j->nruns - 1].np++;
  }
  for (PetscInt r = 0; r < j->nruns; r++) {
    const TriboLawCard *card;
    PetscCall(TriboLawGetCard(j->laws[j->runs[r].law], &card));
    j->runs[r].h0 = h0;
    h0 += card->nhist * j->runs[r].np;
  }
  j->nh = h0;
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetUp - Partitions the quadrature points over the ranks, builds the point maps
  P = kron(Q,I3) L and W = L^T kron(T,I3) for the owned points, checks the law's parameters
  (TriboLawSetUp()) and sets a fresh (virgin) history.

  Collective

  Notes:
  Points are split in contiguous blocks of near-equal size; every rank keeps the whole (small)
  ROM and solves the same dense systems, only the law evaluations are distributed.
@*/
PetscErrorCode TriboJointSetUp(TriboJoint j)
{
  PetscMPIInt    rank, size;
  TriboInterface f;
  TriboROM       rom = j->rom;
  Mat            Tt;
  PetscInt       npts;

  PetscFunctionBeginUser;
  if (j->setup) PetscFunctionReturn(0);
  PetscCheck(rom && j->nlaws, j->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint's ROM and law first (TriboJointSetROM(), TriboJointSetLaw())");
  f = rom->iface;
  for (PetscInt l = 0; l < j->nlaws; l++) PetscCall(TriboLawSetUp(j->laws[l]));
  j->n = rom->n;
  npts = f->npts;
  PetscCallMPI(MPI_Comm_rank(j->comm, &rank));
  PetscCallMPI(MPI_Comm_size(j->comm, &size));
  j->p0   = (npts * rank) / size;
  j->p1   = (npts * (rank + 1)) / size;
  j->nloc = j->p1 - j->p0;
  PetscCall(BuildPointRows_Private(f->Q, f->L, j->p0, j->p1, &j->prow, &j->pcol, &j->pval));
  PetscCall(MatTranspose(f->T, MAT_INITIAL_MATRIX, &Tt));
  PetscCall(BuildPointRows_Private(Tt, f->L, j->p0, j->p1, &j->wrow, &j->wcol, &j->wval));
  PetscCall(MatDestroy(&Tt));
  // interface DOFs = nonzero columns of L (the same on every rank)
  PetscCall(TriboMatGetNonzeroColumns(f->L, &j->ni, &j->idof));
  PetscCall(PetscMalloc1(j->n, &j->g2i));
  for (PetscInt k = 0; k < j->n; k++) j->g2i[k] = -1;
  for (PetscInt a = 0; a < j->ni; a++) j->g2i[j->idof[a]] = a;
  PetscCall(PetscMalloc1(3 * j->nloc + 1, &j->u));
  PetscCall(PetscMalloc1(3 * j->nloc + 1, &j->t));
  PetscCall(PetscMalloc1(9 * j->nloc + 1, &j->d));
  PetscCall(BuildRuns_Private(j));
  PetscCall(PetscCalloc1(j->nh + 1, &j->h));
  PetscCall(PetscCalloc1(j->nh + 1, &j->hnew));
  PetscCall(PetscMalloc1(j->n, &j->fbuf));
  PetscCall(PetscMalloc1(j->ni * j->ni + 1, &j->Jbuf));
  PetscCall(BuildGroups_Private(j));
  PetscCall(PetscInfo(NULL, "joint: %" PetscInt_FMT " local points in %" PetscInt_FMT " column groups, %" PetscInt_FMT " interface DOFs\n", j->nloc,
                      j->ngroups, j->ni));
  j->setup = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboJointEvaluate - Nonlinear generalized force f_nl(x) = L^T kron(T,I3) t(kron(Q,I3) L x)
  and, optionally, its tangent added into a dense column-major n x n array.

  Collective

  Input Parameters:
+ joint - the joint
. mode  - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL (conservative prestress: no tangential traction)
- x     - generalized displacements (n, the same on every rank)

  Output Parameters:
+ f - f_nl (n), identical on every rank
- J - if not NULL, J += d f_nl / d x

  Notes:
  The trial history from this evaluation is kept until TriboJointCommit().
@*/
PetscErrorCode TriboJointEvaluate(TriboJoint j, TriboLawMode mode, const PetscScalar x[], PetscScalar f[], PetscScalar J[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboJointEvaluateLD(j, mode, x, f, J, j->n));
  PetscFunctionReturn(0);
}

// j->jg (nc x nc) = W^T blockdiag(D) P of one group
static PetscErrorCode GroupTangent_Private(TriboJoint j, JointGroup *g, const PetscReal D[])
{
  PetscInt     m = 3 * g->np, nc = g->nc;
  PetscBLASInt bm, bnc;
  PetscReal    one = 1, zero = 0;

  PetscFunctionBeginUser;
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
  PetscFunctionReturn(0);
}

/* J[ld] += W^T blockdiag(D) P over the owned groups, summed over the ranks (interface rows and columns only): the
   tangent of TriboJointEvaluateLD() (D = dt/du) and of TriboJointEvaluateV() (D = dt/du or dt/dv) */
PetscErrorCode TriboJointAddTangent_Private(TriboJoint j, const PetscReal D[], PetscScalar J[], PetscInt ld)
{
  PetscInt    ni = j->ni;
  PetscMPIInt size;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(j->comm, &size));
  if (j->direct && size == 1) { // each group straight into J: no interface-sized buffer to clear, sum and add
    for (PetscInt gi = 0; gi < j->ngroups; gi++) {
      JointGroup *g  = &j->groups[gi];
      PetscInt    nc = g->nc;
      PetscCall(GroupTangent_Private(j, g, D));
      for (PetscInt b = 0; b < nc; b++) {
        PetscScalar *Jcol = &J[ld * j->idof[g->cols[b]]];
        for (PetscInt a = 0; a < nc; a++) Jcol[j->idof[g->cols[a]]] += j->jg[a + nc * b];
      }
    }
    PetscFunctionReturn(0);
  }
  PetscCall(PetscArrayzero(j->Jbuf, ni * ni));
  for (PetscInt gi = 0; gi < j->ngroups; gi++) {
    JointGroup *g  = &j->groups[gi];
    PetscInt    nc = g->nc;
    PetscCall(GroupTangent_Private(j, g, D));
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
  TriboJointEvaluateLD - TriboJointEvaluate() with the tangent added into a column-major array of
  leading dimension ld >= n (e.g. the n x n block of a bordered (n+1) x (n+1) Jacobian).
@*/
PetscErrorCode TriboJointEvaluateLD(TriboJoint j, TriboLawMode mode, const PetscScalar x[], PetscScalar f[], PetscScalar J[], PetscInt ld)
{
  PetscInt nl3 = 3 * j->nloc, n = j->n;

  PetscFunctionBeginUser;
  for (PetscInt r = 0; r < nl3; r++) {
    PetscReal s = 0;
    for (PetscInt k = j->prow[r]; k < j->prow[r + 1]; k++) s += j->pval[k] * PetscRealPart(x[j->pcol[k]]);
    j->u[r] = s;
  }
  if (j->gap)
    for (PetscInt p = 0; p < j->nloc; p++) j->u[3 * p + 2] -= j->gap[j->p0 + p];
  for (PetscInt ir = 0; ir < j->nruns; ir++) {
    const JointRun *r = &j->runs[ir];
    PetscCall(TriboLawEvaluate(j->laws[r->law], mode, r->np, &j->u[3 * r->p0], &j->h[r->h0], &j->t[3 * r->p0], J ? &j->d[9 * r->p0] : NULL,
                               &j->hnew[r->h0]));
  }
  j->nevals += j->rom->iface->npts;
  PetscCall(PetscArrayzero(j->fbuf, n));
  for (PetscInt r = 0; r < nl3; r++)
    for (PetscInt k = j->wrow[r]; k < j->wrow[r + 1]; k++) j->fbuf[j->wcol[k]] += j->wval[k] * j->t[r];
  PetscCall(TriboSumAll(j->comm, n, j->fbuf));
  for (PetscInt k = 0; k < n; k++) f[k] = j->fbuf[k];
  if (J) PetscCall(TriboJointAddTangent_Private(j, j->d, J, ld));
  PetscFunctionReturn(0);
}

/* U_k = P X_k for the owned points, one block per run of points with the same law in the layout of TriboHBAFT():
   run r at nc 3 p0, U[nc 3 p0 + k (3 np) + 3 i + c]; the point gaps are taken off the constant term of u_n */
static PetscErrorCode RunHarmonics_Private(TriboJoint j, PetscInt nc, const PetscReal X[], PetscReal U[])
{
  PetscInt n = j->n;

  PetscFunctionBeginUser;
  for (PetscInt ir = 0; ir < j->nruns; ir++) {
    const JointRun *ru = &j->runs[ir];
    PetscInt        m3 = 3 * ru->np, o = nc * 3 * ru->p0;
    for (PetscInt k = 0; k < nc; k++)
      for (PetscInt r = 0; r < m3; r++) {
        PetscReal s = 0;
        for (PetscInt q = j->prow[3 * ru->p0 + r]; q < j->prow[3 * ru->p0 + r + 1]; q++) s += j->pval[q] * X[k * n + j->pcol[q]];
        U[o + k * m3 + r] = s;
      }
    if (j->gap) { // the constant term X0 (harmonic 0, first column when ncoef is odd) of u_n
      PetscCheck(nc % 2 == 1, j->comm, PETSC_ERR_ARG_WRONGSTATE, "the interface has a mesoscale gap: the harmonics must include harmonic 0");
      for (PetscInt i = 0; i < ru->np; i++) U[o + 3 * i + 2] -= j->gap[j->p0 + ru->p0 + i];
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboJointEvaluateHB - Harmonic balance generalized force of the joint by the alternating frequency-time (AFT)
  method, and optionally its Jacobian with respect to the harmonics of the ROM DOFs.

  Collective

  Input Parameters:
+ joint - the joint, set up
. hb    - the harmonic layout, set up (TriboHBSetUp()); its AFT tolerances apply
. mode  - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
- X     - harmonics of the generalized displacements, ncoef x n, harmonic-major with the DOFs inner: X[k n + i]
          (NLvib / tmdsimpy, include/tribohb.h), the same on every rank

  Output Parameters:
+ F - harmonic generalized forces, same layout, identical (bitwise) on every rank
- J - NULL, or J += dF/dX, dense (ncoef n) x (ncoef n) column-major: J[(k n + i) + (ncoef n)(l n + m)] += dF_{k,i}/dX_{l,m};
      only the rows and columns of the interface DOFs (the columns of L) are touched

  Notes:
  The harmonic form of f_nl = L^T kron(T,I3) t(kron(Q,I3) L x) (porter-et-al-2022 eq. 31). The maps are linear and
  time invariant, so they act on each harmonic coefficient alone: with P = kron(Q,I3) L and W = L^T kron(T,I3),
.vb
    U_k = P X_k,   T = AFT(U) (per point, TriboHBAFT()),   F_k = W T_k,
    dF_k/dX_l = sum_p W_p (dT_k,p/dU_l,p) P_p,
.ve
  with W_p, P_p the three columns / rows of point p and dT_p/dU_p the exact (3 ncoef)^2 block of the AFT, including
  the march of hysteretic laws. These are the nonlinear force coefficients f_{0,nl}, f_{nc,nl}, f_{ns,nl} of the
  EPMC equations (Porter and Brake 2023 eq. 61), computed by the AFT procedure of their §4.3.1 (N_t samples of one
  period; hysteretic laws marched over repeated periods from the tangential zeroth harmonic with zero traction and
  the largest normal displacement, until the history repeats, the last period transformed).

  Each rank runs the AFT of its own points; F and J are summed with TriboSumAll(). The joint's committed history is
  neither used nor changed, and the point fields of TriboJointGatherPointFields() are those of the last
  TriboJointEvaluate().

.seealso: TriboJointEvaluate(), TriboHBAFT(), TriboHBSetAFTTolerances()
@*/
PetscErrorCode TriboJointEvaluateHB(TriboJoint j, TriboHB hb, TriboLawMode mode, const PetscReal X[], PetscReal F[], PetscReal J[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboJointEvaluateHBV(j, hb, mode, X, F, J, NULL));
  PetscFunctionReturn(0);
}

/*@
  TriboJointEvaluateHBV - TriboJointEvaluateHB() with the derivative of the harmonic forces with respect to the
  frequency Omega of TriboHBSetFrequency() (non-zero for rate-dependent laws, e.g. tanh, whose velocity samples are
  Omega du/dtau).

  Collective

  Output Parameter:
. dFdW - NULL, or dF/dOmega (ncoef n, same layout as F, identical on every rank)

.seealso: TriboJointEvaluateHB(), TriboHBAFTV(), TriboHBSetFrequency()
@*/
PetscErrorCode TriboJointEvaluateHBV(TriboJoint j, TriboHB hb, TriboLawMode mode, const PetscReal X[], PetscReal F[], PetscReal J[], PetscReal dFdW[])
{
  const TriboLawCard *card;
  const PetscReal    *p;
  PetscInt            nc, nl3 = 3 * j->nloc, n = j->n, ni = j->ni, N3, nci, maxm = 0;
  PetscReal          *U, *T, *Jp = NULL, *fb, *Jb = NULL, *dp = NULL, *jg = NULL, *dW = NULL;

  PetscFunctionBeginUser;
  PetscCheck(j->setup, j->comm, PETSC_ERR_ORDER, "call TriboJointSetUp() first");
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, NULL));
  N3  = 3 * nc;
  nci = nc * ni;
  PetscCall(PetscMalloc3(nc * nl3 + 1, &U, nc * nl3 + 1, &T, nc * n, &fb));
  // U and T hold one block per run of points with the same law, each in the layout of TriboHBAFT(): run r at nc 3 p0, U[k (3 np) + 3 i + c]
  PetscCall(RunHarmonics_Private(j, nc, X, U));
  if (J) PetscCall(PetscMalloc1(j->nloc * N3 * N3 + 1, &Jp));
  if (dFdW) PetscCall(PetscMalloc1(j->nloc * N3 + 1, &dW));
  for (PetscInt ir = 0; ir < j->nruns; ir++) {
    const JointRun *ru = &j->runs[ir];
    PetscCall(TriboLawGetCard(j->laws[ru->law], &card));
    PetscCall(TriboLawGetParameters(j->laws[ru->law], &p));
    PetscCall(TriboHBAFTV(hb, card, p, mode, ru->np, &U[nc * 3 * ru->p0], &T[nc * 3 * ru->p0], Jp ? &Jp[ru->p0 * N3 * N3] : NULL,
                          dW ? &dW[ru->p0 * N3] : NULL));
  }
  if (dFdW) { // dF_k/dOmega = W dT_k/dOmega, the point blocks indexed 3k + c
    PetscCall(PetscArrayzero(fb, nc * n));
    for (PetscInt k = 0; k < nc; k++)
      for (PetscInt r = 0; r < nl3; r++) {
        PetscReal d = dW[(r / 3) * N3 + 3 * k + r % 3];
        for (PetscInt q = j->wrow[r]; q < j->wrow[r + 1]; q++) fb[k * n + j->wcol[q]] += j->wval[q] * d;
      }
    PetscCall(TriboSumAll(j->comm, nc * n, fb));
    PetscCall(PetscArraycpy(dFdW, fb, nc * n));
    PetscCall(PetscFree(dW));
  }
  PetscCall(PetscArrayzero(fb, nc * n)); // F_k = W T_k
  for (PetscInt ir = 0; ir < j->nruns; ir++) {
    const JointRun *ru = &j->runs[ir];
    PetscInt        m3 = 3 * ru->np, o = nc * 3 * ru->p0;
    for (PetscInt k = 0; k < nc; k++)
      for (PetscInt r = 0; r < m3; r++)
        for (PetscInt q = j->wrow[3 * ru->p0 + r]; q < j->wrow[3 * ru->p0 + r + 1]; q++) fb[k * n + j->wcol[q]] += j->wval[q] * T[o + k * m3 + r];
  }
  PetscCall(TriboSumAll(j->comm, nc * n, fb));
  PetscCall(PetscArraycpy(F, fb, nc * n));
  if (J) {
    for (PetscInt gi = 0; gi < j->ngroups; gi++) maxm = PetscMax(maxm, 3 * j->groups[gi].np * j->groups[gi].nc);
    PetscCall(PetscCalloc1(nci * nci + 1, &Jb));
    PetscCall(PetscMalloc2(nc * nc * maxm + 1, &dp, nc * nc * ni * ni + 1, &jg));
    for (PetscInt gi = 0; gi < j->ngroups; gi++) {
      JointGroup  *g = &j->groups[gi];
      PetscInt     m = 3 * g->np, ng = g->nc, ldd = nc * m, ldj = nc * ng;
      PetscBLASInt bm, bng, bldj, bldd;
      PetscReal    one = 1, zero = 0;
      // DP = blockdiag over points of J_p times (I_ncoef kron P_g): rows (kr, 3q + r), columns (kc, b), column-major, ld nc m
      for (PetscInt kc = 0; kc < nc; kc++)
        for (PetscInt b = 0; b < ng; b++)
          for (PetscInt q = 0; q < g->np; q++) {
            const PetscReal *Pc = &g->P[m * b + 3 * q], *Jq = &Jp[(g->p0 + q) * N3 * N3];
            for (PetscInt kr = 0; kr < nc; kr++)
              for (PetscInt r = 0; r < 3; r++) {
                const PetscReal *row                           = &Jq[(3 * kr + r) * N3 + 3 * kc];
                dp[(kr * m + 3 * q + r) + ldd * (kc * ng + b)] = row[0] * Pc[0] + row[1] * Pc[1] + row[2] * Pc[2];
              }
          }
      // JG(kr block) = W_g^T DP(kr block): rows (kr, a), columns (kc, b), ld nc ng
      PetscCall(PetscBLASIntCast(m, &bm));
      PetscCall(PetscBLASIntCast(ng, &bng));
      PetscCall(PetscBLASIntCast(ldj, &bldj));
      PetscCall(PetscBLASIntCast(ldd, &bldd));
      for (PetscInt kr = 0; kr < nc; kr++)
        PetscCallBLAS("BLASgemm", BLASgemm_("T", "N", &bng, &bldj, &bm, &one, g->W, &bm, &dp[kr * m], &bldd, &zero, &jg[kr * ng], &bldj));
      for (PetscInt kc = 0; kc < nc; kc++)
        for (PetscInt b = 0; b < ng; b++) {
          PetscReal *Jcol = &Jb[nci * (kc * ni + g->cols[b])];
          for (PetscInt kr = 0; kr < nc; kr++)
            for (PetscInt a = 0; a < ng; a++) Jcol[kr * ni + g->cols[a]] += jg[(kr * ng + a) + ldj * (kc * ng + b)];
        }
    }
    PetscCall(TriboSumAll(j->comm, nci * nci, Jb));
    for (PetscInt kc = 0; kc < nc; kc++)
      for (PetscInt b = 0; b < ni; b++) {
        PetscReal *Jcol = &J[nc * n * (kc * n + j->idof[b])];
        for (PetscInt kr = 0; kr < nc; kr++)
          for (PetscInt a = 0; a < ni; a++) Jcol[kr * n + j->idof[a]] += Jb[(kr * ni + a) + nci * (kc * ni + b)];
      }
    PetscCall(PetscFree2(dp, jg));
    PetscCall(PetscFree(Jb));
    PetscCall(PetscFree(Jp));
  }
  PetscCall(PetscFree3(U, T, fb));
  PetscFunctionReturn(0);
}

/*@
  TriboJointEvaluateHBPoints - Harmonics of the relative displacement and of the traction at every interface point
  (the AFT of TriboJointEvaluateHB() before the tractions are integrated), on every rank, for pictures and energies.

  Collective

  Input Parameters:
+ joint - the joint, set up
. hb    - the harmonic layout, set up (its frequency for rate-dependent laws)
. mode  - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
- X     - harmonics of the generalized displacements, X[k n + i], the same on every rank

  Output Parameters:
+ Up - npts x 3 ncoef, point-major: Up[p (3 ncoef) + 3 k + c], c = t1, t2, n
- Tp - the tractions, same layout

  Notes:
  The energy a point dissipates per period is w_p pi sum_h h (Tc_h . Us_h - Ts_h . Uc_h) (w_p its weight), exactly the
  discrete integral of t . du over the AFT samples for the retained harmonics.
@*/
PetscErrorCode TriboJointEvaluateHBPoints(TriboJoint j, TriboHB hb, TriboLawMode mode, const PetscReal X[], PetscReal Up[], PetscReal Tp[])
{
  PetscInt    nc, nl3 = 3 * j->nloc, N3, npts = j->rom->iface->npts;
  PetscReal  *U, *T, *ul, *tl;
  PetscMPIInt size, *cnt, *dsp, mine;

  PetscFunctionBeginUser;
  PetscCheck(j->setup, j->comm, PETSC_ERR_ORDER, "call TriboJointSetUp() first");
  PetscCall(TriboHBGetSizes(hb, NULL, &nc, NULL));
  N3 = 3 * nc;
  PetscCall(PetscMalloc4(nc * nl3 + 1, &U, nc * nl3 + 1, &T, nc * nl3 + 1, &ul, nc * nl3 + 1, &tl));
  PetscCall(RunHarmonics_Private(j, nc, X, U));
  for (PetscInt ir = 0; ir < j->nruns; ir++) {
    const JointRun     *ru = &j->runs[ir];
    const TriboLawCard *card;
    const PetscReal    *p;
    PetscInt            m3 = 3 * ru->np, o = nc * 3 * ru->p0;
    PetscCall(TriboLawGetCard(j->laws[ru->law], &card));
    PetscCall(TriboLawGetParameters(j->laws[ru->law], &p));
    PetscCall(TriboHBAFTV(hb, card, p, mode, ru->np, &U[o], &T[o], NULL, NULL));
    for (PetscInt k = 0; k < nc; k++) // point-major
      for (PetscInt r = 0; r < m3; r++) {
        PetscInt pt = ru->p0 + r / 3, c = r % 3;
        ul[pt * N3 + 3 * k + c] = U[o + k * m3 + r];
        tl[pt * N3 + 3 * k + c] = T[o + k * m3 + r];
      }
  }
  PetscCallMPI(MPI_Comm_size(j->comm, &size));
  PetscCall(PetscMalloc2(size, &cnt, size, &dsp));
  for (PetscMPIInt r = 0; r < size; r++) {
    PetscInt a = (npts * r) / size, b = (npts * (r + 1)) / size;
    PetscCall(PetscMPIIntCast(N3 * (b - a), &cnt[r]));
    PetscCall(PetscMPIIntCast(N3 * a, &dsp[r]));
  }
  PetscCall(PetscMPIIntCast(N3 * j->nloc, &mine));
  PetscCallMPI(MPI_Allgatherv(ul, mine, MPIU_REAL, Up, cnt, dsp, MPIU_REAL, j->comm));
  PetscCallMPI(MPI_Allgatherv(tl, mine, MPIU_REAL, Tp, cnt, dsp, MPIU_REAL, j->comm));
  PetscCall(PetscFree2(cnt, dsp));
  PetscCall(PetscFree4(U, T, ul, tl));
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetPointGap - Sets the initial normal gap of every interface point, e.g. a measured mesoscale topography
  (Porter and Brake 2023 §3.2.1, eq. 1: every asperity's gap is the element's mesoscale gap plus its own).

  Logically collective

  Input Parameters:
+ j   - the joint, with its ROM set
- gap - [npts] gap of every quadrature point in global point order (m; > 0: the surfaces are apart at x = 0), the
        same on every rank; NULL removes the gaps

  Notes:
  Every law then sees u_n - gap as its normal displacement (u_n > 0 interpenetration, include/tribolaw.h), in the
  static, transient and harmonic evaluations (there the constant term, so the harmonics must include harmonic 0).
  The point displacements of TriboJointGatherPointFields() and TriboJointEvaluateHBPoints() are those the laws see.

.seealso: `TriboJointGetPointGap()`, `TriboJointEvaluate()`
@*/
PetscErrorCode TriboJointSetPointGap(TriboJoint j, const PetscReal gap[])
{
  PetscInt npts;

  PetscFunctionBeginUser;
  PetscCheck(j->rom && j->rom->iface, j->comm, PETSC_ERR_ORDER, "set the joint's ROM (with an interface) before the point gaps");
  npts = j->rom->iface->npts;
  PetscCall(PetscFree(j->gap));
  if (!gap) PetscFunctionReturn(0);
  PetscCall(PetscMalloc1(npts + 1, &j->gap));
  for (PetscInt p = 0; p < npts; p++) {
    PetscCheck(PetscIsNormalReal(gap[p]) || gap[p] == 0, j->comm, PETSC_ERR_ARG_OUTOFRANGE,
               "the gap of interface point %" PetscInt_FMT " is not finite", p);
    j->gap[p] = gap[p];
  }
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetPointGap - The initial normal gap of every interface point (TriboJointSetPointGap()), NULL when none.

  Not collective
@*/
PetscErrorCode TriboJointGetPointGap(TriboJoint j, const PetscReal *gap[])
{
  PetscFunctionBeginUser;
  *gap = j->gap;
  PetscFunctionReturn(0);
}

/*@
  TriboJointCommit - Accepts the state of the last evaluation: the trial history becomes the
  committed one (the reference state of the next load step).
@*/
PetscErrorCode TriboJointCommit(TriboJoint j)
{
  PetscFunctionBeginUser;
  PetscCall(PetscArraycpy(j->h, j->hnew, j->nh));
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetHistorySize - Number of committed history values this rank owns (history variables
  per point times owned points), the size of the buffer of TriboJointCopyHistory().

  Not collective
@*/
PetscErrorCode TriboJointGetHistorySize(TriboJoint j, PetscInt *nh)
{
  PetscFunctionBeginUser;
  *nh = j->nh;
  PetscFunctionReturn(0);
}

/*@
  TriboJointCopyHistory - Saves (save = PETSC_TRUE: committed -> buf) or restores
  (buf -> committed) the history of the owned points.
@*/
PetscErrorCode TriboJointCopyHistory(TriboJoint j, PetscReal buf[], PetscBool save)
{
  PetscFunctionBeginUser;
  if (save)
    PetscCall(PetscArraycpy(buf, j->h, j->nh));
  else
    PetscCall(PetscArraycpy(j->h, buf, j->nh));
  PetscFunctionReturn(0);
}

/*@
  TriboJointGatherPointFields - Collects the point displacements and tractions of the last
  evaluation on rank 0, in global point order ([3 npts] each; either may be NULL).
@*/
PetscErrorCode TriboJointGatherPointFields(TriboJoint j, PetscReal u[], PetscReal t[])
{
  PetscMPIInt size, rank, *cnt = NULL, *dsp = NULL, mine;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(j->comm, &size));
  PetscCallMPI(MPI_Comm_rank(j->comm, &rank));
  PetscCall(PetscMPIIntCast(3 * j->nloc, &mine));
  if (rank == 0) {
    PetscCall(PetscMalloc2(size, &cnt, size, &dsp));
    for (PetscMPIInt r = 0; r < size; r++) {
      PetscInt a = (j->rom->iface->npts * r) / size, b = (j->rom->iface->npts * (r + 1)) / size;
      cnt[r] = (PetscMPIInt)(3 * (b - a));
      dsp[r] = (PetscMPIInt)(3 * a);
    }
  }
  for (int k = 0; k < 2; k++) {
    PetscReal *dst = k ? t : u;
    PetscInt   any = dst ? 1 : 0;
    PetscCallMPI(MPI_Bcast(&any, 1, MPIU_INT, 0, j->comm));
    if (any) PetscCallMPI(MPI_Gatherv(k ? j->t : j->u, mine, MPIU_REAL, dst, cnt, dsp, MPIU_REAL, 0, j->comm));
  }
  if (rank == 0) PetscCall(PetscFree2(cnt, dsp));
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetPointValues - The relative displacement and traction (local frame t1, t2, n) of
  chosen points at the last evaluation, on every rank: the rank owning a point supplies it and a
  sum over the ranks delivers it (the points are partitioned over the ranks, so a point may live
  on any of them).

  Collective

  Input Parameters:
+ j   - the joint
. np  - number of points
- idx - their global 0-based quadrature point indices

  Output Parameters:
+ u - [3 np] relative displacements (m), or NULL
- t - [3 np] tractions (Pa), or NULL

  Notes:
  Every rank must call it at the same moment (the sum is an MPI_Allreduce), e.g. after each
  accepted state of a continuation that all ranks follow together.

.seealso: TriboJointGatherPointFields()
@*/
PetscErrorCode TriboJointGetPointValues(TriboJoint j, PetscInt np, const PetscInt idx[], PetscReal u[], PetscReal t[])
{
  PetscReal  *buf;
  PetscMPIInt cnt;

  PetscFunctionBeginUser;
  if (np <= 0) PetscFunctionReturn(0);
  PetscCall(PetscCalloc1(6 * np, &buf));
  for (PetscInt k = 0; k < np; k++) {
    PetscCheck(idx[k] >= 0 && idx[k] < j->rom->iface->npts, j->comm, PETSC_ERR_ARG_OUTOFRANGE,
               "interface point %" PetscInt_FMT " out of range: %" PetscInt_FMT " quadrature points (0-based)", idx[k], j->rom->iface->npts);
    if (idx[k] >= j->p0 && idx[k] < j->p1)
      for (PetscInt c = 0; c < 3; c++) {
        buf[3 * k + c]        = j->u[3 * (idx[k] - j->p0) + c];
        buf[3 * (np + k) + c] = j->t[3 * (idx[k] - j->p0) + c];
      }
  }
  PetscCall(PetscMPIIntCast(6 * np, &cnt));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, buf, cnt, MPIU_REAL, MPIU_SUM, j->comm)); // one owner per point: exact
  if (u) PetscCall(PetscArraycpy(u, buf, 3 * np));
  if (t) PetscCall(PetscArraycpy(t, buf + 3 * np, 3 * np));
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetLocalRange - The quadrature points [p0, p1) this rank evaluates.

  Not collective
@*/
PetscErrorCode TriboJointGetLocalRange(TriboJoint j, PetscInt *p0, PetscInt *p1)
{
  PetscFunctionBeginUser;
  if (p0) *p0 = j->p0;
  if (p1) *p1 = j->p1;
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetEvaluationCount - Point-law evaluations so far, summed over the ranks (for
  throughput reports).

  Collective
@*/
PetscErrorCode TriboJointGetEvaluationCount(TriboJoint j, PetscLogDouble *c)
{
  PetscFunctionBeginUser;
  *c = j->nevals;
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetTangentDirect - On one rank, add the tangent of each group of points straight into the dense
  Jacobian of TriboJointEvaluateLD() rather than into an interface-sized buffer that is summed over the ranks and
  then added (three passes over an ni x ni array fewer per Jacobian; the RQNMA Jacobian of the Brake-Reuss beam,
  2,040 interface DOFs, took 55 ms against 65 ms in two runs side by side on a busy machine, the direct one the more
  slowed down otherwise: 10.7 against 6.6 ms per dense product). The sums are the same but in another order, so the
  Jacobian differs by round-off.

  Logically collective; no effect on several ranks
@*/
PetscErrorCode TriboJointSetTangentDirect(TriboJoint j, PetscBool direct)
{
  PetscFunctionBeginUser;
  j->direct = direct;
  PetscFunctionReturn(0);
}

/*@
  TriboJointAddEvaluationCount - Adds point-law evaluations made by another joint on the same interface (e.g. a
  joint on PETSC_COMM_SELF of an analysis that splits its work over the ranks otherwise), for throughput reports.

  Not collective: pass the same count on every rank
@*/
PetscErrorCode TriboJointAddEvaluationCount(TriboJoint j, PetscLogDouble c)
{
  PetscFunctionBeginUser;
  j->nevals += c;
  PetscFunctionReturn(0);
}

/*@
  TriboJointDestroy - Destroys the joint (not its ROM or law).

  Collective
@*/
PetscErrorCode TriboJointDestroy(TriboJoint *j)
{
  PetscFunctionBeginUser;
  if (!*j) PetscFunctionReturn(0);
  PetscCall(PetscFree((*j)->prow));
  PetscCall(PetscFree((*j)->pcol));
  PetscCall(PetscFree((*j)->pval));
  PetscCall(PetscFree((*j)->wrow));
  PetscCall(PetscFree((*j)->wcol));
  PetscCall(PetscFree((*j)->wval));
  PetscCall(PetscFree((*j)->idof));
  PetscCall(PetscFree((*j)->g2i));
  PetscCall(PetscFree((*j)->u));
  PetscCall(PetscFree((*j)->t));
  PetscCall(PetscFree((*j)->d));
  PetscCall(PetscFree((*j)->h));
  PetscCall(PetscFree((*j)->hnew));
  PetscCall(PetscFree((*j)->fbuf));
  PetscCall(PetscFree((*j)->Jbuf));
  for (PetscInt g = 0; g < (*j)->ngroups; g++) {
    PetscCall(PetscFree((*j)->groups[g].cols));
    PetscCall(PetscFree((*j)->groups[g].P));
    PetscCall(PetscFree((*j)->groups[g].W));
  }
  PetscCall(PetscFree((*j)->groups));
  PetscCall(PetscFree((*j)->laws));
  PetscCall(PetscFree((*j)->pointlaw));
  PetscCall(PetscFree((*j)->runs));
  PetscCall(PetscFree((*j)->dp));
  PetscCall(PetscFree((*j)->jg));
  PetscCall(PetscFree((*j)->gap));
  PetscCall(PetscFree(*j));
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetLaw - The joint's interface law: the first one when the points have several
  (TriboJointGetLaws()).

  Not collective
@*/
PetscErrorCode TriboJointGetLaw(TriboJoint j, TriboLaw *law)
{
  PetscFunctionBeginUser;
  *law = j->law;
  PetscFunctionReturn(0);
}

/*@
  TriboJointGetROM - The joint's reduced structure.

  Not collective
@*/
PetscErrorCode TriboJointGetROM(TriboJoint j, TriboROM *rom)
{
  PetscFunctionBeginUser;
  *rom = j->rom;
  PetscFunctionReturn(0);
}
