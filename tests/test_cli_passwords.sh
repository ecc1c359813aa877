#!/usr/bin/env bash
# Password-encrypted PKCS#8 keys through the command, both ways with the
# openssl command:
#   keys `openssl genpkey -aes256` / `openssl pkcs8 -topk8 -v2 ...` encrypt
#   (RSA and EC; AES-128/256-CBC; HMAC-SHA-1/256 PRFs) sign, decrypt, derive
#   and give their public key with --passin pass:, env:, file: and stdin,
#   and openssl verifies the signatures;
#   `pkc keygen --passout` keys (PEM and DER, RSA and EC) read by
#   `openssl pkey -passin` and by pkc;
#   refusals, exit 2 with one line: no --passin for an encrypted key, a
#   wrong password, PBES1 and scrypt keys (named), an empty password, a bad
#   SPEC, --iter without --passout; a DSA key is named as such; an encrypted
#   Ed25519 key from OpenSSL signs.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
command -v openssl >/dev/null 2>&1 ||
    skip_test "the openssl command is missing (scripts/deps.sh installs it)"
cd "$T" || exit 1
printf 'a file to sign' >msg

openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes256 -pass pass:s3cret -out ec.enc 2>/dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -aes-128-cbc -pass pass:s3cret -out rsa.enc 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp384r1 -out plain.pem 2>/dev/null
openssl pkcs8 -topk8 -in plain.pem -v2 aes-256-cbc -v2prf hmacWithSHA1 -passout pass:s3cret -out sha1prf.enc
openssl pkcs8 -topk8 -in plain.pem -v2 aes-192-cbc -passout pass:s3cret -outform DER -out der.enc
printf 's3cret\nsecond line ignored\n' >pwfile
export PKC_TEST_PW=s3cret
for k in ec.enc rsa.enc sha1prf.enc der.enc; do
    for spec in pass:s3cret env:PKC_TEST_PW file:pwfile; do
        check "$k: sign with --passin $spec" "$PKC" sign -i "$k" --passin "$spec" -o "$k.sig" msg
    done
    "$PKC" sign -i "$k" --passin stdin -o "$k.sig" msg <pwfile 2>/dev/null && ok || bad "$k: --passin stdin"
    check "$k: pubkey" "$PKC" pubkey -i "$k" -passin pass:s3cret -o "$k.pub"
    check "$k: openssl verifies" openssl dgst -sha256 -verify "$k.pub" -signature "$k.sig" msg
    expect_rc 2 "$k: no --passin" "$PKC" sign -i "$k" msg
    grep -q 'encrypted PKCS#8 key: give its password with --passin' "$T/err" && ok || bad "$k: message: $(cat "$T/err")"
    expect_rc 2 "$k: wrong password" "$PKC" sign -i "$k" --passin pass:wrong msg
    grep -q 'wrong password' "$T/err" && ok || bad "$k: message: $(cat "$T/err")"
done
# decrypt and derive read encrypted keys too
openssl pkey -in rsa.enc -passin pass:s3cret -pubout -out rsa.pub
printf 'secret' >short
"$PKC" encrypt -p rsa.pub -o short.enc short
check "decrypt with an encrypted key" "$PKC" decrypt -i rsa.enc --passin pass:s3cret -o short.out short.enc
cmp -s short short.out && ok || bad "decrypt with an encrypted key: wrong plaintext"
openssl pkey -in ec.enc -passin pass:s3cret -pubout -out ec.pub
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out peer.pem 2>/dev/null
check "derive with an encrypted key" "$PKC" derive -i ec.enc --passin pass:s3cret -p peer.pem -o z1
openssl pkeyutl -derive -inkey peer.pem -peerkey ec.pub -out z2
cmp -s z1 z2 && ok || bad "derive with an encrypted key differs from openssl"

# pkc writes, openssl and pkc read
for t in "rsa -b 2048" "ec -c P-256" "ec -c sect283k1"; do
    name=$(echo "$t" | tr -c 'a-z0-9\n' _)
    # shellcheck disable=SC2086 # $t is the key type's options
    check "keygen $t --passout" "$PKC" keygen -t $t --passout pass:pw2 --iter 2000 -o "$name.pem"
    head -1 "$name.pem" | grep -q 'BEGIN ENCRYPTED PRIVATE KEY' && ok || bad "$t: not an ENCRYPTED PRIVATE KEY"
    [ "$(stat -c %a "$name.pem")" = 600 ] && ok || bad "$t: encrypted key mode $(stat -c %a "$name.pem")"
    check "openssl reads pkc's $t" openssl pkey -in "$name.pem" -passin pass:pw2 -pubout -out "$name.opub"
    check "pkc reads its $t" "$PKC" pubkey -i "$name.pem" --passin pass:pw2 -o "$name.ppub"
    cmp -s "$name.opub" "$name.ppub" && ok || bad "$t: public keys differ"
    # shellcheck disable=SC2086
    check "keygen $t --passout DER" "$PKC" keygen -t $t --passout env:PKC_TEST_PW --iter 1000 --outform der -o "$name.der"
    check "openssl reads pkc's DER $t" openssl pkey -in "$name.der" -inform DER -passin pass:s3cret -noout
done
check "the default iterations" "$PKC" keygen -t ec -c P-256 --passout pass:pw3 -o dflt.pem
openssl asn1parse -in dflt.pem 2>/dev/null | grep -q 'INTEGER *:0927C0' && ok || bad "default is not 600000 iterations"

# refusals
openssl pkcs8 -topk8 -in plain.pem -v1 PBE-SHA1-3DES -passout pass:x -out v1.enc
expect_rc 2 "PBES1 key" "$PKC" sign -i v1.enc --passin pass:x msg
grep -q 'encrypted with PKCS#12 PBE, which pkc does not read' "$T/err" && ok || bad "PBES1: $(cat "$T/err")"
openssl pkcs8 -topk8 -in plain.pem -scrypt -passout pass:x -out scrypt.enc 2>/dev/null
expect_rc 2 "scrypt key" "$PKC" sign -i scrypt.enc --passin pass:x msg
expect_rc 2 "keygen empty password" "$PKC" keygen -t ec -c P-256 --passout pass: -o e.pem
[ ! -e e.pem ] && ok || bad "a key written with an empty password"
expect_rc 2 "bad SPEC" "$PKC" sign -i ec.enc --passin s3cret msg
expect_rc 2 "unset env" "$PKC" sign -i ec.enc --passin env:PKC_NO_SUCH_VAR msg
expect_rc 2 "--iter without --passout" "$PKC" keygen -t ec -c P-256 --iter 10
expect_rc 2 "-aes256 hint" "$PKC" keygen -t ec -c P-256 -aes256
openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:1024 -out dsap.pem 2>/dev/null
openssl genpkey -paramfile dsap.pem -out dsa.pem
expect_rc 2 "DSA key" "$PKC" sign -i dsa.pem msg
grep -q 'a DSA key, which pkc does not implement' "$T/err" && ok || bad "DSA: $(cat "$T/err")"
# an Ed25519 key encrypted by OpenSSL reads with its password
openssl genpkey -algorithm ed25519 -aes256 -pass pass:edpw -out ed.enc
"$PKC" sign -i ed.enc --passin pass:edpw -o ed.sig msg && ok || bad "encrypted Ed25519 key"
openssl pkey -in ed.enc -passin pass:edpw -pubout -out ed.pub
openssl pkeyutl -verify -pubin -inkey ed.pub -rawin -in msg -sigfile ed.sig >/dev/null && ok ||
    bad "Ed25519 signature of an encrypted key, checked by openssl"
finish
