/* Measured backbones and the error metrics of paper porter-et-al-2022 §3.5, eqs. 41-42, between a measured and a modelled
   backbone at N comparison amplitudes q_i:
     f_omega = sqrt(1/N sum (Delta omega(q_i) / omega(q_i))^2),  f_zeta = sqrt(1/N sum (Delta ln zeta(q_i) / ln zeta(q_i))^2)  (41)
   and their log10 of squares (42), the objectives that NSGA-II minimizes. */
#include <tribofit.h>
#include <string.h>

const char *const TriboAmplitudes[] = {"modal", "displacement", "acceleration", "TriboAmplitude", "TRIBO_AMPLITUDE_", NULL};

/*@
  TriboMeasuredBackboneSet - a measured backbone from arrays, checked: at least 2 points, amplitudes positive and strictly
  increasing, frequencies positive, damping ratios in (0, 1) (eq. 41 takes their logarithm)

  Collective (comm for the messages)

  Input Parameters:
+ comm  - communicator
. what  - where the data came from, for the messages
. n     - points
. q     - amplitudes
. freq  - frequencies (Hz)
- zeta  - damping ratios

  Output Parameter:
. mb - the backbone (omega in rad/s); TriboMeasuredBackboneFree() it
@*/
PetscErrorCode TriboMeasuredBackboneSet(MPI_Comm comm, const char what[], PetscInt n, const PetscReal q[], const PetscReal freq[],
                                        const PetscReal zeta[], TriboMeasuredBackbone *mb)
{
  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(mb, sizeof(*mb)));
  PetscCheck(n >= 2, comm, PETSC_ERR_USER_INPUT, "measured backbone %s: %" PetscInt_FMT " amplitudes, expected at least 2", what, n);
  for (PetscInt i = 0; i < n; i++) {
    PetscCheck(q[i] > 0 && PetscIsNormalReal(q[i]), comm, PETSC_ERR_USER_INPUT,
               "measured backbone %s, point %" PetscInt_FMT ": amplitude %g, expected > 0", what, i + 1, (double)q[i]);
    PetscCheck(i == 0 || q[i] > q[i - 1], comm, PETSC_ERR_USER_INPUT,
               "measured backbone %s, point %" PetscInt_FMT ": amplitudes must increase strictly, got %g after %g (non-monotone amplitudes)", what,
               i + 1, (double)q[i], (double)q[i - 1]);
    PetscCheck(freq[i] > 0 && PetscIsNormalReal(freq[i]), comm, PETSC_ERR_USER_INPUT,
               "measured backbone %s, point %" PetscInt_FMT ": frequency %g Hz, expected > 0", what, i + 1, (double)freq[i]);
    PetscCheck(zeta[i] > 0 && zeta[i] < 1, comm, PETSC_ERR_USER_INPUT,
               "measured backbone %s, point %" PetscInt_FMT ": damping ratio %g, expected in (0, 1) (eq. 41 takes its logarithm)", what, i + 1,
               (double)zeta[i]);
  }
  mb->n = n;
  PetscCall(PetscMalloc3(n, &mb->q, n, &mb->omega, n, &mb->zeta));
  for (PetscInt i = 0; i < n; i++) mb->q[i] = q[i], mb->omega[i] = 2 * PETSC_PI * freq[i], mb->zeta[i] = zeta[i];
  PetscCall(PetscStrncpy(mb->unit, "modal amplitude", sizeof(mb->unit)));
  PetscFunctionReturn(0);
}

/*@
  TriboMeasuredBackboneLoad - a measured backbone from a CSV file with columns amplitude, frequency (Hz), damping (ratio), or
  an HDF5 dataset file.h5:/path of n x 3 (the same columns; tribo ringdown writes one: /ringdown/backbone)

  Collective
@*/
PetscErrorCode TriboMeasuredBackboneLoad(MPI_Comm comm, const char spec[], TriboMeasuredBackbone *mb)
{
  const char *names[3] = {"amplitude", "frequency", "damping"};
  PetscInt    n;
  PetscReal  *d, *q, *f, *z;

  PetscFunctionBeginUser;
  PetscCall(TriboTableRead(comm, "-fit_measured", spec, 3, names, &n, &d));
  PetscCall(PetscMalloc3(n, &q, n, &f, n, &z));
  for (PetscInt i = 0; i < n; i++) q[i] = d[3 * i], f[i] = d[3 * i + 1], z[i] = d[3 * i + 2];
  PetscCall(PetscFree(d));
  PetscCall(TriboMeasuredBackboneSet(comm, spec, n, q, f, z, mb));
  PetscCall(PetscFree3(q, f, z));
  PetscFunctionReturn(0);
}

/*@
  TriboMeasuredBackboneInterpolate - the measured omega (rad/s) and zeta at amplitudes inside its range: piecewise linear in
  log amplitude, for omega and for log zeta

  Not collective
@*/
PetscErrorCode TriboMeasuredBackboneInterpolate(const TriboMeasuredBackbone *mb, PetscInt m, const PetscReal q[], PetscReal omega[], PetscReal zeta[])
{
  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < m; k++) {
    PetscInt  j = 0;
    PetscReal s;
    PetscCheck(q[k] >= mb->q[0] * (1 - 1e-12) && q[k] <= mb->q[mb->n - 1] * (1 + 1e-12), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
               "amplitude %g is outside the measured range [%g, %g]", (double)q[k], (double)mb->q[0], (double)mb->q[mb->n - 1]);
    while (j < mb->n - 2 && q[k] > mb->q[j + 1]) j++;
    s        = PetscLogReal(q[k] / mb->q[j]) / PetscLogReal(mb->q[j + 1] / mb->q[j]);
    s        = PetscMin(PetscMax(s, 0), 1);
    omega[k] = (1 - s) * mb->omega[j] + s * mb->omega[j + 1];
    zeta[k]  = PetscExpReal((1 - s) * PetscLogReal(mb->zeta[j]) + s * PetscLogReal(mb->zeta[j + 1]));
  }
  PetscFunctionReturn(0);
}

PetscErrorCode TriboMeasuredBackboneFree(TriboMeasuredBackbone *mb)
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree3(mb->q, mb->omega, mb->zeta));
  PetscCall(PetscFree4(mb->omlo, mb->omhi, mb->zlo, mb->zhi));
  mb->n = 0;
  PetscFunctionReturn(0);
}

/*@
  TriboFitErrors - the error metrics of porter-et-al-2022 eqs. 41 and 42 of a model backbone against measured values

  Not collective

  Input Parameters:
+ n          - comparison amplitudes
. omx, zx    - measured frequency (any unit) and damping ratio
- omm, zm    - modelled, same units

  Output Parameters:
+ e41 - f_omega, f_zeta (eq. 41); NaN model values give +infinity
- e42 - log10(f_omega^2), log10(f_zeta^2) (eq. 42), floored at -32 (an exact fit)
@*/
PetscErrorCode TriboFitErrors(PetscInt n, const PetscReal omx[], const PetscReal zx[], const PetscReal omm[], const PetscReal zm[], PetscReal e41[2],
                              PetscReal e42[2])
{
  PetscReal sw = 0, sz = 0;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) {
    PetscReal dw = (omm[i] - omx[i]) / omx[i], dz;
    dz           = zm[i] > 0 ? (PetscLogReal(zm[i]) - PetscLogReal(zx[i])) / PetscLogReal(zx[i]) : PETSC_INFINITY;
    sw += dw * dw;
    sz += dz * dz;
  }
  e41[0] = PetscSqrtReal(sw / n), e41[1] = PetscSqrtReal(sz / n);
  for (PetscInt k = 0; k < 2; k++) {
    if (!(e41[k] < PETSC_INFINITY)) e41[k] = PETSC_INFINITY;
    e42[k] = e41[k] < PETSC_INFINITY ? PetscLog10Real(PetscMax(e41[k] * e41[k], 1e-32)) : PETSC_INFINITY;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboAmplitudeUnitScale - the factor from a measured amplitude's unit to SI (m or m/s^2), and whether it is an acceleration

  Not collective (comm for the messages)

  Input Parameters:
+ comm   - communicator
. option - the option that named the unit, for the message
- unit   - m, mm, um, m/s^2 or g (9.80665 m/s^2)

  Output Parameters:
+ scale - SI value of one unit
- acc   - PETSC_TRUE for m/s^2 and g
@*/
PetscErrorCode TriboAmplitudeUnitScale(MPI_Comm comm, const char option[], const char unit[], PetscReal *scale, PetscBool *acc)
{
  const char     *names[5] = {"m", "mm", "um", "m/s^2", "g"};
  const PetscReal s[5]     = {1, 1e-3, 1e-6, 1, 9.80665};

  PetscFunctionBeginUser;
  for (int k = 0; k < 5; k++)
    if (!strcmp(unit, names[k])) {
      *scale = s[k];
      *acc   = (PetscBool)(k >= 3);
      PetscFunctionReturn(0);
    }
  SETERRQ(comm, PETSC_ERR_USER_INPUT, "option %s: unknown amplitude unit '%s', expected one of m, mm, um, m/s^2, g", option, unit);
}

/*@
  TriboAmplitudeToDisplacement - measured amplitudes to displacement amplitudes (m): a displacement is scaled to m; an
  acceleration amplitude (harmonic motion: |a| = omega^2 |x|) is scaled to m/s^2 and divided by omega^2

  Not collective (comm for the messages)

  Input Parameters:
+ comm    - communicator
. option  - the option that named the meaning, for the messages
. meaning - TRIBO_AMPLITUDE_DISPLACEMENT or TRIBO_AMPLITUDE_ACCELERATION (a modal amplitude has no unit: unchanged)
. scale, acc - from TriboAmplitudeUnitScale()
. n       - points
- omega   - the frequency of each point (rad/s)

  Input/Output Parameter:
. q - the amplitudes
@*/
PetscErrorCode TriboAmplitudeToDisplacement(MPI_Comm comm, const char option[], TriboAmplitude meaning, PetscReal scale, PetscBool acc, PetscInt n,
                                            const PetscReal omega[], PetscReal q[])
{
  PetscFunctionBeginUser;
  if (meaning == TRIBO_AMPLITUDE_MODAL) PetscFunctionReturn(0);
  PetscCheck(acc == (meaning == TRIBO_AMPLITUDE_ACCELERATION), comm, PETSC_ERR_USER_INPUT,
             "option %s: an amplitude of %s needs a unit of %s (m, mm, um for a displacement; m/s^2 or g for an acceleration)", option,
             TriboAmplitudes[meaning], meaning == TRIBO_AMPLITUDE_ACCELERATION ? "acceleration" : "length");
  for (PetscInt i = 0; i < n; i++) q[i] *= scale / (acc ? omega[i] * omega[i] : 1);
  PetscFunctionReturn(0);
}
