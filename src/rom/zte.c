/* Interface reduction of a Craig-Bampton ROM to a coarse zero-thickness-element mesh: the object,
   its options and the projection of the ROM (the methods are in include/tribozte.h; the coarse
   meshes in src/rom/ztemesh.c).

   A ROM of TriboCBReduce() has the DOFs [r; m; eta]: r and m the relative and mean displacements
   of the np fine interface node pairs in the local frame (3 np each, node-major), eta the
   fixed-interface modes. With the coarse interface of nc nodes the new DOFs are [r_c; m_c; eta]
   and x = S z with
   - interpolation (kinematic): S = diag(kron(Phi, I3), kron(Phi, I3), I), Phi (np x nc);
   - patches (RBE3 constraints W u_fine = u_coarse, W: nc x np): the fine DOFs are the least-energy
     field with the given means, from the saddle-point system
       [K_bb  C^T] [Psi]   [0]
       [C     0  ] [Lam] = [I],  C = diag(kron(W, I3), kron(W, I3)),
     K_bb the [r; m] block of K (the Craig-Bampton K is block diagonal, the modes uncoupled in
     stiffness), S = diag(Psi, I). This is a static (Guyan) condensation of the fine interface DOFs
     within the patches, so the modes eta keep their fixed-interface shapes with the fine interface
     held (a Ritz basis: exact in statics, the dynamics of the interface layer itself left out).
   Then K, M, Fv, R and the surface basis are projected (TriboROMTransform()) and the interface is
   the coarse one with L = [I 0 0] on r_c. */
#include <tribo/private/zteimpl.h>
#include <petscblaslapack.h>

PetscFunctionList TriboZTEList = NULL;

/*@C
  TriboZTERegister - Adds an interface-reduction type.

  Not collective

  Input Parameters:
+ name   - the type name
- create - its constructor, which sets the build method

  Level: advanced

.seealso: TriboZTERegisterAll(), TriboZTESetType()
@*/
PetscErrorCode TriboZTERegister(const char name[], PetscErrorCode (*create)(TriboZTE))
{
  PetscFunctionBeginUser;
  if (!TriboZTEList) PetscCall(TriboRegistryForgetAtFinalize(&TriboZTEList, NULL)); // emptied at PetscFinalize()
  PetscCall(PetscFunctionListAdd(&TriboZTEList, name, create));
  PetscFunctionReturn(0);
}

static PetscBool TriboZTERegisterAllCalled = PETSC_FALSE; /* reset at PetscFinalize() (TriboRegistryForgetAtFinalize()) */

/*@
  TriboZTERegisterAll - Registers the built-in interface reductions: grid, mesh (interpolation from
  a coarse mesh) and patches (RBE3 means of a graph partition).

  Not collective

  Level: advanced

.seealso: TriboZTERegister()
@*/
PetscErrorCode TriboZTERegisterAll(void)
{
  PetscFunctionBegin;
  if (TriboZTERegisterAllCalled) PetscFunctionReturn(0);
  TriboZTERegisterAllCalled = PETSC_TRUE;
  PetscCall(TriboRegistryForgetAtFinalize(NULL, &TriboZTERegisterAllCalled));
  PetscCall(TriboZTERegister(TRIBOZTEGRID, TriboZTECreate_Grid));
  PetscCall(TriboZTERegister(TRIBOZTEMESH, TriboZTECreate_Mesh));
  PetscCall(TriboZTERegister(TRIBOZTEPATCHES, TriboZTECreate_Patches));
  PetscFunctionReturn(0);
}

/*@
  TriboZTECreate - Creates an interface reduction, with no type: TriboZTEApply() does nothing
  until a type is set.

  Collective

  Input Parameter:
. comm - communicator of the ROMs it will reduce

  Output Parameter:
. z - the reduction

  Level: beginner

.seealso: TriboZTESetFromOptions(), TriboZTEApply(), TriboZTEDestroy()
@*/
PetscErrorCode TriboZTECreate(MPI_Comm comm, TriboZTE *z)
{
  TriboZTE r;

  PetscFunctionBegin;
  PetscValidPointer(z, 2);
  PetscCall(TriboInitializePackage());
  PetscCall(TriboZTERegisterAll());
  PetscCall(TriboOptionsRegisterNamespace("rom_"));
  PetscCall(PetscHeaderCreate(r, TRIBO_ZTE_CLASSID, "TriboZTE", "Zero-thickness elements of a joint interface", "ZTE", comm, TriboZTEDestroy, NULL));
  r->comm = comm;
  *z      = r;
  PetscFunctionReturn(0);
}

/*@
  TriboZTESetType - Sets the kind of coarse interface.

  Logically collective

  Input Parameters:
+ z    - the reduction
- type - TRIBOZTEGRID, TRIBOZTEMESH or TRIBOZTEPATCHES

  Level: intermediate

.seealso: TriboZTESetGrid(), TriboZTESetPatches(), TriboZTESetMeshFile()
@*/
PetscErrorCode TriboZTESetType(TriboZTE z, TriboZTEType type)
{
  PetscErrorCode (*create)(TriboZTE);

  PetscFunctionBeginUser;
  PetscCall(TriboFunctionListFindOrError(z->comm, TriboZTEList, type, "interface reduction", "-rom_zte_*", (void (**)(void)) & create));
  PetscCall(PetscFree(z->type));
  PetscCall(PetscStrallocpy(type, &z->type));
  PetscCall((*create)(z));
  PetscFunctionReturn(0);
}

/*@
  TriboZTEGetType - The kind of coarse interface, NULL when none is set.

  Not collective

  Level: intermediate
@*/
PetscErrorCode TriboZTEGetType(TriboZTE z, TriboZTEType *type)
{
  PetscFunctionBeginUser;
  *type = z->type;
  PetscFunctionReturn(0);
}

/*@
  TriboZTESetGrid - A structured grid of nx x ny quadrilaterals over the interface's extent in its
  plane (the global axes closest to the plane), trimmed to the cells that hold fine faces.

  Logically collective

  Level: intermediate

.seealso: TriboZTESetType()
@*/
PetscErrorCode TriboZTESetGrid(TriboZTE z, PetscInt nx, PetscInt ny)
{
  PetscFunctionBeginUser;
  PetscCall(TriboZTESetType(z, TRIBOZTEGRID));
  z->nx = nx, z->ny = ny;
  PetscFunctionReturn(0);
}

/*@
  TriboZTESetPatches - N patches of fine faces from a graph partition, each an RBE3 virtual node.

  Logically collective

  Level: intermediate

.seealso: TriboZTESetType()
@*/
PetscErrorCode TriboZTESetPatches(TriboZTE z, PetscInt n)
{
  PetscFunctionBeginUser;
  PetscCall(TriboZTESetType(z, TRIBOZTEPATCHES));
  z->npatches = n;
  PetscFunctionReturn(0);
}

/*@
  TriboZTESetMeshFile - A user mesh of nodes and quadrilaterals (or triangles): CSV rows
  node,id,x,y,z and quad,id,n1,n2,n3,n4 (tri,id,n1,n2,n3), or an Abaqus file with *Node and
  *Element blocks.

  Logically collective

  Level: intermediate

.seealso: TriboZTESetType()
@*/
PetscErrorCode TriboZTESetMeshFile(TriboZTE z, const char file[])
{
  PetscFunctionBeginUser;
  PetscCall(TriboZTESetType(z, TRIBOZTEMESH));
  PetscCall(PetscStrncpy(z->file, file, sizeof(z->file)));
  PetscFunctionReturn(0);
}

/*@
  TriboZTESetFromOptions - Reads the interface reduction's options (prefix rom_).

  Collective

  Options Database Keys:
+ -rom_zte_grid <nx,ny>             - a structured nx x ny grid trimmed to the interface
. -rom_zte_patches <N>              - N patches of fine faces (graph partition), RBE3 virtual nodes
. -rom_zte_mesh <file>              - a user mesh (CSV node/quad/tri rows, or Abaqus *Node and *Element blocks)
. -rom_zte_partition <rcb,graph>    - how the patches are cut: recursive coordinate bisection of the face centroids in
                                      the interface plane, area-weighted (default: the same patches on every run and rank
                                      count), or a graph partition of the faces (PT-Scotch by default, which is not
                                      reproducible between runs)
. -rom_zte_monitor                  - print the coarse interface and the checks
- -rom_zte_mat_partitioning_type    - the graph partitioner of the patches (default ptscotch)

  Level: beginner

.seealso: TriboZTEApply()
@*/
PetscErrorCode TriboZTESetFromOptions(TriboZTE z)
{
  PetscInt          g[2] = {0, 0}, ng = 2, np = 0, nset = 0;
  char              file[PETSC_MAX_PATH_LEN] = "";
  PetscBool         fg, fp, fm;
  PetscInt          how    = z->graph ? 1 : 0;
  const char *const hows[] = {"rcb", "graph"};

  PetscFunctionBeginUser;
  TriboOptionsBegin(z->comm, "rom_", "Interface reduction to a coarse ZTE mesh", "TriboZTESetFromOptions");
  PetscCall(TriboOptionsIntArray("-zte_grid", "coarse interface: a structured nx,ny grid over the interface, trimmed to its faces", "TriboZTESetGrid",
                                 g, &ng, &fg, 0));
  PetscCall(TriboOptionsInt("-zte_patches", "coarse interface: N patches of fine faces from a graph partition (RBE3 virtual nodes) [-]",
                            "TriboZTESetPatches", np, &np, &fp));
  PetscCall(PetscOptionsString(
      "-zte_mesh", "coarse interface: a user mesh, CSV (node,id,x,y,z / quad,id,n1..n4 / tri,id,n1..n3) or Abaqus *Node and *Element blocks",
      "TriboZTESetMeshFile", file, file, sizeof(file), &fm));
  PetscCall(PetscOptionsEList("-zte_partition", "patches: recursive coordinate bisection (reproducible) or a graph partition of the faces",
                              "TriboZTESetPatches", hows, 2, hows[how], &how, NULL));
  z->graph = how == 1 ? PETSC_TRUE : PETSC_FALSE;
  PetscCall(PetscOptionsBool("-zte_monitor", "print the coarse interface and its checks", "TriboZTEApply", z->monitor, &z->monitor, NULL));
  TriboOptionsEnd();
  nset = (PetscInt)fg + (PetscInt)fp + (PetscInt)fm;
  PetscCheck(nset <= 1, z->comm, PETSC_ERR_USER_INPUT, "give one of -rom_zte_grid, -rom_zte_patches and -rom_zte_mesh, not %" PetscInt_FMT, nset);
  if (fg) {
    PetscCheck(ng == 2, z->comm, PETSC_ERR_USER_INPUT, "-rom_zte_grid needs two numbers nx,ny (cells along the interface's two in-plane axes)");
    PetscCall(TriboZTESetGrid(z, g[0], g[1]));
  }
  if (fp) PetscCall(TriboZTESetPatches(z, np));
  if (fm) PetscCall(TriboZTESetMeshFile(z, file));
  if (fp && z->graph) {
    PetscCall(MatPartitioningDestroy(&z->part));
    PetscCall(MatPartitioningCreate(PETSC_COMM_SELF, &z->part));
    PetscCall(MatPartitioningSetType(z->part, MATPARTITIONINGPTSCOTCH));
    PetscCall(PetscObjectSetOptionsPrefix((PetscObject)z->part, "rom_zte_"));
    PetscCall(TriboHelpPush(PETSC_FALSE));
    PetscCall(MatPartitioningSetFromOptions(z->part));
    PetscCall(TriboHelpPop());
  }
  PetscFunctionReturn(0);
}

/* The saddle-point solve of the RBE3 patches: S[0:6np, 0:6nc] = Psi (column-major, leading dimension n) */
static PetscErrorCode PatchModes_Private(TriboROM rom, const ZTEMap *map, PetscInt np, PetscReal S[])
{
  PetscInt           n = rom->n, nb = 6 * np, nc = map->nrows, N = nb + 6 * nc;
  PetscReal         *A, *B, s = 0;
  PetscBLASInt      *ipiv, bN, bm, info;
  const PetscScalar *K;

  PetscFunctionBeginUser;
  PetscCall(PetscCalloc3(N * N, &A, N * 6 * nc, &B, N, &ipiv));
  PetscCall(MatDenseGetArrayRead(rom->K, &K));
  for (PetscInt j = 0; j < nb; j++)
    for (PetscInt i = 0; i < nb; i++) A[i + N * j] = PetscRealPart(K[i + n * j]);
  PetscCall(MatDenseRestoreArrayRead(rom->K, &K));
  for (PetscInt i = 0; i < nb; i++) s = PetscMax(s, PetscAbsReal(A[i + N * i]));
  for (PetscInt blk = 0; blk < 2; blk++) // C rows scaled by s, so that the pivots are of one size
    for (PetscInt k = 0; k < nc; k++)
      for (PetscInt e = map->ia[k]; e < map->ia[k + 1]; e++)
        for (PetscInt c = 0; c < 3; c++) {
          PetscInt row = nb + 3 * nc * blk + 3 * k + c, col = 3 * np * blk + 3 * map->ja[e] + c;
          A[row + N * col] = A[col + N * row] = s * map->a[e];
        }
  for (PetscInt k = 0; k < 6 * nc; k++) B[nb + k + N * k] = s;
  PetscCall(PetscBLASIntCast(N, &bN));
  PetscCall(PetscBLASIntCast(6 * nc, &bm));
  PetscCallBLAS("LAPACKgesv", LAPACKgesv_(&bN, &bm, A, &bN, ipiv, B, &bN, &info));
  PetscCheck(!info, PETSC_COMM_SELF, PETSC_ERR_USER_INPUT,
             "-rom_zte_patches: the patch constraints do not hold the interface (singular saddle-point system, pivot %d): too few patches to fix the "
             "rigid-body motions of the two sides",
             (int)info);
  for (PetscInt j = 0; j < 6 * nc; j++)
    for (PetscInt i = 0; i < nb; i++) S[i + n * j] = B[i + N * j];
  PetscCall(PetscFree3(A, B, ipiv));
  PetscFunctionReturn(0);
}

/*@
  TriboZTEApply - Reduces the interface of a Craig-Bampton ROM to the coarse interface, in place.

  Collective (every rank holds the ROM and does the same work)

  Input Parameters:
+ z   - the reduction (no type: nothing is done)
- rom - a ROM of TriboCBReduce(), before condensation: DOFs [r; m; modes], L the identity on r

  Notes:
  The ROM's title records the reduction (tribo info, the /rom title attribute). With
  -rom_zte_monitor the coarse interface and its checks are printed: the total area (the fine one
  by construction) and the bolt load's resultant along the interface normal.

  Level: beginner

.seealso: TriboZTESetFromOptions(), TriboROMTransform(), TriboCBReduce()
@*/
PetscErrorCode TriboZTEApply(TriboZTE z, TriboROM rom)
{
  TriboInterface f, cf = NULL;
  ZTEPlane       pl;
  ZTEMap         map = {0};
  PetscInt       np, n, nc, nm, nr;
  PetscReal     *S, afine, acoarse;
  PetscLogDouble t0, t1;

  PetscFunctionBeginUser;
  if (!z->type) PetscFunctionReturn(0);
  PetscCall(PetscTime(&t0));
  f = rom->iface;
  PetscCheck(f && f->L && f->nelem > 0, rom->comm, PETSC_ERR_USER_INPUT,
             "interface reduction (-rom_zte_*): the ROM has no interface elements; it needs the ROM of a deck (tribo rom)");
  np = f->nnodes, n = rom->n;
  PetscCheck(n >= 6 * np, rom->comm, PETSC_ERR_ARG_WRONGSTATE,
             "interface reduction: the ROM has %" PetscInt_FMT " DOFs, fewer than the 6 x %" PetscInt_FMT
             " relative and mean interface DOFs of a Craig-Bampton ROM (reduce the interface before condensing)",
             n, np);
  {
    PetscInt mr, nz = 0;
    PetscCall(MatGetSize(f->L, &mr, NULL));
    for (PetscInt i = 0; i < mr; i++) {
      PetscInt           nc1;
      const PetscInt    *cols;
      const PetscScalar *v;
      PetscCall(MatGetRow(f->L, i, &nc1, &cols, &v));
      for (PetscInt e = 0; e < nc1; e++)
        if (v[e] != 0) nz += (cols[e] == i && v[e] == 1.0) ? 1 : 1000000;
      PetscCall(MatRestoreRow(f->L, i, &nc1, &cols, &v));
    }
    PetscCheck(mr == 3 * np && nz == 3 * np, rom->comm, PETSC_ERR_ARG_WRONGSTATE,
               "interface reduction: L is not the identity on the first %" PetscInt_FMT " DOFs (a condensed ROM? reduce the interface first)",
               3 * np);
  }
  PetscCall(TriboZTEPlaneOf(f, &pl));
  PetscCall((*z->build)(z, f, &pl, &cf, &map));
  nc = cf->nnodes;
  nm = n - 6 * np;
  nr = 6 * nc + nm;
  PetscCall(PetscCalloc1(n * nr, &S));
  if (!map.constraint) {
    /* u_top,i = Phi_t (m_c + r_c/2), u_bot,i = Phi_b (m_c - r_c/2), each side interpolated at its own nodes, so that a
       rigid motion of the assembly stays rigid where the pairs of a non-conforming deck are apart:
       r = (Phi_t + Phi_b)/2 r_c + (Phi_t - Phi_b) m_c,  m = (Phi_t + Phi_b)/2 m_c + (Phi_t - Phi_b)/4 r_c */
    for (PetscInt side = 0; side < 2; side++) {
      const PetscInt  *ia = side && map.iat ? map.iat : map.ia, *ja = side && map.iat ? map.jat : map.ja;
      const PetscReal *a = side && map.iat ? map.at : map.a, sg = side ? 1.0 : -1.0; // side 1: top
      for (PetscInt i = 0; i < np; i++)
        for (PetscInt e = ia[i]; e < ia[i + 1]; e++)
          for (PetscInt c = 0; c < 3; c++) {
            PetscInt ri = 3 * i + c, mi = 3 * np + 3 * i + c, rj = 3 * ja[e] + c, mj = 3 * nc + 3 * ja[e] + c;
            S[ri + n * rj] += 0.5 * a[e];
            S[ri + n * mj] += sg * a[e];
            S[mi + n * mj] += 0.5 * a[e];
            S[mi + n * rj] += 0.25 * sg * a[e];
          }
    }
  } else
    PetscCall(PatchModes_Private(rom, &map, np, S));
  for (PetscInt k = 0; k < nm; k++) S[6 * np + k + n * (6 * nc + k)] = 1.0;
  PetscCall(TriboROMTransform(rom, nr, S, -1));
  PetscCall(PetscFree(S));
  PetscCall(MatCreateSeqAIJ(PETSC_COMM_SELF, 3 * nc, nr, 1, NULL, &cf->L));
  for (PetscInt i = 0; i < 3 * nc; i++) PetscCall(MatSetValue(cf->L, i, i, 1.0, INSERT_VALUES));
  PetscCall(MatAssemblyBegin(cf->L, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(cf->L, MAT_FINAL_ASSEMBLY));
  PetscCall(TriboInterfaceGetArea(f, &afine));
  PetscCall(TriboInterfaceGetArea(cf, &acoarse));
  {
    char t[384];
    PetscCall(PetscSNPrintf(t, sizeof(t), "; interface reduced: %s, %" PetscInt_FMT " nodes, %" PetscInt_FMT " ZTEs, %" PetscInt_FMT " points",
                            z->desc, nc, cf->nelem ? cf->nelem : cf->npts, cf->npts));
    PetscCall(PetscStrlcat(rom->title, t, sizeof(rom->title)));
    PetscCall(PetscSNPrintf(t, sizeof(t),
                            "%s: %" PetscInt_FMT " nodes, %" PetscInt_FMT " %s, %" PetscInt_FMT " points (fine: %" PetscInt_FMT
                            " nodes, %" PetscInt_FMT " faces)",
                            z->desc, nc, cf->nelem ? cf->nelem : cf->npts, cf->nelem ? "elements" : "patches", cf->npts, np, f->nelem));
    PetscCall(PetscStrncpy(z->desc, t, sizeof(z->desc)));
  }
  PetscCall(TriboInterfaceDestroy(&rom->iface));
  rom->iface = cf;
  PetscCall(TriboZTEMapDestroy(&map));
  PetscCall(PetscTime(&t1));
  PetscCall(PetscPrintf(rom->comm, "Interface reduced (%s): %" PetscInt_FMT " DOFs, area %.6g m^2 (fine %.6g m^2, difference %.1e) (%.2f s)\n",
                        z->desc, rom->n, (double)acoarse, (double)afine, (double)((acoarse - afine) / afine), (double)(t1 - t0)));
  PetscFunctionReturn(0);
}

/*@
  TriboZTEView - Prints the interface reduction.

  Collective on the viewer

  Level: beginner
@*/
PetscErrorCode TriboZTEView(TriboZTE z, PetscViewer v)
{
  PetscFunctionBeginUser;
  if (!v) v = PETSC_VIEWER_STDOUT_(z->comm);
  if (!z->type)
    PetscCall(PetscViewerASCIIPrintf(v, "Interface reduction: none (the fine interface of the deck)\n"));
  else
    PetscCall(PetscViewerASCIIPrintf(v, "Interface reduction: %s\n", z->desc[0] ? z->desc : z->type));
  PetscFunctionReturn(0);
}

/*@
  TriboZTEDestroy - Destroys the interface reduction.

  Collective

  Level: beginner
@*/
PetscErrorCode TriboZTEDestroy(TriboZTE *z)
{
  PetscFunctionBegin;
  TriboObjectDestroyBegin(z, TRIBO_ZTE_CLASSID);
  PetscCall(MatPartitioningDestroy(&(*z)->part));
  PetscCall(PetscFree((*z)->type));
  PetscCall(PetscHeaderDestroy(z));
  PetscFunctionReturn(0);
}
