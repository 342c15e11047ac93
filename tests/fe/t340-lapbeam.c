static const char help[] = "Writes a small BRB-like lap-beam deck (TriboMeshWriteLapBeam), reads it back with\n"
                           "TriboMeshReadAbaqus and assembles it: counts, interface, volume, bolt footprints, load case.\n";

#include <tribofe.h>
#include <unistd.h>

// Smallest corner Jacobian (triple product of the three edges at each corner) over all hexahedra
static PetscReal MinCornerJacobian(TriboMesh m)
{
  // neighbours of corner a along local x, y, z (C3D8 node order)
  static const int nb[8][3] = {{1, 3, 4}, {0, 2, 5}, {3, 1, 6}, {2, 0, 7}, {5, 7, 0}, {4, 6, 1}, {7, 5, 2}, {6, 4, 3}};
  static const int sgn[8]   = {1, -1, 1, -1, -1, 1, -1, 1}; // orientation of (dx, dy, dz) edges at each corner
  PetscReal        jmin     = PETSC_MAX_REAL;

  for (PetscInt e = 0; e < m->nelem; e++) {
    const PetscInt *c = &m->conn[m->eptr[e]];
    for (int a = 0; a < 8; a++) {
      PetscReal u[3][3];
      for (int k = 0; k < 3; k++)
        for (int d = 0; d < 3; d++) u[k][d] = m->X[3 * c[nb[a][k]] + d] - m->X[3 * c[a] + d];
      jmin = PetscMin(jmin, sgn[a] * (u[0][0] * (u[1][1] * u[2][2] - u[1][2] * u[2][1]) - u[0][1] * (u[1][0] * u[2][2] - u[1][2] * u[2][0]) +
                                      u[0][2] * (u[1][0] * u[2][1] - u[1][1] * u[2][0])));
    }
  }
  return jmin;
}

// Faces of a surface: count, total area (planar quadrilaterals: half the cross product of the diagonals),
// mean centroid z, and the outward normal z-component (min and max over the faces)
static PetscErrorCode Footprint(TriboMesh m, const char name[], PetscInt *n, PetscReal *area, PetscReal *zc, PetscReal *nzmin, PetscReal *nzmax)
{
  const TriboSurface *s;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshFindSurface(m, name, &s));
  PetscCheck(s, PETSC_COMM_SELF, PETSC_ERR_PLIB, "no surface %s", name);
  *n = s->n, *area = 0, *zc = 0, *nzmin = PETSC_MAX_REAL, *nzmax = -PETSC_MAX_REAL;
  for (PetscInt f = 0; f < s->n; f++) {
    PetscInt         nn, ln[8], e = s->elem[f];
    const PetscReal *x[4], *xe;
    PetscReal        c[3] = {0, 0, 0}, ce[3] = {0, 0, 0}, a[3], b[3], nz, nrm[3];

    PetscCall(TriboMeshGetFace(m, e, s->face[f], &nn, ln));
    for (int k = 0; k < 4; k++) x[k] = &m->X[3 * m->conn[m->eptr[e] + ln[k]]];
    for (int k = 0; k < 8; k++) {
      xe = &m->X[3 * m->conn[m->eptr[e] + k]];
      for (int d = 0; d < 3; d++) ce[d] += xe[d] / 8;
    }
    for (int d = 0; d < 3; d++) c[d] = (x[0][d] + x[1][d] + x[2][d] + x[3][d]) / 4, a[d] = x[2][d] - x[0][d], b[d] = x[3][d] - x[1][d];
    nrm[0] = a[1] * b[2] - a[2] * b[1], nrm[1] = a[2] * b[0] - a[0] * b[2], nrm[2] = a[0] * b[1] - a[1] * b[0];
    // orient outward: away from the element centre
    if (nrm[0] * (c[0] - ce[0]) + nrm[1] * (c[1] - ce[1]) + nrm[2] * (c[2] - ce[2]) < 0)
      for (int d = 0; d < 3; d++) nrm[d] = -nrm[d];
    *area += 0.5 * PetscSqrtReal(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
    nz = nrm[2] / PetscSqrtReal(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
    *zc += c[2] / s->n, *nzmin = PetscMin(*nzmin, nz), *nzmax = PetscMax(*nzmax, nz);
  }
  PetscFunctionReturn(0);
}

// Largest distance from a node of set a to the nearest node of set b, and the b nodes matched more than once
static PetscErrorCode Coincide(TriboMesh m, const TriboSet *a, const TriboSet *b, PetscReal *dmax, PetscInt *twice)
{
  PetscInt *hits;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(b->n, &hits));
  *dmax = 0, *twice = 0;
  for (PetscInt i = 0; i < a->n; i++) {
    PetscReal best = PETSC_MAX_REAL;
    PetscInt  jb   = 0;
    for (PetscInt j = 0; j < b->n; j++) {
      PetscReal d = 0;
      for (int k = 0; k < 3; k++) d += PetscSqr(m->X[3 * a->idx[i] + k] - m->X[3 * b->idx[j] + k]);
      if (d < best) best = d, jb = j;
    }
    *dmax = PetscMax(*dmax, PetscSqrtReal(best));
    if (hits[jb]++ == 1) (*twice)++;
  }
  PetscCall(PetscFree(hits));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboMesh       m;
  TriboFESystem   sys;
  const TriboSet *ct, *cb, *rec;
  char            dir[PETSC_MAX_PATH_LEN], deck[PETSC_MAX_PATH_LEN];
  PetscMPIInt     rank;
  int             pid;
  PetscInt        ndist = 0, nb = 0, twice = 0;
  PetscReal       vol, mass, area = 0, dmax = 0, fsum = 0, fz = 0, res[6], fm[6], rmax = 0, fmax = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  pid = (int)getpid();
  PetscCallMPI(MPI_Bcast(&pid, 1, MPI_INT, 0, PETSC_COMM_WORLD));
  PetscCall(PetscGetTmp(PETSC_COMM_WORLD, dir, sizeof(dir)));
  PetscCall(PetscSNPrintf(deck, sizeof(deck), "%s/t340-lapbeam-%d.inp", dir, pid));
  PetscCall(TriboMeshWriteLapBeam(PETSC_COMM_WORLD, deck));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &m));
  PetscCall(TriboMeshSetFromOptions(m));
  PetscCall(TriboMeshReadAbaqus(m, deck));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  if (!rank) (void)remove(deck);

  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nodes %" PetscInt_FMT " elements %" PetscInt_FMT " type %s warnings %" PetscInt_FMT "\n", m->nnodes,
                        m->nelem, TriboElementTypes[m->etype[0]], m->nwarn));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "smallest corner Jacobian > 0: %s\n", MinCornerJacobian(m) > 0 ? "yes" : "no"));
  PetscCall(TriboFEMeshVolume(m, &vol, &mass));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "volume %.10e m^3 mass %.10e kg\n", (double)vol, (double)mass));
  PetscCall(TriboMeshFindNodeSet(m, "CT", &ct));
  PetscCall(TriboMeshFindNodeSet(m, "CB", &cb));
  PetscCall(Coincide(m, ct, cb, &dmax, &twice));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "CT %" PetscInt_FMT " CB %" PetscInt_FMT " nodes, largest CT-CB distance %g m, CB nodes matched twice %" PetscInt_FMT "\n",
                        ct->n, cb->n, (double)dmax, twice));
  for (int s = 0; s < 2; s++) {
    PetscInt  n;
    PetscReal zc, nmin, nmax;
    PetscCall(Footprint(m, s ? "BOTS" : "TOPS", &n, &area, &zc, &nmin, &nmax));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " faces area %.10e m^2 at z = %g outward n_z %g to %g\n", s ? "BOTS" : "TOPS", n,
                          (double)area, (double)zc + 0.0, (double)nmin, (double)nmax));
  }
  for (PetscInt s = 0; s < 2; s++)
    for (PetscInt k = 1;; k++) {
      char      name[32];
      PetscInt  n, ref;
      PetscReal zc, nmin, nmax, a;

      PetscCall(PetscSNPrintf(name, sizeof(name), "%cSHANK%" PetscInt_FMT "s", s ? 'N' : 'B', k));
      {
        const TriboSurface *sf;
        PetscCall(TriboMeshFindSurface(m, name, &sf));
        if (!sf) break;
      }
      PetscCall(Footprint(m, name, &n, &a, &zc, &nmin, &nmax));
      PetscCall(PetscSNPrintf(name, sizeof(name), "%cSHANK%" PetscInt_FMT "m", s ? 'N' : 'B', k));
      PetscCall(TriboMeshFindNode(m, name, &ref));
      // F z of the loads at this reference node, z of its footprint: < 0 when the load pushes the footprint into the beam
      for (PetscInt c = 0; c < m->ncloads; c++)
        if (m->cloads[c].node == ref && m->cloads[c].dof == 3) fz += m->cloads[c].value * zc;
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " faces at z = %g outward n_z %g to %g, reference node (%g, %g, %g)\n", name, n,
                            (double)zc, (double)nmin, (double)nmax, (double)m->X[3 * ref] + 0.0, (double)m->X[3 * ref + 1] + 0.0,
                            (double)m->X[3 * ref + 2]));
      nb += !s;
    }
  for (PetscInt k = 0; k < m->ncouplings; k++) ndist += m->couplings[k].distributing;
  for (PetscInt k = 0; k < m->ncloads; k++) fsum += m->cloads[k].value;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "bolts %" PetscInt_FMT " couplings %" PetscInt_FMT " (distributing %" PetscInt_FMT ") equations %" PetscInt_FMT
                        " cloads %" PetscInt_FMT " sum %g sum F z_footprint %g load case %s\n",
                        nb, m->ncouplings, ndist, m->neqs, m->ncloads, (double)fsum, (double)fz, m->ncloads ? m->cloads[0].loadcase : "-"));
  for (PetscInt k = 0; k < m->nretained; k++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "retained %s DOFs %" PetscInt_FMT "-%" PetscInt_FMT "\n", m->retained[k].nset, m->retained[k].dof0,
                          m->retained[k].dof1));
  PetscCall(TriboMeshFindNodeSet(m, m->recovery, &rec));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nmodes %" PetscInt_FMT " recovery %s:", m->nmodes, m->recovery));
  for (PetscInt i = 0; i < rec->n; i++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, " (%g, %g, %g)", (double)m->X[3 * rec->idx[i]], (double)m->X[3 * rec->idx[i] + 1] + 0.0,
                          (double)m->X[3 * rec->idx[i] + 2] + 0.0));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));

  PetscCall(TriboFESystemCreate(PETSC_COMM_WORLD, &sys));

  PetscCall(TriboFESystemSetFromOptions(sys));

  PetscCall(TriboFESystemSetMesh(sys, m));

  PetscCall(TriboFESystemSetUp(sys));
  PetscCall(TriboFECheckRigidBody(sys, res));
  PetscCall(TriboFELoadResultant(sys, sys->F, NULL, fm));
  for (int k = 0; k < 6; k++) rmax = PetscMax(rmax, res[k]), fmax = PetscMax(fmax, PetscAbsReal(fm[k]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "assembled: independent DOFs %" PetscInt_FMT " mass %.10e kg rigid-body residual < 1e-12: %s load resultant < 1e-12: %s\n",
                        sys->nfree, (double)sys->mass, rmax < 1e-12 ? "yes" : "no", fmax < 1e-12 ? "yes" : "no"));
  PetscCall(TriboFESystemDestroy(&sys));
  PetscCall(TriboMeshDestroy(&m));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    args: -lapbeam_nx 12 -lapbeam_ny 4 -lapbeam_nz 1 -lapbeam_nx_beam 4 -lapbeam_grading 2 -lapbeam_washer_radius 0.0095 -lapbeam_nmodes 7
    output: t340-lapbeam.out
    rtol: 1e-9
    atol: 1e-12
TEST*/
