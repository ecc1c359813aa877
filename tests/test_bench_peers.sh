#!/usr/bin/env bash
# pkc bench — every peer-library provider compiled in (all but pkc's own)
# runs every RSA-1024 and secp256r1 case its --list line claims, and each
# passes the engine's check before it is timed: signatures of all 64 pool
# keys verify and tampered ones do not, OAEP and raw operations invert,
# shared secrets equal pkc's for every pool entry. A provider that fails a
# check, or drops a case it claims, fails the test. Budgets are tiny: this
# checks results, not speed.
set -u
PKC=${PKC:-build/pkc}
PYTHON=${PYTHON:-/usr/bin/python3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

"$PKC" bench --list >"$T/list" || { echo "FAIL: --list" >&2; exit 1; }
# the providers section: "  NAME  LIBRARY (VERSION)", up to the first blank line
peers=$(awk '/^Providers compiled in:/ {on = 1; next} on && /^$/ {exit} on {print $1}' "$T/list" |
    grep -v '^pkc')
if [ -z "$peers" ]; then
    echo "SKIPPED: no peer library provider compiled in"
    [ -z "${CI:-}" ]
    exit
fi

for p in $peers; do
    # a case that fails its check is reported on stderr as "pkc bench: CASE:
    # reason" (CASE = provider/ALG/param/op); the run may still exit 0
    if "$PKC" bench --providers "$p" -b 1024 -c secp256r1 --ops RSA,ECDSA,ECDH \
        --time-budget 0.01 --target-ms 1 -q --csv "$T/$p.csv" >/dev/null 2>"$T/$p.err" &&
        ! grep -q '^pkc bench: [^ ]*/[^ ]*: ' "$T/$p.err"; then
        ok
    else
        bad "$p: $(grep -v 'warning' "$T/$p.err")"
        continue
    fi
    # the cases run are exactly those --list claims for RSA-1024 and secp256r1
    "$PYTHON" - "$T/list" "$T/$p.csv" "$p" <<'EOF' && ok || bad "$p: the cases run differ from --list"
import csv, re, sys
listing, table, prov = sys.argv[1], sys.argv[2], sys.argv[3]
want, mine = set(), False
for line in open(listing):
    m = re.match(r"^  (\S+)\s*$", line)
    if m:
        mine = m.group(1) == prov
        continue
    m = re.match(r"^    (RSA|ECDSA|ECDH)\s+(.*?):\s+(.*)$", line)
    if mine and m:
        param = "1024" if m.group(1) == "RSA" else "secp256r1"
        if param in m.group(2).split():
            want |= {(m.group(1), op) for op in m.group(3).split()}
got = {(r["algorithm"], r["operation"]) for r in csv.DictReader(open(table)) if r["provider"] == prov}
if not want or got != want:
    print(prov, "claims", sorted(want), "ran", sorted(got), file=sys.stderr)
    sys.exit(1)
EOF
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
