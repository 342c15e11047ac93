#pragma once
/* matio reading shared by src/io/mat.c (ROM .mat files) and src/io/surfstats.c (surface statistics .mat files). */
#include <tribosys.h>
#include <matio.h>

/* Mat_VarRead() after the variable's declared size is checked against PetscInt and the memory (NULL: absent) */
PETSC_INTERN PetscErrorCode TriboMatVarRead_Private(mat_t *, const char[], const char[], matvar_t **);
