#pragma once
/* Shared by the rough-law tests (t170-t175): a reader of the flow lists of the reference YAML files
   (${TRIBO_DATA}/reference/ YAML files: "key : value" or "key : [v, [v, ...], ...]", nested sections indented) and a
   helper that creates a rough law from options. */
#include <tribolaw.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

/* the whole file, NUL terminated (free with PetscFree) */
PETSC_UNUSED static PetscErrorCode RefLoad(const char path[], char **buf)
{
  FILE  *f;
  size_t n;

  PetscFunctionBeginUser;
  f = fopen(path, "rb");
  PetscCheck(f, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open reference %s", path);
  fseek(f, 0, SEEK_END);
  n = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  PetscCall(PetscMalloc1(n + 1, buf));
  PetscCheck(fread(*buf, 1, n, f) == n, PETSC_COMM_SELF, PETSC_ERR_FILE_READ, "cannot read %s", path);
  (*buf)[n] = 0;
  fclose(f);
  PetscFunctionReturn(0);
}

/* the values of key (at a line start after spaces, followed by spaces and ':') after section (or from the start when
   NULL), nested lists flattened in order: v[max], *n values */
static PetscErrorCode RefGetRows(const char *buf, const char section[], const char key[], PetscInt max, PetscReal v[], PetscInt *n, PetscInt maxrows,
                                 PetscInt rows[], PetscInt *nrows);
PETSC_UNUSED static PetscErrorCode RefGet(const char *buf, const char section[], const char key[], PetscInt max, PetscReal v[], PetscInt *n)
{
  return RefGetRows(buf, section, key, max, v, n, 0, NULL, NULL);
}

/* as RefGet, with the lengths of the innermost lists in rows[maxrows] (*nrows of them) */
static PetscErrorCode RefGetRows(const char *buf, const char section[], const char key[], PetscInt max, PetscReal v[], PetscInt *n, PetscInt maxrows,
                                 PetscInt rows[], PetscInt *nrows)
{
  PetscInt    start = 0;
  const char *s     = buf, *q;
  size_t      lk    = strlen(key);
  int         depth = 0;

  PetscFunctionBeginUser;
  if (section) {
    s = strstr(buf, section);
    PetscCheck(s, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "reference: no section %s", section);
  }
  for (q = s; (q = strstr(q, key)); q += lk) {
    const char *b = q, *e = q + lk;
    while (b > buf && b[-1] == ' ') b--;
    if (b != buf && b[-1] != '\n') continue;
    while (*e == ' ') e++;
    if (*e == ':') {
      s = e + 1;
      break;
    }
  }
  PetscCheck(q, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "reference: no key %s", key);
  *n = 0;
  if (nrows) *nrows = 0;
  do {
    while (*s == ' ' || *s == ',' || *s == '\n' || *s == '\r') s++;
    if (*s == '[')
      depth++, s++, start = *n;
    else if (*s == ']') {
      if (rows && *n > start && *nrows < maxrows) rows[(*nrows)++] = *n - start;
      start = *n;
      depth--, s++;
    } else {
      char  *end;
      double x = strtod(s, &end);
      PetscCheck(end != s, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "reference: key %s: not a number at \"%.20s\"", key, s);
      PetscCheck(*n < max, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "reference: key %s has more than %" PetscInt_FMT " values", key, max);
      v[(*n)++] = x;
      s         = end;
    }
  } while (depth > 0);
  PetscFunctionReturn(0);
}

/* a rough law from the options database plus extra option pairs given as "-name value ..." in opts */
static PetscErrorCode RoughLaw(const char opts[], TriboLaw *law)
{
  PetscFunctionBeginUser;
  PetscCall(PetscOptionsClear(NULL));
  PetscCall(PetscOptionsInsertString(NULL, opts));
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, law));
  PetscCall(TriboLawSetType(*law, TRIBOLAWROUGH));
  PetscCall(TriboLawSetFromOptions(*law));
  PetscCall(TriboLawSetUp(*law));
  PetscFunctionReturn(0);
}
