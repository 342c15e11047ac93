#pragma once
/* Private structures of the analyses (src/nma). An implementation of a nonlinear modal analysis
   (src/nma/impls/<name>.c, or a user's file) includes this header, fills nma->ops in its
   constructor and registers the constructor with TriboNMARegister(). */
#include <tribonma.h>
#include <tribo/private/objimpl.h>

struct _p_TriboPrestress {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm            comm;
  char               *prefix;
  TriboJoint          joint;
  TriboROM            rom;
  PetscReal           tension;      /* bolt tension (N per bolt): f_s = tension * Fv */
  PetscBool           conservative; /* no tangential tractions during prestress (porter-et-al-2022 §3.3) */
  PetscInt            steps;        /* load increments */
  PetscBool           setupcalled, solved;
  PetscInt            n;
  PetscReal          *us;      /* [n] prestressed displacement */
  PetscReal          *fs;      /* [n] static load */
  PetscReal          *pu, *pt; /* [3 npts] point displacements and tractions at u_s (rank 0) */
  SNESConvergedReason reason;
  PetscInt            its; /* Newton iterations, all steps */
  PetscReal           fnorm, fsnorm;
  PetscLogDouble      seconds;
  SNES                snes; /* options prefix [prefix]prestress_ */
};

struct _p_TriboModal {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm   comm;
  char      *prefix;
  TriboROM   rom;
  TriboJoint joint;        /* NULL: no interface forces */
  PetscReal *u;            /* state of the tangent (NULL: zero) */
  PetscInt   nmodes;       /* elastic modes reported and stored (-modal_nmodes) */
  PetscInt   nrequired;    /* elastic modes that must be computed (e.g. the one a backbone follows) */
  PetscBool  all;          /* compute every mode (LAPACK dsygv) rather than the lowest (dsygvx) */
  PetscReal  rigid_cutoff; /* Hz: modes below are rigid-body / suspension modes */
  PetscInt   n;            /* modes computed */
  PetscInt   ndof;         /* length of a shape */
  PetscReal *omega2;       /* [n] ascending */
  PetscReal *phi;          /* [ndof*n] column-major, phi_k^T M phi_k = 1 */
  PetscInt   nrigid;       /* number of modes below the cutoff */
};

typedef struct _TriboNMAOps {
  PetscErrorCode (*setfromoptions)(PetscOptionItems *, TriboNMA); /* options of the type, inside TriboNMASetFromOptions() */
  PetscErrorCode (*setup)(TriboNMA);                              /* after the joint, prestress and mode are set */
  PetscErrorCode (*solve)(TriboNMA);                              /* fills nma->bb (TriboNMABackboneAllocate() first) */
  PetscErrorCode (*view)(TriboNMA, PetscViewer);
  PetscErrorCode (*destroy)(TriboNMA);
} TriboNMAOps;

struct _p_TriboNMA {
  PETSCHEADER(struct _TriboNMAOps); /* a PETSc object (src/sys/package.c): the header, with the type's methods (nma->ops->solve) */
  MPI_Comm      comm;
  char         *prefix;
  char         *type;
  void         *data;
  PetscBool     setupcalled;
  TriboROM      rom;
  TriboJoint    joint;
  TriboModal    modal; /* where the mode comes from (TriboNMASetModal(), referenced), or NULL */
  PetscInt      n;
  PetscReal    *us, *fs; /* prestress */
  PetscReal    *hs;      /* committed history at the prestress (owned points) */
  PetscInt      nh;
  PetscReal     lam0, *phi0; /* linear mode */
  PetscInt      mode;        /* 1-based elastic mode number (-backbone_mode) */
  PetscReal     zeta0;       /* low-amplitude viscous damping (eq. 40) */
  PetscInt      na;
  PetscReal    *amps;
  PetscBool     verbose;
  PetscBool     amps_requested; /* -backbone_amplitudes: EPMC lands exact solutions at them (else they give its range) */
  PetscBool     descend;        /* -backbone_qmin > -backbone_qmax: EPMC traces from the larger down (amps stay ascending) */
  PetscInt      npl;            /* interface points whose hysteresis loops are stored (-backbone_loop_points) */
  PetscInt     *plidx;          /* [npl] 0-based quadrature point indices */
  PetscBool     plauto;         /* -backbone_loop_points auto: the point of largest slip (chosen in TriboNMASetUp()) */
  TriboBackbone bb;
};

/* For implementations: allocate nma->bb for nma->na amplitudes, every value NaN, status failed */
PETSC_EXTERN PetscErrorCode TriboNMABackboneAllocate(TriboNMA);
/* For implementations: allocate the loops of nma->bb (nloop states per amplitude, and the points of
   -backbone_loop_points), every value NaN; after TriboNMABackboneAllocate() */
PETSC_EXTERN PetscErrorCode TriboNMABackboneAllocateLoops(TriboNMA, PetscInt);
/* Constructors of the methods that ship with tribo (TriboNMARegisterAll()) */
PETSC_EXTERN PetscErrorCode TriboNMACreate_RQNMA(TriboNMA);
PETSC_EXTERN PetscErrorCode TriboNMACreate_EPMC(TriboNMA);

/* Shared by the harmonic-balance analyses (src/nma/hbcommon.c) */
PETSC_INTERN PetscErrorCode TriboDenseMult_Private(PetscInt, const PetscReal[], const PetscReal[], PetscReal[]);
PETSC_INTERN PetscInt       TriboHBColumnHarmonic_Private(const PetscInt[], PetscInt, PetscInt *);
PETSC_INTERN PetscErrorCode TriboJointTangentAt_Private(TriboJoint, const PetscReal[], const PetscReal[], PetscInt, const PetscReal[], PetscReal[]);
PETSC_INTERN void           TriboRayleighFit_Private(PetscReal, PetscReal, PetscReal, PetscReal, PetscReal *, PetscReal *);
PETSC_INTERN PetscErrorCode TriboJointIsRateDependent_Private(TriboJoint, PetscBool *);
