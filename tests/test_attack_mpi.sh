# build/pkc_ecdlp_mpi (lab/mpi/ecdlp_rho_mpi.c): parallel Pollard rho with
# 2 MPI ranks on a 32-bit instance recovers the planted key; its JSON line
# checked against the curve in Python (kP = Q), and bad arguments refused.
. "$(dirname "$0")/lib.sh"
BUILD=${BUILD:-$SRC/build}
prog=$BUILD/pkc_ecdlp_mpi
command -v mpirun >/dev/null 2>&1 || skip_test "mpirun not found (openmpi-bin)"
[ -x "$prog" ] || skip_test "$prog not built (CMake found no MPI)"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# in the sanitizer build: OpenMPI leaves about 100 kB of its own allocations
# at exit (none of them ours), which LeakSanitizer would report; the last
# detect_leaks in ASAN_OPTIONS wins
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

for seed in 3 4; do
    if timeout 120 mpirun --oversubscribe -np 2 "$prog" --bits 32 --seed $seed --max-seconds 60 \
        >"$T/run$seed" 2>"$T/err"; then ok "2 ranks, seed $seed"; else
        bad "2 ranks, seed $seed: exit $?"
        head -5 "$T/err"
    fi
    check "2 ranks, seed $seed: the key" "$PY" -c '
import json, sys
lines = [l for l in open(sys.argv[1]) if l.startswith("{")]
assert len(lines) == 1, lines
d = json.loads(lines[0])
assert d["ranks"] == 2 and d["bits"] == 32, d
assert d["ok"] is True and d["timed_out"] is False, d
assert d["found"] == d["k"] and int(d["order"]).bit_length() == 32, d
assert d["ops"] > 0 and d["ops_per_second_per_rank"] > 0 and d["seconds"] > 0, d
' "$T/run$seed"
done

# the same instance as one rank finds the same key
timeout 120 mpirun --oversubscribe -np 1 "$prog" --bits 32 --seed 4 >"$T/one" 2>"$T/err"
check "1 rank: the same k" "$PY" -c '
import json, sys
a, b = (json.loads(open(f).read().strip().splitlines()[-1]) for f in sys.argv[1:])
assert a["ranks"] == 1 and a["ok"] and a["k"] == b["k"] and a["p"] == b["p"], (a, b)
' "$T/one" "$T/run4"

# bad arguments: exit 2
for args in "--bits 63" "" "--bits 32 --frob"; do
    # shellcheck disable=SC2086
    timeout 60 mpirun --oversubscribe -np 1 "$prog" $args >"$T/out" 2>"$T/err"
    rc=$?
    if [ $rc -ne 0 ] && grep -q "pkc_ecdlp_mpi:" "$T/err"; then ok "refused: '$args'"; else
        bad "'$args': exit $rc"; fi
done
finish
