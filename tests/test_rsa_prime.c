/* The prime generator and the primality test of include/pkc/rsa.h
 * (pkc_rsa_prime_generate, pkc_rsa_prime_test), against GMP:
 *   - generated primes have exactly the asked bits and their top two bits
 *     set, are prime for mpz_probab_prime_p, have gcd(p - 1, e) = 1, and a
 *     fixed seed gives the same prime;
 *   - the test agrees with GMP on every n below 70000 (the exact region and
 *     past it), on random odd numbers of 17 to 1100 bits, on products of two
 *     primes and on squares of primes;
 *   - Carmichael numbers (the first 26, and large ones of Chernick's form
 *     (6k+1)(12k+1)(18k+1)) and strong pseudoprimes to every prime base up
 *     to 2, 7, 23, 37 and 41 (2047, 3215031751, 3825123056546413051,
 *     psi_12 and psi_13 of Sorenson and Webster) are composite. That each
 *     of them does fool fixed-base Miller-Rabin is checked here first, so
 *     the data cannot be wrong silently;
 *   - bad arguments are PKC_ERR_ARG. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "testutil.h"

static pkc_rng rng;

static int pkc_says(const mpz_t n)
{
    uint8_t buf[2100];
    size_t len = 0;
    if (mpz_sgn(n) != 0)
        mpz_export(buf, &len, 1, 1, 0, 0, n);
    int prime = -1;
    pkc_err e = pkc_rsa_prime_test(buf, len, 0, &rng, &prime);
    CHECK(e == PKC_OK);
    return prime;
}

/* 1 if n passes one Miller-Rabin round with base b (GMP arithmetic) */
static int mr_round_passes(const mpz_t n, unsigned long b)
{
    mpz_t d, x, nm1;
    mpz_inits(d, x, nm1, NULL);
    mpz_sub_ui(nm1, n, 1);
    mp_bitcnt_t s = mpz_scan1(nm1, 0);
    mpz_tdiv_q_2exp(d, nm1, s);
    mpz_set_ui(x, b);
    mpz_powm(x, x, d, n);
    int pass = mpz_cmp_ui(x, 1) == 0 || mpz_cmp(x, nm1) == 0;
    for (mp_bitcnt_t i = 1; i < s && !pass; i++) {
        mpz_powm_ui(x, x, 2, n);
        pass = mpz_cmp(x, nm1) == 0;
    }
    mpz_clears(d, x, nm1, NULL);
    return pass;
}

static void test_generate(void)
{
    static const unsigned sizes[] = {32, 33, 63, 64, 127, 256, 521, 1024, 1536};
    static const uint64_t exps[] = {65537, 3, 17};
    mpz_t p, g, t;
    mpz_inits(p, g, t, NULL);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        unsigned bits = sizes[i];
        uint64_t e = exps[i % 3];
        size_t len = (bits + 7) / 8;
        uint8_t a[192], b[192];
        pkc_rng r1, r2;
        CHECK(pkc_rng_init_fixed(&r1, PKC_HASH_SHA256, 1000 + i) == PKC_OK);
        CHECK(pkc_rng_init_fixed(&r2, PKC_HASH_SHA256, 1000 + i) == PKC_OK);
        CHECK(pkc_rsa_prime_generate(a, len, bits, e, &r1) == PKC_OK);
        CHECK(pkc_rsa_prime_generate(b, len, bits, e, &r2) == PKC_OK);
        CHECK_MSG(memcmp(a, b, len) == 0, "%u bits: a fixed seed gives another prime", bits);
        mpz_import(p, len, 1, 1, 0, 0, a);
        CHECK_MSG(mpz_sizeinbase(p, 2) == bits, "%u bits: got %zu", bits, mpz_sizeinbase(p, 2));
        CHECK_MSG(mpz_tstbit(p, bits - 2), "%u bits: the second bit is not set", bits);
        CHECK_MSG(mpz_probab_prime_p(p, 40) > 0, "%u bits: GMP says composite", bits);
        mpz_sub_ui(t, p, 1);
        mpz_gcd_ui(g, t, (unsigned long)e);
        CHECK_MSG(mpz_cmp_ui(g, 1) == 0, "%u bits: gcd(p - 1, %llu) != 1", bits,
                  (unsigned long long)e);
        CHECK(pkc_says(p) == 1);
        /* another seed, another prime */
        CHECK(pkc_rsa_prime_generate(b, len, bits, e, &r2) == PKC_OK);
        CHECK(memcmp(a, b, len) != 0);
        pkc_rng_wipe(&r1);
        pkc_rng_wipe(&r2);
    }
    uint8_t buf[1100];
    CHECK(pkc_rsa_prime_generate(buf, 4, 31, 0, &rng) == PKC_ERR_ARG);
    CHECK(pkc_rsa_prime_generate(buf, 1025, 8193, 0, &rng) == PKC_ERR_ARG);
    CHECK(pkc_rsa_prime_generate(buf, 33, 256, 0, &rng) == PKC_ERR_ARG); /* outlen */
    CHECK(pkc_rsa_prime_generate(buf, 32, 256, 4, &rng) == PKC_ERR_ARG); /* even e */
    CHECK(pkc_rsa_prime_generate(buf, 32, 256, 0, NULL) == PKC_ERR_ARG);
    mpz_clears(p, g, t, NULL);
}

static void test_agrees_with_gmp(void)
{
    mpz_t n;
    mpz_init(n);
    int fails = 0;
    for (unsigned long v = 0; v < 70000; v++) {
        mpz_set_ui(n, v);
        fails += pkc_says(n) != (mpz_probab_prime_p(n, 30) > 0);
    }
    CHECK_MSG(fails == 0, "%d of the numbers below 70000 decided unlike GMP", fails);
    fails = 0;
    int iters = tu_iters(400);
    uint8_t buf[140];
    for (int i = 0; i < iters; i++) {
        size_t bits = 17 + (size_t)tu_rand64() % 1084;
        size_t len = (bits + 7) / 8;
        tu_rand_bytes(buf, len);
        mpz_import(n, len, 1, 1, 0, 0, buf);
        mpz_fdiv_r_2exp(n, n, bits);
        mpz_setbit(n, bits - 1);
        mpz_setbit(n, 0);
        if (i % 4 == 0)
            mpz_nextprime(n, n); /* primes too, not only composites */
        fails += pkc_says(n) != (mpz_probab_prime_p(n, 30) > 0);
    }
    CHECK_MSG(fails == 0, "%d of %d random numbers decided unlike GMP", fails, iters);
    /* p q and p^2 */
    mpz_t p, q;
    mpz_inits(p, q, NULL);
    fails = 0;
    for (int i = 0; i < tu_iters(60); i++) {
        size_t bits = 9 + (size_t)tu_rand64() % 500;
        tu_rand_bytes(buf, 64);
        mpz_import(p, 64, 1, 1, 0, 0, buf);
        mpz_fdiv_r_2exp(p, p, bits);
        mpz_nextprime(p, p);
        mpz_set(q, p);
        if (i % 3)
            mpz_nextprime(q, p); /* twin-ish: p q close to a square */
        mpz_mul(n, p, q);
        fails += pkc_says(n) != 0;
    }
    CHECK_MSG(fails == 0, "%d products of two primes called prime", fails);
    mpz_clears(n, p, q, NULL);
}

static void test_pseudoprimes(void)
{
    static const unsigned long carmichael[] = {
        561,    1105,   1729,   2465,   2821,   6601,   8911,   10585,  15841,
        29341,  41041,  46657,  52633,  62745,  63973,  75361,  101101, 115921,
        126217, 162401, 172081, 188461, 252601, 278545, 294409, 314821};
    mpz_t n, t;
    mpz_inits(n, t, NULL);
    int fooled_fixed = 0, count = 0;
    for (size_t i = 0; i < sizeof carmichael / sizeof carmichael[0]; i++) {
        mpz_set_ui(n, carmichael[i]);
        CHECK_MSG(pkc_says(n) == 0, "Carmichael number %lu called prime", carmichael[i]);
    }
    /* Chernick: (6k+1)(12k+1)(18k+1) is a Carmichael number when all three
     * factors are prime; large ones, and check Fermat's test is fooled */
    for (unsigned long k = 1000000, found = 0; found < 6 && k < 3000000; k++) {
        mpz_t a, b, c;
        mpz_inits(a, b, c, NULL);
        mpz_set_ui(a, 6 * k + 1);
        mpz_set_ui(b, 12 * k + 1);
        mpz_set_ui(c, 18 * k + 1);
        if (mpz_probab_prime_p(a, 25) && mpz_probab_prime_p(b, 25) && mpz_probab_prime_p(c, 25)) {
            mpz_mul(n, a, b);
            mpz_mul(n, n, c);
            mpz_sub_ui(t, n, 1);
            mpz_set_ui(a, 2);
            mpz_powm(a, a, t, n);
            CHECK_MSG(mpz_cmp_ui(a, 1) == 0, "Chernick k = %lu: not a Fermat pseudoprime", k);
            CHECK_MSG(pkc_says(n) == 0, "Chernick Carmichael number (k = %lu) called prime", k);
            found++;
        }
        mpz_clears(a, b, c, NULL);
    }
    /* strong pseudoprimes to every prime base up to the given one */
    static const struct {
        const char *n;
        unsigned long up_to;
    } spsp[] = {
        {"2047", 2},
        {"3215031751", 7},
        {"3825123056546413051", 23},
        {"318665857834031151167461", 37},
        {"3317044064679887385961981", 41},
    };
    static const unsigned long bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41};
    for (size_t i = 0; i < sizeof spsp / sizeof spsp[0]; i++) {
        mpz_set_str(n, spsp[i].n, 10);
        CHECK_MSG(mpz_probab_prime_p(n, 30) == 0, "%s is not composite", spsp[i].n);
        int all = 1;
        for (size_t j = 0; j < sizeof bases / sizeof bases[0] && bases[j] <= spsp[i].up_to; j++)
            all &= mr_round_passes(n, bases[j]);
        CHECK_MSG(all, "%s does not pass Miller-Rabin with the prime bases up to %lu", spsp[i].n,
                  spsp[i].up_to);
        fooled_fixed += all;
        count++;
        CHECK_MSG(pkc_says(n) == 0, "strong pseudoprime %s called prime", spsp[i].n);
    }
    CHECK(fooled_fixed == count);
    mpz_clears(n, t, NULL);
}

static void test_bad_arguments(void)
{
    uint8_t big[2100];
    int prime = 7;
    memset(big, 0xff, sizeof big);
    CHECK(pkc_rsa_prime_test(big, 2049, 0, &rng, &prime) == PKC_ERR_ARG); /* 16392 bits */
    CHECK(pkc_rsa_prime_test(big, 16, -1, &rng, &prime) == PKC_ERR_ARG);
    CHECK(pkc_rsa_prime_test(NULL, 16, 0, &rng, &prime) == PKC_ERR_ARG);
    CHECK(pkc_rsa_prime_test(big, 16, 0, NULL, &prime) == PKC_ERR_ARG);
    memset(big, 0, 1000); /* leading zero bytes are fine */
    big[999] = 13;
    CHECK(pkc_rsa_prime_test(big, 1000, 0, &rng, &prime) == PKC_OK && prime == 1);
    CHECK(pkc_rsa_prime_test(big, 0, 0, &rng, &prime) == PKC_OK && prime == 0); /* 0 */
}

int main(void)
{
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    test_generate();
    test_agrees_with_gmp();
    test_pseudoprimes();
    test_bad_arguments();
    pkc_rng_wipe(&rng);
    return tu_finish("test_rsa_prime");
}
