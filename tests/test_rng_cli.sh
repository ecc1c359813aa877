#!/usr/bin/env bash
# pkc rng: flags, CSV formats, fixed mode repeating byte for byte, random mode
# not repeating, the stream not depending on the mode's chunking, SIGPIPE,
# atomic -o, the option spellings shared with the other commands (--out,
# --seed, --digest, --range) and their old aliases, and bad usage giving
# exit 2 with one line on stderr. (Devices, FIFOs, links, signals and the
# endless stream to a file: test_cli_files.sh.)
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must point at the pkc command}

# --- bad usage: exit 2 and exactly one line "pkc rng: ..." on stderr ---
usage_case() {
  "$PKC" rng "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  if [ $rc -ne 2 ]; then bad "pkc rng $* exited $rc, want 2"; return; fi
  if [ "$(wc -l <"$T/err")" -ne 1 ] || ! grep -q '^pkc rng: ' "$T/err"; then
    bad "pkc rng $*: stderr is not one 'pkc rng:' line: $(cat "$T/err")"; return
  fi
  if [ -s "$T/out" ]; then bad "pkc rng $*: wrote to stdout on error"; return; fi
  ok
}
usage_case -m nosuchmode
usage_case -m
usage_case -n 0
usage_case -n -5
usage_case -n 12x
usage_case -n 99999999999999999999999
usage_case -r 1
usage_case -r 0
usage_case -r abc
usage_case -m bits -r 10
usage_case -b 2048
usage_case -m fixedbits -b 0
usage_case -m fixedbits -b 65537
usage_case -g nosuch
usage_case -g os -s fixed
usage_case -g os -S 3
usage_case -s sometimes
usage_case -s random -S 4
usage_case -S -1
usage_case -H md5
usage_case -d md5
usage_case --range 1
usage_case -mode
usage_case -output
usage_case --out
usage_case --no-such-option
usage_case -x
usage_case extra-argument
usage_case -n 10 -o "$T/no/such/dir/file.csv"

"$PKC" rng --help >"$T/help" 2>&1 && grep -q 'REFERENCE WEAK' "$T/help" && ok || bad "pkc rng --help"
"$PKC" help rng >/dev/null 2>&1 && ok || bad "pkc help rng"

# --- formats ---
"$PKC" rng -n 1000 -S 1 >"$T/b.csv" || bad "bounded run"
[ "$(head -1 "$T/b.csv")" = "index,value" ] && ok || bad "bounded header"
[ "$(wc -l <"$T/b.csv")" -eq 1001 ] && ok || bad "bounded line count"
"$PKC" rng -m bits -n 777 -S 1 >"$T/bits.csv" || bad "bits run"
[ "$(head -1 "$T/bits.csv")" = "index,bit" ] && ok || bad "bits header"
[ "$(wc -l <"$T/bits.csv")" -eq 778 ] && ok || bad "bits line count"
"$PKC" rng -m pairs -n 500 -r 6 -S 1 >"$T/p.csv" || bad "pairs run"
[ "$(head -1 "$T/p.csv")" = "index,x,y" ] && ok || bad "pairs header"
"$PKC" rng -m fixedbits -b 2048 -n 300 -S 1 >"$T/f.csv" || bad "fixedbits run"
"$PKC" rng -m fixedbits -b 8 -n 3000 -S 1 >"$T/f8.csv" || bad "fixedbits 8 run"
"$PKC" rng -m raw -n 4099 -S 1 >"$T/r.bin" || bad "raw run"
"$PKC" rng -n 2000 -r 10000000000000 -S 1 >"$T/big.csv" || bad "bounded 10^13 run"
"$PKC" rng -n 2000 -r 18446744073709551615 -S 1 >"$T/max.csv" || bad "bounded 2^64-1 run"
[ "$(stat -c %s "$T/r.bin")" -eq 4099 ] && ok || bad "raw byte count"

# Contents: indexes 0..n-1, values in range, bounded values on the k/(R-1)
# grid with every k of a small range present, bits 0/1, and the stream
# relations between modes (bits = the raw stream MSB first; bounded with
# R = 2^32 = the raw stream's little-endian words; fixedbits -b 8 = bytes/256).
if "$PY" - "$T" <<'EOF'
import sys, csv, os
T = sys.argv[1]
def rows(fn):
    with open(os.path.join(T, fn)) as f:
        r = list(csv.reader(f))
    return r[0], r[1:]
err = []
def check(c, msg):
    if not c:
        err.append(msg)
h, b = rows("b.csv")
check([int(r[0]) for r in b] == list(range(len(b))), "bounded indexes")
v = [float(r[1]) for r in b]
check(all(0.0 <= x <= 1.0 for x in v), "bounded range")
raw = open(os.path.join(T, "r.bin"), "rb").read()
words = [int.from_bytes(raw[4*i:4*i+4], "little") for i in range(1000)]
check(all(round(x * (2**32 - 1)) == w for x, w in zip(v, words)), "bounded R=2^32 != raw words")
h, bits = rows("bits.csv")
want = [(raw[i // 8] >> (7 - i % 8)) & 1 for i in range(777)]
check([int(r[1]) for r in bits] == want, "bits != raw stream MSB first")
h, p = rows("p.csv")
ks = [round(float(x) * 5) for r in p for x in r[1:]]
check(all(abs(float(x) * 5 - round(float(x) * 5)) < 0.05 for r in p for x in r[1:]), "pairs off the k/5 grid")
check(sorted(set(ks)) == [0, 1, 2, 3, 4, 5], "pairs -r 6 does not cover 0..5: %s" % sorted(set(ks)))
h, f = rows("f.csv")
check(all(0.0 <= float(r[1]) < 1.0 for r in f), "fixedbits range")
check(all(len(r[1]) == 19 for r in f), "fixedbits 2048: 17 decimals")
h, f8 = rows("f8.csv")
check(all(round(float(r[1]) * 256) == raw[i] for i, r in enumerate(f8[:4099])), "fixedbits -b 8 != raw bytes/256")
check(len(set(r[1] for r in f8)) == 256, "fixedbits -b 8: not all 256 values seen")
# Ranges above 2^32 (64-bit words, exact 128-bit formatting).
R = 10**13
h, big = rows("big.csv")
ks = [float(r[1]) * (R - 1) for r in big]
check(all(abs(k - round(k)) < 0.05 * R / 1e12 and 0 <= round(k) < R for k in ks), "bounded 10^13 grid")
check(len(set(r[1] for r in big)) == len(big), "bounded 10^13 repeats values")
check(min(ks) < R / 100 and max(ks) > R * 0.99, "bounded 10^13 does not span the range")
h, mx = rows("max.csv")
check(all(0.0 <= float(r[1]) <= 1.0 and len(r[1]) == 21 for r in mx), "bounded 2^64-1 format")
for e in err:
    print("FAIL:", e)
sys.exit(1 if err else 0)
EOF
then ok; else bad "CSV contents"; fi

# --- fixed mode repeats byte for byte (every source with a fixed mode, every mode) ---
for g in drbg lcg biased; do
  for m in bounded bits fixedbits pairs raw; do
    "$PKC" rng -g $g -m $m -n 3000 -S 42 >"$T/a" && "$PKC" rng -g $g -m $m -n 3000 -s fixed -S 42 >"$T/b" \
      && cmp -s "$T/a" "$T/b" && ok || bad "fixed $g $m does not repeat"
    "$PKC" rng -g $g -m $m -n 3000 -S 43 >"$T/c" && ! cmp -s "$T/a" "$T/c" && ok || bad "seeds 42 and 43 give the same $g $m"
  done
done
"$PKC" rng -H sha512 -m raw -n 1000 -S 42 >"$T/s512" && ! cmp -s "$T/s512" <("$PKC" rng -m raw -n 1000 -S 42) \
  && ok || bad "-H sha512 gives the sha256 stream"
# -s fixed without -S is seed 1
cmp -s <("$PKC" rng -m raw -n 100 -s fixed) <("$PKC" rng -m raw -n 100 -S 1) && ok || bad "-s fixed default seed"

# --- random mode does not repeat ---
for g in drbg os lcg biased; do
  "$PKC" rng -g $g -m raw -n 64 >"$T/a" && "$PKC" rng -g $g -m raw -n 64 -s random >"$T/b" \
    && ! cmp -s "$T/a" "$T/b" && ok || bad "random $g repeated"
done

# --- the stream does not depend on the chunking: prefixes agree ---
cmp -s <("$PKC" rng -m raw -n 100 -S 9) <("$PKC" rng -m raw -n 3000000 -S 9 | head -c 100) \
  && ok || bad "raw prefix"
cmp -s <("$PKC" rng -n 10 -S 9) <("$PKC" rng -n 300000 -S 9 | head -11) && ok || bad "bounded prefix"

# --- the reader going away: exit 0, nothing on stderr ---
"$PKC" rng -m raw 2>"$T/err" | head -c 100000 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] && [ ! -s "$T/err" ] && ok || bad "raw | head: exit $rc, stderr: $(cat "$T/err")"
"$PKC" rng -n 10000000 2>"$T/err" | head -3 >/dev/null
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] && [ ! -s "$T/err" ] && ok || bad "csv | head: exit $rc"

# --- -o: complete file, no temporary left behind; -v reports speed ---
"$PKC" rng -n 5000 -S 3 -o "$T/o.csv" -v 2>"$T/err" && cmp -s "$T/o.csv" <("$PKC" rng -n 5000 -S 3) \
  && ok || bad "-o contents"
grep -q 'values/s' "$T/err" && ok || bad "-v prints no speed"
ls -A "$T" | grep -q 'tmp' && bad "temporary file left" || ok
[ "$(stat -c %a "$T/o.csv")" = "$(printf '%o' $((0666 & ~$(umask))))" ] && ok || bad "-o mode $(stat -c %a "$T/o.csv") does not follow the umask $(umask)"

# --- one spelling per meaning, old spellings kept; single-dash long options ---
"$PKC" rng -n 300 -S 5 >"$T/ref.csv"
for spelling in "--out $T/a.csv" "--output $T/a.csv" "-o $T/a.csv" "-out $T/a.csv" "--out=$T/a.csv"; do
  rm -f "$T/a.csv"
  "$PKC" rng -n 300 -S 5 $spelling && cmp -s "$T/a.csv" "$T/ref.csv" && ok || bad "rng $spelling"
done
"$PKC" rng -n 300 -r 6 -S 5 >"$T/r1" && "$PKC" rng -n 300 --range 6 -S 5 >"$T/r2" && "$PKC" rng -n 300 -range 6 -S 5 >"$T/r3" \
  && cmp -s "$T/r1" "$T/r2" && cmp -s "$T/r1" "$T/r3" && ok || bad "-r / --range / -range differ"
"$PKC" rng -m raw -n 500 -H sha512 -S 5 >"$T/h1" && "$PKC" rng -m raw -n 500 -d sha512 -S 5 >"$T/h2" \
  && "$PKC" rng -m raw -n 500 --digest sha512 --seed 5 >"$T/h3" && cmp -s "$T/h1" "$T/h2" && cmp -s "$T/h1" "$T/h3" \
  && ok || bad "-H / -d / --digest, -S / --seed differ"
"$PKC" rng -mode raw -samples 500 -seed 5 -digest sha512 >"$T/h4" && cmp -s "$T/h1" "$T/h4" && ok || bad "single-dash long options"

finish
