# What the shell tests (tests/test_*.sh) share; each sources it first:
#     . "$(dirname "$0")/lib.sh"
# It makes a scratch directory $T (removed on exit unless KEEP is set) and
# the check counters:
#   ok [WHAT] / bad WHAT       count a passed / failed check (bad prints
#                              "FAIL: WHAT"; ok prints "ok: WHAT" when
#                              TEST_VERBOSE is set)
#   check WHAT COMMAND...      COMMAND must succeed (its stderr is shown if not)
#   expect_rc RC WHAT COMMAND...  COMMAND must exit RC; for 2, stderr must be
#                              exactly one line "pkc CMD: reason"
#   flip_byte FILE OFFSET [MASK]  XORs one byte of FILE with MASK (default
#                              0x01): the byte always changes, whatever it was
#   skip_test REASON           the whole test is SKIPPED (exit 77; with CI set,
#                              a failure instead)
#   finish                     prints "N passed, M failed" and exits 0 only
#                              when nothing failed and something passed
# $T/out and $T/err hold the last check's output. $PY is the Python with
# Debian's python3-* packages, $SRC the source tree.
PY=${PYTHON:-/usr/bin/python3}
SRC=${SRC:-$(cd "$(dirname "$0")/.." && pwd)}
T=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); if [ -n "${TEST_VERBOSE:-}" ]; then echo "ok: $*"; fi; }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() {
    local d=$1; shift
    if "$@" >"$T/out" 2>"$T/err"; then ok "$d"; else bad "$d"; sed 's/^/    /' "$T/err" | head -5; fi
}
expect_rc() {
    local want=$1 d=$2; shift 2
    "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq "$want" ]; then ok "$d"; else bad "$d: exit $rc, expected $want"; head -3 "$T/err"; fi
    if [ "$want" -eq 2 ] && [ $rc -eq 2 ]; then
        if [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q '^pkc [a-z-]*: ' "$T/err"; then ok "$d: one line"; else
            bad "$d: stderr is not one 'pkc CMD: ' line"; cat "$T/err"; fi
    fi
}
flip_byte() {
    "$PY" -c 'import sys
p, off, mask = sys.argv[1], int(sys.argv[2]), int(sys.argv[3], 0)
b = bytearray(open(p, "rb").read()); b[off] ^= mask; open(p, "wb").write(b)' "$1" "$2" "${3:-1}"
}
# quick_subset WORD...: prints the words to loop over. Normally all of them;
# under PKC_TEST_QUICK=N (make test-asan sets it: the sanitizer build is
# several times slower) every N-th one, from an offset that moves with the
# day of the year (PKC_TEST_QUICK_OFFSET fixes it), so that successive
# sanitizer runs cover the whole list. The choice is printed.
quick_subset() {
    local n=${PKC_TEST_QUICK:-1} i=0 off out=
    case $n in '' | *[!0-9]*) n=1 ;; esac
    if [ "$n" -le 1 ]; then echo "$*"; return; fi
    off=${PKC_TEST_QUICK_OFFSET:-$((10#$(date -u +%j) % n))}
    for w in "$@"; do
        [ $((i % n)) -eq $((off % n)) ] && out="$out $w"
        i=$((i + 1))
    done
    echo "quick (PKC_TEST_QUICK=$n, offset $off):$out" >&2
    echo "${out# }"
}
skip_test() {
    echo "SKIPPED: $*"
    if [ -n "${CI:-}" ]; then echo "0 passed, 1 failed"; exit 1; fi
    exit 77
}
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
    exit $?
}
