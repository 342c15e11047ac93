static const char help[] = "Abaqus deck reader on small decks written here: every supported keyword, *System frames,\n"
                           "*Part/*Instance with translation and rotation, generate ranges, surfaces, equations, faces.\n";

#include <tribofe.h>
#include <unistd.h> // chdir: rank 0 reads the decks from a temporary folder, named relative to it

static const char deckA[] =
    "*Heading\n test deck: every supported keyword\n** a comment\n*Preprint, echo=NO\n"
    // *System with a, b, c: e1 = X, e2 = (Y+Z)/sqrt2, e3 = (Z-Y)/sqrt2
    "*System\n 0., 0., 0., 1., 0., 0.\n 0., 1., 1.\n*Node, nset=ROT\n 101, 0., 1., 0.\n 102, 0., 0., 2.\n"
    // *System with a, b only: e3 = Z, e1 = (1,1,0)/sqrt2, e2 = (-1,1,0)/sqrt2, origin (1,1,0)
    "*System\n 1., 1., 0., 2., 2., 5.\n*Node\n 103, 1., 0., 0.\n 104, 0., 1., 3.\n*System\n"
    "*NODE, NSET=\"Cube\"\n1, 0., 0., 0.\n2, 1., 0., 0.\n3, 1., 1., 0.\n4, 0., 1., 0.\n5, 0., 0., 1.\n6, 1., 0., 1.\n"
    "7, 1., 1., 1.\n8, 0., 1., 1.\n9, 2., 0., 0.,\n10, 2., 1., 0.\n11, 2., , 1.\n12, 2., 1., 1.,\n"
    "@" // the 20 nodes 201..220 of the quadratic elements are written here
    "*Element, type=C3D8R, elset=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*ELEMENT, TYPE=c3d8, ELSET=EALL\n2, 2, 9, 10, 3, 6, 11, 12, 7\n"
    "*Element, type=C3D20\n3, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215,\n 216, 217, 218, 219, 220\n"
    "*Element, type=C3D4\n4, 1, 2, 4, 5\n*Element, type=C3D10\n5, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210\n"
    "*Element, type=C3D20R, elset=E6\n6, 201, 202, 203, 204, 205, 206, 207,\n 208, 209, 210, 211, 212, 213, 214,\n 215, 216, 217, 218, 219, 220\n"
    "*Nset, nset=LONG\n#\n" // one line of 2400 fields
    "*Nset, nset=GEN, generate\n 1, 7, 2\n*Nset, nset=MIX, unsorted\n 12, 9, GEN, 9,\n*Elset, elset=EG, generate\n 1, 2\n"
    "*Nset,\n nset=CONT, generate\n 2, 4\n*Nset, nset=A1\n 5,\n*Nset, nset=RP\n 101\n*Nset, nset=MIX\n 8\n"
    "*Elset, elset=_S_S2\n 1, 2\n*Surface, type=ELEMENT, name=SF\n_S_S2, S2\n 2, S4\n*Surface, name=SF2\n EG, S1\n"
    "*Surface, type=NODE, name=NS\n GEN\n 12, 1.0\n"
    "*Material, name=Steel\n*Density\n7800.,\n*Elastic\n 2.1e11, 0.3\n*Solid Section, elset=EALL, material=STEEL\n,\n"
    "*Tie, name=T1, adjust=no\nSF, SF2\n"
    "*Coupling, constraint name=C1, ref node=RP, surface=SF\n*Kinematic\n1, 3\n"
    "*Coupling, constraint name=C2, ref node=102, surface=sf2\n*Distributing, weighting method=UNIFORM\n"
    "*Equation\n2\nA1, 1, 1., 6, 1, -1.\n3\n1, 1, 1., 2, 2, -0.5\n3, 3, -0.5\n"
    "*Step, name=S\n*Frequency\n 10\n*Substructure Generate, overwrite, NSET=MIX\n*Select Eigenmodes, generate\n 1, 10, 3\n"
    "*Retained Nodal Dofs\n GEN, 1, 3\n 101, 2\n*Substructure Load Case, name=LC1\n*Cload\n RP, 3, 1.5\n GEN, 1, -2.\n*End Step\n";

// Part instanced twice; I2 translated by (10, 0, 0), then rotated by 90 degrees about Z
static const char deckB[] =
    "*Heading\n*Part, name=Brick\n*Node\n1, 0., 0., 0.\n2, 1., 0., 0.\n3, 1., 1., 0.\n4, 0., 1., 0.\n5, 0., 0., 1.\n"
    "6, 1., 0., 1.\n7, 1., 1., 1.\n8, 0., 1., 1.\n*Element, type=C3D8, elset=All\n1, 1,2,3,4,5,6,7,8\n*Nset, nset=Top\n5,6,7,8\n"
    "*Elset, elset=_Top_S2, internal\n1,\n*Surface, type=ELEMENT, name=TopS\n_Top_S2, S2\n*Solid Section, elset=All, material=M\n*End Part\n"
    "*Assembly, name=Asm\n*Instance, name=I1, part=Brick\n*End Instance\n*Instance, name=I2, part=Brick\n 10., 0., 0.\n"
    " 0., 0., 0., 0., 0., 1., 90.\n*End Instance\n*Node\n1, 5., 5., 5.\n*Nset, nset=RP\n1,\n*Nset, nset=Corner, instance=I2\n 2, 7\n"
    "*Equation\n2\nI1.2, 1, 1., I2.2, 1, -1.\n*Tie, name=TT\nI1.TopS, I2.TopS\n*End Assembly\n*Material, name=M\n*Density\n1.\n*Elastic\n1., 0.\n";

static PetscErrorCode Write(const char name[], const char text[])
{
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    FILE *fp = fopen(name, "w");

    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot write %s", name);
    for (const char *c = text; *c; c++) {
      if (*c == '#')
        for (PetscInt i = 0; i < 2400; i++) fprintf(fp, "%d,%s", (int)(1 + i % 12), i % 2 ? " " : "");
      else if (*c != '@')
        fputc(*c, fp);
      else
        for (PetscInt i = 0; i < 20; i++) fprintf(fp, "*Node\n%d, %d., %d., 5.\n", (int)(201 + i), (int)(i % 5), (int)(i / 5));
    }
    PetscCheck(!fclose(fp), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot write %s", name);
  }
  PetscFunctionReturn(0);
}

static PetscInt Find(TriboMesh m, PetscInt id)
{
  for (PetscInt i = 0; i < m->nnodes; i++)
    if (m->nodeid[i] == id) return i;
  return -1;
}

static PetscErrorCode PrintNode(TriboMesh m, PetscInt id)
{
  PetscInt i = Find(m, id);

  PetscFunctionBeginUser;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "node %" PetscInt_FMT ": %.6f %.6f %.6f\n", id, (double)m->X[3 * i], (double)m->X[3 * i + 1],
                        (double)m->X[3 * i + 2]));
  PetscFunctionReturn(0);
}

static PetscErrorCode PrintSets(TriboMesh m, const char *names[], PetscInt n, PetscBool isnode)
{
  const TriboSet *s;

  PetscFunctionBeginUser;
  for (PetscInt k = 0; k < n; k++) {
    if (isnode)
      PetscCall(TriboMeshFindNodeSet(m, names[k], &s));
    else
      PetscCall(TriboMeshFindElemSet(m, names[k], &s));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %s: %" PetscInt_FMT " (", isnode ? "nset" : "elset", names[k], s->n));
    for (PetscInt i = 0; i < s->n; i++)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %" PetscInt_FMT, isnode ? m->nodeid[s->idx[i]] : m->elemid[s->idx[i]]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, " )\n"));
  }
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboMesh           m;
  char                dir[PETSC_MAX_PATH_LEN] = "/tmp/t310-XXXXXX", cwd[PETSC_MAX_PATH_LEN];
  PetscMPIInt         rank;
  PetscInt            ntype[6] = {0}, nomat = 0, nf, ln[8];
  const TriboSurface *sf;
  const char         *nsets[] = {"GEN", "mix", "CONT", "A1", "Cube", "ROT", "LONG"}, *elsets[] = {"EALL", "EG", "E6"};
  PetscReal           fsum = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    PetscCall(PetscGetWorkingDirectory(cwd, sizeof(cwd)));
    PetscCall(PetscMkdtemp(dir));
    PetscCheck(!chdir(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot enter %s", dir);
  }
  PetscCall(Write("a.inp", deckA));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &m));
  PetscCall(TriboMeshSetFromOptions(m));
  PetscCall(TriboMeshReadAbaqus(m, "a.inp"));
  for (PetscInt e = 0; e < m->nelem; e++) {
    ntype[m->etype[e]]++;
    nomat += m->emat[e] < 0;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "A: nodes %" PetscInt_FMT " elements %" PetscInt_FMT " warnings %" PetscInt_FMT "\n", m->nnodes, m->nelem,
                        m->nwarn));
  for (PetscInt t = 0; t < 6; t++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s %" PetscInt_FMT "%s", TriboElementTypes[t], ntype[t], t < 5 ? " " : "\n"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "element 3 nodes %" PetscInt_FMT " last %" PetscInt_FMT "; element 6 nodes %" PetscInt_FMT " last %" PetscInt_FMT "\n",
                        m->eptr[3] - m->eptr[2], m->nodeid[m->conn[m->eptr[3] - 1]], m->eptr[6] - m->eptr[5], m->nodeid[m->conn[m->eptr[6] - 1]]));
  for (PetscInt id = 101; id <= 104; id++) PetscCall(PrintNode(m, id));
  PetscCall(PrintNode(m, 11));
  PetscCall(PrintSets(m, nsets, 7, PETSC_TRUE));
  PetscCall(PrintSets(m, elsets, 3, PETSC_FALSE));
  for (PetscInt k = 0; k < m->nsurfs; k++) {
    sf = &m->surfs[k];
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "surface %s: %" PetscInt_FMT " (", sf->name, sf->n));
    for (PetscInt i = 0; i < sf->n; i++)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %" PetscInt_FMT ":S%" PetscInt_FMT, sf->face[i] ? m->elemid[sf->elem[i]] : m->nodeid[sf->elem[i]],
                            sf->face[i]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, " )\n"));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "material %s E %g nu %g rho %g; elements without a material %" PetscInt_FMT "\n", m->mats[0].name,
                        (double)m->mats[0].E, (double)m->mats[0].nu, (double)m->mats[0].rho, nomat));
  PetscCall(
      PetscPrintf(PETSC_COMM_WORLD, "tie %s: %s on %s adjust %d\n", m->ties[0].name, m->ties[0].slave, m->ties[0].master, (int)m->ties[0].adjust));
  for (PetscInt k = 0; k < m->ncouplings; k++) {
    PetscInt ref;

    PetscCall(TriboMeshFindNode(m, m->couplings[k].refnode, &ref));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "coupling %s: ref %s (node %" PetscInt_FMT ") surface %s DOFs %" PetscInt_FMT "-%" PetscInt_FMT " distributing %d\n",
                          m->couplings[k].name, m->couplings[k].refnode, m->nodeid[ref], m->couplings[k].surface, m->couplings[k].dof0,
                          m->couplings[k].dof1, (int)m->couplings[k].distributing));
  }
  for (PetscInt k = 0; k < m->neqs; k++) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "equation %" PetscInt_FMT ":", k + 1));
    for (PetscInt j = 0; j < m->eqs[k].n; j++)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, " %" PetscInt_FMT " %" PetscInt_FMT " %g;", m->nodeid[m->eqs[k].node[j]], m->eqs[k].dof[j],
                            (double)m->eqs[k].coef[j]));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "\n"));
  }
  for (PetscInt k = 0; k < m->ncloads; k++) fsum += m->cloads[k].value;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "nmodes %" PetscInt_FMT " recovery %s; cloads %" PetscInt_FMT " in %s, sum %g\n", m->nmodes, m->recovery,
                        m->ncloads, m->cloads[0].loadcase, (double)fsum));
  for (PetscInt k = 0; k < m->nretained; k++)
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "retained %s %" PetscInt_FMT "-%" PetscInt_FMT "\n", m->retained[k].nset, m->retained[k].dof0,
                          m->retained[k].dof1));
  // outward normals of the faces of the unit cube (element 1): (x1 - x0) x (x2 - x0)
  for (PetscInt f = 1; f <= 6; f++) {
    const PetscReal *x[3];
    PetscReal        a[3], b[3];

    PetscCall(TriboMeshGetFace(m, 0, f, &nf, ln));
    for (PetscInt k = 0; k < 3; k++) x[k] = &m->X[3 * m->conn[m->eptr[0] + ln[k]]];
    for (PetscInt d = 0; d < 3; d++) {
      a[d] = x[1][d] - x[0][d];
      b[d] = x[2][d] - x[0][d];
    }
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "S%" PetscInt_FMT " %" PetscInt_FMT " nodes normal %g %g %g\n", f, nf,
                          (double)(a[1] * b[2] - a[2] * b[1]), (double)(a[2] * b[0] - a[0] * b[2]), (double)(a[0] * b[1] - a[1] * b[0])));
  }
  PetscCall(TriboMeshGetFace(m, 2, 3, &nf, ln));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "C3D20 S3: %" PetscInt_FMT " nodes, mid-side %" PetscInt_FMT, nf, ln[4] + 1));
  PetscCall(TriboMeshGetFace(m, 4, 2, &nf, ln));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "; C3D10 S2: %" PetscInt_FMT " nodes %" PetscInt_FMT " %" PetscInt_FMT " %" PetscInt_FMT "\n", nf,
                        ln[0] + 1, ln[1] + 1, ln[2] + 1));
  PetscCall(TriboMeshDestroy(&m));

  PetscCall(Write("b.inp", deckB));
  PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &m));
  PetscCall(TriboMeshSetFromOptions(m));
  PetscCall(TriboMeshReadAbaqus(m, "b.inp"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "B: nodes %" PetscInt_FMT " elements %" PetscInt_FMT " (ids %" PetscInt_FMT " %" PetscInt_FMT ") node sets %" PetscInt_FMT
                        " surfaces %" PetscInt_FMT " %s %s\n",
                        m->nnodes, m->nelem, m->elemid[0], m->elemid[1], m->nnsets, m->nsurfs, m->surfs[0].name, m->surfs[1].name));
  for (PetscInt id = 1; id <= 17; id += 4) PetscCall(PrintNode(m, id));
  PetscCall(PrintNode(m, 11));
  {
    const char *bn[] = {"I1.TOP", "i2.top", "Corner", "RP"};

    PetscCall(PrintSets(m, bn, 4, PETSC_TRUE));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "equation: %" PetscInt_FMT " %" PetscInt_FMT " %g; %" PetscInt_FMT " %" PetscInt_FMT " %g\n",
                        m->nodeid[m->eqs[0].node[0]], m->eqs[0].dof[0], (double)m->eqs[0].coef[0], m->nodeid[m->eqs[0].node[1]], m->eqs[0].dof[1],
                        (double)m->eqs[0].coef[1]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "tie %s: %s on %s; element materials %" PetscInt_FMT " %" PetscInt_FMT "\n", m->ties[0].name,
                        m->ties[0].slave, m->ties[0].master, m->emat[0], m->emat[1]));
  PetscCall(TriboMeshDestroy(&m));
  if (!rank) {
    PetscCheck(!chdir(cwd), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot return to %s", cwd);
    PetscCall(PetscRMTree(dir));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t310-inp-basic.out
    rtol: 1e-6
    atol: 1e-6
TEST*/
