static char help[] = "Erosion-size trend of Porter and Brake 2023 Table 3 on a synthetic self-affine pair; any rank count gives the same bits.\n";
/* A pair of self-affine surfaces (Hurst 0.8, roll-off 1 mm, short cutoff 60 um, RMS 2 um, 600 x 400 points at 10 um, a 10 um
   bowl; a 0.1 mm border trimmed and a hole of radius 0.5 mm cut at (3, 2) mm, across the 2-rank tiles' seam) is processed
   at erosion sizes 2, 25, 50, 75 on PETSC_COMM_WORLD and again on
   rank 0 alone (PETSC_COMM_SELF). Checks (words): Table 3's trend, R_e increasing and the area density decreasing with the
   erosion size; every statistic (radii, density, z_max, alpha, the asperity list, the orientation histogram, the gap PDF,
   the gap map) of the parallel run equal bit for bit to the serial run. On 2 and 3 ranks the four sizes run one after
   another on one group of all ranks (-surface_groups 1), each grid distributed in 2 or 3 tiles: regions
   must cross the tiles at every size (counted by the run), so the exact merge of regions across tiles is exercised.
   A third run with -surface_groups 2 (two sizes on each of two groups; on 3 ranks one group of 2 tiles, one of 1) must
   equal the serial run bit for bit too. The segmentation (steepest descent with plateaus ordered by their distance to a
   lower border, one seed per regional minimum) must find exactly as many regions as Meyer's flooding
   (TriboSurfaceWatershed(), an independent serial implementation) on the same opened heights and Sobel gradients.
   The fits (to the residual heights, the default) are judged by the paper's rules alone (-surface_acceptance paper): Table
   3's trend is a property of the paper's procedure. Table 3's values themselves are checked on a pair of the BRB
   interface's length by tests/cli/t974. */
#include <tribosurf.h>

static PetscErrorCode Make(MPI_Comm comm, TriboSurf *s)
{
  PetscFunctionBeginUser;
  PetscCall(TriboSurfCreate(comm, s));
  PetscCall(TriboSurfSetFromOptions(*s));
  PetscCall(TriboSurfProcess(*s));
  PetscFunctionReturn(0);
}

static PetscBool Same(const PetscReal *a, const PetscReal *b, PetscInt n)
{
  return (PetscBool)(n == 0 || !memcmp(a, b, (size_t)n * sizeof(PetscReal)));
}

/* every statistic of result k of a and b bit for bit */
static PetscErrorCode SameResult(TriboSurf s, TriboSurf t, PetscInt k, int *same)
{
  const TriboSurfResult *a, *b;

  PetscFunctionBeginUser;
  PetscCall(TriboSurfGetResult(s, k, &a));
  PetscCall(TriboSurfGetResult(t, k, &b));
  *same = *same && a->nasp == b->nasp && a->nregions == b->nregions && a->re == b->re && a->rp == b->rp && a->rpp == b->rpp && a->eta == b->eta &&
          a->alpha == b->alpha && a->pdf.zmax == b->pdf.zmax && Same(a->asp, b->asp, a->nasp * TRIBO_SURF_ASP_COLS) &&
          Same(a->pdf.p, b->pdf.p, a->pdf.npdf) && Same(a->pdf.z, b->pdf.z, a->pdf.npdf) && a->nhist == b->nhist &&
          Same(a->hist, b->hist, a->nhist) && a->nexpts == b->nexpts && Same(a->expts, b->expts, 4 * a->nexpts);
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboSurf   s, t = NULL, u;
  PetscMPIInt rank, size;
  PetscInt    n;
  int         same = 1, same2 = 1, up = 1, down = 1, cross = 1, meyer = 1;
  PetscBool   verbose = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-verbose", &verbose, NULL)); // the table of statistics
  PetscCall(PetscOptionsInsertString(
      NULL, "-surface_generate selfaffine -surface_generate_nx 600 -surface_generate_ny 400 -surface_generate_dx 1e-5 "
            "-surface_generate_rolloff 1e-3 -surface_generate_band 6e-5,1e-2 -surface_generate_rms 2e-6 -surface_sigma 100 -surface_trim 1e-4 "
            "-surface_holes 0.003,0.002 -surface_hole_radius 5e-4 -surface_acceptance paper"));
  PetscCall(PetscOptionsSetValue(NULL, "-surface_groups", "1"));
  PetscCall(Make(PETSC_COMM_WORLD, &s));
  PetscCall(PetscOptionsClearValue(NULL, "-surface_groups"));
  if (!rank) PetscCall(Make(PETSC_COMM_SELF, &t));
  PetscCall(PetscOptionsSetValue(NULL, "-surface_groups", "2"));
  PetscCall(Make(PETSC_COMM_WORLD, &u));
  PetscCall(PetscOptionsClearValue(NULL, "-surface_groups"));
  PetscCall(TriboSurfGetNumResults(s, &n));
  for (PetscInt k = 0; k < n; k++) {
    const TriboSurfResult *a, *p;
    PetscCall(TriboSurfGetResult(s, k, &a));
    if (k) {
      PetscCall(TriboSurfGetResult(s, k - 1, &p));
      up   = up && a->re > p->re;
      down = down && a->eta < p->eta;
    }
    if (verbose)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                            "erosion %" PetscInt_FMT ": %" PetscInt_FMT " regions (%" PetscInt_FMT " across tiles), %" PetscInt_FMT
                            " asperities, Re %.4g mm, eta %.4g 1/m^2, z_max %.4g um\n",
                            a->erosion, a->nregions, a->ncross, a->nasp, 1e3 * (double)a->re, (double)a->eta, 1e6 * (double)a->pdf.zmax));
    cross = cross && (size == 1 || a->ncross > 0);
    if (!rank) PetscCall(SameResult(s, t, k, &same));
    if (!rank) PetscCall(SameResult(u, t, k, &same2));
  }
  if (!rank) {
    PetscInt         nx, ny, mx, my;
    const PetscReal *x, *y, *g, *x2, *y2, *g2;
    PetscCall(TriboSurfGetGapMap(s, &nx, &ny, &x, &y, &g));
    PetscCall(TriboSurfGetGapMap(t, &mx, &my, &x2, &y2, &g2));
    for (PetscInt q = 0; q < nx * ny && same; q++) same = (g[q] == g2[q]) || (PetscIsNanReal(g[q]) && PetscIsNanReal(g2[q]));
  }
  if (!rank) { // region counts against Meyer's flooding on the residual heights (scan minus mesoscale: no holes here)
    PetscInt ns;
    PetscCall(TriboSurfGetInfo(t, &ns, NULL, NULL));
    for (PetscInt k = 0; k < n; k++) {
      const TriboSurfResult *a;
      PetscInt               nreg = 0;
      PetscCall(TriboSurfGetResult(t, k, &a));
      for (PetscInt i = 0; i < ns; i++) {
        const TriboHeightMap *m;
        const PetscReal      *meso;
        PetscReal            *z, *op, *g;
        PetscInt             *label, nl, np;
        PetscCall(TriboSurfGetScan(t, i, &m, &meso));
        np = m->nx * m->ny;
        PetscCall(PetscMalloc4(np, &z, np, &op, np, &g, np, &label));
        for (PetscInt q = 0; q < np; q++) z[q] = m->z[q] - meso[q];
        PetscCall(TriboSurfaceOpening(PETSC_COMM_SELF, m->nx, m->ny, z, a->erosion, op));
        PetscCall(TriboSurfaceSobel(m->nx, m->ny, op, m->dx, m->dy, g));
        PetscCall(TriboSurfaceWatershed(m->nx, m->ny, g, label, &nl));
        nreg += nl;
        PetscCall(PetscFree4(z, op, g, label));
      }
      meyer = meyer && nreg == a->nregions;
      if (verbose)
        PetscCall(PetscPrintf(PETSC_COMM_SELF, "erosion %" PetscInt_FMT ": Meyer's flooding %" PetscInt_FMT " regions\n", a->erosion, nreg));
    }
  }
  PetscCallMPI(MPI_Bcast(&meyer, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Bcast(&same, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Bcast(&same2, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "Re increases with the erosion size: %s\n", up ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "area density decreases with the erosion size: %s\n", down ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "every statistic equals the one-rank run bit for bit: %s\n", same ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "as many regions as Meyer's flooding at every size: %s\n", meyer ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "regions cross the tiles at every size (on more than one rank): %s\n", cross ? "yes" : "no"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "with -surface_groups 2 every statistic equals the one-rank run bit for bit: %s\n", same2 ? "yes" : "no"));
  PetscCall(TriboSurfDestroy(&s));
  PetscCall(TriboSurfDestroy(&t));
  PetscCall(TriboSurfDestroy(&u));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t703-surf-erosion.out
    timeout: 200
TEST*/
