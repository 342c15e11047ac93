#pragma once
/* The coupling of the half-space grid to a reduced structure (src/contact/couple.c) and the analyses on it (src/contact/qsma.c):
   private to src/contact. */
#include <tribocontact.h>
#include <triborom.h>
#include <tribo/private/objimpl.h>

PETSC_INTERN PetscErrorCode TriboContactSolve_Coupled(TriboContact);
PETSC_INTERN PetscErrorCode TriboContactSetUp_Coupled(TriboContact, PetscReal *, PetscReal *);
PETSC_INTERN PetscErrorCode TriboContactSetUpFields_Coupled(TriboContact);
PETSC_INTERN PetscErrorCode TriboContactDestroy_Coupled(TriboContact);
PETSC_INTERN PetscErrorCode TriboContactRough_Private(TriboContact);

/* The deflation preconditioner P_S = c I + V_S V_S^T of the contact solvers' working sets (src/contact/deflate.c) */
typedef struct {
  MPI_Comm                    comm;
  PetscInt                    n, k, nc; /* local points, columns of V, components */
  const PetscReal            *U[3];     /* the rows of V per component (op->low) */
  PetscReal                   c;        /* the diagonal */
  PetscReal                  *S, *y, *R, *rs;
  const TriboContactOperator *op;                /* for op->invert */
  PetscInt                    comp0;             /* the first component */
  PetscBool                   fft;               /* base M_S (op->invert) instead of c I: TriboLowRankPCSetFFT() */
  PetscReal                  *Y, *zs;            /* fft: M_S V_S on the m rows of S (m x k, column-major, components in turn) and a work array */
  PetscInt                    m;                 /* fft: the rows of S on this rank, over the components */
  PetscBool                  *prev, *take, has0; /* the last set; V_S^T V_S of it in S0 (has0), updated nupd times since summed */
  PetscReal                  *S0, *buf;
  PetscInt                    nupd;
} TriboLowRankPC;
PETSC_INTERN PetscErrorCode TriboLowRankPCCreate(const TriboContactOperator *, PetscInt, PetscInt, PetscReal, TriboLowRankPC *);
PETSC_INTERN PetscErrorCode TriboLowRankPCSetFFT(TriboLowRankPC *);
PETSC_INTERN PetscErrorCode TriboLowRankPCSetSet(TriboLowRankPC *, const PetscBool[]);
PETSC_INTERN PetscErrorCode TriboLowRankPCApply(TriboLowRankPC *, const PetscBool[], PetscReal *const[], PetscReal *const[]);
PETSC_INTERN PetscErrorCode TriboLowRankPCDestroy(TriboLowRankPC *);

/* TriboContactCoupling and TriboContact are PETSc objects (src/sys/package.c): the header first; no type-specific methods yet */
struct _p_TriboContactCoupling {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm       comm;
  TriboROM       rom;           /* not owned (TriboROM is not yet a PETSc object) */
  TriboHalfSpace hs;            /* referenced by TriboContactCouplingSetGrid(), released by the Destroy */
  PetscInt       n, nn, nr, ne; /* ROM DOFs, interface nodes, rigid-body and elastic modes */
  PetscReal     *L;             /* [3 nn x n] row-major */
  PetscReal     *Phi, *w;       /* the M~-orthonormal modes (columns, n x n) and eigenvalues of K~, M~ */
  PetscReal     *B;             /* [3 nn x ne] column-major: L Phi_e w_e^{-1/2} */
  PetscReal     *fnode, *unode, *z;
  PetscReal      box[4];
  PetscInt       nx, j0, nyl, nloc, ncomp;
  PetscReal      dA;
  PetscInt       nties, tiering[16]; /* bolt ties and the interface nodes of each (0: a tie at its point in a face) */
  PetscInt      *gnode;              /* [4 nloc] the face corners of each local point */
  PetscReal     *gw;                 /* [4 nloc] their shape function values */
  PetscBool     *inside;
  PetscInt       deflmax; /* -contact_deflate_max, -contact_deflate_tol */
  PetscReal      defltol;
  PetscInt       nlow; /* deflated columns of the structural compliance (src/contact/deflate.c) */
  PetscReal     *low;  /* [3 nloc nlow]: their rows, component-major */
};

#define MAXREF 8
struct _p_TriboContact {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm                 comm;
  TriboHalfSpace           hs;
  TriboContactCase         type;
  PetscInt                 n, nsteps;
  PetscReal                rrms, rlmin, rlmax, rR, rside;
  PetscInt                 rseed;
  PetscReal                E, nu, R, load, radius, wavelength, amplitude, mu, psi, box, memmax, maskr;
  TriboContactSolverParams sp;
  PetscInt                 nx, ny, j0, nyl, nloc;
  PetscReal                dx, x0, y0;
  PetscReal               *h, *p, *u, *gap, *q, *s;
  PetscBool               *mask;
  PetscInt                *state;
  PetscInt                 nstep, maxstep;
  TriboContactStep        *steps;
  PetscInt                 nref;
  const char              *refname[MAXREF];
  PetscReal                ref[MAXREF];
  PetscReal                membytes, memnode;
  PetscErrorCode (*monitor)(TriboContact, PetscInt, void *);
  void     *mctx;
  PetscBool setup;
  /* lapbeam: the half space coupled to a reduced structure (src/contact/couple.c, qsma.c) */
  char                 romfile[PETSC_MAX_PATH_LEN];
  TriboROM             rom;
  TriboContactCoupling cpl;
  PetscReal            preload, qmax, decades, lrtol, boltkt, boltkn, boltr, boltxy[32], defltol;
  PetscInt             nbolt; /* -contact_bolt_xy: ties of a user's ROM (nbolt axes) */
  PetscInt             deflmax;
  PetscInt             npre, nqsma, mode, nev;
  TriboFrictionMethod  fmethod;
  PetscReal           *P[3], *P0[3], *G[3], *DG[3], *H, *S[2]; /* tractions, committed ones, gaps, increments, solver h, slip */
  PetscReal           *qrom, *fpre, *fwork;                    /* ROM displacement, preload force, work (n each) */
  PetscReal           *ylin;                                   /* the linearized mode in the elastic modal coordinates (ne) */
  PetscReal           *cbuf, xc, yc;
  PetscInt             nlin, linits, linmult;
  PetscLogDouble       linsec;
  PetscReal            flin[16]; /* linearized frequencies (Hz) of the coupled modes 1..nlin */
  PetscInt             nbb;
  PetscReal           *bb[6];      /* QSMA: load scale alpha, modal amplitude q, frequency (Hz), damping ratio, dissipated energy, converged */
  PetscReal            alpha, qm0; /* QSMA: the last load scale, the modal amplitude after the preload */
  PetscBool            restored;   /* TriboContactCheckpointLoad(): TriboContactSolve() continues after step nstep */
};
