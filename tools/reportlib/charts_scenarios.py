"""Charts 10, 10b and 11: the kex-amortized scenario (10b: its bc2006 study) and
message-size. Their
numbers come from the benchmark cases (the same medians as every other
chart); a scenario's own summary fills in only where a case is missing."""
import re

from matplotlib.ticker import FuncFormatter, NullFormatter

from .chart import Chart
from .fmt import fmt_us, fmt_ratio, fmt_bytes, fmt_ci, fmt_count
from .stats import combo, combo_ci, median_ci
from .style import (plt, panel_grid, time_axis, draw_ci, ci_legend_entry, op_sort_key, CI_MEDIAN,
                    INTERVAL_MEDIAN, RSA_COLOR, RSA_LIGHT, ECC_COLOR, ECC_LIGHT)
from .charts_core import sentences


# ---------------------------------------------------------------------------
# 10. kex-amortized
def scheme_terms(store, scheme, provider):
    """(keygen terms, per-exchange terms) of a kex-amortized scheme from the
    cases (docs/results-format.md: RSA per exchange = OAEP encrypt + decrypt,
    ECDH per exchange = key generation + 2 derivations), or None."""
    m = re.match(r"RSA-(\d+)", scheme)
    if m:
        kg = store.get(provider, "RSA", m.group(1), "keygen")
        enc = store.get(provider, "RSA", m.group(1), "encrypt")
        dec = store.get(provider, "RSA", m.group(1), "decrypt")
        return ([kg], [enc, dec]) if kg and enc and dec else None
    m = re.match(r"ECDH (\S+)", scheme)
    if m:
        kg = store.get(provider, "ECDH", m.group(1), "keygen")
        der = store.get(provider, "ECDH", m.group(1), "derive")
        return ([kg], [kg, (der, 2.0)]) if kg and der else None
    return None


def crossing(kg_a, per_a, kg_b, per_b):
    """Where total_a(N) = kg_a + N per_a meets total_b(N), as (N*, kind):
    kind 'never' when a is cheaper at every N >= 1, 'always-b' when b is,
    'from' when a becomes cheaper from N*, 'until' when a is cheaper up to N*."""
    dk, dp = kg_b - kg_a, per_a - per_b  # a cheaper while dk > N dp
    if dp == 0:
        return None, "never" if dk > 0 else "always-b"
    n = dk / dp
    if dp < 0:  # a's exchanges are cheaper: a wins from n on
        return (None, "never") if n < 1 else (n, "from")
    return (None, "always-b") if n < 1 else (n, "until")


def kex_model(ch, store, rows, krun):
    """{(scheme, provider): {"kg", "per", "terms", "from"}} of kex-amortized
    rows: from the benchmark cases where they are, else from the summary."""
    model = {}
    for r in rows:
        key = (r["scheme"], r["provider"])
        if key in model:
            continue
        t = scheme_terms(store, r["scheme"], r["provider"])
        if t:
            ch.use(*[x[0] if isinstance(x, tuple) else x for x in t[0] + t[1]])
            model[key] = {"kg": combo(t[0]), "per": combo(t[1]), "terms": t, "from": "cases"}
        elif r.get("keygen_us") is not None and r.get("per_exchange_us") is not None:
            ch.source(krun)
            model[key] = {"kg": float(r["keygen_us"]), "per": float(r["per_exchange_us"]),
                          "terms": None, "from": "summary"}
    return model


def crossing_text(ecc, rsa, kind, n_star):
    """One sentence for a crossing() result: a crossover and its N, or that
    there is none."""
    return {"never": "no crossover: %s is cheaper at every N" % ecc,
            "always-b": "no crossover: %s is cheaper at every N" % rsa,
            "from": "crossover at N ≈ %s: %s is cheaper from there on" % (
                fmt_count(n_star or 0), ecc),
            "until": "crossover at N ≈ %s: %s is cheaper up to there, %s beyond" % (
                fmt_count(n_star or 0), ecc, rsa)}[kind]


def chart_kex(ctx):
    ch = Chart("10", "10-kex-amortized", "Key exchange amortised over N exchanges per key",
               "line")
    k, krun = ctx.m.scenarios.get("kex-amortized", (None, None))
    if not k or not k["rows"]:
        return ch.skipped("the result file has no kex-amortized scenario "
                          "(run `pkc bench --scenario kex-amortized`)")
    ns = sorted({int(r["n"]) for r in k["rows"]})
    model = kex_model(ch, ctx.store, k["rows"], krun)
    if not model:
        return ch.skipped("no kex-amortized scheme has its cases or its key-generation and "
                          "per-exchange times")

    def total(key, n):
        return model[key]["kg"] + n * model[key]["per"]

    def total_ci(key, n):
        t = model[key]["terms"]
        if not t:
            return None
        return combo_ci(t[0] + [(x[0], x[1] * n) if isinstance(x, tuple) else (x, float(n))
                                for x in t[1]])

    provs_all = list(dict.fromkeys(p for _, p in model))
    shown = [p for p in (ctx.provider, ctx.baseline) if p in provs_all] or provs_all[:1]
    shown = list(dict.fromkeys(shown))
    ch.tables.append(("total time = key generation + N × per exchange, from the benchmark "
                      "cases' medians", ["scheme", "provider", "N", "key generation",
                                         "per exchange", "total", "95 % CI of the total"],
                      [[s, p, fmt_count(n), fmt_us(m["kg"]), fmt_us(m["per"]),
                        fmt_us(total((s, p), n)),
                        fmt_ci(*total_ci((s, p), n)) if total_ci((s, p), n) else "—"]
                       for (s, p), m in model.items() for n in ns]))
    # Crossings of every ECC scheme with every RSA scheme of the same provider.
    pairs, crossrows, msgs = [], [], []
    reported = {(c["ecc"], c["rsa"], c.get("provider")): c.get("n")
                for c in k.get("crossover") or []}
    for (s, p), m in model.items():
        if s.upper().startswith("RSA"):
            continue
        for (s2, p2), m2 in model.items():
            if p2 != p or not s2.upper().startswith("RSA"):
                continue
            n_star, kind = crossing(m["kg"], m["per"], m2["kg"], m2["per"])
            lo_r, hi_r = total((s2, p), ns[0]) / total((s, p), ns[0]), \
                total((s2, p), ns[-1]) / total((s, p), ns[-1])
            pairs.append((s, s2, p, n_star, kind, lo_r, hi_r))
            what = crossing_text(s, s2, kind, n_star)
            rep = reported.get((s, s2, p), "—")
            crossrows.append([s, s2, p, what, fmt_ratio(lo_r), fmt_ratio(hi_r),
                              "—" if rep is None else fmt_count(rep) if rep != "—" else "—"])
    if crossrows:
        ch.tables.append(("ECC against RSA per provider: where the totals cross (the linear "
                          "model), and RSA total / ECC total at the smallest and largest N "
                          "(× RSA slower than ECC); the scenario reports the smallest N measured "
                          "at which ECC is cheaper",
                          ["ECC scheme", "RSA scheme", "provider", "crossing",
                           "RSA / ECC at N = %s" % fmt_count(ns[0]),
                           "RSA / ECC at N = %s" % fmt_count(ns[-1]), "scenario's N"],
                          crossrows))
    facts = []
    for s, s2, p, n_star, kind, lo_r, hi_r in pairs:
        if p not in shown:
            continue
        if kind == "never":
            msgs.append("with %s, %s is cheaper than %s at every N (no crossover): RSA's total "
                        "is %s slower at N = %s and %s slower at N = %s" % (
                            p, s, s2, fmt_ratio(lo_r), fmt_count(ns[0]), fmt_ratio(hi_r),
                            fmt_count(ns[-1])))
        elif kind == "always-b":
            msgs.append("with %s, %s is cheaper than %s at every N" % (p, s2, s))
        else:
            msgs.append("with %s, the totals of %s and %s cross at N ≈ %s" % (
                p, s, s2, fmt_count(n_star)))
        facts.append({"provider": p, "ecc": s, "rsa": s2, "kind": kind,
                      "lo": fmt_ratio(lo_r), "hi": fmt_ratio(hi_r),
                      "n_lo": fmt_count(ns[0]), "n_hi": fmt_count(ns[-1]),
                      "n_star": fmt_count(n_star) if n_star else None})
    ch.facts["pairs"] = facts
    ch.caption = (
        "Total time of one key generation followed by N key exchanges with that key (log–log; "
        "%s): ECDH (key generation + 2 derivations per exchange) against RSA-OAEP transport of "
        "a 32-byte key (encrypt + decrypt per exchange), for %s%s. A star marks a crossover "
        "only where the lines cross; labels at the smallest and largest N give RSA's total / "
        "ECDH's total (× slower than ECDH). " % (
            CI_MEDIAN.replace("median", "total"), " and ".join(shown),
            " (the tables have every provider)" if len(provs_all) > len(shown) else "") +
        sentences(msgs))
    ch.interval = "95 % CI of the total (bootstrap over the cases' samples)"
    ch.ratio = {"direction": "RSA total × slower than the ECDH total", "baseline": "ECDH"}

    def draw(ax, compact=False):
        styles = ["-", "--", ":", "-."]
        ecc_cols = [ECC_COLOR, ECC_LIGHT, "#117864", "#48c9b0"]
        rsa_cols = [RSA_COLOR, RSA_LIGHT, "#7d3c98", "#f5b041"]
        color_of = {}
        for (s, p) in model:
            if s not in color_of:
                pool = rsa_cols if s.upper().startswith("RSA") else ecc_cols
                used = sum(1 for x in color_of if x.upper().startswith("RSA") ==
                           s.upper().startswith("RSA"))
                color_of[s] = pool[used % 4]
        for (s, p) in model:
            if p not in shown:
                continue
            ys = [total((s, p), n) for n in ns]
            ax.plot(ns, ys, "o" + styles[shown.index(p) % 4], color=color_of[s], ms=4,
                    label="%s (%s)" % (s, p))
            draw_ci(ax, ns, ys, [total_ci((s, p), n) for n in ns], color=color_of[s])
        ci_legend_entry(ax, "whiskers: 95 % CI of the total")
        starred = False
        box = []
        for s, s2, p, n_star, kind, lo_r, hi_r in pairs:
            if p not in shown:
                continue
            if n_star and ns[0] <= n_star <= ns[-1]:
                ax.plot([n_star], [total((s, p), n_star)], "*", color="gold", ms=15,
                        markeredgecolor="black", zorder=6)
                starred = True
            box.append("%s%s: %s at N = %s, %s at N = %s" % (
                s, " (%s)" % p if len(shown) > 1 else "", fmt_ratio(lo_r), fmt_count(ns[0]),
                fmt_ratio(hi_r), fmt_count(ns[-1])))
        if box:
            # The lines rise to the right, so the lower right corner is free.
            ax.text(0.98, 0.03, "\n".join(["%s total / ECDH total (× slower than ECDH):" %
                                            " / ".join(sorted({x[1] for x in pairs}))] + box),
                    transform=ax.transAxes, ha="right", va="bottom", ma="left", fontsize=7,
                    bbox={"boxstyle": "round", "fc": "white", "ec": "#cccccc"})
        if starred:
            ax.plot([], [], "*", color="gold", ms=12, markeredgecolor="black", label="crossover")
        ax.set_xscale("log")
        time_axis(ax, "y")
        lo = min(total(key, ns[0]) for key in model if key[1] in shown)
        hi = max(total(key, ns[-1]) for key in model if key[1] in shown)
        ax.set_ylim(lo / 4, hi * 2)
        ax.set_xlim(ns[0] / 1.6, ns[-1] * 1.6)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_count(v)))
        ax.set_xlabel("N, key exchanges per generated key (log scale)")
        ax.set_ylabel("total time: key generation + N exchanges (log scale)")
        ax.set_title(ch.title)
        ax.legend(fontsize=7.5, loc="upper left")
        ax.grid(which="major", alpha=0.3)
    ch.draw = draw
    return ch


# ---------------------------------------------------------------------------
# 10b. kex-amortized --study bc2006
def chart_kex_study(ctx):
    ch = Chart("10b", "10b-kex-bc2006", "The 2006 BouncyCastle study: key exchange amortised "
               "over N, size by size", "line")
    k, krun = ctx.m.scenarios.get("kex-amortized/bc2006", (None, None))
    if not k:
        return ch.skipped("the result files have no bc2006 study (run `pkc bench --scenario "
                          "kex-amortized --study bc2006`)")
    st = k["study"]
    ch.source(krun)
    sizes, sns = st["sizes"], [int(n) for n in st["n"]]
    ns = sorted({int(r["n"]) for r in k["rows"]})
    model = kex_model(ch, ctx.store, k["rows"], krun)
    provs = list(dict.fromkeys(r["provider"] for r in st["table"]))
    cols = ["%s / RSA-%d" % (z["x962_name"], z["rsa_bits"]) for z in sizes]
    ch.tables.append((
        "the study's table: total time of one key generation + N exchanges (RSA: OAEP encrypt + "
        "decrypt of a 32-byte key per exchange; ECDH: key generation + 2 derivations), one "
        "column per size (ECDH curve / RSA modulus), as the scenario summarised it",
        ["provider", "algorithm", "N"] + cols,
        [[r["provider"], r["algorithm"], fmt_count(r["n"])] +
         ["—" if v is None else fmt_us(v) for v in r["total_us"]] for r in st["table"]]))
    # size i: ECDH on sizes[i] against RSA at sizes[i], per provider
    pairs, rows = [], []
    for p in provs:
        for i, z in enumerate(sizes):
            e = model.get(("ECDH " + z["curve"], p))
            r = model.get(("RSA-%d OAEP" % z["rsa_bits"], p))
            if not e or not r:
                rows.append([p, cols[i], "— (a case is missing)"])
                continue
            n_star, kind = crossing(e["kg"], e["per"], r["kg"], r["per"])
            pairs.append((p, i, n_star, kind))
            rows.append([p, cols[i], crossing_text("ECDH", "RSA", kind, n_star)])
    if not pairs:
        return ch.skipped("no size of the bc2006 study has both its ECDH and RSA cases")
    ch.tables.append(("whether the totals cross, per provider and size (the linear model "
                      "key generation + N × per exchange)", ["provider", "size", "crossover"],
                      rows))
    shown = ctx.provider if any(p == ctx.provider for p, *_ in pairs) else pairs[0][0]
    msgs = ["with %s, %s: %s" % (shown, cols[i], crossing_text("ECDH", "RSA", kind, n_star))
            for p, i, n_star, kind in pairs if p == shown]
    ch.caption = (
        "The 2006 BouncyCastle comparison repeated on this machine: total time of one key "
        "generation followed by N key exchanges with that key (log–log), ECDH against "
        "RSA-OAEP, one panel per size of the study (%s), for %s (the tables have every "
        "provider and the study's table itself). A star marks a crossover only where the "
        "lines cross within the N shown; a panel without one says so. " % (
            ", ".join(cols), shown) + sentences(msgs))
    ch.interval = None
    ch.facts["pairs"] = [{"provider": p, "size": cols[i], "kind": kind,
                          "n_star": fmt_count(n_star) if n_star else None}
                         for p, i, n_star, kind in pairs]
    panels = [(i, z) for p, i, _, _ in pairs if p == shown for z in [sizes[i]]]

    def figure():
        fig, axes = panel_grid(len(panels), 4.8, 4.2)
        for ax, (i, z) in zip(axes, panels):
            e = model[("ECDH " + z["curve"], shown)]
            r = model[("RSA-%d OAEP" % z["rsa_bits"], shown)]
            for m, col, lab in ((e, ECC_COLOR, "ECDH %s" % z["x962_name"]),
                                (r, RSA_COLOR, "RSA-%d OAEP" % z["rsa_bits"])):
                ax.plot(ns, [m["kg"] + n * m["per"] for n in ns], "o-", color=col, ms=3,
                        label=lab)
            for n in sns:
                ax.axvline(n, color="#dddddd", lw=0.8, zorder=0)
            n_star, kind = crossing(e["kg"], e["per"], r["kg"], r["per"])
            if n_star and ns[0] <= n_star <= ns[-1]:
                ax.plot([n_star], [e["kg"] + n_star * e["per"]], "*", color="gold", ms=15,
                        markeredgecolor="black", zorder=6, label="crossover")
            ax.text(0.98, 0.03, crossing_text("ECDH", "RSA", kind, n_star).replace(": ", ":\n"),
                    transform=ax.transAxes, ha="right", va="bottom", fontsize=7,
                    bbox={"boxstyle": "round", "fc": "white", "ec": "#cccccc"})
            ax.set_xscale("log")
            time_axis(ax, "y")
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_count(v)))
            ax.set_xlabel("N, key exchanges per key (log; grey: the study's N)")
            ax.set_ylabel("total time (log scale)")
            ax.set_title("size %d: %s / RSA-%d (%s)" % (i + 1, z["x962_name"], z["rsa_bits"],
                                                          shown), fontsize=9)
            ax.legend(fontsize=7, loc="upper left")
            ax.grid(which="major", alpha=0.3)
        fig.suptitle(ch.title)
        fig.tight_layout()
        return fig
    ch.figure = figure
    return ch


# ---------------------------------------------------------------------------
# 11. message-size
def _case_of(store, row):
    """The benchmark case behind a message-size summary row, or None."""
    alg, prov, op, mb = row["algorithm"], row["provider"], row["op"], int(row["message_bytes"])
    if alg.upper().startswith("SHA"):
        return store.get(prov, alg, str(mb), op)
    m = re.match(r"RSA-(\d+)$", alg)
    if m:
        a, p = "RSA", m.group(1)
    else:
        parts = alg.split(" ", 1)
        if len(parts) != 2:
            return None
        a, p = parts
    c = store.get(prov, a, p, op, size=mb)
    if c is None and mb == 32:
        c = store.get(prov, a, p, op)
    return c


def chart_message_size(ctx):
    ch = Chart("11", "11-message-size", "Sign and verify against message size", "line")
    ms, msrun = ctx.m.scenarios.get("message-size", (None, None))
    if not ms:
        return ch.skipped("the result file has no message-size scenario "
                          "(run `pkc bench --scenario message-size`)")
    store = ctx.store
    lines = {}
    for r in ms:
        c = _case_of(store, r)
        if c:
            ch.use(c)
        else:
            ch.source(msrun)
        pt = {"n": r["message_bytes"], "median": c.median if c else r["median_us"],
              "ci": median_ci(c) if c else None, "case": c}
        lines.setdefault((r["algorithm"], r["provider"], r["op"]), []).append(pt)
    for v in lines.values():
        v.sort(key=lambda p: p["n"])
    keys = sorted(lines, key=lambda k: (k[0], k[1], op_sort_key(k[2])))
    sizes = sorted({p["n"] for v in lines.values() for p in v})
    ch.tables.append(("median time per operation, hashing the message included",
                      ["algorithm", "provider", "operation"] + [fmt_bytes(s) for s in sizes],
                      [list(k) + [next((fmt_us(p["median"]) for p in lines[k]
                                        if p["n"] == s), "—") for s in sizes]
                       for k in keys]))

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
    growth = {k: lines[k][-1]["median"] / lines[k][0]["median"] for k in shown
              if len(lines[k]) >= 2}
    s0, s1 = fmt_bytes(sizes[0]), fmt_bytes(sizes[-1])
    msgs = []
    signs = [k for k in growth if not is_hash(k)]
    if signs:
        hi = max(signs, key=lambda k: growth[k])
        lo = min(signs, key=lambda k: growth[k])
        msgs.append("from %s to %s, %s %s becomes %s slower and %s %s %s slower: the larger the "
                    "fixed cost of the public-key operation, the longer it hides the hashing" % (
                        s0, s1, hi[0], hi[2], fmt_ratio(growth[hi]), lo[0], lo[2],
                        fmt_ratio(growth[lo])))
    for k in shown:
        if is_hash(k):
            msgs.append("SHA-256 alone (dotted) takes %s for %s" % (
                fmt_us(lines[k][-1]["median"]), fmt_bytes(lines[k][-1]["n"])))
    ch.facts["growth"] = [{"line": "%s %s" % (k[0], k[2]), "label": fmt_ratio(g),
                           "from": s0, "to": s1} for k, g in growth.items() if not is_hash(k)]
    ch.facts["provider"] = prov
    nci = sum(1 for k in shown for p in lines[k] if not p["ci"])
    ch.caption = ("Median time of signing and verifying a message of each size, hashing "
                  "included, log–log, provider %s (%s%s%s); the legend gives each line's time at "
                  "%s / its time at %s (× slower than at %s). " % (
                      prov, "the table has every provider; " if len(shown) < len(keys) else "",
                      CI_MEDIAN, "; points from the scenario's summary have none"
                      if nci else "", s1, s0, s0) + sentences(msgs))
    ch.interval = INTERVAL_MEDIAN
    ch.ratio = {"direction": "× slower than at %s" % s0, "baseline": s0}

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
            xs = [p["n"] for p in v]
            ys = [p["median"] for p in v]
            grows = k in growth and not is_hash(k)
            ax.plot(xs, ys, "o" + ls, color=col, ms=3.5, label="%s %s%s" % (
                k[0], k[2], ": %s slower at %s" % (fmt_ratio(growth[k]), s1) if grows else ""))
            draw_ci(ax, xs, ys, [p["ci"] for p in v], color=col)
        ci_legend_entry(ax)
        ax.set_xscale("log", base=2)
        ax.set_xticks(sizes)
        ax.set_xlim(sizes[0] / 1.5, sizes[-1] * 1.5)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: fmt_bytes(v)))
        ax.xaxis.set_minor_formatter(NullFormatter())
        time_axis(ax, "y")
        ax.set_xlabel("message size (log scale)")
        ax.set_ylabel("median time per operation, hashing included (log scale)")
        ax.set_title(ch.title + " (%s)" % prov)
        ax.legend(fontsize=7.5)
        ax.grid(which="major", alpha=0.3)
    ch.draw = draw
    return ch


