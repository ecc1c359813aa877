#!/usr/bin/env bash
# tools/theory.py on FIXTURES (tests/data/theory/: invented `pkc attack
# --json` files in the shared schema and a `pkc bench --json` file with the
# lab's point-operation cases, written by tests/data/theory/make_fixtures.py;
# not measurements): every figure as a non-trivial PNG; theory.md,
# theory.html, summary.json; the quantum CSV parses and every row has a
# source and a date; the Shor simulation finds period 4 for a = 7 mod 15 and
# factors 15 and 21; the small curve's point count equals a brute-force
# count; the extrapolation unit tests (tests/test_theory_units.py); the
# report embeds the part (tools/report.py --theory); bad input -> exit 2
# with one line on stderr.
set -u
TEST_VERBOSE=1
. "$(dirname "$0")/lib.sh"
THEORY="$SRC/tools/theory.py"
D="$SRC/tests/data/theory"
"$PY" -c 'import numpy, scipy, matplotlib' 2>/dev/null \
  || skip_test "python3-numpy, -scipy or -matplotlib missing (scripts/deps.sh)"

ATT=""
for f in ecdlp-rho ecdlp-bsgs ecdlp-brute ecdlp-ph factor-rho factor-ecm; do
  ATT="$ATT --attack $D/$f.json"
done
out="$T/out"
# shellcheck disable=SC2086
if "$PY" "$THEORY" -o "$out" --dpi 50 --shor 15,21 --seed 3 $ATT --bench "$D/bench-lab.json" \
    >"$T/run.log" 2>"$T/run.err"; then
  ok "theory.py on the fixtures: exit 0"
else
  bad "theory.py on the fixtures: exit $?"; cat "$T/run.err"
fi
for f in T1-quantum-estimates T2-group-law-real T3-curve-fp T4-scalar-mult-steps \
         T5-affine-vs-jacobian T6-ecdlp-extrapolation T7-factoring-extrapolation; do
  if [ -f "$out/$f.png" ] && [ "$(head -c 8 "$out/$f.png" | od -An -tx1 | tr -d ' \n')" = \
      89504e470d0a1a0a ] && [ "$(wc -c <"$out/$f.png")" -gt 10000 ]; then
    ok "$f.png is a PNG of more than 10 kB"
  else
    bad "$f.png missing, not a PNG or trivial"
  fi
done
grep -q "to show how the algorithm works" "$T/run.log" && ok "Shor output says it shows the algorithm" \
  || bad "Shor disclaimer missing"
grep -q "N = 15, a = 7: .*r = 4 (true order of a: 4); factors 3 × 5" "$T/run.log" \
  && ok "Shor: period 4 for a = 7 mod 15, factors 3 × 5" || bad "Shor on 15"
grep -q "N = 21: factored: 21 = 3 × 7" "$T/run.log" && ok "Shor factors 21" || bad "Shor on 21"

"$PY" - "$out" <<'PYEOF' && ok "summary.json: figures, captions with sources, point counts, fits" \
  || bad "summary.json checks"
import json, os, sys
out = sys.argv[1]
s = json.load(open(os.path.join(out, "summary.json")))
figs = {f["id"]: f for f in s["figures"]}
assert sorted(figs) == ["T1", "T2", "T3", "T4", "T5", "T6", "T7"], sorted(figs)
assert not any(f["skipped"] for f in figs.values()), [f["skipped"] for f in figs.values()]
for f in figs.values():
    assert f["caption"] and f["file"], f["id"]
    if f["yscale"] and "log" in f["yscale"]:
        assert "log" in f["caption"], f["id"]          # the log axis is stated
    if f["interval"]:
        assert "95 %" in f["interval"] and "95 %" in f["caption"], f["id"]
t3 = figs["T3"]["facts"]
assert t3["order"] == t3["order_brute"] == t3["order_legendre"], t3
assert t3["orbit_closes"] is True
t1 = figs["T1"]
assert "Gidney" in t1["caption"] and "Roetteler" in t1["caption"] and "Litinski" in t1["caption"]
t6 = figs["T6"]
fits = t6["tables"][0]["rows"]
alpha = {r[0]: float(r[3]) for r in fits if r[3] != "—"}
assert abs(alpha["rho"] - 0.5) < 0.1 and abs(alpha["bsgs"] - 0.5) < 0.1, alpha
assert abs(alpha["brute"] - 1.0) < 0.1, alpha
ext = t6["tables"][1]["rows"]
assert {r[1].split()[0] for r in ext} == {"160", "224", "256", "384", "521"}, ext
assert not any(r[0] == "ph" for r in ext)               # Pohlig-Hellman is not extrapolated
assert "2,700 core-years" in figs["T7"]["caption"] and "Boudot" in figs["T7"]["caption"]
g = figs["T7"]["tables"][-1]["rows"]
assert [r[0] for r in g] == ["1024", "2048", "3072", "4096", "7680", "15360"], g
assert [r[4] for r in g if not r[4].startswith("—")] == ["80", "112", "128", "192", "256"]
assert figs["T5"]["facts"]["counts"]["jac_add"] == {"M": 11, "S": 5, "I": 0}
html = open(os.path.join(out, "theory.html"), encoding="utf-8").read()
assert html.startswith('<section id="security-and-attacks">') and "<html" not in html
assert html.count("data:image/png;base64,") == 7
md = open(os.path.join(out, "theory.md"), encoding="utf-8").read()
assert md.count("](T") == 7
PYEOF

if "$PY" "$SRC/tests/test_theory_units.py" >"$T/units.log" 2>&1; then
  ok "unit tests: extrapolation, L_N, Shor, point counts, op counts, quantum CSV"
else
  bad "unit tests"; tail -20 "$T/units.log"
fi

# The report embeds the part (one bench fixture, two charts to stay fast).
if "$PY" "$SRC/tools/report.py" -o "$T/rep" --dpi 40 --charts 1 "$SRC/tests/fixtures/bench-small.json" \
    --theory "$out" >"$T/rep.log" 2>&1 && grep -q 'id="security-and-attacks"' "$T/rep/report.html" \
    && grep -q '^## Security and attacks' "$T/rep/report.md" \
    && grep -q '"theory"' "$T/rep/charts.json"; then
  ok "report.py --theory: Security and attacks in report.html, report.md, charts.json"
else
  bad "report.py --theory"; cat "$T/rep.log"
fi

# Bad input: exit 2, one line "theory.py: error: ..." on stderr.
bad_input() {
  local what=$1; shift
  "$PY" "$THEORY" -o "$T/bad" --shor 15 "$@" >/dev/null 2>"$T/err"
  local rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q '^theory.py: error: ' "$T/err"; then
    ok "$what: exit 2, one line"
  else
    bad "$what: exit $rc"; cat "$T/err"
  fi
}
bad_input "missing attack file" --attack "$T/none.json"
bad_input "malformed JSON" --attack "$D/malformed.json"
bad_input "instance not in the schema" --attack "$D/wrong-schema.json"
bad_input "missing bench file" --bench "$T/none.json"
printf 'target,family\nRSA-2048,RSA\n' >"$T/q.csv"
bad_input "quantum CSV without its columns" --quantum "$T/q.csv"
bad_input "unknown option" --frobnicate
bad_input "--shor with a prime power" --shor 27
bad_input "--dpi out of range" --dpi 5
if "$PY" "$THEORY" -o "$T/skip" --dpi 40 --shor 15 --skip-bad-attack --attack "$D/malformed.json" \
    --attack "$D/ecdlp-rho.json" >/dev/null 2>"$T/err" && grep -q "warning: left out: .*malformed" "$T/err" \
    && "$PY" -c 'import json,sys; s=json.load(open(sys.argv[1])); f={x["id"]: x for x in s["figures"]}
assert not f["T6"]["skipped"] and f["T5"]["skipped"]' "$T/skip/summary.json"; then
  ok "--skip-bad-attack: a bad file left out with a warning, the good one drawn"
else
  bad "--skip-bad-attack"; cat "$T/err"
fi
"$PY" "$SRC/tools/report.py" -o "$T/rep2" "$SRC/tests/fixtures/bench-small.json" --theory "$T/none" \
  >/dev/null 2>"$T/err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && ok "report.py --theory of a missing folder: exit 2, one line" \
  || { bad "report.py --theory missing: exit $rc"; cat "$T/err"; }
finish
