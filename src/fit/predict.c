/* A mode-1 Pareto set applied to another mode (paper porter-et-al-2022 §4, Figs. 11-12, 15, 17, 19: "the errors are calculated
   using the parameters from the mode 1 fitting"). In the paper the whole-joint ROM holds the whole structure (43 DOFs), so
   modes 2 and 3 come from the same model with the same joint parameters. tribo's whole-joint ROM is one modal DOF, so each
   mode carries its own linear properties, and the choice written down here is:
   - the law's parameters are the front member's (the joint is the same joint);
   - the mode's own k0 (the structure without the joint in that mode, unit mass; -fit_predict_k0) and its participation psi
     (the joint's relative displacement per unit modal amplitude of that mode over that of mode 1; -fit_predict_psi):
     q'' + k0 q + psi f(psi q) = 0 (TriboWJROMSetParticipation());
   - viscous damping: the mode's own zeta0 when given (-fit_predict_zeta0), else the member's (fitted or fixed) zeta0;
   - the errors of eq. 41 against the mode's measured backbone at -fit_n log-spaced amplitudes, every member (not only the
     non-dominated ones, as the paper's figures) and the non-dominated set of the mode's errors (the set the paper's area
     metric uses for modes 2 and 3, §4.1).
   The members are evaluated round-robin over the ranks and summed (each member on one rank; the same numbers on any number
   of ranks). */
#include <tribofit.h>

/*@
  TriboFitPredict - the backbones and errors of a set of parameter vectors (a mode-1 front) on another mode

  Collective

  Input Parameters:
+ comm   - the ranks that share the work
. w      - a whole-joint ROM with the law (its k0, psi and zeta0 set for the mode by the caller; zeta0 < 0 in opt: the member's)
. mb     - the mode's measured backbone
. n      - comparison amplitudes (log-spaced over the measured range)
. nm, np - members and parameters per member
. names  - the parameters' names (law parameters, k0, zeta0)
- x      - [nm x np] values; a member's k0 is replaced by the mode's (kmode > 0), its zeta0 by zmode when zmode >= 0
. kmode, zmode - the mode's k0 and zeta0

  Output Parameters:
+ q    - [n] the comparison amplitudes
. om,z - [n] the measured frequency (Hz) and damping there
. fr,zr - [nm x n] the members' frequencies (Hz) and damping (NaN where the backbone failed)
. f41  - [nm x 2] the errors of eq. 41 (infinite for a failed backbone)
- nd   - [nm] 1 for the members non-dominated in these errors
@*/
PetscErrorCode TriboFitPredict(MPI_Comm comm, TriboWJROM w, const TriboMeasuredBackbone *mb, PetscInt n, PetscInt nm, PetscInt np,
                               const char *const names[], const PetscReal x[], PetscReal kmode, PetscReal zmode, PetscReal q[], PetscReal om[],
                               PetscReal z[], PetscReal fr[], PetscReal zr[], PetscReal f41[], PetscInt nd[])
{
  PetscMPIInt rank, size;
  PetscReal  *wm, *buf, e42[2];
  PetscInt    nnd, *idx;

  PetscFunctionBeginUser;
  PetscCheck(n >= 2 && nm >= 1, comm, PETSC_ERR_USER_INPUT,
             "prediction: need at least 2 amplitudes and 1 member, got %" PetscInt_FMT " and %" PetscInt_FMT, n, nm);
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  for (PetscInt i = 0; i < n; i++) q[i] = mb->q[0] * PetscPowReal(mb->q[mb->n - 1] / mb->q[0], (PetscReal)i / (n - 1));
  q[n - 1] = mb->q[mb->n - 1];
  PetscCall(TriboMeasuredBackboneInterpolate(mb, n, q, om, z));
  for (PetscInt i = 0; i < n; i++) om[i] /= 2 * PETSC_PI;
  PetscCall(PetscCalloc1(nm * (2 * n + 2), &buf));
  PetscCall(PetscMalloc1(n, &wm));
  for (PetscInt m = rank; m < nm; m += size) {
    PetscReal     *f  = buf + m * (2 * n + 2), resid;
    PetscBool      ok = PETSC_FALSE;
    PetscErrorCode ierr;
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL)); // a member outside the law's admissible set is a failed member
    ierr = 0;
    for (PetscInt k = 0; k < np && !ierr; k++) {
      PetscBool isk0, isz0;
      PetscCall(PetscStrcmp(names[k], "k0", &isk0));
      PetscCall(PetscStrcmp(names[k], "zeta0", &isz0));
      if ((isk0 && kmode > 0) || (isz0 && zmode >= 0)) continue;
      ierr = TriboWJROMSetParameter(w, names[k], x[m * np + k]);
    }
    if (!ierr && kmode > 0) ierr = TriboWJROMSetParameter(w, "k0", kmode);
    if (!ierr && zmode >= 0) ierr = TriboWJROMSetParameter(w, "zeta0", zmode);
    if (!ierr) ierr = TriboWJROMBackbone(w, n, q, f, f + n, &resid, &ok);
    PetscCall(PetscPopErrorHandler());
    if (ierr || !ok) {
      f[2 * n] = f[2 * n + 1] = PETSC_INFINITY;
      continue;
    }
    for (PetscInt i = 0; i < n; i++) wm[i] = 2 * PETSC_PI * f[i];
    {
      PetscReal *ox;
      PetscCall(PetscMalloc1(n, &ox));
      for (PetscInt i = 0; i < n; i++) ox[i] = 2 * PETSC_PI * om[i];
      PetscCall(TriboFitErrors(n, ox, z, wm, f + n, f + 2 * n, e42));
      PetscCall(PetscFree(ox));
    }
  }
  // each member was computed on one rank, zeros elsewhere (NaN of failed amplitudes kept apart: a flag row)
  for (PetscInt m = 0; m < nm; m++)
    if (m % size != rank) {
      for (PetscInt i = 0; i < 2 * n + 2; i++) buf[m * (2 * n + 2) + i] = 0;
    } else
      for (PetscInt i = 0; i < 2 * n + 2; i++)
        if (!(PetscAbsReal(buf[m * (2 * n + 2) + i]) < PETSC_MAX_REAL)) buf[m * (2 * n + 2) + i] = PETSC_MAX_REAL; // NaN, inf -> a marker
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, buf, (PetscMPIInt)(nm * (2 * n + 2)), MPIU_REAL, MPIU_SUM, comm));
  for (PetscInt m = 0; m < nm; m++) {
    const PetscReal *f = buf + m * (2 * n + 2);
    for (PetscInt i = 0; i < n; i++) {
      fr[m * n + i] = f[i] == PETSC_MAX_REAL ? (PetscReal)NAN : f[i];
      zr[m * n + i] = f[n + i] == PETSC_MAX_REAL ? (PetscReal)NAN : f[n + i];
    }
    for (PetscInt k = 0; k < 2; k++) f41[2 * m + k] = f[2 * n + k] == PETSC_MAX_REAL ? PETSC_INFINITY : f[2 * n + k];
  }
  PetscCall(PetscMalloc1(nm, &idx));
  PetscCall(TriboParetoNonDominated(nm, 2, f41, &nnd, idx));
  for (PetscInt m = 0; m < nm; m++) nd[m] = 0;
  for (PetscInt i = 0; i < nnd; i++) nd[idx[i]] = 1;
  PetscCall(PetscFree(idx));
  PetscCall(PetscFree(wm));
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}
