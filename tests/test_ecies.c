/* ECIES (include/pkc/ecies.h) on every curve, prime and binary:
 *  - round trips of 0 .. 1000-byte messages with both KDFs, with and
 *    without shared information; the size is message + overhead; two
 *    encryptions of one message differ;
 *  - against OpenSSL: the shared secret x(dR) by OpenSSL's EC_POINT
 *    arithmetic, the KDF on it by OpenSSL's HKDF / X963KDF, and OpenSSL's
 *    AES-256-GCM of the message under the derived key and IV give exactly
 *    the ciphertext and tag pkc wrote;
 *  - tampering: every byte of a short ciphertext changed in turn is an
 *    error and leaves the output zeroed; truncation, another KDF, other
 *    shared information, a wrong key, a key of another curve, a compressed
 *    or invalid R, a too-small buffer are errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/ecies.h"
#include "pkc/hmac.h"
#include "pkc/rng.h"
#include "test_ec_util.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/core_names.h>
#include <openssl/kdf.h>
#endif

#define MAXMSG 1000
#define MAXCT (MAXMSG + 1 + 2 * PKC_EC_MAX_FIELD_BYTES + PKC_ECIES_TAG_SIZE)

#ifdef PKC_HAVE_OPENSSL
/* OpenSSL's KDF (name "HKDF" or "X963KDF", SHA-256) of z with info */
static int ossl_kdf(const char *name, const uint8_t *z, size_t zlen, const uint8_t *info,
                    size_t infolen, uint8_t *out, size_t outlen)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, name, NULL);
    EVP_KDF_CTX *kctx = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[4], *p = params;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)z, zlen);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, infolen);
    *p = OSSL_PARAM_construct_end();
    int ok = kctx && EVP_KDF_derive(kctx, out, outlen, params) == 1;
    EVP_KDF_CTX_free(kctx);
    EVP_KDF_free(kdf);
    return ok;
}

/* The ciphertext ct of msg, recomputed with OpenSSL from d and ct's R. */
static int ossl_agrees(const pkc_ec_private_key *key, const pkc_ecies_params *prm,
                       const uint8_t *msg, size_t len, const uint8_t *ct)
{
    const pkc_curve_info *ci = pkc_curve_info_get(key->curve);
    size_t fb = ci->field_bytes, pb = 1 + 2 * fb;
    EC_GROUP *grp = ecu_ossl_group(key->curve);
    EC_POINT *r = grp ? EC_POINT_new(grp) : NULL, *s = grp ? EC_POINT_new(grp) : NULL;
    BIGNUM *d = BN_bin2bn(key->d, (int)ci->order_bytes, NULL), *x = BN_new();
    uint8_t z[PKC_EC_MAX_FIELD_BYTES], info[1 + 2 * PKC_EC_MAX_FIELD_BYTES + 64], okm[44];
    uint8_t c[MAXMSG], tag[16];
    int ok = r && s && d && x && EC_POINT_oct2point(grp, r, ct, pb, NULL) == 1 &&
             EC_POINT_mul(grp, s, NULL, r, d, NULL) == 1 &&
             EC_POINT_get_affine_coordinates(grp, s, x, NULL, NULL) == 1 &&
             BN_bn2binpad(x, z, (int)fb) == (int)fb;
    size_t il = pb + prm->infolen;
    memcpy(info, ct, pb);
    if (prm->infolen)
        memcpy(info + pb, prm->info, prm->infolen);
    ok = ok && ossl_kdf(prm->kdf == PKC_ECIES_KDF_HKDF_SHA256 ? "HKDF" : "X963KDF", z, fb, info,
                        il, okm, sizeof okm);
    ok = ok && tu_ossl_gcm_encrypt(okm, 32, okm + 32, 12, NULL, 0, msg, len, c, tag) &&
         memcmp(c, ct + pb, len) == 0 && memcmp(tag, ct + pb + len, 16) == 0;
    BN_free(d);
    BN_free(x);
    EC_POINT_free(r);
    EC_POINT_free(s);
    EC_GROUP_free(grp);
    return ok;
}
#endif

static void test_curve(pkc_curve_id id, pkc_rng *rng)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    static const size_t lens[] = {0, 1, 15, 16, 17, 64, 255, MAXMSG};
    uint8_t msg[MAXMSG], ct[MAXCT], ct2[MAXCT], pt[MAXMSG], info[40];
    pkc_ec_private_key key;
    pkc_ec_public_key pub;
    CHECK(pkc_ec_keygen(&key, id, rng) == PKC_OK);
    pkc_ec_public_key_from_private(&pub, &key);
    size_t over = pkc_ecies_overhead(id);
    CHECK(over == 1 + 2 * ci->field_bytes + 16);
    tu_rand_bytes(info, sizeof info);
    int bad = 0;
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        for (int v = 0; v < 4; v++) {
            size_t len = lens[li], ctlen = 0, ptlen = 0;
            pkc_ecies_params prm = {v & 1 ? PKC_ECIES_KDF_X963_SHA256 : PKC_ECIES_KDF_HKDF_SHA256,
                                    v & 2 ? info : NULL, v & 2 ? sizeof info : 0};
            tu_rand_bytes(msg, len);
            CHECK(pkc_ecies_encrypt(&pub, rng, &prm, msg, len, ct, sizeof ct, &ctlen) == PKC_OK);
            CHECK(ctlen == len + over);
            memset(pt, 0xaa, sizeof pt);
            if (pkc_ecies_decrypt(&key, &prm, ct, ctlen, pt, sizeof pt, &ptlen) != PKC_OK ||
                ptlen != len || memcmp(pt, msg, len) != 0)
                bad++;
#ifdef PKC_HAVE_OPENSSL
            if (!ossl_agrees(&key, &prm, msg, len, ct))
                CHECK_MSG(0, "%s: len %zu kdf %d info %d: OpenSSL's recomputation differs",
                          ci->name, len, v & 1, v >> 1);
#endif
            /* the wrong KDF or info: the tag fails */
            pkc_ecies_params other = prm;
            other.kdf = prm.kdf == PKC_ECIES_KDF_HKDF_SHA256 ? PKC_ECIES_KDF_X963_SHA256
                                                               : PKC_ECIES_KDF_HKDF_SHA256;
            CHECK(pkc_ecies_decrypt(&key, &other, ct, ctlen, pt, sizeof pt, &ptlen) ==
                  PKC_ERR_DECRYPT);
            other = prm;
            other.infolen = prm.infolen ? prm.infolen - 1 : 0;
            other.info = prm.infolen ? prm.info : info;
            other.infolen = prm.infolen ? other.infolen : 1;
            CHECK(pkc_ecies_decrypt(&key, &other, ct, ctlen, pt, sizeof pt, &ptlen) ==
                  PKC_ERR_DECRYPT);
            if (len == 16 && v == 0) {
                size_t l2 = 0;
                CHECK(pkc_ecies_encrypt(&pub, rng, NULL, msg, len, ct2, sizeof ct2, &l2) ==
                      PKC_OK);
                CHECK_MSG(l2 == ctlen && memcmp(ct, ct2, ctlen) != 0,
                          "%s: two encryptions are equal", ci->name);
                /* NULL params = HKDF without info */
                CHECK(pkc_ecies_decrypt(&key, NULL, ct2, l2, pt, sizeof pt, &ptlen) == PKC_OK &&
                      ptlen == len && memcmp(pt, msg, len) == 0);
            }
        }
    }
    CHECK_MSG(bad == 0, "%s: %d round trips failed", ci->name, bad);

    /* every byte changed in turn: R (DECODE or DECRYPT: most changed points
     * are not on the curve), C and T (DECRYPT) */
    size_t len = 5, ctlen = 0, ptlen = 0, accepted = 0;
    tu_rand_bytes(msg, len);
    CHECK(pkc_ecies_encrypt(&pub, rng, NULL, msg, len, ct, sizeof ct, &ctlen) == PKC_OK);
    for (size_t i = 0; i < ctlen; i++) {
        memcpy(ct2, ct, ctlen);
        ct2[i] ^= (uint8_t)(1u << (tu_rand64() % 8));
        memset(pt, 0xaa, len);
        pkc_err e = pkc_ecies_decrypt(&key, NULL, ct2, ctlen, pt, sizeof pt, &ptlen);
        if (e == PKC_OK)
            accepted++;
        else if (i >= 1 + 2 * ci->field_bytes)
            CHECK_MSG(e == PKC_ERR_DECRYPT, "%s: byte %zu changed: %s", ci->name, i,
                      pkc_strerror(e));
        if (e == PKC_ERR_DECRYPT)
            CHECK_MSG(pt[0] == 0 && pt[len - 1] == 0, "%s: output not zeroed", ci->name);
    }
    CHECK_MSG(accepted == 0, "%s: %zu changed ciphertexts accepted", ci->name, accepted);
    for (size_t cut = 0; cut < over; cut += 7)
        CHECK(pkc_ecies_decrypt(&key, NULL, ct, cut, pt, sizeof pt, &ptlen) == PKC_ERR_DECODE);
    CHECK(pkc_ecies_decrypt(&key, NULL, ct, ctlen - 1, pt, sizeof pt, &ptlen) == PKC_ERR_DECRYPT);
    CHECK(pkc_ecies_decrypt(&key, NULL, ct, ctlen, pt, len - 1, &ptlen) == PKC_ERR_BUFSIZE);
    CHECK(pkc_ecies_encrypt(&pub, rng, NULL, msg, len, ct2, ctlen - 1, &ptlen) ==
          PKC_ERR_BUFSIZE);
    /* R compressed (the same point, but format v1 says uncompressed) */
    {
        pkc_ec_public_key R;
        size_t rl = 0;
        CHECK(pkc_ec_point_decode(&R, id, ct, 1 + 2 * ci->field_bytes) == PKC_OK);
        CHECK(pkc_ec_point_encode(&R, 1, ct2, sizeof ct2, &rl) == PKC_OK);
        memcpy(ct2 + rl, ct + 1 + 2 * ci->field_bytes, len + 16);
        CHECK(pkc_ecies_decrypt(&key, NULL, ct2, rl + len + 16, pt, sizeof pt, &ptlen) != PKC_OK);
    }
    /* a wrong key of the same curve */
    pkc_ec_private_key other;
    CHECK(pkc_ec_keygen(&other, id, rng) == PKC_OK);
    CHECK(pkc_ecies_decrypt(&other, NULL, ct, ctlen, pt, sizeof pt, &ptlen) == PKC_ERR_DECRYPT);
    /* a key of another curve */
    pkc_curve_id oid = (pkc_curve_id)((id + 1) % PKC_CURVE_COUNT);
    CHECK(pkc_ec_keygen(&other, oid, rng) == PKC_OK);
    CHECK(pkc_ecies_decrypt(&other, NULL, ct, ctlen, pt, sizeof pt, &ptlen) != PKC_OK);
    /* an unknown KDF */
    pkc_ecies_params badkdf = {(pkc_ecies_kdf)7, NULL, 0};
    CHECK(pkc_ecies_encrypt(&pub, rng, &badkdf, msg, len, ct2, sizeof ct2, &ptlen) ==
          PKC_ERR_ARG);
    pkc_ec_private_key_wipe(&key);
    pkc_ec_private_key_wipe(&other);
}

static void test_errors(pkc_rng *rng)
{
    uint8_t buf[200];
    size_t l = 0;
    pkc_ec_private_key key;
    pkc_ec_public_key pub;
    CHECK(pkc_ec_keygen(&key, PKC_CURVE_SECP256R1, rng) == PKC_OK);
    pkc_ec_public_key_from_private(&pub, &key);
    CHECK(pkc_ecies_overhead((pkc_curve_id)99) == 0);
    CHECK(pkc_ecies_overhead(PKC_CURVE_SECP256R1) == 81);
    CHECK(pkc_ecies_encrypt(NULL, rng, NULL, buf, 1, buf, sizeof buf, &l) == PKC_ERR_ARG);
    CHECK(pkc_ecies_encrypt(&pub, NULL, NULL, buf, 1, buf + 100, 100, &l) == PKC_ERR_ARG);
    CHECK(pkc_ecies_encrypt(&pub, rng, NULL, NULL, 1, buf, sizeof buf, &l) == PKC_ERR_ARG);
    CHECK(pkc_ecies_decrypt(NULL, NULL, buf, 100, buf, sizeof buf, &l) == PKC_ERR_ARG);
    pkc_ecies_params noinfo = {PKC_ECIES_KDF_HKDF_SHA256, NULL, 3};
    CHECK(pkc_ecies_encrypt(&pub, rng, &noinfo, buf, 1, buf + 100, 100, &l) == PKC_ERR_ARG);
    /* an invalid public key (moved off the curve) */
    pkc_ec_public_key badpub = pub;
    ((uint8_t *)&badpub)[sizeof badpub / 2] ^= 1;
    CHECK(pkc_ecies_encrypt(&badpub, rng, NULL, buf, 1, buf + 100, 100, &l) != PKC_OK);
    /* an R off the curve: 04 || x || y+1 */
    size_t ctlen = 0;
    CHECK(pkc_ecies_encrypt(&pub, rng, NULL, buf, 3, buf + 100, 100, &ctlen) == PKC_OK);
    buf[100 + 64] ^= 1;
    CHECK(pkc_ecies_decrypt(&key, NULL, buf + 100, ctlen, buf, 100, &l) == PKC_ERR_DECODE);
    pkc_ec_private_key_wipe(&key);
}

int main(void)
{
    uint64_t seed = tu_seed();
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    for (int id = 0; id < PKC_CURVE_COUNT; id++)
        test_curve((pkc_curve_id)id, &rng);
    test_errors(&rng);
#ifndef PKC_HAVE_OPENSSL
    tu_skip_part("OpenSSL not found: the recomputation of each ciphertext");
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("test_ecies");
}
