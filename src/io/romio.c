#include <tribo/private/h5impl.h>
#include <stdio.h>
#include <string.h>

/*@
  TriboROMWriteH5 - Writes a ROM into the /rom group of a file being written.

  Not collective (returns at once on ranks other than 0)

  Input Parameters:
+ rom - the reduced structure
- h   - file from TriboH5Create()

  Notes:
  Layout: attributes title and units of /rom; M, K (n x n), Fv (n), R (nrec x n), R_labels;
  /rom/interface with nodes (nnodes x 3), elements (nelem x 4, -1 pads triangles), points
  (npts x 3), weights, point_element and Q, T, L as CSR groups (see triboio.h).

.seealso: `TriboROMSave()`, `TriboROMLoadHDF5()`
@*/
PetscErrorCode TriboROMWriteH5(TriboROM rom, TriboH5 h)
{
  const PetscScalar *fv;
  TriboInterface     f = rom->iface;

  PetscFunctionBeginUser;
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_ROM, "title", rom->title));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_ROM, "units", "SI: m, kg, s, N"));
  PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_M, rom->M));
  PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_K, rom->K));
  PetscCall(VecGetArrayRead(rom->Fv, &fv));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_ROM_FV, 1, &rom->n, fv));
  PetscCall(VecRestoreArrayRead(rom->Fv, &fv));
  if (rom->nrec > 0) {
    PetscCall(TriboH5WriteMatDense(h, TRIBO_H5_ROM_R, rom->R));
    PetscCall(TriboH5WriteStrings(h, TRIBO_H5_ROM_RLAB, rom->nrec, (const char *const *)rom->rlabels));
  }
  if (f) {
    PetscInt   d3[2] = {f->nnodes, 3}, d4[2] = {f->nelem, 4}, dp[2] = {f->npts, 3};
    PetscReal *zero = NULL;
    PetscInt  *none = NULL;

    // coordinates and elements are unknown for a ROM imported from a .mat file: store zeros and -1
    if (!f->xyz || !f->pxyz) PetscCall(PetscCalloc1(3 * PetscMax(f->nnodes, f->npts), &zero));
    if (!f->pelem) {
      PetscCall(PetscMalloc1(f->npts, &none));
      for (PetscInt p = 0; p < f->npts; p++) none[p] = -1;
    }
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_NODES, 2, d3, f->xyz ? f->xyz : zero));
    PetscCall(TriboH5WriteInt(h, TRIBO_H5_IF_ELEMS, 2, d4, f->elem));
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_PTS, 2, dp, f->pxyz ? f->pxyz : zero));
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_IF_W, 1, &f->npts, f->pw));
    PetscCall(TriboH5WriteInt(h, TRIBO_H5_IF_PELEM, 1, &f->npts, f->pelem ? f->pelem : none));
    PetscCall(TriboH5WriteMatCSR(h, TRIBO_H5_IF_Q, f->Q));
    PetscCall(TriboH5WriteMatCSR(h, TRIBO_H5_IF_T, f->T));
    PetscCall(TriboH5WriteMatCSR(h, TRIBO_H5_IF_L, f->L));
    PetscCall(PetscFree(zero));
    PetscCall(PetscFree(none));
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode ROMSave_Private(TriboROM rom, TriboH5 h, const char verb[])
{
  PetscBool   has = PETSC_FALSE;
  const char *src = rom->source;

  PetscFunctionBeginUser;
  if (src[0]) PetscCall(PetscTestFile(src, 'r', &has));
  PetscCall(TriboH5WriteMeta(h, verb, has ? 1 : 0, &src));
  PetscCall(TriboROMWriteH5(rom, h));
  PetscFunctionReturn(0);
}

/*@
  TriboROMSave - Writes a ROM file (/meta and /rom) atomically.

  Collective

  Input Parameters:
+ rom      - the reduced structure
. filename - output file; replaced only when the new one is complete
- verb     - the verb that made it, stored in /meta (the ROM's source file, if any, is
             recorded as the input, with its SHA-256)

.seealso: `TriboROMLoad()`, `TriboROMWriteH5()`, `TriboH5Create()`
@*/
PetscErrorCode TriboROMSave(TriboROM rom, const char filename[], const char verb[])
{
  TriboH5        h;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(rom->comm, filename, &h));
  // on an error, discard the temporary file on every rank before passing the error on
  ierr = ROMSave_Private(rom, h, verb);
  PetscCall(TriboH5Close(&h, ierr ? PETSC_FALSE : PETSC_TRUE));
  PetscCall(ierr);
  PetscFunctionReturn(0);
}

// Read a real vector of length n stored as (n), (n,1) or (1,n)
static PetscErrorCode ReadVector_Private(TriboH5 h, const char path[], PetscInt n, const char what[], PetscReal **v)
{
  const char *fn;
  PetscInt    nd, d[3];
  char        shape[64] = "a scalar";

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboH5ReadReal(h, path, &nd, d, v));
  if (nd == 1) PetscCall(PetscSNPrintf(shape, sizeof(shape), "of length %" PetscInt_FMT, d[0]));
  if (nd == 2) PetscCall(PetscSNPrintf(shape, sizeof(shape), "%" PetscInt_FMT " x %" PetscInt_FMT, d[0], d[1]));
  if (nd == 3) PetscCall(PetscSNPrintf(shape, sizeof(shape), "%" PetscInt_FMT " x %" PetscInt_FMT " x %" PetscInt_FMT, d[0], d[1], d[2]));
  PetscCheck((nd == 1 && d[0] == n) || (nd == 2 && ((d[0] == n && d[1] == 1) || (d[0] == 1 && d[1] == n))), PETSC_COMM_SELF,
             PETSC_ERR_FILE_UNEXPECTED, "%s: %s is %s, expected a vector of length %" PetscInt_FMT " (%s)", fn, path, shape, n, what);
  PetscFunctionReturn(0);
}

static PetscErrorCode ReadInterface_Private(TriboH5 h, TriboROM rom)
{
  const char    *fn;
  TriboInterface f;
  PetscInt       nd, d[3], m, n, *elem = NULL;
  PetscReal     *xyz;
  PetscBool      has;

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboInterfaceCreate(&rom->iface));
  f = rom->iface;
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_IF_NODES, &nd, d, &xyz));
  f->xyz = xyz;
  PetscCheck(nd == 2 && d[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nnodes x 3 (node coordinates)", fn, TRIBO_H5_IF_NODES);
  f->nnodes = d[0];
  PetscCall(TriboH5ReadMatCSR(h, TRIBO_H5_IF_L, &f->L));
  PetscCall(TriboH5ReadMatCSR(h, TRIBO_H5_IF_Q, &f->Q));
  PetscCall(TriboH5ReadMatCSR(h, TRIBO_H5_IF_T, &f->T));
  PetscCall(MatGetSize(f->L, &m, &n));
  PetscCheck(m == 3 * f->nnodes && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT " (3 x nodes of %s by DOFs of %s)", fn,
             TRIBO_H5_IF_L, m, n, 3 * f->nnodes, rom->n, TRIBO_H5_IF_NODES, TRIBO_H5_ROM_M);
  PetscCall(MatGetSize(f->Q, &m, &n));
  PetscCheck(n == f->nnodes, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected points x %" PetscInt_FMT " (nodes)", fn, TRIBO_H5_IF_Q, m, n, f->nnodes);
  f->npts = m;
  PetscCall(MatGetSize(f->T, &m, &n));
  PetscCheck(m == f->nnodes && n == f->npts, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " x %" PetscInt_FMT
             " (nodes by points, the transpose shape of %s)",
             fn, TRIBO_H5_IF_T, m, n, f->nnodes, f->npts, TRIBO_H5_IF_Q);
  PetscCall(ReadVector_Private(h, TRIBO_H5_IF_W, f->npts, "one weight per point, rows of " TRIBO_H5_IF_Q, &f->pw));
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_PTS, &has));
  if (has) {
    PetscCall(TriboH5ReadReal(h, TRIBO_H5_IF_PTS, &nd, d, &f->pxyz));
    PetscCheck(nd == 2 && d[0] == f->npts && d[1] == 3, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s must be %" PetscInt_FMT " x 3 (one row per point of %s)", fn, TRIBO_H5_IF_PTS, f->npts, TRIBO_H5_IF_Q);
  } else
    PetscCall(PetscCalloc1(3 * f->npts, &f->pxyz));
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_ELEMS, &has));
  if (has) {
    PetscCall(TriboH5ReadInt(h, TRIBO_H5_IF_ELEMS, &nd, d, &elem));
    f->elem = elem;
    PetscCheck(nd == 2 && d[1] == 4, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s must be nelem x 4 (node indices, -1 in the last column for a triangle)", fn, TRIBO_H5_IF_ELEMS);
    f->nelem = d[0];
    for (PetscInt k = 0; k < 4 * f->nelem; k++)
      PetscCheck((elem[k] >= 0 && elem[k] < f->nnodes) || (k % 4 == 3 && elem[k] == -1), PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s[%" PetscInt_FMT ",%" PetscInt_FMT "] = %" PetscInt_FMT " is not a node index in [0, %" PetscInt_FMT ")", fn,
                 TRIBO_H5_IF_ELEMS, k / 4, k % 4, elem[k], f->nnodes);
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_IF_PELEM, &has));
  if (has) {
    PetscCall(TriboH5ReadInt(h, TRIBO_H5_IF_PELEM, &nd, d, &f->pelem));
    PetscCheck(nd == 1 && d[0] == f->npts, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " entries (one per point)",
               fn, TRIBO_H5_IF_PELEM, f->npts);
    for (PetscInt p = 0; p < f->npts; p++)
      PetscCheck(f->pelem[p] >= -1 && f->pelem[p] < f->nelem, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
                 "%s: %s[%" PetscInt_FMT "] = %" PetscInt_FMT " is not an element index in [-1, %" PetscInt_FMT ")", fn, TRIBO_H5_IF_PELEM, p,
                 f->pelem[p], f->nelem);
  } else {
    PetscCall(PetscMalloc1(f->npts, &f->pelem));
    for (PetscInt p = 0; p < f->npts; p++) f->pelem[p] = -1;
  }
  PetscFunctionReturn(0);
}

static PetscErrorCode ROMLoadHDF5_Private(TriboH5 h, TriboROM rom)
{
  const char *fn;
  PetscInt    m, n, nd;
  PetscBool   has;

  PetscFunctionBeginUser;
  PetscCall(TriboH5GetFileName(h, &fn));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM, &has));
  PetscCheck(has, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s has no group %s: not a tribo ROM file", fn, TRIBO_H5_ROM);
  if (H5Aexists_by_name(h->fid, TRIBO_H5_ROM, "title", H5P_DEFAULT) > 0)
    PetscCall(TriboH5ReadAttrString(h, TRIBO_H5_ROM, "title", rom->title, sizeof(rom->title)));
  PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_M, &rom->M));
  PetscCall(MatGetSize(rom->M, &m, &n));
  PetscCheck(m == n && n > 0, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED, "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix",
             fn, TRIBO_H5_ROM_M, m, n);
  rom->n = n;
  PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_K, &rom->K));
  PetscCall(MatGetSize(rom->K, &m, &n));
  PetscCheck(m == rom->n && n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected a square matrix of size %" PetscInt_FMT " (same as %s)", fn, TRIBO_H5_ROM_K,
             m, n, rom->n, TRIBO_H5_ROM_M);
  PetscCall(VecCreateSeq(PETSC_COMM_SELF, rom->n, &rom->Fv));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_FV, &has));
  if (has) {
    PetscReal   *fv;
    PetscScalar *a;
    PetscCall(ReadVector_Private(h, TRIBO_H5_ROM_FV, rom->n, "size of " TRIBO_H5_ROM_M, &fv));
    PetscCall(VecGetArrayWrite(rom->Fv, &a));
    for (PetscInt i = 0; i < rom->n; i++) a[i] = fv[i];
    PetscCall(VecRestoreArrayWrite(rom->Fv, &a));
    PetscCall(PetscFree(fv));
  } else
    PetscCall(VecZeroEntries(rom->Fv));
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_R, &has));
  if (has) {
    PetscCall(TriboH5ReadMatDense(h, TRIBO_H5_ROM_R, &rom->R));
    PetscCall(MatGetSize(rom->R, &m, &n));
    PetscCheck(n == rom->n, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s is %" PetscInt_FMT " x %" PetscInt_FMT ", expected %" PetscInt_FMT " columns (size of %s)", fn, TRIBO_H5_ROM_R, m, n, rom->n,
               TRIBO_H5_ROM_M);
    rom->nrec = m;
    if (!m) PetscCall(MatDestroy(&rom->R));
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_ROM_RLAB, &has));
  if (has) {
    char **lab;
    PetscCall(TriboH5ReadStrings(h, TRIBO_H5_ROM_RLAB, &nd, &lab));
    if (nd == rom->nrec)
      rom->rlabels = lab;
    else {
      for (PetscInt i = 0; i < nd; i++) PetscCall(PetscFree(lab[i]));
      PetscCall(PetscFree(lab));
    }
    PetscCheck(nd == rom->nrec, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s: %s has %" PetscInt_FMT " labels, expected %" PetscInt_FMT " (rows of %s)", fn, TRIBO_H5_ROM_RLAB, nd, rom->nrec, TRIBO_H5_ROM_R);
  } else if (rom->nrec) {
    PetscCall(PetscCalloc1(rom->nrec, &rom->rlabels));
    for (PetscInt i = 0; i < rom->nrec; i++) {
      char lab[32];
      PetscCall(PetscSNPrintf(lab, sizeof(lab), "R%" PetscInt_FMT, i + 1));
      PetscCall(PetscStrallocpy(lab, &rom->rlabels[i]));
    }
  }
  PetscCall(TriboH5Has(h, TRIBO_H5_IFACE, &has));
  if (has) PetscCall(ReadInterface_Private(h, rom));
  PetscFunctionReturn(0);
}

// Every rank computes nothing twice: rank 0 hashes the file and broadcasts the digest
static PetscErrorCode ROMSetSource_Private(TriboROM rom, const char filename[])
{
  PetscMPIInt rank;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(rom->source, filename, sizeof(rom->source)));
  PetscCallMPI(MPI_Comm_rank(rom->comm, &rank));
  if (!rank) PetscCall(TriboFileSHA256(filename, rom->sha256));
  PetscCallMPI(MPI_Bcast(rom->sha256, 65, MPI_CHAR, 0, rom->comm));
  PetscFunctionReturn(0);
}

/*@
  TriboROMLoadHDF5 - Reads a ROM from a tribo HDF5 file (group /rom).

  Collective

  Input Parameters:
+ comm     - ranks that will share the ROM (each holds a copy)
- filename - the file

  Output Parameter:
. rom - the ROM, with source and sha256 set

  Notes:
  Fv (zero if absent), R, R_labels ("R1".. if absent) and /rom/interface are optional. Shapes
  are checked against each other and TriboROMCheck() checks the values; every error names the
  file and the dataset.

.seealso: `TriboROMLoad()`, `TriboROMSave()`
@*/
PetscErrorCode TriboROMLoadHDF5(MPI_Comm comm, const char filename[], TriboROM *rom)
{
  TriboH5        h;
  TriboROM       r;
  PetscErrorCode ierr;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(comm, filename, &h));
  PetscCall(TriboROMCreate(comm, &r));
  // on an error, close the file and free the partial ROM before passing the error on
  ierr = ROMLoadHDF5_Private(h, r);
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  if (!ierr) ierr = TriboROMCheck(r, filename);
  if (ierr) PetscCall(TriboROMDestroy(&r));
  PetscCall(ierr);
  PetscCall(ROMSetSource_Private(r, filename));
  *rom = r;
  PetscFunctionReturn(0);
}

typedef enum { ROM_FORMAT_UNKNOWN, ROM_FORMAT_HDF5, ROM_FORMAT_MAT5, ROM_FORMAT_MAT73 } ROMFormat;

// HDF5 by the HDF5 library (TriboH5IsHDF5(): the signature at offset 0, 512, 1024, ...); MATLAB text header "MATLAB 5.0 MAT-file"
// (v5, v7) or "MATLAB 7.3 MAT-file" (an HDF5 file with a 512-byte header), told apart by TriboROMLoad() by their contents
static PetscErrorCode ROMFileFormat_Private(const char filename[], ROMFormat *fmt)
{
  unsigned char buf[128];
  PetscBool     flg;
  size_t        nr;
  FILE         *fp;
  htri_t        hdf5;

  PetscFunctionBeginUser;
  *fmt = ROM_FORMAT_UNKNOWN;
  PetscCall(PetscTestFile(filename, '\0', &flg));
  PetscCheck(flg, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "file %s does not exist", filename);
  fp = fopen(filename, "rb");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s for reading", filename);
  nr = fread(buf, 1, sizeof(buf), fp);
  fclose(fp);
  H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
  TriboCallHDF5Return(hdf5, TriboH5IsHDF5, (filename));
  if (hdf5 > 0) *fmt = ROM_FORMAT_HDF5;
  if (nr >= 19 && !memcmp(buf, "MATLAB 5.0 MAT-file", 19) && *fmt == ROM_FORMAT_UNKNOWN) *fmt = ROM_FORMAT_MAT5;
  if (nr >= 19 && !memcmp(buf, "MATLAB 7.3 MAT-file", 19) && *fmt == ROM_FORMAT_HDF5) *fmt = ROM_FORMAT_MAT73;
  PetscFunctionReturn(0);
}

/*@
  TriboROMLoad - Reads a ROM file, choosing the reader from the file's contents.

  Collective

  Input Parameters:
+ comm     - ranks that will share the ROM
- filename - a tribo HDF5 file with a /rom group, or a MATLAB .mat file (v5, v7 or v7.3) with
             the variables M, K and optionally Fv, R, L, Qm, Tm

  Output Parameter:
. rom - the ROM

  Notes:
  An HDF5 file (H5Fis_accessible(): signature at offset 0, 512, 1024, ...) with a /rom group is read by
  TriboROMLoadHDF5(); a file with a MATLAB v5 header, or an HDF5 file with a MATLAB v7.3 header
  and no /rom group, by TriboROMLoadMAT(). The extension does not matter.

.seealso: `TriboROMLoadHDF5()`, `TriboROMLoadMAT()`, `TriboROMSave()`
@*/
PetscErrorCode TriboROMLoad(MPI_Comm comm, const char filename[], TriboROM *rom)
{
  ROMFormat fmt;

  PetscFunctionBeginUser;
  PetscCall(ROMFileFormat_Private(filename, &fmt));
  if (fmt == ROM_FORMAT_HDF5 || fmt == ROM_FORMAT_MAT73) {
    TriboH5   h;
    PetscBool has;
    PetscCall(TriboH5Open(comm, filename, &h));
    PetscCall(TriboH5Has(h, TRIBO_H5_ROM, &has));
    PetscCall(TriboH5Close(&h, PETSC_FALSE));
    if (has) fmt = ROM_FORMAT_HDF5;
    PetscCheck(has || fmt == ROM_FORMAT_MAT73, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
               "%s is an HDF5 file without a %s group: neither a tribo ROM file nor a MATLAB v7.3 file", filename, TRIBO_H5_ROM);
  }
  PetscCheck(fmt != ROM_FORMAT_UNKNOWN, PETSC_COMM_SELF, PETSC_ERR_FILE_UNEXPECTED,
             "%s: unknown ROM file format (expected a tribo HDF5 file with a %s group, or a MATLAB v5/v7.3 .mat file)", filename, TRIBO_H5_ROM);
  if (fmt == ROM_FORMAT_HDF5)
    PetscCall(TriboROMLoadHDF5(comm, filename, rom));
  else
    PetscCall(TriboROMLoadMAT(comm, filename, rom));
  PetscFunctionReturn(0);
}
