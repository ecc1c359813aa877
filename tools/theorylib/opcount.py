"""Affine against Jacobian: field operations per doubling and per addition
counted in the library's own source (src/ec/point_jac.h, point_aff.h), and
beside them the measured time per point operation (`pkc bench` lab cases
EC/point_add and EC/point_double of the providers pkc and pkc-affine)."""
import json
import math
import os
import re

from .common import InputError, Figure, plt, save, sig

# (label, file, function, #if condition or None, what it is)
FUNCS = [
    ("Jacobian doubling, a = −3 (P-256, P-384, ...)", "src/ec/point_jac.h", "jac_dbl",
     "EC_CURVE_A == -3", "point_double", "pkc"),
    ("Jacobian doubling, a = 0 (secp256k1, ...)", "src/ec/point_jac.h", "jac_dbl",
     "EC_CURVE_A == 0", None, None),
    ("Jacobian addition (add-2007-bl)", "src/ec/point_jac.h", "jac_add", None, "point_add",
     "pkc"),
    ("mixed Jacobian + affine addition (madd-2007-bl)", "src/ec/point_jac.h", "jac_madd_zr",
     None, None, None),
    ("affine addition or doubling (aff_add_ct, complete)", "src/ec/point_aff.h", "aff_add_ct",
     None, "point_add+point_double", "pkc-affine"),
]


def function_body(text, name, cond=None):
    """The body of `static ... name(...) {...}` (or `FE_INLINE void name`) in text; with cond, the
    definition inside `#if cond` / `#elif cond`."""
    start = 0
    if cond is not None:
        m = re.search(r"#(?:el)?if\s+" + re.escape(cond) + r"\s*\n", text)
        if not m:
            raise InputError("no '#if %s' in the source" % cond)
        start = m.end()
    m = re.compile(r"(?:static\s+(?:inline\s+)?|FE_INLINE\s+)void\s+" + re.escape(name) +
                   r"\s*\(").search(
        text, start)
    if not m:
        raise InputError("function %s not found" % name)
    i = text.index("{", m.end())
    depth, j = 0, i
    while True:
        c = text[j]
        depth += c == "{"
        depth -= c == "}"
        j += 1
        if depth == 0:
            return text[i:j], text[max(0, m.start() - 300):m.start()]


def count_ops(body):
    """M, S, I: calls of fe_mul, fe_sqr, fe_inv (comments removed)."""
    body = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
    return {"M": len(re.findall(r"\bfe_mul\s*\(", body)),
            "S": len(re.findall(r"\bfe_sqr\s*\(", body)),
            "I": len(re.findall(r"\bfe_inv\s*\(", body))}


def counts(src):
    out = []
    for label, path, name, cond, bench_op, provider in FUNCS:
        p = os.path.join(src, path)
        try:
            with open(p, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise InputError("%s: %s" % (p, e.strerror or e))
        body, before = function_body(text, name, cond)
        c = count_ops(body)
        # the comment above the function states the formula's cost ("3M + 5S"):
        # cross-check the count against it where it does
        stated = re.findall(r"(\d+)M\s*\+\s*(\d+)S", before.split("*/")[-2] if "*/" in before
                            else "")
        c.update({"label": label, "file": path, "function": name, "condition": cond,
                  "bench_op": bench_op, "provider": provider,
                  "stated": "%sM + %sS" % stated[-1] if stated else None})
        out.append(c)
    return out


def load_bench(path):
    """{(provider, op): case} for the secp256r1 lab cases of a bench file."""
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror or e))
    except ValueError as e:
        raise InputError("%s: malformed JSON (%s)" % (path, e))
    cases = d.get("benchmarks") if isinstance(d, dict) else None
    if not isinstance(cases, list):
        raise InputError("%s: not a `pkc bench --json` file (no benchmarks list)" % path)
    out = {}
    for c in cases:
        if not isinstance(c, dict) or c.get("algorithm") != "EC":
            continue
        if c.get("provider") not in ("pkc", "pkc-affine") or c.get("median") is None:
            continue
        scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}.get(c.get("time_unit", "us"))
        if scale is None:
            raise InputError("%s: unknown time_unit %r" % (path, c.get("time_unit")))
        out[(c["provider"], c.get("param"), c.get("op"))] = {
            "median": c["median"] * scale, "ci_low": (c.get("ci_low") or math.nan) * scale,
            "ci_high": (c.get("ci_high") or math.nan) * scale, "samples": c.get("samples"),
            "name": c.get("name")}
    ctx = d.get("context", {}) if isinstance(d.get("context"), dict) else {}
    return out, {"file": path, "date": ctx.get("date"), "command": ctx.get("command_line")}


def figure(cnt, bench, run, outdir, dpi, curve="secp256r1"):
    f = Figure("T5", "Affine against Jacobian: field operations per point operation and the "
                     "measured time (%s)" % curve)
    rows = []
    for c in cnt:
        rows.append([c["label"], "%s:%s()%s" % (c["file"], c["function"],
                                               " under #if " + c["condition"] if c["condition"]
                                               else ""),
                     str(c["M"]), str(c["S"]), str(c["I"]), c["stated"] or "—"])
    f.tables.append(("field operations counted in the source (fe_mul = M, fe_sqr = S, "
                     "fe_inv = I; additions, subtractions and constant-time selects not counted)",
                     ["operation", "function", "M", "S", "I", "cost stated in its comment"],
                     rows))
    f.facts["counts"] = {c["function"] + (":" + c["condition"] if c["condition"] else ""):
                         {k: c[k] for k in "MSI"} for c in cnt}
    if not bench:
        f.skip = "no `pkc bench` file with the lab cases (EC/point_add, EC/point_double of " \
                 "pkc and pkc-affine) was given (--bench)"
        return f
    want = [("pkc", "point_double", "Jacobian doubling"), ("pkc", "point_add",
                                                           "Jacobian addition"),
            ("pkc-affine", "point_double", "affine doubling"),
            ("pkc-affine", "point_add", "affine addition")]
    field = {op: bench.get(("pkc", curve, op)) for op in ("field_mul", "field_sqr",
                                                           "field_inv")}
    have = [(p, op, lab, bench.get((p, curve, op))) for p, op, lab in want]
    have = [h for h in have if h[3]]
    if not have:
        f.skip = "the bench file has no %s point_add/point_double case of pkc or " \
                 "pkc-affine" % curve
        return f
    byfn = {("pkc", "point_double"): cnt[0], ("pkc", "point_add"): cnt[2],
            ("pkc-affine", "point_double"): cnt[4], ("pkc-affine", "point_add"): cnt[4]}
    fig, ax = plt.subplots(figsize=(10, 4.8))
    ys = list(range(len(have)))
    allv = []
    pred_rows = []
    for y, (p, op, lab, c) in zip(ys, have):
        color = "#1f77b4" if p == "pkc" else "#9ecae1"
        marker = "o" if p == "pkc" else "h"
        lo, hi = c["ci_low"], c["ci_high"]
        if c.get("samples") and c["samples"] >= 6 and math.isfinite(lo) and math.isfinite(hi):
            ax.errorbar([c["median"]], [y], xerr=[[c["median"] - lo], [hi - c["median"]]],
                        fmt=marker, color=color, capsize=3)
        else:
            ax.plot([c["median"]], [y], marker, color=color)
        ax.annotate(fmt_us(c["median"]), (c["median"], y), textcoords="offset points",
                    xytext=(6, 6), fontsize=9)
        allv += [c["median"], lo, hi]
        k = byfn[(p, op)]
        pred = None
        if all(field.values()):
            pred = k["M"] * field["field_mul"]["median"] + k["S"] * \
                field["field_sqr"]["median"] + k["I"] * field["field_inv"]["median"]
            ax.plot([pred], [y], "x", color="#555")
        pred_rows.append([lab, "%dM + %dS + %dI" % (k["M"], k["S"], k["I"]),
                          fmt_us(c["median"]), "%s – %s" % (fmt_us(lo), fmt_us(hi))
                          if math.isfinite(lo) else "—", str(c.get("samples") or "—"),
                          fmt_us(pred) if pred else "—"])
    allv = [v for v in allv if v and math.isfinite(v)]
    ax.set_xscale("log")
    ax.set_xlim(min(allv) / 2, max(allv) * 2)
    ax.set_yticks(ys)
    ax.set_yticklabels([h[2] for h in have])
    ax.set_ylim(-0.6, len(have) - 0.4)
    ax.set_xlabel("median time per operation (log scale)")
    ax.grid(True, axis="x", alpha=0.3)
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: fmt_us(v)))
    ax.plot([], [], "o", color="#1f77b4", label="pkc (Jacobian); whiskers: 95 % CI of the median")
    ax.plot([], [], "h", color="#9ecae1", label="pkc-affine")
    ax.plot([], [], "x", color="#555", label="predicted: M·field_mul + S·field_sqr + "
            "I·field_inv (medians)")
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title("%s: one point operation (chained lab case)" % curve)
    fig.tight_layout()
    f.file = save(fig, outdir, "T5-affine-vs-jacobian", dpi)
    f.yscale = "log (x axis)"
    f.interval = "95 % CI of the median (the sign-test interval `pkc bench` writes)"
    aff = bench.get(("pkc-affine", curve, "point_add"))
    jac = bench.get(("pkc", curve, "point_add"))
    ratio = aff["median"] / jac["median"] if aff and jac else None
    f.facts["affine_add_x_slower_than_jacobian"] = sig(ratio) + "×" if ratio else None
    f.tables.append(("measured (%s, %s) and predicted from the field operations' medians" % (
        run.get("file"), run.get("date")), ["operation", "field operations", "median time",
                                            "95 % CI", "samples", "predicted"], pred_rows))
    f.sources = ["src/ec/point_jac.h", "src/ec/point_aff.h", "bench/case_lab.c",
                 "%s (%s; %s)" % (run.get("file"), run.get("date"), run.get("command"))]
    f.caption = (
        "Field operations per point operation counted in the library's source (the table: "
        "fe_mul, fe_sqr and fe_inv calls in jac_dbl, jac_add and jac_madd of "
        "src/ec/point_jac.h and in aff_add_ct of src/ec/point_aff.h, which the affine scalar "
        "multiplication of src/ec/mul_aff.h calls for every doubling and addition), beside "
        "the measured median time of one chained point operation on %s (pkc bench lab cases "
        "EC/point_add and EC/point_double, bench/case_lab.c; Jacobian = provider pkc, "
        "affine = pkc-affine), log x axis, whiskers the 95 %% CI of the median; the crosses "
        "predict the time from the field operations' own medians. The affine formula trades "
        "the Jacobian multiplications for one inversion%s. Run: %s, %s, `%s`." % (
            curve, (": the affine addition is %s slower than the Jacobian one "
                    "(affine × slower than Jacobian)" % f.facts[
                        "affine_add_x_slower_than_jacobian"]) if ratio else "",
            run.get("file"), run.get("date") or "date not recorded",
            run.get("command") or "command not recorded"))
    if ratio:
        f.ratio = {"direction": "affine × slower than Jacobian", "baseline": "Jacobian"}
    return f


def fmt_us(us):
    if us is None or not math.isfinite(us):
        return "—"
    if us < 1:
        return sig(us * 1e3) + " ns"
    if us < 1e3:
        return sig(us) + " µs"
    if us < 1e6:
        return sig(us / 1e3) + " ms"
    return sig(us / 1e6) + " s"
