#define _POSIX_C_SOURCE 200809L // strtoll
#include <tribosys.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

/* Option namespaces. A class registers the namespaces of its options once ("prestress_",
   "backbone_", an implementation's "rqnma_"); an object marks its namespace, with its own prefix, as
   in use when its SetFromOptions reads it. TriboOptionsCheckUsed() then tells a misspelt option
   (unused, in a namespace in use, or in no namespace at all) from an option of another verb (in a
   known namespace that no object of this run reads, e.g. from a configuration file shared by
   several verbs). Both lists grow with the registries, so nothing here names a class. */
static char    **known = NULL, **used = NULL;
static PetscInt  nknown = 0, nused = 0, mknown = 0, mused = 0;
static PetscBool finalizer = PETSC_FALSE;

static PetscErrorCode OptionsFinalize_Private(void)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < nknown; i++) PetscCall(PetscFree(known[i]));
  for (PetscInt i = 0; i < nused; i++) PetscCall(PetscFree(used[i]));
  PetscCall(PetscFree(known));
  PetscCall(PetscFree(used));
  nknown = nused = mknown = mused = 0;
  finalizer                       = PETSC_FALSE;
  PetscFunctionReturn(0);
}

static PetscErrorCode ListAdd_Private(char ***list, PetscInt *n, PetscInt *m, const char name[])
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < *n; i++)
    if (!strcmp((*list)[i], name)) PetscFunctionReturn(0);
  if (*n == *m) {
    char **grown;
    *m = PetscMax(16, 2 * *m);
    PetscCall(PetscMalloc1(*m, &grown));
    if (*n) PetscCall(PetscArraycpy(grown, *list, *n));
    PetscCall(PetscFree(*list));
    *list = grown;
  }
  PetscCall(PetscStrallocpy(name, &(*list)[(*n)++]));
  if (!finalizer) {
    PetscCall(PetscRegisterFinalize(OptionsFinalize_Private));
    finalizer = PETSC_TRUE;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboOptionsRegisterNamespace - Declares an option namespace of a class, e.g. "prestress_", so
  that options in it are known to the program even where no object of the class is created.

  Not collective

  Input Parameter:
. ns - the namespace, with its trailing underscore

  Notes:
  Called by the classes' registration functions (TriboLawRegisterAll(), TriboNMARegister(), ...),
  never by the verbs: a class or implementation a user registers brings its own namespace.

.seealso: TriboOptionsUseNamespace(), TriboOptionsCheckUsed()
@*/
PetscErrorCode TriboOptionsRegisterNamespace(const char ns[])
{
  PetscFunctionBeginUser;
  PetscCall(ListAdd_Private(&known, &nknown, &mknown, ns));
  PetscFunctionReturn(0);
}

/*@
  TriboOptionsUseNamespace - Marks the options prefix//ns as read by an object of this run.

  Not collective

  Input Parameters:
+ prefix - the object's options prefix (NULL for none)
- ns     - the class's namespace, e.g. "prestress_"

  Notes:
  Called by an object's SetFromOptions. An unused option in a namespace in use is a misspelling
  (TriboOptionsCheckUsed() rejects it); the namespace is registered as known too.
@*/
PetscErrorCode TriboOptionsUseNamespace(const char prefix[], const char ns[])
{
  char full[256];

  PetscFunctionBeginUser;
  PetscCall(TriboOptionsRegisterNamespace(ns));
  PetscCall(PetscSNPrintf(full, sizeof(full), "%s%s", prefix ? prefix : "", ns));
  PetscCall(ListAdd_Private(&used, &nused, &mused, full));
  PetscFunctionReturn(0);
}

static PetscBool StartsWithAny_Private(const char name[], char **list, PetscInt n)
{
  for (PetscInt i = 0; i < n; i++)
    if (!strncmp(name, list[i], strlen(list[i]))) return PETSC_TRUE;
  return PETSC_FALSE;
}

/*@
  TriboOptionsCheckUsed - Fails with one clear message naming every option that was given but
  that nothing read: a misspelling, or an option of no object of this run.

  Collective

  Input Parameters:
+ comm - communicator
- what - what ran, for the message (e.g. "tribo backbone"); NULL for "this program"

  Notes:
  Objects read their options in their SetFromOptions, before any computation; callers check
  then, so that a typo costs a second, not the run. An unused option is accepted only when it
  lies in a registered namespace that no object of this run uses: it belongs to another verb
  (a configuration file may serve several verbs). PETSc reads its viewer options (-*_view*,
  -*_converged_reason) only when a solve ends; they are not checked.
@*/
PetscErrorCode TriboOptionsCheckUsed(MPI_Comm comm, const char what[])
{
  PetscInt n, bad = 0;
  char   **names, **values, list[1024] = "";

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsLeftGet(NULL, &n, &names, &values));
  for (PetscInt i = 0; i < n; i++) {
    if (strstr(names[i], "converged_reason") || strstr(names[i], "_view")) continue;
    if (!StartsWithAny_Private(names[i], used, nused) && StartsWithAny_Private(names[i], known, nknown)) continue;
    if (bad++) PetscCall(PetscStrlcat(list, ", ", sizeof(list)));
    PetscCall(PetscStrlcat(list, "-", sizeof(list)));
    PetscCall(PetscStrlcat(list, names[i], sizeof(list)));
  }
  PetscCall(PetscOptionsLeftRestore(NULL, &n, &names, &values));
  PetscCheck(!bad, comm, PETSC_ERR_USER_INPUT, "unknown option%s %s (misspelt, or not an option of %s: see %s -help)", bad > 1 ? "s" : "", list,
             what ? what : "this program", what ? what : "the program's");
  PetscFunctionReturn(0);
}

/* -help prints tribo's own options; PETSc's generic and solver options only with -help all. The
   printer PETSc's options blocks use (PetscHelpPrintf) is swapped for a silent one, except inside
   tribo's own blocks, which push "show" (TriboHelpPush(PETSC_TRUE)); solvers set up from there
   push "hide". */
static PetscErrorCode (*helpprintf)(MPI_Comm, const char[], ...) = NULL; /* PETSc's printer, while tribo manages help */
static PetscBool helpall                                         = PETSC_FALSE;
static PetscBool helpstack[32];
static PetscInt  helpdepth = 0;

static PetscErrorCode HelpPrintfQuiet_Private(MPI_Comm comm, const char fmt[], ...)
{
  return 0;
}

/* tribo's help lines, cleaned (issue 30): PETSc's "<now X : formerly X>" becomes "<X>" ("<X> (default Y)" when they differ), and
   the manual page's C function name that ends an option line, "(TriboNMASetType)" or "()", is dropped */
static PetscBool Ident_Private(const char *a, const char *b)
{
  for (const char *c = a; c < b; c++)
    if (!(isalnum((unsigned char)*c) || *c == '_')) return PETSC_FALSE;
  return PETSC_TRUE;
}

static PetscErrorCode HelpPrintfClean_Private(MPI_Comm comm, const char fmt[], ...)
{
  char    buf[4096], out[4096], *p = buf, *o = out, *lt;
  size_t  n;
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  // "<now X : formerly Y>" and "<X : Y>" (the value now, the default): "<X>", or "<X> (default Y)" when they differ
  while ((lt = strchr(p, '<'))) {
    char *gt = strchr(lt, '>'), *sep = strstr(lt, " : "), *x = lt + 1, *y;
    if (!gt || !sep || sep > gt) {
      o += snprintf(o, sizeof(out) - (size_t)(o - out), "%.*s", (int)(lt - p + 1), p);
      p = lt + 1;
      continue;
    }
    if (!strncmp(x, "now ", 4)) x += 4;
    y = sep + 3;
    if (!strncmp(y, "formerly ", 9)) y += 9;
    if (sep == x)
      o += snprintf(o, sizeof(out) - (size_t)(o - out), "%.*s<none>", (int)(lt - p), p);
    else
      o += snprintf(o, sizeof(out) - (size_t)(o - out), "%.*s<%.*s>", (int)(lt - p), p, (int)(sep - x), x);
    if (gt - y != sep - x || strncmp(x, y, (size_t)(sep - x))) o += snprintf(o, sizeof(out) - (size_t)(o - out), " (default %.*s)", (int)(gt - y), y);
    p = gt + 1;
    if ((size_t)(o - out) >= sizeof(out) - 1) break;
  }
  if ((size_t)(o - out) < sizeof(out) - 1) snprintf(o, sizeof(out) - (size_t)(o - out), "%s", p);
  // the manual page's name in parentheses that ends an option line (or is printed alone after a list of choices)
  n = strlen(out);
  if (n >= 4 && out[n - 1] == '\n' && out[n - 2] == ')') {
    char *open = out + n - 2;
    while (open > out && *open != '(') open--;
    if (*open == '(' && open > out && open[-1] == ' ' && Ident_Private(open + 1, out + n - 2) && (!strncmp(out, "  -", 3) || open == out + 1))
      open[-1] = '\n', open[0] = 0;
  }
  return (*helpprintf)(comm, "%s", out);
}

static PetscBool helpon     = PETSC_FALSE; /* -help was given */
static PetscBool helphidden = PETSC_FALSE; /* -help taken out of the database while a solver reads its options */

static PetscErrorCode HelpApply_Private(void)
{
  PetscBool show = helpdepth ? helpstack[helpdepth - 1] : PETSC_FALSE;

  PetscFunctionBeginUser;
  if (!helpprintf) PetscFunctionReturn(0);
  PetscHelpPrintf = (helpall || show) ? HelpPrintfClean_Private : HelpPrintfQuiet_Private;
  // PETSc prints the lists of types (-snes_type ...) with PetscFPrintf, not PetscHelpPrintf: a
  // solver set up inside tribo's blocks reads its options without -help in the database
  if (!helpon) PetscFunctionReturn(0);
  if (!helpall && helpdepth && !show && !helphidden) {
    PetscCall(PetscOptionsClearValue(NULL, "-help"));
    helphidden = PETSC_TRUE;
  } else if (helphidden && (!helpdepth || show)) {
    PetscCall(PetscOptionsSetValue(NULL, "-help", NULL));
    helphidden = PETSC_FALSE;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboHelpInitialize - Lets tribo choose which help PETSc prints: tribo's own options (grouped
  by object, with units and defaults) always, PETSc's generic and solver options only with
  -help all. Called once by the program after PetscInitialize(); without it (a library user's
  program) PETSc prints all help as usual.

  Not collective

  Input Parameter:
. all - PETSC_TRUE: show PETSc's help too (-help all)
@*/
PetscErrorCode TriboHelpInitialize(PetscBool all)
{
  PetscFunctionBeginUser;
  helpall = all;
  PetscCall(PetscOptionsHasHelp(NULL, &helpon));
  if (!helpprintf) helpprintf = PetscHelpPrintf;
  PetscCall(HelpApply_Private());
  PetscFunctionReturn(0);
}

/*@
  TriboHelpPush - Shows (PETSC_TRUE: tribo's own options block) or hides (PETSC_FALSE: a PETSc
  solver set up from tribo's options) the help printed until the matching TriboHelpPop().

  Not collective
@*/
PetscErrorCode TriboHelpPush(PetscBool show)
{
  PetscFunctionBeginUser;
  PetscCheck(helpdepth < (PetscInt)(sizeof(helpstack) / sizeof(helpstack[0])), PETSC_COMM_SELF, PETSC_ERR_PLIB, "TriboHelpPush() nested too deep");
  helpstack[helpdepth++] = show;
  PetscCall(HelpApply_Private());
  PetscFunctionReturn(0);
}

/*@
  TriboHelpPop - Ends a TriboHelpPush().

  Not collective
@*/
PetscErrorCode TriboHelpPop(void)
{
  PetscFunctionBeginUser;
  PetscCheck(helpdepth > 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "TriboHelpPop() without TriboHelpPush()");
  helpdepth--;
  PetscCall(HelpApply_Private());
  PetscFunctionReturn(0);
}

/*@
  TriboFunctionListNames - The names in a registry (PetscFunctionList), in registration order,
  joined by ", ", for messages such as "unknown law ...; known laws: penalty, jenkins, edf".

  Not collective

  Input Parameters:
+ list - the registry
- len  - size of names

  Output Parameter:
. names - the joined names (truncated to len - 1 characters)
@*/
PetscErrorCode TriboFunctionListNames(PetscFunctionList list, char names[], size_t len)
{
  const char **array = NULL;
  int          n     = 0;

  PetscFunctionBeginUser;
  names[0] = 0;
  if (list) PetscCall(PetscFunctionListGet(list, &array, &n));
  for (int i = 0; i < n; i++) {
    if (!array[i] || !array[i][0]) continue;
    if (names[0]) PetscCall(PetscStrlcat(names, ", ", len));
    PetscCall(PetscStrlcat(names, array[i], len));
  }
  PetscCall(PetscFree(array));
  PetscFunctionReturn(0);
}

/*@
  TriboFunctionListFindOrError - Looks a name up in a registry; an unknown name is a user-input
  error that names the option and lists the registered names.

  Collective on comm (for the error)

  Input Parameters:
+ comm   - communicator of the error
. list   - the registry
. name   - the name looked up
. what   - what the registry holds, for the message (e.g. "interface law")
- option - the option that names it (e.g. "-friction_type")

  Output Parameter:
. fn - the registered function

  Notes:
  The message reads: unknown interface law "foo" (option -friction_type); known: penalty, jenkins, ...
@*/
PetscErrorCode TriboFunctionListFindOrError(MPI_Comm comm, PetscFunctionList list, const char name[], const char what[], const char option[],
                                            void (**fn)(void))
{
  PetscFunctionBeginUser;
  PetscCall(PetscFunctionListFind(list, name, fn));
  if (!*fn) {
    char names[1024];
    PetscCall(TriboFunctionListNames(list, names, sizeof(names)));
    SETERRQ(comm, PETSC_ERR_USER_INPUT, "unknown %s \"%s\" (option %s); known: %s", what, name, option, names);
  }
  PetscFunctionReturn(0);
}

/* Integer options, checked before PETSc reads them (issue 34, item 8). PETSc 3.18 converts an
   integer option with atoi()/strtol() into a 32-bit PetscInt: 4294967297 became 1 and
   99999999999 a huge step count. Each item of the value that is a plain decimal integer (a list's
   items are separated by commas; PETSc's a-b and a:b ranges and DEFAULT/DECIDE are left to PETSc)
   is read as a 64-bit number and must lie in [lo, hi]. */
static PetscErrorCode CheckIntValue_Private(const char prefix[], const char name[], const char value[], PetscInt lo, PetscInt hi)
{
  const char *s = value;

  PetscFunctionBeginUser;
  while (s && *s) {
    const char *e = strchr(s, ',');
    size_t      n = e ? (size_t)(e - s) : strlen(s);
    char        tok[64], *end;
    size_t      i = 0, k;
    long long   v;
    int         digits = 1;

    while (n && (*s == ' ' || *s == '\t')) s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
    if (n && n < sizeof(tok)) {
      memcpy(tok, s, n);
      tok[n] = 0;
      if (tok[0] == '+' || tok[0] == '-') i = 1;
      for (k = i; k < n; k++)
        if (tok[k] < '0' || tok[k] > '9') digits = 0;
      if (digits && n > i) {
        errno = 0;
        v     = strtoll(tok, &end, 10);
        PetscCheck(errno != ERANGE && v >= lo && v <= hi, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
                   "option -%s%s: %s is out of range; expected an integer from %" PetscInt_FMT " to %" PetscInt_FMT, prefix ? prefix : "", name + 1,
                   tok, lo, hi);
      }
    } else if (n >= sizeof(tok)) {
      PetscBool num = PETSC_TRUE;
      for (k = (s[0] == '+' || s[0] == '-'); k < n; k++)
        if (s[k] < '0' || s[k] > '9') num = PETSC_FALSE;
      PetscCheck(!num, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
                 "option -%s%s: an integer of %zu digits is out of range; expected one from %" PetscInt_FMT " to %" PetscInt_FMT,
                 prefix ? prefix : "", name + 1, n, lo, hi);
    }
    s = e ? e + 1 : NULL;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckInt_Private(PetscOptions options, const char prefix[], const char name[], PetscInt lo, PetscInt hi)
{
  const char *value = NULL;
  PetscBool   has   = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsFindPair(options, prefix, name, &value, &has));
  if (has && value) PetscCall(CheckIntValue_Private(prefix, name, value, lo, hi));
  PetscFunctionReturn(0);
}

/*
  TriboOptionsInt_Private - PetscOptionsInt_Private() after a 64-bit range check of the value (TriboOptionsInt(), TriboOptionsRangeInt())
*/
PetscErrorCode TriboOptionsInt_Private(PetscOptionItems *po, const char opt[], const char text[], const char man[], PetscInt cur, PetscInt *v,
                                       PetscBool *set, PetscInt lo, PetscInt hi)
{
  PetscFunctionBeginUser;
  PetscCall(CheckInt_Private(po->options, po->prefix, opt, lo, hi));
  PetscCall(PetscOptionsInt_Private(po, opt, text, man, cur, v, set, lo, hi));
  PetscFunctionReturn(0);
}

/* The help line of a list option with its whole default (PETSc 3.18 shows the first value only, and of an unset list
   whatever the array held): "-name <v1,v2,...>" or "-name <none>" */
static PetscErrorCode ListHelp_Private(PetscOptionItems *po, const char opt[], const char text[], const char man[], const char def[])
{
  PetscFunctionBeginUser;
  if (po->printhelp && po->count == 1 && !po->alreadyprinted)
    PetscCall((*PetscHelpPrintf)(po->comm, "  -%s%s <%s>: %s (%s)\n", po->prefix ? po->prefix : "", opt + 1, def, text, man ? man : ""));
  PetscFunctionReturn(0);
}

/*
  TriboOptionsIntArray_Private - PetscOptionsIntArray_Private() after the range check of each item, its help line showing the ndef
  default values whole (TriboOptionsIntArray())
*/
PetscErrorCode TriboOptionsIntArray_Private(PetscOptionItems *po, const char opt[], const char text[], const char man[], PetscInt v[], PetscInt *n,
                                            PetscBool *set, PetscInt ndef)
{
  char def[256]                                          = "none", item[32];
  PetscErrorCode (*printer)(MPI_Comm, const char[], ...) = PetscHelpPrintf;

  PetscFunctionBeginUser;
  PetscCall(CheckInt_Private(po->options, po->prefix, opt, PETSC_MIN_INT, PETSC_MAX_INT));
  for (PetscInt i = 0; i < ndef; i++) {
    PetscCall(PetscSNPrintf(item, sizeof(item), "%s%" PetscInt_FMT, i ? "," : "", v[i]));
    if (!i) def[0] = 0;
    PetscCall(PetscStrlcat(def, item, sizeof(def)));
  }
  PetscCall(ListHelp_Private(po, opt, text, man, def));
  PetscHelpPrintf = HelpPrintfQuiet_Private; // PETSc's own line for the list
  PetscCall(PetscOptionsIntArray_Private(po, opt, text, man, v, n, set));
  PetscHelpPrintf = printer;
  PetscFunctionReturn(0);
}

/*
  TriboOptionsRealArray_Private - PetscOptionsRealArray_Private() with a help line that shows the ndef default values whole
  ("none" for 0; TriboOptionsRealArray())
*/
PetscErrorCode TriboOptionsRealArray_Private(PetscOptionItems *po, const char opt[], const char text[], const char man[], PetscReal v[], PetscInt *n,
                                             PetscBool *set, PetscInt ndef)
{
  char def[256]                                          = "none", item[48];
  PetscErrorCode (*printer)(MPI_Comm, const char[], ...) = PetscHelpPrintf;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < ndef; i++) {
    snprintf(item, sizeof(item), "%s%g", i ? "," : "", (double)v[i]);
    if (!i) def[0] = 0;
    PetscCall(PetscStrlcat(def, item, sizeof(def)));
  }
  PetscCall(ListHelp_Private(po, opt, text, man, def));
  PetscHelpPrintf = HelpPrintfQuiet_Private;
  PetscCall(PetscOptionsRealArray_Private(po, opt, text, man, v, n, set));
  PetscHelpPrintf = printer;
  PetscFunctionReturn(0);
}

/*@
  TriboOptionsGetInt - PetscOptionsGetInt() with the value checked as a 64-bit integer first: a value
  beyond the 32-bit range is an error naming the option, not a wrapped number.

  Not collective

  Input Parameters:
+ options - the database (NULL: the default one)
. prefix  - the prefix (may be NULL)
- name    - the option, with its leading -

  Output Parameters:
+ v   - the value
- set - whether it was given (may be NULL)
@*/
PetscErrorCode TriboOptionsGetInt(PetscOptions options, const char prefix[], const char name[], PetscInt *v, PetscBool *set)
{
  PetscFunctionBeginUser;
  PetscCall(CheckInt_Private(options, prefix, name, PETSC_MIN_INT, PETSC_MAX_INT));
  PetscCall(PetscOptionsGetInt(options, prefix, name, v, set));
  PetscFunctionReturn(0);
}
