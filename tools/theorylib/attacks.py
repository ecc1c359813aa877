"""The `pkc attack` result files (the shared schema of docs, common to
`pkc attack ecdlp` and `pkc attack factor`): loaded and checked, the ECDLP
methods' group operations fitted against the bits of the group order and
extrapolated to real curve sizes, the factoring methods' times against the
bits of N, and the GNFS heuristic calibrated to RSA-250."""
import json
import math

import numpy as np

from . import extrap
from .common import InputError, Figure, plt, save, sig, fmt_seconds, YEAR_S

REAL_SIZES = [(160, "secp160r1"), (224, "P-224"), (256, "P-256"), (384, "P-384"),
              (521, "P-521")]
EXPECTED_ALPHA = {"rho": 0.5, "bsgs": 0.5, "brute": 1.0, "kangaroo": 0.5}
METHOD_COLORS = {"rho": "#1f77b4", "bsgs": "#d62728", "brute": "#7f7f7f", "ph": "#2ca02c",
                 "kangaroo": "#9467bd", "ecm": "#ff7f0e", "fermat": "#8c564b",
                 "pm1": "#e377c2", "trial": "#bcbd22", "qs": "#17becf"}
MARKERS = "os^Dv<>Ph*"


def _num(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def load(path):
    """One results file, checked against the schema; returns its dict."""
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise InputError("%s: malformed JSON (%s)" % (path, e))
    if not isinstance(d, dict) or d.get("tool") != "pkc attack":
        raise InputError("%s: not a `pkc attack --json` file (tool is not \"pkc attack\")" % path)
    if d.get("problem") not in ("ecdlp", "factor"):
        raise InputError("%s: problem must be \"ecdlp\" or \"factor\"" % path)
    if not isinstance(d.get("method"), str) or not d["method"]:
        raise InputError("%s: no method" % path)
    inst = d.get("instances")
    if not isinstance(inst, list):
        raise InputError("%s: instances is not a list" % path)
    for i, x in enumerate(inst):
        if not isinstance(x, dict):
            raise InputError("%s: instance %d is not an object" % (path, i))
        for k, ok in (("bits", lambda v: isinstance(v, int) and not isinstance(v, bool)
                       and v > 0),
                      ("ok", lambda v: isinstance(v, bool)),
                      ("timed_out", lambda v: isinstance(v, bool)),
                      ("seconds", lambda v: _num(v) and v >= 0),
                      ("ops", lambda v: isinstance(v, int) and not isinstance(v, bool)
                       and v >= 0),
                      ("ops_unit", lambda v: isinstance(v, str))):
            if k not in x or not ok(x[k]):
                raise InputError("%s: instance %d: missing or invalid %s" % (path, i, k))
    d["_path"] = path
    return d


def group(files):
    """{(problem, method): {"files": [...], "instances": [...]}}"""
    out = {}
    for d in files:
        g = out.setdefault((d["problem"], d["method"]), {"files": [], "instances": []})
        g["files"].append(d)
        g["instances"].extend(d["instances"])
    return out


def _solved(instances):
    return [x for x in instances if x["ok"] and not x["timed_out"] and x["ops"] > 0]


def rate(instances):
    """ops per second over the solved instances (total ops / total seconds)."""
    s = _solved(instances)
    secs = sum(x["seconds"] for x in s)
    return sum(x["ops"] for x in s) / secs if secs > 0 else None


def _sqrt_order(x):
    try:
        return math.sqrt(int(x["order"]))
    except (KeyError, ValueError, TypeError):
        return 2.0 ** ((x["bits"] - 0.5) / 2.0)  # the middle of [2^(bits-1), 2^bits)


def ecdlp_analysis(groups):
    res = []
    for (prob, method), g in sorted(groups.items()):
        if prob != "ecdlp":
            continue
        inst = g["instances"]
        s = _solved(inst)
        fit = extrap.fit_log2([x["bits"] for x in s], [x["ops"] for x in s])
        r = {"method": method, "files": [f["_path"] for f in g["files"]],
             "instances": len(inst), "solved": len(s),
             "failed": sum(1 for x in inst if not x["ok"] and not x["timed_out"]),
             "timed_out": sum(1 for x in inst if x["timed_out"]), "ops_per_s": rate(inst),
             "fit": fit, "expected_alpha": EXPECTED_ALPHA.get(method),
             "negation_map": next((f.get("negation_map") for f in g["files"]
                                   if "negation_map" in f), None),
             "bits": sorted({x["bits"] for x in inst}), "extrapolated": [],
             "ops_unit": s[0]["ops_unit"] if s else None, "points": [(x["bits"], x["ops"])
                                                                     for x in s]}
        if method in ("rho", "bsgs", "kangaroo") and s:
            # the law's constant with the exponent fixed at 1/2: ops / sqrt(n)
            ratios = [x["ops"] / _sqrt_order(x) for x in s]
            lr = [math.log2(v) for v in ratios]
            m = sum(lr) / len(lr)
            if len(lr) > 1:
                sd = math.sqrt(sum((v - m) ** 2 for v in lr) / (len(lr) - 1))
                h = extrap.stats.t.ppf(0.975, len(lr) - 1) * sd / math.sqrt(len(lr))
            else:
                h = float("nan")
            r["sqrt_constant"] = (2 ** m, 2 ** (m - h), 2 ** (m + h))
        # The extrapolation uses the law with its exponent fixed at the
        # expected one (1/2 for rho and BSGS, 1 for brute force) and only
        # the constant fitted: at these small sizes the free fit's exponent
        # is pulled down by per-instance overheads (it is reported as a check),
        # and extended to 256 bits it would understate the cost by orders of
        # magnitude.
        alpha = EXPECTED_ALPHA.get(method)
        law = extrap.fit_fixed_slope([x["bits"] for x in s], [x["ops"] for x in s],
                                     alpha) if alpha and s else None
        r["law"] = dict(law, alpha=alpha) if law else None
        if law and r["ops_per_s"]:
            for b, name in REAL_SIZES:
                y = alpha * b + law["c"]
                lo, hi = alpha * b + law["ci"][0], alpha * b + law["ci"][1]
                e = {"bits": b, "curve": name, "ops": 2 ** y, "ops_ci": (2 ** lo, 2 ** hi),
                     "years": 2 ** y / r["ops_per_s"] / YEAR_S}
                if method == "rho":
                    e["theory_ops_neg"] = extrap.rho_expected(2.0 ** b, True)
                    e["theory_ops_noneg"] = extrap.rho_expected(2.0 ** b, False)
                    e["theory_years_neg"] = e["theory_ops_neg"] / r["ops_per_s"] / YEAR_S
                r["extrapolated"].append(e)
        res.append(r)
    return res


def _runs_text(files):
    return "; ".join("%s (method %s, seed %s, max %s s, threads %s)" % (
        f["_path"], f["method"], f.get("seed"), f.get("max_seconds"), f.get("threads"))
        for f in files)


def ecdlp_figure(groups, outdir, dpi):
    f = Figure("T6", "ECDLP: group operations against the bits of the group order, measured "
                     "and extrapolated")
    an = ecdlp_analysis(groups)
    if not an:
        f.skip = "no `pkc attack ecdlp` result file was given"
        return f, an
    files = [x for (p, _), g in groups.items() if p == "ecdlp" for x in g["files"]]
    fig, ax = plt.subplots(figsize=(12, 6.5))
    xs = np.linspace(10, 530, 300)
    ymax, ymin = 1.0, math.inf
    for i, r in enumerate(an):
        color = METHOD_COLORS.get(r["method"], "#333")
        pts = r["points"]
        if pts:
            ax.scatter([b for b, _ in pts], [o for _, o in pts], color=color,
                       marker=MARKERS[i % len(MARKERS)], s=18, zorder=3,
                       label="%s: measured (%d solved of %d)" % (r["method"], r["solved"],
                                                                 r["instances"]))
            ymin = min(ymin, min(o for _, o in pts))
        law = r.get("law")
        if law:
            a = law["alpha"]
            ax.plot(xs, [2 ** (a * x + law["c"]) for x in xs], "-", color=color, lw=1,
                    label="%s: law log2(ops) = %s·bits %+.2f (exponent fixed, constant "
                          "fitted), extrapolated" % (r["method"], sig(a), law["c"]))
            ax.fill_between(xs, [2 ** (a * x + law["ci"][0]) for x in xs],
                            [2 ** (a * x + law["ci"][1]) for x in xs],
                            color=color, alpha=0.15, lw=0)
            ymax = max(ymax, 2 ** (a * xs[-1] + law["c"]))
    for b, name in REAL_SIZES:
        ax.axvline(b, color="#aaa", ls=":", lw=1)
        ax.text(b, 1.5, " " + name, rotation=90, va="bottom", fontsize=8, color="#555")
    ax.fill_between([], [], [], color="#888", alpha=0.15,
                    label="bands: 95 % CI of the law's constant (t)")
    ax.set_yscale("log")
    ax.set_ylim(1, ymax * 10)
    ax.set_xlim(0, 535)
    ax.set_xlabel("bits of the group order n")
    ax.set_ylabel("group operations (log scale)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7.5, loc="upper left")
    ax.set_title("Measured on this machine, extrapolated to the sizes of real curves")
    fig.tight_layout()
    f.file = save(fig, outdir, "T6-ecdlp-extrapolation", dpi)
    f.yscale = "log"
    f.interval = ("95 % CI of the law's constant (mean of log2 ops - α·bits, Student t); "
                  "the free fit's exponent with its 95 % CI in the table")
    rows = []
    for r in an:
        fit = r["fit"]
        rows.append([r["method"], "%d / %d (%d timed out, %d failed)" % (
            r["solved"], r["instances"], r["timed_out"], r["failed"]),
            "%s–%s" % (r["bits"][0], r["bits"][-1]) if r["bits"] else "—",
            sig(fit["alpha"]) if fit else "—",
            "%s – %s" % (sig(fit["alpha_ci"][0]), sig(fit["alpha_ci"][1])) if fit else "—",
            sig(r["expected_alpha"]) if r["expected_alpha"] else "— (depends on n's factors)",
            sig(r["ops_per_s"]) if r["ops_per_s"] else "—",
            ("%s (%s – %s)" % tuple(sig(v) for v in r["sqrt_constant"]))
            if r.get("sqrt_constant") else "—"])
    f.tables.append(("the fits (log2 ops = α·bits + c over the solved instances)",
                     ["method", "solved", "bits", "α", "α 95 % CI", "α expected",
                      "ops/s on this machine", "ops / √n (95 % CI)"], rows))
    xrows = []
    for r in an:
        for e in r["extrapolated"]:
            xrows.append([r["method"], "%d (%s)" % (e["bits"], e["curve"]), sig(e["ops"]),
                          "%s – %s" % (sig(e["ops_ci"][0]), sig(e["ops_ci"][1])),
                          fmt_seconds(e["years"] * YEAR_S),
                          sig(e["theory_ops_neg"]) if "theory_ops_neg" in e else "",
                          fmt_seconds(e["theory_years_neg"] * YEAR_S)
                          if "theory_years_neg" in e else ""])
    f.tables.append(("extrapolated to real group orders: group operations and time on one "
                     "core of this machine at the measured ops/s",
                     ["method", "bits of n", "ops (law)", "95 % CI", "time at measured ops/s",
                      "rho with the negation map √(πn/4)", "its time"], xrows))
    rho = next((r for r in an if r["method"] == "rho"), None)
    concl = ""
    if rho and rho.get("sqrt_constant"):
        k = rho["sqrt_constant"][0]
        neg = abs(math.log(k / math.sqrt(math.pi / 4))) < abs(math.log(k / math.sqrt(
            math.pi / 2)))
        stated = rho["negation_map"]
        concl += (" rho: ops/√n = %s, closer to √(π/4) = 0.886 (with the negation map) than "
                  "to √(π/2) = 1.25 (without)" if neg else
                  " rho: ops/√n = %s, closer to √(π/2) = 1.25 (without the negation map) "
                  "than to √(π/4) = 0.886 (with it)") % sig(k)
        concl += (" — the file says negation_map = %s." % str(stated).lower()
                  if stated is not None else "; the result file does not say which the lab "
                  "uses.")
        p256 = next((e for e in rho["extrapolated"] if e["bits"] == 256), None)
        if p256:
            concl += (" At 256 bits the law gives %s group operations, %s on one core at "
                      "the measured %s ops/s." % (sig(p256["ops"]), fmt_seconds(
                          p256["years"] * YEAR_S), sig(rho["ops_per_s"])))
            f.facts["rho_p256_ops"] = sig(p256["ops"])
            f.facts["rho_p256_time"] = fmt_seconds(p256["years"] * YEAR_S)
        f.facts["rho_alpha"] = sig(rho["fit"]["alpha"]) if rho["fit"] else None
    f.sources = [x["_path"] for x in files]
    f.caption = (
        "Group operations of each ECDLP method against the bits of the group order n, every "
        "solved instance a point, log y axis; the lines are each method's law, log2(ops) "
        "= α·bits + c with the exponent α fixed at its expected value (1/2 for rho and "
        "baby-step giant-step: √n; 1 for brute force: n/2) and the constant c fitted to "
        "the measurements, extended to the sizes of real curves (dotted verticals), the "
        "bands the 95 %% CI of c. A free least-squares fit of α is in the table as a check "
        "of the law (at these small sizes fixed per-instance costs pull it below the "
        "expected value, and extended to 256 bits it would understate the cost by orders "
        "of magnitude). Pohlig–Hellman's cost depends on the largest prime factor of n, "
        "not on its bits, and is not extrapolated (real curves have prime order). The "
        "tables give the ops/s measured here and the extrapolation in group operations "
        "and in time on one core of this machine.%s The extrapolation "
        "assumes the same per-operation cost at every size; real field arithmetic at 256 "
        "bits is slower than at 40, so these times are lower bounds. Runs: %s." % (
            concl, _runs_text(files)))
    return f, an


def factor_analysis(groups):
    res = []
    for (prob, method), g in sorted(groups.items()):
        if prob != "factor":
            continue
        s = [x for x in g["instances"] if x["ok"] and not x["timed_out"]]
        fit = extrap.fit_log2([x["bits"] for x in s], [max(x["seconds"], 1e-9) for x in s])
        res.append({"method": method, "files": [f["_path"] for f in g["files"]],
                    "instances": len(g["instances"]), "solved": len(s),
                    "timed_out": sum(1 for x in g["instances"] if x["timed_out"]),
                    "failed": sum(1 for x in g["instances"]
                                  if not x["ok"] and not x["timed_out"]),
                    "fit": fit, "points": [(x["bits"], x["seconds"]) for x in s],
                    "bits": sorted({x["bits"] for x in g["instances"]}),
                    "ops_unit": s[0]["ops_unit"] if s else None})
    return res


def factor_figure(groups, outdir, dpi):
    f = Figure("T7", "Factoring: measured time against the bits of N, and the GNFS "
                     "heuristic calibrated to RSA-250")
    an = factor_analysis(groups)
    table = extrap.gnfs_table()
    files = [x for (p, _), g in groups.items() if p == "factor" for x in g["files"]]
    fig, axes = plt.subplots(1, 2, figsize=(16, 6))
    ax = axes[0]
    if an:
        for i, r in enumerate(an):
            color = METHOD_COLORS.get(r["method"], "#333")
            pts = r["points"]
            if pts:
                ax.scatter([b for b, _ in pts], [max(s, 1e-7) for _, s in pts], color=color,
                           marker=MARKERS[i % len(MARKERS)], s=18,
                           label="%s (%d solved of %d)" % (r["method"], r["solved"],
                                                          r["instances"]))
            if r["fit"]:
                bs = np.linspace(min(r["bits"]), max(r["bits"]), 50)
                ax.plot(bs, [2 ** extrap.predict(r["fit"], b)[0] for b in bs], "-",
                        color=color, lw=1)
        ax.set_yscale("log")
        ax.set_xlabel("bits of N")
        ax.set_ylabel("wall time of the attack (seconds, log scale)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8, loc="upper left")
        ax.set_title("measured on this machine (lines: least-squares fits)")
    else:
        ax.text(0.5, 0.5, "no `pkc attack factor` result file given", ha="center",
                transform=ax.transAxes)
        ax.set_axis_off()
    ax = axes[1]
    bs = np.linspace(400, 15500, 400)
    ax.plot(bs, [extrap.gnfs_core_years(b) for b in bs], color="#c0392b",
            label="L_N[1/3, (64/9)^(1/3)] scaled to RSA-250")
    ax.plot([extrap.RSA250_BITS], [extrap.RSA250_CORE_YEARS], "o", color="k",
            label="RSA-250 (829 bits): about 2,700 core-years (2020)")
    for t in table:
        ax.plot([t["bits"]], [t["core_years"]], "s", color="#c0392b")
        ax.annotate("RSA-%d: %s" % (t["bits"], sig(t["core_years"])),
                    (t["bits"], t["core_years"]), textcoords="offset points", xytext=(5, -12),
                    fontsize=8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(350, 40000)
    ax.set_xlabel("bits of N (log scale)")
    ax.set_ylabel("core-years (log scale; one 2.1 GHz Xeon Gold 6130 core)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="upper left")
    ax.set_title("GNFS heuristic, o(1) = 0, calibrated to the RSA-250 record")
    fig.tight_layout()
    f.file = save(fig, outdir, "T7-factoring-extrapolation", dpi)
    f.yscale = "log"
    rows = []
    for r in an:
        fit = r["fit"]
        rows.append([r["method"], "%d / %d (%d timed out, %d not found)" % (
                         r["solved"], r["instances"], r["timed_out"], r["failed"]),
                     "%s–%s" % (r["bits"][0], r["bits"][-1]) if r["bits"] else "—",
                     sig(fit["alpha"]) if fit else "—",
                     "%s – %s" % (sig(fit["alpha_ci"][0]), sig(fit["alpha_ci"][1]))
                     if fit else "—",
                     "0.25 (√p, p ≈ √N)" if r["method"] == "rho" else
                     "subexponential in p" if r["method"] == "ecm" else
                     "— (depends on N's structure)",
                     fmt_seconds(max(s for _, s in r["points"])) if r["points"] else "—"])
    if rows:
        f.tables.append(("measured methods: log2(seconds) = α·bits + c over the solved "
                         "instances", ["method", "solved", "bits", "α", "α 95 % CI",
                                       "α expected", "longest solved"], rows))
    f.tables.append((
        "GNFS: L_N[1/3, (64/9)^(1/3)] with o(1) = 0, calibrated to RSA-250, beside NIST "
        "SP 800-57 Part 1 Rev. 5 Table 2",
        ["bits of N", "log2 L_N", "core-years (RSA-250 × L ratio)",
         "log2 clock cycles (2.1 GHz core)", "SP 800-57 security strength"],
        [[str(t["bits"]), sig(t["log2_L"]), sig(t["core_years"]), sig(t["log2_cycles"]),
          str(t["sp800_57"]) if t["sp800_57"] else "— (not in Table 2)"] for t in table]))
    f.facts["gnfs_2048_core_years"] = sig(table[1]["core_years"])
    f.facts["gnfs_2048_log2_cycles"] = sig(table[1]["log2_cycles"])
    f.sources = [x["_path"] for x in files] + [
        "F. Boudot, P. Gaudry, A. Guillevic, N. Heninger, E. Thomé, P. Zimmermann: the "
        "factorization of RSA-250 (announced February 2020; about 2,700 core-years, Intel "
        "Xeon Gold 6130 at 2.1 GHz as reference); Comparing the difficulty of factorization "
        "and discrete logarithm: a 240-digit experiment, CRYPTO 2020",
        "NIST SP 800-57 Part 1 Rev. 5 (2020), Table 2"]
    f.caption = (
        "Left: wall time of each factoring method against the bits of N, every solved "
        "instance a point, log y axis, with least-squares fits over the measured range only "
        "(the tables give the exponent α of log2(seconds) = α·bits + c with its 95 %% CI; "
        "no band is drawn). Right: the heuristic cost of the general number field sieve, "
        "L_N[1/3, (64/9)^(1/3)] with o(1) taken as 0, scaled so that it passes through the "
        "RSA-250 record (829 bits, about 2,700 core-years; Boudot, Gaudry, Guillevic, "
        "Heninger, Thomé, Zimmermann, 2020), log–log axes. The scaled heuristic gives "
        "RSA-2048 about %s core-years (2^%s clock cycles); the table sets the bits this "
        "gives beside SP 800-57's security strengths (80/112/128/192/256 for "
        "1024/2048/3072/7680/15360 bits): the heuristic with o(1) = 0 is a rough guide, "
        "not a prediction, and the toy methods on the left (rho, ECM, Fermat, p − 1) are "
        "not how large RSA moduli are factored. Runs: %s." % (
            f.facts["gnfs_2048_core_years"], f.facts["gnfs_2048_log2_cycles"],
            _runs_text(files) if files else "none (GNFS part only)"))
    return f, an
