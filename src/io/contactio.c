/* The results of tribo contact (the half-space contact of src/contact) in HDF5, with an XDMF description for ParaView.

   /contact                  attributes: case, nx, ny, dx, dy (m), x0, y0 (m, the point (0, 0)), E (Pa), nu, periodic,
                             bytes_per_point (the run's estimate), ranks
   /contact/x, /contact/y    point coordinates (nx, ny; m)
   /contact/initial_gap      undeformed gap (ny x nx, m)
   /contact/mask             points that may touch (ny x nx, 0/1)
   /contact/mesh             points (nx ny x 2, m; point j nx + i at (x_i, y_j)) and quadrilaterals ((nx-1)(ny-1) x 4), for grids of
                             up to TRIBO_CONTACT_MESH_MAX points: the XDMF's mesh (larger grids get a 2DCoRectMesh, which meshio
                             cannot read)
   /contact/reference        attributes: the case's closed forms (SI units)
   /contact/steps/<column>   one entry per load step: load, force, approach, area, pmax, iterations, converged, shift,
                             tangential_force, stick, slip, dissipation, seconds, fields (1: /contact/step_<k> was written)
   /contact/step_<k>         fields after step k (ny x nx): pressure (Pa), gap (m), state (0 open, 1 contact/stick, 2 slip);
                             mindlin also shear (Pa) and slip (m)
   Every rank holds whole rows; rank 0 gathers and writes (a field of 4096 x 4096 points is 128 MiB). */
#include <triboio.h>

/*@C
  TriboContactGatherField - A field of the grid's points, given by its local rows (TriboHalfSpaceGetLocalRows(), x fastest), gathered
  whole on rank 0

  Collective

  Output Parameter:
. all - on rank 0 the nx x ny values (PetscFree() them), NULL on the other ranks
@*/
PetscErrorCode TriboContactGatherField(TriboContact c, const PetscReal loc[], PetscReal **all)
{
  TriboHalfSpace hs;
  MPI_Comm       comm;
  PetscInt       nx, ny, j0, nyl;
  PetscMPIInt    size, rank, n, *counts = NULL, *displs = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetComm(hs, &comm));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, NULL, NULL));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  n    = (PetscMPIInt)(nx * nyl);
  *all = NULL;
  if (!rank) {
    PetscCall(PetscMalloc2(size, &counts, size, &displs));
    PetscCall(PetscMalloc1(nx * ny, all));
  }
  PetscCallMPI(MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, comm));
  if (!rank) {
    displs[0] = 0;
    for (PetscMPIInt r = 1; r < size; r++) displs[r] = displs[r - 1] + counts[r - 1];
  }
  PetscCallMPI(MPI_Gatherv(loc, n, MPIU_REAL, all ? *all : NULL, counts, displs, MPIU_REAL, 0, comm));
  if (!rank) PetscCall(PetscFree2(counts, displs));
  PetscFunctionReturn(0);
}

static PetscErrorCode WriteField_Private(TriboContact c, TriboH5 h, const char path[], const PetscReal loc[], PetscBool integer)
{
  TriboHalfSpace hs;
  PetscInt       nx, ny, dims[2];
  PetscReal     *all;

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, NULL, NULL));
  dims[0] = ny, dims[1] = nx;
  PetscCall(TriboContactGatherField(c, loc, &all));
  if (all && integer) {
    PetscInt *iv;
    PetscCall(PetscMalloc1(nx * ny, &iv));
    for (PetscInt k = 0; k < nx * ny; k++) iv[k] = (PetscInt)all[k];
    PetscCall(TriboH5WriteInt(h, path, 2, dims, iv));
    PetscCall(PetscFree(iv));
  } else if (all)
    PetscCall(TriboH5WriteReal(h, path, 2, dims, all));
  PetscCall(PetscFree(all));
  PetscFunctionReturn(0);
}

/*@
  TriboContactWriteGridH5 - Writes /contact: the grid, the undeformed gap, the mask and the case's closed forms

  Collective
@*/
PetscErrorCode TriboContactWriteGridH5(TriboContact c, TriboH5 h)
{
  TriboHalfSpace     hs;
  TriboContactCase   type;
  PetscInt           nx, ny, j0, nyl, nref;
  PetscReal          dx, dy, x0, y0, E, nu, total, *xy, *mk;
  PetscBool          periodic;
  PetscMPIInt        size;
  MPI_Comm           comm;
  const PetscReal   *hh, *ref;
  const PetscBool   *mask;
  const char *const *names;
  const char        *rom;

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboContactGetCase(c, &type));
  PetscCall(TriboHalfSpaceGetComm(hs, &comm));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, &dx, &dy));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(TriboHalfSpaceGetMaterial(hs, &E, &nu, NULL));
  PetscCall(TriboHalfSpaceGetPeriodic(hs, &periodic));
  PetscCall(TriboContactGetOrigin(c, &x0, &y0));
  PetscCall(TriboContactGetMemory(c, &total, NULL));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONTACT, "case", TriboContactCases[type]));
  PetscCall(TriboContactGetROMFile(c, &rom));
  if (rom) PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONTACT, "rom", rom)); // the reduced structure of -rom (the case stays lapbeam)
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONTACT, "nx", nx));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONTACT, "ny", ny));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "dx", dx));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "dy", dy));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "x0", x0));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "y0", y0));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "E", E));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "nu", nu));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONTACT, "periodic", periodic));
  PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT, "bytes_per_point", total / ((PetscReal)nx * ny)));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONTACT, "ranks", size));
  PetscCall(PetscMalloc1(PetscMax(nx, ny), &xy));
  for (PetscInt i = 0; i < nx; i++) xy[i] = x0 + i * dx;
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONTACT "/x", 1, &nx, xy));
  for (PetscInt j = 0; j < ny; j++) xy[j] = y0 + j * dy;
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONTACT "/y", 1, &ny, xy));
  PetscCall(PetscFree(xy));
  if ((PetscInt64)nx * ny <= TRIBO_CONTACT_MESH_MAX && nx > 1 && ny > 1) { // the explicit mesh (rank 0 writes)
    PetscMPIInt rank;
    PetscCallMPI(MPI_Comm_rank(comm, &rank));
    if (!rank) {
      PetscInt   dims[2], nc = (nx - 1) * (ny - 1), *q;
      PetscReal *pt;
      PetscCall(PetscMalloc2(2 * nx * ny, &pt, 4 * nc, &q));
      for (PetscInt j = 0; j < ny; j++)
        for (PetscInt i = 0; i < nx; i++) pt[2 * (j * nx + i)] = x0 + i * dx, pt[2 * (j * nx + i) + 1] = y0 + j * dy;
      for (PetscInt j = 0, e = 0; j < ny - 1; j++)
        for (PetscInt i = 0; i < nx - 1; i++, e++) {
          q[4 * e] = j * nx + i, q[4 * e + 1] = j * nx + i + 1, q[4 * e + 2] = (j + 1) * nx + i + 1, q[4 * e + 3] = (j + 1) * nx + i;
        }
      dims[0] = nx * ny, dims[1] = 2;
      PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONTACT "/mesh/points", 2, dims, pt));
      dims[0] = nc, dims[1] = 4;
      PetscCall(TriboH5WriteInt(h, TRIBO_H5_CONTACT "/mesh/quadrilaterals", 2, dims, q));
      PetscCall(PetscFree2(pt, q));
    }
  }
  PetscCall(TriboContactGetFields(c, &hh, &mask, NULL, NULL, NULL, NULL, NULL));
  PetscCall(WriteField_Private(c, h, TRIBO_H5_CONTACT "/initial_gap", hh, PETSC_FALSE));
  PetscCall(PetscMalloc1(nx * nyl + 1, &mk));
  for (PetscInt k = 0; k < nx * nyl; k++) mk[k] = mask[k] ? 1 : 0;
  PetscCall(WriteField_Private(c, h, TRIBO_H5_CONTACT "/mask", mk, PETSC_TRUE));
  PetscCall(PetscFree(mk));
  PetscCall(TriboContactGetReference(c, &nref, &names, &ref));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONTACT "/reference", "source", "Johnson, Contact Mechanics (1985) §3.2, §4.2, §7.2-7.4, §13.2"));
  for (PetscInt k = 0; k < nref; k++) PetscCall(TriboH5WriteAttrReal(h, TRIBO_H5_CONTACT "/reference", names[k], ref[k]));
  PetscFunctionReturn(0);
}

/*@
  TriboContactWriteStepH5 - Writes the fields after step k in /contact/step_<k>

  Collective
@*/
PetscErrorCode TriboContactWriteStepH5(TriboContact c, TriboH5 h, PetscInt k)
{
  TriboHalfSpace   hs;
  PetscInt         nx, j0, nyl;
  const PetscReal *p, *gap, *q, *s;
  const PetscInt  *state;
  PetscReal       *st;
  char             path[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, NULL, NULL, NULL));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(TriboContactGetFields(c, NULL, NULL, &p, &gap, &q, &s, &state));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/step_%" PetscInt_FMT "/pressure", TRIBO_H5_CONTACT, k));
  PetscCall(WriteField_Private(c, h, path, p, PETSC_FALSE));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/step_%" PetscInt_FMT "/gap", TRIBO_H5_CONTACT, k));
  PetscCall(WriteField_Private(c, h, path, gap, PETSC_FALSE));
  PetscCall(PetscMalloc1(nx * nyl + 1, &st));
  for (PetscInt i = 0; i < nx * nyl; i++) st[i] = (PetscReal)state[i];
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/step_%" PetscInt_FMT "/state", TRIBO_H5_CONTACT, k));
  PetscCall(WriteField_Private(c, h, path, st, PETSC_TRUE));
  PetscCall(PetscFree(st));
  if (q) {
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/step_%" PetscInt_FMT "/shear", TRIBO_H5_CONTACT, k));
    PetscCall(WriteField_Private(c, h, path, q, PETSC_FALSE));
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/step_%" PetscInt_FMT "/slip", TRIBO_H5_CONTACT, k));
    PetscCall(WriteField_Private(c, h, path, s, PETSC_FALSE));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboContactCopyStepH5 - Copies the fields of step k (/contact/step_<k>, as TriboContactWriteStepH5() wrote them) from the file in
  to the file out: a restarted run takes the steps before its checkpoint from it (src/cli/contactverb.c)

  Collective
@*/
PetscErrorCode TriboContactCopyStepH5(TriboContact c, TriboH5 in, TriboH5 out, PetscInt k)
{
  const char *fields[] = {"pressure", "gap", "state", "shear", "slip"}, *f;
  char        path[PETSC_MAX_PATH_LEN];
  PetscInt    nd, dims[4];

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(in, &f));
  for (PetscInt i = 0; i < 5; i++) {
    PetscBool has;
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/step_%" PetscInt_FMT "/%s", TRIBO_H5_CONTACT, k, fields[i]));
    PetscCall(TriboH5Has(in, path, &has));
    PetscCheck(has || i >= 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s is missing", f, path);
    if (!has) continue;
    if (i == 2) {
      PetscInt *iv;
      PetscCall(TriboH5ReadInt(in, path, &nd, dims, &iv));
      PetscCall(TriboH5WriteInt(out, path, nd, dims, iv));
      PetscCall(PetscFree(iv));
    } else {
      PetscReal *v;
      PetscCall(TriboH5ReadReal(in, path, &nd, dims, &v));
      PetscCall(TriboH5WriteReal(out, path, nd, dims, v));
      PetscCall(PetscFree(v));
    }
  }
  (void)c;
  PetscFunctionReturn(0);
}

/*@
  TriboContactWriteStepsH5 - Writes the table /contact/steps (one entry per step; written[k]: whether step k's fields were written)

  Collective
@*/
PetscErrorCode TriboContactWriteStepsH5(TriboContact c, TriboH5 h, const PetscInt written[])
{
  const TriboContactStep *st;
  PetscInt                n;
  PetscReal              *v;
  PetscInt               *iv;
  const char             *rnames[] = {"load", "force", "approach", "area", "pmax", "shift", "tangential_force", "dissipation", "seconds"};
  const char             *inames[] = {"iterations", "converged", "stick", "slip", "fields"};
  char                    path[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetSteps(c, &n, &st));
  PetscCall(PetscMalloc2(n + 1, &v, n + 1, &iv));
  for (PetscInt col = 0; col < 9; col++) {
    for (PetscInt k = 0; k < n; k++) {
      const TriboContactStep *s = &st[k];
      v[k]                      = col == 0   ? s->load
                                  : col == 1 ? s->force
                                  : col == 2 ? s->approach
                                  : col == 3 ? s->area
                                  : col == 4 ? s->pmax
                                  : col == 5 ? s->shift
                                  : col == 6 ? s->tforce
                                  : col == 7 ? s->dissip
                                             : s->seconds;
    }
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/steps/%s", TRIBO_H5_CONTACT, rnames[col]));
    PetscCall(TriboH5WriteReal(h, path, 1, &n, v));
  }
  for (PetscInt col = 0; col < 5; col++) {
    for (PetscInt k = 0; k < n; k++)
      iv[k] = col == 0 ? st[k].its : col == 1 ? (PetscInt)st[k].converged : col == 2 ? st[k].nstick : col == 3 ? st[k].nslip : written[k];
    PetscCall(PetscSNPrintf(path, sizeof(path), "%s/steps/%s", TRIBO_H5_CONTACT, inames[col]));
    PetscCall(TriboH5WriteInt(h, path, 1, &n, iv));
  }
  PetscCall(PetscFree2(v, iv));
  PetscFunctionReturn(0);
}

/*@
  TriboContactWriteXdmf - The XDMF description (a temporal collection over the written steps, time = step number) of the file h5

  Collective
@*/
PetscErrorCode TriboContactWriteXdmf(TriboContact c, const char name[], const char h5[], PetscInt nw, const PetscInt steps[])
{
  TriboHalfSpace   hs;
  TriboXdmf        x;
  MPI_Comm         comm;
  PetscInt         nx, ny;
  PetscReal        dx, dy, x0, y0;
  const PetscReal *q;
  char             ds[PETSC_MAX_PATH_LEN], grid[64];
  const char      *fields[] = {"pressure", "gap", "state", "shear", "slip"};

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetComm(hs, &comm));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, &dx, &dy));
  PetscCall(TriboContactGetOrigin(c, &x0, &y0));
  PetscCall(TriboContactGetFields(c, NULL, NULL, NULL, NULL, &q, NULL, NULL));
  PetscCall(TriboXdmfCreate(comm, name, h5, &x));
  PetscCall(TriboXdmfBeginGrid(x, "contact", "Temporal"));
  for (PetscInt w = 0; w < nw; w++) {
    PetscCall(PetscSNPrintf(grid, sizeof(grid), "step_%" PetscInt_FMT, steps[w]));
    PetscCall(TriboXdmfBeginGrid(x, grid, "Uniform"));
    PetscCall(TriboXdmfTime(x, (PetscReal)steps[w]));
    if ((PetscInt64)nx * ny <= TRIBO_CONTACT_MESH_MAX && nx > 1 && ny > 1) { // the explicit mesh: ParaView and meshio
      PetscCall(TriboXdmfTopology(x, "Quadrilateral", (nx - 1) * (ny - 1), 4, TRIBO_H5_CONTACT "/mesh/quadrilaterals"));
      PetscCall(TriboXdmfGeometryXY(x, nx * ny, TRIBO_H5_CONTACT "/mesh/points"));
    } else
      PetscCall(TriboXdmfRectMesh(x, nx, ny, x0, y0, dx, dy)); // ParaView only
    PetscCall(TriboXdmfRectAttribute(x, "initial_gap", nx, ny, "Float", TRIBO_H5_CONTACT "/initial_gap"));
    for (PetscInt f = 0; f < (q ? 5 : 3); f++) {
      PetscCall(PetscSNPrintf(ds, sizeof(ds), "%s/step_%" PetscInt_FMT "/%s", TRIBO_H5_CONTACT, steps[w], fields[f]));
      PetscCall(TriboXdmfRectAttribute(x, fields[f], nx, ny, f == 2 ? "Int" : "Float", ds));
    }
    PetscCall(TriboXdmfEndGrid(x));
  }
  PetscCall(TriboXdmfEndGrid(x));
  PetscCall(TriboXdmfClose(&x, PETSC_TRUE));
  PetscFunctionReturn(0);
}

/*@
  TriboContactWriteBackboneH5 - the coupled case's linearized frequencies (/contact/linear_frequency_hz, eq. C.3-C.4) and its QSMA backbone
  (eq. C.1-C.2, Masing) in /backbone/mode<k> as tribo's other backbones (modal_amplitude, frequency_hz, damping, converged; also
  load_scale, dissipated_energy; attributes method = "qsma", linear_frequency_hz), so that tribo plot draws it; nothing for other cases

  Collective
@*/
PetscErrorCode TriboContactWriteBackboneH5(TriboContact c, TriboH5 h)
{
  PetscInt         n, nlin, mode, *iv;
  const PetscReal *a, *q, *f, *D, *E, *cv, *fl;
  char             g[64], path[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCall(TriboContactGetBackbone(c, &n, &a, &q, &f, &D, &E, &cv));
  PetscCall(TriboContactGetLinearFrequencies(c, &nlin, &mode, &fl));
  if (nlin) PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONTACT "/linear_frequency_hz", 1, &nlin, fl));
  if (!n) PetscFunctionReturn(0);
  PetscCall(PetscSNPrintf(g, sizeof(g), "%s/mode%" PetscInt_FMT, TRIBO_H5_BACKBONE, mode));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/modal_amplitude", g));
  PetscCall(TriboH5WriteReal(h, path, 1, &n, q));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/frequency_hz", g));
  PetscCall(TriboH5WriteReal(h, path, 1, &n, f));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/damping", g));
  PetscCall(TriboH5WriteReal(h, path, 1, &n, D));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/dissipated_energy", g));
  PetscCall(TriboH5WriteReal(h, path, 1, &n, E));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/load_scale", g));
  PetscCall(TriboH5WriteReal(h, path, 1, &n, a));
  PetscCall(PetscMalloc1(n, &iv));
  for (PetscInt i = 0; i < n; i++) iv[i] = cv[i] > 0 ? 1 : 0;
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/converged", g));
  PetscCall(TriboH5WriteInt(h, path, 1, &n, iv));
  PetscCall(PetscFree(iv));
  PetscCall(TriboH5WriteAttrString(h, g, "method", "qsma"));
  PetscCall(TriboH5WriteAttrReal(h, g, "linear_frequency_hz", fl[mode - 1]));
  PetscFunctionReturn(0);
}
