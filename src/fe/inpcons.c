/* Abaqus deck reader: materials, sections, constraints (*Tie, *Coupling with *Distributing or
   *Kinematic, *Equation), loads (*Cload) and the substructure step data. */
#include <tribo/private/inpimpl.h>

static PetscErrorCode InpOneDataLine_Private(InpParser p, const char what[])
{
  PetscBool isdata;

  PetscFunctionBeginUser;
  PetscCall(InpNextData_Private(p, &isdata));
  PetscCheck(isdata, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": %s needs a data line", p->file, p->kwline, what);
  PetscFunctionReturn(0);
}

static PetscErrorCode InpNoMoreData_Private(InpParser p, const char what[])
{
  PetscBool isdata;

  PetscFunctionBeginUser;
  PetscCall(InpNextData_Private(p, &isdata));
  PetscCheck(!isdata, p->comm, PETSC_ERR_SUP, "%s:%" PetscInt_FMT ": %s has more than one data line (temperature-dependent data is not supported)",
             p->file, p->line, what);
  PetscFunctionReturn(0);
}

PetscErrorCode InpReadMaterial_Private(InpParser p)
{
  TriboMesh   m = p->mesh;
  const char *name;
  char        up[INP_NAME];

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "NAME", &name));
  PetscCall(InpUpper_Private(name, up));
  for (PetscInt k = 0; k < m->nmats; k++)
    PetscCheck(strcmp(m->mats[k].name, up), p->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": material %s is defined twice (first at line %" PetscInt_FMT ")", p->file, p->kwline, name, m->mats[k].line);
  PetscCall(InpGrow_Private((void **)&m->mats, sizeof(TriboMaterial), m->nmats, &p->matcap));
  PetscCall(PetscStrncpy(m->mats[m->nmats].name, up, INP_NAME));
  m->mats[m->nmats].line = p->kwline;
  p->curmat              = m->nmats++;
  PetscCall(InpSkipData_Private(p));
  PetscFunctionReturn(0);
}

// *Density (rho) and *Elastic (E, nu) of the current *Material
PetscErrorCode InpReadMaterialOption_Private(InpParser p)
{
  TriboMaterial *mat;
  const char    *type = InpParam_Private(p, "TYPE");

  PetscFunctionBeginUser;
  PetscCheck(p->curmat >= 0, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *%s outside a *Material", p->file, p->kwline, p->kworig);
  mat = &p->mesh->mats[p->curmat];
  if (!strcmp(p->kw, "DENSITY")) {
    PetscCall(InpOneDataLine_Private(p, "*Density"));
    PetscCall(InpNeedFields_Private(p, 1, "*Density data line (density)"));
    PetscCall(InpReal_Private(p, 0, "*Density data line", &mat->rho));
    PetscCheck(mat->rho > 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": density of material %s must be positive, got %g", p->file, p->line,
               mat->name, (double)mat->rho);
    mat->hasrho = PETSC_TRUE;
    PetscCall(InpNoMoreData_Private(p, "*Density"));
  } else {
    if (type && InpStrcasecmp(type, "ISOTROPIC")) {
      char why[128];

      PetscCall(PetscSNPrintf(why, sizeof(why), "elasticity of type %s", type));
      PetscCall(InpIgnore_Private(p, PETSC_TRUE, why));
      PetscFunctionReturn(0);
    }
    PetscCall(InpOneDataLine_Private(p, "*Elastic"));
    PetscCall(InpNeedFields_Private(p, 2, "*Elastic data line (E, nu)"));
    PetscCall(InpReal_Private(p, 0, "*Elastic data line", &mat->E));
    PetscCall(InpReal_Private(p, 1, "*Elastic data line", &mat->nu));
    PetscCheck(mat->E > 0 && mat->nu > -1 && mat->nu < 0.5, p->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": material %s needs E > 0 and -1 < nu < 0.5, got E = %g, nu = %g", p->file, p->line, mat->name, (double)mat->E,
               (double)mat->nu);
    mat->hasE = PETSC_TRUE;
    PetscCall(InpNoMoreData_Private(p, "*Elastic"));
  }
  PetscFunctionReturn(0);
}

// *Solid Section, elset=, material=: resolved when the deck has been read (materials may come later)
PetscErrorCode InpReadSection_Private(InpParser p)
{
  const char *elset, *mat;
  PetscInt    es;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "ELSET", &elset));
  PetscCall(InpRequireParam_Private(p, "MATERIAL", &mat));
  PetscCall(InpGetSet_Private(p, PETSC_FALSE, elset, PETSC_FALSE, &es));
  PetscCheck(es >= 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Solid Section refers to element set %s, which is not defined", p->file,
             p->kwline, elset);
  PetscCall(InpGrow_Private((void **)&p->sec, sizeof(InpSection), p->nsec, &p->seccap));
  p->sec[p->nsec].elset   = es;
  p->sec[p->nsec].line    = p->kwline;
  p->sec[p->nsec].hgstiff = -1;
  p->sec[p->nsec].hgline  = 0;
  PetscCall(InpUpper_Private(mat, p->sec[p->nsec].mat));
  if (InpParam_Private(p, "CONTROLS")) {
    const char *ctl;
    PetscCall(InpRequireParam_Private(p, "CONTROLS", &ctl));
    PetscCall(InpUpper_Private(ctl, p->sec[p->nsec].controls));
  } else
    p->sec[p->nsec].controls[0] = 0;
  p->nsec++;
  PetscCall(InpSkipData_Private(p)); // the optional data line (thickness of 2-D solids)
  PetscFunctionReturn(0);
}

/* *Section Controls, name=, hourglass=STIFFNESS|ENHANCED: the hourglass control of the sections that
   name it (Abaqus Keywords Reference, *SECTION CONTROLS; the other controls are Abaqus/Explicit's or
   other elements' and are refused rather than ignored). Data line: the displacement hourglass
   scaling factor first (default 1); the others act on shells and membranes and must stay blank or 1. */
PetscErrorCode InpReadSectionControls_Private(InpParser p)
{
  const char  *name, *hg = InpParam_Private(p, "HOURGLASS");
  InpControls *c;
  PetscBool    isdata;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "NAME", &name));
  for (PetscInt i = 0; i < p->nparam; i++)
    PetscCheck(!strcmp(p->pname[i], "NAME") || !strcmp(p->pname[i], "HOURGLASS"), p->comm, PETSC_ERR_SUP,
               "%s:%" PetscInt_FMT
               ": *Section Controls, %s= is not supported (tribo reads name= and hourglass=STIFFNESS or ENHANCED); leaving it out "
               "could change the element",
               p->file, p->kwline, p->pname[i]);
  PetscCheck(!hg || !InpStrcasecmp(hg, "STIFFNESS") || !InpStrcasecmp(hg, "ENHANCED"), p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": *Section Controls, hourglass=%s is not supported (expected STIFFNESS or ENHANCED, the Abaqus/Standard ones)",
             p->file, p->kwline, hg);
  PetscCall(InpGrow_Private((void **)&p->ctl, sizeof(InpControls), p->nctl, &p->ctlcap));
  c = &p->ctl[p->nctl];
  PetscCall(InpUpper_Private(name, c->name));
  for (PetscInt k = 0; k < p->nctl; k++)
    PetscCheck(strcmp(p->ctl[k].name, c->name), p->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Section Controls %s is defined twice (first at line %" PetscInt_FMT ")", p->file, p->kwline, name,
               p->ctl[k].line);
  c->enhanced = (PetscBool)(hg && !InpStrcasecmp(hg, "ENHANCED"));
  c->scale    = 1;
  c->line     = p->kwline;
  PetscCall(InpNextData_Private(p, &isdata));
  if (isdata) {
    for (PetscInt k = 0; k < p->nfld; k++) {
      PetscReal v = 1;
      if (!p->fld[k][0]) continue;
      PetscCall(InpReal_Private(p, k, "*Section Controls data line", &v));
      if (k == 0)
        c->scale = v;
      else
        PetscCheck(v == 1, p->comm, PETSC_ERR_SUP,
                   "%s:%" PetscInt_FMT ": *Section Controls scaling factor %" PetscInt_FMT
                   " = %g acts on shell or membrane elements only: leave it blank",
                   p->file, p->line, k + 1, (double)v);
    }
    PetscCheck(c->scale > 0, p->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Section Controls hourglass scaling factor must be positive, got %g", p->file, p->line, (double)c->scale);
    PetscCheck(!c->enhanced || c->scale == 1, p->comm, PETSC_ERR_SUP,
               "%s:%" PetscInt_FMT ": *Section Controls, hourglass=ENHANCED with a scaling factor %g: the enhanced control has no scale in tribo",
               p->file, p->line, (double)c->scale);
  }
  PetscCall(InpSkipData_Private(p));
  p->nctl++;
  PetscFunctionReturn(0);
}

// *Hourglass Stiffness after a *Solid Section: its first value r_F G (Pa) applies to that section's C3D8R elements
PetscErrorCode InpReadHourglassStiffness_Private(InpParser p)
{
  InpSection *s;

  PetscFunctionBeginUser;
  PetscCheck(p->nsec > 0 && p->sec[p->nsec - 1].line < p->kwline, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": *Hourglass Stiffness must follow the *Solid Section it belongs to", p->file, p->kwline);
  s = &p->sec[p->nsec - 1];
  PetscCheck(s->hgstiff < 0, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": a second *Hourglass Stiffness for the section of line %" PetscInt_FMT, p->file, p->kwline, s->line);
  PetscCall(InpOneDataLine_Private(p, "*Hourglass Stiffness"));
  PetscCall(InpNeedFields_Private(p, 1, "*Hourglass Stiffness data line (r_F G)"));
  PetscCall(InpReal_Private(p, 0, "*Hourglass Stiffness data line", &s->hgstiff));
  PetscCheck(s->hgstiff > 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Hourglass Stiffness r_F G must be positive, got %g", p->file,
             p->line, (double)s->hgstiff);
  s->hgline = p->kwline;
  PetscCall(InpNoMoreData_Private(p, "*Hourglass Stiffness"));
  PetscFunctionReturn(0);
}

static PetscErrorCode InpCheckSurface_Private(InpParser p, const char name[], const char what[], char out[])
{
  TriboMesh m = p->mesh;
  char      full[INP_NAME], up[INP_NAME];
  PetscBool found = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(InpUpper_Private(name, up));
  if (p->scope)
    PetscCall(PetscSNPrintf(full, sizeof(full), "%s%s", p->prefix, up));
  else
    PetscCall(PetscStrncpy(full, up, sizeof(full)));
  for (PetscInt i = 0; i < m->nsurfs; i++)
    if (!strcmp(m->surfs[i].name, full)) found = PETSC_TRUE;
  PetscCheck(found, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": %s refers to surface %s, which is not defined", p->file, p->line, what,
             name);
  PetscCall(PetscStrncpy(out, full, INP_NAME));
  PetscFunctionReturn(0);
}

PetscErrorCode InpReadTie_Private(InpParser p)
{
  TriboMesh   m   = p->mesh;
  const char *adj = InpParam_Private(p, "ADJUST"), *name;
  PetscBool   isdata;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "NAME", &name));
  for (;;) {
    TriboTie *t;

    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCall(InpNeedFields_Private(p, 2, "*Tie data line (slave surface, master surface)"));
    PetscCall(InpGrow_Private((void **)&m->ties, sizeof(TriboTie), m->nties, &p->tiecap));
    t = &m->ties[m->nties];
    PetscCall(InpUpper_Private(name, t->name));
    PetscCall(InpCheckSurface_Private(p, p->fld[0], "*Tie", t->slave));
    PetscCall(InpCheckSurface_Private(p, p->fld[1], "*Tie", t->master));
    t->adjust = (PetscBool)(!adj || !InpStrcasecmp(adj, "YES")); // Abaqus default: adjust=YES
    t->line   = p->line;
    m->nties++;
  }
  PetscFunctionReturn(0);
}

/*@
  InpReadCoupling_Private - *Coupling, constraint name=, ref node=, surface=; the next keyword
  (*Distributing or *Kinematic) completes it.

  Notes:
  ref node= is stored as the name of a node set, or as "#index" until the deck has been read,
  when it becomes the (renumbered) node number.
@*/
PetscErrorCode InpReadCoupling_Private(InpParser p)
{
  TriboMesh       m = p->mesh;
  const char     *name, *ref, *surf;
  TriboCoupling  *c;
  PetscInt        n;
  const PetscInt *list;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "CONSTRAINT NAME", &name));
  PetscCall(InpRequireParam_Private(p, "REF NODE", &ref));
  PetscCall(InpRequireParam_Private(p, "SURFACE", &surf));
  if (InpParam_Private(p, "ORIENTATION") || InpParam_Private(p, "INFLUENCE RADIUS")) {
    PetscCall(InpIgnore_Private(p, PETSC_TRUE, "a coupling with orientation= or influence radius="));
    p->curcoupling = -2; // its *Distributing or *Kinematic is skipped too
    PetscFunctionReturn(0);
  }
  PetscCall(InpGrow_Private((void **)&m->couplings, sizeof(TriboCoupling), m->ncouplings, &p->cplcap));
  c       = &m->couplings[m->ncouplings];
  p->line = p->kwline;
  PetscCall(InpUpper_Private(name, c->name));
  PetscCall(InpCheckSurface_Private(p, surf, "*Coupling", c->surface));
  PetscCall(InpNodeRef_Private(p, ref, "*Coupling, ref node=", &n, &list));
  PetscCheck(n == 1, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Coupling reference node set %s has %" PetscInt_FMT " nodes, expected 1",
             p->file, p->kwline, ref, n);
  if (list == &p->tmpnode)
    PetscCall(PetscSNPrintf(c->refnode, sizeof(c->refnode), "#%" PetscInt_FMT, list[0]));
  else {
    char full[INP_NAME];

    PetscCall(InpUpper_Private(ref, full));
    PetscCall(PetscSNPrintf(c->refnode, sizeof(c->refnode), "%s%s", p->scope ? p->prefix : "", full));
  }
  c->line        = p->kwline;
  c->dof0        = 1;
  c->dof1        = 6;
  p->curcoupling = m->ncouplings++;
  PetscCall(InpSkipData_Private(p));
  PetscFunctionReturn(0);
}

// *Distributing (weighting method=UNIFORM) or *Kinematic after *Coupling; data lines: DOF ranges
PetscErrorCode InpReadCouplingKind_Private(InpParser p)
{
  TriboCoupling *c;
  const char    *w = InpParam_Private(p, "WEIGHTING METHOD"), *cp = InpParam_Private(p, "COUPLING");
  PetscInt       lo = 7, hi = 0, nl = 0;
  PetscBool      isdata;

  PetscFunctionBeginUser;
  if (p->curcoupling == -2) {
    p->curcoupling = -1;
    PetscCall(InpSkipData_Private(p));
    PetscFunctionReturn(0);
  }
  PetscCheck(p->curcoupling >= 0, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *%s must follow *Coupling", p->file, p->kwline,
             p->kworig);
  c               = &p->mesh->couplings[p->curcoupling];
  p->curcoupling  = -1;
  c->distributing = (PetscBool)!strcmp(p->kw, "DISTRIBUTING");
  if ((w && InpStrcasecmp(w, "UNIFORM")) || (cp && InpStrcasecmp(cp, "STRUCTURAL"))) {
    char why[128];

    PetscCall(
        PetscSNPrintf(why, sizeof(why), "weighting method=%s, coupling=%s (only UNIFORM, STRUCTURAL)", w ? w : "UNIFORM", cp ? cp : "STRUCTURAL"));
    PetscCall(InpIgnore_Private(p, PETSC_TRUE, why));
    p->mesh->ncouplings--; // the coupling is the last one read
    PetscFunctionReturn(0);
  }
  for (;;) {
    PetscInt a, b;

    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCall(InpInt_Private(p, 0, "coupling DOF data line", &a));
    b = a;
    if (p->nfld > 1 && p->fld[1][0]) PetscCall(InpInt_Private(p, 1, "coupling DOF data line", &b));
    PetscCheck(1 <= a && a <= b && b <= 6, p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": coupling DOFs must satisfy 1 <= first <= last <= 6, got %" PetscInt_FMT ", %" PetscInt_FMT, p->file, p->line, a,
               b);
    PetscCheck(!nl || a == hi + 1 || b == lo - 1, p->comm, PETSC_ERR_SUP, "%s:%" PetscInt_FMT ": coupling DOF ranges must join into one range",
               p->file, p->line);
    lo = PetscMin(lo, a);
    hi = PetscMax(hi, b);
    nl++;
  }
  if (nl) {
    c->dof0 = lo;
    c->dof1 = hi;
  }
  PetscFunctionReturn(0);
}

// One node of an *Equation / *Cload term; a node set must hold exactly one node in an equation
static PetscErrorCode InpEqNode_Private(InpParser p, PetscInt k, PetscInt *node)
{
  PetscInt        n;
  const PetscInt *list;

  PetscFunctionBeginUser;
  PetscCall(InpNodeRef_Private(p, p->fld[k], "*Equation", &n, &list));
  PetscCheck(n == 1, p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": *Equation term with node set %s of %" PetscInt_FMT " nodes: only single-node sets are supported", p->file,
             p->line, p->fld[k], n);
  *node = list[0];
  PetscFunctionReturn(0);
}

/*@
  InpReadEquation_Private - *Equation: a line with the number of terms N, then N terms
  "node or node set, DOF, coefficient" (several per line); repeated for more equations.
@*/
PetscErrorCode InpReadEquation_Private(InpParser p)
{
  TriboMesh      m   = p->mesh;
  TriboEquation *eq  = NULL;
  PetscInt       got = 0;
  PetscBool      isdata;

  PetscFunctionBeginUser;
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    if (!eq) {
      PetscInt n;

      PetscCall(InpInt_Private(p, 0, "*Equation data line (number of terms)", &n));
      PetscCheck(n >= 1 && p->nfld == 1, p->comm, PETSC_ERR_FILE_UNEXPECTED,
                 "%s:%" PetscInt_FMT ": *Equation must start with a line holding the number of terms (>= 1)", p->file, p->line);
      PetscCall(InpGrow_Private((void **)&m->eqs, sizeof(TriboEquation), m->neqs, &p->eqcap));
      eq       = &m->eqs[m->neqs++];
      eq->n    = n;
      eq->line = p->line;
      got      = 0;
      PetscCall(PetscMalloc3(n, &eq->node, n, &eq->dof, n, &eq->coef));
      continue;
    }
    PetscCheck(p->nfld % 3 == 0 && got + p->nfld / 3 <= eq->n, p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": *Equation data line has %" PetscInt_FMT
               " fields; expected triples (node or node set, DOF, coefficient) for %" PetscInt_FMT " more term(s)",
               p->file, p->line, p->nfld, eq->n - got);
    for (PetscInt k = 0; k < p->nfld; k += 3) {
      PetscCall(InpEqNode_Private(p, k, &eq->node[got]));
      PetscCall(InpInt_Private(p, k + 1, "*Equation data line", &eq->dof[got]));
      PetscCall(InpReal_Private(p, k + 2, "*Equation data line", &eq->coef[got]));
      PetscCheck(eq->dof[got] >= 1 && eq->dof[got] <= 6, p->comm, PETSC_ERR_FILE_UNEXPECTED,
                 "%s:%" PetscInt_FMT ": *Equation DOF must be 1..6, got %" PetscInt_FMT, p->file, p->line, eq->dof[got]);
      PetscCheck(got || eq->coef[0] != 0, p->comm, PETSC_ERR_USER_INPUT,
                 "%s:%" PetscInt_FMT ": the first coefficient of an *Equation (the dependent DOF) must not be zero", p->file, p->line);
      got++;
    }
    if (got == eq->n) eq = NULL;
  }
  PetscCheck(!eq, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": *Equation has %" PetscInt_FMT " of its %" PetscInt_FMT " terms (truncated?)", p->file, eq ? eq->line : 0, got,
             eq ? eq->n : 0);
  PetscFunctionReturn(0);
}

// *Cload: "node or node set, DOF, value"; a node set loads each of its nodes
PetscErrorCode InpReadCload_Private(InpParser p)
{
  TriboMesh m = p->mesh;
  PetscBool isdata;

  PetscFunctionBeginUser;
  for (;;) {
    PetscInt        n, dof;
    PetscReal       v;
    const PetscInt *list;

    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCall(InpNeedFields_Private(p, 3, "*Cload data line (node or node set, DOF, value)"));
    PetscCall(InpInt_Private(p, 1, "*Cload data line", &dof));
    PetscCall(InpReal_Private(p, 2, "*Cload data line", &v));
    PetscCheck(dof >= 1 && dof <= 6, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *Cload DOF must be 1..6, got %" PetscInt_FMT, p->file,
               p->line, dof);
    PetscCall(InpNodeRef_Private(p, p->fld[0], "*Cload", &n, &list));
    for (PetscInt k = 0; k < n; k++) {
      TriboCload *c;

      PetscCall(InpGrow_Private((void **)&m->cloads, sizeof(TriboCload), m->ncloads, &p->cloadcap));
      c        = &m->cloads[m->ncloads++];
      c->node  = list[k];
      c->dof   = dof;
      c->value = v;
      c->line  = p->line;
      PetscCall(PetscStrncpy(c->loadcase, p->loadcase, sizeof(c->loadcase)));
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode InpReadRetained_Private(InpParser p)
{
  TriboMesh m = p->mesh;
  PetscBool isdata;

  PetscFunctionBeginUser;
  for (;;) {
    PetscInt        n;
    const PetscInt *list;
    TriboRetained  *r;

    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCall(InpNeedFields_Private(p, 2, "*Retained Nodal Dofs data line (node or node set, first DOF, last DOF)"));
    PetscCall(InpNodeRef_Private(p, p->fld[0], "*Retained Nodal Dofs", &n, &list));
    PetscCall(InpGrow_Private((void **)&m->retained, sizeof(TriboRetained), m->nretained, &p->retcap));
    r = &m->retained[m->nretained++];
    PetscCall(InpInt_Private(p, 1, "*Retained Nodal Dofs data line", &r->dof0));
    r->dof1 = r->dof0;
    if (p->nfld > 2 && p->fld[2][0]) PetscCall(InpInt_Private(p, 2, "*Retained Nodal Dofs data line", &r->dof1));
    PetscCheck(1 <= r->dof0 && r->dof0 <= r->dof1 && r->dof1 <= 6, p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": retained DOFs must satisfy 1 <= first <= last <= 6", p->file, p->line);
    if (list == &p->tmpnode)
      PetscCall(PetscSNPrintf(r->nset, sizeof(r->nset), "#%" PetscInt_FMT, list[0]));
    else
      PetscCall(InpUpper_Private(p->fld[0], r->nset));
    r->line = p->line;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode InpReadEigenmodes_Private(InpParser p)
{
  const char *def   = InpParam_Private(p, "DEFINITION");
  PetscBool   range = (PetscBool)(InpParam_Private(p, "GENERATE") || (def && !InpStrcasecmp(def, "MODE RANGES"))), isdata;

  PetscFunctionBeginUser;
  p->mesh->nmodes = 0;
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    if (range) {
      PetscInt a, b, s = 1;

      PetscCall(InpNeedFields_Private(p, 2, "*Select Eigenmodes data line (first, last, step)"));
      PetscCall(InpInt_Private(p, 0, "*Select Eigenmodes data line", &a));
      PetscCall(InpInt_Private(p, 1, "*Select Eigenmodes data line", &b));
      if (p->nfld > 2 && p->fld[2][0]) PetscCall(InpInt_Private(p, 2, "*Select Eigenmodes data line", &s));
      PetscCheck(a >= 1 && a <= b && s >= 1, p->comm, PETSC_ERR_FILE_UNEXPECTED,
                 "%s:%" PetscInt_FMT ": mode range needs 1 <= first <= last and step >= 1", p->file, p->line);
      p->mesh->nmodes += (b - a) / s + 1;
    } else
      for (PetscInt k = 0; k < p->nfld; k++)
        if (p->fld[k][0]) p->mesh->nmodes++;
  }
  PetscFunctionReturn(0);
}

/*@
  InpReadStepData_Private - *Step, *End Step, *Substructure Generate, *Select Eigenmodes,
  *Retained Nodal Dofs, *Substructure Load Case.

  Output Parameter:
. done - whether the current keyword was one of them
@*/
PetscErrorCode InpReadStepData_Private(InpParser p, PetscBool *done)
{
  const char *kw = p->kw, *v;

  PetscFunctionBeginUser;
  *done = PETSC_TRUE;
  if (!strcmp(kw, "STEP")) {
    PetscCheck(!p->instep, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *Step inside a step (missing *End Step?)", p->file, p->kwline);
    p->instep      = PETSC_TRUE;
    p->loadcase[0] = 0;
    PetscCall(InpSkipData_Private(p));
  } else if (!strcmp(kw, "END STEP")) {
    PetscCheck(p->instep, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *End Step without *Step", p->file, p->kwline);
    p->instep      = PETSC_FALSE;
    p->loadcase[0] = 0;
  } else if (!strcmp(kw, "SUBSTRUCTURE GENERATE")) {
    v = InpParam_Private(p, "NSET");
    if (v) {
      PetscInt s;

      PetscCall(InpGetSet_Private(p, PETSC_TRUE, v, PETSC_FALSE, &s));
      p->line = p->kwline;
      PetscCheck(s >= 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Substructure Generate refers to node set %s, which is not defined",
                 p->file, p->kwline, v);
      PetscCall(PetscStrncpy(p->mesh->recovery, p->mesh->nsets[s].name, sizeof(p->mesh->recovery)));
    }
    PetscCall(InpSkipData_Private(p));
  } else if (!strcmp(kw, "SELECT EIGENMODES"))
    PetscCall(InpReadEigenmodes_Private(p));
  else if (!strcmp(kw, "RETAINED NODAL DOFS"))
    PetscCall(InpReadRetained_Private(p));
  else if (!strcmp(kw, "SUBSTRUCTURE LOAD CASE")) {
    PetscCall(InpRequireParam_Private(p, "NAME", &v));
    PetscCall(InpUpper_Private(v, p->loadcase));
    PetscCall(InpSkipData_Private(p));
  } else
    *done = PETSC_FALSE;
  PetscFunctionReturn(0);
}

static PetscErrorCode InpNodeNumber_Private(InpParser p, char ref[])
{
  PetscInt i;

  PetscFunctionBeginUser;
  if (ref[0] != '#') PetscFunctionReturn(0);
  i = (PetscInt)strtol(ref + 1, NULL, 10);
  PetscCall(PetscSNPrintf(ref, INP_NAME, "%" PetscInt_FMT, p->mesh->nodeid[i]));
  PetscFunctionReturn(0);
}

/*@
  InpFinishConstraints_Private - Assigns the materials of the *Solid Section element sets and writes
  node references as (renumbered) node numbers.
@*/
PetscErrorCode InpFinishConstraints_Private(InpParser p)
{
  TriboMesh m = p->mesh;
  PetscInt *secline;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(m->nelem, &secline));
  for (PetscInt k = 0; k < p->nsec; k++) {
    PetscInt  mat = -1;
    TriboSet *es  = &m->elsets[p->sec[k].elset];

    for (PetscInt j = 0; j < m->nmats; j++)
      if (!strcmp(m->mats[j].name, p->sec[k].mat)) mat = j;
    PetscCheck(mat >= 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Solid Section refers to material %s, which is not defined", p->file,
               p->sec[k].line, p->sec[k].mat);
    PetscCheck(m->mats[mat].hasE, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": material %s has no *Elastic", p->file, m->mats[mat].line,
               m->mats[mat].name);
    PetscCheck(m->mats[mat].hasrho, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": material %s has no *Density (needed for the mass matrix)",
               p->file, m->mats[mat].line, m->mats[mat].name);
    { // the section's hourglass control (src/fe/c3d8r.c): enhanced 1, *Hourglass Stiffness r_F G / G, a scaling of the default
      PetscReal          hg = -1, scale = 1;
      const InpControls *c = NULL;
      if (p->sec[k].controls[0]) {
        for (PetscInt j = 0; j < p->nctl; j++)
          if (!strcmp(p->ctl[j].name, p->sec[k].controls)) c = &p->ctl[j];
        PetscCheck(c, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Solid Section refers to section controls %s, which are not defined",
                   p->file, p->sec[k].line, p->sec[k].controls);
        if (c->enhanced) hg = 1;
        scale = c->scale;
      }
      if (p->sec[k].hgstiff > 0) {
        PetscCheck(!c || !c->enhanced, p->comm, PETSC_ERR_USER_INPUT,
                   "%s:%" PetscInt_FMT ": *Hourglass Stiffness with hourglass=ENHANCED section controls (line %" PetscInt_FMT "): the two conflict",
                   p->file, p->sec[k].hgline, c ? c->line : 0);
        hg = TriboFEHourglassFraction(p->sec[k].hgstiff, m->mats[mat].E) * scale;
      }
      if ((hg >= 0 || scale != 1) && !m->ehg) {
        PetscCall(PetscMalloc2(m->nelem, &m->ehg, m->nelem, &m->ehgscale));
        for (PetscInt e = 0; e < m->nelem; e++) m->ehg[e] = -1, m->ehgscale[e] = 1;
      }
      for (PetscInt i = 0; i < es->n; i++) {
        PetscInt e = es->idx[i];

        PetscCheck(!secline[e] || m->emat[e] == mat, p->comm, PETSC_ERR_USER_INPUT,
                   "%s:%" PetscInt_FMT ": element %" PetscInt_FMT " already has a section (line %" PetscInt_FMT ")", p->file, p->sec[k].line,
                   m->elemid[e], secline[e]);
        m->emat[e] = mat;
        secline[e] = p->sec[k].line;
        if (m->ehg) m->ehg[e] = hg, m->ehgscale[e] = scale;
      }
    }
  }
  PetscCall(PetscFree(secline));
  for (PetscInt k = 0; k < m->ncouplings; k++) PetscCall(InpNodeNumber_Private(p, m->couplings[k].refnode));
  for (PetscInt k = 0; k < m->nretained; k++) PetscCall(InpNodeNumber_Private(p, m->retained[k].nset));
  PetscFunctionReturn(0);
}
