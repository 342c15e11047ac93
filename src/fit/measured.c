/* Measured backbones with what their amplitude means, their bounds or repeats, and the experimental variability of paper
   porter-et-al-2022 §4 (Fig. 3, Table 2): the error metric of eq. 41 applied to the upper and to the lower bound of the
   measured backbone, as if each bound were a model. A fit whose errors are below these cannot be told apart from the test's
   scatter (§4: "these variabilities provide an estimate of the desired model fitting errors").
   - Amplitude (-fit_amplitude modal|displacement|acceleration, -fit_amplitude_units m|mm|um|m/s^2|g, -fit_recovery r): the
     ROM's coordinate is the modal amplitude q of a unit-mass mode; a sensor at a point reads x = r q, r the mass-normalized
     mode shape there (the recovery row of the ROM's mode; for the whole-joint ROM a number), and an accelerometer
     |a| = omega^2 r q at the row's own frequency (harmonic motion). So q = x / r or a / (omega^2 r) after the unit's scale.
   - Bounds: CSV columns frequency_lower, frequency_upper (Hz), damping_lower, damping_upper (any of them; a missing one is
     the backbone itself); each must hold lower <= value <= upper. A lower damping bound <= 0 is allowed (the paper's mode 1)
     and makes the lower damping variability undefined (NaN, as Table 2).
   - Repeats: a CSV column repeat (an integer id; the rows of one repeat together, amplitudes increasing within it): the
     backbone is the mean of the repeats at the largest repeat's number of amplitudes log-spaced over the range all repeats
     share, and the bounds are the smallest and largest repeat there (each repeat interpolated linearly in log amplitude). */
#include <tribofit.h>
#include <math.h>
#include <string.h>

static PetscErrorCode SetBounds_Private(MPI_Comm comm, const char what[], TriboMeasuredBackbone *mb, const PetscReal flo[], const PetscReal fhi[],
                                        const PetscReal zlo[], const PetscReal zhi[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscMalloc4(mb->n, &mb->omlo, mb->n, &mb->omhi, mb->n, &mb->zlo, mb->n, &mb->zhi));
  for (PetscInt i = 0; i < mb->n; i++) {
    PetscReal f = mb->omega[i] / (2 * PETSC_PI), z = mb->zeta[i];
    PetscReal a = PetscIsNanReal(flo[i]) ? f : flo[i], b = PetscIsNanReal(fhi[i]) ? f : fhi[i];
    PetscReal c = PetscIsNanReal(zlo[i]) ? z : zlo[i], d = PetscIsNanReal(zhi[i]) ? z : zhi[i];
    PetscCheck(a <= f * (1 + 1e-12) && f <= b * (1 + 1e-12) && a > 0, comm, PETSC_ERR_USER_INPUT,
               "measured backbone %s, point %" PetscInt_FMT
               ": frequency bounds in the wrong order: expected 0 < frequency_lower %g <= frequency %g <= "
               "frequency_upper %g Hz",
               what, i + 1, (double)a, (double)f, (double)b);
    PetscCheck(c <= z * (1 + 1e-12) && z <= d * (1 + 1e-12) && d < 1, comm, PETSC_ERR_USER_INPUT,
               "measured backbone %s, point %" PetscInt_FMT ": damping bounds in the wrong order: expected damping_lower %g <= damping %g <= "
               "damping_upper %g < 1",
               what, i + 1, (double)c, (double)z, (double)d);
    mb->omlo[i] = 2 * PETSC_PI * a, mb->omhi[i] = 2 * PETSC_PI * b, mb->zlo[i] = c, mb->zhi[i] = d;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboMeasuredBackboneSetBounds - bounds of a measured backbone (Hz and damping ratio; NaN: the backbone itself), checked to
  hold lower <= value <= upper at every point

  Collective (comm for the messages)
@*/
PetscErrorCode TriboMeasuredBackboneSetBounds(MPI_Comm comm, const char what[], TriboMeasuredBackbone *mb, const PetscReal flo[],
                                              const PetscReal fhi[], const PetscReal zlo[], const PetscReal zhi[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree4(mb->omlo, mb->omhi, mb->zlo, mb->zhi));
  PetscCall(SetBounds_Private(comm, what, mb, flo, fhi, zlo, zhi));
  PetscFunctionReturn(0);
}

/* the mean of the repeats and their extremes at common amplitudes */
static PetscErrorCode Repeats_Private(MPI_Comm comm, const char spec[], PetscInt n, const PetscReal *d, TriboMeasuredBackbone *mb)
{
  PetscInt               nr = 0, *start, m = 0;
  PetscReal              qa = 0, qb = PETSC_MAX_REAL, *q, *f, *z, *flo, *fhi, *zlo, *zhi, *w, *zz;
  TriboMeasuredBackbone *r;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(n + 1, &start));
  for (PetscInt i = 0; i < n; i++)
    if (!i || d[8 * i + 7] != d[8 * (i - 1) + 7]) start[nr++] = i;
  start[nr] = n;
  PetscCheck(nr >= 2, comm, PETSC_ERR_USER_INPUT, "measured backbone %s: the repeat column names %" PetscInt_FMT " repeat; expected at least 2", spec,
             nr);
  PetscCall(PetscCalloc1(nr, &r));
  for (PetscInt k = 0; k < nr; k++) {
    PetscInt   len = start[k + 1] - start[k];
    PetscReal *a, *b, *c;
    char       what[PETSC_MAX_PATH_LEN + 32];
    PetscCall(PetscSNPrintf(what, sizeof(what), "%s (repeat %g)", spec, (double)d[8 * start[k] + 7]));
    PetscCall(PetscMalloc3(len, &a, len, &b, len, &c));
    for (PetscInt i = 0; i < len; i++) a[i] = d[8 * (start[k] + i)], b[i] = d[8 * (start[k] + i) + 1], c[i] = d[8 * (start[k] + i) + 2];
    PetscCall(TriboMeasuredBackboneSet(comm, what, len, a, b, c, &r[k]));
    PetscCall(PetscFree3(a, b, c));
    qa = PetscMax(qa, r[k].q[0]), qb = PetscMin(qb, r[k].q[len - 1]), m = PetscMax(m, len);
  }
  PetscCheck(qb > qa, comm, PETSC_ERR_USER_INPUT, "measured backbone %s: the repeats share no amplitude range (largest start %g, smallest end %g)",
             spec, (double)qa, (double)qb);
  PetscCall(PetscMalloc7(m, &q, m, &f, m, &z, m, &flo, m, &fhi, m, &zlo, m, &zhi));
  PetscCall(PetscMalloc2(m, &w, m, &zz));
  for (PetscInt i = 0; i < m; i++) {
    q[i] = qa * PetscPowReal(qb / qa, (PetscReal)i / (m - 1));
    f[i] = z[i] = 0, flo[i] = zlo[i] = PETSC_MAX_REAL, fhi[i] = zhi[i] = 0;
  }
  q[m - 1] = qb;
  for (PetscInt k = 0; k < nr; k++) {
    PetscCall(TriboMeasuredBackboneInterpolate(&r[k], m, q, w, zz));
    for (PetscInt i = 0; i < m; i++) {
      PetscReal fr = w[i] / (2 * PETSC_PI);
      f[i] += fr / nr, z[i] += zz[i] / nr;
      flo[i] = PetscMin(flo[i], fr), fhi[i] = PetscMax(fhi[i], fr), zlo[i] = PetscMin(zlo[i], zz[i]), zhi[i] = PetscMax(zhi[i], zz[i]);
    }
    PetscCall(TriboMeasuredBackboneFree(&r[k]));
  }
  PetscCall(TriboMeasuredBackboneSet(comm, spec, m, q, f, z, mb));
  PetscCall(SetBounds_Private(comm, spec, mb, flo, fhi, zlo, zhi));
  mb->nrepeat = nr;
  PetscCall(PetscFree7(q, f, z, flo, fhi, zlo, zhi));
  PetscCall(PetscFree2(w, zz));
  PetscCall(PetscFree(r));
  PetscCall(PetscFree(start));
  PetscFunctionReturn(0);
}

/*@
  TriboMeasuredBackboneLoadAs - a measured backbone from CSV (columns amplitude, frequency (Hz), damping; optional
  frequency_lower, frequency_upper, damping_lower, damping_upper, repeat) or file.h5:/dataset (n x 3), its amplitudes
  turned into the modal amplitude of the ROM

  Collective

  Input Parameters:
+ comm     - communicator
. spec     - the file
. meaning  - what the amplitude column is: modal amplitude, displacement or acceleration at the sensor
. units    - m, mm, um (displacement) or m/s^2, g (acceleration); ignored for a modal amplitude
- recovery - the mass-normalized mode shape at the sensor (x = recovery q)

  Output Parameter:
. mb - the backbone, with bounds when the file has them or has repeats; TriboMeasuredBackboneFree() it

  Notes:
  See the file's comment: the conversion q = x / r or a / (omega^2 r), the bounds' checks and the mean of repeats.
@*/
PetscErrorCode TriboMeasuredBackboneLoadAs(MPI_Comm comm, const char spec[], TriboAmplitude meaning, const char units[], PetscReal recovery,
                                           TriboMeasuredBackbone *mb)
{
  const char *names[8] = {"amplitude", "frequency", "damping", "?frequency_lower", "?frequency_upper", "?damping_lower", "?damping_upper", "?repeat"};
  PetscBool   h5 = (PetscBool)(strstr(spec, ".h5:") != NULL), bounds = PETSC_FALSE, acc = PETSC_FALSE;
  PetscInt    n, nc = h5 ? 3 : 8;
  PetscReal  *d, *q, *w, scale = 1;

  PetscFunctionBeginUser;
  PetscCheck(recovery != 0 && PetscIsNormalReal(recovery), comm, PETSC_ERR_USER_INPUT,
             "option -fit_recovery: the mode shape at the sensor must be nonzero, got %g", (double)recovery);
  if (meaning != TRIBO_AMPLITUDE_MODAL) PetscCall(TriboAmplitudeUnitScale(comm, "-fit_amplitude_units", units, &scale, &acc));
  PetscCall(TriboTableRead(comm, "-fit_measured", spec, nc, names, &n, &d));
  PetscCall(PetscMalloc2(n, &q, n, &w));
  for (PetscInt i = 0; i < n; i++) q[i] = d[nc * i], w[i] = 2 * PETSC_PI * d[nc * i + 1];
  PetscCall(TriboAmplitudeToDisplacement(comm, "-fit_amplitude", meaning, scale, acc, n, w, q));
  for (PetscInt i = 0; i < n; i++) d[nc * i] = q[i] / (meaning == TRIBO_AMPLITUDE_MODAL ? 1 : recovery);
  PetscCall(PetscFree2(q, w));
  if (!h5 && !PetscIsNanReal(d[7])) {
    PetscCall(Repeats_Private(comm, spec, n, d, mb));
  } else {
    PetscReal *c[7];
    PetscCall(PetscMalloc1(7 * n, &c[0]));
    for (PetscInt k = 1; k < 7; k++) c[k] = c[0] + k * n;
    for (PetscInt i = 0; i < n; i++)
      for (PetscInt k = 0; k < 7; k++) c[k][i] = k < nc ? d[nc * i + k] : (PetscReal)NAN;
    for (PetscInt k = 3; k < 7; k++) bounds = (PetscBool)(bounds || !PetscIsNanReal(c[k][0]));
    PetscCall(TriboMeasuredBackboneSet(comm, spec, n, c[0], c[1], c[2], mb));
    if (bounds) PetscCall(SetBounds_Private(comm, spec, mb, c[3], c[4], c[5], c[6]));
    PetscCall(PetscFree(c[0]));
  }
  PetscCall(PetscFree(d));
  PetscCall(PetscStrncpy(mb->unit, TriboAmplitudes[meaning], sizeof(mb->unit)));
  PetscFunctionReturn(0);
}

/*@
  TriboMeasuredBackboneVariability - the experimental variability of porter-et-al-2022 Table 2: the errors of eq. 41 of the
  upper and of the lower bound against the backbone at the comparison amplitudes

  Not collective

  Input Parameters:
+ mb - a measured backbone with bounds
. n  - comparison amplitudes
- q  - the amplitudes (inside the measured range)

  Output Parameter:
. var - frequency and damping variability of the upper bound, then of the lower bound (NaN where a lower damping bound is <= 0)
@*/
PetscErrorCode TriboMeasuredBackboneVariability(const TriboMeasuredBackbone *mb, PetscInt n, const PetscReal q[], PetscReal var[4])
{
  PetscReal *w, *z, *b, *c, e42[2];

  PetscFunctionBeginUser;
  PetscCheck(mb->omlo, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "the measured backbone has no bounds");
  PetscCall(PetscMalloc4(n, &w, n, &z, n, &b, n, &c));
  PetscCall(TriboMeasuredBackboneInterpolate(mb, n, q, w, z));
  for (PetscInt side = 0; side < 2; side++) { // upper, lower: linear in log amplitude (damping too: a lower bound may be <= 0)
    const PetscReal *om = side ? mb->omlo : mb->omhi, *zb = side ? mb->zlo : mb->zhi;
    for (PetscInt k = 0; k < n; k++) {
      PetscInt  j = 0;
      PetscReal s;
      while (j < mb->n - 2 && q[k] > mb->q[j + 1]) j++;
      s    = PetscMin(PetscMax(PetscLogReal(q[k] / mb->q[j]) / PetscLogReal(mb->q[j + 1] / mb->q[j]), 0), 1);
      b[k] = (1 - s) * om[j] + s * om[j + 1];
      c[k] = (1 - s) * zb[j] + s * zb[j + 1];
    }
    PetscCall(TriboFitErrors(n, w, z, b, c, var + 2 * side, e42));
    if (!(var[2 * side + 1] < PETSC_INFINITY)) var[2 * side + 1] = (PetscReal)NAN;
  }
  PetscCall(PetscFree4(w, z, b, c));
  PetscFunctionReturn(0);
}
