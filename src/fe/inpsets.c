/* Abaqus deck reader: node and element sets (*Nset, *Elset, generate ranges, set names in the
   data, instance=), surfaces (*Surface, type=ELEMENT or NODE) and references to nodes by number,
   by INSTANCE.number or by the name of a node set. */
#include <tribo/private/inpimpl.h>

// Upper-case name of a set or surface of scope (instance names prefixed "INSTANCE.")
static PetscErrorCode InpScopedName_Private(InpParser p, PetscInt scope, const char name[], char full[])
{
  char   up[INP_NAME];
  size_t lp = scope ? strlen(p->inst[scope - 1].name) + 1 : 0;

  PetscFunctionBeginUser;
  PetscCheck(lp + strlen(name) < INP_NAME, p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": name %s is too long (at most %d characters with its instance prefix)", p->file, p->line, name, INP_NAME - 1);
  PetscCall(InpUpper_Private(name, up));
  if (scope)
    PetscCall(PetscSNPrintf(full, INP_NAME, "%s.%s", p->inst[scope - 1].name, up));
  else
    PetscCall(PetscStrncpy(full, up, INP_NAME));
  PetscFunctionReturn(0);
}

static PetscErrorCode InpFindSetIn_Private(InpParser p, PetscBool isnode, PetscInt scope, const char name[], PetscInt *idx)
{
  TriboMesh m    = p->mesh;
  TriboSet *sets = isnode ? m->nsets : m->elsets;
  PetscInt  n    = isnode ? m->nnsets : m->nelsets;
  char      full[INP_NAME];

  PetscFunctionBeginUser;
  *idx = -1;
  PetscCall(InpScopedName_Private(p, scope, name, full));
  for (PetscInt i = 0; i < n && *idx < 0; i++)
    if (!strcmp(sets[i].name, full)) *idx = i;
  PetscFunctionReturn(0);
}

/*@
  InpGetSet_Private - Finds (or creates) the node or element set of a name in the current scope.

  Output Parameter:
. idx - index in mesh->nsets or mesh->elsets, -1 if absent and not created
@*/
PetscErrorCode InpGetSet_Private(InpParser p, PetscBool isnode, const char name[], PetscBool create, PetscInt *idx)
{
  TriboMesh  m    = p->mesh;
  TriboSet **sets = isnode ? &m->nsets : &m->elsets;
  PetscInt  *n = isnode ? &m->nnsets : &m->nelsets, *capp = isnode ? &p->nsetcap : &p->elsetcap, cap = *capp;
  PetscInt **setcap = isnode ? &p->nsetn : &p->elsetn;

  PetscFunctionBeginUser;
  PetscCall(InpFindSetIn_Private(p, isnode, p->scope, name, idx));
  if (*idx >= 0 || !create) PetscFunctionReturn(0);
  PetscCheck(name[0], p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": empty set name", p->file, p->kwline);
  PetscCall(InpGrow_Private((void **)sets, sizeof(TriboSet), *n, &cap));
  PetscCall(InpGrow_Private((void **)setcap, sizeof(PetscInt), *n, capp));
  PetscCall(InpScopedName_Private(p, p->scope, name, (*sets)[*n].name));
  (*sets)[*n].line = p->kwline;
  *idx             = (*n)++;
  PetscFunctionReturn(0);
}

PetscErrorCode InpSetAdd_Private(InpParser p, PetscBool isnode, PetscInt set, PetscInt v)
{
  TriboSet *s = isnode ? &p->mesh->nsets[set] : &p->mesh->elsets[set];

  PetscFunctionBeginUser;
  PetscCall(InpGrow_Private((void **)&s->idx, sizeof(PetscInt), s->n, isnode ? &p->nsetn[set] : &p->elsetn[set]));
  s->idx[s->n++] = v;
  PetscFunctionReturn(0);
}

PetscErrorCode InpFindScope_Private(InpParser p, const char name[], PetscInt *scope)
{
  char up[INP_NAME];

  PetscFunctionBeginUser;
  PetscCall(InpUpper_Private(name, up));
  *scope = -1;
  for (PetscInt k = 0; k < p->ninst; k++)
    if (!strcmp(p->inst[k].name, up)) *scope = k + 1;
  PetscFunctionReturn(0);
}

// A number in scope, or INSTANCE.number; isid = PETSC_FALSE for a name
static PetscErrorCode InpSplitRef_Private(InpParser p, const char tok[], PetscInt scope, PetscInt *rscope, PetscInt *id, PetscBool *isid)
{
  const char *dot = strrchr(tok, '.');

  PetscFunctionBeginUser;
  *isid   = PETSC_FALSE;
  *rscope = scope;
  if (InpIsInt_Private(tok)) {
    *isid = PETSC_TRUE;
    *id   = (PetscInt)strtol(tok, NULL, 10);
  } else if (dot && InpIsInt_Private(dot + 1) && dot - tok < INP_NAME) {
    char inst[INP_NAME];

    PetscCall(PetscStrncpy(inst, tok, (size_t)(dot - tok) + 1));
    PetscCall(InpFindScope_Private(p, inst, rscope));
    if (*rscope > 0) {
      *isid = PETSC_TRUE;
      *id   = (PetscInt)strtol(dot + 1, NULL, 10);
    } else
      *rscope = scope;
  }
  PetscFunctionReturn(0);
}

/*@
  InpNodeRef_Private - Resolves a node reference of a data line: a node number, INSTANCE.number or
  the name of a node set.

  Input Parameters:
+ p    - the parser
. tok  - the field
- what - the keyword, for messages

  Output Parameters:
+ n    - number of nodes
- list - their 0-based indices (valid until the next call)
@*/
PetscErrorCode InpNodeRef_Private(InpParser p, const char tok[], const char what[], PetscInt *n, const PetscInt **list)
{
  PetscInt  scope, id, s;
  PetscBool isid, found;

  PetscFunctionBeginUser;
  PetscCheck(tok[0], p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": %s needs a node or node set in field 1", p->file, p->line, what);
  PetscCall(InpSplitRef_Private(p, tok, p->scope, &scope, &id, &isid));
  if (isid) {
    PetscCall(TriboIdMapFind_Private(&p->nodes, INP_KEY(scope, id), &found, &p->tmpnode));
    PetscCheck(found, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": %s refers to node %s, which is not defined", p->file, p->line, what, tok);
    *n    = 1;
    *list = &p->tmpnode;
  } else {
    PetscCall(InpGetSet_Private(p, PETSC_TRUE, tok, PETSC_FALSE, &s));
    PetscCheck(s >= 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": %s refers to node set %s, which is not defined", p->file, p->line, what,
               tok);
    *n    = p->mesh->nsets[s].n;
    *list = p->mesh->nsets[s].idx;
  }
  PetscFunctionReturn(0);
}

// Adds node or element number id of scope to a set; skipped elements (unsupported types) are dropped
static PetscErrorCode InpSetAddId_Private(InpParser p, PetscBool isnode, PetscInt set, PetscInt scope, PetscInt id)
{
  PetscInt  idx;
  PetscBool found;

  PetscFunctionBeginUser;
  PetscCall(TriboIdMapFind_Private(isnode ? &p->nodes : &p->elems, INP_KEY(scope, id), &found, &idx));
  PetscCheck(found, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *%s %s refers to %s %" PetscInt_FMT ", which is not defined", p->file,
             p->line, isnode ? "Nset" : "Elset", isnode ? p->mesh->nsets[set].name : p->mesh->elsets[set].name, isnode ? "node" : "element", id);
  if (idx >= 0) PetscCall(InpSetAdd_Private(p, isnode, set, idx));
  PetscFunctionReturn(0);
}

/*@
  InpReadNset_Private - *Nset, nset= (or *Elset, elset=): numbers, generate ranges (first, last,
  step), names of other sets, instance=; *Nset, elset= takes the nodes of an element set.
@*/
PetscErrorCode InpReadNset_Private(InpParser p, PetscBool isnode)
{
  TriboMesh   m = p->mesh;
  const char *name, *inst = InpParam_Private(p, "INSTANCE"), *elset = isnode ? InpParam_Private(p, "ELSET") : NULL;
  const char *what = isnode ? "*Nset data line" : "*Elset data line";
  PetscBool   gen  = (PetscBool)(InpParam_Private(p, "GENERATE") != NULL), isdata;
  PetscInt    set, scope = p->scope;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, isnode ? "NSET" : "ELSET", &name));
  if (inst) {
    PetscCall(InpFindScope_Private(p, inst, &scope));
    PetscCheck(scope > 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *%s refers to instance %s, which is not defined", p->file, p->kwline,
               isnode ? "Nset" : "Elset", inst);
  }
  PetscCall(InpGetSet_Private(p, isnode, name, PETSC_TRUE, &set));
  if (elset) {
    PetscInt es;

    PetscCall(InpFindSetIn_Private(p, PETSC_FALSE, scope, elset, &es));
    PetscCheck(es >= 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Nset refers to element set %s, which is not defined", p->file,
               p->kwline, elset);
    for (PetscInt k = 0; k < m->elsets[es].n; k++) {
      PetscInt e = m->elsets[es].idx[k];

      for (PetscInt j = m->eptr[e]; j < m->eptr[e + 1]; j++) PetscCall(InpSetAdd_Private(p, PETSC_TRUE, set, m->conn[j]));
    }
    PetscCall(InpSkipData_Private(p));
    PetscFunctionReturn(0);
  }
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    if (gen) {
      PetscInt a, b, step = 1;

      PetscCall(
          InpNeedFields_Private(p, 2, isnode ? "*Nset, generate data line (first, last, step)" : "*Elset, generate data line (first, last, step)"));
      PetscCall(InpInt_Private(p, 0, what, &a));
      PetscCall(InpInt_Private(p, 1, what, &b));
      if (p->nfld > 2 && p->fld[2][0]) PetscCall(InpInt_Private(p, 2, what, &step));
      PetscCheck(step > 0 && a <= b && p->nfld <= 3, p->comm, PETSC_ERR_FILE_UNEXPECTED,
                 "%s:%" PetscInt_FMT ": generate range needs first <= last and step > 0, got %" PetscInt_FMT ", %" PetscInt_FMT ", %" PetscInt_FMT,
                 p->file, p->line, a, b, step);
      for (PetscInt id = a; id <= b; id += step) PetscCall(InpSetAddId_Private(p, isnode, set, scope, id));
      continue;
    }
    for (PetscInt k = 0; k < p->nfld; k++) {
      PetscInt  rscope, id, s = -1;
      PetscBool isid;

      if (!p->fld[k][0]) continue;
      PetscCall(InpSplitRef_Private(p, p->fld[k], scope, &rscope, &id, &isid));
      if (isid) {
        PetscCall(InpSetAddId_Private(p, isnode, set, rscope, id));
        continue;
      }
      if (inst) PetscCall(InpFindSetIn_Private(p, isnode, scope, p->fld[k], &s));
      if (s < 0) PetscCall(InpGetSet_Private(p, isnode, p->fld[k], PETSC_FALSE, &s));
      PetscCheck(s >= 0, p->comm, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT ": field %" PetscInt_FMT " of %s is neither a number nor a defined %s set: '%s'", p->file, p->line, k + 1, what,
                 isnode ? "node" : "element", p->fld[k]);
      if (s == set) continue;
      for (PetscInt j = 0; j < (isnode ? m->nsets[s].n : m->elsets[s].n); j++)
        PetscCall(InpSetAdd_Private(p, isnode, set, isnode ? m->nsets[s].idx[j] : m->elsets[s].idx[j]));
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode InpSurfaceAdd_Private(InpParser p, PetscInt s, PetscInt e, PetscInt f)
{
  TriboSurface *S = &p->mesh->surfs[s];

  PetscFunctionBeginUser;
  if (S->n >= p->surfn[s]) {
    p->surfn[s] = PetscMax(64, 2 * p->surfn[s]);
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)p->surfn[s], &S->elem));
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)p->surfn[s], &S->face));
  }
  S->elem[S->n] = e;
  S->face[S->n] = f;
  S->n++;
  PetscFunctionReturn(0);
}

/*@
  InpReadSurface_Private - *Surface, name=, type=ELEMENT ("elset or element, Sk" lines) or
  type=NODE ("node set or node[, weight]" lines).

  Notes:
  A node surface is stored with face[i] = 0 and elem[i] the 0-based node index.
@*/
PetscErrorCode InpReadSurface_Private(InpParser p)
{
  TriboMesh   m = p->mesh;
  const char *name, *type = InpParam_Private(p, "TYPE");
  PetscBool   nodal = (PetscBool)(type && !InpStrcasecmp(type, "NODE")), isdata;
  PetscInt    s     = -1, cap;
  char        full[INP_NAME];

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "NAME", &name));
  if ((type && !nodal && InpStrcasecmp(type, "ELEMENT")) || InpParam_Private(p, "COMBINE")) {
    char why[128];

    PetscCall(PetscSNPrintf(why, sizeof(why), "surface %s of type %s", name, type ? type : "COMBINE"));
    PetscCall(InpIgnore_Private(p, PETSC_TRUE, why));
    PetscFunctionReturn(0);
  }
  PetscCall(InpScopedName_Private(p, p->scope, name, full));
  for (PetscInt i = 0; i < m->nsurfs; i++)
    if (!strcmp(m->surfs[i].name, full)) s = i;
  if (s < 0) {
    cap = p->surfcap;
    PetscCall(InpGrow_Private((void **)&m->surfs, sizeof(TriboSurface), m->nsurfs, &cap));
    PetscCall(InpGrow_Private((void **)&p->surfn, sizeof(PetscInt), m->nsurfs, &p->surfcap));
    s = m->nsurfs++;
    PetscCall(PetscStrncpy(m->surfs[s].name, full, INP_NAME));
    m->surfs[s].line = p->kwline;
  }
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    if (nodal) {
      PetscInt        n;
      const PetscInt *list;

      PetscCall(InpNodeRef_Private(p, p->fld[0], "*Surface, type=NODE", &n, &list));
      for (PetscInt k = 0; k < n; k++) PetscCall(InpSurfaceAdd_Private(p, s, list[k], 0));
    } else {
      PetscInt  f = 0, rscope, id, es = -1, n, idx;
      PetscBool isid, found;
      char      lab[8];

      PetscCheck(p->nfld >= 2 && p->fld[1][0], p->comm, PETSC_ERR_SUP,
                 "%s:%" PetscInt_FMT ": *Surface %s: a line without a face label (free surface of '%s') is not supported; give 'set, S1'..'S6'",
                 p->file, p->line, name, p->fld[0]);
      PetscCall(InpUpper_Private(p->fld[1], lab));
      if (lab[0] == 'S' && lab[1] >= '1' && lab[1] <= '6' && !lab[2]) f = lab[1] - '0';
      PetscCheck(f, p->comm, PETSC_ERR_SUP, "%s:%" PetscInt_FMT ": *Surface %s: face label '%s' is not supported (S1 to S6)", p->file, p->line, name,
                 p->fld[1]);
      PetscCall(InpSplitRef_Private(p, p->fld[0], p->scope, &rscope, &id, &isid));
      if (isid) {
        PetscCall(TriboIdMapFind_Private(&p->elems, INP_KEY(rscope, id), &found, &idx));
        PetscCheck(found, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Surface %s refers to element %s, which is not defined", p->file,
                   p->line, name, p->fld[0]);
        n = idx >= 0;
      } else {
        PetscCall(InpGetSet_Private(p, PETSC_FALSE, p->fld[0], PETSC_FALSE, &es));
        PetscCheck(es >= 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Surface %s refers to element set %s, which is not defined",
                   p->file, p->line, name, p->fld[0]);
        n = m->elsets[es].n;
      }
      for (PetscInt k = 0; k < n; k++) {
        PetscInt e = es >= 0 ? m->elsets[es].idx[k] : idx;

        PetscCheck(f <= 4 || TriboElementIsHex(m->etype[e]), p->comm, PETSC_ERR_USER_INPUT,
                   "%s:%" PetscInt_FMT ": *Surface %s: element %" PetscInt_FMT " is a %s, which has no face S%" PetscInt_FMT, p->file, p->line, name,
                   m->elemid[e], TriboElementTypes[m->etype[e]], f);
        PetscCall(InpSurfaceAdd_Private(p, s, e, f));
      }
    }
  }
  PetscFunctionReturn(0);
}

/*@
  InpFinishSets_Private - Sorts the sets (unique indices) and the surfaces (unique element-face
  pairs, by element then face).
@*/
PetscErrorCode InpFinishSets_Private(InpParser p)
{
  TriboMesh m = p->mesh;
  PetscInt *key;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < m->nnsets; i++) PetscCall(PetscSortRemoveDupsInt(&m->nsets[i].n, m->nsets[i].idx));
  for (PetscInt i = 0; i < m->nelsets; i++) PetscCall(PetscSortRemoveDupsInt(&m->elsets[i].n, m->elsets[i].idx));
  PetscCheck(PetscMax(m->nelem, m->nnodes) < PETSC_MAX_INT / 8, p->comm, PETSC_ERR_SUP, "mesh too large for 32-bit surface keys");
  for (PetscInt i = 0; i < m->nsurfs; i++) {
    TriboSurface *S = &m->surfs[i];

    PetscCall(PetscMalloc1(S->n, &key));
    for (PetscInt k = 0; k < S->n; k++) key[k] = 8 * S->elem[k] + S->face[k];
    PetscCall(PetscSortRemoveDupsInt(&S->n, key));
    for (PetscInt k = 0; k < S->n; k++) {
      S->elem[k] = key[k] / 8;
      S->face[k] = key[k] % 8;
    }
    PetscCall(PetscFree(key));
  }
  PetscFunctionReturn(0);
}
