/* Fields on the joint interface: relative displacements at the quadrature points of a ROM state,
   and point fields averaged over the interface elements (for output and pictures). */
#include <triborom.h>
#include <math.h>

/*@
  TriboInterfacePointDisplacement - Relative displacements of the interface's quadrature points
  for a ROM state x: U = kron(Q, I3) L x (local frame t1, t2, n; u_n > 0 interpenetration).

  Not collective

  Input Parameters:
+ f - the interface (Q and L set)
- x - the ROM state (length of L's columns)

  Output Parameter:
. u - [3 npts] point displacements, point-major
@*/
PetscErrorCode TriboInterfacePointDisplacement(TriboInterface f, const PetscReal x[], PetscReal u[])
{
  Vec                X, N, Nc, Uc;
  PetscInt           n, nn;
  PetscReal         *nodal, *nc;
  const PetscScalar *uc;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(f->L, &nn, &n));
  PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, n, x, &X));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, nn, &N));
  PetscCall(MatMult(f->L, X, N));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, f->nnodes, &Nc));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, f->npts, &Uc));
  PetscCall(VecGetArray(N, &nodal));
  for (PetscInt c = 0; c < 3; c++) {
    PetscCall(VecGetArray(Nc, &nc));
    for (PetscInt i = 0; i < f->nnodes; i++) nc[i] = nodal[3 * i + c];
    PetscCall(VecRestoreArray(Nc, &nc));
    PetscCall(MatMult(f->Q, Nc, Uc));
    PetscCall(VecGetArrayRead(Uc, &uc));
    for (PetscInt p = 0; p < f->npts; p++) u[3 * p + c] = PetscRealPart(uc[p]);
    PetscCall(VecRestoreArrayRead(Uc, &uc));
  }
  PetscCall(VecRestoreArray(N, &nodal));
  PetscCall(VecDestroy(&Uc));
  PetscCall(VecDestroy(&Nc));
  PetscCall(VecDestroy(&N));
  PetscCall(VecDestroy(&X));
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceElementAverage - Averages a point field over each interface element, weighted by
  the quadrature weights (the element's mean value).

  Not collective

  Input Parameters:
+ f     - the interface (pelem and pw set)
. ncomp - components per point
- pv    - [ncomp npts] point values, point-major

  Output Parameter:
. ev - [ncomp nelem] element means; NaN for an element without points
@*/
PetscErrorCode TriboInterfaceElementAverage(TriboInterface f, PetscInt ncomp, const PetscReal pv[], PetscReal ev[])
{
  PetscReal *w;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(f->nelem, &w));
  PetscCall(PetscArrayzero(ev, ncomp * f->nelem));
  for (PetscInt p = 0; p < f->npts; p++) {
    PetscInt e = f->pelem[p];
    if (e < 0 || e >= f->nelem) continue;
    w[e] += f->pw[p];
    for (PetscInt c = 0; c < ncomp; c++) ev[ncomp * e + c] += f->pw[p] * pv[ncomp * p + c];
  }
  for (PetscInt e = 0; e < f->nelem; e++)
    for (PetscInt c = 0; c < ncomp; c++) ev[ncomp * e + c] = w[e] > 0 ? ev[ncomp * e + c] / w[e] : (PetscReal)NAN;
  PetscCall(PetscFree(w));
  PetscFunctionReturn(0);
}
