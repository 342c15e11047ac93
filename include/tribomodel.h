#pragma once
/* Models that tribo generates itself (no third-party files), in a gallery (tribo model
   -model_type, src/model/model.c): create(comm, &rom) builds the ROM, create(comm, NULL) only
   reads and checks the model's options. */
#include <triborom.h>

#define TRIBOMODELLAPFRAME "lapframe"
PETSC_EXTERN PetscFunctionList TriboModelList;
PETSC_EXTERN PetscErrorCode    TriboModelRegister(const char[], PetscErrorCode (*)(MPI_Comm, TriboROM *));
PETSC_EXTERN PetscErrorCode    TriboModelRegisterAll(void);
PETSC_EXTERN PetscErrorCode    TriboModelBuild(MPI_Comm, const char[], TriboROM *);

/* Two elastic beams (3-D Euler-Bernoulli frame elements) overlapping in a bolted lap joint,
   hung on soft suspension springs (free-free test set-up). Options -lapframe_*. */
PETSC_EXTERN PetscErrorCode TriboModelLapFrame(MPI_Comm, TriboROM *);
