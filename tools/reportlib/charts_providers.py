"""Charts 9 and 14: the libraries against each other. 9 draws every
provider's time as "× slower than" the baseline, with the ratio's 95 % CI;
14 names the fastest library per operation and where pkc stands against
the fastest peer."""
import re

from .chart import Chart
from .data import is_variant, is_binary_curve, CURVE_NICK
from .fmt import fmt_us, fmt_ratio, fmt_ci
from .stats import ratio_against, geomean, median_ci
from .style import (provider_color, provider_marker, provider_hollow, case_sort_key,
                    ratio_axis, time_axis, draw_ci, ci_legend_entry, CI_RATIO, CI_MEDIAN,
                    INTERVAL_RATIO, INTERVAL_MEDIAN)


def dedicated_curves(library, version):
    """The prime curves a library version has dedicated (optimised) code for,
    or None when we do not know. OpenSSL 3.0 and 3.1 ship crypto/ec/
    ecp_nistp224.c, ecp_nistp256.c + ecp_nistz256.c and ecp_nistp521.c (the
    64-bit ones need enable-ec_nistp_64_gcc_128, which Debian's amd64 build
    sets); ecp_nistp384.c arrived in 3.2. Every other curve runs the generic
    GF(p) Montgomery code (ecp_mont.c)."""
    if library != "openssl" or not isinstance(version, str):
        return None
    m = re.search(r"OpenSSL (\d+)\.(\d+)", version)
    if not m:
        return None
    major, minor = int(m.group(1)), int(m.group(2))
    if major < 3:
        return None
    curves = {"secp224r1", "secp256r1", "secp521r1"}
    if (major, minor) >= (3, 2):
        curves.add("secp384r1")
    return curves


def generic_curves(ctx, lib):
    """The prime curves of the run on which `lib` runs generic GF(p) code
    (empty when unknown). Binary curves are not among them: OpenSSL has one
    GF(2^m) implementation for all of them (ec2_smpl.c over BN_GF2m, whose
    word multiplication uses PCLMULQDQ on x86-64), no faster one to compare."""
    ver = (ctx.m.context.get("libraries") or {}).get(lib)
    ded = dedicated_curves(lib, ver)
    if ded is None:
        return set()
    return {c.param for c in ctx.store.plain() if c.provider == lib and
            c.algorithm in ("ECDSA", "ECDH") and c.param not in ded and
            not is_binary_curve(c.param)}


def generic_note(ctx, base):
    """(set of curves where the baseline runs generic code, sentence) or (set(), '')."""
    ver = (ctx.m.context.get("libraries") or {}).get(base)
    ded = dedicated_curves(base, ver)
    generic = generic_curves(ctx, base)
    if not generic:
        return set(), ""
    names = ", ".join("%s%s" % (c, " (%s)" % CURVE_NICK[c] if c in CURVE_NICK else "")
                      for c in sorted(generic))
    return generic, ("rows marked †: %s (%s) has dedicated code only for %s, so on %s it "
                     "runs its generic, unoptimised GF(p) code, which makes every other "
                     "provider look fast there" % (base, ver, ", ".join(sorted(ded)), names))


def libraries(ctx):
    present = ctx.store.providers()
    return [p for p in ctx.provider_order if not is_variant(p, present)]


# ---------------------------------------------------------------------------
# 9. Provider comparison
def chart_providers(ctx):
    ch = Chart("9", "09-providers", "Providers compared with the baseline", "dot")
    store, base = ctx.store, ctx.baseline
    if base is None:
        return ch.skipped("no baseline provider")
    present = store.providers()

    def shown(p):  # pkc-affine, pkc-textbook...: compared with pkc in chart 8
        return p != base and (not is_variant(p, present) or p.endswith("-cached"))
    provs = [p for p in ctx.provider_order if shown(p)]
    keys = [c for c in store.plain() if c.provider == base and
            any(store.get(p, c.algorithm, c.param, c.op) for p in provs)]
    if not keys:
        return ch.skipped("no operation measured by the baseline %s and another provider"
                          % base)
    keys.sort(key=case_sort_key)
    provs = [p for p in provs if any(store.get(p, c.algorithm, c.param, c.op) for c in keys)]
    generic, gnote = generic_note(ctx, base)
    pts = {p: [] for p in provs}  # (row, ratio, ci, case)
    rows = []
    for i, b in enumerate(keys):
        ch.use(b)
        for p in provs:
            c = store.get(p, b.algorithm, b.param, b.op)
            if c:
                ch.use(c)
                r, ci = ratio_against(c, b, base)
                pts[p].append((i, r, ci, c))
                rows.append([b.label + (" †" if b.param in generic else ""), p, fmt_us(c.median),
                             fmt_us(b.median), fmt_ratio(r),
                             fmt_ci(*ci, fmt=fmt_ratio) if ci else "—"])
    ch.tables.append(("ratio = provider median time / %s median time (× slower than %s; "
                      "below 1×: faster)" % (base, base),
                      ["case", "provider", "median time", base + " median time",
                       "ratio", "95 % CI of the ratio"], rows))
    summary = {}
    msgs = []
    for p in provs:
        rs = [r for _, r, _, _ in pts[p]]
        g = geomean(rs)
        dedicated = [r for i, r, _, _ in pts[p] if keys[i].param not in generic]
        gd = geomean(dedicated) if generic and dedicated and len(dedicated) < len(rs) else None
        summary[p] = {"geomean": fmt_ratio(g), "cases": len(rs),
                      "dedicated": fmt_ratio(gd) if gd else None,
                      "dedicated_cases": len(dedicated)}
        msgs.append("%s %s over the %d cases both ran%s, faster than %s in %d of them" % (
            p, fmt_ratio(g), len(rs),
            " (%s over the %d without †)" % (fmt_ratio(gd), len(dedicated)) if gd else "",
            base, sum(1 for r in rs if r < 1)))
    ch.facts["summary"] = summary
    ch.facts["baseline"] = base
    nci = sum(1 for p in provs for _, _, ci, _ in pts[p] if ci is None)
    ch.caption = (
        "Every provider's median time as a ratio to the baseline %s for each operation and "
        "parameter both measured (log scale; time / %s's time = × slower than %s, < 1×: "
        "faster; %s%s). Geometric means per provider over the cases that both it and %s ran "
        "(a different set per provider; the legend gives the count): %s. %s%s"
        "Variants of pkc (pkc-affine, pkc-textbook, ...) are compared in chart 8; a cached "
        "variant (-cached: a repeated key, the library's cache on) is drawn hollow and is "
        "never the library's number." % (
            base, base, base, CI_RATIO, "; %d points without raw samples have no whisker" % nci
            if nci else "", base, "; ".join(msgs), ("R" + gnote[1:] + ". ") if gnote else "",
            ""))
    ch.interval = INTERVAL_RATIO
    ch.ratio = {"direction": "× slower than %s" % base, "baseline": base}
    ch.size = (14, max(5, 2.0 + 0.2 * len(keys)))

    def draw(ax, compact=False):
        n = len(provs)
        allv = []
        for k, p in enumerate(provs):
            off = (k - (n - 1) / 2) * (0.6 / max(n, 1))
            ys = [i + off for i, *_ in pts[p]]
            xs = [r for _, r, _, _ in pts[p]]
            col = provider_color(p)
            s = summary[p]
            ax.plot(xs, ys, provider_marker(p), ms=4.5, color=col, linestyle="none",
                    mfc="none" if provider_hollow(p) else col, zorder=5,
                    label="%s: geo-mean %s over %d cases%s" % (
                        p, s["geomean"], s["cases"], " (%s over the %d without †)" % (
                            s["dedicated"], s["dedicated_cases"]) if s["dedicated"] else ""))
            draw_ci(ax, ys, xs, [ci for _, _, ci, _ in pts[p]], horizontal=True, color=col,
                    elinewidth=0.8, capsize=1.5)
            allv += xs + [v for _, _, ci, _ in pts[p] if ci for v in ci]
        ci_legend_entry(ax, CI_RATIO)
        ratio_axis(ax, "x", min(allv), max(allv),
                   "median time / %s median time = × slower than %s (log scale; < 1×: faster)"
                   % (base, base))
        for i, b in enumerate(keys):
            if b.param in generic:
                ax.axhspan(i - 0.5, i + 0.5, color="#f2f2f2", zorder=0, lw=0)
        ax.set_yticks(range(len(keys)))
        ax.set_yticklabels([b.label + (" †" if b.param in generic else "") for b in keys],
                           fontsize=6 if len(keys) > 40 else 7.5)
        ax.set_ylim(len(keys) - 0.5, -0.5)
        for i in range(1, len(keys)):  # separate algorithm families
            if keys[i].algorithm != keys[i - 1].algorithm:
                ax.axhline(i - 0.5, color="grey", lw=0.5)
        ax.set_ylabel("operation and parameter (†: %s runs generic code)" % base
                      if generic else "operation and parameter")
        ax.set_title(ch.title + " (%s)" % base)
        ax.legend(fontsize=7.5, loc="upper left", bbox_to_anchor=(1.01, 1))
        ax.grid(axis="x", which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 14. Fastest library per operation
HEADLINE = {("RSA", "3072"), ("ECDSA", "secp256r1"), ("ECDH", "secp256r1"),
            ("ECDSA", "secp256k1"), ("ECDH", "secp256k1")}
HEADLINE_OPS = ("keygen", "sign", "verify", "derive", "encrypt", "decrypt")


def chart_fastest(ctx):
    ch = Chart("14", "14-fastest", "Fastest library per operation", "dot")
    store = ctx.store
    libs = libraries(ctx)
    ops = {}
    for c in store.plain():
        if c.provider in libs:
            ops.setdefault((c.algorithm, c.param, c.op), {})[c.provider] = c
    ops = {k: v for k, v in ops.items() if len(v) >= 2}
    if not ops:
        return ch.skipped("no operation measured by two libraries")
    order = sorted(ops, key=lambda k: case_sort_key(next(iter(ops[k].values()))))
    me = ctx.provider if ctx.provider in libs else None
    generic = {p: generic_curves(ctx, p) for p in libs}
    rows, facts, against, against_ded, marked = [], {}, [], [], set()
    for k in order:
        v = ops[k]
        ch.use(*v.values())
        best = min(v.values(), key=lambda c: c.median)
        peers = [c for p, c in v.items() if p != me]
        mine = v.get(me)
        best_peer = min(peers, key=lambda c: c.median) if peers else None
        rel = mine.median / best_peer.median if mine and best_peer else None
        if best_peer and k[1] in generic.get(best_peer.provider, ()):
            marked.add(k)  # the fastest peer here is a library running generic code
        if rel is not None:
            against.append(rel)
            if k not in marked:
                against_ded.append(rel)
        label = "fastest: %s %s" % (best.provider, fmt_us(best.median))
        if rel is not None and best.provider != me:
            label += " · %s %s slower" % (me, fmt_ratio(rel))
        elif rel is not None:
            label += " · next: %s %s slower" % (best_peer.provider, fmt_ratio(1 / rel))
        facts[best.label] = {"fastest": best.provider, "time": fmt_us(best.median),
                             "label": label, "headline": (k[0], k[1]) in HEADLINE and
                             k[2] in HEADLINE_OPS, "rel": fmt_ratio(rel) if rel else None}
        rows.append([best.label + (" †" if k in marked else ""), best.provider,
                     fmt_us(best.median), ", ".join("%s %s" % (p, fmt_us(c.median)) for p, c in
                                                    sorted(v.items(), key=lambda pc:
                                                           pc[1].median)),
                     fmt_ratio(rel) if rel is not None else "—",
                     best_peer.provider if best_peer else "—"])
    ch.tables.append(("fastest library per operation (libraries only: no pkc variants, no "
                      "cached variants)",
                      ["operation", "fastest", "median time", "every library (fastest first)",
                       "%s / fastest peer" % me if me else "—", "fastest peer"], rows))
    wins = sum(1 for k in order if me and min(ops[k].values(), key=lambda c: c.median).provider
               == me)
    g = geomean(against)
    summary = None
    gd = geomean(against_ded) if marked and against_ded else None
    if me and against:
        summary = "%s / fastest peer: geometric mean %s over %d operations%s; %s fastest in %d" % (
            me, fmt_ratio(g), len(against), " (%s over the %d without †)" % (
                fmt_ratio(gd), len(against_ded)) if gd else "", me, wins)
    ch.facts = {"ops": facts, "summary": summary, "me": me, "geomean": fmt_ratio(g) if g else None,
                "count": len(against), "wins": wins, "geomean_dedicated":
                fmt_ratio(gd) if gd else None, "count_dedicated": len(against_ded)}
    notes = [generic_note(ctx, p)[1] for p in libs if generic.get(p)]
    ch.caption = (
        "For every operation measured by at least two libraries: each library's median time "
        "(markers, log scale; %s) and, at the right, the fastest one and how many times slower "
        "than the fastest peer %s is (its time / the fastest other library's time = × slower "
        "than the fastest peer, per operation: the same operations for every library). Only libraries count: pkc's "
        "variants and cached variants are left out. %s.%s" % (
            CI_MEDIAN, me or "pkc", summary or "pkc did not run these operations",
            "".join(" On the rows marked †, the fastest peer is a library running generic "
                    "code: " + n.split(": ", 1)[1] + "." for n in notes if n)))
    ch.interval = INTERVAL_MEDIAN
    ch.ratio = {"direction": "%s × slower than the fastest peer" % (me or "pkc"),
                "baseline": "the fastest peer"}
    ch.size = (15, max(5, 2.2 + 0.24 * len(order)))

    def draw(ax, compact=False):
        shown = [p for p in libs if any(p in ops[k] for k in order)]
        allv = []
        for p in shown:
            got = [(i, ops[k][p]) for i, k in enumerate(order) if p in ops[k]]
            ys = [i for i, _ in got]
            xs = [c.median for _, c in got]
            col = provider_color(p)
            ax.plot(xs, ys, provider_marker(p), color=col, ms=5, linestyle="none", label=p,
                    zorder=5)
            draw_ci(ax, ys, xs, [median_ci(c) for _, c in got], horizontal=True, color=col,
                    elinewidth=0.7, capsize=1.5)
            allv += xs
        ci_legend_entry(ax, CI_MEDIAN)
        time_axis(ax, "x")
        lo, hi = min(allv) / 1.6, max(allv) * 1.6
        ax.set_xlim(lo, hi)
        for i, k in enumerate(order):
            ax.annotate(facts[min(ops[k].values(), key=lambda c: c.median).label]["label"],
                        (1.0, i), xycoords=("axes fraction", "data"), xytext=(6, 0),
                        textcoords="offset points", va="center", fontsize=6.5,
                        annotation_clip=False)
        ax.set_yticks(range(len(order)))
        ax.set_yticklabels([next(iter(ops[k].values())).label + (" †" if k in marked else "")
                            for k in order], fontsize=6.5)
        ax.set_ylim(len(order) - 0.5, -0.5)
        ax.set_xlabel("median time per operation (log scale)")
        ax.set_title(ch.title + (":\n" + summary if summary else ""), fontsize=10, pad=22)
        ax.legend(fontsize=7.5, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=10,
                  frameon=False)
        ax.grid(axis="x", which="major", alpha=0.3)
    ch.draw = draw
    return ch

