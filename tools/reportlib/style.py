"""The look every chart shares, and the drawing rules of docs/report.md made
into functions: bars on a log axis start at a power of ten
(bars_from_decade), intervals are drawn one way with one legend text
(draw_ci), ratio axes say their direction (ratio_axis), providers have a
colour *and* a marker shape."""
import math

import matplotlib
matplotlib.use("Agg")
matplotlib.rcParams["svg.fonttype"] = "none"   # SVG text stays text: small, searchable
matplotlib.rcParams["svg.hashsalt"] = "pkc"    # stable ids: same input, same SVG
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter  # noqa: E402

from .data import is_binary_curve  # noqa: E402
from .fmt import tick_us, tick_ratio  # noqa: E402

PROVIDER_COLORS = {
    "pkc": "#1f77b4", "pkc-affine": "#9ecae1", "pkc-textbook": "#6baed6",
    "pkc-portable": "#c6dbef", "openssl": "#d62728", "libsecp256k1": "#ff7f0e",
    "nettle": "#2ca02c", "mbedtls": "#9467bd", "wolfssl": "#8c564b", "gcrypt": "#7f7f7f",
}
PROVIDER_MARKERS = {
    "pkc": "o", "openssl": "s", "libsecp256k1": "^", "nettle": "D", "mbedtls": "v",
    "wolfssl": "P", "gcrypt": "X", "pkc-affine": "h", "pkc-textbook": "<",
    "pkc-portable": ">",
}
EXTRA_COLORS = ["#e377c2", "#bcbd22", "#17becf", "#393b79", "#637939"]
EXTRA_MARKERS = ["*", "p", "d", "8", "H"]
OP_ORDER = ["keygen", "sign", "sign_pss", "verify", "verify_pss", "encrypt",
            "decrypt", "private", "public", "derive", "point_add", "point_double",
            "scalar_mul", "scalar_mul_base", "field_mul", "field_mul_portable", "field_sqr",
            "field_inv", "hash"]
OP_COLORS = dict(zip(OP_ORDER, plt.get_cmap("tab20").colors[::2] +
                     plt.get_cmap("tab20").colors[1::2]))
RSA_COLOR, RSA_LIGHT = "#c0392b", "#f1948a"
ECC_COLOR, ECC_LIGHT = "#1f618d", "#85c1e9"
SERIES_COLORS = ["#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3",
                 "#8c8c8c", "#ccb974", "#64b5cd"]
SERIES_MARKERS = "osD^v<>PXh*"
FAMILY_ORDER = {"RSA": 0, "ECDSA": 1, "ECDH": 2, "EC": 3}

# The legend texts of the two kinds of interval the report draws (docs/report.md).
CI_MEDIAN = "whiskers: 95 % CI of the median"
CI_RATIO = "whiskers: 95 % CI of the ratio (both medians' uncertainty)"
INTERVAL_MEDIAN = "95 % CI of the median (sign-test interval, coverage >= 95 %)"
INTERVAL_RATIO = ("95 % CI of the ratio of medians, including the baseline's uncertainty "
                  "(bootstrap over both runs' samples)")
INTERVAL_BOX = "distribution: box P25–P75, line median, whiskers P5–P95"


def _extra(p, table, cache):
    if p not in cache:
        cache[p] = table[len(cache) % len(table)]
    return cache[p]


_color_cache, _marker_cache = {}, {}


def _uncached(p, table):
    """The provider a cached variant varies: pkc-affine for pkc-affine-cached
    (when it has a look of its own), else the library (wolfssl-cached)."""
    bare = p[:-len("-cached")] if p.endswith("-cached") else p
    return bare if bare in table else p.split("-")[0]


def provider_color(p):
    if p in PROVIDER_COLORS:
        return PROVIDER_COLORS[p]
    head = _uncached(p, PROVIDER_COLORS)
    if p.endswith("-cached") and head in PROVIDER_COLORS:
        return PROVIDER_COLORS[head]  # a cached variant: its library's colour, hollow marker
    return _extra(p, EXTRA_COLORS, _color_cache)


def provider_marker(p):
    if p in PROVIDER_MARKERS:
        return PROVIDER_MARKERS[p]
    head = _uncached(p, PROVIDER_MARKERS)
    if p.endswith("-cached") and head in PROVIDER_MARKERS:
        return PROVIDER_MARKERS[head]
    return _extra(p, EXTRA_MARKERS, _marker_cache)


def provider_hollow(p):
    """Cached variants are drawn hollow: a labelled variant, not the library's number."""
    return p.endswith("-cached")


def op_color(op):
    return OP_COLORS.get(op, "#444444")


def op_sort_key(op):
    return (OP_ORDER.index(op) if op in OP_ORDER else len(OP_ORDER), op)


def case_sort_key(c):
    # curves: the prime ones, then the binary ones, each by field size
    return (FAMILY_ORDER.get(c.algorithm, 9), c.algorithm, is_binary_curve(c.param),
            c.param_value or 0, c.param, op_sort_key(c.op))


# ---------------------------------------------------------------------------
def decade_floor(v):
    """The largest power of ten <= v."""
    e = math.floor(math.log10(v))
    if 10.0 ** (e + 1) <= v:  # log10 rounding just below an exact power
        e += 1
    return 10.0 ** e


def decade_ceil(v):
    d = decade_floor(v)
    return d if d == v else d * 10


def us_formatter():
    return FuncFormatter(tick_us)


def time_axis(ax, axis="y"):
    """A log axis of times per operation (ticks in ns/µs/ms/s)."""
    a = ax.yaxis if axis == "y" else ax.xaxis
    (ax.set_yscale if axis == "y" else ax.set_xscale)("log")
    a.set_major_formatter(us_formatter())
    a.set_minor_formatter(NullFormatter())


def ratio_axis(ax, axis, lo, hi, label):
    """A log axis of ratios from the data (lo..hi, 1× included) with
    `label`, which must say the direction ("× slower than X" or "speed-up")."""
    lo, hi = min(lo, 1.0), max(hi, 1.0)
    span = math.log10(hi / lo)
    pad = 10 ** max(0.08, 0.08 * span)
    (ax.set_xscale if axis == "x" else ax.set_yscale)("log")
    (ax.set_xlim if axis == "x" else ax.set_ylim)(lo / pad, hi * pad)
    a = ax.xaxis if axis == "x" else ax.yaxis
    a.set_major_formatter(FuncFormatter(tick_ratio))
    a.set_minor_formatter(NullFormatter())
    (ax.set_xlabel if axis == "x" else ax.set_ylabel)(label)
    (ax.axvline if axis == "x" else ax.axhline)(1.0, color="black", lw=1, zorder=1)


def bars_from_decade(ax, pos, values, width, base, horizontal=False, **kw):
    """Bars of `values` on a log axis, all starting at the power of ten
    `base` (<= every value, see bar_base), so their lengths compare."""
    lengths = [v - base for v in values]
    if horizontal:
        return ax.barh(pos, lengths, width, left=base, **kw)
    return ax.bar(pos, lengths, width, bottom=base, **kw)


def bar_base(values):
    """The start of log-axis bars: the power of ten at or below every value."""
    return decade_floor(min(v for v in values if v and v > 0))


def draw_ci(ax, pos, values, cis, horizontal=False, color="black", label=None, **kw):
    """Whiskers for the intervals in `cis` ((lo, hi) or None per point); a
    point without an interval gets none. Returns how many were drawn."""
    pts = [(p, v, ci) for p, v, ci in zip(pos, values, cis) if ci]
    if not pts:
        return 0
    p = [x[0] for x in pts]
    v = [x[1] for x in pts]
    err = [[max(0.0, x[1] - x[2][0]) for x in pts], [max(0.0, x[2][1] - x[1]) for x in pts]]
    args = dict(fmt="none", ecolor=color, elinewidth=0.9, capsize=2.5, zorder=4, label=label)
    args.update(kw)
    if horizontal:
        ax.errorbar(v, p, xerr=err, **args)
    else:
        ax.errorbar(p, v, yerr=err, **args)
    return len(pts)


def ci_legend_entry(ax, text=CI_MEDIAN):
    """A legend line for the whiskers' meaning (an empty errorbar)."""
    ax.errorbar([], [], yerr=[], fmt="none", ecolor="black", capsize=2.5, label=text)


def tidy_log_ticks(fig):
    """Log axes spanning under two decades get ticks at 1-2-5 (or every integer)
    times the powers of ten, so they never show a single labelled tick."""
    for ax in fig.axes:
        for axis, scale, lim in ((ax.xaxis, ax.get_xscale(), ax.get_xlim()),
                                 (ax.yaxis, ax.get_yscale(), ax.get_ylim())):
            if scale != "log" or min(lim) <= 0 or \
                    not isinstance(axis.get_major_locator(), LogLocator):
                continue  # explicit ticks (e.g. the RSA sizes) stay
            span = abs(math.log10(lim[1] / lim[0]))
            if span < 0.8:
                axis.set_major_locator(LogLocator(base=10, subs=tuple(range(1, 10))))
            elif span < 3.0:
                axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))


def panel_grid(n, panel_w, panel_h, extra_h=0.6, min_w=0):
    """A figure of n panels in rows of up to three: (figure, [n axes]); the
    cells left over in the last row are hidden."""
    ncols = min(3, n)
    nrows = int(math.ceil(n / ncols))
    fig, axes = plt.subplots(nrows, ncols, figsize=(max(min_w, panel_w * ncols),
                                                    panel_h * nrows + extra_h), squeeze=False)
    flat = list(axes.flat)
    for ax in flat[n:]:
        ax.set_visible(False)
    return fig, flat[:n]


def pad_slots(set_lim, n, slots=3):
    """Keep bars of a chart with few groups from filling the whole panel."""
    extra = max(0, slots - n) / 2.0
    set_lim(-0.6 - extra, n - 0.4 + extra)


def label_at(ax, x, y, text, horizontal=False, fontsize=7, **kw):
    """A value label just past a bar's tip or a point, offset in points so it
    stays attached to it on any axis scale."""
    if horizontal:
        ax.annotate(text, (x, y), xytext=(4, 0), textcoords="offset points", va="center",
                    ha="left", fontsize=fontsize, annotation_clip=False, **kw)
    else:
        ax.annotate(text, (x, y), xytext=(0, 3), textcoords="offset points", va="bottom",
                    ha="center", fontsize=fontsize, annotation_clip=False, **kw)
