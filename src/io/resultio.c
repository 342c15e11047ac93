#include <triboio.h>
#include <triboplot.h>
#include <tribonum.h>

/*@
  TriboPrestressWriteH5 - Writes /prestress: u (n), fs (n), attributes tension (N per bolt),
  conservative, newton_iterations, residual; and the interface point fields of the prestress
  (point_displacement, point_traction: npts x 3 in the local frame t1, t2, n; on rank 0, as
  gathered right after the prestress with TriboJointGatherPointFields()).

  Collective
@*/
PetscErrorCode TriboPrestressWriteH5(TriboPrestress *ps, TriboROM rom, const PetscReal pu[], const PetscReal pt[], TriboH5 h5)
{
  PetscInt dims[2];

  PetscFunctionBeginUser;
  dims[0] = ps->n;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/u", 1, dims, ps->us));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/fs", 1, dims, ps->fs));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_PRESTRESS, "tension_N", ps->tension));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_PRESTRESS, "conservative", ps->conservative));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_PRESTRESS, "newton_iterations", ps->its));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_PRESTRESS, "residual_N", ps->fnorm));
  dims[0] = rom->iface->npts;
  dims[1] = 3;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/point_displacement", 2, dims, pu));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/point_traction", 2, dims, pt));
  PetscFunctionReturn(0);
}

/*@
  TriboModalWriteH5 - Writes /modal: frequency_hz and omega2 (first nkeep modes), shapes
  (n x nkeep, mass-normalized), attributes rigid_cutoff_hz and nrigid.
@*/
PetscErrorCode TriboModalWriteH5(TriboModal *modal, PetscInt nkeep, TriboH5 h5)
{
  PetscInt   dims[2];
  PetscReal *fhz, *shp;

  PetscFunctionBeginUser;
  nkeep = PetscMin(nkeep, modal->n);
  PetscCall(PetscMalloc2(nkeep, &fhz, modal->ndof * nkeep, &shp));
  for (PetscInt k = 0; k < nkeep; k++) {
    fhz[k] = PetscSqrtReal(PetscMax(modal->omega2[k], 0)) / (2 * PETSC_PI);
    for (PetscInt i = 0; i < modal->ndof; i++) shp[i * nkeep + k] = modal->phi[i + k * modal->ndof];
  }
  dims[0] = nkeep;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_MODAL "/frequency_hz", 1, dims, fhz));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_MODAL "/omega2", 1, dims, modal->omega2));
  dims[0] = modal->ndof;
  dims[1] = nkeep;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_MODAL "/shapes", 2, dims, shp));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_MODAL, "rigid_cutoff_hz", modal->rigid_cutoff));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_MODAL, "nrigid", modal->nrigid));
  PetscCall(PetscFree2(fhz, shp));
  PetscFunctionReturn(0);
}

/*@
  TriboBackboneWriteH5 - Writes /backbone/mode<k>: modal_amplitude, frequency_hz, damping
  (fraction of critical), dissipation_J, lambda_plus, lambda_minus, newton_iterations, cycles,
  converged, residual, seconds, recovery_displacement and recovery_acceleration (na x nrec, with
  recovery_labels), mode_shape (na x n); attributes method, frequency0_hz.
@*/
PetscErrorCode TriboBackboneWriteH5(const TriboBackbone *b, TriboROM rom, const char method[], TriboH5 h5)
{
  char     g[64], p[128];
  PetscInt dims[2];

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(g, sizeof(g), TRIBO_H5_BACKBONE "/mode%" PetscInt_FMT, b->mode));
  dims[0] = b->na;
#define W1(name, arr)                                         \
  do {                                                        \
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/%s", g, name)); \
    PetscCall(TriboH5WriteReal(h5, p, 1, dims, arr));         \
  } while (0)
#define W1I(name, arr)                                        \
  do {                                                        \
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/%s", g, name)); \
    PetscCall(TriboH5WriteInt(h5, p, 1, dims, arr));          \
  } while (0)
  W1("modal_amplitude", b->q);
  W1("frequency_hz", b->freq);
  W1("damping", b->zeta);
  W1("dissipation_J", b->dissip);
  W1("lambda_plus", b->lam_p);
  W1("lambda_minus", b->lam_m);
  W1("residual", b->resid);
  W1("seconds", b->seconds);
  W1I("newton_iterations", b->newton);
  W1I("cycles", b->cycles);
  W1I("converged", b->converged);
#undef W1
#undef W1I
  if (b->nrec) {
    dims[1] = b->nrec;
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/recovery_displacement", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->rec_disp));
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/recovery_acceleration", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->rec_acc));
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/recovery_labels", g));
    PetscCall(TriboH5WriteStrings(h5, p, rom->nrec, (const char *const *)rom->rlabels));
  }
  dims[1] = b->n;
  PetscCall(PetscSNPrintf(p, sizeof(p), "%s/mode_shape", g));
  PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->phi));
  PetscCall(TriboH5WriteAttrString(h5, g, "method", method));
  PetscCall(TriboH5WriteAttrReal(h5, g, "frequency0_hz", b->freq0));
  PetscCall(TriboH5WriteAttrString(h5, g, "units", "modal_amplitude sqrt(kg)*m; frequency Hz; damping fraction of critical; recovery m and m/s^2"));
  PetscFunctionReturn(0);
}

/*@
  TriboBackbonePlot - Draws the backbone (frequency and damping against amplitude) as a PNG.

  Input Parameters:
+ comm  - communicator (rank 0 writes)
. b     - the backbone
. rom   - its ROM (recovery labels)
. rec   - recovery row for the x axis (acceleration amplitude, eq. 57), or -1 for modal amplitude
. title - picture title
- file  - PNG file name
@*/
PetscErrorCode TriboBackbonePlot(MPI_Comm comm, const TriboBackbone *b, TriboROM rom, PetscInt rec, const char title[], const char file[])
{
  PetscReal      *x, *zpct;
  TriboPlotSeries sf, sz;
  TriboPlotPanel  pan[2];
  char            xl[256];

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(b->na, &x, b->na, &zpct));
  for (PetscInt i = 0; i < b->na; i++) {
    x[i]    = rec >= 0 ? b->rec_acc[i * b->nrec + rec] : b->q[i];
    zpct[i] = 100 * b->zeta[i];
  }
  if (rec >= 0)
    PetscCall(PetscSNPrintf(xl, sizeof(xl), "acceleration amplitude at %s (m/s^2)", rom->rlabels[rec]));
  else
    PetscCall(PetscStrncpy(xl, "modal amplitude q (sqrt(kg) m)", sizeof(xl)));
  sf     = (TriboPlotSeries){b->na, x, b->freq, "RQNMA", TRIBO_PLOT_LINE_MARKERS, 0};
  sz     = (TriboPlotSeries){b->na, x, zpct, "RQNMA", TRIBO_PLOT_LINE_MARKERS, 0};
  pan[0] = (TriboPlotPanel){"natural frequency", xl, "frequency (Hz)", PETSC_TRUE, PETSC_FALSE, 1, &sf};
  pan[1] = (TriboPlotPanel){"damping", xl, "damping ratio (% of critical)", PETSC_TRUE, PETSC_FALSE, 1, &sz}; // linear: a joint in stick has zero damping
  PetscCall(TriboPlotPNG(comm, file, 900, 800, 2, 1, pan, title));
  PetscCall(PetscFree2(x, zpct));
  PetscFunctionReturn(0);
}

// Picture frame of a flat interface: t1, t2 the global axes closest to its plane (TriboPlaneFrame()); PETSC_FALSE without elements
static PetscBool InterfaceFrame_Private(TriboInterface f, PetscReal fr[9])
{
  PetscReal n[3] = {0, 0, 0}, s = 0;

  for (PetscInt e = 0; e < f->nelem; e++) { // area-weighted normal: diagonals' (two sides') cross product, turned to agree with the sum so far
    const PetscInt  *c = &f->elem[4 * e];
    const PetscReal *X[4];
    PetscReal        ne[3], dot = 0;
    for (int v = 0; v < (c[3] < 0 ? 3 : 4); v++) X[v] = &f->xyz[3 * c[v]];
    TriboFaceNormal(c[3] < 0 ? 3 : 4, X, ne);
    for (int a = 0; a < 3; a++) dot += ne[a] * n[a];
    for (int a = 0; a < 3; a++) n[a] += dot < 0 ? -ne[a] : ne[a];
  }
  for (int a = 0; a < 3; a++) s += n[a] * n[a];
  if (!(s > 0)) return PETSC_FALSE;
  for (int a = 0; a < 3; a++) n[a] /= PetscSqrtReal(s);
  TriboPlaneFrame(n, fr);
  return PETSC_TRUE;
}

/*@
  TriboPrestressPlot - Draws the contact pressure t_n (MPa) and the normal relative displacement
  u_n (um; > 0 interpenetration, < 0 a gap) at the interface's quadrature points as a PNG.

  Collective

  Input Parameters:
+ comm   - communicator (rank 0 writes)
. rom    - the ROM, whose interface has elements (a MATLAB .mat ROM has no geometry)
. pu, pt - point displacements and tractions [3*npts] in the local frame (t1, t2, n), as
           TriboJointGatherPointFields() gives them (read on rank 0 only)
. title  - picture title
- file   - PNG file name

  Notes:
  The interface is seen along its normal, with the global axes closest to its plane as picture
  axes (x and y for the Brake-Reuss beam); see TriboPlotInterfaceField().
@*/
PetscErrorCode TriboPrestressPlot(MPI_Comm comm, TriboROM rom, const PetscReal pu[], const PetscReal pt[], const char title[], const char file[])
{
  TriboInterface   f = rom->iface;
  PetscReal        fr[9], *tn = NULL, *un = NULL;
  PetscMPIInt      rank;
  PetscBool        haveframe;
  const PetscReal *vals[2];
  const char      *titles[2] = {"contact pressure t_n", "penetration u_n, < 0 is a gap"}, *units[2] = {"MPa", "um"};

  PetscFunctionBeginUser;
  PetscCheck(f && f->nelem > 0, comm, PETSC_ERR_ARG_WRONG, "picture %s: the ROM's interface has no elements to draw", file);
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  haveframe = InterfaceFrame_Private(f, fr);
  if (!rank) {
    PetscCall(PetscMalloc2(f->npts, &tn, f->npts, &un));
    for (PetscInt p = 0; p < f->npts; p++) tn[p] = 1e-6 * pt[3 * p + 2], un[p] = 1e6 * pu[3 * p + 2];
  }
  vals[0] = tn, vals[1] = un;
  PetscCall(TriboPlotInterfaceField(comm, file, f, haveframe ? fr : NULL, 2, vals, titles, units, title));
  if (!rank) PetscCall(PetscFree2(tn, un));
  PetscFunctionReturn(0);
}
