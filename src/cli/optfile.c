/* Options files checked before PETSc reads them (issue 34, item 6).

   PETSc reads -options_file inside PetscInitialize(), where a bad file ends the run with a PETSc
   traceback that names neither the file's line nor what is wrong ("YAML parser loading error",
   "Unsupported YAML node type"), and a NUL byte silently drops the rest of the file. The program
   therefore reads every options file first, with libyaml (PETSc's own YAML dependency) for
   .yaml/.yml files and -options_file_yaml, and by PETSc's line rules for the others, and stops
   with "FILE:LINE:COLUMN: what is wrong". PETSc then reads the file as before: this check adds
   no syntax of its own.

   Rules (YAML): the file is valid UTF-8 YAML without NUL bytes; the top of each document is a
   mapping of option names to values (nested mappings are prefixes: "rqnma: {lgl: 5}" is
   -rqnma_lgl 5); nesting is at most 16 levels deep; at most 64 aliases (each alias re-reads its
   anchor's whole subtree: a few nested aliases expand to millions of options, the "alias bomb").
   Rules (text): every line that is not blank or a comment (#) starts with an option (-name) or
   with PETSc's "alias". */
#include <tribocli.h>
#include <errno.h>
#include <yaml.h>

#define OPTFILE_MAXDEPTH 16
#define OPTFILE_MAXALIAS 64

static int Fail_Private(char msg[], size_t len, const char file[], size_t line, size_t col, const char what[])
{
  if (col)
    snprintf(msg, len, "%s:%zu:%zu: %s", file, line, col, what);
  else
    snprintf(msg, len, "%s:%zu: %s", file, line, what);
  return 1;
}

static int CheckYAML_Private(const char file[], const unsigned char *buf, size_t n, char msg[], size_t len)
{
  yaml_parser_t p;
  yaml_event_t  ev;
  int           depth = 0, naliases = 0, err = 0, done = 0;
  char          what[512];

  if (!yaml_parser_initialize(&p)) return Fail_Private(msg, len, file, 1, 0, "cannot start the YAML parser (out of memory)");
  yaml_parser_set_input_string(&p, buf, n);
  while (!done && !err) {
    if (!yaml_parser_parse(&p, &ev)) {
      size_t line = p.problem_mark.line + 1, col = p.problem_mark.column + 1, at = p.problem_mark.index;
      if (p.error == YAML_READER_ERROR) { // encoding errors carry a byte offset, not a mark
        at = p.problem_offset, line = 1, col = 1;
        for (size_t i = 0; i < at && i < n; i++) {
          if (buf[i] == '\n') line++, col = 0;
          col++;
        }
      }
      if (at < n && buf[at] == '\t')
        snprintf(what, sizeof(what), "a tab; YAML indents with spaces only");
      else
        snprintf(what, sizeof(what), "not valid YAML: %s%s%s", p.problem ? p.problem : "syntax error", p.context ? " " : "",
                 p.context ? p.context : "");
      err = Fail_Private(msg, len, file, line, col, what);
      break;
    }
    switch (ev.type) {
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT:
      if (depth == 0 && ev.type == YAML_SEQUENCE_START_EVENT)
        err = Fail_Private(msg, len, file, ev.start_mark.line + 1, ev.start_mark.column + 1,
                           "the top level is a list; an options file is a mapping of option names to values (name: value)");
      else if (++depth > OPTFILE_MAXDEPTH) {
        snprintf(what, sizeof(what), "nested more than %d levels deep", OPTFILE_MAXDEPTH);
        err = Fail_Private(msg, len, file, ev.start_mark.line + 1, ev.start_mark.column + 1, what);
      }
      break;
    case YAML_MAPPING_END_EVENT:
    case YAML_SEQUENCE_END_EVENT:
      depth--;
      break;
    case YAML_SCALAR_EVENT:
      if (depth == 0 && ev.data.scalar.length)
        err = Fail_Private(msg, len, file, ev.start_mark.line + 1, ev.start_mark.column + 1,
                           "the document is a single value; an options file is a mapping of option names to values (name: value)");
      break;
    case YAML_ALIAS_EVENT:
      if (++naliases > OPTFILE_MAXALIAS) {
        snprintf(what, sizeof(what), "more than %d aliases (*name): each re-reads its anchor, and nested ones multiply", OPTFILE_MAXALIAS);
        err = Fail_Private(msg, len, file, ev.start_mark.line + 1, ev.start_mark.column + 1, what);
      }
      break;
    case YAML_STREAM_END_EVENT:
      done = 1;
      break;
    default:
      break;
    }
    yaml_event_delete(&ev);
  }
  yaml_parser_delete(&p);
  return err;
}

static int CheckText_Private(const char file[], const unsigned char *buf, size_t n, char msg[], size_t len)
{
  size_t line = 1;

  for (size_t i = 0; i < n;) {
    size_t e = i, s = i;
    while (e < n && buf[e] != '\n') e++;
    while (s < e && (buf[s] == ' ' || buf[s] == '\t' || buf[s] == '\r')) s++;
    if (s < e && buf[s] != '#' && buf[s] != '-' && !(e - s >= 5 && !strncmp((const char *)buf + s, "alias", 5))) {
      char   what[256];
      size_t w = 0;
      while (s + w < e && w < 40 && buf[s + w] != ' ' && buf[s + w] != '\t') w++;
      snprintf(what, sizeof(what), "'%.*s' is not an option: each line is '-name value' (or a YAML file named .yaml or .yml)", (int)w,
               (const char *)buf + s);
      return Fail_Private(msg, len, file, line, s - i + 1, what);
    }
    i = e + 1;
    line++;
  }
  return 0;
}

/*
  TriboOptionsFileCheck - Checks one options file as PETSc will read it; 0 if good, else 1 with msg
  "FILE:LINE[:COL]: what is wrong". yaml: the file is YAML (-options_file_yaml or a .yaml/.yml name).
*/
int TriboOptionsFileCheck(const char file[], int yaml, char msg[], size_t len)
{
  FILE          *fp;
  unsigned char *buf;
  long           sz;
  size_t         n, line = 1;
  int            err;
  const char    *dot = strrchr(file, '.');

  if (!yaml && dot && (!strcmp(dot, ".yaml") || !strcmp(dot, ".yml"))) yaml = 1;
  if (!(fp = fopen(file, "rb"))) {
    snprintf(msg, len, "-options_file %s: %s", file, strerror(errno));
    return 1;
  }
  if (fseek(fp, 0, SEEK_END) || (sz = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET)) {
    fclose(fp);
    snprintf(msg, len, "-options_file %s: cannot read it (not a regular file?)", file);
    return 1;
  }
  if (sz > (64L << 20)) {
    fclose(fp);
    snprintf(msg, len, "-options_file %s: %ld bytes; an options file of more than 64 MiB is not an options file", file, sz);
    return 1;
  }
  if (!(buf = malloc((size_t)sz + 1))) {
    fclose(fp);
    snprintf(msg, len, "-options_file %s: out of memory", file);
    return 1;
  }
  n = fread(buf, 1, (size_t)sz, fp);
  fclose(fp);
  buf[n] = 0;
  for (size_t i = 0; i < n; i++) {
    if (!buf[i]) {
      free(buf);
      return Fail_Private(msg, len, file, line, 0, "a NUL byte (binary data?): PETSc would silently ignore the rest of the file");
    }
    if (buf[i] == '\n') line++;
  }
  err = yaml ? CheckYAML_Private(file, buf, n, msg, len) : CheckText_Private(file, buf, n, msg, len);
  free(buf);
  return err;
}
