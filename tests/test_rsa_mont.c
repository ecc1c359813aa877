/* The constant-time RSA arithmetic (src/rsa/rsa_mont.c, src/rsa/rsa_limbs.c)
 * against GMP's mpz functions: Montgomery contexts built in constant time
 * against mpz_mod; conversions, reductions of inputs of any length, the
 * fixed-window exponentiation and the public-exponent one against
 * mpz_powm on random moduli of 1 to 40 limbs (full, short and all-ones top
 * limbs), with edge bases (0, 1, m - 1, m, m + 1, multiples of m, longer
 * than m) and edge exponents (0, 1, all ones, long runs of 0 and 1 bits,
 * every window position); and the key-generation helpers (reduction by an
 * even modulus, gcd, trailing zeros, secret shifts, exact division,
 * inverses of e, trial division and its four-chain reduction redc_1x4
 * against the one-chain redc_1). Random inputs; the seed is printed and
 * PKC_TEST_ITERS multiplies the iterations. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "rsa/rsa_internal.h"
#include "rsa/rsa_limbs.h"
#include "rsa/rsa_mont.h"
#include "testutil.h"

static void rand_limbs(mp_limb_t *a, mp_size_t n)
{
    for (mp_size_t i = 0; i < n; i++)
        a[i] = tu_rand64();
}

/* A random odd modulus of n limbs; its top limb full, short or all ones. */
static void rand_modulus(mp_limb_t *m, mp_size_t n, int shape)
{
    rand_limbs(m, n);
    if (shape == 1)
        m[n - 1] >>= tu_rand64() % 63 + 1; /* short top limb (not zero) */
    else if (shape == 2)
        for (mp_size_t i = 0; i < n; i++)
            m[i] = ~(mp_limb_t)0; /* 2^(64 n) - 1 */
    if (m[n - 1] == 0)
        m[n - 1] = 1;
    m[0] |= 1;
    if (n == 1 && m[0] < 3)
        m[0] = 3;
}

static void view(mpz_t x, const mp_limb_t *a, mp_size_t n)
{
    mpz_import(x, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, a);
}

static int equals(const mp_limb_t *a, mp_size_t n, const mpz_t x)
{
    mpz_t y;
    mpz_init(y);
    view(y, a, n);
    int eq = mpz_cmp(y, x) == 0;
    mpz_clear(y);
    return eq;
}

/* Exponents of ebits bits with the structures that stress a window
 * implementation. */
static void make_exponent(mp_limb_t *e, mp_size_t en, mp_bitcnt_t ebits, int kind)
{
    memset(e, 0, (size_t)en * sizeof(mp_limb_t));
    for (mp_bitcnt_t i = 0; i < ebits; i++) {
        int bit;
        switch (kind) {
        case 0: bit = 0; break;                          /* zero */
        case 1: bit = i == 0; break;                     /* one */
        case 2: bit = 1; break;                          /* all ones */
        case 3: bit = (i / 97) & 1; break;               /* runs of 97 */
        case 4: bit = i == ebits - 1 || i < 3; break;    /* top and bottom only */
        case 5: bit = (i / 5) % 3 == 0; break;           /* short runs, window-sized */
        default: bit = (int)(tu_rand64() & 1); break;    /* random */
        }
        if (bit)
            e[i / 64] |= (mp_limb_t)1 << (i % 64);
    }
    /* bits above ebits must be ignored */
    if (ebits % 64 && (mp_size_t)(ebits / 64) < en)
        e[ebits / 64] |= ~(mp_limb_t)0 << (ebits % 64);
}

static void test_mont(mp_size_t n, int shape)
{
    mp_limb_t *m = calloc((size_t)n, sizeof(mp_limb_t));
    rand_modulus(m, n, shape);
    pkc_rsa_mont c, cv;
    CHECK(pkc_rsa_mont_init(&c, m, n) == PKC_OK);
    CHECK(pkc_rsa_mont_init_var(&cv, m, n) == PKC_OK);
    mpz_t M, R, x, y, z;
    mpz_inits(M, R, x, y, z, NULL);
    view(M, m, n);
    mpz_setbit(R, (mp_bitcnt_t)64 * n);
    /* constants */
    mpz_mod(x, R, M);
    CHECK_MSG(equals(c.one, n, x) && equals(cv.one, n, x), "R mod m, %ld limbs", (long)n);
    mpz_mul(y, R, R);
    mpz_mod(y, y, M);
    CHECK_MSG(equals(c.r2, n, y) && equals(cv.r2, n, y), "R^2 mod m, %ld limbs", (long)n);
    CHECK(c.minv * m[0] == ~(mp_limb_t)0 && cv.minv == c.minv);

    mp_size_t maxa = 3 * n + 1;
    mp_bitcnt_t maxbits = (mp_bitcnt_t)64 * n + 67;
    mp_size_t itch = pkc_rsa_ct_powm_itch(n, maxbits);
    if (itch < pkc_rsa_mont_itch(n) + n)
        itch = pkc_rsa_mont_itch(n) + n;
    mp_limb_t *tp = calloc((size_t)itch, sizeof(mp_limb_t));
    mp_limb_t *a = calloc((size_t)maxa, sizeof(mp_limb_t));
    mp_limb_t *b = calloc((size_t)n, sizeof(mp_limb_t));
    mp_limb_t *r = calloc((size_t)n, sizeof(mp_limb_t));
    mp_limb_t *e = calloc((size_t)(n + 2), sizeof(mp_limb_t));

    /* mont_to / mont_mod / mont_from on inputs of every length */
    mp_size_t lens[] = {1, n > 1 ? n - 1 : 1, n, n + 1, 2 * n, 2 * n + 1, 3 * n + 1};
    for (size_t li = 0; li < sizeof lens / sizeof *lens; li++) {
        mp_size_t an = lens[li];
        rand_limbs(a, an);
        view(x, a, an);
        pkc_rsa_mont_to(&c, r, a, an, tp);
        mpz_mul(y, x, R);
        mpz_mod(y, y, M);
        CHECK_MSG(equals(r, n, y), "mont_to: %ld limbs mod %ld", (long)an, (long)n);
        pkc_rsa_mont_mod(&c, r, a, an, tp);
        mpz_mod(y, x, M);
        CHECK_MSG(equals(r, n, y), "mont_mod: %ld limbs mod %ld", (long)an, (long)n);
    }
    /* mont_mul with one factor below R, the other below m */
    for (int i = 0; i < 4; i++) {
        rand_limbs(a, n);
        pkc_rsa_mont_mod(&c, b, a, n, tp); /* b < m */
        rand_limbs(a, n);                  /* a < R */
        pkc_rsa_mont_mul(&c, r, a, b, tp);
        view(x, a, n);
        view(y, b, n);
        mpz_mul(z, x, y);
        mpz_invert(x, R, M);
        mpz_mul(z, z, x);
        mpz_mod(z, z, M);
        CHECK_MSG(equals(r, n, z), "mont_mul, %ld limbs", (long)n);
        pkc_rsa_mont_sqr(&c, r, b, tp);
        mpz_mul(z, y, y);
        mpz_mul(z, z, x);
        mpz_mod(z, z, M);
        CHECK_MSG(equals(r, n, z), "mont_sqr, %ld limbs", (long)n);
    }

    /* exponentiation: bases x exponent kinds x bit lengths */
    mp_bitcnt_t blens[] = {1, 2, 5, 12, 13, 49, 64, (mp_bitcnt_t)64 * n, maxbits,
                           (mp_bitcnt_t)(tu_rand64() % maxbits) + 1};
    for (int base = 0; base < 7; base++) {
        mp_size_t bn = n;
        memset(a, 0, (size_t)maxa * sizeof(mp_limb_t));
        switch (base) {
        case 0: break;                                      /* 0 */
        case 1: a[0] = 1; break;                            /* 1 */
        case 2: memcpy(a, m, (size_t)n * sizeof(mp_limb_t)); a[0] -= 1; break; /* m - 1 */
        case 3: memcpy(a, m, (size_t)n * sizeof(mp_limb_t)); break;            /* m */
        case 4: /* 5 m: a multiple of m, one limb longer */
            a[n] = mpn_mul_1(a, m, n, 5);
            bn = n + 1;
            break;
        case 5: rand_limbs(a, 2 * n + 1); bn = 2 * n + 1; break; /* longer than m */
        default: rand_limbs(a, n); break;
        }
        view(x, a, bn);
        for (size_t bi = 0; bi < sizeof blens / sizeof *blens; bi++) {
            mp_bitcnt_t ebits = blens[bi];
            mp_size_t en = (mp_size_t)((ebits + 63) / 64);
            for (int kind = 0; kind < 7; kind++) {
                if (base < 6 && kind >= 3 && kind < 6)
                    continue; /* structured exponents: with the random base only */
                make_exponent(e, en, ebits, kind);
                pkc_rsa_ct_powm(&c, r, a, bn, e, ebits, tp);
                view(y, e, en);
                mpz_fdiv_r_2exp(y, y, ebits);
                mpz_powm(z, x, y, M);
                CHECK_MSG(equals(r, n, z), "ct_powm: %ld limbs, base %d, %lu bits, kind %d",
                          (long)n, base, (unsigned long)ebits, kind);
                /* the public-exponent variant, for exponents with the top bit set */
                if (mpz_sizeinbase(y, 2) == ebits && mpz_sgn(y) > 0) {
                    mp_limb_t *bR = calloc((size_t)n, sizeof(mp_limb_t));
                    pkc_rsa_mont_to(&c, bR, a, bn, tp);
                    pkc_rsa_mont_powm_pubexp_var(&c, r, bR, e, ebits, tp);
                    pkc_rsa_mont_from(&c, r, r, tp);
                    CHECK_MSG(equals(r, n, z), "pubexp: %ld limbs, base %d, %lu bits",
                              (long)n, base, (unsigned long)ebits);
                    free(bR);
                }
            }
        }
    }
    pkc_rsa_mont_clear(&c);
    pkc_rsa_mont_clear(&cv);
    CHECK(c.m == NULL);
    mpz_clears(M, R, x, y, z, NULL);
    free(m);
    free(tp);
    free(a);
    free(b);
    free(r);
    free(e);
}

static void test_limbs(mp_size_t n)
{
    mp_size_t big = 2 * n + 1;
    mp_limb_t *x = calloc((size_t)big, sizeof(mp_limb_t)), *m = calloc((size_t)n, 8),
              *r = calloc((size_t)big, 8), *g = calloc((size_t)n, 8);
    mp_size_t itch = 2 * n + 2;
    if (itch < pkc_rsa_limbs_divexact_odd_itch(big))
        itch = pkc_rsa_limbs_divexact_odd_itch(big);
    if (itch < pkc_rsa_inverse_of_e_itch(big))
        itch = pkc_rsa_inverse_of_e_itch(big);
    if (itch < 3 * big)
        itch = 3 * big;
    mp_limb_t *tmp = calloc((size_t)itch, 8);
    mpz_t X, M, Y, Z;
    mpz_inits(X, M, Y, Z, NULL);

    /* reduction by a modulus of any parity, with leading zero limbs */
    for (int i = 0; i < 6; i++) {
        rand_limbs(x, big);
        rand_limbs(m, n);
        if (i & 1)
            m[0] &= ~(mp_limb_t)1;
        if (i >= 2 && n > 1)
            m[n - 1] = 0;
        if (i >= 4)
            m[n - 1] = m[n - 1] >> 40;
        view(M, m, n);
        if (mpz_sgn(M) == 0)
            continue;
        view(X, x, big);
        pkc_rsa_limbs_mod(r, x, big, m, n, tmp);
        mpz_mod(Y, X, M);
        CHECK_MSG(equals(r, n, Y), "limbs_mod %ld by %ld limbs (case %d)", (long)big, (long)n, i);
    }
    /* gcd with an odd second argument, including common factors */
    for (int i = 0; i < 6; i++) {
        rand_limbs(x, n);
        rand_limbs(m, n);
        if (i >= 2) { /* force a common factor: multiply both by f */
            mp_limb_t f = (tu_rand64() & 0xffff) | 1;
            x[n - 1] >>= 20;
            m[n - 1] >>= 20;
            m[0] |= 1;
            mpn_mul_1(x, x, n, f);
            mpn_mul_1(m, m, n, f);
        }
        m[0] |= 1;
        if (i == 5)
            memcpy(x, m, (size_t)n * 8); /* gcd(a, a) */
        pkc_rsa_limbs_gcd_odd(g, x, m, n, tmp);
        view(X, x, n);
        view(M, m, n);
        mpz_gcd(Y, X, M);
        CHECK_MSG(equals(g, n, Y), "gcd, %ld limbs (case %d)", (long)n, i);
    }
    /* trailing zeros and secret shifts */
    for (mp_bitcnt_t s = 0; s < (mp_bitcnt_t)64 * n; s += 1 + s / 3) {
        memset(x, 0, (size_t)n * 8);
        x[s / 64] = (mp_limb_t)1 << (s % 64);
        for (mp_size_t i = (mp_size_t)(s / 64) + 1; i < n; i++)
            x[i] = tu_rand64();
        x[s / 64] |= tu_rand64() << (s % 64);
        CHECK_MSG(pkc_rsa_limbs_ctz(x, n) == s, "ctz %lu", (unsigned long)s);
        view(X, x, n);
        pkc_rsa_limbs_rshift_secret(r, x, n, s, tmp);
        mpz_tdiv_q_2exp(Y, X, s);
        CHECK_MSG(equals(r, n, Y), "rshift by %lu", (unsigned long)s);
    }
    memset(x, 0, (size_t)n * 8);
    CHECK(pkc_rsa_limbs_ctz(x, n) == (mp_limb_t)64 * n);
    CHECK(pkc_rsa_limbs_size(x, n) == 0);
    x[0] = 5;
    CHECK(pkc_rsa_limbs_size(x, n) == 1);
    x[n - 1] |= 1;
    CHECK(pkc_rsa_limbs_size(x, n) == n);
    /* exact division by an odd divisor */
    for (int i = 0; i < 4; i++) {
        rand_limbs(g, n);
        if (i & 1)
            g[n - 1] >>= 50;
        g[0] |= 1;
        rand_limbs(x, n);
        view(X, x, n / 2 > 0 ? n / 2 : 1);
        view(Y, g, n);
        mpz_mul(Z, X, Y); /* Z = X g, with X < 2^(32 n) */
        mpz_fdiv_r_2exp(Z, Z, (mp_bitcnt_t)64 * n);
        mpz_divexact(X, Z, Y);
        memset(x, 0, (size_t)n * 8);
        mpz_export(x, NULL, -1, 8, 0, 0, Z);
        mpz_mul(M, X, Y);
        if (mpz_cmp(M, Z) != 0)
            continue; /* truncated: not a multiple any more */
        pkc_rsa_limbs_divexact_odd(r, x, g, n, tmp);
        CHECK_MSG(equals(r, n, X), "divexact, %ld limbs", (long)n);
    }
    /* e^-1 modulo even and odd M */
    mp_limb_t es[] = {3, 17, 65537, 0xffffffffffffffc5u /* a 64-bit prime */, 3 * 5 * 7 * 11};
    for (size_t i = 0; i < sizeof es / sizeof *es; i++) {
        for (int par = 0; par < 2; par++) {
            rand_limbs(x, big);
            x[0] = (x[0] & ~(mp_limb_t)1) | (mp_limb_t)par;
            view(M, x, big);
            mpz_set_ui(Z, (unsigned long)es[i]);
            int invertible = mpz_invert(Y, Z, M);
            mp_limb_t ok = pkc_rsa_inverse_of_e(r, x, big, es[i], tmp);
            CHECK_MSG((ok != 0) == (invertible != 0), "inverse_of_e verdict, e = %lu",
                      (unsigned long)es[i]);
            if (invertible)
                CHECK_MSG(equals(r, big, Y), "inverse_of_e, e = %lu", (unsigned long)es[i]);
            /* gcd(x - 1, e) = 1? */
            x[0] |= 1;
            view(X, x, big);
            mpz_sub_ui(X, X, 1);
            int coprime = mpz_gcd_ui(NULL, X, (unsigned long)es[i]) == 1;
            CHECK((pkc_rsa_coprime_e_minus_1(x, big, es[i], tmp) != 0) == coprime);
        }
    }
    /* masks */
    rand_limbs(x, n);
    memcpy(r, x, (size_t)n * 8);
    CHECK(limbs_eq_mask(x, r, n) == ~(mp_limb_t)0 && limbs_lt_mask(x, r, n) == 0);
    r[n - 1] ^= 1;
    CHECK(limbs_eq_mask(x, r, n) == 0);
    CHECK((limbs_lt_mask(x, r, n) != 0) == (mpn_cmp(x, r, n) < 0));
    CHECK((limbs_lt_mask(r, x, n) != 0) == (mpn_cmp(r, x, n) < 0));
    mpz_clears(X, M, Y, Z, NULL);
    free(x);
    free(m);
    free(r);
    free(g);
    free(tmp);
}

/* pkc_rsa_limbs_redc_1x4 (trial division's four chains without the
 * rows' subtractions) against pkc_rsa_limbs_redc_1: the same residue mod
 * each d, and at most d + 1; moduli up to 2^64 - 3, limbs all ones or
 * random */
static void test_redc_1x4(void)
{
    mp_limb_t x[33], d[4], dinv[4], r[4];
    for (int it = 0; it < tu_iters(400); it++) {
        mp_size_t n = (mp_size_t)(1 + it % 33);
        for (mp_size_t i = 0; i < n; i++)
            x[i] = it % 5 == 0 ? ~(mp_limb_t)0 : tu_rand64();
        for (int j = 0; j < 4; j++) {
            d[j] = (it + j) % 7 == 0 ? ~(mp_limb_t)0 - 2 : tu_rand64() >> (tu_rand64() % 60);
            d[j] |= 1;
            if (d[j] == 1)
                d[j] = 3;
            dinv[j] = pkc_rsa_limb_neg_inverse(d[j]);
        }
        pkc_rsa_limbs_redc_1x4(r, x, n, d, dinv);
        for (int j = 0; j < 4; j++) {
            mp_limb_t want = pkc_rsa_limbs_redc_1(x, n, d[j], dinv[j]);
            CHECK_MSG(r[j] <= d[j] + 1 && r[j] % d[j] == want,
                      "redc_1x4, %ld limbs, modulus %d: %llx, want %llx mod %llx", (long)n, j,
                      (unsigned long long)r[j], (unsigned long long)want,
                      (unsigned long long)d[j]);
        }
    }
}

static void test_sieve(void)
{
    pkc_rsa_sieve s;
    CHECK(pkc_rsa_sieve_init(&s, 4096) == PKC_OK);
    CHECK(s.first[s.ngroups] == 563); /* odd primes below 4096: pi(4096) - 1 */
    unsigned long primes[563];
    size_t np = 0;
    for (unsigned long d = 3; d < 4096 && np < 563; d += 2) {
        int prime = 1;
        for (unsigned long f = 3; f * f <= d && prime; f += 2)
            prime = d % f != 0;
        if (prime)
            primes[np++] = d;
    }
    CHECK(np == 563);
    mp_limb_t x[4];
    mpz_t X;
    mpz_init(X);
    for (int i = 0; i < tu_iters(3000); i++) {
        rand_limbs(x, 4);
        x[0] |= 1;
        if (i % 3 == 0) { /* a multiple of a random small prime */
            x[3] >>= 16;
            mpn_mul_1(x, x, 4, primes[tu_rand64() % np]);
        }
        view(X, x, 4);
        int has = 0;
        for (size_t j = 0; j < np && !has; j++)
            has = mpz_divisible_ui_p(X, primes[j]) != 0;
        CHECK_MSG((pkc_rsa_sieve_has_factor(&s, x, 4) != 0) == has, "sieve, case %d", i);
    }
    mpz_clear(X);
    pkc_rsa_sieve_clear(&s);
}

int main(void)
{
    tu_seed();
    mp_size_t sizes[] = {1, 2, 3, 5, 8, 9, 16, 17, 24, 33};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (int shape = 0; shape < 3; shape++)
            test_mont(sizes[i], shape);
    for (int it = 0; it < tu_iters(1); it++)
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
            test_limbs(sizes[i]);
    test_redc_1x4();
    test_sieve();
    return tu_finish("test_rsa_mont");
}
