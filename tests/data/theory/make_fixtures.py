#!/usr/bin/python3
"""Writes the FIXTURES of tests/test_theory.sh: invented `pkc attack --json`
files in the shared schema (common to `pkc attack ecdlp` and `pkc attack
factor`) and a `pkc bench --json` file with the lab's point-operation cases.
The numbers are made up (the laws the methods follow, times a seeded
random factor), not measured: they only exercise tools/theory.py.
Run it again after a schema change: python3 make_fixtures.py"""
import json
import math
import random

rng = random.Random(20)


def ecdlp(method, bits_list, law, rate, reps=3):
    inst = []
    for b in bits_list:
        for _ in range(reps):
            n = rng.randrange(2 ** (b - 1) + 1, 2 ** b) | 1
            ops = max(1, int(law(n) * math.exp(rng.gauss(0, 0.35))))
            inst.append({"bits": b, "ok": True, "timed_out": False, "seconds": ops / rate,
                         "cpu_seconds": ops / rate, "ops": ops,
                         "ops_unit": "group operations", "p": str(n + 7), "a": "2", "b": "3",
                         "order": str(n), "order_factors": [str(n)], "k": "12345",
                         "found": "12345"})
    return {"tool": "pkc attack", "problem": "ecdlp", "method": method, "seed": 1,
            "max_seconds": 30.0, "threads": 1, "instances": inst}


def factor(method, bits_list, law, unit, reps=3):
    inst = []
    for b in bits_list:
        for _ in range(reps):
            s = law(b) * math.exp(rng.gauss(0, 0.3))
            inst.append({"bits": b, "ok": True, "timed_out": False, "seconds": s,
                         "cpu_seconds": s, "ops": int(s * 2e6), "ops_unit": unit,
                         "n": "143", "p": "11", "q": "13", "found": "11"})
    return {"tool": "pkc attack", "problem": "factor", "method": method, "seed": 1,
            "max_seconds": 30.0, "threads": 1, "instances": inst}


files = {
    "ecdlp-rho.json": ecdlp("rho", range(20, 41, 4), lambda n: math.sqrt(math.pi * n / 4), 4e6),
    "ecdlp-bsgs.json": ecdlp("bsgs", range(20, 37, 4), lambda n: 1.5 * math.sqrt(n), 6e6),
    "ecdlp-brute.json": ecdlp("brute", range(16, 29, 4), lambda n: n / 2, 8e6),
    "ecdlp-ph.json": ecdlp("ph", range(40, 81, 20), lambda n: 200.0, 5e6, reps=2),
    "factor-rho.json": factor("rho", range(40, 97, 8), lambda b: 1e-6 * 2 ** (b / 4),
                              "modular multiplications"),
    "factor-ecm.json": factor("ecm", range(64, 129, 16), lambda b: 1e-3 * 2 ** (b / 12),
                              "curves"),
}
files["ecdlp-rho.json"]["instances"].append(
    {"bits": 44, "ok": False, "timed_out": True, "seconds": 30.0, "cpu_seconds": 30.0,
     "ops": 120000000, "ops_unit": "group operations", "p": "1", "a": "0", "b": "7",
     "order": "17592186044399", "order_factors": ["17592186044399"], "k": "5", "found": ""})


def case(provider, op, median, n=15):
    return {"name": "%s/EC/secp256r1/%s" % (provider, op), "provider": provider,
            "algorithm": "EC", "param": "secp256r1", "op": op, "time_unit": "us",
            "median": median, "ci_low": median * 0.98, "ci_high": median * 1.03,
            "samples": n}


bench = {"context": {"date": "2026-12-07 00:00:00 UTC", "command_line":
                     "pkc bench --providers pkc,pkc-affine -a ECCJ -c secp256r1 --ops "
                     "EC/point_add,EC/point_double,EC/field_mul,EC/field_sqr,EC/field_inv "
                     "(FIXTURE: invented numbers)"},
         "benchmarks": [case("pkc", "point_add", 0.40), case("pkc", "point_double", 0.21),
                        case("pkc", "field_mul", 0.020), case("pkc", "field_sqr", 0.018),
                        case("pkc", "field_inv", 1.9), case("pkc-affine", "point_add", 2.1),
                        case("pkc-affine", "point_double", 2.2)]}
files["bench-lab.json"] = bench
for name, d in files.items():
    with open(name, "w") as f:
        json.dump(d, f, indent=1)
        f.write("\n")
with open("malformed.json", "w") as f:
    f.write('{"tool": "pkc attack", "problem": "ecdlp", "method": "rho", "instances": [\n')
with open("wrong-schema.json", "w") as f:
    json.dump({"tool": "pkc attack", "problem": "ecdlp", "method": "rho",
               "instances": [{"bits": 20, "ok": "yes"}]}, f)
    f.write("\n")
