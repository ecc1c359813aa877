#!/usr/bin/env bash
# tools/flamegraph.py: folded stacks -> SVG with frames sized by samples,
# tooltips with counts and shares and a header naming case and sampler;
# `perf script` text folded with addresses and offsets dropped (a written
# sample, then a real `perf record -e cpu-clock` capture of `pkc keygen`);
# bad input -> exit 2 with one line. A missing perf prints SKIPPED (and
# fails when CI is set).
set -u
TEST_VERBOSE=1
. "$(dirname "$0")/lib.sh"
FG="$SRC/tools/flamegraph.py"

# svgcheck.py SVG FOLDED: every frame's width is its share of the samples,
# its tooltip says so, names never carry addresses or offsets.
cat >"$T/svgcheck.py" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
svg, folded = sys.argv[1], sys.argv[2]
stacks = {}
for line in open(folded):
    st, n = line.rstrip("\n").rsplit(" ", 1)
    stacks[tuple(st.split(";"))] = float(n)
total = sum(stacks.values())
inclusive = {}
for st, n in stacks.items():
    for i in range(1, len(st) + 1):
        inclusive[st[:i]] = inclusive.get(st[:i], 0) + n
root = ET.parse(svg).getroot()
ns = "{http://www.w3.org/2000/svg}"
width = float(root.get("width"))
frames = []
for g in root.iter(ns + "g"):
    t, r = g.find(ns + "title"), g.find(ns + "rect")
    m = re.match(r"(.*) \((\d+(?:\.\d+)?) samples, (\d+\.\d\d)%\)$", t.text)
    assert m, t.text
    frames.append((m.group(1), float(m.group(2)), float(m.group(3)), float(r.get("width"))))
def is_root(name):
    return name == "all" or name.startswith("all (")
whole = [f for f in frames if is_root(f[0])]
assert len(whole) == 1 and whole[0][1] == total, whole
usable = whole[0][3]
for name, n, pct, w in frames:
    assert abs(pct - 100 * n / total) < 0.006, (name, pct)
    assert abs(w - usable * n / total) < 0.02, (name, w, usable * n / total)
    assert not re.search(r"\+0x[0-9a-f]+$|^[0-9a-f]{6,}$", name), name
# Each frame count is the sum over the stacks through it (frames are merged by path).
counts = sorted(n for name, n, _, _ in frames if not is_root(name))
assert counts == sorted(inclusive.values()), (counts[:8], sorted(inclusive.values())[:8])
texts = " ".join(e.text or "" for e in root.iter(ns + "text"))
for want in sys.argv[3:]:
    assert want in texts, want
print("frames:", len(frames), "samples:", total)
EOF

# 1. Synthetic folded stacks.
printf 'main;parse;read 30\nmain;parse;lex 10\nmain;sign;fe_mul 45\nmain;sign 5\noperator new;malloc 10\n' \
  >"$T/in.folded"
if "$PY" "$FG" --case "demo/case" --sampler "test sampler" -o "$T/a.svg" \
    --folded-out "$T/a.folded" "$T/in.folded" \
    && "$PY" "$T/svgcheck.py" "$T/a.svg" "$T/in.folded" "Flame graph: demo/case" \
    "100 samples (test sampler)" "fe_mul" >"$T/a.log" && cmp -s <(sort "$T/in.folded") "$T/a.folded"; then
  ok "folded input: frame widths and tooltips are the sample shares; header; --folded-out ($(cat "$T/a.log"))"
else
  bad "folded input"; cat "$T/a.log" 2>/dev/null
fi
cat "$T/in.folded" | "$PY" "$FG" >"$T/stdin.svg" 2>"$T/stdin.err" \
  && "$PY" "$T/svgcheck.py" "$T/stdin.svg" "$T/in.folded" >/dev/null \
  && ok "stdin to stdout" || { bad "stdin to stdout"; cat "$T/stdin.err"; }

# 2. A written `perf script` sample: addresses, offsets and modules dropped,
#    callers first, the process name as the root, an unknown frame kept.
cat >"$T/perf.txt" <<'EOF'
pkc 1234 [001] 100.000001:    1001001 cpu-clock:
	    55d1c2a3b4c5 fe_mul+0x1f (/work/build/pkc)
	    55d1c2a3b000 point_add+0x200 (/work/build/pkc)
	    55d1c2a30000 main+0x10 (/work/build/pkc)

pkc 1234 [001] 100.001002:    1001001 cpu-clock:
	    55d1c2a3b4c5 fe_mul+0x2a (/work/build/pkc)
	    55d1c2a3b000 point_add+0x210 (/work/build/pkc)
	    55d1c2a30000 main+0x10 (/work/build/pkc)

my prog 99/100 100.002003: 1001001 cpu-clock:
	ffffffff8100a1b2 clear_page_erms+0x12 ([kernel.kallsyms])
	    7f0011223344 [unknown] (/usr/lib/x86_64-linux-gnu/libc.so.6)
	4cf30aaeea515bbd [unknown] ([unknown])
EOF
printf 'my prog;[unknown];[libc.so.6];clear_page_erms 1\npkc;main;point_add;fe_mul 2\n' \
  >"$T/perf.want"
if "$PY" "$FG" --from-perf-script --folded-out "$T/perf.folded" -o "$T/perf.svg" "$T/perf.txt" \
    && cmp -s "$T/perf.want" "$T/perf.folded" \
    && "$PY" "$T/svgcheck.py" "$T/perf.svg" "$T/perf.folded" >/dev/null; then
  ok "perf script text folded: names kept, addresses/offsets/modules dropped"
else
  bad "perf script folding"; diff "$T/perf.want" "$T/perf.folded"
fi

# 3. A real capture: perf record -e cpu-clock (software event: no hardware
#    counters needed) of an RSA key generation.
if ! command -v perf >/dev/null 2>&1; then
  echo "SKIPPED: perf not installed (linux-perf; scripts/deps.sh installs it)"
  [ -n "${CI:-}" ] && bad "perf missing in CI"
elif ! perf record -q -e cpu-clock -F 999 -g -o "$T/x.data" -- \
    "${PKC:-$SRC/build/pkc}" keygen -t rsa -b 3072 --seed 7 -o "$T/k.pem" >"$T/rec.log" 2>&1; then
  echo "SKIPPED: perf record cannot sample here: $(tail -1 "$T/rec.log")"
  [ -n "${CI:-}" ] && bad "perf record failed in CI"
else
  perf script -i "$T/x.data" >"$T/x.txt" 2>"$T/script.err"
  n=$(grep -cE '^\S.* [0-9]+\.[0-9]+: ' "$T/x.txt")
  if "$PY" "$FG" --from-perf-script --case "pkc keygen -t rsa -b 3072" \
      --sampler "perf record -e cpu-clock -F 999 -g" --folded-out "$T/x.folded" \
      -o "$T/x.svg" "$T/x.txt" \
      && "$PY" "$T/svgcheck.py" "$T/x.svg" "$T/x.folded" "$n samples (perf record" >"$T/x.log" \
      && [ "$n" -gt 0 ] && grep -q "^pkc;" "$T/x.folded" \
      && grep -qE ';(__gmp|pkc_)[A-Za-z0-9_]*' "$T/x.folded"; then
    ok "real perf capture of pkc keygen: $n samples, library frames named ($(cat "$T/x.log"))"
  else
    bad "real perf capture"; head -5 "$T/x.folded" 2>/dev/null; cat "$T/x.log" 2>/dev/null
  fi
fi

# 3b. The fallback where perf is missing: a callgrind capture, drawn one
# level deep (each function's self cost).
if command -v valgrind >/dev/null 2>&1; then
  head -c 200000 /dev/urandom >"$T/data.bin" 2>/dev/null || dd if=/dev/zero of="$T/data.bin" bs=1k count=200 2>/dev/null
  if valgrind --tool=callgrind --callgrind-out-file="$T/cg.out" "${PKC:-$SRC/build/pkc}" hash "$T/data.bin" >/dev/null 2>&1 \
      && "$PY" "$FG" --from-callgrind "$T/cg.out" -o "$T/cg.svg" --folded-out "$T/cg.folded" 2>"$T/cg.err" \
      && grep -q 'sha256' "$T/cg.folded" && ! grep -q ';' "$T/cg.folded" && grep -q '<svg' "$T/cg.svg"; then
    ok "callgrind fallback: a flat profile with pkc's SHA-256 functions"
  else
    bad "callgrind fallback: $(cat "$T/cg.err" 2>/dev/null)"
  fi
else
  echo "SKIPPED: valgrind missing (callgrind fallback)"
  [ -n "${CI:-}" ] && bad "valgrind missing in CI"
fi

# 4. Bad input: exit 2 and one line.
expect2() {
  local what=$1; shift
  "$PY" "$FG" "$@" >"$T/err.out" 2>"$T/err.txt"
  local rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err.txt")" -eq 1 ] \
      && grep -q '^flamegraph.py: error: ' "$T/err.txt"; then
    ok "$what: exit 2 ($(cut -c1-70 "$T/err.txt"))"
  else
    bad "$what: exit $rc"; cat "$T/err.txt"
  fi
}
printf 'main;a 3\nno count here\n' >"$T/bad.folded"
printf 'main;;a 3\n' >"$T/empty-frame.folded"
: >"$T/empty"
expect2 "a line without a count" "$T/bad.folded"
expect2 "an empty frame" "$T/empty-frame.folded"
expect2 "empty input" "$T/empty"
expect2 "perf script text without samples" --from-perf-script "$T/in.folded"
expect2 "missing file" "$T/nope"
expect2 "bad width" --width 5 "$T/in.folded"
expect2 "callgrind input without costs" --from-callgrind "$T/in.folded"

finish
