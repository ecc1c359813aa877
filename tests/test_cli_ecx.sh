#!/usr/bin/env bash
# X25519, Ed25519, X448 and Ed448 through the pkc command, against the
# openssl command line both ways: keygen (PKCS#8, RFC 8410) read by
# `openssl pkey -check`, OpenSSL's keys read by pkc; pubkey to the same
# SPKI as `openssl pkey -pubout`; sign/verify of the message itself against
# `openssl pkeyutl -sign/-verify -rawin`; derive against `openssl pkeyutl
# -derive`; key -text. Bad input: -d with an Ed key, an X key that signs,
# an Ed key that derives, keys of two types, a signature of the wrong
# length (exit 2), a tampered one (exit 1), a peer key of small order.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must point at the pkc command}
command -v openssl >/dev/null || skip_test "openssl not found"
cd "$T" || exit 1
head -c 3000 /dev/urandom >msg
: >empty

for t in x25519 ed25519 x448 ed448; do
    check "$t: keygen" "$PKC" keygen -t "$t" -o "$t.pem"
    check "$t: openssl pkey -check" openssl pkey -in "$t.pem" -check -noout
    openssl pkey -in "$t.pem" -noout -text >"$t.txt" 2>/dev/null
    grep -qi "^$t private-key" "$t.txt" && ok || bad "$t: openssl -text: $(head -1 "$t.txt")"
    [ "$(stat -c %a "$t.pem")" = 600 ] && ok || bad "$t: key mode"
    check "$t: pubkey" "$PKC" pubkey -i "$t.pem" -o "$t.pub"
    openssl pkey -in "$t.pem" -pubout -out "$t.opub"
    cmp -s "$t.pub" "$t.opub" && ok || bad "$t: pubkey differs from openssl pkey -pubout"
    # OpenSSL's key, read and written back the same
    openssl genpkey -algorithm "$t" -out "$t.ossl.pem"
    check "$t: OpenSSL's key" "$PKC" key -i "$t.ossl.pem" -o "$t.again.pem"
    cmp -s "$t.ossl.pem" "$t.again.pem" && ok || bad "$t: OpenSSL's key not written back as read"
    check "$t: key --outform der" "$PKC" key -i "$t.pem" --outform der -o "$t.der"
    openssl pkey -in "$t.pem" -outform DER -out "$t.oder"
    cmp -s "$t.der" "$t.oder" && ok || bad "$t: DER differs from openssl's"
    # -text: the raw keys, as OpenSSL prints them
    "$PKC" key -i "$t.pem" -text --noout >"$t.ptxt"
    diff <(grep -v '^ *$' "$t.txt") <(grep -v '^ *$' "$t.ptxt") >/dev/null && ok ||
        bad "$t: key -text differs from openssl's: $(diff "$t.txt" "$t.ptxt" | head -4)"
done

# ---- signatures: both ways; the empty message within pkc (OpenSSL 3.0's
# pkeyutl -rawin cannot read an empty input: "Could not allocate 0 bytes") ----
printf x >one
for t in ed25519 ed448; do
    check "$t: sign empty" "$PKC" sign -i "$t.pem" -o "$t.empty.sig" empty
    check "$t: verify empty" "$PKC" verify -p "$t.pub" -s "$t.empty.sig" empty
    grep -q '^Verified OK$' "$T/out" && ok || bad "$t: Verified OK (empty)"
    expect_rc 1 "$t: empty's signature on another message" "$PKC" verify -p "$t.pub" -s "$t.empty.sig" one
    for m in msg one; do
        check "$t: sign $m" "$PKC" sign -i "$t.pem" -o "$t.$m.sig" "$m"
        openssl pkeyutl -sign -inkey "$t.pem" -rawin -in "$m" -out "$t.$m.osig" 2>/dev/null
        cmp -s "$t.$m.sig" "$t.$m.osig" && ok || bad "$t: signature of $m differs from OpenSSL's"
        openssl pkeyutl -verify -pubin -inkey "$t.pub" -rawin -in "$m" -sigfile "$t.$m.sig" >/dev/null &&
            ok || bad "$t: openssl does not verify pkc's signature of $m"
        check "$t: verify $m" "$PKC" verify -p "$t.pub" -s "$t.$m.osig" "$m"
        grep -q '^Verified OK$' "$T/out" && ok || bad "$t: Verified OK"
    done
    expect_rc 1 "$t: other message" "$PKC" verify -p "$t.pub" -s "$t.msg.sig" empty
    grep -q '^Verification failure$' "$T/out" && ok || bad "$t: Verification failure"
    cp "$t.msg.sig" bad.sig
    flip_byte bad.sig 40
    expect_rc 1 "$t: tampered signature" "$PKC" verify -p "$t.pub" -s bad.sig msg
    head -c 63 "$t.msg.sig" >short.sig
    expect_rc 2 "$t: short signature" "$PKC" verify -p "$t.pub" -s short.sig msg
    grep -q 'wrong length' "$T/err" && ok || bad "$t: short signature reason: $(cat "$T/err")"
    expect_rc 2 "$t: -d" "$PKC" sign -i "$t.pem" -d sha512 msg
    grep -q 'signs the message itself' "$T/err" && ok || bad "$t: -d reason: $(cat "$T/err")"
    expect_rc 2 "$t: --digest-in" "$PKC" verify -p "$t.pub" -s "$t.msg.sig" --digest-in msg
    expect_rc 2 "$t: --pss" "$PKC" sign -i "$t.pem" --pss msg
    expect_rc 2 "$t: derive" "$PKC" derive -i "$t.pem" -p "$t.pub"
    expect_rc 2 "$t: public key signs" "$PKC" sign -i "$t.pub" msg
    check "$t: encoding hex" "$PKC" sign -i "$t.pem" --encoding hex -o "$t.hex" msg
    check "$t: verify hex" "$PKC" verify -p "$t.pub" -s "$t.hex" --encoding hex msg
done
# S + L (RFC 8032 section 5.1.7: S must be below L): refused, exit 1
"$PY" - ed25519.msg.sig >sl.sig <<'PYEOF'
import sys
s = open(sys.argv[1], 'rb').read()
L = 2**252 + 27742317777372353535851937790883648493
S = int.from_bytes(s[32:], 'little') + L
sys.stdout.buffer.write(s[:32] + S.to_bytes(32, 'little'))
PYEOF
expect_rc 1 "ed25519: S + L" "$PKC" verify -p ed25519.pub -s sl.sig msg
openssl pkeyutl -verify -pubin -inkey ed25519.pub -rawin -in msg -sigfile sl.sig >/dev/null 2>&1 &&
    bad "openssl accepts S + L" || ok

# ---- key agreement ----
for t in x25519 x448; do
    "$PKC" keygen -t "$t" -o "$t.b.pem"
    "$PKC" pubkey -i "$t.b.pem" -o "$t.b.pub"
    check "$t: derive" "$PKC" derive -i "$t.pem" -p "$t.b.pub" -o "$t.z1"
    check "$t: derive back" "$PKC" derive -i "$t.b.pem" -p "$t.pub" -o "$t.z2"
    cmp -s "$t.z1" "$t.z2" && ok || bad "$t: the two sides differ"
    openssl pkeyutl -derive -inkey "$t.pem" -peerkey "$t.b.pub" -out "$t.oz" 2>/dev/null
    cmp -s "$t.z1" "$t.oz" && ok || bad "$t: differs from openssl pkeyutl -derive"
    want=$([ $t = x25519 ] && echo 32 || echo 56)
    [ "$(wc -c <"$t.z1")" -eq "$want" ] && ok || bad "$t: secret length"
    [ "$(stat -c %a "$t.z1")" = 600 ] && ok || bad "$t: secret file mode"
    check "$t: derive --kdf" "$PKC" derive -i "$t.pem" -p "$t.b.pub" --kdf hkdf-sha256 -o "$t.k"
    expect_rc 2 "$t: sign" "$PKC" sign -i "$t.pem" msg
    grep -q 'do not sign' "$T/err" && ok || bad "$t: sign reason: $(cat "$T/err")"
    expect_rc 2 "$t: public key derives" "$PKC" derive -i "$t.pub" -p "$t.b.pub"
done
expect_rc 2 "x25519 with x448" "$PKC" derive -i x25519.pem -p x448.b.pub
grep -q 'different curves' "$T/err" && ok || bad "mixed types reason: $(cat "$T/err")"
"$PKC" keygen -t ec -c P-256 -o p256.pem
expect_rc 2 "x25519 with P-256" "$PKC" derive -i x25519.pem -p p256.pem
# a peer public key of small order (u = 1): the secret is all zero
"$PY" - >small.der <<'PYEOF'
import sys
sys.stdout.buffer.write(bytes.fromhex('302a300506032b656e032100') + (1).to_bytes(32, 'little'))
PYEOF
expect_rc 2 "x25519: small-order peer" "$PKC" derive -i x25519.pem -p small.der -o z.out
grep -q 'small order' "$T/err" && ok || bad "small-order reason: $(cat "$T/err")"
[ ! -e z.out ] && ok || bad "a secret written for a small-order peer"

# ---- keygen and curves ----
expect_rc 2 "keygen -b with ed25519" "$PKC" keygen -t ed25519 -b 2048
expect_rc 2 "keygen -c with x25519" "$PKC" keygen -t x25519 -c P-256
expect_rc 2 "keygen --format sec1 ed25519" "$PKC" keygen -t ed25519 --format sec1
expect_rc 2 "keygen unknown type" "$PKC" keygen -t ed1
check "keygen -algorithm ED448" "$PKC" keygen -algorithm ED448 -o e.pem
check "keygen --seed" "$PKC" keygen -t ed25519 --seed 5 -o s1.pem
"$PKC" keygen -t ed25519 --seed 5 -o s2.pem
cmp -s s1.pem s2.pem && ok || bad "keygen --seed is not reproducible"
check "keygen --passout" "$PKC" keygen -t x448 --passout pass:pw -o enc.pem
check "openssl reads the encrypted key" openssl pkey -in enc.pem -passin pass:pw -noout
"$PKC" curves >curves.txt
for c in X25519 Ed25519 X448 Ed448; do
    grep -q "^$c " curves.txt && ok || bad "pkc curves lists $c"
done
grep -q '^Ed448 .* 224 ' curves.txt && ok || bad "Ed448: 224-bit security"
finish
