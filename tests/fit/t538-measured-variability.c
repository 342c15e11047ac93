static char help[] = "Measured backbones: amplitude meaning and units, bounds, repeats, the experimental variability (porter-et-al-2022 Table 2).\n";

/* Checks against closed forms (files written by this test in a temporary folder):
   (a) bounds f (1 -+ d), zeta (1 -+ e) on a backbone at 12 log-spaced amplitudes 1e-6 .. 1e-3 with zeta = 1e-3 (q/1e-6)^0.3,
       compared at the same 12 amplitudes: eq. 41 gives the upper/lower frequency variability d exactly and the damping
       variability sqrt(mean((ln(1 -+ e)/ln zeta_i)^2)); to 1e-12 (relative);
   (b) the lower damping bound <= 0 at one point: the lower damping variability is NaN (Table 2, mode 1);
   (c) amplitude meaning: an acceleration in g at f Hz is a displacement 9.80665 a/(2 pi f)^2 m, divided by the mode shape
       r = 0.5 at the sensor; a displacement in mm is 1e-3 x / r; to 1e-14;
   (d) two repeats with frequencies f and f (1 + 2d) (the same damping) at different amplitudes: the mean is f (1 + d) and the
       upper and lower bound variabilities are d/(1 + d) (to 1e-12) over the shared range;
   (e) bad input, each a PETSC_ERR_USER_INPUT / FILE_UNEXPECTED with a message: frequency bounds in the wrong order, damping
       bounds in the wrong order, an empty file, non-monotone amplitudes, an unknown unit, a length unit for an acceleration. */
#define _POSIX_C_SOURCE 200809L // mkdtemp
#include <tribofit.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char dir[PETSC_MAX_PATH_LEN];

static PetscErrorCode Write(const char name[], const char text[], char path[])
{
  FILE *fp;

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(path, PETSC_MAX_PATH_LEN, "%s/%s", dir, name));
  fp = fopen(path, "w");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot write %s", path);
  fputs(text, fp);
  fclose(fp);
  PetscFunctionReturn(0);
}

static PetscErrorCode Bad(const char what[], const char text[], TriboAmplitude m, const char units[])
{
  char                  path[PETSC_MAX_PATH_LEN];
  TriboMeasuredBackbone mb;
  PetscErrorCode        ierr;

  PetscFunctionBeginUser;
  PetscCall(Write("bad.csv", text, path));
  PetscCall(PetscPushErrorHandler(PetscReturnErrorHandler, NULL));
  ierr = TriboMeasuredBackboneLoadAs(PETSC_COMM_SELF, path, m, units, 1, &mb);
  PetscCall(PetscPopErrorHandler());
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "bad input, %s: refused: %s\n", what,
                        ierr == PETSC_ERR_USER_INPUT || ierr == PETSC_ERR_FILE_UNEXPECTED ? "yes" : "NO"));
  remove(path);
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  char                  buf[8192], path[PETSC_MAX_PATH_LEN];
  size_t                len = 0;
  PetscReal             q[12], d = 0.004, e = 0.05, var[4], zu = 0, zl = 0;
  TriboMeasuredBackbone mb;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(PetscStrcpy(dir, "/tmp/t538-XXXXXX"));
  PetscCheck(mkdtemp(dir), PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot create a temporary folder");
  // (a)
  len += (size_t)snprintf(buf + len, sizeof(buf) - len, "amplitude,frequency,damping,frequency_lower,frequency_upper,damping_lower,damping_upper\n");
  for (PetscInt i = 0; i < 12; i++) {
    PetscReal f = 100 - 3 * i / 11.0, z;
    q[i]        = 1e-6 * PetscPowReal(1e3, i / 11.0);
    z           = 1e-3 * PetscPowReal(q[i] / 1e-6, 0.3);
    len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", (double)q[i], (double)f, (double)z,
                            (double)(f * (1 - d)), (double)(f * (1 + d)), (double)(z * (1 - e)), (double)(z * (1 + e)));
    zu += PetscSqr(PetscLogReal(1 + e) / PetscLogReal(z)) / 12, zl += PetscSqr(PetscLogReal(1 - e) / PetscLogReal(z)) / 12;
  }
  PetscCall(Write("bounds.csv", buf, path));
  PetscCall(TriboMeasuredBackboneLoadAs(PETSC_COMM_SELF, path, TRIBO_AMPLITUDE_MODAL, "m", 1, &mb));
  PetscCall(TriboMeasuredBackboneVariability(&mb, 12, q, var));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(a) variability: upper %.12e %.12e lower %.12e %.12e\n", (double)var[0], (double)var[1], (double)var[2],
                        (double)var[3]));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "    closed form: %.12e %.12e       %.12e %.12e\n", (double)d, (double)PetscSqrtReal(zu), (double)d,
                        (double)PetscSqrtReal(zl)));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  remove(path);
  // (b)
  PetscCall(Write("neg.csv", "amplitude,frequency,damping,damping_lower\n1e-6,100,0.001,-0.0005\n1e-5,99,0.002,0.001\n1e-4,98,0.004,0.003\n", path));
  PetscCall(TriboMeasuredBackboneLoadAs(PETSC_COMM_SELF, path, TRIBO_AMPLITUDE_MODAL, "m", 1, &mb));
  PetscCall(TriboMeasuredBackboneVariability(&mb, 3, mb.q, var));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "(b) lower damping bound <= 0: lower damping variability NaN: %s; frequency variability %g (none given)\n",
                        PetscIsNanReal(var[3]) ? "yes" : "NO", (double)var[0]));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  remove(path);
  // (c)
  PetscCall(Write("acc.csv", "amplitude,frequency,damping\n0.5,100,0.001\n2,99,0.002\n", path));
  PetscCall(TriboMeasuredBackboneLoadAs(PETSC_COMM_SELF, path, TRIBO_AMPLITUDE_ACCELERATION, "g", 0.5, &mb));
  {
    PetscReal x0 = 9.80665 * 0.5 / PetscSqr(2 * PETSC_PI * 100) / 0.5, x1 = 9.80665 * 2 / PetscSqr(2 * PETSC_PI * 99) / 0.5;
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "(c) acceleration in g, r = 0.5: modal amplitudes %.15e %.15e (closed form %.15e %.15e)\n",
                          (double)mb.q[0], (double)mb.q[1], (double)x0, (double)x1));
  }
  PetscCall(TriboMeasuredBackboneFree(&mb));
  PetscCall(TriboMeasuredBackboneLoadAs(PETSC_COMM_SELF, path, TRIBO_AMPLITUDE_DISPLACEMENT, "mm", 0.5, &mb));
  PetscCall(PetscPrintf(PETSC_COMM_SELF, "    displacement in mm, r = 0.5: %.15e %.15e (closed form %.15e %.15e)\n", (double)mb.q[0], (double)mb.q[1],
                        1e-3 * 0.5 / 0.5, 1e-3 * 2 / 0.5));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  remove(path);
  // (d)
  len = 0;
  len += (size_t)snprintf(buf + len, sizeof(buf) - len, "repeat,amplitude,frequency,damping\n");
  for (PetscInt r = 0; r < 2; r++)
    for (PetscInt i = 0; i < 8; i++) {
      PetscReal a = (r ? 2e-6 : 1e-6) * PetscPowReal(10, i / 2.0), f = 100 - PetscLog10Real(a);
      len +=
          (size_t)snprintf(buf + len, sizeof(buf) - len, "%d,%.17g,%.17g,%.17g\n", (int)r + 1, (double)a, (double)(f * (r ? 1 + 2 * d : 1)), 0.002);
    }
  PetscCall(Write("repeats.csv", buf, path));
  PetscCall(TriboMeasuredBackboneLoadAs(PETSC_COMM_SELF, path, TRIBO_AMPLITUDE_MODAL, "m", 1, &mb));
  PetscCall(TriboMeasuredBackboneVariability(&mb, mb.n, mb.q, var));
  PetscCall(PetscPrintf(PETSC_COMM_SELF,
                        "(d) %" PetscInt_FMT " repeats, %" PetscInt_FMT " points over %g .. %g: variability %.12e %.12e (closed form %.12e)\n",
                        mb.nrepeat, mb.n, (double)mb.q[0], (double)mb.q[mb.n - 1], (double)var[0], (double)var[2], (double)(d / (1 + d))));
  PetscCall(TriboMeasuredBackboneFree(&mb));
  remove(path);
  // (e)
  PetscCall(Bad("frequency bounds in the wrong order", "amplitude,frequency,damping,frequency_lower\n1e-6,100,0.001,101\n1e-5,99,0.002,98\n",
                TRIBO_AMPLITUDE_MODAL, "m"));
  PetscCall(Bad("damping bounds in the wrong order", "amplitude,frequency,damping,damping_upper\n1e-6,100,0.001,0.0005\n1e-5,99,0.002,0.003\n",
                TRIBO_AMPLITUDE_MODAL, "m"));
  PetscCall(Bad("empty file", "", TRIBO_AMPLITUDE_MODAL, "m"));
  PetscCall(Bad("non-monotone amplitudes", "amplitude,frequency,damping\n1e-5,100,0.001\n1e-6,99,0.002\n", TRIBO_AMPLITUDE_MODAL, "m"));
  PetscCall(Bad("unknown unit", "amplitude,frequency,damping\n1e-6,100,0.001\n1e-5,99,0.002\n", TRIBO_AMPLITUDE_DISPLACEMENT, "inch"));
  PetscCall(
      Bad("length unit for an acceleration", "amplitude,frequency,damping\n1e-6,100,0.001\n1e-5,99,0.002\n", TRIBO_AMPLITUDE_ACCELERATION, "mm"));
  rmdir(dir);
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1
    rtol: 1e-12
    atol: 1e-15
TEST*/
