/* The prescribed histories of tribo law: formulas of time given in options, and tables of samples.

   Formula syntax (one option value, e.g. -law_u1 "sin(50e-9,1)+ramp(1e-9,0)"): a sum of terms, each preceded by
   + or - (the first may have no sign); spaces are ignored. With theta = 2 pi f t + phase (phase in radians):
     c                   a constant (a bare number, C syntax: 5, -2.5e-7)
     const(c)            the same
     sin(A, f[, phase])  A sin(theta)
     cos(A, f[, phase])  A cos(theta)
     tri(A, f[, phase])  triangle wave of amplitude A with the zeros, peaks and period of A sin(theta): piecewise
                         linear at the constant rate 4 A f
     ramp(r[, t0])       r (t - t0) for t >= t0, 0 before (t0 defaults to 0)
     step(h[, t0])       h for t >= t0, 0 before (t0 defaults to 0)
   Frequencies are in Hz (> 0), times in s. The time derivative of every term is exact (that of a step is 0 and that
   of a ramp at t0 is r): rate-dependent laws get the velocity from it, not from differences.

   Tables: a CSV file with a header line time,u1,u2,un (or time,u1,u2,N for a normal traction history), one sample
   per line, '#' comment lines and blank lines ignored; or file.h5:/dataset, a real dataset of nt x 4 columns time,
   u1, u2, un. Times must increase. */
#include <tribocli.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const TermNames[]   = {"const", "sin", "cos", "tri", "ramp", "step"};
static const int         TermMinArgs[] = {1, 2, 2, 2, 1, 1};
static const int         TermMaxArgs[] = {1, 3, 3, 3, 2, 2};

static const char *SkipSpace_Private(const char *s)
{
  while (*s && isspace((unsigned char)*s)) s++;
  return s;
}

/* A finite number at s (C syntax, with its sign), or NULL */
static const char *Number_Private(const char *s, PetscReal *x)
{
  char  *end;
  double v;

  if (!(isdigit((unsigned char)*s) || *s == '.' || *s == '-' || *s == '+')) return NULL;
  v = strtod(s, &end);
  if (end == s || PetscIsInfOrNanReal((PetscReal)v)) return NULL;
  *x = (PetscReal)v;
  return end;
}

/*@
  TriboFormulaParse - Parses a formula of time (a sum of constant, sine, cosine, triangle, ramp and step terms) given
  as the value of an option.

  Collective

  Input Parameters:
+ comm   - communicator (for the error)
. option - the option that gave the text, for messages (e.g. "-law_u1")
- text   - the formula, e.g. "sin(50e-9,1,0)+ramp(1e-9,0)"

  Output Parameter:
. f - the formula

  Notes:
  The syntax is given at the top of src/cli/lawpath.c and in doc/guide.md (section Interface laws). A malformed
  formula is a user-input error naming the option, the character position and what was expected there.

.seealso: `TriboFormulaEvaluate()`, `TriboFormulaLowestFrequency()`
@*/
PetscErrorCode TriboFormulaParse(MPI_Comm comm, const char option[], const char text[], TriboFormula *f)
{
  const char *s = text, *p;
  PetscReal   sign;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(f, sizeof(*f)));
#define FORMULA_ERR(pos, ...)                                                                                 \
  do {                                                                                                        \
    char what_[256];                                                                                          \
    PetscCall(PetscSNPrintf(what_, sizeof(what_), __VA_ARGS__));                                              \
    SETERRQ(comm, PETSC_ERR_USER_INPUT,                                                                       \
            "option %s \"%s\", at character %d: %s (terms: c, const(c), sin(A,f[,phase]), cos(A,f[,phase]), " \
            "tri(A,f[,phase]), ramp(r[,t0]), step(h[,t0]))",                                                  \
            option, text, (int)((pos)-text) + 1, what_);                                                      \
  } while (0)
  s = SkipSpace_Private(s);
  if (!*s) FORMULA_ERR(s, "empty formula");
  while (*s) {
    TriboFormulaTerm *term;
    sign = 1;
    if (*s == '+' || *s == '-') {
      sign = *s == '-' ? -1 : 1;
      s    = SkipSpace_Private(s + 1);
    } else if (f->n > 0)
      FORMULA_ERR(s, "expected + or - before the next term, got '%c'", *s);
    if (f->n == TRIBO_FORMULA_MAX_TERMS) FORMULA_ERR(s, "more than %d terms", TRIBO_FORMULA_MAX_TERMS);
    term       = &f->term[f->n];
    term->sign = sign;
    if (isalpha((unsigned char)*s)) {
      char name[16];
      int  len = 0, k = -1, na = 0;
      p = s;
      while (isalnum((unsigned char)*s) || *s == '_') {
        if (len < (int)sizeof(name) - 1) name[len++] = *s;
        s++;
      }
      name[len] = 0;
      for (int i = 0; i < (int)(sizeof(TermNames) / sizeof(TermNames[0])); i++)
        if (!strcmp(name, TermNames[i])) k = i;
      if (k < 0) FORMULA_ERR(p, "unknown term '%s'", name);
      s = SkipSpace_Private(s);
      if (*s != '(') FORMULA_ERR(s, "expected '(' after %s", name);
      s = SkipSpace_Private(s + 1);
      for (;;) {
        PetscReal   x;
        const char *e;
        if (na == 3) FORMULA_ERR(s, "%s takes at most %d arguments", name, TermMaxArgs[k]);
        if (!(e = Number_Private(s, &x))) FORMULA_ERR(s, "expected a number as argument %d of %s", na + 1, name);
        term->a[na++] = x;
        s             = SkipSpace_Private(e);
        if (*s == ',') {
          s = SkipSpace_Private(s + 1);
          continue;
        }
        if (*s == ')') break;
        FORMULA_ERR(s, "expected ',' or ')' in %s(...)", name);
      }
      if (na < TermMinArgs[k] || na > TermMaxArgs[k]) FORMULA_ERR(p, "%s takes %d to %d arguments, got %d", name, TermMinArgs[k], TermMaxArgs[k], na);
      if ((k == 1 || k == 2 || k == 3) && !(term->a[1] > 0)) FORMULA_ERR(p, "the frequency of %s must be > 0 Hz, got %g", name, (double)term->a[1]);
      term->kind = (TriboFormulaTermKind)k;
      s          = SkipSpace_Private(s + 1);
    } else {
      const char *e = (*s == '+' || *s == '-') ? NULL : Number_Private(s, &term->a[0]);
      if (!e) FORMULA_ERR(s, "expected a number or a term name");
      term->kind = TRIBO_FORMULA_CONST;
      s          = SkipSpace_Private(e);
    }
    f->n++;
  }
#undef FORMULA_ERR
  PetscFunctionReturn(0);
}

/*@
  TriboFormulaEvaluate - The value of a formula and its exact time derivative at time t.

  Not collective

  Input Parameters:
+ f - the formula (TriboFormulaParse())
- t - time [s]

  Output Parameters:
+ x    - the value
- dxdt - its time derivative (NULL to skip)
@*/
PetscErrorCode TriboFormulaEvaluate(const TriboFormula *f, PetscReal t, PetscReal *x, PetscReal *dxdt)
{
  PetscReal sum = 0, dsum = 0;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < f->n; i++) {
    const TriboFormulaTerm *q = &f->term[i];
    PetscReal               v = 0, dv = 0, w = 2 * PETSC_PI * q->a[1], th = w * t + q->a[2];
    switch (q->kind) {
    case TRIBO_FORMULA_CONST:
      v = q->a[0];
      break;
    case TRIBO_FORMULA_SIN:
      v  = q->a[0] * PetscSinReal(th);
      dv = q->a[0] * w * PetscCosReal(th);
      break;
    case TRIBO_FORMULA_COS:
      v  = q->a[0] * PetscCosReal(th);
      dv = -q->a[0] * w * PetscSinReal(th);
      break;
    case TRIBO_FORMULA_TRI: {
      PetscReal c = th / (2 * PETSC_PI), r = 4 * q->a[0] * q->a[1];
      c -= PetscFloorReal(c); // phase in cycles, [0, 1)
      if (c < 0.25) {
        v  = 4 * q->a[0] * c;
        dv = r;
      } else if (c < 0.75) {
        v  = q->a[0] * (2 - 4 * c);
        dv = -r;
      } else {
        v  = q->a[0] * (4 * c - 4);
        dv = r;
      }
    } break;
    case TRIBO_FORMULA_RAMP:
      if (t >= q->a[1]) {
        v  = q->a[0] * (t - q->a[1]);
        dv = q->a[0];
      }
      break;
    case TRIBO_FORMULA_STEP:
      if (t >= q->a[1]) v = q->a[0];
      break;
    }
    sum += q->sign * v;
    dsum += q->sign * dv;
  }
  *x = sum;
  if (dxdt) *dxdt = dsum;
  PetscFunctionReturn(0);
}

/*@
  TriboFormulaLowestFrequency - The lowest frequency of the periodic terms (sin, cos, tri) of a formula, 0 if none.

  Not collective
@*/
PetscErrorCode TriboFormulaLowestFrequency(const TriboFormula *f, PetscReal *fmin)
{
  PetscFunctionBeginUser;
  *fmin = 0;
  for (PetscInt i = 0; i < f->n; i++) {
    const TriboFormulaTerm *q = &f->term[i];
    if ((q->kind == TRIBO_FORMULA_SIN || q->kind == TRIBO_FORMULA_COS || q->kind == TRIBO_FORMULA_TRI) && q->a[0] != 0)
      *fmin = *fmin > 0 ? PetscMin(*fmin, q->a[1]) : q->a[1];
  }
  PetscFunctionReturn(0);
}

static void Trim_Private(char *s)
{
  size_t n = strlen(s), i = 0;

  while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = 0;
  while (s[i] && isspace((unsigned char)s[i])) i++;
  if (i) memmove(s, s + i, n - i + 1);
}

static PetscErrorCode TableCSV_Private(MPI_Comm comm, const char option[], const char path[], PetscInt *nt, PetscReal **data, PetscBool *force)
{
  static const char *const cols[] = {"time", "u1", "u2", "un"};
  FILE                    *fp;
  char                     line[4096];
  PetscInt                 lineno = 0, n = 0, m = 0;
  PetscReal               *d      = NULL;
  PetscBool                header = PETSC_FALSE;

  PetscFunctionBeginUser;
  fp = fopen(path, "r");
  PetscCheck(fp, comm, PETSC_ERR_FILE_OPEN, "option %s: cannot read %s: %s", option, path, strerror(errno));
  *force = PETSC_FALSE;
  while (fgets(line, sizeof(line), fp)) {
    char *tok;
    int   c = 0;
    lineno++;
    if (!strchr(line, '\n') && !feof(fp)) {
      fclose(fp);
      SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s line %" PetscInt_FMT ": line longer than %d characters", path, lineno, (int)sizeof(line) - 2);
    }
    Trim_Private(line);
    if (!line[0] || line[0] == '#') continue;
    if (!header) {
      char got[4096];
      PetscCall(PetscStrncpy(got, line, sizeof(got)));
      for (char *p = line; p; c++) {
        char *comma = strchr(p, ',');
        if (comma) *comma = 0;
        tok = p;
        Trim_Private(tok);
        p = comma ? comma + 1 : NULL;
        if (c == 3 && !strcmp(tok, "N"))
          *force = PETSC_TRUE;
        else if (c > 3 || strcmp(tok, cols[c])) {
          fclose(fp);
          SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED,
                  "%s line %" PetscInt_FMT ", column %d: expected the header time,u1,u2,un (or time,u1,u2,N for a normal traction), got \"%s\"", path,
                  lineno, c + 1, got);
        }
      }
      if (c != 4) {
        fclose(fp);
        SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED,
                "%s line %" PetscInt_FMT ": expected the header time,u1,u2,un (or time,u1,u2,N), got %d columns \"%s\"", path, lineno, c, got);
      }
      header = PETSC_TRUE;
      continue;
    }
    if (n == m) {
      PetscReal *g;
      m = PetscMax(64, 2 * m);
      PetscCall(PetscMalloc1(4 * m, &g));
      if (n) PetscCall(PetscArraycpy(g, d, 4 * n));
      PetscCall(PetscFree(d));
      d = g;
    }
    {
      char *col[4], *p = line, *end;
      int   ncol = 1;
      for (char *q = line; *q; q++) ncol += *q == ',';
      if (ncol != 4) {
        fclose(fp);
        PetscCall(PetscFree(d));
        SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s line %" PetscInt_FMT ": %d columns, expected 4 (time,u1,u2,%s)", path, lineno, ncol,
                *force ? "N" : "un");
      }
      for (c = 0; c < 4; c++) {
        char *comma = strchr(p, ',');
        if (comma) *comma = 0;
        col[c] = p;
        Trim_Private(col[c]);
        p = comma ? comma + 1 : p;
      }
      for (c = 0; c < 4; c++) {
        const char *q = col[c];
        d[4 * n + c]  = q[0] ? (PetscReal)strtod(q, &end) : 0;
        if (!q[0] || *end || PetscIsInfOrNanReal(d[4 * n + c])) {
          char bad[64];
          PetscCall(PetscStrncpy(bad, q, sizeof(bad)));
          fclose(fp);
          PetscCall(PetscFree(d));
          SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s line %" PetscInt_FMT ", column %d (%s): expected a finite number, got \"%s\"", path, lineno,
                  c + 1, c == 3 && *force ? "N" : cols[c], bad);
        }
      }
    }
    if (n > 0 && !(d[4 * n] > d[4 * (n - 1)])) {
      PetscReal t0 = d[4 * (n - 1)], t1 = d[4 * n];
      fclose(fp);
      PetscCall(PetscFree(d));
      SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s line %" PetscInt_FMT ", column 1 (time): times must increase, got %g after %g", path, lineno,
              (double)t1, (double)t0);
    }
    n++;
  }
  fclose(fp);
  PetscCheck(header, comm, PETSC_ERR_FILE_UNEXPECTED, "%s: no header line time,u1,u2,un (option %s)", path, option);
  if (n < 2) PetscCall(PetscFree(d));
  PetscCheck(n >= 2, comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %" PetscInt_FMT " samples, expected at least 2 (option %s)", path, n, option);
  *nt   = n;
  *data = d;
  PetscFunctionReturn(0);
}

/*@
  TriboLawTableRead - Reads a table of samples time,u1,u2,un (or time,u1,u2,N) from a CSV file or from an HDF5
  dataset (file.h5:/dataset, nt x 4).

  Collective (every rank reads the same file)

  Input Parameters:
+ comm   - communicator
. option - the option that named the table, for messages
- spec   - file.csv, or file.h5:/path/to/dataset

  Output Parameters:
+ nt    - number of samples (at least 2)
. data  - [4 nt] row-major time, u1, u2, un (or N), PetscFree() it
- force - PETSC_TRUE when the last column is a normal traction N (CSV header time,u1,u2,N)

  Notes:
  Errors name the file, the line and the column, and say what was expected.
@*/
PetscErrorCode TriboLawTableRead(MPI_Comm comm, const char option[], const char spec[], PetscInt *nt, PetscReal **data, PetscBool *force)
{
  char        file[PETSC_MAX_PATH_LEN];
  const char *colon = strrchr(spec, ':');

  PetscFunctionBeginUser;
  if (colon && colon[1] == '/') {
    TriboH5    h5;
    PetscInt   ndim, dims[3];
    PetscReal *d;
    PetscCall(PetscStrncpy(file, spec, PetscMin(sizeof(file), (size_t)(colon - spec) + 1)));
    PetscCall(TriboH5Open(comm, file, &h5));
    PetscCall(TriboH5ReadReal(h5, colon + 1, &ndim, dims, &d));
    PetscCall(TriboH5Close(&h5, PETSC_FALSE));
    if (ndim != 2 || dims[1] != 4 || dims[0] < 2) PetscCall(PetscFree(d));
    PetscCheck(ndim == 2 && dims[1] == 4, comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s, dataset %s (option %s): expected nt x 4 columns time,u1,u2,un, got %" PetscInt_FMT " dimensions (%" PetscInt_FMT
               " x %" PetscInt_FMT ")",
               file, colon + 1, option, ndim, dims[0], ndim > 1 ? dims[1] : 1);
    PetscCheck(dims[0] >= 2, comm, PETSC_ERR_FILE_UNEXPECTED, "%s, dataset %s (option %s): %" PetscInt_FMT " samples, expected at least 2", file,
               colon + 1, option, dims[0]);
    for (PetscInt i = 0; i < 4 * dims[0]; i++) {
      PetscBool ok = (PetscBool)((PetscIsNormalReal(d[i]) || d[i] == 0) && (i < 4 || i % 4 || d[i] > d[i - 4]));
      if (!ok) {
        PetscInt  r = i / 4, c = i % 4;
        PetscReal x = d[i];
        PetscCall(PetscFree(d));
        SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s, dataset %s, row %" PetscInt_FMT ", column %" PetscInt_FMT ": %s, got %g", file, colon + 1,
                r + 1, c + 1, c == 0 && r > 0 ? "times must increase" : "expected a finite number", (double)x);
      }
    }
    *nt    = dims[0];
    *data  = d;
    *force = PETSC_FALSE;
  } else
    PetscCall(TableCSV_Private(comm, option, spec, nt, data, force));
  PetscFunctionReturn(0);
}
