#!/usr/bin/env bash
# The CLI options OpenSSL users reach for, each checked against the openssl
# command (or Python's cryptography where openssl has no such form):
#   sign/verify --sig-format raw (IEEE P1363 r || s): Python converts to and
#   from DER and openssl verifies; --encoding hex|base64 round trips and
#   `openssl base64 -d`; --digest-in with `openssl pkeyutl -sign/-verify`
#   on a precomputed digest (ECDSA and RSA PKCS#1 v1.5), both ways;
#   encrypt/decrypt --label HEX and --mgf1 DIGEST against `openssl pkeyutl`
#   both ways, and the SHA-1 hint when a default decryption fails;
#   derive --kdf hkdf-sha256|384|512 --salt --info --length against
#   `openssl kdf HKDF` of `openssl pkeyutl -derive`'s secret;
#   the errors of each (exit 2, one line).
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
missing=
command -v openssl >/dev/null 2>&1 || missing="the openssl command"
"$PY" -c 'import cryptography' 2>/dev/null || missing="$missing Python's cryptography"
[ -z "$missing" ] || skip_test "missing $missing (scripts/deps.sh installs them)"
cd "$T" || exit 1
printf 'a message' >msg
openssl dgst -sha256 -binary msg >msg.sha256
openssl dgst -sha384 -binary msg >msg.sha384
for c in P-256 secp384r1 secp256k1; do
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:$c -out "ec-$c.pem" 2>/dev/null
    openssl pkey -in "ec-$c.pem" -pubout -out "ec-$c.pub"
done
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa.pem 2>/dev/null
openssl pkey -in rsa.pem -pubout -out rsa.pub

# ---- raw (P1363) ECDSA signatures, through Python's DER conversion ----
p1363() { # raw2der|der2raw IN OUT CURVE_BYTES
    "$PY" - "$@" <<'PYEOF'
import sys
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
op, src, dst, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
b = open(src, "rb").read()
if op == "raw2der":
    assert len(b) == 2 * n, len(b)
    out = encode_dss_signature(int.from_bytes(b[:n], "big"), int.from_bytes(b[n:], "big"))
else:
    r, s = decode_dss_signature(b)
    out = r.to_bytes(n, "big") + s.to_bytes(n, "big")
open(dst, "wb").write(out)
PYEOF
}
for c in P-256:32 secp384r1:48 secp256k1:32; do
    curve=${c%:*} n=${c#*:}
    check "$curve: sign --sig-format raw" "$PKC" sign -i "ec-$curve.pem" --sig-format raw -o raw.sig msg
    [ "$(wc -c <raw.sig)" -eq $((2 * n)) ] && ok || bad "$curve: raw signature of $(wc -c <raw.sig) bytes"
    check "$curve: raw -> DER (Python)" p1363 raw2der raw.sig der.sig "$n"
    check "$curve: openssl verifies pkc's raw signature" openssl dgst -sha256 -verify "ec-$curve.pub" -signature der.sig msg
    openssl dgst -sha256 -sign "ec-$curve.pem" -out o.der msg
    check "$curve: DER -> raw (Python)" p1363 der2raw o.der o.raw "$n"
    expect_rc 0 "$curve: pkc verifies openssl's signature as raw" "$PKC" verify -p "ec-$curve.pub" --sig-format p1363 -s o.raw msg
    head -c $((2 * n - 1)) o.raw >short.raw
    expect_rc 2 "$curve: a raw signature one byte short" "$PKC" verify -p "ec-$curve.pub" --sig-format raw -s short.raw msg
    # hex and base64, in both forms
    check "$curve: --encoding hex" "$PKC" sign -i "ec-$curve.pem" --sig-format raw --encoding hex -o hex.sig msg
    grep -Eq "^[0-9a-f]{$((4 * n))}\$" hex.sig && ok || bad "$curve: not one line of hex: $(cat hex.sig)"
    expect_rc 0 "$curve: verify --encoding hex" "$PKC" verify -p "ec-$curve.pub" --sig-format raw --encoding hex -s hex.sig msg
    check "$curve: --encoding base64" "$PKC" sign -i "ec-$curve.pem" --encoding base64 -o b64.sig msg
    openssl base64 -d -in b64.sig -out b64.der
    check "$curve: openssl verifies the Base64 DER" openssl dgst -sha256 -verify "ec-$curve.pub" -signature b64.der msg
    expect_rc 0 "$curve: verify --encoding base64" "$PKC" verify -p "ec-$curve.pub" --encoding base64 -s b64.sig msg
    # a precomputed digest, both ways with pkeyutl
    check "$curve: sign --digest-in" "$PKC" sign -i "ec-$curve.pem" --digest-in -o d.sig msg.sha256
    check "$curve: openssl pkeyutl verifies it" openssl pkeyutl -verify -pubin -inkey "ec-$curve.pub" -in msg.sha256 -sigfile d.sig
    expect_rc 0 "$curve: it is the message's signature" "$PKC" verify -p "ec-$curve.pub" -s d.sig msg
    openssl pkeyutl -sign -inkey "ec-$curve.pem" -in msg.sha256 -out od.sig
    expect_rc 0 "$curve: verify --digest-in of pkeyutl's" "$PKC" verify -p "ec-$curve.pub" --digest-in -s od.sig msg.sha256
done
check "RSA: sign --digest-in -d sha384" "$PKC" sign -i rsa.pem -d sha384 --digest-in -o rd.sig msg.sha384
check "RSA: openssl pkeyutl verifies it" openssl pkeyutl -verify -pubin -inkey rsa.pub -pkeyopt digest:sha384 -in msg.sha384 -sigfile rd.sig
expect_rc 2 "RSA: --sig-format" "$PKC" sign -i rsa.pem --sig-format raw msg
expect_rc 2 "--digest-in with a message" "$PKC" sign -i ec-P-256.pem --digest-in msg
expect_rc 2 "--digest-in, wrong digest size" "$PKC" sign -i ec-P-256.pem -d sha384 --digest-in msg.sha256
expect_rc 2 "unknown --sig-format" "$PKC" sign -i ec-P-256.pem --sig-format asn1 msg
expect_rc 2 "unknown --encoding" "$PKC" sign -i ec-P-256.pem --encoding base32 msg
printf 'zz\n' >bad.hex
expect_rc 2 "verify: bad hex" "$PKC" verify -p ec-P-256.pub --encoding hex -s bad.hex msg

# ---- OAEP label and MGF1 ----
printf 'a short secret' >secret
for spec in "sha256 sha1 0102ab" "sha384 sha512 deadbeef" "sha1 sha256 00"; do
    set -- $spec
    check "OAEP $1/MGF1-$2/label $3: encrypt" "$PKC" encrypt -p rsa.pub -d "$1" --mgf1 "$2" --label "$3" -o c.bin secret
    check "OAEP $1/$2/$3: openssl decrypts" openssl pkeyutl -decrypt -inkey rsa.pem -in c.bin -out p.bin \
        -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:"$1" -pkeyopt rsa_mgf1_md:"$2" -pkeyopt rsa_oaep_label:"$3"
    cmp -s secret p.bin && ok || bad "OAEP $1/$2/$3: openssl's plaintext differs"
    openssl pkeyutl -encrypt -pubin -inkey rsa.pub -in secret -out oc.bin \
        -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:"$1" -pkeyopt rsa_mgf1_md:"$2" -pkeyopt rsa_oaep_label:"$3"
    check "OAEP $1/$2/$3: pkc decrypts openssl's" "$PKC" decrypt -i rsa.pem -d "$1" --mgf1 "$2" --label "0x$3" -o p2.bin oc.bin
    cmp -s secret p2.bin && ok || bad "OAEP $1/$2/$3: pkc's plaintext differs"
    expect_rc 2 "OAEP $1/$2/$3: without the label" "$PKC" decrypt -i rsa.pem -d "$1" --mgf1 "$2" oc.bin
done
openssl pkeyutl -encrypt -pubin -inkey rsa.pub -in secret -out default.bin -pkeyopt rsa_padding_mode:oaep
expect_rc 2 "openssl's default OAEP, pkc's default" "$PKC" decrypt -i rsa.pem default.bin
grep -q "openssl pkeyutl. defaults to SHA-1: try -d sha1" "$T/err" && ok || bad "no SHA-1 hint: $(cat "$T/err")"
check "openssl's default OAEP with -d sha1" "$PKC" decrypt -i rsa.pem -d sha1 -o p3.bin default.bin
cmp -s secret p3.bin && ok || bad "-d sha1: wrong plaintext"
expect_rc 2 "--label is not hex" "$PKC" encrypt -p rsa.pub --label xyz secret
expect_rc 2 "--label with ECIES" "$PKC" encrypt -p ec-P-256.pub --label 00 secret

# ---- derive --kdf ----
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out peer.pem 2>/dev/null
openssl pkey -in peer.pem -pubout -out peer.pub
openssl pkeyutl -derive -inkey ec-P-256.pem -peerkey peer.pub -out z.raw
z=$(od -An -tx1 -v z.raw | tr -d ' \n')
for h in sha256 sha384 sha512; do
    for len in 16 32 100; do
        check "derive --kdf hkdf-$h --length $len" "$PKC" derive -i ec-P-256.pem -p peer.pub --kdf "hkdf-$h" \
            --salt 000102 --info cafe --length "$len" -o k.bin
        openssl kdf -keylen "$len" -kdfopt digest:"$(echo $h | tr a-z A-Z)" -kdfopt hexkey:"$z" \
            -kdfopt hexsalt:000102 -kdfopt hexinfo:cafe -binary -out k.ossl HKDF
        cmp -s k.bin k.ossl && ok || bad "hkdf-$h $len: differs from openssl kdf"
    done
done
check "derive --kdf, default salt/info/length" "$PKC" derive -i ec-P-256.pem -p peer.pub --kdf hkdf-sha256 -o k0.bin
openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt hexkey:"$z" -binary -out k0.ossl HKDF
cmp -s k0.bin k0.ossl && ok || bad "hkdf defaults differ from openssl kdf"
expect_rc 2 "--salt without --kdf" "$PKC" derive -i ec-P-256.pem -p peer.pub --salt 00
expect_rc 2 "unknown --kdf" "$PKC" derive -i ec-P-256.pem -p peer.pub --kdf pbkdf2
expect_rc 2 "--length too long" "$PKC" derive -i ec-P-256.pem -p peer.pub --kdf hkdf-sha256 --length 8161
finish
