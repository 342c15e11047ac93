/* The Tribo package on PETSc's object system (issue 29): one class id per class, registered once by TriboInitializePackage()
   (called by each class's Create, as PETSc's packages do) and forgotten at PetscFinalize() (TriboFinalizePackage()), so that a
   program may initialize PETSc again. A class on the object model creates its objects with PetscHeaderCreate() and its class id,
   keeps what it is given by PetscObjectReference() and releases it in its Destroy, which frees the object only when the last
   reference goes. On the model so far: TriboHalfSpace, TriboContact, TriboContactCoupling, TriboCont, TriboHB, TriboHBOp,
   TriboMasingManifold, TriboSurf, TriboNSGA2, TriboPrestress, TriboModal, TriboFRF, TriboTransient, TriboFit, TriboBI, TriboWJROM,
   TriboFJROM, TriboCB, TriboZTE, TriboNMA (doc/architecture.md); the others have their ids registered and follow class by class. */
#include <tribosys.h>

PetscClassId TRIBO_LAW_CLASSID, TRIBO_JOINT_CLASSID, TRIBO_ROM_CLASSID, TRIBO_ZTE_CLASSID, TRIBO_CB_CLASSID, TRIBO_FESYSTEM_CLASSID,
    TRIBO_MESH_CLASSID, TRIBO_HB_CLASSID, TRIBO_HBOP_CLASSID, TRIBO_CONT_CLASSID, TRIBO_PRESTRESS_CLASSID, TRIBO_MODAL_CLASSID, TRIBO_NMA_CLASSID,
    TRIBO_FRF_CLASSID, TRIBO_TRANSIENT_CLASSID, TRIBO_HALFSPACE_CLASSID, TRIBO_CONTACT_CLASSID, TRIBO_CONTACTCOUPLING_CLASSID, TRIBO_MASING_CLASSID,
    TRIBO_SURF_CLASSID, TRIBO_FIT_CLASSID, TRIBO_NSGA2_CLASSID, TRIBO_BI_CLASSID, TRIBO_WJROM_CLASSID, TRIBO_FJROM_CLASSID;

static PetscBool TriboPackageInitialized = PETSC_FALSE;

/* the type registries and the flags of their RegisterAll, emptied and reset by TriboFinalizePackage() */
#define TRIBO_MAX_REGISTRIES 16
static PetscFunctionList *TriboRegistryLists[TRIBO_MAX_REGISTRIES];
static PetscBool         *TriboRegistryFlags[TRIBO_MAX_REGISTRIES];
static int                TriboNumRegistries = 0;

/*@C
  TriboRegistryForgetAtFinalize - A type registry of tribo (a PetscFunctionList and the flag of its RegisterAll): at PetscFinalize()
  TriboFinalizePackage() destroys the list and resets the flag, so that nothing is left and a new PetscInitialize() registers again

  Not collective

  Input Parameters:
+ list   - the registry's list (registered once, before its first entry)
- called - the flag its TriboXxxRegisterAll() sets (may be the same call: both given at once)

  Level: developer
@*/
PetscErrorCode TriboRegistryForgetAtFinalize(PetscFunctionList *list, PetscBool *called)
{
  PetscFunctionBegin;
  PetscCall(TriboInitializePackage()); // registers TriboFinalizePackage() with PetscFinalize()
  PetscCheck(TriboNumRegistries < TRIBO_MAX_REGISTRIES, PETSC_COMM_SELF, PETSC_ERR_PLIB, "more than %d type registries", TRIBO_MAX_REGISTRIES);
  TriboRegistryLists[TriboNumRegistries] = list, TriboRegistryFlags[TriboNumRegistries] = called, TriboNumRegistries++;
  PetscFunctionReturn(0);
}

/*@C
  TriboFinalizePackage - Forgets the class ids and empties the type registries (TriboRegistryForgetAtFinalize()) at PetscFinalize(),
  so that TriboInitializePackage() and the RegisterAll functions register them again after a new PetscInitialize()

  Not collective

  Level: developer

.seealso: TriboInitializePackage()
@*/
PetscErrorCode TriboFinalizePackage(void)
{
  PetscFunctionBegin;
  for (int k = 0; k < TriboNumRegistries; k++) {
    if (TriboRegistryLists[k]) PetscCall(PetscFunctionListDestroy(TriboRegistryLists[k]));
    if (TriboRegistryFlags[k]) *TriboRegistryFlags[k] = PETSC_FALSE;
  }
  TriboNumRegistries      = 0;
  TriboPackageInitialized = PETSC_FALSE;
  PetscFunctionReturn(0);
}

/*@C
  TriboInitializePackage - Registers the class ids of tribo's classes (once; every Create calls it)

  Not collective

  Level: developer

.seealso: TriboFinalizePackage()
@*/
PetscErrorCode TriboInitializePackage(void)
{
  const struct {
    const char   *name;
    PetscClassId *id;
  } cls[] = {
      {"Tribo Law", &TRIBO_LAW_CLASSID},
      {"Tribo Joint", &TRIBO_JOINT_CLASSID},
      {"Tribo ROM", &TRIBO_ROM_CLASSID},
      {"Tribo ZTE", &TRIBO_ZTE_CLASSID},
      {"Tribo CB", &TRIBO_CB_CLASSID},
      {"Tribo FESystem", &TRIBO_FESYSTEM_CLASSID},
      {"Tribo Mesh", &TRIBO_MESH_CLASSID},
      {"Tribo HB", &TRIBO_HB_CLASSID},
      {"Tribo HBOp", &TRIBO_HBOP_CLASSID},
      {"Tribo Cont", &TRIBO_CONT_CLASSID},
      {"Tribo Prestress", &TRIBO_PRESTRESS_CLASSID},
      {"Tribo Modal", &TRIBO_MODAL_CLASSID},
      {"Tribo NMA", &TRIBO_NMA_CLASSID},
      {"Tribo FRF", &TRIBO_FRF_CLASSID},
      {"Tribo Transient", &TRIBO_TRANSIENT_CLASSID},
      {"Tribo HalfSpace", &TRIBO_HALFSPACE_CLASSID},
      {"Tribo Contact", &TRIBO_CONTACT_CLASSID},
      {"Tribo ContactCoupling", &TRIBO_CONTACTCOUPLING_CLASSID},
      {"Tribo MasingManifold", &TRIBO_MASING_CLASSID},
      {"Tribo Surf", &TRIBO_SURF_CLASSID},
      {"Tribo Fit", &TRIBO_FIT_CLASSID},
      {"Tribo NSGA2", &TRIBO_NSGA2_CLASSID},
      {"Tribo BI", &TRIBO_BI_CLASSID},
      {"Tribo WJROM", &TRIBO_WJROM_CLASSID},
      {"Tribo FJROM", &TRIBO_FJROM_CLASSID},
  };

  PetscFunctionBegin;
  if (TriboPackageInitialized) PetscFunctionReturn(0);
  TriboPackageInitialized = PETSC_TRUE;
  for (size_t k = 0; k < sizeof(cls) / sizeof(cls[0]); k++) PetscCall(PetscClassIdRegister(cls[k].name, cls[k].id));
  PetscCall(PetscRegisterFinalize(TriboFinalizePackage));
  PetscFunctionReturn(0);
}
