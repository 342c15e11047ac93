static char help[] = "A mode-1 parameter set applied to another mode (porter-et-al-2022 §4): joint participation and prediction errors.\n";

/* (a) The joint participation psi of a mode (TriboWJROMSetParticipation: q'' + k0 q + psi f(psi q) = 0) against a closed form:
       the 4-parameter Iwan force is F(u; fs, kt) = fs g(u kt/fs) for fixed chi, beta (eqs. 6-8: phi_max ~ fs/kt), so
       psi F(psi q; fs, kt) = F(q; psi fs, psi^2 kt) exactly: the backbone with psi = 0.6 must equal the backbone with psi = 1
       and fs' = 0.6 fs, kt' = 0.36 kt, to 1e-9 (relative; both by the Masing RQNMA solver, tolerance of its solves).
   (b) Prediction: the "measured" mode-2 backbone is the WJROM with the truth (iwan4 fs 10, kt 1e5, chi -0.5, beta 0.01) at
       k0 = 3.2e6, psi = 0.6; a set of 3 members {the truth, fs x 1.3, kt x 0.7} applied with the mode's k0, psi at the 12 measured amplitudes (no interpolation): the truth has
       errors below 1e-9 (the same model), the others above 1e-3, and the truth is non-dominated; on 1 and 2 ranks the printed
       numbers agree (each member is evaluated on one rank). */
#include <tribofit.h>

static PetscErrorCode Backbone(PetscReal psi, PetscReal fs, PetscReal kt, PetscReal k0, PetscInt n, const PetscReal q[], PetscReal f[], PetscReal z[])
{
  TriboWJROM w;
  PetscReal  resid;
  PetscBool  ok;

  PetscFunctionBeginUser;
  PetscCall(TriboWJROMCreate(PETSC_COMM_SELF, &w));
  PetscCall(TriboWJROMSetParameter(w, "k0", k0));
  PetscCall(TriboWJROMSetParticipation(w, psi));
  PetscCall(TriboWJROMSetParameter(w, "fs", fs));
  PetscCall(TriboWJROMSetParameter(w, "kt", kt));
  PetscCall(TriboWJROMSetParameter(w, "chi", -0.5));
  PetscCall(TriboWJROMSetParameter(w, "beta", 0.01));
  PetscCall(TriboWJROMBackbone(w, n, q, f, z, &resid, &ok));
  PetscCheck(ok, PETSC_COMM_SELF, PETSC_ERR_PLIB, "backbone failed");
  PetscCall(TriboWJROMDestroy(&w));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal             q[12], f1[12], z1[12], f2[12], z2[12], ef = 0, ez = 0;
  PetscReal             x[12]    = {10, 1e5, -0.5, 0.01, 13, 1e5, -0.5, 0.01, 10, 7e4, -0.5, 0.01};
  const char           *names[4] = {"fs", "kt", "chi", "beta"};
  PetscReal             qq[12], om[12], zz[12], fr[36], zr[36], f41[6];
  PetscInt              nd[3];
  TriboMeasuredBackbone mb;
  TriboWJROM            w;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_rqnma_masing", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-wjrom_backbone_quiet", "1"));
  for (PetscInt i = 0; i < 12; i++) q[i] = 1e-6 * PetscPowReal(2e3, i / 11.0);
  PetscCall(Backbone(0.6, 10, 1e5, 3.2e6, 12, q, f1, z1));
  PetscCall(Backbone(1.0, 6, 3.6e4, 3.2e6, 12, q, f2, z2));
  for (PetscInt i = 0; i < 12; i++) ef = PetscMax(ef, PetscAbsReal(f1[i] / f2[i] - 1)), ez = PetscMax(ez, PetscAbsReal(z1[i] / z2[i] - 1));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "(a) psi = 0.6 vs psi = 1 with fs 0.6 fs, kt 0.36 kt: frequency %.6f .. %.6f Hz, damping %.6g .. %.6g\n",
                        (double)f1[0], (double)f1[11], (double)z1[0], (double)z1[11]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "    equal to 1e-9: %s\n", ef < 1e-9 && ez < 1e-9 ? "yes" : "NO"));

  PetscCall(TriboMeasuredBackboneSet(PETSC_COMM_WORLD, "(mode 2)", 12, q, f1, z1, &mb));
  PetscCall(TriboWJROMCreate(PETSC_COMM_SELF, &w));
  PetscCall(TriboWJROMSetParticipation(w, 0.6));
  PetscCall(TriboFitPredict(PETSC_COMM_WORLD, w, &mb, 12, 3, 4, names, x, 3.2e6, -1, qq, om, zz, fr, zr, f41, nd));
  for (PetscInt m = 0; m < 3; m++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "(b) member %" PetscInt_FMT ": errors %.6e %.6e non-dominated %" PetscInt_FMT "\n", m, (double)f41[2 * m],
                          (double)f41[2 * m + 1], nd[m]));
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "    truth below 1e-9 and non-dominated, the others above 1e-3: %s\n",
                  f41[0] < 1e-9 && f41[1] < 1e-9 && nd[0] && PetscMax(f41[2], f41[3]) > 1e-3 && PetscMax(f41[4], f41[5]) > 1e-3 ? "yes" : "NO"));
  PetscCall(TriboWJROMDestroy(&w));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 1e-8
    atol: 1e-9
  test:
    suffix: 2
    nsize: 2
    output: t539-predict-mode.out
    rtol: 1e-8
    atol: 1e-9
TEST*/
