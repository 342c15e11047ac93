/* Abaqus deck reader: the keyword dispatch, nodes, elements, *System frames and the
   *Part / *Assembly / *Instance structure (lexical layer in inpline.c). */
#include <tribo/private/inpimpl.h>

static PetscErrorCode InpReadNode_Private(InpParser p)
{
  TriboMesh   m    = p->mesh;
  const char *nset = InpParam_Private(p, "NSET"), *sys = InpParam_Private(p, "SYSTEM");
  PetscInt    set = -1;
  PetscBool   isdata;

  PetscFunctionBeginUser;
  PetscCheck(!InpParam_Private(p, "INPUT"), p->comm, PETSC_ERR_SUP, "%s:%" PetscInt_FMT ": *Node, input= (nodes in another file) is not supported",
             p->file, p->kwline);
  PetscCheck(!sys || !InpStrcasecmp(sys, "R"), p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": *Node, system=%s is not supported (only rectangular coordinates)", p->file, p->kwline, sys);
  if (nset) PetscCall(InpGetSet_Private(p, PETSC_TRUE, nset, PETSC_TRUE, &set));
  for (;;) {
    PetscInt  id, idx, n = m->nnodes;
    PetscReal x[3], y[3];
    PetscBool dup;

    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCall(InpNeedFields_Private(p, 4, "*Node data line (node number, x, y, z)"));
    PetscCall(InpInt_Private(p, 0, "*Node data line", &id));
    PetscCheck(id > 0, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": node number must be positive, got %" PetscInt_FMT, p->file, p->line,
               id);
    for (PetscInt d = 0; d < 3; d++) PetscCall(InpReal_Private(p, 1 + d, "*Node data line", &x[d]));
    if (p->hassys) {
      TriboFrameApply_Private(p->SR, p->St, x, y);
      PetscCall(PetscArraycpy(x, y, 3));
    }
    if (p->hasinst) {
      TriboFrameApply_Private(p->IR, p->It, x, y);
      PetscCall(PetscArraycpy(x, y, 3));
    }
    PetscCall(TriboIdMapFind_Private(&p->nodes, INP_KEY(p->scope, id), &dup, &idx));
    PetscCheck(!dup, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": node %" PetscInt_FMT " is defined twice (first at line %" PetscInt_FMT ")",
               p->file, p->line, id, p->nodeline[idx]);
    PetscCall(TriboIdMapInsert_Private(&p->nodes, INP_KEY(p->scope, id), n, &dup));
    if (n >= p->nodecap) {
      PetscInt cap = PetscMax(1024, 2 * p->nodecap);

      PetscCall(PetscRealloc(sizeof(PetscReal) * 3 * (size_t)cap, &m->X));
      PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &m->nodeid));
      PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &p->nodescope));
      PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &p->nodeline));
      p->nodecap = cap;
    }
    PetscCall(PetscArraycpy(&m->X[3 * n], x, 3));
    m->nodeid[n]    = id;
    p->nodescope[n] = p->scope;
    p->nodeline[n]  = p->line;
    m->nnodes++;
    if (p->scope)
      p->inst[p->scope - 1].nmax = PetscMax(p->inst[p->scope - 1].nmax, id);
    else
      p->topnmax = PetscMax(p->topnmax, id);
    if (set >= 0) PetscCall(InpSetAdd_Private(p, PETSC_TRUE, set, n));
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode InpAddElement_Private(InpParser p, TriboElementType t, const PetscInt rec[], PetscInt set)
{
  TriboMesh m  = p->mesh;
  PetscInt  nn = TriboElementNodes[t], e = m->nelem, idx;
  PetscBool found;

  PetscFunctionBeginUser;
  PetscCheck(rec[0] > 0, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": element number must be positive, got %" PetscInt_FMT, p->file,
             p->line, rec[0]);
  PetscCall(TriboIdMapInsert_Private(&p->elems, INP_KEY(p->scope, rec[0]), e, &found));
  PetscCheck(!found, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": element %" PetscInt_FMT " is defined twice", p->file, p->line, rec[0]);
  if (e >= p->elemcap) {
    PetscInt cap = PetscMax(1024, 2 * p->elemcap);

    PetscCall(PetscRealloc(sizeof(TriboElementType) * (size_t)cap, &m->etype));
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &m->emat));
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &m->elemid));
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &p->elemscope));
    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)(cap + 1), &m->eptr));
    p->elemcap = cap;
  }
  if (m->eptr[e] + nn > p->conncap) {
    PetscInt cap = PetscMax(8192, 2 * p->conncap);

    PetscCall(PetscRealloc(sizeof(PetscInt) * (size_t)cap, &m->conn));
    p->conncap = cap;
  }
  for (PetscInt k = 0; k < nn; k++) {
    PetscCall(TriboIdMapFind_Private(&p->nodes, INP_KEY(p->scope, rec[1 + k]), &found, &idx));
    PetscCheck(found, p->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": element %" PetscInt_FMT " refers to node %" PetscInt_FMT
               ", which is not defined (nodes must come before the elements using them)",
               p->file, p->line, rec[0], rec[1 + k]);
    m->conn[m->eptr[e] + k] = idx;
  }
  m->etype[e]     = t;
  m->emat[e]      = -1;
  m->elemid[e]    = rec[0];
  p->elemscope[e] = p->scope;
  m->eptr[e + 1]  = m->eptr[e] + nn;
  m->nelem++;
  if (p->scope)
    p->inst[p->scope - 1].emax = PetscMax(p->inst[p->scope - 1].emax, rec[0]);
  else
    p->topemax = PetscMax(p->topemax, rec[0]);
  if (set >= 0) PetscCall(InpSetAdd_Private(p, PETSC_FALSE, set, e));
  PetscFunctionReturn(0);
}

static PetscErrorCode InpReadElement_Private(InpParser p)
{
  const char *type, *elset = InpParam_Private(p, "ELSET");
  PetscInt    t = -1, set = -1, cnt = 0, nn = 0, rec[21];
  PetscBool   isdata, cont = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "TYPE", &type));
  PetscCheck(!InpParam_Private(p, "INPUT"), p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": *Element, input= (elements in another file) is not supported", p->file, p->kwline);
  for (PetscInt k = 0; k < TRIBO_EL_NTYPES; k++)
    if (!InpStrcasecmp(type, TriboElementTypes[k])) t = k;
  if (t < 0) {
    char why[128];

    PetscCheck(p->allow, p->comm, PETSC_ERR_SUP,
               "%s:%" PetscInt_FMT
               ": element type %s is not supported (known: C3D8, C3D8R, C3D8I, C3D20, C3D20R, C3D4, C3D10); leaving it out would change "
               "the stiffness and mass (use -inp_allow_unsupported to skip it anyway)",
               p->file, p->kwline, type);
    // register the skipped element numbers so that sets may still name them
    for (;;) {
      PetscCall(InpNextData_Private(p, &isdata));
      if (!isdata) break;
      if (!cont && p->nfld > 0 && InpIsInt_Private(p->fld[0])) {
        PetscBool dup;

        PetscCall(InpInt_Private(p, 0, "*Element data line", &rec[0]));
        PetscCall(TriboIdMapInsert_Private(&p->elems, INP_KEY(p->scope, rec[0]), -1, &dup));
      }
      cont = p->comma;
    }
    PetscCall(PetscSNPrintf(why, sizeof(why), "element type %s; -inp_allow_unsupported", type));
    PetscCall(InpIgnore_Private(p, PETSC_FALSE, why));
    PetscFunctionReturn(0);
  }
  nn = TriboElementNodes[t];
  if (elset) PetscCall(InpGetSet_Private(p, PETSC_FALSE, elset, PETSC_TRUE, &set));
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    for (PetscInt k = 0; k < p->nfld; k++) {
      PetscCheck(cnt < nn + 1, p->comm, PETSC_ERR_FILE_UNEXPECTED,
                 "%s:%" PetscInt_FMT ": element %" PetscInt_FMT " has more than the %" PetscInt_FMT " nodes of a %s", p->file, p->line, rec[0], nn,
                 TriboElementTypes[t]);
      PetscCall(InpInt_Private(p, k, "*Element data line", &rec[cnt]));
      cnt++;
    }
    if (cnt == nn + 1) {
      PetscCall(InpAddElement_Private(p, (TriboElementType)t, rec, set));
      cnt = 0;
    } else
      PetscCheck(p->comma, p->comm, PETSC_ERR_FILE_UNEXPECTED,
                 "%s:%" PetscInt_FMT ": element %" PetscInt_FMT " has %" PetscInt_FMT " node(s), a %s needs %" PetscInt_FMT " (truncated line?)",
                 p->file, p->line, rec[0], cnt - 1, TriboElementTypes[t], nn);
  }
  PetscCheck(cnt == 0, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": element %" PetscInt_FMT " has %" PetscInt_FMT " node(s), a %s needs %" PetscInt_FMT
             " (the deck ends inside its data)",
             p->file, p->line, rec[0], cnt - 1, TriboElementTypes[t], nn);
  PetscFunctionReturn(0);
}

// *System: point a (origin), b (on the local x axis), optional c (in the local x-y plane); no data: global frame
static PetscErrorCode InpReadSystem_Private(InpParser p)
{
  PetscReal v[9];
  PetscInt  nv = 0, nl = 0;
  PetscBool isdata, ok;

  PetscFunctionBeginUser;
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCheck(nl < 2, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *System has at most 2 data lines (points a, b; point c)", p->file,
               p->line);
    PetscCheck(nl == 0 ? (p->nfld == 3 || p->nfld == 6) : (p->nfld == 3 && nv == 6), p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": *System data line %" PetscInt_FMT " has %" PetscInt_FMT " field(s), expected %s", p->file, p->line, nl + 1,
               p->nfld, nl == 0 ? "3 (point a) or 6 (points a, b)" : "3 (point c) after a 6-field first line");
    for (PetscInt k = 0; k < p->nfld; k++) PetscCall(InpReal_Private(p, k, "*System data line", &v[nv++]));
    nl++;
  }
  PetscCall(TriboFrameFromSystem_Private(nv, v, p->SR, p->St, &ok));
  PetscCheck(ok, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": *System points do not define a frame (a = b, or c on the line ab, or ab along z without a point c)", p->file,
             p->kwline);
  p->hassys = (PetscBool)(nv > 0);
  PetscFunctionReturn(0);
}

static PetscErrorCode InpReadPart_Private(InpParser p)
{
  const char *name;
  InpPart    *part;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "NAME", &name));
  PetscCheck(!p->scope, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *Part inside an instance", p->file, p->kwline);
  PetscCall(InpGrow_Private((void **)&p->parts, sizeof(InpPart), p->nparts, &p->partcap));
  part = &p->parts[p->nparts++];
  PetscCall(InpUpper_Private(name, part->name));
  part->line0 = p->cur;
  for (; p->cur < p->stop; p->cur++) {
    char kw[64];

    if (!InpIsKeyword_Private(p->lines[p->cur])) continue;
    InpNormalize_Private(strchr(p->lines[p->cur], '*') + 1, kw, sizeof(kw));
    if (!strncmp(kw, "END PART", 8)) break;
    PetscCheck(strncmp(kw, "PART", 4) || (kw[4] && kw[4] != ','), p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": *Part %s (line %" PetscInt_FMT ") has no *End Part", p->file, p->cur + 1, name, p->kwline);
  }
  PetscCheck(p->cur < p->stop, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *Part %s has no *End Part", p->file, p->kwline, name);
  part->line1 = p->cur++;
  PetscFunctionReturn(0);
}

static PetscErrorCode InpParseRange_Private(InpParser, PetscInt);

// *Instance, name=, part=: optional data lines (translation; rotation a, b, angle), then the part's body
static PetscErrorCode InpReadInstance_Private(InpParser p)
{
  const char *name, *pname;
  char        up[INP_NAME];
  PetscReal   v[10];
  PetscInt    nv = 0, nl = 0, part = -1, cur, stop;
  PetscBool   isdata, ok;

  PetscFunctionBeginUser;
  PetscCall(InpRequireParam_Private(p, "NAME", &name));
  PetscCheck(!InpParam_Private(p, "INSTANCE") && !InpParam_Private(p, "LIBRARY"), p->comm, PETSC_ERR_SUP,
             "%s:%" PetscInt_FMT ": imported instances are not supported", p->file, p->kwline);
  PetscCall(InpRequireParam_Private(p, "PART", &pname));
  PetscCheck(!p->scope, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *Instance inside another instance (missing *End Instance?)",
             p->file, p->kwline);
  PetscCall(InpUpper_Private(pname, up));
  for (PetscInt k = 0; k < p->nparts; k++)
    if (!strcmp(p->parts[k].name, up)) part = k;
  PetscCheck(part >= 0, p->comm, PETSC_ERR_USER_INPUT,
             "%s:%" PetscInt_FMT ": *Instance %s refers to part %s, which is not defined (parts must come before the assembly)", p->file, p->kwline,
             name, pname);
  PetscCall(InpUpper_Private(name, up));
  PetscCall(InpFindScope_Private(p, up, &cur));
  PetscCheck(cur < 0, p->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": instance %s is defined twice", p->file, p->kwline, name);
  for (;;) {
    PetscCall(InpNextData_Private(p, &isdata));
    if (!isdata) break;
    PetscCheck(nl < 2, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *Instance has at most 2 data lines (translation; rotation)",
               p->file, p->line);
    PetscCheck(p->nfld == (nl ? 7 : 3), p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": *Instance data line %" PetscInt_FMT " has %" PetscInt_FMT " field(s), expected %s", p->file, p->line, nl + 1,
               p->nfld, nl ? "7 (axis points a, b and the angle in degrees)" : "3 (translation)");
    for (PetscInt k = 0; k < p->nfld; k++) PetscCall(InpReal_Private(p, k, "*Instance data line", &v[nv++]));
    nl++;
  }
  PetscCall(TriboFrameFromInstance_Private(nv, v, p->IR, p->It, &ok));
  PetscCheck(ok, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": the rotation axis of *Instance %s has a = b", p->file, p->kwline, name);
  p->hasinst = (PetscBool)(nv > 0);
  PetscCall(InpGrow_Private((void **)&p->inst, sizeof(InpInstance), p->ninst, &p->instcap));
  PetscCall(PetscStrncpy(p->inst[p->ninst].name, up, INP_NAME));
  p->scope = ++p->ninst;
  PetscCall(PetscSNPrintf(p->prefix, sizeof(p->prefix), "%s.", up));
  // parse the part's body in the instance's scope, then go on after the *Instance data lines
  cur       = p->cur;
  stop      = p->stop;
  p->hassys = PETSC_FALSE;
  p->cur    = p->parts[part].line0;
  PetscCall(InpParseRange_Private(p, p->parts[part].line1));
  p->cur    = cur;
  p->stop   = stop;
  p->hassys = PETSC_FALSE;
  PetscFunctionReturn(0);
}

static PetscErrorCode InpEndInstance_Private(InpParser p)
{
  PetscFunctionBeginUser;
  PetscCheck(p->scope, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *End Instance without *Instance", p->file, p->kwline);
  p->scope     = 0;
  p->prefix[0] = 0;
  p->hasinst   = PETSC_FALSE;
  p->hassys    = PETSC_FALSE;
  PetscFunctionReturn(0);
}

// Keywords skipped with a warning (physics = PETSC_FALSE) or refused unless -inp_allow_unsupported
static const struct {
  const char *kw, *why;
  PetscBool   physics;
} InpSkipped[] = {
    {"FREQUENCY", "tribo sets up its own analysis", PETSC_FALSE},
    {"STATIC", "tribo sets up its own analysis", PETSC_FALSE},
    {"DAMPING CONTROLS", "no effect on the stiffness and mass", PETSC_FALSE},
    {"OUTPUT", "output request", PETSC_FALSE},
    {"NODE OUTPUT", "output request", PETSC_FALSE},
    {"ELEMENT OUTPUT", "output request", PETSC_FALSE},
    {"CONTACT OUTPUT", "output request", PETSC_FALSE},
    {"ENERGY OUTPUT", "output request", PETSC_FALSE},
    {"RESTART", "output request", PETSC_FALSE},
    {"NODE PRINT", "output request", PETSC_FALSE},
    {"EL PRINT", "output request", PETSC_FALSE},
    {"NODE FILE", "output request", PETSC_FALSE},
    {"EL FILE", "output request", PETSC_FALSE},
    {"MONITOR", "output request", PETSC_FALSE},
    {"CONTACT PAIR", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"CONTACT", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"CONTACT INCLUSIONS", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"CONTACT PROPERTY ASSIGNMENT", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"SURFACE INTERACTION", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"SURFACE BEHAVIOR", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"FRICTION", "contact is not modelled here: tribo handles the joint interface", PETSC_FALSE},
    {"DAMPING", "material damping is not part of the stiffness and mass", PETSC_FALSE},
    {"EXPANSION", "thermal expansion is not used", PETSC_FALSE},
    {"PLASTIC", "the model is linear elastic", PETSC_FALSE},
    {"CONDUCTIVITY", "thermal property", PETSC_FALSE},
    {"SPECIFIC HEAT", "thermal property", PETSC_FALSE},
    {"AMPLITUDE", "time dependence is not used", PETSC_FALSE},
    {"ORIENTATION", "orientations do not matter for isotropic materials", PETSC_FALSE},
    {"BEAM SECTION", "beam elements", PETSC_TRUE},
    {"BEAM GENERAL SECTION", "beam elements", PETSC_TRUE},
    {"SHELL SECTION", "shell elements", PETSC_TRUE},
    {"SHELL GENERAL SECTION", "shell elements", PETSC_TRUE},
    {"MEMBRANE SECTION", "membrane elements", PETSC_TRUE},
    {"COHESIVE SECTION", "cohesive elements", PETSC_TRUE},
    {"CONNECTOR SECTION", "connector elements", PETSC_TRUE},
    {"SPRING", "springs", PETSC_TRUE},
    {"DASHPOT", "dashpots", PETSC_TRUE},
    {"MASS", "point masses", PETSC_TRUE},
    {"ROTARY INERTIA", "point inertia", PETSC_TRUE},
    {"NONSTRUCTURAL MASS", "non-structural mass", PETSC_TRUE},
    {"MPC", "multi-point constraints", PETSC_TRUE},
    {"RIGID BODY", "rigid bodies", PETSC_TRUE},
    {"KINEMATIC COUPLING", "kinematic couplings", PETSC_TRUE},
    {"DISTRIBUTING COUPLING", "distributing couplings", PETSC_TRUE},
    {"TRANSFORM", "local nodal directions change the meaning of DOFs", PETSC_TRUE},
    {"INCLUDE", "included files", PETSC_TRUE},
    {"PARAMETER", "parametrized decks", PETSC_TRUE},
    {"HYPERELASTIC", "hyperelastic materials", PETSC_TRUE},
    {"PRE-TENSION SECTION", "pre-tension sections", PETSC_TRUE},
};

static PetscErrorCode InpDispatch_Private(InpParser p)
{
  const char *kw = p->kw;
  PetscBool   done;

  PetscFunctionBeginUser;
  // the material options and the coupling kind attach to the preceding keyword
  if (p->curcoupling == -2 && strcmp(kw, "DISTRIBUTING") && strcmp(kw, "KINEMATIC")) p->curcoupling = -1;
  PetscCheck(p->curcoupling < 0 || !strcmp(kw, "DISTRIBUTING") || !strcmp(kw, "KINEMATIC"), p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": *Coupling at line %" PetscInt_FMT " must be followed by *Distributing or *Kinematic, not *%s", p->file, p->kwline,
             p->mesh->couplings[p->curcoupling].line, p->kworig);
  if (strcmp(kw, "DENSITY") && strcmp(kw, "ELASTIC") && strcmp(kw, "DAMPING") && strcmp(kw, "EXPANSION") && strcmp(kw, "PLASTIC") &&
      strcmp(kw, "CONDUCTIVITY") && strcmp(kw, "SPECIFIC HEAT"))
    p->curmat = -1;
  if (!strcmp(kw, "HEADING") || !strcmp(kw, "PREPRINT") || !strcmp(kw, "SUBSTRUCTURE MATRIX OUTPUT"))
    PetscCall(InpSkipData_Private(p));
  else if (!strcmp(kw, "NODE"))
    PetscCall(InpReadNode_Private(p));
  else if (!strcmp(kw, "ELEMENT"))
    PetscCall(InpReadElement_Private(p));
  else if (!strcmp(kw, "SYSTEM"))
    PetscCall(InpReadSystem_Private(p));
  else if (!strcmp(kw, "NSET"))
    PetscCall(InpReadNset_Private(p, PETSC_TRUE));
  else if (!strcmp(kw, "ELSET"))
    PetscCall(InpReadNset_Private(p, PETSC_FALSE));
  else if (!strcmp(kw, "SURFACE"))
    PetscCall(InpReadSurface_Private(p));
  else if (!strcmp(kw, "MATERIAL"))
    PetscCall(InpReadMaterial_Private(p));
  else if (!strcmp(kw, "DENSITY") || !strcmp(kw, "ELASTIC"))
    PetscCall(InpReadMaterialOption_Private(p));
  else if (!strcmp(kw, "SOLID SECTION"))
    PetscCall(InpReadSection_Private(p));
  else if (!strcmp(kw, "SECTION CONTROLS"))
    PetscCall(InpReadSectionControls_Private(p));
  else if (!strcmp(kw, "HOURGLASS STIFFNESS"))
    PetscCall(InpReadHourglassStiffness_Private(p));
  else if (!strcmp(kw, "TIE"))
    PetscCall(InpReadTie_Private(p));
  else if (!strcmp(kw, "COUPLING"))
    PetscCall(InpReadCoupling_Private(p));
  else if (!strcmp(kw, "DISTRIBUTING") || !strcmp(kw, "KINEMATIC"))
    PetscCall(InpReadCouplingKind_Private(p));
  else if (!strcmp(kw, "EQUATION"))
    PetscCall(InpReadEquation_Private(p));
  else if (!strcmp(kw, "CLOAD"))
    PetscCall(InpReadCload_Private(p));
  else if (!strcmp(kw, "PART"))
    PetscCall(InpReadPart_Private(p));
  else if (!strcmp(kw, "END PART"))
    SETERRQ(p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s:%" PetscInt_FMT ": *End Part without *Part", p->file, p->kwline);
  else if (!strcmp(kw, "ASSEMBLY") || !strcmp(kw, "END ASSEMBLY"))
    PetscCall(InpSkipData_Private(p));
  else if (!strcmp(kw, "INSTANCE"))
    PetscCall(InpReadInstance_Private(p));
  else if (!strcmp(kw, "END INSTANCE"))
    PetscCall(InpEndInstance_Private(p));
  else if (!strcmp(kw, "BOUNDARY"))
    PetscCall(
        InpIgnore_Private(p, (PetscBool)!p->instep, p->instep ? "boundary conditions of a step" : "boundary conditions in the model definition"));
  else {
    PetscCall(InpReadStepData_Private(p, &done));
    if (!done) {
      for (size_t k = 0; k < sizeof(InpSkipped) / sizeof(InpSkipped[0]); k++)
        if (!strcmp(kw, InpSkipped[k].kw)) {
          PetscCall(InpIgnore_Private(p, (PetscBool)(InpSkipped[k].physics && !p->instep), InpSkipped[k].why));
          PetscFunctionReturn(0);
        }
      PetscCall(InpIgnore_Private(p, (PetscBool)!p->instep, p->instep ? "unknown keyword in a step" : "unknown keyword"));
    }
  }
  PetscFunctionReturn(0);
}

// Parses keywords from p->cur up to line stop (0-based, exclusive)
static PetscErrorCode InpParseRange_Private(InpParser p, PetscInt stop)
{
  PetscFunctionBeginUser;
  p->stop = stop;
  while (InpMore_Private(p, stop)) {
    PetscCheck(InpIsKeyword_Private(p->lines[p->cur]), p->comm, PETSC_ERR_FILE_UNEXPECTED,
               "%s:%" PetscInt_FMT ": data line without a keyword before it: '%.40s'", p->file, p->cur + 1, p->lines[p->cur]);
    PetscCall(InpReadKeyword_Private(p));
    PetscCall(InpDispatch_Private(p));
    p->stop = stop;
  }
  PetscCheck(p->curcoupling < 0 || stop < p->nlines, p->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s:%" PetscInt_FMT ": *Coupling is not followed by *Distributing or *Kinematic", p->file, p->mesh->couplings[p->curcoupling].line);
  PetscFunctionReturn(0);
}

static PetscErrorCode InpDestroy_Private(InpParser *pp)
{
  InpParser p = *pp;

  PetscFunctionBeginUser;
  if (!p) PetscFunctionReturn(0);
  PetscCall(PetscFree(p->buf));
  PetscCall(PetscFree(p->lines));
  PetscCall(PetscFree(p->scr));
  PetscCall(PetscFree(p->fld));
  PetscCall(PetscFree2(p->pname, p->pval));
  PetscCall(PetscFree(p->kwtext));
  PetscCall(PetscFree(p->nsetn));
  PetscCall(PetscFree(p->elsetn));
  PetscCall(PetscFree(p->surfn));
  PetscCall(PetscFree(p->nodescope));
  PetscCall(PetscFree(p->nodeline));
  PetscCall(PetscFree(p->elemscope));
  PetscCall(TriboIdMapDestroy_Private(&p->nodes));
  PetscCall(TriboIdMapDestroy_Private(&p->elems));
  PetscCall(PetscFree(p->parts));
  PetscCall(PetscFree(p->inst));
  PetscCall(PetscFree(p->warn));
  PetscCall(PetscFree(p->sec));
  PetscCall(PetscFree(p->ctl));
  PetscCall(PetscFree(*pp));
  PetscFunctionReturn(0);
}

// Instance nodes and elements get numbers after those of the model level, instance by instance
static PetscErrorCode InpRenumber_Private(InpParser p)
{
  TriboMesh m = p->mesh;
  PetscInt *nbase, *ebase;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(p->ninst + 1, &nbase, p->ninst + 1, &ebase));
  nbase[0] = ebase[0] = 0;
  for (PetscInt k = 0; k < p->ninst; k++) {
    nbase[k + 1] = (k ? nbase[k] + p->inst[k - 1].nmax : p->topnmax);
    ebase[k + 1] = (k ? ebase[k] + p->inst[k - 1].emax : p->topemax);
  }
  for (PetscInt i = 0; i < m->nnodes; i++) m->nodeid[i] += nbase[p->nodescope[i]];
  for (PetscInt e = 0; e < m->nelem; e++) m->elemid[e] += ebase[p->elemscope[e]];
  PetscCall(PetscFree2(nbase, ebase));
  PetscFunctionReturn(0);
}

static PetscErrorCode InpParse_Private(InpParser p)
{
  PetscFunctionBeginUser;
  p->cur = 0;
  PetscCall(InpParseRange_Private(p, p->nlines));
  PetscCheck(!p->scope, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: instance %s has no *End Instance", p->file, p->inst[p->scope - 1].name);
  PetscCall(InpRenumber_Private(p));
  PetscCall(InpFinishConstraints_Private(p));
  PetscCall(InpFinishSets_Private(p));
  PetscCheck(p->mesh->nnodes > 0, p->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: the deck defines no nodes", p->file);
  PetscFunctionReturn(0);
}

/*@
  TriboMeshReadAbaqus - Reads an Abaqus input deck into a mesh, replacing what it held.

  Collective on the mesh's communicator (every rank parses the deck; rank 0 reads the file and
  broadcasts its bytes)

  Input Parameters:
+ mesh  - a mesh from TriboMeshCreate(), its reader options set (TriboMeshSetFromOptions())
- fname - the .inp file

  Output Parameter:
. mesh - nodes (global coordinates), elements, sets, surfaces, materials, constraints and the
         substructure step data

  Options (read by TriboMeshSetFromOptions(), not here):
+ -inp_allow_unsupported - skip (with a warning) keywords and element types whose omission changes
                           the stiffness, mass or loads, instead of stopping
- -inp_strict            - stop at any keyword that would be ignored, even harmless ones

  Notes:
  Supported: *Heading, *Preprint, *Node (nset=), *Element (C3D8, C3D8R, C3D8I, C3D20, C3D20R, C3D4, C3D10;
  elset=), *Nset / *Elset (generate, instance=, set names in the data), *Surface (type=ELEMENT
  with "elset or element, Sk", type=NODE), *Material with *Density and *Elastic, *Solid Section (controls=),
  *Section Controls (hourglass=STIFFNESS or ENHANCED, the displacement scaling factor) and
  *Hourglass Stiffness (src/fe/c3d8r.c says how they set the C3D8R hourglass stiffness),
  *System, *Part / *Assembly / *Instance (translation, rotation), *Tie, *Coupling with
  *Distributing or *Kinematic, *Equation, *Cload, *Step with *Substructure Generate, *Select
  Eigenmodes, *Retained Nodal Dofs, *Substructure Load Case. Other keywords are listed in one
  warning summary at the end ("warning: file:line: *Keyword ignored (why)") or refused.

  *System (Abaqus Keywords Reference, *SYSTEM): the data give point a (origin of the local frame),
  point b (on the local x axis) and optionally point c (in the local x-y plane, on the side of
  positive y); without c the local z axis is the global Z axis and ab is projected onto the X-Y
  plane; a *System without data returns to the global frame. Nodes that follow are given in
  the local frame: X = a + x e1 + y e2 + z e3.

  *Instance (Abaqus Keywords Reference, *INSTANCE): first data line a translation, second line
  points a, b of a rotation axis and the angle in degrees; the translation is applied first, then
  the rotation about the axis ab. Set, surface and node names of an instance are INSTANCE.NAME;
  instance nodes and elements are renumbered after the model-level ones.

  On an error (it names the file and the line) the mesh is left empty, holding no partial data.

  Level: beginner

.seealso: TriboMeshCreate(), TriboMeshSetFromOptions(), TriboMeshView(), TriboMeshDestroy()
@*/
PetscErrorCode TriboMeshReadAbaqus(TriboMesh mesh, const char fname[])
{
  InpParser      p;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboMeshReset_Private(mesh));
  PetscCall(PetscNew(&p));
  p->mesh        = mesh;
  p->comm        = mesh->comm;
  p->file        = fname;
  p->allow       = mesh->allow;
  p->strict      = mesh->strict;
  p->curmat      = -1;
  p->curcoupling = -1;
  PetscCall(PetscStrncpy(mesh->file, fname, sizeof(mesh->file)));
  PetscCall(PetscMalloc1(1, &mesh->eptr));
  mesh->eptr[0] = 0;
  // on an error the parser and the partial mesh are freed before the error is passed on
  ierr = InpLoad_Private(p, fname);
  if (!ierr) ierr = InpParse_Private(p);
  if (ierr) {
    PetscCall(TriboMeshReset_Private(mesh));
    PetscCall(InpDestroy_Private(&p));
    PetscFunctionReturn(ierr);
  }
  for (PetscInt k = 0; k < p->nwarn; k++)
    PetscCall(PetscPrintf(p->comm, "warning: %s:%" PetscInt_FMT ": %s\n", p->file, p->warn[k].line, p->warn[k].text));
  mesh->nwarn = p->nwarn;
  PetscCall(InpDestroy_Private(&p));
  PetscFunctionReturn(0);
}
