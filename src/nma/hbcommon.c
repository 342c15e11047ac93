/* Pieces shared by the harmonic-balance analyses of src/nma (EPMC, src/nma/impls/epmc.c, and the forced response,
   src/nma/frf.c): dense products, the harmonic of a coefficient column, the joint's tangent at the prestress, the
   Rayleigh fit of porter-brake-2023 eq. 60 and the check for rate-dependent laws. */
#include <tribo/private/nmaimpl.h>
#include <petscblaslapack.h>

/* y = A x, A dense n x n column-major */
PetscErrorCode TriboDenseMult_Private(PetscInt n, const PetscReal A[], const PetscReal x[], PetscReal y[])
{
  PetscBLASInt bn, one = 1;
  PetscReal    a = 1, b = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscBLASIntCast(n, &bn));
  PetscCallBLAS("BLASgemv", BLASgemv_("N", &bn, &bn, &a, (PetscReal *)A, &bn, (PetscReal *)x, &one, &b, y, &one));
  PetscFunctionReturn(0);
}

/* The harmonic of coefficient column k of the layout of include/tribohb.h ([0,] cos, sin pairs in the order of harm)
   and whether the column is a sine */
PetscInt TriboHBColumnHarmonic_Private(const PetscInt harm[], PetscInt k, PetscInt *sine)
{
  PetscInt h0 = harm[0] == 0, a = h0 ? (k == 0 ? 0 : 1 + (k - 1) / 2) : k / 2;

  *sine = harm[a] == 0 ? 0 : (k - h0) % 2;
  return harm[a];
}

/* Kt = K + d f_nl/du at the prestress u_s with its committed history hs (K may be NULL: the joint's part alone),
   n x n column-major */
PetscErrorCode TriboJointTangentAt_Private(TriboJoint joint, const PetscReal hs[], const PetscReal us[], PetscInt n, const PetscReal K[],
                                           PetscReal Kt[])
{
  PetscReal *f;

  PetscFunctionBeginUser;
  if (K)
    PetscCall(PetscArraycpy(Kt, K, n * n));
  else
    PetscCall(PetscArrayzero(Kt, n * n));
  PetscCall(PetscMalloc1(n, &f));
  PetscCall(TriboJointCopyHistory(joint, (PetscReal *)hs, PETSC_FALSE));
  PetscCall(TriboJointEvaluate(joint, TRIBO_LAW_FULL, us, f, Kt));
  PetscCall(PetscFree(f));
  PetscFunctionReturn(0);
}

/* Rayleigh damping C = alpha M + beta K with damping ratios z1, z2 at w1 != w2 (porter-brake-2023 eq. 60):
   [1/(2 w1) w1/2; 1/(2 w2) w2/2] [alpha; beta] = [z1; z2] */
void TriboRayleighFit_Private(PetscReal w1, PetscReal w2, PetscReal z1, PetscReal z2, PetscReal *alpha, PetscReal *beta)
{
  PetscReal a11 = 1 / (2 * w1), a12 = w1 / 2, a21 = 1 / (2 * w2), a22 = w2 / 2, det = a11 * a22 - a12 * a21;

  *alpha = (a22 * z1 - a12 * z2) / det;
  *beta  = (a11 * z2 - a21 * z1) / det;
}

/* Whether any law of the joint reads velocities */
PetscErrorCode TriboJointIsRateDependent_Private(TriboJoint joint, PetscBool *rate)
{
  PetscInt        nl;
  const TriboLaw *laws;

  PetscFunctionBeginUser;
  *rate = PETSC_FALSE;
  PetscCall(TriboJointGetLaws(joint, &nl, &laws, NULL));
  for (PetscInt l = 0; l < nl; l++) {
    PetscBool r;
    PetscCall(TriboLawIsRateDependent(laws[l], &r));
    *rate = (PetscBool)(*rate || r);
  }
  PetscFunctionReturn(0);
}
