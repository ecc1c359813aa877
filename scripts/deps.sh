#!/usr/bin/env bash
# Install every Debian package that pkc's build, tests, benchmarks and tools
# need. Idempotent: does nothing when all are present.
# Usage: scripts/deps.sh [--check]   (--check: only report what is missing)
set -euo pipefail

PKGS=(
  # build
  build-essential cmake pkg-config
  # library dependencies
  libgmp-dev
  # peers for differential tests and benchmarks
  openssl libssl-dev libsecp256k1-dev nettle-dev libmbedtls-dev
  libwolfssl-dev libgcrypt20-dev libsodium-dev
  # standard test vectors (NIST CAVP, RFC 4231, RFC 5869, ...), and Python's
  # cryptography as a second implementation (tests/pke_ref.py, AES-GCM)
  python3-cryptography-vectors python3-cryptography
  # tests and tools
  coreutils valgrind python3 python3-matplotlib python3-numpy python3-scipy
  dieharder ent
  # test_cli_files: unshare and mount (util-linux, mount), signals injected by strace
  util-linux mount strace
  # profiles and flame graphs (tests/test_flamegraph.sh, pkc bench --profile)
  linux-perf
  # fuzzing (make fuzz): clang and its libFuzzer runtime
  clang libclang-rt-14-dev
  # man pages: rendered by tests/test_install.sh (man -l)
  man-db
  # static checks (make lint, scripts/lint.sh)
  cppcheck clang-tidy
  # the attack lab (lab/, pkc attack): ECM by GMP-ECM, point counts checked
  # against PARI/GP, parallel Pollard rho on OpenMPI
  libecm-dev pari-gp libopenmpi-dev openmpi-bin
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "${1:-}" = "--check" ]; then
  echo "pkc: missing packages: ${missing[*]}" >&2
  echo "pkc: run: sudo scripts/deps.sh" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "pkc: not a Debian/Ubuntu system; install these packages by hand: ${missing[*]}" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "pkc: missing packages: ${missing[*]}" >&2
    echo "pkc: run as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "pkc: installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
  $SUDO apt-get update >&2
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi
