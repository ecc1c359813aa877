"""Published quantum cost estimates (data/quantum_estimates.csv): loaded,
checked (every row has a source and a date), drawn against the classical
security level, RSA and ECC as separate series."""
import csv
import math
import re

from .common import InputError, Figure, plt, save, sig

REQUIRED = ["target", "family", "key_bits", "classical_security_bits", "logical_qubits",
            "toffoli_count", "physical_qubits", "physical_qubits_bound", "run_time_hours",
            "run_time_bound", "physical_error_rate", "code_cycle_us", "reaction_time_us",
            "basis", "source_authors", "source_title", "venue", "year", "location", "arxiv",
            "preprint", "figure_date", "verified_via", "notes"]
NUMERIC = ["key_bits", "classical_security_bits", "logical_qubits", "toffoli_count",
           "physical_qubits", "run_time_hours", "physical_error_rate", "code_cycle_us",
           "reaction_time_us"]


def load(path):
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror or e))
    except (csv.Error, UnicodeDecodeError) as e:
        raise InputError("%s: not a CSV file (%s)" % (path, e))
    if not rows:
        raise InputError("%s: no rows" % path)
    missing = [c for c in REQUIRED if c not in rows[0]]
    if missing:
        raise InputError("%s: missing columns %s" % (path, ", ".join(missing)))
    out = []
    for i, r in enumerate(rows, 2):
        for c in ("target", "family", "source_authors", "source_title", "year",
                  "figure_date", "preprint"):
            if not (r.get(c) or "").strip():
                raise InputError("%s line %d: empty %s" % (path, i, c))
        if r["family"] not in ("RSA", "ECC"):
            raise InputError("%s line %d: family must be RSA or ECC" % (path, i))
        if not re.fullmatch(r"\d{4}(-\d{2}){0,2}", r["figure_date"]):
            raise InputError("%s line %d: figure_date %r is not YYYY[-MM[-DD]]" % (
                path, i, r["figure_date"]))
        if r["preprint"] not in ("yes", "no"):
            raise InputError("%s line %d: preprint must be yes or no" % (path, i))
        row = dict(r)
        for c in NUMERIC:
            v = (r.get(c) or "").strip()
            try:
                row[c] = float(v) if v else None
            except ValueError:
                raise InputError("%s line %d: %s %r is not a number" % (path, i, c, v))
        out.append(row)
    return out


def short_source(r):
    names = r["source_authors"].replace(" and ", ", ").split(",")
    first = names[0].strip()
    who = first if len(names) == 1 else ("%s, %s" % (first, names[1].strip())
                                         if len(names) == 2 else first + " et al.")
    return "%s %s%s" % (who, r["year"], " (preprint)" if r["preprint"] == "yes" else "")


def short(v):
    """1.29e11 rather than 129,000,000,000 in a crowded label."""
    return sig(v) if v < 1e6 else "%.3ge%d" % (v / 10 ** int(math.log10(v)), int(math.log10(v)))


def figure(rows, outdir, dpi):
    fig_ = Figure("T1", "Published quantum cost estimates against the classical security level")
    series = [("logical_qubits", "logical qubits (log scale)"),
              ("toffoli_count", "Toffoli gates (log scale)"),
              ("physical_qubits", "physical qubits (log scale)")]
    fig, axes = plt.subplots(1, 3, figsize=(17, 5.2))
    markers = "osD^v<>P"
    srcs = sorted({short_source(r) for r in rows})
    drawn = []
    for ax, (col, label) in zip(axes, series):
        for fam, color in (("RSA", "#c0392b"), ("ECC", "#1f618d")):
            for si, s in enumerate(srcs):
                pts = sorted((r["classical_security_bits"], r[col], r) for r in rows
                             if r["family"] == fam and short_source(r) == s and
                             r[col] is not None and r["classical_security_bits"] is not None)
                if not pts:
                    continue
                xs = [p[0] for p in pts]
                ys = [p[1] for p in pts]
                hollow = any(p[2]["preprint"] == "yes" for p in pts)
                ax.plot(xs, ys, marker=markers[si % len(markers)], color=color,
                        linestyle="-" if len(pts) > 1 else "none",
                        markerfacecolor="white" if hollow else color,
                        label="%s: %s" % (fam, s), markersize=7)
                for x, y, r in pts:
                    bound = r["physical_qubits_bound"] if col == "physical_qubits" else ""
                    ax.annotate(("< " if bound == "less than" else "") + r["target"] +
                                " " + short(y), (x, y), textcoords="offset points",
                                xytext=(4, 4), fontsize=7)
                    drawn.append((col, r["target"], s, y))
        ax.set_yscale("log")
        ax.set_xlabel("classical security level (bits, SP 800-57 Pt 1 Rev. 5 Table 2)")
        ax.set_ylabel(label)
        ax.grid(True, which="major", alpha=0.3)
        ys = [r[col] for r in rows if r[col] is not None and r["classical_security_bits"]]
        if ys:
            ax.set_ylim(min(ys) / 3, max(ys) * 5)
        ax.set_xlim(70, 270)
        ax.legend(fontsize=7, loc="upper left")
    axes[0].set_title("logical qubits")
    axes[1].set_title("Toffoli gates")
    axes[2].set_title("physical qubits (surface code; assumptions differ)")
    fig.suptitle("Shor's algorithm: published resource estimates (hollow marker: preprint)")
    fig.tight_layout()
    fig_.file = save(fig, outdir, "T1-quantum-estimates", dpi)
    fig_.yscale = "log"
    fig_.sources = sorted({"%s, %s, %s (arXiv:%s)" % (r["source_authors"], r["source_title"],
                                                      r["venue"], r["arxiv"]) for r in rows})
    fig_.caption = (
        "Logical qubits, Toffoli gates and physical qubits of Shor's algorithm against the "
        "classical security level of the key (NIST SP 800-57 Part 1 Rev. 5, Table 2), RSA "
        "(red) and elliptic curves (blue) as separate series, one marker per source; every y "
        "axis is logarithmic (the figures span decades). Lines join one source's figures for "
        "several sizes. The logical figures of Roetteler et al. 2017 and Gidney–Ekerå 2021 "
        "are their papers' formulas evaluated at each size (the former an upper bound); "
        "physical figures depend on the assumed hardware (error rate, code cycle, "
        "connectivity: data/quantum_estimates.csv) and compare only within one set of "
        "assumptions. No interval is drawn: the sources give point estimates or bounds "
        "('<' marks a bound). What it shows: at equal classical security an elliptic-curve "
        "key needs fewer logical qubits than an RSA key, and the estimates have fallen with "
        "every paper. These are cost estimates of machines that do not exist; no quantum "
        "computer has run them. Sources: " + "; ".join(fig_.sources) + ".")
    fig_.facts = {"rows": len(rows), "drawn": len(drawn)}
    headers = ["target", "classical bits", "logical qubits", "Toffoli", "physical qubits",
               "run time", "error rate", "cycle", "reaction", "source", "where", "date"]
    trows = []
    for r in rows:
        def num(c, unit=""):
            v = r[c]
            return "" if v is None else sig(v) + unit
        phys = num("physical_qubits")
        if phys and r["physical_qubits_bound"] == "less than":
            phys = "< " + phys
        rt = r["run_time_hours"]
        rts = "" if rt is None else (("< " if r["run_time_bound"] == "less than" else "") +
                                     sig(rt) + " h")
        trows.append([r["target"], num("classical_security_bits"), num("logical_qubits"),
                      num("toffoli_count"), phys, rts, num("physical_error_rate"),
                      num("code_cycle_us", " µs"), num("reaction_time_us", " µs"),
                      short_source(r) + " (arXiv:%s)" % r["arxiv"], r["location"],
                      r["figure_date"]])
    fig_.tables.append(("data/quantum_estimates.csv (empty cell: not verified, left out)",
                        headers, trows))
    return fig_


def ecc_vs_rsa_logical(rows):
    """Logical qubits of the ECC and RSA rows at each common security level
    (the fact the caption states), from the formula rows."""
    out = {}
    for bits in (80, 112, 128):
        e = [r["logical_qubits"] for r in rows if r["family"] == "ECC" and
             r["classical_security_bits"] == bits and r["logical_qubits"]]
        s = [r["logical_qubits"] for r in rows if r["family"] == "RSA" and
             r["classical_security_bits"] == bits and r["logical_qubits"]]
        if e and s:
            out[bits] = (min(e), min(s))
    return out


