/* The attack lab's small elliptic curves (lab/ecdlp.h): the PRNG, 64-bit
 * number theory, the field F_p in Montgomery form, the affine group law,
 * point counting (brute force and Mestre's baby-step giant-step) and the
 * generated instances. */
#include <stdlib.h>
#include <string.h>

#include "ecdlp.h"

typedef unsigned __int128 u128;

/* ---- PRNG ---- */

uint64_t ecdlp_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

void ecdlp_rng_seed(ecdlp_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        seed += 0x9E3779B97F4A7C15ull;
        r->s[i] = ecdlp_mix64(seed);
    }
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ecdlp_rng_next(ecdlp_rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

uint64_t ecdlp_rng_below(ecdlp_rng *r, uint64_t bound)
{
    if (bound <= 1)
        return 0;
    /* the largest multiple of bound that fits: draws above it are redrawn */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t v;
    do
        v = ecdlp_rng_next(r);
    while (v >= limit);
    return v % bound;
}

/* ---- 64-bit number theory ---- */

uint64_t ecdlp_mulmod(uint64_t a, uint64_t b, uint64_t m) { return (uint64_t)((u128)a * b % m); }

uint64_t ecdlp_powmod(uint64_t a, uint64_t e, uint64_t m)
{
    uint64_t r = 1 % m;
    a %= m;
    while (e) {
        if (e & 1)
            r = ecdlp_mulmod(r, a, m);
        a = ecdlp_mulmod(a, a, m);
        e >>= 1;
    }
    return r;
}

uint64_t ecdlp_invmod(uint64_t a, uint64_t m)
{
    /* extended Euclid; the Bezout coefficients stay below m < 2^63 */
    int64_t t = 0, nt = 1;
    uint64_t r = m, nr = a % m;
    while (nr) {
        uint64_t q = r / nr, rr = r - q * nr;
        int64_t tt = t - (int64_t)q * nt;
        t = nt;
        nt = tt;
        r = nr;
        nr = rr;
    }
    if (r != 1)
        return 0;
    return t < 0 ? (uint64_t)(t + (int64_t)m) : (uint64_t)t;
}

int ecdlp_is_prime(uint64_t n)
{
    static const uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    if (n < 2)
        return 0;
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        if (n % bases[i] == 0)
            return n == bases[i];
    }
    uint64_t d = n - 1;
    int s = 0;
    while ((d & 1) == 0) {
        d >>= 1;
        s++;
    }
    /* these twelve bases decide every n < 3.3 * 10^24 */
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        uint64_t x = ecdlp_powmod(bases[i], d, n);
        if (x == 1 || x == n - 1)
            continue;
        int composite = 1;
        for (int j = 1; j < s && composite; j++) {
            x = ecdlp_mulmod(x, x, n);
            if (x == n - 1)
                composite = 0;
        }
        if (composite)
            return 0;
    }
    return 1;
}

uint64_t ecdlp_isqrt(uint64_t n)
{
    uint64_t r = (uint64_t)__builtin_sqrtl((long double)n);
    while (r > 0 && (u128)r * r > n)
        r--;
    while ((u128)(r + 1) * (r + 1) <= n)
        r++;
    return r;
}

int ecdlp_sqrtmod(uint64_t a, uint64_t p, uint64_t *r)
{
    a %= p;
    if (a == 0) {
        *r = 0;
        return 0;
    }
    if (ecdlp_powmod(a, (p - 1) / 2, p) != 1)
        return -1;
    if (p % 4 == 3) {
        *r = ecdlp_powmod(a, (p + 1) / 4, p);
        return 0;
    }
    /* Tonelli-Shanks: p - 1 = q 2^s */
    uint64_t q = p - 1;
    unsigned s = 0;
    while ((q & 1) == 0) {
        q >>= 1;
        s++;
    }
    uint64_t z = 2;
    while (ecdlp_powmod(z, (p - 1) / 2, p) != p - 1)
        z++;
    uint64_t c = ecdlp_powmod(z, q, p), x = ecdlp_powmod(a, (q + 1) / 2, p);
    uint64_t t = ecdlp_powmod(a, q, p);
    unsigned m = s;
    while (t != 1) {
        unsigned i = 0;
        uint64_t t2 = t;
        while (t2 != 1) {
            t2 = ecdlp_mulmod(t2, t2, p);
            i++;
        }
        uint64_t b = c;
        for (unsigned j = 0; j + i + 1 < m; j++)
            b = ecdlp_mulmod(b, b, p);
        x = ecdlp_mulmod(x, b, p);
        c = ecdlp_mulmod(b, b, p);
        t = ecdlp_mulmod(t, c, p);
        m = i;
    }
    *r = x;
    return 0;
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* a nontrivial factor of the odd composite n (Pollard rho, Brent's cycle
 * finding with the gcd taken over batches of 128 products) */
static uint64_t brent_factor(uint64_t n)
{
    for (uint64_t c = 1;; c++) {
        uint64_t y = 2, x = 2, ys = 2, q = 1, g = 1;
        for (uint64_t r = 1; g == 1; r <<= 1) {
            x = y;
            for (uint64_t i = 0; i < r; i++)
                y = (ecdlp_mulmod(y, y, n) + c) % n;
            for (uint64_t k = 0; k < r && g == 1; k += 128) {
                ys = y;
                for (uint64_t i = 0; i < 128 && i < r - k; i++) {
                    y = (ecdlp_mulmod(y, y, n) + c) % n;
                    q = ecdlp_mulmod(q, x > y ? x - y : y - x, n);
                }
                g = gcd64(q, n);
            }
        }
        if (g == n) { /* the batch overshot: step one at a time */
            do {
                ys = (ecdlp_mulmod(ys, ys, n) + c) % n;
                g = gcd64(x > ys ? x - ys : ys - x, n);
            } while (g == 1);
        }
        if (g != n)
            return g;
    }
}

static void add_factor(ecdlp_factors *f, uint64_t q, unsigned e)
{
    for (int i = 0; i < f->count; i++)
        if (f->prime[i] == q) {
            f->exp[i] += e;
            return;
        }
    int i = f->count++;
    while (i > 0 && f->prime[i - 1] > q) { /* keep them ascending */
        f->prime[i] = f->prime[i - 1];
        f->exp[i] = f->exp[i - 1];
        i--;
    }
    f->prime[i] = q;
    f->exp[i] = e;
}

/* the prime factors of n (no factor below 1000): a stack of the parts
 * still to split (at most 64 / 10 of them are ever waiting) */
static void factor_large(uint64_t n, ecdlp_factors *f)
{
    uint64_t stack[16];
    int top = 0;
    stack[top++] = n;
    while (top > 0) {
        uint64_t m = stack[--top];
        if (m == 1)
            continue;
        if (ecdlp_is_prime(m)) {
            add_factor(f, m, 1);
            continue;
        }
        uint64_t g = brent_factor(m);
        stack[top++] = g;
        stack[top++] = m / g;
    }
}

void ecdlp_factor(uint64_t n, ecdlp_factors *f)
{
    memset(f, 0, sizeof *f);
    for (uint64_t q = 2; q < 1000 && q * q <= n; q += q == 2 ? 1 : 2) {
        unsigned e = 0;
        while (n % q == 0) {
            n /= q;
            e++;
        }
        if (e)
            add_factor(f, q, e);
    }
    factor_large(n, f);
}

/* ---- the field: Montgomery form, R = 2^64, p < 2^62 ---- */

static inline uint64_t fmul(const ecdlp_curve *E, uint64_t a, uint64_t b)
{
    u128 t = (u128)a * b;
    uint64_t m = (uint64_t)t * E->pinv;
    /* t + m p < 2^124 + 2^126: no overflow; the sum is divisible by R */
    uint64_t r = (uint64_t)((t + (u128)m * E->p) >> 64);
    return r >= E->p ? r - E->p : r;
}

static inline uint64_t fadd(const ecdlp_curve *E, uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= E->p ? r - E->p : r;
}

static inline uint64_t fsub(const ecdlp_curve *E, uint64_t a, uint64_t b)
{
    return a >= b ? a - b : a + E->p - b;
}

static inline uint64_t to_mont(const ecdlp_curve *E, uint64_t a) { return fmul(E, a, E->r2); }
static inline uint64_t from_mont(const ecdlp_curve *E, uint64_t a) { return fmul(E, a, 1); }

/* (aR)^-1 R: Euclid gives (aR)^-1, and R^3 R^-1 brings it back */
static uint64_t finv(const ecdlp_curve *E, uint64_t a)
{
    return fmul(E, ecdlp_invmod(a, E->p), E->r3);
}

int ecdlp_curve_init(ecdlp_curve *E, uint64_t p, uint64_t a, uint64_t b)
{
    if (p < 5 || p >= (1ull << 62) || !ecdlp_is_prime(p) || a >= p || b >= p)
        return ECDLP_ERR_ARG;
    memset(E, 0, sizeof *E);
    E->p = p;
    E->a = a;
    E->b = b;
    uint64_t inv = p; /* Newton's iteration doubles the correct low bits */
    for (int i = 0; i < 5; i++)
        inv *= 2 - p * inv;
    E->pinv = (uint64_t)0 - inv;
    E->one = ((uint64_t)0 - p) % p;
    E->r2 = ecdlp_mulmod(E->one, E->one, p);
    E->r3 = fmul(E, E->r2, E->r2);
    E->am = to_mont(E, a);
    E->bm = to_mont(E, b);
    uint64_t disc =
        (4 * ecdlp_mulmod(ecdlp_mulmod(a, a, p), a, p) % p + 27 * ecdlp_mulmod(b, b, p) % p) % p;
    return disc == 0 ? ECDLP_ERR_ARG : ECDLP_OK;
}

/* x^3 + ax + b in Montgomery form */
static uint64_t rhs(const ecdlp_curve *E, uint64_t x)
{
    return fadd(E, fmul(E, fadd(E, fmul(E, x, x), E->am), x), E->bm);
}

int ecdlp_point_on_curve(const ecdlp_curve *E, const ecdlp_point *P)
{
    if (P->inf)
        return 1;
    return P->x < E->p && P->y < E->p && fmul(E, P->y, P->y) == rhs(E, P->x);
}

int ecdlp_point_set(const ecdlp_curve *E, uint64_t x, uint64_t y, ecdlp_point *P)
{
    if (x >= E->p || y >= E->p)
        return ECDLP_ERR_ARG;
    P->x = to_mont(E, x);
    P->y = to_mont(E, y);
    P->inf = 0;
    return ecdlp_point_on_curve(E, P) ? ECDLP_OK : ECDLP_ERR_ARG;
}

void ecdlp_point_xy(const ecdlp_curve *E, const ecdlp_point *P, uint64_t *x, uint64_t *y)
{
    *x = P->inf ? 0 : from_mont(E, P->x);
    *y = P->inf ? 0 : from_mont(E, P->y);
}

int ecdlp_point_eq(const ecdlp_point *P, const ecdlp_point *Q)
{
    if (P->inf || Q->inf)
        return P->inf == Q->inf;
    return P->x == Q->x && P->y == Q->y;
}

void ecdlp_point_random(const ecdlp_curve *E, ecdlp_rng *rng, ecdlp_point *P)
{
    for (;;) {
        uint64_t x = ecdlp_rng_below(rng, E->p), y;
        uint64_t v = from_mont(E, rhs(E, to_mont(E, x)));
        if (ecdlp_sqrtmod(v, E->p, &y) != 0)
            continue;
        if (ecdlp_rng_next(rng) & 1)
            y = (E->p - y) % E->p;
        P->x = to_mont(E, x);
        P->y = to_mont(E, y);
        P->inf = 0;
        return;
    }
}

void ecdlp_neg(const ecdlp_curve *E, const ecdlp_point *P, ecdlp_point *R)
{
    R->x = P->x;
    R->y = P->inf ? 0 : fsub(E, 0, P->y);
    R->inf = P->inf;
}

void ecdlp_dbl(const ecdlp_curve *E, const ecdlp_point *P, ecdlp_point *R)
{
    if (P->inf || P->y == 0) {
        R->inf = 1;
        R->x = R->y = 0;
        return;
    }
    uint64_t xx = fmul(E, P->x, P->x);
    uint64_t num = fadd(E, fadd(E, fadd(E, xx, xx), xx), E->am);
    uint64_t l = fmul(E, num, finv(E, fadd(E, P->y, P->y)));
    uint64_t x3 = fsub(E, fsub(E, fmul(E, l, l), P->x), P->x);
    uint64_t y3 = fsub(E, fmul(E, l, fsub(E, P->x, x3)), P->y);
    R->x = x3;
    R->y = y3;
    R->inf = 0;
}

void ecdlp_add(const ecdlp_curve *E, const ecdlp_point *P, const ecdlp_point *Q, ecdlp_point *R)
{
    if (P->inf) {
        *R = *Q;
        return;
    }
    if (Q->inf) {
        *R = *P;
        return;
    }
    if (P->x == Q->x) {
        if (P->y == Q->y) {
            ecdlp_dbl(E, P, R);
        } else {
            R->inf = 1;
            R->x = R->y = 0;
        }
        return;
    }
    uint64_t l = fmul(E, fsub(E, Q->y, P->y), finv(E, fsub(E, Q->x, P->x)));
    uint64_t x3 = fsub(E, fsub(E, fmul(E, l, l), P->x), Q->x);
    uint64_t y3 = fsub(E, fmul(E, l, fsub(E, P->x, x3)), P->y);
    R->x = x3;
    R->y = y3;
    R->inf = 0;
}

void ecdlp_mul(const ecdlp_curve *E, uint64_t k, const ecdlp_point *P, ecdlp_point *R,
               uint64_t *ops)
{
    ecdlp_point acc = {0, 0, 1}, base = *P;
    uint64_t n = 0;
    for (int i = 63; i >= 0; i--) {
        if (!acc.inf) {
            ecdlp_dbl(E, &acc, &acc);
            n++;
        }
        if ((k >> i) & 1) {
            ecdlp_add(E, &acc, &base, &acc);
            n++;
        }
    }
    *R = acc;
    if (ops)
        *ops += n;
}

static int exceptional(const ecdlp_point *X, const ecdlp_point *A)
{
    return X->inf || A->inf || X->x == A->x;
}

void ecdlp_batch_add(const ecdlp_curve *E, ecdlp_point *X, const ecdlp_point *const *A,
                     size_t count, uint64_t *scratch)
{
    if (count == 0)
        return;
    /* scratch[i] = the product of the denominators before i; exceptional
     * sums contribute 1 (they are done by ecdlp_add afterwards) */
    uint64_t acc = E->one;
    for (size_t i = 0; i < count; i++) {
        scratch[i] = acc;
        if (!exceptional(&X[i], A[i]))
            acc = fmul(E, acc, fsub(E, A[i]->x, X[i].x));
    }
    uint64_t inv = finv(E, acc);
    for (size_t i = count; i-- > 0;) {
        const ecdlp_point *a = A[i];
        ecdlp_point *x = &X[i];
        if (exceptional(x, a)) {
            ecdlp_add(E, x, a, x);
            continue;
        }
        uint64_t den = fsub(E, a->x, x->x);
        uint64_t di = fmul(E, inv, scratch[i]); /* 1 / den */
        inv = fmul(E, inv, den);
        uint64_t l = fmul(E, fsub(E, a->y, x->y), di);
        uint64_t x3 = fsub(E, fsub(E, fmul(E, l, l), x->x), a->x);
        x->y = fsub(E, fmul(E, l, fsub(E, x->x, x3)), x->y);
        x->x = x3;
    }
}

/* ---- point counting ---- */

int ecdlp_count_brute(const ecdlp_curve *E, uint64_t *order)
{
    uint64_t p = E->p;
    if (p >= (1u << 24))
        return ECDLP_ERR_TOO_BIG;
    unsigned char *square = calloc(p, 1);
    if (!square)
        return ECDLP_ERR_NOMEM;
    for (uint64_t y = 1; y <= p / 2; y++)
        square[y * y % p] = 1;
    uint64_t n = 1; /* O */
    for (uint64_t x = 0; x < p; x++) {
        uint64_t v = (x * x % p * x + E->a * x + E->b) % p;
        n += v == 0 ? 1 : square[v] ? 2 : 0;
    }
    free(square);
    *order = n;
    return ECDLP_OK;
}

uint64_t ecdlp_point_order(const ecdlp_curve *E, const ecdlp_point *P, uint64_t m)
{
    ecdlp_factors f;
    ecdlp_factor(m, &f);
    for (int i = 0; i < f.count; i++) {
        for (unsigned e = 0; e < f.exp[i]; e++) {
            ecdlp_point T;
            ecdlp_mul(E, m / f.prime[i], P, &T, NULL);
            if (!T.inf)
                break;
            m /= f.prime[i];
        }
    }
    return m;
}

/* A small hash table x -> j for the baby steps of point counting (x in
 * Montgomery form, j >= 1; key 0 marks an empty slot: x + 1 is stored). */
typedef struct {
    uint64_t *key;
    uint64_t *val;
    size_t mask;
} xtable;

static int xtable_init(xtable *t, size_t entries)
{
    size_t cap = 16;
    while (cap < 2 * entries)
        cap <<= 1;
    t->key = calloc(cap, sizeof *t->key);
    t->val = malloc(cap * sizeof *t->val);
    t->mask = cap - 1;
    if (!t->key || !t->val) {
        free(t->key);
        free(t->val);
        return ECDLP_ERR_NOMEM;
    }
    return ECDLP_OK;
}

static size_t xslot(const xtable *t, uint64_t x)
{
    size_t i = (size_t)(ecdlp_mix64(x) & t->mask);
    while (t->key[i] != 0 && t->key[i] != x + 1)
        i = (i + 1) & t->mask;
    return i;
}

#define COUNT_LANES 32

/* One multiple of the order of P (P != O) given that some t in [tlo, thi]
 * has t L P = O: baby-step giant-step on t, the steps in COUNT_LANES lanes
 * that share one inversion (ecdlp_batch_add). Returns 0 on allocation
 * failure. */
static uint64_t order_multiple(const ecdlp_curve *E, const ecdlp_point *P, uint64_t L, uint64_t tlo,
                               uint64_t thi)
{
    ecdlp_point R;
    ecdlp_mul(E, L, P, &R, NULL);
    if (R.inf)
        return L;
    uint64_t s = ecdlp_isqrt(thi - tlo + 1) + 1;
    xtable t;
    if (xtable_init(&t, s) != ECDLP_OK)
        return 0;
    uint64_t result = 0, scratch[COUNT_LANES], base[COUNT_LANES];
    ecdlp_point X[COUNT_LANES];
    const ecdlp_point *A[COUNT_LANES];
    unsigned W = s < COUNT_LANES ? (unsigned)s : COUNT_LANES;
    /* baby steps jR, 1 <= j <= s: lane l holds (base[l] + u) R */
    uint64_t len = (s + W - 1) / W;
    for (unsigned l = 0; l < W; l++) {
        base[l] = 1 + l * len;
        ecdlp_mul(E, base[l], &R, &X[l], NULL);
        A[l] = &R;
    }
    for (uint64_t u = 0; u < len; u++) {
        for (unsigned l = 0; l < W; l++) {
            uint64_t j = base[l] + u;
            if (j > s)
                continue;
            if (X[l].inf) { /* jR = O */
                result = L * j;
                goto done;
            }
            size_t i = xslot(&t, X[l].x);
            if (t.key[i]) { /* jR = ±j'R: a small order */
                uint64_t j2 = t.val[i];
                result = L * (j > j2 ? j - j2 : j2 - j);
                ecdlp_point T;
                ecdlp_mul(E, result, P, &T, NULL);
                if (!T.inf)
                    result = L * (j + j2);
                goto done;
            }
            t.key[i] = X[l].x + 1;
            t.val[i] = j;
        }
        ecdlp_batch_add(E, X, A, W, scratch);
    }
    /* giant steps (tlo + i s) R, 0 <= i <= count, stride S = sR: lane l
     * holds i = base[l] + u */
    ecdlp_point S;
    ecdlp_mul(E, s, &R, &S, NULL);
    uint64_t count = (thi - tlo) / s + 1; /* NOLINT(clang-analyzer-core.DivideZero): s >= 1 */
    len = (count + 1 + W - 1) / W;
    for (unsigned l = 0; l < W; l++) {
        base[l] = l * len;
        ecdlp_mul(E, tlo + base[l] * s, &R, &X[l], NULL);
        A[l] = &S;
    }
    for (uint64_t u = 0; u < len; u++) {
        for (unsigned l = 0; l < W; l++) {
            uint64_t i = base[l] + u;
            if (i > count)
                continue;
            uint64_t g = tlo + i * s;
            if (X[l].inf) {
                result = L * g;
                goto done;
            }
            size_t k = xslot(&t, X[l].x);
            if (t.key[k]) {
                uint64_t j = t.val[k];
                ecdlp_point T;
                ecdlp_mul(E, j, &R, &T, NULL);
                /* G = jR: (g - j) R = O; G = -jR: (g + j) R = O */
                int same = ecdlp_point_eq(&T, &X[l]);
                uint64_t c = same ? (g > j ? g - j : 0) : g + j;
                if (c > 0) {
                    result = L * c;
                    goto done;
                }
            }
        }
        ecdlp_batch_add(E, X, A, W, scratch);
    }
done:
    free(t.key);
    free(t.val);
    return result;
}

static uint64_t lcm64(uint64_t a, uint64_t b, int *overflow)
{
    uint64_t g = gcd64(a, b);
    u128 l = (u128)(a / g) * b;
    if (l >> 63) {
        *overflow = 1;
        return a;
    }
    return (uint64_t)l;
}

/* the number of N in [lo, hi] with LE | N and LT | (2p + 2 - N), up to 2
 * (*N gets one), or 3 for "too many to list" */
static int candidates(uint64_t lo, uint64_t hi, uint64_t LE, uint64_t LT, uint64_t p, uint64_t *N)
{
    if (LE == 0 || LT == 0) /* never: orders are >= 1 */
        return 3;
    uint64_t first = (lo + LE - 1) / LE * LE;
    if (first > hi)
        return 0;
    if ((hi - first) / LE > 4096)
        return 3;
    int found = 0;
    for (uint64_t m = first; m <= hi; m += LE) {
        if ((2 * p + 2 - m) % LT == 0) {
            *N = m;
            if (++found >= 2)
                return 2;
        }
    }
    return found;
}

int ecdlp_count(const ecdlp_curve *E, uint64_t seed, uint64_t *order)
{
    uint64_t p = E->p;
    if (p < 1000)
        return ecdlp_count_brute(E, order);
    /* the twist y^2 = x^3 + a d^2 x + b d^3, d a non-residue: #E + #E' =
     * 2p + 2 */
    uint64_t d = 2;
    while (ecdlp_powmod(d, (p - 1) / 2, p) != p - 1)
        d++;
    uint64_t d2 = ecdlp_mulmod(d, d, p);
    ecdlp_curve T;
    if (ecdlp_curve_init(&T, p, ecdlp_mulmod(E->a, d2, p),
                         ecdlp_mulmod(E->b, ecdlp_mulmod(d2, d, p), p)) != ECDLP_OK)
        return ECDLP_ERR_ARG;
    /* the Hasse interval, the same for the twist: |p + 1 - N| <= 2 sqrt(p) */
    uint64_t w = ecdlp_isqrt(4 * p);
    uint64_t lo = p + 1 - w, hi = p + 1 + w;
    uint64_t LE = 1, LT = 1;
    ecdlp_rng rng;
    ecdlp_rng_seed(&rng, seed ^ p);
    for (int round = 0; round < 200; round++) {
        int twist = round & 1;
        const ecdlp_curve *C = twist ? &T : E;
        uint64_t *Lc = twist ? &LT : &LE;
        ecdlp_point P;
        ecdlp_point_random(C, &rng, &P);
        uint64_t tlo = (lo + *Lc - 1) / *Lc, thi = hi / *Lc;
        if (tlo > thi) /* cannot happen: Lc divides the order, in [lo, hi] */
            return ECDLP_ERR_COUNT;
        uint64_t m = order_multiple(C, &P, *Lc, tlo, thi);
        if (m == 0)
            return ECDLP_ERR_NOMEM;
        int overflow = 0;
        *Lc = lcm64(*Lc, ecdlp_point_order(C, &P, m), &overflow);
        if (overflow)
            return ECDLP_ERR_COUNT;
        uint64_t N = 0;
        int c = candidates(lo, hi, LE, LT, p, &N);
        if (c == 1) {
            *order = N;
            return ECDLP_OK;
        }
        if (c == 0)
            return ECDLP_ERR_COUNT; /* cannot happen: the true order fits */
    }
    return ECDLP_ERR_COUNT;
}

/* ---- instances ---- */

/* polynomials of degree < 3 modulo f = x^3 + ax + b (coefficients mod p):
 * r = u v mod f, with x^3 = -ax - b and x^4 = -ax^2 - bx */
static void poly_mulmod(uint64_t r[3], const uint64_t u[3], const uint64_t v[3], uint64_t p,
                        uint64_t a, uint64_t b)
{
    uint64_t c[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            c[i + j] = (c[i + j] + ecdlp_mulmod(u[i], v[j], p)) % p;
    c[2] = (c[2] + p - ecdlp_mulmod(a, c[4], p)) % p;
    c[1] = (c[1] + p - ecdlp_mulmod(b, c[4], p)) % p;
    c[1] = (c[1] + p - ecdlp_mulmod(a, c[3], p)) % p;
    c[0] = (c[0] + p - ecdlp_mulmod(b, c[3], p)) % p;
    r[0] = c[0];
    r[1] = c[1];
    r[2] = c[2];
}

static int poly_degree(const uint64_t *a, int n)
{
    int d = n - 1;
    while (d >= 0 && a[d] == 0)
        d--;
    return d;
}

/* a = a mod b (b of degree db >= 0) */
static void poly_rem(uint64_t a[4], const uint64_t b[4], int db, uint64_t p)
{
    uint64_t inv = ecdlp_invmod(b[db], p);
    for (int i = poly_degree(a, 4); i >= db; i--) {
        uint64_t q = ecdlp_mulmod(a[i], inv, p);
        for (int j = 0; j <= db; j++)
            a[i - db + j] = (a[i - db + j] + p - ecdlp_mulmod(q, b[j], p)) % p;
    }
}

/* whether x^3 + ax + b has a root in F_p, i.e. E has a point (x, 0) of
 * order 2 and an even order: gcd(x^p - x, f) != 1. Costs about 2 log p
 * products of quadratics, nothing beside a point count: it screens out
 * about two thirds of the curves before counting when the order must be
 * prime. */
static int cubic_has_root(uint64_t p, uint64_t a, uint64_t b)
{
    uint64_t r[3] = {1, 0, 0}, s[3] = {0, 1, 0};
    for (uint64_t e = p; e; e >>= 1) {
        if (e & 1)
            poly_mulmod(r, r, s, p, a, b);
        poly_mulmod(s, s, s, p, a, b);
    }
    uint64_t A[4] = {b, a, 0, 1}, B[4] = {r[0], (r[1] + p - 1) % p, r[2], 0};
    for (;;) {
        int db = poly_degree(B, 4);
        if (db < 0)
            return poly_degree(A, 4) >= 1;
        poly_rem(A, B, db, p);
        for (int i = 0; i < 4; i++) {
            uint64_t t = A[i];
            A[i] = B[i];
            B[i] = t;
        }
    }
}

/* a uniformly random prime of exactly bits bits whose curves' orders have
 * bits bits too: p + 1 ± 2 sqrt(p) stays inside [2^(bits-1), 2^bits) */
static uint64_t random_prime(unsigned bits, ecdlp_rng *rng)
{
    uint64_t margin = 4ull << (bits / 2);
    uint64_t lo = (1ull << (bits - 1)) + margin, hi = (1ull << bits) - margin;
    for (;;) {
        uint64_t p = (lo + ecdlp_rng_below(rng, hi - lo)) | 1;
        if (ecdlp_is_prime(p))
            return p;
    }
}

static unsigned bit_length(uint64_t n) { return n ? 64u - (unsigned)__builtin_clzll(n) : 0; }

int ecdlp_instance_generate(unsigned bits, uint64_t seed, ecdlp_kind kind, unsigned smooth_bits,
                            ecdlp_instance *inst)
{
    if (bits < ECDLP_MIN_BITS || bits > ECDLP_MAX_BITS)
        return ECDLP_ERR_ARG;
    if (smooth_bits == 0)
        smooth_bits = bits / 3 < 8 ? 8 : bits / 3;
    memset(inst, 0, sizeof *inst);
    ecdlp_rng rng;
    ecdlp_rng_seed(&rng, seed);
    uint64_t p = random_prime(bits, &rng);
    for (unsigned tries = 1; tries <= 100000; tries++) {
        if (tries % 200 == 0) /* some primes are unlucky: draw another */
            p = random_prime(bits, &rng);
        uint64_t a = ecdlp_rng_below(&rng, p), b = ecdlp_rng_below(&rng, p);
        ecdlp_curve E;
        if (ecdlp_curve_init(&E, p, a, b) != ECDLP_OK)
            continue;
        if (kind == ECDLP_PRIME_ORDER && cubic_has_root(p, a, b))
            continue;
        uint64_t N;
        int rc = ecdlp_count(&E, ecdlp_rng_next(&rng), &N);
        if (rc == ECDLP_ERR_NOMEM)
            return rc;
        if (rc != ECDLP_OK || N == p || bit_length(N) != bits)
            continue;
        ecdlp_point P;
        uint64_t n;
        if (kind == ECDLP_PRIME_ORDER) {
            if (!ecdlp_is_prime(N))
                continue;
            ecdlp_point_random(&E, &rng, &P);
            n = N;
        } else {
            ecdlp_factors f;
            ecdlp_factor(N, &f);
            if (bit_length(f.prime[f.count - 1]) > smooth_bits)
                continue;
            /* the point of largest order among a few (the group may not be
             * cyclic); its order must keep the size */
            n = 0;
            for (int i = 0; i < 8 && n != N; i++) {
                ecdlp_point R;
                ecdlp_point_random(&E, &rng, &R);
                uint64_t o = ecdlp_point_order(&E, &R, N);
                if (o > n) {
                    n = o;
                    P = R;
                }
            }
            if (bit_length(n) != bits)
                continue;
        }
        inst->E = E;
        inst->curve_order = N;
        inst->P = P;
        inst->n = n;
        ecdlp_factor(n, &inst->nf);
        inst->k = 1 + ecdlp_rng_below(&rng, n - 1);
        ecdlp_mul(&E, inst->k, &P, &inst->Q, NULL);
        inst->curves_tried = tries;
        return ECDLP_OK;
    }
    return ECDLP_ERR_NOT_FOUND;
}
