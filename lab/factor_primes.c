/* The factoring lab's small tools (lab/factor_internal.h): the clock and
 * deadlines, a splitmix64 stream, and the primes in order from a segmented
 * sieve (trial division walks them; p - 1 raises to them). */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "factor_internal.h"

double pkc_lab_factor_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double pkc_lab_factor_deadline(double max_seconds)
{
    return max_seconds > 0 ? pkc_lab_factor_now() + max_seconds : 0;
}

int pkc_lab_factor_expired(double deadline)
{
    return deadline > 0 && pkc_lab_factor_now() >= deadline;
}

uint64_t pkc_lab_factor_splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* odd numbers per segment: a 64 KiB window of the integers, small enough to
 * stay in the L2 cache */
#define SEG_ODDS 32768u
/* the first base primes: every odd prime below 2^16, enough for segments
 * up to 2^32; more are sieved when the segments pass that */
#define BASE_FIRST 65536u

static pkc_err base_push(pkc_lab_primes *g, uint32_t p)
{
    if (g->nbase == g->capbase) {
        size_t cap = g->capbase ? 2 * g->capbase : 8192;
        uint32_t *b = realloc(g->base, cap * sizeof *b);
        if (!b)
            return PKC_ERR_NOMEM;
        g->base = b;
        g->capbase = cap;
    }
    g->base[g->nbase++] = p;
    return PKC_OK;
}

/* Sieves the odd numbers of [lo, lo + 2 count) with the base primes whose
 * square is below the window's end: seg[i] != 0 when lo + 2 i is composite.
 * The base primes must reach the square root of the window's end. */
static void sieve_window(const pkc_lab_primes *g, uint8_t *seg, uint64_t lo, size_t count)
{
    memset(seg, 0, count);
    uint64_t hi = lo + 2 * (uint64_t)count;
    for (size_t k = 0; k < g->nbase; k++) {
        uint64_t p = g->base[k];
        if (p * p >= hi)
            break;
        uint64_t m = p * p;
        if (m < lo) {
            m = (lo + p - 1) / p * p;
            if ((m & 1) == 0)
                m += p;
        }
        for (uint64_t i = (m - lo) / 2; i < count; i += p)
            seg[i] = 1;
    }
}

/* Makes the base primes reach at least need (need < 2^32), one window of
 * SEG_ODDS odd numbers at a time, each sieved with the base primes there
 * are: they reach the square root of the window's end, which is far below
 * base_limit^2. */
static pkc_err base_extend(pkc_lab_primes *g, uint64_t need)
{
    uint8_t *w = NULL;
    while (g->base_limit < need && g->base_limit < 0xffffffffull) {
        uint64_t lo = g->base_limit + 1 + (g->base_limit % 2 == 0 ? 1 : 0); /* odd */
        uint64_t to = lo + 2 * (uint64_t)(SEG_ODDS - 1);
        if (to > 0xffffffffull)
            to = 0xffffffffull;
        size_t count = (size_t)((to - lo) / 2 + 1);
        if (!w && !(w = malloc(SEG_ODDS)))
            return PKC_ERR_NOMEM;
        sieve_window(g, w, lo, count);
        for (size_t i = 0; i < count; i++)
            if (!w[i] && base_push(g, (uint32_t)(lo + 2 * i)) != PKC_OK) {
                free(w);
                return PKC_ERR_NOMEM;
            }
        g->base_limit = to;
    }
    free(w);
    return PKC_OK;
}

pkc_err pkc_lab_primes_init(pkc_lab_primes *g)
{
    memset(g, 0, sizeof *g);
    /* the first base primes by the plain sieve */
    uint8_t *c = calloc(BASE_FIRST, 1);
    g->seg = malloc(SEG_ODDS);
    if (!c || !g->seg) {
        free(c);
        pkc_lab_primes_clear(g);
        return PKC_ERR_NOMEM;
    }
    for (uint32_t i = 3; i < BASE_FIRST; i += 2) {
        if (c[i])
            continue;
        if (base_push(g, i) != PKC_OK) {
            free(c);
            pkc_lab_primes_clear(g);
            return PKC_ERR_NOMEM;
        }
        for (uint64_t j = (uint64_t)i * i; j < BASE_FIRST; j += 2 * i)
            c[j] = 1;
    }
    free(c);
    g->base_limit = BASE_FIRST - 1;
    g->lo = 3;
    g->idx = 0;
    sieve_window(g, g->seg, g->lo, SEG_ODDS);
    return PKC_OK;
}

/* the integer square root of x (floor), x < 2^64 */
static uint64_t isqrt64(uint64_t x)
{
    uint64_t r = 0;
    for (uint64_t bit = (uint64_t)1 << 62; bit; bit >>= 2) {
        if (x >= r + bit) {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
    }
    return r;
}

uint64_t pkc_lab_primes_next(pkc_lab_primes *g)
{
    if (!g->seg)
        return 0;
    if (!g->started) {
        g->started = 1;
        return 2;
    }
    for (;;) {
        while (g->idx < SEG_ODDS) {
            size_t i = g->idx++;
            if (!g->seg[i])
                return g->lo + 2 * (uint64_t)i;
        }
        if (g->lo > ((uint64_t)1 << 63))
            return 0;
        g->lo += 2 * (uint64_t)SEG_ODDS;
        g->idx = 0;
        uint64_t hi = g->lo + 2 * (uint64_t)SEG_ODDS;
        if (base_extend(g, isqrt64(hi) + 1) != PKC_OK)
            return 0;
        sieve_window(g, g->seg, g->lo, SEG_ODDS);
    }
}

void pkc_lab_primes_clear(pkc_lab_primes *g)
{
    free(g->base);
    free(g->seg);
    memset(g, 0, sizeof *g);
}
