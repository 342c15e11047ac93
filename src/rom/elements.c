/* Discrete elements of a small system: joints between DOFs u = W^T x, f = W t(u), each with its own
   law, held by the ROM as interface points of unit weight (the convention is in include/triborom.h). */
#include <triborom.h>
#include <string.h>

/*@
  TriboInterfaceCreateDiscrete - The interface of discrete elements: one point of unit weight per
  element, Q = T = identity, L from the elements' W matrices.

  Not collective

  Input Parameters:
+ n   - DOFs of the ROM
. nel - number of elements (>= 1)
. d   - [nel] local components of each element, 1 (t1), 2 (t1, t2) or 3 (t1, t2, n)
- W   - [nel] the matrices W_e, each n x d[e] row-major: W[e][i d[e] + c]

  Output Parameter:
. f - the interface: npts = nnodes = nel, pw = 1, pelem = -1, coordinates zero, nelem = 0, and L
      (3 nel x n) with row 3e+c = (column c of W_e)^T for c < d[e], zero rows for c >= d[e]

  Notes:
  Then U = kron(Q,I3) L x holds u_e = W_e^T x in the first d[e] components of point e and
  f_nl = L^T kron(T,I3) t(U) = sum_e W_e t_e.

.seealso: `TriboROMElementsCreateLaws()`, `TriboROMLoadYAML()`
@*/
PetscErrorCode TriboInterfaceCreateDiscrete(PetscInt n, PetscInt nel, const PetscInt d[], const PetscReal *const W[], TriboInterface *f)
{
  TriboInterface g;

  PetscFunctionBeginUser;
  PetscCheck(nel >= 1, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "a discrete interface needs at least one element, got %" PetscInt_FMT, nel);
  PetscCall(TriboInterfaceCreate(&g));
  g->nnodes = g->npts = nel;
  g->nelem            = 0;
  PetscCall(PetscCalloc1(3 * nel, &g->xyz));
  PetscCall(PetscCalloc1(3 * nel, &g->pxyz));
  PetscCall(PetscMalloc1(nel, &g->pw));
  PetscCall(PetscMalloc1(nel, &g->pelem));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, nel, nel, 1, NULL, &g->Q));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, nel, nel, 1, NULL, &g->T));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 3 * nel, n, n, NULL, &g->L));
  for (PetscInt e = 0; e < nel; e++) {
    PetscCheck(d[e] >= 1 && d[e] <= 3, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
               "element %" PetscInt_FMT " has %" PetscInt_FMT " components, expected 1 to 3", e, d[e]);
    g->pw[e]    = 1.0;
    g->pelem[e] = -1;
    PetscCall(MatSetValue(g->Q, e, e, 1.0, INSERT_VALUES));
    PetscCall(MatSetValue(g->T, e, e, 1.0, INSERT_VALUES));
    for (PetscInt c = 0; c < d[e]; c++)
      for (PetscInt i = 0; i < n; i++)
        if (W[e][i * d[e] + c] != 0.0) PetscCall(MatSetValue(g->L, 3 * e + c, i, W[e][i * d[e] + c], INSERT_VALUES));
  }
  for (int k = 0; k < 3; k++) {
    Mat A = k == 0 ? g->Q : (k == 1 ? g->T : g->L);
    PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  }
  *f = g;
  PetscFunctionReturn(0);
}

/*@
  TriboROMElementsDestroy - Frees the discrete elements of a ROM.

  Not collective

  Input Parameter:
. el - the elements (rom->elements); set to NULL (NULL allowed)

.seealso: `TriboROMElementsCreateLaws()`
@*/
PetscErrorCode TriboROMElementsDestroy(TriboROMElements *el)
{
  PetscFunctionBeginUser;
  if (!*el) PetscFunctionReturn(0);
  for (PetscInt e = 0; e < (*el)->n && (*el)->e; e++) {
    TriboROMElement *x = &(*el)->e[e];
    PetscCall(PetscFree(x->law));
    for (PetscInt k = 0; k < x->nparams && x->pname; k++) PetscCall(PetscFree(x->pname[k]));
    PetscCall(PetscFree(x->pname));
    PetscCall(PetscFree(x->pvalue));
  }
  PetscCall(PetscFree((*el)->e));
  PetscCall(PetscFree(*el));
  PetscFunctionReturn(0);
}

// Same law name and the same parameters given with the same values, in the same order
static PetscBool SameElementLaw_Private(const TriboROMElement *a, const TriboROMElement *b)
{
  if (strcmp(a->law, b->law) || a->nparams != b->nparams) return PETSC_FALSE;
  for (PetscInt k = 0; k < a->nparams; k++)
    if (strcmp(a->pname[k], b->pname[k]) || a->pvalue[k] != b->pvalue[k]) return PETSC_FALSE;
  return PETSC_TRUE;
}

/*@
  TriboROMElementsCreateLaws - The laws of a ROM's discrete elements, for TriboJointSetLaws().

  Collective on comm

  Input Parameters:
+ rom  - a ROM with elements (rom->elements, e.g. from TriboROMLoadYAML())
- comm - communicator of the laws

  Output Parameters:
+ nlaws    - number of distinct laws
. laws     - [nlaws] laws: TriboLawSetType() with the element's law, TriboLawSetParameter() for every
             parameter given (the others keep the law's defaults), TriboLawSetUp(); elements with the
             same law and parameters share one
- pointlaw - [npts] the law of every interface point (= element)

  Notes:
  The caller destroys each law with TriboLawDestroy() after the joint, and frees laws and pointlaw with PetscFree().

.seealso: `TriboJointSetLaws()`, `TriboInterfaceCreateDiscrete()`
@*/
PetscErrorCode TriboROMElementsCreateLaws(TriboROM rom, MPI_Comm comm, PetscInt *nlaws, TriboLaw *laws[], PetscInt *pointlaw[])
{
  TriboROMElements el = rom->elements;
  PetscInt        *pl, *first, nl = 0;
  TriboLaw        *lw;

  PetscFunctionBeginUser;
  PetscCheck(el && el->n > 0, comm, PETSC_ERR_ARG_WRONGSTATE, "the ROM %s has no discrete elements", rom->source);
  PetscCheck(rom->iface && rom->iface->npts == el->n, comm, PETSC_ERR_ARG_WRONGSTATE,
             "the ROM %s has %" PetscInt_FMT " elements but %" PetscInt_FMT " interface points", rom->source, el->n,
             rom->iface ? rom->iface->npts : 0);
  PetscCall(PetscMalloc1(el->n, &pl));
  PetscCall(PetscMalloc1(el->n, &first));
  PetscCall(PetscCalloc1(el->n, &lw));
  for (PetscInt e = 0; e < el->n; e++) {
    PetscInt l = 0;
    while (l < nl && !SameElementLaw_Private(&el->e[first[l]], &el->e[e])) l++;
    if (l == nl) {
      first[nl] = e;
      PetscCall(TriboLawCreate(comm, &lw[nl]));
      PetscCall(TriboLawSetType(lw[nl], el->e[e].law));
      for (PetscInt k = 0; k < el->e[e].nparams; k++) PetscCall(TriboLawSetParameter(lw[nl], el->e[e].pname[k], el->e[e].pvalue[k]));
      PetscCall(TriboLawSetUp(lw[nl]));
      nl++;
    }
    pl[e] = l;
  }
  PetscCall(PetscFree(first));
  *nlaws    = nl;
  *laws     = lw;
  *pointlaw = pl;
  PetscFunctionReturn(0);
}
