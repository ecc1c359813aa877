/* pkc tests — HMAC_DRBG (src/rand/drbg.c) and pkc_rng (src/rand/rng.c).
 *
 * The NIST DRBG vector files are not packaged by Debian, so the mechanism
 * is checked differentially against mbedTLS's HMAC_DRBG, fed the same
 * entropy/nonce stream through its entropy callback: instantiate with and
 * without personalisation, generate with and without additional input,
 * explicit reseeds, and counter-driven reseeds (SP 800-90A 9.3.1 step 7).
 * pkc_rng is checked against the fixed-mode derivation documented in
 * include/pkc/rng.h, rebuilt here by hand. */
#include <stdlib.h>
#include <string.h>

#include "pkc/rng.h"
#include "testutil.h"

#ifdef PKC_HAVE_MBEDTLS
#include <mbedtls/hmac_drbg.h>
#include <mbedtls/md.h>
#endif

static const pkc_hash_alg algs[2] = {PKC_HASH_SHA256, PKC_HASH_SHA512};

#ifdef PKC_HAVE_MBEDTLS
/* Entropy stream shared by both sides: mbedTLS pulls from it through its
 * callback, pkc is handed the same bytes in the same order. */
typedef struct {
    uint8_t buf[4096];
    size_t len, pos;
} stream;

static int stream_cb(void *p, unsigned char *out, size_t len)
{
    stream *s = p;
    if (len > s->len - s->pos)
        return -1;
    memcpy(out, s->buf + s->pos, len);
    s->pos += len;
    return 0;
}

static const uint8_t *stream_take(stream *s, size_t len)
{
    if (len > s->len - s->pos)
        return NULL;
    const uint8_t *p = s->buf + s->pos;
    s->pos += len;
    return p;
}

/* One randomised scenario: returns the number of generate calls compared. */
static int mbedtls_scenario(pkc_hash_alg alg, size_t entlen, size_t perslen, int auto_interval)
{
    stream ms, ps; /* the same bytes, consumed independently by each side */
    ms.len = sizeof ms.buf;
    ms.pos = 0;
    tu_rand_bytes(ms.buf, ms.len);
    ps = ms;

    uint8_t pers[128];
    tu_rand_bytes(pers, sizeof pers);

    mbedtls_hmac_drbg_context m;
    mbedtls_hmac_drbg_init(&m);
    const mbedtls_md_info_t *md =
        mbedtls_md_info_from_type(alg == PKC_HASH_SHA256 ? MBEDTLS_MD_SHA256 : MBEDTLS_MD_SHA512);
    /* mbedTLS 2.28: seed() reads entropy_len bytes of entropy, then
     * entropy_len / 2 bytes of nonce, then appends the personalisation:
     * seed_material = entropy || nonce || pers, as in SP 800-90A 10.1.2.3. */
    mbedtls_hmac_drbg_set_entropy_len(&m, entlen);
    int r = mbedtls_hmac_drbg_seed(&m, md, stream_cb, &ms, perslen ? pers : NULL, perslen);
    CHECK_MSG(r == 0, "mbedtls seed: %d", r);

    pkc_hmac_drbg d;
    const uint8_t *ent = stream_take(&ps, entlen);
    const uint8_t *nonce = stream_take(&ps, entlen / 2);
    pkc_err e = pkc_hmac_drbg_instantiate(&d, alg, ent, entlen, nonce, entlen / 2, pers, perslen);
    CHECK(e == PKC_OK);
    CHECK(ms.pos == ps.pos);
    if (r || e) {
        mbedtls_hmac_drbg_free(&m);
        return 0;
    }
    if (auto_interval) {
        mbedtls_hmac_drbg_set_reseed_interval(&m, auto_interval);
        d.reseed_interval = (uint64_t)auto_interval;
    }

    static const size_t outlens[] = {1, 16, 31, 32, 33, 63, 64, 65, 100, 500, 1000, 1024};
    static const size_t addlens[] = {0, 0, 1, 32, 55, 256};
    int compared = 0, mismatches = 0;
    for (int step = 0; step < 12; step++) {
        uint8_t addl[256];
        size_t al = addlens[tu_rand64() % 6];
        tu_rand_bytes(addl, al);
        if (!auto_interval && tu_rand64() % 5 == 0) {
            /* explicit reseed, with or without additional input */
            r = mbedtls_hmac_drbg_reseed(&m, al ? addl : NULL, al);
            ent = stream_take(&ps, entlen);
            e = pkc_hmac_drbg_reseed(&d, ent, entlen, addl, al);
            CHECK_MSG(r == 0 && e == PKC_OK, "reseed: mbedtls %d, pkc %d", r, e);
            continue;
        }
        size_t ol = outlens[tu_rand64() % (sizeof outlens / sizeof outlens[0])];
        uint8_t mo[1024], po[1024];
        r = mbedtls_hmac_drbg_random_with_add(&m, mo, ol, al ? addl : NULL, al);
        e = pkc_hmac_drbg_generate(&d, po, ol, addl, al);
        if (e == PKC_ERR_RESEED) {
            /* SP 800-90A 9.3.1 step 7: reseed with the additional input,
             * then generate without it (mbedTLS does the same inside). */
            ent = stream_take(&ps, entlen);
            e = pkc_hmac_drbg_reseed(&d, ent, entlen, addl, al);
            if (e == PKC_OK)
                e = pkc_hmac_drbg_generate(&d, po, ol, NULL, 0);
        }
        CHECK_MSG(r == 0 && e == PKC_OK, "generate: mbedtls %d, pkc %d", r, e);
        CHECK_MSG(ms.pos == ps.pos, "entropy consumed: mbedtls %zu, pkc %zu", ms.pos, ps.pos);
        if (r == 0 && e == PKC_OK) {
            compared++;
            if (memcmp(mo, po, ol) != 0)
                mismatches++;
        }
    }
    CHECK_MSG(mismatches == 0,
              "%s entropy %zu pers %zu interval %d: %d of %d outputs differ from mbedTLS",
              pkc_hash_name(alg), entlen, perslen, auto_interval, mismatches, compared);
    mbedtls_hmac_drbg_free(&m);
    pkc_hmac_drbg_wipe(&d);
    return compared;
}

static void test_vs_mbedtls(void)
{
    static const size_t entlens[] = {16, 24, 32, 48, 64};
    static const size_t perslens[] = {0, 1, 32, 100};
    int total = 0;
    for (int a = 0; a < 2; a++)
        for (size_t i = 0; i < sizeof entlens / sizeof entlens[0]; i++)
            for (size_t j = 0; j < sizeof perslens / sizeof perslens[0]; j++) {
                total += mbedtls_scenario(algs[a], entlens[i], perslens[j], 0);
                /* counter-driven reseeds every 1, 2 or 3 generates */
                total += mbedtls_scenario(algs[a], entlens[i], perslens[j], 1 + (int)(j % 3));
            }
    for (int it = 0; it < tu_iters(1) - 1; it++)
        for (int a = 0; a < 2; a++)
            total += mbedtls_scenario(algs[a], 32, 32, (int)(tu_rand64() % 4));
    printf("mbedTLS HMAC_DRBG: %d generate outputs compared\n", total);
    CHECK(total > 500);
}
#endif

/* The fixed-mode derivation, written out from the header's description. */
static void be64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

static size_t doc_entropy(uint8_t *buf, uint64_t seed, uint64_t k)
{
    memcpy(buf, "pkc fixed entropy", 17);
    be64(buf + 17, seed);
    be64(buf + 25, k);
    return 33;
}

static void doc_instantiate(pkc_hmac_drbg *d, pkc_hash_alg alg, uint64_t seed)
{
    uint8_t ent[64], nonce[32];
    size_t el = doc_entropy(ent, seed, 0);
    memcpy(nonce, "pkc fixed nonce", 15);
    be64(nonce + 15, seed);
    static const char pers[] = "pkc_rng fixed-seed mode v1";
    CHECK(pkc_hmac_drbg_instantiate(d, alg, ent, el, nonce, 23, (const uint8_t *)pers,
                                    sizeof pers - 1) == PKC_OK);
}

static void test_fixed_mode(void)
{
    for (int a = 0; a < 2; a++) {
        pkc_hash_alg alg = algs[a];
        uint64_t seed = tu_rand64();
        pkc_rng r1, r2, r3;
        CHECK(pkc_rng_init_fixed(&r1, alg, seed) == PKC_OK);
        CHECK(pkc_rng_init_fixed(&r2, alg, seed) == PKC_OK);
        CHECK(pkc_rng_init_fixed(&r3, alg, seed + 1) == PKC_OK);
        CHECK(r1.mode == PKC_RNG_FIXED && r1.seed == seed);
        static const size_t sizes[] = {1, 32, 77, 4096, 65536, 70000};
        int same = 1, differ = 1;
        uint8_t *b1 = malloc(70000), *b2 = malloc(70000), *b3 = malloc(70000);
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            CHECK(pkc_rng_bytes(&r1, b1, sizes[i]) == PKC_OK);
            CHECK(pkc_rng_bytes(&r2, b2, sizes[i]) == PKC_OK);
            CHECK(pkc_rng_bytes(&r3, b3, sizes[i]) == PKC_OK);
            same &= memcmp(b1, b2, sizes[i]) == 0;
            differ &= sizes[i] < 8 || memcmp(b1, b3, sizes[i]) != 0;
        }
        CHECK_MSG(same, "%s: fixed mode with the same seed is not repeatable", pkc_hash_name(alg));
        CHECK_MSG(differ, "%s: seeds %llu and %llu gave the same bytes", pkc_hash_name(alg),
                  (unsigned long long)seed, (unsigned long long)(seed + 1));

        /* the stream is exactly the documented derivation */
        pkc_rng r;
        pkc_hmac_drbg ref;
        CHECK(pkc_rng_init_fixed(&r, alg, 42) == PKC_OK);
        doc_instantiate(&ref, alg, 42);
        CHECK(pkc_rng_bytes(&r, b1, 1000) == PKC_OK);
        CHECK(pkc_hmac_drbg_generate(&ref, b2, 1000, NULL, 0) == PKC_OK);
        CHECK_EQ_BYTES(b1, b2, 1000);
        /* and a different alg gives a different stream */
        pkc_rng ro;
        CHECK(pkc_rng_init_fixed(&ro, algs[1 - a], 42) == PKC_OK);
        CHECK(pkc_rng_bytes(&ro, b3, 1000) == PKC_OK);
        CHECK(memcmp(b1, b3, 1000) != 0);
        /* seed 0 is a valid seed */
        CHECK(pkc_rng_init_fixed(&ro, alg, 0) == PKC_OK && pkc_rng_bytes(&ro, b3, 64) == PKC_OK);

        /* request splitting: 150000 bytes = 65536 + 65536 + 18928 */
        CHECK(pkc_rng_init_fixed(&r, alg, 7) == PKC_OK);
        doc_instantiate(&ref, alg, 7);
        uint8_t *big = malloc(150000), *exp = malloc(150000);
        CHECK(pkc_rng_bytes(&r, big, 150000) == PKC_OK);
        CHECK(pkc_hmac_drbg_generate(&ref, exp, 65536, NULL, 0) == PKC_OK);
        CHECK(pkc_hmac_drbg_generate(&ref, exp + 65536, 65536, NULL, 0) == PKC_OK);
        CHECK(pkc_hmac_drbg_generate(&ref, exp + 131072, 150000 - 131072, NULL, 0) == PKC_OK);
        CHECK_EQ_BYTES(big, exp, 150000);
        CHECK(r.drbg.reseed_counter == 4);
        /* one call of 65537 bytes is not one generate of 65536 + 1 byte of
         * the same generate: the second chunk starts a new request */
        CHECK(pkc_hmac_drbg_generate(&ref, exp, 65537, NULL, 0) == PKC_ERR_ARG);

        /* counter-driven reseed, fixed mode: interval 3 means generates
         * 1..3 run, the 4th needs the 1st reseed, and so on */
        CHECK(pkc_rng_init_fixed(&r, alg, 99) == PKC_OK);
        r.drbg.reseed_interval = 3;
        doc_instantiate(&ref, alg, 99);
        int ok = 1;
        uint64_t k = 0;
        for (int call = 0; call < 10; call++) {
            size_t n = 1 + (size_t)(tu_rand64() % 200);
            if (ref.reseed_counter > 3) {
                uint8_t ent[64];
                size_t el = doc_entropy(ent, 99, ++k);
                CHECK(pkc_hmac_drbg_reseed(&ref, ent, el, NULL, 0) == PKC_OK);
            }
            ok &= pkc_rng_bytes(&r, b1, n) == PKC_OK;
            ok &= pkc_hmac_drbg_generate(&ref, b2, n, NULL, 0) == PKC_OK;
            ok &= memcmp(b1, b2, n) == 0;
        }
        CHECK_MSG(ok, "%s: fixed-mode reseed differs from the hand-driven reference",
                  pkc_hash_name(alg));
        CHECK_MSG(r.reseeds == 3 && k == 3, "reseeds %llu, expected 3",
                  (unsigned long long)r.reseeds);

        /* reseed inside a split request: interval 1 reseeds before every
         * chunk after the first */
        CHECK(pkc_rng_init_fixed(&r, alg, 5) == PKC_OK);
        r.drbg.reseed_interval = 1;
        doc_instantiate(&ref, alg, 5);
        CHECK(pkc_rng_bytes(&r, big, 140000) == PKC_OK);
        CHECK(pkc_hmac_drbg_generate(&ref, exp, 65536, NULL, 0) == PKC_OK);
        for (uint64_t c = 1; c <= 2; c++) {
            uint8_t ent[64];
            size_t el = doc_entropy(ent, 5, c);
            CHECK(pkc_hmac_drbg_reseed(&ref, ent, el, NULL, 0) == PKC_OK);
            size_t off = (size_t)c * 65536, n = c == 1 ? 65536 : 140000 - 131072;
            CHECK(pkc_hmac_drbg_generate(&ref, exp + off, n, NULL, 0) == PKC_OK);
        }
        CHECK_EQ_BYTES(big, exp, 140000);
        CHECK(r.reseeds == 2);

        free(big);
        free(exp);
        free(b1);
        free(b2);
        free(b3);
        pkc_rng_wipe(&r);
        pkc_rng_wipe(&r1);
        pkc_rng_wipe(&r2);
        pkc_rng_wipe(&r3);
        pkc_rng_wipe(&ro);
        pkc_hmac_drbg_wipe(&ref);
    }
}

static void test_random_mode(void)
{
    for (int a = 0; a < 2; a++) {
        pkc_rng r1, r2;
        uint8_t b1[256], b2[256], zero[256] = {0};
        CHECK(pkc_rng_init_random(&r1, algs[a]) == PKC_OK);
        CHECK(pkc_rng_init_random(&r2, algs[a]) == PKC_OK);
        CHECK(r1.mode == PKC_RNG_RANDOM);
        CHECK(pkc_rng_bytes(&r1, b1, sizeof b1) == PKC_OK);
        CHECK(pkc_rng_bytes(&r2, b2, sizeof b2) == PKC_OK);
        CHECK(memcmp(b1, b2, sizeof b1) != 0);
        CHECK(memcmp(b1, zero, sizeof b1) != 0);
        /* counter-driven reseeds from getrandom() */
        r1.drbg.reseed_interval = 2;
        for (int i = 0; i < 7; i++)
            CHECK(pkc_rng_bytes(&r1, b1, 100) == PKC_OK);
        CHECK_MSG(r1.reseeds == 3, "random mode reseeds %llu, expected 3",
                  (unsigned long long)r1.reseeds);
        pkc_rng_wipe(&r1);
        pkc_rng_wipe(&r2);
        CHECK(r1.drbg.reseed_counter == 0 && r1.drbg.K[0] == 0 && r1.drbg.V[0] == 0);
    }

    uint8_t a[64], b[64];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    CHECK(pkc_os_random(a, sizeof a) == PKC_OK);
    CHECK(pkc_os_random(b, sizeof b) == PKC_OK);
    CHECK(memcmp(a, b, sizeof a) != 0);
    CHECK(pkc_os_random(NULL, 0) == PKC_OK);
    CHECK(pkc_os_random(NULL, 1) == PKC_ERR_ARG);
    /* a large request (getrandom may return it in pieces) */
    size_t big = 3u << 20;
    uint8_t *p = calloc(1, big);
    CHECK(pkc_os_random(p, big) == PKC_OK);
    size_t zeros = 0;
    for (size_t i = 0; i < big; i++)
        zeros += p[i] == 0;
    CHECK_MSG(zeros > big / 256 / 2 && zeros < big / 256 * 2, "%zu zero bytes in 3 MiB", zeros);
    free(p);
}

static void test_uniform(void)
{
    pkc_rng r;
    CHECK(pkc_rng_init_fixed(&r, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    static const uint64_t bounds[] = {1,
                                      2,
                                      3,
                                      7,
                                      10,
                                      1000,
                                      (1ULL << 32) + 1,
                                      (1ULL << 63) + 1,
                                      UINT64_MAX};
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
        int inrange = 1;
        uint64_t maxseen = 0;
        for (int k = 0; k < 2000; k++) {
            uint64_t v = UINT64_MAX;
            inrange &= pkc_rng_uniform_u64(&r, bounds[i], &v) == PKC_OK && v < bounds[i];
            if (v > maxseen)
                maxseen = v;
        }
        CHECK_MSG(inrange, "uniform_u64 out of range for bound %llu",
                  (unsigned long long)bounds[i]);
        /* the top half of the range is reached (odds of failing ~2^-2000) */
        if (bounds[i] > 1)
            CHECK(maxseen >= bounds[i] / 2);
    }

    /* chi-square goodness of fit, bound 10 and bound 37 (a loose bound:
     * the 99.9999% quantile for 9 df is about 42.0, for 36 df about 83) */
    static const uint64_t cb[2] = {10, 37};
    static const double limit[2] = {42.0, 83.0};
    for (int t = 0; t < 2; t++) {
        uint64_t counts[37] = {0};
        int n = 100000;
        for (int k = 0; k < n; k++) {
            uint64_t v;
            if (pkc_rng_uniform_u64(&r, cb[t], &v) != PKC_OK || v >= cb[t]) {
                CHECK(0);
                break;
            }
            counts[v]++;
        }
        double expct = (double)n / (double)cb[t], chi = 0;
        for (uint64_t v = 0; v < cb[t]; v++)
            chi += ((double)counts[v] - expct) * ((double)counts[v] - expct) / expct;
        CHECK_MSG(chi < limit[t], "chi-square %.2f for bound %llu", chi,
                  (unsigned long long)cb[t]);
        printf("uniform_u64 bound %llu: chi-square %.2f (%llu df)\n", (unsigned long long)cb[t],
               chi, (unsigned long long)(cb[t] - 1));
    }
    /* a bound just above a power of two rejects about half the draws, and
     * the values are still spread over both halves */
    {
        uint64_t bound = (1ULL << 40) + 1, low = 0;
        for (int k = 0; k < 4000; k++) {
            uint64_t v;
            CHECK(pkc_rng_uniform_u64(&r, bound, &v) == PKC_OK);
            low += v < (1ULL << 39);
        }
        CHECK_MSG(low > 1700 && low < 2300, "%llu of 4000 below half", (unsigned long long)low);
    }

    uint64_t v = 5;
    CHECK(pkc_rng_uniform_u64(&r, 0, &v) == PKC_ERR_ARG);
    CHECK(pkc_rng_uniform_u64(&r, 1, &v) == PKC_OK && v == 0);
    CHECK(pkc_rng_uniform_u64(NULL, 10, &v) == PKC_ERR_ARG);
    CHECK(pkc_rng_uniform_u64(&r, 10, NULL) == PKC_ERR_ARG);
    pkc_rng_wipe(&r);
}

static void test_bad_args(void)
{
    uint8_t ent[64], out[128];
    tu_rand_bytes(ent, sizeof ent);
    pkc_hmac_drbg d;
    CHECK(pkc_hmac_drbg_instantiate(NULL, PKC_HASH_SHA256, ent, 32, NULL, 0, NULL, 0) ==
          PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_instantiate(&d, PKC_HASH_SHA1, ent, 32, NULL, 0, NULL, 0) ==
          PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_instantiate(&d, (pkc_hash_alg)99, ent, 32, NULL, 0, NULL, 0) ==
          PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_instantiate(&d, PKC_HASH_SHA256, NULL, 32, NULL, 0, NULL, 0) ==
          PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_instantiate(&d, PKC_HASH_SHA256, ent, 15, NULL, 0, NULL, 0) ==
          PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_instantiate(&d, PKC_HASH_SHA256, ent, 32, NULL, 5, NULL, 0) ==
          PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_instantiate(&d, PKC_HASH_SHA256, ent, 32, ent, 5, NULL, 7) ==
          PKC_ERR_ARG);
    /* a failed instantiate leaves an unusable (wiped) state */
    CHECK(pkc_hmac_drbg_generate(&d, out, 16, NULL, 0) == PKC_ERR_ARG);

    CHECK(pkc_hmac_drbg_instantiate(&d, PKC_HASH_SHA256, ent, 16, NULL, 0, NULL, 0) == PKC_OK);
    CHECK(pkc_hmac_drbg_generate(&d, out, PKC_DRBG_MAX_REQUEST + 1, NULL, 0) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_generate(&d, NULL, 16, NULL, 0) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_generate(&d, out, 16, NULL, 3) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_generate(NULL, out, 16, NULL, 0) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_reseed(&d, ent, 8, NULL, 0) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_reseed(&d, NULL, 32, NULL, 0) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_reseed(&d, ent, 32, NULL, 1) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_reseed(NULL, ent, 32, NULL, 0) == PKC_ERR_ARG);
    CHECK(pkc_hmac_drbg_generate(&d, out, 0, NULL, 0) == PKC_OK);

    /* the counter: PKC_ERR_RESEED once it exceeds the interval, nothing
     * written, and the state unchanged until a reseed */
    d.reseed_interval = 2;
    CHECK(pkc_hmac_drbg_generate(&d, out, 16, NULL, 0) == PKC_OK); /* counter 2 -> 3 */
    memset(out, 0xa5, sizeof out);
    pkc_hmac_drbg before = d;
    CHECK(pkc_hmac_drbg_generate(&d, out, 16, NULL, 0) == PKC_ERR_RESEED);
    int untouched = 1;
    for (size_t i = 0; i < sizeof out; i++)
        untouched &= out[i] == 0xa5;
    CHECK(untouched);
    CHECK(memcmp(&before, &d, sizeof d) == 0);
    CHECK(pkc_hmac_drbg_reseed(&d, ent, 32, NULL, 0) == PKC_OK && d.reseed_counter == 1);
    CHECK(pkc_hmac_drbg_generate(&d, out, 16, NULL, 0) == PKC_OK);
    /* the maximum request is allowed */
    uint8_t *mx = malloc(PKC_DRBG_MAX_REQUEST);
    CHECK(pkc_hmac_drbg_generate(&d, mx, PKC_DRBG_MAX_REQUEST, NULL, 0) == PKC_OK);
    free(mx);
    pkc_hmac_drbg_wipe(&d);
    CHECK(pkc_hmac_drbg_generate(&d, out, 16, NULL, 0) == PKC_ERR_ARG);

    pkc_rng r;
    CHECK(pkc_rng_init_random(NULL, PKC_HASH_SHA256) == PKC_ERR_ARG);
    CHECK(pkc_rng_init_random(&r, PKC_HASH_SHA1) == PKC_ERR_ARG);
    CHECK(pkc_rng_init_fixed(&r, (pkc_hash_alg)0, 1) == PKC_ERR_ARG);
    CHECK(pkc_rng_bytes(&r, out, 16) == PKC_ERR_ARG); /* not initialised */
    CHECK(pkc_rng_init_fixed(&r, PKC_HASH_SHA512, 1) == PKC_OK);
    CHECK(pkc_rng_bytes(NULL, out, 16) == PKC_ERR_ARG);
    CHECK(pkc_rng_bytes(&r, NULL, 16) == PKC_ERR_ARG);
    uint64_t ctr = r.drbg.reseed_counter;
    CHECK(pkc_rng_bytes(&r, NULL, 0) == PKC_OK);
    CHECK(r.drbg.reseed_counter == ctr); /* an empty request is no generate */
    pkc_rng_wipe(&r);
    CHECK(pkc_rng_bytes(&r, out, 16) == PKC_ERR_ARG); /* wiped */
    pkc_rng_wipe(NULL);
    pkc_hmac_drbg_wipe(NULL);
}

/* SHA-224 and SHA-384 are accepted by the mechanism and by pkc_rng. */
static void test_other_hashes(void)
{
    static const pkc_hash_alg more[2] = {PKC_HASH_SHA224, PKC_HASH_SHA384};
    for (int a = 0; a < 2; a++) {
        pkc_rng r1, r2;
        uint8_t b1[100], b2[100];
        CHECK(pkc_rng_init_fixed(&r1, more[a], 3) == PKC_OK);
        CHECK(r1.drbg.outlen == pkc_hash_size(more[a]));
        CHECK(pkc_rng_init_fixed(&r2, more[a], 3) == PKC_OK);
        CHECK(pkc_rng_bytes(&r1, b1, 100) == PKC_OK && pkc_rng_bytes(&r2, b2, 100) == PKC_OK);
        CHECK(memcmp(b1, b2, 100) == 0);
    }
}

int main(void)
{
    tu_seed();
#ifdef PKC_HAVE_MBEDTLS
    test_vs_mbedtls();
#else
    tu_skip_part("mbedTLS not found: the differential HMAC_DRBG test");
#endif
    test_fixed_mode();
    test_random_mode();
    test_uniform();
    test_bad_args();
    test_other_hashes();
    return tu_finish("test_drbg");
}
