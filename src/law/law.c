#include <tribo/private/lawimpl.h>

static PetscFunctionList TriboLawList = NULL;

/*@
  TriboLawRegister - Adds an interface law to the registry.

  Not collective

  Input Parameters:
+ name - the type string, e.g. "edf"
- get  - a function returning the law's model card

  Notes:
  A law is a const model card plus a pure batched kernel (STYLE §4); adding one means writing
  src/law/impls/<name>.c with its card and calling TriboLawRegister() in TriboLawRegisterAll(),
  or calling TriboLawRegister() from the user's program before the law is created. A registered
  law appears in -friction_view_models, in -help and in the message for an unknown name.
  The built-in laws are registered first (as PETSc's XXXRegister() initializes its package), so a
  user's law with a built-in name (tests/nma/t503-register.c registers its own "cubic") replaces
  the built-in one instead of being replaced by it when the first law is created.
@*/
PetscErrorCode TriboLawRegister(const char name[], PetscErrorCode (*get)(const TriboLawCard **))
{
  PetscFunctionBeginUser;
  if (!TriboLawList) PetscCall(TriboRegistryForgetAtFinalize(&TriboLawList, NULL)); // emptied at PetscFinalize()
  PetscCall(TriboLawRegisterAll());
  PetscCall(PetscFunctionListAdd(&TriboLawList, name, get));
  { // its options' names, for the "did you mean" of a misspelt one (TriboOptionsCheckUsed())
    const TriboLawCard *c;
    char                opt[96];
    PetscCall(get(&c));
    for (PetscInt i = 0; c && i < c->nparams; i++) {
      PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", c->params[i].name));
      PetscCall(TriboOptionsRegisterName(opt));
    }
    for (PetscInt i = 0; c && i < c->nchoices; i++) {
      PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", c->choices[i].name));
      PetscCall(TriboOptionsRegisterName(opt));
    }
    for (PetscInt i = 0; c && i < c->ntables; i++) {
      PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", c->tables[i].name));
      PetscCall(TriboOptionsRegisterName(opt));
    }
  }
  PetscFunctionReturn(0);
}

PetscErrorCode TriboLawListFind_Private(const char name[], PetscErrorCode (**get)(const TriboLawCard **))
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawRegisterAll());
  *get = NULL;
  PetscCall(PetscFunctionListFind(TriboLawList, name, get));
  PetscFunctionReturn(0);
}

/* a name "<base>+kp" not yet registered whose base is a law: register it (TriboLawRegisterPostSlip()) */
static PetscErrorCode TriboLawDerive_Private(const char name[])
{
  PetscErrorCode (*get)(const TriboLawCard **) = NULL;
  size_t    len, ls;
  char      base[80];
  PetscBool suffix = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(TriboLawListFind_Private(name, &get));
  PetscCall(PetscStrlen(name, &len));
  PetscCall(PetscStrlen(TRIBOLAWPOSTSLIPSUFFIX, &ls));
  if (len > ls) PetscCall(PetscStrcmp(name + len - ls, TRIBOLAWPOSTSLIPSUFFIX, &suffix));
  if (get || !suffix || len - ls >= sizeof(base)) PetscFunctionReturn(0);
  PetscCall(PetscStrncpy(base, name, len - ls + 1));
  PetscCall(TriboLawListFind_Private(base, &get));
  if (get) PetscCall(TriboLawRegisterPostSlip(base));
  PetscFunctionReturn(0);
}

/*@
  TriboLawFindCard - The model card of a registered law, by name, without creating a law object.

  Not collective

  Input Parameter:
. name - the type string, e.g. "jenkins"

  Output Parameter:
. card - its card, or NULL when no law of that name is registered

  Notes:
  For readers of input files that check a law name and its parameters and report the file and line
  themselves (TriboLawListNames() gives the known names for the message). A name "<law>+kp" of a
  registered law is registered on the way (TriboLawRegisterPostSlip()).

.seealso: `TriboLawListNames()`, `TriboLawSetType()`
@*/
PetscErrorCode TriboLawFindCard(const char name[], const TriboLawCard **card)
{
  PetscErrorCode (*get)(const TriboLawCard **) = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboLawDerive_Private(name));
  *card = NULL;
  PetscCall(PetscFunctionListFind(TriboLawList, name, &get));
  if (get) PetscCall(get(card));
  PetscFunctionReturn(0);
}

/*@
  TriboLawListNames - The names of the registered laws, joined by ", " (for messages).

  Not collective

  Input Parameter:
. len - size of names

  Output Parameter:
. names - the joined names

.seealso: `TriboLawFindCard()`, `TriboFunctionListNames()`
@*/
PetscErrorCode TriboLawListNames(char names[], size_t len)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawRegisterAll());
  PetscCall(TriboFunctionListNames(TriboLawList, names, len));
  PetscFunctionReturn(0);
}

/*@
  TriboLawCreate - Creates an interface law object; the type is set with TriboLawSetType() or
  -friction_type.

  Collective
@*/
PetscErrorCode TriboLawCreate(MPI_Comm comm, TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawRegisterAll());
  PetscCall(PetscNew(law));
  (*law)->comm = comm;
  PetscFunctionReturn(0);
}

/*@
  TriboLawSetOptionsPrefix - Prefix of the law's options: -[prefix]friction_type, -[prefix]friction_mu, ...

  Not collective

  Notes:
  Several joints of one structure each get their own law with their own prefix.
@*/
PetscErrorCode TriboLawSetOptionsPrefix(TriboLaw law, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(law->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &law->prefix));
  PetscFunctionReturn(0);
}

/* frees the parameters, tables and derived data of the current type */
static PetscErrorCode TriboLawFreeData_Private(TriboLaw law)
{
  PetscFunctionBeginUser;
  for (PetscInt k = 0; law->tv && k < law->own.ntables; k++) PetscCall(PetscFree(law->tv[k]));
  PetscCall(PetscFree2(law->tn, law->tv));
  PetscCall(PetscFree(law->p));
  PetscCall(PetscFree(law->hscale));
  law->nderived = 0;
  PetscFunctionReturn(0);
}

/* runs the card's setup hook when parameters, choices or tables changed: the derived data after the choices in law->p,
   this law's nhist and hist_scale in its card */
static PetscErrorCode TriboLawPrepare_Private(TriboLaw law)
{
  const TriboLawCard *c  = &law->own;
  PetscInt            nh = 0, nd = 0, np = c->nparams + c->nchoices;
  char                why[512] = "";
  const char         *msg;
  PetscReal          *p;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  if (!c->setup || !law->stale) PetscFunctionReturn(0);
  msg = c->setup(law->p, law->tn, (const PetscReal *const *)law->tv, &nh, &nd, NULL, NULL, why, sizeof(why));
  PetscCheck(!msg, law->comm, PETSC_ERR_USER_INPUT, "interface law %s: %s", c->name, msg);
  PetscCall(PetscMalloc1(np + nd + 1, &p));
  PetscCall(PetscArraycpy(p, law->p, np));
  PetscCall(PetscFree(law->p));
  law->p = p;
  PetscCall(PetscFree(law->hscale));
  PetscCall(PetscMalloc1(nh + 1, &law->hscale));
  msg = c->setup(law->p, law->tn, (const PetscReal *const *)law->tv, &nh, &nd, law->p + np, law->hscale, why, sizeof(why));
  PetscCheck(!msg, law->comm, PETSC_ERR_USER_INPUT, "interface law %s: %s", c->name, msg);
  law->nderived       = nd;
  law->own.nhist      = nh;
  law->own.hist_scale = law->hscale;
  law->stale          = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboLawSetType - Selects the law by name and resets its parameters to the card's defaults.

  Collective

  Notes:
  An unknown name is a user-input error that lists the known names. Any registered law with "+kp" appended
  (e.g. "iwan4+kp") is that law with a post-slip spring kp (porter-et-al-2022 eq. 30, TriboLawRegisterPostSlip()).
@*/
PetscErrorCode TriboLawSetType(TriboLaw law, const char type[])
{
  PetscErrorCode (*get)(const TriboLawCard **) = NULL;

  PetscFunctionBeginUser;
  PetscCall(TriboLawDerive_Private(type));
  {
    char opt[256];
    PetscCall(PetscSNPrintf(opt, sizeof(opt), "-%sfriction_type", law->prefix ? law->prefix : ""));
    PetscCall(TriboFunctionListFindOrError(law->comm, TriboLawList, type, "interface law", opt, (void (**)(void)) & get));
  }
  PetscCall(TriboLawFreeData_Private(law)); // of the previous type (its own card)
  PetscCall(get(&law->card));
  law->own  = *law->card;
  law->card = &law->own;
  PetscCall(PetscMalloc1(law->own.nparams + law->own.nchoices + 1, &law->p));
  for (PetscInt i = 0; i < law->own.nparams; i++) law->p[i] = law->own.params[i].value;
  for (PetscInt k = 0; k < law->own.nchoices; k++) law->p[law->own.nparams + k] = (PetscReal)law->own.choices[k].value;
  if (law->own.ntables) PetscCall(PetscCalloc2(law->own.ntables, &law->tn, law->own.ntables, &law->tv));
  law->stale = law->own.setup ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboLawGetType - The law's type string (NULL before TriboLawSetType()).

  Not collective
@*/
PetscErrorCode TriboLawGetType(TriboLaw law, const char *type[])
{
  PetscFunctionBeginUser;
  *type = law->card ? law->card->name : NULL;
  PetscFunctionReturn(0);
}

/*@
  TriboLawGetCard - The law's model card: parameters with units and defaults, history size,
  flags and kernel.

  Not collective
@*/
PetscErrorCode TriboLawGetCard(TriboLaw law, const TriboLawCard **card)
{
  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  PetscCall(TriboLawPrepare_Private(law));
  *card = law->card;
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboLawFindParameter_Private(TriboLaw law, const char name[], PetscInt *idx)
{
  PetscBool match;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  for (PetscInt i = 0; i < law->card->nparams; i++) {
    PetscCall(PetscStrcmp(name, law->card->params[i].name, &match));
    if (match) {
      *idx = i;
      PetscFunctionReturn(0);
    }
  }
  SETERRQ(law->comm, PETSC_ERR_USER_INPUT, "interface law %s has no parameter \"%s\" (see -friction_view_models)", law->card->name, name);
}

/*@
  TriboLawSetParameter - Sets one parameter by its card name, checking its admissible range.
@*/
PetscErrorCode TriboLawSetParameter(TriboLaw law, const char name[], PetscReal value)
{
  PetscInt i;

  PetscFunctionBeginUser;
  PetscCall(TriboLawFindParameter_Private(law, name, &i));
  PetscCheck(!PetscIsInfOrNanReal(value), law->comm, PETSC_ERR_USER_INPUT, "law %s: parameter %s must be finite, got %g", law->card->name, name,
             (double)value);
  PetscCheck(value >= law->card->params[i].lower, law->comm, PETSC_ERR_USER_INPUT,
             "law %s: parameter %s must be >= %g [%s], got %g (option -%sfriction_%s)", law->card->name, name, (double)law->card->params[i].lower,
             law->card->params[i].units, (double)value, law->prefix ? law->prefix : "", name);
  law->p[i]  = value;
  law->stale = law->own.setup ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboLawGetParameter - One parameter by its card name.

  Not collective
@*/
PetscErrorCode TriboLawGetParameter(TriboLaw law, const char name[], PetscReal *value)
{
  PetscInt i;

  PetscFunctionBeginUser;
  PetscCall(TriboLawFindParameter_Private(law, name, &i));
  *value = law->p[i];
  PetscFunctionReturn(0);
}

/*@
  TriboLawGetParameters - All parameter values in card order (owned by the law), as the kernel takes them.

  Not collective

  Notes:
  For a card with choices or a setup hook the array goes on with the choice indices and the derived data
  (TriboLawSetUpHook), prepared here when the parameters, choices or tables changed.
@*/
PetscErrorCode TriboLawGetParameters(TriboLaw law, const PetscReal *p[])
{
  PetscFunctionBeginUser;
  if (law->card) PetscCall(TriboLawPrepare_Private(law));
  *p = law->p;
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboLawFindChoice_Private(TriboLaw law, const char name[], PetscInt *idx)
{
  PetscBool match;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  for (PetscInt k = 0; k < law->own.nchoices; k++) {
    PetscCall(PetscStrcmp(name, law->own.choices[k].name, &match));
    if (match) {
      *idx = k;
      PetscFunctionReturn(0);
    }
  }
  SETERRQ(law->comm, PETSC_ERR_USER_INPUT, "interface law %s has no choice \"%s\" (see -friction_view_models)", law->own.name, name);
}

/*@
  TriboLawSetChoice - Sets a string-valued option of the law (a model variant) by its card name.

  Not collective

  Input Parameters:
+ law   - the law, type set
. name  - the choice, e.g. "asperity_tangential" of the rough law
- value - one of its values, e.g. "mif"

  Notes:
  The option -[prefix]friction_<name> <value> does the same. An unknown value is an error that lists the admissible ones.

.seealso: TriboLawGetChoice(), TriboLawCard
@*/
PetscErrorCode TriboLawSetChoice(TriboLaw law, const char name[], const char value[])
{
  PetscInt              k;
  const TriboLawChoice *ch;
  PetscBool             match;
  char                  list[512] = "";

  PetscFunctionBeginUser;
  PetscCall(TriboLawFindChoice_Private(law, name, &k));
  ch = &law->own.choices[k];
  for (PetscInt v = 0; v < ch->nvalues; v++) {
    PetscCall(PetscStrcmp(value, ch->values[v], &match));
    if (match) {
      law->p[law->own.nparams + k] = (PetscReal)v;
      law->stale                   = law->own.setup ? PETSC_TRUE : PETSC_FALSE;
      PetscFunctionReturn(0);
    }
    PetscCall(PetscStrlcat(list, v ? ", " : "", sizeof(list)));
    PetscCall(PetscStrlcat(list, ch->values[v], sizeof(list)));
  }
  SETERRQ(law->comm, PETSC_ERR_USER_INPUT, "law %s: -%sfriction_%s %s is not one of %s", law->own.name, law->prefix ? law->prefix : "", name, value,
          list);
}

/*@
  TriboLawGetChoice - The current value of a string-valued option of the law.

  Not collective

  Input Parameters:
+ law  - the law, type set
- name - the choice

  Output Parameter:
. value - its value (a string of the card)
@*/
PetscErrorCode TriboLawGetChoice(TriboLaw law, const char name[], const char *value[])
{
  PetscInt k;

  PetscFunctionBeginUser;
  PetscCall(TriboLawFindChoice_Private(law, name, &k));
  *value = law->own.choices[k].values[(PetscInt)law->p[law->own.nparams + k]];
  PetscFunctionReturn(0);
}

/*@
  TriboLawSetTable - Gives the law a table of data its card declares (e.g. the gap PDF of the rough law).

  Not collective

  Input Parameters:
+ law  - the law, type set
. name - the table's card name
. n    - number of values (>= 1)
- v    - the values (copied)

  Notes:
  A name the card does not declare, n < 1 or a value that is not finite is an error naming the law and the table.
  The law's derived data are prepared again (TriboLawSetUp()). The option -[prefix]friction_<name> v1,v2,... does the
  same. Setting the type again (TriboLawSetType()) forgets the tables.

.seealso: TriboLawCard, TriboLawSetUp()
@*/
PetscErrorCode TriboLawSetTable(TriboLaw law, const char name[], PetscInt n, const PetscReal v[])
{
  PetscBool match = PETSC_FALSE;
  PetscInt  k;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  for (k = 0; k < law->own.ntables && !match; k++) PetscCall(PetscStrcmp(name, law->own.tables[k].name, &match));
  PetscCheck(match, law->comm, PETSC_ERR_USER_INPUT, "interface law %s has no table \"%s\" (see -friction_view_models)", law->own.name, name);
  k--;
  PetscCheck(n >= 1, law->comm, PETSC_ERR_USER_INPUT, "interface law %s: table %s needs at least one value, got %" PetscInt_FMT, law->own.name, name,
             n);
  for (PetscInt i = 0; i < n; i++)
    PetscCheck(PetscIsNormalReal(v[i]) || v[i] == 0, law->comm, PETSC_ERR_USER_INPUT, "interface law %s: table %s value %" PetscInt_FMT " is %g",
               law->own.name, name, i, (double)v[i]);
  PetscCall(PetscFree(law->tv[k]));
  PetscCall(PetscMalloc1(n, &law->tv[k]));
  PetscCall(PetscArraycpy(law->tv[k], v, n));
  law->tn[k] = n;
  law->stale = law->own.setup ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboLawGetWork - Counts of the work done by the law's evaluations.

  Not collective

  Input Parameter:
. law - the law

  Output Parameters:
+ points     - points evaluated through TriboLawEvaluate(), TriboLawEvaluateV() and TriboLawEvaluateP() (or NULL)
. asperities - asperity evaluations among them (card work hook; points for a law without one) (or NULL)
- sliders    - slider updates among them (0 for a law without sliders) (or NULL)

  Notes:
  Kernels are pure and count nothing; callers of card->kernel who want counts multiply their number of points by the
  card's work(p) themselves.
@*/
PetscErrorCode TriboLawGetWork(TriboLaw law, PetscInt64 *points, PetscInt64 *asperities, PetscInt64 *sliders)
{
  PetscInt na = 1, ns = 0;

  PetscFunctionBeginUser;
  if (law->card && law->own.work) {
    PetscCall(TriboLawPrepare_Private(law));
    na = law->own.work(law->p, &ns);
  }
  if (points) *points = law->npoints;
  if (asperities) *asperities = law->npoints * na;
  if (sliders) *sliders = law->npoints * ns;
  PetscFunctionReturn(0);
}

/*@
  TriboLawSetFromOptions - Reads -friction_type and the card's parameters -friction_<name>.

  Collective

  Notes:
  Call TriboLawSetUp() afterwards (TriboJointSetUp() does) to check the parameter set as a whole.

  Options Database Keys:
+ -friction_type <edf>       - a registered law (see -friction_view_models), or one with "+kp" appended (post-slip spring, eq. 30)
. -friction_<param> <value> - every parameter of the chosen card (units in -help)
- -friction_view_models     - print every model card and continue
@*/
PetscErrorCode TriboLawSetFromOptions(TriboLaw law)
{
  char      type[64];
  PetscBool set, view = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(type, law->card ? law->card->name : TRIBOLAWEDF, sizeof(type)));
  TriboOptionsBegin(law->comm, law->prefix, "Interface law (friction and normal contact)", "TriboLaw");
  PetscCall(PetscOptionsFList("-friction_type", "interface law", "TriboLawSetType", TriboLawList, type, type, sizeof(type), &set));
  if (set || !law->card) PetscCall(TriboLawSetType(law, type));
  for (PetscInt i = 0; i < law->card->nparams; i++) {
    const TriboLawParam *pr = &law->card->params[i];
    char                 opt[96], help[256];
    PetscReal            v = law->p[i];
    PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", pr->name));
    PetscCall(PetscSNPrintf(help, sizeof(help), "%s [%s]", pr->help, pr->units));
    PetscCall(PetscOptionsReal(opt, help, "TriboLawSetParameter", v, &v, &set));
    if (set) PetscCall(TriboLawSetParameter(law, pr->name, v));
  }
  for (PetscInt k = 0; k < law->own.nchoices; k++) {
    const TriboLawChoice *ch = &law->own.choices[k];
    char                  opt[96];
    PetscInt              v = (PetscInt)law->p[law->own.nparams + k];
    PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", ch->name));
    PetscCall(PetscOptionsEList(opt, ch->help, "TriboLawSetChoice", ch->values, ch->nvalues, ch->values[v], &v, &set));
    if (set) PetscCall(TriboLawSetChoice(law, ch->name, ch->values[v]));
  }
  for (PetscInt k = 0; k < law->own.ntables; k++) {
    const TriboLawTable *tb = &law->own.tables[k];
    char                 opt[96], help[256];
    PetscInt             nmax = 100000;
    PetscReal           *buf;
    PetscCall(PetscMalloc1(nmax, &buf));
    PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", tb->name));
    PetscCall(PetscSNPrintf(help, sizeof(help), "%s [%s] (table)", tb->help, tb->units));
    PetscCall(TriboOptionsRealArray(opt, help, "TriboLawSetTable", buf, &nmax, &set, 0));
    if (set) PetscCall(TriboLawSetTable(law, tb->name, nmax, buf));
    PetscCall(PetscFree(buf));
  }
  PetscCall(PetscOptionsBool("-friction_view_models", "print every interface law's model card", "TriboLawViewModels", view, &view, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(law->prefix, "friction_"));
  if (view) PetscCall(TriboLawViewModels(PETSC_VIEWER_STDOUT_(law->comm)));
  PetscFunctionReturn(0);
}

static PetscErrorCode TriboLawCardView_Private(const TriboLawCard *c, const PetscReal *p, const PetscInt tn[], PetscViewer v)
{
  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(v, "%s: %s\n", c->name, c->title));
  PetscCall(PetscViewerASCIIPushTab(v));
  PetscCall(PetscViewerASCIIPrintf(v, "reference: %s\n", c->citation));
  PetscCall(PetscViewerASCIIPrintf(v, "law: %s\n", c->equations));
  PetscCall(PetscViewerASCIIPrintf(v, "history variables per point: %" PetscInt_FMT "; analytic tangent: %s; tangential directions: %s\n", c->nhist,
                                   c->analytic_tangent ? "yes" : "no", c->coupled_tangential ? "coupled option" : "decoupled"));
  if (c->kernel_v)
    PetscCall(PetscViewerASCIIPrintf(
        v, "rate dependent: t(u, v) with the relative velocity v [m/s]; quasi-static analyses see v = 0 (TriboLawIsRateDependent())\n"));
  PetscCall(PetscViewerASCIIPrintf(v, "parameter sensitivities: %s\n", c->kernel_p ? "analytic" : "directional differences (TriboLawEvaluateP())"));
  if (c->nhist)
    PetscCall(PetscViewerASCIIPrintf(v, "harmonic balance (AFT) Jacobian: %s\n",
                                     c->kernel_h ? "exact (state derivatives, kernel_h)"
                                                 : "forward differences of the march (3 ncoef + 1 marches per point)"));
  for (PetscInt i = 0; i < c->nparams; i++)
    PetscCall(PetscViewerASCIIPrintf(v, "%-8s = %-12g [%s] %s\n", c->params[i].name, (double)(p ? p[i] : c->params[i].value), c->params[i].units,
                                     c->params[i].help));
  for (PetscInt k = 0; k < c->nchoices; k++) {
    const TriboLawChoice *ch        = &c->choices[k];
    char                  list[512] = "";
    for (PetscInt j = 0; j < ch->nvalues; j++) {
      PetscCall(PetscStrlcat(list, j ? "|" : "", sizeof(list)));
      PetscCall(PetscStrlcat(list, ch->values[j], sizeof(list)));
    }
    PetscCall(PetscViewerASCIIPrintf(v, "%s = %s (%s) %s\n", ch->name, ch->values[p ? (PetscInt)p[c->nparams + k] : ch->value], list, ch->help));
  }
  for (PetscInt k = 0; k < c->ntables; k++)
    PetscCall(PetscViewerASCIIPrintf(v, "table %s [%s]: %s%s\n", c->tables[k].name, c->tables[k].units, c->tables[k].help,
                                     p ? (tn && tn[k] ? "" : " (not given)") : ""));
  if (p && tn)
    for (PetscInt k = 0; k < c->ntables; k++)
      if (tn[k]) PetscCall(PetscViewerASCIIPrintf(v, "table %s: %" PetscInt_FMT " values\n", c->tables[k].name, tn[k]));
  PetscCall(PetscViewerASCIIPopTab(v));
  PetscFunctionReturn(0);
}

/*@
  TriboLawSetUp - Checks that the parameter set is admissible as a whole (the card's validate
  function); individual ranges are checked when each parameter is set.
@*/
PetscErrorCode TriboLawSetUp(TriboLaw law)
{
  const char *why;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  why = law->card->validate ? law->card->validate(law->p) : NULL;
  PetscCheck(!why, law->comm, PETSC_ERR_USER_INPUT, "interface law %s: %s", law->card->name, why);
  PetscCall(TriboLawPrepare_Private(law));
  PetscFunctionReturn(0);
}

/*@
  TriboLawView - Prints the law's card with the current parameter values.

  Collective
@*/
PetscErrorCode TriboLawView(TriboLaw law, PetscViewer v)
{
  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set");
  PetscCall(TriboLawPrepare_Private(law));
  PetscCall(TriboLawCardView_Private(law->card, law->p, law->tn, v));
  PetscFunctionReturn(0);
}

/*@
  TriboLawViewModels - Prints the model card of every registered law (defaults shown).
@*/
PetscErrorCode TriboLawViewModels(PetscViewer v)
{
  const char **names = NULL;
  int          n     = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboLawRegisterAll());
  PetscCall(PetscFunctionListGet(TriboLawList, &names, &n));
  for (int i = 0; i < n; i++) {
    PetscErrorCode (*get)(const TriboLawCard **) = NULL;
    const TriboLawCard *c;
    if (!names[i] || !names[i][0]) continue;
    PetscCall(PetscFunctionListFind(TriboLawList, names[i], &get));
    if (!get) continue;
    PetscCall(get(&c));
    PetscCall(TriboLawCardView_Private(c, NULL, NULL, v));
  }
  PetscCall(PetscFree(names));
  PetscFunctionReturn(0);
}

/*@
  TriboLawEvaluate - Runs the law's kernel on n points.

  Not collective

  Input Parameters:
+ law  - the law
. mode - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL (tangential tractions zero)
. n    - number of points
. u    - [3n] relative displacements (t1, t2, n)
- h    - [nhist n] committed history

  Output Parameters:
+ t    - [3n] tractions
. dtdu - [9n] tangents (row-major 3x3 per point), or NULL
- hnew - [nhist n] trial history

  Notes:
  Non-finite displacements are reported with the point index (a diverged Newton step).
@*/
PetscErrorCode TriboLawEvaluate(TriboLaw law, TriboLawMode mode, PetscInt n, const PetscReal u[], const PetscReal h[], PetscReal t[],
                                PetscReal dtdu[], PetscReal hnew[])
{
  PetscInt bad;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set");
  PetscCall(TriboLawPrepare_Private(law));
  law->npoints += n;
  bad = law->card->kernel(law->p, mode, n, u, h, t, dtdu, hnew);
  PetscCheck(!bad, PETSC_COMM_SELF, PETSC_ERR_FP, "interface law %s: non-physical input at point %" PetscInt_FMT ": u = (%g, %g, %g)",
             law->card->name, bad - 1, (double)u[3 * (bad - 1)], (double)u[3 * (bad - 1) + 1], (double)u[3 * (bad - 1) + 2]);
  PetscFunctionReturn(0);
}

/*@
  TriboLawEvaluateV - Runs a law's kernel on n points with their relative velocities.

  Not collective

  Input Parameters:
+ law  - the law
. mode - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL (tangential tractions zero)
. n    - number of points
. u    - [3n] relative displacements (t1, t2, n) [m]
. v    - [3n] relative velocities, same frame and order [m/s]
- h    - [nhist n] committed history (NULL when nhist = 0)

  Output Parameters:
+ t    - [3n] tractions
. dtdu - [9n] dt/du (row-major 3x3 per point), or NULL
. dtdv - [9n] dt/dv (row-major 3x3 per point), or NULL
- hnew - [nhist n] trial history (NULL when nhist = 0)

  Notes:
  A rate-independent law (no kernel_v) is evaluated by its displacement kernel and gets dtdv = 0, so that
  velocity-aware callers (the AFT of TriboHBAFTV(), the transient integrator) treat every law alike.

.seealso: TriboLawIsRateDependent(), TriboLawEvaluate()
@*/
PetscErrorCode TriboLawEvaluateV(TriboLaw law, TriboLawMode mode, PetscInt n, const PetscReal u[], const PetscReal v[], const PetscReal h[],
                                 PetscReal t[], PetscReal dtdu[], PetscReal dtdv[], PetscReal hnew[])
{
  PetscInt bad;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set");
  PetscCall(TriboLawPrepare_Private(law));
  law->npoints += n;
  PetscCheck(!law->card->nhist || (h && hnew), law->comm, PETSC_ERR_ARG_NULL, "interface law %s keeps a history: pass h and hnew", law->card->name);
  if (law->card->kernel_v)
    bad = law->card->kernel_v(law->p, mode, n, u, v, h, t, dtdu, dtdv, hnew);
  else {
    bad = law->card->kernel(law->p, mode, n, u, h, t, dtdu, hnew);
    if (dtdv) PetscCall(PetscArrayzero(dtdv, 9 * n));
  }
  PetscCheck(!bad, PETSC_COMM_SELF, PETSC_ERR_FP,
             "interface law %s: non-physical input at point %" PetscInt_FMT ": u = (%g, %g, %g), v = (%g, %g, %g)", law->card->name, bad - 1,
             (double)u[3 * (bad - 1)], (double)u[3 * (bad - 1) + 1], (double)u[3 * (bad - 1) + 2], (double)v[3 * (bad - 1)],
             (double)v[3 * (bad - 1) + 1], (double)v[3 * (bad - 1) + 2]);
  PetscFunctionReturn(0);
}

/*@
  TriboLawEvaluateP - Tractions of n points and their total derivatives with respect to the law's parameters.

  Not collective

  Input Parameters:
+ law  - the law
. mode - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
. n    - number of points
. u    - [3n] relative displacements
. h    - [nhist n] committed history (NULL when nhist = 0)
- hp   - [n nhist np] its parameter sensitivities, hp[(i nhist + a) np + k] = dh_a/dp_k (zeros for a fresh history;
         NULL when nhist = 0)

  Output Parameters:
+ t     - [3n] tractions
. dtdp  - [3n np] dtdp[(3i + r) np + k] = dt_r/dp_k, the total derivative (through the history too)
. hnew  - [nhist n] trial history (NULL when nhist = 0)
- hpnew - [n nhist np] its sensitivities, to be committed with hnew (NULL when nhist = 0)

  Notes:
  np is the card's nparams. This is the parameter-derivative propagation of porter-et-al-2022 §2.3.2 (eq. 28) used
  by gradient-based fitting: the sensitivities of the history are carried from step to step like the history.
  A card with kernel_p gives them analytically. Otherwise they are one-sided directional differences: for each
  parameter k, the kernel is evaluated at (p + e_k d, h + hp_k d) with d = 1e-7 |p_k| (1e-12 when p_k = 0),
  which differentiates the law and its history together; expect about 7 correct digits away from stick/slip
  switches, where the law is not differentiable.

.seealso: TriboLawEvaluate(), TriboLawCard
@*/
PetscErrorCode TriboLawEvaluateP(TriboLaw law, TriboLawMode mode, PetscInt n, const PetscReal u[], const PetscReal h[], const PetscReal hp[],
                                 PetscReal t[], PetscReal dtdp[], PetscReal hnew[], PetscReal hpnew[])
{
  const TriboLawCard *c;
  PetscInt            bad, np, nh;

  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set");
  PetscCall(TriboLawPrepare_Private(law));
  law->npoints += n;
  c  = law->card;
  np = c->nparams;
  nh = c->nhist;
  PetscCheck(!nh || (h && hp && hnew && hpnew), law->comm, PETSC_ERR_ARG_NULL, "interface law %s keeps a history: pass h, hp, hnew and hpnew",
             c->name);
  if (c->kernel_p)
    bad = c->kernel_p(law->p, mode, n, u, h, hp, t, dtdp, hnew, hpnew);
  else {
    PetscReal *pp, *hh, *tt, *hn;
    PetscInt   nall = np + c->nchoices + law->nderived; // a card with derived data gets them again for the perturbed parameters
    PetscCall(PetscCalloc4(nall, &pp, nh * n + 1, &hh, 3 * n, &tt, nh * n + 1, &hn));
    bad = c->kernel(law->p, mode, n, u, h, t, NULL, hnew);
    for (PetscInt k = 0; k < np && !bad; k++) {
      PetscReal d = law->p[k] != 0 ? 1e-7 * PetscAbsReal(law->p[k]) : 1e-12;
      PetscCall(PetscArraycpy(pp, law->p, nall));
      pp[k] += d;
      if (c->setup) {
        PetscInt    nh2, nd2;
        char        why[256];
        const char *msg = c->setup(pp, law->tn, (const PetscReal *const *)law->tv, &nh2, &nd2, pp + np + c->nchoices, NULL, why, sizeof(why));
        PetscCheck(!msg && nh2 == nh && nd2 == law->nderived, law->comm, PETSC_ERR_SUP, "interface law %s: parameter %s cannot be differenced (%s)",
                   c->name, c->params[k].name, msg ? msg : "its sizes change");
      }
      for (PetscInt i = 0; i < n; i++)
        for (PetscInt a = 0; a < nh; a++) hh[i * nh + a] = h[i * nh + a] + d * hp[(i * nh + a) * np + k];
      bad = c->kernel(pp, mode, n, u, hh, tt, NULL, hn);
      for (PetscInt i = 0; i < 3 * n; i++) dtdp[i * np + k] = (tt[i] - t[i]) / d;
      for (PetscInt i = 0; i < nh * n; i++) hpnew[i * np + k] = (hn[i] - hnew[i]) / d;
    }
    PetscCall(PetscFree4(pp, hh, tt, hn));
  }
  PetscCheck(!bad, PETSC_COMM_SELF, PETSC_ERR_FP, "interface law %s: non-physical input at point %" PetscInt_FMT ": u = (%g, %g, %g)", c->name,
             bad - 1, (double)u[3 * (bad - 1)], (double)u[3 * (bad - 1) + 1], (double)u[3 * (bad - 1) + 2]);
  PetscFunctionReturn(0);
}

/*@
  TriboLawCardIsRateDependent - Whether a law's tractions depend on the relative velocity (the card has a kernel_v).

  Not collective

  Input Parameter:
. card - the law's card

  Output Parameter:
. flg - PETSC_TRUE for a rate-dependent law (e.g. tanh)

  Notes:
  The displacement kernel of such a law evaluates it at v = 0: a quasi-static analysis (prestress, RQNMA) sees no
  velocity, so a regularized friction law would give no tangential traction at all. Such analyses should refuse the
  law with TriboLawIsRateDependent(); harmonic balance passes the velocities (TriboHBAFTV()).
@*/
PetscErrorCode TriboLawCardIsRateDependent(const TriboLawCard *card, PetscBool *flg)
{
  PetscFunctionBeginUser;
  *flg = card->kernel_v ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboLawIsRateDependent - Whether the law's tractions depend on the relative velocity.

  Not collective

  Input Parameter:
. law - the law, type set

  Output Parameter:
. flg - PETSC_TRUE for a rate-dependent law (e.g. tanh)

  Notes:
  Quasi-static analyses (prestress, modes, RQNMA) evaluate laws at v = 0 and should refuse a rate-dependent one,
  e.g.
.vb
    PetscCall(TriboLawIsRateDependent(law, &rate));
    PetscCheck(!rate, comm, PETSC_ERR_USER_INPUT, "the quasi-static prestress cannot use the rate-dependent law %s", type);
.ve

.seealso: TriboLawCardIsRateDependent(), TriboLawEvaluateV(), TriboHBAFTV()
@*/
PetscErrorCode TriboLawIsRateDependent(TriboLaw law, PetscBool *flg)
{
  PetscFunctionBeginUser;
  PetscCheck(law->card, law->comm, PETSC_ERR_ARG_WRONGSTATE, "interface law type not set (use -friction_type)");
  PetscCall(TriboLawCardIsRateDependent(law->card, flg));
  PetscFunctionReturn(0);
}

/*@
  TriboLawDestroy - Destroys the law.

  Collective
@*/
PetscErrorCode TriboLawDestroy(TriboLaw *law)
{
  PetscFunctionBeginUser;
  if (!*law) PetscFunctionReturn(0);
  PetscCall(TriboLawFreeData_Private(*law));
  PetscCall(PetscFree((*law)->prefix));
  PetscCall(PetscFree(*law));
  PetscFunctionReturn(0);
}
