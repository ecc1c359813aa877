/* The factoring lab's own methods (lab/factor.h): trial division, Fermat,
 * Pollard rho (Brent) and Pollard p - 1. n reaches them odd, composite and
 * >= 9 (pkc_lab_factor_run checks); each counts its basic steps in r->ops
 * and looks at the clock every few thousand steps, so a time limit stops it
 * within milliseconds. The modular multiplications are plain mpz_mul and
 * mpz_tdiv_r, the same in every method, so that their counts compare. */
#include <stdlib.h>

#include "factor_internal.h"

static void found(pkc_lab_factor_result *r, const mpz_t f)
{
    mpz_set(r->factor, f);
    r->status = PKC_LAB_FACTOR_FOUND;
    r->reason = NULL;
}

static void timed_out(pkc_lab_factor_result *r)
{
    r->status = PKC_LAB_FACTOR_TIMED_OUT;
    r->reason = "time limit reached";
}

static void not_found(pkc_lab_factor_result *r, const char *why)
{
    r->status = PKC_LAB_FACTOR_NOT_FOUND;
    r->reason = why;
}

/* a = a b mod n, one counted modular multiplication */
static void mulmod(mpz_t a, const mpz_t b, const mpz_t n, uint64_t *ops)
{
    mpz_mul(a, a, b);
    mpz_tdiv_r(a, a, n);
    ++*ops;
}

/* ---- trial division ---- */

pkc_err pkc_lab_factor_trial(const mpz_t n, double deadline, pkc_lab_factor_result *r)
{
    pkc_lab_primes g;
    if (pkc_lab_primes_init(&g) != PKC_OK)
        return PKC_ERR_NOMEM;
    mpz_t s;
    mpz_init(s);
    mpz_sqrt(s, n);
    uint64_t limit = mpz_fits_ulong_p(s) ? mpz_get_ui(s) : UINT64_MAX;
    pkc_err err = PKC_OK;
    for (;;) {
        uint64_t ell = pkc_lab_primes_next(&g);
        if (ell == 0) {
            if (g.seg)
                not_found(r, "no factor below 2^63");
            else
                err = PKC_ERR_NOMEM;
            break;
        }
        if (ell > limit) { /* n has no factor up to its square root */
            not_found(r, "no prime factor up to sqrt(n)");
            break;
        }
        r->ops++;
        if (mpz_divisible_ui_p(n, ell)) {
            mpz_set_ui(s, ell);
            found(r, s);
            break;
        }
        if ((r->ops & 4095) == 0 && pkc_lab_factor_expired(deadline)) {
            timed_out(r);
            break;
        }
    }
    mpz_clear(s);
    pkc_lab_primes_clear(&g);
    return err;
}

/* ---- Fermat ---- */

/* a from ceil(sqrt n) up, until a^2 - n is a square b^2: n = (a - b)(a + b).
 * b2 = a^2 - n is kept up to date by adding 2 a + 1, so an iteration is an
 * addition and a square test (mpz_perfect_square_p rejects most
 * non-squares by residues without a square root). */
pkc_err pkc_lab_factor_fermat(const mpz_t n, double deadline, pkc_lab_factor_result *r)
{
    mpz_t a, b2, t;
    mpz_inits(a, b2, t, NULL);
    mpz_sqrtrem(a, b2, n);
    if (mpz_sgn(b2) != 0)
        mpz_add_ui(a, a, 1);
    mpz_mul(b2, a, a);
    mpz_sub(b2, b2, n);
    for (;;) {
        r->ops++;
        if (mpz_perfect_square_p(b2)) {
            mpz_sqrt(t, b2);
            mpz_sub(t, a, t);
            if (mpz_cmp_ui(t, 1) > 0)
                found(r, t);
            else /* only n = ((n + 1) / 2)^2 - ((n - 1) / 2)^2: n is prime */
                not_found(r, "only the trivial factorisation");
            break;
        }
        mpz_addmul_ui(b2, a, 2);
        mpz_add_ui(b2, b2, 1);
        mpz_add_ui(a, a, 1);
        if ((r->ops & 4095) == 0 && pkc_lab_factor_expired(deadline)) {
            timed_out(r);
            break;
        }
    }
    mpz_clears(a, b2, t, NULL);
    return PKC_OK;
}

/* ---- Pollard rho, Brent's variant ---- */

/* how many differences are multiplied together before one gcd */
#define RHO_BATCH 128

/* y = y^2 + c mod n */
static void rho_step(mpz_t y, const mpz_t c, const mpz_t n, uint64_t *ops)
{
    mpz_mul(y, y, y);
    mpz_add(y, y, c);
    mpz_tdiv_r(y, y, n);
    ++*ops;
}

/* x = a random residue in [lo, n - hi_gap) from the splitmix stream */
static void rho_random(mpz_t x, const mpz_t n, unsigned long lo, unsigned long hi_gap, uint64_t *st,
                       mpz_t tmp)
{
    mpz_set_ui(x, pkc_lab_factor_splitmix(st));
    mpz_mul_2exp(x, x, 64);
    mpz_add_ui(x, x, pkc_lab_factor_splitmix(st));
    mpz_sub_ui(tmp, n, lo + hi_gap);
    mpz_mod(x, x, tmp);
    mpz_add_ui(x, x, lo);
}

/* Brent (1980): y walks x -> x^2 + c; x is y's position at the last power
 * of two, so the cycle mod p (length about sqrt(p)) shows as gcd(x - y, n)
 * > 1 after about sqrt(p) steps. The differences are multiplied together
 * RHO_BATCH at a time, one gcd per batch; when a batch jumps straight to a
 * gcd of n, its steps are walked again one gcd each from its start (ys);
 * when even that gives n, the walk starts over with another c. */
pkc_err pkc_lab_factor_rho(const mpz_t n, uint64_t seed, double deadline, pkc_lab_factor_result *r)
{
    mpz_t x, y, ys, q, g, c, d;
    mpz_inits(x, y, ys, q, g, c, d, NULL);
    uint64_t st = seed ^ 0x72686f2d70636bull; /* rho's own stream */
    for (;;) {
        rho_random(c, n, 1, 2, &st, d); /* c in [1, n - 2): not 0, not -2 */
        rho_random(y, n, 0, 0, &st, d);
        mpz_set_ui(q, 1);
        mpz_set_ui(g, 1);
        uint64_t len = 1;
        int stop = 0;
        while (mpz_cmp_ui(g, 1) == 0 && !stop) {
            mpz_set(x, y);
            for (uint64_t i = 0; i < len; i++) {
                rho_step(y, c, n, &r->ops);
                if ((i & 1023) == 1023 && pkc_lab_factor_expired(deadline)) {
                    stop = 1;
                    break;
                }
            }
            for (uint64_t k = 0; k < len && mpz_cmp_ui(g, 1) == 0 && !stop; k += RHO_BATCH) {
                mpz_set(ys, y);
                uint64_t m = len - k < RHO_BATCH ? len - k : RHO_BATCH;
                for (uint64_t i = 0; i < m; i++) {
                    rho_step(y, c, n, &r->ops);
                    mpz_sub(d, x, y);
                    mpz_abs(d, d);
                    mulmod(q, d, n, &r->ops);
                }
                mpz_gcd(g, q, n);
                if (pkc_lab_factor_expired(deadline))
                    stop = 1;
            }
            len *= 2;
        }
        if (stop && mpz_cmp_ui(g, 1) == 0) {
            timed_out(r);
            break;
        }
        if (mpz_cmp(g, n) == 0) /* the batch overshot: one step at a time */
            do {
                rho_step(ys, c, n, &r->ops);
                mpz_sub(d, x, ys);
                mpz_gcd(g, d, n);
            } while (mpz_cmp_ui(g, 1) == 0);
        if (mpz_cmp(g, n) != 0) {
            found(r, g);
            break;
        }
        r->restarts++; /* the cycles mod p and mod q closed together */
        if (pkc_lab_factor_expired(deadline)) {
            timed_out(r);
            break;
        }
    }
    mpz_clears(x, y, ys, q, g, c, d, NULL);
    return PKC_OK;
}

/* ---- Pollard p - 1 ---- */

/* a = a^e mod n (e >= 1) by left-to-right binary exponentiation: one
 * squaring per bit below the top one, one multiplication per set bit below
 * it, every one counted. base is scratch. */
static void powmod_u64(mpz_t a, uint64_t e, const mpz_t n, mpz_t base, uint64_t *ops)
{
    mpz_set(base, a);
    for (int i = 62 - __builtin_clzll(e); i >= 0; i--) {
        mulmod(a, a, n, ops);
        if ((e >> i) & 1)
            mulmod(a, base, n, ops);
    }
}

/* prime powers multiplied into one 64-bit exponent are applied together;
 * gcd(a - 1, n) is taken after every PM1_CHECK of those exponents */
#define PM1_CHECK 16
#define PM1_LIST (PM1_CHECK * 64 + 64)

typedef struct {
    mpz_t a, saved, t, g;
    uint64_t list[PM1_LIST]; /* the prime powers applied since saved */
    size_t nlist;
} pm1_state;

/* gcd(a - 1, n) at a checkpoint. 1: *done = 0 and a new checkpoint; a
 * proper factor: found; n (p and q both found since the last checkpoint):
 * the prime powers since then are applied again one by one from saved,
 * with a gcd after each, which separates p from q unless one prime power
 * completes both. */
static void pm1_checkpoint(pm1_state *s, const mpz_t n, pkc_lab_factor_result *r, int *done)
{
    *done = 0;
    mpz_sub_ui(s->t, s->a, 1);
    mpz_gcd(s->g, s->t, n);
    if (mpz_cmp(s->g, n) == 0) {
        mpz_set(s->a, s->saved);
        for (size_t i = 0; i < s->nlist; i++) {
            powmod_u64(s->a, s->list[i], n, s->t, &r->ops);
            mpz_sub_ui(s->t, s->a, 1);
            mpz_gcd(s->g, s->t, n);
            if (mpz_cmp_ui(s->g, 1) != 0)
                break;
        }
    }
    if (mpz_cmp_ui(s->g, 1) == 0) {
        mpz_set(s->saved, s->a);
        s->nlist = 0;
        return;
    }
    *done = 1;
    if (mpz_cmp(s->g, n) == 0) {
        not_found(r, "gcd = n in stage 1: p - 1 and q - 1 both B1-smooth at one prime power");
    } else {
        found(r, s->g);
        r->stage = 1;
    }
}

/* stage 2: a = b^ell for each prime ell in (B1, B2], stepping from one
 * prime to the next by b^(ell' - ell), a table of b^2, b^4, ... grown as
 * the gaps need; the product of (b^ell - 1) over the primes, one gcd per
 * 1024 primes. Finds p when p - 1 = (B1-smooth) * (one prime <= B2). */
static pkc_err pm1_stage2(pm1_state *s, const mpz_t n, uint64_t ell, uint64_t b2, pkc_lab_primes *g,
                          double deadline, pkc_lab_factor_result *r)
{
    mpz_t b, acc, *table = NULL;
    size_t ntable = 0;
    pkc_err err = PKC_OK;
    mpz_init_set(b, s->a);
    mpz_init(acc);
    powmod_u64(s->a, ell, n, s->t, &r->ops); /* a = b^ell for the first ell > B1 */
    mpz_sub_ui(acc, s->a, 1);
    uint64_t prev = ell, count = 0;
    int done = 0;
    for (;;) {
        ell = pkc_lab_primes_next(g);
        if (ell == 0 && !g->seg) {
            err = PKC_ERR_NOMEM;
            break;
        }
        if (ell == 0 || ell > b2)
            break;
        size_t j = (size_t)((ell - prev) / 2); /* a gap of 2 j: b^(2 j) = table[j - 1] */
        while (ntable < j) {
            mpz_t *nt = realloc(table, (ntable + 1) * sizeof *table);
            if (!nt) {
                err = PKC_ERR_NOMEM;
                break;
            }
            table = nt;
            if (ntable == 0) {
                mpz_init_set(table[0], b);
                mulmod(table[0], b, n, &r->ops);
            } else {
                mpz_init_set(table[ntable], table[ntable - 1]);
                mulmod(table[ntable], table[0], n, &r->ops);
            }
            ntable++;
        }
        if (err)
            break;
        mulmod(s->a, table[j - 1], n, &r->ops);
        mpz_sub_ui(s->t, s->a, 1);
        mulmod(acc, s->t, n, &r->ops);
        prev = ell;
        if ((++count & 1023) == 0) {
            mpz_gcd(s->g, acc, n);
            if (mpz_cmp_ui(s->g, 1) != 0) {
                done = 1;
                break;
            }
            if (pkc_lab_factor_expired(deadline)) {
                timed_out(r);
                break;
            }
        }
    }
    if (!err && r->status != PKC_LAB_FACTOR_TIMED_OUT) {
        if (!done)
            mpz_gcd(s->g, acc, n);
        if (mpz_cmp_ui(s->g, 1) == 0) {
            not_found(r, "no p with p - 1 B1-smooth but for one prime <= B2");
        } else if (mpz_cmp(s->g, n) == 0) {
            not_found(r, "gcd = n in stage 2");
        } else {
            found(r, s->g);
            r->stage = 2;
        }
    }
    for (size_t i = 0; i < ntable; i++)
        mpz_clear(table[i]);
    free(table);
    mpz_clears(b, acc, NULL);
    return err;
}

/* stage 1: a = 3^E with E the product of the largest powers <= B1 of the
 * primes <= B1, so a = 1 mod p for every p with p - 1 | E (p - 1
 * B1-powersmooth). */
pkc_err pkc_lab_factor_pm1(const mpz_t n, uint64_t b1, uint64_t b2, double deadline,
                           pkc_lab_factor_result *r)
{
    r->b1 = b1;
    r->b2 = b2;
    pkc_lab_primes g;
    if (pkc_lab_primes_init(&g) != PKC_OK)
        return PKC_ERR_NOMEM;
    pm1_state *s = malloc(sizeof *s);
    if (!s) {
        pkc_lab_primes_clear(&g);
        return PKC_ERR_NOMEM;
    }
    mpz_inits(s->a, s->saved, s->t, s->g, NULL);
    mpz_set_ui(s->a, 3);
    mpz_set_ui(s->saved, 3);
    s->nlist = 0;
    pkc_err err = PKC_OK;
    uint64_t e = 1, ell = pkc_lab_primes_next(&g);
    unsigned flushes = 0;
    int done = 0;
    while (ell && ell <= b1 && !done) {
        uint64_t pk = ell;
        while (pk <= b1 / ell)
            pk *= ell;
        if (e > UINT64_MAX / pk) { /* the exponent is full: apply it */
            powmod_u64(s->a, e, n, s->t, &r->ops);
            e = 1;
            if (++flushes == PM1_CHECK) {
                flushes = 0;
                pm1_checkpoint(s, n, r, &done);
                if (!done && pkc_lab_factor_expired(deadline)) {
                    timed_out(r);
                    done = 1;
                }
                if (done)
                    break;
            }
        }
        e *= pk;
        s->list[s->nlist++] = pk;
        ell = pkc_lab_primes_next(&g);
    }
    if (!ell && !g.seg)
        err = PKC_ERR_NOMEM;
    if (!err && !done) {
        if (e > 1)
            powmod_u64(s->a, e, n, s->t, &r->ops);
        pm1_checkpoint(s, n, r, &done);
        if (!done && b2 > b1 && ell && ell <= b2)
            err = pm1_stage2(s, n, ell, b2, &g, deadline, r);
        else if (!done)
            not_found(r, "p - 1 is not B1-smooth for any p | n");
    }
    mpz_clears(s->a, s->saved, s->t, s->g, NULL);
    free(s);
    pkc_lab_primes_clear(&g);
    return err;
}
