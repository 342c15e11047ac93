#pragma once
/* HDF5 files of tribo (one module owns the layout: every group and dataset name is here),
   and importers of third-party ROM files (MATLAB .mat through matio).

   Layout of a file written by tribo:
     /meta                  attributes: program, version, git_revision, verb, options,
                            date, mpi_size, inputs (file names), input_sha256
     /rom                   attribute title, units; datasets M, K (n x n), Fv (n),
                            R (nrec x n), R_labels (strings); optional C (n x n),
                            excitation (n)
     /rom/elements          discrete elements (optional): law (strings), components,
                            param_count (nel), param_names (strings), param_values
     /rom/interface         nodes (nnodes x 3), elements (nelem x 4, -1 pads triangles),
                            points (npts x 3), weights (npts), point_element (npts),
                            Q, T, L as CSR groups {shape (2), rowptr, colidx, values}
     /interface             the interface mesh of a result (nodes, points, XDMF topology)
     /prestress, /modal, /backbone/mode<k>   written by the analyses (src/nma/nmaio.c)
     /frf                   a forced response (src/nma/frf.c, TriboFRFWriteH5())
     /law                   tribo law (src/cli/lawverb.c): time (nt), u, v (nt x 3), N (nt, with a normal
                            traction history); attributes source, laws, steps, period; one group per law
     /law/<name>            t (nt x 3), energy (nt), state (nt ints: 0 stick, 1 slip, 2 separated),
                            u (nt x 3, only with a normal traction history: u_n = N/kn of this law);
                            attributes type, prefix, rate_dependent, the parameters by name,
                            energy_per_cycle, slip_fraction, separated_fraction, max_traction_t,
                            max_traction_n
     /law/<name>/manifold   with -law_masing (edf): vertices (6 x 3: A-F as u, f, N), t (nt: the force read from
                            the Masing manifold, NaN before the last period), violation (nt ints: the check codes
                            0, 1, 8, 16, -1 before the last period); attributes mu, kT, u_anchor_amp,
                            u_anchor_offset, N_max, first (the last period's first sample), samples_off,
                            max_deviation
     /transient             a transient response (src/nma/transient.c, TriboTransientWriteH5())
     /surface, /erosion_<k> tribo surface (src/io/surfio.c): scans, and per erosion size statistics/ (re, rp, rpp,
                            eta, z_max, alpha, gap_pdf_z, gap_pdf_p, ...), asperities, examples, mesoscale/{x, y, gap}
     /cont                  a continuation branch (src/cont/contio.c): X, tangent (npts x N),
                            ds, iterations (npts), folds (nfolds x N), scaling (N); attributes
                            count, nfolds, reason, predictor
   Writes are atomic: data go to "<name>.tmp.<pid>" which is renamed over <name> only when
   complete, so a failed run never leaves a half file nor destroys a good one. */
#include <triborom.h>
#include <tribosurf.h>
#include <tribocontact.h>

#define TRIBO_H5_META         "/meta"
#define TRIBO_H5_ROM          "/rom"
#define TRIBO_H5_ROM_M        "/rom/M"
#define TRIBO_H5_ROM_K        "/rom/K"
#define TRIBO_H5_ROM_FV       "/rom/Fv"
#define TRIBO_H5_ROM_R        "/rom/R"
#define TRIBO_H5_ROM_RLAB     "/rom/R_labels"
#define TRIBO_H5_ROM_C        "/rom/C"          /* optional: viscous damping (n x n) */
#define TRIBO_H5_ROM_FX       "/rom/excitation" /* optional: excitation load shape (n) */
#define TRIBO_H5_ROM_EL       "/rom/elements"   /* optional: discrete elements, see TriboROMWriteH5() */
#define TRIBO_H5_IFACE        "/rom/interface"
#define TRIBO_H5_IF_NODES     "/rom/interface/nodes"
#define TRIBO_H5_IF_NODES_TOP "/rom/interface/nodes_top"
#define TRIBO_H5_IF_ELEMS     "/rom/interface/elements"
#define TRIBO_H5_IF_PTS       "/rom/interface/points"
#define TRIBO_H5_IF_W         "/rom/interface/weights"
#define TRIBO_H5_IF_PELEM     "/rom/interface/point_element"
#define TRIBO_H5_IF_Q         "/rom/interface/Q"
#define TRIBO_H5_IF_T         "/rom/interface/T"
#define TRIBO_H5_IF_L         "/rom/interface/L"
#define TRIBO_H5_INTERFACE    "/interface"
#define TRIBO_H5_PRESTRESS    "/prestress"
#define TRIBO_H5_MODAL        "/modal"
#define TRIBO_H5_BACKBONE     "/backbone"
#define TRIBO_H5_FRF          "/frf"
#define TRIBO_H5_TRANSIENT    "/transient" /* a transient response (src/nma/transient.c, TriboTransientWriteH5()) */
#define TRIBO_H5_CONT         "/cont"
#define TRIBO_H5_LAW          "/law"
#define TRIBO_H5_MANIFOLD     "manifold" /* /law/<name>/manifold (tribo law -law_masing) */
#define TRIBO_H5_CONT_X       "/cont/X"
#define TRIBO_H5_CONT_T       "/cont/tangent"
#define TRIBO_H5_CONT_DS      "/cont/ds"
#define TRIBO_H5_CONT_IT      "/cont/iterations"
#define TRIBO_H5_CONT_FOLDS   "/cont/folds"
#define TRIBO_H5_CONT_D       "/cont/scaling"
#define TRIBO_H5_CONT_HITS    "/cont/target_hits"  /* solutions landed at the targets (nhits x N) */
#define TRIBO_H5_CONT_HITT    "/cont/target_index" /* their target (nhits) */
#define TRIBO_H5_CONT_PHYS    "/cont/physics"      /* "-name value" of the options that determine the physics (a file: its SHA-256) */
#define TRIBO_H5_SURFACE      "/surface"           /* tribo surface: scans; statistics in /erosion_<k> (src/io/surfio.c) */
#define TRIBO_H5_CONTACT      "/contact"           /* tribo contact: half-space grid, closed forms, steps, fields per step (src/io/contactio.c) */
#define TRIBO_H5_FE_SURF      "/fe/surface"        /* FE outer surface: nodes, topology, node_id; basis in a ROM file */

typedef struct _n_TriboH5 *TriboH5;

/* Writing: collective on comm; rank 0 does the I/O, other ranks only take part in checks. */
PETSC_EXTERN PetscErrorCode TriboH5Create(MPI_Comm, const char[], TriboH5 *);
/* Store provenance in /meta: verb, full options database, version, git revision, date,
   number of ranks, and the SHA-256 of each input file. */
PETSC_EXTERN PetscErrorCode TriboH5WriteMeta(TriboH5, const char[], PetscInt, const char *const[]);
PETSC_EXTERN PetscErrorCode TriboH5WriteReal(TriboH5, const char[], PetscInt, const PetscInt[], const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboH5WriteInt(TriboH5, const char[], PetscInt, const PetscInt[], const PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboH5WriteStrings(TriboH5, const char[], PetscInt, const char *const[]);
PETSC_EXTERN PetscErrorCode TriboH5WriteAttrString(TriboH5, const char[], const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboH5WriteAttrReal(TriboH5, const char[], const char[], PetscReal);
PETSC_EXTERN PetscErrorCode TriboH5WriteAttrInt(TriboH5, const char[], const char[], PetscInt);
/* Store a SEQAIJ matrix as a CSR group; a dense Mat as a 2-D dataset (row-major rows x cols) */
PETSC_EXTERN PetscErrorCode TriboH5WriteMatCSR(TriboH5, const char[], Mat);
PETSC_EXTERN PetscErrorCode TriboH5WriteMatDense(TriboH5, const char[], Mat);
/* commit = PETSC_TRUE renames the temporary file to its final name; PETSC_FALSE removes it */
PETSC_EXTERN PetscErrorCode TriboH5Close(TriboH5 *, PetscBool);
PETSC_EXTERN PetscErrorCode TriboH5AbandonAll(void);

/* Reading: every rank opens the file read-only. Missing datasets and wrong shapes are errors
   that name the file and dataset and say what was expected. */
PETSC_EXTERN PetscErrorCode TriboH5Open(MPI_Comm, const char[], TriboH5 *);
PETSC_EXTERN PetscErrorCode TriboH5Has(TriboH5, const char[], PetscBool *);
/* Reads a real dataset; rank and dims (up to 3) are returned; data allocated with PetscMalloc1 */
PETSC_EXTERN PetscErrorCode TriboH5ReadReal(TriboH5, const char[], PetscInt *, PetscInt[], PetscReal **);
PETSC_EXTERN PetscErrorCode TriboH5ReadRealInto(TriboH5, const char[], PetscInt, PetscInt, PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboH5ReadInt(TriboH5, const char[], PetscInt *, PetscInt[], PetscInt **);
PETSC_EXTERN PetscErrorCode TriboH5ReadStrings(TriboH5, const char[], PetscInt *, char ***);
PETSC_EXTERN PetscErrorCode TriboH5ReadAttrString(TriboH5, const char[], const char[], char[], size_t);
PETSC_EXTERN PetscErrorCode TriboH5ReadMatCSR(TriboH5, const char[], Mat *);
PETSC_EXTERN PetscErrorCode TriboH5ReadMatDense(TriboH5, const char[], Mat *);
PETSC_EXTERN PetscErrorCode TriboH5GetFileName(TriboH5, const char *[]);

/* ROM files: tribo's HDF5 layout, or a MATLAB .mat ROM (v5 or v7.3) with keys M, K and
   optionally Fv, R, L, Qm, Tm, as written by the Rice tools. TriboROMLoad picks the reader
   from the file's signature. */
PETSC_EXTERN PetscErrorCode TriboROMLoad(MPI_Comm, const char[], TriboROM *);
PETSC_EXTERN PetscErrorCode TriboROMLoadHDF5(MPI_Comm, const char[], TriboROM *);
PETSC_EXTERN PetscErrorCode TriboROMLoadMAT(MPI_Comm, const char[], TriboROM *);
PETSC_EXTERN PetscErrorCode TriboROMLoadYAML(MPI_Comm, const char[], TriboROM *);
/* Write /rom into an open file, or a whole rom.h5 (with /meta) atomically */
PETSC_EXTERN PetscErrorCode TriboROMWriteH5(TriboROM, TriboH5);
PETSC_EXTERN PetscErrorCode TriboROMSave(TriboROM, const char[], const char[]);

/* XDMF descriptions of tribo's HDF5 files for ParaView (src/io/xdmf.c) */
typedef struct _n_TriboXdmf *TriboXdmf;
PETSC_EXTERN PetscErrorCode  TriboXdmfCreate(MPI_Comm, const char[], const char[], TriboXdmf *);
PETSC_EXTERN PetscErrorCode  TriboXdmfBeginGrid(TriboXdmf, const char[], const char[]);
PETSC_EXTERN PetscErrorCode  TriboXdmfEndGrid(TriboXdmf);
PETSC_EXTERN PetscErrorCode  TriboXdmfTime(TriboXdmf, PetscReal);
PETSC_EXTERN PetscErrorCode  TriboXdmfTopology(TriboXdmf, const char[], PetscInt, PetscInt, const char[]);
PETSC_EXTERN PetscErrorCode  TriboXdmfGeometry(TriboXdmf, PetscInt, const char[]);
PETSC_EXTERN PetscErrorCode  TriboXdmfGeometryXY(TriboXdmf, PetscInt, const char[]);
PETSC_EXTERN PetscErrorCode  TriboXdmfAttribute(TriboXdmf, const char[], const char[], PetscInt, PetscInt, const char[]);
PETSC_EXTERN PetscErrorCode  TriboXdmfClose(TriboXdmf *, PetscBool);
PETSC_EXTERN PetscErrorCode  TriboXdmfRectMesh(TriboXdmf, PetscInt, PetscInt, PetscReal, PetscReal, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode  TriboXdmfRectAttribute(TriboXdmf, const char[], PetscInt, PetscInt, const char[], const char[]);
/* The interface mesh of a ROM in a result file: /interface/nodes (nnodes x 3), /interface/points
   (npts x 3), /interface/topology (XDMF mixed cells) with attributes nelem and topology_length;
   and point fields (npts x 3) averaged over each element with the quadrature weights. */
PETSC_EXTERN PetscErrorCode TriboInterfaceWriteH5(TriboInterface, TriboH5);
PETSC_EXTERN PetscErrorCode TriboH5WriteJointHistory(TriboH5, const char[], TriboJoint);
PETSC_EXTERN PetscErrorCode TriboH5WritePhysics(TriboH5, const char[]);
PETSC_EXTERN PetscErrorCode TriboH5CheckPhysics(TriboH5, const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboH5ReadJointHistory(TriboH5, const char[], TriboJoint);
PETSC_EXTERN PetscErrorCode TriboInterfaceXdmfGrid(TriboInterface, TriboXdmf, PetscBool);
/* The FE surface of a ROM (rom->surf) in a file: /fe/surface/nodes (nsurf x 3), topology (XDMF
   mixed), node_id, and with the basis flag basis (3 nsurf x n) and mode%03d (nsurf x 3: the
   first modal columns of the basis, at most 10). */
PETSC_EXTERN PetscErrorCode TriboROMSurfaceWriteH5(TriboROMSurface, TriboH5, PetscBool);
PETSC_EXTERN PetscErrorCode TriboROMSurfaceWriteField(TriboROMSurface, TriboH5, const char[], const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboROMSurfaceXdmfGrid(TriboROMSurface, TriboXdmf);
PETSC_EXTERN PetscErrorCode TriboXdmfSeries(TriboXdmf, const char[], TriboInterface, TriboROMSurface, PetscInt, const PetscReal[], const char[],
                                            const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboROMWriteXdmf(TriboROM, TriboXdmf);

/* Asperity statistics and mesoscale gap map of an interface (src/io/surfstats.c), for the rough-contact law */
typedef struct _n_TriboSurfaceStats *TriboSurfaceStats;
struct _n_TriboSurfaceStats {
  char      *file;
  PetscReal  re, rp, rpp, eta, zmax, alpha; /* R_e, R' and R'' (0: not given), area density, maximum gap, orientation */
  PetscInt   npdf;                          /* gap PDF: normalized gap pdfz[npdf] on [0, 1], density pdfp[npdf] */
  PetscReal *pdfz, *pdfp, pdfint;           /* pdfint: its trapezoid integral */
  PetscInt   nx, ny;                        /* mesoscale gap map gap[ny x nx] (row-major) on the grid gx x gy; nx = 0: none */
  PetscReal *gx, *gy, *gap;
};
PETSC_EXTERN PetscErrorCode TriboSurfaceStatsLoad(MPI_Comm, const char[], const char[], TriboSurfaceStats *);
PETSC_EXTERN PetscErrorCode TriboSurfaceStatsInterpolateGap(TriboSurfaceStats, PetscInt, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboSurfaceStatsDestroy(TriboSurfaceStats *);
/* Surface scans in (CSV, HDF5) and the statistics of tribo surface out (src/io/surfio.c; layout there) */
PETSC_EXTERN PetscErrorCode TriboSurfaceScanLoad(MPI_Comm, const char[], PetscReal, PetscReal, TriboHeightMap **);
PETSC_EXTERN PetscErrorCode TriboSurfWriteH5(TriboSurf, TriboH5, PetscInt);
PETSC_EXTERN PetscErrorCode TriboSurfCheckpointWrite(TriboSurf, const char[]);
PETSC_EXTERN PetscErrorCode TriboSurfCheckpointLoad(TriboSurf, const char[], PetscInt *);

/* Half-space contact results (src/io/contactio.c; layout there). Grids of up to TRIBO_CONTACT_MESH_MAX points also get their
   points and quadrilaterals written out (/contact/mesh), the mesh that meshio needs (it reads no structured XDMF topology) */
#define TRIBO_CONTACT_MESH_MAX 4194304
PETSC_EXTERN PetscErrorCode TriboContactWriteGridH5(TriboContact, TriboH5);
PETSC_EXTERN PetscErrorCode TriboContactWriteStepH5(TriboContact, TriboH5, PetscInt);
PETSC_EXTERN PetscErrorCode TriboContactWriteStepsH5(TriboContact, TriboH5, const PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboContactWriteBackboneH5(TriboContact, TriboH5);
PETSC_EXTERN PetscErrorCode TriboContactWriteXdmf(TriboContact, const char[], const char[], PetscInt, const PetscInt[]);
PETSC_EXTERN PetscErrorCode TriboContactCopyStepH5(TriboContact, TriboH5, TriboH5, PetscInt);
PETSC_EXTERN PetscErrorCode TriboContactGatherField(TriboContact, const PetscReal[], PetscReal **);
/* The state between two load steps (src/contact/checkpoint.c) */
PETSC_EXTERN PetscErrorCode TriboContactCheckpointWrite(TriboContact, TriboH5);
PETSC_EXTERN PetscErrorCode TriboContactCheckpointLoad(TriboContact, TriboH5);
