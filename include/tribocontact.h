#pragma once
/* Elastic half-space (boundary-element) contact on fine regular grids (src/contact/, layer 4): the closed-form influence
   coefficients of a uniform traction on a rectangular cell (linder-gross-krack App. A, eq. A.1-A.7, Love 1929), the compliance
   products as zero-padded (non-periodic) or periodic FFT convolutions distributed over ranks (FFTW-MPI transposes of a slab
   decomposition), the Polonsky-Keer conjugate-gradient normal solver and a projected conjugate-gradient solver of the
   tangential (Coulomb, partial slip) problem with history. Nothing here opens a file; src/io writes the results. */
#include <tribosys.h>

/* The relative displacement of two identical isotropic half spaces: normal (zz) under pressure, tangential (xx, yy, xy) under
   shear traction. For nu = 0 the tangential kernel xx = yy equals the normal one and xy vanishes (Cattaneo-Mindlin). */
typedef enum { TRIBO_HS_ZZ, TRIBO_HS_XX, TRIBO_HS_YY, TRIBO_HS_XY, TRIBO_HS_NKERNEL } TriboHalfSpaceKernel;
PETSC_EXTERN const char *const TriboHalfSpaceKernels[];

typedef struct _p_TriboHalfSpace *TriboHalfSpace;

PETSC_EXTERN PetscErrorCode TriboHalfSpaceCreate(MPI_Comm, TriboHalfSpace *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetOptionsPrefix(TriboHalfSpace, const char[]);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetGrid(TriboHalfSpace, PetscInt, PetscInt, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetMaterial(TriboHalfSpace, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetPeriodic(TriboHalfSpace, PetscBool);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetPadding(TriboHalfSpace, PetscInt, PetscInt);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetTangential(TriboHalfSpace, PetscBool);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetFFTWPlan(TriboHalfSpace, PetscInt);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetPrecondition(TriboHalfSpace, PetscBool);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetFromOptions(TriboHalfSpace);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetUp(TriboHalfSpace);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceView(TriboHalfSpace, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceDestroy(TriboHalfSpace *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetGrid(TriboHalfSpace, PetscInt *, PetscInt *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetLocalRows(TriboHalfSpace, PetscInt *, PetscInt *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetMaterial(TriboHalfSpace, PetscReal *, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetComm(TriboHalfSpace, MPI_Comm *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetPeriodic(TriboHalfSpace, PetscBool *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetMemory(TriboHalfSpace, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceEstimateMemory(PetscInt, PetscInt, PetscBool, PetscInt, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceApply(TriboHalfSpace, TriboHalfSpaceKernel, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceApplyInverse(TriboHalfSpace, TriboHalfSpaceKernel, const PetscReal[], PetscReal[], PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceApplyDense(TriboHalfSpace, TriboHalfSpaceKernel, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceInfluence(TriboHalfSpace, TriboHalfSpaceKernel, PetscInt, PetscInt, PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetProductCount(TriboHalfSpace, PetscInt *);

/* Normal contact (src/contact/normal.c): Polonsky and Keer 1999 CG on the points of the mask with p >= 0, gap >= 0,
   p gap = 0; load controlled (total force) or approach controlled. */
typedef struct {
  PetscInt  its;       /* CG iterations */
  PetscBool converged; /* relative pressure change below the tolerance */
  PetscReal error;     /* the last relative pressure change sum|dp| / sum p */
  PetscReal force;     /* total force (N) */
  PetscReal approach;  /* rigid-body approach delta (m): the mean of u + h over the contact */
  PetscReal area;      /* contact area (m^2): cells with p > 0 */
  PetscInt  ncontact;  /* cells in contact */
  PetscReal pmax;      /* largest pressure (Pa) */
} TriboContactInfo;

typedef struct {
  PetscReal rtol;   /* relative pressure change at convergence */
  PetscInt  maxits; /* iteration cap */
  PetscBool warm;   /* start from the given pressure (else uniform on the mask) */
} TriboContactSolverParams;
PETSC_EXTERN PetscErrorCode TriboContactSolverParamsDefault(TriboContactSolverParams *);
PETSC_EXTERN PetscErrorCode TriboContactSolveNormal(TriboHalfSpace, const TriboContactSolverParams *, const PetscReal[], const PetscBool[], PetscBool,
                                                    PetscReal, PetscReal[], PetscReal[], TriboContactInfo *);

/* csolve: the compliance operator and the frictional solvers (src/contact/solve.c, src/contact/friction.c) */
/* A compliance operator on this rank's grid points: out[c][i] = sum_d (G_cd in[d])[i], c, d in 0..ncomp-1 with components
   n, t1, t2 (ncomp 1: normal only). For two identical half spaces G is block diagonal n | (t1,t2) (App. A); coupled to a
   reduced structure (eq. 15-18) G = C + W_b^T K^-1 W_b couples all three. */
typedef struct {
  MPI_Comm  comm;
  PetscInt  nlocal; /* grid points of this rank (the TriboHalfSpace's local rows times nx) */
  PetscInt  ncomp;  /* 1 or 3 */
  PetscReal cell;   /* cell area dA (m^2): tractions p times dA are forces */
  PetscErrorCode (*apply)(void *ctx, const PetscReal *const in[], PetscReal *const out[]);
  void *ctx;
  /* optional (NULL: the solvers probe one point with one product, and PJOR uses D = I): d[c][i] = G_cc at point i (the diagonal).
     Added by csolve after the agreed interface: zero the struct before filling it ({0} or PetscMemzero). */
  PetscErrorCode (*diagonal)(void *ctx, PetscReal *const d[]);
  /* optional (NULL: the solvers call apply with zero inputs and ignore the outputs they do not need): out = G_BB in on the block
     B of components c0 .. c0 + nc - 1, (0, 1) normal or (1, 2) tangential (ncomp 3), in[k] and out[k] component c0 + k; cheaper
     where G couples the blocks (a reduced structure) */
  PetscErrorCode (*applyblock)(void *ctx, PetscInt c0, PetscInt nc, const PetscReal *const in[], PetscReal *const out[]);
  /* optional (nlow 0: none): G = G_0 + V V^T with V's nlow columns holding G's few huge eigen-directions (the soft modes of a
     reduced structure); low[c][i nlow + m] the row of point i, component c. The solvers precondition with them
     (src/contact/deflate.c). */
  PetscInt   nlow;
  PetscReal *low[3];
  /* optional (NULL: none): out = M_c in, M_c an SPD approximate inverse of the block G_cc (the half space's FFT inverse,
     TriboHalfSpaceApplyInverse(), with invctx the TriboHalfSpace; a coupled operator passes on its half space's), *diag its
     diagonal; the solvers apply it to a residual that is zero off their working set */
  PetscErrorCode (*invert)(void *invctx, PetscInt c, const PetscReal in[], PetscReal out[], PetscReal *diag);
  void *invctx;
} TriboContactOperator;
PETSC_EXTERN PetscErrorCode TriboContactOperatorFromHalfSpace(TriboHalfSpace, PetscInt ncomp, TriboContactOperator *);
PETSC_EXTERN PetscErrorCode TriboContactOperatorGetDiagonal(const TriboContactOperator *, PetscInt, const PetscBool[], PetscReal *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceSetCoarseLevels(TriboHalfSpace, PetscInt);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceGetCoarse(TriboHalfSpace, TriboHalfSpace *);
PETSC_EXTERN PetscErrorCode TriboHalfSpaceApplyTangential(TriboHalfSpace, const PetscReal[], const PetscReal[], PetscReal[], PetscReal[]);
/* Normal contact on any SPD operator (Polonsky-Keer CG), load or approach controlled, as TriboContactSolveNormal */
PETSC_EXTERN PetscErrorCode TriboContactSolveNormalOp(const TriboContactOperator *, const TriboContactSolverParams *, const PetscReal h[],
                                                      const PetscBool mask[], PetscBool loadcontrol, PetscReal target, PetscReal p[], PetscReal g[],
                                                      TriboContactInfo *);
/* One load increment of the 3-D frictional contact problem (eq. 19-28, App. B): given the imposed gap increment dgex[3]
   (far-field / structural, per component), the committed tractions p0[3] and the topography h, find p[3] with
   p_n >= 0, g_n >= 0, p_n g_n = 0 and Coulomb's disc |p_t| <= mu p_n with slip increments opposite to p_t (velocity-level eq. 5-6
   discretized on the increment). Warm started from p[]. method: TRIBO_FRICTION_FAST (the default fast solver) or
   TRIBO_FRICTION_PJOR (App. B reference). See the man page of TriboContactSolveFriction() for the exact definitions of h and g. */
typedef enum { TRIBO_FRICTION_FAST, TRIBO_FRICTION_PJOR } TriboFrictionMethod;
PETSC_EXTERN const char *const TriboFrictionMethods[];
typedef struct {
  PetscInt  its;
  PetscBool converged;
  PetscReal error, fn, ft[2], dissip;
  PetscInt  nopen, nstick, nslip;
} TriboFrictionInfo;
PETSC_EXTERN PetscErrorCode TriboContactSolveFriction(const TriboContactOperator *, const TriboContactSolverParams *, TriboFrictionMethod,
                                                      PetscReal mu, const PetscReal h[], const PetscBool mask[], const PetscReal *const dgex[],
                                                      const PetscReal *const p0[], PetscReal *const p[], PetscReal *const g[], PetscInt state[],
                                                      TriboFrictionInfo *);
/* Force control of the tangential load: the total tangential force Q[2] (N) is imposed, the rigid tangential shift s[2] (m, added
   to dgex[1], dgex[2] at every point) is the unknown (in: its start, out: the solution) */
PETSC_EXTERN PetscErrorCode TriboContactSolveFrictionForce(const TriboContactOperator *, const TriboContactSolverParams *, TriboFrictionMethod,
                                                           PetscReal mu, const PetscReal h[], const PetscBool mask[], const PetscReal *const dgex[],
                                                           const PetscReal *const p0[], const PetscReal Q[], PetscReal s[], PetscReal *const p[],
                                                           PetscReal *const g[], PetscInt state[], TriboFrictionInfo *);
/* end csolve */

/* Tangential contact (src/contact/tangential.c): shear traction q (x direction) with |q| <= mu p and the accumulated slip
   s of the previous step (history), displacement controlled by the rigid tangential shift delta_t. */
typedef struct {
  PetscInt  its;
  PetscBool converged;
  PetscReal error;
  PetscReal force;  /* total tangential force Q (N) */
  PetscInt  nstick; /* cells in contact that stick in this increment */
  PetscInt  nslip;  /* cells in contact that slip */
  PetscReal dissip; /* energy dissipated in this increment sum q ds A (J) */
} TriboTangentialInfo;
PETSC_EXTERN PetscErrorCode TriboContactSolveTangential(TriboHalfSpace, const TriboContactSolverParams *, const PetscReal[], PetscReal, PetscReal,
                                                        PetscReal[], PetscReal[], PetscInt[], TriboTangentialInfo *);

/* The driver (src/contact/contact.c): a built-in case on its grid, its load steps, a monitor called after every step */
typedef enum {
  TRIBO_CONTACT_HERTZ,   /* sphere on a flat (Johnson §4.2), load steps up to -contact_load */
  TRIBO_CONTACT_PUNCH,   /* rigid flat circular punch (Johnson §3.2): the mask is its disc */
  TRIBO_CONTACT_WAVY,    /* Westergaard's wavy surface, periodic (Johnson §13.2), mean pressures 0.1 .. 1.2 p* */
  TRIBO_CONTACT_MINDLIN, /* Hertz, then a tangential cycle +-Q* (Cattaneo-Mindlin, Mindlin-Deresiewicz; nu = 0) */
  TRIBO_CONTACT_ROUGH,   /* a flat (or curved, -contact_rough_R) square patch with band-limited Gaussian roughness (src/surf/synth.c) */
  TRIBO_CONTACT_LAPBEAM  /* the half space coupled to a reduced structure (the built-in lap beam or -rom FILE): preload, linearized modes, QSMA */
} TriboContactCase;
PETSC_EXTERN const char *const TriboContactCases[];

typedef struct {
  PetscReal load;     /* hertz, punch, mindlin: the normal force (N); wavy: the mean pressure over p* */
  PetscReal force;    /* normal force found (N) */
  PetscReal approach; /* rigid approach (m) */
  PetscReal area;     /* contact area (m^2) */
  PetscReal pmax;     /* largest pressure (Pa) */
  PetscInt  its;      /* normal (or tangential) solver iterations */
  PetscBool converged;
  PetscReal shift;  /* mindlin: rigid tangential shift (m) */
  PetscReal tforce; /* mindlin: tangential force Q (N) */
  PetscInt  nstick, nslip;
  PetscReal dissip; /* mindlin: energy dissipated in the step (J) */
  PetscReal seconds;
} TriboContactStep;

typedef struct _p_TriboContact *TriboContact;
PETSC_EXTERN PetscErrorCode     TriboContactCreate(MPI_Comm, TriboContact *);
PETSC_EXTERN PetscErrorCode     TriboContactSetFromOptions(TriboContact);
PETSC_EXTERN PetscErrorCode     TriboContactSetUp(TriboContact);
PETSC_EXTERN PetscErrorCode     TriboContactSolve(TriboContact);
PETSC_EXTERN PetscErrorCode     TriboContactView(TriboContact, PetscViewer);
PETSC_EXTERN PetscErrorCode     TriboContactDestroy(TriboContact *);
PETSC_EXTERN PetscErrorCode     TriboContactSetMonitor(TriboContact, PetscErrorCode (*)(TriboContact, PetscInt, void *), void *);
PETSC_EXTERN PetscErrorCode     TriboContactGetCase(TriboContact, TriboContactCase *);
PETSC_EXTERN PetscErrorCode     TriboContactGetROMFile(TriboContact, const char **);
PETSC_EXTERN PetscErrorCode     TriboContactAddGap(TriboContact, const PetscReal[]);
PETSC_EXTERN PetscErrorCode     TriboContactGetHalfSpace(TriboContact, TriboHalfSpace *);
PETSC_EXTERN PetscErrorCode     TriboContactGetOrigin(TriboContact, PetscReal *, PetscReal *);
PETSC_EXTERN PetscErrorCode     TriboContactGetFields(TriboContact, const PetscReal **, const PetscBool **, const PetscReal **, const PetscReal **,
                                                      const PetscReal **, const PetscReal **, const PetscInt **);
PETSC_EXTERN PetscErrorCode     TriboContactGetNumPlannedSteps(TriboContact, PetscInt *);
PETSC_EXTERN PetscErrorCode     TriboContactGetSteps(TriboContact, PetscInt *, const TriboContactStep **);
PETSC_EXTERN PetscErrorCode     TriboContactGetReference(TriboContact, PetscInt *, const char *const **, const PetscReal **);
PETSC_EXTERN PetscErrorCode     TriboContactGetMemory(TriboContact, PetscReal *, PetscReal *);

/* cpl: the half space coupled to a reduced structure (src/contact/couple.c, linder-gross-krack eq. 13-19) and the analyses on it
   (src/contact/qsma.c: preload, the linearized modes of App. C eq. C.3-C.4, the quasi-static modal analysis eq. C.1-C.2) */
#include <triborom.h>
typedef struct _p_TriboContactCoupling *TriboContactCoupling;
PETSC_EXTERN PetscErrorCode             TriboContactCouplingCreate(MPI_Comm, TriboROM, PetscInt, const PetscReal[], PetscReal, PetscReal, PetscReal,
                                                                   TriboContactCoupling *);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingGetBox(TriboContactCoupling, PetscReal[]);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingSetGrid(TriboContactCoupling, TriboHalfSpace, PetscReal, PetscReal);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingGetOperator(TriboContactCoupling, PetscInt, TriboContactOperator *);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingForce(TriboContactCoupling, const PetscReal *const[], PetscReal[]);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingDisplacement(TriboContactCoupling, const PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingGap(TriboContactCoupling, const PetscReal[], PetscReal *const[]);
PETSC_EXTERN PetscErrorCode             TriboContactCouplingDestroy(TriboContactCoupling *);
/* Masing rules on an initial loading curve (alpha_i, q_i), i = 0..n-1, from (0, 0): the frequency omega_i = sqrt(alpha_i/q_i), the
   dissipated energy of the full cycle E_i = 4 (2 int_0^q_i alpha dq - alpha_i q_i) and the damping ratio D_i = E_i/(2 pi (omega_i q_i)^2)
   of eq. C.2 (trapezoidal integral) */
PETSC_EXTERN PetscErrorCode TriboContactQSMAMasing(PetscInt, const PetscReal[], const PetscReal[], PetscReal[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboContactGetBackbone(TriboContact, PetscInt *, const PetscReal *[], const PetscReal *[], const PetscReal *[],
                                                    const PetscReal *[], const PetscReal *[], const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboContactGetLinearFrequencies(TriboContact, PetscInt *, PetscInt *, const PetscReal *[]);
/* end cpl */
