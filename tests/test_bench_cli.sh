#!/usr/bin/env bash
# pkc bench — command-line tests: the seed study's invocations run, the
# summary CSV, raw CSV and JSON parse and hold every requested case, the
# scenarios write their summaries, and bad flags exit 2 with a message.
# Budgets are tiny (-i 2/3, --target-ms 1): this checks outputs, not speed.
set -u
PKC=${PKC:-build/pkc}
PYTHON=${PYTHON:-/usr/bin/python3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
FAST="--target-ms 1"

# usage: expect_usage "description" args...   (exit 2 and a "pkc bench: " line)
expect_usage() {
    local what=$1
    shift
    "$PKC" bench "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q '^pkc bench: ' "$T/err" && [ "$(wc -l <"$T/err")" -eq 1 ]; then
        ok
    else
        bad "$what: exit $rc, stderr: $(cat "$T/err")"
    fi
}

# csv_has FILE PYTHON-EXPR: rows = list of dicts; the expression must be true
csv_check() {
    "$PYTHON" - "$1" "$2" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
ns = {"rows": rows}
exec(sys.argv[2], ns)
ok = ns["ok"]
if not ok:
    print("rows:", [(r["provider"], r["algorithm"], r["params"], r["operation"]) for r in rows], file=sys.stderr)
sys.exit(0 if ok else 1)
EOF
}

# ---- --list and --help -------------------------------------------------------------------
if "$PKC" bench --list >"$T/list" && grep -q '^  pkc ' "$T/list" && grep -q 'ECDSA' "$T/list"; then ok; else bad "--list"; fi
if "$PKC" bench --help | grep -q -- '--providers'; then ok; else bad "--help"; fi

# ---- seed-compatible invocations: summary CSV on stdout ----------------------------------------
if "$PKC" bench -a ECCJ -c secp256r1 -i 3 $FAST >"$T/eccj.csv" 2>"$T/err"; then ok; else bad "-a ECCJ: $(cat "$T/err")"; fi
head -1 "$T/eccj.csv" | grep -q '^algorithm,operation,params,security_bits,iterations,avg_us,median_us,stddev_us,min_us,max_us,p5_us,p95_us,provider,' && ok || bad "ECCJ CSV header"
csv_check "$T/eccj.csv" '
want = {("ECDSA","keygen"),("ECDSA","sign"),("ECDSA","verify"),("ECDH","keygen"),("ECDH","derive"),
        ("EC","point_add"),("EC","point_double"),("EC","scalar_mul"),("EC","scalar_mul_base")}
got = {(r["algorithm"], r["operation"]) for r in rows if r["provider"] == "pkc" and r["params"] == "secp256r1"}
ok = (want <= got and all(r["samples"] == "3" and float(r["median_us"]) > 0 for r in rows)
      and all(r["provider"] == "pkc" for r in rows))' && ok || bad "ECCJ cases"

if "$PKC" bench -a ECC -c secp256k1 -i 3 $FAST >"$T/ecc.csv" 2>"$T/err"; then ok; else bad "-a ECC: $(cat "$T/err")"; fi
csv_check "$T/ecc.csv" 'ok = len(rows) >= 9 and all(r["provider"] == "pkc-affine" for r in rows)' && ok || bad "ECC is pkc-affine"

if "$PKC" bench -a RSA -b 1024 -i 3 $FAST >"$T/rsa.csv" 2>"$T/err"; then ok; else bad "-a RSA: $(cat "$T/err")"; fi
csv_check "$T/rsa.csv" '
ok = ({r["operation"] for r in rows if r["algorithm"] == "RSA" and r["params"] == "1024"}
      >= {"keygen", "sign", "verify", "encrypt", "decrypt"} and all(r["security_bits"] == "80" for r in rows))' && ok || bad "RSA cases"

# -s random and -v (progress lines on stderr)
if "$PKC" bench -a ECCJ -c secp192k1 -i 2 -s random -v $FAST >"$T/r.csv" 2>"$T/err" && grep -q 'pkc/ECDSA/secp192k1/sign' "$T/err"; then ok; else bad "-s random -v"; fi

# --pin: run on CPU 0
if "$PKC" bench --pin 0 -a ECCJ -c secp192r1 --ops sign -i 2 $FAST >"$T/pin.csv" 2>"$T/err" && grep -q '^ECDSA,sign,secp192r1,' "$T/pin.csv"; then ok; else bad "--pin 0: $(cat "$T/err")"; fi

# ---- ours: providers side by side, every output file -------------------------------------------
provs=pkc
"$PKC" bench --list | grep -q '^  openssl ' && provs=pkc,openssl
if "$PKC" bench --providers $provs -c secp256k1 --ops ECDSA/sign,verify,derive --time-budget 0.01 $FAST \
    --csv "$T/s.csv" -r "$T/raw.csv" --json "$T/b.json" >"$T/table" 2>"$T/err"; then ok; else bad "--providers run: $(cat "$T/err")"; fi
grep -q 'ratio' "$T/table" && ok || bad "table printed"
"$PYTHON" - "$T/b.json" "$T/s.csv" "$T/raw.csv" "$provs" <<'EOF' && ok || bad "JSON/CSV content"
import csv, json, sys
d = json.load(open(sys.argv[1]))
provs = sys.argv[4].split(",")
ctx = d["context"]
for k in ("date", "cpu_model", "num_cpus", "compiler", "libraries", "seed_mode", "timer_overhead_ns",
          "command_line", "target_sample_ms"):
    assert k in ctx, k
assert ctx["seed_mode"] == "fixed" and "pkc" in ctx["libraries"]
want = {f"{p}/{a}/secp256k1/{o}" for p in provs for (a, o) in
        (("ECDSA", "sign"), ("ECDSA", "verify"), ("ECDH", "derive"))}
names = {b["name"] for b in d["benchmarks"]}
assert want == names, (want, names)
for b in d["benchmarks"]:
    for k in ("run_name", "iterations", "real_time", "cpu_time", "time_unit", "provider", "algorithm",
              "param", "op", "median", "p5", "p95", "ci_low", "ci_high", "samples", "raw_us", "ratio"):
        assert k in b, k
    assert b["time_unit"] == "us" and b["samples"] >= 10 and len(b["raw_us"]) == b["samples"]
    assert b["ci_low"] <= b["median"] <= b["ci_high"] and b["p5"] <= b["median"] <= b["p95"]
    assert b["iterations"] == b["samples"] * b["batch"]
    if "openssl" in provs:
        assert b["ratio"] is not None
rows = list(csv.DictReader(open(sys.argv[2])))
assert {f'{r["provider"]}/{r["algorithm"]}/{r["params"]}/{r["operation"]}' for r in rows} == want
raw = list(csv.DictReader(open(sys.argv[3])))
assert len(raw) == sum(b["samples"] for b in d["benchmarks"])
assert raw[0]["iteration"] == "0" and float(raw[0]["time_us"]) > 0
EOF

# ---- scenarios -----------------------------------------------------------------------------------
sprov=pkc
"$PKC" bench --list | grep -q '^  openssl ' && sprov=openssl
if "$PKC" bench --scenario message-size --providers $sprov -i 2 $FAST --json "$T/m.json" >"$T/m.txt" 2>"$T/err"; then ok; else bad "message-size: $(cat "$T/err")"; fi
"$PYTHON" - "$T/m.json" <<'EOF' && ok || bad "message-size JSON"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["context"]["scenario"] == "message-size"
rows = d["scenarios"]["message-size"]
sizes = {r["message_bytes"] for r in rows}
assert sizes == {128, 256, 1024, 65536, 1048576}, sizes
algs = {r["algorithm"] for r in rows}
assert {"ECDSA secp256r1", "RSA-3072", "SHA-256"} <= algs, algs
assert all(b["scenario"] == "message-size" for b in d["benchmarks"])
EOF
grep -q 'message-size' "$T/m.txt" && ok || bad "message-size text"

if "$PKC" bench --scenario kex-amortized --providers $sprov -i 2 $FAST --json "$T/k.json" >"$T/k.txt" 2>"$T/err"; then ok; else bad "kex-amortized: $(cat "$T/err")"; fi
"$PYTHON" - "$T/k.json" <<'EOF' && ok || bad "kex-amortized JSON"
import json, sys
d = json.load(open(sys.argv[1]))
k = d["scenarios"]["kex-amortized"]
ns = {r["n"] for r in k["rows"]}
assert ns == {1, 100, 500, 2500}, ns
for r in k["rows"]:
    assert abs(r["total_us"] - (r["keygen_us"] + r["n"] * r["per_exchange_us"])) < 1e-6 * r["total_us"] + 1e-9
assert len(k["crossover"]) >= 1 and all("n" in c for c in k["crossover"])
EOF

# ---- bad usage: exit 2, one line ---------------------------------------------------------------------
expect_usage "unknown -a" -a FOO
expect_usage "unknown option" --bogus
expect_usage "unknown short option" -z
expect_usage "-i 0" -a ECCJ -i 0
expect_usage "-i not a number" -a ECCJ -i many
expect_usage "-i without value" -a ECCJ -i
expect_usage "bad -b" -a RSA -b 1000
expect_usage "bad -c" -a ECC -c secp999r1
expect_usage "bad -s" -a ECC -s sometimes
expect_usage "bad provider" --providers pkc,nosuchlib
expect_usage "bad --ops" --ops sign,frobnicate
expect_usage "bad scenario" --scenario fastest
expect_usage "bad budget" --time-budget soon
expect_usage "bad target" --target-ms 0
expect_usage "bad baseline" --baseline nosuchlib
expect_usage "bad format" --format xml
expect_usage "stray argument" -a ECC extra
expect_usage "bad --pin" --pin 4000 -a ECCJ -c secp192r1 --ops sign -i 2
expect_usage "nothing to run" --providers libsecp256k1 -a RSA -b 1024

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
