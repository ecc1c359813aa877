/* pkc bench — the ecutils scenario: the performance page of the Python
 * library ECUtils replayed with pkc (docs/methodology.md, "The ECUtils
 * tables"). Its four tables, {Jacobian, affine} x {cache off, on}, with its
 * eight columns and its units:
 *
 *   point addition, point doubling                    us
 *   scalar multiplication, Koblitz encoding, signature
 *   generation, signature verification, Diffie-Hellman,
 *   Massey-Omura                                      ms
 *
 * for the eight SEC prime curves and the ten binary ones (or the curves of
 * -c). Each configuration is one pkc provider:
 *
 *   Jacobian, off   pkc                 affine, off   pkc-affine
 *   Jacobian, on    pkc-cached          affine, on    pkc-affine-cached
 *
 * "Cache on" is two different things here, as in the study's numbers:
 * verification, Diffie-Hellman and scalar multiplication of a repeated
 * public point use pkc's per-point table cache (a library feature: the
 * peer's key repeats, its precomputed table is reused); point addition and
 * doubling are served from a memo of results of the kind ECUtils keeps (the
 * same operands again give the stored sum), which measures a lookup, not
 * arithmetic, and is measured only to reproduce the study. Key generation,
 * signing, Koblitz encoding and Massey-Omura have nothing to reuse and run
 * as with the cache off.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scenario.h"

typedef struct {
    bench_alg alg;
    bench_op op;
    const char *key, *label;
    int ms; /* the study's unit: 1 ms, 0 us */
} column;

static const column columns[] = {
    {BENCH_EC, BENCH_OP_POINT_ADD, "point_add", "Point addition", 0},
    {BENCH_EC, BENCH_OP_POINT_DOUBLE, "point_double", "Point doubling", 0},
    {BENCH_EC, BENCH_OP_SCALAR_MUL, "scalar_mul", "Scalar multiplication", 1},
    {BENCH_EC, BENCH_OP_KOBLITZ_ENCODE, "koblitz_encode", "Koblitz encoding", 1},
    {BENCH_ECDSA, BENCH_OP_SIGN, "sign", "Signature generation", 1},
    {BENCH_ECDSA, BENCH_OP_VERIFY, "verify", "Signature verification", 1},
    {BENCH_ECDH, BENCH_OP_DERIVE, "dh", "Diffie-Hellman", 1},
    {BENCH_EC, BENCH_OP_MASSEY_OMURA, "massey_omura", "Massey-Omura", 1},
};
#define NCOLS (sizeof columns / sizeof columns[0])

typedef struct {
    const char *provider, *coords, *cache;
} config;

static const config configs[] = {
    {"pkc", "jacobian", "off"},
    {"pkc-cached", "jacobian", "on"},
    {"pkc-affine", "affine", "off"},
    {"pkc-affine-cached", "affine", "on"},
};
#define NCONFIGS (sizeof configs / sizeof configs[0])

const char *const bench_ecutils_providers[] = {"pkc", "pkc-cached", "pkc-affine",
                                               "pkc-affine-cached", NULL};

/* the study's curves: the eight SEC prime curves, and the binary ones */
static int study_curve(int id)
{
    const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)id);
    return ci && (ci->field == PKC_FIELD_BINARY || strncmp(ci->name, "sec", 3) == 0);
}

static int curve_at(const bench_scenario_cfg *cfg, int i)
{
    if (cfg->ncurves)
        return i < cfg->ncurves ? cfg->curves[i] : -1;
    int k = 0;
    for (int id = 0; id < PKC_CURVE_COUNT; id++)
        if (study_curve(id) && k++ == i)
            return id;
    return -1;
}

static int configured(const bench_scenario_cfg *cfg, const char *name)
{
    for (int i = 0; cfg->providers && cfg->providers[i]; i++)
        if (strcmp(cfg->providers[i], name) == 0)
            return 1;
    return 0;
}

int bench_scenario_ecutils_plan(bench_run *r, const bench_scenario_cfg *cfg)
{
    for (int i = 0, cv; (cv = curve_at(cfg, i)) >= 0; i++)
        for (size_t k = 0; k < NCOLS; k++)
            for (size_t c = 0; c < NCONFIGS; c++) {
                const bench_provider *p = bench_provider_find(configs[c].provider);
                if (p && configured(cfg, configs[c].provider))
                    bench_run_add(r, p, columns[k].alg, columns[k].op, 0, cv, 0, 1, cfg->name);
            }
    return 0;
}

static const bench_case *cell(const bench_run *r, const char *prov, const column *col, int cv)
{
    size_t msg = col->alg == BENCH_ECDSA ? BENCH_MAX_MSG_DEFAULT : 0;
    const bench_case *c = bench_run_find(r, prov, col->alg, col->op, 0, cv, msg, 1);
    return c && !c->failed && c->nsamples ? c : NULL;
}

/* three significant digits */
static void fmt3(char *out, size_t cap, double v)
{
    if (isnan(v))
        snprintf(out, cap, "-");
    else if (v >= 100)
        snprintf(out, cap, "%.0f", v);
    else if (v >= 10)
        snprintf(out, cap, "%.1f", v);
    else if (v >= 1)
        snprintf(out, cap, "%.2f", v);
    else
        snprintf(out, cap, "%.3g", v);
}

void bench_scenario_ecutils_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                                      bench_buf *j, bench_buf *t)
{
    bench_buf_puts(j, "\"ecutils\": {\"columns\": [");
    for (size_t k = 0; k < NCOLS; k++) {
        bench_buf_puts(j, k ? ", {" : "{");
        bench_buf_json_str_kv(j, "", "key", columns[k].key);
        bench_buf_json_str_kv(j, ", ", "label", columns[k].label);
        bench_buf_json_str_kv(j, ", ", "unit", columns[k].ms ? "ms" : "us");
        bench_buf_printf(j, ", \"case\": \"%s/%s\"}", bench_alg_name(columns[k].alg),
                         bench_op_name(columns[k].op));
    }
    bench_buf_puts(j, "],\n    \"tables\": [");
    bench_buf_puts(t, "ecutils: the ECUtils performance tables (median; us for point addition "
                      "and doubling, ms for the rest)\n");
    int tfirst = 1;
    for (size_t c = 0; c < NCONFIGS; c++) {
        const config *cf = &configs[c];
        if (!configured(cfg, cf->provider) || !bench_provider_find(cf->provider))
            continue;
        bench_buf_puts(j, tfirst ? "\n      {" : ",\n      {");
        tfirst = 0;
        bench_buf_json_str_kv(j, "", "coords", cf->coords);
        bench_buf_json_str_kv(j, ", ", "cache", cf->cache);
        bench_buf_json_str_kv(j, ", ", "provider", cf->provider);
        bench_buf_puts(j, ", \"rows\": [");
        bench_buf_printf(t, "\n%s coordinates, cache %s (%s)\n%-10s", cf->coords, cf->cache,
                         cf->provider, "curve");
        static const char *const heads[NCOLS] = {"add us", "dbl us",  "mul ms",    "koblitz ms",
                                                 "sign ms", "verify ms", "DH ms", "M-O ms"};
        for (size_t k = 0; k < NCOLS; k++)
            bench_buf_printf(t, " %10s", heads[k]);
        bench_buf_puts(t, "\n");
        for (int i = 0, cv; (cv = curve_at(cfg, i)) >= 0; i++) {
            const char *name = pkc_curve_info_get((pkc_curve_id)cv)->name;
            bench_buf_puts(j, i ? ",\n        {" : "\n        {");
            bench_buf_json_str_kv(j, "", "curve", name);
            bench_buf_printf(t, "%-10s", name);
            for (size_t k = 0; k < NCOLS; k++) {
                const bench_case *bc = cell(r, cf->provider, &columns[k], cv);
                double scale = columns[k].ms ? 1e-3 : 1;
                double v = bc ? bc->st.median * scale : NAN;
                char key[48], s[32];
                snprintf(key, sizeof key, "%s", columns[k].key);
                bench_buf_json_num_kv(j, ", ", key, v);
                snprintf(key, sizeof key, "%s_ci", columns[k].key);
                if (bc)
                    bench_buf_printf(j, ", \"%s\": [%.6g, %.6g]", key, bc->st.ci_low * scale,
                                     bc->st.ci_high * scale);
                else
                    bench_buf_printf(j, ", \"%s\": null", key);
                fmt3(s, sizeof s, v);
                bench_buf_printf(t, " %10s", s);
            }
            bench_buf_puts(j, "}");
            bench_buf_puts(t, "\n");
        }
        bench_buf_puts(j, "]}");
    }
    bench_buf_puts(j, "\n    ],\n    \"note\": ");
    bench_buf_json_string(j, "C, not Python: every cell is pkc's compiled code, so the numbers "
                          "are 10^2 to 10^4 times smaller than the study's and the ratios "
                          "between columns, not the values, are what compares. Cache on: "
                          "verification, Diffie-Hellman and scalar multiplication reuse a "
                          "precomputed table of the repeated public point; point addition "
                          "and doubling are a memo lookup of the same operands, as the study "
                          "measured; the other columns have nothing to reuse.");
    bench_buf_puts(j, "}");
    bench_buf_puts(t, "\ncache on: verify, DH and scalar mul reuse the repeated public "
                      "point's table; add/dbl are a memo lookup (as ECUtils measured);\n"
                      "sign, Koblitz encoding and Massey-Omura have nothing to reuse.\n");
}
