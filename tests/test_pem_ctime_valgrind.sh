#!/usr/bin/env bash
# Constant-time test of private-key loading (tests/test_pem_ctime.c --ctime):
# the PEM text of RSA and EC private keys (PKCS#8, PKCS#1, SEC 1) is marked
# undefined under valgrind's memcheck and decoded through the library's
# PEM -> DER -> key-body path. Any "Conditional jump or move depends on
# uninitialised value(s)" or "Use of uninitialised value" (a branch or a
# memory index that depends on the key) fails the test. A canary run, with
# a deliberate branch on a secret character, must be caught first, or this
# test could not fail.
# Without valgrind it prints SKIPPED and fails when CI is set.
set -u
prog="$BUILD/tests/test_pem_ctime"
[ -x "$prog" ] || { echo "FAIL: $prog not built"; exit 1; }
if ! command -v valgrind >/dev/null 2>&1; then
    echo "SKIPPED: valgrind not installed (scripts/deps.sh installs it): PEM constant-time test not run"
    if [ -n "${CI:-}" ]; then
        echo "0 passed, 1 failed (CI is set: a skipped constant-time test is a failure)"
        exit 1
    fi
    exit 0
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT

valgrind --tool=memcheck --error-exitcode=42 --log-file="$log" "$prog" --ctime --canary >/dev/null
crc=$?
if [ $crc -ne 42 ] || ! grep -q "Conditional jump or move depends on uninitialised" "$log"; then
    echo "FAIL: valgrind did not catch the deliberate secret-dependent branch (exit $crc)"
    echo "0 passed, 1 failed"
    exit 1
fi
echo "canary: valgrind reports a deliberate secret-dependent branch"

start=$(date +%s)
valgrind --tool=memcheck --error-exitcode=42 --track-origins=yes --num-callers=30 \
    --log-file="$log" "$prog" --ctime
rc=$?
end=$(date +%s)
if [ $rc -ne 0 ] || grep -qE "Conditional jump or move depends on uninitialised|Use of uninitialised value" "$log"; then
    echo "FAIL: secret-dependent branch or memory access in key loading (valgrind exit $rc):"
    grep -E -A25 "uninitialised|Invalid|ERROR SUMMARY" "$log" | head -150
    echo "0 passed, 1 failed"
    exit 1
fi
grep "ERROR SUMMARY" "$log"
echo "PEM constant-time test passed in $((end - start)) s"
echo "1 passed, 0 failed"
exit 0
