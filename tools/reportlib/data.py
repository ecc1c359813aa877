"""Reading and checking the files the report draws from: `pkc bench --json`
results (docs/results-format.md), `make flags-study` results, and
`pkc bench --profile DIR` profiles.

Everything here only reads: a malformed file raises InputError with a
one-line reason, which tools/report.py turns into exit status 2.

One number per quantity: a quantity is (provider, algorithm, param, op,
message size, worker threads). The runs of one machine (the default run and
the scenario runs, `make report`) are pooled in a Store that keeps, for each
quantity, the measurement of the first run in this order: plain runs before
scenario runs, each group in command-line order. The other measurements of
the same quantity stay available (Store.others) so the report can list them
under the chart that uses the quantity.
"""
import csv
import json
import math
import os
import re


class InputError(Exception):
    """Missing or malformed input: one line, shown as `report.py: error: ...`."""


# NIST SP 800-57 part 1 rev. 5, table 2, pairings used when the data do not say.
RSA_BITS_BY_LEVEL = {80: 1024, 112: 2048, 128: 3072, 192: 7680, 256: 15360}
CURVE_PREFERENCE = {80: ["secp192r1", "secp192k1"], 112: ["secp224r1", "secp224k1"],
                    128: ["secp256r1", "secp256k1"], 192: ["secp384r1"],
                    256: ["secp521r1"]}
CURVE_NICK = {"secp192r1": "P-192", "secp224r1": "P-224", "secp256r1": "P-256",
              "secp384r1": "P-384", "secp521r1": "P-521",
              "sect163k1": "K-163", "sect233k1": "K-233", "sect283k1": "K-283",
              "sect409k1": "K-409", "sect571k1": "K-571", "sect163r2": "B-163",
              "sect233r1": "B-233", "sect283r1": "B-283", "sect409r1": "B-409",
              "sect571r1": "B-571"}
ECC_ALGS = ("ECDSA", "ECDH", "EC")
DEFAULT_MESSAGE_BYTES = 32  # sign/verify outside the message-size scenario
CHART_IDS = ["1", "2", "3", "4", "5", "6", "6b", "7a", "7b", "8a", "8b", "9", "10", "10b", "11", "12a",
             "12b", "13", "14", "15", "16", "17", "18", "19", "20", "20a", "20b", "20c", "20d",
             "20e", "20f", "20g", "20h", "21a", "21b", "21c", "21d", "21e"]
# Microseconds per unit of an ecutils column (`pkc bench --scenario ecutils`).
TIME_UNITS_US = {"ns": 1e-3, "us": 1.0, "µs": 1.0, "ms": 1e3, "s": 1e6}


def _num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def is_binary_curve(param):
    return param.startswith("sect") or param.startswith("c2")


def param_sort_key(param, value):
    """The order of parameters in every chart and table: by value (RSA bits,
    field bits, bytes), the curves over prime fields before the binary
    (GF(2^m)) ones."""
    return (is_binary_curve(param), value if value is not None else float("inf"), param)


class Case:
    """One benchmark entry (provider/algorithm/param/op) of one run."""

    NUMBERS = ("mean", "stddev", "min", "max", "p5", "p90", "p95", "mad", "ci_low", "ci_high",
               "ops_per_sec", "cycles_per_op", "samples", "batch", "security_bits",
               "param_value", "ratio", "ci_level", "message_bytes", "cpu_time",
               "ratio_ci_low", "ratio_ci_high", "keys", "inputs", "threads",
               "ops_per_sec_total", "ops_per_sec_per_worker")

    def __init__(self, d, where, run=None):
        self.run = run

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

        def opt_list(k, kind):
            v = d.get(k)
            if v is None:
                return None
            # "str": strings or null (a key a provider cannot fingerprint)
            ok = isinstance(v, list) and all(
                (_num(x) if kind == "num" else x is None or isinstance(x, str)) for x in v)
            if not ok:
                raise InputError("%s: %r is not a list of %s" % (
                    where, k, "numbers" if kind == "num" else "strings or nulls"))
            return [float(x) for x in v] if kind == "num" else list(v)

        def opt_str(k):
            v = d.get(k)
            if v is not None and not isinstance(v, str):
                raise InputError("%s: %r is neither null nor a string" % (where, k))
            return v

        self.provider = req_str("provider")
        self.algorithm = req_str("algorithm")
        self.param = req_str("param")
        self.op = req_str("op")
        self.name = d.get("name") if isinstance(d.get("name"), str) else \
            "%s/%s/%s/%s" % (self.provider, self.algorithm, self.param, self.op)
        self.median = opt_num("median")
        if self.median is None:
            self.median = opt_num("real_time")
        if self.median is None or self.median <= 0:
            raise InputError("%s: missing or non-positive 'median'" % where)
        for k in self.NUMBERS:
            setattr(self, k, opt_num(k))
        self.noisy = bool(d.get("noisy"))
        self.descheduled = bool(d.get("descheduled"))
        self.heavy_tailed = bool(d.get("heavy_tailed"))
        self.scenario = opt_str("scenario")
        self.ratio_baseline = opt_str("ratio_baseline")
        self.cycles_unit = opt_str("cycles_unit")
        self.raw = opt_list("raw_us", "num") or None
        self.cpu_raw = opt_list("cpu_raw_us", "num") or None
        self.key_fingerprints = opt_list("key_fingerprints", "str")
        # cpu_time used to be a copy of real_time; it is a measurement only
        # when the per-sample CPU times come with it.
        if self.cpu_raw is None:
            self.cpu_time = None
        if self.threads is None:
            m = re.search(r"/threads:(\d+)$", self.name)
            self.threads = float(m.group(1)) if m else None
        if self.param_value is None:
            try:
                self.param_value = float(self.param)
            except ValueError:
                self.param_value = None

    @property
    def size(self):
        """The message size when it makes this a quantity of its own (the
        message-size scenario); None for the default 32 bytes, for operations
        without a message, and where the param is the size (SHA-256)."""
        mb = self.message_bytes
        if mb is None or mb == DEFAULT_MESSAGE_BYTES or self.param_value == mb:
            return None
        return int(mb)

    @property
    def workers(self):
        return int(self.threads) if self.threads and self.threads > 1 else None

    @property
    def key(self):
        return (self.provider, self.algorithm, self.param, self.op, self.size, self.workers)

    @property
    def distinct_keys(self):
        """Distinct keys the case used: `keys`, else the distinct key
        fingerprints (key generation), else None."""
        if self.keys is not None:
            return int(self.keys)
        known = {f for f in self.key_fingerprints or () if f is not None}
        return len(known) if known else None

    @property
    def label(self):
        if self.algorithm == "RSA":
            s = "RSA-%s %s" % (self.param, self.op)
        else:
            s = "%s %s %s" % (self.algorithm, param_label(self.algorithm, self.param), self.op)
        if self.size is not None:
            s += " (%s message)" % fmt_bytes(self.size)
        if self.workers:
            s += " (%d threads)" % self.workers
        return s


def param_label(algorithm, param):
    if algorithm == "RSA":
        return "RSA-" + param
    if _is_number(param) and not algorithm.startswith("EC"):
        return fmt_bytes(float(param))
    return param


def curve_label(c):
    return "%s (%s)" % (c, CURVE_NICK[c]) if c in CURVE_NICK else c


def _is_number(s):
    try:
        float(s)
        return True
    except ValueError:
        return False


def fmt_bytes(n):
    from .fmt import fmt_bytes as f
    return f(n)


class Source:
    """An input file as captions and charts.json name it: its file name, the
    date and the command of its run (from its context)."""
    default_command = "command unknown"

    @property
    def name(self):
        return os.path.basename(self.path)

    @property
    def date(self):
        return self.context.get("date")

    @property
    def command(self):
        return self.context.get("command_line") or self.default_command

    def describe(self):
        """'bench.json (2026-12-01 20:54 UTC, `pkc bench ...`)'."""
        from .fmt import fmt_date
        return "%s (%s, `%s`)" % (self.name, fmt_date(self.date), self.command)

    def manifest(self):
        return {"file": self.path, "date": self.date, "command": self.command,
                "scenario": self.context.get("scenario")}


class Run(Source):
    """One result file: its context, its cases and its scenario summaries."""

    def __init__(self, path, doc, index, label=None):
        self.path = path
        self.index = index
        self.label_override = label
        if not isinstance(doc, dict):
            raise InputError("%s: top level is not a JSON object" % path)
        ctx = doc.get("context", {})
        if ctx is None:
            ctx = {}
        if not isinstance(ctx, dict):
            raise InputError("%s: 'context' is not an object" % path)
        self.context = ctx
        for k in ("warnings",):
            v = ctx.get(k)
            if v is not None and not (isinstance(v, list) and all(isinstance(x, str) for x in v)):
                raise InputError("%s: context.%s is not a list of strings" % (path, k))
        b = doc.get("benchmarks")
        if not isinstance(b, list):
            raise InputError("%s: 'benchmarks' is missing or not a list" % path)
        self.cases = []
        self.failed = []  # [(name, message)]: cases that failed their check
        for i, d in enumerate(b):
            if not isinstance(d, dict):
                raise InputError("%s: benchmarks[%d] is not an object" % (path, i))
            if d.get("error_occurred"):
                self.failed.append((str(d.get("name") or "benchmarks[%d]" % i),
                                    str(d.get("error_message") or "failed")))
                continue
            self.cases.append(Case(d, "%s: benchmarks[%d]" % (path, i), self))
        sc = doc.get("scenarios", None)
        if sc is None:
            sc = {}
        if not isinstance(sc, dict):
            raise InputError("%s: 'scenarios' is not an object" % path)
        self.scenarios = {}
        self._check_scenarios(sc)
        self.raw_source = "JSON raw_us" if any(c.raw for c in self.cases) else None

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
                               "total_us": "num", "keygen_us": "num?",
                               "per_exchange_us": "num?"})
            cross = self._rows(k.get("crossover", []), "scenarios.kex-amortized.crossover",
                               {"ecc": "str", "rsa": "str", "n": "num?"})
            study = k.get("study")
            if study is None:
                self.scenarios["kex-amortized"] = {"rows": rows, "crossover": cross}
            else:
                # `--study NAME`: other cases than the default run's, a scenario of its own
                study = self._study(study)
                self.scenarios["kex-amortized/" + study["name"]] = {
                    "rows": rows, "crossover": cross, "study": study}
        if "ecutils" in sc:
            self.scenarios["ecutils"] = self._check_ecutils(sc["ecutils"])
        if "size-sweep" in sc:
            self.scenarios["size-sweep"] = self._check_sweep(sc["size-sweep"])
        if "message-size" in sc:
            self.scenarios["message-size"] = self._rows(
                sc["message-size"], "scenarios.message-size",
                {"algorithm": "str", "provider": "str", "op": "str",
                 "message_bytes": "num", "median_us": "num"})

    def _study(self, st):
        """scenarios.kex-amortized.study (docs/results-format.md), checked."""
        where = "scenarios.kex-amortized.study"
        if not isinstance(st, dict) or not isinstance(st.get("name"), str) or \
                not isinstance(st.get("n"), list) or not all(_num(n) for n in st["n"]):
            raise InputError("%s: %s: missing or bad name or n" % (self.path, where))
        sizes = self._rows(st.get("sizes"), where + ".sizes",
                           {"curve": "str", "x962_name": "str", "field_bits": "num",
                            "rsa_bits": "num"})
        table = self._rows(st.get("table"), where + ".table",
                           {"provider": "str", "algorithm": "str", "n": "num"})
        for i, r in enumerate(table):
            v = r.get("total_us")
            if not isinstance(v, list) or len(v) != len(sizes) or \
                    not all(x is None or _num(x) for x in v):
                raise InputError("%s: %s.table[%d]: total_us is not one number (or null) per "
                                 "size" % (self.path, where, i))
        return dict(st, sizes=sizes, table=table)

    def _check_sweep(self, e):
        """The size-sweep: series {key, label, provider, case, points: [{bytes,
        median_us, ci_us}]}, crossovers {scheme, label, provider, bytes or
        null}."""
        where = "scenarios.size-sweep"
        if not isinstance(e, dict):
            raise InputError("%s: %s is not an object" % (self.path, where))
        series = self._rows(e.get("series"), where + ".series",
                            {"key": "str", "label": "str", "provider": "str", "case": "str"})
        for i, sr in enumerate(series):
            self._rows(sr.get("points"), "%s.series[%d].points" % (where, i),
                       {"bytes": "num", "median_us": "num"})
        cross = self._rows(e.get("crossovers", []), where + ".crossovers",
                           {"scheme": "str", "label": "str", "provider": "str",
                            "bytes": "num?"})
        return {"series": series, "crossovers": cross,
                "definition": e.get("crossover_definition", "")}

    def _check_ecutils(self, e):
        """The ECUtils tables: columns {key, label, unit, case}, tables
        {coords, cache, provider, rows: [{curve, KEY: number or null,
        KEY_ci: [lo, hi] or null}]}, a note."""
        where = "scenarios.ecutils"
        if not isinstance(e, dict):
            raise InputError("%s: %s is not an object" % (self.path, where))
        cols = self._rows(e.get("columns"), where + ".columns",
                          {"key": "str", "label": "str", "unit": "str", "case": "str"})
        for i, c in enumerate(cols):
            if c["unit"] not in TIME_UNITS_US or c["case"].count("/") != 1:
                raise InputError("%s: %s.columns[%d]: bad unit %r or case %r" % (
                    self.path, where, i, c["unit"], c["case"]))
        tables = self._rows(e.get("tables"), where + ".tables",
                            {"coords": "str", "cache": "str", "provider": "str"})
        cells = dict({"curve": "str"}, **{c["key"]: "num?" for c in cols})
        for i, t in enumerate(tables):
            rows = self._rows(t.get("rows"), "%s.tables[%d].rows" % (where, i), cells)
            for j, r in enumerate(rows):
                for c in cols:
                    ci = r.get(c["key"] + "_ci")
                    if ci is not None and not (isinstance(ci, list) and len(ci) == 2 and
                                               all(_num(x) for x in ci)):
                        raise InputError("%s: %s.tables[%d].rows[%d]: %r is not [low, high]"
                                         % (self.path, where, i, j, c["key"] + "_ci"))
        note = e.get("note")
        if note is not None and not isinstance(note, str):
            raise InputError("%s: %s.note is not a string" % (self.path, where))
        return {"columns": cols, "tables": tables, "note": note}

    @property
    def scenario_run(self):
        """A run that supplements the machine's default run: `pkc bench
        --scenario NAME` (it measures only that scenario), or a thread-scaling
        run (`--threads 1,2`: its cases at more than one worker)."""
        return isinstance(self.context.get("scenario"), str) or self.threads_run

    @property
    def threads_run(self):
        return not isinstance(self.context.get("scenario"), str) and any(
            c.workers for c in self.cases)

    @property
    def run_kind(self):
        if isinstance(self.context.get("scenario"), str):
            return "scenario run: " + self.context["scenario"]
        return "thread-scaling run" if self.threads_run else "default run"

    @property
    def machine_key(self):
        c = self.context
        return (c.get("host_name"), c.get("cpu_model"), c.get("num_cpus"))

    def attach_raw_csv(self, path):
        """Fill in raw samples from a raw CSV (`pkc bench -r`) where the JSON has none.
        Rows are matched on provider/algorithm/params/operation and, when the CSV
        has the column, message_bytes (message-size cases share the rest)."""
        rows = read_raw_csv(path)
        n = 0
        for c in self.cases:
            if c.raw:
                continue
            base = (c.provider, c.algorithm, c.param, c.op)
            mb = "" if c.message_bytes is None else "%d" % c.message_bytes
            samples = rows.get(base + (mb,))
            if samples is None:
                groups = [k for k in rows if k[:4] == base]
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


def read_json(path):
    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        raise InputError("%s: %s" % (path, e.strerror or e))
    try:
        return json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError("%s: not UTF-8 text" % path)
    except json.JSONDecodeError as e:
        raise InputError("%s: invalid JSON at line %d column %d (%s)"
                         % (path, e.lineno, e.colno, e.msg))
    except RecursionError:
        raise InputError("%s: JSON nested too deeply" % path)


def load_input(path, index, label=None):
    """A result file: a Run, or a FlagsStudy (`make flags-study`), told apart
    by their top-level keys."""
    doc = read_json(path)
    if isinstance(doc, dict) and "builds" in doc and "results" in doc \
            and "benchmarks" not in doc:
        return FlagsStudy(path, doc)
    return Run(path, doc, index, label)


# ---------------------------------------------------------------------------
class Store:
    """The cases of one machine's runs, one per quantity (module docstring)."""

    def __init__(self, runs):
        self.cases = {}    # key -> the Case used
        self._others = {}  # key -> [Case] measured too, not used
        for run in runs:
            # In a file, the plain suite's cases before the scenario's.
            for c in sorted(run.cases, key=lambda c: c.scenario is not None):
                if c.key in self.cases:
                    self._others.setdefault(c.key, []).append(c)
                else:
                    self.cases[c.key] = c

    def get(self, provider, algorithm, param, op, size=None, workers=None):
        return self.cases.get((provider, algorithm, str(param), op, size, workers))

    def ecc_keygen(self, provider, curve):
        return self.get(provider, "ECDSA", curve, "keygen") or \
            self.get(provider, "ECDH", curve, "keygen")

    def others(self, case):
        return self._others.get(case.key, [])

    def plain(self):
        """The cases at the default message size and one worker."""
        return [c for c in self.cases.values() if c.size is None and c.workers is None]

    def providers(self):
        seen = []
        for c in self.plain():
            if c.provider not in seen:
                seen.append(c.provider)
        return seen

    def params(self, provider, algorithms):
        """Params of the given algorithms for a provider, sorted by value
        (prime curves before binary ones: param_sort_key)."""
        ps = {}
        for c in self.plain():
            if c.provider == provider and c.algorithm in algorithms:
                ps.setdefault(c.param, param_sort_key(c.param, c.param_value))
        return [p for p, _ in sorted(ps.items(), key=lambda kv: kv[1])]

    def security_of(self, algorithm, param):
        for c in self.cases.values():
            if c.algorithm == algorithm and c.param == param and c.security_bits:
                return int(c.security_bits)
        return None

    def thread_series(self):
        """{(provider, algorithm, param, op): {workers: Case}} for the cases
        measured at more than one worker count."""
        out = {}
        for c in self.cases.values():
            if c.size is None and c.workers:
                out.setdefault(c.key[:4], {})[c.workers] = c
        for k, v in out.items():
            one = self.get(*k)  # the single-worker case is the plain one
            if one:
                v[1] = one
        return {k: dict(sorted(v.items())) for k, v in out.items() if len(v) >= 2}


class Machine:
    """The runs of one machine that one report pools: a plain run and the
    scenario runs that go with it (`make report`)."""

    def __init__(self, first):
        self.runs = [first]

    def add(self, run):
        self.runs.append(run)

    def finish(self):
        # Plain runs first, each group in command-line order (the Store's rule).
        self.runs.sort(key=lambda r: (r.scenario_run, r.index))
        self.store = Store(self.runs)
        self.scenarios = {}  # name -> (summary, run)
        for r in self.runs:
            for name, v in r.scenarios.items():
                self.scenarios.setdefault(name, (v, r))
        return self

    @property
    def run(self):
        return self.runs[0]

    @property
    def context(self):
        return self.runs[0].context

    @property
    def label(self):
        """How cross-machine charts name it: --label, else the file's
        context.label, else host and date."""
        from .fmt import fmt_date
        r = self.runs[0]
        if r.label_override:
            return r.label_override
        if isinstance(r.context.get("label"), str) and r.context["label"]:
            return r.context["label"]
        host = r.context.get("host_name") or r.name
        return "%s %s" % (host, fmt_date(r.date)) if r.date else host

    @property
    def raw_source(self):
        srcs = [r.raw_source for r in self.runs if r.raw_source]
        return "; ".join(dict.fromkeys(srcs)) if srcs else None


def group_machines(runs):
    """One Machine per machine and measurement: scenario runs (`--scenario
    NAME`) join the first plain run of the same machine, or the first
    scenario run of it when there is no plain one. Other plain runs stay
    apart (several machines, or runs to compare)."""
    out = [Machine(r) for r in runs if not r.scenario_run]  # wherever the scenarios come
    for r in runs:
        if not r.scenario_run:
            continue
        same = [m for m in out if m.run.machine_key == r.machine_key]
        plain = [m for m in same if not m.run.scenario_run]
        target = (plain or same or [None])[0]
        if target is not None:
            target.add(r)
        else:
            out.append(Machine(r))
    machines = [m.finish() for m in out]
    labels = [m.label for m in machines]
    if len(set(labels)) < len(labels):  # same host and minute: the file tells them apart
        for m in machines:
            if not m.run.label_override:
                m.run.label_override = "%s (%s)" % (m.label, m.run.name)
    return machines


def is_variant(provider, present):
    """pkc-affine, pkc-textbook, wolfssl-cached...: a variant of a library
    that is itself in the run (or a labelled cached variant): compared with
    its library, never counted as a library of its own."""
    head = provider.split("-")[0]
    return provider.endswith("-cached") or (head != provider and head in present)


def pick_provider(store, wanted=None):
    """The provider the single-provider charts show: asked for, else pkc when
    it has at least half as many cases as the best-covered provider."""
    provs = store.providers()
    if wanted:
        return wanted if wanted in provs else None
    counts = {}
    for c in store.plain():
        counts[c.provider] = counts.get(c.provider, 0) + 1
    if not counts:
        return None
    best = max(counts, key=counts.get)
    if counts.get("pkc", 0) * 2 >= counts[best]:
        return "pkc"
    return best


def pick_baseline(store, wanted=None):
    """The baseline of ratios: asked for, else the one the file's ratios use
    (ratio_baseline, or the provider whose ratios are all 1), else pkc."""
    provs = store.providers()
    if wanted:
        return wanted if wanted in provs else None
    named = {}
    for c in store.plain():
        if c.ratio_baseline:
            named[c.ratio_baseline] = named.get(c.ratio_baseline, 0) + 1
    named = [p for p in sorted(named, key=named.get, reverse=True) if p in provs]
    if named:
        return named[0]
    ones, total = {}, {}
    for c in store.plain():
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


def level_pairs(store, provider):
    """[(level, rsa_param, curve)] for the NIST levels where both exist (prime
    curves; binary curves have their own chart)."""
    rsa = {}
    for p in store.params(provider, ("RSA",)):
        lvl = store.security_of("RSA", p)
        if lvl is None:
            try:
                lvl = {v: k for k, v in RSA_BITS_BY_LEVEL.items()}.get(int(p))
            except ValueError:
                lvl = None
        if lvl is not None and lvl not in rsa:  # params come sorted: smallest wins
            rsa[lvl] = p
    curves = {}
    for p in store.params(provider, ("ECDSA", "ECDH")):
        if is_binary_curve(p):
            continue
        lvl = store.security_of("ECDSA", p) or store.security_of("ECDH", p)
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


# ---------------------------------------------------------------------------
class FlagsStudy(Source):
    """`make flags-study`: the same cases built with several compilers and flags."""
    default_command = "make flags-study"

    def __init__(self, path, doc):
        self.path = path
        self.context = doc.get("context") or {}
        if not isinstance(self.context, dict):
            raise InputError("%s: 'context' is not an object" % path)
        builds = doc.get("builds")
        if not isinstance(builds, list) or not builds:
            raise InputError("%s: 'builds' is not a non-empty list" % path)
        self.builds = []
        for i, b in enumerate(builds):
            if not isinstance(b, dict) or not isinstance(b.get("label"), str):
                raise InputError("%s: builds[%d] has no string 'label'" % (path, i))
            self.builds.append(b)
        res = doc.get("results")
        if not isinstance(res, list):
            raise InputError("%s: 'results' is not a list" % path)
        labels = {b["label"] for b in self.builds}
        self.results = []
        for i, r in enumerate(res):
            where = "%s: results[%d]" % (path, i)
            if not isinstance(r, dict):
                raise InputError("%s is not an object" % where)
            for k in ("build", "name"):
                if not isinstance(r.get(k), str):
                    raise InputError("%s: missing or non-string %r" % (where, k))
            if r["build"] not in labels:
                raise InputError("%s: build %r is not in 'builds'" % (where, r["build"]))
            if not _num(r.get("median_us")) or r["median_us"] <= 0:
                raise InputError("%s: missing or non-positive 'median_us'" % where)
            for k in ("ci_low", "ci_high"):
                if r.get(k) is not None and not _num(r.get(k)):
                    raise InputError("%s: %r is not a number" % (where, k))
            self.results.append(r)


class Profile(Source):
    """`pkc bench --profile DIR`: DIR/profile.json naming per case a folded
    stack file and its flame-graph SVG, plus allocation counts."""
    default_command = "pkc bench --profile"

    def __init__(self, folder):
        self.folder = folder
        self.path = os.path.join(folder, "profile.json")
        doc = read_json(self.path)
        if not isinstance(doc, dict):
            raise InputError("%s: top level is not a JSON object" % self.path)
        self.context = doc.get("context") if isinstance(doc.get("context"), dict) else {}
        self.cases = []
        for i, c in enumerate(doc.get("cases") or []):
            where = "%s: cases[%d]" % (self.path, i)
            if not isinstance(c, dict) or not isinstance(c.get("name"), str):
                raise InputError("%s: missing or non-string 'name'" % where)
            for k in ("folded", "svg", "sampler"):
                if c.get(k) is not None and not isinstance(c.get(k), str):
                    raise InputError("%s: %r is not a string" % (where, k))
            if c.get("samples") is not None and not _num(c.get("samples")):
                raise InputError("%s: 'samples' is not a number" % where)
            if not c.get("folded") and not c.get("svg"):
                raise InputError("%s: neither 'folded' nor 'svg' given" % where)
            for k in ("folded", "svg"):
                if c.get(k) and (os.path.isabs(c[k]) or ".." in c[k].split("/")):
                    raise InputError("%s: %r must be a file name inside %s" % (where, k, folder))
            self.cases.append(c)
        self.alloc = []
        for i, a in enumerate(doc.get("alloc") or []):
            where = "%s: alloc[%d]" % (self.path, i)
            if not isinstance(a, dict) or not isinstance(a.get("name"), str):
                raise InputError("%s: missing or non-string 'name'" % where)
            for k in ("allocs_per_op", "bytes_per_op"):
                if not _num(a.get(k)):
                    raise InputError("%s: missing or non-numeric %r" % (where, k))
            self.alloc.append(a)
        if not self.cases and not self.alloc:
            raise InputError("%s: no cases and no alloc entries" % self.path)

    @property
    def name(self):
        return os.path.join(os.path.basename(os.path.normpath(self.folder)), "profile.json")
