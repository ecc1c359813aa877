"""Charts 1-6: the overview of one provider and RSA against ECC at equal
security (heatmap, key generation, sign/verify, ECC-over-RSA ratios, RSA
scaling, ECC by curve)."""
import math

import numpy as np
from matplotlib.colors import LogNorm
from matplotlib.ticker import FuncFormatter, NullFormatter

from .chart import Chart
from .data import ECC_ALGS, CURVE_NICK, param_label, level_pairs, is_binary_curve
from .fmt import fmt_us, fmt_ratio, fmt_ci, sig, fmt_count, tick_us
from .stats import median_ci, ratio_ci
from .style import (plt, provider_color, provider_marker, provider_hollow, op_color,
                    op_sort_key, time_axis, ratio_axis, bars_from_decade, bar_base, draw_ci,
                    ci_legend_entry, pad_slots, label_at, us_formatter, CI_MEDIAN, CI_RATIO,
                    INTERVAL_MEDIAN, INTERVAL_RATIO, RSA_COLOR, RSA_LIGHT, ECC_COLOR,
                    ECC_LIGHT, SERIES_COLORS, SERIES_MARKERS, decade_ceil)



def grouped_bar_labels(ax, xlabel, title):
    """The x label, title, a two-column legend and horizontal grid lines of
    a grouped bar chart."""
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(fontsize=8, ncol=2)
    ax.grid(axis="y", alpha=0.3)

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


def faster(a_name, a, b_name, b):
    """'A is N× faster than B' (or the other way round), from two times."""
    if a <= b:
        return "%s is %s faster than %s" % (a_name, fmt_ratio(b / a), b_name)
    return "%s is %s faster than %s" % (b_name, fmt_ratio(a / b), a_name)


def ratio_label(r, ref):
    """A bar label for time / time(ref): '206×', or for r < 1 also the other
    way round, '0.127× (ECC 7.85× slower)', so both readings print."""
    if r >= 1:
        return fmt_ratio(r)
    return "%s (%s %s slower)" % (fmt_ratio(r), ref, fmt_ratio(1 / r))


def ci_cell(case):
    ci = median_ci(case)
    return fmt_ci(*ci) if ci else "— (too few samples)"


def no_ci_note(cases):
    n = sum(1 for c in cases if median_ci(c) is None)
    return (" %d of the cases %s too few samples for a 95 %% interval and no whisker." % (
        n, "has" if n == 1 else "have") if n else "")


# ---------------------------------------------------------------------------
# 1. Summary heatmap
def chart_heatmap(ctx):
    ch = Chart("1", "01-heatmap", "Summary: median time of every operation and parameter",
               "heatmap")
    store, prov = ctx.store, ctx.provider
    if prov is None:
        return ch.skipped("no benchmark cases in the result file")
    mine = [c for c in store.plain() if c.provider == prov]
    rows = []  # (label, {op: case})
    for p in store.params(prov, ("RSA",)):
        cells = {c.op: c for c in mine if c.algorithm == "RSA" and c.param == p}
        sec = store.security_of("RSA", p)
        rows.append(("RSA-%s%s" % (p, " (%d-bit)" % sec if sec else ""), cells))
    for p in store.params(prov, ECC_ALGS):
        cells = {}
        for alg in ECC_ALGS:  # ECDSA's keygen first, then ECDH's, then EC
            for c in mine:
                if c.algorithm == alg and c.param == p:
                    cells.setdefault(c.op, c)
        sec = store.security_of("ECDSA", p) or store.security_of("ECDH", p)
        rows.append(("%s%s" % (p, " (%d-bit)" % sec if sec else ""), cells))
    others = sorted({c.algorithm for c in mine} - {"RSA"} - set(ECC_ALGS))
    for alg in others:
        for p in store.params(prov, (alg,)):
            cells = {c.op: c for c in mine if c.algorithm == alg and c.param == p}
            rows.append(("%s %s" % (alg, param_label(alg, p)), cells))
    ops = sorted({op for _, cells in rows for op in cells}, key=op_sort_key)
    if not rows or not ops:
        return ch.skipped("no cases for provider %s" % prov)
    for _, cells in rows:
        ch.use(*cells.values())
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
        "most expensive %s %s (%s): %s orders of magnitude apart, which is why the other charts "
        "use log scales." % (
            prov, rows[imin[0]][0], ops[imin[1]], fmt_us(lo), rows[imax[0]][0], ops[imax[1]],
            fmt_us(hi), sig(math.log10(hi / lo), 2) if lo > 0 else "0"))
    ch.tables.append(("median time per operation, provider %s" % prov, ["parameter"] + ops,
                      [[lab] + [fmt_us(v) if np.isfinite(v) else "—" for v in m[i]]
                       for i, (lab, _) in enumerate(rows)]))
    ch.size = (max(9, 1.2 + 0.8 * len(ops)), max(5, 1.8 + 0.42 * len(rows)))

    def draw(ax, compact=False):
        cmap = plt.get_cmap("viridis").copy()
        cmap.set_bad("#e6e6e6")
        norm = LogNorm(vmin=lo, vmax=max(hi, lo * 1.0001))
        im = ax.imshow(np.ma.masked_invalid(m), cmap=cmap, norm=norm, aspect="auto",
                       interpolation="nearest")
        fs = 6.5 if compact else 7.5
        for i in range(m.shape[0]):
            for j in range(m.shape[1]):
                v = m[i, j]
                if np.isfinite(v):
                    r, g, b, _ = cmap(norm(v))
                    light = 0.299 * r + 0.587 * g + 0.114 * b > 0.55
                    t = ax.text(j, i, fmt_us(v), ha="center", va="center", fontsize=fs,
                                color="black" if light else "white")
                    t.set_in_layout(False)  # inside the axes; skipping it saves time
        ax.set_xticks(range(len(ops)))
        ax.set_xticklabels(ops, rotation=35, ha="right", fontsize=fs + 1)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([r[0] for r in rows], fontsize=fs + 1)
        ax.set_xlabel("operation")
        ax.set_ylabel("parameter (security level)")
        ax.set_title(ch.title + " (%s)" % prov)
        cb = ax.figure.colorbar(im, ax=ax, fraction=0.04, pad=0.02)
        cb.set_label("median time per operation (log colour scale)")
        cb.ax.yaxis.set_major_formatter(us_formatter())
        cb.ax.yaxis.set_minor_formatter(NullFormatter())
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 2. Key generation
def keygen_ratio_at_level(ctx):
    """(level, rsa_param, curve, RSA case, ECC case) at 128 bits (else the
    highest level), the pair charts 2 and 4 quote alike."""
    store, prov = ctx.store, ctx.provider
    pairs = [lp for lp in level_pairs(store, prov)
             if store.get(prov, "RSA", lp[1], "keygen") and store.ecc_keygen(prov, lp[2])]
    if not pairs:
        return None
    lvl, rp, cv = ([x for x in pairs if x[0] == 128] or pairs[-1:])[0]
    return lvl, rp, cv, store.get(prov, "RSA", rp, "keygen"), store.ecc_keygen(prov, cv)


def chart_keygen(ctx):
    ch = Chart("2", "02-keygen", "Key generation: RSA sizes and curves", "dot")
    store = ctx.store
    keygens = [c for c in store.plain() if c.op == "keygen"]
    rsa_params = sorted({c.param for c in keygens if c.algorithm == "RSA"},
                        key=lambda p: float(p) if p.isdigit() else 1e9)
    curves = {}
    for c in keygens:
        if c.algorithm in ("ECDSA", "ECDH"):
            curves.setdefault(c.param, (is_binary_curve(c.param), c.param_value or 0))
    curves = sorted(curves, key=lambda p: (curves[p], p))
    cats = [("RSA", p) for p in rsa_params] + [("ECC", p) for p in curves]
    if not cats:
        return ch.skipped("no keygen cases in the result file")

    def get(prov, fam, p):
        return store.get(prov, "RSA", p, "keygen") if fam == "RSA" else \
            store.ecc_keygen(prov, p)

    provs = [p for p in ctx.provider_order if any(get(p, f, q) for f, q in cats)]
    heavy = False
    rows = []
    for fam, p in cats:
        for pr in provs:
            c = get(pr, fam, p)
            if c:
                ch.use(c)
                heavy = heavy or c.heavy_tailed or fam == "RSA"
                rows.append([param_label("RSA", p) if fam == "RSA" else p, pr, fmt_us(c.median),
                             ci_cell(c), fmt_us(c.mean), fmt_us(c.p90), fmt_count(c.samples),
                             fmt_count(c.distinct_keys) if c.distinct_keys is not None else "—"])
    ch.tables.append(("median key-generation time per provider (key generation is "
                      "heavy-tailed: mean and P90 beside the median)",
                      ["parameter", "provider", "median time", "95 % CI of the median",
                       "mean", "P90", "samples", "distinct keys"], rows))
    msgs = []
    kr = keygen_ratio_at_level(ctx)
    if kr:
        lvl, rp, cv, r, e = kr
        msgs.append("At %d-bit security (%s, RSA-%s against %s) RSA key generation is %s "
                    "slower than ECC key generation (chart 4)" % (
                        lvl, ctx.provider, rp, cv, fmt_ratio(r.median / e.median)))
    msgs.append("RSA key generation is a random search for primes, so its time per key is "
                "heavy-tailed; the table gives mean and P90 beside the median")
    ch.caption = ("Median key-generation time per RSA modulus size and per curve for every "
                  "provider that has it (points, log scale; %s)." % CI_MEDIAN +
                  no_ci_note(ch.cases) + " " + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN
    ch.size = (max(10, 0.28 * len(cats) * max(1, len(provs)) + 3), 6.5)

    def draw(ax, compact=False):
        x = np.arange(len(cats))
        # Within a category, the providers that have it side by side, centred.
        slot = {}
        for i, (fam, p) in enumerate(cats):
            here = [pr for pr in provs if get(pr, fam, p)]
            w = min(0.8 / max(1, len(here)), 0.2)
            for k, pr in enumerate(here):
                slot[(pr, i)] = x[i] + (k - (len(here) - 1) / 2) * w
        for pr in provs:
            xs, ys, cis = [], [], []
            for i, (fam, p) in enumerate(cats):
                c = get(pr, fam, p)
                if c:
                    xs.append(slot[(pr, i)])
                    ys.append(c.median)
                    cis.append(median_ci(c))
            col = provider_color(pr)
            ax.plot(xs, ys, provider_marker(pr), ms=6 if not compact else 5, color=col,
                    mfc="none" if provider_hollow(pr) else col, label=pr, zorder=5,
                    linestyle="none")
            draw_ci(ax, xs, ys, cis, color=col)
        ci_legend_entry(ax)
        if rsa_params and curves:
            ax.axvline(len(rsa_params) - 0.5, color="grey", ls="--", lw=0.8)
        pad_slots(ax.set_xlim, len(cats), 4)
        ax.set_xticks(x)
        many = len(cats) > (10 if compact else 14)
        ax.set_xticklabels([("RSA-" + p) if f == "RSA" else curve_tick(p) for f, p in cats],
                           rotation=30 if many else 0, ha="right" if many else "center",
                           fontsize=7 if compact else 8)
        time_axis(ax, "y")
        vals = [v for c in ch.cases for v in ((median_ci(c) or (c.median, c.median)) +
                                               (c.median,))]
        ax.set_ylim(min(vals) / 1.6, max(vals) * 1.6)
        ax.set_ylabel("median time per key (log scale)")
        ax.set_xlabel("RSA modulus size (bits) | elliptic curve")
        ax.set_title(ch.title)
        ax.legend(title="provider", fontsize=7.5, ncol=2 if len(provs) > 5 else 1)
        ax.grid(axis="y", which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 3. Sign and verify at equal security
def chart_sign_verify(ctx):
    ch = Chart("3", "03-sign-verify", "Sign and verify at equal NIST security levels", "bar")
    store, prov = ctx.store, ctx.provider
    pairs = []
    for lvl, rp, cv in level_pairs(store, prov) if prov else []:
        vals = {(fam, op): (store.get(prov, "RSA", rp, op) if fam == "RSA"
                            else store.get(prov, "ECDSA", cv, op))
                for fam in ("RSA", "ECDSA") for op in ("sign", "verify")}
        if any(vals.values()):
            pairs.append((lvl, rp, cv, vals))
    if not pairs:
        return ch.skipped("no security level with both RSA and ECDSA sign/verify cases")
    series = [("RSA", "sign", RSA_COLOR, None), ("ECDSA", "sign", ECC_COLOR, None),
              ("RSA", "verify", RSA_LIGHT, "//"), ("ECDSA", "verify", ECC_LIGHT, "//")]
    rows, msgs = [], []
    for lvl, rp, cv, v in pairs:
        ch.use(*[c for c in v.values() if c])
        row = ["%d" % lvl, "RSA-%s / %s" % (rp, cv)]
        for op in ("sign", "verify"):
            r, e = v[("RSA", op)], v[("ECDSA", op)]
            row += [fmt_us(r.median) if r else "—", fmt_us(e.median) if e else "—",
                    fmt_ratio(r.median / e.median) if r and e else "—"]
        rows.append(row)
    ch.tables.append(("median time per operation, provider %s; ratio = RSA time / ECDSA time "
                      "(× RSA slower than ECDSA)" % prov,
                      ["level (bits)", "pair", "RSA sign", "ECDSA sign", "RSA / ECDSA",
                       "RSA verify", "ECDSA verify", "RSA / ECDSA"], rows))
    lvl, rp, cv, v = ([p for p in pairs if p[0] == 128] or pairs[-1:])[0]
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
    allv = [c.median for *_, v in pairs for c in v.values() if c]
    use_log = max(allv) / min(allv) > 20
    ch.caption = ("Median sign and verify times of RSA (PKCS#1 v1.5) and ECDSA paired by "
                  "NIST SP 800-57 security level, provider %s (bars%s; %s)." % (
                      prov, " on a log scale, from a power of ten" if use_log else "",
                      CI_MEDIAN) + no_ci_note(ch.cases) +
                  (" At %d-bit security %s." % (lvl, "; ".join(msgs)) if msgs else ""))
    ch.interval = INTERVAL_MEDIAN

    def draw(ax, compact=False):
        x = np.arange(len(pairs))
        w = 0.2
        base = bar_base([c.median for c in ch.cases] +
                        [median_ci(c)[0] for c in ch.cases if median_ci(c)]) if use_log else 0
        for k, (fam, op, col, hatch) in enumerate(series):
            got = [(x[i] - 0.3 + w * k, p[3][(fam, op)]) for i, p in enumerate(pairs)
                   if p[3][(fam, op)]]
            if not got:
                continue
            xs = [g[0] for g in got]
            ys = [g[1].median for g in got]
            bars_from_decade(ax, xs, ys, w, base, color=col, hatch=hatch,
                             edgecolor="white" if hatch else None, label="%s %s" % (fam, op))
            draw_ci(ax, xs, ys, [median_ci(g[1]) for g in got])
        ci_legend_entry(ax)
        ax.set_xticks(x)
        ax.set_xticklabels(["%d-bit\nRSA-%s | %s" % (lvl, rp, cv) for lvl, rp, cv, _ in pairs],
                           fontsize=7 if compact else 8)
        pad_slots(ax.set_xlim, len(pairs))
        top = max(allv) * 1.8
        if use_log:
            time_axis(ax, "y")
            ax.set_ylim(base, top)
            ax.set_ylabel("median time per operation (log scale, bars from %s)" %
                          tick_us(base))
        else:
            ax.yaxis.set_major_formatter(us_formatter())
            ax.set_ylim(0, top)
            ax.set_ylabel("median time per operation")
        grouped_bar_labels(ax, "NIST security level and the RSA size | curve giving it", ch.title + " (%s)" % prov)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 4. RSA over ECC per security level
KEX_DEFINITION = ("a key exchange is RSA-OAEP encrypt + decrypt against ECDH key generation + "
                  "two derivations (the security-levels scenario's definition)")


def level_entries(ctx):
    """[(level, rsa_bits, curve, op, rsa_cases, ecc_cases, scenario_row)]: the
    security-levels scenario's pairs when it ran, else the pairs of the
    benchmark cases; the numbers always come from the cases (one number per
    quantity), the scenario's own summary only where a case is missing."""
    store = ctx.store
    sl, sl_run = ctx.m.scenarios.get("security-levels", (None, None))
    prov = ctx.provider
    wanted = []
    if sl:
        provs = [r["provider"] for r in sl]
        use = prov if prov in provs else provs[0]
        for r in sl:
            if r["provider"] == use:
                wanted.append((int(r["security_bits"]), str(int(r["rsa_bits"])), r["curve"],
                               r["op"], r))
    else:
        use = prov
        for lvl, rp, cv in level_pairs(store, prov) if prov else []:
            for op in ("keygen", "sign", "verify", "kex"):
                wanted.append((lvl, rp, cv, op, None))
    out = []
    for lvl, rp, cv, op, row in wanted:
        # "Ed25519/X25519": signatures by EdDSA on the first, key exchange
        # by XDH on the second (bench/scenario.c)
        if "/" in cv:
            sig_alg, sig_cv, kex_alg, kex_cv = "EdDSA", cv.split("/")[0], "XDH", cv.split("/")[1]
        else:
            sig_alg, sig_cv, kex_alg, kex_cv = "ECDSA", cv, "ECDH", cv
        if op == "kex":
            rs = [store.get(use, "RSA", rp, "encrypt"), store.get(use, "RSA", rp, "decrypt")]
            es = [store.get(use, kex_alg, kex_cv, "keygen"), store.get(use, kex_alg, kex_cv, "derive"),
                  store.get(use, kex_alg, kex_cv, "derive")]
        elif op == "keygen" and sig_alg == "ECDSA":
            rs, es = [store.get(use, "RSA", rp, op)], [store.ecc_keygen(use, cv)]
        else:
            rs, es = [store.get(use, "RSA", rp, op)], [store.get(use, sig_alg, sig_cv, op)]
        if all(rs) and all(es):
            out.append((lvl, rp, cv, op, rs, es, None))
        elif row is not None and row["rsa_us"] > 0 and row["ecc_us"] > 0:
            out.append((lvl, rp, cv, op, None, None, row))
    return use, out, sl_run


def chart_ratios(ctx):
    ch = Chart("4", "04-ecc-vs-rsa", "RSA against ECC per security level and operation", "bar")
    use, raw_entries, sl_run = level_entries(ctx)
    if not raw_entries:
        return ch.skipped("no security level with both RSA and ECC cases")
    entries = []  # (level, rsa, curve, op, rsa_us, ecc_us, ratio, ci)
    from_summary = False
    for lvl, rp, cv, op, rs, es, row in raw_entries:
        if rs:
            ch.use(*rs)
            ch.use(*es)
            r_us = sum(c.median for c in rs)
            e_us = sum(c.median for c in es)
            ci = ratio_ci(rs, es)
        else:
            from_summary = True
            ch.source(sl_run)
            r_us, e_us, ci = float(row["rsa_us"]), float(row["ecc_us"]), None
        entries.append((lvl, rp, cv, op, r_us, e_us, r_us / e_us, ci))
    groups = sorted({(e[0], e[1], e[2]) for e in entries})
    ops = list(dict.fromkeys(e[3] for e in entries))
    ch.tables.append(("ratio = RSA median time / ECC median time (× RSA slower than ECC; "
                      "below 1: RSA faster)",
                      ["level (bits)", "RSA", "curve", "operation", "RSA median time",
                       "ECC median time", "RSA / ECC", "95 % CI of the ratio"],
                      [[str(e[0]), "RSA-" + e[1], e[2], e[3], fmt_us(e[4]), fmt_us(e[5]),
                        fmt_ratio(e[6]), fmt_ci(*e[7], fmt=fmt_ratio) if e[7] else "—"]
                       for e in sorted(entries)]))
    big = max(entries, key=lambda e: e[6])
    msg = ("The largest gap is %s at %d bits: RSA-%s is %s slower than ECC (%s)." % (
        big[3], big[0], big[1], fmt_ratio(big[6]), big[2]))
    rsa_wins = [e for e in entries if e[6] < 1]
    if rsa_wins:
        small = min(entries, key=lambda e: e[6])
        msg += (" RSA is faster only for %s; at %d bits its %s takes %s the time of ECC's "
                "(ECC %s slower)." % (", ".join(sorted({e[3] for e in rsa_wins})), small[0],
                                       small[3], fmt_ratio(small[6]), fmt_ratio(1 / small[6])))
    else:
        msg += " ECC is faster for every operation at every level measured."
    source = ("the pairs of the security-levels scenario" if sl_run else
              "the NIST SP 800-57 pairs of the benchmark cases")
    ch.caption = ("RSA median time / ECC median time per NIST level and operation, provider %s, "
                  "for %s (horizontal bars from 1×, log scale; > 1×: RSA is that many times "
                  "slower than ECC; %s). The numbers are the benchmark cases' medians, the same "
                  "as in the other charts; %s.%s " % (
                      use, source, CI_RATIO, KEX_DEFINITION,
                      " Pairs without cases use the scenario's own summary (no whisker)."
                      if from_summary else "") + msg)
    ch.interval = INTERVAL_RATIO
    ch.ratio = {"direction": "RSA × slower than ECC", "baseline": "ECC"}
    ch.size = (11, max(5, 1.5 + 0.32 * len(entries)))
    # What the key findings quote: per level, the preferred pair's ratios as labelled.
    pref = {lvl: cv for lvl, _, cv in level_pairs(ctx.store, use)}
    ch.facts["provider"] = use
    for e in entries:
        if pref.get(e[0]) == e[2] or e[0] not in pref:
            ch.facts.setdefault("levels", {}).setdefault(e[0], {"rsa": "RSA-" + e[1],
                                                                 "curve": e[2]})
            ch.facts["levels"][e[0]][e[3]] = {"ratio": e[6], "label": ratio_label(e[6], "ECC"),
                                              "inverse": fmt_ratio(1 / e[6])}

    def draw(ax, compact=False):
        n = len(ops)
        h = 0.8 / n
        allv = []
        for k, op in enumerate(ops):
            got = [(gi - 0.4 + h * (k + 0.5), e) for gi, g in enumerate(groups)
                   for e in entries if (e[0], e[1], e[2]) == g and e[3] == op]
            ys = [g[0] for g in got]
            xs = [g[1][6] for g in got]
            # Bars grow from the 1× line (a power of ten), so RSA-faster cases point left.
            bars_from_decade(ax, ys, xs, h, 1.0, horizontal=True,
                             color=SERIES_COLORS[k % len(SERIES_COLORS)], label=op)
            draw_ci(ax, ys, xs, [g[1][7] for g in got], horizontal=True)
            for y, (_, e) in zip(ys, got):
                tip = max(e[6], e[7][1]) if e[7] else e[6]
                label_at(ax, tip if e[6] >= 1 else max(1.0, tip), y, ratio_label(e[6], "ECC"),
                         horizontal=True, fontsize=6.5 if compact else 7)
                allv += [e[6]] + (list(e[7]) if e[7] else [])
        ci_legend_entry(ax, CI_RATIO)
        ratio_axis(ax, "x", min(allv), max(allv) * 4,
                   "RSA time / ECC time (RSA × slower than ECC; log scale; < 1×: RSA faster)")
        ax.set_yticks(range(len(groups)))
        ax.set_yticklabels(["%d-bit\nRSA-%s vs %s" % g for g in groups],
                           fontsize=7 if compact else 8)
        pad_slots(ax.set_ylim, len(groups))
        ax.invert_yaxis()
        ax.set_ylabel("security level and pair")
        ax.set_title(ch.title + " (%s)" % use)
        ax.legend(title="operation", fontsize=7.5, loc="upper left", bbox_to_anchor=(1.01, 1))
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 5. RSA scaling
def chart_rsa_scaling(ctx):
    ch = Chart("5", "05-rsa-scaling", "RSA: time against modulus size", "line")
    store, prov = ctx.store, ctx.provider
    series = {}
    for c in store.plain():
        if c.provider == prov and c.algorithm == "RSA" and c.param_value:
            series.setdefault(c.op, []).append(c)
    series = {op: sorted(v, key=lambda c: c.param_value) for op, v in series.items()
              if len(v) >= 2}
    if not series:
        return ch.skipped("fewer than two RSA sizes measured for provider %s" % (prov or "—"))
    fits = {}
    for op, cs in series.items():
        ch.use(*cs)
        k, a = np.polyfit(np.log([c.param_value for c in cs]), np.log([c.median for c in cs]), 1)
        fits[op] = (a, k)
    ops = sorted(series, key=op_sort_key)
    sizes = sorted({c.param_value for cs in series.values() for c in cs})
    ch.tables.append(("median time per size, provider %s; k: fitted exponent of "
                      "log(time) = a + k·log(bits)" % prov,
                      ["operation"] + ["RSA-%d" % s for s in sizes] + ["k"],
                      [[op] + [next((fmt_us(c.median) for c in series[op]
                                     if c.param_value == s), "—") for s in sizes] +
                       [sig(fits[op][1])] for op in ops]))
    priv = [fits[o][1] for o in ("sign", "decrypt", "private", "sign_pss") if o in fits]
    pub = [fits[o][1] for o in ("verify", "encrypt", "public", "verify_pss") if o in fits]
    msgs = []
    if priv:
        kp = float(np.mean(priv))
        msgs.append("private-key operations grow as bits^%s (doubling the modulus costs "
                    "%s; schoolbook arithmetic would give 8×, Karatsuba about 6×)"
                    % (sig(kp), fmt_ratio(2 ** kp)))
    if pub:
        msgs.append("public-key operations with the small exponent e = 65537 grow as "
                    "bits^%s (theory: 2)" % sig(float(np.mean(pub))))
    if "keygen" in fits:
        msgs.append("key generation grows fastest, bits^%s (prime search: about 4 in "
                    "theory)" % sig(fits["keygen"][1]))
    ch.caption = ("Median time of every RSA operation against the modulus size (log–log, "
                  "provider %s; %s); dashed lines are least-squares fits of log(time) = a + "
                  "k·log(bits), with k in the legend." % (prov, CI_MEDIAN) +
                  no_ci_note(ch.cases) + " " + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN

    def draw(ax, compact=False):
        for i, op in enumerate(ops):
            cs = series[op]
            col = op_color(op)
            xs = [c.param_value for c in cs]
            ys = [c.median for c in cs]
            # Markers differ so that operations of equal cost stay apart.
            ax.plot(xs, ys, "-", marker=SERIES_MARKERS[i % len(SERIES_MARKERS)], color=col,
                    lw=1.2, ms=5, mfc="none" if i % 2 else col,
                    label="%s (k = %s)" % (op, sig(fits[op][1])))
            draw_ci(ax, xs, ys, [median_ci(c) for c in cs], color=col)
            a, k = fits[op]
            xx = np.linspace(min(xs), max(xs), 20)
            ax.plot(xx, np.exp(a) * xx ** k, "--", color=col, lw=0.8, alpha=0.7)
        ci_legend_entry(ax)
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: "%d" % v))
        ax.xaxis.set_minor_formatter(NullFormatter())
        time_axis(ax, "y")
        ax.set_xlabel("RSA modulus size (bits, log scale)")
        ax.set_ylabel("median time per operation (log scale)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=7 if compact else 8, ncol=2 if len(ops) > 5 else 1,
                  title="operation (fitted exponent)")
        ax.grid(which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 6. ECC operations by curve: the prime curves, then the binary ones
ECC_BY_CURVE_OPS = [("ECDSA", "keygen"), ("ECDSA", "sign"), ("ECDSA", "verify"),
                    ("ECDH", "derive"), ("EC", "scalar_mul")]


def chart_ecc_by_curve(ctx):
    ch = Chart("6", "06-ecc-by-curve", "ECC operations by curve", "bar")
    store, prov = ctx.store, ctx.provider
    # store.params: the prime curves by field size, then the binary ones
    curves = store.params(prov, ("ECDSA", "ECDH")) if prov else []
    nbinary = sum(1 for c in curves if is_binary_curve(c))
    ops = [(a, o) for a, o in ECC_BY_CURVE_OPS if any(store.get(prov, a, c, o) for c in curves)]
    if not curves or not ops:
        return ch.skipped("no ECDSA/ECDH cases for provider %s" % (prov or "—"))
    cells = {(c, a, o): store.get(prov, a, c, o) for c in curves for a, o in ops}
    ch.use(*[v for v in cells.values() if v])
    ch.tables.append(("median time per operation, provider %s" % prov,
                      ["curve"] + ["%s %s" % k for k in ops],
                      [[c] + [fmt_us(cells[(c, a, o)].median) if cells[(c, a, o)] else "—"
                              for a, o in ops] for c in curves]))
    msgs = []
    sign = {c: cells.get((c, "ECDSA", "sign")) for c in curves}
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
    vs = [(c, cells.get((c, "ECDSA", "verify"))) for c in sign]
    vs = [v.median / sign[c].median for c, v in vs if v]
    if vs:
        lo, hi = fmt_ratio(min(vs)), fmt_ratio(max(vs))
        msgs.append("verification costs %s a signature (a double scalar multiplication "
                    "with a public base)" % (lo if lo == hi else "%s–%s" % (lo, hi)))
    kinds = ("every curve measured, the prime ones and then, right of the dashed line, the "
             "binary (GF(2^m)) ones" if nbinary and nbinary < len(curves) else
             "every binary (GF(2^m)) curve measured" if nbinary else "every prime curve measured")
    ch.caption = ("Median time of the ECC operations on %s (provider %s; bars on a log scale, "
                  "from a power of ten; %s)." % (kinds, prov, CI_MEDIAN) +
                  no_ci_note(ch.cases) + " " + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN
    ch.size = (max(9, 1.2 * len(curves) + 3), 6)

    def draw(ax, compact=False):
        x = np.arange(len(curves))
        w = 0.8 / len(ops)
        got_all = [v for v in cells.values() if v]
        base = bar_base([c.median for c in got_all] +
                        [median_ci(c)[0] for c in got_all if median_ci(c)])
        for k, (a, o) in enumerate(ops):
            got = [(x[i] - 0.4 + w * (k + 0.5), cells[(c, a, o)]) for i, c in enumerate(curves)
                   if cells[(c, a, o)]]
            xs = [g[0] for g in got]
            ys = [g[1].median for g in got]
            bars_from_decade(ax, xs, ys, w, base, color=op_color(o if a != "ECDH" else "derive"),
                             label="%s %s" % (a, o))
            draw_ci(ax, xs, ys, [median_ci(g[1]) for g in got])
        ci_legend_entry(ax)
        ax.set_xticks(x)
        ax.set_xticklabels([curve_tick(c) for c in curves], fontsize=7 if compact else 8)
        if 0 < nbinary < len(curves):
            ax.axvline(len(curves) - nbinary - 0.5, color="0.4", linestyle="--", linewidth=0.8)
        pad_slots(ax.set_xlim, len(curves))
        time_axis(ax, "y")
        ax.set_ylim(base, decade_ceil(max(c.median for c in got_all) * 1.5))
        ax.set_ylabel("median time per operation (log scale, bars from %s)" %
                      tick_us(base))
        grouped_bar_labels(ax, "curve (prime, then binary; each in order of field size)"
                           if nbinary else "curve (in order of field size)",
                           ch.title + " (%s)" % prov)
    ch.draw = draw
    return ch
