"""The report's charts in reading order, and the collages made of them.

Charts by topic: charts_core (1-6), charts_ecx (6b), charts_dist (7a/7b), charts_variants
(8a/8b), charts_providers (9, 14), charts_scenarios (10, 10b, 11),
charts_machines (13), charts_extra (15-19), charts_ecutils (20, 20a-20h),
charts_sweep (21a-21e).
Every chart follows the rules of docs/report.md; a chart whose data are
absent is skipped with the reason.
"""
from .chart import Chart, finish
from .charts_core import (chart_heatmap, chart_keygen, chart_sign_verify, chart_ratios,
                          chart_rsa_scaling, chart_ecc_by_curve)
from .charts_dist import chart_dist_rsa, chart_dist_ecc
from .charts_ecx import chart_modern_curves
from .charts_variants import chart_affine_jacobian, chart_crt_textbook
from .charts_providers import chart_providers, chart_fastest
from .charts_scenarios import chart_kex, chart_kex_study, chart_message_size
from .charts_machines import chart_cross_machine
from .charts_extra import (chart_binary_prime, chart_size_sweep, chart_threads, chart_flags,
                           chart_profile)
from .charts_ecutils import BUILDERS as ECUTILS_BUILDERS, STEMS as ECUTILS_STEMS
from .charts_sweep import BUILDERS as SWEEP_BUILDERS, STEMS as SWEEP_STEMS
from .style import plt, tidy_log_ticks

BUILDERS = [("1", chart_heatmap), ("2", chart_keygen), ("3", chart_sign_verify),
            ("4", chart_ratios), ("5", chart_rsa_scaling), ("6", chart_ecc_by_curve),
            ("6b", chart_modern_curves), ("7a", chart_dist_rsa), ("7b", chart_dist_ecc),
            ("8a", chart_affine_jacobian),
            ("8b", chart_crt_textbook), ("9", chart_providers), ("10", chart_kex),
            ("10b", chart_kex_study), ("11", chart_message_size)]
LATER = [("13", chart_cross_machine), ("14", chart_fastest), ("15", chart_binary_prime),
         ("16", chart_size_sweep), ("17", chart_threads), ("18", chart_flags),
         ("19", chart_profile)] + ECUTILS_BUILDERS + SWEEP_BUILDERS
STEMS = {"1": "01-heatmap", "2": "02-keygen", "3": "03-sign-verify", "4": "04-ecc-vs-rsa",
         "5": "05-rsa-scaling", "6": "06-ecc-by-curve", "6b": "06b-modern-curves", "7a": "07a-distributions-rsa",
         "7b": "07b-distributions-ecc", "8a": "08a-affine-vs-jacobian",
         "8b": "08b-crt-vs-textbook", "9": "09-providers", "10": "10-kex-amortized",
         "10b": "10b-kex-bc2006",
         "11": "11-message-size", "13": "13-cross-machine", "14": "14-fastest",
         "15": "15-binary-vs-prime", "16": "16-size-sweep", "17": "17-thread-scaling",
         "18": "18-flags-study", "19": "19-profiles", **ECUTILS_STEMS, **SWEEP_STEMS}


def collage(cid, stem, title, parts, caption):
    """Four charts in one picture, only when all four exist: a collage with
    holes would show less than its caption promises."""
    ch = Chart(cid, stem, title, "collage")
    missing = [p for p in parts if p.skip or not p.draw]
    if missing:
        return ch.skipped("needs all four of its panels; missing: %s" % ", ".join(
            "chart %s (%s)" % (p.cid, p.skip or "multi-panel chart") for p in missing))
    for p in parts:
        ch.use(*p.cases)
        for s in p.sources:
            ch.source(s)
    ch.interval = "; ".join(dict.fromkeys(p.interval for p in parts if p.interval))
    ratios = [p.ratio for p in parts if p.ratio]
    ch.ratio = ratios[0] if ratios else None
    ch.caption = caption + " Panels: " + "; ".join(
        "%s chart %s (%s%s)" % (pos, p.cid, p.title, ", ratio: " + p.ratio["direction"]
                                if p.ratio else "")
        for pos, p in zip(("top left", "top right", "bottom left", "bottom right"), parts)) + \
        ". Whiskers mean the same as in each chart: 95 % CIs of the median or of the ratio."

    def figure():
        fig, axes = plt.subplots(2, 2, figsize=(22, 14))
        for ax, p in zip(axes.flat, parts):
            p.draw(ax, compact=True)
        fig.suptitle(title, fontsize=15)
        tidy_log_ticks(fig)
        fig.tight_layout(rect=(0, 0, 1, 0.97))
        return fig
    ch.figure = figure
    return ch


def _build(cid, f, ctx):
    try:
        ch = f(ctx)
    except Exception as e:  # a bug must not cost the other charts
        if type(e).__name__ == "InputError":
            raise
        ch = Chart(cid, STEMS.get(cid, "%s-chart" % cid.zfill(2)),
                   f.__name__.replace("chart_", "chart "), "broken")
        ch.skipped("could not be prepared (report.py bug, please report it: %s: %s)"
                   % (type(e).__name__, e))
        ch.broken = True
    return finish(ch, ctx.store_of)


def build_all(ctx):
    c = {cid: _build(cid, f, ctx) for cid, f in BUILDERS}
    out = list(c.values())
    out.append(finish(collage("12a", "12a-collage-overview", "RSA vs ECC overview",
                              [c["1"], c["2"], c["4"], c["3"]],
                              "The four-panel overview in one picture, for a slide or a thesis "
                              "page; read each panel as the chart of the same number."),
                      ctx.store_of))
    out.append(finish(collage("12b", "12b-collage-detail", "RSA and ECC in detail",
                              [c["5"], c["6"], c["7a"], c["7b"]],
                              "The four-panel detail view in one picture."), ctx.store_of))
    out += [_build(cid, f, ctx) for cid, f in LATER]
    return out
