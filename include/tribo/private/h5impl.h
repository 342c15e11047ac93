#pragma once
/* The HDF5 file handle, shared by src/io/h5.c (create, write, close) and src/io/h5read.c (open, read). */
#include <triboio.h>
#include <tribosys.h>
#include <hdf5.h>

#if !defined(PETSC_USE_REAL_DOUBLE)
#  error "tribo's HDF5 files store 64-bit doubles: build with a double-precision PETSc"
#endif

struct _n_TriboH5 {
  MPI_Comm    comm;
  PetscMPIInt rank;
  PetscBool   writing;
  PetscBool   failed; // rank 0 of a writer: a write did not complete, the file must not be committed
  hid_t       fid;    // -1 where this rank has no file open (ranks > 0 of a writer)
  char        name[PETSC_MAX_PATH_LEN];
  char        tmp[PETSC_MAX_PATH_LEN];
};

/* File access properties: strong close degree, tolerant file locking */
PETSC_INTERN PetscErrorCode TriboH5FileAccess_Private(hid_t *);
/* Whether an absolute path exists, by H5Lexists on each component */
PETSC_INTERN PetscErrorCode TriboH5Exists_Private(TriboH5, const char[], PetscBool *);
