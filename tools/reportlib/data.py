"""Reading and checking `pkc bench` result files (docs/results-format.md).

Everything here only reads: a malformed file raises InputError with a
one-line reason, which tools/report.py turns into exit status 2.
"""
import csv
import json
import math
import os


class InputError(Exception):
    """Missing or malformed input: one line, shown as `report.py: error: ...`."""


# NIST SP 800-57 part 1 table 2 pairings used when the data do not say.
RSA_BITS_BY_LEVEL = {80: 1024, 112: 2048, 128: 3072, 192: 7680, 256: 15360}
CURVE_PREFERENCE = {80: ["secp192r1", "secp192k1"], 112: ["secp224r1", "secp224k1"],
                    128: ["secp256r1", "secp256k1"], 192: ["secp384r1"],
                    256: ["secp521r1"]}
CURVE_NICK = {"secp192r1": "P-192", "secp224r1": "P-224", "secp256r1": "P-256",
              "secp384r1": "P-384", "secp521r1": "P-521"}
ECC_ALGS = ("ECDSA", "ECDH", "EC")
CHART_IDS = ["1", "2", "3", "4", "5", "6", "7a", "7b", "8a", "8b", "9", "10", "11", "12a",
             "12b", "13"]


def _num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


class Case:
    """One benchmark entry (provider/algorithm/param/op) of one run."""

    def __init__(self, d, where):
        def req_str(k):
            v = d.get(k)
            if isinstance(v, (int, float)) and not isinstance(v, bool) and k == "param":
                v = str(int(v)) if float(v).is_integer() else str(v)
            if not isinstance(v, str) or not v:
                raise InputError("%s: missing or non-string %r" % (where, k))
            return v

        def opt_num(k):
            v = d.get(k)
            if v is None:
                return None
            if not _num(v):
                raise InputError("%s: %r is not a number" % (where, k))
            return float(v)

        self.provider = req_str("provider")
        self.algorithm = req_str("algorithm")
        self.param = req_str("param")
        self.op = req_str("op")
        self.median = opt_num("median")
        if self.median is None:
            self.median = opt_num("real_time")
        if self.median is None or self.median <= 0:
            raise InputError("%s: missing or non-positive 'median'" % where)
        for k in ("mean", "stddev", "min", "max", "p5", "p95", "mad", "ci_low",
                  "ci_high", "ops_per_sec", "cycles_per_op", "samples", "batch",
                  "security_bits", "param_value", "ratio", "ci_level", "message_bytes"):
            setattr(self, k, opt_num(k))
        self.noisy = bool(d.get("noisy"))
        sc = d.get("scenario")
        if sc is not None and not isinstance(sc, str):
            raise InputError("%s: 'scenario' is neither null nor a string" % where)
        self.scenario = sc
        raw = d.get("raw_us")
        if raw is not None:
            if not isinstance(raw, list) or not all(_num(x) for x in raw):
                raise InputError("%s: 'raw_us' is not a list of numbers" % where)
            raw = [float(x) for x in raw]
        self.raw = raw or None
        if self.param_value is None:
            try:
                self.param_value = float(self.param)
            except ValueError:
                self.param_value = None

    @property
    def key(self):
        return (self.provider, self.algorithm, self.param, self.op)

    @property
    def label(self):
        if self.algorithm == "RSA":
            return "RSA-%s %s" % (self.param, self.op)
        return "%s %s %s" % (self.algorithm, param_label(self.algorithm, self.param), self.op)


def param_label(algorithm, param):
    if algorithm == "RSA":
        return "RSA-" + param
    if algorithm == "SHA-256":
        return fmt_bytes(float(param)) if _is_number(param) else param
    return param


def _is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


def fmt_bytes(n):
    n = float(n)
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size and n % size == 0:
            return "%d %s" % (n // size, unit)
    return "%d B" % n


def fmt_us(v):
    """A time in microseconds, in the unit that reads best."""
    if v is None or not math.isfinite(v):
        return "—"
    if v >= 1e6:
        return "%.3g s" % (v / 1e6)
    if v >= 1e3:
        return "%.3g ms" % (v / 1e3)
    if v >= 1:
        return "%.3g µs" % v
    return "%.3g ns" % (v * 1e3)


def fmt_ratio(r):
    if r is None or not math.isfinite(r):
        return "—"
    if r >= 100:
        return "{:,.0f}×".format(r)
    if r >= 10:
        return "%.1f×" % r
    return "%.2f×" % r


class Run:
    """One result file: context, cases (by key) and scenario summaries."""

    def __init__(self, path, doc, index):
        self.path = path
        self.index = index
        self.merged = []  # scenario runs of the same machine folded into this one
        if not isinstance(doc, dict):
            raise InputError("%s: top level is not a JSON object" % path)
        ctx = doc.get("context", {})
        if ctx is None:
            ctx = {}
        if not isinstance(ctx, dict):
            raise InputError("%s: 'context' is not an object" % path)
        self.context = ctx
        b = doc.get("benchmarks")
        if not isinstance(b, list):
            raise InputError("%s: 'benchmarks' is missing or not a list" % path)
        self.all_cases = []
        self.failed = []  # [(name, message)]: cases that failed their check
        for i, d in enumerate(b):
            if not isinstance(d, dict):
                raise InputError("%s: benchmarks[%d] is not an object" % (path, i))
            if d.get("error_occurred"):
                self.failed.append((str(d.get("name") or "benchmarks[%d]" % i),
                                    str(d.get("error_message") or "failed")))
                continue
            self.all_cases.append(Case(d, "%s: benchmarks[%d]" % (path, i)))
        # The plain suite's cases first; a scenario's cases only fill gaps, and
        # message-size's never (the same sign/verify key at other message sizes).
        self.cases = {}
        for c in self.all_cases:
            if c.scenario is None and c.key not in self.cases:
                self.cases[c.key] = c
        self._fill_gaps(self.all_cases)
        sc = doc.get("scenarios", None)
        if sc is None:
            sc = {}
        if not isinstance(sc, dict):
            raise InputError("%s: 'scenarios' is not an object" % path)
        self.scenarios = {}
        self._check_scenarios(sc)
        self.raw_source = "JSON raw_us" if any(c.raw for c in self.cases.values()) else None

    def _rows(self, rows, where, fields):
        if not isinstance(rows, list):
            raise InputError("%s: %s is not a list" % (self.path, where))
        out = []
        for i, r in enumerate(rows):
            if not isinstance(r, dict):
                raise InputError("%s: %s[%d] is not an object" % (self.path, where, i))
            for f, kind in fields.items():
                v = r.get(f)
                ok = (kind == "num" and _num(v)) or (kind == "str" and isinstance(v, str)) \
                    or (kind == "num?" and (v is None or _num(v)))
                if not ok:
                    raise InputError("%s: %s[%d]: missing or bad %r" % (self.path, where, i, f))
            out.append(r)
        return out

    def _check_scenarios(self, sc):
        if "security-levels" in sc:
            rows = self._rows(
                sc["security-levels"], "scenarios.security-levels",
                {"security_bits": "num", "rsa_bits": "num", "curve": "str",
                 "provider": "str", "op": "str", "rsa_us": "num?", "ecc_us": "num?"})
            # A side may be missing (RSA-15360 not asked for): such rows say nothing.
            self.scenarios["security-levels"] = [r for r in rows if r["rsa_us"] is not None
                                                 and r["ecc_us"] is not None]
        if "kex-amortized" in sc:
            k = sc["kex-amortized"]
            if not isinstance(k, dict):
                raise InputError("%s: scenarios.kex-amortized is not an object" % self.path)
            rows = self._rows(k.get("rows"), "scenarios.kex-amortized.rows",
                              {"scheme": "str", "provider": "str", "n": "num",
                               "total_us": "num"})
            cross = self._rows(k.get("crossover", []), "scenarios.kex-amortized.crossover",
                               {"ecc": "str", "rsa": "str", "n": "num?"})
            self.scenarios["kex-amortized"] = {"rows": rows, "crossover": cross}
        if "message-size" in sc:
            self.scenarios["message-size"] = self._rows(
                sc["message-size"], "scenarios.message-size",
                {"algorithm": "str", "provider": "str", "op": "str",
                 "message_bytes": "num", "median_us": "num"})

    def _fill_gaps(self, cases):
        for c in cases:
            if c.scenario not in (None, "message-size") and c.key not in self.cases:
                self.cases[c.key] = c

    # -- merging a machine's scenario runs ------------------------------------
    @property
    def scenario_run(self):
        """A `pkc bench --scenario NAME` run (it measures only that scenario)."""
        return isinstance(self.context.get("scenario"), str)

    @property
    def machine(self):
        c = self.context
        return (c.get("host_name"), c.get("cpu_model"), c.get("num_cpus"))

    def absorb(self, other):
        """Fold a scenario run of the same machine into this run: its summaries
        and its cases (kept apart as scenario cases, see __init__)."""
        self.merged.append(other)
        self.all_cases += other.all_cases
        self._fill_gaps(other.all_cases)
        for name, v in other.scenarios.items():
            self.scenarios.setdefault(name, v)
        if other.raw_source and not self.raw_source:
            self.raw_source = other.raw_source

    # -- look-ups -----------------------------------------------------------
    def get(self, provider, algorithm, param, op):
        return self.cases.get((provider, algorithm, str(param), op))

    def providers(self):
        seen = []
        for c in self.cases.values():
            if c.provider not in seen:
                seen.append(c.provider)
        return seen

    def params(self, provider, algorithms):
        """Params of the given algorithms for a provider, sorted by value."""
        ps = {}
        for c in self.cases.values():
            if c.provider == provider and c.algorithm in algorithms:
                ps.setdefault(c.param, (c.param_value if c.param_value is not None
                                        else float("inf"), c.param))
        return [p for p, _ in sorted(ps.items(), key=lambda kv: kv[1])]

    def security_of(self, algorithm, param):
        for c in self.cases.values():
            if c.algorithm == algorithm and c.param == param and c.security_bits:
                return int(c.security_bits)
        return None

    @property
    def label(self):
        host = self.context.get("host_name") or ""
        cpu = self.context.get("cpu_model") or ""
        base = os.path.basename(self.path)
        parts = [p for p in (host, cpu) if p]
        return ("%s (%s)" % (base, ", ".join(parts))) if parts else base

    @property
    def short_label(self):
        return self.context.get("host_name") or os.path.basename(self.path)

    def attach_raw_csv(self, path):
        """Fill in raw samples from a raw CSV (`pkc bench -r`) where the JSON has none.
        Rows are matched on provider/algorithm/params/operation and, when the CSV
        has the column, message_bytes (message-size cases share the rest)."""
        rows = read_raw_csv(path)
        n = 0
        for c in self.cases.values():
            if c.raw:
                continue
            mb = "" if c.message_bytes is None else "%d" % c.message_bytes
            samples = rows.get(c.key + (mb,))
            if samples is None:
                groups = [k for k in rows if k[:4] == c.key]
                if len(groups) == 1 and groups[0][4] in ("", mb):
                    samples = rows[groups[0]]
            if samples:
                c.raw = samples
                n += 1
        if n:
            self.raw_source = ("JSON raw_us and " if self.raw_source else "") + \
                "raw CSV " + os.path.basename(path)


def read_raw_csv(path):
    need = ("algorithm", "operation", "params", "time_us", "provider")
    try:
        with open(path, newline="") as f:
            rd = csv.DictReader(f)
            if rd.fieldnames is None or not all(k in rd.fieldnames for k in need):
                raise InputError("%s: not a pkc raw CSV (header must have %s)"
                                 % (path, ",".join(need)))
            out = {}
            for i, row in enumerate(rd, start=2):
                try:
                    t = float(row["time_us"])
                except (TypeError, ValueError):
                    raise InputError("%s: line %d: time_us is not a number" % (path, i))
                if not math.isfinite(t):
                    raise InputError("%s: line %d: time_us is not finite" % (path, i))
                mb = (row.get("message_bytes") or "").strip()
                try:
                    mb = "%d" % float(mb) if mb else ""
                except ValueError:
                    raise InputError("%s: line %d: message_bytes is not a number" % (path, i))
                key = (row["provider"], row["algorithm"], row["params"], row["operation"], mb)
                out.setdefault(key, []).append(t)
            return out
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror or e))
    except (UnicodeDecodeError, csv.Error) as e:
        raise InputError("%s: unreadable CSV (%s)" % (path, str(e).splitlines()[0]))


def load_run(path, index):
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror or e))
    try:
        doc = json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("%s: not UTF-8 text" % path)
    except json.JSONDecodeError as e:
        raise InputError("%s: invalid JSON at line %d column %d (%s)"
                         % (path, e.lineno, e.colno, e.msg))
    except RecursionError:
        raise InputError("%s: JSON nested too deeply" % path)
    return Run(path, doc, index)


def merge_runs(runs):
    """One run per machine and measurement: scenario runs (`--scenario NAME`)
    join the first plain run of the same machine, or the first scenario run of
    it when there is no plain one. Other runs stay apart (several machines, or
    runs to compare)."""
    out = []
    for r in runs:
        target = None
        if r.scenario_run:
            same = [o for o in out if o.machine == r.machine]
            plain = [o for o in same if not o.scenario_run]
            target = (plain or same or [None])[0]
        if target is not None:
            target.absorb(r)
        else:
            out.append(r)
    return out


def pick_provider(run, wanted=None):
    """The provider the single-provider charts show: asked for, else pkc when
    it has at least half as many cases as the best-covered provider."""
    provs = run.providers()
    if wanted:
        return wanted if wanted in provs else None
    counts = {}
    for c in run.cases.values():
        counts[c.provider] = counts.get(c.provider, 0) + 1
    if not counts:
        return None
    best = max(counts, key=counts.get)
    if counts.get("pkc", 0) * 2 >= counts[best]:
        return "pkc"
    return best


def pick_baseline(run, wanted=None):
    """The baseline of ratios: asked for, else the one the file's ratios use."""
    provs = run.providers()
    if wanted:
        return wanted if wanted in provs else None
    ones, total = {}, {}
    for c in run.cases.values():
        if c.ratio is not None:
            total[c.provider] = total.get(c.provider, 0) + 1
            if abs(c.ratio - 1.0) < 1e-6:
                ones[c.provider] = ones.get(c.provider, 0) + 1
    best = None
    for p in provs:
        if total.get(p, 0) >= 2 and ones.get(p, 0) >= 0.9 * total[p]:
            if best is None or total[p] > total[best]:
                best = p
    if best:
        return best
    for p in ("pkc", "openssl"):
        if p in provs:
            return p
    return provs[0] if provs else None


def level_pairs(run, provider):
    """[(level, rsa_param, curve)] for the NIST levels where both exist."""
    rsa = {}
    for p in run.params(provider, ("RSA",)):
        lvl = run.security_of("RSA", p)
        if lvl is None:
            try:
                lvl = {v: k for k, v in RSA_BITS_BY_LEVEL.items()}.get(int(p))
            except ValueError:
                lvl = None
        if lvl is not None and lvl not in rsa:  # params come sorted: smallest wins
            rsa[lvl] = p
    curves = {}
    for p in run.params(provider, ("ECDSA", "ECDH")):
        lvl = run.security_of("ECDSA", p) or run.security_of("ECDH", p)
        if lvl is None:
            continue
        curves.setdefault(lvl, []).append(p)
    out = []
    for lvl in sorted(set(rsa) & set(curves)):
        pref = [c for c in CURVE_PREFERENCE.get(lvl, []) if c in curves[lvl]]
        r1 = [c for c in curves[lvl] if c.endswith("r1")]
        curve = (pref or r1 or curves[lvl])[0]
        out.append((lvl, rsa[lvl], curve))
    return out
