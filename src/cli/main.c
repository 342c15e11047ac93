/* tribo VERB [options]: the command-line program. */
#include <tribocli.h>

static const TriboVerb verbs[] = {
    {"info", "describe an input file (ROM .h5/.mat or a tribo result file)", TriboVerbInfo},
    {"model", "write a built-in jointed model as a ROM file (-model_type lapframe)", TriboVerbModel},
    {"rom", "reduce an Abaqus deck: Craig-Bampton with the joint interface kept (-deck file.inp)", TriboVerbRom},
    {"prestress", "bolt preload: static solution with the interface law", TriboVerbPrestress},
    {"modal", "prestress, then linearized modes about the prestressed state", TriboVerbModal},
    {"backbone", "prestress, modes, then the amplitude-dependent frequency and damping (RQNMA)", TriboVerbBackbone},
    {"frf", "prestress, modes, then the forced response over a frequency range by harmonic balance", TriboVerbFRF},
    {"law", "drive interface laws through a displacement or traction history: loops, dissipation, stick/slip", TriboVerbLaw},
    {"transient", "prestress, then the response in time to a load by implicit integration (Newmark, HHT-alpha)", TriboVerbTransient},
    {"surface", "surface scans (or synthetic surfaces) to asperity statistics and the mesoscale gap at every erosion size", TriboVerbSurface},
    {"contact", "half-space contact on a fine grid (FFT, MPI): Hertz, punch, wavy, Cattaneo-Mindlin cycle (-contact_case)", TriboVerbContact},
    {"ringdown", "a free decay of one mode in a time signal to its backbone (band-pass, Hilbert transform)", TriboVerbRingdown},
    {"fit", "fit a joint model's parameters to a measured backbone: NSGA-II Pareto front of the frequency and damping errors", TriboVerbFit},
    {"mesh", "write a parametric FE deck (-mesh_type lapbeam: BRB-like bolted lap beam)", TriboVerbMesh},
};
static const int nverbs = (int)(sizeof(verbs) / sizeof(verbs[0]));

static void Usage_Private(FILE *fp)
{
  fprintf(fp, "tribo %s (%s): nonlinear dynamics of bolted and frictional joints\n\n", TRIBO_VERSION_STRING, TriboGitRevision());
  fprintf(fp, "usage: tribo VERB [options]      (mpiexec -n N tribo VERB ... to run in parallel)\n\nverbs:\n");
  for (int i = 0; i < nverbs; i++) fprintf(fp, "  %-10s %s\n", verbs[i].name, verbs[i].summary);
  fprintf(fp, "  %-10s %s\n", "plot", "pictures of result files (matplotlib): tribo plot FILE... [-o out.png|.svg|.pdf]");
  fprintf(fp, "  %-10s %s\n", "sweep",
          "parameter studies from a YAML file: run here, submit as SLURM job arrays, status, collect (tribo sweep -help)");
  fprintf(fp, "  %-10s %s\n", "help", "this list");
  fprintf(fp, "\n  tribo VERB -help          options of a verb, with defaults and units (-help all: PETSc's too)\n");
  fprintf(fp, "  -options_file case.yaml   read options from a YAML or text file (later options override)\n");
  fprintf(fp, "  -friction_view_models     print the model card of every interface law\n");
}

/* PETSc reports a bad option value without the option's name ("Input string abc has no numeric
   value", "Unknown logical value: maybe"): find the option whose value is the offending string, or
   holds it as an item of a comma-separated list, and say which one it is and what was expected. */
static int NameBadValue_Private(const char *mess, char *out, size_t len)
{
  const char *num = "Input string ", *lgc = "Unknown logical value: ", *p, *q, *what;
  char        bad[256], *all              = NULL;
  int         found = 0;

  if (!strncmp(mess, num, strlen(num))) {
    p    = mess + strlen(num);
    q    = strstr(p, " has no ");
    what = "a number";
  } else if (!strncmp(mess, lgc, strlen(lgc))) {
    p    = mess + strlen(lgc);
    q    = p + strlen(p);
    what = "true or false (also 1/0, yes/no, on/off)";
  } else
    return 0;
  if (!q || q == p || (size_t)(q - p) >= sizeof(bad)) return 0;
  memcpy(bad, p, (size_t)(q - p));
  bad[q - p] = 0;
  if (PetscOptionsGetAll(NULL, &all) || !all) return 0;
  for (char *tok = strtok(all, " "), *prev = NULL; tok; prev = tok, tok = strtok(NULL, " ")) {
    size_t nb = strlen(bad);
    char  *at;
    if (!prev || prev[0] != '-') continue;
    if (!strcmp(tok, bad)) {
      snprintf(out, len, "option %s: expected %s, got '%s'", prev, what, bad);
      found = 1;
    } else
      for (at = strstr(tok, bad); at && !found; at = strstr(at + 1, bad))
        if ((at == tok || at[-1] == ',') && (at[nb] == ',' || !at[nb])) {
          snprintf(out, len, "option %s: expected a list of %s separated by commas, got '%s' in '%s'", prev,
                   !strcmp(what, "a number") ? "numbers" : "values", bad, tok);
          found = 1;
        }
    if (found) break;
  }
  PetscFree(all);
  return found;
}

/* Errors are messages for a person: print the message once (rank 0, or the failing rank for a
   local error), not PETSc's traceback; -tribo_traceback restores the full traceback. */
static PetscErrorCode ErrorHandler_Private(MPI_Comm comm, int line, const char *func, const char *file, PetscErrorCode n, PetscErrorType p,
                                           const char *mess, void *ctx)
{
  PetscMPIInt rank = 0, size = 1;

  char better[1024];

  if (p != PETSC_ERROR_INITIAL) return n;
  MPI_Comm_rank(PETSC_COMM_WORLD, &rank);
  MPI_Comm_size(PETSC_COMM_WORLD, &size);
  (void)size;
  if (mess && NameBadValue_Private(mess, better, sizeof(better))) mess = better;
  if (mess) { // one line: a control byte quoted from a file (a \r in a CSV field, found by tests/fuzz) is shown as ?
    static char clean[4096];
    size_t      i = 0;
    for (; mess[i] && i < sizeof(clean) - 1; i++) clean[i] = ((unsigned char)mess[i] < 0x20 || (unsigned char)mess[i] == 0x7f) ? '?' : mess[i];
    clean[i] = 0;
    mess     = clean;
  }
  // every rank holds the same data and detects the same errors: rank 0 speaks for all
  if (rank == 0) fprintf(stderr, "tribo %s: error: %s\n", (const char *)ctx, mess ? mess : "(no message)");
  fflush(stderr);
  return n;
}

/* Whether this process is the first of its MPI job, before MPI is started: the launchers' rank
   variables (Open MPI, MPICH/Hydra, PMIx, srun); a process started alone is the first. */
static int FirstRank_Private(void)
{
  const char *vars[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"};
  for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
    const char *v = getenv(vars[i]);
    if (v && *v) return !strcmp(v, "0");
  }
  return 1;
}

/* Every -options_file is checked before PetscInitialize() reads it (optfile.c): a bad one is one
   line naming the file, the line and what is wrong, instead of PETSc's traceback. Every rank checks
   the same file and stops; the first one says why. */
static int CheckOptionsFiles_Private(const char verb[], int argc, char **argv)
{
  char msg[1024];

  for (int i = 1; i < argc; i++) {
    int yaml = !strcmp(argv[i], "-options_file_yaml");
    if (strcmp(argv[i], "-options_file") && !yaml) continue;
    if (i + 1 >= argc || argv[i + 1][0] == '-')
      snprintf(msg, sizeof(msg), "option %s needs a file name", argv[i]);
    else if (!TriboOptionsFileCheck(argv[i + 1], yaml, msg, sizeof(msg)))
      continue;
    if (FirstRank_Private()) fprintf(stderr, "tribo %s: error: %s\n", verb, msg);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv)
{
  const TriboVerb *verb = NULL;
  PetscBool        help = PETSC_FALSE, helpall = PETSC_FALSE;
  PetscErrorCode   ierr;

  if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "-help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    Usage_Private(stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
    printf("tribo %s (%s)\n", TRIBO_VERSION_STRING, TriboGitRevision());
    return 0;
  }
  for (int i = 0; i < nverbs; i++)
    if (!strcmp(argv[1], verbs[i].name)) verb = &verbs[i];
  if (!strcmp(argv[1], "plot")) return TriboVerbPlot(argc - 2, argv + 2);   // Python, no MPI
  if (!strcmp(argv[1], "sweep")) return TriboVerbSweep(argc - 2, argv + 2); // Python: cases are tribo processes
  if (!verb) {
    fprintf(stderr, "tribo: unknown verb \"%s\"\n\n", argv[1]);
    Usage_Private(stderr);
    return 2;
  }
  // the verb is not a PETSc option: hide it from PetscInitialize
  argv[1] = argv[0];
  argc--;
  argv++;
  // -help lists tribo's options, grouped by object; PETSc's generic and solver options only with
  // -help all: hide a plain -help from PetscInitialize (which would print PETSc's generic help)
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "-help") || !strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      if (i + 1 < argc && !strcmp(argv[i + 1], "all")) { // PETSc reads "-help all" as a bad boolean: keep -help alone
        helpall = PETSC_TRUE;
        for (int j = i + 1; j + 1 < argc; j++) argv[j] = argv[j + 1];
        argc--;
        break;
      }
      for (int j = i; j + 1 < argc; j++) argv[j] = argv[j + 1];
      argc--;
      help = PETSC_TRUE;
      break;
    }
  if (CheckOptionsFiles_Private(verb->name, argc, argv)) return 1;
  ierr = PetscInitialize(&argc, &argv, NULL, NULL);
  if (ierr) return (int)ierr;
  if (help) ierr = PetscOptionsSetValue(NULL, "-help", NULL);
  if (!ierr) ierr = TriboHelpInitialize(helpall);
  if (!ierr) ierr = TriboRegisterAll();
  if (!ierr) ierr = TriboSignalCatch(); // SIGTERM, SIGUSR1: checkpoint and stop (TriboContSolve())
  if (ierr) {
    PetscFinalize();
    return 1;
  }
  {
    PetscBool tb = PETSC_FALSE;
    PetscOptionsGetBool(NULL, NULL, "-tribo_traceback", &tb, NULL);
    if (!tb) PetscPushErrorHandler(ErrorHandler_Private, (void *)verb->name);
    {
      char cmd[96];
      snprintf(cmd, sizeof(cmd), "tribo %s", verb->name);
      TriboSetCommandName(cmd); // the line of a crash in a file library (TriboCrashGuardPush())
    }
  }
  ierr = PetscOptionsHasHelp(NULL, &help);
  if (!ierr) ierr = verb->run(PETSC_COMM_WORLD, help);
  if (!ierr && help && !helpall)
    ierr = PetscPrintf(PETSC_COMM_WORLD, "\n(PETSc's generic options and those of its solvers: tribo %s -help all)\n", verb->name);
  if (ierr) {
    // the error was printed by PETSc's handler; discard what was being written (its previous
    // version stays), end cleanly with a non-zero status
    (void)TriboH5AbandonAll();
    PetscFinalize();
    return 1;
  }
  ierr = PetscFinalize();
  return ierr ? 1 : 0;
}
