#!/usr/bin/env bash
# The pkc command line, across commands:
#   - one error format: exactly one line "pkc CMD: reason" and exit 2, the
#     same wording for an unknown option, a missing value, an unexpected
#     argument, in every command;
#   - OpenSSL's single-dash spellings (-in, -out, -outform DER, -inkey, ...)
#     mean what they mean in OpenSSL or are refused with a hint: never read
#     as clusters of short options (`-outform DER` as `-o utform`);
#   - one spelling per meaning (--out, --seed, --digest), old ones kept;
#   - standard input used once: an omitted FILE is stdin in the check;
#   - RSA keys below 1024 bits refused for use unless --allow-weak;
#   - key and signature files capped at 1 MiB; encrypt reads no more of its
#     input than the key allows (an endless pipe ends with "too long").
# Needs $PKC and openssl.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:?PKC must point at the pkc command}
command -v openssl >/dev/null || { echo "FAIL: openssl not installed"; echo "0 passed, 1 failed"; exit 1; }
cd "$T" || exit 1
# usage_error CMD WANT-STDERR ARGS...: exit 2, nothing on stdout, stderr exactly WANT
usage_error() {
    local cmd=$1 want=$2; shift 2
    timeout 60 "$PKC" "$cmd" "$@" >out 2>err <empty
    local rc=$?
    if [ $rc -eq 2 ] && [ ! -s out ] && [ "$(cat err)" = "$want" ]; then ok; else
        bad "pkc $cmd $*: exit $rc, stderr '$(cat err)', expected '$want'"; fi
}
# refused CMD PATTERN ARGS...: exit 2, one "pkc CMD: " line matching PATTERN
refused() {
    local cmd=$1 pat=$2; shift 2
    timeout 60 "$PKC" "$cmd" "$@" >out 2>err
    local rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <err)" -eq 1 ] && grep -q "^pkc $cmd: " err && grep -q -- "$pat" err; then ok; else
        bad "pkc $cmd $*: exit $rc, stderr '$(cat err)', expected /$pat/"; fi
}

"$PKC" keygen -t ec -c P-256 -o ec.pem && "$PKC" pubkey -i ec.pem -o ec.pub || bad "EC keys"
"$PKC" keygen -t ec -c P-256 -o ec2.pem && "$PKC" pubkey -i ec2.pem -o ec2.pub || bad "EC keys"
"$PKC" keygen -b 2048 -S 1 -o rsa.pem && "$PKC" pubkey -i rsa.pem -o rsa.pub || bad "RSA keys"
printf 'a message\n' > msg
: > empty

# ---- one message format for bad options, in every command ----
for cmd in keygen pubkey sign verify encrypt decrypt derive hash rng curves; do
    usage_error $cmd "pkc $cmd: unknown option '--no-such-option' (see pkc $cmd --help)" --no-such-option
    usage_error $cmd "pkc $cmd: unknown option '-Z' (see pkc $cmd --help)" -Z
done
for cmd in keygen pubkey sign encrypt decrypt derive rng; do
    usage_error $cmd "pkc $cmd: option '-o' needs a value (see pkc $cmd --help)" -o
    usage_error $cmd "pkc $cmd: option '--out' needs a value (see pkc $cmd --help)" --out
done
for cmd in keygen pubkey derive rng curves; do
    usage_error $cmd "pkc $cmd: unexpected argument 'extra' (see pkc $cmd --help)" extra
done
usage_error bench "pkc bench: unknown option '--no-such-option' (see pkc bench --help)" --no-such-option
usage_error verify "pkc verify: option '--pss' takes no value (see pkc verify --help)" --pss=1 -p ec.pub -s x
usage_error rng "pkc rng: ambiguous option '--see' (see pkc rng --help)" --see 3
usage_error sign "pkc sign: unknown option '-x' (in '-xo') (see pkc sign --help)" -xo s
# a command's own errors carry the same prefix
refused keygen "unknown curve" -t ec -c nosuch
refused sign "-i KEY is required" msg
refused verify "-p PUB and -s SIG are required" msg
"$PKC" nosuchcommand 2>err; [ $? -eq 2 ] && [ "$(cat err)" = "pkc: unknown command 'nosuchcommand' (see pkc --help)" ] && ok || bad "unknown command: $(cat err)"

# ---- OpenSSL's spellings: accepted where they mean the same ----
"$PKC" pubkey -in rsa.pem -out p1 && cmp -s p1 rsa.pub && ok || bad "pubkey -in -out"
"$PKC" pubkey -in rsa.pem -pubout -out p2 && cmp -s p2 rsa.pub && ok || bad "pubkey -pubout"
"$PKC" pubkey -pubin -in rsa.pub -out p3 && cmp -s p3 rsa.pub && ok || bad "pubkey -pubin"
"$PKC" pubkey -in rsa.pem -outform DER -out p.der && ok || bad "pubkey -outform DER"
[ ! -e utform ] && ok || bad "-outform DER was read as -o utform"
openssl pkey -in rsa.pem -pubout -outform DER -out o.der 2>/dev/null
cmp -s p.der o.der && ok || bad "pubkey -outform DER differs from openssl pkey -pubout -outform DER"
"$PKC" pubkey --outform der -i rsa.pem | cmp -s - o.der && ok || bad "pubkey --outform der"
"$PKC" pubkey -inform DER -in o.der -out p4 && cmp -s p4 rsa.pub && ok || bad "pubkey -inform DER"
"$PKC" pubkey --inform pem -i rsa.pem | cmp -s - rsa.pub && ok || bad "pubkey --inform pem"
refused pubkey "bad --outform 'PDF' (pem or der)" -in rsa.pem -outform PDF
"$PKC" keygen -algorithm EC -curve P-256 -outform DER -out k.der && openssl pkey -inform DER -in k.der -check -noout >/dev/null 2>&1 \
    && ok || bad "keygen -algorithm EC -curve P-256 -outform DER"
[ "$(stat -c %a k.der)" = 600 ] && ok || bad "DER private key mode $(stat -c %a k.der)"
"$PKC" keygen -t ec -c P-256 -seed 4 -out s1 && "$PKC" keygen -t ec -c P-256 --seed 4 -o s2 && "$PKC" keygen -t ec -c P-256 -S 4 -o s3 \
    && cmp -s s1 s2 && cmp -s s1 s3 && ok || bad "keygen -seed / --seed / -S differ"
# sign and verify as openssl dgst spells them
"$PKC" sign -sha384 -sign ec.pem -out d.sig msg && openssl dgst -sha384 -verify ec.pub -signature d.sig msg >/dev/null 2>&1 \
    && ok || bad "sign -sha384 -sign KEY -out SIG"
"$PKC" sign -inkey rsa.pem -sha512 -out r.sig msg && cmp -s r.sig <("$PKC" sign -i rsa.pem -d sha512 msg) && ok || bad "sign -inkey"
[ "$("$PKC" verify -sha384 -verify ec.pub -signature d.sig msg)" = "Verified OK" ] && ok || bad "verify -verify -signature"
[ "$("$PKC" verify -inkey rsa.pub -pubin -sigfile r.sig -sha512 msg)" = "Verified OK" ] && ok || bad "verify -inkey -pubin -sigfile"
[ "$("$PKC" verify -pub ec.pub -sig d.sig -digest sha384 msg)" = "Verified OK" ] && ok || bad "verify -pub -sig -digest"
# encrypt, decrypt and derive as openssl pkeyutl spells them
"$PKC" encrypt -encrypt -pubin -inkey rsa.pub -out c.bin msg && "$PKC" decrypt -decrypt -inkey rsa.pem -out m.out c.bin \
    && cmp -s m.out msg && ok || bad "encrypt/decrypt with pkeyutl's spellings"
"$PKC" derive -derive -inkey ec.pem -peerkey ec2.pub -out z1 && "$PKC" derive -i ec2.pem -p ec.pub -o z2 && cmp -s z1 z2 \
    && ok || bad "derive -inkey -peerkey"
openssl pkeyutl -derive -inkey ec.pem -peerkey ec2.pub -out z3 2>/dev/null && cmp -s z1 z3 && ok || bad "derive != openssl pkeyutl -derive"
[ "$("$PKC" curves -oid | grep -c '^curve .* oid$')" = 3 ] && ok || bad "curves -oid: the three tables' headers"

# ---- OpenSSL's spellings that mean something else here: refused with the right option ----
refused sign "'-in' is not an option of pkc sign: the data is the FILE argument, the key -i KEY" -in msg -i ec.pem
refused verify "the key -p PUB" -in msg -p ec.pub -s d.sig
refused encrypt "the message is the FILE argument, the key -p PUB" -p rsa.pub -in msg
refused decrypt "the ciphertext is the FILE argument, the key -i KEY" -i rsa.pem -in c.bin
refused sign "use --pss and --saltlen LEN" -i rsa.pem -sigopt rsa_padding_mode:pss msg
refused encrypt "OAEP is the padding; its options are -d, --mgf1, --label" -p rsa.pub -pkeyopt rsa_padding_mode:oaep msg
refused keygen "use -b BITS, -e EXP or -c CURVE" -pkeyopt rsa_keygen_bits:2048
refused sign "drop it: pkc reads PEM or DER keys" -keyform PEM -i ec.pem msg
# OpenSSL options a command does not have: named, not misread
refused keygen "'-text' is an OpenSSL option that pkc keygen does not have" -text
refused pubkey "'-passout' is an OpenSSL option that pkc pubkey does not have" -in ec.pem -passout pass:x
refused pubkey "'-noout' is an OpenSSL option" -in ec.pem -noout
refused derive "'-out' needs\|option '--out' needs a value" -i ec.pem -p ec2.pub -out

# ---- standard input at most once; an omitted FILE is standard input ----
refused verify "the signature and the data cannot both be standard input" -p ec.pub -s - < d.sig
refused verify "the signature and the data cannot both be standard input" -p ec.pub -s - - < d.sig
refused verify "the key and the data cannot both be standard input" -p - -s d.sig < ec.pub
refused verify "the key and the signature cannot both be standard input" -p - -s - msg < ec.pub
refused sign "the key and the data cannot both be standard input" -i - < ec.pem
refused sign "the key and the data cannot both be standard input" -i - - < ec.pem
refused encrypt "the key and the message cannot both be standard input" -p - < rsa.pub
refused decrypt "the key and the ciphertext cannot both be standard input" -i - < rsa.pem
refused derive "the key and the peer key cannot both be standard input" -i - -p - < ec.pem
# one stdin is fine
[ "$("$PKC" verify -p - -s d.sig -d sha384 msg < ec.pub)" = "Verified OK" ] && ok || bad "the key from stdin"
[ "$("$PKC" verify -p ec.pub -s - -d sha384 msg < d.sig)" = "Verified OK" ] && ok || bad "the signature from stdin"
[ "$("$PKC" verify -p ec.pub -s d.sig -d sha384 < msg)" = "Verified OK" ] && ok || bad "the data from stdin"
"$PKC" sign -i - msg < ec.pem > s.sig && "$PKC" verify -p ec.pub -s s.sig msg >/dev/null && ok || bad "sign with the key from stdin"

# ---- weak RSA keys: refused for use unless --allow-weak ----
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:512 -out weak.pem 2>/dev/null
openssl pkey -in weak.pem -pubout -out weak.pub 2>/dev/null
refused sign "weak.pem: a 512-bit RSA key is too weak to use (below 1024 bits; --allow-weak to use it anyway)" -i weak.pem msg
refused encrypt "512-bit RSA key is too weak" -p weak.pub msg
refused decrypt "512-bit RSA key is too weak" -i weak.pem c.bin
openssl dgst -sha256 -sign weak.pem -out w.sig msg 2>/dev/null
refused verify "512-bit RSA key is too weak" -p weak.pub -s w.sig msg
[ "$("$PKC" verify --allow-weak -p weak.pub -s w.sig msg)" = "Verified OK" ] && ok || bad "verify --allow-weak"
"$PKC" sign --allow-weak -i weak.pem -o w2.sig msg && cmp -s w.sig w2.sig && ok || bad "sign --allow-weak"
printf 'hi' | "$PKC" encrypt --allow-weak -d sha1 -p weak.pub | "$PKC" decrypt --allow-weak -d sha1 -i weak.pem | grep -qx hi \
    && ok || bad "encrypt/decrypt --allow-weak"
refused encrypt "a 512-bit key is too small for RSA-OAEP with sha256" --allow-weak -p weak.pub msg
"$PKC" pubkey -i weak.pem | cmp -s - weak.pub && ok || bad "pubkey still converts a weak key"

# ---- key and signature files: at most 1 MiB ----
{ cat ec.pem; head -c 1100000 /dev/urandom | base64; } > big.pem
refused pubkey "big.pem: larger than 1 MiB, not a key file" -i big.pem
refused sign "big.pem: larger than 1 MiB" -i big.pem msg
yes | refused pubkey "standard input: larger than 1 MiB"
head -c 1048577 /dev/urandom > big.sig
refused verify "signature big.sig is larger than 1 MiB" -p ec.pub -s big.sig msg
yes | refused verify "signature standard input is larger than 1 MiB" -p ec.pub -s - msg
head -c 1048576 /dev/zero > mib.sig   # exactly 1 MiB: read, then refused as a signature
refused verify "mib.sig: malformed signature" -p ec.pub -s mib.sig msg

# ---- encrypt: no more input read than the key allows ----
# 2048-bit key: at most 256 - 2*32 - 2 = 190 bytes with SHA-256, 256 - 2*64 - 2 = 126 with SHA-512
head -c 190 /dev/urandom > m190; head -c 191 /dev/urandom > m191
"$PKC" encrypt -p rsa.pub m190 | "$PKC" decrypt -i rsa.pem | cmp -s - m190 && ok || bad "190-byte message"
refused encrypt "message too long (at most 190 bytes with this key and digest; --hybrid" --scheme oaep -p rsa.pub m191
refused encrypt "at most 126 bytes" --scheme oaep -p rsa.pub -d sha512 m190
yes | refused encrypt "message too long" --scheme oaep -p rsa.pub
refused encrypt "RSA-OAEP options; ECIES has none" -p ec.pub -d sha256 msg
yes | refused decrypt "decryption failed" --scheme oaep -i rsa.pem
refused decrypt "public key; decryption needs the private key" -i rsa.pub c.bin

# ---- the old messages' checks the library makes, still explained ----
refused derive "RSA keys do not agree keys (EC, X25519 and X448 keys do)" -i rsa.pem -p ec.pub
refused derive "ec.pub is a public key; derive needs your private key" -i ec.pub -p ec2.pub
"$PKC" keygen -t ec -c P-384 -o p384.pem && "$PKC" pubkey -i p384.pem -o p384.pub
refused derive "the keys are on different curves" -i ec.pem -p p384.pub
refused sign "ec.pub is a public key; signing needs the private key" -i ec.pub msg
refused sign "--pss is for RSA keys" -i ec.pem --pss msg
refused verify "--pss is for RSA keys" -p ec.pub -s d.sig --pss msg

# ---- help names the spellings ----
for cmd in keygen pubkey sign verify encrypt decrypt derive hash rng; do
    "$PKC" $cmd --help | grep -q "usage: pkc $cmd" && ok || bad "pkc $cmd --help"
    "$PKC" $cmd -help | grep -q "usage: pkc $cmd" && ok || bad "pkc $cmd -help"
done

finish
