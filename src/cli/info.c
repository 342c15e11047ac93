#include <tribocli.h>
#include <errno.h>

static PetscErrorCode IsHDF5_Private(const char path[], PetscBool *is)
{
  FILE               *fp;
  unsigned char       sig[8] = {0};
  const unsigned char h5[8]  = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

  PetscFunctionBeginUser;
  *is = PETSC_FALSE;
  fp  = fopen(path, "rb");
  PetscCheck(fp, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "cannot open %s: %s", path, strerror(errno));
  for (long off = 0; off <= 2048 && !*is; off = off ? 2 * off : 512) {
    if (fseek(fp, off, SEEK_SET) || fread(sig, 1, 8, fp) != 8) break;
    *is = (PetscBool)!memcmp(sig, h5, 8);
  }
  fclose(fp);
  PetscFunctionReturn(0);
}

/* Summary of a tribo result file: provenance, prestress, modes, transient, backbones */
static PetscErrorCode InfoResult_Private(MPI_Comm comm, TriboH5 h5, const char path[])
{
  char       buf[4096];
  PetscBool  has;
  PetscInt   rank, dims[3];
  PetscReal *v;

  PetscFunctionBeginUser;
  PetscCall(PetscPrintf(comm, "tribo result file %s\n", path));
  const char *keys[] = {"verb", "version", "git_revision", "date", "options"};
  for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
    buf[0] = 0;
    PetscCall(TriboH5ReadAttrString(h5, TRIBO_H5_META, keys[i], buf, sizeof(buf)));
    PetscCall(PetscPrintf(comm, "  %-13s %s\n", keys[i], buf));
  }
  PetscCall(TriboH5Has(h5, TRIBO_H5_PRESTRESS "/u", &has));
  if (has) PetscCall(PetscPrintf(comm, "  /prestress     static displacement and interface point fields\n"));
  PetscCall(TriboH5Has(h5, TRIBO_H5_LAW "/time", &has));
  if (has) {
    PetscCall(TriboH5ReadAttrString(h5, TRIBO_H5_LAW, "laws", buf, sizeof(buf)));
    PetscCall(PetscPrintf(comm, "  /law          interface laws driven through a history (tribo law): %s\n", buf));
  }
  PetscCall(TriboH5Has(h5, TRIBO_H5_MODAL "/frequency_hz", &has));
  if (has) {
    PetscCall(TriboH5ReadReal(h5, TRIBO_H5_MODAL "/frequency_hz", &rank, dims, &v));
    PetscCall(PetscPrintf(comm, "  /modal         %" PetscInt_FMT " frequencies (Hz):", dims[0]));
    for (PetscInt i = 0; i < dims[0]; i++) PetscCall(PetscPrintf(comm, " %.2f", (double)v[i]));
    PetscCall(PetscPrintf(comm, "\n"));
    PetscCall(PetscFree(v));
  }
  PetscCall(TriboH5Has(h5, TRIBO_H5_TRANSIENT "/time", &has));
  if (has) {
    buf[0] = 0;
    PetscCall(TriboH5ReadAttrString(h5, TRIBO_H5_TRANSIENT, "force", buf, sizeof(buf)));
    PetscCall(TriboH5ReadReal(h5, TRIBO_H5_TRANSIENT "/time", &rank, dims, &v));
    PetscCall(PetscPrintf(comm, "  /transient     %" PetscInt_FMT " records from %g to %g s, load %s\n", dims[0], (double)(dims[0] ? v[0] : 0),
                          (double)(dims[0] ? v[dims[0] - 1] : 0), buf));
    PetscCall(PetscFree(v));
  }
  for (PetscInt m = 1; m <= 100; m++) {
    char       g[128];
    PetscReal *q, *f, *z;
    PetscCall(PetscSNPrintf(g, sizeof(g), TRIBO_H5_BACKBONE "/mode%" PetscInt_FMT "/frequency_hz", m));
    PetscCall(TriboH5Has(h5, g, &has));
    if (!has) continue;
    PetscCall(TriboH5ReadReal(h5, g, &rank, dims, &f));
    PetscCall(PetscSNPrintf(g, sizeof(g), TRIBO_H5_BACKBONE "/mode%" PetscInt_FMT "/modal_amplitude", m));
    PetscCall(TriboH5ReadReal(h5, g, &rank, dims, &q));
    PetscCall(PetscSNPrintf(g, sizeof(g), TRIBO_H5_BACKBONE "/mode%" PetscInt_FMT "/damping", m));
    PetscCall(TriboH5ReadReal(h5, g, &rank, dims, &z));
    PetscCall(PetscPrintf(comm, "  /backbone/mode%" PetscInt_FMT ": %" PetscInt_FMT " amplitudes\n    %-12s %-12s %s\n", m, dims[0], "q", "freq (Hz)",
                          "zeta"));
    for (PetscInt i = 0; i < dims[0]; i++) PetscCall(PetscPrintf(comm, "    %-12.4e %-12.5f %.5e\n", (double)q[i], (double)f[i], (double)z[i]));
    PetscCall(PetscFree(q));
    PetscCall(PetscFree(f));
    PetscCall(PetscFree(z));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboVerbInfo - tribo info -input FILE: describes a ROM (.h5 or .mat) or a tribo result file.
@*/
PetscErrorCode TriboVerbInfo(MPI_Comm comm, PetscBool help)
{
  char      path[PETSC_MAX_PATH_LEN] = "";
  PetscBool set, ish5, hasrom = PETSC_TRUE, hasmeta = PETSC_FALSE;
  TriboROM  rom;

  PetscFunctionBeginUser;
  if (help) PetscCall(PetscPrintf(comm, "tribo info -input FILE: describe a ROM (.h5/.mat) or a result file\n"));
  TriboOptionsBegin(comm, NULL, "Info", "tribo");
  PetscCall(PetscOptionsString("-input", "file to describe", "", path, path, sizeof(path), &set));
  TriboOptionsEnd();
  if (help) PetscFunctionReturn(0);
  PetscCheck(set, comm, PETSC_ERR_USER_INPUT, "tribo info needs -input FILE");
  PetscCall(TriboCheckOptionsUsed(comm, "info"));
  PetscCall(IsHDF5_Private(path, &ish5));
  if (ish5) {
    TriboH5 h5;
    PetscCall(TriboH5Open(comm, path, &h5));
    PetscCall(TriboH5Has(h5, TRIBO_H5_ROM, &hasrom));
    PetscCall(TriboH5Has(h5, TRIBO_H5_META, &hasmeta));
    if (!hasrom && hasmeta) PetscCall(InfoResult_Private(comm, h5, path));
    PetscCall(TriboH5Close(&h5, PETSC_FALSE));
  }
  if (hasrom || !hasmeta) {
    PetscCall(TriboROMLoad(comm, path, &rom));
    PetscCall(TriboROMView(rom, PETSC_VIEWER_STDOUT_(comm)));
    PetscCall(TriboROMDestroy(&rom));
  }
  PetscFunctionReturn(0);
}
