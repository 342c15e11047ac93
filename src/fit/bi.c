/* Boundary intersection (paper porter-et-al-2022 §3.5.1, eq. 43) for two objectives F = (F_1, F_2), solved with PETSc TAO:
   - anchors: each objective minimized alone (TAOBLMVM, bounds) from the best few start candidates, then once more from the
     other anchor's minimizer (kept when better); the utopia point
     U = (min F_1, min F_2) (eq. 43's reference point). When F are log10 of mean squares (eq. 42, the fit's case) an anchor
     minimizes 10^F_j, the mean square itself: the same minimizer, but bounded below by 0 instead of log10(0) = -infinity, so
     that a noise-free fit converges to its exact parameters;
   - -fit_bi_n directions psi_k towards the points A_2 + s_k (A_1 - A_2), s_k = k/(n+1), of the segment between the anchors'
     objective points A_j (the convex hull of individual minima of Das & Dennis' NBI): with n = (cos psi, sin psi) and
     m = (-sin psi, cos psi) eq. 43, F(x) - U = t n, is t = n.(F - U) and the single equality constraint c = m.(F - U) = 0,
     and the front point on the ray is the attainable one of least t. It is solved by an augmented-Lagrangian outer loop,
     L = t - mu c + rho/2 c^2, mu <- mu - rho c, rho x10 when |c| did not fall by 4, around TAOBLMVM (bounded L-BFGS) on the
     bounded variables. (TAOALMM of PETSc 3.18 solves the same problem; the outer loop here is a dozen lines and keeps the
     evaluations per direction in view.)
   - the directions are spread over the ranks (direction k on rank k mod size), each solved on PETSC_COMM_SELF from a start
     chosen independently of the rank count, and gathered: the same points on any number of ranks.
   The fit's objective (TriboFitBIObjective()) takes its gradient from the law's parameter sensitivities through the Masing
   backbone of the whole-joint ROM (TriboWJROMBackboneP()). */
#include <tribofit.h>
#include <tribo/private/objimpl.h>
#include <triboio.h>
#include <petsctao.h>

struct _p_TriboBI {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm   comm;
  PetscInt   nx, ndir, ngrid, nanchor, maxit, maxouter, nstart;
  PetscReal *lo, *hi, *xs; /* bounds, start points [nstart nx] */
  TriboBIFn  fn;
  void      *ctx;
  PetscBool  mse;
  PetscReal  ctol, gttol, rho0;
  PetscInt   seed;
  /* checkpoints (issue 34): -fit_bi_checkpoint after the anchors and each round of directions, -fit_bi_restart, -fit_bi_stop_after */
  char      ckpt[PETSC_MAX_PATH_LEN];
  PetscBool restart;
  PetscInt  stopafter;
  /* results */
  PetscReal *xa, Fa[4], U[2]; /* anchors [2 nx], their objectives, the utopia point */
  PetscInt   neva[2];
  PetscReal *x, *F, *c, *psi; /* [ndir nx], [2 ndir], constraint residuals, angles */
  PetscInt  *nev, *nouter;
  PetscInt   ncand;
  PetscBool  solved, skipped;
  PetscReal  exact;
};

typedef struct {
  TriboBI   bi;
  PetscInt  mode; /* 0, 1: anchor of objective mode; 2: a direction */
  PetscReal n[2], m[2], mu, rho;
  PetscInt  nev;
  PetscReal F[2], *G;
  PetscBool ok;
} Sub_Private;

/*@
  TriboBICreate - a boundary intersection for two objectives (porter-et-al-2022 eq. 43)

  Collective
@*/
PetscErrorCode TriboBICreate(MPI_Comm comm, TriboBI *bi)
{
  TriboBI b;

  PetscFunctionBegin;
  PetscValidPointer(bi, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(b, TRIBO_BI_CLASSID, "TriboBI", "Bayesian inference of joint parameters", "BI", comm, TriboBIDestroy, NULL));
  b->comm     = comm;
  b->ndir     = 10;
  b->ngrid    = 8;
  b->nanchor  = 2;
  b->maxit    = 100;
  b->maxouter = 25;
  b->ctol     = 1e-8;
  b->gttol    = 1e-8;
  b->rho0     = 10;
  b->seed     = 1;
  b->exact    = 1e-10;
  *bi         = b;
  PetscFunctionReturn(0);
}

/*@
  TriboBISetProblem - the variables, their bounds and the objectives

  Not collective

  Input Parameters:
+ bi   - the boundary intersection
. nx   - variables
. lo   - lower bounds
. hi   - upper bounds
. fn   - the objectives and their gradients (called on one rank for one x)
. ctx  - its context
- mse  - PETSC_TRUE when the objectives are log10 of mean squares (eq. 42): the anchors then minimize the mean squares
@*/
PetscErrorCode TriboBISetProblem(TriboBI bi, PetscInt nx, const PetscReal lo[], const PetscReal hi[], TriboBIFn fn, void *ctx, PetscBool mse)
{
  PetscFunctionBeginUser;
  PetscCheck(nx >= 1, bi->comm, PETSC_ERR_ARG_OUTOFRANGE, "boundary intersection: need at least one variable, got %" PetscInt_FMT, nx);
  PetscCall(PetscFree2(bi->lo, bi->hi));
  PetscCall(PetscMalloc2(nx, &bi->lo, nx, &bi->hi));
  for (PetscInt k = 0; k < nx; k++) {
    PetscCheck(lo[k] < hi[k], bi->comm, PETSC_ERR_ARG_OUTOFRANGE, "boundary intersection: variable %" PetscInt_FMT ": bounds %g >= %g", k,
               (double)lo[k], (double)hi[k]);
    bi->lo[k] = lo[k], bi->hi[k] = hi[k];
  }
  bi->nx  = nx;
  bi->fn  = fn;
  bi->ctx = ctx;
  bi->mse = mse;
  PetscFunctionReturn(0);
}

/* The number of directions (>= 1) */
PetscErrorCode TriboBISetDirections(TriboBI bi, PetscInt n)
{
  PetscFunctionBeginUser;
  PetscCheck(n >= 1, bi->comm, PETSC_ERR_USER_INPUT, "option -fit_bi_n: need at least 1 direction, got %" PetscInt_FMT, n);
  bi->ndir = n;
  PetscFunctionReturn(0);
}

/*@
  TriboBISetStarts - start candidates (e.g. the members of an NSGA-II front), in the variables; added to the Latin grid

  Not collective: the same on every rank
@*/
PetscErrorCode TriboBISetStarts(TriboBI bi, PetscInt n, const PetscReal x[])
{
  PetscFunctionBeginUser;
  PetscCheck(bi->nx, bi->comm, PETSC_ERR_ORDER, "TriboBISetProblem() first");
  PetscCall(PetscFree(bi->xs));
  PetscCall(PetscMalloc1(n * bi->nx + 1, &bi->xs));
  for (PetscInt i = 0; i < n * bi->nx; i++) bi->xs[i] = PetscMin(PetscMax(x[i], bi->lo[i % bi->nx]), bi->hi[i % bi->nx]);
  bi->nstart = n;
  PetscFunctionReturn(0);
}

/*@
  TriboBISetFromOptions - the options of the boundary intersection

  Collective

  Options Database Keys:
+ -fit_bi_n <10>              - directions between the anchors
. -fit_bi_grid <8>            - points of the Latin grid of start candidates
. -fit_bi_anchor_starts <2>   - starts of each anchor (the best candidates in its objective)
. -fit_bi_maxit <100>         - TAO iterations of one subproblem
. -fit_bi_outer <25>          - augmented-Lagrangian iterations of a direction
. -fit_bi_ctol <1e-8>         - |c| of eq. 43's constraint that ends a direction
. -fit_bi_gttol <1e-8>       - TAO's gradient tolerance relative to the start's gradient
. -fit_bi_exact <1e-10>       - both anchors' eq. 41 errors below it: an exact fit, a one-point front, no direction solved
. -fit_bi_seed <1>            - seed of the Latin grid
. -fit_bi_checkpoint <file>   - checkpoint (HDF5): the candidates and anchors, then every round of directions (one per rank);
                                on SIGTERM/SIGUSR1 the run stops after the phase or round it is in
. -fit_bi_restart             - continue from -fit_bi_checkpoint (the same physics options, any number of ranks)
- -fit_bi_stop_after <n>      - stop after n rounds of directions as if killed (tests)
@*/
PetscErrorCode TriboBISetFromOptions(TriboBI bi)
{
  PetscFunctionBeginUser;
  TriboOptionsBegin(bi->comm, NULL, "boundary intersection (porter-et-al-2022 §3.5.1, eq. 43)", "TriboBI");
  PetscCall(TriboOptionsInt("-fit_bi_n", "directions between the anchors", "TriboBISetDirections", bi->ndir, &bi->ndir, NULL));
  PetscCall(TriboOptionsInt("-fit_bi_grid", "points of the Latin grid of start candidates", "TriboBISetStarts", bi->ngrid, &bi->ngrid, NULL));
  PetscCall(TriboOptionsInt("-fit_bi_anchor_starts", "starts of each anchor", "", bi->nanchor, &bi->nanchor, NULL));
  PetscCall(TriboOptionsInt("-fit_bi_maxit", "TAO iterations of one subproblem", "", bi->maxit, &bi->maxit, NULL));
  PetscCall(TriboOptionsInt("-fit_bi_outer", "augmented-Lagrangian iterations of a direction", "", bi->maxouter, &bi->maxouter, NULL));
  PetscCall(PetscOptionsReal("-fit_bi_ctol", "constraint residual of eq. 43 that ends a direction", "", bi->ctol, &bi->ctol, NULL));
  PetscCall(PetscOptionsReal("-fit_bi_gttol", "TAO gradient tolerance relative to the start", "", bi->gttol, &bi->gttol, NULL));
  PetscCall(PetscOptionsReal("-fit_bi_exact", "eq. 41 errors of both anchors below which the fit is exact and no direction is solved", "", bi->exact,
                             &bi->exact, NULL));
  PetscCall(TriboOptionsInt("-fit_bi_seed", "seed of the Latin grid", "", bi->seed, &bi->seed, NULL));
  PetscCall(PetscOptionsString("-fit_bi_checkpoint", "checkpoint (HDF5) after the anchors and each round of directions, and on SIGTERM/SIGUSR1",
                               "TriboBISolve", bi->ckpt, bi->ckpt, sizeof(bi->ckpt), NULL));
  PetscCall(PetscOptionsBool("-fit_bi_restart", "continue from -fit_bi_checkpoint", "TriboBISolve", bi->restart, &bi->restart, NULL));
  PetscCall(TriboOptionsInt("-fit_bi_stop_after", "stop after this many rounds of directions as if killed (tests)", "", bi->stopafter, &bi->stopafter,
                            NULL));
  TriboOptionsEnd();
  PetscCheck(!bi->restart || bi->ckpt[0], bi->comm, PETSC_ERR_USER_INPUT,
             "option -fit_bi_restart needs the checkpoint file: -fit_bi_checkpoint FILE");
  PetscCheck(bi->stopafter >= 0 && (!bi->stopafter || bi->ckpt[0]), bi->comm, PETSC_ERR_USER_INPUT,
             "option -fit_bi_stop_after: expected >= 0, with -fit_bi_checkpoint FILE");
  PetscCheck(bi->ndir >= 1, bi->comm, PETSC_ERR_USER_INPUT, "option -fit_bi_n: need at least 1 direction, got %" PetscInt_FMT, bi->ndir);
  PetscCheck(bi->ngrid >= 0, bi->comm, PETSC_ERR_USER_INPUT, "option -fit_bi_grid: need >= 0 points, got %" PetscInt_FMT, bi->ngrid);
  PetscCheck(bi->nanchor >= 1, bi->comm, PETSC_ERR_USER_INPUT, "option -fit_bi_anchor_starts: need >= 1, got %" PetscInt_FMT, bi->nanchor);
  PetscCheck(bi->maxit >= 1 && bi->maxouter >= 1, bi->comm, PETSC_ERR_USER_INPUT, "options -fit_bi_maxit, -fit_bi_outer: need >= 1");
  PetscCheck(bi->ctol > 0 && bi->gttol > 0, bi->comm, PETSC_ERR_USER_INPUT, "options -fit_bi_ctol, -fit_bi_gttol: need > 0");
  PetscFunctionReturn(0);
}

static PetscErrorCode SubFG_Private(Tao tao, Vec X, PetscReal *f, Vec Gv, void *ctx)
{
  Sub_Private       *s  = (Sub_Private *)ctx;
  TriboBI            bi = s->bi;
  PetscInt           nx = bi->nx;
  const PetscScalar *x;
  PetscScalar       *g;

  PetscFunctionBeginUser;
  PetscCall(VecGetArrayRead(X, &x));
  PetscCall(bi->fn(bi->ctx, (const PetscReal *)x, s->F, s->G, &s->ok));
  PetscCall(VecRestoreArrayRead(X, &x));
  s->nev++;
  PetscCall(VecGetArray(Gv, &g));
  if (!s->ok || !(s->F[0] < PETSC_INFINITY) || !(s->F[1] < PETSC_INFINITY)) { // a failed backbone: a wall the line search backs off from
    *f = 1e30;
    for (PetscInt k = 0; k < nx; k++) g[k] = 0;
  } else if (s->mode < 2) {
    PetscInt  j = s->mode;
    PetscReal a = bi->mse ? PetscPowReal(10.0, s->F[j]) : 1, d = bi->mse ? a * PetscLogReal(10.0) : 1;
    *f = bi->mse ? a : s->F[j];
    for (PetscInt k = 0; k < nx; k++) g[k] = d * s->G[j * nx + k];
  } else {
    PetscReal t = s->n[0] * (s->F[0] - bi->U[0]) + s->n[1] * (s->F[1] - bi->U[1]);
    PetscReal c = s->m[0] * (s->F[0] - bi->U[0]) + s->m[1] * (s->F[1] - bi->U[1]), w = -s->mu + s->rho * c;
    *f = t - s->mu * c + 0.5 * s->rho * c * c;
    for (PetscInt k = 0; k < nx; k++) g[k] = (s->n[0] + w * s->m[0]) * s->G[k] + (s->n[1] + w * s->m[1]) * s->G[nx + k];
  }
  PetscCall(VecRestoreArray(Gv, &g));
  PetscFunctionReturn(0);
}

/* One TAOBLMVM solve of the subproblem s from x (overwritten) */
static PetscErrorCode TaoSolve_Private(Sub_Private *s, PetscReal x[])
{
  TriboBI      bi = s->bi;
  Tao          tao;
  Vec          X, XL, XU;
  PetscScalar *a;

  PetscFunctionBeginUser;
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, bi->nx, &X));
  PetscCall(VecDuplicate(X, &XL));
  PetscCall(VecDuplicate(X, &XU));
  PetscCall(VecGetArray(X, &a));
  for (PetscInt k = 0; k < bi->nx; k++) a[k] = x[k];
  PetscCall(VecRestoreArray(X, &a));
  PetscCall(VecGetArray(XL, &a));
  for (PetscInt k = 0; k < bi->nx; k++) a[k] = bi->lo[k];
  PetscCall(VecRestoreArray(XL, &a));
  PetscCall(VecGetArray(XU, &a));
  for (PetscInt k = 0; k < bi->nx; k++) a[k] = bi->hi[k];
  PetscCall(VecRestoreArray(XU, &a));
  PetscCall(TaoCreate(PETSC_COMM_SELF, &tao));
  PetscCall(TaoSetType(tao, TAOBLMVM));
  PetscCall(TaoSetSolution(tao, X));
  PetscCall(TaoSetVariableBounds(tao, XL, XU));
  PetscCall(TaoSetObjectiveAndGradient(tao, NULL, SubFG_Private, s));
  PetscCall(TaoSetTolerances(tao, 0, 0, bi->gttol));
  PetscCall(TaoSetMaximumIterations(tao, bi->maxit));
  PetscCall(TaoSetMaximumFunctionEvaluations(tao, 4 * bi->maxit));
  PetscCall(TaoSolve(tao)); // a line search that fails at the noise floor of the objectives ends the solve where it is
  PetscCall(VecGetArray(X, &a));
  for (PetscInt k = 0; k < bi->nx; k++) x[k] = PetscRealPart(a[k]);
  PetscCall(VecRestoreArray(X, &a));
  PetscCall(TaoDestroy(&tao));
  PetscCall(VecDestroy(&X));
  PetscCall(VecDestroy(&XL));
  PetscCall(VecDestroy(&XU));
  PetscFunctionReturn(0);
}

/* The results of tasks [0, n), w values each, computed on rank i mod size for task i (zeros elsewhere): summed everywhere */
static PetscErrorCode Gather_Private(TriboBI bi, PetscInt n, PetscInt w, PetscReal v[])
{
  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, v, (PetscMPIInt)(n * w), MPIU_REAL, MPIU_SUM, bi->comm));
  PetscFunctionReturn(0);
}

/* The checkpoint after the anchors (kdone = 0) or after the directions [0, kdone): the candidates and their objectives (the
   directions start from them), the anchors, the directions done, the physics options. Written atomically (TriboH5Close()). */
static PetscErrorCode CheckpointWrite_Private(TriboBI bi, PetscInt nc, const PetscReal cx[], const PetscReal cF[], PetscInt kdone)
{
  TriboH5   h;
  PetscInt  nx = bi->nx, d1[1], d2[2], iv[5] = {nx, nc, bi->ndir, kdone, bi->skipped};
  PetscReal a[8] = {bi->Fa[0], bi->Fa[1], bi->Fa[2], bi->Fa[3], bi->U[0], bi->U[1], (PetscReal)bi->neva[0], (PetscReal)bi->neva[1]};

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(bi->comm, bi->ckpt, &h));
  PetscCall(TriboH5WriteMeta(h, "boundary intersection checkpoint", 0, NULL));
  d1[0] = 5;
  PetscCall(TriboH5WriteInt(h, "/bi_checkpoint/counts", 1, d1, iv));
  d1[0] = 8;
  PetscCall(TriboH5WriteReal(h, "/bi_checkpoint/anchor_objectives", 1, d1, a));
  d2[0] = 2, d2[1] = nx;
  PetscCall(TriboH5WriteReal(h, "/bi_checkpoint/anchors", 2, d2, bi->xa));
  d2[0] = nc;
  PetscCall(TriboH5WriteReal(h, "/bi_checkpoint/candidates", 2, d2, cx));
  d2[1] = 2;
  PetscCall(TriboH5WriteReal(h, "/bi_checkpoint/candidate_objectives", 2, d2, cF));
  if (kdone) {
    PetscReal *r;
    PetscCall(PetscMalloc1(kdone * 5, &r));
    for (PetscInt k = 0; k < kdone; k++)
      r[5 * k] = bi->F[2 * k], r[5 * k + 1] = bi->F[2 * k + 1], r[5 * k + 2] = bi->c[k], r[5 * k + 3] = bi->nev[k], r[5 * k + 4] = bi->nouter[k];
    d2[0] = kdone, d2[1] = nx;
    PetscCall(TriboH5WriteReal(h, "/bi_checkpoint/directions", 2, d2, bi->x));
    d2[1] = 5;
    PetscCall(TriboH5WriteReal(h, "/bi_checkpoint/direction_results", 2, d2, r));
    PetscCall(PetscFree(r));
  }
  PetscCall(TriboH5WritePhysics(h, "/bi_checkpoint/physics"));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/* Reads -fit_bi_checkpoint: the candidates cx [nc nx], cF [nc 2], the anchors, and the directions [0, *kdone) into bi (allocated) */
static PetscErrorCode CheckpointRead_Private(TriboBI bi, PetscInt nc, PetscReal cx[], PetscReal cF[], PetscInt *kdone)
{
  TriboH5     h;
  PetscInt    nx = bi->nx, nd, dims[2], *iv;
  PetscReal   a[8];
  const char *f = bi->ckpt;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(bi->comm, f, &h));
  PetscCall(TriboH5CheckPhysics(h, "/bi_checkpoint/physics", "or without -fit_bi_restart"));
  PetscCall(TriboH5ReadInt(h, "/bi_checkpoint/counts", &nd, dims, &iv));
  PetscCheck(nd == 1 && dims[0] == 5, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: /bi_checkpoint/counts must have 5 values", f);
  PetscCheck(iv[0] == nx && iv[1] == nc && iv[2] == bi->ndir && iv[3] >= 0 && iv[3] <= bi->ndir, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: a boundary intersection of %" PetscInt_FMT " variables, %" PetscInt_FMT " candidates, %" PetscInt_FMT " directions (%" PetscInt_FMT
             " done); this run has %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT,
             f, iv[0], iv[1], iv[2], iv[3], nx, nc, bi->ndir);
  *kdone      = iv[3];
  bi->skipped = (PetscBool)(iv[4] != 0);
  PetscCall(PetscFree(iv));
  PetscCall(TriboH5ReadRealInto(h, "/bi_checkpoint/anchor_objectives", 8, 1, a));
  for (int j = 0; j < 4; j++) bi->Fa[j] = a[j];
  bi->U[0] = a[4], bi->U[1] = a[5], bi->neva[0] = (PetscInt)a[6], bi->neva[1] = (PetscInt)a[7];
  PetscCall(PetscFree(bi->xa));
  PetscCall(PetscMalloc1(2 * nx, &bi->xa));
  PetscCall(TriboH5ReadRealInto(h, "/bi_checkpoint/anchors", 2, nx, bi->xa));
  PetscCall(TriboH5ReadRealInto(h, "/bi_checkpoint/candidates", nc, nx, cx));
  PetscCall(TriboH5ReadRealInto(h, "/bi_checkpoint/candidate_objectives", nc, 2, cF));
  PetscCall(PetscFree6(bi->x, bi->F, bi->c, bi->psi, bi->nev, bi->nouter));
  PetscCall(
      PetscMalloc6(bi->ndir * nx, &bi->x, 2 * bi->ndir, &bi->F, bi->ndir, &bi->c, bi->ndir, &bi->psi, bi->ndir, &bi->nev, bi->ndir, &bi->nouter));
  if (*kdone) {
    PetscReal *r;
    PetscCall(PetscMalloc1(*kdone * 5, &r));
    PetscCall(TriboH5ReadRealInto(h, "/bi_checkpoint/directions", *kdone, nx, bi->x));
    PetscCall(TriboH5ReadRealInto(h, "/bi_checkpoint/direction_results", *kdone, 5, r));
    for (PetscInt k = 0; k < *kdone; k++)
      bi->F[2 * k] = r[5 * k], bi->F[2 * k + 1] = r[5 * k + 1], bi->c[k] = r[5 * k + 2], bi->nev[k] = (PetscInt)r[5 * k + 3],
                bi->nouter[k] = (PetscInt)r[5 * k + 4];
    PetscCall(PetscFree(r));
  }
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCall(PetscPrintf(bi->comm,
                        "boundary intersection: restarted from %s: the anchors and %" PetscInt_FMT " of %" PetscInt_FMT " directions done\n", f,
                        *kdone, bi->ndir));
  PetscFunctionReturn(0);
}

/* After a phase or a round with -fit_bi_checkpoint: the checkpoint, then a stop on SIGTERM/SIGUSR1 or -fit_bi_stop_after */
static PetscErrorCode Checkpoint_Private(TriboBI bi, PetscInt nc, const PetscReal cx[], const PetscReal cF[], PetscInt kdone, PetscInt round)
{
  int         sig;
  const char *name;

  PetscFunctionBeginUser;
  if (!bi->ckpt[0]) PetscFunctionReturn(0);
  PetscCall(CheckpointWrite_Private(bi, nc, cx, cF, kdone));
  PetscCall(TriboSignalCheck(bi->comm, &sig, &name));
  if (!sig && bi->stopafter > 0 && round == bi->stopafter && kdone < bi->ndir) sig = -1, name = "-fit_bi_stop_after";
  if (sig) {
    PetscCall(TriboSignalArm(PETSC_FALSE));
    SETERRQ(bi->comm, PETSC_ERR_SIG,
            "stopped by %s with the anchors and %" PetscInt_FMT " of %" PetscInt_FMT
            " directions done: they are saved in %s (resume with -fit_bi_restart)",
            name, kdone, bi->ndir, bi->ckpt);
  }
  PetscFunctionReturn(0);
}

/*@
  TriboBISolve - the start candidates (Latin grid and given starts), the two anchors, the utopia point and the directions

  Collective: candidates, anchor starts and directions are spread over the ranks
@*/
PetscErrorCode TriboBISolve(TriboBI bi)
{
  PetscMPIInt    rank, size;
  PetscInt       nx = bi->nx, nc, *order, W = nx + 5, kdone = 0, per, round = 0;
  PetscReal     *cx, *cF, *v, *x0;
  TriboRandom    r;
  Sub_Private    s;
  PetscLogDouble t0;

  PetscFunctionBeginUser;
  PetscCheck(bi->fn, bi->comm, PETSC_ERR_ORDER, "TriboBISetProblem() first");
  PetscCallMPI(MPI_Comm_rank(bi->comm, &rank));
  PetscCallMPI(MPI_Comm_size(bi->comm, &size));
  PetscCall(PetscTime(&t0));
  nc = bi->ngrid + bi->nstart;
  PetscCheck(nc >= 1, bi->comm, PETSC_ERR_USER_INPUT, "boundary intersection: no start point (-fit_bi_grid 0 and no -fit_bi_start)");
  PetscCall(PetscMalloc3(nc * nx, &cx, 2 * nc, &cF, nc, &order));
  PetscCall(PetscMalloc2(PetscMax(nc, PetscMax(2 * bi->nanchor, bi->ndir)) * W, &v, nx, &x0));
  PetscCall(PetscMalloc1(2 * nx, &s.G));
  s.bi      = bi;
  bi->ncand = nc;
  if (bi->ckpt[0]) PetscCall(TriboSignalArm(PETSC_TRUE));
  if (bi->restart)
    PetscCall(CheckpointRead_Private(bi, nc, cx, cF, &kdone));
  else {
    // the Latin grid: in each variable the ngrid strata of its range in a random order, each point at its stratum's centre
    TriboRandomSeed(&r, (unsigned long long)bi->seed);
    for (PetscInt k = 0; k < nx; k++) {
      for (PetscInt i = 0; i < bi->ngrid; i++) order[i] = i;
      for (PetscInt i = bi->ngrid - 1; i > 0; i--) {
        PetscInt j = (PetscInt)(TriboRandomUniform(&r) * (i + 1)), tmp = order[i];
        order[i] = order[j], order[j] = tmp;
      }
      for (PetscInt i = 0; i < bi->ngrid; i++) cx[i * nx + k] = bi->lo[k] + (bi->hi[k] - bi->lo[k]) * (order[i] + 0.5) / bi->ngrid;
    }
    for (PetscInt i = 0; i < bi->nstart * nx; i++) cx[bi->ngrid * nx + i] = bi->xs[i];
    // the candidates' objectives
    PetscCall(PetscArrayzero(v, 2 * nc));
    for (PetscInt i = rank; i < nc; i += size) {
      PetscBool ok;
      PetscCall(bi->fn(bi->ctx, cx + i * nx, v + 2 * i, s.G, &ok));
      if (!ok) v[2 * i] = v[2 * i + 1] = PETSC_INFINITY;
    }
    PetscCall(Gather_Private(bi, nc, 2, v));
    PetscCall(PetscArraycpy(cF, v, 2 * nc));
    // anchors: objective j from its nanchor best candidates (task a = j nanchor + i)
    PetscCall(PetscFree(bi->xa));
    PetscCall(PetscMalloc1(2 * nx, &bi->xa));
    {
      PetscInt  na = PetscMin(bi->nanchor, nc), best[2];
      PetscInt *pick;
      PetscCall(PetscMalloc1(2 * na, &pick));
      for (PetscInt j = 0; j < 2; j++) { // the na least F_j, ties by index
        for (PetscInt i = 0; i < nc; i++) order[i] = i;
        for (PetscInt i = 0; i < na; i++) {
          PetscInt b = i;
          for (PetscInt l = i + 1; l < nc; l++)
            if (cF[2 * order[l] + j] < cF[2 * order[b] + j]) b = l;
          PetscInt tmp = order[i];
          order[i] = order[b], order[b] = tmp;
          pick[j * na + i] = order[i];
        }
      }
      PetscCall(PetscArrayzero(v, 2 * na * W));
      for (PetscInt a = rank; a < 2 * na; a += size) {
        s.mode = a / na;
        s.nev  = 0;
        PetscCall(PetscArraycpy(x0, cx + pick[a] * nx, nx));
        PetscCall(TaoSolve_Private(&s, x0));
        PetscCall(bi->fn(bi->ctx, x0, v + a * W + nx, s.G, &s.ok));
        if (!s.ok) v[a * W + nx] = v[a * W + nx + 1] = PETSC_INFINITY;
        PetscCall(PetscArraycpy(v + a * W, x0, nx));
        v[a * W + nx + 2] = s.nev + 1;
      }
      PetscCall(Gather_Private(bi, 2 * na, W, v));
      for (PetscInt j = 0; j < 2; j++) {
        best[j] = j * na;
        for (PetscInt i = 1; i < na; i++)
          if (v[(j * na + i) * W + nx + j] < v[best[j] * W + nx + j]) best[j] = j * na + i;
        PetscCall(PetscArraycpy(bi->xa + j * nx, v + best[j] * W, nx));
        bi->Fa[2 * j] = v[best[j] * W + nx], bi->Fa[2 * j + 1] = v[best[j] * W + nx + 1];
        bi->neva[j] = 0;
        for (PetscInt i = 0; i < na; i++) bi->neva[j] += (PetscInt)v[(j * na + i) * W + nx + 2];
      }
      PetscCall(PetscFree(pick));
    }
    // each anchor once more from the other's minimizer (a model whose one error has poor local minima, e.g. Bouc-Wen's damping,
    // reaches the other's basin); kept when better
    PetscCall(PetscArrayzero(v, 2 * W));
    for (PetscInt j = rank; j < 2; j += size) {
      s.mode = j;
      s.nev  = 0;
      PetscCall(PetscArraycpy(x0, bi->xa + (1 - j) * nx, nx));
      PetscCall(TaoSolve_Private(&s, x0));
      PetscCall(bi->fn(bi->ctx, x0, v + j * W + nx, s.G, &s.ok));
      if (!s.ok) v[j * W + nx] = v[j * W + nx + 1] = PETSC_INFINITY;
      PetscCall(PetscArraycpy(v + j * W, x0, nx));
      v[j * W + nx + 2] = s.nev + 1;
    }
    PetscCall(Gather_Private(bi, 2, W, v));
    for (PetscInt j = 0; j < 2; j++) {
      bi->neva[j] += (PetscInt)v[j * W + nx + 2];
      if (v[j * W + nx + j] < bi->Fa[2 * j + j]) {
        PetscCall(PetscArraycpy(bi->xa + j * nx, v + j * W, nx));
        bi->Fa[2 * j] = v[j * W + nx], bi->Fa[2 * j + 1] = v[j * W + nx + 1];
      }
    }
    PetscCheck(bi->Fa[0] < PETSC_INFINITY && bi->Fa[3] < PETSC_INFINITY, bi->comm, PETSC_ERR_NOT_CONVERGED,
               "boundary intersection: an anchor failed (no start with a converged backbone)");
    bi->U[0] = bi->Fa[0], bi->U[1] = bi->Fa[3]; // the utopia point (eq. 43's reference)
    // an exact fit (both anchors' mean squares below exact^2 in both objectives): the front is that one point, no direction
    bi->skipped = (PetscBool)(bi->mse && PetscMax(PetscMax(bi->Fa[0], bi->Fa[1]), PetscMax(bi->Fa[2], bi->Fa[3])) < 2 * PetscLog10Real(bi->exact));
    PetscCall(PetscFree6(bi->x, bi->F, bi->c, bi->psi, bi->nev, bi->nouter));
    PetscCall(
        PetscMalloc6(bi->ndir * nx, &bi->x, 2 * bi->ndir, &bi->F, bi->ndir, &bi->c, bi->ndir, &bi->psi, bi->ndir, &bi->nev, bi->ndir, &bi->nouter));
    PetscCall(Checkpoint_Private(bi, nc, cx, cF, 0, 0));
  }
  // the directions
  for (PetscInt k = 0; k < bi->ndir; k++) {
    PetscReal sk = (k + 1.0) / (bi->ndir + 1), P0 = bi->Fa[2] + sk * (bi->Fa[0] - bi->Fa[2]), P1 = bi->Fa[3] + sk * (bi->Fa[1] - bi->Fa[3]);
    bi->psi[k] = PetscAtan2Real(P1 - bi->U[1], P0 - bi->U[0]);
  }
  // direction k on rank k mod size; with a checkpoint in rounds of one direction per rank, each round gathered and saved
  per = bi->ckpt[0] ? size : bi->ndir;
  for (PetscInt k0 = kdone; k0 < bi->ndir; k0 += per) {
    PetscInt k1 = PetscMin(bi->ndir, k0 + per);
    PetscCall(PetscArrayzero(v + k0 * W, (k1 - k0) * W));
    for (PetscInt k = k0; k < k1 && !bi->skipped; k++) {
      PetscReal cprev = PETSC_MAX_REAL, best = PETSC_MAX_REAL, c = 0;
      PetscInt  ib = -1, nout = 0;
      if (k % size != rank) continue;
      s.mode = 2;
      s.nev  = 0;
      s.n[0] = PetscCosReal(bi->psi[k]), s.n[1] = PetscSinReal(bi->psi[k]);
      s.m[0] = -s.n[1], s.m[1] = s.n[0];
      s.mu = 0, s.rho = bi->rho0;
      // the start: the candidate or anchor whose objectives lie closest in angle to the ray (independent of the ranks)
      for (PetscInt i = 0; i < nc + 2; i++) {
        const PetscReal *F  = i < nc ? cF + 2 * i : bi->Fa + 2 * (i - nc);
        PetscReal        d0 = F[0] - bi->U[0], d1 = F[1] - bi->U[1], len = PetscSqrtReal(d0 * d0 + d1 * d1), ang;
        if (!(F[0] < PETSC_INFINITY && F[1] < PETSC_INFINITY) || len == 0) continue;
        ang = PetscAbsReal(s.m[0] * d0 + s.m[1] * d1) / len;
        if (ang < best) best = ang, ib = i;
      }
      PetscCall(PetscArraycpy(x0, ib < nc ? cx + ib * nx : bi->xa + (ib - nc) * nx, nx));
      for (nout = 1; nout <= bi->maxouter; nout++) {
        PetscCall(TaoSolve_Private(&s, x0));
        PetscCall(bi->fn(bi->ctx, x0, s.F, s.G, &s.ok));
        s.nev++;
        if (!s.ok) break;
        c = s.m[0] * (s.F[0] - bi->U[0]) + s.m[1] * (s.F[1] - bi->U[1]);
        if (PetscAbsReal(c) < bi->ctol) break;
        s.mu -= s.rho * c;
        if (PetscAbsReal(c) > 0.25 * cprev) s.rho *= 10;
        cprev = PetscAbsReal(c);
      }
      PetscCall(PetscArraycpy(v + k * W, x0, nx));
      v[k * W + nx]     = s.ok ? s.F[0] : PETSC_INFINITY;
      v[k * W + nx + 1] = s.ok ? s.F[1] : PETSC_INFINITY;
      v[k * W + nx + 2] = s.nev;
      v[k * W + nx + 3] = s.ok ? c : PETSC_INFINITY;
      v[k * W + nx + 4] = PetscMin(nout, bi->maxouter);
    }
    PetscCall(Gather_Private(bi, k1 - k0, W, v + k0 * W));
    for (PetscInt k = k0; k < k1 && bi->skipped; k++) v[k * W + nx] = v[k * W + nx + 1] = v[k * W + nx + 3] = PETSC_INFINITY;
    for (PetscInt k = k0; k < k1; k++) {
      PetscCall(PetscArraycpy(bi->x + k * nx, v + k * W, nx));
      bi->F[2 * k] = v[k * W + nx], bi->F[2 * k + 1] = v[k * W + nx + 1];
      bi->nev[k]    = (PetscInt)v[k * W + nx + 2];
      bi->c[k]      = v[k * W + nx + 3];
      bi->nouter[k] = (PetscInt)v[k * W + nx + 4];
    }
    PetscCall(Checkpoint_Private(bi, nc, cx, cF, k1, ++round));
  }
  if (bi->ckpt[0]) PetscCall(TriboSignalArm(PETSC_FALSE));
  bi->solved = PETSC_TRUE;
  PetscCall(PetscFree3(cx, cF, order));
  PetscCall(PetscFree2(v, x0));
  PetscCall(PetscFree(s.G));
  PetscFunctionReturn(0);
}

/* The anchors (x [2 nx], the minimizer of objective 1 first) and their objectives F [4] */
PetscErrorCode TriboBIGetAnchors(TriboBI bi, const PetscReal *x[], const PetscReal *F[], const PetscInt *nev[])
{
  PetscFunctionBeginUser;
  PetscCheck(bi->solved, bi->comm, PETSC_ERR_ORDER, "TriboBISolve() first");
  if (x) *x = bi->xa;
  if (F) *F = bi->Fa;
  if (nev) *nev = bi->neva;
  PetscFunctionReturn(0);
}

/*@
  TriboBIGetPoints - the points of the directions

  Not collective

  Output Parameters:
+ n   - directions
. x   - their solutions [n nx]
. F   - objectives [2 n] (infinite for a failed direction)
. c   - the residuals of the constraint of eq. 43 (m.(F - U))
- nev - objective evaluations of each direction
@*/
PetscErrorCode TriboBIGetPoints(TriboBI bi, PetscInt *n, const PetscReal *x[], const PetscReal *F[], const PetscReal *c[], const PetscInt *nev[])
{
  PetscFunctionBeginUser;
  PetscCheck(bi->solved, bi->comm, PETSC_ERR_ORDER, "TriboBISolve() first");
  if (n) *n = bi->ndir;
  if (x) *x = bi->x;
  if (F) *F = bi->F;
  if (c) *c = bi->c;
  if (nev) *nev = bi->nev;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboBIView(TriboBI bi, PetscViewer v)
{
  PetscInt  tot = 0, mx = 0, nok = 0;
  PetscReal cmax = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(v,
                                   "  boundary intersection (eq. 43, TAOBLMVM in an augmented-Lagrangian loop): %" PetscInt_FMT
                                   " directions, %" PetscInt_FMT " start candidates, anchors from %" PetscInt_FMT " starts each\n",
                                   bi->ndir, bi->ncand, bi->nanchor));
  if (!bi->solved) PetscFunctionReturn(0);
  if (bi->skipped)
    PetscCall(PetscViewerASCIIPrintf(v, "    an exact fit: both anchors' errors below %g (eq. 41), the front is one point; no direction solved\n",
                                     (double)bi->exact));
  PetscCall(PetscViewerASCIIPrintf(
      v, "    utopia point (eq. 42) %.6g %.6g; anchors %.6g %.6g and %.6g %.6g (%" PetscInt_FMT " and %" PetscInt_FMT " evaluations)\n",
      (double)bi->U[0], (double)bi->U[1], (double)bi->Fa[0], (double)bi->Fa[1], (double)bi->Fa[2], (double)bi->Fa[3], bi->neva[0], bi->neva[1]));
  for (PetscInt k = 0; k < bi->ndir; k++) {
    tot += bi->nev[k], mx = PetscMax(mx, bi->nev[k]);
    if (bi->F[2 * k] < PETSC_INFINITY) nok++, cmax = PetscMax(cmax, PetscAbsReal(bi->c[k]));
  }
  PetscCall(PetscViewerASCIIPrintf(
      v, "    %" PetscInt_FMT " of %" PetscInt_FMT " directions solved, largest |c| %.3g; evaluations per direction %.1f (most %" PetscInt_FMT ")\n",
      nok, bi->ndir, (double)cmax, (double)tot / bi->ndir, mx));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboBIDestroy(TriboBI *bi)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(bi, TRIBO_BI_CLASSID);
  PetscCall(PetscFree2((*bi)->lo, (*bi)->hi));
  PetscCall(PetscFree((*bi)->xs));
  PetscCall(PetscFree((*bi)->xa));
  PetscCall(PetscFree6((*bi)->x, (*bi)->F, (*bi)->c, (*bi)->psi, (*bi)->nev, (*bi)->nouter));
  PetscCall(PetscHeaderDestroy(bi));
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMBackboneP - the Masing backbone of the whole-joint ROM and its derivatives with respect to parameters, from the
  law's parameter sensitivities (TriboLawEvaluateP(), dt/dp through the history, porter-et-al-2022 eq. 28)

  Not collective

  Input Parameters:
+ w     - the whole-joint ROM
. np    - parameters
. names - their names (the law's, k0, zeta0)
. na    - amplitudes
- q     - amplitudes (increasing)

  Output Parameters:
+ freq, zeta   - the backbone (Hz, ratio), as TriboWJROMBackbone() computes it
- dfreq, dzeta - [na np] their derivatives

  Notes:
  The backbone point at amplitude q solves K x + f(x; p) - lambda M x = 0, phi0^T M x = q (RQNMA, eq. 33). Implicit
  differentiation, [K + df/dx - lambda M, -M x; phi0^T M, 0] [dx/dp; dlambda/dp] = -[df/dp; 0], on the one modal DOF of the
  WJROM (M = 1, phi0 = 1) gives dx/dp = 0 and dlambda/dp = (df/dp)/q (+1 for k0): the points do not move, so the history
  sensitivities carry only dt/dp. The loading path is RQNMA's (the prestress at u = 0, then the -wjrom_rqnma_lgl LGL nodes
  between successive amplitudes, each committed), so D = 8 int_0^q lambda s ds - 4 lambda q^2 (§2.3.1) and its derivative
  use the same quadrature: dD/dp = 8 sum_nodes h w_k dt_k/dp - 4 q dt(q)/dp.
@*/
PetscErrorCode TriboWJROMBackboneP(TriboWJROM w, PetscInt np, const char *const names[], PetscInt na, const PetscReal q[], PetscReal freq[],
                                   PetscReal zeta[], PetscReal dfreq[], PetscReal dzeta[])
{
  TriboLaw            law;
  const TriboLawCard *card;
  PetscReal           k0, zeta0, *h, *hp, *hn, *hpn, *dtdp, *xi, *wi, u[3] = {0, 0, 0}, t[3], qs = 0, fs, *dfs, Iacc = 0, *dI, *idx;
  PetscInt            nl = 10, nh, npl;

  PetscFunctionBeginUser;
  PetscCall(TriboWJROMGetModel(w, &law, &k0, &zeta0));
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboOptionsGetInt(NULL, NULL, "-wjrom_rqnma_lgl", &nl, NULL));
  nh  = card->nhist;
  npl = card->nparams;
  PetscCall(PetscCalloc5(nh + 1, &h, nh * npl + 1, &hp, nh + 1, &hn, nh * npl + 1, &hpn, 3 * npl + 1, &dtdp));
  PetscCall(PetscMalloc5(nl, &xi, nl, &wi, npl + 1, &dfs, npl + 1, &dI, np, &idx));
  PetscCall(TriboLGL(nl, xi, wi));
  for (PetscInt j = 0; j < np; j++) { // index of each parameter in the law's card, -1 for k0, -2 for zeta0
    PetscBool isk0, isz0;
    PetscCall(PetscStrcmp(names[j], "k0", &isk0));
    PetscCall(PetscStrcmp(names[j], "zeta0", &isz0));
    idx[j] = isk0 ? -1 : (isz0 ? -2 : -3);
    for (PetscInt l = 0; l < npl && idx[j] == -3; l++) {
      PetscBool eq;
      PetscCall(PetscStrcmp(names[j], card->params[l].name, &eq));
      if (eq) idx[j] = l;
    }
    PetscCheck(idx[j] > -3, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "whole-joint ROM: unknown parameter %s of law %s", names[j], card->name);
  }
  // the prestress: u = 0 from a fresh history (hp = 0), committed
  PetscCall(TriboLawEvaluateP(law, TRIBO_LAW_FULL, 1, u, h, hp, t, dtdp, hn, hpn));
  PetscCall(PetscArraycpy(h, hn, nh));
  PetscCall(PetscArraycpy(hp, hpn, nh * npl));
  fs = k0 * 0 + t[0]; // lambda q at the branch's start, and its derivatives
  for (PetscInt l = 0; l < npl; l++) dfs[l] = dtdp[l], dI[l] = 0;
  for (PetscInt ia = 0; ia < na; ia++) {
    PetscReal hh = 0.5 * (q[ia] - qs), sum = wi[0] * (k0 * qs + fs), lam, D, dsum[64], sk0 = wi[0] * qs, dlam, dD, wq2;
    PetscCheck(npl <= 64, PETSC_COMM_SELF, PETSC_ERR_SUP, "whole-joint ROM: law %s has more than 64 parameters", card->name);
    for (PetscInt l = 0; l < npl; l++) dsum[l] = wi[0] * dfs[l];
    for (PetscInt k = 1; k < nl; k++) {
      PetscReal qk = k == nl - 1 ? q[ia] : 0.5 * (qs + q[ia]) + hh * xi[k];
      u[0]         = qk;
      PetscCall(TriboLawEvaluateP(law, TRIBO_LAW_FULL, 1, u, h, hp, t, dtdp, hn, hpn));
      PetscCall(PetscArraycpy(h, hn, nh));
      PetscCall(PetscArraycpy(hp, hpn, nh * npl));
      sum += wi[k] * (k0 * qk + t[0]);
      sk0 += wi[k] * qk;
      for (PetscInt l = 0; l < npl; l++) dsum[l] += wi[k] * dtdp[l];
    }
    Iacc += hh * sum;
    for (PetscInt l = 0; l < npl; l++) dI[l] += hh * dsum[l];
    fs       = t[0];
    qs       = q[ia];
    lam      = k0 + t[0] / qs;
    D        = 8 * Iacc - 4 * lam * qs * qs;
    wq2      = 2 * PETSC_PI * lam * qs * qs;
    freq[ia] = PetscSqrtReal(lam) / (2 * PETSC_PI);
    zeta[ia] = D / wq2 + zeta0;
    for (PetscInt l = 0; l < npl; l++) dfs[l] = dtdp[l];
    for (PetscInt j = 0; j < np; j++) {
      if (idx[j] >= 0) {
        PetscInt l         = (PetscInt)idx[j];
        dlam               = dtdp[l] / qs;
        dD                 = 8 * dI[l] - 4 * qs * dtdp[l];
        dzeta[ia * np + j] = dD / wq2 - D * dlam / (wq2 * lam);
      } else if (idx[j] == -1) { // k0: D does not change (the quadrature is exact for the linear part: 8 q^2/2 - 4 q^2 = 0)
        dlam               = 1;
        dzeta[ia * np + j] = -D / (wq2 * lam);
      } else {
        dlam               = 0;
        dzeta[ia * np + j] = 1;
      }
      dfreq[ia * np + j] = dlam / (4 * PETSC_PI * PetscSqrtReal(lam));
    }
  }
  PetscCall(PetscFree5(h, hp, hn, hpn, dtdp));
  PetscCall(PetscFree5(xi, wi, dfs, dI, idx));
  PetscFunctionReturn(0);
}

/* The fit's objectives for the boundary intersection: eq. 42 errors of the WJROM's Masing backbone (TriboWJROMBackbone(),
   the same evaluation as NSGA-II's) and their gradients in the scaled variables, from TriboWJROMBackboneP() when its
   backbone agrees with RQNMA's (frequency to 1e-8, damping to 1e-4 relative plus 1e-11: D = 8 I - 4 lambda q^2 cancels at
   small amplitudes, so the Newton and integrator tolerances show there magnified; at zeta ~ 5e-12, q = 1e-6, Bouc-Wen n = 3,
   RQNMA's zeta is 2e-3 away from the exact Masing one), else by central differences (counted in nfd) */
PetscErrorCode TriboFitBIObjective(void *ctx, const PetscReal x[], PetscReal F[2], PetscReal G[], PetscBool *ok)
{
  TriboFitBICtx  *c = (TriboFitBICtx *)ctx;
  TriboFitProblem p = c->p;
  PetscReal       e41[2], resid, sw = 0, sz = 0, *fr = c->work, *zr = fr + p.n, *fa = zr + p.n, *za = fa + p.n, *df = za + p.n, *dz = df + p.n * p.np;
  PetscBool       agree = PETSC_TRUE;
  PetscErrorCode  ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL)); // inadmissible parameters: a failed evaluation
  ierr = 0;
  for (PetscInt k = 0; k < p.np && !ierr; k++) ierr = TriboWJROMSetParameter(p.w, p.names[k], p.logs[k] ? PetscPowReal(10.0, x[k]) : x[k]);
  if (!ierr) ierr = TriboWJROMBackbone(p.w, p.n, p.q, fr, zr, &resid, ok);
  if (!ierr && *ok && G) ierr = TriboWJROMBackboneP(p.w, p.np, p.names, p.n, p.q, fa, za, df, dz);
  PetscCall(PetscPopErrorHandler());
  c->nev++;
  if (ierr) *ok = PETSC_FALSE;
  if (!*ok) {
    F[0] = F[1] = PETSC_INFINITY;
    PetscFunctionReturn(0);
  }
  for (PetscInt i = 0; i < p.n; i++) fr[i] *= 2 * PETSC_PI;
  PetscCall(TriboFitErrors(p.n, p.om, p.z, fr, zr, e41, F));
  if (!G || !(F[0] < PETSC_INFINITY && F[1] < PETSC_INFINITY)) PetscFunctionReturn(0); // no gradient at a failed point
  for (PetscInt i = 0; i < p.n; i++)
    agree = (PetscBool)(agree && PetscAbsReal(2 * PETSC_PI * fa[i] / fr[i] - 1) < 1e-8 &&
                        PetscAbsReal(za[i] - zr[i]) < 1e-4 * PetscAbsReal(zr[i]) + 1e-11);
  if (!agree) { // central differences of the same objective in the scaled variables
    PetscReal xp[64], Fp[2], Fm[2];
    PetscBool okp, okm;
    c->nfd++;
    for (PetscInt k = 0; k < p.np; k++) {
      PetscReal d = 1e-6 * PetscMax(1, PetscAbsReal(x[k]));
      PetscCall(PetscArraycpy(xp, x, p.np));
      xp[k] = x[k] + d;
      PetscCall(TriboFitBIObjective(ctx, xp, Fp, NULL, &okp));
      xp[k] = x[k] - d;
      PetscCall(TriboFitBIObjective(ctx, xp, Fm, NULL, &okm));
      G[k] = (Fp[0] - Fm[0]) / (2 * d), G[p.np + k] = (Fp[1] - Fm[1]) / (2 * d);
    }
    PetscCall(TriboFitBIObjective(ctx, x, F, NULL, ok)); // the WJROM back at x
    PetscFunctionReturn(0);
  }
  // eq. 42: F_w = log10(sw / n), sw = sum ((w_m - w_x)/w_x)^2; F_z = log10(sz / n), sz = sum ((ln z_m - ln z_x)/ln z_x)^2
  for (PetscInt i = 0; i < p.n; i++) {
    PetscReal dw = (fr[i] - p.om[i]) / p.om[i], dzl = (PetscLogReal(zr[i]) - PetscLogReal(p.z[i])) / PetscLogReal(p.z[i]);
    sw += dw * dw, sz += dzl * dzl;
  }
  for (PetscInt k = 0; k < p.np; k++) {
    PetscReal gw = 0, gz = 0, dpdx = p.logs[k] ? PetscLogReal(10.0) * PetscPowReal(10.0, x[k]) : 1;
    for (PetscInt i = 0; i < p.n; i++) {
      PetscReal dw = (fr[i] - p.om[i]) / p.om[i], dzl = (PetscLogReal(zr[i]) - PetscLogReal(p.z[i])) / PetscLogReal(p.z[i]);
      gw += 2 * dw * (2 * PETSC_PI * df[i * p.np + k]) / p.om[i];
      gz += 2 * dzl * dz[i * p.np + k] / (zr[i] * PetscLogReal(p.z[i]));
    }
    // the floor of eq. 42 at 1e-32 (an exact fit) is flat
    G[k]        = sw / p.n > 1e-32 ? gw / (sw * PetscLogReal(10.0)) * dpdx : 0;
    G[p.np + k] = sz / p.n > 1e-32 ? gz / (sz * PetscLogReal(10.0)) * dpdx : 0;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFitSolveBI - the boundary intersection of a fit: start candidates from its NSGA-II front (if any) and from the front of a
  previous fit (-fit_bi_start), anchors, directions

  Collective

  Input Parameters:
+ fit   - the fit (amplitudes and measured values set by TriboFitSolve())
. bi    - the boundary intersection (options set)
. start - a previous fit's result (its /fit/front_parameters) or ""
. nf    - NSGA-II front members
- xf    - their scaled variables [nf np]

  Output Parameters:
+ nbi - points: the two anchors, then the directions that did not fail
. bx  - their physical parameters [nbi np] (PetscFree2(bx, bf42))
- bf42 - their eq. 42 errors [2 nbi]
@*/
PetscErrorCode TriboFitSolveBI(TriboFit fit, TriboBI bi, const char start[], PetscInt nf, const PetscReal xf[], PetscInt *nbi, PetscReal **bx,
                               PetscReal **bf42)
{
  TriboFitBICtx    ctx;
  PetscReal       *lo, *hi, *xs, *prev = NULL;
  PetscInt         np, nprev = 0, nd, m = 0;
  const PetscReal *xa, *Fa, *x, *F;

  PetscFunctionBeginUser;
  PetscCall(TriboFitGetProblem(fit, &ctx.p));
  np = ctx.p.np;
  PetscCall(PetscMalloc3(np, &lo, np, &hi, 4 * ctx.p.n + 2 * ctx.p.n * np, &ctx.work));
  ctx.nev = ctx.nfd = 0;
  for (PetscInt k = 0; k < np; k++)
    lo[k] = ctx.p.logs[k] ? PetscLog10Real(ctx.p.lo[k]) : ctx.p.lo[k], hi[k] = ctx.p.logs[k] ? PetscLog10Real(ctx.p.hi[k]) : ctx.p.hi[k];
  if (start && start[0]) {
    char spec[PETSC_MAX_PATH_LEN + 32];
    PetscCall(PetscSNPrintf(spec, sizeof(spec), "%s:/fit/front_parameters", start));
    PetscCall(TriboTableRead(bi->comm, "-fit_bi_start", spec, np, ctx.p.names, &nprev, &prev));
  }
  PetscCall(PetscMalloc1((nf + nprev) * np + 1, &xs));
  PetscCall(PetscArraycpy(xs, xf, nf * np));
  for (PetscInt i = 0; i < nprev; i++)
    for (PetscInt k = 0; k < np; k++) {
      PetscReal v = prev[i * np + k];
      PetscCheck(!ctx.p.logs[k] || v > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "option -fit_bi_start: %s row %" PetscInt_FMT ": parameter %s = %g on a log scale (expected > 0)", start, i, ctx.p.names[k],
                 (double)v);
      xs[(nf + i) * np + k] = ctx.p.logs[k] ? PetscLog10Real(v) : v;
    }
  PetscCall(PetscFree(prev));
  PetscCall(TriboBISetProblem(bi, np, lo, hi, TriboFitBIObjective, &ctx, PETSC_TRUE));
  PetscCall(TriboBISetStarts(bi, nf + nprev, xs));
  PetscCall(TriboBISolve(bi));
  {
    PetscInt nfd = ctx.nfd;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &nfd, 1, MPIU_INT, MPI_SUM, bi->comm));
    if (nfd)
      PetscCall(
          PetscPrintf(bi->comm,
                      "  boundary intersection: %" PetscInt_FMT
                      " gradients by central differences (the law's sensitivities through the Masing backbone disagreed with RQNMA's backbone)\n",
                      nfd));
  }
  PetscCall(TriboBIGetAnchors(bi, &xa, &Fa, NULL));
  PetscCall(TriboBIGetPoints(bi, &nd, &x, &F, NULL, NULL));
  PetscCall(PetscMalloc2((2 + nd) * np, bx, 2 * (2 + nd), bf42));
  for (PetscInt i = 0; i < 2 + nd; i++) {
    const PetscReal *xi = i < 2 ? xa + i * np : x + (i - 2) * np, *Fi = i < 2 ? Fa + 2 * i : F + 2 * (i - 2);
    if (!(Fi[0] < PETSC_INFINITY && Fi[1] < PETSC_INFINITY)) continue;
    for (PetscInt k = 0; k < np; k++) (*bx)[m * np + k] = ctx.p.logs[k] ? PetscPowReal(10.0, xi[k]) : xi[k];
    (*bf42)[2 * m] = Fi[0], (*bf42)[2 * m + 1] = Fi[1];
    m++;
  }
  *nbi = m;
  PetscCall(PetscFree(xs));
  PetscCall(PetscFree3(lo, hi, ctx.work));
  PetscFunctionReturn(0);
}

/* /fit/bi: the anchors, utopia point, the directions' angles, points (physical parameters), eq. 42 errors, constraint residuals
   and evaluations */
PetscErrorCode TriboFitWriteBIH5(TriboFit fit, TriboBI bi, PetscInt nbi, const PetscReal bx[], const PetscReal bf42[], TriboH5 h)
{
  TriboFitProblem p;
  PetscInt        d[2];
  PetscReal      *e;

  PetscFunctionBeginUser;
  PetscCall(TriboFitGetProblem(fit, &p));
  d[0] = nbi, d[1] = p.np;
  PetscCall(TriboH5WriteReal(h, "/fit/bi/parameters", 2, d, bx));
  d[1] = 2;
  PetscCall(TriboH5WriteReal(h, "/fit/bi/log_errors", 2, d, bf42));
  PetscCall(PetscMalloc1(2 * nbi + 1, &e));
  for (PetscInt i = 0; i < 2 * nbi; i++) e[i] = PetscSqrtReal(PetscPowReal(10.0, bf42[i]));
  PetscCall(TriboH5WriteReal(h, "/fit/bi/errors", 2, d, e));
  PetscCall(PetscFree(e));
  PetscCall(
      TriboH5WriteAttrString(h, "/fit/bi/parameters", "rows", "the anchor of the frequency error, that of the damping error, then the directions"));
  d[0] = 2;
  PetscCall(TriboH5WriteReal(h, "/fit/bi/utopia", 1, d, bi->U));
  d[0] = bi->ndir;
  PetscCall(TriboH5WriteReal(h, "/fit/bi/psi", 1, d, bi->psi));
  PetscCall(TriboH5WriteReal(h, "/fit/bi/constraint", 1, d, bi->c));
  PetscCall(PetscMalloc1(bi->ndir, &e));
  for (PetscInt k = 0; k < bi->ndir; k++) e[k] = bi->nev[k];
  PetscCall(TriboH5WriteReal(h, "/fit/bi/evaluations", 1, d, e));
  PetscCall(PetscFree(e));
  PetscFunctionReturn(0);
}
