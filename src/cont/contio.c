/* The branch file of TriboCont (/cont in triboio.h). The whole branch is rewritten after every
   accepted point through TriboH5Create/Close (temporary name, then rename), so the file on disk
   is always a complete branch; -cont_restart reads it back and continues bit for bit. */
#include "contimpl.h"

PetscErrorCode TriboContPhysics_Private(TriboCont c)
{
  PetscFunctionBeginUser;
  PetscCall(TriboOptionsPhysics(c->comm, &c->nphys, &c->phys));
  PetscFunctionReturn(0);
}

static PetscErrorCode CheckPhysics_Private(TriboCont c, PetscInt n, char **old)
{
  PetscFunctionBeginUser;
  PetscCall(TriboOptionsPhysicsCheck(c->comm, c->output, n, old, c->nphys, c->phys, c->restart_force,
                                     "or without -cont_restart (or force it: -cont_restart_force)"));
  PetscFunctionReturn(0);
}

PetscErrorCode TriboContWrite_Private(TriboCont c)
{
  TriboH5  h;
  PetscInt N = c->N, d2[2] = {c->npts, N}, d1[1] = {c->npts}, df[2] = {c->nfolds, N}, dn[1] = {N};

  PetscFunctionBeginUser;
  PetscCall(TriboH5Create(c->comm, c->output, &h));
  PetscCall(TriboH5WriteMeta(h, "cont", 0, NULL));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_X, 2, d2, c->X));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_T, 2, d2, c->T));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_DS, 1, d1, c->ds));
  PetscCall(TriboH5WriteInt(h, TRIBO_H5_CONT_IT, 1, d1, c->its));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_FOLDS, 2, df, c->folds));
  PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_D, 1, dn, c->D));
  if (c->ntargets) {
    PetscInt dh[2] = {c->nhits, N};
    PetscCall(TriboH5WriteReal(h, TRIBO_H5_CONT_HITS, 2, dh, c->hits));
    PetscCall(TriboH5WriteInt(h, TRIBO_H5_CONT_HITT, 1, dh, c->hit_target));
  }
  if (c->phys) PetscCall(TriboH5WriteStrings(h, TRIBO_H5_CONT_PHYS, c->nphys, (const char *const *)c->phys));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONT, "count", c->npts));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONT, "nfolds", c->nfolds));
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONT, "reason", TriboContReasons[c->reason + 3]));
  PetscCall(TriboH5WriteAttrInt(h, TRIBO_H5_CONT, "complete", c->reason == TRIBOCONT_CONVERGED_BOUNDS ? 1 : 0)); // 0 while iterating too
  PetscCall(TriboH5WriteAttrString(h, TRIBO_H5_CONT, "predictor", TriboContPredictors[c->predictor]));
  PetscCall(TriboH5Close(&h, PETSC_TRUE));
  PetscFunctionReturn(0);
}

// Read the branch of c->output (every rank reads) and check that it fits this continuation
PetscErrorCode TriboContRead_Private(TriboCont c)
{
  TriboH5    h;
  PetscInt   N = c->N, nd, dims[3], n, *its;
  PetscReal *X, *T, *ds, *F, *D;

  PetscFunctionBeginUser;
  PetscCall(TriboH5Open(c->comm, c->output, &h));
  {
    PetscBool has;
    PetscCall(TriboH5Has(h, TRIBO_H5_CONT_PHYS, &has));
    if (has) { // branch files of tribo before this check have none
      PetscInt np;
      char   **old;
      PetscCall(TriboH5ReadStrings(h, TRIBO_H5_CONT_PHYS, &np, &old));
      PetscCall(CheckPhysics_Private(c, np, old));
      for (PetscInt i = 0; i < np; i++) PetscCall(PetscFree(old[i]));
      PetscCall(PetscFree(old));
    }
  }
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_X, &nd, dims, &X));
  PetscCheck(nd == 2 && dims[1] == N && dims[0] >= 1, c->comm, PETSC_ERR_FILE_UNEXPECTED,
             "%s: %s must be npts x %" PetscInt_FMT " with npts >= 1 to restart this continuation (-cont_restart)", c->output, TRIBO_H5_CONT_X, N);
  n = dims[0];
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_T, &nd, dims, &T));
  PetscCheck(nd == 2 && dims[0] == n && dims[1] == N, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be %" PetscInt_FMT " x %" PetscInt_FMT,
             c->output, TRIBO_H5_CONT_T, n, N);
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_DS, &nd, dims, &ds));
  PetscCheck(nd == 1 && dims[0] == n, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output, TRIBO_H5_CONT_DS,
             n);
  PetscCall(TriboH5ReadInt(h, TRIBO_H5_CONT_IT, &nd, dims, &its));
  PetscCheck(nd == 1 && dims[0] == n, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output, TRIBO_H5_CONT_IT,
             n);
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_D, &nd, dims, &D));
  PetscCheck(nd == 1 && dims[0] == N, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output, TRIBO_H5_CONT_D, N);
  for (PetscInt i = 0; i < N; i++)
    PetscCheck(D[i] == c->D[i], c->comm, PETSC_ERR_USER_INPUT, "%s: the branch was traced with scaling D[%" PetscInt_FMT "] = %g, this run has %g",
               c->output, i, (double)D[i], (double)c->D[i]);
  PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_FOLDS, &nd, dims, &F));
  PetscCheck(nd == 2 && dims[1] == N, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nfolds x %" PetscInt_FMT, c->output, TRIBO_H5_CONT_FOLDS,
             N);
  if (c->ntargets) { // the hits so far (absent from a branch traced without targets: none)
    PetscBool has;
    PetscCall(TriboH5Has(h, TRIBO_H5_CONT_HITS, &has));
    PetscCall(PetscFree(c->hits));
    PetscCall(PetscFree(c->hit_target));
    c->nhits = c->nhalloc = 0;
    if (has) {
      PetscInt   nh, dh[3], *ht;
      PetscReal *H;
      PetscCall(TriboH5ReadReal(h, TRIBO_H5_CONT_HITS, &nd, dh, &H));
      PetscCheck((nd == 2 && dh[1] == N) || dh[0] == 0, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must be nhits x %" PetscInt_FMT, c->output,
                 TRIBO_H5_CONT_HITS, N);
      nh = dh[0];
      PetscCall(TriboH5ReadInt(h, TRIBO_H5_CONT_HITT, &nd, dh, &ht));
      PetscCheck(nd == 1 && dh[0] == nh, c->comm, PETSC_ERR_FILE_UNEXPECTED, "%s: %s must have %" PetscInt_FMT " values", c->output,
                 TRIBO_H5_CONT_HITT, nh);
      for (PetscInt k = 0; k < nh; k++)
        PetscCheck(ht[k] >= 0 && ht[k] < c->ntargets && H[k * N + N - 1] == c->targets[ht[k]], c->comm, PETSC_ERR_USER_INPUT,
                   "%s: hit %" PetscInt_FMT " is not at a target of this run (-cont_restart needs the same targets)", c->output, k + 1);
      c->hits = H, c->hit_target = ht, c->nhits = c->nhalloc = nh;
    }
  }
  PetscCall(TriboH5Close(&h, PETSC_FALSE));
  PetscCall(PetscFree(c->X));
  PetscCall(PetscFree(c->T));
  PetscCall(PetscFree(c->ds));
  PetscCall(PetscFree(c->its));
  PetscCall(PetscFree(c->folds));
  c->X = X, c->T = T, c->ds = ds, c->its = its, c->npts = c->nalloc = n;
  c->folds = F, c->nfolds = c->nfalloc = dims[0];
  PetscCall(PetscFree(D));
  PetscFunctionReturn(0);
}
