/* HKDF tests: the RFC 5869 files (SHA-256 and SHA-1 cases: PRK and OKM), the
 * 1200-byte generated vector, OpenSSL's HKDF on random inputs up to the
 * 255 * HashLen limit, and the argument errors (L too large, bad alg).
 * The ANSI X9.63 KDF: the CAVP file (every SHA-1/SHA-2 case), OpenSSL's
 * X963KDF on random inputs, and its argument errors. */
#include <stdlib.h>
#include <string.h>

#include "pkc/hmac.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#endif

typedef struct {
    pkc_hash_alg alg;
    uint8_t *ikm, *salt, *info, *prk, *okm;
    size_t ikmlen, saltlen, infolen, prklen, okmlen;
    long L;
} hkdf_vec;

static void vec_free(hkdf_vec *v)
{
    free(v->ikm);
    free(v->salt);
    free(v->info);
    free(v->prk);
    free(v->okm);
    memset(v, 0, sizeof *v);
    v->L = -1;
}

static void check_vec(const hkdf_vec *v, const char *what)
{
    size_t hl = pkc_hash_size(v->alg);
    uint8_t prk[PKC_HASH_MAX_SIZE];
    uint8_t *okm = malloc(v->okmlen + 1);
    if (v->prk) {
        CHECK(v->prklen == hl);
        CHECK(pkc_hkdf_extract(v->alg, v->salt, v->saltlen, v->ikm, v->ikmlen, prk) == PKC_OK);
        CHECK_MSG(memcmp(prk, v->prk, hl) == 0, "%s: PRK differs", what);
        memset(okm, 0, v->okmlen);
        CHECK(pkc_hkdf_expand(v->alg, v->prk, v->prklen, v->info, v->infolen, okm, v->okmlen) ==
              PKC_OK);
        CHECK_MSG(memcmp(okm, v->okm, v->okmlen) == 0, "%s: OKM from expand differs", what);
    }
    memset(okm, 0, v->okmlen);
    CHECK(pkc_hkdf(v->alg, v->salt, v->saltlen, v->ikm, v->ikmlen, v->info, v->infolen, okm,
                   v->okmlen) == PKC_OK);
    CHECK_MSG(memcmp(okm, v->okm, v->okmlen) == 0, "%s: OKM differs", what);
    /* every shorter L is a prefix of the same stream (section 2.3) */
    size_t shorter = v->okmlen ? (size_t)(tu_rand64() % v->okmlen) : 0;
    memset(okm, 0, v->okmlen);
    CHECK(pkc_hkdf(v->alg, v->salt, v->saltlen, v->ikm, v->ikmlen, v->info, v->infolen, okm,
                   shorter) == PKC_OK);
    CHECK_MSG(memcmp(okm, v->okm, shorter) == 0, "%s: OKM prefix of length %zu differs", what,
              shorter);
    free(okm);
}

/* "Hash = SHA-256", "IKM", "salt", "info", "L", "PRK" (optional), "OKM";
 * a record ends at its OKM line. */
static int run_file(const char *rel)
{
    tu_kv kv;
    hkdf_vec v;
    int count = 0;
    memset(&v, 0, sizeof v);
    v.L = -1;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        size_t n = 0;
        uint8_t *b = NULL;
        if (strcmp(kv.key, "Hash") == 0) {
            CHECK_MSG(pkc_hash_from_name(kv.value, &v.alg) == PKC_OK, "%s:%d: unknown hash %s", rel,
                      kv.lineno, kv.value);
            continue;
        }
        if (strcmp(kv.key, "L") == 0) {
            v.L = strtol(kv.value, NULL, 10);
            continue;
        }
        if (strcmp(kv.key, "COUNT") == 0)
            continue;
        b = tu_unhex(kv.value, &n);
        CHECK_MSG(b != NULL, "%s:%d: bad hex", rel, kv.lineno);
        if (strcmp(kv.key, "IKM") == 0) {
            v.ikm = b, v.ikmlen = n;
        } else if (strcmp(kv.key, "salt") == 0) {
            v.salt = b, v.saltlen = n;
        } else if (strcmp(kv.key, "info") == 0) {
            v.info = b, v.infolen = n;
        } else if (strcmp(kv.key, "PRK") == 0) {
            v.prk = b, v.prklen = n;
        } else if (strcmp(kv.key, "OKM") == 0) {
            v.okm = b, v.okmlen = n;
            if (CHECK_MSG(v.alg && v.ikm && v.L >= 0 && (size_t)v.L == n,
                          "%s:%d: malformed vector", rel, kv.lineno)) {
                char what[200];
                snprintf(what, sizeof what, "%s:%d", rel, kv.lineno);
                check_vec(&v, what);
                count++;
            }
            vec_free(&v);
        } else {
            free(b);
        }
    }
    vec_free(&v);
    tu_kv_close(&kv);
    CHECK_MSG(count > 0, "%s: no vectors", rel);
    printf("%s: %d vectors\n", rel, count);
    return count;
}


/* KDF/ansx963_2001.txt: sections [SHA-256] etc.; records Z, SharedInfo,
 * (the intermediate Counter / Hash input / K lines), key_data. */
static void run_x963_file(void)
{
    const char *rel = "KDF/ansx963_2001.txt";
    tu_kv kv;
    pkc_hash_alg alg = 0;
    uint8_t *z = NULL, *info = NULL;
    size_t zlen = 0, infolen = 0;
    int count = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return;
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            pkc_hash_alg a;
            if (pkc_hash_from_name(kv.key, &a) == PKC_OK)
                alg = a;
            continue;
        }
        if (!kv.value)
            continue;
        if (strcmp(kv.key, "Z") == 0) {
            free(z);
            z = tu_unhex(kv.value, &zlen);
        } else if (strcmp(kv.key, "SharedInfo") == 0) {
            free(info);
            info = tu_unhex(kv.value, &infolen);
        } else if (strcmp(kv.key, "key_data") == 0) {
            size_t n = 0;
            uint8_t *want = tu_unhex(kv.value, &n), *got = malloc(n + 1);
            if (CHECK_MSG(alg && z && info && want, "%s:%d: malformed vector", rel, kv.lineno)) {
                CHECK(pkc_x963_kdf(alg, z, zlen, info, infolen, got, n) == PKC_OK);
                CHECK_MSG(memcmp(got, want, n) == 0, "%s:%d: X9.63 key data differs", rel,
                          kv.lineno);
                count++;
            }
            free(want);
            free(got);
        }
    }
    free(z);
    free(info);
    tu_kv_close(&kv);
    CHECK_MSG(count >= 100, "%s: %d vectors, expected 100", rel, count);
    printf("%s: %d vectors\n", rel, count);
}

#ifdef PKC_HAVE_OPENSSL
static int openssl_hkdf(pkc_hash_alg alg, const uint8_t *salt, size_t saltlen, const uint8_t *ikm,
                        size_t ikmlen, const uint8_t *info, size_t infolen, uint8_t *okm,
                        size_t okmlen)
{
    static const char *names[] = {NULL, "SHA1", "SHA224", "SHA256", "SHA384", "SHA512"};
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *kctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[5], *p = params;
    int ok = 0;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)names[alg], 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)ikm, ikmlen);
    if (saltlen)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, saltlen);
    if (infolen)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, infolen);
    *p = OSSL_PARAM_construct_end();
    if (kctx)
        ok = EVP_KDF_derive(kctx, okm, okmlen, params) == 1;
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
    return ok;
}

static void test_openssl(void)
{
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    uint8_t ikm[200], salt[200], info[200];
    int iters = tu_iters(100), bad = 0;
    for (int it = 0; it < iters; it++) {
        pkc_hash_alg alg = algs[it % 5];
        size_t hl = pkc_hash_size(alg);
        size_t ikmlen = 1 + (size_t)(tu_rand64() % (sizeof ikm - 1));
        size_t saltlen = (size_t)(tu_rand64() % sizeof salt);
        size_t infolen = (size_t)(tu_rand64() % sizeof info);
        /* every tenth at the 255 * HashLen maximum */
        size_t okmlen = (it % 10 == 0) ? 255 * hl : 1 + (size_t)(tu_rand64() % (4 * hl));
        uint8_t *a = malloc(okmlen), *b = malloc(okmlen);
        tu_rand_bytes(ikm, ikmlen);
        tu_rand_bytes(salt, saltlen);
        tu_rand_bytes(info, infolen);
        CHECK(pkc_hkdf(alg, salt, saltlen, ikm, ikmlen, info, infolen, a, okmlen) == PKC_OK);
        CHECK(openssl_hkdf(alg, salt, saltlen, ikm, ikmlen, info, infolen, b, okmlen));
        if (memcmp(a, b, okmlen) != 0 && bad++ < 5)
            CHECK_MSG(0, "HKDF-%s ikm %zu salt %zu info %zu L %zu differs from OpenSSL",
                      pkc_hash_name(alg), ikmlen, saltlen, infolen, okmlen);
        free(a);
        free(b);
    }
    CHECK_MSG(bad == 0, "%d HKDF outputs differ from OpenSSL", bad);
}
static int openssl_x963(pkc_hash_alg alg, const uint8_t *z, size_t zlen, const uint8_t *info,
                        size_t infolen, uint8_t *out, size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "X963KDF", NULL);
    EVP_KDF_CTX *kctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[4], *p = params;
    int ok = 0;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                            (char *)EVP_MD_get0_name(tu_evp_md(alg)), 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)z, zlen);
    if (infolen)
        *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, infolen);
    *p = OSSL_PARAM_construct_end();
    if (kctx)
        ok = EVP_KDF_derive(kctx, out, outlen, params) == 1;
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
    return ok;
}

static void test_openssl_x963(void)
{
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    uint8_t z[140], info[200], a[700], b[700];
    int iters = tu_iters(100), bad = 0;
    for (int it = 0; it < iters; it++) {
        pkc_hash_alg alg = algs[it % 5];
        size_t zlen = 1 + (size_t)(tu_rand64() % (sizeof z - 1));
        size_t infolen = (size_t)(tu_rand64() % sizeof info);
        size_t outlen = 1 + (size_t)(tu_rand64() % sizeof a);
        tu_rand_bytes(z, zlen);
        tu_rand_bytes(info, infolen);
        CHECK(pkc_x963_kdf(alg, z, zlen, info, infolen, a, outlen) == PKC_OK);
        CHECK(openssl_x963(alg, z, zlen, info, infolen, b, outlen));
        if (memcmp(a, b, outlen) != 0 && bad++ < 5)
            CHECK_MSG(0, "X9.63-%s z %zu info %zu L %zu differs from OpenSSL", pkc_hash_name(alg),
                      zlen, infolen, outlen);
    }
    CHECK_MSG(bad == 0, "%d X9.63 outputs differ from OpenSSL", bad);
}
#endif

static void test_errors(void)
{
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    uint8_t prk[PKC_HASH_MAX_SIZE] = {1}, ikm[16] = {2};
    uint8_t *okm = malloc(255 * PKC_HASH_MAX_SIZE + 1);
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        size_t hl = pkc_hash_size(algs[i]);
        CHECK(pkc_hkdf_expand(algs[i], prk, hl, NULL, 0, okm, 255 * hl) == PKC_OK);
        CHECK(pkc_hkdf_expand(algs[i], prk, hl, NULL, 0, okm, 255 * hl + 1) == PKC_ERR_ARG);
        CHECK(pkc_hkdf(algs[i], NULL, 0, ikm, sizeof ikm, NULL, 0, okm, 255 * hl + 1) ==
              PKC_ERR_ARG);
        CHECK(pkc_hkdf(algs[i], NULL, 0, ikm, sizeof ikm, NULL, 0, okm, 0) == PKC_OK);
    }
    CHECK(pkc_hkdf_extract((pkc_hash_alg)0, NULL, 0, ikm, sizeof ikm, prk) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_expand((pkc_hash_alg)99, prk, 32, NULL, 0, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_hkdf((pkc_hash_alg)10, NULL, 0, ikm, sizeof ikm, NULL, 0, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_extract(PKC_HASH_SHA256, NULL, 5, ikm, sizeof ikm, prk) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_extract(PKC_HASH_SHA256, NULL, 0, NULL, 5, prk) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_extract(PKC_HASH_SHA256, NULL, 0, ikm, sizeof ikm, NULL) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_expand(PKC_HASH_SHA256, NULL, 32, NULL, 0, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_expand(PKC_HASH_SHA256, prk, 32, NULL, 3, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_hkdf_expand(PKC_HASH_SHA256, prk, 32, NULL, 0, NULL, 32) == PKC_ERR_ARG);
    /* an absent salt is HashLen zeros (section 2.2) */
    {
        uint8_t z[PKC_HASH_MAX_SIZE] = {0}, a[32], b[32];
        CHECK(pkc_hkdf_extract(PKC_HASH_SHA256, NULL, 0, ikm, sizeof ikm, a) == PKC_OK);
        CHECK(pkc_hkdf_extract(PKC_HASH_SHA256, z, 32, ikm, sizeof ikm, b) == PKC_OK);
        CHECK_EQ_BYTES(a, b, 32);
    }
    /* X9.63 */
    CHECK(pkc_x963_kdf((pkc_hash_alg)0, ikm, sizeof ikm, NULL, 0, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_x963_kdf(PKC_HASH_SHA256, NULL, 3, NULL, 0, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_x963_kdf(PKC_HASH_SHA256, ikm, sizeof ikm, NULL, 3, okm, 32) == PKC_ERR_ARG);
    CHECK(pkc_x963_kdf(PKC_HASH_SHA256, ikm, sizeof ikm, NULL, 0, NULL, 32) == PKC_ERR_ARG);
    CHECK(pkc_x963_kdf(PKC_HASH_SHA256, ikm, sizeof ikm, NULL, 0, okm, 0) == PKC_OK);
    free(okm);
}

int main(void)
{
    tu_seed();
    run_file("KDF/rfc-5869-HKDF-SHA256.txt");
    run_file("KDF/rfc-5869-HKDF-SHA1.txt");
    run_file("KDF/hkdf-generated.txt");
    run_x963_file();
#ifdef PKC_HAVE_OPENSSL
    test_openssl();
    test_openssl_x963();
#else
    tu_skip_part("OpenSSL not found: the differential test");
#endif
    test_errors();
    return tu_finish("test_hkdf");
}
