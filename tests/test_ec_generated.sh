#!/usr/bin/env bash
# The curve data has one source, tools/gen_ec_consts.py: the committed
# src/ec/<curve>.c, src/ec/curve_params.c and tests/exhaustive/toy_*
# must be exactly what it writes (from `openssl ecparam`). Fails if a file
# was edited by hand or the generator changed without regenerating.
set -u
pass=0 fail=0
if ! command -v openssl >/dev/null 2>&1; then
    echo "SKIPPED: the openssl command is missing (scripts/deps.sh installs it)"
    [ -n "${CI:-}" ] && { echo "0 passed, 1 failed"; exit 1; }
    echo "0 passed, 0 failed"; exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! "${PYTHON:-/usr/bin/python3}" "$SRC/tools/gen_ec_consts.py" --out "$out"; then
    echo "FAIL: the generator failed"; echo "0 passed, 1 failed"; exit 1
fi
n=0
for f in $(cd "$out" && find . -type f | sort); do
    n=$((n + 1))
    if cmp -s "$out/$f" "$SRC/$f"; then
        pass=$((pass + 1))
    else
        echo "FAIL: $f differs from what tools/gen_ec_consts.py writes:"
        diff -u "$SRC/$f" "$out/$f" | head -20
        fail=$((fail + 1))
    fi
done
[ "$n" -ge 16 ] || { echo "FAIL: the generator wrote only $n files"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
