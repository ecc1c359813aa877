/* X25519 (src/ecx/x25519.c): the RFC 7748 section 5.2 vectors (the file
 * asymmetric/X25519/rfc7748.txt and the same typed in), the iterated test to
 * 1 and 1,000 iterations (1,000,000 when PKC_TEST_ITERS >= 1000), the
 * section 6.1 Diffie-Hellman example, the public key (fixed-base table)
 * against the ladder, differential tests against OpenSSL's EVP_PKEY_X25519
 * both ways, small-order peers (PKC_ERR_POINT, shared zeroed), non-canonical
 * u (taken mod p) and the top bit of u ignored. */
#include <stdlib.h>
#include <string.h>

#include "pkc/curve25519.h"
#include "pkc/rng.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#endif

static void unhex32(uint8_t out[32], const char *hex)
{
    size_t n = 0;
    uint8_t *b = tu_unhex(hex, &n);
    CHECK(b != NULL && n == 32);
    if (b && n == 32)
        memcpy(out, b, 32);
    free(b);
}

static void check_vector(const char *k, const char *u, const char *want)
{
    uint8_t kb[32], ub[32], wb[32], out[32];
    unhex32(kb, k);
    unhex32(ub, u);
    unhex32(wb, want);
    CHECK(pkc_x25519(out, kb, ub) == PKC_OK);
    CHECK_EQ_BYTES(out, wb, 32);
}

static void rfc_file(void)
{
    tu_kv kv;
    int n = 0;
    char *k = NULL, *u = NULL;
    if (!tu_kv_open_vector(&kv, "asymmetric/X25519/rfc7748.txt"))
        return;
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
            check_vector(k, u, kv.value);
            n++;
        }
    }
    tu_kv_close(&kv);
    free(k);
    free(u);
    CHECK_MSG(n == 3, "rfc7748.txt: %d vectors", n);
}

static void rfc_typed(void)
{
    /* RFC 7748 section 5.2 */
    check_vector("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
                 "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
                 "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    check_vector("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
                 "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
                 "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
}

static void iterated(void)
{
    uint8_t k[32] = {9}, u[32] = {9}, r[32], w1[32], w1000[32], w1m[32];
    unhex32(w1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
    unhex32(w1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
    unhex32(w1m, "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424");
    long last = tu_iters(1) >= 1000 ? 1000000 : 1000;
    for (long i = 1; i <= last; i++) {
        CHECK(pkc_x25519(r, k, u) == PKC_OK);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == 1)
            CHECK_EQ_BYTES(k, w1, 32);
        if (i == 1000)
            CHECK_EQ_BYTES(k, w1000, 32);
        if (i == 1000000)
            CHECK_EQ_BYTES(k, w1m, 32);
    }
    if (last < 1000000)
        printf("x25519: the 1,000,000-iteration vector runs with PKC_TEST_ITERS >= 1000\n");
}

static void dh_example(void)
{
    /* RFC 7748 section 6.1 */
    uint8_t a[32], ap[32], b[32], bp[32], k[32], out[32], s1[32], s2[32];
    unhex32(a, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    unhex32(ap, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    unhex32(b, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    unhex32(bp, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    unhex32(k, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    CHECK(pkc_x25519_public_key(out, a) == PKC_OK);
    CHECK_EQ_BYTES(out, ap, 32);
    CHECK(pkc_x25519_public_key(out, b) == PKC_OK);
    CHECK_EQ_BYTES(out, bp, 32);
    CHECK(pkc_x25519(s1, a, bp) == PKC_OK);
    CHECK(pkc_x25519(s2, b, ap) == PKC_OK);
    CHECK_EQ_BYTES(s1, k, 32);
    CHECK_EQ_BYTES(s2, k, 32);
}

/* the public key from the fixed-base table against the ladder on u = 9 */
static void public_vs_ladder(pkc_rng *rng, int n)
{
    uint8_t nine[32] = {9};
    for (int i = 0; i < n; i++) {
        uint8_t priv[32], pub[32], pub2[32];
        CHECK(pkc_x25519_keygen(priv, pub, rng) == PKC_OK);
        CHECK(pkc_x25519(pub2, priv, nine) == PKC_OK);
        CHECK_EQ_BYTES(pub, pub2, 32);
    }
}

/* Points of small order. On the Edwards form the order-8 points have
 * y = +-sqrt(-1) x with x^2 = (1 +- sqrt(1 + d))/d (from [2]P having y = 0,
 * the order-4 points (+-sqrt(-1), 0)); their u = (1 + y)/(1 - y) are the two
 * values below (computed with Python's pow from those formulas). u = 0 has
 * order 2, u = 1 order 4, u = p - 1 is of order 4 on the twist; p and p + 1
 * are the non-canonical 0 and 1. Each with bit 255 set, too (ignored). */
static void small_order(pkc_rng *rng)
{
    static const char *const lows[] = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    };
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++) {
        for (int top = 0; top < 2; top++) {
            uint8_t u[32], priv[32], out[32];
            unhex32(u, lows[i]);
            u[31] = (uint8_t)(u[31] | (top << 7));
            CHECK(pkc_rng_bytes(rng, priv, 32) == PKC_OK);
            memset(out, 0xAA, 32);
            CHECK_MSG(pkc_x25519(out, priv, u) == PKC_ERR_POINT, "small order u #%zu", i);
            uint8_t z[32] = {0};
            CHECK_EQ_BYTES(out, z, 32);
        }
    }
}

/* u in [p, 2^255) is taken mod p; bit 255 is ignored */
static void noncanonical(pkc_rng *rng)
{
    for (int v = 2; v < 19; v++) {
        uint8_t u[32], uc[32], priv[32], o1[32], o2[32];
        /* u = p + v = 2^255 - 19 + v, and v itself */
        memset(u, 0xff, 32);
        u[0] = (uint8_t)(0xed + v);
        u[31] = 0x7f;
        memset(uc, 0, 32);
        uc[0] = (uint8_t)v;
        CHECK(pkc_rng_bytes(rng, priv, 32) == PKC_OK);
        pkc_err e1 = pkc_x25519(o1, priv, u), e2 = pkc_x25519(o2, priv, uc);
        CHECK(e1 == e2);
        CHECK_EQ_BYTES(o1, o2, 32);
    }
    for (int i = 0; i < 8; i++) {
        uint8_t u[32], priv[32], o1[32], o2[32];
        CHECK(pkc_rng_bytes(rng, u, 32) == PKC_OK);
        CHECK(pkc_rng_bytes(rng, priv, 32) == PKC_OK);
        u[31] &= 0x7f;
        CHECK(pkc_x25519(o1, priv, u) == PKC_OK);
        u[31] |= 0x80;
        CHECK(pkc_x25519(o2, priv, u) == PKC_OK);
        CHECK_EQ_BYTES(o1, o2, 32);
    }
}

static void bad_args(void)
{
    uint8_t a[32] = {1}, b[32] = {9};
    CHECK(pkc_x25519(NULL, a, b) == PKC_ERR_ARG);
    CHECK(pkc_x25519(a, NULL, b) == PKC_ERR_ARG);
    CHECK(pkc_x25519(a, b, NULL) == PKC_ERR_ARG);
    CHECK(pkc_x25519_public_key(NULL, a) == PKC_ERR_ARG);
    CHECK(pkc_x25519_keygen(a, b, NULL) == PKC_ERR_ARG);
}

#ifdef PKC_HAVE_OPENSSL
static void vs_openssl(pkc_rng *rng, int n)
{
    for (int i = 0; i < n; i++) {
        uint8_t apriv[32], apub[32], bpriv[32], bpub[32], s1[32], s2[32], s3[32], s4[32];
        size_t l = 32;
        CHECK(pkc_x25519_keygen(apriv, apub, rng) == PKC_OK);
        EVP_PKEY *b = EVP_PKEY_Q_keygen(NULL, NULL, "X25519");
        CHECK(b != NULL);
        if (!b)
            return;
        CHECK(EVP_PKEY_get_raw_private_key(b, bpriv, &l) == 1 && l == 32);
        l = 32;
        CHECK(EVP_PKEY_get_raw_public_key(b, bpub, &l) == 1 && l == 32);
        uint8_t bpub2[32];
        CHECK(pkc_x25519_public_key(bpub2, bpriv) == PKC_OK);
        CHECK_EQ_BYTES(bpub2, bpub, 32);
        EVP_PKEY *a = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, apriv, 32);
        EVP_PKEY *ap = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, apub, 32);
        EVP_PKEY *bp = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, bpub, 32);
        CHECK(a && ap && bp);
        uint8_t apub_o[32];
        l = 32;
        CHECK(EVP_PKEY_get_raw_public_key(a, apub_o, &l) == 1);
        CHECK_EQ_BYTES(apub_o, apub, 32);
        /* pkc a with OpenSSL's b, and OpenSSL's a with pkc's b */
        CHECK(pkc_x25519(s1, apriv, bpub) == PKC_OK);
        CHECK(pkc_x25519(s2, bpriv, apub) == PKC_OK);
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(b, NULL);
        l = 32;
        CHECK(c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, ap) == 1 &&
              EVP_PKEY_derive(c, s3, &l) == 1);
        EVP_PKEY_CTX_free(c);
        c = EVP_PKEY_CTX_new(a, NULL);
        l = 32;
        CHECK(c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, bp) == 1 &&
              EVP_PKEY_derive(c, s4, &l) == 1);
        EVP_PKEY_CTX_free(c);
        CHECK_EQ_BYTES(s1, s3, 32);
        CHECK_EQ_BYTES(s2, s4, 32);
        CHECK_EQ_BYTES(s1, s2, 32);
        /* a random u (not a public key of anyone): the same raw X25519 */
        uint8_t u[32];
        CHECK(pkc_rng_bytes(rng, u, 32) == PKC_OK);
        u[31] &= 0x7f;
        EVP_PKEY *up = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
        c = EVP_PKEY_CTX_new(a, NULL);
        l = 32;
        int ok = c && up && EVP_PKEY_derive_init(c) == 1 &&
                 EVP_PKEY_derive_set_peer(c, up) == 1 && EVP_PKEY_derive(c, s3, &l) == 1;
        EVP_PKEY_CTX_free(c);
        pkc_err e = pkc_x25519(s1, apriv, u);
        CHECK(ok ? e == PKC_OK : e == PKC_ERR_POINT);
        if (ok)
            CHECK_EQ_BYTES(s1, s3, 32);
        EVP_PKEY_free(up);
        EVP_PKEY_free(a);
        EVP_PKEY_free(ap);
        EVP_PKEY_free(bp);
        EVP_PKEY_free(b);
    }
}
#endif

int main(void)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    /* Every part on each field implementation of the ladder: the portable
     * one, and MULX/ADX where this CPU has it (else that is refused). */
    CHECK(pkc_x25519_set_impl((pkc_x25519_impl)7) == PKC_ERR_ARG);
    const pkc_x25519_impl impls[] = {PKC_X25519_IMPL_PORTABLE, PKC_X25519_IMPL_ADX};
    for (size_t i = 0; i < sizeof impls / sizeof impls[0]; i++) {
        if (impls[i] == PKC_X25519_IMPL_ADX && !pkc_x25519_have_adx()) {
            CHECK(pkc_x25519_set_impl(PKC_X25519_IMPL_ADX) == PKC_ERR_UNSUPPORTED);
            CHECK(pkc_x25519_get_impl() == PKC_X25519_IMPL_PORTABLE);
            printf("note: this CPU has no BMI2/ADX: the MULX/ADX ladder is not tested here\n");
            continue;
        }
        CHECK(pkc_x25519_set_impl(impls[i]) == PKC_OK);
        CHECK(pkc_x25519_get_impl() == impls[i]);
        rfc_file();
        rfc_typed();
        iterated();
        dh_example();
        public_vs_ladder(&rng, tu_iters(200));
        small_order(&rng);
        noncanonical(&rng);
        bad_args();
#ifdef PKC_HAVE_OPENSSL
        vs_openssl(&rng, tu_iters(200));
#else
        tu_skip_part("OpenSSL differential (no OpenSSL)");
#endif
    }
    CHECK(pkc_x25519_set_impl(PKC_X25519_IMPL_AUTO) == PKC_OK);
    CHECK(pkc_x25519_get_impl() ==
          (pkc_x25519_have_adx() ? PKC_X25519_IMPL_ADX : PKC_X25519_IMPL_PORTABLE));
    pkc_rng_wipe(&rng);
    return tu_finish("x25519");
}
