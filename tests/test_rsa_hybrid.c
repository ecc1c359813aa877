/* Hybrid RSA encryption (include/pkc/rsa_hybrid.h) with keys OpenSSL
 * generates (1024, 2048 and 3072 bits):
 *  - round trips of 0 .. 100000-byte messages, with the default and with
 *    SHA-1 / labelled OAEP parameters; the size is message + k + 16; two
 *    encryptions differ;
 *  - against OpenSSL: OpenSSL's OAEP decryption of W gives K || IV (44
 *    bytes), and OpenSSL's AES-256-GCM of the message with W as additional
 *    data gives exactly pkc's C and T; and the other way round, a
 *    ciphertext OpenSSL builds decrypts with pkc;
 *  - tampering: a changed byte of W, C or T, truncation, another key, other
 *    OAEP parameters, a public key for decryption, a small buffer are
 *    errors, and the output is zeroed. */
#include <stdlib.h>
#include <string.h>

#include "pkc/key.h"
#include "pkc/rng.h"
#include "pkc/rsa_hybrid.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/rsa.h>

static EVP_PKEY_CTX *oaep_ctx(EVP_PKEY *pk, int enc)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pk, NULL);
    if (c && (enc ? EVP_PKEY_encrypt_init(c) : EVP_PKEY_decrypt_init(c)) == 1 &&
        EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_OAEP_PADDING) == 1 &&
        EVP_PKEY_CTX_set_rsa_oaep_md(c, EVP_sha256()) == 1 &&
        EVP_PKEY_CTX_set_rsa_mgf1_md(c, EVP_sha256()) == 1)
        return c;
    EVP_PKEY_CTX_free(c);
    return NULL;
}

/* OpenSSL unwraps W and re-encrypts msg: the same C and T */
static int ossl_agrees(EVP_PKEY *pk, size_t k, const uint8_t *msg, size_t len, const uint8_t *ct)
{
    EVP_PKEY_CTX *c = oaep_ctx(pk, 0);
    uint8_t kiv[512], tag[16], *enc = malloc(len + 1);
    size_t kl = sizeof kiv;
    int ok = c && enc && EVP_PKEY_decrypt(c, kiv, &kl, ct, k) == 1 && kl == 44 &&
             tu_ossl_gcm_encrypt(kiv, 32, kiv + 32, 12, ct, k, msg, len, enc, tag) &&
             memcmp(enc, ct + k, len) == 0 && memcmp(tag, ct + k + len, 16) == 0;
    EVP_PKEY_CTX_free(c);
    free(enc);
    return ok;
}

/* OpenSSL builds a ciphertext of msg: W || C || T */
static int ossl_encrypt(EVP_PKEY *pk, size_t k, const uint8_t *msg, size_t len, uint8_t *ct)
{
    EVP_PKEY_CTX *c = oaep_ctx(pk, 1);
    uint8_t kiv[44];
    size_t wl = k;
    tu_rand_bytes(kiv, sizeof kiv);
    int ok = c && EVP_PKEY_encrypt(c, ct, &wl, kiv, sizeof kiv) == 1 && wl == k &&
             tu_ossl_gcm_encrypt(kiv, 32, kiv + 32, 12, ct, k, msg, len, ct + k, ct + k + len);
    EVP_PKEY_CTX_free(c);
    return ok;
}

static pkc_key *from_ossl(EVP_PKEY *pk)
{
    unsigned char *der = NULL;
    int len = i2d_PrivateKey(pk, &der);
    pkc_key *k = NULL;
    CHECK(len > 0 && pkc_key_parse(der, (size_t)len, &k) == PKC_OK);
    OPENSSL_free(der);
    return k;
}

static void test_size(unsigned bits, pkc_rng *rng)
{
    static const size_t lens[] = {0, 1, 16, 43, 190, 191, 1000, 100000};
    EVP_PKEY *pk = EVP_RSA_gen(bits), *pk2 = EVP_RSA_gen(bits);
    pkc_key *key = from_ossl(pk), *key2 = from_ossl(pk2);
    const pkc_rsa_key *rsa = pkc_key_rsa(key), *rsa2 = pkc_key_rsa(key2);
    pkc_rsa_key *pub = NULL;
    CHECK(pkc_rsa_key_public(rsa, &pub) == PKC_OK);
    size_t k = pkc_rsa_size(rsa), max = 100000 + k + 16;
    uint8_t *msg = malloc(max), *ct = malloc(max), *ct2 = malloc(max), *pt = malloc(max);
    CHECK(pkc_rsa_hybrid_overhead(rsa) == k + 16);
    uint8_t label[5] = {'l', 'a', 'b', 'e', 'l'};
    pkc_rsa_oaep_params sha1 = {PKC_HASH_SHA1, 0, label, sizeof label};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li], ctlen = 0, ptlen = 0;
        tu_rand_bytes(msg, len);
        CHECK(pkc_rsa_hybrid_encrypt(pub, rng, NULL, msg, len, ct, max, &ctlen) == PKC_OK);
        CHECK(ctlen == len + k + 16);
        memset(pt, 0xaa, len + 1);
        CHECK_MSG(pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct, ctlen, pt, max, &ptlen) == PKC_OK &&
                      ptlen == len && memcmp(pt, msg, len) == 0,
                  "RSA-%u: round trip of %zu bytes", bits, len);
        CHECK_MSG(ossl_agrees(pk, k, msg, len, ct), "RSA-%u, %zu bytes: OpenSSL differs", bits,
                  len);
        CHECK(ossl_encrypt(pk, k, msg, len, ct2));
        CHECK_MSG(pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct2, ctlen, pt, max, &ptlen) == PKC_OK &&
                      ptlen == len && memcmp(pt, msg, len) == 0,
                  "RSA-%u, %zu bytes: OpenSSL's ciphertext does not decrypt", bits, len);
        /* other parameters */
        CHECK(pkc_rsa_hybrid_encrypt(rsa, rng, &sha1, msg, len, ct2, max, &ctlen) == PKC_OK);
        CHECK(pkc_rsa_hybrid_decrypt(rsa, rng, &sha1, ct2, ctlen, pt, max, &ptlen) == PKC_OK &&
              ptlen == len && memcmp(pt, msg, len) == 0);
        CHECK(pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct2, ctlen, pt, max, &ptlen) ==
              PKC_ERR_DECRYPT);
        CHECK(memcmp(ct, ct2, ctlen) != 0);
    }
    /* tampering a 100-byte message's ciphertext: W, C, T */
    size_t len = 100, ctlen = 0, ptlen = 0;
    tu_rand_bytes(msg, len);
    CHECK(pkc_rsa_hybrid_encrypt(rsa, rng, NULL, msg, len, ct, max, &ctlen) == PKC_OK);
    int accepted = 0, notzero = 0;
    for (size_t i = 0; i < ctlen; i += 1 + (i < k ? 9 : 0)) {
        memcpy(ct2, ct, ctlen);
        ct2[i] ^= (uint8_t)(1u << (tu_rand64() % 8));
        memset(pt, 0xaa, len);
        pkc_err e = pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct2, ctlen, pt, max, &ptlen);
        accepted += e != PKC_ERR_DECRYPT;
        notzero += pt[0] != 0 || pt[len - 1] != 0;
    }
    CHECK_MSG(accepted == 0 && notzero == 0, "RSA-%u: %d changes accepted, %d outputs not zeroed",
              bits, accepted, notzero);
    CHECK(pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct, k + 15, pt, max, &ptlen) == PKC_ERR_DECODE);
    CHECK(pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct, ctlen - 1, pt, max, &ptlen) ==
          PKC_ERR_DECRYPT);
    CHECK(pkc_rsa_hybrid_decrypt(rsa2, rng, NULL, ct, ctlen, pt, max, &ptlen) == PKC_ERR_DECRYPT);
    CHECK(pkc_rsa_hybrid_decrypt(pub, rng, NULL, ct, ctlen, pt, max, &ptlen) != PKC_OK);
    CHECK(pkc_rsa_hybrid_decrypt(rsa, rng, NULL, ct, ctlen, pt, len - 1, &ptlen) ==
          PKC_ERR_BUFSIZE);
    CHECK(pkc_rsa_hybrid_encrypt(rsa, rng, NULL, msg, len, ct2, ctlen - 1, &ptlen) ==
          PKC_ERR_BUFSIZE);
    CHECK(pkc_rsa_hybrid_encrypt(rsa, NULL, NULL, msg, len, ct2, max, &ptlen) == PKC_ERR_ARG);
    CHECK(pkc_rsa_hybrid_encrypt(NULL, rng, NULL, msg, len, ct2, max, &ptlen) == PKC_ERR_ARG);
    free(msg);
    free(ct);
    free(ct2);
    free(pt);
    pkc_rsa_key_free(pub);
    pkc_key_free(key);
    pkc_key_free(key2);
    EVP_PKEY_free(pk);
    EVP_PKEY_free(pk2);
}
#endif

int main(void)
{
    uint64_t seed = tu_seed();
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
#ifdef PKC_HAVE_OPENSSL
    test_size(1024, &rng);
    test_size(2048, &rng);
    test_size(3072, &rng);
#else
    tu_skip_part("OpenSSL not found: hybrid RSA needs its keys and its recomputation");
#endif
    pkc_rng_wipe(&rng);
    return tu_finish("test_rsa_hybrid");
}
