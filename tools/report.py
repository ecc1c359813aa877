#!/usr/bin/python3
"""Charts and an HTML/Markdown report from `pkc bench` result files.

usage: tools/report.py [-o OUTDIR] RESULT.json [MORE.json ...] [--raw RAW.csv ...]
                       [--label NAME ...] [--profile DIR] [--provider NAME]
                       [--baseline NAME] [--dpi N] [--charts LIST] [--theory DIR]

Reads JSON files written by `pkc bench --json` (docs/results-format.md) and
writes into OUTDIR (default: the folder of the first file) every chart as PNG
and SVG, report.html (one self-contained page that opens with the key
findings), report.md, and charts.json (a manifest: per chart its kind, axes,
scales and limits, the runs it used, what its intervals mean and the direction
of its ratios; then the key findings). It never measures anything.

A `pkc bench --scenario NAME` run joins the plain run of the same machine, so
one report shows the default suite and the scenarios; each quantity then has
one number (the default run's first, docs/report.md). Files from other
machines (or other plain runs) add a cross-machine chart; `--label` names the
result file in the same position there. A `make flags-study` result
(results/flags-study.json) given among the files adds the compiler-flags
chart; `--profile DIR` (from `pkc bench --profile DIR`) adds the flame
graphs and allocation counts. `--raw` gives the raw-sample CSV (`pkc bench
-r`) of the result file in the same position, for cases whose JSON lacks raw_us.
`--theory DIR` (what `make theory-report` / tools/theory.py wrote: theory.html,
theory.md, summary.json) adds the "Security and attacks" part at the end.

Exit status: 0 report written; 1 report written but a chart failed to draw
(a bug: the report says which); 2 bad usage, or missing/malformed input
(one line `report.py: error: ...` on stderr). A chart whose data are absent is
skipped with a note in the report.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reportlib import cli  # noqa: E402
from reportlib.interp import require_debian_python  # noqa: E402

PROG = "report.py"
require_debian_python(PROG)

from reportlib.data import (InputError, CHART_IDS, FlagsStudy, Profile,  # noqa: E402
                            load_input, group_machines, pick_provider, pick_baseline)

KNOWN_PROVIDERS = ["pkc", "pkc-affine", "pkc-textbook", "pkc-portable", "openssl",
                   "libsecp256k1", "nettle", "mbedtls", "wolfssl", "gcrypt"]


def fail(msg):
    cli.fail(PROG, msg)


class Ctx:
    """What every chart is prepared from."""

    def __init__(self, machines, provider, baseline, flags, profile):
        self.machines = machines
        self.m = machines[0]
        self.store = self.m.store
        self.provider = provider
        self.baseline = baseline
        self.flags = flags
        self.profile = profile
        present = self.store.providers()
        self.provider_order = [p for p in KNOWN_PROVIDERS if p in present] + \
            [p for p in present if p not in KNOWN_PROVIDERS]
        self._store_of = {id(r): m.store for m in machines for r in m.runs}

    def store_of(self, case):
        return self._store_of.get(id(case.run))


def manifest(charts, findings, machines, flags, profile, meta):
    inputs = [r.manifest() for m in machines for r in m.runs]
    inputs += [x.manifest() for x in (flags, profile) if x is not None]
    return {
        "tool": "pkc tools/report.py", "generated": meta["generated"],
        "provider": meta["provider"], "baseline": meta["baseline"], "inputs": inputs,
        "rules": {
            "bars_on_log_axes": "start at a power of ten at or below every bar",
            "ratios": "a time divided by a reference time; > 1 means slower than the "
                      "reference; every ratio chart says '× slower than REFERENCE' or "
                      "'speed-up over REFERENCE'",
            "intervals": "95 % CI of the median, or of the ratio including the reference's "
                         "uncertainty; distributions are box plots (P25-P75, whiskers P5-P95)",
            "one_number_per_quantity": "the default run's measurement, then the scenario "
                                       "runs' in command-line order",
        },
        "charts": [c.manifest() for c in charts], "findings": findings,
    }


def main(argv):
    ap = cli.Parser(prog=PROG, description="Charts, report.html, report.md and charts.json from "
                "pkc bench result files (it only reads them).")
    ap.add_argument("results", nargs="+", metavar="RESULT.json",
                    help="result file written by `pkc bench --json` (or `make flags-study`)")
    ap.add_argument("-o", "--output", metavar="OUTDIR",
                    help="output folder (default: the first result file's folder)")
    ap.add_argument("--raw", action="append", default=[], metavar="RAW.csv",
                    help="raw-sample CSV (`pkc bench -r`) of the result file in the same "
                    "position; may be repeated")
    ap.add_argument("--label", action="append", default=[], metavar="NAME",
                    help="name of the result file in the same position in cross-machine "
                    "charts (default: the file's context.label, else host and date); may be "
                    "repeated")
    ap.add_argument("--profile", metavar="DIR", help="a `pkc bench --profile DIR` folder: "
                    "flame graphs and allocation counts")
    ap.add_argument("--provider", help="provider of the single-provider charts "
                    "(default: pkc)")
    ap.add_argument("--baseline", help="baseline of the provider comparison (default: the "
                    "one the file's ratios use, else pkc)")
    ap.add_argument("--theory", metavar="DIR", help="tools/theory.py's output folder "
                    "(`make theory-report`): the Security and attacks part")
    ap.add_argument("--dpi", type=int, default=150, help="PNG resolution (default 150)")
    ap.add_argument("--charts", metavar="LIST", help="only these charts, e.g. 1,7a,12b "
                    "(default: all)")
    a = ap.parse_args(argv)
    if len(a.raw) > len(a.results):
        fail("%d --raw files for %d result files" % (len(a.raw), len(a.results)))
    if len(a.label) > len(a.results):
        fail("%d --label names for %d result files" % (len(a.label), len(a.results)))
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
        inputs = [load_input(p, i, a.label[i] if i < len(a.label) else None)
                  for i, p in enumerate(a.results)]
        flags = [x for x in inputs if isinstance(x, FlagsStudy)]
        runs = [x for x in inputs if not isinstance(x, FlagsStudy)]
        if len(flags) > 1:
            fail("more than one flags-study file")
        for i, raw in enumerate(a.raw):
            if isinstance(inputs[i], FlagsStudy):
                fail("--raw %s: result file %d is a flags study" % (raw, i + 1))
            inputs[i].attach_raw_csv(raw)
        profile = Profile(a.profile) if a.profile else None
        from reportlib.theory_part import TheoryPart
        theory = TheoryPart(a.theory) if a.theory else None
    except InputError as e:
        fail(e)
    if not runs:
        fail("no `pkc bench` result file among the inputs (a flags study needs one for "
             "the machine's context)")
    machines = group_machines(runs)
    store = machines[0].store
    if not store.cases and not machines[0].scenarios:
        fail("%s: no benchmark case with a number and no scenario summary" % a.results[0])
    provider = pick_provider(store, a.provider)
    if provider is None and (a.provider or store.cases):
        fail("provider %r is not in %s" % (a.provider, a.results[0]))
    baseline = pick_baseline(store, a.baseline)
    if baseline is None and (a.baseline or store.cases):
        fail("baseline %r is not in %s" % (a.baseline, a.results[0]))
    outdir = a.output or os.path.dirname(os.path.abspath(a.results[0]))
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError as e:
        fail("cannot create %s: %s" % (outdir, e.strerror or e))
    if not os.access(outdir, os.W_OK):
        fail("cannot write to %s" % outdir)

    from reportlib import charts, render, findings as fnd  # matplotlib: after the checks
    from reportlib.chart import render as render_chart
    from reportlib.markup import atomic_write
    ctx = Ctx(machines, provider, baseline, flags[0] if flags else None, profile)
    try:
        built = charts.build_all(ctx)
    except InputError as e:
        fail(e)
    if wanted is not None:
        built = [c for c in built if c.cid in wanted]
    for ch in built:
        try:
            render_chart(ch, outdir, a.dpi)
        except OSError as e:
            fail("cannot write chart %s: %s" % (ch.stem, e.strerror or e))
        except Exception as e:  # a bug here must not cost the other charts
            ch.broken = True
            ch.skip = "could not be drawn (report.py bug, please report it: %s: %s)" % (
                type(e).__name__, e)
            ch.files = []
            sys.stderr.write("%s: warning: chart %s: %s: %s\n" % (PROG, ch.cid,
                                                                 type(e).__name__, e))
    found = fnd.compute(built)
    meta = {"generated": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "provider": provider or "—", "baseline": baseline or "—"}
    try:
        render.write_html(os.path.join(outdir, "report.html"), built, machines, meta, outdir,
                          found, theory)
        render.write_md(os.path.join(outdir, "report.md"), built, machines, meta, found,
                        theory, outdir)
        man = manifest(built, found, machines, ctx.flags, profile, meta)
        if theory is not None:
            man["theory"] = theory.manifest()
        atomic_write(os.path.join(outdir, "charts.json"), json.dumps(
            man, indent=1, ensure_ascii=False) + "\n")
    except OSError as e:
        fail("cannot write the report: %s" % (e.strerror or e))
    for c in built:
        if c.broken and c.skip.startswith("could not be prepared"):
            sys.stderr.write("%s: warning: chart %s %s\n" % (PROG, c.cid, c.skip))
    done = [c for c in built if not c.skip]
    try:
        print("%s: %d charts written to %s (report.html, report.md, charts.json); %d "
              "skipped%s" % (PROG, len(done), outdir, len(built) - len(done),
                             "".join("\n  skipped %s %s: %s" % (c.cid, c.title, c.skip)
                                     for c in built if c.skip)))
        sys.stdout.flush()
    except BrokenPipeError:  # `report.py ... | head`: the report is written anyway
        sys.stdout = None
    return 1 if any(c.broken for c in built) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
