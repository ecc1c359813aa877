/* The radix-2^52 CRT exponentiation (src/rsa/rsa_ifma.c) against GMP's
 * mpz_powm: random odd moduli of every supported size (4 to 32 limbs:
 * primes of RSA-512 to RSA-4096 keys; full, short and all-ones top limbs),
 * bases of 1 to 2 n + 1 limbs with the edge values 0, 1, m - 1, m, m + 1
 * and multiples of m, exponents zero, one, all ones, with long runs of 0
 * and 1 bits and random; in the portable emulation everywhere and on
 * AVX-512 IFMA where the CPU has it (the two must also agree with each
 * other). The same for the public exponentiation (one modulus of 4 to 64
 * limbs, exponents of 1 to 64 n bits) and for two Montgomery-form bases
 * at once (Miller-Rabin). Then the private operation itself in every mode
 * against the mode that does not use this code (PKC_RSA_IFMA=off), and
 * key generation, which must make the same key from the same seed in
 * every mode. The RSA tests run
 * again with PKC_RSA_IFMA=off (tests/tests.cmake), so both paths go
 * through the vectors and the OpenSSL differential tests. The seed is
 * printed; PKC_TEST_ITERS multiplies the iterations. */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "rsa/rsa_ifma.h"
#include "rsa/rsa_internal.h"
#include "testutil.h"

static void rand_limbs(mp_limb_t *a, mp_size_t n)
{
    for (mp_size_t i = 0; i < n; i++)
        a[i] = tu_rand64();
}

static void rand_modulus(mp_limb_t *m, mp_size_t n, int shape)
{
    rand_limbs(m, n);
    if (shape == 1)
        m[n - 1] >>= tu_rand64() % 63 + 1;
    else if (shape == 2)
        for (mp_size_t i = 0; i < n; i++)
            m[i] = ~(mp_limb_t)0;
    if (m[n - 1] == 0)
        m[n - 1] = 1;
    m[0] |= 1;
}

static void view(mpz_t x, const mp_limb_t *a, mp_size_t n)
{
    mpz_import(x, (size_t)n, -1, sizeof(mp_limb_t), 0, 0, a);
}

static void make_exponent(mp_limb_t *e, mp_size_t n, int kind)
{
    memset(e, 0, (size_t)n * sizeof(mp_limb_t));
    for (mp_bitcnt_t i = 0; i < (mp_bitcnt_t)64 * n; i++) {
        int bit;
        switch (kind) {
        case 0: bit = 0; break;
        case 1: bit = i == 0; break;
        case 2: bit = 1; break;
        case 3: bit = (i / 97) & 1; break;
        case 4: bit = i == (mp_bitcnt_t)64 * n - 1 || i < 3; break;
        case 5: bit = (i / 5) % 3 == 0; break;
        default: bit = (int)(tu_rand64() & 1); break;
        }
        if (bit)
            e[i / 64] |= (mp_limb_t)1 << (i % 64);
    }
}

/* base kinds: random of the given length, or an edge value mod m */
static mp_size_t make_base(mp_limb_t *b, mp_size_t maxn, const mp_limb_t *m, mp_size_t n,
                           int kind)
{
    memset(b, 0, (size_t)maxn * sizeof(mp_limb_t));
    mpz_t M, x;
    mpz_inits(M, x, NULL);
    view(M, m, n);
    mp_size_t bn = n;
    switch (kind) {
    case 0: break;                              /* 0 */
    case 1: mpz_set_ui(x, 1); break;            /* 1 */
    case 2: mpz_sub_ui(x, M, 1); break;         /* m - 1 */
    case 3: mpz_set(x, M); break;               /* m */
    case 4: mpz_add_ui(x, M, 1); break;         /* m + 1 */
    case 5: mpz_mul_ui(x, M, 12345); bn = n + 1; break; /* a multiple of m */
    case 6: bn = 1; rand_limbs(b, 1); break;
    case 7: bn = 2 * n + 1; rand_limbs(b, bn); break;
    default: rand_limbs(b, n); break;
    }
    if (kind <= 5)
        mpz_export(b, NULL, -1, sizeof(mp_limb_t), 0, 0, x);
    mpz_clears(M, x, NULL);
    return bn;
}

static int check_one(const mp_limb_t *r, const mp_limb_t *b, mp_size_t bn, const mp_limb_t *e,
                     const mp_limb_t *m, mp_size_t n)
{
    mpz_t B, E, M, want, got;
    mpz_inits(B, E, M, want, got, NULL);
    view(B, b, bn);
    view(E, e, n);
    view(M, m, n);
    mpz_powm(want, B, E, M);
    view(got, r, n);
    int ok = mpz_cmp(want, got) == 0;
    mpz_clears(B, E, M, want, got, NULL);
    return ok;
}

static void test_size(mp_size_t n, int shape, int hw)
{
    mp_limb_t *mp_ = calloc((size_t)n, sizeof(mp_limb_t)), *mq = calloc((size_t)n, sizeof(mp_limb_t));
    rand_modulus(mp_, n, shape);
    rand_modulus(mq, n, (shape + 1) % 3);
    pkc_rsa_mont cp, cq;
    pkc_rsa_ifma xp, xq;
    CHECK(pkc_rsa_mont_init(&cp, mp_, n) == PKC_OK);
    CHECK(pkc_rsa_mont_init(&cq, mq, n) == PKC_OK);
    CHECK(pkc_rsa_ifma_init(&xp, &cp) == PKC_OK);
    CHECK(pkc_rsa_ifma_init(&xq, &cq) == PKC_OK);
    mp_size_t maxb = 2 * n + 1;
    mp_limb_t *b = calloc((size_t)maxb, sizeof(mp_limb_t)), *ep = calloc((size_t)n, sizeof(mp_limb_t)),
              *eq = calloc((size_t)n, sizeof(mp_limb_t)), *rp = calloc((size_t)n, sizeof(mp_limb_t)),
              *rq = calloc((size_t)n, sizeof(mp_limb_t)), *sp = calloc((size_t)n, sizeof(mp_limb_t)),
              *sq = calloc((size_t)n, sizeof(mp_limb_t)),
              *tp = calloc((size_t)pkc_rsa_ifma_itch(n), sizeof(mp_limb_t));
    int iters = tu_iters(1);
    for (int it = 0; it < iters; it++) {
        for (int bk = 0; bk < 9; bk++) {
            int ek = (bk + it) % 7;
            mp_size_t bn = make_base(b, maxb, bk % 2 ? mq : mp_, n, bk);
            make_exponent(ep, n, ek);
            make_exponent(eq, n, (ek + 3) % 7);
            pkc_rsa_ifma_powm2(PKC_RSA_IFMA_EMULATE, &cp, &xp, rp, ep, &cq, &xq, rq, eq, b, bn, tp);
            CHECK_MSG(check_one(rp, b, bn, ep, mp_, n) && check_one(rq, b, bn, eq, mq, n),
                      "emulated, %ld limbs, shape %d, base kind %d, exponent kind %d", (long)n,
                      shape, bk, ek);
            if (hw) {
                pkc_rsa_ifma_powm2(PKC_RSA_IFMA_HW, &cp, &xp, sp, ep, &cq, &xq, sq, eq, b, bn, tp);
                CHECK_MSG(!memcmp(sp, rp, (size_t)n * sizeof(mp_limb_t)) &&
                              !memcmp(sq, rq, (size_t)n * sizeof(mp_limb_t)),
                          "IFMA vs emulated, %ld limbs, shape %d, base kind %d, exponent kind %d",
                          (long)n, shape, bk, ek);
            }
        }
    }
    pkc_rsa_ifma_clear(&xp);
    pkc_rsa_ifma_clear(&xq);
    pkc_rsa_mont_clear(&cp);
    pkc_rsa_mont_clear(&cq);
    free(mp_);
    free(mq);
    free(b);
    free(ep);
    free(eq);
    free(rp);
    free(rq);
    free(sp);
    free(sq);
    free(tp);
}

/* The public exponentiation (square and multiply on one modulus of 4 to
 * 64 limbs) against mpz_powm: bases 0, 1, m - 1 and random below m,
 * exponents of 1 to 64 n bits (3, 65537, all ones, random), the result
 * written over the base; emulation and IFMA must agree. */
static void test_pub(mp_size_t n, int shape, int hw)
{
    mp_limb_t *m = calloc((size_t)n, sizeof(mp_limb_t)), *b = calloc((size_t)n, sizeof(mp_limb_t)),
              *r = calloc((size_t)n, sizeof(mp_limb_t)), *s = calloc((size_t)n, sizeof(mp_limb_t)),
              *e = calloc((size_t)n, sizeof(mp_limb_t));
    rand_modulus(m, n, shape);
    pkc_rsa_mont c;
    pkc_rsa_ifma x;
    CHECK(pkc_rsa_mont_init(&c, m, n) == PKC_OK);
    CHECK(pkc_rsa_ifma_init(&x, &c) == PKC_OK);
    mpz_t M, B, E, want, got;
    mpz_inits(M, B, E, want, got, NULL);
    view(M, m, n);
    for (int it = 0; it < 8; it++) {
        int bk = it % 4;
        if (bk == 0)
            mpz_set_ui(B, 0);
        else if (bk == 1)
            mpz_set_ui(B, 1);
        else if (bk == 2)
            mpz_sub_ui(B, M, 1);
        else {
            rand_limbs(b, n);
            view(B, b, n);
            mpz_mod(B, B, M);
        }
        memset(b, 0, (size_t)n * sizeof(mp_limb_t));
        mpz_export(b, NULL, -1, sizeof(mp_limb_t), 0, 0, B);
        memset(e, 0, (size_t)n * sizeof(mp_limb_t));
        mp_bitcnt_t ebits;
        switch (it) {
        case 0: e[0] = 3; ebits = 2; break;
        case 1: e[0] = 65537; ebits = 17; break;
        case 2: e[0] = 1; ebits = 1; break;
        case 3: e[0] = ~(mp_limb_t)0; ebits = 64; break;
        default:
            ebits = (mp_bitcnt_t)(tu_rand64() % ((mp_bitcnt_t)64 * n)) + 1;
            rand_limbs(e, (mp_size_t)((ebits + 63) / 64));
            if (ebits % 64)
                e[ebits / 64] &= ((mp_limb_t)1 << (ebits % 64)) - 1;
            e[(ebits - 1) / 64] |= (mp_limb_t)1 << ((ebits - 1) % 64);
            break;
        }
        view(E, e, n);
        mpz_powm(want, B, E, M);
        memcpy(r, b, (size_t)n * sizeof(mp_limb_t));
        pkc_rsa_ifma_powm_pub(PKC_RSA_IFMA_EMULATE, &c, &x, r, r, e, ebits);
        view(got, r, n);
        CHECK_MSG(mpz_cmp(want, got) == 0, "public, emulated, %ld limbs, shape %d, case %d",
                  (long)n, shape, it);
        if (hw) {
            pkc_rsa_ifma_powm_pub(PKC_RSA_IFMA_HW, &c, &x, s, b, e, ebits);
            CHECK_MSG(!memcmp(s, r, (size_t)n * sizeof(mp_limb_t)),
                      "public, IFMA vs emulated, %ld limbs, shape %d, case %d", (long)n, shape, it);
        }
    }
    mpz_clears(M, B, E, want, got, NULL);
    pkc_rsa_ifma_clear(&x);
    pkc_rsa_mont_clear(&c);
    free(m);
    free(b);
    free(r);
    free(s);
    free(e);
}

/* Two bases in rsa_mont.h's Montgomery form raised to one exponent modulo
 * one modulus at once (Miller-Rabin's use): z 2^(64 n) in and out. */
static void test_mont2(mp_size_t n, int shape, int hw)
{
    mp_limb_t *m = calloc((size_t)n, sizeof(mp_limb_t)), *e = calloc((size_t)n, sizeof(mp_limb_t)),
              *z[2], *w[2];
    for (int h = 0; h < 2; h++) {
        z[h] = calloc((size_t)n, sizeof(mp_limb_t));
        w[h] = calloc((size_t)n, sizeof(mp_limb_t));
    }
    rand_modulus(m, n, shape); /* all ones: m next to 2^(64 n), the results' bound */
    make_exponent(e, n, 6);
    e[n - 1] >>= 1; /* below m, like (w - 1) / 2^a */
    pkc_rsa_mont c;
    pkc_rsa_ifma x;
    CHECK(pkc_rsa_mont_init(&c, m, n) == PKC_OK);
    CHECK(pkc_rsa_ifma_init(&x, &c) == PKC_OK);
    mpz_t M, E, R, B[2], want;
    mpz_inits(M, E, R, B[0], B[1], want, NULL);
    view(M, m, n);
    view(E, e, n);
    mpz_setbit(R, (mp_bitcnt_t)64 * n); /* rsa_mont.h's R */
    for (int h = 0; h < 2; h++) {
        rand_limbs(z[h], n);
        view(B[h], z[h], n);
        mpz_mod(B[h], B[h], M);
        mpz_mul(want, B[h], R);
        mpz_mod(want, want, M);
        memset(z[h], 0, (size_t)n * sizeof(mp_limb_t));
        mpz_export(z[h], NULL, -1, sizeof(mp_limb_t), 0, 0, want); /* b R */
        memcpy(w[h], z[h], (size_t)n * sizeof(mp_limb_t));
    }
    pkc_rsa_ifma_powm2_mont(PKC_RSA_IFMA_EMULATE, &c, &x, z[0], e, &c, &x, z[1], e);
    if (hw)
        pkc_rsa_ifma_powm2_mont(PKC_RSA_IFMA_HW, &c, &x, w[0], e, &c, &x, w[1], e);
    for (int h = 0; h < 2; h++) {
        mpz_t got;
        mpz_init(got);
        mpz_powm(want, B[h], E, M);
        mpz_mul(want, want, R);
        mpz_mod(want, want, M);
        view(got, z[h], n);
        CHECK_MSG(mpz_cmp(want, got) == 0,
                  "Montgomery-form pair, emulated, %ld limbs, shape %d, lane %d", (long)n, shape,
                  h);
        if (hw)
            CHECK_MSG(!memcmp(w[h], z[h], (size_t)n * sizeof(mp_limb_t)),
                      "Montgomery-form pair, IFMA vs emulated, %ld limbs, lane %d", (long)n, h);
        mpz_clear(got);
        free(z[h]);
        free(w[h]);
    }
    mpz_clears(M, E, R, B[0], B[1], want, NULL);
    pkc_rsa_ifma_clear(&x);
    pkc_rsa_mont_clear(&c);
    free(m);
    free(e);
}

/* Key generation draws the same random bits whichever exponentiation its
 * Miller-Rabin rounds take: a fixed seed gives the same key with and
 * without IFMA (and the public operation of that key agrees too). */
static void test_keygen_modes(unsigned bits, pkc_rsa_ifma_mode_t mode)
{
    uint64_t seed = tu_rand64();
    pkc_rsa_key *k[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        pkc_rng rng;
        CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
        CHECK(pkc_rsa_ifma_set_mode(i ? mode : PKC_RSA_IFMA_OFF) == PKC_OK);
        CHECK(pkc_rsa_generate(&k[i], bits, 65537, &rng) == PKC_OK);
        pkc_rng_wipe(&rng);
    }
    CHECK_MSG(k[0] && k[1] && mpz_cmp(k[0]->p, k[1]->p) == 0 && mpz_cmp(k[0]->q, k[1]->q) == 0,
              "RSA-%u keygen, seed %llu: mode %d gives another key than off", bits,
              (unsigned long long)seed, (int)mode);
    pkc_rsa_key_free(k[0]);
    pkc_rsa_key_free(k[1]);
    CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_OFF) == PKC_OK);
}

/* The private operation of real keys in every available mode. */
static void test_private(unsigned bits, int hw)
{
    pkc_rng rngs, *rng = &rngs;
    CHECK(pkc_rng_init_fixed(rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    pkc_rsa_key *key = NULL;
    CHECK(pkc_rsa_generate(&key, bits, 65537, rng) == PKC_OK);
    size_t k = (bits + 7) / 8;
    uint8_t *in = malloc(k), *want = malloc(k), *got = malloc(k);
    for (int it = 0; it < 2; it++) {
        tu_rand_bytes(in, k);
        in[0] = 0; /* below n */
        CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_OFF) == PKC_OK);
        CHECK(pkc_rsa_private_raw(key, rng, in, want) == PKC_OK);
        CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_EMULATE) == PKC_OK);
        CHECK(pkc_rsa_private_raw(key, rng, in, got) == PKC_OK);
        CHECK_MSG(!memcmp(want, got, k), "RSA-%u private, emulated", bits);
        if (hw) {
            CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_HW) == PKC_OK);
            CHECK(pkc_rsa_private_raw(key, rng, in, got) == PKC_OK);
            CHECK_MSG(!memcmp(want, got, k), "RSA-%u private, IFMA", bits);
        }
    }
    free(in);
    free(want);
    free(got);
    pkc_rsa_key_free(key);
    pkc_rng_wipe(rng);
}

/* The mode PKC_RSA_IFMA asks for is the one taken (before any set_mode). */
static void test_env_mode(int hw)
{
    const char *env = getenv("PKC_RSA_IFMA");
    pkc_rsa_ifma_mode_t want = hw ? PKC_RSA_IFMA_HW : PKC_RSA_IFMA_OFF;
    if (env && (!strcmp(env, "off") || !strcmp(env, "0")))
        want = PKC_RSA_IFMA_OFF;
    else if (env && !strcmp(env, "emulate"))
        want = PKC_RSA_IFMA_EMULATE;
    CHECK_MSG(pkc_rsa_ifma_mode() == want, "PKC_RSA_IFMA=%s: mode %d, want %d", env ? env : "",
              (int)pkc_rsa_ifma_mode(), (int)want);
}

/* usage: test_rsa_ifma [--env-only] */
int main(int argc, char **argv)
{
    tu_seed();
    int hw = pkc_rsa_ifma_hw_available();
    test_env_mode(hw);
    if (argc > 1 && !strcmp(argv[1], "--env-only"))
        return tu_finish("test_rsa_ifma");
    printf("AVX-512 IFMA on this CPU: %s\n", hw ? "yes (IFMA and emulation tested)" : "no (emulation tested)");
    CHECK(!pkc_rsa_ifma_fits(3) && pkc_rsa_ifma_fits(4) && pkc_rsa_ifma_fits(32) &&
          !pkc_rsa_ifma_fits(33));
    CHECK(pkc_rsa_ifma_set_mode((pkc_rsa_ifma_mode_t)0) == PKC_ERR_ARG);
    if (!hw)
        CHECK(pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_HW) == PKC_ERR_UNSUPPORTED);
    /* every digit count modulo 8 and every vector count, and the sizes of
     * RSA-512 to RSA-4096 primes (4, 8, 12, 16, 24, 32 limbs) */
    static const mp_size_t sizes_n[] = {4, 5, 6, 7, 8, 9, 11, 12, 13, 16, 19, 22, 24, 27, 31, 32};
    /* every modulus shape at every size; with fewer iterations
     * (PKC_TEST_ITERS_DIV) one shape per size, each shape on a third of them */
    int nshapes = tu_iters(3) < 3 ? tu_iters(3) : 3;
    for (size_t i = 0; i < sizeof sizes_n / sizeof *sizes_n; i++)
        for (int s = 0; s < nshapes; s++)
            test_size(sizes_n[i], (s + (int)i) % 3, hw);
    /* the public exponentiation at every vector count (1 to 10) */
    CHECK(!pkc_rsa_ifma_fits_pub(3) && pkc_rsa_ifma_fits_pub(64) && !pkc_rsa_ifma_fits_pub(65));
    static const mp_size_t sizes_pub[] = {4, 5, 6, 7, 12, 16, 23, 24, 31, 32, 40, 47, 48, 55, 63, 64};
    for (size_t i = 0; i < sizeof sizes_pub / sizeof *sizes_pub; i++)
        test_pub(sizes_pub[i], (int)i % 3, hw);
    static const mp_size_t sizes_mr[] = {4, 8, 16, 24, 32};
    for (size_t i = 0; i < sizeof sizes_mr / sizeof *sizes_mr; i++)
        for (int shape = 0; shape < 3; shape++)
            for (int it = 0; it < 4; it++)
                test_mont2(sizes_mr[i], shape, hw);
    unsigned sizes[] = {1024, 1536, 2048, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        test_private(sizes[i], hw);
    test_keygen_modes(1024, PKC_RSA_IFMA_EMULATE);
    if (hw) {
        test_keygen_modes(2048, PKC_RSA_IFMA_HW);
        test_keygen_modes(3072, PKC_RSA_IFMA_HW);
    }
    return tu_finish("test_rsa_ifma");
}
