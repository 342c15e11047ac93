/* Contact solvers on the half-space grid: the Polonsky-Keer conjugate gradients for the normal problem (Polonsky and Keer,
   Wear 231:206, 1999) and a projected conjugate-gradient solver of the same family for the tangential problem with Coulomb's law
   and the slip history (the box-constrained problem |q| <= mu p of one quasi-static increment, as in Tamaas's PolonskyKeerTan;
   for identical materials and nu = 0 the normal problem does not depend on it: Goodman's beta = 0). Every sum is one
   MPI_Allreduce; the compliance products are TriboHalfSpaceApply(). */
#include <tribo/private/contactimpl.h>

/*@C
  TriboContactSolverParamsDefault - rtol 1e-10 (relative pressure change), 5000 iterations, cold start
@*/
PetscErrorCode TriboContactSolverParamsDefault(TriboContactSolverParams *sp)
{
  PetscFunctionBeginUser;
  sp->rtol   = 1e-10;
  sp->maxits = 5000;
  sp->warm   = PETSC_FALSE;
  PetscFunctionReturn(0);
}

static PetscErrorCode Sum_Private(MPI_Comm comm, PetscInt n, PetscReal s[])
{
  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, (PetscMPIInt)n, MPIU_REAL, MPIU_SUM, comm));
  PetscFunctionReturn(0);
}

/* y = G_nn x: the normal block of the operator (ncomp 3: tangential inputs zero, z holds 3 n scratch: zeros and the unused outputs) */
static PetscErrorCode NormalApply_Private(const TriboContactOperator *op, const PetscReal x[], PetscReal y[], PetscReal z[])
{
  const PetscReal *in1[1]  = {x};
  PetscReal       *out1[1] = {y};

  PetscFunctionBeginUser;
  if (op->ncomp == 1)
    PetscCall(op->apply(op->ctx, in1, out1));
  else if (op->applyblock)
    PetscCall(op->applyblock(op->ctx, 0, 1, in1, out1));
  else {
    const PetscReal *in[3]  = {x, z, z};
    PetscReal       *out[3] = {y, z + op->nlocal, z + 2 * op->nlocal};
    PetscCall(op->apply(op->ctx, in, out));
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboContactOperatorGetDiagonal - the largest diagonal entry G_cc,ii of component c over the points of the mask

  Collective

  Notes:
  From op->diagonal when given, else probed: the unit traction at the first point of the mask (lowest rank), one product.
@*/
PetscErrorCode TriboContactOperatorGetDiagonal(const TriboContactOperator *op, PetscInt c, const PetscBool mask[], PetscReal *d)
{
  PetscInt    n = op->nlocal, nc = op->ncomp, first = -1;
  PetscReal  *buf, *in[3], *out[3];
  PetscMPIInt rank, size, owner;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc1(2 * nc * n + 1, &buf));
  for (PetscInt k = 0; k < nc; k++) in[k] = buf + k * n, out[k] = buf + (nc + k) * n;
  if (op->diagonal) {
    PetscReal m = 0;
    PetscCall(op->diagonal(op->ctx, out));
    for (PetscInt i = 0; i < n; i++)
      if (!mask || mask[i]) m = PetscMax(m, out[c][i]);
    PetscCallMPI(MPI_Allreduce(&m, d, 1, MPIU_REAL, MPIU_MAX, op->comm));
  } else {
    PetscCallMPI(MPI_Comm_rank(op->comm, &rank));
    PetscCallMPI(MPI_Comm_size(op->comm, &size));
    for (PetscInt i = 0; i < n && first < 0; i++)
      if (!mask || mask[i]) first = i;
    owner = first >= 0 ? rank : size;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &owner, 1, MPI_INT, MPI_MIN, op->comm));
    PetscCheck(owner < size, op->comm, PETSC_ERR_USER_INPUT,
               "the contact mask is empty: no grid point may touch (check the grid extent and the mask options)");
    if (rank == owner) in[c][first] = 1;
    PetscCall(op->apply(op->ctx, (const PetscReal *const *)in, out));
    *d = rank == owner ? out[c][first] : 0;
    PetscCallMPI(MPI_Bcast(d, 1, MPIU_REAL, owner, op->comm));
  }
  PetscCheck(*d > 0, op->comm, PETSC_ERR_ARG_WRONG, "the contact operator's diagonal (component %" PetscInt_FMT ") is %g: it must be > 0 (SPD)", c,
             (double)*d);
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSolveNormal - frictionless normal contact of the gap profile h on the grid points of the mask: TriboContactSolveNormalOp()
  on the half-space operator (TriboContactOperatorFromHalfSpace() with one component)

  Collective

  Notes:
  With coarse operators (TriboHalfSpaceSetCoarseLevels()) and a cold start (sp->warm false), the problem is first solved on the
  coarsest grid (each coarse cell: the mean gap of its 2 x 2 fine cells), and each level's pressure, constant over the 2 x 2 fine
  cells of a coarse one, is the next finer level's start. info reports the finest level.
@*/
PetscErrorCode TriboContactSolveNormal(TriboHalfSpace hs, const TriboContactSolverParams *sp, const PetscReal h[], const PetscBool mask[],
                                       PetscBool loadctl, PetscReal value, PetscReal p[], PetscReal u[], TriboContactInfo *info)
{
  TriboContactOperator     op;
  TriboHalfSpace           hc;
  TriboContactSolverParams dp, fsp, csp;
  PetscReal                crtol = 0;

  PetscFunctionBeginUser;
  if (!sp) {
    PetscCall(TriboContactSolverParamsDefault(&dp));
    sp = &dp;
  }
  fsp = csp = *sp;
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-contact_coarse_rtol", &crtol, NULL));
  PetscCall(TriboHalfSpaceGetCoarse(hs, &hc));
  if (hc && !sp->warm) { // coarse-to-fine: solve on the 2 x 2 coarsened grid (recursively), its pressure the fine start
    PetscInt         nx, nxc, j0, nyl, nc;
    PetscReal       *hcg, *pc, *uc;
    PetscBool       *mc = NULL;
    TriboContactInfo ci;

    PetscCall(TriboHalfSpaceGetGrid(hs, &nx, NULL, NULL, NULL));
    PetscCall(TriboHalfSpaceGetLocalRows(hc, &j0, &nyl));
    nxc = nx / 2, nc = nxc * nyl;
    PetscCall(PetscMalloc3(nc + 1, &hcg, nc + 1, &pc, nc + 1, &uc));
    if (mask) PetscCall(PetscMalloc1(nc + 1, &mc));
    for (PetscInt jl = 0; jl < nyl; jl++)
      for (PetscInt i = 0; i < nxc; i++) { // the coarse cell: the mean gap of its 4 fine cells; it may touch if one of them may
        PetscInt k = 2 * jl * nx + 2 * i, kc = jl * nxc + i;
        hcg[kc] = 0.25 * (h[k] + h[k + 1] + h[k + nx] + h[k + nx + 1]);
        if (mask) mc[kc] = mask[k] || mask[k + 1] || mask[k + nx] || mask[k + nx + 1];
      }
    csp.rtol = PetscMax(sp->rtol, crtol);
    PetscCall(TriboContactSolveNormal(hc, &csp, hcg, mc, loadctl, value, pc, uc, &ci));
    PetscCall(PetscInfo(NULL, "coarse level %" PetscInt_FMT " x %" PetscInt_FMT ": %" PetscInt_FMT " iterations\n", nxc, nxc, ci.its));
    for (PetscInt jl = 0; jl < 2 * nyl; jl++)
      for (PetscInt i = 0; i < nx; i++) p[jl * nx + i] = (!mask || mask[jl * nx + i]) ? pc[(jl / 2) * nxc + i / 2] : 0;
    PetscCall(PetscFree3(hcg, pc, uc));
    PetscCall(PetscFree(mc));
    fsp.warm = PETSC_TRUE;
  }
  PetscCall(TriboContactOperatorFromHalfSpace(hs, 1, &op));
  PetscCall(TriboContactSolveNormalOp(&op, &fsp, h, mask, loadctl, value, p, u, info));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSolveNormalOp - frictionless normal contact of the gap profile h on the grid points of the mask, on any SPD operator

  Collective

  Input Parameters:
+ op - the compliance operator (ncomp 1, or 3: its normal block G_nn is used, tangential tractions zero)
. sp - solver parameters (NULL: defaults)
. h - local undeformed gap (m) of the two surfaces: the separation before loading, up to a constant
. mask - local points that may touch (NULL: all)
. loadctl - PETSC_TRUE: value is the total force W (N); PETSC_FALSE: value is the rigid approach delta (m)
- value - W or delta

  Input/Output Parameter:
. p - local pressure (Pa): the start when sp->warm, else any; on output the solution

  Output Parameters:
+ u - local normal displacement C p (m), the gap is h + u - delta >= 0
- info - iterations, force, approach, contact area, largest pressure

  Notes:
  Polonsky and Keer 1999: CG on the points with p > 0, restarted whenever points with p = 0 and a negative gap enter; load
  control by scaling p to the force after every step, the approach the mean of u + h over the contact. Approach control: the
  same projected CG on the quadratic program min 1/2 p C p + p (h - delta), p >= 0. One compliance product per iteration (C t);
  the displacement follows by linearity, with a second product only in iterations where points were projected onto p = 0 or
  entered the contact; the final displacement is recomputed from p.

  Preconditioned (Vollebregt, J. Optim. Theory Appl. 162:931, 2014): with op->invert (the half space's FFT inverse,
  TriboHalfSpaceApplyInverse()) the direction is z = M g on the contact set (g extended by zero off it; under load control less
  its mean there), conjugacy restarts whenever the set changes, and entering points get -tau g diag(M). With op->nlow > 0
  (approach control) the deflation preconditioner c I + V_S V_S^T of src/contact/deflate.c takes its place. Either one, if its
  iteration diverges, is dropped and the solve restarts without it. Hertz on 1024 x 1024: 137 iterations without, 33 with.

  Stopped when an iteration changes p by less than rtol (relative, l1). With the deflation preconditioner the natural residual
  |p - max(p - g / c, 0)|_1 / |p|_1 must be below rtol as well (or the change stay small for 10 iterations): the frictional
  solver's inexact inner solves (rtol 1e-3 and down) otherwise stopped where the iteration merely slowed down, and the
  normal/tangential alternation then needed more passes. Lap beam, 12 increments, measured with the alternation's former stop on
  the change of p_n: 9,036 -> 7,772 products at 96 x 20, 10,494 -> 8,444 at 160 x 33, the same backbone.
@*/
PetscErrorCode TriboContactSolveNormalOp(const TriboContactOperator *op, const TriboContactSolverParams *sp, const PetscReal h[],
                                         const PetscBool mask[], PetscBool loadctl, PetscReal value, PetscReal p[], PetscReal u[],
                                         TriboContactInfo *info)
{
  TriboContactSolverParams dp;
  MPI_Comm                 comm;
  PetscInt                 n = op->nlocal, its;
  PetscReal                A = op->cell, c0, Gold = 1, beta = 0, s[4], delta = value, err = 0, rbar, scale;
  PetscReal               *g, *t, *r, *pold, *c, *z = NULL, *zz = NULL;
  PetscReal               *pstart = NULL, *vn2 = NULL;
  PetscBool                diverged = PETSC_FALSE;
  PetscBool                conj = PETSC_FALSE, prec = op->nlow > 0 && !loadctl ? PETSC_TRUE : PETSC_FALSE, *inS = NULL, newset = PETSC_TRUE;
  PetscBool                fprec  = op->nlow == 0 && op->invert ? PETSC_TRUE : PETSC_FALSE; // the FFT preconditioner (TriboHalfSpaceApplyInverse)
  PetscReal                dinv   = 0;
  PetscInt                 nsmall = 0; // deflated: iterations with a small change but a natural residual above rtol
  TriboLowRankPC           pc;

  PetscFunctionBeginUser;
  if (!sp) {
    PetscCall(TriboContactSolverParamsDefault(&dp));
    sp = &dp;
  }
  comm = op->comm;
  PetscCheck(op->ncomp == 1 || op->ncomp == 3, comm, PETSC_ERR_ARG_WRONG, "a contact operator has 1 or 3 components, got %" PetscInt_FMT, op->ncomp);
  s[0] = 0;
  for (PetscInt i = 0; i < n; i++) s[0] += (!mask || mask[i]);
  PetscCall(Sum_Private(comm, 1, s));
  PetscCheck(s[0] > 0, comm, PETSC_ERR_USER_INPUT, "the contact mask is empty: no grid point may touch (check the grid extent and the mask options)");
  PetscCheck(!loadctl || value > 0, comm, PETSC_ERR_USER_INPUT, "the normal force must be > 0, got %g N", (double)value);
  PetscCall(TriboContactOperatorGetDiagonal(op, 0, mask, &c0));
  if (op->ncomp == 3) PetscCall(PetscCalloc1(3 * n, &z));
  if (!sp->warm) {
    for (PetscInt i = 0; i < n; i++) p[i] = (!mask || mask[i]) ? (loadctl ? value / (A * s[0]) : PetscMax(delta - h[i], 0) / c0) : 0;
  } else {
    for (PetscInt i = 0; i < n; i++) p[i] = (!mask || mask[i]) ? PetscMax(p[i], 0) : 0;
    if (loadctl) { // warm start scaled to the new force
      s[0] = 0;
      for (PetscInt i = 0; i < n; i++) s[0] += p[i] * A;
      PetscCall(Sum_Private(comm, 1, s));
      for (PetscInt i = 0; i < n; i++) p[i] = s[0] > 0 ? p[i] * value / s[0] : ((!mask || mask[i]) ? value / (A * n) : 0);
    }
  }
  PetscCall(PetscMalloc5(n, &g, n, &t, n, &r, n, &pold, n, &c));
  for (PetscInt i = 0; i < n; i++) t[i] = 0;
  if (prec || fprec) { // the start, kept for a restart without the preconditioner; the preconditioned direction
    PetscCall(PetscMalloc2(n + 1, &pstart, n + 1, &zz));
    PetscCall(PetscArraycpy(pstart, p, n));
  }
  if (prec) { // CG preconditioned on the contact set by c I + V_S V_S^T (src/contact/deflate.c), restarted whenever the set changes
    PetscCall(PetscMalloc2(n + 1, &vn2, n + 1, &inS));
    for (PetscInt i = 0; i < n; i++) { // an entering point's pressure: -tau g over c0 plus its deflated diagonal part
      vn2[i] = 0;
      for (PetscInt m = 0; m < op->nlow; m++) vn2[i] += op->low[0][i * op->nlow + m] * op->low[0][i * op->nlow + m];
    }
    PetscCall(TriboLowRankPCCreate(op, 0, 1, c0, &pc));
  }
  for (its = 0; its < sp->maxits; its++) {
    PetscBool overlap;
    PetscReal tau;

    if (its == 0) PetscCall(NormalApply_Private(op, p, u, z));
    if (loadctl) { // the approach: mean of u + h over the points in contact
      s[0] = s[1] = 0;
      for (PetscInt i = 0; i < n; i++)
        if (p[i] > 0) s[0] += u[i] + h[i], s[1] += 1;
      PetscCall(Sum_Private(comm, 2, s));
      delta = s[1] > 0 ? s[0] / s[1] : delta;
    }
    s[0] = 0;
    for (PetscInt i = 0; i < n; i++) {
      g[i] = (!mask || mask[i]) ? u[i] + h[i] - delta : 0;
      if (p[i] > 0) s[0] += g[i] * g[i];
    }
    if (prec && its > 0 && err < sp->rtol) { // the natural residual |p - max(p - g / c0, 0)|_1 / |p|_1 of the current p as well
      PetscReal q[2] = {0, 0};
      for (PetscInt i = 0; i < n; i++)
        if (!mask || mask[i]) q[0] += PetscAbsReal(p[i] - PetscMax(p[i] - g[i] / c0, 0)), q[1] += p[i];
      PetscCall(Sum_Private(comm, 2, q));
      if ((q[1] > 0 ? q[0] / q[1] : 0) < sp->rtol || ++nsmall >= 10) break;
    }
    if (prec) {
      if (newset) {
        for (PetscInt i = 0; i < n; i++) inS[i] = p[i] > 0 ? PETSC_TRUE : PETSC_FALSE;
        PetscCall(TriboLowRankPCSetSet(&pc, inS));
      }
      PetscCall(TriboLowRankPCApply(&pc, inS, &g, &zz));
      s[0] = 0;
      for (PetscInt i = 0; i < n; i++)
        if (p[i] > 0) s[0] += g[i] * zz[i];
    } else if (fprec) { // z = M g on the contact set (g extended by zero), less its mean there under load control
      PetscReal zbar = 0;
      for (PetscInt i = 0; i < n; i++) c[i] = p[i] > 0 ? g[i] : 0;
      PetscCall(op->invert(op->invctx, 0, c, zz, &dinv));
      if (loadctl) {
        s[0] = s[1] = 0;
        for (PetscInt i = 0; i < n; i++)
          if (p[i] > 0) s[0] += zz[i], s[1] += 1;
        PetscCall(Sum_Private(comm, 2, s));
        zbar = s[1] > 0 ? s[0] / s[1] : 0;
      }
      s[0] = 0;
      for (PetscInt i = 0; i < n; i++)
        if (p[i] > 0) zz[i] -= zbar, s[0] += g[i] * zz[i];
    }
    PetscCall(Sum_Private(comm, 1, s));
    beta = conj ? s[0] / Gold : 0;
    Gold = s[0];
    for (PetscInt i = 0; i < n; i++) t[i] = p[i] > 0 ? (prec || fprec ? zz[i] : g[i]) + beta * t[i] : 0;
    PetscCall(NormalApply_Private(op, t, r, z));
    s[0] = s[1] = s[2] = 0;
    for (PetscInt i = 0; i < n; i++)
      if (p[i] > 0) s[0] += r[i], s[1] += 1;
    PetscCall(Sum_Private(comm, 2, s));
    rbar = loadctl && s[1] > 0 ? s[0] / s[1] : 0;
    for (PetscInt i = 0; i < n; i++) r[i] -= rbar;
    s[0] = s[1] = 0;
    for (PetscInt i = 0; i < n; i++)
      if (p[i] > 0) s[0] += g[i] * t[i], s[1] += r[i] * t[i];
    PetscCall(Sum_Private(comm, 2, s));
    tau = s[1] > 0 ? s[0] / s[1] : (prec || fprec ? 1 : 1 / c0);
    if ((prec || fprec) && (PetscIsInfOrNanReal(tau) || PetscIsInfOrNanReal(beta) || PetscIsInfOrNanReal(s[0]))) {
      diverged = PETSC_TRUE; // the preconditioned iteration diverged: start again from p0 without it (below)
      break;
    }
    s[0] = s[1] = s[2] = s[3] = 0;
    for (PetscInt i = 0; i < n; i++) { // p - tau t, projected; c: what the projection and the entering points add to it
      pold[i] = p[i], c[i] = 0;
      if (p[i] > 0) {
        PetscReal v = p[i] - tau * t[i];
        if (v < 0) c[i] = -v, s[3] += 1;
        p[i] = PetscMax(v, 0);
      } else if ((!mask || mask[i]) && g[i] < 0)
        p[i] = c[i] = -tau * g[i] * (fprec ? dinv : 1) / (prec ? c0 + vn2[i] : 1), s[2] += 1; // points that penetrate enter
    }
    PetscCall(Sum_Private(comm, 2, &s[2]));
    overlap = s[2] > 0 ? PETSC_TRUE : PETSC_FALSE;
    conj    = overlap ? PETSC_FALSE : PETSC_TRUE;
    newset  = s[2] + s[3] > 0 ? PETSC_TRUE : PETSC_FALSE;
    if ((prec || fprec) && newset) conj = PETSC_FALSE;
    scale = 1;
    if (loadctl) {
      s[0] = 0;
      for (PetscInt i = 0; i < n; i++) s[0] += p[i] * A;
      PetscCall(Sum_Private(comm, 1, s));
      PetscCheck(s[0] > 0, comm, PETSC_ERR_CONV_FAILED, "Polonsky-Keer iteration %" PetscInt_FMT " lost all contact", its);
      scale = value / s[0];
      for (PetscInt i = 0; i < n; i++) p[i] *= scale;
    }
    // u = C p by linearity: scale (u - tau C t + C c); C c is a product only when points were projected or entered
    if (s[2] + s[3] > 0) PetscCall(NormalApply_Private(op, c, g, z));
    for (PetscInt i = 0; i < n; i++) u[i] = scale * (u[i] - tau * (r[i] + rbar) + (s[2] + s[3] > 0 ? g[i] : 0));
    s[0] = s[1] = 0;
    for (PetscInt i = 0; i < n; i++) s[0] += PetscAbsReal(p[i] - pold[i]), s[1] += p[i];
    PetscCall(Sum_Private(comm, 2, s));
    err = s[1] > 0 ? s[0] / s[1] : 0;
    if (s[1] == 0 && !loadctl) break; // no contact at this approach
    if (err < sp->rtol && !prec) break;
  }
  if (diverged) { // restart from the same start without the preconditioner (below, after the cleanup)
    PetscCall(PetscInfo(NULL, "the preconditioned Polonsky-Keer iteration diverged after %" PetscInt_FMT " iterations: again without it\n", its));
    PetscCall(PetscArraycpy(p, pstart, n));
  } else {
    PetscCall(NormalApply_Private(op, p, u, z));
    s[0] = s[1] = s[2] = s[3] = 0;
    for (PetscInt i = 0; i < n; i++)
      if (p[i] > 0) s[0] += u[i] + h[i], s[1] += 1, s[2] += p[i] * A, s[3] = PetscMax(s[3], p[i]);
    PetscCall(Sum_Private(comm, 3, s));
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &s[3], 1, MPIU_REAL, MPIU_MAX, comm));
    info->its       = its + (its < sp->maxits);
    info->converged = err < sp->rtol ? PETSC_TRUE : PETSC_FALSE;
    info->error     = err;
    info->force     = s[2];
    info->approach  = loadctl ? (s[1] > 0 ? s[0] / s[1] : 0) : value;
    info->ncontact  = (PetscInt)s[1];
    info->area      = s[1] * A;
    info->pmax      = s[3];
  }
  PetscCall(PetscFree5(g, t, r, pold, c));
  PetscCall(PetscFree(z));
  if (prec) {
    PetscCall(TriboLowRankPCDestroy(&pc));
    PetscCall(PetscFree2(vn2, inS));
  }
  PetscCall(PetscFree2(pstart, zz));
  if (diverged) {
    TriboContactOperator     op0 = *op;
    TriboContactSolverParams sp0 = *sp;
    op0.nlow = 0, op0.invert = NULL, sp0.warm = PETSC_TRUE;
    PetscCall(TriboContactSolveNormalOp(&op0, &sp0, h, mask, loadctl, value, p, u, info));
    info->its += its;
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSolveTangential - one quasi-static increment of the tangential (x) contact problem with Coulomb friction

  Collective

  Input Parameters:
+ hs - the half-space operator (set up with TriboHalfSpaceSetTangential())
. sp - solver parameters (NULL: defaults; sp->warm: start from q)
. p - local normal pressure (Pa), fixed during the increment (decoupled: identical materials)
. mu - friction coefficient
- delta - rigid tangential shift of the two bodies (m)

  Input/Output Parameters:
+ q - local shear traction (Pa): on input the previous increment's, on output the new one
- s - local accumulated slip (m): s = delta - C_xx q at the end of the previous increment, updated

  Output Parameters:
+ state - local state per point: 0 open (p = 0), 1 stick, 2 slip (NULL: not wanted)
- info - iterations, tangential force Q, stick and slip counts, energy dissipated in the increment

  Notes:
  The increment's slip ds = (delta - C q) - s_old must vanish where |q| < mu p (stick) and have the sign of q where |q| = mu p
  (slip): the optimality conditions of min 1/2 q C q + q (s_old - delta) with |q| <= mu p. Solved by conjugate gradients on the
  working set (points inside the bounds and points at a bound whose gradient points inwards), projection onto the bounds, and
  a restart whenever the working set changes (Polonsky and Keer's active-set scheme with two bounds).
@*/
PetscErrorCode TriboContactSolveTangential(TriboHalfSpace hs, const TriboContactSolverParams *sp, const PetscReal p[], PetscReal mu, PetscReal delta,
                                           PetscReal q[], PetscReal s[], PetscInt state[], TriboTangentialInfo *info)
{
  TriboContactSolverParams dp;
  MPI_Comm                 comm;
  PetscInt                 nx, ny, j0, nyl, n, its;
  PetscReal                dx, dy, A, c0, Gold = 1, beta, sum[4], err = 0;
  PetscReal               *g, *t, *r, *qold, *u;
  PetscBool                conj = PETSC_FALSE, *w;

  PetscFunctionBeginUser;
  if (!sp) {
    PetscCall(TriboContactSolverParamsDefault(&dp));
    sp = &dp;
  }
  PetscCheck(mu > 0, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT, "friction coefficient must be > 0, got %g (option -contact_mu)", (double)mu);
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, &dx, &dy));
  PetscCall(TriboHalfSpaceGetLocalRows(hs, &j0, &nyl));
  PetscCall(TriboHalfSpaceGetComm(hs, &comm));
  n = nx * nyl, A = dx * dy;
  PetscCall(TriboHalfSpaceInfluence(hs, TRIBO_HS_XX, 0, 0, &c0));
  PetscCall(PetscMalloc6(n, &g, n, &t, n, &r, n, &qold, n, &u, n, &w));
  for (PetscInt i = 0; i < n; i++) {
    PetscReal b = mu * p[i];
    q[i]        = p[i] > 0 ? (sp->warm ? PetscMin(PetscMax(q[i], -b), b) : 0) : 0;
    t[i]        = 0;
  }
  for (its = 0; its < sp->maxits; its++) {
    PetscReal tau;

    PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_XX, q, u));
    sum[0] = sum[1] = 0;
    for (PetscInt i = 0; i < n; i++) { // the working set: points inside the bounds and points at a bound whose gradient points inwards
      PetscReal b = mu * p[i];
      g[i]        = p[i] > 0 ? u[i] + s[i] - delta : 0;
      w[i]        = p[i] > 0 && (PetscAbsReal(q[i]) < b || (q[i] >= b && g[i] > 0) || (q[i] <= -b && g[i] < 0));
      if (w[i]) sum[0] += g[i] * g[i];
      if (w[i] && PetscAbsReal(q[i]) >= b) sum[1] += 1;
    }
    PetscCall(Sum_Private(comm, 2, sum));
    if (sum[1] > 0) conj = PETSC_FALSE; // points leave a bound: restart
    beta = conj ? sum[0] / Gold : 0;
    Gold = sum[0];
    for (PetscInt i = 0; i < n; i++) t[i] = w[i] ? g[i] + beta * t[i] : 0;
    PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_XX, t, r));
    sum[0] = sum[1] = 0;
    for (PetscInt i = 0; i < n; i++) sum[0] += g[i] * t[i], sum[1] += r[i] * t[i];
    PetscCall(Sum_Private(comm, 2, sum));
    tau    = sum[1] > 0 ? sum[0] / sum[1] : 0;
    sum[2] = 0;
    for (PetscInt i = 0; i < n; i++) {
      PetscReal b = mu * p[i], v;
      qold[i]     = q[i];
      if (!w[i]) continue;
      v = q[i] - tau * t[i];
      if (v > b || v < -b) sum[2] += 1; // a point reaches a bound: projected, restart
      q[i] = PetscMin(PetscMax(v, -b), b);
    }
    sum[0] = sum[1] = 0;
    for (PetscInt i = 0; i < n; i++) sum[0] += PetscAbsReal(q[i] - qold[i]), sum[1] += mu * p[i];
    PetscCall(Sum_Private(comm, 3, sum));
    conj = sum[2] > 0 ? PETSC_FALSE : PETSC_TRUE;
    err  = sum[1] > 0 ? sum[0] / sum[1] : 0;
    if (err < sp->rtol) break;
  }
  PetscCall(TriboHalfSpaceApply(hs, TRIBO_HS_XX, q, u));
  sum[0] = sum[1] = sum[2] = sum[3] = 0;
  for (PetscInt i = 0; i < n; i++) {
    PetscReal snew = delta - u[i], ds = snew - s[i];
    PetscInt  st = p[i] > 0 ? (PetscAbsReal(q[i]) < mu * p[i] * (1 - 1e-9) ? 1 : 2) : 0;
    if (p[i] <= 0) snew = s[i], ds = 0; // open points keep their slip
    sum[0] += q[i] * A, sum[1] += st == 1, sum[2] += st == 2, sum[3] += q[i] * ds * A;
    s[i] = snew;
    if (state) state[i] = st;
  }
  PetscCall(Sum_Private(comm, 4, sum));
  info->its       = its + (its < sp->maxits);
  info->converged = err < sp->rtol ? PETSC_TRUE : PETSC_FALSE;
  info->error     = err;
  info->force     = sum[0];
  info->nstick    = (PetscInt)sum[1];
  info->nslip     = (PetscInt)sum[2];
  info->dissip    = sum[3];
  PetscCall(PetscFree6(g, t, r, qold, u, w));
  PetscFunctionReturn(0);
}
