#pragma once
#include <tribolaw.h>

struct _p_TriboLaw {
  MPI_Comm            comm;
  char               *prefix;
  const TriboLawCard *card;
  PetscReal          *p; /* parameter values, card order */
};
