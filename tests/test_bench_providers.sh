#!/usr/bin/env bash
# pkc bench — every peer adapter compiled in (bench/prov_<peer>.c) passes the
# checks its cases run before timing: signatures verify and tampered ones do
# not, OAEP and the raw operations invert, ECDH secrets equal pkc's for every
# pool entry, digests equal pkc's. Each peer runs every case --list gives it
# at RSA-1024 and on three curves (and ECDH with two workers, for the
# adapters' process-wide state), with a small key pool and two samples: this
# checks results, not speed. A peer that scripts/deps.sh installs but the
# build did not find is SKIPPED (a failure when CI is set).
set -u
. "$(dirname "$0")/lib.sh"
PKC=${PKC:-build/pkc}
PYTHON=${PYTHON:-/usr/bin/python3}
# KEEP=1 keeps the scratch directory (the CSVs and stderr of every run)
# a binary curve too: only the providers that have them (OpenSSL) run it
CURVES=secp256k1,secp256r1,secp384r1,sect283k1
RUN=(--key-pool 8 -i 2 --target-ms 1 --lock wait -q --format csv)

"$PKC" bench --list >"$T/list" || { echo "FAIL: pkc bench --list" >&2; exit 1; }
# the providers of the --list header: "  name   library (version)"
peers=$(sed -n '/^Providers compiled in:/,/^$/p' "$T/list" | awk 'NF > 1 && $1 != "Providers" {print $1}' |
    grep -v -e '^pkc')

# binary curves (sect*): pkc, pkc-affine (and their cached variants, whose
# cache bypasses them) and OpenSSL have all ten, every other provider none
# (their Debian 12 builds have no GF(2^m) curves)
"$PYTHON" - "$T/list" <<'EOF' && ok || bad "--list: binary curves"
import sys
lines = open(sys.argv[1]).read().split("\n")
start = lines.index("Cases each provider can run (algorithm: parameters: operations):")
binary = {"sect" + m for m in ("163k1", "163r2", "233k1", "233r1", "283k1", "283r1", "409k1",
                               "409r1", "571k1", "571r1")}
prov, seen = None, {}
for l in lines[start + 1:]:
    if l.startswith("  ") and not l.startswith("    "):
        prov = l.strip()
        seen[prov] = {}
    elif prov and l.startswith("    ") and ":" in l:
        alg, *params = l.split(":", 1)[0].split()
        seen[prov][alg] = set(params) & binary
want = {(p, a) for p in ("pkc", "pkc-affine", "pkc-cached", "pkc-affine-cached")
        for a in ("ECDSA", "ECDH", "EC")}
want.add(("pkc", "ECIES"))  # pkc/ecies.h: every curve
if "openssl" in seen:
    want |= {("openssl", "ECDSA"), ("openssl", "ECDH")}
errors = [f"{p} {a}: binary curves {sorted(got)}, expected {'all ten' if (p, a) in want else 'none'}"
          for p, algs in seen.items() for a, got in algs.items()
          if got != (binary if (p, a) in want else set())]
errors += [f"{p} {a}: missing from --list" for p, a in want if a not in seen.get(p, {})]
if errors:
    print("\n".join(errors), file=sys.stderr)
sys.exit(1 if errors else 0)
EOF

# X25519/Ed25519/X448/Ed448 (-a ECX): what each peer's Debian 12 build has
# (Mbed TLS 2.x has no EdDSA, libsodium no Curve448, libsecp256k1 neither)
"$PYTHON" - "$T/list" <<'EOF' && ok || bad "--list: ECX algorithms"
import sys
lines = open(sys.argv[1]).read().split("\n")
start = lines.index("Cases each provider can run (algorithm: parameters: operations):")
every = {"Ed25519", "Ed448", "X25519", "X448"}
want = {"openssl": every, "nettle": every, "wolfssl": every, "gcrypt": every,
        "mbedtls": {"X25519", "X448"}, "libsodium": {"Ed25519", "X25519"}, "libsecp256k1": set()}
prov, seen = None, {}
for l in lines[start + 1:]:
    if l.startswith("  ") and not l.startswith("    "):
        prov = l.strip()
        seen[prov] = set()
    elif prov and l.startswith("    ") and l.split()[:1] in (["EdDSA"], ["XDH"]):
        seen[prov] |= set(l.split(":", 1)[0].split()[1:])
errors = [f"{p}: {sorted(seen[p])}, expected {sorted(w)}" for p, w in want.items()
          if p in seen and seen[p] != w]
if errors:
    print("\n".join(errors), file=sys.stderr)
sys.exit(1 if errors else 0)
EOF

skipped=""
for want in libsecp256k1 nettle mbedtls gcrypt libsodium; do
    echo "$peers" | grep -qx "$want" || skipped="$skipped $want"
done

# expected FILE PEER: the cases --list gives PEER at RSA-1024 and on $CURVES,
# one "ALG/PARAM/OP" per line (SHA-256: "SHA-256/*/hash")
expected() {
    "$PYTHON" - "$T/list" "$2" "$CURVES" >"$1" <<'EOF'
import sys
lines = open(sys.argv[1]).read().split("\n")
peer, curves = sys.argv[2], sys.argv[3].split(",")
start = lines.index("Cases each provider can run (algorithm: parameters: operations):")
mine = False
for l in lines[start + 1:]:
    if l.startswith("  ") and not l.startswith("    "):
        mine = l.strip() == peer
        continue
    if not mine or not l.startswith("    "):
        continue
    head, ops = l.split(":", 1)
    alg, *params = head.split()
    for op in ops.split():
        if alg == "SHA-256":
            print(f"{alg}/*/{op}")
        for p in params:
            if (alg == "RSA" and p == "1024") or p in curves or alg in ("EdDSA", "XDH"):
                print(f"{alg}/{p}/{op}")
EOF
}

for p in $peers; do
    expected "$T/$p.want" "$p"
    if [ ! -s "$T/$p.want" ]; then
        bad "$p: --list gives it no case"
        continue
    fi
    rc1=0
    : >"$T/$p.csv"
    : >"$T/$p.err"
    if grep -qv -e '^EdDSA/' -e '^XDH/' "$T/$p.want"; then
        "$PKC" bench --providers "pkc,$p" --filter "^$p/" -c "$CURVES" -b 1024 "${RUN[@]}" \
            >"$T/$p.csv" 2>"$T/$p.err"
        rc1=$?
    fi
    # X25519, Ed25519, X448, Ed448 (-a ECX): the cases it has
    rc4=0
    : >"$T/$p-ecx.csv"
    if grep -q -e '^EdDSA/' -e '^XDH/' "$T/$p.want"; then
        "$PKC" bench --providers "pkc,$p" --filter "^$p/" -a ECX "${RUN[@]}" \
            >"$T/$p-ecx.csv" 2>>"$T/$p.err"
        rc4=$?
    fi
    rc2=0
    : >"$T/$p-hash.csv"
    if grep -q '^SHA-256/' "$T/$p.want"; then
        "$PKC" bench --providers "pkc,$p" --filter "^$p/" --ops hash "${RUN[@]}" \
            >"$T/$p-hash.csv" 2>>"$T/$p.err"
        rc2=$?
    fi
    rc3=0
    : >"$T/$p-threads.csv"
    if grep -q '^ECDH/.*/derive$' "$T/$p.want"; then
        "$PKC" bench --providers "pkc,$p" --filter "^$p/ECDH/" --ops derive -c "$CURVES" \
            --threads 2 "${RUN[@]}" >"$T/$p-threads.csv" 2>>"$T/$p.err"
        rc3=$?
    fi
    # every case that fails its check or its setup is a line on stderr
    grep -v 'waiting for another pkc bench' "$T/$p.err" >"$T/$p.errors"
    if [ $rc1 -ne 0 ] || [ $rc2 -ne 0 ] || [ $rc3 -ne 0 ] || [ $rc4 -ne 0 ] || [ -s "$T/$p.errors" ]; then
        bad "$p: exit $rc1/$rc2/$rc3/$rc4: $(cat "$T/$p.errors")"
        continue
    fi
    if "$PYTHON" - "$T/$p.want" "$T/$p.csv" "$T/$p-hash.csv" "$T/$p-threads.csv" "$T/$p-ecx.csv" "$p" <<'EOF'; then ok; else bad "$p: cases missing from the results"; fi
import csv, sys
want = set(open(sys.argv[1]).read().split())
peer = sys.argv[6]
got, hashed, threaded = set(), False, set()
for f in sys.argv[2:6]:
    for r in csv.DictReader(open(f)):
        assert r["provider"] == peer, r["provider"]
        if r["threads"] != "1":
            threaded.add(r["params"])
        elif r["algorithm"] == "SHA-256":
            hashed = True
        else:
            got.add(f'{r["algorithm"]}/{r["params"]}/{r["operation"]}')
missing = {w for w in want if not w.startswith("SHA-256/")} - got
if any(w.startswith("SHA-256/") for w in want) and not hashed:
    missing.add("SHA-256 hash")
derive = {w.split("/")[1] for w in want if w.startswith("ECDH/") and w.endswith("/derive")}
missing |= {f"ECDH/{c}/derive with 2 threads" for c in derive - threaded}
if missing:
    print(f"{peer}: missing {sorted(missing)}", file=sys.stderr)
sys.exit(1 if missing else 0)
EOF
done

if [ -n "$skipped" ]; then
    echo "SKIPPED:$skipped not compiled in (scripts/deps.sh installs them)"
    [ -n "${CI:-}" ] && fail=$((fail + 1))
fi
finish
