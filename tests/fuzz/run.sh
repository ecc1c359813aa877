#!/usr/bin/env bash
# Builds every harness tests/fuzz/fuzz_<name>.c with libFuzzer + ASan + UBSan
# (clang -fsanitize=fuzzer,address,undefined, the library sources src/**/*.c
# compiled into the same binary) and runs each for FUZZ_SECONDS.
# `make fuzz` calls this; see docs/fuzzing.md.
#
# Environment:
#   FUZZ_SECONDS   seconds per harness (default 60)
#   FUZZ_DIFF_SECONDS  seconds per differential harness (fuzz_diff_*, against
#                  OpenSSL; default FUZZ_SECONDS)
#   FUZZ_JOBS      compilers run at once (default 1; `make fuzz-ci` passes JOBS)
#   FUZZ_DEBUG     debug information (default -g; `make fuzz-ci` uses
#                  -gline-tables-only, a third faster to compile and still
#                  enough for the sanitizers' stack traces)
#   FUZZ_TARGETS   harness names, space-separated (default: all)
#   FUZZ_BUILD     build/output directory (default build-fuzzer)
#   FUZZ_CC        the compiler (default clang)
#   FUZZ_ARGS      extra libFuzzer flags (e.g. "-jobs=2 -workers=2")
#   FUZZ_BUILD_ONLY=1  build, do not run
# New inputs go to $FUZZ_BUILD/corpus/<name>/ (the seeds in
# tests/fuzz/corpus/<name>/ are read, never written); a crash is saved as
# $FUZZ_BUILD/artifacts/<name>/crash-<sha1>, and the script exits 1 at the end.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_DIFF_SECONDS=${FUZZ_DIFF_SECONDS:-$FUZZ_SECONDS}
FUZZ_JOBS=${FUZZ_JOBS:-1}
FUZZ_DEBUG=${FUZZ_DEBUG:--g}
FUZZ_BUILD=${FUZZ_BUILD:-build-fuzzer}
FUZZ_CC=${FUZZ_CC:-clang}
FUZZ_ARGS=${FUZZ_ARGS:-}
if [ -z "${FUZZ_TARGETS:-}" ]; then
  FUZZ_TARGETS=$(ls tests/fuzz/fuzz_*.c | sed 's#.*/fuzz_##; s#\.c$##' | tr '\n' ' ')
fi

if ! command -v "$FUZZ_CC" >/dev/null 2>&1; then
  echo "pkc: $FUZZ_CC not found (install clang and libclang-rt-14-dev: scripts/deps.sh)" >&2
  exit 2
fi
# The libFuzzer runtime is a separate Debian package (libclang-rt-N-dev).
if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){return 0;}' |
    "$FUZZ_CC" -x c -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
  echo "pkc: $FUZZ_CC cannot link libFuzzer (install libclang-rt-14-dev: scripts/deps.sh)" >&2
  exit 2
fi

SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
CFLAGS="-std=gnu11 -O1 $FUZZ_DEBUG -Wall -Wextra -Wno-unused-parameter $SAN -Iinclude -Isrc"
# PBKDF2 iterations capped at 10^4 (not 10^7) in encrypted PKCS#8 keys, so
# that a mutated iteration count cannot stall the fuzzer (fuzz_key_password)
LIBFLAGS="$CFLAGS -fsanitize=fuzzer-no-link -DPKC_BUILDING=1 -DPKC_PKCS8_MAX_ITERATIONS=10000u"
OBJ="$FUZZ_BUILD/obj"
mkdir -p "$OBJ" "$FUZZ_BUILD/bin"

# The library, instrumented for coverage. An object is rebuilt when it is
# missing or older than its source or any header it includes (clang -MMD
# writes the list beside it).
stale() {
  local o=$1 src=$2 d="${1%.o}.d" f
  [ -f "$o" ] && [ -f "$d" ] && [ ! "$src" -nt "$o" ] || return 0
  for f in $(sed -e 's/^[^:]*://' -e 's/\\$//' "$d"); do
    [ "$f" -nt "$o" ] && return 0
  done
  return 1
}
# Up to FUZZ_JOBS compilers in the background; a failed one fails the build.
build_failed=0
spawn() {
  while [ "$(jobs -rp | wc -l)" -ge "$FUZZ_JOBS" ]; do
    wait -n || build_failed=1
  done
  "$@" &
}
drain() {
  while [ "$(jobs -rp | wc -l)" -gt 0 ]; do
    wait -n || build_failed=1
  done
  if [ "$build_failed" != 0 ]; then
    echo "pkc: the fuzz build failed" >&2
    exit 2
  fi
}

objs=()
for src in $(find src -name "*.c" | sort); do
  o="$OBJ/$(echo "${src#src/}" | tr / _ | sed "s/\.c$//").o"
  objs+=("$o")
  if stale "$o" "$src"; then
    echo "  CC $src"
    # shellcheck disable=SC2086
    spawn "$FUZZ_CC" $LIBFLAGS -MMD -c "$src" -o "$o"
  fi
done
drain

for t in $FUZZ_TARGETS; do
  echo "  LD fuzz_$t"
  # The differential harnesses (fuzz_diff_*) compare with OpenSSL.
  libs=(-lgmp)
  case $t in diff_*) libs+=(-lcrypto) ;; esac
  # shellcheck disable=SC2086
  spawn "$FUZZ_CC" $CFLAGS -fsanitize=fuzzer -DPKC_FUZZ_MAIN "tests/fuzz/fuzz_$t.c" "${objs[@]}" \
    "${libs[@]}" -o "$FUZZ_BUILD/bin/fuzz_$t"
done
drain
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

# The targets run FUZZ_JOBS at a time (make fuzz-ci: one per core); each
# one's summary is printed when it ends, and a failure is recorded in a file
# (the runs are subshells).
fuzz_one() {
  local t=$1 secs=$FUZZ_SECONDS rc=0
  case $t in diff_*) secs=$FUZZ_DIFF_SECONDS ;; esac
  mkdir -p "$FUZZ_BUILD/corpus/$t" "$FUZZ_BUILD/artifacts/$t"
  # shellcheck disable=SC2086
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "$FUZZ_BUILD/bin/fuzz_$t" -max_total_time="$secs" -timeout=20 \
      -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$FUZZ_BUILD/artifacts/$t/" $FUZZ_ARGS \
      "$FUZZ_BUILD/corpus/$t" "tests/fuzz/corpus/$t" 2>"$FUZZ_BUILD/fuzz_$t.log" || rc=$?
  {
    echo "== fuzz_$t for ${secs}s"
    if [ "$rc" != 0 ]; then
      echo "$t" >>"$FUZZ_BUILD/failed.list"
      echo "   FAILED (exit $rc): see $FUZZ_BUILD/fuzz_$t.log and $FUZZ_BUILD/artifacts/$t/"
    fi
    grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::peak_rss_mb)' \
      "$FUZZ_BUILD/fuzz_$t.log" | sed 's/^/   /' || true
  }
}
rm -f "$FUZZ_BUILD/failed.list"
for t in $FUZZ_TARGETS; do
  spawn fuzz_one "$t"
done
# a fuzz_one that returns non-zero is a bug of this script (failures are in
# failed.list); drain then stops with "the fuzz build failed"
drain
failed=()
if [ -f "$FUZZ_BUILD/failed.list" ]; then
  mapfile -t failed <"$FUZZ_BUILD/failed.list"
fi

if [ ${#failed[@]} -gt 0 ]; then
  echo "pkc: fuzz failures: ${failed[*]}" >&2
  echo "pkc: minimise with: $FUZZ_BUILD/bin/fuzz_NAME -minimize_crash=1 -runs=10000 CRASHFILE" >&2
  exit 1
fi
echo "pkc: every fuzz target ran (${FUZZ_SECONDS}s each, differential ${FUZZ_DIFF_SECONDS}s) without a failure"
