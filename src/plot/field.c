#include <triboplot.h>
#include <triborom.h>
#include <tribonum.h>
#include <stdio.h>
#include <string.h>

/* Pictures of fields on the joint interface: the interface seen along its normal (in-plane
   coordinates along the first two rows t1, t2 of a frame), one panel per field, each element
   filled from the values at its quadrature points, with axes in mm at equal scale and a colour
   bar. Colours are viridis (perceptually uniform, readable in grey and by colour-blind readers). */

// viridis: matplotlib's 256-entry table (van der Walt and Smith, 2015), rounded to 8 bits
static const unsigned int TriboViridis[256] = {
    0x440154, 0x440256, 0x450457, 0x450559, 0x46075a, 0x46085c, 0x460a5d, 0x460b5e, 0x470d60, 0x470e61, 0x471063, 0x471164, 0x471365, 0x481467, 0x481668, 0x481769, 0x48186a, 0x481a6c, 0x481b6d, 0x481c6e, 0x481d6f, 0x481f70, 0x482071, 0x482173,
    0x482374, 0x482475, 0x482576, 0x482677, 0x482878, 0x482979, 0x472a7a, 0x472c7a, 0x472d7b, 0x472e7c, 0x472f7d, 0x46307e, 0x46327e, 0x46337f, 0x463480, 0x453581, 0x453781, 0x453882, 0x443983, 0x443a83, 0x443b84, 0x433d84, 0x433e85, 0x423f85,
    0x424086, 0x424186, 0x414287, 0x414487, 0x404588, 0x404688, 0x3f4788, 0x3f4889, 0x3e4989, 0x3e4a89, 0x3e4c8a, 0x3d4d8a, 0x3d4e8a, 0x3c4f8a, 0x3c508b, 0x3b518b, 0x3b528b, 0x3a538b, 0x3a548c, 0x39558c, 0x39568c, 0x38588c, 0x38598c, 0x375a8c,
    0x375b8d, 0x365c8d, 0x365d8d, 0x355e8d, 0x355f8d, 0x34608d, 0x34618d, 0x33628d, 0x33638d, 0x32648e, 0x32658e, 0x31668e, 0x31678e, 0x31688e, 0x30698e, 0x306a8e, 0x2f6b8e, 0x2f6c8e, 0x2e6d8e, 0x2e6e8e, 0x2e6f8e, 0x2d708e, 0x2d718e, 0x2c718e,
    0x2c728e, 0x2c738e, 0x2b748e, 0x2b758e, 0x2a768e, 0x2a778e, 0x2a788e, 0x29798e, 0x297a8e, 0x297b8e, 0x287c8e, 0x287d8e, 0x277e8e, 0x277f8e, 0x27808e, 0x26818e, 0x26828e, 0x26828e, 0x25838e, 0x25848e, 0x25858e, 0x24868e, 0x24878e, 0x23888e,
    0x23898e, 0x238a8d, 0x228b8d, 0x228c8d, 0x228d8d, 0x218e8d, 0x218f8d, 0x21908d, 0x21918c, 0x20928c, 0x20928c, 0x20938c, 0x1f948c, 0x1f958b, 0x1f968b, 0x1f978b, 0x1f988b, 0x1f998a, 0x1f9a8a, 0x1e9b8a, 0x1e9c89, 0x1e9d89, 0x1f9e89, 0x1f9f88,
    0x1fa088, 0x1fa188, 0x1fa187, 0x1fa287, 0x20a386, 0x20a486, 0x21a585, 0x21a685, 0x22a785, 0x22a884, 0x23a983, 0x24aa83, 0x25ab82, 0x25ac82, 0x26ad81, 0x27ad81, 0x28ae80, 0x29af7f, 0x2ab07f, 0x2cb17e, 0x2db27d, 0x2eb37c, 0x2fb47c, 0x31b57b,
    0x32b67a, 0x34b679, 0x35b779, 0x37b878, 0x38b977, 0x3aba76, 0x3bbb75, 0x3dbc74, 0x3fbc73, 0x40bd72, 0x42be71, 0x44bf70, 0x46c06f, 0x48c16e, 0x4ac16d, 0x4cc26c, 0x4ec36b, 0x50c46a, 0x52c569, 0x54c568, 0x56c667, 0x58c765, 0x5ac864, 0x5cc863,
    0x5ec962, 0x60ca60, 0x63cb5f, 0x65cb5e, 0x67cc5c, 0x69cd5b, 0x6ccd5a, 0x6ece58, 0x70cf57, 0x73d056, 0x75d054, 0x77d153, 0x7ad151, 0x7cd250, 0x7fd34e, 0x81d34d, 0x84d44b, 0x86d549, 0x89d548, 0x8bd646, 0x8ed645, 0x90d743, 0x93d741, 0x95d840,
    0x98d83e, 0x9bd93c, 0x9dd93b, 0xa0da39, 0xa2da37, 0xa5db36, 0xa8db34, 0xaadc32, 0xaddc30, 0xb0dd2f, 0xb2dd2d, 0xb5de2b, 0xb8de29, 0xbade28, 0xbddf26, 0xc0df25, 0xc2df23, 0xc5e021, 0xc8e020, 0xcae11f, 0xcde11d, 0xd0e11c, 0xd2e21b, 0xd5e21a,
    0xd8e219, 0xdae319, 0xdde318, 0xdfe318, 0xe2e418, 0xe5e419, 0xe7e419, 0xeae51a, 0xece51b, 0xefe51c, 0xf1e51d, 0xf4e61e, 0xf6e620, 0xf8e621, 0xfbe723, 0xfde725,
};

#define FS      2        // font scale of all text
#define PAD     8        // margin around a panel
#define GAP     6        // between a label and what it labels
#define TICK    5        // tick length
#define PM      6        // white margin between the interface and its frame
#define CBW     18       // colour bar width
#define NANGREY 0xb4b4b4 // non-finite values

typedef struct {
  PetscInt       w, h;
  unsigned char *rgb, *cov; // image; pixels covered by the interface
  float         *mask;      // coverage of the element edges
} Img;

typedef struct {
  PetscInt         ne;
  const PetscInt  *elem;
  const PetscReal *pw;
  PetscReal       *nx, *px;             // in-plane node and point coordinates (m), [2*nnodes], [2*npts]
  PetscInt        *off, *pts;           // points of each element (CSR); the points of no element last
  PetscReal        lo[2], hi[2], scale; // bounding box (m), pixels per metre
  PetscInt         mw, mh;              // map size in pixels
} Geo;

typedef struct {
  PetscReal step;
  PetscInt  i0, i1, labw; // ticks at i*step, i0 <= i <= i1; widest label
} Ticks;

typedef struct {
  const PetscReal *val;
  PetscReal        lo, hi; // colour limits
  Ticks            tc;     // of the colour bar
  PetscInt         w;      // panel width
  char             ln[2][256];
  PetscInt         nl, sc; // title lines, their font scale
  const char      *unit;
} Panel;

// Colour of value v with limits lo, hi: the end colours beyond them, grey if not finite
static unsigned int ValueColor(PetscReal v, PetscReal lo, PetscReal hi)
{
  return PetscIsInfOrNanReal(v) ? NANGREY : TriboViridis[(int)(PetscMax(0.0, PetscMin(1.0, (v - lo) / (hi - lo))) * 255 + 0.5)];
}

static void Put(Img *im, PetscInt i, PetscInt j, unsigned int c)
{
  if (i < 0 || j < 0 || i >= im->w || j >= im->h) return;
  for (int q = 0; q < 3; q++) im->rgb[3 * (j * im->w + i) + q] = (unsigned char)(c >> (16 - 8 * q));
}

static void FillBox(Img *im, PetscInt x0, PetscInt y0, PetscInt x1, PetscInt y1, unsigned int c)
{
  for (PetscInt j = y0; j <= y1; j++)
    for (PetscInt i = x0; i <= x1; i++) Put(im, i, j, c);
}

static void Outline(Img *im, PetscInt x0, PetscInt y0, PetscInt x1, PetscInt y1)
{
  FillBox(im, x0, y0, x1, y0, 0), FillBox(im, x0, y1, x1, y1, 0), FillBox(im, x0, y0, x0, y1, 0), FillBox(im, x1, y0, x1, y1, 0);
}

// Text at scale sc whose box's left edge (align 0), centre (1) or right edge (2) is at x, top at y;
// vertical text (bottom to top) is centred on y and its box's left edge is at x
static PetscErrorCode Text(Img *im, PetscInt x, PetscInt y, PetscInt sc, int align, PetscBool vertical, const char *s)
{
  PetscInt tw;

  PetscFunctionBeginUser;
  PetscCall(TriboPlotGetTextExtent(s, sc, &tw, NULL));
  if (vertical)
    PetscCall(TriboPlotDrawText(im->rgb, im->w, im->h, x, y - tw / 2, sc, PETSC_TRUE, 0, s));
  else
    PetscCall(TriboPlotDrawText(im->rgb, im->w, im->h, x - (align == 1 ? tw / 2 : (align == 2 ? tw : 0)), y, sc, PETSC_FALSE, 0, s));
  PetscFunctionReturn(0);
}

// The smallest step 1, 2, 2.5 or 5 x 10^k whose ticks on [lo, hi] (len pixels) are minsp pixels apart, and on a horizontal axis their labels too
static PetscErrorCode NiceTicks(PetscReal lo, PetscReal hi, PetscInt len, PetscReal minsp, PetscBool horiz, Ticks *tk)
{
  const PetscReal mult[4] = {1, 2, 2.5, 5}, e = PetscFloorReal(PetscLog10Real((hi - lo) / 64));
  char            lab[32];
  PetscInt        w;

  PetscFunctionBeginUser;
  for (PetscInt it = 0; it < 80; it++) {
    tk->step = mult[it % 4] * PetscPowReal(10.0, e + (PetscReal)(it / 4));
    tk->i0   = (PetscInt)PetscCeilReal(lo / tk->step - 1e-9);
    tk->i1   = (PetscInt)PetscFloorReal(hi / tk->step + 1e-9);
    if (tk->i1 - tk->i0 > 64) continue;
    tk->labw = 0;
    for (PetscInt i = tk->i0; i <= tk->i1; i++) {
      PetscCall(TriboPlotFormatTick(i ? i * tk->step : 0, tk->step, lab, sizeof(lab)));
      PetscCall(TriboPlotGetTextExtent(lab, FS, &w, NULL));
      tk->labw = PetscMax(tk->labw, w);
    }
    if (tk->step * len / (hi - lo) >= (horiz ? PetscMax(minsp, tk->labw + 12 * FS) : minsp)) break;
  }
  PetscFunctionReturn(0);
}

// Projects nodes and points on (t1, t2), groups the points by element, sizes the map
static PetscErrorCode GeoSetUp(TriboInterface f, const PetscReal frame[], PetscBool *stack, Geo *g)
{
  const PetscReal e2[6] = {1, 0, 0, 0, 1, 0}, *t = frame ? frame : e2;
  PetscReal       W, H, n1 = 0, n2 = 0, d = 0;

  PetscFunctionBeginUser;
  PetscCall(PetscMemzero(g, sizeof(*g)));
  for (int a = 0; a < 3; a++) n1 += t[a] * t[a], n2 += t[3 + a] * t[3 + a], d += t[a] * t[3 + a];
  PetscCheck(PetscAbsReal(n1 - 1) < 1e-6 && PetscAbsReal(n2 - 1) < 1e-6 && PetscAbsReal(d) < 1e-6, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "interface picture: the frame's rows t1 = (%g, %g, %g) and t2 = (%g, %g, %g) must be orthonormal", (double)t[0],
             (double)t[1], (double)t[2], (double)t[3], (double)t[4], (double)t[5]);
  g->ne = f->nelem, g->elem = f->elem, g->pw = f->pw;
  PetscCall(PetscMalloc4(2 * f->nnodes + 1, &g->nx, 2 * f->npts + 1, &g->px, f->nelem + 2, &g->off, f->npts + 1, &g->pts));
  PetscCall(PetscArrayzero(g->off, f->nelem + 2));
  g->lo[0] = g->lo[1] = PETSC_MAX_REAL, g->hi[0] = g->hi[1] = -PETSC_MAX_REAL;
  for (PetscInt k = 0; k < f->nnodes + f->npts; k++) {
    const PetscReal *x = k < f->nnodes ? &f->xyz[3 * k] : &f->pxyz[3 * (k - f->nnodes)];
    PetscReal       *y = k < f->nnodes ? &g->nx[2 * k] : &g->px[2 * (k - f->nnodes)];
    PetscInt         e = k < f->nnodes ? 0 : (f->pelem ? f->pelem[k - f->nnodes] : -1);
    PetscReal        r = (k < f->nnodes || (e >= 0 && e < f->nelem)) ? 0 : 0.5 * PetscSqrtReal(PetscMax(f->pw[k - f->nnodes], 0)); // a loose point is a square of its area

    for (int c = 0; c < 2; c++) {
      y[c]     = x[0] * t[3 * c] + x[1] * t[3 * c + 1] + x[2] * t[3 * c + 2];
      g->lo[c] = PetscMin(g->lo[c], y[c] - r), g->hi[c] = PetscMax(g->hi[c], y[c] + r);
    }
    if (k >= f->nnodes) g->off[(e >= 0 && e < f->nelem ? e : f->nelem) + 1]++;
  }
  for (PetscInt e = 0; e < f->nelem; e++)
    for (int v = 0; v < (f->elem[4 * e + 3] < 0 ? 3 : 4); v++)
      PetscCheck(f->elem[4 * e + v] >= 0 && f->elem[4 * e + v] < f->nnodes, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "interface picture: element %" PetscInt_FMT " refers to node %" PetscInt_FMT ", but there are %" PetscInt_FMT " nodes", e,
                 f->elem[4 * e + v], f->nnodes);
  for (PetscInt b = 0; b <= f->nelem; b++) g->off[b + 1] += g->off[b];
  // counting sort: off[b] runs to the end of bucket b, then is shifted back
  for (PetscInt p = 0; p < f->npts; p++) g->pts[g->off[f->pelem && f->pelem[p] >= 0 && f->pelem[p] < f->nelem ? f->pelem[p] : f->nelem]++] = p;
  for (PetscInt b = f->nelem + 1; b > 0; b--) g->off[b] = g->off[b - 1];
  g->off[0] = 0;
  W = g->hi[0] - g->lo[0], H = g->hi[1] - g->lo[1];
  PetscCheck(W > 0 && H > 0 && !PetscIsInfOrNanReal(W + H), PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG,
             "interface picture: the interface spans %g x %g m in the picture plane; it needs an extent both ways (a MATLAB .mat ROM has no coordinates; a frame's rows t1, t2 must lie in the interface plane)", (double)W, (double)H);
  *stack   = (PetscBool)(W >= H); // wide interfaces: panels stacked; tall ones side by side
  g->scale = *stack ? PetscMin(800 / W, 360 / H) : PetscMin(420 / W, 560 / H);
  g->mw    = PetscMax(1, (PetscInt)(W * g->scale + 0.5));
  g->mh    = PetscMax(1, (PetscInt)(H * g->scale + 0.5));
  PetscFunctionReturn(0);
}

static void ToPixel(const Geo *g, PetscInt x0, PetscInt y0, const PetscReal *p, double *X)
{
  X[0] = x0 + (p[0] - g->lo[0]) * g->scale;
  X[1] = y0 + (g->hi[1] - p[1]) * g->scale;
}

/* Interpolation basis bs = (1, u, w, u w) at pixel point x of the element with corners P, (u, w)
   its parametric coordinates: on a triangle the linear map's (r, s), on a quadrilateral the
   bilinear map's (xi, eta) by Newton's method from the centre; PETSC_FALSE if degenerate or not
   converged */
static PetscBool Param(double P[4][2], PetscInt nv, const double *x, double *bs)
{
  double *u = &bs[1], *w = &bs[2];

  bs[0] = 1, *u = *w = 0;
  for (int it = 0; it < 16; it++) {
    double fx = -x[0], fy = -x[1], a, b, c, d, det, du, dw;

    if (nv == 3) {
      a = P[1][0] - P[0][0], b = P[2][0] - P[0][0], c = P[1][1] - P[0][1], d = P[2][1] - P[0][1];
      fx += P[0][0] + a * *u + b * *w, fy += P[0][1] + c * *u + d * *w;
    } else {
      PetscReal N[4], dN[8];
      a = b = c = d = 0;
      TriboFaceShape(4, u, N, dN); // (u, w) = bs[1], bs[2]
      for (int v = 0; v < 4; v++) {
        fx += N[v] * P[v][0], fy += N[v] * P[v][1];
        a += dN[2 * v] * P[v][0], b += dN[2 * v + 1] * P[v][0], c += dN[2 * v] * P[v][1], d += dN[2 * v + 1] * P[v][1];
      }
    }
    det = a * d - b * c;
    if (!(det > 0 || det < 0)) return PETSC_FALSE;
    du = (d * fx - b * fy) / det, dw = (a * fy - c * fx) / det;
    *u -= du, *w -= dw, bs[3] = *u * *w;
    if (PetscAbsReal(du) + PetscAbsReal(dw) < 1e-10) return PETSC_TRUE;
    if (PetscAbsReal(*u) + PetscAbsReal(*w) > 1e3) return PETSC_FALSE;
  }
  return PETSC_FALSE;
}

// Solves the n x n system A c = A[:, n] by Gaussian elimination with partial pivoting; PETSC_FALSE if (nearly) singular
static PetscBool Solve(double A[4][5], PetscInt n, double *c)
{
  for (PetscInt k = 0; k < n; k++) {
    PetscInt piv = k;
    for (PetscInt i = k + 1; i < n; i++)
      if (PetscAbsReal(A[i][k]) > PetscAbsReal(A[piv][k])) piv = i;
    if (PetscAbsReal(A[piv][k]) < 1e-8) return PETSC_FALSE;
    for (PetscInt j = 0; j <= n; j++) c[0] = A[k][j], A[k][j] = A[piv][j], A[piv][j] = c[0];
    for (PetscInt i = k + 1; i < n; i++)
      for (PetscInt j = n; j >= k; j--) A[i][j] -= A[i][k] / A[k][k] * A[k][j];
  }
  for (PetscInt k = n - 1; k >= 0; k--) {
    for (PetscInt j = k + 1; j < n; j++) A[k][n] -= A[k][j] * c[j];
    c[k] = A[k][n] / A[k][k];
  }
  return PETSC_TRUE;
}

/* Fills element e (map origin x0, y0) from its points' values: the polynomial through them
   (bilinear in the quadrilateral's (xi, eta): the Gauss values extrapolated to the corners and
   interpolated; linear on a triangle) when it has one finite value per coefficient, else the
   value of the nearest point (the quadrants around the Gauss points; NaN grey). Pixels whose
   centre lies in the element are painted and marked as covered. */
static void FillElement(Img *im, const Geo *g, PetscInt e, PetscInt x0, PetscInt y0, const PetscReal *val, PetscReal lo, PetscReal hi)
{
  const PetscInt *con = &g->elem[4 * e], *pts = &g->pts[g->off[e]], np = g->off[e + 1] - g->off[e], nv = con[3] < 0 ? 3 : 4;
  double          P[4][2], A[4][5], c[4], X[2], b[4], bb[4] = {1e300, 1e300, -1e300, -1e300};
  PetscBool       fit = (PetscBool)(np == nv);

  for (PetscInt v = 0; v < nv; v++) {
    ToPixel(g, x0, y0, &g->nx[2 * con[v]], P[v]);
    bb[0] = PetscMin(bb[0], P[v][0]), bb[1] = PetscMin(bb[1], P[v][1]), bb[2] = PetscMax(bb[2], P[v][0]), bb[3] = PetscMax(bb[3], P[v][1]);
  }
  for (PetscInt k = 0; fit && k < np; k++) {
    ToPixel(g, x0, y0, &g->px[2 * pts[k]], X);
    fit      = (PetscBool)(!PetscIsInfOrNanReal(val[pts[k]]) && Param(P, nv, X, A[k]));
    A[k][nv] = val[pts[k]];
  }
  if (fit) fit = Solve(A, nv, c);
  for (PetscInt j = PetscMax(0, (PetscInt)PetscFloorReal(bb[1])); j <= PetscMin(im->h - 1, (PetscInt)PetscCeilReal(bb[3])); j++) {
    for (PetscInt i = PetscMax(0, (PetscInt)PetscFloorReal(bb[0])); i <= PetscMin(im->w - 1, (PetscInt)PetscCeilReal(bb[2])); i++) {
      const double eps  = 1e-9;
      double       x[2] = {i + 0.5, j + 0.5}, v = NAN, dmin = 1e300;

      if (!Param(P, nv, x, b) || (nv == 3 ? (b[1] < -eps || b[2] < -eps || b[1] + b[2] > 1 + eps) : (PetscAbsReal(b[1]) > 1 + eps || PetscAbsReal(b[2]) > 1 + eps))) continue; // outside
      if (fit)
        v = c[0] + c[1] * b[1] + c[2] * b[2] + (nv == 4 ? c[3] * b[3] : 0);
      else
        for (PetscInt k = 0; k < np; k++) {
          double d;
          ToPixel(g, x0, y0, &g->px[2 * pts[k]], X);
          d = (X[0] - x[0]) * (X[0] - x[0]) + (X[1] - x[1]) * (X[1] - x[1]);
          if (d < dmin) dmin = d, v = val[pts[k]];
        }
      Put(im, i, j, ValueColor(v, lo, hi));
      im->cov[j * im->w + i] = 1;
    }
  }
}

// Anti-aliased 1-pixel segment into the edge mask, on covered pixels only (the edges stay inside the interface's outline)
static void MaskEdge(Img *im, const double *a, const double *b)
{
  double dx = b[0] - a[0], dy = b[1] - a[1], l2 = dx * dx + dy * dy;

  for (PetscInt j = PetscMax(0, (PetscInt)PetscFloorReal(PetscMin(a[1], b[1]) - 1)); j <= PetscMin(im->h - 1, (PetscInt)PetscCeilReal(PetscMax(a[1], b[1]) + 1)); j++) {
    for (PetscInt i = PetscMax(0, (PetscInt)PetscFloorReal(PetscMin(a[0], b[0]) - 1)); i <= PetscMin(im->w - 1, (PetscInt)PetscCeilReal(PetscMax(a[0], b[0]) + 1)); i++) {
      double px = i + 0.5 - a[0], py = j + 0.5 - a[1], t = l2 > 0 ? (px * dx + py * dy) / l2 : 0, d, cv;
      float *m = &im->mask[j * im->w + i];

      t  = t < 0 ? 0 : (t > 1 ? 1 : t);
      d  = PetscSqrtReal((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy));
      cv = 1 - d < 0 ? 0 : 1 - d;
      if (im->cov[j * im->w + i] && cv > *m) *m = (float)cv;
    }
  }
}

// The field on the interface: elements, points of no element (squares of their area), then the element edges in grey
static void DrawMap(Img *im, const Geo *g, PetscInt x0, PetscInt y0, const PetscReal *val, PetscReal lo, PetscReal hi)
{
  double   elen  = 0, alpha;
  PetscInt nedge = 0;

  for (PetscInt e = 0; e < g->ne; e++) FillElement(im, g, e, x0, y0, val, lo, hi);
  for (PetscInt k = g->off[g->ne]; k < g->off[g->ne + 1]; k++) {
    PetscInt p = g->pts[k];
    double   X[2], r = 0.5 * PetscSqrtReal(PetscMax(g->pw[p], 0)) * g->scale;

    ToPixel(g, x0, y0, &g->px[2 * p], X);
    for (PetscInt j = PetscMax(0, (PetscInt)PetscCeilReal(X[1] - r - 0.5)); j <= PetscMin(im->h - 1, (PetscInt)PetscFloorReal(X[1] + r - 0.5)); j++)
      for (PetscInt i = PetscMax(0, (PetscInt)PetscCeilReal(X[0] - r - 0.5)); i <= PetscMin(im->w - 1, (PetscInt)PetscFloorReal(X[0] + r - 0.5)); i++) Put(im, i, j, ValueColor(val[p], lo, hi));
  }
  for (PetscInt e = 0; e < g->ne; e++) {
    const PetscInt *con = &g->elem[4 * e];
    PetscInt        nv  = con[3] < 0 ? 3 : 4;
    for (PetscInt v = 0; v < nv; v++) {
      double a[2], b[2];
      ToPixel(g, x0, y0, &g->nx[2 * con[v]], a);
      ToPixel(g, x0, y0, &g->nx[2 * con[(v + 1) % nv]], b);
      MaskEdge(im, a, b);
      elen += PetscSqrtReal((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1])), nedge++;
    }
  }
  // edges fade on fine meshes, where they would hide the field
  alpha = nedge ? 0.45 * PetscMin(1.0, elen / nedge / 12) : 0;
  for (PetscInt k = 0; k < im->w * im->h; k++) {
    unsigned char *p = &im->rgb[3 * k];
    if (im->mask[k] > 0)
      for (int q = 0; q < 3; q++) p[q] = (unsigned char)(p[q] + (0x40 - p[q]) * alpha * im->mask[k] + 0.5);
    im->mask[k] = 0;
  }
}

// Axis name of a frame row: "x (mm)", "-z (mm)" for a global axis, else def
static void AxisName(const PetscReal *row, const char *def, char *buf, size_t len)
{
  (void)snprintf(buf, len, "%s (mm)", def);
  for (int a = 0; row && a < 3; a++)
    if (PetscAbsReal(PetscAbsReal(row[a]) - 1) < 1e-9) (void)snprintf(buf, len, "%s%c (mm)", row[a] < 0 ? "-" : "", "xyz"[a]);
}

/* Text s in avail pixels: one line at scale FS; else two, split at the blank that balances them
   best (rather after a ':'); else one line at scale 1, elided with "..." if still too long */
static PetscErrorCode FitLines(const char *s, PetscInt avail, char ln[2][256], PetscInt *nl, PetscInt *sc)
{
  size_t   len, best = 0;
  PetscInt cost = PETSC_MAX_INT;

  PetscFunctionBeginUser;
  PetscCall(PetscStrncpy(ln[0], s ? s : "", sizeof(ln[0])));
  PetscCall(PetscStrlen(ln[0], &len));
  *nl = len ? 1 : 0, *sc = FS, ln[1][0] = 0;
  if ((PetscInt)len * 6 * FS - FS <= avail) PetscFunctionReturn(0);
  for (size_t i = 1; i + 1 < len; i++) {
    PetscInt w = PetscMax((PetscInt)i, (PetscInt)(len - i - 1)) * 6 * FS - FS, c = w - (ln[0][i - 1] == ':' ? avail : 0);
    if (ln[0][i] == ' ' && w <= avail && c < cost) cost = c, best = i;
  }
  if (best) {
    PetscCall(PetscStrncpy(ln[1], ln[0] + best + 1, sizeof(ln[1])));
    ln[0][best] = 0, *nl = 2;
  } else {
    *sc = 1;
    if ((PetscInt)len * 6 - 1 > avail) PetscCall(PetscStrncpy(ln[0] + PetscMin((PetscInt)sizeof(ln[0]) - 4, PetscMax(0, (avail + 1) / 6 - 3)), "...", 4));
  }
  PetscFunctionReturn(0);
}

/* One panel at (ox, oy): title (hh pixels high), framed map with ticks in mm, colour bar (body
   pixels high, >= the frame) with its unit on top; left is the frame's offset in the panel */
static PetscErrorCode DrawPanel(Img *im, const Geo *g, const Panel *pn, PetscInt ox, PetscInt oy, PetscInt hh, PetscInt left, PetscInt body, const Ticks *tx, const Ticks *ty, const char *xl, const char *yl)
{
  PetscInt fw = g->mw + 2 * PM + 2, fh = g->mh + 2 * PM + 2, th = 8 * FS, tw, uw;
  PetscInt fx0 = ox + left, fy0 = oy + PAD + hh + GAP + (body - fh) / 2, fx1 = fx0 + fw - 1, fy1 = fy0 + fh - 1, mx0 = fx0 + 1 + PM, my0 = fy0 + 1 + PM;
  PetscInt bx0 = fx1 + 1 + 3 * GAP, by0 = oy + PAD + hh + GAP, bh = body - 2;
  char     lab[32];

  PetscFunctionBeginUser;
  PetscCall(TriboPlotGetTextExtent(pn->unit, FS, &uw, NULL));
  for (PetscInt l = 0; l < pn->nl; l++) { // centred over the frame as far as the unit allows
    PetscCall(TriboPlotGetTextExtent(pn->ln[l], pn->sc, &tw, NULL));
    PetscCall(Text(im, PetscMax(ox + PAD, PetscMin((fx0 + fx1) / 2 - tw / 2, bx0 + CBW / 2 - uw / 2 - GAP - tw)), oy + PAD + hh - (pn->nl - l) * (8 * pn->sc + 2) + 2, pn->sc, 0, PETSC_FALSE, pn->ln[l]));
  }
  DrawMap(im, g, mx0, my0, pn->val, pn->lo, pn->hi);
  Outline(im, fx0, fy0, fx1, fy1);
  for (PetscInt i = tx->i0; i <= tx->i1; i++) {
    PetscReal v = i ? i * tx->step : 0;
    PetscInt  c = (PetscInt)PetscFloorReal(mx0 + (v / 1000 - g->lo[0]) * g->scale);
    FillBox(im, c, fy1 + 1, c, fy1 + TICK, 0);
    PetscCall(TriboPlotFormatTick(v, tx->step, lab, sizeof(lab)));
    PetscCall(Text(im, c + 1, fy1 + TICK + GAP / 2, FS, 1, PETSC_FALSE, lab));
  }
  for (PetscInt i = ty->i0; i <= ty->i1; i++) {
    PetscReal v = i ? i * ty->step : 0;
    PetscInt  r = (PetscInt)PetscFloorReal(my0 + (g->hi[1] - v / 1000) * g->scale);
    FillBox(im, fx0 - TICK, r, fx0 - 1, r, 0);
    PetscCall(TriboPlotFormatTick(v, ty->step, lab, sizeof(lab)));
    PetscCall(Text(im, fx0 - TICK - GAP / 2, r - th / 2 + 1, FS, 2, PETSC_FALSE, lab));
  }
  PetscCall(Text(im, (fx0 + fx1) / 2, fy1 + TICK + GAP + th + GAP, FS, 1, PETSC_FALSE, xl));
  PetscCall(Text(im, ox + PAD, (fy0 + fy1) / 2, FS, 0, PETSC_TRUE, yl));
  // colour bar: row r of the bar (top = hi) has the colour of the value at its centre
  for (PetscInt r = 0; r < bh; r++) FillBox(im, bx0 + 1, by0 + 1 + r, bx0 + CBW - 2, by0 + 1 + r, ValueColor(pn->hi - (r + 0.5) / bh * (pn->hi - pn->lo), pn->lo, pn->hi));
  Outline(im, bx0, by0, bx0 + CBW - 1, by0 + body - 1);
  for (PetscInt i = pn->tc.i0; i <= pn->tc.i1; i++) {
    PetscReal v = i ? i * pn->tc.step : 0;
    PetscInt  r = by0 + 1 + PetscMin(bh - 1, (PetscInt)PetscFloorReal((pn->hi - v) / (pn->hi - pn->lo) * bh));
    FillBox(im, bx0 + CBW, r, bx0 + CBW + TICK - 1, r, 0);
    PetscCall(TriboPlotFormatTick(v, pn->tc.step, lab, sizeof(lab)));
    PetscCall(Text(im, bx0 + CBW + TICK + GAP / 2, r - th / 2 + 1, FS, 0, PETSC_FALSE, lab));
  }
  PetscCall(Text(im, bx0 + CBW / 2, oy + PAD + hh - th, FS, 1, PETSC_FALSE, pn->unit));
  PetscFunctionReturn(0);
}

// Rank 0's work: geometry, colour limits and ticks, layout, drawing, PNG
static PetscErrorCode Render_Private(const char file[], TriboInterface f, const PetscReal frame[], PetscInt nf, const PetscReal *values[], const char *titles[], const char *units[], const char title[])
{
  Geo       g;
  Img       im = {0, 0, NULL, NULL, NULL};
  Panel    *pn = NULL;
  Ticks     tx, ty;
  PetscBool stack = PETSC_TRUE;
  PetscInt  th = 8 * FS, left, body, fw, ph, top = 0, hh = th, uw, ntl = 0, tsc = FS;
  char      xl[32], yl[32], tl[2][256], buf[512];

  PetscFunctionBeginUser;
  PetscCheck(file && file[0], PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "interface picture needs a PNG file name");
  PetscCheck(f && f->npts > 0, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONG, "interface picture %s: there is no interface, or it has no quadrature points", file);
  PetscCheck(nf >= 1 && nf <= 16 && values, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "interface picture %s: needs 1 to 16 fields, got %" PetscInt_FMT, file, nf);
  PetscCall(GeoSetUp(f, frame, &stack, &g));
  fw = g.mw + 2 * PM + 2;
  PetscCall(NiceTicks(g.lo[0] * 1000, g.hi[0] * 1000, g.mw, 60, PETSC_TRUE, &tx));
  PetscCall(NiceTicks(g.lo[1] * 1000, g.hi[1] * 1000, g.mh, 2.5 * th, PETSC_FALSE, &ty));
  AxisName(frame, frame ? "t1" : "x", xl, sizeof(xl));
  AxisName(frame ? frame + 3 : NULL, frame ? "t2" : "y", yl, sizeof(yl));
  body = PetscMax(g.mh + 2 * PM + 2, 120);
  left = PAD + th + GAP + ty.labw + GAP / 2 + TICK;
  PetscCall(PetscCalloc1(nf, &pn));
  for (PetscInt k = 0; k < nf; k++) {
    PetscReal   vmin = PETSC_MAX_REAL, vmax = -PETSC_MAX_REAL, pad;
    const char *t = titles && titles[k] ? titles[k] : "";

    PetscCheck(values[k], PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "interface picture %s: field %" PetscInt_FMT " (%s) has no values", file, k, t);
    pn[k].val  = values[k];
    pn[k].unit = units && units[k] ? units[k] : "";
    for (PetscInt p = 0; p < f->npts; p++)
      if (!PetscIsInfOrNanReal(values[k][p])) vmin = PetscMin(vmin, values[k][p]), vmax = PetscMax(vmax, values[k][p]);
    PetscCall(PetscSNPrintf(buf, sizeof(buf), "%s%s%s%s: ", t, pn[k].unit[0] ? " (" : "", pn[k].unit, pn[k].unit[0] ? ")" : ""));
    if (vmin > vmax)
      PetscCall(PetscStrlcat(buf, "no finite values", sizeof(buf)));
    else
      PetscCall(PetscSNPrintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "min %.4g, max %.4g", (double)vmin, (double)vmax));
    PetscCall(TriboPlotGetTextExtent(pn[k].unit, FS, &uw, NULL));
    PetscCall(FitLines(buf, left + fw + 3 * GAP + CBW / 2 - uw / 2 - GAP - PAD, pn[k].ln, &pn[k].nl, &pn[k].sc));
    hh = PetscMax(hh, pn[k].nl * (8 * pn[k].sc + 2) - 2);
    if (vmin > vmax) vmin = 0, vmax = 1;
    pad      = vmax - vmin > 1e-12 * PetscMax(PetscAbsReal(vmin), PetscAbsReal(vmax)) ? 0 : (vmin != 0 ? 0.1 * PetscAbsReal(vmin) : 1); // a constant field: its value in the middle
    pn[k].lo = vmin - pad;
    pn[k].hi = vmax + pad;
    PetscCall(NiceTicks(pn[k].lo, pn[k].hi, body - 2, 2.5 * th, PETSC_FALSE, &pn[k].tc));
    pn[k].w = left + fw + 3 * GAP + CBW + TICK + GAP / 2 + pn[k].tc.labw + PAD;
    im.w    = stack ? PetscMax(im.w, pn[k].w) : im.w + pn[k].w;
  }
  ph   = PAD + hh + GAP + body + TICK + GAP / 2 + th + GAP + th + PAD; // panel height
  im.h = stack ? nf * ph : ph;
  if (title && title[0]) { // the overall title does not widen the image
    PetscCall(FitLines(title, im.w - 2 * PAD - 1, tl, &ntl, &tsc));
    top = PAD + ntl * (8 * tsc + 2);
    im.h += top;
  }
  PetscCall(PetscMalloc1(3 * (size_t)im.w * im.h, &im.rgb));
  PetscCall(PetscCalloc1((size_t)im.w * im.h, &im.cov));
  PetscCall(PetscCalloc1((size_t)im.w * im.h, &im.mask));
  memset(im.rgb, 255, 3 * (size_t)im.w * im.h);
  for (PetscInt l = 0; l < 2 * ntl; l++) PetscCall(Text(&im, im.w / 2 + l % 2, PAD + (l / 2) * (8 * tsc + 2), tsc, 1, PETSC_FALSE, tl[l / 2])); // bold: twice, one pixel apart
  for (PetscInt k = 0, x = 0, y = top; k < nf; k++) {
    PetscCall(DrawPanel(&im, &g, &pn[k], x, y, hh, left, body, &tx, &ty, xl, yl));
    if (stack)
      y += ph;
    else
      x += pn[k].w;
  }
  PetscCall(TriboPNGWriteRGB(file, im.w, im.h, im.rgb));
  PetscCall(PetscFree(im.mask));
  PetscCall(PetscFree(im.cov));
  PetscCall(PetscFree(im.rgb));
  PetscCall(PetscFree(pn));
  PetscCall(PetscFree4(g.nx, g.px, g.off, g.pts));
  PetscFunctionReturn(0);
}

/*@
  TriboPlotInterfaceField - Draws fields given at the interface's quadrature points as contour
  maps of the interface seen along its normal, and writes them as a PNG image.

  Collective

  Input Parameters:
+ comm    - communicator; rank 0 draws and writes, the other ranks only learn whether it worked
. file    - the PNG file (written atomically, see TriboPNGWriteRGB())
. iface   - the interface: nodes, elements and quadrature points (pxyz, pw, pelem)
. frame   - 3x3 row-major (t1; t2; n), orthonormal rows: the picture's x axis is t1, its y axis
            t2 (in mm); NULL for the global x and y
. nfields - number of fields (1 to 16), one panel each
. values  - values[k][p]: field k at quadrature point p (read on rank 0 only; NaN allowed)
. titles  - panel titles (NULL or entries NULL allowed)
. units   - units of the colour bars, e.g. "MPa" (NULL or entries NULL allowed)
- title   - overall title on top, or NULL

  Notes:
  Panels are stacked vertically for an interface wider than tall (the Brake-Reuss beam's is 121 mm
  by 25 mm), else side by side; one metre is as many pixels along x as along y. Each element is
  filled from its points: on a quadrilateral with 4 points the bilinear function (in xi, eta) through
  them, i.e. the Gauss values extrapolated to the corners and interpolated, on a triangle with 3
  points the linear one; an element with a non-finite value or another number of points takes the
  value of its nearest point. Points of no element (pelem -1) are squares of their area pw. Values
  map linearly onto viridis between the field's finite minimum (bottom colour) and maximum (top
  colour); extrapolated values beyond are clamped, non-finite ones are grey. Element edges are thin
  grey lines, fainter on fine meshes. When rank 0 fails, every rank returns an error.

.seealso: TriboPlotPNG(), TriboPNGWriteRGB(), TriboJointGatherPointFields()
@*/
PetscErrorCode TriboPlotInterfaceField(MPI_Comm comm, const char file[], TriboInterface iface, const PetscReal frame[], PetscInt nfields, const PetscReal *values[], const char *titles[], const char *units[], const char title[])
{
  PetscMPIInt    rank;
  PetscErrorCode ierr = 0;
  int            failed;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (rank == 0) ierr = Render_Private(file, iface, frame, nfields, values, titles, units, title);
  failed = ierr ? 1 : 0;
  PetscCallMPI(MPI_Bcast(&failed, 1, MPI_INT, 0, comm));
  if (rank == 0) PetscCall(ierr);
  PetscCheck(!failed, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "Interface picture %s was not written: rank 0 failed to draw or write it (see its error message)", file ? file : "(null)");
  PetscFunctionReturn(0);
}
