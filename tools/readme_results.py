#!/usr/bin/python3
"""Regenerate the README's "What it shows" section from one `make report` run.

usage: tools/readme_results.py [RESULTS_DIR] [--readme README.md]
                               [--image docs/img/collage-overview.png] [--check]

Reads RESULTS_DIR/bench.json and RESULTS_DIR/scenario-*.json (default
RESULTS_DIR: results), picks each number as the report does (one number per
quantity: the default run's first, docs/report.md), and rewrites the section
of README.md between "## What it shows" and the next "## " heading: the
machine, date and command of the run, the table of headline operations (pkc
against OpenSSL and libsecp256k1, ratios as pkc's time / the peer's, × slower
than the peer) and the sentence on RSA against ECC at 128-bit security. It
copies RESULTS_DIR/12a-collage-overview.png to the README's image, so chart
and numbers come from the same run. --check changes nothing and exits 1 when
the README differs from what the run gives.

Exit status: 0 written (or up to date), 1 --check found a difference,
2 bad usage or input (one line on stderr).
"""
import glob
import os
import shutil
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from reportlib import cli  # noqa: E402
from reportlib.data import InputError, load_input, group_machines, Run  # noqa: E402
from reportlib.fmt import fmt_us, fmt_ratio, fmt_date  # noqa: E402

PROG = "readme_results.py"
HEADING = "## What it shows"

# (label, algorithm, param, op, provider kind): kind "pkc" is pkc itself,
# "textbook"/"affine" pkc's variant of that name (whatever its exact spelling).
ROWS = [
    ("RSA-3072 sign (PKCS#1 v1.5, CRT, blinded, constant time)", "RSA", "3072", "sign", "pkc"),
    ("RSA-3072 sign, textbook (no CRT)", "RSA", "3072", "sign", "textbook"),
    ("RSA-3072 verify", "RSA", "3072", "verify", "pkc"),
    ("RSA-3072 key generation", "RSA", "3072", "keygen", "pkc"),
    ("P-256 ECDSA sign", "ECDSA", "secp256r1", "sign", "pkc"),
    ("P-256 ECDSA verify", "ECDSA", "secp256r1", "verify", "pkc"),
    ("P-256 ECDH derive", "ECDH", "secp256r1", "derive", "pkc"),
    ("P-256 key generation", "ECDSA", "secp256r1", "keygen", "pkc"),
    ("secp256k1 ECDSA sign", "ECDSA", "secp256k1", "sign", "pkc"),
    ("secp256k1 ECDSA verify", "ECDSA", "secp256k1", "verify", "pkc"),
    ("secp256k1 ECDH derive", "ECDH", "secp256k1", "derive", "pkc"),
    ("P-256 sign, affine coordinates", "ECDSA", "secp256r1", "sign", "affine"),
]
PEERS = [("openssl", "OpenSSL"), ("libsecp256k1", "libsecp256k1")]


def fail(msg):
    cli.fail(PROG, msg)


def provider_for(store, kind):
    if kind == "pkc":
        return "pkc"
    return next((p for p in store.providers() if p.startswith("pkc-") and kind in p), None)


def machine_line(m):
    c = m.context
    libs = c.get("libraries") or {}
    parts = [str(c.get("cpu_model") or "an unnamed CPU")]
    detail = []
    if c.get("num_cpus"):
        detail.append("%s CPUs" % c["num_cpus"])
    if c.get("mhz_per_cpu"):
        detail.append("%d MHz" % round(c["mhz_per_cpu"]))
    if c.get("compiler"):
        detail.append("%s `%s`" % (c["compiler"], c.get("cflags") or ""))
    if libs.get("openssl"):
        detail.append(libs["openssl"])
    if detail:
        parts.append("(%s)" % ", ".join(detail))
    busy = []
    if c.get("busy") is True:
        busy.append("the benchmark flagged the machine as busy")
    busy += list(c.get("warnings") or [])
    return " ".join(parts), busy


def section(m, image):
    store = m.store
    run = m.run
    where, busy = machine_line(m)
    scen = [r for r in m.runs if r.scenario_run]
    names = []  # each scenario once; a --study run by its study ("kex-amortized/bc2006")
    for r in scen:
        for k in sorted(getattr(r, "scenarios", {}) or {r.context["scenario"]: None}):
            n = "%s (%s study)" % tuple(k.split("/", 1)) if "/" in k else k
            if n not in names:
                names.append(n)
    out = [HEADING, ""] + wrap(
        "From `make report` (the default `pkc bench` suite%s) on %s, %s%s. Medians per "
        "operation; the ratio is pkc's median time over the peer's, measured in the same "
        "interleaved run (× slower than the peer; below 1×: pkc is faster). 128-bit security: "
        "RSA-3072 against P-256 and secp256k1." % (
            " and the %s scenario%s" % (", ".join(names), "s" if len(names) > 1 else "")
            if scen else "",
            where, fmt_date(run.date), " (%s)" % "; ".join(busy) if busy else "")) + [""]
    head = ["operation", "pkc"]
    for _, name in PEERS:
        head += [name, "pkc / " + name]
    out.append("| " + " | ".join(head) + " |")
    out.append("|---|" + "---:|" * (len(head) - 1))
    for label, alg, param, op, kind in ROWS:
        prov = provider_for(store, kind)
        mine = store.get(prov, alg, param, op) if prov else None
        if mine is None:
            continue
        cells = [label, fmt_us(mine.median)]
        for peer, _ in PEERS:
            other = store.get(peer, alg, param, op) if kind == "pkc" else None
            cells += [fmt_us(other.median), fmt_ratio(mine.median / other.median)] if other \
                else ["", ""]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    rs, es = store.get("pkc", "RSA", "3072", "sign"), store.get("pkc", "ECDSA", "secp256r1", "sign")
    rv, ev = store.get("pkc", "RSA", "3072", "verify"), \
        store.get("pkc", "ECDSA", "secp256r1", "verify")
    said = []
    if rs and es:
        said.append("RSA-3072 signing is %s slower than ECDSA P-256 signing" %
                    fmt_ratio(rs.median / es.median) if rs.median >= es.median else
                    "ECDSA P-256 signing is %s slower than RSA-3072 signing" %
                    fmt_ratio(es.median / rs.median))
    if rv and ev:
        said.append("ECDSA P-256 verification is %s slower than RSA-3072's" %
                    fmt_ratio(ev.median / rv.median) if ev.median >= rv.median else
                    "RSA-3072 verification is %s slower than ECDSA P-256's" %
                    fmt_ratio(rv.median / ev.median))
    if said:
        out += wrap("At equal (128-bit) security, with pkc, " + ", while ".join(said) + ". The "
                    "full table, with every provider and confidence intervals, is what `make "
                    "bench` prints; `make report` turns it into charts and a report that opens "
                    "with its key findings ([docs/report.md](docs/report.md)):") + [""]
    out += ["![RSA vs ECC overview](%s)" % image, ""]
    out += wrap("(The overview collage of that same `make report` run, pkc's numbers: summary "
                "heatmap, key generation of every provider, RSA against ECC per security level, "
                "and sign/verify at equal security.)") + [""]
    return "\n".join(out) + "\n"


def wrap(text):
    """The README's paragraphs are wrapped at 78 columns; code spans stay whole."""
    return textwrap.wrap(text, 78, break_long_words=False, break_on_hyphens=False)


def main(argv):
    ap = cli.Parser(prog=PROG, description="Rewrite the README's 'What it shows' "
                                 "from one make report run.")
    ap.add_argument("results", nargs="?", default="results", help="folder of the run "
                    "(default: results)")
    ap.add_argument("--readme", default=os.path.join(HERE, "..", "README.md"))
    ap.add_argument("--image", default="docs/img/collage-overview.png",
                    help="the README's image, relative to the README")
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 on a difference")
    a = ap.parse_args(argv)
    bench = os.path.join(a.results, "bench.json")
    files = [bench] + sorted(glob.glob(os.path.join(a.results, "scenario-*.json")))
    try:
        runs = [load_input(p, i) for i, p in enumerate(files)]
    except InputError as e:
        fail(e)
    runs = [r for r in runs if isinstance(r, Run)]
    if not runs or runs[0].scenario_run:
        fail("%s is not the default run of `make report`" % bench)
    m = group_machines(runs)[0]
    if m.store.get("pkc", "RSA", "3072", "sign") is None:
        fail("%s has no pkc RSA-3072 sign case: not a default `pkc bench` run" % bench)
    collage = os.path.join(a.results, "12a-collage-overview.png")
    if not os.path.isfile(collage):
        fail("%s is missing: run the whole `make report` first" % collage)
    try:
        with open(a.readme, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        fail("%s: %s" % (a.readme, e.strerror or e))
    start = text.find("\n" + HEADING + "\n")
    if start < 0:
        fail("%s has no '%s' section" % (a.readme, HEADING))
    end = text.find("\n## ", start + len(HEADING) + 2)
    new = text[:start + 1] + section(m, a.image) + (text[end + 1:] if end >= 0 else "")
    image = os.path.join(os.path.dirname(os.path.abspath(a.readme)), a.image)
    same_img = os.path.isfile(image) and open(image, "rb").read() == open(collage, "rb").read()
    if a.check:
        if new != text or not same_img:
            print("%s: README.md %s the run in %s" % (
                PROG, "differs from" if new != text else "matches, its image does not match",
                a.results))
            return 1
        print("%s: README.md matches the run in %s" % (PROG, a.results))
        return 0
    try:
        tmp = a.readme + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(new)
        os.replace(tmp, a.readme)
        os.makedirs(os.path.dirname(image), exist_ok=True)
        shutil.copyfile(collage, image)
    except OSError as e:
        fail("cannot write: %s" % (e.strerror or e))
    print("%s: README.md section '%s' and %s rewritten from %s" % (
        PROG, HEADING[3:], a.image, a.results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
