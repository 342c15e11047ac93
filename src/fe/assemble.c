/* Parallel assembly of the stiffness and mass matrices with the deck's constraints eliminated
   (K = T^T K_full T, M = T^T M_full T, F = T^T f_full), and checks of the result. */
#include <tribo/private/feimpl.h>
#include <tribonum.h>

#define FREEIDX_KEY "TriboFEFreeIndex"

// Profiling events (-log_view): constraints and T, element loop with assembly, the two MatPtAP (-fe_assembly_ptap)
static PetscLogEvent EventConstraints, EventElements, EventPtAP;

static PetscErrorCode RegisterEvents_Private(void)
{
  static PetscBool done = PETSC_FALSE;
  PetscClassId     cid;

  PetscFunctionBeginUser;
  if (done) PetscFunctionReturn(0);
  PetscCall(PetscClassIdRegister("Tribo FE", &cid));
  PetscCall(PetscLogEventRegister("TriboFEConstrnt", cid, &EventConstraints));
  PetscCall(PetscLogEventRegister("TriboFEElements", cid, &EventElements));
  PetscCall(PetscLogEventRegister("TriboFEPtAP", cid, &EventPtAP));
  done = PETSC_TRUE;
  PetscFunctionReturn(0);
}

// The replicated map full DOF -> independent DOF (-1 dependent, -2 dropped), kept on T
static PetscErrorCode GetFreeIndex_Private(TriboFESystem sys, const PetscInt **freeidx)
{
  PetscContainer c;

  PetscFunctionBeginUser;
  PetscCall(PetscObjectQuery((PetscObject)sys->T, FREEIDX_KEY, (PetscObject *)&c));
  PetscCheck(c, sys->comm, PETSC_ERR_ARG_WRONGSTATE, "the FE system has no DOF map; assemble it with TriboFESystemSetUp()");
  PetscCall(PetscContainerGetPointer(c, (void **)freeidx));
  PetscFunctionReturn(0);
}

// Nonzeros per row of K_full (3 per neighbour node) split into diagonal/off-diagonal blocks; M_full has one per neighbour
static PetscErrorCode Preallocation_Private(TriboMesh mesh, PetscInt n0, PetscInt n1, PetscInt nrows, PetscInt *dk, PetscInt *ok, PetscInt *dm,
                                            PetscInt *om)
{
  PetscInt nn = mesh->nnodes, *ptr, *adj, *stamp;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc2(nn + 1, &ptr, nn, &stamp));
  PetscCall(PetscMalloc1(mesh->eptr[mesh->nelem], &adj));
  for (PetscInt k = 0; k < mesh->eptr[mesh->nelem]; k++) ptr[mesh->conn[k] + 1]++;
  for (PetscInt i = 0; i < nn; i++) ptr[i + 1] += ptr[i];
  for (PetscInt e = 0; e < mesh->nelem; e++)
    for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++) adj[ptr[mesh->conn[k]] + stamp[mesh->conn[k]]++] = e;
  for (PetscInt i = 0; i < nn; i++) stamp[i] = -1;
  PetscCall(PetscArrayzero(dk, nrows));
  PetscCall(PetscArrayzero(ok, nrows));
  PetscCall(PetscArrayzero(dm, nrows));
  PetscCall(PetscArrayzero(om, nrows));
  for (PetscInt i = n0; i < n1; i++) {
    PetscInt nd = 0, no = 0, r = 3 * (i - n0);
    for (PetscInt k = ptr[i]; k < ptr[i + 1]; k++) {
      PetscInt e = adj[k];
      for (PetscInt l = mesh->eptr[e]; l < mesh->eptr[e + 1]; l++) {
        PetscInt j = mesh->conn[l];
        if (stamp[j] == i) continue;
        stamp[j] = i;
        if (j >= n0 && j < n1)
          nd++;
        else
          no++;
      }
    }
    for (PetscInt d = 0; d < 3; d++) dk[r + d] = 3 * nd, ok[r + d] = 3 * no, dm[r + d] = nd, om[r + d] = no;
  }
  PetscCall(PetscFree2(ptr, stamp));
  PetscCall(PetscFree(adj));
  PetscFunctionReturn(0);
}

/* Free DOFs touched by element e through T (unique, unsorted): the columns of the rows of T of its
   DOFs; stamp[] (nfree) must not hold the value e on entry. */
static PetscInt ElementFreeDofs_Private(TriboMesh mesh, const TriboFECSR *Tc, PetscInt e, PetscInt stamp[], PetscInt cols[])
{
  PetscInt m = 0;

  for (PetscInt k = mesh->eptr[e]; k < mesh->eptr[e + 1]; k++)
    for (PetscInt i = 0; i < 3; i++) {
      PetscInt g = 3 * mesh->conn[k] + i;
      for (PetscInt t = Tc->ptr[g]; t < Tc->ptr[g + 1]; t++)
        if (stamp[Tc->col[t]] != e) stamp[Tc->col[t]] = e, cols[m++] = Tc->col[t];
    }
  return m;
}

/* Nonzeros per owned row [c0, c1) of K = T^T K_full T assembled element by element: row j couples
   with every free DOF of every element that touches j. M gets the same (its unused entries are
   dropped at assembly). */
static PetscErrorCode PreallocationReduced_Private(TriboFESystem sys, const TriboFECSR *Tc, PetscInt c0, PetscInt c1, PetscInt dnz[], PetscInt onz[])
{
  TriboMesh mesh = sys->mesh;
  PetscInt  ne = mesh->nelem, nf = sys->nfree, *sptr, *scol, *stamp, *eptr, *elist, *buf, maxrow = 0;

  PetscFunctionBeginUser;
  for (PetscInt d = 0; d < sys->ndof; d++) maxrow = PetscMax(maxrow, Tc->ptr[d + 1] - Tc->ptr[d]);
  PetscCall(PetscMalloc3(ne + 1, &sptr, nf, &stamp, 60 * maxrow, &buf));
  PetscCall(PetscCalloc1(c1 - c0 + 1, &eptr));
  // S_e, the free DOFs of each element: sizes, then the lists
  for (PetscInt j = 0; j < nf; j++) stamp[j] = -1;
  sptr[0] = 0;
  for (PetscInt e = 0; e < ne; e++) sptr[e + 1] = sptr[e] + ElementFreeDofs_Private(mesh, Tc, e, stamp, buf);
  PetscCall(PetscMalloc1(sptr[ne], &scol));
  for (PetscInt j = 0; j < nf; j++) stamp[j] = -1;
  for (PetscInt e = 0; e < ne; e++) {
    PetscInt m = ElementFreeDofs_Private(mesh, Tc, e, stamp, scol + sptr[e]);
    for (PetscInt k = 0; k < m; k++)
      if (scol[sptr[e] + k] >= c0 && scol[sptr[e] + k] < c1) eptr[scol[sptr[e] + k] - c0 + 1]++;
  }
  for (PetscInt j = 0; j < c1 - c0; j++) eptr[j + 1] += eptr[j];
  PetscCall(PetscMalloc1(eptr[c1 - c0], &elist));
  for (PetscInt e = 0; e < ne; e++)
    for (PetscInt k = sptr[e]; k < sptr[e + 1]; k++)
      if (scol[k] >= c0 && scol[k] < c1) elist[eptr[scol[k] - c0]++] = e;
  for (PetscInt j = c1 - c0; j > 0; j--) eptr[j] = eptr[j - 1];
  eptr[0] = 0;
  for (PetscInt j = 0; j < nf; j++) stamp[j] = -1;
  for (PetscInt j = 0; j < c1 - c0; j++) {
    dnz[j] = onz[j] = 0;
    for (PetscInt l = eptr[j]; l < eptr[j + 1]; l++)
      for (PetscInt k = sptr[elist[l]]; k < sptr[elist[l] + 1]; k++) {
        PetscInt c = scol[k];
        if (stamp[c] == j) continue;
        stamp[c] = j;
        if (c >= c0 && c < c1)
          dnz[j]++;
        else
          onz[j]++;
      }
  }
  PetscCall(PetscFree3(sptr, stamp, buf));
  PetscCall(PetscFree(scol));
  PetscCall(PetscFree(eptr));
  PetscCall(PetscFree(elist));
  PetscFunctionReturn(0);
}

/* Element stiffness and mass of the local block of elements added into K and M: the full matrices
   (Tc NULL) or T^T K_e T and T^T M_e T on the free DOFs. An element whose DOFs are all independent
   maps one to one; one with dependent DOFs goes through its dense block of T. */
static PetscErrorCode AssembleElements_Private(TriboFESystem sys, const TriboFECSR *Tc, Mat K, Mat M)
{
  TriboMesh   mesh = sys->mesh;
  PetscInt    nloc = PETSC_DECIDE, ne = mesh->nelem, e0 = 0, bad = PETSC_MAX_INT, badg, *stamp = NULL, mw = 0, *cw = NULL, *tl = NULL;
  PetscReal   Ke[3600], Kp[3600], Ms[400], Mp[400], X[60], mass = 0, *W = NULL;
  PetscInt    idx[60], idm[20], perm[20], nodes[20];
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCall(PetscSplitOwnership(sys->comm, &nloc, &ne));
  PetscCallMPI(MPI_Exscan(&nloc, &e0, 1, MPIU_INT, MPI_SUM, sys->comm));
  PetscCallMPI(MPI_Comm_rank(sys->comm, &rank));
  if (!rank) e0 = 0; // MPI_Exscan leaves rank 0's result undefined
  if (Tc) {
    PetscCall(PetscMalloc1(sys->nfree, &stamp));
    for (PetscInt j = 0; j < sys->nfree; j++) stamp[j] = -1;
  }
  for (PetscInt e = e0; e < e0 + nloc; e++) {
    PetscInt             n = mesh->eptr[e + 1] - mesh->eptr[e], m = 3 * n, plain = 1;
    const TriboMaterial *mat;
    PetscReal            dmin;

    mat = &mesh->mats[mesh->emat[e]]; // checked by TriboFESystemSetUp()
    for (PetscInt a = 0; a < n; a++) {
      PetscInt node = mesh->conn[mesh->eptr[e] + a];
      for (PetscInt i = 0; i < 3; i++) {
        PetscInt g   = 3 * node + i;
        X[3 * a + i] = mesh->X[g];
        if (Tc) plain = plain && Tc->ptr[g + 1] - Tc->ptr[g] == 1 && Tc->val[Tc->ptr[g]] == 1;
      }
      perm[a] = a, nodes[a] = node;
    }
    {
      TriboElementType t     = mesh->etype[e];
      PetscReal        hgd   = sys->opt.hourglass >= 0 ? sys->opt.hourglass : TriboFEHourglassDefault(mat->nu); // Abaqus's default
      PetscReal        hg    = !mesh->ehg ? hgd : (mesh->ehg[e] >= 0 ? mesh->ehg[e] : mesh->ehgscale[e] * hgd);
      PetscBool        first = (PetscBool)(t == TRIBO_EL_C3D8 || t == TRIBO_EL_C3D8R || t == TRIBO_EL_C3D8I || t == TRIBO_EL_C3D4);
      if (t == TRIBO_EL_C3D8R) t = sys->opt.c3d8ras;
      PetscCall(TriboFEElementMatrices_Private(t, X, mat->E, mat->nu, mat->rho, hg, Ke, Ms, &dmin));
      if (dmin > 0 && (sys->opt.mass == 1 || (sys->opt.mass == 2 && first))) { // row-sum lumping: positive for these elements
        for (PetscInt a = 0; a < n; a++) {
          PetscReal r = 0;
          for (PetscInt b = 0; b < n; b++) r += Ms[a * n + b], Ms[a * n + b] = 0;
          Ms[a * n + a] = r;
        }
      }
    }
    if (dmin <= 0) {
      bad = PetscMin(bad, e);
      continue;
    }
    for (PetscInt k = 0; k < n * n; k++) mass += Ms[k];
    if (plain) {
      // one to one (free DOFs ascend with the node number): insert with ascending columns, the cheapest order for AIJ rows
      PetscCall(PetscSortIntWithArray(n, nodes, perm));
      for (PetscInt a = 0; a < n; a++) {
        for (PetscInt i = 0; i < 3; i++) idx[3 * a + i] = Tc ? Tc->col[Tc->ptr[3 * nodes[a] + i]] : 3 * nodes[a] + i;
        for (PetscInt b = 0; b < n; b++) {
          Mp[a * n + b] = Ms[perm[a] * n + perm[b]];
          for (PetscInt i = 0; i < 3; i++)
            for (PetscInt j = 0; j < 3; j++) Kp[(3 * a + i) * m + 3 * b + j] = Ke[(3 * perm[a] + i) * m + 3 * perm[b] + j];
        }
      }
      PetscCall(MatSetValues(K, m, idx, m, idx, Kp, ADD_VALUES));
      for (PetscInt i = 0; i < 3; i++) {
        for (PetscInt a = 0; a < n; a++) idm[a] = idx[3 * a + i];
        PetscCall(MatSetValues(M, n, idm, n, idm, Mp, ADD_VALUES));
      }
    } else {
      /* T_e^T K_e T_e and T_e^T (M_s (x) I) T_e, with T_e (m x c) gathered from the replicated CSR of T by hand as its
         entries (row a, local column l, value) (per element, MatCreateSubMatrix() of a sequential AIJ wrapper of it plus the
         conversion to dense took 15 ms for the 264 constrained elements of the Brake-Reuss beam against 1.4 ms for this
         loop; the parallel T would need a collective call per element). A row of T_e has a few entries (a tied node's
         face, a coupling's reference node) where c reaches 226 on that beam, so the products go over the entries:
         W = K_e T_e costs m per entry and T_e^T W costs c per entry, against m^2 c + m c^2 dense (0.21 s of the 0.9 s
         assembly on one rank; doc/dev/elements.md). */
      PetscInt   c, nnz = 0, tp[61];
      PetscReal *Wk, *Wm, *Kr, *Mr, *tv;
      for (PetscInt a = 0; a < m; a++) nnz += Tc->ptr[3 * nodes[a / 3] + a % 3 + 1] - Tc->ptr[3 * nodes[a / 3] + a % 3];
      if (nnz > mw) {
        PetscCall(PetscFree3(cw, tl, W));
        mw = nnz;
        PetscCall(PetscMalloc3(mw, &cw, mw, &tl, 2 * m * mw + 2 * mw * mw + mw, &W));
      }
      c = ElementFreeDofs_Private(mesh, Tc, e, stamp, cw);
      PetscCall(PetscSortInt(c, cw));
      Wk = W, Wm = W + m * c, Kr = W + 2 * m * c, Mr = Kr + c * c, tv = Mr + c * c;
      tp[0] = 0;
      for (PetscInt a = 0, k = 0; a < m; a++) {
        PetscInt g = 3 * nodes[a / 3] + a % 3;
        for (PetscInt t = Tc->ptr[g]; t < Tc->ptr[g + 1]; t++, k++) {
          PetscCall(PetscFindInt(Tc->col[t], c, cw, &tl[k]));
          tv[k] = Tc->val[t];
        }
        tp[a + 1] = k;
      }
      PetscCall(PetscArrayzero(W, 2 * m * c + 2 * c * c));
      for (PetscInt b = 0; b < m; b++) // W = K_e T_e and (M_s (x) I_3) T_e, column tl[k] of T_e holding tv[k] in row b
        for (PetscInt k = tp[b]; k < tp[b + 1]; k++) {
          const PetscInt  l = tl[k];
          const PetscReal v = tv[k];
          for (PetscInt a = 0; a < m; a++) Wk[a * c + l] += Ke[a * m + b] * v;
          for (PetscInt a = 0; a < n; a++) Wm[(3 * a + b % 3) * c + l] += Ms[a * n + b / 3] * v;
        }
      for (PetscInt a = 0; a < m; a++) // T_e^T W: row tl[k] gets tv[k] times row a of W
        for (PetscInt k = tp[a]; k < tp[a + 1]; k++) {
          PetscReal      *kr = Kr + tl[k] * c, *mr = Mr + tl[k] * c;
          const PetscReal v = tv[k], *wk = Wk + a * c, *wm = Wm + a * c;
          for (PetscInt j = 0; j < c; j++) kr[j] += v * wk[j], mr[j] += v * wm[j];
        }
      PetscCall(MatSetValues(K, c, cw, c, cw, Kr, ADD_VALUES));
      PetscCall(MatSetValues(M, c, cw, c, cw, Mr, ADD_VALUES));
    }
  }
  PetscCall(PetscFree3(cw, tl, W));
  PetscCall(PetscFree(stamp));
  PetscCall(MPIU_Allreduce(&bad, &badg, 1, MPIU_INT, MPI_MIN, sys->comm));
  PetscCheck(badg == PETSC_MAX_INT, sys->comm, PETSC_ERR_USER_INPUT,
             "%s: element %" PetscInt_FMT " (%s) has a non-positive Jacobian determinant: it is inverted or degenerate (check its node order)",
             mesh->file, mesh->elemid[badg], TriboElementTypes[mesh->etype[badg]]);
  PetscCall(MPIU_Allreduce(&mass, &sys->mass, 1, MPIU_REAL, MPIU_SUM, sys->comm));
  PetscFunctionReturn(0);
}

// f_full from the *Cload of the chosen load case (on rank 0), F = T^T f_full
static PetscErrorCode AssembleLoads_Private(TriboFESystem sys, const PetscInt freeidx[])
{
  TriboMesh   mesh     = sys->mesh;
  char        name[96] = "";
  PetscBool   set = (PetscBool)(sys->opt.loadcase[0] != 0), found = PETSC_FALSE;
  PetscMPIInt rank;
  Vec         f;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(sys->comm, &rank));
  PetscCall(PetscStrncpy(name, sys->opt.loadcase, sizeof(name)));
  if (!set)
    for (PetscInt k = 0; k < mesh->ncloads && !name[0]; k++) PetscCall(PetscStrncpy(name, mesh->cloads[k].loadcase, sizeof(name)));
  for (PetscInt k = 0; k < mesh->ncloads && !found; k++) PetscCall(PetscStrcasecmp(name, mesh->cloads[k].loadcase, &found));
  PetscCheck(found || !set, sys->comm, PETSC_ERR_USER_INPUT, "%s: no *Cload belongs to load case %s (option -fe_loadcase)", mesh->file, name);
  PetscCall(PetscStrncpy(sys->loadcase, name, sizeof(sys->loadcase)));
  PetscCall(MatCreateVecs(sys->T, &sys->F, &f));
  PetscCall(VecZeroEntries(f));
  for (PetscInt k = 0; k < mesh->ncloads; k++) {
    const TriboCload *c = &mesh->cloads[k];
    PetscInt          d;
    PetscBool         same;

    PetscCall(PetscStrcasecmp(name, c->loadcase, &same));
    if (!same) continue;
    PetscCheck(c->dof >= 1 && c->dof <= 6, sys->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": *Cload on DOF %" PetscInt_FMT ", expected 1..6",
               mesh->file, c->line, c->dof);
    PetscCheck(c->dof <= 3 || sys->rotdof[c->node] >= 0, sys->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Cload on rotation %" PetscInt_FMT " of node %" PetscInt_FMT
               ", which has no rotations (only coupling reference nodes do)",
               mesh->file, c->line, c->dof, mesh->nodeid[c->node]);
    d = c->dof <= 3 ? 3 * c->node + c->dof - 1 : sys->rotdof[c->node] + c->dof - 4;
    PetscCheck(freeidx[d] != -2, sys->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": *Cload on DOF %" PetscInt_FMT " of node %" PetscInt_FMT ", which no element or constraint carries", mesh->file,
               c->line, c->dof, mesh->nodeid[c->node]);
    if (!rank) PetscCall(VecSetValue(f, d, c->value, ADD_VALUES));
  }
  PetscCall(VecAssemblyBegin(f));
  PetscCall(VecAssemblyEnd(f));
  PetscCall(MatMultTranspose(sys->T, f, sys->F));
  PetscCall(VecDestroy(&f));
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemCreate - Creates an FE system: set its options (TriboFESystemSetFromOptions()) and its
  mesh (TriboFESystemSetMesh()), then assemble it with TriboFESystemSetUp().

  Collective

  Input Parameter:
. comm - the ranks over which K, M, F and T are distributed (each holds the whole mesh)

  Output Parameter:
. sys - the new system

  Notes:
  A program that assembles its own matrices may fill K, M, F (and mesh, ndof, nfree) itself and
  leave T NULL (every DOF independent); TriboFESystemDestroy() frees them.

  Level: beginner

.seealso: TriboFESystemSetFromOptions(), TriboFESystemSetMesh(), TriboFESystemSetUp(), TriboFESystemDestroy()
@*/
PetscErrorCode TriboFESystemCreate(MPI_Comm comm, TriboFESystem *sys)
{
  PetscFunctionBeginUser;
  PetscCall(PetscNew(sys));
  (*sys)->comm          = comm;
  (*sys)->opt.tietol    = -1;
  (*sys)->opt.hourglass = -1;            // Abaqus's default, by material
  (*sys)->opt.c3d8ras   = TRIBO_EL_C3D8; // -fe_c3d8r_as full until the hourglass stiffness reproduces Abaqus on the BRB (doc/dev/elements.md)
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemSetOptionsPrefix - Sets the prefix of the system's options (-fe_loadcase becomes
  -<prefix>fe_loadcase).

  Logically collective

  Input Parameters:
+ sys    - the system
- prefix - the prefix (no leading dash), or NULL for none

  Level: intermediate

.seealso: TriboFESystemSetFromOptions()
@*/
PetscErrorCode TriboFESystemSetOptionsPrefix(TriboFESystem sys, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(sys->prefix));
  if (prefix && prefix[0]) PetscCall(PetscStrallocpy(prefix, &sys->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemSetFromOptions - Reads the options of the assembly and of the constraints.

  Collective

  Input Parameter:
. sys - the system

  Options Database Keys:
+ -fe_loadcase <NAME>                  - the *Cload of this load case form f_full (default: the
                                         first *Substructure Load Case that has a *Cload; when no
                                         *Cload names one, all *Cload)
. -fe_assembly_ptap <false>            - assemble K_full and M_full and form T^T K_full T with
                                         MatPtAP() instead of reducing element by element (same
                                         matrices to round-off, slower: a check of the default)
. -fe_tie_position_tolerance <-1>      - (m) slave nodes of a *Tie farther than this from the master
                                         surface are not tied; < 0: 5% of the largest master-face
                                         diagonal of each tie (Abaqus's default position tolerance)
. -fe_tie_outside <false>              - also tie slave nodes whose closest point is on the boundary
                                         of the master surface
. -fe_constraints_view <false>         - print what the ties, couplings and equations did
. -fe_c3d8r_as <full>                  - full: C3D8R assembled as a fully integrated C3D8 (the
                                         default for now: doc/dev/elements.md says why); reduced:
                                         uniform strain with hourglass stiffness (src/fe/c3d8r.c);
                                         incompatible: as C3D8I
- -fe_c3d8r_hourglass <abaqus>         - C3D8R hourglass stiffness as a fraction of the physical
                                         one, where the deck's section sets none (1: enhanced);
                                         by default Abaqus/Standard's, 0.0142 / (1 + nu)

  Notes:
  Call it before TriboFESystemSetUp(): the assembly reads no option itself.

  Level: beginner

.seealso: TriboFESystemSetUp(), TriboFESystemSetLoadCase()
@*/
PetscErrorCode TriboFESystemSetFromOptions(TriboFESystem sys)
{
  TriboFEOptions *o = &sys->opt;

  PetscFunctionBeginUser;
  TriboOptionsBegin(sys->comm, sys->prefix, "Finite-element system: assembly and constraints", "TriboFESystemSetUp");
  PetscCall(PetscOptionsString("-fe_loadcase", "load case whose *Cload form the load vector (empty: the first one with a *Cload)",
                               "TriboFESystemSetLoadCase", o->loadcase, o->loadcase, sizeof(o->loadcase), NULL));
  PetscCall(PetscOptionsBool("-fe_assembly_ptap", "form T^T K_full T with MatPtAP() instead of element by element (a check)", "TriboFESystemSetUp",
                             o->ptap, &o->ptap, NULL));
  PetscCall(PetscOptionsReal(
      "-fe_tie_position_tolerance",
      "*Tie slave nodes farther than this from the master surface are not tied; < 0: 5% of the largest master-face diagonal of each tie [m]",
      "TriboFESystemSetUp", o->tietol, &o->tietol, NULL));
  PetscCall(PetscOptionsBool("-fe_tie_outside", "also tie slave nodes whose closest point is on the boundary of the master surface",
                             "TriboFESystemSetUp", o->tieoutside, &o->tieoutside, NULL));
  PetscCall(
      PetscOptionsBool("-fe_constraints_view", "print what the ties, couplings and equations did", "TriboFESystemSetUp", o->view, &o->view, NULL));
  {
    const char            *as[] = {"reduced", "full", "incompatible"};
    const TriboElementType ty[] = {TRIBO_EL_C3D8R, TRIBO_EL_C3D8, TRIBO_EL_C3D8I};
    PetscInt               k    = o->c3d8ras == TRIBO_EL_C3D8 ? 1 : (o->c3d8ras == TRIBO_EL_C3D8I ? 2 : 0);
    PetscCall(PetscOptionsEList(
        "-fe_c3d8r_as", "C3D8R elements: reduced (uniform strain with hourglass stiffness, as Abaqus), full (as C3D8) or incompatible (as C3D8I)",
        "TriboFESystemSetUp", as, 3, as[k], &k, NULL));
    o->c3d8ras = ty[k];
  }
  {
    const char *ms[] = {"consistent", "lumped", "abaqus"};
    PetscCall(PetscOptionsEList(
        "-fe_mass",
        "element mass matrices: consistent, lumped (row sums), or abaqus (Abaqus/Standard: first-order elements lumped, second-order consistent)",
        "TriboFESystemSetUp", ms, 3, ms[o->mass], &o->mass, NULL));
  }
  {
    PetscBool set;
    PetscCall(PetscOptionsReal("-fe_c3d8r_hourglass",
                               "C3D8R hourglass stiffness as a fraction of the physical one where the deck sets none (1: enhanced; default: "
                               "Abaqus/Standard's, 0.0142 / (1 + nu))",
                               "TriboFESystemSetUp", o->hourglass, &o->hourglass, &set));
    PetscCheck(!set || o->hourglass >= 0, sys->comm, PETSC_ERR_USER_INPUT, "-fe_c3d8r_hourglass %g: expected a fraction >= 0", (double)o->hourglass);
  }
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(sys->prefix, "fe_"));
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemSetLoadCase - Chooses the load case whose *Cload form the load vector F.

  Logically collective

  Input Parameters:
+ sys  - the system
- name - the *Substructure Load Case name (case-insensitive); NULL or "" for the default, the first
         load case that has a *Cload

  Options Database Key:
. -fe_loadcase <NAME> - the same

  Level: intermediate

.seealso: TriboFESystemSetFromOptions()
@*/
PetscErrorCode TriboFESystemSetLoadCase(TriboFESystem sys, const char name[])
{
  PetscFunctionBeginUser;
  PetscCheck(!sys->setupcalled, sys->comm, PETSC_ERR_ARG_WRONGSTATE, "set the load case before TriboFESystemSetUp()");
  PetscCall(PetscStrncpy(sys->opt.loadcase, name ? name : "", sizeof(sys->opt.loadcase)));
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemSetMesh - Sets the mesh to assemble.

  Logically collective

  Input Parameters:
+ sys  - the system
- mesh - the mesh, read on the system's ranks (kept by reference: destroy it after the system)

  Level: beginner

.seealso: TriboFESystemSetUp(), TriboMeshReadAbaqus()
@*/
PetscErrorCode TriboFESystemSetMesh(TriboFESystem sys, TriboMesh mesh)
{
  PetscFunctionBeginUser;
  PetscCheck(!sys->setupcalled, sys->comm, PETSC_ERR_ARG_WRONGSTATE, "the FE system is already assembled; create a new one for another mesh");
  sys->mesh = mesh;
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemSetUp - Assembles the stiffness, mass and load case of the system's mesh with its
  constraints eliminated.

  Collective (every rank holds the same mesh)

  Input Parameter:
. sys - the system, with its mesh (TriboFESystemSetMesh()) and options (TriboFESystemSetFromOptions())

  Output Parameter:
. sys - K = T^T K_full T, M = T^T M_full T, F = T^T f_full on the independent DOFs, T, the load
        case assembled, the mass

  Options (read by TriboFESystemSetFromOptions(), not here): -fe_loadcase, -fe_assembly_ptap,
  -fe_tie_position_tolerance, -fe_tie_outside, -fe_constraints_view

  Notes:
  Elements are distributed over the ranks in contiguous blocks; the rows of T (full DOFs) in
  contiguous node blocks (DOFs 3i..3i+2 of node i; the rotations of coupling reference nodes after
  all translations, on the last rank) and its columns (the independent DOFs, in the order of the
  full DOFs) with the rows they come from; K and M follow the columns of T. By default each element
  adds T_e^T K_e T_e into K with MatSetValues(ADD_VALUES), T_e being the rows of T of its DOFs
  (the identity for an element without dependent DOFs: the vast majority), into a K preallocated
  exactly from the elements' free DOFs. This gives T^T K_full T without forming K_full; MatPtAP()
  on the BRB (8.4M nonzeros) takes several times longer in parallel. M likewise, with
  M_e = M_s (x) I_3. C3D8R elements are formed as src/fe/c3d8r.c says (as C3D8 with -fe_c3d8r_as
  full) and counted in sys->nel_c3d8r. sys->mass is 1^T M_x 1 of the full model, the mass of a rigid translation.

  Level: beginner

.seealso: TriboFECheckMass(), TriboFECheckRigidBody(), TriboFECheckSymmetry(), TriboFELoadResultant()
@*/
PetscErrorCode TriboFESystemSetUp(TriboFESystem sys)
{
  TriboFESystem  s    = sys;
  TriboMesh      mesh = sys->mesh;
  PetscInt      *freeidx, r0, r1, c0, c1, *dk, *ok, *dm, *om;
  Mat            Kf, Mf;
  PetscContainer c;
  TriboFECSR     Tc;
  PetscBool      ptap = sys->opt.ptap;

  PetscFunctionBeginUser;
  if (sys->setupcalled) PetscFunctionReturn(0);
  PetscCheck(mesh, sys->comm, PETSC_ERR_ARG_WRONGSTATE, "the FE system has no mesh: call TriboFESystemSetMesh() before TriboFESystemSetUp()");
  PetscCall(RegisterEvents_Private());
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    const TriboMaterial *mat = mesh->emat[e] >= 0 ? &mesh->mats[mesh->emat[e]] : NULL;

    PetscCheck(mat, s->comm, PETSC_ERR_USER_INPUT, "%s: element %" PetscInt_FMT " has no section (no *Solid Section covers it)", mesh->file,
               mesh->elemid[e]);
    PetscCheck(mat->hasE, s->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": material %s has no *Elastic", mesh->file, mat->line, mat->name);
    PetscCheck(mat->hasrho, s->comm, PETSC_ERR_USER_INPUT, "%s:%" PetscInt_FMT ": material %s has no *Density (needed for the mass matrix)",
               mesh->file, mat->line, mat->name);
    PetscCheck(mat->E > 0 && mat->nu > -1 && mat->nu < 0.5, s->comm, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": material %s: *Elastic needs E > 0 and -1 < nu < 0.5, got E = %g, nu = %g", mesh->file, mat->line, mat->name,
               (double)mat->E, (double)mat->nu);
    s->nel_c3d8r += mesh->etype[e] == TRIBO_EL_C3D8R;
  }
  PetscCall(PetscLogEventBegin(EventConstraints, 0, 0, 0, 0));
  PetscCall(TriboFEConstraintsBuild_Private(mesh, s->comm, &s->opt, &s->ndof, &s->rotdof, &freeidx, &s->nfree, &Tc, &s->T));
  PetscCall(PetscLogEventEnd(EventConstraints, 0, 0, 0, 0));
  PetscCall(PetscContainerCreate(s->comm, &c));
  PetscCall(PetscContainerSetPointer(c, freeidx));
  PetscCall(PetscContainerSetUserDestroy(c, PetscContainerUserDestroyDefault));
  PetscCall(PetscObjectCompose((PetscObject)s->T, FREEIDX_KEY, (PetscObject)c));
  PetscCall(PetscContainerDestroy(&c));

  PetscCall(MatGetOwnershipRange(s->T, &r0, &r1));
  PetscCall(MatGetOwnershipRangeColumn(s->T, &c0, &c1));
  if (!ptap) {
    PetscCall(PetscLogEventBegin(EventElements, 0, 0, 0, 0));
    PetscCall(PetscMalloc2(c1 - c0, &dk, c1 - c0, &ok));
    PetscCall(PreallocationReduced_Private(s, &Tc, c0, c1, dk, ok));
    PetscCall(MatCreateAIJ(s->comm, c1 - c0, c1 - c0, s->nfree, s->nfree, 0, dk, 0, ok, &s->K));
    PetscCall(MatCreateAIJ(s->comm, c1 - c0, c1 - c0, s->nfree, s->nfree, 0, dk, 0, ok, &s->M));
    PetscCall(PetscFree2(dk, ok));
    PetscCall(AssembleElements_Private(s, &Tc, s->K, s->M));
    PetscCall(MatAssemblyBegin(s->K, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyBegin(s->M, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(s->K, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(s->M, MAT_FINAL_ASSEMBLY));
    PetscCall(PetscLogEventEnd(EventElements, 0, 0, 0, 0));
  } else {
    PetscInt n0 = r0 / 3, n1 = PetscMin(r1, 3 * mesh->nnodes) / 3;

    PetscCall(PetscLogEventBegin(EventElements, 0, 0, 0, 0));
    PetscCall(PetscMalloc4(r1 - r0, &dk, r1 - r0, &ok, r1 - r0, &dm, r1 - r0, &om));
    PetscCall(Preallocation_Private(mesh, n0, n1, r1 - r0, dk, ok, dm, om));
    PetscCall(MatCreateAIJ(s->comm, r1 - r0, r1 - r0, s->ndof, s->ndof, 0, dk, 0, ok, &Kf));
    PetscCall(MatCreateAIJ(s->comm, r1 - r0, r1 - r0, s->ndof, s->ndof, 0, dm, 0, om, &Mf));
    PetscCall(PetscFree4(dk, ok, dm, om));
    PetscCall(AssembleElements_Private(s, NULL, Kf, Mf));
    PetscCall(MatAssemblyBegin(Kf, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyBegin(Mf, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(Kf, MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(Mf, MAT_FINAL_ASSEMBLY));
    PetscCall(PetscLogEventEnd(EventElements, 0, 0, 0, 0));
    PetscCall(PetscLogEventBegin(EventPtAP, 0, 0, 0, 0));
    PetscCall(MatPtAP(Kf, s->T, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &s->K));
    PetscCall(MatPtAP(Mf, s->T, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &s->M));
    PetscCall(PetscLogEventEnd(EventPtAP, 0, 0, 0, 0));
    PetscCall(MatDestroy(&Kf));
    PetscCall(MatDestroy(&Mf));
  }
  PetscCall(PetscFree(Tc.ptr));
  PetscCall(PetscFree2(Tc.col, Tc.val));
  PetscCall(AssembleLoads_Private(s, freeidx));
  s->setupcalled = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@C
  TriboFESystemGetHourglassName - How the C3D8R hourglass stiffness is set, in words, where the deck sets none

  Not collective

  Input Parameters:
+ sys - the FE system
- n   - size of buf

  Output Parameter:
. buf - "fraction <hg>" (-fe_c3d8r_hourglass) or Abaqus/Standard's default, fraction 0.0142 / (1 + nu) (src/fe/c3d8r.c)

  Level: developer
@*/
PetscErrorCode TriboFESystemGetHourglassName(TriboFESystem sys, char buf[], size_t n)
{
  PetscFunctionBeginUser;
  PetscCall(TriboFEHourglassName(sys->opt.hourglass, buf, n));
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemView - Prints a summary of the system: sizes, load case, mass, options.

  Collective on the viewer

  Input Parameters:
+ sys    - the system
- viewer - an ASCII viewer (NULL: PETSC_VIEWER_STDOUT_ of the system's communicator)

  Level: beginner

.seealso: TriboFESystemSetUp(), TriboMeshView()
@*/
PetscErrorCode TriboFESystemView(TriboFESystem sys, PetscViewer viewer)
{
  PetscBool ascii;

  PetscFunctionBeginUser;
  if (!viewer) viewer = PETSC_VIEWER_STDOUT_(sys->comm);
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &ascii));
  if (!ascii) PetscFunctionReturn(0);
  if (sys->setupcalled) {
    PetscCall(PetscViewerASCIIPrintf(
        viewer, "FE system of %s: %" PetscInt_FMT " DOFs, %" PetscInt_FMT " independent after constraints, load case %s, mass %g kg\n",
        sys->mesh->file, sys->ndof, sys->nfree, sys->loadcase[0] ? sys->loadcase : "(all *Cload)", (double)sys->mass));
    if (sys->nel_c3d8r && sys->opt.c3d8ras != TRIBO_EL_C3D8R)
      PetscCall(PetscViewerASCIIPrintf(viewer, "  %" PetscInt_FMT " C3D8R elements assembled as %s (-fe_c3d8r_as)%s\n", sys->nel_c3d8r,
                                       TriboElementTypes[sys->opt.c3d8ras],
                                       sys->mesh->ehg ? "; the deck's hourglass controls act with -fe_c3d8r_as reduced only" : ""));
    else if (sys->nel_c3d8r) {
      char hgs[96];
      PetscCall(TriboFEHourglassName(sys->opt.hourglass, hgs, sizeof(hgs)));
      PetscCall(PetscViewerASCIIPrintf(viewer, "  %" PetscInt_FMT " C3D8R elements: uniform strain, hourglass stiffness (%s of the physical one)%s\n",
                                       sys->nel_c3d8r, hgs, sys->mesh->ehg ? " where the deck sets none" : ""));
    }
  } else
    PetscCall(PetscViewerASCIIPrintf(viewer, "FE system (not assembled)\n"));
  {
    const char *how = sys->opt.ptap ? "T^T K_full T by MatPtAP()" : "element by element",
               *out = sys->opt.tieoutside ? ", slave nodes beyond the master surface's boundary tied" : "";
    if (sys->opt.tietol < 0)
      PetscCall(PetscViewerASCIIPrintf(viewer, "  assembly %s; tie position tolerance 5%% of each tie's largest master-face diagonal%s\n", how, out));
    else
      PetscCall(PetscViewerASCIIPrintf(viewer, "  assembly %s; tie position tolerance %g m%s\n", how, (double)sys->opt.tietol, out));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFESystemDestroy - Destroys an FE system (not its mesh).

  Collective

  Input Parameter:
. sys - the system; set to NULL (a NULL system is allowed)

  Level: beginner

.seealso: TriboFESystemCreate()
@*/
PetscErrorCode TriboFESystemDestroy(TriboFESystem *sys)
{
  PetscFunctionBeginUser;
  if (!*sys) PetscFunctionReturn(0);
  PetscCall(MatDestroy(&(*sys)->T));
  PetscCall(MatDestroy(&(*sys)->K));
  PetscCall(MatDestroy(&(*sys)->M));
  PetscCall(VecDestroy(&(*sys)->F));
  PetscCall(PetscFree((*sys)->rotdof));
  PetscCall(PetscFree((*sys)->prefix));
  PetscCall(PetscFree(*sys));
  PetscFunctionReturn(0);
}

/*@
  TriboFEGetFreeDof - Independent DOF (column of T, row of K) of a translational DOF.

  Not collective (the map is replicated)

  Input Parameters:
+ sys  - the system
. node - 0-based node
- d    - direction 0, 1, 2

  Output Parameter:
. j - the independent DOF, or -1 if the DOF is dependent (tied, coupled, eliminated by an
      equation) or dropped (no element carries it)
@*/
PetscErrorCode TriboFEGetFreeDof(TriboFESystem sys, PetscInt node, PetscInt d, PetscInt *j)
{
  const PetscInt *freeidx;

  PetscFunctionBeginUser;
  PetscCheck(node >= 0 && node < sys->mesh->nnodes && d >= 0 && d < 3, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
             "node %" PetscInt_FMT " direction %" PetscInt_FMT " out of range (%" PetscInt_FMT " nodes, directions 0..2)", node, d,
             sys->mesh->nnodes);
  PetscCall(GetFreeIndex_Private(sys, &freeidx));
  *j = PetscMax(-1, freeidx[3 * node + d]);
  PetscFunctionReturn(0);
}

/*@
  TriboFEGetRigidModes - The six rigid-body motions of the model on the independent DOFs.

  Collective

  Input Parameters:
+ sys - the system
- x0  - centre of the rotations (NULL: the mean of the node coordinates)

  Output Parameter:
. r - six new vectors (layout of the columns of K): translations x, y, z, then rotations about
      x, y, z through x0 (u = e_k x (x - x0); the rotations of reference nodes are e_k)

  Notes:
  r is the restriction of the full rigid motion r_full to the independent DOFs; T r = r_full holds
  wherever the constraints reproduce rigid motions exactly (equations between coincident nodes,
  couplings, ties without a gap). A tie slave node at a gap g from the master surface gets an
  error w x g under a rotation w.
@*/
PetscErrorCode TriboFEGetRigidModes(TriboFESystem sys, const PetscReal x0[], Vec r[])
{
  TriboMesh       mesh = sys->mesh;
  const PetscInt *freeidx;
  PetscInt        r0, r1, nn = mesh->nnodes;
  PetscReal       c[3] = {0, 0, 0};

  PetscFunctionBeginUser;
  PetscCall(GetFreeIndex_Private(sys, &freeidx));
  if (x0)
    PetscCall(PetscArraycpy(c, x0, 3));
  else
    for (PetscInt i = 0; i < nn; i++)
      for (PetscInt k = 0; k < 3; k++) c[k] += mesh->X[3 * i + k] / nn;
  for (PetscInt k = 0; k < 6; k++) {
    PetscCall(MatCreateVecs(sys->K, &r[k], NULL));
    PetscCall(VecZeroEntries(r[k]));
  }
  PetscCall(MatGetOwnershipRange(sys->T, &r0, &r1));
  for (PetscInt d = r0; d < r1; d++) {
    PetscInt j = freeidx[d];
    if (j < 0) continue;
    if (d < 3 * nn) {
      PetscInt  i = d / 3, a = d % 3, a1 = (a + 1) % 3, a2 = (a + 2) % 3;
      PetscReal y[3];
      for (PetscInt k = 0; k < 3; k++) y[k] = mesh->X[3 * i + k] - c[k];
      PetscCall(VecSetValue(r[a], j, 1, INSERT_VALUES));
      // component a of e_k x y: (e_a1 x y)_a = y_a2, (e_a2 x y)_a = -y_a1
      PetscCall(VecSetValue(r[3 + a1], j, y[a2], INSERT_VALUES));
      PetscCall(VecSetValue(r[3 + a2], j, -y[a1], INSERT_VALUES));
    } else {
      for (PetscInt i = 0; i < nn; i++)
        if (sys->rotdof[i] >= 0 && d >= sys->rotdof[i] && d < sys->rotdof[i] + 3)
          PetscCall(VecSetValue(r[3 + d - sys->rotdof[i]], j, 1, INSERT_VALUES));
    }
  }
  for (PetscInt k = 0; k < 6; k++) {
    PetscCall(VecAssemblyBegin(r[k]));
    PetscCall(VecAssemblyEnd(r[k]));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboFECheckSymmetry - Relative asymmetry ||A - A^T||_F / ||A||_F of a matrix.

  Collective
@*/
PetscErrorCode TriboFECheckSymmetry(Mat A, PetscReal *rel)
{
  Mat       At;
  PetscReal na, nd;

  PetscFunctionBeginUser;
  PetscCall(MatNorm(A, NORM_FROBENIUS, &na));
  PetscCall(MatTranspose(A, MAT_INITIAL_MATRIX, &At));
  PetscCall(MatAXPY(At, -1, A, UNKNOWN_NONZERO_PATTERN));
  PetscCall(MatNorm(At, NORM_FROBENIUS, &nd));
  PetscCall(MatDestroy(&At));
  *rel = na > 0 ? nd / na : nd;
  PetscFunctionReturn(0);
}

/*@
  TriboFECheckMass - Mass of the rigid translations, r_k^T M r_k for k = x, y, z.

  Collective

  Output Parameter:
. m - three masses; each must equal sum_e rho_e V_e (TriboFEMeshVolume()) and sys->mass

  Notes:
  The constraints reproduce rigid translations exactly (tie weights and distributing-coupling
  weights sum to one), so T r_k is the full translation and r_k^T M r_k the total mass.
@*/
PetscErrorCode TriboFECheckMass(TriboFESystem sys, PetscReal m[])
{
  Vec r[6], y;

  PetscFunctionBeginUser;
  PetscCall(TriboFEGetRigidModes(sys, NULL, r));
  PetscCall(VecDuplicate(r[0], &y));
  for (PetscInt k = 0; k < 3; k++) {
    PetscCall(MatMult(sys->M, r[k], y));
    PetscCall(VecDot(r[k], y, &m[k]));
  }
  PetscCall(VecDestroy(&y));
  for (PetscInt k = 0; k < 6; k++) PetscCall(VecDestroy(&r[k]));
  PetscFunctionReturn(0);
}

/*@
  TriboFECheckRigidBody - Relative residuals ||K r_k|| / (||K||_inf ||r_k||) of the six rigid
  motions (translations x, y, z, rotations about the node centroid).

  Collective

  Notes:
  The ratio is at most 1 (||K||_2 <= ||K||_inf for symmetric K) and 0 for an exact null space; it
  measures the stiffness that a rigid motion meets, e.g. from tie gaps (see TriboFEGetRigidModes()).
@*/
PetscErrorCode TriboFECheckRigidBody(TriboFESystem sys, PetscReal res[])
{
  Vec       r[6], y;
  PetscReal nk, ny, nr;

  PetscFunctionBeginUser;
  PetscCall(TriboFEGetRigidModes(sys, NULL, r));
  PetscCall(VecDuplicate(r[0], &y));
  PetscCall(MatNorm(sys->K, NORM_INFINITY, &nk));
  for (PetscInt k = 0; k < 6; k++) {
    PetscCall(MatMult(sys->K, r[k], y));
    PetscCall(VecNorm(y, NORM_2, &ny));
    PetscCall(VecNorm(r[k], NORM_2, &nr));
    res[k] = ny / (nk * nr);
  }
  PetscCall(VecDestroy(&y));
  for (PetscInt k = 0; k < 6; k++) PetscCall(VecDestroy(&r[k]));
  PetscFunctionReturn(0);
}

/*@
  TriboFELoadResultant - Resultant force and moment of a load vector on the independent DOFs.

  Collective

  Input Parameters:
+ sys - the system
. F   - the load (e.g. sys->F)
- x0  - point about which moments are taken (NULL: the origin)

  Output Parameter:
. fm - Fx, Fy, Fz, Mx, My, Mz: fm_k = r_k^T F with r_k the rigid motions about x0 (virtual work)
@*/
PetscErrorCode TriboFELoadResultant(TriboFESystem sys, Vec F, const PetscReal x0[], PetscReal fm[])
{
  Vec       r[6];
  PetscReal o[3] = {0, 0, 0};

  PetscFunctionBeginUser;
  PetscCall(TriboFEGetRigidModes(sys, x0 ? x0 : o, r));
  for (PetscInt k = 0; k < 6; k++) {
    PetscCall(VecDot(F, r[k], &fm[k]));
    PetscCall(VecDestroy(&r[k]));
  }
  PetscFunctionReturn(0);
}
