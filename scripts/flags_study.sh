#!/usr/bin/env bash
# `make flags-study`: how much the compiler's optimisation level buys each
# algorithm (the ECC-Thesis reports ECC gaining 1.4x from -O0 to -O2 and RSA
# nothing: RSA's time is in GMP, which is not rebuilt). libpkc and the pkc
# command are built with every option set below (GCC, and Clang when it is
# installed); each build measures the same fixed set of pkc cases; the runs
# go round-robin over the builds, ROUNDS times, so that a change in the
# machine's load hits every build alike, and each case's median over its
# rounds is kept. The result, results/flags-study.json, is what
# tools/report.py draws (one chart).
#
# Usage: scripts/flags_study.sh [OUT.json]   (ROUNDS, BUDGET, JOBS in the environment)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-results/flags-study.json}
ROUNDS=${ROUNDS:-3}
BUDGET=${BUDGET:-0.2}
JOBS=${JOBS:-2}
PYTHON=${PYTHON:-/usr/bin/python3}
WORK=build-flags
mkdir -p "$WORK" "$(dirname "$OUT")"

# label|compiler|flags
builds=()
for cc in gcc clang; do
    command -v $cc >/dev/null 2>&1 || { echo "flags-study: $cc not installed, skipped" >&2; continue; }
    for f in "-O0" "-O1" "-O2" "-O3" "-O2 -march=native"; do
        builds+=("$cc $f|$cc|$f")
    done
done

CASES='^pkc/(RSA/(2048|3072)/(sign|verify)|ECDSA/(secp256r1|secp256k1)/(sign|verify)|ECDH/(secp256r1|secp256k1)/derive|SHA-256/1048576/hash)$'

dirs=()
for b in "${builds[@]}"; do
    IFS='|' read -r label cc flags <<<"$b"
    dir="$WORK/$(echo "$label" | tr ' =' '__' | tr -d -)"
    dirs+=("$dir")
    echo "flags-study: building $label in $dir" >&2
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
        -DPKC_OPT_FLAGS="$flags" >/dev/null
    # the flags must reach the compiler (CMakeLists.txt once overrode them,
    # and every build was -O2)
    grep -q -- "$flags -DNDEBUG" "$dir/compile_commands.json" ||
        { echo "flags-study: $label: the flags did not reach the build" >&2; exit 1; }
    cmake --build "$dir" -j "$JOBS" --target pkc_cli >/dev/null
done

runs=()
for r in $(seq 1 "$ROUNDS"); do
    i=0
    for b in "${builds[@]}"; do
        IFS='|' read -r label cc flags <<<"$b"
        dir=${dirs[$i]}
        i=$((i + 1))
        out="$WORK/run-$r-$i.json"
        echo "flags-study: round $r/$ROUNDS, $label" >&2
        "$dir/pkc" bench --providers pkc -b 2048,3072 -c secp256r1,secp256k1 --filter "$CASES" \
            --time-budget "$BUDGET" --label "$label" --json "$out" -q >/dev/null
        # SHA-256 is not in -b/-c's cases: a second, small run
        "$dir/pkc" bench --providers pkc --ops SHA-256 --filter "$CASES" \
            --time-budget "$BUDGET" --label "$label" --json "$out.sha.json" -q >/dev/null
        runs+=("$label|$cc|$flags|$out|$out.sha.json")
    done
done

"$PYTHON" tools/flags_study.py -o "$OUT" "${runs[@]}"
echo "flags-study: $OUT" >&2
