static char help[] = "The coupled compliance C_* = C + W_b^T K~^+ W_b (eq. 15) on the built-in lap beam's interface.\n";
/* The half-space grid (48 x 10, E = 210 GPa, nu = 0.3) over the interface of the built-in lap-beam frame ROM (TriboModelLapFrame():
   12 x 4 quadrilaterals over 121.4 x 25.4 mm), coupled by TriboContactCouplingCreate() / SetGrid(). Checked:
   1. the shape functions of every grid point inside a face sum to 1 (largest |sum - 1|, atol 1e-12) and the inside points cover the
      interface: their area over the faces' area (the ROM's quadrature) is 1 within one cell row along the border (printed, rtol 1e-6);
   2. the operator is symmetric: |<a, C_* b> - <C_* a, b>| over |a| |C_* b| for random tractions a, b (3 components), below 1e-12;
   3. the structural part C_* p - C p (K~^+ from the modes of K~, M~) equals W_b^T q with q from an independent Cholesky
      factorization of K~ (LAPACK potrf; the frame model hangs on springs, K~ is definite) with f = W_b p dA, within 1e-6 of its
      largest value (measured 1.3e-7: the soft suspension makes K~ badly conditioned);
   4. the block products that the solvers use (op.applyblock: the normal block G_nn and the tangential block G_tt, which stream only
      their rows of the structural part) equal those components of the full product with the other block's input zero, and the
      full product with one block zero (its shortcut) plus the other's is the full product C_* b (largest difference over the
      largest entry, below 1e-13).
   1 and 2 ranks print the same. */
#include <tribo/private/contactimpl.h>
#include <tribomodel.h>
#include <petscblaslapack.h>

int main(int argc, char **argv)
{
  TriboROM             rom;
  TriboHalfSpace       hs;
  TriboContactCoupling cp;
  TriboContactOperator op;
  PetscInt             nx = 48, ny = 10, j0, nyl, nl, n;
  PetscReal   box[4], dx, dy, x0, y0, *buf, *a[3], *b[3], *Ca[3], *Cb[3], *Hb[3], *gr[3], s[6] = {0, 0, 0, 0, 0, 0}, sum1 = 0, area = 0, farea;
  PetscReal  *f, *K, *q, dmax = 0, gmax = 0;
  PetscRandom r;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriboModelBuild(PETSC_COMM_WORLD, "lapframe", &rom));
  PetscCall(TriboContactCouplingCreate(PETSC_COMM_WORLD, rom, 0, NULL, 0, 0, 0, &cp));
  PetscCall(TriboContactCouplingGetBox(cp, box));
  dx = (box[1] - box[0]) / nx, dy = (box[3] - box[2]) / ny, x0 = box[0] + dx / 2, y0 = box[2] + dy / 2;
  PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &hs));
  PetscCall(TriboHalfSpaceSetGrid(hs, nx, ny, dx, dy));
  PetscCall(TriboHalfSpaceSetMaterial(hs, 210e9, 0.3));
  PetscCall(TriboHalfSpaceSetTangential(hs, PETSC_TRUE));
  PetscCall(TriboHalfSpaceSetUp(hs));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  nl = nx * nyl, n = cp->n;
  PetscCall(TriboContactCouplingSetGrid(cp, hs, x0, y0));
  PetscCall(PetscMemzero(&op, sizeof(op)));
  PetscCall(TriboContactCouplingGetOperator(cp, 3, &op));
  // 1. partition of unity, covered area
  for (PetscInt k = 0; k < nl; k++)
    if (cp->inside[k]) {
      PetscReal t = 0;
      for (PetscInt c = 0; c < 4; c++) t += cp->gw[4 * k + c];
      sum1 = PetscMax(sum1, PetscAbsReal(t - 1)), area += dx * dy;
    }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &sum1, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &area, 1, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));
  PetscCall(TriboInterfaceGetArea(rom->iface, &farea));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "partition of unity: largest |sum N - 1| below 1e-12: %s; inside area / face area %.6f\n",
                        sum1 < 1e-12 ? "yes" : "no", (double)(area / farea)));
  // 2. symmetry with random tractions (the same numbers on any rank count: drawn for the whole grid, kept for the local rows)
  PetscCall(PetscMalloc1(15 * nl + 1, &buf));
  for (PetscInt c = 0; c < 3; c++)
    a[c] = buf + c * nl, b[c] = buf + (3 + c) * nl, Ca[c] = buf + (6 + c) * nl, Cb[c] = buf + (9 + c) * nl, Hb[c] = buf + (12 + c) * nl;
  PetscCall(PetscRandomCreate(PETSC_COMM_SELF, &r));
  PetscCall(PetscRandomSetInterval(r, -1e6, 1e6));
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt j = 0; j < ny; j++)
      for (PetscInt i = 0; i < nx; i++) {
        PetscReal va, vb;
        PetscCall(PetscRandomGetValueReal(r, &va));
        PetscCall(PetscRandomGetValueReal(r, &vb));
        if (j >= j0 && j < j0 + nyl) {
          PetscInt k = (j - j0) * nx + i;
          a[c][k] = cp->inside[k] ? va : 0, b[c][k] = cp->inside[k] ? vb : 0;
        }
      }
  PetscCall(PetscRandomDestroy(&r));
  PetscCall(op.apply(op.ctx, (const PetscReal *const *)a, Ca));
  PetscCall(op.apply(op.ctx, (const PetscReal *const *)b, Cb));
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt k = 0; k < nl; k++) s[0] += a[c][k] * Cb[c][k], s[1] += Ca[c][k] * b[c][k], s[2] += a[c][k] * a[c][k], s[3] += Cb[c][k] * Cb[c][k];
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 4, MPIU_REAL, MPIU_SUM, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "symmetric: |<a, C b> - <C a, b>| / (|a| |C b|) below 1e-12: %s; <a, C a> > 0: %s\n",
                        PetscAbsReal(s[0] - s[1]) / PetscSqrtReal(s[2] * s[3]) < 1e-12 ? "yes" : "no", s[0] != 0 ? "yes" : "no"));
  // 3. the structural part against a Cholesky solve of K~
  PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_ZZ, b[0], Hb[0]));
  PetscCall(TriboHalfSpaceApplyDense(hs, TRIBO_HS_XX, b[1], Hb[1]));
  PetscCall(TriboHalfSpaceApplyDense(hs, TRIBO_HS_XY, b[2], Ca[0]));
  for (PetscInt k = 0; k < nl; k++) Hb[1][k] += Ca[0][k];
  PetscCall(TriboHalfSpaceApplyDense(hs, TRIBO_HS_YY, b[2], Hb[2]));
  PetscCall(TriboHalfSpaceApplyDense(hs, TRIBO_HS_XY, b[1], Ca[0]));
  for (PetscInt k = 0; k < nl; k++) Hb[2][k] += Ca[0][k];
  PetscCall(PetscMalloc3(n, &f, n * n, &K, n, &q));
  PetscCall(TriboContactCouplingForce(cp, (const PetscReal *const *)b, f));
  {
    const PetscScalar *ka;
    PetscBLASInt       bn, one = 1, info, lda;
    PetscInt           ld;
    PetscCall(MatDenseGetLDA(rom->K, &ld));
    PetscCall(MatDenseGetArrayRead(rom->K, &ka));
    for (PetscInt j = 0; j < n; j++)
      for (PetscInt i = 0; i < n; i++) K[j * n + i] = ka[j * ld + i];
    PetscCall(MatDenseRestoreArrayRead(rom->K, &ka));
    PetscCall(PetscBLASIntCast(n, &bn));
    lda = bn;
    for (PetscInt j = 0; j < n; j++) q[j] = f[j];
    PetscCallBLAS("LAPACKpotrf", LAPACKpotrf_("L", &bn, K, &lda, &info));
    PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_LIB, "potrf %d", (int)info);
    PetscCallBLAS("LAPACKpotrs", LAPACKpotrs_("L", &bn, &one, K, &lda, q, &bn, &info));
  }
  for (PetscInt c = 0; c < 3; c++) gr[c] = Ca[c];
  PetscCall(TriboContactCouplingGap(cp, q, gr));
  for (PetscInt c = 0; c < 3; c++)
    for (PetscInt k = 0; k < nl; k++)
      dmax = PetscMax(dmax, PetscAbsReal(Cb[c][k] - Hb[c][k] - gr[c][k])), gmax = PetscMax(gmax, PetscAbsReal(gr[c][k]));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &dmax, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &gmax, 1, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "structural part against a Cholesky solve of K: difference below 1e-6 of the largest gap: %s\n",
                        dmax < 1e-6 * gmax ? "yes" : "no"));
  PetscCall(PetscInfo(NULL, "structural difference %g of %g\n", (double)dmax, (double)gmax));
  // 4. the block products against the full one (Cb = C_* b; a, Ca, Hb reused as scratch)
  {
    PetscReal       *zero = a[0], *o1[3] = {Ca[0], Ca[1], Ca[2]}, *o2[3] = {Hb[0], Hb[1], Hb[2]}, e[2] = {0, 0}, bn[1], bt[2];
    const PetscReal *in1[3], *in2[3], *ib1[1] = {b[0]}, *ib2[2] = {b[1], b[2]};
    PetscReal       *ob1[1] = {a[1]}, *ob2[2] = {a[2], NULL}, *t2;
    PetscCall(PetscMalloc1(nl + 1, &t2));
    ob2[1] = t2;
    for (PetscInt k = 0; k < nl; k++) zero[k] = 0;
    in1[0] = b[0], in1[1] = zero, in1[2] = zero, in2[0] = zero, in2[1] = b[1], in2[2] = b[2];
    PetscCall(op.apply(op.ctx, in1, o1));
    PetscCall(op.apply(op.ctx, in2, o2));
    PetscCall(op.applyblock(op.ctx, 0, 1, ib1, ob1));
    PetscCall(op.applyblock(op.ctx, 1, 2, ib2, ob2));
    for (PetscInt k = 0; k < nl; k++) {
      bn[0] = PetscAbsReal(ob1[0][k] - o1[0][k]), bt[0] = PetscAbsReal(ob2[0][k] - o2[1][k]), bt[1] = PetscAbsReal(ob2[1][k] - o2[2][k]);
      e[0] = PetscMax(e[0], PetscMax(bn[0], PetscMax(bt[0], bt[1])));
      for (PetscInt c = 0; c < 3; c++)
        e[0] = PetscMax(e[0], PetscAbsReal(o1[c][k] + o2[c][k] - Cb[c][k])), e[1] = PetscMax(e[1], PetscAbsReal(Cb[c][k]));
    }
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, e, 2, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "block products (normal, tangential) and the zero-block shortcut equal the full product within 1e-13: %s\n",
                          e[0] < 1e-13 * e[1] ? "yes" : "no"));
    PetscCall(PetscInfo(NULL, "block products: largest difference %g of %g\n", (double)e[0], (double)e[1]));
    PetscCall(PetscFree(t2));
  }
  PetscCall(PetscFree3(f, K, q));
  PetscCall(PetscFree(buf));
  PetscCall(TriboContactCouplingDestroy(&cp));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2
    output: t605-coupling.out
    rtol: 1e-6
TEST*/
