#include <triboplot.h>
#include <stdio.h>
#include <string.h>

/* A small raster plotter in the spirit of matplotlib's default figure: white background, black
   frame, light grey grid, ticks on the bottom and left, tab10 colors, anti-aliased 2 px lines and
   round markers. Lines and markers of one series are first rendered as a coverage mask (the
   distance of each pixel centre to the segment, box-filtered), then painted in one pass, so a
   polyline's joints are not painted twice. */

#define TRIBO_PLOT_MAXTICK  64
#define TRIBO_PLOT_MAXMINOR 512

static const unsigned int TriboPlotPalette[10] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};

typedef struct {
  PetscInt x0, y0, x1, y1; // inclusive pixel bounds
} Box;

typedef struct {
  PetscInt       w, h, fs; // image size, font scale
  unsigned char *rgb;
  float         *mask; // coverage of the shape being drawn
  unsigned char *occ;  // pixels covered by data in the current panel (legend placement)
} Canvas;

typedef struct {
  PetscBool log;
  PetscReal lo, hi; // limits, in log10 units on a log axis
  PetscInt  n, nminor, labw;
  PetscReal t[TRIBO_PLOT_MAXTICK], minor[TRIBO_PLOT_MAXMINOR];
  char      lab[TRIBO_PLOT_MAXTICK][32];
} Axis;

static double Coverage(double d, double r)
{
  double c = r + 0.5 - d;
  return c < 0 ? 0 : (c > 1 ? 1 : c);
}

static void MaskSet(Canvas *cv, PetscInt i, PetscInt j, double c)
{
  float *m = &cv->mask[j * cv->w + i];
  if (c > *m) *m = (float)c;
}

// Thick anti-aliased segment into the mask, restricted to clip: visits a band along the major axis
static void MaskSegment(Canvas *cv, Box clip, double x0, double y0, double x1, double y1, double hw)
{
  double   dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy, ext = hw + 2;
  PetscInt steep = PetscAbsReal(dy) > PetscAbsReal(dx);
  double   a0 = steep ? y0 : x0, a1 = steep ? y1 : x1, b0 = steep ? x0 : y0, db = steep ? dx : dy, da = steep ? dy : dx;
  double   s = da != 0 ? db / da : 0, band = hw * PetscSqrtReal(1 + s * s) + hw + 2;
  PetscInt lo = steep ? clip.y0 : clip.x0, hi = steep ? clip.y1 : clip.x1, blo = steep ? clip.x0 : clip.y0, bhi = steep ? clip.x1 : clip.y1;
  double   amin = PetscMin(a0, a1) - ext, amax = PetscMax(a0, a1) + ext;

  if (!(amax >= lo && amin <= hi + 1) || !PetscIsNormalReal(len2 + 1)) return;
  for (PetscInt a = PetscMax(lo, (PetscInt)PetscFloorReal(amin)); a <= PetscMin(hi, (PetscInt)PetscCeilReal(amax)); a++) {
    double   bc = b0 + (a + 0.5 - a0) * s;
    PetscInt bs = (PetscInt)PetscFloorReal(PetscMax(bc - band, blo - 1.0)), be = (PetscInt)PetscCeilReal(PetscMin(bc + band, bhi + 1.0));

    for (PetscInt b = PetscMax(bs, blo); b <= PetscMin(be, bhi); b++) {
      double px = (steep ? b : a) + 0.5 - x0, py = (steep ? a : b) + 0.5 - y0, t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
      t = t < 0 ? 0 : (t > 1 ? 1 : t);
      MaskSet(cv, steep ? b : a, steep ? a : b, Coverage(PetscSqrtReal((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy)), hw));
    }
  }
}

static void MaskDisc(Canvas *cv, Box clip, double cx, double cy, double r)
{
  for (PetscInt j = PetscMax(clip.y0, (PetscInt)PetscFloorReal(cy - r - 1)); j <= PetscMin(clip.y1, (PetscInt)PetscCeilReal(cy + r + 1)); j++)
    for (PetscInt i = PetscMax(clip.x0, (PetscInt)PetscFloorReal(cx - r - 1)); i <= PetscMin(clip.x1, (PetscInt)PetscCeilReal(cx + r + 1)); i++)
      MaskSet(cv, i, j, Coverage(PetscSqrtReal((i + 0.5 - cx) * (i + 0.5 - cx) + (j + 0.5 - cy) * (j + 0.5 - cy)), r));
}

// Blend color over the image with the mask as alpha inside clip, and clear the mask there
static void MaskPaint(Canvas *cv, Box clip, unsigned int color, PetscBool occupy)
{
  const double c[3] = {(color >> 16) & 255, (color >> 8) & 255, color & 255};

  for (PetscInt j = clip.y0; j <= clip.y1; j++) {
    for (PetscInt i = clip.x0; i <= clip.x1; i++) {
      float         *m = &cv->mask[j * cv->w + i];
      unsigned char *p = &cv->rgb[3 * (j * cv->w + i)];

      if (*m <= 0) continue;
      for (int q = 0; q < 3; q++) p[q] = (unsigned char)(p[q] + (c[q] - p[q]) * *m + 0.5);
      if (occupy) cv->occ[j * cv->w + i] = 1;
      *m = 0;
    }
  }
}

static void FillBox(Canvas *cv, Box b, unsigned int color, double alpha)
{
  const double c[3] = {(color >> 16) & 255, (color >> 8) & 255, color & 255};

  for (PetscInt j = PetscMax(b.y0, 0); j <= PetscMin(b.y1, cv->h - 1); j++) {
    for (PetscInt i = PetscMax(b.x0, 0); i <= PetscMin(b.x1, cv->w - 1); i++) {
      unsigned char *p = &cv->rgb[3 * (j * cv->w + i)];
      for (int q = 0; q < 3; q++) p[q] = (unsigned char)(p[q] + (c[q] - p[q]) * alpha + 0.5);
    }
  }
}

// One-pixel outline of box b
static void Outline(Canvas *cv, Box b, unsigned int color)
{
  FillBox(cv, (Box){b.x0, b.y0, b.x1, b.y0}, color, 1);
  FillBox(cv, (Box){b.x0, b.y1, b.x1, b.y1}, color, 1);
  FillBox(cv, (Box){b.x0, b.y0, b.x0, b.y1}, color, 1);
  FillBox(cv, (Box){b.x1, b.y0, b.x1, b.y1}, color, 1);
}

// Text whose box's left edge (align 0), centre (1) or right edge (2) is at x; top at y
static PetscErrorCode Text(Canvas *cv, PetscInt x, PetscInt y, PetscInt scale, int align, const char *s)
{
  PetscInt tw;

  PetscFunctionBeginUser;
  if (!s || !s[0]) PetscFunctionReturn(0);
  PetscCall(TriboPlotGetTextExtent(s, scale, &tw, NULL));
  x -= align == 1 ? tw / 2 : (align == 2 ? tw : 0);
  PetscCall(TriboPlotDrawText(cv->rgb, cv->w, cv->h, x, y, scale, PETSC_FALSE, 0x000000, s));
  PetscFunctionReturn(0);
}

/* Text centred on c along its length (x, or y for vertical text) as far as the span [a, b]
   allows, o being the top (the left for vertical text) of a line at the canvas's scale. Text too
   long for the span is drawn at a smaller scale, and elided with "..." if still too long. */
static PetscErrorCode TextFit(Canvas *cv, PetscInt c, PetscInt o, PetscInt a, PetscInt b, PetscBool bold, PetscBool vertical, const char *s)
{
  char     buf[512];
  size_t   len;
  PetscInt sc = cv->fs, avail = b - a + 1 - (bold ? 1 : 0), tw, th, th0, p;

  PetscFunctionBeginUser;
  if (!s || !s[0]) PetscFunctionReturn(0);
  PetscCall(PetscStrlen(s, &len));
  PetscCall(PetscStrncpy(buf, s, sizeof(buf)));
  PetscCall(TriboPlotGetTextExtent(buf, sc, &tw, &th0));
  while ((tw > avail || len >= sizeof(buf)) && sc > 1) PetscCall(TriboPlotGetTextExtent(buf, --sc, &tw, NULL));
  if (tw > avail || len >= sizeof(buf)) {
    // as many characters as fit with the "...", less trailing blanks
    size_t n = (size_t)PetscMax(0, (avail + sc) / (6 * sc) - 3);
    n        = PetscMin(n, sizeof(buf) - 4);
    while (n > 0 && buf[n - 1] == ' ') n--;
    (void)snprintf(buf + n, sizeof(buf) - n, "...");
    PetscCall(TriboPlotGetTextExtent(buf, sc, &tw, NULL));
  }
  PetscCall(TriboPlotGetTextExtent(buf, sc, NULL, &th));
  p = PetscMax(a, PetscMin(c - tw / 2, b + 1 - tw - (bold ? 1 : 0)));
  o += (th0 - th) / 2;
  if (vertical)
    PetscCall(TriboPlotDrawText(cv->rgb, cv->w, cv->h, o, p, sc, PETSC_TRUE, 0x000000, buf));
  else {
    PetscCall(TriboPlotDrawText(cv->rgb, cv->w, cv->h, p, o, sc, PETSC_FALSE, 0x000000, buf));
    if (bold) PetscCall(TriboPlotDrawText(cv->rgb, cv->w, cv->h, p + 1, o, sc, PETSC_FALSE, 0x000000, buf));
  }
  PetscFunctionReturn(0);
}

/* Splits a title too wide for avail pixels at scale fs (bold) into two lines at the blank that
   balances them best while both fit (a blank after punctuation is preferred), else at the last
   blank where the first line fits; the lines are then drawn with TextFit() */
static PetscErrorCode TitleLines(const char *s, PetscInt avail, PetscInt fs, char lines[2][512], PetscInt *n)
{
  size_t   len, best = 0;
  PetscInt tw, cost  = PETSC_MAX_INT;

  PetscFunctionBeginUser;
  *n = 0;
  if (!s || !s[0]) PetscFunctionReturn(0);
  PetscCall(PetscStrncpy(lines[0], s, sizeof(lines[0])));
  PetscCall(PetscStrlen(lines[0], &len));
  *n = 1;
  PetscCall(TriboPlotGetTextExtent(lines[0], fs, &tw, NULL));
  if (tw + 1 <= avail) PetscFunctionReturn(0);
  for (size_t i = 1; i + 1 < len; i++) {
    PetscInt w1 = (PetscInt)i * 6 * fs - fs + 1, w2 = (PetscInt)(len - i - 1) * 6 * fs - fs + 1;
    PetscInt c = w2 <= avail ? PetscAbsInt(w1 - w2) : PETSC_MAX_INT / 2 - (PetscInt)i; // else the latest
    if (w2 <= avail && strchr(",:;", lines[0][i - 1])) c -= avail / 4;                 // rather after punctuation
    if (lines[0][i] != ' ' || w1 > avail || c >= cost) continue;
    cost = c;
    best = i;
  }
  if (!best) PetscFunctionReturn(0);
  PetscCall(PetscStrncpy(lines[1], lines[0] + best + 1, sizeof(lines[1])));
  lines[0][best] = 0;
  *n             = 2;
  PetscFunctionReturn(0);
}

static PetscBool PointValid(const TriboPlotPanel *p, PetscReal x, PetscReal y)
{
  return (PetscBool)(!PetscIsInfOrNanReal(x) && !PetscIsInfOrNanReal(y) && (!p->logx || x > 0) && (!p->logy || y > 0));
}

// Axis limits from the valid points with 5% margins; empty data or a single value get padding
static PetscErrorCode AxisRange(const TriboPlotPanel *p, PetscBool isx, Axis *ax)
{
  PetscReal lo = PETSC_MAX_REAL, hi = -PETSC_MAX_REAL, pad;

  PetscFunctionBeginUser;
  ax->log = isx ? p->logx : p->logy;
  for (PetscInt s = 0; s < p->nseries; s++) {
    const TriboPlotSeries *sr = &p->series[s];
    for (PetscInt i = 0; i < sr->n; i++) {
      PetscReal v = isx ? sr->x[i] : sr->y[i];
      if (!PointValid(p, sr->x[i], sr->y[i])) continue;
      if (ax->log) v = PetscLog10Real(v);
      lo = PetscMin(lo, v);
      hi = PetscMax(hi, v);
    }
  }
  if (lo > hi) {
    lo = 0;
    hi = 1;
  } else if (hi - lo <= 1e-12 * PetscMax(PetscAbsReal(lo), PetscAbsReal(hi))) {
    pad = ax->log ? 0.5 : (lo != 0 ? 0.1 * PetscAbsReal(lo) : 1);
    lo -= pad;
    hi += pad;
  } else {
    pad = 0.05 * (hi - lo);
    lo -= pad;
    hi += pad;
  }
  PetscCheck(!PetscIsInfOrNanReal(hi - lo), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "plot panel '%s': %s data range [%g, %g] is too wide to draw", p->title ? p->title : "", isx ? "x" : "y", (double)lo, (double)hi);
  ax->lo = lo;
  ax->hi = hi;
  PetscFunctionReturn(0);
}

// Decimals d (negative for steps of 10, 100, ...) such that x * 10^d is a whole number
static int TickDecimals(PetscReal x)
{
  int d0 = -(int)PetscFloorReal(PetscLog10Real(x) + 1e-9), d = d0;

  for (; d < d0 + 16; d++) {
    PetscReal m = x * PetscPowReal(10.0, (PetscReal)d);
    if (PetscAbsReal(m - PetscFloorReal(m + 0.5)) <= 1e-6 * m) break;
  }
  return d;
}

/* Label of tick value v: on a linear axis (step > 0) with the digits of the step, so that ticks
   at multiples of the step print exactly and differently; on a log axis (step <= 0) with the
   digits of v itself. Trailing zeros of the fraction (mantissa) are dropped, and "-0" is "0". */
static void FormatTick(PetscReal v, PetscReal step, PetscBool expo, char buf[], size_t len)
{
  int    d        = TickDecimals(step > 0 ? step : PetscAbsReal(v)), ev;
  char   tail[16] = "", *e, *q;
  size_t n;

  if (len == 0) return;
  if (v == 0 || (step > 0 && PetscAbsReal(v) < 1e-6 * step) || PetscIsInfOrNanReal(v)) {
    (void)snprintf(buf, len, "%s", PetscIsInfOrNanReal(v) ? "?" : "0");
    return;
  }
  ev = (int)PetscFloorReal(PetscLog10Real(PetscAbsReal(v)) + 1e-9);
  // not PetscSNPrintf, which writes 1 as "1."
  if (expo)
    (void)snprintf(buf, len, "%.*e", PetscMax(0, ev + d), (double)v);
  else
    (void)snprintf(buf, len, "%.*f", PetscMax(0, d), (double)v);
  e = strchr(buf, 'e');
  if (e) {
    (void)snprintf(tail, sizeof(tail), "%s", e);
    *e = 0;
  }
  if (strchr(buf, '.')) {
    for (n = strlen(buf); n > 0 && buf[n - 1] == '0'; n--) buf[n - 1] = 0;
    if (n > 0 && buf[n - 1] == '.') buf[n - 1] = 0;
  }
  for (q = buf + (buf[0] == '-'); *q == '0' || *q == '.'; q++) {}
  if (buf[0] == '-' && !*q) memmove(buf, buf + 1, strlen(buf));
  n = strlen(buf);
  (void)snprintf(buf + n, len - n, "%s", tail);
}

// Exponent form for ticks whose magnitude (or step) is at least 1e6 or below 1e-3
static PetscBool TickExponent(PetscReal a)
{
  return (PetscBool)(a > 0 && (a >= 1e6 || a < 1e-3));
}

/* Ticks for an axis of len pixels: 'nice' 1-2-2.5-5 steps on linear axes, decades on log axes
   (every k-th decade when crowded, 1-2-5 within a decade when the axis spans less than two),
   the finest whose labels stay apart (gap pixels between labels, or their height on y). */
static PetscErrorCode AxisTicks(Axis *ax, PetscInt len, PetscBool isx, PetscInt fs)
{
  const PetscReal span = ax->hi - ax->lo, mult[4] = {1, 2, 2.5, 5};
  PetscReal       minsp = PetscMax(isx ? 36.0 * fs : 24.0 * fs, len / 9.0);
  PetscInt        th, w;

  PetscFunctionBeginUser;
  PetscCall(TriboPlotGetTextExtent("0", fs, NULL, &th));
  ax->n = ax->nminor = 0;
  if (ax->log && PetscFloorReal(ax->hi) - PetscCeilReal(ax->lo) >= 1) {
    const PetscInt strides[10] = {1, 2, 3, 5, 10, 20, 50, 100, 200, 500};
    PetscInt       d0 = (PetscInt)PetscCeilReal(ax->lo), d1 = (PetscInt)PetscFloorReal(ax->hi), is = 0, stride = 1, ok = 0;
    PetscBool      expo = (PetscBool)(d0 < -2 || d1 > 3);
    PetscReal      ppd  = len / span; // pixels per decade

    while (!ok) {
      PetscInt k0 = (PetscInt)PetscCeilReal((PetscReal)d0 / stride), k1 = (PetscInt)PetscFloorReal((PetscReal)d1 / stride);
      ax->n = 0, ax->labw = 0;
      for (PetscInt k = k0; k <= k1 && ax->n < TRIBO_PLOT_MAXTICK; k++, ax->n++) {
        PetscInt e   = k * stride;
        ax->t[ax->n] = (PetscReal)e;
        FormatTick(PetscPowReal(10.0, (PetscReal)e), 0, expo, ax->lab[ax->n], sizeof(ax->lab[0]));
        PetscCall(TriboPlotGetTextExtent(ax->lab[ax->n], fs, &w, NULL));
        ax->labw = PetscMax(ax->labw, w);
      }
      ok = stride * ppd >= PetscMax(isx ? ax->labw + 3 * fs * 6 : 2 * th, PetscMin(minsp, 30.0 * fs)) || k1 <= k0 || is == 9;
      if (!ok) stride = strides[++is];
    }
    // minor ticks at 2..9 times each decade, or at the unlabelled decades, where they stay 3 px apart
    for (PetscInt d = d0 - 1; d <= d1; d++) {
      for (PetscInt m = (stride == 1 ? 2 : 1); m <= (stride == 1 ? 9 : 1); m++) {
        PetscReal t = d + PetscLog10Real((PetscReal)m);
        if (ppd * (stride == 1 ? PetscLog10Real(10.0 / 9.0) : 1) < 3) break;
        if (t > ax->lo && t < ax->hi && (stride == 1 || d % stride) && ax->nminor < TRIBO_PLOT_MAXMINOR) ax->minor[ax->nminor++] = t;
      }
    }
    PetscFunctionReturn(0);
  }
  if (ax->log && ax->hi - ax->lo >= 0.35) {
    // 1, 2, 5 times each power of ten; the narrowest gap (2 to 5 is 0.4, 1 to 2 and 5 to 10 are 0.3 decades)
    const PetscReal m125[3] = {1, 2, 5};
    PetscInt        d0 = (PetscInt)PetscFloorReal(ax->lo), d1 = (PetscInt)PetscCeilReal(ax->hi);
    PetscBool       expo = (PetscBool)(d0 < -2 || d1 > 4);

    ax->n = ax->labw = 0;
    for (PetscInt d = d0; d <= d1; d++) {
      for (PetscInt k = 1; k <= 9; k++) {
        PetscReal t = d + PetscLog10Real((PetscReal)k);
        if (t < ax->lo || t > ax->hi) continue;
        if (k != 1 && k != 2 && k != 5) {
          if (ax->nminor < TRIBO_PLOT_MAXMINOR) ax->minor[ax->nminor++] = t;
          continue;
        }
        ax->t[ax->n] = t;
        FormatTick(m125[k == 1 ? 0 : (k == 2 ? 1 : 2)] * PetscPowReal(10.0, (PetscReal)d), 0, expo, ax->lab[ax->n], sizeof(ax->lab[0]));
        PetscCall(TriboPlotGetTextExtent(ax->lab[ax->n], fs, &w, NULL));
        ax->labw = PetscMax(ax->labw, w);
        ax->n++;
      }
    }
    if (ax->n >= 2 && 0.3 * len / span >= (isx ? ax->labw + 2 * fs * 6 : 2 * th)) PetscFunctionReturn(0);
    ax->n = ax->nminor = 0;
  }
  {
    // linear 'nice' steps, in data units (a log axis this narrow is nearly linear)
    PetscReal lo = ax->log ? PetscPowReal(10.0, ax->lo) : ax->lo, hi = ax->log ? PetscPowReal(10.0, ax->hi) : ax->hi;
    PetscReal e = PetscFloorReal(PetscLog10Real((hi - lo) / TRIBO_PLOT_MAXTICK));

    for (PetscInt it = 0; it < 80; it++) {
      PetscReal step = mult[it % 4] * PetscPowReal(10.0, e + it / 4), vmax, need, sp;
      PetscReal i0 = PetscCeilReal(lo / step - 1e-9), i1 = PetscFloorReal(hi / step + 1e-9);

      if (i1 - i0 + 1 > TRIBO_PLOT_MAXTICK) continue;
      vmax  = PetscMax(PetscAbsReal(i0 * step), PetscAbsReal(i1 * step));
      ax->n = ax->labw = 0;
      for (PetscReal i = i0; i <= i1; i++, ax->n++) {
        PetscReal v  = i != 0 ? i * step : 0; // not -0
        ax->t[ax->n] = ax->log ? PetscLog10Real(v) : v;
        FormatTick(v, step, TickExponent(PetscMax(vmax, step)), ax->lab[ax->n], sizeof(ax->lab[0]));
        PetscCall(TriboPlotGetTextExtent(ax->lab[ax->n], fs, &w, NULL));
        ax->labw = PetscMax(ax->labw, w);
      }
      // the closest pair of ticks (at the top end of a log axis)
      sp   = ax->log ? (PetscLog10Real(i1 * step) - PetscLog10Real((i1 - 1) * step)) * len / span : step * len / span;
      need = PetscMax(isx ? ax->labw + 3 * fs * 6 : 2 * th, ax->log ? 2 * th : minsp);
      if (sp >= need || i1 <= i0) break;
    }
  }
  PetscFunctionReturn(0);
}

// Continuous pixel coordinate of axis value t (log10 units on log axes) between frame lines a and b
static double AxisMap(const Axis *ax, PetscReal t, PetscInt a, PetscInt b)
{
  return a + 0.5 + (t - ax->lo) / (ax->hi - ax->lo) * (b - a);
}

static PetscReal AxisValue(const Axis *ax, PetscReal v)
{
  return ax->log ? PetscLog10Real(v) : v;
}

static unsigned int SeriesColor(const TriboPlotSeries *s, PetscInt k)
{
  return s->color ? s->color : TriboPlotPalette[k % 10];
}

// Legend where it hides the fewest data pixels, trying matplotlib's 'best' locations in its order
static PetscErrorCode DrawLegend(Canvas *cv, const TriboPlotPanel *p, Box fr, double hw, double mr)
{
  // upper right, upper left, lower left, lower right, right, center left, lower center, upper center, center
  const int xpos[9] = {2, 0, 0, 2, 2, 0, 1, 1, 1}, ypos[9] = {0, 0, 2, 2, 1, 1, 2, 0, 1};
  PetscInt  fs = cv->fs, th, w, tw = 0, nl = 0, rowh, bw, bh, bestcnt = -1, inset = 5 * fs;
  Box       bx = {0, 0, 0, 0}, clip;

  PetscFunctionBeginUser;
  PetscCall(TriboPlotGetTextExtent("0", fs, NULL, &th));
  for (PetscInt s = 0; s < p->nseries; s++) {
    if (!p->series[s].label || !p->series[s].label[0]) continue;
    PetscCall(TriboPlotGetTextExtent(p->series[s].label, fs, &w, NULL));
    tw = PetscMax(tw, w);
    nl++;
  }
  if (!nl) PetscFunctionReturn(0);
  rowh = th + 3 * fs;
  bw   = 4 * fs + 16 * fs + 4 * fs + tw + 4 * fs;
  bh   = 4 * fs + nl * rowh - 3 * fs + 4 * fs;
  for (int c = 0; c < 9; c++) {
    PetscInt cnt = 0, x0, y0;

    x0 = xpos[c] == 0 ? fr.x0 + inset : (xpos[c] == 2 ? fr.x1 - inset - bw : (fr.x0 + fr.x1 - bw) / 2);
    y0 = ypos[c] == 0 ? fr.y0 + inset : (ypos[c] == 2 ? fr.y1 - inset - bh : (fr.y0 + fr.y1 - bh) / 2);
    for (PetscInt j = PetscMax(y0, fr.y0); j <= PetscMin(y0 + bh, fr.y1); j++)
      for (PetscInt i = PetscMax(x0, fr.x0); i <= PetscMin(x0 + bw, fr.x1); i++) cnt += cv->occ[j * cv->w + i];
    if (bestcnt < 0 || cnt < bestcnt) {
      bestcnt = cnt;
      bx      = (Box){x0, y0, x0 + bw, y0 + bh};
    }
  }
  // the box may stick out of a small frame: clip the drawing to the image
  clip = (Box){PetscMax(bx.x0, 0), PetscMax(bx.y0, 0), PetscMin(bx.x1, cv->w - 1), PetscMin(bx.y1, cv->h - 1)};
  FillBox(cv, bx, 0xffffff, 0.8);
  Outline(cv, bx, 0xcccccc);
  for (PetscInt s = 0, k = 0; s < p->nseries; s++) {
    const TriboPlotSeries *sr = &p->series[s];
    PetscInt               y = bx.y0 + 4 * fs + k * rowh, xs = bx.x0 + 4 * fs;
    double                 yc = y + 3.5 * fs;

    if (!sr->label || !sr->label[0]) continue;
    if (sr->style != TRIBO_PLOT_MARKERS) MaskSegment(cv, clip, xs, yc, xs + 16 * fs, yc, hw);
    if (sr->style != TRIBO_PLOT_LINE) MaskDisc(cv, clip, xs + 8 * fs, yc, mr);
    MaskPaint(cv, clip, SeriesColor(sr, s), PETSC_FALSE);
    PetscCall(Text(cv, xs + 20 * fs, y, fs, 0, sr->label));
    k++;
  }
  PetscFunctionReturn(0);
}

// One panel: grid, data, frame, ticks, labels, title and legend; fr is the frame box in cell
static PetscErrorCode DrawPanel(Canvas *cv, const TriboPlotPanel *p, Box cell, Box fr, Axis *ax, Axis *ay)
{
  PetscInt fs = cv->fs, th, tick = 3 * fs + 1, gap = 3 * fs;
  Box      in = {fr.x0 + 1, fr.y0 + 1, fr.x1 - 1, fr.y1 - 1};
  double   hw = 0.25 + 0.5 * fs, mr = 1.5 + 1.25 * fs; // line half-width, marker radius

  PetscFunctionBeginUser;
  PetscCall(TriboPlotGetTextExtent("0", fs, NULL, &th));
  for (PetscInt pass = 0; pass < 2; pass++) {
    // minor grid on log axes first, in a lighter grey, then the major grid
    const Axis *a[2] = {ax, ay};
    for (int d = 0; d < 2; d++) {
      PetscInt         n = pass ? a[d]->n : (a[d]->log ? a[d]->nminor : 0);
      const PetscReal *t = pass ? a[d]->t : a[d]->minor;
      for (PetscInt k = 0; k < n; k++) {
        PetscInt c = (PetscInt)PetscFloorReal(d ? AxisMap(ay, t[k], fr.y1, fr.y0) : AxisMap(ax, t[k], fr.x0, fr.x1));
        Box      g = d ? (Box){in.x0, c, in.x1, c} : (Box){c, in.y0, c, in.y1};
        if (c > (d ? in.y0 : in.x0) && c < (d ? in.y1 : in.x1)) FillBox(cv, g, pass ? 0xdddddd : 0xf0f0f0, 1);
      }
    }
  }
  PetscCall(PetscArrayzero(cv->occ, cv->w * cv->h));
  for (PetscInt s = 0; s < p->nseries; s++) {
    const TriboPlotSeries *sr   = &p->series[s];
    PetscBool              line = (PetscBool)(sr->style != TRIBO_PLOT_MARKERS), mark = (PetscBool)(sr->style != TRIBO_PLOT_LINE);

    PetscCheck(sr->n >= 0 && (sr->n == 0 || (sr->x && sr->y)), PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "plot series %" PetscInt_FMT " (%s) of panel '%s' has n = %" PetscInt_FMT " but no x or y data", s, sr->label ? sr->label : "unlabelled",
               p->title ? p->title : "", sr->n);
    for (PetscInt i = 0; i < sr->n; i++) {
      PetscBool ok = PointValid(p, sr->x[i], sr->y[i]), prev = (PetscBool)(i > 0 && PointValid(p, sr->x[i - 1], sr->y[i - 1]));
      PetscBool next = (PetscBool)(i + 1 < sr->n && PointValid(p, sr->x[i + 1], sr->y[i + 1]));
      double    X, Y;

      if (!ok) continue; // non-finite points (and non-positive ones on log axes) break the line
      X = AxisMap(ax, AxisValue(ax, sr->x[i]), fr.x0, fr.x1);
      Y = AxisMap(ay, AxisValue(ay, sr->y[i]), fr.y1, fr.y0);
      if (line && prev) MaskSegment(cv, in, AxisMap(ax, AxisValue(ax, sr->x[i - 1]), fr.x0, fr.x1), AxisMap(ay, AxisValue(ay, sr->y[i - 1]), fr.y1, fr.y0), X, Y, hw);
      if (mark)
        MaskDisc(cv, in, X, Y, mr);
      else if (!prev && !next)
        MaskDisc(cv, in, X, Y, hw + 0.5); // an isolated point of a line stays visible
    }
    MaskPaint(cv, in, SeriesColor(sr, s), PETSC_TRUE);
  }
  Outline(cv, fr, 0x000000);
  for (PetscInt k = 0; k < PetscMax(ax->nminor, ay->nminor); k++) { // minor ticks, half as long
    PetscInt c = k < ax->nminor ? (PetscInt)PetscFloorReal(AxisMap(ax, ax->minor[k], fr.x0, fr.x1)) : -1;
    PetscInt r = k < ay->nminor ? (PetscInt)PetscFloorReal(AxisMap(ay, ay->minor[k], fr.y1, fr.y0)) : -1;
    if (c >= 0) FillBox(cv, (Box){c, fr.y1 + 1, c, fr.y1 + tick / 2 + 1}, 0x000000, 1);
    if (r >= 0) FillBox(cv, (Box){fr.x0 - tick / 2 - 1, r, fr.x0 - 1, r}, 0x000000, 1);
  }
  for (PetscInt k = 0; k < ax->n; k++) {
    PetscInt c = (PetscInt)PetscFloorReal(AxisMap(ax, ax->t[k], fr.x0, fr.x1));
    FillBox(cv, (Box){c, fr.y1 + 1, c, fr.y1 + tick}, 0x000000, 1);
    PetscCall(Text(cv, c, fr.y1 + tick + gap, fs, 1, ax->lab[k]));
  }
  for (PetscInt k = 0; k < ay->n; k++) {
    PetscInt r = (PetscInt)PetscFloorReal(AxisMap(ay, ay->t[k], fr.y1, fr.y0));
    FillBox(cv, (Box){fr.x0 - tick, r, fr.x0 - 1, r}, 0x000000, 1);
    PetscCall(Text(cv, fr.x0 - tick - gap, r - (7 * fs) / 2, fs, 2, ay->lab[k]));
  }
  // labels and title stay in the panel's cell, less a margin
  PetscCall(TextFit(cv, (fr.x0 + fr.x1) / 2, fr.y1 + tick + 2 * gap + th, cell.x0 + 4 * fs, cell.x1 - 4 * fs, PETSC_FALSE, PETSC_FALSE, p->xlabel));
  PetscCall(TextFit(cv, (fr.y0 + fr.y1) / 2, fr.x0 - tick - 2 * gap - ay->labw - th, cell.y0 + 4 * fs, cell.y1 - 4 * fs, PETSC_FALSE, PETSC_TRUE, p->ylabel));
  PetscCall(TextFit(cv, (fr.x0 + fr.x1) / 2, fr.y0 - gap - th, cell.x0 + 4 * fs, cell.x1 - 4 * fs, PETSC_FALSE, PETSC_FALSE, p->title));
  PetscCall(DrawLegend(cv, p, fr, hw, mr));
  PetscFunctionReturn(0);
}

// Rank 0's work: lay the panels out in a grid, draw them, write the PNG
static PetscErrorCode TriboPlotRender_Private(const char filename[], PetscInt w, PetscInt h, PetscInt npanels, PetscInt ncols, const TriboPlotPanel panels[], const char title[])
{
  Canvas   cv  = {w, h, 1, NULL, NULL, NULL};
  Axis    *axs = NULL;
  Box     *frs = NULL;
  PetscInt nrows, th, pad, tick, gap, top = 0, cw, ch, *left = NULL, ntl;
  char     tl[2][512];

  PetscFunctionBeginUser;
  PetscCheck(filename && filename[0], PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "plot needs a PNG file name");
  PetscCheck(w >= 64 && h >= 64 && w <= 16384 && h <= 16384, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "plot %s: image size must be 64..16384 pixels each way, got %" PetscInt_FMT " x %" PetscInt_FMT, filename, w, h);
  PetscCheck(npanels >= 1 && panels, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "plot %s needs at least one panel, got %" PetscInt_FMT, filename, npanels);
  ncols = PetscMax(1, PetscMin(ncols, npanels));
  nrows = (npanels + ncols - 1) / ncols;
  cw    = w / ncols;
  ch    = h / nrows;
  // 5x7 glyphs at scale 2 need a cell of a few hundred pixels; smaller cells get scale 1
  cv.fs = (cw >= 360 && ch >= 240) ? 2 : 1;
  pad   = 4 * cv.fs;
  tick  = 3 * cv.fs + 1;
  gap   = 3 * cv.fs;
  PetscCall(TriboPlotGetTextExtent("0", cv.fs, NULL, &th));
  PetscCall(TitleLines(title, w - 2 * pad, cv.fs, tl, &ntl));
  if (ntl) top = pad + ntl * th + (ntl - 1) * gap + pad;
  ch = (h - top) / nrows;
  PetscCall(PetscMalloc1(3 * (size_t)w * h, &cv.rgb));
  PetscCall(PetscCalloc1((size_t)w * h, &cv.mask));
  PetscCall(PetscMalloc1((size_t)w * h, &cv.occ));
  PetscCall(PetscCalloc1(2 * npanels, &axs));
  PetscCall(PetscMalloc1(npanels, &frs));
  PetscCall(PetscCalloc1(ncols, &left));
  memset(cv.rgb, 255, 3 * (size_t)w * h);
  // vertical layout and y ticks first: the widest y tick label sets the left margin of its column
  for (PetscInt k = 0; k < npanels; k++) {
    const TriboPlotPanel *p  = &panels[k];
    PetscInt              y0 = top + (k / ncols) * ch, y1 = y0 + ch - 1;

    PetscCheck(p->nseries >= 0 && (p->nseries == 0 || p->series), PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "plot %s: panel %" PetscInt_FMT " has nseries = %" PetscInt_FMT " but no series", filename, k, p->nseries);
    frs[k].y0 = y0 + pad + ((p->title && p->title[0]) ? th + 2 * gap : gap);
    frs[k].y1 = y1 - pad - ((p->xlabel && p->xlabel[0]) ? th + gap : 0) - th - gap - tick;
    PetscCheck(frs[k].y1 - frs[k].y0 >= 16, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "plot %s: a %" PetscInt_FMT " pixel high image has no room for %" PetscInt_FMT " rows of panels", filename, h, nrows);
    PetscCall(AxisRange(p, PETSC_FALSE, &axs[2 * k + 1]));
    PetscCall(AxisTicks(&axs[2 * k + 1], frs[k].y1 - frs[k].y0, PETSC_FALSE, cv.fs));
    left[k % ncols] = PetscMax(left[k % ncols], pad + ((p->ylabel && p->ylabel[0]) ? th + gap : 0) + axs[2 * k + 1].labw + gap + tick);
  }
  for (PetscInt k = 0; k < npanels; k++) {
    const TriboPlotPanel *p    = &panels[k];
    Box                   cell = {(k % ncols) * cw, top + (k / ncols) * ch, (k % ncols) * cw + cw - 1, top + (k / ncols) * ch + ch - 1};

    frs[k].x0 = (k % ncols) * cw + left[k % ncols];
    frs[k].x1 = (k % ncols) * cw + cw - 1 - pad - 4 * 6 * cv.fs; // room for half of the last x tick label
    PetscCheck(frs[k].x1 - frs[k].x0 >= 16, PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "plot %s: a %" PetscInt_FMT " pixel wide image has no room for %" PetscInt_FMT " columns of panels", filename, w, ncols);
    PetscCall(AxisRange(p, PETSC_TRUE, &axs[2 * k]));
    PetscCall(AxisTicks(&axs[2 * k], frs[k].x1 - frs[k].x0, PETSC_TRUE, cv.fs));
    PetscCall(DrawPanel(&cv, p, cell, frs[k], &axs[2 * k], &axs[2 * k + 1]));
  }
  for (PetscInt l = 0; l < ntl; l++) PetscCall(TextFit(&cv, w / 2, pad + l * (th + gap), pad, w - 1 - pad, PETSC_TRUE, PETSC_FALSE, tl[l]));
  PetscCall(TriboPNGWriteRGB(filename, w, h, cv.rgb));
  PetscCall(PetscFree(left));
  PetscCall(PetscFree(frs));
  PetscCall(PetscFree(axs));
  PetscCall(PetscFree(cv.occ));
  PetscCall(PetscFree(cv.mask));
  PetscCall(PetscFree(cv.rgb));
  PetscFunctionReturn(0);
}

/*@
  TriboPlotPNG - Draws line/marker plots in a grid of panels and writes them as a PNG image.

  Collective

  Input Parameters:
+ comm     - communicator; rank 0 draws and writes, the other ranks only learn whether it worked
. filename - the PNG file (written atomically, see TriboPNGWriteRGB())
. width    - image width in pixels (64..16384; 900 x 700 suits a two-panel figure)
. height   - image height in pixels
. npanels  - number of panels
. ncols    - number of panel columns (<= 0 means 1: panels stacked vertically); row-major order
. panels   - the panels (only rank 0's are read)
- title    - overall title on top, or NULL

  Notes:
  Axis limits are the range of the plotted points with 5% margins (a degenerate range is padded);
  points with a non-finite coordinate, or a non-positive one on a log axis, are skipped and break
  the line. Linear axes get 1-2-2.5-5 ticks, log axes decade ticks (1e-06 ...) with minor ticks;
  tick labels are exact (see TriboPlotFormatTick()). A title too wide for the image is wrapped
  onto two lines; panel titles and axis labels too long for their panel are drawn smaller, and
  elided with "..." if still too long. Series without a label stay out of the legend; color 0
  picks the tab10 palette. When rank 0 fails (bad input, file not writable), every rank returns
  an error.

.seealso: TriboPNGWriteRGB(), TriboPlotDrawText(), TriboPlotFormatTick()
@*/
PetscErrorCode TriboPlotPNG(MPI_Comm comm, const char filename[], PetscInt width, PetscInt height, PetscInt npanels, PetscInt ncols, const TriboPlotPanel panels[], const char title[])
{
  PetscMPIInt    rank;
  PetscErrorCode ierr = 0;
  int            failed;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(comm, &rank));
  if (rank == 0) ierr = TriboPlotRender_Private(filename, width, height, npanels, ncols, panels, title);
  failed = ierr ? 1 : 0;
  PetscCallMPI(MPI_Bcast(&failed, 1, MPI_INT, 0, comm));
  if (rank == 0) PetscCall(ierr);
  PetscCheck(!failed, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "Plot %s was not written: rank 0 failed to draw or write it (see its error message)", filename ? filename : "(null)");
  PetscFunctionReturn(0);
}

/*@
  TriboPlotFormatTick - Formats a tick label the way TriboPlotPNG() labels its axes.

  Not Collective

  Input Parameters:
+ value - the tick value
. step  - the spacing of the ticks on a linear axis, or 0 for a tick on a log axis
- len   - size of buf

  Output Parameter:
. buf - the label

  Notes:
  On a linear axis the label has as many decimals as the step needs (step 2.5 gives 200, 202.5,
  205), so that ticks at multiples of the step print exactly and differently; on a log axis the
  label has the digits the value needs (1e-06, 0.02, 500). Trailing zeros of the fraction are
  dropped and "-0" is written "0". Values whose magnitude (or step) is 1e6 or more, or below 1e-3,
  are written in exponent form (1.5e+06, 2.5e-05). In a plot the form is chosen once per axis.

.seealso: TriboPlotPNG()
@*/
PetscErrorCode TriboPlotFormatTick(PetscReal value, PetscReal step, char buf[], size_t len)
{
  PetscFunctionBeginUser;
  PetscCheck(buf && len > 0, PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "tick label needs a buffer");
  PetscCheck(!PetscIsInfOrNanReal(step), PETSC_COMM_SELF, PETSC_ERR_ARG_OUTOFRANGE, "tick step must be finite, got %g", (double)step);
  FormatTick(value, step, TickExponent(PetscMax(PetscAbsReal(value), step)), buf, len);
  PetscFunctionReturn(0);
}
