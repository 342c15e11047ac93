#include <tribocli.h>

typedef struct {
  TriboH5   h5;
  PetscInt  every, last, *written;
  PetscBool quiet;
  char      ckpt[PETSC_MAX_PATH_LEN]; /* -contact_checkpoint */
  PetscBool prev;                     /* ckpt holds this run's steps so far (written by it, or the one it restarted from) */
  PetscInt  stopafter;                /* -contact_stop_after */
} Monitor;

/* After step k with -contact_checkpoint: the checkpoint rewritten (the fields of the written steps before k copied from the previous
   one, then step k's and the solver's state), then a stop on SIGTERM/SIGUSR1 or -contact_stop_after */
static PetscErrorCode Checkpoint_Private(TriboContact c, MPI_Comm comm, Monitor *m, PetscInt k, PetscInt nplanned)
{
  int         sig;
  const char *name;

  PetscFunctionBeginUser;
  if (m->ckpt[0]) {
    TriboH5 h, old = NULL;
    if (m->prev) PetscCall(TriboH5Open(comm, m->ckpt, &old));
    PetscCall(TriboH5Create(comm, m->ckpt, &h));
    PetscCall(TriboH5WriteMeta(h, "contact checkpoint", 0, NULL));
    for (PetscInt j = 0; j < k; j++)
      if (m->written[j]) PetscCall(TriboContactCopyStepH5(c, old, h, j));
    if (m->written[k]) PetscCall(TriboContactWriteStepH5(c, h, k));
    PetscCall(TriboContactCheckpointWrite(c, h));
    PetscCall(TriboH5WritePhysics(h, "/contact_checkpoint/physics"));
    if (old) PetscCall(TriboH5Close(&old, PETSC_FALSE));
    PetscCall(TriboH5Close(&h, PETSC_TRUE));
    m->prev = PETSC_TRUE;
  }
  PetscCall(TriboSignalCheck(comm, &sig, &name));
  if (!sig && m->stopafter > 0 && k + 1 == m->stopafter && k + 1 < nplanned) sig = -1, name = "-contact_stop_after";
  if (sig) {
    PetscCall(TriboSignalArm(PETSC_FALSE));
    SETERRQ(comm, PETSC_ERR_SIG, "stopped by %s after %" PetscInt_FMT " of %" PetscInt_FMT " steps: %s%s", name, k + 1, nplanned,
            m->ckpt[0] ? "the state is saved in " : "nothing saved (no -contact_checkpoint)", m->ckpt[0] ? m->ckpt : "");
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Monitor_Private(TriboContact c, PetscInt k, void *ctx)
{
  Monitor                *m = (Monitor *)ctx;
  const TriboContactStep *st;
  TriboContactCase        type;
  PetscInt                n;
  MPI_Comm                comm;
  TriboHalfSpace          hs;

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetSteps(c, &n, &st));
  PetscCall(TriboContactGetCase(c, &type));
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetComm(hs, &comm));
  st = &st[k];
  if (type == TRIBO_CONTACT_LAPBEAM)
    PetscCall(PetscPrintf(comm,
                          "  step %3" PetscInt_FMT ": %s %10.4e  normal force %10.4e N  tangential %10.4e N  area %10.4e m^2  stick %7" PetscInt_FMT
                          "  slip %7" PetscInt_FMT "  %6" PetscInt_FMT " its%s  %.2f s\n",
                          k, st->shift > 0 ? "QSMA alpha" : "bolt load ", (double)(st->shift > 0 ? st->shift : st->load), (double)st->force,
                          (double)st->tforce, (double)st->area, st->nstick, st->nslip, st->its, st->converged ? "" : " (NOT converged)",
                          (double)st->seconds));
  else if (type == TRIBO_CONTACT_MINDLIN && k > 0)
    PetscCall(PetscPrintf(comm,
                          "  step %3" PetscInt_FMT ": shift %10.4e m  Q %10.4e N  stick %8" PetscInt_FMT "  slip %8" PetscInt_FMT
                          "  dissipated %10.4e J  %4" PetscInt_FMT " its%s  %.2f s\n",
                          k, (double)st->shift, (double)st->tforce, st->nstick, st->nslip, (double)st->dissip, st->its,
                          st->converged ? "" : " (NOT converged)", (double)st->seconds));
  else
    PetscCall(PetscPrintf(
        comm, "  step %3" PetscInt_FMT ": force %10.4e N  approach %10.4e m  area %10.4e m^2  pmax %10.4e Pa  %4" PetscInt_FMT " its%s  %.2f s\n", k,
        (double)st->force, (double)st->approach, (double)st->area, (double)st->pmax, st->its, st->converged ? "" : " (NOT converged)",
        (double)st->seconds));
  m->written[k] = m->every > 0 && (k % m->every == 0 || k == m->last);
  if (m->written[k]) PetscCall(TriboContactWriteStepH5(c, m->h5, k));
  PetscCall(Checkpoint_Private(c, comm, m, k, m->last + 1));
  PetscFunctionReturn(0);
}

/* -contact_gap: the map placed with point cen (default its centre) at the grid centre, interpolated bilinearly onto the grid and
   added to the case's gap; a map that does not cover the grid is an error naming the file and both extents */
static PetscErrorCode AddGapMap_Private(MPI_Comm comm, TriboContact c, const char file[], const char group[], const PetscReal cen[])
{
  TriboSurfaceStats s;
  TriboHalfSpace    hs;
  PetscInt          nx, ny, j0, nyl;
  PetscReal         dx, dy, x0, y0, cx, cy, gx0, gx1, gy0, gy1, *xyz, *g;

  PetscFunctionBeginUser;
  PetscCall(TriboSurfaceStatsLoad(comm, file, group, &s));
  PetscCheck(s->nx > 1 && s->ny > 1, comm, PETSC_ERR_FILE_UNEXPECTED, "%s: no mesoscale gap map (-contact_gap)", file);
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, &dx, &dy));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(TriboContactGetOrigin(c, &x0, &y0));
  cx = cen ? cen[0] : 0.5 * (s->gx[0] + s->gx[s->nx - 1]), cy = cen ? cen[1] : 0.5 * (s->gy[0] + s->gy[s->ny - 1]);
  gx0 = x0 + cx - 0.5 * (x0 + x0 + (nx - 1) * dx), gx1 = gx0 + (nx - 1) * dx;
  gy0 = y0 + cy - 0.5 * (y0 + y0 + (ny - 1) * dy), gy1 = gy0 + (ny - 1) * dy;
  if (!(gx0 >= s->gx[0] && gx1 <= s->gx[s->nx - 1] && gy0 >= s->gy[0] && gy1 <= s->gy[s->ny - 1])) {
    PetscReal e[4] = {s->gx[0], s->gx[s->nx - 1], s->gy[0], s->gy[s->ny - 1]};
    PetscCall(TriboSurfaceStatsDestroy(&s));
    SETERRQ(
        comm, PETSC_ERR_USER_INPUT,
        "%s: the gap map (x %g..%g m, y %g..%g m) does not cover the contact grid x %g..%g m, y %g..%g m (options -contact_gap, -contact_gap_center)",
        file, (double)e[0], (double)e[1], (double)e[2], (double)e[3], (double)gx0, (double)gx1, (double)gy0, (double)gy1);
  }
  PetscCall(PetscMalloc2(3 * nx * nyl + 1, &xyz, nx * nyl + 1, &g));
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < nx; i++) {
      PetscInt k = jl * nx + i;
      xyz[3 * k] = gx0 + i * dx, xyz[3 * k + 1] = gy0 + (j0 + jl) * dy, xyz[3 * k + 2] = 0;
    }
  PetscCall(TriboSurfaceStatsInterpolateGap(s, nx * nyl, xyz, g));
  PetscCall(TriboContactAddGap(c, g));
  PetscCall(PetscFree2(xyz, g));
  PetscCall(TriboSurfaceStatsDestroy(&s));
  PetscFunctionReturn(0);
}

/* One line per closed form of the case against the computed value at the step where it applies */
static PetscErrorCode Compare_Private(MPI_Comm comm, TriboContact c)
{
  const TriboContactStep *st;
  TriboContactCase        type;
  PetscInt                n, nref;
  const char *const      *names;
  const PetscReal        *ref;

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetSteps(c, &n, &st));
  PetscCall(TriboContactGetCase(c, &type));
  PetscCall(TriboContactGetReference(c, &nref, &names, &ref));
  if (!n) PetscFunctionReturn(0);
  if (type == TRIBO_CONTACT_HERTZ || type == TRIBO_CONTACT_MINDLIN) {
    const TriboContactStep *s = type == TRIBO_CONTACT_HERTZ ? &st[n - 1] : &st[0];
    PetscCall(PetscPrintf(comm, "Hertz at %g N: contact radius %.6g m (closed form %.6g), max pressure %.6g Pa (%.6g), approach %.6g m (%.6g)\n",
                          (double)s->force, (double)PetscSqrtReal(s->area / PETSC_PI), (double)ref[0], (double)s->pmax, (double)ref[1],
                          (double)s->approach, (double)ref[2]));
  }
  if (type == TRIBO_CONTACT_ROUGH) {
    TriboHalfSpace hs;
    PetscInt       nx, ny;
    PetscReal      dx, dy;
    PetscCall(TriboContactGetHalfSpace(c, &hs));
    PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, &dx, &dy));
    for (PetscInt k = 0; k < n; k++)
      PetscCall(PetscPrintf(comm, "rough step %" PetscInt_FMT ": load %.6g N, contact area fraction %.6g, area/load %.6g m^2/N\n", k,
                            (double)st[k].force, (double)(st[k].area / (nx * ny * dx * dy)), (double)(st[k].area / st[k].force)));
  }
  if (type == TRIBO_CONTACT_LAPBEAM) {
    PetscInt         nb, nl, mode, kp = 0;
    const PetscReal *a, *q, *f, *D, *fl;
    while (kp + 1 < n && st[kp + 1].shift == 0) kp++; // the last preload step
    PetscCall(TriboContactGetLinearFrequencies(c, &nl, &mode, &fl));
    PetscCall(PetscPrintf(comm, "preload %.6g N (bolt load %.6g N): linearized frequencies about it (eq. C.3-C.4):", (double)st[kp].force,
                          (double)st[kp].load));
    for (PetscInt i = 0; i < nl; i++) PetscCall(PetscPrintf(comm, " %.6g%s", (double)fl[i], i == mode - 1 ? "*" : ""));
    PetscCall(PetscPrintf(comm, " Hz (* the QSMA mode)\n"));
    PetscCall(TriboContactGetBackbone(c, &nb, &a, &q, &f, &D, NULL, NULL));
    for (PetscInt i = 0; i < nb; i++)
      PetscCall(PetscPrintf(comm, "QSMA %2" PetscInt_FMT ": alpha %10.4e  q_mod %10.4e sqrt(kg) m  frequency %.6g Hz  damping %.4e\n", i,
                            (double)a[i], (double)q[i], (double)f[i], (double)D[i]));
  }
  if (type == TRIBO_CONTACT_PUNCH)
    PetscCall(
        PetscPrintf(comm, "punch stiffness %.6g N/m (closed form 2 b E* %.6g)\n", (double)(st[n - 1].force / st[n - 1].approach), (double)ref[0]));
  if (type == TRIBO_CONTACT_MINDLIN && n > 1) {
    TriboHalfSpace hs;
    PetscInt       q    = (n - 1) / 5;
    PetscReal      loop = 0, dx;
    PetscCall(TriboContactGetHalfSpace(c, &hs));
    PetscCall(TriboHalfSpaceGetGrid(hs, NULL, NULL, &dx, NULL));
    for (PetscInt k = q + 1; k < n; k++) loop += 0.5 * (st[k].tforce + st[k - 1].tforce) * (st[k].shift - st[k - 1].shift);
    PetscCall(PetscPrintf(comm,
                          "Mindlin at the peak: Q %.6g N, stick radius %.6g m (closed form %.6g m); energy per cycle %.6g J (Mindlin-Deresiewicz "
                          "%.6g J at -contact_psi)\n",
                          (double)st[q].tforce, (double)PetscSqrtReal(st[q].nstick * dx * dx / PETSC_PI), (double)ref[3], (double)loop,
                          (double)ref[5]));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboVerbContact - tribo contact: a built-in half-space contact case on a fine grid (-contact_case hertz|punch|wavy|mindlin|rough,
  -contact_n), solved with FFT-based compliance products over the ranks (src/contact); writes /contact in an HDF5 file with its
  XDMF description for ParaView and a picture of the fields.

  Collective

  Options Database Keys:
+ -contact_*            - the case, grid, material and solver (TriboContactSetFromOptions(), TriboHalfSpaceSetFromOptions())
. -contact_fields <k>   - write the fields of every k-th step and of the last (0: none, only the table of steps; default 1)
. -output contact.h5    - the result file (written atomically; contact.xdmf next to it)
. -contact_checkpoint F - rewritten after every load step: the steps done, their written fields and the solvers' state; on SIGTERM or
                          SIGUSR1 (SLURM's warning) the run stops after the step it is in (-contact_stop_after k: after k steps)
. -contact_restart      - continue from -contact_checkpoint (the same physics options, any number of ranks)
- -contact_png stem     - the picture <stem>.png (default: the output name without .h5; "none": no picture)
@*/
PetscErrorCode TriboVerbContact(MPI_Comm comm, PetscBool help)
{
  TriboContact c;
  Monitor      m                           = {NULL, 1, 0, NULL, PETSC_FALSE, "", PETSC_FALSE, 0};
  PetscBool    restart                     = PETSC_FALSE;
  TriboH5      ck                          = NULL;
  char         gapfile[PETSC_MAX_PATH_LEN] = "", gapgroup[PETSC_MAX_PATH_LEN] = "/";
  PetscReal    gapc[2]                 = {0, 0};
  PetscInt     ngapc                   = 2;
  char         out[PETSC_MAX_PATH_LEN] = "contact.h5", png[PETSC_MAX_PATH_LEN] = "", xdmf[PETSC_MAX_PATH_LEN + 8];
  PetscInt     n, nw                                                           = 0, *ws;
  size_t       len;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(PetscPrintf(comm, "tribo contact [-contact_case lapbeam|hertz|punch|wavy|mindlin|rough] [-rom FILE] [-contact_n 128|256] [-output "
                                "contact.h5]: half-space contact on a fine grid\n"));
  PetscCall(TriboContactCreate(comm, &c));
  PetscCall(TriboContactSetFromOptions(c));
  TriboOptionsBegin(comm, NULL, "tribo contact: output", "tribo");
  PetscCall(TriboOptionsInt("-contact_fields", "write the fields of every k-th step and of the last (0: none)", "TriboContactWriteStepH5", m.every,
                            &m.every, NULL));
  PetscCall(
      PetscOptionsString("-output", "result file (HDF5, written atomically; the .xdmf next to it)", "TriboH5Create", out, out, sizeof(out), NULL));
  PetscCall(PetscOptionsString("-contact_png", "stem of the picture <stem>.png (default: the output name without .h5; none: no picture)",
                               "TriboDrawPicture", png, png, sizeof(png), NULL));
  PetscCall(PetscOptionsString("-contact_gap", "measured gap map added to the initial gap (tribo surface's surface.h5 or a Rice .mat)",
                               "TriboSurfaceStatsLoad", gapfile, gapfile, sizeof(gapfile), NULL));
  PetscCall(PetscOptionsString("-contact_gap_group", "HDF5 group of the gap map's mesoscale/", "TriboSurfaceStatsLoad", gapgroup, gapgroup,
                               sizeof(gapgroup), NULL));
  PetscCall(TriboOptionsRealArray("-contact_gap_center", "x,y of the gap map at the grid centre (m; default the map's centre)", "TriboContactAddGap",
                                  gapc, &ngapc, NULL, 0));
  PetscCall(PetscOptionsString("-contact_checkpoint", "checkpoint (HDF5) rewritten after every load step, and on SIGTERM/SIGUSR1 the stop",
                               "TriboContactCheckpointWrite", m.ckpt, m.ckpt, sizeof(m.ckpt), NULL));
  PetscCall(PetscOptionsBool("-contact_restart", "continue from -contact_checkpoint", "TriboContactCheckpointLoad", restart, &restart, NULL));
  PetscCall(TriboOptionsInt("-contact_stop_after", "stop after this many steps, as on SIGTERM (tests; 0: never)", "TriboContactCheckpointWrite",
                            m.stopafter, &m.stopafter, NULL));
  TriboOptionsEnd();
  if (help) {
    PetscCall(TriboContactDestroy(&c));
    PetscFunctionReturn(0);
  }
  PetscCall(TriboCheckOptionsUsed(comm, "contact"));
  PetscCheck(m.every >= 0, comm, PETSC_ERR_USER_INPUT, "option -contact_fields: expected >= 0, got %" PetscInt_FMT, m.every);
  PetscCall(TriboCheckOutput(comm, "-output", out, 0, NULL));
  PetscCheck(!restart || m.ckpt[0], comm, PETSC_ERR_USER_INPUT, "-contact_restart needs -contact_checkpoint FILE: the checkpoint to continue from");
  PetscCheck(m.stopafter >= 0, comm, PETSC_ERR_USER_INPUT, "option -contact_stop_after: expected >= 0, got %" PetscInt_FMT, m.stopafter);
  PetscCall(TriboContactSetUp(c));
  if (gapfile[0]) PetscCall(AddGapMap_Private(comm, c, gapfile, gapgroup, ngapc ? gapc : NULL));
  PetscCall(TriboContactView(c, PETSC_VIEWER_STDOUT_(comm)));
  PetscCall(TriboContactGetNumPlannedSteps(c, &n));
  PetscCall(PetscCalloc1(n + 1, &m.written));
  m.last = n - 1;
  if (restart) { // the state after the steps the checkpoint holds; the fields of its written steps go to the output below
    const TriboContactStep *st;
    PetscInt                done;
    PetscCall(TriboH5Open(comm, m.ckpt, &ck));
    PetscCall(TriboH5CheckPhysics(ck, "/contact_checkpoint/physics", "or without -contact_restart"));
    PetscCall(TriboContactCheckpointLoad(c, ck));
    PetscCall(TriboContactGetSteps(c, &done, &st));
    for (PetscInt k = 0; k < done; k++) m.written[k] = m.every > 0 && (k % m.every == 0 || k == m.last);
    m.prev = PETSC_TRUE;
    PetscCall(PetscPrintf(comm, "restarted from %s after %" PetscInt_FMT " of %" PetscInt_FMT " steps\n", m.ckpt, done, n));
  }
  PetscCall(TriboH5Create(comm, out, &m.h5));
  PetscCall(TriboH5WriteMeta(m.h5, "contact", 0, NULL));
  PetscCall(TriboContactWriteGridH5(c, m.h5));
  if (ck) {
    for (PetscInt k = 0; k < n; k++)
      if (m.written[k]) PetscCall(TriboContactCopyStepH5(c, ck, m.h5, k));
    PetscCall(TriboH5Close(&ck, PETSC_FALSE));
  }
  PetscCall(TriboContactSetMonitor(c, Monitor_Private, &m));
  if (m.ckpt[0]) PetscCall(TriboSignalArm(PETSC_TRUE));
  PetscCall(TriboContactSolve(c));
  if (m.ckpt[0]) PetscCall(TriboSignalArm(PETSC_FALSE));
  PetscCall(TriboContactWriteStepsH5(c, m.h5, m.written));
  PetscCall(TriboContactWriteBackboneH5(c, m.h5));
  PetscCall(TriboH5Close(&m.h5, PETSC_TRUE));
  PetscCall(Compare_Private(comm, c));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  PetscCall(PetscStrncpy(xdmf, out, sizeof(xdmf)));
  PetscCall(PetscStrlen(xdmf, &len));
  if (len > 3 && !strcmp(xdmf + len - 3, ".h5")) xdmf[len - 3] = 0;
  if (!png[0]) PetscCall(PetscStrncpy(png, xdmf, sizeof(png)));
  PetscCall(PetscStrlcat(xdmf, ".xdmf", sizeof(xdmf)));
  PetscCall(PetscMalloc1(n + 1, &ws));
  for (PetscInt k = 0; k < n; k++)
    if (m.written[k]) ws[nw++] = k;
  if (nw) {
    PetscCall(TriboContactWriteXdmf(c, xdmf, out, nw, ws));
    PetscCall(PetscPrintf(comm, "wrote %s (ParaView)\n", xdmf));
  }
  if (nw && strcmp(png, "none")) {
    char      file[PETSC_MAX_PATH_LEN + 8];
    PetscBool drawn;
    PetscCall(PetscSNPrintf(file, sizeof(file), "%s.png", png));
    PetscCall(TriboDrawPicture(comm, out, "contact", file, 0, NULL, &drawn));
    if (drawn) PetscCall(PetscPrintf(comm, "wrote %s\n", file));
  }
  PetscCall(PetscFree(ws));
  PetscCall(PetscFree(m.written));
  PetscCall(TriboContactDestroy(&c));
  PetscFunctionReturn(0);
}
