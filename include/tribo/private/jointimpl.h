#pragma once
/* The joint's private structure (src/rom/joint.c and the HB operators of src/rom). */
#include <triborom.h>

/* Points whose rows of P and W touch the same DOFs form a group; the tangent of a group is
   J_C += W_g^T blockdiag(D_p) P_g with dense blocks and one BLAS gemm (points of one element, or
   of one pair of beam elements, share their columns). */
typedef struct {
  PetscInt   p0, np, nc; /* local points [p0, p0+np), number of columns */
  PetscInt  *cols;       /* interface-local column indices (g2i) */
  PetscReal *P, *W;      /* (3 np) x nc column-major */
} JointGroup;

/* Consecutive owned points with the same law: one kernel call (and one AFT call) each */
typedef struct {
  PetscInt p0, np; /* local points [p0, p0+np) */
  PetscInt law;    /* index into laws[] */
  PetscInt h0;     /* their histories: h[h0 + nhist (p - p0) + v], nhist of that law's card */
} JointRun;

struct _n_TriboJoint {
  MPI_Comm       comm;
  PetscBool      setup;
  TriboROM       rom;
  TriboLaw       law;      /* laws[0] */
  PetscInt       nlaws;    /* laws of the points (TriboJointSetLaws()) */
  TriboLaw      *laws;     /* [nlaws], not owned */
  PetscInt      *pointlaw; /* [npts] law of every point; NULL: laws[0] everywhere */
  PetscInt       nruns;    /* runs of the owned points */
  JointRun      *runs;
  PetscInt       n, p0, p1, nloc, nh;       /* nh: history values of the owned points (sum over runs of nhist np) */
  PetscInt      *prow, *pcol, *wrow, *wcol; /* CSR of P (point displacement = P x) and W^T (f = W t), 3 nloc rows */
  PetscReal     *pval, *wval;
  PetscInt       ni, *idof, *g2i; /* DOFs touched by the interface (columns of L) */
  PetscReal     *u, *t, *d, *h, *hnew, *fbuf, *Jbuf;
  PetscLogDouble nevals;
  PetscInt       ngroups;
  JointGroup    *groups;
  PetscReal     *dp, *jg; /* work: largest 3 np x nc and nc x nc */
  PetscBool      direct;  /* TriboJointSetTangentDirect() */
  PetscReal     *gap;     /* [npts] initial normal gap of every point (TriboJointSetPointGap()), NULL: none */
};

/* J[ld] += W^T blockdiag(D) P over the owned groups, summed over the ranks (src/rom/joint.c; D = dt/du or dt/dv) */
PETSC_INTERN PetscErrorCode TriboJointAddTangent_Private(TriboJoint, const PetscReal[], PetscScalar[], PetscInt);
