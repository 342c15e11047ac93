static char help[] = "Identification of a synthetic surface of known ellipsoidal caps (Porter and Brake 2023 §3.2.2).\n";
/* A square lattice of identical caps of an ellipsoid (semi-axes a1 = 0.4 mm, a2 = 0.2 mm, c = 10 um, centred c/2 below a flat
   plane) is put through the whole pipeline (levelling, no mesoscale filter, opening with k = 2, Sobel, watershed, fits). The
   known answers: R' = a1^2/c = 16 mm, R'' = a2^2/c = 4 mm, the short axis at the angle of the lattice, one asperity per cap.
   Printed: the largest relative radius error of any cap divided by 2%, the largest orientation error divided by 2 degrees
   (both must be <= 1: atol 1 against 0), the number of caps found against the number placed and whether the density is
   exactly (caps placed)/(grid area). Two orientations (30 and -60 degrees), and 30 degrees again with the ellipsoids fitted
   to the residual instead of the opened heights (-surface_fit_heights residual); 1, 2 and 3 ranks print the same (on 3
   ranks the 310 rows are tiles of 103 and 104 rows, the caps at a pitch of 100 rows cross them). */
#include <tribosurf.h>

static PetscErrorCode Run(PetscReal alpha, const char *heights)
{
  TriboSurf              s;
  TriboSynthParams       p;
  TriboHeightMap        *m;
  const TriboSurfResult *r;
  PetscInt               k = 2, ncap = 0;
  PetscReal a1 = 0.4e-3, a2 = 0.2e-3, c = 10e-6, pitch = 1e-3, rp = a1 * a1 / c, rpp = a2 * a2 / c, erad = 0, eang = 0, R = 0.8660254037844386 * a1;

  PetscFunctionBeginUser;
  PetscCall(TriboSynthParamsDefault(&p));
  p.type = TRIBO_SYNTH_CAPS, p.nx = 420, p.ny = 310, p.dx = 10e-6, p.form_amp = 0;
  p.cap[0] = a1, p.cap[1] = a2, p.cap[2] = c, p.cap[3] = alpha, p.cap_pitch = pitch;
  // caps placed: centers at (i + 1/2) pitch whose disc of radius sqrt(3)/2 a1 lies inside the grid
  for (PetscReal cy = 0.5 * pitch; cy + R <= (p.ny - 1) * p.dx; cy += pitch)
    for (PetscReal cx = 0.5 * pitch; cx + R <= (p.nx - 1) * p.dx; cx += pitch) ncap++;
  PetscCall(TriboSurfaceSynthesize(&p, &m));
  PetscCall(TriboSurfCreate(PETSC_COMM_WORLD, &s));
  PetscCall(PetscOptionsSetValue(NULL, "-surface_sigma", "0"));
  PetscCall(PetscOptionsSetValue(NULL, "-surface_fit_heights", heights));
  PetscCall(TriboSurfSetFromOptions(s));
  PetscCall(TriboSurfSetScan(s, 0, m));
  PetscCall(TriboSurfSetErosionSizes(s, 1, &k));
  PetscCall(TriboSurfProcess(s));
  PetscCall(TriboSurfGetResult(s, 0, &r));
  for (PetscInt i = 0; i < r->nasp; i++) {
    const PetscReal *a = r->asp + i * TRIBO_SURF_ASP_COLS;
    PetscReal        d = PetscAbsReal(a[5] - alpha);
    d                  = PetscMin(d, PETSC_PI - d);
    erad               = PetscMax(erad, PetscMax(PetscAbsReal(a[3] / rp - 1), PetscAbsReal(a[4] / rpp - 1)));
    eang               = PetscMax(eang, d * 180 / PETSC_PI);
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "alpha %g deg, %s heights: caps placed %" PetscInt_FMT ", found %" PetscInt_FMT ", the same: %s\n",
                        (double)(alpha * 180 / PETSC_PI), heights, ncap, r->nasp, ncap == r->nasp ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  largest radius error / 2%%: %.3f\n", (double)(erad / 0.02)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  median R' / 2%% error: %.3f and R'' %.3f\n", (double)(PetscAbsReal(r->rp_med / rp - 1) / 0.02),
                        (double)(PetscAbsReal(r->rpp_med / rpp - 1) / 0.02)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  largest orientation error / 2 deg: %.3f\n", (double)(eang / 2)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  density exact: %s\n",
                        PetscAbsReal(r->eta - ncap / ((PetscReal)(p.nx * p.ny) * p.dx * p.dx)) <= 1e-14 * r->eta ? "yes" : "no"));
  PetscCall(TriboSurfDestroy(&s));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(Run(PETSC_PI / 6, "opened"));
  PetscCall(Run(-PETSC_PI / 3, "opened"));
  PetscCall(Run(PETSC_PI / 6, "residual"));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t701-surf-caps.out
    rtol: 0
    atol: 1
TEST*/
