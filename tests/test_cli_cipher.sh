#!/usr/bin/env bash
# pkc cipher (cli/cmd_cipher.c):
#   ECB, CBC, CTR against `openssl enc -K -iv [-nopad]` for AES-128/192/256,
#   sizes 0, 1, 15, 16, 17, 31, 32, 33, 1000 and 1 MiB + 5, with and without
#   --nopad where the size allows: pkc's ciphertext equals openssl's byte for
#   byte, pkc decrypts openssl's and openssl pkc's; -i/-o and stdin/stdout,
#   OpenSSL's spellings (-aes-256-cbc, -iv, -in, -out, -nopad);
#   GCM against Python's cryptography (AESGCM, and Cipher/modes.GCM for short
#   tags): both directions, the three key sizes, lengths 0 .. past the 64 KiB
#   chunk, AAD, IVs of 12 bytes and others, short tags, --tag/--tag-out;
#   errors, each exit 2 with one line and no output file left (an existing
#   one kept as it was): key length, hex, IVs, algorithm, -e/-d, padding,
#   --nopad lengths, GCM tags, changed and truncated ciphertexts, --taglen.
# Without the openssl command: SKIPPED (a failure when CI is set); without
# Python's cryptography the GCM part is SKIPPED (a failure when CI is set).
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
command -v openssl >/dev/null 2>&1 ||
    skip_test "the openssl command is missing (scripts/deps.sh installs it)"

hex() { head -c "$1" /dev/urandom | od -An -tx1 -v | tr -d ' \n'; }
KEY128=$(hex 16) KEY192=$(hex 24) KEY256=$(hex 32) IV=$(hex 16)

# ---- ECB, CBC, CTR against openssl enc ----
head -c $((1024 * 1024 + 5)) /dev/urandom >"$T/big"
for size in 0 1 15 16 17 31 32 33 1000; do head -c $size /dev/urandom >"$T/m$size"; done
# every size (a sample of them in make test-asan: PKC_TEST_QUICK)
SIZES=$(quick_subset 0 1 15 16 17 31 32 33 1000 big)
for bits in 128 192 256; do
    eval "K=\$KEY$bits"
    for mode in ecb cbc ctr; do
        alg=aes-$bits-$mode
        ivo=(--iv "$IV") sivo=(-iv "$IV")
        [ $mode = ecb ] && ivo=() sivo=()
        for size in $SIZES; do
            if [ $size = big ]; then m=$T/big; else m=$T/m$size; head -c $size /dev/urandom >"$m"; fi
            n=$(wc -c <"$m")
            pads=(pad)
            [ $mode != ctr ] && [ $((n % 16)) -eq 0 ] && pads+=(nopad)
            [ $mode = ctr ] && pads=(none)
            for pad in "${pads[@]}"; do
                po=() spo=()
                [ $pad = nopad ] && po=(--nopad) spo=(-nopad)
                d="$alg $pad $n bytes"
                openssl enc -e -$alg -K "$K" "${sivo[@]}" "${spo[@]}" -in "$m" -out "$T/ossl" 2>"$T/err" ||
                    bad "$d: openssl enc"
                rm -f "$T/mine"
                check "$d: pkc -e -i -o" "$PKC" cipher -a $alg -e -K "$K" "${ivo[@]}" "${po[@]}" -i "$m" -o "$T/mine"
                cmp -s "$T/mine" "$T/ossl" && ok || bad "$d: pkc's ciphertext differs from openssl's"
                "$PKC" cipher -$alg -e -K "$K" "${sivo[@]}" "${spo[@]}" <"$m" >"$T/mine2" 2>"$T/err" &&
                    cmp -s "$T/mine2" "$T/ossl" && ok || bad "$d: pkc -e stdin/stdout (OpenSSL spellings)"
                rm -f "$T/back"
                check "$d: pkc -d" "$PKC" cipher -a $alg -d -K "$K" "${ivo[@]}" "${po[@]}" -i "$T/ossl" -o "$T/back"
                cmp -s "$T/back" "$m" && ok || bad "$d: pkc does not decrypt openssl's ciphertext"
                "$PKC" cipher --algorithm $alg --decrypt --key "$K" "${ivo[@]}" "${po[@]}" <"$T/ossl" 2>"$T/err" |
                    cmp -s - "$m" && ok || bad "$d: pkc -d stdin/stdout"
                openssl enc -d -$alg -K "$K" "${sivo[@]}" "${spo[@]}" -in "$T/mine" -out "$T/oback" 2>"$T/err" &&
                    cmp -s "$T/oback" "$m" && ok || bad "$d: openssl does not decrypt pkc's ciphertext"
            done
        done
    done
done
mode_of() { stat -c %a "$1"; }
"$PKC" cipher -a aes-128-cbc -d -K "$KEY128" --iv "$IV" -i "$T/ossl" -o "$T/plain" 2>/dev/null
"$PKC" cipher -a aes-256-ctr -d -K "$KEY256" --iv "$IV" -i "$T/m1000" -o "$T/plain" &&
    [ "$(mode_of "$T/plain")" = 600 ] && ok || bad "decrypted output is not mode 0600"

# ---- GCM against Python's cryptography ----
if "$PY" -c 'from cryptography.hazmat.primitives.ciphers.aead import AESGCM' 2>/dev/null; then
    # gcm.py enc|dec KEY IV AAD TAGLEN IN OUT: the ciphertext with the tag
    # appended, as pkc cipher writes it
    cat >"$T/gcm.py" <<'EOF'
import sys
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
op, key, iv, aad = sys.argv[1], bytes.fromhex(sys.argv[2]), bytes.fromhex(sys.argv[3]), bytes.fromhex(sys.argv[4])
tl = int(sys.argv[5])
data = open(sys.argv[6], "rb").read()
if tl == 16:
    g = AESGCM(key)
    out = g.encrypt(iv, data, aad) if op == "enc" else g.decrypt(iv, data, aad)
elif op == "enc":
    e = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
    e.authenticate_additional_data(aad)
    out = e.update(data) + e.finalize()
    out += e.tag[:tl]
else:
    d = Cipher(algorithms.AES(key), modes.GCM(iv, data[-tl:], min_tag_length=tl)).decryptor()
    d.authenticate_additional_data(aad)
    out = d.update(data[:-tl]) + d.finalize()
open(sys.argv[7], "wb").write(out)
EOF
    head -c 200000 /dev/urandom >"$T/gbig"
    i=0
    for bits in 128 192 256; do
        eval "K=\$KEY$bits"
        for len in 0 1 16 17 1000 65535 65536 65537 200000; do
            i=$((i + 1))
            # Python takes IVs of 8 .. 128 bytes only (shorter ones: tests/test_gcm.c
            # against OpenSSL)
            case $((i % 4)) in 0) ivl=12 ;; 1) ivl=8 ;; 2) ivl=16 ;; 3) ivl=60 ;; esac
            case $((i % 5)) in 0 | 1) tl=16 ;; 2) tl=12 ;; 3) tl=8 ;; 4) tl=4 ;; esac
            aadl=$(( (i * 37) % 90 ))
            gi=$(hex $ivl) a=$(hex $aadl)
            head -c $len "$T/gbig" >"$T/gm"
            d="aes-$bits-gcm $len bytes, IV $ivl, AAD $aadl, tag $tl"
            rm -f "$T/gc"
            check "$d: pkc -e" "$PKC" cipher -a aes-$bits-gcm -e -K "$K" --iv "$gi" --aad "$a" --taglen $tl -i "$T/gm" -o "$T/gc"
            [ "$(wc -c <"$T/gc")" -eq $((len + tl)) ] && ok || bad "$d: ciphertext length"
            check "$d: Python decrypts pkc's" "$PY" "$T/gcm.py" dec "$K" "$gi" "$a" $tl "$T/gc" "$T/gback"
            cmp -s "$T/gback" "$T/gm" && ok || bad "$d: Python's decryption differs"
            check "$d: Python encrypts" "$PY" "$T/gcm.py" enc "$K" "$gi" "$a" $tl "$T/gm" "$T/pc"
            cmp -s "$T/pc" "$T/gc" && ok || bad "$d: Python's ciphertext differs from pkc's"
            rm -f "$T/gback"
            check "$d: pkc decrypts Python's" "$PKC" cipher -a aes-$bits-gcm -d -K "$K" --iv "$gi" --aad "$a" --taglen $tl -i "$T/pc" -o "$T/gback"
            cmp -s "$T/gback" "$T/gm" && ok || bad "$d: pkc's decryption differs"
            # stdin (a pipe: spooled) to stdout
            cat "$T/pc" | "$PKC" cipher -a aes-$bits-gcm -d -K "$K" --iv "$gi" --aad "$a" --taglen $tl 2>"$T/err" |
                cmp -s - "$T/gm" && ok || bad "$d: pkc -d pipe to stdout"
            # the tag apart
            check "$d: --tag-out" "$PKC" cipher -a aes-$bits-gcm -e -K "$K" --iv "$gi" --aad "$a" --taglen $tl --tag-out "$T/tag" -i "$T/gm" -o "$T/gc2"
            head -c "$len" "$T/gc" | cmp -s - "$T/gc2" && [ "$(wc -c <"$T/gc2")" -eq "$len" ] && ok ||
                bad "$d: --tag-out: the ciphertext alone"
            tail -c $tl "$T/gc" | od -An -tx1 -v | tr -d ' \n' >"$T/tagwant"; echo >>"$T/tagwant"
            cmp -s "$T/tag" "$T/tagwant" && ok || bad "$d: --tag-out: the tag as hex"
            "$PKC" cipher -a aes-$bits-gcm -d -K "$K" --iv "$gi" --aad "$a" --tag "$(cat "$T/tag")" <"$T/gc2" 2>"$T/err" |
                cmp -s - "$T/gm" && ok || bad "$d: --tag HEX on decryption"
        done
    done
else
    echo "SKIPPED: GCM against Python's cryptography (python3-cryptography missing; scripts/deps.sh installs it)"
    [ -n "${CI:-}" ] && fail=$((fail + 1))
fi

# ---- errors: exit 2, one line, no output file ----
K=$KEY128
G=(-a aes-128-gcm -K "$K" --iv "$(hex 12)")
head -c 100 /dev/urandom >"$T/m100"
"$PKC" cipher "${G[@]}" -e -i "$T/m100" -o "$T/g100"
"$PKC" cipher "${G[@]}" -e --tag-out "$T/t100" -i "$T/m100" -o "$T/g100b"
cp "$T/g100" "$T/g100x"
flip_byte "$T/g100x" 50
head -c 10 "$T/g100" >"$T/g10"
badtag=$(hex 16)
fails() {
    local d=$1; shift
    rm -f "$T/o"
    expect_rc 2 "$d" "$PKC" cipher "$@" -o "$T/o"
    [ -e "$T/o" ] && bad "$d: output file left behind" || ok
    printf 'keep me' >"$T/o"
    "$PKC" cipher "$@" -o "$T/o" 2>/dev/null
    [ "$(cat "$T/o")" = "keep me" ] && ok || bad "$d: the existing output was replaced"
    ls -A "$T" | grep -q '^\.pkc-tmp-' && bad "$d: a temporary file is left" || ok
}
fails "key of 15 bytes" -a aes-128-cbc -e -K "$(hex 15)" --iv "$IV" -i "$T/m100"
fails "key of 32 bytes for aes-128" -a aes-128-ecb -e -K "$KEY256" -i "$T/m100"
fails "bad hex key" -a aes-128-ecb -e -K "zz${K:2}" -i "$T/m100"
fails "odd hex key" -a aes-128-ecb -e -K "${K}0" -i "$T/m100"
fails "bad hex IV" -a aes-128-cbc -e -K "$K" --iv "g${IV:1}" -i "$T/m100"
fails "missing IV for CBC" -a aes-128-cbc -e -K "$K" -i "$T/m100"
fails "missing IV for CTR" -a aes-128-ctr -d -K "$K" -i "$T/m100"
fails "IV of 15 bytes" -a aes-128-cbc -e -K "$K" --iv "$(hex 15)" -i "$T/m100"
fails "IV of 12 bytes for CTR" -a aes-128-ctr -e -K "$K" --iv "$(hex 12)" -i "$T/m100"
fails "IV for ECB" -a aes-128-ecb -e -K "$K" --iv "$IV" -i "$T/m100"
fails "empty IV for GCM" -a aes-128-gcm -e -K "$K" --iv "" -i "$T/m100"
fails "missing IV for GCM" -a aes-128-gcm -e -K "$K" -i "$T/m100"
fails "unknown algorithm" -a aes-128-ofb -e -K "$K" -i "$T/m100"
fails "no algorithm" -e -K "$K" -i "$T/m100"
fails "neither -e nor -d" -a aes-128-ecb -K "$K" -i "$T/m100"
fails "both -e and -d" -a aes-128-ecb -e -d -K "$K" -i "$T/m100"
fails "no key" -a aes-128-ecb -e -i "$T/m100"
fails "bad padding (random bytes)" -a aes-128-cbc -d -K "$K" --iv "$IV" -i "$T/m16"
fails "CBC ciphertext not a multiple of 16" -a aes-128-cbc -d -K "$K" --iv "$IV" -i "$T/m17"
fails "empty CBC ciphertext" -a aes-128-cbc -d -K "$K" --iv "$IV" -i "$T/m0"
fails "--nopad with 17 bytes (encrypt)" -a aes-128-ecb -e --nopad -K "$K" -i "$T/m17"
fails "--nopad with 17 bytes (decrypt)" -a aes-128-cbc -d --nopad -K "$K" --iv "$IV" -i "$T/m17"
fails "--nopad with CTR" -a aes-128-ctr -e --nopad -K "$K" --iv "$IV" -i "$T/m17"
fails "GCM wrong key" -a aes-128-gcm -d -K "$KEY128" --iv "$(hex 12)" -i "$T/g100"
cp "$T/g100" "$T/g100t"; flip_byte "$T/g100t" 115
fails "GCM changed tag" "${G[@]}" -d -i "$T/g100t"
fails "GCM changed ciphertext" "${G[@]}" -d -i "$T/g100x"
fails "GCM wrong AAD" "${G[@]}" -d --aad 00 -i "$T/g100"
fails "GCM input shorter than the tag" "${G[@]}" -d -i "$T/g10"
fails "GCM empty input" "${G[@]}" -d -i "$T/m0"
fails "GCM wrong --tag" "${G[@]}" -d --tag "$badtag" -i "$T/g100b"
fails "GCM --tag of 5 bytes" "${G[@]}" -d --tag "$(hex 5)" -i "$T/g100b"
fails "GCM --tag and --taglen disagree" "${G[@]}" -d --tag "$(cat "$T/t100")" --taglen 12 -i "$T/g100b"
fails "GCM --tag on encryption" "${G[@]}" -e --tag "$badtag" -i "$T/m100"
fails "GCM --tag-out on decryption" "${G[@]}" -d --tag-out "$T/tt" -i "$T/g100"
fails "GCM wrong --taglen" "${G[@]}" -d --taglen 12 -i "$T/g100"
for tl in 0 3 5 7 9 10 11 17 x -1; do
    fails "--taglen $tl" "${G[@]}" -e --taglen $tl -i "$T/m100"
done
fails "--aad with CBC" -a aes-128-cbc -e -K "$K" --iv "$IV" --aad 00 -i "$T/m100"
fails "missing input file" -a aes-128-ecb -e -K "$K" -i "$T/nonexistent"
fails "password option" -aes-128-cbc -e -pass pass:x -i "$T/m100"
# GCM to standard output: no plaintext before the tag is verified
"$PKC" cipher "${G[@]}" -d <"$T/g100x" >"$T/so" 2>/dev/null
[ $? -eq 2 ] && [ ! -s "$T/so" ] && ok || bad "GCM wrong tag: plaintext on stdout (file)"
cat "$T/g100x" | "$PKC" cipher "${G[@]}" -d >"$T/so" 2>/dev/null
[ $? -eq 2 ] && [ ! -s "$T/so" ] && ok || bad "GCM wrong tag: plaintext on stdout (pipe)"
# a wrong tag with a 1 MiB input: still no output
"$PKC" cipher "${G[@]}" -e -i "$T/big" -o "$T/gbigc"
flip_byte "$T/gbigc" 7
cat "$T/gbigc" | "$PKC" cipher "${G[@]}" -d 2>/dev/null | wc -c | grep -qx 0 && ok ||
    bad "GCM wrong tag, 1 MiB through a pipe: plaintext on stdout"
fails "GCM 1 MiB changed" "${G[@]}" -d -i "$T/gbigc"

# help, the command list
"$PKC" cipher --help >"$T/help" && grep -q "ECB encrypts equal blocks" "$T/help" && ok || bad "pkc cipher --help"
"$PKC" --help | grep -q '^ *cipher ' && ok || bad "cipher not in pkc --help"
finish
