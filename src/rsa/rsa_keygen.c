/* pkc — RSA key generation (FIPS 186-5 appendix A.1.3, probable primes)
 * and Miller-Rabin (FIPS 186-5 appendix B.3.1).
 *
 * Candidates: random odd integers with the top two bits set (so that
 * p >= 1.5 * 2^(len-1) > sqrt(2) * 2^(len-1), A.1.3 step 4.4, and n = p q
 * has exactly the requested length), searched incrementally over a window
 * that a sieve of small odd primes has already cleared of
 * multiples, so Miller-Rabin only runs on candidates with no small factor
 * (odd primes below 2^16, or 2^20 for primes of 1024 bits and more).
 * Every random bit, including the Miller-Rabin bases, comes from the
 * pkc_rng passed in: a fixed seed gives the same key.
 */
#include <stdlib.h>
#include <string.h>

#include "rsa_internal.h"

/* Sieve bounds: the odd primes below 2^16 remove about 90% of odd
 * candidates; below 2^20, 92%. For primes of 1024 bits and more a
 * Miller-Rabin round costs far more than the extra residues, so they get
 * the larger bound. */
#define SIEVE_SMALL 65536
#define SIEVE_LARGE 1048576

/* FIPS 186-5 table B.1 (M-R rounds for p and q, without the Lucas test):
 * 1024-bit primes (nlen 2048): 5 (error 2^-112); 1536-bit (nlen 3072): 4
 * (2^-128); 2048-bit (nlen 4096): 4 (2^-144). Larger primes have an even
 * smaller error per round, so 4 remains enough. Below 1024 bits (nlen
 * 1024, no longer in FIPS 186-5) we keep FIPS 186-4 table C.3's 7, plus one. */
int pkc_rsa_mr_rounds(size_t prime_bits)
{
    if (prime_bits >= 1536)
        return 4;
    if (prime_bits >= 1024)
        return 5;
    return 8;
}

/* A random integer of exactly bits bits or fewer (top bits masked). */
static pkc_err random_bits(mpz_t x, size_t bits, pkc_rng *rng, uint8_t *buf)
{
    size_t nbytes = (bits + 7) / 8;
    pkc_err err = pkc_rng_bytes(rng, buf, nbytes);
    if (err)
        return err;
    unsigned extra = (unsigned)(nbytes * 8 - bits);
    buf[0] &= (uint8_t)(0xFF >> extra);
    pkc_rsa_mpz_from_be(x, buf, nbytes);
    pkc_memzero(buf, nbytes);
    return PKC_OK;
}

pkc_err pkc_rsa_miller_rabin(const mpz_t w, int rounds, pkc_rng *rng, int *is_prime)
{
    if (!rng || !is_prime || rounds < 1)
        return PKC_ERR_ARG;
    *is_prime = 0;
    if (mpz_cmp_ui(w, 5) < 0) {
        *is_prime = mpz_cmp_ui(w, 2) == 0 || mpz_cmp_ui(w, 3) == 0;
        return PKC_OK;
    }
    if (mpz_even_p(w))
        return PKC_OK;
    size_t wlen = mpz_sizeinbase(w, 2);
    uint8_t *buf = malloc((wlen + 7) / 8);
    if (!buf)
        return PKC_ERR_NOMEM;
    mpz_t wm1, m, b, z;
    mpz_inits(wm1, m, b, z, NULL);
    /* Step 1-2: w - 1 = 2^a m, m odd. */
    mpz_sub_ui(wm1, w, 1);
    mp_bitcnt_t a = mpz_scan1(wm1, 0);
    mpz_tdiv_q_2exp(m, wm1, a);
    pkc_err err = PKC_OK;
    int composite = 0;
    for (int i = 0; i < rounds && !composite; i++) {
        /* Step 4.1-4.2: b of wlen bits, 1 < b < w - 1. */
        int tries = 0;
        do {
            if (++tries > 1000) {
                err = PKC_ERR_RNG;
                goto out;
            }
            if ((err = random_bits(b, wlen, rng, buf)))
                goto out;
        } while (mpz_cmp_ui(b, 1) <= 0 || mpz_cmp(b, wm1) >= 0);
        /* Step 4.3-4.5. */
        mpz_powm(z, b, m, w);
        if (mpz_cmp_ui(z, 1) == 0 || mpz_cmp(z, wm1) == 0)
            continue;
        int passed = 0;
        for (mp_bitcnt_t j = 1; j < a; j++) {
            mpz_mul(z, z, z);
            mpz_mod(z, z, w);
            if (mpz_cmp(z, wm1) == 0) {
                passed = 1;
                break;
            }
            if (mpz_cmp_ui(z, 1) == 0)
                break;
        }
        if (!passed)
            composite = 1; /* step 4.7 */
    }
    *is_prime = !composite;
out:
    pkc_rsa_mpz_wipe(wm1);
    pkc_rsa_mpz_wipe(m);
    pkc_rsa_mpz_wipe(b);
    pkc_rsa_mpz_wipe(z);
    free(buf);
    return err;
}

/* Odd primes below limit (Eratosthenes). */
static uint32_t *small_primes(uint32_t limit, size_t *count)
{
    uint8_t *comp = calloc(limit, 1);
    uint32_t *pr = malloc(sizeof(uint32_t) * (limit / 2));
    if (!comp || !pr) {
        free(comp);
        free(pr);
        return NULL;
    }
    size_t n = 0;
    for (uint32_t i = 3; i < limit; i += 2) {
        if (comp[i])
            continue;
        pr[n++] = i;
        for (uint64_t j = (uint64_t)i * i; j < limit; j += 2 * i)
            comp[j] = 1;
    }
    free(comp);
    *count = n;
    return pr;
}

typedef struct {
    const uint32_t *primes;
    size_t nprimes;
    pkc_rng *rng;
    uint64_t e;
    size_t nlen;
} gen_ctx;

/* FIPS 186-5 A.1.3 steps 4 (other == NULL) and 5 (other = p). */
static pkc_err gen_prime(const gen_ctx *g, mpz_t out, size_t bits, const mpz_t other)
{
    size_t window = 4 * bits;             /* odd candidates x + 2i, i < window */
    size_t limit = 20 * bits;             /* candidates looked at before giving up */
    size_t nbytes = (bits + 7) / 8, looked = 0;
    uint8_t *buf = malloc(nbytes);
    uint8_t *mark = malloc(window);
    mpz_t x, c, t, bound;
    mpz_inits(x, c, t, bound, NULL);
    pkc_err err = PKC_ERR_NOMEM;
    if (!buf || !mark)
        goto out;
    /* |p - q| > 2^(nlen/2 - 100) (step 5.4). */
    mpz_setbit(bound, g->nlen / 2 - 100);
    while (looked < limit) {
        if ((err = random_bits(x, bits, g->rng, buf)))
            goto out;
        mpz_setbit(x, bits - 1);
        mpz_setbit(x, bits - 2);
        mpz_setbit(x, 0);
        /* Sieve: mark i where s divides x + 2i, for every small odd prime s. */
        memset(mark, 0, window);
        for (size_t j = 0; j < g->nprimes; j++) {
            uint32_t s = g->primes[j];
            uint64_t r = mpz_fdiv_ui(x, s);
            /* i0 = -r / 2 mod s, and 1/2 mod s = (s + 1) / 2 */
            uint64_t i0 = ((uint64_t)(s - r) % s) * ((s + 1) / 2) % s;
            for (uint64_t i = i0; i < window; i += s)
                mark[i] = 1;
        }
        for (size_t i = 0; i < window && looked < limit; i++) {
            if (mark[i])
                continue;
            looked++;
            mpz_add_ui(c, x, 2 * (unsigned long)i);
            if (mpz_sizeinbase(c, 2) != bits)
                break; /* ran past the top: draw a new start */
            /* Step 4.5 / 5.5: gcd(p - 1, e) = 1. */
            mpz_sub_ui(t, c, 1);
            if (mpz_gcd_ui(NULL, t, (unsigned long)g->e) != 1)
                continue;
            if (other) {
                mpz_sub(t, c, other);
                mpz_abs(t, t);
                if (mpz_cmp(t, bound) <= 0)
                    continue;
            }
            int prime = 0;
            if ((err = pkc_rsa_miller_rabin(c, pkc_rsa_mr_rounds(bits), g->rng, &prime)))
                goto out;
            if (prime) {
                mpz_set(out, c);
                err = PKC_OK;
                goto out;
            }
        }
    }
    err = PKC_ERR_RNG; /* A.1.3 step 4.7: too many candidates, the rng is suspect */
out:
    pkc_rsa_mpz_wipe(x);
    pkc_rsa_mpz_wipe(c);
    pkc_rsa_mpz_wipe(t);
    pkc_rsa_mpz_wipe(bound);
    if (buf)
        pkc_memzero(buf, nbytes);
    free(buf);
    free(mark);
    return err;
}

pkc_err pkc_rsa_generate(pkc_rsa_key **out, unsigned bits, uint64_t e, pkc_rng *rng)
{
    if (bits < PKC_RSA_MIN_BITS || bits > PKC_RSA_MAX_BITS)
        return PKC_ERR_ARG;
    return pkc_rsa_generate_any(out, bits, e, rng);
}

pkc_err pkc_rsa_generate_any(pkc_rsa_key **out, unsigned bits, uint64_t e, pkc_rng *rng)
{
    if (!out || !rng)
        return PKC_ERR_ARG;
    *out = NULL;
    if (bits < PKC_RSA_MIN_PARSE_BITS || bits > PKC_RSA_MAX_BITS)
        return PKC_ERR_ARG;
    if (e == 0)
        e = PKC_RSA_DEFAULT_E;
    if (e < 3 || (e & 1) == 0 || e > (uint64_t)(unsigned long)-1)
        return PKC_ERR_ARG;
    size_t np;
    uint32_t *primes = small_primes(bits >= 2048 ? SIEVE_LARGE : SIEVE_SMALL, &np);
    if (!primes)
        return PKC_ERR_NOMEM;
    gen_ctx g = {primes, np, rng, e, bits};
    pkc_rsa_key *k = NULL;
    pkc_err err = pkc_rsa_key_alloc(&k);
    if (err)
        goto out;
    size_t pbits = (bits + 1) / 2, qbits = bits / 2;
    mpz_t lambda, t, u;
    mpz_inits(lambda, t, u, NULL);
    for (int attempt = 0; attempt < 16; attempt++) {
        if ((err = gen_prime(&g, k->p, pbits, NULL)) || (err = gen_prime(&g, k->q, qbits, k->p)))
            break;
        if (mpz_cmp(k->p, k->q) < 0)
            mpz_swap(k->p, k->q); /* p > q, the usual PKCS#1 layout */
        mpz_mul(k->n, k->p, k->q);
        mpz_set_ui(k->e, (unsigned long)e);
        /* d = e^-1 mod lambda(n), lambda = lcm(p - 1, q - 1) (A.1.1). */
        mpz_sub_ui(t, k->p, 1);
        mpz_sub_ui(u, k->q, 1);
        mpz_lcm(lambda, t, u);
        if (!mpz_invert(k->d, k->e, lambda)) {
            err = PKC_ERR_INTERNAL;
            break;
        }
        /* FIPS 186-5 A.1.1: d > 2^(nlen/2), else start again. */
        if (mpz_sizeinbase(k->d, 2) <= bits / 2)
            continue;
        mpz_mod(k->dp, k->d, t);
        mpz_mod(k->dq, k->d, u);
        if (!mpz_invert(k->qinv, k->q, k->p)) {
            err = PKC_ERR_INTERNAL;
            break;
        }
        if (mpz_sizeinbase(k->n, 2) != bits) {
            err = PKC_ERR_INTERNAL;
            break;
        }
        err = pkc_rsa_key_finish_private(k);
        if (err == PKC_ERR_KEY)
            err = PKC_ERR_INTERNAL;
        break;
    }
    pkc_rsa_mpz_wipe(lambda);
    pkc_rsa_mpz_wipe(t);
    pkc_rsa_mpz_wipe(u);
out:
    free(primes);
    if (err == PKC_OK && (!k || !k->priv))
        err = PKC_ERR_INTERNAL;
    if (err) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_rsa_check_private(const pkc_rsa_key *key, pkc_rng *rng)
{
    if (!key || !rng)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    int prime = 0;
    pkc_err err;
    if ((err = pkc_rsa_miller_rabin(key->p, pkc_rsa_mr_rounds(key->pbits), rng, &prime)))
        return err;
    if (!prime)
        return PKC_ERR_KEY;
    if ((err = pkc_rsa_miller_rabin(key->q, pkc_rsa_mr_rounds(key->qbits), rng, &prime)))
        return err;
    if (!prime)
        return PKC_ERR_KEY;
    /* |p - q| > 2^(nlen/2 - 100) (FIPS 186-5 A.1.3 step 5.4). */
    if (key->bits > 200) {
        mpz_t t;
        mpz_init(t);
        mpz_sub(t, key->p, key->q);
        mpz_abs(t, t);
        int ok = mpz_sizeinbase(t, 2) > key->bits / 2 - 100;
        pkc_rsa_mpz_wipe(t);
        if (!ok)
            return PKC_ERR_KEY;
    }
    return PKC_OK;
}
