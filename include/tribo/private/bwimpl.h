#pragma once
/* Shared pieces of the Bouc-Wen laws and the Valanis law (src/law/impls/boucwen.c, boucwen1.c, boucwen2.c,
   valanis.c): hysteretic laws in rate form whose tangential directions are decoupled (the paper's WJROM), each
   direction stepping from its committed state, with a linear normal spring t_n = kn u_n.

   Reference: paper porter-et-al-2022 §2.2.3-2.2.6 (eqs. 10-17), §2.3.2 eq. 28 (parameter sensitivities), §2.1
   eq. 2 (normal).

   Everything here is pure (no allocation, no MPI, no PetscCall), inlined into the kernels.

   History of a point (6 numbers): u_t1, u_t2, t_t1, t_t2 at the last committed state, and the direction (+-1, 0
   fresh) of the last nonzero increment in each direction (for the tangent at u = u0). The laws with sensitivities
   (kernel_p) integrate those of their first TRIBO_BW_NS parameters; of the history only t_t1, t_t2 carry them (the
   displacements are inputs, the directions discrete). */
#include <tribo/private/lawimpl.h>

#define TRIBO_BW_NS 4 /* parameter sensitivities carried per direction: those of the law's first four parameters */

/* One tangential direction of a law with parameters p: from the committed state (u0, t0, with dt0/dp in st0, NULL for
   none) and the last direction slast to u; writes t, dt/du, the direction to commit, and dt/dp when sp is not NULL.
   Returns 0, or 1 for a bad point (integration failed, non-physical state). */
typedef int (*TriboBWDirection)(const PetscReal *p, int masing, PetscReal u, PetscReal u0, PetscReal t0, PetscReal slast, const PetscReal *st0,
                                PetscReal *t, PetscReal *dtdu, PetscReal *snew, PetscReal *sp);

/* The direction s and path length X of a step to u: from the committed u0 with s = sgn(u - u0) (the last direction
   slast, else +1, when u = u0); masing = 1: the virgin curve from the origin, s = sgn(u) (+1 at u = 0). */
static inline void TriboBWStep_Private(int masing, PetscReal u, PetscReal u0, PetscReal slast, PetscReal *s, PetscReal *X)
{
  if (masing) {
    *s = u >= 0 ? 1.0 : -1.0;
    *X = PetscAbsReal(u);
  } else {
    PetscReal du = u - u0;
    *s           = du > 0 ? 1.0 : (du < 0 ? -1.0 : (slast != 0 ? slast : 1.0));
    *X           = PetscAbsReal(du);
  }
}

/* tau(x) of a closed-form law: tau after a path length x >= 0 from tau0 (tau = s t), given A, a = alpha - beta and
   b = alpha + beta */
typedef PetscReal (*TriboBWTau)(PetscReal A, PetscReal a, PetscReal b, PetscReal tau0, PetscReal x);

/* One direction of a closed form of eq. 10 (boucwen1 with ne = 1, boucwen2 with ne = 2; parameters A, alpha, beta
   first): tau from the branch solution tau(), the tangent dt/du = A - (alpha sgn(tau) - beta)|tau|^ne of eq. 10 at the
   end point. No sensitivities. */
static inline int TriboBWClosedDirection_Private(TriboBWTau tau, int ne, const PetscReal *p, int masing, PetscReal u, PetscReal u0, PetscReal t0,
                                                 PetscReal slast, PetscReal *t, PetscReal *dtdu, PetscReal *snew)
{
  const PetscReal A = p[0], alpha = p[1], beta = p[2];
  PetscReal       s, X, ta, c;

  TriboBWStep_Private(masing, u, u0, slast, &s, &X);
  ta    = tau(A, alpha - beta, alpha + beta, s * (masing ? 0 : t0), X);
  c     = alpha * (ta >= 0 ? 1.0 : -1.0) - beta;
  *t    = s * ta;
  *dtdu = A - (ne == 1 ? c * PetscAbsReal(ta) : c * ta * ta);
  *snew = (masing || X > 0) ? s : slast;
  return 0;
}

/* The kernel (dtdp NULL) or kernel_p (dtdp, hp, hpnew given) of a law of the family on n points: dir for each
   tangential direction, t_n = kn u_n with kn = p[ikn], the Masing flag p[imasing], np parameters. Returns 0 or
   1 + the index of the first bad point. */
static inline PetscInt TriboBWKernel_Private(TriboBWDirection dir, const PetscReal *p, int ikn, int imasing, int np, TriboLawMode mode, PetscInt n,
                                             const PetscReal *u, const PetscReal *h, const PetscReal *hp, PetscReal *t, PetscReal *dtdu,
                                             PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew)
{
  const PetscReal kn     = p[ikn];
  const int       masing = p[imasing] > 0.5;

  for (PetscInt i = 0; i < n; i++) {
    const PetscReal *ui = &u[3 * i], *hi = &h[6 * i];
    PetscReal       *ti = &t[3 * i], *ho = &hnew[6 * i], tq[2] = {0, 0}, dq[2] = {0, 0}, sq[2], spq[2][TRIBO_BW_NS] = {{0}};

    if (TriboNonFinite3_Private(ui)) return i + 1;
    for (int q = 0; q < 2; q++) {
      sq[q] = hi[4 + q];
      if (mode == TRIBO_LAW_FULL) {
        PetscReal st0[TRIBO_BW_NS];
        if (dtdp)
          for (int k = 0; k < TRIBO_BW_NS; k++) st0[k] = hp[(6 * i + 2 + q) * np + k];
        if (dir(p, masing, ui[q], hi[q], hi[2 + q], hi[4 + q], dtdp ? st0 : NULL, &tq[q], &dq[q], &sq[q], dtdp ? spq[q] : NULL)) return i + 1;
      }
    }
    ti[0] = tq[0];
    ti[1] = tq[1];
    ti[2] = kn * ui[2];
    ho[0] = ui[0];
    ho[1] = ui[1];
    ho[2] = tq[0];
    ho[3] = tq[1];
    ho[4] = sq[0];
    ho[5] = sq[1];
    if (dtdu) {
      PetscReal *d = &dtdu[9 * i];
      for (int k = 0; k < 9; k++) d[k] = 0;
      d[0] = dq[0];
      d[4] = dq[1];
      d[8] = kn;
    }
    if (dtdp) {
      PetscReal *dp = &dtdp[3 * i * np], *hpo = &hpnew[6 * i * np];
      for (int k = 0; k < 3 * np; k++) dp[k] = 0;
      for (int k = 0; k < 6 * np; k++) hpo[k] = 0;
      for (int q = 0; q < 2; q++)
        for (int k = 0; k < TRIBO_BW_NS; k++) dp[q * np + k] = hpo[(2 + q) * np + k] = spq[q][k];
      dp[2 * np + ikn] = ui[2]; // dt_n/dkn
    }
  }
  return 0;
}

/* Admissibility of the Bouc-Wen shape parameters (paper §2.2.3, after eq. 11): alpha >= 0, beta in [-alpha, alpha] */
static inline const char *TriboBWValidateShape_Private(PetscReal alpha, PetscReal beta)
{
  if (alpha < 0) return "parameter alpha must be >= 0 (eq. 10; thermodynamic admissibility, paper §2.2.3)";
  if (beta < -alpha || beta > alpha) return "parameter beta must lie in [-alpha, alpha] (eq. 10; thermodynamic admissibility, paper §2.2.3)";
  return NULL;
}

/* The tolerance of the Dormand-Prince integration of the rate-form laws (boucwen, valanis) */
static inline const char *TriboBWValidateRtol_Private(PetscReal rtol)
{
  return (rtol < 1e-14 || rtol > 1e-3) ? "parameter rtol (Dormand-Prince tolerance) must lie in [1e-14, 1e-3]" : NULL;
}
