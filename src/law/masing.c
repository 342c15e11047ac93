/* Masing manifold of elastic dry friction.

   Reference: M. R. W. Brake, J. H. Porter, M. M. Karpov, "Masing manifolds: reconciling the Masing
   conditions with real hysteresis in jointed structures" (paper brake-porter-karpov-masing-manifolds),
   §2 (construction, eqs. 2-6, the points A-F), §2.1-§2.2 (constraints, eqs. 7-17), §3 (examples).

   Elastic dry friction, eq. 1: f_stuck = kT (u(t) - u_0) + f_0; f = f_stuck if |f_stuck| < mu N(t), else
   mu N(t) sign(f_stuck), with (u_0, f_0) the previous instant. With the anchor u_anchor = u_0 - f_0/kT
   (eq. 2) it is a play operator of half width w(t) = mu N(t)/kT: the anchor moves to u - w (slip in the
   positive direction) or u + w (negative) when it lies outside [u - w, u + w], and f = kT (u - u_anchor).
   Over a steady cycle the anchor therefore runs between
     u_max,anchor = max_t (u(t) - mu N(t)/kT)   (eq. 3; footnote 2: the maximum over the cycle, not the
                                                  value at the largest displacement),
     u_min,anchor = min_t (u(t) + mu N(t)/kT)   (eq. 4),
   and the manifold is made of the stuck planes f = kT (u - u_anchor) through them (eq. 6, faces ACE and
   BDF) and the slip planes f = +-mu N (faces ACFB and BDEA); the top DECF only closes the picture (Fig. 5).

   Choices where the paper is ambiguous (written down here, as the project asks):
   - Eq. 5 as printed, (u_max,anchor + u_min,anchor)/2, is zero for every symmetric cycle (constant N), which
     contradicts Fig. 5 and §2.3 (the second case, 0, is the case of no slip, u_max,anchor <= u_min,anchor).
     We read it as the half difference, u_anchor,amp = (u_max,anchor - u_min,anchor)/2 when positive, else 0,
     and the half sum u_off = (u_max,anchor + u_min,anchor)/2 as the offset "such that the anchor
     displacements are of equal magnitude". Without slip (u_anchor,amp = 0, §2.3) the anchor is where eq. 1
     started from rest (anchor 0) leaves it: u_off = 0 clamped to [u_max,anchor, u_min,anchor].
     Everything we return (vertices, readings) is in the displacements of the history, offset added back.
   - The points E and F (printed "+-(u_anchor,amp mu N_max/kT)", a minus sign lost) are at
     +-(u_anchor,amp - mu N_max/kT), N_max, f = -+mu N_max: E on the stuck plane ACE, F on BDF.
     A = (u_off + u_amp, 0, 0), B = (u_off - u_amp, 0, 0), C = (u_off + u_amp + w, mu N_max, N_max),
     D = (u_off - u_amp - w, -mu N_max, N_max), with w = mu N_max/kT.
   - Reading the force from the manifold along a history: the loading face (stuck plane BDF, anchor at
     u_min,anchor, bounded by the slip planes) holds from the sample where u + mu N/kT is smallest (the
     anchor's reversal) to the sample where u - mu N/kT is largest, the unloading face (ACE) for the rest
     of the period; f = min(max(kT (u - anchor), -mu N), mu N). The switch is the anchor's reversal, not the
     velocity's: in the paper's third case (§3, Fig. 7) the response sticks before the velocity reverses
     (eq. 16 violated, eq. 17 satisfied) and in the fourth it keeps slipping after it (eq. 9), and both stay
     on the manifold only with this reading.
   - Direct evaluation: eq. 1 in 1-D, marched from rest (u_0 = f_0 = 0) over two periods; the second is the
     steady cycle (as in §4.1). Eq. 1 is used literally: stuck only when |f_stuck| < mu N, so N = 0 gives
     f = 0 and drags the anchor along with u.
   - The constraints are evaluated on the discrete history, where their differential forms (eqs. 9, 16) are
     the same inequalities as eq. 1 between two samples: a stretch of stuck samples that ends with slip in
     the direction the slider slipped before it sticks at an anchor between the cycle's extremes and is off
     the manifold (unless that anchor is the extreme to within 1e-10 max|f|/kT: a history that touches the
     slip limit there again, to rounding, stays on it). It is eq. 16 (with eq. 17 failing) if it stuck while still moving in the slip direction
     and slips again before the velocity reverses; eq. 8 if the slip resumes against the motion since
     sticking began (u - u_0 of the opposite sign, §2.1; this includes sticking after slip continued past
     the reversal under eq. 9); else (a further reversal in between) it is Masing's assumption of two
     extrema that fails (code 1). Samples where the manifold and eq. 1 differ by more than 1e-8 of the
     largest force for any other reason get code 1 too. */
#include <tribo/private/masingimpl.h>

#define TRIBO_MASING_NET_RTOL 1e-8  /* the net: manifold and eq. 1 differ by more than this fraction of max|f| */
#define TRIBO_MASING_ROUND    1e-10 /* anchors closer than this fraction of max|f|/kT are the same */

/*@
  TriboMasingManifoldCreate - Creates a Masing manifold of elastic dry friction (paper
  brake-porter-karpov-masing-manifolds §2); set its parameters and a history, then TriboMasingManifoldSetUp().

  Not collective (the object is serial; comm is used for errors and viewers)

  Input Parameter:
. comm - the communicator

  Output Parameter:
. mm - the manifold

.seealso: TriboMasingManifoldSetParameters(), TriboMasingManifoldSetHistory(), TriboMasingManifoldSetUp()
@*/
PetscErrorCode TriboMasingManifoldCreate(MPI_Comm comm, TriboMasingManifold *mm)
{
  PetscFunctionBegin;
  PetscValidPointer(mm, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(*mm, TRIBO_MASING_CLASSID, "TriboMasingManifold", "Masing manifold of elastic dry friction", "Law", comm,
                              TriboMasingManifoldDestroy, NULL));
  (*mm)->comm = comm;
  (*mm)->mu   = 0.5;
  (*mm)->kt   = 1e12;
  PetscCall(TriboOptionsRegisterNamespace("masing_"));
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldSetOptionsPrefix - Prefix of the manifold's options: -[prefix]masing_mu, -[prefix]masing_kt.

  Not collective
@*/
PetscErrorCode TriboMasingManifoldSetOptionsPrefix(TriboMasingManifold mm, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(mm->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &mm->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldSetParameters - Sets the parameters of elastic dry friction (eq. 1).

  Not collective

  Input Parameters:
+ mm - the manifold
. mu - friction coefficient, >= 0
- kt - tangential stiffness kT > 0 [N/m] (with tractions, eq. 21: [N/m^3])
@*/
PetscErrorCode TriboMasingManifoldSetParameters(TriboMasingManifold mm, PetscReal mu, PetscReal kt)
{
  PetscFunctionBeginUser;
  PetscCheck(mu >= 0 && PetscIsNormalReal(mu + 1), mm->comm, PETSC_ERR_USER_INPUT,
             "Masing manifold: friction coefficient mu must be >= 0, got %g (option -%smasing_mu)", (double)mu, mm->prefix ? mm->prefix : "");
  PetscCheck(kt > 0 && PetscIsNormalReal(kt), mm->comm, PETSC_ERR_USER_INPUT,
             "Masing manifold: tangential stiffness kT must be > 0, got %g (option -%smasing_kt)", (double)kt, mm->prefix ? mm->prefix : "");
  mm->mu    = mu;
  mm->kt    = kt;
  mm->setup = mm->checked = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldGetParameters - The friction coefficient and the tangential stiffness.

  Not collective

  Output Parameters:
+ mu - friction coefficient (or NULL)
- kt - tangential stiffness (or NULL)
@*/
PetscErrorCode TriboMasingManifoldGetParameters(TriboMasingManifold mm, PetscReal *mu, PetscReal *kt)
{
  PetscFunctionBeginUser;
  if (mu) *mu = mm->mu;
  if (kt) *kt = mm->kt;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldSetFromOptions - Reads the parameters from the options database.

  Not collective

  Options Database Keys:
+ -masing_mu <0.5>  - friction coefficient [-]
- -masing_kt <1e12> - tangential stiffness kT [N/m, or N/m^3 with tractions]
@*/
PetscErrorCode TriboMasingManifoldSetFromOptions(TriboMasingManifold mm)
{
  PetscReal mu = mm->mu, kt = mm->kt;

  PetscFunctionBeginUser;
  TriboOptionsBegin(mm->comm, mm->prefix, "Masing manifold of elastic dry friction", "TriboMasingManifold");
  PetscCall(PetscOptionsReal("-masing_mu", "friction coefficient [-]", "TriboMasingManifoldSetParameters", mu, &mu, NULL));
  PetscCall(
      PetscOptionsReal("-masing_kt", "tangential stiffness kT [N/m, or N/m^3 with tractions]", "TriboMasingManifoldSetParameters", kt, &kt, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(mm->prefix, "masing_"));
  PetscCall(TriboMasingManifoldSetParameters(mm, mu, kt));
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldSetHistory - Sets one steady period of the history, sampled at nt equally spaced
  instants t_i = i T/nt, i = 0..nt-1 (the end point T is the first sample of the next period).

  Not collective

  Input Parameters:
+ mm - the manifold
. nt - samples per period, >= 4
. u  - tangential displacement u(t_i) [m]
- N  - normal force N(t_i) >= 0 [N] (or normal traction, with kT in N/m^3)

  Notes:
  The arrays are copied. A history that is not periodic is treated as if it were (the last sample is
  followed by the first).
@*/
PetscErrorCode TriboMasingManifoldSetHistory(TriboMasingManifold mm, PetscInt nt, const PetscReal u[], const PetscReal N[])
{
  PetscFunctionBeginUser;
  PetscCheck(nt >= 4, mm->comm, PETSC_ERR_USER_INPUT, "Masing manifold: a period needs at least 4 samples, got %" PetscInt_FMT, nt);
  for (PetscInt i = 0; i < nt; i++) {
    PetscCheck(PetscIsNormalReal(u[i]) || u[i] == 0, mm->comm, PETSC_ERR_USER_INPUT,
               "Masing manifold: displacement sample %" PetscInt_FMT " is not finite", i);
    PetscCheck((PetscIsNormalReal(N[i]) || N[i] == 0) && N[i] >= 0, mm->comm, PETSC_ERR_USER_INPUT,
               "Masing manifold: normal force sample %" PetscInt_FMT " is %g, expected a finite value >= 0 (separation is N = 0)", i, (double)N[i]);
  }
  PetscCall(PetscFree(mm->u));
  PetscCall(PetscFree(mm->N));
  PetscCall(PetscMalloc1(nt, &mm->u));
  PetscCall(PetscMalloc1(nt, &mm->N));
  PetscCall(PetscArraycpy(mm->u, u, nt));
  PetscCall(PetscArraycpy(mm->N, N, nt));
  mm->nt    = nt;
  mm->setup = mm->checked = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldSetUp - Builds the manifold of the history: the anchor extremes (eqs. 2-4), the
  amplitude and offset (eq. 5, read as the half difference and half sum, see the file's header), N_max
  and the points A-F.

  Not collective
@*/
PetscErrorCode TriboMasingManifoldSetUp(TriboMasingManifold mm)
{
  PetscFunctionBeginUser;
  if (mm->setup) PetscFunctionReturn(0);
  PetscCheck(mm->nt > 0, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: no history (call TriboMasingManifoldSetHistory())");
  mm->amax = PETSC_MIN_REAL;
  mm->amin = PETSC_MAX_REAL;
  mm->Nmax = 0;
  for (PetscInt i = 0; i < mm->nt; i++) {
    PetscReal w = mm->mu * mm->N[i] / mm->kt;
    if (mm->u[i] - w > mm->amax) mm->amax = mm->u[i] - w, mm->imax = i; // eq. 3 (footnote 2: maximized over the cycle)
    if (mm->u[i] + w < mm->amin) mm->amin = mm->u[i] + w, mm->imin = i; // eq. 4
    mm->Nmax = PetscMax(mm->Nmax, mm->N[i]);
  }
  if (mm->amax > mm->amin) { // eq. 5, first case (half difference), and the offset
    mm->uamp = 0.5 * (mm->amax - mm->amin);
    mm->uoff = 0.5 * (mm->amax + mm->amin);
  } else { // no slip (§2.3): the anchor stays where eq. 1 from rest leaves it
    mm->uamp = 0;
    mm->uoff = PetscMin(PetscMax(0.0, mm->amax), mm->amin);
  }
  mm->setup = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldGetAnchors - The anchor quantities of the manifold (after TriboMasingManifoldSetUp()).

  Not collective

  Output Parameters (each may be NULL):
+ uamp - u_anchor,amp (eq. 5 as the half difference), >= 0 [m]
. uoff - the offset of the displacements: the stuck planes are f = kT (u - uoff -+ uamp) (eq. 6)
. amax - u_max,anchor (eq. 3), the largest u - mu N/kT of the history
- amin - u_min,anchor (eq. 4), the smallest u + mu N/kT
@*/
PetscErrorCode TriboMasingManifoldGetAnchors(TriboMasingManifold mm, PetscReal *uamp, PetscReal *uoff, PetscReal *amax, PetscReal *amin)
{
  PetscFunctionBeginUser;
  PetscCheck(mm->setup, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: call TriboMasingManifoldSetUp() first");
  if (uamp) *uamp = mm->uamp;
  if (uoff) *uoff = mm->uoff;
  if (amax) *amax = mm->amax;
  if (amin) *amin = mm->amin;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldGetNormalForceMax - N_max, the largest normal force of the history (the height of C-F).

  Not collective
@*/
PetscErrorCode TriboMasingManifoldGetNormalForceMax(TriboMasingManifold mm, PetscReal *Nmax)
{
  PetscFunctionBeginUser;
  PetscCheck(mm->setup, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: call TriboMasingManifoldSetUp() first");
  *Nmax = mm->Nmax;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldGetVertices - The six points A-F of the manifold (§2, Fig. 5) as (u, f, N).

  Not collective

  Output Parameter:
. v - v[3 k + (0, 1, 2)] = (u, f, N) of point k = A, B, C, D, E, F, in the history's displacements

  Notes:
  With w = mu N_max/kT: A, B = (uoff +- uamp, 0, 0); C = (uoff + uamp + w, mu N_max, N_max);
  D = (uoff - uamp - w, -mu N_max, N_max); E = (uoff + uamp - w, -mu N_max, N_max);
  F = (uoff - uamp + w, mu N_max, N_max). Faces: stuck ACE and BDF (eq. 6), slip ACFB (f = mu N) and
  BDEA (f = -mu N); DECF only closes the drawing.
@*/
PetscErrorCode TriboMasingManifoldGetVertices(TriboMasingManifold mm, PetscReal v[18])
{
  PetscReal w, fs;

  PetscFunctionBeginUser;
  PetscCheck(mm->setup, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: call TriboMasingManifoldSetUp() first");
  w  = mm->mu * mm->Nmax / mm->kt;
  fs = mm->mu * mm->Nmax;
  {
    const PetscReal p[18] = {mm->uoff + mm->uamp,     0,   0,        mm->uoff - mm->uamp,     0,   0,        mm->uoff + mm->uamp + w, fs, mm->Nmax,
                             mm->uoff - mm->uamp - w, -fs, mm->Nmax, mm->uoff + mm->uamp - w, -fs, mm->Nmax, mm->uoff - mm->uamp + w, fs, mm->Nmax};
    for (int k = 0; k < 18; k++) v[k] = p[k];
  }
  PetscFunctionReturn(0);
}

static PetscReal Read_Private(TriboMasingManifold mm, PetscReal u, PetscReal N, PetscInt dir)
{
  PetscReal a = dir > 0 ? mm->uoff - mm->uamp : mm->uoff + mm->uamp, f = mm->kt * (u - a), fs = mm->mu * N; // eq. 6

  return PetscMin(PetscMax(f, -fs), fs);
}

/*@
  TriboMasingManifoldEvaluate - The tangential force read from the manifold at (u, N) on one face.

  Not collective

  Input Parameters:
+ mm  - the manifold (set up)
. u   - tangential displacement [m]
. N   - normal force >= 0 [N]
- dir - > 0: the loading face (stuck plane BDF, f = kT (u - uoff + uamp), reached after the anchor's minimum),
        < 0: the unloading face (ACE, f = kT (u - uoff - uamp))

  Output Parameter:
. f - the force: the stuck plane (eq. 6) bounded by the slip planes f = +-mu N

  Notes:
  Which face holds at an instant of a history is decided by the anchor's reversals (TriboMasingManifoldEvaluateHistory()).
@*/
PetscErrorCode TriboMasingManifoldEvaluate(TriboMasingManifold mm, PetscReal u, PetscReal N, PetscInt dir, PetscReal *f)
{
  PetscFunctionBeginUser;
  PetscCheck(mm->setup, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: call TriboMasingManifoldSetUp() first");
  PetscCheck(N >= 0, mm->comm, PETSC_ERR_ARG_OUTOFRANGE, "Masing manifold: normal force must be >= 0, got %g", (double)N);
  PetscCheck(dir != 0, mm->comm, PETSC_ERR_ARG_OUTOFRANGE, "Masing manifold: dir must be > 0 (loading face) or < 0 (unloading face), got 0");
  *f = Read_Private(mm, u, N, dir);
  PetscFunctionReturn(0);
}

/* the face of sample i: loading (+1) from the anchor's minimum (exclusive) to its maximum (inclusive) */
static PetscInt Face_Private(TriboMasingManifold mm, PetscInt i)
{
  PetscInt len = (mm->imax - mm->imin + mm->nt) % mm->nt, pos = (i - mm->imin + mm->nt) % mm->nt;

  return (pos >= 1 && pos <= len) ? 1 : -1;
}

/*@
  TriboMasingManifoldEvaluateHistory - The force read from the manifold along the history it was built from.

  Not collective

  Input Parameter:
. mm - the manifold (set up)

  Output Parameters:
+ f   - f[i], the force at sample i (nt values)
- dir - dir[i], the face read: +1 loading, -1 unloading (or NULL)

  Notes:
  The loading face holds after the sample where u + mu N/kT is smallest (the anchor reaches u_min,anchor)
  up to the sample where u - mu N/kT is largest, the unloading face for the rest (see the file's header).
@*/
PetscErrorCode TriboMasingManifoldEvaluateHistory(TriboMasingManifold mm, PetscReal f[], PetscInt dir[])
{
  PetscFunctionBeginUser;
  PetscCheck(mm->setup, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: call TriboMasingManifoldSetUp() first");
  for (PetscInt i = 0; i < mm->nt; i++) {
    PetscInt d = Face_Private(mm, i);
    f[i]       = Read_Private(mm, mm->u[i], mm->N[i], d);
    if (dir) dir[i] = d;
  }
  PetscFunctionReturn(0);
}

/* eq. 1 marched from rest over nper periods: f[nper nt] and the state s (+1/-1 slipping in that direction, 0 stuck) */
static void March_Private(TriboMasingManifold mm, PetscInt nper, PetscReal *f, PetscInt *s)
{
  PetscReal u0 = 0, f0 = 0;

  for (PetscInt j = 0; j < nper * mm->nt; j++) {
    PetscReal u = mm->u[j % mm->nt], fs = mm->kt * (u - u0) + f0, lim = mm->mu * mm->N[j % mm->nt];
    if (PetscAbsReal(fs) < lim) {
      f[j] = fs;
      s[j] = 0;
    } else {
      s[j] = fs > 0 ? 1 : (fs < 0 ? -1 : 0);
      f[j] = lim * s[j];
    }
    u0 = u;
    f0 = f[j];
  }
}

/*@
  TriboMasingManifoldEvaluateDirect - Elastic dry friction (eq. 1) along the history, without the manifold.

  Not collective

  Input Parameter:
. mm - the manifold (its parameters and history)

  Output Parameter:
. f - f[i], the force at sample i of the steady cycle (nt values)

  Notes:
  Eq. 1 is implemented here in 1-D (not through the edf law, whose re-contact rule differs when N returns
  from 0 with a jump): marched from rest (u_0 = f_0 = 0) over two periods, the second returned (as §4.1).
  The cycle is steady from the first reversal of the anchor on, which a history oscillating about the
  rest position reaches in the first period.
@*/
PetscErrorCode TriboMasingManifoldEvaluateDirect(TriboMasingManifold mm, PetscReal f[])
{
  PetscReal *f2;
  PetscInt  *s2;

  PetscFunctionBeginUser;
  PetscCheck(mm->nt > 0, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: no history (call TriboMasingManifoldSetHistory())");
  PetscCall(PetscMalloc2(2 * mm->nt, &f2, 2 * mm->nt, &s2));
  March_Private(mm, 2, f2, s2);
  PetscCall(PetscArraycpy(f, f2 + mm->nt, mm->nt));
  PetscCall(PetscFree2(f2, s2));
  PetscFunctionReturn(0);
}

static PetscInt Sign_Private(PetscReal x)
{
  return x > 0 ? 1 : (x < 0 ? -1 : 0);
}

static PetscErrorCode AddEvent_Private(TriboMasingManifold mm, TriboMasingViolation c, PetscInt first, PetscInt last, PetscInt trigger,
                                       PetscInt resume)
{
  PetscFunctionBeginUser;
  if (mm->nev == mm->mev) {
    TriboMasingEvent *ev;
    mm->mev = 2 * mm->mev + 4;
    PetscCall(PetscMalloc1(mm->mev, &ev));
    if (mm->nev) PetscCall(PetscArraycpy(ev, mm->ev, mm->nev));
    PetscCall(PetscFree(mm->ev));
    mm->ev = ev;
  }
  mm->ev[mm->nev].condition = c;
  mm->ev[mm->nev].first     = first % mm->nt;
  mm->ev[mm->nev].last      = last % mm->nt;
  mm->ev[mm->nev].trigger   = trigger % mm->nt;
  mm->ev[mm->nev].resume    = resume % mm->nt;
  mm->nev++;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldCheck - Evaluates the constraint conditions (eqs. 8, 9, 16, 17) along the history and
  says which samples leave the manifold and why.

  Not collective

  Input Parameter:
. mm - the manifold (set up)

  Output Parameters:
+ violation - violation[i] (nt values, or NULL): 0 on the manifold, else the TriboMasingViolation code:
              8 (eq. 8, N fell while stuck), 16 (eq. 16 with eq. 17 failing, N rose during slip), 1 (another
              reason: more than two extrema per period)
- noff      - the number of samples off the manifold (or NULL)

  Notes:
  The conditions are evaluated on the steady cycle of eq. 1 (the middle of three periods marched from
  rest), in their discrete form (see the file's header); the stretches found are kept for
  TriboMasingManifoldGetEvents() and TriboMasingManifoldView(). Eq. 9 (slip continuing after a reversal)
  and eq. 17 (sticking until the reversal) keep the response on the manifold; their failure shows as an
  eq. 8 or eq. 16 stretch.
@*/
PetscErrorCode TriboMasingManifoldCheck(TriboMasingManifold mm, PetscInt violation[], PetscInt *noff)
{
  const PetscInt nt = mm->nt;
  PetscReal     *f3, *fm, fscale  = 0;
  PetscInt      *s3, *code, nslip = 0, cnt = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboMasingManifoldSetUp(mm));
  PetscCall(PetscMalloc2(3 * nt, &f3, 3 * nt, &s3));
  PetscCall(PetscMalloc1(nt, &fm));
  PetscCall(PetscCalloc1(nt, &code));
  March_Private(mm, 3, f3, s3);
  mm->nev = 0;
  for (PetscInt j = nt; j < 2 * nt; j++) nslip += s3[j] != 0;
  for (PetscInt i = 0; i < nt; i++) fscale = PetscMax(fscale, PetscAbsReal(f3[nt + i]));
  // stretches of stuck samples starting in the middle period, bounded by slip at k and e
  for (PetscInt k = nt - 1; nslip && k < 2 * nt - 1; k++) {
    PetscInt             e = k + 2, sk = s3[k], d1, mono = 1;
    TriboMasingViolation c;
    if (!sk || s3[k + 1]) continue;
    while (e < 3 * nt && !s3[e]) e++;
    if (e == 3 * nt || s3[e] != sk) continue; // slip in the other direction: the anchor reversed at its extreme, on the manifold
    // stuck at the cycle's extreme anchor (to rounding: a touch of the slip limit there moves it by an ulp): on the manifold
    if (PetscAbsReal(mm->u[k % nt] - f3[k] / mm->kt - (sk > 0 ? mm->amax : mm->amin)) * mm->kt <= TRIBO_MASING_ROUND * fscale) continue;
    d1 = Sign_Private(mm->u[(k + 1) % nt] - mm->u[k % nt]);
    for (PetscInt m = k + 1; m <= e; m++) mono = mono && Sign_Private(mm->u[m % nt] - mm->u[(m - 1) % nt]) != -sk;
    if (d1 == sk && mono)
      c = TRIBO_MASING_SLIP_N; // eq. 16 violated at k+1, eq. 17 fails at e (before the reversal)
    else if (Sign_Private(mm->u[e % nt] - mm->u[k % nt]) == -sk)
      c = TRIBO_MASING_STUCK_N; // eq. 8 at e: slip against the motion since u_0
    else
      c = TRIBO_MASING_EXTREMA;
    for (PetscInt m = k + 1; m < e; m++) code[m % nt] = c;
    PetscCall(AddEvent_Private(mm, c, k + 1, e - 1, c == TRIBO_MASING_SLIP_N ? k + 1 : (c == TRIBO_MASING_STUCK_N ? e : k + 1), e));
  }
  // the net: any other disagreement between the manifold and eq. 1
  PetscCall(TriboMasingManifoldEvaluateHistory(mm, fm, NULL));
  for (PetscInt i = 0; i < nt; i++) {
    if (code[i] || PetscAbsReal(fm[i] - f3[nt + i]) <= TRIBO_MASING_NET_RTOL * fscale) continue;
    PetscInt j = i;
    while (j + 1 < nt && !code[j + 1] && PetscAbsReal(fm[j + 1] - f3[nt + j + 1]) > TRIBO_MASING_NET_RTOL * fscale) j++;
    for (PetscInt m = i; m <= j; m++) code[m] = TRIBO_MASING_EXTREMA;
    PetscCall(AddEvent_Private(mm, TRIBO_MASING_EXTREMA, i, j, i, j + 1));
    i = j;
  }
  for (PetscInt i = 0; i < nt; i++) cnt += code[i] != 0;
  if (violation)
    for (PetscInt i = 0; i < nt; i++) violation[i] = code[i];
  if (noff) *noff = cnt;
  mm->checked = PETSC_TRUE;
  PetscCall(PetscFree2(f3, s3));
  PetscCall(PetscFree(fm));
  PetscCall(PetscFree(code));
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldGetEvents - The stretches of samples off the manifold found by the last TriboMasingManifoldCheck().

  Not collective

  Output Parameters:
+ n  - how many
- ev - the stretches (owned by the manifold, valid until the next check or destroy)
@*/
PetscErrorCode TriboMasingManifoldGetEvents(TriboMasingManifold mm, PetscInt *n, const TriboMasingEvent *ev[])
{
  PetscFunctionBeginUser;
  PetscCheck(mm->checked, mm->comm, PETSC_ERR_ARG_WRONGSTATE, "Masing manifold: call TriboMasingManifoldCheck() first");
  *n = mm->nev;
  if (ev) *ev = mm->ev;
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldView - Prints the parameters, the anchors, the points A-F and, after a check, the
  stretches off the manifold with their condition and samples.

  Not collective
@*/
PetscErrorCode TriboMasingManifoldView(TriboMasingManifold mm, PetscViewer v)
{
  static const char *pts = "ABCDEF";
  PetscReal          x[18];

  PetscFunctionBeginUser;
  PetscCall(PetscViewerASCIIPrintf(v, "Masing manifold of elastic dry friction (Brake, Porter, Karpov, eqs. 1-6): mu %g, kT %g\n", (double)mm->mu,
                                   (double)mm->kt));
  if (!mm->setup) PetscFunctionReturn(0);
  PetscCall(PetscViewerASCIIPushTab(v));
  PetscCall(PetscViewerASCIIPrintf(v, "history: %" PetscInt_FMT " samples per period, N_max %g\n", mm->nt, (double)mm->Nmax));
  PetscCall(PetscViewerASCIIPrintf(
      v, "anchors: u_max,anchor %g (sample %" PetscInt_FMT "), u_min,anchor %g (sample %" PetscInt_FMT "), u_anchor,amp %g, offset %g\n",
      (double)mm->amax, mm->imax, (double)mm->amin, mm->imin, (double)mm->uamp, (double)mm->uoff));
  PetscCall(TriboMasingManifoldGetVertices(mm, x));
  for (int k = 0; k < 6; k++)
    PetscCall(PetscViewerASCIIPrintf(v, "%c: u %g, f %g, N %g\n", pts[k], (double)x[3 * k], (double)x[3 * k + 1], (double)x[3 * k + 2]));
  if (mm->checked) {
    if (!mm->nev) PetscCall(PetscViewerASCIIPrintf(v, "constraints (eqs. 8, 9, 16, 17): the response stays on the manifold\n"));
    for (PetscInt k = 0; k < mm->nev; k++) {
      const TriboMasingEvent *e = &mm->ev[k];
      const char             *why =
          e->condition == TRIBO_MASING_SLIP_N
                          ? "eq. 16: N rose faster than the spring stretches during slip, and slip resumed before the velocity reversed (eq. 17 fails)"
                          : (e->condition == TRIBO_MASING_STUCK_N ? "eq. 8: N fell while stuck and the slider slipped against the motion"
                                                                  : "more than two extrema per period (Masing's assumption)");
      PetscCall(PetscViewerASCIIPrintf(
          v, "off the manifold, samples %" PetscInt_FMT "-%" PetscInt_FMT " (t/T %.4f-%.4f), violated at sample %" PetscInt_FMT " (t/T %.4f): %s\n",
          e->first, e->last, (double)e->first / mm->nt, (double)e->last / mm->nt, e->trigger, (double)e->trigger / mm->nt, why));
    }
  }
  PetscCall(PetscViewerASCIIPopTab(v));
  PetscFunctionReturn(0);
}

/*@
  TriboMasingManifoldDestroy - Destroys the manifold and nulls the handle.

  Not collective
@*/
PetscErrorCode TriboMasingManifoldDestroy(TriboMasingManifold *mm)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(mm, TRIBO_MASING_CLASSID);
  PetscCall(PetscFree((*mm)->u));
  PetscCall(PetscFree((*mm)->N));
  PetscCall(PetscFree((*mm)->ev));
  PetscCall(PetscFree((*mm)->prefix));
  PetscCall(PetscHeaderDestroy(mm));
  PetscFunctionReturn(0);
}
