#!/usr/bin/env bash
# pkc bench --profile: a CPU flame graph in which pkc's own functions appear
# (perf software sampling, folded and drawn by tools/flamegraph.py) and an
# allocation count per operation (the LD_PRELOAD counter): pkc's ECDSA
# signing allocates nothing, OpenSSL's does. Needs perf (linux-perf): without
# it the test says SKIPPED, and fails in CI.
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:-build/pkc}
PYTHON=${PYTHON:-/usr/bin/python3}
export PKC_BENCH_LOCK="$T/bench.lock"
if ! command -v perf >/dev/null 2>&1 || ! perf record -q -e cpu-clock -o "$T/probe.data" true 2>/dev/null; then
    echo "SKIPPED: perf is missing or cannot sample here (scripts/deps.sh installs linux-perf)"
    [ -n "${CI:-}" ] && { echo "0 passed, 1 failed"; exit 1; }
    echo "0 passed, 0 failed"; exit 0
fi
provs=pkc
"$PKC" bench --list | grep -q '^  openssl ' && provs=pkc,openssl
# -s random: the children are told "--seed-mode random" with no seed (a
# seed with random is a usage error); tests/test_install.sh profiles with
# the default fixed seed
if "$PKC" bench --providers $provs --filter '/ECDSA/secp256r1/sign$' -s random --profile "$T/prof" \
    --profile-seconds 0.5 -q 2>"$T/err"; then ok; else bad "--profile: $(cat "$T/err")"; fi
"$PYTHON" - "$T/prof" "$provs" <<'PY' && ok || bad "profile.json, flame graphs, allocation counts"
import json, os, sys
d = sys.argv[1]
p = json.load(open(os.path.join(d, "profile.json")))
names = {c["name"]: c for c in p["cases"]}
pk = names["pkc/ECDSA/secp256r1/sign"]
svg = open(os.path.join(d, pk["svg"])).read()
folded = open(os.path.join(d, pk["folded"])).read()
# pkc's own functions, by name, in the graph and its stacks
# (k*G: mul_base_jac hands G's comb to mul_comb_jac, a tail call)
for fn in ("pkc_ecdsa_sign_digest_coords", "mul_comb_jac"):
    assert fn in svg and fn in folded, fn
assert svg.startswith("<?xml") or svg.lstrip().startswith("<svg")
alloc = {a["name"]: a for a in p["alloc"]}
assert alloc["pkc/ECDSA/secp256r1/sign"]["allocs_per_op"] == 0
if "openssl" in sys.argv[2]:
    assert alloc["openssl/ECDSA/secp256r1/sign"]["allocs_per_op"] > 0
PY
finish
