/* pkc fuzzing — the RSA key parsers (src/rsa/rsa_key.c): PKCS#1 RSAPrivateKey
 * and RSAPublicKey, PKCS#8 PrivateKeyInfo, SubjectPublicKeyInfo.
 *
 * Every parser sees every input. A key that parses is written back: PKCS#1
 * is canonical DER with nothing optional, so it must come back byte for
 * byte; PKCS#8 and SPKI may carry optional parts pkc does not write
 * (absent NULL parameters, attributes), so for them write -> read -> write
 * must be stable. Every component read back equals the one written, and
 * the public half of a private key round-trips through SPKI.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"
#include "pkc/rsa.h"

typedef pkc_err (*frk_writer)(const pkc_rsa_key *, uint8_t **, size_t *);
typedef pkc_err (*frk_reader)(pkc_rsa_key **, const uint8_t *, size_t);

/* 1 if the two keys have the same components (public ones only when
 * either key is public). */
static int frk_same(const pkc_rsa_key *a, const pkc_rsa_key *b)
{
    int parts = pkc_rsa_is_private(a) && pkc_rsa_is_private(b) ? 8 : 2;
    if (pkc_rsa_bits(a) != pkc_rsa_bits(b) || pkc_rsa_size(a) != pkc_rsa_size(b))
        return 0;
    for (int i = 0; i < parts; i++) {
        size_t la = 0, lb = 0;
        if (pkc_rsa_get(a, (pkc_rsa_part)i, NULL, 0, &la) != PKC_OK ||
            pkc_rsa_get(b, (pkc_rsa_part)i, NULL, 0, &lb) != PKC_OK || la != lb)
            return 0;
        uint8_t *ba = malloc(la + 1), *bb = malloc(lb + 1);
        size_t ra = 0, rb = 0;
        int ok = ba && bb && pkc_rsa_get(a, (pkc_rsa_part)i, ba, la, &ra) == PKC_OK &&
                 pkc_rsa_get(b, (pkc_rsa_part)i, bb, lb, &rb) == PKC_OK && ra == la &&
                 rb == lb && memcmp(ba, bb, la) == 0;
        /* a magnitude is minimal: no leading zero byte */
        ok = ok && (la == 0 || ba[0] != 0);
        /* one byte short is refused */
        if (ok && la > 0)
            ok = pkc_rsa_get(a, (pkc_rsa_part)i, ba, la - 1, &ra) == PKC_ERR_BUFSIZE;
        free(ba);
        free(bb);
        if (!ok)
            return 0;
    }
    return 1;
}

/* write key with w, read it back with r, and check the components agree;
 * if expect is given, the encoding must equal it. Returns the encoding
 * (caller frees) through enc/enclen when asked. */
static void frk_roundtrip(const pkc_rsa_key *key, frk_writer w, frk_reader r,
                          const uint8_t *expect, size_t expectlen)
{
    uint8_t *der = NULL, *der2 = NULL;
    size_t len = 0, len2 = 0;
    pkc_rsa_key *back = NULL;
    FUZZ_CHECK(w(key, &der, &len) == PKC_OK);
    if (expect)
        FUZZ_CHECK(len == expectlen && memcmp(der, expect, len) == 0);
    FUZZ_CHECK(r(&back, der, len) == PKC_OK);
    FUZZ_CHECK(frk_same(key, back) || !pkc_rsa_is_private(back));
    FUZZ_CHECK(w(back, &der2, &len2) == PKC_OK);
    FUZZ_CHECK(len2 == len && memcmp(der, der2, len) == 0);
    pkc_rsa_key_free(back);
    pkc_secure_free(der, len);
    pkc_secure_free(der2, len2);
}

static void frk_check_private(const pkc_rsa_key *k, const uint8_t *pkcs1, size_t pkcs1len)
{
    FUZZ_CHECK(pkc_rsa_is_private(k));
    FUZZ_CHECK(pkc_rsa_bits(k) >= 512 && pkc_rsa_bits(k) <= PKC_RSA_MAX_BITS);
    frk_roundtrip(k, pkc_rsa_private_to_pkcs1, pkc_rsa_private_from_pkcs1, pkcs1, pkcs1len);
    frk_roundtrip(k, pkc_rsa_private_to_pkcs8, pkc_rsa_private_from_pkcs8, NULL, 0);
    pkc_rsa_key *pub = NULL;
    FUZZ_CHECK(pkc_rsa_key_public(k, &pub) == PKC_OK);
    FUZZ_CHECK(!pkc_rsa_is_private(pub) && frk_same(k, pub));
    /* a public key has no private parts to give */
    size_t l;
    FUZZ_CHECK(pkc_rsa_get(pub, PKC_RSA_D, NULL, 0, &l) == PKC_ERR_KEY);
    frk_roundtrip(pub, pkc_rsa_public_to_spki, pkc_rsa_public_from_spki, NULL, 0);
    uint8_t *d = NULL;
    size_t dl = 0;
    FUZZ_CHECK(pkc_rsa_private_to_pkcs8(pub, &d, &dl) == PKC_ERR_KEY);
    pkc_rsa_key_free(pub);
}

static void frk_check_public(const pkc_rsa_key *k, const uint8_t *pkcs1, size_t pkcs1len)
{
    FUZZ_CHECK(!pkc_rsa_is_private(k));
    FUZZ_CHECK(pkc_rsa_bits(k) >= 512 && pkc_rsa_bits(k) <= PKC_RSA_MAX_BITS);
    frk_roundtrip(k, pkc_rsa_public_to_pkcs1, pkc_rsa_public_from_pkcs1, pkcs1, pkcs1len);
    frk_roundtrip(k, pkc_rsa_public_to_spki, pkc_rsa_public_from_spki, NULL, 0);
}

int pkc_fuzz_rsa_key(const uint8_t *data, size_t len)
{
    uint8_t *buf = pkc_fuzz_dup(data, len);
    pkc_rsa_key *k = NULL;
    pkc_err e;

    e = pkc_rsa_private_from_pkcs1(&k, buf, len);
    if (e == PKC_OK) {
        frk_check_private(k, buf, len);
        pkc_rsa_key_free(k);
    } else {
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) && k == NULL);
    }

    e = pkc_rsa_public_from_pkcs1(&k, buf, len);
    if (e == PKC_OK) {
        frk_check_public(k, buf, len);
        pkc_rsa_key_free(k);
    } else {
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) && k == NULL);
    }

    e = pkc_rsa_private_from_pkcs8(&k, buf, len);
    if (e == PKC_OK) {
        frk_check_private(k, NULL, 0);
        pkc_rsa_key_free(k);
    } else {
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) && k == NULL);
    }

    e = pkc_rsa_public_from_spki(&k, buf, len);
    if (e == PKC_OK) {
        frk_check_public(k, NULL, 0);
        pkc_rsa_key_free(k);
    } else {
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) && k == NULL);
    }
    free(buf);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_rsa_key)
