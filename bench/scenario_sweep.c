/* pkc bench — the size-sweep scenario: the Python study's experiment
 * (RSA-2048-OAEP, AES-256-ECB with PKCS#7 and SHA-256 timed against the
 * input size), widened to RSA-3072, hybrid RSA (OAEP-wrapped AES-256-GCM),
 * ECIES on P-256 and AES-256-CBC/GCM, encrypt and decrypt, for sizes of
 * 1 B to 1 MiB in powers of two plus the block modes' padding edges
 * (15/16/17, 31/32/33, 47/48/49 bytes and 16-byte steps to 256).
 *
 * RSA-OAEP runs up to its limit (k - 2 hLen - 2: 190 bytes for RSA-2048,
 * 318 for RSA-3072, SHA-256); hybrid RSA and ECIES at every size. The
 * providers are the scenario's (pkc by default; --providers adds peers
 * for the symmetric series, OpenSSL as the study's reference).
 *
 * The summary: each series' median per size, and the crossover of each
 * hybrid scheme, defined as the smallest size at which its symmetric
 * part (AES-256-GCM of the message, the same provider's series) costs at
 * least as much as its public-key part (the scheme's time at the smallest
 * size minus GCM's there, i.e. the fixed cost), found between the measured
 * sizes by linear interpolation: above it, the symmetric work dominates.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scenario.h"

static const size_t sweep_sizes[] = {
    1,   2,   4,   8,   15,  16,  17,  31,  32,   33,   47,   48,   49,    64,    80,
    96,  112, 128, 144, 160, 176, 190, 192, 208,  224,  240,  256,  318,   512,   1024,
    2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576};
#define NSWEEP (sizeof sweep_sizes / sizeof sweep_sizes[0])

typedef struct {
    const char *key, *label;
    bench_alg alg;
    bench_op op;
    unsigned bits;
    int p256;       /* ECIES on P-256 */
    size_t max_len; /* 0: any size */
} series;

static const series all_series[] = {
    {"rsa2048_oaep_encrypt", "RSA-2048 OAEP encrypt", BENCH_RSA, BENCH_OP_ENCRYPT, 2048, 0, 190},
    {"rsa2048_oaep_decrypt", "RSA-2048 OAEP decrypt", BENCH_RSA, BENCH_OP_DECRYPT, 2048, 0, 190},
    {"rsa3072_oaep_encrypt", "RSA-3072 OAEP encrypt", BENCH_RSA, BENCH_OP_ENCRYPT, 3072, 0, 318},
    {"rsa3072_oaep_decrypt", "RSA-3072 OAEP decrypt", BENCH_RSA, BENCH_OP_DECRYPT, 3072, 0, 318},
    {"rsa2048_hybrid_encrypt", "RSA-2048 hybrid encrypt", BENCH_RSA, BENCH_OP_HYBRID_ENCRYPT,
     2048, 0, 0},
    {"rsa2048_hybrid_decrypt", "RSA-2048 hybrid decrypt", BENCH_RSA, BENCH_OP_HYBRID_DECRYPT,
     2048, 0, 0},
    {"rsa3072_hybrid_encrypt", "RSA-3072 hybrid encrypt", BENCH_RSA, BENCH_OP_HYBRID_ENCRYPT,
     3072, 0, 0},
    {"rsa3072_hybrid_decrypt", "RSA-3072 hybrid decrypt", BENCH_RSA, BENCH_OP_HYBRID_DECRYPT,
     3072, 0, 0},
    {"ecies_p256_encrypt", "ECIES P-256 encrypt", BENCH_ECIES, BENCH_OP_ENCRYPT, 0, 1, 0},
    {"ecies_p256_decrypt", "ECIES P-256 decrypt", BENCH_ECIES, BENCH_OP_DECRYPT, 0, 1, 0},
    {"aes256_ecb_encrypt", "AES-256-ECB encrypt", BENCH_AES_ECB, BENCH_OP_ENCRYPT, 256, 0, 0},
    {"aes256_ecb_decrypt", "AES-256-ECB decrypt", BENCH_AES_ECB, BENCH_OP_DECRYPT, 256, 0, 0},
    {"aes256_cbc_encrypt", "AES-256-CBC encrypt", BENCH_AES_CBC, BENCH_OP_ENCRYPT, 256, 0, 0},
    {"aes256_cbc_decrypt", "AES-256-CBC decrypt", BENCH_AES_CBC, BENCH_OP_DECRYPT, 256, 0, 0},
    {"aes256_gcm_encrypt", "AES-256-GCM encrypt", BENCH_AES_GCM, BENCH_OP_ENCRYPT, 256, 0, 0},
    {"aes256_gcm_decrypt", "AES-256-GCM decrypt", BENCH_AES_GCM, BENCH_OP_DECRYPT, 256, 0, 0},
    {"sha256", "SHA-256", BENCH_SHA256, BENCH_OP_HASH, 0, 0, 0},
};
#define NSERIES (sizeof all_series / sizeof all_series[0])

/* the hybrid schemes whose crossover is stated, and their GCM series */
static const struct {
    const char *scheme, *gcm;
} crossovers[] = {{"rsa2048_hybrid_encrypt", "aes256_gcm_encrypt"},
                  {"rsa2048_hybrid_decrypt", "aes256_gcm_decrypt"},
                  {"rsa3072_hybrid_encrypt", "aes256_gcm_encrypt"},
                  {"rsa3072_hybrid_decrypt", "aes256_gcm_decrypt"},
                  {"ecies_p256_encrypt", "aes256_gcm_encrypt"},
                  {"ecies_p256_decrypt", "aes256_gcm_decrypt"}};

static int series_curve(const series *s)
{
    return s->p256 ? bench_curve_find("secp256r1") : 0;
}

int bench_scenario_sweep_plan(bench_run *r, const bench_scenario_cfg *cfg)
{
    for (size_t z = 0; z < NSWEEP; z++)
        for (size_t k = 0; k < NSERIES; k++) {
            const series *s = &all_series[k];
            if (s->max_len && sweep_sizes[z] > s->max_len)
                continue;
            for (int i = 0; cfg->providers && cfg->providers[i]; i++) {
                const bench_provider *p = bench_provider_find(cfg->providers[i]);
                if (p)
                    bench_run_add(r, p, s->alg, s->op, s->bits, series_curve(s), sweep_sizes[z],
                                  1, cfg->name);
            }
        }
    return 0;
}

static double sweep_median(const bench_run *r, const char *prov, const series *s, size_t len)
{
    const bench_case *c =
        bench_run_find(r, prov, s->alg, s->op, s->bits, series_curve(s), len, 1);
    return c && !c->failed && c->nsamples ? c->st.median : NAN;
}

static const series *series_named(const char *key)
{
    for (size_t k = 0; k < NSERIES; k++)
        if (strcmp(all_series[k].key, key) == 0)
            return &all_series[k];
    return NULL;
}

/* the crossover size of scheme against gcm for one provider (NaN: none in
 * the measured range, or a series missing); *upto: the largest size of gcm
 * measured (what "none" means: a run with --filter may stop short of 1 MiB) */
static double crossover(const bench_run *r, const char *prov, const series *scheme,
                        const series *gcm, size_t *upto)
{
    *upto = 0;
    for (size_t z = 0; z < NSWEEP; z++)
        if (!isnan(sweep_median(r, prov, gcm, sweep_sizes[z])))
            *upto = sweep_sizes[z];
    double fixed = sweep_median(r, prov, scheme, sweep_sizes[0]) -
                   sweep_median(r, prov, gcm, sweep_sizes[0]);
    if (isnan(fixed) || fixed <= 0)
        return NAN;
    size_t prev = 0;
    double prev_t = NAN;
    for (size_t z = 0; z < NSWEEP; z++) {
        double t = sweep_median(r, prov, gcm, sweep_sizes[z]);
        if (isnan(t))
            continue;
        if (t >= fixed) {
            if (isnan(prev_t))
                return (double)sweep_sizes[z];
            return (double)prev + (fixed - prev_t) / (t - prev_t) * (double)(sweep_sizes[z] - prev);
        }
        prev = sweep_sizes[z];
        prev_t = t;
    }
    return NAN;
}

void bench_scenario_sweep_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                                    bench_buf *j, bench_buf *t)
{
    bench_buf_puts(j, "\"size-sweep\": {\"sizes\": [");
    for (size_t z = 0; z < NSWEEP; z++)
        bench_buf_printf(j, "%s%zu", z ? ", " : "", sweep_sizes[z]);
    bench_buf_puts(j, "],\n    \"series\": [");
    bench_buf_puts(t, "size-sweep: median time by input size (us)\n");
    int first = 1;
    for (int i = 0; cfg->providers && cfg->providers[i]; i++) {
        const char *prov = cfg->providers[i];
        for (size_t k = 0; k < NSERIES; k++) {
            const series *s = &all_series[k];
            int any = 0;
            for (size_t z = 0; z < NSWEEP && !any; z++)
                any = !isnan(sweep_median(r, prov, s, sweep_sizes[z]));
            if (!any)
                continue;
            bench_buf_puts(j, first ? "\n      {" : ",\n      {");
            first = 0;
            bench_buf_json_str_kv(j, "", "key", s->key);
            bench_buf_json_str_kv(j, ", ", "label", s->label);
            bench_buf_json_str_kv(j, ", ", "provider", prov);
            bench_buf_printf(j, ", \"case\": \"%s/%s\"", bench_alg_name(s->alg),
                             bench_op_name(s->op));
            bench_buf_puts(j, ", \"points\": [");
            bench_buf_printf(t, "%-26s %-8s", s->label, prov);
            int pf = 1;
            for (size_t z = 0; z < NSWEEP; z++) {
                const bench_case *c = bench_run_find(r, prov, s->alg, s->op, s->bits,
                                                     series_curve(s), sweep_sizes[z], 1);
                if (!c || c->failed || !c->nsamples)
                    continue;
                bench_buf_printf(j, "%s{\"bytes\": %zu, ", pf ? "" : ", ", sweep_sizes[z]);
                bench_buf_json_num_kv(j, "", "median_us", c->st.median);
                bench_buf_printf(j, ", \"ci_us\": [%.6g, %.6g]}", c->st.ci_low, c->st.ci_high);
                pf = 0;
                if (sweep_sizes[z] == 1 || sweep_sizes[z] == 1024 || sweep_sizes[z] == 1048576 ||
                    sweep_sizes[z] == s->max_len) {
                    char v[32];
                    bench_fmt_time(v, sizeof v, c->st.median);
                    bench_buf_printf(t, "  %zuB %s", sweep_sizes[z], v);
                }
            }
            bench_buf_puts(j, "]}");
            bench_buf_puts(t, "\n");
        }
    }
    bench_buf_puts(j, "\n    ],\n    \"crossovers\": [");
    bench_buf_puts(t, "crossover (the size at which AES-256-GCM of the message costs as much as "
                      "the scheme's fixed public-key part):\n");
    first = 1;
    for (int i = 0; cfg->providers && cfg->providers[i]; i++)
        for (size_t x = 0; x < sizeof crossovers / sizeof crossovers[0]; x++) {
            const series *sc = series_named(crossovers[x].scheme);
            const series *g = series_named(crossovers[x].gcm);
            size_t upto;
            double b = crossover(r, cfg->providers[i], sc, g, &upto);
            double fixed = sweep_median(r, cfg->providers[i], sc, sweep_sizes[0]);
            if (isnan(fixed))
                continue;
            bench_buf_puts(j, first ? "\n      {" : ",\n      {");
            first = 0;
            bench_buf_json_str_kv(j, "", "scheme", sc->key);
            bench_buf_json_str_kv(j, ", ", "label", sc->label);
            bench_buf_json_str_kv(j, ", ", "provider", cfg->providers[i]);
            bench_buf_json_num_kv(j, ", ", "bytes", b);
            bench_buf_printf(j, ", \"measured_up_to\": %zu}", upto);
            if (isnan(b))
                bench_buf_printf(t, "  %-26s %-8s beyond %zu bytes (the largest size measured)\n",
                                 sc->label, cfg->providers[i], upto);
            else
                bench_buf_printf(t, "  %-26s %-8s %.0f bytes\n", sc->label, cfg->providers[i],
                                 b);
        }
    bench_buf_puts(j, "\n    ],\n    \"crossover_definition\": ");
    bench_buf_json_string(j, "the smallest size at which AES-256-GCM of the message (the same "
                          "provider's series) takes as long as the scheme's fixed public-key "
                          "part, its time at 1 byte minus GCM's at 1 byte; linear "
                          "interpolation between measured sizes");
    bench_buf_puts(j, "}");
}
