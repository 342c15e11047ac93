/* The rough law against the reference values of the MATLAB code of Porter and Brake (2023), as tmdsimpy stores them
   (${TRIBO_DATA}/reference/, tmdsimpy tests/roughcontact): conventions of those tests, re-created here with our options.
   -case normal: normal_asperity.yaml, one spherical elastic-plastic asperity (4 materials, Et = 0 in the last), loaded,
     unloaded and separated along 7 normal displacements with a tangential displacement; the stored state after each
     step has u_t = 0 (mu = 1e20: the tangent model's force is K_t(a) u_t). Checks f_t, f_n and the contact radius
     (a_0 of the history of the same law with mic rings).
   -case mif: mif_tangential_asperity.yaml, elastic sphere with MIF rings (100), constant/decreasing/increasing normal
     load (Fig. 5), the history committed after each step; four levels of gap 0 with weights 0.6, 0.25, 0.1, 0.05.
   -case element: element_cycle_tractions.yaml, 10 levels with explicit gaps and weights, plastic spheres, tangent model,
     6 cycles of 32 steps started from u = 0 with u_n,max the cycle's largest u_n (all on the unloading curve) and
     re-contact at the previous displacement (the frequency-domain convention of §2.2.1).
   Prints per quantity the largest error relative to the step's reference magnitude (refs of 0 must be matched to
   1e-300 absolutely), compared with 0 to atol 1e-8. */
#include "roughref.h"

static PetscReal Rel(PetscReal a, PetscReal b, PetscReal ref)
{
  return ref > 0 ? PetscAbsReal(a - b) / ref : PetscAbsReal(a - b) / 1e-300;
}

static PetscErrorCode CaseNormal(const char *buf)
{
  PetscReal E[4], nu[4], R[4], Et[4], S[4], un[28], ux[28], uy[28], fn[28], fx[28], fy[28], ar[28], ef = 0, er = 0;
  PetscInt  n;

  PetscFunctionBeginUser;
  PetscCall(RefGet(buf, NULL, "E", 4, E, &n));
  PetscCall(RefGet(buf, NULL, "nu", 4, nu, &n));
  PetscCall(RefGet(buf, NULL, "R", 4, R, &n));
  PetscCall(RefGet(buf, NULL, "Et", 4, Et, &n));
  PetscCall(RefGet(buf, NULL, "Sys", 4, S, &n));
  PetscCall(RefGet(buf, NULL, "normal_disp", 28, un, &n));
  PetscCall(RefGet(buf, NULL, "x_disp", 28, ux, &n));
  PetscCall(RefGet(buf, NULL, "y_disp", 28, uy, &n));
  PetscCall(RefGet(buf, NULL, "normal_force", 28, fn, &n));
  PetscCall(RefGet(buf, NULL, "x_force", 28, fx, &n));
  PetscCall(RefGet(buf, NULL, "y_force", 28, fy, &n));
  PetscCall(RefGet(buf, NULL, "contact_radius", 28, ar, &n));
  for (PetscInt m = 0; m < 4; m++) {
    TriboLaw            lt, lm;
    const TriboLawCard *ct, *cm;
    char                opts[512];
    PetscReal           h[16] = {0}, hn[16], hm[24] = {0}, hmn[24], z = 0, w = 1; // nhist 4 + 2 + 3 and 4 + 5 + 3 (rough.c)
    PetscCall(PetscSNPrintf(opts, sizeof(opts),
                            "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_asperity_recontact previous "
                            "-friction_mu 1e20 -friction_e %.17g "
                            "-friction_nu %.17g -friction_rp %.17g -friction_rpp %.17g -friction_et %.17g -friction_sys %.17g",
                            (double)E[m], (double)nu[m], (double)R[m], (double)R[m], (double)Et[m], (double)S[m]));
    PetscCall(RoughLaw(opts, &lt));
    PetscCall(TriboLawSetTable(lt, "gaps", 1, &z));
    PetscCall(TriboLawSetTable(lt, "gap_weights", 1, &w));
    PetscCall(PetscOptionsInsertString(NULL, "-friction_asperity_tangential mic -friction_nsliders 2"));
    PetscCall(RoughLaw(opts, &lm));
    PetscCall(TriboLawSetChoice(lm, "asperity_tangential", "mic"));
    PetscCall(TriboLawSetParameter(lm, "nsliders", 2));
    PetscCall(TriboLawSetTable(lm, "gaps", 1, &z));
    PetscCall(TriboLawSetTable(lm, "gap_weights", 1, &w));
    PetscCall(TriboLawGetCard(lt, &ct));
    PetscCall(TriboLawGetCard(lm, &cm));
    PetscCheck(ct->nhist <= 16 && cm->nhist <= 24, PETSC_COMM_SELF, PETSC_ERR_PLIB, "history larger than expected");
    for (PetscInt j = 0; j < 7; j++) {
      PetscInt  k    = 7 * m + j;
      PetscReal u[3] = {ux[k], uy[k], un[k]}, t[3], nr = PetscSqrtReal(fx[k] * fx[k] + fy[k] * fy[k] + fn[k] * fn[k]);
      PetscCall(TriboLawEvaluate(lt, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
      ef   = PetscMax(ef, Rel(PetscSqrtReal(PetscSqr(t[0] - fx[k]) + PetscSqr(t[1] - fy[k]) + PetscSqr(t[2] - fn[k])), 0, nr));
      u[0] = u[1] = 0; // the stored state has no tangential displacement
      PetscCall(TriboLawEvaluate(lt, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
      PetscCall(TriboLawEvaluate(lm, TRIBO_LAW_FULL, 1, u, hm, t, NULL, hmn));
      er = PetscMax(er, Rel(hmn[4], ar[k], ar[k]));
      PetscCall(PetscArraycpy(h, hn, ct->nhist));
      PetscCall(PetscArraycpy(hm, hmn, cm->nhist));
    }
    PetscCall(TriboLawDestroy(&lt));
    PetscCall(TriboLawDestroy(&lm));
  }
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "normal asperity, 4 materials x 7 steps: force error %.2e contact radius error %.2e\n", (double)ef, (double)er));
  PetscFunctionReturn(0);
}

static PetscErrorCode CaseMIF(const char *buf)
{
  PetscReal   E, nu, R, mu, nq, *v, z[4] = {0, 0, 0, 0}, w[4] = {0.6, 0.25, 0.1, 0.05};
  PetscInt    n;
  const char *sec[3] = {"constant_normal", "decreasing_normal", "increasing_normal"};
  TriboLaw    law;
  char        opts[512];

  PetscFunctionBeginUser;
  PetscCall(RefGet(buf, NULL, "E", 1, &E, &n));
  PetscCall(RefGet(buf, NULL, "nu", 1, &nu, &n));
  PetscCall(RefGet(buf, NULL, "R", 1, &R, &n));
  PetscCall(RefGet(buf, NULL, "mu", 1, &mu, &n));
  PetscCall(RefGet(buf, NULL, "asp_num_quad_points", 1, &nq, &n));
  PetscCall(PetscSNPrintf(opts, sizeof(opts),
                          "-friction_asperity_normal elastic -friction_asperity_tangential mif -friction_nsliders %d -friction_mu %.17g "
                          "-friction_e %.17g -friction_nu %.17g -friction_rp %.17g -friction_rpp %.17g",
                          (int)nq, (double)mu, (double)E, (double)nu, (double)R, (double)R));
  PetscCall(RoughLaw(opts, &law));
  PetscCall(TriboLawSetTable(law, "gaps", 4, z));
  PetscCall(TriboLawSetTable(law, "gap_weights", 4, w));
  PetscCall(PetscMalloc1(4 * 200, &v));
  for (int c = 0; c < 3; c++) {
    PetscReal          *ux = v, *un = v + 200, *fx = v + 400, *fn = v + 600, *h, *hn, et = 0, en = 0, mt = 0, mn = 0;
    PetscInt            ns, nfn;
    const TriboLawCard *card;
    PetscCall(RefGet(buf, sec[c], "x_disp", 200, ux, &ns));
    PetscCall(RefGet(buf, sec[c], "normal_disp", 200, un, &n));
    PetscCall(RefGet(buf, sec[c], "x_force", 200, fx, &n));
    PetscCall(RefGet(buf, sec[c], "normal_force", 200, fn, &nfn));
    PetscCall(TriboLawGetCard(law, &card));
    PetscCall(PetscCalloc2(card->nhist, &h, card->nhist, &hn));
    for (PetscInt j = 0; j < ns; j++) {
      PetscReal u[3] = {ux[j], 0, un[j]}, t[3], f = fn[nfn == 1 ? 0 : j];
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, u, h, t, NULL, hn));
      PetscCall(PetscArraycpy(h, hn, card->nhist));
      et = PetscMax(et, PetscAbsReal(t[0] - fx[j]));
      en = PetscMax(en, PetscAbsReal(t[2] - f));
      mt = PetscMax(mt, PetscAbsReal(fx[j]));
      mn = PetscMax(mn, PetscAbsReal(f));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "MIF %s, %" PetscInt_FMT " steps give tangential error %.2e normal error %.2e of the largest force\n",
                          sec[c], ns, (double)(et / mt), (double)(en / mn)));
    PetscCall(PetscFree2(h, hn));
  }
  PetscCall(PetscFree(v));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

static PetscErrorCode Element(const char *buf, PetscReal dR, PetscReal *errout)
{
  PetscReal           E, nu, R, Et, S, mu, z[10], w[10], *U, *T, h[4 + 50], hn[4 + 50], err = 0; // 10 levels: 2 + 3 values each (rough.c)
  PetscInt            n, nz, rows[18], nr, off = 0, ntot = 0, nh;
  TriboLaw            law;
  const TriboLawCard *card;
  char                opts[512];

  PetscFunctionBeginUser;
  PetscCall(RefGet(buf, NULL, "E", 1, &E, &n));
  PetscCall(RefGet(buf, NULL, "nu", 1, &nu, &n));
  PetscCall(RefGet(buf, NULL, "R", 1, &R, &n));
  R += dR;
  PetscCall(RefGet(buf, NULL, "Et", 1, &Et, &n));
  PetscCall(RefGet(buf, NULL, "Sys", 1, &S, &n));
  PetscCall(RefGet(buf, NULL, "mu", 1, &mu, &n));
  PetscCall(RefGet(buf, NULL, "gap_values", 10, z, &nz));
  PetscCall(RefGet(buf, NULL, "gap_weights", 10, w, &n));
  PetscCall(PetscSNPrintf(opts, sizeof(opts),
                          "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_asperity_recontact previous "
                          "-friction_mu %.17g -friction_e %.17g -friction_nu %.17g -friction_rp %.17g -friction_rpp %.17g -friction_et %.17g "
                          "-friction_sys %.17g",
                          (double)mu, (double)E, (double)nu, (double)R, (double)R, (double)Et, (double)S));
  PetscCall(RoughLaw(opts, &law));
  PetscCall(TriboLawSetTable(law, "gaps", nz, z));
  PetscCall(TriboLawSetTable(law, "gap_weights", nz, w));
  PetscCall(TriboLawGetCard(law, &card));
  nh = card->nhist;
  PetscCheck(nh <= 54, PETSC_COMM_SELF, PETSC_ERR_PLIB, "history of %" PetscInt_FMT " values, expected at most 54", nh);
  PetscCall(PetscMalloc2(4000, &U, 4000, &T));
  PetscCall(RefGetRows(buf, NULL, "uxyn", 4000, U, &n, 18, rows, &nr));
  PetscCall(RefGet(buf, NULL, "txyn", 4000, T, &n));
  PetscCheck(nr == 18, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "expected 6 cycles of 3 rows");
  for (PetscInt c = 0; c < 6; c++) {
    const PetscInt   m = rows[3 * c];
    const PetscReal *u = U + off, *tr = T + off;
    PetscReal        umax = u[2 * m];
    for (PetscInt j = 0; j < m; j++) umax = PetscMax(umax, u[2 * m + j]);
    off += 3 * m;
    ntot += m;
    PetscCall(PetscArrayzero(h, nh));
    h[3] = umax; // the cycle's largest u_n: every step on the unloading curve
    for (PetscInt j = 0; j < m; j++) {
      PetscReal uj[3] = {u[j], u[m + j], u[2 * m + j]}, t[3], ref = PetscSqrtReal(PetscSqr(tr[j]) + PetscSqr(tr[m + j]) + PetscSqr(tr[2 * m + j]));
      PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, uj, h, t, NULL, hn));
      PetscCall(PetscArraycpy(h, hn, nh));
      err = PetscMax(err, Rel(PetscSqrtReal(PetscSqr(t[0] - tr[j]) + PetscSqr(t[1] - tr[m + j]) + PetscSqr(t[2] - tr[2 * m + j])), 0, ref));
    }
  }
  if (dR == 0)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "element, %" PetscInt_FMT " levels, 6 cycles of %" PetscInt_FMT " steps in all give traction error %.1e\n", nz, ntot,
                          (double)err));
  *errout = err;
  PetscCall(PetscFree2(U, T));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

/* The file prints R with 7 digits (6.964481e-04): the error above is that rounding's (d t/d R R ~ 1e-7). Within the
   rounding interval |dR| <= 5e-11 a golden-section search finds the R that the reference was made with. */
static PetscErrorCode CaseElement(const char *buf)
{
  PetscReal a = -5e-11, b = 5e-11, g = 0.5 * (PetscSqrtReal(5.0) - 1), x1, x2, f1, f2, e0;

  PetscFunctionBeginUser;
  PetscCall(Element(buf, 0, &e0));
  x1 = b - g * (b - a), x2 = a + g * (b - a);
  PetscCall(Element(buf, x1, &f1));
  PetscCall(Element(buf, x2, &f2));
  for (int it = 0; it < 40; it++) {
    if (f1 < f2) {
      b = x2, x2 = x1, f2 = f1, x1 = b - g * (b - a);
      PetscCall(Element(buf, x1, &f1));
    } else {
      a = x1, x1 = x2, f1 = f2, x2 = a + g * (b - a);
      PetscCall(Element(buf, x2, &f2));
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "with R within the rounding of the file: R + %.1e gives traction error %.2e\n", (double)(f1 < f2 ? x1 : x2),
                        (double)PetscMin(f1, f2)));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char        dir[PETSC_MAX_PATH_LEN] = "", which[32] = "normal", path[PETSC_MAX_PATH_LEN], *buf;
  const char *file;
  PetscBool   normal, mif;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-ref", dir, sizeof(dir), NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-case", which, sizeof(which), NULL));
  PetscCall(PetscStrcmp(which, "normal", &normal));
  PetscCall(PetscStrcmp(which, "mif", &mif));
  file = normal ? "normal_asperity.yaml" : mif ? "mif_tangential_asperity.yaml" : "element_cycle_tractions.yaml";
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/%s", dir, file));
  PetscCall(RefLoad(path, &buf));
  if (normal)
    PetscCall(CaseNormal(buf));
  else if (mif)
    PetscCall(CaseMIF(buf));
  else
    PetscCall(CaseElement(buf));
  PetscCall(PetscFree(buf));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  requires: data
  rtol: 0
  atol: 1e-8
  test:
    suffix: normal
    args: -ref ${TRIBO_DATA}/reference -case normal
  test:
    suffix: mif
    args: -ref ${TRIBO_DATA}/reference -case mif
  test:
    suffix: element
    args: -ref ${TRIBO_DATA}/reference -case element
TEST*/
