"""The report's intervals, one meaning each (docs/report.md):

- a median's interval is the distribution-free 95 % confidence interval of
  the median (the sign-test interval that `pkc bench` writes as
  ci_low/ci_high, coverage >= 95 %; computed here the same way from the raw
  samples when the file has none);
- a ratio's interval is the 95 % confidence interval of the ratio of medians
  and includes the uncertainty of both: the file's ratio_ci_low/high when it
  is against the same baseline, else a percentile bootstrap over both sets of
  raw samples, else (no raw samples) both medians' intervals combined on the
  log scale.
"""
import math
import zlib

import numpy as np

LEVEL = 0.95
BOOT = 2000  # bootstrap resamples: the 2.5 % and 97.5 % points settle well before


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def sign_test_ci(samples, level=LEVEL):
    """(low, high, coverage) of the median: the order statistics x(l) and
    x(n-l+1) with the largest l such that 2 P(B <= l-1) <= 1 - level,
    B ~ Binomial(n, 1/2) (Conover, Practical Nonparametric Statistics, 3.2;
    the same rule as bench/stats.c). None when no pair reaches `level`
    (fewer than 6 samples)."""
    v = sorted(samples)
    n = len(v)
    cdf, l = 0.0, 0
    for k in range(n // 2 + 1):
        cdf += math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                        - n * math.log(2))
        if 2 * cdf <= 1 - level:
            l = k + 1
        else:
            break
    if l == 0:
        return None
    c = sum(math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                     - n * math.log(2)) for k in range(l))
    return v[l - 1], v[n - l], 1 - 2 * c


def median_ci(case):
    """(low, high) of a case's 95 % CI of the median, or None when it has no
    interval of at least 95 % coverage (too few samples)."""
    if case.ci_low is not None and case.ci_high is not None:
        if case.ci_level is None or case.ci_level >= LEVEL - 1e-9:
            return min(case.ci_low, case.median), max(case.ci_high, case.median)
        return None
    if case.raw and len(case.raw) >= 6:
        r = sign_test_ci(case.raw)
        if r:
            return min(r[0], case.median), max(r[1], case.median)
    return None


def _boot(case):
    """BOOT bootstrap medians of a case's raw samples (cached; seeded from
    the case's name, so the same input gives the same report)."""
    got = getattr(case, "_boot", None)
    if got is not None or not case.raw or len(case.raw) < 3:
        return got
    seed = zlib.crc32(("%s|%s" % (case.name, case.run.path if case.run else "")).encode())
    rng = np.random.default_rng(seed)
    x = np.asarray(case.raw, dtype=float)
    idx = rng.integers(0, x.size, size=(BOOT, x.size))
    case._boot = np.median(x[idx], axis=1)
    return case._boot


def _terms(items):
    """[(case, weight)] from a list of cases or (case, weight) pairs."""
    return [x if isinstance(x, tuple) else (x, 1.0) for x in items]


def combo(items):
    """sum(weight × median) of a list of cases or (case, weight) pairs."""
    return sum(w * c.median for c, w in _terms(items))


def combo_boot(items):
    """BOOT bootstrap values of combo(items), or None without raw samples."""
    terms = _terms(items)
    boots = [_boot(c) for c, _ in terms]
    if any(b is None for b in boots):
        return None
    return np.sum([w * b for (_, w), b in zip(terms, boots)], axis=0)


def combo_ci(items):
    """95 % CI of combo(items): bootstrap, or a single case's own interval."""
    b = combo_boot(items)
    point = combo(items)
    if b is not None:
        lo, hi = np.percentile(b, [100 * (1 - LEVEL) / 2, 100 * (1 + LEVEL) / 2])
        return min(float(lo), point), max(float(hi), point)
    terms = _terms(items)
    if len(terms) == 1:
        ci = median_ci(terms[0][0])
        return (ci[0] * terms[0][1], ci[1] * terms[0][1]) if ci else None
    return None


def ratio_ci(num, den):
    """95 % CI of combo(num) / combo(den) (lists of cases or (case, weight)
    pairs): a bootstrap over every case's raw samples, or, for one case on
    each side without raw samples, their intervals combined on the log scale
    (delta method: the half-widths add in quadrature). None if neither works."""
    bn, bd = combo_boot(num), combo_boot(den)
    point = combo(num) / combo(den)
    if bn is not None and bd is not None:
        lo, hi = np.percentile(bn / bd, [100 * (1 - LEVEL) / 2, 100 * (1 + LEVEL) / 2])
        return min(float(lo), point), max(float(hi), point)
    tn, td = _terms(num), _terms(den)
    if len(tn) == 1 and len(td) == 1:
        return combine_log_ci(tn[0][0].median * tn[0][1], median_ci(tn[0][0]),
                              td[0][0].median * td[0][1], median_ci(td[0][0]))
    return None


def combine_log_ci(a, a_ci, b, b_ci):
    """95 % CI of a / b from the two 95 % CIs, treating each log median as
    roughly normal: half-width sqrt(ha^2 + hb^2) on the log scale."""
    if not a_ci or not b_ci or min(a_ci + b_ci) <= 0:
        return None
    ha = (math.log(a_ci[1]) - math.log(a_ci[0])) / 2
    hb = (math.log(b_ci[1]) - math.log(b_ci[0])) / 2
    h = math.hypot(ha, hb)
    r = a / b  # a and b may carry a weight; the relative widths do not change
    return r * math.exp(-h), r * math.exp(h)


def ratio_against(case, base, baseline_name):
    """(ratio, CI or None) of case.median / base.median; the file's own
    ratio CI is used when it is against the same baseline provider, measured
    in the same run."""
    r = case.median / base.median
    if case.ratio_ci_low is not None and case.ratio_ci_high is not None and \
            case.ratio_baseline == baseline_name and case.run is base.run:
        return r, (min(case.ratio_ci_low, r), max(case.ratio_ci_high, r))
    return r, ratio_ci([case], [base])


def percentile(xs, p):
    return float(np.percentile(np.asarray(xs, dtype=float), p))
