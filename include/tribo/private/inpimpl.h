#pragma once
/* Private state of the Abaqus input-deck reader (src/fe/inp*.c, src/fe/mesh.c). */
#include <tribo/private/feimpl.h>
#include <ctype.h>

// Case-insensitive comparison (0: equal); strcasecmp is not C99
static inline int InpStrcasecmp(const char a[], const char b[])
{
  for (; *a && toupper((unsigned char)*a) == toupper((unsigned char)*b); a++, b++) {}
  return toupper((unsigned char)*a) - toupper((unsigned char)*b);
}

// Open-addressing hash map from a 64-bit key (scope << 32 | deck number) to an index
typedef struct {
  PetscInt64 *key; // -1: empty slot
  PetscInt   *val;
  PetscInt    cap, n;
} TriboIdMap;

PETSC_INTERN PetscErrorCode TriboIdMapInsert_Private(TriboIdMap *, PetscInt64, PetscInt, PetscBool *);
PETSC_INTERN PetscErrorCode TriboIdMapFind_Private(const TriboIdMap *, PetscInt64, PetscBool *, PetscInt *);
PETSC_INTERN PetscErrorCode TriboIdMapDestroy_Private(TriboIdMap *);

// Affine map x -> R x + t (R row-major); frames of *System and *Instance
PETSC_INTERN PetscErrorCode TriboFrameFromSystem_Private(PetscInt, const PetscReal[], PetscReal[], PetscReal[], PetscBool *);
PETSC_INTERN PetscErrorCode TriboFrameFromInstance_Private(PetscInt, const PetscReal[], PetscReal[], PetscReal[], PetscBool *);
PETSC_INTERN void           TriboFrameApply_Private(const PetscReal[], const PetscReal[], const PetscReal[], PetscReal[]);

#define INP_NAME 96

typedef struct {
  char     name[INP_NAME];
  PetscInt line0, line1; // body: lines [line0, line1) (0-based), line1 is the *End Part line
} InpPart;

typedef struct {
  char     name[INP_NAME];
  PetscInt nmax, emax; // largest local node and element numbers (for renumbering)
} InpInstance;

typedef struct {
  PetscInt line;
  char     text[200];
} InpWarning;

typedef struct {
  PetscInt  elset, line;
  char      mat[INP_NAME];
  char      controls[INP_NAME]; // CONTROLS= (upper case), "" for none
  PetscReal hgstiff;            // *Hourglass Stiffness r_F G (Pa), < 0 for none
  PetscInt  hgline;
} InpSection;

typedef struct { // *Section Controls
  char      name[INP_NAME];
  PetscBool enhanced; // HOURGLASS=ENHANCED (else STIFFNESS, the default)
  PetscReal scale;    // displacement hourglass scaling factor (first data field, default 1)
  PetscInt  line;
} InpControls;

typedef struct _n_InpParser *InpParser;
struct _n_InpParser {
  MPI_Comm    comm;
  TriboMesh   mesh;
  const char *file;
  PetscBool   allow, strict;

  char   **lines; // lines[i]: text of line i+1, NUL-terminated, inside buf
  char    *buf;
  PetscInt nlines, cur, stop,
      line; // stop: end of the range being parsed; cur: next line to read (0-based); line: 1-based number of the last line read

  // fields of the current data line (or parameters of the current keyword line), in scr
  char        *scr;
  size_t       scrcap;
  char       **fld;
  PetscInt     nfld, fldcap;
  PetscBool    comma;      // the data line ended with a comma (continuation)
  char         kw[64];     // current keyword, upper case, single spaces
  char         kworig[64]; // as written in the deck
  char        *kwtext;     // the keyword line; parameter names and values point into it
  PetscInt     kwline;     // its line
  char       **pname;
  const char **pval;
  PetscInt     nparam;

  // context
  PetscInt  scope; // 0: model/assembly level, k > 0: instance k-1
  char      prefix[INP_NAME];
  PetscBool hasinst, hassys, instep;
  PetscReal IR[9], It[3], SR[9], St[3];
  PetscInt  curmat;      // material receiving *Density / *Elastic, -1 if none
  PetscInt  curcoupling; // coupling waiting for *Distributing / *Kinematic, -1 if none
  char      loadcase[INP_NAME];

  // growth of the mesh arrays
  PetscInt     nodecap, elemcap, conncap, nsetcap, elsetcap, surfcap, matcap, tiecap, cplcap, eqcap, cloadcap, retcap;
  PetscInt    *nsetn, *elsetn, *surfn; // capacities of each set's / surface's arrays
  PetscInt    *nodescope, *nodeline, *elemscope;
  TriboIdMap   nodes, elems;
  InpPart     *parts;
  PetscInt     nparts, partcap;
  InpInstance *inst;
  PetscInt     ninst, instcap;
  InpWarning  *warn;
  PetscInt     nwarn, warncap;
  InpSection  *sec;
  PetscInt     nsec, seccap;
  InpControls *ctl;
  PetscInt     nctl, ctlcap;
  PetscInt     topnmax, topemax;
  PetscInt     tmpnode; // the node of a single-node reference
};

#define INP_KEY(scope, id) (((PetscInt64)(scope) << 32) | (PetscInt64)(id))

// inpline.c: the file, lines, fields, keywords, messages
PETSC_INTERN PetscErrorCode InpLoad_Private(InpParser, const char[]);
PETSC_INTERN PetscErrorCode InpReadKeyword_Private(InpParser);
PETSC_INTERN PetscBool      InpMore_Private(InpParser, PetscInt);
PETSC_INTERN PetscBool      InpIsKeyword_Private(const char[]);
PETSC_INTERN PetscBool      InpIsComment_Private(const char[]);
PETSC_INTERN void           InpNormalize_Private(const char[], char[], size_t);
PETSC_INTERN char          *InpTrim_Private(char *);
PETSC_INTERN PetscErrorCode InpNextData_Private(InpParser, PetscBool *);
PETSC_INTERN PetscErrorCode InpSkipData_Private(InpParser);
PETSC_INTERN const char    *InpParam_Private(InpParser, const char[]);
PETSC_INTERN PetscErrorCode InpRequireParam_Private(InpParser, const char[], const char **);
PETSC_INTERN PetscErrorCode InpInt_Private(InpParser, PetscInt, const char[], PetscInt *);
PETSC_INTERN PetscErrorCode InpReal_Private(InpParser, PetscInt, const char[], PetscReal *);
PETSC_INTERN PetscErrorCode InpNeedFields_Private(InpParser, PetscInt, const char[]);
PETSC_INTERN PetscErrorCode InpIgnore_Private(InpParser, PetscBool, const char[]);
PETSC_INTERN PetscErrorCode InpUpper_Private(const char[], char[]);
PETSC_INTERN PetscErrorCode InpGrow_Private(void **, size_t, PetscInt, PetscInt *);
PETSC_INTERN PetscBool      InpIsInt_Private(const char[]);

// inpsets.c: sets, surfaces and references to nodes and elements
PETSC_INTERN PetscErrorCode InpGetSet_Private(InpParser, PetscBool, const char[], PetscBool, PetscInt *);
PETSC_INTERN PetscErrorCode InpSetAdd_Private(InpParser, PetscBool, PetscInt, PetscInt);
PETSC_INTERN PetscErrorCode InpFindScope_Private(InpParser, const char[], PetscInt *);
PETSC_INTERN PetscErrorCode InpNodeRef_Private(InpParser, const char[], const char[], PetscInt *, const PetscInt **);
PETSC_INTERN PetscErrorCode InpReadNset_Private(InpParser, PetscBool);
PETSC_INTERN PetscErrorCode InpReadSurface_Private(InpParser);
PETSC_INTERN PetscErrorCode InpFinishSets_Private(InpParser);

// inpcons.c: constraints, materials, sections and step data
PETSC_INTERN PetscErrorCode InpReadMaterial_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadMaterialOption_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadSection_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadSectionControls_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadHourglassStiffness_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadTie_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadCoupling_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadCouplingKind_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadEquation_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadCload_Private(InpParser);
PETSC_INTERN PetscErrorCode InpReadStepData_Private(InpParser, PetscBool *);
PETSC_INTERN PetscErrorCode InpFinishConstraints_Private(InpParser);
