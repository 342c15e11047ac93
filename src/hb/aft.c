/* Alternating frequency-time (AFT) evaluation of an interface law over a batch of points, with its exact
   Jacobian with respect to the harmonic displacements (and, for rate-dependent laws, the frequency).

   Reference: Porter and Brake 2023 §4.3.1 (AFT, initialisation of hysteretic laws), NLvib
   HB_residual.m / elasticDryFriction (the stick/slip derivative recursion), hb-epmc.md §1.2, §7.

   Hysteretic laws (nhist > 0), any card: the samples of one point are marched in order over repeated periods
   from a fresh history (zeros) at the sample of largest u_n, with the tangential displacements measured from
   their zeroth harmonic (the rest position of Porter and Brake 2023 §4.3.1: no traction from the history at the
   mean tangential displacement), until every history variable repeats over a period to rtol of its largest
   magnitude in that period, or of its group's (the card's hist_scale: the components of one vector share the scale,
   so that a component that is round-off beside the other is not marched to its own rtol; jenkins, edf), see
   TriboHBSetAFTTolerances(); the last period is transformed. With TRIBO_HB_SLIDER_ZERO (NLvib's convention,
   TriboHBSetSliderStart()) the march starts at sample 0 from absolute zero (the mean is kept), skips sample 0 of the
   first period as NLvib does, and stops after exactly 2 periods. The kernels give dt/du
   (and dt/dv) at a sample with the committed history held fixed, which is not the total derivative along the march:
   - a card with kernel_h (the state derivatives of one step, tribolaw.h) gets the exact derivative of the march,
     carried through every period from the fresh state (whose derivative is zero):
       dt_j = dt/du du_j + dt/dv dv_j + dt/dh dh_{j-1},   dh_j = dh/du du_j + dh/dv dv_j + dh/dh dh_{j-1},
     for jenkins and edf NLvib's stick dt_j = dt_{j-1} + kt (du_j - du_{j-1}), slip dt_j = dt/du_n du_n;
   - a card without it gets forward differences of the whole march, one extra march per coefficient column (and one
     in Omega) with the period count and the starting sample of the unperturbed march, step 1.5e-8 of the point's
     largest coefficient (1.5e-8 Omega): exact to about 1e-8 relative, and 3 ncoef + 1 marches instead of one.
   Rate-dependent laws with history (kernel_v and nhist > 0) are marched with the velocity samples.
   Cost of the exact recursion: a history row with dh/dh = 0 at a sample (an input row: u copied into the history, or
   a traction while separated) is dh/du du + dh/dv dv, kept as those 6 numbers instead of ncol; the rows that depend
   on it fold them into one term times the previous sample's column changes. */
#include "hbimpl.h"
#include <petscblaslapack.h>

typedef struct {
  PetscInt   ncol;                       // derivative columns: 3 ncoef, plus one for Omega
  PetscReal *h, *hs, *hn, *hmax;         // history, at the period's start (and group scales), trial, largest magnitude [nhist]
  PetscReal *S, *Sn;                     // dh/d(column) [nhist ncol] (of an input row only the Omega column)
  PetscReal *G, *Gn;                     // dh/du, dh/dv of the input rows [nhist 6]
  PetscInt  *in, *inn;                   // input rows: dh/dh = 0, so dh = dh/du du + dh/dv dv, kept as G [nhist]
  PetscReal *bu, *bv, *bup, *bvp;        // the column's change of u_c and of v_c at the sample and at the previous one [ncol]
  PetscReal *D, *Dv, *Th, *Hu, *Hv, *Hh; // dt/du, dt/dv [9], dt/dh [3 nhist], dh/du, dh/dv [nhist 3], dh/dh [nhist^2]
  PetscReal *dt;                         // d t_j/d(column) [Nt 3 ncol], sample-major
  PetscReal *up, *vp, *tp;               // perturbed samples and their tractions [3 Nt]
  PetscReal *dB;                         // Omega e'_k(tau_j) [Nt ncoef] (rate-dependent laws)
  PetscReal *Bw;                         // forward weights times the basis, column-major Nt x ncoef
  PetscReal *Jx;                         // [3 ncoef ncol]
} MarchWork;

/* March one point: u[3 Nt] (tangential mean removed), v[3 Nt] velocities (rate-dependent laws, else NULL), ud[3 Nt]
   du/dtau (for the Omega column, else NULL). *nper = 0: from the sample of largest u_n until periodic (*j0, *nper
   out); *nper > 0: exactly that many periods from *j0. t[3 Nt]: the tractions of the last period. deriv: carry
   the state derivatives into w->dt (card kernel_h). */
static PetscErrorCode March_Private(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, PetscInt pt, const PetscReal u[],
                                    const PetscReal v[], const PetscReal ud[], PetscBool deriv, PetscInt *j0, PetscInt *nper, PetscBool *conv,
                                    PetscReal t[], MarchWork *w)
{
  PetscBool zero = (PetscBool)(hb->start == TRIBO_HB_SLIDER_ZERO);
  PetscInt  Nt = hb->Nt, nc = hb->ncoef, N3 = 3 * nc, nh = card->nhist, ncol = w->ncol, k0 = hb->harm[0] == 0 && !zero ? 0 : -1, per, fixed = *nper;
  const PetscReal *B = hb->basis;

  PetscFunctionBeginUser;
  if (zero) { // NLvib: from sample 0, exactly 2 periods
    *j0   = 0;
    fixed = 2;
  } else if (!fixed) {
    *j0 = 0;
    for (PetscInt j = 1; j < Nt; j++)
      if (u[3 * j + 2] > u[3 * *j0 + 2]) *j0 = j;
  }
  PetscCall(PetscArrayzero(w->h, nh));
  if (deriv) {
    PetscCall(PetscArrayzero(w->S, nh * ncol));
    PetscCall(PetscArrayzero(w->in, nh));
  }
  *conv = PETSC_FALSE;
  for (per = 1; fixed ? per <= fixed : (per <= hb->maxper && !*conv); per++) {
    PetscCall(PetscArraycpy(w->hs, w->h, nh));
    PetscCall(PetscArrayzero(w->hmax, nh));
    for (PetscInt s = 0; s < Nt; s++) {
      PetscInt j = (*j0 + s) % Nt, bad;
      if (zero && per == 1 && s == 0) continue; // NLvib leaves sample 0 of the first period: force 0, slider and derivatives unchanged
      const PetscReal *uj = &u[3 * j], *vj = v ? &v[3 * j] : NULL, *Bj = &B[j * nc], *dBj = v ? &w->dB[j * nc] : NULL;

      bad = v ? card->kernel_v(p, mode, 1, uj, vj, w->h, &t[3 * j], deriv ? w->D : NULL, deriv ? w->Dv : NULL, w->hn)
              : card->kernel(p, mode, 1, uj, w->h, &t[3 * j], deriv ? w->D : NULL, w->hn);
      if (!bad && deriv) bad = card->kernel_h(p, mode, 1, uj, vj, w->h, w->Th, w->Hu, v ? w->Hv : NULL, w->Hh);
      PetscCheck(!bad, hb->comm, PETSC_ERR_USER_INPUT, "law %s: non-physical input at point %" PetscInt_FMT ", time sample %" PetscInt_FMT,
                 card->name, pt, j);
      if (deriv) { /* column col = 3k + c moves u_c by B_j[k] (v_c by Omega e'_k); the Omega column moves v by du/dtau.
                      A history row with dh/dh = 0 (an input row, e.g. a copy of u) is dh/du du + dh/dv dv: only those 6 values
                      (and its Omega column) are kept, and a row that depends on it adds (dX/dh G) times the previous bu, bv */
        PetscReal *dtj = &w->dt[j * 3 * ncol], *S = w->S, *Sn = w->Sn, *bu = w->bup, *bv = w->bvp, *bup = w->bu, *bvp = w->bv, *G = w->G, *Gn = w->Gn;
        PetscInt  *in = w->in, *inn = w->inn;
        for (PetscInt k = 0; k < nc; k++)
          for (PetscInt c = 0; c < 3; c++) {
            bu[3 * k + c] = (k == k0 && c < 2) ? 0 : Bj[k]; // the tangential mean is removed from u (TRIBO_HB_SLIDER_MEAN)
            bv[3 * k + c] = v ? dBj[k] : 0;
          }
        for (PetscInt r = 0; r < 3 + nh; r++) { // rows of dt (r < 3) and of the new dh (r >= 3), zero entries of dt/dh, dh/dh skipped
          const PetscReal *Du = r < 3 ? &w->D[3 * r] : &w->Hu[3 * (r - 3)], *Dv = r < 3 ? &w->Dv[3 * r] : &w->Hv[3 * (r - 3)];
          const PetscReal *Dh  = r < 3 ? &w->Th[r * nh] : &w->Hh[(r - 3) * nh];
          PetscReal       *row = r < 3 ? &dtj[r * ncol] : &Sn[(r - 3) * ncol], Eu[3] = {0, 0, 0}, Ev[3] = {0, 0, 0};
          PetscBool        input = PETSC_FALSE;
          if (r >= 3) {
            input = PETSC_TRUE;
            for (PetscInt a = 0; a < nh && input; a++)
              if (Dh[a] != 0) input = PETSC_FALSE;
            inn[r - 3] = input;
          }
          if (input) {
            for (PetscInt c = 0; c < 3; c++) {
              Gn[6 * (r - 3) + c]     = Du[c];
              Gn[6 * (r - 3) + 3 + c] = v ? Dv[c] : 0;
            }
            if (ncol > N3) row[N3] = Dv[0] * ud[3 * j] + Dv[1] * ud[3 * j + 1] + Dv[2] * ud[3 * j + 2];
            continue;
          }
          for (PetscInt a = 0; a < nh; a++)
            if (Dh[a] != 0 && in[a])
              for (PetscInt c = 0; c < 3; c++) {
                Eu[c] += Dh[a] * G[6 * a + c];
                Ev[c] += Dh[a] * G[6 * a + 3 + c];
              }
          if (v)
            for (PetscInt col = 0; col < N3; col += 3)
              for (PetscInt c = 0; c < 3; c++) row[col + c] = Du[c] * bu[col + c] + Dv[c] * bv[col + c] + Eu[c] * bup[col + c] + Ev[c] * bvp[col + c];
          else { // in scalars: row may alias nothing it reads, but the compiler cannot know
            const PetscReal d0 = Du[0], d1 = Du[1], d2 = Du[2], e0 = Eu[0], e1 = Eu[1], e2 = Eu[2];
            for (PetscInt col = 0; col < N3; col += 3) {
              row[col]     = d0 * bu[col] + e0 * bup[col];
              row[col + 1] = d1 * bu[col + 1] + e1 * bup[col + 1];
              row[col + 2] = d2 * bu[col + 2] + e2 * bup[col + 2];
            }
          }
          if (ncol > N3) row[N3] = Dv[0] * ud[3 * j] + Dv[1] * ud[3 * j + 1] + Dv[2] * ud[3 * j + 2];
          PetscInt a1 = -1;
          for (PetscInt a = 0; a < nh; a++) { // dynamic rows in pairs (a1, a): one pass over row for two
            const PetscReal  g  = Dh[a];
            const PetscReal *Sa = &S[a * ncol];
            if (g == 0) continue;
            if (in[a]) {
              if (ncol > N3) row[N3] += g * Sa[N3];
            } else if (a1 < 0)
              a1 = a;
            else {
              const PetscReal  g1 = Dh[a1];
              const PetscReal *S1 = &S[a1 * ncol];
              for (PetscInt col = 0; col < ncol; col++) row[col] += g1 * S1[col] + g * Sa[col];
              a1 = -1;
            }
          }
          if (a1 >= 0) {
            const PetscReal  g1 = Dh[a1];
            const PetscReal *S1 = &S[a1 * ncol];
            for (PetscInt col = 0; col < ncol; col++) row[col] += g1 * S1[col];
          }
        }
        w->S   = Sn;
        w->Sn  = S;
        w->G   = Gn;
        w->Gn  = G;
        w->in  = inn;
        w->inn = in;
        w->bu  = bu;
        w->bv  = bv;
        w->bup = bup;
        w->bvp = bvp;
      }
      for (PetscInt a = 0; a < nh; a++) w->hmax[a] = PetscMax(w->hmax[a], PetscAbsReal(w->hn[a]));
      PetscCall(PetscArraycpy(w->h, w->hn, nh));
    }
    if (card->hist_scale) { // variables of one group share its largest magnitude as the scale
      for (PetscInt a = 0; a < nh; a++) w->hs[nh + a] = 0;
      for (PetscInt a = 0; a < nh; a++) w->hs[nh + card->hist_scale[a]] = PetscMax(w->hs[nh + card->hist_scale[a]], w->hmax[a]);
      for (PetscInt a = 0; a < nh; a++) w->hmax[a] = w->hs[nh + card->hist_scale[a]];
    }
    *conv = PETSC_TRUE;
    for (PetscInt a = 0; a < nh; a++)
      if (PetscAbsReal(w->h[a] - w->hs[a]) > hb->rtol * w->hmax[a]) *conv = PETSC_FALSE;
  }
  *nper = per - 1;
  if (zero) *conv = PETSC_TRUE; // 2 periods by convention, not a failed march
  PetscFunctionReturn(0);
}

/* The last period's forward transform of dt[Nt 3 ncol]: Jx (row-major 3 ncoef x ncol) = Bw^T dt, one gemm; then J
   (N3 x N3) and dFdW (the Omega column) of point pt */
static PetscErrorCode TransformDerivatives_Private(TriboHB hb, MarchWork *w, PetscInt pt, PetscReal J[], PetscReal dFdW[])
{
  PetscInt     nc = hb->ncoef, N3 = 3 * nc, ncol = w->ncol;
  PetscBLASInt bm, bn, bk;
  PetscReal    one = 1, zero = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(3 * ncol, &bm));
  PetscCall(PetscBLASIntCast(nc, &bn));
  PetscCall(PetscBLASIntCast(hb->Nt, &bk));
  PetscCallBLAS("BLASgemm", BLASgemm_("N", "N", &bm, &bn, &bk, &one, w->dt, &bm, w->Bw, &bk, &zero, w->Jx, &bm));
  for (PetscInt row = 0; row < N3; row++) {
    if (J) PetscCall(PetscArraycpy(&J[pt * N3 * N3 + row * N3], &w->Jx[row * ncol], N3));
    if (dFdW && ncol > N3) dFdW[pt * N3 + row] = w->Jx[row * ncol + N3];
  }
  PetscFunctionReturn(0);
}

/* One point of a hysteretic law: march, and the derivatives by kernel_h or by forward differences of the march */
static PetscErrorCode MarchPoint_Private(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, PetscInt pt, PetscReal uscale,
                                         const PetscReal u[], const PetscReal v[], const PetscReal ud[], PetscReal t[], PetscReal J[],
                                         PetscReal dFdW[], MarchWork *w)
{
  PetscInt Nt = hb->Nt, nc = hb->ncoef, N3 = 3 * nc, ncol = w->ncol, k0 = hb->harm[0] == 0 && hb->start != TRIBO_HB_SLIDER_ZERO ? 0 : -1, j0 = 0,
           nper = 0, nperp;
  PetscBool conv, convp, want = (PetscBool)(J || (dFdW && ncol > N3)), exact = (PetscBool)(card->kernel_h != NULL);

  PetscFunctionBeginUser;
  PetscCall(March_Private(hb, card, p, mode, pt, u, v, ud, (PetscBool)(want && exact), &j0, &nper, &conv, t, w));
  hb->lastper = PetscMax(hb->lastper, nper);
  if (!conv) hb->lastunconv++;
  if (!want) PetscFunctionReturn(0);
  if (!exact)
    for (PetscInt col = 0; col < ncol; col++) {
      PetscReal eps;
      PetscCall(PetscArraycpy(w->up, u, 3 * Nt));
      if (v) PetscCall(PetscArraycpy(w->vp, v, 3 * Nt));
      if (col < N3) {
        PetscInt k = col / 3, c = col % 3;
        eps = 1.5e-8 * (uscale > 0 ? uscale : 1);
        if (k == k0 && c < 2) { // the tangential mean is removed from u: no effect
          for (PetscInt j = 0; j < Nt; j++)
            for (PetscInt r = 0; r < 3; r++) w->dt[(j * 3 + r) * ncol + col] = 0;
          continue;
        }
        for (PetscInt j = 0; j < Nt; j++) {
          w->up[3 * j + c] += eps * hb->basis[j * nc + k];
          if (v) w->vp[3 * j + c] += eps * w->dB[j * nc + k];
        }
      } else {
        eps = 1.5e-8 * (hb->Omega > 0 ? hb->Omega : 1);
        for (PetscInt j = 0; j < 3 * Nt; j++) w->vp[j] += eps * ud[j];
      }
      nperp = nper;
      PetscCall(March_Private(hb, card, p, mode, pt, w->up, v ? w->vp : NULL, NULL, PETSC_FALSE, &j0, &nperp, &convp, w->tp, w));
      for (PetscInt j = 0; j < Nt; j++)
        for (PetscInt r = 0; r < 3; r++) w->dt[(j * 3 + r) * ncol + col] = (w->tp[3 * j + r] - t[3 * j + r]) / eps;
    }
  PetscCall(TransformDerivatives_Private(hb, w, pt, J, dFdW));
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
  Hysteretic laws (any card with nhist > 0): the samples of each point are marched in order over repeated periods
  from a fresh history (zeros) at the sample of largest normal displacement, with the tangential displacements
  measured from their zeroth harmonic (Porter and Brake 2023 §4.3.1: the history carries no traction at the mean
  tangential displacement), until every history variable repeats over a period to rtol of its largest magnitude
  in that period (TriboHBSetAFTTolerances(), TriboHBGetAFTPeriods()); the last period is transformed. The Jacobian
  is the derivative of that march: exact through the card's state derivatives (kernel_h, tribolaw.h; jenkins and
  edf have them; NLvib elasticDryFriction: stick dt_j = dt_{j-1} + kt (du_j - du_{j-1}), slip dt_j = 0), else by
  forward differences of the march with its period count held (3 ncoef + 1 marches per point, slower, about 1e-8
  relative); see the head of src/hb/aft.c.

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
  TriboHBAFT(), rate-dependent ones with history with the velocity samples, their dF/dOmega carried through the
  march as one more derivative column (dv_j/dOmega = du/dtau(tau_j)).

.seealso: TriboHBAFT(), TriboHBSetFrequency(), TriboLawIsRateDependent()
@*/
PetscErrorCode TriboHBAFTV(TriboHB hb, const TriboLawCard *card, const PetscReal p[], TriboLawMode mode, PetscInt n, const PetscReal U[],
                           PetscReal F[], PetscReal J[], PetscReal dFdW[])
{
  PetscInt   Nt = hb->Nt, nc = hb->ncoef, N3 = 3 * nc, bs = hb->bs, nsig = 3 * n, nhist = card->nhist;
  PetscReal *u, *t, *D = NULL, *ud = NULL, *v = NULL, *Dv = NULL, *Ud = NULL, *dB = NULL;
  PetscBool  rate = card->kernel_v ? PETSC_TRUE : PETSC_FALSE;
  MarchWork  w;

  PetscFunctionBeginUser;
  PetscCheck(hb->setup, hb->comm, PETSC_ERR_ORDER, "call TriboHBSetUp() first");
  PetscCall(PetscMalloc2(3 * Nt * bs, &u, 3 * Nt * bs, &t));
  PetscCall(PetscMalloc1(J && !nhist ? 9 * Nt * bs : 1, &D));
  if (rate) PetscCall(PetscMalloc5(3 * Nt * bs, &ud, 3 * Nt * bs, &v, 9 * Nt * bs, &Dv, 3 * nc * bs, &Ud, nc, &dB));
  if (dFdW && !rate) PetscCall(PetscArrayzero(dFdW, n * N3));
  if (nhist) {
    w.ncol      = N3 + (rate && dFdW ? 1 : 0);
    PetscInt ns = card->kernel_h && (J || dFdW) ? nhist : 1; // state derivatives only when carried (dh/dh is nhist^2 per sample)
    PetscCall(PetscMalloc6(nhist, &w.h, 2 * nhist, &w.hs, nhist, &w.hn, nhist, &w.hmax, ns * w.ncol, &w.S, ns * w.ncol, &w.Sn));
    PetscCall(PetscMalloc6(9, &w.D, 9, &w.Dv, 3 * ns, &w.Th, 3 * ns, &w.Hu, 3 * ns, &w.Hv, ns * ns, &w.Hh));
    PetscCall(PetscMalloc6(3 * Nt * w.ncol, &w.dt, 3 * Nt, &w.up, 3 * Nt, &w.vp, 3 * Nt, &w.tp, rate ? Nt * nc : 1, &w.dB, Nt * nc, &w.Bw));
    PetscCall(PetscMalloc5(N3 * w.ncol, &w.Jx, w.ncol, &w.bu, w.ncol, &w.bv, w.ncol, &w.bup, w.ncol, &w.bvp));
    PetscCall(PetscArrayzero(w.bu, w.ncol)); // read (times zero) at the first sample of a march
    PetscCall(PetscArrayzero(w.bv, w.ncol));
    PetscCall(PetscMalloc4(6 * ns, &w.G, 6 * ns, &w.Gn, ns, &w.in, ns, &w.inn));
    for (PetscInt kr = 0; kr < nc; kr++) // forward weights times the basis, column-major Nt x nc
      for (PetscInt j = 0; j < Nt; j++) w.Bw[j + Nt * kr] = hb->wt[kr] * hb->basis[j * nc + kr];
    for (PetscInt a = 0; rate && a < hb->nh; a++) // Omega e'_k(tau_j)
      for (PetscInt j = 0; j < Nt; j++) {
        PetscInt hh = hb->harm[a], k = hb->col[a];
        if (hh == 0)
          w.dB[j * nc + k] = 0;
        else {
          w.dB[j * nc + k]     = -hb->Omega * hh * hb->basis[j * nc + k + 1];
          w.dB[j * nc + k + 1] = hb->Omega * hh * hb->basis[j * nc + k];
        }
      }
  }
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
                          : card->kernel(p, mode, m * Nt, u, NULL, t, J ? D : NULL, NULL);
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
        PetscReal uscale = 0;
        for (PetscInt k = 0; k < nc; k++)
          for (PetscInt c = 0; c < 3; c++) uscale = PetscMax(uscale, PetscAbsReal(U[k * nsig + 3 * (i0 + i) + c]));
        if (hb->harm[0] == 0 && hb->start == TRIBO_HB_SLIDER_MEAN) // tangential displacements from their mean (the fresh history's rest position)
          for (PetscInt j = 0; j < Nt; j++)
            for (PetscInt c = 0; c < 2; c++) u[(i * Nt + j) * 3 + c] -= U[3 * (i0 + i) + c];
        PetscCall(MarchPoint_Private(hb, card, p, mode, i0 + i, uscale, &u[3 * Nt * i], rate ? &v[3 * Nt * i] : NULL, rate ? &ud[3 * Nt * i] : NULL,
                                     &t[3 * Nt * i], J, dFdW, &w));
      }
    }
    PetscCall(PetscArrayzero(hb->tbuf, Nt * 3 * bs));
    for (PetscInt i = 0; i < m; i++)
      for (PetscInt c = 0; c < 3; c++)
        for (PetscInt j = 0; j < Nt; j++) hb->tbuf[(3 * i + c) * Nt + j] = t[(i * Nt + j) * 3 + c];
    PetscCall(TriboHBStore_Private(hb, nsig, 3 * i0, 3 * m, F));
    if (dFdW && rate && !nhist) { // dF/dOmega = forward(D_v du/dtau); Ud is free again and holds the coefficients of the batch
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
  PetscCall(PetscFree(D));
  if (nhist) {
    PetscCall(PetscFree6(w.h, w.hs, w.hn, w.hmax, w.S, w.Sn));
    PetscCall(PetscFree6(w.D, w.Dv, w.Th, w.Hu, w.Hv, w.Hh));
    PetscCall(PetscFree6(w.dt, w.up, w.vp, w.tp, w.dB, w.Bw));
    PetscCall(PetscFree5(w.Jx, w.bu, w.bv, w.bup, w.bvp));
    if (w.Gn < w.G) { // swapped an odd number of times (Nt odd): the first pointer of the allocation first
      PetscReal *G = w.G;
      w.G          = w.Gn;
      w.Gn         = G;
    }
    PetscCall(PetscFree4(w.G, w.Gn, w.in, w.inn));
  }
  if (rate) PetscCall(PetscFree5(ud, v, Dv, Ud, dB));
  PetscFunctionReturn(0);
}
