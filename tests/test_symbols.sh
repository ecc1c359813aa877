#!/usr/bin/env bash
# Only the pkc_-prefixed API is exported by libpkc.so, and every global
# symbol defined by libpkc.a starts with pkc_ (no clashes with the peers
# linked beside it in the benchmark).
set -u
fail=0
so=$(ls "$BUILD"/libpkc.so 2>/dev/null | head -n1)
a="$BUILD/libpkc.a"
[ -f "$so" ] || { echo "FAIL: $BUILD/libpkc.so not built"; exit 1; }
[ -f "$a" ] || { echo "FAIL: $a not built"; exit 1; }
exported=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVW]$/ {print $3}')
n=$(printf '%s\n' "$exported" | grep -c . || true)
bad=$(printf '%s\n' "$exported" | grep -v '^pkc_' | grep -v '^_' | grep . || true)
if [ -n "$bad" ]; then echo "FAIL: libpkc.so exports non-pkc_ symbols:"; echo "$bad"; fail=1; fi
[ "$n" -gt 0 ] || { echo "FAIL: libpkc.so exports nothing"; fail=1; }
globals=$(nm --defined-only "$a" 2>/dev/null | awk 'NF==3 && $2 ~ /^[TDBRVWG]$/ {print $3}')
badg=$(printf '%s\n' "$globals" | grep -v '^pkc_' | grep -v '^__odr_asan' | grep -v '^__asan' | grep -v '^__ubsan' | grep . || true)
if [ -n "$badg" ]; then echo "FAIL: libpkc.a defines globals without the pkc_ prefix:"; echo "$badg"; fail=1; fi
echo "symbols: $n exported"
[ $fail -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
