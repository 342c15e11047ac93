static char help[] = "Cattaneo-Mindlin partial slip and the Mindlin-Deresiewicz cycle on the half-space grid (nu = 0).\n";
/* Two identical spheres' contact (E = 210 GPa, nu = 0: normal and tangential decouple exactly), R = 10 mm, P = 100 N, mu = 0.3,
   on an n x n grid over 3a. The rigid tangential shift goes 0 -> d* -> -d* -> d* (-contact_steps per quarter cycle), d* the
   Cattaneo-Mindlin shift of Q* = psi mu P (psi = 0.6). Closed forms (Johnson §7.2-7.4, theta = 2(2 - nu)/G):
     stick radius c/a = (1 - Q over mu P)^(1/3);  shift d(Q) = (3 mu P theta/(16 a)) (1 - (1 - Q over mu P)^(2/3));
     energy per cycle W = (9 mu^2 P^2 theta/(10 a)) (1 - (1 - psi)^(5/3) - (5 psi/6)(1 + (1 - psi)^(2/3))).
   Printed at the peak of the first loading: Q* /(mu P), the stick radius sqrt(stick area/pi) over a (1 - Q* /(mu P))^(1/3) (with the
   computed Q*), the tangential compliance d* /Q* over the closed form's at the computed Q*; over the closed cycle: the loop area
   (trapezoids of Q over the shift) and the dissipation summed over the steps (sum of q ds), each over W at the computed
   amplitude; the force at the end of the cycle over Q* (the loop closes). Tolerances checked by the driver: Q* /(mu P) within 3 %
   of psi, stick radius within 5 % (one cell is 4.7 % of a at n = 64), compliance within 3 %, energies within 3 % (the loop
   is integrated by trapezoids over 8 steps per quarter; measured -0.5 % and -0.06 %). 1, 2 and 3 ranks print the same. */
#include <tribocontact.h>

int main(int argc, char **argv)
{
  TriboContact            c;
  TriboHalfSpace          hs;
  const TriboContactStep *st;
  PetscInt                n, ns = 8, nref;
  const char *const      *names;
  const PetscReal        *ref;
  PetscReal               P = 100, mu = 0.3, E = 210e9, G = E / 2, theta = 4 / G, a, dx, psi, loop = 0, diss = 0, W, cn, dcl, Q;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_case", "mindlin"));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_E", "210e9"));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_mu", "0.3"));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_load", "100"));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_psi", "0.6"));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_steps", "8"));
  if (!PetscOptionsHasName(NULL, NULL, "-contact_n", NULL)) PetscCall(PetscOptionsSetValue(NULL, "-contact_n", "64"));
  PetscCall(TriboContactCreate(PETSC_COMM_WORLD, &c));
  PetscCall(TriboContactSetFromOptions(c));
  PetscCall(TriboContactSolve(c));
  PetscCall(TriboContactGetSteps(c, &n, &st));
  PetscCall(TriboContactGetReference(c, &nref, &names, &ref));
  PetscCall(TriboContactGetHalfSpace(c, &hs));
  PetscCall(TriboHalfSpaceGetGrid(hs, NULL, NULL, &dx, NULL));
  a   = ref[0];
  Q   = st[ns].tforce;
  psi = Q / (mu * P);
  cn  = PetscSqrtReal(st[ns].nstick * dx * dx / PETSC_PI) / (a * PetscCbrtReal(1 - psi));
  dcl = 3 * mu * P * theta / (16 * a) * (1 - PetscPowReal(1 - psi, 2.0 / 3.0));
  for (PetscInt k = ns + 1; k <= 5 * ns; k++) loop += 0.5 * (st[k].tforce + st[k - 1].tforce) * (st[k].shift - st[k - 1].shift), diss += st[k].dissip;
  W = 9 * mu * mu * P * P * theta / (10 * a) * (1 - PetscPowReal(1 - psi, 5.0 / 3.0) - 5 * psi / 6 * (1 + PetscPowReal(1 - psi, 2.0 / 3.0)));
  PetscCall(PetscPrintf(
      PETSC_COMM_WORLD,
      "Q* over mu P %.5f stick radius/closed form %.5f compliance/closed form %.5f loop area/W %.5f dissipation/W %.5f end force/Q* %.5f\n",
      (double)psi, (double)cn, (double)(st[ns].shift / dcl), (double)(loop / W), (double)(diss / W), (double)(st[5 * ns].tforce / Q)));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "checks: amplitude %s stick radius %s compliance %s loop area %s dissipation %s loop closes %s\n",
                        PetscAbsReal(psi / 0.6 - 1) < 0.03 ? "yes" : "no", PetscAbsReal(cn - 1) < 0.05 ? "yes" : "no",
                        PetscAbsReal(st[ns].shift / dcl - 1) < 0.03 ? "yes" : "no", PetscAbsReal(loop / W - 1) < 0.03 ? "yes" : "no",
                        PetscAbsReal(diss / W - 1) < 0.03 ? "yes" : "no", PetscAbsReal(st[5 * ns].tforce / Q - 1) < 1e-3 ? "yes" : "no"));
  for (PetscInt k = 0; k < n; k++)
    PetscCall(PetscInfo(NULL, "step %" PetscInt_FMT " shift %g Q %g stick %" PetscInt_FMT " slip %" PetscInt_FMT " its %" PetscInt_FMT " dissip %g\n",
                        k, (double)st[k].shift, (double)st[k].tforce, st[k].nstick, st[k].nslip, st[k].its, (double)st[k].dissip));
  PetscCall(TriboContactDestroy(&c));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    output: t604-mindlin.out
    rtol: 1e-6
TEST*/
