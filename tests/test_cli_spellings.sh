#!/usr/bin/env bash
# One spelling per meaning across the commands (pkc --help's table):
#   - -o/--out has --output, -i/--in has --input, in every command that
#     has them, and both spellings write the same bytes;
#   - pkc bench: -n/--samples (the old -i and --iterations still read),
#     -S/--seed, -s/--seed-mode, --raw (the old -r still read),
#     -m/--message-sizes; --seed with -s random is a usage error in bench
#     as in rng; pkc rng's -s and -S mean the same as bench's;
#   - pkc --help shows the table of shared options.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"
cd "$T" || exit 2

"$PKC" keygen -t ec -c P-256 -S 7 -o ec.pem 2>/dev/null || bad "keygen"
"$PKC" keygen -t ec -c P-256 -S 8 -o peer.pem 2>/dev/null || bad "keygen peer"
"$PKC" pubkey -i peer.pem -o peer.pub 2>/dev/null || bad "pubkey peer"
"$PKC" keygen -t rsa -b 1024 -S 9 -o rsa.pem 2>/dev/null || bad "keygen rsa"
"$PKC" pubkey -i rsa.pem -o rsa.pub 2>/dev/null || bad "pubkey rsa"
printf 'the same either way' >msg
K=000102030405060708090a0b0c0d0e0f

# same_bytes NAME CMD... : runs CMD with "@OUT@" replaced by a.out after
# -o, then by b.out after --output, and "@IN@" by -i / --input; the two
# outputs must be equal (deterministic commands only).
same_bytes() {
    local name=$1
    shift
    local a=() b=() w
    for w in "$@"; do
        case $w in
        @OUT@) a+=(-o a.out) b+=(--output b.out) ;;
        @IN@) a+=(-i) b+=(--input) ;;
        *) a+=("$w") b+=("$w") ;;
        esac
    done
    rm -f a.out b.out
    if ! "$PKC" "${a[@]}" >/dev/null 2>err; then bad "$name (short spelling): $(cat err)"; return; fi
    if ! "$PKC" "${b[@]}" >/dev/null 2>err; then bad "$name (--output/--input): $(cat err)"; return; fi
    cmp -s a.out b.out && ok || bad "$name: -o and --output wrote different bytes"
}
same_bytes "keygen" keygen -t ec -c P-256 -S 3 @OUT@
same_bytes "pubkey" pubkey @IN@ ec.pem @OUT@
same_bytes "key --format sec1" key @IN@ ec.pem --format sec1 @OUT@
same_bytes "sign (RFC 6979)" sign @IN@ ec.pem @OUT@ msg
same_bytes "derive" derive @IN@ ec.pem -p peer.pub @OUT@
same_bytes "cipher" cipher -a aes-128-cbc -e -K $K --iv $K @IN@ msg @OUT@
same_bytes "massey-omura" massey-omura -c secp256r1 -S 4 @OUT@ msg
same_bytes "rng" rng -n 20 -S 5 @OUT@
# randomised outputs: both spellings must write a file that decrypts
for sp in -o --output; do
    rm -f ct pt
    "$PKC" encrypt -p rsa.pub $sp ct msg 2>err && [ -s ct ] && ok || bad "encrypt $sp: $(cat err)"
done
for sp in -i --input; do
    "$PKC" decrypt $sp rsa.pem -o pt ct 2>err && cmp -s pt msg && ok || bad "decrypt $sp: $(cat err)"
done

# ---- pkc bench ---------------------------------------------------------------------------------
B="--providers pkc -a ECCJ -c secp192r1 --ops ECDSA/keygen --target-ms 1 -q"
bench_json() { # FILE ARGS...: a run; prints nothing
    local f=$1
    shift
    "$PKC" bench $B "$@" --json "$f" >/dev/null 2>err || bad "bench $*: $(cat err)"
}
bench_json n.json -n 3 -S 11
bench_json i.json -i 3 --seed 11
bench_json it.json --iterations 3 --seed-mode fixed --seed 11
bench_json r.json --samples 2 -s random --raw raw.csv
bench_json rr.json --samples 2 -r raw2.csv
"$PY" - <<'EOF' && ok || bad "bench -n/-i/--iterations, -S/--seed, -s/--seed-mode"
import json
def ctx(f):
    return json.load(open(f))["context"]
for f in ("n.json", "i.json", "it.json"):
    c = ctx(f)
    assert c["fixed_samples"] == 3, (f, c["fixed_samples"])
    assert c["seed_mode"] == "fixed" and c["seed"] == 11, (f, c["seed_mode"], c["seed"])
c = ctx("r.json")
assert c["fixed_samples"] == 2 and c["seed_mode"] == "random", (c["fixed_samples"], c["seed_mode"])
EOF
for f in raw.csv raw2.csv; do
    [ "$(grep -c 'keygen' $f)" -ge 2 ] && ok || bad "bench raw samples not written to $f"
done
expect_rc 2 "bench --seed with -s random" "$PKC" bench -s random --seed 3 $B
grep -q 'contradicts' "$T/err" && ok || bad "the contradiction is not named: $(cat "$T/err")"
expect_rc 2 "rng --seed with -s random" "$PKC" rng -s random -S 3 -n 1
expect_rc 2 "bench -n 0" "$PKC" bench -n 0 $B
expect_rc 2 "bench -a with a bad mode" "$PKC" bench -a FOO
grep -q 'SYM' "$T/err" && ok || bad "bench -a's error does not list SYM"
"$PKC" bench --help >help.txt 2>&1
for w in '-n, --samples' '-S, --seed' '-s, --seed-mode' '--raw FILE' '-m, --message-sizes' 'Older spellings'; do
    grep -q -- "$w" help.txt && ok || bad "bench --help lacks '$w'"
done

# ---- the shared table ----------------------------------------------------------------------------
"$PKC" --help >main.txt 2>&1
for w in '-o, --out FILE (--output)' '-i, --in FILE (--input)' '-S, --seed N' '-s, --seed-mode'; do
    grep -qF -- "$w" main.txt && ok || bad "pkc --help lacks '$w'"
done
finish
