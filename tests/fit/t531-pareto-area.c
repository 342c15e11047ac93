static char help[] = "Pareto utilities: the area metric (porter-et-al-2022 Fig. 8) of an L-shaped and a straight front against exact areas; "
                     "non-dominated sorting against brute force.\n";

/* Box (0, 0)-(1, 1) unless said otherwise. Exact areas (the region between the lower corner and the front, the front's
   ends extended up to the top edge and right to the right edge):
   - L-shaped: one point (0.2, 0.3): 0.2 * 1 + 0.8 * 0.3 = 0.44; with dominated points added (they must be ignored), and
     in the box (-1, -2)-(3, 2): 1.2 * 4 + 2.8 * 2.3 = 11.24;
   - straight: 7 points on the segment (0.1, 0.9)-(0.7, 0.2), in shuffled order: 0.1 + 0.6 * 1.1 / 2 + 0.3 * 0.2 = 0.49;
   - a front outside the box (all points beyond its upper corner) leaves the whole box: 1.
   Sorting: 200 random points of 3 objectives (tribo's generator, seed 7) and 50 points with ties: each point's front
   equals the brute-force peeling (repeatedly remove the non-dominated set), the crowding distances of a front's ends
   are infinite, and a middle point of a straight 3-point front has distance 2 (1 per objective). */
#include <tribofit.h>

static PetscErrorCode Peel(PetscInt n, PetscInt nf, const PetscReal f[], PetscInt rank[])
{
  PetscInt left = n, r = 0;

  PetscFunctionBeginUser;
  for (PetscInt i = 0; i < n; i++) rank[i] = -1;
  while (left) {
    PetscInt *mark;
    PetscCall(PetscCalloc1(n, &mark));
    for (PetscInt i = 0; i < n; i++) {
      if (rank[i] >= 0) continue;
      mark[i] = 1;
      for (PetscInt j = 0; j < n && mark[i]; j++) {
        PetscBool le = PETSC_TRUE, lt = PETSC_FALSE;
        if (rank[j] >= 0 || j == i) continue;
        for (PetscInt k = 0; k < nf; k++) {
          if (f[j * nf + k] > f[i * nf + k]) le = PETSC_FALSE;
          if (f[j * nf + k] < f[i * nf + k]) lt = PETSC_TRUE;
        }
        if (le && lt) mark[i] = 0;
      }
    }
    for (PetscInt i = 0; i < n; i++)
      if (mark[i]) rank[i] = r, left--;
    PetscCall(PetscFree(mark));
    r++;
  }
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  PetscReal   box[4] = {0, 0, 1, 1}, box2[4] = {-1, -2, 3, 2}, a, frac;
  PetscReal   L[8] = {0.2, 0.3, 0.2, 0.9, 0.5, 0.3, 0.6, 0.6}, S[14], out[4] = {1.5, 1.2, 2, 1.1}, f[600], d[3];
  PetscInt    order[7] = {3, 0, 6, 2, 5, 1, 4}, rank[250], peel[250], bad = 0, nfront;
  TriboRandom r;

  PetscFunctionBeginUser;
  PetscCall(PetscInitialize(&argc, &argv, NULL, help));
  PetscCall(TriboParetoArea(1, L, box, &a, &frac));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "L-shaped front, one point: area %.15f (exact 0.44), fraction %.15f\n", (double)a, (double)frac));
  PetscCall(TriboParetoArea(4, L, box, &a, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "L-shaped front with dominated points: area %.15f (exact 0.44)\n", (double)a));
  PetscCall(TriboParetoArea(4, L, box2, &a, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "L-shaped front in the box (-1, -2)-(3, 2): area %.15f (exact 11.24)\n", (double)a));
  for (PetscInt i = 0; i < 7; i++) S[2 * i] = 0.1 + 0.1 * order[i], S[2 * i + 1] = 0.9 - 0.7 / 6 * order[i];
  PetscCall(TriboParetoArea(7, S, box, &a, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "straight front: area %.15f (exact 0.49)\n", (double)a));
  PetscCall(TriboParetoArea(2, out, box, &a, NULL));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "front outside the box: area %.15f (exact 1)\n", (double)a));
  TriboRandomSeed(&r, 7);
  for (PetscInt i = 0; i < 600; i++) f[i] = TriboRandomUniform(&r);
  PetscCall(TriboParetoSort(200, 3, f, rank, &nfront));
  PetscCall(Peel(200, 3, f, peel));
  for (PetscInt i = 0; i < 200; i++) bad += rank[i] != peel[i];
  for (PetscInt i = 0; i < 100; i++) f[i] = (PetscReal)(PetscInt)(5 * TriboRandomUniform(&r)); // ties
  PetscCall(TriboParetoSort(50, 2, f, rank + 200, NULL));
  PetscCall(Peel(50, 2, f, peel + 200));
  for (PetscInt i = 200; i < 250; i++) bad += rank[i] != peel[i];
  PetscCall(PetscPrintf(
      PETSC_COMM_WORLD,
      "non-dominated sorting: %" PetscInt_FMT " fronts of 200 random points, %" PetscInt_FMT " of 250 ranks differ from brute force\n", nfront, bad));
  {
    PetscReal v[6] = {0, 1, 0.5, 0.5, 1, 0};
    PetscCall(TriboParetoCrowding(3, 2, v, NULL, d));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "crowding of a straight 3-point front: ends %s, middle %g (exact 2)\n",
                          d[0] >= PETSC_INFINITY && d[2] >= PETSC_INFINITY ? "infinite" : "FINITE", (double)d[1]));
  }
  PetscCall(PetscFinalize());
  return 0;
}

/*TEST
  test:
    rtol: 0
    atol: 1e-14
TEST*/
