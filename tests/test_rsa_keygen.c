/* RSA key generation: fixed-seed reproducibility, FIPS 186-5 A.1.3
 * properties of the result, and an independent primality check of the
 * primes (GMP's mpz_probab_prime_p, not our Miller-Rabin) on a few hundred
 * small keys. Also Miller-Rabin itself against known primes/composites. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/rsa.h"
#include "rsa/rsa_internal.h"
#include "testutil.h"

static void check_key_properties(const pkc_rsa_key *k, unsigned bits, unsigned long e)
{
    CHECK(pkc_rsa_bits(k) == bits);
    CHECK(mpz_sizeinbase(k->n, 2) == bits);
    CHECK(mpz_cmp_ui(k->e, e) == 0);
    /* independent primality check */
    CHECK_MSG(mpz_probab_prime_p(k->p, 40) > 0, "p not prime (%u bits)", bits);
    CHECK_MSG(mpz_probab_prime_p(k->q, 40) > 0, "q not prime (%u bits)", bits);
    /* top two bits set */
    size_t pb = mpz_sizeinbase(k->p, 2), qb = mpz_sizeinbase(k->q, 2);
    CHECK(pb == (bits + 1) / 2 && qb == bits / 2);
    CHECK(mpz_tstbit(k->p, pb - 2) && mpz_tstbit(k->q, qb - 2));
    mpz_t t, u, l;
    mpz_inits(t, u, l, NULL);
    mpz_mul(t, k->p, k->q);
    CHECK(mpz_cmp(t, k->n) == 0);
    /* gcd(e, p-1) = gcd(e, q-1) = 1 */
    mpz_sub_ui(t, k->p, 1);
    mpz_sub_ui(u, k->q, 1);
    CHECK(mpz_gcd_ui(NULL, t, e) == 1 && mpz_gcd_ui(NULL, u, e) == 1);
    /* d e = 1 mod lambda, d > 2^(nlen/2), d < lambda */
    mpz_lcm(l, t, u);
    mpz_mul_ui(t, k->d, e);
    mpz_mod(t, t, l);
    CHECK(mpz_cmp_ui(t, 1) == 0);
    CHECK(mpz_sizeinbase(k->d, 2) > bits / 2);
    CHECK(mpz_cmp(k->d, l) < 0);
    /* |p - q| > 2^(nlen/2 - 100) */
    mpz_sub(t, k->p, k->q);
    mpz_abs(t, t);
    CHECK(mpz_sizeinbase(t, 2) > bits / 2 - 100);
    mpz_clears(t, u, l, NULL);
}

static int same_key(const pkc_rsa_key *a, const pkc_rsa_key *b)
{
    return mpz_cmp(a->n, b->n) == 0 && mpz_cmp(a->d, b->d) == 0 && mpz_cmp(a->p, b->p) == 0;
}

int main(void)
{
    tu_seed();
    pkc_rng rng, rng2;

    /* Miller-Rabin: known primes and composites (including Carmichael
     * numbers and a strong pseudoprime to bases 2, 3, 5, 7). */
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 1) == PKC_OK);
    {
        const char *primes[] = {"5", "7", "65537", "2147483647", "170141183460469231731687303715884105727",
                                "340282366920938463463374607431768211297"};
        const char *comps[] = {"9", "561", "1105", "3215031751", "341550071728321",
                               "4"};
        mpz_t w;
        mpz_init(w);
        for (size_t i = 0; i < sizeof primes / sizeof *primes; i++) {
            int pr = -1;
            mpz_set_str(w, primes[i], 10);
            CHECK(pkc_rsa_miller_rabin(w, 20, &rng, &pr) == PKC_OK && pr == 1);
        }
        for (size_t i = 0; i < sizeof comps / sizeof *comps; i++) {
            int pr = -1;
            mpz_set_str(w, comps[i], 10);
            CHECK_MSG(pkc_rsa_miller_rabin(w, 20, &rng, &pr) == PKC_OK && pr == 0, "%s", comps[i]);
        }
        /* random odd numbers: agree with GMP */
        for (int i = 0; i < 300; i++) {
            uint8_t b[24];
            tu_rand_bytes(b, sizeof b);
            b[23] |= 1;
            mpz_import(w, sizeof b, 1, 1, 1, 0, b);
            int pr = -1;
            CHECK(pkc_rsa_miller_rabin(w, 10, &rng, &pr) == PKC_OK);
            CHECK(pr == (mpz_probab_prime_p(w, 30) > 0));
        }
        mpz_clear(w);
    }
    CHECK(pkc_rsa_mr_rounds(512) >= 7 && pkc_rsa_mr_rounds(1024) >= 5 &&
          pkc_rsa_mr_rounds(1536) >= 4 && pkc_rsa_mr_rounds(2048) >= 4);

    /* Reproducible: the same seed gives the same key, another seed another. */
    pkc_rsa_key *a = NULL, *b = NULL, *c = NULL;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 42) == PKC_OK);
    CHECK(pkc_rng_init_fixed(&rng2, PKC_HASH_SHA256, 42) == PKC_OK);
    CHECK(pkc_rsa_generate(&a, 1024, 65537, &rng) == PKC_OK);
    CHECK(pkc_rsa_generate(&b, 1024, 65537, &rng2) == PKC_OK);
    CHECK(pkc_rng_init_fixed(&rng2, PKC_HASH_SHA256, 43) == PKC_OK);
    CHECK(pkc_rsa_generate(&c, 1024, 65537, &rng2) == PKC_OK);
    if (a && b && c) {
        CHECK(same_key(a, b));
        CHECK(!same_key(a, c));
        check_key_properties(a, 1024, 65537);
        CHECK(pkc_rsa_check_private(a, &rng) == PKC_OK);
    }
    pkc_rsa_key_free(a);
    pkc_rsa_key_free(b);
    pkc_rsa_key_free(c);

    /* Argument checks. */
    a = NULL;
    CHECK(pkc_rsa_generate(&a, 512, 65537, &rng) == PKC_ERR_ARG);
    CHECK(pkc_rsa_generate(&a, 20000, 65537, &rng) == PKC_ERR_ARG);
    CHECK(pkc_rsa_generate(&a, 1024, 65536, &rng) == PKC_ERR_ARG);
    CHECK(pkc_rsa_generate(&a, 1024, 1, &rng) == PKC_ERR_ARG);
    CHECK(pkc_rsa_generate(&a, 1024, 65537, NULL) == PKC_ERR_ARG);
    CHECK(a == NULL);

    /* Other exponents and an odd size. */
    struct { unsigned bits; unsigned long e; } odd[] = {{1024, 3}, {1025, 65537}, {1536, 17}};
    for (size_t i = 0; i < 3; i++) {
        a = NULL;
        CHECK(pkc_rsa_generate(&a, odd[i].bits, odd[i].e, &rng) == PKC_OK);
        if (a)
            check_key_properties(a, odd[i].bits, odd[i].e);
        pkc_rsa_key_free(a);
    }

    /* Every multiple of 256 bits from 1024 to 2048 (the 2006 BouncyCastle
     * study's 1280, 1536 and 1792 among them): n of exactly that size, p
     * and q of half of it, a key that passes the full check. */
    for (unsigned bits = 1024; bits <= 2048; bits += 256) {
        a = NULL;
        CHECK_MSG(pkc_rsa_generate(&a, bits, 65537, &rng) == PKC_OK, "keygen %u", bits);
        if (a) {
            check_key_properties(a, bits, 65537);
            CHECK_MSG(pkc_rsa_check_private(a, &rng) == PKC_OK, "check_private %u", bits);
        }
        pkc_rsa_key_free(a);
    }

    /* A few hundred small keys: every prime passes GMP's own test. */
    int n512 = tu_iters(200), n768 = tu_iters(60);
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    for (int i = 0; i < n512 + n768; i++) {
        unsigned bits = i < n512 ? 512 : 768;
        a = NULL;
        pkc_err err = pkc_rsa_generate_any(&a, bits, 65537, &rng);
        CHECK_MSG(err == PKC_OK, "keygen %u: %d", bits, err);
        if (a)
            check_key_properties(a, bits, 65537);
        pkc_rsa_key_free(a);
    }
    pkc_rng_wipe(&rng);
    pkc_rng_wipe(&rng2);
    return tu_finish("test_rsa_keygen");
}
