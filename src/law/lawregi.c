#include <tribolaw.h>

static PetscBool TriboLawRegisterAllCalled = PETSC_FALSE; /* reset at PetscFinalize() (TriboRegistryForgetAtFinalize()) */

/*@
  TriboLawRegisterAll - Registers every interface law that ships with tribo.
@*/
PetscErrorCode TriboLawRegisterAll(void)
{
  PetscFunctionBegin;
  if (TriboLawRegisterAllCalled) PetscFunctionReturn(0);
  TriboLawRegisterAllCalled = PETSC_TRUE;
  PetscCall(TriboRegistryForgetAtFinalize(NULL, &TriboLawRegisterAllCalled));
  PetscCall(TriboOptionsRegisterNamespace("friction_"));
  PetscCall(TriboLawRegister(TRIBOLAWPENALTY, TriboLawCardGet_Penalty));
  PetscCall(TriboLawRegister(TRIBOLAWJENKINS, TriboLawCardGet_Jenkins));
  PetscCall(TriboLawRegister(TRIBOLAWEDF, TriboLawCardGet_EDF));
  PetscCall(TriboLawRegister(TRIBOLAWCUBIC, TriboLawCardGet_Cubic));
  PetscCall(TriboLawRegister(TRIBOLAWUNILATERAL, TriboLawCardGet_Unilateral));
  PetscCall(TriboLawRegister(TRIBOLAWTANH, TriboLawCardGet_Tanh));
  PetscCall(TriboLawRegister(TRIBOLAWBOUCWEN, TriboLawCardGet_BoucWen));
  PetscCall(TriboLawRegister(TRIBOLAWBOUCWEN1, TriboLawCardGet_BoucWen1));
  PetscCall(TriboLawRegister(TRIBOLAWBOUCWEN2, TriboLawCardGet_BoucWen2));
  PetscCall(TriboLawRegister(TRIBOLAWVALANIS, TriboLawCardGet_Valanis));
  PetscCall(TriboLawRegister(TRIBOLAWPRAGER, TriboLawCardGet_Prager));
  PetscCall(TriboLawRegister(TRIBOLAWGJP, TriboLawCardGet_GJP));
  PetscCall(TriboLawRegister(TRIBOLAWIWAN4, TriboLawCardGet_Iwan4));
  PetscCall(TriboLawRegister(TRIBOLAWIWAN5, TriboLawCardGet_Iwan5));
  PetscCall(TriboLawRegister(TRIBOLAWIWANUNIFORM, TriboLawCardGet_IwanUniform));
  PetscCall(TriboLawRegister(TRIBOLAWIWANSTRIBECK, TriboLawCardGet_IwanStribeck));
  PetscCall(TriboLawRegister(TRIBOLAWIWANDISCRETE, TriboLawCardGet_IwanDiscrete));
  PetscCall(TriboLawRegister(TRIBOLAWIWANDISCRETE10K, TriboLawCardGet_IwanDiscrete10k));
  PetscCall(TriboLawRegister(TRIBOLAWROUGH, TriboLawCardGet_Rough));
  PetscFunctionReturn(0);
}
