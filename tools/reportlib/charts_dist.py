"""Charts 7a/7b: the distribution of the raw samples behind the medians, as
plain box plots on a log axis (box: quartiles, whiskers: P5 and P95)."""
import numpy as np

from .chart import Chart
from .data import ECC_ALGS, param_label
from .fmt import fmt_us, fmt_count, sig
from .style import op_color, op_sort_key, time_axis, FAMILY_ORDER, INTERVAL_BOX
from .charts_core import ci_cell


def _dist_chart(ctx, cid, stem, family):
    title = "Timing distributions: %s" % family
    ch = Chart(cid, stem, title, "box")
    store, prov = ctx.store, ctx.provider
    algs = ("RSA",) if family == "RSA" else ECC_ALGS
    with_raw = [c for c in store.plain()
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
    cases = sorted(params[param], key=lambda c: (FAMILY_ORDER.get(c.algorithm, 9),
                                                 op_sort_key(c.op)))
    ch.use(*cases)
    label = param_label("RSA", param) if family == "RSA" else param
    spread = [(np.percentile(c.raw, 95) - np.percentile(c.raw, 5)) / c.median * 100
              for c in cases]
    cyc_unit = next((c.cycles_unit for c in cases if c.cycles_unit), None)
    headers = ["operation", "samples", "median time", "95 % CI of the median", "P5", "P95",
               "min", "max", "P5–P95 spread", "CPU time (median)",
               "cycles/op" + (" (%s)" % cyc_unit if cyc_unit else ""), "distinct keys / inputs",
               "flags"]
    rows = []
    for c, s in zip(cases, spread):
        flags = [f for f, on in (("noisy", c.noisy), ("descheduled", c.descheduled)) if on]
        rows.append(["%s %s" % (c.algorithm, c.op), fmt_count(len(c.raw)), fmt_us(c.median),
                     ci_cell(c), fmt_us(float(np.percentile(c.raw, 5))),
                     fmt_us(float(np.percentile(c.raw, 95))), fmt_us(min(c.raw)),
                     fmt_us(max(c.raw)), sig(s) + " %",
                     fmt_us(c.cpu_time) if c.cpu_time else "—",
                     sig(c.cycles_per_op) if c.cycles_per_op else "—",
                     "%s / %s" % (fmt_count(c.distinct_keys) if c.distinct_keys is not None
                                  else "—", fmt_count(c.inputs) if c.inputs else "—"),
                     ", ".join(flags) or "—"])
    ch.tables.append(("%s, provider %s (source of the samples: %s)" % (
        label, prov, ctx.m.raw_source or "raw samples"), headers, rows))
    i_max, i_min = int(np.argmax(spread)), int(np.argmin(spread))
    desched = [c for c in cases if c.descheduled]
    ch.caption = (
        "The raw samples of the %s operations at %s, provider %s, as box plots on a log time "
        "axis: the box spans the quartiles, the line is the median, the whiskers reach the "
        "5th and 95th percentiles and dots are the samples beyond them. The widest spread is "
        "%s %s (P5–P95 = %s %% of its median), the narrowest %s %s (%s %%)%s.%s" % (
            family, label, prov, cases[i_max].algorithm, cases[i_max].op, sig(spread[i_max]),
            cases[i_min].algorithm, cases[i_min].op, sig(spread[i_min]),
            "; RSA key generation varies by design (random prime search), a wide spread there "
            "is not noise" if family == "RSA" and cases[i_max].op == "keygen" else
            "; a spread of a few per cent is ordinary machine noise",
            " %d of these cases lost the CPU while measured (descheduled; see the table)."
            % len(desched) if desched else ""))
    ch.interval = INTERVAL_BOX

    def draw(ax, compact=False):
        pos = np.arange(1, len(cases) + 1)
        bp = ax.boxplot([c.raw for c in cases], positions=pos, widths=0.6, whis=(5, 95),
                        patch_artist=True, showfliers=True, medianprops={"color": "black"},
                        flierprops={"marker": ".", "markersize": 3, "markerfacecolor": "#555555",
                                    "markeredgecolor": "none"})
        for patch, c in zip(bp["boxes"], cases):
            patch.set_facecolor(op_color(c.op))
            patch.set_alpha(0.55)
        time_axis(ax, "y")
        lo = min(min(c.raw) for c in cases)
        hi = max(max(c.raw) for c in cases)
        ax.set_ylim(lo / 1.5, hi * 1.5)
        ax.set_xticks(pos)
        short = family != "RSA"
        ax.set_xticklabels(["%s%s\n%s" % ((c.algorithm + "\n") if short else "", c.op,
                                          fmt_us(c.median)) for c in cases],
                           fontsize=(6.5 if compact else 7.5) if len(cases) <= 10 else 6)
        ax.set_xlabel("operation and its median (%s)" % label)
        ax.set_ylabel("time per operation, one sample per batch (log scale)")
        ax.set_title(title + " at %s (%s)" % (label, prov), pad=18)
        ax.plot([], [], "s", color="#bbbbbb", label="box: P25–P75, line: median")
        ax.plot([], [], "-", color="black", lw=1, label="whiskers: P5–P95")
        ax.plot([], [], ".", color="#555555", label="samples beyond P5/P95")
        ax.legend(fontsize=7, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=3, frameon=False,
                  borderaxespad=0.1)
        ax.grid(axis="y", alpha=0.3)
    ch.draw = draw
    return ch


def chart_dist_rsa(ctx):
    return _dist_chart(ctx, "7a", "07a-distributions-rsa", "RSA")


def chart_dist_ecc(ctx):
    return _dist_chart(ctx, "7b", "07b-distributions-ecc", "ECC")

