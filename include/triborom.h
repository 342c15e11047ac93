#pragma once
/* The reduced structure: mass and stiffness, bolt-load vector, recovery rows, and the joint
   interface discretized by zero-thickness elements (ZTE).

   Interface conventions (the same as the Rice tools' MATLAB ROMs, e.g. tmdsimpy's
   Brake-Reuss example, keys M, K, R, Fv, L, Qm, Tm):
   - L   (3*nnodes x n): ROM DOFs -> relative displacement of each interface node pair in the
         local frame (t1, t2, n), node-major: row 3*i+c is component c of node i. u_n > 0 is
         interpenetration (contact).
   - Q   (npts x nnodes): scalar interpolation, point displacement = sum_i Q[p,i] * node_i
         (applied per component, kron(Q, I3)).
   - T   (nnodes x npts): scalar integration, nodal force = sum_p T[i,p] * traction_p
         (for a Galerkin ZTE, T = Q^T diag(w)).
   So the point displacements are U = kron(Q,I3) L x and the generalized nonlinear force is
   f_nl = L^T kron(T,I3) t(U), paper porter-et-al-2022 eq. 31. */
#include <petscmat.h>
#include <tribolaw.h>
#include <tribohb.h>

typedef struct _n_TriboInterface *TriboInterface;
struct _n_TriboInterface {
  PetscInt   nnodes;
  PetscReal *xyz;  /* [3*nnodes] node coordinates (m) of the bottom side, for pictures and checks */
  PetscReal *xyzt; /* [3*nnodes] coordinates of each pair's top node (a deck's non-conforming pairs are up to 84 um apart), NULL: as xyz */
  PetscInt   nelem;
  PetscInt  *elem; /* [4*nelem] node indices per element; elem[4e+3] = -1 for a triangle */
  PetscInt   npts;
  PetscReal *pxyz;    /* [3*npts] quadrature point coordinates (m) */
  PetscReal *pw;      /* [npts] quadrature weight = tributary area (m^2) */
  PetscInt  *pelem;   /* [npts] element of each point (-1 if unknown, e.g. from a .mat file) */
  Mat        Q, T, L; /* SEQAIJ on PETSC_COMM_SELF, see above */
};

/* A picture of the FE model behind a ROM (optional, tribo rom -xdmf): the outer surface of the solid
   mesh, corner nodes only, and the rows of the reduction basis at its nodes, so that any ROM state x
   shows as the surface displacement u = B x. */
typedef struct _n_TriboROMSurface *TriboROMSurface;
struct _n_TriboROMSurface {
  PetscInt   nnodes;
  PetscReal *xyz;    /* [3*nnodes] deck coordinates (m) */
  PetscInt  *nodeid; /* [nnodes] deck node numbers */
  PetscInt   ncells, len;
  PetscInt  *topo;   /* [len] XDMF mixed cells: 4 (triangle) or 5 (quadrilateral), then the 0-based nodes */
  PetscInt   n;      /* columns of B = the ROM's DOFs */
  PetscReal *B;      /* [3*nnodes x n] row-major: row 3*i+c is component c (global x, y, z) of node i */
  PetscInt   nmodal; /* the last nmodal ROM DOFs are modal (fixed-interface modes), shown by TriboROMWriteXdmf() */
};

/* Discrete elements of a small system (a ROM read from YAML, -rom sys.yaml): joints between DOFs
   with local coordinates u = W_e^T x (W_e: n x d, d = 1, 2 or 3 components in the order t1, t2, n
   of include/tribolaw.h) and forces f = W_e t_e(u), each with its own law. Element e is point e of
   the ROM's interface, a "point" of unit weight:
     npts = nnodes = number of elements, Q = T = identity, pw = 1, pelem = -1, coordinates zero,
     nelem = 0, and L (3 npts x n) with row 3e+c = (column c of W_e)^T for c < d, zero for c >= d,
   so that U = kron(Q,I3) L x and f_nl = L^T kron(T,I3) t(U) are exactly u_e = W_e^T x and
   f = sum_e W_e t_e (components c >= d have zero displacement and their tractions do no work).
   The bolt load Fv of such a ROM is zero. */
typedef struct {
  char      *law;     /* law type name, e.g. "jenkins" */
  PetscInt   d;       /* local components 1..3 */
  PetscInt   nparams; /* parameters given in the file; the law's other parameters keep its defaults */
  char     **pname;   /* [nparams] card names */
  PetscReal *pvalue;  /* [nparams] */
} TriboROMElement;

typedef struct _n_TriboROMElements *TriboROMElements;
struct _n_TriboROMElements {
  PetscInt         n; /* number of elements = interface points */
  TriboROMElement *e; /* [n] */
};

typedef struct _n_TriboROM *TriboROM;
struct _n_TriboROM {
  MPI_Comm         comm;
  PetscInt         n;        /* generalized DOFs */
  Mat              M, K;     /* n x n SEQDENSE, replicated on every rank (kg, N/m in SI) */
  Mat              C;        /* n x n SEQDENSE viscous damping (N s/m), NULL when absent */
  Vec              Fv;       /* n, SEQ: load vector of a unit (1 N) bolt tension */
  Vec              Fx;       /* n, SEQ: excitation load shape of a forced response, NULL when absent */
  TriboROMElements elements; /* discrete elements with their laws (see above), NULL when the interface is a surface */
  PetscInt         nrec;     /* recovery rows (sensors) */
  Mat              R;        /* nrec x n SEQDENSE: physical displacement at sensors = R x */
  char           **rlabels;  /* [nrec] sensor labels */
  TriboInterface   iface;    /* may be NULL: no joint */
  TriboROMSurface  surf;     /* may be NULL: no FE surface stored */
  char             title[256];
  char             source[PETSC_MAX_PATH_LEN]; /* file it was read from */
  char             sha256[65];                 /* checksum of that file */
};

PETSC_EXTERN PetscErrorCode TriboROMCreate(MPI_Comm, TriboROM *);
/* Allocate M, K (zeroed), Fv and, when nrec > 0, R. */
PETSC_EXTERN PetscErrorCode TriboROMSetSizes(TriboROM, PetscInt, PetscInt);
PETSC_EXTERN PetscErrorCode TriboROMSetRecoveryLabel(TriboROM, PetscInt, const char[]);
PETSC_EXTERN PetscErrorCode TriboROMCheck(TriboROM, const char[]);
PETSC_EXTERN PetscErrorCode TriboROMForceScale(TriboROM, const PetscReal[], const PetscReal[], PetscReal *);
PETSC_EXTERN PetscErrorCode TriboROMView(TriboROM, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboROMDestroy(TriboROM *);
PETSC_EXTERN PetscErrorCode TriboROMSurfaceDestroy(TriboROMSurface *);
PETSC_EXTERN PetscErrorCode TriboROMSurfaceDisplacement(TriboROMSurface, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboROMElementsDestroy(TriboROMElements *);
PETSC_EXTERN PetscErrorCode TriboROMElementsCreateLaws(TriboROM, MPI_Comm, PetscInt *, TriboLaw *[], PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboJointCreateLawsFromOptions(TriboROM, MPI_Comm, PetscInt *, TriboLaw *[], PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboInterfaceCreateDiscrete(PetscInt, PetscInt, const PetscInt[], const PetscReal *const[], TriboInterface *);
PETSC_EXTERN PetscErrorCode TriboInterfaceCreate(TriboInterface *);
PETSC_EXTERN PetscErrorCode TriboInterfaceDestroy(TriboInterface *);
/* Build quadrature (2x2 Gauss on quads, 3-point on triangles), Q and T = Q^T diag(w) from
   nodes and elements lying in a plane (coordinates xyz; the elements' own plane is used). */
PETSC_EXTERN PetscErrorCode TriboInterfaceSetUpQuadrature(TriboInterface);
PETSC_EXTERN PetscErrorCode TriboInterfaceGetArea(TriboInterface, PetscReal *);
/* Fields on the interface (src/rom/ifacefields.c) */
PETSC_EXTERN PetscErrorCode TriboInterfacePointDisplacement(TriboInterface, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboInterfaceElementAverage(TriboInterface, PetscInt, const PetscReal[], PetscReal[]);

/* A joint: the ROM's interface with a law and the law's history at every point. Points are
   partitioned over the ranks of rom->comm in contiguous blocks; each rank evaluates its points
   and the generalized forces and tangent are summed (deterministically, TriboSumAll). */
typedef struct _n_TriboJoint *TriboJoint;
PETSC_EXTERN PetscErrorCode   TriboJointCreate(MPI_Comm, TriboJoint *);
PETSC_EXTERN PetscErrorCode   TriboJointSetROM(TriboJoint, TriboROM);
PETSC_EXTERN PetscErrorCode   TriboJointSetLaw(TriboJoint, TriboLaw);
PETSC_EXTERN PetscErrorCode   TriboJointSetLaws(TriboJoint, PetscInt, const TriboLaw[], const PetscInt[]);
PETSC_EXTERN PetscErrorCode   TriboJointSetUp(TriboJoint);
PETSC_EXTERN PetscErrorCode   TriboJointDestroy(TriboJoint *);
/* f = f_nl(x) (length n) and, if J != NULL, J += d f_nl/dx (n x n, column-major), from the
   committed history; the trial history is kept for TriboJointCommit(). Collective. */
PETSC_EXTERN PetscErrorCode TriboJointEvaluate(TriboJoint, TriboLawMode, const PetscScalar[], PetscScalar[], PetscScalar[]);
PETSC_EXTERN PetscErrorCode TriboJointEvaluateLD(TriboJoint, TriboLawMode, const PetscScalar[], PetscScalar[], PetscScalar[], PetscInt);
/* f = f_nl(x, v) of laws that may read velocities (src/rom/jointv.c) and, if not NULL, Jx += df/dx, Jv += df/dv (n x n,
   column-major), from the committed history. Collective. */
PETSC_EXTERN PetscErrorCode TriboJointEvaluateV(TriboJoint, TriboLawMode, const PetscReal[], const PetscReal[], PetscReal[], PetscReal[],
                                                PetscReal[]);
/* Harmonic balance force (AFT, include/tribohb.h): F = harmonics of f_nl for the harmonics X of x (X[k n + i]) and,
   if J != NULL, J += dF/dX ((ncoef n)^2, column-major, interface rows and columns only). Collective. */
PETSC_EXTERN PetscErrorCode TriboJointEvaluateHB(TriboJoint, TriboHB, TriboLawMode, const PetscReal[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboJointEvaluateHBPoints(TriboJoint, TriboHB, TriboLawMode, const PetscReal[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboJointEvaluateHBV(TriboJoint, TriboHB, TriboLawMode, const PetscReal[], PetscReal[], PetscReal[], PetscReal[]);
/* Initial normal gap of every interface point (a mesoscale topography, m, > 0 apart): the laws see u_n - gap */
PETSC_EXTERN PetscErrorCode TriboJointSetPointGap(TriboJoint, const PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboJointGetPointGap(TriboJoint, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboJointCommit(TriboJoint);
/* Save/restore the committed history (owned points, nhist*nloc values) */
PETSC_EXTERN PetscErrorCode TriboJointGetHistorySize(TriboJoint, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboJointCopyHistory(TriboJoint, PetscReal[], PetscBool);
/* Gather point displacements and tractions of the last evaluation to rank 0 ([3*npts] each;
   NULL on other ranks allowed) */
PETSC_EXTERN PetscErrorCode TriboJointGatherPointFields(TriboJoint, PetscReal[], PetscReal[]);
/* Displacement and traction of chosen points at the last evaluation, on every rank (collective) */
PETSC_EXTERN PetscErrorCode TriboJointGetPointValues(TriboJoint, PetscInt, const PetscInt[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboJointGetLocalRange(TriboJoint, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboJointGetEvaluationCount(TriboJoint, PetscLogDouble *);
PETSC_EXTERN PetscErrorCode TriboJointAddEvaluationCount(TriboJoint, PetscLogDouble);
PETSC_EXTERN PetscErrorCode TriboJointSetTangentDirect(TriboJoint, PetscBool);
PETSC_EXTERN PetscErrorCode TriboJointGetLaw(TriboJoint, TriboLaw *);
PETSC_EXTERN PetscErrorCode TriboJointGetLaws(TriboJoint, PetscInt *, const TriboLaw *[], const PetscInt *[]);
PETSC_EXTERN PetscErrorCode TriboJointGetROM(TriboJoint, TriboROM *);
/* Second-stage reduction: keep the DOFs touched by L plus m modes of the rest (src/rom/condense.c) */
PETSC_EXTERN PetscErrorCode TriboROMCondense(TriboROM, PetscInt);
/* x = T z: K, M, C -> T^T A T, Fv, Fx -> T^T f, R -> R T, surface basis -> B T (src/rom/condense.c) */
PETSC_EXTERN PetscErrorCode TriboROMTransform(TriboROM, PetscInt, const PetscReal[], PetscInt);
