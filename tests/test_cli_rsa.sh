#!/usr/bin/env bash
# The RSA commands against the openssl command line: keys, signatures
# (PKCS#1 v1.5 and PSS) and OAEP ciphertexts pass both ways; bad input
# gives the documented exit codes (2: unreadable/malformed key or bad
# input, 1: bad signature) and never leaves a partial output file.
# Signatures that cannot be one (wrong length, value >= n) are bad input,
# exit 2 with the reason; only a well-formed one that does not verify is 1.
# Needs $PKC (the built pkc command) and openssl.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must point at the pkc command}
# expect CODE DESCRIPTION -- command...
expect() {
    local want=$1 what=$2
    shift 3
    "$@" >/dev/null 2>"$T/err"
    local got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$what: exit $got, expected $want ($(head -c 200 "$T/err"))"; fi
}
if ! command -v openssl >/dev/null; then
    echo "openssl not found"; echo "0 passed, 1 failed"; exit 1
fi
cd "$T" || exit 1

head -c 5000 /dev/urandom > msg
printf 'a short secret\n' > secret

# --- key generation ---------------------------------------------------------
# default: 3072 bits, e = 65537, PKCS#8 PEM; OpenSSL checks it
if "$PKC" keygen | openssl pkey -check -noout >/dev/null 2>&1; then ok; else bad "pkc keygen | openssl pkey -check"; fi
"$PKC" keygen -t rsa -b 2048 -o key.pem || bad "keygen -b 2048"
head -1 key.pem | grep -q -- '-----BEGIN PRIVATE KEY-----' && ok || bad "keygen writes PKCS#8 PEM"
openssl pkey -in key.pem -check -noout >/dev/null 2>&1 && ok || bad "openssl pkey -check key.pem"
bits=$(openssl pkey -in key.pem -noout -text 2>/dev/null | head -1)
case "$bits" in *"2048 bit"*) ok ;; *) bad "2048-bit key: $bits" ;; esac
openssl pkey -in key.pem -noout -text 2>/dev/null | grep -q 'publicExponent: 65537' && ok || bad "e = 65537"
"$PKC" keygen -b 1024 -e 3 -o key3.pem && openssl pkey -in key3.pem -noout -text | grep -q 'publicExponent: 3 ' && ok || bad "keygen -e 3"
[ "$(stat -c %a key.pem)" = 600 ] && ok || bad "private key file mode is not 0600"
"$PKC" keygen -b 1024 -S 7 -o key7.pem && cmp -s key7.pem <("$PKC" keygen -b 1024 --seed 7) && ok || bad "-S is --seed"
# fixed seed: reproducible; another seed: another key
a=$("$PKC" keygen -b 1024 --seed 7 | sha256sum)
b=$("$PKC" keygen -b 1024 --seed 7 | sha256sum)
c=$("$PKC" keygen -b 1024 --seed 8 | sha256sum)
[ "$a" = "$b" ] && [ "$a" != "$c" ] && ok || bad "--seed reproducibility"
"$PKC" keygen --help | grep -qi 'experiments only' && ok || bad "keygen --help says --seed is for experiments only"
expect 2 "keygen -b 512" -- "$PKC" keygen -b 512
expect 2 "keygen -e 4" -- "$PKC" keygen -b 1024 -e 4
expect 2 "keygen -t dsa" -- "$PKC" keygen -t dsa
expect 2 "keygen bad option" -- "$PKC" keygen --frobnicate

# --- public keys --------------------------------------------------------------
"$PKC" pubkey -i key.pem -o pub.pem || bad "pubkey"
openssl pkey -in key.pem -pubout -out opub.pem 2>/dev/null
cmp -s pub.pem opub.pem && ok || bad "pkc pubkey == openssl pkey -pubout"
"$PKC" pubkey < key.pem | cmp -s - pub.pem && ok || bad "pubkey from stdin"
# keys OpenSSL writes in the other containers: PKCS#1 PEM, DER
openssl genrsa -traditional -out trad.pem 2048 2>/dev/null
head -1 trad.pem | grep -q 'RSA PRIVATE KEY' || echo "note: openssl wrote $(head -1 trad.pem)"
openssl pkey -in trad.pem -pubout -out tradpub.pem 2>/dev/null
"$PKC" pubkey -i trad.pem | cmp -s - tradpub.pem && ok || bad "PKCS#1 PEM private key"
openssl pkey -in key.pem -outform DER -out key.der 2>/dev/null
openssl pkey -in key.pem -pubout -outform DER -out pub.der 2>/dev/null
openssl rsa -in key.pem -RSAPublicKey_out -out rsapub.pem 2>/dev/null
"$PKC" pubkey -i key.der | cmp -s - pub.pem && ok || bad "PKCS#8 DER"
"$PKC" pubkey -i pub.der | cmp -s - pub.pem && ok || bad "SPKI DER"
"$PKC" pubkey -i rsapub.pem | cmp -s - pub.pem && ok || bad "PKCS#1 RSAPublicKey PEM"

# --- signatures ---------------------------------------------------------------
for d in sha256 sha384 sha512; do
    "$PKC" sign -i key.pem -d $d -o s.$d msg || bad "pkc sign -d $d"
    openssl dgst -$d -verify pub.pem -signature s.$d msg >/dev/null 2>&1 && ok || bad "pkc sign -> openssl dgst -$d -verify"
    openssl dgst -$d -sign key.pem -out o.$d msg 2>/dev/null
    out=$("$PKC" verify -p pub.pem -s o.$d -d $d msg)
    [ $? -eq 0 ] && [ "$out" = "Verified OK" ] && ok || bad "openssl dgst -$d -sign -> pkc verify ($out)"
    cmp -s s.$d o.$d && ok || bad "PKCS#1 v1.5 $d signatures differ from OpenSSL's"
    # PSS both ways
    "$PKC" sign -i key.pem -d $d --pss -o p.$d msg || bad "pkc sign --pss"
    openssl dgst -$d -verify pub.pem -sigopt rsa_padding_mode:pss -signature p.$d msg >/dev/null 2>&1 && ok || bad "pkc sign --pss -> openssl ($d)"
    openssl dgst -$d -sign key.pem -sigopt rsa_padding_mode:pss -out op.$d msg 2>/dev/null
    "$PKC" verify -p pub.pem -s op.$d -d $d --pss msg >/dev/null && ok || bad "openssl pss -> pkc verify --pss ($d)"
    openssl dgst -$d -sign key.pem -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:digest -out od.$d msg 2>/dev/null
    "$PKC" verify -p pub.pem -s od.$d -d $d --pss --saltlen digest msg >/dev/null && ok || bad "openssl pss saltlen digest -> pkc ($d)"
done
# stdin as the message; a private key as -p
"$PKC" sign -i key.pem < msg > s.stdin && cmp -s s.stdin s.sha256 && ok || bad "sign from stdin"
"$PKC" verify -p key.pem -s s.sha256 < msg >/dev/null && ok || bad "verify with a private key, data on stdin"
# negative answers: exit 1 and "Verification failure"
cp s.sha256 tampered; flip_byte tampered 100
out=$("$PKC" verify -p pub.pem -s tampered msg); rc=$?
[ $rc -eq 1 ] && [ "$out" = "Verification failure" ] && ok || bad "tampered signature: exit $rc, '$out'"
echo extra >> msg2; cat msg >> msg2
expect 1 "other message" -- "$PKC" verify -p pub.pem -s s.sha256 msg2
expect 1 "PKCS#1 signature checked as PSS" -- "$PKC" verify -p pub.pem -s s.sha256 --pss msg
expect 1 "wrong digest" -- "$PKC" verify -p pub.pem -s s.sha256 -d sha384 msg
# under another 2048-bit key the signature is a well-formed "does not verify"
# (exit 1) when its value is below that modulus, else out of range (exit 2)
nwrong=$(openssl rsa -pubin -in tradpub.pem -noout -modulus 2>/dev/null | sed 's/^Modulus=//')
wrong_rc=$("$PY" -c 'import sys; print(1 if int(open(sys.argv[1], "rb").read().hex(), 16) < int(sys.argv[2], 16) else 2)' s.sha256 "$nwrong")
expect "$wrong_rc" "the wrong key" -- "$PKC" verify -p tradpub.pem -s s.sha256 msg
[ "$wrong_rc" = 1 ] || grep -q 'out of range' "$T/err" && ok || bad "the wrong key, out of range: $(cat "$T/err")"
# not signatures of this key: exit 2 with the reason (the RSA verify
# functions return PKC_ERR_DECODE for a wrong length, PKC_ERR_RANGE for >= n)
head -c 100 s.sha256 > short.sig
expect 2 "truncated signature" -- "$PKC" verify -p pub.pem -s short.sig msg
grep -q 'short.sig: wrong length' "$T/err" && ok || bad "truncated signature reason: $(cat "$T/err")"
: > empty.sig
expect 2 "empty signature" -- "$PKC" verify -p pub.pem -s empty.sig msg
{ cat s.sha256; printf 'x'; } > long.sig
expect 2 "signature one byte too long" -- "$PKC" verify -p pub.pem -s long.sig msg
head -c 256 /dev/zero | tr '\0' '\377' > ff.sig
expect 2 "signature >= n" -- "$PKC" verify -p pub.pem -s ff.sig msg
grep -q 'ff.sig: signature out of range' "$T/err" && ok || bad "signature >= n reason: $(cat "$T/err")"
expect 2 "signature >= n, PSS" -- "$PKC" verify -p pub.pem --pss -s ff.sig msg
expect 2 "truncated signature, PSS" -- "$PKC" verify -p pub.pem --pss -s short.sig msg
# well-formed, below n, and wrong: the negative answer
head -c 256 /dev/zero > zero.sig
expect 1 "signature 0" -- "$PKC" verify -p pub.pem -s zero.sig msg
expect 2 "sign with a public key" -- "$PKC" sign -i pub.pem msg
expect 2 "verify without -s" -- "$PKC" verify -p pub.pem msg
expect 2 "sign -d md5" -- "$PKC" sign -i key.pem -d md5 msg
expect 2 "missing data file" -- "$PKC" sign -i key.pem no-such-file

# --- OAEP ---------------------------------------------------------------------
openssl pkeyutl -encrypt -pubin -inkey pub.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -in secret -out c.ossl 2>/dev/null
"$PKC" decrypt -i key.pem -o p.out c.ossl && cmp -s p.out secret && ok || bad "openssl pkeyutl -encrypt oaep sha256 -> pkc decrypt"
"$PKC" encrypt -p pub.pem -o c.pkc secret || bad "pkc encrypt"
openssl pkeyutl -decrypt -inkey key.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -in c.pkc -out p2.out 2>/dev/null
cmp -s p2.out secret && ok || bad "pkc encrypt -> openssl pkeyutl -decrypt"
openssl pkeyutl -encrypt -pubin -inkey pub.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha512 -in secret -out c512 2>/dev/null
"$PKC" decrypt -i key.pem -d sha512 c512 | cmp -s - secret && ok || bad "oaep sha512 from openssl"
openssl pkeyutl -encrypt -pubin -inkey pub.pem -pkeyopt rsa_padding_mode:oaep -in secret -out c1 2>/dev/null
"$PKC" decrypt -i key.pem -d sha1 c1 | cmp -s - secret && ok || bad "oaep sha1 (openssl default) from openssl"
"$PKC" encrypt -p pub.pem < secret | "$PKC" decrypt -i key.pem | cmp -s - secret && ok || bad "pkc encrypt | pkc decrypt"
# bad input: exit 2, "decryption failed", and no output file
cp c.pkc ctamp; flip_byte ctamp 17 0x55
expect 2 "tampered ciphertext" -- "$PKC" decrypt -i key.pem -o nofile1 ctamp
grep -q 'decryption failed' "$T/err" && ok || bad "tampered ciphertext message: $(cat "$T/err")"
[ ! -e nofile1 ] && ok || bad "partial output after a failed decrypt"
expect 2 "the wrong key" -- "$PKC" decrypt -i trad.pem -o nofile2 c.pkc
[ ! -e nofile2 ] && ok || bad "output after decrypting with the wrong key"
expect 2 "wrong OAEP digest" -- "$PKC" decrypt -i key.pem -d sha384 c.pkc
head -c 256 /dev/zero | tr '\0' '\377' > big.ct
expect 2 "ciphertext >= n" -- "$PKC" decrypt -i key.pem big.ct
head -c 255 c.pkc > shortc
expect 2 "short ciphertext" -- "$PKC" decrypt -i key.pem shortc
head -c 300 /dev/urandom > long
expect 2 "message too long" -- "$PKC" encrypt --scheme oaep -p pub.pem -o nofile3 long
[ ! -e nofile3 ] && ok || bad "output after a failed encrypt"
expect 2 "decrypt with a public key" -- "$PKC" decrypt -i pub.pem c.pkc

# --- malformed keys: exit 2, never a crash, no output -----------------------
head -c 500 key.pem > trunc.pem
expect 2 "truncated PEM" -- "$PKC" sign -i trunc.pem -o nofile4 msg
[ ! -e nofile4 ] && ok || bad "output after a bad key"
sed '5s/./*/3' key.pem > garbled.pem
expect 2 "garbled PEM" -- "$PKC" sign -i garbled.pem msg
sed 's/PRIVATE KEY/CERTIFICATE/' key.pem > cert.pem
expect 2 "wrong-type PEM" -- "$PKC" pubkey -i cert.pem
sed 's/PRIVATE KEY/PUBLIC KEY/' key.pem > mislabeled.pem
expect 2 "private key labelled PUBLIC KEY" -- "$PKC" verify -p mislabeled.pem -s s.sha256 msg
head -c 300 key.der > trunc.der
expect 2 "truncated DER" -- "$PKC" pubkey -i trunc.der
: > empty.pem
expect 2 "empty key file" -- "$PKC" verify -p empty.pem -s s.sha256 msg
expect 2 "missing key file" -- "$PKC" verify -p no-such-key.pem -s s.sha256 msg
head -c 2000 /dev/urandom > random.key
expect 2 "random bytes as a key" -- "$PKC" pubkey -i random.key
openssl pkey -in key.pem -aes128 -passout pass:secret -out enc.pem 2>/dev/null
expect 2 "encrypted PKCS#8 key" -- "$PKC" sign -i enc.pem msg
grep -q 'an encrypted PKCS#8 key: give its password with --passin' "$T/err" && ok || bad "encrypted key message: $(cat "$T/err")"
expect 0 "encrypted PKCS#8 key with --passin" -- "$PKC" sign -i enc.pem --passin pass:secret -o enc.sig msg
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ec.pem 2>/dev/null
# an OpenSSL EC key: ECIES (tests/test_cli_pke.sh has the details), not OAEP
"$PKC" encrypt -p ec.pem secret 2>/dev/null | "$PKC" decrypt -i ec.pem 2>/dev/null | cmp -s - secret &&
    ok || bad "ECIES round trip with an OpenSSL EC key"
"$PKC" encrypt --scheme oaep -p ec.pem secret >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "OAEP to an EC key: exit $rc"

# --- sizes between the usual ones: every multiple of 256 bits works -----------
# (the 2006 BouncyCastle study's RSA-1280/1536/1792, pkc bench --study bc2006)
for b in 1280 1536 1792; do
    "$PKC" keygen -t rsa -b $b -o k$b.pem || bad "keygen -b $b"
    openssl rsa -in k$b.pem -check -noout >/dev/null 2>&1 && ok || bad "openssl rsa -check ($b)"
    openssl pkey -in k$b.pem -check -noout >/dev/null 2>&1 && ok || bad "openssl pkey -check ($b)"
    case "$(openssl pkey -in k$b.pem -noout -text 2>/dev/null | head -1)" in
    *"($b bit"*) ok ;; *) bad "$b-bit key: $(openssl pkey -in k$b.pem -noout -text 2>/dev/null | head -1)" ;; esac
    "$PKC" pubkey -i k$b.pem -o p$b.pem || bad "pubkey ($b)"
    openssl rsa -in k$b.pem -pubout 2>/dev/null | cmp -s - p$b.pem && ok || bad "pkc pubkey == openssl rsa -pubout ($b)"
    # signatures both ways, PKCS#1 v1.5 (deterministic: the same bytes) and PSS
    "$PKC" sign -i k$b.pem -o s$b msg || bad "pkc sign ($b)"
    openssl dgst -sha256 -verify p$b.pem -signature s$b msg >/dev/null 2>&1 && ok || bad "pkc sign -> openssl ($b)"
    [ "$(stat -c %s s$b)" -eq $((b / 8)) ] && ok || bad "signature of $b bits: $(stat -c %s s$b) bytes"
    openssl dgst -sha256 -sign k$b.pem -out o$b msg 2>/dev/null
    expect 0 "openssl sign -> pkc verify ($b)" -- "$PKC" verify -p p$b.pem -s o$b msg
    cmp -s s$b o$b && ok || bad "PKCS#1 v1.5 signatures differ from OpenSSL's ($b)"
    expect 1 "pkc verify, another message ($b)" -- "$PKC" verify -p p$b.pem -s o$b msg2
    "$PKC" sign -i k$b.pem --pss -o ps$b msg || bad "pkc sign --pss ($b)"
    openssl dgst -sha256 -verify p$b.pem -sigopt rsa_padding_mode:pss -signature ps$b msg >/dev/null 2>&1 \
        && ok || bad "pkc sign --pss -> openssl ($b)"
    openssl dgst -sha256 -sign k$b.pem -sigopt rsa_padding_mode:pss -out ops$b msg 2>/dev/null
    expect 0 "openssl pss -> pkc verify --pss ($b)" -- "$PKC" verify -p p$b.pem -s ops$b --pss msg
    # OAEP (SHA-256) both ways, a 32-byte key as the kex-amortized scenario sends
    head -c 32 /dev/urandom > key32
    "$PKC" encrypt -p p$b.pem -o c$b key32 || bad "pkc encrypt ($b)"
    openssl pkeyutl -decrypt -inkey k$b.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 \
        -in c$b 2>/dev/null | cmp -s - key32 && ok || bad "pkc encrypt -> openssl decrypt ($b)"
    openssl pkeyutl -encrypt -pubin -inkey p$b.pem -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 \
        -in key32 -out oc$b 2>/dev/null
    "$PKC" decrypt -i k$b.pem oc$b | cmp -s - key32 && ok || bad "openssl encrypt -> pkc decrypt ($b)"
done
# and an OpenSSL key of such a size read by pkc
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1536 -out ok1536.pem 2>/dev/null
"$PKC" sign -i ok1536.pem -o sok msg && openssl dgst -sha256 -verify <(openssl pkey -in ok1536.pem -pubout) \
    -signature sok msg >/dev/null 2>&1 && ok || bad "pkc signs with OpenSSL's 1536-bit key"

finish
