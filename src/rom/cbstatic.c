/* The static constraint modes of the Craig-Bampton reduction (src/rom/cb.c): Psi = -K_ii^{-1} K_ib in blocks of
   columns, from MUMPS's sparse right-hand sides (or dense ones), with one distributed factor or one sequential
   factor per rank (-rom_redundant_solves), and per block the columns of K_bb + K_bi Psi, of
   M_bb + M_bi Psi + Psi^T (M_ib + M_ii Psi) (upper triangle) and of Phi^T (M_ib + M_ii Psi). */
#include "cbwork.h"
#include <petscblaslapack.h>

// C[0:ncb, j0:j0+nc] += A_ib^T X (X: niloc x nc, leading dimension ldx), i.e. A_bi X on the boundary rows
static void CouplingTransposeMult_Private(const CB *cb, const CBCoupling *c, PetscInt j0, PetscInt nc, const PetscScalar *X, PetscInt ldx,
                                          PetscScalar *C)
{
  for (PetscInt i = 0; i < cb->niloc; i++)
    for (PetscInt k = c->ia[i]; k < c->ia[i + 1]; k++) {
      PetscScalar *Cb = C + c->ja[k] + cb->ncb * j0;
      for (PetscInt j = 0; j < nc; j++) Cb[cb->ncb * j] += c->a[k] * X[i + ldx * j];
    }
}

// X[:, 0:nc] += s A_ib[:, j0:j0+nc] (dense niloc x nc, leading dimension ldx)
static void CouplingAddColumns_Private(const CB *cb, const CBCoupling *c, PetscInt j0, PetscInt nc, PetscScalar s, PetscScalar *X, PetscInt ldx)
{
  for (PetscInt i = 0; i < cb->niloc; i++)
    for (PetscInt k = c->ia[i]; k < c->ia[i + 1]; k++)
      if (c->ja[k] >= j0 && c->ja[k] < j0 + nc) X[i + ldx * (c->ja[k] - j0)] += s * c->a[k];
}

// C += A^T B (include cbwork.h)
PetscErrorCode CBGemmTN(PetscInt m, PetscInt n, PetscInt k, const PetscScalar *A, PetscInt lda, const PetscScalar *B, PetscInt ldb, PetscScalar *C,
                        PetscInt ldc)
{
  PetscBLASInt bm, bn, bk, blda, bldb, bldc;
  PetscScalar  one = 1.0;

  PetscFunctionBeginUser;
  if (!m || !n || !k) PetscFunctionReturn(0);
  PetscCall(PetscBLASIntCast(m, &bm));
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscBLASIntCast(k, &bk));
  PetscCall(PetscBLASIntCast(lda, &blda));
  PetscCall(PetscBLASIntCast(ldb, &bldb));
  PetscCall(PetscBLASIntCast(ldc, &bldc));
  PetscCallBLAS("BLASgemm", BLASgemm_("T", "N", &bm, &bn, &bk, &one, A, &blda, B, &bldb, &one, C, &bldc));
  PetscFunctionReturn(0);
}

/* -K_ib^T on rank 0 (CSR: nb rows by boundary position, columns = global interior indices,
   ascending), empty on the other ranks: the right-hand sides of the static modes in the form MUMPS
   takes sparse ones (all on the host) */
static PetscErrorCode GatherCouplingTranspose_Private(CB *cb, PetscInt **bia, PetscInt **bja, PetscScalar **ba)
{
  const CBCoupling *c    = &cb->kib;
  PetscInt          nloc = c->ia[cb->niloc], istart = 0, ntot = 0, *row, *col, *grow = NULL, *gcol = NULL;
  PetscScalar      *val, *gval = NULL;
  PetscMPIInt       size, n, *counts = NULL, *displs = NULL;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(cb->comm, &size));
  PetscCallMPI(MPI_Exscan(&cb->niloc, &istart, 1, MPIU_INT, MPI_SUM, cb->comm));
  if (!cb->rank) istart = 0;
  PetscCall(PetscMalloc3(nloc, &row, nloc, &col, nloc, &val));
  for (PetscInt i = 0, e = 0; i < cb->niloc; i++)
    for (PetscInt k = c->ia[i]; k < c->ia[i + 1]; k++, e++) {
      row[e] = c->ja[k];
      col[e] = istart + i;
      val[e] = -c->a[k];
    }
  PetscCall(PetscMPIIntCast(nloc, &n));
  if (!cb->rank) PetscCall(PetscMalloc2(size, &counts, size + 1, &displs));
  PetscCallMPI(MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, cb->comm));
  if (!cb->rank) {
    displs[0] = 0;
    for (PetscMPIInt r = 0; r < size; r++) displs[r + 1] = displs[r] + counts[r];
    ntot = displs[size];
    PetscCall(PetscMalloc3(ntot, &grow, ntot, &gcol, ntot, &gval));
  }
  PetscCallMPI(MPI_Gatherv(row, n, MPIU_INT, grow, counts, displs, MPIU_INT, 0, cb->comm));
  PetscCallMPI(MPI_Gatherv(col, n, MPIU_INT, gcol, counts, displs, MPIU_INT, 0, cb->comm));
  PetscCallMPI(MPI_Gatherv(val, n, MPIU_SCALAR, gval, counts, displs, MPIU_SCALAR, 0, cb->comm));
  PetscCall(PetscFree3(row, col, val));
  // counting sort by row, stable: the columns come in rank order, then local order, i.e. ascending
  PetscCall(PetscCalloc1(cb->nb + 1, bia));
  PetscCall(PetscMalloc1(ntot + 1, bja));
  PetscCall(PetscMalloc1(ntot + 1, ba));
  if (!cb->rank) {
    PetscInt *next;
    for (PetscInt e = 0; e < ntot; e++) (*bia)[grow[e] + 1]++;
    for (PetscInt j = 0; j < cb->nb; j++) (*bia)[j + 1] += (*bia)[j];
    PetscCall(PetscMalloc1(cb->nb, &next));
    PetscCall(PetscArraycpy(next, *bia, cb->nb));
    for (PetscInt e = 0; e < ntot; e++) {
      PetscInt k = next[grow[e]]++;
      (*bja)[k]  = gcol[e];
      (*ba)[k]   = gval[e];
    }
    PetscCall(PetscFree(next));
    PetscCall(PetscFree3(grow, gcol, gval));
    PetscCall(PetscFree2(counts, displs));
  }
  PetscFunctionReturn(0);
}

/* Static constraint modes Psi = -K_ii^{-1} K_ib in blocks of bs columns, and per block the
   columns J of K_bb + K_bi Psi, of M_bb + M_bi Psi + Psi^T (M_ib + M_ii Psi) (rows 0..J only:
   the upper triangle) and of Phi^T (M_ib + M_ii Psi).

   The right-hand sides -K_ib are zero but in the rows of the interior DOFs next to the interface.
   With MUMPS (and -rom_sparse_rhs, the default) they go to it as a sparse matrix
   (MatMatTransposeSolve() of the rows of -K_ib^T, held by rank 0 as MUMPS wants them), so that
   its forward substitution skips the parts of the elimination tree they do not reach; otherwise
   (-rom_sparse_rhs false, or another solver) as dense columns through MatMatSolve(). MUMPS solves
   a whole block of columns at once (ICNTL(27) = bs; its default, 32 at a time, walks the factor
   8 times per block of 256).

   Brake-Reuss beam, 2 ranks, the first 1,024 of the 4,080 columns (CPU seconds per rank on a busy
   machine): dense right-hand sides 17.0 s (ICNTL(27) = 256: 12.6 s); sparse 15.2 s (ICNTL(27) =
   64: 12.8 s, 256: 10.5-11.4 s, 512 with bs = 512: 11.3 s). The products M_ii X and Psi^T W took
   0.9 s and 1.2 s of these 1,024 columns alike. Whole `tribo rom` of the beam (-rom_condense_modes
   30, 2 ranks, back to back on a machine loaded 5-8 on 2 cores): former path 161.7 s in
   MatMatSolve, 195 CPU s in all, 255.6 s wall; this one 129.7 s in MatMatTransposeSolve, 161 CPU s,
   248.2 s wall with a smaller share of the CPUs (66 % against 78 %); peak 6.39 GB against 6.60 GB. */
// The blocks of one column block j0..j0+nc of Psi (x, the owned rows): K_bi Psi, the upper triangle of M_bb + M_bi Psi + Psi^T (M_ib + M_ii Psi) and Phi^T (M_ib + M_ii Psi)
static PetscErrorCode BlockProducts_Private(CB *cb, PetscInt j0, PetscInt nc)
{
  const PetscInt ld = PetscMax(cb->niloc, 1);
  PetscInt       ldw;
  Mat            X, W;
  PetscScalar   *w, *x = cb->psi + cb->niloc * j0;

  PetscFunctionBeginUser;
  PetscCall(MatCreateDense(cb->comm, cb->niloc, PETSC_DECIDE, cb->ni, nc, x, &X));
  PetscCall(MatMatMult(cb->Mii, X, MAT_INITIAL_MATRIX, PETSC_DEFAULT, &W));
  PetscCall(MatDenseGetLDA(W, &ldw));
  PetscCall(MatDenseGetArray(W, &w));
  CouplingAddColumns_Private(cb, &cb->mib, j0, nc, 1.0, w, ldw); // W = M_ib + M_ii Psi
  CouplingTransposeMult_Private(cb, &cb->kib, j0, nc, x, cb->niloc, cb->Kc);
  CouplingTransposeMult_Private(cb, &cb->mib, j0, nc, x, cb->niloc, cb->Mc);
  PetscCall(CBGemmTN(j0 + nc, nc, cb->niloc, cb->psi, ld, w, PetscMax(ldw, 1), cb->Mc + cb->ncb * j0, cb->ncb));
  PetscCall(CBGemmTN(cb->nm, nc, cb->niloc, cb->phi, ld, w, PetscMax(ldw, 1), cb->Mc + cb->nb + cb->ncb * j0, cb->ncb));
  PetscCall(MatDenseRestoreArray(W, &w));
  PetscCall(MatDestroy(&W));
  PetscCall(MatDestroy(&X));
  PetscFunctionReturn(0);
}

/* Redundant solves (-rom_redundant_solves, several ranks, MUMPS): every rank factors the whole K_ii sequentially
   and solves its own column blocks of Psi, round by round (rank r: block j0 + r bs), then scatters the rows of its
   block to their owners. A distributed MUMPS solve of many right-hand sides costs more in communication than it
   gains: on the Brake-Reuss beam (2 ranks, 4,080 columns) 38.5 s, one rank alone 16.4 s. Costs one sequential
   factor per rank (about 1 GB there). */
static PetscErrorCode RedundantModes_Private(CB *cb, const PetscInt bia[], const PetscInt bja[], const PetscScalar ba[], PetscLogDouble *tsolve,
                                             PetscLogDouble *tprod)
{
  PetscMPIInt    size;
  Mat           *Ks, F;
  IS             rperm, cperm;
  MatFactorInfo  info;
  PetscInt       istart = 0, *ia, *nloc;
  PetscMPIInt   *counts, *displs;
  PetscScalar   *buf;
  PetscLogDouble t0, t1;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(cb->comm, &size));
  PetscCall(PetscMalloc4(size, &nloc, size, &counts, size + 1, &displs, cb->bs + 1, &ia));
  PetscCallMPI(MPI_Allgather(&cb->niloc, 1, MPIU_INT, nloc, 1, MPIU_INT, cb->comm));
  for (PetscMPIInt r = 0; r < cb->rank; r++) istart += nloc[r];
  PetscCall(PetscTime(&t0));
  PetscCall(PetscMalloc1(1, &Ks));
  PetscCall(MatCreateRedundantMatrix(cb->Kii, size, PETSC_COMM_SELF, MAT_INITIAL_MATRIX, &Ks[0]));
  PetscCall(MatSetOption(Ks[0], MAT_SYMMETRIC, PETSC_TRUE));
  PetscCall(MatGetFactor(Ks[0], MATSOLVERMUMPS, MAT_FACTOR_CHOLESKY, &F));
  PetscCall(MatMumpsSetIcntl(F, 27, cb->bs));
  PetscCall(MatGetOrdering(Ks[0], MATORDERINGNATURAL, &rperm, &cperm));
  PetscCall(MatFactorInfoInitialize(&info));
  PetscCall(MatCholeskyFactorSymbolic(F, Ks[0], rperm, &info));
  PetscCall(MatCholeskyFactorNumeric(F, Ks[0], &info));
  PetscCall(ISDestroy(&rperm));
  PetscCall(ISDestroy(&cperm));
  PetscCall(MatDestroy(&Ks[0]));
  PetscCall(PetscFree(Ks));
  PetscCall(PetscMalloc1(cb->ni * cb->bs + 1, &buf));
  PetscCall(PetscTime(&t1));
  *tsolve += t1 - t0;
  for (PetscInt j0 = 0; j0 < cb->nb; j0 += size * cb->bs) {
    PetscInt jr = j0 + cb->rank * cb->bs, nr = PetscMax(0, PetscMin(cb->bs, cb->nb - jr));
    PetscCall(PetscTime(&t0));
    if (nr > 0) { // my block: X (ni x nr, all rows) from the rows jr..jr+nr of -K_ib^T
      Mat          B, X;
      PetscScalar *x;
      for (PetscInt k = 0; k <= nr; k++) ia[k] = bia[jr + k] - bia[jr];
      PetscCall(MatCreateSeqAIJWithArrays(PETSC_COMM_SELF, nr, cb->ni, ia, (PetscInt *)bja + bia[jr], (PetscScalar *)ba + bia[jr], &B));
      PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, cb->ni, nr, NULL, &X));
      PetscCall(MatMatTransposeSolve(F, B, X));
      PetscCall(MatDenseGetArray(X, &x));
      for (PetscMPIInt r = 0, o = 0; r < size; r++) // packed by destination: rank r's rows of every column
        for (PetscInt c = 0; c < nr; c++) {
          PetscInt r0 = 0;
          for (PetscMPIInt q = 0; q < r; q++) r0 += nloc[q];
          PetscCall(PetscArraycpy(buf + o, x + cb->ni * c + r0, nloc[r]));
          o += nloc[r];
        }
      PetscCall(MatDenseRestoreArray(X, &x));
      PetscCall(MatDestroy(&X));
      PetscCall(MatDestroy(&B));
    }
    for (PetscMPIInt k = 0; k < size; k++) { // rank k's block to the owners of its rows
      PetscInt jk = j0 + k * cb->bs, nk = PetscMax(0, PetscMin(cb->bs, cb->nb - jk));
      if (nk <= 0) continue;
      displs[0] = 0;
      for (PetscMPIInt r = 0; r < size; r++) {
        PetscCall(PetscMPIIntCast(nloc[r] * nk, &counts[r]));
        displs[r + 1] = displs[r] + counts[r];
      }
      PetscCallMPI(MPI_Scatterv(buf, counts, displs, MPIU_SCALAR, cb->psi + cb->niloc * jk, counts[cb->rank], MPIU_SCALAR, k, cb->comm));
    }
    PetscCall(PetscTime(&t1));
    *tsolve += t1 - t0;
    for (PetscMPIInt k = 0; k < size; k++) {
      PetscInt jk = j0 + k * cb->bs, nk = PetscMax(0, PetscMin(cb->bs, cb->nb - jk));
      if (nk > 0) PetscCall(BlockProducts_Private(cb, jk, nk));
    }
    PetscCall(PetscTime(&t0));
    *tprod += t0 - t1;
    if ((j0 + size * cb->bs) / 1024 != j0 / 1024 && j0 + size * cb->bs < cb->nb)
      PetscCall(CBMonitor(cb, "static modes %" PetscInt_FMT " of %" PetscInt_FMT, j0 + size * cb->bs, cb->nb));
  }
  PetscCall(PetscFree(buf));
  PetscCall(MatDestroy(&F));
  PetscCall(PetscFree4(nloc, counts, displs, ia));
  PetscFunctionReturn(0);
}

PetscErrorCode CBConstraintModes(CB *cb)
{
  PetscInt      *bia = NULL, *bja = NULL, *ia = NULL, icntl27 = 0;
  PetscScalar   *ba = NULL;
  PetscBool      mumps, sparse, redundant;
  PetscLogDouble t0, t1, tsolve = 0, tprod = 0;
  PetscMPIInt    size;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(cb->comm, &size));
  {
    MatSolverType st;
    PetscCall(MatFactorGetSolverType(cb->F, &st));
    PetscCall(PetscStrcmp(st, MATSOLVERMUMPS, &mumps));
    sparse = (PetscBool)(mumps && cb->sparserhs);
  }
  redundant = (PetscBool)(sparse && cb->redundant && size > 1);
  if (mumps) {
    PetscCall(MatMumpsGetIcntl(cb->F, 27, &icntl27));
    PetscCall(MatMumpsSetIcntl(cb->F, 27, cb->bs));
  }
  PetscCall(PetscMalloc1(cb->niloc * cb->nb, &cb->psi));
  if (sparse) {
    PetscCall(GatherCouplingTranspose_Private(cb, &bia, &bja, &ba));
    PetscCall(PetscMalloc1(cb->bs + 1, &ia));
  }
  if (redundant) { // every rank needs all of -K_ib^T
    PetscInt nz = cb->rank ? 0 : bia[cb->nb];
    PetscCallMPI(MPI_Bcast(bia, (PetscMPIInt)(cb->nb + 1), MPIU_INT, 0, cb->comm));
    nz = bia[cb->nb];
    if (cb->rank) {
      PetscCall(PetscFree(bja));
      PetscCall(PetscFree(ba));
      PetscCall(PetscMalloc1(nz + 1, &bja));
      PetscCall(PetscMalloc1(nz + 1, &ba));
    }
    PetscCallMPI(MPI_Bcast(bja, (PetscMPIInt)nz, MPIU_INT, 0, cb->comm));
    PetscCallMPI(MPI_Bcast(ba, (PetscMPIInt)nz, MPIU_SCALAR, 0, cb->comm));
    PetscCall(RedundantModes_Private(cb, bia, bja, ba, &tsolve, &tprod));
  } else
    for (PetscInt j0 = 0; j0 < cb->nb; j0 += cb->bs) {
      PetscInt     nc = PetscMin(cb->bs, cb->nb - j0);
      Mat          B, X;
      PetscScalar *b, *x = cb->psi + cb->niloc * j0;

      PetscCall(MatCreateDense(cb->comm, cb->niloc, PETSC_DECIDE, cb->ni, nc, x, &X));
      PetscCall(PetscTime(&t0));
      if (sparse) { // rows j0..j0+nc of -K_ib^T, all on rank 0
        PetscInt m = cb->rank ? 0 : nc;
        for (PetscInt k = 0; k <= m; k++) ia[k] = bia[j0 + k] - bia[j0];
        PetscCall(MatCreate(cb->comm, &B));
        PetscCall(MatSetSizes(B, m, cb->rank ? 0 : cb->ni, nc, cb->ni));
        PetscCall(MatSetType(B, MATAIJ));
        PetscCall(MatSeqAIJSetPreallocationCSR(B, ia, bja + bia[j0], ba + bia[j0]));
        PetscCall(MatMPIAIJSetPreallocationCSR(B, ia, bja + bia[j0], ba + bia[j0]));
        PetscCall(MatMatTransposeSolve(cb->F, B, X));
      } else {
        PetscCall(MatCreateDense(cb->comm, cb->niloc, PETSC_DECIDE, cb->ni, nc, NULL, &B));
        PetscCall(MatDenseGetArrayWrite(B, &b));
        PetscCall(PetscArrayzero(b, cb->niloc * nc));
        CouplingAddColumns_Private(cb, &cb->kib, j0, nc, -1.0, b, cb->niloc);
        PetscCall(MatDenseRestoreArrayWrite(B, &b));
        PetscCall(MatMatSolve(cb->F, B, X));
      }
      PetscCall(MatDestroy(&B));
      PetscCall(MatDestroy(&X));
      PetscCall(PetscTime(&t1));
      tsolve += t1 - t0;
      PetscCall(BlockProducts_Private(cb, j0, nc));
      PetscCall(PetscTime(&t0));
      tprod += t0 - t1;
      if ((j0 + nc) / 1024 != j0 / 1024 && j0 + nc < cb->nb)
        PetscCall(CBMonitor(cb, "static modes %" PetscInt_FMT " of %" PetscInt_FMT, j0 + nc, cb->nb));
    }
  if (mumps) PetscCall(MatMumpsSetIcntl(cb->F, 27, icntl27));
  PetscCall(CBMonitor(cb, "%" PetscInt_FMT " static constraint modes and their blocks (%s right-hand sides%s: solves %.1f s, products %.1f s)",
                      cb->nb, sparse ? "sparse" : "dense", redundant ? ", redundant sequential factors" : "", (double)tsolve, (double)tprod));
  PetscCall(PetscFree(ia));
  PetscCall(PetscFree(bia));
  PetscCall(PetscFree(bja));
  PetscCall(PetscFree(ba));
  PetscFunctionReturn(0);
}
