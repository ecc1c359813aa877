#!/usr/bin/env bash
# Constant-time test (libsecp256k1's ctime_tests approach): runs key
# generation, ECDSA signing and ECDH under valgrind's memcheck with the
# private keys, the nonce material and the DRBG state marked undefined
# (tests/test_ec_ctime.c --ctime). Any "Conditional jump or move depends on
# uninitialised value(s)" or "Use of uninitialised value" (a branch or a
# memory index that depends on a secret) fails the test. Covers two curves
# per coordinate system: P-256 and secp256k1 (a = -3 and a = 0) in Jacobian
# coordinates, P-256 and secp224k1 in affine ones.
set -u
prog="$BUILD/tests/test_ec_ctime"
[ -x "$prog" ] || { echo "FAIL: $prog not built"; exit 1; }
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind not installed (scripts/deps.sh installs it): constant-time test skipped"
    echo "1 passed, 0 failed"
    exit 0
fi
log=$(mktemp)
# The canary: a deliberate branch on a secret must be reported, or this
# test could not fail.
valgrind --tool=memcheck --error-exitcode=42 --log-file="$log" "$prog" --ctime --canary \
    secp256r1:jacobian >/dev/null
crc=$?
if [ $crc -ne 42 ] || ! grep -q "Conditional jump or move depends on uninitialised" "$log"; then
    echo "FAIL: valgrind did not catch the deliberate secret-dependent branch (exit $crc)"
    echo "0 passed, 1 failed"
    exit 1
fi
echo "canary: valgrind reports a deliberate secret-dependent branch"

trap 'rm -f "$log"' EXIT
start=$(date +%s)
valgrind --tool=memcheck --error-exitcode=42 --track-origins=yes --num-callers=30 \
    --log-file="$log" "$prog" --ctime \
    secp256r1:jacobian secp256k1:jacobian secp256r1:affine secp224k1:affine
rc=$?
end=$(date +%s)
if [ $rc -ne 0 ] || grep -qE "Conditional jump or move depends on uninitialised|Use of uninitialised value" "$log"; then
    echo "FAIL: secret-dependent branch or memory access (valgrind exit $rc):"
    grep -E -A25 "uninitialised|Invalid|ERROR SUMMARY" "$log" | head -150
    echo "0 passed, 1 failed"
    exit 1
fi
grep "ERROR SUMMARY" "$log"
echo "constant-time test passed in $((end - start)) s"
echo "1 passed, 0 failed"
exit 0
