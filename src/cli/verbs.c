#define _POSIX_C_SOURCE 200809L // getpid()
#include <tribocli.h>
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
  TriboROM       rom;
  TriboLaw       law;
  TriboJoint     joint;
  TriboPrestress ps;
  TriboModal     modal;
  char           rompath[PETSC_MAX_PATH_LEN];
  char           output[PETSC_MAX_PATH_LEN];
  char           png[PETSC_MAX_PATH_LEN]; // picture of the prestress
  PetscBool      haveps, havemodal, plotps;
  PetscReal     *pu, *pt; // point fields of the prestress (rank 0)
} Pipeline;

/* -rom and -output, the law's and the prestress options; in help mode a one-DOF stand-in ROM */
static PetscErrorCode PipelineOptions(MPI_Comm comm, PetscBool help, const char verb[], Pipeline *pl)
{
  PetscBool set;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(pl, sizeof(*pl)));
  PetscCall(PetscSNPrintf(pl->output, sizeof(pl->output), "%s.h5", verb));
  PetscOptionsBegin(comm, NULL, "Input and output", "tribo");
  PetscCall(PetscOptionsString("-rom", "reduced structure: tribo rom .h5 or MATLAB .mat (M, K, Fv, R, L, Qm, Tm)", "TriboROMLoad", pl->rompath, pl->rompath, sizeof(pl->rompath), &set));
  PetscCall(PetscOptionsString("-output", "result file (HDF5, written atomically)", "TriboH5Create", pl->output, pl->output, sizeof(pl->output), NULL));
  { // the default picture name follows -output: out.h5 -> out_prestress.png
    size_t len;
    PetscCall(PetscStrncpy(pl->png, pl->output, sizeof(pl->png)));
    PetscCall(PetscStrlen(pl->png, &len));
    if (len > 3 && !strcmp(pl->png + len - 3, ".h5")) pl->png[len - 3] = 0;
    PetscCall(PetscStrlcat(pl->png, "_prestress.png", sizeof(pl->png)));
  }
  PetscCall(PetscOptionsString("-prestress_png", "picture of the contact pressure and normal displacement after the prestress (default: the output name with _prestress.png)", "TriboPrestressPlot", pl->png, pl->png, sizeof(pl->png), NULL));
  PetscOptionsEnd();
  if (help) {
    PetscCall(TriboROMCreate(comm, &pl->rom));
    PetscCall(TriboROMSetSizes(pl->rom, 1, 0));
  } else {
    PetscCheck(set, comm, PETSC_ERR_USER_INPUT, "tribo %s needs an input model: -rom rom.h5 (make one with: tribo model -output rom.h5)", verb);
    PetscCall(TriboROMLoad(comm, pl->rompath, &pl->rom));
    pl->plotps = (PetscBool)(pl->rom->iface && pl->rom->iface->nelem > 0);
    if (!pl->plotps) PetscCall(PetscPrintf(comm, "  note: no picture of the prestress: the ROM's interface has no elements (a MATLAB .mat ROM has no geometry)\n"));
  }
  PetscCall(TriboLawCreate(comm, &pl->law));
  PetscCall(TriboLawSetFromOptions(pl->law));
  PetscCall(TriboPrestressInitialize(pl->rom, &pl->ps));
  PetscCall(TriboPrestressSetFromOptions(comm, &pl->ps));
  PetscFunctionReturn(0);
}

/* Contact statistics of the last joint evaluation: points in contact, normal force, pressures;
   keeps the point fields (rank 0) for the picture */
static PetscErrorCode ContactSummary(MPI_Comm comm, Pipeline *pl)
{
  PetscMPIInt rank;
  PetscReal  *u = NULL, *t = NULL, fn = 0, pmax = 0, area = 0, carea = 0, tt = 0;
  PetscInt    npts = pl->rom->iface->npts, nc = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (!rank) PetscCall(PetscMalloc2(3 * npts, &u, 3 * npts, &t));
  PetscCall(TriboJointGatherPointFields(pl->joint, u, t));
  if (!rank) {
    for (PetscInt p = 0; p < npts; p++) {
      PetscReal w = pl->rom->iface->pw[p];
      area += w;
      if (t[3 * p + 2] > 0) {
        nc++;
        carea += w;
      }
      fn += w * t[3 * p + 2];
      tt += w * PetscSqrtReal(t[3 * p] * t[3 * p] + t[3 * p + 1] * t[3 * p + 1]);
      pmax = PetscMax(pmax, t[3 * p + 2]);
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  contact: %" PetscInt_FMT " of %" PetscInt_FMT " points (%.1f %% of %.4g m^2), normal force %.6g N, mean pressure %.4g MPa, peak %.4g MPa, tangential force %.4g N\n", nc, npts,
                          (double)(100 * carea / area), (double)area, (double)fn, (double)(fn / area * 1e-6), (double)(pmax * 1e-6), (double)tt));
    if (pl->pu) PetscCall(PetscFree2(pl->pu, pl->pt));
    pl->pu = u, pl->pt = t;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelinePrestress(MPI_Comm comm, Pipeline *pl)
{
  PetscLogDouble t0, t1;
  PetscMPIInt    size;
  const char    *type;
  PetscReal      fv;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(TriboLawGetType(pl->law, &type));
  PetscCall(TriboJointCreate(pl->rom, pl->law, &pl->joint));
  PetscCall(VecNorm(pl->rom->Fv, NORM_INFINITY, &fv));
  if (fv == 0) PetscCall(PetscPrintf(comm, "  warning: the ROM's bolt-load vector Fv is zero: no preload\n"));
  PetscCall(PetscPrintf(comm, "Prestress: %.1f N per bolt, %s, law %s, %" PetscInt_FMT " interface points on %d rank(s)\n", (double)pl->ps.tension, pl->ps.conservative ? "conservative (no tangential traction)" : "with friction", type,
                        pl->rom->iface->npts, (int)size));
  PetscCall(PetscTime(&t0));
  PetscCall(TriboPrestressSolve(pl->rom, pl->joint, &pl->ps));
  PetscCall(PetscTime(&t1));
  pl->haveps = PETSC_TRUE;
  PetscCall(PetscPrintf(comm, "  converged in %" PetscInt_FMT " Newton iterations (%s), |R| = %.3e N, %.3f s\n", pl->ps.its, SNESConvergedReasons[pl->ps.reason], (double)pl->ps.fnorm, (double)(t1 - t0)));
  PetscCall(ContactSummary(comm, pl));
  PetscFunctionReturn(0);
}

static PetscErrorCode ModalOptions(MPI_Comm comm, PetscInt *nmodes, PetscReal *cutoff)
{
  PetscFunctionBeginUser;
  PetscOptionsBegin(comm, NULL, "Linearized modes", "TriboModalSolve");
  PetscCall(PetscOptionsInt("-modal_nmodes", "modes to print and store", "", *nmodes, nmodes, NULL));
  PetscCall(PetscOptionsReal("-modal_rigid_cutoff", "modes below this frequency are rigid-body or suspension modes and not numbered as elastic modes [Hz]", "", *cutoff, cutoff, NULL));
  PetscOptionsEnd();
  PetscCheck(*nmodes >= 1, comm, PETSC_ERR_USER_INPUT, "-modal_nmodes must be >= 1, got %" PetscInt_FMT, *nmodes);
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelineModal(MPI_Comm comm, Pipeline *pl, PetscInt nmodes, PetscReal cutoff)
{
  PetscFunctionBeginUser;
  // the lowest modes only: enough for the rigid/suspension ones (at most 6 + 6 for two free bodies)
  // plus the elastic ones asked for and the followed one (dense dsygvx)
  PetscCall(TriboModalSolveFirst(pl->rom, pl->joint, pl->ps.us, cutoff, nmodes + 12, &pl->modal));
  pl->havemodal = PETSC_TRUE;
  PetscCall(PetscPrintf(comm, "Linearized modes about the prestress (%" PetscInt_FMT " below %g Hz: rigid/suspension):\n", pl->modal.nrigid, (double)cutoff));
  for (PetscInt k = 0; k < PetscMin(nmodes + pl->modal.nrigid, pl->modal.n); k++) {
    PetscReal f = PetscSqrtReal(PetscMax(pl->modal.omega2[k], 0)) / (2 * PETSC_PI);
    if (k < pl->modal.nrigid)
      PetscCall(PetscPrintf(comm, "  %3" PetscInt_FMT "  %12.4f Hz   (rigid/suspension)\n", k + 1, (double)f));
    else
      PetscCall(PetscPrintf(comm, "  %3" PetscInt_FMT "  %12.4f Hz   elastic mode %" PetscInt_FMT "\n", k + 1, (double)f, k + 1 - pl->modal.nrigid));
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelineWrite(MPI_Comm comm, Pipeline *pl, const char verb[], TriboH5 *h5)
{
  const char *inputs[1];

  PetscFunctionBeginUser;
  inputs[0] = pl->rompath;
  PetscCall(TriboH5Create(comm, pl->output, h5));
  PetscCall(TriboH5WriteMeta(*h5, verb, 1, inputs));
  if (pl->haveps) PetscCall(TriboPrestressWriteH5(&pl->ps, pl->rom, pl->pu, pl->pt, *h5));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckOutputs(MPI_Comm comm, Pipeline *pl, const char png[])
{
  const char *in[2] = {pl->rompath, pl->output};

  PetscFunctionBeginUser;
  PetscCall(TriboCheckOutput(comm, "-output", pl->output, 1, in));
  if (png) PetscCall(TriboCheckOutput(comm, "-backbone_png", png, 2, in));
  if (pl->plotps) PetscCall(TriboCheckOutput(comm, "-prestress_png", pl->png, 2, in));
  PetscCheck(!pl->plotps || !png || strcmp(png, pl->png), comm, PETSC_ERR_USER_INPUT, "-prestress_png and -backbone_png both name %s; give them different names", png);
  for (int k = 0; k < 2; k++) { // a picture replaces neither the result file nor a folder
    const char *p = k ? (pl->plotps ? pl->png : NULL) : png, *opt = k ? "-prestress_png" : "-backbone_png";
    struct stat st;
    PetscCheck(!p || strcmp(p, pl->output), comm, PETSC_ERR_USER_INPUT, "option %s names the result file %s (option -output); choose another name", opt, p);
    PetscCheck(!p || stat(p, &st) || !S_ISDIR(st.st_mode), comm, PETSC_ERR_USER_INPUT, "option %s names the folder %s; give a file name", opt, p);
  }
  PetscFunctionReturn(0);
}

/* Pictures, then the HDF5 file. The prestress picture is drawn under a staging name and renamed
   onto its own once the backbone's (bb, or NULL) is written too. A picture that fails discards the
   staged picture and the temporary HDF5 file: it replaces no file and commits no HDF5 file. */
static PetscErrorCode PipelineFinish(MPI_Comm comm, Pipeline *pl, TriboH5 *h5, const char verb[], const TriboBackbone *bb, PetscInt rec, const char bbtitle[], const char bbpng[])
{
  PetscErrorCode perr = 0;
  PetscMPIInt    rank;
  int            pid = (int)getpid(), err = 0;
  char           stage[PETSC_MAX_PATH_LEN + 32], title[512], *why = NULL;
  const char    *failed = pl->png, *opt = "-prestress_png", *text = "";

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, comm));
  PetscCall(PetscSNPrintf(stage, sizeof(stage), "%s.stage.%d", pl->png, pid));
  PetscCall(PetscSNPrintf(title, sizeof(title), "tribo %s, %.6g N per bolt: %s", verb, (double)pl->ps.tension, pl->rom->title));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  if (pl->plotps) perr = TriboPrestressPlot(comm, pl->rom, pl->pu, pl->pt, title, stage);
  if (!perr && bb && (perr = TriboBackbonePlot(comm, bb, pl->rom, rec, bbtitle, bbpng))) failed = bbpng, opt = "-backbone_png";
  PetscCall(PetscPopErrorHandler());
  if (perr)
    PetscCall(PetscErrorMessage(perr, &text, &why));
  else if (pl->plotps && !rank && rename(stage, pl->png))
    err = errno ? errno : EIO;
  PetscCallMPI(MPI_Bcast(&err, 1, MPI_INT, 0, comm));
  if (err) why = strerror(err);
  if (perr || err) {
    if (!rank && pl->plotps) (void)remove(stage);
    PetscCall(TriboH5Close(h5, PETSC_FALSE));
    SETERRQ(comm, PETSC_ERR_FILE_WRITE, "could not write the picture %s (option %s): %s; %s was not written", failed, opt, why && why[0] ? why : text, pl->output);
  }
  PetscCall(TriboH5Close(h5, PETSC_TRUE));
  if (bb && pl->plotps)
    PetscCall(PetscPrintf(comm, "wrote %s, %s and %s\n", pl->output, pl->png, bbpng));
  else if (bb || pl->plotps)
    PetscCall(PetscPrintf(comm, "wrote %s and %s\n", pl->output, bb ? bbpng : pl->png));
  else
    PetscCall(PetscPrintf(comm, "wrote %s\n", pl->output));
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelineDestroy(Pipeline *pl)
{
  PetscFunctionBeginUser;
  if (pl->havemodal) PetscCall(TriboModalFinalize(&pl->modal));
  if (pl->pu) PetscCall(PetscFree2(pl->pu, pl->pt));
  PetscCall(TriboPrestressFinalize(&pl->ps));
  PetscCall(TriboJointDestroy(&pl->joint));
  PetscCall(TriboLawDestroy(&pl->law));
  PetscCall(TriboROMDestroy(&pl->rom));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbPrestress - tribo prestress: bolt preload with the interface law; writes /prestress.
@*/
PetscErrorCode TriboVerbPrestress(MPI_Comm comm, PetscBool help)
{
  Pipeline pl;
  TriboH5  h5;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo prestress -rom ROM [-output prestress.h5] [options]: static solution under bolt preload\n"));
  PetscCall(PipelineOptions(comm, help, "prestress", &pl));
  if (!help) {
    PetscCall(TriboCheckOptionsUsed(comm, "prestress"));
    PetscCall(CheckOutputs(comm, &pl, NULL));
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress(comm, &pl));
    PetscCall(TriboCheckOptionsUsed(comm, "prestress"));
    PetscCall(PipelineWrite(comm, &pl, "prestress", &h5));
    PetscCall(PipelineFinish(comm, &pl, &h5, "prestress", NULL, -1, NULL, NULL));
  }
  PetscCall(PipelineDestroy(&pl));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbModal - tribo modal: prestress, then linearized modes; writes /prestress and /modal.
@*/
PetscErrorCode TriboVerbModal(MPI_Comm comm, PetscBool help)
{
  Pipeline  pl;
  TriboH5   h5;
  PetscInt  nmodes = 10;
  PetscReal cutoff = 20.0;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo modal -rom ROM [-output modal.h5] [options]: prestress, then linearized modes\n"));
  PetscCall(PipelineOptions(comm, help, "modal", &pl));
  PetscCall(ModalOptions(comm, &nmodes, &cutoff));
  if (!help) {
    PetscCall(TriboCheckOptionsUsed(comm, "modal"));
    PetscCall(CheckOutputs(comm, &pl, NULL));
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress(comm, &pl));
    PetscCall(PipelineModal(comm, &pl, nmodes, cutoff));
    PetscCall(TriboCheckOptionsUsed(comm, "modal"));
    PetscCall(PipelineWrite(comm, &pl, "modal", &h5));
    PetscCall(TriboModalWriteH5(&pl.modal, nmodes + pl.modal.nrigid, h5));
    PetscCall(PipelineFinish(comm, &pl, &h5, "modal", NULL, -1, NULL, NULL));
  }
  PetscCall(PipelineDestroy(&pl));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbBackbone - tribo backbone: prestress, linear modes, RQNMA backbone of one mode;
  writes /prestress, /modal, /backbone/mode<k> and a PNG picture.
@*/
PetscErrorCode TriboVerbBackbone(MPI_Comm comm, PetscBool help)
{
  Pipeline             pl;
  TriboH5              h5;
  TriboNMA             nma;
  PetscInt             nmodes = 10, mode = 1, rec = -1, k;
  PetscReal            cutoff                  = 20.0;
  char                 png[PETSC_MAX_PATH_LEN] = "", title[512];
  PetscBool            setpng;
  const TriboBackbone *bb;
  PetscLogDouble       t0, t1, nev0, nev1;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo backbone -rom ROM [-output backbone.h5] [options]: amplitude-dependent frequency and damping of one mode\n"));
  PetscCall(PipelineOptions(comm, help, "backbone", &pl));
  PetscCall(ModalOptions(comm, &nmodes, &cutoff));
  PetscOptionsBegin(comm, NULL, "Backbone output", "tribo");
  PetscCall(PetscOptionsInt("-backbone_mode", "elastic mode to follow (1 = lowest above -modal_rigid_cutoff)", "", mode, &mode, NULL));
  PetscCall(PetscOptionsString("-backbone_png", "picture of the backbone (default: the output name with .png)", "", png, png, sizeof(png), &setpng));
  PetscCall(PetscOptionsInt("-backbone_plot_recovery", "recovery row (0-based) whose acceleration amplitude is the x axis of the picture; -1: modal amplitude", "", rec, &rec, NULL));
  PetscOptionsEnd();
  PetscCall(TriboNMACreate(pl.rom, help ? NULL : NULL, &nma));
  PetscCall(TriboNMASetFromOptions(nma));
  if (!setpng) {
    size_t len;
    PetscCall(PetscStrncpy(png, pl.output, sizeof(png)));
    PetscCall(PetscStrlen(png, &len));
    if (len > 3 && !strcmp(png + len - 3, ".h5")) png[len - 3] = 0;
    PetscCall(PetscStrlcat(png, ".png", sizeof(png)));
  }
  if (!help) {
    PetscCheck(rec < pl.rom->nrec, comm, PETSC_ERR_USER_INPUT, "-backbone_plot_recovery %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " recovery rows", rec, pl.rom->nrec);
    PetscCheck(mode >= 1, comm, PETSC_ERR_USER_INPUT, "-backbone_mode must be >= 1 (1 = the lowest elastic mode), got %" PetscInt_FMT, mode);
    PetscCall(TriboCheckOptionsUsed(comm, "backbone"));
    PetscCall(CheckOutputs(comm, &pl, png));
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress(comm, &pl));
    PetscCall(PipelineModal(comm, &pl, PetscMax(nmodes, mode), cutoff));
    k = pl.modal.nrigid + mode - 1;
    PetscCheck(mode >= 1 && k < pl.modal.n, comm, PETSC_ERR_USER_INPUT, "-backbone_mode %" PetscInt_FMT " out of range: %" PetscInt_FMT " elastic modes were computed (raise -modal_nmodes)", mode, pl.modal.n - pl.modal.nrigid);
    { // the NMA was created before the joint existed: recreate it on the joint, keep options
      PetscCall(TriboNMADestroy(&nma));
      PetscCall(TriboNMACreate(pl.rom, pl.joint, &nma));
      PetscCall(TriboNMASetFromOptions(nma));
    }
    PetscCall(TriboNMASetPrestress(nma, &pl.ps));
    PetscCall(TriboNMASetMode(nma, mode, pl.modal.omega2[k], &pl.modal.phi[k * pl.rom->n]));
    PetscCall(TriboNMAView(nma, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(TriboJointGetEvaluationCount(pl.joint, &nev0));
    PetscCall(PetscTime(&t0));
    PetscCall(TriboNMASolve(nma));
    PetscCall(PetscTime(&t1));
    PetscCall(TriboJointGetEvaluationCount(pl.joint, &nev1));
    PetscCall(TriboNMAGetBackbone(nma, &bb));
    PetscCall(PetscPrintf(comm, "Backbone of elastic mode %" PetscInt_FMT " (%.4f Hz linearized): %.3f s, %.3g point-law evaluations (%.3g per second)\n", mode, (double)bb->freq0, (double)(t1 - t0), (double)(nev1 - nev0),
                          (double)((nev1 - nev0) / (t1 - t0))));
    PetscCall(PetscPrintf(comm, "  %-12s %-12s %-12s %-10s %s\n", "q", "freq (Hz)", "zeta (-)", "Newton", rec >= 0 ? "accel (m/s^2)" : ""));
    for (PetscInt i = 0; i < bb->na; i++) {
      if (rec >= 0)
        PetscCall(PetscPrintf(comm, "  %-12.4e %-12.5f %-12.5e %-10" PetscInt_FMT " %.4e%s\n", (double)bb->q[i], (double)bb->freq[i], (double)bb->zeta[i], bb->newton[i], (double)bb->rec_acc[i * bb->nrec + rec],
                              bb->converged[i] == 1 ? "" : (bb->converged[i] == 2 ? "  (damping still changing)" : "  (Newton failed)")));
      else
        PetscCall(PetscPrintf(comm, "  %-12.4e %-12.5f %-12.5e %-10" PetscInt_FMT "%s\n", (double)bb->q[i], (double)bb->freq[i], (double)bb->zeta[i], bb->newton[i],
                              bb->converged[i] == 1 ? "" : (bb->converged[i] == 2 ? "  (damping still changing)" : "  (Newton failed)")));
    }
    PetscCall(TriboCheckOptionsUsed(comm, "backbone"));
    PetscCall(PipelineWrite(comm, &pl, "backbone", &h5));
    PetscCall(TriboModalWriteH5(&pl.modal, nmodes + pl.modal.nrigid, h5));
    PetscCall(TriboBackboneWriteH5(bb, pl.rom, TRIBONMARQNMA, h5));
    PetscCall(PetscSNPrintf(title, sizeof(title), "tribo backbone, mode %" PetscInt_FMT ": %s", mode, pl.rom->title));
    PetscCall(PipelineFinish(comm, &pl, &h5, "backbone", bb, rec, title, png));
  }
  PetscCall(TriboNMADestroy(&nma));
  PetscCall(PipelineDestroy(&pl));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbModel - tribo model: writes a built-in jointed model as a ROM file.

  Collective

  Input Parameters:
+ comm - communicator of the ROM
- help - PETSC_TRUE: print the usage and the options with their defaults and units, write nothing

  Options Database Keys:
+ -model_type lapframe - the model, from the gallery (TriboModelRegister()); lapframe: two steel
                         beams in a bolted lap joint, BRB-like
- -output rom.h5       - the ROM file to write

  Notes:
  The model reads its own options (-lapframe_* for lapframe, see TriboModelLapFrame()); every
  option is read and checked before the model is built.

.seealso: TriboModelBuild(), TriboModelLapFrame()
@*/
PetscErrorCode TriboVerbModel(MPI_Comm comm, PetscBool help)
{
  char     type[64] = TRIBOMODELLAPFRAME, out[PETSC_MAX_PATH_LEN] = "rom.h5";
  TriboROM rom;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo model [-model_type lapframe] [-output rom.h5]: a jointed structure generated by tribo\n"));
  PetscCall(TriboModelRegisterAll());
  PetscOptionsBegin(comm, NULL, "Built-in model", "tribo");
  PetscCall(PetscOptionsFList("-model_type", "built-in model (lapframe: two steel beams in a bolted lap joint, BRB-like)", "TriboModelRegister", TriboModelList, type, type, sizeof(type), NULL));
  PetscCall(PetscOptionsString("-output", "ROM file to write", "TriboROMSave", out, out, sizeof(out), NULL));
  PetscOptionsEnd();
  // the model reads and checks its options (with -help: lists them) before anything is built
  PetscCall(TriboModelBuild(comm, type, NULL));
  if (help) PetscFunctionReturn(0);
  PetscCall(TriboCheckOutput(comm, "-output", out, 0, NULL));
  PetscCall(TriboCheckOptionsUsed(comm, "model"));
  PetscCall(TriboModelBuild(comm, type, &rom));
  PetscCall(TriboROMSave(rom, out, "model"));
  PetscCall(TriboROMView(rom, PETSC_VIEWER_STDOUT_(comm)));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  PetscCall(TriboROMDestroy(&rom));
  PetscFunctionReturn(0);
}
