/* Abaqus deck reader, lexical layer: the file read on rank 0 and broadcast, lines, comma-separated
   fields, keyword lines with their parameters, numbers, and the messages for ignored keywords.

   Syntax (Abaqus Keywords Reference, "Input syntax rules"): a line starting with "**" is a
   comment; a line starting with "*" is a keyword line "*Keyword, param=value, flag" (keywords and
   parameter names are case-insensitive, a keyword line ending with a comma continues on the next
   line); other lines are comma-separated data lines belonging to the last keyword. Blank numeric
   fields are zero; a data line of *Element ending with a comma continues on the next line. */
#include <tribo/private/inpimpl.h>

/*@
  InpGrow_Private - Makes room for one more entry in a growable array.

  Input Parameters:
+ a      - address of the array
. size   - size of one entry
. n      - entries in use
- cap    - capacity, updated

  Notes:
  The new part of the array is zeroed; capacity doubles.
@*/
PetscErrorCode InpGrow_Private(void **a, size_t size, PetscInt n, PetscInt *cap)
{
  PetscFunctionBeginUser;
  if (n < *cap) PetscFunctionReturn(0);
  {
    PetscInt newcap = PetscMax(16, 2 * (*cap));
    PetscCall(PetscRealloc(size * (size_t)newcap, a));
    PetscCall(PetscMemzero((char *)*a + size * (size_t)(*cap), size * (size_t)(newcap - *cap)));
    *cap = newcap;
  }
  PetscFunctionReturn(0);
}

PetscErrorCode InpUpper_Private(const char in[], char out[])
{
  size_t i;

  PetscFunctionBeginUser;
  for (i = 0; in[i] && i < INP_NAME - 1; i++) out[i] = (char)toupper((unsigned char)in[i]);
  out[i] = 0;
  PetscFunctionReturn(0);
}

PetscBool InpIsInt_Private(const char s[])
{
  if (*s == '+' || *s == '-') s++;
  if (!*s) return PETSC_FALSE;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s)) return PETSC_FALSE;
  return PETSC_TRUE;
}

// Trims blanks (and surrounding double quotes) in place; returns the start
char *InpTrim_Private(char *s)
{
  char *e;

  while (*s == ' ' || *s == '\t') s++;
  e = s + strlen(s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t')) *--e = 0;
  if (e - s >= 2 && s[0] == '"' && e[-1] == '"') {
    e[-1] = 0;
    s++;
  }
  return s;
}

// Splits text (copied into the scratch buffer) at commas into p->fld
static PetscErrorCode InpSplit_Private(InpParser p, const char text[])
{
  size_t len = strlen(text);
  char  *s;

  PetscFunctionBeginUser;
  if (len + 1 > p->scrcap) {
    p->scrcap = PetscMax(2 * p->scrcap, len + 1);
    PetscCall(PetscFree(p->scr));
    PetscCall(PetscMalloc1(p->scrcap, &p->scr));
  }
  PetscCall(PetscMemcpy(p->scr, text, len + 1));
  p->nfld = 0;
  s       = p->scr;
  for (;;) {
    char *c = strchr(s, ',');

    if (c) *c = 0;
    PetscCall(InpGrow_Private((void **)&p->fld, sizeof(char *), p->nfld, &p->fldcap));
    p->fld[p->nfld++] = InpTrim_Private(s);
    if (!c) break;
    s = c + 1;
  }
  PetscFunctionReturn(0);
}

PetscBool InpIsComment_Private(const char s[])
{
  while (*s == ' ' || *s == '\t') s++;
  return (PetscBool)(!*s || (s[0] == '*' && s[1] == '*'));
}

PetscBool InpIsKeyword_Private(const char s[])
{
  while (*s == ' ' || *s == '\t') s++;
  return (PetscBool)(s[0] == '*' && s[1] != '*');
}

// Skips comments and blank lines; returns whether a line is left before p->stop
PetscBool InpMore_Private(InpParser p, PetscInt stop)
{
  while (p->cur < stop && InpIsComment_Private(p->lines[p->cur])) p->cur++;
  return (PetscBool)(p->cur < stop);
}

/*@
  InpNextData_Private - Reads the next data line of the current keyword into p->fld.

  Output Parameter:
. isdata - PETSC_FALSE at the next keyword line (not consumed) or at the end of the current range

  Notes:
  p->comma tells whether the line ended with a comma (the empty last field is dropped).
@*/
PetscErrorCode InpNextData_Private(InpParser p, PetscBool *isdata)
{
  const char *s;
  size_t      len;

  PetscFunctionBeginUser;
  *isdata = PETSC_FALSE;
  if (!InpMore_Private(p, p->stop) || InpIsKeyword_Private(p->lines[p->cur])) PetscFunctionReturn(0);
  s       = p->lines[p->cur++];
  p->line = p->cur;
  PetscCall(InpSplit_Private(p, s));
  len = strlen(s);
  while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t')) len--;
  p->comma = (PetscBool)(len > 0 && s[len - 1] == ',');
  if (p->comma && p->nfld > 1) p->nfld--;
  *isdata = PETSC_TRUE;
  PetscFunctionReturn(0);
}

PetscErrorCode InpSkipData_Private(InpParser p)
{
  PetscFunctionBeginUser;
  while (InpMore_Private(p, p->stop) && !InpIsKeyword_Private(p->lines[p->cur])) p->cur++;
  PetscFunctionReturn(0);
}

// Upper case, blanks collapsed to single spaces
void InpNormalize_Private(const char in[], char out[], size_t n)
{
  size_t k = 0;

  for (; *in && k + 1 < n; in++) {
    if (*in == ' ' || *in == '\t') {
      if (k > 0 && out[k - 1] != ' ') out[k++] = ' ';
    } else
      out[k++] = (char)toupper((unsigned char)*in);
  }
  while (k > 0 && out[k - 1] == ' ') k--;
  out[k] = 0;
}

// Reads the keyword line at p->cur (with its continuation lines) into p->kw and the parameters
// (kept in p->kwtext, apart from the data-line fields, until the next keyword)
PetscErrorCode InpReadKeyword_Private(InpParser p)
{
  size_t   len = 0;
  char    *s;
  PetscInt nf = 1;

  PetscFunctionBeginUser;
  p->kwline = p->line = p->cur + 1;
  // join continuation lines (a keyword line ending with a comma)
  for (;;) {
    const char *l = p->lines[p->cur++];
    size_t      n = strlen(l), m = n;

    PetscCall(PetscRealloc(len + n + 2, &p->kwtext));
    PetscCall(PetscMemcpy(p->kwtext + len, l, n + 1));
    len += n;
    while (m > 0 && (l[m - 1] == ' ' || l[m - 1] == '\t')) m--;
    if (!(m > 0 && l[m - 1] == ',' && p->cur < p->stop && !InpIsComment_Private(p->lines[p->cur]) && !InpIsKeyword_Private(p->lines[p->cur]))) break;
  }
  for (s = p->kwtext; *s; s++) nf += (*s == ',');
  PetscCall(PetscFree2(p->pname, p->pval));
  PetscCall(PetscMalloc2(nf, &p->pname, nf, &p->pval));
  p->nparam = 0;
  s         = strchr(p->kwtext, '*') + 1;
  for (PetscInt i = 0;; i++) {
    char *c = strchr(s, ','), *eq, *f;

    if (c) *c = 0;
    if (i == 0) {
      f = InpTrim_Private(s);
      InpNormalize_Private(f, p->kw, sizeof(p->kw));
      PetscCall(PetscStrncpy(p->kworig, f, sizeof(p->kworig)));
    } else if ((f = InpTrim_Private(s))[0]) {
      eq = strchr(f, '=');
      if (eq) {
        *eq                = 0;
        p->pval[p->nparam] = InpTrim_Private(eq + 1);
      } else
        p->pval[p->nparam] = "";
      f = InpTrim_Private(f);
      InpNormalize_Private(f, f, strlen(f) + 1);
      p->pname[p->nparam++] = f;
    }
    if (!c) break;
    s = c + 1;
  }
  PetscFunctionReturn(0);
}

// Value of a parameter of the current keyword (upper-case name), NULL if absent, "" for a flag
const char *InpParam_Private(InpParser p, const char name[])
{
  for (PetscInt i = 0; i < p->nparam; i++)
    if (!strcmp(p->pname[i], name)) return p->pval[i];
  return NULL;
}

PetscErrorCode InpRequireParam_Private(InpParser p, const char name[], const char **val)
{
  PetscFunctionBeginUser;
  *val = InpParam_Private(p, name);
  PetscCheck(*val && **val, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *%s needs the parameter %s=", p->file, p->kwline, p->kworig,
             name);
  PetscFunctionReturn(0);
}

PetscErrorCode InpNeedFields_Private(InpParser p, PetscInt n, const char what[])
{
  PetscFunctionBeginUser;
  PetscCheck(p->nfld >= n, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": %s has %" PetscInt_FMT " field(s), expected %" PetscInt_FMT " (truncated line?)", p->file, p->line, what, p->nfld,
             n);
  PetscFunctionReturn(0);
}

PetscErrorCode InpInt_Private(InpParser p, PetscInt k, const char what[], PetscInt *v)
{
  const char *s = p->fld[k];
  char       *end;
  long        l;

  PetscFunctionBeginUser;
  PetscCheck(s[0], p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": field %" PetscInt_FMT " of %s is empty, expected an integer", p->file,
             p->line, k + 1, what);
  l = strtol(s, &end, 10);
  PetscCheck(!*end && l <= PETSC_MAX_INT && l >= PETSC_MIN_INT, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": field %" PetscInt_FMT " of %s is not an integer: '%s'", p->file, p->line, k + 1, what, s);
  *v = (PetscInt)l;
  PetscFunctionReturn(0);
}

PetscErrorCode InpReal_Private(InpParser p, PetscInt k, const char what[], PetscReal *v)
{
  const char *s = p->fld[k];
  char       *end, tmp[64];
  double      d;

  PetscFunctionBeginUser;
  *v = 0; // Abaqus: a blank numeric field is zero
  if (!s[0]) PetscFunctionReturn(0);
  d = strtod(s, &end);
  if (*end == 'd' || *end == 'D') { // Fortran exponent 1.5D+03
    size_t n = strlen(s);
    if (n < sizeof(tmp)) {
      PetscCall(PetscStrncpy(tmp, s, sizeof(tmp)));
      tmp[end - s] = 'e';
      d            = strtod(tmp, &end);
    }
  }
  PetscCheck(!*end && !PetscIsInfOrNanReal((PetscReal)d), p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": field %" PetscInt_FMT " of %s is not a number: '%s'", p->file, p->line, k + 1, what, s);
  *v = (PetscReal)d;
  PetscFunctionReturn(0);
}

/*@
  InpIgnore_Private - Skips the current keyword and its data lines, or refuses it.

  Input Parameters:
+ p       - the parser
. physics - whether leaving it out changes the stiffness, mass or loads (an error unless
            -inp_allow_unsupported)
- why     - reason printed in the warning or the error

  Notes:
  With -inp_strict every ignored keyword is an error. Warnings are printed together at the end.
@*/
PetscErrorCode InpIgnore_Private(InpParser p, PetscBool physics, const char why[])
{
  PetscFunctionBeginUser;
  PetscCheck(!physics || p->allow, p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": *%s is not supported (%s); leaving it out would change the model (use -inp_allow_unsupported to skip it anyway)",
             p->file, p->kwline, p->kworig, why);
  PetscCheck(!p->strict, p->comm, PETSC_ERR_SUP, "%s:%" PetscInt_FMT ": *%s is not supported (%s) and -inp_strict is set", p->file, p->kwline,
             p->kworig, why);
  PetscCall(InpGrow_Private((void **)&p->warn, sizeof(InpWarning), p->nwarn, &p->warncap));
  p->warn[p->nwarn].line = p->kwline;
  PetscCall(PetscSNPrintf(p->warn[p->nwarn].text, sizeof(p->warn[0].text), "*%s ignored (%s)", p->kworig, why));
  p->nwarn++;
  PetscCall(InpSkipData_Private(p));
  PetscFunctionReturn(0);
}

// Rank 0 reads the file; every rank gets the bytes and splits them into lines
PetscErrorCode InpLoad_Private(InpParser p, const char fname[])
{
  PetscMPIInt rank;
  long        len = -1;
  PetscInt    n   = 0;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(p->comm, &rank));
  if (rank == 0) {
    FILE *fp = fopen(fname, "rb");

    if (fp && !fseek(fp, 0, SEEK_END)) len = ftell(fp);
    if (len >= 0) {
      PetscCall(PetscMalloc1(len + 1, &p->buf));
      if (fseek(fp, 0, SEEK_SET) || (long)fread(p->buf, 1, (size_t)len, fp) != len) {
        PetscCall(PetscFree(p->buf));
        len = -1;
      }
    }
    if (fp) (void)fclose(fp);
  }
  PetscCallMPI(MPI_Bcast(&len, 1, MPI_LONG, 0, p->comm));
  PetscCheck(len >= 0, p->comm, PETSC_ERR_FILE_OPEN, "cannot read the Abaqus input deck %s", fname);
  PetscCheck(len < PETSC_MPI_INT_MAX, p->comm, PETSC_ERR_SUP, "input deck %s is larger than 2 GB", fname);
  if (rank) PetscCall(PetscMalloc1(len + 1, &p->buf));
  if (len) PetscCallMPI(MPI_Bcast(p->buf, (PetscMPIInt)len, MPI_CHAR, 0, p->comm));
  p->buf[len] = 0;
  for (long i = 0; i < len; i++)
    if (p->buf[i] == '\n') n++;
  PetscCall(PetscMalloc1(n + 1, &p->lines));
  n = 0;
  for (char *s = p->buf, *end = p->buf + len; s < end;) {
    char *e = memchr(s, '\n', (size_t)(end - s));

    p->lines[n++] = s;
    if (!e) e = end;
    *e = 0;
    if (e > s && e[-1] == '\r') e[-1] = 0;
    s = e + 1;
  }
  p->nlines = n;
  PetscFunctionReturn(0);
}
