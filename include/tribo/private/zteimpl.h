#pragma once
/* Private state of the interface reduction (src/rom/zte.c, src/rom/ztemesh.c). */
#include <tribozte.h>
#include <tribo/private/objimpl.h>

/* The interface plane: origin o and frame F = rows e1, e2, n (TriboPlaneFrame()); the 2D
   coordinates of a point x are s = (x - o).e1, t = (x - o).e2 */
typedef struct {
  PetscReal o[3], F[9];
} ZTEPlane;

/* Coarse -> fine map per node (applied to each of the three components), compressed rows:
   kinematic (constraint = false): bottom node i of pair i = sum_j a[i,j] coarse node j (rows: fine
   pairs), and the top node by (iat, jat, at), the shape functions at the top node's own position
   (the pairs of a non-conforming deck are apart; NULL: the same as the bottom);
   constraint (true): coarse node j = sum_i a[j,i] fine node i (rows: coarse nodes, RBE3 means). */
typedef struct {
  PetscBool  constraint;
  PetscInt   nrows, ncols;
  PetscInt  *ia, *ja, *iat, *jat;
  PetscReal *a, *at;
} ZTEMap;

struct _p_TriboZTE {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm        comm;
  char           *type; /* NULL: no reduction */
  PetscInt        nx, ny, npatches;
  char            file[PETSC_MAX_PATH_LEN];
  PetscBool       monitor;
  PetscBool       graph; /* type patches: partition the face graph (z->part) instead of recursive coordinate bisection */
  MatPartitioning part;  /* type patches with graph: the graph partitioner, options -rom_zte_mat_partitioning_* */
  /* build the coarse interface and the map from the fine one (the type's method) */
  PetscErrorCode (*build)(TriboZTE, TriboInterface, const ZTEPlane *, TriboInterface *, ZTEMap *);
  char desc[256]; /* what the last TriboZTEApply() did, for the ROM's title and TriboZTEView() */
};

PETSC_INTERN PetscErrorCode TriboZTECreate_Grid(TriboZTE);
PETSC_INTERN PetscErrorCode TriboZTECreate_Mesh(TriboZTE);
PETSC_INTERN PetscErrorCode TriboZTECreate_Patches(TriboZTE);
PETSC_INTERN PetscErrorCode TriboZTEPlaneOf(TriboInterface, ZTEPlane *);
PETSC_INTERN PetscErrorCode TriboZTEMapDestroy(ZTEMap *);
