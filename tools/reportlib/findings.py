"""The report's "Key findings": computed from what the charts show (their
`facts`, the very strings drawn in them), each linked to its chart, so a
number in a finding is a number the reader finds in the chart it points to
(tests/test_report.sh checks this on the SVG text)."""
import re

OP_WORDS = {"keygen": "key generation", "sign": "signing", "verify": "verification",
            "kex": "a key exchange"}

# A measured number as the report prints it: a time, a ratio, a share.
NUMBER = re.compile(r"(?<![\w.,-])\d[\d,]*(?:\.\d+)?(?:e[-+]\d+)?(?: (?:ns|µs|ms|s|%|MB/s|GB/s)"
                    r"(?![\w/])|×)")


def numbers_in(text):
    return NUMBER.findall(text)


def _finding(chart, text):
    return {"chart": chart.cid, "title": chart.title, "text": text, "numbers": numbers_in(text)}


def level_findings(ch):
    out = []
    levels = ch.facts.get("levels") or {}
    prov = ch.facts.get("provider") or ""
    for lvl in sorted(levels):
        f = levels[lvl]
        parts = []
        for op in ("keygen", "sign", "verify", "kex"):
            if op not in f:
                continue
            r = f[op]
            word = OP_WORDS[op]
            if r["ratio"] >= 1:
                parts.append("%s %s faster" % (word, r["label"]))
            else:
                parts.append("%s %s slower" % (word, r["inverse"]))
        if parts:
            out.append("At %d-bit security (%s against %s%s), ECC is: %s than RSA." % (
                lvl, f["rsa"], f["curve"], ", " + prov if prov else "", "; ".join(parts)))
    return out


def compute(charts):
    """[finding dicts] from the prepared (and drawn) charts, in reading order:
    RSA against ECC per level, the fastest library, pkc against the best
    peer and the baseline, then what the scenarios found."""
    by = {c.cid: c for c in charts if not c.skip}
    out = []
    c4 = by.get("4")
    if c4:
        for t in level_findings(c4):
            out.append(_finding(c4, t))
    c14 = by.get("14")
    if c14 and c14.facts.get("ops"):
        head = [(label, f) for label, f in c14.facts["ops"].items() if f["headline"]]
        if head:
            out.append(_finding(c14, "Fastest library on this machine (128-bit operations): " +
                                "; ".join("%s: %s (%s)" % (label, f["fastest"], f["time"])
                                          for label, f in head) + "."))
        me = c14.facts.get("me")
        if me and c14.facts.get("summary"):
            rel = [(label, f) for label, f in head if f.get("rel") and f["fastest"] != me]
            text = ("%s against the fastest other library, per operation (the same operations "
                    "for every library): it takes %s the fastest peer's time (geometric mean over "
                    "%d operations%s) and is itself the fastest in %d." % (
                        me, c14.facts["geomean"], c14.facts["count"],
                        "; %s over the %d where that peer does not run generic code" % (
                            c14.facts["geomean_dedicated"], c14.facts["count_dedicated"])
                        if c14.facts.get("geomean_dedicated") else "", c14.facts["wins"]))
            if rel:
                text += " At 128 bits: " + "; ".join(
                    "%s %s slower" % (label, f["rel"]) for label, f in rel) + "."
            out.append(_finding(c14, text))
    c9 = by.get("9")
    if c9 and c9.facts.get("summary"):
        base = c9.facts["baseline"]
        parts = []
        for p, s in c9.facts["summary"].items():
            if p.endswith("-cached"):
                continue  # a labelled variant, shown in the chart, never a finding
            extra = (", %s over the %d without †" % (s["dedicated"], s["dedicated_cases"])
                     if s.get("dedicated") else "")
            parts.append("%s %s (%d cases%s)" % (p, s["geomean"], s["cases"], extra))
        out.append(_finding(c9, "Against the baseline %s, geometric mean of time / %s's time "
                                "over the cases both ran (> 1×: slower): %s." % (
                                    base, base, "; ".join(parts))))
    c10 = by.get("10")
    if c10:
        for f in c10.facts.get("pairs") or []:
            if f["kind"] == "never":
                t = ("Key exchange amortised over N exchanges per key (%s): %s is cheaper than "
                     "%s at every N, no crossover; RSA's total is %s slower at N = %s and %s "
                     "slower at N = %s." % (f["provider"], f["ecc"], f["rsa"], f["lo"],
                                            f["n_lo"], f["hi"], f["n_hi"]))
            elif f["kind"] == "always-b":
                t = ("Key exchange amortised over N exchanges per key (%s): %s is cheaper than "
                     "%s at every N." % (f["provider"], f["rsa"], f["ecc"]))
            else:
                t = ("Key exchange amortised over N exchanges per key (%s): the totals of %s "
                     "and %s cross at N ≈ %s." % (f["provider"], f["ecc"], f["rsa"],
                                                  f["n_star"]))
            out.append(_finding(c10, t))
    c11 = by.get("11")
    if c11 and c11.facts.get("growth"):
        g = c11.facts["growth"]
        out.append(_finding(c11, "Message size (%s): from %s to %s, hashing the message makes "
                                 "%s." % (c11.facts["provider"], g[0]["from"], g[0]["to"],
                                          ", ".join("%s %s slower" % (x["line"], x["label"])
                                                    for x in g))))
    for cid in ("20c", "20a"):  # the ECUtils tables: scalar multiplication, point addition
        c = by.get(cid)
        if c and c.facts.get("ratios"):
            f = c.facts
            out.append(_finding(c, "ECUtils tables, %s (median over the curves, × slower than "
                                   "%s): %s.%s" % (f["column"], f["reference"],
                                                   "; ".join(r["text"] for r in f["ratios"]),
                                                   f["remark"])))
    return out
