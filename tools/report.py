#!/usr/bin/python3
"""Charts and an HTML/Markdown report from `pkc bench` result files.

usage: tools/report.py [-o OUTDIR] RESULT.json [RESULT2.json ...] [--raw RAW.csv ...]
                       [--provider NAME] [--baseline NAME] [--dpi N]

Reads one or more JSON files written by `pkc bench --json` (format:
docs/results-format.md) and writes into OUTDIR (default: the folder of the
first file) every chart as PNG and SVG, report.html (one self-contained page)
and report.md. It never measures anything. Several files (e.g. from different
machines) add a cross-machine chart; a `pkc bench --scenario NAME` run joins
the plain run of the same machine instead, so one report can show the default
suite and the three scenarios. `--raw` gives the raw-sample CSV
(`pkc bench -r`) of the result file in the same position, for cases whose JSON
lacks raw_us.

Exit status: 0 report written; 1 report written but a chart failed to draw
(a bug: the report says which); 2 bad usage, or missing/malformed input
(one line `report.py: error: ...` on stderr). A chart whose data are absent is
skipped with a note in the report.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reportlib.data import (InputError, CHART_IDS, load_run, merge_runs,  # noqa: E402
                            pick_provider, pick_baseline)

PROG = "report.py"
KNOWN_PROVIDERS = ["pkc", "pkc-affine", "pkc-textbook", "openssl", "libsecp256k1", "nettle",
                   "mbedtls", "wolfssl", "gcrypt"]


def fail(msg):
    sys.stderr.write("%s: error: %s\n" % (PROG, " ".join(str(msg).split())))
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    def error(self, message):
        fail(message + " (see --help)")


class Ctx:
    def __init__(self, runs, provider, baseline):
        self.runs = runs
        self.run = runs[0]
        self.provider = provider
        self.baseline = baseline
        present = self.run.providers()
        self.provider_order = [p for p in KNOWN_PROVIDERS if p in present] + \
            [p for p in present if p not in KNOWN_PROVIDERS]


def main(argv):
    ap = Parser(prog=PROG, description="Charts, report.html and report.md from pkc bench "
                "result files (it only reads them).")
    ap.add_argument("results", nargs="+", metavar="RESULT.json",
                    help="result file written by `pkc bench --json`")
    ap.add_argument("-o", "--output", metavar="OUTDIR",
                    help="output folder (default: the first result file's folder)")
    ap.add_argument("--raw", action="append", default=[], metavar="RAW.csv",
                    help="raw-sample CSV (`pkc bench -r`) of the result file in the same "
                    "position; may be repeated")
    ap.add_argument("--provider", help="provider of the single-provider charts "
                    "(default: pkc)")
    ap.add_argument("--baseline", help="baseline of the provider comparison (default: the "
                    "one the file's ratios use, else pkc)")
    ap.add_argument("--dpi", type=int, default=100, help="PNG resolution (default 100)")
    ap.add_argument("--charts", metavar="LIST", help="only these charts, e.g. 1,7a,12b "
                    "(default: all)")
    a = ap.parse_args(argv)
    if len(a.raw) > len(a.results):
        fail("%d --raw files for %d result files" % (len(a.raw), len(a.results)))
    if not 30 <= a.dpi <= 600:
        fail("--dpi must be between 30 and 600")
    wanted = None
    if a.charts is not None:
        wanted = [x.strip() for x in a.charts.split(",") if x.strip()]
        unknown = [x for x in wanted if x not in CHART_IDS]
        if unknown or not wanted:
            fail("--charts: unknown chart %s (known: %s)" % (
                ",".join(unknown) or "list", ",".join(CHART_IDS)))
    try:
        runs = [load_run(p, i) for i, p in enumerate(a.results)]
        for run, raw in zip(runs, a.raw):
            run.attach_raw_csv(raw)
    except InputError as e:
        fail(e)
    runs = merge_runs(runs)
    if not runs[0].cases and not runs[0].scenarios:
        fail("%s: no benchmark case with a number and no scenario summary" % a.results[0])
    provider = pick_provider(runs[0], a.provider)
    if provider is None and (a.provider or runs[0].cases):
        fail("provider %r is not in %s" % (a.provider, a.results[0]))
    baseline = pick_baseline(runs[0], a.baseline)
    if baseline is None and (a.baseline or runs[0].cases):
        fail("baseline %r is not in %s" % (a.baseline, a.results[0]))
    outdir = a.output or os.path.dirname(os.path.abspath(a.results[0]))
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError as e:
        fail("cannot create %s: %s" % (outdir, e.strerror or e))
    if not os.access(outdir, os.W_OK):
        fail("cannot write to %s" % outdir)

    from reportlib import charts, render  # matplotlib is slow to import: after the checks
    ctx = Ctx(runs, provider, baseline)
    built = charts.build_all(ctx)
    if wanted is not None:
        built = [c for c in built if c.cid in wanted]
    for ch in built:
        try:
            charts.render(ch, outdir, a.dpi)
        except OSError as e:
            fail("cannot write chart %s: %s" % (ch.stem, e.strerror or e))
        except Exception as e:  # a bug here must not cost the other charts
            ch.broken = True
            ch.skip = "could not be drawn (report.py bug, please report it: %s: %s)" % (
                type(e).__name__, e)
            ch.files = []
            sys.stderr.write("%s: warning: chart %s: %s: %s\n" % (PROG, ch.cid,
                                                                 type(e).__name__, e))
    meta = {"generated": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "provider": provider or "—", "baseline": baseline or "—"}
    try:
        render.write_html(os.path.join(outdir, "report.html"), built, runs, meta, outdir)
        render.write_md(os.path.join(outdir, "report.md"), built, runs, meta)
    except OSError as e:
        fail("cannot write the report: %s" % (e.strerror or e))
    for c in built:
        if c.broken and c.skip.startswith("could not be prepared"):
            sys.stderr.write("%s: warning: chart %s %s\n" % (PROG, c.cid, c.skip))
    done = [c for c in built if not c.skip]
    try:
        print("%s: %d charts written to %s (report.html, report.md); %d skipped%s" % (
            PROG, len(done), outdir, len(built) - len(done),
            "".join("\n  skipped %s %s: %s" % (c.cid, c.title, c.skip)
                    for c in built if c.skip)))
        sys.stdout.flush()
    except BrokenPipeError:  # `report.py ... | head`: the report is written anyway
        sys.stdout = None
    return 1 if any(c.broken for c in built) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
