/* tribo rom: finite-element deck -> reduced structure (Craig-Bampton with the interface kept). */
#include <tribocli.h>
#include <tribocb.h>
#include <tribozte.h>
#include <sys/resource.h>
#include <string.h>

static PetscReal PeakMB_Private(void)
{
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss / 1024.0; // Linux: kilobytes
}

/* tribo rom -rom cb.h5: the interface reduction and the condensation of a saved Craig-Bampton ROM */
static PetscErrorCode RomFromROM_Private(MPI_Comm comm, const char from[], const char out[], TriboZTE zte, TriboCB cb)
{
  TriboROM       rom;
  PetscInt       ncond;
  PetscLogDouble t0, t1;
  char          *c;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t0));
  PetscCall(TriboROMLoad(comm, from, &rom));
  PetscCall(PetscStrstr(rom->title, "condensed", &c));
  PetscCheck(!c, comm, PETSC_ERR_USER_INPUT,
             "tribo rom -rom %s: this ROM is already condensed (%s); write the Craig-Bampton ROM without -rom_condense_modes to reduce it further",
             from, rom->title);
  PetscCall(PetscStrstr(rom->title, "Craig-Bampton", &c));
  PetscCheck(c && rom->iface && rom->iface->nelem > 0, comm, PETSC_ERR_USER_INPUT,
             "tribo rom -rom %s: not a Craig-Bampton ROM of a deck with its interface elements (%s)", from, rom->title);
  PetscCall(TriboZTEApply(zte, rom));
  PetscCall(TriboCBGetCondenseModes(cb, &ncond));
  PetscCall(TriboCBCondense(cb, rom));
  if (ncond >= 0)
    PetscCall(PetscPrintf(comm, "Condensed to the interface DOFs plus %" PetscInt_FMT " modes: %" PetscInt_FMT " DOFs\n", ncond, rom->n));
  PetscCall(PetscStrncpy(rom->source, from, sizeof(rom->source)));
  PetscCall(TriboROMSave(rom, out, "rom"));
  PetscCall(PetscTime(&t1));
  PetscCall(TriboROMView(rom, PETSC_VIEWER_STDOUT_(comm)));
  PetscCall(PetscPrintf(comm, "Timings (s): total %.2f\nwrote %s\n", (double)(t1 - t0), out));
  PetscCall(TriboROMDestroy(&rom));
  PetscFunctionReturn(0);
}

/*@
  TriboVerbRom - tribo rom -deck DECK.inp -output rom.h5: reads an Abaqus deck, assembles K, M
  and the bolt load case with the deck's constraints, checks them (symmetry, mass, rigid-body
  modes), reduces with Craig-Bampton keeping the joint interface in relative coordinates, and
  writes the ROM with its zero-thickness interface; -rom_condense_modes m then keeps only the
  interface DOFs plus m modes of the rest (second-stage Craig-Bampton, TriboROMCondense()).

  Collective

  Input Parameters:
+ comm - communicator of the FE system (K and M are distributed over its ranks)
- help - PETSC_TRUE: print the usage and every option with its default, compute nothing

  Options Database Keys:
+ -deck <file.inp>   - the Abaqus input deck
. -output <rom.h5>   - the ROM file to write
. -rom <cb.h5>       - instead of a deck: a saved Craig-Bampton ROM (not condensed) whose interface is reduced (-rom_zte_*) and
                       which is condensed (-rom_condense_modes)
. -xdmf              - also store the FE surface with the basis at its nodes (/fe/surface, -rom_store_surface)
                       and write the output name with .xdmf (surface and modal basis columns) for ParaView
. -inp_*             - the deck reader (TriboMeshSetFromOptions())
. -fe_*              - the assembly and the constraints (TriboFESystemSetFromOptions())
. -rom_*             - the reduction (TriboCBSetFromOptions())
- -rom_zte_*         - the interface reduction to a coarse ZTE mesh, before the condensation (TriboZTESetFromOptions())

  Notes:
  Every object is created and reads its options first; an option that none of them used (a
  misspelling) is an error before the deck is read.

.seealso: TriboMeshReadAbaqus(), TriboFESystemSetUp(), TriboCBReduce()
@*/
PetscErrorCode TriboVerbRom(MPI_Comm comm, PetscBool help)
{
  char           deck[PETSC_MAX_PATH_LEN] = "", out[PETSC_MAX_PATH_LEN] = "rom.h5", from[PETSC_MAX_PATH_LEN] = "";
  PetscBool      set, xdmf = PETSC_FALSE, hasfrom;
  PetscInt       ncond;
  char           xname[PETSC_MAX_PATH_LEN];
  TriboMesh      mesh = NULL;
  TriboFESystem  fe   = NULL;
  TriboCB        cb   = NULL;
  TriboZTE       zte  = NULL;
  TriboROM       rom  = NULL;
  PetscLogDouble t0, t1, t2, t3, t4, t5;
  PetscMPIInt    size;

  PetscFunctionBeginUser;
  if (help)
    PetscCall(
        PetscPrintf(comm, "tribo rom -deck DECK.inp [-output rom.h5]: Craig-Bampton reduction of an Abaqus deck with the joint interface kept\n"));
  TriboOptionsBegin(comm, NULL, "Reduction of an FE deck", "tribo");
  PetscCall(PetscOptionsString("-deck", "Abaqus input deck (.inp)", "TriboMeshReadAbaqus", deck, deck, sizeof(deck), &set));
  PetscCall(PetscOptionsString("-output", "ROM file to write (HDF5)", "TriboROMSave", out, out, sizeof(out), NULL));
  PetscCall(PetscOptionsString("-rom",
                               "instead of a deck: a Craig-Bampton ROM written by tribo rom without -rom_condense_modes, to reduce its interface "
                               "(-rom_zte_*) and condense it again",
                               "TriboZTEApply", from, from, sizeof(from), &hasfrom));
  PetscCall(PetscOptionsBool(
      "-xdmf", "store the FE surface and the basis at its nodes (as -rom_store_surface) and write the output name with .xdmf for ParaView",
      "TriboROMWriteXdmf", xdmf, &xdmf, NULL));
  TriboOptionsEnd();
  // every object reads its options before any work
  PetscCall(TriboMeshCreate(comm, &mesh));
  PetscCall(TriboMeshSetFromOptions(mesh));
  PetscCall(TriboFESystemCreate(comm, &fe));
  PetscCall(TriboFESystemSetFromOptions(fe));
  PetscCall(TriboCBCreate(comm, &cb));
  PetscCall(TriboCBSetFromOptions(cb));
  if (xdmf) PetscCall(TriboCBSetStoreSurface(cb, PETSC_TRUE));
  PetscCall(TriboZTECreate(comm, &zte));
  PetscCall(TriboZTESetFromOptions(zte));
  if (help) {
    PetscCall(TriboZTEDestroy(&zte));
    PetscCall(TriboCBDestroy(&cb));
    PetscCall(TriboFESystemDestroy(&fe));
    PetscCall(TriboMeshDestroy(&mesh));
    PetscFunctionReturn(0);
  }
  PetscCheck(set || hasfrom, comm, PETSC_ERR_USER_INPUT,
             "tribo rom needs an input deck: -deck model.inp (make one with: tribo mesh -output lapbeam.inp), or a ROM to re-reduce: -rom cb.h5");
  PetscCheck(!(set && hasfrom), comm, PETSC_ERR_USER_INPUT, "tribo rom: give -deck or -rom, not both");
  {
    const char *in[1] = {set ? deck : from};
    PetscCall(TriboCheckOutput(comm, "-output", out, 1, in));
  }
  PetscCall(TriboCheckOptionsUsed(comm, "rom"));
  if (hasfrom) {
    PetscCall(RomFromROM_Private(comm, from, out, zte, cb));
    PetscCall(TriboZTEDestroy(&zte));
    PetscCall(TriboCBDestroy(&cb));
    PetscCall(TriboFESystemDestroy(&fe));
    PetscCall(TriboMeshDestroy(&mesh));
    PetscFunctionReturn(0);
  }
  PetscCall(TriboCBSetUp(cb));
  PetscCall(TriboCBGetCondenseModes(cb, &ncond));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(PetscTime(&t0));
  PetscCall(TriboMeshReadAbaqus(mesh, deck));
  PetscCall(PetscTime(&t1));
  PetscCall(PetscPrintf(comm,
                        "Read %s: %" PetscInt_FMT " nodes, %" PetscInt_FMT " elements, %" PetscInt_FMT " ties, %" PetscInt_FMT
                        " couplings, %" PetscInt_FMT " equations (%.2f s)\n",
                        deck, mesh->nnodes, mesh->nelem, mesh->nties, mesh->ncouplings, mesh->neqs, (double)(t1 - t0)));
  PetscCall(TriboFESystemSetMesh(fe, mesh));
  PetscCall(TriboFESystemSetUp(fe));
  PetscCall(PetscTime(&t2));
  {
    PetscReal sk, sm, mass[3], rb[6], vol, rhov, rbmax = 0;
    PetscCall(TriboFECheckSymmetry(fe->K, &sk));
    PetscCall(TriboFECheckSymmetry(fe->M, &sm));
    PetscCall(TriboFECheckMass(fe, mass));
    PetscCall(TriboFECheckRigidBody(fe, rb));
    PetscCall(TriboFEMeshVolume(mesh, &vol, &rhov));
    for (int k = 0; k < 6; k++) rbmax = PetscMax(rbmax, rb[k]);
    PetscCall(PetscPrintf(comm, "Assembled on %d rank(s): %" PetscInt_FMT " DOFs, %" PetscInt_FMT " independent after constraints (%.2f s)\n",
                          (int)size, fe->ndof, fe->nfree, (double)(t2 - t1)));
    PetscCall(PetscPrintf(comm, "  checks: |K-K^T|/|K| = %.1e, |M-M^T|/|M| = %.1e, mass %.6g kg (rho V = %.6g kg), rigid-body residual <= %.1e\n",
                          (double)sk, (double)sm, (double)mass[0], (double)rhov, (double)rbmax));
    if (fe->nel_c3d8r && fe->opt.c3d8ras != TRIBO_EL_C3D8R)
      PetscCall(PetscPrintf(comm, "  note: %" PetscInt_FMT " C3D8R elements assembled as %s (-fe_c3d8r_as)%s\n", fe->nel_c3d8r,
                            TriboElementTypes[fe->opt.c3d8ras],
                            fe->mesh->ehg ? "; the deck's hourglass controls act with -fe_c3d8r_as reduced only" : ""));
    else if (fe->nel_c3d8r) {
      char hgs[96];
      PetscCall(TriboFESystemGetHourglassName(fe, hgs, sizeof(hgs)));
      PetscCall(PetscPrintf(
          comm, "  %" PetscInt_FMT " C3D8R elements: uniform strain with hourglass stiffness (%s of the physical one where the deck sets none)\n",
          fe->nel_c3d8r, hgs));
    }
  }
  PetscCall(TriboCBReduce(cb, fe, &rom));
  PetscCall(PetscTime(&t3));
  PetscCall(PetscPrintf(comm, "Craig-Bampton: %" PetscInt_FMT " DOFs (%.2f s)\n", rom->n, (double)(t3 - t2)));
  PetscCall(TriboZTEApply(zte, rom));
  PetscCall(TriboCBCondense(cb, rom));
  PetscCall(PetscTime(&t4));
  if (ncond >= 0)
    PetscCall(PetscPrintf(comm, "Condensed to the interface DOFs plus %" PetscInt_FMT " modes: %" PetscInt_FMT " DOFs (%.2f s)\n", ncond, rom->n,
                          (double)(t4 - t3)));
  PetscCall(PetscStrncpy(rom->source, deck, sizeof(rom->source)));
  PetscCall(TriboROMSave(rom, out, "rom"));
  if (xdmf) {
    TriboXdmf x;
    size_t    len;
    PetscCall(PetscStrncpy(xname, out, sizeof(xname)));
    PetscCall(PetscStrlen(xname, &len));
    if (len > 3 && !strcmp(xname + len - 3, ".h5")) xname[len - 3] = 0;
    PetscCall(PetscStrlcat(xname, ".xdmf", sizeof(xname)));
    PetscCall(TriboXdmfCreate(comm, xname, out, &x));
    PetscCall(TriboROMWriteXdmf(rom, x));
    PetscCall(TriboXdmfClose(&x, PETSC_TRUE));
  }
  PetscCall(PetscTime(&t5));
  PetscCall(TriboROMView(rom, PETSC_VIEWER_STDOUT_(comm)));
  PetscCall(PetscPrintf(
      comm, "Timings (s): parse %.2f, assembly %.2f, reduction %.2f, condensation %.2f, write %.2f, total %.2f; peak memory %.0f MB (rank 0)\n",
      (double)(t1 - t0), (double)(t2 - t1), (double)(t3 - t2), (double)(t4 - t3), (double)(t5 - t4), (double)(t5 - t0), (double)PeakMB_Private()));
  PetscCall(PetscPrintf(comm, "wrote %s\n", out));
  if (rom->surf)
    PetscCall(PetscPrintf(comm,
                          "  FE surface: %" PetscInt_FMT " nodes, %" PetscInt_FMT " faces, basis %" PetscInt_FMT " x %" PetscInt_FMT " (%.1f MB)\n",
                          rom->surf->nnodes, rom->surf->ncells, 3 * rom->surf->nnodes, rom->surf->n,
                          (double)(3.0 * rom->surf->nnodes * rom->surf->n * sizeof(PetscReal) / 1048576.0)));
  if (xdmf) PetscCall(PetscPrintf(comm, "wrote %s (ParaView)\n", xname));
  PetscCall(TriboROMDestroy(&rom));
  PetscCall(TriboZTEDestroy(&zte));
  PetscCall(TriboCBDestroy(&cb));
  PetscCall(TriboFESystemDestroy(&fe));
  PetscCall(TriboMeshDestroy(&mesh));
  PetscFunctionReturn(0);
}
