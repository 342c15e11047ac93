#include <tribo/private/h5impl.h>
#include <stdio.h>
#include <string.h>

static PetscErrorCode ElementsWriteH5_Private(TriboROMElements el, TriboH5 h)
{
  PetscInt    *d, *np, ntot = 0;
  const char **law, **pn;
  PetscReal   *pv;

  PetscFunctionBeginUser;
  for (PetscInt e = 0; e < el->n; e++) ntot += el->e[e].nparams;
  PetscCall(PetscMalloc3(el->n, &d, el->n, &np, el->n, &law));
  PetscCall(PetscMalloc2(ntot + 1, &pn, ntot + 1, &pv));
  ntot = 0;
  for (PetscInt e = 0; e < el->n; e++) {
    d[e]   = el->e[e].d;
    np[e]  = el->e[e].nparams;
    law[e] = el->e[e].law;
    for (PetscInt k = 0; k < np[e]; k++, ntot++) pn[ntot] = el->e[e].pname[k], pv[ntot] = el->e[e].pvalue[k];
  }
  PetscCall(TriboH5WriteStrings(h, TRIBO_H5_ROM_EL "/law", el->n, law));
  PetscCall(TriboH5WriteInt(h, TRIBO_H5_ROM_EL "/components", 1, &el->n, d));
  PetscCall(TriboH5WriteInt(h, TRIBO_H5_ROM_EL "/param_count", 1, &el->n, np));
  if (ntot) {
    PetscCall(TriboH5WriteStrings(h, TRIBO_H5_ROM_EL "/param_names", ntot, pn));
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_EL "/param_values", 1, &ntot, pv));
  }
  PetscCall(PetscFree3(d, np, law));
  PetscCall(PetscFree2(pn, pv));
  PetscFunctionReturn(0);
}

/*@
  TriboROMWriteH5 - Writes a ROM into the /rom group of a file being written.

  Not collective (returns at once on ranks other than 0)

  Input Parameters:
+ rom - the reduced structure
- h   - file from TriboH5Create()

  Notes:
  Layout: attributes title and units of /rom; M, K (n x n), Fv (n), R (nrec x n), R_labels;
  C (n x n) and excitation (n) when the ROM has them; /rom/elements for discrete elements
  (law: strings, components, param_count: nel integers, param_names: strings and param_values: the
  parameters given for each element, concatenated in element order);
  /rom/interface with nodes (nnodes x 3; nodes_top, the pairs' top nodes, from a deck), elements (nelem x 4, -1 pads triangles), points
  (npts x 3), weights, point_element and Q, T, L as CSR groups (see triboio.h); the FE surface
  and its basis, if any (TriboROMSurfaceWriteH5()).

.seealso: `TriboROMSave()`, `TriboROMLoadHDF5()`
@*/
PetscErrorCode TriboROMWriteH5(TriboROM rom, TriboH5 h)
{
  const PetscScalar *fv;
  TriboInterface     f = rom->iface;

  PetscFunctionBeginUser;
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_ROM, "title", rom->title));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_ROM, "units", "SI: m, kg, s, N"));
  PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_M, rom->M));
  PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_K, rom->K));
  PetscCall(VecGetArrayRead(rom->Fv, &fv));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_FV, 1, &rom->n, fv));
  PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  if (rom->nrec > 0) {
    PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_R, rom->R));
    PetscCall(TriboH5WriteStrings(h, TRIBO_H5_ROM_RLAB, rom->nrec, (const char *const *)rom->rlabels));
  }
  if (rom->C) PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_C, rom->C));
  if (rom->Fx) {
    PetscCall(VecGetArrayRead(rom->Fx, &fv));
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_FX, 1, &rom->n, fv));
    PetscCall(VecRestoreArrayRead(rom->Fx, &fv));
  }
  if (rom->elements) PetscCall(ElementsWriteH5_Private(rom->elements, h));
  if (f) {
    PetscInt   d3[2] = {f->nnodes, 3}, d4[2] = {f->nelem, 4}, dp[2] = {f->npts, 3};
    PetscReal *zero = NULL;
    PetscInt  *none = NULL;

    // coordinates and elements are unknown for a ROM imported from a .mat file: store zeros and -1
    if (!f->xyz || !f->pxyz) PetscCall(PetscCalloc1(3 * PetscMax(f->nnodes, f->npts), &zero));
    if (!f->pelem) {
      PetscCall(PetscMalloc1(f->npts, &none));
      for (PetscInt p = 0; p < f->npts; p++) none[p] = -1;
    }
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_NODES, 2, d3, f->xyz ? f->xyz : zero));
    if (f->xyzt) PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_NODES_TOP, 2, d3, f->xyzt));
    PetscCall(TriboH5WriteInt(h, TRIBO_H5_IF_ELEMS, 2, d4, f->elem));
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_PTS, 2, dp, f->pxyz ? f->pxyz : zero));
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_W, 1, &f->npts, f->pw));
    PetscCall(TriboH5WriteInt(h, TRIBO_H5_IF_PELEM, 1, &f->npts, f->pelem ? f->pelem : none));
    PetscCall(TriboH5WriteMatCSR(h, TRIBO_H5_IF_Q, f->Q));
    PetscCall(TriboH5WriteMatCSR(h, TRIBO_H5_IF_T, f->T));
    PetscCall(TriboH5WriteMatCSR(h, TRIBO_H5_IF_L, f->L));
    PetscCall(PetscFree(zero));
    PetscCall(PetscFree(none));
  }
  if (rom->surf) PetscCall(TriboROMSurfaceWriteH5(rom->surf, h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

static PetscErrorCode ROMSave_Private(TriboROM rom, TriboH5 h, const char verb[])
{
  PetscBool   has = PETSC_FALSE;
  const char *src = rom->source;

  PetscFunctionBeginUser;
  if (src[0]) PetscCall(PetscTestFile(src, 'r', &has));
  PetscCall(TriboH5WriteMeta(h, verb, has ? 1 : 0, &src));
  PetscCall(TriboROMWriteH5(rom, h));
  PetscFunctionReturn(0);
}

/*@
  TriboROMSave - Writes a ROM file (/meta and /rom) atomically.

  Collective

  Input Parameters:
+ rom      - the reduced structure
. filename - output file; replaced only when the new one is complete
- verb     - the verb that made it, stored in /meta (the ROM's source file, if any, is
             recorded as the input, with its SHA-256)

.seealso: `TriboROMLoad()`, `TriboROMWriteH5()`, `TriboH5Create()`
@*/
PetscErrorCode TriboROMSave(TriboROM rom, const char filename[], const char verb[])
{
  TriboH5        h;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(rom->comm, filename, &h));
  // on an error, discard the temporary file on every rank before passing the error on
  ierr = ROMSave_Private(rom, h, verb);
  PetscCall(TriboH5Close(&h, ierr ? PETSC_FALSE : PETSC_TRUE));
  PetscCall(ierr);
  PetscFunctionReturn(0);
}

// Read a real vector of length n stored as (n), (n,1) or (1,n)
static PetscErrorCode ReadVector_Private(TriboH5 h, const char path[], PetscInt n, const char what[], PetscReal **v)
{
  const char *fn;
  PetscInt    nd, d[3];
  char        shape[64] = "a scalar";

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboH5ReadReal(h, path, &nd, d, v));
  if (nd == 1) PetscCall(PetscSNPrintf(shape, sizeof(shape), "of length %" PetscInt_FMT, d[0]));
  if (nd == 2) PetscCall(PetscSNPrintf(shape, sizeof(shape), "%" PetscInt_FMT " x %" PetscInt_FMT, d[0], d[1]));
  if (nd == 3) PetscCall(PetscSNPrintf(shape, sizeof(shape), "%" PetscInt_FMT " x %" PetscInt_FMT " x %" PetscInt_FMT, d[0], d[1], d[2]));
  PetscCheck((nd == 1 && d[0] == n) || (nd == 2 && ((d[0] == n && d[1] == 1) || (d[0] == 1 && d[1] == n))), PETSC_COMM_SELF,
             PETSC_ERR_FILE_UNEXPECTED, "%s: %s is %s, expected a vector of length %" PetscInt_FMT " (%s)", fn, path, shape, n, what);
  PetscFunctionReturn(0);
}

static PetscErrorCode ElementsReadH5_Private(TriboH5 h, TriboROM rom)
{
  const char      *fn;
  TriboROMElements el;
  PetscInt         nd, dims[3], nl, *d = NULL, *np = NULL, ntot = 0, nn = 0, k = 0;
  char           **law = NULL, **pn = NULL;
  PetscReal       *pv = NULL;
  PetscBool        has;

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboH5ReadStrings(h, TRIBO_H5_ROM_EL "/law", &nl, &law));
  PetscCall(PetscNew(&el));
  rom->elements = el;
  PetscCall(PetscCalloc1(nl, &el->e));
  el->n = nl;
  for (PetscInt e = 0; e < nl; e++) el->e[e].law = law[e];
  PetscCall(PetscFree(law));
  PetscCall(TriboH5ReadInt(h, TRIBO_H5_ROM_EL "/components", &nd, dims, &d));
  PetscCheck(nd == 1 && dims[0] == nl, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " entries (one per element)", fn,
             TRIBO_H5_ROM_EL "/components", nl);
  PetscCall(TriboH5ReadInt(h, TRIBO_H5_ROM_EL "/param_count", &nd, dims, &np));
  PetscCheck(nd == 1 && dims[0] == nl, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " entries (one per element)", fn,
             TRIBO_H5_ROM_EL "/param_count", nl);
  for (PetscInt e = 0; e < nl; e++) ntot += np[e];
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_EL "/param_names", &has));
  if (has) {
    PetscCall(TriboH5ReadStrings(h, TRIBO_H5_ROM_EL "/param_names", &nn, &pn));
    PetscCall(ReadVector_Private(h, TRIBO_H5_ROM_EL "/param_values", nn, "one value per parameter name", &pv));
  }
  PetscCheck(nn == ntot, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s has %" PetscInt_FMT " names, expected %" PetscInt_FMT " (sum of %s)", fn,
             TRIBO_H5_ROM_EL "/param_names", nn, ntot, TRIBO_H5_ROM_EL "/param_count");
  for (PetscInt e = 0; e < nl; e++) {
    TriboROMElement *x = &el->e[e];
    x->d               = d[e];
    x->nparams         = np[e];
    PetscCall(PetscMalloc1(np[e] + 1, &x->pname));
    PetscCall(PetscMalloc1(np[e] + 1, &x->pvalue));
    for (PetscInt q = 0; q < np[e]; q++, k++) x->pname[q] = pn[k], x->pvalue[q] = pv[k];
  }
  PetscCall(PetscFree(pn));
  PetscCall(PetscFree(pv));
  PetscCall(PetscFree(d));
  PetscCall(PetscFree(np));
  PetscFunctionReturn(0);
}

// /fe/surface of a ROM file: nodes, node_id, topology and basis
static PetscErrorCode ReadSurface_Private(TriboH5 h, TriboROM rom)
{
  const char     *fn;
  TriboROMSurface s;
  PetscInt        nd, d[3];

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(PetscNew(&s));
  rom->surf = s;
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_FE_SURF "/nodes", &nd, d, &s->xyz));
  PetscCheck(nd == 2 && d[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nnodes x 3 (node coordinates)", fn,
             TRIBO_H5_FE_SURF "/nodes");
  s->nnodes = d[0];
  PetscCall(TriboH5ReadInt(h, TRIBO_H5_FE_SURF "/node_id", &nd, d, &s->nodeid));
  PetscCheck(nd == 1 && d[0] == s->nnodes, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " entries (one per node)",
             fn, TRIBO_H5_FE_SURF "/node_id", s->nnodes);
  PetscCall(TriboH5ReadInt(h, TRIBO_H5_FE_SURF "/topology", &nd, d, &s->topo));
  s->len = nd == 1 ? d[0] : 0;
  for (PetscInt l = 0; l < s->len; s->ncells++) {
    PetscInt nv = s->topo[l] == 4 ? 3 : (s->topo[l] == 5 ? 4 : -1);
    PetscCheck(nv > 0 && l + nv < s->len, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s[%" PetscInt_FMT "] = %" PetscInt_FMT ": expected an XDMF cell code 4 (triangle) or 5 (quadrilateral) and its nodes", fn,
               TRIBO_H5_FE_SURF "/topology", l, s->topo[l]);
    for (PetscInt k = 1; k <= nv; k++)
      PetscCheck(s->topo[l + k] >= 0 && s->topo[l + k] < s->nnodes, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s[%" PetscInt_FMT "] = %" PetscInt_FMT " is not a node index in [0, %" PetscInt_FMT ")", fn, TRIBO_H5_FE_SURF "/topology",
                 l + k, s->topo[l + k], s->nnodes);
    l += 1 + nv;
  }
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_FE_SURF "/basis", &nd, d, &s->B));
  PetscCheck(nd == 2 && d[0] == 3 * s->nnodes && d[1] == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s must be %" PetscInt_FMT " x %" PetscInt_FMT " (3 x surface nodes by DOFs of %s)", fn, TRIBO_H5_FE_SURF "/basis", 3 * s->nnodes,
             rom->n, TRIBO_H5_ROM_M);
  s->n = rom->n;
  PetscFunctionReturn(0);
}

static PetscErrorCode ReadInterface_Private(TriboH5 h, TriboROM rom)
{
  const char    *fn;
  TriboInterface f;
  PetscInt       nd, d[3], m, n, *elem = NULL;
  PetscReal     *xyz;
  PetscBool      has;

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboInterfaceCreate(&rom->iface));
  f = rom->iface;
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_IF_NODES, &nd, d, &xyz));
  f->xyz = xyz;
  PetscCheck(nd == 2 && d[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nnodes x 3 (node coordinates)", fn, TRIBO_H5_IF_NODES);
  f->nnodes = d[0];
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_NODES_TOP, &has));
  if (has) {
    PetscCall(TriboH5ReadReal(h, TRIBO_H5_IF_NODES_TOP, &nd, d, &f->xyzt));
    PetscCheck(nd == 2 && d[0] == f->nnodes && d[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be %" PetscInt_FMT " x 3 like %s",
               fn, TRIBO_H5_IF_NODES_TOP, f->nnodes, TRIBO_H5_IF_NODES);
  }
  PetscCall(TriboH5ReadMatCSR(h, TRIBO_H5_IF_L, &f->L));
  PetscCall(TriboH5ReadMatCSR(h, TRIBO_H5_IF_Q, &f->Q));
  PetscCall(TriboH5ReadMatCSR(h, TRIBO_H5_IF_T, &f->T));
  PetscCall(MatGetSize(f->L, &m, &n));
  PetscCheck(m == 3 * f->nnodes && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT " (3 x nodes of %s by DOFs of %s)", fn,
             TRIBO_H5_IF_L, m, n, 3 * f->nnodes, rom->n, TRIBO_H5_IF_NODES, TRIBO_H5_ROM_M);
  PetscCall(MatGetSize(f->Q, &m, &n));
  PetscCheck(n == f->nnodes, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected points x %" PetscInt_FMT " (nodes)", fn, TRIBO_H5_IF_Q, m, n, f->nnodes);
  f->npts = m;
  PetscCall(MatGetSize(f->T, &m, &n));
  PetscCheck(m == f->nnodes && n == f->npts, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT
             " (nodes by points, the transpose shape of %s)",
             fn, TRIBO_H5_IF_T, m, n, f->nnodes, f->npts, TRIBO_H5_IF_Q);
  PetscCall(ReadVector_Private(h, TRIBO_H5_IF_W, f->npts, "one weight per point, rows of " TRIBO_H5_IF_Q, &f->pw));
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_PTS, &has));
  if (has) {
    PetscCall(TriboH5ReadReal(h, TRIBO_H5_IF_PTS, &nd, d, &f->pxyz));
    PetscCheck(nd == 2 && d[0] == f->npts && d[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s must be %" PetscInt_FMT " x 3 (one row per point of %s)", fn, TRIBO_H5_IF_PTS, f->npts, TRIBO_H5_IF_Q);
  } else
    PetscCall(PetscCalloc1(3 * f->npts, &f->pxyz));
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_ELEMS, &has));
  if (has) {
    PetscCall(TriboH5ReadInt(h, TRIBO_H5_IF_ELEMS, &nd, d, &elem));
    f->elem = elem;
    PetscCheck(nd == 2 && d[1] == 4, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s must be nelem x 4 (node indices, -1 in the last column for a triangle)", fn, TRIBO_H5_IF_ELEMS);
    f->nelem = d[0];
    for (PetscInt k = 0; k < 4 * f->nelem; k++)
      PetscCheck((elem[k] >= 0 && elem[k] < f->nnodes) || (k % 4 == 3 && elem[k] == -1), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s[%" PetscInt_FMT ",%" PetscInt_FMT "] = %" PetscInt_FMT " is not a node index in [0, %" PetscInt_FMT ")", fn,
                 TRIBO_H5_IF_ELEMS, k / 4, k % 4, elem[k], f->nnodes);
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_PELEM, &has));
  if (has) {
    PetscCall(TriboH5ReadInt(h, TRIBO_H5_IF_PELEM, &nd, d, &f->pelem));
    PetscCheck(nd == 1 && d[0] == f->npts, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " entries (one per point)",
               fn, TRIBO_H5_IF_PELEM, f->npts);
    for (PetscInt p = 0; p < f->npts; p++)
      PetscCheck(f->pelem[p] >= -1 && f->pelem[p] < f->nelem, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s[%" PetscInt_FMT "] = %" PetscInt_FMT " is not an element index in [-1, %" PetscInt_FMT ")", fn, TRIBO_H5_IF_PELEM, p,
                 f->pelem[p], f->nelem);
  } else {
    PetscCall(PetscMalloc1(f->npts, &f->pelem));
    for (PetscInt p = 0; p < f->npts; p++) f->pelem[p] = -1;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode ROMLoadHDF5_Private(TriboH5 h, TriboROM rom)
{
  const char *fn;
  PetscInt    m, n, nd;
  PetscBool   has;

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM, &has));
  PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s has no group %s: not a tribo ROM file", fn, TRIBO_H5_ROM);
  if (H5Aexists_by_name(h->fid, TRIBO_H5_ROM, "title", H5P_DEFAULT) > 0)
    PetscCall(TriboH5ReadAttrString(h, TRIBO_H5_ROM, "title", rom->title, sizeof(rom->title)));
  PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_M, &rom->M));
  PetscCall(MatGetSize(rom->M, &m, &n));
  PetscCheck(m == n && n > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix",
             fn, TRIBO_H5_ROM_M, m, n);
  rom->n = n;
  PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_K, &rom->K));
  PetscCall(MatGetSize(rom->K, &m, &n));
  PetscCheck(m == rom->n && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix of size %" PetscInt_FMT " (same as %s)", fn, TRIBO_H5_ROM_K,
             m, n, rom->n, TRIBO_H5_ROM_M);
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, rom->n, &rom->Fv));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_FV, &has));
  if (has) {
    PetscReal   *fv;
    PetscScalar *a;
    PetscCall(ReadVector_Private(h, TRIBO_H5_ROM_FV, rom->n, "size of " TRIBO_H5_ROM_M, &fv));
    PetscCall(VecGetArrayWrite(rom->Fv, &a));
    for (PetscInt i = 0; i < rom->n; i++) a[i] = fv[i];
    PetscCall(VecRestoreArrayWrite(rom->Fv, &a));
    PetscCall(PetscFree(fv));
  } else
    PetscCall(VecZeroEntries(rom->Fv));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_R, &has));
  if (has) {
    PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_R, &rom->R));
    PetscCall(MatGetSize(rom->R, &m, &n));
    PetscCheck(n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " columns (size of %s)", fn, TRIBO_H5_ROM_R, m, n, rom->n,
               TRIBO_H5_ROM_M);
    rom->nrec = m;
    if (!m) PetscCall(MatDestroy(&rom->R));
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_RLAB, &has));
  if (has) {
    char **lab;
    PetscCall(TriboH5ReadStrings(h, TRIBO_H5_ROM_RLAB, &nd, &lab));
    if (nd == rom->nrec)
      rom->rlabels = lab;
    else {
      for (PetscInt i = 0; i < nd; i++) PetscCall(PetscFree(lab[i]));
      PetscCall(PetscFree(lab));
    }
    PetscCheck(nd == rom->nrec, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s has %" PetscInt_FMT " labels, expected %" PetscInt_FMT " (rows of %s)", fn, TRIBO_H5_ROM_RLAB, nd, rom->nrec, TRIBO_H5_ROM_R);
  } else if (rom->nrec) {
    PetscCall(PetscCalloc1(rom->nrec, &rom->rlabels));
    for (PetscInt i = 0; i < rom->nrec; i++) {
      char lab[32];
      PetscCall(PetscSNPrintf(lab, sizeof(lab), "R%" PetscInt_FMT, i + 1));
      PetscCall(PetscStrallocpy(lab, &rom->rlabels[i]));
    }
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_C, &has));
  if (has) {
    PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_C, &rom->C));
    PetscCall(MatGetSize(rom->C, &m, &n));
    PetscCheck(m == rom->n && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix of size %" PetscInt_FMT " (same as %s)", fn, TRIBO_H5_ROM_C,
               m, n, rom->n, TRIBO_H5_ROM_M);
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_FX, &has));
  if (has) {
    PetscReal   *fx;
    PetscScalar *a;
    PetscCall(ReadVector_Private(h, TRIBO_H5_ROM_FX, rom->n, "size of " TRIBO_H5_ROM_M, &fx));
    PetscCall(VecCreateSeq(PETSC_COMM_SELF, rom->n, &rom->Fx));
    PetscCall(VecGetArrayWrite(rom->Fx, &a));
    for (PetscInt i = 0; i < rom->n; i++) a[i] = fx[i];
    PetscCall(VecRestoreArrayWrite(rom->Fx, &a));
    PetscCall(PetscFree(fx));
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_IFACE, &has));
  if (has) PetscCall(ReadInterface_Private(h, rom));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_EL "/law", &has));
  if (has) {
    PetscCall(ElementsReadH5_Private(h, rom));
    PetscCheck(rom->iface && rom->iface->npts == rom->elements->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s has %" PetscInt_FMT " elements, expected one per point of %s (%" PetscInt_FMT ")", fn, TRIBO_H5_ROM_EL, rom->elements->n,
               TRIBO_H5_IFACE, rom->iface ? rom->iface->npts : 0);
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_FE_SURF "/basis", &has));
  if (has) PetscCall(ReadSurface_Private(h, rom));
  PetscFunctionReturn(0);
}

// Every rank computes nothing twice: rank 0 hashes the file and broadcasts the digest
PetscErrorCode TriboROMSetSource_Private(TriboROM rom, const char filename[])
{
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(rom->source, filename, sizeof(rom->source)));
  PetscCallMPI(MPI_Comm_rank(rom->comm, &rank));
  if (!rank) PetscCall(TriboFileSHA256(filename, rom->sha256));
  PetscCallMPI(MPI_Bcast(rom->sha256, 65, MPI_CHAR, 0, rom->comm));
  PetscFunctionReturn(0);
}

/*@
  TriboROMLoadHDF5 - Reads a ROM from a tribo HDF5 file (group /rom).

  Collective

  Input Parameters:
+ comm     - ranks that will share the ROM (each holds a copy)
- filename - the file

  Output Parameter:
. rom - the ROM, with source and sha256 set

  Notes:
  Fv (zero if absent), R, R_labels ("R1".. if absent) and /rom/interface are optional. Shapes
  are checked against each other and TriboROMCheck() checks the values; every error names the
  file and the dataset.

.seealso: `TriboROMLoad()`, `TriboROMSave()`
@*/
PetscErrorCode TriboROMLoadHDF5(MPI_Comm comm, const char filename[], TriboROM *rom)
{
  TriboH5        h;
  TriboROM       r;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(comm, filename, &h));
  PetscCall(TriboROMCreate(comm, &r));
  // on an error, close the file and free the partial ROM before passing the error on
  ierr = ROMLoadHDF5_Private(h, r);
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  if (!ierr) ierr = TriboROMCheck(r, filename);
  if (ierr) PetscCall(TriboROMDestroy(&r));
  PetscCall(ierr);
  PetscCall(TriboROMSetSource_Private(r, filename));
  *rom = r;
  PetscFunctionReturn(0);
}

typedef enum { ROM_FORMAT_UNKNOWN, ROM_FORMAT_HDF5, ROM_FORMAT_MAT5, ROM_FORMAT_MAT73 } ROMFormat;

// HDF5 by the HDF5 library (TriboH5IsHDF5(): the signature at offset 0, 512, 1024, ...); MATLAB text header "MATLAB 5.0 MAT-file"
// (v5, v7) or "MATLAB 7.3 MAT-file" (an HDF5 file with a 512-byte header), told apart by TriboROMLoad() by their contents
static PetscErrorCode ROMFileFormat_Private(const char filename[], ROMFormat *fmt)
{
  unsigned char buf[128];
  PetscBool     flg;
  size_t        nr;
  FILE         *fp;
  htri_t        hdf5;

  PetscFunctionBeginUser;
  *fmt = ROM_FORMAT_UNKNOWN;
  PetscCall(PetscTestFile(filename, '\0', &flg));
  PetscCheck(flg, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "file %s does not exist", filename);
  fp = fopen(filename, "rb");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s for reading", filename);
  nr = fread(buf, 1, sizeof(buf), fp);
  fclose(fp);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  TriboCallHDF5Return(hdf5, TriboH5IsHDF5, (filename));
  if (hdf5 > 0) *fmt = ROM_FORMAT_HDF5;
  if (nr >= 19 && !memcmp(buf, "MATLAB 5.0 MAT-file", 19) && *fmt == ROM_FORMAT_UNKNOWN) *fmt = ROM_FORMAT_MAT5;
  if (nr >= 19 && !memcmp(buf, "MATLAB 7.3 MAT-file", 19) && *fmt == ROM_FORMAT_HDF5) *fmt = ROM_FORMAT_MAT73;
  PetscFunctionReturn(0);
}

/*@
  TriboROMLoad - Reads a ROM file, choosing the reader from the file's contents.

  Collective

  Input Parameters:
+ comm     - ranks that will share the ROM
- filename - a tribo HDF5 file with a /rom group, a MATLAB .mat file (v5, v7 or v7.3) with
             the variables M, K and optionally Fv, R, L, Qm, Tm, or a YAML file (.yaml, .yml) of a
             small discrete system (TriboROMLoadYAML())

  Output Parameter:
. rom - the ROM

  Notes:
  An HDF5 file (H5Fis_accessible(): signature at offset 0, 512, 1024, ...) with a /rom group is read by
  TriboROMLoadHDF5(); a file with a MATLAB v5 header, or an HDF5 file with a MATLAB v7.3 header
  and no /rom group, by TriboROMLoadMAT(); these are told by their contents. A name ending in .yaml or
  .yml is read by TriboROMLoadYAML().

.seealso: `TriboROMLoadHDF5()`, `TriboROMLoadMAT()`, `TriboROMLoadYAML()`, `TriboROMSave()`
@*/
PetscErrorCode TriboROMLoad(MPI_Comm comm, const char filename[], TriboROM *rom)
{
  ROMFormat fmt;
  size_t    len;

  PetscFunctionBeginUser;
  PetscCall(PetscStrlen(filename, &len));
  if ((len > 5 && !strcmp(filename + len - 5, ".yaml")) || (len > 4 && !strcmp(filename + len - 4, ".yml"))) {
    PetscCall(TriboROMLoadYAML(comm, filename, rom));
    PetscFunctionReturn(0);
  }
  PetscCall(ROMFileFormat_Private(filename, &fmt));
  if (fmt == ROM_FORMAT_HDF5 || fmt == ROM_FORMAT_MAT73) {
    TriboH5   h;
    PetscBool has;
    PetscCall(TriboH5Open(comm, filename, &h));
    PetscCall(TriboH5Has(h, TRIBO_H5_ROM, &has));
    PetscCall(TriboH5Close(&h, PETSC_FALSE));
    if (has) fmt = ROM_FORMAT_HDF5;
    PetscCheck(has || fmt == ROM_FORMAT_MAT73, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s is an HDF5 file without a %s group: neither a tribo ROM file nor a MATLAB v7.3 file", filename, TRIBO_H5_ROM);
  }
  PetscCheck(fmt != ROM_FORMAT_UNKNOWN, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: unknown ROM file format (expected a tribo HDF5 file with a %s group, a MATLAB v5/v7.3 .mat file, or a .yaml system)", filename,
             TRIBO_H5_ROM);
  if (fmt == ROM_FORMAT_HDF5)
    PetscCall(TriboROMLoadHDF5(comm, filename, rom));
  else
    PetscCall(TriboROMLoadMAT(comm, filename, rom));
  PetscFunctionReturn(0);
}

#define TRIBO_SURF_MAXMODES 10

/*@
  TriboROMSurfaceWriteH5 - Writes the FE surface of a ROM to /fe/surface: nodes (nsurf x 3, deck
  coordinates, m), topology (XDMF mixed cells: 4 triangle, 5 quadrilateral, then the 0-based
  nodes), node_id (deck node numbers), attributes ncells and topology_length; with basis also the
  reduction basis restricted to the surface nodes, basis (3 nsurf x n: row 3 i + c is component c
  of node i, so that u = basis x), and the first (at most 10) modal columns as mode%03d (nsurf x 3).

  Not collective (returns at once on ranks other than 0)

  Input Parameters:
+ s     - the surface (rom->surf)
. h     - a file open for writing (TriboH5Create())
- basis - PETSC_TRUE in a ROM file; PETSC_FALSE in a result file (the mesh only, for its fields)

  Level: developer

.seealso: TriboROMSurfaceXdmfGrid(), TriboROMWriteXdmf(), TriboCBSetStoreSurface()
@*/
PetscErrorCode TriboROMSurfaceWriteH5(TriboROMSurface s, TriboH5 h, PetscBool basis)
{
  PetscInt dims[2];

  PetscFunctionBeginUser;
  dims[0] = s->nnodes, dims[1] = 3;
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_FE_SURF "/nodes", 2, dims, s->xyz));
  PetscCall(TriboH5WriteInt(h, TRIBO_H5_FE_SURF "/node_id", 1, dims, s->nodeid));
  PetscCall(TriboH5WriteInt(h, TRIBO_H5_FE_SURF "/topology", 1, &s->len, s->topo));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_FE_SURF, "ncells", s->ncells));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_FE_SURF, "topology_length", s->len));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_FE_SURF, "description",
                                   "outer surface of the FE mesh (corner nodes); basis: ROM DOFs -> surface displacements (global x, y, z, m)"));
  if (basis) {
    PetscInt   nshow = PetscMin(s->nmodal, TRIBO_SURF_MAXMODES);
    PetscReal *u;
    dims[0] = 3 * s->nnodes, dims[1] = s->n;
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_FE_SURF "/basis", 2, dims, s->B));
    PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_FE_SURF, "nmodes_shown", nshow));
    PetscCall(PetscMalloc1(3 * s->nnodes + 1, &u));
    for (PetscInt k = 0; k < nshow; k++) {
      char     path[128];
      PetscInt j = s->n - s->nmodal + k;
      for (PetscInt a = 0; a < 3 * s->nnodes; a++) u[a] = s->B[a * s->n + j];
      PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_FE_SURF "/mode%03" PetscInt_FMT, k));
      PetscCall(TriboROMSurfaceWriteField(s, h, path, u));
    }
    PetscCall(PetscFree(u));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboROMSurfaceWriteField - Writes a displacement field of the FE surface (nsurf x 3).

  Not collective (returns at once on ranks other than 0)

  Input Parameters:
+ s    - the surface
. h    - a file open for writing
. path - the dataset
- u    - [3 nsurf] the displacements, e.g. from TriboROMSurfaceDisplacement()

  Level: developer

.seealso: TriboROMSurfaceWriteH5()
@*/
PetscErrorCode TriboROMSurfaceWriteField(TriboROMSurface s, TriboH5 h, const char path[], const PetscReal u[])
{
  PetscInt dims[2] = {s->nnodes, 3};

  PetscFunctionBeginUser;
  PetscCall(TriboH5WriteReal(h, path, 2, dims, u));
  PetscFunctionReturn(0);
}

/*@
  TriboROMSurfaceXdmfGrid - The topology and geometry of the current XDMF grid: the FE surface
  (datasets of TriboROMSurfaceWriteH5()).

  Not collective

  Input Parameters:
+ s - the surface
- x - the writer, inside a grid

  Level: developer

.seealso: TriboROMSurfaceWriteH5(), TriboROMWriteXdmf()
@*/
PetscErrorCode TriboROMSurfaceXdmfGrid(TriboROMSurface s, TriboXdmf x)
{
  PetscFunctionBeginUser;
  PetscCall(TriboXdmfTopology(x, "Mixed", s->ncells, s->len, TRIBO_H5_FE_SURF "/topology"));
  PetscCall(TriboXdmfGeometry(x, s->nnodes, TRIBO_H5_FE_SURF "/nodes"));
  PetscFunctionReturn(0);
}

/*@
  TriboROMWriteXdmf - Describes a ROM file for ParaView: the FE surface (if stored) with the first
  modal columns of the basis (the fixed-interface modes of a Craig-Bampton ROM, the kept modes after
  the second stage) as a temporal collection, time = mode number. Nothing without a surface.

  Collective

  Input Parameters:
+ rom - the ROM, as written by TriboROMSave()
- x   - the writer (TriboXdmfCreate() with the ROM file)

  Level: intermediate

.seealso: TriboROMSurfaceWriteH5(), TriboROMSave()
@*/
PetscErrorCode TriboROMWriteXdmf(TriboROM rom, TriboXdmf x)
{
  TriboROMSurface s = rom->surf;

  PetscFunctionBeginUser;
  if (s) {
    PetscInt nshow = PetscMin(s->nmodal, TRIBO_SURF_MAXMODES);
    PetscCall(TriboXdmfBeginGrid(x, "FE surface", "Uniform"));
    PetscCall(TriboROMSurfaceXdmfGrid(s, x));
    PetscCall(TriboXdmfEndGrid(x));
    if (nshow) {
      PetscCall(TriboXdmfSeries(x, "modes: FE surface", NULL, s, nshow, NULL, "mode %.0f", "displacement (x, y, z), mass-normalized",
                                TRIBO_H5_FE_SURF "/mode%03d"));
    }
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboH5WriteJointHistory - Writes the joint's committed history (its laws' internal state), gathered from every rank in rank
  order, to grp/history, and each rank's count to grp/history_per_rank: a checkpoint's joint (TriboH5ReadJointHistory()).

  Collective

  Input Parameters:
+ h   - a file being written
. grp - the group (created)
- j   - the joint
@*/
PetscErrorCode TriboH5WriteJointHistory(TriboH5 h, const char grp[], TriboJoint j)
{
  MPI_Comm    comm = h->comm;
  PetscInt    nh, ntot = 0, d1[1], *c;
  PetscMPIInt size, rank, mine, *cnt, *dsp;
  PetscReal  *mineh, *all;
  char        path[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(TriboJointGetHistorySize(j, &nh));
  PetscCall(PetscMPIIntCast(nh, &mine));
  PetscCall(PetscMalloc1(nh + 1, &mineh));
  PetscCall(TriboJointCopyHistory(j, mineh, PETSC_TRUE));
  PetscCall(PetscMalloc3(size, &cnt, size, &dsp, size, &c));
  PetscCallMPI(MPI_Allgather(&mine, 1, MPI_INT, cnt, 1, MPI_INT, comm));
  for (PetscMPIInt r = 0; r < size; r++) dsp[r] = (PetscMPIInt)ntot, ntot += cnt[r], c[r] = cnt[r];
  PetscCall(PetscMalloc1(ntot + 1, &all));
  PetscCallMPI(MPI_Gatherv(mineh, mine, MPIU_REAL, all, cnt, dsp, MPIU_REAL, 0, comm));
  d1[0] = ntot;
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/history", grp));
  PetscCall(TriboH5WriteReal(h, path, 1, d1, all));
  d1[0] = size;
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/history_per_rank", grp));
  PetscCall(TriboH5WriteInt(h, path, 1, d1, c));
  PetscCall(PetscFree(all));
  PetscCall(PetscFree3(cnt, dsp, c));
  PetscCall(PetscFree(mineh));
  PetscFunctionReturn(0);
}

/*@C
  TriboH5ReadJointHistory - Restores the joint's committed history from grp/history (TriboH5WriteJointHistory()); the run must
  have as many ranks, each owning as many history values, as the one that wrote it (else an error names the file and both counts).

  Collective

  Input Parameters:
+ h   - a file being read
. grp - the group
- j   - the joint (set up as when written)
@*/
PetscErrorCode TriboH5ReadJointHistory(TriboH5 h, const char grp[], TriboJoint j)
{
  MPI_Comm    comm = h->comm;
  PetscInt    nd, dims[3], *iv, nh, ntot = 0, off = 0;
  PetscMPIInt size, rank;
  PetscReal  *all;
  const char *f;
  char        path[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &f));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/history_per_rank", grp));
  PetscCall(TriboH5ReadInt(h, path, &nd, dims, &iv));
  PetscCheck(nd == 1 && dims[0] == size, comm, PETSC_ERR_USER_INPUT,
             "%s was written on %" PetscInt_FMT " ranks: restart it on as many (this run has %d)", f, nd == 1 ? dims[0] : -1, (int)size);
  PetscCall(TriboJointGetHistorySize(j, &nh));
  PetscCheck(iv[rank] == nh, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: rank %d held %" PetscInt_FMT " history values, here %" PetscInt_FMT, f,
             (int)rank, iv[rank], nh);
  for (PetscMPIInt r = 0; r < size; r++) ntot += iv[r], off += r < rank ? iv[r] : 0;
  PetscCall(PetscMalloc1(ntot + 1, &all));
  PetscCall(PetscSNPrintf(path, sizeof(path), "%s/history", grp));
  PetscCall(TriboH5ReadRealInto(h, path, ntot, 1, all));
  PetscCall(TriboJointCopyHistory(j, all + off, PETSC_FALSE));
  PetscCall(PetscFree(all));
  PetscCall(PetscFree(iv));
  PetscFunctionReturn(0);
}

/*@C
  TriboH5WritePhysics - Writes the options that determine this run's physics (TriboOptionsPhysics()) as strings at path: what a
  checkpoint's restart compares (TriboH5CheckPhysics()).

  Collective
@*/
PetscErrorCode TriboH5WritePhysics(TriboH5 h, const char path[])
{
  PetscInt n;
  char   **ph;

  PetscFunctionBeginUser;
  PetscCall(TriboOptionsPhysics(h->comm, &n, &ph));
  PetscCall(TriboH5WriteStrings(h, path, n, (const char *const *)ph));
  PetscCall(TriboOptionsPhysicsDestroy(&n, &ph));
  PetscFunctionReturn(0);
}

/*@C
  TriboH5CheckPhysics - Refuses a checkpoint made with other physics options than this run's, naming them
  (TriboOptionsPhysicsCheck()); how ends the message ("or without -xxx_restart").

  Collective
@*/
PetscErrorCode TriboH5CheckPhysics(TriboH5 h, const char path[], const char how[])
{
  PetscInt    n, ncur;
  char      **ph, **cur;
  const char *f;

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &f));
  PetscCall(TriboH5ReadStrings(h, path, &n, &ph));
  PetscCall(TriboOptionsPhysics(h->comm, &ncur, &cur));
  PetscCall(TriboOptionsPhysicsCheck(h->comm, f, n, ph, ncur, cur, PETSC_FALSE, how));
  PetscCall(TriboOptionsPhysicsDestroy(&n, &ph));
  PetscCall(TriboOptionsPhysicsDestroy(&ncur, &cur));
  PetscFunctionReturn(0);
}
