#pragma once
/* Models that tribo generates itself (no third-party files). */
#include <triborom.h>

/* Two elastic beams (3-D Euler-Bernoulli frame elements) overlapping in a bolted lap joint,
   hung on soft suspension springs (free-free test set-up). Options -lapframe_* (see help). */
PETSC_EXTERN PetscErrorCode TriboModelLapFrame(MPI_Comm, TriboROM *);
PETSC_EXTERN PetscErrorCode TriboModelLapFrameHelp(MPI_Comm);
