/* PBKDF2 and password-encrypted PKCS#8 keys:
 *  - PBKDF2-HMAC-SHA-1 on the RFC 6070 file (the 2^24-iteration case only
 *    with PKC_TEST_ITERS >= 10), and against OpenSSL's PKCS5_PBKDF2_HMAC
 *    for SHA-1/224/256/384/512 on random inputs;
 *  - keys OpenSSL encrypts (RSA, P-256, sect283k1; PBES2 with each PRF and
 *    AES-128/192/256-CBC, PEM and DER) read with the password as the same
 *    key; a wrong password is PKC_ERR_DECRYPT; a key in clear ignores it;
 *  - keys pkc encrypts read back by OpenSSL (PEM_read_bio_PrivateKey with
 *    the password, d2i_PKCS8PrivateKey_bio) and by pkc;
 *  - PBES1 (SHA-1 + 3DES), PBES2 with DES-EDE3-CBC, scrypt and more than
 *    10^7 iterations are PKC_ERR_UNSUPPORTED; malformed parameters
 *    PKC_ERR_DECODE; a changed ciphertext never gives another key. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding/pkcs8_crypt.h"
#include "pkc/der.h"
#include "pkc/hmac.h"
#include "pkc/key.h"
#include "pkc/rng.h"
#include "testutil.h"

#ifdef PKC_HAVE_OPENSSL
#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pkcs12.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#endif

static void test_rfc6070(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "KDF/rfc-6070-PBKDF2-SHA1.txt"))
        return;
    char pass[128] = "", salt[128] = "";
    size_t pl = 0, sl = 0;
    long iters = 0, len = 0;
    int count = 0;
    while (tu_kv_next(&kv)) {
        if (kv.is_section || !kv.value)
            continue;
        if (strcmp(kv.key, "PASSWORD") == 0 || strcmp(kv.key, "SALT") == 0) {
            /* "\0" stands for a NUL byte */
            char *dst = kv.key[0] == 'P' ? pass : salt;
            size_t n = 0;
            for (const char *c = kv.value; *c && n < 127; c++)
                if (c[0] == '\\' && c[1] == '0') {
                    dst[n++] = 0;
                    c++;
                } else {
                    dst[n++] = *c;
                }
            *(kv.key[0] == 'P' ? &pl : &sl) = n;
        } else if (strcmp(kv.key, "ITERATIONS") == 0) {
            iters = strtol(kv.value, NULL, 10);
        } else if (strcmp(kv.key, "LENGTH") == 0) {
            len = strtol(kv.value, NULL, 10);
        } else if (strcmp(kv.key, "DERIVED_KEY") == 0) {
            size_t n = 0;
            uint8_t *want = tu_unhex(kv.value, &n), got[64];
            if (iters > 100000 && tu_iters(1) < 10) {
                printf("RFC 6070: the %ld-iteration case skipped (PKC_TEST_ITERS >= 10 runs it)\n",
                       iters);
            } else if (CHECK(want && (size_t)len == n && n <= sizeof got)) {
                CHECK(pkc_pbkdf2_hmac(PKC_HASH_SHA1, (const uint8_t *)pass, pl,
                                      (const uint8_t *)salt, sl, (uint32_t)iters, got,
                                      n) == PKC_OK);
                CHECK_MSG(memcmp(got, want, n) == 0, "RFC 6070 line %d differs", kv.lineno);
                count++;
            }
            free(want);
        }
    }
    tu_kv_close(&kv);
    CHECK_MSG(count >= 5, "RFC 6070: %d vectors", count);
    uint8_t o[32];
    CHECK(pkc_pbkdf2_hmac(PKC_HASH_SHA256, (const uint8_t *)"p", 1, NULL, 0, 0, o, 32) ==
          PKC_ERR_ARG);
    CHECK(pkc_pbkdf2_hmac((pkc_hash_alg)0, (const uint8_t *)"p", 1, NULL, 0, 1, o, 32) ==
          PKC_ERR_ARG);
    CHECK(pkc_pbkdf2_hmac(PKC_HASH_SHA256, NULL, 1, NULL, 0, 1, o, 32) == PKC_ERR_ARG);
}

/* a hand-made EncryptedPrivateKeyInfo with PBES2/PBKDF2-SHA-256/AES-256 and
 * this iteration count, over 32 bytes of junk */
static uint8_t *make_epki(uint64_t iterations, size_t *len)
{
    static const uint8_t junk[32] = {1};
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t top = pkc_der_open(&w, PKC_DER_SEQUENCE), alg = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, "1.2.840.113549.1.5.13");
    size_t params = pkc_der_open(&w, PKC_DER_SEQUENCE), kdf = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, "1.2.840.113549.1.5.12");
    size_t kp = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_octet_string(&w, junk, 16);
    pkc_der_put_u64(&w, iterations);
    size_t prf = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, "1.2.840.113549.2.9");
    pkc_der_put_null(&w);
    pkc_der_close(&w, prf);
    pkc_der_close(&w, kp);
    pkc_der_close(&w, kdf);
    size_t enc = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, "2.16.840.1.101.3.4.1.42");
    pkc_der_put_octet_string(&w, junk, 16);
    pkc_der_close(&w, enc);
    pkc_der_close(&w, params);
    pkc_der_close(&w, alg);
    pkc_der_put_octet_string(&w, junk, sizeof junk);
    pkc_der_close(&w, top);
    uint8_t *der = NULL;
    CHECK(pkc_der_writer_finish(&w, &der, len) == PKC_OK);
    return der;
}

static void test_limits(void)
{
    size_t len = 0;
    pkc_key *k = NULL;
    uint8_t *der = make_epki(PKC_PKCS8_MAX_ITERATIONS + 1, &len);
    CHECK(pkc_key_parse_password(der, len, (const uint8_t *)"pw", 2, &k, NULL) ==
          PKC_ERR_UNSUPPORTED);
    pkc_secure_free(der, len);
    der = make_epki(0, &len);
    CHECK(pkc_key_parse_password(der, len, (const uint8_t *)"pw", 2, &k, NULL) == PKC_ERR_DECODE);
    pkc_secure_free(der, len);
    /* junk that decrypts to no key: a wrong password, whatever the padding */
    der = make_epki(10, &len);
    CHECK(pkc_key_parse_password(der, len, (const uint8_t *)"pw", 2, &k, NULL) ==
          PKC_ERR_DECRYPT);
    CHECK(k == NULL);
    /* without a password API: the old answer */
    CHECK(pkc_key_parse(der, len, &k) == PKC_ERR_UNSUPPORTED);
    pkc_secure_free(der, len);
}

#ifdef PKC_HAVE_OPENSSL
static void test_pbkdf2_openssl(void)
{
    static const pkc_hash_alg algs[] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                        PKC_HASH_SHA384, PKC_HASH_SHA512};
    uint8_t pass[100], salt[40], a[200], b[200];
    int bad = 0, iters = tu_iters(40);
    for (int i = 0; i < iters; i++) {
        pkc_hash_alg alg = algs[i % 5];
        size_t pl = (size_t)(tu_rand64() % sizeof pass), sl = (size_t)(tu_rand64() % sizeof salt);
        size_t ol = 1 + (size_t)(tu_rand64() % sizeof a);
        uint32_t it = 1 + (uint32_t)(tu_rand64() % 300);
        tu_rand_bytes(pass, pl);
        tu_rand_bytes(salt, sl);
        CHECK(pkc_pbkdf2_hmac(alg, pass, pl, salt, sl, it, a, ol) == PKC_OK);
        CHECK(PKCS5_PBKDF2_HMAC((const char *)pass, (int)pl, salt, (int)sl, (int)it,
                                tu_evp_md(alg), (int)ol, b) == 1);
        bad += memcmp(a, b, ol) != 0;
    }
    CHECK_MSG(bad == 0, "%d PBKDF2 outputs differ from OpenSSL", bad);
}

/* pkc's PKCS#8 (clear) DER of a key, to compare keys */
static uint8_t *clear_der(const pkc_key *k, size_t *len)
{
    uint8_t *der = NULL;
    CHECK(pkc_key_private_to_der(k, &der, len) == PKC_OK);
    return der;
}

static int same_key(const pkc_key *a, EVP_PKEY *pk)
{
    unsigned char *od = NULL;
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
    int ol = p8 ? i2d_PKCS8_PRIV_KEY_INFO(p8, &od) : -1;
    size_t pl = 0;
    uint8_t *pd = clear_der(a, &pl);
    /* compare as keys: pkc re-encodes OpenSSL's key and the bytes agree */
    pkc_key *b = NULL;
    int ok = ol > 0 && pkc_key_parse(od, (size_t)ol, &b) == PKC_OK;
    size_t bl = 0;
    uint8_t *bd = ok ? clear_der(b, &bl) : NULL;
    ok = ok && bl == pl && memcmp(bd, pd, pl) == 0;
    pkc_secure_free(pd, pl);
    pkc_secure_free(bd, bl);
    pkc_key_free(b);
    OPENSSL_free(od);
    PKCS8_PRIV_KEY_INFO_free(p8);
    return ok;
}

static void one_key(EVP_PKEY *pk, const char *what, pkc_rng *rng)
{
    static const char pw[] = "correct horse";
    static const struct {
        int prf;
        const char *cipher;
    } schemes[] = {{NID_hmacWithSHA256, "aes-256-cbc"}, {NID_hmacWithSHA1, "aes-128-cbc"},
                   {NID_hmacWithSHA512, "aes-192-cbc"}, {NID_hmacWithSHA384, "aes-256-cbc"},
                   {NID_hmacWithSHA224, "aes-128-cbc"}};
    for (size_t s = 0; s < sizeof schemes / sizeof schemes[0]; s++) {
        const EVP_CIPHER *c = EVP_get_cipherbyname(schemes[s].cipher);
        X509_ALGOR *alg = PKCS5_pbe2_set_iv(c, 2048, NULL, 0, NULL, schemes[s].prf);
        PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
        X509_SIG *enc = alg && p8 ? PKCS8_set0_pbe(pw, (int)strlen(pw), p8, alg) : NULL;
        unsigned char *der = NULL;
        int dl = enc ? i2d_X509_SIG(enc, &der) : -1;
        CHECK_MSG(dl > 0, "%s: OpenSSL could not encrypt with %s", what, schemes[s].cipher);
        if (dl <= 0) {
            X509_ALGOR_free(alg);
            PKCS8_PRIV_KEY_INFO_free(p8);
            continue;
        }
        pkc_key *k = NULL;
        pkc_key_info info;
        pkc_err e = pkc_key_parse_password(der, (size_t)dl, (const uint8_t *)pw, strlen(pw), &k,
                                           &info);
        CHECK_MSG(e == PKC_OK, "%s, scheme %zu: %s", what, s, pkc_strerror(e));
        CHECK_MSG(e != PKC_OK || same_key(k, pk), "%s, scheme %zu: another key", what, s);
        CHECK(e != PKC_OK || (info.encryption && strcmp(info.encryption, "PBES2") == 0 &&
                              info.is_private && info.algorithm));
        pkc_key_free(k);
        k = NULL;
        CHECK(pkc_key_parse_password(der, (size_t)dl, (const uint8_t *)"wrong", 5, &k, NULL) ==
              PKC_ERR_DECRYPT);
        CHECK(k == NULL);
        /* a changed ciphertext byte (the last block: padding or content) */
        der[dl - 1 - (int)(tu_rand64() % 16)] ^= 0x40;
        e = pkc_key_parse_password(der, (size_t)dl, (const uint8_t *)pw, strlen(pw), &k, NULL);
        CHECK_MSG(e == PKC_ERR_DECRYPT || e == PKC_ERR_DECODE || e == PKC_ERR_KEY,
                  "%s: a changed ciphertext gave %s", what, pkc_strerror(e));
        pkc_key_free(k);
        OPENSSL_free(der);
        X509_SIG_free(enc);
        PKCS8_PRIV_KEY_INFO_free(p8);
    }
    /* PEM from OpenSSL's default writer (PBES2, AES-256-CBC, HMAC-SHA-256) */
    BIO *b = BIO_new(BIO_s_mem());
    CHECK(PEM_write_bio_PKCS8PrivateKey(b, pk, EVP_aes_256_cbc(), NULL, 0, NULL,
                                        (void *)pw) == 1);
    char *pem;
    long pl = BIO_get_mem_data(b, &pem);
    pkc_key *k = NULL;
    CHECK(pkc_key_parse_password((const uint8_t *)pem, (size_t)pl, (const uint8_t *)pw,
                                 strlen(pw), &k, NULL) == PKC_OK &&
          same_key(k, pk));
    BIO_free(b);

    /* pkc encrypts (few iterations: a test), OpenSSL and pkc decrypt */
    char *mine = NULL;
    size_t ml = 0;
    CHECK(pkc_key_private_to_pem_encrypted(k, (const uint8_t *)pw, strlen(pw), rng, 1000, &mine,
                                           &ml) == PKC_OK);
    CHECK(mine && strstr(mine, "-----BEGIN ENCRYPTED PRIVATE KEY-----") == mine);
    b = BIO_new_mem_buf(mine, (int)ml);
    EVP_PKEY *back = PEM_read_bio_PrivateKey(b, NULL, NULL, (void *)pw);
    CHECK_MSG(back != NULL, "%s: OpenSSL cannot read pkc's encrypted key", what);
    CHECK(back && EVP_PKEY_eq(back, pk) == 1);
    EVP_PKEY_free(back);
    BIO_free(b);
    pkc_key *k2 = NULL;
    CHECK(pkc_key_parse_password((const uint8_t *)mine, ml, (const uint8_t *)pw, strlen(pw), &k2,
                                 NULL) == PKC_OK &&
          same_key(k2, pk));
    pkc_key_free(k2);
    k2 = NULL;
    CHECK(pkc_key_parse_password((const uint8_t *)mine, ml, (const uint8_t *)"x", 1, &k2, NULL) ==
          PKC_ERR_DECRYPT);
    pkc_secure_free(mine, ml);
    uint8_t *md = NULL;
    CHECK(pkc_key_private_to_der_encrypted(k, (const uint8_t *)pw, strlen(pw), rng, 1000, &md,
                                           &ml) == PKC_OK);
    b = BIO_new_mem_buf(md, (int)ml);
    back = d2i_PKCS8PrivateKey_bio(b, NULL, NULL, (void *)pw);
    CHECK_MSG(back && EVP_PKEY_eq(back, pk) == 1, "%s: OpenSSL cannot read pkc's DER", what);
    EVP_PKEY_free(back);
    BIO_free(b);
    pkc_secure_free(md, ml);
    CHECK(pkc_key_private_to_der_encrypted(k, (const uint8_t *)pw, strlen(pw), rng,
                                           PKC_PKCS8_MAX_ITERATIONS + 1, &md, &ml) == PKC_ERR_ARG);
    /* a key in clear: the password is not needed */
    pkc_key *k3 = NULL;
    size_t cl = 0;
    uint8_t *cd = clear_der(k, &cl);
    CHECK(pkc_key_parse_password(cd, cl, (const uint8_t *)"unused", 6, &k3, NULL) == PKC_OK);
    pkc_secure_free(cd, cl);
    pkc_key_free(k3);
    pkc_key_free(k);
}

/* schemes pkc does not implement: OpenSSL writes them, pkc says so */
static void test_unsupported(EVP_PKEY *pk)
{
    static const char pw[] = "pw";
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(pk);
    X509_SIG *s[3] = {
        PKCS8_encrypt(NID_pbe_WithSHA1And3_Key_TripleDES_CBC, NULL, pw, 2, NULL, 0, 2048, p8),
        PKCS8_encrypt(-1, EVP_des_ede3_cbc(), pw, 2, NULL, 0, 2048, p8), NULL};
    X509_ALGOR *sc = PKCS5_pbe2_set_scrypt(EVP_aes_256_cbc(), NULL, 0, NULL, 1024, 8, 1);
    s[2] = sc ? PKCS8_set0_pbe(pw, 2, p8, sc) : NULL;
    for (int i = 0; i < 3; i++) {
        unsigned char *der = NULL;
        int dl = s[i] ? i2d_X509_SIG(s[i], &der) : -1;
        CHECK_MSG(dl > 0, "OpenSSL could not write scheme %d", i);
        pkc_key *k = NULL;
        if (dl > 0)
            CHECK_MSG(pkc_key_parse_password(der, (size_t)dl, (const uint8_t *)pw, 2, &k, NULL) ==
                          PKC_ERR_UNSUPPORTED,
                      "scheme %d not refused as unsupported", i);
        OPENSSL_free(der);
        X509_SIG_free(s[i]);
    }
    PKCS8_PRIV_KEY_INFO_free(p8);
}
#endif

int main(void)
{
    uint64_t seed = tu_seed();
    test_rfc6070();
    test_limits();
#ifdef PKC_HAVE_OPENSSL
    pkc_rng rng;
    CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, seed) == PKC_OK);
    test_pbkdf2_openssl();
    EVP_PKEY *rsa = EVP_RSA_gen(1024);
    EVP_PKEY *p256 = EVP_EC_gen("P-256"), *k283 = EVP_EC_gen("sect283k1");
    one_key(rsa, "RSA-1024", &rng);
    one_key(p256, "P-256", &rng);
    one_key(k283, "sect283k1", &rng);
    test_unsupported(p256);
    EVP_PKEY_free(rsa);
    EVP_PKEY_free(p256);
    EVP_PKEY_free(k283);
    pkc_rng_wipe(&rng);
#else
    (void)seed;
    tu_skip_part("OpenSSL not found: keys encrypted by OpenSSL, and the differential PBKDF2");
#endif
    return tu_finish("test_pkcs8_crypt");
}
