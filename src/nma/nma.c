#include <tribo/private/nmaimpl.h>
#include <tribonum.h>

static PetscFunctionList TriboNMAList = NULL;

PetscErrorCode TriboNMARegister(const char name[], PetscErrorCode (*create)(TriboNMA))
{
  PetscFunctionBeginUser;
  PetscCall(PetscFunctionListAdd(&TriboNMAList, name, create));
  PetscFunctionReturn(0);
}

/*@
  TriboNMARegisterAll - Registers the nonlinear modal analysis methods that ship with tribo.
@*/
PetscErrorCode TriboNMARegisterAll(void)
{
  static PetscBool called = PETSC_FALSE;

  PetscFunctionBeginUser;
  if (called) PetscFunctionReturn(0);
  called = PETSC_TRUE;
  PetscCall(TriboNMARegister(TRIBONMARQNMA, TriboNMACreate_RQNMA));
  PetscFunctionReturn(0);
}

/*@
  TriboNMACreate - Creates a nonlinear modal analysis of a ROM with a joint.

  Collective on rom->comm
@*/
PetscErrorCode TriboNMACreate(TriboROM rom, TriboJoint joint, TriboNMA *nma)
{
  TriboNMA m;

  PetscFunctionBeginUser;
  PetscCall(TriboNMARegisterAll());
  PetscCall(PetscNew(&m));
  m->comm    = rom->comm;
  m->rom     = rom;
  m->joint   = joint;
  m->n       = rom->n;
  m->mode    = 1;
  m->verbose = PETSC_TRUE;
  PetscCall(PetscCalloc1(m->n, &m->us));
  PetscCall(PetscCalloc1(m->n, &m->fs));
  PetscCall(PetscCalloc1(m->n, &m->phi0));
  if (joint) PetscCall(TriboJointGetHistorySize(joint, &m->nh));
  PetscCall(PetscCalloc1(m->nh + 1, &m->hs));
  *nma = m;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNMASetType(TriboNMA nma, const char type[])
{
  PetscErrorCode (*create)(TriboNMA) = NULL;

  PetscFunctionBeginUser;
  PetscCall(PetscFunctionListFind(TriboNMAList, type, &create));
  PetscCheck(create, nma->comm, PETSC_ERR_USER_INPUT, "unknown modal analysis method \"%s\" (option -nma_type); known: " TRIBONMARQNMA, type);
  if (nma->ops.destroy) PetscCall(nma->ops.destroy(nma));
  PetscCall(PetscMemzero(&nma->ops, sizeof(nma->ops)));
  PetscCall(PetscFree(nma->type));
  PetscCall(PetscStrallocpy(type, &nma->type));
  PetscCall(create(nma));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetFromOptions - Method, amplitudes and viscous damping from the options database.

  Options Database Keys:
+ -nma_type <rqnma>       - method
. -backbone_amplitudes a,b - explicit modal amplitudes (sqrt(kg) m)
. -backbone_qmin <1e-7>   - smallest modal amplitude (log-spaced list)
. -backbone_qmax <1e-3>   - largest modal amplitude
. -backbone_n <20>        - number of amplitudes
. -backbone_zeta0 <0>     - low-amplitude viscous damping ratio added to every point (eq. 40)
- -backbone_quiet         - no progress lines
@*/
PetscErrorCode TriboNMASetFromOptions(TriboNMA nma)
{
  char      type[64] = TRIBONMARQNMA;
  PetscReal qmin = 1e-7, qmax = 1e-3, list[1024];
  PetscInt  na = 20, nlist = 1024;
  PetscBool set, quiet     = PETSC_FALSE, setmin, setmax, setn;

  PetscFunctionBeginUser;
  if (nma->type) PetscCall(PetscStrncpy(type, nma->type, sizeof(type)));
  PetscOptionsBegin(nma->comm, NULL, "Nonlinear modal analysis (backbone)", "TriboNMA");
  PetscCall(PetscOptionsFList("-nma_type", "nonlinear modal analysis method", "TriboNMASetType", TriboNMAList, type, type, sizeof(type), &set));
  if (set || !nma->type) PetscCall(TriboNMASetType(nma, type));
  PetscCall(PetscOptionsReal("-backbone_qmin", "smallest modal amplitude [sqrt(kg) m]", "TriboNMASetAmplitudes", qmin, &qmin, &setmin));
  PetscCall(PetscOptionsReal("-backbone_qmax", "largest modal amplitude [sqrt(kg) m]", "TriboNMASetAmplitudes", qmax, &qmax, &setmax));
  PetscCall(PetscOptionsInt("-backbone_n", "number of log-spaced amplitudes", "TriboNMASetAmplitudes", na, &na, &setn));
  PetscCall(PetscOptionsRealArray("-backbone_amplitudes", "explicit list of modal amplitudes [sqrt(kg) m]", "TriboNMASetAmplitudes", list, &nlist, &set));
  PetscCall(PetscOptionsReal("-backbone_zeta0", "viscous modal damping ratio added at every amplitude (eq. 40) [-]", "TriboNMASolve", nma->zeta0, &nma->zeta0, NULL));
  PetscCall(PetscOptionsBool("-backbone_quiet", "no progress output", "TriboNMASolve", quiet, &quiet, NULL));
  if (nma->ops.setfromoptions) PetscCall(nma->ops.setfromoptions(PetscOptionsObject, nma));
  PetscOptionsEnd();
  nma->verbose = (PetscBool)!quiet;
  PetscCheck(nma->zeta0 >= 0, nma->comm, PETSC_ERR_USER_INPUT, "-backbone_zeta0 must be >= 0, got %g", (double)nma->zeta0);
  if (set)
    PetscCall(TriboNMASetAmplitudes(nma, nlist, list));
  else if (setmin || setmax || setn || !nma->na) {
    PetscReal *a;
    PetscCheck(na >= 1, nma->comm, PETSC_ERR_USER_INPUT, "-backbone_n must be >= 1, got %" PetscInt_FMT, na);
    PetscCheck(qmin > 0 && qmax >= qmin, nma->comm, PETSC_ERR_USER_INPUT, "need 0 < -backbone_qmin <= -backbone_qmax, got %g and %g", (double)qmin, (double)qmax);
    PetscCall(PetscMalloc1(na, &a));
    PetscCall(TriboLogspace(qmin, qmax, na, a));
    PetscCall(TriboNMASetAmplitudes(nma, na, a));
    PetscCall(PetscFree(a));
  }
  if (nma->ops.setup) PetscCall(nma->ops.setup(nma));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetAmplitudes - Sets the modal amplitudes (ascending, positive) of the backbone.
@*/
PetscErrorCode TriboNMASetAmplitudes(TriboNMA nma, PetscInt na, const PetscReal a[])
{
  PetscFunctionBeginUser;
  PetscCheck(na >= 1, nma->comm, PETSC_ERR_USER_INPUT, "a backbone needs at least one amplitude");
  for (PetscInt i = 0; i < na; i++) {
    PetscCheck(a[i] > 0 && PetscIsNormalReal(a[i]), nma->comm, PETSC_ERR_USER_INPUT, "modal amplitude %" PetscInt_FMT " must be positive and finite, got %g (option -backbone_amplitudes)", i + 1, (double)a[i]);
    PetscCheck(i == 0 || a[i] > a[i - 1], nma->comm, PETSC_ERR_USER_INPUT, "modal amplitudes must increase, got %g after %g (option -backbone_amplitudes)", (double)a[i], (double)a[i - 1]);
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
@*/
PetscErrorCode TriboNMASetPrestress(TriboNMA nma, const TriboPrestress *ps)
{
  PetscFunctionBeginUser;
  PetscCall(PetscArraycpy(nma->us, ps->us, nma->n));
  PetscCall(PetscArraycpy(nma->fs, ps->fs, nma->n));
  PetscCall(TriboJointCopyHistory(nma->joint, nma->hs, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASetMode - The linear mode to follow: its 1-based number (for output), omega0^2
  (rad^2/s^2) and mass-normalized shape about the prestress.
@*/
PetscErrorCode TriboNMASetMode(TriboNMA nma, PetscInt mode, PetscReal omega2, const PetscReal phi[])
{
  PetscFunctionBeginUser;
  PetscCheck(omega2 > 0, nma->comm, PETSC_ERR_USER_INPUT, "mode %" PetscInt_FMT " has omega^2 = %g <= 0: choose an elastic mode", mode, (double)omega2);
  nma->mode = mode;
  nma->lam0 = omega2;
  PetscCall(PetscArraycpy(nma->phi0, phi, nma->n));
  PetscFunctionReturn(0);
}

/*@
  TriboNMASolve - Traces the backbone.

  Collective
@*/
PetscErrorCode TriboNMASolve(TriboNMA nma)
{
  PetscFunctionBeginUser;
  if (!nma->type) PetscCall(TriboNMASetType(nma, TRIBONMARQNMA));
  PetscCheck(nma->na > 0, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "no amplitudes set");
  PetscCheck(nma->lam0 > 0, nma->comm, PETSC_ERR_ARG_WRONGSTATE, "no linear mode set (TriboNMASetMode)");
  PetscCall(nma->ops.solve(nma));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNMAGetBackbone(TriboNMA nma, const TriboBackbone **bb)
{
  PetscFunctionBeginUser;
  *bb = &nma->bb;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNMAView(TriboNMA nma, PetscViewer v)
{
  PetscFunctionBeginUser;
  PetscCall(
      PetscViewerASCIIPrintf(v, "Nonlinear modal analysis %s, mode %" PetscInt_FMT ", %" PetscInt_FMT " amplitudes in [%g, %g], zeta0 = %g\n", nma->type, nma->mode, nma->na, (double)nma->amps[0], (double)nma->amps[nma->na - 1], (double)nma->zeta0));
  if (nma->ops.view) PetscCall(nma->ops.view(nma, v));
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
  PetscCall(PetscFree(b->converged));
  PetscCall(PetscFree(b->seconds));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboNMADestroy(TriboNMA *nma)
{
  PetscFunctionBeginUser;
  if (!*nma) PetscFunctionReturn(0);
  if ((*nma)->ops.destroy) PetscCall((*nma)->ops.destroy(*nma));
  PetscCall(TriboBackboneFree_Private(&(*nma)->bb));
  PetscCall(PetscFree((*nma)->type));
  PetscCall(PetscFree((*nma)->us));
  PetscCall(PetscFree((*nma)->fs));
  PetscCall(PetscFree((*nma)->hs));
  PetscCall(PetscFree((*nma)->phi0));
  PetscCall(PetscFree((*nma)->amps));
  PetscCall(PetscFree(*nma));
  PetscFunctionReturn(0);
}
