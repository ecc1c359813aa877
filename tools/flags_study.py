#!/usr/bin/python3
"""Combines the runs of scripts/flags_study.sh into results/flags-study.json.

Each argument is LABEL|COMPILER|FLAGS|RUN.json[|MORE.json...]: one round of
one build. Per build and case the median over its rounds is kept, with the
interval spanned by the rounds' 95% CIs of the median (the union of the
intervals: conservative), and the compiler's version from the runs' context.
The output format is docs/results-format.md, "flags-study.json".
"""
import argparse
import json
import statistics
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("runs", nargs="+")
    a = ap.parse_args()
    builds, cells, context = [], {}, None
    for spec in a.runs:
        parts = spec.split("|")
        if len(parts) < 4:
            sys.exit("flags_study.py: expected LABEL|COMPILER|FLAGS|RUN.json, not %r" % spec)
        label, cc, flags, files = parts[0], parts[1], parts[2], parts[3:]
        for f in files:
            try:
                d = json.load(open(f))
            except (OSError, ValueError) as e:
                sys.exit("flags_study.py: %s: %s" % (f, e))
            if context is None:
                context = d.get("context", {})
            comp = d.get("context", {}).get("compiler", cc)
            if label not in [b["label"] for b in builds]:
                builds.append({"label": label, "compiler": comp, "flags": flags})
            for b in d.get("benchmarks", []):
                if b.get("error_occurred") or b.get("median") is None:
                    continue
                key = (label, b["name"])
                c = cells.setdefault(key, {"b": b, "medians": [], "lo": [], "hi": []})
                c["medians"].append(b["median"])
                c["lo"].append(b["ci_low"])
                c["hi"].append(b["ci_high"])
    results = []
    for (label, name), c in sorted(cells.items()):
        b = c["b"]
        results.append({"build": label, "name": name, "algorithm": b["algorithm"],
                        "param": b["param"], "op": b["op"],
                        "median_us": statistics.median(c["medians"]),
                        "ci_low": min(c["lo"]), "ci_high": max(c["hi"]),
                        "rounds": len(c["medians"])})
    out = {"context": context or {}, "builds": builds, "results": results}
    with open(a.output, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
