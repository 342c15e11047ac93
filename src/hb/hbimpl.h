#pragma once
/* The object behind TriboHB (private to src/hb). */
#include <tribohb.h>
#include <tribo/private/objimpl.h>
#include <fftw3.h>

/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboHB {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm           comm;
  PetscInt           nh;     // number of harmonics
  PetscInt          *harm;   // harm[a], strictly increasing, >= 0
  PetscInt          *col;    // col[a]: first coefficient column of harmonic a (cos, or the mean for h = 0)
  PetscInt           ncoef;  // coefficient columns: 2 nh, less one if harmonic 0 is present
  PetscInt           Nt;     // samples per period
  PetscInt           bs;     // points per FFTW batch (3 bs signals)
  PetscReal          rtol;   // AFT: periodicity tolerance of the marched history
  PetscInt           maxper; // AFT: most periods marched
  PetscInt           lastper, lastunconv;
  TriboHBSliderStart start; // AFT: where the march starts (TriboHBSetSliderStart())
  PetscReal          Omega; // fundamental frequency [rad/s] for the velocities of rate-dependent laws (TriboHBSetFrequency())
  PetscBool          setup;
  PetscReal         *basis; // basis[j ncoef + k] = value of column k's function at tau_j (1, cos h tau_j or sin h tau_j)
  PetscReal         *wt;    // forward weights: 1/Nt for the mean, 2/Nt for cos and sin
  double            *tbuf;  // 3 bs signals of Nt samples, signal-major
  fftw_complex      *cbuf;  // 3 bs signals of Nt/2+1 complex coefficients
  fftw_plan          fwd, inv;
};

PETSC_INTERN PetscErrorCode TriboHBLoad_Private(TriboHB, PetscInt, PetscInt, PetscInt, const PetscReal[]);
PETSC_INTERN PetscErrorCode TriboHBStore_Private(TriboHB, PetscInt, PetscInt, PetscInt, PetscReal[]);
