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
  TriboH5     next; // the writers still open (h5.c), abandoned by TriboH5AbandonAll() on an error exit
};

/* The ROM's source file and its SHA-256 (rank 0 hashes, every rank gets it) */
PETSC_INTERN PetscErrorCode TriboROMSetSource_Private(TriboROM, const char[]);
/* File access properties: strong close degree, tolerant file locking */
PETSC_INTERN PetscErrorCode TriboH5FileAccess_Private(hid_t *);
/* Whether an absolute path exists, by H5Lexists on each component */
PETSC_INTERN PetscErrorCode TriboH5Exists_Private(TriboH5, const char[], PetscBool *);
/* Whether a file is an HDF5 file (also with a user block, e.g. the 512-byte header of a MATLAB v7.3
   file): > 0 yes, 0 no, < 0 error. H5Fis_accessible() where the HDF5 library has it (1.12 on); the
   HDF5 1.10 of Debian 12 has only its predecessor H5Fis_hdf5(). */
#if H5_VERSION_GE(1, 12, 0)
#  define TriboH5IsHDF5(name) H5Fis_accessible(name, H5P_DEFAULT)
#else
#  define TriboH5IsHDF5(name) H5Fis_hdf5(name)
#endif
