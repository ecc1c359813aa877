"""Numbers as the report prints them: three significant digits, the unit
chosen with the quantity (ns/µs/ms/s), ratios with a "×". One function per
kind of number, so a figure in a caption, a table, a chart label and a key
finding is the same string (tests/test_report.sh checks that the findings'
numbers appear in their charts character for character)."""
import math
import re


def _finite(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def sig(x, digits=3):
    """x rounded to `digits` significant digits, trailing zeros kept
    (2.80, 0.000401), thousands separated from 1,000 on (4,540)."""
    if not _finite(x):
        return "—"
    if x == 0:
        return "0"
    a = abs(x)
    exp = math.floor(math.log10(a))
    r = round(x, digits - 1 - exp)
    if r != 0 and math.floor(math.log10(abs(r))) != exp:  # 999.7 -> 1000: one digit more
        exp += 1
    if exp >= digits - 1:
        return "{:,}".format(int(round(r)))
    if exp < -5:
        return "%.*e" % (digits - 1, x)
    return "%.*f" % (digits - 1 - exp, r)


_TIME_UNITS = (("s", 1e6), ("ms", 1e3), ("µs", 1.0), ("ns", 1e-3))


def fmt_us(v):
    """A time given in microseconds, in the unit that reads best: 78.0 ns,
    17.7 µs, 2.83 ms, 2.25 s."""
    if not _finite(v):
        return "—"
    if v <= 0:
        return "0"
    for unit, size in _TIME_UNITS:
        # The unit of the *rounded* value: 999.7 µs prints as 1.00 ms.
        if float(sig(v / size).replace(",", "")) >= 1 or unit == "ns":
            return "%s %s" % (sig(v / size), unit)
    return "—"  # pragma: no cover


def _strip_zeros(num):
    return re.sub(r"\.?0+$", "", num) if "." in num and "e" not in num else num


def tick_us(v, _pos=None):
    """An axis tick in microseconds: fmt_us without trailing zeros (10 µs,
    2.5 ms), since ticks are round numbers."""
    if not _finite(v) or v <= 0:
        return "0" if v == 0 else ""
    num, unit = fmt_us(v).split(" ")
    return "%s %s" % (_strip_zeros(num), unit)


def fmt_ratio(r):
    """A ratio of two times: 1.57×, 0.127×, 4,540×."""
    if not _finite(r):
        return "—"
    return sig(r) + "×"


def tick_ratio(v, _pos=None):
    if not _finite(v) or v <= 0:
        return ""
    return _strip_zeros(sig(v)) + "×"


def fmt_pct(v):
    return "—" if not _finite(v) else sig(v) + " %"


def fmt_count(n):
    return "—" if not _finite(n) else "{:,}".format(int(round(n)))


def fmt_rate(v):
    """Operations per second."""
    return "—" if not _finite(v) else sig(v) + "/s"


def fmt_throughput(bytes_per_us):
    """Bytes per microsecond as MB/s or GB/s (10^6 and 10^9 bytes per second)."""
    if not _finite(bytes_per_us) or bytes_per_us <= 0:
        return "—"
    mbs = bytes_per_us  # 1 byte/µs = 1 MB/s
    if mbs >= 1000:
        return sig(mbs / 1000) + " GB/s"
    return sig(mbs) + " MB/s"


def fmt_bytes(n):
    n = float(n)
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return "%d %s" % (n // size, unit)
    return "%d B" % n


def fmt_ci(lo, hi, fmt=fmt_us):
    """'[a, b]' for a confidence interval, '—' when there is none."""
    if lo is None or hi is None:
        return "—"
    return "%s – %s" % (fmt(lo), fmt(hi))


def fmt_date(s):
    """'2026-12-01T20:54:50Z' -> '2026-12-01 20:54 UTC' (other strings unchanged)."""
    if not isinstance(s, str):
        return "?"
    if len(s) >= 16 and s[10] == "T":
        return s[:10] + " " + s[11:16] + (" UTC" if s.endswith("Z") else "")
    return s


# Context fields with a unit: (suffix, scale) so that the context table never
# shows a raw float such as 0.0006536451831.
CONTEXT_UNITS = {
    "mhz_per_cpu": ("MHz", 1), "tsc_mhz": ("MHz", 1), "timer_overhead_ns": ("ns", 1),
    "timer_overhead_pct": ("%", 1), "target_sample_ms": ("ms", 1),
    "time_budget_s": ("s", 1), "keygen_budget_s": ("s", 1), "wall_time_s": ("s", 1),
    "steal_pct_during": ("%", 1),
}


def fmt_context_value(key, v):
    """One context field as text: numbers to 3 significant digits with their
    unit, lists joined, objects as 'name value' pairs, booleans as yes/no."""
    if v is None:
        return "—"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if key == "min_sample_ns" and _finite(v):
        return fmt_us(v / 1000.0)
    if key == "cpu_flags" and isinstance(v, dict):
        on = [k for k, x in v.items() if x is True]
        off = [k for k, x in v.items() if x is False]
        return "present: %s; absent: %s" % (", ".join(on) or "none", ", ".join(off) or "none")
    if _finite(v):
        if key in CONTEXT_UNITS:
            unit, scale = CONTEXT_UNITS[key]
            return "%s %s" % (sig(v * scale), unit)
        if isinstance(v, int) or float(v).is_integer():
            return "%d" % v
        return sig(v)
    if isinstance(v, dict):
        return ", ".join("%s %s" % (a, fmt_context_value(a, b)) for a, b in v.items())
    if isinstance(v, list):
        return ", ".join(fmt_context_value(key, x) if not _finite(x) else sig(x) for x in v)
    return str(v)
