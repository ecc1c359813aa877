"""The report's charts (issue 6). Each chart is prepared from the data first
(numbers, table, caption with the conclusion), then drawn: `draw(ax)` for the
single-axes charts, which the collages reuse, or `figure()` for the
multi-panel ones. A chart whose data are absent carries `skip` (the reason)
instead of a drawing, and the report says so.
"""
import math

import numpy as np
import matplotlib
matplotlib.use("Agg")
matplotlib.rcParams["svg.fonttype"] = "none"   # SVG text stays text: small, searchable
matplotlib.rcParams["svg.hashsalt"] = "pkc"    # stable ids: same input, same SVG
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import LogNorm  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullFormatter  # noqa: E402

from .data import (ECC_ALGS, CURVE_NICK, fmt_us, fmt_ratio, fmt_bytes,  # noqa: E402
                   param_label, level_pairs)

PROVIDER_COLORS = {
    "pkc": "#1f77b4", "pkc-affine": "#9ecae1", "pkc-textbook": "#6baed6",
    "openssl": "#d62728", "libsecp256k1": "#ff7f0e", "nettle": "#2ca02c",
    "mbedtls": "#9467bd", "wolfssl": "#8c564b", "gcrypt": "#7f7f7f",
}
EXTRA_COLORS = ["#e377c2", "#bcbd22", "#17becf", "#393b79", "#637939"]
OP_ORDER = ["keygen", "sign", "sign_pss", "verify", "verify_pss", "encrypt",
            "decrypt", "private", "public", "derive", "point_add", "point_double",
            "scalar_mul", "scalar_mul_base", "hash"]
OP_COLORS = dict(zip(OP_ORDER, plt.get_cmap("tab20").colors[::2] +
                     plt.get_cmap("tab20").colors[1::2]))
RSA_COLOR, RSA_LIGHT = "#c0392b", "#f1948a"
RATIO_COLORS = ["#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860", "#da8bc3"]
ECC_COLOR, ECC_LIGHT = "#1f618d", "#85c1e9"


def provider_color(p, _cache={}):
    if p in PROVIDER_COLORS:
        return PROVIDER_COLORS[p]
    if p not in _cache:
        _cache[p] = EXTRA_COLORS[len(_cache) % len(EXTRA_COLORS)]
    return _cache[p]


def op_color(op):
    return OP_COLORS.get(op, "#444444")


def op_sort_key(op):
    return (OP_ORDER.index(op) if op in OP_ORDER else len(OP_ORDER), op)


def us_formatter():
    return FuncFormatter(lambda v, _pos: fmt_us(v) if v > 0 else "0")


def log_us_axis(axis_obj, setter):
    setter("log")
    axis_obj.set_major_formatter(us_formatter())
    axis_obj.set_minor_formatter(NullFormatter())


def pct_tick(v, _pos=None):
    return "0%" if abs(v) < 1e-9 else "%+g%%" % v


def ratio_tick(v, _pos=None):
    return ("{:,.0f}×".format(v) if v >= 1 else "%g×" % v) if v > 0 else ""


def pad_slots(set_lim, n, slots=3):
    """Keep bars of a chart with few groups from filling the whole panel."""
    extra = max(0, slots - n) / 2.0
    set_lim(-0.6 - extra, n - 0.4 + extra)


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def curve_tick(c):
    return c + ("\n(" + CURVE_NICK[c] + ")" if c in CURVE_NICK else "")


def sentences(msgs, cap=True):
    """Join clauses into one sentence that starts with a capital (unless it starts
    with a provider's name, which keeps its spelling) and ends with a stop."""
    text = "; ".join(m for m in msgs if m)
    if not text:
        return ""
    if cap:
        text = text[0].upper() + text[1:]
    return text + ("" if text.endswith(".") else ".")


def span_ratio(lo, hi):
    """'3.1×' when both ends print alike, else '2.9×–3.3×'."""
    a, b = fmt_ratio(lo), fmt_ratio(hi)
    return a if a == b else "%s–%s" % (a, b)


def faster(a_name, a, b_name, b):
    """'A is N× faster than B' (or the other way round), from two times."""
    if a <= b:
        return "%s is %s faster than %s" % (a_name, fmt_ratio(b / a), b_name)
    return "%s is %s faster than %s" % (b_name, fmt_ratio(a / b), a_name)


class Chart:
    def __init__(self, cid, stem, title):
        self.cid = cid            # "1", "7a", ...
        self.stem = stem          # file name without extension
        self.title = title
        self.caption = ""
        self.tables = []          # [(subtitle or None, headers, rows)]
        self.skip = None          # reason when the data are absent
        self.draw = None          # draw(ax, compact=False)
        self.figure = None        # figure() -> matplotlib Figure
        self.size = (10, 6)
        self.files = []           # written files (basenames)
        self.broken = False       # True when a bug stopped it (exit status 1)

    def skipped(self, reason):
        self.skip = reason
        return self


# ---------------------------------------------------------------------------
# 1. Summary heatmap
def chart_heatmap(ctx):
    ch = Chart("1", "01-heatmap", "Summary: median time of every operation and parameter")
    run, prov = ctx.run, ctx.provider
    if prov is None:
        return ch.skipped("no benchmark cases in the result file")
    rows = []  # (label, {op: case})
    for p in run.params(prov, ("RSA",)):
        cells = {c.op: c for c in run.cases.values()
                 if c.provider == prov and c.algorithm == "RSA" and c.param == p}
        sec = run.security_of("RSA", p)
        rows.append(("RSA-%s%s" % (p, " (%d-bit)" % sec if sec else ""), cells))
    for p in run.params(prov, ECC_ALGS):
        cells = {}
        for alg in ECC_ALGS:  # ECDSA's keygen first, then ECDH's, then EC
            for c in run.cases.values():
                if c.provider == prov and c.algorithm == alg and c.param == p:
                    cells.setdefault(c.op, c)
        sec = run.security_of("ECDSA", p) or run.security_of("ECDH", p)
        rows.append(("%s%s" % (p, " (%d-bit)" % sec if sec else ""), cells))
    others = sorted({c.algorithm for c in run.cases.values() if c.provider == prov}
                    - {"RSA"} - set(ECC_ALGS))
    for alg in others:
        for p in run.params(prov, (alg,)):
            cells = {c.op: c for c in run.cases.values()
                     if c.provider == prov and c.algorithm == alg and c.param == p}
            rows.append(("%s %s" % (alg, param_label(alg, p)), cells))
    ops = sorted({op for _, cells in rows for op in cells}, key=op_sort_key)
    if not rows or not ops:
        return ch.skipped("no cases for provider %s" % prov)
    m = np.full((len(rows), len(ops)), np.nan)
    for i, (_, cells) in enumerate(rows):
        for j, op in enumerate(ops):
            if op in cells:
                m[i, j] = cells[op].median
    finite = m[np.isfinite(m)]
    lo, hi = float(finite.min()), float(finite.max())
    imin = np.unravel_index(np.nanargmin(m), m.shape)
    imax = np.unravel_index(np.nanargmax(m), m.shape)
    ch.caption = (
        "Median time per operation (columns) for every parameter (rows: RSA modulus sizes, "
        "curves, message sizes) of provider %s; the colour is on a log scale and grey cells are "
        "operations that do not apply or were not measured. The cheapest cell is %s %s (%s), the "
        "most expensive %s %s (%s): %.1f orders of magnitude apart, which is why every other "
        "chart uses log scales." % (
            prov, rows[imin[0]][0], ops[imin[1]], fmt_us(lo), rows[imax[0]][0], ops[imax[1]],
            fmt_us(hi), math.log10(hi / lo) if lo > 0 else 0))
    ch.tables.append((None, ["parameter"] + ops,
                      [[lab] + [fmt_us(v) if np.isfinite(v) else "—" for v in m[i]]
                       for i, (lab, _) in enumerate(rows)]))
    ch.size = (max(9, 1.0 + 0.75 * len(ops)), max(5, 1.8 + 0.42 * len(rows)))

    def draw(ax, compact=False):
        cmap = plt.get_cmap("viridis").copy()
        cmap.set_bad("#e6e6e6")
        norm = LogNorm(vmin=lo, vmax=max(hi, lo * 1.0001))
        im = ax.imshow(np.ma.masked_invalid(m), cmap=cmap, norm=norm, aspect="auto",
                       interpolation="nearest")
        fs = 5.5 if compact else 7.5
        for i in range(m.shape[0]):
            for j in range(m.shape[1]):
                v = m[i, j]
                if np.isfinite(v):
                    r, g, b, _ = cmap(norm(v))
                    light = 0.299 * r + 0.587 * g + 0.114 * b > 0.55
                    t = ax.text(j, i, fmt_us(v).replace(" ", "\n" if compact else " "),
                                ha="center", va="center", fontsize=fs,
                                color="black" if light else "white")
                    t.set_in_layout(False)  # inside the axes; skipping it saves time
        ax.set_xticks(range(len(ops)))
        ax.set_xticklabels(ops, rotation=35, ha="right", fontsize=fs + 1.5)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([r[0] for r in rows], fontsize=fs + 1.5)
        ax.set_xlabel("operation")
        ax.set_ylabel("parameter (security level)")
        ax.set_title(ch.title + " (%s)" % prov)
        cb = ax.figure.colorbar(im, ax=ax, fraction=0.04, pad=0.02)
        cb.set_label("median time per operation (log scale)")
        cb.ax.yaxis.set_major_formatter(us_formatter())
        cb.ax.yaxis.set_minor_formatter(NullFormatter())
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 2. Key generation
def chart_keygen(ctx):
    ch = Chart("2", "02-keygen", "Key generation: RSA sizes and curves")
    run = ctx.run
    rsa_params = sorted({c.param for c in run.cases.values()
                         if c.algorithm == "RSA" and c.op == "keygen"},
                        key=lambda p: float(p) if p.isdigit() else 1e9)
    curves = {}
    for c in run.cases.values():
        if c.algorithm in ("ECDSA", "ECDH") and c.op == "keygen":
            curves.setdefault(c.param, c.param_value or 0)
    curves = sorted(curves, key=lambda p: (curves[p], p))
    cats = [("RSA", p) for p in rsa_params] + [("ECC", p) for p in curves]
    if not rsa_params and not curves:
        return ch.skipped("no keygen cases in the result file")

    def get(prov, fam, p):
        if fam == "RSA":
            return run.get(prov, "RSA", p, "keygen")
        return run.get(prov, "ECDSA", p, "keygen") or run.get(prov, "ECDH", p, "keygen")

    provs = [p for p in ctx.provider_order if any(get(p, f, q) for f, q in cats)]
    table = []
    for fam, p in cats:
        table.append([param_label("RSA", p) if fam == "RSA" else p] +
                     [fmt_us(get(pr, fam, p).median) if get(pr, fam, p) else "—"
                      for pr in provs])
    ch.tables.append(("median (µs/op)", ["parameter"] + provs, table))
    msgs = []
    prov = ctx.provider
    pairs = [lp for lp in level_pairs(run, prov)
             if get(prov, "RSA", lp[1]) and get(prov, "ECC", lp[2])]
    if pairs:
        lvl, rp, cv = pairs[-1] if not [x for x in pairs if x[0] == 128] else \
            [x for x in pairs if x[0] == 128][0]
        r, e = get(prov, "RSA", rp), get(prov, "ECC", cv)
        msgs.append("At %d-bit security (%s, RSA-%s vs %s) %s." % (
            lvl, prov, rp, cv, faster("%s key generation" % cv, e.median,
                                      "RSA-%s key generation" % rp, r.median)))
    noisy = [get(prov, "RSA", p) for p in rsa_params if get(prov, "RSA", p)]
    noisy = [c for c in noisy if c.p5 and c.p95]
    if noisy:
        c = max(noisy, key=lambda c: c.p95 / c.p5)
        msgs.append("RSA key generation is a random search for primes, so its time varies: "
                    "for RSA-%s the 5th–95th percentile range is %s–%s (whiskers)." % (
                        c.param, fmt_us(c.p5), fmt_us(c.p95)))
    ch.caption = ("Median key-generation time per RSA modulus size and per curve for every "
                  "provider that has it (log scale; whiskers: 5th–95th percentile). " +
                  " ".join(msgs))
    ch.size = (max(9, 0.35 * len(cats) * max(1, len(provs)) + 3), 6)

    def draw(ax, compact=False):
        n = max(1, len(provs))
        w = 0.8 / n
        x = np.arange(len(cats))
        for k, pr in enumerate(provs):
            xs, ys, lo, hi = [], [], [], []
            for i, (fam, p) in enumerate(cats):
                c = get(pr, fam, p)
                if c:
                    xs.append(x[i] - 0.4 + w * (k + 0.5))
                    ys.append(c.median)
                    lo.append(c.median - (c.p5 if c.p5 else c.median))
                    hi.append((c.p95 if c.p95 else c.median) - c.median)
            ax.bar(xs, ys, w, color=provider_color(pr), label=pr,
                   yerr=[np.maximum(lo, 0), np.maximum(hi, 0)], capsize=2,
                   error_kw={"elinewidth": 0.8})
        if rsa_params and curves:
            ax.axvline(len(rsa_params) - 0.5, color="grey", ls="--", lw=0.8)
        pad_slots(ax.set_xlim, len(cats), 4)
        ax.set_xticks(x)
        many = len(cats) > (10 if compact else 14)
        ax.set_xticklabels([("RSA-" + p) if f == "RSA" else curve_tick(p) for f, p in cats],
                           rotation=30 if many else 0, ha="right" if many else "center",
                           fontsize=7 if compact else 8)
        log_us_axis(ax.yaxis, ax.set_yscale)
        ax.set_ylabel("median time per key (log scale)")
        ax.set_xlabel("RSA modulus size (bits) | elliptic curve")
        ax.set_title(ch.title)
        ax.legend(title="provider", fontsize=8)
        ax.grid(axis="y", which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 3. Sign and verify at equal security
def chart_sign_verify(ctx):
    ch = Chart("3", "03-sign-verify", "Sign and verify at equal NIST security levels")
    run, prov = ctx.run, ctx.provider
    pairs = []
    for lvl, rp, cv in level_pairs(run, prov) if prov else []:
        vals = {(fam, op): (run.get(prov, "RSA", rp, op) if fam == "RSA"
                            else run.get(prov, "ECDSA", cv, op))
                for fam in ("RSA", "ECDSA") for op in ("sign", "verify")}
        if any(vals.values()):
            pairs.append((lvl, rp, cv, vals))
    if not pairs:
        return ch.skipped("no security level with both RSA and ECDSA sign/verify cases")
    series = [("RSA", "sign", RSA_COLOR, None), ("ECDSA", "sign", ECC_COLOR, None),
              ("RSA", "verify", RSA_LIGHT, "//"), ("ECDSA", "verify", ECC_LIGHT, "//")]
    rows, msgs = [], []
    for lvl, rp, cv, v in pairs:
        row = ["%d" % lvl, "RSA-%s / %s" % (rp, cv)]
        for op in ("sign", "verify"):
            r, e = v[("RSA", op)], v[("ECDSA", op)]
            row += [fmt_us(r.median) if r else "—", fmt_us(e.median) if e else "—",
                    fmt_ratio(r.median / e.median) if r and e else "—"]
        rows.append(row)
    ch.tables.append(("median (µs/op), provider %s; ratio = RSA / ECDSA" % prov,
                      ["level (bits)", "pair", "RSA sign", "ECDSA sign", "ratio",
                       "RSA verify", "ECDSA verify", "ratio"], rows))
    ref = [p for p in pairs if p[0] == 128] or pairs[-1:]
    lvl, rp, cv, v = ref[0]
    for op, verb in (("sign", "signing"), ("verify", "verification")):
        r, e = v[("RSA", op)], v[("ECDSA", op)]
        if r and e:
            msgs.append(faster("ECDSA %s (%s, %s)" % (verb, cv, fmt_us(e.median)), e.median,
                               "RSA-%s %s (%s)" % (rp, verb, fmt_us(r.median)), r.median))
    if len(pairs) > 1:
        r0, e0 = pairs[0][3][("RSA", "sign")], pairs[0][3][("ECDSA", "sign")]
        r1, e1 = pairs[-1][3][("RSA", "sign")], pairs[-1][3][("ECDSA", "sign")]
        if r0 and e0 and r1 and e1:
            msgs.append("from %d to %d bits of security RSA signing slows down %s but ECDSA "
                        "signing only %s" % (pairs[0][0], pairs[-1][0],
                                             fmt_ratio(r1.median / r0.median),
                                             fmt_ratio(e1.median / e0.median)))
    ch.caption = ("Median sign and verify times of RSA (PKCS#1 v1.5) and ECDSA paired by "
                  "NIST SP 800-57 security level, provider %s. At %d-bit security %s." % (
                      prov, lvl, "; ".join(msgs)) if msgs else
                  "Median sign and verify times paired by NIST security level.")
    allv = [c.median for *_, v in pairs for c in v.values() if c]
    use_log = max(allv) / min(allv) > 20

    def draw(ax, compact=False):
        x = np.arange(len(pairs))
        w = 0.2
        for k, (fam, op, col, hatch) in enumerate(series):
            xs = [x[i] - 0.3 + w * k for i, p in enumerate(pairs) if p[3][(fam, op)]]
            ys = [p[3][(fam, op)].median for p in pairs if p[3][(fam, op)]]
            ax.bar(xs, ys, w, color=col, hatch=hatch, edgecolor="white" if hatch else None,
                   label="%s %s" % (fam, op))
        ax.set_xticks(x)
        ax.set_xticklabels(["%d-bit\nRSA-%s | %s" % (lvl, rp, cv) for lvl, rp, cv, _ in pairs],
                           fontsize=7 if compact else 8)
        pad_slots(ax.set_xlim, len(pairs))
        if use_log:
            log_us_axis(ax.yaxis, ax.set_yscale)
            ax.set_ylabel("median time per operation (log scale)")
        else:
            ax.yaxis.set_major_formatter(us_formatter())
            ax.set_ylabel("median time per operation")
        ax.set_xlabel("NIST security level and the RSA size | curve giving it")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=8, ncol=2)
        ax.grid(axis="y", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 4. ECC vs RSA speed-up ratios
def chart_ratios(ctx):
    ch = Chart("4", "04-ecc-vs-rsa", "Speed-up of ECC over RSA per security level and operation")
    run, prov = ctx.run, ctx.provider
    entries = []  # (level, rsa_bits, curve, op, rsa_us, ecc_us)
    sl = run.scenarios.get("security-levels")
    if sl:
        provs = [r["provider"] for r in sl]
        use = prov if prov in provs else provs[0]
        for r in sl:
            if r["provider"] == use and r["rsa_us"] > 0 and r["ecc_us"] > 0:
                entries.append((int(r["security_bits"]), str(int(r["rsa_bits"])), r["curve"],
                                r["op"], float(r["rsa_us"]), float(r["ecc_us"])))
        source = "the security-levels scenario (provider %s)" % use
        kex_def = ""
    else:
        use = prov
        for lvl, rp, cv in level_pairs(run, prov) if prov else []:
            def m(alg, p, op):
                c = run.get(prov, alg, p, op)
                return c.median if c else None
            for op, r, e in (
                    ("keygen", m("RSA", rp, "keygen"), m("ECDSA", cv, "keygen")),
                    ("sign", m("RSA", rp, "sign"), m("ECDSA", cv, "sign")),
                    ("verify", m("RSA", rp, "verify"), m("ECDSA", cv, "verify"))):
                if r and e:
                    entries.append((lvl, rp, cv, op, r, e))
            enc, dec, der = m("RSA", rp, "encrypt"), m("RSA", rp, "decrypt"), \
                m("ECDH", cv, "derive")
            if enc and dec and der:
                entries.append((lvl, rp, cv, "key exchange", enc + dec, 2 * der))
        source = "the benchmark cases (provider %s)" % prov
        kex_def = (" A key exchange is RSA-OAEP encrypt + decrypt against two ECDH derivations "
                   "(one per side).")
    if not entries:
        return ch.skipped("no security level with both RSA and ECC cases")
    groups = []
    for e in entries:
        g = (e[0], e[1], e[2])
        if g not in groups:
            groups.append(g)
    groups.sort()
    ops = []
    for e in entries:
        if e[3] not in ops:
            ops.append(e[3])
    ch.tables.append((None, ["level (bits)", "RSA", "curve", "operation", "RSA median",
                             "ECC median", "RSA / ECC"],
                      [[str(e[0]), "RSA-" + e[1], e[2], e[3], fmt_us(e[4]), fmt_us(e[5]),
                        fmt_ratio(e[4] / e[5])] for e in sorted(entries)]))
    big = max(entries, key=lambda e: e[4] / e[5])
    small = min(entries, key=lambda e: e[4] / e[5])
    msg = ("The largest gap is %s at %d bits: ECC (%s) is %s faster than RSA-%s." % (
        big[3], big[0], big[2], fmt_ratio(big[4] / big[5]), big[1]))
    rsa_wins = [e for e in entries if e[4] < e[5]]
    if rsa_wins:
        msg += (" RSA is faster only for %s (%s); at %d bits its %s is %s faster." % (
            ", ".join(sorted({e[3] for e in rsa_wins})),
            ", ".join("%d" % lv for lv in sorted({e[0] for e in rsa_wins})) + "-bit",
            small[0], small[3], fmt_ratio(small[5] / small[4])))
    else:
        msg += " ECC is faster for every operation at every level measured."
    ch.caption = ("Ratio RSA median / ECC median, from %s, per NIST level and operation "
                  "(log scale; right of the 1× line ECC is faster, left RSA is)." % source +
                  kex_def + " " + msg)
    ch.size = (10, max(5, 1.5 + 0.3 * len(entries)))

    def draw(ax, compact=False):
        n = len(ops)
        h = 0.8 / n
        for k, op in enumerate(ops):
            ys, xs = [], []
            for gi, g in enumerate(groups):
                for e in entries:
                    if (e[0], e[1], e[2]) == g and e[3] == op:
                        ys.append(gi - 0.4 + h * (k + 0.5))
                        xs.append(e[4] / e[5])
            # Bars grow from the 1× line, so RSA-faster cases point left.
            ax.barh(ys, [x - 1 for x in xs], h, left=1, color=RATIO_COLORS[k % 6], label=op)
            for y, xv in zip(ys, xs):
                ax.text(xv * (1.08 if xv >= 1 else 1 / 1.08), y, fmt_ratio(xv),
                        va="center", ha="left" if xv >= 1 else "right",
                        fontsize=6 if compact else 7)
        ax.axvline(1.0, color="black", lw=1)
        ax.set_xscale("log")
        allr = [e[4] / e[5] for e in entries]
        lo, hi = min(allr + [1.0]), max(allr + [1.0])
        ax.set_xlim(lo / 3, hi * 4)
        ax.xaxis.set_major_formatter(FuncFormatter(ratio_tick))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_yticks(range(len(groups)))
        ax.set_yticklabels(["%d-bit\nRSA-%s vs %s" % g for g in groups],
                           fontsize=7 if compact else 8)
        pad_slots(ax.set_ylim, len(groups))
        ax.invert_yaxis()
        ax.set_xlabel("RSA time / ECC time (log scale; > 1×: ECC faster)")
        ax.set_ylabel("security level and pair")
        ax.set_title(ch.title + " (%s)" % use)
        ax.legend(title="operation", fontsize=8, loc="best")
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 5. RSA scaling
def chart_rsa_scaling(ctx):
    ch = Chart("5", "05-rsa-scaling", "RSA: time against modulus size")
    run, prov = ctx.run, ctx.provider
    series = {}
    for c in run.cases.values():
        if c.provider == prov and c.algorithm == "RSA" and c.param_value:
            series.setdefault(c.op, []).append(c)
    series = {op: sorted(v, key=lambda c: c.param_value) for op, v in series.items()
              if len(v) >= 2}
    if not series:
        return ch.skipped("fewer than two RSA sizes measured for provider %s" % (prov or "—"))
    fits = {}
    for op, cs in series.items():
        x = np.log([c.param_value for c in cs])
        y = np.log([c.median for c in cs])
        k, a = np.polyfit(x, y, 1)
        fits[op] = (a, k)
    ops = sorted(series, key=op_sort_key)
    sizes = sorted({c.param_value for cs in series.values() for c in cs})
    ch.tables.append(("median per size, provider %s; k: fitted exponent of "
                      "log(time) = a + k·log(bits)" % prov,
                      ["operation"] + ["%d" % s for s in sizes] + ["k"],
                      [[op] + [next((fmt_us(c.median) for c in series[op]
                                     if c.param_value == s), "—") for s in sizes] +
                       ["%.2f" % fits[op][1]] for op in ops]))
    priv = [fits[o][1] for o in ("sign", "decrypt", "private", "sign_pss") if o in fits]
    pub = [fits[o][1] for o in ("verify", "encrypt", "public", "verify_pss") if o in fits]
    msgs = []
    if priv:
        kp = float(np.mean(priv))
        msgs.append("private-key operations grow as bits^%.2f (doubling the modulus costs "
                    "%.1f×; schoolbook arithmetic would give 3, Karatsuba about 2.6)"
                    % (kp, 2 ** kp))
    if pub:
        kq = float(np.mean(pub))
        msgs.append("public-key operations with the small exponent e = 65537 grow as "
                    "bits^%.2f (theory: 2)" % kq)
    if "keygen" in fits:
        msgs.append("key generation grows fastest, bits^%.2f (prime search: about 4 in "
                    "theory)" % fits["keygen"][1])
    ch.caption = ("Median time of every RSA operation against the modulus size (log–log, "
                  "provider %s); dashed lines are least-squares fits of log(time) = a + "
                  "k·log(bits), with k in the legend. " % prov + sentences(msgs))

    def draw(ax, compact=False):
        for i, op in enumerate(ops):
            cs = series[op]
            col = op_color(op)
            xs = [c.param_value for c in cs]
            # Markers differ so that operations of equal cost stay apart.
            ax.plot(xs, [c.median for c in cs], "-", marker="osD^v<>PX*h"[i % 11], color=col,
                    lw=1.2, ms=5, mfc="none" if i % 2 else col,
                    label="%s (k = %.2f)" % (op, fits[op][1]))
            a, k = fits[op]
            xx = np.linspace(min(xs), max(xs), 20)
            ax.plot(xx, np.exp(a) * xx ** k, "--", color=col, lw=0.8, alpha=0.7)
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: "%d" % v))
        ax.xaxis.set_minor_formatter(NullFormatter())
        log_us_axis(ax.yaxis, ax.set_yscale)
        ax.set_xlabel("RSA modulus size (bits, log scale)")
        ax.set_ylabel("median time per operation (log scale)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=7 if compact else 8, ncol=2 if len(ops) > 5 else 1,
                  title="operation (fitted exponent)")
        ax.grid(which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 6. ECC operations by curve
ECC_BY_CURVE_OPS = [("ECDSA", "keygen"), ("ECDSA", "sign"), ("ECDSA", "verify"),
                    ("ECDH", "derive"), ("EC", "scalar_mul")]


def chart_ecc_by_curve(ctx):
    ch = Chart("6", "06-ecc-by-curve", "ECC operations by curve")
    run, prov = ctx.run, ctx.provider
    curves = run.params(prov, ("ECDSA", "ECDH")) if prov else []
    ops = [(a, o) for a, o in ECC_BY_CURVE_OPS if any(run.get(prov, a, c, o) for c in curves)]
    if not curves or not ops:
        return ch.skipped("no ECDSA/ECDH cases for provider %s" % (prov or "—"))
    ch.tables.append(("median (µs/op), provider %s" % prov,
                      ["curve"] + ["%s %s" % k for k in ops],
                      [[c] + [fmt_us(run.get(prov, a, c, o).median) if run.get(prov, a, c, o)
                              else "—" for a, o in ops] for c in curves]))
    msgs = []
    sign = {c: run.get(prov, "ECDSA", c, "sign") for c in curves}
    sign = {c: v for c, v in sign.items() if v}
    if len(sign) >= 2:
        best = min(sign, key=lambda c: sign[c].median)
        worst = max(sign, key=lambda c: sign[c].median)
        msgs.append("signing is fastest on %s (%s) and slowest on %s (%s, %s slower)" % (
            best, fmt_us(sign[best].median), worst, fmt_us(sign[worst].median),
            fmt_ratio(sign[worst].median / sign[best].median)))
    if "secp256k1" in sign and "secp256r1" in sign:
        msgs.append(faster("secp256k1 signing", sign["secp256k1"].median,
                           "secp256r1 signing", sign["secp256r1"].median) +
                    " (same field size, different curve shape and reduction)")
    vs = [(c, run.get(prov, "ECDSA", c, "verify")) for c in sign]
    vs = [(c, v.median / sign[c].median) for c, v in vs if v]
    if vs:
        msgs.append("verification costs %s a signature (a double scalar multiplication "
                    "with a public base)" % span_ratio(min(r for _, r in vs),
                                                        max(r for _, r in vs)))
    ch.caption = ("Median time of the ECC operations on every curve (provider %s, log scale). "
                  % prov + sentences(msgs))
    ch.size = (max(9, 1.2 * len(curves) + 3), 6)

    def draw(ax, compact=False):
        x = np.arange(len(curves))
        w = 0.8 / len(ops)
        for k, (a, o) in enumerate(ops):
            xs = [x[i] - 0.4 + w * (k + 0.5) for i, c in enumerate(curves)
                  if run.get(prov, a, c, o)]
            ys = [run.get(prov, a, c, o).median for c in curves if run.get(prov, a, c, o)]
            ax.bar(xs, ys, w, color=op_color(o if a != "ECDH" else "derive"),
                   label="%s %s" % (a, o))
        ax.set_xticks(x)
        ax.set_xticklabels([curve_tick(c) for c in curves], fontsize=7 if compact else 8)
        pad_slots(ax.set_xlim, len(curves))
        log_us_axis(ax.yaxis, ax.set_yscale)
        ax.set_ylabel("median time per operation (log scale)")
        ax.set_xlabel("curve (in order of field size)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=8, ncol=2)
        ax.grid(axis="y", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 7. Timing distributions from raw samples
def _dist_chart(ctx, cid, stem, family):
    title = "Timing distributions: %s" % family
    ch = Chart(cid, stem, title)
    run, prov = ctx.run, ctx.provider
    algs = ("RSA",) if family == "RSA" else ECC_ALGS
    with_raw = [c for c in run.cases.values()
                if c.provider == prov and c.algorithm in algs and c.raw and len(c.raw) >= 2]
    if not with_raw:
        return ch.skipped("no raw samples for %s cases of provider %s (neither raw_us in the "
                          "JSON nor a --raw CSV)" % (family, prov or "—"))
    params = {}
    for c in with_raw:
        params.setdefault(c.param, []).append(c)
    # The 128-bit parameter (RSA-3072, P-256) if present, else the one with most ops.
    prefer = ["3072", "2048"] if family == "RSA" else ["secp256r1", "secp256k1"]
    param = next((p for p in prefer if p in params), None) or \
        max(params, key=lambda p: len(params[p]))
    fam = {"RSA": 0, "ECDSA": 1, "ECDH": 2, "EC": 3}
    cases = sorted(params[param], key=lambda c: (fam.get(c.algorithm, 9), op_sort_key(c.op)))
    label = param_label("RSA", param) if family == "RSA" else param
    devs = [[(v / c.median - 1.0) * 100.0 for v in c.raw] for c in cases]
    spread = [((c.p95 or max(c.raw)) - (c.p5 or min(c.raw))) / c.median * 100 for c in cases]
    ch.tables.append(("%s, provider %s" % (label, prov),
                      ["operation", "samples", "median", "p5", "p95", "min", "max",
                       "p5–p95 spread", "noisy"],
                      [["%s %s" % (c.algorithm, c.op), str(len(c.raw)), fmt_us(c.median),
                        fmt_us(c.p5), fmt_us(c.p95), fmt_us(min(c.raw)), fmt_us(max(c.raw)),
                        "%.1f%%" % s, "yes" if c.noisy else ""]
                       for c, s in zip(cases, spread)]))
    i_max, i_min = int(np.argmax(spread)), int(np.argmin(spread))
    ch.caption = (
        "Every raw sample (dots; source: %s) of the %s operations at %s, provider %s, as its "
        "deviation from the case median; boxes span the quartiles and whiskers 1.5× the "
        "inter-quartile range. The noisiest case is %s %s (p5–p95 spread %.1f%% of the "
        "median), the steadiest %s %s (%.1f%%)%s." % (
            run.raw_source or "raw samples", family, label, prov, cases[i_max].algorithm,
            cases[i_max].op, spread[i_max], cases[i_min].algorithm, cases[i_min].op,
            spread[i_min],
            "; RSA key generation varies by design (random prime search), a wide spread there "
            "is not noise" if family == "RSA" and cases[i_max].op == "keygen" else
            "; a spread of a few per cent is ordinary machine noise"))
    maxdev = max(abs(d) for ds in devs for d in ds)

    def draw(ax, compact=False):
        pos = np.arange(1, len(cases) + 1)
        bp = ax.boxplot(devs, positions=pos, widths=0.6, patch_artist=True,
                        showfliers=False, medianprops={"color": "black"})
        for patch, c in zip(bp["boxes"], cases):
            patch.set_facecolor(op_color(c.op))
            patch.set_alpha(0.45)
        rng = np.random.default_rng(1)
        for i, ds in enumerate(devs):
            ax.plot(pos[i] + rng.uniform(-0.18, 0.18, len(ds)), ds, ".", color="black",
                    ms=2.5, alpha=0.6, label="raw sample" if i == 0 else None)
        ax.axhline(0, color="grey", lw=0.8, ls="--", label="case median")
        if maxdev > 20:
            ax.set_yscale("symlog", linthresh=5, linscale=1.5)
            lo, hi = ax.get_ylim()
            cand = [-100, -50, -20, -10, -5, -2, 0, 2, 5, 10, 20, 50, 100, 200, 500, 1000,
                    2000, 5000]
            if hi > 150:  # a wide range: decades and halves only, or the labels collide
                cand = [-100, -50, -10, -5, 0, 5, 10, 50, 100, 500, 1000, 5000, 10000, 50000]
            ax.set_yticks([t for t in cand if lo <= t <= hi])
            ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())
            ax.yaxis.set_major_formatter(FuncFormatter(pct_tick))
            ax.set_ylabel("deviation from the case median (%, symmetric log beyond ±5%)")
        else:
            ax.yaxis.set_major_formatter(FuncFormatter(pct_tick))
            ax.set_ylabel("deviation from the case median (%)")
        ax.set_xticks(pos)
        short = family != "RSA"
        ax.set_xticklabels(["%s%s\n%s" % ((c.algorithm + "\n") if short else "", c.op,
                                          fmt_us(c.median)) for c in cases],
                           fontsize=(6.5 if compact else 7.5) if len(cases) <= 10 else 6)
        ax.set_xlabel("operation and its median (%s)" % label)
        ax.set_title(title + " at %s (%s)" % (label, prov))
        ax.legend(fontsize=7, loc="upper right")
        ax.grid(axis="y", alpha=0.3)
    ch.draw = draw
    return ch


def chart_dist_rsa(ctx):
    return _dist_chart(ctx, "7a", "07a-distributions-rsa", "RSA")


def chart_dist_ecc(ctx):
    return _dist_chart(ctx, "7b", "07b-distributions-ecc", "ECC")


# ---------------------------------------------------------------------------
# 8. Affine vs Jacobian, CRT vs textbook
def _variant_chart(ctx, ch, slow_prov, fast_prov, algs, slow_name, fast_name, xname, why):
    run = ctx.run
    pairs = {}
    for c in run.cases.values():
        if c.provider == slow_prov and c.algorithm in algs:
            f = run.get(fast_prov, c.algorithm, c.param, c.op)
            if f:
                pairs.setdefault((c.algorithm, c.op), []).append((c, f))
    if not pairs:
        return ch.skipped("no case measured with both %s and %s" % (slow_prov, fast_prov))
    keys = sorted(pairs, key=lambda k: (op_sort_key(k[1]), k[0]))
    for k in keys:
        pairs[k].sort(key=lambda cf: (cf[0].param_value or 0, cf[0].param))
    speed = [s.median / f.median for k in keys for s, f in pairs[k]]
    rows = [[k[0] + " " + k[1], param_label(k[0], s.param), fmt_us(s.median), fmt_us(f.median),
             fmt_ratio(s.median / f.median)] for k in keys for s, f in pairs[k]]
    ch.tables.append((None, ["operation", xname, slow_name, fast_name, "speed-up"], rows))
    per_op = ["%s %s %s" % (k[0], k[1], fmt_ratio(geomean([s.median / f.median
                                                          for s, f in pairs[k]])))
              for k in keys]
    ch.caption = ("Median time with %s (%s) and with %s (%s) for every operation and %s, "
                  "log scale, with the speed-up %s/%s above each pair. %s is %s–%s faster "
                  "(geometric mean per operation: %s). %s" % (
                      slow_name, slow_prov, fast_name, fast_prov, xname, slow_name, fast_name,
                      fast_name[0].upper() + fast_name[1:], fmt_ratio(min(speed)),
                      fmt_ratio(max(speed)), ", ".join(per_op), why))
    ncols = min(3, len(keys))
    nrows = int(math.ceil(len(keys) / ncols))

    def figure():
        fig, axes = plt.subplots(nrows, ncols, figsize=(4.6 * ncols, 3.9 * nrows + 0.6),
                                 squeeze=False)
        for idx, k in enumerate(keys):
            ax = axes[idx // ncols][idx % ncols]
            ps = pairs[k]
            x = np.arange(len(ps))
            ax.bar(x - 0.2, [s.median for s, _ in ps], 0.4, color=provider_color(slow_prov),
                   label="%s (%s)" % (slow_name, slow_prov))
            ax.bar(x + 0.2, [f.median for _, f in ps], 0.4, color=provider_color(fast_prov),
                   label="%s (%s)" % (fast_name, fast_prov))
            for i, (s, f) in enumerate(ps):
                ax.text(i, max(s.median, f.median) * 1.25, fmt_ratio(s.median / f.median),
                        in_layout=False,
                        ha="center", va="bottom", fontsize=7.5, fontweight="bold")
            log_us_axis(ax.yaxis, ax.set_yscale)
            top = max(max(s.median, f.median) for s, f in ps)
            bot = min(min(s.median, f.median) for s, f in ps)
            ax.set_ylim(bot / 3, top * 4)
            ax.set_xticks(x)
            ax.set_xticklabels([param_label(k[0], s.param) for s, _ in ps], fontsize=7,
                               rotation=25 if len(ps) > 6 else 0,
                               ha="right" if len(ps) > 6 else "center")
            ax.set_title("%s %s" % k, fontsize=10)
            ax.set_ylabel("median time (log scale)", fontsize=8)
            ax.set_xlabel(xname, fontsize=8)
            ax.tick_params(axis="y", labelsize=7)
            ax.grid(axis="y", alpha=0.3)
        for idx in range(len(keys), nrows * ncols):
            axes[idx // ncols][idx % ncols].set_visible(False)
        h, lab = axes[0][0].get_legend_handles_labels()
        fig.legend(h, lab, loc="upper right", fontsize=9, ncol=2)
        fig.suptitle(ch.title, x=0.02, ha="left", fontsize=12)
        tidy_log_ticks(fig)
        fig.tight_layout(rect=(0, 0, 1, 0.94))
        return fig
    ch.figure = figure
    return ch


def chart_affine_jacobian(ctx):
    ch = Chart("8a", "08a-affine-vs-jacobian", "Affine vs Jacobian coordinates per curve")
    return _variant_chart(ctx, ch, "pkc-affine", "pkc", ECC_ALGS, "affine", "Jacobian", "curve",
                          "Affine formulas need a field inversion in every addition and "
                          "doubling; Jacobian coordinates trade it for a few multiplications.")


def chart_crt_textbook(ctx):
    ch = Chart("8b", "08b-crt-vs-textbook", "RSA private operation: CRT vs textbook")
    return _variant_chart(ctx, ch, "pkc-textbook", "pkc", ("RSA",), "textbook", "CRT",
                          "modulus size",
                          "CRT does two exponentiations with half-size moduli and exponents, "
                          "each about 1/8 of the full one, so about 4× in theory.")


# ---------------------------------------------------------------------------
# 9. Provider comparison
def chart_providers(ctx):
    ch = Chart("9", "09-providers", "Providers compared with the baseline")
    run, base = ctx.run, ctx.baseline
    if base is None:
        return ch.skipped("no baseline provider")
    present = run.providers()

    def variant(p):  # pkc-affine, pkc-textbook...: compared with pkc in chart 8
        head = p.split("-")[0]
        return head != p and head in present
    keys = []
    for c in run.cases.values():
        if c.provider == base:
            others = [p for p in present if p != base and not variant(p) and
                      run.get(p, c.algorithm, c.param, c.op)]
            if others:
                keys.append(c)
    if not keys:
        return ch.skipped("no operation measured by the baseline %s and another provider"
                          % base)
    fam = {"RSA": 0, "ECDSA": 1, "ECDH": 2, "EC": 3}
    keys.sort(key=lambda c: (fam.get(c.algorithm, 9), c.algorithm, c.param_value or 0,
                             c.param, op_sort_key(c.op)))
    provs = [p for p in ctx.provider_order if p != base and not variant(p) and
             any(run.get(p, c.algorithm, c.param, c.op) for c in keys)]
    levels = sorted({run.get(p, c.algorithm, c.param, c.op).ci_level for p in provs
                     for c in keys if run.get(p, c.algorithm, c.param, c.op) and
                     run.get(p, c.algorithm, c.param, c.op).ci_level})
    if not levels:
        ci_text = "confidence interval"
    elif len(levels) == 1:
        ci_text = "%g%% confidence interval" % (levels[0] * 100)
    else:
        ci_text = "confidence interval (%g%% to %g%%, fewer samples give a lower level)" % (
            levels[0] * 100, levels[-1] * 100)
    pts = {p: [] for p in provs}  # (row, ratio, lo, hi)
    rows = []
    for i, b in enumerate(keys):
        for p in provs:
            c = run.get(p, b.algorithm, b.param, b.op)
            if c:
                r = c.median / b.median
                lo = (c.ci_low / b.median) if c.ci_low else r
                hi = (c.ci_high / b.median) if c.ci_high else r
                pts[p].append((i, r, min(lo, r), max(hi, r)))
                rows.append([b.label, p, fmt_us(c.median), fmt_us(b.median), fmt_ratio(r),
                             "%s–%s" % (fmt_ratio(lo), fmt_ratio(hi)) if c.ci_low else "—"])
    ch.tables.append(("ratio = provider median / %s median (below 1×: faster than %s)"
                      % (base, base), ["case", "provider", "median", base + " median", "ratio",
                                       "CI of the ratio"], rows))
    msgs = []
    for p in provs:
        rs = [r for _, r, _, _ in pts[p]]
        g = geomean(rs)
        nf = sum(1 for r in rs if r < 1)
        msgs.append("%s: geometric-mean ratio %s, faster than %s in %d of %d cases "
                    "(%s)" % (p, fmt_ratio(g), base, nf, len(rs),
                              "all " + fmt_ratio(min(rs)) if fmt_ratio(min(rs)) ==
                              fmt_ratio(max(rs)) else "from %s to %s" % (
                                  fmt_ratio(min(rs)), fmt_ratio(max(rs)))))
    ch.caption = ("Every provider's median as a ratio to the baseline %s for each operation "
                  "and parameter both measured (log scale centred on 1×; left of the line the "
                  "provider is faster than %s). Whiskers: the provider's %s of the median "
                  "divided by the baseline median. Variants of one library (pkc-affine, "
                  "pkc-textbook, ...) are compared in chart 8 instead. " % (
                      base, base, ci_text) + sentences(msgs, cap=False))
    ch.size = (10, max(5, 1.6 + 0.2 * len(keys)))

    def draw(ax, compact=False):
        n = len(provs)
        for k, p in enumerate(provs):
            off = (k - (n - 1) / 2) * (0.6 / max(n, 1))
            ys = [i + off for i, *_ in pts[p]]
            xs = [r for _, r, _, _ in pts[p]]
            lo = [r - l for _, r, l, _ in pts[p]]
            hi = [h - r for _, r, _, h in pts[p]]
            ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o", ms=4, color=provider_color(p),
                        ecolor=provider_color(p), elinewidth=1, capsize=2, label=p)
        ax.axvline(1.0, color="black", lw=1, label="%s (baseline)" % base)
        ax.set_xscale("log")
        allr = [v for p in provs for _, r, lo, hi in pts[p] for v in (r, lo, hi) if v > 0]
        span = max(abs(math.log10(v)) for v in allr) if allr else 1
        span = max(span * 1.15, 0.1)
        ax.set_xlim(10 ** -span, 10 ** span)
        ax.xaxis.set_major_formatter(FuncFormatter(ratio_tick))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_yticks(range(len(keys)))
        ax.set_yticklabels([b.label for b in keys], fontsize=6 if len(keys) > 40 else 7.5)
        ax.set_ylim(len(keys) - 0.5, -0.5)
        for i in range(1, len(keys)):  # separate algorithm families
            if keys[i].algorithm != keys[i - 1].algorithm:
                ax.axhline(i - 0.5, color="grey", lw=0.5)
        ax.set_xlabel("median time / %s median (log scale; < 1×: faster than %s)"
                      % (base, base))
        ax.set_ylabel("operation and parameter")
        ax.set_title(ch.title + " (%s)" % base)
        ax.legend(fontsize=8, loc="upper right")
        ax.grid(axis="x", which="both", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 10. kex-amortized
def chart_kex(ctx):
    ch = Chart("10", "10-kex-amortized", "Key exchange amortised over N exchanges per key")
    k = ctx.run.scenarios.get("kex-amortized")
    if not k or not k["rows"]:
        return ch.skipped("the result file has no kex-amortized scenario "
                          "(run `pkc bench --scenario kex-amortized`)")
    lines = {}
    for r in k["rows"]:
        lines.setdefault((r["scheme"], r["provider"]), []).append(r)
    for v in lines.values():
        v.sort(key=lambda r: r["n"])
    ch.tables.append((None, ["scheme", "provider", "N", "key generation", "per exchange",
                             "total"],
                      [[s, p, "%d" % r["n"], fmt_us(r.get("keygen_us")),
                        fmt_us(r.get("per_exchange_us")), fmt_us(r["total_us"])]
                       for (s, p), v in lines.items() for r in v]))
    cross = k.get("crossover") or []
    shown = [p for p in (ctx.provider, ctx.baseline) if any(lp == p for _, lp in lines)]
    if not shown:
        shown = [sorted({p for _, p in lines})[0]]
    shown = list(dict.fromkeys(shown))
    lines_all = lines
    lines = {k2: v for k2, v in lines.items() if k2[1] in shown}
    cross_all = cross
    cross = [c for c in cross if c.get("provider") in shown or c.get("provider") is None]
    if cross_all:
        ch.tables.append(("crossover: smallest N at which the first scheme's total is below "
                          "the second's", ["ECC scheme", "RSA scheme", "provider", "N"],
                          [[c["ecc"], c["rsa"], c.get("provider") or "", "%d" % c["n"]
                            if c["n"] is not None else "none within the N measured"]
                           for c in cross_all]))
    msgs = []
    grouped = {}
    for c in cross:
        grouped.setdefault((c.get("provider") or "", c["rsa"], c["n"]), []).append(c["ecc"])
    nmin = min(r["n"] for v in lines.values() for r in v)
    for (who, rsa, n), eccs in grouped.items():
        pre = "with %s, " % who if who and len(shown) > 1 else ""
        eccs = " and ".join(eccs)
        if n is None:
            msgs.append("%s%s never gets below %s within the N measured" % (pre, eccs, rsa))
        else:
            msgs.append("%s%s %s cheaper than %s from %s" % (
                pre, eccs, "are" if " and " in eccs else "is", rsa,
                "the smallest N measured (N = %d)" % n if n == nmin else "N = %d" % n))
    # The linear model total = keygen + N·per_exchange says where lines cross.
    for (s, p), v in lines.items():
        if not s.upper().startswith("RSA"):
            for (s2, p2), v2 in lines.items():
                if p2 == p and s2.upper().startswith("RSA"):
                    a, b = v[0], v2[0]
                    if all(x.get(f) is not None for x in (a, b)
                           for f in ("keygen_us", "per_exchange_us")):
                        dk = b["keygen_us"] - a["keygen_us"]
                        dp = a["per_exchange_us"] - b["per_exchange_us"]
                        if dk > 0 and dp <= 0:
                            msgs.append("%s%s has %s faster key generation and %s cheaper "
                                        "exchanges, so it wins at every N" % (
                                            s, " (%s)" % p if len(shown) > 1 else "",
                                            fmt_ratio(b["keygen_us"] / a["keygen_us"]),
                                            fmt_ratio(b["per_exchange_us"] /
                                                      a["per_exchange_us"])))
                        elif dp != 0 and dk / dp > 0:
                            msgs.append("%s vs %s (%s): the fitted lines cross at N ≈ %.0f" % (
                                s, s2, p, dk / dp))
    ch.caption = ("Total time of one key generation followed by N key exchanges with that key "
                  "(log–log): ECDH against RSA-OAEP transport of a 32-byte key, for %s%s; a "
                  "star marks the crossover the benchmark reports. " % (
                      " and ".join(shown), " (the table has every provider)"
                      if len(lines_all) > len(lines) else "") + sentences(msgs))

    def draw(ax, compact=False):
        provs = sorted({p for _, p in lines})
        styles = ["-", "--", ":", "-."]
        ecc_cols = [ECC_COLOR, ECC_LIGHT, "#117864", "#48c9b0"]
        rsa_cols = [RSA_COLOR, RSA_LIGHT, "#7d3c98", "#f5b041"]
        ei = ri = 0
        color_of = {}
        for (s, p) in lines:
            if s not in color_of:
                if s.upper().startswith("RSA"):
                    color_of[s] = rsa_cols[ri % 4]
                    ri += 1
                else:
                    color_of[s] = ecc_cols[ei % 4]
                    ei += 1
        for (s, p), v in lines.items():
            ax.plot([r["n"] for r in v], [r["total_us"] for r in v], "o" + styles[
                provs.index(p) % 4], color=color_of[s], ms=4, label="%s (%s)" % (s, p))
        marks = {}  # N -> [(total at N, provider)]
        for c in cross:
            if c["n"] is None:
                continue
            v = [r for (s, p), vv in lines.items() for r in vv
                 if s == c["ecc"] and (c.get("provider") in (None, p)) and r["n"] == c["n"]]
            if v:
                ax.plot([c["n"]], [v[0]["total_us"]], "*", color="gold", ms=15,
                        markeredgecolor="black", zorder=5)
                marks.setdefault(c["n"], []).append((v[0]["total_us"], c.get("provider"),
                                                     c["ecc"]))
        for n, m in marks.items():
            top = max(t for t, _, _ in m)
            what = list(dict.fromkeys("%s%s" % (e, " (%s)" % p if p and len(shown) > 1 else "")
                                      for _, p, e in m))
            ax.annotate("crossover at N = %d:\n%s" % (n, "\n".join(what)), (n, top),
                        textcoords="offset points", xytext=(14, 8), fontsize=7.5, va="bottom",
                        arrowprops={"arrowstyle": "-", "color": "grey", "lw": 0.6})
        ax.plot([], [], "*", color="gold", ms=12, markeredgecolor="black", label="crossover")
        ax.set_xscale("log")
        log_us_axis(ax.yaxis, ax.set_yscale)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: "%g" % v))
        ax.set_xlabel("N, key exchanges per generated key (log scale)")
        ax.set_ylabel("total time: key generation + N exchanges (log scale)")
        ax.set_title(ch.title)
        ax.legend(fontsize=8)
        ax.grid(which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 11. message-size
def chart_message_size(ctx):
    ch = Chart("11", "11-message-size", "Sign and verify against message size")
    ms = ctx.run.scenarios.get("message-size")
    if not ms:
        return ch.skipped("the result file has no message-size scenario "
                          "(run `pkc bench --scenario message-size`)")
    lines = {}
    for r in ms:
        lines.setdefault((r["algorithm"], r["provider"], r["op"]), []).append(r)
    for v in lines.values():
        v.sort(key=lambda r: r["message_bytes"])
    keys = sorted(lines, key=lambda k: (k[0], k[1], op_sort_key(k[2])))
    sizes = sorted({r["message_bytes"] for r in ms})
    ch.tables.append(("median (µs/op), including hashing the message",
                      ["algorithm", "provider", "operation"] + [fmt_bytes(s) for s in sizes],
                      [list(k) + [next((fmt_us(r["median_us"]) for r in lines[k]
                                        if r["message_bytes"] == s), "—") for s in sizes]
                       for k in keys]))
    # The chart shows one provider (the table has them all): the main one if it
    # signed anything, else the one with the most signing lines.
    def is_hash(k):
        return k[2] == "hash" or k[0].upper().startswith("SHA")
    signers = {}
    for k in keys:
        if not is_hash(k):
            signers[k[1]] = signers.get(k[1], 0) + 1
    if ctx.provider in signers:
        prov = ctx.provider
    elif signers:
        prov = max(signers, key=signers.get)
    else:
        prov = ctx.provider if any(k[1] == ctx.provider for k in keys) else keys[0][1]
    shown = [k for k in keys if k[1] == prov]
    msgs = []
    growth = [(k, lines[k][-1]["median_us"] / lines[k][0]["median_us"]) for k in shown
              if len(lines[k]) >= 2 and not is_hash(k)]
    s0, s1 = fmt_bytes(sizes[0]), fmt_bytes(sizes[-1])
    if growth:
        hi = max(growth, key=lambda g: g[1])
        lo = min(growth, key=lambda g: g[1])
        msgs.append("from %s to %s the time of %s %s grows most (%s) and that of %s %s %s: "
                    "the larger the fixed cost of the public-key operation, the longer it "
                    "hides the hashing" % (
                        s0, s1, hi[0][0], hi[0][2], fmt_ratio(hi[1]), lo[0][0], lo[0][2],
                        "least (%s)" % fmt_ratio(lo[1]) if lo[1] >= 1.1 else
                        "not measurably (%s, within noise)" % fmt_ratio(lo[1])))
        v = lines[hi[0]]
        d = next((r["message_bytes"] for r in v if r["median_us"] >= 2 * v[0]["median_us"]),
                 None)
        if d is not None:
            msgs.append("hashing doubles the time of %s %s by %s" % (hi[0][0], hi[0][2],
                                                                     fmt_bytes(d)))
    hashes = [k for k in shown if is_hash(k)]
    for k in hashes:
        big = lines[k][-1]
        msgs.append("SHA-256 alone (dotted) takes %s for %s" % (
            fmt_us(big["median_us"]), fmt_bytes(big["message_bytes"])))
    ch.caption = ("Median time of signing and verifying a message of each size, hashing "
                  "included, log–log, provider %s%s (bands: 5th–95th percentile). " % (
                      prov, " (the table has every provider)" if len(shown) < len(keys)
                      else "") + sentences(msgs))

    def draw(ax, compact=False):
        algs = sorted({k[0] for k in shown if not is_hash(k)})
        cmap = plt.get_cmap("tab10")
        for k in shown:
            v = lines[k]
            if is_hash(k):
                col, ls = "#555555", ":"
            else:
                col = RSA_COLOR if k[0].upper().startswith("RSA") else \
                    cmap(algs.index(k[0]) % 10)
                ls = "-" if "sign" in k[2] else "--"
            xs = [r["message_bytes"] for r in v]
            ax.plot(xs, [r["median_us"] for r in v], "o" + ls, color=col, ms=3.5,
                    label="%s %s" % (k[0], k[2]))
            if all(r.get("p5_us") and r.get("p95_us") for r in v):
                ax.fill_between(xs, [r["p5_us"] for r in v], [r["p95_us"] for r in v],
                                color=col, alpha=0.15, lw=0)
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_bytes(v)))
        ax.xaxis.set_minor_formatter(NullFormatter())
        log_us_axis(ax.yaxis, ax.set_yscale)
        ax.set_xlabel("message size (log scale)")
        ax.set_ylabel("median time per operation, hashing included (log scale)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=8)
        ax.grid(which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 12. Collages
def collage(cid, stem, title, parts, caption):
    ch = Chart(cid, stem, title)
    live = [p for p in parts if p.draw and not p.skip]
    if not live:
        return ch.skipped("none of its panels has data (%s)" % ", ".join(
            "chart %s" % p.cid for p in parts))
    ch.caption = caption + " Panels: " + "; ".join(
        "%s chart %s (%s)%s" % (pos, p.cid, p.title, " — skipped: " + p.skip if p.skip else "")
        for pos, p in zip(("top left", "top right", "bottom left", "bottom right"), parts)) + "."

    def figure():
        fig, axes = plt.subplots(2, 2, figsize=(20, 13))
        for ax, p in zip(axes.flat, parts):
            if p.draw and not p.skip:
                p.draw(ax, compact=True)
            else:
                ax.axis("off")
                ax.text(0.5, 0.5, "chart %s skipped:\n%s" % (p.cid, p.skip), ha="center",
                        va="center", wrap=True, fontsize=11, color="grey")
        fig.suptitle(title, fontsize=15)
        tidy_log_ticks(fig)
        fig.tight_layout(rect=(0, 0, 1, 0.97))
        return fig
    ch.figure = figure
    return ch


# ---------------------------------------------------------------------------
# 13. Cross-machine
HEADLINE_OPS = {"RSA": ("keygen", "sign", "verify", "decrypt"),
                "ECDSA": ("sign", "verify"), "ECDH": ("derive",), "SHA-256": ("hash",)}


def chart_cross_machine(ctx):
    ch = Chart("13", "13-cross-machine", "The same operations on several machines")
    runs, prov = ctx.runs, ctx.provider
    if len(runs) < 2:
        return ch.skipped("only one result file given")
    common = [c for c in runs[0].cases.values() if c.provider == prov and
              all(r.get(prov, c.algorithm, c.param, c.op) for r in runs[1:])]
    if not common:
        return ch.skipped("the result files share no operation of provider %s" % prov)
    fam = {"RSA": 0, "ECDSA": 1, "ECDH": 2, "EC": 3}
    common.sort(key=lambda c: (fam.get(c.algorithm, 9), c.algorithm, c.param_value or 0,
                               c.param, op_sort_key(c.op)))
    labels = [r.short_label for r in runs]
    if len(set(labels)) < len(labels):
        labels = ["%d: %s" % (i + 1, l) for i, l in enumerate(labels)]
    ch.tables.append(("median per machine (provider %s); ratio = machine / %s" % (
        prov, labels[0]), ["case"] + labels + ["ratio %s" % l for l in labels[1:]],
        [[c.label] + [fmt_us(r.get(prov, c.algorithm, c.param, c.op).median) for r in runs] +
         [fmt_ratio(r.get(prov, c.algorithm, c.param, c.op).median / c.median)
          for r in runs[1:]] for c in common]))
    shown = [c for c in common if c.op in HEADLINE_OPS.get(c.algorithm, ())]
    if len(shown) < 3:
        shown = common
    if len(shown) > 45:
        shown = [c for c in shown if (c.security_bits in (None, 128.0))]
    msgs = []
    for i, r in enumerate(runs[1:], start=1):
        rat = [r.get(prov, c.algorithm, c.param, c.op).median / c.median for c in common]
        g = geomean(rat)
        by = []
        for alg in sorted({c.algorithm for c in common}, key=lambda a: fam.get(a, 9)):
            ga = geomean([x for x, c in zip(rat, common) if c.algorithm == alg])
            by.append("%s %s" % (alg, fmt_ratio(ga)))
        msgs.append("%s takes %s the time of %s on average (geometric mean over %d shared "
                    "cases; %s), slower in %d cases" % (
                        labels[i], fmt_ratio(g), labels[0], len(common), ", ".join(by),
                        sum(1 for x in rat if x > 1)))
    ch.caption = ("Median time of the same operations (provider %s) on each machine, as a "
                  "ratio to %s (log scale; right of 1×: slower than %s). The chart shows the "
                  "headline operations, the table every shared case. " % (
                      prov, labels[0], labels[0]) + sentences(msgs) + " Differences mix CPU, "
                  "compiler and library versions: compare the contexts above.")
    ch.size = (10, max(5, 1.6 + 0.22 * len(shown) * max(1, len(runs) - 1)))

    def draw(ax, compact=False):
        n = len(runs) - 1
        h = 0.8 / n
        allr = []
        for i, r in enumerate(runs[1:]):
            ys = [j - 0.4 + h * (i + 0.5) for j in range(len(shown))]
            xs = [r.get(prov, c.algorithm, c.param, c.op).median / c.median for c in shown]
            allr += xs
            ax.barh(ys, [x - 1 for x in xs], h, left=1, color=plt.get_cmap("tab10")(i + 1),
                    label=labels[i + 1])
            for y, x in zip(ys, xs):
                ax.text(x * (1.03 if x >= 1 else 1 / 1.03), y, fmt_ratio(x), va="center",
                        ha="left" if x >= 1 else "right", fontsize=6.5)
        ax.axvline(1, color="black", lw=1, label="%s (reference)" % labels[0])
        ax.set_xscale("log")
        span = max(abs(math.log10(x)) for x in allr) * 1.3 if allr else 1
        span = max(span, 0.1)
        ax.set_xlim(10 ** -span, 10 ** span)
        ax.xaxis.set_major_formatter(FuncFormatter(ratio_tick))
        ax.xaxis.set_minor_formatter(FuncFormatter(lambda v, _p: ""))
        ax.set_yticks(range(len(shown)))
        ax.set_yticklabels([c.label for c in shown], fontsize=7)
        ax.set_ylim(len(shown) - 0.5, -0.5)
        ax.set_xlabel("median time / median on %s (log scale; > 1×: slower)" % labels[0])
        ax.set_ylabel("operation (provider %s)" % prov)
        ax.set_title(ch.title)
        ax.legend(fontsize=8, loc="lower right")
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
def build_all(ctx):
    c = {}
    for cid, f in (("1", chart_heatmap), ("2", chart_keygen), ("3", chart_sign_verify),
                   ("4", chart_ratios), ("5", chart_rsa_scaling), ("6", chart_ecc_by_curve),
                   ("7a", chart_dist_rsa), ("7b", chart_dist_ecc),
                   ("8a", chart_affine_jacobian), ("8b", chart_crt_textbook),
                   ("9", chart_providers), ("10", chart_kex), ("11", chart_message_size)):
        try:
            ch = f(ctx)
        except Exception as e:  # a bug must not cost the other charts
            ch = Chart(cid, "%s-chart" % cid.zfill(2), f.__name__.replace("chart_", "chart "))
            ch.skipped("could not be prepared (report.py bug, please report it: %s: %s)"
                       % (type(e).__name__, e))
            ch.broken = True
        c[ch.cid] = ch
    out = [c[k] for k in ("1", "2", "3", "4", "5", "6", "7a", "7b", "8a", "8b", "9", "10",
                          "11")]
    out.append(collage("12a", "12a-collage-overview", "RSA vs ECC overview",
                       [c["1"], c["2"], c["4"], c["3"]],
                       "The seed study's four-panel overview in one picture, for a slide or "
                       "a thesis page; read each panel as the chart of the same number."))
    out.append(collage("12b", "12b-collage-detail", "RSA and ECC in detail",
                       [c["5"], c["6"], c["7a"], c["7b"]],
                       "The seed study's four-panel detail view in one picture."))
    out.append(chart_cross_machine(ctx))
    return out


def tidy_log_ticks(fig):
    """Log axes spanning under two decades get ticks at 1-2-5 (or every integer)
    times the powers of ten, so they never show a single labelled tick."""
    from matplotlib.ticker import LogLocator
    for ax in fig.axes:
        for axis, scale, lim in ((ax.xaxis, ax.get_xscale(), ax.get_xlim()),
                                 (ax.yaxis, ax.get_yscale(), ax.get_ylim())):
            if scale != "log" or min(lim) <= 0 or \
                    not isinstance(axis.get_major_locator(), LogLocator):
                continue  # explicit ticks (e.g. the RSA sizes) stay
            span = abs(math.log10(lim[1] / lim[0]))
            if span < 0.8:
                axis.set_major_locator(LogLocator(base=10, subs=tuple(range(1, 10))))
            elif span < 3.0:
                axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))


def render(ch, outdir, dpi):
    """Draw a prepared chart and write its PNG and SVG; returns the file names."""
    import os
    if ch.skip:
        return []
    if ch.figure:
        fig = ch.figure()
    else:
        w, h = ch.size
        fig, ax = plt.subplots(figsize=(min(w, 16), min(h, 24)))
        ch.draw(ax)
        tidy_log_ticks(fig)
        fig.tight_layout()
    names = []
    for ext in ("png", "svg"):
        name = "%s.%s" % (ch.stem, ext)
        tmp = os.path.join(outdir, "." + name + ".tmp")
        fig.savefig(tmp, format=ext, dpi=dpi, metadata={"Date": None} if ext == "svg" else None)
        os.replace(tmp, os.path.join(outdir, name))
        names.append(name)
    plt.close(fig)
    ch.files = names
    return names
