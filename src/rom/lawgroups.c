/* Law groups of one interface: the points of a ROM's interface split among several laws selected by options
   (-friction_groups), for TriboJointSetLaws(). A group is a named options prefix: -<name>_friction_type and
   -<name>_friction_<param> choose its law as -friction_type and -friction_<param> choose the default law (a group's
   law starts as the default law, type and parameters, so that -<name>_friction_mu 0.2 changes only mu), and
   -<name>_group_radius selects the points within that distance of a bolt axis.

   Choices: the bolt axes are the lines through the points of -friction_bolt_xyz along the normal of the interface
   plane (the ROM file keeps no bolt positions). Element sets (-<name>_group_elset) cannot be selected: a ROM keeps
   of each point only its interface element (pelem), not the Abaqus element sets of the deck; the option is
   refused with that reason. A point in several groups takes the first group listed; points in none keep the
   default law. */
#include <triborom.h>

#define MAXGROUPS 16
#define MAXBOLTS  64

/* The unit normal of the interface plane: the sum of the elements' (Newell) area vectors */
static PetscErrorCode InterfaceNormal_Private(MPI_Comm comm, TriboInterface f, PetscReal nrm[3])
{
  PetscReal len;

  PetscFunctionBeginUser;
  nrm[0] = nrm[1] = nrm[2] = 0;
  for (PetscInt e = 0; e < f->nelem; e++) {
    const PetscInt *c  = &f->elem[4 * e];
    PetscInt        nv = c[3] < 0 ? 3 : 4;
    for (PetscInt a = 0; a < nv; a++) {
      const PetscReal *x = &f->xyz[3 * c[a]], *y = &f->xyz[3 * c[(a + 1) % nv]];
      nrm[0] += (x[1] - y[1]) * (x[2] + y[2]);
      nrm[1] += (x[2] - y[2]) * (x[0] + y[0]);
      nrm[2] += (x[0] - y[0]) * (x[1] + y[1]);
    }
  }
  len = PetscSqrtReal(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
  PetscCheck(len > 0, comm, PETSC_ERR_USER_INPUT, "the interface's elements have no area: no plane for the bolt axes of -friction_bolt_xyz");
  for (PetscInt c = 0; c < 3; c++) nrm[c] /= len;
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckGroupName_Private(MPI_Comm comm, char *names[], PetscInt g)
{
  const char *s = names[g];
  size_t      len;

  PetscFunctionBeginUser;
  PetscCall(PetscStrlen(s, &len));
  PetscCheck(len > 0 && len < 48, comm, PETSC_ERR_USER_INPUT, "-friction_groups: group %" PetscInt_FMT " has an empty or too long name \"%s\"", g + 1,
             s);
  PetscCheck(s[0] >= 'a' && s[0] <= 'z', comm, PETSC_ERR_USER_INPUT,
             "-friction_groups: group name \"%s\" must start with a lower-case letter (it is the options prefix -%s_friction_type)", s, s);
  for (size_t i = 0; i < len; i++)
    PetscCheck((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_', comm, PETSC_ERR_USER_INPUT,
               "-friction_groups: group name \"%s\" may hold only lower-case letters, digits and underscores", s);
  for (PetscInt h = 0; h < g; h++) {
    PetscBool same;
    PetscCall(PetscStrcmp(names[h], s, &same));
    PetscCheck(!same, comm, PETSC_ERR_USER_INPUT, "-friction_groups: group \"%s\" is listed twice", s);
  }
  PetscCheck(strcmp(s, "friction") && strcmp(s, "group"), comm, PETSC_ERR_USER_INPUT,
             "-friction_groups: \"%s\" is reserved, choose another group name", s);
  PetscFunctionReturn(0);
}

/*@
  TriboJointCreateLawsFromOptions - The laws of a ROM's interface from the options: one default law, and one law
  per group of -friction_groups with the points it selects, for TriboJointSetLaws().

  Collective on comm

  Input Parameters:
+ rom  - a ROM with an interface (with point coordinates and elements when groups select by radius)
- comm - communicator of the laws

  Output Parameters:
+ nlaws    - 1 + number of groups
. laws     - [nlaws] laws, set from the options and set up: laws[0] the default law (-friction_type ...), laws[1 + g]
             that of group g (-<name>_friction_type ...)
- pointlaw - [npts] the law of every interface point, NULL without groups (laws[0] everywhere)

  Options Database Keys:
+ -friction_groups <name1,name2,...> - the groups (lower-case names, at most 16)
. -<name>_friction_type, -<name>_friction_<param> - the group's law, as -friction_type and -friction_<param>: it starts
                                      as the default law (its type and parameters); another type starts from its own defaults
. -<name>_group_radius <r>            - the group holds the points within r (m) of a bolt axis
. -<name>_group_elset <ELSET>         - refused: a ROM does not keep the deck's element sets
- -friction_bolt_xyz <x1,y1,z1,...>   - a point on every bolt axis (m); the axes are normal to the interface plane

  Notes:
  A point in several groups takes the first group listed; points in no group keep the default law. A group that
  selects no point is an error (its radius is below the point spacing, or the bolts are elsewhere). The caller
  destroys each law with TriboLawDestroy() after the joint, and frees laws and pointlaw with PetscFree().

.seealso: `TriboJointSetLaws()`, `TriboROMElementsCreateLaws()`, `TriboLawSetFromOptions()`
@*/
PetscErrorCode TriboJointCreateLawsFromOptions(TriboROM rom, MPI_Comm comm, PetscInt *nlaws, TriboLaw *laws[], PetscInt *pointlaw[])
{
  char               *names[MAXGROUPS];
  PetscInt            ng = MAXGROUPS, nb = 3 * MAXBOLTS, npts = rom->iface ? rom->iface->npts : 0, *pl = NULL, count[MAXGROUPS + 1];
  PetscReal           bolts[3 * MAXBOLTS], radius[MAXGROUPS], nrm[3] = {0, 0, 1};
  PetscBool           set, bset;
  TriboLaw           *lw;
  TriboInterface      f = rom->iface;
  const char         *type0, *type;
  const TriboLawCard *card0;
  const PetscReal    *p0;
  PetscBool           same;

  PetscFunctionBeginUser;
  TriboOptionsBegin(comm, NULL, "Law groups of the interface", "TriboJointCreateLawsFromOptions");
  PetscCall(PetscOptionsStringArray("-friction_groups",
                                    "groups of interface points with their own law: -<name>_friction_type ..., -<name>_group_radius",
                                    "TriboJointCreateLawsFromOptions", names, &ng, &set));
  PetscCall(TriboOptionsRealArray("-friction_bolt_xyz", "a point on every bolt axis x1,y1,z1,... (axes normal to the interface) [m]",
                                  "TriboJointCreateLawsFromOptions", bolts, &nb, &bset, 0));
  TriboOptionsEnd();
  if (!set) ng = 0;
  if (!bset) nb = 0;
  PetscCheck(nb % 3 == 0, comm, PETSC_ERR_USER_INPUT,
             "-friction_bolt_xyz: expected x,y,z of every bolt (a multiple of 3 numbers), got %" PetscInt_FMT, nb);
  nb /= 3;
  for (PetscInt g = 0; g < ng; g++) PetscCall(CheckGroupName_Private(comm, names, g));
  PetscCall(PetscMalloc1(ng + 1, &lw));
  PetscCall(TriboLawCreate(comm, &lw[0]));
  PetscCall(TriboLawSetFromOptions(lw[0]));
  PetscCall(TriboLawSetUp(lw[0]));
  PetscCall(TriboLawGetType(lw[0], &type0));
  PetscCall(TriboLawGetCard(lw[0], &card0));
  PetscCall(TriboLawGetParameters(lw[0], &p0));
  for (PetscInt g = 0; g < ng; g++) {
    char      prefix[64], title[128], elset[128];
    PetscBool rset, eset;
    PetscCall(PetscSNPrintf(prefix, sizeof(prefix), "%s_", names[g]));
    radius[g] = 0;
    PetscCall(PetscSNPrintf(title, sizeof(title), "Law group %s of the interface (-friction_groups)", names[g]));
    TriboOptionsBegin(comm, prefix, title, "TriboJointCreateLawsFromOptions");
    PetscCall(PetscOptionsReal("-group_radius", "the group holds the interface points within this distance of a bolt axis [m]",
                               "TriboJointCreateLawsFromOptions", radius[g], &radius[g], &rset));
    PetscCall(PetscOptionsString("-group_elset", "element set of the deck (not kept in a ROM: refused)", "TriboJointCreateLawsFromOptions", "", elset,
                                 sizeof(elset), &eset));
    TriboOptionsEnd();
    PetscCall(TriboOptionsUseNamespace(prefix, "group_"));
    PetscCheck(!eset, comm, PETSC_ERR_SUP,
               "-%sgroup_elset %s: a ROM keeps of each interface point only its interface element, not the element sets of the Abaqus deck; "
               "select the group with -%sgroup_radius R (points within R of a bolt axis of -friction_bolt_xyz)",
               prefix, elset, prefix);
    PetscCheck(rset, comm, PETSC_ERR_USER_INPUT, "group %s of -friction_groups selects no points: give -%sgroup_radius R (m, around the bolt axes)",
               names[g], prefix);
    PetscCheck(radius[g] > 0, comm, PETSC_ERR_USER_INPUT, "-%sgroup_radius must be > 0 m, got %g", prefix, (double)radius[g]);
    PetscCall(TriboLawCreate(comm, &lw[1 + g]));
    PetscCall(TriboLawSetOptionsPrefix(lw[1 + g], prefix));
    PetscCall(TriboLawSetType(lw[1 + g], type0));
    PetscCall(TriboLawSetFromOptions(lw[1 + g]));
    PetscCall(TriboLawGetType(lw[1 + g], &type));
    PetscCall(PetscStrcmp(type, type0, &same));
    if (same) // the default law's parameters, except those given for the group
      for (PetscInt i = 0; i < card0->nparams; i++) {
        char      opt[96];
        PetscBool given;
        PetscCall(PetscSNPrintf(opt, sizeof(opt), "-friction_%s", card0->params[i].name));
        PetscCall(PetscOptionsHasName(NULL, prefix, opt, &given));
        if (!given) PetscCall(TriboLawSetParameter(lw[1 + g], card0->params[i].name, p0[i]));
      }
    PetscCall(TriboLawSetUp(lw[1 + g]));
  }
  if (ng && npts > 0) {
    PetscCheck(nb > 0, comm, PETSC_ERR_USER_INPUT,
               "-%s_group_radius needs the bolt positions: -friction_bolt_xyz x1,y1,z1,x2,y2,z2,... (a point on every bolt axis, m)", names[0]);
    PetscCheck(f->nelem > 0 && f->pxyz, comm, PETSC_ERR_USER_INPUT,
               "-friction_groups: the interface of %s has no geometry (a MATLAB .mat ROM): groups by radius need point coordinates", rom->source);
    PetscCall(InterfaceNormal_Private(comm, f, nrm));
    PetscCall(PetscMalloc1(npts, &pl));
    PetscCall(PetscArrayzero(count, ng + 1));
    for (PetscInt p = 0; p < npts; p++) {
      PetscReal dmin = PETSC_MAX_REAL;
      for (PetscInt b = 0; b < nb; b++) {
        PetscReal d[3], dn, d2 = 0;
        for (PetscInt c = 0; c < 3; c++) d[c] = f->pxyz[3 * p + c] - bolts[3 * b + c];
        dn = d[0] * nrm[0] + d[1] * nrm[1] + d[2] * nrm[2];
        for (PetscInt c = 0; c < 3; c++) d2 += (d[c] - dn * nrm[c]) * (d[c] - dn * nrm[c]);
        dmin = PetscMin(dmin, PetscSqrtReal(d2));
      }
      pl[p] = 0;
      for (PetscInt g = 0; g < ng && !pl[p]; g++)
        if (dmin <= radius[g]) pl[p] = 1 + g;
      count[pl[p]]++;
    }
    for (PetscInt g = 0; g < ng; g++)
      PetscCheck(count[1 + g], comm, PETSC_ERR_USER_INPUT,
                 "group %s selects no interface point: no point within -%s_group_radius %g m of a bolt axis of -friction_bolt_xyz (or all taken "
                 "by an earlier group)",
                 names[g], names[g], (double)radius[g]);
    PetscCall(PetscPrintf(comm, "  law groups: %" PetscInt_FMT " points keep the default law", count[0]));
    for (PetscInt g = 0; g < ng; g++) {
      const char *type;
      PetscCall(TriboLawGetType(lw[1 + g], &type));
      PetscCall(PetscPrintf(comm, ", %" PetscInt_FMT " in %s (%s)", count[1 + g], names[g], type));
    }
    PetscCall(PetscPrintf(comm, "\n"));
  }
  for (PetscInt g = 0; g < ng; g++) PetscCall(PetscFree(names[g]));
  *nlaws    = ng + 1;
  *laws     = lw;
  *pointlaw = pl;
  PetscFunctionReturn(0);
}
