"""The extrapolation arithmetic, kept free of files and figures so the
tests can check it against hand-computed values.

- fit_log2(bits, values): least squares of log2(value) = alpha * bits + c,
  with the 95 % confidence interval of alpha (Student t, n - 2 degrees of
  freedom) and the prediction at other sizes with the 95 % CI of the fitted
  line there.
- L(N; 1/3, c): the GNFS heuristic exp(c (ln N)^(1/3) (ln ln N)^(2/3)),
  c = (64/9)^(1/3), o(1) taken as 0; calibrated to RSA-250 (829 bits,
  about 2,700 core-years: Boudot, Gaudry, Guillevic, Heninger, Thomé,
  Zimmermann 2020).
- rho_expected(n): the expected group operations of Pollard's rho,
  sqrt(pi n / 2) without the negation map, sqrt(pi n / 4) with it.
"""
import math

from scipy import stats

GNFS_C = (64.0 / 9.0) ** (1.0 / 3.0)
RSA250_BITS = 829
RSA250_CORE_YEARS = 2700.0
REFERENCE_CORE = "Intel Xeon Gold 6130 at 2.1 GHz (the record's reference core)"
SP800_57 = {1024: 80, 2048: 112, 3072: 128, 7680: 192, 15360: 256}


def fit_log2(bits, values):
    """Fit log2(values) = alpha * bits + c. Returns a dict with alpha, c,
    alpha_ci (95 %), n, the residual standard error s and what predict()
    needs; None when fewer than 3 points or a single size."""
    pts = [(float(b), math.log2(v)) for b, v in zip(bits, values) if v and v > 0]
    n = len(pts)
    if n < 3 or len({b for b, _ in pts}) < 2:
        return None
    xs = [b for b, _ in pts]
    ys = [y for _, y in pts]
    mx = sum(xs) / n
    my = sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in pts)
    alpha = sxy / sxx
    c = my - alpha * mx
    rss = sum((y - (alpha * x + c)) ** 2 for x, y in pts)
    s = math.sqrt(rss / (n - 2)) if n > 2 else 0.0
    tq = stats.t.ppf(0.975, n - 2)
    se = s / math.sqrt(sxx)
    return {"alpha": alpha, "c": c, "alpha_ci": (alpha - tq * se, alpha + tq * se),
            "n": n, "s": s, "mx": mx, "sxx": sxx, "t": tq}


def predict(fit, bits):
    """log2 of the fitted value at `bits` and the 95 % CI of the fitted line
    there (log2 units)."""
    y = fit["alpha"] * bits + fit["c"]
    half = fit["t"] * fit["s"] * math.sqrt(1.0 / fit["n"] + (bits - fit["mx"]) ** 2 /
                                           fit["sxx"])
    return y, (y - half, y + half)


def fit_fixed_slope(bits, values, alpha):
    """log2(value) - alpha * bits averaged: the constant of the law with the
    exponent fixed (e.g. 0.5 for rho), with its 95 % CI (t interval)."""
    d = [math.log2(v) - alpha * b for b, v in zip(bits, values) if v and v > 0]
    n = len(d)
    if n < 2:
        return None
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    h = stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    return {"c": m, "ci": (m - h, m + h), "n": n}


def ln_L(bits, c=GNFS_C):
    """ln of L_N[1/3, c] for N = 2^bits (ln N = bits ln 2)."""
    lnN = bits * math.log(2.0)
    return c * lnN ** (1.0 / 3.0) * math.log(lnN) ** (2.0 / 3.0)


def gnfs_core_years(bits, ref_bits=RSA250_BITS, ref_core_years=RSA250_CORE_YEARS):
    """Core-years for an N of `bits` bits: the record's core-years times
    L(N) / L(RSA-250)."""
    return ref_core_years * math.exp(ln_L(bits) - ln_L(ref_bits))


def gnfs_table(sizes=(1024, 2048, 3072, 4096, 7680, 15360)):
    """Per size: log2 L_N (o(1) = 0), core-years calibrated to RSA-250,
    log2 of those core-years in clock cycles of the reference core, and the
    SP 800-57 security strength."""
    cyc_per_core_year = 2.1e9 * 365.25 * 86400
    out = []
    for b in sizes:
        cy = gnfs_core_years(b)
        out.append({"bits": b, "log2_L": ln_L(b) / math.log(2.0), "core_years": cy,
                    "log2_cycles": math.log2(cy * cyc_per_core_year),
                    "sp800_57": SP800_57.get(b)})
    return out


def rho_expected(n, negation_map):
    """Expected group operations of Pollard's rho in a group of order n."""
    return math.sqrt(math.pi * n / (4.0 if negation_map else 2.0))
