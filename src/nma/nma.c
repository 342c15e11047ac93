#include <tribo/private/nmaimpl.h>
#include <stdlib.h>
#include <math.h>
#include <tribonum.h>

static PetscFunctionList TriboNMAList = NULL;

const char *const TriboBackboneStatuses[] = {"failed", "converged", "unsettled", "TriboBackboneStatus", "TRIBO_BACKBONE_", NULL};

/*@
  TriboNMARegister - Adds a nonlinear modal analysis method to the registry.

  Not collective

  Input Parameters:
+ name   - the type string, e.g. "rqnma"
- create - the constructor: allocates nma->data and fills nma->ops (include/tribo/private/nmaimpl.h)

  Notes:
  A registered method is selectable with -nma_type, appears in -help and in the message for an
  unknown name, and its options live in the namespace "<name>_" (e.g. -rqnma_lgl). Call it from a
  program before TriboNMASetFromOptions() to add a method of one's own.
@*/
PetscErrorCode TriboNMARegister(const char name[], PetscErrorCode (*create)(TriboNMA))
{
  char ns[128];

  PetscFunctionBeginUser;
  if (!TriboNMAList) PetscCall(TriboRegistryForgetAtFinalize(&TriboNMAList, NULL)); // emptied at PetscFinalize()
  PetscCall(TriboNMARegisterAll());
  PetscCall(PetscFunctionListAdd(&TriboNMAList, name, create));
  PetscCall(PetscSNPrintf(ns, sizeof(ns), "%s_", name));
  PetscCall(TriboOptionsRegisterNamespace(ns));
  PetscFunctionReturn(0);
}

static PetscBool TriboNMARegisterAllCalled = PETSC_FALSE; /* reset at PetscFinalize() (TriboRegistryForgetAtFinalize()) */

/*@
  TriboNMARegisterAll - Registers the nonlinear modal analysis methods that ship with tribo and
  the option namespaces of the analyses (prestress_, modal_, backbone_, nma_).

  Not collective
@*/
PetscErrorCode TriboNMARegisterAll(void)
{
  PetscFunctionBegin;
  if (TriboNMARegisterAllCalled) PetscFunctionReturn(0);
  TriboNMARegisterAllCalled = PETSC_TRUE;
  PetscCall(TriboRegistryForgetAtFinalize(NULL, &TriboNMARegisterAllCalled));
  PetscCall(TriboOptionsRegisterNamespace("prestress_"));
  PetscCall(TriboOptionsRegisterNamespace("modal_"));
  PetscCall(TriboOptionsRegisterNamespace("backbone_"));
  PetscCall(TriboOptionsRegisterNamespace("nma_"));
  PetscCall(TriboNMARegister(TRIBONMARQNMA, TriboNMACreate_RQNMA));
  PetscCall(TriboNMARegister(TRIBONMAEPMC, TriboNMACreate_EPMC));
  PetscFunctionReturn(0);
}

/*@
  TriboNMACreate - Creates a nonlinear modal analysis (a backbone tracer).

  Collective

  Input Parameter:
. comm - the communicator of the ROM and joint

  Output Parameter:
. nma - the analysis; then TriboNMASetJoint(), TriboNMASetPrestress(), TriboNMASetModal() (or
        TriboNMASetMode()), TriboNMASetFromOptions(), TriboNMASetUp(), TriboNMASolve()

.seealso: TriboNMASetType(), TriboNMARegister()
@*/
PetscErrorCode TriboNMACreate(MPI_Comm comm, TriboNMA *nma)
{
  TriboNMA m;

  PetscFunctionBegin;
  PetscValidPointer(nma, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboNMARegisterAll());
  PetscCall(PetscHeaderCreate(m, TRIBO_NMA_CLASSID, "TriboNMA", "Nonlinear modal analysis (backbone)", "NMA", comm, TriboNMADestroy, NULL));
  m->comm    = comm;
  m->mode    = 1;
  m->verbose = PETSC_TRUE;
  *nma       = m;
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetOptionsPrefix - Prefix of the options: -[prefix]backbone_qmin, -[prefix]nma_type,
  -[prefix]rqnma_lgl, ...

  Not collective
@*/
PetscErrorCode TriboNMASetOptionsPrefix(TriboNMA nma, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(nma->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &nma->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetType - Selects the method by its registered name.

  Collective

  Notes:
  An unknown name is a user-input error that lists the registered names.
@*/
PetscErrorCode TriboNMASetType(TriboNMA nma, const char type[])
{
  PetscErrorCode (*create)(TriboNMA) = NULL;

  PetscFunctionBeginUser;
  {
    char opt[256];
    PetscCall(PetscSNPrintf(opt, sizeof(opt), "-%snma_type", nma->prefix ? nma->prefix : ""));
    PetscCall(TriboFunctionListFindOrError(nma->comm, TriboNMAList, type, "nonlinear modal analysis method", opt, (void (**)(void)) & create));
  }
  if (nma->type && !strcmp(nma->type, type)) PetscFunctionReturn(0);
  if (nma->ops->destroy) PetscCall(nma->ops->destroy(nma));
  PetscCall(PetscMemzero(nma->ops, sizeof(*nma->ops)));
  nma->data        = NULL;
  nma->setupcalled = PETSC_FALSE;
  PetscCall(PetscFree(nma->type));
  PetscCall(PetscStrallocpy(type, &nma->type));
  PetscCall(create(nma));
  PetscFunctionReturn(0);
}

/*@
  TriboNMAGetType - The method's name (NULL before it is set).

  Not collective
@*/
PetscErrorCode TriboNMAGetType(TriboNMA nma, const char *type[])
{
  PetscFunctionBeginUser;
  *type = nma->type;
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetJoint - The joint (ROM, interface and law) whose backbone is traced.

  Collective
@*/
PetscErrorCode TriboNMASetJoint(TriboNMA nma, TriboJoint joint)
{
  PetscFunctionBeginUser;
  nma->joint = joint;
  PetscCall(TriboJointGetROM(joint, &nma->rom));
  if (nma->n != nma->rom->n || !nma->us) {
    nma->n = nma->rom->n;
    PetscCall(PetscFree(nma->us));
    PetscCall(PetscFree(nma->fs));
    PetscCall(PetscFree(nma->phi0));
    PetscCall(PetscCalloc1(nma->n, &nma->us));
    PetscCall(PetscCalloc1(nma->n, &nma->fs));
    PetscCall(PetscCalloc1(nma->n, &nma->phi0));
  }
  PetscCall(PetscFree(nma->hs));
  PetscCall(TriboJointGetHistorySize(joint, &nma->nh));
  PetscCall(PetscCalloc1(nma->nh + 1, &nma->hs));
  nma->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/* -backbone_loop_points: "auto", or a comma-separated list of 0-based point indices ("" or "none": no points) */
static PetscErrorCode LoopPointsParse_Private(TriboNMA nma, const char str[])
{
  PetscBool isauto, isnone;
  int       argc = 0;
  char    **args = NULL;
  PetscInt *idx;

  PetscFunctionBeginUser;
  PetscCall(PetscStrcasecmp(str, "auto", &isauto));
  PetscCall(PetscStrcasecmp(str, "none", &isnone));
  if (isauto) {
    PetscCall(TriboNMASetLoopPoints(nma, 0, NULL));
    nma->plauto = PETSC_TRUE;
    PetscFunctionReturn(0);
  }
  if (!isnone) PetscCall(PetscStrToArray(str, ',', &argc, &args));
  PetscCall(PetscMalloc1(argc + 1, &idx));
  for (int k = 0; k < argc; k++) {
    char *end = NULL;
    long  v   = strtol(args[k], &end, 10);
    PetscCheck(end != args[k] && *end == 0 && v >= 0, nma->comm, PETSC_ERR_USER_INPUT,
               "-backbone_loop_points: expected auto or comma-separated 0-based point indices, got '%s' in '%s'", args[k], str);
    idx[k] = (PetscInt)v;
  }
  PetscCall(TriboNMASetLoopPoints(nma, argc, idx));
  PetscCall(PetscFree(idx));
  if (args) PetscCall(PetscStrToArrayDestroy(argc, args));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetLoopPoints - Interface quadrature points whose hysteresis loops (relative displacement
  and traction in the local frame t1, t2, n at every stored state of the last cycle) the analysis
  keeps, in TriboBackbone pl_index, pl_u, pl_t and /backbone/mode<k>/loop_point_* of the result.

  Logically collective

  Input Parameters:
+ nma - the analysis
. np  - number of points (0: none, the default)
- idx - their 0-based global quadrature point indices (checked against the interface in TriboNMASetUp())

  Options Database Key:
. -backbone_loop_points i,j,...|auto - the list; auto: the point of largest tangential relative displacement in
  the linear mode, the first to slip and the one that slips most in the microslip regime

.seealso: TriboNMASetFromOptions(), TriboJointGetPointValues()
@*/
PetscErrorCode TriboNMASetLoopPoints(TriboNMA nma, PetscInt np, const PetscInt idx[])
{
  PetscFunctionBeginUser;
  PetscCheck(np >= 0, nma->comm, PETSC_ERR_ARG_OUTOFRANGE, "number of loop points must be >= 0, got %" PetscInt_FMT, np);
  PetscCall(PetscFree(nma->plidx));
  PetscCall(PetscMalloc1(np + 1, &nma->plidx));
  if (np) PetscCall(PetscArraycpy(nma->plidx, idx, np));
  nma->npl         = np;
  nma->plauto      = PETSC_FALSE;
  nma->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/* The default amplitude list: na log-spaced modal amplitudes from qmin to qmax (sqrt(kg) m) */
#define NMA_QMIN 1e-7
#define NMA_QMAX 1e-3
#define NMA_NAMP 20
static PetscErrorCode NMADefaultAmplitudes_Private(TriboNMA nma, PetscReal qmin, PetscReal qmax, PetscInt na)
{
  PetscReal *a;

  PetscFunctionBeginUser;
  PetscCheck(na >= 1, nma->comm, PETSC_ERR_USER_INPUT, "-backbone_n must be >= 1, got %" PetscInt_FMT, na);
  PetscCheck(qmin > 0 && qmax > 0 && PetscIsNormalReal(qmin) && PetscIsNormalReal(qmax), nma->comm, PETSC_ERR_USER_INPUT,
             "need positive finite -backbone_qmin and -backbone_qmax, got %g and %g", (double)qmin, (double)qmax);
  nma->descend = (PetscBool)(qmin > qmax); // EPMC: traced from qmin down to qmax; the list stays ascending
  PetscCall(PetscMalloc1(na, &a));
  PetscCall(TriboLogspace(PetscMin(qmin, qmax), PetscMax(qmin, qmax), na, a));
  PetscCall(TriboNMASetAmplitudes(nma, na, a));
  PetscCall(PetscFree(a));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetFromOptions - Method, amplitudes, mode and viscous damping from the options database,
  and the options of the method.

  Collective

  Options Database Keys:
+ -nma_type <rqnma>         - method (any registered one)
. -backbone_mode <1>        - elastic mode to follow (1 = the lowest above -modal_rigid_cutoff)
. -backbone_amplitudes a,b  - explicit modal amplitudes (sqrt(kg) m)
. -backbone_qmin <1e-7>     - first modal amplitude (log-spaced list)
. -backbone_qmax <1e-3>     - last modal amplitude; below qmin, EPMC traces its branch downward from qmin (RQNMA solves
                              each amplitude on its own: the same points either way)
. -backbone_n <20>          - number of amplitudes
. -backbone_zeta0 <0>       - low-amplitude viscous damping ratio added to every point (eq. 40)
. -backbone_loop_points i,j - interface quadrature points (0-based) whose hysteresis loops are stored, or auto (TriboNMASetLoopPoints())
- -backbone_quiet           - no progress lines

  Notes:
  Reads options only; solvers are created with the sizes in TriboNMASetUp().
@*/
PetscErrorCode TriboNMASetFromOptions(TriboNMA nma)
{
  char      type[64] = TRIBONMARQNMA;
  PetscReal qmin = NMA_QMIN, qmax = NMA_QMAX, list[1024];
  PetscInt  na = NMA_NAMP, nlist = 1024, mode = nma->mode;
  PetscBool set, quiet = (PetscBool)!nma->verbose, setmin, setmax, setn, setlp;
  char      lp[1024] = "";

  PetscFunctionBeginUser;
  if (nma->type) PetscCall(PetscStrncpy(type, nma->type, sizeof(type)));
  TriboOptionsBegin(nma->comm, nma->prefix, "Nonlinear modal analysis (backbone)", "TriboNMA");
  PetscCall(PetscOptionsFList("-nma_type", "nonlinear modal analysis method", "TriboNMASetType", TriboNMAList, type, type, sizeof(type), &set));
  if (set || !nma->type) PetscCall(TriboNMASetType(nma, type));
  PetscCall(TriboOptionsInt("-backbone_mode", "elastic mode to follow (1 = lowest above -modal_rigid_cutoff) [-]", "TriboNMASetModeNumber", mode,
                            &mode, NULL));
  PetscCall(PetscOptionsReal("-backbone_qmin", "smallest modal amplitude [sqrt(kg) m]", "TriboNMASetAmplitudes", qmin, &qmin, &setmin));
  PetscCall(PetscOptionsReal("-backbone_qmax", "largest modal amplitude [sqrt(kg) m]", "TriboNMASetAmplitudes", qmax, &qmax, &setmax));
  PetscCall(
      TriboOptionsRangeInt("-backbone_n", "number of log-spaced amplitudes (1 to 100000) [-]", "TriboNMASetAmplitudes", na, &na, &setn, 1, 100000));
  PetscCall(TriboOptionsRealArray("-backbone_amplitudes", "explicit list of modal amplitudes [sqrt(kg) m]", "TriboNMASetAmplitudes", list, &nlist,
                                  &set, 0));
  PetscCall(PetscOptionsReal("-backbone_zeta0", "viscous modal damping ratio added at every amplitude (eq. 40) [-]", "TriboNMASolve", nma->zeta0,
                             &nma->zeta0, NULL));
  PetscCall(PetscOptionsBool("-backbone_quiet", "no progress output", "TriboNMASolve", quiet, &quiet, NULL));
  PetscCall(PetscOptionsString("-backbone_loop_points",
                               "interface quadrature points (0-based, comma-separated) whose hysteresis loops are stored, or auto (largest slip)",
                               "TriboNMASetLoopPoints", lp, lp, sizeof(lp), &setlp));
  if (nma->ops->setfromoptions) PetscCall(nma->ops->setfromoptions(PetscOptionsObject, nma));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(nma->prefix, "backbone_"));
  PetscCall(TriboOptionsUseNamespace(nma->prefix, "nma_"));
  {
    char ns[128];
    PetscCall(PetscSNPrintf(ns, sizeof(ns), "%s_", nma->type));
    PetscCall(TriboOptionsUseNamespace(nma->prefix, ns));
  }
  nma->verbose = (PetscBool)!quiet;
  if (setlp) PetscCall(LoopPointsParse_Private(nma, lp));
  PetscCall(TriboNMASetModeNumber(nma, mode));
  PetscCheck(nma->zeta0 >= 0, nma->comm, PETSC_ERR_USER_INPUT, "-backbone_zeta0 must be >= 0, got %g", (double)nma->zeta0);
  nma->amps_requested = set;
  if (set) nma->descend = PETSC_FALSE;
  if (set)
    PetscCall(TriboNMASetAmplitudes(nma, nlist, list));
  else if (setmin || setmax || setn || !nma->na)
    PetscCall(NMADefaultAmplitudes_Private(nma, qmin, qmax, na));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetAmplitudes - Sets the modal amplitudes (ascending, positive) of the backbone.

  Logically collective

  Options Database Keys:
+ -backbone_amplitudes a,b,... - the list
- -backbone_qmin, -backbone_qmax, -backbone_n - a log-spaced list
@*/
PetscErrorCode TriboNMASetAmplitudes(TriboNMA nma, PetscInt na, const PetscReal a[])
{
  PetscFunctionBeginUser;
  PetscCheck(na >= 1, nma->comm, PETSC_ERR_USER_INPUT, "a backbone needs at least one amplitude");
  for (PetscInt i = 0; i < na; i++) {
    PetscCheck(a[i] > 0 && PetscIsNormalReal(a[i]), nma->comm, PETSC_ERR_USER_INPUT,
               "modal amplitude %" PetscInt_FMT " must be positive and finite, got %g (option -backbone_amplitudes)", i + 1, (double)a[i]);
    PetscCheck(i == 0 || a[i] > a[i - 1], nma->comm, PETSC_ERR_USER_INPUT,
               "modal amplitudes must increase, got %g after %g (option -backbone_amplitudes)", (double)a[i], (double)a[i - 1]);
  }
  PetscCall(PetscFree(nma->amps));
  PetscCall(PetscMalloc1(na, &nma->amps));
  PetscCall(PetscArraycpy(nma->amps, a, na));
  nma->na = na;
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetPrestress - The prestressed state: u_s, f_s, and the joint's committed history at
  u_s (copied now: every amplitude of a non-Masing backbone restarts from it).

  Collective

  Notes:
  Call it after TriboPrestressSolve() and TriboNMASetJoint() with the same joint, before any other
  solve commits a new history to the joint.
@*/
PetscErrorCode TriboNMASetPrestress(TriboNMA nma, TriboPrestress ps)
{
  const PetscReal *us, *fs;

  PetscFunctionBeginUser;
  PetscCheck(nma->joint, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboNMASetJoint()) before the prestress");
  PetscCall(TriboPrestressGetSolution(ps, &us, &fs));
  PetscCall(PetscArraycpy(nma->us, us, nma->n));
  PetscCall(PetscArraycpy(nma->fs, fs, nma->n));
  PetscCall(TriboJointCopyHistory(nma->joint, nma->hs, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetModal - The linear modes about the prestress; TriboNMASetUp() takes the elastic mode
  of TriboNMASetModeNumber() (-backbone_mode) from them.

  Logically collective
@*/
PetscErrorCode TriboNMASetModal(TriboNMA nma, TriboModal modal)
{
  PetscFunctionBegin;
  if (modal) PetscCall(PetscObjectReference((PetscObject)modal)); // kept: released by TriboNMADestroy() or a later set
  PetscCall(TriboModalDestroy(&nma->modal));
  nma->modal       = modal;
  nma->setupcalled = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetModeNumber - The elastic mode to follow (1 = the lowest above the rigid cutoff).

  Logically collective

  Options Database Key:
. -backbone_mode <1> - the mode
@*/
PetscErrorCode TriboNMASetModeNumber(TriboNMA nma, PetscInt mode)
{
  PetscFunctionBeginUser;
  PetscCheck(mode >= 1, nma->comm, PETSC_ERR_USER_INPUT, "-%sbackbone_mode must be >= 1 (1 = the lowest elastic mode), got %" PetscInt_FMT,
             nma->prefix ? nma->prefix : "", mode);
  nma->mode = mode;
  PetscFunctionReturn(0);
}

/*@
  TriboNMAGetModeNumber - The elastic mode followed.

  Not collective
@*/
PetscErrorCode TriboNMAGetModeNumber(TriboNMA nma, PetscInt *mode)
{
  PetscFunctionBeginUser;
  *mode = nma->mode;
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetMode - The linear mode to follow given directly: its 1-based number (for output),
  omega0^2 (rad^2/s^2) and mass-normalized shape about the prestress (instead of TriboNMASetModal()).

  Logically collective
@*/
PetscErrorCode TriboNMASetMode(TriboNMA nma, PetscInt mode, PetscReal omega2, const PetscReal phi[])
{
  PetscFunctionBeginUser;
  PetscCheck(nma->joint, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "set the joint (TriboNMASetJoint()) before the mode");
  PetscCheck(omega2 > 0, nma->comm, PETSC_ERR_USER_INPUT, "mode %" PetscInt_FMT " has omega^2 = %g <= 0: choose an elastic mode", mode,
             (double)omega2);
  nma->mode = mode;
  nma->lam0 = omega2;
  PetscCall(PetscArraycpy(nma->phi0, phi, nma->n));
  PetscCall(TriboModalDestroy(&nma->modal));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetUp - Takes the mode from the modal analysis (if set), checks the set-up and creates
  the method's solvers with the ROM's sizes.

  Collective
@*/
PetscErrorCode TriboNMASetUp(TriboNMA nma)
{
  PetscFunctionBeginUser;
  if (nma->setupcalled) PetscFunctionReturn(0);
  PetscCheck(nma->joint, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "no joint set (TriboNMASetJoint())");
  if (!nma->type) PetscCall(TriboNMASetType(nma, TRIBONMARQNMA));
  if (!nma->na) PetscCall(NMADefaultAmplitudes_Private(nma, NMA_QMIN, NMA_QMAX, NMA_NAMP));
  if (nma->modal) {
    PetscReal        w2;
    const PetscReal *phi;
    PetscInt         nev, nrigid;
    PetscCall(TriboModalGetModes(nma->modal, &nev, NULL, NULL));
    PetscCall(TriboModalGetNumberRigid(nma->modal, &nrigid));
    PetscCheck(nma->mode <= nev - nrigid, nma->comm, PETSC_ERR_USER_INPUT,
               "-%sbackbone_mode %" PetscInt_FMT " out of range: %" PetscInt_FMT " elastic modes were computed (raise -modal_nmodes)",
               nma->prefix ? nma->prefix : "", nma->mode, nev - nrigid);
    PetscCall(TriboModalGetElasticMode(nma->modal, nma->mode, &w2, &phi));
    PetscCheck(w2 > 0, nma->comm, PETSC_ERR_USER_INPUT, "mode %" PetscInt_FMT " has omega^2 = %g <= 0: choose an elastic mode", nma->mode,
               (double)w2);
    nma->lam0 = w2;
    PetscCall(PetscArraycpy(nma->phi0, phi, nma->n));
  }
  PetscCheck(nma->lam0 > 0, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "no linear mode set (TriboNMASetModal() or TriboNMASetMode())");
  if (nma->npl || nma->plauto) {
    TriboInterface f = nma->rom->iface;
    PetscCheck(f && f->npts > 0, nma->comm, PETSC_ERR_USER_INPUT, "-%sbackbone_loop_points: the ROM has no interface points",
               nma->prefix ? nma->prefix : "");
    if (nma->plauto) { // largest tangential relative displacement of the linear mode (all ranks hold the whole interface)
      PetscReal *u, best = -1;
      PetscInt   ibest = 0;
      PetscCall(PetscMalloc1(3 * f->npts, &u));
      PetscCall(TriboInterfacePointDisplacement(f, nma->phi0, u));
      for (PetscInt p = 0; p < f->npts; p++) {
        PetscReal s = u[3 * p] * u[3 * p] + u[3 * p + 1] * u[3 * p + 1];
        if (s > best) best = s, ibest = p;
      }
      PetscCall(PetscFree(u));
      PetscCall(TriboNMASetLoopPoints(nma, 1, &ibest));
      nma->plauto = PETSC_TRUE;
    }
    for (PetscInt k = 0; k < nma->npl; k++)
      PetscCheck(nma->plidx[k] >= 0 && nma->plidx[k] < f->npts, nma->comm, PETSC_ERR_USER_INPUT,
                 "-%sbackbone_loop_points: point %" PetscInt_FMT " out of range, the interface has %" PetscInt_FMT " quadrature points (0-based)",
                 nma->prefix ? nma->prefix : "", nma->plidx[k], f->npts);
  }
  if (nma->ops->setup) PetscCall(nma->ops->setup(nma));
  nma->setupcalled = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboNMASolve - Traces the backbone (TriboNMASetUp() first if needed).

  Collective
@*/
PetscErrorCode TriboNMASolve(TriboNMA nma)
{
  PetscFunctionBeginUser;
  PetscCall(TriboNMASetUp(nma));
  PetscCall(nma->ops->solve(nma));
  PetscFunctionReturn(0);
}

/*@
  TriboNMAGetBackbone - The backbone traced by TriboNMASolve(); owned by the analysis.

  Not collective
@*/
PetscErrorCode TriboNMAGetBackbone(TriboNMA nma, const TriboBackbone **bb)
{
  PetscFunctionBeginUser;
  PetscCheck(nma->bb.na > 0, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "no backbone yet (TriboNMASolve())");
  *bb = &nma->bb;
  PetscFunctionReturn(0);
}

/*@
  TriboNMAView - Prints the method, mode, amplitude range and the method's settings.

  Collective
@*/
PetscErrorCode TriboNMAView(TriboNMA nma, PetscViewer v)
{
  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(v, "Nonlinear modal analysis %s, mode %" PetscInt_FMT ", %" PetscInt_FMT " amplitudes in [%g, %g], zeta0 = %g\n",
                                   nma->type ? nma->type : "(type not set)", nma->mode, nma->na, nma->na ? (double)nma->amps[0] : 0.0,
                                   nma->na ? (double)nma->amps[nma->na - 1] : 0.0, (double)nma->zeta0));
  if (nma->ops->view) PetscCall(nma->ops->view(nma, v));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboBackboneFree_Private(TriboBackbone *b)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(b->q));
  PetscCall(PetscFree(b->freq));
  PetscCall(PetscFree(b->zeta));
  PetscCall(PetscFree(b->dissip));
  PetscCall(PetscFree(b->lam_p));
  PetscCall(PetscFree(b->lam_m));
  PetscCall(PetscFree(b->rec_disp));
  PetscCall(PetscFree(b->rec_acc));
  PetscCall(PetscFree(b->phi));
  PetscCall(PetscFree(b->resid));
  PetscCall(PetscFree(b->dchange));
  PetscCall(PetscFree(b->newton));
  PetscCall(PetscFree(b->cycles));
  PetscCall(PetscFree(b->status));
  PetscCall(PetscFree(b->seconds));
  PetscCall(PetscFree(b->point_dissip));
  b->npd = 0;
  PetscCall(PetscFree(b->loop_q));
  PetscCall(PetscFree(b->loop_force));
  PetscCall(PetscFree(b->pl_index));
  PetscCall(PetscFree(b->pl_u));
  PetscCall(PetscFree(b->pl_t));
  PetscCall(PetscMemzero(b, sizeof(*b)));
  PetscFunctionReturn(0);
}

/*@
  TriboNMABackboneAllocate - For implementations: allocates nma->bb for the nma->na amplitudes,
  with the amplitudes, mode and linear frequency filled in, every result NaN and every status
  TRIBO_BACKBONE_FAILED until the method records it.

  Not collective
@*/
PetscErrorCode TriboNMABackboneAllocate(TriboNMA nma)
{
  TriboBackbone *b  = &nma->bb;
  PetscInt       na = nma->na, n = nma->n;

  PetscFunctionBeginUser;
  PetscCall(TriboBackboneFree_Private(b));
  b->na         = na;
  b->n          = n;
  b->nrec       = nma->rom->nrec;
  b->mode       = nma->mode;
  b->incomplete = b->failed = b->requested = PETSC_FALSE, b->stop[0] = b->warn[0] = b->reqwhat[0] = 0;
  PetscCall(PetscMalloc1(na, &b->q));
  PetscCall(PetscMalloc1(na, &b->freq));
  PetscCall(PetscMalloc1(na, &b->zeta));
  PetscCall(PetscMalloc1(na, &b->dissip));
  PetscCall(PetscMalloc1(na, &b->lam_p));
  PetscCall(PetscMalloc1(na, &b->lam_m));
  PetscCall(PetscMalloc1(na * b->nrec + 1, &b->rec_disp));
  PetscCall(PetscMalloc1(na * b->nrec + 1, &b->rec_acc));
  PetscCall(PetscMalloc1(na * n, &b->phi));
  PetscCall(PetscMalloc1(na, &b->resid));
  PetscCall(PetscMalloc1(na, &b->dchange));
  PetscCall(PetscCalloc1(na, &b->newton));
  PetscCall(PetscCalloc1(na, &b->cycles));
  PetscCall(PetscMalloc1(na, &b->status));
  PetscCall(PetscCalloc1(na, &b->seconds));
  for (PetscInt i = 0; i < na; i++) {
    b->q[i]      = nma->amps[i];
    b->status[i] = TRIBO_BACKBONE_FAILED;
    b->freq[i] = b->zeta[i] = b->dissip[i] = b->lam_p[i] = b->lam_m[i] = b->resid[i] = b->dchange[i] = ((PetscReal)NAN);
    for (PetscInt k = 0; k < b->nrec; k++) b->rec_disp[i * b->nrec + k] = b->rec_acc[i * b->nrec + k] = ((PetscReal)NAN);
    for (PetscInt k = 0; k < n; k++) b->phi[i * n + k] = ((PetscReal)NAN);
  }
  b->freq0 = PetscSqrtReal(nma->lam0) / (2 * PETSC_PI);
  PetscFunctionReturn(0);
}

/*@
  TriboNMABackboneAllocateLoops - For implementations: allocates the hysteresis loops of nma->bb,
  nloop states per amplitude (loop_q, loop_force) and, for the points of TriboNMASetLoopPoints(),
  their relative displacement and traction at the same states (pl_u, pl_t), every value NaN.

  Not collective

  Input Parameters:
+ nma   - the analysis, after TriboNMABackboneAllocate()
- nloop - states per loop

.seealso: TriboNMABackboneAllocate(), TriboNMAWriteH5()
@*/
PetscErrorCode TriboNMABackboneAllocateLoops(TriboNMA nma, PetscInt nloop)
{
  TriboBackbone *b = &nma->bb;
  PetscInt       nl, npv;

  PetscFunctionBeginUser;
  PetscCall(PetscFree(b->loop_q));
  PetscCall(PetscFree(b->loop_force));
  PetscCall(PetscFree(b->pl_index));
  PetscCall(PetscFree(b->pl_u));
  PetscCall(PetscFree(b->pl_t));
  b->nloop = nloop;
  b->npl   = nma->npl;
  nl       = b->na * nloop;
  npv      = nl * b->npl * 3;
  PetscCall(PetscMalloc1(nl + 1, &b->loop_q));
  PetscCall(PetscMalloc1(nl + 1, &b->loop_force));
  PetscCall(PetscMalloc1(b->npl + 1, &b->pl_index));
  PetscCall(PetscMalloc1(npv + 1, &b->pl_u));
  PetscCall(PetscMalloc1(npv + 1, &b->pl_t));
  for (PetscInt i = 0; i < nl; i++) b->loop_q[i] = b->loop_force[i] = (PetscReal)NAN;
  for (PetscInt i = 0; i < npv; i++) b->pl_u[i] = b->pl_t[i] = (PetscReal)NAN;
  if (b->npl) PetscCall(PetscArraycpy(b->pl_index, nma->plidx, b->npl));
  PetscFunctionReturn(0);
}

/*@
  TriboNMADestroy - Destroys the analysis and its backbone.

  Collective
@*/
PetscErrorCode TriboNMADestroy(TriboNMA *nma)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(nma, TRIBO_NMA_CLASSID);
  if ((*nma)->ops->destroy) PetscCall((*nma)->ops->destroy(*nma));
  PetscCall(TriboModalDestroy(&(*nma)->modal)); // its reference (TriboNMASetModal())
  PetscCall(TriboBackboneFree_Private(&(*nma)->bb));
  PetscCall(PetscFree((*nma)->type));
  PetscCall(PetscFree((*nma)->prefix));
  PetscCall(PetscFree((*nma)->us));
  PetscCall(PetscFree((*nma)->fs));
  PetscCall(PetscFree((*nma)->hs));
  PetscCall(PetscFree((*nma)->phi0));
  PetscCall(PetscFree((*nma)->amps));
  PetscCall(PetscFree((*nma)->plidx));
  PetscCall(PetscHeaderDestroy(nma));
  PetscFunctionReturn(0);
}
