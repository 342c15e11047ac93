static const char help[] = "Abaqus deck reader on malformed decks: each error names the file and the line.\n";

#include <tribofe.h>
#include <unistd.h> // chdir: rank 0 writes and reads the decks in a temporary folder

// Lines 1-9: the 8 nodes of a unit cube; each case appends from line 10
static const char nodes[] =
    "*Node\n1, 0., 0., 0.\n2, 1., 0., 0.\n3, 1., 1., 0.\n4, 0., 1., 0.\n5, 0., 0., 1.\n6, 1., 0., 1.\n7, 1., 1., 1.\n8, 0., 1., 1.\n";

static const struct {
  const char *name, *text, *option;
} cases[] = {
    {"truncated", "*Element, type=C3D8\n1, 1, 2, 3, 4, 5, 6, 7\n", NULL},
    {"wrapped-eof", "*Element, type=C3D8\n1, 1, 2, 3, 4,\n", NULL},
    {"no-type", "*Element, elset=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n", NULL},
    {"unknown-type", "*Element, type=S4R, elset=SH\n1, 1, 2, 3, 4\n", NULL},
    {"skip-type", "*Element, type=S4R, elset=SH\n1, 1, 2, 3, 4\n*Elset, elset=X\n1\n", "-inp_allow_unsupported"},
    {"not-a-number", "*Node\n9, 0., abc, 0.\n", NULL},
    {"undefined-node", "*Element, type=C3D8\n1, 1, 2, 3, 4, 5, 6, 7, 99\n", NULL},
    {"duplicate-node", "*Node\n2, 0., 0., 0.\n", NULL},
    {"missing-set", "*Element, type=C3D8, elset=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*Solid Section, elset=NOPE, material=M\n", NULL},
    {"set-in-set", "*Nset, nset=A\n1, 2, B\n", NULL},
    {"missing-surf", "*Nset, nset=R\n1\n*Coupling, constraint name=C, ref node=R, surface=BSHANK1s\n*Distributing\n", NULL},
    {"no-kind",
     "*Element, type=C3D8, elset=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*Nset, nset=R\n1\n*Surface, name=S\nE, S1\n*Coupling, constraint name=C, ref node=R, "
     "surface=S\n*Tie, name=T\nS, S\n",
     NULL},
    {"unknown-kw", "*Foo, bar=1\n1, 2\n", NULL},
    {"equation", "*Equation\n3\n1, 1, 1., 2, 1, -1.\n", NULL},
    {"eq-big-set", "*Nset, nset=A, generate\n1, 4\n*Equation\n2\nA, 1, 1., 5, 1, -1.\n", NULL},
    {"boundary", "*Boundary\n1, 1, 3\n", NULL},
    {"allow-boundary", "*Boundary\n1, 1, 3\n", "-inp_allow_unsupported"},
    {"strict", "*Step\n*Output, field\n*End Step\n", "-inp_strict"},
    {"no-instance", "*Assembly, name=A\n*Instance, name=I, part=P\n*End Instance\n", NULL},
    {"controls-viscous", "*Section Controls, name=SC, hourglass=VISCOUS\n", NULL},
    {"controls-param", "*Section Controls, name=SC, distortion control=YES\n", NULL},
    {"controls-undefined",
     "*Element, type=C3D8R, elset=E\n1, 1, 2, 3, 4, 5, 6, 7, 8\n*Material, name=M\n*Elastic\n2e11, 0.3\n*Density\n7800.\n*Solid Section, elset=E, "
     "material=M, controls=NOPE\n",
     NULL},
    {"hourglass-alone", "*Hourglass Stiffness\n100.\n", NULL},
    {"missing-file", NULL, NULL},
};

static PetscErrorCode Write(const char name[], const char text[])
{
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    FILE *fp = fopen(name, "w");

    PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot write %s", name);
    fputs(nodes, fp);
    fputs(text, fp);
    PetscCheck(!fclose(fp), PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot write %s", name);
  }
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char        dir[PETSC_MAX_PATH_LEN] = "/tmp/t311-XXXXXX", cwd[PETSC_MAX_PATH_LEN];
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  if (!rank) {
    PetscCall(PetscGetWorkingDirectory(cwd, sizeof(cwd)));
    PetscCall(PetscMkdtemp(dir));
    PetscCheck(!chdir(dir), PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot enter %s", dir);
  }
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
    TriboMesh      m = NULL;
    PetscErrorCode ierr;
    const char    *file = cases[k].text ? "e.inp" : "none.inp";

    if (cases[k].text) PetscCall(Write(file, cases[k].text));
    if (cases[k].option) PetscCall(PetscOptionsSetValue(NULL, cases[k].option, "1"));
    PetscCall(TriboMeshCreate(PETSC_COMM_WORLD, &m));
    PetscCall(TriboMeshSetFromOptions(m));
    if (cases[k].option) PetscCall(PetscOptionsClearValue(NULL, cases[k].option));
    PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
    ierr = TriboMeshReadAbaqus(m, file);
    PetscCall(PetscPopErrorHandler());
    if (ierr) {
      const char *text;
      char       *msg, *at;
      long        line = 0;

      PetscCall(PetscErrorMessage(ierr, &text, &msg));
      at = strstr(msg, ".inp:");
      if (at) line = strtol(at + 5, &at, 10);
      // "mesh NULL": the failed read left the mesh empty, no partial data
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: error %d (%s) line %ld mesh %s: %s\n", cases[k].name, (int)ierr, text, line,
                            m->nnodes || m->nelem || m->X || m->eptr || m->nnsets || m->file[0] ? "set" : "NULL", at && *at == ':' ? at + 2 : msg));
    } else
      PetscCall(
          PetscPrintf(PETSC_COMM_WORLD, "%s: read, %" PetscInt_FMT " elements, %" PetscInt_FMT " warnings\n", cases[k].name, m->nelem, m->nwarn));
    PetscCall(TriboMeshDestroy(&m));
  }
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
    output: t311-inp-errors.out
TEST*/
