#!/usr/bin/env bash
# The clean-Debian proof: the README's quick start on a Debian 12 that has
# nothing of pkc's, not even its packages. Builds a minimal bookworm root
# with mmdebstrap from Debian's archive (minbase + make, the one thing the
# quick start assumes), copies the committed tree into it (git archive
# HEAD), and runs inside it, with chroot in a private mount namespace, the
# README's two commands — `make report`, then `make test` — printing how long
# each took. The report is copied out to $FRESH_OUT.
#
# Not part of .ci/run (it downloads Debian and runs the whole report: tens of
# minutes). Needs root and the network to Debian's archive; installs
# mmdebstrap on the host if it is missing.
#
# Environment:
#   FRESH_ROOT    where the Debian root goes (default /var/tmp/pkc-fresh;
#                 removed first, and afterwards unless FRESH_KEEP=1)
#   FRESH_MIRROR  the archive (default: the host's first deb.debian.org URI)
#   FRESH_OUT     where results/ is copied (default fresh-debian-results/)
#   FRESH_TESTS_ONLY=1  skip `make report` (a quicker check of the tests)
#   FRESH_KEEP=1  keep the root for inspection
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD
ROOT=${FRESH_ROOT:-/var/tmp/pkc-fresh}
MIRROR=${FRESH_MIRROR:-http://deb.debian.org/debian}
OUT=${FRESH_OUT:-$SRC/fresh-debian-results}

if [ "$(id -u)" -ne 0 ]; then
  echo "fresh-debian-check: needs root (mmdebstrap, chroot)" >&2
  exit 2
fi
if ! command -v mmdebstrap >/dev/null 2>&1; then
  echo "fresh-debian-check: installing mmdebstrap on the host" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends mmdebstrap >&2 ||
    { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends mmdebstrap >&2; }
fi

stamp() { date -u +%H:%M:%S; }
elapsed() { local s=$(($(date +%s) - $1)); printf '%dm%02ds' $((s / 60)) $((s % 60)); }

case "$ROOT" in /|/usr|/var|/tmp|"") echo "fresh-debian-check: refusing FRESH_ROOT=$ROOT" >&2; exit 2 ;; esac
rm -rf "$ROOT"
t0=$(date +%s)
echo "== $(stamp) mmdebstrap bookworm (minbase + make) from $MIRROR into $ROOT"
mmdebstrap --variant=minbase --include=make bookworm "$ROOT" "deb $MIRROR bookworm main" \
  "deb $MIRROR bookworm-updates main"
echo "   root made in $(elapsed "$t0"): $(du -sh "$ROOT" | cut -f1)"
# nothing of pkc's is there
for p in gcc cmake libgmp-dev openssl python3; do
  if chroot "$ROOT" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
    echo "fresh-debian-check: $p is already in the fresh root" >&2
    exit 1
  fi
done
mkdir -p "$ROOT/src/pkc"
git archive HEAD | tar -x -C "$ROOT/src/pkc"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true

# The two commands, as root in the chroot, with /proc, /sys and a private
# /dev/shm mounted in a mount namespace of their own (the host's mounts stay
# untouched; the root's /dev holds the nodes mmdebstrap made).
inner='set -e
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t tmpfs tmpfs /dev/shm 2>/dev/null || true
cd /src/pkc
export HOME=/root LC_ALL=C.UTF-8
if [ "${FRESH_TESTS_ONLY:-0}" != 1 ]; then
  s=$(date +%s); echo "== $(date -u +%H:%M:%S) make report"
  make report
  echo "   make report took $(( ($(date +%s) - s) / 60 ))m$(( ($(date +%s) - s) % 60 ))s"
fi
s=$(date +%s); echo "== $(date -u +%H:%M:%S) make test"
make test
echo "   make test took $(( ($(date +%s) - s) / 60 ))m$(( ($(date +%s) - s) % 60 ))s"'
rc=0
unshare --mount --pid --fork chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  FRESH_TESTS_ONLY="${FRESH_TESTS_ONLY:-0}" /bin/bash -c "$inner" || rc=$?
if [ -d "$ROOT/src/pkc/results" ]; then
  rm -rf "$OUT"
  cp -r "$ROOT/src/pkc/results" "$OUT"
  echo "   results copied to $OUT"
fi
[ "${FRESH_KEEP:-0}" = 1 ] || rm -rf "$ROOT"
echo "== $(stamp) fresh-debian-check: $([ $rc -eq 0 ] && echo passed || echo "FAILED (exit $rc)") in $(elapsed "$t0")"
exit $rc
