#!/usr/bin/env bash
# rng_analysis.py --report: the summary files, report.md/report.html and the
# five plots per dataset are written, are what they claim to be (PNG
# signatures, parseable JSON/CSV), and the tables carry the verdicts.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must point at the pkc command}

"$PKC" rng -n 20000 -S 5 -o "$T/drbg.csv" && "$PKC" rng -n 20000 -g lcg -S 5 -o "$T/lcg.csv" \
  && "$PKC" rng -m bits -n 20000 -g biased -S 5 -o "$T/biased.csv" || bad "generate"
"$PY" "$SRC/tools/rng_analysis.py" -q --report "$T/rep" "drbg=$T/drbg.csv" "lcg=$T/lcg.csv" \
  "biased=$T/biased.csv" 2>"$T/err" && ok || { bad "report run"; cat "$T/err"; }

for f in report.md report.html summary.txt summary.csv summary.json; do
  [ -s "$T/rep/$f" ] && ok || bad "missing $f"
done
for d in drbg lcg biased; do
  for p in hist_qq autocorr pairs bitfreq cdf; do
    f="$T/rep/plots/$d/$p.png"
    if [ -s "$f" ] && [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; then ok
    else bad "plot $d/$p.png missing or not a PNG"; fi
  done
done
if "$PY" - "$T/rep" <<'EOF'
import csv, json, os, sys
d = sys.argv[1]
j = json.load(open(os.path.join(d, "summary.json")))
names = [x["name"] for x in j["datasets"]]
assert names == ["drbg", "lcg", "biased"], names
by = {x["name"]: x for x in j["datasets"]}
assert by["lcg"]["failures"] >= 5, by["lcg"]["failures"]
assert any(t["test"] == "nist_monobit" and not t["pass"] for t in by["biased"]["tests"])
rows = list(csv.DictReader(open(os.path.join(d, "summary.csv"))))
assert len(rows) == sum(x["tests_run"] for x in j["datasets"])
assert any(r["dataset"] == "lcg" and r["test"] == "pairs_2d" and r["result"] == "FAIL" for r in rows)
md = open(os.path.join(d, "report.md")).read()
assert "| pairs_2d |" in md and "**FAIL**" in md and "plots/lcg/pairs.png" in md
html = open(os.path.join(d, "report.html")).read()
assert '<img src="plots/lcg/pairs.png"' in html and 'class="fail"' in html
assert '<div class="scroll"><table' in html, "tables from the shared reportlib markup"
EOF
then ok; else bad "report contents"; fi

# The plots of bounded data: integer ticks on the k scale (not 0.40 for an
# integer), one tick per lag, the per-bin band behind the histogram's bars.
"$PKC" rng -n 5000 -r 10 -S 5 -o "$T/small.csv" || bad "generate small range"
if "$PY" - "$SRC/tools" "$T/small.csv" "$T/plots" <<'EOF'
import sys
sys.path.insert(0, sys.argv[1])
import rng_analysis as ra
import matplotlib.pyplot as plt
figs = []
plt.Figure.savefig = lambda fig, *a, **k: figs.append(fig)  # keep them to inspect
plt.close = lambda *a: None
ds, vals, bits = ra.analyse("small", sys.argv[2], False, 0.01, None)
assert vals.R == 10, vals.R
ra.make_plots(sys.argv[3], ds, vals, bits, 0.01)
hist = figs[0].axes[0]
figs[0].canvas.draw()
lo, hi = hist.get_xlim()
labels = [t.get_text() for t in hist.get_xticklabels() if lo <= t.get_position()[0] <= hi]
assert labels and all(l.replace(",", "").isdigit() for l in labels), labels
bars = [p for p in hist.patches if p.get_zorder() == 2]
band = [p for p in hist.patches if p.get_zorder() != 2]
assert len(bars) == 10, len(bars)  # one bar per integer of the range
assert band and all(b.get_zorder() > p.get_zorder() for b in bars for p in band), "band over bars"
auto = figs[1].axes[0]
ticks = list(auto.get_xticks())
assert ticks == list(range(1, 21)), ticks
EOF
then ok; else bad "bounded-data plots"; fi

# Started without numpy in reach (here: without site packages), the tool
# re-executes itself with /usr/bin/python3.
"$PY" -S "$SRC/tools/rng_analysis.py" -q --json "$T/s.json" "$T/small.csv" 2>"$T/err" \
  && [ -s "$T/s.json" ] && ok || { bad "re-execution with /usr/bin/python3"; cat "$T/err"; }

finish
