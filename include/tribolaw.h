#pragma once
/* Pointwise interface laws (friction + normal contact) at quadrature points.

   Convention (paper porter-et-al-2022 §3.2): every point carries the relative displacement
   u = (u_t1, u_t2, u_n) in the local frame of the interface, u_n > 0 is interpenetration
   (contact) and u_n <= 0 separation; tractions t = (t_t1, t_t2, t_n) are the forces per unit
   area that resist u (positive u gives positive t), so the nodal forces enter the equations of
   motion as M x'' + K x + f_nl = f (eq. 31). */
#include <tribosys.h>

typedef struct {
  const char *name; /* option suffix: -<prefix>friction_<name> */
  const char *units;
  PetscReal   value; /* default */
  PetscReal   lower; /* smallest admissible value (checked) */
  const char *help;
} TriboLawParam;

typedef enum {
  TRIBO_LAW_FULL   = 0, /* normal contact and friction */
  TRIBO_LAW_NORMAL = 1  /* normal contact only, tangential tractions zero (conservative prestress, porter-et-al-2022 §3.3) */
} TriboLawMode;

/* A pure batched kernel: no allocation, no MPI, no PetscCall.
   Inputs: p (parameters in card order), mode, n points, u[3n], committed history h[nhist*n].
   Outputs: t[3n], optional dtdu[9n] (row-major 3x3 per point, dt_i/du_j; NULL to skip),
   trial history hnew[nhist*n]. Returns 0, or 1+index of the first point with non-physical input. */
typedef PetscInt (*TriboLawKernel)(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, PetscReal *t,
                                   PetscReal *dtdu, PetscReal *hnew);

/* A pure batched kernel of a rate-dependent law: as TriboLawKernel, with the relative velocity v[3n] (m/s, same
   frame and order as u) as a second input and its tangent dtdv[9n] (row-major 3x3 per point, dt_i/dv_j; NULL to
   skip) as a second output; dtdu may be NULL too. h and hnew are the committed and trial histories as for
   TriboLawKernel (both unused, and may be NULL, when the card's nhist is 0). */
typedef PetscInt (*TriboLawKernelV)(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                                    PetscReal *t, PetscReal *dtdu, PetscReal *dtdv, PetscReal *hnew);

/* A pure batched kernel of the parameter sensitivities (porter-et-al-2022 §2.3.2, eq. 28): as TriboLawKernel, with
   the sensitivities of the committed history hp[n nhist np] (hp[(i nhist + a) np + k] = dh_a/dp_k at point i) as an
   input and the total derivatives dtdp[3n np] (dtdp[(3i + r) np + k] = dt_r/dp_k, through the history too) and
   hpnew[n nhist np] (those of the trial history) as outputs; np is the card's nparams. A fresh history has hp = 0. */
typedef PetscInt (*TriboLawKernelP)(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *h, const PetscReal *hp,
                                    PetscReal *t, PetscReal *dtdp, PetscReal *hnew, PetscReal *hpnew);

/* A pure batched kernel of the state derivatives of one step of a hysteretic law (nhist > 0), for the exact
   Jacobian of a march (TriboHBAFTV()): with the inputs of TriboLawKernel (and v[3n] of TriboLawKernelV for a
   rate-dependent law, else NULL), the partial derivatives, per point and row-major, dtdh[3 nhist n] = dt/dh,
   dhdu[nhist 3 n] = dhnew/du, dhdh[nhist nhist n] = dhnew/dh and, when v is given and dhdv is not NULL,
   dhdv[nhist 3 n] = dhnew/dv; dt/du and dt/dv are those of the kernel. A march then carries
   dh_j = dhdu du_j + dhdv dv_j + dhdh dh_{j-1} and dt_j = dtdu du_j + dtdv dv_j + dtdh dh_{j-1}. */
typedef PetscInt (*TriboLawKernelH)(const PetscReal *p, TriboLawMode mode, PetscInt n, const PetscReal *u, const PetscReal *v, const PetscReal *h,
                                    PetscReal *dtdh, PetscReal *dhdu, PetscReal *dhdv, PetscReal *dhdh);

/* A string-valued option of a law (-<prefix>friction_<name> <value>), e.g. the asperity model of "rough". The kernel
   sees the index of the chosen value as a real at p[nparams + k] for the card's k-th choice. */
typedef struct {
  const char        *name; /* option suffix: -<prefix>friction_<name> */
  const char        *help;
  PetscInt           nvalues;
  const char *const *values; /* the admissible names */
  PetscInt           value;  /* default: index into values */
} TriboLawChoice;

/* A table a law takes as data (TriboLawSetTable(), -<prefix>friction_<name> v1,v2,...), e.g. a gap PDF */
typedef struct {
  const char *name; /* table name and option suffix */
  const char *units;
  const char *help;
} TriboLawTable;

/* Optional hook of a card: prepares the data a kernel derives from its parameters and tables, once per parameter set
   (TriboLawSetUp()). Inputs: p (nparams parameters, then nchoices choice indices), the tables given (tn[k] values
   tv[k] for the card's k-th table, tn[k] = 0 when not given). With derived NULL it returns only the sizes: the history
   variables per point *nhist and the number of derived values *nderived. Otherwise it fills derived[*nderived] (the
   kernel receives it at p[nparams + nchoices]) and, when hist_scale is not NULL, the AFT periodicity groups
   hist_scale[*nhist] (see TriboLawCard.hist_scale). Returns NULL, or why the set is not admissible (written in why). */
typedef const char *(*TriboLawSetUpHook)(const PetscReal *p, const PetscInt tn[], const PetscReal *const tv[], PetscInt *nhist, PetscInt *nderived,
                                         PetscReal derived[], PetscInt hist_scale[], char why[], size_t whylen);

typedef struct {
  const char          *name;      /* type string, e.g. "edf" */
  const char          *title;     /* one line */
  const char          *citation;  /* paper and equations */
  const char          *equations; /* the law in words/symbols for -friction_view_models */
  PetscInt             nparams;
  const TriboLawParam *params;
  PetscInt             nhist; /* history variables per point */
  PetscBool            analytic_tangent;
  PetscBool            coupled_tangential;
  TriboLawKernel       kernel;
  const char *(*validate)(const PetscReal *p);      /* optional: NULL if the parameter set is admissible, else why not */
  TriboLawKernelV kernel_v;                         /* optional: rate-dependent law t(u, v, h); then kernel evaluates it at v = 0 */
  TriboLawKernelP kernel_p;                         /* optional: analytic parameter sensitivities; else TriboLawEvaluateP() differences */
  PetscBool (*penalty_contact)(const PetscReal *p); /* optional: PETSC_TRUE when, for parameters p, all tractions vanish at u_n <= 0
                                                       (penalty contact, porter-et-al-2022 eqs. 3-4); NULL: never. A post-slip spring
                                                       added by "<law>+kp" is then re-referenced at re-contact (eq. 5) */
  TriboLawKernelH       kernel_h;                   /* optional: state derivatives of one step; else the AFT differences its march */
  const PetscInt       *hist_scale;                 /* optional: [nhist] group of each history variable in the AFT's periodicity test:
                                                       variables of one group (the components of one displacement or traction) share
                                                       the scale, their largest magnitude over the period; NULL: each its own */
  PetscInt              nchoices;                   /* optional: string-valued options (TriboLawSetChoice()) */
  const TriboLawChoice *choices;
  PetscInt              ntables; /* optional: tables of data (TriboLawSetTable()) */
  const TriboLawTable  *tables;
  TriboLawSetUpHook     setup;                         /* optional: derived data and a parameter-dependent nhist; then the law
                                                       object's card (TriboLawGetCard()) has this law's nhist and hist_scale */
  PetscInt (*work)(const PetscReal *p, PetscInt *sub); /* optional: asperity evaluations per point for the prepared p, and in *sub the
                                                          slider updates per point (TriboLawGetWork()) */
} TriboLawCard;

#define TRIBOLAWPENALTY         "penalty"
#define TRIBOLAWJENKINS         "jenkins"
#define TRIBOLAWEDF             "edf"
#define TRIBOLAWCUBIC           "cubic"
#define TRIBOLAWUNILATERAL      "unilateral"
#define TRIBOLAWTANH            "tanh"
#define TRIBOLAWBOUCWEN         "boucwen"
#define TRIBOLAWBOUCWEN1        "boucwen1"
#define TRIBOLAWBOUCWEN2        "boucwen2"
#define TRIBOLAWVALANIS         "valanis"
#define TRIBOLAWPRAGER          "prager"
#define TRIBOLAWGJP             "gjp"
#define TRIBOLAWIWAN4           "iwan4"
#define TRIBOLAWIWAN5           "iwan5"
#define TRIBOLAWIWANUNIFORM     "iwan_uniform"
#define TRIBOLAWIWANSTRIBECK    "iwan_stribeck"
#define TRIBOLAWIWANDISCRETE    "iwan_discrete"
#define TRIBOLAWIWANDISCRETE10K "iwan_discrete_10k"
#define TRIBOLAWROUGH           "rough"

/* suffix of a law name that adds a post-slip spring to any registered law, e.g. "jenkins+kp" (TriboLawRegisterPostSlip()) */
#define TRIBOLAWPOSTSLIPSUFFIX "+kp"

typedef struct _p_TriboLaw *TriboLaw;

PETSC_EXTERN PetscErrorCode TriboLawRegister(const char[], PetscErrorCode (*)(const TriboLawCard **));
PETSC_EXTERN PetscErrorCode TriboLawRegisterAll(void);
PETSC_EXTERN PetscErrorCode TriboLawRegisterPostSlip(const char[]);
PETSC_EXTERN PetscErrorCode TriboLawFindCard(const char[], const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawListNames(char[], size_t);
PETSC_EXTERN PetscErrorCode TriboLawCreate(MPI_Comm, TriboLaw *);
PETSC_EXTERN PetscErrorCode TriboLawSetOptionsPrefix(TriboLaw, const char[]);
PETSC_EXTERN PetscErrorCode TriboLawSetType(TriboLaw, const char[]);
PETSC_EXTERN PetscErrorCode TriboLawGetType(TriboLaw, const char *[]);
PETSC_EXTERN PetscErrorCode TriboLawGetCard(TriboLaw, const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawSetParameter(TriboLaw, const char[], PetscReal);
PETSC_EXTERN PetscErrorCode TriboLawGetParameter(TriboLaw, const char[], PetscReal *);
PETSC_EXTERN PetscErrorCode TriboLawGetParameters(TriboLaw, const PetscReal *[]);
PETSC_EXTERN PetscErrorCode TriboLawSetChoice(TriboLaw, const char[], const char[]);
PETSC_EXTERN PetscErrorCode TriboLawGetChoice(TriboLaw, const char[], const char *[]);
PETSC_EXTERN PetscErrorCode TriboLawSetTable(TriboLaw law, const char name[], PetscInt n, const PetscReal v[]);
PETSC_EXTERN PetscErrorCode TriboLawGetWork(TriboLaw, PetscInt64 *, PetscInt64 *, PetscInt64 *);
PETSC_EXTERN PetscErrorCode TriboLawSetFromOptions(TriboLaw);
PETSC_EXTERN PetscErrorCode TriboLawSetUp(TriboLaw);
PETSC_EXTERN PetscErrorCode TriboLawView(TriboLaw, PetscViewer);
PETSC_EXTERN PetscErrorCode TriboLawViewModels(PetscViewer);
PETSC_EXTERN PetscErrorCode TriboLawEvaluate(TriboLaw, TriboLawMode, PetscInt, const PetscReal[], const PetscReal[], PetscReal[], PetscReal[],
                                             PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboLawEvaluateV(TriboLaw, TriboLawMode, PetscInt, const PetscReal[], const PetscReal[], const PetscReal[], PetscReal[],
                                              PetscReal[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboLawEvaluateP(TriboLaw, TriboLawMode, PetscInt, const PetscReal[], const PetscReal[], const PetscReal[], PetscReal[],
                                              PetscReal[], PetscReal[], PetscReal[]);
PETSC_EXTERN PetscErrorCode TriboLawIsRateDependent(TriboLaw, PetscBool *);
PETSC_EXTERN PetscErrorCode TriboLawCardIsRateDependent(const TriboLawCard *, PetscBool *);
PETSC_EXTERN PetscErrorCode TriboLawDestroy(TriboLaw *);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Penalty(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Jenkins(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_EDF(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Cubic(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Unilateral(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Tanh(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_BoucWen(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_BoucWen1(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_BoucWen2(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Valanis(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Prager(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_GJP(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Iwan4(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Iwan5(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_IwanUniform(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_IwanStribeck(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_IwanDiscrete(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_IwanDiscrete10k(const TriboLawCard **);
PETSC_EXTERN PetscErrorCode TriboLawCardGet_Rough(const TriboLawCard **);
