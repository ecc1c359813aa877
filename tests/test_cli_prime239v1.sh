#!/usr/bin/env bash
# ANSI X9.62 prime239v1 (pkc_curve_id 18, after the binary curves) against
# the openssl command. The curve has no NIST CAVP vectors (it is not a FIPS
# 186 curve), so OpenSSL is the reference:
#   the domain parameters pkc compiled in (src/ec/curve_params.c, from
#   tools/gen_ec_consts.py) == openssl ecparam -param_enc explicit -text;
#   pkc keygen            -> openssl ec -check / pkey -check (named curve)
#   openssl ecparam -genkey (SEC 1, with and without EC PARAMETERS, PKCS#8,
#   compressed SPKI)      -> pkc pubkey == openssl pkey -pubout
#   ECDSA                 pkc sign -> openssl dgst -verify, and back
#   ECDH                  pkc derive == openssl pkeyutl -derive, both ways
#   pkc bench -c prime239v1 (pkc, and OpenSSL when compiled in): a tiny run
# Without the openssl command: SKIPPED (a failure when CI is set).
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
command -v openssl >/dev/null 2>&1 ||
    skip_test "the openssl command is missing (scripts/deps.sh installs it)"
C=prime239v1
head -c 777 /dev/urandom >"$T/msg"
printf 'other' >"$T/msg2"

# ---- the domain parameters and the curve's row ----
openssl ecparam -name $C -param_enc explicit -text -noout >"$T/params.txt" 2>"$T/err" \
    && ok || bad "openssl ecparam -name $C: $(cat "$T/err")"
"$PY" - "$T/params.txt" "$SRC/src/ec/curve_params.c" <<'EOF' && ok || bad "domain parameters differ from openssl ecparam"
import re, sys
txt, src = open(sys.argv[1]).read(), open(sys.argv[2]).read()
f, cur = {}, None
for line in txt.splitlines():
    m = re.match(r'^(\w[\w ()]*):\s*(.*)$', line)
    if m:
        cur = m.group(1); f[cur] = m.group(2).strip()
    elif cur:
        f[cur] += line.strip()
hexnum = lambda k: int(f[k].replace(":", ""), 16)
g = f["Generator (uncompressed)"].replace(":", "")
assert g[:2] == "04" and len(g) == 2 + 4 * 30, g
want = {"p": hexnum("Prime"), "a": hexnum("A"), "b": hexnum("B"), "n": hexnum("Order"),
        "gx": int(g[2:62], 16), "gy": int(g[62:], 16)}
assert f["Cofactor"].split()[0] == "1"
for k, v in want.items():
    m = re.search(r'prime239v1_%s\[30\] = \{([^}]*)\}' % k, src)
    assert m, k
    got = bytes(int(x, 16) for x in re.findall(r'0x([0-9a-f]{2})', m.group(1)))
    assert got == v.to_bytes(30, "big"), (k, got.hex(), hex(v))
assert (want["p"] - want["a"]) == 3 and want["p"].bit_length() == 239
EOF
check "pkc curves" "$PKC" curves --oid
grep -Eq '^prime239v1 +239 +112 +2048 +a=-3 .* 1\.2\.840\.10045\.3\.1\.4$' "$T/out" && ok \
    || bad "pkc curves: the prime239v1 row: $(grep prime239v1 "$T/out")"

# ---- pkc's keys read by openssl ----
k="$T/pkc.pem" p="$T/pkc.pub"
check "keygen -c $C" "$PKC" keygen -t ec -c $C -o "$k"
check "openssl ec -check" openssl ec -in "$k" -check -noout
check "openssl pkey -check" openssl pkey -in "$k" -check -noout
check "openssl pkey -pubcheck" openssl pkey -in "$k" -pubcheck -noout
openssl ec -in "$k" -text -noout 2>/dev/null | grep -q "ASN1 OID: $C" && ok || bad "openssl ec: not the named curve $C"
check "pubkey" "$PKC" pubkey -i "$k" -o "$p"
openssl pkey -in "$k" -pubout -out "$T/opub.pem" 2>/dev/null
cmp -s "$p" "$T/opub.pem" && ok || bad "pkc pubkey differs from openssl pkey -pubout"
check "openssl ec reads the public key" openssl ec -pubin -in "$p" -noout
# a negative control: a pkc key on another curve is not this one
"$PKC" keygen -t ec -c secp256r1 -o "$T/p256.pem"
openssl ec -in "$T/p256.pem" -text -noout 2>/dev/null | grep -q "ASN1 OID: $C" \
    && bad "a secp256r1 key named $C" || ok

# ---- openssl's keys read by pkc ----
o="$T/ossl.pem" op="$T/ossl.pub"
check "openssl ecparam -genkey" openssl ecparam -name $C -genkey -out "$o"
openssl pkey -in "$o" -pubout -out "$op" 2>/dev/null
check "pkc reads openssl's SEC 1 key (with EC PARAMETERS)" "$PKC" pubkey -i "$o" -o "$T/p2.pem"
cmp -s "$op" "$T/p2.pem" && ok || bad "public key of openssl's SEC 1 key differs"
openssl ecparam -name $C -genkey -noout -out "$T/noparam.pem" 2>/dev/null
openssl pkey -in "$T/noparam.pem" -pubout -out "$T/noparam.pub" 2>/dev/null
check "pkc reads openssl's SEC 1 key (-noout)" "$PKC" pubkey -i "$T/noparam.pem" -o "$T/p3.pem"
cmp -s "$T/noparam.pub" "$T/p3.pem" && ok || bad "public key of openssl's -noout key differs"
openssl pkcs8 -topk8 -nocrypt -in "$o" -outform DER -out "$T/o8.der" 2>/dev/null
check "pkc reads openssl's PKCS#8 DER key" "$PKC" pubkey -i "$T/o8.der" -o "$T/p4.pem"
cmp -s "$op" "$T/p4.pem" && ok || bad "public key of openssl's PKCS#8 key differs"
openssl ec -in "$o" -pubout -conv_form compressed -out "$T/ocomp.pub" 2>/dev/null
check "pkc reads a compressed public key" "$PKC" pubkey -i "$T/ocomp.pub" -o "$T/p5.pem"
cmp -s "$op" "$T/p5.pem" && ok || bad "compressed public key decompressed differently"

# ---- ECDSA both ways ----
for d in sha256 sha384; do
    check "$d: pkc sign" "$PKC" sign -i "$k" -d $d -o "$T/s.sig" "$T/msg"
    check "$d: openssl verifies pkc" openssl dgst -$d -verify "$p" -signature "$T/s.sig" "$T/msg"
    if openssl dgst -$d -verify "$p" -signature "$T/s.sig" "$T/msg2" >/dev/null 2>&1; then
        bad "$d: openssl accepts a pkc signature of another message"; else ok; fi
    openssl dgst -$d -sign "$o" -out "$T/o.sig" "$T/msg" 2>/dev/null
    expect_rc 0 "$d: pkc verifies openssl" "$PKC" verify -p "$op" -s "$T/o.sig" -d $d "$T/msg"
    expect_rc 1 "$d: pkc rejects openssl's signature of another message" \
        "$PKC" verify -p "$op" -s "$T/o.sig" -d $d "$T/msg2"
    expect_rc 1 "$d: pkc rejects the wrong key" "$PKC" verify -p "$p" -s "$T/o.sig" -d $d "$T/msg"
done

# ---- ECDH both ways ----
check "pkc derive" "$PKC" derive -i "$k" -p "$op" -o "$T/z1"
check "openssl pkeyutl -derive" openssl pkeyutl -derive -inkey "$o" -peerkey "$p" -out "$T/z2"
cmp -s "$T/z1" "$T/z2" && ok || bad "pkc derive != openssl pkeyutl -derive"
[ "$(stat -c %s "$T/z1")" -eq 30 ] && ok || bad "the shared secret is not 30 bytes"
check "pkc derive (openssl's key)" "$PKC" derive -i "$o" -p "$p" -o "$T/z3"
check "openssl pkeyutl -derive (pkc's key)" openssl pkeyutl -derive -inkey "$k" -peerkey "$op" -out "$T/z4"
cmp -s "$T/z1" "$T/z3" && cmp -s "$T/z1" "$T/z4" && ok || bad "ECDH is not symmetric"
expect_rc 2 "derive, peer on another curve" "$PKC" derive -i "$k" -p "$T/p256.pem"

# ---- the benchmark offers the curve ----
export PKC_BENCH_LOCK="$T/bench.lock"
bprov=pkc
"$PKC" bench --list | grep -q '^  openssl ' && bprov=pkc,openssl
check "bench -c $C" "$PKC" bench --providers $bprov -c $C --ops ECDSA/sign,ECDSA/verify,ECDH/derive \
    -i 2 --target-ms 1 --json "$T/b.json"
"$PY" - "$T/b.json" "$bprov" <<'EOF' && ok || bad "bench -c $C: the cases"
import json, sys
names = {b["name"] for b in json.load(open(sys.argv[1]))["benchmarks"]}
want = {"%s/%s/prime239v1/%s" % (p, a, o) for p in sys.argv[2].split(",")
        for a, o in (("ECDSA", "sign"), ("ECDSA", "verify"), ("ECDH", "derive"))}
assert names == want, (names, want)
EOF
finish
