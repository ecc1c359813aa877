"""Chart 13: the same operations on several machines (or runs), each run
named by its label (`--label`, the file's context.label, or host and date)."""
from .chart import Chart
from .fmt import fmt_us, fmt_ratio, fmt_ci
from .stats import ratio_ci, geomean
from .style import (plt, ratio_axis, bars_from_decade, draw_ci, ci_legend_entry, label_at,
                    case_sort_key, FAMILY_ORDER, CI_RATIO, INTERVAL_RATIO)
from .charts_core import sentences


def chart_cross_machine(ctx):
    ch = Chart("13", "13-cross-machine", "The same operations on several machines", "bar")
    ms, prov = ctx.machines, ctx.provider
    if len(ms) < 2:
        return ch.skipped("only one result file given")
    ref = ms[0]
    common = [c for c in ref.store.plain() if c.provider == prov and
              all(m.store.get(prov, c.algorithm, c.param, c.op) for m in ms[1:])]
    if not common:
        return ch.skipped("the result files share no operation of provider %s" % prov)
    common.sort(key=case_sort_key)
    labels = [m.label for m in ms]
    other = {}  # (machine index, case id) -> (case, ratio, ci)
    for i, m in enumerate(ms[1:], start=1):
        for c in common:
            o = m.store.get(prov, c.algorithm, c.param, c.op)
            ch.use(c, o)
            other[(i, id(c))] = (o, o.median / c.median, ratio_ci([o], [c]))
    ch.tables.append((
        "median time per run (provider %s); ratio = run's median / median on %s (× slower "
        "than %s)" % (prov, labels[0], labels[0]),
        ["case"] + labels + ["%s / %s" % (l, labels[0]) for l in labels[1:]] +
        ["95 % CI"] * (len(ms) - 1),
        [[c.label, fmt_us(c.median)] + [fmt_us(other[(i, id(c))][0].median)
                                        for i in range(1, len(ms))] +
         [fmt_ratio(other[(i, id(c))][1]) for i in range(1, len(ms))] +
         [fmt_ci(*other[(i, id(c))][2], fmt=fmt_ratio) if other[(i, id(c))][2] else "—"
          for i in range(1, len(ms))] for c in common]))
    msgs = []
    for i in range(1, len(ms)):
        rat = [other[(i, id(c))][1] for c in common]
        by = []
        for alg in sorted({c.algorithm for c in common}, key=lambda a: FAMILY_ORDER.get(a, 9)):
            by.append("%s %s" % (alg, fmt_ratio(geomean(
                [r for r, c in zip(rat, common) if c.algorithm == alg]))))
        msgs.append("%s takes %s the time of %s (geometric mean over the %d shared cases; %s), "
                    "slower in %d of them" % (labels[i], fmt_ratio(geomean(rat)), labels[0],
                                              len(common), ", ".join(by),
                                              sum(1 for x in rat if x > 1)))
    ch.caption = ("Median time of every operation both runs measured (provider %s) as a ratio "
                  "to %s: horizontal bars from 1× (log scale; time / time on %s = × slower than "
                  "%s; %s), the ratio written at each bar. " % (
                      prov, labels[0], labels[0], labels[0], CI_RATIO) + sentences(msgs) +
                  " Differences mix CPU, compiler and library versions: compare the contexts "
                  "of the runs.")
    ch.interval = INTERVAL_RATIO
    ch.ratio = {"direction": "× slower than %s" % labels[0], "baseline": labels[0]}
    ch.size = (11, max(5, 1.8 + 0.24 * len(common) * (len(ms) - 1)))

    def draw(ax, compact=False):
        n = len(ms) - 1
        h = 0.8 / n
        allv = []
        for i in range(1, len(ms)):
            ys = [j - 0.4 + h * (i - 0.5) for j in range(len(common))]
            got = [other[(i, id(c))] for c in common]
            xs = [g[1] for g in got]
            bars_from_decade(ax, ys, xs, h, 1.0, horizontal=True,
                             color=plt.get_cmap("tab10")(i), label=labels[i])
            draw_ci(ax, ys, xs, [g[2] for g in got], horizontal=True)
            for y, g in zip(ys, got):
                tip = max(g[1], g[2][1]) if g[2] else g[1]
                label_at(ax, tip if g[1] >= 1 else max(1.0, tip), y, fmt_ratio(g[1]),
                         horizontal=True, fontsize=6.5)
                allv += [g[1]] + (list(g[2]) if g[2] else [])
        ci_legend_entry(ax, CI_RATIO)
        ratio_axis(ax, "x", min(allv), max(allv) * 1.6,
                   "× slower than %s (median time / its median there; log scale; < 1×: faster)"
                   % labels[0])
        ax.plot([], [], "-", color="black", lw=1, label="%s (reference)" % labels[0])
        ax.set_yticks(range(len(common)))
        ax.set_yticklabels([c.label for c in common], fontsize=7)
        ax.set_ylim(len(common) - 0.5, -0.5)
        ax.set_ylabel("operation (provider %s)" % prov)
        ax.set_title(ch.title, pad=30)
        ax.legend(fontsize=8, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=2, frameon=False,
                  borderaxespad=0.1)
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch
