/* SHA-1 / SHA-2 tests: NIST CAVP ShortMsg, LongMsg and Monte Carlo files;
 * every SHA-224/256 vector through both compression paths (portable and
 * SHA-NI); the two paths against each other on random inputs, one-shot and
 * streamed with random split points; block-boundary lengths streamed byte by
 * byte and at every split point; OpenSSL's EVP digests on random data; the
 * generic interface (names, sizes, errors). */
#include <stdlib.h>
#include <string.h>

#include "pkc/hash.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

/* The SHA-256 compression implementations this CPU can run. */
static pkc_sha256_impl impls[2];
static int nimpls;
static const char *impl_name(pkc_sha256_impl i)
{
    return i == PKC_SHA256_IMPL_SHANI ? "sha-ni" : "portable";
}

static int uses_sha256_core(pkc_hash_alg alg)
{
    return alg == PKC_HASH_SHA224 || alg == PKC_HASH_SHA256;
}

/* Hash with the generic interface, feeding the data in the pieces given by
 * splits (cut points, increasing; NULL for one update). */
static void hash_split(pkc_hash_alg alg, const uint8_t *d, size_t len, const size_t *cuts,
                       size_t ncuts, uint8_t *out)
{
    pkc_hash_ctx ctx;
    size_t pos = 0;
    CHECK(pkc_hash_init(&ctx, alg) == PKC_OK);
    for (size_t i = 0; i < ncuts; i++) {
        pkc_hash_update(&ctx, d + pos, cuts[i] - pos);
        pos = cuts[i];
    }
    pkc_hash_update(&ctx, d + pos, len - pos);
    pkc_hash_final(&ctx, out);
}

/* The direct (non-generic) streaming API, to cover it too. */
static void hash_direct(pkc_hash_alg alg, const uint8_t *d, size_t len, uint8_t *out)
{
    pkc_sha1_ctx c1;
    pkc_sha256_ctx c2;
    pkc_sha512_ctx c5;
    switch (alg) {
    case PKC_HASH_SHA1: pkc_sha1_init(&c1); pkc_sha1_update(&c1, d, len); pkc_sha1_final(&c1, out); break;
    case PKC_HASH_SHA224: pkc_sha224_init(&c2); pkc_sha256_update(&c2, d, len); pkc_sha256_final(&c2, out); break;
    case PKC_HASH_SHA256: pkc_sha256_init(&c2); pkc_sha256_update(&c2, d, len); pkc_sha256_final(&c2, out); break;
    case PKC_HASH_SHA384: pkc_sha384_init(&c5); pkc_sha512_update(&c5, d, len); pkc_sha512_final(&c5, out); break;
    case PKC_HASH_SHA512: pkc_sha512_init(&c5); pkc_sha512_update(&c5, d, len); pkc_sha512_final(&c5, out); break;
    default: break; /* SHA-3: tests/test_sha3.c */
    }
}

/* Checks one message against its expected digest: one-shot (generic and
 * direct) and streamed at a random split, under every SHA-256 compression
 * path when alg uses it. */
static void check_msg(pkc_hash_alg alg, const uint8_t *msg, size_t len, const uint8_t *md,
                      const char *what)
{
    size_t hl = pkc_hash_size(alg);
    int n = uses_sha256_core(alg) ? nimpls : 1;
    for (int k = 0; k < n; k++) {
        uint8_t out[PKC_HASH_MAX_SIZE];
        if (uses_sha256_core(alg))
            CHECK(pkc_sha256_set_impl(impls[k]) == PKC_OK);
        CHECK(pkc_hash(alg, msg, len, out) == PKC_OK);
        CHECK_MSG(memcmp(out, md, hl) == 0, "%s len %zu (%s): one-shot digest differs", what, len,
                  impl_name(impls[k]));
        hash_direct(alg, msg, len, out);
        CHECK_MSG(memcmp(out, md, hl) == 0, "%s len %zu (%s): direct digest differs", what, len,
                  impl_name(impls[k]));
        size_t cut = len ? (size_t)(tu_rand64() % (len + 1)) : 0;
        hash_split(alg, msg, len, &cut, 1, out);
        CHECK_MSG(memcmp(out, md, hl) == 0, "%s len %zu (%s): split at %zu differs", what, len,
                  impl_name(impls[k]), cut);
    }
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
}

/* ShortMsg / LongMsg: "Len = bits", "Msg = hex" (one 00 byte when Len is 0),
 * "MD = hex". Returns the number of vectors checked. */
static int run_msg_file(pkc_hash_alg alg, const char *rel)
{
    tu_kv kv;
    int count = 0;
    long bits = -1;
    uint8_t *msg = NULL;
    size_t msglen = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        if (strcmp(kv.key, "Len") == 0) {
            bits = strtol(kv.value, NULL, 10);
        } else if (strcmp(kv.key, "Msg") == 0) {
            free(msg);
            msg = tu_unhex(kv.value, &msglen);
            CHECK_MSG(msg != NULL, "%s:%d: bad hex", rel, kv.lineno);
        } else if (strcmp(kv.key, "MD") == 0) {
            size_t mdlen = 0;
            uint8_t *md = tu_unhex(kv.value, &mdlen);
            if (CHECK_MSG(md && msg && bits >= 0 && bits % 8 == 0 && (size_t)bits / 8 <= msglen &&
                              mdlen == pkc_hash_size(alg),
                          "%s:%d: malformed vector", rel, kv.lineno)) {
                char what[256];
                snprintf(what, sizeof what, "%s:%d", rel, kv.lineno);
                check_msg(alg, msg, (size_t)bits / 8, md, what);
                count++;
            }
            free(md);
            free(msg);
            msg = NULL;
            bits = -1;
        }
    }
    free(msg);
    tu_kv_close(&kv);
    CHECK_MSG(count > 0, "%s: no vectors", rel);
    return count;
}

/* Monte Carlo (SHAVS section 6.4): from a seed, 100 checkpoints, each the
 * end of a chain of 1000 hashes of MD[i-3] | MD[i-2] | MD[i-1]. */
static int run_monte_file(pkc_hash_alg alg, const char *rel, pkc_sha256_impl impl)
{
    tu_kv kv;
    int count = 0;
    size_t hl = pkc_hash_size(alg);
    uint8_t seed[PKC_HASH_MAX_SIZE], m[3 * PKC_HASH_MAX_SIZE];
    int have_seed = 0;
    if (uses_sha256_core(alg))
        CHECK(pkc_sha256_set_impl(impl) == PKC_OK);
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        size_t n = 0;
        if (strcmp(kv.key, "Seed") == 0) {
            uint8_t *s = tu_unhex(kv.value, &n);
            have_seed = CHECK_MSG(s && n == hl, "%s: bad seed", rel);
            if (have_seed)
                memcpy(seed, s, hl);
            free(s);
        } else if (strcmp(kv.key, "MD") == 0 && have_seed) {
            uint8_t *md = tu_unhex(kv.value, &n);
            if (CHECK_MSG(md && n == hl, "%s:%d: bad MD", rel, kv.lineno)) {
                for (int j = 0; j < 3; j++)
                    memcpy(m + j * hl, seed, hl);
                for (int i = 3; i < 1003; i++) {
                    uint8_t out[PKC_HASH_MAX_SIZE];
                    pkc_hash(alg, m, 3 * hl, out);
                    memmove(m, m + hl, 2 * hl);
                    memcpy(m + 2 * hl, out, hl);
                }
                memcpy(seed, m + 2 * hl, hl);
                CHECK_MSG(memcmp(seed, md, hl) == 0, "%s:%d (%s): Monte Carlo checkpoint differs",
                          rel, kv.lineno, impl_name(impl));
                count++;
            }
            free(md);
        }
    }
    tu_kv_close(&kv);
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
    CHECK_MSG(count == 100, "%s: %d Monte Carlo checkpoints, expected 100", rel, count);
    return count;
}

static void test_vectors(void)
{
    static const struct {
        pkc_hash_alg alg;
        const char *stem; /* hashes/<dir>/<stem>{ShortMsg,LongMsg,Monte}.rsp */
        const char *dir;
    } files[] = {
        {PKC_HASH_SHA1, "SHA1", "SHA1"},
        {PKC_HASH_SHA224, "SHA224", "SHA2"},
        {PKC_HASH_SHA256, "SHA256", "SHA2"},
        {PKC_HASH_SHA384, "SHA384", "SHA2"},
        {PKC_HASH_SHA512, "SHA512", "SHA2"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char rel[128];
        int s, l, mc = 0;
        snprintf(rel, sizeof rel, "hashes/%s/%sShortMsg.rsp", files[i].dir, files[i].stem);
        s = run_msg_file(files[i].alg, rel);
        snprintf(rel, sizeof rel, "hashes/%s/%sLongMsg.rsp", files[i].dir, files[i].stem);
        l = run_msg_file(files[i].alg, rel);
        snprintf(rel, sizeof rel, "hashes/%s/%sMonte.rsp", files[i].dir, files[i].stem);
        int n = uses_sha256_core(files[i].alg) ? nimpls : 1;
        for (int k = 0; k < n; k++)
            mc += run_monte_file(files[i].alg, rel, impls[k]);
        printf("%s: %d short, %d long, %d Monte Carlo checkpoints%s\n", files[i].stem, s, l, mc,
               n > 1 ? " (each through portable and sha-ni)" : "");
    }
}

/* Digest of d under one SHA-256 implementation, streamed with random cuts. */
static void sha256_impl_random_split(pkc_hash_alg alg, pkc_sha256_impl impl, const uint8_t *d,
                                     size_t len, uint8_t *out)
{
    size_t cuts[8], n = len ? (size_t)(tu_rand64() % 8) : 0;
    for (size_t i = 0; i < n; i++)
        cuts[i] = (size_t)(tu_rand64() % (len + 1));
    for (size_t i = 1; i < n; i++) /* insertion sort: cut points must increase */
        for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
            size_t t = cuts[j];
            cuts[j] = cuts[j - 1];
            cuts[j - 1] = t;
        }
    CHECK(pkc_sha256_set_impl(impl) == PKC_OK);
    hash_split(alg, d, len, cuts, n, out);
}

/* Portable vs SHA-NI on random inputs of random lengths. */
static void test_impls_agree(void)
{
    if (nimpls < 2) {
        printf("note: this CPU has no SHA extensions; portable vs sha-ni comparison skipped\n");
        return;
    }
    enum { MAXLEN = 4096 + 200 };
    uint8_t *d = malloc(MAXLEN);
    int iters = tu_iters(2000), bad = 0;
    for (int it = 0; it < iters; it++) {
        /* mostly short lengths (where the buffering logic lives), some long */
        size_t len = (it & 3) ? (size_t)(tu_rand64() % 300) : (size_t)(tu_rand64() % MAXLEN);
        pkc_hash_alg alg = (it & 1) ? PKC_HASH_SHA256 : PKC_HASH_SHA224;
        uint8_t a[32], b[32], c[32], e[32];
        tu_rand_bytes(d, len);
        CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE) == PKC_OK);
        pkc_hash(alg, d, len, a);
        CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_SHANI) == PKC_OK);
        pkc_hash(alg, d, len, b);
        sha256_impl_random_split(alg, PKC_SHA256_IMPL_SHANI, d, len, c);
        sha256_impl_random_split(alg, PKC_SHA256_IMPL_PORTABLE, d, len, e);
        size_t hl = pkc_hash_size(alg);
        if (memcmp(a, b, hl) || memcmp(a, c, hl) || memcmp(a, e, hl)) {
            if (bad++ < 5)
                CHECK_MSG(0, "portable and sha-ni differ on %s, len %zu", pkc_hash_name(alg), len);
        }
    }
    CHECK_MSG(bad == 0, "%d of %d random inputs differ between the two paths", bad, iters);
    /* A context started under one path and finished under the other: the
     * state format is shared, so the result must not change. */
    for (int it = 0; it < 50; it++) {
        size_t len = (size_t)(tu_rand64() % 1000);
        size_t cut = (size_t)(tu_rand64() % (len + 1));
        uint8_t a[32], b[32];
        pkc_sha256_ctx ctx;
        tu_rand_bytes(d, len);
        pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE);
        pkc_hash(PKC_HASH_SHA256, d, len, a);
        pkc_sha256_init(&ctx);
        pkc_sha256_update(&ctx, d, cut);
        pkc_sha256_set_impl(PKC_SHA256_IMPL_SHANI);
        pkc_sha256_update(&ctx, d + cut, len - cut);
        pkc_sha256_final(&ctx, b);
        CHECK_EQ_BYTES(a, b, 32);
    }
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
    free(d);
}

/* Lengths around the padding boundaries: one-shot vs streamed one byte at a
 * time vs every two-piece split, under every SHA-256 path. */
static void test_block_boundaries(void)
{
    static const size_t lens[] = {0, 1, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120,
                                  127, 128, 129, 191, 192, 255, 256, 257};
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    uint8_t d[300];
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        tu_rand_bytes(d, len);
        for (size_t ai = 0; ai < sizeof algs / sizeof algs[0]; ai++) {
            pkc_hash_alg alg = algs[ai];
            size_t hl = pkc_hash_size(alg);
            int n = uses_sha256_core(alg) ? nimpls : 1;
            for (int k = 0; k < n; k++) {
                uint8_t ref[PKC_HASH_MAX_SIZE], out[PKC_HASH_MAX_SIZE];
                int bad = 0;
                if (uses_sha256_core(alg))
                    pkc_sha256_set_impl(impls[k]);
                pkc_hash(alg, d, len, ref);
                pkc_hash_ctx ctx;
                pkc_hash_init(&ctx, alg);
                for (size_t i = 0; i < len; i++)
                    pkc_hash_update(&ctx, d + i, 1);
                pkc_hash_final(&ctx, out);
                CHECK_MSG(memcmp(ref, out, hl) == 0, "%s len %zu (%s): byte-wise stream differs",
                          pkc_hash_name(alg), len, impl_name(impls[k]));
                for (size_t cut = 0; cut <= len; cut++) {
                    hash_split(alg, d, len, &cut, 1, out);
                    bad += memcmp(ref, out, hl) != 0;
                }
                CHECK_MSG(bad == 0, "%s len %zu (%s): %d split points differ", pkc_hash_name(alg),
                          len, impl_name(impls[k]), bad);
            }
#ifdef PKC_HAVE_OPENSSL
            {
                uint8_t ref[PKC_HASH_MAX_SIZE], os[EVP_MAX_MD_SIZE];
                unsigned int oslen = 0;
                const EVP_MD *md = tu_evp_md(alg);
                pkc_hash(alg, d, len, ref);
                CHECK(EVP_Digest(d, len, os, &oslen, md, NULL) == 1 && oslen == hl);
                CHECK_MSG(memcmp(ref, os, hl) == 0, "%s len %zu differs from OpenSSL",
                          pkc_hash_name(alg), len);
            }
#endif
        }
    }
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
}

#ifdef PKC_HAVE_OPENSSL
/* Against OpenSSL's EVP digests on random data of random lengths, streamed
 * with random splits, under every SHA-256 path. */
static void test_openssl(void)
{
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    enum { MAXLEN = 70000 };
    uint8_t *d = malloc(MAXLEN);
    int iters = tu_iters(400), bad = 0;
    for (int it = 0; it < iters; it++) {
        pkc_hash_alg alg = algs[it % 5];
        size_t hl = pkc_hash_size(alg);
        size_t len = (it % 7 == 0) ? (size_t)(tu_rand64() % MAXLEN) : (size_t)(tu_rand64() % 600);
        uint8_t os[EVP_MAX_MD_SIZE], out[PKC_HASH_MAX_SIZE];
        unsigned int oslen = 0;
        const EVP_MD *md = tu_evp_md(alg);
        tu_rand_bytes(d, len);
        CHECK(EVP_Digest(d, len, os, &oslen, md, NULL) == 1 && oslen == hl);
        int n = uses_sha256_core(alg) ? nimpls : 1;
        for (int k = 0; k < n; k++) {
            if (uses_sha256_core(alg)) {
                sha256_impl_random_split(alg, impls[k], d, len, out);
            } else {
                size_t cut = (size_t)(tu_rand64() % (len + 1));
                hash_split(alg, d, len, &cut, 1, out);
            }
            if (memcmp(out, os, hl) != 0 && bad++ < 5)
                CHECK_MSG(0, "%s len %zu (%s) differs from OpenSSL", pkc_hash_name(alg), len,
                          impl_name(impls[k]));
        }
    }
    CHECK_MSG(bad == 0, "%d digests differ from OpenSSL", bad);
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
    free(d);
}
#endif

static void test_generic_api(void)
{
    static const struct {
        pkc_hash_alg alg;
        const char *name;
        size_t size, block;
    } t[] = {
        {PKC_HASH_SHA1, "sha1", 20, 64},       {PKC_HASH_SHA224, "sha224", 28, 64},
        {PKC_HASH_SHA256, "sha256", 32, 64},   {PKC_HASH_SHA384, "sha384", 48, 128},
        {PKC_HASH_SHA512, "sha512", 64, 128},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        pkc_hash_alg a = 0;
        char upper[16], dashed[24];
        CHECK(pkc_hash_size(t[i].alg) == t[i].size);
        CHECK(pkc_hash_block_size(t[i].alg) == t[i].block);
        CHECK(pkc_hash_name(t[i].alg) && strcmp(pkc_hash_name(t[i].alg), t[i].name) == 0);
        CHECK(pkc_hash_from_name(t[i].name, &a) == PKC_OK && a == t[i].alg);
        for (size_t j = 0; j <= strlen(t[i].name); j++)
            upper[j] = (char)(t[i].name[j] >= 'a' && t[i].name[j] <= 'z' ? t[i].name[j] - 32 : t[i].name[j]);
        snprintf(dashed, sizeof dashed, "%.3s-%s", upper, upper + 3);
        a = 0;
        CHECK_MSG(pkc_hash_from_name(upper, &a) == PKC_OK && a == t[i].alg, "from_name(%s)", upper);
        a = 0;
        CHECK_MSG(pkc_hash_from_name(dashed, &a) == PKC_OK && a == t[i].alg, "from_name(%s)", dashed);
    }
    static const char *bad_names[] = {"", "sha", "sha-", "md5", "sha255", "sha2566", "-sha256",
                                      "sha256-", "sha--256", "sha3256", "sha256 ",
                                      "sha256sha256sha256sha256"};
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        pkc_hash_alg a = 0;
        CHECK_MSG(pkc_hash_from_name(bad_names[i], &a) == PKC_ERR_ARG, "from_name(\"%s\") accepted",
                  bad_names[i]);
    }
    pkc_hash_alg a;
    CHECK(pkc_hash_from_name(NULL, &a) == PKC_ERR_ARG);
    CHECK(pkc_hash_from_name("sha256", NULL) == PKC_ERR_ARG);
    CHECK(pkc_hash_size((pkc_hash_alg)0) == 0 && pkc_hash_size((pkc_hash_alg)99) == 0);
    CHECK(pkc_hash_block_size((pkc_hash_alg)10) == 0); /* 6..9: SHA-3, tests/test_sha3.c */
    CHECK(pkc_hash_name((pkc_hash_alg)0) == NULL);
    uint8_t out[PKC_HASH_MAX_SIZE];
    pkc_hash_ctx ctx;
    CHECK(pkc_hash((pkc_hash_alg)42, "abc", 3, out) == PKC_ERR_ARG);
    CHECK(pkc_hash_init(&ctx, (pkc_hash_alg)42) == PKC_ERR_ARG);
    CHECK(pkc_hash_init(NULL, PKC_HASH_SHA256) == PKC_ERR_ARG);
    CHECK(pkc_hash(PKC_HASH_SHA256, NULL, 3, out) == PKC_ERR_ARG);
    CHECK(pkc_hash(PKC_HASH_SHA256, "abc", 3, NULL) == PKC_ERR_ARG);
    CHECK(pkc_hash(PKC_HASH_SHA256, NULL, 0, out) == PKC_OK); /* empty message */

    /* implementation selection */
    CHECK(pkc_sha256_set_impl((pkc_sha256_impl)7) == PKC_ERR_ARG);
    CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE) == PKC_OK);
    CHECK(pkc_sha256_get_impl() == PKC_SHA256_IMPL_PORTABLE);
    if (pkc_sha256_have_shani()) {
        CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_SHANI) == PKC_OK);
        CHECK(pkc_sha256_get_impl() == PKC_SHA256_IMPL_SHANI);
        CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO) == PKC_OK);
        CHECK(pkc_sha256_get_impl() == PKC_SHA256_IMPL_SHANI);
    } else {
        CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_SHANI) == PKC_ERR_UNSUPPORTED);
        CHECK(pkc_sha256_get_impl() == PKC_SHA256_IMPL_PORTABLE);
        CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO) == PKC_OK);
        CHECK(pkc_sha256_get_impl() == PKC_SHA256_IMPL_PORTABLE);
    }
}

/* A message past 4 GiB, so the byte counter's bits above 32 matter
 * (4 GiB + 1 MiB of zeros, against OpenSSL). Seconds of CPU: only in soak
 * runs (PKC_TEST_ITERS >= 4). */
static void test_long_counter(void)
{
    if (tu_iters(1) < 4)
        return;
#ifdef PKC_HAVE_OPENSSL
    enum { CH = 1 << 20 };
    uint8_t *d = calloc(1, CH);
    EVP_MD_CTX *oc = EVP_MD_CTX_new();
    pkc_sha256_ctx c;
    uint8_t a[32], b[32];
    unsigned int blen;
    EVP_DigestInit_ex(oc, EVP_sha256(), NULL);
    pkc_sha256_init(&c);
    for (int i = 0; i < 4097; i++) { /* 4 GiB + 1 MiB */
        EVP_DigestUpdate(oc, d, CH);
        pkc_sha256_update(&c, d, CH);
    }
    pkc_sha256_final(&c, a);
    EVP_DigestFinal_ex(oc, b, &blen);
    CHECK_EQ_BYTES(a, b, 32);
    EVP_MD_CTX_free(oc);
    free(d);
#endif
}

int main(void)
{
    tu_seed();
    nimpls = tu_sha256_impls(impls, "SHA-256 vectors");
    CHECK(pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO) == PKC_OK);
    printf("SHA-256 default implementation: %s\n", impl_name(pkc_sha256_get_impl()));
    test_generic_api();
    test_vectors();
    test_block_boundaries();
    test_impls_agree();
#ifdef PKC_HAVE_OPENSSL
    test_openssl();
#else
    tu_skip_part("OpenSSL not found: the differential test");
#endif
    test_long_counter();
    return tu_finish("test_sha");
}
