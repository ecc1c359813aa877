#!/usr/bin/env bash
# Messages on curves through the command: pkc encrypt/decrypt --scheme
# elgamal and pkc massey-omura, on every curve `pkc curves` lists:
#   round trips of messages of 0, 1, one block and several blocks; the
#   ciphertext size is the documented one; two encryptions differ;
#   massey-omura: Bob's message (-o) is the input, -v prints four points
#   per block, a fixed seed reproduces the transcript, another changes it;
# and bad input, exit 2 with one line and no output file left behind:
#   a truncated, extended or re-headed ciphertext, a ciphertext of another
#   curve, a public key for decryption, an RSA key, an EC-ElGamal
#   ciphertext without --scheme (ECIES), -d with elgamal, an unknown scheme or curve; a changed
#   ciphertext never decrypts to the original message.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"

"$PKC" curves >"$T/curves.txt" || bad "pkc curves"
CURVES=$(awk '$2 ~ /^[0-9]+$/ && $1 ~ /^(secp|sect|prime)[0-9]/ {print $1}' "$T/curves.txt")
n=$(printf '%s\n' $CURVES | grep -c .)
[ "$n" -ge 18 ] && ok "curves listed" || bad "only $n curves in pkc curves"

size() { wc -c <"$1" | tr -d ' '; }

for curve in $(quick_subset $CURVES); do
    D="$T/$curve"
    mkdir -p "$D"
    k="$D/k.pem" p="$D/k.pub"
    check "$curve: keygen" "$PKC" keygen -t ec -c "$curve" -o "$k"
    check "$curve: pubkey" "$PKC" pubkey -i "$k" -o "$p"
    fb=$(awk -v c="$curve" '$1 == c {print int(($2 + 7) / 8)}' "$T/curves.txt")
    bb=$((fb - 2))
    for len in 0 1 $((bb - 1)) $bb $((3 * bb + 5)); do
        head -c "$len" /dev/urandom >"$D/m"
        check "$curve: elgamal encrypt $len bytes" "$PKC" encrypt -p "$p" --scheme elgamal -o "$D/c" "$D/m"
        want=$((3 + (len / bb + 1) * 2 * (1 + fb)))
        [ "$(size "$D/c")" -eq "$want" ] && ok || bad "$curve: ciphertext of $len bytes is $(size "$D/c"), expected $want"
        check "$curve: elgamal decrypt $len bytes" "$PKC" decrypt -i "$k" --scheme elgamal -o "$D/back" "$D/c"
        cmp -s "$D/m" "$D/back" && ok || bad "$curve: elgamal round trip of $len bytes"
    done
    "$PKC" encrypt -p "$p" --scheme elgamal -o "$D/c2" "$D/m" 2>/dev/null
    cmp -s "$D/c" "$D/c2" && bad "$curve: two encryptions are equal" || ok
    # a changed byte in each part: never the original message
    for off in 1 3 $((3 + fb)) $((3 + fb + 2)) $((3 + 2 * fb + 1)); do
        cp "$D/c" "$D/t"
        flip_byte "$D/t" "$off" 0x10
        rm -f "$D/tb"
        if "$PKC" decrypt -i "$k" --scheme elgamal -o "$D/tb" "$D/t" 2>"$D/terr"; then
            cmp -s "$D/m" "$D/tb" && bad "$curve: byte $off changed, same plaintext" || ok
        else
            rc=$?
            [ $rc -eq 2 ] && [ ! -e "$D/tb" ] && ok || bad "$curve: byte $off changed: exit $rc or output left"
        fi
    done
    head -c $(($(size "$D/c") - 1)) "$D/c" >"$D/trunc"
    rm -f "$D/tb"
    expect_rc 2 "$curve: truncated ciphertext" "$PKC" decrypt -i "$k" --scheme elgamal -o "$D/tb" "$D/trunc"
    [ ! -e "$D/tb" ] && ok || bad "$curve: output left after a truncated ciphertext"
    expect_rc 2 "$curve: decrypt with the public key" "$PKC" decrypt -i "$p" --scheme elgamal "$D/c"
    # massey-omura
    head -c $((2 * bb + 7)) /dev/urandom >"$D/mo"
    check "$curve: massey-omura" "$PKC" massey-omura -c "$curve" -o "$D/mo.out" "$D/mo"
    cmp -s "$D/mo" "$D/mo.out" && ok || bad "$curve: massey-omura: Bob's message differs"
    grep -q "Bob recovered the message" "$T/out" && ok || bad "$curve: massey-omura verdict"
    "$PKC" massey-omura -c "$curve" -v -S 7 "$D/mo" 2>"$D/tr1" >/dev/null
    "$PKC" massey-omura -c "$curve" -v -S 7 "$D/mo" 2>"$D/tr2" >/dev/null
    "$PKC" massey-omura -c "$curve" -v -S 8 "$D/mo" 2>"$D/tr3" >/dev/null
    [ "$(grep -c '^block [0-9]* \(M\|C1\|C2\|C3\) *0[23][0-9a-f]*$' "$D/tr1")" -eq 12 ] && ok ||
        bad "$curve: massey-omura -v: not 3 blocks x 4 points"
    cmp -s "$D/tr1" "$D/tr2" && ok || bad "$curve: massey-omura -S 7 not reproducible"
    # M lines are the same for both seeds (Koblitz encoding is deterministic), C1..C3 not
    [ "$(grep -c ' M ' "$D/tr1")" -eq 3 ] && diff <(grep ' M ' "$D/tr1") <(grep ' M ' "$D/tr3") >/dev/null &&
        ! diff <(grep ' C1 ' "$D/tr1") <(grep ' C1 ' "$D/tr3") >/dev/null && ok ||
        bad "$curve: massey-omura seeds: M must repeat, C1 must not"
done

# across curves and key types
D="$T/x"
mkdir -p "$D"
check "P-256 key" "$PKC" keygen -t ec -c P-256 -o "$D/a.pem"
check "P-384 key" "$PKC" keygen -t ec -c P-384 -o "$D/b.pem"
check "RSA key" "$PKC" keygen -t rsa -b 1024 -o "$D/r.pem"
printf 'a message' >"$D/m"
check "P-256 encrypt" "$PKC" encrypt -p "$D/a.pem" --scheme elgamal -o "$D/c" "$D/m"
expect_rc 2 "P-256 ciphertext, P-384 key" "$PKC" decrypt -i "$D/b.pem" --scheme elgamal "$D/c"
expect_rc 2 "elgamal with an RSA key" "$PKC" encrypt -p "$D/r.pem" --scheme elgamal "$D/m"
expect_rc 2 "an EC-ElGamal ciphertext read as ECIES (the default)" "$PKC" decrypt -i "$D/a.pem" "$D/c"
expect_rc 2 "-d with elgamal" "$PKC" encrypt -p "$D/a.pem" --scheme elgamal -d sha256 "$D/m"
expect_rc 2 "unknown scheme" "$PKC" encrypt -p "$D/a.pem" --scheme rot13 "$D/m"
head -c 20 /dev/urandom >"$D/junk"
expect_rc 2 "junk ciphertext" "$PKC" decrypt -i "$D/a.pem" --scheme elgamal "$D/junk"
cp "$D/c" "$D/c.hdr"
flip_byte "$D/c.hdr" 0 0x20
expect_rc 2 "wrong header" "$PKC" decrypt -i "$D/a.pem" --scheme elgamal "$D/c.hdr"
check "OAEP still the default for RSA" "$PKC" encrypt -p "$D/r.pem" -o "$D/rc" "$D/m"
check "OAEP decrypt" "$PKC" decrypt -i "$D/r.pem" -o "$D/rm" "$D/rc"
cmp -s "$D/m" "$D/rm" && ok || bad "OAEP round trip"
expect_rc 2 "massey-omura: unknown curve" "$PKC" massey-omura -c nocurve "$D/m"
expect_rc 2 "massey-omura: two files" "$PKC" massey-omura "$D/m" "$D/m"
head -c $((64 * 1024 + 1)) /dev/zero >"$D/big"
expect_rc 2 "massey-omura: more than 64 KiB" "$PKC" massey-omura "$D/big"
check "massey-omura: empty message" "$PKC" massey-omura -c secp256k1 /dev/null
finish
