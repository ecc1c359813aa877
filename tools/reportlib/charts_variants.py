"""Charts 8a/8b: one implementation choice at a time (affine against
Jacobian coordinates, textbook RSA against CRT), as bars from a power of
ten with the ratio "× slower than" the faster variant on each pair."""

import numpy as np

from .chart import Chart
from .data import ECC_ALGS, param_label, param_sort_key
from .fmt import fmt_us, fmt_ratio, fmt_ci, tick_us
from .stats import median_ci, ratio_ci, geomean
from .style import (provider_color, op_sort_key, time_axis, bars_from_decade, bar_base,
                    draw_ci, ci_legend_entry, tidy_log_ticks, pad_slots, panel_grid,
                    CI_MEDIAN, INTERVAL_MEDIAN)


def _variant_chart(ctx, ch, slow_prov, fast_prov, algs, slow_name, fast_name, xname, why):
    store = ctx.store
    pairs = {}
    for c in store.plain():
        if c.provider == slow_prov and c.algorithm in algs:
            f = store.get(fast_prov, c.algorithm, c.param, c.op)
            if f:
                pairs.setdefault((c.algorithm, c.op), []).append((c, f))
    if not pairs:
        return ch.skipped("no case measured with both %s and %s" % (slow_prov, fast_prov))
    keys = sorted(pairs, key=lambda k: (op_sort_key(k[1]), k[0]))
    for k in keys:
        pairs[k].sort(key=lambda cf: param_sort_key(cf[0].param, cf[0].param_value or 0))
        for s, f in pairs[k]:
            ch.use(s, f)
    ratio = {id(s): (s.median / f.median, ratio_ci([s], [f])) for k in keys for s, f in pairs[k]}
    direction = "× slower than %s" % fast_name
    rows = [[k[0] + " " + k[1], param_label(k[0], s.param), fmt_us(s.median), fmt_us(f.median),
             fmt_ratio(ratio[id(s)][0]),
             fmt_ci(*ratio[id(s)][1], fmt=fmt_ratio) if ratio[id(s)][1] else "—"]
            for k in keys for s, f in pairs[k]]
    ch.tables.append(("ratio = %s median time / %s median time (%s)" % (
        slow_name, fast_name, direction),
        ["operation", xname, "%s median time" % slow_name, "%s median time" % fast_name,
         "%s / %s" % (slow_name, fast_name), "95 % CI of the ratio"], rows))
    rs = [ratio[id(s)][0] for k in keys for s, _ in pairs[k]]
    per_op = ["%s %s %s" % (k[0], k[1], fmt_ratio(geomean([ratio[id(s)][0]
                                                           for s, _ in pairs[k]])))
              for k in keys]
    ch.caption = ("Median time with %s (%s) and with %s (%s) for every operation and %s "
                  "(bars on a log scale, from a power of ten; %s); the label over each pair is "
                  "%s time / %s time (%s × slower than %s). %s is %s–%s "
                  "slower (geometric mean per operation: %s). %s" % (
                      slow_name, slow_prov, fast_name, fast_prov, xname, CI_MEDIAN, slow_name,
                      fast_name, slow_name, fast_name, slow_name[0].upper() + slow_name[1:],
                      fmt_ratio(min(rs)), fmt_ratio(max(rs)), ", ".join(per_op), why))
    ch.interval = INTERVAL_MEDIAN
    ch.ratio = {"direction": "%s %s" % (slow_name, direction), "baseline": fast_name}

    def figure():
        fig, axes = panel_grid(len(keys), 4.8, 4.0, 0.8)
        for ax, k in zip(axes, keys):
            ps = pairs[k]
            x = np.arange(len(ps))
            cases = [c for p in ps for c in p]
            base = bar_base([c.median for c in cases] +
                            [median_ci(c)[0] for c in cases if median_ci(c)])
            for off, which, prov, name in ((-0.2, 0, slow_prov, slow_name),
                                           (0.2, 1, fast_prov, fast_name)):
                ys = [p[which].median for p in ps]
                bars_from_decade(ax, x + off, ys, 0.4, base, color=provider_color(prov),
                                 label="%s (%s)" % (name, prov))
                draw_ci(ax, x + off, ys, [median_ci(p[which]) for p in ps])
            top = max(c.median for c in cases)
            for i, (s, f) in enumerate(ps):
                ax.annotate(fmt_ratio(ratio[id(s)][0]), (i, max(s.median, f.median)),
                            xytext=(0, 9), textcoords="offset points", ha="center",
                            va="bottom", fontsize=7.5, fontweight="bold", annotation_clip=False)
            time_axis(ax, "y")
            ax.set_ylim(base, top * 6)
            pad_slots(ax.set_xlim, len(ps), 2)
            ax.set_xticks(x)
            ax.set_xticklabels([param_label(k[0], s.param) for s, _ in ps], fontsize=7,
                               rotation=25 if len(ps) > 6 else 0,
                               ha="right" if len(ps) > 6 else "center")
            ax.set_title("%s %s" % k, fontsize=10)
            ax.set_ylabel("median time (log, from %s)" % tick_us(base), fontsize=8)
            ax.set_xlabel(xname, fontsize=8)
            ax.tick_params(axis="y", labelsize=7)
            ax.grid(axis="y", alpha=0.3)
        ci_legend_entry(axes[0])
        h, lab = axes[0].get_legend_handles_labels()
        fig.legend(h, lab, loc="upper right", fontsize=8.5, ncol=3)
        fig.suptitle("%s\nlabels: %s time / %s time (%s)" % (ch.title, slow_name, fast_name,
                                                          direction),
                     x=0.01, ha="left", fontsize=11)
        tidy_log_ticks(fig)
        fig.tight_layout(rect=(0, 0, 1, 1 - 0.75 / fig.get_figheight()))
        return fig
    ch.figure = figure
    return ch


def chart_affine_jacobian(ctx):
    ch = Chart("8a", "08a-affine-vs-jacobian", "Affine vs Jacobian coordinates per curve", "bar")
    return _variant_chart(ctx, ch, "pkc-affine", "pkc", ECC_ALGS, "affine", "Jacobian", "curve",
                          "Affine formulas need a field inversion in every addition and "
                          "doubling; Jacobian coordinates trade it for a few multiplications.")


def chart_crt_textbook(ctx):
    ch = Chart("8b", "08b-crt-vs-textbook", "RSA private operation: CRT vs textbook", "bar")
    return _variant_chart(ctx, ch, "pkc-textbook", "pkc", ("RSA",), "textbook", "CRT",
                          "modulus size",
                          "CRT does two exponentiations with half-size moduli and exponents, "
                          "each about 1/8 of the full one, so about 4× in theory.")
