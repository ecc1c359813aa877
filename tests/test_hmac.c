/* HMAC tests: the RFC 4231 files (HMAC-SHA-224/256/384/512) and the RFC 2202
 * file for HMAC-SHA-1, one-shot, streamed, and through a copied keyed
 * context; HMAC-SHA-224/256 under every SHA-256 compression path; OpenSSL's
 * HMAC on random keys (shorter than, equal to and longer than the block)
 * and messages; argument errors. */
#include <stdlib.h>
#include <string.h>

#include "pkc/hmac.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

static pkc_sha256_impl impls[2];
static int nimpls;

static int uses_sha256_core(pkc_hash_alg alg)
{
    return alg == PKC_HASH_SHA224 || alg == PKC_HASH_SHA256;
}

/* One vector, every way the API can compute it. */
static void check_hmac(pkc_hash_alg alg, const uint8_t *key, size_t keylen, const uint8_t *msg,
                       size_t msglen, const uint8_t *mac, const char *what)
{
    size_t hl = pkc_hash_size(alg);
    int n = uses_sha256_core(alg) ? nimpls : 1;
    for (int k = 0; k < n; k++) {
        uint8_t out[PKC_HASH_MAX_SIZE];
        pkc_hmac_ctx ctx, keyed;
        if (uses_sha256_core(alg))
            CHECK(pkc_sha256_set_impl(impls[k]) == PKC_OK);
        CHECK(pkc_hmac(alg, key, keylen, msg, msglen, out) == PKC_OK);
        CHECK_MSG(memcmp(out, mac, hl) == 0, "%s: one-shot differs (impl %d)", what, (int)impls[k]);

        /* streamed one byte at a time */
        CHECK(pkc_hmac_init(&ctx, alg, key, keylen) == PKC_OK);
        for (size_t i = 0; i < msglen; i++)
            pkc_hmac_update(&ctx, msg + i, 1);
        pkc_hmac_final(&ctx, out);
        CHECK_MSG(memcmp(out, mac, hl) == 0, "%s: byte-wise stream differs", what);

        /* a keyed context copied and used twice: the precomputed inner and
         * outer states must not be consumed by the first use */
        CHECK(pkc_hmac_init(&keyed, alg, key, keylen) == PKC_OK);
        for (int rep = 0; rep < 2; rep++) {
            size_t cut = msglen ? (size_t)(tu_rand64() % (msglen + 1)) : 0;
            ctx = keyed;
            pkc_hmac_update(&ctx, msg, cut);
            pkc_hmac_update(&ctx, msg + cut, msglen - cut);
            pkc_hmac_final(&ctx, out);
            CHECK_MSG(memcmp(out, mac, hl) == 0, "%s: copied keyed context (use %d) differs", what,
                      rep + 1);
        }
        /* final wipes the context */
        static const pkc_hmac_ctx zero;
        CHECK_MSG(memcmp(&ctx, &zero, sizeof ctx) == 0, "%s: context not wiped by final", what);
    }
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
}

/* Files of "Key = hex", "Msg = hex", "MD = hex" blocks. */
static int run_file(pkc_hash_alg alg, const char *rel)
{
    tu_kv kv;
    int count = 0;
    uint8_t *key = NULL, *msg = NULL;
    size_t keylen = 0, msglen = 0;
    if (!tu_kv_open_vector(&kv, rel))
        return 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        if (strcmp(kv.key, "Key") == 0) {
            free(key);
            key = tu_unhex(kv.value, &keylen);
            CHECK_MSG(key != NULL, "%s:%d: bad hex", rel, kv.lineno);
        } else if (strcmp(kv.key, "Msg") == 0) {
            free(msg);
            msg = tu_unhex(kv.value, &msglen);
            CHECK_MSG(msg != NULL, "%s:%d: bad hex", rel, kv.lineno);
        } else if (strcmp(kv.key, "MD") == 0) {
            size_t maclen = 0;
            uint8_t *mac = tu_unhex(kv.value, &maclen);
            if (CHECK_MSG(key && msg && mac && maclen == pkc_hash_size(alg),
                          "%s:%d: malformed vector", rel, kv.lineno)) {
                char what[200];
                snprintf(what, sizeof what, "%s:%d", rel, kv.lineno);
                check_hmac(alg, key, keylen, msg, msglen, mac, what);
                count++;
            }
            free(mac);
            free(key);
            free(msg);
            key = msg = NULL;
        }
    }
    free(key);
    free(msg);
    tu_kv_close(&kv);
    CHECK_MSG(count > 0, "%s: no vectors", rel);
    printf("%s: %d vectors\n", rel, count);
    return count;
}

#ifdef PKC_HAVE_OPENSSL
static void test_openssl(void)
{
    /* HMAC-SHA3-*: the block is the rate (144, 136, 104, 72 bytes) */
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1,     PKC_HASH_SHA224,   PKC_HASH_SHA256,
                                        PKC_HASH_SHA384,   PKC_HASH_SHA512,   PKC_HASH_SHA3_224,
                                        PKC_HASH_SHA3_256, PKC_HASH_SHA3_384, PKC_HASH_SHA3_512};
    const size_t nalgs = sizeof algs / sizeof algs[0];
    uint8_t key[300], msg[1000];
    int iters = tu_iters(900), bad = 0;
    for (int it = 0; it < iters; it++) {
        pkc_hash_alg alg = algs[(size_t)it % nalgs];
        size_t hl = pkc_hash_size(alg), bs = pkc_hash_block_size(alg);
        /* key lengths around the block size matter most: hashed or padded */
        size_t keylen = ((it / (int)nalgs) % 3 == 0) ? bs - 1 + (size_t)(tu_rand64() % 3)
                                      : (size_t)(tu_rand64() % sizeof key);
        size_t msglen = (size_t)(tu_rand64() % sizeof msg);
        uint8_t out[PKC_HASH_MAX_SIZE], os[EVP_MAX_MD_SIZE];
        unsigned int oslen = 0;
        const EVP_MD *md = tu_evp_md(alg);
        tu_rand_bytes(key, keylen);
        tu_rand_bytes(msg, msglen);
        CHECK(HMAC(md, key, (int)keylen, msg, msglen, os, &oslen) != NULL && oslen == hl);
        int n = uses_sha256_core(alg) ? nimpls : 1;
        for (int k = 0; k < n; k++) {
            if (uses_sha256_core(alg))
                pkc_sha256_set_impl(impls[k]);
            CHECK(pkc_hmac(alg, key, keylen, msg, msglen, out) == PKC_OK);
            if (memcmp(out, os, hl) != 0 && bad++ < 5)
                CHECK_MSG(0, "HMAC-%s keylen %zu msglen %zu differs from OpenSSL",
                          pkc_hash_name(alg), keylen, msglen);
        }
    }
    CHECK_MSG(bad == 0, "%d HMACs differ from OpenSSL", bad);
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
}
#endif

static void test_errors(void)
{
    uint8_t out[PKC_HASH_MAX_SIZE], key[4] = {1, 2, 3, 4};
    pkc_hmac_ctx ctx;
    CHECK(pkc_hmac((pkc_hash_alg)0, key, 4, "m", 1, out) == PKC_ERR_ARG);
    CHECK(pkc_hmac((pkc_hash_alg)77, key, 4, "m", 1, out) == PKC_ERR_ARG);
    CHECK(pkc_hmac(PKC_HASH_SHA256, NULL, 4, "m", 1, out) == PKC_ERR_ARG);
    CHECK(pkc_hmac(PKC_HASH_SHA256, key, 4, NULL, 1, out) == PKC_ERR_ARG);
    CHECK(pkc_hmac(PKC_HASH_SHA256, key, 4, "m", 1, NULL) == PKC_ERR_ARG);
    CHECK(pkc_hmac_init(NULL, PKC_HASH_SHA256, key, 4) == PKC_ERR_ARG);
    CHECK(pkc_hmac_init(&ctx, (pkc_hash_alg)10, key, 4) == PKC_ERR_ARG);
    /* a context whose init failed is inert, not a crash */
    pkc_hmac_update(&ctx, "m", 1);
    pkc_hmac_final(&ctx, out);
    /* empty key and empty message are valid (RFC 2104 allows any length) */
    CHECK(pkc_hmac(PKC_HASH_SHA256, NULL, 0, NULL, 0, out) == PKC_OK);
#ifdef PKC_HAVE_OPENSSL
    {
        uint8_t os[EVP_MAX_MD_SIZE];
        unsigned int oslen = 0;
        CHECK(HMAC(EVP_sha256(), key, 0, (const uint8_t *)"", 0, os, &oslen) != NULL);
        CHECK_EQ_BYTES(out, os, 32);
    }
#endif
}

int main(void)
{
    tu_seed();
    nimpls = tu_sha256_impls(impls, "HMAC-SHA-256");
    run_file(PKC_HASH_SHA1, "HMAC/rfc-2202-sha1.txt");
    run_file(PKC_HASH_SHA224, "HMAC/rfc-4231-sha224.txt");
    run_file(PKC_HASH_SHA256, "HMAC/rfc-4231-sha256.txt");
    run_file(PKC_HASH_SHA384, "HMAC/rfc-4231-sha384.txt");
    run_file(PKC_HASH_SHA512, "HMAC/rfc-4231-sha512.txt");
#ifdef PKC_HAVE_OPENSSL
    test_openssl();
#else
    tu_skip_part("OpenSSL not found: the differential test");
#endif
    test_errors();
    return tu_finish("test_hmac");
}
