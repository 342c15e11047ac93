/* TriboSurf: surface scans (or the built-in synthetic pair) to asperity statistics for a list of erosion sizes
   (Porter and Brake 2023 §3.2): levelling, trimming, hole filling, the Gaussian mesoscale topology, the residual heights,
   the mesoscale gap map between the two surfaces, then each erosion size on a sub-communicator (src/surf/identify.c). */
#include <tribo/private/surfimpl.h>

static const char *const MirrorTypes[] = {"none", "x", "y", "TriboSurfaceMirror", "", NULL};

/*@
  TriboSurfCreate - Creates the surface-processing object with the defaults of Porter and Brake 2023 §3.2 (sigma 215 points,
  erosion sizes 2, 25, 50, 75) and the built-in synthetic pair as input.

  Collective

  Input Parameter:
. comm - the ranks that share the work

  Output Parameter:
. s - the object
@*/
PetscErrorCode TriboSurfCreate(MPI_Comm comm, TriboSurf *s)
{
  TriboSurf t;

  PetscFunctionBegin;
  PetscValidPointer(s, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(
      PetscHeaderCreate(t, TRIBO_SURF_CLASSID, "TriboSurf", "Statistics of a scanned rough surface pair", "Surf", comm, TriboSurfDestroy, NULL));
  t->comm        = comm;
  t->units       = 1e-6;
  t->sigma       = 215;
  t->hole_radius = 5e-3;
  t->fill_max    = 100;
  t->min_valid   = 0.5;
  t->mirror      = 1;
  t->gap_spacing = 0.5e-3;
  t->npdf        = 1001;
  t->nsamples    = 100000;
  t->nhist       = 36;
  t->nerosion    = 4;
  PetscCall(TriboAsperityCriteriaDefault(&t->crit));
  t->noise_factor = 5;
  t->noise_fit    = PETSC_TRUE;
  t->fit_resid    = PETSC_TRUE; // the paper's code fits the residual heights, not the opened ones (TriboSurfSetFromOptions())
  t->erosion[0] = 2, t->erosion[1] = 25, t->erosion[2] = 50, t->erosion[3] = 75;
  PetscCall(TriboSynthParamsDefault(&t->synth));
  PetscCall(TriboOptionsRegisterNamespace("surface_"));
  *s = t;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfSetOptionsPrefix - Prefix of the object's options (-<prefix>surface_*).

  Logically collective
@*/
PetscErrorCode TriboSurfSetOptionsPrefix(TriboSurf s, const char prefix[])
{
  PetscFunctionBeginUser;
  PetscCall(PetscFree(s->prefix));
  if (prefix) PetscCall(PetscStrallocpy(prefix, &s->prefix));
  PetscFunctionReturn(0);
}

/*@
  TriboSurfSetFromOptions - Reads the options of the surface processing.

  Collective

  Options Database Keys:
+ -surface_scans a,b         - one or two scan files (CSV x,y,z point clouds; HDF5 /points (n x 3) or /height (ny x nx)); read by
                               the caller (TriboSurfaceScanLoad()); none: the built-in synthetic pair
. -surface_units um          - unit of the files' numbers: m, mm, um, nm
. -surface_erosion 2,25,50,75 - erosion sizes (points), each its own group of the output
. -surface_sigma 215         - Gaussian filter standard deviation (points; support 6 sigma + 1); 0: no mesoscale filter
. -surface_trim 0            - border removed from every side (m)
. -surface_holes x,y,...     - hole centers (m); -surface_hole_radius 5e-3 (m): points inside are removed
. -surface_fill_max 100      - holes of at most this many points are filled before the asperity search
. -surface_min_valid 0.5     - smallest fraction of a scan's grid with heights
. -surface_mirror x          - placement of the second scan on the interface: mirrored about its center line along x, y, or none
. -surface_offset dx,dy      - then shifted by (m)
. -surface_gap_spacing 5e-4  - spacing of the mesoscale gap map (m)
. -surface_pdf_points 1001, -surface_pdf_samples 100000, -surface_hist_bins 36 - gap PDF points, order statistics fitted, orientation bins
. -surface_acceptance tribo  - asperity acceptance: tribo (the paper's rules of §3.2.2, then TriboAsperityCheck()'s) or paper (its rules alone)
. -surface_min_points 9, -surface_min_relief 0, -surface_noise_factor 5, -surface_max_misfit 0.25, -surface_min_sag 0.1, -surface_split 0.5
                             - tribo's criteria (TriboAsperityCriteriaDefault()); the minimum relief is the larger of min_relief and the
                               noise factor times each scan's noise (TriboHeightMapNoise())
. -surface_fit_heights residual - heights the ellipsoids are fitted to: residual (the scan minus the mesoscale; the paper's public
                               code, tmd-lab/microslip-rough-contact PROFILE_SURF.m, fits these, not the opened heights it segments) or
                               opened (the eroded and dilated heights; their k x k plateaus make radii of metres at sizes 25-75)
. -surface_noise_fit true    - with -surface_fit_heights residual, ellipsoid fits corrected for each scan's noise (the adjusted least
                               squares of TriboAsperityFit() with TriboHeightMapNoise()'s sigma); false, opened heights or
                               -surface_acceptance paper: the paper's total least squares. The opened heights are not corrected: the
                               opening has removed the noise's upward excursions (tests/surf/t705: corrected, their medians went from
                               +3.4 / +3.1 % to +7.4 / +10.2 %; residual heights corrected -0.3 / +0.2 %, uncorrected -3.3 / -5.4 %)
. -surface_segment_sigma 0   - Gaussian (points) of the heights the watershed segments, for noisy scans (fits keep the unsmoothed heights)
. -surface_quiet             - no progress lines (stderr: each erosion size done by each group of ranks, with the time left)
. -surface_groups 0          - sub-communicators for the erosion sizes, each distributing its grid (TriboSurfProcess()); 0: min(ranks, sizes)
- -surface_generate selfaffine - built-in synthetic input: selfaffine, band, caps, flat, with -surface_generate_{nx,ny,dx,rms,band,hurst,
                               rolloff,cap,cap_pitch,form_amp,bolts,bolt_depth,bolt_width,seed,count}; by default the pair of
                               TriboSynthParamsDefault() (2400 x 800 points at 21.8 um, Hurst 0.3, 0.3 mm cutoff, 2 mm roll-off)
@*/
PetscErrorCode TriboSurfSetFromOptions(TriboSurf s)
{
  char             *files[TRIBO_SURF_MAX_SCANS] = {NULL}, units[16] = "um";
  PetscInt          nf = TRIBO_SURF_MAX_SCANS, ne = TRIBO_SURF_MAX_EROSION, nh = 16, two = 2, mir = s->mirror, nb = 8, four = 4, count = 2;
  PetscBool         set, uset;
  PetscInt          er[TRIBO_SURF_MAX_EROSION];
  PetscEnum         gen     = (PetscEnum)s->synth.type;
  TriboSynthParams *p       = &s->synth;
  PetscReal         band[2] = {p->lmin, p->lmax};
  PetscInt          seed = (PetscInt)p->seed, nband = 2;

  PetscFunctionBeginUser;
  TriboOptionsBegin(s->comm, s->prefix, "Surface scans to asperity statistics (Porter and Brake 2023 §3.2)", "TriboSurf");
  PetscCall(PetscOptionsStringArray("-surface_scans",
                                    "scan files, one per surface (CSV x,y,z; HDF5 /points or /height); none: built-in synthetic pair",
                                    "TriboSurfSetFromOptions", files, &nf, &set));
  if (!set) nf = 0;
  for (PetscInt i = 0; i < s->nfiles; i++) PetscCall(PetscFree(s->files[i]));
  s->nfiles = nf;
  for (PetscInt i = 0; i < nf; i++) s->files[i] = files[i];
  PetscCall(PetscOptionsString("-surface_units", "unit of the numbers in the scan files: m, mm, um, nm", "TriboSurfSetFromOptions", units, units,
                               sizeof(units), &uset));
  if (!strcmp(units, "m"))
    s->units = 1;
  else if (!strcmp(units, "mm"))
    s->units = 1e-3;
  else if (!strcmp(units, "um"))
    s->units = 1e-6;
  else if (!strcmp(units, "nm"))
    s->units = 1e-9;
  else
    SETERRQ(s->comm, PETSC_ERR_USER_INPUT, "option -surface_units: expected m, mm, um or nm, got \"%s\"", units);
  for (PetscInt k = 0; k < s->nerosion; k++) er[k] = s->erosion[k];
  PetscCall(TriboOptionsIntArray("-surface_erosion", "erosion sizes (points): k x k squares of the opening, one output group each",
                                 "TriboSurfSetErosionSizes", er, &ne, &set, s->nerosion));
  if (set) PetscCall(TriboSurfSetErosionSizes(s, ne, er));
  PetscCall(PetscOptionsReal("-surface_sigma", "Gaussian filter standard deviation (points; support 6 sigma + 1); 0: no mesoscale filter",
                             "TriboHeightMapGaussian", s->sigma, &s->sigma, NULL));
  PetscCall(PetscOptionsReal("-surface_trim", "border removed from every side of a scan (m)", "TriboHeightMapTrim", s->trim, &s->trim, NULL));
  PetscCall(TriboOptionsRealArray("-surface_holes", "hole centers x1,y1,x2,y2,... (m): points inside -surface_hole_radius are removed",
                                  "TriboHeightMapTrim", s->holes, &nh, &set, 2 * s->nholes));
  if (set) {
    PetscCheck(nh % 2 == 0, s->comm, PETSC_ERR_USER_INPUT, "option -surface_holes: expected pairs x,y, got %" PetscInt_FMT " numbers", nh);
    s->nholes = nh / 2;
  }
  PetscCall(PetscOptionsReal("-surface_hole_radius", "radius of the holes (m)", "TriboHeightMapTrim", s->hole_radius, &s->hole_radius, NULL));
  PetscCall(TriboOptionsInt("-surface_fill_max", "NaN holes of at most this many points are filled before the asperity search", "TriboHeightMapFill",
                            s->fill_max, &s->fill_max, NULL));
  PetscCall(
      PetscOptionsReal("-surface_min_valid", "smallest fraction of a scan's grid with heights", "TriboSurfSetUp", s->min_valid, &s->min_valid, NULL));
  PetscCall(PetscOptionsEList("-surface_mirror", "second scan on the interface: mirrored about its center line", "TriboSurfSetUp", MirrorTypes, 3,
                              MirrorTypes[s->mirror], &mir, NULL));
  s->mirror = mir;
  PetscCall(TriboOptionsRealArray("-surface_offset", "second scan then shifted by dx,dy (m)", "TriboSurfSetUp", s->offset, &two, NULL, 2));
  PetscCall(
      PetscOptionsReal("-surface_gap_spacing", "spacing of the mesoscale gap map (m)", "TriboSurfSetUp", s->gap_spacing, &s->gap_spacing, NULL));
  PetscCall(TriboOptionsInt("-surface_pdf_points", "points of the gap PDF on [0, 1]", "TriboGapPDFCompute", s->npdf, &s->npdf, NULL));
  PetscCall(TriboOptionsInt("-surface_pdf_samples", "order statistics of the gaps fitted by the kernel density", "TriboGapPDFCompute", s->nsamples,
                            &s->nsamples, NULL));
  PetscCall(
      TriboOptionsInt("-surface_hist_bins", "bins of the orientation histogram on (-pi/2, pi/2]", "TriboSurfProcess", s->nhist, &s->nhist, NULL));
  {
    const char *const fh[] = {"opened", "residual", "TriboSurfFitHeights", "", NULL};
    PetscEnum         e    = (PetscEnum)s->fit_resid;
    PetscCall(
        PetscOptionsEnum("-surface_fit_heights",
                         "heights the ellipsoids are fitted to: residual (scan minus mesoscale, the paper's code) or opened (eroded and dilated)",
                         "TriboSurfProcess", fh, e, &e, NULL));
    s->fit_resid = (PetscBool)(e == 1);
  }
  {
    const char *const acc[] = {"tribo", "paper", "TriboSurfAcceptance", "", NULL};
    PetscEnum         e     = (PetscEnum)s->paper_rules;
    PetscCall(PetscOptionsEnum("-surface_acceptance",
                               "asperity acceptance: tribo (the paper's rules of §3.2.2 and tribo's relief, misfit, sag and split criteria) or "
                               "paper (its rules alone)",
                               "TriboAsperityCheck", acc, e, &e, NULL));
    s->paper_rules = (PetscBool)(e == 1);
  }
  PetscCall(TriboOptionsInt("-surface_min_points", "fewest points of an asperity's fit (the paper: 9)", "TriboAsperityCheck", s->crit.min_points,
                            &s->crit.min_points, NULL));
  PetscCall(PetscOptionsReal("-surface_min_relief", "smallest relief (max - min height) of an asperity's points (m)", "TriboAsperityCheck",
                             s->crit.min_relief, &s->crit.min_relief, NULL));
  PetscCall(PetscOptionsReal("-surface_noise_factor", "the smallest relief is at least this times the scan's noise (TriboHeightMapNoise())",
                             "TriboAsperityCheck", s->noise_factor, &s->noise_factor, NULL));
  {
    PetscBool set;
    PetscCall(
        PetscOptionsBool("-surface_noise_fit",
                         "residual heights: fit the ellipsoids by the adjusted least squares that removes the bias of the scan's noise "
                         "(TriboHeightMapNoise()); false: the paper's total least squares (always with opened heights or -surface_acceptance paper)",
                         "TriboAsperityFit", s->noise_fit, &s->noise_fit, &set));
    PetscCheck(!set || !s->noise_fit || s->fit_resid, s->comm, PETSC_ERR_USER_INPUT,
               "option -surface_noise_fit true: the noise correction acts on the residual heights only (-surface_fit_heights residual); "
               "the opened heights have lost the noise's upward excursions, so correcting them would bias the radii upward");
  }
  PetscCall(PetscOptionsReal("-surface_max_misfit", "largest RMS distance of the points to the fitted cap, over the relief", "TriboAsperityCheck",
                             s->crit.max_misfit, &s->crit.max_misfit, NULL));
  PetscCall(PetscOptionsReal("-surface_min_sag", "smallest sag of the fitted cap along its long axis over the region, over the relief",
                             "TriboAsperityCheck", s->crit.min_sag, &s->crit.min_sag, NULL));
  PetscCall(PetscOptionsReal("-surface_segment_sigma",
                             "Gaussian standard deviation (points) of the heights the watershed segments (0: none, the paper); fits keep the "
                             "unsmoothed heights",
                             "TriboSurfProcess", s->seg_sigma, &s->seg_sigma, NULL));
  PetscCall(PetscOptionsBool("-surface_quiet", "no progress lines (each erosion size done, with the time left)", "TriboSurfProcess", s->quiet,
                             &s->quiet, NULL));
  PetscCall(PetscOptionsReal("-surface_split", "two peaks closer than this times the smaller short semi-axis are one (0: off)", "TriboSurfProcess",
                             s->crit.split, &s->crit.split, NULL));
  PetscCall(TriboOptionsInt("-surface_groups",
                            "sub-communicators the erosion sizes are dealt to, each distributing its grid over its ranks; 0: min(ranks, sizes)",
                            "TriboSurfProcess", s->ngroups, &s->ngroups, NULL));
  PetscCall(PetscOptionsEnum("-surface_generate", "built-in synthetic surfaces (used without -surface_scans)", "TriboSurfaceSynthesize",
                             TriboSynthTypes, gen, &gen, NULL));
  p->type = (TriboSynthType)gen;
  PetscCall(TriboOptionsInt("-surface_generate_nx", "synthetic: points along x", "TriboSurfaceSynthesize", p->nx, &p->nx, NULL));
  PetscCall(TriboOptionsInt("-surface_generate_ny", "synthetic: points along y", "TriboSurfaceSynthesize", p->ny, &p->ny, NULL));
  PetscCall(PetscOptionsReal("-surface_generate_dx", "synthetic: spacing (m)", "TriboSurfaceSynthesize", p->dx, &p->dx, NULL));
  PetscCall(PetscOptionsReal("-surface_generate_rms", "synthetic: roughness RMS (m)", "TriboSurfaceSynthesize", p->rms, &p->rms, NULL));
  PetscCall(TriboOptionsRealArray("-surface_generate_band", "synthetic: wavelength band lmin,lmax (m); selfaffine: lmin is the short cutoff",
                                  "TriboSurfaceSynthesize", band, &nband, NULL, 2));
  p->lmin = band[0], p->lmax = band[1];
  PetscCall(
      PetscOptionsReal("-surface_generate_hurst", "synthetic self-affine: Hurst exponent", "TriboSurfaceSynthesize", p->hurst, &p->hurst, NULL));
  PetscCall(PetscOptionsReal("-surface_generate_rolloff", "synthetic self-affine: roll-off wavelength (m)", "TriboSurfaceSynthesize", p->rolloff,
                             &p->rolloff, NULL));
  PetscCall(TriboOptionsRealArray("-surface_generate_cap", "synthetic caps: semi-axes a1,a2 (m), height c (m), angle of the short axis (rad)",
                                  "TriboSurfaceSynthesize", p->cap, &four, NULL, 4));
  PetscCall(PetscOptionsReal("-surface_generate_cap_pitch", "synthetic caps: lattice pitch (m)", "TriboSurfaceSynthesize", p->cap_pitch,
                             &p->cap_pitch, NULL));
  PetscCall(PetscOptionsReal("-surface_generate_form_amp", "synthetic mesoscale form: bowl amplitude along x (m)", "TriboSurfaceSynthesize",
                             p->form_amp, &p->form_amp, NULL));
  PetscCall(TriboOptionsRealArray("-surface_generate_bolts", "synthetic mesoscale form: bolt positions along the center line x1,x2,... (m)",
                                  "TriboSurfaceSynthesize", p->bolt_x, &nb, &set, p->nbolts));
  if (set) p->nbolts = nb;
  PetscCall(PetscOptionsReal("-surface_generate_bolt_depth", "synthetic: depth of the dimples at the bolts (m)", "TriboSurfaceSynthesize",
                             p->bolt_depth, &p->bolt_depth, NULL));
  PetscCall(PetscOptionsReal("-surface_generate_bolt_width", "synthetic: width (standard deviation) of the dimples (m)", "TriboSurfaceSynthesize",
                             p->bolt_width, &p->bolt_width, NULL));
  PetscCall(
      TriboOptionsInt("-surface_generate_seed", "synthetic: seed (the second surface uses seed + 1)", "TriboSurfaceSynthesize", seed, &seed, NULL));
  p->seed = (unsigned long)seed;
  PetscCall(TriboOptionsInt("-surface_generate_count", "synthetic: number of surfaces (1 or 2)", "TriboSurfSetUp", count, &count, NULL));
  TriboOptionsEnd();
  PetscCall(TriboOptionsUseNamespace(s->prefix, "surface_"));
  PetscCheck(count == 1 || count == 2, s->comm, PETSC_ERR_USER_INPUT, "option -surface_generate_count: expected 1 or 2, got %" PetscInt_FMT, count);
  s->synth.nbolts = p->nbolts;
  s->generated    = (PetscBool)(s->nfiles == 0 && !s->scan[0]);
  if (s->generated) s->nscans = count;
  PetscCheck(s->sigma >= 0, s->comm, PETSC_ERR_USER_INPUT, "option -surface_sigma: expected >= 0 points, got %g", (double)s->sigma);
  PetscCheck(s->npdf >= 3 && s->nsamples >= 2 && s->nhist >= 1, s->comm, PETSC_ERR_USER_INPUT,
             "options -surface_pdf_points (>= 3), -surface_pdf_samples (>= 2), -surface_hist_bins (>= 1) out of range");
  PetscCheck(s->seg_sigma >= 0, s->comm, PETSC_ERR_USER_INPUT, "option -surface_segment_sigma: expected >= 0 points, got %g", (double)s->seg_sigma);
  PetscCheck(s->crit.min_points >= 9, s->comm, PETSC_ERR_USER_INPUT,
             "option -surface_min_points: expected >= 9 (the ellipsoid has 8 coefficients; the paper rejects fewer than 9), got %" PetscInt_FMT,
             s->crit.min_points);
  PetscCheck(s->crit.min_relief >= 0 && s->noise_factor >= 0 && s->crit.max_misfit > 0 && s->crit.min_sag >= 0 && s->crit.split >= 0, s->comm,
             PETSC_ERR_USER_INPUT,
             "options -surface_min_relief, -surface_noise_factor, -surface_min_sag, -surface_split (>= 0) and -surface_max_misfit (> 0) out of "
             "range: %g, %g, %g, %g, %g",
             (double)s->crit.min_relief, (double)s->noise_factor, (double)s->crit.min_sag, (double)s->crit.split, (double)s->crit.max_misfit);
  PetscCheck(s->ngroups >= 0, s->comm, PETSC_ERR_USER_INPUT, "option -surface_groups: expected >= 0, got %" PetscInt_FMT, s->ngroups);
  PetscCheck(s->gap_spacing > 0, s->comm, PETSC_ERR_USER_INPUT, "option -surface_gap_spacing: expected > 0 m, got %g", (double)s->gap_spacing);
  PetscCheck(s->min_valid > 0 && s->min_valid <= 1, s->comm, PETSC_ERR_USER_INPUT, "option -surface_min_valid: expected a fraction in (0, 1], got %g",
             (double)s->min_valid);
  PetscFunctionReturn(0);
}

/*@
  TriboSurfSetErosionSizes - The erosion sizes to process (points, each >= 1).

  Logically collective
@*/
PetscErrorCode TriboSurfSetErosionSizes(TriboSurf s, PetscInt n, const PetscInt k[])
{
  PetscFunctionBeginUser;
  PetscCheck(n >= 1 && n <= TRIBO_SURF_MAX_EROSION, s->comm, PETSC_ERR_USER_INPUT,
             "option -surface_erosion: expected 1 to %d sizes, got %" PetscInt_FMT, TRIBO_SURF_MAX_EROSION, n);
  for (PetscInt i = 0; i < n; i++) {
    PetscCheck(k[i] >= 1, s->comm, PETSC_ERR_USER_INPUT, "option -surface_erosion: sizes are >= 1 point, got %" PetscInt_FMT, k[i]);
    for (PetscInt j = 0; j < i; j++)
      PetscCheck(k[j] != k[i], s->comm, PETSC_ERR_USER_INPUT, "option -surface_erosion: size %" PetscInt_FMT " repeats", k[i]);
    s->erosion[i] = k[i];
  }
  s->nerosion = n;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetScanFiles - The scan files named by -surface_scans and the unit of their numbers, for the caller to read
  (TriboSurfaceScanLoad()) and pass with TriboSurfSetScan().

  Not collective
@*/
PetscErrorCode TriboSurfGetScanFiles(TriboSurf s, PetscInt *n, const char *const **files, PetscReal *units)
{
  PetscFunctionBeginUser;
  if (n) *n = s->nfiles;
  if (files) *files = (const char *const *)s->files;
  if (units) *units = s->units;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfSetScan - Gives scan i (0 or 1) as a height map in m; the object takes it over (and destroys it).

  Logically collective
@*/
PetscErrorCode TriboSurfSetScan(TriboSurf s, PetscInt i, TriboHeightMap *map)
{
  PetscFunctionBeginUser;
  PetscCheck(i >= 0 && i < TRIBO_SURF_MAX_SCANS, s->comm, PETSC_ERR_ARG_OUTOFRANGE, "scan index %" PetscInt_FMT ": expected 0 or 1", i);
  if (s->generated) s->nscans = 0;
  PetscCall(TriboHeightMapDestroy(&s->scan[i]));
  s->scan[i]   = map;
  s->nscans    = PetscMax(s->nscans, i + 1);
  s->generated = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/* bilinear value of a map at (x, y); NaN outside or next to a NaN */
static PetscReal Bilinear_Private(const TriboHeightMap *m, const PetscReal z[], PetscReal x, PetscReal y)
{
  PetscReal u = (x - m->x0) / m->dx, v = (y - m->y0) / m->dy, fu, fv;
  PetscInt  i, j;

  if (!(u >= 0 && v >= 0 && u <= m->nx - 1 && v <= m->ny - 1)) return NAN;
  i = PetscMin((PetscInt)u, m->nx - 2), j = PetscMin((PetscInt)v, m->ny - 2);
  if (m->nx == 1 || m->ny == 1) return NAN;
  fu = u - i, fv = v - j;
  return (1 - fv) * ((1 - fu) * z[j * m->nx + i] + fu * z[j * m->nx + i + 1]) +
         fv * ((1 - fu) * z[(j + 1) * m->nx + i] + fu * z[(j + 1) * m->nx + i + 1]);
}

/* the mesoscale gap map on a grid of gap_spacing over the first scan: max(m1 + m2') - (m1 + m2'), NaN outside either scan */
static PetscErrorCode GapMap_Private(TriboSurf s)
{
  const TriboHeightMap *a = s->scan[0], *b = s->nscans > 1 ? s->scan[1] : NULL;
  PetscReal             Lx = (a->nx - 1) * a->dx, Ly = (a->ny - 1) * a->dy, top = PETSC_MIN_REAL;
  PetscInt              valid = 0;

  PetscFunctionBeginUser;
  s->gnx = (PetscInt)PetscFloorReal(Lx / s->gap_spacing + 1e-9) + 1, s->gny = (PetscInt)PetscFloorReal(Ly / s->gap_spacing + 1e-9) + 1;
  s->gnx = PetscMax(s->gnx, 2), s->gny = PetscMax(s->gny, 2);
  PetscCall(PetscMalloc3(s->gnx, &s->gx, s->gny, &s->gy, s->gnx * s->gny, &s->gap));
  for (PetscInt i = 0; i < s->gnx; i++) s->gx[i] = a->x0 + (s->gnx > 1 ? PetscMin(i * s->gap_spacing, Lx) : 0);
  for (PetscInt j = 0; j < s->gny; j++) s->gy[j] = a->y0 + (s->gny > 1 ? PetscMin(j * s->gap_spacing, Ly) : 0);
  if (s->gx[s->gnx - 1] <= s->gx[s->gnx - 2]) s->gx[s->gnx - 1] = s->gx[s->gnx - 2] + 1e-9 * Lx;
  if (s->gy[s->gny - 1] <= s->gy[s->gny - 2]) s->gy[s->gny - 1] = s->gy[s->gny - 2] + 1e-9 * Ly;
  for (PetscInt j = 0; j < s->gny; j++)
    for (PetscInt i = 0; i < s->gnx; i++) {
      PetscReal x = s->gx[i], y = s->gy[j], v = Bilinear_Private(a, s->meso[0], x, y);
      if (b) {
        PetscReal xb = x - s->offset[0], yb = y - s->offset[1];
        if (s->mirror == 1) xb = 2 * b->x0 + (b->nx - 1) * b->dx - xb;
        if (s->mirror == 2) yb = 2 * b->y0 + (b->ny - 1) * b->dy - yb;
        v += Bilinear_Private(b, s->meso[1], xb, yb);
      }
      s->gap[j * s->gnx + i] = v;
      if (!PetscIsNanReal(v)) top = PetscMax(top, v), valid++;
    }
  PetscCheck(valid * 2 >= s->gnx * s->gny, s->comm, PETSC_ERR_USER_INPUT,
             "mismatched surfaces: the second scan (%g x %g m, mirrored %s, offset %g, %g m) covers only %.0f%% of the first (%g x %g m); check "
             "-surface_mirror and -surface_offset",
             b ? (double)((b->nx - 1) * b->dx) : 0.0, b ? (double)((b->ny - 1) * b->dy) : 0.0, MirrorTypes[s->mirror], (double)s->offset[0],
             (double)s->offset[1], 100.0 * valid / (s->gnx * s->gny), (double)Lx, (double)Ly);
  for (PetscInt k = 0; k < s->gnx * s->gny; k++) s->gap[k] = top - s->gap[k];
  PetscFunctionReturn(0);
}

/*@
  TriboSurfSetUp - Prepares the scans: generates the synthetic pair when no scan was given, levels each scan (least-squares
  plane), trims its border and holes, checks them, computes the mesoscale topology (holes filled, Gaussian filter), the residual
  heights (small holes filled) and the mesoscale gap map.

  Collective

  Notes:
  Errors (each one line): a scan with heights on less than -surface_min_valid of its grid; two scans of different spacings, or
  placed so that the second covers less than half of the first; an erosion size larger than a grid.
@*/
PetscErrorCode TriboSurfSetUp(TriboSurf s)
{
  PetscReal t0 = MPI_Wtime();

  PetscFunctionBeginUser;
  if (s->setup) PetscFunctionReturn(0);
  if (s->generated)
    for (PetscInt i = 0; i < s->nscans; i++) {
      TriboSynthParams p = s->synth;
      p.seed += (unsigned long)i;
      if (i) p.form_amp *= 0.8;
      PetscCall(TriboHeightMapDestroy(&s->scan[i]));
      PetscCall(TriboSurfaceSynthesize(&p, &s->scan[i]));
    }
  PetscCheck(s->nscans >= 1, s->comm, PETSC_ERR_ARG_WRONGSTATE, "TriboSurfSetUp(): no scan set (TriboSurfSetScan())");
  for (PetscInt i = 0; i < s->nscans; i++) {
    TriboHeightMap *m = s->scan[i], *f;
    PetscInt        n = m->nx * m->ny, valid = 0;
    const char     *name = s->generated ? "synthetic" : s->files[i];
    for (PetscInt p = 0; p < n; p++) valid += !PetscIsNanReal(m->z[p]);
    PetscCheck(valid >= s->min_valid * n && valid >= 9, s->comm, PETSC_ERR_USER_INPUT,
               "scan %s: only %.1f%% of its %" PetscInt_FMT " x %" PetscInt_FMT
               " grid has heights (NaN holes cover the rest); at least %.0f%% needed "
               "(option -surface_min_valid)",
               name, 100.0 * valid / n, m->nx, m->ny, 100 * (double)s->min_valid);
    PetscCall(TriboHeightMapLevel(m, s->plane[i]));
    for (PetscInt c = 0; c < 3; c++) s->plane[i][c] += m->plane[c]; // a point cloud was levelled when gridded
    PetscCall(TriboHeightMapTrim(m, s->trim, s->nholes, s->holes, s->hole_radius));
    valid = 0;
    for (PetscInt p = 0; p < n; p++) valid += !PetscIsNanReal(m->z[p]);
    PetscCheck(valid >= s->min_valid * n && valid >= 9, s->comm, PETSC_ERR_USER_INPUT,
               "scan %s: after trimming (-surface_trim, -surface_holes) only %.1f%% of its grid has heights; at least %.0f%% needed", name,
               100.0 * valid / n, 100 * (double)s->min_valid);
    for (PetscInt e = 0; e < s->nerosion; e++)
      PetscCheck(s->erosion[e] <= PetscMin(m->nx, m->ny), s->comm, PETSC_ERR_USER_INPUT,
                 "option -surface_erosion: size %" PetscInt_FMT " points is larger than the grid of scan %s (%" PetscInt_FMT " x %" PetscInt_FMT
                 " points)",
                 s->erosion[e], name, m->nx, m->ny);
    if (i) {
      const TriboHeightMap *a = s->scan[0];
      PetscCheck(PetscAbsReal(m->dx - a->dx) <= 1e-6 * a->dx && PetscAbsReal(m->dy - a->dy) <= 1e-6 * a->dy, s->comm, PETSC_ERR_USER_INPUT,
                 "mismatched surfaces: scan %s has spacing %g x %g m, scan %s %g x %g m; both scans need one resolution", name, (double)m->dx,
                 (double)m->dy, s->generated ? "synthetic" : s->files[0], (double)a->dx, (double)a->dy);
    }
    // mesoscale: every hole filled, then the Gaussian; NaN again outside the scan
    PetscCall(PetscMalloc2(n, &s->meso[i], n, &s->resid[i]));
    PetscCall(TriboHeightMapDuplicate(m, &f));
    PetscCall(TriboHeightMapFill(f, -1, NULL));
    if (s->sigma > 0)
      PetscCall(TriboHeightMapGaussian(s->comm, f, s->sigma, s->meso[i]));
    else
      for (PetscInt p = 0; p < n; p++) s->meso[i][p] = 0;
    PetscCall(PetscArraycpy(f->z, m->z, n));
    PetscCall(TriboHeightMapFill(f, s->fill_max, NULL));
    for (PetscInt p = 0; p < n; p++) s->resid[i][p] = f->z[p] - s->meso[i][p];
    PetscCall(TriboHeightMapNoise(m->nx, m->ny, s->resid[i], &s->noise[i]));
    if (s->seg_sigma > 0) { // the heights the segmentation sees: every hole filled, smoothed, NaN again where resid is
      PetscCall(PetscMalloc1(n, &s->seg[i]));
      PetscCall(TriboHeightMapFill(f, -1, NULL));
      for (PetscInt p = 0; p < n; p++) f->z[p] -= s->meso[i][p];
      PetscCall(TriboHeightMapGaussian(s->comm, f, s->seg_sigma, s->seg[i]));
      for (PetscInt p = 0; p < n; p++)
        if (PetscIsNanReal(s->resid[i][p])) s->seg[i][p] = NAN;
    }
    for (PetscInt p = 0; p < n; p++)
      if (PetscIsNanReal(m->z[p])) s->meso[i][p] = NAN;
    PetscCall(TriboHeightMapDestroy(&f));
  }
  PetscCall(GapMap_Private(s));
  s->setup_seconds = MPI_Wtime() - t0;
  s->setup         = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfProcess - Identifies the asperities and computes the statistics for every erosion size.

  Collective

  Notes:
  With P ranks and E erosion sizes the ranks split into G = min(P, E) sub-communicators (MPI_Comm_split, rank r in
  group r mod G; option -surface_groups G sets fewer). Size k goes to group k mod G, whose ranks distribute its grid in
  horizontal tiles (a DMDA with halos of k + 2 rows: opening, Sobel gradients, segmentation, fits; src/surf/identify.c).
  So E groups of P/E ranks each when P >= E; with P < E one rank per group and the sizes at once, the fastest (the
  statistics of a size are not split); -surface_groups 1 runs the sizes one after another on all ranks with 1/P of the
  per-size work arrays per rank (less memory). The lowest rank of each group broadcasts its results to all. A group
  uses at most ny / (k + 2) of its ranks for size k (every tile holds its halo). Every rank then holds every result,
  bit for bit the same on any number of ranks and groups (the segmentation and the fits do not depend on the tiles).
@*/
PetscErrorCode TriboSurfProcess(TriboSurf s)
{
  PetscMPIInt rank, size, ncolor;
  MPI_Comm    sub;
  PetscInt    R[TRIBO_SURF_MAX_EROSION], nr = 0, per, mine = 0, ndone = 0;
  PetscReal   t0;

  PetscFunctionBeginUser;
  PetscCall(TriboSurfSetUp(s));
  t0 = MPI_Wtime();
  PetscCallMPI(MPI_Comm_rank(s->comm, &rank));
  PetscCallMPI(MPI_Comm_size(s->comm, &size));
  if (s->nresults != s->nerosion) { // first call (TriboSurfSetResult() allocates them too)
    for (PetscInt k = 0; k < s->nresults; k++) PetscCall(TriboSurfResultReset_Private(&s->results[k]));
    PetscCall(PetscFree(s->results));
    PetscCall(PetscCalloc1(s->nerosion, &s->results));
    s->nresults = s->nerosion;
  }
  for (PetscInt k = 0; k < s->nerosion; k++) // the sizes to compute: those no checkpoint gave
    if (!s->preset[k]) {
      PetscCall(TriboSurfResultReset_Private(&s->results[k]));
      s->done[k] = PETSC_FALSE, R[nr++] = k;
    }
  if (nr) {
    ncolor = (PetscMPIInt)(s->ngroups > 0 ? s->ngroups : PetscMin(size, nr));
    ncolor = (PetscMPIInt)PetscMin(ncolor, PetscMin(size, nr));
    PetscCallMPI(MPI_Comm_split(s->comm, rank % ncolor, rank, &sub));
    // size R[i] on group i % ncolor, whose lowest rank (i % ncolor) broadcasts it; with a monitor (checkpoints) in rounds of one
    // size per group, everything known after each round; without, each group runs all its sizes, then one broadcast
    per = s->monitor ? ncolor : nr;
    for (PetscInt i = 0; i < nr; i++) mine += i % ncolor == rank % ncolor; // the sizes of this group
    for (PetscInt i0 = 0; i0 < nr; i0 += per) {
      PetscInt i1 = PetscMin(nr, i0 + per);
      for (PetscInt i = i0; i < i1; i++)
        if (i % ncolor == rank % ncolor) {
          PetscCall(TriboSurfIdentify_Private(s, sub, s->erosion[R[i]], &s->results[R[i]]));
          if (!s->quiet) { // this group's sizes take about the same time each (doc/guide.md, the benchmark's table)
            PetscReal el = MPI_Wtime() - t0;
            ndone++;
            PetscCall(PetscFPrintf(sub, PETSC_STDERR,
                                   "surface: erosion size %" PetscInt_FMT " done, %" PetscInt_FMT " of %" PetscInt_FMT
                                   " sizes of this group of ranks, %.1f s  (left ~%.1f s)\n",
                                   s->erosion[R[i]], ndone, mine, (double)el, (double)(el / ndone * (mine - ndone))));
          }
        }
      for (PetscInt i = i0; i < i1; i++) {
        PetscCall(TriboSurfResultBcast_Private(s->comm, (PetscMPIInt)(i % ncolor), &s->results[R[i]]));
        s->done[R[i]] = PETSC_TRUE;
      }
      if (s->monitor) PetscCall((*s->monitor)(s, s->monctx));
    }
    PetscCallMPI(MPI_Comm_free(&sub));
  }
  for (PetscInt k = 0; k < s->nerosion; k++) {
    char   why[512] = "";
    size_t len      = 0;
    if (s->results[k].nasp < 2) // the rejections by reason, for the error
      for (PetscInt q = 1; q < TRIBO_ASPERITY_NSTATUS; q++) {
        if (!s->results[k].nfit[q]) continue;
        PetscCall(
            PetscSNPrintf(why + len, sizeof(why) - len, "%s%" PetscInt_FMT " %s", len ? ", " : "", s->results[k].nfit[q], TriboAsperityStatuses[q]));
        PetscCall(PetscStrlen(why, &len));
      }
    PetscCheck(s->results[k].nasp >= 2, s->comm, PETSC_ERR_USER_INPUT,
               "erosion size %" PetscInt_FMT ": only %" PetscInt_FMT " asperities accepted of %" PetscInt_FMT
               " regions (rejected: %s); the scans have no asperities at this size (option -surface_erosion)",
               s->erosion[k], s->results[k].nasp, s->results[k].nregions, len ? why : "none");
    PetscCheck(s->results[k].pdf.zmax > 0, s->comm, PETSC_ERR_USER_INPUT,
               "erosion size %" PetscInt_FMT ": %" PetscInt_FMT " asperities accepted, too few for a gap distribution (the interquartile range "
               "of their gaps is 0: each surface's heights are measured from their median); a smaller erosion size or a larger scan "
               "(option -surface_erosion)",
               s->erosion[k], s->results[k].nasp);
  }
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetComm - The communicator of the pipeline.

  Not collective
@*/
PetscErrorCode TriboSurfGetComm(TriboSurf s, MPI_Comm *comm)
{
  PetscFunctionBeginUser;
  *comm = s->comm;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetErosionSizes - The erosion sizes to process (points), in their order (the index k of the results).

  Not collective
@*/
PetscErrorCode TriboSurfGetErosionSizes(TriboSurf s, PetscInt *n, const PetscInt **k)
{
  PetscFunctionBeginUser;
  if (n) *n = s->nerosion;
  if (k) *k = s->erosion;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfSetResult - Gives the statistics of erosion size k computed by an earlier run (a checkpoint, TriboSurfCheckpointLoad()):
  TriboSurfProcess() does not compute that size again.

  Collective: every rank gives the same result

  Input Parameters:
+ s - the pipeline, its erosion sizes set (TriboSurfSetFromOptions(), TriboSurfSetErosionSizes())
. k - index of the size in TriboSurfGetErosionSizes()
- r - the result (copied; its erosion must be that size)
@*/
PetscErrorCode TriboSurfSetResult(TriboSurf s, PetscInt k, const TriboSurfResult *r)
{
  TriboSurfResult *t;

  PetscFunctionBeginUser;
  PetscCheck(k >= 0 && k < s->nerosion, s->comm, PETSC_ERR_ARG_OUTOFRANGE, "erosion size index %" PetscInt_FMT " of %" PetscInt_FMT, k, s->nerosion);
  PetscCheck(r->erosion == s->erosion[k], s->comm, PETSC_ERR_ARG_WRONG, "result of erosion size %" PetscInt_FMT " given for size %" PetscInt_FMT,
             r->erosion, s->erosion[k]);
  PetscCheck(r->nasp >= 0 && r->nhist >= 0 && r->nexpts >= 0 && r->pdf.npdf >= 0, s->comm, PETSC_ERR_ARG_WRONG, "a result with negative counts");
  if (s->nresults != s->nerosion) {
    for (PetscInt q = 0; q < s->nresults; q++) PetscCall(TriboSurfResultReset_Private(&s->results[q]));
    PetscCall(PetscFree(s->results));
    PetscCall(PetscCalloc1(s->nerosion, &s->results));
    s->nresults = s->nerosion;
  }
  t = &s->results[k];
  PetscCall(TriboSurfResultReset_Private(t));
  *t     = *r; // the scalars; the arrays are copied below, allocated as TriboSurfResultBcast_Private() does
  t->asp = NULL, t->hist_edges = NULL, t->hist = NULL, t->expts = NULL, t->pdf.z = NULL, t->pdf.p = NULL;
  PetscCall(PetscMalloc1(r->nasp * TRIBO_SURF_ASP_COLS + 1, &t->asp));
  PetscCall(PetscMalloc2(r->nhist + 1, &t->hist_edges, r->nhist + 1, &t->hist));
  PetscCall(PetscMalloc1(4 * r->nexpts + 1, &t->expts));
  PetscCall(PetscMalloc2(r->pdf.npdf + 1, &t->pdf.z, r->pdf.npdf + 1, &t->pdf.p));
  PetscCall(PetscArraycpy(t->asp, r->asp, r->nasp * TRIBO_SURF_ASP_COLS));
  PetscCall(PetscArraycpy(t->hist_edges, r->hist_edges, r->nhist + 1));
  PetscCall(PetscArraycpy(t->hist, r->hist, r->nhist));
  PetscCall(PetscArraycpy(t->expts, r->expts, 4 * r->nexpts));
  PetscCall(PetscArraycpy(t->pdf.z, r->pdf.z, r->pdf.npdf));
  PetscCall(PetscArraycpy(t->pdf.p, r->pdf.p, r->pdf.npdf));
  s->preset[k] = s->done[k] = PETSC_TRUE;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetResultDone - Whether the statistics of erosion size k are known (computed, or given by TriboSurfSetResult())

  Not collective
@*/
PetscErrorCode TriboSurfGetResultDone(TriboSurf s, PetscInt k, PetscBool *done)
{
  PetscFunctionBeginUser;
  *done = (PetscBool)(k >= 0 && k < s->nresults && s->done[k]);
  PetscFunctionReturn(0);
}

/*@C
  TriboSurfSetRoundMonitor - A function TriboSurfProcess() calls on every rank after each round of erosion sizes (one per
  sub-communicator), when their results are known everywhere: a checkpoint writer (TriboSurfCheckpointWrite()), which may also
  stop the run with an error.

  Logically collective

  Input Parameters:
+ s   - the pipeline
. f   - the function (NULL: none; then each sub-communicator runs all its sizes before one exchange)
- ctx - its context
@*/
PetscErrorCode TriboSurfSetRoundMonitor(TriboSurf s, PetscErrorCode (*f)(TriboSurf, void *), void *ctx)
{
  PetscFunctionBeginUser;
  s->monitor = f, s->monctx = ctx;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetNumResults - Number of erosion sizes processed.

  Not collective
@*/
PetscErrorCode TriboSurfGetNumResults(TriboSurf s, PetscInt *n)
{
  PetscFunctionBeginUser;
  *n = s->nresults;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetResult - The statistics of the k-th erosion size (in the order of -surface_erosion).

  Not collective
@*/
PetscErrorCode TriboSurfGetResult(TriboSurf s, PetscInt k, const TriboSurfResult **r)
{
  PetscFunctionBeginUser;
  PetscCheck(k >= 0 && k < s->nresults, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "result %" PetscInt_FMT " of %" PetscInt_FMT, k, s->nresults);
  *r = &s->results[k];
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetScan - Scan i after levelling and trimming (m) and its mesoscale topology (NaN outside the scan).

  Not collective
@*/
PetscErrorCode TriboSurfGetScan(TriboSurf s, PetscInt i, const TriboHeightMap **map, const PetscReal **meso)
{
  PetscFunctionBeginUser;
  PetscCheck(i >= 0 && i < s->nscans, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "scan %" PetscInt_FMT " of %" PetscInt_FMT, i, s->nscans);
  if (map) *map = s->scan[i];
  if (meso) *meso = s->meso[i];
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetGapMap - The mesoscale gap map: gap[ny x nx] (m, row-major, NaN outside the scans, min 0) on x[nx], y[ny].

  Not collective
@*/
PetscErrorCode TriboSurfGetGapMap(TriboSurf s, PetscInt *nx, PetscInt *ny, const PetscReal **x, const PetscReal **y, const PetscReal **gap)
{
  PetscFunctionBeginUser;
  *nx = s->gnx, *ny = s->gny, *x = s->gx, *y = s->gy, *gap = s->gap;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfGetInfo - Number of scans, the filter's sigma (points) and the set-up time (s).

  Not collective
@*/
PetscErrorCode TriboSurfGetInfo(TriboSurf s, PetscInt *nscans, PetscReal *sigma, PetscReal *setup_seconds)
{
  PetscFunctionBeginUser;
  if (nscans) *nscans = s->nscans;
  if (sigma) *sigma = s->sigma;
  if (setup_seconds) *setup_seconds = s->setup_seconds;
  PetscFunctionReturn(0);
}

/*@
  TriboSurfView - Prints the scans and a table of the statistics per erosion size.

  Collective
@*/
PetscErrorCode TriboSurfView(TriboSurf s, PetscViewer v)
{
  PetscFunctionBeginUser;
  if (!v) v = PETSC_VIEWER_STDOUT_(s->comm);
  for (PetscInt i = 0; i < s->nscans; i++) {
    const TriboHeightMap *m = s->scan[i];
    PetscCall(PetscViewerASCIIPrintf(
        v, "Scan %" PetscInt_FMT " (%s): %" PetscInt_FMT " x %" PetscInt_FMT " points at %.4g x %.4g um, %.4g x %.4g mm; plane slopes %.9g, %.9g\n",
        i + 1, s->generated ? TriboSynthTypes[s->synth.type] : s->files[i], m->nx, m->ny, 1e6 * (double)m->dx, 1e6 * (double)m->dy,
        1e3 * (double)((m->nx - 1) * m->dx), 1e3 * (double)((m->ny - 1) * m->dy), (double)s->plane[i][1], (double)s->plane[i][2]));
  }
  PetscCall(PetscViewerASCIIPrintf(v, "Mesoscale: Gaussian sigma %g points; gap map %" PetscInt_FMT " x %" PetscInt_FMT " at %g mm; set-up %.2f s\n",
                                   (double)s->sigma, s->gnx, s->gny, 1e3 * (double)s->gap_spacing, (double)s->setup_seconds));
  PetscCall(PetscViewerASCIIPrintf(v, "%8s %9s %9s %10s %10s %10s %11s %10s %8s %8s\n", "erosion", "regions", "asperities", "R'_mm", "R''_mm",
                                   "Re_mm", "eta_1/m2", "z_max_um", "alpha", "time_s"));
  for (PetscInt k = 0; k < s->nresults; k++) {
    const TriboSurfResult *r = &s->results[k];
    PetscCall(PetscViewerASCIIPrintf(v, "%8" PetscInt_FMT " %9" PetscInt_FMT " %9" PetscInt_FMT " %10.4g %10.4g %10.4g %11.4e %10.4g %8.4f %8.2f\n",
                                     r->erosion, r->nregions, r->nasp, 1e3 * (double)r->rp, 1e3 * (double)r->rpp, 1e3 * (double)r->re, (double)r->eta,
                                     1e6 * (double)r->pdf.zmax, (double)r->alpha, (double)r->seconds));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboSurfDestroy - Frees the object and nulls the handle.

  Collective
@*/
PetscErrorCode TriboSurfDestroy(TriboSurf *s)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(s, TRIBO_SURF_CLASSID);
  for (PetscInt i = 0; i < TRIBO_SURF_MAX_SCANS; i++) {
    PetscCall(TriboHeightMapDestroy(&(*s)->scan[i]));
    PetscCall(PetscFree2((*s)->meso[i], (*s)->resid[i]));
    PetscCall(PetscFree((*s)->seg[i]));
    PetscCall(PetscFree((*s)->files[i]));
  }
  for (PetscInt k = 0; k < (*s)->nresults; k++) PetscCall(TriboSurfResultReset_Private(&(*s)->results[k]));
  PetscCall(PetscFree((*s)->results));
  PetscCall(PetscFree3((*s)->gx, (*s)->gy, (*s)->gap));
  PetscCall(PetscFree((*s)->prefix));
  PetscCall(PetscHeaderDestroy(s));
  PetscFunctionReturn(0);
}
