/* The rough law's kernel against the straightforward evaluation it replaced (roughslow.h: every relation in full on
   every call, nothing kept but the committed state) along random load paths: 3 points per batch, 400 committed steps,
   random walks in u_t and cycles of growing amplitude with noise in u_n (so that u_n,max keeps growing, with unloading
   down to separation in between), every 11th in normal mode; on 12 levels z_i in [0, 0.5 um] (and 5 explicit levels, 2 of negative gap), so that they go through
   Hertz contact, plastic loading (yield at 1.9 delta_y = 122 nm), elastic unloading, separation at dbar and re-contact.
   At step 200 u_n,max is raised in the committed history from outside (as tests/law/t170 does): the unloading
   constants kept in the history no longer belong to it. Every regime: elastic and plastic spheres, an ellipsoid turned
   by alpha, tangent/MIC/MIF, decoupled and coupled slip, CEB, re-contact interpolated and previous.
   Compares per step the tractions (relative to max |t|), the tangent (relative to max |dt/du|) and the history that
   both keep (relative to the largest of its AFT group): "ok" when all errors <= 1e-12. Prints the number of level
   steps in each regime of the reference (loading, unloading in contact, unloading separated, Hertz contact,
   re-contact at a level that was separated); -show_error prints the errors. */
#include "roughref.h"
#include "roughslow.h"
#include <tribo/private/lawimpl.h>

static PetscReal Rand(unsigned long long *s) // uniform on [0, 1)
{
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (PetscReal)(*s >> 11) / 9007199254740992.0;
}

int main(int argc, char **argv)
{
  const char *cfg[][2] = {
      {"elastic tangent, ellipsoid", "-friction_asperity_tangential tangent -friction_rp 2e-3 -friction_rpp 5e-4 -friction_alpha 0.4"},
      {"elastic tangent, coupled, previous", "-friction_asperity_tangential tangent -friction_coupled 1 -friction_asperity_recontact previous"},
      {"plastic tangent", "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_alpha 0.3"},
      {"plastic tangent, coupled, previous", "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_coupled 1 "
                                             "-friction_asperity_recontact previous"},
      {"plastic tangent, CEB", "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_asperity_mu ceb"},
      {"plastic tangent, negative gaps", "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_gaps "
                                         "-3e-7,-1e-7,0,1e-7,3e-7 -friction_gap_weights 1e6,2e6,3e6,2e6,1e6"},
      {"plastic tangent, et = 0", "-friction_asperity_normal plastic -friction_asperity_tangential tangent -friction_et 0"},
      {"elastic mic, ellipsoid, coupled", "-friction_asperity_tangential mic -friction_coupled 1 -friction_rp 2e-3 -friction_rpp 5e-4"},
      {"plastic mic", "-friction_asperity_normal plastic -friction_asperity_tangential mic"},
      {"elastic mif, ellipsoid", "-friction_rp 2e-3 -friction_rpp 5e-4 -friction_alpha -0.7"},
      {"plastic mif, coupled, previous", "-friction_asperity_normal plastic -friction_coupled 1 -friction_asperity_recontact previous"},
      {"plastic mif, CEB", "-friction_asperity_normal plastic -friction_asperity_mu ceb"},
  };
  const PetscInt ncfg = (PetscInt)(sizeof(cfg) / sizeof(cfg[0])), n = 3, steps = 400;
  PetscBool      show = PETSC_FALSE;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-show_error", &show, NULL));
  for (PetscInt c = 0; c < ncfg; c++) {
    TriboLaw            law;
    const TriboLawCard *card;
    char                opts[512];
    unsigned long long  seed = 12345 + (unsigned long long)c;
    PetscReal          *h, *hn, *hr, *hrn, u[9], t[9], tr[9], D[27], Dr[27], et = 0, ed = 0, eh = 0, *gs;
    PetscInt            nh, nhr, nl, hoff, cnt[5] = {0, 0, 0, 0, 0};
    const PetscReal    *d;

    PetscCall(PetscSNPrintf(opts, sizeof(opts), "-friction_nlevels 12 -friction_zmax 5e-7 -friction_nsliders 10 -friction_eta 1e10 %s", cfg[c][1]));
    PetscCall(RoughLaw(opts, &law));
    PetscCall(TriboLawGetCard(law, &card));
    d    = law->p + REF_NP + ROUGH_NCHOICES;
    nl   = (PetscInt)d[RD_NLEV];
    hoff = (PetscInt)d[RD_HOFF];
    nh   = card->nhist;
    nhr  = 4 + nl * hoff;
    PetscCheck(REF_NP == card->nparams, PETSC_COMM_SELF, PETSC_ERR_PLIB, "roughslow.h: the card has %" PetscInt_FMT " parameters", card->nparams);
    PetscCall(PetscCalloc5(n * nh, &h, n * nh, &hn, n * nhr, &hr, n * nhr, &hrn, nh, &gs));
    for (PetscInt k = 0; k < steps; k++) {
      TriboLawMode mode = k % 11 == 10 ? TRIBO_LAW_NORMAL : TRIBO_LAW_FULL;
      for (PetscInt i = 0; i < n; i++) {
        PetscReal *ui = &u[3 * i];
        ui[0]         = (k ? hr[nhr * i] : 0) + 4e-8 * (Rand(&seed) - 0.5);
        ui[1]         = (k ? hr[nhr * i + 1] : 0) + 4e-8 * (Rand(&seed) - 0.5);
        ui[2]         = 1e-7 + (1e-7 + 5e-7 * k / steps) * PetscSinReal(2 * PETSC_PI * k / 40.0 + i) + 4e-8 * (Rand(&seed) - 0.5);
        if (k == 200) h[nh * i + 3] = hr[nhr * i + 3] = hr[nhr * i + 3] + 1e-7; // u_n,max set from outside
      }
      PetscCheck(!card->kernel(law->p, mode, n, u, h, t, D, hn), PETSC_COMM_SELF, PETSC_ERR_PLIB, "kernel failed");
      PetscCheck(!RefKernel(law->p, mode, n, u, hr, tr, Dr, hrn), PETSC_COMM_SELF, PETSC_ERR_PLIB, "reference kernel failed");
      for (PetscInt i = 0; i < n; i++) {
        PetscReal st = 0, sd = 0;
        for (PetscInt a = 0; a < 3; a++) st = PetscMax(st, PetscAbsReal(tr[3 * i + a]));
        for (PetscInt a = 0; a < 9; a++) sd = PetscMax(sd, PetscAbsReal(Dr[9 * i + a]));
        for (PetscInt a = 0; a < 3; a++) et = PetscMax(et, PetscAbsReal(t[3 * i + a] - tr[3 * i + a]) / (st > 0 ? st : 1e-300));
        for (PetscInt a = 0; a < 9; a++) ed = PetscMax(ed, PetscAbsReal(D[9 * i + a] - Dr[9 * i + a]) / (sd > 0 ? sd : 1e-300));
        for (PetscInt a = 0; a < nh; a++) gs[a] = 0;
        for (PetscInt a = 0; a < nhr; a++) gs[card->hist_scale[a]] = PetscMax(gs[card->hist_scale[a]], PetscAbsReal(hrn[nhr * i + a]));
        for (PetscInt a = 0; a < nhr; a++) {
          PetscReal s = gs[card->hist_scale[a]];
          eh          = PetscMax(eh, PetscAbsReal(hn[nh * i + a] - hrn[nhr * i + a]) / (s > 0 ? s : 1e-300));
        }
        for (PetscInt l = 0; l < nl; l++) { // regimes of the reference
          const PetscReal *z = d + RD_NSCALAR, yl = 1.9 * d[RD_DY], delta = u[3 * i + 2] - z[l], deltam = hr[nhr * i + 3] - z[l];
          RoughNormal      o, o0;
          RefNormal(d, delta, deltam, &o);
          RefNormal(d, hr[nhr * i + 2] - z[l], deltam, &o0);
          if (d[RD_NORMAL] == ROUGH_NORMAL_PLASTIC && delta > yl && delta > deltam)
            cnt[0]++;
          else if (d[RD_NORMAL] == ROUGH_NORMAL_PLASTIC && deltam >= yl)
            cnt[o.contact ? 1 : 2]++;
          else if (o.contact)
            cnt[3]++;
          if (k && o.contact && !o0.contact) cnt[4]++;
        }
      }
      PetscCall(PetscArraycpy(h, hn, n * nh));
      PetscCall(PetscArraycpy(hr, hrn, n * nhr));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "%-36s loading %4" PetscInt_FMT " unloading %5" PetscInt_FMT " separated %4" PetscInt_FMT " Hertz %5" PetscInt_FMT
                          " re-contact %3" PetscInt_FMT " %s\n",
                          cfg[c][0], cnt[0], cnt[1], cnt[2], cnt[3], cnt[4], et <= 1e-12 && ed <= 1e-12 && eh <= 1e-12 ? "ok" : "FAILED"));
    if (show) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  errors: t %.2e dt/du %.2e history %.2e\n", (double)et, (double)ed, (double)eh));
    PetscCall(PetscFree5(h, hn, hr, hrn, gs));
    PetscCall(TriboLawDestroy(&law));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
TEST*/
