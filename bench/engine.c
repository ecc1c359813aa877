/* pkc bench — the runner: setup and check outside the timed region,
 * calibration, warm-up over the whole pool, round-robin sampling within a
 * group of cases that measure the same operation, and N workers at once
 * for --threads (docs/methodology.md). */
#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "engine.h"
#include "workers.h"

/* ---- timing ------------------------------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

double bench_timer_overhead_ns(void)
{
    /* One sample costs the clock reads of a sample beyond the work: the
     * wall and CPU clocks and the cycle counter, twice; measure exactly
     * that, back to back, and take the median of many. */
    enum { N = 2001 };
    static uint64_t d[N];
    bench_cycle_counter cc;
    bench_cycles_open(&cc);
    for (int i = 0; i < N; i++) {
        uint64_t t0 = bench_now_ns();
        uint64_t u0 = bench_cpu_ns();
        uint64_t c0 = bench_cycles_read(&cc);
        uint64_t c1 = bench_cycles_read(&cc);
        uint64_t u1 = bench_cpu_ns();
        uint64_t t1 = bench_now_ns();
        (void)c0, (void)c1, (void)u0, (void)u1;
        d[i] = t1 - t0;
    }
    bench_cycles_close(&cc);
    qsort(d, N, sizeof d[0], cmp_u64);
    return (double)d[N / 2]; // NOLINT(bugprone-integer-division): an index, the median
}

uint64_t bench_calibrate(const bench_case *c, double target_ns, int *failed)
{
    uint64_t n = 1;
    void *st = c->state[0];
    *failed = 0;
    for (int round = 0; round < 64; round++) {
        uint64_t t0 = bench_now_ns();
        if (c->ops->run(st, n) != 0) {
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
            if (c->ops->run(st, n) != 0) {
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

static int is_rsa_keygen(const bench_case *c)
{
    return c->p.alg == BENCH_RSA && c->p.op == BENCH_OP_KEYGEN;
}

/* key-generation cases record each sample's seed and key fingerprint (the
 * other operations of the same family rotate through a pool instead) */
static int records_keys(const bench_case *c)
{
    return c->ops->last_key != NULL && c->p.op == BENCH_OP_KEYGEN;
}

/* Key generation is a distribution: at least 30 keys per RSA size up to
 * 3072 bits, 10 at 4096, 3 above (seconds to minutes per key). */
static size_t case_min_samples(const bench_run *r, const bench_case *c)
{
    if (r->opt.fixed_samples)
        return r->opt.fixed_samples;
    size_t m = r->opt.min_samples;
    if (is_rsa_keygen(c))
        m = c->p.bits <= 3072 ? 30 : c->p.bits <= 4096 ? 10 : 3;
    return m;
}

static double case_budget_ns(const bench_run *r, const bench_case *c)
{
    if (is_rsa_keygen(c))
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

static int push_sample(bench_case *c, double us, double cpu_us, double cyc)
{
    if (c->nsamples == c->cap) {
        size_t nc = c->cap ? 2 * c->cap : 32;
        double *a = realloc(c->us, nc * sizeof *a);
        if (!a)
            return -1;
        c->us = a;
        double *b = realloc(c->cpu_us, nc * sizeof *b);
        if (!b)
            return -1;
        c->cpu_us = b;
        double *d = realloc(c->cyc, nc * sizeof *d);
        if (!d)
            return -1;
        c->cyc = d;
        if (records_keys(c)) {
            uint64_t *s = realloc(c->seeds, nc * sizeof *s);
            if (!s)
                return -1;
            c->seeds = s;
            char(*f)[17] = realloc(c->fingerprints, nc * sizeof *f);
            if (!f)
                return -1;
            c->fingerprints = f;
        }
        c->cap = nc;
    }
    c->us[c->nsamples] = us;
    c->cpu_us[c->nsamples] = cpu_us;
    c->cyc[c->nsamples] = cyc;
    if (records_keys(c)) {
        int seeded = 0;
        c->ops->last_key(c->state[0], &c->seeds[c->nsamples], &seeded,
                         c->fingerprints[c->nsamples]);
        if (!seeded)
            c->seeds[c->nsamples] = 0;
    }
    c->nsamples++;
    return 0;
}

/* ---- one group ------------------------------------------------------------------- */

/* Sets up (every worker's state) and checks one case; 0 if it may be timed. */
int bench_case_prepare(bench_run *r, bench_case *c)
{
    uint64_t t0 = bench_now_ns();
    bench_case_env env = {r->pools, {r->opt.fixed_seed, r->opt.seed}, r->opt.key_pool};
    if (c->prov->pool_size)
        env.pool_size = c->prov->pool_size;
    char err[BENCH_ERRLEN] = "";
    for (unsigned t = 0; t < c->p.threads; t++) {
        c->state[t] = c->ops->setup(c->prov, &c->p, &env, err, sizeof err);
        if (!c->state[t]) {
            case_fail(c, "setup failed: %s", err[0] ? err : "unknown error");
            return -1;
        }
    }
    err[0] = 0;
    if (c->ops->check(c->state[0], err, sizeof err) != 0) {
        case_fail(c, "wrong result: %s", err[0] ? err : "check failed");
        return -1;
    }
    c->setup_s = (double)(bench_now_ns() - t0) / 1e9;
    return 0;
}

void bench_case_finish(bench_case *c)
{
    if (c->state[0] && c->ops->info)
        c->ops->info(c->state[0], &c->keys, &c->inputs);
    for (unsigned t = 0; t < BENCH_MAX_THREADS; t++)
        if (c->state[t]) {
            c->ops->teardown(c->state[t]);
            c->state[t] = NULL;
        }
    if (c->failed) {
        c->nsamples = 0;
        return;
    }
    bench_stats_compute(c->us, c->nsamples, &c->st);
    bench_stats_compute(c->cpu_us, c->nsamples, &c->cpu_st);
    bench_stats cs;
    bench_stats_compute(c->cyc, c->nsamples, &cs);
    c->cycles_per_op = cs.median;
    /* descheduled: over the whole case the thread ran less than 90% of the
     * wall time it was measured for */
    double wall = 0, cpu = 0;
    for (size_t i = 0; i < c->nsamples; i++) {
        wall += c->us[i];
        cpu += c->cpu_us[i];
    }
    c->descheduled = wall > 0 && cpu < 0.9 * wall;
}

typedef struct {
    size_t done, total, groups_done;
    uint64_t start_ns;
    double estimate_s;
} progress_state;

static void progress_line(bench_run *r, progress_state *ps, const bench_case *first, size_t n)
{
    if (!r->opt.progress)
        return;
    double el = (double)(bench_now_ns() - ps->start_ns) / 1e9;
    /* ETA from the estimate, scaled by how the estimate has fared so far */
    double frac = ps->total ? (double)ps->done / (double)ps->total : 1;
    double eta = frac > 0.02 ? el / frac - el : ps->estimate_s - el;
    if (eta < 0)
        eta = 0;
    char what[96];
    snprintf(what, sizeof what, "%s %s %s%s", bench_alg_name(first->p.alg), first->param,
             bench_op_name(first->p.op), first->p.threads > 1 ? " (threads)" : "");
    if (r->opt.progress == 2) {
        int width = 30;
        int fill = (int)(frac * width);
        char bar[64];
        for (int i = 0; i < width; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[width] = 0;
        fprintf(stderr, "\r\033[K[%s] %zu/%zu %.50s, ETA %.0f s", bar, ps->done, ps->total, what,
                eta);
        if (ps->done == ps->total)
            fputc('\n', stderr);
    } else {
        fprintf(stderr, "pkc bench: [%zu/%zu cases] %s: %zu provider%s, %.0f s elapsed, ETA %.0f s\n",
                ps->done, ps->total, what, n, n == 1 ? "" : "s", el, eta);
    }
    fflush(stderr);
}

static void run_group(bench_run *r, size_t *idx, size_t n, progress_state *ps)
{
    if (n == 0)
        return;
    double target_ns = r->opt.target_ms * 1e6;
    /* 1. setup + check, outside any timing */
    for (size_t k = 0; k < n; k++)
        bench_case_prepare(r, &r->cases[idx[k]]);
    /* 2. calibration, then the warm-up: every key of the pool once (more
     *    for fast operations), so that whatever a library computes the
     *    first time it uses a key is done before the first sample */
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        if (c->failed)
            continue;
        if (is_rsa_keygen(c)) {
            /* always far slower than a sample's target, and the check has
             * already generated one key: one key per sample */
            c->batch = 1;
            continue;
        }
        int failed;
        uint64_t t0 = bench_now_ns();
        c->batch = bench_calibrate(c, target_ns, &failed);
        if (failed) {
            case_fail(c, "the operation failed during calibration");
            continue;
        }
        /* fast operations: one more pass, over every key of the pool;
         * slow ones (a sample is a few operations) gain nothing from it */
        size_t keys = 0, inputs = 0;
        if (c->ops->info)
            c->ops->info(c->state[0], &keys, &inputs);
        uint64_t warm = 0;
        if ((double)(bench_now_ns() - t0) < 5 * target_ns)
            warm = c->p.op == BENCH_OP_KEYGEN || keys < c->batch ? c->batch : keys;
        for (unsigned t = 0; t < c->p.threads && warm && !c->failed; t++)
            if (c->ops->run(c->state[t], warm) != 0)
                case_fail(c, "the operation failed during warm-up");
    }
    /* 3. samples, round-robin across the providers of the group */
    size_t live = 0;
    size_t *minn = calloc(n, sizeof *minn);
    double *spent = calloc(n, sizeof *spent);
    char *stop = calloc(n, 1);
    bench_crew **crews = calloc(n, sizeof *crews); // NOLINT(bugprone-sizeof-expression): pointers
    if (!minn || !spent || !stop || !crews) {
        for (size_t k = 0; k < n; k++)
            case_fail(&r->cases[idx[k]], "out of memory");
        n = 0;
    }
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        minn[k] = case_min_samples(r, c);
        if (!c->failed && c->p.threads > 1 && !(crews[k] = bench_crew_start(c)))
            case_fail(c, "cannot start %u worker threads", c->p.threads);
        /* one untimed round in the workers themselves: what a library sets
         * up per thread (a random generator, a cache) is made before the
         * first sample */
        uint64_t span, cpu;
        if (crews[k] && bench_crew_sample(crews[k], &span, &cpu) != 0)
            case_fail(c, "the operation failed during the workers' warm-up");
        stop[k] = (char)c->failed;
        if (!c->failed)
            live++;
    }
    while (live) {
        for (size_t k = 0; k < n; k++) {
            if (stop[k])
                continue;
            bench_case *c = &r->cases[idx[k]];
            uint64_t ns, cpu, cyc;
            int rc;
            if (crews[k]) {
                rc = bench_crew_sample(crews[k], &ns, &cpu);
                cyc = 0;
            } else {
                bench_cycle_counter cc;
                bench_cycles_open(&cc);
                uint64_t t0 = bench_now_ns();
                uint64_t u0 = bench_cpu_ns();
                uint64_t c0 = bench_cycles_read(&cc);
                rc = c->ops->run(c->state[0], c->batch);
                uint64_t c1 = bench_cycles_read(&cc);
                uint64_t u1 = bench_cpu_ns();
                uint64_t t1 = bench_now_ns();
                bench_cycles_close(&cc);
                ns = t1 - t0;
                cpu = u1 - u0;
                cyc = c1 - c0;
            }
            if (rc != 0) {
                case_fail(c, "the operation failed during sampling");
                stop[k] = 1;
                live--;
                continue;
            }
            if ((double)ns < r->min_sample_ns)
                r->min_sample_ns = (double)ns;
            spent[k] += (double)ns;
            double b = (double)c->batch;
            if (push_sample(c, (double)ns / 1e3 / b, (double)cpu / 1e3 / b,
                            crews[k] ? NAN : (double)cyc / b) != 0) {
                case_fail(c, "out of memory");
                stop[k] = 1;
                live--;
                continue;
            }
            if (r->opt.on_sample)
                r->opt.on_sample(c, r->opt.on_sample_ud);
            size_t taken = c->nsamples;
            int enough;
            if (r->opt.fixed_samples)
                enough = taken >= r->opt.fixed_samples;
            else
                enough = taken >= minn[k] &&
                         (spent[k] >= case_budget_ns(r, c) || taken >= r->opt.max_samples);
            if (enough) {
                stop[k] = 1;
                live--;
            }
        }
    }
    for (size_t k = 0; k < n; k++)
        bench_crew_stop(crews[k]);
    free(crews);
    free(minn);
    free(spent);
    free(stop);
    for (size_t k = 0; k < n; k++) {
        bench_case *c = &r->cases[idx[k]];
        bench_case_finish(c);
        ps->done++;
        if (r->opt.verbose) {
            const char *pre = r->opt.progress == 2 ? "\r\033[K" : "";
            if (c->failed)
                fprintf(stderr, "%s%-45s ERROR %s\n", pre, c->name, c->error);
            else
                fprintf(stderr, "%s%-45s %12.3f us  (%zu samples x %llu)\n", pre, c->name,
                        c->st.median, c->nsamples, (unsigned long long)c->batch);
        }
    }
    if (n)
        progress_line(r, ps, &r->cases[idx[0]], n);
}

double bench_run_estimate_s(const bench_run *r)
{
    double s = 0;
    for (size_t i = 0; i < r->ncases; i++) {
        const bench_case *c = &r->cases[i];
        if (r->opt.fixed_samples)
            s += 0.05 * (double)r->opt.fixed_samples;
        else
            s += case_budget_ns(r, c) / 1e9 + 0.1;
    }
    return s;
}

int bench_run_execute(bench_run *r)
{
    uint64_t start = bench_now_ns();
    r->timer_overhead_ns = bench_timer_overhead_ns();
    bench_tsc_hz(); /* measured once, before any case */
    /* groups: cases measuring the same thing, in order of appearance */
    r->ngroups = 0;
    for (size_t i = 0; i < r->ncases; i++) {
        if (r->cases[i].group >= 0)
            continue;
        r->cases[i].group = r->ngroups;
        for (size_t j = i + 1; j < r->ncases; j++)
            if (r->cases[j].group < 0 && bench_params_same(&r->cases[i].p, &r->cases[j].p))
                r->cases[j].group = r->ngroups;
        r->ngroups++;
    }
    size_t *idx = malloc((r->ncases ? r->ncases : 1) * sizeof *idx);
    if (!idx)
        return -1;
    progress_state ps = {0, r->ncases, 0, start, bench_run_estimate_s(r)};
    for (int g = 0; g < r->ngroups; g++) {
        size_t n = 0;
        for (size_t i = 0; i < r->ncases; i++)
            if (r->cases[i].group == g)
                idx[n++] = i;
        run_group(r, idx, n, &ps);
    }
    free(idx);
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
        c->ratio = c->ratio_lo = c->ratio_hi = NAN;
        if (!r->opt.baseline || c->failed || !c->nsamples)
            continue;
        for (size_t j = 0; j < r->ncases; j++) {
            const bench_case *b = &r->cases[j];
            if (!b->failed && b->nsamples && strcmp(b->prov->name, r->opt.baseline) == 0 &&
                bench_params_same(&b->p, &c->p) && b->st.median > 0) {
                bench_ratio_ci(c->us, c->nsamples, b->us, b->nsamples, BENCH_BOOTSTRAP_REPS,
                               0x5eed + i, &c->ratio, &c->ratio_lo, &c->ratio_hi);
                break;
            }
        }
    }
}
