#pragma once
#include <tribomasing.h>
#include <tribo/private/objimpl.h>

/* A PETSc object (src/sys/package.c): the header first */
struct _p_TriboMasingManifold {
  PETSCHEADER(struct _TriboNoOps);
  MPI_Comm          comm;
  char             *prefix;
  PetscReal         mu, kt;     /* friction coefficient [-], tangential stiffness [N/m] (or N/m^3 with tractions) */
  PetscInt          nt;         /* samples of one period */
  PetscReal        *u, *N;      /* the history: tangential displacement and normal force, nt each */
  PetscBool         setup;      /* anchors and vertices computed for the current history and parameters */
  PetscReal         amax, amin; /* u_max,anchor (eq. 3) and u_min,anchor (eq. 4): max of u - mu N/kT, min of u + mu N/kT */
  PetscInt          imax, imin; /* the samples where they are reached (the anchor's reversals) */
  PetscReal         uamp, uoff; /* u_anchor,amp (eq. 5) and the offset of the displacements (see masing.c) */
  PetscReal         Nmax;       /* largest normal force of the history */
  PetscInt          nev, mev;   /* events found by the last check, allocated */
  TriboMasingEvent *ev;
  PetscBool         checked;
};
