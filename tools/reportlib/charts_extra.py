"""Charts 15-19, drawn when their data are in the input: binary against
prime curves, the throughput size sweep, thread scaling, the compiler-flags
study and the profiles (flame graphs and allocation counts)."""
import os
import re
import sys

from matplotlib.ticker import FuncFormatter, MaxNLocator, NullFormatter

from .chart import Chart
from .data import is_binary_curve, CURVE_NICK
from .fmt import (fmt_us, fmt_ratio, fmt_ci, fmt_count, fmt_bytes, fmt_throughput, fmt_rate,
                  sig, fmt_pct)
from .markup import esc
from .stats import median_ci, ratio_ci, combine_log_ci, geomean
from .style import (provider_color, provider_marker, time_axis, ratio_axis, draw_ci,
                    ci_legend_entry, op_sort_key, tidy_log_ticks, panel_grid, CI_MEDIAN, CI_RATIO,
                    INTERVAL_MEDIAN, INTERVAL_RATIO, SERIES_COLORS, SERIES_MARKERS)
from .charts_core import sentences


# ---------------------------------------------------------------------------
# 15. Binary against prime curves
BINARY_OPS = [("ECDSA", "keygen"), ("ECDSA", "sign"), ("ECDSA", "verify"), ("ECDH", "derive")]


def chart_binary_prime(ctx):
    ch = Chart("15", "15-binary-vs-prime", "Binary against prime curves at equal security", "dot")
    store, prov = ctx.store, ctx.provider
    curves = store.params(prov, ("ECDSA", "ECDH")) if prov else []
    binary = [c for c in curves if is_binary_curve(c)]
    if not binary:
        return ch.skipped("no binary-curve (sect*) cases for provider %s" % (prov or "—"))
    by_level = {}
    for c in curves:
        lvl = store.security_of("ECDSA", c) or store.security_of("ECDH", c)
        if lvl:
            by_level.setdefault(lvl, {"prime": [], "binary": []})[
                "binary" if is_binary_curve(c) else "prime"].append(c)
    levels = sorted(l for l, v in by_level.items() if v["prime"] and v["binary"])
    if not levels:
        return ch.skipped("no security level has both a binary and a prime curve")
    rows = []  # (level, alg, op, prime case, [binary cases])
    for lvl in levels:
        pr = sorted(by_level[lvl]["prime"], key=lambda c: (not c.endswith("r1"), c))[0]
        for a, o in BINARY_OPS:
            p = store.get(prov, a, pr, o)
            bs = [store.get(prov, a, b, o) for b in sorted(by_level[lvl]["binary"])]
            bs = [b for b in bs if b]
            if p and bs:
                ch.use(p, *bs)
                rows.append((lvl, a, o, p, bs))
    if not rows:
        return ch.skipped("no operation measured on both a binary and a prime curve")
    table, ratios = [], []
    for lvl, a, o, p, bs in rows:
        for b in bs:
            r, ci = b.median / p.median, ratio_ci([b], [p])
            ratios.append(r)
            table.append(["%d" % lvl, "%s %s" % (a, o), p.param, fmt_us(p.median), b.param,
                          fmt_us(b.median), fmt_ratio(r),
                          fmt_ci(*ci, fmt=fmt_ratio) if ci else "—"])
    ch.tables.append(("ratio = binary-curve median time / prime-curve median time (× slower "
                      "than the prime curve)", ["level (bits)", "operation", "prime curve",
                                                "median time", "binary curve", "median time",
                                                "binary / prime", "95 % CI of the ratio"], table))
    g = geomean(ratios)
    ch.caption = ("Median time of the ECC operations on the binary curves (GF(2^m), SEC 2) and "
                  "on the prime curve of the same NIST security level, provider %s (points, log "
                  "scale; %s); the label beside each binary point is its time / the prime "
                  "curve's time (× slower than the prime curve). Geometric mean of that ratio: "
                  "%s over %d pairs." % (prov, CI_MEDIAN, fmt_ratio(g), len(ratios)))
    ch.interval = INTERVAL_MEDIAN
    ch.ratio = {"direction": "binary curve × slower than the prime curve",
                "baseline": "the prime curve"}
    ch.size = (13, max(4.5, 1.6 + 0.45 * len(rows)))

    def draw(ax, compact=False):
        allv = []
        styles = {}
        for i, (lvl, a, o, p, bs) in enumerate(rows):
            pts = [(p, "prime")] + [(b, "binary") for b in bs]
            for j, (c, kind) in enumerate(pts):
                y = i + (j - (len(pts) - 1) / 2) * 0.22
                name = curve_name(c.param)
                if name not in styles:
                    # prime curves dark grey dots; the binary ones of a level
                    # one colour per level, Koblitz (k1) triangles and random
                    # (r1, r2) squares: no two curves of a row look alike
                    styles[name] = ("0.25", "o") if kind == "prime" else (
                        SERIES_COLORS[levels.index(lvl) % len(SERIES_COLORS)],
                        "^" if c.param.endswith("k1") else "s")
                col, mk = styles[name]
                ax.plot([c.median], [y], mk, color=col, ms=6, linestyle="none",
                        label=name if name not in ax.get_legend_handles_labels()[1] else None)
                draw_ci(ax, [y], [c.median], [median_ci(c)], horizontal=True, color=col)
                allv.append(c.median)
                if kind == "binary":
                    ax.annotate(fmt_ratio(c.median / p.median), (c.median, y), xytext=(7, 0),
                                textcoords="offset points", va="center", fontsize=7)
        ci_legend_entry(ax)
        time_axis(ax, "x")
        ax.set_xlim(min(allv) / 2, max(allv) * 4)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels(["%d-bit %s %s" % (l, a, o) for l, a, o, _, _ in rows], fontsize=8)
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.set_xlabel("median time per operation (log scale)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=7.5, loc="upper left", bbox_to_anchor=(1.01, 1), title="curve")
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch


def curve_name(c):
    return "%s (%s)" % (c, CURVE_NICK[c]) if c in CURVE_NICK else c


# ---------------------------------------------------------------------------
# 16. Throughput against data size (SHA-256, AES, ...)
def chart_size_sweep(ctx):
    ch = Chart("16", "16-size-sweep", "Throughput against data size", "line")
    store = ctx.store
    series = {}  # (algorithm and key size, op) -> provider -> [cases]
    size = {}    # case -> bytes per call
    for c in store.plain():
        # the size-sweep scenario has charts of its own (21a-21e)
        if c.algorithm in ("RSA", "ECDSA", "ECDH", "EC") or c.scenario == "size-sweep":
            continue
        n = c.message_bytes if c.message_bytes else c.param_value
        if n is None:
            continue
        size[id(c)] = n
        name = c.algorithm if c.algorithm == "SHA-256" else "%s-%s" % (c.algorithm, c.param)
        series.setdefault((name, c.op), {}).setdefault(c.provider, []).append(c)
    panels = []
    for k, per in sorted(series.items()):
        per = {p: sorted(v, key=lambda c: size[id(c)]) for p, v in per.items() if len(v) >= 2}
        if per:
            panels.append((k, per))
    if not panels:
        return ch.skipped("no algorithm measured at two or more data sizes (SHA-256, AES...)")
    rows, msgs = [], []
    for (alg, op), per in panels:
        for p, cs in per.items():
            ch.use(*cs)
            for c in cs:
                ci = median_ci(c)
                rows.append(["%s %s" % (alg, op), p, fmt_bytes(size[id(c)]), fmt_us(c.median),
                             fmt_throughput(size[id(c)] / c.median),
                             fmt_ci(size[id(c)] / ci[1], size[id(c)] / ci[0],
                                    fmt=fmt_throughput) if ci else "—"])
        best = max(((p, cs[-1]) for p, cs in per.items()),
                   key=lambda pc: size[id(pc[1])] / pc[1].median)
        msgs.append("%s %s at %s: fastest %s, %s" % (
            alg, op, fmt_bytes(size[id(best[1])]), best[0],
            fmt_throughput(size[id(best[1])] / best[1].median)))
    ch.tables.append(("throughput = data size / median time (MB/s = 10^6 bytes per second)",
                      ["algorithm", "provider", "size", "median time", "throughput",
                       "95 % CI of the throughput"], rows))
    ch.caption = ("Throughput (data size / median time per call) against the data size, per "
                  "algorithm and provider (log–log; whiskers: 95 % CI of the median, as "
                  "throughput). Small inputs pay the per-call cost; large ones show the "
                  "bulk rate. " + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN

    def figure():
        fig, axes = panel_grid(len(panels), 5.2, 4.6, 1.0, min_w=9)
        for ax, ((alg, op), per) in zip(axes, panels):
            sizes = sorted({size[id(c)] for cs in per.values() for c in cs})
            for p, cs in per.items():
                xs = [size[id(c)] for c in cs]
                ys = [size[id(c)] / c.median for c in cs]
                cis = []
                for c in cs:
                    ci = median_ci(c)
                    cis.append((size[id(c)] / ci[1], size[id(c)] / ci[0]) if ci else None)
                ax.plot(xs, ys, "-", marker=provider_marker(p), color=provider_color(p), ms=4,
                        label=p)
                draw_ci(ax, xs, ys, cis, color=provider_color(p))
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xticks(sizes)
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_bytes(v)))
            ax.xaxis.set_minor_formatter(NullFormatter())
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: tick_throughput(v)))
            ax.yaxis.set_minor_formatter(NullFormatter())
            ax.tick_params(axis="x", labelsize=7, rotation=30)
            ax.set_title("%s %s" % (alg, op), fontsize=10)
            ax.set_xlabel("data size per call (log scale)", fontsize=8)
            ax.set_ylabel("throughput (log scale)", fontsize=8)
            ax.grid(which="major", alpha=0.3)
        ci_legend_entry(axes[0], "whiskers: 95 % CI of the median (as throughput)")
        h, lab = axes[0].get_legend_handles_labels()
        for ax in axes[1:]:  # providers missing from the first panel
            for hh, ll in zip(*ax.get_legend_handles_labels()):
                if ll not in lab:
                    h.append(hh)
                    lab.append(ll)
        fig.legend(h, lab, loc="upper right", fontsize=8, ncol=4)
        fig.suptitle(ch.title, x=0.01, ha="left", fontsize=12)
        tidy_log_ticks(fig)
        fig.tight_layout(rect=(0, 0, 1, 0.90))
        return fig
    ch.figure = figure
    return ch


def tick_throughput(v):
    return re.sub(r"\.?0+ ", " ", fmt_throughput(v)) if "." in fmt_throughput(v) else \
        fmt_throughput(v)


# ---------------------------------------------------------------------------
# 17. Thread scaling
def _total_rate(c, workers):
    """Total operations per second of all workers: the file's figure, else
    from the median time per operation of one worker."""
    if c.ops_per_sec_total:
        return c.ops_per_sec_total
    if workers == 1 and c.ops_per_sec:
        return c.ops_per_sec
    return workers * 1e6 / c.median


def _rate_ci(c, workers):
    """The 95 % CI of the median time per operation, as total ops/s (only
    when the file's total agrees with it: then it is the same quantity)."""
    ci = median_ci(c)
    if not ci:
        return None
    rate = _total_rate(c, workers)
    implied = workers * 1e6 / c.median
    if abs(rate - implied) > 0.05 * implied:
        return None
    return workers * 1e6 / ci[1], workers * 1e6 / ci[0]


def chart_threads(ctx):
    ch = Chart("17", "17-thread-scaling", "Thread scaling: total throughput against workers",
               "line")
    series = ctx.store.thread_series()
    if not series:
        return ch.skipped("no case measured at more than one thread count (`pkc bench "
                          "--threads`)")
    keys = sorted(series, key=lambda k: (k[0], k[1], k[2], op_sort_key(k[3])))
    cpus = ctx.m.context.get("num_cpus")
    rows, msgs = [], []
    for k in keys:
        s = series[k]
        ch.use(*s.values())
        one = _total_rate(s[min(s)], min(s)) / min(s)
        for n, c in s.items():
            tot = _total_rate(c, n)
            rows.append([s[n].label.replace(" (%d threads)" % n, ""), k[0], fmt_count(n),
                         fmt_rate(tot),
                         fmt_rate(c.ops_per_sec_per_worker or tot / n),
                         fmt_pct(100.0 * tot / (n * one))])
        nmax = max(s)
        eff = _total_rate(s[nmax], nmax) / (nmax * one)
        msgs.append("%s: %s of linear scaling at %d workers" % (
            s[nmax].label.replace(" (%d threads)" % nmax, ""), fmt_pct(100 * eff), nmax))
    ch.tables.append(("total throughput per worker count; efficiency = total / (workers × the "
                      "single-worker rate)", ["case", "provider", "workers", "total ops/s",
                                              "per worker", "efficiency"], rows))
    ch.caption = ("Total operations per second of all workers against the number of workers, "
                  "one panel per case (linear axes from 0; dashed: ideal linear scaling from one "
                  "worker; whiskers: 95 %% CI of the median, as ops/s).%s " % (
                      " The machine has %d CPUs: beyond that, workers share cores." % cpus
                      if isinstance(cpus, int) else "") + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN

    def figure():
        fig, axes = panel_grid(len(keys), 4.6, 3.8)
        for ax, k in zip(axes, keys):
            s = series[k]
            ns = list(s)
            ys = [_total_rate(s[n], n) for n in ns]
            one = ys[0] / ns[0]
            col = provider_color(k[0])
            ax.plot(ns, ys, "-", marker=provider_marker(k[0]), color=col, label="measured")
            draw_ci(ax, ns, ys, [_rate_ci(s[n], n) for n in ns], color=col)
            ax.plot([0, max(ns)], [0, one * max(ns)], "--", color="grey", lw=1,
                    label="ideal (linear)")
            if isinstance(cpus, int) and cpus < max(ns):
                ax.axvline(cpus, color="#bbbbbb", lw=0.8, ls=":", label="%d CPUs" % cpus)
            ax.set_xlim(0, max(ns) * 1.08)
            ax.set_ylim(0, max(max(ys), one * max(ns)) * 1.12)
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_rate(v) if v else "0"))
            ax.set_title(s[ns[0]].label.replace(" (%d threads)" % ns[0], ""), fontsize=9)
            ax.set_xlabel("workers (threads)", fontsize=8)
            ax.set_ylabel("total operations per second", fontsize=8)
            ax.tick_params(labelsize=7)
            ax.grid(alpha=0.3)
            ci_legend_entry(ax, "whiskers: 95 % CI of the median (as ops/s)")
            ax.legend(fontsize=7, loc="upper left")
        fig.suptitle(ch.title, x=0.01, ha="left", fontsize=12)
        fig.tight_layout(rect=(0, 0, 1, 0.95))
        return fig
    ch.figure = figure
    return ch


# ---------------------------------------------------------------------------
# 18. Compiler-flags study
def _is_o0(b):
    return bool(re.search(r"(^|\s)-O0(\s|$)", " %s %s " % (b.get("flags") or "", b["label"])))


def chart_flags(ctx):
    ch = Chart("18", "18-flags-study", "Compiler flags: speed-up over -O0", "dot")
    fs = ctx.flags
    if fs is None:
        return ch.skipped("no flags-study file given (`make flags-study` writes "
                          "results/flags-study.json)")
    ch.source(fs)
    ref = next((b for b in fs.builds if _is_o0(b)), fs.builds[0])
    ref_name = "-O0" if _is_o0(ref) else ref["label"]
    by = {}
    for r in fs.results:
        by.setdefault(r["name"], {})[r["build"]] = r
    names = [n for n in by if ref["label"] in by[n] and len(by[n]) >= 2]
    builds = [b["label"] for b in fs.builds if b is not ref]
    if not names or not builds:
        return ch.skipped("no case measured with %s and another build" % ref["label"])

    def ci(r):
        lo, hi = r.get("ci_low"), r.get("ci_high")
        return (min(lo, r["median_us"]), max(hi, r["median_us"])) if lo and hi else None
    pts = {b: [] for b in builds}
    rows = []
    for i, n in enumerate(names):
        r0 = by[n][ref["label"]]
        for b in builds:
            r = by[n].get(b)
            if not r:
                continue
            s = r0["median_us"] / r["median_us"]
            sci = combine_log_ci(r0["median_us"], ci(r0), r["median_us"], ci(r))
            pts[b].append((i, s, sci))
            rows.append([n, b, fmt_us(r["median_us"]), fmt_us(r0["median_us"]), fmt_ratio(s),
                         fmt_ci(*sci, fmt=fmt_ratio) if sci else "—"])
    builds = [b for b in builds if pts[b]]
    ch.tables.append(("speed-up = median time at %s / median time of the build (× %s slower "
                      "than the build)" % (ref_name, ref_name),
                      ["case", "build", "median time", "%s median time" % ref_name,
                       "speed-up", "95 % CI of the speed-up"], rows))
    ch.tables.append(("the builds", ["label", "compiler", "flags"],
                      [[b["label"], b.get("compiler") or "—", b.get("flags") or "—"]
                       for b in fs.builds]))
    msgs = ["%s: geometric-mean speed-up %s over %d cases" % (
        b, fmt_ratio(geomean([s for _, s, _ in pts[b]])), len(pts[b])) for b in builds]
    ch.caption = ("Speed-up of each build over %s (= median time at %s / median time of the "
                  "build, i.e. how many times %s is slower than the build; > 1×: the flags help) "
                  "per case, log scale (%s). " % (ref_name, ref_name, ref_name, CI_RATIO) +
                  sentences(msgs))
    ch.interval = INTERVAL_RATIO.replace("bootstrap over both runs' samples",
                                         "both medians' 95 % CIs combined on the log scale")
    ch.ratio = {"direction": "speed-up over %s" % ref_name, "baseline": ref_name}
    ch.size = (11, max(4.5, 1.8 + 0.3 * len(names)))

    def draw(ax, compact=False):
        allv = []
        for k, b in enumerate(builds):
            off = (k - (len(builds) - 1) / 2) * (0.6 / max(1, len(builds)))
            ys = [i + off for i, _, _ in pts[b]]
            xs = [s for _, s, _ in pts[b]]
            col = SERIES_COLORS[k % len(SERIES_COLORS)]
            ax.plot(xs, ys, SERIES_MARKERS[k % len(SERIES_MARKERS)], color=col, ms=5,
                    linestyle="none", label=b)
            draw_ci(ax, ys, xs, [c for _, _, c in pts[b]], horizontal=True, color=col)
            allv += xs + [v for _, _, c in pts[b] if c for v in c]
        ci_legend_entry(ax, CI_RATIO)
        ratio_axis(ax, "x", min(allv), max(allv),
                   "speed-up over %s = time at %s / time of the build (× %s slower; log scale)"
                   % (ref_name, ref_name, ref_name))
        ax.set_yticks(range(len(names)))
        ax.set_yticklabels(names, fontsize=7.5)
        ax.set_ylim(len(names) - 0.5, -0.5)
        ax.set_title(ch.title)
        ax.legend(fontsize=7.5, loc="lower right", title="build")
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 19. Profiles: flame graphs and allocations
def _flamegraph_module():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if here not in sys.path:
        sys.path.insert(0, here)
    import flamegraph
    return flamegraph


def chart_profile(ctx):
    ch = Chart("19", "19-profiles", "Where the time goes: flame graphs and allocations",
               "flamegraph")
    prof = ctx.profile
    if prof is None:
        return ch.skipped("no profile given (`pkc bench --profile DIR`, then report.py "
                          "--profile DIR)")
    ch.source(prof)
    fg = _flamegraph_module()
    graphs = []  # (case dict, svg text, origin)
    for c in prof.cases:
        svg, origin = None, None
        if c.get("svg") and os.path.isfile(os.path.join(prof.folder, c["svg"])):
            with open(os.path.join(prof.folder, c["svg"]), encoding="utf-8",
                      errors="replace") as f:
                svg, origin = f.read(), c["svg"]
        elif c.get("folded") and os.path.isfile(os.path.join(prof.folder, c["folded"])):
            with open(os.path.join(prof.folder, c["folded"]), encoding="utf-8",
                      errors="replace") as f:
                text = f.read()
            try:
                svg = fg.render_svg(fg.parse_folded(text, c["folded"]), c["name"],
                                    c.get("sampler"))
            except fg.InputError as e:
                from .data import InputError
                raise InputError(str(e))
            origin = "drawn from %s" % c["folded"]
        if svg is None:
            from .data import InputError
            raise InputError("%s: case %s: neither %s nor %s exists" % (
                prof.path, c["name"], c.get("svg"), c.get("folded")))
        graphs.append((c, svg, origin))
    if graphs:
        ch.tables.append(("flame graphs", ["case", "sampler", "samples", "file"],
                          [[c["name"], c.get("sampler") or "—",
                            fmt_count(c.get("samples")) if c.get("samples") else "—", o]
                           for c, _, o in graphs]))
    if prof.alloc:
        ch.tables.append(("heap allocations per operation",
                          ["case", "provider", "allocations / op", "bytes / op", "method"],
                          [[a["name"], a.get("provider") or "—", sig(a["allocs_per_op"]),
                            sig(a["bytes_per_op"]), a.get("method") or "—"]
                           for a in prof.alloc]))
    ch.caption = ("Flame graphs of %d profiled case%s (width: share of the samples; callees "
                  "above their callers; hover a frame for its count) and %d allocation "
                  "count%s. Samplers and methods are in the tables." % (
                      len(graphs), "" if len(graphs) == 1 else "s", len(prof.alloc),
                      "" if len(prof.alloc) == 1 else "s"))
    ch.graphs = graphs

    def write(outdir):
        names = []
        for i, (c, svg, _) in enumerate(graphs, start=1):
            name = "19-flame-%d.svg" % i
            with open(os.path.join(outdir, name), "w", encoding="utf-8") as f:
                f.write(svg)
            names.append(name)
        html = []
        for (c, svg, _), name in zip(graphs, names):
            body = re.sub(r"^\s*<\?xml[^>]*>\s*", "", svg)
            html.append('<div class="flame"><p><b>%s</b> (<a href="%s">%s</a>)</p>%s</div>' % (
                esc(c["name"]), esc(name), esc(name), body))
        ch.html_extra = html
        return names
    ch.write = write
    return ch

