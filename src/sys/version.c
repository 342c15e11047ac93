#include <tribosys.h>
#include "gitrev.h" /* generated in the build folder (-I$(B)) */

/*@
  TriboGitRevision - The git revision (12 hex digits, "-dirty" when the tree had changes) that
  this library was built from; stored in every result file's /meta.
@*/
const char *TriboGitRevision(void)
{
  return TRIBO_GIT_REVISION;
}
