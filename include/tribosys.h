#pragma once
/* Basic definitions shared by every tribo module: version, error helpers for HDF5,
   deterministic reductions across ranks. */
#include <petscsys.h>
#include <petscviewer.h>

#define TRIBO_VERSION_MAJOR  0
#define TRIBO_VERSION_MINOR  1
#define TRIBO_VERSION_PATCH  0
#define TRIBO_VERSION_STRING "0.1.0"
/* git revision the program was built from (src/sys/version.c, regenerated when HEAD changes) */
PETSC_EXTERN const char *TriboGitRevision(void);

/* Call an HDF5 function; a negative herr_t/hid_t is a failure (PetscCallExternal is wrong for
   HDF5, whose handles are positive and whose errors are negative). Usage:
     TriboCallHDF5Return(fid, H5Fopen, (name, H5F_ACC_RDONLY, H5P_DEFAULT));
     TriboCallHDF5(H5Dread, (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf)); */
#define TriboCallHDF5(func, args)                                                                 \
  do {                                                                                            \
    herr_t _tribo_herr = func args;                                                               \
    PetscCheck(_tribo_herr >= 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "HDF5 call %s() failed", #func); \
  } while (0)
#define TriboCallHDF5Return(ret, func, args)                                                \
  do {                                                                                      \
    ret = func args;                                                                        \
    PetscCheck((ret) >= 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "HDF5 call %s() failed", #func); \
  } while (0)

/* Sum n doubles over comm so that every rank gets bitwise the same result (reduce to rank 0,
   then broadcast): ranks then take the same branches in Newton solvers and never deadlock. */
PETSC_EXTERN PetscErrorCode TriboSumAll(MPI_Comm, PetscInt, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboSignalCatch(void);
PETSC_EXTERN PetscErrorCode TriboSignalArm(PetscBool);
PETSC_EXTERN PetscErrorCode TriboSignalCheck(MPI_Comm, int *, const char **);
PETSC_EXTERN void           TriboSetCommandName(const char[]);
PETSC_EXTERN PetscErrorCode TriboCrashGuardPush(const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboCrashGuardPop(void);
/* an HDF5 read that a damaged file can crash inside the library: guarded (TriboCrashGuardPush()) and checked */
#define TriboCallHDF5Guarded(file, what, func, args)                                              \
  do {                                                                                            \
    herr_t _tribo_herr;                                                                           \
    PetscCall(TriboCrashGuardPush(file, what));                                                   \
    _tribo_herr = func args;                                                                      \
    PetscCall(TriboCrashGuardPop());                                                              \
    PetscCheck(_tribo_herr >= 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "HDF5 call %s() failed", #func); \
  } while (0)
/* SHA-256 of a file, as 64 lowercase hex characters plus NUL (hex must hold 65 chars). */
PETSC_EXTERN PetscErrorCode TriboFileSHA256(const char[], char[]);
PETSC_EXTERN PetscErrorCode TriboSHA256(const void *, size_t, char[]);
/* Outputs written whole or not at all (src/sys/files.c): "<name>.tmp.<pid>" (stale ones of dead
   processes removed first), then fsync, rename, fsync of the folder. */
PETSC_EXTERN PetscErrorCode TriboFileTmpName(const char[], char[], size_t, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboFileCommit(const char[], const char[], int *);
/* The most memory one array read from a file may take (-memory_max, else the physical memory) */
PETSC_EXTERN PetscErrorCode TriboMemoryMax(PetscReal *);
PETSC_EXTERN PetscErrorCode TriboArraySizeCheck(const char[], const char[], int, const unsigned long long[], PetscInt *);
/* The package (src/sys/package.c): class ids of the classes on PETSc's object model, registered by TriboInitializePackage() */
PETSC_EXTERN PetscClassId TRIBO_LAW_CLASSID, TRIBO_JOINT_CLASSID, TRIBO_ROM_CLASSID, TRIBO_ZTE_CLASSID, TRIBO_CB_CLASSID, TRIBO_FESYSTEM_CLASSID,
    TRIBO_MESH_CLASSID, TRIBO_HB_CLASSID, TRIBO_HBOP_CLASSID, TRIBO_CONT_CLASSID, TRIBO_PRESTRESS_CLASSID, TRIBO_MODAL_CLASSID, TRIBO_NMA_CLASSID,
    TRIBO_FRF_CLASSID, TRIBO_TRANSIENT_CLASSID, TRIBO_HALFSPACE_CLASSID, TRIBO_CONTACT_CLASSID, TRIBO_CONTACTCOUPLING_CLASSID, TRIBO_MASING_CLASSID,
    TRIBO_SURF_CLASSID, TRIBO_FIT_CLASSID, TRIBO_NSGA2_CLASSID, TRIBO_BI_CLASSID, TRIBO_WJROM_CLASSID, TRIBO_FJROM_CLASSID;
PETSC_EXTERN PetscErrorCode TriboInitializePackage(void);
PETSC_EXTERN PetscErrorCode TriboFinalizePackage(void);
PETSC_EXTERN PetscErrorCode TriboRegistryForgetAtFinalize(PetscFunctionList *, PetscBool *);
/* Option namespaces and help (src/sys/options.c): classes register their namespaces, objects mark
   theirs as used in SetFromOptions, and TriboOptionsCheckUsed() rejects misspelt options before any
   computation. */
PETSC_EXTERN PetscErrorCode TriboOptionsRegisterNamespace(const char[]);
PETSC_EXTERN PetscErrorCode TriboOptionsRegisterName(const char[]);
PETSC_EXTERN PetscErrorCode TriboOptionsUseNamespace(const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboOptionsCheckUsed(MPI_Comm, const char[]);
PETSC_EXTERN PetscErrorCode TriboHelpInitialize(PetscBool);
PETSC_EXTERN PetscErrorCode TriboHelpPush(PetscBool);
PETSC_EXTERN PetscErrorCode TriboHelpPop(void);
PETSC_EXTERN PetscErrorCode TriboFunctionListNames(PetscFunctionList, char[], size_t);
PETSC_EXTERN PetscErrorCode TriboFunctionListFindOrError(MPI_Comm, PetscFunctionList, const char[], const char[], const char[], void (**)(void));
/* Integer options checked as 64-bit numbers before PETSc reads them into a 32-bit PetscInt (which
   wraps 4294967297 to 1): use these instead of PetscOptionsInt(), PetscOptionsIntArray(),
   PetscOptionsGetInt(); TriboOptionsRangeInt() also bounds the value, naming the option. */
PETSC_EXTERN PetscErrorCode TriboOptionsInt_Private(PetscOptionItems *, const char[], const char[], const char[], PetscInt, PetscInt *, PetscBool *,
                                                    PetscInt, PetscInt);
PETSC_EXTERN PetscErrorCode TriboOptionsIntArray_Private(PetscOptionItems *, const char[], const char[], const char[], PetscInt[], PetscInt *,
                                                         PetscBool *, PetscInt);
PETSC_EXTERN PetscErrorCode TriboOptionsRealArray_Private(PetscOptionItems *, const char[], const char[], const char[], PetscReal[], PetscInt *,
                                                          PetscBool *, PetscInt);
PETSC_EXTERN PetscErrorCode TriboOptionsGetInt(PetscOptions, const char[], const char[], PetscInt *, PetscBool *);
/* The options that determine the physics (src/sys/physics.c): recorded in checkpoints, compared on restart */
PETSC_EXTERN PetscErrorCode TriboOptionsPhysics(MPI_Comm, PetscInt *, char ***);
PETSC_EXTERN PetscErrorCode TriboOptionsPhysicsCheck(MPI_Comm, const char[], PetscInt, char **, PetscInt, char **, PetscBool, const char[]);
PETSC_EXTERN PetscErrorCode TriboOptionsPhysicsDestroy(PetscInt *, char ***);
#define TriboOptionsInt(a, b, c, d, e, f)            TriboOptionsInt_Private(PetscOptionsObject, a, b, c, d, e, f, PETSC_MIN_INT, PETSC_MAX_INT)
#define TriboOptionsRangeInt(a, b, c, d, e, f, g, h) TriboOptionsInt_Private(PetscOptionsObject, a, b, c, d, e, f, g, h)
/* list options: the last argument is how many of the array's values are its default (0: none), shown whole by -help */
#define TriboOptionsIntArray(a, b, c, d, e, f, g)  TriboOptionsIntArray_Private(PetscOptionsObject, a, b, c, d, e, f, g)
#define TriboOptionsRealArray(a, b, c, d, e, f, g) TriboOptionsRealArray_Private(PetscOptionsObject, a, b, c, d, e, f, g)
/* tribo's own options blocks: PetscOptionsBegin/End whose help is shown with a plain -help */
#define TriboOptionsBegin(comm, prefix, title, man) \
  PetscCall(TriboHelpPush(PETSC_TRUE));             \
  PetscOptionsBegin(comm, prefix, title, man)
#define TriboOptionsEnd() \
  PetscOptionsEnd();      \
  PetscCall(TriboHelpPop())
