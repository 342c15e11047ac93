/* tribo law: one or several interface laws driven point-wise through a prescribed history of relative displacement
   (or normal traction), to see a law's loops, dissipation and stick/slip before putting it in a structure.

   Every law is marched sample by sample from a fresh history: at sample k it is evaluated at u_k (and the velocity
   v_k for a rate-dependent law) with the history committed at sample k-1, and its trial history is committed. The
   velocity is the exact time derivative of the formulas, or for a table the three-point difference of the samples
   (second order on uneven times; one-sided at the two ends). All ranks compute the same (small) histories; rank 0
   writes the file. */
#include <tribocli.h>
#include <ctype.h>
#include <math.h>
#include <sys/stat.h>

#define LAW_MAX 16

typedef struct {
  char                name[64];   /* group under /law */
  char                prefix[72]; /* options prefix, "" for a single law */
  TriboLaw            law;
  PetscReal           kn;                                 /* normal stiffness parameter (for a normal traction history) */
  PetscReal          *u;                                  /* [3 nt] own displacements (normal traction history), else NULL */
  PetscReal          *t, *w;                              /* [3 nt] tractions, [nt] work t . du (trapezoid) */
  PetscInt           *state;                              /* [nt] 0 stick, 1 slip, 2 separated */
  PetscReal           epc, slip, sep, tmaxt, tmaxn, nmis; /* summary; nmis: largest |t_n - N| / max |N| */
  TriboMasingManifold mm;                                 /* -law_masing: the Masing manifold of the last period, else NULL */
  PetscReal          *mt;                                 /* [nt] the force read from the manifold (NaN before the last period) */
  PetscInt           *mviol;                              /* [nt] the manifold's check codes (-1 before the last period) */
  PetscReal           mdev;                               /* largest |manifold - law| / max |t_t1| over the last period */
  PetscInt            moff;                               /* samples of the period off the manifold */
} LawRun;

typedef struct {
  PetscInt   nlaws;
  LawRun     run[LAW_MAX];
  char       formula[4][1024]; /* u1, u2, un, N */
  PetscBool  fset[4];
  char       table[PETSC_MAX_PATH_LEN], output[PETSC_MAX_PATH_LEN], png[PETSC_MAX_PATH_LEN];
  PetscBool  tableset, force, namesset;
  char      *names[LAW_MAX]; /* -law_laws */
  PetscInt   nnames;
  PetscReal  T, periods, period;
  PetscInt   steps, nt;
  PetscReal *time, *u, *v, *N, *dN; /* [nt], [3 nt], [3 nt], [nt] (force only), [nt] */
  PetscBool  masing;                /* -law_masing */
  PetscInt   first;                 /* -law_masing: the first sample of the last period (the last sample repeats it) */
  PetscBool  periodic;              /* -law_masing: the history at the end equals that one period earlier */
} LawDriver;

/* The file of a table spec (file.csv, or file.h5:/dataset) */
static PetscErrorCode TableFile_Private(const char spec[], char file[], size_t len)
{
  const char *colon = strrchr(spec, ':');

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(file, spec, len));
  if (colon && colon[1] == '/' && (size_t)(colon - spec) < len) file[colon - spec] = 0;
  PetscFunctionReturn(0);
}

static const char *const FormulaOption[4] = {"-law_u1", "-law_u2", "-law_un", "-law_n"};

/* -law_laws a,b: each law's options prefix is "a_"; a single law without -law_laws takes the plain -friction_* options */
static PetscErrorCode LawCreateAll_Private(MPI_Comm comm, LawDriver *d)
{
  char    **names = d->names;
  PetscInt  n     = d->nnames;
  PetscBool set   = d->namesset;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) {
    const char *s  = names[i];
    PetscBool   ok = (PetscBool)(isalpha((unsigned char)s[0]) != 0);
    for (const char *c = s; *c; c++) ok = (PetscBool)(ok && (isalnum((unsigned char)*c) || *c == '_'));
    ok = (PetscBool)(ok && strlen(s) < 48 && strcmp(s, "time") && strcmp(s, "u") && strcmp(s, "v") && strcmp(s, "N"));
    PetscCheck(ok, comm, PETSC_ERR_USER_INPUT,
               "option -law_laws: \"%s\" is not a law name: expected a letter then letters, digits or _ (at most 47), not time, u, v or N", s);
    for (PetscInt j = 0; j < i; j++) PetscCheck(strcmp(s, names[j]), comm, PETSC_ERR_USER_INPUT, "option -law_laws: the name %s is given twice", s);
    PetscCall(PetscStrncpy(d->run[i].name, s, sizeof(d->run[i].name)));
    PetscCall(PetscSNPrintf(d->run[i].prefix, sizeof(d->run[i].prefix), "%s_", s));
  }
  PetscCheck(!set || n > 0, comm, PETSC_ERR_USER_INPUT, "option -law_laws: expected law names, e.g. -law_laws a,b with -a_friction_type jenkins");
  d->nlaws = n ? n : 1;
  for (PetscInt i = 0; i < d->nlaws; i++) {
    LawRun *r = &d->run[i];
    PetscCall(TriboLawCreate(comm, &r->law));
    if (n) PetscCall(TriboLawSetOptionsPrefix(r->law, r->prefix));
    PetscCall(TriboLawSetFromOptions(r->law));
    {
      TriboSurfaceStats st; // -friction_surface: the statistics of a rough-contact law (src/cli/surface.c)
      PetscCall(TriboLawSetSurfaceFromOptions(r->law, &st));
      PetscCall(TriboSurfaceStatsDestroy(&st));
    }
    PetscCall(TriboLawSetUp(r->law)); // the parameter set as a whole is admissible
    if (!n) {
      const char *type;
      PetscCall(TriboLawGetType(r->law, &type));
      PetscCall(PetscStrncpy(r->name, type, sizeof(r->name)));
    }
  }
  PetscFunctionReturn(0);
}

/* The normal stiffness kn of each law, to turn a normal traction N into u_n = N/kn */
static PetscErrorCode LawNormalStiffness_Private(MPI_Comm comm, LawDriver *d, const char option[])
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < d->nlaws; i++) {
    LawRun             *r = &d->run[i];
    const TriboLawCard *c;
    PetscBool           has = PETSC_FALSE;
    PetscCall(TriboLawGetCard(r->law, &c));
    for (PetscInt k = 0; k < c->nparams; k++)
      if (!strcmp(c->params[k].name, "kn")) has = PETSC_TRUE;
    PetscCheck(has, comm, PETSC_ERR_USER_INPUT,
               "%s: law %s (%s) has no normal stiffness parameter kn to turn the normal traction N into u_n = N/kn; prescribe u_n instead (-law_un)",
               option, r->name, c->name);
    PetscCall(TriboLawGetParameter(r->law, "kn", &r->kn));
    PetscCheck(r->kn > 0, comm, PETSC_ERR_USER_INPUT, "%s: law %s (%s) has kn = %g; u_n = N/kn needs kn > 0 (option -%sfriction_kn)", option, r->name,
               c->name, (double)r->kn, r->prefix);
  }
  PetscFunctionReturn(0);
}

/* The history from the formulas: nt = steps + 1 samples over [0, T] */
static PetscErrorCode LawHistoryFormulas_Private(MPI_Comm comm, LawDriver *d)
{
  TriboFormula f[4];
  PetscReal    fmin = 0;

  PetscFunctionBeginUser;
  PetscCheck(!(d->fset[2] && d->fset[3]), comm, PETSC_ERR_USER_INPUT,
             "options -law_un and -law_n both give the normal history: give the displacement u_n or the normal traction N, not both");
  d->force = d->fset[3];
  for (int c = 0; c < 4; c++) {
    PetscReal fc;
    PetscCall(TriboFormulaParse(comm, FormulaOption[c], d->fset[c] ? d->formula[c] : "0", &f[c]));
    PetscCall(TriboFormulaLowestFrequency(&f[c], &fc));
    if (fc > 0) fmin = fmin > 0 ? PetscMin(fmin, fc) : fc;
  }
  if (d->period <= 0 && fmin > 0) d->period = 1 / fmin;
  PetscCheck(!(d->T > 0 && d->periods > 0), comm, PETSC_ERR_USER_INPUT, "options -law_time and -law_periods both give the time span: give one");
  if (d->periods > 0) {
    PetscCheck(d->period > 0, comm, PETSC_ERR_USER_INPUT,
               "option -law_periods: no sin, cos or tri term in the formulas to take a period from; give -law_time T (s) or -law_period P (s)");
    d->T = d->periods * d->period;
  }
  if (d->T <= 0) {
    PetscCheck(d->period > 0, comm, PETSC_ERR_USER_INPUT,
               "tribo law: no time span: give -law_time T (s), or a periodic term (sin, cos, tri) with -law_periods");
    d->T = 2 * d->period;
  }
  d->nt = d->steps + 1;
  PetscCall(PetscMalloc3(d->nt, &d->time, 3 * d->nt, &d->u, 3 * d->nt, &d->v));
  if (d->force) PetscCall(PetscMalloc2(d->nt, &d->N, d->nt, &d->dN));
  for (PetscInt k = 0; k < d->nt; k++) {
    PetscReal t = d->T * (PetscReal)k / (PetscReal)d->steps;
    d->time[k]  = t;
    for (int c = 0; c < 3; c++) PetscCall(TriboFormulaEvaluate(&f[d->force && c == 2 ? 3 : c], t, &d->u[3 * k + c], &d->v[3 * k + c]));
    if (d->force) {
      d->N[k]  = d->u[3 * k + 2];
      d->dN[k] = d->v[3 * k + 2];
    }
  }
  PetscFunctionReturn(0);
}

/* The history from a table; velocities by three-point differences (one-sided at the ends) */
static PetscErrorCode LawHistoryTable_Private(MPI_Comm comm, LawDriver *d)
{
  PetscReal *tab;

  PetscFunctionBeginUser;
  PetscCall(TriboLawTableRead(comm, "-law_table", d->table, &d->nt, &tab, &d->force));
  PetscCall(PetscMalloc3(d->nt, &d->time, 3 * d->nt, &d->u, 3 * d->nt, &d->v));
  if (d->force) PetscCall(PetscMalloc2(d->nt, &d->N, d->nt, &d->dN));
  for (PetscInt k = 0; k < d->nt; k++) {
    d->time[k] = tab[4 * k];
    for (int c = 0; c < 3; c++) d->u[3 * k + c] = tab[4 * k + 1 + c];
  }
  for (PetscInt k = 0; k < d->nt; k++)
    for (int c = 0; c < 3; c++) {
      PetscReal *x = d->u, *t = d->time;
      if (k == 0)
        d->v[c] = (x[3 + c] - x[c]) / (t[1] - t[0]);
      else if (k == d->nt - 1)
        d->v[3 * k + c] = (x[3 * k + c] - x[3 * (k - 1) + c]) / (t[k] - t[k - 1]);
      else {
        PetscReal h1 = t[k] - t[k - 1], h2 = t[k + 1] - t[k];
        d->v[3 * k + c] = (h1 * h1 * x[3 * (k + 1) + c] - h2 * h2 * x[3 * (k - 1) + c] + (h2 * h2 - h1 * h1) * x[3 * k + c]) / (h1 * h2 * (h1 + h2));
      }
    }
  if (d->force)
    for (PetscInt k = 0; k < d->nt; k++) {
      d->N[k]  = d->u[3 * k + 2];
      d->dN[k] = d->v[3 * k + 2];
    }
  PetscCall(PetscFree(tab));
  PetscFunctionReturn(0);
}

/* Stick, slip or separated at one sample, from the tangent (see TriboVerbLaw()) */
static PetscInt LawState_Private(const PetscReal t[3], const PetscReal un, const PetscReal d[2], const PetscReal A[9], const PetscReal Ar[9],
                                 PetscBool reversed)
{
  PetscReal kstep, krev, tt = PetscSqrtReal(t[0] * t[0] + t[1] * t[1]);

  if (t[0] == 0 && t[1] == 0 && t[2] == 0 && un <= 0) return 2;
  if (!reversed) return 0;
  kstep = d[0] * (A[0] * d[0] + A[1] * d[1]) + d[1] * (A[3] * d[0] + A[4] * d[1]);
  krev  = d[0] * (Ar[0] * d[0] + Ar[1] * d[1]) + d[1] * (Ar[3] * d[0] + Ar[4] * d[1]);
  if (krev <= 0) return tt > 0 ? 1 : 0;
  return kstep < (1 - 1e-3) * krev ? 1 : 0;
}

static PetscErrorCode LawMarch_Private(LawDriver *d, LawRun *r)
{
  const TriboLawCard *c;
  PetscInt            nh, nt = d->nt, nslip = 0, nsep = 0;
  PetscReal          *h, *hn, *hr, A[9], Ar[9], tr[3], dumax = 0, Nmax = 0;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetCard(r->law, &c));
  nh = c->nhist;
  PetscCall(PetscCalloc3(nh + 1, &h, nh + 1, &hn, nh + 1, &hr));
  PetscCall(PetscMalloc3(3 * nt, &r->t, nt, &r->w, nt, &r->state));
  if (d->force) {
    PetscCall(PetscMalloc1(3 * nt, &r->u));
    for (PetscInt k = 0; k < nt; k++) {
      r->u[3 * k]     = d->u[3 * k];
      r->u[3 * k + 1] = d->u[3 * k + 1];
      r->u[3 * k + 2] = d->N[k] / r->kn;
      Nmax            = PetscMax(Nmax, PetscAbsReal(d->N[k]));
    }
  }
  for (PetscInt k = 1; k < nt; k++) dumax = PetscMax(dumax, PetscHypotReal(d->u[3 * k] - d->u[3 * k - 3], d->u[3 * k + 1] - d->u[3 * k - 2]));
  r->tmaxt = r->tmaxn = r->nmis = 0;
  for (PetscInt k = 0; k < nt; k++) {
    const PetscReal *uk = (r->u ? r->u : d->u) + 3 * k, *up = k ? uk - 3 : NULL;
    PetscReal       *tk = r->t + 3 * k, vk[3], ur[3], vr[3], dir[2] = {0, 0}, du[3], nd;
    PetscBool        rev = PETSC_FALSE;

    for (int q = 0; q < 3; q++) vk[q] = d->v[3 * k + q];
    if (d->force) vk[2] = d->dN[k] / r->kn;
    PetscCall(TriboLawEvaluateV(r->law, TRIBO_LAW_FULL, 1, uk, vk, h, tk, A, NULL, hn));
    // the elastic tangent: a small reversal of the tangential motion from the state just committed
    for (int q = 0; q < 3; q++) du[q] = uk[q] - (up ? up[q] : 0);
    nd = PetscHypotReal(du[0], du[1]);
    if (nd > 0) {
      dir[0] = du[0] / nd;
      dir[1] = du[1] / nd;
    } else if ((nd = PetscHypotReal(tk[0], tk[1])) > 0) {
      dir[0] = tk[0] / nd;
      dir[1] = tk[1] / nd;
    }
    if (dumax > 0 && (dir[0] != 0 || dir[1] != 0)) {
      PetscReal delta = 1e-6 * dumax;
      ur[0]           = uk[0] - delta * dir[0];
      ur[1]           = uk[1] - delta * dir[1];
      ur[2]           = uk[2];
      vr[0]           = -vk[0];
      vr[1]           = -vk[1];
      vr[2]           = vk[2];
      PetscCall(TriboLawEvaluateV(r->law, TRIBO_LAW_FULL, 1, ur, vr, hn, tr, Ar, NULL, hr));
      rev = PETSC_TRUE;
    }
    r->state[k] = LawState_Private(tk, uk[2], dir, A, Ar, rev);
    nslip += r->state[k] == 1;
    nsep += r->state[k] == 2;
    PetscCall(PetscArraycpy(h, hn, nh));
    r->w[k]  = k ? r->w[k - 1] + 0.5 * ((tk[0] + tk[-3]) * du[0] + (tk[1] + tk[-2]) * du[1] + (tk[2] + tk[-1]) * du[2]) : 0;
    r->tmaxt = PetscMax(r->tmaxt, PetscHypotReal(tk[0], tk[1]));
    r->tmaxn = PetscMax(r->tmaxn, PetscAbsReal(tk[2]));
    if (d->force && Nmax > 0) r->nmis = PetscMax(r->nmis, PetscAbsReal(tk[2] - d->N[k]) / Nmax);
    if (!(PetscIsInfOrNanReal(tk[0]) || PetscIsInfOrNanReal(tk[1]) || PetscIsInfOrNanReal(tk[2]) || PetscIsInfOrNanReal(r->w[k]))) continue;
    PetscCall(PetscFree3(h, hn, hr));
    SETERRQ(PETSC_COMM_SELF, PETSC_ERR_FP,
            "law %s: the traction or the energy is not finite (inf or NaN) from sample %" PetscInt_FMT
            " (time %g s) on, with u = (%g, %g, %g) m: the history overflows double precision; scale it down",
            r->name, k, (double)d->time[k], (double)uk[0], (double)uk[1], (double)uk[2]);
  }
  r->slip = (PetscReal)nslip / (PetscReal)nt;
  r->sep  = (PetscReal)nsep / (PetscReal)nt;
  r->epc  = (PetscReal)NAN; // the work over the last period: the loop's dissipation once the history is periodic
  if (d->period > 0 && d->time[nt - 1] - d->time[0] >= d->period * (1 - 1e-12)) {
    PetscReal ts = d->time[nt - 1] - d->period, ws = r->w[0]; // W at ts, linear between samples
    PetscInt  k = 0;
    while (k + 1 < nt && d->time[k + 1] <= ts) k++;
    if (ts > d->time[0] && k + 1 < nt) ws = r->w[k] + (r->w[k + 1] - r->w[k]) * (ts - d->time[k]) / (d->time[k + 1] - d->time[k]);
    r->epc = r->w[nt - 1] - ws;
  }
  PetscCall(PetscFree3(h, hn, hr));
  PetscFunctionReturn(0);
}

/* -law_masing: every law must be elastic dry friction, the only law the manifold is defined for */
static PetscErrorCode LawMasingLaws_Private(MPI_Comm comm, LawDriver *d)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < d->nlaws; i++) {
    const char *type;
    PetscBool   edf;
    PetscCall(TriboLawGetType(d->run[i].law, &type));
    PetscCall(PetscStrcmp(type, TRIBOLAWEDF, &edf));
    PetscCheck(edf, comm, PETSC_ERR_USER_INPUT,
               "option -law_masing: law %s is of type %s; the Masing manifold is defined for elastic dry friction only (-%sfriction_type edf; "
               "brake-porter-karpov §2)",
               d->run[i].name, type, d->run[i].prefix);
  }
  PetscFunctionReturn(0);
}

/* -law_masing: the last period of the history, which must hold a whole number of steps (at least 4) */
static PetscErrorCode LawMasingPeriod_Private(MPI_Comm comm, LawDriver *d)
{
  PetscInt  nt = d->nt, k = 0;
  PetscReal ts;

  PetscFunctionBeginUser;
  PetscCheck(d->period > 0, comm, PETSC_ERR_USER_INPUT,
             "option -law_masing builds the manifold from the last period of the history: give its length with -law_period P (s)%s",
             d->tableset ? " (a table has no formulas to take it from)" : " (the formulas have no sin, cos or tri term)");
  ts = d->time[nt - 1] - d->period;
  PetscCheck(ts >= d->time[0] - 1e-9 * d->period, comm, PETSC_ERR_USER_INPUT,
             "option -law_masing: the history spans %g s, less than one period %g s (option -law_period or the formulas); run at least one period "
             "(-law_periods, -law_time)",
             (double)(d->time[nt - 1] - d->time[0]), (double)d->period);
  while (k + 1 < nt && d->time[k + 1] <= ts) k++;
  {
    PetscInt  kl = k;
    PetscReal h;
    if (k + 1 < nt && d->time[k + 1] - ts < ts - d->time[k]) k++; // the nearest sample
    h = k + 1 < nt ? d->time[k + 1] - d->time[k] : d->time[k] - d->time[k - 1];
    PetscCheck(PetscAbsReal(d->time[k] - ts) <= 1e-6 * h, comm, PETSC_ERR_USER_INPUT,
               "option -law_masing: the period %g s (option -law_period, or 1/the lowest frequency of the formulas) is not a whole number of time "
               "steps: the last period would begin at t = %.9g s, between samples %" PetscInt_FMT " (%.9g s) and %" PetscInt_FMT
               " (%.9g s); choose -law_steps (or -law_time, -law_periods, -law_period) so that a period holds an integer number of steps",
               (double)d->period, (double)ts, kl, (double)d->time[kl], kl + 1, (double)d->time[PetscMin(kl + 1, nt - 1)]);
  }
  PetscCheck(nt - 1 - k >= 4, comm, PETSC_ERR_USER_INPUT,
             "option -law_masing: the last period holds %" PetscInt_FMT " steps; the manifold needs at least 4 (raise -law_steps)", nt - 1 - k);
  d->first    = k;
  d->periodic = PETSC_TRUE; // each component at the end equals that one period earlier, to 1e-8 of its largest value
  for (int c = 0; c < 3; c++) {
    PetscReal s = 0, e;
    for (PetscInt j = k; j < nt; j++) s = PetscMax(s, PetscAbsReal(c == 2 && d->force ? d->N[j] : d->u[3 * j + c]));
    e           = c == 2 && d->force ? d->N[nt - 1] - d->N[k] : d->u[3 * (nt - 1) + c] - d->u[3 * k + c];
    d->periodic = (PetscBool)(d->periodic && PetscAbsReal(e) <= 1e-8 * s);
  }
  PetscFunctionReturn(0);
}

/* -law_masing: the manifold of one law from its last period: u = u_t1, N = the law's normal traction t_n (tractions:
   kT in N/m^3, brake-porter-karpov eq. 21); the force read from it and the check codes over that period */
static PetscErrorCode LawMasing_Private(LawDriver *d, LawRun *r)
{
  PetscInt   nt = d->nt, first = d->first, np = nt - 1 - first;
  PetscReal *u, *N, *f, mu, kt, fmax = 0;
  PetscInt  *viol;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetParameter(r->law, "mu", &mu));
  PetscCall(TriboLawGetParameter(r->law, "kt", &kt));
  PetscCall(PetscMalloc4(np, &u, np, &N, np, &f, np, &viol));
  PetscCall(PetscMalloc2(nt, &r->mt, nt, &r->mviol));
  for (PetscInt i = 0; i < np; i++) {
    u[i] = d->u[3 * (first + i)];
    N[i] = PetscMax(r->t[3 * (first + i) + 2], 0.0); // edf: t_n = kn <u_n> >= 0
  }
  PetscCall(TriboMasingManifoldCreate(PETSC_COMM_SELF, &r->mm));
  PetscCall(TriboMasingManifoldSetParameters(r->mm, mu, kt));
  PetscCall(TriboMasingManifoldSetHistory(r->mm, np, u, N));
  PetscCall(TriboMasingManifoldSetUp(r->mm));
  PetscCall(TriboMasingManifoldEvaluateHistory(r->mm, f, NULL));
  PetscCall(TriboMasingManifoldCheck(r->mm, viol, &r->moff));
  for (PetscInt k = 0; k < nt; k++) {
    PetscInt i  = k < first ? -1 : (k - first) % np; // the last sample repeats the period's first
    r->mt[k]    = i < 0 ? (PetscReal)NAN : f[i];
    r->mviol[k] = i < 0 ? -1 : viol[i];
  }
  r->mdev = 0;
  for (PetscInt k = first; k < nt; k++) fmax = PetscMax(fmax, PetscAbsReal(r->t[3 * k]));
  for (PetscInt k = first; k < nt; k++) r->mdev = PetscMax(r->mdev, PetscAbsReal(r->mt[k] - r->t[3 * k]));
  if (fmax > 0) r->mdev /= fmax;
  PetscCall(PetscFree4(u, N, f, viol));
  PetscFunctionReturn(0);
}

/* /law/<name>/manifold: vertices (6 x 3), t (nt), violation (nt ints) and the attributes the figure "manifold" reads */
static PetscErrorCode LawWriteManifold_Private(TriboH5 h5, LawDriver *d, LawRun *r)
{
  char      path[256];
  PetscReal v[18], mu, kt, uamp, uoff, nmax;
  PetscInt  nt = d->nt, dims[2] = {6, 3};

  PetscFunctionBeginUser;
  PetscCall(TriboMasingManifoldGetVertices(r->mm, v));
  PetscCall(TriboMasingManifoldGetParameters(r->mm, &mu, &kt));
  PetscCall(TriboMasingManifoldGetAnchors(r->mm, &uamp, &uoff, NULL, NULL));
  PetscCall(TriboMasingManifoldGetNormalForceMax(r->mm, &nmax));
  PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/" TRIBO_H5_MANIFOLD "/vertices", r->name));
  PetscCall(TriboH5WriteReal(h5, path, 2, dims, v));
  PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/" TRIBO_H5_MANIFOLD "/t", r->name));
  PetscCall(TriboH5WriteReal(h5, path, 1, &nt, r->mt));
  PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/" TRIBO_H5_MANIFOLD "/violation", r->name));
  PetscCall(TriboH5WriteInt(h5, path, 1, &nt, r->mviol));
  PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/" TRIBO_H5_MANIFOLD, r->name));
  PetscCall(TriboH5WriteAttrReal(h5, path, "mu", mu));
  PetscCall(TriboH5WriteAttrReal(h5, path, "kT", kt));
  PetscCall(TriboH5WriteAttrReal(h5, path, "u_anchor_amp", uamp));
  PetscCall(TriboH5WriteAttrReal(h5, path, "u_anchor_offset", uoff));
  PetscCall(TriboH5WriteAttrReal(h5, path, "N_max", nmax));
  PetscCall(TriboH5WriteAttrInt(h5, path, "first", d->first));
  PetscCall(TriboH5WriteAttrInt(h5, path, "samples_off", r->moff));
  PetscCall(TriboH5WriteAttrReal(h5, path, "max_deviation", r->mdev));
  PetscFunctionReturn(0);
}

static PetscErrorCode LawWrite_Private(MPI_Comm comm, LawDriver *d)
{
  TriboH5     h5;
  char        file[PETSC_MAX_PATH_LEN];
  const char *in[1] = {file};
  PetscInt    nt = d->nt, dims[2]           = {d->nt, 3};
  char        path[256], laws[LAW_MAX * 66] = "";

  PetscFunctionBeginUser;
  PetscCall(TableFile_Private(d->table, file, sizeof(file)));
  PetscCall(TriboH5Create(comm, d->output, &h5));
  PetscCall(TriboH5WriteMeta(h5, "law", d->tableset ? 1 : 0, in));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_LAW "/time", 1, &nt, d->time));
  if (d->force) // the common u: u_n of the first law
    for (PetscInt k = 0; k < nt; k++) d->u[3 * k + 2] = d->run[0].u[3 * k + 2];
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_LAW "/u", 2, dims, d->u));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_LAW "/v", 2, dims, d->v));
  if (d->force) PetscCall(TriboH5WriteReal(h5, TRIBO_H5_LAW "/N", 1, &nt, d->N));
  for (PetscInt i = 0; i < d->nlaws; i++) {
    LawRun             *r = &d->run[i];
    const TriboLawCard *c;
    const PetscReal    *p;
    PetscBool           rate;
    PetscCall(TriboLawGetCard(r->law, &c));
    PetscCall(TriboLawGetParameters(r->law, &p));
    PetscCall(TriboLawIsRateDependent(r->law, &rate));
    PetscCall(PetscStrlcat(laws, i ? "," : "", sizeof(laws)));
    PetscCall(PetscStrlcat(laws, r->name, sizeof(laws)));
    PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/t", r->name));
    PetscCall(TriboH5WriteReal(h5, path, 2, dims, r->t));
    PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/energy", r->name));
    PetscCall(TriboH5WriteReal(h5, path, 1, &nt, r->w));
    PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/state", r->name));
    PetscCall(TriboH5WriteInt(h5, path, 1, &nt, r->state));
    if (r->u) {
      PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s/u", r->name));
      PetscCall(TriboH5WriteReal(h5, path, 2, dims, r->u));
    }
    PetscCall(PetscSNPrintf(path, sizeof(path), TRIBO_H5_LAW "/%s", r->name));
    PetscCall(TriboH5WriteAttrString(h5, path, "type", c->name));
    PetscCall(TriboH5WriteAttrString(h5, path, "prefix", r->prefix));
    PetscCall(TriboH5WriteAttrInt(h5, path, "rate_dependent", rate ? 1 : 0));
    for (PetscInt k = 0; k < c->nparams; k++) PetscCall(TriboH5WriteAttrReal(h5, path, c->params[k].name, p[k]));
    PetscCall(TriboH5WriteAttrReal(h5, path, "energy_per_cycle", r->epc));
    PetscCall(TriboH5WriteAttrReal(h5, path, "slip_fraction", r->slip));
    PetscCall(TriboH5WriteAttrReal(h5, path, "separated_fraction", r->sep));
    PetscCall(TriboH5WriteAttrReal(h5, path, "max_traction_t", r->tmaxt));
    PetscCall(TriboH5WriteAttrReal(h5, path, "max_traction_n", r->tmaxn));
    if (r->mm) PetscCall(LawWriteManifold_Private(h5, d, r));
  }
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_LAW, "laws", laws));
  PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_LAW, "source", d->tableset ? d->table : "formulas"));
  if (!d->tableset)
    for (int c = 0; c < 4; c++)
      if (c < 3 || d->force) PetscCall(TriboH5WriteAttrString(h5, TRIBO_H5_LAW, FormulaOption[c] + 5, d->fset[c] ? d->formula[c] : "0"));
  PetscCall(TriboH5WriteAttrReal(h5, TRIBO_H5_LAW, "period", d->period > 0 ? d->period : (PetscReal)NAN));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_LAW, "normal_traction", d->force ? 1 : 0));
  PetscCall(TriboH5Close(&h5, PETSC_TRUE));
  PetscFunctionReturn(0);
}

static PetscErrorCode LawSummary_Private(MPI_Comm comm, LawDriver *d)
{
  PetscFunctionBeginUser;
  if (d->tableset)
    PetscCall(
        PetscPrintf(comm, "tribo law: %" PetscInt_FMT " samples from %s over %g s", d->nt, d->table, (double)(d->time[d->nt - 1] - d->time[0])));
  else
    PetscCall(PetscPrintf(comm, "tribo law: %" PetscInt_FMT " samples over %g s: u1 = %s, u2 = %s, %s = %s", d->nt, (double)d->T,
                          d->fset[0] ? d->formula[0] : "0", d->fset[1] ? d->formula[1] : "0", d->force ? "N" : "un",
                          d->fset[d->force ? 3 : 2] ? d->formula[d->force ? 3 : 2] : "0"));
  if (d->period > 0)
    PetscCall(PetscPrintf(comm, "; cycle %g s\n", (double)d->period));
  else
    PetscCall(PetscPrintf(comm, "; no cycle (give -law_period for the energy per cycle)\n"));
  if (d->force) PetscCall(PetscPrintf(comm, "  normal traction N [Pa] prescribed as u_n = N/kn of each law\n"));
  PetscCall(PetscPrintf(comm, "  %-12s %-12s %-14s %-14s %-20s %-9s %s\n", "law", "type", "max|t_t| (Pa)", "max|t_n| (Pa)", "energy/cycle (J/m^2)",
                        "slip (%)", "separated (%)"));
  for (PetscInt i = 0; i < d->nlaws; i++) {
    LawRun     *r = &d->run[i];
    const char *type;
    char        epc[32] = "-";
    PetscCall(TriboLawGetType(r->law, &type));
    if (!PetscIsInfOrNanReal(r->epc)) PetscCall(PetscSNPrintf(epc, sizeof(epc), "%.6e", (double)r->epc));
    PetscCall(PetscPrintf(comm, "  %-12s %-12s %-14.6e %-14.6e %-20s %-9.2f %.2f\n", r->name, type, (double)r->tmaxt, (double)r->tmaxn, epc,
                          (double)(100 * r->slip), (double)(100 * r->sep)));
    if (d->force && r->nmis > 1e-8)
      PetscCall(PetscPrintf(comm,
                            "  note: law %s's normal traction differs from N by up to %.3g of max |N| (its normal law is not t_n = kn u_n there)\n",
                            r->name, (double)r->nmis));
  }
  if (d->masing) {
    PetscInt np = d->nt - 1 - d->first;
    PetscCall(PetscPrintf(comm,
                          "  Masing manifold (brake-porter-karpov §2; u = u_t1, N = t_n, kT = kt): from the last period, samples %" PetscInt_FMT
                          "-%" PetscInt_FMT " (%" PetscInt_FMT " per period)\n",
                          d->first, d->nt - 1, np));
    if (!d->periodic)
      PetscCall(
          PetscPrintf(comm, "  note: the history at the end differs from that one period earlier; the manifold takes the last period as periodic\n"));
    for (PetscInt i = 0; i < d->nlaws; i++) {
      LawRun                 *r = &d->run[i];
      PetscReal               uamp, nmax;
      PetscInt                nev;
      const TriboMasingEvent *ev;
      char                    off[96];
      PetscCall(TriboMasingManifoldGetAnchors(r->mm, &uamp, NULL, NULL, NULL));
      PetscCall(TriboMasingManifoldGetNormalForceMax(r->mm, &nmax));
      PetscCall(TriboMasingManifoldGetEvents(r->mm, &nev, &ev));
      PetscCall(PetscSNPrintf(off, sizeof(off), "off the manifold (%" PetscInt_FMT " of %" PetscInt_FMT " samples)", r->moff, np));
      if (!r->moff) PetscCall(PetscStrncpy(off, "on the manifold", sizeof(off)));
      PetscCall(PetscPrintf(comm, "  %-12s u_anchor,amp %.6e m, N_max %.6e Pa, max|manifold - law| %.3e of max|t_t1|: %s\n", r->name, (double)uamp,
                            (double)nmax, (double)r->mdev, off));
      for (PetscInt k = 0; k < nev; k++) {
        const char *why = ev[k].condition == TRIBO_MASING_SLIP_N    ? "eq. 16: N rose during slip, slip resumed before the velocity reversed"
                          : ev[k].condition == TRIBO_MASING_STUCK_N ? "eq. 8: N fell while stuck, slip resumed against the motion"
                                                                    : "more than two extrema per period (Masing's assumption)";
        PetscCall(PetscPrintf(comm,
                              "    condition %d off the manifold at samples %" PetscInt_FMT "-%" PetscInt_FMT " of the period (%" PetscInt_FMT
                              "-%" PetscInt_FMT " of the run), violated at sample %" PetscInt_FMT ": %s\n",
                              (int)ev[k].condition, ev[k].first, ev[k].last, d->first + ev[k].first, d->first + ev[k].last, ev[k].trigger, why));
      }
    }
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode LawDestroy_Private(LawDriver *d)
{
  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < d->nlaws; i++) {
    LawRun *r = &d->run[i];
    PetscCall(TriboLawDestroy(&r->law));
    PetscCall(PetscFree(r->u));
    PetscCall(PetscFree3(r->t, r->w, r->state));
    PetscCall(TriboMasingManifoldDestroy(&r->mm));
    PetscCall(PetscFree2(r->mt, r->mviol));
  }
  PetscCall(PetscFree3(d->time, d->u, d->v));
  PetscCall(PetscFree2(d->N, d->dN));
  for (PetscInt i = 0; i < d->nnames; i++) PetscCall(PetscFree(d->names[i]));
  PetscFunctionReturn(0);
}

/* -law_masing: the manifold picture of each law, <png stem>_manifold<ext> (with several laws <png stem>_manifold_<law><ext>) */
static PetscErrorCode LawDrawManifolds_Private(MPI_Comm comm, LawDriver *d)
{
  char        stem[PETSC_MAX_PATH_LEN], ext[16] = ".png", png[PETSC_MAX_PATH_LEN + 64];
  const char *dot, *slash;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(stem, d->png, sizeof(stem)));
  dot   = strrchr(d->png, '.');
  slash = strrchr(d->png, '/');
  if (dot && (!slash || dot > slash) && strlen(dot) < sizeof(ext)) {
    PetscCall(PetscStrncpy(ext, dot, sizeof(ext)));
    stem[dot - d->png] = 0;
  }
  for (PetscInt i = 0; i < d->nlaws; i++) {
    const char *extra[2] = {"--law", d->run[i].name};
    PetscBool   drawn;
    if (d->nlaws == 1)
      PetscCall(PetscSNPrintf(png, sizeof(png), "%s_manifold%s", stem, ext));
    else
      PetscCall(PetscSNPrintf(png, sizeof(png), "%s_manifold_%s%s", stem, d->run[i].name, ext));
    PetscCall(TriboDrawPicture(comm, d->output, "manifold", png, 2, extra, &drawn));
    if (drawn) PetscCall(PetscPrintf(comm, "wrote %s (Masing manifold of %s)\n", png, d->run[i].name));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboVerbLaw - tribo law: drives one or several interface laws through a prescribed history of relative
  displacement (or normal traction) and writes their tractions, dissipated energy and stick/slip state, with a
  picture of the hysteresis loops.

  Collective

  Input Parameters:
+ comm - communicator of the run (every rank computes the same; rank 0 writes)
- help - PETSC_TRUE: print the options, compute nothing

  Options Database Keys:
+ -friction_type, -friction_<param> - the law (a single law; see -friction_view_models)
. -law_laws a,b,...     - several laws, each configured with its own prefix: -a_friction_type jenkins -a_friction_kt 1e12
. -law_u1, -law_u2, -law_un <formula> - the relative displacements [m] as formulas of time (default 0), e.g.
                          "sin(50e-9,1)+ramp(1e-9,0)": terms c, const(c), sin(A,f[,phase]), cos(A,f[,phase]), tri(A,f[,phase]),
                          ramp(r[,t0]), step(h[,t0]) joined by + and - (src/cli/lawpath.c)
. -law_n <formula>      - instead of -law_un: a normal traction history N(t) [Pa], applied as u_n = N/kn for every law
                          (each must have a parameter kn > 0; the summary notes where the law's t_n differs from N)
. -law_table <file>     - instead of formulas: a CSV file with the header time,u1,u2,un (or time,u1,u2,N), or
                          file.h5:/dataset (nt x 4: time, u1, u2, un)
. -law_time <T>         - time span [s] (default: -law_periods 2)
. -law_periods <p>      - time span in periods of the lowest frequency of the sin, cos and tri terms
. -law_steps <n>        - number of steps (default 2000; n + 1 samples)
. -law_period <P>       - cycle length for the energy per cycle [s] (default 1/the lowest frequency; tables have none)
. -law_masing           - the Masing manifold of each law (type edf only) from the last period of the history:
                          written under /law/<name>/manifold, checked (the samples off it and the condition violated)
                          and drawn (<png stem>_manifold.png); the period must hold a whole number of steps
. -output <law.h5>      - the result file
- -law_png <file>       - the picture (default: the output name with .png)

  Notes:
  Each law starts from a fresh history at the first sample and is marched sample by sample: evaluated at u_k (and
  the velocity v_k for a rate-dependent law: the exact derivative of the formulas, or three-point differences of a
  table) with the history committed at the previous sample, whose trial history is then committed.
  The energy is the work W(t) = int t . du along the path (trapezoid rule over the samples, all three components,
  J/m^2); over a closed cycle it is the energy dissipated. The energy per cycle is W(end) - W(end - P) over the last
  cycle P, the loop's dissipation once the history is periodic (the first cycle also holds the virgin loading).
  The state of a sample is 2 (separated) when all tractions are zero with u_n <= 0; else 1 (slip, full or partial)
  when the tangential tangent along the tangential motion d, d' (dt_t/du_t) d, is below 0.999 times the elastic one,
  which is that of a small reversal (a step of 1e-6 times the largest tangential step back along d from the state
  just committed); for a law with no elastic tangent (a regularized, rate-dependent one) it is 1 when the tangential
  traction is nonzero; else 0 (stick). Without tangential motion, d is the direction of the tangential traction.

  With -law_masing every law must be elastic dry friction (edf): the manifold of brake-porter-karpov §2 (eq. 21, for
  tractions: kT = kt in N/m^3) is built with mu and kt of the law from one steady period, the last one of the run
  (P = -law_period, or 1/the lowest frequency of the formulas; it must hold a whole number of steps, at least 4), with
  u = u_t1 and N = the law's normal traction t_n over its samples (the end point, which repeats the period's first
  sample, excluded). The force read from the manifold along that period (TriboMasingManifoldEvaluateHistory()) and the
  constraint check (TriboMasingManifoldCheck(): 0 on the manifold, 8 (eq. 8), 16 (eq. 16) or 1 (more than two extrema))
  are written for the samples of the period; the summary prints u_anchor,amp, N_max, the largest |manifold - law| over
  the period relative to max |t_t1| there, and the stretches off the manifold with their condition.

  Output: /law/time, /law/u, /law/v, /law/N (with -law_n), and per law /law/<name>/t, energy, state with attributes
  (type, parameters, summary); with -law_masing /law/<name>/manifold/vertices (6 x 3: A-F as u, f, N), t (nt: NaN
  before the last period), violation (nt ints: -1 before it) with attributes mu, kT, u_anchor_amp, u_anchor_offset,
  N_max, first (the period's first sample), samples_off, max_deviation; the layout is in include/triboio.h.
@*/
PetscErrorCode TriboVerbLaw(MPI_Comm comm, PetscBool help)
{
  LawDriver d;
  PetscBool set, tset, pset, sset, drawn = PETSC_FALSE;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(&d, sizeof(d)));
  d.steps = 2000;
  PetscCall(PetscStrncpy(d.output, "law.h5", sizeof(d.output)));
  if (help)
    PetscCall(PetscPrintf(
        comm, "tribo law [-friction_type T | -law_laws a,b] -law_u1 \"sin(A,f)\" [-law_un|-law_n F] [-law_table F] [-law_masing] [-output law.h5]: "
              "interface laws through a prescribed history\n"));
  TriboOptionsBegin(comm, NULL, "tribo law: interface laws driven through a prescribed history", "tribo");
  d.nnames = LAW_MAX;
  PetscCall(PetscOptionsStringArray("-law_laws", "several laws by name, each with its own options -<name>_friction_type, -<name>_friction_<param>",
                                    "TriboVerbLaw", d.names, &d.nnames, &d.namesset));
  if (!d.namesset) d.nnames = 0;
  for (int c = 0; c < 4; c++) {
    const char *what[4] = {"tangential displacement u_t1 [m]", "tangential displacement u_t2 [m]", "normal displacement u_n [m] (> 0: contact)",
                           "normal traction N [Pa], applied as u_n = N/kn (instead of -law_un)"};
    char        h[512];
    PetscCall(PetscSNPrintf(
        h, sizeof(h), "%s as a formula of time: c, sin(A,f[,phase]), cos(A,f[,phase]), tri(A,f[,phase]), ramp(r[,t0]), step(h[,t0]) joined by + -",
        what[c]));
    d.formula[c][0] = 0;
    PetscCall(PetscOptionsString(FormulaOption[c], h, "TriboFormulaParse", d.formula[c], d.formula[c], sizeof(d.formula[c]), &d.fset[c]));
  }
  PetscCall(PetscOptionsString("-law_table", "history table: CSV with header time,u1,u2,un (or time,u1,u2,N), or file.h5:/dataset (nt x 4)",
                               "TriboLawTableRead", d.table, d.table, sizeof(d.table), &d.tableset));
  PetscCall(PetscOptionsReal("-law_time", "time span [s] (default: 2 periods of the lowest frequency)", "TriboVerbLaw", d.T, &d.T, &tset));
  PetscCall(
      PetscOptionsReal("-law_periods", "time span in periods of the lowest frequency of the formulas", "TriboVerbLaw", d.periods, &d.periods, &pset));
  PetscCall(TriboOptionsRangeInt("-law_steps", "number of time steps (samples: steps + 1; 1 to 10000000)", "TriboVerbLaw", d.steps, &d.steps, &sset,
                                 1, 10000000));
  PetscCall(PetscOptionsReal("-law_period", "cycle length for the energy per cycle [s] (default: 1/the lowest frequency)", "TriboVerbLaw", d.period,
                             &d.period, &set));
  PetscCall(PetscOptionsBool("-law_masing",
                             "Masing manifold of each law (elastic dry friction only) from the last period: written, checked and drawn "
                             "(brake-porter-karpov §2)",
                             "TriboMasingManifoldCreate", d.masing, &d.masing, NULL));
  PetscCall(PetscOptionsString("-output", "result file (HDF5, written atomically)", "TriboH5Create", d.output, d.output, sizeof(d.output), NULL));
  PetscCall(TriboPictureName(d.output, d.png, sizeof(d.png)));
  PetscCall(PetscOptionsString("-law_png", "picture of the hysteresis loops (default: the output name with .png)", "TriboDrawPicture", d.png, d.png,
                               sizeof(d.png), NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(NULL, "law_"));
  PetscCheck(!set || d.period > 0, comm, PETSC_ERR_USER_INPUT, "option -law_period: expected a cycle length > 0 s, got %g", (double)d.period);
  PetscCheck(!tset || d.T > 0, comm, PETSC_ERR_USER_INPUT, "option -law_time: expected a time span > 0 s, got %g", (double)d.T);
  PetscCheck(!pset || d.periods > 0, comm, PETSC_ERR_USER_INPUT, "option -law_periods: expected a number of periods > 0, got %g", (double)d.periods);
  PetscCheck(d.steps >= 1, comm, PETSC_ERR_USER_INPUT, "option -law_steps: expected at least 1 step, got %" PetscInt_FMT, d.steps);
  PetscCall(LawCreateAll_Private(comm, &d));
  if (d.masing && !help) PetscCall(LawMasingLaws_Private(comm, &d));
  if (help) {
    PetscCall(LawDestroy_Private(&d));
    PetscFunctionReturn(0);
  }
  for (int c = 0; c < 4; c++) // PETSc reads a value beginning with '-' as the next option
    PetscCheck(!d.fset[c] || d.formula[c][0], comm, PETSC_ERR_USER_INPUT,
               "option %s has no formula (a formula beginning with '-' is read as an option: write 0-sin(...) or sin(-A,f))", FormulaOption[c]);
  PetscCall(TriboCheckOptionsUsed(comm, "law"));
  if (d.tableset) {
    const char *other = d.fset[0]   ? "-law_u1"
                        : d.fset[1] ? "-law_u2"
                        : d.fset[2] ? "-law_un"
                        : d.fset[3] ? "-law_n"
                        : tset      ? "-law_time"
                        : pset      ? "-law_periods"
                        : sset      ? "-law_steps"
                                    : NULL;
    PetscCheck(!other, comm, PETSC_ERR_USER_INPUT, "option %s does not apply with -law_table %s: the table gives the whole history", other, d.table);
  } else
    PetscCheck(d.fset[0] || d.fset[1] || d.fset[2] || d.fset[3], comm, PETSC_ERR_USER_INPUT,
               "tribo law needs a history: formulas -law_u1, -law_u2, -law_un or -law_n (e.g. -law_u1 \"sin(1e-6,1)\"), or -law_table file.csv");
  if (d.fset[3]) PetscCall(LawNormalStiffness_Private(comm, &d, "-law_n"));
  {
    char        file[PETSC_MAX_PATH_LEN];
    const char *in[1] = {file};
    struct stat st;
    PetscCall(TableFile_Private(d.table, file, sizeof(file)));
    PetscCall(TriboCheckOutput(comm, "-output", d.output, d.tableset ? 1 : 0, in));
    PetscCall(TriboCheckOutput(comm, "-law_png", d.png, 1, in));
    PetscCheck(strcmp(d.png, d.output), comm, PETSC_ERR_USER_INPUT, "option -law_png names the result file %s (option -output); choose another name",
               d.png);
    PetscCheck(stat(d.png, &st) || !S_ISDIR(st.st_mode), comm, PETSC_ERR_USER_INPUT, "option -law_png names the folder %s; give a file name", d.png);
  }
  if (d.tableset)
    PetscCall(LawHistoryTable_Private(comm, &d));
  else
    PetscCall(LawHistoryFormulas_Private(comm, &d));
  if (d.force && d.tableset) PetscCall(LawNormalStiffness_Private(comm, &d, "-law_table (column N)"));
  if (d.masing) PetscCall(LawMasingPeriod_Private(comm, &d));
  for (PetscInt i = 0; i < d.nlaws; i++) PetscCall(LawMarch_Private(&d, &d.run[i]));
  if (d.masing)
    for (PetscInt i = 0; i < d.nlaws; i++) PetscCall(LawMasing_Private(&d, &d.run[i]));
  PetscCall(LawSummary_Private(comm, &d));
  PetscCall(LawWrite_Private(comm, &d));
  PetscCall(TriboDrawPicture(comm, d.output, "law", d.png, 0, NULL, &drawn));
  if (drawn)
    PetscCall(PetscPrintf(comm, "wrote %s and %s\n", d.output, d.png));
  else
    PetscCall(PetscPrintf(comm, "wrote %s\n", d.output));
  if (d.masing) PetscCall(LawDrawManifolds_Private(comm, &d));
  PetscCall(LawDestroy_Private(&d));
  PetscFunctionReturn(0);
}
