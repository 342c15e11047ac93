#pragma once
/* Harmonic bookkeeping and the alternating frequency-time (AFT) method for interface laws.

   Layout (NLvib / tmdsimpy convention, doc notes hb-epmc.md §1.1): harmonics h_0 < h_1 < ... (0 included or
   not) give ncoef coefficient columns, harmonic-major: [X0 |] Xc_1 Xs_1 | Xc_2 Xs_2 | ..., with
     x(tau) = X0 + sum_h (Xc_h cos(h tau) + Xs_h sin(h tau)),  tau = Omega t,
   sampled at tau_j = 2 pi j / Nt, j = 0..Nt-1. Arrays of many signals are coefficient-major
   (X[k nsig + s]) and sample-major (x[j nsig + s]); for interface points s = 3 i + c with
   c = t1, t2, n (the order of tribolaw.h). */
#include <tribolaw.h>

typedef struct _p_TriboHB *TriboHB;

/* Where the march of a hysteretic law starts (TriboHBSetSliderStart()) */
typedef enum {
  TRIBO_HB_SLIDER_MEAN, // fresh history at the zeroth harmonic, marched until periodic (Porter and Brake 2023 §4.3.1, tmdsimpy)
  TRIBO_HB_SLIDER_ZERO  // fresh history at absolute zero, exactly 2 periods (NLvib HB_residual.m)
} TriboHBSliderStart;
PETSC_EXTERN const char *const TriboHBSliderStarts[];

PETSC_EXTERN PetscErrorCode TriboHBCreate(MPI_Comm, TriboHB *);
PETSC_EXTERN PetscErrorCode TriboHBSetHarmonics(TriboHB, PetscInt, const PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboHBSetNt(TriboHB, PetscInt);
PETSC_EXTERN PetscErrorCode TriboHBSetBlockSize(TriboHB, PetscInt);
PETSC_EXTERN PetscErrorCode TriboHBSetAFTTolerances(TriboHB, PetscReal, PetscInt);
PETSC_EXTERN PetscErrorCode TriboHBSetSliderStart(TriboHB, TriboHBSliderStart);
PETSC_EXTERN PetscErrorCode TriboHBSetUp(TriboHB);
PETSC_EXTERN PetscErrorCode TriboHBGetSizes(TriboHB, PetscInt *, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboHBToTime(TriboHB, PetscInt, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBToHarmonics(TriboHB, PetscInt, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBAFT(TriboHB, const TriboLawCard *, const PetscReal[], TriboLawMode, PetscInt, const PetscReal[], PetscReal[],
                                       PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBAFTV(TriboHB, const TriboLawCard *, const PetscReal[], TriboLawMode, PetscInt, const PetscReal[], PetscReal[],
                                        PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHBSetFrequency(TriboHB, PetscReal);
PETSC_EXTERN PetscErrorCode TriboHBGetFrequency(TriboHB, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHBGetAFTPeriods(TriboHB, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboHBDestroy(TriboHB *);
