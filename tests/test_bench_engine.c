/* Tests of the benchmark runner (bench/engine.c and the case families) with
 * fake providers whose cost is known (a busy loop on the monotonic clock,
 * or a sleep), and with pkc itself where the real thing is checked:
 *
 *   - calibration and batch sizing; one call per sample for slow operations
 *   - round-robin interleaving; the sample count by budget and by -i
 *   - pool rotation: a fake that counts the distinct keys it is called with
 *     sees every key of the pool, and the case says how many it used;
 *     a cached variant (pool_size 1) sees one
 *   - wrong results (a tampered signature that verifies, a wrong digest, a
 *     shared secret unlike pkc's) are reported as errors, never as numbers
 *   - the CPU clock: a spinning operation's CPU time is its wall time
 *     (within 5%), a sleeping one's is far below it and flagged
 *   - key generation: pkc's samples use seeds seed, seed + 1, ...; the same
 *     seed gives the same keys, another seed others, and all are distinct
 *   - workers (threads): each worker runs the case on its own state
 *   - the ratio to the baseline and its confidence interval
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "clock.h"
#include "pkc/hash.h"
#include "testutil.h"

/* ---- fake providers ------------------------------------------------------------ */

typedef struct {
    double cost_ns;     /* per operation */
    int sleep;          /* sleep instead of spinning */
    int wrong;          /* verify accepts everything (a tampered signature too) */
    int fail_after;     /* sign fails after this many calls (0 = never) */
    int bad_digest;     /* hash: flip a bit of the output */
    long calls;
    /* the distinct key handles sign was called with */
    const void *seen[256];
    int nseen;
} fake_cfg;

static fake_cfg cfgs[3];

typedef struct {
    fake_cfg *cfg;
    int index;
} fake_key;

static void spin(double ns)
{
    uint64_t t0 = bench_now_ns();
    while ((double)(bench_now_ns() - t0) < ns) {
    }
}

static void cost(fake_cfg *c)
{
    if (c->sleep) {
        struct timespec ts = {0, (long)c->cost_ns};
        nanosleep(&ts, NULL);
    } else {
        spin(c->cost_ns);
    }
}

static int ec_yes(pkc_curve_id curve, bench_op op)
{
    (void)curve;
    return op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY;
}

static int yes(void)
{
    return 1;
}

static void fake_free(void *k)
{
    free(k);
}

#define FAKE(i)                                                                              \
    static void *fake##i##_import(const bench_ec_material *m)                               \
    {                                                                                        \
        (void)m;                                                                             \
        fake_key *k = calloc(1, sizeof *k);                                                  \
        k->cfg = &cfgs[i];                                                                   \
        return k;                                                                            \
    }                                                                                        \
    static int fake##i##_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig,      \
                              size_t *siglen)                                                \
    {                                                                                        \
        fake_cfg *c = &cfgs[i];                                                              \
        c->calls++;                                                                          \
        if (c->fail_after && c->calls > c->fail_after)                                       \
            return -1;                                                                       \
        int known = 0;                                                                       \
        for (int s = 0; s < c->nseen; s++)                                                   \
            known |= c->seen[s] == key;                                                      \
        if (!known && c->nseen < 256)                                                        \
            c->seen[c->nseen++] = key;                                                       \
        cost(c);                                                                             \
        pkc_hash(PKC_HASH_SHA256, msg, len, sig);                                            \
        *siglen = 32;                                                                        \
        return 0;                                                                            \
    }                                                                                        \
    static int fake##i##_verify(void *key, const uint8_t *msg, size_t len,                  \
                                const uint8_t *sig, size_t siglen)                           \
    {                                                                                        \
        (void)key;                                                                           \
        uint8_t h[32];                                                                       \
        cost(&cfgs[i]);                                                                      \
        pkc_hash(PKC_HASH_SHA256, msg, len, h);                                              \
        return cfgs[i].wrong || (siglen == 32 && memcmp(h, sig, 32) == 0);                   \
    }                                                                                        \
    static int fake##i##_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32]) \
    {                                                                                        \
        (void)ctx;                                                                           \
        cost(&cfgs[i]);                                                                      \
        pkc_hash(PKC_HASH_SHA256, msg, len, out);                                            \
        if (cfgs[i].bad_digest)                                                              \
            out[5] ^= 0x10;                                                                  \
        return 0;                                                                            \
    }                                                                                        \
    static const char *fake##i##_version(void) { return "fake"; }                           \
    static const bench_provider fake##i = {                                                  \
        .name = "fake" #i,                                                                   \
        .library = "fake provider " #i,                                                      \
        .version = fake##i##_version,                                                        \
        .ec_supports = ec_yes,                                                               \
        .ec_import = fake##i##_import,                                                       \
        .ec_free = fake_free,                                                                \
        .ec_sign = fake##i##_sign,                                                           \
        .ec_verify = fake##i##_verify,                                                       \
        .hash_supports = yes,                                                                \
        .sha256 = fake##i##_sha256,                                                          \
    };

FAKE(0)
FAKE(1)
FAKE(2)

/* the same as fake0, with a pool of one repeated key */
static const bench_provider fake0_cached = {
    .name = "fake0-cached",
    .library = "fake provider 0, one key",
    .version = fake0_version,
    .variant = "one repeated key",
    .pool_size = 1,
    .ec_supports = ec_yes,
    .ec_import = fake0_import,
    .ec_free = fake_free,
    .ec_sign = fake0_sign,
    .ec_verify = fake0_verify,
};

static void reset(void)
{
    memset(cfgs, 0, sizeof cfgs);
}

static bench_options opts(void)
{
    bench_options o;
    bench_options_default(&o);
    o.target_ms = 2;
    o.budget_s = 0.02;
    o.min_samples = 5;
    o.baseline = "fake0";
    o.key_pool = 16; /* small pools: the tests build them with pkc */
    return o;
}

/* ---- interleaving --------------------------------------------------------------------- */

static int order[256];
static int norder;

static void record(const bench_case *c, void *ud)
{
    (void)ud;
    if (norder < 256)
        order[norder++] = c->prov == &fake0 ? 0 : c->prov == &fake1 ? 1 : 2;
}

static void interleaving(void)
{
    reset();
    cfgs[0].cost_ns = cfgs[1].cost_ns = cfgs[2].cost_ns = 20000;
    bench_options o = opts();
    o.fixed_samples = 6;
    o.on_sample = record;
    norder = 0;
    bench_run *r = bench_run_new(&o);
    CHECK(r != NULL);
    CHECK(bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1,
                        NULL) == 0);
    CHECK(bench_run_add(r, &fake1, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1,
                        NULL) == 1);
    CHECK(bench_run_add(r, &fake2, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1,
                        NULL) == 2);
    /* the same case again is not added twice; an unsupported one not at all */
    CHECK(bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1,
                        NULL) == 0);
    CHECK(bench_run_add(r, &fake0, BENCH_ECDH, BENCH_OP_DERIVE, 0, PKC_CURVE_SECP256R1, 0, 1,
                        NULL) == -1);
    CHECK(bench_run_execute(r) == 0);
    CHECK(norder == 18);
    for (int i = 0; i < norder; i++)
        CHECK_MSG(order[i] == i % 3, "sample %d from provider %d", i, order[i]);
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        CHECK(c->nsamples == 6 && !c->failed);
        /* 20 us per operation, 2 ms samples: a batch of about 100 on a
         * quiet machine. The fakes spin on the wall clock, so an operation
         * never takes less than 20 us, but a loaded machine (CI runs the
         * tests two at a time on two cores) can take the CPU away for
         * milliseconds: the upper bounds only catch gross errors (a batch
         * not divided out, nanoseconds taken for microseconds). */
        CHECK_MSG(c->batch >= 5 && c->batch <= 200, "batch %llu", (unsigned long long)c->batch);
        CHECK_MSG(c->st.median > 15 && c->st.median < 20000, "median %g us", c->st.median);
    }
    /* ratios to fake0 with an interval around them */
    CHECK(fabs(r->cases[0].ratio - 1) < 1e-12);
    CHECK(r->cases[1].ratio_lo <= r->cases[1].ratio && r->cases[1].ratio <= r->cases[1].ratio_hi);
    CHECK_MSG(r->cases[1].ratio > 0.1 && r->cases[1].ratio < 10, "ratio %g", r->cases[1].ratio);
    bench_run_free(r);
}

/* ---- pool rotation ----------------------------------------------------------------------- */

static void rotation(void)
{
    reset();
    cfgs[0].cost_ns = 2000;
    bench_options o = opts();
    o.key_pool = 40;
    bench_run *r = bench_run_new(&o);
    bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256K1, 0, 1, NULL);
    CHECK(bench_run_execute(r) == 0);
    const bench_case *c = &r->cases[0];
    CHECK_MSG(cfgs[0].nseen == 40, "sign saw %d distinct keys", cfgs[0].nseen);
    CHECK(c->keys == 40 && c->inputs == 40);
    bench_run_free(r);
    /* the cached variant: one key for every call */
    reset();
    r = bench_run_new(&o);
    bench_run_add(r, &fake0_cached, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256K1, 0, 1,
                  NULL);
    CHECK(bench_run_execute(r) == 0);
    CHECK_MSG(cfgs[0].nseen == 1, "the cached variant saw %d keys", cfgs[0].nseen);
    CHECK(r->cases[0].keys == 1);
    bench_run_free(r);
}

/* ---- calibration ------------------------------------------------------------------------- */

static void calibration(void)
{
    reset();
    bench_options o = opts();
    bench_run *r = bench_run_new(&o);
    bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    bench_case *c = &r->cases[0];
    CHECK(bench_case_prepare(r, c) == 0);
    int failed;
    static const double costs[] = {1000, 10000, 100000};
    for (int k = 0; k < 3; k++) {
        cfgs[0].cost_ns = costs[k];
        uint64_t batch = bench_calibrate(c, 2e6, &failed);
        double per = 2e6 / costs[k];
        /* a preempted timing can only make the batch shorter, never shorter
         * than half the target */
        CHECK_MSG(!failed && (double)batch >= per * 0.5 && (double)batch <= per * 1.6,
                  "cost %g ns: batch %llu", costs[k], (unsigned long long)batch);
    }
    cfgs[0].cost_ns = 5e6; /* slower than the target: one call per sample */
    CHECK(bench_calibrate(c, 2e6, &failed) == 1 && !failed);
    cfgs[0].cost_ns = 1000;
    cfgs[0].fail_after = 1;
    cfgs[0].calls = 0;
    bench_calibrate(c, 2e6, &failed);
    CHECK(failed);
    bench_case_finish(c);
    bench_run_free(r);
}

/* ---- samples by budget and by -i ---------------------------------------------------------- */

static void sample_counts(void)
{
    reset();
    cfgs[0].cost_ns = 50000;
    bench_options o = opts();
    o.budget_s = 0.05;
    o.min_samples = 4;
    bench_run *r = bench_run_new(&o);
    bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_VERIFY, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    CHECK(bench_run_execute(r) == 0);
    /* 2 ms samples, 50 ms budget: at least 4, about 25 */
    CHECK_MSG(r->cases[0].nsamples >= 4 && r->cases[0].nsamples <= 40, "%zu samples",
              r->cases[0].nsamples);
    bench_run_free(r);
    o.fixed_samples = 7;
    r = bench_run_new(&o);
    bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_VERIFY, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    CHECK(bench_run_execute(r) == 0);
    CHECK(r->cases[0].nsamples == 7);
    bench_run_free(r);
}

/* ---- wrong results are errors ------------------------------------------------------------- */

static void wrong_results(void)
{
    reset();
    cfgs[0].cost_ns = cfgs[1].cost_ns = cfgs[2].cost_ns = 1000;
    cfgs[1].wrong = 1;
    cfgs[2].bad_digest = 1;
    bench_options o = opts();
    o.fixed_samples = 3;
    bench_run *r = bench_run_new(&o);
    bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    bench_run_add(r, &fake1, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    bench_run_add(r, &fake0, BENCH_SHA256, BENCH_OP_HASH, 0, 0, 1024, 1, NULL);
    bench_run_add(r, &fake2, BENCH_SHA256, BENCH_OP_HASH, 0, 0, 1024, 1, NULL);
    CHECK(bench_run_execute(r) == 0);
    const bench_case *good = bench_run_find(r, "fake0", BENCH_ECDSA, BENCH_OP_SIGN, 0,
                                            PKC_CURVE_SECP256R1, 0, 1);
    const bench_case *bad = bench_run_find(r, "fake1", BENCH_ECDSA, BENCH_OP_SIGN, 0,
                                           PKC_CURVE_SECP256R1, 0, 1);
    const bench_case *hgood = bench_run_find(r, "fake0", BENCH_SHA256, BENCH_OP_HASH, 0, 0, 1024, 1);
    const bench_case *hbad = bench_run_find(r, "fake2", BENCH_SHA256, BENCH_OP_HASH, 0, 0, 1024, 1);
    CHECK(good && bad && hgood && hbad);
    CHECK(good && !good->failed && good->nsamples == 3);
    CHECK(bad && bad->failed && bad->nsamples == 0 && strstr(bad->error, "tampered"));
    CHECK(hgood && !hgood->failed);
    CHECK(hbad && hbad->failed && strstr(hbad->error, "digest"));
    /* writers: the failed cases appear only as errors */
    char *csv = bench_write_summary_csv(r), *table = bench_write_table(r);
    bench_json_meta m = {0};
    char *json = bench_write_json(r, &m);
    CHECK(csv && json && table);
    CHECK(csv && !strstr(csv, ",fake1,") && !strstr(csv, ",fake2,"));
    CHECK(json && strstr(json, "\"error_occurred\": true") && strstr(json, "tampered"));
    CHECK(table && strstr(table, "Errors") && strstr(table, "fake1/ECDSA/secp256r1/sign"));
    free(csv);
    free(json);
    free(table);
    bench_run_free(r);
    /* no case produced a number: the run says so */
    reset();
    cfgs[1].wrong = 1;
    r = bench_run_new(&o);
    bench_run_add(r, &fake1, BENCH_ECDSA, BENCH_OP_VERIFY, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    CHECK(bench_run_execute(r) != 0);
    bench_run_free(r);
}

/* ---- the CPU clock ------------------------------------------------------------------------- */

static void cpu_clock(void)
{
    reset();
    cfgs[0].cost_ns = 200000; /* spins: CPU time = wall time */
    cfgs[1].cost_ns = 200000; /* sleeps: CPU time far below */
    cfgs[1].sleep = 1;
    bench_options o = opts();
    o.fixed_samples = 6;
    bench_run *r = bench_run_new(&o);
    bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    bench_run_add(r, &fake1, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 1, NULL);
    CHECK(bench_run_execute(r) == 0);
    const bench_case *s = &r->cases[0], *z = &r->cases[1];
    CHECK(s->cpu_st.median > 0 && s->cpu_st.median <= s->st.median * 1.05);
    /* a shared machine may take the CPU away from a spinning loop; the
     * CPU clock never runs faster than the wall clock */
    for (size_t k = 0; k < s->nsamples; k++)
        CHECK_MSG(s->cpu_us[k] <= s->us[k] * 1.05, "sample %zu: cpu %g > wall %g", k,
                  s->cpu_us[k], s->us[k]);
    CHECK_MSG(z->cpu_st.median < 0.5 * z->st.median, "sleeping: cpu %g wall %g",
              z->cpu_st.median, z->st.median);
    CHECK(z->descheduled);
    bench_run_free(r);
}

/* ---- workers ---------------------------------------------------------------------------------- */

static void workers(void)
{
    reset();
    cfgs[0].cost_ns = 20000;
    bench_options o = opts();
    o.fixed_samples = 4;
    bench_run *r = bench_run_new(&o);
    CHECK(bench_run_add(r, &fake0, BENCH_ECDSA, BENCH_OP_SIGN, 0, PKC_CURVE_SECP256R1, 0, 2,
                        NULL) == 0);
    CHECK(strstr(r->cases[0].name, "/threads:2") != NULL);
    CHECK(bench_run_execute(r) == 0);
    const bench_case *c = &r->cases[0];
    CHECK(!c->failed && c->nsamples == 4 && c->p.threads == 2);
    /* both workers ran: calls = 2 workers x (calibration, warm-up, 4 samples) */
    CHECK(cfgs[0].calls >= 2 * 4 * (long)c->batch);
    bench_run_free(r);
}

/* ---- pkc's key generation: seeds and fingerprints --------------------------------------------------- */

static void keygen_fingerprints(uint64_t seed, char fp[4][17], uint64_t seeds[4])
{
    bench_options o = opts();
    o.fixed_samples = 4;
    o.seed = seed;
    bench_run *r = bench_run_new(&o);
    CHECK(bench_run_add(r, bench_provider_find("pkc"), BENCH_RSA, BENCH_OP_KEYGEN, 1024, 0, 0, 1,
                        NULL) == 0);
    CHECK(bench_run_execute(r) == 0);
    const bench_case *c = &r->cases[0];
    CHECK(c->nsamples == 4 && c->batch == 1 && c->fingerprints && c->seeds);
    for (int i = 0; i < 4 && c->fingerprints; i++) {
        memcpy(fp[i], c->fingerprints[i], 17);
        seeds[i] = c->seeds[i];
    }
    CHECK(c->keys >= 4);
    bench_run_free(r);
}

static void keygen_seeding(void)
{
    char a[4][17], b[4][17], d[4][17];
    uint64_t sa[4], sb[4], sd[4];
    keygen_fingerprints(7, a, sa);
    keygen_fingerprints(7, b, sb);
    keygen_fingerprints(8, d, sd);
    for (int i = 0; i < 4; i++) {
        CHECK_MSG(sa[i] == 7 + (uint64_t)i, "sample %d seed %llu", i, (unsigned long long)sa[i]);
        CHECK(strlen(a[i]) == 16);
        CHECK_MSG(strcmp(a[i], b[i]) == 0, "the same seed made another key (%s, %s)", a[i], b[i]);
        for (int k = 0; k < i; k++)
            CHECK(strcmp(a[i], a[k]) != 0);
    }
    /* seed 8: its first key is seed 7's second */
    CHECK(strcmp(d[0], a[1]) == 0 && strcmp(d[3], a[3]) != 0);
}

int main(void)
{
    tu_seed();
    interleaving();
    rotation();
    calibration();
    sample_counts();
    wrong_results();
    cpu_clock();
    workers();
    keygen_seeding();
    return tu_finish("test_bench_engine");
}
