static const char help[] = "Reads the real Brake-Reuss beam deck (BRB_MATEX.inp): sizes, constraints, step data, and\n"
                           "the *System frames checked on the joint interface (CT on CB in the plane z = 0).\n"
                           "  -deck FILE  the deck (default ../shared/data/brb/BRB_MATEX.inp, relative to the repository)\n";

#include <tribofe.h>

// mm, without a negative zero in the printed digits
static double MM(PetscReal x)
{
  return PetscAbsReal(1e3 * x) < 5e-5 ? 0.0 : (double)(1e3 * x);
}

// Largest |z|, bounding box, and nearest-node distances between two node sets
static PetscErrorCode Interface(TriboMesh m, const TriboSet *ct, const TriboSet *cb)
{
  PetscReal zmax = 0, lo[2] = {PETSC_MAX_REAL, PETSC_MAX_REAL}, hi[2] = {PETSC_MIN_REAL, PETSC_MIN_REAL}, dmax = 0;
  PetscInt  close = 0, *hits;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(cb->n, &hits));
  for (PetscInt s = 0; s < 2; s++) {
    const TriboSet *S = s ? cb : ct;

    for (PetscInt i = 0; i < S->n; i++) {
      const PetscReal *x = &m->X[3 * S->idx[i]];

      zmax = PetscMax(zmax, PetscAbsReal(x[2]));
      for (PetscInt d = 0; d < 2; d++) {
        lo[d] = PetscMin(lo[d], x[d]);
        hi[d] = PetscMax(hi[d], x[d]);
      }
    }
  }
  for (PetscInt i = 0; i < ct->n; i++) {
    const PetscReal *x    = &m->X[3 * ct->idx[i]];
    PetscReal        best = PETSC_MAX_REAL;
    PetscInt         jb   = -1;

    for (PetscInt j = 0; j < cb->n; j++) {
      const PetscReal *y = &m->X[3 * cb->idx[j]];
      PetscReal        d = PetscSqrtReal(PetscSqr(x[0] - y[0]) + PetscSqr(x[1] - y[1]) + PetscSqr(x[2] - y[2]));

      if (d < best) {
        best = d;
        jb   = j;
      }
    }
    dmax = PetscMax(dmax, best);
    if (best < 1e-7) {
      close++;
      hits[jb]++;
    }
  }
  {
    PetscInt twice = 0;

    for (PetscInt j = 0; j < cb->n; j++) twice += hits[j] > 1;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "interface: max |z| < 1e-9 m: %s\n", zmax < 1e-9 ? "yes" : "no"));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "CT nodes with a CB node within 1e-7 m: %" PetscInt_FMT " (CB nodes matched twice: %" PetscInt_FMT ")\n",
                          close, twice));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "largest distance from a CT node to the nearest CB node: %.3f mm\n", (double)(1e3 * dmax)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "interface box: %.1f mm x %.1f mm, centre %.3f %.3f mm\n", MM(hi[0] - lo[0]), MM(hi[1] - lo[1]),
                        MM((hi[0] + lo[0]) / 2), MM((hi[1] + lo[1]) / 2)));
  PetscCall(PetscFree(hits));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboMesh       m;
  char            deck[PETSC_MAX_PATH_LEN] = "../shared/data/brb/BRB_MATEX.inp";
  const TriboSet *ct, *cb, *rec, *set;
  PetscInt        ntype[6] = {0}, ndist = 0, nlc = 0, ref;
  PetscLogDouble  t0, t1;
  PetscReal       fsum = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-deck", deck, sizeof(deck), NULL));
  PetscCall(PetscTime(&t0));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &m));
  PetscCall(TriboMeshSetFromOptions(m));
  PetscCall(TriboMeshReadAbaqus(m, deck));
  PetscCall(PetscTime(&t1));
  PetscCall(PetscFPrintf(PETSC_COMM_WORLD, PETSC_STDERR, "parse time %.3f s\n", t1 - t0));
  for (PetscInt e = 0; e < m->nelem; e++) ntype[m->etype[e]]++;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nodes %" PetscInt_FMT " elements %" PetscInt_FMT " C3D8R %" PetscInt_FMT " warnings %" PetscInt_FMT "\n",
                        m->nnodes, m->nelem, ntype[TRIBO_EL_C3D8R], m->nwarn));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "node sets %" PetscInt_FMT " element sets %" PetscInt_FMT " surfaces %" PetscInt_FMT "\n", m->nnsets,
                        m->nelsets, m->nsurfs));
  for (PetscInt k = 0; k < m->ncouplings; k++) ndist += m->couplings[k].distributing;
  for (PetscInt k = 0; k < m->ncloads; k++) {
    nlc += !strcmp(m->cloads[k].loadcase, "BOLTLOADS");
    fsum += m->cloads[k].value;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "ties %" PetscInt_FMT " couplings %" PetscInt_FMT " (distributing %" PetscInt_FMT ") equations %" PetscInt_FMT
                        " cloads %" PetscInt_FMT " (BOLTLOADS %" PetscInt_FMT ", sum %g)\n",
                        m->nties, m->ncouplings, ndist, m->neqs, m->ncloads, nlc, (double)fsum));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tie 1 %s: %s on %s; coupling 1 %s: ref node %s, surface %s, DOFs %" PetscInt_FMT "-%" PetscInt_FMT "\n",
                        m->ties[0].name, m->ties[0].slave, m->ties[0].master, m->couplings[0].name, m->couplings[0].refnode, m->couplings[0].surface,
                        m->couplings[0].dof0, m->couplings[0].dof1));
  PetscCall(TriboMeshFindNode(m, m->couplings[0].refnode, &ref));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "reference node %" PetscInt_FMT " at %.4f %.4f %.4f mm\n", m->nodeid[ref], MM(m->X[3 * ref]),
                        MM(m->X[3 * ref + 1]), MM(m->X[3 * ref + 2])));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "equation 1: %" PetscInt_FMT " terms, node %" PetscInt_FMT " dof %" PetscInt_FMT " coef %g, node %" PetscInt_FMT
                        " dof %" PetscInt_FMT " coef %g\n",
                        m->eqs[0].n, m->nodeid[m->eqs[0].node[0]], m->eqs[0].dof[0], (double)m->eqs[0].coef[0], m->nodeid[m->eqs[0].node[1]],
                        m->eqs[0].dof[1], (double)m->eqs[0].coef[1]));
  for (PetscInt k = 0; k < m->nretained; k++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "retained %s DOFs %" PetscInt_FMT "-%" PetscInt_FMT "\n", m->retained[k].nset, m->retained[k].dof0,
                          m->retained[k].dof1));
  PetscCall(TriboMeshFindNodeSet(m, "ct", &ct));
  PetscCall(TriboMeshFindNodeSet(m, "CB", &cb));
  PetscCall(TriboMeshFindNodeSet(m, m->recovery, &rec));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "nmodes %" PetscInt_FMT " recovery %s with %" PetscInt_FMT " nodes; CT %" PetscInt_FMT " nodes, CB %" PetscInt_FMT " nodes\n",
                        m->nmodes, m->recovery, rec->n, ct->n, cb->n));
  for (PetscInt i = 0; i < rec->n; i++) {
    const PetscReal *x = &m->X[3 * rec->idx[i]];

    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  recovery node %" PetscInt_FMT ": %.4f %.4f %.4f mm\n", m->nodeid[rec->idx[i]], MM(x[0]), MM(x[1]),
                          MM(x[2])));
  }
  PetscCall(Interface(m, ct, cb));
  PetscCall(TriboMeshFindElemSet(m, "_BOTS_S4", &set));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "material %s E %g nu %g rho %g; elements without a material: ", m->mats[0].name, (double)m->mats[0].E,
                        (double)m->mats[0].nu, (double)m->mats[0].rho));
  ndist = 0;
  for (PetscInt e = 0; e < m->nelem; e++) ndist += m->emat[e] < 0;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%" PetscInt_FMT "; _BOTS_S4 has %" PetscInt_FMT " elements\n", ndist, set->n));
  PetscCall(TriboMeshView(m, PETSC_VIEWER_STDOUT_WORLD));
  PetscCall(TriboMeshDestroy(&m));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    requires: data
    output: t312-inp-brb.out
    rtol: 1e-6
    atol: 1e-6
TEST*/
