/* A preconditioner for the contact solvers on a compliance operator with a few huge eigenvalues: G = C + V V^T with C the
   half-space part (condition number growing like the grid size) and V V^T the structural compliance of the reduced structure
   (eq. 15: W_b^T K~^+ W_b), whose soft modes (a suspension, the halves' relative rocking held only by bolt shanks) give
   eigenvalues 1e5-1e8 times the diagonal of C. Unpreconditioned, the Polonsky-Keer CG and the tangential solvers need 1e3-1e5
   iterations per increment on them.

   The operator may carry the columns of V whose norm exceeds the diagonal of C (op->nlow columns, their local rows op->low[c]);
   the solvers then precondition their conjugate gradients on the working set S with

     P_S = c I + V_S V_S^T,   P_S^-1 r = (r - V_S (c I + V_S^T V_S)^-1 V_S^T r) / c     (Sherman-Morrison-Woodbury),

   c the diagonal of G on the component (a scalar: C is translation invariant), V_S the rows of the points of S and of the
   components the solver iterates on (the normal one, or the two tangential ones). The k x k matrix c I + V_S^T V_S is summed over
   the ranks and factored (LAPACK potrf) whenever S changes: O(|S| k^2) with BLAS syrk. P_S^-1 G_SS then has the spectrum of
   c^-1 C_SS plus the part of V that was not deflated, so the iteration counts are those of the half space alone. Our choice, not the
   paper's (its PJOR of App. B uses the diagonal only).

   With TriboLowRankPCSetFFT() (solvers whose set stays fixed for many iterations: the active-set passes, the linearized modes)
   the base is the half space's FFT inverse M_S = R_S M E_S (op->invert, TriboHalfSpaceApplyInverse()) instead of c I:

     P_S^-1 r = M_S r - Y (I + V_S^T Y)^-1 V_S^T M_S r,   Y = M_S V_S,

   the Woodbury form of (M_S^-1 + V_S V_S^T)^-1; SetSet then costs k inverse transforms per component. */
#include <tribo/private/contactimpl.h>
#include <petscblaslapack.h>

/*@C
  TriboLowRankPCCreate - the deflation preconditioner on components comp0 .. comp0 + nc - 1 of op (nc 1: normal, 2: tangential, 3: all)

  Not collective

  Input Parameters:
+ op - the operator (op->nlow 0: the preconditioner is the diagonal c)
. comp0, nc - the first component and the number of components
- c - the diagonal of the operator on these components

  Output Parameter:
. pc - the preconditioner; TriboLowRankPCSetSet() before TriboLowRankPCApply()
@*/
PetscErrorCode TriboLowRankPCCreate(const TriboContactOperator *op, PetscInt comp0, PetscInt nc, PetscReal c, TriboLowRankPC *pc)
{
  PetscFunctionBeginUser;
  PetscCheck(nc >= 1 && comp0 >= 0 && comp0 + nc <= 3, op->comm, PETSC_ERR_ARG_OUTOFRANGE, "components %" PetscInt_FMT "..%" PetscInt_FMT " of 0..2",
             comp0, comp0 + nc - 1);
  PetscCall(PetscMemzero(pc, sizeof(*pc)));
  pc->comm = op->comm, pc->n = op->nlocal, pc->k = op->nlow, pc->nc = nc, pc->c = c, pc->op = op, pc->comp0 = comp0;
  for (PetscInt d = 0; d < nc; d++) pc->U[d] = op->nlow > 0 ? op->low[comp0 + d] : NULL;
  if (pc->k > 0)
    PetscCall(PetscMalloc4(pc->k * pc->k, &pc->S, pc->k, &pc->y, (size_t)pc->k * PetscMax(1, pc->n) * nc, &pc->R, PetscMax(1, pc->n) * nc, &pc->rs));
  PetscFunctionReturn(0);
}

/*@C
  TriboLowRankPCSetFFT - the base of the preconditioner becomes the operator's FFT inverse (op->invert) instead of c I (without
  deflated columns: P_S^-1 = M_S); no-op without op->invert

  Not collective
@*/
PetscErrorCode TriboLowRankPCSetFFT(TriboLowRankPC *pc)
{
  PetscFunctionBeginUser;
  if (!pc->op->invert || pc->fft) PetscFunctionReturn(0);
  pc->fft = PETSC_TRUE;
  if (pc->k > 0)
    PetscCall(PetscMalloc2((size_t)pc->k * PetscMax(1, pc->n) * pc->nc, &pc->Y, PetscMax(1, pc->n) * pc->nc, &pc->zs));
  else
    PetscCall(PetscMalloc1(PetscMax(1, pc->n) * pc->nc, &pc->rs)); // else allocated by TriboLowRankPCCreate()
  PetscFunctionReturn(0);
}

/* fft: the rows of S gathered, component by component (R: k x m, the rows of V_S; Y: m x k column-major, M_S V_S), S = I + R Y summed
   over the ranks, factored. Only the m rows of S are kept: Apply then streams 2 k m numbers instead of 2 k n per component (on the
   25,550-point lap beam's linearized modes, S is a quarter of the grid) */
static PetscErrorCode SetSetFFT_Private(TriboLowRankPC *pc, const PetscBool set[])
{
  PetscInt     k = pc->k, n = pc->n, m = 0;
  PetscBLASInt bk, bm, info;
  PetscReal   *col = pc->rs, *y = pc->zs, one = 1;

  PetscFunctionBeginUser;
  for (PetscInt d = 0; d < pc->nc; d++)
    for (PetscInt i = 0; i < n; i++)
      if (set[i]) PetscCall(PetscArraycpy(pc->R + (size_t)(m++) * k, pc->U[d] + (size_t)i * k, k));
  pc->m = m;
  for (PetscInt d = 0, off = 0; d < pc->nc; d++) {
    PetscInt j = 0;
    for (PetscInt a = 0; a < k; a++) {
      j = 0;
      for (PetscInt i = 0; i < n; i++) col[i] = set[i] ? pc->U[d][(size_t)i * k + a] : 0;
      PetscCall(pc->op->invert(pc->op->invctx, pc->comp0 + d, col, y, NULL));
      for (PetscInt i = 0; i < n; i++)
        if (set[i]) pc->Y[(size_t)a * m + off + j++] = y[i];
    }
    off += j;
  }
  PetscCall(PetscBLASIntCast(k, &bk));
  PetscCall(PetscBLASIntCast(m, &bm));
  PetscCall(PetscArrayzero(pc->S, k * k));
  if (m > 0) BLASgemm_("N", "N", &bk, &bk, &bm, &one, pc->R, &bk, pc->Y, &bm, &one, pc->S, &bk); // S += V_S^T M_S V_S
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, pc->S, (PetscMPIInt)(k * k), MPIU_REAL, MPIU_SUM, pc->comm));
  for (PetscInt a = 0; a < k; a++) // symmetrize (V^T M V is symmetric up to round-off) and add I
    for (PetscInt b = 0; b < a; b++) pc->S[a * k + b] = pc->S[b * k + a] = 0.5 * (pc->S[a * k + b] + pc->S[b * k + a]);
  for (PetscInt a = 0; a < k; a++) pc->S[a * k + a] += 1;
  LAPACKpotrf_("U", &bk, pc->S, &bk, &info);
  PetscCheck(info == 0, pc->comm, PETSC_ERR_LIB, "the deflation preconditioner: Cholesky of I + V_S^T M_S V_S failed (LAPACK potrf info %d)",
             (int)info);
  PetscFunctionReturn(0);
}

/* fft: z = M_S r - Y (I + V_S^T Y)^-1 V_S^T M_S r (k = 0: M_S r) */
static PetscErrorCode ApplyFFT_Private(TriboLowRankPC *pc, const PetscBool set[], PetscReal *const r[], PetscReal *const z[])
{
  PetscInt     k = pc->k, n = pc->n, m = 0;
  PetscBLASInt bk, bm, one             = 1, info;
  PetscReal    a1 = 1, a0 = 0;

  PetscFunctionBeginUser;
  for (PetscInt d = 0; d < pc->nc; d++) { // r restricted to S (rs: n per component) as the other path ignores r off S
    PetscReal *rd = pc->rs + (size_t)d * n;
    for (PetscInt i = 0; i < n; i++) rd[i] = set[i] ? r[d][i] : 0;
    PetscCall(pc->op->invert(pc->op->invctx, pc->comp0 + d, rd, z[d], NULL));
    for (PetscInt i = 0; i < n; i++) {
      if (!set[i])
        z[d][i] = 0;
      else if (k > 0)
        pc->zs[m++] = z[d][i];
    }
  }
  if (k == 0) PetscFunctionReturn(0);
  PetscCall(PetscBLASIntCast(k, &bk));
  PetscCall(PetscBLASIntCast(m, &bm));
  for (PetscInt a = 0; a < k; a++) pc->y[a] = 0;
  if (m > 0) BLASgemv_("N", &bk, &bm, &a1, pc->R, &bk, pc->zs, &one, &a0, pc->y, &one); // y = V_S^T M_S r
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, pc->y, (PetscMPIInt)k, MPIU_REAL, MPIU_SUM, pc->comm));
  LAPACKpotrs_("U", &bk, &one, pc->S, &bk, pc->y, &bk, &info);
  PetscCheck(info == 0, pc->comm, PETSC_ERR_LIB, "the deflation preconditioner: LAPACK potrs info %d", (int)info);
  if (m > 0) BLASgemv_("N", &bm, &bk, &a1, pc->Y, &bm, pc->y, &one, &a0, pc->zs, &one); // Y (I + V_S^T Y)^-1 V_S^T M_S r on S
  m = 0;
  for (PetscInt d = 0; d < pc->nc; d++)
    for (PetscInt i = 0; i < n; i++)
      if (set[i]) z[d][i] -= pc->zs[m++];
  PetscFunctionReturn(0);
}

/* Sd += alpha sum over the points i with take[i] (all components) of v_i v_i^T (upper triangle), in blocks of 256 rows through buf: the
   rows that entered or left the set */
static PetscErrorCode SyrkRows_Private(TriboLowRankPC *pc, const PetscBool take[], PetscReal alpha, PetscReal *buf, PetscReal *Sd)
{
  PetscBLASInt k, m = 0;
  PetscReal    one = 1;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(pc->k, &k));
  for (PetscInt i = 0; i <= pc->n; i++) {
    if (m > 0 && (i == pc->n || m + pc->nc > 256)) {
      BLASsyrk_("U", "N", &k, &m, &alpha, buf, &k, &one, Sd, &k);
      m = 0;
    }
    if (i < pc->n && take[i])
      for (PetscInt d = 0; d < pc->nc; d++) PetscCall(PetscArraycpy(buf + (size_t)(m++) * k, pc->U[d] + (size_t)i * k, k));
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboLowRankPCSetSet - factors c I + V_S^T V_S for the working set S (set[i] true: point i of this rank is in S)

  Collective

  Notes:
  V_S^T V_S is updated by the rows that entered and left S since the last call (two BLAS syrk on them) when they are fewer than a
  quarter of S's rows, and summed afresh every 50 updates or when more changed (the Polonsky-Keer CG restarts on every change of
  its contact set, usually by a few points).
@*/
PetscErrorCode TriboLowRankPCSetSet(TriboLowRankPC *pc, const PetscBool set[])
{
  PetscInt     k = pc->k, n = pc->n, cnt = 0;
  PetscBLASInt bk, info;
  PetscReal    s[2] = {0, 0};

  PetscFunctionBeginUser;
  if (k == 0) PetscFunctionReturn(0);
  if (pc->fft) {
    PetscCall(SetSetFFT_Private(pc, set));
    PetscFunctionReturn(0);
  }
  if (!pc->prev) PetscCall(PetscMalloc4(n + 1, &pc->prev, n + 1, &pc->take, k * k, &pc->S0, 256 * k, &pc->buf));
  for (PetscInt i = 0; i < n; i++) s[0] += set[i], s[1] += pc->has0 && set[i] != pc->prev[i];
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, pc->comm));
  PetscCall(PetscBLASIntCast(k, &bk));
  // the rows of S for TriboLowRankPCApply() (row-major k per row: as columns of a k x m column-major matrix R)
  for (PetscInt i = 0; i < n; i++)
    if (set[i])
      for (PetscInt d = 0; d < pc->nc; d++) PetscCall(PetscArraycpy(pc->R + (size_t)(cnt++) * k, pc->U[d] + (size_t)i * k, k));
  if (pc->has0 && pc->nupd < 50 && 4 * s[1] < s[0]) { // S0 += V_in^T V_in - V_out^T V_out
    PetscCall(PetscArrayzero(pc->S, k * k));
    for (PetscInt i = 0; i < n; i++) pc->take[i] = set[i] && !pc->prev[i];
    PetscCall(SyrkRows_Private(pc, pc->take, 1, pc->buf, pc->S));
    for (PetscInt i = 0; i < n; i++) pc->take[i] = !set[i] && pc->prev[i];
    PetscCall(SyrkRows_Private(pc, pc->take, -1, pc->buf, pc->S));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, pc->S, (PetscMPIInt)(k * k), MPIU_REAL, MPIU_SUM, pc->comm));
    for (PetscInt a = 0; a < k * k; a++) pc->S0[a] += pc->S[a];
    pc->nupd++;
  } else { // S0 = V_S^T V_S = R R^T afresh, one syrk on the gathered rows
    PetscBLASInt bm;
    PetscReal    one = 1;
    PetscCall(PetscBLASIntCast(cnt, &bm));
    PetscCall(PetscArrayzero(pc->S0, k * k));
    if (cnt > 0) BLASsyrk_("U", "N", &bk, &bm, &one, pc->R, &bk, &one, pc->S0, &bk);
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, pc->S0, (PetscMPIInt)(k * k), MPIU_REAL, MPIU_SUM, pc->comm));
    pc->has0 = PETSC_TRUE, pc->nupd = 0;
  }
  PetscCall(PetscArraycpy(pc->prev, set, n));
  PetscCall(PetscArraycpy(pc->S, pc->S0, k * k));
  for (PetscInt a = 0; a < k; a++) pc->S[a * k + a] += pc->c;
  LAPACKpotrf_("U", &bk, pc->S, &bk, &info);
  PetscCheck(info == 0, pc->comm, PETSC_ERR_LIB, "the deflation preconditioner: Cholesky of c I + V_S^T V_S failed (LAPACK potrf info %d)",
             (int)info);
  PetscFunctionReturn(0);
}

/*@C
  TriboLowRankPCApply - z = P_S^-1 r on the points of S (zero elsewhere), per component; S the set of the last TriboLowRankPCSetSet()

  Collective
@*/
PetscErrorCode TriboLowRankPCApply(TriboLowRankPC *pc, const PetscBool set[], PetscReal *const r[], PetscReal *const z[])
{
  PetscInt     k = pc->k, m = 0;
  PetscBLASInt bk, bm, one = 1, info;
  PetscReal    a1 = 1, a0 = 0, am = -1;

  PetscFunctionBeginUser;
  if (pc->fft) {
    PetscCall(ApplyFFT_Private(pc, set, r, z));
    PetscFunctionReturn(0);
  }
  if (k > 0) { // with the rows gathered by TriboLowRankPCSetSet() (same set, same order): y = R r_S, z_S = (r_S - R^T y) / c
    PetscReal *y = pc->y, *rs = pc->rs;
    for (PetscInt i = 0; i < pc->n; i++)
      if (set[i])
        for (PetscInt d = 0; d < pc->nc; d++) rs[m++] = r[d][i];
    PetscCall(PetscBLASIntCast(k, &bk));
    PetscCall(PetscBLASIntCast(m, &bm));
    for (PetscInt a = 0; a < k; a++) y[a] = 0;
    if (m > 0) BLASgemv_("N", &bk, &bm, &a1, pc->R, &bk, rs, &one, &a0, y, &one);
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, y, (PetscMPIInt)k, MPIU_REAL, MPIU_SUM, pc->comm));
    LAPACKpotrs_("U", &bk, &one, pc->S, &bk, y, &bk, &info);
    PetscCheck(info == 0, pc->comm, PETSC_ERR_LIB, "the deflation preconditioner: LAPACK potrs info %d", (int)info);
    if (m > 0) BLASgemv_("T", &bk, &bm, &am, pc->R, &bk, y, &one, &a1, rs, &one);
    m = 0;
    for (PetscInt i = 0; i < pc->n; i++)
      for (PetscInt d = 0; d < pc->nc; d++) z[d][i] = set[i] ? rs[m++] / pc->c : 0;
  } else {
    for (PetscInt i = 0; i < pc->n; i++)
      for (PetscInt d = 0; d < pc->nc; d++) z[d][i] = set[i] ? r[d][i] / pc->c : 0;
  }
  PetscFunctionReturn(0);
}

PetscErrorCode TriboLowRankPCDestroy(TriboLowRankPC *pc)
{
  PetscFunctionBeginUser;
  if (pc->k > 0)
    PetscCall(PetscFree4(pc->S, pc->y, pc->R, pc->rs));
  else
    PetscCall(PetscFree(pc->rs)); // TriboLowRankPCSetFFT() without deflated columns
  PetscCall(PetscFree2(pc->Y, pc->zs));
  PetscCall(PetscFree4(pc->prev, pc->take, pc->S0, pc->buf));
  PetscCall(PetscMemzero(pc, sizeof(*pc)));
  PetscFunctionReturn(0);
}
