"""A chart of the report: prepared from the data first (numbers, tables, a
caption with the conclusion, the runs it used), then drawn (`draw(ax)` for
single-axes charts, which the collages reuse, or `figure()`), then
described for charts.json from what was actually drawn."""
import os

import matplotlib
from matplotlib.container import BarContainer, ErrorbarContainer
from matplotlib.collections import PolyCollection

from .fmt import fmt_us
from .style import plt, tidy_log_ticks


class Chart:
    def __init__(self, cid, stem, title, kind):
        self.cid = cid            # "1", "7a", ...
        self.stem = stem          # file name without extension
        self.title = title
        self.kind = kind          # bar, dot, line, box, heatmap, collage, flamegraph
        self.caption = ""
        self.tables = []          # [(subtitle or None, headers, rows)]
        self.skip = None          # reason when the data are absent
        self.draw = None          # draw(ax, compact=False)
        self.figure = None        # figure() -> matplotlib Figure
        self.size = (10, 6)
        self.files = []           # written files (basenames)
        self.broken = False       # True when a bug stopped it (exit status 1)
        self.interval = None      # meaning of every interval drawn (style.INTERVAL_*)
        self.ratio = None         # {"direction": "× slower than X", "baseline": X}
        self.cases = []           # the cases whose numbers it shows
        self.sources = []         # files used directly (scenario summaries, flags study)
        self.facts = {}           # numbers the key findings quote, as printed in the chart
        self.html_extra = []      # HTML fragments shown instead of a figure (flame graphs)
        self.write = None         # write(outdir) -> file names, for charts without a figure
        self.axes = []            # filled by render(): what was drawn
        self.texts = []           # every text drawn in the figure
        self.legend = []          # every legend text, the figure's own legends included

    def skipped(self, reason):
        self.skip = reason
        return self

    def use(self, *cases):
        """Record cases whose numbers the chart shows (for its caption's list
        of runs and the table of other measurements); returns the first."""
        for c in cases:
            if c is not None and all(c is not x for x in self.cases):
                self.cases.append(c)
        return cases[0] if cases else None

    def source(self, obj):
        if obj is not None and all(obj is not x for x in self.sources):
            self.sources.append(obj)

    def runs(self):
        """The files it drew from, in the order of the selection rule: plain
        runs, then scenario runs, each in command-line order; other files last."""
        out = []
        for r in [c.run for c in self.cases] + self.sources:
            if r is not None and all(r is not x for x in out):
                out.append(r)
        return sorted(out, key=lambda r: (not hasattr(r, "scenario_run"),
                                          getattr(r, "scenario_run", False),
                                          getattr(r, "index", 0)))

    def manifest(self):
        return {
            "id": self.cid, "stem": self.stem, "title": self.title, "kind": self.kind,
            "skipped": self.skip, "files": self.files, "interval": self.interval,
            "ratio": self.ratio, "runs": [r.manifest() for r in self.runs()],
            "caption": self.caption, "axes": self.axes, "legend": self.legend,
            "facts": self.facts,
        }


def finish(ch, store_of):
    """After a chart is prepared: name its runs in the caption and list the
    quantities it uses that other runs measured too (one number per
    quantity: the report uses the first run's, docs/report.md)."""
    if ch.skip:
        return ch
    runs = ch.runs()
    if runs:
        ch.caption = ch.caption.rstrip() + " Data: " + "; ".join(r.describe() for r in runs) + "."
    rows = []
    for c in ch.cases:
        store = store_of(c)
        others = store.others(c) if store else []
        if others:
            rows.append([c.label, c.provider, "%s (%s)" % (fmt_us(c.median), c.run.name),
                         "; ".join("%s (%s)" % (fmt_us(o.median), o.run.name) for o in others)])
    if rows:
        ch.tables.append(("Measured in more than one run: the chart uses the first (the default "
                          "run, then the scenario runs in command-line order)",
                          ["case", "provider", "median time used (run)",
                           "also measured (run)"], rows))
    return ch


def _bars(ax):
    out = []
    for cont in ax.containers:
        if not isinstance(cont, BarContainer):
            continue
        horizontal = getattr(cont, "orientation", "vertical") == "horizontal"
        for p in cont.patches:
            if horizontal:
                base, tip = p.get_x(), p.get_x() + p.get_width()
            else:
                base, tip = p.get_y(), p.get_y() + p.get_height()
            out.append((horizontal, float(base), float(tip)))
    return out


def describe_axes(fig):
    """What each axes of a drawn figure shows, for charts.json: scales,
    limits, labels, tick labels, legend, texts, bars (their bases and
    tips), and how many interval markers (error bars, bands) it has."""
    out = []
    for ax in fig.axes:
        if not ax.get_visible() or not ax.axison:
            continue
        bars = _bars(ax)
        d = {
            "title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
            "xscale": ax.get_xscale(), "yscale": ax.get_yscale(),
            "xlim": [float(v) for v in ax.get_xlim()], "ylim": [float(v) for v in ax.get_ylim()],
            "xticklabels": [t.get_text() for t in ax.get_xticklabels() if t.get_text()],
            "yticklabels": [t.get_text() for t in ax.get_yticklabels() if t.get_text()],
            "legend": [t.get_text() for t in ax.get_legend().get_texts()]
            if ax.get_legend() else [],
            "texts": [t.get_text() for t in ax.texts],
            "errorbars": sum(1 for c in ax.containers if isinstance(c, ErrorbarContainer)),
            "bands": sum(1 for c in ax.collections if isinstance(c, PolyCollection)),
        }
        if bars:
            horizontal = bars[0][0]
            d["bars"] = {
                "orientation": "horizontal" if horizontal else "vertical",
                "count": len(bars),
                "value_scale": d["xscale"] if horizontal else d["yscale"],
                "value_lim": d["xlim"] if horizontal else d["ylim"],
                "bases": sorted({round(b, 12) for _, b, _ in bars}),
                "tips": [min(t for _, _, t in bars), max(t for _, _, t in bars)],
            }
        out.append(d)
    return out


def render(ch, outdir, dpi):
    """Draw a prepared chart and write its PNG and SVG; returns the file names."""
    if ch.skip:
        return []
    if ch.write:
        ch.files = ch.write(outdir)
        return ch.files
    if ch.figure:
        fig = ch.figure()
    else:
        w, h = ch.size
        fig, ax = plt.subplots(figsize=(min(w, 18), min(h, 40)))
        ch.draw(ax)
        tidy_log_ticks(fig)
        fig.tight_layout()
    names = []
    for ext in ("png", "svg"):
        name = "%s.%s" % (ch.stem, ext)
        tmp = os.path.join(outdir, "." + name + ".tmp")
        fig.savefig(tmp, format=ext, dpi=dpi, metadata={"Date": None} if ext == "svg" else None)
        os.replace(tmp, os.path.join(outdir, name))
        names.append(name)
    ch.axes = describe_axes(fig)  # after saving: tick labels exist only once drawn
    ch.legend = [t.get_text() for lg in fig.legends for t in lg.get_texts()] + \
        [t for ax in ch.axes for t in ax["legend"]]
    ch.texts = [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_text()]
    plt.close(fig)
    ch.files = names
    return names
