/* RSA differential test against OpenSSL 3 libcrypto (EVP), 1024 to 4096
 * bits: keys pkc generates load in OpenSSL and pass EVP_PKEY_check; keys
 * OpenSSL generates load in pkc (PKCS#1 DER, PKCS#8 PEM, SPKI DER);
 * PKCS#1 v1.5 signatures are byte-identical and verify both ways; PSS
 * signatures verify both ways (OpenSSL's maximal salt through
 * PKC_RSA_SALT_AUTO); OAEP ciphertexts (several hashes, with and without a
 * label) decrypt both ways; the textbook private operation agrees with the
 * CRT one. Random messages; PKC_TEST_ITERS multiplies the iterations. */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/key.h"
#include "pkc/rsa.h"
#include "testutil.h"

#ifndef PKC_HAVE_OPENSSL
int main(void)
{
    /* Nothing was compared, so this must not pass: skipped (77, which
     * CTest shows as such), and a failure under CI. */
    if (getenv("CI")) {
        printf("test_rsa_openssl: FAIL: built without OpenSSL (CI is set)\n");
        return 1;
    }
    printf("test_rsa_openssl: SKIPPED (built without OpenSSL; scripts/deps.sh installs it)\n");
    return 77;
}
#else
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

/* pad: RSA_PKCS1_PADDING or RSA_PKCS1_PSS_PADDING; saltlen for PSS. */
static int ossl_sign(EVP_PKEY *pk, pkc_hash_alg h, int pad, int saltlen, const uint8_t *msg,
                     size_t len, uint8_t *sig, size_t *siglen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    int ok = EVP_DigestSignInit(ctx, &pctx, tu_evp_md(h), NULL, pk) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(pctx, pad) == 1 &&
             (pad != RSA_PKCS1_PSS_PADDING || EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, saltlen) == 1) &&
             EVP_DigestSign(ctx, sig, siglen, msg, len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

static int ossl_verify(EVP_PKEY *pk, pkc_hash_alg h, int pad, int saltlen, const uint8_t *msg,
                       size_t len, const uint8_t *sig, size_t siglen)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    int ok = EVP_DigestVerifyInit(ctx, &pctx, tu_evp_md(h), NULL, pk) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(pctx, pad) == 1 &&
             (pad != RSA_PKCS1_PSS_PADDING || EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, saltlen) == 1) &&
             EVP_DigestVerify(ctx, sig, siglen, msg, len) == 1;
    EVP_MD_CTX_free(ctx);
    ERR_clear_error();
    return ok;
}

static int ossl_oaep(EVP_PKEY *pk, int enc, pkc_hash_alg h, const uint8_t *label, size_t labellen,
                     const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    int ok = c && (enc ? EVP_PKEY_encrypt_init(c) : EVP_PKEY_decrypt_init(c)) == 1 &&
             EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_OAEP_PADDING) == 1 &&
             EVP_PKEY_CTX_set_rsa_oaep_md(c, tu_evp_md(h)) == 1 &&
             EVP_PKEY_CTX_set_rsa_mgf1_md(c, tu_evp_md(h)) == 1;
    if (ok && labellen) {
        void *l = OPENSSL_memdup(label, labellen);
        ok = EVP_PKEY_CTX_set0_rsa_oaep_label(c, l, (int)labellen) == 1;
    }
    if (ok)
        ok = (enc ? EVP_PKEY_encrypt(c, out, outlen, in, inlen)
                  : EVP_PKEY_decrypt(c, out, outlen, in, inlen)) == 1;
    EVP_PKEY_CTX_free(c);
    ERR_clear_error();
    return ok;
}

static EVP_PKEY *to_ossl_private(const pkc_key *k)
{
    uint8_t *der;
    size_t len;
    if (pkc_key_private_to_der(k, &der, &len) != PKC_OK)
        return NULL;
    const unsigned char *p = der;
    EVP_PKEY *pk = d2i_AutoPrivateKey(NULL, &p, (long)len);
    pkc_secure_free(der, len);
    return pk;
}

static EVP_PKEY *to_ossl_public(const pkc_key *k)
{
    uint8_t *der;
    size_t len;
    if (pkc_key_public_to_der(k, &der, &len) != PKC_OK)
        return NULL;
    const unsigned char *p = der;
    EVP_PKEY *pk = d2i_PUBKEY(NULL, &p, (long)len);
    pkc_secure_free(der, len);
    return pk;
}

/* OpenSSL key -> pkc, through the three encodings in turn. */
static pkc_key *from_ossl(EVP_PKEY *pk, int how)
{
    unsigned char *der = NULL;
    int len = 0;
    pkc_key *k = NULL;
    if (how == 0) {
        len = i2d_PrivateKey(pk, &der); /* PKCS#1 RSAPrivateKey */
    } else if (how == 1) {
        BIO *b = BIO_new(BIO_s_mem());
        PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL); /* PKCS#8 PEM */
        char *data;
        long n = BIO_get_mem_data(b, &data);
        pkc_err err = pkc_key_parse((const uint8_t *)data, (size_t)n, &k);
        CHECK_MSG(err == PKC_OK, "parse OpenSSL PKCS#8 PEM: %d", err);
        BIO_free(b);
        return k;
    } else {
        len = i2d_PUBKEY(pk, &der);
    }
    CHECK(len > 0);
    pkc_err err = pkc_key_parse(der, (size_t)len, &k);
    CHECK_MSG(err == PKC_OK, "parse OpenSSL DER (%d): %d", how, err);
    OPENSSL_free(der);
    return k;
}

static void exercise(pkc_key *priv, EVP_PKEY *opriv, EVP_PKEY *opub, pkc_key *pub, int iters,
                     pkc_rng *rng)
{
    const pkc_rsa_key *rk = pkc_key_rsa(priv);
    size_t k = pkc_rsa_size(rk);
    uint8_t *sig = malloc(k), *sig2 = malloc(k), *ct = malloc(k), *pt = malloc(k);
    uint8_t msg[600], digest[64];
    static const pkc_hash_alg hs[] = {PKC_HASH_SHA256, PKC_HASH_SHA384, PKC_HASH_SHA512,
                                      PKC_HASH_SHA224};
    for (int it = 0; it < iters; it++) {
        pkc_hash_alg h = hs[it % 4];
        /* PSS with SHA-512 and a 64-byte salt needs emLen >= 130 */
        if (k < 2 * 64 + 3 && h == PKC_HASH_SHA512)
            h = PKC_HASH_SHA256;
        size_t hlen = pkc_hash_size(h);
        size_t mlen = (size_t)(tu_rand64() % 300);
        tu_rand_bytes(msg, mlen);
        pkc_hash(h, msg, mlen, digest);
        size_t siglen = 0, siglen2 = k;
        pkc_sign_params sp;
        pkc_sign_params_init(&sp);
        sp.hash = h;

        /* PKCS#1 v1.5: identical signatures, verified both ways. */
        CHECK(pkc_key_sign_digest(priv, rng, &sp, digest, hlen, sig, k, &siglen) == PKC_OK);
        CHECK(ossl_sign(opriv, h, RSA_PKCS1_PADDING, 0, msg, mlen, sig2, &siglen2));
        CHECK(siglen == k && siglen2 == k);
        CHECK_EQ_BYTES(sig, sig2, k);
        CHECK(ossl_verify(opub, h, RSA_PKCS1_PADDING, 0, msg, mlen, sig, siglen));
        CHECK(pkc_key_verify_digest(pub, &sp, digest, hlen, sig2, siglen2) == PKC_OK);
        /* the textbook private operation gives the same signature */
        CHECK(pkc_rsa_pkcs1_sign(rk, rng, PKC_RSA_MODE_TEXTBOOK_UNSAFE, h, digest, hlen, sig2, k,
                                 &siglen2) == PKC_OK);
        CHECK_EQ_BYTES(sig, sig2, k);
        /* a flipped bit fails on both sides */
        sig[tu_rand64() % k] ^= (uint8_t)(1u << (tu_rand64() % 8));
        CHECK(!ossl_verify(opub, h, RSA_PKCS1_PADDING, 0, msg, mlen, sig, siglen));
        {
            /* a flip in the top bits may push the value to n or above */
            pkc_err ev = pkc_key_verify_digest(pub, &sp, digest, hlen, sig, siglen);
            CHECK(ev == PKC_ERR_VERIFY || ev == PKC_ERR_RANGE);
        }

        /* PSS: pkc (salt = hLen) -> OpenSSL; OpenSSL (max salt) -> pkc (auto),
         * OpenSSL (salt = hLen) -> pkc (hLen). */
        sp.pss = 1;
        CHECK(pkc_key_sign_digest(priv, rng, &sp, digest, hlen, sig, k, &siglen) == PKC_OK);
        CHECK(ossl_verify(opub, h, RSA_PKCS1_PSS_PADDING, RSA_PSS_SALTLEN_DIGEST, msg, mlen, sig,
                          siglen));
        CHECK(pkc_key_verify_digest(pub, &sp, digest, hlen, sig, siglen) == PKC_OK);
        siglen2 = k;
        CHECK(ossl_sign(opriv, h, RSA_PKCS1_PSS_PADDING, RSA_PSS_SALTLEN_MAX, msg, mlen, sig2,
                        &siglen2));
        sp.saltlen = PKC_RSA_SALT_AUTO;
        CHECK(pkc_key_verify_digest(pub, &sp, digest, hlen, sig2, siglen2) == PKC_OK);
        sp.saltlen = PKC_RSA_SALT_HASHLEN;
        CHECK(pkc_key_verify_digest(pub, &sp, digest, hlen, sig2, siglen2) == PKC_ERR_VERIFY);
        siglen2 = k;
        CHECK(ossl_sign(opriv, h, RSA_PKCS1_PSS_PADDING, RSA_PSS_SALTLEN_DIGEST, msg, mlen, sig2,
                        &siglen2));
        CHECK(pkc_key_verify_digest(pub, &sp, digest, hlen, sig2, siglen2) == PKC_OK);
        digest[0] ^= 1;
        CHECK(pkc_key_verify_digest(pub, &sp, digest, hlen, sig2, siglen2) == PKC_ERR_VERIFY);
        /* PSS with the largest salt from pkc, textbook mode */
        CHECK(pkc_rsa_pss_sign(rk, rng, PKC_RSA_MODE_TEXTBOOK_UNSAFE, h, PKC_RSA_SALT_MAX, digest, hlen,
                               sig, k, &siglen) == PKC_OK);
        CHECK(!ossl_verify(opub, h, RSA_PKCS1_PSS_PADDING, RSA_PSS_SALTLEN_AUTO, msg, mlen, sig,
                           siglen)); /* digest was altered above */
        digest[0] ^= 1;
        CHECK(pkc_rsa_pss_sign(rk, rng, PKC_RSA_MODE_TEXTBOOK_UNSAFE, h, PKC_RSA_SALT_MAX, digest, hlen,
                               sig, k, &siglen) == PKC_OK);
        CHECK(ossl_verify(opub, h, RSA_PKCS1_PSS_PADDING, RSA_PSS_SALTLEN_AUTO, msg, mlen, sig,
                          siglen));

        /* OAEP both ways; SHA-1 too (the common OpenSSL default), labels. */
        pkc_hash_alg oh = (it % 5 == 4) ? PKC_HASH_SHA1 : h;
        size_t ohlen = pkc_hash_size(oh);
        size_t maxm = k - 2 * ohlen - 2;
        size_t plen = (size_t)(tu_rand64() % (maxm + 1));
        uint8_t label[16];
        size_t labellen = (it % 3 == 0) ? sizeof label : 0;
        tu_rand_bytes(label, sizeof label);
        tu_rand_bytes(msg, plen);
        pkc_rsa_oaep_params op = {oh, oh, labellen ? label : NULL, labellen};
        size_t ctlen = 0, ptlen = 0;
        CHECK(pkc_key_encrypt(pub, rng, &op, msg, plen, ct, k, &ctlen) == PKC_OK);
        ptlen = k;
        CHECK(ossl_oaep(opriv, 0, oh, label, labellen, ct, ctlen, pt, &ptlen));
        CHECK(ptlen == plen && memcmp(pt, msg, plen) == 0);
        ctlen = k;
        CHECK(ossl_oaep(opub, 1, oh, label, labellen, msg, plen, ct, &ctlen));
        ptlen = 0;
        CHECK(pkc_key_decrypt(priv, rng, &op, ct, ctlen, pt, k, &ptlen) == PKC_OK);
        CHECK(ptlen == plen && memcmp(pt, msg, plen) == 0);
        CHECK(pkc_rsa_oaep_decrypt(rk, NULL, PKC_RSA_MODE_TEXTBOOK_UNSAFE, &op, ct, ctlen, pt, k,
                                   &ptlen) == PKC_OK);
        CHECK(ptlen == plen && memcmp(pt, msg, plen) == 0);
        ct[tu_rand64() % k] ^= 0x10;
        CHECK(pkc_key_decrypt(priv, rng, &op, ct, ctlen, pt, k, &ptlen) == PKC_ERR_DECRYPT);
        /* the wrong label */
        op.labellen = labellen ? 0 : 1;
        op.label = label;
        ct[0] = 0;
        ctlen = k;
        CHECK(ossl_oaep(opub, 1, oh, label, labellen, msg, plen, ct, &ctlen));
        CHECK(pkc_key_decrypt(priv, rng, &op, ct, ctlen, pt, k, &ptlen) == PKC_ERR_DECRYPT);
    }
    free(sig);
    free(sig2);
    free(ct);
    free(pt);
}

int main(void)
{
    tu_seed();
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_rand64()) == PKC_OK);
    static const struct { unsigned bits; int iters; } sizes[] = {
        {1024, 40}, {2048, 16}, {3072, 6}, {4096, 4}};
    for (size_t si = 0; si < 4; si++) {
        unsigned bits = sizes[si].bits;
        int iters = tu_iters(sizes[si].iters);

        /* pkc key -> OpenSSL: loads, passes EVP_PKEY_check. */
        pkc_key *pk = NULL, *pkpub = NULL;
        pkc_err err = pkc_key_generate_rsa(&pk, bits, 65537, &rng);
        CHECK_MSG(err == PKC_OK, "keygen %u: %d", bits, err);
        if (!pk)
            continue;
        EVP_PKEY *o = to_ossl_private(pk), *opub = to_ossl_public(pk);
        CHECK_MSG(o != NULL && opub != NULL, "OpenSSL does not load the pkc %u-bit key", bits);
        if (o) {
            EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(o, NULL);
            CHECK_MSG(EVP_PKEY_check(c) == 1, "EVP_PKEY_check fails on the pkc %u-bit key", bits);
            CHECK(EVP_PKEY_get_bits(o) == (int)bits);
            EVP_PKEY_CTX_free(c);
        }
        /* the public key read back through SPKI PEM */
        char *pem;
        size_t pemlen;
        CHECK(pkc_key_public_to_pem(pk, &pem, &pemlen) == PKC_OK);
        CHECK(pkc_key_parse((const uint8_t *)pem, pemlen, &pkpub) == PKC_OK);
        pkc_secure_free(pem, pemlen);
        if (o && opub && pkpub)
            exercise(pk, o, opub, pkpub, iters, &rng);
        EVP_PKEY_free(o);
        EVP_PKEY_free(opub);
        pkc_key_free(pk);
        pkc_key_free(pkpub);

        /* OpenSSL key -> pkc. */
        EVP_PKEY *ok = EVP_RSA_gen(bits);
        CHECK(ok != NULL);
        if (!ok)
            continue;
        pkc_key *k1 = from_ossl(ok, si % 2), *k2 = from_ossl(ok, 2);
        CHECK(k1 && pkc_key_is_private(k1) && k2 && !pkc_key_is_private(k2));
        if (k1 && k2)
            exercise(k1, ok, ok, k2, iters, &rng);
        /* pkc writes back what it read, byte for byte (SPKI). */
        if (k2) {
            uint8_t *der;
            size_t len;
            unsigned char *oder = NULL;
            int olen = i2d_PUBKEY(ok, &oder);
            CHECK(pkc_key_public_to_der(k2, &der, &len) == PKC_OK);
            CHECK(olen > 0 && (size_t)olen == len && memcmp(der, oder, len) == 0);
            pkc_secure_free(der, len);
            OPENSSL_free(oder);
        }
        pkc_key_free(k1);
        pkc_key_free(k2);
        EVP_PKEY_free(ok);
    }
    pkc_rng_wipe(&rng);
    return tu_finish("test_rsa_openssl");
}
#endif
