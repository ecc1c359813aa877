/* ECDH, differential against OpenSSL (EVP_PKEY_derive) on all nineteen
 * curves and against libsecp256k1 (secp256k1_ecdh with a hash function that
 * returns x) on secp256k1: secrets agree both ways, in both coordinate
 * systems. Plus the bad-input cases of pkc_ecdh: a peer on another curve,
 * a corrupted (off-curve) or infinite peer struct, a short buffer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/ec_proto.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/rng.h"
#include "test_ec_util.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/x509.h>
#endif
#ifdef PKC_HAVE_SECP256K1
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#endif

#ifdef PKC_HAVE_OPENSSL
static int ossl_derive(EVP_PKEY *priv, EVP_PKEY *peer, uint8_t *out, size_t *outlen)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(priv, NULL);
    int ok = c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, peer) == 1 &&
             EVP_PKEY_derive(c, out, outlen) == 1;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static void vs_openssl(pkc_curve_id id, pkc_rng *rng, int iters)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    for (int t = 0; t < iters; t++) {
        pkc_ec_coords co = (t & 1) ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
        pkc_ec_private_key a;
        CHECK(pkc_ec_keygen_coords(&a, id, rng, co) == PKC_OK);
        EVP_PKEY *b = EVP_PKEY_Q_keygen(NULL, NULL, "EC", ci->openssl_name);
        CHECK(b != NULL);
        if (!b)
            return;
        /* b's public key into pkc, a's keys into OpenSSL */
        unsigned char *bspki = NULL;
        int bl = i2d_PUBKEY(b, &bspki);
        pkc_ec_public_key bq;
        CHECK(pkc_ec_public_key_from_der(&bq, bspki, (size_t)bl) == PKC_OK);
        OPENSSL_free(bspki);
        uint8_t *der;
        size_t dl;
        CHECK(pkc_ec_private_key_to_der(&a, PKC_EC_FORMAT_PKCS8, &der, &dl) == PKC_OK);
        const unsigned char *p = der;
        EVP_PKEY *aprivo = d2i_AutoPrivateKey(NULL, &p, (long)dl);
        pkc_secure_free(der, dl);
        CHECK(pkc_ec_public_key_to_der(&a.pub, t & 2, &der, &dl) == PKC_OK);
        p = der;
        EVP_PKEY *apubo = d2i_PUBKEY(NULL, &p, (long)dl);
        pkc_secure_free(der, dl);
        CHECK(aprivo && apubo);

        uint8_t z1[PKC_ECDH_MAX_SIZE], z2[PKC_ECDH_MAX_SIZE], z3[PKC_ECDH_MAX_SIZE];
        size_t l1 = 0, l2 = sizeof z2, l3 = sizeof z3;
        CHECK(pkc_ecdh_coords(&a, &bq, z1, sizeof z1, &l1, co) == PKC_OK);
        CHECK(ossl_derive(b, apubo, z2, &l2));
        CHECK(ossl_derive(aprivo, b, z3, &l3));
        CHECK_MSG(l1 == ci->field_bytes && l1 == l2 && !memcmp(z1, z2, l1),
                  "%s: ECDH secret differs from OpenSSL's", ci->name);
        CHECK(l3 == l1 && !memcmp(z1, z3, l1));
        EVP_PKEY_free(b);
        EVP_PKEY_free(aprivo);
        EVP_PKEY_free(apubo);
        pkc_ec_private_key_wipe(&a);
    }
}
#endif

#ifdef PKC_HAVE_SECP256K1
static int copy_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32,
                  void *data)
{
    (void)y32;
    (void)data;
    memcpy(out, x32, 32);
    return 1;
}

static void vs_libsecp(pkc_rng *rng, int iters)
{
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    for (int t = 0; t < iters; t++) {
        pkc_ec_private_key a, b;
        CHECK(pkc_ec_keygen(&a, PKC_CURVE_SECP256K1, rng) == PKC_OK);
        CHECK(pkc_ec_keygen(&b, PKC_CURVE_SECP256K1, rng) == PKC_OK);
        uint8_t pt[65], z1[32], z2[32];
        size_t ptlen, zl;
        secp256k1_pubkey bp;
        CHECK(pkc_ec_point_encode(&b.pub, 1, pt, sizeof pt, &ptlen) == PKC_OK);
        CHECK(secp256k1_ec_pubkey_parse(ctx, &bp, pt, ptlen) == 1);
        CHECK(secp256k1_ecdh(ctx, z2, &bp, a.d, copy_x, NULL) == 1);
        CHECK(pkc_ecdh_coords(&a, &b.pub, z1, sizeof z1, &zl, (t & 1) ? PKC_EC_AFFINE
                                                                   : PKC_EC_JACOBIAN) == PKC_OK);
        CHECK_MSG(zl == 32 && !memcmp(z1, z2, 32), "secp256k1: ECDH differs from libsecp256k1");
        CHECK(pkc_ecdh(&b, &a.pub, z2, sizeof z2, &zl) == PKC_OK && !memcmp(z1, z2, 32));
        pkc_ec_private_key_wipe(&a);
        pkc_ec_private_key_wipe(&b);
    }
    secp256k1_context_destroy(ctx);
}
#endif

static void bad_input(pkc_rng *rng)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        pkc_curve_id id = (pkc_curve_id)i;
        pkc_ec_private_key a, b;
        uint8_t z[PKC_ECDH_MAX_SIZE], z2[PKC_ECDH_MAX_SIZE];
        size_t zl, zl2;
        CHECK(pkc_ec_keygen(&a, id, rng) == PKC_OK);
        CHECK(pkc_ec_keygen(&b, (pkc_curve_id)((i + 1) % PKC_CURVE_COUNT), rng) == PKC_OK);
        CHECK(pkc_ecdh(&a, &b.pub, z, sizeof z, &zl) == PKC_ERR_KEY); /* other curve */
        CHECK(pkc_ecdh(&a, &a.pub, z, pkc_ec_field_bytes(id) - 1, &zl) == PKC_ERR_BUFSIZE);
        /* symmetric, both coordinate systems */
        CHECK(pkc_ecdh(&a, &a.pub, z, sizeof z, &zl) == PKC_OK);
        CHECK(pkc_ecdh_coords(&a, &a.pub, z2, sizeof z2, &zl2, PKC_EC_AFFINE) == PKC_OK);
        CHECK(zl == zl2 && !memcmp(z, z2, zl));
        /* a corrupted peer struct never reaches the arithmetic */
        pkc_ec_public_key q = a.pub;
        pkc_ec_pub_point(&q)->y[0] ^= 1;
        CHECK(pkc_ecdh(&a, &q, z, sizeof z, &zl) == PKC_ERR_POINT);
        q = a.pub;
        memset(pkc_ec_pub_point(&q), 0, sizeof(pkc_ec_affine));
        pkc_ec_pub_point(&q)->infinity = ~(uint64_t)0;
        CHECK(pkc_ecdh(&a, &q, z, sizeof z, &zl) == PKC_ERR_POINT);
        /* a corrupted private key (d = 0) is refused */
        pkc_ec_private_key bad = a;
        memset(bad.d, 0, sizeof bad.d);
        CHECK(pkc_ecdh(&bad, &a.pub, z, sizeof z, &zl) == PKC_ERR_KEY);
        CHECK(pkc_ecdh(NULL, &a.pub, z, sizeof z, &zl) == PKC_ERR_ARG);
        pkc_ec_private_key_wipe(&a);
        pkc_ec_private_key_wipe(&b);
    }
}

int main(void)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    bad_input(&rng);
#ifdef PKC_HAVE_OPENSSL
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        vs_openssl((pkc_curve_id)i, &rng, tu_iters(8));
#else
    tu_skip_part("OpenSSL not found: the differential part");
#endif
#ifdef PKC_HAVE_SECP256K1
    vs_libsecp(&rng, tu_iters(10));
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("test_ecdh_openssl");
}
