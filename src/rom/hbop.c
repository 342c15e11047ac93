/* A distributed, matrix-free solver for the bordered harmonic-balance Jacobian of a joint (include/tribohbop.h).

   Operator (MatShell on a Vec of size Nx + m, layout in include/tribo/private/hbopimpl.h): every rank gathers the
   whole input (Nx + m values), scales it by s, applies the linear part to the DOF rows it owns with two dense gemms
   (K and M rows times the nc coefficient columns), the nonlinear part W_p Jp_p P_p of its own interface points to
   a full-length buffer whose sums reach the owners by MPI_Reduce_scatter, and the border. The border is inside the
   Krylov vector because Jxx itself is singular at an EPMC solution (the phase shift): bordering outside GMRES would
   need solves with a singular matrix.

   Preconditioner (modal, bordered): A0 = blockdiag_h S_h with K replaced by K + Kt (the stuck joint), inverted in
   the modes Phi of (K + Kt, M) (LAPACK dsygvd once per reference tangent): Phi^T (K + Kt) Phi = Lambda,
   Phi^T M Phi = I and Phi^T D Phi ~ alpha I + beta diag(kap), kap_i = phi_i^T K phi_i (the off-diagonal part of
   beta Phi^T K Phi = beta (Lambda - Phi^T Kt Phi) is dropped: exact without Kt or without stiffness damping), so
   every harmonic block is a 2 x 2 block per mode for any omega, no refactoring. The border is eliminated exactly
   (Schur complement of the m x m border), so the preconditioned bordered system is nonsingular where Jxx is not. */
#include <tribo/private/hbopimpl.h>
#include <tribosys.h>
#include <petscblaslapack.h>

const char *const TriboHBOpPCTypes[] = {"modal", "none", "TriboHBOpPCType", "TRIBO_HBOP_PC_", NULL};

/* LAPACK's divide-and-conquer generalized symmetric eigensolver (PETSc 3.18 has no macro for it) */
extern void dsygvd_(const PetscBLASInt *, const char *, const char *, const PetscBLASInt *, PetscReal *, const PetscBLASInt *, PetscReal *,
                    const PetscBLASInt *, PetscReal *, PetscReal *, const PetscBLASInt *, PetscBLASInt *, const PetscBLASInt *, PetscBLASInt *);

/* The harmonic number of every coefficient column, read off the layout's synthesis (tribohb.h has no getter):
   columns [X0 |] Xc Xs ... in pairs; sample 1 of a pair is (cos, sin)(2 pi h / Nt). */
static PetscErrorCode HarmonicNumbers_Private(TriboHBOp op)
{
  PetscInt   nc = op->nc, Nt, has0 = nc % 2;
  PetscReal *X, *x;

  PetscFunctionBeginUser;
  PetscCall(TriboHBGetSizes(op->hb, NULL, NULL, &Nt));
  PetscCall(PetscCalloc2(2 * nc, &X, 2 * Nt, &x));
  if (has0) op->hk[0] = 0;
  for (PetscInt kc = has0; kc < nc; kc += 2) {
    PetscReal ang;
    PetscCall(PetscArrayzero(X, 2 * nc));
    X[2 * kc]           = 1; // signal 0: cos column
    X[2 * (kc + 1) + 1] = 1; // signal 1: sin column
    PetscCall(TriboHBToTime(op->hb, 2, X, x));
    ang = PetscAtan2Real(x[3], x[2]);
    if (ang < 0) ang += 2 * PETSC_PI;
    op->hk[kc] = op->hk[kc + 1] = (PetscInt)(ang * Nt / (2 * PETSC_PI) + 0.5);
  }
  PetscCall(PetscFree2(X, x));
  PetscFunctionReturn(0);
}

/* full[k n + i] (harmonic-major) and full[Nx + j] from the distributed layout: one MPI_Allgatherv */
static PetscErrorCode Gather_Private(TriboHBOp op, const PetscReal loc[], PetscInt mb, PetscReal full[])
{
  PetscInt n = op->n, nc = op->nc, Nx = op->Nx;

  PetscFunctionBeginUser;
  for (PetscMPIInt r = 0; r < op->size; r++) op->cntx[r] = op->cnt[r] + (r == op->size - 1 ? (PetscMPIInt)mb : 0);
  PetscCallMPI(MPI_Allgatherv(loc, op->cntx[op->rank], MPIU_REAL, op->V, op->cntx, op->dsp, MPIU_REAL, op->comm));
  for (PetscInt k = 0; k < nc; k++)
    for (PetscInt i = 0; i < n; i++) full[k * n + i] = op->V[op->pbase[i] + k * op->pstride[i]];
  for (PetscInt j = 0; j < mb; j++) full[Nx + j] = op->V[Nx + j];
  PetscFunctionReturn(0);
}

static PetscErrorCode Gemm_Private(const char ta[], PetscInt m, PetscInt nn, PetscInt k, const PetscReal A[], PetscInt lda, const PetscReal B[],
                                   PetscInt ldb, PetscReal C[], PetscInt ldc)
{
  PetscBLASInt bm, bn, bk, ba, bb, bc;
  PetscReal    one = 1, zero = 0;

  PetscFunctionBeginUser;
  if (m == 0 || nn == 0) PetscFunctionReturn(0);
  PetscCall(PetscBLASIntCast(m, &bm));
  PetscCall(PetscBLASIntCast(nn, &bn));
  PetscCall(PetscBLASIntCast(k, &bk));
  PetscCall(PetscBLASIntCast(lda, &ba));
  PetscCall(PetscBLASIntCast(ldb, &bb));
  PetscCall(PetscBLASIntCast(ldc, &bc));
  PetscCallBLAS("BLASgemm", BLASgemm_(ta, "N", &bm, &bn, &bk, &one, A, &ba, B, &bb, &zero, C, &bc));
  PetscFunctionReturn(0);
}

/* The modes of (K + Kt, M), all n of them (every rank, the same LAPACK call: bitwise the same modes), and
   kap_i = phi_i^T K phi_i for the owned modes */
static PetscErrorCode Modal_Private(TriboHBOp op)
{
  PetscInt     n = op->n, nl = op->nl;
  PetscReal   *Bm, *work, *KP, wq;
  PetscBLASInt bn, one = 1, lwork = -1, liwork = -1, iwq, *iwork, info;

  PetscFunctionBeginUser;
  if (op->modal) PetscFunctionReturn(0);
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscMalloc1(n * n, &Bm));
  for (PetscInt c = 0; c < n; c++)
    for (PetscInt r = 0; r < n; r++) {
      op->Phi[r + n * c] = op->K[r + n * c] + (op->Kt ? 0.5 * (op->Kt[r + n * c] + op->Kt[c + n * r]) : 0);
      Bm[r + n * c]      = op->M[r + n * c];
    }
  dsygvd_(&one, "V", "U", &bn, op->Phi, &bn, Bm, &bn, op->lam, &wq, &lwork, &iwq, &liwork, &info);
  lwork  = (PetscBLASInt)wq;
  liwork = iwq;
  PetscCall(PetscMalloc2(lwork, &work, liwork, &iwork));
  dsygvd_(&one, "V", "U", &bn, op->Phi, &bn, Bm, &bn, op->lam, work, &lwork, iwork, &liwork, &info);
  PetscCall(PetscFree2(work, iwork));
  PetscCall(PetscFree(Bm));
  PetscCheck(info <= bn, PETSC_COMM_SELF, PETSC_ERR_LIB, "LAPACK dsygvd failed on (K + Kt, M), info = %d", (int)info);
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "the mass matrix is not positive definite (LAPACK dsygvd info = %d)", (int)info);
  PetscCall(PetscMalloc1(n * nl + 1, &KP));
  PetscCall(Gemm_Private("N", n, nl, n, op->Dm ? op->Dm : op->K, n, op->Phi + n * op->i0, n, KP, n));
  for (PetscInt a = 0; a < nl; a++) {
    PetscReal s = 0;
    for (PetscInt r = 0; r < n; r++) s += op->Phi[r + n * (op->i0 + a)] * KP[r + n * a];
    op->kap[a] = s;
  }
  PetscCall(PetscFree(KP));
  op->modal = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/* out (owned rows, nc nl) = (A0 diag(s))^-1 R, R full harmonic-major (Nx): Phi^T on the owned modes, 2 x 2 modal
   blocks, an all-gather of the modal coordinates, Phi on the owned rows, 1/s */
static PetscErrorCode ApplyA0Inv_Private(TriboHBOp op, const PetscReal R[], PetscReal out[])
{
  PetscInt  n = op->n, nc = op->nc, nl = op->nl;
  PetscReal lmax = PetscMax(PetscAbsReal(op->lam[0]), PetscAbsReal(op->lam[n - 1]));

  PetscFunctionBeginUser;
  PetscCall(Gemm_Private("T", nl, nc, n, op->Phi + n * op->i0, n, R, n, op->Z, nl));
  for (PetscInt a = 0; a < nl; a++) {
    PetscReal lam = op->lam[op->i0 + a], d = op->alpha + op->beta * op->kap[a];
    for (PetscInt k = 0; k < nc; k++) {
      PetscReal w = op->hk[k] * op->omega, re = lam - w * w, im = w * d, tau, r2;
      tau = PetscMax(op->clip * (PetscAbsReal(lam) + w * w), PETSC_MACHINE_EPSILON * lmax);
      r2  = re * re + im * im;
      if (r2 < tau * tau) { // near resonance (or a rigid mode): the block's modulus raised to tau, its phase kept
        PetscReal sc = r2 > 0 ? tau / PetscSqrtReal(r2) : 0;
        re           = r2 > 0 ? re * sc : tau;
        im           = r2 > 0 ? im * sc : 0;
        r2           = tau * tau;
      }
      if (op->hk[k] == 0)
        op->Z[a + nl * k] /= re;
      else { // [re, im; -im, re]^-1 = [re, -im; im, re] / r2 on (cos, sin)
        PetscReal zc = op->Z[a + nl * k], zs = op->Z[a + nl * (k + 1)];
        op->Z[a + nl * k]       = (re * zc - im * zs) / r2;
        op->Z[a + nl * (k + 1)] = (im * zc + re * zs) / r2;
        k++;
      }
    }
  }
  PetscCall(Gather_Private(op, op->Z, 0, op->G));
  PetscCall(Gemm_Private("N", nl, nc, n, op->Phi + op->i0, n, op->G, n, out, nl));
  for (PetscInt k = 0; k < nc; k++)
    for (PetscInt a = 0; a < nl; a++) out[a + nl * k] /= op->s[k];
  if (op->fixh0)
    for (PetscInt k = 0; k < nc; k++)
      if (op->hk[k] == 0)
        for (PetscInt a = 0; a < nl; a++) out[a + nl * k] = R[k * n + op->i0 + a];
  PetscFunctionReturn(0);
}

/* F += sum over this rank's points of W_p Jp_p P_p U (U full, harmonic-major); F in the distributed layout (pos(k, i),
   to be summed to the owners) or, with harmonic-major, in the same layout as U; w: work of 2 N3 */
static PetscErrorCode ApplyPoints_Private(TriboHBOp op, const PetscReal U[], PetscReal w[], PetscBool distributed, PetscReal F[])
{
  TriboJoint j  = op->joint;
  PetscInt   nc = op->nc, n = op->n, N3 = op->N3;
  PetscReal *u = w, *t = w + N3;

  PetscFunctionBeginUser;
  for (PetscInt p = 0; p < j->nloc; p++) {
    const PetscReal *Jq = op->Jp + p * N3 * N3;
    for (PetscInt c = 0; c < 3; c++) {
      PetscInt r = 3 * p + c;
      for (PetscInt k = 0; k < nc; k++) {
        PetscReal sum = 0;
        for (PetscInt q = j->prow[r]; q < j->prow[r + 1]; q++) sum += j->pval[q] * U[k * n + j->pcol[q]];
        u[3 * k + c] = sum;
      }
    }
    for (PetscInt a = 0; a < N3; a++) {
      PetscReal sum = 0;
      for (PetscInt b = 0; b < N3; b++) sum += Jq[a * N3 + b] * u[b];
      t[a] = sum;
    }
    for (PetscInt c = 0; c < 3; c++) {
      PetscInt r = 3 * p + c;
      for (PetscInt q = j->wrow[r]; q < j->wrow[r + 1]; q++) {
        PetscInt i = j->wcol[q];
        for (PetscInt k = 0; k < nc; k++) F[distributed ? op->pbase[i] + k * op->pstride[i] : k * n + i] += j->wval[q] * t[3 * k + c];
      }
    }
  }
  PetscFunctionReturn(0);
}

/* y = [[(S + J_nl) diag(s), B], [C^T, E]] x */
static PetscErrorCode MatMult_Private(Mat A, Vec xv, Vec yv)
{
  TriboHBOp        op;
  const PetscReal *x;
  PetscReal       *y, *U, *zb;
  PetscInt         n, nc, nl, Nx, m;

  PetscFunctionBeginUser;
  PetscCall(MatShellGetContext(A, &op));
  n  = op->n;
  nc = op->nc;
  nl = op->nl;
  Nx = op->Nx;
  m  = op->m;
  U  = op->U;
  zb = op->U + Nx;
  PetscCall(VecGetArrayRead(xv, &x));
  PetscCall(VecGetArray(yv, &y));
  PetscCall(Gather_Private(op, x, m, U));
  for (PetscInt k = 0; k < nc; k++)
    for (PetscInt i = 0; i < n; i++) U[k * n + i] *= (op->fixh0 && op->hk[k] == 0) ? 0 : op->s[k];
  PetscCall(Gemm_Private("N", nl, nc, n, op->K + op->i0, n, U, n, op->KU, nl));
  PetscCall(Gemm_Private("N", nl, nc, n, op->M + op->i0, n, U, n, op->MU, nl));
  if (op->Dm) PetscCall(Gemm_Private("N", nl, nc, n, op->Dm + op->i0, n, U, n, op->DU, nl));
  for (PetscInt k = 0; k < nc; k++) {
    const PetscReal *KUc = op->KU + nl * k, *MUc = op->MU + nl * k, *KUs = KUc + nl, *MUs = MUc + nl;
    const PetscReal *DUc = op->Dm ? op->DU + nl * k : KUc, *DUs = DUc + nl;
    PetscReal        w = op->hk[k] * op->omega, al = op->alpha, be = op->beta;
    if (op->hk[k] == 0) {
      for (PetscInt a = 0; a < nl; a++) y[nl * k + a] = KUc[a];
      continue;
    }
    for (PetscInt a = 0; a < nl; a++) {
      y[nl * k + a]       = KUc[a] - w * w * MUc[a] + w * (al * MUs[a] + be * DUs[a]);
      y[nl * (k + 1) + a] = -w * (al * MUc[a] + be * DUc[a]) + KUs[a] - w * w * MUs[a];
    }
    k++;
  }
  if (op->hasjac) { // nonlinear part: own points into the full layout, summed to the owners
    PetscCall(PetscArrayzero(op->F, Nx));
    PetscCall(ApplyPoints_Private(op, U, op->Z, PETSC_TRUE, op->F));
    PetscCallMPI(MPI_Reduce_scatter(op->F, op->G, op->cnt, MPIU_REAL, MPIU_SUM, op->comm));
    for (PetscInt a = 0; a < nc * nl; a++) y[a] += op->G[a];
  }
  if (op->fixh0) // held zeroth harmonic: identity rows (the border's entries there are ignored)
    for (PetscInt k = 0; k < nc; k++)
      if (op->hk[k] == 0)
        for (PetscInt a = 0; a < nl; a++) y[nl * k + a] = x[nl * k + a];
  if (m) {
    PetscReal part[8];
    for (PetscInt jb = 0; jb < m; jb++) {
      PetscReal sum = 0;
      for (PetscInt a = 0; a < nc * nl; a++) {
        y[a] += op->Bl[a + nc * nl * jb] * zb[jb];
        sum += op->Cl[a + nc * nl * jb] * x[a];
      }
      part[jb] = sum;
    }
    PetscCallMPI(MPI_Reduce(op->rank == op->size - 1 ? MPI_IN_PLACE : part, part, (PetscMPIInt)m, MPIU_REAL, MPIU_SUM, op->size - 1, op->comm));
    if (op->rank == op->size - 1)
      for (PetscInt jb = 0; jb < m; jb++) {
        PetscReal sum = part[jb];
        for (PetscInt l = 0; l < m; l++) sum += op->E[jb + m * l] * zb[l];
        y[nc * nl + jb] = sum;
      }
  }
  op->nmult++;
  PetscCall(VecRestoreArrayRead(xv, &x));
  PetscCall(VecRestoreArray(yv, &y));
  PetscFunctionReturn(0);
}

/* z = P^-1 r, P = [[A0 diag(s), B], [C^T, E]] by block elimination: t = (A0 diag(s))^-1 r_x,
   z_b = Sc^-1 (r_b - C^T t), z_x = t - Y z_b with Y = (A0 diag(s))^-1 B, Sc = E - C^T Y */
static PetscErrorCode PCApply_Private(PC pc, Vec rv, Vec zv)
{
  TriboHBOp        op;
  const PetscReal *r;
  PetscReal       *z, rhs[8];
  PetscInt         nl, nc, m;

  PetscFunctionBeginUser;
  PetscCall(PCShellGetContext(pc, &op));
  nl = op->nl;
  nc = op->nc;
  m  = op->m;
  PetscCall(VecGetArrayRead(rv, &r));
  PetscCall(VecGetArray(zv, &z));
  PetscCall(Gather_Private(op, r, m, op->U));
  PetscCall(ApplyA0Inv_Private(op, op->U, z));
  if (m) {
    PetscBLASInt bm, one = 1, info;
    for (PetscInt jb = 0; jb < m; jb++) {
      PetscReal sum = 0;
      for (PetscInt a = 0; a < nc * nl; a++) sum += op->Cl[a + nc * nl * jb] * z[a];
      rhs[jb] = sum;
    }
    PetscCall(TriboSumAll(op->comm, m, rhs));
    for (PetscInt jb = 0; jb < m; jb++) rhs[jb] = op->U[op->Nx + jb] - rhs[jb];
    PetscCall(PetscBLASIntCast(m, &bm));
    PetscCallBLAS("LAPACKgetrs", LAPACKgetrs_("N", &bm, &one, op->Sc, &bm, op->piv, rhs, &bm, &info));
    for (PetscInt jb = 0; jb < m; jb++)
      for (PetscInt a = 0; a < nc * nl; a++) z[a] -= op->Yl[a + nc * nl * jb] * rhs[jb];
    if (op->rank == op->size - 1)
      for (PetscInt jb = 0; jb < m; jb++) z[nc * nl + jb] = rhs[jb];
  }
  PetscCall(VecRestoreArrayRead(rv, &r));
  PetscCall(VecRestoreArray(zv, &z));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpCreate - Creates a solver for the bordered harmonic-balance Jacobian of a joint.

  Collective

  Input Parameter:
. comm - the joint's communicator

  Output Parameter:
. op - the solver; attach the joint and the harmonics with TriboHBOpSetJoint() and TriboHBOpSetHB()

  Notes:
  Defaults: omega = 1, no damping, s = 1, no reference tangent (modes of (K, M)), the modal preconditioner, GMRES(100)
  with relative tolerance 1e-10 on the preconditioned residual.

.seealso: TriboHBOpSolve(), TriboHBOpSetFromOptions()
@*/
PetscErrorCode TriboHBOpCreate(MPI_Comm comm, TriboHBOp *op)
{
  TriboHBOp o;

  PetscFunctionBegin;
  PetscValidPointer(op, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(
      PetscHeaderCreate(o, TRIBO_HBOP_CLASSID, "TriboHBOp", "Harmonic-balance operator of a reduced structure", "HB", comm, TriboHBOpDestroy, NULL));
  o->comm   = comm;
  o->omega  = 1;
  o->clip   = 1e-8;
  o->pctype = TRIBO_HBOP_PC_MODAL;
  PetscCallMPI(MPI_Comm_size(comm, &o->size));
  PetscCallMPI(MPI_Comm_rank(comm, &o->rank));
  PetscCall(KSPCreate(comm, &o->ksp));
  PetscCall(KSPSetOptionsPrefix(o->ksp, "hbop_"));
  PetscCall(KSPSetType(o->ksp, KSPGMRES));
  PetscCall(KSPGMRESSetRestart(o->ksp, 100));
  PetscCall(KSPSetTolerances(o->ksp, 1e-10, PETSC_DEFAULT, PETSC_DEFAULT, 1000));
  *op = o;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetJoint - The joint (set up) whose harmonic-balance Jacobian is solved with; its ROM gives K and M.

  Logically collective
@*/
PetscErrorCode TriboHBOpSetJoint(TriboHBOp op, TriboJoint joint)
{
  PetscFunctionBeginUser;
  PetscCheck(!op->setup, op->comm, PETSC_ERR_ARG_WRONGSTATE, "the HB operator is set up already: create another one for another joint");
  PetscCheck(joint->setup, op->comm, PETSC_ERR_ORDER, "call TriboJointSetUp() before TriboHBOpSetJoint()");
  op->joint = joint;
  op->rom   = joint->rom;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetHB - The harmonics (set up, TriboHBSetUp()): coefficient columns and the AFT.

  Logically collective
@*/
PetscErrorCode TriboHBOpSetHB(TriboHBOp op, TriboHB hb)
{
  PetscFunctionBeginUser;
  PetscCheck(!op->setup, op->comm, PETSC_ERR_ARG_WRONGSTATE, "the HB operator is set up already: create another one for other harmonics");
  op->hb = hb;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetPCType - The preconditioner of the bordered system.

  Logically collective

  Input Parameters:
+ op - the solver
- pc - TRIBO_HBOP_PC_MODAL (default) or TRIBO_HBOP_PC_NONE

  Options Database Key:
. -hbop_precond <modal,none> - the same
@*/
PetscErrorCode TriboHBOpSetPCType(TriboHBOp op, TriboHBOpPCType pc)
{
  PetscFunctionBeginUser;
  op->pctype = pc;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetDirect - Solve by assembling the whole bordered matrix (MPIAIJ, dense rows) and factoring it with
  MUMPS instead of GMRES: a check for small models (the matrix has (Nx + m)^2 entries).

  Logically collective

  Options Database Key:
. -hbop_direct - the same; the factorization's options have the prefix hbop_direct_
@*/
PetscErrorCode TriboHBOpSetDirect(TriboHBOp op, PetscBool direct)
{
  PetscFunctionBeginUser;
  op->direct = direct;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetFromOptions - Reads -hbop_precond, -hbop_pc_modal_clip, -hbop_direct and the Krylov solver's options
  (-hbop_ksp_*, -hbop_pc_*).

  Collective

  Options Database Keys:
+ -hbop_precond <modal>      - modal: the bordered modal preconditioner; none: plain GMRES
. -hbop_pc_modal_clip <1e-8> - a modal 2 x 2 block of modulus below clip (|lambda_i| + (h omega)^2) is raised to that
- -hbop_direct               - assemble and factor with MUMPS instead (small models)

  Notes:
  The Krylov solver has the prefix hbop_: -hbop_ksp_type, -hbop_ksp_rtol, -hbop_ksp_monitor, ... The modal
  preconditioner is a PCSHELL; -hbop_pc_type none is PETSc's way to the same as -hbop_precond none.
@*/
PetscErrorCode TriboHBOpSetFromOptions(TriboHBOp op)
{
  PetscFunctionBeginUser;
  TriboOptionsBegin(op->comm, NULL, "Harmonic-balance Jacobian solver", "TriboHBOp");
  PetscCall(PetscOptionsEnum("-hbop_precond", "preconditioner of the bordered HB system", "TriboHBOpSetPCType", TriboHBOpPCTypes,
                             (PetscEnum)op->pctype, (PetscEnum *)&op->pctype, NULL));
  PetscCall(PetscOptionsReal("-hbop_pc_modal_clip", "smallest modulus of a modal block, relative to |lambda_i| + (h omega)^2 [-]",
                             "TriboHBOpSetFromOptions", op->clip, &op->clip, NULL));
  PetscCall(PetscOptionsBool("-hbop_direct", "assemble the bordered matrix and factor it with MUMPS (a check for small models)", "TriboHBOpSetDirect",
                             op->direct, &op->direct, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(NULL, "hbop_"));
  PetscCall(KSPSetFromOptions(op->ksp));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetUp - Sizes, the distribution of the DOF rows over the ranks and the harmonic numbers of the columns;
  called by the other routines when needed.

  Collective
@*/
PetscErrorCode TriboHBOpSetUp(TriboHBOp op)
{
  PetscInt n, nc, lda;

  PetscFunctionBeginUser;
  if (op->setup) PetscFunctionReturn(0);
  PetscCheck(op->joint && op->hb, op->comm, PETSC_ERR_ORDER, "call TriboHBOpSetJoint() and TriboHBOpSetHB() first");
  PetscCall(TriboHBGetSizes(op->hb, NULL, &nc, NULL));
  n = op->n = op->joint->n;
  PetscCheck(n >= op->size, op->comm, PETSC_ERR_ARG_SIZ, "%" PetscInt_FMT " DOFs on %d ranks: every rank needs DOFs", n, op->size);
  op->nc = nc;
  op->Nx = nc * n;
  op->N3 = 3 * nc;
  PetscCall(MatDenseGetLDA(op->rom->K, &lda));
  PetscCheck(lda == n, op->comm, PETSC_ERR_SUP, "the ROM's K has leading dimension %" PetscInt_FMT ", not n = %" PetscInt_FMT, lda, n);
  PetscCall(MatDenseGetLDA(op->rom->M, &lda));
  PetscCheck(lda == n, op->comm, PETSC_ERR_SUP, "the ROM's M has leading dimension %" PetscInt_FMT ", not n = %" PetscInt_FMT, lda, n);
  { // K and M stay put (SEQDENSE of the ROM): the pointers are kept
    const PetscReal *a;
    PetscCall(MatDenseGetArrayRead(op->rom->K, &a));
    op->K = a;
    PetscCall(MatDenseRestoreArrayRead(op->rom->K, &a));
    PetscCall(MatDenseGetArrayRead(op->rom->M, &a));
    op->M = a;
    PetscCall(MatDenseRestoreArrayRead(op->rom->M, &a));
  }
  PetscCall(PetscMalloc2(nc, &op->hk, nc, &op->s));
  for (PetscInt k = 0; k < nc; k++) op->s[k] = 1;
  PetscCall(HarmonicNumbers_Private(op));
  PetscCall(PetscMalloc4(op->size + 1, &op->rng, op->size, &op->cnt, op->size, &op->dsp, op->size, &op->cntx));
  PetscCall(PetscMalloc2(n, &op->pbase, n, &op->pstride));
  for (PetscMPIInt r = 0; r <= op->size; r++) op->rng[r] = (n * r) / op->size;
  for (PetscMPIInt r = 0; r < op->size; r++) {
    PetscInt nr = op->rng[r + 1] - op->rng[r];
    PetscCall(PetscMPIIntCast(nc * nr, &op->cnt[r]));
    PetscCall(PetscMPIIntCast(nc * op->rng[r], &op->dsp[r]));
    for (PetscInt i = op->rng[r]; i < op->rng[r + 1]; i++) {
      op->pbase[i]   = nc * op->rng[r] + i - op->rng[r];
      op->pstride[i] = nr;
    }
  }
  op->i0 = op->rng[op->rank];
  op->i1 = op->rng[op->rank + 1];
  op->nl = op->i1 - op->i0;
  PetscCall(PetscMalloc5(op->Nx + 8, &op->V, op->Nx + 8, &op->U, op->Nx, &op->G, op->Nx, &op->F, PetscMax(nc * op->nl, 2 * op->N3), &op->Z));
  PetscCall(PetscMalloc3(nc * op->nl, &op->KU, nc * op->nl, &op->MU, nc * op->nl, &op->DU));
  PetscCall(PetscMalloc3(n * n, &op->Phi, n, &op->lam, op->nl, &op->kap));
  op->setup = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/* *dst = a copy of the n x n matrix src (NULL: none); the modes of the preconditioner are recomputed */
static PetscErrorCode SetMatrix_Private(TriboHBOp op, const PetscReal src[], PetscReal **dst)
{
  PetscFunctionBeginUser;
  PetscCall(TriboHBOpSetUp(op));
  if (src) {
    if (!*dst) PetscCall(PetscMalloc1(op->n * op->n, dst));
    PetscCall(PetscArraycpy(*dst, src, op->n * op->n));
  } else
    PetscCall(PetscFree(*dst));
  op->modal = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetReferenceTangent - The tangent of the joint the modal preconditioner assumes at every harmonic (e.g. the
  stuck tangent at the prestress, TriboJointEvaluate()); the modes of (K + Kt, M) are recomputed at the next solve.

  Collective

  Input Parameters:
+ op - the solver
- Kt - n x n, column-major, the same on every rank (symmetrized here), or NULL for none

  Notes:
  Costs one dense generalized eigenproblem of order n (LAPACK dsygvd, all modes) per call, not per solve.
@*/
PetscErrorCode TriboHBOpSetReferenceTangent(TriboHBOp op, const PetscReal Kt[])
{
  PetscFunctionBeginUser;
  PetscCall(SetMatrix_Private(op, Kt, &op->Kt));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetLinear - The linear part S(omega): S_0 = K, S_h = [[K - (h w)^2 M, h w D], [-h w D, K - (h w)^2 M]] on
  (cos, sin) of harmonic h, with D = alpha M + beta K.

  Logically collective

  Input Parameters:
+ op    - the solver
. omega - the fundamental angular frequency (rad/s)
. alpha - mass-proportional damping (1/s), e.g. Rayleigh's less the EPMC's xi (may be negative)
- beta  - stiffness-proportional damping (s)
@*/
PetscErrorCode TriboHBOpSetLinear(TriboHBOp op, PetscReal omega, PetscReal alpha, PetscReal beta)
{
  PetscFunctionBeginUser;
  op->omega = omega;
  op->alpha = alpha;
  op->beta  = beta;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetColumnScaling - Scales of the unknowns, one per coefficient column: the operator is (S + J_nl) diag(s)
  (EPMC: 1 for the zeroth harmonic, the amplitude A for h >= 1).

  Logically collective

  Input Parameters:
+ op - the solver, set up
- s  - ncoef nonzero values, the same on every rank
@*/
PetscErrorCode TriboHBOpSetColumnScaling(TriboHBOp op, const PetscReal s[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboHBOpSetUp(op));
  for (PetscInt k = 0; k < op->nc; k++) {
    PetscCheck(s[k] != 0, op->comm, PETSC_ERR_ARG_OUTOFRANGE, "column scale %" PetscInt_FMT " is zero", k);
    op->s[k] = s[k];
  }
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetDampingMatrix - The damping of the linear part is D = alpha M + beta Dm (TriboHBOpSetLinear()) with this
  matrix instead of K (e.g. the full viscous damping of an EPMC, Rayleigh on the prestressed tangent, with beta = 1).

  Logically collective

  Input Parameters:
+ op - the solver
- Dm - n x n, column-major, the same on every rank, or NULL for K (copied)
@*/
PetscErrorCode TriboHBOpSetDampingMatrix(TriboHBOp op, const PetscReal Dm[])
{
  PetscFunctionBeginUser;
  PetscCall(SetMatrix_Private(op, Dm, &op->Dm));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSetFixedStatic - Holds the zeroth harmonic: its rows of the operator become the identity and its unknowns
  couple into no other row (an EPMC about a fixed prestressed state, whose zeroth-harmonic equations are U0 - u_s = 0).

  Logically collective

  Notes:
  The border's entries in the zeroth-harmonic rows and columns are ignored; the caller's right-hand side there is the
  update of U0 itself.
@*/
PetscErrorCode TriboHBOpSetFixedStatic(TriboHBOp op, PetscBool fix)
{
  PetscFunctionBeginUser;
  op->fixh0 = fix;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpMultJacobian - y = J_nl v with the point blocks of the last TriboHBOpEvaluate() with jac (no column scaling).

  Collective

  Input Parameters:
+ op - the solver
- v  - Nx values, harmonic-major, the same on every rank

  Output Parameter:
. y - Nx values, identical on every rank
@*/
PetscErrorCode TriboHBOpMultJacobian(TriboHBOp op, const PetscReal v[], PetscReal y[])
{
  PetscInt  nc = op->nc, n = op->n, N3 = op->N3;
  PetscReal w[6 * 64];

  PetscFunctionBeginUser;
  PetscCheck(op->hasjac, op->comm, PETSC_ERR_ORDER, "call TriboHBOpEvaluate() with jac first");
  PetscCheck(N3 <= 3 * 64, op->comm, PETSC_ERR_SUP, "at most 64 coefficient columns");
  PetscCall(PetscArrayzero(y, nc * n));
  PetscCall(ApplyPoints_Private(op, v, w, PETSC_FALSE, y));
  PetscCall(TriboSumAll(op->comm, nc * n, y));
  PetscFunctionReturn(0);
}

/* T = AFT tractions of points [pa, pb) (local indices) with one law, and their blocks into Jp */
static PetscErrorCode EvaluateLaw_Private(TriboHBOp op, TriboLaw law, TriboLawMode mode, PetscInt pa, PetscInt pb, const PetscReal U[], PetscReal T[],
                                          PetscReal Jp[])
{
  const TriboLawCard *card;
  const PetscReal    *p;
  PetscInt            nl3 = 3 * op->joint->nloc, np = pb - pa, N3 = op->N3;
  PetscReal          *Us, *Ts;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(law, &card));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(PetscMalloc2(op->nc * 3 * np + 1, &Us, op->nc * 3 * np + 1, &Ts));
  for (PetscInt k = 0; k < op->nc; k++) PetscCall(PetscArraycpy(Us + k * 3 * np, U + k * nl3 + 3 * pa, 3 * np));
  PetscCall(TriboHBAFT(op->hb, card, p, mode, np, Us, Ts, Jp ? Jp + pa * N3 * N3 : NULL));
  for (PetscInt k = 0; k < op->nc; k++) PetscCall(PetscArraycpy(T + k * nl3 + 3 * pa, Ts + k * 3 * np, 3 * np));
  PetscCall(PetscFree2(Us, Ts));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpEvaluate - Harmonic generalized forces of the joint by the AFT and, optionally, this rank's point Jacobian
  blocks for the operator.

  Collective

  Input Parameters:
+ op   - the solver
. mode - TRIBO_LAW_FULL or TRIBO_LAW_NORMAL
. X    - harmonics of the ROM DOFs, X[k n + i] (ncoef n), the same on every rank
- jac  - PETSC_TRUE: keep the blocks dT_p/dU_p of the owned points; the next TriboHBOpSolve() uses them

  Output Parameter:
. F - harmonic forces, ncoef n, bitwise the same on every rank (TriboSumAll())

  Notes:
  The same forces as TriboJointEvaluateHB() (U_k = P X_k per point, TriboHBAFT() with the joint's law, F_k = W T_k),
  without assembling dF/dX: the operator applies sum_p W_p Jp_p P_p point by point.

.seealso: TriboJointEvaluateHB(), TriboHBOpSolve()
@*/
PetscErrorCode TriboHBOpEvaluate(TriboHBOp op, TriboLawMode mode, const PetscReal X[], PetscReal F[], PetscBool jac)
{
  TriboJoint     j;
  PetscInt       nc, n, nl3;
  PetscReal     *U, *T;
  PetscLogDouble t0, t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t0));
  PetscCall(TriboHBOpSetUp(op));
  j   = op->joint;
  nc  = op->nc;
  n   = op->n;
  nl3 = 3 * j->nloc;
  PetscCall(PetscMalloc2(nc * nl3 + 1, &U, nc * nl3 + 1, &T));
  for (PetscInt k = 0; k < nc; k++) // U_k = P X_k
    for (PetscInt r = 0; r < nl3; r++) {
      PetscReal s = 0;
      for (PetscInt q = j->prow[r]; q < j->prow[r + 1]; q++) s += j->pval[q] * X[k * n + j->pcol[q]];
      U[k * nl3 + r] = s;
    }
  if (j->gap) { // the point gaps off the constant term of u_n (TriboJointSetPointGap())
    PetscCheck(nc % 2 == 1, op->comm, PETSC_ERR_ARG_WRONGSTATE, "the interface has a mesoscale gap: the harmonics must include harmonic 0");
    for (PetscInt p = 0; p < j->nloc; p++) U[3 * p + 2] -= j->gap[j->p0 + p];
  }
  if (jac && !op->Jp) PetscCall(PetscMalloc1(j->nloc * op->N3 * op->N3 + 1, &op->Jp));
  for (PetscInt r = 0; r < j->nruns; r++) // each run of points with one law (law groups, discrete elements)
    PetscCall(EvaluateLaw_Private(op, j->laws[j->runs[r].law], mode, j->runs[r].p0, j->runs[r].p0 + j->runs[r].np, U, T, jac ? op->Jp : NULL));
  op->hasjac = jac;
  PetscCall(PetscArrayzero(F, nc * n)); // F_k = W T_k
  for (PetscInt k = 0; k < nc; k++)
    for (PetscInt r = 0; r < nl3; r++)
      for (PetscInt q = j->wrow[r]; q < j->wrow[r + 1]; q++) F[k * n + j->wcol[q]] += j->wval[q] * T[k * nl3 + r];
  PetscCall(TriboSumAll(op->comm, nc * n, F));
  PetscCall(PetscFree2(U, T));
  PetscCall(PetscTime(&t1));
  op->tevl = t1 - t0;
  PetscFunctionReturn(0);
}

/* Mat, Vecs and the KSP's operators for a border of m unknowns */
static PetscErrorCode CreateOperator_Private(TriboHBOp op, PetscInt m)
{
  PetscInt nloc = op->nc * op->nl + (op->rank == op->size - 1 ? m : 0);
  PC       pc;

  PetscFunctionBeginUser;
  if (op->A && op->m == m) PetscFunctionReturn(0);
  PetscCall(MatDestroy(&op->A));
  PetscCall(VecDestroy(&op->x));
  PetscCall(VecDestroy(&op->b));
  PetscCall(PetscFree3(op->Bl, op->Cl, op->E));
  PetscCall(PetscFree3(op->Yl, op->Sc, op->piv));
  op->m = m;
  PetscCall(MatCreateShell(op->comm, nloc, nloc, op->Nx + m, op->Nx + m, op, &op->A));
  PetscCall(MatShellSetOperation(op->A, MATOP_MULT, (void (*)(void))MatMult_Private));
  PetscCall(MatCreateVecs(op->A, &op->x, &op->b));
  PetscCall(PetscMalloc3(op->nc * op->nl * m + 1, &op->Bl, op->nc * op->nl * m + 1, &op->Cl, m * m + 1, &op->E));
  PetscCall(PetscMalloc3(op->nc * op->nl * m + 1, &op->Yl, m * m + 1, &op->Sc, m + 1, &op->piv));
  PetscCall(KSPReset(op->ksp));
  PetscCall(KSPSetOperators(op->ksp, op->A, op->A));
  PetscCall(KSPGetPC(op->ksp, &pc));
  if (op->pctype == TRIBO_HBOP_PC_MODAL) {
    PetscCall(PCSetType(pc, PCSHELL));
    PetscCall(PCShellSetContext(pc, op));
    PetscCall(PCShellSetApply(pc, PCApply_Private));
    PetscCall(PCShellSetName(pc, "bordered modal preconditioner of the HB Jacobian (TriboHBOp)"));
  } else
    PetscCall(PCSetType(pc, PCNONE));
  PetscFunctionReturn(0);
}

/* owned rows of B, C; E; with the modal preconditioner Y = (A0 diag(s))^-1 B and the LU of E - C^T Y */
static PetscErrorCode SetUpBorder_Private(TriboHBOp op, const PetscReal B[], const PetscReal C[], const PetscReal E[])
{
  PetscInt nc = op->nc, nl = op->nl, n = op->n, Nx = op->Nx, m = op->m, ml = nc * nl;

  PetscFunctionBeginUser;
  for (PetscInt jb = 0; jb < m; jb++)
    for (PetscInt k = 0; k < nc; k++)
      for (PetscInt a = 0; a < nl; a++) {
        op->Bl[a + nl * k + ml * jb] = B[k * n + op->i0 + a + Nx * jb];
        op->Cl[a + nl * k + ml * jb] = C[k * n + op->i0 + a + Nx * jb];
      }
  PetscCall(PetscArraycpy(op->E, E, m * m));
  if (op->pctype != TRIBO_HBOP_PC_MODAL) PetscFunctionReturn(0);
  PetscCall(Modal_Private(op));
  for (PetscInt jb = 0; jb < m; jb++) PetscCall(ApplyA0Inv_Private(op, B + Nx * jb, op->Yl + ml * jb));
  if (m) {
    PetscBLASInt bm, info;
    for (PetscInt c = 0; c < m; c++)
      for (PetscInt r = 0; r < m; r++) {
        PetscReal sum = 0;
        for (PetscInt a = 0; a < ml; a++) sum += op->Cl[a + ml * r] * op->Yl[a + ml * c];
        op->Sc[r + m * c] = sum;
      }
    PetscCall(TriboSumAll(op->comm, m * m, op->Sc));
    for (PetscInt a = 0; a < m * m; a++) op->Sc[a] = E[a] - op->Sc[a];
    PetscCall(PetscBLASIntCast(m, &bm));
    PetscCallBLAS("LAPACKgetrf", LAPACKgetrf_(&bm, &bm, op->Sc, &bm, op->piv, &info));
    PetscCheck(info == 0, op->comm, PETSC_ERR_MAT_LU_ZRPVT,
               "the border's Schur complement E - C^T (A0 diag(s))^-1 B is singular (LAPACK getrf info %d)", (int)info);
  }
  PetscFunctionReturn(0);
}

/* -hbop_direct: the bordered matrix assembled (MPIAIJ, the operator's layout) and factored by MUMPS */
static PetscErrorCode SolveDirect_Private(TriboHBOp op, const PetscReal B[], const PetscReal C[], const PetscReal E[], const PetscReal b[],
                                          PetscReal z[], PetscBool *ok)
{
  TriboJoint         j = op->joint;
  PetscInt           n = op->n, nc = op->nc, nl = op->nl, Nx = op->Nx, m = op->m, N3 = op->N3, nloc, *cols, *ra, *cb, nra, ncb;
  PetscReal         *row, *Wd, *Pd, *x;
  Mat                A;
  KSP                ksp;
  PC                 pc;
  KSPConvergedReason reason;

  PetscFunctionBeginUser;
  nloc = nc * nl + (op->rank == op->size - 1 ? m : 0);
  PetscCall(MatCreateAIJ(op->comm, nloc, nloc, Nx + m, Nx + m, nloc, NULL, Nx + m - nloc, NULL, &A));
  PetscCall(MatSetOption(A, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  PetscCall(PetscMalloc2(n + m, &row, n + m, &cols));
  for (PetscInt k = 0; k < nc; k++) // linear rows: S blocks times s, and the border's columns
    for (PetscInt i = op->i0; i < op->i1; i++) {
      PetscInt  gr = op->pbase[i] + k * op->pstride[i], h = op->hk[k], kc = (h && (k - nc % 2) % 2) ? k - 1 : k; // kc: the cos column of h
      PetscReal w = h * op->omega;
      if (op->fixh0 && !h) { // held zeroth harmonic: an identity row, no border
        PetscCall(MatSetValue(A, gr, gr, 1.0, ADD_VALUES));
        continue;
      }
      for (PetscInt l = (h ? kc : k); l <= (h ? kc + 1 : k); l++) {
        for (PetscInt c = 0; c < n; c++) {
          PetscReal Kv = op->K[i + n * c], Mv = op->M[i + n * c], Dv = op->alpha * Mv + op->beta * (op->Dm ? op->Dm[i + n * c] : Kv), v;
          if (!h)
            v = Kv;
          else if (l == k)
            v = Kv - w * w * Mv;
          else
            v = (k == kc ? w : -w) * Dv; // cos row, sin column: +w D; sin row, cos column: -w D
          row[c]  = v * op->s[l];
          cols[c] = op->pbase[c] + l * op->pstride[c];
        }
        PetscCall(MatSetValues(A, 1, &gr, n, cols, row, ADD_VALUES));
      }
      for (PetscInt jb = 0; jb < m; jb++) {
        PetscInt gc = Nx + jb;
        PetscCall(MatSetValue(A, gr, gc, B[k * n + i + Nx * jb], ADD_VALUES));
      }
    }
  if (op->rank == op->size - 1)
    for (PetscInt jb = 0; jb < m; jb++) {
      PetscInt gr = Nx + jb;
      for (PetscInt k = 0; k < nc; k++) {
        if (op->fixh0 && !op->hk[k]) continue;
        for (PetscInt c = 0; c < n; c++) {
          row[c]  = C[k * n + c + Nx * jb];
          cols[c] = op->pbase[c] + k * op->pstride[c];
        }
        PetscCall(MatSetValues(A, 1, &gr, n, cols, row, ADD_VALUES));
      }
      for (PetscInt l = 0; l < m; l++) PetscCall(MatSetValue(A, gr, Nx + l, E[jb + m * l], ADD_VALUES));
    }
  PetscCall(PetscMalloc4(3 * n, &ra, 3 * n, &cb, 3 * n * 3 + 1, &Wd, 3 * n * 3 + 1, &Pd));
  for (PetscInt p = 0; op->hasjac && p < j->nloc; p++) { // W_p Jp_p P_p, rows and columns of this point only
    PetscInt  *ir, *ic;
    PetscReal *tmp;
    nra = ncb = 0;
    for (PetscInt r = 3 * p; r < 3 * p + 3; r++) {
      for (PetscInt q = j->wrow[r]; q < j->wrow[r + 1]; q++) ra[nra++] = j->wcol[q];
      for (PetscInt q = j->prow[r]; q < j->prow[r + 1]; q++) cb[ncb++] = j->pcol[q];
    }
    PetscCall(PetscSortRemoveDupsInt(&nra, ra));
    PetscCall(PetscSortRemoveDupsInt(&ncb, cb));
    PetscCall(PetscArrayzero(Wd, 3 * nra));
    PetscCall(PetscArrayzero(Pd, 3 * ncb));
    for (PetscInt c = 0; c < 3; c++) {
      PetscInt r = 3 * p + c, at;
      for (PetscInt q = j->wrow[r]; q < j->wrow[r + 1]; q++) {
        PetscCall(PetscFindInt(j->wcol[q], nra, ra, &at));
        Wd[3 * at + c] += j->wval[q];
      }
      for (PetscInt q = j->prow[r]; q < j->prow[r + 1]; q++) {
        PetscCall(PetscFindInt(j->pcol[q], ncb, cb, &at));
        Pd[3 * at + c] += j->pval[q];
      }
    }
    PetscCall(PetscMalloc3(nra, &ir, ncb, &ic, nra * ncb, &tmp));
    for (PetscInt kr = 0; kr < nc; kr++)
      for (PetscInt kc = 0; kc < nc; kc++) {
        const PetscReal *Jq = op->Jp + p * N3 * N3;
        if (op->fixh0 && (!op->hk[kr] || !op->hk[kc])) continue;
        for (PetscInt a = 0; a < nra; a++) {
          PetscReal wj[3];
          for (PetscInt c = 0; c < 3; c++) {
            wj[c] = 0;
            for (PetscInt r = 0; r < 3; r++) wj[c] += Wd[3 * a + r] * Jq[(3 * kr + r) * N3 + 3 * kc + c];
          }
          for (PetscInt bq = 0; bq < ncb; bq++)
            tmp[a * ncb + bq] = (wj[0] * Pd[3 * bq] + wj[1] * Pd[3 * bq + 1] + wj[2] * Pd[3 * bq + 2]) * op->s[kc];
          ir[a] = op->pbase[ra[a]] + kr * op->pstride[ra[a]];
        }
        for (PetscInt bq = 0; bq < ncb; bq++) ic[bq] = op->pbase[cb[bq]] + kc * op->pstride[cb[bq]];
        PetscCall(MatSetValues(A, nra, ir, ncb, ic, tmp, ADD_VALUES));
      }
    PetscCall(PetscFree3(ir, ic, tmp));
  }
  PetscCall(PetscFree4(ra, cb, Wd, Pd));
  PetscCall(PetscFree2(row, cols));
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(KSPCreate(op->comm, &ksp));
  PetscCall(KSPSetOptionsPrefix(ksp, "hbop_direct_"));
  PetscCall(KSPSetType(ksp, KSPPREONLY));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCLU));
  PetscCall(PCFactorSetMatSolverType(pc, MATSOLVERMUMPS));
  PetscCall(KSPSetOperators(ksp, A, A));
  {
    Mat Fm;
    PetscCall(PCFactorSetUpMatSolverType(pc));
    PetscCall(PCFactorGetMatrix(pc, &Fm));
    PetscCall(MatMumpsSetIcntl(Fm, 14, 200)); // dense rows and off-diagonal pivoting: room for 200 % more than estimated
  }
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(VecGetArray(op->b, &x));
  for (PetscInt k = 0; k < nc; k++)
    for (PetscInt a = 0; a < nl; a++) x[a + nl * k] = b[k * n + op->i0 + a];
  if (op->rank == op->size - 1)
    for (PetscInt jb = 0; jb < m; jb++) x[nc * nl + jb] = b[Nx + jb];
  PetscCall(VecRestoreArray(op->b, &x));
  PetscCall(KSPSolve(ksp, op->b, op->x));
  PetscCall(KSPGetConvergedReason(ksp, &reason));
  *ok = reason > 0 ? PETSC_TRUE : PETSC_FALSE;
  PetscCall(KSPDestroy(&ksp));
  PetscCall(MatDestroy(&A));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpSolve - Solves the bordered system [[(S(omega) + J_nl) diag(s), B], [C^T, E]] z = b.

  Collective

  Input Parameters:
+ op - the solver, after TriboHBOpEvaluate() with jac (or without: J_nl = 0)
. m  - border size, 0 <= m <= 8
. B  - Nx x m, column-major (Nx = ncoef n), the same on every rank
. C  - Nx x m, column-major, the same on every rank
. E  - m x m, column-major
- b  - right-hand side, Nx + m, the same on every rank

  Output Parameters:
+ z   - the solution, Nx + m, bitwise the same on every rank
. its - Krylov iterations (NULL to skip; 0 for -hbop_direct)
- ok  - whether the Krylov solver converged (NULL to skip)

  Notes:
  GMRES (-hbop_ksp_*) on the MatShell of the whole bordered system with the bordered modal preconditioner (see the
  head of src/rom/hbop.c): the preconditioner is exact for a stuck joint (J_nl = blockdiag(Kt)) without stiffness
  damping, so the iterations grow with the slipping part of the interface only. The modes are computed at the first
  solve after TriboHBOpSetReferenceTangent(); each solve costs m applications of the preconditioner to B, then one
  operator and one preconditioner application per iteration (four gemms of the owned rows by n by ncoef).

.seealso: TriboHBOpEvaluate(), TriboHBOpSetLinear(), TriboHBOpSetReferenceTangent()
@*/
PetscErrorCode TriboHBOpSolve(TriboHBOp op, PetscInt m, const PetscReal B[], const PetscReal C[], const PetscReal E[], const PetscReal b[],
                              PetscReal z[], PetscInt *its, PetscBool *ok)
{
  PetscInt           nc, nl, n, Nx, it = 0;
  PetscReal         *x;
  const PetscReal   *xs;
  PetscBool          conv = PETSC_TRUE;
  KSPConvergedReason reason;
  PetscLogDouble     t0, t1, t2;

  PetscFunctionBeginUser;
  PetscCall(TriboHBOpSetUp(op));
  PetscCheck(m >= 0 && m <= 8, op->comm, PETSC_ERR_ARG_OUTOFRANGE, "border of %" PetscInt_FMT " unknowns: 0 to 8 supported", m);
  PetscCall(PetscTime(&t0));
  nc = op->nc;
  nl = op->nl;
  n  = op->n;
  Nx = op->Nx;
  PetscCall(CreateOperator_Private(op, m));
  op->nmult = 0;
  if (op->direct) {
    PetscCall(PetscTime(&t1));
    PetscCall(SolveDirect_Private(op, B, C, E, b, z, &conv));
  } else {
    PetscCall(SetUpBorder_Private(op, B, C, E));
    PetscCall(PetscTime(&t1));
    PetscCall(VecGetArray(op->b, &x));
    for (PetscInt k = 0; k < nc; k++)
      for (PetscInt a = 0; a < nl; a++) x[a + nl * k] = b[k * n + op->i0 + a];
    if (op->rank == op->size - 1)
      for (PetscInt jb = 0; jb < m; jb++) x[nc * nl + jb] = b[Nx + jb];
    PetscCall(VecRestoreArray(op->b, &x));
    PetscCall(KSPSolve(op->ksp, op->b, op->x));
    PetscCall(KSPGetConvergedReason(op->ksp, &reason));
    PetscCall(KSPGetIterationNumber(op->ksp, &it));
    conv = reason > 0 ? PETSC_TRUE : PETSC_FALSE;
  }
  PetscCall(VecGetArrayRead(op->x, &xs));
  PetscCall(Gather_Private(op, xs, m, z));
  PetscCall(VecRestoreArrayRead(op->x, &xs));
  PetscCall(PetscTime(&t2));
  op->tset = t1 - t0;
  op->tsol = t2 - t1;
  op->its  = it;
  if (its) *its = it;
  if (ok) *ok = conv;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpGetKSP - The Krylov solver (prefix hbop_) of TriboHBOpSolve().

  Not collective
@*/
PetscErrorCode TriboHBOpGetKSP(TriboHBOp op, KSP *ksp)
{
  PetscFunctionBeginUser;
  *ksp = op->ksp;
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpView - Sizes, preconditioner, and the times and iterations of the last evaluation and solve.

  Collective
@*/
PetscErrorCode TriboHBOpView(TriboHBOp op, PetscViewer viewer)
{
  PetscFunctionBeginUser;
  if (!viewer) PetscCall(PetscViewerASCIIGetStdout(op->comm, &viewer));
  PetscCall(PetscViewerASCIIPrintf(viewer,
                                   "TriboHBOp: %" PetscInt_FMT " DOFs x %" PetscInt_FMT " coefficient columns = %" PetscInt_FMT
                                   " unknowns, border %" PetscInt_FMT ", %d ranks\n",
                                   op->n, op->nc, op->Nx, op->m, op->size));
  PetscCall(
      PetscViewerASCIIPrintf(viewer, "  %s; omega %g, alpha %g, beta %g, modal clip %g%s\n",
                             op->direct ? "direct (assembled, MUMPS)"
                                        : (op->pctype == TRIBO_HBOP_PC_MODAL ? "GMRES, bordered modal preconditioner" : "GMRES, no preconditioner"),
                             (double)op->omega, (double)op->alpha, (double)op->beta, (double)op->clip, op->Kt ? ", reference tangent set" : ""));
  PetscCall(PetscViewerASCIIPrintf(viewer, "  last: evaluation %.3f s, setup %.3f s, solve %.3f s, %" PetscInt_FMT " iterations\n", (double)op->tevl,
                                   (double)op->tset, (double)op->tsol, op->its));
  PetscFunctionReturn(0);
}

/*@
  TriboHBOpDestroy - Destroys the solver (not its joint or harmonics).

  Collective
@*/
PetscErrorCode TriboHBOpDestroy(TriboHBOp *op)
{
  TriboHBOp o = *op;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(op, TRIBO_HBOP_CLASSID);
  PetscCall(MatDestroy(&o->A));
  PetscCall(VecDestroy(&o->x));
  PetscCall(VecDestroy(&o->b));
  PetscCall(KSPDestroy(&o->ksp));
  PetscCall(PetscFree3(o->Bl, o->Cl, o->E));
  PetscCall(PetscFree3(o->Yl, o->Sc, o->piv));
  if (o->setup) {
    PetscCall(PetscFree2(o->hk, o->s));
    PetscCall(PetscFree4(o->rng, o->cnt, o->dsp, o->cntx));
    PetscCall(PetscFree2(o->pbase, o->pstride));
    PetscCall(PetscFree5(o->V, o->U, o->G, o->F, o->Z));
    PetscCall(PetscFree3(o->KU, o->MU, o->DU));
    PetscCall(PetscFree3(o->Phi, o->lam, o->kap));
  }
  PetscCall(PetscFree(o->Kt));
  PetscCall(PetscFree(o->Dm));
  PetscCall(PetscFree(o->Jp));
  PetscCall(PetscHeaderDestroy(op));
  PetscFunctionReturn(0);
}
