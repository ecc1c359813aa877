#!/usr/bin/env bash
# `pkc hash` against coreutils' sha224sum/sha256sum/sha384sum/sha512sum, byte
# for byte: empty, short, block-boundary and multi-megabyte files, several
# files at once, stdin, names that coreutils escapes; an unreadable file
# (message, exit 2, the other files still printed); bad usage (exit 2).
set -u
PKC=${PKC:?PKC must name the pkc binary}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for tool in sha224sum sha256sum sha384sum sha512sum head; do
    command -v $tool >/dev/null || { echo "FAIL: $tool not found (coreutils)"; echo "0 passed, 1 failed"; exit 1; }
done

dir=$(mktemp -d)
trap 'chmod -R u+rwx "$dir" 2>/dev/null; rm -rf "$dir"' EXIT
cd "$dir" || exit 1

# Inputs: empty, short, every padding boundary of the 64- and 128-byte
# blocks, and multi-megabyte files (one not a multiple of the read chunk).
: > empty
printf 'abc' > abc
files=(empty abc)
for n in 1 55 56 57 63 64 65 111 112 113 127 128 129 1000; do
    head -c $n /dev/urandom > "len$n"
    files+=("len$n")
done
head -c $((3 * 1024 * 1024 + 17)) /dev/urandom > big3m
head -c $((8 * 1024 * 1024)) /dev/urandom > big8m
files+=(big3m big8m)

for alg in sha224 sha256 sha384 sha512; do
    ref=${alg}sum
    # one file at a time
    for f in "${files[@]}"; do
        if cmp -s <("$PKC" hash -a $alg "$f") <($ref "$f"); then ok; else bad "$alg $f differs from $ref"; fi
    done
    # all files in one call
    if cmp -s <("$PKC" hash -a $alg "${files[@]}") <($ref "${files[@]}"); then ok; else bad "$alg: several files differ from $ref"; fi
    # stdin, implicit and as -
    for f in empty len64 big3m; do
        if cmp -s <("$PKC" hash -a $alg < "$f") <($ref < "$f"); then ok; else bad "$alg stdin ($f) differs"; fi
        if cmp -s <(cat "$f" | "$PKC" hash -a $alg -) <(cat "$f" | $ref -); then ok; else bad "$alg stdin as - ($f) differs"; fi
    done
done

# the default algorithm is sha256; long option spelling; options after files
if cmp -s <("$PKC" hash abc len55) <(sha256sum abc len55); then ok; else bad "default algorithm is not sha256"; fi
if cmp -s <("$PKC" hash --algorithm=sha512 abc) <(sha512sum abc); then ok; else bad "--algorithm=sha512"; fi
if cmp -s <("$PKC" hash abc -a sha384) <(sha384sum abc); then ok; else bad "option after file"; fi

# names coreutils escapes (backslash, newline, carriage return) and one it does not
cp abc 'back\slash'
cp abc "$(printf 'new\nline')"
cp abc "$(printf 'carriage\rreturn')"
cp abc 'with space'
names=('back\slash' "$(printf 'new\nline')" "$(printf 'carriage\rreturn')" 'with space')
if cmp -s <("$PKC" hash "${names[@]}") <(sha256sum "${names[@]}"); then ok; else bad "escaped names differ from sha256sum"; fi

# an unreadable file: message on stderr, the others still hashed, exit 2
out=$("$PKC" hash abc does-not-exist len64 2>err)
rc=$?
[ $rc -eq 2 ] && ok || bad "missing file: exit $rc, expected 2"
if [ "$out" = "$(sha256sum abc len64)" ]; then ok; else bad "missing file: other files not printed as expected"; fi
if [ "$(cat err)" = "pkc: does-not-exist: No such file or directory" ]; then ok; else bad "missing file message: $(cat err)"; fi
mkdir adir
out=$("$PKC" hash adir abc 2>err)
rc=$?
if [ $rc -eq 2 ] && [ "$out" = "$(sha256sum abc)" ] && [ "$(cat err)" = "pkc: adir: Is a directory" ]; then ok; else bad "directory: exit $rc, '$(cat err)'"; fi
if [ "$(id -u)" != 0 ]; then # root reads anything
    cp abc noperm && chmod 000 noperm
    out=$("$PKC" hash noperm abc 2>err)
    rc=$?
    if [ $rc -eq 2 ] && [ "$out" = "$(sha256sum abc)" ] && [ "$(cat err)" = "pkc: noperm: Permission denied" ]; then ok; else bad "unreadable: exit $rc, '$(cat err)'"; fi
fi

# bad usage: exit 2, one line on stderr, nothing on stdout
for args in "-a md5 abc" "-a sha1 abc" "-a abc" "-a" "-x abc" "--nope abc"; do
    out=$("$PKC" hash $args 2>err)
    rc=$?
    if [ $rc -eq 2 ] && [ -z "$out" ] && [ "$(wc -l < err)" -eq 1 ] && grep -q '^pkc: ' err; then ok; else bad "pkc hash $args: exit $rc, stdout '$out', stderr '$(cat err)'"; fi
done
# help goes to stdout, exit 0
if "$PKC" hash --help | grep -q 'usage: pkc hash'; then ok; else bad "pkc hash --help"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
