#!/usr/bin/env bash
# `pkc hash` with SHA-3 and SHAKE (FIPS 202): -d sha3-224..512 against
# `openssl dgst -sha3-N` (and sha3sum when installed, byte for byte) on
# files around the rates, a multi-megabyte file, several files and stdin;
# the spellings (SHA3-256, sha3_256, -sha3-256); shake128/shake256 with the
# default lengths and --length N (and -xoflen) against `openssl dgst
# -shakeN -xoflen N`; -c on SHA-3 lists (with -d, or tagged lines); bad
# --length values, --length with a fixed-length digest and SHAKE with -c
# (exit 2); sign and encrypt refusing SHA-3 digests (exit 2).
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must name the pkc binary}
command -v openssl >/dev/null || skip_test "openssl not found"
openssl dgst -sha3-256 </dev/null >/dev/null 2>&1 || skip_test "this openssl has no SHA-3"
cd "$T" || exit 1

: > empty
printf 'abc' > abc
files=(empty abc)
for n in 1 71 72 73 103 104 105 135 136 137 143 144 145 167 168 169 288 1000; do
    head -c $n /dev/urandom > "len$n"
    files+=("len$n")
done
head -c $((3 * 1024 * 1024 + 17)) /dev/urandom > big3m
files+=(big3m)

# the hex digest of openssl dgst's "ALG(NAME)= HEX"
ossl_hex() { openssl dgst "$@" | sed 's/.*= //'; }

for bits in 224 256 384 512; do
    for f in "${files[@]}"; do
        want="$(ossl_hex -sha3-$bits "$f")  $f"
        got=$("$PKC" hash -d sha3-$bits "$f")
        if [ "$got" = "$want" ]; then ok; else bad "sha3-$bits $f: '$got' != '$want'"; fi
    done
    # several files at once, in order; stdin shown as -
    want=$(for f in abc len136 empty; do echo "$(ossl_hex -sha3-$bits "$f")  $f"; done)
    if [ "$("$PKC" hash -d sha3-$bits abc len136 empty)" = "$want" ]; then ok; else bad "sha3-$bits: three files"; fi
    if [ "$("$PKC" hash -d sha3-$bits < len1000)" = "$(ossl_hex -sha3-$bits len1000)  -" ]; then ok; else
        bad "sha3-$bits: stdin"; fi
    if command -v sha3sum >/dev/null; then
        if cmp -s <("$PKC" hash -d sha3-$bits "${files[@]}") <(sha3sum -a $bits "${files[@]}"); then ok; else
            bad "sha3-$bits differs from sha3sum"; fi
    fi
done
command -v sha3sum >/dev/null || echo "note: sha3sum not installed; checked against openssl dgst only"

# spellings of the digest
for spelling in "-d SHA3-384" "-d sha3_384" "--digest=Sha3-384" "-a sha3-384" "-sha3-384"; do
    # shellcheck disable=SC2086 # the spelling is meant to split
    if [ "$("$PKC" hash $spelling abc)" = "$(ossl_hex -sha3-384 abc)  abc" ]; then ok; else
        bad "hash $spelling"; fi
done

# SHAKE: default lengths (32 and 64 bytes), then --length N
for f in empty abc len136 len168 len1000; do
    if [ "$("$PKC" hash -d shake128 "$f")" = "$(ossl_hex -shake128 -xoflen 32 "$f")  $f" ]; then ok; else
        bad "shake128 $f (default 32 bytes)"; fi
    if [ "$("$PKC" hash -d shake256 "$f")" = "$(ossl_hex -shake256 -xoflen 64 "$f")  $f" ]; then ok; else
        bad "shake256 $f (default 64 bytes)"; fi
done
for n in 1 2 31 135 136 137 167 168 169 337 4097; do
    for b in 128 256; do
        want="$(ossl_hex -shake$b -xoflen $n len1000)  len1000"
        if [ "$("$PKC" hash -d shake$b --length $n len1000)" = "$want" ]; then ok; else
            bad "shake$b --length $n"; fi
    done
done
want="$(ossl_hex -shake256 -xoflen 100 big3m)  big3m"
if [ "$("$PKC" hash -shake256 -xoflen 100 big3m)" = "$want" ]; then ok; else bad "-shake256 -xoflen 100"; fi
if [ "$("$PKC" hash --length=100 -d SHAKE256 big3m)" = "$want" ]; then ok; else bad "--length=100 -d SHAKE256"; fi
# the longest output, 1 MiB (2 MiB of hex), against Python's hashlib
"$PKC" hash -d shake128 --length 1048576 abc > long.txt
py=$("$PY" -c 'import hashlib; print(hashlib.shake_128(b"abc").hexdigest(1 << 20) + "  abc")')
if [ "$(cat long.txt)" = "$py" ]; then ok; else bad "shake128 --length 1048576"; fi

# -c with SHA-3: a list made by pkc hash -d, checked with -d; tagged lines
"$PKC" hash -d sha3-256 abc len136 empty > list
check "-c -d sha3-256" "$PKC" hash -c -d sha3-256 list
if [ "$(cat "$T/out")" = "$(printf 'abc: OK\nlen136: OK\nempty: OK')" ]; then ok; else bad "-c -d sha3-256 output"; fi
for bits in 224 512; do
    echo "SHA3-$bits (abc) = $(ossl_hex -sha3-$bits abc)" > tagged
    check "-c tagged SHA3-$bits" "$PKC" hash -c tagged
done
echo "SHA3-256 (abc) = $(ossl_hex -sha3-256 len1)" > tagged
expect_rc 1 "-c tagged SHA3-256 mismatch" "$PKC" hash -c --status tagged

# bad usage: exit 2 with one error line
for args in "-d shake128 --length 0 abc" "-d shake128 --length -1 abc" "-d shake256 --length abc abc" \
    "-d shake256 --length 1048577 abc" "-d shake256 --length= abc" "-d shake256 --length 1e3 abc" \
    "-d sha3-256 --length 32 abc" "--length 32 abc" "-d shake128 --length" \
    "-c -d shake256 list" "-c --length 32 list" "-d sha3-255 abc" "-d sha3 abc" "-d shake512 abc" \
    "-d sha3256 abc"; do
    # shellcheck disable=SC2086 # the arguments are meant to split
    expect_rc 2 "hash $args" "$PKC" hash $args
done

# SHA-3 is for pkc hash only: sign and encrypt refuse it clearly
expect_rc 2 "sign -d sha3-256" "$PKC" sign -d sha3-256 abc
if grep -q "SHA-3" "$T/err"; then ok; else bad "sign -d sha3-256: message does not say SHA-3"; fi
expect_rc 2 "encrypt -d sha3-512" "$PKC" encrypt -d sha3-512 abc
if grep -q "SHA-3" "$T/err"; then ok; else bad "encrypt -d sha3-512: message does not say SHA-3"; fi

# the help names them
"$PKC" hash --help > help.txt
for w in sha3-256 shake128 shake256 --length; do
    if grep -q -- "$w" help.txt; then ok; else bad "--help does not mention $w"; fi
done
finish
