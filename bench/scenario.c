/* pkc bench — scenarios: sets of cases that answer one question, and their
 * summaries (docs/methodology.md, docs/results-format.md).
 *
 *   security-levels  RSA against ECC at the strengths of NIST SP 800-57
 *                    part 1 table 2: keygen, sign, verify, key exchange;
 *                    at each level the prime curves and both binary ones
 *                    (Koblitz K-m and random B-m: the field sizes FIPS
 *                    186-4 pairs with the level), so that prime and
 *                    binary curves compare at equal security; with
 *                    Ed25519/X25519 at 128 bits and Ed448/X448 at 192
 *   kex-amortized    one key generation then N exchanges: ECDH against
 *                    RSA-OAEP transport of a 32-byte key; with a study
 *                    (--study bc2006) the study's curves, RSA sizes and N,
 *                    and its table of totals
 *   message-size     sign and verify including the hashing, 128 B to 1 MiB
 *   ecutils          the ECUtils tables (scenario_ecutils.c)
 *   size-sweep       public-key and symmetric encryption against the input
 *                    size (scenario_sweep.c)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

const char *const bench_scenario_names[] = {"security-levels", "kex-amortized", "message-size",
                                            "ecutils", "size-sweep", NULL};
const char *const bench_kex_study_names[] = {"bc2006", NULL};

#define LEVEL_CURVES 4

typedef struct {
    unsigned security;
    unsigned rsa_bits;
    const char *curves[LEVEL_CURVES + 1]; /* prime first, then K-m and B-m; NULL-terminated */
    /* RFC 7748/8032 curves at this level: Ed25519 and X25519 (about 128
     * bits), Ed448 and X448 (about 224 bits, placed at SP 800-57's 192,
     * the highest level they reach); 0 for none */
    unsigned ecx_bits;
} level;

static const level levels[] = {
    {80, 1024, {"secp192r1", "secp192k1", "sect163k1", "sect163r2", NULL}, 0},
    {112, 2048, {"secp224r1", "secp224k1", "sect233k1", "sect233r1", NULL}, 0},
    {128, 3072, {"secp256r1", "secp256k1", "sect283k1", "sect283r1", NULL}, BENCH_ECX_25519},
    {192, 7680, {"secp384r1", "sect409k1", "sect409r1", NULL}, BENCH_ECX_448},
    {256, 15360, {"secp521r1", "sect571k1", "sect571r1", NULL}, 0},
};

/* The summary's name of a level's RFC 7748/8032 pair: signatures by
 * EdDSA, key exchange by XDH */
static const char *ecx_pair_name(unsigned bits)
{
    return bits == BENCH_ECX_25519 ? "Ed25519/X25519" : "Ed448/X448";
}
#define NLEVELS (sizeof levels / sizeof levels[0])

static const size_t msg_sizes[] = {128, 256, 1024, 65536, 1048576};
#define NSIZES (sizeof msg_sizes / sizeof msg_sizes[0])
/* The N of every kex-amortized summary: the totals are lines in N made from
 * the medians, so a dense grid costs nothing and places the crossover. */
static const unsigned kex_n[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2500};
#define NKEX (sizeof kex_n / sizeof kex_n[0])
#define KEX_MAX 3

/* What a kex-amortized run compares: ECDH curves against RSA sizes. With
 * paired set, ECDH column c is compared with RSA column c (the study's
 * sizes); otherwise every curve with the one RSA size. */
typedef struct {
    const char *study;  /* NULL: the default run */
    const char *title;
    const char *curves[KEX_MAX];
    unsigned rsa_bits[KEX_MAX];
    size_t ncurves, nrsa;
    int paired;
    const unsigned *table_n; /* the study's N (its table's rows) */
    size_t ntable_n;
} kex_set;

static const kex_set kex_default = {
    NULL, NULL, {"secp256r1", "secp256k1"}, {3072}, 2, 1, 0, NULL, 0};
/* The 2006 BouncyCastle study: ECC on X9.62 prime192v1, prime239v1 and
 * prime256v1 against RSA-1280, -1536 and -1792, one key generation
 * amortised over N = 1, 100, 500, 2500 exchanges. */
static const unsigned bc2006_n[] = {1, 100, 500, 2500};
static const kex_set kex_bc2006 = {
    "bc2006", "BouncyCastle 2006: ECDH on prime192v1, prime239v1, prime256v1 against "
              "RSA-1280, -1536, -1792",
    {"secp192r1", "prime239v1", "secp256r1"}, {1280, 1536, 1792}, 3, 3, 1,
    bc2006_n, sizeof bc2006_n / sizeof bc2006_n[0]};

static const kex_set *kex_set_of(const bench_scenario_cfg *cfg)
{
    if (!cfg->study)
        return &kex_default;
    return strcmp(cfg->study, "bc2006") == 0 ? &kex_bc2006 : NULL;
}

static void add_all(bench_run *r, const bench_scenario_cfg *cfg, bench_alg a, bench_op op,
                    unsigned bits, int curve, size_t msg)
{
    for (int i = 0; cfg->providers && cfg->providers[i]; i++) {
        const bench_provider *p = bench_provider_find(cfg->providers[i]);
        if (p)
            bench_run_add(r, p, a, op, bits, curve, msg, 1, cfg->name);
    }
}

int bench_scenario_plan(bench_run *r, const bench_scenario_cfg *cfg)
{
    if (cfg->study && strcmp(cfg->name, "kex-amortized") != 0)
        return -2;
    if (strcmp(cfg->name, "security-levels") == 0) {
        for (size_t l = 0; l < NLEVELS; l++) {
            const level *lv = &levels[l];
            if (lv->rsa_bits < 15360 || cfg->include_15360) {
                static const bench_op ops[] = {BENCH_OP_KEYGEN, BENCH_OP_SIGN, BENCH_OP_VERIFY,
                                               BENCH_OP_ENCRYPT, BENCH_OP_DECRYPT};
                for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
                    /* RSA key generation above 4096 bits takes seconds to
                     * minutes per key and library: the long part, asked
                     * for with --long */
                    if (ops[k] == BENCH_OP_KEYGEN && lv->rsa_bits > 4096 && !cfg->long_parts)
                        continue;
                    add_all(r, cfg, BENCH_RSA, ops[k], lv->rsa_bits, 0, 0);
                }
            }
            for (int c = 0; c < LEVEL_CURVES && lv->curves[c]; c++) {
                int cv = bench_curve_find(lv->curves[c]);
                add_all(r, cfg, BENCH_ECDSA, BENCH_OP_KEYGEN, 0, cv, 0);
                add_all(r, cfg, BENCH_ECDSA, BENCH_OP_SIGN, 0, cv, 0);
                add_all(r, cfg, BENCH_ECDSA, BENCH_OP_VERIFY, 0, cv, 0);
                add_all(r, cfg, BENCH_ECDH, BENCH_OP_KEYGEN, 0, cv, 0);
                add_all(r, cfg, BENCH_ECDH, BENCH_OP_DERIVE, 0, cv, 0);
            }
            if (lv->ecx_bits) {
                add_all(r, cfg, BENCH_EDDSA, BENCH_OP_KEYGEN, lv->ecx_bits, 0, 0);
                add_all(r, cfg, BENCH_EDDSA, BENCH_OP_SIGN, lv->ecx_bits, 0, 0);
                add_all(r, cfg, BENCH_EDDSA, BENCH_OP_VERIFY, lv->ecx_bits, 0, 0);
                add_all(r, cfg, BENCH_XDH, BENCH_OP_KEYGEN, lv->ecx_bits, 0, 0);
                add_all(r, cfg, BENCH_XDH, BENCH_OP_DERIVE, lv->ecx_bits, 0, 0);
            }
        }
        return 0;
    }
    if (strcmp(cfg->name, "kex-amortized") == 0) {
        const kex_set *ks = kex_set_of(cfg);
        if (!ks)
            return -2;
        for (size_t i = 0; i < ks->nrsa; i++) {
            add_all(r, cfg, BENCH_RSA, BENCH_OP_KEYGEN, ks->rsa_bits[i], 0, 0);
            add_all(r, cfg, BENCH_RSA, BENCH_OP_ENCRYPT, ks->rsa_bits[i], 0, 0);
            add_all(r, cfg, BENCH_RSA, BENCH_OP_DECRYPT, ks->rsa_bits[i], 0, 0);
        }
        for (size_t c = 0; c < ks->ncurves; c++) {
            int cv = bench_curve_find(ks->curves[c]);
            add_all(r, cfg, BENCH_ECDH, BENCH_OP_KEYGEN, 0, cv, 0);
            add_all(r, cfg, BENCH_ECDH, BENCH_OP_DERIVE, 0, cv, 0);
        }
        return 0;
    }
    if (strcmp(cfg->name, "ecutils") == 0)
        return bench_scenario_ecutils_plan(r, cfg);
    if (strcmp(cfg->name, "size-sweep") == 0)
        return bench_scenario_sweep_plan(r, cfg);
    if (strcmp(cfg->name, "message-size") == 0) {
        int p256 = bench_curve_find("secp256r1"), k256 = bench_curve_find("secp256k1");
        for (size_t s = 0; s < NSIZES; s++) {
            size_t m = msg_sizes[s];
            add_all(r, cfg, BENCH_ECDSA, BENCH_OP_SIGN, 0, p256, m);
            add_all(r, cfg, BENCH_ECDSA, BENCH_OP_VERIFY, 0, p256, m);
            add_all(r, cfg, BENCH_ECDSA, BENCH_OP_SIGN, 0, k256, m);
            add_all(r, cfg, BENCH_ECDSA, BENCH_OP_VERIFY, 0, k256, m);
            add_all(r, cfg, BENCH_RSA, BENCH_OP_SIGN, 3072, 0, m);
            add_all(r, cfg, BENCH_RSA, BENCH_OP_VERIFY, 3072, 0, m);
            add_all(r, cfg, BENCH_SHA256, BENCH_OP_HASH, 0, 0, m);
        }
        return 0;
    }
    return -1;
}

/* The median of a case, NaN if it is absent or failed. */
static double med(const bench_run *r, const char *prov, bench_alg a, bench_op op, unsigned bits,
                  int curve, size_t msg)
{
    if (!msg && (op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY))
        msg = BENCH_MAX_MSG_DEFAULT; /* not a message-size case */
    const bench_case *c = bench_run_find(r, prov, a, op, bits, curve, msg, 1);
    if (!c || c->failed || !c->nsamples)
        return NAN;
    return c->st.median;
}

static void fmt_us(char *out, size_t cap, double us)
{
    bench_fmt_time(out, cap, us);
}

static void summarise_levels(const bench_run *r, const bench_scenario_cfg *cfg, bench_buf *j,
                             bench_buf *t)
{
    static const char *const opnames[] = {"keygen", "sign", "verify", "kex"};
    bench_buf_puts(j, "\"security-levels\": [");
    bench_buf_puts(t, "security-levels: RSA against ECC at equal strength (NIST SP 800-57)\n"
                      "kex = RSA-OAEP encrypt + decrypt of a 32-byte key, or ECDH "
                      "ephemeral keygen + 2 derives; ratio = RSA / ECC\n");
    bench_buf_printf(t, "%-5s %-6s %-14s %-13s %-7s %12s %12s %10s\n", "bits", "RSA", "curve",
                     "provider", "op", "RSA", "ECC", "RSA/ECC");
    int first = 1;
    for (size_t l = 0; l < NLEVELS; l++) {
        const level *lv = &levels[l];
        int ncurves = 0;
        while (ncurves < LEVEL_CURVES && lv->curves[ncurves])
            ncurves++;
        /* the SEC curves, then the level's RFC 7748/8032 pair */
        for (int c = 0; c < ncurves + (lv->ecx_bits != 0); c++) {
            int ecx = c == ncurves;
            int cv = ecx ? 0 : bench_curve_find(lv->curves[c]);
            unsigned eb = ecx ? lv->ecx_bits : 0;
            const char *cname = ecx ? ecx_pair_name(eb) : lv->curves[c];
            bench_alg sig_alg = ecx ? BENCH_EDDSA : BENCH_ECDSA, kex_alg = ecx ? BENCH_XDH : BENCH_ECDH;
            for (int pi = 0; cfg->providers && cfg->providers[pi]; pi++) {
                const char *pv = cfg->providers[pi];
                for (int o = 0; o < 4; o++) {
                    double rs, ec;
                    unsigned b = lv->rsa_bits;
                    if (o == 3) {
                        rs = med(r, pv, BENCH_RSA, BENCH_OP_ENCRYPT, b, 0, 0) +
                             med(r, pv, BENCH_RSA, BENCH_OP_DECRYPT, b, 0, 0);
                        ec = med(r, pv, kex_alg, BENCH_OP_KEYGEN, eb, cv, 0) +
                             2 * med(r, pv, kex_alg, BENCH_OP_DERIVE, eb, cv, 0);
                    } else {
                        bench_op op = o == 0 ? BENCH_OP_KEYGEN : o == 1 ? BENCH_OP_SIGN
                                                                        : BENCH_OP_VERIFY;
                        rs = med(r, pv, BENCH_RSA, op, b, 0, 0);
                        ec = med(r, pv, sig_alg, op, eb, cv, 0);
                    }
                    if (isnan(rs) && isnan(ec))
                        continue;
                    double ratio = rs / ec;
                    bench_buf_puts(j, first ? "\n      {" : ",\n      {");
                    first = 0;
                    bench_buf_printf(j, "\"security_bits\": %u, \"rsa_bits\": %u, \"curve\": ",
                                     lv->security, lv->rsa_bits);
                    bench_buf_json_string(j, cname);
                    bench_buf_json_str_kv(j, ", ", "provider", pv);
                    bench_buf_json_str_kv(j, ", ", "op", opnames[o]);
                    bench_buf_json_num_kv(j, ", ", "rsa_us", rs);
                    bench_buf_json_num_kv(j, ", ", "ecc_us", ec);
                    bench_buf_json_num_kv(j, ", ", "ratio", ratio);
                    bench_buf_puts(j, "}");
                    char a[32], e[32], q[32];
                    fmt_us(a, sizeof a, rs);
                    fmt_us(e, sizeof e, ec);
                    if (isnan(ratio))
                        snprintf(q, sizeof q, "-");
                    else
                        snprintf(q, sizeof q, "%.2f", ratio);
                    bench_buf_printf(t, "%-5u %-6u %-14s %-13s %-7s %12s %12s %10s\n",
                                     lv->security, lv->rsa_bits, cname, pv, opnames[o], a, e,
                                     q);
                }
            }
        }
    }
    bench_buf_puts(j, "\n    ]");
}

/* One scheme of a kex-amortized run for one provider: its key generation
 * and per-exchange medians (NaN when a case is missing). */
typedef struct {
    char name[40]; /* "RSA-3072 OAEP", "ECDH secp256r1" */
    double kg, px;
} kex_scheme;

static void kex_schemes(const bench_run *r, const char *pv, const kex_set *ks,
                        kex_scheme *rsa, kex_scheme *ecc)
{
    for (size_t i = 0; i < ks->nrsa; i++) {
        unsigned b = ks->rsa_bits[i];
        snprintf(rsa[i].name, sizeof rsa[i].name, "RSA-%u OAEP", b);
        rsa[i].kg = med(r, pv, BENCH_RSA, BENCH_OP_KEYGEN, b, 0, 0);
        rsa[i].px = med(r, pv, BENCH_RSA, BENCH_OP_ENCRYPT, b, 0, 0) +
                    med(r, pv, BENCH_RSA, BENCH_OP_DECRYPT, b, 0, 0);
    }
    for (size_t c = 0; c < ks->ncurves; c++) {
        int cv = bench_curve_find(ks->curves[c]);
        snprintf(ecc[c].name, sizeof ecc[c].name, "ECDH %s", ks->curves[c]);
        ecc[c].kg = med(r, pv, BENCH_ECDH, BENCH_OP_KEYGEN, 0, cv, 0);
        ecc[c].px = ecc[c].kg + 2 * med(r, pv, BENCH_ECDH, BENCH_OP_DERIVE, 0, cv, 0);
    }
}

static int kex_have(const kex_scheme *k)
{
    return !isnan(k->kg) && !isnan(k->px);
}

/* The rows of one scheme: the text line and one JSON row per N. */
static void kex_rows(const kex_scheme *k, const char *pv, bench_buf *j, bench_buf *t, int *first)
{
    char a[32], b[32];
    fmt_us(a, sizeof a, k->kg);
    fmt_us(b, sizeof b, k->px);
    bench_buf_printf(t, "%-16s %-13s %12s %12s", k->name, pv, a, b);
    for (size_t n = 0; n < NKEX; n++) {
        double tot = k->kg + kex_n[n] * k->px;
        bench_buf_puts(j, *first ? "\n      {" : ",\n      {");
        *first = 0;
        bench_buf_json_str_kv(j, "", "scheme", k->name);
        bench_buf_json_str_kv(j, ", ", "provider", pv);
        bench_buf_printf(j, ", \"n\": %u, ", kex_n[n]);
        bench_buf_json_num_kv(j, "", "keygen_us", k->kg);
        bench_buf_json_num_kv(j, ", ", "per_exchange_us", k->px);
        bench_buf_json_num_kv(j, ", ", "total_us", tot);
        bench_buf_puts(j, "}");
        fmt_us(a, sizeof a, tot);
        bench_buf_printf(t, " %10s", a);
    }
    bench_buf_puts(t, "\n");
}

/* Where ECDH's total (a line in N) meets RSA's: the JSON entry and the
 * text line. */
static void kex_cross(const kex_scheme *e, const kex_scheme *rs, const char *pv, bench_buf *j,
                      bench_buf *t, int *first)
{
    /* the smallest N of the grid at which ECDH's total is below RSA's */
    long n = -1;
    for (size_t k = 0; k < NKEX && n < 0; k++)
        if (e->kg + kex_n[k] * e->px < rs->kg + kex_n[k] * rs->px)
            n = kex_n[k];
    bench_buf_puts(j, *first ? "\n      {" : ",\n      {");
    *first = 0;
    bench_buf_json_str_kv(j, "", "ecc", e->name);
    bench_buf_json_str_kv(j, ", ", "rsa", rs->name);
    bench_buf_json_str_kv(j, ", ", "provider", pv);
    /* The totals kg + N px cross at N* = (rsa kg - ecdh kg) / (ecdh px -
     * rsa px) when that is a number above 1; otherwise one scheme is
     * cheaper for every N >= 1 and there is no crossover. */
    double be = e->px != rs->px ? (rs->kg - e->kg) / (e->px - rs->px) : NAN;
    const char *kind;
    if (be > 1 && isfinite(be))
        kind = "crossover";
    else if (e->kg + e->px < rs->kg + rs->px)
        kind = "ecdh_cheaper_for_every_n";
    else
        kind = "rsa_cheaper_for_every_n";
    if (n >= 0)
        bench_buf_printf(j, ", \"n\": %ld", n);
    else
        bench_buf_puts(j, ", \"n\": null");
    bench_buf_json_str_kv(j, ", ", "kind", kind);
    bench_buf_json_num_kv(j, ", ", "break_even_n", strcmp(kind, "crossover") == 0 ? be : NAN);
    bench_buf_puts(j, "}");
    if (strcmp(kind, "crossover") == 0)
        bench_buf_printf(t, "  %s vs %s (%s): the totals cross at N = %.0f (%s is cheaper "
                            "beyond it)\n", e->name, rs->name, pv, be,
                         e->px < rs->px ? "ECDH" : "RSA");
    else
        bench_buf_printf(t, "  %s vs %s (%s): no crossover, %s is cheaper for every N\n",
                         e->name, rs->name, pv, kind[0] == 'e' ? "ECDH" : "RSA");
}

/* The study's table: one row per provider, algorithm and N, one column
 * per size (ECDH curve c and RSA size c), the total of one key generation
 * and N exchanges. */
static void kex_study(const bench_run *r, const bench_scenario_cfg *cfg, const kex_set *ks,
                      bench_buf *j, bench_buf *t)
{
    bench_buf_puts(j, ", \"study\": {");
    bench_buf_json_str_kv(j, "", "name", ks->study);
    bench_buf_json_str_kv(j, ", ", "title", ks->title);
    bench_buf_puts(j, ", \"n\": [");
    for (size_t n = 0; n < ks->ntable_n; n++)
        bench_buf_printf(j, "%s%u", n ? ", " : "", ks->table_n[n]);
    bench_buf_puts(j, "], \"sizes\": [");
    bench_buf_printf(t, "study %s: %s\ntotal time of one key generation + N exchanges; "
                        "one column per size:\n", ks->study, ks->title);
    for (size_t c = 0; c < ks->ncurves; c++) {
        const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)bench_curve_find(ks->curves[c]));
        bench_buf_puts(j, c ? ", {" : "{");
        bench_buf_json_str_kv(j, "", "curve", ci->name);
        bench_buf_json_str_kv(j, ", ", "x962_name", ci->openssl_name);
        bench_buf_printf(j, ", \"field_bits\": %u, \"rsa_bits\": %u}", ci->field_bits,
                         ks->rsa_bits[c]);
        int same = strcmp(ci->name, ci->openssl_name) == 0;
        bench_buf_printf(t, "  size %zu: ECDH %s (%s%s%u bits), RSA-%u\n", c + 1,
                         ci->openssl_name, same ? "" : ci->name, same ? "" : ", ",
                         ci->field_bits, ks->rsa_bits[c]);
    }
    bench_buf_puts(j, "], \"table\": [");
    bench_buf_printf(t, "%-13s %-9s %6s", "provider", "algorithm", "N");
    for (size_t c = 0; c < ks->ncurves; c++) {
        char h[32];
        snprintf(h, sizeof h, "size %zu", c + 1);
        bench_buf_printf(t, " %12s", h);
    }
    bench_buf_puts(t, "\n");
    int first = 1;
    for (int pi = 0; cfg->providers && cfg->providers[pi]; pi++) {
        const char *pv = cfg->providers[pi];
        kex_scheme rsa[KEX_MAX], ecc[KEX_MAX];
        kex_schemes(r, pv, ks, rsa, ecc);
        for (int alg = 0; alg < 2; alg++) {
            const kex_scheme *k = alg ? rsa : ecc;
            /* a study pairs its sizes: as many RSA sizes as curves */
            size_t ncol = alg ? ks->nrsa : ks->ncurves;
            int any = 0;
            for (size_t c = 0; c < ncol; c++)
                any |= kex_have(&k[c]);
            if (!any)
                continue;
            for (size_t n = 0; n < ks->ntable_n; n++) {
                const char *an = alg ? "RSA" : "ECDH";
                bench_buf_puts(j, first ? "\n      {" : ",\n      {");
                first = 0;
                bench_buf_json_str_kv(j, "", "provider", pv);
                bench_buf_json_str_kv(j, ", ", "algorithm", an);
                bench_buf_printf(j, ", \"n\": %u, \"total_us\": [", ks->table_n[n]);
                bench_buf_printf(t, "%-13s %-9s %6u", pv, an, ks->table_n[n]);
                for (size_t c = 0; c < ncol; c++) {
                    double tot = k[c].kg + ks->table_n[n] * k[c].px;
                    char v[32];
                    bench_buf_puts(j, c ? ", " : "");
                    bench_buf_json_number(j, tot);
                    fmt_us(v, sizeof v, tot);
                    bench_buf_printf(t, " %12s", v);
                }
                bench_buf_puts(j, "]}");
                bench_buf_puts(t, "\n");
            }
        }
    }
    bench_buf_puts(j, "\n    ]}");
}

static void summarise_kex(const bench_run *r, const bench_scenario_cfg *cfg, bench_buf *j,
                          bench_buf *t)
{
    const kex_set *ks = kex_set_of(cfg);
    if (!ks)
        return;
    bench_buf_puts(j, "\"kex-amortized\": {\"rows\": [");
    bench_buf_puts(t, "kex-amortized: one key generation, then N exchanges (total time)\n"
                      "per exchange: RSA OAEP = encrypt + decrypt of 32 bytes; "
                      "ECDH = ephemeral keygen + 2 derives\n");
    bench_buf_printf(t, "%-16s %-13s %12s %12s", "scheme", "provider", "keygen", "per exch.");
    for (size_t k = 0; k < NKEX; k++) {
        char h[32];
        snprintf(h, sizeof h, "N=%u", kex_n[k]);
        bench_buf_printf(t, " %10s", h);
    }
    bench_buf_puts(t, "\n");
    bench_buf cross = {0}, ctext = {0};
    int first = 1, cfirst = 1;
    for (int pi = 0; cfg->providers && cfg->providers[pi]; pi++) {
        const char *pv = cfg->providers[pi];
        kex_scheme rsa[KEX_MAX], ecc[KEX_MAX];
        kex_schemes(r, pv, ks, rsa, ecc);
        for (size_t i = 0; i < ks->nrsa; i++)
            if (kex_have(&rsa[i]))
                kex_rows(&rsa[i], pv, j, t, &first);
        for (size_t c = 0; c < ks->ncurves; c++) {
            if (!kex_have(&ecc[c]))
                continue;
            kex_rows(&ecc[c], pv, j, t, &first);
            const kex_scheme *rs = &rsa[ks->paired ? c : 0];
            if (kex_have(rs))
                kex_cross(&ecc[c], rs, pv, &cross, &ctext, &cfirst);
        }
    }
    bench_buf_puts(j, "\n    ], \"crossover\": [");
    if (cross.data)
        bench_buf_puts(j, cross.data);
    bench_buf_puts(j, "\n    ]");
    if (ctext.data) {
        bench_buf_puts(t, "crossover (where the total of N exchanges is the same for both):\n");
        bench_buf_puts(t, ctext.data);
    }
    if (ks->study)
        kex_study(r, cfg, ks, j, t);
    bench_buf_puts(j, "}");
    bench_buf_free(&cross);
    bench_buf_free(&ctext);
}

static void summarise_msg(const bench_run *r, const bench_scenario_cfg *cfg, bench_buf *j,
                          bench_buf *t)
{
    bench_buf_puts(j, "\"message-size\": [");
    bench_buf_puts(t, "message-size: sign and verify including the hashing (median)\n");
    bench_buf_printf(t, "%-16s %-13s %-7s", "algorithm", "provider", "op");
    for (size_t s = 0; s < NSIZES; s++) {
        char h[32];
        if (msg_sizes[s] >= 1048576)
            snprintf(h, sizeof h, "%zu MiB", msg_sizes[s] / 1048576);
        else if (msg_sizes[s] >= 1024)
            snprintf(h, sizeof h, "%zu KiB", msg_sizes[s] / 1024);
        else
            snprintf(h, sizeof h, "%zu B", msg_sizes[s]);
        bench_buf_printf(t, " %11s", h);
    }
    bench_buf_puts(t, "\n");
    int first = 1;
    for (int kind = 0; kind < 4; kind++) {
        for (int pi = 0; cfg->providers && cfg->providers[pi]; pi++) {
            const char *pv = cfg->providers[pi];
            for (int o = 0; o < 2; o++) {
                bench_alg a;
                int cv = 0;
                unsigned bits = 0;
                char alg[32];
                bench_op op = o == 0 ? BENCH_OP_SIGN : BENCH_OP_VERIFY;
                if (kind < 2) {
                    a = BENCH_ECDSA;
                    cv = bench_curve_find(kind == 0 ? "secp256r1" : "secp256k1");
                    snprintf(alg, sizeof alg, "ECDSA %s", pkc_curve_info_get(cv)->name);
                } else if (kind == 2) {
                    a = BENCH_RSA;
                    bits = 3072;
                    snprintf(alg, sizeof alg, "RSA-3072");
                } else {
                    if (o)
                        continue;
                    a = BENCH_SHA256;
                    op = BENCH_OP_HASH;
                    snprintf(alg, sizeof alg, "SHA-256");
                }
                int any = 0;
                for (size_t s = 0; s < NSIZES; s++) {
                    const bench_case *c = bench_run_find(r, pv, a, op, bits, cv, msg_sizes[s], 1);
                    if (!c || c->failed || !c->nsamples)
                        continue;
                    if (!any)
                        bench_buf_printf(t, "%-16s %-13s %-7s", alg, pv, bench_op_name(op));
                    for (size_t k = any ? s : 0; k < s; k++)
                        bench_buf_printf(t, " %11s", "-");
                    any = 1;
                    char v[32];
                    fmt_us(v, sizeof v, c->st.median);
                    bench_buf_printf(t, " %11s", v);
                    bench_buf_puts(j, first ? "\n      {" : ",\n      {");
                    first = 0;
                    bench_buf_json_str_kv(j, "", "algorithm", alg);
                    bench_buf_json_str_kv(j, ", ", "provider", pv);
                    bench_buf_json_str_kv(j, ", ", "op", bench_op_name(op));
                    bench_buf_printf(j, ", \"message_bytes\": %zu, ", msg_sizes[s]);
                    bench_buf_json_num_kv(j, "", "median_us", c->st.median);
                    bench_buf_json_num_kv(j, ", ", "p5_us", c->st.p5);
                    bench_buf_json_num_kv(j, ", ", "p95_us", c->st.p95);
                    bench_buf_puts(j, "}");
                }
                if (any)
                    bench_buf_puts(t, "\n");
            }
        }
    }
    bench_buf_puts(j, "\n    ]");
}

void bench_scenario_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                              bench_scenario_out *out)
{
    bench_buf j = {0}, t = {0};
    memset(out, 0, sizeof *out);
    if (strcmp(cfg->name, "security-levels") == 0)
        summarise_levels(r, cfg, &j, &t);
    else if (strcmp(cfg->name, "kex-amortized") == 0)
        summarise_kex(r, cfg, &j, &t);
    else if (strcmp(cfg->name, "message-size") == 0)
        summarise_msg(r, cfg, &j, &t);
    else if (strcmp(cfg->name, "ecutils") == 0)
        bench_scenario_ecutils_summarise(r, cfg, &j, &t);
    else if (strcmp(cfg->name, "size-sweep") == 0)
        bench_scenario_sweep_summarise(r, cfg, &j, &t);
    if (j.oom || t.oom) {
        bench_buf_free(&j);
        bench_buf_free(&t);
        return;
    }
    out->json = j.data;
    out->text = t.data;
}

void bench_scenario_out_free(bench_scenario_out *o)
{
    free(o->json);
    free(o->text);
    o->json = o->text = NULL;
}
