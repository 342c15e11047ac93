#pragma once
/* Shared by the law tangent tests (t101, t140): the largest error of an analytic tangent against central differences. */
#include <tribolaw.h>

/* err = max(err, max_ij |(t_i(u + s e_j) - t_i(u - s e_j)) / 2s - d_ij| / ref), s = 1e-7 (|u_j| + 1e-9), the law evaluated
   from the committed history h in full mode (hn: work for the trial history) */
static PetscErrorCode LawFDTangentError(TriboLaw law, const PetscReal u[3], const PetscReal h[], const PetscReal d[9], PetscReal ref, PetscReal hn[],
                                        PetscReal *err)
{
  PetscReal up[3], tp[3], tm[3];

  PetscFunctionBeginUser;
  for (int j = 0; j < 3; j++) {
    PetscReal s = 1e-7 * (PetscAbsReal(u[j]) + 1e-9);
    for (int k = 0; k < 3; k++) up[k] = u[k];
    up[j] = u[j] + s;
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, up, h, tp, NULL, hn));
    up[j] = u[j] - s;
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, up, h, tm, NULL, hn));
    for (int i = 0; i < 3; i++) *err = PetscMax(*err, PetscAbsReal((tp[i] - tm[i]) / (2 * s) - d[3 * i + j]) / ref);
  }
  PetscFunctionReturn(0);
}
