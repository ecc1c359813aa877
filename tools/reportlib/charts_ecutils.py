"""Charts 20 and 20a-20h: the performance page of the Python library ECUtils
replayed by `pkc bench --scenario ecutils` (bench/scenario_ecutils.c).

Chart 20 is the study's four tables, {Jacobian, affine} coordinates x
{cache off, cache on}, one row per curve (the prime curves, then the binary
ones), its eight columns in its units (µs for point addition and doubling,
ms for the rest), with the note on what differs in kind from the study.
Charts 20a-20h draw one column each: per curve the configurations as points
with their 95 % CIs. The scenario's summary gives the layout (columns,
tables, curves); the numbers come from the benchmark cases (one number per
quantity), the summary's cells only where a case is missing.
"""
import re

import numpy as np
from matplotlib.ticker import FuncFormatter, NullFormatter

from .chart import Chart
from .data import TIME_UNITS_US, curve_label, is_binary_curve, param_sort_key
from .fmt import sig, fmt_ratio
from .stats import median_ci
from .style import (provider_color, provider_marker, provider_hollow, draw_ci, ci_legend_entry,
                    pad_slots, CI_MEDIAN, INTERVAL_MEDIAN)
from .charts_core import curve_tick, sentences

# The study's configurations in its order, and the pkc provider of each.
CONFIGS = [("jacobian", "off", "pkc"), ("jacobian", "on", "pkc-cached"),
           ("affine", "off", "pkc-affine"), ("affine", "on", "pkc-affine-cached")]
COORDS = {"jacobian": "Jacobian", "affine": "affine"}
# One chart per column of the study, by the summary's column keys.
COLUMN_CHARTS = [("20a", "point_add"), ("20b", "point_double"), ("20c", "scalar_mul"),
                 ("20d", "koblitz_encode"), ("20e", "sign"), ("20f", "verify"), ("20g", "dh"),
                 ("20h", "massey_omura")]
STEMS = dict([("20", "20-ecutils-tables")] +
             [(cid, "%s-ecutils-%s" % (cid, key.replace("_", "-"))) for cid, key in COLUMN_CHARTS])
UNIT_SHOWN = {"us": "µs"}
# What "cache on" is in each column (bench/scenario_ecutils.c).
MEMO = ("point_add", "point_double")
POINT_TABLE = ("scalar_mul", "verify", "dh")

NOTE = (
    "C, not Python: ECUtils is a pure-Python library and pkc is compiled C, so every number "
    "here is orders of magnitude (some 10^2 to 10^4 times) smaller than the study's; only "
    "ratios compare with the study, between the columns of a table and between the "
    "configurations, not the values. \"Cache on\" differs in kind between the columns. For "
    "scalar multiplication, signature verification and Diffie–Hellman it is pkc's per-point "
    "precomputed table: the repeated public point's multiples are computed once and reused, "
    "which a library may ship (a peer's key repeats). For point addition and doubling it is a "
    "memo of results of the kind ECUtils keeps: the same two operands again return the stored "
    "result, so the cell times a lookup, not point arithmetic. That memo is not something a "
    "library should ship, and it is measured only to reproduce the study's table: real "
    "callers almost never add the same two points twice (a scalar multiplication's "
    "intermediate points are all new), the memo grows with every call, and whether a lookup "
    "hits depends on the operands, so its time leaks which points were seen. Signature "
    "generation, Koblitz encoding and Massey–Omura have nothing to reuse (a fresh nonce, "
    "message or exponent each time) and run as with the cache off.")


def config_name(t):
    return "%s, cache %s" % (COORDS.get(t["coords"], t["coords"]), t["cache"])


def tick_plain(v, _pos=None):
    """An axis tick in the column's own unit (the unit is in the axis label)."""
    return "%g" % v if v > 0 else ""


def _curve_key(c):
    m = re.search(r"\d+", c)
    return param_sort_key(c, int(m.group()) if m else None)


class Cell:
    def __init__(self, value, ci, case):
        self.value, self.ci, self.case = value, ci, case


class Study:
    """The scenario's layout with one number per cell: the case's median
    (in the column's unit) where the run has the case, else the summary's."""

    def __init__(self, summary, run, store):
        self.run = run
        self.columns = []
        for c in summary["columns"]:
            alg, op = c["case"].split("/")
            self.columns.append(dict(c, alg=alg, op=op, scale=TIME_UNITS_US[c["unit"]],
                                     shown=UNIT_SHOWN.get(c["unit"], c["unit"])))
        order = {(co, ca): i for i, (co, ca, _) in enumerate(CONFIGS)}
        self.tables = sorted(summary["tables"], key=lambda t: order.get(
            (t["coords"], t["cache"]), len(order)))
        present = {(t["coords"], t["cache"]) for t in self.tables}
        self.missing = [(co, ca, p) for co, ca, p in CONFIGS if (co, ca) not in present]
        self.curves = sorted(dict.fromkeys(r["curve"] for t in self.tables for r in t["rows"]),
                             key=_curve_key)
        self.cells = {}  # (table index, curve, column key) -> Cell
        for i, t in enumerate(self.tables):
            rows = {r["curve"]: r for r in t["rows"]}
            for cv in self.curves:
                for col in self.columns:
                    cell = self._cell(store, t["provider"], rows.get(cv) or {}, cv, col)
                    if cell:
                        self.cells[(i, cv, col["key"])] = cell

    @staticmethod
    def _cell(store, provider, row, curve, col):
        case = store.get(provider, col["alg"], curve, col["op"])
        if case:
            ci = median_ci(case)
            return Cell(case.median / col["scale"],
                        (ci[0] / col["scale"], ci[1] / col["scale"]) if ci else None, case)
        v = row.get(col["key"])
        if v is None:
            return None
        ci = row.get(col["key"] + "_ci")
        return Cell(float(v), (min(ci[0], v), max(ci[1], v)) if ci else None, None)

    def column(self, key):
        return next((c for c in self.columns if c["key"] == key), None)

    def use(self, ch, keys):
        """Record on ch the cases of these columns (and the summary it reads)."""
        ch.source(self.run)
        for (_, _, k), cell in sorted(self.cells.items(), key=lambda kv: kv[0][0]):
            if k in keys and cell.case:
                ch.use(cell.case)

    @property
    def reference(self):
        return self.tables[0] if self.tables else None

    def ratios(self, key):
        """[(table index, median over curves of time / reference time, curves)]
        for every configuration but the reference, where both have the cell."""
        out = []
        for i in range(1, len(self.tables)):
            rs = [self.cells[(i, c, key)].value / self.cells[(0, c, key)].value
                  for c in self.curves if (i, c, key) in self.cells and (0, c, key) in self.cells]
            if rs:
                out.append((i, float(np.median(rs)), len(rs)))
        return out

    def missing_note(self):
        if not self.missing:
            return ""
        what = "Cache-on providers" if all(ca == "on" for _, ca, _ in self.missing) else \
            "Configurations"
        return " %s not in this run: %s %s missing." % (
            what, " and ".join("%s (%s)" % (config_name({"coords": co, "cache": ca}), p)
                               for co, ca, p in self.missing),
            "is" if len(self.missing) == 1 else "are")


def _study(ctx, ch):
    s, run = ctx.m.scenarios.get("ecutils", (None, None))
    if not s or not s["tables"] or not s["columns"]:
        ch.skipped("the result files have no ecutils scenario (run `pkc bench --scenario "
                   "ecutils`)")
        return None
    return Study(s, run, ctx.store)


def ratio_text(study, i, r, sep=" "):
    """'affine, cache off: 6.20×', with the inverse beside a ratio below 1
    ('0.500× (Jacobian, cache off 2.00× slower)'); `sep` before the inverse."""
    ref = config_name(study.reference)
    inverse = fmt_ratio(1 / r)
    return "%s: %s%s" % (config_name(study.tables[i]), fmt_ratio(r),
                         "%s(%s %s slower)" % (sep, ref, inverse)
                         if r < 1 and inverse != fmt_ratio(1.0) else "")


# ---------------------------------------------------------------------------
# 20. The four tables
def chart_ecutils_tables(ctx):
    ch = Chart("20", STEMS["20"], "The ECUtils tables: {Jacobian, affine} × {cache off, on}",
               "table")
    st = _study(ctx, ch)
    if st is None:
        return ch
    st.use(ch, [c["key"] for c in st.columns])
    runs = ", ".join(r.name for r in ch.runs())
    heads = ["curve"] + ["%s (%s)" % (c["label"], c["shown"]) for c in st.columns]
    for i, t in enumerate(st.tables):
        rows = [[curve_label(cv)] + [sig(st.cells[(i, cv, c["key"])].value)
                                     if (i, cv, c["key"]) in st.cells else "—"
                                     for c in st.columns] for cv in st.curves]
        ch.tables.append(("%s coordinates, cache %s (provider %s): median time per operation "
                          "in the study's units, from %s" % (
                              COORDS.get(t["coords"], t["coords"]), t["cache"], t["provider"],
                              runs), heads, rows))
    ref = config_name(st.reference)
    ratios = {c["key"]: {i: r for i, r, _ in st.ratios(c["key"])} for c in st.columns}
    msgs = []
    if len(st.tables) > 1:
        ch.tables.append((
            "median over the curves of each configuration's time / %s's time (× slower than "
            "%s; below 1×: faster), from %s" % (ref, ref, runs),
            ["configuration"] + [c["label"] for c in st.columns],
            [[config_name(st.tables[i])] + [fmt_ratio(ratios[c["key"]][i])
                                            if i in ratios[c["key"]] else "—"
                                            for c in st.columns]
             for i in range(1, len(st.tables))]))
        ch.ratio = {"direction": "× slower than %s" % ref, "baseline": ref}
        for i in range(1, len(st.tables)):
            got = [(ratios[c["key"]][i], c["label"]) for c in st.columns if i in ratios[c["key"]]]
            if got:
                lo, hi = min(got), max(got)
                msgs.append("%s takes from %s (%s) to %s (%s) of %s's time" % (
                    config_name(st.tables[i]), fmt_ratio(lo[0]), lo[1], fmt_ratio(hi[0]),
                    hi[1], ref))
    ch.caption = (
        "The performance tables of ECUtils replayed with pkc: one table per configuration "
        "({Jacobian, affine} coordinates × {cache off, cache on}, each a pkc provider), one "
        "row per curve (the prime curves, then the binary ones, each in order of field size), "
        "the study's eight columns in its units (µs for point addition and doubling, ms for "
        "the rest): the median time per operation to 3 significant digits (— where the run "
        "has no number)%s. %s%s %s" % (
            "; the last table gives each configuration's median over the curves as × slower "
            "than %s" % ref if len(st.tables) > 1 else "", NOTE, st.missing_note(),
            sentences(msgs)))
    ch.write = lambda outdir: []  # tables only: nothing to draw
    return ch


# ---------------------------------------------------------------------------
# 20a-20h. One column per chart
def _cache_words(key, label):
    if key in MEMO:
        return ("Cache on here is a memo of results of the kind ECUtils keeps: the same "
                "operands return the stored result, so it times a lookup, not point arithmetic; "
                "measured only to reproduce the study, not something a library should ship "
                "(chart 20 says why).")
    if key in POINT_TABLE:
        return ("Cache on here is pkc's per-point precomputed table: the repeated public "
                "point's multiples are built once and reused (a library feature: a peer's key "
                "repeats).")
    return ("Cache on changes nothing here: %s has nothing to reuse, so cache on and off run "
            "the same code and differ by noise only." % label.lower())


def chart_ecutils_column(ctx, cid, key):
    ch = Chart(cid, STEMS[cid], "ECUtils tables: %s" % key.replace("_", " "), "dot")
    st = _study(ctx, ch)
    if st is None:
        return ch
    col = st.column(key)
    if col is None:
        return ch.skipped("the ecutils scenario has no column %r" % key)
    ch.title = "ECUtils tables: %s (%s) per curve and configuration" % (col["label"],
                                                                       col["shown"])
    curves = [c for c in st.curves if any((i, c, key) in st.cells
                                          for i in range(len(st.tables)))]
    if not curves:
        return ch.skipped("no configuration has a number for %s" % col["label"])
    st.use(ch, [key])
    nbin = sum(1 for c in curves if is_binary_curve(c))
    ref = config_name(st.reference)
    ratios = st.ratios(key)
    lines = [ratio_text(st, i, r) for i, r, _ in ratios]
    wins = {}
    for c in curves:
        here = [i for i in range(len(st.tables)) if (i, c, key) in st.cells]
        best = min(here, key=lambda i: st.cells[(i, c, key)].value)
        wins[best] = wins.get(best, 0) + 1
    msgs = []
    if ratios:
        fast_i, fast_r, n = min(ratios, key=lambda x: x[1])
        fast_i, fast_r = (fast_i, fast_r) if fast_r < 1 else (0, 1.0)
        msgs.append("%s is the fastest configuration (median over the curves%s), fastest on "
                    "%d of %d curves" % (config_name(st.tables[fast_i]), "" if fast_i == 0
                                         else ": %s" % ratio_text(st, fast_i, fast_r),
                                         wins.get(fast_i, 0), len(curves)))
        msgs.append("median over the curves, × slower than %s: %s" % (ref, "; ".join(lines)))
        ch.ratio = {"direction": "× slower than %s" % ref, "baseline": ref}
    else:
        vals = [(st.cells[(0, c, key)].value, c) for c in curves if (0, c, key) in st.cells]
        if vals:
            lo, hi = min(vals), max(vals)
            msgs.append("only %s in this run: %s takes %s %s on %s to %s %s on %s" % (
                ref, col["label"].lower(), sig(lo[0]), col["shown"], lo[1], sig(hi[0]),
                col["shown"], hi[1]))
    ch.facts = {"column": col["label"].lower(), "reference": ref, "curves": len(curves),
                "ratios": [{"config": config_name(st.tables[i]), "text": t}
                           for (i, _, _), t in zip(ratios, lines)],
                "remark": " With the cache on, point addition and doubling are a memo lookup "
                          "of the same operands (as ECUtils measured), not arithmetic."
                          if key in MEMO and any(st.tables[i]["cache"] == "on"
                                                 for i, _, _ in ratios) else ""}
    ch.caption = (
        "Median time of %s per curve (the prime curves, then%s the binary ones) in each "
        "configuration of the ECUtils tables, in the study's unit (%s; points on a log scale; "
        "%s; hollow markers: cache on). %s%s Only ratios compare with the study (C, not "
        "Python: chart 20). %s" % (
            col["label"].lower(), " right of the dashed line" if 0 < nbin < len(curves) else "",
            col["shown"], CI_MEDIAN, _cache_words(key, col["label"]), st.missing_note(),
            sentences(msgs)))
    ch.interval = INTERVAL_MEDIAN
    ch.size = (max(10, 0.6 * len(curves) + 5), 6)

    def draw(ax, compact=False):
        x = np.arange(len(curves))
        n = len(st.tables)
        w = min(0.8 / n, 0.2)
        vals = []
        for k, t in enumerate(st.tables):
            pts = [(x[j] + (k - (n - 1) / 2) * w, st.cells[(k, c, key)])
                   for j, c in enumerate(curves) if (k, c, key) in st.cells]
            if not pts:
                continue
            xs, ys = [p[0] for p in pts], [p[1].value for p in pts]
            cis = [p[1].ci for p in pts]
            vals += ys + [v for ci in cis if ci for v in ci]
            p = t["provider"]
            color = provider_color(p)
            ax.plot(xs, ys, provider_marker(p), ms=6, color=color, mew=1.3, linestyle="none",
                    mfc="none" if provider_hollow(p) else color, zorder=5,
                    label="%s (%s)" % (config_name(t), p))
            draw_ci(ax, xs, ys, cis, color=color)
        ci_legend_entry(ax)
        if 0 < nbin < len(curves):
            ax.axvline(len(curves) - nbin - 0.5, color="0.4", linestyle="--", linewidth=0.8)
        pad_slots(ax.set_xlim, len(curves), 4)
        ax.set_xticks(x)
        many = len(curves) > 10
        ax.set_xticklabels([curve_tick(c) for c in curves], rotation=30 if many else 0,
                           ha="right" if many else "center", fontsize=7 if many else 8)
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(tick_plain))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_ylim(min(vals) / 1.6, max(vals) * 1.6)
        ax.set_ylabel("median time per operation, %s (the study's unit; log scale)"
                      % col["shown"])
        ax.set_xlabel("curve (prime, then binary; each in order of field size)"
                      if nbin else "curve (in order of field size)")
        ax.set_title(ch.title)
        ax.legend(title="configuration (provider)", fontsize=7.5, title_fontsize=8,
                  loc="upper left", bbox_to_anchor=(1.01, 1.0))
        if lines:
            box = [ratio_text(st, i, r, "\n    ") for i, r, _ in ratios]
            ax.text(1.01, 0.0, "\n".join(["median over the curves,", "× slower than %s:" % ref]
                                         + box), transform=ax.transAxes, ha="left",
                    va="bottom", fontsize=7.5, bbox={"boxstyle": "round", "fc": "white",
                                                     "ec": "#cccccc"})
        ax.grid(axis="y", which="major", alpha=0.3)
    ch.draw = draw
    return ch


def _column_builder(cid, key):
    def build(ctx):
        return chart_ecutils_column(ctx, cid, key)
    build.__name__ = "chart_ecutils_" + key
    return build


BUILDERS = [("20", chart_ecutils_tables)] + [(cid, _column_builder(cid, key))
                                             for cid, key in COLUMN_CHARTS]
