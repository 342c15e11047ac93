/* Transient response by implicit time integration (include/tribotransient.h).

   Equation of motion (porter-et-al-2022 eq. 31 with damping and a time-dependent load):
     M a + C v + K x + f_nl(x, v, h) = f(t),   f(t) = f_s + g(t) f_x.
   Step t -> t + h (Newmark 1959; HHT: Hilber, Hughes & Taylor 1977, alpha in [-1/3, 0], alpha = 0 is Newmark):
     x1 = x + h v + h^2 ((1/2 - beta) a + beta a1),   v1 = v + h ((1 - gamma) a + gamma a1),
     M a1 + (1 + alpha)(C v1 + K x1 + f_nl(x1, v1)) - alpha (C v + K x + f_nl) = (1 + alpha) f(t + h) - alpha f(t),
   solved for x1 by Newton with the Jacobian M / (beta h^2) + (1 + alpha)(K + df/dx + (C + df/dv) gamma / (beta h)),
   the law tangents from TriboJointEvaluateV(). HHT takes gamma = (1 - 2 alpha)/2, beta = (1 - alpha)^2/4.
   A step whose Newton fails is cut in halves (at most -transient_max_cuts times) and the halves grow back once aligned;
   the joint's history is committed after every converged (sub)step.

   Energy (trapezoidal sums over the steps; with gamma = 1/2, beta = 1/4, alpha = 0, the mean of the equations at t and
   t + h dotted with dx = x1 - x gives exactly dKE + dSE + dx.C(v + v1)/2 + dx.(f_nl + f_nl1)/2 = dx.(f + f1)/2, for any
   law): kinetic 1/2 v.Mv, strain 1/2 x.Kx, external work, damping dissipation, work on the joint, and their balance. */
#include <tribo/private/nmaimpl.h>
#include <tribo/private/objimpl.h>
#include <tribotransient.h>
#include <petscblaslapack.h>
#include <petsctime.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *const TriboTransientSchemes[] = {"newmark", "hht", "TriboTransientScheme", "TRIBO_TRANSIENT_", NULL};
const char *const TriboTransientReasons[] = {"diverged", "iterating", "completed"};

typedef enum { LOAD_NONE, LOAD_SIN, LOAD_COS, LOAD_STEP, LOAD_RAMP, LOAD_PULSE } LoadKind;

struct _p_TriboTransient {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm             comm;
  char                *prefix;
  TriboJoint           joint;
  TriboROM             rom;
  TriboModal           modal;
  PetscInt             n, nh, nrec;
  PetscReal           *us, *fs, *hs; /* prestress: displacement, static load, committed history */
  TriboTransientScheme scheme;
  PetscReal            alpha, gamma, beta, dt, T;
  char                 force[256];
  LoadKind             lk;
  PetscReal            lp[2]; /* amplitude, frequency (Hz) or time (s) */
  PetscInt             dof, rrow, mode, every, maxit, maxcuts, npl, *pl;
  PetscReal            ray[2], qmode, rtol;
  PetscBool            ray_set, plset, verbose, setupcalled;
  PetscReal           *x0, *v0; /* offsets of the initial state from the prestress (zero by default) */
  PetscReal           *M, *K, *C, *fx;
  PetscReal           *J, *Jv, *r, *X, *V, *A, *F, *xp, *vp, *w; /* Newton work */
  PetscBLASInt        *ipiv;
  PetscReal           *x, *v, *a, *fnl, fe_t, t; /* state at t: fe_t = g(t) */
  PetscReal            E[3], e0;                 /* external, damping, joint; kinetic + strain at t = 0 */
  /* results */
  PetscInt             nsteps, nout, cap, its, cuts, steps, itrec;
  PetscReal           *tout, *xout, *vout, *gout, *pu, *pt;
  PetscInt            *itout;
  TriboTransientEnergy e;
  TriboTransientReason reason;
  PetscLogDouble       seconds;
  /* checkpoints (issue 34, item 4): -transient_checkpoint F.h5 every ckevery steps, -transient_restart, -transient_stop_after */
  char      ckpt[PETSC_MAX_PATH_LEN];
  PetscInt  ckevery, stopafter;
  PetscBool restart;
};

/* "sin(A,f)", "cos(A,f)", "step(A[,t0])", "ramp(A,t1)", "pulse(A,t1)" or "none" */
static PetscErrorCode ParseLoad_Private(TriboTransient tr, const char s[])
{
  const char *pre = tr->prefix ? tr->prefix : "", *p = s, *names[] = {"none", "sin", "cos", "step", "ramp", "pulse"};
  const char *usage = "expected sin(A,f), cos(A,f) (amplitude A in N, frequency f in Hz), step(A) or step(A,t0), ramp(A,t1), pulse(A,t1) "
                      "(half sine of duration t1 s) or none";
  char        name[16];
  PetscInt    k = 0, kind = -1, np = 0, need[] = {0, 2, 2, 1, 2, 2};
  PetscReal   v[3] = {0, 0, 0};

  PetscFunctionBeginUser;
  while (isspace((unsigned char)*p)) p++;
  while (isalpha((unsigned char)*p) && k < 15) name[k++] = (char)tolower((unsigned char)*p++);
  name[k] = 0;
  for (PetscInt i = 0; i < 6; i++)
    if (!strcmp(name, names[i])) kind = i;
  PetscCheck(kind >= 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": unknown load function \"%s\"; %s", pre, s, name, usage);
  while (isspace((unsigned char)*p)) p++;
  if (kind > 0) {
    PetscCheck(*p == '(', tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": expected '(' after %s; %s", pre, s, name, usage);
    p++;
    for (;;) {
      char *end;
      PetscCheck(np < 3, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": too many numbers; %s", pre, s, usage);
      v[np] = strtod(p, &end);
      PetscCheck(end != p, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": expected a number at \"%s\"; %s", pre, s, p, usage);
      np++;
      p = end;
      while (isspace((unsigned char)*p)) p++;
      if (*p == ',') {
        p++;
        continue;
      }
      PetscCheck(*p == ')', tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": expected ',' or ')' at \"%s\"; %s", pre, s, p, usage);
      p++;
      break;
    }
    while (isspace((unsigned char)*p)) p++;
  }
  PetscCheck(!*p, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": unexpected \"%s\" at the end; %s", pre, s, p, usage);
  PetscCheck(np == need[kind] || (kind == LOAD_STEP && np == 2), tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_force \"%s\": %s takes %" PetscInt_FMT " number%s, got %" PetscInt_FMT "; %s", pre, s, name, need[kind],
             need[kind] == 1 ? "" : "s", np, usage);
  PetscCheck(kind != LOAD_SIN && kind != LOAD_COS ? PETSC_TRUE : v[1] > 0, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_force \"%s\": the frequency must be > 0 Hz, got %g", pre, s, (double)v[1]);
  PetscCheck(kind != LOAD_RAMP && kind != LOAD_PULSE ? PETSC_TRUE : v[1] > 0, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_force \"%s\": the duration t1 must be > 0 s, got %g", pre, s, (double)v[1]);
  PetscCheck(kind != LOAD_STEP || v[1] >= 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_force \"%s\": the start time t0 must be >= 0 s, got %g",
             pre, s, (double)v[1]);
  tr->lk    = (LoadKind)kind;
  tr->lp[0] = v[0], tr->lp[1] = v[1];
  PetscCall(PetscStrncpy(tr->force, s, sizeof(tr->force)));
  PetscFunctionReturn(0);
}

/*@
  TriboTransientLoadValue - The load function g(t) of -transient_force at time t.

  Not collective

  Notes:
  sin(A,f): A sin(2 pi f t); cos(A,f): A cos(2 pi f t); step(A,t0): A for t >= t0 (t0 = 0 when omitted); ramp(A,t1):
  A min(t/t1, 1); pulse(A,t1): A sin(pi t/t1) for t < t1, then 0; none: 0.
@*/
PetscErrorCode TriboTransientLoadValue(TriboTransient tr, PetscReal t, PetscReal *g)
{
  PetscReal A = tr->lp[0], b = tr->lp[1];

  PetscFunctionBeginUser;
  switch (tr->lk) {
  case LOAD_SIN:
    *g = A * PetscSinReal(2 * PETSC_PI * b * t);
    break;
  case LOAD_COS:
    *g = A * PetscCosReal(2 * PETSC_PI * b * t);
    break;
  case LOAD_STEP:
    *g = t >= b ? A : 0;
    break;
  case LOAD_RAMP:
    *g = A * PetscMin(t / b, 1);
    break;
  case LOAD_PULSE:
    *g = t < b ? A * PetscSinReal(PETSC_PI * t / b) : 0;
    break;
  default:
    *g = 0;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboTransientCreate - Creates a transient analysis (implicit time integration with the joint's laws).

  Collective

  Output Parameter:
. tr - the analysis; then TriboTransientSetJoint(), [TriboTransientSetPrestress()], TriboTransientSetFromOptions(),
       TriboTransientSetUp(), TriboTransientSolve(), TriboTransientView(), TriboTransientWriteH5(), TriboTransientDestroy()

  Notes:
  Defaults: Newmark with gamma = 1/2, beta = 1/4; no time step or end time (both required); no load; every step
  stored; Newton tolerance 1e-10 relative to the largest force term, at most 25 iterations, at most 10 step cuts.
@*/
PetscErrorCode TriboTransientCreate(MPI_Comm comm, TriboTransient *tr)
{
  TriboTransient t;

  PetscFunctionBegin;
  PetscValidPointer(tr, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboOptionsRegisterNamespace("transient_"));
  PetscCall(PetscHeaderCreate(t, TRIBO_TRANSIENT_CLASSID, "TriboTransient", "Time integration of a ROM with joints", "Transient", comm,
                              TriboTransientDestroy, NULL));
  t->comm    = comm;
  t->scheme  = TRIBO_TRANSIENT_NEWMARK;
  t->gamma   = 0.5;
  t->beta    = 0.25;
  t->dt      = -1;
  t->T       = -1;
  t->dof     = -1;
  t->rrow    = -1;
  t->every   = 1;
  t->maxit   = 25;
  t->maxcuts = 10;
  t->rtol    = 1e-10;
  t->verbose = PETSC_TRUE;
  t->ckevery = 1000;
  PetscCall(PetscStrncpy(t->force, "none", sizeof(t->force)));
  *tr = t;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetOptionsPrefix - Prefix of the options: -[prefix]transient_dt, ...

  Not collective
@*/
PetscErrorCode TriboTransientSetOptionsPrefix(TriboTransient tr, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(tr->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &tr->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetJoint - The joint (its ROM and laws) whose response is integrated.

  Collective

  Notes:
  The start is x = 0 with the joint's committed history at this call, unless TriboTransientSetPrestress() follows.
@*/
PetscErrorCode TriboTransientSetJoint(TriboTransient tr, TriboJoint joint)
{
  PetscFunctionBeginUser;
  tr->joint = joint;
  PetscCall(TriboJointGetROM(joint, &tr->rom));
  tr->n    = tr->rom->n;
  tr->nrec = tr->rom->nrec;
  PetscCall(TriboJointGetHistorySize(joint, &tr->nh));
  PetscCall(PetscFree3(tr->us, tr->fs, tr->hs));
  PetscCall(PetscCalloc3(tr->n, &tr->us, tr->n, &tr->fs, tr->nh + 1, &tr->hs));
  PetscCall(TriboJointCopyHistory(joint, tr->hs, PETSC_TRUE));
  PetscCall(PetscFree2(tr->x0, tr->v0));
  PetscCall(PetscCalloc2(tr->n, &tr->x0, tr->n, &tr->v0));
  tr->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetPrestress - Start from the prestressed state u_s with its history, the static load f_s held on.

  Collective

  Notes:
  Call after TriboPrestressSolve() and TriboTransientSetJoint() with the same joint.
@*/
PetscErrorCode TriboTransientSetPrestress(TriboTransient tr, TriboPrestress ps)
{
  const PetscReal *us, *fs;

  PetscFunctionBeginUser;
  PetscCheck(tr->joint, tr->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboTransientSetJoint()) before the prestress");
  PetscCall(TriboPrestressGetSolution(ps, &us, &fs));
  PetscCall(PetscArraycpy(tr->us, us, tr->n));
  PetscCall(PetscArraycpy(tr->fs, fs, tr->n));
  PetscCall(TriboJointCopyHistory(tr->joint, tr->hs, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetModal - The linear modes about the prestress, for an initial modal amplitude (-transient_mode).

  Not collective

  Notes:
  The modes are read in TriboTransientSolve(): solve them before. TriboTransientNeedsModal() says whether they are used.
@*/
PetscErrorCode TriboTransientSetModal(TriboTransient tr, TriboModal modal)
{
  PetscFunctionBegin;
  if (modal) PetscCall(PetscObjectReference((PetscObject)modal)); // kept: released by TriboTransientDestroy() or a later set
  PetscCall(TriboModalDestroy(&tr->modal));
  tr->modal = modal;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientNeedsModal - Whether the options ask for an initial modal amplitude (so that the modes must be solved).

  Not collective
@*/
PetscErrorCode TriboTransientNeedsModal(TriboTransient tr, PetscBool *need)
{
  PetscFunctionBeginUser;
  *need = (PetscBool)(tr->mode > 0);
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetScheme - The integration scheme: Newmark (alpha ignored; gamma, beta of -transient_gamma and
  -transient_beta) or HHT-alpha with alpha in [-1/3, 0].

  Not collective
@*/
PetscErrorCode TriboTransientSetScheme(TriboTransient tr, TriboTransientScheme scheme, PetscReal alpha)
{
  PetscFunctionBeginUser;
  PetscCheck(scheme != TRIBO_TRANSIENT_HHT || (alpha >= -1.0 / 3 - 1e-15 && alpha <= 0), tr->comm, PETSC_ERR_USER_INPUT,
             "HHT-alpha needs alpha in [-1/3, 0], got %g (option -%stransient_alpha)", (double)alpha, tr->prefix ? tr->prefix : "");
  tr->scheme = scheme;
  if (scheme == TRIBO_TRANSIENT_HHT) tr->alpha = alpha;
  tr->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetTimeStep - Step size dt and end time T (s); the history has ceil(T/dt) steps.

  Not collective
@*/
PetscErrorCode TriboTransientSetTimeStep(TriboTransient tr, PetscReal dt, PetscReal T)
{
  const char *pre = tr->prefix ? tr->prefix : "";

  PetscFunctionBeginUser;
  PetscCheck(dt > 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_dt must be > 0 s, got %g", pre, (double)dt);
  PetscCheck(T > 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_time must be > 0 s, got %g", pre, (double)T);
  tr->dt = dt, tr->T = T;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetLoad - The load function g(t) of f(t) = f_s + g(t) f_x, as the text of -transient_force.

  Not collective

  Notes:
  sin(A,f), cos(A,f), step(A[,t0]), ramp(A,t1), pulse(A,t1) or none (see TriboTransientLoadValue()); A in N (times the
  load shape), f in Hz, times in s. A malformed text is a user-input error that names the option and the syntax.
@*/
PetscErrorCode TriboTransientSetLoad(TriboTransient tr, const char load[])
{
  PetscFunctionBeginUser;
  PetscCall(ParseLoad_Private(tr, load));
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetInitialState - Offsets of the initial displacement and velocity from the prestressed state at rest
  (n values each, NULL for zero).

  Not collective
@*/
PetscErrorCode TriboTransientSetInitialState(TriboTransient tr, const PetscReal x0[], const PetscReal v0[])
{
  PetscFunctionBeginUser;
  PetscCheck(tr->joint, tr->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboTransientSetJoint()) first");
  for (PetscInt i = 0; i < tr->n; i++) tr->x0[i] = x0 ? x0[i] : 0, tr->v0[i] = v0 ? v0[i] : 0;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetFromOptions - Reads the options of the transient analysis.

  Collective

  Options Database Keys:
+ -transient_dt <s>               - time step (required, > 0)
. -transient_time <s>             - end time (required, > 0)
. -transient_scheme <newmark>     - newmark or hht
. -transient_alpha <-0.05>        - HHT-alpha parameter in [-1/3, 0] (0: Newmark's trapezoidal rule)
. -transient_gamma, -transient_beta <0.5, 0.25> - Newmark's parameters (unconditionally stable: gamma >= 1/2,
                                    beta >= (gamma + 1/2)^2 / 4)
. -transient_force <none>         - load function g(t): sin(A,f), cos(A,f), step(A[,t0]), ramp(A,t1), pulse(A,t1)
. -transient_dof <i>              - load shape: unit force on ROM DOF i (0-based; overrides the ROM's excitation)
. -transient_recovery <k>         - load shape: R^T e_k, along recovery row k (overrides the ROM's excitation)
. -transient_x0 <x1,...,xn>       - initial displacement (offset from the prestress, n values)
. -transient_v0 <v1,...,vn>       - initial velocity (n values)
. -transient_mode <k>             - initial displacement along elastic mode k (1-based) of the linearized modes ...
. -transient_mode_amplitude <q>   - ... with modal amplitude q (sqrt(kg) m, mass-normalized mode)
. -transient_rayleigh <a,b>       - damping C = a M + b K when the ROM has no C (default: none)
. -transient_output_every <1>     - store every k-th step (and the last)
. -transient_points <i,j,...>     - interface points whose displacement and traction histories are stored (default:
                                    every point when there are at most 64, else none)
. -transient_rtol <1e-10>         - Newton tolerance relative to the largest force term of the step
. -transient_max_it <25>          - Newton iterations per step before the step is cut
. -transient_max_cuts <10>        - halvings of a step before the run stops (reason diverged)
- -transient_quiet                - no progress lines
@*/
PetscErrorCode TriboTransientSetFromOptions(TriboTransient tr)
{
  const char *pre = tr->prefix ? tr->prefix : "";
  char        scheme[64], force[256];
  PetscInt    nx = tr->n + 1, nv = tr->n + 1, nr = 2, npl = 1024, *pl;
  PetscBool   dset, tset, sset, aset, fset, xset, vset, quiet = (PetscBool)!tr->verbose;
  PetscReal   dt = tr->dt, T = tr->T, alpha = tr->scheme == TRIBO_TRANSIENT_HHT ? tr->alpha : -0.05, *x0, *v0;

  PetscFunctionBeginUser;
  PetscCheck(tr->joint, tr->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboTransientSetJoint()) before the options");
  PetscCall(PetscStrncpy(scheme, TriboTransientSchemes[tr->scheme], sizeof(scheme)));
  PetscCall(PetscStrncpy(force, tr->force, sizeof(force)));
  PetscCall(PetscCalloc1(npl, &pl));
  PetscCall(PetscMalloc2(tr->n + 1, &x0, tr->n + 1, &v0)); // one more than needed: a longer list is an error, not cut
  PetscCall(PetscArraycpy(x0, tr->x0, tr->n));
  PetscCall(PetscArraycpy(v0, tr->v0, tr->n));
  TriboOptionsBegin(tr->comm, tr->prefix, "Transient response by implicit time integration", "TriboTransient");
  PetscCall(PetscOptionsReal("-transient_dt", "time step [s]", "TriboTransientSetTimeStep", dt, &dt, &dset));
  PetscCall(PetscOptionsReal("-transient_time", "end time [s]", "TriboTransientSetTimeStep", T, &T, &tset));
  PetscCall(PetscOptionsString("-transient_scheme", "integration scheme: newmark or hht", "TriboTransientSetScheme", scheme, scheme, sizeof(scheme),
                               &sset));
  PetscCall(PetscOptionsReal("-transient_alpha", "HHT-alpha parameter in [-1/3, 0]", "TriboTransientSetScheme", alpha, &alpha, &aset));
  PetscCall(PetscOptionsReal("-transient_gamma", "Newmark gamma [-]", "", tr->gamma, &tr->gamma, NULL));
  PetscCall(PetscOptionsReal("-transient_beta", "Newmark beta [-]", "", tr->beta, &tr->beta, NULL));
  PetscCall(PetscOptionsString("-transient_force", "load function g(t) [N]: sin(A,f), cos(A,f), step(A[,t0]), ramp(A,t1), pulse(A,t1) or none",
                               "TriboTransientSetLoad", force, force, sizeof(force), &fset));
  PetscCall(TriboOptionsInt("-transient_dof", "load shape: unit force on this ROM DOF (0-based)", "", tr->dof, &tr->dof, NULL));
  PetscCall(
      TriboOptionsInt("-transient_recovery", "load shape: unit force along this recovery row (0-based), R^T e_k", "", tr->rrow, &tr->rrow, NULL));
  PetscCall(TriboOptionsRealArray("-transient_x0", "initial displacement x1,...,xn [m] (offset from the prestress)", "TriboTransientSetInitialState",
                                  x0, &nx, &xset, 0));
  PetscCall(TriboOptionsRealArray("-transient_v0", "initial velocity v1,...,vn [m/s]", "TriboTransientSetInitialState", v0, &nv, &vset, 0));
  PetscCall(
      TriboOptionsInt("-transient_mode", "initial displacement along this elastic mode (1-based, linearized modes)", "", tr->mode, &tr->mode, NULL));
  PetscCall(PetscOptionsReal("-transient_mode_amplitude", "modal amplitude of -transient_mode [sqrt(kg) m]", "", tr->qmode, &tr->qmode, NULL));
  PetscCall(TriboOptionsRealArray("-transient_rayleigh", "damping a [1/s],b [s]: C = a M + b K when the ROM has no C", "", tr->ray, &nr, &tr->ray_set,
                                  tr->ray_set ? 2 : 0));
  PetscCall(TriboOptionsInt("-transient_output_every", "store every k-th step (and the last)", "", tr->every, &tr->every, NULL));
  PetscCall(TriboOptionsIntArray("-transient_points", "interface points (0-based) whose u and t histories are stored", "", pl, &npl, &tr->plset, 0));
  PetscCall(PetscOptionsReal("-transient_rtol", "Newton tolerance relative to the largest force term", "", tr->rtol, &tr->rtol, NULL));
  PetscCall(TriboOptionsInt("-transient_max_it", "Newton iterations per step before it is cut", "", tr->maxit, &tr->maxit, NULL));
  PetscCall(TriboOptionsInt("-transient_max_cuts", "halvings of a step before the run stops", "", tr->maxcuts, &tr->maxcuts, NULL));
  PetscCall(PetscOptionsBool("-transient_quiet", "no progress lines", "", quiet, &quiet, NULL));
  PetscCall(PetscOptionsString("-transient_checkpoint",
                               "checkpoint file (HDF5), rewritten every -transient_checkpoint_every steps and on SIGTERM/SIGUSR1", "", tr->ckpt,
                               tr->ckpt, sizeof(tr->ckpt), NULL));
  PetscCall(TriboOptionsRangeInt("-transient_checkpoint_every", "steps between checkpoints", "", tr->ckevery, &tr->ckevery, NULL, 1, PETSC_MAX_INT));
  PetscCall(PetscOptionsBool("-transient_restart", "continue from -transient_checkpoint", "", tr->restart, &tr->restart, NULL));
  PetscCall(TriboOptionsInt("-transient_stop_after", "stop after this step as if killed, its checkpoint written (tests)", "", tr->stopafter,
                            &tr->stopafter, NULL));
  TriboOptionsEnd();
  PetscCheck(!tr->restart || tr->ckpt[0], tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_restart needs the checkpoint file: -%stransient_checkpoint FILE", pre, pre);
  tr->verbose = (PetscBool)!quiet;
  if (dset || tset) {
    PetscCheck(dset || tr->dt > 0, tr->comm, PETSC_ERR_USER_INPUT, "no time step: give -%stransient_dt (s)", pre);
    PetscCheck(tset || tr->T > 0, tr->comm, PETSC_ERR_USER_INPUT, "no end time: give -%stransient_time (s)", pre);
    PetscCall(TriboTransientSetTimeStep(tr, dt, T));
  }
  if (sset) {
    PetscBool found = PETSC_FALSE;
    for (PetscInt s = 0; s < 2 && !found; s++) {
      PetscCall(PetscStrcasecmp(scheme, TriboTransientSchemes[s], &found));
      if (found) tr->scheme = (TriboTransientScheme)s;
    }
    PetscCheck(found, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_scheme %s: unknown scheme; expected newmark or hht", pre, scheme);
  }
  PetscCheck(!aset || tr->scheme == TRIBO_TRANSIENT_HHT, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_alpha applies to -%stransient_scheme hht (the scheme is newmark)", pre, pre);
  PetscCall(TriboTransientSetScheme(tr, tr->scheme, alpha));
  PetscCheck(tr->gamma >= 0.5 && tr->beta >= 0.25 * (tr->gamma + 0.5) * (tr->gamma + 0.5) * (1 - 1e-12), tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_gamma %g, -%stransient_beta %g: Newmark needs gamma >= 1/2 and beta >= (gamma + 1/2)^2/4 (unconditional stability)", pre,
             (double)tr->gamma, pre, (double)tr->beta);
  if (fset) PetscCall(ParseLoad_Private(tr, force));
  PetscCheck(!xset || nx == tr->n, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_x0 needs %" PetscInt_FMT " values (one per ROM DOF), got %" PetscInt_FMT, pre, tr->n, nx);
  PetscCheck(!vset || nv == tr->n, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_v0 needs %" PetscInt_FMT " values (one per ROM DOF), got %" PetscInt_FMT, pre, tr->n, nv);
  PetscCheck(!tr->ray_set || (nr == 2 && tr->ray[0] >= 0 && tr->ray[1] >= 0), tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_rayleigh needs two coefficients a,b >= 0", pre);
  PetscCheck(tr->every >= 1, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_output_every must be >= 1, got %" PetscInt_FMT, pre, tr->every);
  PetscCheck(tr->rtol > 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_rtol must be > 0, got %g", pre, (double)tr->rtol);
  PetscCheck(tr->maxit >= 1, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_max_it must be >= 1, got %" PetscInt_FMT, pre, tr->maxit);
  PetscCheck(tr->maxcuts >= 0 && tr->maxcuts <= 20, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_max_cuts must be in [0, 20], got %" PetscInt_FMT,
             pre, tr->maxcuts);
  PetscCheck(tr->mode >= 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_mode must be >= 1 (an elastic mode), got %" PetscInt_FMT, pre, tr->mode);
  if (xset) PetscCall(PetscArraycpy(tr->x0, x0, tr->n));
  if (vset) PetscCall(PetscArraycpy(tr->v0, v0, tr->n));
  PetscCall(PetscFree2(x0, v0));
  if (tr->plset) {
    PetscCall(PetscFree(tr->pl));
    PetscCall(PetscMalloc1(npl + 1, &tr->pl));
    PetscCall(PetscArraycpy(tr->pl, pl, npl));
    tr->npl = npl;
  }
  PetscCall(PetscFree(pl));
  PetscCall(TriboOptionsUseNamespace(tr->prefix, "transient_"));
  tr->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSetUp - Checks the time step, the load shape and the stored points, and sets up the dense matrices.

  Collective
@*/
PetscErrorCode TriboTransientSetUp(TriboTransient tr)
{
  const char *pre = tr->prefix ? tr->prefix : "";
  PetscInt    n, nrec, npts;

  PetscFunctionBeginUser;
  PetscCheck(tr->joint, tr->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboTransientSetJoint()) first");
  PetscCheck(tr->dt > 0, tr->comm, PETSC_ERR_USER_INPUT, "no time step: give -%stransient_dt (s)", pre);
  PetscCheck(tr->T > 0, tr->comm, PETSC_ERR_USER_INPUT, "no end time: give -%stransient_time (s)", pre);
  n = tr->n, nrec = tr->nrec, npts = tr->rom->iface->npts;
  PetscCheck(tr->dof < n, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_dof %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " DOFs (0-based)", pre, tr->dof, n);
  PetscCheck(tr->rrow < nrec, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_recovery %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " recovery rows (0-based)", pre, tr->rrow, nrec);
  PetscCheck(tr->dof < 0 || tr->rrow < 0, tr->comm, PETSC_ERR_USER_INPUT, "give one load shape: -%stransient_dof or -%stransient_recovery, not both",
             pre, pre);
  PetscCheck(tr->lk == LOAD_NONE || tr->dof >= 0 || tr->rrow >= 0 || tr->rom->Fx, tr->comm, PETSC_ERR_USER_INPUT,
             "-%stransient_force %s needs a load shape: the ROM has no excitation; give -%stransient_dof i or -%stransient_recovery k", pre,
             tr->force, pre, pre);
  PetscCheck(!(tr->rom->C && tr->ray_set), tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_rayleigh: the ROM has its own damping matrix C", pre);
  PetscCheck(tr->mode == 0 || tr->qmode != 0, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_mode needs -%stransient_mode_amplitude q", pre, pre);
  PetscCheck(tr->T / tr->dt < 1e9, tr->comm, PETSC_ERR_USER_INPUT, "-%stransient_time / -%stransient_dt = %g steps: too many", pre, pre,
             (double)(tr->T / tr->dt));
  if (!tr->plset) {
    PetscCall(PetscFree(tr->pl));
    tr->npl = npts <= 64 ? npts : 0;
    PetscCall(PetscMalloc1(tr->npl + 1, &tr->pl));
    for (PetscInt p = 0; p < tr->npl; p++) tr->pl[p] = p;
  }
  for (PetscInt p = 0; p < tr->npl; p++)
    PetscCheck(tr->pl[p] >= 0 && tr->pl[p] < npts, tr->comm, PETSC_ERR_USER_INPUT,
               "-%stransient_points: point %" PetscInt_FMT " out of range: the interface has %" PetscInt_FMT " points (0-based)", pre, tr->pl[p],
               npts);
  if (tr->scheme == TRIBO_TRANSIENT_HHT) {
    tr->gamma = 0.5 - tr->alpha;
    tr->beta  = 0.25 * (1 - tr->alpha) * (1 - tr->alpha);
  } else
    tr->alpha = 0;
  PetscCall(PetscFree4(tr->M, tr->K, tr->C, tr->fx));
  PetscCall(PetscCalloc4(n * n, &tr->M, n * n, &tr->K, n * n, &tr->C, n, &tr->fx));
  {
    const PetscScalar *k, *m, *c;
    PetscCall(MatDenseGetArrayRead(tr->rom->K, &k));
    PetscCall(MatDenseGetArrayRead(tr->rom->M, &m));
    for (PetscInt i = 0; i < n * n; i++) tr->K[i] = PetscRealPart(k[i]), tr->M[i] = PetscRealPart(m[i]);
    PetscCall(MatDenseRestoreArrayRead(tr->rom->K, &k));
    PetscCall(MatDenseRestoreArrayRead(tr->rom->M, &m));
    if (tr->rom->C) {
      PetscCall(MatDenseGetArrayRead(tr->rom->C, &c));
      for (PetscInt i = 0; i < n * n; i++) tr->C[i] = PetscRealPart(c[i]);
      PetscCall(MatDenseRestoreArrayRead(tr->rom->C, &c));
    } else if (tr->ray_set)
      for (PetscInt i = 0; i < n * n; i++) tr->C[i] = tr->ray[0] * tr->M[i] + tr->ray[1] * tr->K[i];
  }
  if (tr->dof >= 0)
    tr->fx[tr->dof] = 1;
  else if (tr->rrow >= 0) {
    const PetscScalar *r;
    PetscCall(MatDenseGetArrayRead(tr->rom->R, &r));
    for (PetscInt i = 0; i < n; i++) tr->fx[i] = PetscRealPart(r[tr->rrow + i * nrec]);
    PetscCall(MatDenseRestoreArrayRead(tr->rom->R, &r));
  } else if (tr->rom->Fx) {
    const PetscScalar *x;
    PetscCall(VecGetArrayRead(tr->rom->Fx, &x));
    for (PetscInt i = 0; i < n; i++) tr->fx[i] = PetscRealPart(x[i]);
    PetscCall(VecRestoreArrayRead(tr->rom->Fx, &x));
  }
  PetscCall(PetscFree5(tr->J, tr->Jv, tr->r, tr->X, tr->V));
  PetscCall(PetscFree5(tr->A, tr->F, tr->xp, tr->vp, tr->w));
  PetscCall(PetscFree5(tr->x, tr->v, tr->a, tr->fnl, tr->ipiv));
  PetscCall(PetscMalloc5(n * n, &tr->J, n * n, &tr->Jv, n, &tr->r, n, &tr->X, n, &tr->V));
  PetscCall(PetscMalloc5(n, &tr->A, n, &tr->F, n, &tr->xp, n, &tr->vp, n, &tr->w));
  PetscCall(PetscMalloc5(n, &tr->x, n, &tr->v, n, &tr->a, n, &tr->fnl, n, &tr->ipiv));
  tr->nsteps      = (PetscInt)PetscCeilReal(tr->T / tr->dt - 1e-9);
  tr->setupcalled = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/* y = A x (n x n column-major) */
static void Mult_Private(PetscInt n, const PetscReal A[], const PetscReal x[], PetscReal y[])
{
  for (PetscInt i = 0; i < n; i++) y[i] = 0;
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < n; i++) y[i] += A[i + j * n] * x[j];
}

static PetscReal Dot_Private(PetscInt n, const PetscReal a[], const PetscReal b[])
{
  PetscReal s = 0;
  for (PetscInt i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

/* Solve A z = b in place (A n x n column-major, destroyed); *ok false when singular */
static PetscErrorCode Solve_Private(TriboTransient tr, PetscReal A[], PetscReal b[], PetscBool *ok)
{
  PetscBLASInt bn, one = 1, info;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(tr->n, &bn));
  PetscCallBLAS("LAPACKgetrf", LAPACKgetrf_(&bn, &bn, A, &bn, tr->ipiv, &info));
  *ok = (PetscBool)(info == 0);
  if (*ok) PetscCallBLAS("LAPACKgetrs", LAPACKgetrs_("N", &bn, &one, A, &bn, tr->ipiv, b, &bn, &info));
  PetscFunctionReturn(0);
}

/* One step t -> t + h from the state (x, v, a, fnl); on success X, V, A, F hold the new state and the joint's trial history
   is the new one (not committed) */
static PetscErrorCode Step_Private(TriboTransient tr, PetscReal h, PetscBool *ok, PetscInt *its, PetscReal *g1)
{
  PetscInt  n  = tr->n, k;
  PetscReal al = tr->alpha, ga = tr->gamma, be = tr->beta, c0 = 1 / (be * h * h), c1 = ga / (be * h);

  PetscFunctionBeginUser;
  PetscCall(TriboTransientLoadValue(tr, tr->t + h, g1));
  // b = (1 + al) f1 - al f0 + al (C v + K x + fnl), in w
  Mult_Private(n, tr->C, tr->v, tr->w);
  Mult_Private(n, tr->K, tr->x, tr->r);
  for (PetscInt i = 0; i < n; i++)
    tr->w[i] = (1 + al) * (tr->fs[i] + *g1 * tr->fx[i]) - al * (tr->fs[i] + tr->fe_t * tr->fx[i]) + al * (tr->w[i] + tr->r[i] + tr->fnl[i]);
  for (PetscInt i = 0; i < n; i++) {
    tr->xp[i] = tr->x[i] + h * tr->v[i] + h * h * (0.5 - be) * tr->a[i];
    tr->vp[i] = tr->v[i] + h * (1 - ga) * tr->a[i];
    tr->X[i]  = tr->x[i] + h * tr->v[i] + 0.5 * h * h * tr->a[i];
  }
  *ok = PETSC_FALSE;
  for (k = 0;; k++) {
    PetscReal rn = 0, sc = 0, *t1 = tr->r;
    PetscBool fin = PETSC_TRUE, solved;
    for (PetscInt i = 0; i < n; i++) {
      tr->A[i] = c0 * (tr->X[i] - tr->xp[i]);
      tr->V[i] = tr->vp[i] + ga * h * tr->A[i];
    }
    PetscCall(PetscArrayzero(tr->J, n * n));
    PetscCall(PetscArrayzero(tr->Jv, n * n));
    PetscCall(TriboJointEvaluateV(tr->joint, TRIBO_LAW_FULL, tr->X, tr->V, tr->F, tr->J, tr->Jv));
    // r = M A + (1 + al)(C V + K X + F) - b, with the largest term as its scale
    for (PetscInt i = 0; i < n; i++) {
      PetscReal ma = 0, cv = 0, kx = 0;
      for (PetscInt j = 0; j < n; j++) ma += tr->M[i + j * n] * tr->A[j], cv += tr->C[i + j * n] * tr->V[j], kx += tr->K[i + j * n] * tr->X[j];
      t1[i] = ma + (1 + al) * (cv + kx + tr->F[i]) - tr->w[i];
      sc    = PetscMax(sc, PetscMax(PetscMax(PetscAbsReal(ma), PetscAbsReal(cv)), PetscMax(PetscAbsReal(kx), PetscAbsReal(tr->F[i]))));
      sc    = PetscMax(sc, PetscAbsReal(tr->w[i]));
      rn    = PetscMax(rn, PetscAbsReal(t1[i]));
      fin   = (PetscBool)(fin && !PetscIsInfOrNanReal(t1[i]));
    }
    if (!fin) break;
    if (rn <= tr->rtol * sc) {
      *ok = PETSC_TRUE;
      break;
    }
    if (k == tr->maxit) break;
    for (PetscInt q = 0; q < n * n; q++) tr->J[q] = c0 * tr->M[q] + (1 + al) * (tr->K[q] + tr->J[q] + c1 * (tr->C[q] + tr->Jv[q]));
    for (PetscInt i = 0; i < n; i++) tr->r[i] = -tr->r[i];
    PetscCall(Solve_Private(tr, tr->J, tr->r, &solved));
    if (!solved) break;
    for (PetscInt i = 0; i < n; i++) tr->X[i] += tr->r[i];
  }
  *its = k;
  PetscFunctionReturn(0);
}

/* Commit the step: energies, then the state (x, v, a, fnl, g) <- (X, V, A, F, g1) and the joint's history */
static PetscErrorCode Accept_Private(TriboTransient tr, PetscReal h, PetscReal g1)
{
  PetscInt n = tr->n;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) tr->xp[i] = tr->X[i] - tr->x[i], tr->vp[i] = 0.5 * (tr->v[i] + tr->V[i]);
  Mult_Private(n, tr->C, tr->vp, tr->w);
  for (PetscInt i = 0; i < n; i++) {
    tr->E[0] += tr->xp[i] * (tr->fs[i] + 0.5 * (tr->fe_t + g1) * tr->fx[i]);
    tr->E[1] += tr->xp[i] * tr->w[i];
    tr->E[2] += tr->xp[i] * 0.5 * (tr->fnl[i] + tr->F[i]);
  }
  PetscCall(PetscArraycpy(tr->x, tr->X, n));
  PetscCall(PetscArraycpy(tr->v, tr->V, n));
  PetscCall(PetscArraycpy(tr->a, tr->A, n));
  PetscCall(PetscArraycpy(tr->fnl, tr->F, n));
  tr->fe_t = g1;
  tr->t += h;
  PetscCall(TriboJointCommit(tr->joint));
  PetscFunctionReturn(0);
}

/* Store the state at tr->t as record tr->nout (the joint's last evaluation is at this state) */
static PetscErrorCode Record_Private(TriboTransient tr)
{
  PetscInt  n = tr->n, k = tr->nout;
  PetscReal ke, se;

  PetscFunctionBeginUser;
  tr->tout[k] = tr->t;
  tr->gout[k] = tr->fe_t;
  PetscCall(PetscArraycpy(&tr->xout[k * n], tr->x, n));
  PetscCall(PetscArraycpy(&tr->vout[k * n], tr->v, n));
  Mult_Private(n, tr->M, tr->v, tr->w);
  ke = 0.5 * Dot_Private(n, tr->v, tr->w);
  Mult_Private(n, tr->K, tr->x, tr->w);
  se = 0.5 * Dot_Private(n, tr->x, tr->w);
  if (k == 0) tr->e0 = ke + se;
  tr->e.kinetic[k]  = ke;
  tr->e.strain[k]   = se;
  tr->e.external[k] = tr->E[0];
  tr->e.damping[k]  = tr->E[1];
  tr->e.joint[k]    = tr->E[2];
  tr->e.balance[k]  = ke + se - tr->e0 + tr->E[1] + tr->E[2] - tr->E[0];
  tr->itout[k]      = tr->itrec;
  tr->itrec         = 0;
  if (tr->npl) PetscCall(TriboJointGetPointValues(tr->joint, tr->npl, tr->pl, &tr->pu[3 * tr->npl * k], &tr->pt[3 * tr->npl * k]));
  tr->nout++;
  PetscFunctionReturn(0);
}

static PetscErrorCode FreeResults_Private(TriboTransient tr)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree5(tr->tout, tr->xout, tr->vout, tr->gout, tr->itout));
  PetscCall(PetscFree2(tr->pu, tr->pt));
  PetscCall(PetscFree6(tr->e.kinetic, tr->e.strain, tr->e.external, tr->e.damping, tr->e.joint, tr->e.balance));
  tr->nout = 0;
  PetscFunctionReturn(0);
}

/* The state after step `step` and the records so far, to -transient_checkpoint (temporary name, then renamed) */
static PetscErrorCode CheckpointWrite_Private(TriboTransient tr, PetscInt step)
{
  TriboH5     h;
  PetscInt    n = tr->n, k = tr->nout, d1[1], d2[2], iv[6] = {step, tr->its, tr->cuts, tr->steps, tr->itrec, tr->nout};
  PetscReal   sc[6] = {tr->fe_t, tr->E[0], tr->E[1], tr->E[2], tr->e0, tr->t}, *ev[6];
  char        path[64];
  const char *en[6] = {"kinetic", "strain", "external", "damping", "joint", "balance"};

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(tr->comm, tr->ckpt, &h));
  PetscCall(TriboH5WriteMeta(h, "transient checkpoint", 0, NULL));
  d1[0] = 6;
  PetscCall(TriboH5WriteInt(h, "/transient_checkpoint/counters", 1, d1, iv));
  PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/scalars", 1, d1, sc));
  d2[0] = 4, d2[1] = n;
  {
    PetscReal *st;
    PetscCall(PetscMalloc1(4 * n, &st));
    PetscCall(PetscArraycpy(st, tr->x, n));
    PetscCall(PetscArraycpy(st + n, tr->v, n));
    PetscCall(PetscArraycpy(st + 2 * n, tr->a, n));
    PetscCall(PetscArraycpy(st + 3 * n, tr->fnl, n));
    PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/state", 2, d2, st));
    PetscCall(PetscFree(st));
  }
  d1[0] = k;
  PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/t", 1, d1, tr->tout));
  PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/g", 1, d1, tr->gout));
  PetscCall(TriboH5WriteInt(h, "/transient_checkpoint/newton", 1, d1, tr->itout));
  ev[0] = tr->e.kinetic, ev[1] = tr->e.strain, ev[2] = tr->e.external, ev[3] = tr->e.damping, ev[4] = tr->e.joint, ev[5] = tr->e.balance;
  for (PetscInt q = 0; q < 6; q++) {
    PetscCall(PetscSNPrintf(path, sizeof(path), "/transient_checkpoint/%s", en[q]));
    PetscCall(TriboH5WriteReal(h, path, 1, d1, ev[q]));
  }
  d2[0] = k, d2[1] = n;
  PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/x", 2, d2, tr->xout));
  PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/v", 2, d2, tr->vout));
  d2[1] = 3 * tr->npl;
  if (tr->npl) PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/point_u", 2, d2, tr->pu));
  if (tr->npl) PetscCall(TriboH5WriteReal(h, "/transient_checkpoint/point_t", 2, d2, tr->pt));
  PetscCall(TriboH5WriteJointHistory(h, "/transient_checkpoint", tr->joint));
  PetscCall(TriboH5WritePhysics(h, "/transient_checkpoint/physics"));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/* Restores the state, the records and the joint's history of -transient_checkpoint; *step0: the step it was written after */
static PetscErrorCode CheckpointRead_Private(TriboTransient tr, PetscInt *step0)
{
  TriboH5     h;
  PetscInt    n = tr->n, nd, dims[3], *iv, k;
  PetscReal   sc[6], *st, *ev[6];
  char        path[64];
  const char *en[6] = {"kinetic", "strain", "external", "damping", "joint", "balance"}, *f = tr->ckpt;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(tr->comm, f, &h));
  PetscCall(TriboH5CheckPhysics(h, "/transient_checkpoint/physics", "or without -transient_restart"));
  PetscCall(TriboH5ReadInt(h, "/transient_checkpoint/counters", &nd, dims, &iv));
  PetscCheck(nd == 1 && dims[0] == 6, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: /transient_checkpoint/counters must have 6 values", f);
  *step0 = iv[0], tr->its = iv[1], tr->cuts = iv[2], tr->steps = iv[3], tr->itrec = iv[4], k = iv[5];
  PetscCall(PetscFree(iv));
  PetscCheck(*step0 >= 0 && *step0 <= tr->nsteps && k >= 1 && k <= tr->cap, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "%s: written after step %" PetscInt_FMT " with %" PetscInt_FMT " records; this run has %" PetscInt_FMT " steps (room for %" PetscInt_FMT
             " records): the end time may grow on restart, not shrink",
             f, *step0, k, tr->nsteps, tr->cap);
  PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/scalars", 6, 1, sc));
  tr->fe_t = sc[0], tr->E[0] = sc[1], tr->E[1] = sc[2], tr->E[2] = sc[3], tr->e0 = sc[4], tr->t = sc[5];
  PetscCall(PetscMalloc1(4 * n, &st));
  PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/state", 4, n, st));
  PetscCall(PetscArraycpy(tr->x, st, n));
  PetscCall(PetscArraycpy(tr->v, st + n, n));
  PetscCall(PetscArraycpy(tr->a, st + 2 * n, n));
  PetscCall(PetscArraycpy(tr->fnl, st + 3 * n, n));
  PetscCall(PetscFree(st));
  tr->nout = k;
  PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/t", k, 1, tr->tout));
  PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/g", k, 1, tr->gout));
  PetscCall(TriboH5ReadInt(h, "/transient_checkpoint/newton", &nd, dims, &iv));
  PetscCheck(nd == 1 && dims[0] == k, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: /transient_checkpoint/newton must have %" PetscInt_FMT " values", f, k);
  PetscCall(PetscArraycpy(tr->itout, iv, k));
  PetscCall(PetscFree(iv));
  ev[0] = tr->e.kinetic, ev[1] = tr->e.strain, ev[2] = tr->e.external, ev[3] = tr->e.damping, ev[4] = tr->e.joint, ev[5] = tr->e.balance;
  for (PetscInt q = 0; q < 6; q++) {
    PetscCall(PetscSNPrintf(path, sizeof(path), "/transient_checkpoint/%s", en[q]));
    PetscCall(TriboH5ReadRealInto(h, path, k, 1, ev[q]));
  }
  PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/x", k, n, tr->xout));
  PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/v", k, n, tr->vout));
  if (tr->npl) PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/point_u", k, 3 * tr->npl, tr->pu));
  if (tr->npl) PetscCall(TriboH5ReadRealInto(h, "/transient_checkpoint/point_t", k, 3 * tr->npl, tr->pt));
  PetscCall(TriboH5ReadJointHistory(h, "/transient_checkpoint", tr->joint));
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCall(PetscPrintf(tr->comm, "Transient: restarted from %s after step %" PetscInt_FMT " (t = %g s, %" PetscInt_FMT " records)\n", f, *step0,
                        (double)tr->t, k));
  PetscFunctionReturn(0);
}

/*@
  TriboTransientSolve - Integrates from the (prestressed) initial state to the end time.

  Collective

  Notes:
  Every rank holds the whole (small, dense) system and takes the same steps: the joint's forces and tangents are summed
  over the ranks bitwise identically (TriboSumAll()), so the history does not depend on the number of ranks. A step
  whose Newton fails at the smallest step size ends the run with reason diverged; the records so far are kept.
@*/
PetscErrorCode TriboTransientSolve(TriboTransient tr)
{
  PetscInt       n, unit, cap, every_print, step0 = 0;
  PetscLogDouble t0, t1;
  PetscBool      ok;

  PetscFunctionBeginUser;
  if (!tr->setupcalled) PetscCall(TriboTransientSetUp(tr));
  n = tr->n;
  PetscCall(PetscTime(&t0));
  PetscCall(FreeResults_Private(tr));
  cap     = tr->nsteps / tr->every + 2;
  tr->cap = cap;
  PetscCall(PetscMalloc5(cap, &tr->tout, cap * n, &tr->xout, cap * n, &tr->vout, cap, &tr->gout, cap, &tr->itout));
  PetscCall(PetscMalloc2(3 * tr->npl * cap + 1, &tr->pu, 3 * tr->npl * cap + 1, &tr->pt));
  PetscCall(PetscMalloc6(cap, &tr->e.kinetic, cap, &tr->e.strain, cap, &tr->e.external, cap, &tr->e.damping, cap, &tr->e.joint, cap, &tr->e.balance));
  // the initial state: u_s + offsets (+ q phi_k), the prestress history, the acceleration from the equation of motion
  for (PetscInt i = 0; i < n; i++) tr->x[i] = tr->us[i] + tr->x0[i], tr->v[i] = tr->v0[i];
  if (tr->mode > 0) {
    PetscReal        w2;
    const PetscReal *phi;
    PetscCheck(tr->modal, tr->comm, PETSC_ERR_ARG_WRONGSTATE, "-transient_mode needs the linear modes: TriboTransientSetModal()");
    PetscCall(TriboModalGetElasticMode(tr->modal, tr->mode, &w2, &phi));
    for (PetscInt i = 0; i < n; i++) tr->x[i] += tr->qmode * phi[i];
  }
  tr->t    = 0;
  tr->E[0] = tr->E[1] = tr->E[2] = 0;
  tr->its = tr->cuts = tr->steps = tr->itrec = 0;
  PetscCall(TriboTransientLoadValue(tr, 0, &tr->fe_t));
  PetscCall(TriboJointCopyHistory(tr->joint, tr->hs, PETSC_FALSE));
  PetscCall(TriboJointEvaluateV(tr->joint, TRIBO_LAW_FULL, tr->x, tr->v, tr->fnl, NULL, NULL));
  PetscCall(TriboJointCommit(tr->joint));
  Mult_Private(n, tr->C, tr->v, tr->w);
  Mult_Private(n, tr->K, tr->x, tr->r);
  for (PetscInt i = 0; i < n; i++) tr->a[i] = tr->fs[i] + tr->fe_t * tr->fx[i] - tr->w[i] - tr->r[i] - tr->fnl[i];
  PetscCall(PetscArraycpy(tr->J, tr->M, n * n));
  PetscCall(Solve_Private(tr, tr->J, tr->a, &ok));
  PetscCheck(ok, tr->comm, PETSC_ERR_USER_INPUT, "the mass matrix of %s is singular", tr->rom->source[0] ? tr->rom->source : "the ROM");
  PetscCall(Record_Private(tr));
  if (tr->restart) PetscCall(CheckpointRead_Private(tr, &step0));
  tr->reason  = TRIBO_TRANSIENT_ITERATING;
  unit        = (PetscInt)1 << tr->maxcuts;
  every_print = PetscMax(1, tr->nsteps / 10);
  if (tr->verbose)
    PetscCall(PetscPrintf(tr->comm, "Transient: %s%s, dt = %g s, %" PetscInt_FMT " steps to %g s, load %s, %" PetscInt_FMT " DOFs\n",
                          TriboTransientSchemes[tr->scheme], tr->scheme == TRIBO_TRANSIENT_HHT ? "-alpha" : "", (double)tr->dt, tr->nsteps,
                          (double)(tr->nsteps * tr->dt), tr->force, n));
  PetscCall(TriboSignalArm(PETSC_TRUE));
  for (PetscInt step = step0 + 1; step <= tr->nsteps && tr->reason != TRIBO_TRANSIENT_DIVERGED; step++) {
    PetscInt done = 0, lev = 0;
    while (done < unit) {
      PetscInt  hu = unit >> lev, its = 0;
      PetscReal h = tr->dt * (PetscReal)hu / (PetscReal)unit, g1;
      tr->t       = (step - 1) * tr->dt + tr->dt * (PetscReal)done / (PetscReal)unit;
      PetscCall(Step_Private(tr, h, &ok, &its, &g1));
      tr->its += its, tr->itrec += its;
      if (ok) {
        PetscCall(Accept_Private(tr, h, g1));
        done += hu;
        if (lev > 0 && done % (2 * hu) == 0) lev--;
      } else if (lev == tr->maxcuts) {
        tr->reason = TRIBO_TRANSIENT_DIVERGED;
        break;
      } else
        lev++, tr->cuts++;
    }
    if (tr->reason == TRIBO_TRANSIENT_DIVERGED) {
      PetscCall(PetscPrintf(tr->comm, "Transient: Newton failed at t = %g s with the step cut %" PetscInt_FMT " times; the history stops there\n",
                            (double)tr->t, tr->maxcuts));
      break;
    }
    tr->t = step * tr->dt;
    tr->steps++;
    if (step % tr->every == 0 || step == tr->nsteps) PetscCall(Record_Private(tr));
    { // a checkpoint every ckevery steps; on SIGTERM/SIGUSR1 (or -transient_stop_after) one now, then stop
      int         sig;
      const char *name;
      PetscCall(TriboSignalCheck(tr->comm, &sig, &name));
      if (tr->stopafter > 0 && step == tr->stopafter && step < tr->nsteps) sig = -1, name = "-transient_stop_after";
      if (tr->ckpt[0] && (step % tr->ckevery == 0 || sig)) PetscCall(CheckpointWrite_Private(tr, step));
      if (sig) {
        PetscCall(TriboSignalArm(PETSC_FALSE));
        SETERRQ(tr->comm, PETSC_ERR_SIG, "stopped by %s after step %" PetscInt_FMT " of %" PetscInt_FMT " (t = %g s): %s%s", name, step, tr->nsteps,
                (double)tr->t, tr->ckpt[0] ? "the state is saved in " : "nothing saved (no -transient_checkpoint)", tr->ckpt[0] ? tr->ckpt : "");
      }
    }
    if (tr->verbose && (step % every_print == 0 || step == tr->nsteps)) {
      PetscReal xm = 0;
      PetscCall(PetscTime(&t1));
      for (PetscInt i = 0; i < n; i++) xm = PetscMax(xm, PetscAbsReal(tr->x[i]));
      PetscCall(PetscPrintf(tr->comm, "  [%3d%%] t = %.6e s  max |x| = %.4e  Newton %" PetscInt_FMT "  cuts %" PetscInt_FMT "  %.2f s\n",
                            (int)(100 * step / tr->nsteps), (double)tr->t, (double)xm, tr->its, tr->cuts, (double)(t1 - t0)));
    }
  }
  PetscCall(TriboSignalArm(PETSC_FALSE));
  if (tr->reason != TRIBO_TRANSIENT_DIVERGED) tr->reason = TRIBO_TRANSIENT_COMPLETED;
  PetscCall(PetscTime(&t1));
  tr->seconds = t1 - t0;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientGetHistory - The stored records: times (s), displacements and velocities (nout x n row-major).

  Not collective
@*/
PetscErrorCode TriboTransientGetHistory(TriboTransient tr, PetscInt *nout, const PetscReal *t[], const PetscReal *x[], const PetscReal *v[])
{
  PetscFunctionBeginUser;
  if (nout) *nout = tr->nout;
  if (t) *t = tr->tout;
  if (x) *x = tr->xout;
  if (v) *v = tr->vout;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientGetEnergy - The energies (J) at the stored records (see TriboTransientEnergy in include/tribotransient.h).

  Not collective
@*/
PetscErrorCode TriboTransientGetEnergy(TriboTransient tr, const TriboTransientEnergy **e)
{
  PetscFunctionBeginUser;
  *e = &tr->e;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientGetPointHistory - The stored interface points and their relative displacements and tractions at the
  records (nout x npl x 3: t1, t2, n in the local frame; for a discrete element, its local displacement and force).

  Not collective
@*/
PetscErrorCode TriboTransientGetPointHistory(TriboTransient tr, PetscInt *npl, const PetscInt *pl[], const PetscReal *u[], const PetscReal *t[])
{
  PetscFunctionBeginUser;
  if (npl) *npl = tr->npl;
  if (pl) *pl = tr->pl;
  if (u) *u = tr->pu;
  if (t) *t = tr->pt;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientGetConvergedReason - completed, or diverged (Newton failed at the smallest step).

  Not collective
@*/
PetscErrorCode TriboTransientGetConvergedReason(TriboTransient tr, TriboTransientReason *reason)
{
  PetscFunctionBeginUser;
  *reason = tr->reason;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientGetStatistics - Steps completed, Newton iterations (linear solves) and step cuts of the last solve.

  Not collective
@*/
PetscErrorCode TriboTransientGetStatistics(TriboTransient tr, PetscInt *steps, PetscInt *its, PetscInt *cuts)
{
  PetscFunctionBeginUser;
  if (steps) *steps = tr->steps;
  if (its) *its = tr->its;
  if (cuts) *cuts = tr->cuts;
  PetscFunctionReturn(0);
}

/*@
  TriboTransientView - Prints the settings and, after TriboTransientSolve(), a summary.

  Collective
@*/
PetscErrorCode TriboTransientView(TriboTransient tr, PetscViewer v)
{
  PetscFunctionBeginUser;
  if (tr->scheme == TRIBO_TRANSIENT_HHT)
    PetscCall(PetscViewerASCIIPrintf(v, "Transient (HHT-alpha, alpha = %g, gamma = %g, beta = %g)", (double)tr->alpha, (double)tr->gamma,
                                     (double)tr->beta));
  else
    PetscCall(PetscViewerASCIIPrintf(v, "Transient (Newmark, gamma = %g, beta = %g)", (double)tr->gamma, (double)tr->beta));
  PetscCall(PetscViewerASCIIPrintf(v, ": dt = %g s, end time %g s, load %s\n", (double)tr->dt, (double)tr->T, tr->force));
  if (tr->nout) {
    PetscInt k = tr->nout - 1;
    PetscCall(PetscViewerASCIIPrintf(
        v, "  %s at t = %g s: %" PetscInt_FMT " steps, %" PetscInt_FMT " Newton iterations, %" PetscInt_FMT " step cuts, %.2f s\n",
        TriboTransientReasons[tr->reason + 1], (double)tr->tout[k], tr->steps, tr->its, tr->cuts, (double)tr->seconds));
    PetscCall(
        PetscViewerASCIIPrintf(v, "  energy at the end (J): kinetic %.6e, strain %.6e, external work %.6e, damping %.6e, joint %.6e, balance %.3e\n",
                               (double)tr->e.kinetic[k], (double)tr->e.strain[k], (double)tr->e.external[k], (double)tr->e.damping[k],
                               (double)tr->e.joint[k], (double)tr->e.balance[k]));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboTransientWriteH5 - Writes the history to /transient: time (nout), x and v (nout x n), load (g(t), nout), recovery
  (nout x nrec, R x) and recovery_labels, newton_iterations (per record, since the previous one), points, point_u and
  point_t (nout x npl x 3), energy/{kinetic, strain, external_work, damping, joint_work, balance}; attributes scheme,
  alpha, gamma, beta, dt, end_time, force, reason, steps, cuts, units.

  Collective
@*/
PetscErrorCode TriboTransientWriteH5(TriboTransient tr, TriboH5 h5)
{
  PetscInt dims[3], n = tr->n, nrec = tr->nrec, no = tr->nout;

  PetscFunctionBeginUser;
  dims[0] = no;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/time", 1, dims, tr->tout));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/load", 1, dims, tr->gout));
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_TRANSIENT "/newton_iterations", 1, dims, tr->itout));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/energy/kinetic", 1, dims, tr->e.kinetic));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/energy/strain", 1, dims, tr->e.strain));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/energy/external_work", 1, dims, tr->e.external));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/energy/damping", 1, dims, tr->e.damping));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/energy/joint_work", 1, dims, tr->e.joint));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/energy/balance", 1, dims, tr->e.balance));
  dims[1] = n;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/x", 2, dims, tr->xout));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/v", 2, dims, tr->vout));
  if (nrec) {
    const PetscScalar *R;
    PetscReal         *rx;
    PetscCall(PetscCalloc1(no * nrec + 1, &rx));
    PetscCall(MatDenseGetArrayRead(tr->rom->R, &R));
    for (PetscInt k = 0; k < no; k++)
      for (PetscInt q = 0; q < nrec; q++)
        for (PetscInt i = 0; i < n; i++) rx[k * nrec + q] += PetscRealPart(R[q + i * nrec]) * tr->xout[k * n + i];
    PetscCall(MatDenseRestoreArrayRead(tr->rom->R, &R));
    dims[1] = nrec;
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/recovery", 2, dims, rx));
    PetscCall(TriboH5WriteStrings(h5, TRIBO_H5_TRANSIENT "/recovery_labels", nrec, (const char *const *)tr->rom->rlabels));
    PetscCall(PetscFree(rx));
  }
  if (tr->npl) {
    PetscCall(TriboH5WriteInt(h5, TRIBO_H5_TRANSIENT "/points", 1, &tr->npl, tr->pl));
    dims[1] = tr->npl, dims[2] = 3;
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/point_u", 3, dims, tr->pu));
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_TRANSIENT "/point_t", 3, dims, tr->pt));
  }
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_TRANSIENT, "scheme", TriboTransientSchemes[tr->scheme]));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_TRANSIENT, "alpha", tr->alpha));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_TRANSIENT, "gamma", tr->gamma));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_TRANSIENT, "beta", tr->beta));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_TRANSIENT, "dt", tr->dt));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_TRANSIENT, "end_time", tr->T));
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_TRANSIENT, "force", tr->force));
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_TRANSIENT, "reason", TriboTransientReasons[tr->reason + 1]));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_TRANSIENT, "steps", tr->steps));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_TRANSIENT, "cuts", tr->cuts));
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_TRANSIENT, "units",
                                   "time s; x, recovery, point_u m; v m/s; load N (times the load shape); point_t Pa (N for a discrete element); "
                                   "energy J (joint_work: stored in the joint plus dissipated by it)"));
  PetscFunctionReturn(0);
}

/*@
  TriboTransientDestroy - Destroys the analysis.

  Collective
@*/
PetscErrorCode TriboTransientDestroy(TriboTransient *trp)
{
  TriboTransient tr;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(trp, TRIBO_TRANSIENT_CLASSID);
  tr = *trp;
  PetscCall(TriboModalDestroy(&tr->modal));
  PetscCall(FreeResults_Private(tr));
  PetscCall(PetscFree3(tr->us, tr->fs, tr->hs));
  PetscCall(PetscFree2(tr->x0, tr->v0));
  PetscCall(PetscFree4(tr->M, tr->K, tr->C, tr->fx));
  PetscCall(PetscFree5(tr->J, tr->Jv, tr->r, tr->X, tr->V));
  PetscCall(PetscFree5(tr->A, tr->F, tr->xp, tr->vp, tr->w));
  PetscCall(PetscFree5(tr->x, tr->v, tr->a, tr->fnl, tr->ipiv));
  PetscCall(PetscFree(tr->pl));
  PetscCall(PetscFree(tr->prefix));
  PetscCall(PetscHeaderDestroy(trp));
  PetscFunctionReturn(0);
}
