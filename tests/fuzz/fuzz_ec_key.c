/* pkc fuzzing — elliptic-curve key files (src/ec/ec_keyfile.c): SEC 1
 * ECPrivateKey, PKCS#8 and SubjectPublicKeyInfo, in DER and PEM.
 *
 * The input goes to both decoders (private and public, each taking PEM or
 * DER) and to the two DER-only entry points. A private key that decodes
 * has d in [1, n-1] and the public key d*G; written in either format, DER
 * or PEM, it reads back to the same key, and its writing is stable. A
 * public key that decodes writes (compressed or not) and reads back equal.
 * Errors are the documented ones, never an internal one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"
#include "pkc/ec.h"

static int fek_same_private(const pkc_ec_private_key *a, const pkc_ec_private_key *b)
{
    size_t ob = pkc_ec_order_bytes(a->curve);
    return a->curve == b->curve && memcmp(a->d, b->d, ob) == 0 &&
           pkc_ec_public_key_equal(&a->pub, &b->pub);
}

static void fek_check_private(const pkc_ec_private_key *key)
{
    size_t ob = pkc_ec_order_bytes(key->curve);
    FUZZ_CHECK(ob > 0);
    /* d re-derives the same public key */
    pkc_ec_private_key k2;
    FUZZ_CHECK(pkc_ec_private_key_from_bytes(&k2, key->curve, key->d, ob) == PKC_OK);
    FUZZ_CHECK(fek_same_private(key, &k2));
    uint8_t d[PKC_EC_MAX_ORDER_BYTES];
    size_t dl = 0;
    FUZZ_CHECK(pkc_ec_private_key_to_bytes(key, d, sizeof d, &dl) == PKC_OK && dl == ob);
    FUZZ_CHECK(memcmp(d, key->d, ob) == 0);
    for (int fmt = 0; fmt < 2; fmt++) {
        uint8_t *der = NULL, *der2 = NULL;
        size_t len = 0, len2 = 0;
        char *pem = NULL;
        size_t pemlen = 0;
        pkc_ec_private_key back;
        FUZZ_CHECK(pkc_ec_private_key_to_der(key, (pkc_ec_key_format)fmt, &der, &len) == PKC_OK);
        FUZZ_CHECK(pkc_ec_private_key_from_der(&back, der, len) == PKC_OK);
        FUZZ_CHECK(fek_same_private(key, &back));
        FUZZ_CHECK(pkc_ec_private_key_to_der(&back, (pkc_ec_key_format)fmt, &der2, &len2) ==
                   PKC_OK);
        FUZZ_CHECK(len2 == len && memcmp(der, der2, len) == 0);
        FUZZ_CHECK(pkc_ec_private_key_to_pem(key, (pkc_ec_key_format)fmt, &pem, &pemlen) ==
                   PKC_OK);
        FUZZ_CHECK(pkc_ec_private_key_decode(&back, (const uint8_t *)pem, pemlen) == PKC_OK);
        FUZZ_CHECK(fek_same_private(key, &back));
        /* a private key is not a public key */
        pkc_ec_public_key pub;
        FUZZ_CHECK(pkc_ec_public_key_from_der(&pub, der, len) != PKC_OK);
        pkc_secure_free(der, len);
        pkc_secure_free(der2, len2);
        pkc_secure_free(pem, pemlen + 1);
        pkc_ec_private_key_wipe(&back);
    }
    pkc_ec_private_key_wipe(&k2);
}

static void fek_check_public(const pkc_ec_public_key *pub)
{
    for (int compressed = 0; compressed < 2; compressed++) {
        uint8_t *der = NULL, *der2 = NULL;
        size_t len = 0, len2 = 0;
        char *pem = NULL;
        size_t pemlen = 0;
        pkc_ec_public_key back;
        FUZZ_CHECK(pkc_ec_public_key_to_der(pub, compressed, &der, &len) == PKC_OK);
        FUZZ_CHECK(pkc_ec_public_key_from_der(&back, der, len) == PKC_OK);
        FUZZ_CHECK(pkc_ec_public_key_equal(pub, &back));
        FUZZ_CHECK(pkc_ec_public_key_to_der(&back, compressed, &der2, &len2) == PKC_OK);
        FUZZ_CHECK(len2 == len && memcmp(der, der2, len) == 0);
        FUZZ_CHECK(pkc_ec_public_key_to_pem(pub, compressed, &pem, &pemlen) == PKC_OK);
        FUZZ_CHECK(pkc_ec_public_key_decode(&back, (const uint8_t *)pem, pemlen) == PKC_OK);
        FUZZ_CHECK(pkc_ec_public_key_equal(pub, &back));
        pkc_ec_private_key priv;
        FUZZ_CHECK(pkc_ec_private_key_from_der(&priv, der, len) != PKC_OK);
        pkc_secure_free(der, len);
        pkc_secure_free(der2, len2);
        pkc_secure_free(pem, pemlen + 1);
    }
}

static int fek_error_ok(pkc_err e)
{
    return e == PKC_ERR_DECODE || e == PKC_ERR_KEY || e == PKC_ERR_POINT ||
           e == PKC_ERR_UNSUPPORTED;
}

int pkc_fuzz_ec_key(const uint8_t *data, size_t len)
{
    uint8_t *buf = pkc_fuzz_dup(data, len);
    pkc_ec_private_key key;
    pkc_ec_public_key pub;
    pkc_err e;

    e = pkc_ec_private_key_decode(&key, buf, len);
    if (e == PKC_OK)
        fek_check_private(&key);
    else
        FUZZ_CHECK(fek_error_ok(e));
    pkc_ec_private_key_wipe(&key);

    e = pkc_ec_private_key_from_der(&key, buf, len);
    if (e == PKC_OK)
        fek_check_private(&key);
    else
        FUZZ_CHECK(fek_error_ok(e));
    pkc_ec_private_key_wipe(&key);

    e = pkc_ec_public_key_decode(&pub, buf, len);
    if (e == PKC_OK)
        fek_check_public(&pub);
    else
        FUZZ_CHECK(fek_error_ok(e));

    e = pkc_ec_public_key_from_der(&pub, buf, len);
    if (e == PKC_OK)
        fek_check_public(&pub);
    else
        FUZZ_CHECK(fek_error_ok(e));
    free(buf);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_ec_key)
