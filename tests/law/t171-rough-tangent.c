/* Analytic tangents of the rough law against central differences (fdtangent.h), in every regime of the asperity and
   of the element: out of contact, elastic (Hertz ellipsoid turned by alpha = 0.4), plastic loading, unloading,
   stick, partial slip, full slip, re-contact (interpolated reference), coupled (eq. 45) and decoupled slip, CEB, for
   the tangent, MIC and MIF models. Each case commits a short path of states and checks dt/du at the last point:
   max |FD - dt/du| <= 1e-6 |dt/du|_max, FD step 1e-7 (|u_j| + 1e-9) (measured: at most 2.3e-9). The ratio
   |t_t|/(0.6 t_n) shows the regime (1 in coupled full slip, < 1 in stick or partial slip, 0 separated; CEB cases use
   their own mu). R' = R'' = 1 mm (ellipsoid: 2, 0.5 mm),
   E = 192.31 GPa, S_ys = 330 MPa: delta_y = 64 nm, yield at 1.9 delta_y = 122 nm. Prints the case and "ok", or the
   error; -show_error prints the errors. */
#include "roughref.h"
#include "fdtangent.h"

typedef struct {
  const char *name, *opts;
  PetscInt    nlev; /* 1: a single asperity (gap 0, weight 1); else uniform PDF levels */
  PetscReal   path[3][3];
  PetscInt    npath;
  PetscReal   u[3], tol;
} Case;

static const char *TANG = "-friction_asperity_tangential tangent ", *PL = "-friction_asperity_normal plastic ";

int main(int argc, char **argv)
{
  PetscBool show = PETSC_FALSE;
  char      o[25][512];
  Case      cs[25];
  PetscInt  nc = 0;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
#define ADD(NAME, OPTS1, OPTS2, NLEV, NP, P0, P1, P2, U, TOL)             \
  do {                                                                    \
    PetscCall(PetscSNPrintf(o[nc], sizeof(o[nc]), "%s%s", OPTS1, OPTS2)); \
    cs[nc] = (Case){NAME, o[nc], NLEV, {P0, P1, P2}, NP, U, TOL};         \
    nc++;                                                                 \
  } while (0)
#define V(a, b, c) \
  {                \
    a, b, c        \
  }
  const char *ell = "-friction_rp 2e-3 -friction_rpp 5e-4 -friction_alpha 0.4 ";
  ADD("tangent, out of contact", TANG, "", 1, 1, V(0, 0, 5e-8), V(0, 0, 0), V(0, 0, 0), V(1e-9, 2e-9, -1e-8), 1e-6);
  ADD("tangent, ellipsoid, stick", TANG, ell, 1, 1, V(0, 0, 5e-8), V(0, 0, 0), V(0, 0, 0), V(1e-10, -2e-10, 6e-8), 1e-6);
  ADD("tangent, ellipsoid, slip decoupled", TANG, ell, 1, 1, V(0, 0, 5e-8), V(0, 0, 0), V(0, 0, 0), V(3e-8, -1e-8, 6e-8), 1e-6);
  ADD("tangent, ellipsoid, slip coupled", TANG, "-friction_coupled 1 -friction_rp 2e-3 -friction_rpp 5e-4 -friction_alpha 0.4 ", 1, 1, V(0, 0, 5e-8),
      V(0, 0, 0), V(0, 0, 0), V(3e-8, -1e-8, 6e-8), 1e-6);
  ADD("tangent, re-contact", TANG, "", 1, 1, V(1e-9, 0, -2e-8), V(0, 0, 0), V(0, 0, 0), V(2e-9, 1e-9, 4e-8), 1e-6);
  ADD("tangent, plastic loading", TANG, PL, 1, 1, V(0, 0, 5e-8), V(0, 0, 0), V(0, 0, 0), V(1e-10, 2e-10, 3e-7), 1e-6);
  ADD("tangent, unloading, stick", TANG, PL, 1, 2, V(0, 0, 3e-7), V(0, 0, 2.5e-7), V(0, 0, 0), V(1e-10, 2e-10, 2.4e-7), 1e-6);
  ADD("tangent, unloading, slip", TANG, PL, 1, 2, V(0, 0, 3e-7), V(0, 0, 2.5e-7), V(0, 0, 0), V(3e-7, 0, 2.4e-7), 1e-6);
  ADD("tangent, CEB, elastic, slip", "-friction_asperity_tangential tangent -friction_asperity_mu ceb ", PL, 1, 1, V(0, 0, 5e-8), V(0, 0, 0),
      V(0, 0, 0), V(3e-8, 1e-8, 6e-8), 1e-6);
  ADD("tangent, CEB, unloading, slip", "-friction_asperity_tangential tangent -friction_asperity_mu ceb ", PL, 1, 2, V(0, 0, 3e-7), V(0, 0, 2.5e-7),
      V(0, 0, 0), V(3e-8, 1e-8, 2.4e-7), 1e-6);
  ADD("mif, ellipsoid, partial slip", "", ell, 1, 1, V(0, 0, 5e-8), V(0, 0, 0), V(0, 0, 0), V(2e-10, -1e-10, 6e-8), 1e-6);
  ADD("mif, ellipsoid, reversal", "", ell, 1, 2, V(0, 0, 5e-8), V(3e-9, 1e-9, 5.5e-8), V(0, 0, 0), V(1e-9, 0, 5.2e-8), 1e-6);
  ADD("mif, full slip", "", "", 1, 1, V(0, 0, 5e-8), V(0, 0, 0), V(0, 0, 0), V(3e-7, 0, 6e-8), 1e-6);
  ADD("mif, coupled, partial slip", "-friction_coupled 1 ", ell, 1, 2, V(0, 0, 5e-8), V(3e-9, 1e-9, 5.5e-8), V(0, 0, 0), V(1e-9, 2e-9, 5.2e-8), 1e-6);
  ADD("mif, re-contact", "", "", 1, 1, V(1e-9, 0, -2e-8), V(0, 0, 0), V(0, 0, 0), V(2e-9, 1e-9, 4e-8), 1e-6);
  ADD("mic, plastic, unloading", "-friction_asperity_tangential mic ", PL, 1, 2, V(0, 0, 3e-7), V(1e-9, 0, 2.8e-7), V(0, 0, 0), V(2e-9, 1e-9, 2.6e-7),
      1e-6);
  ADD("mif, CEB (0 on loading), plastic loading", "-friction_asperity_mu ceb ", PL, 1, 2, V(0, 0, 1e-7), V(1e-9, 0, 2e-7), V(0, 0, 0),
      V(2e-9, 1e-9, 3e-7), 1e-6);
  ADD("element tangent, 40 levels", TANG, PL, 40, 3, V(0, 0, 1.2e-5), V(2e-8, 1e-8, 1.1e-5), V(-1e-8, 3e-8, 1.15e-5), V(1e-8, -2e-8, 1.12e-5), 1e-6);
  ADD("element tangent, coupled, re-contact", "-friction_asperity_tangential tangent -friction_coupled 1 ", "", 40, 2, V(0, 0, 8e-6),
      V(2e-8, 1e-8, 4e-6), V(0, 0, 0), V(1e-8, -2e-8, 9e-6), 1e-6);
  ADD("element mif, 20 levels", "-friction_nsliders 50 ", PL, 20, 3, V(0, 0, 1.2e-5), V(2e-8, 1e-8, 1.1e-5), V(-1e-8, 3e-8, 1.15e-5),
      V(1e-8, -2e-8, 1.12e-5), 1e-6);
  ADD("element mif, coupled, CEB", "-friction_nsliders 50 -friction_coupled 1 -friction_asperity_mu ceb ", PL, 20, 3, V(0, 0, 1.2e-5),
      V(2e-8, 1e-8, 1.1e-5), V(-1e-8, 3e-8, 1.15e-5), V(1e-8, -2e-8, 1.12e-5), 1e-6);
  for (PetscInt c = 0; c < nc; c++) {
    TriboLaw            law;
    const TriboLawCard *card;
    PetscReal          *h, *hn, t[3], d[9], ref = 0, err = 0, z = 0, w = 1;
    char                opts[1024];
    PetscCall(PetscSNPrintf(opts, sizeof(opts), "%s -friction_nlevels %d", cs[c].opts, (int)PetscMax(cs[c].nlev, 2)));
    PetscCall(RoughLaw(opts, &law));
    if (cs[c].nlev == 1) {
      PetscCall(TriboLawSetTable(law, "gaps", 1, &z));
      PetscCall(TriboLawSetTable(law, "gap_weights", 1, &w));
    }
    PetscCall(TriboLawGetCard(law, &card));
    PetscCall(PetscCalloc2(card->nhist, &h, card->nhist, &hn));
    for (PetscInt k = 0; k < cs[c].npath; k++) {
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, cs[c].path[k], h, t, NULL, hn));
      PetscCall(PetscArraycpy(h, hn, card->nhist));
    }
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, cs[c].u, h, t, d, hn));
    for (int k = 0; k < 9; k++) ref = PetscMax(ref, PetscAbsReal(d[k]));
    PetscCall(LawFDTangentError(law, cs[c].u, h, d, ref > 0 ? ref : 1, hn, &err));
    if (show)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-40s error %.2e (|dt/du| %.3e)\n", cs[c].name, (double)err, (double)ref));
    else
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-40s %s t_t/(0.6 t_n) %.4f\n", cs[c].name, err <= cs[c].tol ? "ok" : "FAILED",
                            t[2] > 0 ? (double)(PetscSqrtReal(t[0] * t[0] + t[1] * t[1]) / (0.6 * t[2])) : 0.0));
    PetscCall(PetscFree2(h, hn));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  rtol: 1e-3
  test:
TEST*/
