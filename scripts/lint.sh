#!/usr/bin/env bash
# `make lint`: the static checks CI runs (.ci/run).
#  1. libpkc built with PKC_WERROR=ON: -Wall -Wextra -Wconversion
#     -Wsign-conversion -Wshadow are errors in src/ (GCC).
#  2. cppcheck on src/, cli/, bench/ and lab/ with the include paths and defines of
#     the CMake compile database.
#  3. clang-tidy with the checks of .clang-tidy (which also reports clang's
#     own warnings for the same flags) on the same files.
# Inline suppressions carry their reason: `// cppcheck-suppress ID ; why`,
# `// NOLINT(check): why`. Exits non-zero on any finding.
# Environment: LINT_BUILD (build directory, default build-lint), JOBS.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${LINT_BUILD:-build-lint}
jobs=${JOBS:-2}

for tool in cppcheck clang-tidy cmake; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "lint: $tool not found (scripts/deps.sh installs it)" >&2
        exit 2
    fi
done

echo "lint: library with -Werror ($build)"
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DPKC_WERROR=ON >/dev/null
cmake --build "$build" -j "$jobs" --target pkc_obj -- --no-print-directory >/dev/null

db="$(cd "$build" && pwd)/compile_commands.json"
# The sources to check: every src/, cli/, bench/ and lab/ entry of the database.
mapfile -t files < <(/usr/bin/python3 - "$db" "$root" <<'PY'
import json, sys
db, root = sys.argv[1], sys.argv[2]
dirs = tuple(f"{root}/{d}/" for d in ("src", "cli", "bench", "lab"))
for f in sorted({e["file"] for e in json.load(open(db))}):
    if f.startswith(dirs):
        print(f)
PY
)
if [ ${#files[@]} -eq 0 ]; then
    echo "lint: no sources found in $db" >&2
    exit 2
fi

echo "lint: cppcheck (${#files[@]} files)"
filters=()
for d in src cli bench lab; do filters+=("--file-filter=$root/$d/*"); done
cppcheck --project="$db" "${filters[@]}" -j "$jobs" --quiet \
    --enable=warning,performance,portability --inline-suppr --error-exitcode=1 \
    --suppress=missingIncludeSystem --template='{file}:{line}: {severity}: {message} [{id}]'

echo "lint: clang-tidy (${#files[@]} files)"
# One file per process: clang 14's valist checker keeps identifiers across
# translation units and reports a false "uninitialized va_list" in the
# second file of a batch.
printf '%s\n' "${files[@]}" |
    xargs -P "$jobs" -n 1 clang-tidy -p "$build" --quiet \
        2> >(grep -v -E '^[0-9]+ warnings?( and [0-9]+ errors?)? generated\.$' >&2)
echo "lint: clean"
