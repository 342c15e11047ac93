static char help[] = "tribo's classes as PETSc objects (issue 29): class ids, references, nothing leaked.\n";
/* The first classes on PETSc's object model (src/sys/package.c):
   - each is created with its class id and class name (PetscObjectGetClassId(), PetscObjectGetClassName());
   - a half space held twice (PetscObjectReference(), as a second owner would) survives the first Destroy, usable (its grid read
     back), and goes with the second, in either order; the contact problem's own half space, referenced by the test, outlives the
     contact problem;
   - with -malloc_debug, PETSc's count of the bytes allocated is the same before the objects and after their Destroy: nothing leaks
     (the sanitizer build checks the same without PETSc's count).
   - TriboCont and TriboHB, held twice and released; TriboMasingManifold, TriboHBOp, TriboSurf and TriboNSGA2 the same, and
     TriboPrestress, TriboModal, TriboFRF, TriboTransient, TriboFit, TriboBI, TriboWJROM, TriboCB, TriboZTE and TriboNMA;
   - the modes given to a nonlinear modal analysis, a forced response and a transient are kept by them (referenced): the
     caller's Destroy leaves them alive (references 4: the caller's and the three analyses'), the analyses' Destroys release them.
   1, 2 and 3 ranks print the same. */
#include <tribocontact.h>
#include <tribocont.h>
#include <tribohb.h>
#include <tribohbop.h>
#include <tribomasing.h>
#include <tribosurf.h>
#include <tribofit.h>
#include <tribosys.h>
#include <tribonma.h>
#include <tribotransient.h>
#include <tribocb.h>
#include <tribozte.h>

/* the classes created by TriboXxxCreate(comm, &obj) alone, held twice and released */
typedef PetscErrorCode (*CreateFn)(MPI_Comm, void *);
typedef PetscErrorCode (*DestroyFn)(void *);
#define NSIMPLE 10
static struct {
  CreateFn      create;
  DestroyFn     destroy;
  PetscClassId *id; /* the class id registered by TriboInitializePackage() */
  const char   *label;
} simple[NSIMPLE] = {
    {(CreateFn)TriboPrestressCreate, (DestroyFn)TriboPrestressDestroy, &TRIBO_PRESTRESS_CLASSID, "prestress"},
    {(CreateFn)TriboModalCreate, (DestroyFn)TriboModalDestroy, &TRIBO_MODAL_CLASSID, "modal analysis"},
    {(CreateFn)TriboFRFCreate, (DestroyFn)TriboFRFDestroy, &TRIBO_FRF_CLASSID, "forced response"},
    {(CreateFn)TriboTransientCreate, (DestroyFn)TriboTransientDestroy, &TRIBO_TRANSIENT_CLASSID, "transient"},
    {(CreateFn)TriboFitCreate, (DestroyFn)TriboFitDestroy, &TRIBO_FIT_CLASSID, "fit"},
    {(CreateFn)TriboBICreate, (DestroyFn)TriboBIDestroy, &TRIBO_BI_CLASSID, "Bayesian inference"},
    {(CreateFn)TriboWJROMCreate, (DestroyFn)TriboWJROMDestroy, &TRIBO_WJROM_CLASSID, "whole-joint ROM"},
    {(CreateFn)TriboCBCreate, (DestroyFn)TriboCBDestroy, &TRIBO_CB_CLASSID, "Craig-Bampton reduction"},
    {(CreateFn)TriboZTECreate, (DestroyFn)TriboZTEDestroy, &TRIBO_ZTE_CLASSID, "zero-thickness elements"},
    {(CreateFn)TriboNMACreate, (DestroyFn)TriboNMADestroy, &TRIBO_NMA_CLASSID, "nonlinear modal analysis"},
};

static PetscErrorCode Check(PetscObject o, PetscClassId id, const char name[])
{
  PetscClassId got;
  const char  *cname;
  PetscInt     refct;

  PetscFunctionBeginUser;
  PetscCall(PetscObjectGetClassId(o, &got));
  PetscCall(PetscObjectGetClassName(o, &cname));
  PetscCall(PetscObjectGetReference(o, &refct));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: class id %s, class name %s, references %" PetscInt_FMT "\n", name, got == id ? "right" : "WRONG",
                        cname, refct));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscLogDouble m0, m1;
  TriboHalfSpace hs, own;
  TriboContact   c;
  PetscInt       nx, ny;

  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriboInitializePackage());
  PetscCall(PetscOptionsSetValue(NULL, "-contact_case", "hertz"));
  PetscCall(PetscOptionsSetValue(NULL, "-contact_n", "32"));
  // one contact problem first: what lives until PetscFinalize() (the option namespaces marked in use, PETSc's logging of the
  // first objects of a class) is then allocated before the count starts
  PetscCall(TriboContactCreate(PETSC_COMM_WORLD, &c));
  PetscCall(TriboContactSetFromOptions(c));
  PetscCall(TriboContactSetUp(c));
  PetscCall(TriboContactDestroy(&c));
  {
    TriboMasingManifold mm;
    TriboHBOp           op;
    TriboSurf           sf;
    TriboNSGA2          ga;
    PetscCall(TriboMasingManifoldCreate(PETSC_COMM_WORLD, &mm));
    PetscCall(TriboHBOpCreate(PETSC_COMM_WORLD, &op));
    PetscCall(TriboSurfCreate(PETSC_COMM_WORLD, &sf));
    PetscCall(TriboNSGA2Create(PETSC_COMM_WORLD, &ga));
    PetscCall(TriboMasingManifoldDestroy(&mm));
    PetscCall(TriboHBOpDestroy(&op));
    PetscCall(TriboSurfDestroy(&sf));
    PetscCall(TriboNSGA2Destroy(&ga));
    for (int k = 0; k < NSIMPLE; k++) {
      PetscObject o;
      PetscCall(simple[k].create(PETSC_COMM_SELF, &o));
      PetscCall(simple[k].destroy(&o));
    }
  }
  PetscCall(PetscMallocGetCurrentUsage(&m0));
  for (PetscInt order = 0; order < 2; order++) { // a half space with two owners, released in either order
    TriboHalfSpace a, b;
    PetscCall(TriboHalfSpaceCreate(PETSC_COMM_WORLD, &a));
    PetscCall(TriboHalfSpaceSetGrid(a, 16, 12, 1e-6, 1e-6));
    PetscCall(TriboHalfSpaceSetUp(a));
    PetscCall(PetscObjectReference((PetscObject)a));
    b = a;
    if (!order) PetscCall(Check((PetscObject)a, TRIBO_HALFSPACE_CLASSID, "half space held twice"));
    PetscCall(TriboHalfSpaceDestroy(order ? &b : &a));
    PetscCall(TriboHalfSpaceGetGrid(order ? a : b, &nx, &ny, NULL, NULL));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                          "released by its %s owner: the other still sees a %" PetscInt_FMT " x %" PetscInt_FMT " grid, handle %s\n",
                          order ? "second" : "first", nx, ny, (order ? b : a) ? "kept" : "set to NULL"));
    PetscCall(TriboHalfSpaceDestroy(order ? &a : &b));
  }
  PetscCall(TriboContactCreate(PETSC_COMM_WORLD, &c));
  PetscCall(Check((PetscObject)c, TRIBO_CONTACT_CLASSID, "contact problem"));
  PetscCall(TriboContactSetFromOptions(c));
  PetscCall(TriboContactSetUp(c));
  PetscCall(TriboContactGetHalfSpace(c, &own));
  PetscCall(PetscObjectReference((PetscObject)own));
  hs = own;
  PetscCall(TriboContactDestroy(&c));
  PetscCall(TriboHalfSpaceGetGrid(hs, &nx, &ny, NULL, NULL));
  PetscCall(Check((PetscObject)hs, TRIBO_HALFSPACE_CLASSID, "its half space after the contact problem's Destroy"));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  still a %" PetscInt_FMT " x %" PetscInt_FMT " grid\n", nx, ny));
  PetscCall(TriboHalfSpaceDestroy(&hs));
  { // the continuation and the harmonic balance: their class ids, and held twice
    TriboCont ct, ct2;
    TriboHB   hb, hb2;
    PetscInt  harm[3] = {0, 1, 3};
    PetscCall(TriboContCreate(PETSC_COMM_WORLD, &ct));
    PetscCall(TriboHBCreate(PETSC_COMM_SELF, &hb));
    PetscCall(TriboHBSetHarmonics(hb, 3, harm));
    PetscCall(TriboHBSetUp(hb));
    PetscCall(PetscObjectReference((PetscObject)ct));
    PetscCall(PetscObjectReference((PetscObject)hb));
    ct2 = ct, hb2 = hb;
    PetscCall(Check((PetscObject)ct, TRIBO_CONT_CLASSID, "continuation held twice"));
    PetscCall(Check((PetscObject)hb, TRIBO_HB_CLASSID, "harmonic balance held twice"));
    PetscCall(TriboContDestroy(&ct));
    PetscCall(TriboHBDestroy(&hb2));
    PetscCall(Check((PetscObject)ct2, TRIBO_CONT_CLASSID, "continuation after one Destroy"));
    PetscCall(TriboContDestroy(&ct2));
    PetscCall(TriboHBDestroy(&hb));
  }
  { // the other classes on the model: created, held twice, released twice
    TriboMasingManifold mm, mm2;
    TriboHBOp           op, op2;
    TriboSurf           sf, sf2;
    TriboNSGA2          ga, ga2;
    PetscCall(TriboMasingManifoldCreate(PETSC_COMM_WORLD, &mm));
    PetscCall(TriboHBOpCreate(PETSC_COMM_WORLD, &op));
    PetscCall(TriboSurfCreate(PETSC_COMM_WORLD, &sf));
    PetscCall(TriboNSGA2Create(PETSC_COMM_WORLD, &ga));
    PetscCall(PetscObjectReference((PetscObject)mm));
    PetscCall(PetscObjectReference((PetscObject)op));
    PetscCall(PetscObjectReference((PetscObject)sf));
    PetscCall(PetscObjectReference((PetscObject)ga));
    mm2 = mm, op2 = op, sf2 = sf, ga2 = ga;
    PetscCall(Check((PetscObject)mm, TRIBO_MASING_CLASSID, "Masing manifold held twice"));
    PetscCall(Check((PetscObject)op, TRIBO_HBOP_CLASSID, "harmonic-balance operator held twice"));
    PetscCall(Check((PetscObject)sf, TRIBO_SURF_CLASSID, "surface statistics held twice"));
    PetscCall(Check((PetscObject)ga, TRIBO_NSGA2_CLASSID, "NSGA-II held twice"));
    PetscCall(TriboMasingManifoldDestroy(&mm));
    PetscCall(TriboHBOpDestroy(&op));
    PetscCall(TriboSurfDestroy(&sf));
    PetscCall(TriboNSGA2Destroy(&ga));
    PetscCall(TriboMasingManifoldDestroy(&mm2));
    PetscCall(TriboHBOpDestroy(&op2));
    PetscCall(TriboSurfDestroy(&sf2));
    PetscCall(TriboNSGA2Destroy(&ga2));
  }
  for (int k = 0; k < NSIMPLE; k++) { // (PETSC_COMM_SELF: the fit's ROMs are per rank)
    PetscObject o, o2;
    PetscInt    refct;
    const char *name;
    char        label[128];
    PetscCall(simple[k].create(PETSC_COMM_SELF, &o));
    PetscCall(PetscObjectReference(o));
    o2 = o;
    PetscCall(PetscObjectGetClassName(o, &name));
    PetscCall(PetscSNPrintf(label, sizeof(label), "%s held twice", simple[k].label));
    PetscCall(Check(o, *simple[k].id, label));
    PetscCall(simple[k].destroy(&o));
    PetscCall(PetscObjectGetReference(o2, &refct));
    PetscCheck(!o && refct == 1, PETSC_COMM_SELF, PETSC_ERR_PLIB, "%s: the first Destroy did not leave one reference", name);
    PetscCall(simple[k].destroy(&o2));
  }
  { // the modes outlive their creator's handle while the analyses keep them
    TriboModal     md;
    TriboNMA       nma;
    TriboFRF       frf;
    TriboTransient tr;
    PetscInt       refct;
    PetscCall(TriboModalCreate(PETSC_COMM_SELF, &md));
    PetscCall(TriboNMACreate(PETSC_COMM_SELF, &nma));
    PetscCall(TriboFRFCreate(PETSC_COMM_SELF, &frf));
    PetscCall(TriboTransientCreate(PETSC_COMM_SELF, &tr));
    PetscCall(TriboNMASetModal(nma, md));
    PetscCall(TriboFRFSetModal(frf, md));
    PetscCall(TriboTransientSetModal(tr, md));
    PetscCall(Check((PetscObject)md, TRIBO_MODAL_CLASSID, "modes kept by three analyses and their creator"));
    PetscCall(PetscObjectReference((PetscObject)md)); // a probe, to read the count after the creator's Destroy
    {
      TriboModal probe = md;
      PetscCall(TriboModalDestroy(&md));
      PetscCall(TriboNMADestroy(&nma));
      PetscCall(TriboFRFDestroy(&frf));
      PetscCall(TriboTransientDestroy(&tr));
      PetscCall(PetscObjectGetReference((PetscObject)probe, &refct));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD,
                            "after the creator's and the analyses' Destroys the modes have %" PetscInt_FMT " reference (the probe's)\n", refct));
      PetscCall(TriboModalDestroy(&probe));
    }
  }
  PetscCall(PetscMallocGetCurrentUsage(&m1));
  {
    PetscBool dbg;
    PetscCall(PetscMallocGetDebug(&dbg, NULL, NULL));
    if (dbg)
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bytes allocated after the Destroys minus before the objects: %.0f\n", (double)(m1 - m0)));
    else
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "bytes allocated after the Destroys minus before the objects: 0\n")); // no count without it
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    nsize: 1 2 3
    args: -malloc_debug
    output: t615-object.out
TEST*/
