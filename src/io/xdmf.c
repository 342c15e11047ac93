/* XDMF (eXtensible Data Model and Format, version 3) descriptions of tribo's HDF5 files, so that
   ParaView, meshio and VisIt open meshes and fields with no conversion. The XML holds only the
   structure; every array is a dataset of the HDF5 file next to it, referenced by its base name
   (floats and integers are 8-byte, as TriboH5WriteReal() and TriboH5WriteInt() store them).

   Readers differ in what a file may hold. ParaView reads any number of grids in a domain; meshio
   (meshio.read(), meshio.xdmf.TimeSeriesReader) reads one: a uniform grid, or a temporal collection
   whose members share one mesh, and no structured (CoRect) topology. So the writer keeps each
   top-level grid apart: name.xdmf holds them all (for ParaView), and where there are several, each
   also goes to a file of its own, <name without .xdmf>_<grid name>.xdmf (lower case, runs of other
   characters as "_"), which meshio reads (tests/cli/t984). */
#define _POSIX_C_SOURCE 200809L // getpid(), open_memstream()
#include <triboio.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MAXGRIDS 32

struct _n_TriboXdmf {
  MPI_Comm    comm;
  PetscMPIInt rank;
  FILE       *fp; // rank 0: the memory stream of the top-level grid being written
  char        name[PETSC_MAX_PATH_LEN], h5[PETSC_MAX_PATH_LEN];
  PetscInt    depth; // open grids
  PetscInt    ngrids;
  char       *text[MAXGRIDS], gname[MAXGRIDS][128];
  size_t      len[MAXGRIDS];
};

static PetscErrorCode Printf_Private(TriboXdmf x, const char fmt[], ...)
{
  va_list ap;

  PetscFunctionBeginUser;
  if (x->rank) PetscFunctionReturn(0);
  PetscCheck(x->fp, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "%s: XDMF content outside a grid (TriboXdmfBeginGrid())", x->name);
  for (PetscInt i = 0; i < x->depth + 2; i++) fputs("  ", x->fp);
  va_start(ap, fmt);
  vfprintf(x->fp, fmt, ap);
  va_end(ap);
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfCreate - Starts the XDMF description of an HDF5 file (rank 0 writes it under a temporary
  name, renamed by TriboXdmfClose()).

  Collective

  Input Parameters:
+ comm - communicator
. name - the .xdmf file
- h5   - the HDF5 file it describes; referenced by its base name, so keep the two in one folder

  Output Parameter:
. x - the writer
@*/
PetscErrorCode TriboXdmfCreate(MPI_Comm comm, const char name[], const char h5[], TriboXdmf *x)
{
  TriboXdmf   w;
  const char *base = strrchr(h5, '/');

  PetscFunctionBeginUser;
  PetscCall(PetscNew(&w));
  w->comm = comm;
  PetscCallMPI(MPI_Comm_rank(comm, &w->rank));
  PetscCall(PetscStrncpy(w->name, name, sizeof(w->name)));
  PetscCall(PetscStrncpy(w->h5, base ? base + 1 : h5, sizeof(w->h5)));
  *x = w;
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfBeginGrid - Opens a grid: "Uniform" (a mesh with its fields), or a "Temporal" or
  "Spatial" collection of grids (TriboXdmfTime() in each member sets its time, e.g. the amplitude).

  Not collective
@*/
PetscErrorCode TriboXdmfBeginGrid(TriboXdmf x, const char name[], const char type[])
{
  PetscFunctionBeginUser;
  if (!x->depth && !x->rank) { // a top-level grid: its own text
    PetscCheck(x->ngrids < MAXGRIDS, PETSC_COMM_SELF, PETSC_ERR_SUP, "%s: more than %d top-level grids", x->name, MAXGRIDS);
    x->fp = open_memstream(&x->text[x->ngrids], &x->len[x->ngrids]);
    PetscCheck(x->fp, PETSC_COMM_SELF, PETSC_ERR_MEM, "%s: no memory for the XDMF text", x->name);
    PetscCall(PetscStrncpy(x->gname[x->ngrids], name, sizeof(x->gname[0])));
  }
  if (!strcmp(type, "Uniform"))
    PetscCall(Printf_Private(x, "<Grid Name=\"%s\" GridType=\"Uniform\">\n", name));
  else
    PetscCall(Printf_Private(x, "<Grid Name=\"%s\" GridType=\"Collection\" CollectionType=\"%s\">\n", name, type));
  x->depth++;
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfEndGrid - Closes the grid opened last.

  Not collective
@*/
PetscErrorCode TriboXdmfEndGrid(TriboXdmf x)
{
  PetscFunctionBeginUser;
  PetscCheck(x->depth > 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "no grid open in %s", x->name);
  x->depth--;
  PetscCall(Printf_Private(x, "</Grid>\n"));
  if (!x->depth && !x->rank) {
    PetscCheck(!fclose(x->fp), PETSC_COMM_SELF, PETSC_ERR_MEM, "%s: no memory for the XDMF text", x->name);
    x->fp = NULL;
    x->ngrids++;
  }
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfTime - The time value of a member of a temporal collection.

  Not collective
@*/
PetscErrorCode TriboXdmfTime(TriboXdmf x, PetscReal t)
{
  PetscFunctionBeginUser;
  PetscCall(Printf_Private(x, "<Time Value=\"%.17g\"/>\n", (double)t));
  PetscFunctionReturn(0);
}

static PetscErrorCode DataItem_Private(TriboXdmf x, const char type[], PetscInt n, PetscInt ncomp, const char dataset[])
{
  PetscFunctionBeginUser;
  if (ncomp > 1)
    PetscCall(Printf_Private(
        x, "  <DataItem Dimensions=\"%" PetscInt_FMT " %" PetscInt_FMT "\" NumberType=\"%s\" Precision=\"%d\" Format=\"HDF\">%s:%s</DataItem>\n", n,
        ncomp, type, 8, x->h5, dataset));
  else
    PetscCall(Printf_Private(x, "  <DataItem Dimensions=\"%" PetscInt_FMT "\" NumberType=\"%s\" Precision=\"%d\" Format=\"HDF\">%s:%s</DataItem>\n",
                             n, type, 8, x->h5, dataset));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfTopology - The cells of the current grid.

  Not collective

  Input Parameters:
+ x       - the writer
. type    - "Mixed" (dataset of length len: for each cell its XDMF type code, 4 triangle, 5
            quadrilateral, 9 hexahedron, then its nodes), "Quadrilateral", "Hexahedron" (dataset
            ncells x nodes per cell) or "Polyvertex" (one vertex per point: dataset 0, 1, ..., ncells-1)
. ncells  - number of cells
. len     - length of the Mixed dataset, nodes per cell otherwise
- dataset - the connectivity (0-based node numbers)
@*/
PetscErrorCode TriboXdmfTopology(TriboXdmf x, const char type[], PetscInt ncells, PetscInt len, const char dataset[])
{
  PetscFunctionBeginUser;
  if (!strcmp(type, "Polyvertex")) {
    PetscCall(Printf_Private(x, "<Topology TopologyType=\"Polyvertex\" NumberOfElements=\"%" PetscInt_FMT "\" NodesPerElement=\"1\">\n", ncells));
    PetscCall(DataItem_Private(x, "Int", ncells, 1, dataset));
    PetscCall(Printf_Private(x, "</Topology>\n"));
    PetscFunctionReturn(0);
  }
  PetscCall(Printf_Private(x, "<Topology TopologyType=\"%s\" NumberOfElements=\"%" PetscInt_FMT "\">\n", type, ncells));
  PetscCall(DataItem_Private(x, "Int", strcmp(type, "Mixed") ? ncells : len, strcmp(type, "Mixed") ? len : 1, dataset));
  PetscCall(Printf_Private(x, "</Topology>\n"));
  PetscFunctionReturn(0);
}

static PetscErrorCode Geometry_Private(TriboXdmf x, PetscInt n, PetscInt dim, const char dataset[])
{
  PetscFunctionBeginUser;
  PetscCall(Printf_Private(x, "<Geometry GeometryType=\"%s\">\n", dim == 2 ? "XY" : "XYZ"));
  PetscCall(DataItem_Private(x, "Float", n, dim, dataset));
  PetscCall(Printf_Private(x, "</Geometry>\n"));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfGeometry - The node coordinates (n x 3 dataset, m) of the current grid.

  Not collective
@*/
PetscErrorCode TriboXdmfGeometry(TriboXdmf x, PetscInt n, const char dataset[])
{
  PetscFunctionBeginUser;
  PetscCall(Geometry_Private(x, n, 3, dataset));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfGeometryXY - The node coordinates of a plane grid (n x 2 dataset, m) of the current grid.

  Not collective
@*/
PetscErrorCode TriboXdmfGeometryXY(TriboXdmf x, PetscInt n, const char dataset[])
{
  PetscFunctionBeginUser;
  PetscCall(Geometry_Private(x, n, 2, dataset));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfAttribute - A field of the current grid.

  Not collective

  Input Parameters:
+ x       - the writer
. name    - the field's name as ParaView shows it (with its unit)
. center  - "Node" (one value per node or point) or "Cell"
. n       - number of nodes or cells
. ncomp   - 1 (scalar) or 3 (vector)
- dataset - the values (n, or n x 3)
@*/
PetscErrorCode TriboXdmfAttribute(TriboXdmf x, const char name[], const char center[], PetscInt n, PetscInt ncomp, const char dataset[])
{
  PetscFunctionBeginUser;
  PetscCall(Printf_Private(x, "<Attribute Name=\"%s\" AttributeType=\"%s\" Center=\"%s\">\n", name, ncomp == 3 ? "Vector" : "Scalar", center));
  PetscCall(DataItem_Private(x, "Float", n, ncomp, dataset));
  PetscCall(Printf_Private(x, "</Attribute>\n"));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfClose - Ends the description; commit renames it to its name, else it is removed.

  Collective
@*/
/* Rank 0: the grids g0 .. g1-1 to file (a temporary name, then renamed); errno-style code, 0 on success */
static int WriteFile_Private(TriboXdmf x, const char file[], PetscInt g0, PetscInt g1)
{
  char  tmp[PETSC_MAX_PATH_LEN + 32];
  FILE *fp;
  int   err = 0;

  if (TriboFileTmpName(file, tmp, sizeof(tmp), NULL)) return EINVAL;
  fp = fopen(tmp, "w");
  if (!fp) return errno ? errno : EIO;
  fprintf(fp, "<?xml version=\"1.0\" ?>\n<Xdmf Version=\"3.0\">\n  <Domain>\n");
  for (PetscInt g = g0; g < g1; g++) fwrite(x->text[g], 1, x->len[g], fp);
  fprintf(fp, "  </Domain>\n</Xdmf>\n");
  if (ferror(fp)) err = errno ? errno : EIO;
  if (fclose(fp) && !err) err = errno ? errno : EIO;
  if (!err && TriboFileCommit(tmp, file, &err)) err = err ? err : EIO;
  if (err) (void)remove(tmp);
  return err;
}

/*@
  TriboXdmfClose - Ends the description: with commit, writes name.xdmf (every grid) and, where there are several top-level grids,
  one file per grid beside it (see the top of src/io/xdmf.c); without, writes nothing.

  Collective
@*/
PetscErrorCode TriboXdmfClose(TriboXdmf *x, PetscBool commit)
{
  TriboXdmf w                            = *x;
  int       err                          = 0;
  char      bad[PETSC_MAX_PATH_LEN + 64] = "";

  PetscFunctionBeginUser;
  if (!w) PetscFunctionReturn(0);
  if (!w->rank && w->fp) (void)fclose(w->fp); // an error path with a grid open
  if (!w->rank && commit && !w->depth) {
    err = WriteFile_Private(w, w->name, 0, w->ngrids);
    if (err) PetscCall(PetscStrncpy(bad, w->name, sizeof(bad)));
    for (PetscInt g = 0; g < w->ngrids && w->ngrids > 1 && !err; g++) {
      size_t n;
      char   file[PETSC_MAX_PATH_LEN + 64];
      PetscCall(PetscStrncpy(file, w->name, sizeof(file)));
      n = strlen(file);
      if (n > 5 && !strcmp(file + n - 5, ".xdmf")) file[n -= 5] = 0;
      file[n++] = '_';
      for (const char *c = w->gname[g]; *c && n < sizeof(file) - 8; c++) {
        if (isalnum((unsigned char)*c))
          file[n++] = (char)tolower((unsigned char)*c);
        else if (file[n - 1] != '_')
          file[n++] = '_';
      }
      if (file[n - 1] == '_') n--;
      file[n] = 0;
      PetscCall(PetscStrlcat(file, ".xdmf", sizeof(file)));
      err = WriteFile_Private(w, file, g, g + 1);
      if (err) PetscCall(PetscStrncpy(bad, file, sizeof(bad)));
    }
  }
  for (PetscInt g = 0; g < w->ngrids; g++) free(w->text[g]); // open_memstream() buffers
  PetscCallMPI(MPI_Bcast(&err, 1, MPI_INT, 0, w->comm));
  PetscCheck(!commit || w->depth == 0, w->comm, PETSC_ERR_ARG_WRONGSTATE, "%s: %" PetscInt_FMT " grid(s) left open", w->name, w->depth);
  PetscCheck(!err, w->comm, PETSC_ERR_FILE_WRITE, "could not write %s: %s", w->rank ? w->name : bad, strerror(err));
  PetscCall(PetscFree(*x));
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceWriteH5 - Writes the interface mesh of a ROM into a result file, so that the file
  alone describes its interface fields: /interface/nodes (nnodes x 3, m), /interface/points
  (npts x 3), weights (npts, m^2), point_element (npts), elements (nelem x 4, -1 pads triangles),
  /interface/point_vertices (0, ..., npts-1), /interface/topology (XDMF mixed cells: 4 and 3 nodes for a triangle, 5 and 4 for a
  quadrilateral), with attributes nelem and topology_length.

  Collective
@*/
PetscErrorCode TriboInterfaceWriteH5(TriboInterface f, TriboH5 h5)
{
  PetscInt dims[2], *topo, len = 0;

  PetscFunctionBeginUser;
  dims[0] = f->nnodes, dims[1] = 3;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_INTERFACE "/nodes", 2, dims, f->xyz));
  dims[0] = f->npts;
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_INTERFACE "/points", 2, dims, f->pxyz));
  PetscCall(PetscMalloc1(PetscMax(f->npts, 5 * f->nelem) + 1, &topo));
  for (PetscInt p = 0; p < f->npts; p++) topo[p] = p; // the points as vertices (XDMF Polyvertex)
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_INTERFACE "/point_vertices", 1, dims, topo));
  PetscCall(TriboH5WriteReal(h5, TRIBO_H5_INTERFACE "/weights", 1, dims, f->pw));
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_INTERFACE "/point_element", 1, dims, f->pelem));
  dims[0] = f->nelem, dims[1] = 4;
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_INTERFACE "/elements", 2, dims, f->elem));
  for (PetscInt e = 0; e < f->nelem; e++) {
    const PetscInt *c  = &f->elem[4 * e];
    PetscInt        nv = c[3] < 0 ? 3 : 4;
    topo[len++]        = nv == 3 ? 4 : 5; // XDMF: 4 triangle, 5 quadrilateral
    for (PetscInt k = 0; k < nv; k++) topo[len++] = c[k];
  }
  dims[0] = len;
  PetscCall(TriboH5WriteInt(h5, TRIBO_H5_INTERFACE "/topology", 1, dims, topo));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_INTERFACE, "nelem", f->nelem));
  PetscCall(TriboH5WriteAttrInt(h5, TRIBO_H5_INTERFACE, "topology_length", len));
  PetscCall(PetscFree(topo));
  PetscFunctionReturn(0);
}

/*@
  TriboInterfaceXdmfGrid - The topology and geometry of the current XDMF grid: the interface
  elements (points = PETSC_FALSE) or its quadrature points as vertices (PETSC_TRUE), from the
  datasets of TriboInterfaceWriteH5().

  Not collective
@*/
PetscErrorCode TriboInterfaceXdmfGrid(TriboInterface f, TriboXdmf x, PetscBool points)
{
  PetscInt len = 0;

  PetscFunctionBeginUser;
  if (points) {
    PetscCall(TriboXdmfTopology(x, "Polyvertex", f->npts, 1, TRIBO_H5_INTERFACE "/point_vertices"));
    PetscCall(TriboXdmfGeometry(x, f->npts, TRIBO_H5_INTERFACE "/points"));
  } else {
    for (PetscInt e = 0; e < f->nelem; e++) len += f->elem[4 * e + 3] < 0 ? 4 : 5;
    PetscCall(TriboXdmfTopology(x, "Mixed", f->nelem, len, TRIBO_H5_INTERFACE "/topology"));
    PetscCall(TriboXdmfGeometry(x, f->nnodes, TRIBO_H5_INTERFACE "/nodes"));
  }
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfSeries - A temporal collection of one vector field on one mesh: the interface elements
  (f, cell values) or the FE surface (s, node values), one member per entry (mode shapes with time
  = mode number, a backbone with time = modal amplitude).

  Not collective

  Input Parameters:
+ x        - the writer
. name     - the collection's name
. f        - the interface (or NULL)
. s        - the FE surface (or NULL; exactly one of f and s)
. n        - number of members
. time     - their times, or NULL for 1, 2, ..., n
. labelfmt - each member's name, a printf format of its time (a double), e.g. "mode %.0f"
. field    - the field's name (with its unit)
- pathfmt  - the dataset of member k, a printf format of k (an int), e.g. "/modal/interface/mode%03d_element_displacement"
@*/
PetscErrorCode TriboXdmfSeries(TriboXdmf x, const char name[], TriboInterface f, TriboROMSurface s, PetscInt n, const PetscReal time[],
                               const char labelfmt[], const char field[], const char pathfmt[])
{
  PetscFunctionBeginUser;
  PetscCheck(!f != !s, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "TriboXdmfSeries() needs one mesh: the interface or the FE surface");
  PetscCall(TriboXdmfBeginGrid(x, name, "Temporal"));
  for (PetscInt k = 0; k < n; k++) {
    char      label[128], path[256];
    PetscReal t = time ? time[k] : (PetscReal)(k + 1);
    PetscCall(PetscSNPrintf(label, sizeof(label), labelfmt, (double)t));
    PetscCall(PetscSNPrintf(path, sizeof(path), pathfmt, (int)k));
    PetscCall(TriboXdmfBeginGrid(x, label, "Uniform"));
    PetscCall(TriboXdmfTime(x, t));
    if (f) {
      PetscCall(TriboInterfaceXdmfGrid(f, x, PETSC_FALSE));
      PetscCall(TriboXdmfAttribute(x, field, "Cell", f->nelem, 3, path));
    } else {
      PetscCall(TriboROMSurfaceXdmfGrid(s, x));
      PetscCall(TriboXdmfAttribute(x, field, "Node", s->nnodes, 3, path));
    }
    PetscCall(TriboXdmfEndGrid(x));
  }
  PetscCall(TriboXdmfEndGrid(x));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfRectMesh - A regular nx x ny grid of points (x0 + i dx, y0 + j dy) as the geometry and topology of the current grid
  (XDMF 2DCoRectMesh, ORIGIN_DXDY; the arrays on it are ny x nx datasets, row-major).

  Not collective
@*/
PetscErrorCode TriboXdmfRectMesh(TriboXdmf x, PetscInt nx, PetscInt ny, PetscReal x0, PetscReal y0, PetscReal dx, PetscReal dy)
{
  PetscFunctionBeginUser;
  PetscCall(Printf_Private(x, "<Topology TopologyType=\"2DCoRectMesh\" Dimensions=\"%" PetscInt_FMT " %" PetscInt_FMT "\"/>\n", ny, nx));
  PetscCall(Printf_Private(x, "<Geometry GeometryType=\"ORIGIN_DXDY\">\n"));
  PetscCall(Printf_Private(x, "  <DataItem Dimensions=\"2\" NumberType=\"Float\" Precision=\"8\" Format=\"XML\">%.17g %.17g</DataItem>\n", (double)y0,
                           (double)x0));
  PetscCall(Printf_Private(x, "  <DataItem Dimensions=\"2\" NumberType=\"Float\" Precision=\"8\" Format=\"XML\">%.17g %.17g</DataItem>\n", (double)dy,
                           (double)dx));
  PetscCall(Printf_Private(x, "</Geometry>\n"));
  PetscFunctionReturn(0);
}

/*@
  TriboXdmfRectAttribute - A scalar field at the points of the TriboXdmfRectMesh() grid: a ny x nx dataset of 8-byte floats or
  integers (type "Float" or "Int").

  Not collective
@*/
PetscErrorCode TriboXdmfRectAttribute(TriboXdmf x, const char name[], PetscInt nx, PetscInt ny, const char type[], const char dataset[])
{
  PetscFunctionBeginUser;
  PetscCall(Printf_Private(x, "<Attribute Name=\"%s\" AttributeType=\"Scalar\" Center=\"Node\">\n", name));
  PetscCall(Printf_Private(
      x, "  <DataItem Dimensions=\"%" PetscInt_FMT " %" PetscInt_FMT "\" NumberType=\"%s\" Precision=\"8\" Format=\"HDF\">%s:%s</DataItem>\n", ny, nx,
      type, x->h5, dataset));
  PetscCall(Printf_Private(x, "</Attribute>\n"));
  PetscFunctionReturn(0);
}
