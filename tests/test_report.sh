#!/usr/bin/env bash
# tools/report.py on the fixture result files (tests/fixtures/, invented
# numbers in the documented formats: bench-v2.json with every field the
# rewritten `pkc bench` adds, the others in the older format, flags-study.json,
# profile/): every chart as a valid PNG and SVG; a report.html that parses,
# opens with key findings linked to their charts, embeds and links every
# chart and loads nothing from outside; a report.md; charts.json, from which
# tests/fixtures/check_report.py checks the rules of docs/report.md (bars on
# log axes from a power of ten, ratio directions, interval meanings, runs
# named, every number of a finding in its chart); one number per quantity
# when runs overlap; charts without data skipped with a note; malformed input
# -> exit 2 with one line on stderr; another interpreter -> re-executed.
set -u
TEST_VERBOSE=1
. "$(dirname "$0")/lib.sh"
REPORT="$SRC/tools/report.py"
FX="$SRC/tests/fixtures"
CHECK="$FX/check_report.py"
csv_list() { echo "$@" | tr -s ' \n' ',' | sed 's/^,//; s/,$//'; }

CORE="01-heatmap 02-keygen 03-sign-verify 04-ecc-vs-rsa 05-rsa-scaling 06-ecc-by-curve
07a-distributions-rsa 07b-distributions-ecc 08a-affine-vs-jacobian 08b-crt-vs-textbook
09-providers 10-kex-amortized 11-message-size 12a-collage-overview 12b-collage-detail
14-fastest 16-size-sweep"
NEW="15-binary-vs-prime 17-thread-scaling 18-flags-study"

# 1. Two machines in the older format: every chart of that data, the
#    cross-machine one included, labelled with --label.
out="$T/full"
if "$PY" "$REPORT" -o "$out" --dpi 50 --label "machine A" --label "machine B" "$FX/bench-small.json" \
    "$FX/bench-machine2.json" >"$T/full.log" 2>&1; then
  ok "two result files (older format): exit 0"
else
  bad "two result files: exit $?"; cat "$T/full.log"
fi
if "$PY" "$CHECK" html "$out" present="$(csv_list $CORE 13-cross-machine)" \
    absent="$(csv_list $NEW)" skipped=15,17,18,19 findings=some; then
  ok "every chart as PNG+SVG; report.html opens with linked findings, embeds and links them"
else
  bad "full report checks"
fi
if "$PY" "$CHECK" manifest "$out" findings=some; then
  ok "charts.json: bars from powers of ten, directions, intervals, runs, findings in charts"
else
  bad "manifest rules (older format)"
fi
"$PY" "$CHECK" numbers "$out" && ok "3 significant digits, 'median time' headers" \
  || bad "number formatting"
"$PY" - "$out/charts.json" <<'EOF' && ok "chart 13 names the runs by --label, every shared case" \
  || bad "chart 13 labels"
import json, sys
m = json.load(open(sys.argv[1]))
c = next(c for c in m["charts"] if c["id"] == "13")
ax = c["axes"][0]
assert any("machine B" in t for t in ax["legend"]), ax["legend"]
assert "machine A" in ax["xlabel"], ax["xlabel"]
assert len(ax["yticklabels"]) > 40, len(ax["yticklabels"])  # every shared case, not three
assert sum(t.endswith("×") for t in ax["texts"]) == len(ax["yticklabels"]), "labels on bars"
EOF
grep -q "signature did not verify" "$out/report.html" \
  && ok "a failed case (error_occurred) is listed, not drawn" || bad "failed case not listed"

# 2. Every field of the rewritten `pkc bench`, a flags study and a profile
#    (the collages were drawn in 1: left out to keep the test fast).
out="$T/v2"
NOCOLLAGE=$(echo $CORE | tr ' ' '\n' | grep -v collage)
if "$PY" "$REPORT" -o "$out" --dpi 50 --charts 1,2,3,4,5,6,7a,7b,8a,8b,9,10,11,14,15,16,17,18,19 \
    --profile "$FX/profile" "$FX/bench-v2.json" "$FX/flags-study.json" >"$T/v2.log" 2>&1; then
  ok "new-format file + flags study + profile: exit 0"
else
  bad "new-format file: exit $?"; cat "$T/v2.log"
fi
"$PY" "$CHECK" html "$out" present="$(csv_list $NOCOLLAGE $NEW)" absent=13-cross-machine \
  findings=some && ok "new format: every chart, 15-19 included" || bad "new format"
"$PY" "$CHECK" manifest "$out" findings=some && ok "new format: charts.json rules" \
  || bad "new format: manifest rules"
"$PY" "$CHECK" numbers "$out" && ok "new format: number formatting" || bad "new format numbers"
"$PY" - "$out" <<'EOF' && ok "flame graphs inline with tooltips, allocation table, new context" \
  || bad "flame graphs / context"
import os, re, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
for n in (1, 2):  # one from the profile's SVG, one drawn from folded stacks only
    root = ET.parse(os.path.join(out, "19-flame-%d.svg" % n)).getroot()
    titles = [e.text for e in root.iter() if e.tag.endswith("title")]
    assert any("samples" in t and "%" in t for t in titles), titles[:3]
html = open(os.path.join(out, "report.html"), encoding="utf-8").read()
sec = re.search(r'<section id="chart-19">(.*?)</section>', html, re.S).group(1)
assert sec.count("<svg") == 2 and "<title>" in sec, "inline flame graphs"
assert "LD_PRELOAD counter" in sec and "3,460" in sec, "allocation table"
assert "present: aes" in html and "kvm" in html, "cpu_flags, virtualization"
assert "Measurement conditions" in html and "load average 2.10" in html, "busy warning"
assert "descheduled" in html
md = open(os.path.join(out, "report.md"), encoding="utf-8").read()
find = md.split("## Key findings", 1)[1].split("\n## ", 1)[0]
assert "wolfssl-cached" not in find, "a cached variant among the findings"
assert "wolfssl-cached" in md, "cached variant not shown as a variant"
assert "mean" in md and "P90" in md and "distinct keys" in md, "keygen: mean, P90, keys"
EOF

# 3. One number per quantity: a scenario run that measured RSA-3072 key
#    generation again (and summarised it differently) does not change the
#    number any chart shows; the table under the chart lists it.
"$PY" - "$FX/bench-small.json" "$T" <<'EOF'
import copy, json, sys
d = json.load(open(sys.argv[1]))
plain = copy.deepcopy(d)
del plain["scenarios"]
json.dump(plain, open(sys.argv[2] + "/plain.json", "w"))
sc_cases = [dict(b, scenario="security-levels") for b in d["benchmarks"]
            if b["provider"] == "pkc" and b["param"] in ("3072", "secp256r1")]
for b in sc_cases:
    if b["algorithm"] == "RSA" and b["op"] == "keygen":
        b["median"] = b["real_time"] = round(b["median"] * 1.5, 3)
        b["raw_us"] = [v * 1.5 for v in b["raw_us"]]
rows = [dict(r, rsa_us=r["rsa_us"] * 1.7) for r in d["scenarios"]["security-levels"]
        if r["rsa_us"] is not None]
sc = {"context": dict(d["context"], scenario="security-levels",
                      command_line="pkc bench --scenario security-levels"),
      "benchmarks": sc_cases, "scenarios": {"security-levels": rows}}
json.dump(sc, open(sys.argv[2] + "/levels.json", "w"))
sc2 = {"context": dict(d["context"], scenario="kex-amortized"),
       "benchmarks": [dict(b, scenario="kex-amortized") for b in d["benchmarks"]
                      if b["algorithm"] in ("ECDH", "RSA") and b["param"] in ("secp256r1", "3072")],
       "scenarios": {"kex-amortized": d["scenarios"]["kex-amortized"]}}
json.dump(sc2, open(sys.argv[2] + "/kex.json", "w"))
m2 = json.load(open(sys.argv[1].replace("bench-small", "bench-machine2")))
json.dump(dict(sc2, context=dict(m2["context"], scenario="kex-amortized")),
          open(sys.argv[2] + "/kex-m2.json", "w"))
EOF
out="$T/one"
if "$PY" "$REPORT" -o "$out" --charts 1,2,4 "$T/levels.json" "$T/plain.json" >"$T/one.log" 2>&1 \
    && "$PY" - "$out/report.md" "$FX/bench-small.json" <<'EOF'
import json, re, sys
sys.path.insert(0, sys.argv[2].rsplit("/tests/", 1)[0] + "/tools")
from reportlib.fmt import fmt_us
md = open(sys.argv[1], encoding="utf-8").read()
d = json.load(open(sys.argv[2]))
want = fmt_us(next(b["median"] for b in d["benchmarks"] if b["name"] == "pkc/RSA/3072/keygen"))
other = fmt_us(1.5 * next(b["median"] for b in d["benchmarks"]
                          if b["name"] == "pkc/RSA/3072/keygen"))
def section(cid):
    return md.split('<a id="chart-%s"></a>' % cid, 1)[1].split("<a id=", 1)[0]
assert "| RSA-3072 (128-bit) | %s |" % want in section("1"), "heatmap"
assert "| RSA-3072 | pkc | %s |" % want in section("2"), "keygen chart"
assert re.search(r"\| 128 \| RSA-3072 \| secp256r1 \| keygen \| %s \|" % re.escape(want),
                 section("4")), "ratio chart"
for cid in ("1", "2", "4"):
    s = section(cid)
    assert "Measured in more than one run" in s and other + " (levels.json)" in s, cid
    assert "plain.json" in s and "levels.json" in s, "caption names the runs"
EOF
then
  ok "one number per quantity: the default run's, the scenario's listed under the chart"
else
  bad "one number per quantity"; cat "$T/one.log"
fi

# 4. No scenarios, one file: scenario charts and the cross-machine chart are
#    skipped with a note; the ECC/RSA ratios come from the plain cases.
out="$T/nosc"
if "$PY" "$REPORT" -o "$out" --charts 4,10,11,13 "$FX/bench-noscenario.json" \
    >"$T/nosc.log" 2>&1 && "$PY" "$CHECK" html "$out" present=04-ecc-vs-rsa \
    absent=10-kex-amortized,11-message-size,13-cross-machine skipped=10,11,13 findings=some \
    && grep -q "NIST SP 800-57 pairs of the benchmark cases" "$out/report.md"; then
  ok "no scenarios: 10, 11, 13 skipped with a note, 4 drawn from the plain cases"
else
  bad "no-scenario checks"; cat "$T/nosc.log"
fi

# 5. A `pkc bench --scenario` run of the same machine joins the plain run
#    (no cross-machine chart); one of another machine does not. Chart 10
#    marks no crossover where ECDH is cheaper at every N.
out="$T/merge"
if "$PY" "$REPORT" -o "$out" --charts 10,13 "$T/plain.json" "$T/kex.json" >"$T/merge.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" present=10-kex-amortized absent=13-cross-machine skipped=13 \
    && grep -q "scenario run: kex-amortized" "$out/report.html" \
    && grep -q "at every N, no crossover" "$out/report.md" \
    && "$PY" - "$out/charts.json" <<'EOF'
import json, sys
c = next(c for c in json.load(open(sys.argv[1]))["charts"] if c["id"] == "10")
assert not any("crossover" in t for t in c["legend"]), "a star where nothing crosses"
EOF
then
  ok "scenario run of the same machine merged; no false crossover star"
else
  bad "merging a scenario run"; cat "$T/merge.log"
fi
out="$T/merge2"
if "$PY" "$REPORT" -o "$out" --charts 10 "$T/plain.json" "$T/kex-m2.json" >"$T/merge2.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" absent=10-kex-amortized skipped=10 findings=none; then
  ok "scenario run of another machine kept apart"
else
  bad "scenario run of another machine"; cat "$T/merge2.log"
fi

# 5b. A `--scenario kex-amortized --study bc2006` run: chart 10b with the
#     study's table (every cell), one panel per size, a crossover star only
#     where the totals cross (size 1 here) and "no crossover" where ECDH is
#     cheaper at every N (sizes 2 and 3); chart 10 keeps the default run.
"$PY" - "$T/kex.json" "$T/bc2006.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
sizes = [{"curve": "secp192r1", "x962_name": "prime192v1", "field_bits": 192, "rsa_bits": 1280},
         {"curve": "prime239v1", "x962_name": "prime239v1", "field_bits": 239, "rsa_bits": 1536},
         {"curve": "secp256r1", "x962_name": "prime256v1", "field_bits": 256, "rsa_bits": 1792}]
# (keygen, per exchange) in us. The chart takes the cases where the runs have
# them (plain.json's ECDH secp192r1 and secp256r1), the summary elsewhere:
# RSA-1280's 20 us per exchange is below any ECDH's, so size 1 crosses
terms = {"ECDH": [(500.0, 700.0), (30.0, 250.0), (25.0, 200.0)],
         "RSA": [(9000.0, 20.0), (20000.0, 400.0), (30000.0, 500.0)]}
grid = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2500]
rows = []
for alg, ts in terms.items():
    for z, (kg, px) in zip(sizes, ts):
        scheme = ("ECDH " + z["curve"]) if alg == "ECDH" else "RSA-%d OAEP" % z["rsa_bits"]
        rows += [{"scheme": scheme, "provider": "pkc", "n": n, "keygen_us": kg,
                  "per_exchange_us": px, "total_us": kg + n * px} for n in grid]
table = [{"provider": "pkc", "algorithm": alg, "n": n, "total_us": [kg + n * px for kg, px in ts]}
         for alg, ts in terms.items() for n in (1, 100, 500, 2500)]
bc = {"context": dict(d["context"], scenario="kex-amortized",
                      command_line="pkc bench --scenario kex-amortized --study bc2006"),
      "benchmarks": [],
      "scenarios": {"kex-amortized": {"rows": rows, "crossover": [], "study": {
          "name": "bc2006", "title": "BouncyCastle 2006", "n": [1, 100, 500, 2500],
          "sizes": sizes, "table": table}}}}
json.dump(bc, open(sys.argv[2], "w"))
EOF
out="$T/bc2006"
if "$PY" "$REPORT" -o "$out" --charts 10,10b "$T/plain.json" "$T/kex.json" "$T/bc2006.json" \
    >"$T/bc.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" present=10-kex-amortized,10b-kex-bc2006 \
    && "$PY" - "$out" <<'EOF'
import json, os, sys
sys.path.insert(0, os.path.join(os.environ["SRC"], "tools"))
from reportlib.fmt import fmt_us
out = sys.argv[1]
md = open(out + "/report.md", encoding="utf-8").read()
sec = md.split('<a id="chart-10b"></a>', 1)[1].split("<a id=", 1)[0]
# every cell of the study's table
for alg, ts in (("ECDH", [(500, 700), (30, 250), (25, 200)]),
                ("RSA", [(9000, 20), (20000, 400), (30000, 500)])):
    for n, nf in ((1, "1"), (100, "100"), (500, "500"), (2500, "2,500")):
        want = "| pkc | %s | %s | %s |" % (alg, nf, " | ".join(fmt_us(kg + n * px) for kg, px in ts))
        assert want in sec, want
assert "| pkc | prime192v1 / RSA-1280 | crossover at N ≈ " in sec, "size 1 crosses"
assert "| pkc | prime239v1 / RSA-1536 | no crossover: ECDH is cheaper at every N |" in sec
assert "| pkc | prime256v1 / RSA-1792 | no crossover: ECDH is cheaper at every N |" in sec
c = next(c for c in json.load(open(out + "/charts.json"))["charts"] if c["id"] == "10b")
assert len(c["axes"]) == 3, len(c["axes"])
marks = [ax for ax in c["axes"] if any("crossover" in t for t in ax["legend"])]
assert len(marks) == 1 and "size 1" in marks[0]["title"], [ax["title"] for ax in c["axes"]]
# chart 10 is still the default run's (secp256r1 / secp256k1 against RSA-3072)
c10 = md.split('<a id="chart-10"></a>', 1)[1].split("<a id=", 1)[0]
assert "RSA-3072" in c10 and "RSA-1280" not in c10
EOF
then
  ok "bc2006 study: chart 10b, the table's cells, a star only where the totals cross"
else
  bad "bc2006 study chart"; cat "$T/bc.log"
fi
# without the study run, chart 10b is skipped with the command that makes it
out="$T/nobc"
if "$PY" "$REPORT" -o "$out" --charts 10b "$T/plain.json" "$T/kex.json" >"$T/nobc.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" absent=10b-kex-bc2006 skipped=10b findings=none \
    && grep -q -- "--study bc2006" "$out/report.md"; then
  ok "no bc2006 run: chart 10b skipped with the command"
else
  bad "chart 10b without its run"; cat "$T/nobc.log"
fi
# 5b. The ECUtils tables (`pkc bench --scenario ecutils`, joined to the plain
#     run of its machine): chart 20 (the four tables, the note on C against
#     Python and on the two kinds of "cache on") and one chart per column
#     (20a-20h), by the rules; the cases the plain run measured too come
#     from the plain run; a run without the cache-on providers says so.
ECU="20a-ecutils-point-add 20b-ecutils-point-double 20c-ecutils-scalar-mul
20d-ecutils-koblitz-encode 20e-ecutils-sign 20f-ecutils-verify 20g-ecutils-dh
20h-ecutils-massey-omura"
ECU_IDS=20,20a,20b,20c,20d,20e,20f,20g,20h
out="$T/ecutils"
if "$PY" "$REPORT" -o "$out" --dpi 50 --charts $ECU_IDS "$FX/bench-small.json" \
    "$FX/scenario-ecutils.json" >"$T/ecutils.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" present="$(csv_list $ECU)" absent=20-ecutils-tables \
    findings=some && "$PY" "$CHECK" manifest "$out" findings=some \
    && "$PY" "$CHECK" numbers "$out"; then
  ok "ECUtils: chart 20 (tables) and 20a-20h drawn by the rules, with findings"
else
  bad "ECUtils charts"; cat "$T/ecutils.log"
fi
"$PY" - "$out" "$FX" "$SRC/tools" <<'EOF' \
  && ok "ECUtils: four tables (µs, ms), prime curves then binary, a null cell, the note in report.html and .md, the plain run's numbers" \
  || bad "ECUtils tables"
import json, os, sys
out, fx = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
from reportlib.fmt import sig
m = {c["id"]: c for c in json.load(open(os.path.join(out, "charts.json")))["charts"]}
c20 = m["20"]
assert not c20["skipped"] and c20["kind"] == "table" and c20["files"] == [], c20["skipped"]
assert c20["ratio"]["direction"] == "× slower than Jacobian, cache off", c20["ratio"]
md = open(os.path.join(out, "report.md"), encoding="utf-8").read()
html = open(os.path.join(out, "report.html"), encoding="utf-8").read()
sec = md.split('<a id="chart-20"></a>', 1)[1].split("<a id=", 1)[0]
for t in ("Jacobian coordinates, cache off (provider pkc)",
          "Jacobian coordinates, cache on (provider pkc-cached)",
          "affine coordinates, cache off (provider pkc-affine)",
          "affine coordinates, cache on (provider pkc-affine-cached)"):
    assert t in sec, t
assert "| curve | Point addition (µs) | Point doubling (µs) | Scalar multiplication (ms) |" in sec
for text in ("C, not Python", "orders of magnitude", "per-point precomputed table",
             "memo of results of the kind ECUtils keeps", "not something a library should ship"):
    assert text in sec and text in html, text
assert "not in this run" not in sec
rows = [l.split(" | ")[0].lstrip("| ") for l in sec.splitlines() if l.startswith("| sec")]
assert rows[:4] == ["secp192r1 (P-192)", "secp256r1 (P-256)", "secp384r1 (P-384)",
                    "sect233k1 (K-233)"], rows[:4]
aff_on = sec.split("affine coordinates, cache on", 1)[1].split("\n*", 1)[0]
k233 = next(l for l in aff_on.splitlines() if l.startswith("| sect233k1"))
assert k233.split(" | ")[4] == "—", k233  # Koblitz encoding: no number in the run
# one number per quantity: pkc's P-256 signature from bench-small.json, in ms
small = {b["name"]: b for b in json.load(open(os.path.join(fx, "bench-small.json")))["benchmarks"]}
want = sig(small["pkc/ECDSA/secp256r1/sign"]["median"] / 1000)
p256 = next(l for l in sec.split("cache on (provider pkc-cached)")[0].splitlines()
            if l.startswith("| secp256r1"))
assert p256.split(" | ")[5] == want, (p256, want)
for cid in ("20a", "20b", "20c", "20d", "20e", "20f", "20g", "20h"):
    c = m[cid]
    leg = c["axes"][0]["legend"]
    assert sum("cache" in t for t in leg) == 4, (cid, leg)
    assert c["ratio"]["direction"] == "× slower than Jacobian, cache off", cid
    assert "sect233k1" in " ".join(c["axes"][0]["xticklabels"]), cid
assert "memo" in m["20a"]["caption"] and "per-point precomputed table" in m["20f"]["caption"]
assert "nothing to reuse" in m["20e"]["caption"]
find = md.split("## Key findings", 1)[1].split("\n## ", 1)[0]
assert "ECUtils tables, scalar multiplication" in find and "memo lookup" in find, find
EOF
"$PY" - "$FX/scenario-ecutils.json" "$T/ecutils-off.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["benchmarks"] = [b for b in d["benchmarks"] if not b["provider"].endswith("-cached")]
e = d["scenarios"]["ecutils"]
e["tables"] = [t for t in e["tables"] if t["cache"] == "off"]
json.dump(d, open(sys.argv[2], "w"))
EOF
out="$T/ecutils-off"
if "$PY" "$REPORT" -o "$out" --dpi 50 --charts $ECU_IDS "$T/ecutils-off.json" \
    >"$T/ecutils-off.log" 2>&1 && "$PY" "$CHECK" html "$out" present="$(csv_list $ECU)" \
    && "$PY" "$CHECK" manifest "$out" \
    && [ "$(grep -c 'Cache-on providers not in this run' "$out/report.md")" -eq 9 ] \
    && grep -q 'Cache-on providers not in this run' "$out/report.html"; then
  ok "ECUtils without the cache-on providers: drawn, and every caption says they are missing"
else
  bad "ECUtils without the cache-on providers"; cat "$T/ecutils-off.log"
fi
out="$T/ecutils-none"
if "$PY" "$REPORT" -o "$out" --charts $ECU_IDS "$FX/bench-small.json" >"$T/ecutils-none.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" absent="$(csv_list $ECU)" skipped=$ECU_IDS findings=none; then
  ok "no ecutils scenario: charts 20, 20a-20h skipped with a note"
else
  bad "no ecutils scenario"; cat "$T/ecutils-none.log"
fi

# 6. Raw samples from the raw CSV when the JSON has none; absent -> skipped.
"$PY" - "$FX/bench-small.json" "$T/noraw.json" "$T/raw.csv" <<'EOF'
import csv, json, sys
d = json.load(open(sys.argv[1]))
w = csv.writer(open(sys.argv[3], "w", newline=""))
w.writerow(["algorithm", "operation", "params", "iteration", "time_us", "provider",
            "sample", "batch", "cycles_per_op", "message_bytes"])
for b in d["benchmarks"]:
    mb = b.get("message_bytes")
    for i, v in enumerate(b.pop("raw_us")):
        w.writerow([b["algorithm"], b["op"], b["param"], i, v, b["provider"], i,
                    b["batch"], "", "" if mb is None else mb])
        if mb == 32:  # a message-size case shares the name: it must not mix in
            w.writerow([b["algorithm"], b["op"], b["param"], i, v * 50, b["provider"], i,
                        b["batch"], "", 1048576])
json.dump(d, open(sys.argv[2], "w"))
EOF
out="$T/raw"
if "$PY" "$REPORT" -o "$out" --charts 7a,7b "$T/noraw.json" --raw "$T/raw.csv" \
    >"$T/raw.log" 2>&1 && "$PY" "$CHECK" html "$out" \
    present=07a-distributions-rsa,07b-distributions-ecc findings=none \
    && grep -q "raw CSV raw.csv" "$out/report.md" \
    && grep -q "^| RSA sign | 15 | " "$out/report.md" \
    && "$PY" "$CHECK" manifest "$out"; then
  ok "distributions drawn from --raw CSV (message-size rows kept apart)"
else
  bad "distributions from --raw CSV"; cat "$T/raw.log"
fi
out="$T/noraw"
if "$PY" "$REPORT" -o "$out" --charts 7a,7b "$T/noraw.json" >"$T/noraw.log" 2>&1 \
    && "$PY" "$CHECK" html "$out" absent=07a-distributions-rsa,07b-distributions-ecc \
    skipped=7a,7b findings=none; then
  ok "no raw samples: distributions skipped with a note"
else
  bad "no raw samples"; cat "$T/noraw.log"
fi

# 7. The checks can fail: charts.json and findings tampered with the faults
#    of issue 11 are caught.
tamper() {  # tamper NAME PYTHON-EXPRESSION-ON-m
  rm -rf "$T/tamper"
  cp -r "$T/v2" "$T/tamper"
  "$PY" - "$T/tamper/charts.json" "$2" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
exec(sys.argv[2])
json.dump(m, open(sys.argv[1], "w"))
EOF
  if "$PY" "$CHECK" manifest "$T/tamper" >"$T/tamper.log"; then
    bad "the manifest check misses: $1"
  else
    ok "the manifest check catches: $1 ($(head -1 "$T/tamper.log" | sed 's/^ *//' | cut -c1-70))"
  fi
}
tamper "log-axis bars starting at 11 (not a power of ten)" '
c = next(c for c in m["charts"] if c["id"] == "6"); b = c["axes"][0]["bars"]
b["bases"] = [11.0]; b["value_lim"] = [11.0, b["value_lim"][1]]'
tamper "bars starting a decade too high" '
c = next(c for c in m["charts"] if c["id"] == "3"); b = c["axes"][0]["bars"]
b["bases"] = [b["bases"][0] * 10]'
tamper "a ratio chart without its direction" '
c = next(c for c in m["charts"] if c["id"] == "9")
c["caption"] = c["caption"].replace("× slower than", "relative to")'
tamper "a ratio axis without its direction" '
c = next(c for c in m["charts"] if c["id"] == "4"); c["axes"][0]["xlabel"] = "RSA / ECC"'
tamper "whiskers without a stated meaning" '
c = next(c for c in m["charts"] if c["id"] == "2"); c["interval"] = None'
tamper "a finding whose number is not in its chart" '
f = m["findings"][0]; f["text"] = f["text"].replace(f["numbers"][0], "9,876×", 1)
f["numbers"][0] = "9,876×"'
tamper "a chart that names no run" '
c = next(c for c in m["charts"] if c["id"] == "5"); c["runs"] = []'

# 7b. A real `pkc bench` run with binary curves (not the fixtures' invented
#     numbers): chart 15 draws prime against binary curves at equal security
#     from it, by the rules, and every chart that lists curves lists the
#     binary ones too, after the prime ones.
PKC=${PKC:-$SRC/build/pkc}
if [ -x "$PKC" ]; then
  export PKC_BENCH_LOCK="$T/bench.lock"
  bprovs=pkc,pkc-affine
  "$PKC" bench --list | grep -q '^  openssl ' && bprovs=pkc,pkc-affine,openssl
  if "$PKC" bench --providers $bprovs -c secp224r1,secp256r1,sect233k1,sect283k1,sect283r1 \
      --ops ECDSA,ECDH,EC/scalar_mul,EC/field_mul,EC/field_mul_portable -i 6 --target-ms 1 \
      --key-pool 4 -q --format json >"$T/realbin.json" 2>"$T/realbin.err"; then
    ok "pkc bench with binary curves: exit 0"
  else
    bad "pkc bench with binary curves: $(head -3 "$T/realbin.err")"
  fi
  out="$T/realbin"
  charts=1,2,6,8a,15
  present=01-heatmap,02-keygen,06-ecc-by-curve,08a-affine-vs-jacobian,15-binary-vs-prime
  case $bprovs in *openssl*) charts=$charts,9,14; present=$present,09-providers,14-fastest;; esac
  if "$PY" "$REPORT" -o "$out" --dpi 50 --charts $charts "$T/realbin.json" >"$T/realbin.log" 2>&1 \
      && "$PY" "$CHECK" html "$out" present="$present" findings=some \
      && "$PY" "$CHECK" manifest "$out" findings=some && "$PY" "$CHECK" numbers "$out"; then
    ok "real run with binary curves: charts $charts drawn by the rules"
  else
    bad "real run with binary curves: report"; tail -5 "$T/realbin.log"
  fi
  "$PY" - "$out/charts.json" "$T/realbin.json" "$SRC/tools" <<'EOF' \
    && ok "chart 15 from the run's medians; binary curves listed in charts 1, 2, 6, 8a (9, 14)" \
    || bad "binary curves in the report of a real run"
import json, sys
sys.path.insert(0, sys.argv[3])
from reportlib.fmt import fmt_ratio
m = json.load(open(sys.argv[1]))
d = json.load(open(sys.argv[2]))
charts = {c["id"]: c for c in m["charts"]}
med = {(b["provider"], b["algorithm"], b["param"], b["op"]): b["median"] for b in d["benchmarks"]}
binary = ["sect233k1", "sect283k1", "sect283r1"]
c15 = charts["15"]
assert not c15["skipped"], c15["skipped"]
ax = c15["axes"][0]
for lvl in (112, 128):
    for op in ("ECDSA keygen", "ECDSA sign", "ECDSA verify", "ECDH derive"):
        assert "%d-bit %s" % (lvl, op) in ax["yticklabels"], (lvl, op, ax["yticklabels"])
assert "binary curve × slower than the prime curve" == c15["ratio"]["direction"]
# every binary point's label is its median over the prime curve's of its level
prime = {112: "secp224r1", 128: "secp256r1"}
for b, lvl in (("sect233k1", 112), ("sect283k1", 128), ("sect283r1", 128)):
    for alg, op in (("ECDSA", "sign"), ("ECDSA", "verify"), ("ECDH", "derive")):
        r = fmt_ratio(med[("pkc", alg, b, op)] / med[("pkc", alg, prime[lvl], op)])
        assert r in ax["texts"], (b, alg, op, r, ax["texts"])
assert any(l.startswith("sect283r1") for l in ax["legend"]), ax["legend"]
def labels(cid):
    return " ".join(t for a in charts[cid]["axes"] for t in a["xticklabels"] + a["yticklabels"])
for cid in ("1", "2", "6", "8a") + (("9", "14") if "9" in charts else ()):
    text = labels(cid)
    for b in binary:
        assert b in text, (cid, b)
    # the prime curves first, then the binary ones
    assert text.index("secp256r1") < text.index("sect233k1"), (cid, text[:300])
assert "field_mul_portable" in labels("1"), "the portable multiplier's column"
for cid in ("9", "14"):
    for t in (t for a in charts[cid]["axes"] for t in a["yticklabels"]) if cid in charts else ():
        assert not ("sect" in t and "†" in t), "a binary curve marked as OpenSSL's generic GF(p) code: " + t
EOF
else
  bad "no pkc binary at $PKC (build it first)"
fi

# 8. Another interpreter: report.py re-executes itself with /usr/bin/python3
#    (here: the same one without its site packages), or says in one line how.
out="$T/interp"
if "$PY" -S "$REPORT" -o "$out" --charts 1 "$FX/bench-small.json" >"$T/interp.log" 2>&1 \
    && [ -s "$out/01-heatmap.png" ]; then
  ok "started without numpy in reach: re-executed with /usr/bin/python3"
else
  bad "re-execution"; cat "$T/interp.log"
fi
PKC_TOOLS_REEXEC=1 "$PY" -S "$REPORT" -o "$out" "$FX/bench-small.json" >"$T/interp.out" \
  2>"$T/interp.err"
rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$T/interp.err")" -eq 1 ] \
    && grep -q "^report.py: error: .*cannot import numpy" "$T/interp.err"; then
  ok "no usable interpreter: exit 2, one line ($(cut -c1-60 "$T/interp.err"))"
else
  bad "no usable interpreter: exit $rc"; cat "$T/interp.err"
fi

# 9. tools/readme_results.py: the README's "What it shows" from one run, the
#    report's own numbers, and the collage of that run.
mkdir -p "$T/rd/results"
cp "$T/plain.json" "$T/rd/results/bench.json"
cp "$T/levels.json" "$T/rd/results/scenario-security-levels.json"
cp "$T/full/12a-collage-overview.png" "$T/rd/results/"
cp "$SRC/README.md" "$T/rd/README.md"
RR="$SRC/tools/readme_results.py"
if ! "$PY" "$RR" "$T/rd/results" --readme "$T/rd/README.md" --check >/dev/null \
    && "$PY" "$RR" "$T/rd/results" --readme "$T/rd/README.md" >"$T/rd.log" 2>&1 \
    && "$PY" "$RR" "$T/rd/results" --readme "$T/rd/README.md" --check >/dev/null \
    && cmp -s "$T/rd/results/12a-collage-overview.png" "$T/rd/docs/img/collage-overview.png" \
    && "$PY" - "$T/rd/README.md" "$FX/bench-small.json" "$SRC/README.md" <<'EOF'
import json, sys
sys.path.insert(0, sys.argv[2].rsplit("/tests/", 1)[0] + "/tools")
from reportlib.fmt import fmt_us
new, old = open(sys.argv[1]).read(), open(sys.argv[3]).read()
d = {b["name"]: b for b in json.load(open(sys.argv[2]))["benchmarks"]}
sec = new.split("## What it shows", 1)[1].split("\n## ", 1)[0]
row = "| RSA-3072 key generation | %s |" % fmt_us(d["pkc/RSA/3072/keygen"]["median"])
assert row in sec, row  # the default run's number, not the scenario's
flat = " ".join(sec.split())
assert "security-levels scenario" in flat and "2026-11-30 12:00 UTC" in flat, flat[:300]
assert new.split("## What it shows")[0] == old.split("## What it shows")[0], "before the section"
assert new.split("## The `pkc` command")[1] == old.split("## The `pkc` command")[1], "after it"
EOF
then
  ok "readme_results.py: README section and image from one run; --check"
else
  bad "readme_results.py"; cat "$T/rd.log"
fi

# 10. Bad input: exit 2, exactly one line `report.py: error: ...`, no report.
head -c 5000 "$FX/bench-small.json" >"$T/truncated.json"
echo '[1, 2, 3]' >"$T/list.json"
echo '{"context": {}}' >"$T/nobench.json"
echo '{"benchmarks": {"a": 1}}' >"$T/benchobj.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign"}]}' \
  >"$T/nomedian.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign", "median": "fast"}]}' \
  >"$T/strmedian.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign", "median": 1, "cpu_raw_us": "x"}]}' \
  >"$T/badcpu.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign", "median": 1}], "scenarios": {"kex-amortized": {"rows": [{"scheme": "x"}]}}}' \
  >"$T/badscen.json"
echo '{"builds": [{"label": "gcc -O0"}], "results": [{"build": "nope", "name": "x", "median_us": 1}]}' \
  >"$T/badflags.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "EC", "param": "secp256r1", "op": "point_add", "median": 1}], "scenarios": {"ecutils": {"columns": [{"key": "point_add", "label": "Point addition", "unit": "fortnights", "case": "EC/point_add"}], "tables": []}}}' \
  >"$T/badecutils.json"
printf '\xff\xfe\x00junk' >"$T/binary.json"
echo 'algorithm,nothing' >"$T/bad.csv"
mkdir -p "$T/noprofile" "$T/badprofile"
echo '{"cases": [{"name": "x", "folded": "../../etc/passwd"}]}' >"$T/badprofile/profile.json"
expect2() {
  local what=$1; shift
  rm -rf "$T/err"
  "$PY" "$REPORT" -o "$T/err" "$@" >"$T/err.out" 2>"$T/err.txt"
  local rc=$? lines
  lines=$(wc -l <"$T/err.txt")
  if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -q '^report.py: error: ' "$T/err.txt" \
      && [ ! -e "$T/err/report.html" ]; then
    ok "$what: exit 2, one line ($(cut -c1-90 "$T/err.txt"))"
  else
    bad "$what: exit $rc, $lines lines on stderr"; cat "$T/err.txt"
  fi
}
expect2 "truncated JSON" "$T/truncated.json"
expect2 "JSON that is a list" "$T/list.json"
expect2 "missing file" "$T/does-not-exist.json"
expect2 "no benchmarks" "$T/nobench.json"
expect2 "benchmarks not a list" "$T/benchobj.json"
expect2 "case without median" "$T/nomedian.json"
expect2 "non-numeric median" "$T/strmedian.json"
expect2 "cpu_raw_us not a list" "$T/badcpu.json"
expect2 "malformed scenario" "$T/badscen.json"
expect2 "ecutils summary with an unknown unit" "$T/badecutils.json"
expect2 "flags study naming an unknown build" "$FX/bench-small.json" "$T/badflags.json"
expect2 "a flags study alone" "$FX/flags-study.json"
expect2 "profile folder without profile.json" --profile "$T/noprofile" "$FX/bench-small.json"
expect2 "profile naming a file outside its folder" --profile "$T/badprofile" "$FX/bench-small.json"
expect2 "binary file" "$T/binary.json"
expect2 "second file malformed" "$FX/bench-small.json" "$T/list.json"
expect2 "raw CSV with a wrong header" "$T/noraw.json" --raw "$T/bad.csv"
expect2 "more labels than files" --label a --label b "$FX/bench-small.json"
expect2 "unknown option" --frobnicate "$FX/bench-small.json"
expect2 "no input file"
expect2 "unknown chart id" --charts 99 "$FX/bench-small.json"

# 11. A real `pkc bench` of this build renders (the fixtures are made by a
#     script; this catches a field the benchmark writes and the report
#     refuses): RSA key generation and signing, ECDSA, both with OpenSSL.
if [ -x "${PKC:-}" ]; then
  if "$PKC" bench --providers pkc,openssl -b 1024 -c secp256r1 \
        --ops RSA/keygen,RSA/sign,ECDSA/sign,ECDSA/verify --time-budget 0.05 --target-ms 1 \
        --json "$T/real.json" -q >/dev/null 2>"$T/real.err" \
      && "$PY" "$REPORT" -o "$T/realrep" "$T/real.json" >"$T/realrep.log" 2>&1 \
      && [ -s "$T/realrep/report.html" ] && [ -s "$T/realrep/charts.json" ]; then
    ok "a real pkc bench run renders"
  else
    bad "a real pkc bench run: $(cat "$T/real.err" "$T/realrep.log" 2>/dev/null | tail -3)"
  fi
  # a thread-scaling run joins the default run of the machine (chart 17), as
  # `make report` gives it
  if "$PKC" bench --providers pkc --threads 1,2 --filter 'pkc/ECDSA/secp256r1/sign(/threads:[0-9]+)?$' \
        --time-budget 0.05 --target-ms 1 --json "$T/threads.json" -q >/dev/null 2>"$T/real.err" \
      && "$PY" "$REPORT" -o "$T/realrep2" --charts 17 "$T/real.json" "$T/threads.json" >"$T/realrep2.log" 2>&1 \
      && "$PY" -c 'import json, sys; c = [c for c in json.load(open(sys.argv[1]))["charts"] if c["id"] == "17"][0]; assert not c["skipped"], c["skipped"]' "$T/realrep2/charts.json"; then
    ok "a thread-scaling run joins the default run (chart 17 drawn)"
  else
    bad "thread-scaling run: $(cat "$T/real.err" "$T/realrep2.log" 2>/dev/null | tail -3)"
  fi
  "$PY" - "$T/real.json" <<'EOF' && ok "seeds and fingerprints on key generation only" || bad "seeds/fingerprints outside key generation"
import json, sys
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    assert ("key_fingerprints" in b) == (b["op"] == "keygen" and b["algorithm"] == "RSA"), b["name"]
EOF
else
  bad "PKC is not set (CTest sets it to build/pkc)"
fi

finish
