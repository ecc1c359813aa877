#!/usr/bin/env bash
# pkc bench — the AES cases from the command line: --list names the modes
# of every provider that has them, a tiny -a SYM run of 64-byte messages
# holds every such case (4 modes x AES-128/256 x encrypt/decrypt) for every
# provider, none failed its check (a wrong ciphertext would be an error,
# never a number: tests/test_bench_sym.c breaks an adapter on purpose), and
# --ops AES / AES/op / AES-GCM/op select what they say. Budgets are tiny:
# this checks outputs, not speed.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:-build/pkc}
export PKC_BENCH_LOCK="$T/bench.lock"
FAST="--target-ms 1 --time-budget 0.01 -i 2 -q"

check "--list" "$PKC" bench --list
cp "$T/out" "$T/list"
# the providers whose --list block has the four AES modes
"$PY" - "$T/list" >"$T/aesprovs" <<'PYEOF'
import re, sys
prov, seen = None, {}
for line in open(sys.argv[1]):
    m = re.match(r"^  (\S+)$", line.rstrip("\n"))
    if m:
        prov = m.group(1)
        continue
    m = re.match(r"^    (AES-(ECB|CBC|CTR|GCM))\s+128 192 256: encrypt decrypt$", line.rstrip("\n"))
    if m and prov:
        seen.setdefault(prov, set()).add(m.group(1))
print(",".join(p for p, s in seen.items() if len(s) == 4))
PYEOF
provs=$(cat "$T/aesprovs")
case ",$provs," in *,pkc,*pkc-portable,*) ok ;; *) bad "--list: pkc and pkc-portable with the four AES modes, got '$provs'" ;; esac
if grep -q '^  openssl ' "$T/list"; then
    case ",$provs," in *,openssl,*) ok ;; *) bad "--list: openssl has AES" ;; esac
fi

check "-a SYM, 64 B, every AES provider" "$PKC" bench -a SYM --providers "$provs" \
    --filter '/AES-[A-Z]+/(128|256)/(en|de)crypt/64B$' $FAST --json "$T/sym.json"
"$PY" - "$T/sym.json" "$provs" <<'PYEOF' && ok || bad "AES cases in the JSON"
import json, sys
d = json.load(open(sys.argv[1]))
provs = sys.argv[2].split(",")
want = {f"{p}/AES-{m}/{b}/{o}/64B" for p in provs for m in ("ECB", "CBC", "CTR", "GCM")
        for b in (128, 256) for o in ("encrypt", "decrypt")}
got = {c["name"]: c for c in d["benchmarks"]}
errors = []
if set(got) != want:
    errors.append(f"missing {sorted(want - set(got))[:6]}, unexpected {sorted(set(got) - want)[:6]}")
for n, c in got.items():
    if c.get("error_occurred"):
        errors.append(f"{n}: {c.get('error_message')}")
    elif not (c["samples"] == 2 and c["median"] > 0 and c["message_bytes"] == 64
              and c["param"] in ("128", "256") and c["security_bits"] == int(c["param"])):
        errors.append(f"{n}: samples {c['samples']}, message_bytes {c['message_bytes']}")
for e in errors[:10]:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
PYEOF

# --ops: all AES modes, one operation of all of them, one mode's operation
names() {
    "$PY" -c 'import json,sys; print(" ".join(sorted(c["name"] for c in json.load(open(sys.argv[1]))["benchmarks"])))' "$1"
}
check "--ops AES/encrypt" "$PKC" bench -a SYM --providers pkc --ops AES/encrypt --filter '/1024B$' \
    $FAST --json "$T/enc.json"
got=$(names "$T/enc.json")
want="pkc/AES-CBC/128/encrypt/1024B pkc/AES-CBC/256/encrypt/1024B pkc/AES-CTR/128/encrypt/1024B pkc/AES-CTR/256/encrypt/1024B pkc/AES-ECB/128/encrypt/1024B pkc/AES-ECB/256/encrypt/1024B pkc/AES-GCM/128/encrypt/1024B pkc/AES-GCM/256/encrypt/1024B"
[ "$got" = "$want" ] && ok || bad "--ops AES/encrypt: $got"
check "--ops AES-GCM/decrypt" "$PKC" bench -a SYM --providers pkc --ops AES-GCM/decrypt \
    --filter '/1024B$' $FAST --json "$T/gcm.json"
got=$(names "$T/gcm.json")
[ "$got" = "pkc/AES-GCM/128/decrypt/1024B pkc/AES-GCM/256/decrypt/1024B" ] && ok || bad "--ops AES-GCM/decrypt: $got"
expect_rc 2 "--ops AES/sign" "$PKC" bench -a SYM --ops AES/sign

finish
