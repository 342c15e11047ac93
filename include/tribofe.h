#pragma once
/* Finite-element input: an Abaqus input deck read into a flat, global mesh; assembly of K, M
   and the load case with the deck's constraints. The Craig-Bampton reduction built on it is in
   tribocb.h (the ROM layer); this layer knows nothing of ROMs.

   Conventions: nodes and elements are stored 0-based in the order they appear in the deck;
   the deck's own numbers are kept in nodeid[] / elemid[] for messages and sets. DOFs of node i
   are 3i, 3i+1, 3i+2 (x, y, z). Reference nodes of couplings also carry rotations: their
   rotational DOFs are numbered after all translations (see TriboFEDofMap). */
#include <petscmat.h>
#include <tribosys.h>

typedef enum {
  TRIBO_EL_C3D8   = 0, /* 8-node hexahedron, full 2x2x2 integration */
  TRIBO_EL_C3D8R  = 1, /* uniform strain (one point) with hourglass stabilization (src/fe/c3d8r.c) */
  TRIBO_EL_C3D20  = 2,
  TRIBO_EL_C3D20R = 3, /* 20-node hexahedron, 2x2x2 Gauss */
  TRIBO_EL_C3D4   = 4,
  TRIBO_EL_C3D10  = 5,
  TRIBO_EL_C3D8I  = 6 /* 8-node hexahedron with 9 incompatible modes (src/fe/c3d8i.c) */
} TriboElementType;
#define TRIBO_EL_NTYPES 7
/* Hexahedra (C3D8, C3D8R, C3D8I, C3D20, C3D20R) as opposed to tetrahedra (C3D4, C3D10) */
#define TriboElementIsHex(t) ((t) != TRIBO_EL_C3D4 && (t) != TRIBO_EL_C3D10)

PETSC_EXTERN const char *const TriboElementTypes[];
PETSC_EXTERN const PetscInt    TriboElementNodes[]; /* nodes per element type */

typedef struct {
  char      name[96]; /* upper case, as Abaqus names are case-insensitive */
  PetscInt  n;
  PetscInt *idx;  /* 0-based node (nset) or element (elset) indices, sorted, unique */
  PetscInt  line; /* where it was (first) defined */
} TriboSet;

typedef struct {
  char      name[96];
  PetscInt  n;
  PetscInt *elem; /* 0-based element index */
  PetscInt *face; /* face number 1..6 (S1..S6, Abaqus numbering) */
  PetscInt  line;
} TriboSurface;

typedef struct {
  char      name[96];
  PetscReal E, nu, rho;
  PetscBool hasE, hasrho;
  PetscInt  line;
} TriboMaterial;

typedef struct {
  char      name[96], slave[96], master[96]; /* surface names */
  PetscBool adjust;
  PetscInt  line;
} TriboTie;

typedef struct {
  char      name[96], refnode[96], surface[96]; /* refnode: node set name (or a node number) */
  PetscBool distributing;                       /* *Distributing (RBE3-like); else kinematic */
  PetscInt  dof0, dof1;                         /* constrained DOF range (default 1..6) */
  PetscInt  line;
} TriboCoupling;

typedef struct {
  PetscInt   n;
  PetscInt  *node; /* 0-based node index */
  PetscInt  *dof;  /* 1..6 */
  PetscReal *coef;
  PetscInt   line;
} TriboEquation;

typedef struct {
  PetscInt  node, dof; /* 0-based node, DOF 1..6 */
  PetscReal value;
  char      loadcase[96]; /* *Substructure Load Case name, or "" */
  PetscInt  line;
} TriboCload;

typedef struct {
  char     nset[96];
  PetscInt dof0, dof1;
  PetscInt line;
} TriboRetained;

/* A mesh: TriboMeshCreate(), TriboMeshSetOptionsPrefix(), TriboMeshSetFromOptions() (the reader's
   options), TriboMeshReadAbaqus(), TriboMeshView(), TriboMeshDestroy(). */
typedef struct _n_TriboMesh *TriboMesh;
struct _n_TriboMesh {
  MPI_Comm          comm;
  char             *prefix;        /* options prefix, NULL for none */
  PetscBool         allow, strict; /* reader options -inp_allow_unsupported, -inp_strict (TriboMeshSetFromOptions()) */
  char              file[PETSC_MAX_PATH_LEN];
  PetscInt          nnodes;
  PetscReal        *X;      /* [3 nnodes] global coordinates (instance and *System frames applied) */
  PetscInt         *nodeid; /* deck node numbers (after instance renumbering, if any) */
  PetscInt          nelem;
  TriboElementType *etype;
  PetscInt         *eptr, *conn; /* CSR: element e has nodes conn[eptr[e] .. eptr[e+1]) (0-based) */
  PetscInt         *emat;        /* material index of each element (-1: no section) */
  PetscReal        *ehg;         /* C3D8R hourglass stiffness fraction set by each element's section (*Section Controls, *Hourglass
                                    Stiffness: src/fe/c3d8r.c), < 0 where none; NULL when no section sets one */
  PetscReal        *ehgscale;    /* with ehg: the section controls' scaling of the default fraction (1 where none) */
  PetscInt         *elemid;
  PetscInt          nnsets, nelsets, nsurfs, nmats, nties, ncouplings, neqs, ncloads, nretained;
  TriboSet         *nsets, *elsets;
  TriboSurface     *surfs;
  TriboMaterial    *mats;
  TriboTie         *ties;
  TriboCoupling    *couplings;
  TriboEquation    *eqs;
  TriboCload       *cloads;
  TriboRetained    *retained;     /* *Retained Nodal Dofs of *Substructure Generate */
  PetscInt          nmodes;       /* fixed-interface modes asked for (*Select Eigenmodes), 0 if none */
  char              recovery[96]; /* NSET= of *Substructure Generate (recovery/sensor nodes), or "" */
  PetscInt          nwarn;        /* warnings printed (unsupported keywords) */
};

/* Reading: collective; every rank parses the deck itself (identical result). Errors and warnings
   name the file and line. */
PETSC_EXTERN PetscErrorCode TriboMeshCreate(MPI_Comm, TriboMesh *);
PETSC_EXTERN PetscErrorCode TriboMeshSetOptionsPrefix(TriboMesh, const char[]);
PETSC_EXTERN PetscErrorCode TriboMeshSetFromOptions(TriboMesh);
PETSC_EXTERN PetscErrorCode TriboMeshReadAbaqus(TriboMesh, const char[]);
PETSC_EXTERN PetscErrorCode TriboMeshDestroy(TriboMesh *);
PETSC_EXTERN PetscErrorCode TriboMeshView(TriboMesh, PetscViewer);
/* Look-ups by (case-insensitive) name; NULL if absent */
PETSC_EXTERN PetscErrorCode TriboMeshFindNodeSet(TriboMesh, const char[], const TriboSet **);
PETSC_EXTERN PetscErrorCode TriboMeshFindElemSet(TriboMesh, const char[], const TriboSet **);
PETSC_EXTERN PetscErrorCode TriboMeshFindSurface(TriboMesh, const char[], const TriboSurface **);
/* Local node numbers (0-based, within the element) of face f (1..6) of element e; returns count */
PETSC_EXTERN PetscErrorCode TriboMeshGetFace(TriboMesh, PetscInt, PetscInt, PetscInt *, PetscInt[]);
/* Node of a reference as written in *Coupling, ref node= or TriboRetained.nset: a node set of one
   node, or a node number (nodeid[]); -1 if neither. A *Surface, type=NODE is stored with face 0
   and elem[] holding node indices. */
PETSC_EXTERN PetscErrorCode TriboMeshFindNode(TriboMesh, const char[], PetscInt *);

/* The assembled FE system with the deck's constraints eliminated: the full DOF vector u_full
   (ndof: 3 per node, plus 3 rotations per coupling reference node) is u_full = T u, u holding
   the nfree independent DOFs; K = T^T K_full T, M = T^T M_full T, F = T^T f_full.
   Lifecycle: TriboFESystemCreate(), TriboFESystemSetOptionsPrefix(), TriboFESystemSetFromOptions()
   (the -fe_* options below), TriboFESystemSetMesh(), TriboFESystemSetUp() (assembles),
   TriboFESystemView(), TriboFESystemDestroy(). */
typedef struct {
  char             loadcase[96]; /* -fe_loadcase: the load case to assemble; "" for the first one with a *Cload */
  PetscBool        ptap;         /* -fe_assembly_ptap: T^T K_full T by MatPtAP() instead of element by element */
  PetscInt         mass;    /* -fe_mass: 0 consistent (every element), 1 lumped (every element), 2 as Abaqus/Standard (first-order elements lumped) */
  TriboElementType c3d8ras; /* -fe_c3d8r_as: C3D8R (reduced, default), C3D8 (full: tribo before the C3D8R element) or C3D8I (incompatible) */
  PetscReal        hourglass;  /* -fe_c3d8r_hourglass: C3D8R hourglass stiffness fraction where the deck sets none (src/fe/c3d8r.c) */
  PetscReal        tietol;     /* -fe_tie_position_tolerance (m); < 0: 5% of the largest master-face diagonal of each tie */
  PetscBool        tieoutside; /* -fe_tie_outside: also tie slave nodes projecting onto the master surface's boundary */
  PetscBool        view;       /* -fe_constraints_view: print what the constraints did */
} TriboFEOptions;

typedef struct _n_TriboFESystem *TriboFESystem;
struct _n_TriboFESystem {
  MPI_Comm       comm;
  char          *prefix; /* options prefix, NULL for none */
  TriboFEOptions opt;    /* TriboFESystemSetFromOptions() or TriboFESystemSetLoadCase() */
  PetscBool      setupcalled;
  TriboMesh      mesh; /* by reference (TriboFESystemSetMesh()): destroy it after the system */
  PetscInt       ndof, nfree;
  PetscInt      *rotdof;       /* [nnodes]: first rotational DOF of a reference node, -1 otherwise */
  Mat            T;            /* ndof x nfree, MPIAIJ */
  Mat            K, M;         /* nfree x nfree, MPIAIJ */
  Vec            F;            /* nfree: the load case (all *Cload of the load case), T^T f */
  char           loadcase[96]; /* the load case assembled */
  PetscReal      mass;         /* total translational mass of the full model (kg) */
  PetscInt       nel_c3d8r;    /* C3D8R elements of the deck (assembled as C3D8 with -fe_c3d8r_as full) */
};

PETSC_EXTERN PetscErrorCode TriboFESystemCreate(MPI_Comm, TriboFESystem *);
PETSC_EXTERN PetscErrorCode TriboFESystemSetOptionsPrefix(TriboFESystem, const char[]);
PETSC_EXTERN PetscErrorCode TriboFESystemSetFromOptions(TriboFESystem);
PETSC_EXTERN PetscErrorCode TriboFESystemSetLoadCase(TriboFESystem, const char[]);
PETSC_EXTERN PetscErrorCode TriboFESystemSetMesh(TriboFESystem, TriboMesh);
PETSC_EXTERN PetscErrorCode TriboFESystemSetUp(TriboFESystem);
PETSC_EXTERN PetscErrorCode TriboFESystemView(TriboFESystem, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboFESystemGetHourglassName(TriboFESystem, char[], size_t);
PETSC_EXTERN PetscErrorCode TriboFESystemDestroy(TriboFESystem *);
/* Independent DOF of translational DOF d (0,1,2) of node i, or -1 if it is dependent (slave) */
PETSC_EXTERN PetscErrorCode TriboFEGetFreeDof(TriboFESystem, PetscInt, PetscInt, PetscInt *);
/* Element matrices (exported for tests): 3-D isotropic linear elasticity, consistent mass. */
PETSC_EXTERN PetscErrorCode TriboFEElementMatrices(TriboElementType, const PetscReal[], PetscReal, PetscReal, PetscReal, PetscReal[], PetscReal[]);

/* The gallery of mesh generators (tribo mesh -mesh_type, src/fe/meshgen.c): write(comm, file)
   writes an Abaqus deck (rank 0), or with a NULL file only reads and checks its options. */
#define TRIBOMESHLAPBEAM "lapbeam"
PETSC_EXTERN PetscFunctionList TriboMeshGeneratorList;
PETSC_EXTERN PetscErrorCode    TriboMeshGeneratorRegister(const char[], PetscErrorCode (*)(MPI_Comm, const char[]));
PETSC_EXTERN PetscErrorCode    TriboMeshGeneratorRegisterAll(void);
PETSC_EXTERN PetscErrorCode    TriboMeshGeneratorWrite(MPI_Comm, const char[], const char[]);
/* Parametric deck of a bolted lap-joint beam close to the Brake-Reuss beam (src/fe/lapbeam.c):
   structured C3D8 hexahedra, open interface CT/CB, bolts as couplings with a cut shank, load case
   BOLTLOADS. Options -lapbeam_*; a NULL file name only reads the options. */
PETSC_EXTERN PetscErrorCode TriboMeshWriteLapBeam(MPI_Comm, const char[]);

/* Checks of the assembled FE system (src/fe/assemble.c, src/fe/hex.c), used by the tests and by
   tribo rom: volume and rho V from the element Jacobians; the six rigid motions on the independent
   DOFs; relative asymmetry ||A - A^T||_F / ||A||_F; r^T M r of the rigid translations; relative
   rigid-body residuals ||K r|| / (||K||_inf ||r||); resultant force and moment of a load about x0. */
PETSC_EXTERN PetscErrorCode TriboFEMeshVolume(TriboMesh, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboFEGetRigidModes(TriboFESystem, const PetscReal[], Vec[]);
PETSC_EXTERN PetscErrorCode TriboFECheckSymmetry(Mat, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboFECheckMass(TriboFESystem, PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboFECheckRigidBody(TriboFESystem, PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboFELoadResultant(TriboFESystem, Vec, const PetscReal[], PetscReal[]);
