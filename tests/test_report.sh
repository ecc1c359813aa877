#!/usr/bin/env bash
# tools/report.py on the fixture result files (tests/fixtures/bench-*.json,
# invented numbers in the documented format): every chart as a valid PNG and
# SVG, a report.html that parses (balanced tags), embeds and links every chart
# and loads nothing from outside, a report.md; charts without data skipped
# with a note; malformed input -> exit 2 with one line on stderr.
set -u
PY=${PYTHON:-/usr/bin/python3}
SRC=${SRC:-$(cd "$(dirname "$0")/.." && pwd)}
REPORT="$SRC/tools/report.py"
FX="$SRC/tests/fixtures"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

ALL="01-heatmap 02-keygen 03-sign-verify 04-ecc-vs-rsa 05-rsa-scaling 06-ecc-by-curve
07a-distributions-rsa 07b-distributions-ecc 08a-affine-vs-jacobian 08b-crt-vs-textbook
09-providers 10-kex-amortized 11-message-size 12a-collage-overview 12b-collage-detail
13-cross-machine"

# check.py OUTDIR present=STEM,... absent=STEM,... skipped=ID,...
cat > "$T/check.py" <<'EOF'
import base64, html.parser, os, re, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
args = dict(a.split("=", 1) for a in sys.argv[2:])
present = [s for s in args.get("present", "").split(",") if s]
absent = [s for s in args.get("absent", "").split(",") if s]
skipped = [s for s in args.get("skipped", "").split(",") if s]
errors = []
PNG = b"\x89PNG\r\n\x1a\n"
for stem in present:
    p = os.path.join(out, stem + ".png")
    if not os.path.isfile(p):
        errors.append("missing " + stem + ".png"); continue
    data = open(p, "rb").read()
    if not data.startswith(PNG) or b"IEND" not in data[-16:]:
        errors.append(stem + ".png is not a complete PNG")
    if len(data) < 5000:
        errors.append("%s.png is only %d bytes" % (stem, len(data)))
    s = os.path.join(out, stem + ".svg")
    if not os.path.isfile(s):
        errors.append("missing " + stem + ".svg"); continue
    try:
        root = ET.parse(s).getroot()
        if not root.tag.endswith("svg"):
            errors.append(stem + ".svg root is " + root.tag)
    except ET.ParseError as e:
        errors.append(stem + ".svg does not parse: %s" % e)
    if os.path.getsize(s) < 5000:
        errors.append(stem + ".svg is tiny")
for stem in absent:
    for ext in ("png", "svg"):
        if os.path.exists(os.path.join(out, stem + "." + ext)):
            errors.append("%s.%s exists but should have been skipped" % (stem, ext))

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
        "source", "track", "wbr"}
class Strict(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.problems, self.srcs, self.hrefs = [], [], [], []
        self.ids, self.text = {}, []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "src" in a: self.srcs.append(a["src"])
        if "href" in a: self.hrefs.append(a["href"])
        if tag in ("link", "script") and (a.get("src") or a.get("href")):
            self.problems.append("external resource <%s>" % tag)
        if "id" in a: self.ids[a["id"]] = len(self.text)
        if tag not in VOID: self.stack.append((tag, self.getpos()))
    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID: self.stack.pop()
    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append("end tag for void <%s>" % tag); return
        if not self.stack or self.stack[-1][0] != tag:
            self.problems.append("</%s> at %s does not close %s" % (
                tag, self.getpos(), self.stack[-1] if self.stack else "anything"))
            return
        self.stack.pop()
    def handle_data(self, d):
        self.text.append(d)
hp = os.path.join(out, "report.html")
if not os.path.isfile(hp):
    errors.append("no report.html")
else:
    src = open(hp, encoding="utf-8").read()
    if not src.lstrip().lower().startswith("<!doctype html>"):
        errors.append("report.html lacks <!DOCTYPE html>")
    p = Strict(); p.feed(src); p.close()
    errors += p.problems
    if p.stack:
        errors.append("unclosed tags: %s" % p.stack[:5])
    for u in p.srcs + p.hrefs:
        if re.match(r"(https?:)?//", u):
            errors.append("report.html loads an external resource: " + u)
    embedded = [u for u in p.srcs if u.startswith("data:image/png;base64,")]
    for u in embedded:
        if not base64.b64decode(u.split(",", 1)[1]).startswith(PNG):
            errors.append("an embedded image is not a PNG")
    if len(embedded) != len(present):
        errors.append("%d embedded images for %d charts" % (len(embedded), len(present)))
    for stem in present:
        for ext in ("png", "svg"):
            if stem + "." + ext not in p.hrefs:
                errors.append("report.html does not link %s.%s" % (stem, ext))
    for stem in absent:
        if any(h.startswith(stem + ".") for h in p.hrefs):
            errors.append("report.html links skipped chart " + stem)
    text = "".join(p.text)
    for cid in skipped:
        m = re.search(r'<section id="chart-%s">(.*?)</section>' % re.escape(cid), src, re.S)
        if not m or "Skipped:" not in m.group(1):
            errors.append("chart %s has no skip note" % cid)
    for key in ("cpu_model", "compiler", "libraries", "command_line", "date"):
        if key not in text:
            errors.append("context field %s not shown" % key)
    if src.count("<figcaption>") < len(present):
        errors.append("a chart lacks its caption")
    if src.count("<table") < len(present):
        errors.append("fewer tables than charts")
mp = os.path.join(out, "report.md")
if not os.path.isfile(mp):
    errors.append("no report.md")
else:
    md = open(mp, encoding="utf-8").read()
    for stem in present:
        if "](%s.png)" % stem not in md:
            errors.append("report.md does not show %s.png" % stem)
    for cid in skipped:
        if not re.search(r"## %s\..*?\n\n> \*\*Skipped:\*\*" % re.escape(cid), md):
            errors.append("report.md: chart %s has no skip note" % cid)
for e in errors:
    print("  " + e)
sys.exit(1 if errors else 0)
EOF

csv_list() { echo "$@" | tr -s ' \n' ',' | sed 's/,$//'; }

# 1. Two machines: every chart, the cross-machine one included.
out="$T/full"
if "$PY" "$REPORT" -o "$out" "$FX/bench-small.json" "$FX/bench-machine2.json" \
    >"$T/full.log" 2>&1; then
  ok "two result files: exit 0"
else
  bad "two result files: exit $?"; cat "$T/full.log"
fi
if "$PY" "$T/check.py" "$out" present="$(csv_list $ALL)"; then
  ok "all 16 charts as PNG+SVG; report.html parses, embeds and links them; report.md"
else
  bad "full report checks"
fi
grep -q "RSA-3072" "$out/report.md" && grep -q "faster than" "$out/report.md" \
  && ok "captions carry conclusions from the data" || bad "captions lack conclusions"
grep -q "fixture-machine-2" "$out/report.html" && ok "second machine's context shown" \
  || bad "second machine's context missing"
grep -q "signature did not verify" "$out/report.html" \
  && ok "a failed case (error_occurred) is listed, not drawn" || bad "failed case not listed"

# 2. No scenarios, one file: scenario charts and the cross-machine chart are
#    skipped with a note; the ECC/RSA ratios fall back to the plain cases.
out="$T/nosc"
if "$PY" "$REPORT" -o "$out" --charts 4,10,11,13 "$FX/bench-noscenario.json" \
    >"$T/nosc.log" 2>&1; then
  ok "no-scenario file: exit 0"
else
  bad "no-scenario file: exit $?"; cat "$T/nosc.log"
fi
if "$PY" "$T/check.py" "$out" present=04-ecc-vs-rsa \
    absent=10-kex-amortized,11-message-size,13-cross-machine skipped=10,11,13; then
  ok "no-scenario: 10, 11, 13 skipped with a note, 4 drawn from the plain cases"
else
  bad "no-scenario checks"
fi
grep -q "from the benchmark cases" "$out/report.md" && ok "ratio chart says its source" \
  || bad "ratio chart does not say its source"

# 2b. A `pkc bench --scenario` run of the same machine joins the plain run
#     (no cross-machine chart); one of another machine does not.
"$PY" - "$FX/bench-small.json" "$FX/bench-machine2.json" "$T" <<'EOF'
import copy, json, sys
d = json.load(open(sys.argv[1]))
plain = copy.deepcopy(d)
del plain["scenarios"]
json.dump(plain, open(sys.argv[3] + "/plain.json", "w"))
sc = {"context": dict(d["context"], scenario="kex-amortized"),
      "benchmarks": [dict(b, scenario="kex-amortized") for b in d["benchmarks"]
                     if b["algorithm"] in ("ECDH", "RSA") and b["param"] in ("secp256r1", "3072")],
      "scenarios": {"kex-amortized": d["scenarios"]["kex-amortized"]}}
json.dump(sc, open(sys.argv[3] + "/kex.json", "w"))
m2 = json.load(open(sys.argv[2]))
sc2 = dict(sc, context=dict(m2["context"], scenario="kex-amortized"))
json.dump(sc2, open(sys.argv[3] + "/kex-m2.json", "w"))
EOF
out="$T/merge"
if "$PY" "$REPORT" -o "$out" --charts 10,13 "$T/plain.json" "$T/kex.json" >"$T/merge.log" 2>&1 \
    && "$PY" "$T/check.py" "$out" present=10-kex-amortized absent=13-cross-machine skipped=13 \
    && grep -q "merged scenario run" "$out/report.html"; then
  ok "scenario run of the same machine merged into the plain run"
else
  bad "merging a scenario run"; cat "$T/merge.log"
fi
out="$T/merge2"
if "$PY" "$REPORT" -o "$out" --charts 10 "$T/plain.json" "$T/kex-m2.json" >"$T/merge2.log" 2>&1 \
    && "$PY" "$T/check.py" "$out" absent=10-kex-amortized skipped=10; then
  ok "scenario run of another machine kept apart"
else
  bad "scenario run of another machine"; cat "$T/merge2.log"
fi

# 3. Raw samples from the raw CSV when the JSON has none; absent -> skipped.
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
    >"$T/raw.log" 2>&1 && "$PY" "$T/check.py" "$out" \
    present=07a-distributions-rsa,07b-distributions-ecc \
    && grep -q "raw CSV raw.csv" "$out/report.md" \
    && grep -q "^| RSA sign | 15 | " "$out/report.md"; then
  ok "distributions drawn from --raw CSV (message-size rows kept apart)"
else
  bad "distributions from --raw CSV"; cat "$T/raw.log"
fi
out="$T/noraw"
if "$PY" "$REPORT" -o "$out" --charts 7a,7b "$T/noraw.json" >"$T/noraw.log" 2>&1 \
    && "$PY" "$T/check.py" "$out" absent=07a-distributions-rsa,07b-distributions-ecc \
    skipped=7a,7b; then
  ok "no raw samples: distributions skipped with a note"
else
  bad "no raw samples"; cat "$T/noraw.log"
fi

# 4. Bad input: exit 2, exactly one line `report.py: error: ...`, no report.
head -c 5000 "$FX/bench-small.json" >"$T/truncated.json"
echo '[1, 2, 3]' >"$T/list.json"
echo '{"context": {}}' >"$T/nobench.json"
echo '{"benchmarks": {"a": 1}}' >"$T/benchobj.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign"}]}' \
  >"$T/nomedian.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign", "median": "fast"}]}' \
  >"$T/strmedian.json"
echo '{"benchmarks": [{"provider": "pkc", "algorithm": "RSA", "param": "2048", "op": "sign", "median": 1}], "scenarios": {"kex-amortized": {"rows": [{"scheme": "x"}]}}}' \
  >"$T/badscen.json"
printf '\xff\xfe\x00junk' >"$T/binary.json"
echo 'algorithm,nothing' >"$T/bad.csv"
expect2() {
  local what=$1; shift
  rm -rf "$T/err"
  "$PY" "$REPORT" -o "$T/err" "$@" >"$T/err.out" 2>"$T/err.txt"
  local rc=$? lines
  lines=$(wc -l <"$T/err.txt")
  if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -q '^report.py: error: ' "$T/err.txt" \
      && [ ! -e "$T/err/report.html" ]; then
    ok "$what: exit 2, one line ($(cat "$T/err.txt"))"
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
expect2 "malformed scenario" "$T/badscen.json"
expect2 "binary file" "$T/binary.json"
expect2 "second file malformed" "$FX/bench-small.json" "$T/list.json"
expect2 "raw CSV with a wrong header" "$T/noraw.json" --raw "$T/bad.csv"
expect2 "unknown option" --frobnicate "$FX/bench-small.json"
expect2 "no input file"
expect2 "unknown chart id" --charts 99 "$FX/bench-small.json"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
