#!/usr/bin/env bash
# EC keys through the two command-line tools, on the nine prime curves
# (the binary ones: tests/test_cli_binary.sh; more on X9.62 prime239v1:
# tests/test_cli_prime239v1.sh):
#   pkc keygen -t ec          -> openssl pkey -check
#   pkc pubkey                == openssl pkey -pubout
#   pkc sign (every digest)   -> openssl dgst -verify
#   openssl dgst -sign        -> pkc verify (also with OpenSSL's SEC 1 keys)
#   pkc derive                == openssl pkeyutl -derive (both directions)
# plus --seed reproducibility and bad input with the documented exit codes
# (0 success, 1 a well-formed signature that does not verify, 2 bad usage or
# bad input, malformed and out-of-range signatures included).
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}" "${PYTHON:=/usr/bin/python3}"
command -v openssl >/dev/null || { echo "FAIL: openssl not installed"; exit 1; }

head -c 1000 /dev/urandom >"$T/msg"
printf 'other' >"$T/msg2"

for curve in secp192k1 secp192r1 secp224k1 secp224r1 prime239v1 secp256k1 secp256r1 secp384r1 secp521r1; do
    osslname=$curve
    [ $curve = secp192r1 ] && osslname=prime192v1
    [ $curve = secp256r1 ] && osslname=prime256v1
    k="$T/$curve.pem" p="$T/$curve.pub"
    check "$curve: keygen" "$PKC" keygen -t ec -c $curve -o "$k"
    check "$curve: openssl pkey -check" openssl pkey -in "$k" -check -noout
    check "$curve: openssl pkey -pubcheck" openssl pkey -in "$k" -pubcheck -noout
    head -1 "$k" | grep -q -- '-----BEGIN PRIVATE KEY-----' && ok || bad "$curve: not PKCS#8 PEM"
    check "$curve: pubkey" "$PKC" pubkey -i "$k" -o "$p"
    openssl pkey -in "$k" -pubout -out "$T/opub.pem" 2>/dev/null
    cmp -s "$p" "$T/opub.pem" && ok || bad "$curve: pkc pubkey differs from openssl pkey -pubout"
    openssl pkey -in "$k" -out "$T/re.pem" 2>/dev/null
    cmp -s "$k" "$T/re.pem" && ok || bad "$curve: openssl re-encodes the pkc key differently"

    # OpenSSL's own key, in the traditional SEC 1 form (EC PARAMETERS + EC PRIVATE KEY)
    ok_="$T/$curve.ossl.pem" op="$T/$curve.ossl.pub"
    openssl ecparam -name $osslname -genkey -out "$ok_" 2>/dev/null
    openssl pkey -in "$ok_" -pubout -out "$op" 2>/dev/null
    check "$curve: pkc reads openssl's SEC 1 key" "$PKC" pubkey -i "$ok_" -o "$T/op2.pem"
    cmp -s "$op" "$T/op2.pem" && ok || bad "$curve: public key of openssl's key differs"

    for d in sha224 sha256 sha384 sha512; do
        check "$curve/$d: pkc sign" "$PKC" sign -i "$k" -d $d -o "$T/s.sig" "$T/msg"
        check "$curve/$d: openssl verifies pkc" openssl dgst -$d -verify "$p" -signature "$T/s.sig" "$T/msg"
        openssl dgst -$d -sign "$ok_" -out "$T/o.sig" "$T/msg" 2>/dev/null
        expect_rc 0 "$curve/$d: pkc verifies openssl" "$PKC" verify -p "$op" -s "$T/o.sig" -d $d "$T/msg"
        grep -q "Verified OK" "$T/out" && ok || bad "$curve/$d: no 'Verified OK'"
        expect_rc 1 "$curve/$d: pkc rejects another message" "$PKC" verify -p "$op" -s "$T/o.sig" -d $d "$T/msg2"
        grep -q "Verification failure" "$T/out" && ok || bad "$curve/$d: no 'Verification failure'"
        expect_rc 1 "$curve/$d: pkc rejects the wrong key" "$PKC" verify -p "$p" -s "$T/o.sig" -d $d "$T/msg"
        if openssl dgst -$d -verify "$p" -signature "$T/s.sig" "$T/msg2" >/dev/null 2>&1; then
            bad "$curve/$d: openssl accepts a pkc signature of another message"; else ok; fi
    done
    # the signature of the default digest (sha256), from stdin
    check "$curve: sign stdin" sh -c "\"$PKC\" sign -i \"$k\" <\"$T/msg\" >\"$T/s2.sig\""
    check "$curve: openssl verifies default digest" openssl dgst -sha256 -verify "$p" -signature "$T/s2.sig" "$T/msg"
    # a private key verifies too
    expect_rc 0 "$curve: verify with the private key" "$PKC" verify -p "$k" -s "$T/s2.sig" "$T/msg"

    # ECDH both ways, and against OpenSSL
    check "$curve: pkc derive" "$PKC" derive -i "$k" -p "$op" -o "$T/z1"
    check "$curve: openssl derive" openssl pkeyutl -derive -inkey "$ok_" -peerkey "$p" -out "$T/z2"
    cmp -s "$T/z1" "$T/z2" && ok || bad "$curve: pkc derive != openssl pkeyutl -derive"
    check "$curve: pkc derive (other side)" "$PKC" derive -i "$ok_" -p "$p" -o "$T/z3"
    cmp -s "$T/z1" "$T/z3" && ok || bad "$curve: derive is not symmetric"

    # --seed: same seed, same key; another seed, another key
    "$PKC" keygen -t ec -c $curve --seed 7 -o "$T/s7a.pem" && "$PKC" keygen -t ec -c $curve --seed 7 -o "$T/s7b.pem"
    "$PKC" keygen -t ec -c $curve --seed 8 -o "$T/s8.pem"
    cmp -s "$T/s7a.pem" "$T/s7b.pem" && ok || bad "$curve: --seed is not reproducible"
    cmp -s "$T/s7a.pem" "$T/s8.pem" && bad "$curve: different seeds, same key" || ok
done

# aliases
for c in P-256 prime256v1 P-384 P-521 P-224 P-192 prime192v1; do
    check "curve alias $c" "$PKC" keygen -t ec -c $c -o "$T/alias.pem"
done

# ---- bad input ----
k="$T/secp256r1.pem" p="$T/secp256r1.pub"
expect_rc 2 "keygen -t ec without -c" "$PKC" keygen -t ec
expect_rc 2 "keygen unknown curve" "$PKC" keygen -t ec -c secp255r1
expect_rc 2 "keygen -c with rsa" "$PKC" keygen -t rsa -c P-256
expect_rc 2 "keygen -b with ec" "$PKC" keygen -t ec -c P-256 -b 2048
expect_rc 2 "sign with a public key" "$PKC" sign -i "$p" "$T/msg"
expect_rc 2 "sign --pss with an EC key" "$PKC" sign -i "$k" --pss "$T/msg"
expect_rc 2 "derive without -p" "$PKC" derive -i "$k"
expect_rc 2 "derive with a public key as -i" "$PKC" derive -i "$p" -p "$p"
expect_rc 2 "derive, peer on another curve" "$PKC" derive -i "$k" -p "$T/secp384r1.pub"
expect_rc 2 "derive, garbage peer" "$PKC" derive -i "$k" -p "$T/msg"
expect_rc 2 "derive, missing peer file" "$PKC" derive -i "$k" -p "$T/nonexistent"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$T/rsa.pem" 2>/dev/null
openssl pkey -in "$T/rsa.pem" -pubout -out "$T/rsa.pub" 2>/dev/null
expect_rc 2 "derive with an RSA key" "$PKC" derive -i "$T/rsa.pem" -p "$p"
expect_rc 2 "derive with an RSA peer" "$PKC" derive -i "$k" -p "$T/rsa.pub"
# a public key whose point is off the curve / the point at infinity / x >= p
"$PYTHON" - "$p" "$T" <<'EOF'
import base64, sys
src, out = sys.argv[1], sys.argv[2]
b64 = "".join(l for l in open(src).read().splitlines() if not l.startswith("-----"))
der = bytearray(base64.b64decode(b64))
def pem(d, name):
    s = base64.b64encode(bytes(d)).decode()
    with open(out + "/" + name, "w") as f:
        f.write("-----BEGIN PUBLIC KEY-----\n")
        for i in range(0, len(s), 64):
            f.write(s[i:i + 64] + "\n")
        f.write("-----END PUBLIC KEY-----\n")
off = bytearray(der); off[-1] ^= 1; pem(off, "offcurve.pub")
ge = bytearray(der); ge[-64:-32] = b"\xff" * 32; pem(ge, "xgep.pub")
trail = bytearray(der) + b"\x00"
with open(out + "/trailing.der", "wb") as f: f.write(bytes(trail))
with open(out + "/trunc.der", "wb") as f: f.write(bytes(der[:-1]))
# explicit parameters are refused: replace the curve OID by a SEQUENCE (same length)
EOF
expect_rc 2 "derive, peer off the curve" "$PKC" derive -i "$k" -p "$T/offcurve.pub"
expect_rc 2 "derive, peer x >= p" "$PKC" derive -i "$k" -p "$T/xgep.pub"
expect_rc 2 "verify, key off the curve" "$PKC" verify -p "$T/offcurve.pub" -s "$T/s2.sig" "$T/msg"
expect_rc 2 "pubkey, trailing garbage" "$PKC" pubkey -i "$T/trailing.der"
expect_rc 2 "pubkey, truncated" "$PKC" pubkey -i "$T/trunc.der"
openssl ecparam -name secp256r1 -genkey -noout -param_enc explicit -out "$T/explicit.pem" 2>/dev/null
expect_rc 2 "explicit curve parameters" "$PKC" pubkey -i "$T/explicit.pem"
openssl ecparam -name brainpoolP256r1 -genkey -noout -out "$T/brainpool.pem" 2>/dev/null
expect_rc 2 "unsupported curve" "$PKC" pubkey -i "$T/brainpool.pem"
# signatures that cannot be one: truncated, trailing garbage, not DER, empty,
# r = 0, s = n, r longer than the order: bad input (exit 2, with the reason)
"$PKC" sign -i "$k" -o "$T/good.sig" "$T/msg"
head -c $(($(stat -c %s "$T/good.sig") - 1)) "$T/good.sig" >"$T/short.sig"
{ cat "$T/good.sig"; printf '\0'; } >"$T/long.sig"
printf '\x30\x06\x02\x01\x00\x02\x01\x01' >"$T/zero.sig"
unhex() { printf "$(printf '%s' "$1" | sed 's/../\\x&/g')"; }
n256=FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
unhex "3026020101022100$n256" >"$T/sn.sig"
unhex "302702220001${n256}020101" >"$T/rlong.sig"
head -c 72 /dev/urandom >"$T/random.sig"
: >"$T/empty.sig"
expect_rc 0 "verify good signature" "$PKC" verify -p "$p" -s "$T/good.sig" "$T/msg"
for s in short long zero sn rlong random empty; do
    expect_rc 2 "verify $s signature" "$PKC" verify -p "$p" -s "$T/$s.sig" "$T/msg"
    grep -q "$s.sig: " "$T/err" && ok || bad "$s signature: the reason does not name the file: $(cat "$T/err")"
done
grep -q 'malformed' <("$PKC" verify -p "$p" -s "$T/short.sig" "$T/msg" 2>&1) && ok || bad "short signature: no 'malformed'"
grep -q 'range\|not in \[1, n-1\]' <("$PKC" verify -p "$p" -s "$T/sn.sig" "$T/msg" 2>&1) && ok || bad "s = n: no range reason"
# well-formed signatures that do not verify: the negative answer (exit 1)
expect_rc 1 "verify EC signature with -d sha384 (signed with sha256)" "$PKC" verify -p "$p" -s "$T/good.sig" -d sha384 "$T/msg"
printf '\x30\x06\x02\x01\x01\x02\x01\x01' >"$T/ones.sig"
expect_rc 1 "verify r = s = 1" "$PKC" verify -p "$p" -s "$T/ones.sig" "$T/msg"
# an ECDSA signature is not the length of an RSA-1024 signature (exit 2; needs
# the RSA verify contract: a wrong length is PKC_ERR_DECODE)
expect_rc 2 "verify EC signature with an RSA key" "$PKC" verify -p "$T/rsa.pub" -s "$T/good.sig" "$T/msg"

# low-s (malleability): pkc sign --low-s gives s <= n/2, and OpenSSL accepts
# it; pkc verify --low-s refuses the high twin of a valid signature (exit 1,
# with the reason) and accepts the low one; RSA keys refuse the option
high=0 low=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    printf 'message %s' $i >"$T/lm"
    openssl dgst -sha256 -sign "$k" -out "$T/ls.sig" "$T/lm" 2>/dev/null
    "$PKC" verify -p "$p" -s "$T/ls.sig" --low-s "$T/lm" >"$T/out" 2>"$T/err"
    rc=$?
    case $rc in
    0) low=$((low + 1)) ;;
    1) if grep -q 'not low-s' "$T/err"; then high=$((high + 1)); else bad "high s: no reason: $(cat "$T/err")"; fi ;;
    *) bad "verify --low-s of an OpenSSL signature: exit $rc" ;;
    esac
    expect_rc 0 "verify without --low-s accepts either twin" "$PKC" verify -p "$p" -s "$T/ls.sig" "$T/lm"
    check "sign --low-s" "$PKC" sign -i "$k" --low-s -o "$T/lp.sig" "$T/lm"
    expect_rc 0 "verify --low-s of pkc sign --low-s" "$PKC" verify -p "$p" -s "$T/lp.sig" --low-s "$T/lm"
    check "openssl verifies pkc sign --low-s" openssl dgst -sha256 -verify "$p" -signature "$T/lp.sig" "$T/lm"
done
[ $high -gt 0 ] && [ $low -gt 0 ] && ok || bad "16 OpenSSL signatures: $low low-s, $high high-s (both expected)"
printf 'message 1' >"$T/lm"
expect_rc 1 "verify --low-s of a wrong signature" "$PKC" verify -p "$p" -s "$T/ones.sig" --low-s "$T/lm"
grep -q 'not low-s' "$T/err" && bad "a wrong signature is not a high-s one: $(cat "$T/err")" || ok
expect_rc 2 "sign --low-s with an RSA key" "$PKC" sign -i "$T/rsa.pem" --low-s "$T/msg"
expect_rc 2 "verify --low-s with an RSA key" "$PKC" verify -p "$T/rsa.pub" --low-s -s "$T/good.sig" "$T/msg"

finish
