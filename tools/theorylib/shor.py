"""Shor's period finding, simulated with NumPy: to show the algorithm, not
to suggest a threat (a state vector of t + n qubits for N of a few bits).

The registers: t = 2n counting qubits (Q = 2^t) and the n-qubit work
register of a^x mod N. After the Hadamards and the modular exponentiation
the state is sum_x |x>|a^x mod N> / sqrt(Q). It is held as its non-zero
blocks, one per value y of the work register (the amplitudes of x with
a^x = y), which is the whole state vector without its zeros. The inverse
QFT on the counting register is numpy's FFT applied to each block (an FFT of
length Q computes the QFT's matrix-vector product; no gate-level circuit is
simulated). Measuring both registers then has the exact probabilities
|FFT_y(c)|^2 / Q^2, from which the measurements are drawn (seeded).
Classical post-processing: the continued fraction of c / Q gives candidate
periods s <= N, checked with a^s = 1 mod N; gcd(a^(r/2) +- 1, N) the factors.
"""
import math
from fractions import Fraction

import numpy as np

DISCLAIMER = ("Shor's period finding simulated on a classical computer to show how the "
              "algorithm works; the simulation's cost grows exponentially with the size of N, "
              "so it says nothing about the security of real keys.")


def counting_distribution(N, a, t=None):
    """The exact distribution of the counting register's measurement (an
    array of length Q = 2^t summing to 1), and t."""
    n = max(1, (N - 1).bit_length())
    if t is None:
        t = 2 * n
    Q = 1 << t
    # f(x) = a^x mod N for every x in [0, Q): the modular exponentiation
    # register, computed classically for each basis state
    f = np.empty(Q, dtype=np.int64)
    v = 1
    period = None
    for x in range(Q):
        f[x] = v
        v = v * a % N
        if period is None and v == 1:
            period = x + 1
            break
    if period is not None:  # a^x is periodic: fill by tiling (same values as the loop)
        f = np.resize(f[:period], Q)
    prob = np.zeros(Q)
    for y in np.unique(f):
        block = (f == y).astype(np.complex128) / math.sqrt(Q)
        amp = np.fft.fft(block) / math.sqrt(Q)  # inverse QFT on this block (sign convention
        prob += np.abs(amp) ** 2                # irrelevant for |amp|^2)
    prob /= prob.sum()
    return prob, t


def continued_fraction_period(c, Q, N, a):
    """The smallest s <= N among the convergents' denominators of c/Q (and
    their small multiples) with a^s = 1 mod N, or None."""
    if c == 0:
        return None
    fr = Fraction(c, Q)
    cands = []
    # convergents of the continued fraction
    h0, h1, k0, k1 = 0, 1, 1, 0
    x = fr
    while True:
        q = x.numerator // x.denominator
        h0, h1 = h1, q * h1 + h0
        k0, k1 = k1, q * k1 + k0
        if k1 > N:
            break
        cands.append(k1)
        rem = x - q
        if rem == 0:
            break
        x = 1 / rem
    for s in cands:
        for m in range(1, 4):
            if s * m <= N and pow(a, s * m, N) == 1:
                return s * m
    return None


def factor(N, rng, a=None, shots=8, max_tries=10):
    """Run the simulated algorithm on N: returns a dict with a, t, the
    measurements, the periods found, the period r and the factors."""
    if N < 4 or N % 2 == 0:
        raise ValueError("N must be odd and at least 15")
    for b in range(2, int(math.isqrt(N)) + 1):
        if round(N ** (1.0 / b)) ** b == N:
            raise ValueError("N must not be a prime power")
    tries = []
    for attempt in range(max_tries):
        if a is None or attempt > 0:
            while True:
                a_ = int(rng.integers(2, N - 1))
                if math.gcd(a_, N) == 1:
                    break
        else:
            a_ = a
            if math.gcd(a_, N) != 1:
                raise ValueError("a = %d shares a factor with N = %d" % (a_, N))
        prob, t = counting_distribution(N, a_)
        Q = 1 << t
        ms = [int(c) for c in rng.choice(Q, size=shots, p=prob)]
        periods = [continued_fraction_period(c, Q, N, a_) for c in ms]
        found = [s for s in periods if s]
        r = None
        if found:
            r = 1
            for s in found:
                r = r * s // math.gcd(r, s)
            if pow(a_, r, N) != 1:
                r = None
        true_r = next(s for s in range(1, N + 1) if pow(a_, s, N) == 1)
        entry = {"N": N, "a": a_, "t": t, "n": (N - 1).bit_length(), "measurements": ms,
                 "Q": Q, "periods": periods, "r": r, "true_period": true_r, "factors": None,
                 "note": None}
        tries.append(entry)
        if r is None:
            entry["note"] = "no period from these measurements; another a"
            continue
        if r % 2:
            entry["note"] = "odd period; another a"
            continue
        h = pow(a_, r // 2, N)
        if h == N - 1:
            entry["note"] = "a^(r/2) = -1 mod N; another a"
            continue
        p, q = math.gcd(h - 1, N), math.gcd(h + 1, N)
        if 1 < p < N and p * (N // p) == N:
            entry["factors"] = sorted((p, N // p))
            return {"N": N, "tries": tries, "result": entry}
        if 1 < q < N:
            entry["factors"] = sorted((q, N // q))
            return {"N": N, "tries": tries, "result": entry}
        entry["note"] = "trivial gcd; another a"
    return {"N": N, "tries": tries, "result": None}


def describe(run):
    lines = []
    for e in run["tries"]:
        lines.append("N = %d, a = %d: t = %d counting qubits + n = %d work qubits "
                     "(Q = %d; a state vector of 2^%d amplitudes, %d of them non-zero); "
                     "measured c = %s; continued fractions of c/Q give periods %s; "
                     "r = %s (true order of a: %d)%s" % (
                         e["N"], e["a"], e["t"], e["n"], e["Q"], e["t"] + e["n"],
                         e["Q"], ", ".join(map(str, e["measurements"])),
                         ", ".join("-" if s is None else str(s) for s in e["periods"]),
                         e["r"], e["true_period"],
                         "; factors %d × %d" % tuple(e["factors"]) if e["factors"] else
                         "; " + (e["note"] or "")))
    return lines
