#!/usr/bin/env bash
# pkc prime: generation (exact size, openssl prime agrees, the same prime in
# decimal and in --hex, a fixed seed repeats it, -o writes it, 0644 under
# umask 022), and --test (exit 0 "prime" / 1 "composite") on known primes
# and composites in decimal and 0x-hex, on openssl's primes, on Carmichael
# numbers and strong pseudoprimes to fixed bases; bad input exits 2 with
# one line.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
command -v openssl >/dev/null 2>&1 || skip_test "openssl missing (scripts/deps.sh installs it)"
cd "$T" || exit 2

# ---- generation ----
for b in 32 100 512 1024; do
    d=$("$PKC" prime -b $b -S $b) || bad "-b $b"
    h=$("$PKC" prime -b $b -S $b --hex) || bad "-b $b --hex"
    "$PY" - "$d" "$h" "$b" <<'EOF' && ok || bad "-b $b: decimal $d and hex $h"
import sys
d, h, b = int(sys.argv[1]), int(sys.argv[2], 16), int(sys.argv[3])
assert d == h and d.bit_length() == b and (d >> (b - 2)) == 3 and d % 2 == 1
EOF
    openssl prime "$d" | grep -q 'is prime' && ok || bad "openssl: the $b-bit $d is not prime"
done
[ "$("$PKC" prime -b 256 -S 5)" = "$("$PKC" prime -b 256 -S 5)" ] && ok || bad "-S does not repeat"
[ "$("$PKC" prime -b 256)" != "$("$PKC" prime -b 256)" ] && ok || bad "two unseeded primes are equal"
(umask 022 && "$PKC" prime -b 128 -S 3 --hex -o p.txt) && [ "$(cat p.txt)" = "$("$PKC" prime -b 128 -S 3 --hex)" ] &&
    [ "$(stat -c %a p.txt)" = 644 ] && ok || bad "-o p.txt"
"$PKC" prime -b 64 -e 3 -S 9 >p3 && "$PY" - "$(cat p3)" <<'EOF' && ok || bad "-e 3: p - 1 divisible by 3"
import sys
assert (int(sys.argv[1]) - 1) % 3 != 0
EOF

# ---- --test ----
isprime() { # WHAT N: must say prime, exit 0
    local out rc
    out=$("$PKC" prime --test "$2" 2>&1)
    rc=$?
    [ $rc -eq 0 ] && [ "$out" = prime ] && ok || bad "$1: exit $rc, '$out' (expected prime)"
}
iscomposite() { # WHAT N: must say composite, exit 1
    local out rc
    out=$("$PKC" prime --test "$2" 2>&1)
    rc=$?
    [ $rc -eq 1 ] && [ "$out" = composite ] && ok || bad "$1: exit $rc, '$out' (expected composite)"
}
for n in 2 3 5 7 65521 65537 4294967291; do isprime "$n" "$n"; done
for n in 0 1 4 9 65535 65536 4294967295; do iscomposite "$n" "$n"; done
isprime "2^127 - 1" 170141183460469231731687303715884105727
isprime "2^521 - 1 in hex" 0x1$(printf 'F%.0s' $(seq 130))
isprime "2^64 - 59 in hex" 0xFFFFFFFFFFFFFFC5
isprime "2^64 - 59 in lower-case hex" 0xffffffffffffffc5
iscomposite "2^64 - 1" 0xFFFFFFFFFFFFFFFF
for b in 256 1024 2048; do
    isprime "openssl's $b-bit prime" "$(openssl prime -generate -bits $b)"
done
# Carmichael numbers, strong pseudoprimes to all prime bases up to 2, 7,
# 23, 37 and 41 (Sorenson-Webster psi_12, psi_13), a product of two primes
for n in 561 41041 825265 321197185 2047 3215031751 3825123056546413051 \
    318665857834031151167461 3317044064679887385961981; do
    iscomposite "pseudoprime $n" "$n"
done
p=$(openssl prime -generate -bits 512) q=$(openssl prime -generate -bits 512)
iscomposite "p q" "$("$PY" -c "print($p * $q)")"
# (one round on a prime: a composite could pass one round by chance)
"$PKC" prime --test 0xFFFFFFFFFFFFFFC5 --rounds 1 -v >out 2>err
[ $? -eq 0 ] && grep -q '^pkc prime: 64 bits, 1 Miller-Rabin' err && ok || bad "--rounds 1 -v: $(cat err)"

# ---- bad input ----
expect_rc 2 "no mode" "$PKC" prime
expect_rc 2 "both modes" "$PKC" prime -b 64 --test 7
expect_rc 2 "-b too small" "$PKC" prime -b 31
expect_rc 2 "-b too large" "$PKC" prime -b 8193
expect_rc 2 "-b not a number" "$PKC" prime -b abc
expect_rc 2 "even -e" "$PKC" prime -b 64 -e 4
expect_rc 2 "--test not a number" "$PKC" prime --test 12a
expect_rc 2 "--test negative" "$PKC" prime --test -5
expect_rc 2 "--test empty hex" "$PKC" prime --test 0x
expect_rc 2 "--test bad hex" "$PKC" prime --test 0xZZ
expect_rc 2 "--test too large" "$PKC" prime --test "0x1$(head -c 4096 /dev/zero | tr '\0' 0)"
expect_rc 2 "--rounds 0" "$PKC" prime --test 7 --rounds 0
expect_rc 2 "--rounds with -b" "$PKC" prime -b 64 --rounds 3
expect_rc 2 "--hex with --test" "$PKC" prime --test 7 --hex
finish
