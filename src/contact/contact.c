/* TriboContact: the built-in half-space contact cases (Hertz, flat punch, Westergaard's wavy surface, Cattaneo-Mindlin with a
   Mindlin-Deresiewicz cycle) on their grids, their load steps, and the fields after each step for a monitor (the verb writes
   them). The closed forms of each case are kept as references (Johnson, Contact Mechanics, 1985: §3.2, §4.2, §7.2-7.4, §13.2). */
#define _DEFAULT_SOURCE // sysconf(_SC_PHYS_PAGES)
#include <tribo/private/contactimpl.h>
#include <tribosurf.h>
#include <unistd.h>
#include <petscsys.h>

const char *const TriboContactCases[] = {"hertz", "punch", "wavy", "mindlin", "rough", "lapbeam", "TriboContactCase", "TRIBO_CONTACT_", NULL};

/*@C
  TriboContactCreate - creates a half-space contact run (a built-in case, its grid and load steps)

  Collective
@*/
PetscErrorCode TriboContactCreate(MPI_Comm comm, TriboContact *c)
{
  TriboContact t;

  PetscFunctionBegin;
  PetscValidPointer(c, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(PetscHeaderCreate(t, TRIBO_CONTACT_CLASSID, "TriboContact", "Half-space contact problem", "Contact", comm, TriboContactDestroy, NULL));
  t->comm = comm, t->type = TRIBO_CONTACT_LAPBEAM, t->n = 0, t->nsteps = 0;
  t->preload = 12249, t->boltkt = 1e8, t->npre = 2, t->nqsma = 10, t->qmax = 1e-4, t->decades = 2, t->mode = 7, t->lrtol = 1e-8, t->deflmax = 64,
  t->defltol = 1, t->fmethod = TRIBO_FRICTION_FAST;
  t->E = 210e9, t->nu = 0.3, t->R = 10e-3, t->load = 100, t->radius = 1e-3, t->wavelength = 1e-3, t->amplitude = 1e-6, t->mu = 0.3, t->psi = 0.6,
  t->box  = 3;
  t->rrms = 1e-6, t->rlmin = 50e-6, t->rlmax = 250e-6, t->rR = 0, t->rside = 1e-3, t->rseed = 1;
  PetscCall(TriboContactSolverParamsDefault(&t->sp));
  PetscCall(TriboHalfSpaceCreate(comm, &t->hs));
  *c = t;
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSetFromOptions - reads the case and its parameters

  Options Database Keys:
+ -contact_case <hertz|punch|wavy|mindlin|rough> - the built-in case
. -contact_rough_rms <1e-6>, -contact_rough_lmin <50e-6>, -contact_rough_lmax <250e-6>, -contact_rough_seed <1> - rough: band-limited
  Gaussian roughness (TriboSurfaceSynthesize(), TRIBO_SYNTH_BAND: flat PSD for wavelengths in [lmin, lmax], RMS height)
. -contact_rough_side <1e-3> - rough: side of the square patch (m); -contact_rough_R <0>: curvature radius of the patch (0: flat)
. -contact_n <256> - grid points along x (and y; wavy: n/8 along y, at least 4)
. -contact_steps <n> - load steps (hertz, punch, wavy; mindlin: steps per quarter cycle)
. -contact_load <N> - normal force (hertz, punch, mindlin)
. -contact_R <m> - sphere radius (hertz, mindlin); -contact_box <3>: grid side over the final contact radius
. -contact_radius <m> - punch radius
. -contact_wavelength <m>, -contact_amplitude <m> - wavy surface z = D (1 - cos(2 pi x/l))
. -contact_mu <mu>, -contact_psi <psi = Q* over mu P> - friction coefficient and tangential amplitude (mindlin)
. -contact_rtol, -contact_maxits - solver tolerance (relative pressure change) and iteration cap
. -contact_mask_radius <m> - only the points within this distance of the centre may touch (0: all; punch: its disc)
. -contact_memory_max <GiB> - largest memory per node the run may take (default 90 % of the node's physical memory)
- -contact_E, -contact_nu, -contact_periodic, -contact_pad - the half space (TriboHalfSpaceSetFromOptions())
@*/
PetscErrorCode TriboContactSetFromOptions(TriboContact c)
{
  PetscBool set;
  PetscInt  nxy;

  PetscFunctionBeginUser;
  PetscCall(TriboOptionsUseNamespace(NULL, "contact_"));
  TriboOptionsBegin(c->comm, NULL, "Half-space contact (tribo contact)", "TriboContact");
  PetscCall(
      PetscOptionsEnum("-contact_case", "built-in case", "TriboContactSetUp", TriboContactCases, (PetscEnum)c->type, (PetscEnum *)&c->type, NULL));
  PetscCall(TriboOptionsInt("-contact_n", "grid points along x (and y)", "TriboContactSetUp", c->n, &c->n, NULL));
  PetscCall(TriboOptionsInt("-contact_steps", "load steps (mindlin: per quarter cycle)", "TriboContactSolve", c->nsteps, &c->nsteps, NULL));
  PetscCall(PetscOptionsReal("-contact_load", "normal force (N)", "TriboContactSolve", c->load, &c->load, NULL));
  PetscCall(PetscOptionsReal("-contact_R", "sphere radius (m)", "TriboContactSetUp", c->R, &c->R, NULL));
  PetscCall(PetscOptionsReal("-contact_box", "grid side over the final Hertz contact radius", "TriboContactSetUp", c->box, &c->box, NULL));
  PetscCall(PetscOptionsReal("-contact_radius", "punch radius (m)", "TriboContactSetUp", c->radius, &c->radius, NULL));
  PetscCall(PetscOptionsReal("-contact_wavelength", "wavy surface: wavelength (m)", "TriboContactSetUp", c->wavelength, &c->wavelength, NULL));
  PetscCall(PetscOptionsReal("-contact_amplitude", "wavy surface: amplitude D of D (1 - cos(2 pi x/l)) (m)", "TriboContactSetUp", c->amplitude,
                             &c->amplitude, NULL));
  PetscCall(PetscOptionsReal("-contact_mu", "friction coefficient (mindlin)", "TriboContactSolve", c->mu, &c->mu, NULL));
  PetscCall(PetscOptionsReal("-contact_psi", "tangential amplitude Q*/(mu P) (mindlin)", "TriboContactSolve", c->psi, &c->psi, NULL));
  PetscCall(PetscOptionsReal("-contact_rtol", "relative pressure change at convergence", "TriboContactSolveNormal", c->sp.rtol, &c->sp.rtol, NULL));
  PetscCall(TriboOptionsInt("-contact_maxits", "iteration cap of the solvers", "TriboContactSolveNormal", c->sp.maxits, &c->sp.maxits, NULL));
  PetscCall(PetscOptionsReal("-contact_mask_radius", "only points within this distance of the centre may touch (m; 0: all)", "TriboContactSetUp",
                             c->maskr, &c->maskr, NULL));
  PetscCall(PetscOptionsReal("-contact_memory_max", "largest memory per node (GiB; 0: 90 % of the physical memory)", "TriboContactSetUp", c->memmax,
                             &c->memmax, NULL));
  PetscCall(PetscOptionsReal("-contact_rough_rms", "rough: roughness RMS (m)", "TriboContactSetUp", c->rrms, &c->rrms, NULL));
  if (c->type == TRIBO_CONTACT_LAPBEAM) c->rlmin = 6e-3, c->rlmax = 30e-3; // waviness of the joint's faces on the lap beam's grid of about 1 mm
  PetscCall(PetscOptionsReal("-contact_rough_lmin", "rough: shortest wavelength (m)", "TriboContactSetUp", c->rlmin, &c->rlmin, NULL));
  PetscCall(PetscOptionsReal("-contact_rough_lmax", "rough: longest wavelength (m)", "TriboContactSetUp", c->rlmax, &c->rlmax, NULL));
  PetscCall(PetscOptionsReal("-contact_rough_side", "rough: side of the square patch (m)", "TriboContactSetUp", c->rside, &c->rside, NULL));
  PetscCall(PetscOptionsReal("-contact_rough_R", "rough: curvature radius of the patch (m; 0: flat)", "TriboContactSetUp", c->rR, &c->rR, NULL));
  PetscCall(TriboOptionsInt("-contact_rough_seed", "rough: random seed", "TriboContactSetUp", c->rseed, &c->rseed, NULL));
  PetscCall(PetscOptionsString("-rom", "lapbeam: the reduced structure (a tribo rom .h5 with its interface; default the built-in lap beam)",
                               "TriboContactSetUp", c->romfile, c->romfile, sizeof(c->romfile), NULL));
  PetscCall(PetscOptionsReal("-contact_preload", "lapbeam: bolt load per bolt (N), times the ROM's unit bolt load vector Fv", "TriboContactSolve",
                             c->preload, &c->preload, NULL));
  PetscCall(
      PetscOptionsReal("-contact_bolt_shear_k",
                       "lapbeam: lateral stiffness of each bolt shank tying the halves (N/m; 0: none; built-in ROM, or -rom with -contact_bolt_xy)",
                       "TriboContactCouplingCreate", c->boltkt, &c->boltkt, NULL));
  nxy = 32;
  PetscCall(TriboOptionsRealArray("-contact_bolt_xy", "lapbeam, -rom: bolt axes x1,y1,x2,y2,... on the interface plane (m), tied as -contact_bolt_*",
                                  "TriboContactCouplingCreate", c->boltxy, &nxy, &set, 2 * c->nbolt));
  PetscCheck(!set || (nxy > 0 && nxy % 2 == 0), c->comm, PETSC_ERR_USER_INPUT,
             "-contact_bolt_xy: expected pairs x1,y1,x2,y2,... (m) of at most 16 bolt axes, got %" PetscInt_FMT " values", nxy);
  c->nbolt = set ? nxy / 2 : 0;
  PetscCall(PetscOptionsReal("-contact_bolt_axial_k", "lapbeam: axial stiffness of each bolt tie (N/m; 0: none), spread over its ring of nodes",
                             "TriboContactCouplingCreate", c->boltkn, &c->boltkn, NULL));
  PetscCall(
      PetscOptionsReal("-contact_bolt_radius",
                       "lapbeam, -contact_bolt_xy: tie each bolt axis to the interface nodes within this distance (m; 0: at the point, in a face)",
                       "TriboContactCouplingCreate", c->boltr, &c->boltr, NULL));
  PetscCall(TriboOptionsInt("-contact_preload_steps", "lapbeam: load increments of the preload", "TriboContactSolve", c->npre, &c->npre, NULL));
  PetscCall(TriboOptionsInt("-contact_mode", "lapbeam: the linearized mode (1-based, ascending frequency) of the QSMA", "TriboContactSolve", c->mode,
                            &c->mode, NULL));
  PetscCall(
      TriboOptionsInt("-contact_lin_nev", "lapbeam: linearized modes computed (at least -contact_mode)", "TriboContactSolve", c->nev, &c->nev, NULL));
  PetscCall(PetscOptionsReal("-contact_lin_rtol", "lapbeam: relative residual of the CG solves on the closed points", "TriboContactSolve", c->lrtol,
                             &c->lrtol, NULL));
  PetscCall(TriboOptionsInt("-contact_deflate_max", "lapbeam: most structural compliance columns deflated in the solvers' preconditioner (0: none)",
                            "TriboContactCouplingGetOperator", c->deflmax, &c->deflmax, NULL));
  PetscCall(PetscOptionsReal("-contact_deflate_tol", "lapbeam: deflate the columns whose squared norm exceeds this times the diagonal of C_nn",
                             "TriboContactCouplingGetOperator", c->defltol, &c->defltol, NULL));
  PetscCall(TriboOptionsInt("-contact_qsma_n", "lapbeam: QSMA amplitudes", "TriboContactSolve", c->nqsma, &c->nqsma, NULL));
  PetscCall(PetscOptionsReal("-contact_qsma_qmax", "lapbeam: largest modal amplitude, linear estimate (alpha_max = omega_lin^2 qmax; sqrt(kg) m)",
                             "TriboContactSolve", c->qmax, &c->qmax, NULL));
  PetscCall(PetscOptionsReal("-contact_qsma_decades", "lapbeam: the amplitudes span this many decades below alpha_max (log-spaced)",
                             "TriboContactSolve", c->decades, &c->decades, NULL));
  PetscCall(PetscOptionsEnum("-contact_friction_method", "lapbeam: frictional solver", "TriboContactSolveFriction", TriboFrictionMethods,
                             (PetscEnum)c->fmethod, (PetscEnum *)&c->fmethod, NULL));
  TriboOptionsEnd();
  if (c->n <= 0) c->n = c->type == TRIBO_CONTACT_LAPBEAM ? 48 : 256;
  if (c->type == TRIBO_CONTACT_MINDLIN) PetscCall(TriboHalfSpaceSetMaterial(c->hs, c->E, 0.0)); // the decoupled case: nu = 0 unless given
  // FFTW's planner: the normal cases make 1-5 solves of 30-100 products, where measuring plans costs more than it saves (Hertz 1024 x
  // 1024 on 2 ranks: set-up 1.24 s -> 0.25 s, the first solve 2.89 s -> 2.37 s with its preconditioner's plans, products 17.9 ms ->
  // 21.6 ms); the frictional and coupled cases make thousands of products and keep FFTW_MEASURE. -contact_fftw_plan overrides.
  if (c->type == TRIBO_CONTACT_HERTZ || c->type == TRIBO_CONTACT_PUNCH || c->type == TRIBO_CONTACT_WAVY)
    PetscCall(TriboHalfSpaceSetFFTWPlan(c->hs, 0));
  PetscCall(TriboHalfSpaceSetFromOptions(c->hs));
  PetscCall(TriboHalfSpaceGetMaterial(c->hs, &c->E, &c->nu, NULL));
  PetscCall(PetscOptionsHasName(NULL, NULL, "-contact_periodic", &set));
  PetscCheck(c->type != TRIBO_CONTACT_WAVY || !set, c->comm, PETSC_ERR_USER_INPUT, "-contact_case wavy is always periodic: drop -contact_periodic");
  PetscCheck(c->type == TRIBO_CONTACT_WAVY || !set, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_periodic is only for -contact_case wavy: the %s case is non-periodic", TriboContactCases[c->type]);
  PetscFunctionReturn(0);
}

static PetscErrorCode AddRef_Private(TriboContact c, const char name[], PetscReal v)
{
  PetscFunctionBeginUser;
  c->refname[c->nref] = name, c->ref[c->nref++] = v;
  PetscFunctionReturn(0);
}

/* Hertz: a = (3PR/(4E*))^(1/3), p0 = 3P/(2 pi a^2), delta = a^2/R */
static void Hertz_Private(PetscReal P, PetscReal R, PetscReal Es, PetscReal *a, PetscReal *p0, PetscReal *d)
{
  *a  = PetscCbrtReal(3 * P * R / (4 * Es));
  *p0 = 3 * P / (2 * PETSC_PI * *a * *a);
  *d  = *a * *a / R;
}

/* Cattaneo-Mindlin tangential shift for Q = psi mu P: (3 mu P theta/(16 a)) (1 - (1 - psi)^(2/3)), theta = 2 (2 - nu)/G (Johnson §7.2) */
static PetscReal MindlinShift_Private(PetscReal mu, PetscReal P, PetscReal theta, PetscReal a, PetscReal psi)
{
  return 3 * mu * P * theta / (16 * a) * (1 - PetscPowReal(1 - psi, 2.0 / 3.0));
}

/* rough: every rank synthesizes the whole map from the seed (serial, deterministic) and keeps its rows; heights are turned
   into a gap h = max(z) - z (+ r^2/(2 R)), so the highest summit touches first at zero approach */
PetscErrorCode TriboContactRough_Private(TriboContact c)
{
  TriboSynthParams sp;
  TriboHeightMap  *map;
  PetscReal        zmax = PETSC_MIN_REAL;

  PetscFunctionBeginUser;
  PetscCall(TriboSynthParamsDefault(&sp));
  sp.type = TRIBO_SYNTH_BAND, sp.nx = c->nx, sp.ny = c->ny, sp.dx = c->dx, sp.rms = c->rrms, sp.lmin = c->rlmin, sp.lmax = c->rlmax;
  sp.seed = (unsigned long)c->rseed, sp.form_amp = 0, sp.nbolts = 0; // roughness only: no mesoscale form, no bolt dimples
  PetscCall(TriboSurfaceSynthesize(&sp, &map));
  for (PetscInt k = 0; k < c->nx * c->ny; k++) zmax = PetscMax(zmax, map->z[k]);
  for (PetscInt jl = 0; jl < c->nyl; jl++)
    for (PetscInt i = 0; i < c->nx; i++) {
      PetscReal x = c->x0 + i * c->dx, y = c->y0 + (c->j0 + jl) * c->dx;
      PetscInt  k = jl * c->nx + i;
      c->h[k]     = zmax - map->z[(c->j0 + jl) * c->nx + i] + (c->rR > 0 ? (x * x + y * y) / (2 * c->rR) : 0);
      c->mask[k]  = c->maskr > 0 && x * x + y * y >= c->maskr * c->maskr ? PETSC_FALSE : PETSC_TRUE;
    }
  PetscCall(TriboHeightMapDestroy(&map));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSetUp - checks the memory the grid needs, sets up the half space and the case's gap and mask

  Collective

  Notes:
  The memory of the run (FFT buffers, kernel spectra and about 14 fields per point) is estimated before anything large is
  allocated; a grid that does not fit -contact_memory_max on a node is an error that says how much it needs.
@*/
PetscErrorCode TriboContactSetUp(TriboContact c)
{
  PetscReal   Es = c->E / (2 * (1 - c->nu * c->nu)), a, p0, d, L, Ly, fft, phys;
  PetscMPIInt size, nsize;
  MPI_Comm    node;

  PetscFunctionBeginUser;
  if (c->setup) PetscFunctionReturn(0);
  PetscCheck(c->n >= 4, c->comm, PETSC_ERR_USER_INPUT, "-contact_n must be >= 4, got %" PetscInt_FMT, c->n);
  PetscCheck(c->load > 0, c->comm, PETSC_ERR_USER_INPUT, "-contact_load must be > 0, got %g N", (double)c->load);
  PetscCheck(c->R > 0 && c->radius > 0 && c->wavelength > 0 && c->amplitude > 0 && c->box > 0, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_R, -contact_radius, -contact_wavelength, -contact_amplitude and -contact_box must be > 0");
  PetscCheck(c->type != TRIBO_CONTACT_MINDLIN || c->nu == 0, c->comm, PETSC_ERR_USER_INPUT,
             "-contact_case mindlin needs -contact_nu 0 (normal and tangential problems decouple only then), got %g", (double)c->nu);
  PetscCheck(c->type != TRIBO_CONTACT_MINDLIN || (c->psi > 0 && c->psi < 1), c->comm, PETSC_ERR_USER_INPUT, "-contact_psi must be in (0, 1), got %g",
             (double)c->psi);
  PetscCheck(c->type != TRIBO_CONTACT_MINDLIN || c->mu > 0, c->comm, PETSC_ERR_USER_INPUT, "-contact_mu must be > 0, got %g", (double)c->mu);
  c->nx = c->ny = c->n;
  switch (c->type) {
  case TRIBO_CONTACT_HERTZ:
  case TRIBO_CONTACT_MINDLIN:
    Hertz_Private(c->load, c->R, Es, &a, &p0, &d);
    L = c->box * a;
    PetscCall(AddRef_Private(c, "hertz_radius", a));
    PetscCall(AddRef_Private(c, "hertz_max_pressure", p0));
    PetscCall(AddRef_Private(c, "hertz_approach", d));
    if (c->type == TRIBO_CONTACT_MINDLIN) {
      PetscReal G = c->E / (2 * (1 + c->nu)), theta = 2 * (2 - c->nu) / G, psi = c->psi, P = c->load;
      PetscCall(AddRef_Private(c, "stick_radius_at_peak", a * PetscCbrtReal(1 - psi)));
      PetscCall(AddRef_Private(c, "shift_at_peak", MindlinShift_Private(c->mu, P, theta, a, psi)));
      // Mindlin-Deresiewicz energy per cycle (Johnson §7.4 via the Masing rule)
      PetscCall(AddRef_Private(c, "energy_per_cycle",
                               9 * c->mu * c->mu * P * P * theta / (10 * a) *
                                   (1 - PetscPowReal(1 - psi, 5.0 / 3.0) - 5 * psi / 6 * (1 + PetscPowReal(1 - psi, 2.0 / 3.0)))));
      PetscCall(AddRef_Private(c, "friction_coefficient", c->mu));
    }
    break;
  case TRIBO_CONTACT_PUNCH:
    L = 2.2 * c->radius;
    PetscCall(AddRef_Private(c, "punch_stiffness", 2 * c->radius * Es));
    break;
  case TRIBO_CONTACT_ROUGH:
    PetscCheck(c->rrms > 0 && c->rside > 0 && c->rR >= 0 && c->rlmin > 0 && c->rlmax >= c->rlmin, c->comm, PETSC_ERR_USER_INPUT,
               "-contact_rough_rms and -contact_rough_side must be > 0, 0 < -contact_rough_lmin <= -contact_rough_lmax and -contact_rough_R >= 0, "
               "got %g, %g, %g, %g, %g m",
               (double)c->rrms, (double)c->rside, (double)c->rlmin, (double)c->rlmax, (double)c->rR);
    PetscCheck(c->rlmin >= 2 * c->rside / c->n, c->comm, PETSC_ERR_USER_INPUT,
               "-contact_rough_lmin %g m is below two grid spacings (%g m at -contact_n %" PetscInt_FMT ", -contact_rough_side %g m)",
               (double)c->rlmin, (double)(2 * c->rside / c->n), c->n, (double)c->rside);
    L = c->rside;
    PetscCall(AddRef_Private(c, "roughness_rms", c->rrms));
    break;
  case TRIBO_CONTACT_LAPBEAM:
    PetscCall(TriboContactSetUp_Coupled(c, &L, &Ly));
    break;
  default:
    L = c->wavelength, c->ny = PetscMax(4, c->n / 8);
    PetscCall(AddRef_Private(c, "full_contact_pressure", PETSC_PI * Es * c->amplitude / c->wavelength));
  }
  c->dx = L / c->nx, Ly = c->dx * c->ny;
  c->x0 = c->xc - 0.5 * L + 0.5 * c->dx, c->y0 = c->yc - 0.5 * Ly + 0.5 * c->dx;
  if (c->type == TRIBO_CONTACT_WAVY) c->x0 = 0, c->y0 = 0;
  // memory: FFT buffers and spectra plus the fields (h, p, u, gap, q, s, state, mask and the solvers' 5 work arrays)
  PetscCall(TriboHalfSpaceEstimateMemory(c->nx, c->ny, c->type == TRIBO_CONTACT_WAVY,
                                         c->type == TRIBO_CONTACT_MINDLIN || c->type == TRIBO_CONTACT_LAPBEAM ? 4 : 1, &fft));
  c->membytes = fft + 8.0 * (c->type == TRIBO_CONTACT_LAPBEAM ? 14 + 17 + 27 : 14) * c->nx * c->ny;
  PetscCallMPI(MPI_Comm_size(c->comm, &size));
  PetscCallMPI(MPI_Comm_split_type(c->comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
  PetscCallMPI(MPI_Comm_size(node, &nsize));
  PetscCallMPI(MPI_Comm_free(&node));
  c->memnode = c->membytes * nsize / size;
  phys       = (PetscReal)sysconf(_SC_PHYS_PAGES) * (PetscReal)sysconf(_SC_PAGESIZE);
  if (c->memmax <= 0) c->memmax = 0.9 * phys / 1073741824.0;
  PetscCheck(c->memnode <= c->memmax * 1073741824.0, c->comm, PETSC_ERR_MEM,
             "a %" PetscInt_FMT " x %" PetscInt_FMT
             " half-space grid needs about %.2f GiB on a node with %d of the %d ranks (%.0f bytes per point), more than %.2f GiB (option "
             "-contact_memory_max; run on more nodes or a smaller -contact_n)",
             c->nx, c->ny, c->memnode / 1073741824.0, nsize, size, c->membytes / ((PetscReal)c->nx * c->ny), (double)c->memmax);
  PetscCall(TriboHalfSpaceSetGrid(c->hs, c->nx, c->ny, c->dx, c->dx));
  PetscCall(TriboHalfSpaceSetPeriodic(c->hs, c->type == TRIBO_CONTACT_WAVY ? PETSC_TRUE : PETSC_FALSE));
  PetscCall(TriboHalfSpaceSetTangential(c->hs, c->type == TRIBO_CONTACT_MINDLIN || c->type == TRIBO_CONTACT_LAPBEAM ? PETSC_TRUE : PETSC_FALSE));
  PetscCall(TriboHalfSpaceSetUp(c->hs));
  PetscCall(TriboHalfSpaceGetLocalRows(c->hs, &c->j0, &c->nyl));
  c->nloc = c->nx * c->nyl;
  PetscCall(
      PetscCalloc6(c->nloc + 1, &c->h, c->nloc + 1, &c->p, c->nloc + 1, &c->u, c->nloc + 1, &c->gap, c->nloc + 1, &c->mask, c->nloc + 1, &c->state));
  if (c->type == TRIBO_CONTACT_MINDLIN || c->type == TRIBO_CONTACT_LAPBEAM) PetscCall(PetscCalloc2(c->nloc + 1, &c->q, c->nloc + 1, &c->s));
  if (c->type == TRIBO_CONTACT_ROUGH || (c->type == TRIBO_CONTACT_LAPBEAM && c->rrms > 0))
    PetscCall(TriboContactRough_Private(c));
  else if (c->type == TRIBO_CONTACT_LAPBEAM)
    for (PetscInt jl = 0; jl < c->nyl; jl++)
      for (PetscInt i = 0; i < c->nx; i++) {
        PetscReal x = c->x0 + i * c->dx - c->xc, y = c->y0 + (c->j0 + jl) * c->dx - c->yc;
        c->mask[jl * c->nx + i] = c->maskr > 0 && x * x + y * y >= c->maskr * c->maskr ? PETSC_FALSE : PETSC_TRUE;
      }
  else
    for (PetscInt jl = 0; jl < c->nyl; jl++)
      for (PetscInt i = 0; i < c->nx; i++) {
        PetscReal x = c->x0 + i * c->dx, y = c->y0 + (c->j0 + jl) * c->dx;
        PetscInt  k = jl * c->nx + i;
        c->mask[k]  = PETSC_TRUE;
        switch (c->type) {
        case TRIBO_CONTACT_PUNCH:
          c->h[k] = 0, c->mask[k] = x * x + y * y < c->radius * c->radius ? PETSC_TRUE : PETSC_FALSE;
          break;
        case TRIBO_CONTACT_WAVY:
          c->h[k] = c->amplitude * (1 - PetscCosReal(2 * PETSC_PI * x / c->wavelength));
          break;
        default:
          c->h[k] = (x * x + y * y) / (2 * c->R);
        }
        if (c->maskr > 0 && x * x + y * y >= c->maskr * c->maskr) c->mask[k] = PETSC_FALSE;
      }
  {
    PetscReal cnt = 0;
    for (PetscInt k = 0; k < c->nloc; k++) cnt += c->mask[k];
    PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &cnt, 1, MPIU_REAL, MPIU_SUM, c->comm));
    PetscCheck(cnt > 0, c->comm, PETSC_ERR_USER_INPUT,
               "the contact mask is empty: no point of the %" PetscInt_FMT " x %" PetscInt_FMT
               " grid (spacing %g m) may touch (options -contact_mask_radius %g m, -contact_radius %g m)",
               c->nx, c->ny, (double)c->dx, (double)c->maskr, (double)c->radius);
  }
  if (c->type == TRIBO_CONTACT_LAPBEAM) {
    PetscCall(TriboContactSetUpFields_Coupled(c));
    c->nsteps = c->npre + c->nqsma;
  }
  if (c->nsteps <= 0) c->nsteps = c->type == TRIBO_CONTACT_WAVY ? 5 : (c->type == TRIBO_CONTACT_MINDLIN ? 8 : 1);
  c->maxstep = c->type == TRIBO_CONTACT_MINDLIN ? 1 + 5 * c->nsteps : c->nsteps;
  PetscCall(PetscCalloc1(c->maxstep, &c->steps));
  c->setup = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/* Stores step c->nstep and calls the monitor; the tangential state was set by the tangential solver */
static PetscErrorCode Record_Private(TriboContact c, PetscReal load, const TriboContactInfo *ni, const TriboTangentialInfo *ti, PetscReal shift,
                                     PetscLogDouble t0)
{
  TriboContactStep *st = &c->steps[c->nstep];
  PetscLogDouble    t1;

  PetscFunctionBeginUser;
  PetscCall(PetscTime(&t1));
  st->load = load, st->force = ni->force, st->approach = ni->approach, st->area = ni->area, st->pmax = ni->pmax, st->its = ni->its,
  st->converged = ni->converged;
  st->seconds   = t1 - t0;
  for (PetscInt k = 0; k < c->nloc; k++) {
    c->gap[k] = c->mask[k] ? c->h[k] + c->u[k] - ni->approach : 0;
    if (!ti) c->state[k] = c->p[k] > 0 ? 1 : 0;
  }
  if (ti)
    st->shift = shift, st->tforce = ti->force, st->nstick = ti->nstick, st->nslip = ti->nslip, st->dissip = ti->dissip, st->its = ti->its,
    st->converged = ti->converged;
  c->nstep++; // before the monitor, which may write a checkpoint of the steps done
  if (c->monitor) PetscCall((*c->monitor)(c, c->nstep - 1, c->mctx));
  PetscFunctionReturn(0);
}

/*@C
  TriboContactSolve - runs the case's load steps, warm starting each from the previous one, and calls the monitor after each

  Collective

  Notes:
  hertz, punch: normal forces P k/n, k = 1..n (-contact_steps n). wavy: mean pressures from 0.1 p* to 1.2 p*.
  mindlin: the Hertz contact at P (step 0), then the rigid tangential shift (displacement control) 0 -> d* (n steps),
  d* -> -d* (2n), -d* -> d* (2n), with d* the Cattaneo-Mindlin shift of Q* = psi mu P; the slip history is carried from step to
  step (Mindlin-Deresiewicz). The normal problem does not change (nu = 0, identical materials: decoupled).
@*/
PetscErrorCode TriboContactSolve(TriboContact c)
{
  TriboContactInfo ni;
  PetscReal        Es = c->E / (2 * (1 - c->nu * c->nu));
  PetscLogDouble   t0;

  PetscFunctionBeginUser;
  PetscCall(TriboContactSetUp(c));
  if (c->type == TRIBO_CONTACT_LAPBEAM) {
    PetscCall(TriboContactSolve_Coupled(c));
    PetscFunctionReturn(0);
  }
  if (!c->restored) c->nstep = 0, c->sp.warm = PETSC_FALSE; // else TriboContactCheckpointLoad() restored the state after step c->nstep
  if (c->type != TRIBO_CONTACT_MINDLIN) {
    for (PetscInt k = c->nstep + 1; k <= c->nsteps; k++) {
      PetscReal load, force;
      if (c->type == TRIBO_CONTACT_WAVY) {
        load  = c->nsteps > 1 ? 0.1 + 1.1 * (k - 1) / (c->nsteps - 1) : 1.2;
        force = load * PETSC_PI * Es * c->amplitude / c->wavelength * c->nx * c->ny * c->dx * c->dx;
      } else
        load = force = c->load * k / c->nsteps;
      PetscCall(PetscTime(&t0));
      PetscCall(TriboContactSolveNormal(c->hs, &c->sp, c->h, c->mask, PETSC_TRUE, force, c->p, c->u, &ni));
      c->sp.warm = PETSC_TRUE;
      PetscCall(Record_Private(c, load, &ni, NULL, 0, t0));
    }
  } else {
    TriboTangentialInfo ti;
    PetscInt            n = c->nsteps;
    PetscReal           G = c->E / (2 * (1 + c->nu)), theta = 2 * (2 - c->nu) / G, a = PetscCbrtReal(3 * c->load * c->R / (4 * Es));
    PetscReal           dstar = MindlinShift_Private(c->mu, c->load, theta, a, c->psi);

    if (!c->nstep) {
      PetscCall(PetscTime(&t0));
      PetscCall(TriboContactSolveNormal(c->hs, &c->sp, c->h, c->mask, PETSC_TRUE, c->load, c->p, c->u, &ni));
      PetscCall(Record_Private(c, c->load, &ni, NULL, 0, t0));
    } else { // restored: the Hertz step's result, as its row stored it
      const TriboContactStep *s0 = &c->steps[0];
      PetscCall(PetscMemzero(&ni, sizeof(ni)));
      ni.force = s0->force, ni.approach = s0->approach, ni.area = s0->area, ni.pmax = s0->pmax, ni.its = s0->its, ni.converged = s0->converged;
    }
    for (PetscInt k = c->nstep; k <= 5 * n; k++) {
      PetscReal shift = k <= n ? dstar * k / n : (k <= 3 * n ? dstar * (1 - (PetscReal)(k - n) / n) : dstar * (-1 + (PetscReal)(k - 3 * n) / n));
      PetscCall(PetscTime(&t0));
      PetscCall(TriboContactSolveTangential(c->hs, &c->sp, c->p, c->mu, shift, c->q, c->s, c->state, &ti));
      c->sp.warm = PETSC_TRUE;
      PetscCall(Record_Private(c, c->load, &ni, &ti, shift, t0));
    }
  }
  PetscFunctionReturn(0);
}

/*@C
  TriboContactAddGap - adds a gap map to the undeformed gap of the case (a measured mesoscale gap), after TriboContactSetUp()

  Logically collective

  Input Parameter:
. g - [nloc] gap (m) at the local points (rows j0 .. j0 + nyl - 1 of TriboHalfSpaceGetLocalRows(), x fastest)

  Notes:
  The sum is shifted by one constant so that its smallest value over the mask is 0 again (first touch at zero approach).
@*/
PetscErrorCode TriboContactAddGap(TriboContact c, const PetscReal g[])
{
  PetscReal hmin = PETSC_MAX_REAL;

  PetscFunctionBeginUser;
  PetscCheck(c->setup, c->comm, PETSC_ERR_ORDER, "TriboContactSetUp() first");
  for (PetscInt k = 0; k < c->nloc; k++) {
    c->h[k] += g[k];
    if (c->mask[k]) hmin = PetscMin(hmin, c->h[k]);
  }
  PetscCallMPI(MPI_Allreduce(MPI_IN_PLACE, &hmin, 1, MPIU_REAL, MPIU_MIN, c->comm));
  for (PetscInt k = 0; k < c->nloc; k++) c->h[k] -= hmin;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactSetMonitor(TriboContact c, PetscErrorCode (*f)(TriboContact, PetscInt, void *), void *ctx)
{
  PetscFunctionBeginUser;
  c->monitor = f, c->mctx = ctx;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactGetCase(TriboContact c, TriboContactCase *t)
{
  PetscFunctionBeginUser;
  *t = c->type;
  PetscFunctionReturn(0);
}

/*@C
  TriboContactGetROMFile - the user's reduced structure (-rom FILE) the case is coupled to, or NULL (the built-in lap beam, or an
  uncoupled case)

  Not collective
@*/
PetscErrorCode TriboContactGetROMFile(TriboContact c, const char **file)
{
  PetscFunctionBeginUser;
  *file = c->romfile[0] ? c->romfile : NULL;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactGetHalfSpace(TriboContact c, TriboHalfSpace *hs)
{
  PetscFunctionBeginUser;
  *hs = c->hs;
  PetscFunctionReturn(0);
}

/* The coordinates (m) of grid point (0, 0); point (i, j) is at (x0 + i dx, y0 + j dx) */
PetscErrorCode TriboContactGetOrigin(TriboContact c, PetscReal *x0, PetscReal *y0)
{
  PetscFunctionBeginUser;
  *x0 = c->x0, *y0 = c->y0;
  PetscFunctionReturn(0);
}

/*@C
  TriboContactGetFields - the local fields after the last step (rows j0 .. j0 + nyl - 1 of TriboHalfSpaceGetLocalRows())

  Output Parameters (NULL: not wanted):
+ h - undeformed gap (m)
. mask - points that may touch
. p - pressure (Pa)
. gap - gap h + u - delta (m), 0 outside the mask
. q - shear traction (Pa; mindlin, else NULL)
. s - accumulated slip (m; mindlin, else NULL)
- state - 0 open, 1 contact (stick), 2 slip
@*/
PetscErrorCode TriboContactGetFields(TriboContact c, const PetscReal **h, const PetscBool **mask, const PetscReal **p, const PetscReal **gap,
                                     const PetscReal **q, const PetscReal **s, const PetscInt **state)
{
  PetscFunctionBeginUser;
  if (h) *h = c->h;
  if (mask) *mask = c->mask;
  if (p) *p = c->p;
  if (gap) *gap = c->gap;
  if (q) *q = c->q;
  if (s) *s = c->s;
  if (state) *state = c->state;
  PetscFunctionReturn(0);
}

/* The number of load steps TriboContactSolve() will take (after TriboContactSetUp()) */
PetscErrorCode TriboContactGetNumPlannedSteps(TriboContact c, PetscInt *n)
{
  PetscFunctionBeginUser;
  PetscCheck(c->setup, c->comm, PETSC_ERR_ORDER, "TriboContactSetUp() first");
  *n = c->maxstep;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactGetSteps(TriboContact c, PetscInt *n, const TriboContactStep **steps)
{
  PetscFunctionBeginUser;
  *n     = c->nstep;
  *steps = c->steps;
  PetscFunctionReturn(0);
}

/* The closed-form references of the case: names and values (SI units) */
PetscErrorCode TriboContactGetReference(TriboContact c, PetscInt *n, const char *const **names, const PetscReal **values)
{
  PetscFunctionBeginUser;
  *n      = c->nref;
  *names  = c->refname;
  *values = c->ref;
  PetscFunctionReturn(0);
}

/* Estimated bytes of the whole run (all ranks) and of the ranks on this node */
PetscErrorCode TriboContactGetMemory(TriboContact c, PetscReal *total, PetscReal *node)
{
  PetscFunctionBeginUser;
  if (total) *total = c->membytes;
  if (node) *node = c->memnode;
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactView(TriboContact c, PetscViewer v)
{
  PetscFunctionBeginUser;
  if (!v) PetscCall(PetscViewerASCIIGetStdout(c->comm, &v));
  if (c->romfile[0]) // a user's reduced structure (-rom), coupled as the lap beam is
    PetscCall(PetscViewerASCIIPrintf(
        v, "contact on the reduced structure %s: %" PetscInt_FMT " x %" PetscInt_FMT " grid, dx %g m, about %.1f bytes per point\n", c->romfile,
        c->nx, c->ny, (double)c->dx, (double)(c->membytes / ((PetscReal)c->nx * c->ny))));
  else
    PetscCall(PetscViewerASCIIPrintf(v, "contact case %s: %" PetscInt_FMT " x %" PetscInt_FMT " grid, dx %g m, about %.1f bytes per point\n",
                                     TriboContactCases[c->type], c->nx, c->ny, (double)c->dx, (double)(c->membytes / ((PetscReal)c->nx * c->ny))));
  PetscCall(TriboHalfSpaceView(c->hs, v));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContactDestroy(TriboContact *c)
{
  TriboContact t = *c;

  PetscFunctionBegin;
  TriboObjectDestroyBegin(c, TRIBO_CONTACT_CLASSID);
  PetscCall(TriboHalfSpaceDestroy(&t->hs));
  PetscCall(PetscFree6(t->h, t->p, t->u, t->gap, t->mask, t->state));
  PetscCall(PetscFree2(t->q, t->s));
  PetscCall(PetscFree(t->steps));
  PetscCall(TriboContactDestroy_Coupled(t));
  PetscCall(PetscHeaderDestroy(c));
  PetscFunctionReturn(0);
}
