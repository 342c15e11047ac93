/* Results of the analyses in tribo's HDF5 layout (include/triboio.h): the analyses know the
   file module, the file module knows no analysis. */
#include <tribo/private/nmaimpl.h>

/* Relative displacements of the interface points and their element means for ROM states
   x_k = s_k X[:, k] (k < nstate), written as <group>/<name>%03d_point_displacement and
   _element_displacement */
static PetscErrorCode InterfaceStates_Private(TriboROM rom, PetscInt nstate, const PetscReal X[], PetscInt ldx, const PetscReal s[], TriboH5 h5,
                                              const char group[], const char name[])
{
  TriboInterface f = rom->iface;
  PetscReal     *x, *u, *ue;
  PetscInt       dims[2];
  char           path[256];

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc3(rom->n, &x, 3 * f->npts, &u, 3 * f->nelem + 1, &ue));
  for (PetscInt k = 0; k < nstate; k++) {
    for (PetscInt i = 0; i < rom->n; i++) x[i] = s[k] * X[i + k * ldx];
    PetscCall(TriboInterfacePointDisplacement(f, x, u));
    PetscCall(TriboInterfaceElementAverage(f, 3, u, ue));
    dims[0] = f->npts, dims[1] = 3;
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/%s%03" PetscInt_FMT "_point_displacement", group, name, k));
    PetscCall(TriboH5WriteReal(h5, path, 2, dims, u));
    dims[0] = f->nelem;
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/%s%03" PetscInt_FMT "_element_displacement", group, name, k));
    PetscCall(TriboH5WriteReal(h5, path, 2, dims, ue));
  }
  PetscCall(PetscFree3(x, u, ue));
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressWriteH5 - Writes /prestress: u (n), fs (n), attributes tension_N (per bolt),
  conservative, newton_iterations, residual_N; and the interface point fields of the prestress
  (point_displacement, point_traction: npts x 3 in the local frame t1, t2, n); with an FE surface
  in the ROM, fe_surface_displacement (nsurf x 3, global x, y, z).

  Collective

  Input Parameters:
+ ps - a solved prestress
- h5 - a file open for writing (TriboH5Create())
@*/
PetscErrorCode TriboPrestressWriteH5(TriboPrestress ps, TriboH5 h5)
{
  PetscInt dims[2];

  PetscFunctionBeginUser;
  PetscCheck(ps->solved, ps->comm, PETSC_ERR_ARG_WRONGSTATE, "prestress not solved yet (TriboPrestressSolve())");
  dims[0] = ps->n;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/u", 1, dims, ps->us));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/fs", 1, dims, ps->fs));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_PRESTRESS, "tension_N", ps->tension));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_PRESTRESS, "conservative", ps->conservative));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_PRESTRESS, "newton_iterations", ps->its));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_PRESTRESS, "residual_N", ps->fnorm));
  if (ps->rom->surf) { // the displacement of the FE surface, B u_s
    PetscReal *u;
    PetscCall(PetscMalloc1(3 * ps->rom->surf->nnodes + 1, &u));
    PetscCall(TriboROMSurfaceDisplacement(ps->rom->surf, ps->us, u));
    PetscCall(TriboROMSurfaceWriteField(ps->rom->surf, h5, TRIBO_H5_PRESTRESS "/fe_surface_displacement", u));
    PetscCall(PetscFree(u));
  }
  if (ps->rom->iface) {
    dims[0] = ps->rom->iface->npts;
    dims[1] = 3;
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/point_displacement", 2, dims, ps->pu));
    PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/point_traction", 2, dims, ps->pt));
    if (ps->rom->iface->nelem > 0) { // element means (rank 0 holds the point fields and writes)
      TriboInterface f  = ps->rom->iface;
      PetscReal     *et = NULL, *eu = NULL;
      PetscMPIInt    rank;
      PetscCallMPI(MPI_Comm_rank(ps->comm, &rank));
      if (!rank) {
        PetscCall(PetscMalloc2(3 * f->nelem, &et, 3 * f->nelem, &eu));
        PetscCall(TriboInterfaceElementAverage(f, 3, ps->pt, et));
        PetscCall(TriboInterfaceElementAverage(f, 3, ps->pu, eu));
      }
      dims[0] = f->nelem;
      PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/element_traction", 2, dims, et));
      PetscCall(TriboH5WriteReal(h5, TRIBO_H5_PRESTRESS "/element_displacement", 2, dims, eu));
      if (!rank) PetscCall(PetscFree2(et, eu));
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboModalWriteH5 - Writes /modal: frequency_hz and omega2 of the reported modes (the rigid
  ones and -modal_nmodes elastic ones), shapes (n x nkeep, mass-normalized), attributes
  rigid_cutoff_hz and nrigid; with an FE surface in the ROM, fe_surface/mode%03d_displacement
  (nsurf x 3, global x, y, z) for each shape.

  Collective
@*/
PetscErrorCode TriboModalWriteH5(TriboModal modal, TriboH5 h5)
{
  PetscInt   dims[2], nkeep;
  PetscReal *fhz, *shp;

  PetscFunctionBeginUser;
  PetscCheck(modal->omega2, modal->comm, PETSC_ERR_ARG_WRONGSTATE, "modal analysis not solved yet (TriboModalSolve())");
  nkeep = PetscMin(modal->nmodes + modal->nrigid, modal->n);
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
  if (modal->rom->surf) { // the shapes on the FE surface
    TriboROMSurface sf = modal->rom->surf;
    PetscReal      *u;
    char            path[128];
    PetscCall(PetscMalloc1(3 * sf->nnodes + 1, &u));
    for (PetscInt k = 0; k < nkeep; k++) {
      PetscCall(TriboROMSurfaceDisplacement(sf, modal->phi + k * modal->ndof, u));
      PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_MODAL "/fe_surface/mode%03" PetscInt_FMT "_displacement", k));
      PetscCall(TriboROMSurfaceWriteField(sf, h5, path, u));
    }
    PetscCall(PetscFree(u));
  }
  if (modal->rom->iface && modal->rom->iface->nelem > 0) { // the shapes on the interface
    PetscReal *one;
    PetscCall(PetscMalloc1(nkeep, &one));
    for (PetscInt k = 0; k < nkeep; k++) one[k] = 1;
    PetscCall(InterfaceStates_Private(modal->rom, nkeep, modal->phi, modal->ndof, one, h5, TRIBO_H5_MODAL "/interface", "mode"));
    PetscCall(PetscFree(one));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboNMAWriteH5 - Writes the backbone to /backbone/mode<k>: modal_amplitude, frequency_hz,
  damping (fraction of critical), dissipation_J, lambda_plus, lambda_minus, newton_iterations,
  cycles, converged (TriboBackboneStatus: 0 failed, 1 converged, 2 damping still changing),
  residual, seconds, recovery_displacement and recovery_acceleration (na x nrec, with
  recovery_labels), mode_shape (na x n); attributes method, frequency0_hz, units. When the
  method traced hysteresis cycles (RQNMA non-Masing): loop_q and loop_force (na x nloop, the
  modal amplitude and the modal restoring force lambda(q) q at the LGL states of the last cycle,
  +q -> -q -> +q, porter-et-al-2022 Fig. 6c; NaN where not traced) and, for the points of
  -backbone_loop_points, loop_point_index (npl), loop_point_displacement and
  loop_point_traction (na x nloop x npl x 3, local frame t1, t2, n; m and Pa).

  Collective
@*/
PetscErrorCode TriboNMAWriteH5(TriboNMA nma, TriboH5 h5)
{
  const TriboBackbone *b;
  char                 g[64], p[128];
  PetscInt             dims[2], *status;

  PetscFunctionBeginUser;
  PetscCall(TriboNMAGetBackbone(nma, &b));
  PetscCall(PetscSNPrintf(g, sizeof(g), TRIBO_H5_BACKBONE "/mode%" PetscInt_FMT, b->mode));
  dims[0] = b->na;
  PetscCall(PetscMalloc1(b->na, &status));
  for (PetscInt i = 0; i < b->na; i++) status[i] = (PetscInt)b->status[i];
  {
    const char      *rn[] = {"modal_amplitude", "frequency_hz", "damping", "dissipation_J", "lambda_plus", "lambda_minus", "residual", "seconds"};
    const PetscReal *rv[] = {b->q, b->freq, b->zeta, b->dissip, b->lam_p, b->lam_m, b->resid, b->seconds};
    const char      *in[] = {"newton_iterations", "cycles", "converged"};
    const PetscInt  *iv[] = {b->newton, b->cycles, status};
    for (size_t k = 0; k < sizeof(rn) / sizeof(rn[0]); k++) {
      PetscCall(PetscSNPrintf(p, sizeof(p), "%s/%s", g, rn[k]));
      PetscCall(TriboH5WriteReal(h5, p, 1, dims, rv[k]));
    }
    for (size_t k = 0; k < sizeof(in) / sizeof(in[0]); k++) {
      PetscCall(PetscSNPrintf(p, sizeof(p), "%s/%s", g, in[k]));
      PetscCall(TriboH5WriteInt(h5, p, 1, dims, iv[k]));
    }
  }
  PetscCall(PetscFree(status));
  PetscCall(TriboH5WriteAttrInt(h5, g, "complete", b->incomplete ? 0 : 1));
  {
    char what[256];
    PetscCall(PetscSNPrintf(what, sizeof(what), "requested: exact solutions at %s", b->reqwhat[0] ? b->reqwhat : "-backbone_amplitudes"));
    PetscCall(TriboH5WriteAttrString(h5, g, "points", b->requested ? what : "the method's own (branch points or amplitude list)"));
  }
  if (b->incomplete) PetscCall(TriboH5WriteAttrString(h5, g, "stopped", b->stop));
  if (b->warn[0]) PetscCall(TriboH5WriteAttrString(h5, g, "reversals", b->warn));
  if (b->nrec) {
    dims[1] = b->nrec;
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/recovery_displacement", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->rec_disp));
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/recovery_acceleration", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->rec_acc));
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/recovery_labels", g));
    PetscCall(TriboH5WriteStrings(h5, p, nma->rom->nrec, (const char *const *)nma->rom->rlabels));
  }
  dims[1] = b->n;
  PetscCall(PetscSNPrintf(p, sizeof(p), "%s/mode_shape", g));
  PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->phi));
  if (b->nloop > 0) {
    dims[1] = b->nloop;
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/loop_q", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->loop_q));
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/loop_force", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->loop_force));
    if (b->npl > 0) {
      PetscInt d4[4] = {b->na, b->nloop, b->npl, 3}, d1 = b->npl;
      PetscCall(PetscSNPrintf(p, sizeof(p), "%s/loop_point_index", g));
      PetscCall(TriboH5WriteInt(h5, p, 1, &d1, b->pl_index));
      PetscCall(PetscSNPrintf(p, sizeof(p), "%s/loop_point_displacement", g));
      PetscCall(TriboH5WriteReal(h5, p, 4, d4, b->pl_u));
      PetscCall(PetscSNPrintf(p, sizeof(p), "%s/loop_point_traction", g));
      PetscCall(TriboH5WriteReal(h5, p, 4, d4, b->pl_t));
    }
  }
  if (b->npd > 0) { // energy per interface point and per element (EPMC)
    TriboInterface f = nma->rom->iface;
    dims[1]          = b->npd;
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/point_dissipation_J", g));
    PetscCall(TriboH5WriteReal(h5, p, 2, dims, b->point_dissip));
    if (f && f->nelem > 0 && f->pelem && f->pelem[0] >= 0) {
      PetscReal *we;
      PetscCall(PetscCalloc1(b->na * f->nelem, &we));
      for (PetscInt a = 0; a < b->na; a++)
        for (PetscInt q = 0; q < b->npd; q++)
          if (f->pelem[q] >= 0) we[a * f->nelem + f->pelem[q]] += b->point_dissip[a * b->npd + q];
      dims[1] = f->nelem;
      PetscCall(PetscSNPrintf(p, sizeof(p), "%s/element_dissipation_J", g));
      PetscCall(TriboH5WriteReal(h5, p, 2, dims, we));
      PetscCall(PetscFree(we));
    }
  }
  PetscCall(TriboH5WriteAttrString(h5, g, "method", nma->type));
  PetscCall(TriboH5WriteAttrReal(h5, g, "frequency0_hz", b->freq0));
  PetscCall(
      TriboH5WriteAttrString(h5, g, "converged_values", "0 failed, 1 converged, 2 converged but the damping still changed after the last cycle"));
  PetscCall(TriboH5WriteAttrString(h5, g, "units",
                                   "modal_amplitude and loop_q sqrt(kg)*m; loop_force sqrt(kg)*m/s^2; frequency Hz; damping fraction of critical; "
                                   "recovery m and m/s^2; loop_point_displacement m, loop_point_traction Pa"));
  if (nma->rom->iface && nma->rom->iface->nelem > 0) { // q phi(q) on the interface at each amplitude
    PetscCall(PetscSNPrintf(p, sizeof(p), "%s/interface", g));
    PetscCall(InterfaceStates_Private(nma->rom, b->na, b->phi, b->n, b->q, h5, p, "amp"));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboPrestressWriteXdmf - Describes the prestress fields of a result file for ParaView: the
  interface elements with the element means of traction and relative displacement, and the
  quadrature points with their own values (datasets of TriboPrestressWriteH5() and
  TriboInterfaceWriteH5()); with an FE surface in the ROM first the grid "prestress: FE surface"
  with the surface displacement (TriboROMSurfaceWriteH5() in the result file).

  Collective
@*/
PetscErrorCode TriboPrestressWriteXdmf(TriboPrestress ps, TriboXdmf x)
{
  TriboInterface f = ps->rom->iface;

  PetscFunctionBeginUser;
  if (ps->rom->surf) {
    PetscCall(TriboXdmfBeginGrid(x, "prestress: FE surface", "Uniform"));
    PetscCall(TriboROMSurfaceXdmfGrid(ps->rom->surf, x));
    PetscCall(TriboXdmfAttribute(x, "displacement (x, y, z) [m]", "Node", ps->rom->surf->nnodes, 3, TRIBO_H5_PRESTRESS "/fe_surface_displacement"));
    PetscCall(TriboXdmfEndGrid(x));
  }
  if (!f || !f->nelem) PetscFunctionReturn(0);
  PetscCall(TriboXdmfBeginGrid(x, "prestress: interface elements", "Uniform"));
  PetscCall(TriboInterfaceXdmfGrid(f, x, PETSC_FALSE));
  PetscCall(TriboXdmfAttribute(x, "traction (t1, t2, n) [Pa]", "Cell", f->nelem, 3, TRIBO_H5_PRESTRESS "/element_traction"));
  PetscCall(TriboXdmfAttribute(x, "relative displacement (t1, t2, n) [m]", "Cell", f->nelem, 3, TRIBO_H5_PRESTRESS "/element_displacement"));
  PetscCall(TriboXdmfEndGrid(x));
  PetscCall(TriboXdmfBeginGrid(x, "prestress: interface points", "Uniform"));
  PetscCall(TriboInterfaceXdmfGrid(f, x, PETSC_TRUE));
  PetscCall(TriboXdmfAttribute(x, "traction (t1, t2, n) [Pa]", "Node", f->npts, 3, TRIBO_H5_PRESTRESS "/point_traction"));
  PetscCall(TriboXdmfAttribute(x, "relative displacement (t1, t2, n) [m]", "Node", f->npts, 3, TRIBO_H5_PRESTRESS "/point_displacement"));
  PetscCall(TriboXdmfEndGrid(x));
  PetscFunctionReturn(0);
}

/*@
  TriboModalWriteXdmf - Describes the reported mode shapes on the interface (relative
  displacement of each mass-normalized mode, element means) as a collection, mode by mode; with
  an FE surface in the ROM first "modes: FE surface", the shapes on the surface (time = mode
  number).

  Collective
@*/
PetscErrorCode TriboModalWriteXdmf(TriboModal modal, TriboXdmf x)
{
  TriboInterface f = modal->rom->iface;
  PetscInt       nkeep;

  PetscFunctionBeginUser;
  nkeep = PetscMin(modal->nmodes + modal->nrigid, modal->n);
  if (modal->rom->surf)
    PetscCall(TriboXdmfSeries(x, "modes: FE surface", NULL, modal->rom->surf, nkeep, NULL, "mode %.0f", "displacement (x, y, z), mass-normalized",
                              TRIBO_H5_MODAL "/fe_surface/mode%03d_displacement"));
  if (!f || !f->nelem) PetscFunctionReturn(0);
  PetscCall(TriboXdmfSeries(x, "modes: interface", f, NULL, nkeep, NULL, "mode %.0f", "relative displacement (t1, t2, n), mass-normalized",
                            TRIBO_H5_MODAL "/interface/mode%03d_element_displacement"));
  PetscFunctionReturn(0);
}

/*@
  TriboNMAWriteXdmf - Describes the backbone on the interface: at each amplitude (the time of a
  temporal collection is the modal amplitude q), the relative displacement amplitude q phi(q) of
  the amplitude-dependent mode shape, element means.

  Collective
@*/
PetscErrorCode TriboNMAWriteXdmf(TriboNMA nma, TriboXdmf x)
{
  TriboInterface       f = nma->rom->iface;
  const TriboBackbone *b;
  char                 g[128], label[64];

  PetscFunctionBeginUser;
  if (!f || !f->nelem) PetscFunctionReturn(0);
  PetscCall(TriboNMAGetBackbone(nma, &b));
  PetscCall(PetscSNPrintf(g, sizeof(g), TRIBO_H5_BACKBONE "/mode%" PetscInt_FMT "/interface", b->mode));
  PetscCall(PetscSNPrintf(label, sizeof(label), "backbone mode %" PetscInt_FMT ": interface", b->mode));
  PetscCall(PetscStrlcat(g, "/amp%03d_element_displacement", sizeof(g)));
  PetscCall(TriboXdmfSeries(x, label, f, NULL, b->na, b->q, "q = %.4e", "relative displacement amplitude q phi(q) (t1, t2, n) [m]", g));
  PetscFunctionReturn(0);
}
