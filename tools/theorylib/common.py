"""What the theory modules share: the input error, number formatting,
figure saving."""
import math
import os

import matplotlib
matplotlib.use("Agg")
matplotlib.rcParams["svg.hashsalt"] = "pkc"
import matplotlib.pyplot as plt  # noqa: E402


class InputError(Exception):
    """Missing or malformed input: tools/theory.py exits 2 with one line."""


def sig(x, n=3):
    """x with n significant digits, thousands separated (4,540; 0.000654;
    1.23e+21 beyond 1e15)."""
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "—"
    if x == 0:
        return "0"
    ax = abs(x)
    if ax >= 1e9 or ax < 1e-6:
        return "%.*e" % (n - 1, x)
    digits = n - 1 - int(math.floor(math.log10(ax)))
    v = round(x, digits)
    if digits <= 0:
        return "{:,}".format(int(v))
    return "{:,.{d}f}".format(v, d=digits)


def fmt_seconds(s):
    """A duration in the unit that reads best, 3 significant digits."""
    if s is None or not math.isfinite(s):
        return "—"
    year = 365.25 * 86400
    for unit, size in (("years", year), ("days", 86400.0), ("h", 3600.0), ("min", 60.0),
                       ("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if s >= size:
            return "%s %s" % (sig(s / size), unit)
    return "%s ns" % sig(s / 1e-9)


YEAR_S = 365.25 * 86400


def save(fig, outdir, stem, dpi):
    """PNG (and nothing else: the report embeds PNGs); returns the file name."""
    name = stem + ".png"
    path = os.path.join(outdir, name)
    tmp = os.path.join(outdir, "." + name + ".tmp.png")
    fig.savefig(tmp, dpi=dpi)
    plt.close(fig)
    os.replace(tmp, path)
    return name


class Figure:
    """One figure of the theory part as the report shows it: file, title,
    caption (quantity, scale, direction, interval, sources), tables."""

    def __init__(self, fid, title):
        self.fid = fid
        self.title = title
        self.file = None
        self.caption = ""
        self.interval = None
        self.yscale = None
        self.sources = []
        self.tables = []   # (subtitle, headers, rows)
        self.facts = {}
        self.skip = None
        self.ratio = None

    def manifest(self):
        return {"id": self.fid, "title": self.title, "file": self.file,
                "caption": self.caption, "interval": self.interval, "yscale": self.yscale,
                "sources": self.sources, "skipped": self.skip, "ratio": self.ratio,
                "tables": [{"title": t, "headers": h, "rows": r} for t, h, r in self.tables],
                "facts": self.facts}
