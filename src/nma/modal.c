#include <tribo/private/nmaimpl.h>
#include <tribonum.h>

/*@
  TriboModalCreate - Creates a linearized modal analysis.

  Collective

  Output Parameter:
. modal - the analysis; attach the ROM (TriboModalSetROM()) or the joint (TriboModalSetJoint())

  Notes:
  Defaults: 10 elastic modes reported, modes below 20 Hz counted as rigid-body or suspension
  modes, the lowest modes only (LAPACK dsygvx): the reported and required ones plus 12 for the
  rigid and suspension modes of up to two free bodies.
@*/
PetscErrorCode TriboModalCreate(MPI_Comm comm, TriboModal *modal)
{
  TriboModal m;

  PetscFunctionBegin;
  PetscValidPointer(modal, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboNMARegisterAll());
  PetscCall(
      PetscHeaderCreate(m, TRIBO_MODAL_CLASSID, "TriboModal", "Linear modes of a ROM about a prestress", "Modal", comm, TriboModalDestroy, NULL));
  m->comm         = comm;
  m->nmodes       = 10;
  m->rigid_cutoff = 20.0;
  *modal          = m;
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetOptionsPrefix - Prefix of the options: -[prefix]modal_nmodes etc.

  Not collective
@*/
PetscErrorCode TriboModalSetOptionsPrefix(TriboModal modal, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(modal->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &modal->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetROM - The structure (M and K) without interface forces.

  Not collective
@*/
PetscErrorCode TriboModalSetROM(TriboModal modal, TriboROM rom)
{
  PetscFunctionBeginUser;
  modal->rom = rom;
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetJoint - The joint whose tangent d f_nl/du (from its committed history, at the state
  of TriboModalSetState()) stiffens the structure; sets the ROM too.

  Not collective
@*/
PetscErrorCode TriboModalSetJoint(TriboModal modal, TriboJoint joint)
{
  PetscFunctionBeginUser;
  modal->joint = joint;
  if (joint) PetscCall(TriboJointGetROM(joint, &modal->rom));
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetState - The state u about which to linearize (copied; NULL: zero), e.g. the
  prestressed state of TriboPrestressGetSolution().

  Not collective
@*/
PetscErrorCode TriboModalSetState(TriboModal modal, const PetscReal u[])
{
  PetscFunctionBeginUser;
  PetscCheck(modal->rom || !u, modal->comm, PETSC_ERR_ARG_WRONGSTATE, "set the ROM or the joint before the state");
  PetscCall(PetscFree(modal->u));
  if (u) {
    PetscCall(PetscMalloc1(modal->rom->n, &modal->u));
    PetscCall(PetscArraycpy(modal->u, u, modal->rom->n));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetNumberModes - Elastic modes to report and store.

  Logically collective

  Options Database Key:
. -modal_nmodes <10> - the number
@*/
PetscErrorCode TriboModalSetNumberModes(TriboModal modal, PetscInt nmodes)
{
  PetscFunctionBeginUser;
  PetscCheck(nmodes >= 1, modal->comm, PETSC_ERR_USER_INPUT, "-%smodal_nmodes must be >= 1, got %" PetscInt_FMT, modal->prefix ? modal->prefix : "",
             nmodes);
  modal->nmodes = nmodes;
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetRequiredModes - Elastic modes that must be computed even if not reported (e.g. the
  mode a backbone follows).

  Logically collective
@*/
PetscErrorCode TriboModalSetRequiredModes(TriboModal modal, PetscInt nreq)
{
  PetscFunctionBeginUser;
  modal->nrequired = nreq;
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetRigidCutoff - Modes below this frequency (Hz) are rigid-body or suspension modes
  and are not numbered as elastic modes.

  Logically collective

  Options Database Key:
. -modal_rigid_cutoff <20> - the frequency in Hz
@*/
PetscErrorCode TriboModalSetRigidCutoff(TriboModal modal, PetscReal cutoff)
{
  PetscFunctionBeginUser;
  modal->rigid_cutoff = cutoff;
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetComputeAll - Compute every mode of the ROM (LAPACK dsygv) instead of the lowest.

  Logically collective
@*/
PetscErrorCode TriboModalSetComputeAll(TriboModal modal, PetscBool all)
{
  PetscFunctionBeginUser;
  modal->all = all;
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetFromOptions - Reads the options of the modal analysis.

  Collective

  Options Database Keys:
+ -modal_nmodes <10>       - elastic modes to print and store
- -modal_rigid_cutoff <20> - modes below this frequency (Hz) are rigid-body or suspension modes
@*/
PetscErrorCode TriboModalSetFromOptions(TriboModal modal)
{
  PetscInt nmodes = modal->nmodes;

  PetscFunctionBeginUser;
  TriboOptionsBegin(modal->comm, modal->prefix, "Linearized modes", "TriboModal");
  PetscCall(TriboOptionsInt("-modal_nmodes", "elastic modes to print and store [-]", "TriboModalSetNumberModes", nmodes, &nmodes, NULL));
  PetscCall(PetscOptionsReal("-modal_rigid_cutoff",
                             "modes below this frequency are rigid-body or suspension modes and not numbered as elastic modes [Hz]",
                             "TriboModalSetRigidCutoff", modal->rigid_cutoff, &modal->rigid_cutoff, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(modal->prefix, "modal_"));
  PetscCall(TriboModalSetNumberModes(modal, nmodes));
  PetscFunctionReturn(0);
}

/*@
  TriboModalSetUp - Checks the set-up; called by TriboModalSolve().

  Collective
@*/
PetscErrorCode TriboModalSetUp(TriboModal modal)
{
  PetscFunctionBeginUser;
  PetscCheck(modal->rom, modal->comm, PETSC_ERR_ARG_WRONGSTATE, "modal analysis: no ROM or joint set (TriboModalSetROM(), TriboModalSetJoint())");
  PetscFunctionReturn(0);
}

/*@
  TriboModalSolve - Linearized modes about the state: omega^2 ascending and mass-normalized shapes.

  Collective

  Notes:
  The tangent K_t = K + d f_nl/du is symmetrized, (K_t + K_t^T)/2, as the friction tangent in
  slip is not symmetric (stuck after a conservative prestress it is). Dense LAPACK: every mode
  (dsygv) with TriboModalSetComputeAll() or when the lowest ones are all of them, else the lowest
  max(nmodes, nrequired) + 12 (dsygvx), much cheaper for ROMs of thousands of DOFs. The sign of
  each shape makes its largest component positive, so shapes are reproducible.
@*/
PetscErrorCode TriboModalSolve(TriboModal modal)
{
  PetscInt           n, nev;
  PetscReal         *A, *B, *f, *z = NULL;
  const PetscScalar *k, *m;

  PetscFunctionBeginUser;
  PetscCall(TriboModalSetUp(modal));
  n   = modal->rom->n;
  nev = modal->all ? n : PetscMax(1, PetscMin(PetscMax(modal->nmodes, modal->nrequired) + 12, n));
  PetscCall(PetscFree(modal->omega2));
  PetscCall(PetscFree(modal->phi));
  modal->n      = nev;
  modal->ndof   = n;
  modal->nrigid = 0;
  PetscCall(PetscMalloc1(n * n, &A));
  PetscCall(PetscMalloc1(n * n, &B));
  PetscCall(PetscMalloc1(n, &f));
  PetscCall(MatDenseGetArrayRead(modal->rom->K, &k));
  PetscCall(MatDenseGetArrayRead(modal->rom->M, &m));
  PetscCall(PetscArraycpy(A, k, n * n));
  PetscCall(PetscArraycpy(B, m, n * n));
  PetscCall(MatDenseRestoreArrayRead(modal->rom->K, &k));
  PetscCall(MatDenseRestoreArrayRead(modal->rom->M, &m));
  if (modal->joint) {
    if (!modal->u) PetscCall(PetscCalloc1(n, &z));
    PetscCall(TriboJointEvaluate(modal->joint, TRIBO_LAW_FULL, modal->u ? modal->u : z, f, A));
    PetscCall(PetscFree(z));
  }
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < j; i++) A[i + j * n] = A[j + i * n] = 0.5 * (A[i + j * n] + A[j + i * n]);
  PetscCall(PetscMalloc1(n, &modal->omega2));
  if (nev == n) {
    PetscCall(TriboDenseEigen(n, A, B, modal->omega2));
    modal->phi = A;
  } else {
    PetscReal *Z;
    PetscCall(PetscMalloc1(n * nev, &Z));
    PetscCall(TriboDenseEigenLowest(n, A, B, nev, modal->omega2, Z));
    PetscCall(PetscFree(A));
    modal->phi = Z;
  }
  for (PetscInt i = 0; i < nev; i++) {
    PetscReal fhz = PetscSqrtReal(PetscMax(modal->omega2[i], 0)) / (2 * PETSC_PI), big = 0;
    if (fhz < modal->rigid_cutoff) modal->nrigid++;
    for (PetscInt r = 0; r < n; r++)
      if (PetscAbsReal(modal->phi[r + i * n]) > PetscAbsReal(big)) big = modal->phi[r + i * n];
    if (big < 0)
      for (PetscInt r = 0; r < n; r++) modal->phi[r + i * n] = -modal->phi[r + i * n];
  }
  PetscCall(PetscFree(B));
  PetscCall(PetscFree(f));
  PetscFunctionReturn(0);
}

/*@
  TriboModalGetModes - All modes computed: their number, omega^2 (rad^2/s^2, ascending) and
  shapes (ndof x nev, column-major, mass-normalized); owned by the analysis.

  Not collective
@*/
PetscErrorCode TriboModalGetModes(TriboModal modal, PetscInt *nev, const PetscReal *omega2[], const PetscReal *phi[])
{
  PetscFunctionBeginUser;
  PetscCheck(modal->omega2, modal->comm, PETSC_ERR_ARG_WRONGSTATE, "modal analysis not solved yet (TriboModalSolve())");
  if (nev) *nev = modal->n;
  if (omega2) *omega2 = modal->omega2;
  if (phi) *phi = modal->phi;
  PetscFunctionReturn(0);
}

/*@
  TriboModalGetNumberRigid - Number of computed modes below the rigid cutoff.

  Not collective
@*/
PetscErrorCode TriboModalGetNumberRigid(TriboModal modal, PetscInt *nrigid)
{
  PetscFunctionBeginUser;
  *nrigid = modal->nrigid;
  PetscFunctionReturn(0);
}

/*@
  TriboModalGetElasticMode - omega^2 and shape of elastic mode k (1 = the lowest above the rigid
  cutoff).

  Not collective

  Notes:
  A mode beyond those computed is a user-input error that says how many there are.
@*/
PetscErrorCode TriboModalGetElasticMode(TriboModal modal, PetscInt k, PetscReal *omega2, const PetscReal *phi[])
{
  PetscInt i;

  PetscFunctionBeginUser;
  PetscCheck(modal->omega2, modal->comm, PETSC_ERR_ARG_WRONGSTATE, "modal analysis not solved yet (TriboModalSolve())");
  i = modal->nrigid + k - 1;
  PetscCheck(k >= 1 && i < modal->n, modal->comm, PETSC_ERR_USER_INPUT,
             "elastic mode %" PetscInt_FMT " out of range: %" PetscInt_FMT " elastic modes were computed (raise -%smodal_nmodes)", k,
             modal->n - modal->nrigid, modal->prefix ? modal->prefix : "");
  if (omega2) *omega2 = modal->omega2[i];
  if (phi) *phi = &modal->phi[i * modal->ndof];
  PetscFunctionReturn(0);
}

/*@
  TriboModalView - Prints the reported modes in Hz, the rigid and suspension ones marked.

  Collective
@*/
PetscErrorCode TriboModalView(TriboModal modal, PetscViewer v)
{
  PetscFunctionBeginUser;
  if (!modal->omega2) {
    PetscCall(PetscViewerASCIIPrintf(v, "Linearized modes: %" PetscInt_FMT " elastic modes, rigid cutoff %g Hz (not solved yet)\n", modal->nmodes,
                                     (double)modal->rigid_cutoff));
    PetscFunctionReturn(0);
  }
  PetscCall(PetscViewerASCIIPrintf(v, "Linearized modes about the prestress (%" PetscInt_FMT " below %g Hz: rigid/suspension):\n", modal->nrigid,
                                   (double)modal->rigid_cutoff));
  for (PetscInt k = 0; k < PetscMin(modal->nmodes + modal->nrigid, modal->n); k++) {
    PetscReal f = PetscSqrtReal(PetscMax(modal->omega2[k], 0)) / (2 * PETSC_PI);
    if (k < modal->nrigid)
      PetscCall(PetscViewerASCIIPrintf(v, "  %3" PetscInt_FMT "  %12.4f Hz   (rigid/suspension)\n", k + 1, (double)f));
    else
      PetscCall(
          PetscViewerASCIIPrintf(v, "  %3" PetscInt_FMT "  %12.4f Hz   elastic mode %" PetscInt_FMT "\n", k + 1, (double)f, k + 1 - modal->nrigid));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboModalDestroy - Destroys the analysis.

  Collective
@*/
PetscErrorCode TriboModalDestroy(TriboModal *modal)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(modal, TRIBO_MODAL_CLASSID);
  PetscCall(PetscFree((*modal)->omega2));
  PetscCall(PetscFree((*modal)->phi));
  PetscCall(PetscFree((*modal)->u));
  PetscCall(PetscFree((*modal)->prefix));
  PetscCall(PetscHeaderDestroy(modal));
  PetscFunctionReturn(0);
}
