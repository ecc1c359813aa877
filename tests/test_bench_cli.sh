#!/usr/bin/env bash
# pkc bench — command-line tests: the seed study's invocations run, the
# summary CSV, raw CSV and JSON parse and hold every requested case (with
# pools of distinct keys, CPU time, key seeds), the scenarios write their
# summaries, --compare tells a slowdown from noise, the lock keeps a second
# benchmark out, bad output paths and bad flags exit 2 with a message before
# anything is measured. Budgets are tiny (-i 2/3, --target-ms 1): this checks
# outputs, not speed.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:-build/pkc}
PYTHON=${PYTHON:-/usr/bin/python3}
# a private lock: these runs must not wait for (or block) a real benchmark
export PKC_BENCH_LOCK="$T/bench.lock"
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
# progress: one line per group on stderr when it is not a terminal
grep -q '^pkc bench: \[[0-9]*/[0-9]* cases\]' "$T/err" && grep -q 'ETA' "$T/err" && ok || bad "progress lines: $(head -3 "$T/err")"
head -1 "$T/eccj.csv" | grep -q '^algorithm,operation,params,security_bits,iterations,avg_us,median_us,stddev_us,min_us,max_us,p5_us,p95_us,provider,' && ok || bad "ECCJ CSV header"
csv_check "$T/eccj.csv" '
want = {("ECDSA","keygen"),("ECDSA","sign"),("ECDSA","verify"),("ECDH","keygen"),("ECDH","derive"),
        ("EC","point_add"),("EC","point_double"),("EC","scalar_mul"),("EC","scalar_mul_base"),
        ("EC","field_mul"),("EC","field_sqr"),("EC","field_inv")}
got = {(r["algorithm"], r["operation"]) for r in rows if r["provider"] == "pkc" and r["params"] == "secp256r1"}
ok = (want <= got and all(r["samples"] == "3" and float(r["median_us"]) > 0 for r in rows)
      and all(r["provider"] == "pkc" for r in rows)
      and ("EC","field_mul_portable") not in got)' && ok || bad "ECCJ cases"

if "$PKC" bench -a ECC -c secp256k1 -i 3 $FAST >"$T/ecc.csv" 2>"$T/err"; then ok; else bad "-a ECC: $(cat "$T/err")"; fi
csv_check "$T/ecc.csv" 'ok = len(rows) >= 9 and all(r["provider"] == "pkc-affine" for r in rows)' && ok || bad "ECC is pkc-affine"

if "$PKC" bench -a RSA -b 1024 -i 3 $FAST >"$T/rsa.csv" 2>"$T/err"; then ok; else bad "-a RSA: $(cat "$T/err")"; fi
csv_check "$T/rsa.csv" '
ok = ({r["operation"] for r in rows if r["algorithm"] == "RSA" and r["params"] == "1024"}
      >= {"keygen", "sign", "verify", "encrypt", "decrypt"} and all(r["security_bits"] == "80" for r in rows))' && ok || bad "RSA cases"

# pkc-portable: RSA without the IFMA exponentiations, beside pkc in one run
# (every operation checked by the bench against the other providers' keys)
if "$PKC" bench --providers pkc,pkc-portable -a RSA -b 1024 --ops private,public,sign,verify,keygen -i 3 $FAST \
    >"$T/port.csv" 2>"$T/err"; then ok; else bad "pkc-portable RSA: $(cat "$T/err")"; fi
csv_check "$T/port.csv" '
ops = {"private", "public", "sign", "verify", "keygen"}
ok = all({r["operation"] for r in rows if r["provider"] == p} == ops for p in ("pkc", "pkc-portable"))' \
    && ok || bad "pkc-portable RSA cases"

# -a BIN: the seed study's binary-curve run (pkc, López-Dahab), summary CSV on stdout
if "$PKC" bench -a BIN -c sect283k1 -i 10 -v $FAST >"$T/bin.csv" 2>"$T/err"; then ok; else bad "-a BIN: $(cat "$T/err")"; fi
head -1 "$T/bin.csv" | grep -q '^algorithm,operation,params,security_bits,iterations,avg_us,median_us,stddev_us,min_us,max_us,p5_us,p95_us,provider,' && ok || bad "BIN CSV header"
grep -q '^pkc/ECDSA/sect283k1/sign ' "$T/err" && grep -q '^pkc/EC/sect283k1/field_mul_portable ' "$T/err" && ok || bad "-a BIN -v: one line per case: $(head -3 "$T/err")"
csv_check "$T/bin.csv" '
want = {("ECDSA","keygen"),("ECDSA","sign"),("ECDSA","verify"),("ECDH","keygen"),("ECDH","derive"),
        ("EC","point_add"),("EC","point_double"),("EC","scalar_mul"),("EC","scalar_mul_base"),
        ("EC","field_mul"),("EC","field_mul_portable"),("EC","field_sqr"),("EC","field_inv"),
        ("EC","koblitz_encode"),("EC","massey_omura")}
got = [(r["algorithm"], r["operation"]) for r in rows]
ok = (sorted(got) == sorted(want) and all(r["provider"] == "pkc" and r["params"] == "sect283k1"
      and r["security_bits"] == "128" and r["samples"] == "10" and float(r["median_us"]) > 0
      for r in rows))' && ok || bad "BIN cases"
# the default curve sets: -a BIN the ten binary curves, -a ECCJ / ECC the nine prime ones
BINARY="sect163k1 sect163r2 sect233k1 sect233r1 sect283k1 sect283r1 sect409k1 sect409r1 sect571k1 sect571r1"
PRIME="secp192k1 secp192r1 secp224k1 secp224r1 secp256k1 secp256r1 secp384r1 secp521r1 prime239v1"
for mode in BIN ECCJ ECC; do
    if [ $mode = BIN ]; then want=$BINARY; else want=$PRIME; fi
    if "$PKC" bench -a $mode --ops ECDSA/sign -i 2 $FAST >"$T/dflt.csv" 2>"$T/err"; then ok; else bad "-a $mode defaults: $(cat "$T/err")"; fi
    csv_check "$T/dflt.csv" "ok = sorted(r['params'] for r in rows) == sorted('$want'.split())" && ok || bad "-a $mode: default curves"
done
# -a BIN with --providers: pkc-affine for affine coordinates, OpenSSL's EC2M
bprovs=pkc-affine
"$PKC" bench --list | grep -q '^  openssl ' && bprovs=pkc-affine,openssl
if "$PKC" bench -a BIN --providers $bprovs -c sect163r2 --ops ECDSA/verify,ECDH/derive -i 2 $FAST >"$T/binp.csv" 2>"$T/err"; then ok; else bad "-a BIN --providers: $(cat "$T/err")"; fi
csv_check "$T/binp.csv" "ok = sorted((r['provider'], r['operation']) for r in rows) == sorted((p, o) for p in '$bprovs'.split(',') for o in ('verify', 'derive'))" && ok || bad "-a BIN --providers cases"

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
# security-levels: at each level the prime curves and both binary ones (K and B)
if "$PKC" bench --scenario security-levels --providers pkc --ops ECDSA/sign -i 2 $FAST --json "$T/lv.json" >"$T/lv.txt" 2>"$T/err"; then ok; else bad "security-levels (ECDSA sign): $(cat "$T/err")"; fi
"$PYTHON" - "$T/lv.json" <<'EOF' && ok || bad "security-levels: the curves of each level"
import json, sys
d = json.load(open(sys.argv[1]))
want = {80: {"secp192r1", "secp192k1", "sect163k1", "sect163r2"},
        112: {"secp224r1", "secp224k1", "sect233k1", "sect233r1"},
        128: {"secp256r1", "secp256k1", "sect283k1", "sect283r1"},
        192: {"secp384r1", "sect409k1", "sect409r1"}, 256: {"secp521r1", "sect571k1", "sect571r1"}}
got = {}
for b in d["benchmarks"]:
    assert b["algorithm"] == "ECDSA" and b["op"] == "sign" and b["scenario"] == "security-levels", b["name"]
    got.setdefault(b["security_bits"], set()).add(b["param"])
assert got == want, got
rows = {(r["security_bits"], r["curve"]) for r in d["scenarios"]["security-levels"] if r["op"] == "sign"}
assert rows == {(l, c) for l, cs in want.items() for c in cs}, rows
EOF
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
assert ns == {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2500}, ns
assert "study" not in k
for r in k["rows"]:
    assert abs(r["total_us"] - (r["keygen_us"] + r["n"] * r["per_exchange_us"])) < 1e-6 * r["total_us"] + 1e-9
assert len(k["crossover"]) >= 1 and all("n" in c and "kind" in c for c in k["crossover"])
for c in k["crossover"]:
    assert c["kind"] in ("crossover", "ecdh_cheaper_for_every_n", "rsa_cheaper_for_every_n")
    assert (c["break_even_n"] is None) == (c["kind"] != "crossover")
EOF

# kex-amortized --study bc2006: the study's cases, and every cell of its table
# (algorithm x N x size) present and finite; the text has the table
if "$PKC" bench --scenario kex-amortized --study bc2006 --providers $sprov -i 2 $FAST --json "$T/bc.json" \
    >"$T/bc.txt" 2>"$T/err"; then ok; else bad "--study bc2006: $(cat "$T/err")"; fi
"$PYTHON" - "$T/bc.json" "$sprov" <<'EOF' && ok || bad "--study bc2006 JSON"
import json, math, sys
d = json.load(open(sys.argv[1]))
prov = sys.argv[2]
assert d["context"]["scenario"] == "kex-amortized"
k = d["scenarios"]["kex-amortized"]
st = k["study"]
assert st["name"] == "bc2006" and st["n"] == [1, 100, 500, 2500], st
assert [(z["x962_name"], z["field_bits"], z["rsa_bits"]) for z in st["sizes"]] == \
    [("prime192v1", 192, 1280), ("prime239v1", 239, 1536), ("prime256v1", 256, 1792)], st["sizes"]
assert [z["curve"] for z in st["sizes"]] == ["secp192r1", "prime239v1", "secp256r1"]
cells = {(r["provider"], r["algorithm"], r["n"]): r["total_us"] for r in st["table"]}
assert len(cells) == len(st["table"]) == 2 * 4, st["table"]
for alg in ("ECDH", "RSA"):
    for n in st["n"]:
        v = cells[(prov, alg, n)]
        assert len(v) == 3 and all(isinstance(x, (int, float)) and math.isfinite(x) and x > 0
                                   for x in v), (alg, n, v)
# the cells are the rows' totals at the study's N
rows = {(r["scheme"], r["provider"], r["n"]): r["total_us"] for r in k["rows"]}
for i, z in enumerate(st["sizes"]):
    for n in st["n"]:
        for alg, scheme in (("ECDH", "ECDH " + z["curve"]), ("RSA", "RSA-%d OAEP" % z["rsa_bits"])):
            want = rows[(scheme, prov, n)]
            assert abs(cells[(prov, alg, n)][i] - want) <= 1e-6 * want, (alg, n, i)
# the cases: RSA keygen/encrypt/decrypt at the three sizes, ECDH keygen/derive on the three curves
names = {b["name"] for b in d["benchmarks"]}
want = {"%s/RSA/%d/%s" % (prov, b, o) for b in (1280, 1536, 1792)
        for o in ("keygen", "encrypt", "decrypt")} | \
       {"%s/ECDH/%s/%s" % (prov, c, o) for c in ("secp192r1", "prime239v1", "secp256r1")
        for o in ("keygen", "derive")}
assert names == want, names ^ want
# one crossover entry per size (ECDH column c against RSA column c)
assert sorted((c["ecc"], c["rsa"]) for c in k["crossover"]) == sorted(
    ("ECDH " + z["curve"], "RSA-%d OAEP" % z["rsa_bits"]) for z in st["sizes"]), k["crossover"]
EOF
grep -q '^study bc2006' "$T/bc.txt" && grep -Eq "^$sprov +RSA +2500( +[0-9.]+ [mu]?s){3}\$" "$T/bc.txt" \
    && ok || bad "--study bc2006: the table in the text output"
expect_usage "--study without --scenario" --study bc2006
expect_usage "--study with another scenario" --scenario message-size --study bc2006
expect_usage "--study unknown" --scenario kex-amortized --study bc1999


# ecutils: the four tables (pkc's four configurations), every column of every row
if "$PKC" bench --scenario ecutils -c secp224r1,sect163k1 -i 2 $FAST --json "$T/e.json" >"$T/e.txt" 2>"$T/err"; then ok; else bad "ecutils: $(cat "$T/err")"; fi
"$PYTHON" - "$T/e.json" <<'EOF' && ok || bad "ecutils JSON: every cell of the four tables"
import json, math, sys
d = json.load(open(sys.argv[1]))
e = d["scenarios"]["ecutils"]
keys = [c["key"] for c in e["columns"]]
assert keys == ["point_add", "point_double", "scalar_mul", "koblitz_encode", "sign", "verify",
                "dh", "massey_omura"], keys
assert [c["unit"] for c in e["columns"]] == ["us", "us"] + ["ms"] * 6
confs = {(t["coords"], t["cache"]): t for t in e["tables"]}
assert set(confs) == {("jacobian", "off"), ("jacobian", "on"), ("affine", "off"), ("affine", "on")}, set(confs)
for t in e["tables"]:
    assert [r["curve"] for r in t["rows"]] == ["secp224r1", "sect163k1"], t["rows"]
    for r in t["rows"]:
        for k in keys:
            v = r[k]
            assert isinstance(v, float) and math.isfinite(v) and v > 0, (t["provider"], r["curve"], k, v)
            lo, hi = r[k + "_ci"]
            assert lo <= v <= hi, (t["provider"], k)
# the same case in the benchmark list, in the column's unit
b = {x["name"]: x for x in d["benchmarks"]}
r = confs[("jacobian", "off")]["rows"][0]
assert abs(b["pkc/ECDSA/secp224r1/sign"]["median"] / 1000 - r["sign"]) < 1e-6 * r["sign"], "sign"
assert abs(b["pkc/EC/secp224r1/point_add"]["median"] - r["point_add"]) < 1e-6 * r["point_add"], "add"
assert "Python" in e["note"]
EOF
grep -q 'affine coordinates, cache on' "$T/e.txt" && ok || bad "ecutils text: the affine cache-on table"

# ---- fresh keys, CPU time, workers: the JSON says what was used ------------------------------------
if "$PKC" bench --providers pkc -c secp256r1 --ops ECDSA/verify,ECDH/derive,ECDSA/sign -i 3 $FAST \
    --threads 1,2 --format json -q >"$T/f.json" 2>"$T/err"; then ok; else bad "pools run: $(cat "$T/err")"; fi
[ ! -s "$T/err" ] && ok || bad "-q printed on stderr: $(cat "$T/err")"
"$PYTHON" - "$T/f.json" <<'EOF' && ok || bad "pools, CPU time, workers in the JSON"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["context"]["key_pool"] == 64
for k in ("cpu_flags", "virtualization", "load_avg_before", "load_avg_after", "steal_pct_during",
          "busy", "warnings", "tsc_mhz", "cycles_unit"):
    assert k in d["context"], k
b = {x["name"]: x for x in d["benchmarks"]}
for op in ("ECDSA/secp256r1/verify", "ECDH/secp256r1/derive", "ECDSA/secp256r1/sign"):
    one, two = b["pkc/" + op], b["pkc/" + op + "/threads:2"]
    assert one["keys"] == 64 and one["inputs"] == 64, one["keys"]
    assert one["threads"] == 1 and two["threads"] == 2
    assert abs(two["ops_per_sec_total"] - 2 * two["ops_per_sec_per_worker"]) < 1e-6 * two["ops_per_sec_total"]
    # CPU time is measured: not a copy of the wall time, never above it by 5%
    assert one["cpu_time"] != one["real_time"]
    assert all(c <= w * 1.05 for c, w in zip(one["cpu_raw_us"], one["raw_us"]))
EOF

# the seed study's mode and --ops take the case names the tool prints
if "$PKC" bench --providers pkc,openssl -a ECC -c secp256k1 --ops pkc-affine/ECDSA/secp256k1/sign -i 2 $FAST \
    >"$T/o.csv" 2>"$T/err"; then ok; else bad "--ops case name: $(cat "$T/err")"; fi
csv_check "$T/o.csv" 'ok = [(r["provider"], r["operation"]) for r in rows] == [("pkc-affine", "sign")]' && ok || bad "-a ECC + --providers pkc means pkc-affine"
if "$PKC" bench --providers pkc -c secp256r1,secp384r1 --filter 'secp384r1/(sign|verify)$' -i 2 $FAST \
    --format csv >"$T/flt.csv" 2>"$T/err"; then ok; else bad "--filter: $(cat "$T/err")"; fi
csv_check "$T/flt.csv" 'ok = sorted((r["params"], r["operation"]) for r in rows) == [("secp384r1", "sign"), ("secp384r1", "verify")]' && ok || bad "--filter selects"

# ---- key generation: a distribution of distinct keys, reproducible ---------------------------------
for f in a b c; do
    s=5
    [ $f = c ] && s=6
    "$PKC" bench --providers pkc -a RSA -b 1024 --ops keygen -i 4 --seed $s --json "$T/kg$f.json" -q \
        >/dev/null 2>"$T/err" || bad "keygen run: $(cat "$T/err")"
done
"$PYTHON" - "$T/kga.json" "$T/kgb.json" "$T/kgc.json" <<'EOF' && ok || bad "keygen seeds and fingerprints"
import json, sys
a, b, c = [json.load(open(f))["benchmarks"][0] for f in sys.argv[1:]]
assert a["sample_seeds"] == [5, 6, 7, 8], a["sample_seeds"]
assert a["key_fingerprints"] == b["key_fingerprints"]              # same seed: same keys
assert len(set(a["key_fingerprints"])) == 4                         # distinct keys
assert c["key_fingerprints"][:3] == a["key_fingerprints"][1:]       # seed 6 starts at 5's second
assert a["heavy_tailed"] is True and a["keys"] >= 4
EOF
"$PKC" bench --providers pkc -a RSA -b 1024 --ops keygen -i 3 -s random --json "$T/kgr.json" -q >/dev/null 2>&1
"$PYTHON" - "$T/kgr.json" "$T/kga.json" <<'EOF' && ok || bad "-s random gives other keys"
import json, sys
r = json.load(open(sys.argv[1]))["benchmarks"][0]
f = json.load(open(sys.argv[2]))["benchmarks"][0]
assert all(s is None for s in r["sample_seeds"]) and not set(r["key_fingerprints"]) & set(f["key_fingerprints"])
EOF

# ---- --compare: statistics on files whose difference is known ---------------------------------------
# (two real runs of the same code differ by the machine's noise, which a
# shared test machine makes large: the real comparison is in the docs; here
# a run against itself must be "no difference" everywhere, and against a
# copy with one case 3x slower, that case "slower" and only that one)
"$PKC" bench --providers pkc -c secp256r1 --ops ECDSA/sign,ECDSA/verify,EC/field_mul,EC/point_double \
    -i 30 --target-ms 1 --json "$T/c1.json" -q >/dev/null 2>"$T/err" || bad "compare run"
# The slowed case's samples are made up in both files (a spread of +-3%, as a
# quiet machine gives), so that the verdict does not hang on how noisy the
# machine was while the suite ran: the statistics are what is tested.
"$PYTHON" - "$T/c1.json" "$T/c3.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for b in d["benchmarks"]:
    if b["name"] == "pkc/ECDSA/secp256r1/sign":
        b["raw_us"] = [20 * (1 + 0.03 * ((7 * i) % 13 - 6) / 6) for i in range(30)]
json.dump(d, open(sys.argv[1], "w"))
for b in d["benchmarks"]:
    if b["name"] == "pkc/ECDSA/secp256r1/sign":
        b["raw_us"] = [x * 3 for x in b["raw_us"]]   # an artificial slowdown of one case
json.dump(d, open(sys.argv[2], "w"))
EOF
if "$PKC" bench --compare "$T/c1.json" "$T/c1.json" >"$T/cmp11" 2>"$T/err"; then ok; else bad "--compare: $(cat "$T/err")"; fi
grep -q '4 cases compared: 0 slower, 0 faster, 4 no difference' "$T/cmp11" && ok || bad "--compare of a file with itself: $(tail -1 "$T/cmp11")"
"$PKC" bench --compare "$T/c1.json" "$T/c3.json" --json "$T/cmp.json" >"$T/cmp13" 2>"$T/err" || bad "--compare with a slowdown"
"$PYTHON" - "$T/cmp.json" <<'EOF' && ok || bad "the slowed case is slower: $(cat "$T/cmp13")"
import json, sys
d = json.load(open(sys.argv[1]))
v = {c["name"]: c["verdict"] for c in d["cases"]}
assert v.pop("pkc/ECDSA/secp256r1/sign") == "slower", v
assert set(v.values()) == {"no difference"}, v
r = [c for c in d["cases"] if c["name"] == "pkc/ECDSA/secp256r1/sign"][0]
assert abs(r["ratio"] - 3) < 1e-9 and r["ratio_ci_low"] > 1 and r["p_value"] < 0.05
EOF
"$PKC" bench --compare "$T/c1.json" "$T/c3.json" --format json >"$T/cmp13.json" 2>"$T/err" &&
    "$PYTHON" -c 'import json, sys; d = json.load(open(sys.argv[1])); assert len(d["cases"]) == 4' "$T/cmp13.json" &&
    ok || bad "--compare --format json: $(head -c 300 "$T/cmp13.json")"
# --compare --baseline: each case relative to the reference's samples in the
# same file. Made-up files: the machine 1.5x slower in the new run for both
# providers (plain: "slower"; relative: exactly 1, "no difference"), and one
# case of pkc 3x slower while OpenSSL is not (relative: exactly 3, "slower").
"$PYTHON" - "$T/r1.json" "$T/r2.json" <<'EOF'
import json, sys
noise = [1 + 0.03 * ((7 * i) % 13 - 6) / 6 for i in range(30)]
def run(machine, pkc_sign):
    b = []
    for op, pkc in (("sign", pkc_sign), ("verify", 1)):
        b.append({"name": f"pkc/ECDSA/secp256r1/{op}", "raw_us": [20 * pkc * machine * e for e in noise]})
        b.append({"name": f"openssl/ECDSA/secp256r1/{op}", "raw_us": [10 * machine * e for e in noise]})
    return {"context": {}, "benchmarks": b}
json.dump(run(1, 1), open(sys.argv[1], "w"))
json.dump(run(1.5, 3), open(sys.argv[2], "w"))
EOF
"$PKC" bench --compare "$T/r1.json" "$T/r2.json" --format json >"$T/plain.json" 2>"$T/err" || bad "--compare (made-up runs)"
"$PKC" bench --compare "$T/r1.json" "$T/r2.json" --baseline openssl --format json >"$T/rel.json" 2>"$T/err" || bad "--compare --baseline"
"$PYTHON" - "$T/plain.json" "$T/rel.json" <<'EOF' && ok || bad "--compare --baseline divides out the machine: $(cat "$T/rel.json")"
import json, sys
plain = {c["name"]: c for c in json.load(open(sys.argv[1]))["cases"]}
d = json.load(open(sys.argv[2]))
rel = {c["name"]: c for c in d["cases"]}
assert d["relative_to"] == "openssl"
assert plain["pkc/ECDSA/secp256r1/verify"]["verdict"] == "slower"      # the machine, not the code
assert plain["openssl/ECDSA/secp256r1/verify"]["verdict"] == "slower"
assert sorted(rel) == ["pkc/ECDSA/secp256r1/sign", "pkc/ECDSA/secp256r1/verify"], sorted(rel)
v = rel["pkc/ECDSA/secp256r1/verify"]
assert abs(v["ratio"] - 1) < 1e-9 and v["verdict"] == "no difference", v
assert abs(v["old_median"] - 2) < 1e-9 and abs(v["new_median"] - 2) < 1e-9, v
s = rel["pkc/ECDSA/secp256r1/sign"]
assert abs(s["ratio"] - 3) < 1e-9 and s["verdict"] == "slower" and s["p_value"] < 0.05, s
EOF
# --compare with several runs per side: each run one observation (its
# median), Welch's t on the logs. Runs of 10, 11, 12 us against the same
# values reordered (ratio exactly 1) and against three times them (exactly 3).
"$PYTHON" - "$T" <<'EOF'
import json, sys
for name, scale in (("o", 1), ("s", 1), ("n", 3)):
    for k, base in enumerate((10, 11, 12) if name != "s" else (12, 10, 11)):
        b = [{"name": "pkc/ECDSA/secp256r1/sign", "raw_us": [base * scale * (1 + 0.001 * (i % 5)) for i in range(20)]}]
        json.dump({"context": {}, "benchmarks": b}, open(f"{sys.argv[1]}/run-{name}{k}.json", "w"))
EOF
O3="$T/run-o0.json,$T/run-o1.json,$T/run-o2.json"
"$PKC" bench --compare "$O3" "$T/run-s0.json,$T/run-s1.json,$T/run-s2.json" --format json >"$T/runs-same.json" 2>"$T/err" &&
"$PKC" bench --compare "$O3" "$T/run-n0.json,$T/run-n1.json,$T/run-n2.json" --format json >"$T/runs-3x.json" 2>>"$T/err" &&
"$PYTHON" - "$T/runs-same.json" "$T/runs-3x.json" <<'EOF' && ok || bad "--compare with runs: $(cat "$T/err" "$T/runs-3x.json")"
import json, sys
same, three = (json.load(open(f)) for f in sys.argv[1:3])
assert same["test"].startswith("Welch") and len(same["old"]) == 3
s, t = same["cases"][0], three["cases"][0]
assert abs(s["ratio"] - 1) < 1e-9 and s["verdict"] == "no difference" and s["p_value"] > 0.99, s
assert abs(t["ratio"] - 3) < 1e-9 and t["verdict"] == "slower" and t["p_value"] < 1e-3, t
EOF
# a case without samples in the old file is counted, not compared (and
# nothing is freed twice: test-asan runs this)
"$PYTHON" -c 'import json, sys
d = json.load(open(sys.argv[1])); del d["benchmarks"][0]["raw_us"]; json.dump(d, open(sys.argv[2], "w"))' "$T/run-o0.json" "$T/run-o0-noraw.json"
"$PKC" bench --compare "$T/run-o0-noraw.json" "$T/run-n0.json" >"$T/noraw.txt" 2>"$T/err" &&
    grep -q '0 cases compared: .*1 without samples' "$T/noraw.txt" && ok || bad "--compare, a case without samples: $(cat "$T/noraw.txt" "$T/err")"
expect_usage "--compare: one run against several" --compare "$T/run-o0.json" "$T/run-n0.json,$T/run-n1.json"
expect_usage "--compare --format csv" --compare "$T/c1.json" "$T/c3.json" --format csv
expect_usage "--compare unreadable" --compare "$T/none.json" "$T/c1.json"
echo '{"nope": 1}' >"$T/notbench.json"
expect_usage "--compare not a result" --compare "$T/c1.json" "$T/notbench.json"
printf '{"benchmarks": [' >"$T/broken.json"
expect_usage "--compare broken JSON" --compare "$T/c1.json" "$T/broken.json"
expect_usage "--compare one file" --compare "$T/c1.json"

# ---- outputs that cannot be written fail before the run ----------------------------------------------
start=$(date +%s)
expect_usage "--json into a missing directory" -a ECCJ -i 3 --json /nonexistent/dir/x.json
expect_usage "--csv into a directory" -a ECCJ -i 3 --csv "$T"
expect_usage "-r into a missing directory" -a ECCJ -i 3 -r /nonexistent/raw.csv
end=$(date +%s)
[ $((end - start)) -le 5 ] && ok || bad "bad output paths took $((end - start)) s (checked after the run?)"

# ---- the lock: a second benchmark waits or refuses ---------------------------------------------------
if command -v flock >/dev/null 2>&1; then
    flock "$PKC_BENCH_LOCK" sleep 3 &
    holder=$!
    sleep 0.5
    "$PKC" bench --lock fail -a ECCJ -c secp192r1 --ops sign -i 2 $FAST >/dev/null 2>"$T/err"
    rc=$?
    [ $rc -eq 2 ] && grep -q 'another pkc bench' "$T/err" && ok || bad "--lock fail while locked: exit $rc, $(cat "$T/err")"
    start=$(date +%s%N)
    "$PKC" bench -a ECCJ -c secp192r1 --ops sign -i 2 $FAST >/dev/null 2>"$T/err" || bad "--lock wait"
    waited=$(( ($(date +%s%N) - start) / 1000000 ))
    [ $waited -ge 1000 ] && grep -q 'waiting for another pkc bench' "$T/err" && ok || bad "--lock wait did not wait ($waited ms)"
    wait $holder
else
    echo "SKIPPED: flock(1) missing: lock test"
    [ -n "${CI:-}" ] && bad "flock missing in CI"
fi

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
expect_usage "-b with -a ECC" -a ECC -b 2048
expect_usage "-c with -a RSA" -a RSA -c secp256r1
expect_usage "prime -c with -a BIN" -a BIN -c sect283k1,secp256r1
expect_usage "-b with -a BIN" -a BIN -b 2048
expect_usage "bad --key-pool" --key-pool 0
expect_usage "bad --threads" --threads 0
expect_usage "bad --lock" --lock maybe
expect_usage "bad --filter" --filter '('
expect_usage "--ops unknown case name" --ops nosuch/ECDSA/secp256r1/frob
expect_usage "stray argument" -a ECC extra
expect_usage "bad --pin" --pin 4000 -a ECCJ -c secp192r1 --ops sign -i 2
expect_usage "nothing to run" --providers libsecp256k1 -a RSA -b 1024

finish
