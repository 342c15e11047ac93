/* Hysteresis loops of the interface laws against closed forms: one point driven quasi-statically
   along straight segments in small increments, the output history committed after every increment,
   W = closed integral of t . du (trapezoid rule per increment, J/m^2) over one full cycle that
   follows an initial loading. Units: kt = kn = 1e12 N/m^3, Jenkins ts = 1e6 N/m^2 (slip
   displacement xs = ts/kt = 1 um), EDF mu = 0.5.

   1. Jenkins, 1-D cycle X -> -X -> X (after 0 -> X): stick lines of slope kt join the slip lines
      t = +-ts, the loop is a parallelogram of height 2 ts and width 2 (X - ts/kt):
      W = 4 ts (X - ts/kt) for X > ts/kt, else 0. Coupled and decoupled agree on an axis.
   2. Same cycle along e = (cos 30, sin 30). Coupled (eq. 20): the trial traction stays parallel to
      e, so the law is the 1-D one in the arc length: same W. Decoupled (eq. 19): each component is
      its own 1-D Jenkins of amplitude X cos30, X sin30: W = sum_c 4 ts (X_c - ts/kt)_+.
   3. EDF at constant u_n > 0: Jenkins with ts = mu kn u_n.
   4. EDF with u_n = u0 + a u_t/X (u_n in phase with u_t for a > 0, anti-phase for a < 0): the slip
      traction ts = s0 + b u_t (s0 = mu kn u0, b = mu kn a/X, |b| < kt) is linear in u_t, so the
      loop is again a polygon: A = (X, s0 + b X), stick to B on t = -(s0 + b u), slip to
      C = (-X, -(s0 - b X)), stick to D on t = s0 + b u, slip to A. With
      u_B = (kt X - b X - 2 s0)/(kt + b), u_D = -(kt X + b X - 2 s0)/(kt - b) the polygon's area is
      W = 4 (kt s0 - b^2 X)(kt X - s0)/(kt^2 - b^2) (b = 0 gives case 3). t_n = kn u_n > 0 depends
      on u_n alone and its trapezoid work telescopes to zero.
   5. EDF through separation, path P1 = (Y, U0) -> P2 = (X, U0) -> P3 = (X, -V) -> P0 = (0, -V) ->
      P1 in (u_t1, u_n), M increments per leg. On P0 -> P1 contact starts at u_tc = Y V/(U0 + V);
      eq. 5 gives t = kt (u_t - u_tc) there, and t/(mu t_n) = kt Y/(mu kn (U0 + V)) < 1: stuck, so at
      P1 t1 = kt Y U0/(U0 + V). On P1 -> P2 stick up to c = mu kn U0, then slip; P2 -> P3 has
      du_t = 0 and everything is released at separation; P3 -> P0 is traction-free. Hence
      W = t1^2/(2 kt) + (c^2 - t1^2)/(2 kt) + c (X - u_slip) = c^2/(2 kt) + c (X - u_slip),
      u_slip = Y + (c - t1)/kt: the stored energy is lost at separation, nothing is created.
      The first increment in contact of the last leg is also checked against eq. 5,
      t = kt u_n/(u_n - u_np) (u_t - u_tp) (numbers in the expected file computed by hand).
   6. Penalty law with kt > 0 along a Lissajous loop (all in contact; and through u_n < 0 with
      tension = 1): t = K u with K diagonal, so each trapezoid term is exactly an increment of
      u.K.u/2 and W = 0 to round-off.
   Tolerance: t(u) is piecewise linear in u along every leg and exact at the increments (the
   return map is exact for monotone legs), so the trapezoid rule errs only on an increment holding
   a kink (stick/slip or contact switch), by at most k |du|^2/8. The driver allows nk such kinks
   (2 per 1-D loop, 4 for decoupled 2-D or separation, 0 for the penalty law) plus round-off:
   |W - W_exact| <= nk max(kt, kn) max|du|^2/8 + 1e-12 sum|t.du|, and W >= -1e-12 sum|t.du|.
   With N = 4000 increments per cycle that bound is below 3e-6 relative; the runner uses 1e-5. */
#include <tribolaw.h>

typedef struct {
  TriboLaw  law;
  PetscInt  nh;
  PetscReal u[3], t[3], h[8], hn[8];
  PetscReal W, S, du2; // sum of t.du, sum of |t.du|, largest |du|^2 over the integrated increments
  PetscBool on;        // integrate
  PetscInt  krc;       // increment (in its leg) of the first integrated re-contact, -1 if none
  PetscReal trc, teq5; // its t_t1 and eq. 5 from its u and committed history
} Drive;

static PetscErrorCode DriveCreate(const char *type, PetscInt np, const char *const names[], const PetscReal vals[], Drive *d)
{
  const TriboLawCard *card;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(d, sizeof(*d)));
  d->krc = -1;
  PetscCall(TriboLawCreate(PETSC_COMM_WORLD, &d->law));
  PetscCall(TriboLawSetType(d->law, type));
  for (PetscInt i = 0; i < np; i++) PetscCall(TriboLawSetParameter(d->law, names[i], vals[i]));
  PetscCall(TriboLawGetCard(d->law, &card));
  d->nh = card->nhist;
  PetscFunctionReturn(0);
}

// n equal increments from the current u to (x, y, z), committing the history after each
static PetscErrorCode Leg(Drive *d, PetscReal x, PetscReal y, PetscReal z, PetscInt n)
{
  PetscReal u0[3] = {d->u[0], d->u[1], d->u[2]}, u1[3] = {x, y, z}, u[3], t[3], kt;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetParameter(d->law, "kt", &kt));
  for (PetscInt k = 1; k <= n; k++) {
    PetscReal dw = 0, du2 = 0;
    for (int j = 0; j < 3; j++) u[j] = u0[j] + (u1[j] - u0[j]) * (PetscReal)k / (PetscReal)n;
    PetscCall(TriboLawEvaluate(d->law, TRIBO_LAW_FULL, 1, u, d->h, t, NULL, d->hn));
    for (int j = 0; j < 3; j++) {
      dw += 0.5 * (d->t[j] + t[j]) * (u[j] - d->u[j]);
      du2 += (u[j] - d->u[j]) * (u[j] - d->u[j]);
    }
    if (d->on) {
      d->W += dw;
      d->S += PetscAbsReal(dw);
      d->du2 = PetscMax(d->du2, du2);
      if (d->nh == 5 && d->krc < 0 && d->h[2] <= 0 && u[2] > 0) { // EDF re-contact
        d->krc  = k;
        d->trc  = t[0];
        d->teq5 = kt * u[2] / (u[2] - d->h[2]) * (u[0] - d->h[0]);
      }
    }
    for (PetscInt j = 0; j < d->nh; j++) d->h[j] = d->hn[j];
    for (int j = 0; j < 3; j++) d->u[j] = u[j], d->t[j] = t[j];
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode Report(Drive *d, const char *name, PetscReal X, PetscReal Wex, PetscInt nk)
{
  PetscReal kt, kn, tol;
  PetscBool ok;

  PetscFunctionBeginUser;
  PetscCall(TriboLawGetParameter(d->law, "kt", &kt));
  PetscCall(TriboLawGetParameter(d->law, "kn", &kn));
  tol = nk * PetscMax(kt, kn) * d->du2 / 8 + 1e-12 * d->S;
  ok  = (PetscBool)(PetscAbsReal(d->W - Wex) <= tol && d->W >= -1e-12 * d->S);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s X %.2e W %.8e closed %.8e %s\n", name, (double)X, (double)d->W, (double)Wex, ok ? "ok" : "MISMATCH"));
  PetscCall(TriboLawDestroy(&d->law));
  PetscFunctionReturn(0);
}

static PetscReal Pos(PetscReal x)
{
  return x > 0 ? x : 0;
}

int main(int argc, char **argv)
{
  const PetscInt  N = 4000, M = 1000;
  const PetscReal kt = 1e12, kn = 1e12, ts = 1e6, mu = 0.5, c30 = PetscCosReal(PETSC_PI / 6), s30 = PetscSinReal(PETSC_PI / 6);
  const char     *jn[] = {"kt", "ts", "kn", "coupled"}, *en[] = {"kt", "kn", "mu", "coupled"}, *pn[] = {"kt", "kn", "tension"};
  const char     *cname[] = {"decoupled", "coupled"};
  Drive           d;
  char            name[64];

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  for (int cp = 0; cp < 2; cp++) { // 1, 2: Jenkins along t1 and at 30 degrees
    const PetscReal amp[] = {0.5e-6, 2e-6, 5e-6, 1.6e-6, 3e-6}, jv[] = {kt, ts, kn, (PetscReal)cp};
    for (int i = 0; i < 5; i++) {
      PetscReal X = amp[i], e[2] = {i < 3 ? 1 : c30, i < 3 ? 0 : s30}, Wex;
      PetscCall(DriveCreate(TRIBOLAWJENKINS, 4, jn, jv, &d));
      PetscCall(Leg(&d, X * e[0], X * e[1], 0, N / 4));
      d.on = PETSC_TRUE;
      PetscCall(Leg(&d, -X * e[0], -X * e[1], 0, N / 2));
      PetscCall(Leg(&d, X * e[0], X * e[1], 0, N / 2));
      Wex = cp ? 4 * ts * Pos(X - ts / kt) : 4 * ts * (Pos(X * e[0] - ts / kt) + Pos(X * e[1] - ts / kt));
      PetscCall(PetscSNPrintf(name, sizeof(name), "jenkins-%s %s", cname[cp], i < 3 ? "t1" : "30deg"));
      PetscCall(Report(&d, name, X, Wex, cp || i < 3 ? 2 : 4));
    }
  }
  for (int cp = 0; cp < 2; cp++) { // 3, 4: EDF at constant and in-phase / anti-phase u_n
    const PetscReal X = 3e-6, u0 = 2e-6, av[] = {0, 1e-6, -0.5e-6}, ev[] = {kt, kn, mu, (PetscReal)cp};
    for (int i = 0; i < 3; i++) {
      PetscReal a = av[i], s0 = mu * kn * u0, b = mu * kn * a / X, Wex = 4 * (kt * s0 - b * b * X) * (kt * X - s0) / (kt * kt - b * b);
      PetscCall(DriveCreate(TRIBOLAWEDF, 4, en, ev, &d));
      PetscCall(Leg(&d, 0, 0, u0, 1));
      PetscCall(Leg(&d, X, 0, u0 + a, N / 4));
      d.on = PETSC_TRUE;
      PetscCall(Leg(&d, -X, 0, u0 - a, N / 2));
      PetscCall(Leg(&d, X, 0, u0 + a, N / 2));
      PetscCall(PetscSNPrintf(name, sizeof(name), "edf-%s un %s", cname[cp], i == 0 ? "constant" : (a > 0 ? "in-phase" : "anti-phase")));
      PetscCall(Report(&d, name, X, Wex, 2));
    }
  }
  for (int cp = 0; cp < 2; cp++) { // 5: EDF through separation
    const PetscReal X = 3e-6, Y = 1e-6, U0 = 2e-6, V = 1e-6, ev[] = {kt, kn, mu, (PetscReal)cp};
    PetscReal       c = mu * kn * U0, t1 = kt * Y * U0 / (U0 + V), Wex = c * c / (2 * kt) + c * (X - Y - (c - t1) / kt);
    PetscBool       ok;
    PetscCall(DriveCreate(TRIBOLAWEDF, 4, en, ev, &d));
    PetscCall(Leg(&d, 0, 0, -V, 1));
    PetscCall(Leg(&d, Y, 0, U0, M));
    d.on = PETSC_TRUE;
    PetscCall(Leg(&d, X, 0, U0, M));
    PetscCall(Leg(&d, X, 0, -V, M));
    PetscCall(Leg(&d, 0, 0, -V, M));
    PetscCall(Leg(&d, Y, 0, U0, M));
    ok = (PetscBool)(d.krc > 0 && PetscAbsReal(d.trc - d.teq5) <= 1e-10 * PetscAbsReal(d.teq5));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "edf-%s re-contact increment %" PetscInt_FMT " t1 %.8e eq5 %.8e %s\n", cname[cp], d.krc, (double)d.trc,
                          (double)d.teq5, ok ? "ok" : "MISMATCH"));
    PetscCall(PetscSNPrintf(name, sizeof(name), "edf-%s separation", cname[cp]));
    PetscCall(Report(&d, name, X, Wex, 4));
  }
  for (int tn = 0; tn < 2; tn++) { // 6: penalty law, elastic: no energy over a closed loop
    const PetscReal X = 3e-6, u0 = tn ? 0.5e-6 : 2e-6, a = 1e-6, pv[] = {3e11, kn, (PetscReal)tn};
    PetscCall(DriveCreate(TRIBOLAWPENALTY, 3, pn, pv, &d));
    PetscCall(Leg(&d, X, 0, u0, 1));
    d.on = PETSC_TRUE;
    for (PetscInt k = 1; k <= N; k++) {
      PetscReal th = 2 * PETSC_PI * (PetscReal)k / (PetscReal)N;
      PetscCall(Leg(&d, X * PetscCosReal(th), X * PetscSinReal(2 * th), u0 + a * PetscSinReal(th), 1));
    }
    PetscCall(Report(&d, tn ? "penalty tension=1 through-un<0" : "penalty tension=0 in-contact", X, 0, 0));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    output: t102-law-hysteresis.out
    rtol: 1e-5
    atol: 1e-9
TEST*/
