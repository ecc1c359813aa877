#!/usr/bin/env bash
# Constant-time test (libsecp256k1's ctime_tests approach): runs every
# --ctime program below under valgrind's memcheck, with the secrets marked
# undefined by the program itself (private keys, nonces, the DRBG state,
# the RSA primes and exponents with their precomputed constants and the
# blinding cache; GHASH's subkey and data; AES keys and plaintexts). Any
# "Conditional jump or move depends on uninitialised value(s)" or "Use of
# uninitialised value" (a branch or a memory index that depends on a
# secret) fails the test. First, for each program, a canary run with a
# deliberate branch on a secret must be reported, or the test could not
# fail.
#
# Without valgrind this test fails; PKC_SKIP_CTIME=1 skips it explicitly
# (it prints SKIPPED and returns 77, which CTest shows as skipped), and is
# refused when CI is set.
#
# To add a program: one line in PROGRAMS, "name|canary arguments|arguments".
# The program takes `--ctime [--canary] ARGS...`, marks its secrets with
# VALGRIND_MAKE_MEM_UNDEFINED, exits 0 when its own checks pass, and with
# --canary branches once on a secret.
set -u
PROGRAMS=(
    # every curve x coordinate system (its default): keygen, ECDSA sign, ECDH
    # (and, Jacobian only, Massey-Omura and EC-ElGamal encrypt/decrypt);
    # the binary curves (the Montgomery ladder for d G and d Q) with each
    # GF(2^m) multiplier, PCLMULQDQ (if the CPU has it) and the portable one;
    # P-384 with each field product, MULX/ADX (forced: valgrind's cpuid hides
    # ADX) and the portable one
    "test_ec_ctime|secp256r1:jacobian sect283k1:jacobian:portable|"
    # RSA: keygen 1024/2048, key loading, the private operation (raw, PKCS#1
    # v1.5, PSS, OAEP valid and tampered) with rsa_mont.c and with rsa_ifma.c
    # (its portable emulation: valgrind has no AVX-512), check_private
    "test_rsa_ctime|private:1024 load:1024 ifma:1024|"
    # private keys from PEM (RSA and EC, every envelope), RSA keys built and
    # checked too
    "test_pem_ctime||"
    # GHASH (src/sym/ghash.c): H and the data secret, the portable and the
    # PCLMULQDQ multipliers (valgrind does not emulate AVX-512)
    "test_ghash_ctime|portable|"
    # AES: the key schedule, blocks, ECB, CBC, CTR on the portable
    # (bitsliced) and AES-NI paths (valgrind has no AVX-512: not VAES);
    # PKCS#7 unpadding of secret buffers, good and bad
    "test_aes_ctime||"
    # AES-GCM: key, plaintext and AAD secret; portable, and AES-NI + PCLMULQDQ
    "test_gcm_ctime||"
    # SHA-3 (Keccak-f[1600]): SHA3-224..512, SHAKE128/256 absorbing and
    # squeezing a secret input, HMAC-SHA3-256 with a secret key
    "test_sha3_ctime||"
    # X25519 keygen, public key, shared secret (good and small-order peer);
    # Ed25519 keygen, key_from_seed, sign (seed, keys, DRBG state secret)
    "test_curve25519_ctime||"
    # X448 keygen/public_key (edwards448's comb) and derive (the ladder);
    # Ed448 key_from_seed, keygen, sign (the comb, scalars mod L, SHAKE256)
    "test_curve448_ctime||"
)

pass=0
fail=0
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit $?
}

if [ "${PKC_SKIP_CTIME:-0}" = 1 ]; then
    if [ -n "${CI:-}" ]; then
        echo "FAIL: PKC_SKIP_CTIME=1 is not allowed when CI is set"
        fail=$((fail + 1))
        finish
    fi
    echo "SKIPPED: constant-time test (PKC_SKIP_CTIME=1)"
    exit 77
fi
if ! command -v valgrind >/dev/null 2>&1; then
    echo "FAIL: valgrind not installed (scripts/deps.sh installs it; PKC_SKIP_CTIME=1 skips this test)"
    fail=$((fail + 1))
    finish
fi

log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
uninit="Conditional jump or move depends on uninitialised|Use of uninitialised value"
for entry in "${PROGRAMS[@]}"; do
    IFS='|' read -r name canary_args args <<<"$entry"
    prog="$BUILD/tests/$name"
    if [ ! -x "$prog" ]; then
        echo "FAIL: $prog not built"
        fail=$((fail + 1))
        continue
    fi
    # shellcheck disable=SC2086 # the argument lists are meant to split
    valgrind --tool=memcheck --error-exitcode=42 --log-file="$log" "$prog" --ctime --canary \
        $canary_args >/dev/null
    crc=$?
    if [ $crc -ne 42 ] || ! grep -qE "$uninit" "$log"; then
        echo "FAIL: $name: valgrind did not catch the deliberate secret-dependent branch (exit $crc)"
        fail=$((fail + 1))
        continue
    fi
    echo "$name: canary caught (valgrind reports the deliberate secret-dependent branch)"
    pass=$((pass + 1))

    start=$(date +%s)
    # without --track-origins (it doubles the run time); a failing program
    # runs again with it, so that the report says where the secret came from
    # shellcheck disable=SC2086
    valgrind --tool=memcheck --error-exitcode=42 --num-callers=30 \
        --log-file="$log" "$prog" --ctime $args >"$out"
    rc=$?
    end=$(date +%s)
    if [ $rc -ne 0 ] || grep -qE "$uninit" "$log"; then
        echo "FAIL: $name: secret-dependent branch or memory access, or a failed check (exit $rc):"
        # shellcheck disable=SC2086
        valgrind --tool=memcheck --error-exitcode=42 --track-origins=yes --num-callers=30 \
            --log-file="$log" "$prog" --ctime $args >"$out"
        grep -E -A25 "uninitialised|Invalid|ERROR SUMMARY" "$log" | head -150
        tail -20 "$out"
        fail=$((fail + 1))
        continue
    fi
    echo "$name: constant time under valgrind ($(grep -o "ERROR SUMMARY.*" "$log"), $((end - start)) s)"
    pass=$((pass + 1))
done
finish
