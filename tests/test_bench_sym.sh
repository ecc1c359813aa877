#!/usr/bin/env bash
# pkc bench's symmetric and public-key-encryption cases and the size-sweep
# scenario, in tiny runs (their numbers are not the point; their shape is):
#   --list shows AES-ECB/CBC/CTR/GCM for pkc, pkc-portable and OpenSSL, and
#   ECIES for pkc only;
#   AES-GCM/CTR/CBC/ECB encrypt and decrypt cases of pkc, pkc-portable and
#   openssl run and pass their checks (ciphertexts equal pkc's), with
#   bytes_per_sec and cycles_per_byte in the JSON and the CSV, and MB/s in
#   the table; ECIES and hybrid RSA cases run for pkc;
#   every provider whose --list has the four AES modes (the peers: OpenSSL,
#   Nettle, Mbed TLS, wolfSSL, libgcrypt when compiled in) runs all of them,
#   128 and 256, encrypt and decrypt, and passes the checks (the check
#   itself is tested with broken adapters in tests/test_bench_sym_check.c);
#   --ops AES / AES/op select every AES mode; -m sets -a SYM's sizes;
#   --scenario size-sweep writes its summary: 17 series, sizes 1 B .. 1 MiB,
#   OAEP stopping at its limit, the crossovers, and report.py draws 21a-21e.
set -u
. "$(dirname "$0")/lib.sh"
: "${PKC:?}"

"$PKC" bench --list >"$T/list" 2>&1 || bad "pkc bench --list"
for p in pkc pkc-portable openssl; do
    awk -v p="$p" '$1 == p {on = 1; next} /^  [a-z]/ {on = 0} on' "$T/list" >"$T/l.$p"
    for a in AES-ECB AES-CBC AES-CTR AES-GCM; do
        grep -q "^    $a *128 192 256: encrypt decrypt" "$T/l.$p" && ok || bad "--list: $p has no $a"
    done
done
grep -q "^    ECIES" "$T/l.pkc" && ok || bad "--list: pkc has no ECIES"
grep -q "^    ECIES" "$T/l.openssl" && bad "--list: openssl has ECIES" || ok

check "AES, ECIES, hybrid cases" "$PKC" bench --providers pkc,pkc-portable,openssl \
    --ops AES-GCM,AES-CTR,ECIES --filter '/(16384|1024)B$' -i 3 --target-ms 1 --key-pool 2 \
    --json "$T/a.json" --csv "$T/a.csv"
"$PKC" bench -a SYM --providers pkc,openssl --filter '/1024B$' -i 3 --target-ms 1 --key-pool 2 \
    --json "$T/s.json" >"$T/s.txt" 2>"$T/err" && ok || { bad "-a SYM (1 KiB)"; head -3 "$T/err"; }
"$PY" - "$T/a.json" "$T/s.json" "$T/a.csv" <<'PYEOF' && ok || bad "the cases or their throughput fields"
import csv, json, sys
a, s = (json.load(open(p)) for p in sys.argv[1:3])
names = {b["name"]: b for b in a["benchmarks"] + s["benchmarks"]}
want = ["pkc/AES-GCM/128/encrypt/16384B", "openssl/AES-GCM/256/encrypt/16384B",
        "pkc-portable/AES-CTR/256/encrypt/16384B", "pkc/ECIES/secp256r1/encrypt/1024B",
        "pkc/ECIES/secp256r1/decrypt/1024B", "openssl/AES-CBC/256/decrypt/1024B",
        "pkc/AES-ECB/128/encrypt/1024B", "pkc/RSA/2048/hybrid_decrypt/1024B",
        "openssl/AES-GCM/128/decrypt/1024B"]
miss = [w for w in want if w not in names]
assert not miss, "missing cases: %s" % miss
for n, b in names.items():
    assert not b.get("error_occurred"), "%s failed: %s" % (n, b.get("error_message"))
    bps = b["bytes_per_sec"]
    assert bps and bps > 0 and b["cycles_per_byte"] > 0, n
    assert b["time_unit"] == "us" and abs(bps - b["message_bytes"] * 1e6 / b["median"]) < 1e-6 * bps, n
rows = list(csv.DictReader(open(sys.argv[3])))
assert rows and all(float(r["bytes_per_sec"]) > 0 for r in rows), "CSV throughput"
PYEOF
grep -q "MB/s" "$T/s.txt" && ok || bad "the table has no MB/s line"

# every provider with the four AES modes in --list: the whole grid at 64 B
aesprovs=$(awk '/^  [a-z]/ {p = $1; next} /^    AES-(ECB|CBC|CTR|GCM) +128 192 256: encrypt decrypt$/ {n[p]++}
    END {for (q in n) if (n[q] == 4) printf "%s%s", (k++ ? "," : ""), q}' "$T/list")
check "AES grid of $aesprovs" "$PKC" bench -a SYM --providers "$aesprovs" \
    --filter '/AES-[A-Z]+/(128|256)/(en|de)crypt/64B$' -i 2 --target-ms 1 -q --json "$T/g.json"
"$PY" - "$T/g.json" "$aesprovs" <<'PYEOF' && ok || bad "the AES grid of every AES provider"
import json, sys
got = {b["name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]}
want = {f"{p}/AES-{m}/{k}/{o}/64B" for p in sys.argv[2].split(",") for m in ("ECB", "CBC", "CTR", "GCM")
        for k in (128, 256) for o in ("encrypt", "decrypt")}
assert set(got) == want, (sorted(want - set(got))[:5], sorted(set(got) - want)[:5])
bad = [(n, b.get("error_message")) for n, b in got.items() if b.get("error_occurred")]
assert not bad, bad[:5]
PYEOF
case ",$aesprovs," in *,nettle,*|*,mbedtls,*|*,wolfssl,*|*,gcrypt,*) ok ;;
    *) grep -q '^  \(nettle\|mbedtls\|wolfssl\|gcrypt\) ' "$T/list" && bad "a peer without AES: $aesprovs" || ok ;; esac
names() {
    "$PY" -c 'import json,sys; print(" ".join(sorted(b["name"] for b in json.load(open(sys.argv[1]))["benchmarks"])))' "$1"
}
check "--ops AES/encrypt" "$PKC" bench -a SYM --providers pkc --ops AES/encrypt --filter '/1024B$' \
    -i 2 --target-ms 1 -q --json "$T/o.json"
[ "$(names "$T/o.json")" = "$(for m in CBC CTR ECB GCM; do for k in 128 256; do printf 'pkc/AES-%s/%s/encrypt/1024B ' $m $k; done; done | sed 's/ $//')" ] \
    && ok || bad "--ops AES/encrypt: $(names "$T/o.json")"
check "--ops AES" "$PKC" bench -a SYM --providers pkc --ops AES --filter '/AES-GCM/128/.*/64B$' \
    -i 2 --target-ms 1 -q --json "$T/o2.json"
[ "$(names "$T/o2.json")" = "pkc/AES-GCM/128/decrypt/64B pkc/AES-GCM/128/encrypt/64B" ] && ok || bad "--ops AES: $(names "$T/o2.json")"
expect_rc 2 "--ops AES/sign" "$PKC" bench -a SYM --ops AES/sign
# -m: -a SYM's message sizes, the padding edge included
check "-a SYM -m 15,16,17" "$PKC" bench -a SYM -m 15,16,17 --providers pkc --ops AES-CBC/encrypt \
    -i 2 --target-ms 1 -q --json "$T/m.json"
[ "$(names "$T/m.json")" = "pkc/AES-CBC/128/encrypt/15B pkc/AES-CBC/128/encrypt/16B pkc/AES-CBC/128/encrypt/17B pkc/AES-CBC/256/encrypt/15B pkc/AES-CBC/256/encrypt/16B pkc/AES-CBC/256/encrypt/17B" ] \
    && ok || bad "-m 15,16,17: $(names "$T/m.json")"
expect_rc 2 "-m without -a SYM" "$PKC" bench -m 64
expect_rc 2 "-m 0" "$PKC" bench -a SYM -m 0
expect_rc 2 "-m above 4 MiB" "$PKC" bench -a SYM -m 4194305

check "--scenario size-sweep" "$PKC" bench --scenario size-sweep -i 2 --key-pool 2 --target-ms 1 \
    --json "$T/sw.json"
"$PY" - "$T/sw.json" <<'PYEOF' && ok || bad "the size-sweep summary"
import json, sys
s = json.load(open(sys.argv[1]))["scenarios"]["size-sweep"]
assert s["sizes"][0] == 1 and s["sizes"][-1] == 1 << 20 and 15 in s["sizes"] and 17 in s["sizes"]
keys = {x["key"] for x in s["series"]}
assert len(keys) == 17, sorted(keys)
by = {x["key"]: x for x in s["series"]}
assert max(p["bytes"] for p in by["rsa2048_oaep_encrypt"]["points"]) == 190
assert max(p["bytes"] for p in by["rsa3072_oaep_decrypt"]["points"]) == 318
assert max(p["bytes"] for p in by["ecies_p256_encrypt"]["points"]) == 1 << 20
for x in s["series"]:
    assert all(p["median_us"] > 0 for p in x["points"]), x["key"]
assert {c["scheme"] for c in s["crossovers"]} >= {"rsa2048_hybrid_encrypt", "ecies_p256_decrypt"}
assert all(c["bytes"] is None or 1 <= c["bytes"] <= 1 << 20 for c in s["crossovers"])
assert all(c["measured_up_to"] == 1 << 20 for c in s["crossovers"])
assert {c["scheme"] for c in s["crossovers"]} >= {"rsa3072_hybrid_encrypt", "rsa3072_hybrid_decrypt"}
PYEOF
# a sweep narrowed by --filter says how far it looked, not "beyond 1 MiB"
check "--scenario size-sweep up to 1 KiB" "$PKC" bench --scenario size-sweep -i 2 --key-pool 2 \
    --target-ms 1 --filter '/(1|16|1024)B$' --json "$T/sw2.json"
grep -q "beyond 1 MiB" "$T/out" && bad "a sweep up to 1 KiB speaks of 1 MiB" || ok
"$PY" - "$T/sw2.json" <<'PYEOF' && ok || bad "measured_up_to of a filtered sweep"
import json, sys
s = json.load(open(sys.argv[1]))["scenarios"]["size-sweep"]
assert s["crossovers"] and all(c["measured_up_to"] == 1024 for c in s["crossovers"]), s["crossovers"]
PYEOF
check "report.py draws 21a-21e" "$PY" "$SRC/tools/report.py" -o "$T/rep" --charts 21a,21b,21c,21d,21e "$T/sw.json"
for c in 21a-size-sweep-all 21b-size-sweep-rsa 21c-size-sweep-aes-rsa 21d-size-sweep-aes-sha 21e-size-sweep-ecies-hybrid; do
    [ -s "$T/rep/$c.png" ] && [ -s "$T/rep/$c.svg" ] && ok || bad "chart $c not drawn"
done
finish
