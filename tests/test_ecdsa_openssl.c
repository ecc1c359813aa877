/* ECDSA and EC keys, differential against OpenSSL (EVP) on all nineteen
 * curves, and against libsecp256k1 on secp256k1:
 *  - keys pkc generates pass EVP_PKEY_check / EVP_PKEY_public_check after a
 *    PKCS#8 and an SPKI round trip through OpenSSL's decoders, and OpenSSL
 *    re-encodes them to the same bytes;
 *  - keys OpenSSL generates (PKCS#8 and "traditional" SEC 1 DER, SPKI) load
 *    in pkc with the same public key;
 *  - for SHA-224/256/384/512 and random messages: pkc signatures (DER)
 *    verify in OpenSSL, OpenSSL signatures verify in pkc, tampered ones
 *    fail in both;
 *  - low-s: of a signature and its twin (r, n - s), both of which OpenSSL
 *    accepts, exactly one is low-s and normalisation gives it; the bounds
 *    (n-1)/2 and (n+1)/2; pkc_key_sign_digest with low_s signs low and
 *    pkc_key_verify_digest with low_s refuses the high twin;
 *  - libsecp256k1: the same keys, pkc's RFC 6979 signature with SHA-256 is
 *    libsecp256k1's (which signs with RFC 6979 and HMAC-SHA256) after
 *    low-s normalisation (pkc's and libsecp256k1's give the same bytes), and
 *    each verifies the other's.
 * Random keys and messages; PKC_TEST_ITERS multiplies the iterations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/key.h"
#include "pkc/rng.h"
#include "test_ec_util.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#endif
#ifdef PKC_HAVE_SECP256K1
#include <secp256k1.h>
#endif

#ifdef PKC_HAVE_OPENSSL
static EVP_PKEY *ossl_priv_from_pkc(const pkc_ec_private_key *k)
{
    uint8_t *der;
    size_t len;
    if (pkc_ec_private_key_to_der(k, PKC_EC_FORMAT_PKCS8, &der, &len) != PKC_OK)
        return NULL;
    const unsigned char *p = der;
    EVP_PKEY *pk = d2i_AutoPrivateKey(NULL, &p, (long)len);
    CHECK(pk && p == der + len);
    /* OpenSSL writes the same PKCS#8 back */
    if (pk) {
        unsigned char *back = NULL;
        PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
        int bl = p8 ? i2d_PKCS8_PRIV_KEY_INFO(p8, &back) : -1;
        CHECK_MSG(bl == (int)len && !memcmp(back, der, len), "PKCS#8 re-encoding differs");
        OPENSSL_free(back);
        PKCS8_PRIV_KEY_INFO_free(p8);
    }
    pkc_secure_free(der, len);
    return pk;
}

static EVP_PKEY *ossl_pub_from_pkc(const pkc_ec_public_key *q)
{
    uint8_t *der;
    size_t len;
    if (pkc_ec_public_key_to_der(q, 0, &der, &len) != PKC_OK)
        return NULL;
    const unsigned char *p = der;
    EVP_PKEY *pk = d2i_PUBKEY(NULL, &p, (long)len);
    CHECK(pk && p == der + len);
    if (pk) {
        unsigned char *back = NULL;
        int bl = i2d_PUBKEY(pk, &back);
        CHECK_MSG(bl == (int)len && !memcmp(back, der, len), "SPKI re-encoding differs");
        OPENSSL_free(back);
    }
    pkc_secure_free(der, len);
    return pk;
}

static int ossl_check(EVP_PKEY *pk, int private_too)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
    int ok = ctx && EVP_PKEY_public_check(ctx) == 1;
    if (private_too)
        ok = ok && EVP_PKEY_check(ctx) == 1 && EVP_PKEY_private_check(ctx) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static int ossl_sign(EVP_PKEY *pk, const EVP_MD *md, const uint8_t *m, size_t ml, uint8_t *sig,
                     size_t *siglen)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = c && EVP_DigestSignInit(c, NULL, md, NULL, pk) == 1 &&
             EVP_DigestSign(c, sig, siglen, m, ml) == 1;
    EVP_MD_CTX_free(c);
    return ok;
}

static int ossl_verify(EVP_PKEY *pk, const EVP_MD *md, const uint8_t *m, size_t ml,
                       const uint8_t *sig, size_t siglen)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int r = c && EVP_DigestVerifyInit(c, NULL, md, NULL, pk) == 1
                ? EVP_DigestVerify(c, sig, siglen, m, ml)
                : -1;
    EVP_MD_CTX_free(c);
    return r;
}

/* pkc verify of a DER signature */
static pkc_err pkc_verify_der(const pkc_ec_public_key *q, pkc_hash_alg a, const uint8_t *m,
                              size_t ml, const uint8_t *der, size_t derlen,
                              pkc_ec_coords co)
{
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
    size_t rawlen;
    pkc_err e = pkc_ecdsa_sig_from_der(q->curve, der, derlen, raw, sizeof raw, &rawlen);
    if (e != PKC_OK)
        return e;
    return ecu_verify(q, a, m, ml, raw, rawlen, co);
}

/* out = n - s, big-endian, len bytes (s <= n) */
static void be_sub_from(uint8_t *out, const uint8_t *n, const uint8_t *s, size_t len)
{
    int borrow = 0;
    for (size_t i = len; i-- > 0;) {
        int d = n[i] - s[i] - borrow;
        borrow = d < 0;
        out[i] = (uint8_t)(d + (borrow ? 256 : 0));
    }
}

/* low-s of a pkc signature raw = r||s and its twin; OpenSSL accepts both */
static void low_s_twins(pkc_curve_id id, EVP_PKEY *opub, const EVP_MD *md, const uint8_t *m,
                        size_t ml, const uint8_t *raw, size_t rawlen)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t ob = ci->order_bytes;
    uint8_t twin[PKC_ECDSA_MAX_RAW_SIZE], a[PKC_ECDSA_MAX_RAW_SIZE], b[PKC_ECDSA_MAX_RAW_SIZE];
    uint8_t der[PKC_ECDSA_MAX_DER_SIZE];
    size_t derlen;
    memcpy(twin, raw, ob);
    be_sub_from(twin + ob, ci->n, raw + ob, ob);
    CHECK(pkc_ecdsa_sig_to_der(id, twin, rawlen, der, sizeof der, &derlen) == PKC_OK);
    CHECK_MSG(ossl_verify(opub, md, m, ml, der, derlen) == 1, "%s: OpenSSL rejects the twin",
              ci->name);
    int l1 = pkc_ecdsa_sig_is_low_s(id, raw, rawlen), l2 = pkc_ecdsa_sig_is_low_s(id, twin, rawlen);
    CHECK_MSG((l1 == 0 || l1 == 1) && l1 + l2 == 1, "%s: low-s of twins %d and %d", ci->name, l1,
              l2);
    memcpy(a, raw, rawlen);
    memcpy(b, twin, rawlen);
    CHECK(pkc_ecdsa_sig_normalize_low_s(id, a, rawlen) == PKC_OK);
    CHECK(pkc_ecdsa_sig_normalize_low_s(id, b, rawlen) == PKC_OK);
    CHECK(!memcmp(a, b, rawlen) && !memcmp(a, l1 ? raw : twin, rawlen));
}

/* the bounds: s = (n-1)/2 is low, (n+1)/2 high; 0, n and a wrong length
 * are not signatures */
static void low_s_bounds(pkc_curve_id id)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t ob = ci->order_bytes;
    uint8_t sig[PKC_ECDSA_MAX_RAW_SIZE];
    memset(sig, 0, ob);
    sig[ob - 1] = 1; /* r = 1 */
    uint8_t *s = sig + ob;
    int carry = 0;
    for (size_t i = 0; i < ob; i++) { /* s = n >> 1 = (n-1)/2 */
        s[i] = (uint8_t)((ci->n[i] >> 1) | (carry << 7));
        carry = ci->n[i] & 1;
    }
    CHECK_MSG(pkc_ecdsa_sig_is_low_s(id, sig, 2 * ob) == 1, "%s: (n-1)/2 is low", ci->name);
    uint8_t keep[PKC_ECDSA_MAX_RAW_SIZE];
    memcpy(keep, sig, 2 * ob);
    CHECK(pkc_ecdsa_sig_normalize_low_s(id, sig, 2 * ob) == PKC_OK && !memcmp(keep, sig, 2 * ob));
    for (size_t i = ob; i-- > 0 && ++s[i] == 0;) /* (n+1)/2 */
        ;
    CHECK_MSG(pkc_ecdsa_sig_is_low_s(id, sig, 2 * ob) == 0, "%s: (n+1)/2 is high", ci->name);
    CHECK(pkc_ecdsa_sig_normalize_low_s(id, sig, 2 * ob) == PKC_OK && !memcmp(keep, sig, 2 * ob));
    memset(s, 0, ob);
    CHECK(pkc_ecdsa_sig_is_low_s(id, sig, 2 * ob) == PKC_ERR_ARG);
    memcpy(s, ci->n, ob);
    CHECK(pkc_ecdsa_sig_is_low_s(id, sig, 2 * ob) == PKC_ERR_ARG);
    CHECK(pkc_ecdsa_sig_normalize_low_s(id, sig, 2 * ob) == PKC_ERR_ARG);
    CHECK(pkc_ecdsa_sig_is_low_s(id, sig, 2 * ob - 1) == PKC_ERR_ARG);
}

/* pkc_key_sign_digest / pkc_key_verify_digest with low_s */
static void low_s_key_api(pkc_curve_id id, pkc_rng *rng)
{
    pkc_ec_private_key k;
    CHECK(pkc_ec_keygen(&k, id, rng) == PKC_OK);
    uint8_t *der;
    size_t derlen;
    CHECK(pkc_ec_private_key_to_der(&k, PKC_EC_FORMAT_PKCS8, &der, &derlen) == PKC_OK);
    pkc_key *key = NULL;
    CHECK(pkc_key_parse(der, derlen, &key) == PKC_OK);
    free(der);
    pkc_sign_params sp;
    pkc_sign_params_init(&sp);
    int high_seen = 0;
    for (int i = 0; key && i < 16; i++) {
        uint8_t h[32], sig[PKC_ECDSA_MAX_DER_SIZE], raw[PKC_ECDSA_MAX_RAW_SIZE];
        size_t siglen, rawlen;
        tu_rand_bytes(h, sizeof h);
        sp.low_s = 0;
        CHECK(pkc_key_sign_digest(key, rng, &sp, h, 32, sig, sizeof sig, &siglen) == PKC_OK);
        CHECK(pkc_ecdsa_sig_from_der(id, sig, siglen, raw, sizeof raw, &rawlen) == PKC_OK);
        int low = pkc_ecdsa_sig_is_low_s(id, raw, rawlen);
        high_seen += low == 0;
        sp.low_s = 1;
        CHECK(pkc_key_verify_digest(key, &sp, h, 32, sig, siglen) ==
              (low ? PKC_OK : PKC_ERR_VERIFY));
        CHECK(pkc_key_sign_digest(key, rng, &sp, h, 32, sig, sizeof sig, &siglen) == PKC_OK);
        CHECK(pkc_ecdsa_sig_from_der(id, sig, siglen, raw, sizeof raw, &rawlen) == PKC_OK);
        CHECK(pkc_ecdsa_sig_is_low_s(id, raw, rawlen) == 1);
        CHECK(pkc_key_verify_digest(key, &sp, h, 32, sig, siglen) == PKC_OK);
    }
    CHECK_MSG(high_seen > 0, "no high-s signature among 16 (RFC 6979 makes half of them high)");
    pkc_key_free(key);
    pkc_ec_private_key_wipe(&k);
}

static void one_key(pkc_curve_id id, pkc_rng *rng, int iter)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    pkc_ec_coords co = (iter & 1) ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
    pkc_ec_private_key k;
    CHECK(pkc_ec_keygen_coords(&k, id, rng, co) == PKC_OK);
    EVP_PKEY *opriv = ossl_priv_from_pkc(&k), *opub = ossl_pub_from_pkc(&k.pub);
    CHECK_MSG(opriv && ossl_check(opriv, 1), "%s: OpenSSL rejects a pkc private key", ci->name);
    CHECK_MSG(opub && ossl_check(opub, 0), "%s: OpenSSL rejects a pkc public key", ci->name);
    if (!opriv || !opub)
        goto out;
    for (size_t h = 0; h < sizeof ecu_sig_hashes / sizeof ecu_sig_hashes[0]; h++) {
        pkc_hash_alg a = ecu_sig_hashes[h];
        const EVP_MD *md = tu_evp_md(a);
        uint8_t m[300], raw[PKC_ECDSA_MAX_RAW_SIZE], der[PKC_ECDSA_MAX_DER_SIZE];
        uint8_t osig[256];
        size_t ml = tu_rand64() % sizeof m, rawlen, derlen, osiglen = sizeof osig;
        tu_rand_bytes(m, ml);
        /* pkc -> OpenSSL (half with extra entropy) */
        CHECK(ecu_sign(&k, a, m, ml, (tu_rand64() & 1) ? rng : NULL, raw, sizeof raw,
                                &rawlen, co) == PKC_OK);
        CHECK(pkc_ecdsa_sig_to_der(id, raw, rawlen, der, sizeof der, &derlen) == PKC_OK);
        CHECK_MSG(ossl_verify(opub, md, m, ml, der, derlen) == 1,
                  "%s/%s: OpenSSL rejects a pkc signature", ci->name, pkc_hash_name(a));
        CHECK(pkc_verify_der(&k.pub, a, m, ml, der, derlen, co) == PKC_OK);
        low_s_twins(id, opub, md, m, ml, raw, rawlen);
        /* OpenSSL -> pkc */
        CHECK(ossl_sign(opriv, md, m, ml, osig, &osiglen));
        CHECK_MSG(pkc_verify_der(&k.pub, a, m, ml, osig, osiglen, co) == PKC_OK,
                  "%s/%s: pkc rejects an OpenSSL signature", ci->name, pkc_hash_name(a));
        /* DER round trip gives OpenSSL's bytes back */
        uint8_t raw2[PKC_ECDSA_MAX_RAW_SIZE], der2[PKC_ECDSA_MAX_DER_SIZE];
        size_t raw2len, der2len;
        CHECK(pkc_ecdsa_sig_from_der(id, osig, osiglen, raw2, sizeof raw2, &raw2len) == PKC_OK);
        CHECK(pkc_ecdsa_sig_to_der(id, raw2, raw2len, der2, sizeof der2, &der2len) == PKC_OK);
        CHECK(der2len == osiglen && !memcmp(der2, osig, osiglen));
        /* tampered: another message, both reject */
        if (ml) {
            m[0] ^= 1;
            CHECK(ossl_verify(opub, md, m, ml, der, derlen) != 1);
            CHECK(pkc_verify_der(&k.pub, a, m, ml, osig, osiglen, co) == PKC_ERR_VERIFY);
        }
    }
out:
    EVP_PKEY_free(opriv);
    EVP_PKEY_free(opub);
    pkc_ec_private_key_wipe(&k);
}

/* OpenSSL-generated keys load in pkc. */
static void ossl_key(pkc_curve_id id)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    EVP_PKEY *pk = EVP_PKEY_Q_keygen(NULL, NULL, "EC", ci->openssl_name);
    CHECK_MSG(pk != NULL, "OpenSSL cannot generate %s", ci->openssl_name);
    if (!pk)
        return;
    unsigned char *spki = NULL, *trad = NULL;
    int sl = i2d_PUBKEY(pk, &spki), tl = i2d_PrivateKey(pk, &trad);
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
    unsigned char *p8der = NULL;
    int pl = p8 ? i2d_PKCS8_PRIV_KEY_INFO(p8, &p8der) : -1;
    CHECK(sl > 0 && tl > 0 && pl > 0);
    pkc_ec_public_key q;
    pkc_ec_private_key k1, k2;
    CHECK(pkc_ec_public_key_from_der(&q, spki, (size_t)sl) == PKC_OK);
    CHECK_MSG(pkc_ec_private_key_from_der(&k1, trad, (size_t)tl) == PKC_OK,
              "%s: SEC 1 key from OpenSSL rejected", ci->name);
    CHECK_MSG(pkc_ec_private_key_from_der(&k2, p8der, (size_t)pl) == PKC_OK,
              "%s: PKCS#8 key from OpenSSL rejected", ci->name);
    CHECK(q.curve == id && k1.curve == id && k2.curve == id);
    CHECK(pkc_ec_public_key_equal(&q, &k1.pub) && pkc_ec_public_key_equal(&q, &k2.pub));
    /* and pkc writes OpenSSL's SPKI and PKCS#8 bytes */
    uint8_t *der;
    size_t dl;
    CHECK(pkc_ec_public_key_to_der(&q, 0, &der, &dl) == PKC_OK);
    CHECK(dl == (size_t)sl && !memcmp(der, spki, dl));
    pkc_secure_free(der, dl);
    CHECK(pkc_ec_private_key_to_der(&k2, PKC_EC_FORMAT_PKCS8, &der, &dl) == PKC_OK);
    CHECK_MSG(dl == (size_t)pl && !memcmp(der, p8der, dl), "%s: PKCS#8 bytes differ", ci->name);
    pkc_secure_free(der, dl);
    /* PEM written by OpenSSL */
    BIO *b = BIO_new(BIO_s_mem());
    CHECK(PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL) == 1);
    char *pem;
    long pemlen = BIO_get_mem_data(b, &pem);
    CHECK(pkc_ec_private_key_decode(&k1, (const uint8_t *)pem, (size_t)pemlen) == PKC_OK);
    CHECK(pkc_ec_public_key_equal(&q, &k1.pub));
    BIO_free(b);
    b = BIO_new(BIO_s_mem());
    CHECK(PEM_write_bio_PUBKEY(b, pk) == 1);
    pemlen = BIO_get_mem_data(b, &pem);
    pkc_ec_public_key q2;
    CHECK(pkc_ec_public_key_decode(&q2, (const uint8_t *)pem, (size_t)pemlen) == PKC_OK);
    CHECK(pkc_ec_public_key_equal(&q, &q2));
    BIO_free(b);
    OPENSSL_free(spki);
    OPENSSL_clear_free(trad, (size_t)tl);
    OPENSSL_clear_free(p8der, (size_t)pl);
    PKCS8_PRIV_KEY_INFO_free(p8);
    EVP_PKEY_free(pk);
    pkc_ec_private_key_wipe(&k1);
    pkc_ec_private_key_wipe(&k2);
}

/* An RSA key from OpenSSL is refused as "wrong key type". */
static void wrong_type(void)
{
    EVP_PKEY *rsa = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)1024);
    CHECK(rsa != NULL);
    if (!rsa)
        return;
    unsigned char *spki = NULL, *p1 = NULL, *p8der = NULL;
    int sl = i2d_PUBKEY(rsa, &spki), l1 = i2d_PrivateKey(rsa, &p1);
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(rsa);
    int pl = i2d_PKCS8_PRIV_KEY_INFO(p8, &p8der);
    pkc_ec_public_key q;
    pkc_ec_private_key k;
    CHECK(pkc_ec_public_key_from_der(&q, spki, (size_t)sl) == PKC_ERR_KEY);
    CHECK(pkc_ec_private_key_from_der(&k, p1, (size_t)l1) == PKC_ERR_KEY);
    CHECK(pkc_ec_private_key_from_der(&k, p8der, (size_t)pl) == PKC_ERR_KEY);
    OPENSSL_free(spki);
    OPENSSL_clear_free(p1, (size_t)l1);
    OPENSSL_clear_free(p8der, (size_t)pl);
    PKCS8_PRIV_KEY_INFO_free(p8);
    EVP_PKEY_free(rsa);
}
#endif

#ifdef PKC_HAVE_SECP256K1
static void libsecp(pkc_rng *rng, int iters)
{
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    int same = 0;
    for (int i = 0; i < iters; i++) {
        pkc_ec_private_key k;
        CHECK(pkc_ec_keygen_coords(&k, PKC_CURVE_SECP256K1, rng,
                               (i & 1) ? PKC_EC_AFFINE : PKC_EC_JACOBIAN) == PKC_OK);
        secp256k1_pubkey P, P2;
        uint8_t pt[65], pt2[65];
        size_t ptlen = 65;
        CHECK(pkc_ec_point_encode(&k.pub, 0, pt, sizeof pt, &ptlen) == PKC_OK);
        CHECK(secp256k1_ec_seckey_verify(ctx, k.d) == 1);
        CHECK(secp256k1_ec_pubkey_create(ctx, &P, k.d) == 1);
        CHECK(secp256k1_ec_pubkey_parse(ctx, &P2, pt, ptlen) == 1);
        size_t l2 = sizeof pt2;
        CHECK(secp256k1_ec_pubkey_serialize(ctx, pt2, &l2, &P, SECP256K1_EC_UNCOMPRESSED) == 1);
        CHECK(l2 == 65 && !memcmp(pt, pt2, 65));

        uint8_t m[100], h[32], raw[64], comp[64];
        size_t rawlen;
        tu_rand_bytes(m, sizeof m);
        pkc_hash(PKC_HASH_SHA256, m, sizeof m, h);
        CHECK(pkc_ecdsa_sign_digest(&k, PKC_HASH_SHA256, h, 32, NULL, raw, sizeof raw,
                                    &rawlen) == PKC_OK);
        secp256k1_ecdsa_signature sig, lsig;
        CHECK(secp256k1_ecdsa_signature_parse_compact(ctx, &sig, raw) == 1);
        /* libsecp256k1 verifies only low-s signatures */
        secp256k1_ecdsa_signature_normalize(ctx, &sig, &sig);
        CHECK_MSG(secp256k1_ecdsa_verify(ctx, &sig, h, &P) == 1,
                  "libsecp256k1 rejects a pkc signature");
        CHECK(secp256k1_ecdsa_sign(ctx, &lsig, h, k.d, NULL, NULL) == 1);
        CHECK(secp256k1_ecdsa_signature_serialize_compact(ctx, comp, &lsig) == 1);
        CHECK_MSG(pkc_ecdsa_verify_digest(&k.pub, h, 32, comp, 64) == PKC_OK,
                  "pkc rejects a libsecp256k1 signature");
        /* both use RFC 6979 with HMAC-SHA256: equal up to s -> n - s */
        uint8_t norm[64];
        CHECK(secp256k1_ecdsa_signature_serialize_compact(ctx, norm, &sig) == 1);
        same += !memcmp(norm, comp, 64);
        CHECK(pkc_ecdsa_sig_is_low_s(PKC_CURVE_SECP256K1, comp, 64) == 1);
        CHECK(pkc_ecdsa_sig_normalize_low_s(PKC_CURVE_SECP256K1, raw, 64) == PKC_OK);
        CHECK_MSG(!memcmp(raw, norm, 64), "low-s normalisation differs from libsecp256k1's");
        h[5] ^= 1;
        CHECK(secp256k1_ecdsa_verify(ctx, &sig, h, &P) == 0);
        CHECK(pkc_ecdsa_verify_digest(&k.pub, h, 32, comp, 64) == PKC_ERR_VERIFY);
        pkc_ec_private_key_wipe(&k);
    }
    CHECK_MSG(same == iters, "RFC 6979 signatures equal to libsecp256k1's: %d of %d", same,
              iters);
    secp256k1_context_destroy(ctx);
}
#endif

int main(void)
{
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) == PKC_OK);
    int iters = tu_iters(6);
#ifdef PKC_HAVE_OPENSSL
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        for (int t = 0; t < iters; t++)
            one_key((pkc_curve_id)i, &rng, t);
        ossl_key((pkc_curve_id)i);
        low_s_bounds((pkc_curve_id)i);
        low_s_key_api((pkc_curve_id)i, &rng);
    }
    wrong_type();
#else
    tu_skip_part("OpenSSL not found: the differential part");
#endif
#ifdef PKC_HAVE_SECP256K1
    libsecp(&rng, tu_iters(20));
#else
    tu_skip_part("libsecp256k1 not found: its part");
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("test_ecdsa_openssl");
}
