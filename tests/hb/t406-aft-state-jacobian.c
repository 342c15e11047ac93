/* The AFT of jenkins and edf through their state derivatives (card kernel_h) against an independent copy of the
   slider recursion that src/hb/aft.c used before (NLvib elasticDryFriction: initial history u_t = U0, t_t = 0,
   u_n at the sample of largest u_n; stuck prediction t* = kt (u_t - z) with slider z = u_t - t_t/kt, so
   dt_j = D_t (du_t,j - dz_{j-1}) + D_n du_n,j plus the eq. 5 term D_t (u_t - u_p)/(u_n - u_n,p) du_n,p after
   re-established contact), sampled here by direct sums (no FFT), and against the forward differences of the march
   that laws without kernel_h get (the same cards registered again without it). Harmonics {0, 1, 2}, Nt = 32, one point
   with a tangential ellipse, a second harmonic, a tangential mean and u_n = un0 + una cos; rtol 1e-12, at most 8
   periods (the copy marches the periods that TriboHBGetAFTPeriods() reports). Printed per case: "ok" when
   max|F - F_old| <= 1e-12 max|F|, max|J - J_old| <= 1e-10 max|J| (round-off: the new march measures u_t from its mean)
   and max|J - J_fd| <= 1e-5 max|J| (forward differences, step 1.5e-8). */
#include <tribohb.h>

#define NT 32
#define NC 5
#define N3 15

static const TriboLawCard *base[2];
static TriboLawCard        copy[2];
static PetscErrorCode      CopyJ(const TriboLawCard **c)
{
  *c = &copy[0];
  return 0;
}
static PetscErrorCode CopyE(const TriboLawCard **c)
{
  *c = &copy[1];
  return 0;
}

// the old slider march: u[3 NT] samples (not shifted), fixed nper periods, t[3 NT], dt[NT][3][N3]
static void OldMarch(const TriboLawCard *card, const PetscReal *p, PetscInt edf, const PetscReal B[NT][NC], const PetscReal u[],
                     const PetscReal U0[2], PetscInt nper, PetscReal t[], PetscReal dt[])
{
  PetscReal h[5] = {0, 0, 0, 0, 0}, hn[5], dz[2 * N3], kt = p[0], D[9];
  PetscInt  j0 = 0, ut = 0, tt = edf ? 3 : 2, un = edf ? 2 : -1;

  for (PetscInt j = 1; j < NT; j++)
    if (u[3 * j + 2] > u[3 * j0 + 2]) j0 = j;
  h[ut] = U0[0], h[ut + 1] = U0[1];
  if (un >= 0) h[un] = u[3 * j0 + 2];
  for (PetscInt c = 0; c < 2 * N3; c++) dz[c] = 0;
  dz[0] = dz[N3 + 1] = 1;
  (void)tt;
  for (PetscInt per = 0; per < nper; per++)
    for (PetscInt s = 0; s < NT; s++) {
      PetscInt         j = (j0 + s) % NT, jp = (j0 + s + NT - 1) % NT;
      const PetscReal *uj    = &u[3 * j];
      PetscReal        rc[2] = {0, 0}, *dtj = &dt[j * 3 * N3];
      card->kernel(p, TRIBO_LAW_FULL, 1, uj, h, &t[3 * j], D, hn);
      if (un >= 0 && uj[2] > 0 && h[un] <= 0 && s > 0)
        for (PetscInt r = 0; r < 2; r++) rc[r] = (D[3 * r] * (uj[0] - h[ut]) + D[3 * r + 1] * (uj[1] - h[ut + 1])) / (uj[2] - h[un]);
      for (PetscInt col = 0; col < N3; col++) {
        PetscInt  k = col / 3, c = col % 3;
        PetscReal du[3] = {0, 0, 0}, a0, a1, dunp = c == 2 ? B[jp][k] : 0;
        du[c] = B[j][k];
        a0    = du[0] - dz[col];
        a1    = du[1] - dz[N3 + col];
        for (PetscInt r = 0; r < 3; r++) dtj[r * N3 + col] = D[3 * r] * a0 + D[3 * r + 1] * a1 + D[3 * r + 2] * du[2] + (r < 2 ? rc[r] * dunp : 0);
        dz[col]      = du[0] - dtj[col] / kt;
        dz[N3 + col] = du[1] - dtj[N3 + col] / kt;
      }
      for (PetscInt a = 0; a < 5; a++) h[a] = hn[a];
    }
}

static PetscErrorCode Case(TriboHB hb, PetscInt edf, PetscReal coupled, PetscReal amp, PetscReal un0, PetscReal una, const char *state)
{
  TriboLaw         law;
  const PetscReal *p;
  PetscReal        U[N3], F[N3], J[N3 * N3], Jfd[N3 * N3], u[3 * NT], t[3 * NT], dt[NT * 3 * N3], B[NT][NC], Fo[N3], Jo[N3 * N3];
  PetscReal        ef = 0, fm = 0, ej = 0, efd = 0, jm = 0;
  PetscInt         nper;

  PetscFunctionBeginUser;
  {
    const PetscReal u0[N3] = {0.3 * amp, -0.2 * amp, un0,         amp, 0.3 * amp,  una,       0.2 * amp, 0.8 * amp,
                              0.1 * una, 0.1 * amp,  -0.15 * amp, 0,   0.05 * amp, 0.1 * amp, 0.02 * una};
    PetscCall(PetscArraycpy(U, u0, N3));
  }
  PetscCall(TriboLawCreate(PETSC_COMM_SELF, &law));
  PetscCall(TriboLawSetType(law, edf ? TRIBOLAWEDF : TRIBOLAWJENKINS));
  PetscCall(TriboLawSetParameter(law, "kt", 3.0));
  PetscCall(TriboLawSetParameter(law, edf ? "mu" : "ts", edf ? 0.5 : 1.0));
  PetscCall(TriboLawSetParameter(law, "kn", 2.0));
  PetscCall(TriboLawSetParameter(law, "coupled", coupled));
  PetscCall(TriboLawSetUp(law));
  PetscCall(TriboLawGetParameters(law, &p));
  PetscCall(TriboHBAFT(hb, base[edf], p, TRIBO_LAW_FULL, 1, U, F, J));
  PetscCall(TriboHBGetAFTPeriods(hb, &nper, NULL));
  PetscCall(TriboHBAFT(hb, &copy[edf], p, TRIBO_LAW_FULL, 1, U, F, Jfd));
  for (PetscInt j = 0; j < NT; j++) {
    B[j][0] = 1;
    for (PetscInt hh = 1; hh <= 2; hh++)
      B[j][2 * hh - 1] = PetscCosReal(2 * PETSC_PI * hh * j / NT), B[j][2 * hh] = PetscSinReal(2 * PETSC_PI * hh * j / NT);
    for (PetscInt c = 0; c < 3; c++) {
      u[3 * j + c] = 0;
      for (PetscInt k = 0; k < NC; k++) u[3 * j + c] += B[j][k] * U[3 * k + c];
    }
  }
  OldMarch(base[edf], p, edf, B, u, U, nper, t, dt);
  for (PetscInt k = 0; k < NC; k++)
    for (PetscInt r = 0; r < 3; r++) {
      PetscReal wk  = (k ? 2.0 : 1.0) / NT;
      Fo[3 * k + r] = 0;
      for (PetscInt col = 0; col < N3; col++) Jo[(3 * k + r) * N3 + col] = 0;
      for (PetscInt j = 0; j < NT; j++) {
        Fo[3 * k + r] += wk * B[j][k] * t[3 * j + r];
        for (PetscInt col = 0; col < N3; col++) Jo[(3 * k + r) * N3 + col] += wk * B[j][k] * dt[(j * 3 + r) * N3 + col];
      }
    }
  for (PetscInt a = 0; a < N3; a++) ef = PetscMax(ef, PetscAbsReal(F[a] - Fo[a])), fm = PetscMax(fm, PetscAbsReal(F[a]));
  for (PetscInt a = 0; a < N3 * N3; a++) {
    ej  = PetscMax(ej, PetscAbsReal(J[a] - Jo[a]));
    efd = PetscMax(efd, PetscAbsReal(J[a] - Jfd[a]));
    jm  = PetscMax(jm, PetscAbsReal(J[a]));
  }
  if (getenv("TRIBO_VERBOSE"))
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  periods %" PetscInt_FMT " |F-Fold| %g |J-Jold| %g |J-Jfd| %g (|F| %g |J| %g)\n", nper,
                          (double)(ef / fm), (double)(ej / jm), (double)(efd / jm), (double)fm, (double)jm));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "%-8s %-10s %-11s old slider path: %s, differences of the march: %s\n", edf ? "edf" : "jenkins",
                        coupled > 0.5 ? "coupled" : "decoupled", state, ef <= 1e-12 * fm && ej <= 1e-10 * jm ? "ok" : "FAILED",
                        efd <= 1e-5 * jm ? "ok" : "FAILED"));
  PetscCall(TriboLawDestroy(&law));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  TriboHB        hb;
  const PetscInt h[] = {0, 1, 2};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(TriboLawFindCard(TRIBOLAWJENKINS, &base[0]));
  PetscCall(TriboLawFindCard(TRIBOLAWEDF, &base[1]));
  for (PetscInt i = 0; i < 2; i++) copy[i] = *base[i], copy[i].kernel_h = NULL;
  copy[0].name = "jenkins_fd", copy[1].name = "edf_fd";
  PetscCall(TriboLawRegister("jenkins_fd", CopyJ));
  PetscCall(TriboLawRegister("edf_fd", CopyE));
  PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
  PetscCall(TriboHBSetHarmonics(hb, 3, h));
  PetscCall(TriboHBSetNt(hb, NT));
  PetscCall(TriboHBSetAFTTolerances(hb, 1e-12, 8));
  PetscCall(TriboHBSetUp(hb));
  for (PetscInt cpl = 0; cpl < 2; cpl++) {
    PetscCall(Case(hb, 0, cpl, 0.1, 1.0, 0.0, "stick"));
    PetscCall(Case(hb, 0, cpl, 1.0, 1.0, 0.0, "slip"));
    PetscCall(Case(hb, 1, cpl, 0.1, 1.0, 0.2, "stick"));
    PetscCall(Case(hb, 1, cpl, 1.0, 1.0, 0.2, "slip"));
    PetscCall(Case(hb, 1, cpl, 0.5, 0.2, 0.5, "separation"));
  }
  PetscCall(TriboHBDestroy(&hb));
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
TEST*/
