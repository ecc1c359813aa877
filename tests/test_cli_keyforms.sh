#!/usr/bin/env bash
# Key forms through the command, against the openssl command:
#   pkc key --text --noout prints what `openssl pkey -text -noout` prints
#   (RSA and EC, byte for byte), and the curve's parameters as `openssl
#   ecparam -param_enc explicit -text` gives them (prime and binary curves);
#   keygen and key --format sec1|pkcs1 write what openssl reads as such
#   ("EC PRIVATE KEY", "RSA PRIVATE KEY"), the same key;
#   pubkey/key --point compressed is byte for byte `openssl ec -pubout
#   -conv_form compressed`; pubkey --format pkcs1 is byte for byte
#   `openssl rsa -RSAPublicKey_out`; pkc reads every form back;
#   key --pubout, key --passout (openssl reads it), pkey is key;
#   mismatched options are exit 2 with one line.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
command -v openssl >/dev/null 2>&1 ||
    skip_test "the openssl command is missing (scripts/deps.sh installs it)"
cd "$T" || exit 1
norm() { sed 's/[[:space:]]*$//; s/:  */: /' | awk '/^Seed:/ {skip = 1; next} skip && /^    / {next} {skip = 0; print}'; }

for bits in 1024 2048 3072; do
    check "RSA-$bits keygen" "$PKC" keygen -b "$bits" -o "rsa$bits.pem"
    "$PKC" key -i "rsa$bits.pem" --text --noout >pkc.txt 2>/dev/null
    openssl pkey -in "rsa$bits.pem" -text -noout >ossl.txt
    cmp -s pkc.txt ossl.txt && ok || { bad "RSA-$bits: --text differs from openssl pkey -text"; diff pkc.txt ossl.txt | head -5; }
    "$PKC" key -i "rsa$bits.pem" --pubout --text --noout >pkc.txt 2>/dev/null
    openssl pkey -in "rsa$bits.pem" -pubout -text_pub -noout >ossl.txt
    cmp -s pkc.txt ossl.txt && ok || { bad "RSA-$bits: public --text differs"; diff pkc.txt ossl.txt | head -5; }
done
check "RSA --format pkcs1" "$PKC" key -i rsa2048.pem --format pkcs1 -o rsa1.pem
head -1 rsa1.pem | grep -q 'BEGIN RSA PRIVATE KEY' && ok || bad "pkcs1: $(head -1 rsa1.pem)"
openssl rsa -in rsa2048.pem -traditional -out rsa1.ossl 2>/dev/null
cmp -s rsa1.pem rsa1.ossl && ok || bad "RSA --format pkcs1 differs from openssl rsa -traditional"
check "keygen --format pkcs1" "$PKC" keygen -b 2048 --format pkcs1 -o g1.pem
check "openssl checks keygen's PKCS#1 key" openssl rsa -in g1.pem -check -noout
check "pubkey --format pkcs1" "$PKC" pubkey -i rsa2048.pem --format pkcs1 --outform der -o rp.der
openssl rsa -in rsa2048.pem -RSAPublicKey_out -outform DER -out rp.ossl 2>/dev/null
cmp -s rp.der rp.ossl && ok || bad "pubkey --format pkcs1 differs from openssl rsa -RSAPublicKey_out"
check "pkc reads RSAPublicKey DER" "$PKC" pubkey -i rp.der -o rp.spki
openssl pkey -in rsa2048.pem -pubout -out rp.ospki
cmp -s rp.spki rp.ospki && ok || bad "RSAPublicKey read back differs"

for c in P-256 secp256k1 secp384r1 secp521r1 sect283k1 sect571r1 prime239v1; do
    check "$c keygen --format sec1" "$PKC" keygen -t ec -c "$c" --format sec1 -o "$c.sec1"
    head -1 "$c.sec1" | grep -q 'BEGIN EC PRIVATE KEY' && ok || bad "$c: sec1 label $(head -1 "$c.sec1")"
    check "$c: openssl checks the SEC 1 key" openssl ec -in "$c.sec1" -check -noout
    check "$c: key --format pkcs8" "$PKC" key -i "$c.sec1" -o "$c.p8"
    head -1 "$c.p8" | grep -q 'BEGIN PRIVATE KEY' && ok || bad "$c: pkcs8 label"
    "$PKC" key -i "$c.p8" --text --noout >pkc.txt 2>/dev/null
    openssl pkey -in "$c.p8" -text -noout >ossl.txt
    n=$(wc -l <ossl.txt)
    head -n "$n" pkc.txt | cmp -s - ossl.txt && ok || { bad "$c: --text differs from openssl pkey -text"; diff <(head -n "$n" pkc.txt) ossl.txt | head -5; }
    oname=$(awk '/^ASN1 OID/ {print $3}' ossl.txt)
    sed -n '/^Field Type/,$p' pkc.txt | norm >pkc.par
    openssl ecparam -name "$oname" -param_enc explicit -text -noout | sed -n '/^Field Type/,$p' | norm >ossl.par
    cmp -s pkc.par ossl.par && ok || { bad "$c: curve parameters differ from openssl ecparam"; diff pkc.par ossl.par | head -5; }
    check "$c: pubkey --point compressed" "$PKC" pubkey -i "$c.p8" --point compressed --outform der -o "$c.cpub"
    openssl ec -in "$c.p8" -pubout -conv_form compressed -outform DER -out "$c.ocpub" 2>/dev/null
    cmp -s "$c.cpub" "$c.ocpub" && ok || bad "$c: compressed SPKI differs from openssl ec -conv_form compressed"
    check "$c: pkc reads the compressed key" "$PKC" key -i "$c.ocpub" -o "$c.upub"
    openssl ec -pubin -in "$c.ocpub" -inform DER -pubout -conv_form uncompressed -out "$c.oupub" 2>/dev/null
    cmp -s "$c.upub" "$c.oupub" && ok || bad "$c: decompressed public key differs"
    "$PKC" key -i "$c.p8" --pubout --point compressed --text --noout | grep -A1 '^pub:' | tail -1 | grep -Eq '^    0[23]:' &&
        ok || bad "$c: --text --point compressed"
done

# key --pubout, --passout, pkey
check "key --pubout" "$PKC" key -i P-256.p8 --pubout -o pub1.pem
check "pubkey" "$PKC" pubkey -i P-256.p8 -o pub2.pem
cmp -s pub1.pem pub2.pem && ok || bad "key --pubout differs from pubkey"
check "key --passout" "$PKC" key -i P-256.p8 --passout pass:pw --iter 1000 -o enc.pem
check "openssl reads key --passout's key" openssl pkey -in enc.pem -passin pass:pw -out dec.pem
cmp -s dec.pem P-256.p8 && ok || bad "the encrypted key is not the same key"
check "pkey is key" "$PKC" pkey -in P-256.p8 -text -noout
[ "$(stat -c %a enc.pem)" = 600 ] && ok || bad "encrypted key mode $(stat -c %a enc.pem)"
"$PKC" key -i P-256.p8 --pubout -o pubm.pem && [ "$(stat -c %a pubm.pem)" != 600 ] && ok ||
    bad "a public key written 0600 (it follows the umask)"

# refusals
expect_rc 2 "--format sec1 with RSA" "$PKC" key -i rsa2048.pem --format sec1
expect_rc 2 "--format pkcs1 with EC" "$PKC" key -i P-256.p8 --format pkcs1
expect_rc 2 "--point with RSA" "$PKC" pubkey -i rsa2048.pem --point compressed
expect_rc 2 "--format sec1 for a public key" "$PKC" key -i P-256.p8 --pubout --format sec1
expect_rc 2 "--noout with -o" "$PKC" key -i P-256.p8 --noout -o x.pem
expect_rc 2 "--passout of a public key" "$PKC" key -i pub1.pem --passout pass:x
expect_rc 2 "--passout with --format sec1" "$PKC" key -i P-256.p8 --format sec1 --passout pass:x
expect_rc 2 "bad --point" "$PKC" pubkey -i P-256.p8 --point hybrid
expect_rc 2 "bad --format" "$PKC" key -i P-256.p8 --format pem
finish
