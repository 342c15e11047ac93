#pragma once
#include <tribonma.h>

typedef struct {
  PetscErrorCode (*setfromoptions)(PetscOptionItems *, TriboNMA);
  PetscErrorCode (*setup)(TriboNMA); /* after the options are read: create solvers (their options are read too) */
  PetscErrorCode (*solve)(TriboNMA);
  PetscErrorCode (*view)(TriboNMA, PetscViewer);
  PetscErrorCode (*destroy)(TriboNMA);
} TriboNMAOps;

struct _p_TriboNMA {
  MPI_Comm      comm;
  char         *type;
  TriboNMAOps   ops;
  void         *data;
  TriboROM      rom;
  TriboJoint    joint;
  PetscInt      n;
  PetscReal    *us, *fs; /* prestress */
  PetscReal    *hs;      /* committed history at the prestress (owned points) */
  PetscInt      nh;
  PetscReal     lam0, *phi0; /* linear mode */
  PetscInt      mode;
  PetscReal     zeta0; /* low-amplitude viscous damping (eq. 40) */
  PetscInt      na;
  PetscReal    *amps;
  PetscBool     verbose;
  TriboBackbone bb;
};
