#!/usr/bin/env bash
# `pkc hash` against coreutils' sha224sum/sha256sum/sha384sum/sha512sum, byte
# for byte: empty, short, block-boundary and multi-megabyte files, several
# files at once, stdin, names that coreutils escapes; an unreadable file
# (message, exit 2, the other files still printed); bad usage (exit 2); and
# -c, which checks sha256sum-style lists as `sha256sum -c` does.
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
if [ "$(cat err)" = "pkc hash: does-not-exist: No such file or directory" ]; then ok; else bad "missing file message: $(cat err)"; fi
mkdir adir
out=$("$PKC" hash adir abc 2>err)
rc=$?
if [ $rc -eq 2 ] && [ "$out" = "$(sha256sum abc)" ] && [ "$(cat err)" = "pkc hash: adir: Is a directory" ]; then ok; else bad "directory: exit $rc, '$(cat err)'"; fi
if [ "$(id -u)" != 0 ]; then # root reads anything
    cp abc noperm && chmod 000 noperm
    out=$("$PKC" hash noperm abc 2>err)
    rc=$?
    if [ $rc -eq 2 ] && [ "$out" = "$(sha256sum abc)" ] && [ "$(cat err)" = "pkc hash: noperm: Permission denied" ]; then ok; else bad "unreadable: exit $rc, '$(cat err)'"; fi
fi

# bad usage: exit 2, one line on stderr, nothing on stdout
for args in "-a md5 abc" "-a sha1 abc" "-a abc" "-a" "-x abc" "--nope abc" "-d sha1 abc" "--quiet abc" "-sha1 abc"; do
    out=$("$PKC" hash $args 2>err)
    rc=$?
    if [ $rc -eq 2 ] && [ -z "$out" ] && [ "$(wc -l < err)" -eq 1 ] && grep -q '^pkc hash: ' err; then ok; else bad "pkc hash $args: exit $rc, stdout '$out', stderr '$(cat err)'"; fi
done
# -d is the digest option of every command; -a, --algorithm and OpenSSL's -sha384 too
for spelling in "-d sha384" "--digest=sha384" "-a sha384" "--algorithm sha384" "-sha384"; do
    if cmp -s <("$PKC" hash $spelling abc) <(sha384sum abc); then ok; else bad "hash $spelling"; fi
done

# ---- -c: lists as sha256sum writes them, checked like sha256sum -c ----
check_like_coreutils() { # DESCRIPTION REF LIST... : same stdout as REF -c, and exit 0/1 alike
    local d=$1 ref=$2; shift 2
    "$PKC" hash -c "$@" >c.out 2>c.err; local rc=$?
    $ref -c "$@" >r.out 2>/dev/null; local rrc=$?
    if cmp -s c.out r.out; then ok; else bad "$d: output differs from $ref -c"; diff c.out r.out | head -5; fi
    [ $rc -eq $rrc ] && ok || bad "$d: exit $rc, $ref -c exits $rrc"
}
for alg in sha224 sha256 sha384 sha512; do
    ${alg}sum empty abc len64 big3m "${names[@]}" > list.$alg
    check_like_coreutils "$alg list" ${alg}sum list.$alg
    ${alg}sum -b abc len1 > blist.$alg
    check_like_coreutils "$alg binary-mode list" ${alg}sum blist.$alg
    ${alg}sum --tag abc 'back\slash' len1 > tlist.$alg
    check_like_coreutils "$alg BSD-tag list" ${alg}sum tlist.$alg
    # pkc's own output checks too
    "$PKC" hash -d $alg abc len55 | "$PKC" hash -c >/dev/null && ok || bad "$alg: pkc hash | pkc hash -c"
done
# a changed file: FAILED, exit 1, the warning on stderr
sha256sum abc len1 len55 > list
cp len1 len1.orig; printf 'x' >> len1
check_like_coreutils "a changed file" sha256sum list
grep -q '^len1: FAILED$' c.out && ok || bad "changed file not FAILED: $(cat c.out)"
grep -q '^pkc hash: WARNING: 1 computed checksum did NOT match$' c.err && ok || bad "mismatch warning: $(cat c.err)"
cp len1.orig len1
# a missing file: FAILED open or read, exit 2 (bad input), the reason on stderr
sha256sum abc len1 > list; echo "$(sha256sum abc | cut -d' ' -f1)  gone" >> list
"$PKC" hash -c list >c.out 2>c.err; rc=$?
[ $rc -eq 2 ] && grep -q '^gone: FAILED open or read$' c.out && grep -q '^pkc hash: gone: No such file or directory$' c.err \
    && grep -q 'WARNING: 1 listed file could not be read' c.err && ok || bad "missing listed file: exit $rc, $(cat c.out c.err)"
"$PKC" hash -c --ignore-missing list >c.out 2>c.err && [ "$(cat c.out)" = "$(printf 'abc: OK\nlen1: OK')" ] && ok || bad "--ignore-missing: $(cat c.out c.err)"
# --quiet, --status
sha256sum abc len1 > list
[ -z "$("$PKC" hash -c --quiet list)" ] && ok || bad "--quiet prints OK lines"
printf 'x' >> len1
out=$("$PKC" hash -c --status list 2>&1); rc=$?
[ $rc -eq 1 ] && [ -z "$out" ] && ok || bad "--status: exit $rc, output '$out'"
[ "$("$PKC" hash -c --quiet list 2>/dev/null)" = "len1: FAILED" ] && ok || bad "--quiet still prints FAILED"
cp len1.orig len1
# improperly formatted lines: counted and skipped; --strict makes them an error; -w names them
{ sha256sum abc; echo "not a checksum line"; echo "# a comment"; echo "0123  short-digest"; } > list
"$PKC" hash -c list >c.out 2>c.err; rc=$?
[ $rc -eq 0 ] && grep -q 'WARNING: 2 lines are improperly formatted' c.err && ok || bad "improper lines: exit $rc, $(cat c.err)"
"$PKC" hash -c --strict list >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "--strict: exit $rc, expected 2"
"$PKC" hash -c -w list 2>&1 >/dev/null | grep -q '^pkc hash: list: 2: improperly formatted checksum line$' && ok || bad "-w does not name line 2"
echo "nothing here" > list
"$PKC" hash -c list >/dev/null 2>c.err; rc=$?
[ $rc -eq 2 ] && grep -q 'list: no properly formatted checksum lines found' c.err && ok || bad "no proper lines: exit $rc, $(cat c.err)"
# -d fixes the digest: a SHA-512 list is not a SHA-256 one
sha512sum abc > list
"$PKC" hash -c -d sha256 list >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "-d sha256 on a sha512 list: exit $rc, expected 2"
"$PKC" hash -c -d sha512 list >/dev/null && ok || bad "-d sha512 on a sha512 list"
# the list from stdin; "-" in a list read from stdin cannot be stdin too
sha256sum abc | "$PKC" hash -c >c.out && [ "$(cat c.out)" = "abc: OK" ] && ok || bad "list from stdin"
printf '%s  -\n' "$(sha256sum < abc | cut -d' ' -f1)" > dashlist
"$PKC" hash -c dashlist < abc >c.out && [ "$(cat c.out)" = "-: OK" ] && ok || bad "'-' in a list file is stdin"
"$PKC" hash -c < dashlist >/dev/null 2>c.err; rc=$?
[ $rc -eq 2 ] && grep -q 'standard input is the list' c.err && ok || bad "'-' in a list on stdin: exit $rc, $(cat c.err)"
"$PKC" hash -c no-such-list >/dev/null 2>c.err; rc=$?
[ $rc -eq 2 ] && [ "$(cat c.err)" = "pkc hash: no-such-list: No such file or directory" ] && ok || bad "missing list: exit $rc, $(cat c.err)"
# help goes to stdout, exit 0
if "$PKC" hash --help | grep -q 'usage: pkc hash'; then ok; else bad "pkc hash --help"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
