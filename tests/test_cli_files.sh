#!/usr/bin/env bash
# Where pkc writes and what it reads, in a private mount namespace with a
# scratch tmpfs (never the real /dev):
#   - outputs to a character device (like /dev/null), a FIFO with a reader,
#     a symbolic link (to a file here, to a file on another file system, and
#     dangling), a link like /dev/stdout, a 250-character file name: written,
#     never replaced; an existing file keeps its mode and owner;
#   - modes of new files under umask 022, 027, 077 and 002: private keys,
#     plaintexts and shared secrets 0600, public keys, signatures,
#     ciphertexts and datasets the umask's;
#   - SIGINT/SIGTERM during keygen and during `rng -m raw -n N -o FILE` leave
#     no temporary file and the old FILE untouched (signals injected by strace
#     at the write or fsync, so the moment is exact);
#   - `rng -m raw -o FILE` without -n streams into FILE itself;
#   - key and signature files are capped at 1 MiB (a zero device as input).
# Needs root, unshare, mount, mknod and strace; otherwise SKIPPED (a failure
# when CI is set).
set -u
PKC=${PKC:?PKC must point at the pkc command}
skip() {
    echo "SKIPPED: $*"
    if [ -n "${CI:-}" ]; then echo "0 passed, 1 failed"; exit 1; fi
    exit 0
}
if [ -z "${PKC_TEST_IN_NAMESPACE:-}" ]; then
    [ "$(id -u)" = 0 ] || skip "needs root (mount, mknod)"
    for tool in unshare mount mknod mkfifo strace; do
        command -v $tool >/dev/null || skip "$tool not found"
    done
    unshare -m --propagation private true 2>/dev/null || skip "unshare -m is not permitted here"
    exec unshare -m --propagation private env PKC_TEST_IN_NAMESPACE=1 bash "$0" "$@"
fi

S=$(mktemp -d)
mount -t tmpfs -o size=96m,mode=0755 pkc-test "$S" || skip "cannot mount a tmpfs"
trap 'cd /; umount -l "$S"; rmdir "$S"' EXIT
cd "$S" || exit 1
mkdir dev other
mknod dev/null c 1 3 && mknod dev/zero c 1 5 || skip "mknod is not permitted here"
ln -s /proc/self/fd/1 dev/stdout
mount -t tmpfs -o size=8m pkc-test-other "$S/other" || skip "cannot mount a second tmpfs"

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
kind() { stat -c %F "$1" 2>/dev/null; }
no_temps() { # DESCRIPTION DIR...: no temporary file left in any DIR
    local d=$1 left; shift
    left=$(find "$@" -maxdepth 1 -name '*tmp*' 2>/dev/null)
    [ -z "$left" ] && ok || bad "$d: temporary file left: $left"
}
umask 022

"$PKC" keygen -t ec -c P-256 -o key.pem || bad "keygen"
"$PKC" pubkey -i key.pem -o pub.ref || bad "pubkey"

# ---- a character device: written to, still a device ----
"$PKC" keygen -t ec -c P-256 -o dev/null && ok || bad "keygen -o a device: exit $?"
[ "$(kind dev/null)" = "character special file" ] && ok || bad "keygen replaced the device: $(kind dev/null)"
"$PKC" pubkey -i key.pem -o dev/null && "$PKC" rng -m raw -n 100000 -o dev/null && ok || bad "pubkey/rng -o a device"
[ "$(kind dev/null)" = "character special file" ] && ok || bad "pubkey/rng replaced the device"
no_temps "device" dev

# ---- a FIFO with a reader: the reader gets everything, the FIFO stays ----
mkfifo fifo
# (timeouts: a FIFO replaced by a file would leave its reader waiting forever)
timeout 20 cat fifo > from-fifo &
reader=$!
timeout 20 "$PKC" pubkey -i key.pem -o fifo && ok || bad "pubkey -o a FIFO: exit $?"
wait $reader
cmp -s from-fifo pub.ref && ok || bad "the FIFO's reader got $(stat -c %s from-fifo) bytes, not the key"
[ "$(kind fifo)" = "fifo" ] && ok || bad "the FIFO was replaced: $(kind fifo)"
# a reader that stops early: the endless stream ends quietly, exit 0
timeout 20 head -c 100000 fifo > from-fifo &
reader=$!
timeout 20 "$PKC" rng -m raw -o fifo 2>err; rc=$?
wait $reader
[ $rc -eq 0 ] && [ ! -s err ] && [ "$(stat -c %s from-fifo)" -eq 100000 ] && ok || bad "rng into a FIFO closed early: exit $rc, $(cat err)"
no_temps "FIFO" .

# ---- symbolic links: the target is written, the link stays a link ----
echo old > target.pem
ln -s target.pem link.pem
"$PKC" pubkey -i key.pem -o link.pem && ok || bad "pubkey -o a link"
[ -L link.pem ] && cmp -s target.pem pub.ref && ok || bad "the link was replaced, or its target not written"
# the target on another file system: the temporary file must be beside it
echo old > other/far.pem
ln -s other/far.pem farlink.pem
"$PKC" pubkey -i key.pem -o farlink.pem && ok || bad "pubkey -o a link to another file system: $?"
[ -L farlink.pem ] && cmp -s other/far.pem pub.ref && ok || bad "link to another file system: not written through"
# a dangling link: the file is created where it points
ln -s new-target.pem dangling.pem
"$PKC" keygen -t ec -c P-256 -o dangling.pem && ok || bad "keygen -o a dangling link"
[ -L dangling.pem ] && [ -s new-target.pem ] && [ "$(stat -c %a new-target.pem)" = 600 ] && ok \
    || bad "dangling link: link replaced or target not created 0600"
# a chain of links, relative at each step
mkdir -p chain/sub
ln -s sub/l2 chain/l1
ln -s ../../target2.pem chain/sub/l2
"$PKC" pubkey -i key.pem -o chain/l1 && [ -L chain/l1 ] && [ -L chain/sub/l2 ] && cmp -s target2.pem pub.ref \
    && ok || bad "a chain of relative links"
no_temps "links" . other chain chain/sub

# ---- a link like /dev/stdout: our standard output, not a new file ----
"$PKC" pubkey -i key.pem -o dev/stdout > out.txt && ok || bad "pubkey -o dev/stdout"
cmp -s out.txt pub.ref && ok || bad "-o dev/stdout: stdout got $(stat -c %s out.txt) bytes"
[ -L dev/stdout ] && ok || bad "dev/stdout was replaced"
"$PKC" pubkey -i key.pem -o dev/stdout | cat > out2.txt
cmp -s out2.txt pub.ref && ok || bad "-o dev/stdout into a pipe"
echo first > out3.txt
"$PKC" pubkey -i key.pem -o dev/stdout >> out3.txt
cmp -s out3.txt <(echo first; cat pub.ref) && ok || bad "-o dev/stdout with stdout appending"
"$PKC" pubkey -i key.pem -o /proc/self/fd/1 > out4.txt && cmp -s out4.txt pub.ref && ok || bad "-o /proc/self/fd/1"
"$PKC" sign -i key.pem -o dev/stdout pub.ref > sig.bin && "$PKC" verify -p pub.ref -s sig.bin pub.ref >/dev/null \
    && ok || bad "sign -o dev/stdout"

# ---- a 250-character file name (no room for a suffix) ----
long=$(printf 'n%.0s' $(seq 250))
"$PKC" pubkey -i key.pem -o "$long" && cmp -s "$long" pub.ref && ok || bad "250-character file name"
"$PKC" rng -n 100 -S 1 -o "$long" && ok || bad "rng -o a 250-character file name"
no_temps "long name" .

# ---- an existing file keeps its mode and owner ----
echo old > ro.pem && chmod 444 ro.pem
"$PKC" pubkey -i key.pem -o ro.pem && cmp -s ro.pem pub.ref && ok || bad "pubkey -o a read-only file"
[ "$(stat -c %a ro.pem)" = 444 ] && ok || bad "read-only file's mode became $(stat -c %a ro.pem)"
echo old > shared.sig && chmod 640 shared.sig && chown 1234:4321 shared.sig
"$PKC" sign -i key.pem -o shared.sig pub.ref && ok || bad "sign -o an existing file"
[ "$(stat -c '%a %u %g' shared.sig)" = "640 1234 4321" ] && ok || bad "existing file: mode/owner now $(stat -c '%a %u %g' shared.sig)"
# a private key written over a world-readable file loses group and other bits
echo old > was-public.pem && chmod 644 was-public.pem
"$PKC" keygen -t ec -c P-256 -o was-public.pem && [ "$(stat -c %a was-public.pem)" = 600 ] && ok \
    || bad "private key over a 0644 file: mode $(stat -c %a was-public.pem)"

# ---- new files: secrets 0600, the rest the umask's ----
mode_is() { # DESCRIPTION FILE MODE
    [ "$(stat -c %a "$2")" = "$3" ] && ok || bad "$1: mode $(stat -c %a "$2"), expected $3"
}
"$PKC" keygen -t rsa -b 1024 -S 1 -o rsa.pem && "$PKC" pubkey -i rsa.pem -o rsa.pub
"$PKC" keygen -t ec -c P-256 -o peer.pem && "$PKC" pubkey -i peer.pem -o peer.pub
printf 'secret' > msg
K=000102030405060708090a0b0c0d0e0f
for u in 022 027 077 002; do
    rm -f new.*
    (umask $u
     "$PKC" keygen -t ec -c P-256 -o new.key
     "$PKC" key -i key.pem -o new.der --format sec1 --outform der
     "$PKC" pubkey -i key.pem -o new.pub
     "$PKC" key -i key.pem --pubout --outform der --output new.spki
     "$PKC" sign -i key.pem -o new.sig msg
     "$PKC" encrypt -p rsa.pub -o new.enc msg
     "$PKC" encrypt -p peer.pub -o new.ecies msg
     "$PKC" decrypt -i rsa.pem -o new.dec new.enc
     "$PKC" derive -i key.pem -p peer.pub -o new.dh
     "$PKC" cipher -a aes-128-ctr -e -K $K --iv $K -i msg -o new.ctr
     "$PKC" cipher -a aes-128-ctr -d -K $K --iv $K -i new.ctr -o new.plain
     "$PKC" rng -n 10 -o new.csv
     "$PKC" rng -m raw -n 10 -o new.raw) || bad "umask $u: a command failed"
    public=$(printf '%o' $((0666 & ~8#$u)))
    mode_is "umask $u: private key" new.key 600
    mode_is "umask $u: private key (SEC 1 DER)" new.der 600
    mode_is "umask $u: decrypted plaintext" new.dec 600
    mode_is "umask $u: AES plaintext" new.plain 600
    mode_is "umask $u: shared secret" new.dh 600
    for f in new.pub new.spki new.sig new.enc new.ecies new.ctr new.csv new.raw; do
        mode_is "umask $u: $f" $f "$public"
    done
done

# ---- outputs that cannot be written ----
mkdir adir
"$PKC" pubkey -i key.pem -o adir 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'Is a directory' err && [ -d adir ] && ok || bad "-o a directory: exit $rc, $(cat err)"
"$PKC" pubkey -i key.pem -o no/such/dir/pub.pem 2>err; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < err)" -eq 1 ] && ok || bad "-o in a missing directory: exit $rc"

# ---- signals: no temporary file, the old file untouched ----
mkdir sig
# LeakSanitizer cannot run under ptrace: off for the traced runs (make test-asan)
strace() { ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" command strace "$@"; }
# killed at fsync(), once the whole key is in the temporary file
for s in TERM INT; do
    echo "old key" > sig/key.pem
    strace -f -o sig/strace.log -e trace=fsync -e inject=fsync:signal=$s \
        "$PKC" keygen -t ec -c P-256 -o "$S/sig/key.pem" 2>/dev/null
    rc=$?
    want=$((128 + $(kill -l $s)))
    [ $rc -eq $want ] && ok || bad "keygen with SIG$s at fsync: exit $rc, expected $want"
    grep -q "killed by SIG$s" sig/strace.log && ok || bad "keygen: SIG$s was not delivered at fsync"
    rm -f sig/strace.log
    no_temps "keygen killed by SIG$s" sig
    [ "$(cat sig/key.pem)" = "old key" ] && ok || bad "keygen killed by SIG$s changed the old file"
    # the same into a new file: nothing at all is left
    rm -f sig/key.pem
    strace -f -o sig/strace.log -e trace=fsync -e inject=fsync:signal=$s \
        "$PKC" keygen -t rsa -b 1024 -o "$S/sig/key.pem" 2>/dev/null
    rm -f sig/strace.log
    [ -z "$(ls -A sig)" ] && ok || bad "keygen -t rsa killed by SIG$s left: $(ls -A sig)"
done
# killed at the third write of a long raw stream
for s in INT TERM; do
    echo "old data" > sig/r.bin
    strace -f -o sig/strace.log -e trace=write -e inject=write:signal=$s:when=3 \
        "$PKC" rng -m raw -n 50000000 -o "$S/sig/r.bin" 2>/dev/null
    rc=$?
    [ $rc -eq $((128 + $(kill -l $s))) ] && ok || bad "rng with SIG$s: exit $rc"
    rm -f sig/strace.log
    no_temps "rng -n killed by SIG$s" sig
    [ "$(cat sig/r.bin)" = "old data" ] && ok || bad "rng killed by SIG$s changed the old file"
done
# a signal ignored by the caller stays ignored: the file is completed
rm -f sig/r.bin
(trap '' TERM; strace -f -o sig/strace.log -e trace=write -e inject=write:signal=TERM:when=2 \
    "$PKC" rng -m raw -n 3000000 -o "$S/sig/r.bin" 2>/dev/null) && [ "$(stat -c %s sig/r.bin)" -eq 3000000 ] \
    && ok || bad "rng with SIGTERM ignored did not complete the file"
rm -f sig/strace.log sig/r.bin
no_temps "ignored signal" sig

# ---- rng -m raw -o FILE without -n: streams into FILE itself ----
"$PKC" rng -m raw -S 3 -o stream.bin &
pid=$!
for _ in $(seq 500); do
    [ "$(stat -c %s stream.bin 2>/dev/null || echo 0)" -ge 1048576 ] && break
    sleep 0.02
done
size=$(stat -c %s stream.bin 2>/dev/null || echo 0)
[ "$size" -ge 1048576 ] && ok || bad "the endless stream did not appear in FILE while running ($size bytes)"
kill -TERM $pid
wait $pid
rc=$?
[ $rc -eq 143 ] && ok || bad "endless stream: exit $rc after SIGTERM, expected 143"
n=$(stat -c %s stream.bin)
[ "$n" -ge "$size" ] && cmp -s stream.bin <("$PKC" rng -m raw -S 3 -n "$n") && ok || bad "the stream file is not the stream's start"
no_temps "endless stream" .

# ---- inputs: a device that never ends is not read to the end ----
timeout 30 "$PKC" pubkey -i dev/zero 2>err; rc=$?
[ $rc -eq 2 ] && grep -q '1 MiB' err && [ "$(wc -l < err)" -eq 1 ] && ok || bad "pubkey -i a zero device: exit $rc, $(cat err)"
timeout 30 "$PKC" verify -p pub.ref -s dev/zero msg 2>err; rc=$?
[ $rc -eq 2 ] && grep -q 'signature dev/zero is larger than 1 MiB' err && ok || bad "verify -s a zero device: exit $rc, $(cat err)"
timeout 30 "$PKC" sign -i dev/zero msg 2>err; rc=$?
[ $rc -eq 2 ] && grep -q '1 MiB' err && ok || bad "sign -i a zero device: exit $rc, $(cat err)"
# data may be any size: a signature of 200 MB of zeros from the device
timeout 60 "$PKC" sign -i key.pem -o zero.sig <(head -c 200000000 dev/zero) && ok || bad "sign 200 MB"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
