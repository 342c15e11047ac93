#pragma once
/* Nonlinear modal analysis of the jointed structure: prestress, linearized modes, RQNMA. */
#include <triborom.h>
