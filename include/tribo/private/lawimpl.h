#pragma once
#include <tribolaw.h>

/* the registry lookup without deriving "<law>+kp" (law.c) */
PETSC_INTERN PetscErrorCode TriboLawListFind_Private(const char[], PetscErrorCode (**)(const TriboLawCard **));

struct _p_TriboLaw {
  MPI_Comm            comm;
  char               *prefix;
  const TriboLawCard *card; /* &own: this law's copy of its registered card (nhist, hist_scale of its settings) */
  TriboLawCard        own;
  PetscReal          *p;        /* parameter values in card order, then the choice indices, then the derived data */
  PetscInt            nderived; /* derived values after the choices (card setup hook) */
  PetscInt           *hscale;   /* [nhist] AFT periodicity groups from the setup hook, or NULL */
  PetscInt           *tn;       /* [ntables] lengths of the tables given (0: none) */
  PetscReal         **tv;       /* [ntables] their values */
  PetscBool           stale;    /* parameters, choices or tables changed since the setup hook ran */
  PetscInt64          npoints;  /* points evaluated through TriboLawEvaluate*() (TriboLawGetWork()) */
};

/* Return mapping of a trial tangential traction tt (with derivatives dtt[q][j] = d tt_q / d u_j)
   onto the slip limit ts >= 0 (with derivatives dts[j]). coupled: directionally invariant
   (paper porter-et-al-2022 eq. 20), else each direction on its own (eq. 19).
   Writes t[2] and dt[2][3]; returns 1 if any direction slips. Pure, inlined into kernels. */
static inline int TriboSlipReturn_Private(const PetscReal tt[2], const PetscReal dtt[2][3], PetscReal ts, const PetscReal dts[3], int coupled,
                                          PetscReal t[2], PetscReal dt[2][3])
{
  int slip = 0;

  if (coupled) {
    PetscReal nrm = PetscSqrtReal(tt[0] * tt[0] + tt[1] * tt[1]);
    if (nrm <= ts) {
      for (int q = 0; q < 2; q++) {
        t[q] = tt[q];
        for (int j = 0; j < 3; j++) dt[q][j] = dtt[q][j];
      }
    } else { // t = ts tt/|tt|: dt = ts/|tt| (I - e e^T) dtt + e dts^T
      PetscReal e[2] = {tt[0] / nrm, tt[1] / nrm};
      slip           = 1;
      for (int q = 0; q < 2; q++) {
        t[q] = ts * e[q];
        for (int j = 0; j < 3; j++) {
          PetscReal proj = dtt[q][j] - e[q] * (e[0] * dtt[0][j] + e[1] * dtt[1][j]);
          dt[q][j]       = ts / nrm * proj + e[q] * dts[j];
        }
      }
    }
  } else {
    for (int q = 0; q < 2; q++) {
      if (PetscAbsReal(tt[q]) <= ts) {
        t[q] = tt[q];
        for (int j = 0; j < 3; j++) dt[q][j] = dtt[q][j];
      } else {
        PetscReal s = tt[q] > 0 ? 1.0 : -1.0;
        slip        = 1;
        t[q]        = s * ts;
        for (int j = 0; j < 3; j++) dt[q][j] = s * dts[j];
      }
    }
  }
  return slip;
}

static inline int TriboNonFinite3_Private(const PetscReal u[3])
{
  return !(PetscIsNormalReal(u[0]) || u[0] == 0) || !(PetscIsNormalReal(u[1]) || u[1] == 0) || !(PetscIsNormalReal(u[2]) || u[2] == 0);
}
