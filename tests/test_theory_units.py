#!/usr/bin/python3
"""Unit tests of tools/theorylib (run by tests/test_theory.sh): the
extrapolation arithmetic against values computed here by hand with math,
the least-squares law on synthetic data with a known exponent, Shor's
period finding, the small curve's point count against brute force, the
field-operation counts against the formulas' stated costs, the quantum CSV.
Prints one line per failed check; exit 1 if any failed."""
import csv
import math
import os
import random
import sys
import unittest

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(SRC, "tools"))

import numpy as np  # noqa: E402

from theorylib import curves, extrap, opcount, quantum, shor  # noqa: E402


class Extrapolation(unittest.TestCase):
    def test_L_by_hand(self):
        # N = 2^1024: ln N = 1024 ln 2; L = exp(c (ln N)^(1/3) (ln ln N)^(2/3))
        lnN = 1024 * 0.6931471805599453
        c = (64 / 9) ** (1 / 3)
        want = c * lnN ** (1 / 3) * math.log(lnN) ** (2 / 3)
        self.assertAlmostEqual(extrap.ln_L(1024), want, places=9)
        self.assertAlmostEqual(c, 1.9229994270765443, places=12)
        # log2 L(2^1024) is about 86.8 bits (o(1) = 0), a known figure
        self.assertAlmostEqual(extrap.ln_L(1024) / math.log(2), 86.76, delta=0.05)

    def test_gnfs_calibration(self):
        self.assertAlmostEqual(extrap.gnfs_core_years(829), 2700.0, places=6)
        r = extrap.gnfs_core_years(1024) / 2700.0
        self.assertAlmostEqual(math.log(r), extrap.ln_L(1024) - extrap.ln_L(829), places=9)
        t = {x["bits"]: x for x in extrap.gnfs_table()}
        self.assertEqual([t[b]["sp800_57"] for b in (1024, 2048, 3072, 7680, 15360)],
                         [80, 112, 128, 192, 256])
        self.assertIsNone(t[4096]["sp800_57"])
        self.assertTrue(all(t[a]["core_years"] < t[b]["core_years"]
                            for a, b in ((1024, 2048), (2048, 3072), (3072, 4096))))

    def test_rho_expected(self):
        n = 2.0 ** 40
        self.assertAlmostEqual(extrap.rho_expected(n, False), math.sqrt(math.pi * n / 2))
        self.assertAlmostEqual(extrap.rho_expected(n, True), math.sqrt(math.pi * n / 4))

    def test_sqrt_law_recovered(self):
        rnd = random.Random(7)
        bits = [b for b in range(20, 44, 2) for _ in range(5)]
        ops = [3.0 * 2 ** (0.5 * b) * math.exp(rnd.gauss(0, 0.2)) for b in bits]
        fit = extrap.fit_log2(bits, ops)
        self.assertLess(abs(fit["alpha"] - 0.5), 0.02)
        lo, hi = fit["alpha_ci"]
        self.assertTrue(lo < 0.5 < hi, (lo, hi))
        self.assertLess(hi - lo, 0.05)

    def test_exact_line(self):
        fit = extrap.fit_log2([10, 20, 30, 40], [2 ** 6, 2 ** 11, 2 ** 16, 2 ** 21])
        self.assertAlmostEqual(fit["alpha"], 0.5, places=12)
        self.assertAlmostEqual(fit["c"], 1.0, places=9)
        y, (lo, hi) = extrap.predict(fit, 256)
        self.assertAlmostEqual(y, 129.0, places=9)
        self.assertAlmostEqual(lo, hi, places=9)  # no residual, no width

    def test_brute_law(self):
        bits = [16, 16, 20, 20, 24, 24, 28, 28]
        fit = extrap.fit_log2(bits, [2.0 ** (b - 1) * (1.1 if i % 2 else 0.9)
                                     for i, b in enumerate(bits)])
        self.assertAlmostEqual(fit["alpha"], 1.0, places=9)

    def test_too_few_points(self):
        self.assertIsNone(extrap.fit_log2([20, 20, 20], [1, 2, 3]))
        self.assertIsNone(extrap.fit_log2([20, 24], [1, 2]))


class Shor(unittest.TestCase):
    def test_period_7_mod_15(self):
        prob, t = shor.counting_distribution(15, 7)
        self.assertEqual(t, 8)
        # period 4: the probability sits on the multiples of Q/4 = 64
        peaks = sorted(np.argsort(prob)[-4:])
        self.assertEqual(peaks, [0, 64, 128, 192])
        self.assertAlmostEqual(float(prob[[0, 64, 128, 192]].sum()), 1.0, places=9)
        r = shor.factor(15, np.random.default_rng(1), a=7)
        self.assertEqual(r["result"]["r"], 4)
        self.assertEqual(r["result"]["factors"], [3, 5])

    def test_continued_fraction(self):
        self.assertEqual(shor.continued_fraction_period(192, 256, 15, 7), 4)
        self.assertEqual(shor.continued_fraction_period(128, 256, 15, 7), 4)  # 1/2 -> 2 -> 4
        self.assertIsNone(shor.continued_fraction_period(0, 256, 15, 7))

    def test_factors_21_and_35(self):
        for N, want in ((21, [3, 7]), (35, [5, 7])):
            for seed in (1, 2, 3):
                r = shor.factor(N, np.random.default_rng(seed))
                self.assertIsNotNone(r["result"], (N, seed))
                self.assertEqual(r["result"]["factors"], want)
                e = r["result"]
                self.assertEqual(pow(e["a"], e["r"], N), 1)
                self.assertEqual(e["r"] % e["true_period"], 0)

    def test_rejects(self):
        for N in (16, 9, 27):
            with self.assertRaises(ValueError):
                shor.factor(N, np.random.default_rng(1))


class SmallCurves(unittest.TestCase):
    def test_counts_agree_with_brute_force(self):
        for p, a, b in ((97, 2, 14), (23, 1, 1), (101, 3, 7), (61, 0, 5)):
            E = curves.SmallCurve(p, a, b)
            brute = 1 + sum(1 for x in range(p) for y in range(p)
                            if (y * y - x ** 3 - a * x - b) % p == 0)
            self.assertEqual(E.count_brute(), brute)
            self.assertEqual(E.count_legendre(), brute)
            self.assertEqual(len(E.points()) + 1, brute)
            self.assertLessEqual(abs(brute - (p + 1)), 2 * math.sqrt(p))  # Hasse

    def test_demo_curve_group(self):
        E, G, n = curves.demo_curve()
        self.assertEqual(E.count_brute(), n)
        self.assertTrue(curves.is_prime(n))
        self.assertEqual(E.order(G), n)
        self.assertIsNone(E.mul(n, G))
        P, Q = E.mul(5, G), E.mul(9, G)
        self.assertEqual(E.add(P, Q), E.mul(14, G))
        self.assertTrue(all(E.on_curve(E.mul(k, G)) for k in range(1, n)))

    def test_scalar_steps(self):
        E, G, n = curves.demo_curve()
        da = curves.double_and_add_steps(E, 13, G)
        self.assertEqual([m for _, m, _ in da], [1, 2, 3, 6, 12, 13])
        self.assertEqual(da[-1][2], E.mul(13, G))
        ld = curves.ladder_steps(E, 13, G)
        self.assertEqual([m for m, _, _ in ld], [0, 1, 3, 6, 13])
        self.assertEqual(ld[-1][1], E.mul(13, G))
        self.assertEqual(ld[-1][2], E.mul(14, G))

    def test_real_chord(self):
        # P = (0, 1), Q = (1, 1) on y^2 = x^3 - x + 1: slope 0, x3 = -1, y3 = -1
        lam, R = curves.real_add(-1.0, (0.0, 1.0), (1.0, 1.0))
        self.assertAlmostEqual(lam, 0.0)
        self.assertAlmostEqual(R[0], -1.0)
        self.assertAlmostEqual(R[1], -1.0)


class OpCounts(unittest.TestCase):
    def test_counts_match_stated_costs(self):
        c = opcount.counts(SRC)
        for x in c:
            if x["stated"]:
                self.assertEqual("%dM + %dS" % (x["M"], x["S"]), x["stated"], x["label"])
            self.assertEqual(x["I"], 1 if x["function"] == "aff_add_ct" else 0)
        self.assertEqual(len([x for x in c if x["stated"]]), 4)

    def test_counter(self):
        body = "{ fe_mul(a,b,c); /* fe_mul(x) */ fe_sqr(a,b); fe_sqr(b,a); fe_inv(t,d); }"
        self.assertEqual(opcount.count_ops(body), {"M": 1, "S": 2, "I": 1})


class QuantumCsv(unittest.TestCase):
    path = os.path.join(SRC, "data", "quantum_estimates.csv")

    def test_every_row_has_source_and_date(self):
        rows = quantum.load(self.path)
        self.assertGreaterEqual(len(rows), 10)
        for r in rows:
            for k in ("source_authors", "source_title", "venue", "year", "location", "arxiv",
                      "figure_date", "verified_via"):
                self.assertTrue(r[k].strip(), (r["target"], k))
        targets = {r["target"] for r in rows}
        for t in ("RSA-2048", "P-256", "P-384", "P-521", "256-bit curve"):
            self.assertIn(t, targets)
        self.assertTrue(any(r["preprint"] == "yes" for r in rows))

    def test_formula_rows_match_their_formulas(self):
        for r in quantum.load(self.path):
            if r["basis"] != "bound formula" and "formula" not in r["location"]:
                continue
            n = r["key_bits"]
            if r["source_authors"].startswith("Roetteler"):
                q = 9 * n + 2 * math.ceil(math.log2(n)) + 10
                tof = 448 * n ** 3 * math.log2(n) + 4090 * n ** 3
            elif r["source_authors"].startswith("Gidney, Ek"):
                q = math.ceil(3 * n + 0.002 * n * math.log2(n))
                tof = 0.3 * n ** 3 + 0.0005 * n ** 3 * math.log2(n)
            else:
                continue
            self.assertEqual(r["logical_qubits"], q, r["target"])
            self.assertLess(abs(r["toffoli_count"] / tof - 1), 0.005, r["target"])

    def test_raw_csv(self):
        with open(self.path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        self.assertEqual(len({len(r) for r in rows}), 1)


if __name__ == "__main__":
    res = unittest.main(exit=False, verbosity=0).result
    sys.exit(0 if res.wasSuccessful() and res.testsRun > 0 else 1)
