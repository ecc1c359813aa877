#!/usr/bin/python3
"""pkc RNG lab: a statistical test battery for the datasets `pkc rng` writes.

Usage:
    rng_analysis.py [options] DATASET [DATASET ...]

A DATASET is a CSV written by `pkc rng` (columns `index,value`, `index,bit`
or `index,x,y`; the kind is read from the header), or a binary stream with
--raw (as `pkc rng -m raw` writes). Prefix a path with `NAME=` to label it
(e.g. `drbg-fixed=data/drbg.csv`); otherwise the file's stem is the label.

Every test reports a statistic, a p-value and PASS/FAIL at --alpha (default
0.01). Value tests run on a sequence of numbers in [0, 1]; bit tests (NIST
SP 800-22 rev. 1a, section 2) run on bit streams. A raw stream is read as
both: its bits, and its 32-bit little-endian words divided by 2^32. A bit
CSV gets the value tests too, on its 32-bit words (bits taken MSB first).

Multiple testing: the autocorrelation at lags 1..20 is judged by one
Ljung-Box statistic (chi-square, 20 degrees of freedom) and by a Bonferroni
bound on the 20 individual lags, so a good generator fails each of them with
probability <= alpha, not 1 - (1 - alpha)^20 as counting lags outside a 95%
band would. The per-bit-position tests are Bonferroni-corrected likewise.

Outputs: a text table on stdout; --json FILE, --csv FILE; --plots DIR (PNG
plots per dataset); --report DIR (all of these plus report.md and
report.html). --selftest checks the NIST tests against the worked examples
of SP 800-22 rev. 1a and exits.

Exit status: 0 the analysis ran (whatever its verdicts), 1 with --strict when
some test failed, 2 bad usage or bad input (one line on stderr).
"""

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reportlib.interp import require_debian_python  # noqa: E402  (standard library only)

require_debian_python("rng_analysis", ("numpy", "scipy", "matplotlib"))

from reportlib.markup import (esc, html_table, html_page, md_table,  # noqa: E402
                              atomic_write)

# numpy and scipy.stats take a while to import: they are loaded only once a
# file's header has been read, so bad usage and bad files are reported at once.
np = special = stats = None


def load_numpy():
    global np
    if np is None:
        try:
            import numpy
        except ImportError as e:  # pragma: no cover - depends on the interpreter
            die("%s (run with /usr/bin/python3; scripts/deps.sh installs python3-numpy)" % e)
        np = numpy


def load_scipy():
    global special, stats
    load_numpy()
    if stats is None:
        try:
            from scipy import special as sp, stats as st
        except ImportError as e:  # pragma: no cover
            die("%s (scripts/deps.sh installs python3-scipy)" % e)
        special, stats = sp, st

PROG = "rng_analysis"
LAGS = 20


class InputError(Exception):
    """Bad input: reported as one line, exit status 2."""


def die(msg):
    sys.stderr.write("%s: %s\n" % (PROG, msg))
    sys.exit(2)


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------

def result(name, statistic, p, alpha, detail="", category=""):
    p = float(p)
    if not math.isfinite(p):
        p = 0.0
    p = min(max(p, 0.0), 1.0)
    return {
        "test": name,
        "category": category,
        "statistic": float(statistic),
        "p_value": p,
        "pass": bool(p >= alpha),
        "detail": detail,
    }


def igamc(a, x):
    """The upper regularised incomplete gamma function Q(a, x) (SP 800-22 section 5.5.3)."""
    return float(special.gammaincc(a, x))


# ---------------------------------------------------------------------------
# NIST SP 800-22 rev. 1a, section 2: tests on a bit stream (numpy uint8 array of 0/1)
# ---------------------------------------------------------------------------

def nist_monobit(bits, alpha):
    """2.1 Frequency (monobit) test."""
    n = bits.size
    s = 2 * int(bits.sum()) - n
    sobs = abs(s) / math.sqrt(n)
    p = math.erfc(sobs / math.sqrt(2))
    return result("nist_monobit", sobs, p, alpha, "S_n=%d n=%d" % (s, n), "bits")


def nist_block_frequency(bits, alpha, M=None):
    """2.2 Frequency test within a block. M >= 20, M > 0.01 n, N < 100 (2.2.7)."""
    n = bits.size
    if M is None:
        M = max(20, n // 99 + 1)
    N = n // M
    if N < 1:
        raise InputError("block frequency: fewer bits than one block")
    pi = bits[: N * M].reshape(N, M).sum(axis=1) / M
    chi2 = 4.0 * M * float(((pi - 0.5) ** 2).sum())
    p = igamc(N / 2.0, chi2 / 2.0)
    return result("nist_block_frequency", chi2, p, alpha, "M=%d N=%d" % (M, N), "bits")


def nist_runs(bits, alpha):
    """2.3 Runs test, with its frequency prerequisite |pi - 1/2| < 2/sqrt(n)."""
    n = bits.size
    pi = float(bits.mean())
    tau = 2.0 / math.sqrt(n)
    vobs = 1 + int(np.count_nonzero(bits[1:] != bits[:-1]))
    if abs(pi - 0.5) >= tau:
        return result("nist_runs", vobs, 0.0, alpha,
                      "prerequisite failed: |pi-1/2|=%.4g >= %.4g" % (abs(pi - 0.5), tau), "bits")
    p = math.erfc(abs(vobs - 2 * n * pi * (1 - pi)) / (2 * math.sqrt(2 * n) * pi * (1 - pi)))
    return result("nist_runs", vobs, p, alpha, "V_n=%d pi=%.5f" % (vobs, pi), "bits")


def _longest_run_probs(M, edges):
    """P(longest run of ones in M fair bits falls in each class), exactly, by
    dynamic programming (SP 800-22 2.4.4 tabulates these values rounded to 4
    digits). Classes: <= edges[0], edges[0]+1, ..., >= edges[-1]."""
    def p_le(k):
        # state: current run length 0..k; runs longer than k are dropped
        dist = np.zeros(k + 1)
        dist[0] = 1.0
        for _ in range(M):
            new = np.zeros(k + 1)
            new[0] = dist.sum() * 0.5
            new[1:] = dist[:-1] * 0.5
            dist = new
        return float(dist.sum())
    cdf = [p_le(k) for k in edges[:-1]]
    probs = [cdf[0]] + [cdf[i] - cdf[i - 1] for i in range(1, len(cdf))] + [1.0 - cdf[-1]]
    return np.array(probs)


_LR_CACHE = {}


def nist_longest_run(bits, alpha):
    """2.4 Test for the longest run of ones in a block (parameters of table 2.4.2)."""
    n = bits.size
    if n < 128:
        raise InputError("longest run test needs at least 128 bits")
    if n < 6272:
        M, edges = 8, [1, 2, 3, 4]
    elif n < 750000:
        M, edges = 128, [4, 5, 6, 7, 8, 9]
    else:
        M, edges = 10000, [10, 11, 12, 13, 14, 15, 16]
    if M not in _LR_CACHE:
        _LR_CACHE[M] = _longest_run_probs(M, edges)
    pis = _LR_CACHE[M]
    N = n // M
    blocks = bits[: N * M].reshape(N, M).astype(np.int32)
    # longest run of ones per block: a running count that resets on zeros
    run = np.zeros(N, dtype=np.int32)
    longest = np.zeros(N, dtype=np.int32)
    for j in range(M):
        run = (run + 1) * blocks[:, j]
        np.maximum(longest, run, out=longest)
    cls = np.clip(longest, edges[0], edges[-1]) - edges[0]
    v = np.bincount(cls, minlength=len(edges))
    K = len(edges) - 1
    chi2 = float((((v - N * pis) ** 2) / (N * pis)).sum())
    p = igamc(K / 2.0, chi2 / 2.0)
    return result("nist_longest_run", chi2, p, alpha, "M=%d N=%d v=%s" % (M, N, list(map(int, v))), "bits")


def _pattern_counts(bits, m):
    """Counts of the overlapping m-bit patterns of the stream extended by its
    first m-1 bits (SP 800-22 2.11.4 step 1, 2.12.4 step 1)."""
    if m == 0:
        return np.array([bits.size])
    ext = np.concatenate([bits, bits[: m - 1]]).astype(np.int64)
    n = bits.size
    idx = np.zeros(n, dtype=np.int64)
    for j in range(m):
        idx = (idx << 1) | ext[j: j + n]
    return np.bincount(idx, minlength=1 << m)


def _psi2(bits, m):
    if m <= 0:
        return 0.0
    n = bits.size
    c = _pattern_counts(bits, m).astype(np.float64)
    return float((1 << m) / n * (c * c).sum() - n)


def nist_serial(bits, alpha, m=None):
    """2.11 Serial test: two p-values, from del psi^2_m and del^2 psi^2_m."""
    n = bits.size
    if m is None:
        m = max(3, min(16, int(math.floor(math.log2(n))) - 3))
    p0, p1, p2 = _psi2(bits, m), _psi2(bits, m - 1), _psi2(bits, m - 2)
    d1 = p0 - p1
    d2 = p0 - 2 * p1 + p2
    pv1 = igamc(2 ** (m - 2), d1 / 2.0)
    pv2 = igamc(2 ** (m - 3), d2 / 2.0)
    return [result("nist_serial_1", d1, pv1, alpha, "m=%d" % m, "bits"),
            result("nist_serial_2", d2, pv2, alpha, "m=%d" % m, "bits")]


def nist_approximate_entropy(bits, alpha, m=None):
    """2.12 Approximate entropy test."""
    n = bits.size
    if m is None:
        m = max(2, min(10, int(math.floor(math.log2(n))) - 6))

    def phi(mm):
        c = _pattern_counts(bits, mm).astype(np.float64) / n
        c = c[c > 0]
        return float((c * np.log(c)).sum())

    apen = phi(m) - phi(m + 1)
    chi2 = 2.0 * n * (math.log(2) - apen)
    p = igamc(2 ** (m - 1), chi2 / 2.0)
    return result("nist_approx_entropy", chi2, p, alpha, "m=%d ApEn=%.6f" % (m, apen), "bits")


def _cusum_p(n, z):
    """SP 800-22 2.13.4 step 4."""
    if z == 0:
        return 1.0
    sq = math.sqrt(n)
    phi = stats.norm.cdf
    # The summation limits as the reference implementation evaluates them
    # (integer division, truncating toward zero); the worked example of
    # 2.13.4 (p = 0.4116588) depends on it, large n does not.
    nz = n // z

    def tdiv(a):
        return int(a / 4)

    k1 = np.arange(tdiv(-nz + 1), tdiv(nz - 1) + 1)
    k2 = np.arange(tdiv(-nz - 3), tdiv(nz - 1) + 1)
    s1 = float((phi((4 * k1 + 1) * z / sq) - phi((4 * k1 - 1) * z / sq)).sum())
    s2 = float((phi((4 * k2 + 3) * z / sq) - phi((4 * k2 + 1) * z / sq)).sum())
    return 1.0 - s1 + s2


def nist_cusum(bits, alpha):
    """2.13 Cumulative sums test, forward (mode 0) and backward (mode 1)."""
    n = bits.size
    x = 2 * bits.astype(np.int64) - 1
    zf = int(np.abs(np.cumsum(x)).max())
    zb = int(np.abs(np.cumsum(x[::-1])).max())
    return [result("nist_cusum_forward", zf, _cusum_p(n, zf), alpha, "z=%d" % zf, "bits"),
            result("nist_cusum_backward", zb, _cusum_p(n, zb), alpha, "z=%d" % zb, "bits")]


def byte_tests(bits, alpha):
    """Chi-square and Shannon entropy (G-test) of the byte histogram."""
    nbytes = bits.size // 8
    out = []
    if nbytes < 256 * 5:
        return out
    b = np.packbits(bits[: nbytes * 8])
    c = np.bincount(b, minlength=256).astype(np.float64)
    e = nbytes / 256.0
    chi2 = float(((c - e) ** 2 / e).sum())
    out.append(result("byte_chi2", chi2, stats.chi2.sf(chi2, 255), alpha, "%d bytes" % nbytes, "bits"))
    pr = c[c > 0] / nbytes
    h = float(-(pr * np.log2(pr)).sum())
    g = 2.0 * nbytes * (math.log(256) - h * math.log(2))
    out.append(result("byte_entropy", h, stats.chi2.sf(g, 255), alpha,
                      "%.6f of 8 bits/byte (G=%.1f)" % (h, g), "bits"))
    return out


def bit_battery(bits, alpha):
    n = bits.size
    if n < 128:
        raise InputError("need at least 128 bits, got %d" % n)
    res = [nist_monobit(bits, alpha), nist_block_frequency(bits, alpha), nist_runs(bits, alpha),
           nist_longest_run(bits, alpha)]
    res += nist_serial(bits, alpha)
    res.append(nist_approximate_entropy(bits, alpha))
    res += nist_cusum(bits, alpha)
    res += byte_tests(bits, alpha)
    return res


# ---------------------------------------------------------------------------
# Tests on a sequence of values in [0, 1]
# ---------------------------------------------------------------------------

class Values:
    """A value sequence with what the tests need: the values v as written, a
    continuous version u ~ U(0,1) under H0, the discrete range R (or None),
    and integer words with `bits` reliable bits for the bit-position tests."""

    def __init__(self, v, R=None, decimals=None, words=None, word_bits=None):
        self.v = v
        self.n = v.size
        self.R = R
        if R is not None:
            k = np.rint(v * (R - 1)).astype(np.int64) if R > 1 else np.zeros(v.size, np.int64)
            self.k = k
            # Discrete uniform k in [0, R): (k + U)/R is exactly U(0, 1) under H0,
            # so KS, runs and the grid tests stay exact (a fixed jitter seed
            # keeps the analysis reproducible).
            jitter = np.random.default_rng(0x706b63).random(v.size)
            self.u = (k + jitter) / R
        else:
            self.k = None
            self.u = np.clip(v, 0.0, np.nextafter(1.0, 0.0))
        if words is not None:
            self.words, self.word_bits = words, word_bits
        elif R is not None and R >= 2 and (R & (R - 1)) == 0 and R <= 1 << 32:
            self.words, self.word_bits = self.k.astype(np.uint64), int(R).bit_length() - 1
        elif R is None:
            b = 32 if decimals is None else max(1, min(32, int(decimals * math.log2(10)) - 2))
            self.words = np.floor(self.u * 2.0 ** b).astype(np.uint64)
            self.word_bits = b
        else:
            self.words, self.word_bits = None, 0

    def theory(self):
        """Mean, variance and 4th central moment of one value under H0."""
        R = self.R
        if R is None or R > 1 << 40:
            return 0.5, 1.0 / 12, 1.0 / 80
        var = (R + 1) / (12.0 * (R - 1))
        mu4 = (R * R - 1.0) * (3.0 * R * R - 7) / 240.0 / float(R - 1) ** 4
        return 0.5, var, mu4


def _bins(n):
    return int(min(1000, max(10, n // 100)))


def value_histogram(vals):
    """Counts and expected counts for chi-square / entropy: the R categories
    when the range is small, else equal-width bins of u."""
    n = vals.n
    if vals.R is not None and vals.R <= 1000 and n >= 5 * vals.R:
        c = np.bincount(vals.k, minlength=vals.R).astype(np.float64)
        return c, "%d categories" % vals.R
    k = _bins(n)
    c = np.bincount(np.minimum((vals.u * k).astype(np.int64), k - 1), minlength=k).astype(np.float64)
    return c, "%d bins" % k


def autocorrelations(x, lags=LAGS):
    x = x - x.mean()
    d = float((x * x).sum())
    if d == 0:
        return np.zeros(lags)
    return np.array([float((x[:-k] * x[k:]).sum()) / d for k in range(1, lags + 1)])


def value_battery(vals, alpha, pairs=None):
    n = vals.n
    if n < 100:
        raise InputError("need at least 100 values, got %d" % n)
    res = []
    v, u = vals.v, vals.u
    mu, var, mu4 = vals.theory()

    # Mean and variance against their H0 sampling distributions (CLT).
    m = float(v.mean())
    z = (m - mu) / math.sqrt(var / n)
    res.append(result("mean", m, 2 * stats.norm.sf(abs(z)), alpha, "expected %.4f, z=%.3f" % (mu, z), "values"))
    s2 = float(v.var(ddof=1))
    z = (s2 - var) / math.sqrt((mu4 - var * var * (n - 3) / (n - 1)) / n)
    res.append(result("variance", s2, 2 * stats.norm.sf(abs(z)), alpha,
                      "expected %.5f, z=%.3f" % (var, z), "values"))

    # Chi-square uniformity and Shannon entropy (G-test) of the same histogram.
    c, what = value_histogram(vals)
    k = c.size
    e = n / k
    chi2 = float(((c - e) ** 2 / e).sum())
    res.append(result("chi2_uniform", chi2, stats.chi2.sf(chi2, k - 1), alpha, what, "values"))
    pr = c[c > 0] / n
    h = float(-(pr * np.log2(pr)).sum())
    g = 2.0 * n * (math.log(k) - h * math.log(2))
    res.append(result("entropy", h, stats.chi2.sf(g, k - 1), alpha,
                      "%.5f of %.5f bits over %s" % (h, math.log2(k), what), "values"))

    # Kolmogorov-Smirnov against U(0, 1).
    ks = stats.kstest(u, "uniform")
    res.append(result("ks_uniform", ks.statistic, ks.pvalue, alpha, "D_n", "values"))

    # Wald-Wolfowitz runs above/below the median 1/2.
    above = u >= 0.5
    n1 = int(above.sum())
    n2 = n - n1
    runs = 1 + int(np.count_nonzero(above[1:] != above[:-1]))
    if n1 == 0 or n2 == 0:
        res.append(result("runs_median", runs, 0.0, alpha, "all values on one side of 1/2", "values"))
    else:
        er = 2.0 * n1 * n2 / n + 1
        vr = 2.0 * n1 * n2 * (2.0 * n1 * n2 - n) / (n * n * (n - 1.0))
        z = (runs - er) / math.sqrt(vr)
        res.append(result("runs_median", runs, 2 * stats.norm.sf(abs(z)), alpha,
                          "expected %.1f, z=%.3f" % (er, z), "values"))

    # Runs up and down (Knuth TAOCP 3.3.2 G; Levene-Wolfowitz moments).
    d = np.diff(u) > 0
    rud = 1 + int(np.count_nonzero(d[1:] != d[:-1]))
    er = (2.0 * n - 1) / 3
    vr = (16.0 * n - 29) / 90
    z = (rud - er) / math.sqrt(vr)
    res.append(result("runs_updown", rud, 2 * stats.norm.sf(abs(z)), alpha,
                      "expected %.1f, z=%.3f" % (er, z), "values"))

    # Autocorrelation, lags 1..20: Ljung-Box portmanteau and Bonferroni on the lags.
    r = autocorrelations(v)
    lags = np.arange(1, LAGS + 1)
    q = float(n * (n + 2) * (r * r / (n - lags)).sum())
    res.append(result("autocorr_ljungbox", q, stats.chi2.sf(q, LAGS), alpha,
                      "Q over lags 1..%d, max |r|=%.4f at lag %d" % (LAGS, np.abs(r).max(),
                                                                    int(np.abs(r).argmax()) + 1), "values"))
    zk = (r + 1.0 / n) / np.sqrt((n - lags) / (n * (n + 2.0)))
    pk = 2 * stats.norm.sf(np.abs(zk))
    j = int(pk.argmin())
    res.append(result("autocorr_bonferroni", float(np.abs(zk).max()), min(1.0, LAGS * float(pk[j])), alpha,
                      "max |z| at lag %d; p = %d x min p_k" % (j + 1, LAGS), "values"))

    # Serial tests: 2-D chi-square of non-overlapping consecutive pairs on a g x g
    # grid, and of triples on a g^3 grid (Knuth TAOCP 3.3.2 B). A lattice
    # generator whose pairs lie on few lines fails the first.
    if pairs is None:
        npairs = n // 2
        px, py = u[0: 2 * npairs: 2], u[1: 2 * npairs: 2]
    else:
        px, py = pairs
        npairs = px.size
    g = int(min(64, max(2, math.isqrt(npairs // 10))))
    if npairs >= 40:
        cell = (np.minimum((px * g).astype(np.int64), g - 1) * g + np.minimum((py * g).astype(np.int64), g - 1))
        c = np.bincount(cell, minlength=g * g).astype(np.float64)
        e = npairs / (g * g)
        chi2 = float(((c - e) ** 2 / e).sum())
        res.append(result("pairs_2d", chi2, stats.chi2.sf(chi2, g * g - 1), alpha,
                          "%d pairs, %dx%d grid" % (npairs, g, g), "values"))
    nt = n // 3
    g3 = int(min(16, max(2, round((nt / 10) ** (1 / 3) - 0.5))))
    if nt >= 80:
        t = np.minimum((u[: 3 * nt] * g3).astype(np.int64), g3 - 1).reshape(nt, 3)
        cell = (t[:, 0] * g3 + t[:, 1]) * g3 + t[:, 2]
        c = np.bincount(cell, minlength=g3 ** 3).astype(np.float64)
        e = nt / g3 ** 3
        chi2 = float(((c - e) ** 2 / e).sum())
        res.append(result("triples_3d", chi2, stats.chi2.sf(chi2, g3 ** 3 - 1), alpha,
                          "%d triples, %d^3 grid" % (nt, g3), "values"))

    # Bit positions of the integer words: frequency and runs per position, Bonferroni
    # over the positions (an LCG's low bits have short periods; a biased source
    # tilts every position).
    if vals.words is not None and vals.word_bits >= 1:
        B = vals.word_bits
        w = vals.words
        pf, pr_ = [], []
        for j in range(B):
            b = ((w >> np.uint64(j)) & np.uint64(1)).astype(np.uint8)
            ones = int(b.sum())
            pf.append(math.erfc(abs(2 * ones - n) / math.sqrt(2.0 * n)))
            # Runs given the counts (Wald-Wolfowitz), so that a biased bit
            # fails bitpos_frequency and only serial structure fails this.
            n1, n0 = ones, n - ones
            vobs = 1 + int(np.count_nonzero(b[1:] != b[:-1]))
            if n1 == 0 or n0 == 0:
                pr_.append(0.0)
            else:
                er = 1.0 + 2.0 * n1 * n0 / n
                vr = 2.0 * n1 * n0 * (2.0 * n1 * n0 - n) / (n * n * (n - 1.0))
                pr_.append(math.erfc(abs(vobs - er) / math.sqrt(2 * vr)) if vr > 0 else 0.0)
        jf, jr = int(np.argmin(pf)), int(np.argmin(pr_))
        res.append(result("bitpos_frequency", pf[jf], min(1.0, B * pf[jf]), alpha,
                          "%d positions; worst bit %d" % (B, jf), "values"))
        res.append(result("bitpos_runs", pr_[jr], min(1.0, B * pr_[jr]), alpha,
                          "%d positions; worst bit %d" % (B, jr), "values"))
    return res


# ---------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------

def _count_decimals(line):
    field = line.strip().split(",")[-1]
    return len(field.split(".", 1)[1]) if "." in field else 0


def infer_range(v, given=None):
    """The discrete range R of `pkc rng -m bounded` data (values k/(R-1)), or
    None for continuous data. Tries --range, the spacing of the distinct
    values when they repeat a lot, then powers of two up to 2^32."""
    if given is not None:
        dev = np.abs(v * (given - 1) - np.rint(v * (given - 1)))
        if given > 1 and dev.max() > 0.25:
            raise InputError("values are not on the grid k/(RANGE-1) for --range %d" % given)
        return given
    if v.size == 0:
        return None
    cands = []
    u = np.unique(v)
    if u.size >= 2 and u.size <= v.size // 2:
        cands.append(int(round(1.0 / float(np.diff(u).min()))) + 1)
    cands += [(1 << b) for b in range(1, 33)]
    sample = v[: 4096]
    for R in cands:
        if R < 2:
            continue
        if np.abs(sample * (R - 1) - np.rint(sample * (R - 1))).max() < 0.1 and \
                np.abs(v * (R - 1) - np.rint(v * (R - 1))).max() < 0.1:
            return R
    return None


def load_csv(path):
    try:
        with open(path, "r", encoding="ascii", errors="strict") as f:
            header = f.readline().strip()
            first = f.readline()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError("%s: %s" % (path, getattr(e, "strerror", None) or e))
    cols = header.split(",")
    if cols not in (["index", "value"], ["index", "bit"], ["index", "x", "y"]):
        raise InputError("%s: unknown CSV header %r (expected index,value / index,bit / index,x,y)"
                         % (path, header[:60]))
    load_numpy()
    try:
        data = np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2, dtype=np.float64)
    except (ValueError, OSError) as e:
        raise InputError("%s: malformed CSV (%s)" % (path, str(e).splitlines()[0][:80]))
    if data.shape[0] == 0:
        raise InputError("%s: no data rows" % path)
    if data.shape[1] != len(cols):
        raise InputError("%s: rows have %d columns, header has %d" % (path, data.shape[1], len(cols)))
    if not np.isfinite(data).all():
        raise InputError("%s: non-finite values" % path)
    return cols[1:], data[:, 1:], _count_decimals(first)


def bits_to_words(bits):
    nw = bits.size // 32
    if nw == 0:
        return None
    b = np.packbits(bits[: nw * 32]).reshape(nw, 4).astype(np.uint64)
    return (b[:, 0] << np.uint64(24)) | (b[:, 1] << np.uint64(16)) | (b[:, 2] << np.uint64(8)) | b[:, 3]


def analyse(name, path, raw, alpha, rng_range):
    """Runs the battery on one dataset; returns its result dict and the data for plots."""
    ds = {"name": name, "path": path}
    bits = None
    pairs = None
    if raw:
        try:
            with open(path, "rb") as f:
                buf = f.read()
        except OSError as e:
            raise InputError("%s: %s" % (path, e.strerror))
        if len(buf) < 16:
            raise InputError("%s: raw stream too short (%d bytes)" % (path, len(buf)))
        load_numpy()
        a = np.frombuffer(buf, dtype=np.uint8)
        bits = np.unpackbits(a)
        nw = len(buf) // 4
        words = np.frombuffer(buf[: nw * 4], dtype="<u4").astype(np.uint64)
        vals = Values(words / 2.0 ** 32, None, words=words, word_bits=32)
        ds.update(kind="raw", n=len(buf), unit="bytes")
    else:
        cols, data, decimals = load_csv(path)
        if cols == ["bit"]:
            b = data[:, 0]
            if not np.isin(b, (0.0, 1.0)).all():
                raise InputError("%s: bit column holds values other than 0 and 1" % path)
            bits = b.astype(np.uint8)
            words = bits_to_words(bits)
            vals = Values(words / 2.0 ** 32, None, words=words, word_bits=32) if words is not None and words.size >= 100 else None
            ds.update(kind="bits", n=int(bits.size), unit="bits")
        else:
            if (data < 0).any() or (data > 1).any():
                raise InputError("%s: values outside [0, 1]" % path)
            if cols == ["x", "y"]:
                v = data.reshape(-1)  # x0, y0, x1, y1, ...: the original sequence
                ds.update(kind="pairs", n=int(data.shape[0]), unit="pairs")
            else:
                v = data[:, 0]
                ds.update(kind="values", n=int(v.size), unit="values")
            R = infer_range(v, rng_range)
            vals = Values(v, R, decimals=decimals)
            if cols == ["x", "y"]:
                pairs = (vals.u[0::2], vals.u[1::2])
            ds["range"] = R
    load_scipy()
    tests = []
    if vals is not None:
        tests += value_battery(vals, alpha, pairs)
    if bits is not None:
        tests += bit_battery(bits, alpha)
    ds["tests"] = tests
    ds["tests_run"] = len(tests)
    ds["failures"] = sum(1 for t in tests if not t["pass"])
    # Informational: how surprising this many failures would be for a good
    # generator if the tests were independent (they are not, quite).
    ds["binom_p"] = float(stats.binom.sf(ds["failures"] - 1, len(tests), alpha)) if tests else 1.0
    return ds, vals, bits


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------

def fmt_p(p):
    return "%.4f" % p if p >= 1e-4 else "%.2e" % p


def text_table(ds, alpha):
    lines = []
    hdr = "%s (%s, n=%d %s%s): %d/%d tests failed at alpha=%g" % (
        ds["name"], ds["kind"], ds["n"], ds["unit"],
        (", range=%d" % ds["range"]) if ds.get("range") else "",
        ds["failures"], ds["tests_run"], alpha)
    lines.append(hdr)
    lines.append("  %-22s %14s %10s  %-4s  %s" % ("test", "statistic", "p-value", "", "detail"))
    for t in ds["tests"]:
        lines.append("  %-22s %14.6g %10s  %-4s  %s" % (t["test"], t["statistic"], fmt_p(t["p_value"]),
                                                      "PASS" if t["pass"] else "FAIL", t["detail"]))
    return "\n".join(lines)


def write_csv(path, datasets):
    import csv
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["dataset", "kind", "n", "test", "category", "statistic", "p_value", "result", "detail"])
        for ds in datasets:
            for t in ds["tests"]:
                w.writerow([ds["name"], ds["kind"], ds["n"], t["test"], t["category"],
                            "%.10g" % t["statistic"], "%.6g" % t["p_value"],
                            "PASS" if t["pass"] else "FAIL", t["detail"]])


def write_json(path, datasets, alpha):
    with open(path, "w") as f:
        json.dump({"tool": "pkc rng_analysis", "alpha": alpha, "datasets": datasets}, f, indent=1)
        f.write("\n")


# ---------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------

PLOT_DPI = 150  # as tools/report.py's charts


def make_plots(outdir, ds, vals, bits, alpha):
    """The five plots of a dataset. Bounded data (integers k in [0, R)) are
    drawn on the k scale with integer ticks; other data on [0, 1)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    os.makedirs(outdir, exist_ok=True)
    files = []
    name = ds["name"]
    if vals is None:
        return files
    u, v, n = vals.u, vals.v, vals.n
    R = vals.R
    # On the k scale u*R spans [0, R): bin edges and ticks fall on integers.
    scale = float(R) if R else 1.0
    unit = ("k (integers in [0, %s))" % format(R, ",")) if R else "value"

    def int_tick(t, _pos=None):
        # Integers as integers; past 10^5 in the short form 1.6e9 so they fit.
        if abs(t) >= 1e5:
            return ("%.2g" % t).replace("e+0", "e").replace("e+", "e")
        return format(int(round(t)), ",")

    def on_scale(ax, axis="x"):
        a = ax.xaxis if axis == "x" else ax.yaxis
        if R:
            a.set_major_locator(MaxNLocator(nbins=6, integer=True))
            a.set_major_formatter(FuncFormatter(int_tick))

    def save(fig, fn):
        fig.tight_layout()
        fig.savefig(fn, dpi=PLOT_DPI)
        plt.close(fig)
        files.append(fn)

    # Histogram and Q-Q plot.
    fig, ax = plt.subplots(1, 2, figsize=(10, 4))
    few = bool(R) and R <= 100
    if few:
        k = R  # one bar per integer, centred on it
        counts = np.bincount(vals.k, minlength=R)
    else:
        k = min(100, max(10, n // 200))
        counts, edges = np.histogram(u * scale, bins=k, range=(0, scale))
    e = n / k
    band = stats.norm.isf(alpha / 2) * math.sqrt(e * (1 - 1.0 / k))
    # The band lies behind the bars (its edges drawn over them, dashed), so it
    # never hides a bar's top.
    ax[0].axhspan(e - band, e + band, color="orange", alpha=0.25, zorder=0, lw=0)
    if few:
        ax[0].bar(np.arange(R), counts, width=0.85, color="#4c72b0", zorder=2)
    else:
        ax[0].bar(edges[:-1], counts, width=scale / k, align="edge", color="#4c72b0",
                  edgecolor="white", linewidth=0.3, zorder=2)
    ax[0].axhline(e, color="k", lw=1, label="expected", zorder=3)
    for y in (e - band, e + band):
        ax[0].axhline(y, color="#d9822b", lw=0.9, ls="--", zorder=3,
                      label="%g%% band per bin" % (100 * (1 - alpha)) if y > e else None)
    # Zoomed on the expected count: deviations, not the bars' bulk, are the point.
    lo, hi = min(counts.min(), e - band), max(counts.max(), e + band)
    ax[0].set_ylim(max(0, lo - 0.15 * (hi - lo)), hi + 0.3 * (hi - lo))
    ax[0].set_ylabel("count per bin (axis zoomed)")
    ax[0].set_title("%s: histogram (%d bins)" % (name, k))
    ax[0].set_xlabel(unit)
    if few:
        ax[0].set_xlim(-0.6, R - 0.4)
        if R <= 20:
            ax[0].set_xticks(range(R))
        else:
            ax[0].xaxis.set_major_locator(MaxNLocator(nbins=10, integer=True))
        ax[0].xaxis.set_major_formatter(FuncFormatter(int_tick))
    else:
        ax[0].set_xlim(0, scale)
        on_scale(ax[0])
    ax[0].legend(fontsize=8, loc="upper right")
    m = min(n, 2000)
    qs = np.sort(u[np.linspace(0, n - 1, m).astype(np.int64)] if n > m else u)
    th = (np.arange(1, qs.size + 1) - 0.5) / qs.size
    ax[1].plot(th * scale, qs * scale, ".", ms=2)
    ax[1].plot([0, scale], [0, scale], "k-", lw=1)
    ax[1].set_title("Q-Q plot against the uniform distribution")
    ax[1].set_xlabel("theoretical quantile" + (" (k)" if R else ""))
    ax[1].set_ylabel("sample quantile" + (" (k)" if R else ""))
    on_scale(ax[1], "x")
    on_scale(ax[1], "y")
    save(fig, os.path.join(outdir, "hist_qq.png"))

    # Autocorrelation with per-lag and Bonferroni bands.
    r = autocorrelations(v)
    fig, ax = plt.subplots(figsize=(8, 3.5))
    lags = np.arange(1, LAGS + 1)
    ax.bar(lags, r, color="#4c72b0")
    b1 = stats.norm.isf(alpha / 2) / math.sqrt(n)
    b2 = stats.norm.isf(alpha / (2 * LAGS)) / math.sqrt(n)
    ax.axhline(b1, color="orange", ls="--", lw=1, label="per-lag %g%% band" % (100 * (1 - alpha)))
    ax.axhline(-b1, color="orange", ls="--", lw=1)
    ax.axhline(b2, color="red", ls="-", lw=1, label="Bonferroni band (%d lags)" % LAGS)
    ax.axhline(-b2, color="red", ls="-", lw=1)
    ax.axhline(0, color="k", lw=0.5)
    ax.set_xticks(lags)  # lags are integers: one tick each
    ax.set_xlim(0.3, LAGS + 0.7)
    ax.set_xlabel("lag")
    ax.set_ylabel("autocorrelation")
    ax.set_title("%s: autocorrelation" % name)
    ax.legend(fontsize=8)
    save(fig, os.path.join(outdir, "autocorr.png"))

    # Consecutive pairs.
    fig, ax = plt.subplots(figsize=(5, 5))
    npairs = min(n // 2, 20000)
    ax.plot(u[0: 2 * npairs: 2] * scale, u[1: 2 * npairs: 2] * scale, ",", color="#4c72b0",
            alpha=0.6)
    ax.set_xlim(0, scale)
    ax.set_ylim(0, scale)
    ax.set_xlabel("x[2i]" + (" (k)" if R else ""))
    ax.set_ylabel("x[2i+1]" + (" (k)" if R else ""))
    on_scale(ax, "x")
    on_scale(ax, "y")
    ax.set_title("%s: consecutive pairs (%d)" % (name, npairs))
    save(fig, os.path.join(outdir, "pairs.png"))

    # Bit frequency by position.
    if vals.words is not None and vals.word_bits >= 1:
        B = vals.word_bits
        fr = np.array([float(((vals.words >> np.uint64(j)) & np.uint64(1)).mean()) for j in range(B)])
        fig, ax = plt.subplots(figsize=(8, 3.5))
        bb = stats.norm.isf(alpha / (2 * B)) * 0.5 / math.sqrt(n)
        ax.axhspan(0.5 - bb, 0.5 + bb, color="orange", alpha=0.3, zorder=0, lw=0,
                   label="Bonferroni band (%d positions)" % B)
        ax.bar(np.arange(B), fr - 0.5, bottom=0.5, color="#4c72b0", zorder=2)
        ax.axhline(0.5, color="k", lw=0.8, zorder=3)
        lo = min(fr.min(), 0.5 - bb) - 0.002
        hi = max(fr.max(), 0.5 + bb) + 0.002
        ax.set_ylim(lo, hi)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("bit position (0 = least significant)")
        ax.set_ylabel("fraction of ones")
        ax.set_title("%s: bit frequency by position" % name)
        ax.legend(fontsize=8)
        save(fig, os.path.join(outdir, "bitfreq.png"))

    # Empirical vs theoretical CDF.
    fig, ax = plt.subplots(figsize=(6, 4))
    m = min(n, 5000)
    sel = np.sort(u[:m])
    ax.step(sel * scale, np.arange(1, m + 1) / m, where="post", lw=1,
            label="empirical (first %d)" % m)
    ax.plot([0, scale], [0, 1], "k--", lw=1, label="uniform")
    dcrit = stats.kstwo.isf(alpha, m)
    ax.fill_between([0, scale], [-dcrit, 1 - dcrit], [dcrit, 1 + dcrit], color="orange",
                    alpha=0.2, label="KS %g%% band" % (100 * (1 - alpha)))
    ax.set_xlim(0, scale)
    ax.set_ylim(0, 1)
    ax.set_xlabel(unit)
    ax.set_ylabel("F(x)")
    on_scale(ax, "x")
    ax.set_title("%s: empirical vs theoretical CDF" % name)
    ax.legend(fontsize=8, loc="upper left")
    save(fig, os.path.join(outdir, "cdf.png"))
    return files


def _cell(t):
    return "" if t is None else (fmt_p(t["p_value"]) if t["pass"] else
                                 "**FAIL** " + fmt_p(t["p_value"]))


def write_report(outdir, datasets, alpha, plots, command):
    """report.md and report.html: the overview of p-values, then per dataset
    its tests and plots (markup shared with tools/report.py)."""
    names = [d["name"] for d in datasets]
    order = []
    for d in datasets:
        for t in d["tests"]:
            if t["test"] not in order:
                order.append(t["test"])

    def test_of(d, tn):
        return next((t for t in d["tests"] if t["test"] == tn), None)

    def describe(d):
        return "%s — %s, n = %s %s%s" % (d["path"], d["kind"], format(d["n"], ","), d["unit"],
                                        (", range %s" % format(d["range"], ","))
                                        if d.get("range") else "")
    intro = ("alpha = %g: a good generator fails each test with probability alpha; "
             "the autocorrelation and bit-position tests are corrected for multiple testing."
             % alpha)
    failed_row = ["failed"] + ["%d/%d" % (d["failures"], d["tests_run"]) for d in datasets]
    md = ["# RNG battery report", "", "Generated by `%s`." % command.replace("`", "'"), "",
          intro, "", "## Overview (p-values; **FAIL** marked)", "",
          md_table(["test"] + names, [[tn] + [_cell(test_of(d, tn)) for d in datasets]
                                      for tn in order] + [failed_row]), ""]
    for d in datasets:
        md += ["## %s" % d["name"], "", describe(d), "",
               md_table(["test", "statistic", "p-value", "result", "detail"],
                        [[t["test"], "%.6g" % t["statistic"], fmt_p(t["p_value"]),
                          "PASS" if t["pass"] else "**FAIL**", t["detail"]] for t in d["tests"]],
                        align=["l", "r", "r", "l", "l"]), ""]
        md += ["![%s](%s)" % (os.path.basename(fn), os.path.relpath(fn, outdir))
               for fn in plots.get(d["name"], [])] + [""]
    atomic_write(os.path.join(outdir, "report.md"), "\n".join(md) + "\n")

    def td(t):
        if t is None:
            return ""
        return '<span class="%s">%s</span>' % ("pass" if t["pass"] else "fail",
                                                esc(fmt_p(t["p_value"])))
    body = ["<h1>RNG battery report</h1>",
            "<p>Generated by <code>%s</code>. %s</p>" % (esc(command), esc(intro)),
            "<h2>Overview (p-values)</h2>",
            html_table(["test"] + names, [[esc(tn)] + [td(test_of(d, tn)) for d in datasets]
                                          for tn in order] + [[esc(c) for c in failed_row]],
                       raw_cells=True)]
    for d in datasets:
        body.append("<h2>%s</h2><p>%s</p>" % (esc(d["name"]), esc(describe(d))))
        body.append(html_table(
            ["test", "statistic", "p-value", "result", "detail"],
            [[t["test"], "%.6g" % t["statistic"], fmt_p(t["p_value"]),
              "PASS" if t["pass"] else "FAIL", t["detail"]] for t in d["tests"]],
            row_classes=["pass" if t["pass"] else "fail" for t in d["tests"]]))
        for fn in plots.get(d["name"], []):
            body.append('<img src="%s" alt="%s">' % (esc(os.path.relpath(fn, outdir)),
                                                      esc(os.path.basename(fn))))
    css = ".fail{background:#f8d0d0}.pass{background:#e0f4e0}"
    atomic_write(os.path.join(outdir, "report.html"),
                 html_page("pkc RNG battery report", css, body))


# ---------------------------------------------------------------------------
# Self-test: the worked examples of SP 800-22 rev. 1a
# ---------------------------------------------------------------------------

def selftest():
    load_scipy()
    def b(s):
        return np.array([int(c) for c in s], dtype=np.uint8)
    e100 = b("11001001000011111101101010100010001000010110100011"
             "00001000110100110001001100011001100010100010111000")
    lr128 = b("11001100000101010110110001001100111000000000001001"
              "00110101010001000100111101011010000000110101111100"
              "1100111001101101100010110010")
    checks = [
        ("2.1.4 monobit", nist_monobit(b("1011010101"), 0.01)["p_value"], 0.527089, 1e-6),
        ("2.1.8 monobit", nist_monobit(e100, 0.01)["p_value"], 0.109599, 1e-6),
        ("2.2.4 block frequency", nist_block_frequency(b("0110011010"), 0.01, M=3)["p_value"], 0.801252, 1e-6),
        ("2.2.8 block frequency", nist_block_frequency(e100, 0.01, M=10)["p_value"], 0.706438, 1e-6),
        ("2.3.4 runs", nist_runs(b("1001101011"), 0.01)["p_value"], 0.147232, 1e-6),
        ("2.3.8 runs", nist_runs(e100, 0.01)["p_value"], 0.500798, 1e-6),
        # 2.4.8 uses the pi_i rounded to 4 digits; ours are exact: within 1e-3.
        ("2.4.8 longest run", nist_longest_run(lr128, 0.01)["p_value"], 0.180609, 1e-3),
        ("2.11.4 serial 1", nist_serial(b("0011011101"), 0.01, m=3)[0]["p_value"], 0.808792, 1e-6),
        ("2.11.4 serial 2", nist_serial(b("0011011101"), 0.01, m=3)[1]["p_value"], 0.670320, 1e-6),
        ("2.12.4 approximate entropy", nist_approximate_entropy(b("0100110101"), 0.01, m=3)["p_value"], 0.261961, 1e-6),
        ("2.12.8 approximate entropy", nist_approximate_entropy(e100, 0.01, m=2)["p_value"], 0.235301, 1e-6),
        ("2.13.4 cusum forward", nist_cusum(b("1011010111"), 0.01)[0]["p_value"], 0.4116588, 1e-6),
        ("2.13.8 cusum forward", nist_cusum(e100, 0.01)[0]["p_value"], 0.219194, 1e-6),
        ("2.13.8 cusum backward", nist_cusum(e100, 0.01)[1]["p_value"], 0.114866, 1e-6),
    ]
    bad = 0
    for name, got, want, tol in checks:
        ok = abs(got - want) <= tol
        bad += not ok
        print("%-28s p=%.6f expected %.6f %s" % (name, got, want, "ok" if ok else "MISMATCH"))
    print("selftest: %d checks, %d failures" % (len(checks), bad))
    return 1 if bad else 0


# ---------------------------------------------------------------------------

class Parser(argparse.ArgumentParser):
    def error(self, message):
        die(message)


def main(argv):
    ap = Parser(prog=PROG, description="Statistical test battery for pkc rng datasets.")
    ap.add_argument("datasets", nargs="*", metavar="[NAME=]FILE")
    ap.add_argument("-a", "--alpha", type=float, default=0.01, help="significance level (default 0.01)")
    ap.add_argument("--raw", action="store_true", help="inputs are binary streams (pkc rng -m raw)")
    ap.add_argument("-r", "--range", type=int, default=None,
                    help="RANGE of -m bounded data (default: inferred from the values)")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    ap.add_argument("--csv", metavar="FILE", help="write the results as CSV (one row per test)")
    ap.add_argument("--plots", metavar="DIR", help="write PNG plots under DIR/<dataset>/")
    ap.add_argument("--report", metavar="DIR",
                    help="write summary.csv, summary.json, report.md, report.html and plots under DIR")
    ap.add_argument("-q", "--quiet", action="store_true", help="no table on stdout")
    ap.add_argument("--strict", action="store_true", help="exit 1 when any test fails")
    ap.add_argument("--selftest", action="store_true", help="check the NIST tests against SP 800-22's examples")
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    if not a.datasets:
        die("no dataset given (try --help)")
    if not (0 < a.alpha < 1):
        die("--alpha must be in (0, 1)")
    if a.range is not None and a.range < 1:
        die("--range must be >= 1")
    datasets = []
    plots = {}
    seen = set()
    for spec in a.datasets:
        if "=" in spec and not os.path.exists(spec):
            name, path = spec.split("=", 1)
        else:
            path = spec
            name = os.path.splitext(os.path.basename(spec))[0]
        if not name or name in seen:
            die("dataset name %r empty or used twice" % name)
        seen.add(name)
        try:
            ds, vals, bits = analyse(name, path, a.raw, a.alpha, a.range)
        except InputError as e:
            die(str(e))
        except MemoryError:
            die("%s: too large to analyse in memory" % path)
        datasets.append(ds)
        pdir = a.plots or (os.path.join(a.report, "plots") if a.report else None)
        if pdir:
            plots[name] = make_plots(os.path.join(pdir, name), ds, vals, bits, a.alpha)
        if not a.quiet:
            print(text_table(ds, a.alpha))
            print()
    try:
        if a.json:
            write_json(a.json, datasets, a.alpha)
        if a.csv:
            write_csv(a.csv, datasets)
        if a.report:
            os.makedirs(a.report, exist_ok=True)
            write_json(os.path.join(a.report, "summary.json"), datasets, a.alpha)
            write_csv(os.path.join(a.report, "summary.csv"), datasets)
            with open(os.path.join(a.report, "summary.txt"), "w") as f:
                f.write("\n\n".join(text_table(d, a.alpha) for d in datasets) + "\n")
            write_report(a.report, datasets, a.alpha, plots, "rng_analysis.py " + " ".join(argv))
    except OSError as e:
        die("cannot write output: %s" % e)
    if a.strict and any(d["failures"] for d in datasets):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
