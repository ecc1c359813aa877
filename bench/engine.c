/* pkc bench — the runner: setup and check outside the timed region,
 * calibration, warm-up, round-robin sampling within a group of cases that
 * measure the same operation (docs/methodology.md). */
#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "clock.h"
#include "pkc/hash.h"

/* Engine-owned inputs shared by all cases of a run. */
typedef struct {
    uint8_t *msg;             /* the message buffer (the largest size asked) */
    size_t msg_cap;
    int fixture_done[BENCH_NCURVES];
    uint8_t d[BENCH_NCURVES][66];
    uint8_t q[BENCH_NCURVES][1 + 2 * 66];
    size_t dlen[BENCH_NCURVES], qlen[BENCH_NCURVES];
    int ref_done[BENCH_NCURVES];   /* 1 ok, -1 unavailable */
    uint8_t ref[BENCH_NCURVES][66];
    size_t reflen[BENCH_NCURVES];
} bench_arena;

void bench_options_default(bench_options *o)
{
    memset(o, 0, sizeof *o);
    o->target_ms = 10;
    o->budget_s = 1.0;
    o->keygen_budget_s = 2.0;
    o->min_samples = 10;
    o->max_samples = 10000;
    o->fixed_seed = 1;
    o->seed = 1;
    o->baseline = "openssl";
}

bench_run *bench_run_new(const bench_options *o)
{
    bench_run *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (o)
        r->opt = *o;
    else
        bench_options_default(&r->opt);
    if (r->opt.target_ms <= 0)
        r->opt.target_ms = 10;
    if (r->opt.min_samples == 0)
        r->opt.min_samples = 10;
    if (r->opt.max_samples < r->opt.min_samples)
        r->opt.max_samples = r->opt.min_samples > 10000 ? r->opt.min_samples : 10000;
    if (r->opt.budget_s <= 0)
        r->opt.budget_s = 1.0;
    if (r->opt.keygen_budget_s <= 0)
        r->opt.keygen_budget_s = r->opt.budget_s;
    r->arena = calloc(1, sizeof(bench_arena));
    if (!r->arena) {
        free(r);
        return NULL;
    }
    r->min_sample_ns = INFINITY;
    return r;
}

void bench_run_free(bench_run *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->ncases; i++) {
        free(r->cases[i].us);
        free(r->cases[i].cyc);
    }
    free(r->cases);
    bench_arena *a = r->arena;
    if (a)
        free(a->msg);
    free(a);
    free(r);
}

static void set_param(bench_case *c)
{
    const bench_params *p = &c->p;
    switch (p->alg) {
    case BENCH_RSA:
        snprintf(c->param, sizeof c->param, "%u", p->bits);
        c->param_value = p->bits;
        c->security_bits = bench_rsa_security_bits(p->bits);
        break;
    case BENCH_ECDSA:
    case BENCH_ECDH:
    case BENCH_EC:
        snprintf(c->param, sizeof c->param, "%s", bench_curves[p->curve].name);
        c->param_value = bench_curves[p->curve].field_bits;
        c->security_bits = bench_curves[p->curve].security_bits;
        break;
    case BENCH_SHA256:
    default:
        snprintf(c->param, sizeof c->param, "%zu", p->msg_len);
        c->param_value = (unsigned)p->msg_len;
        c->security_bits = 0;
        break;
    }
    snprintf(c->name, sizeof c->name, "%s/%s/%s/%s", c->prov->name, bench_alg_name(p->alg),
             c->param, bench_op_name(p->op));
}

static int takes_message(bench_alg a, bench_op op)
{
    return a == BENCH_SHA256 || op == BENCH_OP_SIGN || op == BENCH_OP_VERIFY ||
           op == BENCH_OP_SIGN_PSS || op == BENCH_OP_VERIFY_PSS;
}

static int same_case(const bench_params *a, const bench_params *b)
{
    if (a->alg != b->alg || a->op != b->op || a->msg_len != b->msg_len)
        return 0;
    if (a->alg == BENCH_RSA)
        return a->bits == b->bits;
    if (a->alg == BENCH_SHA256)
        return 1;
    return a->curve == b->curve;
}

int bench_run_add(bench_run *r, const bench_provider *prov, bench_alg alg, bench_op op,
                  unsigned bits, int curve, size_t msg_len, const char *scenario)
{
    if (!prov || !bench_op_valid(alg, op))
        return -1;
    bench_params p;
    memset(&p, 0, sizeof p);
    p.alg = alg;
    p.op = op;
    p.bits = alg == BENCH_RSA ? bits : 0;
    p.curve = (alg == BENCH_ECDSA || alg == BENCH_ECDH || alg == BENCH_EC) ? curve : 0;
    if ((alg == BENCH_ECDSA || alg == BENCH_ECDH || alg == BENCH_EC) &&
        (curve < 0 || curve >= BENCH_NCURVES))
        return -1;
    if (alg == BENCH_RSA && bits < 512)
        return -1;
    if (takes_message(alg, op))
        p.msg_len = msg_len ? msg_len : BENCH_MAX_MSG_DEFAULT;
    p.fixed_seed = r->opt.fixed_seed;
    p.seed = r->opt.seed;
    if (!prov->supports(&p))
        return -1;
    for (size_t i = 0; i < r->ncases; i++)
        if (r->cases[i].prov == prov && same_case(&r->cases[i].p, &p))
            return (int)i;
    if (r->ncases == r->capcases) {
        size_t nc = r->capcases ? 2 * r->capcases : 64;
        bench_case *n = realloc(r->cases, nc * sizeof *n);
        if (!n)
            return -1;
        r->cases = n;
        r->capcases = nc;
    }
    bench_case *c = &r->cases[r->ncases];
    memset(c, 0, sizeof *c);
    c->prov = prov;
    c->p = p;
    c->scenario = scenario;
    c->ratio = NAN;
    c->group = -1;
    set_param(c);
    bench_stats_compute(NULL, 0, &c->st);
    c->cycles_per_op = NAN;
    return (int)r->ncases++;
}

const bench_case *bench_run_find(const bench_run *r, const char *prov, bench_alg alg,
                                 bench_op op, unsigned bits, int curve, size_t msg_len,
                                 const char *scenario)
{
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (strcmp(c->prov->name, prov) != 0 || c->p.alg != alg || c->p.op != op)
            continue;
        if (alg == BENCH_RSA && c->p.bits != bits)
            continue;
        if ((alg == BENCH_ECDSA || alg == BENCH_ECDH || alg == BENCH_EC) && c->p.curve != curve)
            continue;
        if (msg_len && c->p.msg_len != msg_len)
            continue;
        (void)scenario;
        return c;
    }
    return NULL;
}

/* ---- fixtures -------------------------------------------------------------- */

/* Deterministic bytes: SHA-256(label || counter) blocks. */
static void fixture_bytes(const char *label, uint8_t *out, size_t len)
{
    uint8_t blk[32];
    for (uint32_t ctr = 0; len; ctr++) {
        pkc_sha256_ctx h;
        uint8_t cb[4] = {(uint8_t)(ctr >> 24), (uint8_t)(ctr >> 16), (uint8_t)(ctr >> 8),
                         (uint8_t)ctr};
        pkc_sha256_init(&h);
        pkc_sha256_update(&h, label, strlen(label));
        pkc_sha256_update(&h, cb, 4);
        pkc_sha256_final(&h, blk);
        size_t n = len < 32 ? len : 32;
        memcpy(out, blk, n);
        out += n;
        len -= n;
    }
}

static int ensure_message(bench_arena *a, size_t len)
{
    if (a->msg_cap >= len)
        return 0;
    uint8_t *m = realloc(a->msg, len);
    if (!m)
        return -1;
    a->msg = m;
    /* The fixed message: byte i = (7 i + 1) mod 256. Providers hash it with
     * their own SHA-256 inside the timed region. */
    for (size_t i = 0; i < len; i++)
        m[i] = (uint8_t)(7 * i + 1);
    a->msg_cap = len;
    return 0;
}

/* The ECDH fixture of a curve: d (a private scalar below n: its first byte
 * is 0) and Q = e*G for another such scalar e, computed by the first
 * provider that can (OpenSSL preferred: independent of pkc). */
static int ensure_fixture(bench_arena *a, int curve)
{
    if (a->fixture_done[curve])
        return a->fixture_done[curve] > 0 ? 0 : -1;
    size_t ob = bench_curves[curve].order_bytes;
    char label[64];
    uint8_t e[66];
    snprintf(label, sizeof label, "pkc bench ECDH d %s", bench_curves[curve].name);
    fixture_bytes(label, a->d[curve], ob);
    a->d[curve][0] = 0;
    a->d[curve][1] |= 1; /* nonzero */
    a->dlen[curve] = ob;
    snprintf(label, sizeof label, "pkc bench ECDH e %s", bench_curves[curve].name);
    fixture_bytes(label, e, ob);
    e[0] = 0;
    e[1] |= 1;
    a->fixture_done[curve] = -1;
    const char *order[] = {"openssl", "mbedtls", "pkc", NULL};
    for (int pass = 0; pass < 2 && a->fixture_done[curve] < 0; pass++) {
        for (size_t i = 0; i < bench_nproviders; i++) {
            const bench_provider *pv = bench_providers[i];
            if (!pv->ec_pubkey)
                continue;
            int preferred = 0;
            for (int k = 0; order[k]; k++)
                if (strcmp(order[k], pv->name) == 0)
                    preferred = 1;
            if (pass == 0 && !preferred)
                continue;
            size_t ql = sizeof a->q[curve];
            if (pv->ec_pubkey(curve, e, ob, a->q[curve], &ql) == 0) {
                a->qlen[curve] = ql;
                a->fixture_done[curve] = 1;
                break;
            }
        }
    }
    return a->fixture_done[curve] > 0 ? 0 : -1;
}

int bench_reference_output(const bench_params *p, uint8_t *out, size_t *outlen)
{
    if (p->alg == BENCH_SHA256) {
        if (pkc_hash(PKC_HASH_SHA256, p->msg, p->msg_len, out) != PKC_OK)
            return -1;
        *outlen = 32;
        return 0;
    }
    if (p->alg != BENCH_ECDH || p->op != BENCH_OP_DERIVE)
        return -1;
    /* pkc is the reference; OpenSSL when pkc cannot do the curve. */
    const char *order[] = {"pkc", "openssl", NULL};
    for (int k = 0; order[k]; k++) {
        const bench_provider *pv = bench_provider_find(order[k]);
        if (!pv || !pv->supports(p))
            continue;
        char err[BENCH_ERRLEN];
        void *st = pv->setup(p, err, sizeof err);
        if (!st)
            continue;
        size_t l = BENCH_MAX_OUT;
        int rc = pv->check(st, out, &l, err, sizeof err);
        pv->teardown(st);
        if (rc == 0 && l > 0) {
            *outlen = l;
            return 0;
        }
    }
    return -1;
}

/* ---- timing ------------------------------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

double bench_timer_overhead_ns(void)
{
    /* One sample costs two clock reads and two cycle-counter reads beyond
     * the work: measure exactly that pair, back to back, and take the
     * median of many. */
    enum { N = 2001 };
    static uint64_t d[N];
    for (int i = 0; i < N; i++) {
        uint64_t t0 = bench_now_ns();
        uint64_t c0 = bench_cycles();
        uint64_t c1 = bench_cycles();
        uint64_t t1 = bench_now_ns();
        (void)c0;
        (void)c1;
        d[i] = t1 - t0;
    }
    qsort(d, N, sizeof d[0], cmp_u64);
    return (double)d[N / 2];
}

uint64_t bench_calibrate(const bench_provider *prov, void *state, double target_ns, int *failed)
{
    uint64_t n = 1;
    *failed = 0;
    for (int round = 0; round < 64; round++) {
        uint64_t t0 = bench_now_ns();
        if (prov->run(state, n) != 0) {
            *failed = 1;
            return 0;
        }
        double t = (double)(bench_now_ns() - t0);
        if (t >= target_ns) {
            /* A preemption during this one timing can make a short batch
             * look long enough (on a loaded machine a 2 ms operation can
             * take 40 ms of wall time); confirm with a second timing and
             * keep the faster. */
            t0 = bench_now_ns();
            if (prov->run(state, n) != 0) {
                *failed = 1;
                return 0;
            }
            double t2 = (double)(bench_now_ns() - t0);
            if (t2 < t)
                t = t2;
            if (t >= target_ns)
                return n;
        }
        uint64_t next;
        if (t < target_ns / 100)
            next = n * 10;
        else {
            /* aim 10% above the target so the next try usually passes */
            double want = (double)n * target_ns * 1.1 / (t > 1 ? t : 1);
            next = (uint64_t)ceil(want);
            if (next <= n)
                next = n + 1;
        }
        if (next > (uint64_t)1 << 40)
            return n;
        n = next;
    }
    return n;
}

static int case_min_samples(const bench_run *r, const bench_case *c)
{
    if (r->opt.fixed_samples)
        return (int)r->opt.fixed_samples;
    int m = (int)r->opt.min_samples;
    /* RSA key generation takes from a tenth of a second to minutes per
     * call: fewer samples, flagged by their wide CI. */
    if (c->p.alg == BENCH_RSA && c->p.op == BENCH_OP_KEYGEN) {
        int cap = c->p.bits >= 7680 ? 3 : c->p.bits >= 3072 ? 5 : 10;
        if (m > cap)
            m = cap;
    }
    return m;
}

static double case_budget_ns(const bench_run *r, const bench_case *c)
{
    if (c->p.op == BENCH_OP_KEYGEN && c->p.alg == BENCH_RSA)
        return r->opt.keygen_budget_s * 1e9;
    return r->opt.budget_s * 1e9;
}

static void case_fail(bench_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void case_fail(bench_case *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->error, sizeof c->error, fmt, ap);
    va_end(ap);
    c->failed = 1;
}

static int push_sample(bench_case *c, double us, double cyc)
{
    if (c->nsamples == c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 32;
        double *a = realloc(c->us, nc * sizeof *a);
        if (!a)
            return -1;
        c->us = a;
        double *b = realloc(c->cyc, nc * sizeof *b);
        if (!b)
            return -1;
        c->cyc = b;
        c->cap = nc;
    }
    c->us[c->nsamples] = us;
    c->cyc[c->nsamples] = cyc;
    c->nsamples++;
    return 0;
}

static void progress(bench_run *r, size_t done, size_t total, const char *what)
{
    if (!r->opt.progress_bar)
        return;
    int width = 30;
    int fill = total ? (int)((double)done / (double)total * width) : width;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r\033[K[%s] %zu/%zu %.60s", bar, done, total, what ? what : "");
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Sets up and checks one case; 0 if it may be timed. */
static int prepare_case(bench_run *r, bench_case *c)
{
    bench_arena *a = r->arena;
    bench_params *p = &c->p;
    uint64_t t0 = bench_now_ns();
    if (p->msg_len) {
        if (ensure_message(a, p->msg_len) != 0) {
            case_fail(c, "out of memory");
            return -1;
        }
        p->msg = a->msg;
    }
    if (p->alg == BENCH_ECDH && p->op == BENCH_OP_DERIVE) {
        if (ensure_fixture(a, p->curve) != 0) {
            case_fail(c, "no provider could compute the ECDH test peer key");
            return -1;
        }
        p->ecdh_d = a->d[p->curve];
        p->ecdh_dlen = a->dlen[p->curve];
        p->ecdh_q = a->q[p->curve];
        p->ecdh_qlen = a->qlen[p->curve];
    }
    char err[BENCH_ERRLEN] = "";
    c->state = c->prov->setup(p, err, sizeof err);
    if (!c->state) {
        case_fail(c, "setup failed: %s", err[0] ? err : "unknown error");
        return -1;
    }
    uint8_t out[BENCH_MAX_OUT];
    size_t outlen = sizeof out;
    err[0] = 0;
    if (c->prov->check(c->state, out, &outlen, err, sizeof err) != 0) {
        case_fail(c, "wrong result: %s", err[0] ? err : "check failed");
        return -1;
    }
    /* Outputs that must agree across providers. */
    if ((p->alg == BENCH_ECDH && p->op == BENCH_OP_DERIVE) || p->alg == BENCH_SHA256) {
        uint8_t ref[BENCH_MAX_OUT];
        size_t reflen = 0;
        int have = -1;
        if (p->alg == BENCH_ECDH && !r->opt.reference) {
            if (!a->ref_done[p->curve]) {
                size_t l = sizeof a->ref[p->curve];
                uint8_t tmp[BENCH_MAX_OUT];
                l = sizeof tmp;
                a->ref_done[p->curve] = bench_reference_output(p, tmp, &l) == 0 ? 1 : -1;
                if (a->ref_done[p->curve] > 0) {
                    memcpy(a->ref[p->curve], tmp, l);
                    a->reflen[p->curve] = l;
                }
            }
            if (a->ref_done[p->curve] > 0) {
                memcpy(ref, a->ref[p->curve], a->reflen[p->curve]);
                reflen = a->reflen[p->curve];
                have = 0;
            }
        } else {
            reflen = sizeof ref;
            have = (r->opt.reference ? r->opt.reference : bench_reference_output)(p, ref, &reflen);
        }
        if (have == 0 && (outlen != reflen || memcmp(out, ref, reflen) != 0)) {
            case_fail(c, "wrong result: the %s differs from pkc's",
                      p->alg == BENCH_SHA256 ? "digest" : "shared secret");
            return -1;
        }
    }
    c->setup_s = (double)(bench_now_ns() - t0) / 1e9;
    return 0;
}

static void finish_case(bench_run *r, bench_case *c)
{
    if (c->state) {
        c->prov->teardown(c->state);
        c->state = NULL;
    }
    if (c->failed) {
        c->nsamples = 0;
        return;
    }
    bench_stats_compute(c->us, c->nsamples, &c->st);
    bench_stats cs;
    bench_stats_compute(c->cyc, c->nsamples, &cs);
    c->cycles_per_op = bench_cycles() ? cs.median : NAN;
    (void)r;
}

static void run_group(bench_run *r, size_t *idx, size_t n, size_t *done, size_t total)
{
    double target_ns = r->opt.target_ms * 1e6;
    /* 1. setup + check, outside any timing */
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        progress(r, *done, total, c->name);
        prepare_case(r, c);
    }
    /* 2. calibration (which is also the warm-up), then one more untimed
     *    batch for fast operations */
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        if (c->failed)
            continue;
        int failed;
        if (c->p.alg == BENCH_RSA && c->p.op == BENCH_OP_KEYGEN) {
            /* always far slower than a sample's target, and the check has
             * already generated one key (the warm-up): one key per sample */
            c->batch = 1;
            continue;
        }
        uint64_t t0 = bench_now_ns();
        c->batch = bench_calibrate(c->prov, c->state, target_ns, &failed);
        if (failed) {
            case_fail(c, "the operation failed during calibration");
            continue;
        }
        if ((double)(bench_now_ns() - t0) < 5 * target_ns && c->batch > 1 &&
            c->prov->run(c->state, c->batch) != 0)
            case_fail(c, "the operation failed during warm-up");
    }
    /* 3. samples, round-robin across the providers of the group */
    size_t live = 0;
    int *minn = calloc(n, sizeof *minn);
    double *spent = calloc(n, sizeof *spent);
    char *stop = calloc(n, 1);
    if (!minn || !spent || !stop) {
        for (size_t k = 0; k < n; k++)
            case_fail(&r->cases[idx[k]], "out of memory");
        n = 0;
    }
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        minn[k] = case_min_samples(r, c);
        stop[k] = (char)c->failed;
        if (!c->failed)
            live++;
    }
    while (live) {
        for (size_t k = 0; k < n; k++) {
            if (stop[k])
                continue;
            bench_case *c = &r->cases[idx[k]];
            uint64_t t0 = bench_now_ns();
            uint64_t c0 = bench_cycles();
            int rc = c->prov->run(c->state, c->batch);
            uint64_t c1 = bench_cycles();
            uint64_t t1 = bench_now_ns();
            if (rc != 0) {
                case_fail(c, "the operation failed during sampling");
                stop[k] = 1;
                live--;
                continue;
            }
            double ns = (double)(t1 - t0);
            if (ns < r->min_sample_ns)
                r->min_sample_ns = ns;
            spent[k] += ns;
            if (push_sample(c, ns / 1e3 / (double)c->batch,
                            (double)(c1 - c0) / (double)c->batch) != 0) {
                case_fail(c, "out of memory");
                stop[k] = 1;
                live--;
                continue;
            }
            if (r->opt.on_sample)
                r->opt.on_sample(c, r->opt.on_sample_ud);
            size_t ns_taken = c->nsamples;
            int enough;
            if (r->opt.fixed_samples)
                enough = ns_taken >= r->opt.fixed_samples;
            else
                enough = (int)ns_taken >= minn[k] &&
                         (spent[k] >= case_budget_ns(r, c) || ns_taken >= r->opt.max_samples);
            if (enough) {
                stop[k] = 1;
                live--;
            }
        }
    }
    free(minn);
    free(spent);
    free(stop);
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        finish_case(r, c);
        (*done)++;
        if (r->opt.verbose) {
            if (c->failed)
                fprintf(stderr, "%s%-45s ERROR %s\n", r->opt.progress_bar ? "\r\033[K" : "",
                        c->name, c->error);
            else
                fprintf(stderr, "%s%-45s %12.3f us  (%zu samples x %llu)\n",
                        r->opt.progress_bar ? "\r\033[K" : "", c->name, c->st.median,
                        c->nsamples, (unsigned long long)c->batch);
        }
        progress(r, *done, total, c->name);
    }
}

int bench_run_execute(bench_run *r)
{
    uint64_t start = bench_now_ns();
    r->timer_overhead_ns = bench_timer_overhead_ns();
    /* groups: cases measuring the same thing, in order of appearance */
    r->ngroups = 0;
    for (size_t i = 0; i < r->ncases; i++) {
        if (r->cases[i].group >= 0)
            continue;
        r->cases[i].group = r->ngroups;
        for (size_t j = i + 1; j < r->ncases; j++)
            if (r->cases[j].group < 0 && same_case(&r->cases[i].p, &r->cases[j].p))
                r->cases[j].group = r->ngroups;
        r->ngroups++;
    }
    size_t *idx = malloc((r->ncases ? r->ncases : 1) * sizeof *idx);
    if (!idx)
        return -1;
    size_t done = 0;
    for (int g = 0; g < r->ngroups; g++) {
        size_t n = 0;
        for (size_t i = 0; i < r->ncases; i++)
            if (r->cases[i].group == g)
                idx[n++] = i;
        run_group(r, idx, n, &done, r->ncases);
    }
    free(idx);
    if (r->ncases == 0)
        progress(r, 0, 0, "");
    r->wall_s = (double)(bench_now_ns() - start) / 1e9;
    bench_compute_ratios(r);
    for (size_t i = 0; i < r->ncases; i++)
        if (!r->cases[i].failed && r->cases[i].nsamples)
            return 0;
    return -1;
}

void bench_compute_ratios(bench_run *r)
{
    for (size_t i = 0; i < r->ncases; i++) {
        bench_case *c = &r->cases[i];
        c->ratio = NAN;
        if (!r->opt.baseline || c->failed || !c->nsamples)
            continue;
        for (size_t j = 0; j < r->ncases; j++) {
            const bench_case *b = &r->cases[j];
            if (!b->failed && b->nsamples && strcmp(b->prov->name, r->opt.baseline) == 0 &&
                same_case(&b->p, &c->p) && b->st.median > 0) {
                c->ratio = c->st.median / b->st.median;
                break;
            }
        }
    }
}

int bench_pin_cpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}
