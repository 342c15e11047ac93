#pragma once
/* Private state of the Craig-Bampton reduction (src/rom/cb.c). */
#include <tribocb.h>
#include <tribo/private/objimpl.h>
#include <slepceps.h>

struct _p_TriboCB {
  PETSCHEADER(struct _TriboNoOps); /* a PETSc object (src/sys/package.c): the header first */
  MPI_Comm  comm;
  char     *prefix; /* options prefix, "rom_" by default */
  PetscBool setupcalled;
  /* parameters: TriboCBSetFromOptions() and the setters */
  char      top[96], bot[96];           /* interface node sets; "": the deck's first and second retained node sets */
  PetscReal pairtol, meshtol, planetol; /* pairing and flatness tolerances (relative) */
  PetscInt  nmodes;                     /* fixed-interface modes; -1: the deck's *Select Eigenmodes */
  PetscInt  bs;                         /* static modes solved at once */
  PetscBool sparserhs, redundant;       /* static modes from MUMPS's sparse right-hand sides (MatMatTransposeSolve()); false: dense (MatMatSolve()) */
  PetscReal accelm;                     /* accelerometer mass (kg) */
  PetscInt  accel[64], naccel;          /* deck numbers of the accelerometer nodes */
  PetscBool monitor;
  PetscInt  ncondense; /* second stage: modes kept besides the interface DOFs; -1: none */
  PetscBool surface;   /* store the FE outer surface and the basis rows at its nodes in the ROM (rom->surf) */
  /* solvers, created with their options by TriboCBSetFromOptions() (or TriboCBSetUp()) */
  KSP ksp; /* direct solver of K_ii, prefix <prefix>st_ */
  EPS eps; /* fixed-interface modes, prefix <prefix>; shares ksp for shift-and-invert */
};
