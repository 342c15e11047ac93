static const char help[] = "Checks the built-in lap-frame model: free-free beam frequencies against Euler-Bernoulli closed forms,\n"
                           "rigid-body invariants, mass and interface of the jointed model. Option -check single|joint.\n";
#include <tribomodel.h>
#include <petscblaslapack.h>

// Generalized eigenpairs K v = w^2 M v, frequencies (Hz) ascending; V (n x n, column-major) may be NULL
static PetscErrorCode Frequencies(TriboROM rom, PetscReal f[], PetscScalar V[])
{
  PetscBLASInt       n, lwork, info, itype = 1;
  PetscScalar       *A, *B, *work;
  const PetscScalar *k, *m;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(rom->n, &n));
  lwork = 8 * n;
  PetscCall(PetscMalloc3(rom->n * rom->n, &A, rom->n * rom->n, &B, lwork, &work));
  PetscCall(MatDenseGetArrayRead(rom->K, &k));
  PetscCall(MatDenseGetArrayRead(rom->M, &m));
  PetscCall(PetscArraycpy(A, k, rom->n * rom->n));
  PetscCall(PetscArraycpy(B, m, rom->n * rom->n));
  PetscCall(MatDenseRestoreArrayRead(rom->K, &k));
  PetscCall(MatDenseRestoreArrayRead(rom->M, &m));
  PetscCallBLAS("LAPACKsygv", LAPACKsygv_(&itype, "V", "U", &n, A, &n, B, &n, f, work, &lwork, &info));
  PetscCheck(info == 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "sygv failed, info %d", (int)info);
  for (PetscInt i = 0; i < rom->n; i++) f[i] = PetscSqrtReal(PetscAbsReal(f[i])) / (2 * PETSC_PI); // ascending already
  if (V) PetscCall(PetscArraycpy(V, A, rom->n * rom->n));
  PetscCall(PetscFree3(A, B, work));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckSingle(void)
{
  TriboROM     rom;
  PetscReal   *f, frac[2];
  PetscScalar *V;
  PetscInt     nrigid = 0, n, ifound[2] = {-1, -1};
  const char  *names[2] = {"axial", "torsion"};

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsSetValue(NULL, "-lapframe_single", "1"));
  PetscCall(PetscOptionsSetValue(NULL, "-lapframe_suspension_k", "0"));
  PetscCall(PetscOptionsSetValue(NULL, "-lapframe_nel_beam", "40"));
  PetscCall(TriboModelLapFrame(PETSC_COMM_WORLD, &rom));
  n = rom->n;
  PetscCall(PetscMalloc2(n, &f, n * n, &V));
  PetscCall(Frequencies(rom, f, V));
  for (PetscInt i = 0; i < n; i++) nrigid += f[i] < 1.0;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "single beam: %" PetscInt_FMT " DOFs, %s, modes below 1 Hz: %" PetscInt_FMT "\n", n,
                        rom->iface ? "interface" : "no interface", nrigid));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bending 1 (Hz): %.8e %.8e\n", (double)f[6], (double)f[7]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bending 2 (Hz): %.8e %.8e\n", (double)f[8], (double)f[9]));
  // first mode whose kinetic energy (M-weighted) is in ux (axial) or rx (torsion) DOFs only
  {
    const PetscScalar *m;
    PetscCall(MatDenseGetArrayRead(rom->M, &m));
    for (PetscInt j = 6; j < n; j++) {
      PetscReal tot = 0;
      frac[0] = frac[1] = 0;
      for (PetscInt a = 0; a < n; a++)
        for (PetscInt b = 0; b < n; b++) {
          PetscReal e = V[a + j * n] * m[a + b * n] * V[b + j * n];
          tot += e;
          if (a % 6 == 0 && b % 6 == 0) frac[0] += e;
          if (a % 6 == 3 && b % 6 == 3) frac[1] += e;
        }
      for (PetscInt c = 0; c < 2; c++)
        if (ifound[c] < 0 && frac[c] > 0.999 * tot) ifound[c] = j;
    }
    PetscCall(MatDenseRestoreArrayRead(rom->M, &m));
  }
  for (PetscInt c = 0; c < 2; c++) {
    PetscCheck(ifound[c] >= 0, PETSC_COMM_SELF, PETSC_ERR_PLIB, "no %s mode found", names[c]);
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s 1 (Hz): %.8e\n", names[c], (double)f[ifound[c]]));
  }
  PetscCall(PetscFree2(f, V));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(PetscOptionsClearValue(NULL, "-lapframe_single"));
  PetscCall(PetscOptionsClearValue(NULL, "-lapframe_suspension_k"));
  PetscCall(PetscOptionsClearValue(NULL, "-lapframe_nel_beam"));
  PetscFunctionReturn(0);
}

/* Rigid motion k (0-2 translation x, y, z; 3-5 small rotation about x, y, z through the origin)
   of the default mesh (10 + 6 elements per half); beams = 1, 2 or 3 (both). The test's own node
   layout: beam 1 nodes from -L/2, beam 2 nodes from -ov/2, as documented. */
static void RigidVector(PetscInt k, PetscInt beams, PetscScalar r[])
{
  const PetscReal Lt = 0.7112, ov = 0.1214;
  for (PetscInt bm = 0; bm < 2; bm++)
    for (PetscInt i = 0; i <= 16; i++) {
      PetscReal    x    = bm == 0 ? (i <= 10 ? -Lt / 2 + i * (Lt - ov) / 20 : -ov / 2 + (i - 10) * ov / 6)
                                  : (i <= 6 ? -ov / 2 + i * ov / 6 : ov / 2 + (i - 6) * (Lt - ov) / 20);
      PetscScalar *u    = &r[6 * (17 * bm + i)];
      PetscReal    w[3] = {0, 0, 0};
      for (PetscInt c = 0; c < 6; c++) u[c] = 0;
      if (!(beams & (1 << bm))) continue;
      if (k < 3)
        u[k] = 1;
      else
        w[k - 3] = 1, u[3 + k - 3] = 1;
      u[1] += w[2] * x; // w x (x, 0, 0)
      u[2] -= w[1] * x;
    }
}

// displacement of point X under rigid motion k (as in RigidVector)
static void RigidMotion(PetscInt k, const PetscReal X[3], PetscReal u[3])
{
  PetscReal w[3] = {0, 0, 0};
  for (PetscInt c = 0; c < 3; c++) u[c] = k == c;
  if (k >= 3) w[k - 3] = 1;
  u[0] += w[1] * X[2] - w[2] * X[1];
  u[1] += w[2] * X[0] - w[0] * X[2];
  u[2] += w[0] * X[1] - w[1] * X[0];
}

// max |a - b| / scale < tol
static const char *Ok(PetscInt n, const PetscScalar a[], const PetscReal b[], PetscReal scale, PetscReal tol)
{
  PetscReal e = 0;
  for (PetscInt i = 0; i < n; i++) e = PetscMax(e, PetscAbsReal(PetscRealPart(a[i]) - (b ? b[i] : 0)));
  return e < tol * scale ? "yes" : "NO";
}

// y = A x on plain arrays
static PetscErrorCode Apply(Mat A, const PetscScalar x[], PetscScalar y[])
{
  Vec      vx, vy;
  PetscInt m, n;

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(A, &m, &n));
  PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, n, x, &vx));
  PetscCall(VecCreateSeqWithArray(PETSC_COMM_SELF, 1, m, y, &vy));
  PetscCall(MatMult(A, vx, vy));
  PetscCall(VecDestroy(&vx));
  PetscCall(VecDestroy(&vy));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckJoint(void)
{
  const PetscReal    X[2][3] = {{-0.35789, 0.01016, 0.0127}, {0.35789, -0.01016, 0.0127}};
  const PetscReal    mref    = 7784.3 * 0.7112 * 0.0254 * 0.0254; // rho (L - ov) b h + 2 rho ov b h/2
  TriboROM           rom, rom0;
  PetscScalar        r[204], y[195], yk[204], yr[6], dot;
  const PetscScalar *fv;
  PetscReal          area, *f, mass[3], Lnorm, Knorm, fvn, Ex[195], Er[6], emax = 0;
  PetscInt           nlow = 0, nl, n;
  const char        *okL[6], *okF[6], *okK[6], *okR[6], *okT[6];
  const char        *what[5] = {"L r = 0", "r.Fv = 0", "K r = 0 (suspension 0)", "R r = sensor motion", "top beam only, L r = its motion"};

  PetscFunctionBeginUser;
  PetscCall(TriboModelLapFrame(PETSC_COMM_WORLD, &rom));
  PetscCall(PetscOptionsSetValue(NULL, "-lapframe_suspension_k", "0"));
  PetscCall(TriboModelLapFrame(PETSC_COMM_WORLD, &rom0));
  PetscCall(PetscOptionsClearValue(NULL, "-lapframe_suspension_k"));
  n  = rom->n;
  nl = rom->iface->nnodes;
  PetscCheck(n == 204 && nl == 65, PETSC_COMM_SELF, PETSC_ERR_PLIB,
             "expected 204 DOFs and 65 node pairs in the default model, got %" PetscInt_FMT " and %" PetscInt_FMT, n, nl);
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s\n", rom->title));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                        "DOFs %" PetscInt_FMT ", node pairs %" PetscInt_FMT ", elements %" PetscInt_FMT ", points %" PetscInt_FMT
                        ", sensors %" PetscInt_FMT "\n",
                        n, nl, rom->iface->nelem, rom->iface->npts, rom->nrec));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "sensor 6: %s\n", rom->rlabels[5]));
  PetscCall(TriboInterfaceGetArea(rom->iface, &area));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "interface area (m^2): %.10e\n", (double)area));
  PetscCall(MatNorm(rom->iface->L, NORM_INFINITY, &Lnorm));
  PetscCall(MatNorm(rom0->K, NORM_INFINITY, &Knorm));
  PetscCall(VecNorm(rom->Fv, NORM_2, &fvn));
  PetscCall(VecGetArrayRead(rom->Fv, &fv));
  for (PetscInt k = 0; k < 6; k++) {
    // whole structure: no relative motion, no net bolt load, no elastic force, exact sensors
    RigidVector(k, 3, r);
    PetscCall(Apply(rom->M, r, yk));
    dot = 0;
    for (PetscInt i = 0; i < n; i++) dot += r[i] * yk[i];
    if (k < 3) mass[k] = PetscRealPart(dot), emax = PetscMax(emax, PetscAbsReal(mass[k] - mref) / mref);
    PetscCall(Apply(rom->iface->L, r, y));
    okL[k] = Ok(3 * nl, y, NULL, Lnorm, 1e-13);
    dot    = 0;
    for (PetscInt i = 0; i < n; i++) dot += r[i] * fv[i];
    okF[k] = Ok(1, &dot, NULL, fvn, 1e-13);
    PetscCall(Apply(rom0->K, r, yk));
    okK[k] = Ok(n, yk, NULL, Knorm, 1e-13);
    for (PetscInt s = 0; s < 2; s++) RigidMotion(k, X[s], &Er[3 * s]);
    PetscCall(Apply(rom->R, r, yr));
    okR[k] = Ok(6, yr, Er, 1, 1e-14);
    // top beam alone: L r = its rigid displacement at the nodes (x, y, 0), frame (x, y, -z)
    RigidVector(k, 1, r);
    for (PetscInt i = 0; i < nl; i++) {
      RigidMotion(k, &rom->iface->xyz[3 * i], &Ex[3 * i]);
      Ex[3 * i + 2] = -Ex[3 * i + 2];
    }
    PetscCall(Apply(rom->iface->L, r, y));
    okT[k] = Ok(3 * nl, y, Ex, 1, 1e-14);
  }
  PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "mass from translations x y z (kg): %.12e %.12e %.12e, within 1e-12 of rho L b h: %s\n", (double)mass[0],
                        (double)mass[1], (double)mass[2], emax < 1e-12 ? "yes" : "NO"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "rigid motions (tx ty tz rx ry rz):\n"));
  for (PetscInt c = 0; c < 5; c++) {
    const char **ok = c == 0 ? okL : c == 1 ? okF : c == 2 ? okK : c == 3 ? okR : okT;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %s: %s %s %s %s %s %s\n", what[c], ok[0], ok[1], ok[2], ok[3], ok[4], ok[5]));
  }
  PetscCall(MatNorm(rom->iface->L, NORM_FROBENIUS, &Lnorm));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "|L|_F %.10e |Fv|_2 %.10e\n", (double)Lnorm, (double)fvn));
  PetscCall(PetscMalloc1(n, &f));
  PetscCall(Frequencies(rom, f, NULL));
  for (PetscInt i = 0; i < n; i++) nlow += f[i] < 50;
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "interface open: modes below 50 Hz %" PetscInt_FMT ", next six (Hz):\n", nlow));
  for (PetscInt i = nlow; i < nlow + 6; i++) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %.8e\n", (double)f[i]));
  PetscCall(PetscFree(f));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(TriboROMDestroy(&rom0));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char      check[16] = "joint";
  PetscBool single;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-check", check, sizeof(check), NULL));
  PetscCall(PetscStrcmp(check, "single", &single));
  if (single)
    PetscCall(CheckSingle());
  else
    PetscCall(CheckJoint());
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    suffix: single
    nsize: 1
    args: -check single
    output: t301-lapframe_single.out
    rtol: 1e-4
    atol: 0
  test:
    suffix: joint
    nsize: 1
    args: -check joint -lapframe_bolt_k 3e8
    output: t301-lapframe_joint.out
    rtol: 1e-8
    atol: 0
TEST*/
