#!/usr/bin/env bash
# EC keys on the ten binary curves (GF(2^m), cofactor 2 or 4) through the
# two command-line tools, both ways:
#   pkc keygen -t ec (also by NIST name) -> openssl pkey -check, ec -check
#   pkc pubkey                == openssl pkey -pubout
#   openssl's keys (PKCS#8, SEC 1, compressed points) -> pkc
#   pkc sign                  -> openssl dgst -verify, openssl pkeyutl -verify
#   openssl dgst -sign        -> pkc verify
#   pkc derive                == openssl pkeyutl -derive (both directions)
#   pkc curves                == the curve's explicit parameters from openssl
# and bad input, which must be exit 2 with one line (never a crash, never
# "valid"): points off the curve, of small order (the point (0, sqrt b) of
# order 2, G plus it, a point of order 4 and G plus it on the cofactor-4
# curves), x = 0 compressed, coordinates of degree >= m, wrong lengths, and
# signatures that cannot be one; a well-formed signature that does not
# verify is exit 1. The bad keys are written by tests/binary_points.py
# from the curve's explicit parameters (its own GF(2^m) arithmetic), which
# asserts that each small-order point is on the curve; OpenSSL's
# -pubcheck must refuse them too.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
command -v openssl >/dev/null || { echo "FAIL: openssl not installed"; exit 1; }
POINTS="$SRC/tests/binary_points.py"

head -c 1000 /dev/urandom >"$T/msg"
printf 'other' >"$T/msg2"
"$PKC" curves >"$T/curves.txt" || bad "pkc curves"

CURVES="sect163k1 sect163r2 sect233k1 sect233r1 sect283k1 sect283r1 sect409k1 sect409r1 sect571k1 sect571r1"
for curve in $CURVES; do
    D="$T/$curve"
    mkdir -p "$D"
    k="$D/pkc.pem" p="$D/pkc.pub"

    # ---- pkc's keys, read by openssl ----
    check "$curve: keygen" "$PKC" keygen -t ec -c $curve -o "$k"
    check "$curve: openssl pkey -check" openssl pkey -in "$k" -check -noout
    check "$curve: openssl pkey -pubcheck" openssl pkey -in "$k" -pubcheck -noout
    check "$curve: openssl ec -check" openssl ec -in "$k" -check -noout
    openssl pkey -in "$k" -text -noout 2>/dev/null | grep -q "ASN1 OID: $curve" && ok ||
        bad "$curve: openssl does not see the named curve $curve"
    check "$curve: pubkey" "$PKC" pubkey -i "$k" -o "$p"
    openssl pkey -in "$k" -pubout -out "$D/opub.pem" 2>/dev/null
    cmp -s "$p" "$D/opub.pem" && ok || bad "$curve: pkc pubkey differs from openssl pkey -pubout"
    openssl pkey -in "$k" -out "$D/re.pem" 2>/dev/null
    cmp -s "$k" "$D/re.pem" && ok || bad "$curve: openssl re-encodes the pkc key differently"
    check "$curve: openssl reads pkc's public key" openssl pkey -pubin -in "$p" -pubcheck -noout
    check "$curve: pubkey --outform der" "$PKC" pubkey -i "$k" --outform der -o "$D/pkc.pub.der"
    openssl pkey -pubin -in "$p" -outform DER -out "$D/opub.der" 2>/dev/null
    cmp -s "$D/pkc.pub.der" "$D/opub.der" && ok || bad "$curve: pkc pubkey DER differs from openssl's"

    # ---- openssl's keys, read by pkc: PKCS#8 (genpkey) and SEC 1 (ecparam) ----
    og="$D/ossl8.pem" ok_="$D/ossl.pem" op="$D/ossl.pub"
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:$curve -out "$og" 2>/dev/null
    openssl pkey -in "$og" -pubout -out "$D/og.pub" 2>/dev/null
    check "$curve: pkc reads openssl genpkey's key" "$PKC" pubkey -i "$og" -o "$D/og2.pub"
    cmp -s "$D/og.pub" "$D/og2.pub" && ok || bad "$curve: public key of openssl genpkey's key differs"
    openssl ecparam -name $curve -genkey -out "$ok_" 2>/dev/null
    openssl pkey -in "$ok_" -pubout -out "$op" 2>/dev/null
    check "$curve: pkc reads openssl's SEC 1 key" "$PKC" pubkey -i "$ok_" -o "$D/op2.pem"
    cmp -s "$op" "$D/op2.pem" && ok || bad "$curve: public key of openssl's SEC 1 key differs"
    # compressed points (SEC 1 for GF(2^m): the bit is the lowest bit of y/x)
    openssl ec -in "$ok_" -pubout -conv_form compressed -out "$D/ossl.cpub" 2>/dev/null
    [ "$(wc -c <"$D/ossl.cpub")" -lt "$(wc -c <"$op")" ] && ok || bad "$curve: openssl did not compress"
    check "$curve: pkc reads a compressed public key" "$PKC" pubkey -i "$D/ossl.cpub" -o "$D/op3.pem"
    cmp -s "$op" "$D/op3.pem" && ok || bad "$curve: compressed public key decompressed wrongly"
    openssl ec -in "$ok_" -conv_form compressed -out "$D/osslc.pem" 2>/dev/null
    check "$curve: pkc reads a SEC 1 key with a compressed point" "$PKC" pubkey -i "$D/osslc.pem" -o "$D/op4.pem"
    cmp -s "$op" "$D/op4.pem" && ok || bad "$curve: SEC 1 key with a compressed point read wrongly"

    # ---- ECDSA both ways ----
    for d in sha256 sha512; do
        check "$curve/$d: pkc sign" "$PKC" sign -i "$k" -d $d -o "$D/s.sig" "$T/msg"
        check "$curve/$d: openssl dgst verifies pkc" openssl dgst -$d -verify "$p" -signature "$D/s.sig" "$T/msg"
        openssl dgst -$d -sign "$ok_" -out "$D/o.sig" "$T/msg" 2>/dev/null
        expect_rc 0 "$curve/$d: pkc verifies openssl" "$PKC" verify -p "$op" -s "$D/o.sig" -d $d "$T/msg"
        grep -q "Verified OK" "$T/out" && ok || bad "$curve/$d: no 'Verified OK'"
        expect_rc 1 "$curve/$d: pkc rejects another message" "$PKC" verify -p "$op" -s "$D/o.sig" -d $d "$T/msg2"
        grep -q "Verification failure" "$T/out" && ok || bad "$curve/$d: no 'Verification failure'"
        expect_rc 1 "$curve/$d: pkc rejects the wrong key" "$PKC" verify -p "$p" -s "$D/o.sig" -d $d "$T/msg"
        if openssl dgst -$d -verify "$p" -signature "$D/s.sig" "$T/msg2" >/dev/null 2>&1; then
            bad "$curve/$d: openssl accepts a pkc signature of another message"; else ok; fi
    done
    # pkeyutl: a signature of the digest itself
    openssl dgst -sha256 -binary -out "$D/dgst" "$T/msg"
    check "$curve: pkc sign (default digest)" "$PKC" sign -i "$k" -o "$D/s2.sig" "$T/msg"
    check "$curve: openssl pkeyutl -verify" openssl pkeyutl -verify -pubin -inkey "$p" -in "$D/dgst" -sigfile "$D/s2.sig"
    openssl pkeyutl -sign -inkey "$og" -in "$D/dgst" -out "$D/o2.sig" 2>/dev/null
    expect_rc 0 "$curve: pkc verifies openssl pkeyutl -sign" "$PKC" verify -p "$D/og.pub" -s "$D/o2.sig" "$T/msg"
    expect_rc 0 "$curve: verify with the private key" "$PKC" verify -p "$k" -s "$D/s2.sig" "$T/msg"
    expect_rc 0 "$curve: verify with the compressed public key" "$PKC" verify -p "$D/ossl.cpub" -s "$D/o.sig" -d sha512 "$T/msg"
    # a tampered signature (the last byte of s): well-formed, does not verify
    cp "$D/s2.sig" "$D/t.sig"
    flip_byte "$D/t.sig" $(($(wc -c <"$D/t.sig") - 1))
    expect_rc 1 "$curve: tampered signature" "$PKC" verify -p "$p" -s "$D/t.sig" "$T/msg"

    # ---- ECDH both ways, and against OpenSSL ----
    check "$curve: pkc derive" "$PKC" derive -i "$k" -p "$op" -o "$D/z1"
    check "$curve: openssl derive" openssl pkeyutl -derive -inkey "$ok_" -peerkey "$p" -out "$D/z2"
    cmp -s "$D/z1" "$D/z2" && ok || bad "$curve: pkc derive != openssl pkeyutl -derive"
    check "$curve: pkc derive (other side)" "$PKC" derive -i "$ok_" -p "$p" -o "$D/z3"
    cmp -s "$D/z1" "$D/z3" && ok || bad "$curve: derive is not symmetric"
    check "$curve: pkc derive, compressed peer" "$PKC" derive -i "$k" -p "$D/ossl.cpub" -o "$D/z4"
    cmp -s "$D/z1" "$D/z4" && ok || bad "$curve: derive with the compressed peer key differs"
    openssl pkeyutl -derive -inkey "$k" -peerkey "$D/og.pub" -out "$D/z5" 2>/dev/null
    check "$curve: pkc derive, openssl PKCS#8 peer" "$PKC" derive -i "$og" -p "$p" -o "$D/z6"
    cmp -s "$D/z5" "$D/z6" && ok || bad "$curve: pkc derive != openssl pkeyutl -derive (PKCS#8 key)"
    [ "$(wc -c <"$D/z1")" -eq "$(( ($(sed -n "s/^$curve  *\([0-9]*\) .*/\1/p" "$T/curves.txt") + 7) / 8 ))" ] && ok ||
        bad "$curve: the shared secret is not as long as a field element"

    # ---- pkc curves against the explicit parameters ----
    openssl ecparam -name $curve -param_enc explicit -outform DER -out "$D/params.der" 2>/dev/null
    openssl pkey -in "$ok_" -pubout -outform DER -out "$D/ossl.pub.der" 2>/dev/null
    if "$PY" "$POINTS" "$D/params.der" "$D/ossl.pub.der" "$D" 2>"$T/err"; then ok; else
        bad "$curve: binary_points.py failed"; sed 's/^/    /' "$T/err" | tail -5; continue; fi
    m=${curve:4:3}
    row=$(grep "^$curve " "$T/curves.txt")
    h=$(cat "$D/cofactor")
    read -r _ cm ch _ <<<"$row"
    [ "$cm" = "$m" ] && [ "$ch" = "$h" ] && ok || bad "$curve: pkc curves says m=$cm h=$ch, openssl m=$m h=$h"
    grep -qF " $(cat "$D/poly") " <<<"$row" && ok || bad "$curve: pkc curves: not the polynomial $(cat "$D/poly"): $row"

    # ---- bad public keys: exit 2, one line ----
    check "$curve: G is a valid key (the Python arithmetic is right)" "$PKC" pubkey -i "$D/g.der" --outform der -o "$D/g2.der"
    cmp -s "$D/g.der" "$D/g2.der" && ok || bad "$curve: G re-encoded differently"
    check "$curve: G compressed (y/x bit) is read" "$PKC" pubkey -i "$D/gc.der" --outform der -o "$D/g3.der"
    cmp -s "$D/g.der" "$D/g3.der" && ok || bad "$curve: compressed G decompressed wrongly"
    small="t2 gt2"
    [ "$h" = 4 ] && small="$small p4 gp4"
    for b in $small; do
        # on the curve (OpenSSL decodes it) but not of order n (-pubcheck)
        check "$curve: openssl decodes $b" openssl pkey -pubin -inform DER -in "$D/$b.der" -noout
        if openssl pkey -pubin -inform DER -in "$D/$b.der" -pubcheck -noout >/dev/null 2>&1; then
            bad "$curve: openssl -pubcheck accepts $b"; else ok; fi
    done
    for b in offcurve $small t2c x0odd xhigh short long xonly clong infinity empty; do
        expect_rc 2 "$curve: pubkey, bad point $b" "$PKC" pubkey -i "$D/$b.der"
        grep -q "$b.der: " "$T/err" && ok || bad "$curve: $b: the reason does not name the file: $(cat "$T/err")"
    done
    for b in offcurve $small t2c xhigh; do
        grep -q 'invalid key' <("$PKC" pubkey -i "$D/$b.der" 2>&1) && ok || bad "$curve: $b: not 'invalid key'"
        expect_rc 2 "$curve: derive, peer $b" "$PKC" derive -i "$k" -p "$D/$b.der"
        expect_rc 2 "$curve: verify, key $b" "$PKC" verify -p "$D/$b.der" -s "$D/s2.sig" "$T/msg"
        grep -q "Verified OK" "$T/out" && bad "$curve: verify with the bad key $b says Verified OK" || ok
    done

    # ---- signatures that cannot be one (exit 2), and ones that do not verify (exit 1) ----
    head -c $(($(wc -c <"$D/s2.sig") - 1)) "$D/s2.sig" >"$D/short.sig"
    { cat "$D/s2.sig"; printf '\0'; } >"$D/long.sig"
    printf '\x30\x06\x02\x01\x00\x02\x01\x01' >"$D/zero.sig"
    : >"$D/empty.sig"
    for s in short long zero empty sig_sn sig_rlong; do
        f="$D/$s.sig"
        [ -f "$f" ] || f="$D/$s.der"
        expect_rc 2 "$curve: verify $s signature" "$PKC" verify -p "$p" -s "$f" "$T/msg"
    done
    printf '\x30\x06\x02\x01\x01\x02\x01\x01' >"$D/ones.sig"
    expect_rc 1 "$curve: verify r = s = 1" "$PKC" verify -p "$p" -s "$D/ones.sig" "$T/msg"
done

# ---- NIST names, curves mixed up, --seed ----
for pair in K-163:sect163k1 B-163:sect163r2 K-233:sect233k1 B-233:sect233r1 K-283:sect283k1 \
    B-283:sect283r1 K-409:sect409k1 B-409:sect409r1 K-571:sect571k1 B-571:sect571r1; do
    nist=${pair%%:*} sec=${pair#*:}
    check "keygen -c $nist" "$PKC" keygen -t ec -c $nist -o "$T/nist.pem"
    openssl pkey -in "$T/nist.pem" -text -noout 2>/dev/null | grep -q "ASN1 OID: $sec" && ok ||
        bad "keygen -c $nist: not a $sec key"
done
check "keygen -c b-571 (any case)" "$PKC" keygen -t ec -c b-571 -o "$T/nist.pem"
expect_rc 2 "keygen -c sect239k1 (not implemented)" "$PKC" keygen -t ec -c sect239k1
expect_rc 2 "keygen -c K-160" "$PKC" keygen -t ec -c K-160
# same field, another curve; another field
expect_rc 2 "derive, sect283k1 key with a sect283r1 peer" "$PKC" derive -i "$T/sect283k1/pkc.pem" -p "$T/sect283r1/pkc.pub"
grep -q "different curves" "$T/err" && ok || bad "sect283k1 vs sect283r1: not 'different curves': $(cat "$T/err")"
expect_rc 2 "derive, sect163k1 key with a sect571k1 peer" "$PKC" derive -i "$T/sect163k1/pkc.pem" -p "$T/sect571k1/pkc.pub"
expect_rc 1 "verify a sect283k1 signature with a sect283r1 key" \
    "$PKC" verify -p "$T/sect283r1/pkc.pub" -s "$T/sect283k1/s2.sig" "$T/msg"
"$PKC" keygen -t ec -c sect571r1 --seed 7 -o "$T/s7a.pem" && "$PKC" keygen -t ec -c B-571 --seed 7 -o "$T/s7b.pem"
"$PKC" keygen -t ec -c sect571r1 --seed 8 -o "$T/s8.pem"
cmp -s "$T/s7a.pem" "$T/s7b.pem" && ok || bad "sect571r1: --seed is not reproducible"
cmp -s "$T/s7a.pem" "$T/s8.pem" && bad "sect571r1: different seeds, same key" || ok
# an explicit binary curve is refused like an explicit prime one
openssl ecparam -name sect283k1 -genkey -noout -param_enc explicit -out "$T/explicit.pem" 2>/dev/null
expect_rc 2 "explicit binary curve parameters" "$PKC" pubkey -i "$T/explicit.pem"
# a binary curve pkc does not implement
openssl ecparam -name sect239k1 -genkey -noout -out "$T/sect239k1.pem" 2>/dev/null
expect_rc 2 "unsupported binary curve sect239k1" "$PKC" pubkey -i "$T/sect239k1.pem"
grep -q "a curve pkc does not have" "$T/err" && ok || bad "sect239k1: not 'a curve pkc does not have': $(cat "$T/err")"

finish
