/* pkc bench — the benchmark engine: cases, providers, runner, statistics,
 * writers. Used by cli/cmd_bench.c and by the tests; the provider files
 * (bench/prov_*.c) implement the interface at the bottom.
 *
 * A case is provider x algorithm x parameter x operation. The runner groups
 * the cases that measure the same thing (algorithm, parameter, operation,
 * message size), prepares every case outside the timed region, checks each
 * provider's result once, calibrates a batch size per case, and then takes
 * samples round-robin across the group so that drift of a shared machine
 * hits every provider alike. See docs/methodology.md.
 */
#ifndef PKC_BENCH_H
#define PKC_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- names ---------------------------------------------------------------- */

typedef enum {
    BENCH_RSA = 0,
    BENCH_ECDSA,
    BENCH_ECDH,
    BENCH_EC,      /* point arithmetic (pkc only) */
    BENCH_SHA256,
    BENCH_ALG_COUNT
} bench_alg;

typedef enum {
    BENCH_OP_KEYGEN = 0,
    BENCH_OP_SIGN,
    BENCH_OP_SIGN_PSS,
    BENCH_OP_VERIFY,
    BENCH_OP_VERIFY_PSS,
    BENCH_OP_ENCRYPT,
    BENCH_OP_DECRYPT,
    BENCH_OP_PRIVATE,
    BENCH_OP_PUBLIC,
    BENCH_OP_DERIVE,
    BENCH_OP_POINT_ADD,
    BENCH_OP_POINT_DOUBLE,
    BENCH_OP_SCALAR_MUL,
    BENCH_OP_SCALAR_MUL_BASE,
    BENCH_OP_HASH,
    BENCH_OP_COUNT
} bench_op;

const char *bench_alg_name(bench_alg a);        /* "RSA", "ECDSA", ... */
const char *bench_op_name(bench_op op);         /* "keygen", "sign", ... */
int bench_alg_from_name(const char *s, bench_alg *out); /* 0 ok, case-insensitive */
int bench_op_from_name(const char *s, bench_op *out);
/* 1 if op belongs to algorithm a (docs/results-format.md). */
int bench_op_valid(bench_alg a, bench_op op);

/* The curves of SEC 2 that the benchmarks know (the same order as
 * pkc_curve_id in include/pkc/curves.h). */
typedef struct {
    const char *name;          /* "secp256r1" */
    const char *openssl_name;  /* "prime256v1" */
    unsigned field_bits;
    unsigned order_bytes;
    unsigned security_bits;
} bench_curve;
#define BENCH_NCURVES 8
extern const bench_curve bench_curves[BENCH_NCURVES];
/* Index into bench_curves (= pkc_curve_id), or -1. Accepts SEC, NIST
 * (P-256) and OpenSSL (prime256v1) names, case-insensitive. */
int bench_curve_find(const char *name);

/* NIST SP 800-57 part 1 table 2 strength of an RSA modulus. */
unsigned bench_rsa_security_bits(unsigned bits);

/* ---- what one case measures --------------------------------------------- */

#define BENCH_MAX_MSG_DEFAULT 32

typedef struct {
    bench_alg alg;
    bench_op op;
    unsigned bits;           /* RSA modulus bits */
    int curve;               /* index into bench_curves (ECDSA, ECDH, EC) */
    size_t msg_len;          /* sign/verify/hash: bytes of the message */
    const uint8_t *msg;      /* the message (engine-owned, msg_len bytes) */
    int fixed_seed;          /* pkc: deterministic RNG from seed */
    uint64_t seed;
    /* ECDH derive: every provider imports the same private scalar d
     * (order_bytes) and peer point Q (04||X||Y), so their shared secrets
     * can be compared. */
    const uint8_t *ecdh_d;
    size_t ecdh_dlen;
    const uint8_t *ecdh_q;
    size_t ecdh_qlen;
} bench_params;

/* ---- the provider interface (one const table per provider) --------------- */

#define BENCH_ERRLEN 200
#define BENCH_MAX_OUT 128

typedef struct bench_provider {
    const char *name;         /* "openssl" */
    const char *library;      /* what it measures: "OpenSSL libcrypto (EVP)" */
    /* Version string of the library, e.g. "OpenSSL 3.0.19 ...". */
    const char *(*version)(void);
    /* 1 if the provider can do this algorithm/parameter/operation (honestly:
     * a case it cannot do is absent, not faked). */
    int (*supports)(const bench_params *p);
    /* Everything the operation needs, outside the timed region (keys,
     * signatures to verify, ciphertexts to decrypt). NULL with err set on
     * failure. */
    void *(*setup)(const bench_params *p, char *err, size_t errlen);
    /* Runs the operation n times (the timed region). 0, or -1 on failure. */
    int (*run)(void *state, uint64_t n);
    /* Checks the result once before timing: a signature must verify (and a
     * tampered one must not), a decryption must give back the plaintext.
     * For ECDH derive and hash it also writes the output (shared secret,
     * digest) to out / *outlen so the engine can compare it with pkc's.
     * 0 if correct; else -1 with err set. */
    int (*check)(void *state, uint8_t *out, size_t *outlen, char *err, size_t errlen);
    void (*teardown)(void *state);
    /* Optional: Q = e*G as 04||X||Y for the ECDH fixture (NULL if absent).
     * 0 ok. */
    int (*ec_pubkey)(int curve, const uint8_t *e, size_t elen, uint8_t *q, size_t *qlen);
} bench_provider;

/* Every provider compiled into this binary, pkc's first. */
extern const bench_provider *const bench_providers[];
extern const size_t bench_nproviders;
const bench_provider *bench_provider_find(const char *name);
/* Accepts "secp256k1" for "libsecp256k1", "libgcrypt" for "gcrypt". */
const char *bench_provider_canonical(const char *name);

/* ---- statistics ---------------------------------------------------------- */

typedef struct {
    size_t n;
    double median, mean, stddev, min, max, p5, p95, mad;
    double ci_low, ci_high;    /* 95% CI of the median (order statistics) */
    double ci_level;           /* the coverage actually achieved (>= 0.95 or [min,max]) */
    size_t ci_lo_index, ci_hi_index; /* 1-based order statistics used */
    int noisy;
} bench_stats;

/* Computes the statistics of x[0..n) (x is left untouched). n may be 0
 * (everything NaN). */
void bench_stats_compute(const double *x, size_t n, bench_stats *s);
/* Percentile by linear interpolation between order statistics (numpy's
 * default, Hyndman-Fan type 7) of sorted[0..n), p in [0, 1]. */
double bench_percentile_sorted(const double *sorted, size_t n, double p);
/* The 1-based order statistics [lo, hi] that bound a 95% confidence interval
 * of the median of n samples (binomial method); for n < 6 no pair reaches
 * 95% and [1, n] is returned. *level gets the exact coverage. */
void bench_median_ci_indices(size_t n, size_t *lo, size_t *hi, double *level);
/* Thresholds of the noisy flag: MAD/median above 5% or sd/mean above 10%. */
#define BENCH_NOISY_MAD 0.05
#define BENCH_NOISY_CV 0.10

/* ---- cases and the runner -------------------------------------------------- */

typedef struct {
    const bench_provider *prov;
    bench_params p;
    const char *scenario;     /* NULL, or the scenario that asked for it */
    char name[128];           /* provider/algorithm/param/op */
    char param[32];           /* "3072", "secp256r1", "1024" */
    unsigned param_value;
    unsigned security_bits;   /* 0 = not applicable (SHA-256) */
    int group;                /* cases of one group are interleaved */
    /* results */
    int failed;
    char error[BENCH_ERRLEN];
    uint64_t batch;           /* operations per sample */
    size_t nsamples, cap;
    double *us;               /* per-operation time of each sample */
    double *cyc;              /* per-operation cycles of each sample */
    bench_stats st;
    double cycles_per_op;     /* median of cyc */
    double ratio;             /* median / baseline median; NaN if none */
    double setup_s;           /* wall time of setup + check (information) */
    void *state;
} bench_case;

typedef struct {
    double target_ms;         /* minimum duration of one sample (10) */
    double budget_s;          /* per-case time budget (1.0); 0 = default */
    double keygen_budget_s;   /* per-case budget for RSA key generation */
    size_t fixed_samples;     /* -i N: exactly N samples (0 = by budget) */
    size_t min_samples;       /* 10 */
    size_t max_samples;       /* 10000 */
    int fixed_seed;
    uint64_t seed;
    int verbose;              /* one progress line per case on stderr */
    int progress_bar;         /* a progress bar on stderr */
    const char *baseline;     /* provider name for ratios, or NULL */
    /* Test hooks: called after each sample (interleaving order) and to
     * compute the reference output of a derive/hash case. */
    void (*on_sample)(const bench_case *c, void *ud);
    void *on_sample_ud;
    int (*reference)(const bench_params *p, uint8_t *out, size_t *outlen);
} bench_options;

void bench_options_default(bench_options *o);

typedef struct {
    bench_options opt;
    bench_case *cases;
    size_t ncases, capcases;
    int ngroups;
    double timer_overhead_ns;  /* one clock read pair (start + stop) */
    double min_sample_ns;      /* the shortest sample taken */
    double wall_s;             /* the whole run */
    /* engine-owned buffers: messages and ECDH fixtures */
    void *arena;
} bench_run;

bench_run *bench_run_new(const bench_options *o);
void bench_run_free(bench_run *r);
/* Adds one case (if the provider supports it and it is not already there);
 * returns its index, or -1 if not supported. msg_len 0 = the default
 * message (32 bytes for sign/verify). */
int bench_run_add(bench_run *r, const bench_provider *prov, bench_alg alg, bench_op op,
                  unsigned bits, int curve, size_t msg_len, const char *scenario);
/* Runs every case; 0 if at least one case produced a number. */
int bench_run_execute(bench_run *r);
/* The case with this provider/alg/param/op (msg_len 0 = any), or NULL. */
const bench_case *bench_run_find(const bench_run *r, const char *prov, bench_alg alg,
                                 bench_op op, unsigned bits, int curve, size_t msg_len,
                                 const char *scenario);
/* Measures the cost of one start/stop clock read pair (ns). */
double bench_timer_overhead_ns(void);
/* Calibration, exposed for the tests: the batch size that makes one sample
 * last at least target_ns (1 for operations slower than that). */
uint64_t bench_calibrate(const bench_provider *prov, void *state, double target_ns,
                         int *failed);
/* The default reference for derive/hash: pkc's SHA-256, and the ECDH secret
 * computed by pkc (or OpenSSL when pkc cannot). 0 ok, -1 none available. */
int bench_reference_output(const bench_params *p, uint8_t *out, size_t *outlen);

/* ---- scenarios -------------------------------------------------------------- */

/* Filled by cmd_bench after the run: JSON text of the "scenarios" object
 * members, built by bench_scenario_*(). */
typedef struct {
    char *json;         /* "\"security-levels\": [...]" etc., comma-joined */
    char *text;         /* human-readable summary */
} bench_scenario_out;

typedef struct {
    const char *name;       /* "security-levels" */
    int include_15360;
    const char *const *providers; /* NULL-terminated list of provider names */
} bench_scenario_cfg;

/* Adds the cases a scenario needs. -1 for an unknown scenario name. */
int bench_scenario_plan(bench_run *r, const bench_scenario_cfg *cfg);
/* Builds the summary (JSON + text) of a scenario from the run's results. */
void bench_scenario_summarise(const bench_run *r, const bench_scenario_cfg *cfg,
                              bench_scenario_out *out);
void bench_scenario_out_free(bench_scenario_out *o);
extern const char *const bench_scenario_names[]; /* NULL-terminated */

/* ---- writers (malloc'd strings; the CLI writes them atomically) ----------- */

typedef struct {
    char *data;
    size_t len, cap;
    int oom;
} bench_buf;
void bench_buf_printf(bench_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bench_buf_puts(bench_buf *b, const char *s);
void bench_buf_json_string(bench_buf *b, const char *s); /* quoted and escaped; NULL -> null */
void bench_buf_json_number(bench_buf *b, double v);      /* NaN/inf -> null */
void bench_buf_free(bench_buf *b);

/* Fills in the ratios to opt.baseline (NaN where no baseline row exists). */
void bench_compute_ratios(bench_run *r);

char *bench_write_summary_csv(const bench_run *r);
char *bench_write_raw_csv(const bench_run *r);
typedef struct {
    const char *command_line;
    const char *executable;
    const char *scenario;         /* name or NULL */
    const char *scenarios_json;   /* members of "scenarios", or NULL */
} bench_json_meta;
char *bench_write_json(const bench_run *r, const bench_json_meta *m);
/* The readable table (aligned columns, ratios, errors at the end). */
char *bench_write_table(const bench_run *r);
/* The context lines for the top of the table ("CPU ..., governor ..."). */
char *bench_write_context_text(const bench_run *r);

/* ---- context ------------------------------------------------------------------ */
typedef struct {
    char cpu_model[128];
    int num_cpus;
    double mhz;                /* 0 if unknown */
    char governor[64];         /* "" if unknown */
    char host[64];
} bench_sysinfo;
void bench_sysinfo_read(bench_sysinfo *s);

/* Pins the calling thread to cpu (sched_setaffinity). 0 ok. */
int bench_pin_cpu(int cpu);

#endif
