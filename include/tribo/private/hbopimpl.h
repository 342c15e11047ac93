#pragma once
/* The HB operator's private structure (src/rom/hbop.c). */
#include <tribohbop.h>
#include <tribo/private/objimpl.h>
#include <tribo/private/jointimpl.h>

/* Layout of the distributed vectors: rank r owns the DOFs (and the modes) [rng[r], rng[r+1]) of every coefficient
   column, stored harmonic-major, nl_r = rng[r+1] - rng[r]: local entry k nl_r + (i - rng[r]), global entry
   pos(k, i) = nc rng[r] + k nl_r + (i - rng[r]); the m border unknowns are the last entries of the last rank. */
/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboHBOp {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm         comm;
  PetscMPIInt      size, rank;
  TriboJoint       joint;
  TriboHB          hb;
  TriboROM         rom;
  PetscBool        setup;
  PetscInt         n, nc, Nx, N3, *hk; /* DOFs, coefficient columns, nc n, 3 nc; harmonic number of each column */
  PetscInt        *rng, i0, i1, nl;    /* owned DOFs/modes [i0, i1), nl = i1 - i0 */
  PetscInt        *pbase, *pstride;    /* pos(k, i) = pbase[i] + k pstride[i] */
  PetscMPIInt     *cnt, *dsp, *cntx;   /* allgather counts/displacements of the (Nx + m) layout; counts nc nl_r */
  const PetscReal *K, *M;              /* the ROM's dense matrices, column-major, leading dimension n */
  PetscReal        omega, alpha, beta, *s;
  PetscReal       *Dm;              /* damping matrix D = alpha M + beta Dm (n x n, column-major); NULL: Dm = K */
  PetscBool        fixh0;           /* the zeroth harmonic is held: its rows are the identity, its columns couple nothing */
  PetscReal       *DU;              /* work: Dm U on the owned rows */
  PetscReal       *Kt;              /* reference tangent (n x n) or NULL */
  PetscBool        modal;           /* Phi, lam, kap are those of the present K + Kt */
  PetscReal       *Phi, *lam, *kap; /* modes of (K + Kt, M), n x n; eigenvalues; kap_i = phi_i^T K phi_i (owned modes) */
  PetscReal        clip;            /* -hbop_pc_modal_clip */
  PetscReal       *Jp;              /* this rank's AFT blocks, nloc (3 nc)^2 */
  PetscBool        hasjac;
  TriboHBOpPCType  pctype;
  PetscBool        direct;
  PetscInt         m; /* border size of the present Mat and Vecs */
  Mat              A; /* MatShell of the bordered operator */
  Vec              x, b;
  KSP              ksp;
  PetscReal       *Bl, *Cl, *E; /* owned rows of B and C (nc nl x m, column-major), E (m x m, column-major) */
  PetscReal       *Yl, *Sc;     /* owned rows of (A0 diag(s))^-1 B, LU of the Schur complement E - C^T Yl */
  PetscBLASInt    *piv;
  PetscReal       *V, *U, *G, *F, *Z; /* work: full vectors Nx + m (gathered layout), Nx (harmonic-major) and nl nc blocks */
  PetscReal       *KU, *MU;
  PetscReal       *wk;               /* work for m vectors (gather of nl nc m) */
  PetscLogDouble   tevl, tset, tsol; /* seconds: last evaluation, operator/preconditioner setup, last solve */
  PetscInt         its, nmult;
};
