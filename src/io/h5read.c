#define _POSIX_C_SOURCE 200809L // mmap
#include <tribo/private/h5impl.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* libhdf5 trusts the sizes in a file's global heap (the collections "GCOL" holding variable-length strings: labels,
   attributes) and reads past its buffer, or loops, when they are damaged (found by tests/fuzz). Every collection is
   walked here before HDF5 opens the file: its size must lie within the file, each object's within the collection, and
   the free space that ends it must be the rest of it (HDF5 File Format Specification, III.E "Global Heap"). A collection
   is recognized by its signature, version 1 and a size of at least 4096 bytes. Then the references to its objects: a
   variable-length datum is stored as (length, collection address, object index), 4 + 8 + 4 bytes, and a string's length
   is its object's size (a sequence's is less), so a reference naming an object of the collection with a length above the
   object's size is damaged (a length of 3.4e9 made libhdf5 work for ever on a 5-byte string). The references are found
   as the collection's address in the file's bytes followed by an index of one of its objects (on the 190 tribo files of a
   test run, no other bytes matched). A damaged heap is an error naming the file and the byte. */
static unsigned long long Le_Private(const unsigned char *p, int n)
{
  unsigned long long v = 0;
  for (int b = n - 1; b >= 0; b--) v = (v << 8) | p[b];
  return v;
}

static PetscErrorCode CheckGlobalHeaps_Private(const char name[])
{
  int                 fd = open(name, O_RDONLY);
  struct stat         st;
  unsigned char      *m;
  char                why[256] = "";
  size_t              ncol = 0, *caddr = NULL;
  unsigned long long *csize[16]; /* per collection (the first 16): the size of each object index, ~0 where none */
  unsigned            cmax[16];

  PetscFunctionBegin;
  if (fd < 0) PetscFunctionReturn(0); // HDF5 reports it
  if (fstat(fd, &st) || st.st_size < 16) {
    close(fd);
    PetscFunctionReturn(0);
  }
  m = (unsigned char *)mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (m == MAP_FAILED) PetscFunctionReturn(0);
  caddr = (size_t *)malloc(16 * sizeof(size_t));
  {
    size_t n = (size_t)st.st_size;
    for (size_t i = 0; i + 16 <= n && !why[0]; i++) {
      unsigned long long size, o, end;
      if (m[i] != 'G' || memcmp(m + i, "GCOL", 4) || m[i + 4] != 1) continue;
      size = Le_Private(m + i + 8, 8);
      if (size < 4096) continue; // not a collection (the bytes happen to spell GCOL)
      if (size > n - i) {
        snprintf(why, sizeof(why), "the global heap collection at byte %zu claims %llu bytes, past the end of the file", i, size);
        break;
      }
      end = i + size;
      if (ncol < 16 && caddr) {
        caddr[ncol] = i, cmax[ncol] = 0;
        csize[ncol] = (unsigned long long *)malloc(65536 * sizeof(unsigned long long));
        if (csize[ncol]) memset(csize[ncol], 0xff, 65536 * sizeof(unsigned long long));
      }
      for (o = i + 16; o + 16 <= end;) {
        unsigned           idx = (unsigned)Le_Private(m + o, 2);
        unsigned long long osz = Le_Private(m + o + 8, 8);
        if (idx == 0) { // the free space: libhdf5 writes it as the rest of the collection; another size can hang it (tests/fuzz)
          if (osz != end - o)
            snprintf(why, sizeof(why), "the free space of the global heap at byte %llu claims %llu bytes, its collection has %llu left", o, osz,
                     end - o);
          break;
        }
        if (osz > end - o - 16) {
          snprintf(why, sizeof(why),
                   "object %u of the global heap (variable-length strings) at byte %llu claims %llu bytes, more than its collection", idx, o, osz);
          break;
        }
        if (ncol < 16 && caddr && csize[ncol]) csize[ncol][idx] = osz, cmax[ncol] = idx > cmax[ncol] ? idx : cmax[ncol];
        o += 16 + (osz + 7) / 8 * 8;
      }
      if (ncol < 16 && caddr && csize[ncol]) ncol++;
      i = end - 1;
    }
    for (size_t c = 0; c < ncol && !why[0]; c++) { // the references to each collection's objects: its address's bytes, found by
                                                   // memchr on the first nonzero one
      unsigned char pat[8];
      int           k = 0;
      for (int b = 0; b < 8; b++) pat[b] = (unsigned char)((caddr[c] >> (8 * b)) & 0xff);
      while (k < 7 && !pat[k]) k++;
      for (const unsigned char *q = m + 4 + k; !why[0] && q < m + n;) {
        size_t             p;
        unsigned long long idx, len;
        q = (const unsigned char *)memchr(q, pat[k], (size_t)(m + n - q));
        if (!q) break;
        p = (size_t)(q - m) - (size_t)k, q++;
        if (p < 4 || p + 12 > n || memcmp(m + p, pat, 8)) continue;
        idx = Le_Private(m + p + 8, 4), len = Le_Private(m + p - 4, 4);
        if (idx >= 1 && idx <= cmax[c] && csize[c][idx] != ~0ULL && len > csize[c][idx])
          snprintf(why, sizeof(why), "the variable-length datum at byte %zu claims %llu bytes, its global heap object %llu holds %llu", p - 4, len,
                   idx, csize[c][idx]);
      }
    }
  }
  for (size_t c = 0; c < ncol; c++) free(csize[c]);
  free(caddr);
  munmap(m, (size_t)st.st_size);
  PetscCheck(!why[0], PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s: %s", name,
             strstr(why, "past the end") ? "truncated or damaged" : "damaged", why);
  PetscFunctionReturn(0);
}

/*@
  TriboH5Open - Opens an HDF5 file for reading on every rank.

  Not collective (every rank of comm opens the file)

  Notes:
  Errors say which file does not exist or is not an HDF5 file; HDF5's own error stack is not
  printed.

.seealso: `TriboH5ReadReal()`, `TriboH5Has()`, `TriboH5Close()`
@*/
PetscErrorCode TriboH5Open(MPI_Comm comm, const char name[], TriboH5 *h)
{
  PetscBool flg;
  hid_t     fapl;
  TriboH5   hh;

  PetscFunctionBeginUser;
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  PetscCall(PetscTestFile(name, '\0', &flg));
  PetscCheck(flg, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "file %s does not exist", name);
  PetscCall(PetscTestFile(name, 'r', &flg));
  PetscCheck(flg, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "file %s is not readable (permissions)", name);
  PetscCheck(TriboH5IsHDF5(name) > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s is not an HDF5 file", name);
  PetscCall(CheckGlobalHeaps_Private(name));
  PetscCall(PetscNew(&hh));
  hh->comm = comm;
  PetscCallMPI(MPI_Comm_rank(comm, &hh->rank));
  PetscCall(PetscStrncpy(hh->name, name, sizeof(hh->name)));
  PetscCall(TriboH5FileAccess_Private(&fapl));
  PetscCall(TriboCrashGuardPush(name, "its superblock"));
  hh->fid = H5Fopen(name, H5F_ACC_RDONLY, fapl);
  PetscCall(TriboCrashGuardPop());
  TriboCallHDF5(H5Pclose, (fapl));
  if (hh->fid < 0) PetscCall(PetscFree(hh));
  PetscCheck(hh, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s: damaged HDF5 file, or locked by a program writing it", name);
  *h = hh;
  PetscFunctionReturn(0);
}

/*@
  TriboH5GetFileName - The (final) name of the file.
@*/
PetscErrorCode TriboH5GetFileName(TriboH5 h, const char *name[])
{
  PetscFunctionBeginUser;
  *name = h->name;
  PetscFunctionReturn(0);
}

/*@
  TriboH5Has - Whether a group or dataset exists.

  Not collective for a file being read; collective for a file being written (rank 0 answers)

  Input Parameters:
+ h    - the file
- path - absolute path, e.g. "/rom/interface"
@*/
PetscErrorCode TriboH5Has(TriboH5 h, const char path[], PetscBool *has)
{
  PetscFunctionBeginUser;
  if (h->fid >= 0) PetscCall(TriboH5Exists_Private(h, path, has));
  if (h->writing) PetscCallMPI(MPI_Bcast(has, 1, MPIU_BOOL, 0, h->comm));
  PetscFunctionReturn(0);
}

// Open the dataset at path, checking that it exists and is a dataset; its type class and shape (rank <= 3)
static PetscErrorCode OpenData_Private(TriboH5 h, const char path[], hid_t *dset, H5T_class_t *cls, PetscInt *ndim, PetscInt dims[], PetscInt *count)
{
  PetscBool has;
  hid_t     obj, t, space;
  hsize_t   hd[H5S_MAX_RANK];
  int       nd;

  PetscFunctionBeginUser;
  PetscCheck(h->fid >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "%s is being written: open it with TriboH5Open() to read", h->name);
  PetscCall(TriboH5Exists_Private(h, path, &has));
  PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: dataset %s not found", h->name, path);
  TriboCallHDF5Return(obj, H5Oopen, (h->fid, path, H5P_DEFAULT));
  if (H5Iget_type(obj) != H5I_DATASET) TriboCallHDF5(H5Oclose, (obj));
  PetscCheck(H5Iget_type(obj) == H5I_DATASET, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s is a group, expected a dataset", h->name, path);
  *dset = obj;
  TriboCallHDF5Return(t, H5Dget_type, (obj));
  *cls = H5Tget_class(t);
  TriboCallHDF5(H5Tclose, (t));
  TriboCallHDF5Return(space, H5Dget_space, (obj));
  TriboCallHDF5Return(nd, H5Sget_simple_extent_ndims, (space));
  PetscCheck(nd <= 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s has %d dimensions, expected at most 3", h->name, path, nd);
  TriboCallHDF5(H5Sget_simple_extent_dims, (space, hd, NULL));
  TriboCallHDF5(H5Sclose, (space));
  { // sizes as 64-bit numbers, against PetscInt and the memory (issue 34, item 3: a 2^32 + 1 dataset wrapped and crashed the reader)
    unsigned long long ud[3];
    PetscErrorCode     ierr;
    for (int d = 0; d < nd; d++) ud[d] = (unsigned long long)hd[d];
    ierr = TriboArraySizeCheck(h->name, path, nd, ud, count);
    if (ierr) H5Oclose(obj);
    PetscCall(ierr);
    *ndim = nd;
    for (int d = 0; d < nd; d++) dims[d] = (PetscInt)hd[d];
  }
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadReal - Reads a real (or integer) dataset as doubles.

  Not collective

  Input Parameters:
+ h    - file opened with TriboH5Open()
- path - absolute path of the dataset

  Output Parameters:
+ ndim - number of dimensions (0 for a scalar, at most 3)
. dims - the shape (room for 3)
- data - the values in row-major order, allocated with PetscMalloc1(); PetscFree() them
@*/
PetscErrorCode TriboH5ReadReal(TriboH5 h, const char path[], PetscInt *ndim, PetscInt dims[], PetscReal **data)
{
  hid_t       dset;
  H5T_class_t cls;
  PetscInt    count;

  PetscFunctionBeginUser;
  PetscCall(OpenData_Private(h, path, &dset, &cls, ndim, dims, &count));
  PetscCheck(cls == H5T_FLOAT || cls == H5T_INTEGER, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s does not hold numbers, expected real values",
             h->name, path);
  PetscCall(PetscMalloc1(count, data));
  if (count) TriboCallHDF5Guarded(h->name, path, H5Dread, (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, *data));
  TriboCallHDF5(H5Dclose, (dset));
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadRealInto - Reads a real dataset of a known shape into a caller's array (checkpoints: the shape a restart
  expects), refusing another shape with the file and dataset named.

  Not collective

  Input Parameters:
+ h    - the file
. path - the dataset
. nrow - its rows (or values, for a 1-D dataset)
- ncol - its columns (1 for a 1-D dataset)

  Output Parameter:
. a - nrow ncol values, row-major
@*/
PetscErrorCode TriboH5ReadRealInto(TriboH5 h, const char path[], PetscInt nrow, PetscInt ncol, PetscReal a[])
{
  PetscInt   nd, dims[3];
  PetscReal *v;

  PetscFunctionBeginUser;
  PetscCall(TriboH5ReadReal(h, path, &nd, dims, &v));
  if (!((nd == 1 && dims[0] == nrow && ncol == 1) || (nd == 2 && dims[0] == nrow && dims[1] == ncol))) PetscCall(PetscFree(v));
  PetscCheck((nd == 1 && dims[0] == nrow && ncol == 1) || (nd == 2 && dims[0] == nrow && dims[1] == ncol), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s has %" PetscInt_FMT " dimensions (first %" PetscInt_FMT "), expected %" PetscInt_FMT " x %" PetscInt_FMT
             " (a file of another run?)",
             h->name, path, nd, nd > 0 ? dims[0] : 0, nrow, ncol);
  PetscCall(PetscArraycpy(a, v, nrow * ncol));
  PetscCall(PetscFree(v));
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadInt - Reads an integer dataset into PetscInt, as TriboH5ReadReal().

  Not collective
@*/
PetscErrorCode TriboH5ReadInt(TriboH5 h, const char path[], PetscInt *ndim, PetscInt dims[], PetscInt **data)
{
  hid_t       dset;
  H5T_class_t cls;
  PetscInt    count;
  long long  *buf;

  PetscFunctionBeginUser;
  PetscCall(OpenData_Private(h, path, &dset, &cls, ndim, dims, &count));
  PetscCheck(cls == H5T_INTEGER, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s does not hold integers, expected integer values", h->name, path);
  PetscCall(PetscMalloc1(count, &buf));
  if (count) TriboCallHDF5Guarded(h->name, path, H5Dread, (dset, H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf));
  TriboCallHDF5(H5Dclose, (dset));
  PetscCall(PetscMalloc1(count, data));
  for (PetscInt i = 0; i < count; i++) {
    PetscCheck(buf[i] >= PETSC_MIN_INT && buf[i] <= PETSC_MAX_INT, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s has entry %lld, too large for PetscInt", h->name, path, buf[i]);
    (*data)[i] = (PetscInt)buf[i];
  }
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

// Read the string value(s) of an attribute or dataset obj (variable or fixed length) into n new strings
static PetscErrorCode ReadStrings_Private(hid_t obj, PetscBool isattr, PetscInt n, char **out)
{
  hid_t  ft, mt, space;
  size_t len;

  PetscFunctionBeginUser;
  TriboCallHDF5Return(ft, (isattr ? H5Aget_type : H5Dget_type), (obj));
  TriboCallHDF5Return(space, (isattr ? H5Aget_space : H5Dget_space), (obj));
  TriboCallHDF5Return(mt, H5Tcopy, (H5T_C_S1));
  TriboCallHDF5(H5Tset_cset, (mt, H5Tget_cset(ft)));
  if (H5Tis_variable_str(ft) > 0) {
    char **buf;
    TriboCallHDF5(H5Tset_size, (mt, H5T_VARIABLE));
    PetscCall(PetscCalloc1(n, &buf));
    if (isattr)
      TriboCallHDF5(H5Aread, (obj, mt, buf));
    else
      TriboCallHDF5(H5Dread, (obj, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf));
    for (PetscInt i = 0; i < n; i++) PetscCall(PetscStrallocpy(buf[i] ? buf[i] : "", &out[i]));
    TriboCallHDF5(H5Dvlen_reclaim, (mt, space, H5P_DEFAULT, buf));
    PetscCall(PetscFree(buf));
  } else {
    char *buf;
    len = H5Tget_size(ft) + 1;
    TriboCallHDF5(H5Tset_size, (mt, len));
    TriboCallHDF5(H5Tset_strpad, (mt, H5T_STR_NULLTERM));
    PetscCall(PetscCalloc1(n * len, &buf));
    if (isattr)
      TriboCallHDF5(H5Aread, (obj, mt, buf));
    else
      TriboCallHDF5(H5Dread, (obj, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf));
    for (PetscInt i = 0; i < n; i++) PetscCall(PetscStrallocpy(buf + i * len, &out[i]));
    PetscCall(PetscFree(buf));
  }
  TriboCallHDF5(H5Tclose, (mt));
  TriboCallHDF5(H5Sclose, (space));
  TriboCallHDF5(H5Tclose, (ft));
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadStrings - Reads a 1-D (or scalar) dataset of strings, variable or fixed length.

  Not collective

  Output Parameters:
+ n    - number of strings
- strs - the strings; free each with PetscFree(), then the array
@*/
PetscErrorCode TriboH5ReadStrings(TriboH5 h, const char path[], PetscInt *n, char ***strs)
{
  PetscErrorCode ierr;
  hid_t          dset;
  H5T_class_t    cls;
  PetscInt       ndim, dims[3];

  PetscFunctionBeginUser;
  PetscCall(OpenData_Private(h, path, &dset, &cls, &ndim, dims, n));
  PetscCheck(cls == H5T_STRING, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s does not hold strings, expected a list of strings", h->name,
             path);
  PetscCheck(ndim <= 1, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s has %" PetscInt_FMT " dimensions, expected a 1-D list of strings",
             h->name, path, ndim);
  PetscCall(PetscCalloc1(*n, strs));
  PetscCall(TriboCrashGuardPush(h->name, path));
  ierr = *n ? ReadStrings_Private(dset, PETSC_FALSE, *n, *strs) : 0;
  PetscCall(TriboCrashGuardPop());
  PetscCall(ierr);
  TriboCallHDF5(H5Dclose, (dset));
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadAttrString - Reads a string attribute of a group or dataset into a buffer of len
  characters (truncated if longer).

  Not collective
@*/
PetscErrorCode TriboH5ReadAttrString(TriboH5 h, const char path[], const char name[], char buf[], size_t len)
{
  PetscErrorCode ierr;
  PetscBool      has;
  hid_t          attr, t;
  char          *s;

  PetscFunctionBeginUser;
  PetscCheck(h->fid >= 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "%s is being written: open it with TriboH5Open() to read", h->name);
  PetscCall(TriboH5Exists_Private(h, path, &has));
  PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s not found (looking for its attribute %s)", h->name, path, name);
  PetscCheck(H5Aexists_by_name(h->fid, path, name, H5P_DEFAULT) > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s has no attribute %s",
             h->name, path, name);
  TriboCallHDF5Return(attr, H5Aopen_by_name, (h->fid, path, name, H5P_DEFAULT, H5P_DEFAULT));
  TriboCallHDF5Return(t, H5Aget_type, (attr));
  has = (PetscBool)(H5Tget_class(t) == H5T_STRING);
  TriboCallHDF5(H5Tclose, (t));
  if (!has) TriboCallHDF5(H5Aclose, (attr));
  PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: attribute %s of %s is not a string", h->name, name, path);
  PetscCall(TriboCrashGuardPush(h->name, path));
  ierr = ReadStrings_Private(attr, PETSC_TRUE, 1, &s);
  PetscCall(TriboCrashGuardPop());
  PetscCall(ierr);
  TriboCallHDF5(H5Aclose, (attr));
  PetscCall(PetscStrncpy(buf, s, len));
  PetscCall(PetscFree(s));
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadMatDense - Reads a 2-D dataset, ds[i,j] = A(i,j), into a new SEQDENSE matrix.

  Not collective
@*/
PetscErrorCode TriboH5ReadMatDense(TriboH5 h, const char path[], Mat *A)
{
  PetscInt     ndim, dims[3];
  PetscReal   *buf;
  PetscScalar *a;

  PetscFunctionBeginUser;
  PetscCall(TriboH5ReadReal(h, path, &ndim, dims, &buf));
  if (ndim != 2) PetscCall(PetscFree(buf));
  PetscCheck(ndim == 2, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s has %" PetscInt_FMT " dimensions, expected a matrix (2 dimensions)",
             h->name, path, ndim);
  PetscCall(MatCreateSeqDense(PETSC_COMM_SELF, dims[0], dims[1], NULL, A));
  PetscCall(MatDenseGetArrayWrite(*A, &a));
  for (PetscInt i = 0; i < dims[0]; i++)
    for (PetscInt j = 0; j < dims[1]; j++) a[i + j * dims[0]] = buf[i * dims[1] + j];
  PetscCall(MatDenseRestoreArrayWrite(*A, &a));
  PetscCall(PetscFree(buf));
  PetscFunctionReturn(0);
}

/*@
  TriboH5ReadMatCSR - Reads a CSR group written by TriboH5WriteMatCSR() into a new SEQAIJ matrix.

  Not collective

  Notes:
  Checks the shape, that rowptr starts at 0 and never decreases, that the column indices are in
  range and that the arrays have matching lengths; duplicate entries are summed as in scipy.
@*/
PetscErrorCode TriboH5ReadMatCSR(TriboH5 h, const char path[], Mat *A)
{
  PetscInt  *shape, *rowptr, *colidx, *nnz, nd, d[3], nr, nc, nv, m, n;
  PetscReal *vals;
  PetscBool  has;
  char       sub[PETSC_MAX_PATH_LEN];

  PetscFunctionBeginUser;
  PetscCall(TriboH5Exists_Private(h, path, &has));
  PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: sparse matrix %s not found (a group with shape, rowptr, colidx, values)", h->name,
             path);
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/shape", path));
  PetscCall(TriboH5ReadInt(h, sub, &nd, d, &shape));
  PetscCheck(nd == 1 && d[0] == 2 && shape[0] >= 0 && shape[1] >= 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s must hold 2 non-negative integers (rows, columns)", h->name, sub);
  m = shape[0], n = shape[1];
  PetscCall(PetscFree(shape));
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/rowptr", path));
  PetscCall(TriboH5ReadInt(h, sub, &nd, d, &rowptr));
  PetscCheck(nd == 1 && d[0] == m + 1, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s has %" PetscInt_FMT " entries, expected %" PetscInt_FMT " (rows + 1)", h->name, sub, nd == 1 ? d[0] : -1, m + 1);
  PetscCheck(rowptr[0] == 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must start at 0 (0-based CSR)", h->name, sub);
  PetscCall(PetscMalloc1(m, &nnz));
  for (PetscInt i = 0; i < m; i++) {
    nnz[i] = rowptr[i + 1] - rowptr[i];
    PetscCheck(nnz[i] >= 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s decreases at row %" PetscInt_FMT, h->name, sub, i);
  }
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/colidx", path));
  PetscCall(TriboH5ReadInt(h, sub, &nd, d, &colidx));
  nc = nd == 1 ? d[0] : -1;
  PetscCall(PetscSNPrintf(sub, sizeof(sub), "%s/values", path));
  PetscCall(TriboH5ReadReal(h, sub, &nd, d, &vals));
  nv = nd == 1 ? d[0] : -1;
  nr = rowptr[m];
  PetscCheck(nc == nr && nv == nr, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s has %" PetscInt_FMT " column indices and %" PetscInt_FMT " values, expected 1-D arrays of %" PetscInt_FMT " (rowptr[rows])",
             h->name, path, nc, nv, nr);
  for (PetscInt k = 0; k < nr; k++)
    PetscCheck(colidx[k] >= 0 && colidx[k] < n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s/colidx[%" PetscInt_FMT "] = %" PetscInt_FMT " is outside [0, %" PetscInt_FMT ")", h->name, path, k, colidx[k], n);
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, m, n, 0, nnz, A));
  for (PetscInt i = 0; i < m; i++) PetscCall(MatSetValues(*A, 1, &i, nnz[i], colidx + rowptr[i], vals + rowptr[i], ADD_VALUES));
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(PetscFree(nnz));
  PetscCall(PetscFree(rowptr));
  PetscCall(PetscFree(colidx));
  PetscCall(PetscFree(vals));
  PetscFunctionReturn(0);
}
