#pragma once
/* The tribo program: verbs and their shared helpers. */
#include <tribo.h>
#include <tribofit.h>

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
PETSC_EXTERN int TriboPythonPackage(char[], size_t);
PETSC_EXTERN int TriboVerbPlot(int, char **);
/* An options file checked as PETSc will read it: 0 if good, else 1 and "FILE:LINE[:COL]: what is wrong" (optfile.c) */
PETSC_EXTERN int            TriboOptionsFileCheck(const char[], int, char[], size_t);
PETSC_EXTERN int            TriboVerbSweep(int, char **);
PETSC_EXTERN PetscErrorCode TriboPictureName(const char[], char[], size_t);
PETSC_EXTERN PetscErrorCode TriboDrawPicture(MPI_Comm, const char[], const char[], const char[], PetscInt, const char *const[], PetscBool *);
PETSC_EXTERN PetscErrorCode TriboCheckOutput(MPI_Comm, const char[], const char[], PetscInt, const char *const[]);
PETSC_EXTERN PetscErrorCode TriboVerbMesh(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbLaw(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbRingdown(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbFit(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbFitPredict(MPI_Comm, const char[], const TriboMeasuredBackbone *, PetscInt, PetscReal, PetscBool, PetscReal,
                                                PetscReal, const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboFitPredictMeasured(MPI_Comm, PetscInt, TriboMeasuredBackbone *);
/* -friction_surface FILE: the rough-contact law's statistics and the joint's mesoscale gap (src/cli/surface.c) */
PETSC_EXTERN PetscErrorCode TriboLawSetSurfaceFromOptions(TriboLaw, TriboSurfaceStats *);
PETSC_EXTERN PetscErrorCode TriboJointSetSurfaceFromOptions(TriboJoint);
PETSC_EXTERN PetscErrorCode TriboVerbSurface(MPI_Comm, PetscBool);
PETSC_EXTERN PetscErrorCode TriboVerbContact(MPI_Comm, PetscBool);

/* Prescribed histories of tribo law (src/cli/lawpath.c): formulas of time, tables of samples */
#define TRIBO_FORMULA_MAX_TERMS 32
typedef enum {
  TRIBO_FORMULA_CONST,
  TRIBO_FORMULA_SIN,
  TRIBO_FORMULA_COS,
  TRIBO_FORMULA_TRI,
  TRIBO_FORMULA_RAMP,
  TRIBO_FORMULA_STEP
} TriboFormulaTermKind;
typedef struct {
  TriboFormulaTermKind kind;
  PetscReal            sign; /* +1 or -1 */
  PetscReal            a[3]; /* arguments, missing ones 0 */
} TriboFormulaTerm;
typedef struct {
  PetscInt         n;
  TriboFormulaTerm term[TRIBO_FORMULA_MAX_TERMS];
} TriboFormula;
PETSC_EXTERN PetscErrorCode TriboFormulaParse(MPI_Comm, const char[], const char[], TriboFormula *);
PETSC_EXTERN PetscErrorCode TriboFormulaEvaluate(const TriboFormula *, PetscReal, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboFormulaLowestFrequency(const TriboFormula *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboLawTableRead(MPI_Comm, const char[], const char[], PetscInt *, PetscReal **, PetscBool *);
