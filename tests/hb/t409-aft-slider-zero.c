/* The two conventions of where the AFT march of a hysteretic law starts (TriboHBSetSliderStart(), issue 35 item 5).
   Jenkins kt = 3, ts = 1, one point moving in t1 only, harmonics {0, 1, 2}, Nt = 256.
   (a) closed forms where the conventions differ, an element that sticks all period with a nonzero mean m
       (u = m + a cos tau): mean start F0 = 0, F1c = kt a; zero start (NLvib) with kt (m + a) < ts: F0 = kt m,
       F1c = kt a; with kt (m + a) > ts and 2 kt a < 2 ts (one slip at the maximum, then stuck):
       F0 = ts - kt a, F1c = kt a. To 1e-12.
   (b) an element that slips both ways in the first period: the conventions agree (1e-12).
   (c) a general motion with harmonics 0..2 against an independent transcription of NLvib's elasticDryFriction
       march (HB_residual.m: slider and force 0 at sample 1, stuck derivative k dq there, predictor
       k (q_j - qsl_{j-1}), corrector at |f| >= fc, two periods, direct DFT of the last) written out below:
       forces and the whole Jacobian (dF/dU over the 5 t1 columns) to 1e-12 relative to kt.
   (d) the forward-difference Jacobian of a law without state derivatives (prager, kp = 0.5) in the zero convention, against
       central differences of TriboHBAFT itself, the mean column included (it has an effect there): 1e-5. */
#include <tribohb.h>

#define NT 256
#define NC 5 // columns X0, Xc1, Xs1, Xc2, Xs2

// NLvib's march of one elasticDryFriction element on q(tau) = sum_k U[k] e_k(tau): F[NC], dF[NC][NC]
static void NLvibMarch(PetscReal k, PetscReal fc, const PetscReal U[NC], PetscReal F[NC], PetscReal dF[NC][NC])
{
  static PetscReal q[2 * NT], dq[2 * NT][NC], f[2 * NT], df[2 * NT][NC], qsl[2 * NT];
  for (PetscInt j = 0; j < 2 * NT; j++) {
    PetscReal tau = 2 * PETSC_PI * (j % NT) / NT, e[NC] = {1, PetscCosReal(tau), PetscSinReal(tau), PetscCosReal(2 * tau), PetscSinReal(2 * tau)};
    q[j] = 0;
    for (PetscInt c = 0; c < NC; c++) {
      q[j] += U[c] * e[c];
      dq[j][c] = e[c];
      df[j][c] = 0;
    }
    f[j] = qsl[j] = 0;
  }
  for (PetscInt c = 0; c < NC; c++) df[0][c] = k * dq[0][c];
  for (PetscInt j = 1; j < 2 * NT; j++) {
    f[j] = k * (q[j] - qsl[j - 1]);
    if (PetscAbsReal(f[j]) >= fc) {
      f[j]   = f[j] > 0 ? fc : -fc;
      qsl[j] = q[j] - f[j] / k;
    } else {
      qsl[j] = qsl[j - 1];
      for (PetscInt c = 0; c < NC; c++) df[j][c] = k * (dq[j][c] - dq[j - 1][c]) + df[j - 1][c];
    }
  }
  for (PetscInt r = 0; r < NC; r++) {
    F[r] = 0;
    for (PetscInt c = 0; c < NC; c++) dF[r][c] = 0;
  }
  for (PetscInt j = NT; j < 2 * NT; j++) {
    PetscReal tau = 2 * PETSC_PI * (j - NT) / NT, w[NC] = {1.0 / NT, 2.0 / NT * PetscCosReal(tau), 2.0 / NT * PetscSinReal(tau),
                                                           2.0 / NT * PetscCosReal(2 * tau), 2.0 / NT * PetscSinReal(2 * tau)};
    for (PetscInt r = 0; r < NC; r++) {
      F[r] += w[r] * f[j];
      for (PetscInt c = 0; c < NC; c++) dF[r][c] += w[r] * df[j][c];
    }
  }
}

static PetscErrorCode Eval(TriboHB hb, const TriboLawCard *card, const PetscReal p[], const PetscReal U1[NC], PetscReal F1[NC], PetscReal *J)
{
  PetscReal U[3 * NC], F[3 * NC];

  PetscFunctionBeginUser;
  PetscCall(PetscArrayzero(U, 3 * NC));
  for (PetscInt c = 0; c < NC; c++) U[3 * c] = U1[c];
  PetscCall(TriboHBAFT(hb, card, p, TRIBO_LAW_FULL, 1, U, F, J));
  for (PetscInt c = 0; c < NC; c++) F1[c] = F[3 * c];
  PetscFunctionReturn(0);
}

static PetscErrorCode CreateLaw(const char *type, TriboLaw *law, const TriboLawCard **card, const PetscReal **p)
{
  PetscFunctionBeginUser;
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, law));
  PetscCall(TriboLawSetType(*law, type));
  PetscCall(TriboLawSetParameter(*law, "kt", 3.0));
  PetscCall(TriboLawSetParameter(*law, "kn", 1.0));
  PetscCall(TriboLawSetParameter(*law, "ts", 1.0));
  if (!strcmp(type, TRIBOLAWPRAGER)) PetscCall(TriboLawSetParameter(*law, "kp", 0.5));
  PetscCall(TriboLawSetUp(*law));
  PetscCall(TriboLawGetCard(*law, card));
  PetscCall(TriboLawGetParameters(*law, p));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB             hb;
  TriboLaw            law, prager;
  const TriboLawCard *card, *pcard;
  const PetscReal    *p, *pp;
  const PetscInt      h[] = {0, 1, 2};
  PetscReal           F[NC], Fz[NC], Fm[NC], Fr[NC], dFr[NC][NC], J[9 * NC * NC], kt = 3, ts = 1, err, scale;
  PetscInt            nper, nunconv;
  struct {
    PetscReal m, a, F0zero, F1zero;
  } stick[] = {
      {0.1, 0.2, 3 * 0.1, 3 * 0.2},    // kt (m + a) = 0.9 < ts: never slips
      {0.4, 0.2, 1 - 3 * 0.2, 3 * 0.2} // kt (m + a) = 1.8 > ts, 2 kt a = 1.2 < 2 ts: one slip at the top
  };

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(CreateLaw(TRIBOLAWJENKINS, &law, &card, &p));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, h));
  PetscCall(TriboHBSetNt(hb, NT));
  PetscCall(TriboHBSetUp(hb));

  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(a) stuck all period with a nonzero mean\n"));
  for (PetscInt i = 0; i < 2; i++) {
    PetscReal U1[NC] = {stick[i].m, stick[i].a, 0, 0, 0};
    PetscCall(TriboHBSetSliderStart(hb, TRIBO_HB_SLIDER_MEAN));
    PetscCall(Eval(hb, card, p, U1, Fm, NULL));
    PetscCall(TriboHBSetSliderStart(hb, TRIBO_HB_SLIDER_ZERO));
    PetscCall(Eval(hb, card, p, U1, Fz, NULL));
    PetscCall(TriboHBGetAFTPeriods(hb, &nper, &nunconv));
    PetscCall(PetscPrintf(
        PETSC_COMM_SELF,
        "m %g a %g: mean start F0 %.12f F1c %.12f; zero start F0 %.12f F1c %.12f (%" PetscInt_FMT " periods, %" PetscInt_FMT " unconverged)\n",
        (double)stick[i].m, (double)stick[i].a, (double)PetscAbsReal(Fm[0]), (double)Fm[1], (double)Fz[0], (double)Fz[1], nper, nunconv));
    err = PetscMax(PetscMax(PetscAbsReal(Fm[0]), PetscAbsReal(Fm[1] - kt * stick[i].a)),
                   PetscMax(PetscAbsReal(Fz[0] - stick[i].F0zero), PetscAbsReal(Fz[1] - stick[i].F1zero)));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  closed forms to 1e-12: %s\n", err < 1e-12 ? "yes" : "no"));
  }

  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(b) slipping both ways: the conventions agree\n"));
  {
    PetscReal U1[NC] = {0.4, 1.0, 0.2, 0, 0};
    PetscCall(TriboHBSetSliderStart(hb, TRIBO_HB_SLIDER_MEAN));
    PetscCall(Eval(hb, card, p, U1, Fm, NULL));
    PetscCall(TriboHBSetSliderStart(hb, TRIBO_HB_SLIDER_ZERO));
    PetscCall(Eval(hb, card, p, U1, Fz, NULL));
    err = 0;
    for (PetscInt c = 0; c < NC; c++) err = PetscMax(err, PetscAbsReal(Fm[c] - Fz[c]));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  F1c %.9f F1s %.9f, mean and zero agree to 1e-12: %s\n", (double)Fz[1], (double)Fz[2],
                          err < 1e-12 ? "yes" : "no"));
  }

  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(c) NLvib's march, forces and Jacobian\n"));
  {
    PetscReal cases[3][NC] = {
        {0.3, 0.25, -0.1, 0.05, 0.02}, // stuck after one slip, nonzero mean
        {0.5, 0.6, 0.3, 0.2, -0.15},   // slips both ways
        {-0.2, 0.1, 0.05, 0.0, 0.03}   // stuck all period, negative mean
    };
    PetscCall(TriboHBSetSliderStart(hb, TRIBO_HB_SLIDER_ZERO));
    for (PetscInt i = 0; i < 3; i++) {
      PetscReal ef = 0, ej = 0;
      PetscCall(Eval(hb, card, p, cases[i], F, J));
      NLvibMarch(kt, ts, cases[i], Fr, dFr);
      for (PetscInt r = 0; r < NC; r++) {
        ef = PetscMax(ef, PetscAbsReal(F[r] - Fr[r]));
        for (PetscInt c = 0; c < NC; c++) ej = PetscMax(ej, PetscAbsReal(J[(3 * r) * 3 * NC + 3 * c] - dFr[r][c]));
      }
      PetscCall(PetscPrintf(PETSC_COMM_SELF, "case %" PetscInt_FMT ": F0 %.9f F1c %.9f, forces to 1e-12: %s, Jacobian to 1e-12 kt: %s\n", i,
                            (double)Fr[0], (double)Fr[1], ef < 1e-12 ? "yes" : "no", ej < 1e-12 * kt ? "yes" : "no"));
    }
  }

  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(d) forward-difference Jacobian (prager), zero start\n"));
  PetscCall(CreateLaw(TRIBOLAWPRAGER, &prager, &pcard, &pp));
  {
    PetscReal U1[NC] = {0.3, 0.5, 0.2, 0.1, -0.05}, Up[NC], Fp[NC], Fq[NC], d = 1e-6, e = 0;
    PetscCall(TriboHBSetSliderStart(hb, TRIBO_HB_SLIDER_ZERO));
    PetscCall(Eval(hb, pcard, pp, U1, F, J));
    scale = 0;
    for (PetscInt c = 0; c < NC; c++) {
      PetscCall(PetscArraycpy(Up, U1, NC));
      Up[c] += d;
      PetscCall(Eval(hb, pcard, pp, Up, Fp, NULL));
      Up[c] -= 2 * d;
      PetscCall(Eval(hb, pcard, pp, Up, Fq, NULL));
      for (PetscInt r = 0; r < NC; r++) {
        PetscReal cd = (Fp[r] - Fq[r]) / (2 * d);
        e            = PetscMax(e, PetscAbsReal(J[(3 * r) * 3 * NC + 3 * c] - cd));
        scale        = PetscMax(scale, PetscAbsReal(cd));
      }
    }
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  dF0/dX0 nonzero: %s, Jacobian to 1e-5 of its largest entry: %s\n",
                          PetscAbsReal(J[0]) > 1e-3 ? "yes" : "no", e < 1e-5 * scale ? "yes" : "no"));
  }
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(TriboLawDestroy(&law));
  PetscCall(TriboLawDestroy(&prager));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 0
    atol: 1e-9
TEST*/
