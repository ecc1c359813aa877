#!/usr/bin/env bash
# rng_analysis.py --report: the summary files, report.md/report.html and the
# five plots per dataset are written, are what they claim to be (PNG
# signatures, parseable JSON/CSV), and the tables carry the verdicts.
set -u
PKC=${PKC:?PKC must point at the pkc command}
SRC=${SRC:-$(cd "$(dirname "$0")/.." && pwd)}
PY=${PYTHON:-/usr/bin/python3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0
checks=0
ok() { checks=$((checks + 1)); }
bad() { checks=$((checks + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }

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
assert "<img src='plots/lcg/pairs.png'" in html and "class='fail'" in html
EOF
then ok; else bad "report contents"; fi

echo "test_rng_report: $checks checks, $fails failures"
[ $fails -eq 0 ] && [ $checks -gt 0 ]
