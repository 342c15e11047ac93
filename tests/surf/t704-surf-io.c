static char help[] = "surface.h5 written by TriboSurfWriteH5() and read back by the rough-contact law's reader TriboSurfaceStatsLoad().\n";
/* A small synthetic pair (two erosion sizes) is processed and written; each /erosion_<k> group is read with
   TriboSurfaceStatsLoad() (what -friction_surface surface.h5 -friction_surface_group /erosion_<k> does) and compared with the
   object's statistics: R_e, R', R'', eta, z_max, alpha and the gap PDF equal bit for bit, the PDF's trapezoid integral 1
   within 1e-12 (the reader requires 1e-3); the gap map read back interpolated at its own grid nodes equals the map
   (bilinear interpolation is exact at nodes), and the smallest gap is 0. */
#include <tribosurf.h>
#include <triboio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  TriboSurf        s;
  TriboH5          h;
  PetscInt         n, gnx, gny;
  const PetscReal *gx, *gy, *gap;
  char             file[PETSC_MAX_PATH_LEN];
  int              pid = (int)getpid();

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  PetscCall(PetscSNPrintf(file, sizeof(file), "/tmp/t704-surface-%d.h5", pid));
  PetscCall(PetscOptionsInsertString(NULL, "-surface_generate_nx 300 -surface_generate_ny 120 -surface_erosion 2,5 -surface_sigma 30"));
  PetscCall(TriboSurfCreate(PETSC_COMM_WORLD, &s));
  PetscCall(TriboSurfSetFromOptions(s));
  PetscCall(TriboSurfProcess(s));
  PetscCall(TriboH5Create(PETSC_COMM_WORLD, file, &h));
  PetscCall(TriboH5WriteMeta(h, "surface", 0, NULL));
  PetscCall(TriboSurfWriteH5(s, h, 100));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(TriboSurfGetNumResults(s, &n));
  PetscCall(TriboSurfGetGapMap(s, &gnx, &gny, &gx, &gy, &gap));
  for (PetscInt k = 0; k < n; k++) {
    const TriboSurfResult *r;
    TriboSurfaceStats      st;
    char                   grp[64];
    PetscBool              same, mapok = PETSC_TRUE;
    PetscReal             *xyz, *g, gmin = PETSC_MAX_REAL;
    PetscInt               m = 0;
    PetscCall(TriboSurfGetResult(s, k, &r));
    PetscCall(PetscSNPrintf(grp, sizeof(grp), "/erosion_%" PetscInt_FMT, r->erosion));
    PetscCall(TriboSurfaceStatsLoad(PETSC_COMM_WORLD, file, grp, &st));
    same = (PetscBool)(st->re == r->re && st->rp == r->rp && st->rpp == r->rpp && st->eta == r->eta && st->zmax == r->pdf.zmax &&
                       st->alpha == r->alpha && st->npdf == r->pdf.npdf && !memcmp(st->pdfz, r->pdf.z, st->npdf * sizeof(PetscReal)) &&
                       !memcmp(st->pdfp, r->pdf.p, st->npdf * sizeof(PetscReal)));
    PetscCall(PetscMalloc2(3 * gnx * gny, &xyz, gnx * gny, &g));
    for (PetscInt j = 0; j < gny; j++)
      for (PetscInt i = 0; i < gnx; i++)
        if (!PetscIsNanReal(gap[j * gnx + i])) xyz[3 * m] = gx[i], xyz[3 * m + 1] = gy[j], xyz[3 * m + 2] = 0, g[m++] = gap[j * gnx + i];
    {
      PetscReal *back;
      PetscCall(PetscMalloc1(m, &back));
      PetscCall(TriboSurfaceStatsInterpolateGap(st, m, xyz, back));
      for (PetscInt q = 0; q < m; q++) mapok = (PetscBool)(mapok && PetscAbsReal(back[q] - g[q]) <= 1e-15 * 1e-4), gmin = PetscMin(gmin, back[q]);
      PetscCall(PetscFree(back));
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: statistics read back bit for bit: %s; PDF integral - 1 below 1e-12: %s\n", grp, same ? "yes" : "no",
                          PetscAbsReal(st->pdfint - 1) < 1e-12 ? "yes" : "no"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: gap map at its nodes equal: %s; smallest gap 0: %s\n", grp, mapok ? "yes" : "no",
                          gmin == 0 ? "yes" : "no"));
    PetscCall(PetscFree2(xyz, g));
    PetscCall(TriboSurfaceStatsDestroy(&st));
  }
  PetscCall(TriboSurfDestroy(&s));
  {
    PetscMPIInt rank;
    PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
    PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD)); // every rank has read the file
    if (!rank) remove(file);
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t704-surf-io.out
TEST*/
