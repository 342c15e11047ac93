/* The statistics file of the rough-contact law (-friction_type rough) on the command line: -friction_surface FILE
   gives the law its gap distribution, radius, density and maximum gap (src/io/surfstats.c), and the joint the
   mesoscale gap of every interface point (Porter and Brake 2023 §2 eq. 1-2, §3.2). */
#include <tribocli.h>
#include <triboio.h>
#include <tribo/private/jointimpl.h>
#include <tribo/private/lawimpl.h>

/* Parameters the file supplies unless the command line sets them: (card parameter, value) */
static PetscErrorCode SetDefault_Private(TriboLaw law, const char prefix[], const char name[], PetscReal value)
{
  char      opt[128];
  PetscBool given;
  PetscReal old;

  PetscFunctionBeginUser;
  PetscCall(PetscSNPrintf(opt, sizeof(opt), "-%sfriction_%s", prefix ? prefix : "", name));
  PetscCall(PetscOptionsHasName(NULL, NULL, opt, &given));
  if (!given) PetscCall(TriboLawGetParameter(law, name, &old)); // an error naming the law if it has no such parameter
  if (!given) PetscCall(TriboLawSetParameter(law, name, value));
  PetscFunctionReturn(0);
}

/*@
  TriboLawSetSurfaceFromOptions - Gives a rough-contact law the statistics of -friction_surface FILE.

  Collective

  Input Parameters:
. law - a law, set from the options (its options prefix, e.g. a law group's "<name>_", applies)

  Output Parameter:
. stats - the statistics read (NULL when the law is not rough or no file is given); the caller destroys them

  Options Database Keys:
+ -friction_surface <file>       - surface statistics: the Rice .mat (Re, area_density, z_max, normzinterp, pzinterp,
                                   mesoscale_xygap) or tribo's surface.h5
- -friction_surface_group <path> - the group of surface.h5 to read (one per erosion size), default the root

  Notes:
  The file sets the gap PDF tables gap_pdf_z, gap_pdf_p and the parameters rp = rpp = Re (or R' and R'' when the file
  has them), eta and zmax, each unless its -friction_<name> option is given. Without a file the law needs its
  statistics from options or tables (TriboLawSetTable()).

.seealso: `TriboJointSetSurfaceFromOptions()`, `TriboSurfaceStatsLoad()`
@*/
PetscErrorCode TriboLawSetSurfaceFromOptions(TriboLaw law, TriboSurfaceStats *stats)
{
  const char       *prefix = law->prefix;
  char              file[PETSC_MAX_PATH_LEN], group[PETSC_MAX_PATH_LEN] = "", opt[128], opt2[128];
  PetscBool         set, rough;
  const char       *type;
  TriboSurfaceStats s;

  PetscFunctionBeginUser;
  *stats = NULL;
  PetscCall(TriboLawGetType(law, &type));
  PetscCall(PetscStrcmp(type, TRIBOLAWROUGH, &rough));
  PetscCall(PetscSNPrintf(opt, sizeof(opt), "-%sfriction_surface", prefix ? prefix : ""));
  PetscCall(PetscSNPrintf(opt2, sizeof(opt2), "-%sfriction_surface_group", prefix ? prefix : ""));
  PetscCall(PetscOptionsGetString(NULL, NULL, opt, file, sizeof(file), &set));
  PetscCall(PetscOptionsGetString(NULL, NULL, opt2, group, sizeof(group), NULL));
  PetscCheck(!set || rough, law->comm, PETSC_ERR_USER_INPUT, "%s is for the rough-contact law (-%sfriction_type rough), not %s", opt,
             prefix ? prefix : "", type);
  if (!set) PetscFunctionReturn(0);
  PetscCall(TriboSurfaceStatsLoad(law->comm, file, group[0] ? group : NULL, &s));
  PetscCall(TriboLawSetTable(law, "gap_pdf_z", s->npdf, s->pdfz));
  PetscCall(TriboLawSetTable(law, "gap_pdf_p", s->npdf, s->pdfp));
  PetscCall(SetDefault_Private(law, prefix, "rp", s->rp > 0 ? s->rp : s->re));
  PetscCall(SetDefault_Private(law, prefix, "rpp", s->rpp > 0 ? s->rpp : s->re));
  PetscCall(SetDefault_Private(law, prefix, "eta", s->eta));
  PetscCall(SetDefault_Private(law, prefix, "zmax", s->zmax));
  *stats = s;
  PetscFunctionReturn(0);
}

/*@
  TriboJointSetSurfaceFromOptions - The statistics of -friction_surface for every rough-contact law of a joint, and the
  file's mesoscale gap at every interface point (TriboJointSetPointGap()).

  Collective

  Input Parameters:
. j - the joint, with its ROM and laws set

  Options Database Keys:
+ -friction_mesoscale <bool>       - apply the file's mesoscale gap map (default true; false: a flat interface)
- -friction_mesoscale_scale <s>    - multiply the mesoscale gap by s (default 1)

  Notes:
  The map is interpolated bilinearly at the quadrature points' global x, y (the interface plane is the map's plane):
  it must cover every point (an error names the first point outside). Prints the range of the gap it applied.
@*/
PetscErrorCode TriboJointSetSurfaceFromOptions(TriboJoint j)
{
  TriboSurfaceStats map   = NULL;
  PetscBool         meso  = PETSC_TRUE;
  PetscReal         scale = 1;

  PetscFunctionBeginUser;
  TriboOptionsBegin(j->comm, NULL, "Rough-contact statistics", "TriboJointSetSurfaceFromOptions");
  PetscCall(PetscOptionsBool("-friction_mesoscale", "apply the mesoscale gap map of -friction_surface (false: a flat interface)",
                             "TriboJointSetSurfaceFromOptions", meso, &meso, NULL));
  PetscCall(PetscOptionsReal("-friction_mesoscale_scale", "factor on the mesoscale gap [-]", "TriboJointSetSurfaceFromOptions", scale, &scale, NULL));
  TriboOptionsEnd();
  for (PetscInt l = 0; l < j->nlaws; l++) {
    TriboSurfaceStats s;
    PetscCall(TriboLawSetSurfaceFromOptions(j->laws[l], &s));
    if (s && !map && s->nx)
      map = s;
    else
      PetscCall(TriboSurfaceStatsDestroy(&s));
  }
  if (map && meso) {
    TriboInterface f = j->rom->iface;
    PetscReal     *gap, lo = PETSC_MAX_REAL, hi = -PETSC_MAX_REAL;
    PetscCall(PetscMalloc1(f->npts + 1, &gap));
    PetscCall(TriboSurfaceStatsInterpolateGap(map, f->npts, f->pxyz, gap));
    for (PetscInt p = 0; p < f->npts; p++) {
      gap[p] *= scale;
      lo = PetscMin(lo, gap[p]);
      hi = PetscMax(hi, gap[p]);
    }
    PetscCall(TriboJointSetPointGap(j, gap));
    PetscCall(PetscPrintf(j->comm, "  mesoscale gap of %s at %" PetscInt_FMT " interface points: %.3f to %.3f um\n", map->file, f->npts,
                          (double)(lo * 1e6), (double)(hi * 1e6)));
    PetscCall(PetscFree(gap));
  }
  PetscCall(TriboSurfaceStatsDestroy(&map));
  PetscFunctionReturn(0);
}
