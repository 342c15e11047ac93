/* One load increment of three-dimensional frictional contact on a compliance operator G (linder-gross-krack §2.3-2.4, eq. 17-19,
   App. B): the tractions p = (p_n, p_t1, p_t2) per grid point, the gap function

     F(p) = G (p - p0) + c,   c_n = h + dgex_n,   c_t = dgex_t,

   whose normal component is the normal gap at the end of the increment and whose tangential components are the tangential gap
   increments (eq. 18: Delta g = C_* Delta lambda + Delta g_ex), and the inclusion -F(p) in N_C(p) (eq. 19) with the admissible set
   C = {p_n >= 0, |p_t| <= mu p_n} handled as in App. B: p_n projected onto R_0^+ (eq. B.2), then p_t onto the disc of radius
   mu p_n (eq. B.3). So p_n g_n = 0 with both >= 0, and a slipping point's tangential gap increment is opposite to its traction
   (Coulomb's law of eq. 5-6 on the increment); a sticking point has Delta g_t = 0.

   Two solvers of the same problem:
   - TRIBO_FRICTION_PJOR, the paper's reference (App. B, eq. B.1): the projected Jacobi over-relaxation
       p <- proj_C[p - eps (G p + c)],  eps_ci = r / G_cc,ii,
     with Studer's choice of the r-factor (Studer 2009, ref. [58], §6.4: r_i = alpha / G_ii from the diagonal of the Delassus
     matrix; the projected Jacobi iteration converges for alpha < 2 / lambda_max(D^-1/2 G D^-1/2)). We take
     alpha = omega 2 / lambda_max with lambda_max from 20 power iterations (times 1.05) and the over-relaxation factor
     omega = 0.9. One product per iteration; stopped when the natural residual |p - proj_C[p - D^-1 F(p)]|_1 / |p|_1 < rtol.
   - TRIBO_FRICTION_FAST, the default: alternating normal and tangential solves (Panagiotopoulos' scheme, e.g. Kalker's
     NORM/TANG): the normal problem with the tangential tractions fixed by Polonsky-Keer conjugate gradients
     (TriboContactSolveNormalOp(), approach controlled with the coupling G_nt p_t in its gap), then the tangential problem with
     the disc radii mu p_n fixed (a convex quadratic program, Tresca) by the accelerated projected gradient method (FISTA,
     Beck and Teboulle 2009, with the gradient restart of O'Donoghue and Candes 2015; Mazhar et al. 2015's APGD) with step 1/L,
     L = 1.1 times a 10-step power-iteration estimate of the largest eigenvalue of G_tt on the contact; until p_n stops
     changing. For a block-diagonal G (identical half spaces) the second normal solve has nothing to do.
   The state returned: open where p_n = 0; of the points in contact, slip where |Delta g_t| exceeds 1e-3 of the largest slip
   increment of the increment (and of 1e-12 m), else stick.
   Both are warm started from the given p (the previous increment's solution).
   With a deflated operator (op->nlow > 0: a coupled structure with soft modes, src/contact/deflate.c) FAST preconditions the
   Polonsky-Keer CG with c I + V_S V_S^T, solves the tangential problem by SolveTangentialActive_Private() (FISTA only as the
   fallback) and makes the inner solves of the alternation inexact (1e-3, then a tenth of the last change of p_n) with a last pass
   at rtol.
   Active sets (eq. 20-25): not used to condense G (that needs (C_st,st)^-1, a dense factorization); both solvers iterate on all
   points of the mask, and the open / stick / slip classification of the result is returned in state[]. */
#include <tribo/private/contactimpl.h>

const char *const TriboFrictionMethods[] = {"fast", "pjor", "TriboFrictionMethod", "TRIBO_FRICTION_", NULL};

#define PJOR_OMEGA 0.9

/* y = G x on all three components */
static PetscErrorCode Apply_Private(const TriboContactOperator *op, PetscReal *const x[], PetscReal *const y[])
{
  PetscFunctionBeginUser;
  PetscCall(op->apply(op->ctx, (const PetscReal *const *)x, y));
  PetscFunctionReturn(0);
}

/* y_t = G_tt x_t: the tangential block (x[0] zero; y[0] scratch, not set where op->applyblock serves the block alone) */
static PetscErrorCode ApplyTangential_Private(const TriboContactOperator *op, PetscReal *const x[], PetscReal *const y[])
{
  PetscFunctionBeginUser;
  if (op->applyblock)
    PetscCall(op->applyblock(op->ctx, 1, 2, (const PetscReal *const *)x + 1, y + 1));
  else
    PetscCall(op->apply(op->ctx, (const PetscReal *const *)x, y));
  PetscFunctionReturn(0);
}

/* proj_C: eq. B.2 on the normal component, then B.3 on the tangential ones with radius mu p_n */
static inline void Project_Private(PetscReal mu, PetscReal *pn, PetscReal *t1, PetscReal *t2)
{
  PetscReal r, a;

  *pn = PetscMax(*pn, 0);
  r   = mu * *pn;
  a   = PetscSqrtReal(*t1 * *t1 + *t2 * *t2);
  if (a > r) {
    *t1 = a > 0 ? *t1 * r / a : 0;
    *t2 = a > 0 ? *t2 * r / a : 0;
  }
}

static inline void ProjectDisc_Private(PetscReal r, PetscReal *t1, PetscReal *t2)
{
  PetscReal a = PetscSqrtReal(*t1 * *t1 + *t2 * *t2);

  if (a > r) {
    *t1 = a > 0 ? *t1 * r / a : 0;
    *t2 = a > 0 ? *t2 * r / a : 0;
  }
}

/* The diagonal D of G per component and point (from op->diagonal, else the probed scalar per component). The two tangential
   components of a point get the same entry, the larger of the two: a step x - D^-1 F with different tangential scalings has
   fixed points of proj_D that are not solutions (the disc's normal cone is not invariant under anisotropic scaling); with one
   scalar per point (Studer's r_i per contact) the fixed points of eq. B.1 are the solutions for any r_i > 0. */
static PetscErrorCode Diagonal_Private(const TriboContactOperator *op, const PetscBool mask[], PetscReal *const d[])
{
  PetscFunctionBeginUser;
  if (op->diagonal)
    PetscCall(op->diagonal(op->ctx, d));
  else {
    for (PetscInt c = 0; c < 3; c++) {
      PetscReal v;
      PetscCall(TriboContactOperatorGetDiagonal(op, c, mask, &v));
      for (PetscInt i = 0; i < op->nlocal; i++) d[c][i] = v;
    }
  }
  for (PetscInt i = 0; i < op->nlocal; i++) d[1][i] = d[2][i] = PetscMax(d[1][i], d[2][i]);
  PetscFunctionReturn(0);
}

/* sum |p - proj_C[p - D^-1 F]|_1 / sum |p|_1 over the mask */
static PetscErrorCode Residual_Private(const TriboContactOperator *op, PetscReal mu, const PetscBool mask[], PetscReal *const d[],
                                       PetscReal *const p[], PetscReal *const F[], PetscReal *err)
{
  PetscReal s[2] = {0, 0};

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < op->nlocal; i++) {
    PetscReal v[3];
    if (mask && !mask[i]) continue;
    for (PetscInt c = 0; c < 3; c++) v[c] = p[c][i] - F[c][i] / d[c][i];
    Project_Private(mu, &v[0], &v[1], &v[2]);
    for (PetscInt c = 0; c < 3; c++) s[0] += PetscAbsReal(p[c][i] - v[c]), s[1] += PetscAbsReal(p[c][i]);
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, op->comm));
  *err = s[1] > 0 ? s[0] / s[1] : (s[0] > 0 ? PETSC_MAX_REAL : 0);
  PetscFunctionReturn(0);
}

/* App. B: projected Jacobi over-relaxation, eq. B.1-B.3 */
static PetscErrorCode SolvePJOR_Private(const TriboContactOperator *op, const TriboContactSolverParams *sp, PetscReal mu, const PetscBool mask[],
                                        PetscReal *const c[], PetscReal *const p[], PetscReal *const d[], PetscReal *const w[], PetscReal *const F[],
                                        PetscInt *its, PetscReal *err)
{
  PetscInt  n   = op->nlocal, k;
  PetscReal lam = 0, s[2], r;

  PetscFunctionBeginUser;
  // lambda_max(D^-1/2 G D^-1/2) by power iteration from the uniform vector on the mask (its largest eigenvector is smooth)
  for (PetscInt cc = 0; cc < 3; cc++)
    for (PetscInt i = 0; i < n; i++) w[cc][i] = (!mask || mask[i]) ? 1 : 0;
  for (k = 0; k < 20; k++) {
    s[0] = 0;
    for (PetscInt cc = 0; cc < 3; cc++)
      for (PetscInt i = 0; i < n; i++) s[0] += w[cc][i] * w[cc][i];
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
    for (PetscInt cc = 0; cc < 3; cc++)
      for (PetscInt i = 0; i < n; i++) w[cc][i] /= PetscSqrtReal(s[0] * d[cc][i]);
    PetscCall(Apply_Private(op, w, F));
    s[0] = 0;
    for (PetscInt cc = 0; cc < 3; cc++)
      for (PetscInt i = 0; i < n; i++) {
        PetscReal v = (!mask || mask[i]) ? F[cc][i] / PetscSqrtReal(d[cc][i]) : 0;
        s[0] += v * w[cc][i] * PetscSqrtReal(d[cc][i]);
        w[cc][i] = v;
      }
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
    lam = s[0];
  }
  r = PJOR_OMEGA * 2 / (1.05 * lam);
  PetscCall(PetscInfo(NULL, "PJOR: lambda_max(D^-1 G) %g, r-factor alpha %g\n", (double)lam, (double)r));
  *err = PETSC_MAX_REAL;
  for (k = 0; k < sp->maxits; k++) {
    PetscCall(Apply_Private(op, p, F));
    for (PetscInt cc = 0; cc < 3; cc++)
      for (PetscInt i = 0; i < n; i++) F[cc][i] += c[cc][i];
    PetscCall(Residual_Private(op, mu, mask, d, p, F, err));
    if (*err < sp->rtol) break;
    for (PetscInt i = 0; i < n; i++) {
      if (mask && !mask[i]) continue;
      for (PetscInt cc = 0; cc < 3; cc++) p[cc][i] -= r / d[cc][i] * F[cc][i];
      Project_Private(mu, &p[0][i], &p[1][i], &p[2][i]);
    }
  }
  *its = k;
  PetscFunctionReturn(0);
}

/* The tangential problem with the radii b = mu p_n fixed: min 1/2 x G_tt x + x bt, |x_i| <= b_i, by FISTA with gradient restart.
   w[0..2], F: scratch; y: 2 more arrays (the extrapolated point). */
static PetscErrorCode SolveTangentialAPGD_Private(const TriboContactOperator *op, const TriboContactSolverParams *sp, PetscReal mu,
                                                  PetscReal *const bt[], PetscReal *const p[], PetscReal *const w[], PetscReal *const y[],
                                                  PetscReal *const F[], PetscInt *its, PetscBool *conv)
{
  PetscInt   n = op->nlocal, k;
  PetscReal  L = 0, s[3], theta = 1, err = PETSC_MAX_REAL;
  PetscReal *xin[3] = {w[0], y[0], y[1]};

  PetscFunctionBeginUser;
  *conv = PETSC_FALSE;
  s[0]  = 0;
  for (PetscInt i = 0; i < n; i++) s[0] += p[0][i] > 0;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
  if (s[0] == 0 || mu == 0) { // no contact or no friction: no shear
    for (PetscInt i = 0; i < n; i++) p[1][i] = p[2][i] = 0;
    *its = 0, *conv = PETSC_TRUE;
    PetscFunctionReturn(0);
  }
  // L: power iteration on G_tt restricted to the contact (points with p_n > 0), from the uniform vector
  for (PetscInt i = 0; i < n; i++) w[0][i] = 0, y[0][i] = y[1][i] = p[0][i] > 0 ? 1 : 0;
  for (k = 0; k < 10; k++) {
    s[0] = 0;
    for (PetscInt i = 0; i < n; i++) s[0] += y[0][i] * y[0][i] + y[1][i] * y[1][i];
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
    for (PetscInt i = 0; i < n; i++) y[0][i] /= PetscSqrtReal(s[0]), y[1][i] /= PetscSqrtReal(s[0]);
    PetscCall(Apply_Private(op, xin, F));
    s[0] = 0;
    for (PetscInt i = 0; i < n; i++) {
      PetscReal a = p[0][i] > 0 ? F[1][i] : 0, b = p[0][i] > 0 ? F[2][i] : 0;
      s[0] += a * y[0][i] + b * y[1][i];
      y[0][i] = a, y[1][i] = b;
    }
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
    L = 1.1 * s[0];
  }
  PetscCheck(L > 0, op->comm, PETSC_ERR_ARG_WRONG, "the tangential block of the contact operator is not positive definite (power iteration %g)",
             (double)L);
  // x = p_t (projected start), y = x
  for (PetscInt i = 0; i < n; i++) {
    ProjectDisc_Private(mu * PetscMax(p[0][i], 0), &p[1][i], &p[2][i]);
    y[0][i] = p[1][i], y[1][i] = p[2][i];
  }
  for (k = 0; k < sp->maxits; k++) {
    PetscReal thn, beta;

    PetscCall(Apply_Private(op, xin, F));
    s[0] = s[1] = s[2] = 0;
    for (PetscInt i = 0; i < n; i++) { // x_new = proj(y - grad/L) into w[1], w[2]; restart test grad(y) . (x_new - x) > 0
      PetscReal b = mu * PetscMax(p[0][i], 0), g1 = F[1][i] + bt[0][i], g2 = F[2][i] + bt[1][i];
      if (b <= 0) {
        w[1][i] = w[2][i] = 0;
        continue;
      }
      w[1][i] = y[0][i] - g1 / L, w[2][i] = y[1][i] - g2 / L;
      ProjectDisc_Private(b, &w[1][i], &w[2][i]);
      s[0] += PetscAbsReal(w[1][i] - y[0][i]) + PetscAbsReal(w[2][i] - y[1][i]);
      s[1] += b;
      s[2] += g1 * (w[1][i] - p[1][i]) + g2 * (w[2][i] - p[2][i]);
    }
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 3, MPIU_REAL, MPIU_SUM, op->comm));
    err  = s[1] > 0 ? s[0] / s[1] : 0;
    thn  = 0.5 * (-theta * theta + theta * PetscSqrtReal(theta * theta + 4));
    beta = theta * (1 - theta) / (theta * theta + thn);
    if (s[2] > 0) beta = 0, thn = 1; // gradient restart
    theta = thn;
    for (PetscInt i = 0; i < n; i++) {
      y[0][i] = w[1][i] + beta * (w[1][i] - p[1][i]);
      y[1][i] = w[2][i] + beta * (w[2][i] - p[2][i]);
      p[1][i] = w[1][i], p[2][i] = w[2][i];
    }
    if (err < sp->rtol) {
      *conv = PETSC_TRUE;
      break;
    }
  }
  *its = k + (k < sp->maxits);
  PetscFunctionReturn(0);
}

/* The tangential problem with the radii b = mu p_n fixed (as SolveTangentialAPGD_Private) by an active set method with conjugate
   gradients (our choice for operators with a few huge eigenvalues, where the first-order FISTA needs 1e4-1e5 iterations), in the
   spirit of the primal-dual active set method of Hueber, Stadler and Wohlmuth 2008 for Tresca friction, made monotone by an exact
   line search. Each pass, from x with the gradient gr = G_tt x + bt (the slip increment):
   1. sets: with v_i = x_i - gr_i / c (c the diagonal), a point sticks where |v_i| <= b_i and slips where |v_i| > b_i, its
      traction then on the rim, x_i = b_i v_i / |v_i|;
   2. the stuck points' tractions solve G_SS x_S = -(bt + G_S,slip x_slip)_S by conjugate gradients preconditioned with
      c I + V_S V_S^T (src/contact/deflate.c), or on a half space alone (op->nlow 0) with its FFT inverses (op->invert), to a
      residual reduction of 1e-3;
   3. that candidate, projected onto the discs, gives the direction d from x; the step is the exact minimizer of the quadratic
      1/2 x G x + bt x along d, at most 1 (the set of discs is convex, so every step stays feasible and the objective decreases:
      no cycling of the sets, which the plain method showed on the lap beam).
   Stopped when the natural residual |x - proj(x - gr / c)|_1 / |b|_1 is below rtol: a fixed point is a solution (stuck: zero
   slip; slipping: slip opposite to the traction). Not converged in 100 passes or no descent: *conv false, and the caller goes on
   with FISTA from the last iterate. */
static PetscErrorCode SolveTangentialActive_Private(const TriboContactOperator *op, const TriboContactSolverParams *sp, PetscReal mu,
                                                    PetscReal *const bt[], PetscReal *const p[], PetscReal *const w[], PetscReal *const F[],
                                                    PetscInt *its, PetscBool *conv)
{
  PetscInt       n = op->nlocal, nits = 0, pass;
  PetscReal      c, s[4], err = PETSC_MAX_REAL, *buf, *xc[2], *r[2], *z[2], *t[2], *At[2], *d[2], *Ad[2], *zero = w[0];
  PetscBool     *stick;
  TriboLowRankPC pc;

  PetscFunctionBeginUser;
  *conv = PETSC_FALSE, *its = 0;
  s[0] = 0;
  for (PetscInt i = 0; i < n; i++) s[0] += p[0][i] > 0;
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
  if (s[0] == 0 || mu == 0) {
    for (PetscInt i = 0; i < n; i++) p[1][i] = p[2][i] = 0;
    *conv = PETSC_TRUE;
    PetscFunctionReturn(0);
  }
  PetscCall(TriboContactOperatorGetDiagonal(op, 1, NULL, &c));
  PetscCall(TriboLowRankPCCreate(op, 1, 2, c, &pc));
  // a half space alone: its FFT inverses of G_t1t1 and G_t2t2 (xy left out); with deflated columns c I stays the base (the set
  // changes every pass, and k inverse transforms per pass were measured not to pay)
  if (op->nlow == 0) PetscCall(TriboLowRankPCSetFFT(&pc));
  PetscCall(PetscMalloc1(n + 1, &stick));
  PetscCall(PetscMalloc1(14 * n + 1, &buf));
  for (PetscInt k = 0; k < 2; k++)
    xc[k] = buf + k * n, r[k] = buf + (2 + k) * n, z[k] = buf + (4 + k) * n, t[k] = buf + (6 + k) * n, At[k] = buf + (8 + k) * n,
    d[k] = buf + (10 + k) * n, Ad[k] = buf + (12 + k) * n;
  for (PetscInt i = 0; i < n; i++) zero[i] = 0, ProjectDisc_Private(mu * PetscMax(p[0][i], 0), &p[1][i], &p[2][i]);
  {
    PetscReal *xin[3] = {zero, p[1], p[2]};
    PetscCall(ApplyTangential_Private(op, xin, F));
    nits++;
  }
  for (pass = 0; pass < 100; pass++) {
    PetscReal  rr0, rz, rzold = 1, tau;
    PetscReal *ein[3] = {zero, d[0], d[1]}, *eout[3] = {w[1], Ad[0], Ad[1]};
    PetscInt   nslipchg = 0;

    // 1. the natural residual, the sets, the slipping points' candidate on the rim (its change from x in d)
    s[0] = s[1] = 0;
    for (PetscInt i = 0; i < n; i++) {
      PetscReal b = mu * PetscMax(p[0][i], 0), v1, v2, a, q1, q2;
      stick[i] = PETSC_FALSE, xc[0][i] = xc[1][i] = 0;
      if (b > 0) {
        v1 = p[1][i] - (F[1][i] + bt[0][i]) / c, v2 = p[2][i] - (F[2][i] + bt[1][i]) / c;
        a = PetscSqrtReal(v1 * v1 + v2 * v2), q1 = v1, q2 = v2;
        ProjectDisc_Private(b, &q1, &q2);
        s[0] += PetscAbsReal(p[1][i] - q1) + PetscAbsReal(p[2][i] - q2), s[1] += b;
        if (a <= b)
          stick[i] = PETSC_TRUE, xc[0][i] = p[1][i], xc[1][i] = p[2][i];
        else
          xc[0][i] = q1, xc[1][i] = q2;
      }
      d[0][i] = xc[0][i] - p[1][i], d[1][i] = xc[1][i] - p[2][i];
      nslipchg += d[0][i] != 0 || d[1][i] != 0;
    }
    s[2] = nslipchg;
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 3, MPIU_REAL, MPIU_SUM, op->comm));
    err = s[1] > 0 ? s[0] / s[1] : 0;
    PetscCall(PetscInfo(NULL, "active set pass %" PetscInt_FMT ": natural residual %g, %" PetscInt_FMT " products\n", pass, (double)err, nits));
    if (err < sp->rtol) {
      *conv = PETSC_TRUE;
      break;
    }
    // 2. r = -(G xc + bt) on S, G xc = F + G (xc - x); conjugate gradients on S
    if (s[2] > 0) {
      PetscCall(ApplyTangential_Private(op, ein, eout));
      nits++;
    } else
      for (PetscInt i = 0; i < n; i++) Ad[0][i] = Ad[1][i] = 0;
    for (PetscInt i = 0; i < n; i++) {
      r[0][i] = stick[i] ? -(F[1][i] + Ad[0][i] + bt[0][i]) : 0, r[1][i] = stick[i] ? -(F[2][i] + Ad[1][i] + bt[1][i]) : 0;
      t[0][i] = t[1][i] = 0;
    }
    PetscCall(TriboLowRankPCSetSet(&pc, stick));
    s[0] = 0;
    for (PetscInt i = 0; i < n; i++) s[0] += r[0][i] * r[0][i] + r[1][i] * r[1][i];
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
    rr0 = s[0];
    for (PetscInt k = 0; k < 1000 && rr0 > 0; k++) {
      PetscReal  alpha, beta;
      PetscReal *tin[3] = {zero, t[0], t[1]}, *tout[3] = {w[1], At[0], At[1]};
      PetscCall(TriboLowRankPCApply(&pc, stick, r, z));
      s[0] = s[1] = 0;
      for (PetscInt i = 0; i < n; i++) s[0] += r[0][i] * z[0][i] + r[1][i] * z[1][i], s[1] += r[0][i] * r[0][i] + r[1][i] * r[1][i];
      PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, op->comm));
      rz = s[0];
      if (s[1] <= 1e-6 * rr0 || rz <= 0) break;
      beta  = k > 0 ? rz / rzold : 0;
      rzold = rz;
      for (PetscInt i = 0; i < n; i++) t[0][i] = z[0][i] + beta * t[0][i], t[1][i] = z[1][i] + beta * t[1][i];
      PetscCall(ApplyTangential_Private(op, tin, tout));
      nits++;
      s[0] = 0;
      for (PetscInt i = 0; i < n; i++)
        if (stick[i]) s[0] += t[0][i] * At[0][i] + t[1][i] * At[1][i];
      PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
      if (s[0] <= 0) break;
      alpha = rz / s[0];
      for (PetscInt i = 0; i < n; i++)
        if (stick[i]) {
          xc[0][i] += alpha * t[0][i], xc[1][i] += alpha * t[1][i];
          r[0][i] -= alpha * At[0][i], r[1][i] -= alpha * At[1][i];
        }
    }
    // 3. the direction to the projected candidate and the exact line search on the quadratic
    for (PetscInt i = 0; i < n; i++) {
      ProjectDisc_Private(mu * PetscMax(p[0][i], 0), &xc[0][i], &xc[1][i]);
      d[0][i] = xc[0][i] - p[1][i], d[1][i] = xc[1][i] - p[2][i];
    }
    PetscCall(ApplyTangential_Private(op, ein, eout));
    nits++;
    s[0] = s[1] = 0;
    for (PetscInt i = 0; i < n; i++) {
      s[0] += (F[1][i] + bt[0][i]) * d[0][i] + (F[2][i] + bt[1][i]) * d[1][i];
      s[1] += d[0][i] * Ad[0][i] + d[1][i] * Ad[1][i];
    }
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, op->comm));
    if (!(s[0] < 0 && s[1] > 0)) break; // no descent left
    tau = PetscMin(1, -s[0] / s[1]);
    for (PetscInt i = 0; i < n; i++) {
      p[1][i] += tau * d[0][i], p[2][i] += tau * d[1][i];
      F[1][i] += tau * Ad[0][i], F[2][i] += tau * Ad[1][i];
    }
  }
  *its = nits;
  PetscCall(PetscFree(buf));
  PetscCall(PetscFree(stick));
  PetscCall(TriboLowRankPCDestroy(&pc));
  PetscFunctionReturn(0);
}

/* Panagiotopoulos: normal (Polonsky-Keer) and tangential (APGD) solves in turn */
static PetscErrorCode SolveFast_Private(const TriboContactOperator *op, const TriboContactSolverParams *sp, PetscReal mu, const PetscBool mask[],
                                        PetscReal *const c[], PetscReal *const p[], PetscReal *const d[], PetscReal *const w[], PetscReal *const F[],
                                        PetscInt *its, PetscBool *conv)
{
  PetscInt                 n = op->nlocal, outer;
  PetscReal               *heff, *un, *pold, *bt[2], *y[2], *zero, s[2], *Fn[3], *gg[3], *nbuf, rout = -1;
  PetscReal               *xin[3];
  TriboContactSolverParams nsp = *sp, tsp = *sp;
  TriboContactInfo         ninfo;

  PetscFunctionBeginUser;
  *its = 0, *conv = PETSC_FALSE;
  nsp.warm = PETSC_TRUE;
  // Stopped when the whole problem's natural residual |p - proj_C[p - D^-1 F(p)]|_1 / |p|_1 (as PJOR's) is below rtol, or when p_n
  // no longer changes with both inner solves at rtol. With a deflated operator (a coupled structure, many outer passes) the inner
  // solves are inexact: to 1e-3 at first, then to a tenth of the last outer residual, never below rtol (lap beam 96 x 20, 12
  // increments: 9,197 products with the former stop on the change of p_n, which is noisy under inexact inner solves; 6,711 with this)
  if (op->nlow > 0) nsp.rtol = tsp.rtol = PetscMax(sp->rtol, 1e-3);
  PetscCall(PetscMalloc6(n, &heff, n, &un, n, &pold, 2 * n, &bt[0], 2 * n, &y[0], n, &zero));
  bt[1] = bt[0] + n, y[1] = y[0] + n;
  PetscCall(PetscArrayzero(zero, n));
  PetscCall(PetscMalloc1(6 * n + 1, &nbuf));
  for (PetscInt k = 0; k < 3; k++) Fn[k] = nbuf + k * n, gg[k] = nbuf + (3 + k) * n;
  for (outer = 0; outer < 50; outer++) {
    PetscInt  tits;
    PetscBool tconv;

    // normal: the gap c_n + G_nt p_t + G_nn p_n
    xin[0] = zero, xin[1] = p[1], xin[2] = p[2];
    PetscCall(Apply_Private(op, xin, F));
    if (outer > 0) { // the whole problem's natural residual at the last pass's (p_n, p_t): G p = F + Fn, no product of its own
      for (PetscInt k = 0; k < 3; k++)
        for (PetscInt i = 0; i < n; i++) gg[k][i] = F[k][i] + Fn[k][i] + c[k][i];
      PetscCall(Residual_Private(op, mu, mask, d, p, gg, &rout));
      if (rout < sp->rtol) {
        *conv = PETSC_TRUE;
        break;
      }
      if (op->nlow > 0) nsp.rtol = tsp.rtol = PetscMax(sp->rtol, PetscMin(nsp.rtol, 0.1 * rout));
    }
    for (PetscInt i = 0; i < n; i++) heff[i] = c[0][i] + F[0][i], pold[i] = p[0][i];
    PetscCall(TriboContactSolveNormalOp(op, &nsp, heff, mask, PETSC_FALSE, 0, p[0], un, &ninfo));
    *its += ninfo.its;
    s[0] = s[1] = 0;
    for (PetscInt i = 0; i < n; i++) s[0] += PetscAbsReal(p[0][i] - pold[i]), s[1] += p[0][i];
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 2, MPIU_REAL, MPIU_SUM, op->comm));
    if (outer > 0 && (s[1] == 0 || s[0] / s[1] < sp->rtol) && nsp.rtol <= sp->rtol && tsp.rtol <= sp->rtol) {
      *conv = ninfo.converged; // p_n no longer changes with both inner solves at full precision (the residual's floor may be above rtol)
      break;
    }
    // tangential: the gap increment c_t + G_tn p_n + G_tt p_t
    xin[0] = p[0], xin[1] = zero, xin[2] = zero;
    PetscCall(Apply_Private(op, xin, Fn));
    for (PetscInt i = 0; i < n; i++) bt[0][i] = c[1][i] + Fn[1][i], bt[1][i] = c[2][i] + Fn[2][i];
    if (op->nlow > 0 || op->invert) {
      PetscCall(SolveTangentialActive_Private(op, &tsp, mu, bt, p, w, F, &tits, &tconv));
      *its += tits;
      if (!tconv) PetscCall(PetscInfo(NULL, "friction outer %" PetscInt_FMT ": the active set method did not converge; FISTA goes on\n", outer));
    } else
      tconv = PETSC_FALSE;
    if (!tconv) {
      PetscCall(SolveTangentialAPGD_Private(op, &tsp, mu, bt, p, w, y, F, &tits, &tconv));
      *its += tits;
    }
    PetscCall(PetscInfo(NULL,
                        "friction outer %" PetscInt_FMT ": natural residual before %g, normal %" PetscInt_FMT " its, tangential %" PetscInt_FMT
                        " its, p_n change %g, inner rtol %g\n",
                        outer, (double)rout, ninfo.its, tits, (double)(s[1] > 0 ? s[0] / s[1] : 0), (double)nsp.rtol));
    if (!tconv) break;
  }
  PetscCall(PetscFree6(heff, un, pold, bt[0], y[0], zero));
  PetscCall(PetscFree(nbuf));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSolveFriction - one load increment of three-dimensional frictional contact (Signorini and Coulomb, eq. 17-19, App. B)

  Collective

  Input Parameters:
+ op - the compliance operator, 3 components (n, t1, t2), symmetric positive definite
. sp - solver parameters (NULL: defaults; rtol, maxits; the start is always the given p)
. method - TRIBO_FRICTION_FAST (default) or TRIBO_FRICTION_PJOR (the paper's App. B, the reference)
. mu - friction coefficient (>= 0)
. h - local normal gap at the start of the increment (m), the committed tractions' deformation included (the g[0] output of the
      previous increment): the normal gap at the end is g_n = h + dgex[0] + (G (p - p0))_n; for the first increment (p0 = 0) the
      topography
. mask - local points that may touch (NULL: all)
. dgex - the imposed gap increments per component (m): normal far field and tangential (e.g. minus a rigid tangential shift)
- p0 - the committed tractions (Pa) of the previous increment, per component

  Input/Output Parameter:
. p - the tractions (Pa) per component: the start, on output the solution

  Output Parameters:
+ g - g[0] the normal gap at the end of the increment, g[1], g[2] the tangential gap increments (slip increments, zero where
      sticking) (m)
. state - local per point: 0 open, 1 stick, 2 slip (NULL: not wanted)
- info - iterations (products for PJOR; normal plus tangential iterations for FAST), the natural residual, resultants fn, ft
         (N), dissipation -sum p_t . Delta g_t dA (J) and the counts

  Notes:
  See the head of src/contact/friction.c for the two methods. The sign convention is the paper's: Delta g = G Delta p +
  Delta g_ex, and a slipping point has Delta g_t = -alpha p_t, alpha >= 0.
@*/
PetscErrorCode TriboContactSolveFriction(const TriboContactOperator *op, const TriboContactSolverParams *sp, TriboFrictionMethod method, PetscReal mu,
                                         const PetscReal h[], const PetscBool mask[], const PetscReal *const dgex[], const PetscReal *const p0[],
                                         PetscReal *const p[], PetscReal *const g[], PetscInt state[], TriboFrictionInfo *info)
{
  TriboContactSolverParams dp;
  PetscInt                 n = op->nlocal, its = 0;
  PetscReal               *buf, *c[3], *d[3], *w[3], *F[3], err = 0, s[9], A = op->cell, eta;
  PetscBool                conv = PETSC_FALSE;

  PetscFunctionBeginUser;
  if (!sp) {
    PetscCall(TriboContactSolverParamsDefault(&dp));
    sp = &dp;
  }
  PetscCheck(op->ncomp == 3, op->comm, PETSC_ERR_ARG_WRONG,
             "frictional contact needs a 3-component operator (n, t1, t2), got %" PetscInt_FMT " components", op->ncomp);
  PetscCheck(mu >= 0, op->comm, PETSC_ERR_USER_INPUT, "friction coefficient must be >= 0, got %g (option -contact_mu)", (double)mu);
  s[0] = 0;
  for (PetscInt i = 0; i < n; i++) s[0] += (!mask || mask[i]);
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_SUM, op->comm));
  PetscCheck(s[0] > 0, op->comm, PETSC_ERR_USER_INPUT,
             "the contact mask is empty: no grid point may touch (check the grid extent and the mask options)");
  PetscCall(PetscMalloc1(12 * n + 1, &buf));
  for (PetscInt k = 0; k < 3; k++) c[k] = buf + k * n, d[k] = buf + (3 + k) * n, w[k] = buf + (6 + k) * n, F[k] = buf + (9 + k) * n;
  // c = Delta g_ex (+ h) - G p0
  PetscCall(Apply_Private(op, (PetscReal *const *)p0, F));
  for (PetscInt i = 0; i < n; i++) {
    for (PetscInt k = 0; k < 3; k++) c[k][i] = dgex[k][i] - F[k][i];
    c[0][i] += h[i];
    if (mask && !mask[i])
      p[0][i] = p[1][i] = p[2][i] = 0;
    else
      Project_Private(mu, &p[0][i], &p[1][i], &p[2][i]);
  }
  PetscCall(Diagonal_Private(op, mask, d));
  if (method == TRIBO_FRICTION_PJOR)
    PetscCall(SolvePJOR_Private(op, sp, mu, mask, c, p, d, w, F, &its, &err));
  else
    PetscCall(SolveFast_Private(op, sp, mu, mask, c, p, d, w, F, &its, &conv));
  // the gaps and the result's natural residual
  PetscCall(Apply_Private(op, p, F));
  for (PetscInt k = 0; k < 3; k++)
    for (PetscInt i = 0; i < n; i++) g[k][i] = F[k][i] + c[k][i];
  PetscCall(Residual_Private(op, mu, mask, d, p, g, &err));
  if (method == TRIBO_FRICTION_PJOR) conv = err < sp->rtol ? PETSC_TRUE : PETSC_FALSE;
  s[0] = 1e-12;
  for (PetscInt i = 0; i < n; i++)
    if (p[0][i] > 0) s[0] = PetscMax(s[0], 1e-3 * PetscSqrtReal(g[1][i] * g[1][i] + g[2][i] * g[2][i]));
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 1, MPIU_REAL, MPIU_MAX, op->comm));
  eta = s[0];
  for (PetscInt k = 0; k < 9; k++) s[k] = 0;
  for (PetscInt i = 0; i < n; i++) {
    PetscInt st = 0;
    if (p[0][i] > 0) st = PetscSqrtReal(g[1][i] * g[1][i] + g[2][i] * g[2][i]) <= eta ? 1 : 2;
    if (state) state[i] = st;
    s[0] += p[0][i] * A, s[1] += p[1][i] * A, s[2] += p[2][i] * A;
    s[3] -= (p[1][i] * g[1][i] + p[2][i] * g[2][i]) * A;
    s[4 + st] += (!mask || mask[i]);
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, s, 7, MPIU_REAL, MPIU_SUM, op->comm));
  info->its       = its;
  info->converged = conv;
  info->error     = err;
  info->fn        = s[0];
  info->ft[0]     = s[1];
  info->ft[1]     = s[2];
  info->dissip    = s[3];
  info->nopen     = (PetscInt)s[4];
  info->nstick    = (PetscInt)s[5];
  info->nslip     = (PetscInt)s[6];
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSolveFrictionForce - one load increment of frictional contact with the total tangential force imposed (force control)

  Collective

  Input Parameters:
+ op, sp, method, mu, h, mask, dgex, p0 - as TriboContactSolveFriction()
- Q - the total tangential force (N) in t1, t2 at the end of the increment

  Input/Output Parameters:
+ s - the rigid tangential shift (m) added to dgex[1], dgex[2] at every point: the Lagrange unknown of the force constraint
      sum p_t dA = Q; on input its start (e.g. the previous increment's), on output the solution
- p - the tractions, as TriboContactSolveFriction()

  Output Parameters:
+ g, state, info - as TriboContactSolveFriction() (info->its sums all solves)

  Notes:
  Q(s) is a monotone (decreasing: a positive shift opens the tangential gap) function of the shift within one increment. It is
  solved by Broyden's method in two unknowns, each evaluation a warm-started TriboContactSolveFriction(), from the
  fully-stuck stiffness of the current contact (one product with a unit shear traction on it: K0 = -n_c dA / mean(G_tt 1)),
  which bounds the slope of the (concave) curve, so the first steps approach from one side. Converged when
  |sum p_t dA - Q| < 100 rtol mu F_n. |Q| >= mu F_n (gross sliding) has no solution and is an error.
@*/
PetscErrorCode TriboContactSolveFrictionForce(const TriboContactOperator *op, const TriboContactSolverParams *sp, TriboFrictionMethod method,
                                              PetscReal mu, const PetscReal h[], const PetscBool mask[], const PetscReal *const dgex[],
                                              const PetscReal *const p0[], const PetscReal Q[], PetscReal s[], PetscReal *const p[],
                                              PetscReal *const g[], PetscInt state[], TriboFrictionInfo *info)
{
  TriboContactSolverParams dp;
  PetscInt                 n = op->nlocal, its = 0, k;
  PetscReal               *buf, *dg[3], *in[3], *out[3], J[4], R[2], Rold[2] = {0, 0}, ds[2] = {0, 0}, sum[2], tol = 0;

  PetscFunctionBeginUser;
  if (!sp) {
    PetscCall(TriboContactSolverParamsDefault(&dp));
    sp = &dp;
  }
  PetscCall(PetscMalloc1(8 * n + 1, &buf));
  dg[0] = (PetscReal *)dgex[0], dg[1] = buf, dg[2] = buf + n;
  for (PetscInt c = 0; c < 3; c++) in[c] = buf + (2 + c) * n, out[c] = buf + (5 + c) * n;
  for (k = 0; k < 50; k++) {
    for (PetscInt i = 0; i < n; i++) dg[1][i] = dgex[1][i] + s[0], dg[2][i] = dgex[2][i] + s[1];
    PetscCall(TriboContactSolveFriction(op, sp, method, mu, h, mask, (const PetscReal *const *)dg, p0, p, g, state, info));
    its += info->its;
    R[0] = info->ft[0] - Q[0], R[1] = info->ft[1] - Q[1];
    if (k == 0) {
      PetscCheck(PetscSqrtReal(Q[0] * Q[0] + Q[1] * Q[1]) < mu * info->fn, op->comm, PETSC_ERR_USER_INPUT,
                 "the tangential force |Q| = %g N is not below mu F_n = %g N: gross sliding, no force-controlled solution",
                 (double)PetscSqrtReal(Q[0] * Q[0] + Q[1] * Q[1]), (double)(mu * info->fn));
      tol = 100 * sp->rtol * mu * info->fn;
      // fully stuck stiffness of the contact
      for (PetscInt i = 0; i < n; i++) in[0][i] = in[2][i] = 0, in[1][i] = p[0][i] > 0 ? 1 : 0;
      PetscCall(op->apply(op->ctx, (const PetscReal *const *)in, out));
      sum[0] = sum[1] = 0;
      for (PetscInt i = 0; i < n; i++)
        if (p[0][i] > 0) sum[0] += out[1][i], sum[1] += 1;
      PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, sum, 2, MPIU_REAL, MPIU_SUM, op->comm));
      J[0] = J[3] = -sum[1] * op->cell / (sum[0] / sum[1]), J[1] = J[2] = 0;
    } else { // Broyden: J += (dR - J ds) ds^T / ds^T ds
      PetscReal dR[2] = {R[0] - Rold[0], R[1] - Rold[1]}, nn = ds[0] * ds[0] + ds[1] * ds[1];
      PetscReal v[2] = {dR[0] - (J[0] * ds[0] + J[1] * ds[1]), dR[1] - (J[2] * ds[0] + J[3] * ds[1])};
      if (nn > 0) J[0] += v[0] * ds[0] / nn, J[1] += v[0] * ds[1] / nn, J[2] += v[1] * ds[0] / nn, J[3] += v[1] * ds[1] / nn;
    }
    PetscCall(PetscInfo(NULL, "force control %" PetscInt_FMT ": shift %g %g residual %g %g N\n", k, (double)s[0], (double)s[1], (double)R[0],
                        (double)R[1]));
    if (PetscSqrtReal(R[0] * R[0] + R[1] * R[1]) < tol) break;
    {
      PetscReal det = J[0] * J[3] - J[1] * J[2];
      PetscCheck(det != 0, op->comm, PETSC_ERR_CONV_FAILED, "force control: the tangential stiffness estimate is singular (near gross sliding?)");
      ds[0] = -(J[3] * R[0] - J[1] * R[1]) / det;
      ds[1] = -(-J[2] * R[0] + J[0] * R[1]) / det;
    }
    s[0] += ds[0], s[1] += ds[1], Rold[0] = R[0], Rold[1] = R[1];
  }
  info->its       = its;
  info->converged = info->converged && k < 50 ? PETSC_TRUE : PETSC_FALSE;
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}
