#pragma once
/* One point of the generalized Jenkins-Prager law (porter-et-al-2022 §2.2.10, eqs. 22-26), shared by gjp.c and
   prager.c (the regularized Prager law of §2.2.9 is this law with a fixed, stiff kt).

   History of a point (nh = 4 without, 7 with the penalty-contact slots):
     h[0..1] u_t1, u_t2 and h[2..3] t_t1, t_t2 of the Jenkins part (the reversal point (u_t0, t_t0) of eq. 23, the
     traction of eq. 26 without the post-slip spring), h[4] u_n, h[5..6] u_t0,kp of eq. 25 (reset by eq. 5).
   penalty = 0: linear normal spring t_n = kn u_n (eq. 2), u_t0,kp = 0; penalty = 1: penalty contact (eq. 4), all
   tractions zero at u_n <= 0, and where contact is re-established (u_n > 0 after u_n,p <= 0) the reversal point is
   interpolated by eq. 5 with t_t0 = 0, and u_t0,kp is set to the same u_t0 (§2.2.10, last paragraph).
   Choice: in TRIBO_LAW_NORMAL mode (the conservative prestress of porter-et-al-2022 §3.3: no tangential traction)
   u_t0,kp follows the point (u_t0,kp = u_t), as the Jenkins reference point does (t_t0 = 0 at u_t0 = u_t), so that
   the post-slip spring is unstretched at the prestress and the first dynamic step starts from equilibrium; a
   fresh history has u_t0,kp = 0 (the paper's case). The history always holds the u_t0,kp slots (nh = 7). */
#include <tribo/private/lawimpl.h>

static inline void TriboGJPPoint_Private(PetscReal kt, PetscReal ts, PetscReal kp, PetscReal kn, int coupled, int penalty, TriboLawMode mode, int nh,
                                         const PetscReal u[3], const PetscReal h[], PetscReal t[3], PetscReal *d, PetscReal ho[])
{
  PetscReal tq[2] = {0, 0}, dtq[2][3] = {{0, 0, 0}, {0, 0, 0}}, z[2] = {0, 0}, dz[2][3] = {{0, 0, 0}, {0, 0, 0}};
  int       sep = penalty && u[2] <= 0;

  if (nh > 4) z[0] = h[5], z[1] = h[6];
  if (sep) { // eq. 4: separated, no traction at all; the Jenkins traction is reset (edf.c does the same)
    t[0] = t[1] = t[2] = 0;
    if (d)
      for (int k = 0; k < 9; k++) d[k] = 0;
  } else {
    PetscReal tt[2], dtt[2][3] = {{0, 0, 0}, {0, 0, 0}}, dts[3] = {0, 0, 0};
    if (penalty && h[4] <= 0) { // re-established contact, eq. 5: u_t0 = u_t - r (u_t - u_t,p), t_t0 = 0, u_t0,kp = u_t0
      PetscReal r = u[2] / (u[2] - h[4]), drdn = -h[4] / ((u[2] - h[4]) * (u[2] - h[4]));
      for (int q = 0; q < 2; q++) {
        tt[q]     = kt * r * (u[q] - h[q]);
        dtt[q][q] = kt * r;
        dtt[q][2] = kt * drdn * (u[q] - h[q]);
        z[q]      = u[q] - r * (u[q] - h[q]);
        dz[q][q]  = 1 - r;
        dz[q][2]  = -drdn * (u[q] - h[q]);
      }
    } else { // eq. 23: stuck prediction from the reversal point
      for (int q = 0; q < 2; q++) {
        tt[q]     = h[2 + q] + kt * (u[q] - h[q]);
        dtt[q][q] = kt;
      }
    }
    if (mode == TRIBO_LAW_FULL)
      TriboSlipReturn_Private(tt, dtt, ts, dts, coupled, tq, dtq); // eq. 24 and 26 (19 decoupled)
    else
      z[0] = u[0], z[1] = u[1]; // normal mode (conservative prestress): no tangential traction, the spring follows the point
    for (int q = 0; q < 2; q++) t[q] = mode == TRIBO_LAW_FULL ? tq[q] + kp * (u[q] - z[q]) : 0; // eq. 25
    t[2] = kn * u[2];
    if (d) {
      for (int q = 0; q < 2; q++)
        for (int j = 0; j < 3; j++) d[3 * q + j] = mode == TRIBO_LAW_FULL ? dtq[q][j] + kp * ((q == j) - dz[q][j]) : 0;
      d[6] = d[7] = 0;
      d[8]        = kn;
    }
  }
  ho[0] = u[0];
  ho[1] = u[1];
  ho[2] = tq[0];
  ho[3] = tq[1];
  if (nh > 4) {
    ho[4] = u[2];
    ho[5] = z[0];
    ho[6] = z[1];
  }
}

/* The law on n points (history nh = 7 per point); returns 0 or 1 + the index of the first non-finite displacement */
static inline PetscInt TriboGJPKernel_Private(PetscReal kt, PetscReal ts, PetscReal kp, PetscReal kn, int coupled, int penalty, TriboLawMode mode,
                                              PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t, PetscReal *dtdu, PetscReal *hnew)
{
  for (PetscInt i = 0; i < n; i++) {
    if (TriboNonFinite3_Private(&u[3 * i])) return i + 1;
    TriboGJPPoint_Private(kt, ts, kp, kn, coupled, penalty, mode, 7, &u[3 * i], &h[7 * i], &t[3 * i], dtdu ? &dtdu[9 * i] : NULL, &hnew[7 * i]);
  }
  return 0;
}
