"""Charts 21a-21e: `pkc bench --scenario size-sweep` (bench/scenario_sweep.c),
the Python study's experiment widened — public-key and symmetric encryption
and hashing against the input size, 1 B to 1 MiB.

21a every series against the size (log–log); 21b RSA encrypt against
decrypt (OAEP up to its limit, hybrid beyond); 21c AES against RSA; 21d AES
against SHA-256; 21e ECIES against hybrid RSA, with the crossover sizes —
where AES-256-GCM of the message costs as much as the scheme's fixed
public-key part — marked and stated. The numbers are the scenario
summary's medians and 95 % CIs of each case.
"""
from matplotlib.ticker import FuncFormatter, NullFormatter

from .chart import Chart
from .fmt import fmt_bytes, fmt_us
from .style import provider_marker, draw_ci, ci_legend_entry, INTERVAL_MEDIAN, tidy_log_ticks
from .charts_core import sentences

PANELS = [
    ("21a", "21a-size-sweep-all", "Every algorithm against the input size", None),
    ("21b", "21b-size-sweep-rsa", "RSA: encrypt against decrypt",
     ("rsa2048_oaep_encrypt", "rsa2048_oaep_decrypt", "rsa3072_oaep_encrypt",
      "rsa3072_oaep_decrypt", "rsa2048_hybrid_encrypt", "rsa2048_hybrid_decrypt",
      "rsa3072_hybrid_encrypt", "rsa3072_hybrid_decrypt")),
    ("21c", "21c-size-sweep-aes-rsa", "AES against RSA (the study's comparison)",
     ("aes256_ecb_encrypt", "aes256_ecb_decrypt", "rsa2048_oaep_encrypt",
      "rsa2048_oaep_decrypt", "rsa2048_hybrid_encrypt", "rsa2048_hybrid_decrypt")),
    ("21d", "21d-size-sweep-aes-sha", "AES against SHA-256",
     ("aes256_ecb_encrypt", "aes256_cbc_encrypt", "aes256_gcm_encrypt", "aes256_gcm_decrypt",
      "sha256")),
    ("21e", "21e-size-sweep-ecies-hybrid", "ECIES against hybrid RSA",
     ("ecies_p256_encrypt", "ecies_p256_decrypt", "rsa2048_hybrid_encrypt",
      "rsa2048_hybrid_decrypt", "rsa3072_hybrid_decrypt", "aes256_gcm_encrypt")),
]
STEMS = {cid: stem for cid, stem, _, _ in PANELS}

# a colour per family, a line style per direction
FAMILY = [("rsa3072", "#7b3294"), ("rsa2048", "#c2a5cf"), ("ecies", "#1b7837"),
          ("aes256_ecb", "#2166ac"), ("aes256_cbc", "#67a9cf"), ("aes256_gcm", "#053061"),
          ("sha256", "#b2182b")]


def _style(key):
    color = next((c for f, c in FAMILY if key.startswith(f)), "0.3")
    dash = "--" if key.endswith("decrypt") else "-"
    width = 2.2 if "hybrid" in key or "ecies" in key else 1.4
    return color, dash, width


def _crossover_text(cross):
    out = []
    for x in cross:
        # none within the sizes measured (1 MiB unless the run was filtered)
        upto = x.get("measured_up_to") or 1 << 20
        where = ("beyond %s" % fmt_bytes(upto)) if x["bytes"] is None else "at %s" % fmt_bytes(x["bytes"])
        out.append("%s (%s): %s" % (x["label"], x["provider"], where))
    return out


def chart_sweep(ctx, cid, stem, title, keys):
    ch = Chart(cid, stem, "Size sweep: " + title, "line")
    s, run = ctx.m.scenarios.get("size-sweep", (None, None))
    if not s or not s["series"]:
        return ch.skipped("the result files have no size-sweep scenario (run `pkc bench "
                          "--scenario size-sweep`)")
    ch.source(run)
    series = [sr for sr in s["series"] if keys is None or sr["key"] in keys]
    if keys:
        missing = [k for k in keys if all(sr["key"] != k for sr in series)]
    else:
        missing = []
    if not series:
        return ch.skipped("the size-sweep scenario has none of the series %s" % ", ".join(keys))
    cross = [x for x in s["crossovers"] if keys is None or x["scheme"] in keys]
    provs = sorted({sr["provider"] for sr in series})
    rows = []
    for sr in series:
        pts = sr["points"]
        rows.append([sr["label"], sr["provider"], fmt_bytes(pts[0]["bytes"]),
                     fmt_us(pts[0]["median_us"]), fmt_bytes(pts[-1]["bytes"]),
                     fmt_us(pts[-1]["median_us"])])
    ch.tables.append(("median time per call at the smallest and largest size measured",
                      ["series", "provider", "smallest", "median", "largest", "median"], rows))
    msgs = []
    if cross:
        msgs.append("the symmetric part dominates from: " + "; ".join(_crossover_text(cross)))
    if cid == "21c":
        e = [sr for sr in series if sr["key"] == "aes256_ecb_encrypt"]
        r = [sr for sr in series if sr["key"] == "rsa2048_oaep_decrypt"]
        if e and r:
            small = min(e[0]["points"], key=lambda p: abs(p["bytes"] - 128))
            rr = min(r[0]["points"], key=lambda p: abs(p["bytes"] - 128))
            msgs.append("at %s RSA-2048 OAEP decryption takes %s, AES-256-ECB encryption %s: "
                        "%.0f× more" % (fmt_bytes(rr["bytes"]), fmt_us(rr["median_us"]),
                                        fmt_us(small["median_us"]),
                                        rr["median_us"] / small["median_us"]))
    ch.caption = (
        "Median time per call (95 %% CI whiskers) against the input size, 1 B to 1 MiB on "
        "log–log axes (powers of two, plus the block modes' padding edges 15/16/17, 31/32/33, "
        "47/48/49 and 16-byte steps to 256), from `pkc bench --scenario size-sweep` (%s). "
        "RSA-OAEP stops at its limit (190 bytes for RSA-2048, 318 for RSA-3072, SHA-256); "
        "hybrid RSA wraps a fresh AES-256-GCM key with OAEP and ECIES derives one from "
        "ephemeral ECDH on P-256, so both cover every size. Solid lines encrypt (or hash), "
        "dashed lines decrypt. Crossover: %s. %s%s" % (
            ", ".join(provs), s.get("definition") or "see docs/methodology.md",
            sentences(msgs), " Not in this run: %s." % ", ".join(missing) if missing else ""))
    ch.interval = INTERVAL_MEDIAN
    ch.size = (10, 6.2)

    def draw(ax, compact=False):
        ys_all = []
        for sr in series:
            pts = sr["points"]
            xs = [p["bytes"] for p in pts]
            ys = [p["median_us"] for p in pts]
            cis = [tuple(p["ci_us"]) if p.get("ci_us") else None for p in pts]
            ys_all += ys
            color, dash, width = _style(sr["key"])
            label = sr["label"] + ("" if len(provs) == 1 else " (%s)" % sr["provider"])
            ax.plot(xs, ys, dash, color=color, linewidth=width, marker=provider_marker(
                sr["provider"]), ms=2.5, label=label)
            draw_ci(ax, xs, ys, cis, color=color)
        # labels of neighbouring crossovers at three heights, so that they do not overlap
        reached = sorted((x for x in cross if x["bytes"] is not None), key=lambda x: x["bytes"])
        for k, x in enumerate(reached):
            if x["bytes"] is not None:
                color, _, _ = _style(x["scheme"])
                ax.axvline(x["bytes"], color=color, linestyle=":", linewidth=1)
                ax.text(x["bytes"], max(ys_all) / 4 ** (k % 3), " %s\n crossover %s" % (
                    x["label"], fmt_bytes(x["bytes"])), rotation=90, va="top", ha="right",
                    fontsize=6.5, color=color)
        ci_legend_entry(ax)
        ax.set_xscale("log", base=2)
        ax.set_xticks([1, 16, 256, 4096, 65536, 1 << 20])
        ax.set_yscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_bytes(v)))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_us(v)))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_xlabel("input size (bytes, log scale)")
        ax.set_ylabel("median time per call (log scale)")
        ax.set_title(ch.title)
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        ax.grid(which="major", alpha=0.3)
        tidy_log_ticks(ax.figure)
    ch.draw = draw
    return ch


def _builder(cid, stem, title, keys):
    def build(ctx):
        return chart_sweep(ctx, cid, stem, title, keys)
    build.__name__ = "chart_sweep_" + cid
    return build


BUILDERS = [(cid, _builder(cid, stem, title, keys)) for cid, stem, title, keys in PANELS]
