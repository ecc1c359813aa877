/* X448 (src/ecx/x448.c): the RFC 7748 section 5.2 vectors (inline and the
 * file asymmetric/X448/rfc7748.txt of the vectors directory), the iterated
 * test to 1 and 1,000 iterations (1,000,000 when PKC_TEST_ITERS >= 1000),
 * the section 6.2 Diffie-Hellman example, OpenSSL (EVP_PKEY_X448) on
 * random keys both ways, and the small-order and non-canonical peers
 * (u = 0, 1, p - 1, p, p + 1) that give an all-zero secret: PKC_ERR_POINT
 * with the output zeroed; the public key (computed on edwards448) against
 * the ladder. */
#include <stdlib.h>
#include <string.h>

#include "pkc/curve448.h"
#include "pkc/rng.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

static void unhex_to(uint8_t *out, size_t n, const char *hex)
{
    size_t len = 0;
    uint8_t *b = tu_unhex(hex, &len);
    CHECK(b != NULL && len == n);
    memset(out, 0, n);
    if (b && len == n)
        memcpy(out, b, n);
    free(b);
}

static void check_x448(const char *k, const char *u, const char *want, const char *what)
{
    uint8_t kb[56], ub[56], wb[56], out[56];
    unhex_to(kb, 56, k);
    unhex_to(ub, 56, u);
    unhex_to(wb, 56, want);
    CHECK_MSG(pkc_x448(out, kb, ub) == PKC_OK, "%s: X448 failed", what);
    CHECK_MSG(memcmp(out, wb, 56) == 0, "%s: wrong output", what);
}

static void rfc_inline(void)
{
    check_x448("3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
               "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
               "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f",
               "RFC 7748 5.2 #1");
    check_x448("203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
               "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
               "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d",
               "RFC 7748 5.2 #2");
}

static void rfc_file(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "asymmetric/X448/rfc7748.txt"))
        return;
    char *k = NULL, *u = NULL;
    int n = 0;
    while (tu_kv_next(&kv)) {
        if (!kv.key || !kv.value)
            continue;
        if (strcmp(kv.key, "INPUT_SCALAR") == 0) {
            free(k);
            k = strdup(kv.value);
        } else if (strcmp(kv.key, "INPUT_U") == 0) {
            free(u);
            u = strdup(kv.value);
        } else if (strcmp(kv.key, "OUTPUT_U") == 0 && k && u) {
            char what[64];
            snprintf(what, sizeof what, "rfc7748.txt line %d", kv.lineno);
            check_x448(k, u, kv.value, what);
            n++;
        }
    }
    tu_kv_close(&kv);
    free(k);
    free(u);
    CHECK_MSG(n == 3, "rfc7748.txt: %d vectors, expected 3", n);
}

/* RFC 7748 5.2: k = u = 5, then k, u = X448(k, u), k */
static void iterated(void)
{
    uint8_t k[56] = {5}, u[56] = {5}, r[56];
    uint8_t w1[56], w1000[56], w1m[56];
    unhex_to(w1, 56, "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113");
    unhex_to(w1000, 56, "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38");
    unhex_to(w1m, 56, "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37");
    int top = tu_iters(1) >= 1000 ? 1000000 : 1000;
    for (int i = 1; i <= top; i++) {
        CHECK(pkc_x448(r, k, u) == PKC_OK);
        memcpy(u, k, 56);
        memcpy(k, r, 56);
        if (i == 1)
            CHECK_MSG(memcmp(k, w1, 56) == 0, "iterated: 1 iteration");
        if (i == 1000)
            CHECK_MSG(memcmp(k, w1000, 56) == 0, "iterated: 1,000 iterations");
        if (i == 1000000)
            CHECK_MSG(memcmp(k, w1m, 56) == 0, "iterated: 1,000,000 iterations");
    }
    if (top < 1000000)
        printf("iterated: 1,000,000 iterations only with PKC_TEST_ITERS >= 1000\n");
}

static void rfc_dh(void)
{
    uint8_t a[56], apub[56], b[56], bpub[56], k[56], pub[56], s1[56], s2[56];
    unhex_to(a, 56, "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b");
    unhex_to(apub, 56, "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0");
    unhex_to(b, 56, "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d");
    unhex_to(bpub, 56, "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609");
    unhex_to(k, 56, "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d");
    CHECK(pkc_x448_public_key(pub, a) == PKC_OK);
    CHECK_MSG(memcmp(pub, apub, 56) == 0, "RFC 7748 6.2: Alice's public key");
    CHECK(pkc_x448_public_key(pub, b) == PKC_OK);
    CHECK_MSG(memcmp(pub, bpub, 56) == 0, "RFC 7748 6.2: Bob's public key");
    CHECK(pkc_x448(s1, a, bpub) == PKC_OK);
    CHECK(pkc_x448(s2, b, apub) == PKC_OK);
    CHECK_MSG(memcmp(s1, k, 56) == 0 && memcmp(s2, k, 56) == 0, "RFC 7748 6.2: shared secret");
}

/* peers whose result is all zero */
static void small_order(pkc_rng *rng)
{
    /* p = 2^448 - 2^224 - 1, little-endian: bytes 0..27 ff, byte 28 fe, 29..55 ff */
    uint8_t p[56];
    memset(p, 0xff, 56);
    p[28] = 0xfe;
    uint8_t u[6][56];
    memset(u, 0, sizeof u);
    u[1][0] = 1;                 /* 1 */
    memcpy(u[2], p, 56);
    u[2][0] = 0xfe;              /* p - 1 */
    memcpy(u[3], p, 56);         /* p = 0 */
    memset(u[4] + 28, 0xff, 28); /* p + 1 = 2^448 - 2^224: bytes 0..27 00, 28..55 ff */
    memcpy(u[5], p, 56);
    u[5][0] = 0xfd;              /* p - 2: not small order */
    const char *names[6] = {"u = 0", "u = 1", "u = p - 1", "u = p", "u = p + 1", "u = p - 2"};
    for (int t = 0; t < 4; t++) {
        uint8_t k[56], out[56];
        CHECK(pkc_rng_bytes(rng, k, 56) == PKC_OK);
        for (int i = 0; i < 6; i++) {
            memset(out, 0xaa, 56);
            pkc_err e = pkc_x448(out, k, u[i]);
            int zero = 1;
            for (int j = 0; j < 56; j++)
                zero &= out[j] == 0;
            if (i < 5)
                CHECK_MSG(e == PKC_ERR_POINT && zero, "%s: expected PKC_ERR_POINT, zeros", names[i]);
            else
                CHECK_MSG(e == PKC_OK && !zero, "%s: expected a result", names[i]);
        }
    }
    /* non-canonical u >= p is taken mod p: 2^448 - 1 = p + 2^224 */
    uint8_t k[56], big[56], red[56], o1[56], o2[56];
    CHECK(pkc_rng_bytes(rng, k, 56) == PKC_OK);
    memset(big, 0xff, 56);
    memset(red, 0, 56);
    red[28] = 1;
    CHECK(pkc_x448(o1, k, big) == PKC_OK);
    CHECK(pkc_x448(o2, k, red) == PKC_OK);
    CHECK_MSG(memcmp(o1, o2, 56) == 0, "u = 2^448 - 1 is taken as 2^224");
    CHECK(pkc_x448(NULL, k, red) == PKC_ERR_ARG);
    CHECK(pkc_x448_keygen(k, o1, NULL) == PKC_ERR_ARG);
}

/* the public key (the fixed-base path through edwards448) against the
 * ladder with u = 5, on random keys and the all-zero and all-ones ones */
static void pubkey_vs_ladder(pkc_rng *rng)
{
    uint8_t five[56] = {5};
    for (int t = 0; t < tu_iters(24); t++) {
        uint8_t k[56], p1[56], p2[56];
        CHECK(pkc_rng_bytes(rng, k, 56) == PKC_OK);
        if (t < 2)
            memset(k, t ? 0xff : 0, 56);
        CHECK(pkc_x448_public_key(p1, k) == PKC_OK);
        CHECK(pkc_x448(p2, k, five) == PKC_OK);
        CHECK_MSG(memcmp(p1, p2, 56) == 0, "public key = X448(k, 5), key %d", t);
    }
}

static void keygen_agree(pkc_rng *rng)
{
    for (int t = 0; t < tu_iters(8); t++) {
        uint8_t a[56], ap[56], b[56], bp[56], s1[56], s2[56];
        CHECK(pkc_x448_keygen(a, ap, rng) == PKC_OK);
        CHECK(pkc_x448_keygen(b, bp, rng) == PKC_OK);
        CHECK(pkc_x448(s1, a, bp) == PKC_OK);
        CHECK(pkc_x448(s2, b, ap) == PKC_OK);
        CHECK_MSG(memcmp(s1, s2, 56) == 0, "keygen: the two sides agree");
    }
}

#ifdef PKC_HAVE_OPENSSL
static int ossl_derive(EVP_PKEY *priv, EVP_PKEY *peer, uint8_t out[56])
{
    size_t len = 56;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(priv, NULL);
    int ok = c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, peer) == 1 &&
             EVP_PKEY_derive(c, out, &len) == 1 && len == 56;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static void vs_openssl(pkc_rng *rng)
{
    for (int t = 0; t < tu_iters(32); t++) {
        uint8_t a[56], ap[56], b[56], bp[56], s1[56], s2[56], op[56];
        size_t oplen = 56;
        /* a: pkc's key; b: OpenSSL's */
        CHECK(pkc_x448_keygen(a, ap, rng) == PKC_OK);
        EVP_PKEY *kb = EVP_PKEY_Q_keygen(NULL, NULL, "X448");
        CHECK(kb != NULL);
        if (!kb)
            return;
        size_t blen = 56;
        CHECK(EVP_PKEY_get_raw_private_key(kb, b, &blen) == 1 && blen == 56);
        CHECK(EVP_PKEY_get_raw_public_key(kb, bp, &oplen) == 1 && oplen == 56);
        /* the public keys agree */
        CHECK(pkc_x448_public_key(op, b) == PKC_OK);
        CHECK_MSG(memcmp(op, bp, 56) == 0, "public key of OpenSSL's private key");
        EVP_PKEY *ka = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, a, 56);
        EVP_PKEY *kap = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, ap, 56);
        EVP_PKEY *kbp = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, bp, 56);
        CHECK(ka && kap && kbp);
        oplen = 56;
        CHECK(ka && EVP_PKEY_get_raw_public_key(ka, op, &oplen) == 1);
        CHECK_MSG(memcmp(op, ap, 56) == 0, "OpenSSL's public key of pkc's private key");
        /* pkc with b's public key, OpenSSL with a's */
        CHECK(pkc_x448(s1, a, bp) == PKC_OK);
        CHECK(kb && kap && ossl_derive(kb, kap, s2));
        CHECK_MSG(memcmp(s1, s2, 56) == 0, "pkc(a, B) = OpenSSL(b, A)");
        CHECK(pkc_x448(s1, b, ap) == PKC_OK);
        CHECK(ka && kbp && ossl_derive(ka, kbp, s2));
        CHECK_MSG(memcmp(s1, s2, 56) == 0, "pkc(b, A) = OpenSSL(a, B)");
        /* a random u (any 56 bytes) */
        uint8_t u[56];
        CHECK(pkc_rng_bytes(rng, u, 56) == PKC_OK);
        EVP_PKEY *ku = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, u, 56);
        pkc_err e = pkc_x448(s1, a, u);
        int ok = ka && ku && ossl_derive(ka, ku, s2);
        CHECK_MSG((e == PKC_OK) == ok, "random u: both accept or both refuse");
        if (e == PKC_OK && ok)
            CHECK_MSG(memcmp(s1, s2, 56) == 0, "random u: same secret");
        EVP_PKEY_free(ku);
        EVP_PKEY_free(ka);
        EVP_PKEY_free(kap);
        EVP_PKEY_free(kbp);
        EVP_PKEY_free(kb);
    }
}
#endif

int main(void)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    rfc_inline();
    rfc_file();
    iterated();
    rfc_dh();
    small_order(&rng);
    pubkey_vs_ladder(&rng);
    keygen_agree(&rng);
#ifdef PKC_HAVE_OPENSSL
    vs_openssl(&rng);
#else
    tu_skip_part("OpenSSL not found: the differential part");
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("test_x448");
}
