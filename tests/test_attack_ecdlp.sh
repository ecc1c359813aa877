# pkc attack ecdlp: every method recovers the planted keys (the JSON parsed
# and checked in Python, with its own curve arithmetic: P on the curve, kP =
# Q), the time limit, bad input (exit 2, one line), and the point counts of
# the generated curves against PARI/GP's ellcard.
. "$(dirname "$0")/lib.sh"
[ -x "$PKC" ] || skip_test "no pkc binary at \$PKC"

# check_json FILE METHOD INSTANCES [allow-timeouts]
check_json() {
    "$PY" - "$@" <<'PY'
import json, sys
path, method, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
allow_timeout = len(sys.argv) > 4
d = json.load(open(path))
assert d["tool"] == "pkc attack" and d["problem"] == "ecdlp", d
assert d["method"] == method, d["method"]
for key in ("seed", "max_seconds", "threads"):
    assert isinstance(d[key], (int, float)), key
inst = d["instances"]
assert len(inst) == count, (len(inst), count)

def is_prime(n):
    if n < 2:
        return False
    for q in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True

def add(P, Q, a, p):
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0] and (P[1] + Q[1]) % p == 0:
        return None
    if P == Q:
        l = (3 * P[0] * P[0] + a) * pow(2 * P[1], -1, p) % p
    else:
        l = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p) % p
    x = (l * l - P[0] - Q[0]) % p
    return (x, (l * (P[0] - x) - P[1]) % p)

def mul(k, P, a, p):
    R = None
    while k:
        if k & 1:
            R = add(R, P, a, p)
        P = add(P, P, a, p)
        k >>= 1
    return R

for i in inst:
    for key in ("bits", "ok", "timed_out", "seconds", "cpu_seconds", "ops", "ops_unit", "p",
                "a", "b", "order", "order_factors", "k", "found"):
        assert key in i, key
    p, a, b, n, k = (int(i[x]) for x in ("p", "a", "b", "order", "k"))
    P = tuple(int(v) for v in i["P"])
    Q = tuple(int(v) for v in i["Q"])
    assert is_prime(p) and p.bit_length() == i["bits"], i
    assert n.bit_length() == i["bits"], i
    assert (4 * a ** 3 + 27 * b * b) % p != 0
    for X in (P, Q):
        assert (X[1] ** 2 - X[0] ** 3 - a * X[0] - b) % p == 0, "not on the curve"
    assert mul(n, P, a, p) is None, "n P != O"
    assert mul(k, P, a, p) == Q, "k P != Q"
    assert 1 <= k < n
    m = 1
    for f in i["order_factors"]:
        q, _, e = f.partition("^")
        assert is_prime(int(q)), f
        m *= int(q) ** int(e or 1)
    assert m == n, "order_factors"
    assert d["negation_map"] is False
    if d["order_kind"] == "prime":
        assert len(i["order_factors"]) == 1 and int(i["curve_order"]) == n
    assert i["ops_unit"] == "group operations"
    if i["ok"]:
        assert int(i["found"]) == k and not i["timed_out"] and i["ops"] > 0, i
    else:
        assert allow_timeout and i["timed_out"] and i["found"] is None, i
print("ok")
PY
}

run_method() { # METHOD BITS REPS INSTANCES [options]
    local m=$1 bits=$2 reps=$3 count=$4
    shift 4
    if "$PKC" attack ecdlp --method "$m" --bits "$bits" --reps "$reps" --seed 11 \
        --json "$T/$m.json" "$@" >"$T/out" 2>"$T/err"; then
        ok "$m $bits"
    else
        bad "$m $bits: exit $?"
        head -5 "$T/err"
    fi
    if [ "$(wc -l <"$T/err")" -eq "$count" ]; then ok "$m: one progress line per instance"; else
        bad "$m: $(wc -l <"$T/err") progress lines for $count instances"; fi
    check "$m: JSON" check_json "$T/$m.json" "$m" "$count"
}

run_method brute 16:20:4 2 4
run_method bsgs 20:32:6 2 6
run_method rho 20:40:5 2 10
run_method ph 24:56:8 2 10
cp "$T/rho.json" "$T/rho-prime.json"
cp "$T/ph.json" "$T/ph-smooth.json"
run_method rho 36 2 2 --threads 2
run_method ph 28 1 1 --order prime
grep -q '"order_factors": \["[0-9]*"\]' "$T/ph.json" && ok "ph on a prime order: one factor" ||
    bad "ph --order prime: order_factors"

# the same seed gives the same instances
"$PKC" attack ecdlp --method bsgs --bits 20:32:6 --reps 2 --seed 11 --json "$T/again.json" 2>/dev/null
check "reproducible" "$PY" -c '
import json, sys
a, b = (json.load(open(f))["instances"] for f in sys.argv[1:])
assert [(i["p"], i["a"], i["b"], i["k"]) for i in a] == [(i["p"], i["a"], i["b"], i["k"]) for i in b]
' "$T/bsgs.json" "$T/again.json"

# without --json: a table on stdout
check "table" "$PKC" attack ecdlp --bits 20 --reps 1
grep -q '^ *20 ' "$T/out" && ok "table row" || bad "table row"

# the time limit: exit 1, timed_out in the JSON
"$PKC" attack ecdlp --method rho --bits 60 --reps 1 --max-seconds 0.3 --json "$T/to.json" \
    >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && ok "time limit: exit 1" || bad "time limit: exit $rc"
check "time limit: JSON" check_json "$T/to.json" rho 1 allow-timeouts
grep -q '"timed_out": true' "$T/to.json" && ok "timed_out" || bad "timed_out missing"

# bad input
for args in "--bits 15:20" "--bits 20:63" "--bits 30:20" "--bits abc" "--bits 20:30:0" \
    "--bits 20 --method foo" "--bits 20 --reps 0" "--bits 20 --reps x" "--bits 20 --threads 0" \
    "--bits 20 --threads 65" "--bits 20 --max-seconds 0" "--bits 20 --max-seconds x" \
    "--bits 20 --seed -1" "--bits 40 --method brute" "--bits 58 --method bsgs" "--method rho" \
    "--bits 20 --order smooth" "--bits 20 --order odd" "--bits 20 extra" "--bits 20 --frobnicate" \
    "--bits"; do
    # shellcheck disable=SC2086
    expect_rc 2 "bad input: $args" "$PKC" attack ecdlp $args
done
expect_rc 2 "unknown problem" "$PKC" attack nosuch
# (the problem's own help; `pkc attack --help` lists the problems)
check "help" "$PKC" attack ecdlp --help
grep -q "^usage: pkc attack ecdlp" "$T/out" && grep -q "^Example" "$T/out" && ok "ecdlp help" ||
    bad "pkc attack ecdlp --help is not the ecdlp help"
check "attack help" "$PKC" attack --help
grep -q "ecdlp" "$T/out" && grep -q "factor" "$T/out" && ok "help lists the problems" ||
    bad "pkc attack --help does not list ecdlp and factor"

# the point counts against PARI/GP
if ! command -v gp >/dev/null 2>&1; then
    echo "SKIPPED: gp (PARI/GP) not found: the point counts are not compared"
    [ -z "${CI:-}" ] || bad "gp missing in CI"
else
    "$PKC" attack ecdlp --method ph --bits 20:60:2 --reps 1 --seed 5 --json "$T/gp1.json" 2>/dev/null
    "$PY" - "$T/gp1.json" "$T/rho-prime.json" "$T/ph-smooth.json" >"$T/curves.gp" <<'PY'
import json, sys
for f in sys.argv[1:]:
    for i in json.load(open(f))["instances"]:
        p, a, b, N = i["p"], i["a"], i["b"], i["curve_order"]
        n, k, P, Q = i["order"], i["k"], i["P"], i["Q"]
        print(f"E=ellinit([{a},{b}],{p}); print(ellcard(E)=={N} && ellorder(E,[{P[0]},{P[1]}])=={n}"
              f" && ellmul(E,[{P[0]},{P[1]}],{k})==[Mod({Q[0]},{p}),Mod({Q[1]},{p})], \" p={p}\")")
PY
    curves=$(wc -l <"$T/curves.gp")
    gp -q -f -D parisizemax=1000000000 <"$T/curves.gp" >"$T/gp.out" 2>&1
    good=$(grep -c '^1 ' "$T/gp.out")
    if [ "$curves" -ge 30 ] && [ "$good" -eq "$curves" ]; then ok "gp: $good curves agree"; else
        bad "gp: $good of $curves curves agree"
        grep -v '^1 ' "$T/gp.out" | head -5
    fi
fi
finish
