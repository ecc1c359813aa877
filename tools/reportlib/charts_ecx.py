"""Chart 6b: the curves most deployed today beside the SEC ones at equal
security. At about 128 bits P-256 and secp256k1 (ECDSA, ECDH) against
Ed25519 and X25519; at 192 bits and above P-384 against Ed448 and X448 (about
224 bits, RFC 7748 section 1). Per operation, which curve wins on this
machine, with the provider of the report."""
from .chart import Chart
from .fmt import fmt_us, fmt_ratio, fmt_ci
from .stats import median_ci, ratio_ci
from .style import (time_axis, draw_ci, ci_legend_entry, SERIES_COLORS, SERIES_MARKERS,
                    CI_MEDIAN, INTERVAL_MEDIAN)
from .charts_core import sentences

# (level, [(label, signature alg, its param, key-exchange alg, its param)])
LEVELS = [
    (128, [("P-256", "ECDSA", "secp256r1", "ECDH", "secp256r1"),
           ("secp256k1", "ECDSA", "secp256k1", "ECDH", "secp256k1"),
           ("Ed25519 / X25519", "EdDSA", "Ed25519", "XDH", "X25519")]),
    (192, [("P-384", "ECDSA", "secp384r1", "ECDH", "secp384r1"),
           ("Ed448 / X448", "EdDSA", "Ed448", "XDH", "X448")]),
]
# (operation shown, which alg of the pair, op)
OPS = [("keygen", "sig", "keygen"), ("sign", "sig", "sign"), ("verify", "sig", "verify"),
       ("key exchange (derive)", "kex", "derive")]


def chart_modern_curves(ctx):
    ch = Chart("6b", "06b-modern-curves",
               "Ed25519/X25519 and Ed448/X448 beside the SEC curves at equal security", "dot")
    store, prov = ctx.store, ctx.provider
    rows = []  # (level, op label, [(curve label, case)])
    for lvl, curves in LEVELS:
        for olabel, which, op in OPS:
            pts = []
            for clabel, sa, sp, ka, kp in curves:
                a, p = (sa, sp) if which == "sig" else (ka, kp)
                c = store.get(prov, a, p, op) if prov else None
                if c is None and op == "keygen" and a == "ECDSA":
                    c = store.ecc_keygen(prov, p)
                if c:
                    pts.append((clabel, c))
            if len(pts) >= 2 and any("/" in l for l, _ in pts):
                rows.append((lvl, olabel, pts))
    if not rows:
        return ch.skipped("no Ed25519/X25519 or Ed448/X448 case beside a SEC curve for "
                          "provider %s" % (prov or "—"))
    table, msgs = [], []
    for lvl, olabel, pts in rows:
        best = min(pts, key=lambda p: p[1].median)
        for clabel, c in pts:
            ch.use(c)
            ci = ratio_ci([c], [best[1]]) if c is not best[1] else None
            table.append(["%d" % lvl, olabel, clabel, fmt_us(c.median),
                          fmt_ratio(c.median / best[1].median),
                          fmt_ci(*ci, fmt=fmt_ratio) if ci else "—"])
        runner = min((p for p in pts if p is not best), key=lambda p: p[1].median)
        msgs.append("at %d bits %s wins %s (%s, %s faster than %s)" % (
            lvl, best[0], olabel, fmt_us(best[1].median),
            fmt_ratio(runner[1].median / best[1].median), runner[0]))
        ch.facts["%d %s" % (lvl, olabel)] = best[0]
    ch.tables.append(("median time per operation, provider %s; ratio = time / the fastest "
                      "curve's time at that level and operation (× slower than the winner)" % prov,
                      ["level (bits)", "operation", "curve", "median time", "× the fastest",
                       "95 % CI of the ratio"], table))
    ch.caption = ("Median time of key generation, signing, verification and key exchange on the "
                  "SEC curves and on the RFC 7748/8032 curves of the same security level, "
                  "provider %s (points, log scale; %s). Ed448/X448 give about 224 bits (RFC 7748 "
                  "section 1) and stand at SP 800-57's 192-bit level, the highest they reach. " %
                  (prov, CI_MEDIAN) + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN
    ch.size = (11, max(4.5, 1.6 + 0.5 * len(rows)))
    labels = []
    for _, curves in LEVELS:
        for c in curves:
            if c[0] not in labels:
                labels.append(c[0])

    def draw(ax, compact=False):
        allv = []
        for i, (lvl, olabel, pts) in enumerate(rows):
            for j, (clabel, c) in enumerate(pts):
                k = labels.index(clabel)
                y = i + (j - (len(pts) - 1) / 2) * 0.22
                col, mk = SERIES_COLORS[k % len(SERIES_COLORS)], SERIES_MARKERS[k]
                ax.plot([c.median], [y], mk, color=col, ms=6, linestyle="none",
                        label=clabel if clabel not in ax.get_legend_handles_labels()[1] else None)
                draw_ci(ax, [y], [c.median], [median_ci(c)], horizontal=True, color=col)
                allv.append(c.median)
        ci_legend_entry(ax)
        time_axis(ax, "x")
        ax.set_xlim(min(allv) / 2, max(allv) * 3)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels(["%d-bit %s" % (l, o) for l, o, _ in rows], fontsize=8)
        ax.set_ylim(len(rows) - 0.5, -0.5)
        ax.set_xlabel("median time per operation (log scale; left is faster)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=7.5, loc="upper left", bbox_to_anchor=(1.01, 1), title="curve")
        ax.grid(axis="x", alpha=0.3)
    ch.draw = draw
    return ch
