/* NSGA-II: the elitist non-dominated sorting genetic algorithm (Deb, Pratap, Agarwal, Meyarivan 2002, IEEE TEVC 6(2)),
   the genetic algorithm of paper porter-et-al-2022 §3.5.2.
   Each generation: binary tournaments by (front, crowding distance), simulated binary crossover (SBX, bounded form of
   Deb and Agrawal 1995, index -nsga_eta_c, probability -nsga_pc) and polynomial mutation (index -nsga_eta_m,
   probability per variable -nsga_pm, default 1/nx) make npop children; parents and children together (2 npop) are
   sorted into non-dominated fronts (TriboParetoSort) and the next population is filled front by front, the last front
   by decreasing crowding distance, in objective space or in parameter space ("genotype", §3.5.2:
   -nsga_crowding parameter). Selection uses each objective plus the member's penalty (the residual penalty of
   §3.5.2); the non-dominated set reported is that of the raw objectives of the union of the last -nsga_union
   populations (50 in §3.5.2: "the results from the last 50 generations are combined").
   Reproducibility: the random numbers of generation g come from our own generator (xoshiro256**) seeded with
   (-nsga_seed, g), identical on every rank and platform; the children are evaluated in parallel (member i on rank
   i mod size) and their objectives summed over the ranks (one term nonzero), so the fronts do not depend on the
   number of ranks; a checkpoint written after every generation (-nsga_checkpoint, atomically renamed) lets a
   killed run resume (-nsga_resume) to the same result. */
#include <tribofit.h>
#include <tribo/private/objimpl.h>
#include <math.h>
#include <unistd.h>

const char *const TriboNSGA2Crowdings[] = {"objective", "parameter", "TriboNSGA2Crowding", "TRIBO_NSGA2_CROWDING_", NULL};

/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboNSGA2 {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm            comm;
  char                prefix[64];
  PetscInt            nx, nf, npop, ngen, nunion, seed, stopgen;
  PetscReal          *lo, *hi;
  TriboFitObjectiveFn fn;
  void               *ctx;
  PetscReal           etac, etam, pc, pm;
  TriboNSGA2Crowding  crowding;
  char                ckpt[PETSC_MAX_PATH_LEN];
  PetscBool           resume;
  PetscBool           quiet;       /* -nsga_quiet: no progress lines */
  PetscReal          *x, *f, *pen; /* population [npop x nx], raw objectives [npop x nf], penalties [npop] */
  PetscInt           *prank;       /* front of each member in the population */
  PetscReal          *pcrowd;      /* its crowding distance */
  PetscReal          *ux, *uf;     /* union of the last nunion populations (ring of nunion x npop) */
  PetscInt            nu, gen, nevals, nfailed;
  PetscInt            nfront;
  PetscReal          *fx, *ff; /* the non-dominated set of the union */
};

static unsigned long long SplitMix_Private(unsigned long long *s)
{
  unsigned long long z = (*s += 0x9E3779B97F4A7C15ULL);
  z                    = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z                    = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/*@
  TriboRandomSeed - seeds tribo's generator (xoshiro256** of Blackman and Vigna, state filled by splitmix64)

  Not collective
@*/
void TriboRandomSeed(TriboRandom *r, unsigned long long seed)
{
  unsigned long long s = seed;
  for (int i = 0; i < 4; i++) r->s[i] = SplitMix_Private(&s);
}

static inline unsigned long long Rotl_Private(unsigned long long x, int k)
{
  return (x << k) | (x >> (64 - k));
}

/*@
  TriboRandomUniform - the next number of tribo's generator, uniform in [0, 1) with 53 random bits

  Not collective
@*/
PetscReal TriboRandomUniform(TriboRandom *r)
{
  unsigned long long *s = r->s, res = Rotl_Private(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = Rotl_Private(s[3], 45);
  return (PetscReal)(res >> 11) * 0x1.0p-53;
}

/*@
  TriboNSGA2Create - an NSGA-II optimizer (population 100, 100 generations, seed 1, union of the last 50)

  Collective

  Input Parameter:
. comm - the ranks that share the evaluations of each generation

  Output Parameter:
. nsga - the optimizer
@*/
PetscErrorCode TriboNSGA2Create(MPI_Comm comm, TriboNSGA2 *nsga)
{
  TriboNSGA2 n;

  PetscFunctionBegin;
  PetscValidPointer(nsga, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(
      PetscHeaderCreate(n, TRIBO_NSGA2_CLASSID, "TriboNSGA2", "NSGA-II multi-objective genetic optimizer", "Fit", comm, TriboNSGA2Destroy, NULL));
  n->comm     = comm;
  n->npop     = 100;
  n->ngen     = 100;
  n->nunion   = 50;
  n->seed     = 1;
  n->stopgen  = -1;
  n->etac     = 20;
  n->etam     = 20;
  n->pc       = 0.9;
  n->pm       = -1;
  n->crowding = TRIBO_NSGA2_CROWDING_OBJECTIVE;
  *nsga       = n;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNSGA2SetOptionsPrefix(TriboNSGA2 nsga, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(nsga->prefix, prefix ? prefix : "", sizeof(nsga->prefix)));
  PetscFunctionReturn(0);
}

/*@
  TriboNSGA2SetProblem - the variables, their bounds and the objectives

  Logically collective

  Input Parameters:
+ nsga   - the optimizer
. nx, nf - variables and objectives
. lo, hi - bounds of the variables (lo < hi)
. fn     - the objectives of one x (TriboFitObjectiveFn)
- ctx    - its context
@*/
PetscErrorCode TriboNSGA2SetProblem(TriboNSGA2 nsga, PetscInt nx, PetscInt nf, const PetscReal lo[], const PetscReal hi[], TriboFitObjectiveFn fn,
                                    void *ctx)
{
  PetscFunctionBeginUser;
  PetscCheck(nx > 0 && nf > 0, nsga->comm, PETSC_ERR_ARG_OUTOFRANGE,
             "NSGA-II needs at least one variable and one objective, got %" PetscInt_FMT " and %" PetscInt_FMT, nx, nf);
  for (PetscInt i = 0; i < nx; i++)
    PetscCheck(lo[i] < hi[i], nsga->comm, PETSC_ERR_USER_INPUT,
               "NSGA-II: bounds of variable %" PetscInt_FMT " in the wrong order: lower %g, upper %g (expected lower < upper)", i, (double)lo[i],
               (double)hi[i]);
  PetscCall(PetscFree2(nsga->lo, nsga->hi));
  PetscCall(PetscMalloc2(nx, &nsga->lo, nx, &nsga->hi));
  PetscCall(PetscArraycpy(nsga->lo, lo, nx));
  PetscCall(PetscArraycpy(nsga->hi, hi, nx));
  nsga->nx  = nx;
  nsga->nf  = nf;
  nsga->fn  = fn;
  nsga->ctx = ctx;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNSGA2SetSizes(TriboNSGA2 nsga, PetscInt npop, PetscInt ngen)
{
  PetscFunctionBeginUser;
  if (npop > 0) nsga->npop = npop;
  if (ngen >= 0) nsga->ngen = ngen;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNSGA2SetSeed(TriboNSGA2 nsga, PetscInt seed)
{
  PetscFunctionBeginUser;
  nsga->seed = seed;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNSGA2SetUnion(TriboNSGA2 nsga, PetscInt nunion)
{
  PetscFunctionBeginUser;
  nsga->nunion = nunion;
  PetscFunctionReturn(0);
}

/*@
  TriboNSGA2SetCheckpoint - write the state after every generation to file (HDF5, renamed into place when
  complete), and with resume start from that file's generation if it exists

  Logically collective
@*/
PetscErrorCode TriboNSGA2SetCheckpoint(TriboNSGA2 nsga, const char file[], PetscBool resume)
{
  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(nsga->ckpt, file ? file : "", sizeof(nsga->ckpt)));
  nsga->resume = resume;
  PetscFunctionReturn(0);
}

/* Stop after generation g (as if the run were killed then; for the resume test) */
PetscErrorCode TriboNSGA2SetStopGeneration(TriboNSGA2 nsga, PetscInt g)
{
  PetscFunctionBeginUser;
  nsga->stopgen = g;
  PetscFunctionReturn(0);
}

/*@
  TriboNSGA2SetFromOptions - reads the optimizer's options

  Collective

  Options Database Keys:
+ -nsga_population <100>      - members of a generation (even)
. -nsga_generations <100>     - generations after the initial one
. -nsga_seed <1>              - seed of the random numbers
. -nsga_union <50>            - the non-dominated set is that of the union of the last populations
. -nsga_eta_c <20>, -nsga_eta_m <20> - distribution indices of SBX and polynomial mutation
. -nsga_pc <0.9>, -nsga_pm <1/nx> - crossover probability of a pair, mutation probability of a variable
. -nsga_crowding <objective>  - crowding distance in objective or parameter space
. -nsga_checkpoint <file>     - state after each generation
. -nsga_resume                - resume from the checkpoint if it exists
. -nsga_stop_generation <g>   - stop after generation g (the rest as if killed)
- -nsga_quiet                 - no progress lines (on stderr, after the first generation and every tenth of them, with the time left)
@*/
PetscErrorCode TriboNSGA2SetFromOptions(TriboNSGA2 nsga)
{
  PetscFunctionBeginUser;
  PetscCall(TriboOptionsUseNamespace(nsga->prefix, "nsga_"));
  TriboOptionsBegin(nsga->comm, nsga->prefix, "NSGA-II (porter-et-al-2022 §3.5.2)", "TriboNSGA2");
  PetscCall(TriboOptionsInt("-nsga_population", "members of a generation (even)", "TriboNSGA2SetSizes", nsga->npop, &nsga->npop, NULL));
  PetscCall(TriboOptionsInt("-nsga_generations", "generations after the initial population", "TriboNSGA2SetSizes", nsga->ngen, &nsga->ngen, NULL));
  PetscCall(TriboOptionsInt("-nsga_seed", "seed of tribo's random numbers", "TriboNSGA2SetSeed", nsga->seed, &nsga->seed, NULL));
  PetscCall(TriboOptionsInt("-nsga_union", "the non-dominated set of the union of the last N populations", "TriboNSGA2SetUnion", nsga->nunion,
                            &nsga->nunion, NULL));
  PetscCall(PetscOptionsReal("-nsga_eta_c", "distribution index of SBX crossover", "", nsga->etac, &nsga->etac, NULL));
  PetscCall(PetscOptionsReal("-nsga_eta_m", "distribution index of polynomial mutation", "", nsga->etam, &nsga->etam, NULL));
  PetscCall(PetscOptionsReal("-nsga_pc", "probability of crossover of a pair", "", nsga->pc, &nsga->pc, NULL));
  PetscCall(PetscOptionsReal("-nsga_pm", "probability of mutation of a variable (default 1/variables)", "", nsga->pm, &nsga->pm, NULL));
  PetscCall(PetscOptionsEnum("-nsga_crowding", "crowding distance in objective or parameter (genotype) space", "", TriboNSGA2Crowdings,
                             (PetscEnum)nsga->crowding, (PetscEnum *)&nsga->crowding, NULL));
  PetscCall(PetscOptionsString("-nsga_checkpoint", "checkpoint file written after every generation (HDF5)", "TriboNSGA2SetCheckpoint", nsga->ckpt,
                               nsga->ckpt, sizeof(nsga->ckpt), NULL));
  PetscCall(
      PetscOptionsBool("-nsga_resume", "resume from the checkpoint file if it exists", "TriboNSGA2SetCheckpoint", nsga->resume, &nsga->resume, NULL));
  PetscCall(
      PetscOptionsBool("-nsga_quiet", "no progress lines (generation, evaluations, time left)", "TriboNSGA2Solve", nsga->quiet, &nsga->quiet, NULL));
  PetscCall(
      TriboOptionsInt("-nsga_stop_generation", "stop after this generation (as if killed; for tests)", "", nsga->stopgen, &nsga->stopgen, NULL));
  TriboOptionsEnd();
  PetscCheck(nsga->npop >= 4 && nsga->npop % 2 == 0, nsga->comm, PETSC_ERR_USER_INPUT,
             "option -nsga_population: need an even number >= 4, got %" PetscInt_FMT, nsga->npop);
  PetscCheck(nsga->ngen >= 0, nsga->comm, PETSC_ERR_USER_INPUT, "option -nsga_generations: need >= 0, got %" PetscInt_FMT, nsga->ngen);
  PetscCheck(nsga->nunion >= 1, nsga->comm, PETSC_ERR_USER_INPUT, "option -nsga_union: need >= 1, got %" PetscInt_FMT, nsga->nunion);
  PetscCheck(nsga->etac >= 0 && nsga->etam >= 0, nsga->comm, PETSC_ERR_USER_INPUT, "options -nsga_eta_c, -nsga_eta_m: need >= 0");
  PetscCheck(nsga->pc >= 0 && nsga->pc <= 1, nsga->comm, PETSC_ERR_USER_INPUT, "option -nsga_pc: need a probability in [0, 1], got %g",
             (double)nsga->pc);
  PetscFunctionReturn(0);
}

/* Objectives of m members x: member i on rank i mod size, then summed over the ranks (exact: one nonzero term) */
static PetscErrorCode Evaluate_Private(TriboNSGA2 nsga, PetscInt m, const PetscReal x[], PetscReal f[], PetscReal pen[])
{
  PetscMPIInt rank, size;
  PetscInt    nf = nsga->nf, cnt[2] = {0, 0};

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(nsga->comm, &rank));
  PetscCallMPI(MPI_Comm_size(nsga->comm, &size));
  for (PetscInt i = 0; i < m * nf; i++) f[i] = 0;
  for (PetscInt i = 0; i < m; i++) pen[i] = 0;
  for (PetscInt i = rank; i < m; i += size) {
    PetscBool ok = PETSC_TRUE;
    PetscCall(nsga->fn(nsga->ctx, x + i * nsga->nx, f + i * nf, pen + i));
    for (PetscInt k = 0; k < nf; k++)
      if (!(f[i * nf + k] < PETSC_INFINITY)) f[i * nf + k] = PETSC_INFINITY, ok = PETSC_FALSE; // NaN, or infinite
    if (!PetscIsNormalReal(pen[i]) && pen[i] != 0) pen[i] = PETSC_INFINITY;
    cnt[0]++;
    if (!ok) cnt[1]++;
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, f, (PetscMPIInt)(m * nf), MPIU_REAL, MPIU_SUM, nsga->comm));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, pen, (PetscMPIInt)m, MPIU_REAL, MPIU_SUM, nsga->comm));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, cnt, 2, MPIU_INT, MPI_SUM, nsga->comm));
  nsga->nevals += cnt[0];
  nsga->nfailed += cnt[1];
  PetscFunctionReturn(0);
}

/* the selection objectives: raw + penalty */
static void Penalized_Private(PetscInt m, PetscInt nf, const PetscReal f[], const PetscReal pen[], PetscReal g[])
{
  for (PetscInt i = 0; i < m; i++)
    for (PetscInt k = 0; k < nf; k++) g[i * nf + k] = f[i * nf + k] + pen[i];
}

/* Crowding of the members sel[0..ns) of a set (columns: objectives g, or parameters x) */
static PetscErrorCode CrowdSet_Private(TriboNSGA2 nsga, PetscInt ns, const PetscInt sel[], const PetscReal g[], const PetscReal x[], PetscReal d[])
{
  PetscInt   nv = nsga->crowding == TRIBO_NSGA2_CROWDING_PARAMETER ? nsga->nx : nsga->nf;
  PetscReal *v;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(ns * nv, &v));
  for (PetscInt i = 0; i < ns; i++)
    for (PetscInt k = 0; k < nv; k++)
      v[i * nv + k] = nsga->crowding == TRIBO_NSGA2_CROWDING_PARAMETER ? x[sel[i] * nsga->nx + k] : g[sel[i] * nsga->nf + k];
  PetscCall(TriboParetoCrowding(ns, nv, v, NULL, d));
  PetscCall(PetscFree(v));
  PetscFunctionReturn(0);
}

/* Fronts and crowding distances of the m members (x, g); crowd per front */
static PetscErrorCode RankAndCrowd_Private(TriboNSGA2 nsga, PetscInt m, const PetscReal x[], const PetscReal g[], PetscInt rank[], PetscReal crowd[])
{
  PetscInt   nfront, *sel;
  PetscReal *d;

  PetscFunctionBeginUser;
  PetscCall(TriboParetoSort(m, nsga->nf, g, rank, &nfront));
  PetscCall(PetscMalloc2(m, &sel, m, &d));
  for (PetscInt r = 0; r < nfront; r++) {
    PetscInt ns = 0;
    for (PetscInt i = 0; i < m; i++)
      if (rank[i] == r) sel[ns++] = i;
    PetscCall(CrowdSet_Private(nsga, ns, sel, g, x, d));
    for (PetscInt i = 0; i < ns; i++) crowd[sel[i]] = d[i];
  }
  PetscCall(PetscFree2(sel, d));
  PetscFunctionReturn(0);
}

/* the winner of a binary tournament (crowded comparison, Deb 2002 §III-C) */
static PetscInt Tournament_Private(TriboNSGA2 nsga, TriboRandom *r)
{
  PetscInt a = (PetscInt)(TriboRandomUniform(r) * nsga->npop), b = (PetscInt)(TriboRandomUniform(r) * nsga->npop);
  if (nsga->prank[a] != nsga->prank[b]) return nsga->prank[a] < nsga->prank[b] ? a : b;
  if (nsga->pcrowd[a] != nsga->pcrowd[b]) return nsga->pcrowd[a] > nsga->pcrowd[b] ? a : b;
  return PetscMin(a, b);
}

/* Bounded SBX of two parents into two children (Deb and Agrawal 1995, the form of Deb's NSGA-II code) */
static void Crossover_Private(TriboNSGA2 nsga, TriboRandom *r, const PetscReal p1[], const PetscReal p2[], PetscReal c1[], PetscReal c2[])
{
  PetscReal eta = nsga->etac;

  for (PetscInt i = 0; i < nsga->nx; i++) c1[i] = p1[i], c2[i] = p2[i];
  if (TriboRandomUniform(r) > nsga->pc) return;
  for (PetscInt i = 0; i < nsga->nx; i++) {
    PetscReal y1, y2, yl = nsga->lo[i], yu = nsga->hi[i], u, beta, alpha, betaq, a1, a2;
    if (TriboRandomUniform(r) > 0.5 || PetscAbsReal(p1[i] - p2[i]) <= 1e-14) continue;
    y1 = PetscMin(p1[i], p2[i]), y2 = PetscMax(p1[i], p2[i]);
    u     = TriboRandomUniform(r);
    beta  = 1 + 2 * (y1 - yl) / (y2 - y1);
    alpha = 2 - PetscPowReal(beta, -(eta + 1));
    betaq = u <= 1 / alpha ? PetscPowReal(u * alpha, 1 / (eta + 1)) : PetscPowReal(1 / (2 - u * alpha), 1 / (eta + 1));
    a1    = 0.5 * ((y1 + y2) - betaq * (y2 - y1));
    beta  = 1 + 2 * (yu - y2) / (y2 - y1);
    alpha = 2 - PetscPowReal(beta, -(eta + 1));
    betaq = u <= 1 / alpha ? PetscPowReal(u * alpha, 1 / (eta + 1)) : PetscPowReal(1 / (2 - u * alpha), 1 / (eta + 1));
    a2    = 0.5 * ((y1 + y2) + betaq * (y2 - y1));
    a1 = PetscMin(PetscMax(a1, yl), yu), a2 = PetscMin(PetscMax(a2, yl), yu);
    if (TriboRandomUniform(r) <= 0.5)
      c1[i] = a2, c2[i] = a1;
    else
      c1[i] = a1, c2[i] = a2;
  }
}

/* Bounded polynomial mutation (Deb and Goyal 1996, the form of Deb's NSGA-II code) */
static void Mutate_Private(TriboNSGA2 nsga, TriboRandom *r, PetscReal x[])
{
  PetscReal eta = nsga->etam, pm = nsga->pm > 0 ? nsga->pm : 1.0 / nsga->nx;

  for (PetscInt i = 0; i < nsga->nx; i++) {
    PetscReal yl = nsga->lo[i], yu = nsga->hi[i], y = x[i], d1, d2, u, xy, val, dq, mp = 1 / (eta + 1);
    if (TriboRandomUniform(r) > pm) continue;
    d1 = (y - yl) / (yu - yl), d2 = (yu - y) / (yu - yl);
    u = TriboRandomUniform(r);
    if (u <= 0.5) {
      xy  = 1 - d1;
      val = 2 * u + (1 - 2 * u) * PetscPowReal(xy, eta + 1);
      dq  = PetscPowReal(val, mp) - 1;
    } else {
      xy  = 1 - d2;
      val = 2 * (1 - u) + 2 * (u - 0.5) * PetscPowReal(xy, eta + 1);
      dq  = 1 - PetscPowReal(val, mp);
    }
    x[i] = PetscMin(PetscMax(y + dq * (yu - yl), yl), yu);
  }
}

/* the population of this generation joins the union ring */
static void UnionPush_Private(TriboNSGA2 nsga)
{
  PetscInt slot = nsga->gen % nsga->nunion, np = nsga->npop;

  for (PetscInt i = 0; i < np * nsga->nx; i++) nsga->ux[slot * np * nsga->nx + i] = nsga->x[i];
  for (PetscInt i = 0; i < np * nsga->nf; i++) nsga->uf[slot * np * nsga->nf + i] = nsga->f[i];
  nsga->nu = PetscMin(nsga->nu + 1, nsga->nunion);
}

static PetscErrorCode Checkpoint_Private(TriboNSGA2 nsga)
{
  TriboH5  h;
  PetscInt st[7] = {nsga->gen, nsga->nu, nsga->nevals, nsga->nfailed, nsga->npop, nsga->nx, nsga->nf}, d7 = 7, dx[2] = {nsga->npop, nsga->nx},
           df[2] = {nsga->npop, nsga->nf}, dux[2] = {nsga->nunion * nsga->npop, nsga->nx}, duf[2] = {nsga->nunion * nsga->npop, nsga->nf},
           seed = nsga->seed, d1 = 1;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(nsga->comm, nsga->ckpt, &h));
  PetscCall(TriboH5WriteInt(h, "/nsga2/state", 1, &d7, st));
  PetscCall(TriboH5WriteInt(h, "/nsga2/seed", 1, &d1, &seed));
  PetscCall(TriboH5WriteReal(h, "/nsga2/x", 2, dx, nsga->x));
  PetscCall(TriboH5WriteReal(h, "/nsga2/f", 2, df, nsga->f));
  PetscCall(TriboH5WriteReal(h, "/nsga2/penalty", 1, dx, nsga->pen));
  PetscCall(TriboH5WriteReal(h, "/nsga2/union_x", 2, dux, nsga->ux));
  PetscCall(TriboH5WriteReal(h, "/nsga2/union_f", 2, duf, nsga->uf));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/* Read the checkpoint into the optimizer; *found: the file existed */
static PetscErrorCode Restore_Private(TriboNSGA2 nsga, PetscBool *found)
{
  TriboH5     h;
  PetscInt    nd, dims[3], *st, *seed;
  PetscReal  *v;
  const char *names[5] = {"/nsga2/x", "/nsga2/f", "/nsga2/penalty", "/nsga2/union_x", "/nsga2/union_f"};
  PetscReal  *dst[5]   = {nsga->x, nsga->f, nsga->pen, nsga->ux, nsga->uf};
  PetscInt    cnt[5]   = {nsga->npop * nsga->nx, nsga->npop * nsga->nf, nsga->npop, nsga->nunion * nsga->npop * nsga->nx,
                          nsga->nunion * nsga->npop * nsga->nf};

  PetscFunctionBeginUser;
  *found = (PetscBool)(access(nsga->ckpt, R_OK) == 0);
  if (!*found) PetscFunctionReturn(0);
  PetscCall(TriboH5Open(nsga->comm, nsga->ckpt, &h));
  PetscCall(TriboH5ReadInt(h, "/nsga2/state", &nd, dims, &st));
  PetscCall(TriboH5ReadInt(h, "/nsga2/seed", &nd, dims, &seed));
  PetscCheck(st[4] == nsga->npop && st[5] == nsga->nx && st[6] == nsga->nf && seed[0] == nsga->seed, nsga->comm, PETSC_ERR_USER_INPUT,
             "checkpoint %s (option -nsga_resume) is of another run: population %" PetscInt_FMT ", variables %" PetscInt_FMT
             ", objectives %" PetscInt_FMT ", seed %" PetscInt_FMT "; this run has %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT
             ", %" PetscInt_FMT,
             nsga->ckpt, st[4], st[5], st[6], seed[0], nsga->npop, nsga->nx, nsga->nf, nsga->seed);
  nsga->gen     = st[0];
  nsga->nu      = st[1];
  nsga->nevals  = st[2];
  nsga->nfailed = st[3];
  for (PetscInt k = 0; k < 5; k++) {
    PetscInt c = 1;
    PetscCall(TriboH5ReadReal(h, names[k], &nd, dims, &v));
    for (PetscInt d = 0; d < nd; d++) c *= dims[d];
    PetscCheck(c == cnt[k], nsga->comm, PETSC_ERR_FILE_UNEXPECTED,
               "checkpoint %s: dataset %s has %" PetscInt_FMT " values, expected %" PetscInt_FMT " (another -nsga_union?)", nsga->ckpt, names[k], c,
               cnt[k]);
    PetscCall(PetscArraycpy(dst[k], v, c));
    PetscCall(PetscFree(v));
  }
  PetscCall(PetscFree(st));
  PetscCall(PetscFree(seed));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscFunctionReturn(0);
}

/* The non-dominated set of the union's raw objectives */
static PetscErrorCode UnionFront_Private(TriboNSGA2 nsga)
{
  PetscInt m = nsga->nu * nsga->npop, *idx;

  PetscFunctionBeginUser;
  PetscCall(PetscFree2(nsga->fx, nsga->ff));
  PetscCall(PetscMalloc1(m, &idx));
  PetscCall(TriboParetoNonDominated(m, nsga->nf, nsga->uf, &nsga->nfront, idx));
  PetscCall(PetscMalloc2(nsga->nfront * nsga->nx, &nsga->fx, nsga->nfront * nsga->nf, &nsga->ff));
  for (PetscInt i = 0; i < nsga->nfront; i++) {
    for (PetscInt k = 0; k < nsga->nx; k++) nsga->fx[i * nsga->nx + k] = nsga->ux[idx[i] * nsga->nx + k];
    for (PetscInt k = 0; k < nsga->nf; k++) nsga->ff[i * nsga->nf + k] = nsga->uf[idx[i] * nsga->nf + k];
  }
  PetscCall(PetscFree(idx));
  PetscFunctionReturn(0);
}

/*@
  TriboNSGA2Solve - runs the optimization: the initial population (generation 0), then -nsga_generations generations

  Collective

  Input Parameter:
. nsga - the optimizer, with its problem set
@*/
PetscErrorCode TriboNSGA2Solve(TriboNSGA2 nsga)
{
  PetscInt   np = nsga->npop, nx = nsga->nx, nf = nsga->nf, m = 2 * np, *rank, *order;
  PetscReal *cx, *cf, *cp, *g, *crowd, *d, t0;
  PetscInt   g0;
  PetscBool  found = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCheck(nsga->fn, nsga->comm, PETSC_ERR_ORDER, "TriboNSGA2SetProblem() first");
  PetscCall(PetscFree3(nsga->x, nsga->f, nsga->pen));
  PetscCall(PetscFree2(nsga->prank, nsga->pcrowd));
  PetscCall(PetscFree2(nsga->ux, nsga->uf));
  PetscCall(PetscMalloc3(np * nx, &nsga->x, np * nf, &nsga->f, np, &nsga->pen));
  PetscCall(PetscMalloc2(np, &nsga->prank, np, &nsga->pcrowd));
  PetscCall(PetscMalloc2(nsga->nunion * np * nx, &nsga->ux, nsga->nunion * np * nf, &nsga->uf));
  PetscCall(PetscMalloc5(m * nx, &cx, m * nf, &cf, m, &cp, m * nf, &g, m, &crowd));
  PetscCall(PetscMalloc3(m, &rank, m, &order, m, &d));
  nsga->gen = nsga->nu = nsga->nevals = nsga->nfailed = 0;
  if (nsga->resume && nsga->ckpt[0]) PetscCall(Restore_Private(nsga, &found));
  if (!found) {
    TriboRandom r;
    TriboRandomSeed(&r, (unsigned long long)nsga->seed * 1000003ULL);
    for (PetscInt i = 0; i < np; i++)
      for (PetscInt k = 0; k < nx; k++) nsga->x[i * nx + k] = nsga->lo[k] + TriboRandomUniform(&r) * (nsga->hi[k] - nsga->lo[k]);
    PetscCall(Evaluate_Private(nsga, np, nsga->x, nsga->f, nsga->pen));
    UnionPush_Private(nsga);
    if (nsga->ckpt[0]) PetscCall(Checkpoint_Private(nsga));
  }
  t0 = MPI_Wtime(), g0 = nsga->gen;
  while (nsga->gen < nsga->ngen && (nsga->stopgen < 0 || nsga->gen < nsga->stopgen)) {
    TriboRandom r;
    PetscInt    nsel = 0, nfront;
    TriboRandomSeed(&r, (unsigned long long)nsga->seed * 1000003ULL + (unsigned long long)(nsga->gen + 1));
    Penalized_Private(np, nf, nsga->f, nsga->pen, g);
    PetscCall(RankAndCrowd_Private(nsga, np, nsga->x, g, nsga->prank, nsga->pcrowd));
    // children: cx rows np..2np-1; parents copied to rows 0..np-1
    PetscCall(PetscArraycpy(cx, nsga->x, np * nx));
    PetscCall(PetscArraycpy(cf, nsga->f, np * nf));
    PetscCall(PetscArraycpy(cp, nsga->pen, np));
    for (PetscInt i = 0; i < np; i += 2) {
      PetscInt a = Tournament_Private(nsga, &r), b = Tournament_Private(nsga, &r);
      Crossover_Private(nsga, &r, nsga->x + a * nx, nsga->x + b * nx, cx + (np + i) * nx, cx + (np + i + 1) * nx);
      Mutate_Private(nsga, &r, cx + (np + i) * nx);
      Mutate_Private(nsga, &r, cx + (np + i + 1) * nx);
    }
    PetscCall(Evaluate_Private(nsga, np, cx + np * nx, cf + np * nf, cp + np));
    Penalized_Private(m, nf, cf, cp, g);
    PetscCall(TriboParetoSort(m, nf, g, rank, &nfront));
    for (PetscInt fr = 0; fr < nfront && nsel < np; fr++) {
      PetscInt ns = 0, *sel = order + nsel;
      for (PetscInt i = 0; i < m; i++)
        if (rank[i] == fr) sel[ns++] = i;
      if (nsel + ns > np) { // the last front: by decreasing crowding distance, ties by index
        PetscCall(CrowdSet_Private(nsga, ns, sel, g, cx, d));
        for (PetscInt a = 1; a < ns; a++) { // insertion sort, stable
          PetscInt  s = sel[a];
          PetscReal v = d[a];
          PetscInt  b = a - 1;
          while (b >= 0 && d[b] < v) sel[b + 1] = sel[b], d[b + 1] = d[b], b--;
          sel[b + 1] = s, d[b + 1] = v;
        }
        ns = np - nsel;
      }
      nsel += ns;
    }
    for (PetscInt i = 0; i < np; i++) {
      PetscInt s = order[i];
      for (PetscInt k = 0; k < nx; k++) nsga->x[i * nx + k] = cx[s * nx + k];
      for (PetscInt k = 0; k < nf; k++) nsga->f[i * nf + k] = cf[s * nf + k];
      nsga->pen[i] = cp[s];
    }
    nsga->gen++;
    UnionPush_Private(nsga);
    if (nsga->ckpt[0]) PetscCall(Checkpoint_Private(nsga));
    if (!nsga->quiet && (nsga->gen == g0 + 1 || nsga->gen % PetscMax(1, nsga->ngen / 10) == 0 || nsga->gen == nsga->ngen)) {
      // every generation evaluates npop members: the time per generation of this run so far, times the generations left
      PetscReal el = MPI_Wtime() - t0, left = el / (nsga->gen - g0) * (nsga->ngen - nsga->gen);
      PetscCall(PetscFPrintf(nsga->comm, PETSC_STDERR,
                             "NSGA-II: generation %" PetscInt_FMT " of %" PetscInt_FMT ", %" PetscInt_FMT " evaluations, %.1f s  (left ~%.1f s)\n",
                             nsga->gen, nsga->ngen, nsga->nevals, (double)el, (double)left));
    }
  }
  PetscCall(UnionFront_Private(nsga));
  PetscCall(PetscFree5(cx, cf, cp, g, crowd));
  PetscCall(PetscFree3(rank, order, d));
  PetscFunctionReturn(0);
}

/*@
  TriboNSGA2GetFront - the non-dominated set of the union of the last populations (raw objectives, no penalty)

  Not collective (the same on every rank)

  Output Parameters:
+ n - members
. x - their variables, n x nx
- f - their objectives, n x nf
@*/
PetscErrorCode TriboNSGA2GetFront(TriboNSGA2 nsga, PetscInt *n, const PetscReal *x[], const PetscReal *f[])
{
  PetscFunctionBeginUser;
  if (n) *n = nsga->nfront;
  if (x) *x = nsga->fx;
  if (f) *f = nsga->ff;
  PetscFunctionReturn(0);
}

/* The last population */
PetscErrorCode TriboNSGA2GetPopulation(TriboNSGA2 nsga, PetscInt *n, const PetscReal *x[], const PetscReal *f[])
{
  PetscFunctionBeginUser;
  if (n) *n = nsga->npop;
  if (x) *x = nsga->x;
  if (f) *f = nsga->f;
  PetscFunctionReturn(0);
}

/* Evaluations (all ranks together) and failed ones (non-finite objectives) */
PetscErrorCode TriboNSGA2GetEvaluations(TriboNSGA2 nsga, PetscInt *nevals, PetscInt *nfailed)
{
  PetscFunctionBeginUser;
  if (nevals) *nevals = nsga->nevals;
  if (nfailed) *nfailed = nsga->nfailed;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNSGA2View(TriboNSGA2 nsga, PetscViewer v)
{
  PetscFunctionBeginUser;
  PetscCall(
      PetscViewerASCIIPrintf(v,
                             "NSGA-II: population %" PetscInt_FMT ", generations %" PetscInt_FMT " (done %" PetscInt_FMT "), seed %" PetscInt_FMT
                             ", SBX eta %g pc %g, mutation eta %g pm %g, crowding in %s space, union of the last %" PetscInt_FMT " populations\n",
                             nsga->npop, nsga->ngen, nsga->gen, nsga->seed, (double)nsga->etac, (double)nsga->pc, (double)nsga->etam,
                             (double)(nsga->pm > 0 ? nsga->pm : 1.0 / PetscMax(nsga->nx, 1)), TriboNSGA2Crowdings[nsga->crowding], nsga->nunion));
  PetscCall(PetscViewerASCIIPrintf(
      v, "  evaluations %" PetscInt_FMT " (%" PetscInt_FMT " failed); non-dominated set of the union: %" PetscInt_FMT " members\n", nsga->nevals,
      nsga->nfailed, nsga->nfront));
  PetscFunctionReturn(0);
}

/* group/front_x, front_f, population_x, population_f and the sizes as attributes */
PetscErrorCode TriboNSGA2WriteH5(TriboNSGA2 nsga, TriboH5 h, const char group[])
{
  char     p[256];
  PetscInt d[2];

  PetscFunctionBeginUser;
  d[0] = nsga->nfront, d[1] = nsga->nx;
  PetscCall(PetscSNPrintf(p, sizeof(p), "%s/front_x", group));
  PetscCall(TriboH5WriteReal(h, p, 2, d, nsga->fx));
  d[1] = nsga->nf;
  PetscCall(PetscSNPrintf(p, sizeof(p), "%s/front_f", group));
  PetscCall(TriboH5WriteReal(h, p, 2, d, nsga->ff));
  d[0] = nsga->npop, d[1] = nsga->nx;
  PetscCall(PetscSNPrintf(p, sizeof(p), "%s/population_x", group));
  PetscCall(TriboH5WriteReal(h, p, 2, d, nsga->x));
  d[1] = nsga->nf;
  PetscCall(PetscSNPrintf(p, sizeof(p), "%s/population_f", group));
  PetscCall(TriboH5WriteReal(h, p, 2, d, nsga->f));
  PetscCall(TriboH5WriteAttrInt(h, group, "population", nsga->npop));
  PetscCall(TriboH5WriteAttrInt(h, group, "generations", nsga->gen));
  PetscCall(TriboH5WriteAttrInt(h, group, "seed", nsga->seed));
  PetscCall(TriboH5WriteAttrInt(h, group, "union", nsga->nunion));
  PetscCall(TriboH5WriteAttrInt(h, group, "evaluations", nsga->nevals));
  PetscCall(TriboH5WriteAttrInt(h, group, "failed", nsga->nfailed));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNSGA2Destroy(TriboNSGA2 *nsga)
{
  TriboNSGA2 n = *nsga;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(nsga, TRIBO_NSGA2_CLASSID);
  PetscCall(PetscFree2(n->lo, n->hi));
  PetscCall(PetscFree3(n->x, n->f, n->pen));
  PetscCall(PetscFree2(n->prank, n->pcrowd));
  PetscCall(PetscFree2(n->ux, n->uf));
  PetscCall(PetscFree2(n->fx, n->ff));
  PetscCall(PetscHeaderDestroy(nsga));
  PetscFunctionReturn(0);
}
