/* The frictional contact problem of the tests/contact t61x drivers: a sphere (R = 10 mm) on a flat, two identical half spaces
   (E = 210 GPa, nu given), on an n x n grid over 3 a_H (a_H the Hertz radius at P = 100 N), the grid centred on the sphere.
   Fields are arrays of 3 components over the local points; Fr3d_Private holds them. */
#pragma once
#include <tribocontact.h>

typedef struct {
  TriboHalfSpace       hs;
  TriboContactOperator op;
  PetscInt             n, nloc, j0;
  PetscReal            R, P, E, nu, Estar, aH, dx;
  PetscReal           *h, *x, *y; /* topography r^2 / 2R and the coordinates relative to the centre */
  PetscReal           *buf;       /* 4 fields of 3 components */
  PetscReal           *p0[3], *p[3], *g[3], *dg[3];
  PetscInt            *state;
} Fr3d;

static PetscErrorCode Fr3dCreate_Private(PetscInt n, PetscReal nu, Fr3d *f)
{
  PetscInt nyl;

  PetscFunctionBeginUser;
  f->n = n, f->R = 10e-3, f->P = 100, f->E = 210e9, f->nu = nu;
  f->Estar = f->E / (2 * (1 - nu * nu));
  f->aH    = PetscCbrtReal(3 * f->P * f->R / (4 * f->Estar));
  f->dx    = 3 * f->aH / n;
  PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &f->hs));
  PetscCall(TriboHalfSpaceSetGrid(f->hs, n, n, f->dx, f->dx));
  PetscCall(TriboHalfSpaceSetMaterial(f->hs, f->E, nu));
  PetscCall(TriboHalfSpaceSetTangential(f->hs, PETSC_TRUE));
  PetscCall(TriboHalfSpaceSetFromOptions(f->hs)); // -contact_precondition, -contact_fftw_plan
  PetscCall(TriboHalfSpaceSetUp(f->hs));
  PetscCall(TriboContactOperatorFromHalfSpace(f->hs, 3, &f->op));
  PetscCall(TriboHalfSpaceGetLocalRows(f->hs, &f->j0, &nyl));
  f->nloc = n * nyl;
  PetscCall(PetscMalloc4(f->nloc, &f->h, f->nloc, &f->x, f->nloc, &f->y, f->nloc, &f->state));
  PetscCall(PetscCalloc1(12 * f->nloc, &f->buf));
  for (PetscInt c = 0; c < 3; c++) {
    f->p0[c] = f->buf + c * f->nloc, f->p[c] = f->buf + (3 + c) * f->nloc;
    f->g[c] = f->buf + (6 + c) * f->nloc, f->dg[c] = f->buf + (9 + c) * f->nloc;
  }
  for (PetscInt jl = 0; jl < nyl; jl++)
    for (PetscInt i = 0; i < n; i++) {
      PetscInt k = jl * n + i;
      f->x[k]    = (i - 0.5 * (n - 1)) * f->dx;
      f->y[k]    = (f->j0 + jl - 0.5 * (n - 1)) * f->dx;
      f->h[k]    = (f->x[k] * f->x[k] + f->y[k] * f->y[k]) / (2 * f->R);
    }
  PetscFunctionReturn(0);
}

static PetscErrorCode Fr3dDestroy_Private(Fr3d *f)
{
  PetscFunctionBeginUser;
  PetscCall(TriboHalfSpaceDestroy(&f->hs));
  PetscCall(PetscFree4(f->h, f->x, f->y, f->state));
  PetscCall(PetscFree(f->buf));
  PetscFunctionReturn(0);
}

/* The normal preload: the Hertz approach a_H^2 / R imposed (dgex_n = -delta), tangential zero; p0 = 0; result committed to p0 */
static PetscErrorCode Fr3dPreload_Private(Fr3d *f, TriboFrictionMethod m, PetscReal mu, const TriboContactSolverParams *sp, TriboFrictionInfo *info)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < 3 * f->nloc; i++) f->p0[0][i] = f->p[0][i] = f->dg[0][i] = 0;
  for (PetscInt i = 0; i < f->nloc; i++) f->dg[0][i] = -f->aH * f->aH / f->R;
  PetscCall(TriboContactSolveFriction(&f->op, sp, m, mu, f->h, NULL, (const PetscReal *const *)f->dg, (const PetscReal *const *)f->p0, f->p, f->g,
                                      f->state, info));
  for (PetscInt i = 0; i < 3 * f->nloc; i++) f->p0[0][i] = f->p[0][i];
  PetscFunctionReturn(0);
}

/* Second increment, displacement controlled: the rigid tangential shift d (dgex_t = -d), the normal approach kept */
static PetscErrorCode Fr3dShift_Private(Fr3d *f, TriboFrictionMethod m, PetscReal mu, const TriboContactSolverParams *sp, const PetscReal d[],
                                        TriboFrictionInfo *info)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < f->nloc; i++) f->dg[0][i] = 0, f->dg[1][i] = -d[0], f->dg[2][i] = -d[1];
  PetscCall(TriboContactSolveFriction(&f->op, sp, m, mu, f->h, NULL, (const PetscReal *const *)f->dg, (const PetscReal *const *)f->p0, f->p, f->g,
                                      f->state, info));
  PetscFunctionReturn(0);
}

/* h for the second increment: the normal gap at the start, g[0] of the preload */
static PetscErrorCode Fr3dCommitNormal_Private(Fr3d *f)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < f->nloc; i++) f->h[i] = f->g[0][i];
  PetscFunctionReturn(0);
}

/* max over points of |a - b| over components 0..2, and max of |b| */
static inline PetscErrorCode Fr3dMaxDiff_Private(Fr3d *f, PetscReal *const a[], PetscReal *const b[], PetscInt c0, PetscInt c1, PetscReal *d)
{
  PetscReal m[2] = {0, 0};

  PetscFunctionBeginUser;
  for (PetscInt c = c0; c <= c1; c++)
    for (PetscInt i = 0; i < f->nloc; i++) m[0] = PetscMax(m[0], PetscAbsReal(a[c][i] - b[c][i])), m[1] = PetscMax(m[1], PetscAbsReal(b[c][i]));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, m, 2, MPIU_REAL, MPIU_MAX, PETSC_COMM_WORLD));
  *d = m[1] > 0 ? m[0] / m[1] : m[0];
  PetscFunctionReturn(0);
}
