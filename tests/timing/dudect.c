/* pkc dudect — a statistical timing test of the secret-dependent operations
 * (Reparaz, Balasch and Verbauwhede, "Dude, is my code constant time?",
 * DATE 2017): the operation is timed many times on two classes of secret
 * inputs, one fixed and one random, in a random interleaving, and Welch's
 * t-test compares the two timing distributions. valgrind (tests/
 * test_ctime_valgrind.sh) sees branches and memory indexes that depend on
 * a secret; this sees what it cannot, such as an instruction whose latency
 * depends on its operands, on the machine it runs on.
 *
 * Secrets and classes (the public inputs are the same in both):
 *   ECDSA sign (P-256, secp256k1)  the private key: d = 1 against random d
 *                                  (and so the RFC 6979 nonce with it)
 *   ECDH (P-256, secp256k1)        the private scalar: d = 1 against random d
 *   RSA-2048 private (CRT)         the private key: one fixed key (the
 *                                  fastest of 17 in a profiling pass)
 *                                  against a pool of random keys (same
 *                                  input c)
 *   RSA-2048 textbook (unsafe)     the same, for the variable-time
 *                                  mpz_powm path, for comparison (how
 *                                  visible its leak is, not judged)
 *   canary                         an early-exit comparison of a secret
 *                                  buffer: it must show a leak
 * Both classes go through the same memory: before each measurement the
 * chosen input is copied into one working object (EC), or taken from a
 * pool of copies of the fixed key of the same size as the random pool and
 * built the same way, alternately (RSA), so that neither caching nor the
 * placement of the keys' memory favours a class.
 *
 * Statistics as dudect does them: Welch's t on all samples, on the samples
 * below each of 20 percentiles (cropping the long right tail that
 * interrupts and preemption add), and second-order tests (squared
 * deviations from the class mean) at three crops. The figure reported is
 * the largest |t| of those; above the threshold (4.5 by default: dudect's
 * "probably not constant time"; 10 is its "definitely") the operation is
 * reported as leaking. The exit status is 0 when no production operation
 * leaks and the canary does.
 *
 * usage: dudect [--smoke] [--seconds S] [--threshold T] [--list] [OP ...]
 *   --seconds S   measuring time per operation (default 6; RSA gets 2 S)
 *   --smoke       a short run for CTest: the canary must be flagged, the
 *                 other operations only have to run (no verdict)
 * Run by `make timing-test`; not a benchmark and not part of `make test`
 * (apart from --smoke): a loaded machine weakens it, never run it beside
 * timing measurements.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "testutil.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
/* lfence on both sides keeps the measured instructions inside the
 * interval (the AMD and Intel recommended serialisation for rdtsc). */
static inline uint64_t ticks(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
#define TICK_UNIT "cycles"
#else
static inline uint64_t ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#define TICK_UNIT "ns"
#endif

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- operations ---- */

#define POOL 64     /* random EC keys */
#define RSA_POOL 8  /* random RSA keys, and as many copies of the fixed one */

typedef struct {
    /* EC */
    pkc_curve_id curve;
    pkc_ec_private_key fixed, pool[POOL], work;
    pkc_ec_public_key peer;
    uint8_t digest[32];
    /* RSA */
    pkc_rsa_key *rfixed[RSA_POOL], *rrand[RSA_POOL];
    const pkc_rsa_key *rwork;
    pkc_rng rng;
    uint8_t c[256];
    /* canary */
    uint8_t ref[512], cfixed[512], crand[POOL][512], cwork[512];
    /* outputs */
    uint8_t out[1024];
    size_t outlen;
    volatile int sink;
} ctx;

typedef struct {
    const char *id, *name;
    int expect_leak; /* 1: the canary, which must be flagged; 2: the unsafe
                      * path, shown for comparison and not judged */
    double weight;   /* share of --seconds */
    int (*setup)(ctx *, const char *id);
    void (*prepare)(ctx *, int cls, size_t i);
    void (*run)(ctx *);
} op_def;

static int ec_setup(ctx *c, const char *id)
{
    c->curve = strstr(id, "k1") ? PKC_CURVE_SECP256K1 : PKC_CURVE_SECP256R1;
    uint8_t d[32] = {0};
    d[31] = 1; /* d = 1: the most "special" fixed key a leaky ladder would show */
    if (pkc_ec_private_key_from_bytes(&c->fixed, c->curve, d, 32) != PKC_OK)
        return -1;
    pkc_rng rng;
    if (pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) != PKC_OK)
        return -1;
    pkc_ec_private_key peer;
    if (pkc_ec_keygen(&peer, c->curve, &rng) != PKC_OK)
        return -1;
    c->peer = peer.pub;
    for (int i = 0; i < POOL; i++)
        if (pkc_ec_keygen(&c->pool[i], c->curve, &rng) != PKC_OK)
            return -1;
    pkc_rng_wipe(&rng);
    return pkc_hash(PKC_HASH_SHA256, "dudect", 6, c->digest) == PKC_OK ? 0 : -1;
}

static void ec_prepare(ctx *c, int cls, size_t i)
{
    c->work = cls ? c->pool[i % POOL] : c->fixed;
}

static void ecdsa_run(ctx *c)
{
    c->sink += pkc_ecdsa_sign_digest(&c->work, PKC_HASH_SHA256, c->digest, 32, NULL, c->out,
                                     sizeof c->out, &c->outlen);
}

static void ecdh_run(ctx *c)
{
    c->sink += pkc_ecdh(&c->work, &c->peer, c->out, sizeof c->out, &c->outlen);
}

#define RSA_CAND 17 /* keys generated: the fixed one is chosen among them */

static void rsa_run(ctx *c);
static void rsa_textbook_run(ctx *c);

static int cmp_u64(const void *a, const void *b);

/* The fixed class should be a special value (d = 1 for EC). For RSA, the
 * fixed key is the one of RSA_CAND random keys that runs fastest in a short
 * profiling pass, and the random pool is made of the others: if the
 * operation's time depends on the key at all, that key stays fast in the
 * measurement proper; if it does not, its profiling lead was noise and
 * vanishes (regression to the mean), so the choice cannot fake a leak. */
static int rsa_setup(ctx *c, const char *id)
{
    void (*run)(ctx *) = strstr(id, "textbook") ? rsa_textbook_run : rsa_run;
    if (pkc_rng_init_fixed(&c->rng, PKC_HASH_SHA256, tu_rand64()) != PKC_OK)
        return -1;
    tu_rand_bytes(c->c, sizeof c->c);
    c->c[0] &= 0x7f; /* below every 2048-bit n */
    pkc_rsa_key *cand[RSA_CAND] = {0};
    uint64_t med[RSA_CAND], t[RSA_CAND][15];
    int err = 0;
    for (int i = 0; i < RSA_CAND && !err; i++)
        err = pkc_rsa_generate(&cand[i], 2048, 65537, &c->rng) != PKC_OK;
    for (int r = 0; r < 15 && !err; r++)
        for (int i = 0; i < RSA_CAND; i++) {
            c->rwork = cand[i];
            uint64_t a = ticks();
            run(c);
            t[i][r] = ticks() - a;
        }
    int best = 0;
    for (int i = 0; i < RSA_CAND && !err; i++) {
        qsort(t[i], 15, sizeof t[i][0], cmp_u64);
        med[i] = t[i][7];
        if (med[i] < med[best])
            best = i;
    }
    /* Both pools are made the same way, alternately, from the encodings:
     * RSA_POOL copies of the fixed key and RSA_POOL other keys, so that
     * the two classes do not differ in how their memory was allocated. */
    uint8_t *der[RSA_CAND] = {0};
    size_t len[RSA_CAND] = {0};
    for (int i = 0; i < RSA_CAND && !err; i++)
        err = pkc_rsa_private_to_pkcs1(cand[i], &der[i], &len[i]) != PKC_OK;
    for (int j = 0, i = 0; j < RSA_POOL && !err; j++, i++) {
        if (i == best)
            i++;
        err = pkc_rsa_private_from_pkcs1(&c->rfixed[j], der[best], len[best]) != PKC_OK ||
              pkc_rsa_private_from_pkcs1(&c->rrand[j], der[i], len[i]) != PKC_OK;
    }
    for (int i = 0; i < RSA_CAND; i++) {
        if (der[i])
            pkc_secure_free(der[i], len[i]);
        pkc_rsa_key_free(cand[i]);
    }
    return err ? -1 : 0;
}

static void rsa_prepare(ctx *c, int cls, size_t i)
{
    c->rwork = cls ? c->rrand[i % RSA_POOL] : c->rfixed[i % RSA_POOL];
}

static void rsa_run(ctx *c)
{
    c->sink += pkc_rsa_private_raw(c->rwork, &c->rng, c->c, c->out);
}

static void rsa_textbook_run(ctx *c)
{
    c->sink += pkc_rsa_private_textbook_unsafe(c->rwork, c->c, c->out);
}

static int canary_setup(ctx *c, const char *id)
{
    (void)id;
    tu_rand_bytes(c->ref, sizeof c->ref);
    memcpy(c->cfixed, c->ref, sizeof c->ref); /* equal: the slowest case */
    for (int i = 0; i < POOL; i++)
        tu_rand_bytes(c->crand[i], sizeof c->crand[i]);
    return 0;
}

static void canary_prepare(ctx *c, int cls, size_t i)
{
    memcpy(c->cwork, cls ? c->crand[i % POOL] : c->cfixed, sizeof c->cwork);
}

/* Deliberately variable time: stops at the first differing byte. */
static void canary_run(ctx *c)
{
    const volatile uint8_t *a = c->cwork, *b = c->ref;
    size_t i = 0;
    while (i < sizeof c->ref && a[i] == b[i])
        i++;
    c->sink += (int)i;
}

static const op_def ops[] = {
    {"canary", "canary: early-exit compare (expected leak)", 1, 0.5, canary_setup,
     canary_prepare, canary_run},
    {"p256-sign", "P-256 ECDSA sign", 0, 1, ec_setup, ec_prepare, ecdsa_run},
    {"p256-ecdh", "P-256 ECDH", 0, 1, ec_setup, ec_prepare, ecdh_run},
    {"k1-sign", "secp256k1 ECDSA sign", 0, 1, ec_setup, ec_prepare, ecdsa_run},
    {"k1-ecdh", "secp256k1 ECDH", 0, 1, ec_setup, ec_prepare, ecdh_run},
    {"rsa2048", "RSA-2048 private (CRT, blinded)", 0, 2, rsa_setup, rsa_prepare, rsa_run},
    {"rsa2048-textbook", "RSA-2048 textbook (unsafe, for comparison)", 2, 1, rsa_setup,
     rsa_prepare, rsa_textbook_run},
};
#define NOPS (sizeof ops / sizeof *ops)

static void ctx_clear(ctx *c)
{
    for (int i = 0; i < RSA_POOL; i++) {
        pkc_rsa_key_free(c->rfixed[i]);
        pkc_rsa_key_free(c->rrand[i]);
    }
    pkc_rng_wipe(&c->rng);
    memset(c, 0, sizeof *c);
}

/* ---- statistics ---- */

typedef struct {
    double n[2], mean[2], m2[2]; /* Welford, per class */
} welch;

static void welch_add(welch *w, int cls, double x)
{
    w->n[cls] += 1;
    double d = x - w->mean[cls];
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}

static double welch_t(const welch *w)
{
    if (w->n[0] < 100 || w->n[1] < 100)
        return 0; /* too few samples to say anything */
    double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
    double se = sqrt(v0 / w->n[0] + v1 / w->n[1]);
    return se > 0 ? (w->mean[0] - w->mean[1]) / se : 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

#define NCROPS 20

typedef struct {
    size_t samples;
    double med[2]; /* median per class */
    double maxt;
    char which[32];
} result;

static double class_median(const uint64_t *t, const uint8_t *cls, size_t n, int k, uint64_t *buf)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (cls[i] == k)
            buf[m++] = t[i];
    if (m == 0)
        return 0;
    qsort(buf, m, sizeof *buf, cmp_u64);
    return (double)buf[m / 2];
}

static void analyse(const uint64_t *t, const uint8_t *cls, size_t n, result *r)
{
    uint64_t *sorted = malloc(n * sizeof *sorted);
    memcpy(sorted, t, n * sizeof *t);
    qsort(sorted, n, sizeof *sorted, cmp_u64);
    /* dudect's crop levels: 1 - 0.5^(10 (k + 1) / NCROPS), from about the
     * 29th to the 99.9th percentile */
    double thr[NCROPS + 1];
    for (int k = 0; k < NCROPS; k++) {
        double p = 1 - pow(0.5, 10.0 * (k + 1) / NCROPS);
        thr[k] = (double)sorted[(size_t)(p * (double)(n - 1))];
    }
    thr[NCROPS] = INFINITY; /* uncropped */
    welch first[NCROPS + 1];
    memset(first, 0, sizeof first);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k <= NCROPS; k++)
            if ((double)t[i] <= thr[k])
                welch_add(&first[k], cls[i], (double)t[i]);
    r->maxt = 0;
    snprintf(r->which, sizeof r->which, "-");
    for (int k = 0; k <= NCROPS; k++) {
        double v = fabs(welch_t(&first[k]));
        if (v > r->maxt) {
            r->maxt = v;
            if (k == NCROPS)
                snprintf(r->which, sizeof r->which, "all samples");
            else
                snprintf(r->which, sizeof r->which, "crop p%.1f",
                         100 * (1 - pow(0.5, 10.0 * (k + 1) / NCROPS)));
        }
    }
    /* second order: squared deviations from the class means, at three crops */
    static const int second[] = {1, 6, NCROPS};
    for (size_t s = 0; s < sizeof second / sizeof *second; s++) {
        int k = second[s];
        welch w;
        memset(&w, 0, sizeof w);
        for (size_t i = 0; i < n; i++)
            if ((double)t[i] <= thr[k]) {
                double d = (double)t[i] - first[k].mean[cls[i]];
                welch_add(&w, cls[i], d * d);
            }
        double v = fabs(welch_t(&w));
        if (v > r->maxt) {
            r->maxt = v;
            snprintf(r->which, sizeof r->which, "2nd order%s", k == NCROPS ? "" : ", cropped");
        }
    }
    r->samples = n;
    r->med[0] = class_median(t, cls, n, 0, sorted);
    r->med[1] = class_median(t, cls, n, 1, sorted);
    free(sorted);
}

/* Measures one operation for about `seconds`; 0 on success. */
static int measure(const op_def *op, double seconds, size_t max_samples, result *r)
{
    ctx *c = calloc(1, sizeof *c);
    if (!c || op->setup(c, op->id) != 0) {
        fprintf(stderr, "dudect: %s: setup failed\n", op->id);
        if (c)
            ctx_clear(c);
        free(c);
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    uint64_t *t = malloc(cap * sizeof *t);
    uint8_t *cls = malloc(cap);
    /* warm-up: caches, branch predictors, the RSA blinding caches */
    for (int i = 0; i < 64; i++) {
        op->prepare(c, i & 1, (size_t)i);
        op->run(c);
    }
    double end = now_s() + seconds;
    enum { BLOCK = 256 };
    uint8_t seq[BLOCK];
    while (n < max_samples && now_s() < end) {
        for (int i = 0; i < BLOCK; i++)
            seq[i] = (uint8_t)(tu_rand64() & 1);
        for (int i = 0; i < BLOCK && n < max_samples; i++) {
            if (n == cap) {
                cap *= 2;
                t = realloc(t, cap * sizeof *t);
                cls = realloc(cls, cap);
            }
            op->prepare(c, seq[i], n);
            uint64_t a = ticks();
            op->run(c);
            uint64_t b = ticks();
            t[n] = b - a;
            cls[n] = seq[i];
            n++;
        }
    }
    analyse(t, cls, n, r);
    free(t);
    free(cls);
    ctx_clear(c);
    free(c);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: dudect [--smoke] [--seconds S] [--threshold T] [--list] [OP ...]\n");
}

int main(int argc, char **argv)
{
    double seconds = 6, threshold = 4.5;
    int smoke = 0;
    const char *only[NOPS];
    size_t nonly = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke")) {
            smoke = 1;
        } else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
            seconds = strtod(argv[++i], NULL);
        } else if (!strcmp(argv[i], "--threshold") && i + 1 < argc) {
            threshold = strtod(argv[++i], NULL);
        } else if (!strcmp(argv[i], "--list")) {
            for (size_t k = 0; k < NOPS; k++)
                printf("%-18s %s\n", ops[k].id, ops[k].name);
            return 0;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] != '-' && nonly < NOPS) {
            size_t k = 0;
            while (k < NOPS && strcmp(ops[k].id, argv[i]))
                k++;
            if (k == NOPS) {
                fprintf(stderr, "dudect: unknown operation %s (--list)\n", argv[i]);
                return 2;
            }
            only[nonly++] = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!(seconds > 0) || !(threshold > 0)) {
        fprintf(stderr, "dudect: --seconds and --threshold must be positive\n");
        return 2;
    }
    tu_seed(); /* the class sequence and the random inputs; printed */
    if (smoke)
        seconds = 0.25;
    printf("pkc dudect: Welch t-test, fixed against random secret, timer in %s; "
           "|t| > %.1f = leak%s\n",
           TICK_UNIT, threshold, smoke ? " (smoke run: only the canary is judged)" : "");
    printf("%-44s %9s %12s %12s %8s  %-20s %s\n", "operation", "samples", "fixed med",
           "random med", "max |t|", "(test)", "verdict");
    int bad = 0;
    for (size_t k = 0; k < NOPS; k++) {
        const op_def *op = &ops[k];
        if (nonly) {
            size_t j = 0;
            while (j < nonly && strcmp(only[j], op->id))
                j++;
            if (j == nonly)
                continue;
        }
        if (smoke && op->expect_leak == 2)
            continue; /* the unsafe path: only in full runs */
        result r;
        double s = seconds * op->weight;
        if (smoke && !strcmp(op->id, "canary"))
            s = 1.0;
        if (measure(op, s, 4000000, &r) != 0) {
            bad = 1;
            continue;
        }
        int leak = r.maxt > threshold;
        const char *verdict;
        if (op->expect_leak == 1) {
            verdict = leak ? "leak (expected)" : "NOT DETECTED (expected a leak)";
            bad |= !leak;
        } else if (op->expect_leak == 2) {
            verdict = leak ? "leak (variable time, as known)" : "not detected in this run";
        } else if (smoke) {
            verdict = "ran (not judged)";
        } else {
            verdict = leak ? "LEAK" : "no leak detected";
            if (leak)
                bad = 1;
        }
        printf("%-44s %9zu %12.0f %12.0f %8.2f  %-20s %s\n", op->name, r.samples, r.med[0],
               r.med[1], r.maxt, r.which, verdict);
        fflush(stdout);
    }
    printf("%s\n", bad ? "dudect: FAILED" : "dudect: passed");
    return bad ? 1 : 0;
}
