/* The state of tribo contact between two load steps, in HDF5 (issue 34, item 3: every long run resumes).

   /contact_checkpoint/counters   nstep (steps done), warm (the solvers start from the stored tractions), the grid (nx, ny), the
                                  structure (n, ne: ROM DOFs and elastic modes; 0 when uncoupled), nqsma, nlin, linits, linmult, case
   /contact_checkpoint/scalars    alpha (the last QSMA load scale), qm0 (the modal amplitude after the preload), linsec
   /contact_checkpoint/steps      the rows of the steps done (nstep x 14: the TriboContactStep members in their order)
   /contact_checkpoint/<field>    whole-grid fields (ny x nx): uncoupled p, u, gap, state (and q, s for mindlin); coupled P0-P2
                                  (tractions), G0-G2 (gaps), H (normal gap to start from), S0, S1 (accumulated slip), state, and the
                                  writer's p, q, s, gap
   /contact_checkpoint/fpre, qrom the coupled case's preload force and ROM displacement (n), ylin (ne), flin (16), backbone (6 x nqsma)

   The fields are gathered on rank 0 and written by it; a restart reads the whole grids on every rank and keeps its rows, so it may
   run on another number of ranks (the solvers' sums then change by round-off). The caller adds the physics options
   (TriboH5WritePhysics()) and whatever else its output needs (src/cli/contactverb.c). */
#include <tribo/private/contactimpl.h>
#include <triboio.h>

#define CK "/contact_checkpoint"

static PetscErrorCode WriteField_Private(TriboContact c, TriboH5 h, const char name[], const PetscReal loc[])
{
  PetscReal *all;
  PetscInt   dims[2] = {c->ny, c->nx};
  char       path[64];

  PetscFunctionBeginUser;
  PetscCall(TriboContactGatherField(c, loc, &all));
  PetscCall(PetscSNPrintf(path, sizeof(path), CK "/%s", name));
  if (all) PetscCall(TriboH5WriteReal(h, path, 2, dims, all));
  PetscCall(PetscFree(all));
  PetscFunctionReturn(0);
}

static PetscErrorCode ReadField_Private(TriboContact c, TriboH5 h, const char name[], PetscReal loc[])
{
  PetscReal *all;
  char       path[64];

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(path, sizeof(path), CK "/%s", name));
  PetscCall(PetscMalloc1(c->nx * c->ny, &all));
  PetscCall(TriboH5ReadRealInto(h, path, c->ny, c->nx, all));
  PetscCall(PetscArraycpy(loc, all + c->j0 * c->nx, c->nloc));
  PetscCall(PetscFree(all));
  PetscFunctionReturn(0);
}

/* The fields of the case: name, array, and whether it holds integers (the state, stored as reals) */
static PetscInt Fields_Private(TriboContact c, const char *names[], PetscReal *arr[], PetscReal *ibuf)
{
  PetscInt k = 0;

  if (c->type == TRIBO_CONTACT_LAPBEAM) {
    const char *pn[3] = {"P0", "P1", "P2"}, *gn[3] = {"G0", "G1", "G2"};
    for (PetscInt d = 0; d < 3; d++) names[k] = pn[d], arr[k++] = c->P[d];
    for (PetscInt d = 0; d < 3; d++) names[k] = gn[d], arr[k++] = c->G[d];
    names[k] = "H", arr[k++] = c->H;
    names[k] = "S0", arr[k++] = c->S[0];
    names[k] = "S1", arr[k++] = c->S[1];
  } else
    names[k] = "u", arr[k++] = c->u;
  names[k] = "p", arr[k++] = c->p;
  names[k] = "gap", arr[k++] = c->gap;
  if (c->q) {
    names[k] = "q", arr[k++] = c->q;
    names[k] = "s", arr[k++] = c->s;
  }
  names[k] = "state", arr[k++] = ibuf;
  return k;
}

/*@
  TriboContactCheckpointWrite - Writes the state after the steps done (TriboContactGetSteps()) into h under /contact_checkpoint:
  what TriboContactCheckpointLoad() needs for TriboContactSolve() to continue as if it had not stopped

  Collective

  Input Parameters:
+ c - the contact problem, set up, between two steps (in its monitor)
- h - a file being written (TriboH5Create())

  Level: advanced

.seealso: TriboContactCheckpointLoad(), TriboContactSetMonitor()
@*/
PetscErrorCode TriboContactCheckpointWrite(TriboContact c, TriboH5 h)
{
  PetscInt iv[11] = {c->nstep,   (PetscInt)c->sp.warm, c->nx, c->ny, c->cpl ? c->cpl->n : 0, c->cpl ? c->cpl->ne : 0, c->nqsma, c->nlin, c->linits,
                     c->linmult, (PetscInt)c->type},
           d1[1], d2[2], nf;
  PetscReal   sc[3] = {c->alpha, c->qm0, (PetscReal)c->linsec}, *rows, *ibuf, *arr[16];
  const char *names[16];

  PetscFunctionBeginUser;
  PetscCheck(c->setup, c->comm, PETSC_ERR_ARG_WRONGSTATE, "TriboContactCheckpointWrite() needs TriboContactSetUp() first");
  d1[0] = 11;
  PetscCall(TriboH5WriteInt(h, CK "/counters", 1, d1, iv));
  d1[0] = 3;
  PetscCall(TriboH5WriteReal(h, CK "/scalars", 1, d1, sc));
  PetscCall(PetscMalloc2(14 * c->nstep + 1, &rows, c->nloc + 1, &ibuf));
  for (PetscInt k = 0; k < c->nstep; k++) {
    const TriboContactStep *s     = &c->steps[k];
    PetscReal               r[14] = {s->load,
                                     s->force,
                                     s->approach,
                                     s->area,
                                     s->pmax,
                                     (PetscReal)s->its,
                                     (PetscReal)s->converged,
                                     s->shift,
                                     s->tforce,
                                     (PetscReal)s->nstick,
                                     (PetscReal)s->nslip,
                                     s->dissip,
                                     s->seconds,
                                     0};
    PetscCall(PetscArraycpy(rows + 14 * k, r, 14));
  }
  d2[0] = c->nstep, d2[1] = 14;
  PetscCall(TriboH5WriteReal(h, CK "/steps", 2, d2, rows));
  for (PetscInt k = 0; k < c->nloc; k++) ibuf[k] = (PetscReal)c->state[k];
  nf = Fields_Private(c, names, arr, ibuf);
  for (PetscInt f = 0; f < nf; f++) PetscCall(WriteField_Private(c, h, names[f], arr[f]));
  if (c->cpl) {
    d1[0] = c->cpl->n;
    PetscCall(TriboH5WriteReal(h, CK "/fpre", 1, d1, c->fpre));
    PetscCall(TriboH5WriteReal(h, CK "/qrom", 1, d1, c->qrom));
    d1[0] = c->cpl->ne;
    PetscCall(TriboH5WriteReal(h, CK "/ylin", 1, d1, c->ylin));
    d1[0] = 16;
    PetscCall(TriboH5WriteReal(h, CK "/flin", 1, d1, c->flin));
    d2[0] = 6, d2[1] = c->nqsma;
    if (c->nqsma) PetscCall(TriboH5WriteReal(h, CK "/backbone", 2, d2, c->bb[0]));
  }
  PetscCall(PetscFree2(rows, ibuf));
  PetscFunctionReturn(0);
}

/*@
  TriboContactCheckpointLoad - Restores the state that TriboContactCheckpointWrite() stored in h; TriboContactSolve() then runs the
  remaining steps only

  Collective

  Input Parameters:
+ c - the contact problem, set up with the same options as the run that wrote h (the caller compares them: TriboH5CheckPhysics()),
      and with the same gap added (TriboContactAddGap())
- h - the checkpoint (TriboH5Open())

  Notes:
  A file whose grid, structure or step count differs from this run's is refused, naming the file.

  Level: advanced

.seealso: TriboContactCheckpointWrite()
@*/
PetscErrorCode TriboContactCheckpointLoad(TriboContact c, TriboH5 h)
{
  PetscInt    nd, dims[2], *iv, nf;
  PetscReal   sc[3], *rows, *ibuf, *arr[16];
  const char *names[16], *f;

  PetscFunctionBeginUser;
  PetscCheck(c->setup, c->comm, PETSC_ERR_ARG_WRONGSTATE, "TriboContactCheckpointLoad() needs TriboContactSetUp() first");
  PetscCall(TriboH5GetFileName(h, &f));
  PetscCall(TriboH5ReadInt(h, CK "/counters", &nd, dims, &iv));
  PetscCheck(nd == 1 && dims[0] == 11, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: " CK "/counters must have 11 values", f);
  {
    PetscInt want[7] = {c->nx, c->ny, c->cpl ? c->cpl->n : 0, c->cpl ? c->cpl->ne : 0, c->nqsma, 0, (PetscInt)c->type}, bad = 0;
    for (PetscInt k = 0; k < 5; k++) bad += iv[2 + k] != want[k];
    bad += iv[10] != want[6];
    if (bad || iv[0] < 1 || iv[0] > c->maxstep || iv[7] < 0 || iv[7] > 16) {
      PetscInt got[6] = {iv[0], iv[2], iv[3], iv[4], iv[5], iv[6]};
      PetscCall(PetscFree(iv));
      SETERRQ(c->comm, PETSC_ERR_FILE_UNEXPECTED,
              "%s: written for %" PetscInt_FMT " steps done of a %" PetscInt_FMT " x %" PetscInt_FMT " grid, %" PetscInt_FMT
              " ROM DOFs, %" PetscInt_FMT " modes, %" PetscInt_FMT " QSMA amplitudes; this run has %" PetscInt_FMT " steps on %" PetscInt_FMT
              " x %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT " (or another case)",
              f, got[0], got[1], got[2], got[3], got[4], got[5], c->maxstep, want[0], want[1], want[2], want[3], want[4]);
    }
  }
  c->nstep = iv[0], c->sp.warm = (PetscBool)(iv[1] != 0), c->nlin = iv[7], c->linits = iv[8], c->linmult = iv[9];
  PetscCall(PetscFree(iv));
  PetscCall(TriboH5ReadRealInto(h, CK "/scalars", 3, 1, sc));
  c->alpha = sc[0], c->qm0 = sc[1], c->linsec = (PetscLogDouble)sc[2];
  PetscCall(PetscMalloc2(14 * c->nstep, &rows, c->nloc + 1, &ibuf));
  PetscCall(TriboH5ReadRealInto(h, CK "/steps", c->nstep, 14, rows));
  for (PetscInt k = 0; k < c->nstep; k++) {
    TriboContactStep *s = &c->steps[k];
    const PetscReal  *r = rows + 14 * k;
    s->load = r[0], s->force = r[1], s->approach = r[2], s->area = r[3], s->pmax = r[4], s->its = (PetscInt)r[5],
    s->converged = (PetscBool)(r[6] != 0);
    s->shift = r[7], s->tforce = r[8], s->nstick = (PetscInt)r[9], s->nslip = (PetscInt)r[10], s->dissip = r[11], s->seconds = r[12];
  }
  nf = Fields_Private(c, names, arr, ibuf);
  for (PetscInt k = 0; k < nf; k++) PetscCall(ReadField_Private(c, h, names[k], arr[k]));
  for (PetscInt k = 0; k < c->nloc; k++) c->state[k] = (PetscInt)ibuf[k];
  if (c->cpl) {
    PetscCall(TriboH5ReadRealInto(h, CK "/fpre", c->cpl->n, 1, c->fpre));
    PetscCall(TriboH5ReadRealInto(h, CK "/qrom", c->cpl->n, 1, c->qrom));
    PetscCall(TriboH5ReadRealInto(h, CK "/ylin", c->cpl->ne, 1, c->ylin));
    PetscCall(TriboH5ReadRealInto(h, CK "/flin", 16, 1, c->flin));
    if (c->nqsma) PetscCall(TriboH5ReadRealInto(h, CK "/backbone", 6, c->nqsma, c->bb[0]));
  }
  PetscCall(PetscFree2(rows, ibuf));
  c->restored = PETSC_TRUE;
  PetscFunctionReturn(0);
}
