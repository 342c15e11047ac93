/* A user's ROM as the model of a fit (paper porter-et-al-2022 §3.2, the FJROM: the law on every quadrature point of the
   interface): the ROM file is read once; each evaluation sets the law's parameters, solves the prestress (bolt load of the
   ROM, -prestress_* options), the linear modes at it, and the backbone of one mode by tribo's TriboNMA with the method of
   -fit_backbone: rqnma (Masing: the initial loading curve, eqs. 33-40), rqnma_nonmasing (the hysteresis cycles), or epmc
   (harmonic balance, the extended periodic motion concept); the NMA reads its other options with the prefix fjrom_
   (-fjrom_backbone_mode, -fjrom_epmc_*, ...). All on the communicator given (PETSC_COMM_SELF in a fit: each rank its
   own members). zeta = the method's damping + zeta0. The amplitude is the ROM's modal amplitude of that mode. EPMC returns
   the points of its own continuation in amplitude: they are interpolated (linear in log amplitude) at the amplitudes asked. */
#include <tribofit.h>
#include <tribo/private/objimpl.h>
#include <math.h>
#include <string.h>

struct _p_TriboFJROM {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm     comm;
  TriboROM     rom;
  TriboLaw     law;
  char         method[32];
  PetscReal    zeta0;
  PetscInt     nnames;
  const char **names;
};

const char *const TriboFJROMMethods[] = {"rqnma", "rqnma_nonmasing", "epmc", NULL};

/*@
  TriboFJROMCreate - a fit model from a ROM file (tribo rom/model .h5, .mat, .yaml without laws), with law and backbone method

  Collective on comm

  Input Parameters:
+ comm   - communicator of the evaluations (PETSC_COMM_SELF in a fit)
. path   - the ROM file
. law    - the law's type (on every point of the interface)
- method - rqnma, rqnma_nonmasing or epmc
@*/
PetscErrorCode TriboFJROMCreate(MPI_Comm comm, const char path[], const char law[], const char method[], TriboFJROM *fj)
{
  TriboFJROM          p;
  PetscBool           known = PETSC_FALSE;
  const TriboLawCard *card;

  PetscFunctionBegin;
  PetscValidPointer(fj, 5);
  PetscCall(TriboInitializePackage());
  for (int k = 0; TriboFJROMMethods[k]; k++)
    if (!strcmp(method, TriboFJROMMethods[k])) known = PETSC_TRUE;
  PetscCheck(known, comm, PETSC_ERR_USER_INPUT, "option -fit_backbone: unknown method '%s', expected rqnma, rqnma_nonmasing or epmc", method);
  PetscCall(PetscHeaderCreate(p, TRIBO_FJROM_CLASSID, "TriboFJROM", "Full-joint ROM of a fit", "FJROM", comm, TriboFJROMDestroy, NULL));
  p->comm = comm;
  PetscCall(PetscStrncpy(p->method, method, sizeof(p->method)));
  PetscCall(TriboROMLoad(comm, path, &p->rom));
  PetscCheck(p->rom->iface && !p->rom->elements, comm, PETSC_ERR_USER_INPUT,
             "%s (option -fit_rom): a fit on a ROM needs a joint interface with one law on it (a .yaml system brings its own laws)", path);
  /* the NMA of each evaluation reads its options (prefix fjrom_) only when it runs, after tribo fit has checked the options
     given: the namespace is registered so that they are not taken for misspellings (e.g. -fjrom_cont_ds_max, EPMC's largest
     continuation step) */
  PetscCall(TriboOptionsRegisterNamespace("fjrom_"));
  PetscCall(TriboLawCreate(comm, &p->law));
  PetscCall(TriboLawSetType(p->law, law));
  PetscCall(TriboLawSetFromOptions(p->law));
  PetscCall(TriboLawGetCard(p->law, &card));
  p->nnames = card->nparams + 1;
  PetscCall(PetscMalloc1(p->nnames, &p->names));
  for (PetscInt i = 0; i < card->nparams; i++) p->names[i] = card->params[i].name;
  p->names[card->nparams] = "zeta0";
  *fj                     = p;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFJROMGetParameterNames(TriboFJROM fj, PetscInt *n, const char *const *names[])
{
  PetscFunctionBeginUser;
  *n     = fj->nnames;
  *names = (const char *const *)fj->names;
  PetscFunctionReturn(0);
}

/* one of the law's parameters, or zeta0 (>= 0) */
PetscErrorCode TriboFJROMSetParameter(TriboFJROM fj, const char name[], PetscReal v)
{
  PetscFunctionBeginUser;
  if (!strcmp(name, "zeta0")) {
    PetscCheck(v >= 0, fj->comm, PETSC_ERR_USER_INPUT, "ROM fit: zeta0 must be >= 0, got %g", (double)v);
    fj->zeta0 = v;
  } else
    PetscCall(TriboLawSetParameter(fj->law, name, v));
  PetscFunctionReturn(0);
}

/* The backbone of one mode of a joint whose ROM and law are set (shared by TriboFJROMBackbone() and TriboWJROMBackbone()):
   prestress (tension < 0: the ROM's bolt load and -prestress_* options; else that tension), the linear modes at it (all of
   them with no rigid cutoff when allmodes, for the one-DOF WJROM), and the NMA of type epmc or rqnma with the options prefix
   given, at the modal amplitudes q; zeta = the method's damping + zeta0. EPMC returns the points of its own continuation: it
   aims 1.5 times past the last amplitude (its branch stops at its first point past the end and drops it) and the points are
   interpolated linearly in log amplitude (outside their range: failed). */
PetscErrorCode TriboFitJointBackbone(MPI_Comm comm, TriboJoint joint, PetscReal tension, PetscBool allmodes, const char prefix[], PetscBool epmc,
                                     PetscInt na, const PetscReal q[], PetscReal zeta0, PetscReal freq[], PetscReal zeta[], PetscReal *resid,
                                     PetscBool *ok)
{
  TriboPrestress       ps;
  TriboModal           modal;
  TriboNMA             nma;
  const PetscReal     *us;
  const TriboBackbone *bb;
  SNESConvergedReason  reason;
  PetscInt             mode;

  PetscFunctionBeginUser;
  PetscCall(TriboPrestressCreate(comm, &ps));
  PetscCall(TriboPrestressSetJoint(ps, joint));
  if (tension >= 0)
    PetscCall(TriboPrestressSetTension(ps, tension));
  else
    PetscCall(TriboPrestressSetFromOptions(ps));
  PetscCall(TriboPrestressSolve(ps));
  PetscCall(TriboPrestressGetConvergedReason(ps, &reason));
  *ok    = (PetscBool)(reason > 0);
  *resid = 0;
  for (PetscInt i = 0; i < na; i++) freq[i] = zeta[i] = NAN;
  if (*ok) {
    PetscCall(TriboPrestressGetSolution(ps, &us, NULL));
    PetscCall(TriboModalCreate(comm, &modal));
    PetscCall(TriboModalSetJoint(modal, joint));
    PetscCall(TriboModalSetState(modal, us));
    if (allmodes) {
      PetscCall(TriboModalSetRigidCutoff(modal, 0.0));
      PetscCall(TriboModalSetComputeAll(modal, PETSC_TRUE));
    }
    PetscCall(TriboNMACreate(comm, &nma));
    PetscCall(TriboNMASetOptionsPrefix(nma, prefix));
    PetscCall(TriboNMASetType(nma, epmc ? TRIBONMAEPMC : TRIBONMARQNMA));
    PetscCall(TriboNMASetJoint(nma, joint));
    if (epmc) {
      PetscReal *qq;
      PetscCall(PetscMalloc1(na, &qq));
      PetscCall(PetscArraycpy(qq, q, na));
      qq[na - 1] *= 1.5;
      PetscCall(TriboNMASetAmplitudes(nma, na, qq));
      PetscCall(PetscFree(qq));
    } else
      PetscCall(TriboNMASetAmplitudes(nma, na, q));
    PetscCall(TriboNMASetFromOptions(nma)); // the caller sets -PREFIX_rqnma_masing, -PREFIX_backbone_quiet
    PetscCall(TriboNMAGetModeNumber(nma, &mode));
    if (!allmodes) PetscCall(TriboModalSetRequiredModes(modal, mode));
    PetscCall(TriboModalSolve(modal));
    PetscCall(TriboNMASetPrestress(nma, ps));
    PetscCall(TriboNMASetModal(nma, modal));
    PetscCall(TriboNMASolve(nma));
    PetscCall(TriboNMAGetBackbone(nma, &bb));
    if (!epmc) { // RQNMA: the backbone at the amplitudes asked
      for (PetscInt i = 0; i < na; i++) {
        if (bb->status[i] == TRIBO_BACKBONE_FAILED)
          *ok = PETSC_FALSE;
        else {
          freq[i] = bb->freq[i];
          zeta[i] = bb->zeta[i] + zeta0;
          *resid += PetscAbsReal(bb->resid[i]);
        }
      }
    } else {
      for (PetscInt i = 0; i < na; i++) {
        PetscInt j = -1;
        for (PetscInt k = 0; k + 1 < bb->na; k++)
          if (bb->q[k] <= q[i] && q[i] <= bb->q[k + 1] && bb->status[k] != TRIBO_BACKBONE_FAILED && bb->status[k + 1] != TRIBO_BACKBONE_FAILED) j = k;
        if (j < 0) {
          *ok = PETSC_FALSE;
          continue;
        }
        {
          PetscReal s = bb->q[j + 1] > bb->q[j] ? PetscLogReal(q[i] / bb->q[j]) / PetscLogReal(bb->q[j + 1] / bb->q[j]) : 0;
          freq[i]     = (1 - s) * bb->freq[j] + s * bb->freq[j + 1];
          zeta[i]     = (1 - s) * bb->zeta[j] + s * bb->zeta[j + 1] + zeta0;
          *resid += PetscAbsReal(bb->resid[j]);
        }
      }
    }
    PetscCall(TriboNMADestroy(&nma));
    PetscCall(TriboModalDestroy(&modal));
  }
  PetscCall(TriboPrestressDestroy(&ps));
  PetscFunctionReturn(0);
}

/*@
  TriboFJROMBackbone - prestress, linear modes and the backbone of the ROM with the current parameters at the given modal
  amplitudes (the same outputs as TriboWJROMBackbone())

  Collective on the ROM's communicator
@*/
PetscErrorCode TriboFJROMBackbone(TriboFJROM fj, PetscInt na, const PetscReal q[], PetscReal freq[], PetscReal zeta[], PetscReal *resid,
                                  PetscBool *ok)
{
  TriboJoint joint;

  PetscFunctionBeginUser;
  PetscCall(TriboJointCreate(fj->comm, &joint));
  PetscCall(TriboJointSetROM(joint, fj->rom));
  PetscCall(TriboJointSetLaw(joint, fj->law));
  PetscCall(TriboJointSetUp(joint));
  PetscCall(PetscOptionsSetValue(NULL, "-fjrom_rqnma_masing", strcmp(fj->method, "rqnma") ? "0" : "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-fjrom_backbone_quiet", "1"));
  PetscCall(TriboFitJointBackbone(fj->comm, joint, -1.0, PETSC_FALSE, "fjrom_", (PetscBool)!strcmp(fj->method, "epmc"), na, q, fj->zeta0, freq, zeta,
                                  resid, ok));
  PetscCall(TriboJointDestroy(&joint));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboFJROMDestroy(TriboFJROM *fj)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(fj, TRIBO_FJROM_CLASSID);
  PetscCall(TriboLawDestroy(&(*fj)->law));
  PetscCall(TriboROMDestroy(&(*fj)->rom));
  PetscCall(PetscFree((*fj)->names));
  PetscCall(PetscHeaderDestroy(fj));
  PetscFunctionReturn(0);
}
