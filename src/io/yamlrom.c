/* Small discrete systems (1-10 DOF oscillators with joint elements) as a ROM, from a YAML file:

     M: [[1, 0], [0, 1]]          # n x n, or a list: the diagonal
     K: [[2, -1], [-1, 2]]
     C: [[0.02, 0], [0, 0.02]]    # optional viscous damping
     elements:                    # discrete joints: u = W^T x, forces W t(u)
       - law: jenkins
         W: [[1], [0]]            # n x d, d = 1, 2 or 3 (t1, t2, n)
         params: {kt: 0.25, ts: 0.2}
     recovery: {labels: [x1, x2], R: [[1, 0], [0, 1]]}
     excitation: [0, 1]           # optional load shape

   parsed by libyaml's document API into its node tree; every error names the file, the key, the
   line and what was expected. The elements become interface points of unit weight
   (TriboInterfaceCreateDiscrete(), include/triborom.h). */
#include <tribo/private/h5impl.h>
#include <petscblaslapack.h>
#include <yaml.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char      *fn;
  yaml_document_t  doc;
  PetscBool        loaded;
  PetscInt         n, nel, nrec;
  PetscReal       *M, *K, *C, *Fx, *R; /* row-major */
  PetscReal      **W;                  /* [nel] n x d row-major */
  PetscInt        *d;
  char           **labels;
  TriboROMElements el;
  char             title[256];
} YRead;

static int Line_Private(yaml_node_t *node)
{
  return (int)node->start_mark.line + 1;
}

static const char *NodeKind_Private(yaml_node_t *node)
{
  return node->type == YAML_SCALAR_NODE ? "a scalar" : (node->type == YAML_SEQUENCE_NODE ? "a list" : "a mapping");
}

/* The value of key in a mapping, or NULL */
static yaml_node_t *Get_Private(YRead *y, yaml_node_t *map, const char key[])
{
  for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top; pr++) {
    yaml_node_t *k = yaml_document_get_node(&y->doc, pr->key);
    if (k && k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, key)) return yaml_document_get_node(&y->doc, pr->value);
  }
  return NULL;
}

/* Every key of the mapping is one of known (a NULL-terminated list), none twice */
static PetscErrorCode CheckKeys_Private(YRead *y, yaml_node_t *map, const char where[], const char *const known[])
{
  char list[256] = "";

  PetscFunctionBeginUser;
  for (PetscInt i = 0; known[i]; i++) {
    if (i) PetscCall(PetscStrlcat(list, ", ", sizeof(list)));
    PetscCall(PetscStrlcat(list, known[i], sizeof(list)));
  }
  for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top; pr++) {
    yaml_node_t *k     = yaml_document_get_node(&y->doc, pr->key);
    PetscBool    found = PETSC_FALSE;
    PetscCheck(k->type == YAML_SCALAR_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): a key is %s, expected a name (%s)", y->fn,
               where, Line_Private(k), NodeKind_Private(k), list);
    for (PetscInt i = 0; known[i] && !found; i++) found = (PetscBool)!strcmp((const char *)k->data.scalar.value, known[i]);
    PetscCheck(found, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): unknown key \"%s\"; expected %s", y->fn, where, Line_Private(k),
               (const char *)k->data.scalar.value, list);
    for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < pr; q++) {
      yaml_node_t *k2 = yaml_document_get_node(&y->doc, q->key);
      PetscCheck(k2->type != YAML_SCALAR_NODE || strcmp((const char *)k2->data.scalar.value, (const char *)k->data.scalar.value), PETSC_COMM_SELF,
                 PETSC_ERR_FILE_UNEXPECTED, "%s: %s: key \"%s\" given twice (lines %d and %d)", y->fn, where, (const char *)k->data.scalar.value,
                 Line_Private(k2), Line_Private(k));
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Number_Private(YRead *y, yaml_node_t *node, const char key[], PetscReal *v)
{
  const char *s;
  char       *end;
  double      x;

  PetscFunctionBeginUser;
  PetscCheck(node->type == YAML_SCALAR_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): expected a number, got %s", y->fn, key,
             Line_Private(node), NodeKind_Private(node));
  s = (const char *)node->data.scalar.value;
  x = strtod(s, &end);
  PetscCheck(end != s && !*end && (PetscIsNormalReal((PetscReal)x) || x == 0), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s (line %d): \"%s\" is not a finite number", y->fn, key, Line_Private(node), s);
  *v = (PetscReal)x;
  PetscFunctionReturn(0);
}

/* A list of numbers of length n (n < 0: any, returned in n) */
static PetscErrorCode Vector_Private(YRead *y, yaml_node_t *node, const char key[], PetscInt *n, const char why[], PetscReal **v)
{
  PetscInt len;

  PetscFunctionBeginUser;
  PetscCheck(node->type == YAML_SEQUENCE_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): expected a list of numbers, got %s",
             y->fn, key, Line_Private(node), NodeKind_Private(node));
  len = (PetscInt)(node->data.sequence.items.top - node->data.sequence.items.start);
  PetscCheck(*n < 0 || len == *n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s (line %d) has %" PetscInt_FMT " entries, expected %" PetscInt_FMT " (%s)", y->fn, key, Line_Private(node), len, *n, why);
  PetscCall(PetscMalloc1(len + 1, v));
  for (PetscInt i = 0; i < len; i++) {
    char k[96];
    PetscCall(PetscSNPrintf(k, sizeof(k), "%s[%" PetscInt_FMT "]", key, i + 1));
    PetscCall(Number_Private(y, yaml_document_get_node(&y->doc, node->data.sequence.items.start[i]), k, &(*v)[i]));
  }
  *n = len;
  PetscFunctionReturn(0);
}

/* A matrix as a list of rows, m x n row-major (m, n < 0: any, returned); with diag also a flat list: the diagonal */
static PetscErrorCode Matrix_Private(YRead *y, yaml_node_t *node, const char key[], PetscBool diag, PetscInt *m, PetscInt *n, const char why[],
                                     PetscReal **a)
{
  PetscInt rows;

  PetscFunctionBeginUser;
  PetscCheck(node->type == YAML_SEQUENCE_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s (line %d): expected a list of rows [[...], ...]%s, got %s", y->fn, key, Line_Private(node),
             diag ? " or a list of numbers (the diagonal)" : "", NodeKind_Private(node));
  rows = (PetscInt)(node->data.sequence.items.top - node->data.sequence.items.start);
  PetscCheck(rows > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d) is empty, expected a list of rows", y->fn, key,
             Line_Private(node));
  if (diag && yaml_document_get_node(&y->doc, node->data.sequence.items.start[0])->type == YAML_SCALAR_NODE) {
    PetscReal *dg;
    PetscInt   len = *m;
    PetscCall(Vector_Private(y, node, key, &len, why, &dg));
    PetscCall(PetscCalloc1(len * len, a));
    for (PetscInt i = 0; i < len; i++) (*a)[i * len + i] = dg[i];
    PetscCall(PetscFree(dg));
    *m = *n = len;
    PetscFunctionReturn(0);
  }
  PetscCheck(*m < 0 || rows == *m, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s (line %d) has %" PetscInt_FMT " rows, expected %" PetscInt_FMT " (%s)", y->fn, key, Line_Private(node), rows, *m, why);
  for (PetscInt i = 0; i < rows; i++) {
    yaml_node_t *row = yaml_document_get_node(&y->doc, node->data.sequence.items.start[i]);
    PetscInt     len;
    PetscCheck(row->type == YAML_SEQUENCE_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s: row %" PetscInt_FMT " (line %d) is %s, expected a list of numbers", y->fn, key, i + 1, Line_Private(row),
               NodeKind_Private(row));
    len = (PetscInt)(row->data.sequence.items.top - row->data.sequence.items.start);
    if (*n < 0) *n = len;
    PetscCheck(len == *n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s: row %" PetscInt_FMT " has %" PetscInt_FMT " entries, expected %" PetscInt_FMT " (line %d)", y->fn, key, i + 1, len, *n,
               Line_Private(row));
    if (!i) PetscCall(PetscMalloc1(rows * (*n) + 1, a));
    for (PetscInt j = 0; j < len; j++) {
      char k[96];
      PetscCall(PetscSNPrintf(k, sizeof(k), "%s[%" PetscInt_FMT "][%" PetscInt_FMT "]", key, i + 1, j + 1));
      PetscCall(Number_Private(y, yaml_document_get_node(&y->doc, row->data.sequence.items.start[j]), k, &(*a)[i * (*n) + j]));
    }
  }
  *m = rows;
  PetscFunctionReturn(0);
}

/* Symmetric to 1e-12 of the largest entry */
static PetscErrorCode CheckSymmetric_Private(YRead *y, yaml_node_t *node, const char key[], PetscInt n, const PetscReal a[])
{
  PetscReal amax = 0;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n * n; i++) amax = PetscMax(amax, PetscAbsReal(a[i]));
  for (PetscInt i = 0; i < n; i++)
    for (PetscInt j = i + 1; j < n; j++)
      PetscCheck(PetscAbsReal(a[i * n + j] - a[j * n + i]) <= 1e-12 * amax, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s (line %d) is not symmetric: %s[%" PetscInt_FMT "][%" PetscInt_FMT "] = %g but %s[%" PetscInt_FMT "][%" PetscInt_FMT
                 "] = %g, expected equal to 1e-12 of the largest entry",
                 y->fn, key, Line_Private(node), key, i + 1, j + 1, (double)a[i * n + j], key, j + 1, i + 1, (double)a[j * n + i]);
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckPositiveDefinite_Private(YRead *y, yaml_node_t *node, PetscInt n, const PetscReal a[])
{
  PetscReal   *c;
  PetscBLASInt bn, info;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscMalloc1(n * n, &c));
  PetscCall(PetscArraycpy(c, a, n * n));
  PetscCallBLAS("LAPACKpotrf", LAPACKpotrf_("L", &bn, c, &bn, &info));
  PetscCall(PetscFree(c));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: M (line %d) is not positive definite (Cholesky fails at row %d): expected a mass matrix with positive kinetic energy", y->fn,
             Line_Private(node), (int)info);
  PetscFunctionReturn(0);
}

static PetscErrorCode Element_Private(YRead *y, yaml_node_t *node, PetscInt e)
{
  static const char *const keys[] = {"law", "W", "params", NULL};
  char                     where[64], k[128], names[1024];
  yaml_node_t             *law, *W, *prm;
  const TriboLawCard      *card;
  TriboROMElement         *x = &y->el->e[e];
  PetscInt                 m = y->n, d = -1;
  PetscReal               *p;

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(where, sizeof(where), "elements[%" PetscInt_FMT "]", e + 1));
  PetscCheck(node->type == YAML_MAPPING_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s (line %d) is %s, expected a mapping with keys law, W, params", y->fn, where, Line_Private(node), NodeKind_Private(node));
  PetscCall(CheckKeys_Private(y, node, where, keys));
  law = Get_Private(y, node, "law");
  PetscCheck(law, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): key law missing, expected the element's interface law", y->fn, where,
             Line_Private(node));
  PetscCheck(law->type == YAML_SCALAR_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s.law (line %d) is %s, expected a law name", y->fn,
             where, Line_Private(law), NodeKind_Private(law));
  PetscCall(TriboLawFindCard((const char *)law->data.scalar.value, &card));
  PetscCall(TriboLawListNames(names, sizeof(names)));
  PetscCheck(card, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s.law (line %d): unknown law \"%s\"; known laws: %s", y->fn, where,
             Line_Private(law), (const char *)law->data.scalar.value, names);
  PetscCall(PetscStrallocpy(card->name, &x->law));
  W = Get_Private(y, node, "W");
  PetscCheck(W, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): key W missing, expected the n x d matrix W (u = W^T x, d = 1, 2 or 3)",
             y->fn, where, Line_Private(node));
  PetscCall(PetscSNPrintf(k, sizeof(k), "%s.W", where));
  PetscCall(Matrix_Private(y, W, k, PETSC_FALSE, &m, &d, "one row per DOF, the size of M", &y->W[e]));
  PetscCheck(d >= 1 && d <= 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s (line %d) has %" PetscInt_FMT " columns, expected 1 to 3 (local components t1, t2, n)", y->fn, k, Line_Private(W), d);
  x->d = y->d[e] = d;
  prm            = Get_Private(y, node, "params");
  // the card's validate() reads the parameters and then its choices' indices (p[nparams + k]): the defaults here (the
  // choices are not set from a system file); issue 34, item 2: law rough read past the parameters
  PetscCall(PetscMalloc1(card->nparams + card->nchoices + 1, &p));
  for (PetscInt i = 0; i < card->nparams; i++) p[i] = card->params[i].value;
  for (PetscInt k = 0; k < card->nchoices; k++) p[card->nparams + k] = (PetscReal)card->choices[k].value;
  if (prm) {
    PetscInt np = (PetscInt)(prm->data.mapping.pairs.top - prm->data.mapping.pairs.start);
    names[0]    = 0;
    for (PetscInt i = 0; i < card->nparams; i++) {
      if (i) PetscCall(PetscStrlcat(names, ", ", sizeof(names)));
      PetscCall(PetscStrlcat(names, card->params[i].name, sizeof(names)));
    }
    PetscCheck(prm->type == YAML_MAPPING_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s.params (line %d) is %s, expected a mapping {name: value} of parameters of law %s (%s)", y->fn, where, Line_Private(prm),
               NodeKind_Private(prm), card->name, names);
    PetscCall(PetscCalloc1(np + 1, &x->pname));
    PetscCall(PetscCalloc1(np + 1, &x->pvalue));
    for (yaml_node_pair_t *pr = prm->data.mapping.pairs.start; pr < prm->data.mapping.pairs.top; pr++) {
      yaml_node_t *kn = yaml_document_get_node(&y->doc, pr->key), *vn = yaml_document_get_node(&y->doc, pr->value);
      PetscInt     i  = 0;
      const char  *nm = kn->type == YAML_SCALAR_NODE ? (const char *)kn->data.scalar.value : "";
      while (i < card->nparams && strcmp(nm, card->params[i].name)) i++;
      PetscCheck(i < card->nparams, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s.params (line %d): law %s has no parameter \"%s\"; its parameters: %s", y->fn, where, Line_Private(kn), card->name, nm,
                 names);
      for (PetscInt q = 0; q < x->nparams; q++)
        PetscCheck(strcmp(x->pname[q], nm), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s.params (line %d): parameter %s given twice", y->fn,
                   where, Line_Private(kn), nm);
      PetscCall(PetscSNPrintf(k, sizeof(k), "%s.params.%s", where, nm));
      PetscCall(Number_Private(y, vn, k, &p[i]));
      PetscCheck(p[i] >= card->params[i].lower, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d) = %g, expected >= %g [%s]", y->fn, k,
                 Line_Private(vn), (double)p[i], (double)card->params[i].lower, card->params[i].units);
      PetscCall(PetscStrallocpy(nm, &x->pname[x->nparams]));
      x->pvalue[x->nparams++] = p[i];
    }
  }
  if (card->validate) {
    const char *why = card->validate(p);
    PetscCheck(!why, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s (line %d): law %s: %s", y->fn, where, Line_Private(node), card->name, why);
  }
  PetscCall(PetscFree(p));
  PetscFunctionReturn(0);
}

static PetscErrorCode Recovery_Private(YRead *y, yaml_node_t *node)
{
  static const char *const keys[] = {"labels", "R", NULL};
  yaml_node_t             *R, *lab;
  PetscInt                 n = y->n;

  PetscFunctionBeginUser;
  PetscCheck(node->type == YAML_MAPPING_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: recovery (line %d) is %s, expected a mapping {labels: [...], R: [[...]]}", y->fn, Line_Private(node), NodeKind_Private(node));
  PetscCall(CheckKeys_Private(y, node, "recovery", keys));
  R = Get_Private(y, node, "R");
  PetscCheck(R, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: recovery (line %d): key R missing, expected the recovery matrix (sensors x n)",
             y->fn, Line_Private(node));
  y->nrec = -1;
  PetscCall(Matrix_Private(y, R, "recovery.R", PETSC_FALSE, &y->nrec, &n, "one column per DOF, the size of M", &y->R));
  lab = Get_Private(y, node, "labels");
  if (lab) {
    PetscInt len;
    PetscCheck(lab->type == YAML_SEQUENCE_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: recovery.labels (line %d) is %s, expected a list of names", y->fn, Line_Private(lab), NodeKind_Private(lab));
    len = (PetscInt)(lab->data.sequence.items.top - lab->data.sequence.items.start);
    PetscCheck(len == y->nrec, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: recovery.labels (line %d) has %" PetscInt_FMT " entries, expected %" PetscInt_FMT " (one per row of recovery.R)", y->fn,
               Line_Private(lab), len, y->nrec);
    PetscCall(PetscCalloc1(len + 1, &y->labels));
    for (PetscInt i = 0; i < len; i++) {
      yaml_node_t *s = yaml_document_get_node(&y->doc, lab->data.sequence.items.start[i]);
      PetscCheck(s->type == YAML_SCALAR_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: recovery.labels[%" PetscInt_FMT "] (line %d) is %s, expected a name", y->fn, i + 1, Line_Private(s), NodeKind_Private(s));
      PetscCall(PetscStrallocpy((const char *)s->data.scalar.value, &y->labels[i]));
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Parse_Private(YRead *y)
{
  static const char *const keys[] = {"title", "M", "K", "C", "elements", "recovery", "excitation", NULL};
  yaml_parser_t            parser;
  FILE                    *fp;
  int                      ok, second = 0;
  yaml_node_t             *root, *M, *K, *C, *el, *rec, *fx, *title;
  PetscInt                 n = -1, m, m2;

  PetscFunctionBeginUser;
  fp = fopen(y->fn, "rb");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s for reading", y->fn);
  PetscCheck(yaml_parser_initialize(&parser), PETSC_COMM_SELF, PETSC_ERR_MEM, "%s: cannot initialize the YAML parser", y->fn);
  yaml_parser_set_input_file(&parser, fp);
  ok = yaml_parser_load(&parser, &y->doc);
  if (ok && yaml_document_get_root_node(&y->doc)) { // a second document would be ignored: refuse it (issue 34, item 13)
    yaml_document_t next;
    if (yaml_parser_load(&parser, &next)) {
      yaml_node_t *r = yaml_document_get_root_node(&next); // (an empty document after a trailing --- is harmless)
      if (r && !(r->type == YAML_SCALAR_NODE && !r->data.scalar.length)) second = (int)next.start_mark.line + 1;
      yaml_document_delete(&next);
    }
  }
  fclose(fp);
  if (!ok) {
    char msg[512];
    PetscCall(PetscSNPrintf(msg, sizeof(msg), "%s: YAML syntax error at line %d, column %d: %s%s%s", y->fn, (int)parser.problem_mark.line + 1,
                            (int)parser.problem_mark.column + 1, parser.problem ? parser.problem : "unknown", parser.context ? " " : "",
                            parser.context ? parser.context : ""));
    yaml_parser_delete(&parser);
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s", msg);
  }
  y->loaded = PETSC_TRUE;
  yaml_parser_delete(&parser);
  PetscCheck(!second, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s (line %d): a second YAML document (after ---); a system file holds one, and the second would be ignored", y->fn, second);
  root = yaml_document_get_root_node(&y->doc);
  PetscCheck(root, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: empty YAML file, expected a system with keys M and K (and elements)", y->fn);
  PetscCheck(root->type == YAML_MAPPING_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s (line %d): the file is %s, expected a mapping with keys M, K, ...", y->fn, Line_Private(root), NodeKind_Private(root));
  PetscCall(CheckKeys_Private(y, root, "top level", keys));
  title = Get_Private(y, root, "title");
  if (title && title->type == YAML_SCALAR_NODE) PetscCall(PetscStrncpy(y->title, (const char *)title->data.scalar.value, sizeof(y->title)));
  M = Get_Private(y, root, "M");
  K = Get_Private(y, root, "K");
  PetscCheck(M, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: key M missing, expected the mass matrix M (n x n, or a list: its diagonal)", y->fn);
  PetscCheck(K, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: key K missing, expected the stiffness matrix K (n x n, or a list: its diagonal)",
             y->fn);
  m = -1;
  PetscCall(Matrix_Private(y, M, "M", PETSC_TRUE, &m, &n, "square", &y->M));
  PetscCheck(m == n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: M (line %d) has %" PetscInt_FMT " rows of %" PetscInt_FMT " entries, expected a square matrix", y->fn, Line_Private(M), m, n);
  y->n = n;
  PetscCall(CheckSymmetric_Private(y, M, "M", n, y->M));
  PetscCall(CheckPositiveDefinite_Private(y, M, n, y->M));
  m = m2 = n;
  PetscCall(Matrix_Private(y, K, "K", PETSC_TRUE, &m, &m2, "the size of M", &y->K));
  PetscCall(CheckSymmetric_Private(y, K, "K", n, y->K));
  C = Get_Private(y, root, "C");
  if (C) {
    m = m2 = n;
    PetscCall(Matrix_Private(y, C, "C", PETSC_TRUE, &m, &m2, "the size of M", &y->C));
    PetscCall(CheckSymmetric_Private(y, C, "C", n, y->C));
  }
  fx = Get_Private(y, root, "excitation");
  if (fx) {
    m = n;
    PetscCall(Vector_Private(y, fx, "excitation", &m, "one load per DOF, the size of M", &y->Fx));
  }
  rec = Get_Private(y, root, "recovery");
  if (rec) PetscCall(Recovery_Private(y, rec));
  el = Get_Private(y, root, "elements");
  if (el) {
    PetscCheck(el->type == YAML_SEQUENCE_NODE, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: elements (line %d) is %s, expected a list of elements (- law: ..., W: ..., params: ...)", y->fn, Line_Private(el),
               NodeKind_Private(el));
    y->nel = (PetscInt)(el->data.sequence.items.top - el->data.sequence.items.start);
    if (y->nel) {
      PetscCall(PetscNew(&y->el));
      PetscCall(PetscCalloc1(y->nel, &y->el->e));
      y->el->n = y->nel;
      PetscCall(PetscCalloc2(y->nel, &y->W, y->nel, &y->d));
      for (PetscInt e = 0; e < y->nel; e++) PetscCall(Element_Private(y, yaml_document_get_node(&y->doc, el->data.sequence.items.start[e]), e));
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Build_Private(YRead *y, TriboROM rom)
{
  PetscScalar *a;
  PetscInt     n = y->n, nrec = y->R ? y->nrec : n;

  PetscFunctionBeginUser;
  PetscCall(TriboROMSetSizes(rom, n, nrec));
  PetscCall(PetscStrncpy(rom->title, y->title[0] ? y->title : "discrete system", sizeof(rom->title)));
  for (int k = 0; k < 2; k++) {
    const PetscReal *src = k ? y->K : y->M;
    PetscCall(MatDenseGetArrayWrite(k ? rom->K : rom->M, &a));
    for (PetscInt i = 0; i < n; i++)
      for (PetscInt j = 0; j < n; j++) a[i + j * n] = src[i * n + j];
    PetscCall(MatDenseRestoreArrayWrite(k ? rom->K : rom->M, &a));
  }
  if (y->C) {
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, n, n, NULL, &rom->C));
    PetscCall(MatDenseGetArrayWrite(rom->C, &a));
    for (PetscInt i = 0; i < n; i++)
      for (PetscInt j = 0; j < n; j++) a[i + j * n] = y->C[i * n + j];
    PetscCall(MatDenseRestoreArrayWrite(rom->C, &a));
  }
  if (y->Fx) {
    PetscCall(VecCreateSeq(PETSC_COMM_SELF, n, &rom->Fx));
    PetscCall(VecGetArrayWrite(rom->Fx, &a));
    for (PetscInt i = 0; i < n; i++) a[i] = y->Fx[i];
    PetscCall(VecRestoreArrayWrite(rom->Fx, &a));
  }
  PetscCall(MatDenseGetArrayWrite(rom->R, &a)); // recovery: as given, or the identity with labels x1..xn
  for (PetscInt i = 0; i < nrec; i++)
    for (PetscInt j = 0; j < n; j++) a[i + j * nrec] = y->R ? y->R[i * n + j] : (PetscReal)(i == j);
  PetscCall(MatDenseRestoreArrayWrite(rom->R, &a));
  for (PetscInt i = 0; i < nrec; i++) {
    char lab[32];
    PetscCall(PetscSNPrintf(lab, sizeof(lab), "%s%" PetscInt_FMT, y->R ? "R" : "x", i + 1));
    PetscCall(TriboROMSetRecoveryLabel(rom, i, y->labels ? y->labels[i] : lab));
  }
  if (y->el) {
    PetscCall(TriboInterfaceCreateDiscrete(n, y->nel, y->d, (const PetscReal *const *)y->W, &rom->iface));
    rom->elements = y->el;
    y->el         = NULL;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode YReadFree_Private(YRead *y)
{
  PetscFunctionBeginUser;
  if (y->loaded) yaml_document_delete(&y->doc);
  PetscCall(PetscFree(y->M));
  PetscCall(PetscFree(y->K));
  PetscCall(PetscFree(y->C));
  PetscCall(PetscFree(y->Fx));
  PetscCall(PetscFree(y->R));
  for (PetscInt e = 0; e < y->nel && y->W; e++) PetscCall(PetscFree(y->W[e]));
  if (y->W) PetscCall(PetscFree2(y->W, y->d));
  for (PetscInt i = 0; y->labels && i < y->nrec; i++) PetscCall(PetscFree(y->labels[i]));
  PetscCall(PetscFree(y->labels));
  PetscCall(TriboROMElementsDestroy(&y->el));
  PetscFunctionReturn(0);
}

/*@
  TriboROMLoadYAML - Reads a small discrete system (M, K, optional C, joint elements with their
  laws, recovery, excitation) from a YAML file as a ROM.

  Collective

  Input Parameters:
+ comm     - ranks that will share the ROM (each reads the file and holds a copy)
- filename - the YAML file

  Output Parameter:
. rom - the ROM: M, K, C (or NULL), Fx (excitation, or NULL), Fv = 0, R (identity with labels
        x1..xn when recovery is absent), and for elements the interface of unit-weight points of
        TriboInterfaceCreateDiscrete() with rom->elements (law, components, parameters of each)

  Notes:
  Keys: M, K (n x n lists of rows, or flat lists: the diagonal), C (optional, the same), elements
  (a list of {law, W (n x d, d = 1..3), params {name: value}}), recovery {labels, R}, excitation
  (n numbers), title. M must be symmetric positive definite, K and C symmetric (to 1e-12 of their
  largest entry); laws and their parameters are checked against the registered model cards.
  Every error names the file, the key and its line and says what was expected.

.seealso: `TriboROMLoad()`, `TriboInterfaceCreateDiscrete()`, `TriboROMElementsCreateLaws()`
@*/
PetscErrorCode TriboROMLoadYAML(MPI_Comm comm, const char filename[], TriboROM *rom)
{
  YRead          y;
  TriboROM       r;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(&y, sizeof(y)));
  y.fn = filename;
  PetscCall(TriboROMCreate(comm, &r));
  // on an error, free the tree, the partial arrays and the ROM before passing the error on
  ierr = Parse_Private(&y);
  if (!ierr) ierr = Build_Private(&y, r);
  if (!ierr) ierr = TriboROMCheck(r, filename);
  PetscCall(YReadFree_Private(&y));
  if (ierr) PetscCall(TriboROMDestroy(&r));
  PetscCall(ierr);
  PetscCall(TriboROMSetSource_Private(r, filename));
  *rom = r;
  PetscFunctionReturn(0);
}
