#!/usr/bin/env bash
# External batteries on `pkc rng -m raw` streams (a few seconds in all):
#  - ent on 4 MB of DRBG output: entropy, chi-square, mean, Monte Carlo pi and
#    serial correlation all where a good generator puts them; ent must in
#    turn flag the reference weak generators (biased: chi-square; the LCG:
#    a too-perfect chi-square);
#  - two quick dieharder tests (sts_monobit, diehard_runs) on the DRBG
#    stream piped into `dieharder -g 200`: PASSED (never FAILED), and the
#    same tests FAILED on the biased source and on the LCG.
# Fixed seeds: the verdicts are reproducible.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must point at the pkc command}

for tool in ent dieharder; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "FAIL: $tool is not installed: run scripts/deps.sh (Debian package $tool)"
    exit 1
  fi
done

# --- ent ---
"$PKC" rng -m raw -n 4000000 -S 1 | ent >"$T/ent.txt" || bad "ent on the DRBG"
"$PKC" rng -m raw -n 4000000 -S 1 | ent -t >"$T/ent.csv" || bad "ent -t on the DRBG"
IFS=, read -r _ bytes entropy chi mean pi serial < <(sed -n 2p "$T/ent.csv")
pct=$(sed -n 's/.*would exceed this value \(.*\) percent.*/\1/p' "$T/ent.txt")
echo "ent (DRBG, 4 MB): entropy $entropy bits/byte, chi-square $chi (exceeded ${pct}% of the time), mean $mean, pi $pi, serial correlation $serial"
awk -v b="$bytes" -v e="$entropy" -v m="$mean" -v p="$pi" -v s="$serial" -v c="$pct" 'BEGIN {
  bad = 0
  if (b != 4000000) { print "FAIL: ent read " b " bytes"; bad = 1 }
  if (e < 7.9998) { print "FAIL: entropy " e " < 7.9998 bits/byte"; bad = 1 }
  if (m < 127.2 || m > 127.8) { print "FAIL: mean " m " not 127.5 +- 0.3"; bad = 1 }
  d = (p - 3.14159265) / 3.14159265; if (d < 0) d = -d
  if (d > 0.005) { print "FAIL: Monte Carlo pi " p " off by more than 0.5%"; bad = 1 }
  if (s > 0.003 || s < -0.003) { print "FAIL: serial correlation " s; bad = 1 }
  # "less than 0.01" / "more than than 99.99" do not parse as plain numbers: fail.
  if (c !~ /^[0-9.]+$/ || c < 0.1 || c > 99.9) { print "FAIL: chi-square exceeded " c "% of the time"; bad = 1 }
  exit bad }' && ok || bad "ent figures on the DRBG"

"$PKC" rng -m raw -n 4000000 -g biased -S 1 | ent >"$T/ent_b.txt"
grep -q 'would exceed this value less than 0.01 percent' "$T/ent_b.txt" && ok \
  || bad "ent does not flag the biased source: $(grep -A1 'Chi square' "$T/ent_b.txt")"
"$PKC" rng -m raw -n 4000000 -g lcg -S 1 | ent >"$T/ent_l.txt"
grep -q 'would exceed this value more than' "$T/ent_l.txt" && ok \
  || bad "ent does not flag the LCG's too-perfect byte counts: $(grep -A1 'Chi square' "$T/ent_l.txt")"

# --- dieharder ---
dh() { # generator test-number -> dieharder's result lines in $T/dh.txt
  "$PKC" rng -m raw -g "$1" -S 1 2>"$T/dh_err" | dieharder -g 200 -d "$2" >"$T/dh.txt" 2>&1
  local st=("${PIPESTATUS[@]}")
  if [ "${st[0]}" -ne 0 ] || [ -s "$T/dh_err" ]; then
    bad "pkc rng -m raw | dieharder: pkc exited ${st[0]} (want 0 when the reader stops): $(cat "$T/dh_err")"
  fi
  [ "${st[1]}" -eq 0 ] || bad "dieharder -d $2 exited ${st[1]}"
  grep -E 'PASSED|WEAK|FAILED' "$T/dh.txt"
}
for d in 100 15; do
  out=$(dh drbg $d)
  echo "dieharder -d $d on the DRBG:"; echo "$out"
  if [ -n "$out" ] && ! grep -q FAILED <<<"$out" && grep -q PASSED <<<"$out"; then ok; else bad "dieharder -d $d on the DRBG"; fi
done
out=$(dh biased 100)
grep -q FAILED <<<"$out" && ok || bad "dieharder sts_monobit does not fail the biased source: $out"
out=$(dh lcg 15)
grep -q FAILED <<<"$out" && ok || bad "dieharder diehard_runs does not fail the LCG: $out"

finish
