#include <tribocli.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
  TriboROM       rom;
  TriboLaw       law;      // from -friction_* options; NULL for a system with discrete elements
  PetscInt       nlaws;    // the laws of the discrete elements (TriboROMElementsCreateLaws())
  TriboLaw      *laws;     // [nlaws]
  PetscInt      *pointlaw; // [npts]
  TriboJoint     joint;
  TriboPrestress ps;
  TriboModal     modal; // NULL for tribo prestress
  TriboNMA       nma;   // NULL but for tribo backbone
  TriboFRF       frf;   // NULL but for tribo frf
  TriboTransient tr;    // NULL but for tribo transient
  char           rompath[PETSC_MAX_PATH_LEN];
  char           output[PETSC_MAX_PATH_LEN];
  char           png[PETSC_MAX_PATH_LEN];   // picture of the prestress
  char           bbpng[PETSC_MAX_PATH_LEN]; // picture of the backbone (of the transient for tribo transient)
  PetscInt       rec;                       // recovery row of the backbone picture's x axis, -1: modal amplitude
  PetscBool      plotps;
  PetscBool      noprestress; // tribo transient of a discrete system: starts at rest at x = 0, no /prestress
  PetscBool      xdmf;        // also write <output>.xdmf for ParaView
  char           xdmfname[PETSC_MAX_PATH_LEN];
} Pipeline;

/* Replace a trailing .h5 of name by suffix */
static PetscErrorCode OutputName_Private(const char name[], const char suffix[], char out[], size_t len)
{
  size_t n;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(out, name, len));
  PetscCall(PetscStrlen(out, &n));
  if (n > 3 && !strcmp(out + n - 3, ".h5")) out[n - 3] = 0;
  PetscCall(PetscStrlcat(out, suffix, len));
  PetscFunctionReturn(0);
}

/* The verb's files (-rom, -output, pictures), then every object of the pipeline: created, given
   its inputs, and set from the options (each reads its own). In help mode a one-DOF stand-in ROM
   without an interface lets every object print its options. Nothing is computed here. */
static PetscErrorCode PipelineCreate_Private(MPI_Comm comm, PetscBool help, const char verb[], PetscBool modal, PetscBool backbone, PetscBool frf,
                                             PetscBool transient, Pipeline *pl)
{
  PetscBool set, setpng;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(pl, sizeof(*pl)));
  pl->rec = -1;
  PetscCall(PetscSNPrintf(pl->output, sizeof(pl->output), "%s.h5", verb));
  TriboOptionsBegin(comm, NULL, "Input and output", "tribo");
  PetscCall(PetscOptionsString("-rom", "reduced structure: tribo rom .h5, MATLAB .mat (M, K, Fv, R, L, Qm, Tm) or a discrete system .yaml",
                               "TriboROMLoad", pl->rompath, pl->rompath, sizeof(pl->rompath), &set));
  PetscCall(
      PetscOptionsString("-output", "result file (HDF5, written atomically)", "TriboH5Create", pl->output, pl->output, sizeof(pl->output), NULL));
  PetscCall(PetscOptionsBool("-xdmf", "also write the output name with .xdmf: the interface mesh and fields of the result for ParaView",
                             "TriboXdmfCreate", pl->xdmf, &pl->xdmf, NULL));
  PetscCall(OutputName_Private(pl->output, ".xdmf", pl->xdmfname, sizeof(pl->xdmfname)));
  PetscCall(OutputName_Private(pl->output, "_prestress.png", pl->png, sizeof(pl->png)));
  PetscCall(PetscOptionsString(
      "-prestress_png", "picture of the contact pressure and normal displacement after the prestress (default: the output name with _prestress.png)",
      "TriboPrestressPlot", pl->png, pl->png, sizeof(pl->png), NULL));
  if (backbone) {
    PetscCall(OutputName_Private(pl->output, ".png", pl->bbpng, sizeof(pl->bbpng)));
    PetscCall(PetscOptionsString("-backbone_png", "picture of the backbone (default: the output name with .png)", "TriboBackbonePlot", pl->bbpng,
                                 pl->bbpng, sizeof(pl->bbpng), &setpng));
    PetscCall(TriboOptionsInt("-backbone_plot_recovery",
                              "recovery row (0-based) whose acceleration amplitude is the x axis of the picture; -1: modal amplitude",
                              "TriboBackbonePlot", pl->rec, &pl->rec, NULL));
  }
  if (transient) {
    PetscCall(OutputName_Private(pl->output, ".png", pl->bbpng, sizeof(pl->bbpng)));
    PetscCall(PetscOptionsString("-transient_png", "picture of the time history and of a hysteresis loop (default: the output name with .png)",
                                 "TriboDrawPicture", pl->bbpng, pl->bbpng, sizeof(pl->bbpng), NULL));
  }
  TriboOptionsEnd();
  if (help) {
    TriboInterface f;
    PetscCall(TriboROMCreate(comm, &pl->rom));
    PetscCall(TriboROMSetSizes(pl->rom, 1, 0));
    PetscCall(TriboInterfaceCreate(&f));
    PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 0, 0, 0, NULL, &f->Q));
    PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 0, 0, 0, NULL, &f->T));
    PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 0, 1, 0, NULL, &f->L));
    for (int k = 0; k < 3; k++) {
      Mat A = k == 0 ? f->Q : (k == 1 ? f->T : f->L);
      PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
      PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
    }
    pl->rom->iface = f;
  } else {
    PetscCheck(set, comm, PETSC_ERR_USER_INPUT, "tribo %s needs an input model: -rom rom.h5 (make one with: tribo model -output rom.h5)", verb);
    PetscCall(TriboROMLoad(comm, pl->rompath, &pl->rom));
    PetscCheck(
        pl->rom->iface, comm, PETSC_ERR_USER_INPUT,
        "%s has no joint interface: tribo %s needs one (/rom/interface, L, Qm, Tm in a .mat file, or an entry under elements: in a .yaml system)",
        pl->rompath, verb);
    pl->plotps = (PetscBool)(pl->rom->iface->nelem > 0);
    if (!pl->plotps && !pl->rom->elements)
      PetscCall(PetscPrintf(comm, "  note: no picture of the prestress: the ROM's interface has no elements (a MATLAB .mat ROM has no geometry)\n"));
  }
  PetscCall(TriboJointCreate(pl->rom->comm, &pl->joint));
  PetscCall(TriboJointSetROM(pl->joint, pl->rom));
  if (pl->rom->elements) { // a discrete system: every element brings its law
    PetscBool ft;
    PetscBool fg;
    PetscCall(PetscOptionsHasName(NULL, NULL, "-friction_type", &ft));
    PetscCall(PetscOptionsHasName(NULL, NULL, "-friction_groups", &fg));
    PetscCheck(!ft && !fg, comm, PETSC_ERR_USER_INPUT, "%s: the YAML system %s defines its laws (law: of each entry under elements:); remove %s",
               ft ? "-friction_type" : "-friction_groups", pl->rompath, ft ? "-friction_type" : "-friction_groups");
    PetscCall(TriboROMElementsCreateLaws(pl->rom, comm, &pl->nlaws, &pl->laws, &pl->pointlaw));
    PetscCall(TriboJointSetLaws(pl->joint, pl->nlaws, pl->laws, pl->pointlaw));
  } else { // the default law, and one per group of -friction_groups (src/rom/lawgroups.c)
    PetscCall(TriboJointCreateLawsFromOptions(pl->rom, comm, &pl->nlaws, &pl->laws, &pl->pointlaw));
    PetscCall(TriboJointSetLaws(pl->joint, pl->nlaws, pl->laws, pl->pointlaw));
    if (!help) PetscCall(TriboJointSetSurfaceFromOptions(pl->joint)); // -friction_surface: rough-contact statistics, mesoscale gap
  }
  PetscCall(TriboJointSetUp(pl->joint));
  PetscCall(TriboPrestressCreate(comm, &pl->ps));
  PetscCall(TriboPrestressSetJoint(pl->ps, pl->joint));
  PetscCall(TriboPrestressSetFromOptions(pl->ps));
  if (modal || backbone) {
    PetscCall(TriboModalCreate(comm, &pl->modal));
    PetscCall(TriboModalSetJoint(pl->modal, pl->joint));
    if (pl->rom->elements)
      PetscCall(TriboModalSetRigidCutoff(pl->modal, 0.0)); // a small oscillator: every mode counts (-modal_rigid_cutoff still applies)
    PetscCall(TriboModalSetFromOptions(pl->modal));
  }
  if (backbone) {
    PetscInt mode;
    PetscCall(TriboNMACreate(comm, &pl->nma));
    PetscCall(TriboNMASetJoint(pl->nma, pl->joint));
    PetscCall(TriboNMASetFromOptions(pl->nma));
    PetscCall(TriboNMAGetModeNumber(pl->nma, &mode));
    PetscCall(TriboModalSetRequiredModes(pl->modal, mode));
    PetscCall(TriboNMASetModal(pl->nma, pl->modal));
  }
  if (frf) {
    PetscCall(TriboFRFCreate(comm, &pl->frf));
    PetscCall(TriboFRFSetJoint(pl->frf, pl->joint));
    PetscCall(TriboFRFSetModal(pl->frf, pl->modal));
    PetscCall(TriboFRFSetFromOptions(pl->frf));
  }
  if (transient) {
    PetscCall(TriboTransientCreate(comm, &pl->tr));
    PetscCall(TriboTransientSetJoint(pl->tr, pl->joint));
    PetscCall(TriboTransientSetModal(pl->tr, pl->modal));
    PetscCall(TriboTransientSetFromOptions(pl->tr));
  }
  if (!help) {
    PetscCheck(pl->rec < pl->rom->nrec, comm, PETSC_ERR_USER_INPUT,
               "-backbone_plot_recovery %" PetscInt_FMT " out of range: the ROM has %" PetscInt_FMT " recovery rows", pl->rec, pl->rom->nrec);
    PetscCall(TriboCheckOptionsUsed(comm, verb));
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelinePrestress_Private(MPI_Comm comm, Pipeline *pl)
{
  PetscReal fv;

  PetscFunctionBeginUser;
  PetscCall(VecNorm(pl->rom->Fv, NORM_INFINITY, &fv));
  if (fv == 0 && !pl->rom->elements) PetscCall(PetscPrintf(comm, "  warning: the ROM's bolt-load vector Fv is zero: no preload\n"));
  PetscCall(TriboPrestressSolve(pl->ps));
  PetscCall(TriboPrestressView(pl->ps, PETSC_VIEWER_STDOUT_(comm)));
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelineModal_Private(MPI_Comm comm, Pipeline *pl)
{
  const PetscReal *us;

  PetscFunctionBeginUser;
  PetscCall(TriboPrestressGetSolution(pl->ps, &us, NULL));
  PetscCall(TriboModalSetState(pl->modal, us));
  PetscCall(TriboModalSolve(pl->modal));
  PetscCall(TriboModalView(pl->modal, PETSC_VIEWER_STDOUT_(comm)));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckOutputs_Private(MPI_Comm comm, Pipeline *pl)
{
  const char *in[2] = {pl->rompath, pl->output};
  const char *png = pl->nma || pl->tr ? pl->bbpng : NULL, *pngopt = pl->tr ? "-transient_png" : "-backbone_png";

  PetscFunctionBeginUser;
  PetscCall(TriboCheckOutput(comm, "-output", pl->output, 1, in));
  if (png) PetscCall(TriboCheckOutput(comm, pngopt, png, 2, in));
  if (pl->plotps) PetscCall(TriboCheckOutput(comm, "-prestress_png", pl->png, 2, in));
  PetscCheck(!pl->plotps || !png || strcmp(png, pl->png), comm, PETSC_ERR_USER_INPUT, "-prestress_png and %s both name %s; give them different names",
             pngopt, png);
  for (int k = 0; k < 2; k++) { // a picture replaces neither the result file nor a folder
    const char *p = k ? (pl->plotps ? pl->png : NULL) : png, *opt = k ? "-prestress_png" : pngopt;
    struct stat st;
    PetscCheck(!p || strcmp(p, pl->output), comm, PETSC_ERR_USER_INPUT, "option %s names the result file %s (option -output); choose another name",
               opt, p);
    PetscCheck(!p || stat(p, &st) || !S_ISDIR(st.st_mode), comm, PETSC_ERR_USER_INPUT, "option %s names the folder %s; give a file name", opt, p);
  }
  PetscFunctionReturn(0);
}

/* The results into a temporary HDF5 file renamed when complete, then the pictures drawn from it by
   the post-processing package. A picture that cannot be drawn (no matplotlib) is a note: the
   results are kept. */
static PetscErrorCode PipelineFinish_Private(MPI_Comm comm, Pipeline *pl, const char verb[])
{
  TriboH5     h5;
  const char *inputs[1] = {pl->rompath};
  PetscBool   drawps = PETSC_FALSE, drawbb = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(comm, pl->output, &h5));
  PetscCall(TriboH5WriteMeta(h5, verb, 1, inputs));
  if (pl->rom->iface->nelem > 0) PetscCall(TriboInterfaceWriteH5(pl->rom->iface, h5));
  if (pl->rom->surf) PetscCall(TriboROMSurfaceWriteH5(pl->rom->surf, h5, PETSC_FALSE)); // the mesh of the surface fields
  if (!pl->noprestress) PetscCall(TriboPrestressWriteH5(pl->ps, h5));
  if (pl->modal) PetscCall(TriboModalWriteH5(pl->modal, h5));
  if (pl->nma) PetscCall(TriboNMAWriteH5(pl->nma, h5));
  if (pl->frf) PetscCall(TriboFRFWriteH5(pl->frf, h5));
  if (pl->tr) PetscCall(TriboTransientWriteH5(pl->tr, h5));
  PetscCall(TriboH5Close(&h5, PETSC_TRUE));
  if (pl->xdmf) {
    TriboXdmf x;
    PetscCheck(pl->rom->iface->nelem > 0, comm, PETSC_ERR_USER_INPUT,
               "-xdmf: the ROM's interface has no elements to describe (a MATLAB .mat ROM has no geometry)");
    PetscCall(TriboXdmfCreate(comm, pl->xdmfname, pl->output, &x));
    PetscCall(TriboPrestressWriteXdmf(pl->ps, x));
    if (pl->modal) PetscCall(TriboModalWriteXdmf(pl->modal, x));
    if (pl->nma) PetscCall(TriboNMAWriteXdmf(pl->nma, x));
    PetscCall(TriboXdmfClose(&x, PETSC_TRUE));
    PetscCall(PetscPrintf(comm, "wrote %s (ParaView)\n", pl->xdmfname));
  }
  if (pl->plotps) PetscCall(TriboDrawPicture(comm, pl->output, "prestress", pl->png, 0, NULL, &drawps)); // the file holds its /interface
  if (pl->nma) {
    char        x[32];
    const char *extra[2] = {"--x", x};
    PetscCall(PetscSNPrintf(x, sizeof(x), pl->rec >= 0 ? "acc:%" PetscInt_FMT : "modal", pl->rec));
    PetscCall(TriboDrawPicture(comm, pl->output, "backbone", pl->bbpng, 2, extra, &drawbb));
  }
  if (pl->tr) PetscCall(TriboDrawPicture(comm, pl->output, "transient", pl->bbpng, 0, NULL, &drawbb));
  if (drawbb && drawps)
    PetscCall(PetscPrintf(comm, "wrote %s, %s and %s\n", pl->output, pl->png, pl->bbpng));
  else if (drawbb || drawps)
    PetscCall(PetscPrintf(comm, "wrote %s and %s\n", pl->output, drawbb ? pl->bbpng : pl->png));
  else
    PetscCall(PetscPrintf(comm, "wrote %s\n", pl->output));
  PetscFunctionReturn(0);
}

static PetscErrorCode PipelineDestroy_Private(Pipeline *pl)
{
  PetscFunctionBeginUser;
  PetscCall(TriboFRFDestroy(&pl->frf));
  PetscCall(TriboTransientDestroy(&pl->tr));
  PetscCall(TriboNMADestroy(&pl->nma));
  PetscCall(TriboModalDestroy(&pl->modal));
  PetscCall(TriboPrestressDestroy(&pl->ps));
  PetscCall(TriboJointDestroy(&pl->joint));
  PetscCall(TriboLawDestroy(&pl->law));
  for (PetscInt l = 0; l < pl->nlaws; l++) PetscCall(TriboLawDestroy(&pl->laws[l]));
  PetscCall(PetscFree(pl->laws));
  PetscCall(PetscFree(pl->pointlaw));
  PetscCall(TriboROMDestroy(&pl->rom));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbPrestress - tribo prestress: bolt preload with the interface law; writes /prestress
  and a picture of the contact pressure.

  Collective
@*/
PetscErrorCode TriboVerbPrestress(MPI_Comm comm, PetscBool help)
{
  Pipeline pl;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo prestress -rom ROM [-output prestress.h5] [options]: static solution under bolt preload\n"));
  PetscCall(PipelineCreate_Private(comm, help, "prestress", PETSC_FALSE, PETSC_FALSE, PETSC_FALSE, PETSC_FALSE, &pl));
  if (!help) {
    PetscCall(CheckOutputs_Private(comm, &pl));
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress_Private(comm, &pl));
    PetscCall(PipelineFinish_Private(comm, &pl, "prestress"));
  }
  PetscCall(PipelineDestroy_Private(&pl));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbModal - tribo modal: prestress, then linearized modes; writes /prestress and /modal.

  Collective
@*/
PetscErrorCode TriboVerbModal(MPI_Comm comm, PetscBool help)
{
  Pipeline pl;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo modal -rom ROM [-output modal.h5] [options]: prestress, then linearized modes\n"));
  PetscCall(PipelineCreate_Private(comm, help, "modal", PETSC_TRUE, PETSC_FALSE, PETSC_FALSE, PETSC_FALSE, &pl));
  if (!help) {
    PetscCall(CheckOutputs_Private(comm, &pl));
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress_Private(comm, &pl));
    PetscCall(PipelineModal_Private(comm, &pl));
    PetscCall(PipelineFinish_Private(comm, &pl, "modal"));
  }
  PetscCall(PipelineDestroy_Private(&pl));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbBackbone - tribo backbone: prestress, linear modes, backbone of one mode by a
  nonlinear modal analysis (-nma_type); writes /prestress, /modal, /backbone/mode<k> and pictures.

  Collective
@*/
PetscErrorCode TriboVerbBackbone(MPI_Comm comm, PetscBool help)
{
  Pipeline             pl;
  PetscInt             rec;
  const TriboBackbone *bb;
  PetscLogDouble       t0, t1, nev0, nev1;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo backbone -rom ROM [-output backbone.h5] [options]: amplitude-dependent frequency and damping of one mode\n"));
  PetscCall(PipelineCreate_Private(comm, help, "backbone", PETSC_TRUE, PETSC_TRUE, PETSC_FALSE, PETSC_FALSE, &pl));
  if (!help) {
    rec = pl.rec;
    PetscCall(CheckOutputs_Private(comm, &pl));
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress_Private(comm, &pl));
    PetscCall(PipelineModal_Private(comm, &pl));
    PetscCall(TriboNMASetPrestress(pl.nma, pl.ps));
    PetscCall(TriboNMASetUp(pl.nma));
    PetscCall(TriboNMAView(pl.nma, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(TriboJointGetEvaluationCount(pl.joint, &nev0));
    PetscCall(PetscTime(&t0));
    PetscCall(TriboNMASolve(pl.nma));
    PetscCall(PetscTime(&t1));
    PetscCall(TriboJointGetEvaluationCount(pl.joint, &nev1));
    PetscCall(TriboNMAGetBackbone(pl.nma, &bb));
    PetscCall(PetscPrintf(comm,
                          "Backbone of elastic mode %" PetscInt_FMT " (%.4f Hz linearized): %.3f s, %.3g point-law evaluations (%.3g per second)\n",
                          bb->mode, (double)bb->freq0, (double)(t1 - t0), (double)(nev1 - nev0), (double)((nev1 - nev0) / (t1 - t0))));
    PetscCall(PetscPrintf(comm, "  %-12s %-12s %-12s %-10s %s\n", "q", "freq (Hz)", "zeta (-)", "Newton", rec >= 0 ? "accel (m/s^2)" : ""));
    for (PetscInt i = 0; i < bb->na; i++) {
      const char *note = bb->status[i] == TRIBO_BACKBONE_CONVERGED
                             ? ""
                             : (bb->status[i] == TRIBO_BACKBONE_UNSETTLED ? "  (damping still changing)" : "  (Newton failed)");
      if (rec >= 0)
        PetscCall(PetscPrintf(comm, "  %-12.4e %-12.5f %-12.5e %-10" PetscInt_FMT " %.4e%s\n", (double)bb->q[i], (double)bb->freq[i],
                              (double)bb->zeta[i], bb->newton[i], (double)bb->rec_acc[i * bb->nrec + rec], note));
      else
        PetscCall(PetscPrintf(comm, "  %-12.4e %-12.5f %-12.5e %-10" PetscInt_FMT "%s\n", (double)bb->q[i], (double)bb->freq[i], (double)bb->zeta[i],
                              bb->newton[i], note));
    }
    PetscCall(PipelineFinish_Private(comm, &pl, "backbone"));
    if (bb->incomplete) { // the file is written (complete = 0); a failure is an error, a step limit a warning
      PetscCheck(!bb->failed, comm, PETSC_ERR_NOT_CONVERGED, "%s; the points so far are in the output, marked complete = 0", bb->stop);
      PetscCall(PetscPrintf(comm, "warning: %s; the output is marked complete = 0\n", bb->stop));
    }
    if (bb->warn[0]) PetscCall(PetscPrintf(comm, "warning: %s\n", bb->warn));
  }
  PetscCall(PipelineDestroy_Private(&pl));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbFRF - tribo frf: prestress, linear modes, then the forced response to P f_x cos(Omega t) over a frequency
  range by harmonic balance with continuation through folds; writes /prestress, /modal and /frf.

  Collective

  Input Parameters:
+ comm - communicator of the run
- help - PETSC_TRUE: print the usage and the options, compute nothing

  Options Database Keys:
+ -frf_range f0,f1 - frequency range [Hz] (required; downward when f0 > f1)
. -frf_force P     - force level [N]
. -frf_dof, -frf_recovery - the load shape when the ROM has no Fx
- -frf_rayleigh    - damping when the ROM has no C (see TriboFRFSetFromOptions())

  Notes:
  Every option is read and checked before anything is computed: a bad option is a one-line error and no file is written.

.seealso: TriboFRFSolve(), TriboFRFWriteH5()
@*/
PetscErrorCode TriboVerbFRF(MPI_Comm comm, PetscBool help)
{
  Pipeline         pl;
  PetscInt         npts, nrec, nf;
  const PetscReal *omega, *force, *amp, *fhz;
  const PetscInt  *its;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(
        PetscPrintf(comm, "tribo frf -rom ROM -frf_range f0,f1 [-frf_force P] [-output frf.h5] [options]: forced response by harmonic balance\n"));
  PetscCall(PipelineCreate_Private(comm, help, "frf", PETSC_TRUE, PETSC_FALSE, PETSC_TRUE, PETSC_FALSE, &pl));
  if (!help) {
    PetscCall(CheckOutputs_Private(comm, &pl));
    PetscCall(TriboFRFSetUp(pl.frf)); // the range, load shape and damping are checked before anything is computed
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelinePrestress_Private(comm, &pl));
    PetscCall(TriboFRFSetPrestress(pl.frf, pl.ps));
    PetscCall(PipelineModal_Private(comm, &pl));
    PetscCall(TriboFRFSolve(pl.frf));
    PetscCall(TriboFRFView(pl.frf, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(TriboFRFGetResponse(pl.frf, &npts, &omega, &force, &amp, &its));
    PetscCall(TriboFRFGetFolds(pl.frf, &nf, &fhz));
    nrec = pl.rom->nrec;
    PetscCall(PetscPrintf(comm, "  %-12s %-12s %-10s %s\n", "freq (Hz)", "force (N)", "Newton", nrec ? "amplitude at recovery row 0 (m)" : ""));
    for (PetscInt p = 0; p < npts; p++) {
      if (nrec)
        PetscCall(PetscPrintf(comm, "  %-12.6f %-12.4e %-10" PetscInt_FMT " %.4e\n", (double)(omega[p] / (2 * PETSC_PI)), (double)force[p], its[p],
                              (double)amp[p * nrec]));
      else
        PetscCall(PetscPrintf(comm, "  %-12.6f %-12.4e %-10" PetscInt_FMT "\n", (double)(omega[p] / (2 * PETSC_PI)), (double)force[p], its[p]));
    }
    PetscCall(PipelineFinish_Private(comm, &pl, "frf"));
    { // the file is written (complete = 0); a failure is an error, a step limit a warning
      PetscBool   incomplete, failed;
      const char *stop;
      PetscCall(TriboFRFGetStop(pl.frf, &incomplete, &failed, &stop));
      PetscCheck(!incomplete || !failed, comm, PETSC_ERR_NOT_CONVERGED, "%s; the points so far are in the output, marked complete = 0", stop);
      if (incomplete) PetscCall(PetscPrintf(comm, "warning: %s; the output is marked complete = 0\n", stop));
    }
  }
  PetscCall(PipelineDestroy_Private(&pl));
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
  TriboOptionsBegin(comm, NULL, "Built-in model", "tribo");
  PetscCall(PetscOptionsFList("-model_type", "built-in model (lapframe: two steel beams in a bolted lap joint, BRB-like)", "TriboModelRegister",
                              TriboModelList, type, type, sizeof(type), NULL));
  PetscCall(PetscOptionsString("-output", "ROM file to write", "TriboROMSave", out, out, sizeof(out), NULL));
  TriboOptionsEnd();
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

/*@
  TriboVerbTransient - tribo transient: prestress (none for a discrete system: it starts at rest at x = 0), then the response in
  time to f_s + g(t) f_x by implicit time integration (Newmark or HHT-alpha) with the joint's laws; writes /prestress and
  /transient and a picture of the history and of a hysteresis loop.

  Collective

  Input Parameters:
+ comm - communicator of the run
- help - PETSC_TRUE: print the usage and the options, compute nothing

  Options Database Keys:
+ -transient_dt dt, -transient_time T - time step and end time [s] (required)
. -transient_scheme newmark|hht, -transient_alpha a - the scheme
. -transient_force "sin(A,f)"        - the load function (see TriboTransientSetFromOptions())
- -transient_png file                - the picture (default: the output name with .png)

  Notes:
  Every option is read and checked before anything is computed: a bad option is a one-line error and no file is
  written. The linear modes are solved only for -transient_mode.

.seealso: TriboTransientSolve(), TriboTransientWriteH5()
@*/
PetscErrorCode TriboVerbTransient(MPI_Comm comm, PetscBool help)
{
  Pipeline  pl;
  PetscBool need;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo transient -rom ROM -transient_dt dt -transient_time T [-transient_force \"sin(A,f)\"] [-output "
                                "transient.h5] [options]: response in time by implicit integration\n"));
  PetscCall(PipelineCreate_Private(comm, help, "transient", PETSC_TRUE, PETSC_FALSE, PETSC_FALSE, PETSC_TRUE, &pl));
  if (!help) {
    PetscCall(CheckOutputs_Private(comm, &pl));
    PetscCall(TriboTransientSetUp(pl.tr)); // the time step, load shape and points are checked before anything is computed
    PetscCall(TriboROMView(pl.rom, PETSC_VIEWER_STDOUT_(comm)));
    pl.noprestress = (PetscBool)(pl.rom->elements != NULL); // a discrete system has no bolt load (and may be held by its joints alone: K singular)
    if (!pl.noprestress) {
      PetscCall(PipelinePrestress_Private(comm, &pl));
      PetscCall(TriboTransientSetPrestress(pl.tr, pl.ps));
    }
    PetscCall(TriboTransientNeedsModal(pl.tr, &need));
    if (need && !pl.noprestress)
      PetscCall(PipelineModal_Private(comm, &pl));
    else if (need) { // the modes of a discrete system about x = 0
      PetscReal *zero;
      PetscCall(PetscCalloc1(pl.rom->n, &zero));
      PetscCall(TriboModalSetState(pl.modal, zero));
      PetscCall(TriboModalSolve(pl.modal));
      PetscCall(TriboModalView(pl.modal, PETSC_VIEWER_STDOUT_(comm)));
      PetscCall(PetscFree(zero));
    } else
      PetscCall(TriboModalDestroy(&pl.modal)); // not solved: not written
    PetscCall(TriboTransientSolve(pl.tr));
    PetscCall(TriboTransientView(pl.tr, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(PipelineFinish_Private(comm, &pl, "transient"));
  }
  PetscCall(PipelineDestroy_Private(&pl));
  PetscFunctionReturn(0);
}
