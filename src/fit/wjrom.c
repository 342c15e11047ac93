/* The whole-joint ROM of a fit (paper porter-et-al-2022 §3.1-3.4, the WJROM): one modal DOF of unit mass, a linear spring
   k0 (the structure without the joint) and one discrete element of an interface law in parallel (interface area 1, so
   the law's tractions are forces and its displacement is the modal amplitude), m x'' + k0 x + f_law(x) = 0. Its
   backbone is tribo's own: TriboNMA of type rqnma with the Masing hypotheses (-rqnma_masing: the initial loading curve,
   omega = sqrt(lambda(q)), eq. 34a; D = 8 int_0^q lambda s ds - 4 lambda(q) q^2, §2.3.1), after the prestress (no
   load) and the linear modes, all on PETSC_COMM_SELF so that each rank evaluates its own members of a population.
   zeta = D / (2 pi (omega q)^2) + zeta0 (eqs. 39-40). The parameters are the law's (by their card names) and k0 (N/m)
   and zeta0 (-). */
#include <tribofit.h>
#include <tribo/private/objimpl.h>

struct _p_TriboWJROM {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm     comm;
  TriboROM     rom;
  TriboLaw     law;
  char         type[64];
  PetscReal    k0, zeta0;
  PetscReal    psi; /* the joint's displacement per unit modal amplitude (1 for the fitted mode; TriboWJROMSetParticipation()) */
  PetscInt     nnames;
  const char **names; /* the law's parameters, then k0, zeta0 */
};

/*@
  TriboWJROMCreate - a whole-joint ROM: unit mass, k0 = 1e6 N/m, zeta0 = 0, law iwan4 (set another with TriboWJROMSetLaw())

  Collective on comm (use PETSC_COMM_SELF: the evaluations of a fit are per rank)
@*/
PetscErrorCode TriboWJROMCreate(MPI_Comm comm, TriboWJROM *w)
{
  TriboWJROM     p;
  TriboInterface f;
  Mat            mats[5];

  PetscFunctionBegin;
  PetscValidPointer(w, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(p, TRIBO_WJROM_CLASSID, "TriboWJROM", "Whole-joint ROM of a fit", "WJROM", comm, TriboWJROMDestroy, NULL));
  p->comm = comm;
  p->k0   = 1e6;
  p->psi  = 1;
  PetscCall(TriboROMCreate(comm, &p->rom));
  PetscCall(TriboROMSetSizes(p->rom, 1, 0));
  PetscCall(MatSetValue(p->rom->M, 0, 0, 1.0, INSERT_VALUES));
  PetscCall(MatSetValue(p->rom->K, 0, 0, p->k0, INSERT_VALUES));
  PetscCall(TriboInterfaceCreate(&f));
  f->nnodes = f->npts = 1;
  PetscCall(PetscCalloc1(3, &f->xyz));
  PetscCall(PetscCalloc1(3, &f->pxyz));
  PetscCall(PetscMalloc1(1, &f->pw));
  PetscCall(PetscMalloc1(1, &f->pelem));
  f->pw[0]    = 1;
  f->pelem[0] = -1;
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 1, 1, 1, NULL, &f->Q));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 1, 1, 1, NULL, &f->T));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 3, 1, 1, NULL, &f->L));
  PetscCall(MatSetValue(f->Q, 0, 0, 1.0, INSERT_VALUES));
  PetscCall(MatSetValue(f->T, 0, 0, 1.0, INSERT_VALUES));
  PetscCall(MatSetValue(f->L, 0, 0, 1.0, INSERT_VALUES)); // the DOF is the element's t1 displacement
  mats[0] = p->rom->M, mats[1] = p->rom->K, mats[2] = f->Q, mats[3] = f->T, mats[4] = f->L;
  for (int i = 0; i < 5; i++) {
    PetscCall(MatAssemblyBegin(mats[i], MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(mats[i], MAT_FINAL_ASSEMBLY));
  }
  p->rom->iface = f;
  PetscCall(TriboROMCheck(p->rom, "whole-joint ROM"));
  *w = p;
  PetscCall(TriboWJROMSetLaw(p, TRIBOLAWIWAN4));
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMSetLaw - the law of the joint element, by its registered name; its parameters start at the card's defaults

  Collective
@*/
PetscErrorCode TriboWJROMSetLaw(TriboWJROM w, const char type[])
{
  const TriboLawCard *card;

  PetscFunctionBeginUser;
  PetscCall(TriboLawDestroy(&w->law));
  PetscCall(PetscFree(w->names));
  PetscCall(TriboLawCreate(w->comm, &w->law));
  PetscCall(TriboLawSetType(w->law, type));
  PetscCall(PetscStrncpy(w->type, type, sizeof(w->type)));
  PetscCall(TriboLawGetCard(w->law, &card));
  w->nnames = card->nparams + 2;
  PetscCall(PetscMalloc1(w->nnames, &w->names));
  for (PetscInt i = 0; i < card->nparams; i++) w->names[i] = card->params[i].name;
  w->names[card->nparams]     = "k0";
  w->names[card->nparams + 1] = "zeta0";
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMSetFromOptions - the law's fixed parameters from the options (-friction_<name> value), as for every joint

  Collective
@*/
PetscErrorCode TriboWJROMSetFromOptions(TriboWJROM w)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawSetFromOptions(w->law));
  PetscFunctionReturn(0);
}

/* The names of the parameters a fit may vary: the law's card, then k0 and zeta0 */
PetscErrorCode TriboWJROMGetParameterNames(TriboWJROM w, PetscInt *n, const char *const *names[])
{
  PetscFunctionBeginUser;
  *n     = w->nnames;
  *names = (const char *const *)w->names;
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMSetParameter - one parameter by name: one of the law's, k0 (N/m, > 0) or zeta0 (>= 0)

  Not collective
@*/
PetscErrorCode TriboWJROMSetParameter(TriboWJROM w, const char name[], PetscReal v)
{
  PetscBool k0, z0;

  PetscFunctionBeginUser;
  PetscCall(PetscStrcmp(name, "k0", &k0));
  PetscCall(PetscStrcmp(name, "zeta0", &z0));
  if (k0) {
    PetscCheck(v > 0, w->comm, PETSC_ERR_USER_INPUT, "whole-joint ROM: k0 must be > 0 N/m, got %g", (double)v);
    w->k0 = v;
  } else if (z0) {
    PetscCheck(v >= 0, w->comm, PETSC_ERR_USER_INPUT, "whole-joint ROM: zeta0 must be >= 0, got %g", (double)v);
    w->zeta0 = v;
  } else
    PetscCall(TriboLawSetParameter(w->law, name, v));
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMSetParticipation - the joint's displacement per unit modal amplitude of the mode (psi): m q'' + k0 q + psi f(psi q) = 0.
  1 for the mode the law was fitted on; another mode of the same structure engages the same joint with its own psi (the ratio
  of the joint's relative displacement in that mode to that in the fitted mode, both mass-normalized) and its own k0

  Not collective
@*/
PetscErrorCode TriboWJROMSetParticipation(TriboWJROM w, PetscReal psi)
{
  PetscFunctionBeginUser;
  PetscCheck(psi != 0 && PetscIsNormalReal(psi), w->comm, PETSC_ERR_USER_INPUT,
             "whole-joint ROM: the joint participation psi must be nonzero, got %g", (double)psi);
  w->psi = psi;
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMBackbone - the Masing RQNMA backbone at the given modal amplitudes

  Collective on the ROM's communicator

  Input Parameters:
+ w  - the whole-joint ROM
. na - amplitudes
- q  - modal amplitudes (increasing, > 0; m for the unit mass)

  Output Parameters:
+ freq  - Hz
. zeta  - damping ratios (with zeta0)
. resid - the sum over the amplitudes of the largest scaled residuals of the accepted solves (the L1 norm of the
          residual penalty, porter-et-al-2022 §3.5.2)
- ok    - every amplitude converged (else the failed ones are NaN)
@*/
PetscErrorCode TriboWJROMBackbone(TriboWJROM w, PetscInt na, const PetscReal q[], PetscReal freq[], PetscReal zeta[], PetscReal *resid, PetscBool *ok)
{
  TriboJoint joint;

  PetscFunctionBeginUser;
  PetscCall(MatSetValue(w->rom->K, 0, 0, w->k0, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(w->rom->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(w->rom->K, MAT_FINAL_ASSEMBLY));
  PetscCall(MatSetValue(w->rom->iface->L, 0, 0, w->psi, INSERT_VALUES)); // u_t = psi q, f = psi t(u_t)
  PetscCall(MatAssemblyBegin(w->rom->iface->L, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(w->rom->iface->L, MAT_FINAL_ASSEMBLY));
  PetscCall(TriboJointCreate(w->comm, &joint));
  PetscCall(TriboJointSetROM(joint, w->rom));
  PetscCall(TriboJointSetLaw(joint, w->law));
  PetscCall(TriboJointSetUp(joint));
  // -wjrom_rqnma_masing, -wjrom_backbone_quiet: set by the fit
  PetscCall(TriboFitJointBackbone(w->comm, joint, 0.0, PETSC_TRUE, "wjrom_", PETSC_FALSE, na, q, w->zeta0, freq, zeta, resid, ok));
  PetscCall(TriboJointDestroy(&joint));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboWJROMDestroy(TriboWJROM *w)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(w, TRIBO_WJROM_CLASSID);
  PetscCall(TriboLawDestroy(&(*w)->law));
  PetscCall(TriboROMDestroy(&(*w)->rom));
  PetscCall(PetscFree((*w)->names));
  PetscCall(PetscHeaderDestroy(w));
  PetscFunctionReturn(0);
}

/*@
  TriboWJROMSynthesizeBackbone - A backbone made by tribo itself as a measurement: the whole-joint ROM (k0 = 3.95e5 N/m, about
  100 Hz for the unit mass) with one element of a law, its Masing backbone at 20 amplitudes 1e-6 .. 1e-3 m, with relative noise
  of standard deviation noise on frequency and damping (Box-Muller over tribo's generator)

  Collective on comm (the backbone is computed on every rank alike)

  Input Parameters:
+ comm   - the ranks that share the result
. what   - its name (error messages)
. law    - the law's type
. np     - number of law parameters set
. names  - their names
. v      - their values
. noise  - relative standard deviation of the noise (0: none)
- seed   - the generator's seed

  Output Parameter:
. mb - the backbone (TriboMeasuredBackboneFree())
@*/
PetscErrorCode TriboWJROMSynthesizeBackbone(MPI_Comm comm, const char what[], const char law[], PetscInt np, const char *const names[],
                                            const PetscReal v[], PetscReal noise, PetscInt seed, TriboMeasuredBackbone *mb)
{
  TriboWJROM  w;
  PetscReal   q[20], f[20], z[20], resid;
  PetscBool   ok;
  TriboRandom r;

  PetscFunctionBeginUser;
  PetscCall(TriboWJROMCreate(PETSC_COMM_SELF, &w));
  PetscCall(TriboWJROMSetLaw(w, law));
  PetscCall(TriboWJROMSetParameter(w, "k0", 3.95e5));
  for (PetscInt k = 0; k < np; k++) PetscCall(TriboWJROMSetParameter(w, names[k], v[k]));
  for (PetscInt i = 0; i < 20; i++) q[i] = 1e-6 * PetscPowReal(1e3, i / 19.0);
  PetscCall(TriboWJROMBackbone(w, 20, q, f, z, &resid, &ok));
  PetscCheck(ok, comm, PETSC_ERR_PLIB, "%s: the synthetic backbone failed", what);
  TriboRandomSeed(&r, (unsigned long long)seed);
  for (PetscInt i = 0; i < 20 && noise > 0; i++) {
    PetscReal u1 = 1 - TriboRandomUniform(&r), u2 = TriboRandomUniform(&r), g = PetscSqrtReal(-2 * PetscLogReal(u1));
    f[i] *= 1 + noise * g * PetscCosReal(2 * PETSC_PI * u2);
    z[i] *= 1 + noise * g * PetscSinReal(2 * PETSC_PI * u2);
  }
  PetscCall(TriboMeasuredBackboneSet(comm, what, 20, q, f, z, mb));
  PetscCall(TriboWJROMDestroy(&w));
  PetscFunctionReturn(0);
}

/* The law object and the linear part (k0, zeta0) of the whole-joint ROM, for the parameter derivatives (src/fit/bi.c) */
PetscErrorCode TriboWJROMGetModel(TriboWJROM w, TriboLaw *law, PetscReal *k0, PetscReal *zeta0)
{
  PetscFunctionBeginUser;
  if (law) *law = w->law;
  if (k0) *k0 = w->k0;
  if (zeta0) *zeta0 = w->zeta0;
  PetscFunctionReturn(0);
}
