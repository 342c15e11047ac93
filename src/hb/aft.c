/* Alternating frequency-time (AFT) evaluation of an interface law over a batch of points, with its exact
   Jacobian with respect to the harmonic displacements.

   Reference: Porter and Brake 2023 §4.3.1 (AFT, initialisation of hysteretic laws), NLvib
   HB_residual.m / elasticDryFriction (the stick/slip derivative recursion), hb-epmc.md §1.2, §7.

   Choice for hysteretic laws (nhist > 0): the kernels give dt/du at a sample with the committed history held
   fixed, which is not the total derivative along the march. The interface has no dt/dh, so the AFT knows the
   slider of the laws that exist (jenkins, edf: a spring kt in series with a slider, history u_t and t_t, edf also
   u_n): the stuck prediction is t* = t_p + kt (u_t - u_p) = kt (u_t - z_p) with the slider position
   z = u_t - t_t/kt, so the total derivative at sample j is
     dt_j = D_t (du_t,j - dz_{j-1}) + D_n du_n,j,   dz_j = du_t,j - dt_t,j/kt,
   with D = dt/du of the kernel. In stick it is NLvib's dt_j = dt_{j-1} + kt (du_j - du_{j-1}), in (1D) slip
   dt_j = D_n du_n (0 for jenkins). Re-established edf contact (eq. 5, t* = kt u_n/(u_n - u_n,p) (u_t - u_p)) adds
   D_t (u_t - u_p)/(u_n - u_n,p) du_n,p. This is exact for jenkins and edf; another hysteretic law is refused until
   its slider is described here. */
#include "hbimpl.h"
#include <petscblaslapack.h>

typedef struct {
  PetscReal kt;
  PetscInt  ut, tt, un; // history slots of u_t (2), t_t (2) and u_n (1, or -1)
} Slider;

static PetscErrorCode GetSlider_Private(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, Slider *sl)
{
  PetscBool jen, edf;

  PetscFunctionBeginUser;
  PetscCall(PetscStrcmp(card->name, TRIBOLAWJENKINS, &jen));
  PetscCall(PetscStrcmp(card->name, TRIBOLAWEDF, &edf));
  PetscCheck(jen || edf, hb->comm, PETSC_ERR_SUP,
             "AFT of the hysteretic law %s is not supported: its slider (history slots, stiffness) is not described in src/hb/aft.c", card->name);
  sl->kt = p[0];
  sl->ut = 0;
  sl->tt = jen ? 2 : 3;
  sl->un = jen ? -1 : 2;
  PetscCheck(mode == TRIBO_LAW_NORMAL || sl->kt > 0, hb->comm, PETSC_ERR_USER_INPUT, "AFT of the %s law needs kt > 0, got %g", card->name,
             (double)sl->kt);
  PetscFunctionReturn(0);
}

/* March one point over repeated periods from the initial state of Porter and Brake 2023 §4.3.1: u_t of the
   history at the zeroth harmonic, t_t = 0, u_n at the largest normal displacement of the period, starting at its
   sample. u[3 Nt] samples, U0[2] zeroth-harmonic tangential displacement, t[3 Nt] tractions of the last period;
   with J, its (3 ncoef)^2 block, and work dz[2 N3], dt[3 N3], h[3 nhist] */
static PetscErrorCode March_Private(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, const Slider *sl, PetscInt pt,
                                    const PetscReal u[], const PetscReal U0[2], PetscReal t[], PetscReal J[], PetscReal dz[], PetscReal dt[],
                                    const PetscReal Bw[], PetscReal h[], PetscInt *nper, PetscBool *conv)
{
  PetscInt         Nt = hb->Nt, nc = hb->ncoef, N3 = 3 * nc, nhist = card->nhist, j0 = 0, k0 = hb->harm[0] == 0 ? 0 : -1, per;
  PetscReal       *hs = h + nhist, *hn = h + 2 * nhist, umax = 0;
  const PetscReal *B = hb->basis;

  PetscFunctionBeginUser;
  for (PetscInt j = 1; j < Nt; j++)
    if (u[3 * j + 2] > u[3 * j0 + 2]) j0 = j;
  for (PetscInt j = 0; j < 3 * Nt; j++) umax = PetscMax(umax, PetscAbsReal(u[j]));
  PetscCall(PetscArrayzero(h, nhist));
  for (PetscInt q = 0; q < 2; q++) h[sl->ut + q] = U0[q];
  if (sl->un >= 0) h[sl->un] = u[3 * j0 + 2];
  if (J) {
    PetscCall(PetscArrayzero(dz, 2 * N3));
    if (k0 == 0) dz[0] = dz[N3 + 1] = 1; // z = U0: dz_q/dU0_q = 1
  }
  *conv = PETSC_FALSE;
  for (per = 1; per <= hb->maxper && !*conv; per++) {
    PetscReal tmax = 0, dif_u = 0, dif_t = 0;
    PetscCall(PetscArraycpy(hs, h, nhist));
    for (PetscInt s = 0; s < Nt; s++) {
      PetscInt         j = (j0 + s) % Nt, jp = (j0 + s + Nt - 1) % Nt, bad;
      const PetscReal *uj = &u[3 * j], *Bj = &B[j * nc], *Bp = &B[jp * nc];
      PetscReal        D[9], rc[2] = {0, 0}, *dtj = J ? &dt[j * 3 * N3] : NULL;

      bad = card->kernel(p, mode, 1, uj, h, &t[3 * j], J ? D : NULL, hn);
      PetscCheck(!bad, hb->comm, PETSC_ERR_USER_INPUT, "law %s: non-physical input at point %" PetscInt_FMT ", time sample %" PetscInt_FMT,
                 card->name, pt, j);
      tmax = PetscMax(tmax, PetscMax(PetscAbsReal(t[3 * j]), PetscAbsReal(t[3 * j + 1])));
      if (J) {
        // re-established contact (edf eq. 5): the prediction also depends on u_n of the previous (separated) sample
        if (sl->un >= 0 && mode == TRIBO_LAW_FULL && uj[2] > 0 && h[sl->un] <= 0 && s > 0)
          for (PetscInt r = 0; r < 2; r++) rc[r] = (D[3 * r] * (uj[0] - h[sl->ut]) + D[3 * r + 1] * (uj[1] - h[sl->ut + 1])) / (uj[2] - h[sl->un]);
        for (PetscInt col = 0; col < N3; col++) {
          PetscInt  k = col / 3, c = col % 3;
          PetscReal du[3] = {0, 0, 0}, a0, a1, dunp = c == 2 ? Bp[k] : 0;
          du[c] = Bj[k];
          a0    = du[0] - dz[col];
          a1    = du[1] - dz[N3 + col];
          for (PetscInt r = 0; r < 3; r++) dtj[r * N3 + col] = D[3 * r] * a0 + D[3 * r + 1] * a1 + D[3 * r + 2] * du[2] + (r < 2 ? rc[r] * dunp : 0);
          dz[col]      = du[0] - (mode == TRIBO_LAW_FULL ? dtj[col] / sl->kt : 0);
          dz[N3 + col] = du[1] - (mode == TRIBO_LAW_FULL ? dtj[N3 + col] / sl->kt : 0);
        }
      }
      PetscCall(PetscArraycpy(h, hn, nhist));
    }
    for (PetscInt q = 0; q < 2; q++) {
      dif_u = PetscMax(dif_u, PetscAbsReal(h[sl->ut + q] - hs[sl->ut + q]));
      dif_t = PetscMax(dif_t, PetscAbsReal(h[sl->tt + q] - hs[sl->tt + q]));
    }
    if (sl->un >= 0) dif_u = PetscMax(dif_u, PetscAbsReal(h[sl->un] - hs[sl->un]));
    *conv = (PetscBool)(dif_u <= hb->rtol * umax && dif_t <= hb->rtol * tmax);
  }
  *nper = per - 1;
  if (J) { // the last period's forward transform of dt: J (row-major N3 x N3 = nc x 3 N3) = Bw^T DT, one gemm
    PetscBLASInt bm, bn, bk;
    PetscReal    one = 1, zero = 0;
    PetscCall(PetscBLASIntCast(3 * N3, &bm));
    PetscCall(PetscBLASIntCast(nc, &bn));
    PetscCall(PetscBLASIntCast(Nt, &bk));
    PetscCallBLAS("BLASgemm", BLASgemm_("N", "N", &bm, &bn, &bk, &one, dt, &bm, Bw, &bk, &zero, J, &bm));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboHBAFT - Harmonic tractions of an interface law and their Jacobian by the alternating frequency-time method.

  Not collective

  Input Parameters:
+ hb   - the layout, set up
. card - the law (TriboLawGetCard())
. p    - its parameters in card order (TriboLawGetParameters())
. mode - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
. n    - number of interface points
- U    - harmonic relative displacements, U[k (3n) + 3i + c], c = t1, t2, n

  Output Parameters:
+ F - harmonic tractions, same layout: F = forward(t(inverse(U)))
- J - NULL, or n blocks of (3 ncoef)^2 (row-major, rows and columns indexed 3k + c): J_i = dF_i/dU_i

  Notes:
  TriboHBAFTV() without the frequency derivative; see there. Memoryless laws (nhist = 0): dF/dU = (forward)
  diag(dt/du at tau_j) (inverse), i.e. J[3kr+r, 3kc+c] = sum_j w_kr e_kr(tau_j) (dt_r/du_c)(tau_j) e_kc(tau_j), the
  exact derivative of the discrete AFT.
  Hysteretic laws: the samples are marched in order over repeated periods from the state of Porter and Brake 2023
  §4.3.1 (tangential history at the zeroth harmonic with zero traction; normal history at the largest normal
  displacement, the march starting at that sample) until the history repeats (TriboHBSetAFTTolerances()); the
  last period is transformed. The Jacobian follows the march (see the head of src/hb/aft.c; NLvib
  elasticDryFriction: stick dt_j = dt_{j-1} + kt (du_j - du_{j-1}), slip dt_j = 0), exact for jenkins and edf.

.seealso: TriboHBAFTV(), TriboHBSetFrequency()
@*/
PetscErrorCode TriboHBAFT(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, PetscInt n, const PetscReal U[],
                          PetscReal F[], PetscReal J[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboHBAFTV(hb, card, p, mode, n, U, F, J, NULL));
  PetscFunctionReturn(0);
}

// du/dtau coefficients of the m points i0.. of U into Ud[k (3m) + s]: cos column of harmonic h <- h Xs_h, sin column <- -h Xc_h
static void DerivativeCoefficients_Private(TriboHB hb, PetscInt nsig, PetscInt s0, PetscInt m3, const PetscReal U[], PetscReal Ud[])
{
  for (PetscInt a = 0; a < hb->nh; a++) {
    PetscInt h = hb->harm[a], k = hb->col[a];
    for (PetscInt s = 0; s < m3; s++) {
      if (h == 0)
        Ud[k * m3 + s] = 0;
      else {
        Ud[k * m3 + s]       = h * U[(k + 1) * nsig + s0 + s];
        Ud[(k + 1) * m3 + s] = -h * U[k * nsig + s0 + s];
      }
    }
  }
}

/*@
  TriboHBAFTV - Harmonic tractions of an interface law, their Jacobian and their derivative in the frequency, by the
  alternating frequency-time method with relative velocities.

  Not collective

  Input Parameters:
+ hb   - the layout, set up, with the frequency Omega of TriboHBSetFrequency()
. card - the law (TriboLawGetCard())
. p    - its parameters in card order (TriboLawGetParameters())
. mode - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
. n    - number of interface points
- U    - harmonic relative displacements, U[k (3n) + 3i + c], c = t1, t2, n

  Output Parameters:
+ F    - harmonic tractions, same layout: F = forward(t(u(tau_j), v(tau_j)))
. J    - NULL, or n blocks of (3 ncoef)^2 (row-major, rows and columns indexed 3k + c): J_i = dF_i/dU_i
- dFdW - NULL, or n blocks of 3 ncoef values, dFdW[i (3 ncoef) + 3k + c] = dF_{k,3i+c}/dOmega (the rows of J_i)

  Notes:
  Rate-dependent laws (TriboLawCardIsRateDependent(), e.g. tanh) see the velocity samples
  v(tau_j) = Omega du/dtau (tau_j), transformed from the derivative coefficients (cos column of harmonic h:
  h Xs_h, sin column: -h Xc_h) by the same inverse FFT as u. With D_u = dt/du and D_v = dt/dv at tau_j and
  e'_k the derivative of column k's function (-h sin h tau for cos, h cos h tau for sin),
.vb
    J[3kr+r, 3kc+c] = sum_j w_kr e_kr(tau_j) (D_u[r,c] e_kc(tau_j) + Omega D_v[r,c] e'_kc(tau_j)),
    dF/dOmega       = forward(D_v du/dtau),
.ve
  the exact derivatives of the discrete AFT (NLvib HB_residual.m treats its velocity-dependent elements the same
  way). Rate-independent laws ignore Omega and give dFdW = 0; hysteretic laws are marched as described in
  TriboHBAFT().

.seealso: TriboHBAFT(), TriboHBSetFrequency(), TriboLawIsRateDependent()
@*/
PetscErrorCode TriboHBAFTV(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, PetscInt n, const PetscReal U[],
                           PetscReal F[], PetscReal J[], PetscReal dFdW[])
{
  PetscInt   Nt = hb->Nt, nc = hb->ncoef, N3 = 3 * nc, bs = hb->bs, nsig = 3 * n, nhist = card->nhist;
  PetscReal *u, *t, *D = NULL, *hw = NULL, *dz = NULL, *dt = NULL, *ud = NULL, *v = NULL, *Dv = NULL, *Ud = NULL, *dB = NULL, *Bw = NULL;
  PetscBool  rate = card->kernel_v ? PETSC_TRUE : PETSC_FALSE;
  Slider     sl   = {0, 0, 0, -1};

  PetscFunctionBeginUser;
  PetscCheck(hb->setup, hb->comm, PETSC_ERR_ORDER, "call TriboHBSetUp() first");
  PetscCheck(!rate || !nhist, hb->comm, PETSC_ERR_SUP, "AFT of law %s: a rate-dependent law with history is not supported yet", card->name);
  if (nhist) PetscCall(GetSlider_Private(hb, card, p, mode, &sl));
  PetscCall(PetscMalloc2(3 * Nt * bs, &u, 3 * Nt * bs, &t));
  PetscCall(PetscMalloc4(J && !nhist ? 9 * Nt * bs : 0, &D, 3 * PetscMax(nhist, 1) * bs, &hw, 2 * N3, &dz, 3 * N3 * Nt, &dt));
  PetscCall(PetscMalloc1(J && nhist ? Nt * nc : 1, &Bw));
  if (J && nhist) // forward weights times the basis, column-major Nt x nc
    for (PetscInt kr = 0; kr < nc; kr++)
      for (PetscInt j = 0; j < Nt; j++) Bw[j + Nt * kr] = hb->wt[kr] * hb->basis[j * nc + kr];
  if (rate) PetscCall(PetscMalloc5(3 * Nt * bs, &ud, 3 * Nt * bs, &v, 9 * Nt * bs, &Dv, 3 * nc * bs, &Ud, nc, &dB));
  if (dFdW && !rate) PetscCall(PetscArrayzero(dFdW, n * N3));
  hb->lastper = hb->lastunconv = 0;
  for (PetscInt i0 = 0; i0 < n; i0 += bs) {
    PetscInt m = PetscMin(bs, n - i0);
    PetscCall(TriboHBLoad_Private(hb, nsig, 3 * i0, 3 * m, U));
    for (PetscInt i = 0; i < m; i++)
      for (PetscInt c = 0; c < 3; c++)
        for (PetscInt j = 0; j < Nt; j++) u[(i * Nt + j) * 3 + c] = hb->tbuf[(3 * i + c) * Nt + j];
    if (rate) { // v = Omega du/dtau, sampled from the derivative coefficients
      DerivativeCoefficients_Private(hb, nsig, 3 * i0, 3 * m, U, Ud);
      PetscCall(TriboHBLoad_Private(hb, 3 * m, 0, 3 * m, Ud));
      for (PetscInt i = 0; i < m; i++)
        for (PetscInt c = 0; c < 3; c++)
          for (PetscInt j = 0; j < Nt; j++) {
            ud[(i * Nt + j) * 3 + c] = hb->tbuf[(3 * i + c) * Nt + j];
            v[(i * Nt + j) * 3 + c]  = hb->Omega * hb->tbuf[(3 * i + c) * Nt + j];
          }
    }
    if (!nhist) {
      PetscInt bad = rate ? card->kernel_v(p, mode, m * Nt, u, v, NULL, t, J ? D : NULL, J || dFdW ? Dv : NULL, NULL)
                          : card->kernel(p, mode, m * Nt, u, hw, t, J ? D : NULL, hw);
      PetscCheck(!bad, hb->comm, PETSC_ERR_USER_INPUT, "law %s: non-physical input at point %" PetscInt_FMT ", time sample %" PetscInt_FMT,
                 card->name, i0 + (bad - 1) / Nt, (bad - 1) % Nt);
      for (PetscInt i = 0; J && i < m; i++) {
        PetscReal *Ji = &J[(i0 + i) * N3 * N3];
        PetscCall(PetscArrayzero(Ji, N3 * N3));
        for (PetscInt j = 0; j < Nt; j++) {
          const PetscReal *Bj = &hb->basis[j * nc], *Dj = &D[9 * (i * Nt + j)], *Dvj = rate ? &Dv[9 * (i * Nt + j)] : NULL;
          if (rate)
            for (PetscInt a = 0; a < hb->nh; a++) { // Omega e'_k(tau_j)
              PetscInt h = hb->harm[a], k = hb->col[a];
              if (h == 0)
                dB[k] = 0;
              else {
                dB[k]     = -hb->Omega * h * Bj[k + 1];
                dB[k + 1] = hb->Omega * h * Bj[k];
              }
            }
          for (PetscInt kr = 0; kr < nc; kr++)
            for (PetscInt kc = 0; kc < nc; kc++) {
              PetscReal w = hb->wt[kr] * Bj[kr] * Bj[kc], wv = rate ? hb->wt[kr] * Bj[kr] * dB[kc] : 0;
              for (PetscInt r = 0; r < 3; r++)
                for (PetscInt c = 0; c < 3; c++) Ji[(3 * kr + r) * N3 + 3 * kc + c] += w * Dj[3 * r + c] + (rate ? wv * Dvj[3 * r + c] : 0);
            }
        }
      }
    } else {
      for (PetscInt i = 0; i < m; i++) {
        PetscReal U0[2] = {0, 0};
        PetscInt  nper;
        PetscBool conv;
        if (hb->harm[0] == 0)
          for (PetscInt q = 0; q < 2; q++) U0[q] = U[3 * (i0 + i) + q];
        PetscCall(March_Private(hb, card, p, mode, &sl, i0 + i, &u[3 * Nt * i], U0, &t[3 * Nt * i], J ? &J[(i0 + i) * N3 * N3] : NULL, dz, dt, Bw, hw,
                                &nper, &conv));
        hb->lastper = PetscMax(hb->lastper, nper);
        if (!conv) hb->lastunconv++;
      }
    }
    PetscCall(PetscArrayzero(hb->tbuf, Nt * 3 * bs));
    for (PetscInt i = 0; i < m; i++)
      for (PetscInt c = 0; c < 3; c++)
        for (PetscInt j = 0; j < Nt; j++) hb->tbuf[(3 * i + c) * Nt + j] = t[(i * Nt + j) * 3 + c];
    PetscCall(TriboHBStore_Private(hb, nsig, 3 * i0, 3 * m, F));
    if (dFdW && rate) { // dF/dOmega = forward(D_v du/dtau); Ud is free again and holds the coefficients of the batch
      PetscCall(PetscArrayzero(hb->tbuf, Nt * 3 * bs));
      for (PetscInt i = 0; i < m; i++)
        for (PetscInt j = 0; j < Nt; j++) {
          const PetscReal *Dvj = &Dv[9 * (i * Nt + j)], *udj = &ud[3 * (i * Nt + j)];
          for (PetscInt r = 0; r < 3; r++) hb->tbuf[(3 * i + r) * Nt + j] = Dvj[3 * r] * udj[0] + Dvj[3 * r + 1] * udj[1] + Dvj[3 * r + 2] * udj[2];
        }
      PetscCall(TriboHBStore_Private(hb, 3 * m, 0, 3 * m, Ud));
      for (PetscInt i = 0; i < m; i++)
        for (PetscInt k = 0; k < nc; k++)
          for (PetscInt c = 0; c < 3; c++) dFdW[(i0 + i) * N3 + 3 * k + c] = Ud[k * 3 * m + 3 * i + c];
    }
  }
  PetscCall(PetscFree2(u, t));
  PetscCall(PetscFree4(D, hw, dz, dt));
  PetscCall(PetscFree(Bw));
  if (rate) PetscCall(PetscFree5(ud, v, Dv, Ud, dB));
  PetscFunctionReturn(0);
}
