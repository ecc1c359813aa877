/* pkc — primality for RSA: Miller-Rabin (FIPS 186-5 appendix B.3.1) and
 * trial division by small primes, both in constant time on the candidate.
 *
 * Miller-Rabin on a secret w. With w - 1 = 2^a m (m odd), a round computes
 * z = b^m mod w and then squares up to a - 1 times looking for -1. Here:
 * - a is found and m = (w - 1) >> a computed without branches (rsa_limbs.h);
 * - b^m by pkc_rsa_ct_powm over the public bit length of w, in Montgomery
 *   form on a context built in constant time (rsa_mont.h), or two bases at
 *   once on AVX-512 IFMA (rsa_ifma.h);
 * - the squaring loop always runs wbits - 1 times, with "a squaring still
 *   counts" (j < a) as a mask, except that it may stop early once the
 *   round has failed: that early stop is the only declassified value
 *   inside the loop, and it is always false when w is prime, so for the
 *   prime that is finally kept nothing depends on a. A composite is
 *   discarded, and what its timing shows about it does not matter;
 * - the base b: FIPS 186-5 draws wlen bits and retries while b <= 1 or
 *   b >= w - 1, a retry that depends on w. Instead b = (64 more random bits
 *   than w) mod w, which is uniform to within 2^-64 (the extra-bits method
 *   of FIPS 186-5 A.2.1), and only b in {0, 1, w - 1} (probability 3/w) is
 *   redrawn.
 */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "rsa_internal.h"
#include "rsa_limbs.h"

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

static pkc_err random_limbs(pkc_rng *rng, mp_limb_t *out, mp_size_t n)
{
    return pkc_rng_bytes(rng, (uint8_t *)out, (size_t)n * sizeof(mp_limb_t));
}

/* A fresh base for a round in Montgomery form, z = b 2^(64 wn) mod w with
 * b not in {0, 1, w - 1} (see the top of this file); x: wn + 1 limbs. */
static pkc_err mr_base(const pkc_rsa_mont *ctx, const mp_limb_t *mone, pkc_rng *rng,
                       mp_limb_t *z, mp_limb_t *x, mp_limb_t *tp)
{
    mp_size_t wn = ctx->n;
    for (int tries = 0; tries < 1000; tries++) {
        pkc_err err = random_limbs(rng, x, wn + 1);
        if (err)
            return err;
        pkc_rsa_mont_to(ctx, z, x, wn + 1, tp);
        mp_limb_t bad = limbs_zero_mask(z, wn) | limbs_eq_mask(z, ctx->one, wn) |
                        limbs_eq_mask(z, mone, wn);
        PKC_DECLASSIFY(&bad, sizeof bad);
        if (!bad)
            return PKC_OK;
    }
    return PKC_ERR_RNG;
}

/* Steps 4.4-4.7 for z = b^m (Montgomery form): 1 if the round passes. */
static int mr_squarings(const pkc_rsa_mont *ctx, const mp_limb_t *mone, mp_limb_t *z,
                        mp_limb_t a, mp_bitcnt_t wbits, mp_limb_t *tp)
{
    mp_size_t wn = ctx->n;
    mp_limb_t maybe = limbs_eq_mask(z, ctx->one, wn) | limbs_eq_mask(z, mone, wn);
    for (mp_bitcnt_t j = 1; j < wbits; j++) {
        mp_limb_t live = (mp_limb_t)ct_mask_lt((uint64_t)j, (uint64_t)a);
        mp_limb_t failed = ~live & ~maybe; /* no -1 can come any more */
        PKC_DECLASSIFY(&failed, sizeof failed);
        if (failed)
            break;
        pkc_rsa_mont_sqr(ctx, z, z, tp);
        maybe |= live & limbs_eq_mask(z, mone, wn);
    }
    PKC_DECLASSIFY(&maybe, sizeof maybe); /* the round's verdict */
    return maybe != 0;
}

pkc_err pkc_rsa_miller_rabin_limbs(const mp_limb_t *w, mp_size_t wn, mp_bitcnt_t wbits,
                                   int rounds, pkc_rng *rng, int *is_prime)
{
    if (!w || !rng || !is_prime || rounds < 1 || wn < 1 || wbits < 3 ||
        wbits > limbs_bits(wn))
        return PKC_ERR_ARG;
    *is_prime = 0;
    pkc_rsa_mont ctx;
    pkc_err err = pkc_rsa_mont_init(&ctx, w, wn);
    if (err)
        return err;
    /* With AVX-512 IFMA (rsa_ifma.h), two bases are raised to m in one
     * pass: the first round alone (most candidates fail it), then the
     * others in pairs. The bases are drawn in the same order as one at a
     * time, so a prime consumes the same random bits either way (a
     * composite that passes a round may draw one base more). */
    pkc_rsa_ifma xi;
    memset(&xi, 0, sizeof xi);
    pkc_rsa_ifma_mode_t mode = pkc_rsa_ifma_fits(wn) ? pkc_rsa_ifma_mode() : PKC_RSA_IFMA_OFF;
    if (mode != PKC_RSA_IFMA_OFF && (err = pkc_rsa_ifma_init(&xi, &ctx))) {
        pkc_rsa_mont_clear(&ctx);
        return err;
    }
    mp_size_t scr = pkc_rsa_ct_powm_itch(wn, wbits);
    mp_size_t nt = 5 * wn + 1 + scr;
    mp_limb_t *mem = pkc_rsa_limbs_alloc(nt);
    if (!mem) {
        pkc_rsa_ifma_clear(&xi);
        pkc_rsa_mont_clear(&ctx);
        return PKC_ERR_NOMEM;
    }
    mp_limb_t *m = mem, *mone = m + wn, *z = mone + wn, *z2 = z + wn, *x = z2 + wn,
              *tp = x + wn + 1;
    /* Steps 1-2: w - 1 = 2^a m (w odd: w - 1 clears bit 0). */
    memcpy(m, w, (size_t)wn * sizeof(mp_limb_t));
    m[0] &= ~(mp_limb_t)1;
    mp_limb_t a = pkc_rsa_limbs_ctz(m, wn);
    pkc_rsa_limbs_rshift_secret(m, m, wn, a, tp);
    mpn_sub_n(mone, ctx.m, ctx.one, wn); /* -1 in Montgomery form: w - R mod w */
    int composite = 0;
    for (int i = 0; i < rounds && !composite;) {
        /* Step 4.1-4.2, then 4.3 for one base or two. */
        int two = mode != PKC_RSA_IFMA_OFF && i > 0 && i + 1 < rounds;
        if ((err = mr_base(&ctx, mone, rng, z, x, tp)) ||
            (two && (err = mr_base(&ctx, mone, rng, z2, x, tp))))
            goto out;
        if (mode == PKC_RSA_IFMA_OFF) {
            pkc_rsa_ct_powm_mont(&ctx, z, z, m, wbits, tp);
        } else {
            if (!two)
                memcpy(z2, z, (size_t)wn * sizeof(mp_limb_t));
            pkc_rsa_ifma_powm2_mont(mode, &ctx, &xi, z, m, &ctx, &xi, z2, m);
        }
        composite = !mr_squarings(&ctx, mone, z, a, wbits, tp);
        if (two && !composite)
            composite = !mr_squarings(&ctx, mone, z2, a, wbits, tp);
        i += 1 + two;
    }
    *is_prime = !composite;
out:
    pkc_rsa_limbs_free(mem, nt);
    pkc_rsa_ifma_clear(&xi);
    pkc_rsa_mont_clear(&ctx);
    return err;
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
    return pkc_rsa_miller_rabin_limbs(mpz_limbs_read(w), (mp_size_t)mpz_size(w),
                                      mpz_sizeinbase(w, 2), rounds, rng, is_prime);
}

/* ---- the public test (include/pkc/rsa.h) ---- */

/* 1 if the odd v >= 3 is prime, by trial division (v < 2^32) */
static int small_is_prime(uint32_t v)
{
    for (uint32_t d = 3; (uint64_t)d * d <= v; d += 2)
        if (v % d == 0)
            return 0;
    return 1;
}

pkc_err pkc_rsa_prime_test(const uint8_t *n, size_t len, int rounds, pkc_rng *rng,
                           int *is_prime)
{
    if ((!n && len) || !rng || !is_prime || rounds < 0)
        return PKC_ERR_ARG;
    *is_prime = 0;
    mpz_t w;
    mpz_init(w);
    if (len)
        mpz_import(w, len, 1, 1, 0, 0, n);
    pkc_err err = PKC_OK;
    if (mpz_sizeinbase(w, 2) > PKC_RSA_PRIME_TEST_MAX_BITS) {
        err = PKC_ERR_ARG;
    } else if (mpz_cmp_ui(w, 1u << 16) < 0) {
        unsigned long v = mpz_get_ui(w);
        *is_prime = v == 2 || (v >= 3 && (v & 1) && small_is_prime((uint32_t)v));
    } else if (mpz_even_p(w)) {
        *is_prime = 0;
    } else {
        int small_factor = 0;
        for (uint32_t d = 3; d < 1024 && !small_factor; d += 2)
            small_factor = small_is_prime(d) && mpz_divisible_ui_p(w, d);
        if (!small_factor)
            err = pkc_rsa_miller_rabin(w, rounds ? rounds : 64, rng, is_prime);
    }
    mpz_clear(w);
    return err;
}

/* ---- trial division ---- */

void pkc_rsa_sieve_clear(pkc_rsa_sieve *s)
{
    free(s->prod);
    free(s->pinv);
    free(s->first);
    free(s->inv);
    free(s->limit);
    memset(s, 0, sizeof *s);
}

pkc_err pkc_rsa_sieve_init(pkc_rsa_sieve *s, uint32_t bound)
{
    memset(s, 0, sizeof *s);
    if (bound < 4)
        bound = 4;
    /* odd primes below bound (Eratosthenes) */
    uint8_t *comp = calloc(bound, 1);
    size_t cap = bound / 2 + 1;
    s->prod = malloc(cap * sizeof *s->prod);
    s->pinv = malloc(cap * sizeof *s->pinv);
    s->first = malloc((cap + 1) * sizeof *s->first);
    s->inv = malloc(cap * sizeof *s->inv);
    s->limit = malloc(cap * sizeof *s->limit);
    if (!comp || !s->prod || !s->pinv || !s->first || !s->inv || !s->limit) {
        free(comp);
        pkc_rsa_sieve_clear(s);
        return PKC_ERR_NOMEM;
    }
    size_t np = 0;
    mp_limb_t prod = 1;
    for (uint32_t i = 3; i < bound; i += 2) {
        if (comp[i])
            continue;
        for (uint64_t j = (uint64_t)i * i; j < bound; j += 2 * (uint64_t)i)
            comp[j] = 1;
        /* close the group when its product would overflow a limb */
        if (np > 0 && prod > ~(mp_limb_t)0 / i) {
            s->prod[s->ngroups++] = prod;
            prod = 1;
        }
        if (prod == 1)
            s->first[s->ngroups] = np;
        prod *= i;
        s->inv[np] = 0 - pkc_rsa_limb_neg_inverse(i);
        s->limit[np] = ~(mp_limb_t)0 / i;
        np++;
    }
    if (prod > 1)
        s->prod[s->ngroups++] = prod;
    s->first[s->ngroups] = np;
    for (size_t g = 0; g < s->ngroups; g++)
        s->pinv[g] = pkc_rsa_limb_neg_inverse(s->prod[g]);
    free(comp);
    return PKC_OK;
}

mp_limb_t pkc_rsa_sieve_has_factor(const pkc_rsa_sieve *s, const mp_limb_t *x, mp_size_t n)
{
    mp_limb_t found = 0, r[4];
    for (size_t g = 0; g < s->ngroups; g++) {
        /* residues four groups at a time (redc_1x4), the last few alone */
        size_t j = g % 4;
        if (j == 0 && g + 4 <= s->ngroups)
            pkc_rsa_limbs_redc_1x4(r, x, n, s->prod + g, s->pinv + g);
        else if (g + 4 - j > s->ngroups)
            r[j] = pkc_rsa_limbs_redc_1(x, n, s->prod[g], s->pinv[g]);
        /* s | r iff r s^-1 mod 2^64 <= floor((2^64 - 1) / s) */
        for (size_t i = s->first[g]; i < s->first[g + 1]; i++)
            found |= ~(mp_limb_t)ct_mask_lt(s->limit[i], r[j] * s->inv[i]);
    }
    return found;
}
