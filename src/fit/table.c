/* Tables of numbers for tribo fit and tribo ringdown: CSV with a header row, or an HDF5 dataset */
#include <tribofit.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void Trim_Private(char *s)
{
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
  while (*s && isspace((unsigned char)*s)) memmove(s, s + 1, strlen(s));
  if (s[0] == '"' && n > 1 && s[strlen(s) - 1] == '"') {
    s[strlen(s) - 1] = 0;
    memmove(s, s + 1, strlen(s));
  }
}

/* split line at the delimiter into at most 64 fields */
static int Split_Private(char *line, char delim, char *f[64])
{
  int n  = 0;
  f[n++] = line;
  for (char *p = line; *p && n < 64; p++)
    if (*p == delim) *p = 0, f[n++] = p + 1;
  for (int i = 0; i < n; i++) Trim_Private(f[i]);
  return n;
}

static PetscErrorCode ReadCSV_Private(MPI_Comm comm, const char option[], const char path[], PetscInt ncol, const char *const names[], PetscInt *nrow,
                                      PetscReal **data)
{
  FILE      *fp;
  char       line[4096], *f[64], delim = ',';
  int        col[64], nf;
  PetscInt   n = 0, cap = 1024, lineno = 0;
  PetscReal *d;
  PetscBool  header = PETSC_FALSE;

  PetscFunctionBeginUser;
  fp = fopen(path, "r");
  PetscCheck(fp, comm, PETSC_ERR_FILE_OPEN, "cannot open %s (option %s): %s", path, option, strerror(errno));
  PetscCall(PetscMalloc1(cap * ncol, &d));
  while (fgets(line, sizeof(line), fp)) {
    char *s = line;
    lineno++;
    while (isspace((unsigned char)*s)) s++;
    if (!*s || *s == '#') continue;
    if (!header) {
      if (!strchr(s, ',')) delim = strchr(s, ';') ? ';' : strchr(s, '\t') ? '\t' : ',';
      nf = Split_Private(s, delim, f);
      for (PetscInt c = 0; c < ncol; c++) {
        const char *nm = names[c] + (names[c][0] == '?');
        col[c]         = -1;
        for (int k = 0; k < nf; k++)
          if (nm[0] && !strcasecmp(f[k], nm)) col[c] = k;
        if (col[c] < 0 && names[c][0] != '?') {
          fclose(fp);
          PetscCall(PetscFree(d));
          SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED,
                  "%s (option %s): no column \"%s\" in the header line %" PetscInt_FMT " (expected a header row naming the columns)", path, option,
                  names[c], lineno);
        }
      }
      header = PETSC_TRUE;
      continue;
    }
    nf = Split_Private(s, delim, f);
    if (n == cap) {
      PetscReal *e;
      PetscCall(PetscMalloc1(2 * cap * ncol, &e));
      PetscCall(PetscArraycpy(e, d, cap * ncol));
      PetscCall(PetscFree(d));
      d = e, cap *= 2;
    }
    for (PetscInt c = 0; c < ncol; c++) {
      char *end;
      if (col[c] < 0) {
        d[n * ncol + c] = NAN;
        continue;
      }
      if (col[c] >= nf || !f[col[c]][0]) {
        fclose(fp);
        PetscCall(PetscFree(d));
        SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s line %" PetscInt_FMT " (option %s): column \"%s\" is missing", path, lineno, option, names[c]);
      }
      d[n * ncol + c] = (PetscReal)strtod(f[col[c]], &end);
      if (*end || PetscIsInfOrNanReal(d[n * ncol + c])) {
        char bad[64];
        PetscCall(PetscStrncpy(bad, f[col[c]], sizeof(bad)));
        for (char *b = bad; *b; b++) // a control byte of the file is shown as ?, not sent to the terminal
          if ((unsigned char)*b < 0x20 || (unsigned char)*b == 0x7f) *b = '?';
        fclose(fp);
        PetscCall(PetscFree(d));
        SETERRQ(comm, PETSC_ERR_FILE_UNEXPECTED, "%s line %" PetscInt_FMT ", column \"%s\" (option %s): expected a finite number, got \"%s\"", path,
                lineno, names[c], option, bad);
      }
    }
    n++;
  }
  fclose(fp);
  if (!header || !n) PetscCall(PetscFree(d));
  PetscCheck(header, comm, PETSC_ERR_FILE_UNEXPECTED, "%s (option %s): empty file, expected a header row and rows of numbers", path, option);
  PetscCheck(n, comm, PETSC_ERR_FILE_UNEXPECTED, "%s (option %s): no rows of numbers after the header", path, option);
  *nrow = n;
  *data = d;
  PetscFunctionReturn(0);
}

/*@
  TriboTableRead - reads columns of numbers from a CSV file (by the names of its header row) or an HDF5 dataset
  (file.h5:/dataset, rows x ncol or a vector when ncol is 1)

  Collective (every rank reads)

  Input Parameters:
+ comm   - communicator
. option - the option that named the file, for messages
. spec   - file.csv or file.h5:/dataset
. ncol   - columns wanted
- names  - their names in the CSV header ("?name" for a column that may be absent: NaN)

  Output Parameters:
+ nrow - rows (at least 1)
- data - nrow x ncol row-major, PetscFree() it
@*/
PetscErrorCode TriboTableRead(MPI_Comm comm, const char option[], const char spec[], PetscInt ncol, const char *const names[], PetscInt *nrow,
                              PetscReal **data)
{
  const char *colon = strstr(spec, ".h5:");

  PetscFunctionBeginUser;
  if (colon) {
    char       file[PETSC_MAX_PATH_LEN];
    TriboH5    h;
    PetscInt   nd, dims[3];
    PetscReal *v;
    PetscCall(PetscStrncpy(file, spec, PetscMin((size_t)(colon - spec) + 4, sizeof(file))));
    PetscCall(TriboH5Open(comm, file, &h));
    PetscCall(TriboH5ReadReal(h, colon + 4, &nd, dims, &v));
    PetscCall(TriboH5Close(&h, PETSC_FALSE));
    if (!((nd == 2 && dims[1] == ncol && dims[0] > 0) || (nd == 1 && ncol == 1 && dims[0] > 0))) PetscCall(PetscFree(v));
    PetscCheck((nd == 2 && dims[1] == ncol && dims[0] > 0) || (nd == 1 && ncol == 1 && dims[0] > 0), comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s (option %s): dataset %s must be rows x %" PetscInt_FMT " columns, got %" PetscInt_FMT " dimensions", file, option, colon + 4, ncol,
               nd);
    *nrow = dims[0];
    *data = v;
  } else
    PetscCall(ReadCSV_Private(comm, option, spec, ncol, names, nrow, data));
  PetscFunctionReturn(0);
}
