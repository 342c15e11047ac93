/* RIPP parameters from a ringdown backbone (paper brake-ripp-reduced-iwan-pinning §4, eqs. 40-47): the modal joint
   properties K_T, phi_MAX, chi, F_S and beta of the 4-parameter Iwan (Segalman) element of one mode, from its measured
   amplitude-dependent frequency and damping (the windows of TriboRingdownExtract()).
   1. K_T = m (omega_1^2 - omega_2^2) (eq. 40, "m x Delta omega^2": the paper's numbers, 230 and 213 Hz with m = 3.67 kg,
      give 1.09e6 N/m only as the difference of squares): omega_1 the frequency at low amplitude (the mean over the lowest
      10 % of the log-amplitude range), omega_2 that with the joint slipping: the frequency at the largest amplitude (the
      paper's choice: it underestimates K_T when the record stops before macroslip) or a given one (-ringdown_ripp_fslip,
      e.g. the frequency of the structure with the joint released).
   2. phi_MAX: given (-ringdown_ripp_phimax), else ten times the largest amplitude (the paper's choice without macroslip).
   3. D(u_0) = 1/2 omega^2 m u_0^2 ((e^{2 pi zeta / sqrt(1 - zeta^2)})^2 - 1) (eqs. 41-42); chi = (the least-squares
      slope of ln D over ln u_0) - 3 (Segalman 2005: D ~ u_0^{3+chi}), over the low-amplitude points (the lowest
      -ringdown_ripp_low fraction of the log-amplitude range). chi <= -0.95 (dissipation ~ u_0^2, the square law of viscous
      damping) is refused: the estimate would divide by chi + 1 in eqs. 45-46.
   4. F_S from phi_MAX m omega_phi^2 (eq. 43, omega_phi the frequency at the largest amplitude), beta from eq. 44, F_S
      again from eq. 46 (eq. 45 solved, valid at low amplitude where eq. 47 holds), "iterated until the initial estimate
      for F_S agrees with eq. 46". With r = F_S / (phi_MAX K_T) and c = (chi+1)/(chi+2), eq. 44 is beta = (r - c)/(1 - r),
      so (beta + c)^2 / (beta + 1) = r^2 (1 - c)/(1 - r) and eq. 46 becomes F_S = F_S sqrt(Y / (1 - r)) with
      Y = (phi_MAX/u_0)^{chi+3} D K_T (chi+2)(chi+3) (1 - c) / (4 (chi+1) (phi_MAX K_T)^2): F_S drops out, and the
      agreement is reached at 1 - r = Y, i.e. F_S = (1 - Y) phi_MAX K_T, beta = (1 - Y - c)/Y. (The plain substitution
      F_S <- eq. 46 has the slope 1 + r/(2 (1 - r)) > 1 at that point and runs away from it, so the fixed point is taken
      in this closed form.) Y is the median over the low-amplitude points (the paper's Fig. 18 reads F_S off the low
      amplitudes).
   5. Reduced RIPP (-ringdown_ripp_reduced, default): eq. 45 is the Masing dissipation of Segalman's model; tribo's
      reduced RIPP law (iwan4, the scaling hypothesis of eq. 24 with the reversal scale A = 1 - s F_0/F_S instead of
      Masing's 2) dissipates 2^{chi+1} times as much at small amplitude (F_0 << F_S), so D / 2^{chi+1} enters eq. 46 and
      the parameters reproduce the measured dissipation with -law iwan4.
   The pinning parameters K_P, delta_P are not identifiable without macroslip (§4: they come from the geometry). */
#include <tribofit.h>
#include <tribolaw.h>

static PetscReal Median_Private(PetscInt n, PetscReal v[])
{
  for (PetscInt i = 1; i < n; i++) // insertion sort: a few hundred points
    for (PetscInt j = i; j > 0 && v[j - 1] > v[j]; j--) {
      PetscReal t = v[j];
      v[j]        = v[j - 1];
      v[j - 1]    = t;
    }
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/*@
  TriboRingdownEstimateRIPP - the RIPP (4-parameter Iwan) parameters of one mode's joint from its ringdown backbone, by the
  steps of brake-ripp §4, eqs. 40-47

  Collective (every rank computes the same; comm for the messages)

  Input Parameters:
+ comm - communicator
. n    - points of the backbone
. u    - displacement amplitudes (m), any order
. freq - frequencies (Hz)
. zeta - damping ratios
- opt  - modal mass (kg), phi_MAX (m, <= 0: ten times the largest amplitude), the slipping frequency (Hz, <= 0: the
         frequency at the largest amplitude), the low-amplitude fraction, and whether the law is tribo's reduced RIPP

  Output Parameter:
. est - K_T, phi_MAX, chi, F_S, beta and the intermediate numbers (omega_1, omega_2, eq. 43's F_S and eq. 44's beta from it)

  Notes:
  See the file's comment for each step, the closed form of the F_S - beta iteration and the 2^(chi+1) of the reduced law.
@*/
PetscErrorCode TriboRingdownEstimateRIPP(MPI_Comm comm, PetscInt n, const PetscReal u[], const PetscReal freq[], const PetscReal zeta[],
                                         const TriboRIPPOptions *opt, TriboRIPPEstimate *est)
{
  PetscReal umin = PETSC_MAX_REAL, umax = 0, fmaxamp = 0, lmin, lmax, w1 = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, m = opt->mass, *Y, chi, c, Ym, KT,
            phi, w2;
  PetscInt n1 = 0, nl = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(est, sizeof(*est)));
  PetscCheck(n >= 4, comm, PETSC_ERR_USER_INPUT, "ringdown RIPP estimate: the backbone has %" PetscInt_FMT " points, expected at least 4", n);
  PetscCheck(m > 0, comm, PETSC_ERR_USER_INPUT, "ringdown RIPP estimate: the modal mass must be > 0, got %g kg (option -ringdown_ripp_mass)",
             (double)m);
  PetscCheck(opt->low > 0 && opt->low <= 1, comm, PETSC_ERR_USER_INPUT,
             "ringdown RIPP estimate: the low-amplitude fraction must be in (0, 1], got %g (option -ringdown_ripp_low)", (double)opt->low);
  for (PetscInt i = 0; i < n; i++) {
    PetscCheck(u[i] > 0 && freq[i] > 0 && zeta[i] > 0 && zeta[i] < 1, comm, PETSC_ERR_USER_INPUT,
               "ringdown RIPP estimate: point %" PetscInt_FMT " has amplitude %g, frequency %g Hz, damping ratio %g; expected > 0, > 0, in (0, 1)",
               i + 1, (double)u[i], (double)freq[i], (double)zeta[i]);
    umin = PetscMin(umin, u[i]);
    if (u[i] > umax) umax = u[i], fmaxamp = freq[i];
  }
  PetscCheck(umax > umin, comm, PETSC_ERR_USER_INPUT, "ringdown RIPP estimate: all amplitudes are %g: no amplitude dependence to estimate from",
             (double)umax);
  lmin = PetscLogReal(umin), lmax = PetscLogReal(umax);
  phi = opt->phimax > 0 ? opt->phimax : 10 * umax;
  w2  = 2 * PETSC_PI * (opt->fslip > 0 ? opt->fslip : fmaxamp);
  PetscCall(PetscMalloc1(n, &Y));
  for (PetscInt i = 0; i < n; i++) { // step 1: omega_1 (lowest 10 %); step 3: the slope of ln D over ln u0 on the low points (eq. 42)
    PetscReal l = PetscLogReal(u[i]), w = 2 * PETSC_PI * freq[i], D;
    if (l <= lmin + 0.1 * (lmax - lmin)) w1 += w, n1++;
    if (l > lmin + opt->low * (lmax - lmin)) continue;
    D = 0.5 * w * w * m * u[i] * u[i] * (PetscExpReal(4 * PETSC_PI * zeta[i] / PetscSqrtReal(1 - zeta[i] * zeta[i])) - 1); // eq. 42
    sx += l, sy += PetscLogReal(D), sxx += l * l, sxy += l * PetscLogReal(D), nl++;
  }
  PetscCheck(nl >= 2, comm, PETSC_ERR_USER_INPUT,
             "ringdown RIPP estimate: %" PetscInt_FMT " point(s) in the lowest %g of the log-amplitude range, need 2 (option -ringdown_ripp_low)", nl,
             (double)opt->low);
  w1 /= n1;
  KT = m * (w1 * w1 - w2 * w2); // eq. 40
  PetscCheck(
      KT > 0, comm, PETSC_ERR_USER_INPUT,
      "ringdown RIPP estimate: the low-amplitude frequency %g Hz is not above the slipping frequency %g Hz: no softening, K_T = m (w1^2 - w2^2) "
      "<= 0 (eq. 40; option -ringdown_ripp_fslip)",
      (double)(w1 / (2 * PETSC_PI)), (double)(w2 / (2 * PETSC_PI)));
  chi = (nl * sxy - sx * sy) / (nl * sxx - sx * sx) - 3;
  PetscCheck(chi > -0.95 && chi <= 0, comm, PETSC_ERR_USER_INPUT,
             "ringdown RIPP estimate: the dissipation grows as amplitude^%g at low amplitude; a 4-parameter Iwan needs 3 + chi in (2.05, 3] "
             "(chi = %g; near 2 the damping is viscous, not a joint's; option -ringdown_ripp_low)",
             (double)(chi + 3), (double)chi);
  c  = (chi + 1) / (chi + 2);
  nl = 0;
  for (PetscInt i = 0; i < n; i++) { // step 4: Y of eq. 46 at each low point
    PetscReal l = PetscLogReal(u[i]), w = 2 * PETSC_PI * freq[i], D;
    if (l > lmin + opt->low * (lmax - lmin)) continue;
    D = 0.5 * w * w * m * u[i] * u[i] * (PetscExpReal(4 * PETSC_PI * zeta[i] / PetscSqrtReal(1 - zeta[i] * zeta[i])) - 1);
    if (opt->reduced) D /= PetscPowReal(2, chi + 1); // step 5
    Y[nl++] = PetscPowReal(phi / u[i], chi + 3) * D * KT * (chi + 2) * (chi + 3) * (1 - c) / (4 * (chi + 1) * phi * phi * KT * KT);
  }
  Ym = Median_Private(nl, Y);
  PetscCall(PetscFree(Y));
  PetscCheck(Ym > 0 && Ym <= 1 - c, comm, PETSC_ERR_USER_INPUT,
             "ringdown RIPP estimate: the low-amplitude dissipation gives 1 - F_S/(phi_MAX K_T) = %g, which must be in (0, %g] for beta >= 0 (eqs. "
             "44-46); phi_MAX = %g m is too small or too large (option -ringdown_ripp_phimax)",
             (double)Ym, (double)(1 - c), (double)phi);
  est->omega1 = w1;
  est->omega2 = w2;
  est->kt     = KT;
  est->phimax = phi;
  est->chi    = chi;
  est->fs0    = phi * m * 2 * PETSC_PI * fmaxamp * 2 * PETSC_PI * fmaxamp; // eq. 43
  est->beta0  = (est->fs0 / (phi * KT) - c) / (1 - est->fs0 / (phi * KT)); // eq. 44
  est->fs     = (1 - Ym) * phi * KT;                                       // eqs. 44-46 agreed
  est->beta   = (1 - Ym - c) / Ym;                                         // eq. 44 at that F_S
  est->nlow   = nl;
  PetscFunctionReturn(0);
}

/*@
  TriboRingdownSynthesizeRIPP - a ringdown made by integrating a whole-joint ROM with tribo's reduced RIPP element (law iwan4):
  m x'' + k0 x + F(x) = 0, x(0) = 0, x'(0) = v0, by central differences with nsub steps per sample, the law's history
  committed every step (a synthetic ringdown independent of TriboRingdownEstimateRIPP())

  Collective (every rank computes the same)

  Input Parameters:
+ comm - communicator
. p    - the law's fs (N), kt (N/m), chi, beta
. k0   - the linear stiffness in parallel (N/m)
. m    - mass (kg)
. v0   - initial velocity (m/s)
. rate - sample rate (Hz)
. T    - duration (s)
- nsub - integration steps per sample (h = 1/(rate nsub) must resolve the period: stable for h sqrt((k0+kt)/m) < 2)

  Output Parameters:
+ n - samples
- y - the displacement x (m) at each sample; PetscFree() it
@*/
PetscErrorCode TriboRingdownSynthesizeRIPP(MPI_Comm comm, const PetscReal p[4], PetscReal k0, PetscReal m, PetscReal v0, PetscReal rate, PetscReal T,
                                           PetscInt nsub, PetscInt *n, PetscReal **y)
{
  const char *names[4] = {"fs", "kt", "chi", "beta"};
  PetscReal   h, x = 0, xm, hist[10] = {0}, hnew[10], uu[3] = {0, 0, 0}, t[3], *s;
  PetscInt    ns = (PetscInt)(rate * T);
  TriboLaw    law;

  PetscFunctionBeginUser;
  PetscCheck(rate > 0 && T > 0 && nsub >= 1 && m > 0 && k0 >= 0, comm, PETSC_ERR_USER_INPUT,
             "synthetic RIPP ringdown: expected rate > 0, duration > 0, steps per sample >= 1, mass > 0, k0 >= 0");
  h = 1 / (rate * nsub);
  PetscCheck(h * PetscSqrtReal((k0 + p[1]) / m) < 0.5, comm, PETSC_ERR_USER_INPUT,
             "synthetic RIPP ringdown: the step %g s does not resolve the period 2 pi sqrt(m/(k0+kt)) = %g s; raise the steps per sample", (double)h,
             (double)(2 * PETSC_PI * PetscSqrtReal(m / (k0 + p[1]))));
  PetscCall(TriboLawCreate(comm, &law));
  PetscCall(TriboLawSetType(law, TRIBOLAWIWAN4));
  for (PetscInt k = 0; k < 4; k++) PetscCall(TriboLawSetParameter(law, names[k], p[k]));
  PetscCall(TriboLawSetUp(law));
  PetscCall(PetscMalloc1(ns, &s));
  xm = -v0 * h;
  for (PetscInt i = 0; i < ns * nsub; i++) {
    PetscReal xn;
    if (i % nsub == 0) s[i / nsub] = x;
    uu[0] = x;
    PetscCall(TriboLawEvaluate(law, TRIBO_LAW_FULL, 1, uu, hist, t, NULL, hnew));
    PetscCall(PetscArraycpy(hist, hnew, 10));
    xn = 2 * x - xm - h * h * (k0 * x + t[0]) / m;
    xm = x, x = xn;
  }
  PetscCall(TriboLawDestroy(&law));
  *n = ns;
  *y = s;
  PetscFunctionReturn(0);
}
