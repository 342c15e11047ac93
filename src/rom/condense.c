/* Second-stage Craig-Bampton of a ROM: keep the DOFs the interface acts on, replace the others
   by their static response plus a few of their fixed-interface modes.

   The nonlinear force acts only on the DOFs b touched by L (the relative interface DOFs of a
   Craig-Bampton ROM in relative coordinates). Writing x = [x_b; x_o], the map
     x = T [x_b; eta],  T = [I, 0; Psi, Phi],  Psi = -K_oo^{-1} K_ob,
   with Phi the first m mass-normalized modes of (K_oo, M_oo), is exact in statics (the Guyan
   part) and keeps the dynamics of the rest of the structure up to the m-th mode with the
   interface held (paper linder-gross-krack §2.2, applied a second time with the interface DOFs as
   boundary). The relative DOFs do not hold the assembly in space: rigid-body modes of the rest
   are kept in addition to the m modes, and Psi is computed on their M-orthogonal complement. It shrinks the mean interface DOFs and the first-
   stage modes of a BRB reduction
   (n = 4106) to n_b + m, which the dense Newton solves of RQNMA need. */
#include <triborom.h>
#include <tribonum.h>
#include <petscblaslapack.h>

/*@
  TriboROMCondense - Reduces a ROM to the DOFs its interface acts on plus m modes of the rest.

  Collective

  Input Parameters:
+ rom - the ROM (replaced in place)
- m   - modes of the non-interface part to keep

  Notes:
  M, K, Fv, R and L are transformed with T; Q and T of the interface are unchanged. The title
  records the condensation.
@*/
PetscErrorCode TriboROMCondense(TriboROM rom, PetscInt m)
{
  PetscInt     n = rom->n, nb = 0, no, nr, *bidx, *oidx;
  PetscReal   *Koo, *Moo, *Kob, *Tm, *w;
  Mat          sub[3]; // K_oo, M_oo, -K_ob
  PetscBLASInt bno, bnb, bm, info;

  PetscFunctionBeginUser;
  PetscCheck(rom->iface && rom->iface->L, rom->comm, PETSC_ERR_ARG_WRONGSTATE, "condensation needs an interface (L)");
  PetscCall(TriboMatGetNonzeroColumns(rom->iface->L, &nb, &bidx));
  no = n - nb;
  m  = PetscMin(m, no);
  PetscCheck(m >= 0, rom->comm, PETSC_ERR_USER_INPUT, "the number of modes to keep must be >= 0, got %" PetscInt_FMT " (option -rom_condense_modes)",
             m);
  if (no == 0) {
    PetscCall(PetscFree(bidx));
    PetscFunctionReturn(0);
  }
  PetscCall(PetscMalloc1(no, &oidx));
  for (PetscInt i = 0, a = 0, b = 0; i < n; i++) {
    if (a < nb && bidx[a] == i)
      a++;
    else
      oidx[b++] = i;
  }
  { // K_oo, M_oo and -K_ob: dense sub-matrices of K and M
    IS iso, isb;
    PetscCall(ISCreateGeneral(PETSC_COMM_SELF, no, oidx, PETSC_USE_POINTER, &iso));
    PetscCall(ISCreateGeneral(PETSC_COMM_SELF, nb, bidx, PETSC_USE_POINTER, &isb));
    PetscCall(MatCreateSubMatrix(rom->K, iso, iso, MAT_INITIAL_MATRIX, &sub[0]));
    PetscCall(MatCreateSubMatrix(rom->M, iso, iso, MAT_INITIAL_MATRIX, &sub[1]));
    PetscCall(MatCreateSubMatrix(rom->K, iso, isb, MAT_INITIAL_MATRIX, &sub[2]));
    PetscCall(MatScale(sub[2], -1.0));
    PetscCall(ISDestroy(&iso));
    PetscCall(ISDestroy(&isb));
    for (PetscInt k = 0; k < 3; k++) {
      PetscInt lda;
      PetscCall(MatDenseGetLDA(sub[k], &lda));
      PetscCheck(lda == no, PETSC_COMM_SELF, PETSC_ERR_PLIB, "dense sub-matrix with leading dimension %" PetscInt_FMT ", expected %" PetscInt_FMT,
                 lda, no);
    }
    PetscCall(MatDenseGetArray(sub[0], &Koo));
    PetscCall(MatDenseGetArray(sub[1], &Moo));
    PetscCall(MatDenseGetArray(sub[2], &Kob));
  }
  PetscCall(PetscMalloc1(no, &w));
  PetscCall(PetscBLASIntCast(no, &bno));
  PetscCall(PetscBLASIntCast(nb, &bnb));
  PetscCall(PetscBLASIntCast(m, &bm));
  // T (n x nr, column-major): identity on b, Psi and Phi on o
  { // modes of (K_oo, M_oo): the first m elastic ones and every rigid-body one (LAPACK dsygvx by index)
    PetscReal *Kc, *Mc, *Z, *L, *PK, wmax;
    PetscInt   nwant = PetscMin(m + 6, no), nrig = 0;
    PetscCall(PetscMalloc3(no * no, &Kc, no * no, &Mc, no * nwant + 1, &Z));
    PetscCall(PetscArraycpy(Kc, Koo, no * no));
    PetscCall(PetscArraycpy(Mc, Moo, no * no));
    PetscCall(TriboDenseEigenLowest(no, Kc, Mc, nwant, w, Z));
    // rigid-body modes of the part with the interface held: the relative DOFs do not fix the
    // assembly in space, so a free-free structure has up to 6 (omega^2 ~ 0 relative to the rest)
    wmax = PetscAbsReal(w[nwant - 1]);
    for (PetscInt k = 0; k < nwant; k++)
      if (PetscAbsReal(w[k]) <= 1e-8 * wmax) nrig++;
    m  = PetscMin(m + nrig, nwant);
    nr = nb + m;
    PetscCall(PetscCalloc1(n * nr, &Tm));
    for (PetscInt j = 0; j < nb; j++) Tm[bidx[j] + n * j] = 1.0;
    for (PetscInt k = 0; k < m; k++)
      for (PetscInt i = 0; i < no; i++) Tm[oidx[i] + n * (nb + k)] = Z[i + no * k];
    // Psi = -K_s^{-1} P K_ob: K_s = K_oo + M_oo Phi_r s Phi_r^T M_oo is K_oo with its rigid modes
    // shifted to s > 0, P = I - M_oo Phi_r Phi_r^T removes the rigid resultant of the load; then
    // Psi is M-orthogonal to the rigid modes (kept as DOFs) and exact for the elastic response.
    PetscCall(PetscMalloc2(no * no, &L, no * nrig + 1, &PK));
    PetscCall(PetscArraycpy(L, Koo, no * no));
    if (nrig) {
      PetscReal *MZ, s = nrig < nwant ? w[nrig] : 1.0;
      PetscCall(PetscMalloc1(no * nrig, &MZ));
      for (PetscInt k = 0; k < nrig; k++)
        for (PetscInt i = 0; i < no; i++) {
          PetscReal v = 0;
          for (PetscInt j = 0; j < no; j++) v += Moo[i + no * j] * Z[j + no * k];
          MZ[i + no * k] = v;
        }
      for (PetscInt j = 0; j < no; j++)
        for (PetscInt i = 0; i < no; i++)
          for (PetscInt k = 0; k < nrig; k++) L[i + no * j] += s * MZ[i + no * k] * MZ[j + no * k];
      for (PetscInt c = 0; c < nb; c++) // P applied to each column of -K_ob
        for (PetscInt k = 0; k < nrig; k++) {
          PetscReal a = 0;
          for (PetscInt i = 0; i < no; i++) a += Z[i + no * k] * Kob[i + no * c];
          for (PetscInt i = 0; i < no; i++) Kob[i + no * c] -= MZ[i + no * k] * a;
        }
      PetscCall(PetscFree(MZ));
    }
    PetscCallBLAS("LAPACKpotrf", LAPACKpotrf_("L", &bno, L, &bno, &info));
    PetscCheck(!info, rom->comm, PETSC_ERR_USER_INPUT,
               "condensation: the stiffness of the non-interface DOFs is singular beyond its %" PetscInt_FMT " rigid-body modes (leading minor %d)",
               nrig, (int)info);
    PetscCallBLAS("LAPACKpotrs", LAPACKpotrs_("L", &bno, &bnb, L, &bno, Kob, &bno, &info));
    for (PetscInt j = 0; j < nb; j++)
      for (PetscInt i = 0; i < no; i++) Tm[oidx[i] + n * j] = Kob[i + no * j];
    PetscCall(PetscFree2(L, PK));
    PetscCall(PetscFree3(Kc, Mc, Z));
    if (nrig) PetscCall(PetscInfo(NULL, "condensation: %" PetscInt_FMT " rigid-body modes kept\n", nrig));
  }
  PetscCall(TriboROMTransform(rom, nr, Tm, nr - nb));
  { // L_r = L T = [L_b, 0]: the b columns of L, then nr - nb zero columns for the modes (any o columns of L: they are zero)
    Mat      Lr;
    IS       isr, isc;
    PetscInt mr, *cols;
    PetscCall(MatGetSize(rom->iface->L, &mr, NULL));
    PetscCall(PetscMalloc1(nr, &cols));
    PetscCall(PetscArraycpy(cols, bidx, nb));
    PetscCall(PetscArraycpy(cols + nb, oidx, nr - nb));
    PetscCall(ISCreateStride(PETSC_COMM_SELF, mr, 0, 1, &isr));
    PetscCall(ISCreateGeneral(PETSC_COMM_SELF, nr, cols, PETSC_OWN_POINTER, &isc));
    PetscCall(MatCreateSubMatrix(rom->iface->L, isr, isc, MAT_INITIAL_MATRIX, &Lr));
    PetscCall(ISDestroy(&isr));
    PetscCall(ISDestroy(&isc));
    PetscCall(MatDestroy(&rom->iface->L));
    rom->iface->L = Lr;
  }
  {
    char t[64];
    PetscCall(PetscSNPrintf(t, sizeof(t), "; condensed to %" PetscInt_FMT "+%" PetscInt_FMT " DOFs", nb, nr - nb));
    PetscCall(PetscStrlcat(rom->title, t, sizeof(rom->title)));
  }
  PetscCall(PetscFree(Tm));
  PetscCall(MatDenseRestoreArray(sub[0], &Koo));
  PetscCall(MatDenseRestoreArray(sub[1], &Moo));
  PetscCall(MatDenseRestoreArray(sub[2], &Kob));
  for (PetscInt k = 0; k < 3; k++) PetscCall(MatDestroy(&sub[k]));
  PetscCall(PetscFree(w));
  PetscCall(PetscFree(bidx));
  PetscCall(PetscFree(oidx));
  PetscFunctionReturn(0);
}

/*@
  TriboROMTransform - Replaces the ROM's structural matrices by their projection on a new basis,
  x = T z: K, M, C by T^T A T (symmetrized), Fv, Fx by T^T f, R by R T and the surface basis B by
  B T; n becomes nr. The interface (L) is left to the caller.

  Not collective (every rank holds the whole ROM and applies the same T)

  Input Parameters:
+ rom    - the ROM
. nr     - columns of T
. Tm     - T (n x nr, column-major)
- nmodal - the new number of trailing modal DOFs of the surface basis (rom->surf->nmodal), or -1 to keep it

  Level: developer

.seealso: TriboROMCondense(), TriboZTEApply()
@*/
PetscErrorCode TriboROMTransform(TriboROM rom, PetscInt nr, const PetscReal Tm[], PetscInt nmodal)
{
  PetscInt     n = rom->n;
  PetscReal   *tmp, zero = 0.0, done = 1.0;
  PetscBLASInt bn, bnr;
  Mat         *A[3] = {&rom->K, &rom->M, &rom->C};
  Vec         *F[2] = {&rom->Fv, &rom->Fx};

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCall(PetscBLASIntCast(nr, &bnr));
  PetscCall(PetscMalloc1(n * nr + 1, &tmp));
  for (PetscInt k = 0; k < 3; k++) { // A_r = T^T A T
    const PetscScalar *a;
    PetscScalar       *ar;
    Mat                Ar;
    if (!*A[k]) continue;
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, nr, nr, NULL, &Ar));
    PetscCall(MatDenseGetArrayRead(*A[k], &a));
    PetscCall(MatDenseGetArrayWrite(Ar, &ar));
    PetscCallBLAS("BLASgemm", BLASgemm_("N", "N", &bn, &bnr, &bn, &done, (PetscReal *)a, &bn, (PetscReal *)Tm, &bn, &zero, tmp, &bn));
    PetscCallBLAS("BLASgemm", BLASgemm_("T", "N", &bnr, &bnr, &bn, &done, (PetscReal *)Tm, &bn, tmp, &bn, &zero, ar, &bnr));
    for (PetscInt j = 0; j < nr; j++)
      for (PetscInt i = 0; i < j; i++) ar[i + nr * j] = ar[j + nr * i] = 0.5 * (ar[i + nr * j] + ar[j + nr * i]);
    PetscCall(MatDenseRestoreArrayWrite(Ar, &ar));
    PetscCall(MatDenseRestoreArrayRead(*A[k], &a));
    PetscCall(MatDestroy(A[k]));
    *A[k] = Ar;
  }
  for (PetscInt k = 0; k < 2; k++) { // f_r = T^T f
    Vec                fr;
    const PetscScalar *f;
    PetscScalar       *g;
    if (!*F[k]) continue;
    PetscCall(VecCreateSeq(PETSC_COMM_SELF, nr, &fr));
    PetscCall(VecGetArrayRead(*F[k], &f));
    PetscCall(VecGetArrayWrite(fr, &g));
    for (PetscInt j = 0; j < nr; j++) {
      PetscReal s = 0;
      for (PetscInt i = 0; i < n; i++) s += Tm[i + n * j] * PetscRealPart(f[i]);
      g[j] = s;
    }
    PetscCall(VecRestoreArrayWrite(fr, &g));
    PetscCall(VecRestoreArrayRead(*F[k], &f));
    PetscCall(VecDestroy(F[k]));
    *F[k] = fr;
  }
  if (rom->R) { // R_r = R T
    Mat                Rr;
    const PetscScalar *r;
    PetscScalar       *g;
    PetscInt           k = rom->nrec;
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, k, nr, NULL, &Rr));
    PetscCall(MatDenseGetArrayRead(rom->R, &r));
    PetscCall(MatDenseGetArrayWrite(Rr, &g));
    for (PetscInt j = 0; j < nr; j++)
      for (PetscInt a = 0; a < k; a++) {
        PetscReal s = 0;
        for (PetscInt i = 0; i < n; i++) s += PetscRealPart(r[a + k * i]) * Tm[i + n * j];
        g[a + k * j] = s;
      }
    PetscCall(MatDenseRestoreArrayWrite(Rr, &g));
    PetscCall(MatDenseRestoreArrayRead(rom->R, &r));
    PetscCall(MatDestroy(&rom->R));
    rom->R = Rr;
  }
  if (rom->surf) { // B_r = B T (row-major 3 nsurf x n -> 3 nsurf x nr)
    TriboROMSurface sf = rom->surf;
    PetscReal      *Br;
    PetscBLASInt    bs;
    PetscCall(PetscBLASIntCast(3 * sf->nnodes, &bs));
    PetscCall(PetscMalloc1(3 * sf->nnodes * nr + 1, &Br)); // column-major: Br^T = T^T B^T
    if (bs) PetscCallBLAS("BLASgemm", BLASgemm_("T", "N", &bnr, &bs, &bn, &done, (PetscReal *)Tm, &bn, sf->B, &bn, &zero, Br, &bnr));
    PetscCall(PetscFree(sf->B));
    sf->B = Br;
    sf->n = nr;
    if (nmodal >= 0) sf->nmodal = nmodal;
  }
  PetscCall(PetscFree(tmp));
  rom->n = nr;
  PetscFunctionReturn(0);
}
