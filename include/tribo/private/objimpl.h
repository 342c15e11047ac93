#pragma once
/* What a class on PETSc's object model needs (src/sys/package.c, doc/architecture.md): PETSc's object header, an ops table for
   classes with no type-specific methods yet, and the reference-counted start of a Destroy. */
#include <petsc/private/petscimpl.h>
#include <tribosys.h>

struct _TriboNoOps {
  int unused;
};

/* The start of TriboXxxDestroy(&obj): nothing for a NULL handle; while other holders keep the object (PetscObjectReference()),
   only the handle is nulled and the Destroy returns; the caller then frees what the object owns and ends with
   PetscHeaderDestroy(pobj). */
#define TriboObjectDestroyBegin(pobj, classid)     \
  do {                                             \
    if (!*(pobj)) PetscFunctionReturn(0);          \
    PetscValidHeaderSpecific(*(pobj), classid, 1); \
    if (--((PetscObject)(*(pobj)))->refct > 0) {   \
      *(pobj) = NULL;                              \
      PetscFunctionReturn(0);                      \
    }                                              \
  } while (0)
