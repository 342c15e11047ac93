#include <tribocli.h>
#include <sys/stat.h>

/*@
  TriboVerbSurface - tribo surface: surface scans (or the built-in synthetic pair) to asperity statistics and the mesoscale gap map
  at every erosion size (Porter and Brake 2023 §3.2), written to surface.h5 for the rough-contact law
  (-friction_surface surface.h5 -friction_surface_group /erosion_2), with a picture per erosion size.

  Collective

  Input Parameters:
+ comm - communicator of the run: with P ranks and E erosion sizes, min(P, E) sub-communicators (-surface_groups G: fewer),
         each distributing the grid of its sizes over its ranks in row tiles (TriboSurfProcess()); rank 0 writes
- help - PETSC_TRUE: print the options, compute nothing

  Options Database Keys:
+ -surface_*         - the processing and the synthetic surfaces (TriboSurfSetFromOptions())
. -surface_grid_dx   - grid spacing of point-cloud scans (m; default: that of a full grid of the points over their bounding box)
. -surface_view_max  - largest number of points along x of the scans stored for pictures (default 1000)
. -output surface.h5 - the result file (written atomically)
. -surface_png stem  - pictures <stem>_erosion_<k>.png (default: the output name without .h5)
. -surface_checkpoint F.h5 - checkpoint (HDF5) of the erosion sizes finished, rewritten after each round of sizes (one per
                       sub-communicator); on SIGTERM or SIGUSR1 the run stops after the round it is in, the checkpoint written
. -surface_restart   - take the finished sizes from -surface_checkpoint (same physics options) and compute only the others
- -surface_stop_after n - stop after n rounds as if killed (tests)

  Notes:
  Every option is read and checked before any file is read. The layout of surface.h5 is in src/io/surfio.c.
@*/
typedef struct {
  char     file[PETSC_MAX_PATH_LEN];
  PetscInt round, stopafter;
} Ckpt;

/* after each round of erosion sizes: the checkpoint, then a stop on SIGTERM/SIGUSR1 or -surface_stop_after */
static PetscErrorCode RoundMonitor_Private(TriboSurf s, void *ctx)
{
  Ckpt       *c = (Ckpt *)ctx;
  MPI_Comm    comm;
  int         sig;
  const char *name;
  PetscInt    n, ndone = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboSurfGetComm(s, &comm));
  PetscCall(TriboSurfGetErosionSizes(s, &n, NULL));
  for (PetscInt k = 0; k < n; k++) {
    PetscBool d;
    PetscCall(TriboSurfGetResultDone(s, k, &d));
    ndone += d;
  }
  c->round++;
  PetscCall(TriboSurfCheckpointWrite(s, c->file));
  PetscCall(PetscPrintf(comm, "  checkpoint %s: %" PetscInt_FMT " of %" PetscInt_FMT " erosion sizes\n", c->file, ndone, n));
  PetscCall(TriboSignalCheck(comm, &sig, &name));
  if (!sig && c->stopafter > 0 && c->round == c->stopafter && ndone < n) sig = -1, name = "-surface_stop_after";
  if (sig) {
    PetscCall(TriboSignalArm(PETSC_FALSE));
    SETERRQ(comm, PETSC_ERR_SIG,
            "stopped by %s after %" PetscInt_FMT " of %" PetscInt_FMT " erosion sizes: they are saved in %s (resume with -surface_restart)", name,
            ndone, n, c->file);
  }
  PetscFunctionReturn(0);
}

PetscErrorCode TriboVerbSurface(MPI_Comm comm, PetscBool help)
{
  Ckpt               ck      = {"", 0, 0};
  PetscBool          restart = PETSC_FALSE;
  TriboSurf          s;
  char               out[PETSC_MAX_PATH_LEN] = "surface.h5", png[PETSC_MAX_PATH_LEN] = "";
  PetscReal          dx   = 0, units;
  PetscInt           vmax = 1000, nf, nres;
  const char *const *files;
  TriboH5            h;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo surface [-surface_scans top.csv,bottom.h5 -surface_units um] [-surface_erosion 2,25,50,75] [-surface_generate "
                                "band|selfaffine|caps] [-output surface.h5]: scans to asperity statistics\n"));
  PetscCall(TriboSurfCreate(comm, &s));
  PetscCall(TriboSurfSetFromOptions(s));
  TriboOptionsBegin(comm, NULL, "tribo surface: output", "tribo");
  PetscCall(PetscOptionsReal("-surface_grid_dx",
                             "grid spacing of point-cloud scans (m; 0: that of a full grid of the points over their bounding box)",
                             "TriboSurfaceScanLoad", dx, &dx, NULL));
  PetscCall(TriboOptionsInt("-surface_view_max", "largest number of points along x of the scans stored for pictures", "TriboSurfWriteH5", vmax, &vmax,
                            NULL));
  PetscCall(PetscOptionsString("-output", "result file (HDF5, written atomically)", "TriboH5Create", out, out, sizeof(out), NULL));
  PetscCall(PetscOptionsString("-surface_png", "stem of the pictures <stem>_erosion_<k>.png (default: the output name without .h5)",
                               "TriboDrawPicture", png, png, sizeof(png), NULL));
  PetscCall(PetscOptionsString("-surface_checkpoint",
                               "checkpoint (HDF5) of the finished erosion sizes, rewritten after each round of sizes and on SIGTERM/SIGUSR1",
                               "TriboSurfCheckpointWrite", ck.file, ck.file, sizeof(ck.file), NULL));
  PetscCall(PetscOptionsBool("-surface_restart", "take the finished erosion sizes from -surface_checkpoint", "TriboSurfCheckpointLoad", restart,
                             &restart, NULL));
  PetscCall(TriboOptionsInt("-surface_stop_after", "stop after this many rounds of erosion sizes as if killed, the checkpoint written (tests)", "",
                            ck.stopafter, &ck.stopafter, NULL));
  TriboOptionsEnd();
  if (help) {
    PetscCall(TriboSurfDestroy(&s));
    PetscFunctionReturn(0);
  }
  PetscCall(TriboCheckOptionsUsed(comm, "surface"));
  PetscCheck(vmax >= 2, comm, PETSC_ERR_USER_INPUT, "option -surface_view_max: expected >= 2, got %" PetscInt_FMT, vmax);
  PetscCheck(!restart || ck.file[0], comm, PETSC_ERR_USER_INPUT, "option -surface_restart needs the checkpoint file: -surface_checkpoint FILE");
  PetscCheck(!ck.stopafter || ck.file[0], comm, PETSC_ERR_USER_INPUT, "option -surface_stop_after needs -surface_checkpoint FILE");
  PetscCheck(ck.stopafter >= 0, comm, PETSC_ERR_USER_INPUT, "option -surface_stop_after: expected >= 0, got %" PetscInt_FMT, ck.stopafter);
  PetscCall(TriboSurfGetScanFiles(s, &nf, &files, &units));
  PetscCall(TriboCheckOutput(comm, "-output", out, nf, files));
  if (ck.file[0]) {
    PetscCall(TriboCheckOutput(comm, "-surface_checkpoint", ck.file, nf, files));
    PetscCheck(strcmp(ck.file, out), comm, PETSC_ERR_USER_INPUT, "options -surface_checkpoint and -output name the same file %s", out);
  }
  for (PetscInt i = 0; i < nf; i++) {
    TriboHeightMap *m;
    PetscCall(TriboSurfaceScanLoad(comm, files[i], units, dx, &m));
    PetscCall(TriboSurfSetScan(s, i, m));
  }
  PetscCall(TriboSurfSetUp(s));
  if (restart) {
    PetscInt nl, n;
    PetscCall(TriboSurfCheckpointLoad(s, ck.file, &nl));
    PetscCall(TriboSurfGetErosionSizes(s, &n, NULL));
    PetscCall(PetscPrintf(comm, "restarted from %s: %" PetscInt_FMT " of %" PetscInt_FMT " erosion sizes done\n", ck.file, nl, n));
  }
  if (ck.file[0]) {
    PetscCall(TriboSurfSetRoundMonitor(s, RoundMonitor_Private, &ck));
    PetscCall(TriboSignalArm(PETSC_TRUE));
  }
  PetscCall(TriboSurfProcess(s));
  if (ck.file[0]) PetscCall(TriboSignalArm(PETSC_FALSE));
  PetscCall(TriboSurfView(s, PETSC_VIEWER_STDOUT_(comm)));
  PetscCall(TriboH5Create(comm, out, &h));
  PetscCall(TriboH5WriteMeta(h, "surface", nf, files));
  PetscCall(TriboSurfWriteH5(s, h, vmax));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscCall(PetscPrintf(comm, "wrote %s (read it with -friction_surface %s -friction_surface_group /erosion_<k>)\n", out, out));
  if (!png[0]) {
    size_t n;
    PetscCall(PetscStrncpy(png, out, sizeof(png)));
    PetscCall(PetscStrlen(png, &n));
    if (n > 3 && !strcmp(png + n - 3, ".h5")) png[n - 3] = 0;
  }
  PetscCall(TriboSurfGetNumResults(s, &nres));
  for (PetscInt k = 0; k < nres; k++) {
    const TriboSurfResult *r;
    char                   file[PETSC_MAX_PATH_LEN + 32], grp[64];
    const char            *extra[2] = {"--group", grp};
    PetscBool              drawn;
    PetscCall(TriboSurfGetResult(s, k, &r));
    PetscCall(PetscSNPrintf(file, sizeof(file), "%s_erosion_%" PetscInt_FMT ".png", png, r->erosion));
    PetscCall(PetscSNPrintf(grp, sizeof(grp), "/erosion_%" PetscInt_FMT, r->erosion));
    PetscCall(TriboDrawPicture(comm, out, "surface", file, 2, extra, &drawn));
    if (drawn) PetscCall(PetscPrintf(comm, "wrote %s\n", file));
  }
  PetscCall(TriboSurfDestroy(&s));
  PetscFunctionReturn(0);
}
