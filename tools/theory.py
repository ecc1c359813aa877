#!/usr/bin/python3
"""The theory, made runnable: quantum cost estimates, Shor's period finding
simulated, curves to look at, affine against Jacobian, and the extrapolation
of `pkc attack` timings (docs/theory.md).

usage: tools/theory.py -o OUTDIR [--attack FILE ...] [--bench BENCH.json]
                       [--quantum CSV] [--src DIR] [--shor LIST] [--seed N]
                       [--dpi N] [--no-figures LIST]

Writes into OUTDIR the figures (PNG), theory.md, theory.html (a fragment
that tools/report.py embeds as its "Security and attacks" part) and
summary.json. --attack takes `pkc attack ecdlp|factor --json` files (the
shared schema); --bench a `pkc bench --json` file with the lab cases
EC/point_add, EC/point_double, EC/field_* of pkc and pkc-affine. Without
them those parts are skipped with a note.

Exit status: 0 written; 2 bad usage or missing/malformed input (one line
`theory.py: error: ...` on stderr).
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reportlib import cli  # noqa: E402
from reportlib.interp import require_debian_python  # noqa: E402

PROG = "theory.py"
require_debian_python(PROG, modules=("numpy", "matplotlib", "scipy"))

from theorylib.common import InputError  # noqa: E402

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_list(text, what):
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        cli.fail(PROG, "%s: expected a comma-separated list of integers" % what)
    if not out:
        cli.fail(PROG, "%s: empty list" % what)
    return out


def say(text):
    """stdout, where `theory.py ... | head` must not end in a traceback."""
    if sys.stdout is None:
        return
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = None


def main(argv):
    ap = cli.Parser(prog=PROG, description="Security-and-attacks figures, tables and texts "
                    "(it reads result files and runs only the Shor simulation).")
    ap.add_argument("-o", "--output", required=True, metavar="OUTDIR")
    ap.add_argument("--attack", action="append", default=[], metavar="FILE",
                    help="`pkc attack ecdlp|factor --json` result file; may be repeated")
    ap.add_argument("--skip-bad-attack", action="store_true", help="leave out an --attack "
                    "file that is missing or outside the schema, with a warning, instead of "
                    "exit 2 (make theory-report: the report is written whatever the lab wrote)")
    ap.add_argument("--bench", metavar="FILE", help="`pkc bench --json` file with the lab "
                    "cases (EC/point_add, EC/point_double, EC/field_*) of pkc and pkc-affine")
    ap.add_argument("--quantum", default=os.path.join(SRC, "data", "quantum_estimates.csv"),
                    metavar="CSV", help="published estimates (default data/quantum_estimates.csv)")
    ap.add_argument("--src", default=SRC, metavar="DIR",
                    help="the source tree whose src/ec/ formulas are counted (default: this one)")
    ap.add_argument("--shor", default="15,21,35,143,323", metavar="LIST",
                    help="odd composites (not prime powers) to factor by the simulation "
                    "(default 15,21,35,143,323)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the simulation's "
                    "measurements and choices of a (default 1)")
    ap.add_argument("--scalar", type=int, default=13, help="k of the step-by-step scalar "
                    "multiplication (default 13)")
    ap.add_argument("--dpi", type=int, default=120, help="PNG resolution (default 120)")
    a = ap.parse_args(argv)
    if not 30 <= a.dpi <= 600:
        cli.fail(PROG, "--dpi must be between 30 and 600")
    shor_ns = parse_list(a.shor, "--shor")
    if any(n > 4096 for n in shor_ns):
        cli.fail(PROG, "--shor: N above 4096 does not fit the simulation in a few seconds")
    if not 2 <= a.scalar <= 90:
        cli.fail(PROG, "--scalar must be between 2 and 90 (below the demo curve's order)")
    from theorylib import attacks, opcount, quantum
    try:
        rows = quantum.load(a.quantum)
        files = []
        for p in a.attack:
            try:
                files.append(attacks.load(p))
            except InputError as e:
                if not a.skip_bad_attack:
                    raise
                sys.stderr.write("%s: warning: left out: %s\n" % (PROG, e))
        bench, run = (opcount.load_bench(a.bench) if a.bench else (None, {}))
        cnt = opcount.counts(a.src)
    except InputError as e:
        cli.fail(PROG, e)
    try:
        os.makedirs(a.output, exist_ok=True)
    except OSError as e:
        cli.fail(PROG, "cannot create %s: %s" % (a.output, e.strerror or e))
    import numpy as np
    from theorylib import curves, output, shor
    rng = np.random.default_rng(a.seed)
    lines = [shor.DISCLAIMER]
    runs = []
    for N in shor_ns:
        try:
            r = shor.factor(N, rng, a=7 if N == 15 else None)
        except ValueError as e:
            cli.fail(PROG, "--shor %d: %s" % (N, e))
        runs.append(r)
        lines += shor.describe(r)
        lines.append("N = %d: %s" % (N, "factored: %d = %d × %d" % (
            N, *r["result"]["factors"]) if r["result"] else "not factored in %d tries" %
            len(r["tries"])))
    say("\n".join(lines))
    figs = [quantum.figure(rows, a.output, a.dpi), curves.figure_real(a.output, a.dpi)]
    E, G, n = curves.demo_curve()
    figs.append(curves.figure_fp(E, G, n, a.output, a.dpi))
    figs.append(curves.figure_scalar(E, G, a.scalar, a.output, a.dpi))
    figs.append(opcount.figure(cnt, bench, run, a.output, a.dpi))
    groups = attacks.group(files)
    fe, _ = attacks.ecdlp_figure(groups, a.output, a.dpi)
    ff, _ = attacks.factor_figure(groups, a.output, a.dpi)
    figs += [fe, ff]
    inputs = {"quantum": a.quantum, "attack": a.attack, "bench": a.bench, "src": a.src,
              "seed": a.seed, "shor": shor_ns}
    try:
        output.write_all(a.output, figs, lines, runs, inputs,
                         time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()))
    except OSError as e:
        cli.fail(PROG, "cannot write to %s: %s" % (a.output, e.strerror or e))
    done = [f for f in figs if not f.skip]
    say("%s: %d figures written to %s (theory.md, theory.html, summary.json); %d skipped%s" % (
        PROG, len(done), a.output, len(figs) - len(done),
        "".join("\n  skipped %s %s: %s" % (f.fid, f.title, f.skip) for f in figs if f.skip)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
