#pragma once
/* Masing manifold of elastic dry friction (paper brake-porter-karpov-masing-manifolds §2-§3):
   the surface in tangential displacement - tangential force - normal force space (u, f, N) on which
   the steady hysteresis of eq. 1 lies for one periodic history (u(t), N(t)), built from the two anchor
   extremes of the history (eqs. 2-6) and the six points A-F; the constraint conditions (eqs. 8, 9,
   16, 17) that tell whether the response of eq. 1 stays on it; and eq. 1 itself marched along the
   history for comparison. Layer 1 (laws): no solver, no file. The same formulas hold for tractions
   (eq. 21) with kT in N/m^3 and N the normal traction. */
#include <tribosys.h>

typedef struct _p_TriboMasingManifold *TriboMasingManifold;

/* Why a sample of the history is off the manifold (the number of the paper's violated condition). */
typedef enum {
  TRIBO_MASING_ON      = 0, /* on the manifold */
  TRIBO_MASING_EXTREMA = 1, /* off for another reason: the history does not oscillate between two extrema (Masing's assumption, §1.1) */
  TRIBO_MASING_STUCK_N = 8, /* eq. 8: N fell while stuck, slip resumed against the motion (§2.1) */
  TRIBO_MASING_SLIP_N  = 16 /* eq. 16: N rose during slip, the slider stuck and slipped again before the velocity reversed (eq. 17 fails, §2.2) */
} TriboMasingViolation;

/* One stretch of samples off the manifold, found by TriboMasingManifoldCheck(); sample indices in [0, nt), cyclic. */
typedef struct {
  TriboMasingViolation condition;
  PetscInt             first, last; /* the samples off the manifold, first..last (last < first when the stretch wraps) */
  PetscInt             trigger;     /* sample where the condition is violated (eq. 16: the first stuck sample; eq. 8: the reverse slip) */
  PetscInt             resume;      /* sample where slip resumes in the direction it had before sticking (back on the manifold) */
} TriboMasingEvent;

PETSC_EXTERN PetscErrorCode TriboMasingManifoldCreate(MPI_Comm, TriboMasingManifold *);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldSetOptionsPrefix(TriboMasingManifold, const char[]);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldSetParameters(TriboMasingManifold, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldGetParameters(TriboMasingManifold, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldSetFromOptions(TriboMasingManifold);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldSetHistory(TriboMasingManifold, PetscInt, const PetscReal[], const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldSetUp(TriboMasingManifold);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldGetAnchors(TriboMasingManifold, PetscReal *, PetscReal *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldGetNormalForceMax(TriboMasingManifold, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldGetVertices(TriboMasingManifold, PetscReal[18]);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldEvaluate(TriboMasingManifold, PetscReal, PetscReal, PetscInt, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldEvaluateHistory(TriboMasingManifold, PetscReal[], PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldEvaluateDirect(TriboMasingManifold, PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldCheck(TriboMasingManifold, PetscInt[], PetscInt *);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldGetEvents(TriboMasingManifold, PetscInt *, const TriboMasingEvent *[]);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldView(TriboMasingManifold, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboMasingManifoldDestroy(TriboMasingManifold *);
