#include <triboplot.h>

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

// Picture frame of a flat interface: t1, t2 the global axes closest to its plane (x before y before z) made orthonormal, as in src/rom/cbiface.c; PETSC_FALSE without elements
static PetscBool InterfaceFrame_Private(TriboInterface f, PetscReal fr[9])
{
  PetscReal *n = fr + 6, s = 0;
  PetscInt   ax[3] = {0, 1, 2};

  for (int a = 0; a < 3; a++) n[a] = 0;
  for (PetscInt e = 0; e < f->nelem; e++) { // area-weighted normal: diagonals' (two sides') cross product, turned to agree with the sum so far
    const PetscInt  *c  = &f->elem[4 * e];
    const PetscReal *x0 = &f->xyz[3 * c[0]], *x1 = &f->xyz[3 * c[1]], *x2 = &f->xyz[3 * c[2]], *x3 = &f->xyz[3 * c[c[3] < 0 ? 2 : 3]];
    PetscReal        d1[3], d2[3], ne[3], dot                                                      = 0;
    for (int a = 0; a < 3; a++) d1[a] = c[3] < 0 ? x1[a] - x0[a] : x2[a] - x0[a], d2[a] = c[3] < 0 ? x2[a] - x0[a] : x3[a] - x1[a];
    for (int a = 0; a < 3; a++) ne[a] = d1[(a + 1) % 3] * d2[(a + 2) % 3] - d1[(a + 2) % 3] * d2[(a + 1) % 3], dot += ne[a] * n[a];
    for (int a = 0; a < 3; a++) n[a] += dot < 0 ? -ne[a] : ne[a];
  }
  for (int a = 0; a < 3; a++) s += n[a] * n[a];
  if (!(s > 0)) return PETSC_FALSE;
  for (int a = 0; a < 3; a++) n[a] /= PetscSqrtReal(s);
  for (int i = 0; i < 2; i++)
    for (int j = 2; j > i; j--)
      if (PetscAbsReal(n[ax[j]]) < PetscAbsReal(n[ax[j - 1]]) - 1e-12) {
        PetscInt t = ax[j];
        ax[j] = ax[j - 1], ax[j - 1] = t;
      }
  for (int k = 0; k < 2; k++) { // Gram-Schmidt of the axes against n (and t1)
    PetscReal *t = fr + 3 * k, dn = n[ax[k]], dt = k ? fr[ax[k]] : 0;
    s = 0;
    for (int a = 0; a < 3; a++) t[a] = (a == ax[k]) - dn * n[a] - dt * fr[a], s += t[a] * t[a];
    for (int a = 0; a < 3; a++) t[a] /= PetscSqrtReal(s);
  }
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
