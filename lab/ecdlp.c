/* The attack lab's ECDLP attacks (lab/ecdlp.h): brute force, baby-step
 * giant-step, Pollard rho with an r-adding walk and distinguished points
 * (van Oorschot-Wiener, threads sharing the table), Pohlig-Hellman. Every
 * one advances many points at once where it can, so that one field
 * inversion serves them all (ecdlp_batch_add), and counts each point
 * addition or doubling as one group operation. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ecdlp.h"

#define DEFAULT_BSGS_MAX ((uint64_t)1 << 28)
#define BRUTE_MAX ((uint64_t)1 << 40)
#define MAX_THREADS 64
/* PH solves a prime-order subgroup of at most this order by BSGS, a larger
 * one by rho */
#define PH_BSGS_MAX ((uint64_t)1 << 32)

typedef struct {
    double deadline; /* monotonic seconds, 0: none */
    uint64_t ops, restarts, dps;
    int timed_out;
    unsigned threads;
    uint64_t seed;
    uint64_t bsgs_max;
} ctx;

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int expired(ctx *c)
{
    if (c->deadline > 0 && now_seconds() > c->deadline) {
        c->timed_out = 1;
        return 1;
    }
    return 0;
}

static uint64_t addmod(uint64_t a, uint64_t b, uint64_t n)
{
    uint64_t r = a + b; /* a, b < n < 2^63 */
    return r >= n ? r - n : r;
}

/* ---- brute force: lanes of consecutive multiples ---- */

#define LANES_MAX 128

static int brute(ctx *c, const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q,
                 uint64_t n, uint64_t *k)
{
    if (n > BRUTE_MAX)
        return ECDLP_ERR_TOO_BIG;
    if (Q->inf) {
        *k = 0;
        return ECDLP_OK;
    }
    /* lane l holds (start[l] + t) P after t steps */
    unsigned W = n < LANES_MAX ? (unsigned)n : LANES_MAX;
    uint64_t L = (n + W - 1) / W;
    ecdlp_point X[LANES_MAX];
    const ecdlp_point *A[LANES_MAX];
    uint64_t start[LANES_MAX], scratch[LANES_MAX];
    for (unsigned l = 0; l < W; l++) {
        start[l] = 1 + l * L;
        ecdlp_mul(E, start[l] % n, P, &X[l], &c->ops);
        A[l] = P;
    }
    for (uint64_t t = 0; t < L; t++) {
        for (unsigned l = 0; l < W; l++)
            if (ecdlp_point_eq(&X[l], Q) && start[l] + t < n) {
                *k = start[l] + t;
                return ECDLP_OK;
            }
        if ((t & 1023) == 1023 && expired(c))
            return ECDLP_ERR_TIMEOUT;
        ecdlp_batch_add(E, X, A, W, scratch);
        c->ops += W;
    }
    return ECDLP_ERR_NOT_FOUND;
}

/* ---- baby-step giant-step ---- */

/* The baby steps j P, 0 <= j < m, by a 32-bit fingerprint of x: an entry is
 * fingerprint << 32 | j (a fingerprint is never 0, so 0 marks an empty
 * slot). A fingerprint match is only a candidate, checked by kP = Q: half
 * the memory of storing x. */
static uint64_t fp_hash(uint64_t x) { return ecdlp_mix64(x); }

static int bsgs(ctx *c, const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q,
                uint64_t n, uint64_t *k)
{
    if (Q->inf) {
        *k = 0;
        return ECDLP_OK;
    }
    uint64_t m = ecdlp_isqrt(n - 1) + 1; /* m^2 >= n */
    if (m > c->bsgs_max || m >= ((uint64_t)1 << 32))
        return ECDLP_ERR_TOO_BIG;
    size_t cap = 16;
    while (cap < m + m / 3)
        cap <<= 1;
    uint64_t *tab = calloc(cap, sizeof *tab);
    if (!tab)
        return ECDLP_ERR_NOMEM;
    size_t mask = cap - 1;
    int rc = ECDLP_ERR_NOT_FOUND;
    unsigned W = m >= LANES_MAX ? LANES_MAX : m > 0 ? (unsigned)m : 1;
    ecdlp_point X[LANES_MAX];
    const ecdlp_point *A[LANES_MAX];
    uint64_t base[LANES_MAX], scratch[LANES_MAX];

    /* baby steps: lane l holds (base[l] + t) P */
    uint64_t L = (m + W - 1) / W;
    for (unsigned l = 0; l < W; l++) {
        base[l] = l * L;
        ecdlp_mul(E, base[l], P, &X[l], &c->ops);
        A[l] = P;
    }
    for (uint64_t t = 0; t < L; t++) {
        for (unsigned l = 0; l < W; l++) {
            uint64_t j = base[l] + t;
            if (j >= m || X[l].inf)
                continue;
            uint64_t h = fp_hash(X[l].x);
            uint64_t fp = (h >> 32) | 1;
            size_t i = (size_t)h & mask;
            while (tab[i] != 0)
                i = (i + 1) & mask;
            tab[i] = fp << 32 | j;
        }
        if ((t & 255) == 255 && expired(c)) {
            rc = ECDLP_ERR_TIMEOUT;
            goto out;
        }
        ecdlp_batch_add(E, X, A, W, scratch);
        c->ops += W;
    }

    /* giant steps: lane l holds Q - (base[l] + t) m P, 0 <= i <= m */
    ecdlp_point S;
    ecdlp_mul(E, m % n, P, &S, &c->ops);
    ecdlp_neg(E, &S, &S);
    uint64_t L2 = (m + W) / W; /* NOLINT(clang-analyzer-core.DivideZero): W >= 1 */
    for (unsigned l = 0; l < W; l++) {
        base[l] = l * L2;
        ecdlp_point T;
        ecdlp_mul(E, (n - ecdlp_mulmod(base[l], m, n)) % n, P, &T, &c->ops);
        ecdlp_add(E, Q, &T, &X[l]);
        A[l] = &S;
    }
    for (uint64_t t = 0; t < L2; t++) {
        for (unsigned l = 0; l < W; l++) {
            uint64_t i = base[l] + t;
            if (i > m)
                continue;
            if (X[l].inf) { /* Q = i m P */
                *k = ecdlp_mulmod(i, m, n);
                rc = ECDLP_OK;
                goto out;
            }
            uint64_t h = fp_hash(X[l].x);
            uint64_t fp = (h >> 32) | 1;
            for (size_t s = (size_t)h & mask; tab[s] != 0; s = (s + 1) & mask) {
                if (tab[s] >> 32 != fp)
                    continue;
                /* Q - i m P = ±j P */
                uint64_t j = tab[s] & 0xffffffffu, im = ecdlp_mulmod(i, m, n);
                uint64_t cand[2] = {addmod(im, j % n, n), addmod(im, (n - j % n) % n, n)};
                for (int e = 0; e < 2; e++) {
                    ecdlp_point T;
                    ecdlp_mul(E, cand[e], P, &T, &c->ops);
                    if (ecdlp_point_eq(&T, Q)) {
                        *k = cand[e];
                        rc = ECDLP_OK;
                        goto out;
                    }
                }
            }
        }
        if ((t & 255) == 255 && expired(c)) {
            rc = ECDLP_ERR_TIMEOUT;
            goto out;
        }
        ecdlp_batch_add(E, X, A, W, scratch);
        c->ops += W;
    }
out:
    free(tab);
    return rc;
}

/* ---- the rho walk engine ---- */

struct ecdlp_walk {
    ecdlp_curve E;
    ecdlp_point P, Q;
    uint64_t n;
    unsigned lanes;
    uint64_t dp_mask, max_len;
    ecdlp_point R[ECDLP_WALK_R];
    uint64_t rc[ECDLP_WALK_R], rd[ECDLP_WALK_R];
    ecdlp_point *X;
    const ecdlp_point **A;
    uint64_t *c, *d, *len, *scratch;
    ecdlp_rng rng;
    uint64_t ops, restarts;
};

/* the walk's partition index and the distinguished-point test, both from
 * one multiplicative hash of x (top bits: index; middle bits: DP) */
static inline uint64_t walk_hash(uint64_t x) { return x * 0x9E3779B97F4A7C15ull; }

/* X = cP + dQ for fresh random c, d (never O) */
static void walk_start(ecdlp_walk *w, unsigned i)
{
    do {
        ecdlp_point T;
        w->c[i] = ecdlp_rng_below(&w->rng, w->n);
        w->d[i] = ecdlp_rng_below(&w->rng, w->n);
        ecdlp_mul(&w->E, w->c[i], &w->P, &w->X[i], &w->ops);
        ecdlp_mul(&w->E, w->d[i], &w->Q, &T, &w->ops);
        ecdlp_add(&w->E, &w->X[i], &T, &w->X[i]);
        w->ops++;
    } while (w->X[i].inf);
    w->len[i] = 0;
}

void ecdlp_walk_params(uint64_t n, unsigned walkers, unsigned *lanes, unsigned *dp_bits)
{
    if (walkers == 0)
        walkers = 1;
    /* the expected sqrt(pi n / 2) steps; the lanes' tails after the
     * collision (2^d steps each, to the next DP) cost about 1/16 of it */
    double steps = sqrt(1.5707963 * (double)n);
    double l = steps / (256.0 * walkers);
    *lanes = l < 1 ? 1 : l > LANES_MAX ? LANES_MAX : (unsigned)l;
    double tail = steps / (16.0 * walkers * *lanes);
    unsigned d = 0;
    while (d < 30 && (double)(2ull << d) <= tail)
        d++;
    *dp_bits = d;
}

int ecdlp_walk_new(const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, uint64_t n,
                   unsigned lanes, unsigned dp_bits, uint64_t walk_seed, uint64_t start_seed,
                   ecdlp_walk **out)
{
    if (lanes == 0 || lanes > 4096 || dp_bits > 40 || n < 2)
        return ECDLP_ERR_ARG;
    ecdlp_walk *w = calloc(1, sizeof *w);
    if (!w)
        return ECDLP_ERR_NOMEM;
    w->E = *E;
    w->P = *P;
    w->Q = *Q;
    w->n = n;
    w->lanes = lanes;
    w->dp_mask = ((uint64_t)1 << dp_bits) - 1;
    w->max_len = 20 * ((uint64_t)1 << dp_bits) + 100;
    w->X = calloc(lanes, sizeof *w->X);
    w->A = calloc(lanes, sizeof(const ecdlp_point *));
    w->c = calloc(lanes, sizeof *w->c);
    w->d = calloc(lanes, sizeof *w->d);
    w->len = calloc(lanes, sizeof *w->len);
    w->scratch = calloc(lanes, sizeof *w->scratch);
    if (!w->X || !w->A || !w->c || !w->d || !w->len || !w->scratch) {
        ecdlp_walk_free(w);
        return ECDLP_ERR_NOMEM;
    }
    /* the multipliers: the same for every walker with this walk_seed */
    ecdlp_rng_seed(&w->rng, walk_seed);
    for (int j = 0; j < ECDLP_WALK_R; j++) {
        do {
            ecdlp_point T;
            w->rc[j] = ecdlp_rng_below(&w->rng, n);
            w->rd[j] = ecdlp_rng_below(&w->rng, n);
            ecdlp_mul(E, w->rc[j], P, &w->R[j], &w->ops);
            ecdlp_mul(E, w->rd[j], Q, &T, &w->ops);
            ecdlp_add(E, &w->R[j], &T, &w->R[j]);
        } while (w->R[j].inf);
    }
    ecdlp_rng_seed(&w->rng, start_seed);
    for (unsigned i = 0; i < lanes; i++)
        walk_start(w, i);
    *out = w;
    return ECDLP_OK;
}

size_t ecdlp_walk_run(ecdlp_walk *w, uint64_t max_steps, ecdlp_dp *out, size_t cap)
{
    size_t got = 0;
    const ecdlp_curve *E = &w->E;
    uint64_t n = w->n;
    for (uint64_t s = 0; s < max_steps && got + w->lanes <= cap; s++) {
        for (unsigned i = 0; i < w->lanes; i++) {
            unsigned j = (unsigned)(walk_hash(w->X[i].x) >> 59);
            w->A[i] = &w->R[j];
            w->c[i] = addmod(w->c[i], w->rc[j], n);
            w->d[i] = addmod(w->d[i], w->rd[j], n);
        }
        ecdlp_batch_add(E, w->X, w->A, w->lanes, w->scratch);
        w->ops += w->lanes;
        for (unsigned i = 0; i < w->lanes; i++) {
            ecdlp_point *X = &w->X[i];
            if (X->inf) { /* cP + dQ = O: a start over (rare) */
                w->restarts++;
                walk_start(w, i);
                continue;
            }
            if (((walk_hash(X->x) >> 24) & w->dp_mask) == 0) {
                ecdlp_dp *dp = &out[got++];
                dp->x = X->x;
                dp->y = X->y;
                dp->c = w->c[i];
                dp->d = w->d[i];
                dp->lane = i;
                w->len[i] = 0;
            } else if (++w->len[i] > w->max_len) {
                /* most likely caught in a cycle without a DP */
                w->restarts++;
                walk_start(w, i);
            }
        }
    }
    return got;
}

void ecdlp_walk_restart(ecdlp_walk *w, unsigned lane)
{
    if (lane < w->lanes) {
        w->restarts++;
        walk_start(w, lane);
    }
}

uint64_t ecdlp_walk_ops(const ecdlp_walk *w) { return w->ops; }
uint64_t ecdlp_walk_restarts(const ecdlp_walk *w) { return w->restarts; }

void ecdlp_walk_free(ecdlp_walk *w)
{
    if (!w)
        return;
    free(w->X);
    free(w->A);
    free(w->c);
    free(w->d);
    free(w->len);
    free(w->scratch);
    free(w);
}

int ecdlp_dp_solve(uint64_t n, const ecdlp_dp *a, const ecdlp_dp *b, uint64_t *k)
{
    uint64_t num, den;
    if (a->y == b->y) { /* ca + da k = cb + db k */
        num = addmod(b->c, n - a->c, n);
        den = addmod(a->d, n - b->d, n);
    } else { /* the negatives: ca + da k = -(cb + db k) */
        num = (n - addmod(a->c, b->c, n)) % n;
        den = addmod(a->d, b->d, n);
    }
    uint64_t inv = den ? ecdlp_invmod(den, n) : 0;
    if (inv == 0)
        return ECDLP_ERR_NOT_FOUND;
    *k = ecdlp_mulmod(num, inv, n);
    return ECDLP_OK;
}

int ecdlp_dptable_init(ecdlp_dptable *t)
{
    t->cap = 1024;
    t->used = 0;
    t->slot = calloc(t->cap, sizeof *t->slot);
    return t->slot ? ECDLP_OK : ECDLP_ERR_NOMEM;
}

/* x + 1 in slot.x marks a used slot (x < p < 2^62) */
static ecdlp_dp *dp_find(ecdlp_dp *slot, size_t cap, uint64_t x)
{
    size_t i = (size_t)ecdlp_mix64(x) & (cap - 1);
    while (slot[i].x != 0 && slot[i].x != x + 1)
        i = (i + 1) & (cap - 1);
    return &slot[i];
}

int ecdlp_dptable_insert(ecdlp_dptable *t, const ecdlp_dp *dp, ecdlp_dp *old)
{
    if (2 * (t->used + 1) > t->cap) {
        size_t cap = 2 * t->cap;
        ecdlp_dp *s = calloc(cap, sizeof *s);
        if (!s)
            return ECDLP_ERR_NOMEM;
        for (size_t i = 0; i < t->cap; i++)
            if (t->slot[i].x != 0)
                *dp_find(s, cap, t->slot[i].x - 1) = t->slot[i];
        free(t->slot);
        t->slot = s;
        t->cap = cap;
    }
    ecdlp_dp *e = dp_find(t->slot, t->cap, dp->x);
    if (e->x != 0) {
        *old = *e;
        old->x -= 1;
        return 1;
    }
    *e = *dp;
    e->x += 1;
    t->used++;
    return 0;
}

void ecdlp_dptable_free(ecdlp_dptable *t)
{
    free(t->slot);
    t->slot = NULL;
    t->cap = t->used = 0;
}

/* ---- Pollard rho: threads sharing one table (van Oorschot-Wiener) ---- */

typedef struct {
    pthread_mutex_t lock;
    ecdlp_dptable table;
    atomic_int stop; /* 1 found, 2 time out, 3 error */
    int err;
    uint64_t k;
    const ecdlp_curve *E;
    const ecdlp_point *P, *Q;
    uint64_t n;
    unsigned lanes, dp_bits;
    uint64_t walk_seed, seed;
    double deadline;
    uint64_t ops, restarts;
} rho_shared;

typedef struct {
    rho_shared *s;
    unsigned id;
} rho_arg;

static void *rho_thread(void *arg)
{
    rho_arg *ra = arg;
    rho_shared *s = ra->s;
    ecdlp_walk *w = NULL;
    ecdlp_dp *buf = malloc(2 * s->lanes * sizeof *buf);
    int rc = buf ? ecdlp_walk_new(s->E, s->P, s->Q, s->n, s->lanes, s->dp_bits, s->walk_seed,
                                  ecdlp_mix64(s->seed + 1000003u * (ra->id + 1)), &w)
                 : ECDLP_ERR_NOMEM;
    if (rc != ECDLP_OK) {
        pthread_mutex_lock(&s->lock);
        s->err = rc;
        atomic_store(&s->stop, 3);
        pthread_mutex_unlock(&s->lock);
        free(buf);
        return NULL;
    }
    while (atomic_load(&s->stop) == 0) {
        size_t got = ecdlp_walk_run(w, 64, buf, 2 * s->lanes);
        if (got) {
            pthread_mutex_lock(&s->lock);
            for (size_t i = 0; i < got && atomic_load(&s->stop) == 0; i++) {
                ecdlp_dp old;
                int hit = ecdlp_dptable_insert(&s->table, &buf[i], &old);
                if (hit < 0) {
                    s->err = hit;
                    atomic_store(&s->stop, 3);
                } else if (hit) {
                    uint64_t k;
                    ecdlp_point T;
                    if (ecdlp_dp_solve(s->n, &buf[i], &old, &k) == ECDLP_OK &&
                        (ecdlp_mul(s->E, k, s->P, &T, NULL), ecdlp_point_eq(&T, s->Q))) {
                        s->k = k;
                        atomic_store(&s->stop, 1);
                    } else { /* the same walk twice: this lane starts over */
                        ecdlp_walk_restart(w, buf[i].lane);
                    }
                }
            }
            pthread_mutex_unlock(&s->lock);
        }
        if (s->deadline > 0 && now_seconds() > s->deadline) {
            int zero = 0;
            atomic_compare_exchange_strong(&s->stop, &zero, 2);
        }
    }
    pthread_mutex_lock(&s->lock);
    s->ops += ecdlp_walk_ops(w);
    s->restarts += ecdlp_walk_restarts(w);
    pthread_mutex_unlock(&s->lock);
    ecdlp_walk_free(w);
    free(buf);
    return NULL;
}

static int rho(ctx *c, const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, uint64_t n,
               uint64_t *k)
{
    if (!ecdlp_is_prime(n))
        return ECDLP_ERR_ARG;
    if (Q->inf) {
        *k = 0;
        return ECDLP_OK;
    }
    if (n < 64) /* too small a group for distinguished points to pay */
        return brute(c, E, P, Q, n, k);
    rho_shared s;
    memset(&s, 0, sizeof s);
    if (ecdlp_dptable_init(&s.table) != ECDLP_OK)
        return ECDLP_ERR_NOMEM;
    pthread_mutex_init(&s.lock, NULL);
    atomic_init(&s.stop, 0);
    s.E = E;
    s.P = P;
    s.Q = Q;
    s.n = n;
    s.seed = c->seed;
    s.walk_seed = ecdlp_mix64(c->seed ^ 0x5157u);
    s.deadline = c->deadline;
    unsigned threads = c->threads < 1 ? 1 : c->threads > MAX_THREADS ? MAX_THREADS : c->threads;
    ecdlp_walk_params(n, threads, &s.lanes, &s.dp_bits);
    pthread_t tid[MAX_THREADS];
    rho_arg args[MAX_THREADS];
    unsigned started = 0;
    args[0].s = &s;
    args[0].id = 0;
    for (unsigned i = 1; i < threads; i++) {
        args[i].s = &s;
        args[i].id = i;
        if (pthread_create(&tid[i], NULL, rho_thread, &args[i]) != 0)
            break;
        started++;
    }
    rho_thread(&args[0]);
    for (unsigned i = 1; i <= started; i++)
        pthread_join(tid[i], NULL);
    c->ops += s.ops;
    c->restarts += s.restarts;
    c->dps += s.table.used;
    ecdlp_dptable_free(&s.table);
    pthread_mutex_destroy(&s.lock);
    int stop = atomic_load(&s.stop);
    if (stop == 1) {
        *k = s.k;
        return ECDLP_OK;
    }
    if (stop == 2) {
        c->timed_out = 1;
        return ECDLP_ERR_TIMEOUT;
    }
    return s.err ? s.err : ECDLP_ERR_NOT_FOUND;
}

/* ---- Pohlig-Hellman ---- */

/* the logarithm in a subgroup of prime order q */
static int prime_log(ctx *c, const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q,
                     uint64_t q, uint64_t *k)
{
    if (q <= PH_BSGS_MAX)
        return bsgs(c, E, P, Q, q, k);
    return rho(c, E, P, Q, q, k);
}

static int ph(ctx *c, const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, uint64_t n,
              const ecdlp_factors *f, uint64_t *k)
{
    uint64_t x = 0, mod = 1; /* k = x mod mod so far (CRT) */
    for (int i = 0; i < f->count; i++) {
        uint64_t q = f->prime[i], qe = 1;
        for (unsigned e = 0; e < f->exp[i]; e++)
            qe *= q;
        /* into the subgroup of order q^e */
        ecdlp_point Pi, Qi, gamma;
        ecdlp_mul(E, n / qe, P, &Pi, &c->ops);
        ecdlp_mul(E, n / qe, Q, &Qi, &c->ops);
        ecdlp_mul(E, qe / q, &Pi, &gamma, &c->ops); /* order q */
        /* its digits in base q: xi = d0 + d1 q + ... */
        uint64_t xi = 0, qj = 1;
        for (unsigned j = 0; j < f->exp[i]; j++) {
            ecdlp_point T;
            ecdlp_mul(E, xi, &Pi, &T, &c->ops);
            ecdlp_neg(E, &T, &T);
            ecdlp_add(E, &Qi, &T, &T);
            c->ops++;
            ecdlp_mul(E, qe / q / qj, &T, &T, &c->ops);
            uint64_t dj;
            int rc = prime_log(c, E, &gamma, &T, q, &dj);
            if (rc != ECDLP_OK)
                return rc;
            xi += dj * qj;
            qj *= q;
        }
        /* CRT: x mod mod and xi mod qe into x mod mod qe */
        uint64_t t = ecdlp_mulmod((xi + qe - x % qe) % qe, ecdlp_invmod(mod % qe, qe), qe);
        x += mod * t;
        mod *= qe;
    }
    *k = x % n;
    return ECDLP_OK;
}

/* ---- the entry points ---- */

int ecdlp_log(const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, uint64_t n,
              const ecdlp_factors *nf, ecdlp_method method, const ecdlp_attack_opts *o,
              ecdlp_attack_result *r)
{
    memset(r, 0, sizeof *r);
    if (n < 2 || n >= ((uint64_t)1 << 63) || P->inf || !ecdlp_point_on_curve(E, P) ||
        !ecdlp_point_on_curve(E, Q))
        return ECDLP_ERR_ARG;
    ctx c;
    memset(&c, 0, sizeof c);
    c.deadline = o && o->max_seconds > 0 ? now_seconds() + o->max_seconds : 0;
    c.threads = o && o->threads ? o->threads : 1;
    c.seed = o ? o->seed : 0;
    c.bsgs_max = o && o->bsgs_max_entries ? o->bsgs_max_entries : DEFAULT_BSGS_MAX;
    uint64_t k = 0;
    int rc;
    switch (method) {
    case ECDLP_BRUTE: rc = brute(&c, E, P, Q, n, &k); break;
    case ECDLP_BSGS: rc = bsgs(&c, E, P, Q, n, &k); break;
    case ECDLP_RHO: rc = rho(&c, E, P, Q, n, &k); break;
    case ECDLP_PH: {
        ecdlp_factors f;
        if (!nf) {
            ecdlp_factor(n, &f);
            nf = &f;
        }
        rc = ph(&c, E, P, Q, n, nf, &k);
        break;
    }
    default: rc = ECDLP_ERR_ARG;
    }
    r->ops = c.ops;
    r->restarts = c.restarts;
    r->dps = c.dps;
    r->timed_out = c.timed_out;
    if (rc == ECDLP_ERR_TIMEOUT)
        r->timed_out = 1;
    if (rc != ECDLP_OK)
        return rc;
    /* the answer is only an answer once checked */
    ecdlp_point T;
    ecdlp_mul(E, k, P, &T, NULL);
    if (!ecdlp_point_eq(&T, Q))
        return ECDLP_ERR_NOT_FOUND;
    r->found = 1;
    r->k = k;
    return ECDLP_OK;
}

int ecdlp_attack(const ecdlp_instance *inst, ecdlp_method method, const ecdlp_attack_opts *o,
                 ecdlp_attack_result *r)
{
    return ecdlp_log(&inst->E, &inst->P, &inst->Q, inst->n, &inst->nf, method, o, r);
}
