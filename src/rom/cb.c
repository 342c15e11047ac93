/* Craig-Bampton reduction of an assembled finite-element system to a TriboROM with the joint
   interface kept in relative coordinates (papers linder-gross-krack §2.2, porter-brake-2023 §3.1,
   porter-et-al-2022 §3.2).

   The independent DOFs u of the FE system are split into boundary DOFs u_b (the three
   translations of every node of the two interface node sets, the "retained nodal DOFs") and
   interior DOFs u_i. With the static constraint modes Psi = -K_ii^{-1} K_ib and nm mass-normalized
   fixed-interface modes Phi (K_ii Phi = M_ii Phi diag(omega^2)),
     u = [u_b; u_i] = [I 0; Psi Phi] [u_b; eta] = R q,
     K_cb = R^T K R = [K_bb + K_bi Psi, 0; 0, Phi^T K_ii Phi],
     M_cb = R^T M R = [M_bb + M_bi Psi + Psi^T M_ib + Psi^T M_ii Psi, (M_bi + Psi^T M_ii) Phi; sym., Phi^T M_ii Phi]
   (Phi^T K_ii Phi = diag(omega^2) and Phi^T M_ii Phi = I up to the eigensolver's tolerance; they
   are formed explicitly so that the ROM is an exact Rayleigh-Ritz projection).

   The boundary DOFs are then replaced by relative and mean coordinates of each interface pair
   (top node t, bottom node b), in the local frame G = [t1; t2; n] of src/rom/cbiface.c:
     u_t = G^T (m + r/2), u_b = G^T (m - r/2), i.e. r = G (u_t - u_b), m = G (u_t + u_b)/2.
   ROM DOF order: [r of all pairs (3 per pair, node-major); m of all pairs; eta]. The ROM's L is
   the identity on the r block, and r_n = (u_b - u_t).n_hat > 0 is interpenetration.

   Cost and memory: K_ii is factored once (MUMPS, Cholesky); the factor serves the shift-and-invert
   eigensolver (sigma = 0); the static modes are solved in blocks of columns (src/rom/cbstatic.c).
   Psi is kept in the ranks' rows of the interior (n_i x n_b doubles in all: 3.7 GB for the
   Brake-Reuss beam, half on each of 2 ranks); Psi^T M_ii Psi is accumulated block by block, upper
   triangle only, with BLAS gemm. The reduced matrices are replicated (n^2 doubles each). */
#include "cbwork.h"
#include <petscblaslapack.h>

PetscErrorCode CBMonitor(CB *cb, const char fmt[], ...)
{
  PetscLogDouble t, mem;
  char           msg[256];
  va_list        ap;
  size_t         len;

  PetscFunctionBeginUser;
  if (!cb->monitor) PetscFunctionReturn(0);
  va_start(ap, fmt);
  PetscCall(PetscVSNPrintf(msg, sizeof(msg), fmt, &len, ap));
  va_end(ap);
  PetscCall(PetscTime(&t));
  PetscCall(PetscMemoryGetCurrentUsage(&mem));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &mem, 1, MPI_DOUBLE, MPI_SUM, cb->comm));
  PetscCall(PetscPrintf(cb->comm, "  CB %7.1f s %7.2f GB  %s\n", t - cb->t0, mem / 1073741824.0, msg));
  PetscFunctionReturn(0);
}

// Boundary DOFs: the translations of the pair nodes, which must be independent DOFs
static PetscErrorCode SetUpDofs_Private(CB *cb, TriboFESystem fe, TriboInterfacePairs ip)
{
  TriboMesh mesh = fe->mesh;
  PetscInt  m    = 0;

  PetscFunctionBeginUser;
  cb->np = ip->npairs;
  cb->nb = 6 * cb->np;
  PetscCall(PetscMalloc5(3 * cb->np, &cb->ft, 3 * cb->np, &cb->fb, cb->nb, &cb->bdof, cb->nfree, &cb->bpos, cb->rend - cb->rstart, &cb->iloc));
  for (PetscInt p = 0; p < cb->np; p++)
    for (PetscInt s = 0; s < 2; s++)
      for (PetscInt c = 0; c < 3; c++) {
        PetscInt node = s ? ip->bot[p] : ip->top[p], j;
        if (fe->T)
          PetscCall(TriboFEGetFreeDof(fe, node, c, &j));
        else
          j = 3 * node + c; // every DOF independent
        PetscCheck(
            j >= 0 && j < cb->nfree, cb->comm, PETSC_ERR_USER_INPUT,
            "%s: DOF %" PetscInt_FMT " of interface node %" PetscInt_FMT
            " at (%g, %g, %g) is not an independent DOF (it is constrained by a *Tie, *Coupling or *Equation): the interface DOFs must stay free",
            mesh->file, c + 1, mesh->nodeid[node], (double)mesh->X[3 * node], (double)mesh->X[3 * node + 1], (double)mesh->X[3 * node + 2]);
        (s ? cb->fb : cb->ft)[3 * p + c] = j;
        cb->bdof[m++]                    = j;
      }
  PetscCall(PetscSortInt(cb->nb, cb->bdof));
  for (PetscInt k = 1; k < cb->nb; k++)
    PetscCheck(cb->bdof[k] != cb->bdof[k - 1], cb->comm, PETSC_ERR_USER_INPUT,
               "%s: two interface DOFs share the independent DOF %" PetscInt_FMT " (nodes tied or merged across the joint?)", mesh->file,
               cb->bdof[k]);
  for (PetscInt j = 0; j < cb->nfree; j++) cb->bpos[j] = -1;
  for (PetscInt k = 0; k < cb->nb; k++) cb->bpos[cb->bdof[k]] = k;
  cb->niloc = 0;
  for (PetscInt r = cb->rstart; r < cb->rend; r++) cb->iloc[r - cb->rstart] = cb->bpos[r] < 0 ? cb->niloc++ : -1;
  cb->ni = cb->nfree - cb->nb;
  PetscFunctionReturn(0);
}

/* A_ib over the owned interior rows into c (CSR, columns = boundary positions), and the owned
   boundary rows' A_bb added into the dense C (ncb x ncb): sub-matrices of A (MatCreateSubMatrix())
   with the boundary DOFs as columns, numbered by their positions as bdof is sorted and each rank
   lists its own boundary DOFs. Same entries as the former MatGetRow loop and as fast: on the
   Brake-Reuss beam (K and M, 116,511 DOFs, 4,080 boundary DOFs) 0.031 s on 1 rank and 0.021-0.059
   s on 2 ranks, the loop 0.031 s and 0.027-0.090 s (busy machine); MatCreateSubMatrices() of the
   owned rows took 0.29 s on 2 ranks. */
static PetscErrorCode SplitMatrix_Private(CB *cb, Mat A, CBCoupling *c, PetscScalar *C)
{
  IS           isi, isb;
  Mat          sub[2], loc;
  PetscInt    *ri, *rb, nbloc = cb->rend - cb->rstart - cb->niloc, *ia, *ja;
  PetscScalar *a;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(cb->niloc, &ri, nbloc, &rb));
  for (PetscInt r = cb->rstart, ki = 0, kb = 0; r < cb->rend; r++) {
    if (cb->iloc[r - cb->rstart] >= 0)
      ri[ki++] = r;
    else
      rb[kb++] = r;
  }
  PetscCall(ISCreateGeneral(cb->comm, cb->niloc, ri, PETSC_USE_POINTER, &isi));
  PetscCall(ISCreateGeneral(cb->comm, nbloc, rb, PETSC_USE_POINTER, &isb));
  PetscCall(MatCreateSubMatrix(A, isi, isb, MAT_INITIAL_MATRIX, &sub[0]));
  PetscCall(MatCreateSubMatrix(A, isb, isb, MAT_INITIAL_MATRIX, &sub[1]));
  PetscCall(ISDestroy(&isi));
  PetscCall(ISDestroy(&isb));
  PetscCall(MatAIJGetLocalMat(sub[0], &loc)); // the owned rows, global (boundary position) columns, ascending
  PetscCall(TriboMatGetCSRCopy(loc, &c->ia, &c->ja, &c->a));
  PetscCall(MatDestroy(&loc));
  PetscCall(MatAIJGetLocalMat(sub[1], &loc));
  PetscCall(TriboMatGetCSRCopy(loc, &ia, &ja, &a));
  for (PetscInt i = 0; i < nbloc; i++)
    for (PetscInt e = ia[i]; e < ia[i + 1]; e++) C[cb->bpos[rb[i]] + cb->ncb * ja[e]] += a[e];
  PetscCall(PetscFree(ia));
  PetscCall(PetscFree(ja));
  PetscCall(PetscFree(a));
  PetscCall(MatDestroy(&loc));
  for (PetscInt k = 0; k < 2; k++) PetscCall(MatDestroy(&sub[k]));
  PetscCall(PetscFree2(ri, rb));
  PetscFunctionReturn(0);
}

// Factor K_ii with the object's direct solver (MUMPS Cholesky by default) and check that it is positive definite
static PetscErrorCode Factor_Private(CB *cb)
{
  PC             pc;
  PCFailedReason reason;
  PetscBool      mumps;
  PetscInt       info1 = 0, neg = 0;
  int            r;

  PetscFunctionBeginUser;
  PetscCall(KSPSetOperators(cb->ksp, cb->Kii, cb->Kii));
  PetscCall(KSPGetPC(cb->ksp, &pc));
  PetscCall(KSPSetUp(cb->ksp));
  PetscCall(PCGetFailedReasonRank(pc, &reason));
  r = (int)reason;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &r, 1, MPI_INT, MPI_MAX, cb->comm));
  PetscCall(PCFactorGetMatrix(pc, &cb->F));
  {
    MatSolverType st;
    PetscCall(MatFactorGetSolverType(cb->F, &st));
    PetscCall(PetscStrcmp(st, MATSOLVERMUMPS, &mumps));
  }
  if (mumps) {
    PetscCall(MatMumpsGetInfog(cb->F, 1, &info1));
    if (!r) PetscCall(MatMumpsGetInfog(cb->F, 12, &neg));
  }
  PetscCheck(!r && info1 >= 0, cb->comm, PETSC_ERR_NOT_CONVERGED,
             "Craig-Bampton: the factorization of the interior stiffness K_ii (%" PetscInt_FMT
             " DOFs, interface DOFs held) failed (%s, MUMPS INFOG(1) = %" PetscInt_FMT
             "): K_ii is singular, i.e. the structure is not held by its interface (a part without a connection to the interface, a mechanism, a "
             "missing *Tie or material)",
             cb->ni, PCFailedReasons[r], info1);
  PetscCheck(!neg, cb->comm, PETSC_ERR_USER_INPUT,
             "Craig-Bampton: the interior stiffness K_ii has %" PetscInt_FMT
             " negative pivots: it is not positive definite (negative Young's modulus or density, inverted elements?)",
             neg);
  PetscFunctionReturn(0);
}

// nm fixed-interface modes by shift-and-invert at sigma = 0 with the object's eigensolver, reusing the factor; mass-normalized
static PetscErrorCode Modes_Private(CB *cb)
{
  EPS       eps = cb->eps;
  ST        st;
  Vec       v, w;
  PetscInt  nconv;
  PetscReal kscale = 0, mscale = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(cb->niloc * cb->nm, &cb->phi, cb->nm, &cb->lambda));
  if (!cb->nm) PetscFunctionReturn(0);
  PetscCall(EPSSetOperators(eps, cb->Kii, cb->Mii));
  PetscCall(EPSSetDimensions(eps, cb->nm, PETSC_DEFAULT, PETSC_DEFAULT));
  PetscCall(EPSGetST(eps, &st));
  if (2 * cb->nm >= cb->ni) { // most of a small interior: the dense symmetric-definite solver on K, M
    KSP sk;
    PetscCall(EPSSetType(eps, EPSLAPACK));
    PetscCall(STSetType(st, STSHIFT));
    PetscCall(STGetKSP(st, &sk));
    if (sk == cb->ksp) { // an earlier reduction lent the factor of K_ii to the ST: the ST needs its own solver for M
      PetscCall(KSPCreate(cb->comm, &sk));
      PetscCall(STSetKSP(st, sk));
      PetscCall(KSPDestroy(&sk));
    }
  } else {
    PetscCall(STSetType(st, STSINVERT));
    PetscCall(STSetKSP(st, cb->ksp));
  }
  PetscCall(EPSSetFromOptions(eps));
  PetscCall(EPSSolve(eps));
  PetscCall(EPSGetConverged(eps, &nconv));
  PetscCheck(nconv >= cb->nm, cb->comm, PETSC_ERR_NOT_CONVERGED,
             "Craig-Bampton: the eigensolver found %" PetscInt_FMT " of the %" PetscInt_FMT
             " fixed-interface modes asked for (options -rom_nmodes, -rom_eps_*)",
             nconv, cb->nm);
  PetscCall(MatCreateVecs(cb->Kii, &v, &w));
  {
    Vec d; // scale of omega^2 for the check below: max diag K / max diag M
    PetscCall(VecDuplicate(v, &d));
    PetscCall(MatGetDiagonal(cb->Kii, d));
    PetscCall(VecMax(d, NULL, &kscale));
    PetscCall(MatGetDiagonal(cb->Mii, d));
    PetscCall(VecMax(d, NULL, &mscale));
    PetscCall(VecDestroy(&d));
  }
  for (PetscInt k = 0; k < cb->nm; k++) {
    PetscScalar        lam, s;
    const PetscScalar *a;
    PetscCall(EPSGetEigenpair(eps, k, &lam, NULL, v, NULL));
    PetscCheck(PetscRealPart(lam) > 1e-12 * kscale / mscale, cb->comm, PETSC_ERR_USER_INPUT,
               "Craig-Bampton: fixed-interface mode %" PetscInt_FMT
               " has omega^2 = %g: the interior is (nearly) free to move with the interface held",
               k + 1, (double)PetscRealPart(lam));
    PetscCall(MatMult(cb->Mii, v, w));
    PetscCall(VecDot(v, w, &s));
    PetscCall(VecScale(v, 1.0 / PetscSqrtReal(PetscRealPart(s))));
    PetscCall(VecGetArrayRead(v, &a));
    PetscCall(PetscArraycpy(cb->phi + cb->niloc * k, a, cb->niloc));
    PetscCall(VecRestoreArrayRead(v, &a));
    cb->lambda[k] = PetscRealPart(lam);
  }
  PetscCall(VecDestroy(&v));
  PetscCall(VecDestroy(&w));
  PetscFunctionReturn(0);
}

// Phi^T K_ii Phi, Phi^T M_ii Phi into the modal block of Kc, Mc; reduced load [F_b + Psi^T F_i; Phi^T F_i]
static PetscErrorCode ModalBlocks_Private(CB *cb, Vec Ffull)
{
  const PetscInt     ld = PetscMax(cb->niloc, 1);
  const PetscScalar *f;
  PetscScalar       *fi;

  PetscFunctionBeginUser;
  if (cb->nm) {
    Mat          Phi, KP, MP;
    PetscScalar *kp, *mp;
    PetscInt     ldk, ldm;
    PetscCall(MatCreateDense(cb->comm, cb->niloc, PETSC_DECIDE, cb->ni, cb->nm, cb->phi, &Phi));
    PetscCall(MatMatMult(cb->Kii, Phi, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &KP));
    PetscCall(MatMatMult(cb->Mii, Phi, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &MP));
    PetscCall(MatDenseGetLDA(KP, &ldk));
    PetscCall(MatDenseGetLDA(MP, &ldm));
    PetscCall(MatDenseGetArray(KP, &kp));
    PetscCall(MatDenseGetArray(MP, &mp));
    PetscCall(CBGemmTN(cb->nm, cb->nm, cb->niloc, cb->phi, ld, kp, PetscMax(ldk, 1), cb->Kc + cb->nb + cb->ncb * cb->nb, cb->ncb));
    PetscCall(CBGemmTN(cb->nm, cb->nm, cb->niloc, cb->phi, ld, mp, PetscMax(ldm, 1), cb->Mc + cb->nb + cb->ncb * cb->nb, cb->ncb));
    PetscCall(MatDenseRestoreArray(KP, &kp));
    PetscCall(MatDenseRestoreArray(MP, &mp));
    PetscCall(MatDestroy(&KP));
    PetscCall(MatDestroy(&MP));
    PetscCall(MatDestroy(&Phi));
  }
  PetscCall(PetscMalloc1(cb->niloc, &fi));
  PetscCall(VecGetArrayRead(Ffull, &f));
  for (PetscInt r = cb->rstart; r < cb->rend; r++) {
    PetscInt li = cb->iloc[r - cb->rstart];
    if (li >= 0)
      fi[li] = f[r - cb->rstart];
    else
      cb->fc[cb->bpos[r]] += f[r - cb->rstart];
  }
  PetscCall(VecRestoreArrayRead(Ffull, &f));
  PetscCall(CBGemmTN(cb->nb, 1, cb->niloc, cb->psi, ld, fi, ld, cb->fc, cb->ncb));
  PetscCall(CBGemmTN(cb->nm, 1, cb->niloc, cb->phi, ld, fi, ld, cb->fc + cb->nb, cb->ncb));
  PetscCall(PetscFree(fi));
  PetscFunctionReturn(0);
}

/* Rows of the map from CB coordinates to the full DOFs fdof[] (node 3i+d): rows of T in the
   independent DOFs, then [identity, 0] on boundary DOFs and [Psi, Phi] rows on interior DOFs.
   Rc is nr x ncb row-major, summed over the ranks. A DOF may appear twice (an accelerometer on a
   recovery node): the rows of T are extracted once each, sorted (MatCreateSubMatrices() of an
   MPIAIJ matrix fails on repeated rows). */
static PetscErrorCode RecoveryRows_Private(CB *cb, TriboFESystem fe, PetscInt nr, const PetscInt fdof[], PetscScalar *Rc)
{
  Mat      *sub = NULL;
  IS        isr, isc;
  PetscInt *urow, *where, nu = nr;

  PetscFunctionBeginUser;
  PetscCall(PetscArrayzero(Rc, nr * cb->ncb));
  PetscCall(PetscMalloc2(nr, &urow, nr, &where));
  PetscCall(PetscArraycpy(urow, fdof, nr));
  PetscCall(PetscSortRemoveDupsInt(&nu, urow));
  for (PetscInt k = 0; k < nr; k++) PetscCall(PetscFindInt(fdof[k], nu, urow, &where[k]));
  if (fe->T) {
    PetscCall(ISCreateGeneral(PETSC_COMM_SELF, nu, urow, PETSC_USE_POINTER, &isr));
    PetscCall(ISCreateStride(PETSC_COMM_SELF, cb->nfree, 0, 1, &isc));
    PetscCall(MatCreateSubMatrices(fe->T, 1, &isr, &isc, MAT_INITIAL_MATRIX, &sub));
    PetscCall(ISDestroy(&isr));
    PetscCall(ISDestroy(&isc));
  }
  for (PetscInt k = 0; k < nr; k++) {
    PetscInt           ncols = 1, one;
    const PetscInt    *cols  = &one;
    const PetscScalar *v, unit = 1.0;
    one = fdof[k], v = &unit;
    if (sub) PetscCall(MatGetRow(sub[0], where[k], &ncols, &cols, &v));
    for (PetscInt e = 0; e < ncols; e++) {
      PetscInt j = cols[e], li;
      if (cb->bpos[j] >= 0) {
        if (!cb->rank) Rc[k * cb->ncb + cb->bpos[j]] += v[e];
      } else if (j >= cb->rstart && j < cb->rend && (li = cb->iloc[j - cb->rstart]) >= 0) {
        for (PetscInt b = 0; b < cb->nb; b++) Rc[k * cb->ncb + b] += v[e] * cb->psi[li + cb->niloc * b];
        for (PetscInt m = 0; m < cb->nm; m++) Rc[k * cb->ncb + cb->nb + m] += v[e] * cb->phi[li + cb->niloc * m];
      }
    }
    if (sub) PetscCall(MatRestoreRow(sub[0], where[k], &ncols, &cols, &v));
  }
  if (sub) PetscCall(MatDestroySubMatrices(1, &sub));
  PetscCall(PetscFree2(urow, where));
  PetscCall(TriboSumAll(cb->comm, nr * cb->ncb, Rc));
  PetscFunctionReturn(0);
}

/* The map from ROM DOFs to CB coordinates, by columns (at most 6 entries each): relative and mean
   DOFs of the pairs in the local frame G (rows t1, t2, n), then the modal DOFs */
static PetscErrorCode TransformColumns_Private(CB *cb, const PetscReal G[9], PetscInt **tptr, PetscInt **tidx, PetscScalar **tval)
{
  PetscInt m = 0, n = cb->ncb;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc3(n + 1, tptr, 6 * n, tidx, 6 * n, tval));
  (*tptr)[0] = 0;
  for (PetscInt j = 0; j < n; j++) {
    if (j < cb->nb) {
      PetscBool rel = (PetscBool)(j < 3 * cb->np);
      PetscInt  p = (j % (3 * cb->np)) / 3, k = j % 3;
      for (PetscInt c = 0; c < 3; c++) {
        if (G[3 * k + c] == 0) continue;
        (*tidx)[m] = cb->bpos[cb->ft[3 * p + c]], (*tval)[m++] = rel ? 0.5 * G[3 * k + c] : G[3 * k + c];
        (*tidx)[m] = cb->bpos[cb->fb[3 * p + c]], (*tval)[m++] = rel ? -0.5 * G[3 * k + c] : G[3 * k + c];
      }
    } else
      (*tidx)[m] = j, (*tval)[m++] = 1.0;
    (*tptr)[j + 1] = m;
  }
  PetscFunctionReturn(0);
}

// A <- Tr^T A Tr (n x n column-major), work: n x n
static void TransformMatrix_Private(PetscInt n, const PetscInt tptr[], const PetscInt tidx[], const PetscScalar tval[], PetscScalar *A,
                                    PetscScalar *work)
{
  for (PetscInt j = 0; j < n; j++) { // work = A Tr
    PetscScalar *wj = work + n * j;
    for (PetscInt i = 0; i < n; i++) wj[i] = 0;
    for (PetscInt e = tptr[j]; e < tptr[j + 1]; e++) {
      const PetscScalar *ac = A + n * tidx[e];
      for (PetscInt i = 0; i < n; i++) wj[i] += tval[e] * ac[i];
    }
  }
  for (PetscInt j = 0; j < n; j++) // A = Tr^T work
    for (PetscInt i = 0; i < n; i++) {
      PetscScalar s = 0;
      for (PetscInt e = tptr[i]; e < tptr[i + 1]; e++) s += tval[e] * work[tidx[e] + n * j];
      A[i + n * j] = s;
    }
  for (PetscInt j = 0; j < n; j++) // exact symmetry
    for (PetscInt i = 0; i < j; i++) A[i + n * j] = A[j + n * i] = 0.5 * (A[i + n * j] + A[j + n * i]);
}

// x^T Tr for every row of Rc (nr x n row-major) into out (nr x n, column-major, leading dimension nr)
static void TransformRows_Private(PetscInt n, PetscInt nr, const PetscInt tptr[], const PetscInt tidx[], const PetscScalar tval[],
                                  const PetscScalar *Rc, PetscScalar *out)
{
  for (PetscInt r = 0; r < nr; r++)
    for (PetscInt j = 0; j < n; j++) {
      PetscScalar s = 0;
      for (PetscInt e = tptr[j]; e < tptr[j + 1]; e++) s += tval[e] * Rc[r * n + tidx[e]];
      out[r + nr * j] = s;
    }
}

// Node sets of the interface: those set (-rom_interface_top/bottom), else the deck's first two retained node sets (DOFs 1-3)
static PetscErrorCode InterfaceSets_Private(TriboCB tcb, TriboMesh mesh, char top[], char bot[], size_t len)
{
  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(top, tcb->top[0] ? tcb->top : mesh->nretained > 0 ? mesh->retained[0].nset : "CT", len));
  PetscCall(PetscStrncpy(bot, tcb->bot[0] ? tcb->bot : mesh->nretained > 1 ? mesh->retained[1].nset : "CB", len));
  for (PetscInt r = 0; r < mesh->nretained; r++) {
    PetscBool it, ib;
    PetscCall(PetscStrcasecmp(mesh->retained[r].nset, top, &it));
    PetscCall(PetscStrcasecmp(mesh->retained[r].nset, bot, &ib));
    PetscCheck(!(it || ib) || (mesh->retained[r].dof0 <= 1 && mesh->retained[r].dof1 >= 3), PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s:%" PetscInt_FMT ": the retained DOFs of interface set %s are %" PetscInt_FMT "-%" PetscInt_FMT
               ", but the joint interface needs all three translations 1-3",
               mesh->file, mesh->retained[r].line, mesh->retained[r].nset, mesh->retained[r].dof0, mesh->retained[r].dof1);
  }
  PetscFunctionReturn(0);
}

// Full DOFs of the recovery rows (nodes of the recovery set, x y z) and of the accelerometer nodes
static PetscErrorCode SensorDofs_Private(TriboMesh mesh, PetscInt naccel, const PetscInt accel[], PetscInt *nrec, PetscInt *nr, PetscInt **fdof)
{
  const TriboSet *rs = NULL;
  PetscInt        nn = 0;

  PetscFunctionBeginUser;
  if (mesh->recovery[0]) {
    PetscCall(TriboMeshFindNodeSet(mesh, mesh->recovery, &rs));
    PetscCheck(rs, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "%s: the recovery node set %s of *Substructure Generate is not defined", mesh->file,
               mesh->recovery);
    nn = rs->n;
  }
  *nrec = 3 * nn;
  *nr   = 3 * (nn + naccel);
  PetscCall(PetscMalloc1(*nr, fdof));
  for (PetscInt k = 0; k < nn; k++)
    for (PetscInt c = 0; c < 3; c++) (*fdof)[3 * k + c] = 3 * rs->idx[k] + c;
  for (PetscInt k = 0; k < naccel; k++) {
    PetscInt i = 0;
    while (i < mesh->nnodes && mesh->nodeid[i] != accel[k]) i++;
    PetscCheck(i < mesh->nnodes, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
               "%s: accelerometer node %" PetscInt_FMT " (option -rom_accel_nodes) is not a node of the mesh", mesh->file, accel[k]);
    for (PetscInt c = 0; c < 3; c++) (*fdof)[3 * (nn + k) + c] = 3 * i + c;
  }
  PetscFunctionReturn(0);
}

typedef struct {
  PetscInt key[4], nv, e, f; // sorted corner nodes (key[3] = -1 for a triangle); corners in the element's outward order
  PetscInt c[4];
} CBFace;

static int FaceCompare_Private(const void *a, const void *b)
{
  const CBFace *x = (const CBFace *)a, *y = (const CBFace *)b;
  for (int k = 0; k < 4; k++)
    if (x->key[k] != y->key[k]) return x->key[k] < y->key[k] ? -1 : 1;
  return 0;
}

/*@
  TriboMeshGetOuterSurface - The outer surface of the solid elements of a mesh: the element faces
  that belong to one element only, by their corner nodes (quadrilaterals of C3D8/C3D20 faces,
  triangles of C3D4/C3D10 faces).

  Not collective

  Input Parameter:
. mesh - the mesh

  Output Parameters:
+ nnodes - the nodes on the surface
. nodes  - their 0-based mesh numbers, ascending (PetscFree())
. ncells - the surface cells
. len    - length of topo
- topo   - XDMF mixed cells, 0-based in nodes[]: 4 (triangle) or 5 (quadrilateral), then the corners,
           ordered with the outward normal (PetscFree())

  Notes:
  Faces shared by two elements (the inside of a part) are dropped; the two sides of a joint
  interface are different nodes, so both stay on the surface. Midside nodes are not used.

  Level: developer

.seealso: TriboCBSetStoreSurface(), TriboMeshGetFace()
@*/
PetscErrorCode TriboMeshGetOuterSurface(TriboMesh mesh, PetscInt *nnodes, PetscInt **nodes, PetscInt *ncells, PetscInt *len, PetscInt **topo)
{
  CBFace  *fc;
  PetscInt nf = 0, nc = 0, l = 0, *map, nn = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(6 * mesh->nelem + 1, &fc));
  for (PetscInt e = 0; e < mesh->nelem; e++) {
    PetscBool hex = (PetscBool)TriboElementIsHex(mesh->etype[e]);
    for (PetscInt f = 1; f <= (hex ? 6 : 4); f++) {
      PetscInt n, loc[8];
      CBFace  *F = &fc[nf++];
      PetscCall(TriboMeshGetFace(mesh, e, f, &n, loc));
      F->nv = (n == 4 || n == 8) ? 4 : 3;
      F->e = e, F->f = f;
      for (PetscInt k = 0; k < 4; k++) F->key[k] = F->c[k] = k < F->nv ? mesh->conn[mesh->eptr[e] + loc[k]] : -1;
      PetscCall(PetscSortInt(F->nv, F->key));
    }
  }
  qsort(fc, (size_t)nf, sizeof(CBFace), FaceCompare_Private);
  PetscCall(PetscCalloc1(mesh->nnodes, &map));
  for (PetscInt i = 0; i < nf;) {
    PetscInt j = i + 1;
    while (j < nf && !FaceCompare_Private(&fc[i], &fc[j])) j++;
    if (j == i + 1) {
      fc[nc++] = fc[i];
      l += 1 + fc[i].nv;
      for (PetscInt k = 0; k < fc[i].nv; k++) map[fc[i].c[k]] = 1;
    }
    i = j;
  }
  PetscCall(PetscMalloc1(mesh->nnodes, nodes));
  for (PetscInt i = 0; i < mesh->nnodes; i++)
    if (map[i]) (*nodes)[nn] = i, map[i] = nn++;
  PetscCall(PetscMalloc1(l + 1, topo));
  l = 0;
  for (PetscInt i = 0; i < nc; i++) { // in element and face order, for a reproducible file
    (*topo)[l++] = fc[i].nv == 3 ? 4 : 5;
    for (PetscInt k = 0; k < fc[i].nv; k++) (*topo)[l++] = map[fc[i].c[k]];
  }
  *nnodes = nn, *ncells = nc, *len = l;
  PetscCall(PetscFree(map));
  PetscCall(PetscFree(fc));
  PetscFunctionReturn(0);
}

// The FE surface of the ROM: outer surface of the mesh and the rows of the CB basis (in CB coordinates, nsurf*3 x ncb row-major) at its nodes
static PetscErrorCode Surface_Private(CB *cb, TriboFESystem fe, TriboROMSurface *surf, PetscScalar **Sc)
{
  TriboMesh       mesh = fe->mesh;
  TriboROMSurface s;
  PetscInt       *nodes, *fdof;

  PetscFunctionBeginUser;
  PetscCall(PetscNew(&s));
  PetscCall(TriboMeshGetOuterSurface(mesh, &s->nnodes, &nodes, &s->ncells, &s->len, &s->topo));
  PetscCall(PetscMalloc1(3 * s->nnodes, &s->xyz));
  PetscCall(PetscMalloc1(s->nnodes, &s->nodeid));
  PetscCall(PetscMalloc1(3 * s->nnodes + 1, &fdof));
  for (PetscInt i = 0; i < s->nnodes; i++) {
    s->nodeid[i] = mesh->nodeid[nodes[i]];
    for (PetscInt c = 0; c < 3; c++) s->xyz[3 * i + c] = mesh->X[3 * nodes[i] + c], fdof[3 * i + c] = 3 * nodes[i] + c;
  }
  PetscCall(PetscMalloc1(3 * s->nnodes * cb->ncb + 1, Sc));
  PetscCall(RecoveryRows_Private(cb, fe, 3 * s->nnodes, fdof, *Sc));
  PetscCall(PetscFree(nodes));
  PetscCall(PetscFree(fdof));
  *surf = s;
  PetscFunctionReturn(0);
}

// Symmetric CB matrices from the summed contributions: K_bb, K_mm averaged, K_bm = 0; M_bb from its upper triangle, M_bm from M_mb
static void SymmetrizeCB_Private(CB *cb)
{
  const PetscInt n = cb->ncb, nb = cb->nb;
  PetscScalar   *K = cb->Kc, *M = cb->Mc;

  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < j; i++) {
      if (j < nb || i >= nb)
        K[i + n * j] = K[j + n * i] = 0.5 * (K[i + n * j] + K[j + n * i]);
      else
        K[i + n * j] = K[j + n * i] = 0;
      if (j < nb)
        M[j + n * i] = M[i + n * j];
      else if (i < nb)
        M[i + n * j] = M[j + n * i];
      else
        M[i + n * j] = M[j + n * i] = 0.5 * (M[i + n * j] + M[j + n * i]);
    }
}

/*@
  TriboCBCreate - Creates a Craig-Bampton reduction: an FE system to a ROM whose first DOFs are
  the relative displacements of the joint interface's node pairs.

  Collective

  Input Parameter:
. comm - the ranks of the FE systems it will reduce

  Output Parameter:
. cb - the new object, with the options prefix "rom_" (options -rom_nmodes, ...)

  Notes:
  Lifecycle: TriboCBCreate(), TriboCBSetOptionsPrefix(), TriboCBSetFromOptions() (every -rom_*
  option, those of its direct solver and eigensolver too), TriboCBSetUp(), TriboCBReduce() and,
  for the second stage, TriboCBCondense(), TriboCBView(), TriboCBDestroy().

  Level: beginner

.seealso: TriboCBSetFromOptions(), TriboCBReduce(), TriboCBDestroy()
@*/
PetscErrorCode TriboCBCreate(MPI_Comm comm, TriboCB *cb)
{
  TriboCB c;

  PetscFunctionBegin;
  PetscValidPointer(cb, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboOptionsRegisterNamespace("rom_"));
  PetscCall(PetscHeaderCreate(c, TRIBO_CB_CLASSID, "TriboCB", "Craig-Bampton reduction of an FE model", "CB", comm, TriboCBDestroy, NULL));
  c->comm      = comm;
  c->pairtol   = 1e-8;
  c->meshtol   = 0.25;
  c->planetol  = 1e-6;
  c->nmodes    = -1;
  c->bs        = 256;
  c->sparserhs = PETSC_TRUE;
  c->redundant = PETSC_TRUE;
  c->ncondense = -1;
  PetscCall(PetscStrallocpy("rom_", &c->prefix));
  *cb = c;
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetOptionsPrefix - Sets the prefix of the reduction's options (default "rom_": -rom_nmodes;
  with "brb_", -brb_nmodes). The direct solver of K_ii takes the prefix followed by "st_", the
  eigensolver the prefix itself.

  Logically collective

  Input Parameters:
+ cb     - the reduction
- prefix - the prefix (no leading dash), or NULL for none

  Level: intermediate

.seealso: TriboCBSetFromOptions()
@*/
PetscErrorCode TriboCBSetOptionsPrefix(TriboCB cb, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCheck(!cb->ksp, cb->comm, PETSC_ERR_ARG_WRONGSTATE, "set the options prefix before TriboCBSetFromOptions() and TriboCBSetUp()");
  PetscCall(PetscFree(cb->prefix));
  if (prefix && prefix[0]) PetscCall(PetscStrallocpy(prefix, &cb->prefix));
  PetscFunctionReturn(0);
}

// The direct solver of K_ii (MUMPS Cholesky, prefix <prefix>st_) and the eigensolver of the fixed-interface modes (prefix <prefix>)
static PetscErrorCode CreateSolvers_Private(TriboCB cb)
{
  char st[256];
  PC   pc;

  PetscFunctionBeginUser;
  if (cb->ksp) PetscFunctionReturn(0);
  PetscCall(PetscSNPrintf(st, sizeof(st), "%sst_", cb->prefix ? cb->prefix : ""));
  PetscCall(KSPCreate(cb->comm, &cb->ksp));
  PetscCall(KSPSetType(cb->ksp, KSPPREONLY));
  PetscCall(KSPGetPC(cb->ksp, &pc));
  PetscCall(PCSetType(pc, PCCHOLESKY));
  PetscCall(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  PetscCall(KSPSetOptionsPrefix(cb->ksp, st));
  {
    PetscBool init; // callers (tribo, test drivers) start PETSc only; SLEPc then starts here
    PetscCall(SlepcInitialized(&init));
    if (!init) PetscCall(SlepcInitialize(NULL, NULL, NULL, NULL));
  }
  PetscCall(EPSCreate(cb->comm, &cb->eps));
  PetscCall(EPSSetProblemType(cb->eps, EPS_GHEP));
  PetscCall(EPSSetOptionsPrefix(cb->eps, cb->prefix));
  PetscCall(EPSSetWhichEigenpairs(cb->eps, EPS_TARGET_MAGNITUDE));
  PetscCall(EPSSetTarget(cb->eps, 0.0));
  PetscCall(EPSSetTolerances(cb->eps, 1e-10, PETSC_DEFAULT));
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetFromOptions - Reads every option of the reduction: its parameters, and those of its
  direct solver and eigensolver.

  Collective

  Input Parameter:
. cb - the reduction

  Options Database Keys (with the default prefix "rom_"):
+ -rom_interface_top <CT>        - node set of the top side of the joint (default: the deck's first
                                   *Retained Nodal Dofs node set, else CT)
. -rom_interface_bottom <CB>     - node set of the bottom side (default: the second one, else CB)
. -rom_pair_tol <1e-8>           - pairing distance of top and bottom nodes, relative to the model size
. -rom_pair_mesh_tol <0.25>      - pairing distance of nearly coincident nodes, relative to the
                                   shortest interface edge at the node
. -rom_plane_tol <1e-6>          - flatness tolerance of the interface, relative to the model size
. -rom_nmodes <-1>               - fixed-interface modes (-1: *Select Eigenmodes of the deck)
. -rom_block_size <256>          - columns of Psi solved at once (memory: two dense n_i x 256 blocks;
                                   with MUMPS also its blocking of right-hand sides, ICNTL(27))
. -rom_redundant_solves <true>   - on several ranks, each rank factors K_ii alone and solves its own blocks of Psi
. -rom_sparse_rhs <true>         - with MUMPS, solve for Psi with the sparse right-hand sides K_ib
                                   (MatMatTransposeSolve(), ICNTL(20) = 1); false: dense columns
                                   (MatMatSolve(), the former path)
. -rom_accel_mass <0>            - point mass (kg) added at each accelerometer node
. -rom_accel_nodes <n1,n2>       - deck numbers of the accelerometer nodes (default: none)
. -rom_monitor <false>           - print the steps with times and memory
. -rom_store_surface <false>     - store the outer surface of the FE mesh and the basis rows at its
                                   nodes in the ROM (rom->surf, /fe/surface of the file)
. -rom_condense_modes <-1>       - second stage (TriboCBCondense()): keep the interface DOFs plus this
                                   many modes of the rest (-1: no second stage)
. -rom_st_pc_factor_mat_solver_type <mumps> - direct solver of K_ii (Cholesky; -rom_st_pc_type lu)
- -rom_eps_*                     - the SLEPc eigensolver of the fixed-interface modes

  Notes:
  Every option is read here, before any computation, so that a program can reject a misspelt
  option (TriboCheckOptionsUsed()) before the reduction; TriboCBReduce() reads none. Options of
  the MUMPS factorization itself (-rom_st_mat_mumps_*) are the exception: PETSc reads them when
  it factors K_ii.

  Level: beginner

.seealso: TriboCBCreate(), TriboCBSetUp(), TriboCBReduce(), TriboCBView()
@*/
PetscErrorCode TriboCBSetFromOptions(TriboCB cb)
{
  PetscInt  naccel = (PetscInt)(sizeof(cb->accel) / sizeof(cb->accel[0]));
  PetscBool flg;

  PetscFunctionBeginUser;
  TriboOptionsBegin(cb->comm, cb->prefix, "Craig-Bampton reduction", "TriboCBSetFromOptions");
  PetscCall(PetscOptionsString("-interface_top", "node set of the top side of the joint (empty: the deck's first retained node set, else CT)",
                               "TriboCBSetInterfaceSets", cb->top, cb->top, sizeof(cb->top), NULL));
  PetscCall(PetscOptionsString("-interface_bottom", "node set of the bottom side of the joint (empty: the deck's second retained node set, else CB)",
                               "TriboCBSetInterfaceSets", cb->bot, cb->bot, sizeof(cb->bot), NULL));
  PetscCall(PetscOptionsReal("-pair_tol", "pairing distance of top and bottom interface nodes, relative to the model size [-]",
                             "TriboCBSetFromOptions", cb->pairtol, &cb->pairtol, NULL));
  PetscCall(
      PetscOptionsReal("-pair_mesh_tol",
                       "pairing distance of nearly coincident nodes (non-conforming meshes), relative to the shortest interface edge at the node [-]",
                       "TriboCBSetFromOptions", cb->meshtol, &cb->meshtol, NULL));
  PetscCall(PetscOptionsReal("-plane_tol", "flatness tolerance of the interface, relative to the model size [-]", "TriboCBSetFromOptions",
                             cb->planetol, &cb->planetol, NULL));
  PetscCall(TriboOptionsInt("-nmodes", "fixed-interface modes (-1: *Select Eigenmodes of the deck) [-]", "TriboCBSetNumModes", cb->nmodes,
                            &cb->nmodes, NULL));
  PetscCall(TriboOptionsInt("-block_size", "static modes solved at once [-]", "TriboCBSetFromOptions", cb->bs, &cb->bs, NULL));
  PetscCall(PetscOptionsBool(
      "-sparse_rhs",
      "solve for the static modes with MUMPS's sparse right-hand sides K_ib (MatMatTransposeSolve()); false: dense ones (MatMatSolve())",
      "TriboCBSetFromOptions", cb->sparserhs, &cb->sparserhs, NULL));
  PetscCall(PetscOptionsBool("-redundant_solves",
                             "on several ranks with MUMPS and sparse right-hand sides: every rank factors K_ii alone and solves its own blocks of "
                             "static modes (faster, one sequential factor per rank); false: one distributed factor",
                             "TriboCBSetFromOptions", cb->redundant, &cb->redundant, NULL));
  PetscCall(PetscOptionsReal("-accel_mass", "accelerometer mass at each sensor node [kg]", "TriboCBSetFromOptions", cb->accelm, &cb->accelm, NULL));
  PetscCall(
      TriboOptionsIntArray("-accel_nodes", "deck node numbers of the accelerometers", "TriboCBSetFromOptions", cb->accel, &naccel, &flg, cb->naccel));
  if (flg) cb->naccel = naccel;
  PetscCall(PetscOptionsBool("-monitor", "print the steps with times and memory", "TriboCBSetFromOptions", cb->monitor, &cb->monitor, NULL));
  PetscCall(PetscOptionsBool("-store_surface",
                             "store the FE model's outer surface and the reduction basis at its nodes (/fe/surface, for pictures; large)",
                             "TriboCBSetStoreSurface", cb->surface, &cb->surface, NULL));
  PetscCall(TriboOptionsInt("-condense_modes",
                            "second stage: keep only the interface DOFs plus this many modes of the rest (-1: no second stage) [-]",
                            "TriboCBSetCondenseModes", cb->ncondense, &cb->ncondense, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(NULL, cb->prefix));
  PetscCall(CreateSolvers_Private(cb));
  PetscCall(TriboHelpPush(PETSC_FALSE));
  PetscCall(KSPSetFromOptions(cb->ksp));
  { // PETSc reads the MUMPS controls only when it factors K_ii, after the options check: query them now so they count as read
    char      st[256], name[64];
    PetscBool has;
    PetscCall(PetscSNPrintf(st, sizeof(st), "%sst_", cb->prefix ? cb->prefix : ""));
    for (PetscInt k = 1; k <= 60; k++) {
      PetscCall(PetscSNPrintf(name, sizeof(name), "-mat_mumps_icntl_%" PetscInt_FMT, k));
      PetscCall(PetscOptionsHasName(NULL, st, name, &has));
      PetscCall(PetscSNPrintf(name, sizeof(name), "-mat_mumps_cntl_%" PetscInt_FMT, k));
      PetscCall(PetscOptionsHasName(NULL, st, name, &has));
    }
  }
  PetscCall(EPSSetFromOptions(cb->eps));
  PetscCall(TriboHelpPop());
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetInterfaceSets - Names the node sets of the two sides of the joint.

  Logically collective

  Input Parameters:
+ cb  - the reduction
. top - node set of the top side (its elements define the side the interface normal points from);
        NULL or "" for the deck's first *Retained Nodal Dofs node set, else CT
- bot - node set of the bottom side (its element faces become the interface elements); NULL or ""
        for the deck's second retained node set, else CB

  Options Database Keys:
+ -rom_interface_top <CT>    - the same
- -rom_interface_bottom <CB> - the same

  Level: intermediate

.seealso: TriboCBSetFromOptions(), TriboMeshGetInterfacePairs()
@*/
PetscErrorCode TriboCBSetInterfaceSets(TriboCB cb, const char top[], const char bot[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(cb->top, top ? top : "", sizeof(cb->top)));
  PetscCall(PetscStrncpy(cb->bot, bot ? bot : "", sizeof(cb->bot)));
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetNumModes - Sets the number of fixed-interface modes.

  Logically collective

  Input Parameters:
+ cb     - the reduction
- nmodes - the number of modes, or -1 for the deck's *Select Eigenmodes

  Options Database Key:
. -rom_nmodes <n> - the same

  Level: intermediate

.seealso: TriboCBSetFromOptions()
@*/
PetscErrorCode TriboCBSetNumModes(TriboCB cb, PetscInt nmodes)
{
  PetscFunctionBeginUser;
  cb->nmodes = nmodes;
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetStoreSurface - Asks the reduction to keep a picture of the FE model in the ROM: the
  outer surface of the solid mesh (corner nodes) and the rows of the reduction basis at its nodes
  (rom->surf), so that every ROM state shows as a surface displacement.

  Logically collective

  Input Parameters:
+ cb  - the reduction
- flg - PETSC_TRUE to store the surface

  Options Database Key:
. -rom_store_surface <false> - the same

  Notes:
  The basis has 3 x (surface nodes) x (ROM DOFs) doubles, replicated on every rank.

  Level: intermediate

.seealso: TriboCBReduce(), TriboMeshGetOuterSurface(), TriboROMSurfaceDisplacement()
@*/
PetscErrorCode TriboCBSetStoreSurface(TriboCB cb, PetscBool flg)
{
  PetscFunctionBeginUser;
  cb->surface = flg;
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetCondenseModes - Sets the second stage of the reduction (TriboCBCondense()): keep the
  interface DOFs plus m modes of the rest.

  Logically collective

  Input Parameters:
+ cb - the reduction
- m  - the modes kept, or -1 for no second stage

  Options Database Key:
. -rom_condense_modes <m> - the same

  Level: intermediate

.seealso: TriboCBGetCondenseModes(), TriboCBCondense(), TriboROMCondense()
@*/
PetscErrorCode TriboCBSetCondenseModes(TriboCB cb, PetscInt m)
{
  PetscFunctionBeginUser;
  cb->ncondense = m;
  PetscFunctionReturn(0);
}

/*@
  TriboCBGetCondenseModes - Gets the modes kept by the second stage of the reduction.

  Not collective

  Input Parameter:
. cb - the reduction

  Output Parameter:
. m - the modes kept besides the interface DOFs, -1 if there is no second stage

  Level: intermediate

.seealso: TriboCBSetCondenseModes(), TriboCBCondense()
@*/
PetscErrorCode TriboCBGetCondenseModes(TriboCB cb, PetscInt *m)
{
  PetscFunctionBeginUser;
  *m = cb->ncondense;
  PetscFunctionReturn(0);
}

/*@
  TriboCBSetUp - Checks the parameters of the reduction and creates its solvers (when
  TriboCBSetFromOptions() has not).

  Collective

  Input Parameter:
. cb - the reduction

  Notes:
  Called by TriboCBReduce() if needed; calling it first reports bad parameters before any work.

  Level: intermediate

.seealso: TriboCBSetFromOptions(), TriboCBReduce()
@*/
PetscErrorCode TriboCBSetUp(TriboCB cb)
{
  PetscFunctionBeginUser;
  if (cb->setupcalled) PetscFunctionReturn(0);
  PetscCheck(cb->nmodes >= -1 && cb->bs > 0 && cb->accelm >= 0 && cb->pairtol > 0 && cb->meshtol >= 0 && cb->meshtol < 0.5 && cb->planetol > 0 &&
                 cb->ncondense >= -1,
             cb->comm, PETSC_ERR_USER_INPUT,
             "-rom_nmodes and -rom_condense_modes must be >= -1, -rom_accel_mass >= 0, -rom_block_size, -rom_pair_tol and -rom_plane_tol > 0, "
             "-rom_pair_mesh_tol in [0, 0.5)");
  PetscCheck(!cb->naccel || cb->accelm > 0, cb->comm, PETSC_ERR_USER_INPUT, "-rom_accel_nodes needs a mass -rom_accel_mass > 0");
  PetscCall(CreateSolvers_Private(cb));
  cb->setupcalled = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboCBReduce - Reduces an assembled finite-element system by the Craig-Bampton method to a
  ROM whose first DOFs are the relative displacements of the joint interface's node pairs.

  Collective

  Input Parameters:
+ cb - the reduction, its options set (TriboCBSetFromOptions())
- fe - the FE system (K, M, F on the independent DOFs, T, the mesh with its node sets); fe->T may
       be NULL when every DOF is independent (T = I)

  Output Parameter:
. rom - the ROM: n = 6 P + N DOFs ordered [relative DOFs of the P pairs (3 per pair, node-major,
        local frame (t1, t2, n)); mean DOFs of the pairs (same frame); N modal DOFs]; M, K, Fv
        (reduced F: per newton of bolt tension for the BRB's unit load case), R and labels for the
        recovery node set (x, y, z of each node), the interface (ZTE mesh of the bottom side,
        quadrature, Q, T, and L = [I 0 0]), title

  Notes:
  The method and the relative coordinates are described at the top of src/rom/cb.c, the frame and
  the sign of u_n at the top of src/rom/cbiface.c. The accelerometer mass enters as
  M += m sum_k R_k^T R_k over the x, y, z rows R_k of each sensor node, as the Rice tools do.
  With all interior modes kept the ROM is an exact change of coordinates of the FE model; with
  the relative DOFs removed (welded interface) it reduces the model with both sides merged.
  The second stage (-rom_condense_modes) is TriboCBCondense(), so that a program can report both.
  The reduction reads no option; the same object may reduce several systems.

  Level: beginner

.seealso: TriboCBCreate(), TriboCBSetFromOptions(), TriboCBCondense(), TriboMeshGetInterfacePairs()
@*/
PetscErrorCode TriboCBReduce(TriboCB tcb, TriboFESystem fe, TriboROM *rom)
{
  TriboMesh           mesh = fe->mesh;
  TriboInterfacePairs ip   = NULL;
  CB                  cb;
  TriboROM            r;
  char                top[96], bot[96];
  PetscInt            nrec = 0, nr = 0, *fdof, *tptr, *tidx, n;
  PetscScalar        *tval, *Rc, *Rr, *A, *Sc = NULL;
  TriboROMSurface     surf = NULL;

  PetscFunctionBeginUser;
  PetscCheck(mesh && fe->K && fe->M && fe->F, fe->comm, PETSC_ERR_ARG_WRONGSTATE,
             "Craig-Bampton: the FE system is not assembled (TriboFESystemSetUp())");
  PetscCall(TriboCBSetUp(tcb));
  PetscCall(PetscMemzero(&cb, sizeof(cb)));
  cb.comm      = fe->comm;
  cb.nfree     = fe->nfree;
  cb.nm        = tcb->nmodes >= 0 ? tcb->nmodes : mesh->nmodes;
  cb.bs        = tcb->bs;
  cb.sparserhs = tcb->sparserhs;
  cb.redundant = tcb->redundant;
  cb.monitor   = tcb->monitor;
  cb.ksp       = tcb->ksp;
  cb.eps       = tcb->eps;
  PetscCall(PetscTime(&cb.t0));
  PetscCallMPI(MPI_Comm_rank(cb.comm, &cb.rank));
  PetscCall(InterfaceSets_Private(tcb, mesh, top, bot, sizeof(top)));
  PetscCall(MatGetOwnershipRange(fe->K, &cb.rstart, &cb.rend));
  {
    PetscInt mk, mm, mf, r0, r1, f0, f1;
    PetscCall(MatGetSize(fe->K, &mk, NULL));
    PetscCall(MatGetSize(fe->M, &mm, NULL));
    PetscCall(VecGetSize(fe->F, &mf));
    PetscCall(MatGetOwnershipRange(fe->M, &r0, &r1));
    PetscCall(VecGetOwnershipRange(fe->F, &f0, &f1));
    PetscCheck(mk == cb.nfree && mm == cb.nfree && mf == cb.nfree && r0 == cb.rstart && r1 == cb.rend && f0 == cb.rstart && f1 == cb.rend,
               PETSC_COMM_SELF, PETSC_ERR_ARG_SIZ,
               "the FE system's K (%" PetscInt_FMT "), M (%" PetscInt_FMT ") and F (%" PetscInt_FMT ") must have nfree = %" PetscInt_FMT
               " rows, distributed alike",
               mk, mm, mf, cb.nfree);
  }

  PetscCall(TriboMeshGetInterfacePairs(mesh, top, bot, tcb->pairtol, tcb->meshtol, tcb->planetol, &ip));
  PetscCall(SetUpDofs_Private(&cb, fe, ip));
  PetscCheck(cb.nm <= cb.ni, cb.comm, PETSC_ERR_USER_INPUT,
             "%" PetscInt_FMT " fixed-interface modes asked for (option -rom_nmodes or *Select Eigenmodes), but the interior has %" PetscInt_FMT
             " DOFs",
             cb.nm, cb.ni);
  PetscCall(CBMonitor(&cb,
                      "interface %s/%s: %" PetscInt_FMT " pairs (%" PetscInt_FMT " not coincident, up to %.3g m apart), %" PetscInt_FMT
                      " elements; %" PetscInt_FMT " boundary and %" PetscInt_FMT " interior DOFs",
                      top, bot, cb.np, ip->nfar, (double)ip->dmax, ip->iface->nelem, cb.nb, cb.ni));
  cb.ncb = n = cb.nb + cb.nm;
  PetscCall(PetscCalloc3(n * n, &cb.Kc, n * n, &cb.Mc, n, &cb.fc));
  PetscCall(SplitMatrix_Private(&cb, fe->K, &cb.kib, cb.Kc));
  PetscCall(SplitMatrix_Private(&cb, fe->M, &cb.mib, cb.Mc));
  {
    IS        isi;
    PetscInt *rows, k = 0;
    PetscCall(PetscMalloc1(cb.niloc, &rows));
    for (PetscInt j = cb.rstart; j < cb.rend; j++)
      if (cb.bpos[j] < 0) rows[k++] = j;
    PetscCall(ISCreateGeneral(cb.comm, cb.niloc, rows, PETSC_OWN_POINTER, &isi));
    PetscCall(MatCreateSubMatrix(fe->K, isi, isi, MAT_INITIAL_MATRIX, &cb.Kii));
    PetscCall(MatCreateSubMatrix(fe->M, isi, isi, MAT_INITIAL_MATRIX, &cb.Mii));
    PetscCall(ISDestroy(&isi));
    PetscCall(MatSetOption(cb.Kii, MAT_SYMMETRIC, PETSC_TRUE));
    PetscCall(MatSetOption(cb.Mii, MAT_SYMMETRIC, PETSC_TRUE));
  }
  PetscCall(Factor_Private(&cb));
  {
    PetscInt      nz = 0; // entries in the factor (MUMPS INFOG(29), negative: millions)
    MatSolverType st;
    PetscBool     mumps;
    PetscCall(MatFactorGetSolverType(cb.F, &st));
    PetscCall(PetscStrcmp(st, MATSOLVERMUMPS, &mumps));
    if (mumps) PetscCall(MatMumpsGetInfog(cb.F, 29, &nz));
    PetscCall(
        CBMonitor(&cb, "factored K_ii: %" PetscInt_FMT " DOFs, %s, %.3g M entries in the factor", cb.ni, st, (double)(nz < 0 ? -nz : nz / 1e6)));
  }
  PetscCall(Modes_Private(&cb));
  {
    PC pc;
    PetscCall(KSPGetPC(cb.ksp, &pc));
    PetscCall(PCFactorGetMatrix(pc, &cb.F));
  }
  if (cb.nm)
    PetscCall(CBMonitor(&cb, "%" PetscInt_FMT " fixed-interface modes, %.2f to %.2f Hz", cb.nm,
                        (double)(PetscSqrtReal(cb.lambda[0]) / (2 * PETSC_PI)), (double)(PetscSqrtReal(cb.lambda[cb.nm - 1]) / (2 * PETSC_PI))));
  PetscCall(CBConstraintModes(&cb));
  PetscCall(EPSReset(cb.eps)); // frees the shared factor of K_ii (the ST resets its KSP)
  PetscCall(ModalBlocks_Private(&cb, fe->F));
  PetscCall(SensorDofs_Private(mesh, tcb->naccel, tcb->accel, &nrec, &nr, &fdof));
  PetscCall(PetscMalloc1(nr * n, &Rc));
  PetscCall(RecoveryRows_Private(&cb, fe, nr, fdof, Rc));
  if (tcb->surface) {
    PetscCall(Surface_Private(&cb, fe, &surf, &Sc));
    PetscCall(CBMonitor(&cb, "FE surface: %" PetscInt_FMT " nodes, %" PetscInt_FMT " faces", surf->nnodes, surf->ncells));
  }
  PetscCall(PetscFree(cb.psi));
  PetscCall(TriboSumAll(cb.comm, n * n, cb.Kc));
  PetscCall(TriboSumAll(cb.comm, n * n, cb.Mc));
  PetscCall(TriboSumAll(cb.comm, n, cb.fc));
  SymmetrizeCB_Private(&cb);

  // ROM coordinates: copy the CB matrices into the ROM, then transform them with the CB arrays as work
  PetscCall(TransformColumns_Private(&cb, ip->frame, &tptr, &tidx, &tval));
  PetscCall(TriboROMCreate(cb.comm, &r));
  PetscCall(TriboROMSetSizes(r, n, nrec));
  for (PetscInt k = 0; k < 2; k++) {
    PetscCall(MatDenseGetArray(k ? r->M : r->K, &A));
    PetscCall(PetscArraycpy(A, k ? cb.Mc : cb.Kc, n * n));
    TransformMatrix_Private(n, tptr, tidx, tval, A, k ? cb.Mc : cb.Kc);
    PetscCall(MatDenseRestoreArray(k ? r->M : r->K, &A));
  }
  PetscCall(VecGetArray(r->Fv, &A));
  TransformRows_Private(n, 1, tptr, tidx, tval, cb.fc, A);
  PetscCall(VecRestoreArray(r->Fv, &A));
  PetscCall(PetscMalloc1(nr * n, &Rr));
  TransformRows_Private(n, nr, tptr, tidx, tval, Rc, Rr); // sensor rows in ROM coordinates, column-major nr x n
  if (nrec) {
    PetscCall(MatDenseGetArray(r->R, &A));
    for (PetscInt j = 0; j < n; j++)
      for (PetscInt i = 0; i < nrec; i++) A[i + nrec * j] = Rr[i + nr * j];
    PetscCall(MatDenseRestoreArray(r->R, &A));
    for (PetscInt i = 0; i < nrec; i++) {
      PetscInt         node = fdof[i] / 3;
      const PetscReal *x    = &mesh->X[3 * node];
      char             lab[160];
      PetscCall(PetscSNPrintf(lab, sizeof(lab), "%s node %" PetscInt_FMT " %c (%.6g, %.6g, %.6g)", mesh->recovery, mesh->nodeid[node],
                              "xyz"[fdof[i] % 3], (double)x[0], (double)x[1], (double)x[2]));
      PetscCall(TriboROMSetRecoveryLabel(r, i, lab));
    }
  }
  if (surf) { // basis rows at the surface nodes in ROM coordinates, row-major
    surf->n      = n;
    surf->nmodal = cb.nm;
    PetscCall(PetscMalloc1(3 * surf->nnodes * n + 1, &surf->B));
    for (PetscInt a = 0; a < 3 * surf->nnodes; a++)
      for (PetscInt j = 0; j < n; j++) {
        PetscScalar v = 0;
        for (PetscInt e = tptr[j]; e < tptr[j + 1]; e++) v += tval[e] * Sc[a * n + tidx[e]];
        surf->B[a * n + j] = v;
      }
    PetscCall(PetscFree(Sc));
    r->surf = surf;
  }
  if (tcb->naccel) { // M += m R_k^T R_k for the x, y, z rows of each accelerometer node
    PetscCall(MatDenseGetArray(r->M, &A));
    for (PetscInt k = nrec; k < nr; k++)
      for (PetscInt j = 0; j < n; j++)
        for (PetscInt i = 0; i < n; i++) A[i + n * j] += tcb->accelm * (Rr[k + nr * i] * Rr[k + nr * j]); // bitwise symmetric
    PetscCall(MatDenseRestoreArray(r->M, &A));
  }

  // interface: L = [I 0 0] on the relative DOFs
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 3 * cb.np, n, 1, NULL, &ip->iface->L));
  for (PetscInt i = 0; i < 3 * cb.np; i++) PetscCall(MatSetValue(ip->iface->L, i, i, 1.0, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(ip->iface->L, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(ip->iface->L, MAT_FINAL_ASSEMBLY));
  r->iface  = ip->iface;
  ip->iface = NULL;
  {
    char *base = NULL;
    if (mesh->file[0]) PetscCall(PetscStrrchr(mesh->file, '/', &base));
    PetscCall(PetscSNPrintf(r->title, sizeof(r->title),
                            "%s: Craig-Bampton, %" PetscInt_FMT " fixed-interface modes, %" PetscInt_FMT " interface pairs",
                            base ? base : "in-memory model", cb.nm, cb.np));
  }
  PetscCall(TriboROMCheck(r, r->title));
  PetscCall(CBMonitor(&cb, "ROM with %" PetscInt_FMT " DOFs", n));

  PetscCall(PetscFree(fdof));
  PetscCall(PetscFree(Rc));
  PetscCall(PetscFree(Rr));
  PetscCall(PetscFree3(tptr, tidx, tval));
  PetscCall(PetscFree3(cb.Kc, cb.Mc, cb.fc));
  PetscCall(PetscFree5(cb.ft, cb.fb, cb.bdof, cb.bpos, cb.iloc));
  PetscCall(PetscFree2(cb.phi, cb.lambda));
  for (PetscInt k = 0; k < 2; k++) {
    CBCoupling *c = k ? &cb.mib : &cb.kib;
    PetscCall(PetscFree(c->ia));
    PetscCall(PetscFree(c->ja));
    PetscCall(PetscFree(c->a));
  }
  PetscCall(KSPReset(cb.ksp)); // the solvers keep their options for another reduction
  PetscCall(MatDestroy(&cb.Kii));
  PetscCall(MatDestroy(&cb.Mii));
  PetscCall(TriboInterfacePairsDestroy(&ip));
  *rom = r;
  PetscFunctionReturn(0);
}

/*@
  TriboCBCondense - The second stage of the reduction: keeps the interface DOFs of a ROM from
  TriboCBReduce() plus the lowest modes of the rest (TriboROMCondense()), if asked for.

  Collective

  Input Parameters:
+ cb  - the reduction
- rom - the ROM, condensed in place; unchanged when the condense modes are -1 (the default)

  Options Database Key:
. -rom_condense_modes <m> - the modes kept (read by TriboCBSetFromOptions())

  Level: intermediate

.seealso: TriboCBSetCondenseModes(), TriboCBReduce(), TriboROMCondense()
@*/
PetscErrorCode TriboCBCondense(TriboCB cb, TriboROM rom)
{
  PetscFunctionBeginUser;
  if (cb->ncondense >= 0) PetscCall(TriboROMCondense(rom, cb->ncondense));
  PetscFunctionReturn(0);
}

/*@
  TriboCBView - Prints the parameters of the reduction.

  Collective on the viewer

  Input Parameters:
+ cb     - the reduction
- viewer - an ASCII viewer (NULL: PETSC_VIEWER_STDOUT_ of the reduction's communicator)

  Level: beginner

.seealso: TriboCBSetFromOptions()
@*/
PetscErrorCode TriboCBView(TriboCB cb, PetscViewer viewer)
{
  PetscBool ascii;

  PetscFunctionBeginUser;
  if (!viewer) viewer = PETSC_VIEWER_STDOUT_(cb->comm);
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &ascii));
  if (!ascii) PetscFunctionReturn(0);
  PetscCall(PetscViewerASCIIPrintf(viewer, "Craig-Bampton reduction (options prefix %s)\n", cb->prefix ? cb->prefix : "none"));
  PetscCall(PetscViewerASCIIPushTab(viewer));
  PetscCall(PetscViewerASCIIPrintf(
      viewer, "interface: top %s, bottom %s; pairing tolerances %g (model size), %g (interface edge); flatness %g (model size)\n",
      cb->top[0] ? cb->top : "(the deck's first retained set)", cb->bot[0] ? cb->bot : "(the deck's second retained set)", (double)cb->pairtol,
      (double)cb->meshtol, (double)cb->planetol));
  if (cb->nmodes >= 0)
    PetscCall(PetscViewerASCIIPrintf(viewer, "fixed-interface modes: %" PetscInt_FMT "; static modes in blocks of %" PetscInt_FMT "\n", cb->nmodes,
                                     cb->bs));
  else
    PetscCall(PetscViewerASCIIPrintf(viewer, "fixed-interface modes: the deck's *Select Eigenmodes; static modes in blocks of %" PetscInt_FMT "\n",
                                     cb->bs));
  PetscCall(
      PetscViewerASCIIPrintf(viewer, "static modes from %s right-hand sides (-rom_sparse_rhs)\n", cb->sparserhs ? "sparse (with MUMPS)" : "dense"));
  if (cb->naccel) PetscCall(PetscViewerASCIIPrintf(viewer, "accelerometers: %" PetscInt_FMT " nodes, %g kg each\n", cb->naccel, (double)cb->accelm));
  if (cb->surface) PetscCall(PetscViewerASCIIPrintf(viewer, "FE surface and basis rows stored (-rom_store_surface)\n"));
  if (cb->ncondense >= 0)
    PetscCall(PetscViewerASCIIPrintf(viewer, "second stage: the interface DOFs plus %" PetscInt_FMT " modes\n", cb->ncondense));
  else
    PetscCall(PetscViewerASCIIPrintf(viewer, "second stage: none\n"));
  PetscCall(PetscViewerASCIIPopTab(viewer));
  PetscFunctionReturn(0);
}

/*@
  TriboCBDestroy - Destroys a Craig-Bampton reduction (not the ROMs it made).

  Collective

  Input Parameter:
. cb - the reduction; set to NULL (a NULL object is allowed)

  Level: beginner

.seealso: TriboCBCreate()
@*/
PetscErrorCode TriboCBDestroy(TriboCB *cb)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(cb, TRIBO_CB_CLASSID);
  PetscCall(EPSDestroy(&(*cb)->eps));
  PetscCall(KSPDestroy(&(*cb)->ksp));
  PetscCall(PetscFree((*cb)->prefix));
  PetscCall(PetscHeaderDestroy(cb));
  PetscFunctionReturn(0);
}
