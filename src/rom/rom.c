#include <triborom.h>
#include <tribonum.h>
#include <petscdt.h>

/*@
  TriboROMCreate - Creates an empty reduced structure.

  Collective

  Input Parameter:
. comm - the communicator whose ranks share the interface points

  Output Parameter:
. rom - the new ROM; fill it with TriboROMSetSizes() or a reader such as TriboROMLoad()
@*/
PetscErrorCode TriboROMCreate(MPI_Comm comm, TriboROM *rom)
{
  PetscFunctionBeginUser;
  PetscCall(PetscNew(rom));
  (*rom)->comm = comm;
  PetscFunctionReturn(0);
}

/*@
  TriboROMSetSizes - Allocates M, K (zero, n x n dense), Fv (n) and R (nrec x n dense).

  Not collective (every rank holds a copy)
@*/
PetscErrorCode TriboROMSetSizes(TriboROM rom, PetscInt n, PetscInt nrec)
{
  PetscFunctionBeginUser;
  PetscCheck(n > 0, rom->comm, PETSC_ERR_ARG_OUTOFRANGE, "a ROM needs at least one DOF, got %" PetscInt_FMT, n);
  PetscCheck(!rom->M, rom->comm, PETSC_ERR_ARG_WRONGSTATE, "ROM sizes are already set");
  rom->n    = n;
  rom->nrec = nrec;
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, n, n, NULL, &rom->M));
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, n, n, NULL, &rom->K));
  PetscCall(MatZeroEntries(rom->M));
  PetscCall(MatZeroEntries(rom->K));
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, n, &rom->Fv));
  PetscCall(VecZeroEntries(rom->Fv));
  if (nrec > 0) {
    PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, nrec, n, NULL, &rom->R));
    PetscCall(MatZeroEntries(rom->R));
    PetscCall(PetscCalloc1(nrec, &rom->rlabels));
    for (PetscInt i = 0; i < nrec; i++) {
      char lab[32];
      PetscCall(PetscSNPrintf(lab, sizeof(lab), "R%" PetscInt_FMT, i + 1));
      PetscCall(PetscStrallocpy(lab, &rom->rlabels[i]));
    }
  }
  PetscFunctionReturn(0);
}

/*@
  TriboROMSetRecoveryLabel - Names recovery row i (a sensor, e.g. "accel1_z").

  Not collective
@*/
PetscErrorCode TriboROMSetRecoveryLabel(TriboROM rom, PetscInt i, const char label[])
{
  PetscFunctionBeginUser;
  PetscCheck(i >= 0 && i < rom->nrec, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "recovery row %" PetscInt_FMT " out of range [0, %" PetscInt_FMT ")",
             i, rom->nrec);
  PetscCall(PetscFree(rom->rlabels[i]));
  PetscCall(PetscStrallocpy(label, &rom->rlabels[i]));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckFiniteDense_Private(Mat A, const char what[], const char src[])
{
  const PetscScalar *a;
  PetscInt           m, n;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(A, &m, &n));
  PetscCall(MatDenseGetArrayRead(A, &a));
  for (PetscInt j = 0; j < n; j++)
    for (PetscInt i = 0; i < m; i++)
      PetscCheck(PetscIsNormalReal(PetscRealPart(a[i + j * m])) || a[i + j * m] == 0.0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s has a non-finite entry (%g) at row %" PetscInt_FMT ", column %" PetscInt_FMT " (1-based)", src, what,
                 (double)PetscRealPart(a[i + j * m]), i + 1, j + 1);
  PetscCall(MatDenseRestoreArrayRead(A, &a));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckFiniteAIJ_Private(Mat A, const char what[], const char src[])
{
  PetscInt m;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(A, &m, NULL));
  for (PetscInt i = 0; i < m; i++) {
    PetscInt           nc;
    const PetscInt    *cols;
    const PetscScalar *v;
    PetscCall(MatGetRow(A, i, &nc, &cols, &v));
    for (PetscInt k = 0; k < nc; k++)
      PetscCheck(PetscIsNormalReal(PetscRealPart(v[k])) || v[k] == 0.0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s has a non-finite entry at row %" PetscInt_FMT ", column %" PetscInt_FMT " (1-based)", src, what, i + 1, cols[k] + 1);
    PetscCall(MatRestoreRow(A, i, &nc, &cols, &v));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboROMCheck - Checks a ROM for what the solvers rely on: finite entries, symmetric M and K,
  positive diagonal of M, consistent interface sizes. Errors name the source file and dataset.

  Not collective
@*/
PetscErrorCode TriboROMCheck(TriboROM rom, const char src[])
{
  PetscInt  m, n;
  PetscBool sym;

  PetscFunctionBeginUser;
  if (!src) src = rom->source[0] ? rom->source : "ROM";
  PetscCall(CheckFiniteDense_Private(rom->M, "M", src));
  PetscCall(CheckFiniteDense_Private(rom->K, "K", src));
  if (rom->R) PetscCall(CheckFiniteDense_Private(rom->R, "R", src));
  if (rom->C) PetscCall(CheckFiniteDense_Private(rom->C, "C", src));
  if (rom->Fx) {
    const PetscScalar *f;
    PetscCall(VecGetArrayRead(rom->Fx, &f));
    for (PetscInt i = 0; i < rom->n; i++)
      PetscCheck(PetscIsNormalReal(PetscRealPart(f[i])) || f[i] == 0.0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: excitation has a non-finite entry at row %" PetscInt_FMT " (1-based)", src, i + 1);
    PetscCall(VecRestoreArrayRead(rom->Fx, &f));
  }
  {
    const PetscScalar *f;
    PetscCall(VecGetArrayRead(rom->Fv, &f));
    for (PetscInt i = 0; i < rom->n; i++)
      PetscCheck(PetscIsNormalReal(PetscRealPart(f[i])) || f[i] == 0.0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: Fv has a non-finite entry at row %" PetscInt_FMT " (1-based)", src, i + 1);
    PetscCall(VecRestoreArrayRead(rom->Fv, &f));
  }
  {
    const PetscScalar *a;
    PetscReal          amax = 0, dmax = 0;
    for (PetscInt k = 0; k < 2; k++) {
      Mat A = k ? rom->K : rom->M;
      PetscCall(MatDenseGetArrayRead(A, &a));
      amax = 0;
      dmax = 0;
      for (PetscInt j = 0; j < rom->n; j++)
        for (PetscInt i = 0; i < rom->n; i++) {
          amax = PetscMax(amax, PetscAbsScalar(a[i + j * rom->n]));
          dmax = PetscMax(dmax, PetscAbsScalar(a[i + j * rom->n] - a[j + i * rom->n]));
        }
      if (!k)
        for (PetscInt i = 0; i < rom->n; i++)
          PetscCheck(PetscRealPart(a[i + i * rom->n]) > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                     "%s: M has a non-positive diagonal entry %g at row %" PetscInt_FMT " (1-based): not a mass matrix", src,
                     (double)PetscRealPart(a[i + i * rom->n]), i + 1);
      PetscCall(MatDenseRestoreArrayRead(A, &a));
      sym = (PetscBool)(dmax <= 1e-8 * amax);
      PetscCheck(sym, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s is not symmetric (max |A-A^T| = %g, max |A| = %g)", src, k ? "K" : "M",
                 (double)dmax, (double)amax);
    }
  }
  if (rom->iface) {
    TriboInterface f = rom->iface;
    PetscCall(MatGetSize(f->L, &m, &n));
    PetscCheck(m == 3 * f->nnodes && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: interface L is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT " (3 x nodes by DOFs)", src, m,
               n, 3 * f->nnodes, rom->n);
    PetscCall(MatGetSize(f->Q, &m, &n));
    PetscCheck(m == f->npts && n == f->nnodes, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: interface Q is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT " (points by nodes)", src, m,
               n, f->npts, f->nnodes);
    PetscCall(MatGetSize(f->T, &m, &n));
    PetscCheck(m == f->nnodes && n == f->npts, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: interface T is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT " (nodes by points)", src, m,
               n, f->nnodes, f->npts);
    PetscCall(CheckFiniteAIJ_Private(f->L, "interface L", src));
    PetscCall(CheckFiniteAIJ_Private(f->Q, "interface Q", src));
    PetscCall(CheckFiniteAIJ_Private(f->T, "interface T", src));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboROMView - Describes a ROM: sizes, mass, interface, sensors.
@*/
PetscErrorCode TriboROMView(TriboROM rom, PetscViewer v)
{
  PetscReal fvn;

  PetscFunctionBeginUser;
  PetscCall(VecNorm(rom->Fv, NORM_2, &fvn));
  PetscCall(PetscViewerASCIIPrintf(v, "Reduced structure %s%s%s\n", rom->title, rom->source[0] ? " from " : "", rom->source));
  if (rom->sha256[0]) PetscCall(PetscViewerASCIIPrintf(v, "  sha256 %s\n", rom->sha256));
  PetscCall(PetscViewerASCIIPrintf(v, "  DOFs: %" PetscInt_FMT ", |Fv| = %g N per N of bolt tension\n", rom->n, (double)fvn));
  PetscCall(PetscViewerASCIIPrintf(v, "  recovery rows: %" PetscInt_FMT "\n", rom->nrec));
  for (PetscInt i = 0; i < rom->nrec; i++) PetscCall(PetscViewerASCIIPrintf(v, "    %" PetscInt_FMT ": %s\n", i, rom->rlabels[i]));
  if (rom->iface) {
    PetscReal area;
    PetscInt  ntri = 0;
    PetscCall(TriboInterfaceGetArea(rom->iface, &area));
    for (PetscInt e = 0; e < rom->iface->nelem; e++) ntri += rom->iface->elem[4 * e + 3] < 0;
    PetscCall(PetscViewerASCIIPrintf(v,
                                     "  interface: %" PetscInt_FMT " node pairs, %" PetscInt_FMT " elements (%" PetscInt_FMT
                                     " quadrilaterals, %" PetscInt_FMT " triangles), %" PetscInt_FMT " quadrature points, area %.6g m^2\n",
                                     rom->iface->nnodes, rom->iface->nelem, rom->iface->nelem - ntri, ntri, rom->iface->npts, (double)area));
  } else
    PetscCall(PetscViewerASCIIPrintf(v, "  no interface\n"));
  if (rom->C) PetscCall(PetscViewerASCIIPrintf(v, "  viscous damping matrix C\n"));
  if (rom->Fx) PetscCall(PetscViewerASCIIPrintf(v, "  excitation load shape\n"));
  if (rom->elements)
    for (PetscInt e = 0; e < rom->elements->n; e++) {
      const TriboROMElement *x = &rom->elements->e[e];
      PetscCall(
          PetscViewerASCIIPrintf(v, "  element %" PetscInt_FMT ": law %s, %" PetscInt_FMT " component%s", e + 1, x->law, x->d, x->d > 1 ? "s" : ""));
      PetscCall(PetscViewerASCIIUseTabs(v, PETSC_FALSE));
      for (PetscInt k = 0; k < x->nparams; k++) PetscCall(PetscViewerASCIIPrintf(v, "%s%s = %g", k ? ", " : "; ", x->pname[k], (double)x->pvalue[k]));
      PetscCall(PetscViewerASCIIPrintf(v, "\n"));
      PetscCall(PetscViewerASCIIUseTabs(v, PETSC_TRUE));
    }
  PetscFunctionReturn(0);
}

/*@
  TriboROMDestroy - Destroys the ROM and its interface.

  Collective
@*/
PetscErrorCode TriboROMDestroy(TriboROM *rom)
{
  PetscFunctionBeginUser;
  if (!*rom) PetscFunctionReturn(0);
  PetscCall(MatDestroy(&(*rom)->M));
  PetscCall(MatDestroy(&(*rom)->K));
  PetscCall(MatDestroy(&(*rom)->R));
  PetscCall(MatDestroy(&(*rom)->C));
  PetscCall(VecDestroy(&(*rom)->Fv));
  PetscCall(VecDestroy(&(*rom)->Fx));
  PetscCall(TriboROMElementsDestroy(&(*rom)->elements));
  for (PetscInt i = 0; i < (*rom)->nrec && (*rom)->rlabels; i++) PetscCall(PetscFree((*rom)->rlabels[i]));
  PetscCall(PetscFree((*rom)->rlabels));
  PetscCall(TriboInterfaceDestroy(&(*rom)->iface));
  PetscCall(TriboROMSurfaceDestroy(&(*rom)->surf));
  PetscCall(PetscFree(*rom));
  PetscFunctionReturn(0);
}

/*@
  TriboROMSurfaceDestroy - Destroys the FE surface of a ROM.

  Not collective

  Input Parameter:
. s - the surface; set to NULL (a NULL surface is allowed)

  Level: developer

.seealso: TriboROMSurfaceDisplacement(), TriboCBSetStoreSurface()
@*/
PetscErrorCode TriboROMSurfaceDestroy(TriboROMSurface *s)
{
  PetscFunctionBeginUser;
  if (!*s) PetscFunctionReturn(0);
  PetscCall(PetscFree((*s)->xyz));
  PetscCall(PetscFree((*s)->nodeid));
  PetscCall(PetscFree((*s)->topo));
  PetscCall(PetscFree((*s)->B));
  PetscCall(PetscFree(*s));
  PetscFunctionReturn(0);
}

/*@
  TriboROMSurfaceDisplacement - The displacement of the FE surface nodes for a ROM state, u = B x.

  Not collective

  Input Parameters:
+ s - the surface of the ROM
- x - the ROM state (s->n values)

  Output Parameter:
. u - [3*s->nnodes] displacements (m), node-major, global x, y, z

  Level: developer

.seealso: TriboROMSurfaceDestroy()
@*/
PetscErrorCode TriboROMSurfaceDisplacement(TriboROMSurface s, const PetscReal x[], PetscReal u[])
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < 3 * s->nnodes; i++) {
    const PetscReal *b = s->B + s->n * i;
    PetscReal        v = 0;
    for (PetscInt j = 0; j < s->n; j++) v += b[j] * x[j];
    u[i] = v;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceCreate - An empty interface; fill nodes and elements, then
  TriboInterfaceSetUpQuadrature(), or fill points, Q, T and L directly.

  Not collective
@*/
PetscErrorCode TriboInterfaceCreate(TriboInterface *f)
{
  PetscFunctionBeginUser;
  PetscCall(PetscNew(f));
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceDestroy - Frees the interface.

  Not collective
@*/
PetscErrorCode TriboInterfaceDestroy(TriboInterface *f)
{
  PetscFunctionBeginUser;
  if (!*f) PetscFunctionReturn(0);
  PetscCall(PetscFree((*f)->xyz));
  PetscCall(PetscFree((*f)->xyzt));
  PetscCall(PetscFree((*f)->elem));
  PetscCall(PetscFree((*f)->pxyz));
  PetscCall(PetscFree((*f)->pw));
  PetscCall(PetscFree((*f)->pelem));
  PetscCall(MatDestroy(&(*f)->Q));
  PetscCall(MatDestroy(&(*f)->T));
  PetscCall(MatDestroy(&(*f)->L));
  PetscCall(PetscFree(*f));
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceGetArea - Sum of the quadrature weights (m^2).
@*/
PetscErrorCode TriboInterfaceGetArea(TriboInterface f, PetscReal *area)
{
  PetscFunctionBeginUser;
  *area = 0;
  for (PetscInt p = 0; p < f->npts; p++) *area += f->pw[p];
  PetscFunctionReturn(0);
}

/* In-plane axes of an element: e1 along its first edge (triangle) or diagonal (quadrilateral), e2
   normal to e1 in the element's plane */
static void ElementFrame_Private(const PetscReal *X[], PetscInt nv, PetscReal e1[3], PetscReal e2[3])
{
  PetscReal nrm[3], s;

  TriboFaceNormal(nv, X, nrm);
  for (int c = 0; c < 3; c++) e1[c] = X[nv == 4 ? 2 : 1][c] - X[0][c];
  s = PetscSqrtReal(e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2]);
  for (int c = 0; c < 3; c++) e1[c] /= s;
  e2[0] = nrm[1] * e1[2] - nrm[2] * e1[1];
  e2[1] = nrm[2] * e1[0] - nrm[0] * e1[2];
  e2[2] = nrm[0] * e1[1] - nrm[1] * e1[0];
  s     = PetscSqrtReal(e2[0] * e2[0] + e2[1] * e2[1] + e2[2] * e2[2]);
  for (int c = 0; c < 3; c++) e2[c] /= s;
}

/* The interface elements' rules, points numbered like the corners (point q next to node q):
   [0] the symmetric 3-point rule of degree 2 on the unit triangle (PETSc's minimal symmetric
   rule, mapped from its reference triangle with corners -1, 1), [1] 2x2 Gauss-Legendre on
   [-1,1]^2, counterclockwise from (-1,-1) like the corners */
static PetscErrorCode FaceRules_Private(PetscReal qp[2][4][2], PetscReal qw[2][4])
{
  const PetscInt   ix[4] = {0, 1, 1, 0}, iy[4] = {0, 0, 1, 1};
  PetscReal        g[2], gw[2];
  PetscQuadrature  quad;
  PetscInt         dim, nc, np;
  const PetscReal *x, *w;

  PetscFunctionBeginUser;
  PetscCall(PetscArrayzero(qw[0], 4));
  PetscCall(PetscDTGaussQuadrature(2, -1, 1, g, gw));
  for (PetscInt q = 0; q < 4; q++) qp[1][q][0] = g[ix[q]], qp[1][q][1] = g[iy[q]], qw[1][q] = gw[ix[q]] * gw[iy[q]];
  PetscCall(PetscDTSimplexQuadrature(2, 2, PETSCDTSIMPLEXQUAD_MINSYM, &quad));
  PetscCall(PetscQuadratureGetData(quad, &dim, &nc, &np, &x, &w));
  PetscCheck(dim == 2 && nc == 1 && np == 3, PETSC_COMM_SELF, PETSC_ERR_LIB,
             "PETSc's degree-2 triangle rule has %" PetscInt_FMT " points, expected 3", np);
  for (PetscInt k = 0; k < 3; k++) {
    PetscReal r = 0.5 * (x[2 * k] + 1), s = 0.5 * (x[2 * k + 1] + 1), L[3] = {1 - r - s, r, s};
    PetscInt  q = L[1] > L[0] && L[1] > L[2] ? 1 : (L[2] > L[0] && L[2] > L[1] ? 2 : 0); // the node it is next to
    qp[0][q][0] = r, qp[0][q][1] = s, qw[0][q] = 0.25 * w[k];
  }
  PetscCall(PetscQuadratureDestroy(&quad));
  PetscCheck(qw[0][0] > 0 && qw[0][1] > 0 && qw[0][2] > 0, PETSC_COMM_SELF, PETSC_ERR_LIB,
             "PETSc's degree-2 triangle rule does not have one point next to each corner");
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceSetUpQuadrature - Quadrature points, weights, Q and T for the interface elements.

  Not collective

  Notes:
  Quadrilaterals use bilinear shape functions with 2x2 Gauss points, triangles linear shape
  functions with the 3-point rule (points at (1/6,1/6), (2/3,1/6), (1/6,2/3), weight 1/6),
  both in the element's own plane; the rules are PETSc's (PetscDTGaussQuadrature(),
  PetscDTSimplexQuadrature()), their points numbered like the corners: point q lies next to node q. Q[p,i] = N_i(xi_p) and T = Q^T diag(w), w
  = Gauss weight x
  Jacobian determinant, so that sum_p w_p is the area and the nodal forces are the consistent
  (Galerkin) integrals of the tractions, as for the zero-thickness elements of paper
  porter-et-al-2022 §3.2.
@*/
PetscErrorCode TriboInterfaceSetUpQuadrature(TriboInterface f)
{
  PetscInt  nq = 0, p = 0;
  PetscInt *nnz;
  PetscReal qp[2][4][2], qw[2][4]; // [0]: triangle, [1]: quadrilateral

  PetscFunctionBeginUser;
  PetscCall(FaceRules_Private(qp, qw));
  for (PetscInt e = 0; e < f->nelem; e++) nq += f->elem[4 * e + 3] < 0 ? 3 : 4;
  PetscCall(PetscFree(f->pxyz));
  PetscCall(PetscFree(f->pw));
  PetscCall(PetscFree(f->pelem));
  PetscCall(MatDestroy(&f->Q));
  PetscCall(MatDestroy(&f->T));
  f->npts = nq;
  PetscCall(PetscMalloc1(3 * nq, &f->pxyz));
  PetscCall(PetscMalloc1(nq, &f->pw));
  PetscCall(PetscMalloc1(nq, &f->pelem));
  PetscCall(PetscMalloc1(nq, &nnz));
  for (PetscInt i = 0; i < nq; i++) nnz[i] = 4;
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, nq, f->nnodes, 0, nnz, &f->Q));
  PetscCall(PetscFree(nnz));
  for (PetscInt e = 0; e < f->nelem; e++) {
    const PetscInt  *con = &f->elem[4 * e];
    PetscInt         nv  = con[3] < 0 ? 3 : 4;
    const PetscReal *X[4];
    PetscReal        e1[3], e2[3], x2[4][2];

    for (PetscInt v = 0; v < nv; v++) {
      PetscCheck(con[v] >= 0 && con[v] < f->nnodes, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE,
                 "interface element %" PetscInt_FMT " refers to node %" PetscInt_FMT ", but there are %" PetscInt_FMT " nodes", e, con[v], f->nnodes);
      X[v] = &f->xyz[3 * con[v]];
    }
    ElementFrame_Private(X, nv, e1, e2);
    for (PetscInt v = 0; v < nv; v++) {
      PetscReal d[3] = {X[v][0] - X[0][0], X[v][1] - X[0][1], X[v][2] - X[0][2]};
      x2[v][0]       = d[0] * e1[0] + d[1] * e1[1] + d[2] * e1[2];
      x2[v][1]       = d[0] * e2[0] + d[1] * e2[1] + d[2] * e2[2];
    }
    for (PetscInt q = 0; q < (nv == 4 ? 4 : 3); q++, p++) {
      PetscReal N[4], dN[8], J[2][2] = {{0, 0}, {0, 0}}, detJ, w = qw[nv - 3][q];
      TriboFaceShape(nv, qp[nv - 3][q], N, dN);
      for (int v = 0; v < nv; v++)
        for (int a = 0; a < 2; a++)
          for (int b = 0; b < 2; b++) J[a][b] += x2[v][a] * dN[2 * v + b];
      detJ = J[0][0] * J[1][1] - J[0][1] * J[1][0];
      PetscCheck(detJ > 0 || detJ < 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "interface element %" PetscInt_FMT " is degenerate (zero area)", e);
      f->pw[p]    = w * PetscAbsReal(detJ);
      f->pelem[p] = e;
      for (int c = 0; c < 3; c++) {
        f->pxyz[3 * p + c] = 0;
        for (int v = 0; v < nv; v++) f->pxyz[3 * p + c] += N[v] * X[v][c];
      }
      for (int v = 0; v < nv; v++) PetscCall(MatSetValue(f->Q, p, con[v], N[v], ADD_VALUES));
    }
  }
  PetscCall(MatAssemblyBegin(f->Q, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(f->Q, MAT_FINAL_ASSEMBLY));
  {
    Mat Qt;
    Vec w;
    PetscCall(MatTranspose(f->Q, MAT_INITIAL_MATRIX, &Qt));
    PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, nq, f->pw, &w));
    PetscCall(MatDiagonalScale(Qt, NULL, w));
    PetscCall(VecDestroy(&w));
    f->T = Qt;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboROMForceScale - max_i (|f_i| + sum_j |K_ij u_j|): the size of the terms whose sum is the
  static residual K u - f, so that 1e-12 of it is the round-off level no tolerance can go below.

  Not collective

  Input Parameters:
+ rom - the ROM
. u   - displacement (n)
- f   - load (n), or NULL
@*/
PetscErrorCode TriboROMForceScale(TriboROM rom, const PetscReal u[], const PetscReal f[], PetscReal *scale)
{
  const PetscScalar *k;
  PetscInt           n = rom->n;

  PetscFunctionBeginUser;
  *scale = 0;
  PetscCall(MatDenseGetArrayRead(rom->K, &k));
  for (PetscInt i = 0; i < n; i++) {
    PetscReal si = f ? PetscAbsReal(f[i]) : 0;
    for (PetscInt j = 0; j < n; j++) si += PetscAbsScalar(k[i + j * n] * u[j]);
    *scale = PetscMax(*scale, si);
  }
  PetscCall(MatDenseRestoreArrayRead(rom->K, &k));
  PetscFunctionReturn(0);
}
