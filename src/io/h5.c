#define _POSIX_C_SOURCE 200809L // truncate
#include <tribo/private/h5impl.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// File access: closing the file closes every object left open on an error path; tolerate file
// systems without locks (NFS, Lustre), where HDF5 would otherwise refuse to open any file.
PetscErrorCode TriboH5FileAccess_Private(hid_t *fapl)
{
  PetscFunctionBeginUser;
  TriboCallHDF5Return(*fapl, H5Pcreate, (H5P_FILE_ACCESS));
  TriboCallHDF5(H5Pset_fclose_degree, (*fapl, H5F_CLOSE_STRONG));
#if H5_VERSION_GE(1, 10, 7)
  TriboCallHDF5(H5Pset_file_locking, (*fapl, 1, 1));
#endif
  PetscFunctionReturn(0);
}

// H5Lexists on every component of an absolute path, so that a missing group is "not found", not an HDF5 error
PetscErrorCode TriboH5Exists_Private(TriboH5 h, const char path[], PetscBool *has)
{
  char buf[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCheck(path && path[0] == '/', PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "%s: HDF5 paths must be absolute (start with /), got \"%s\"", h->name,
             path ? path : "(null)");
  PetscCall(PetscStrncpy(buf, path, sizeof(buf)));
  *has = PETSC_TRUE;
  if (!buf[1]) PetscFunctionReturn(0);
  for (char *s = buf + 1;; s++) {
    if (*s == '/' || !*s) {
      char c = *s;
      *s     = 0;
      if (H5Lexists(h->fid, buf, H5P_DEFAULT) <= 0) *has = PETSC_FALSE;
      *s = c;
      if (!*has || !c) break;
    }
  }
  PetscFunctionReturn(0);
}

// The writers created and not yet closed, so that an error exit discards them (TriboH5AbandonAll())
static TriboH5 open_writers = NULL;

static void Unlink_Private(TriboH5 h)
{
  for (TriboH5 *p = &open_writers; *p; p = &(*p)->next)
    if (*p == h) {
      *p = h->next;
      break;
    }
}

/* A failed HDF5 call of a writer: the file, what was being written and why (errno of the write
   that failed: "No space left on device" rather than HDF5's call name alone) */
#define TriboCallHDF5W(h, what, func, args)                                                                                                \
  do {                                                                                                                                     \
    herr_t _tribo_herr;                                                                                                                    \
    errno       = 0;                                                                                                                       \
    _tribo_herr = func args;                                                                                                               \
    PetscCheck(_tribo_herr >= 0, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot write %s (%s, in %s()): %s; any previous %s is unchanged", \
               (h)->name, what, #func, errno ? strerror(errno) : "the HDF5 library refused it", (h)->name);                                \
  } while (0)
#define TriboCallHDF5WReturn(h, what, ret, func, args)                                                                                          \
  do {                                                                                                                                          \
    errno = 0;                                                                                                                                  \
    ret   = func args;                                                                                                                          \
    PetscCheck((ret) >= 0, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "cannot write %s (%s, in %s()): %s; any previous %s is unchanged", (h)->name, \
               what, #func, errno ? strerror(errno) : "the HDF5 library refused it", (h)->name);                                                \
  } while (0)

static PetscErrorCode CheckWriter_Private(TriboH5 h, PetscBool *failed)
{
  PetscFunctionBeginUser;
  PetscCheck(h->writing, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE,
             "%s was opened for reading with TriboH5Open(); create it with TriboH5Create() to write", h->name);
  *failed   = h->failed;
  h->failed = PETSC_TRUE; // until the write completes
  PetscFunctionReturn(0);
}

static PetscErrorCode LinkCreate_Private(hid_t *lcpl)
{
  PetscFunctionBeginUser;
  TriboCallHDF5Return(*lcpl, H5Pcreate, (H5P_LINK_CREATE));
  TriboCallHDF5(H5Pset_create_intermediate_group, (*lcpl, 1));
  PetscFunctionReturn(0);
}

static PetscErrorCode StringType_Private(hid_t *t)
{
  PetscFunctionBeginUser;
  TriboCallHDF5Return(*t, H5Tcopy, (H5T_C_S1));
  TriboCallHDF5(H5Tset_size, (*t, H5T_VARIABLE));
  TriboCallHDF5(H5Tset_cset, (*t, H5T_CSET_UTF8));
  PetscFunctionReturn(0);
}

// Create a dataset (and the groups above it) of shape dims and write buf of memory type mtype
static PetscErrorCode WriteData_Private(TriboH5 h, const char path[], PetscInt ndim, const PetscInt dims[], hid_t ftype, hid_t mtype, const void *buf)
{
  hsize_t   hd[H5S_MAX_RANK];
  hid_t     space, dset, lcpl;
  PetscBool has;
  size_t    count = 1;

  PetscFunctionBeginUser;
  PetscCheck(ndim >= 0 && ndim <= H5S_MAX_RANK, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s: dataset %s cannot have %" PetscInt_FMT " dimensions",
             h->name, path, ndim);
  PetscCall(TriboH5Exists_Private(h, path, &has));
  PetscCheck(!has, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "%s: %s is written twice", h->name, path);
  for (PetscInt d = 0; d < ndim; d++) {
    PetscCheck(dims[d] >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "%s: dataset %s has negative dimension %" PetscInt_FMT, h->name, path,
               dims[d]);
    hd[d] = (hsize_t)dims[d];
    count *= (size_t)dims[d];
  }
  if (ndim)
    TriboCallHDF5Return(space, H5Screate_simple, ((int)ndim, hd, NULL));
  else
    TriboCallHDF5Return(space, H5Screate, (H5S_SCALAR));
  PetscCall(LinkCreate_Private(&lcpl));
  TriboCallHDF5WReturn(h, path, dset, H5Dcreate2, (h->fid, path, ftype, space, lcpl, H5P_DEFAULT, H5P_DEFAULT));
  if (count) TriboCallHDF5W(h, path, H5Dwrite, (dset, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf));
  TriboCallHDF5W(h, path, H5Dclose, (dset));
  TriboCallHDF5(H5Pclose, (lcpl));
  TriboCallHDF5(H5Sclose, (space));
  PetscFunctionReturn(0);
}

/*@
  TriboH5Create - Starts writing an HDF5 file, under a temporary name until TriboH5Close().

  Collective

  Input Parameters:
+ comm - ranks that take part; rank 0 does all the I/O
- name - final file name

  Output Parameter:
. h - the handle

  Notes:
  Rank 0 writes "<name>.tmp.<pid>"; TriboH5Close(&h, PETSC_TRUE) renames it to name, so a
  failed run never leaves a half-written file nor overwrites a good one. Writes return at once
  on ranks other than 0; Create and Close are collective and fail on every rank together.

.seealso: `TriboH5Close()`, `TriboH5Open()`, `TriboH5WriteMeta()`
@*/
PetscErrorCode TriboH5Create(MPI_Comm comm, const char name[], TriboH5 *h)
{
  TriboH5 hh;
  int     st[2] = {0, 0};

  PetscFunctionBeginUser;
  PetscCall(PetscNew(&hh));
  hh->comm    = comm;
  hh->writing = PETSC_TRUE;
  hh->fid     = -1;
  PetscCallMPI(MPI_Comm_rank(comm, &hh->rank));
  PetscCall(PetscStrncpy(hh->name, name, sizeof(hh->name)));
  if (!hh->rank) {
    FILE *fp;
    hid_t fapl;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    PetscCall(TriboFileTmpName(name, hh->tmp, sizeof(hh->tmp), NULL));
    // fopen first: errno then says why (no such directory, permission denied)
    if (!(fp = fopen(hh->tmp, "wb")))
      st[0] = 1, st[1] = errno;
    else {
      fclose(fp);
      PetscCall(TriboH5FileAccess_Private(&fapl));
      hh->fid = H5Fcreate(hh->tmp, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
      TriboCallHDF5(H5Pclose, (fapl));
      if (hh->fid < 0) st[0] = 2, remove(hh->tmp);
    }
  }
  PetscCallMPI(MPI_Bcast(st, 2, MPI_INT, 0, comm));
  if (st[0]) PetscCall(PetscFree(hh));
  PetscCheck(st[0] != 1, comm, PETSC_ERR_FILE_OPEN, "cannot create %s: %s (check that its directory exists and is writable)", name, strerror(st[1]));
  PetscCheck(st[0] != 2, comm, PETSC_ERR_FILE_OPEN, "cannot create %s: HDF5 could not create its temporary file", name);
  hh->next     = open_writers;
  open_writers = hh;
  *h           = hh;
  PetscFunctionReturn(0);
}

/*@
  TriboH5Close - Closes a file; for a file being written, commits or discards it.

  Collective for a file being written (not collective for a file being read)

  Input Parameters:
+ h      - the handle, set to NULL
- commit - PETSC_TRUE: rename the temporary file to its final name (an error if any write
           failed); PETSC_FALSE: delete the temporary file and leave any previous file alone

.seealso: `TriboH5Create()`, `TriboH5Open()`
@*/
PetscErrorCode TriboH5Close(TriboH5 *h, PetscBool commit)
{
  TriboH5 hh    = *h;
  int     st[2] = {0, 0};
  char    name[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  if (!hh) PetscFunctionReturn(0);
  *h = NULL;
  if (!hh->writing) {
    herr_t e = hh->fid >= 0 ? H5Fclose(hh->fid) : 0;
    PetscCall(PetscFree(hh));
    PetscCheck(e >= 0, PETSC_COMM_SELF, PETSC_ERR_LIB, "HDF5 call H5Fclose() failed");
    PetscFunctionReturn(0);
  }
  // every rank arrives before rank 0 replaces the file: a rank still reading the previous version (every rank reads a restart
  // file, e.g. -cont_restart, then the run rewrites it) would else read the new one (t512 on 2 ranks: a rank read 9 points
  // instead of 8, and the ranks' continuations went out of step into a deadlock)
  Unlink_Private(hh);
  PetscCallMPI(MPI_Barrier(hh->comm));
  if (!hh->rank) {
    herr_t e;
    if (hh->failed || !commit) (void)truncate(hh->tmp, 0); // discarded anyway; frees the disk space HDF5 needs to close it
    errno = 0;
    e     = H5Fclose(hh->fid);
    if (e < 0) st[1] = errno;
    if (hh->failed)
      st[0] = 1;
    else if (!commit)
      st[0] = 4;
    else if (e < 0)
      st[0] = 2;
    else {
      PetscCall(TriboFileCommit(hh->tmp, hh->name, &st[1])); // fsync, rename, fsync of the folder
      if (st[1]) st[0] = 3;
    }
    if (st[0]) remove(hh->tmp);
  }
  PetscCallMPI(MPI_Bcast(st, 2, MPI_INT, 0, hh->comm));
  PetscCall(PetscStrncpy(name, hh->name, sizeof(name)));
  PetscCall(PetscFree(hh));
  if (!commit) PetscFunctionReturn(0);
  PetscCheck(st[0] != 1, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE,
             "%s was not written because a write to it failed (see the first error); any previous %s is unchanged", name, name);
  PetscCheck(st[0] != 2, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE,
             "%s was not written: closing its temporary file failed: %s; any previous %s is unchanged", name,
             st[1] ? strerror(st[1]) : "HDF5 could not flush it", name);
  PetscCheck(st[0] != 3, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE,
             "%s was not written: flushing its temporary file to disk or renaming it failed: %s; any previous %s is unchanged", name, strerror(st[1]),
             name);
  PetscCheck(st[0] != 4, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "%s was not written: rank 0 discarded it after an error", name);
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteReal - Writes an array of doubles as a dataset of the given shape (row-major).

  Not collective (returns at once on ranks other than 0)

  Input Parameters:
+ h    - file being written
. path - absolute path; missing groups above it are created
. ndim - number of dimensions (0: a scalar)
. dims - the shape
- data - the values, last index fastest (as numpy shows them)
@*/
PetscErrorCode TriboH5WriteReal(TriboH5 h, const char path[], PetscInt ndim, const PetscInt dims[], const PetscReal data[])
{
  PetscBool failed = PETSC_FALSE;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(WriteData_Private(h, path, ndim, dims, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, data));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteInt - Writes an array of PetscInt as a dataset of 64-bit integers.

  Not collective (returns at once on ranks other than 0)
@*/
PetscErrorCode TriboH5WriteInt(TriboH5 h, const char path[], PetscInt ndim, const PetscInt dims[], const PetscInt data[])
{
  PetscBool  failed = PETSC_FALSE;
  long long *buf;
  PetscInt   count = 1;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  for (PetscInt d = 0; d < ndim; d++) count *= PetscMax(dims[d], 0);
  PetscCall(PetscMalloc1(count, &buf));
  for (PetscInt i = 0; i < count; i++) buf[i] = (long long)data[i];
  PetscCall(WriteData_Private(h, path, ndim, dims, H5T_STD_I64LE, H5T_NATIVE_LLONG, buf));
  PetscCall(PetscFree(buf));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteStrings - Writes a 1-D dataset of n variable-length UTF-8 strings.

  Not collective (returns at once on ranks other than 0)
@*/
PetscErrorCode TriboH5WriteStrings(TriboH5 h, const char path[], PetscInt n, const char *const strs[])
{
  PetscBool    failed = PETSC_FALSE;
  hid_t        t;
  const char **buf;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(PetscMalloc1(n, &buf));
  for (PetscInt i = 0; i < n; i++) buf[i] = strs[i] ? strs[i] : "";
  PetscCall(StringType_Private(&t));
  PetscCall(WriteData_Private(h, path, 1, &n, t, t, buf));
  TriboCallHDF5(H5Tclose, (t));
  PetscCall(PetscFree(buf));
  h->failed = failed;
  PetscFunctionReturn(0);
}

// Attribute name on the object at path (a group is created if nothing is there), replacing an old one
static PetscErrorCode WriteAttr_Private(TriboH5 h, const char path[], const char name[], hid_t type, const void *val)
{
  PetscBool has;
  hid_t     space, attr;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Exists_Private(h, path, &has));
  if (!has) {
    hid_t lcpl, g;
    PetscCall(LinkCreate_Private(&lcpl));
    TriboCallHDF5WReturn(h, path, g, H5Gcreate2, (h->fid, path, lcpl, H5P_DEFAULT, H5P_DEFAULT));
    TriboCallHDF5(H5Gclose, (g));
    TriboCallHDF5(H5Pclose, (lcpl));
  }
  if (H5Aexists_by_name(h->fid, path, name, H5P_DEFAULT) > 0) TriboCallHDF5(H5Adelete_by_name, (h->fid, path, name, H5P_DEFAULT));
  TriboCallHDF5Return(space, H5Screate, (H5S_SCALAR));
  TriboCallHDF5WReturn(h, name, attr, H5Acreate_by_name, (h->fid, path, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
  TriboCallHDF5W(h, name, H5Awrite, (attr, type, val));
  TriboCallHDF5W(h, name, H5Aclose, (attr));
  TriboCallHDF5(H5Sclose, (space));
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteAttrString - Sets a string attribute on a group or dataset (a group is created if
  the path does not exist yet).

  Not collective (returns at once on ranks other than 0)
@*/
PetscErrorCode TriboH5WriteAttrString(TriboH5 h, const char path[], const char name[], const char value[])
{
  PetscBool   failed = PETSC_FALSE;
  hid_t       t;
  const char *v = value ? value : "";

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(StringType_Private(&t));
  PetscCall(WriteAttr_Private(h, path, name, t, &v));
  TriboCallHDF5(H5Tclose, (t));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteAttrReal - Sets a double attribute on a group or dataset.

  Not collective (returns at once on ranks other than 0)
@*/
PetscErrorCode TriboH5WriteAttrReal(TriboH5 h, const char path[], const char name[], PetscReal value)
{
  PetscBool failed = PETSC_FALSE;
  double    v      = (double)value;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(WriteAttr_Private(h, path, name, H5T_NATIVE_DOUBLE, &v));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteAttrInt - Sets a 64-bit integer attribute on a group or dataset.

  Not collective (returns at once on ranks other than 0)
@*/
PetscErrorCode TriboH5WriteAttrInt(TriboH5 h, const char path[], const char name[], PetscInt value)
{
  PetscBool failed = PETSC_FALSE;
  long long v      = (long long)value;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(WriteAttr_Private(h, path, name, H5T_NATIVE_LLONG, &v));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteMeta - Stores how the file was made in /meta.

  Not collective (returns at once on ranks other than 0)

  Input Parameters:
+ h       - file being written
. verb    - the tribo verb that made it (e.g. "rom", "backbone")
. ninputs - number of input files
- inputs  - their names

  Notes:
  Attributes of /meta: program ("tribo"), version, git_revision, verb, options (the whole
  options database), date (UTC, ISO 8601), mpi_size; datasets /meta/inputs (file names) and
  /meta/input_sha256 (their SHA-256, as sha256sum prints them).

.seealso: `TriboFileSHA256()`
@*/
PetscErrorCode TriboH5WriteMeta(TriboH5 h, const char verb[], PetscInt ninputs, const char *const inputs[])
{
  PetscBool   failed = PETSC_FALSE;
  char       *opts, date[64];
  char      **sha;
  time_t      now = time(NULL);
  PetscMPIInt size;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCallMPI(MPI_Comm_size(h->comm, &size));
  PetscCall(PetscOptionsGetAll(NULL, &opts));
  PetscCheck(strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now)) > 0, PETSC_COMM_SELF, PETSC_ERR_SYS, "cannot format the date");
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_META, "program", "tribo"));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_META, "version", TRIBO_VERSION_STRING));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_META, "git_revision", TriboGitRevision()));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_META, "verb", verb ? verb : ""));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_META, "options", opts));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_META, "date", date));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_META, "mpi_size", size));
  PetscCall(PetscFree(opts));
  PetscCall(PetscMalloc1(ninputs, &sha));
  for (PetscInt i = 0; i < ninputs; i++) {
    PetscCall(PetscMalloc1(65, &sha[i]));
    PetscCall(TriboFileSHA256(inputs[i], sha[i]));
  }
  PetscCall(TriboH5WriteStrings(h, TRIBO_H5_META "/inputs", ninputs, inputs));
  PetscCall(TriboH5WriteStrings(h, TRIBO_H5_META "/input_sha256", ninputs, (const char *const *)sha));
  for (PetscInt i = 0; i < ninputs; i++) PetscCall(PetscFree(sha[i]));
  PetscCall(PetscFree(sha));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteMatDense - Writes a sequential matrix as a rows x cols dataset, ds[i,j] = A(i,j).

  Not collective (returns at once on ranks other than 0; A lives on PETSC_COMM_SELF)
@*/
PetscErrorCode TriboH5WriteMatDense(TriboH5 h, const char path[], Mat A)
{
  PetscBool          failed = PETSC_FALSE, dense;
  Mat                D      = NULL;
  const PetscScalar *a;
  PetscReal         *buf;
  PetscInt           dims[2], lda;

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(MatGetSize(A, &dims[0], &dims[1]));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATSEQDENSE, &dense));
  if (!dense) PetscCall(MatConvert(A, MATSEQDENSE, MAT_INITIAL_MATRIX, &D));
  PetscCall(MatDenseGetLDA(D ? D : A, &lda));
  PetscCall(MatDenseGetArrayRead(D ? D : A, &a));
  PetscCall(PetscMalloc1(dims[0] * dims[1], &buf));
  for (PetscInt i = 0; i < dims[0]; i++)
    for (PetscInt j = 0; j < dims[1]; j++) buf[i * dims[1] + j] = PetscRealPart(a[i + j * lda]);
  PetscCall(MatDenseRestoreArrayRead(D ? D : A, &a));
  PetscCall(MatDestroy(&D));
  PetscCall(WriteData_Private(h, path, 2, dims, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, buf));
  PetscCall(PetscFree(buf));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5WriteMatCSR - Writes a sequential matrix as a group of 0-based CSR arrays: shape (2 ints),
  rowptr (rows+1), colidx and values (nonzeros), as scipy.sparse.csr_matrix((values, colidx,
  rowptr), shape) reads them.

  Not collective (returns at once on ranks other than 0; A lives on PETSC_COMM_SELF)
@*/
PetscErrorCode TriboH5WriteMatCSR(TriboH5 h, const char path[], Mat A)
{
  PetscBool  failed = PETSC_FALSE;
  PetscInt   m, n, nnz = 0, *rowptr, *colidx, shape[2];
  PetscReal *vals;
  char       sub[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  if (h->rank) PetscFunctionReturn(0);
  PetscCall(CheckWriter_Private(h, &failed));
  PetscCall(MatGetSize(A, &m, &n));
  PetscCall(PetscMalloc1(m + 1, &rowptr));
  rowptr[0] = 0;
  for (PetscInt i = 0; i < m; i++) {
    PetscInt nc;
    PetscCall(MatGetRow(A, i, &nc, NULL, NULL));
    rowptr[i + 1] = rowptr[i] + nc;
    PetscCall(MatRestoreRow(A, i, &nc, NULL, NULL));
  }
  nnz = rowptr[m];
  PetscCall(PetscMalloc2(nnz, &colidx, nnz, &vals));
  for (PetscInt i = 0; i < m; i++) {
    PetscInt           nc;
    const PetscInt    *cols;
    const PetscScalar *v;
    PetscCall(MatGetRow(A, i, &nc, &cols, &v));
    for (PetscInt k = 0; k < nc; k++) colidx[rowptr[i] + k] = cols[k], vals[rowptr[i] + k] = PetscRealPart(v[k]);
    PetscCall(MatRestoreRow(A, i, &nc, &cols, &v));
  }
  shape[0] = m, shape[1] = n;
  m += 1;
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/shape", path));
  PetscCall(TriboH5WriteInt(h, sub, 1, (PetscInt[]){2}, shape));
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/rowptr", path));
  PetscCall(TriboH5WriteInt(h, sub, 1, &m, rowptr));
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/colidx", path));
  PetscCall(TriboH5WriteInt(h, sub, 1, &nnz, colidx));
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/values", path));
  PetscCall(TriboH5WriteReal(h, sub, 1, &nnz, vals));
  PetscCall(PetscFree(rowptr));
  PetscCall(PetscFree2(colidx, vals));
  h->failed = failed;
  PetscFunctionReturn(0);
}

/*@
  TriboH5AbandonAll - Discards every file still being written (an error left it open): closes it
  and removes its temporary file, leaving any previous file under its name as it was.

  Not collective

  Notes:
  The command-line program calls it before PetscFinalize() when a verb fails. Without it, HDF5
  would close a file whose writes failed (a full disk) only at MPI_Finalize, and crash there.

.seealso: `TriboH5Create()`, `TriboH5Close()`
@*/
PetscErrorCode TriboH5AbandonAll(void)
{
  PetscFunctionBeginUser;
  while (open_writers) {
    TriboH5 h    = open_writers;
    open_writers = h->next;
    if (!h->rank && h->fid >= 0) {
      (void)truncate(h->tmp, 0); // frees what a full disk lacks for HDF5's closing writes (else H5Fclose fails and HDF5 crashes at exit)
      (void)H5Fclose(h->fid);
      (void)remove(h->tmp);
    }
    PetscCall(PetscFree(h));
  }
  PetscFunctionReturn(0);
}
