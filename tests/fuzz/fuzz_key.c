/* pkc fuzzing — the generic key parser (src/key.c, src/encoding/pkix.c,
 * include/pkc/key.h): PEM or DER, PKCS#1, PKCS#8, SubjectPublicKeyInfo or
 * SEC 1, detected from the content; what pkc_key_parse_info reports agrees
 * with the verdict.
 *
 * A key that parses is written back as PKCS#8 (private) and SPKI (public),
 * in DER and PEM, and each reads back to a key with the same public
 * encoding; the writing is stable. Then a short message is signed (private
 * keys) and verified; a signature made from the input bytes is verified
 * too (it may fail, never crash); RSA keys encrypt and decrypt; Ed25519 and
 * Ed448 keys sign the message itself, X25519 and X448 keys derive with
 * themselves. Keys above
 * FKEY_MAX_BITS skip the private-key operations so every iteration stays
 * fast (their parsing is what is fuzzed).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"
#include "pkc/key.h"
#include "pkc/rng.h"

#define FKEY_MAX_BITS 2048

static void fkey_public_of(const pkc_key *k, uint8_t **der, size_t *len)
{
    FUZZ_CHECK(pkc_key_public_to_der(k, der, len) == PKC_OK);
}

/* parse text/der, and check its public encoding equals pubder */
static void fkey_reparse(const uint8_t *enc, size_t enclen, int priv, const uint8_t *pubder,
                         size_t publen)
{
    pkc_key *k = NULL;
    FUZZ_CHECK(pkc_key_parse(enc, enclen, &k) == PKC_OK);
    FUZZ_CHECK(pkc_key_is_private(k) == priv);
    uint8_t *p = NULL;
    size_t pl = 0;
    fkey_public_of(k, &p, &pl);
    FUZZ_CHECK(pl == publen && memcmp(p, pubder, pl) == 0);
    pkc_secure_free(p, pl);
    pkc_key_free(k);
}

/* X25519/X448 keys agree with themselves, Ed25519/Ed448 keys sign messages
 * (not digests); the input as a signature gives any answer but a crash */
static void fkey_ecx_operations(const pkc_key *k, pkc_rng *rng, const uint8_t *data, size_t len)
{
    pkc_sign_params params;
    pkc_sign_params_init(&params);
    uint8_t out[128];
    size_t outlen = 0;
    static const uint8_t msg[] = "pkc fuzz";
    if (pkc_key_signs_messages(k)) {
        size_t cap = pkc_key_signature_size(k);
        FUZZ_CHECK(cap > 0 && cap <= sizeof out);
        pkc_err e = pkc_key_sign_message(k, rng, &params, msg, sizeof msg, out, cap, &outlen);
        FUZZ_CHECK(pkc_key_is_private(k) ? e == PKC_OK : e == PKC_ERR_KEY);
        if (e == PKC_OK) {
            FUZZ_CHECK(outlen == cap);
            FUZZ_CHECK(pkc_key_verify_message(k, &params, msg, sizeof msg, out, outlen) == PKC_OK);
            out[outlen / 2] ^= 1;
            FUZZ_CHECK(pkc_key_verify_message(k, &params, msg, sizeof msg, out, outlen) != PKC_OK);
        }
        e = pkc_key_verify_message(k, &params, msg, sizeof msg, data, len);
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) || e == PKC_OK);
        FUZZ_CHECK(pkc_key_derive(k, k, out, sizeof out, &outlen) == PKC_ERR_UNSUPPORTED);
    } else {
        pkc_err e = pkc_key_derive(k, k, out, sizeof out, &outlen);
        /* all zero (PKC_ERR_POINT) only from a public key of small order */
        FUZZ_CHECK(pkc_key_is_private(k) ? e == PKC_OK || e == PKC_ERR_POINT : e == PKC_ERR_KEY);
        FUZZ_CHECK(pkc_key_sign_message(k, rng, &params, msg, sizeof msg, out, sizeof out,
                                        &outlen) != PKC_OK);
    }
}

static void fkey_operations(const pkc_key *k, const uint8_t *data, size_t len)
{
    pkc_rng rng;
    FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 7) == PKC_OK);
    size_t ecxlen = 0;
    if (pkc_key_ecx_public(k, &ecxlen)) {
        fkey_ecx_operations(k, &rng, data, len);
        pkc_rng_wipe(&rng);
        return;
    }
    pkc_sign_params params;
    pkc_sign_params_init(&params);
    params.pss = len > 0 && (data[0] & 1) && pkc_key_get_type(k) == PKC_KEY_RSA;
    uint8_t digest[PKC_HASH_MAX_SIZE];
    FUZZ_CHECK(pkc_hash(PKC_HASH_SHA256, "pkc fuzz", 8, digest) == PKC_OK);
    size_t cap = pkc_key_signature_size(k);
    FUZZ_CHECK(cap > 0);
    uint8_t *sig = malloc(cap);
    size_t siglen = 0;
    FUZZ_CHECK(sig != NULL);
    int small = pkc_key_bits(k) <= FKEY_MAX_BITS;

    if (pkc_key_is_private(k) && small) {
        pkc_err e = pkc_key_sign_digest(k, &rng, &params, digest, 32, sig, cap, &siglen);
        /* Below 1024 bits a key may be too short for PSS with SHA-256
         * (RFC 8017 9.1.1: emLen >= hLen + sLen + 2): an error, not a crash. */
        if (pkc_key_get_type(k) != PKC_KEY_RSA || pkc_key_bits(k) >= 1024)
            FUZZ_CHECK(e == PKC_OK);
        FUZZ_CHECK(e == PKC_OK || pkc_fuzz_is_input_error(e));
        if (e == PKC_OK) {
            FUZZ_CHECK(siglen <= cap);
            FUZZ_CHECK(pkc_key_verify_digest(k, &params, digest, 32, sig, siglen) == PKC_OK);
            sig[siglen / 2] ^= 1;
            FUZZ_CHECK(pkc_key_verify_digest(k, &params, digest, 32, sig, siglen) != PKC_OK);
        }
    } else if (!pkc_key_is_private(k)) {
        FUZZ_CHECK(pkc_key_sign_digest(k, &rng, &params, digest, 32, sig, cap, &siglen) ==
                   PKC_ERR_KEY);
    }
    if (small) {
        /* the input as a signature: any answer but a crash */
        pkc_err e = pkc_key_verify_digest(k, &params, digest, 32, data, len);
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) || e == PKC_OK);
    }
    if (pkc_key_get_type(k) == PKC_KEY_RSA && small) {
        uint8_t *ct = malloc(cap), *pt = malloc(cap);
        size_t ctlen = 0, ptlen = 0;
        FUZZ_CHECK(ct && pt);
        /* OAEP-SHA-256 carries k - 66 bytes: nothing below 544 bits */
        pkc_err e = pkc_key_encrypt(k, &rng, NULL, (const uint8_t *)"hi", 2, ct, cap, &ctlen);
        FUZZ_CHECK(e == PKC_OK || (e == PKC_ERR_ARG && cap < 68));
        if (e == PKC_OK && pkc_key_is_private(k)) {
            FUZZ_CHECK(pkc_key_decrypt(k, &rng, NULL, ct, ctlen, pt, cap, &ptlen) == PKC_OK);
            FUZZ_CHECK(ptlen == 2 && memcmp(pt, "hi", 2) == 0);
        } else if (e == PKC_OK) {
            FUZZ_CHECK(pkc_key_decrypt(k, &rng, NULL, ct, ctlen, pt, cap, &ptlen) ==
                       PKC_ERR_KEY);
        }
        free(ct);
        free(pt);
    }
    free(sig);
    pkc_rng_wipe(&rng);
}

/* What pkc_key_parse_info says agrees with the verdict: a key read is RSA,
 * EC, X25519, Ed25519, X448 or Ed448, private as its container; a key refused as unsupported names its
 * algorithm or its encryption. */
static void fkey_check_info(pkc_err e, const pkc_key *k, const pkc_key_info *info)
{
    FUZZ_CHECK(info->oid[sizeof info->oid - 1] == '\0');
    if (e == PKC_OK) {
        FUZZ_CHECK(info->format != NULL && info->encryption == NULL);
        FUZZ_CHECK(info->algorithm && strcmp(info->algorithm, pkc_key_type_name(k)) == 0);
        FUZZ_CHECK(info->is_private == pkc_key_is_private(k));
    } else if (e == PKC_ERR_UNSUPPORTED) {
        FUZZ_CHECK(info->algorithm != NULL || info->encryption != NULL);
    }
}

int pkc_fuzz_key(const uint8_t *data, size_t len)
{
    uint8_t *buf = pkc_fuzz_dup(data, len);
    pkc_key *k = NULL;
    pkc_key_info info;
    pkc_err e = pkc_key_parse_info(buf, len, &k, &info);
    fkey_check_info(e, k, &info);
    if (e != PKC_OK) {
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) && k == NULL);
        free(buf);
        return 0;
    }
    pkc_key_type t = pkc_key_get_type(k);
    FUZZ_CHECK(t == PKC_KEY_RSA || t == PKC_KEY_EC || t == PKC_KEY_X25519 ||
               t == PKC_KEY_ED25519 || t == PKC_KEY_X448 || t == PKC_KEY_ED448);
    FUZZ_CHECK(pkc_key_bits(k) > 0 && pkc_key_type_name(k) != NULL);
    FUZZ_CHECK((pkc_key_rsa(k) != NULL) == (pkc_key_get_type(k) == PKC_KEY_RSA));

    uint8_t *pub = NULL;
    size_t publen = 0;
    fkey_public_of(k, &pub, &publen);
    fkey_reparse(pub, publen, 0, pub, publen);
    char *pem = NULL;
    size_t pemlen = 0;
    FUZZ_CHECK(pkc_key_public_to_pem(k, &pem, &pemlen) == PKC_OK);
    FUZZ_CHECK(pemlen == strlen(pem));
    fkey_reparse((const uint8_t *)pem, pemlen, 0, pub, publen);
    pkc_secure_free(pem, pemlen + 1);

    uint8_t *der = NULL;
    size_t derlen = 0;
    if (pkc_key_is_private(k)) {
        FUZZ_CHECK(pkc_key_private_to_der(k, &der, &derlen) == PKC_OK);
        fkey_reparse(der, derlen, 1, pub, publen);
        FUZZ_CHECK(pkc_key_private_to_pem(k, &pem, &pemlen) == PKC_OK);
        fkey_reparse((const uint8_t *)pem, pemlen, 1, pub, publen);
        /* stable: PKCS#8 -> key -> PKCS#8 */
        pkc_key *k2 = NULL;
        uint8_t *der2 = NULL;
        size_t der2len = 0;
        FUZZ_CHECK(pkc_key_parse(der, derlen, &k2) == PKC_OK);
        FUZZ_CHECK(pkc_key_private_to_der(k2, &der2, &der2len) == PKC_OK);
        FUZZ_CHECK(der2len == derlen && memcmp(der, der2, derlen) == 0);
        pkc_secure_free(der2, der2len);
        pkc_key_free(k2);
        pkc_secure_free(pem, pemlen + 1);
        pkc_secure_free(der, derlen);
    } else {
        FUZZ_CHECK(pkc_key_private_to_der(k, &der, &derlen) == PKC_ERR_KEY);
    }
    fkey_operations(k, buf, len);
    pkc_secure_free(pub, publen);
    pkc_key_free(k);
    free(buf);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_key)
