/* pkc bench — cases and the runner (docs/methodology.md).
 *
 * A case is provider x algorithm x parameter x operation (x message size x
 * workers). The runner groups the cases that measure the same thing,
 * prepares every case outside the timed region (key pools imported, inputs
 * made, every result checked once), calibrates a batch size per case, warms
 * it up over its whole pool, and then takes samples round-robin across the
 * group, so that drift of a shared machine hits every provider alike. Each
 * sample times one batch with the wall clock, the thread's CPU clock and a
 * cycle counter.
 */
#ifndef PKC_BENCH_ENGINE_H
#define PKC_BENCH_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "names.h"
#include "pool.h"
#include "provider.h"
#include "stats.h"

#define BENCH_ERRLEN 200
#define BENCH_MAX_MSG_DEFAULT 32   /* the default message of sign/verify */
#define BENCH_MAX_THREADS 64

typedef struct {
    bench_alg alg;
    bench_op op;
    unsigned bits;          /* RSA modulus bits */
    pkc_curve_id curve;     /* ECDSA, ECDH, EC */
    size_t msg_len;         /* sign/verify/hash: bytes of the message */
    unsigned threads;       /* workers running the case at once (1) */
} bench_params;

struct bench_case;

/* What a case family (bench/case_*.c) gets to build its state. */
typedef struct {
    bench_pools *pools;
    bench_seed seed;        /* the run's seeding (pkc's own generators) */
    size_t pool_size;       /* keys to rotate through */
} bench_case_env;

/* One family of cases, written once for every provider. */
typedef struct {
    int (*supports)(const bench_provider *pv, const bench_params *p);
    void *(*setup)(const bench_provider *pv, const bench_params *p, const bench_case_env *env,
                   char *err, size_t errlen);
    /* n operations, rotating through the pool; 0, or -1 on failure */
    int (*run)(void *st, uint64_t n);
    /* every pool entry's result checked (a signature verifies and a
     * tampered one does not, a decryption gives back the plaintext, shared
     * secrets and digests equal pkc's); 0, or -1 with err set */
    int (*check)(void *st, char *err, size_t errlen);
    void (*teardown)(void *st);
    /* distinct keys and inputs used so far */
    void (*info)(void *st, size_t *keys, size_t *inputs);
    /* key generation: the seed (pkc, fixed seeding; else 0) and the key
     * fingerprint (16 hex digits, "" if the provider cannot export the
     * key) of the key the last run(st, 1) made; NULL for other families */
    void (*last_key)(void *st, uint64_t *seed, int *seeded, char fp[17]);
} bench_case_ops;

extern const bench_case_ops bench_case_rsa, bench_case_ec, bench_case_lab, bench_case_hash,
    bench_case_sym, bench_case_pke, bench_case_ecx;
/* the family that measures op of algorithm a */
const bench_case_ops *bench_case_ops_for(bench_alg a, bench_op op);

typedef struct bench_case {
    const bench_provider *prov;
    const bench_case_ops *ops;
    bench_params p;
    const char *scenario;     /* NULL, or the scenario that asked for it */
    char name[160];           /* provider/ALG/param/op[/<N>B][/threads:N] */
    char param[32];           /* "3072", "secp256r1", "1024" */
    unsigned param_value;
    unsigned security_bits;   /* 0 = not applicable (SHA-256) */
    int group;                /* cases of one group are interleaved */
    /* results */
    int failed;
    char error[BENCH_ERRLEN];
    uint64_t batch;           /* operations per sample (per worker) */
    size_t nsamples, cap;
    double *us;               /* wall time per operation of each sample */
    double *cpu_us;           /* CPU time per operation of each sample (per worker) */
    double *cyc;              /* cycles (or TSC ticks) per operation of each sample */
    bench_stats st, cpu_st;
    double cycles_per_op;     /* median of cyc */
    double ratio, ratio_lo, ratio_hi; /* median / baseline median, 95% CI; NaN if none */
    int descheduled;          /* CPU time well below wall time: the CPU was taken away */
    size_t keys, inputs;      /* distinct keys and inputs used */
    uint64_t *seeds;          /* key generation: each sample's seed (NULL if none) */
    char (*fingerprints)[17]; /* key generation: each sample's key fingerprint */
    double setup_s;           /* wall time of setup + check (information) */
    void *state[BENCH_MAX_THREADS];
} bench_case;

typedef struct {
    double target_ms;         /* minimum duration of one sample (10) */
    double budget_s;          /* per-case time budget; 0 = default */
    double keygen_budget_s;   /* per-case budget for RSA key generation */
    size_t fixed_samples;     /* -i N: exactly N samples (0 = by budget) */
    size_t min_samples;       /* 10 */
    size_t max_samples;       /* 10000 */
    int fixed_seed;
    uint64_t seed;
    size_t key_pool;          /* distinct keys per case (64) */
    int verbose;              /* one line per case on stderr */
    int progress;             /* 0 none, 1 one line per group, 2 a bar (terminal) */
    const char *baseline;     /* provider name for ratios, or NULL */
    /* Test hook: called after each sample (interleaving order). */
    void (*on_sample)(const bench_case *c, void *ud);
    void *on_sample_ud;
} bench_options;

void bench_options_default(bench_options *o);

typedef struct {
    bench_options opt;
    bench_case *cases;
    size_t ncases, capcases;
    int ngroups;
    double timer_overhead_ns;  /* one sample's clock reads (wall, CPU, cycles) */
    double min_sample_ns;      /* the shortest sample taken */
    double wall_s;             /* the whole run */
    bench_pools *pools;
} bench_run;

bench_run *bench_run_new(const bench_options *o);
void bench_run_free(bench_run *r);
/* Adds one case (if the provider supports it and it is not already there);
 * returns its index, or -1 if not supported. msg_len 0 = the default
 * message (32 bytes for sign/verify). threads 0 or 1 = one worker. */
int bench_run_add(bench_run *r, const bench_provider *prov, bench_alg alg, bench_op op,
                  unsigned bits, int curve, size_t msg_len, unsigned threads,
                  const char *scenario);
/* 1 if two cases measure the same thing (they are interleaved, and the
 * ratio of one is to the other). */
int bench_params_same(const bench_params *a, const bench_params *b);
/* Keeps only the cases for which keep(c, ud) is nonzero (filters). */
void bench_run_retain(bench_run *r, int (*keep)(const bench_case *c, void *ud), void *ud);
/* Runs every case; 0 if at least one case produced a number. */
int bench_run_execute(bench_run *r);
/* The case with this provider/alg/param/op (msg_len 0 = the default size;
 * threads 0 = one worker), or NULL. */
const bench_case *bench_run_find(const bench_run *r, const char *prov, bench_alg alg,
                                 bench_op op, unsigned bits, int curve, size_t msg_len,
                                 unsigned threads);
/* An estimate of the run's duration in seconds (for the progress line). */
double bench_run_estimate_s(const bench_run *r);
/* Measures the cost of one sample's clock reads (ns). */
double bench_timer_overhead_ns(void);
/* Calibration, exposed for the tests: the batch size that makes one sample
 * last at least target_ns (1 for operations slower than that). */
uint64_t bench_calibrate(const bench_case *c, double target_ns, int *failed);
/* One case's setup (every worker's state) and check, outside any timing
 * (0 if it may be timed), and its teardown with the statistics: the
 * runner's steps, exposed for the profiler's probe. */
int bench_case_prepare(bench_run *r, bench_case *c);
void bench_case_finish(bench_case *c);
/* Fills in the ratios to opt.baseline and their confidence intervals. */
void bench_compute_ratios(bench_run *r);
/* Pins the calling thread to cpu (sched_setaffinity). 0 ok. */
int bench_pin_cpu(int cpu);

#endif
