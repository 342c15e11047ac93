#pragma once
/* The tribo program: verbs and their shared helpers. */
#include <tribo.h>

typedef struct {
  const char *name;
  const char *summary;
  PetscErrorCode (*run)(MPI_Comm, PetscBool);
} TriboVerb;

PETSC_EXTERN PetscErrorCode TriboVerbInfo(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbModel(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbPrestress(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbModal(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbBackbone(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbFRF(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbTransient(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbRom(MPI_Comm, PetscBool);
/* Fails with a clear message when an option was given that nothing used (a misspelling) */
PETSC_EXTERN PetscErrorCode TriboCheckOptionsUsed(MPI_Comm, const char[]);
PETSC_EXTERN PetscErrorCode TriboRegisterAll(void);
/* Pictures by the post-processing package (src/cli/plotverb.c) */
PETSC_EXTERN int            TriboPythonPackage(char[], size_t);
PETSC_EXTERN int            TriboVerbPlot(int, char **);
PETSC_EXTERN PetscErrorCode TriboDrawPicture(MPI_Comm, const char[], const char[], const char[], PetscInt, const char *const[], PetscBool *);
PETSC_EXTERN PetscErrorCode TriboCheckOutput(MPI_Comm, const char[], const char[], PetscInt, const char *const[]);
PETSC_EXTERN PetscErrorCode TriboVerbMesh(MPI_Comm, PetscBool);
