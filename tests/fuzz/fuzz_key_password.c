/* pkc fuzzing — password-encrypted PKCS#8 keys (pkc_key_parse_password,
 * src/encoding/pkcs8_crypt.c): EncryptedPrivateKeyInfo with PBES2, PBKDF2
 * and AES-CBC, in PEM or DER, and every other key file the generic parser
 * reads (a key in clear ignores the password).
 *
 * Input: the first byte's low five bits are the password's length L, the
 * next L bytes the password, the rest the key file. Properties:
 *   - an error is one of the input errors and gives no key; what
 *     pkc_key_parse_info says agrees with the verdict as for fuzz_key;
 *   - a key read is encrypted again with the same password (PBKDF2 with 1
 *     iteration, so that each input stays fast) and reads back to the same
 *     public key, in DER and in PEM; with another password that encryption
 *     is PKC_ERR_DECRYPT, and without one it is refused, never read.
 *
 * Iterations: the library refuses more than PKC_PKCS8_MAX_ITERATIONS (10^7,
 * seconds of PBKDF2). The libFuzzer build (tests/fuzz/run.sh) lowers it to
 * 10^4 so that a mutated count cannot stall the fuzzer; the replay test
 * runs the real limit on inputs whose counts are small.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pkc/der.h"
#include "pkc/key.h"
#include "pkc/rng.h"

static void fkpw_same_public(const uint8_t *enc, size_t len, const uint8_t *pw, size_t pwlen,
                             const uint8_t *pub, size_t publen)
{
    pkc_key *k = NULL;
    FUZZ_CHECK(pkc_key_parse_password(enc, len, pw, pwlen, &k, NULL) == PKC_OK);
    FUZZ_CHECK(pkc_key_is_private(k));
    uint8_t *p = NULL;
    size_t pl = 0;
    FUZZ_CHECK(pkc_key_public_to_der(k, &p, &pl) == PKC_OK);
    FUZZ_CHECK(pl == publen && memcmp(p, pub, pl) == 0);
    pkc_secure_free(p, pl);
    pkc_key_free(k);
}

/* A wrong password or none: refused, no key. */
static void fkpw_refused(const uint8_t *enc, size_t len, const uint8_t *pw, size_t pwlen)
{
    pkc_key *k = NULL;
    uint8_t other[33];
    memcpy(other, pw, pwlen);
    other[pwlen] = 'x';
    FUZZ_CHECK(pkc_key_parse_password(enc, len, other, pwlen + 1, &k, NULL) == PKC_ERR_DECRYPT);
    FUZZ_CHECK(k == NULL);
    pkc_err e = pkc_key_parse(enc, len, &k);
    FUZZ_CHECK(e != PKC_OK && pkc_fuzz_is_input_error(e) && k == NULL);
}

int pkc_fuzz_key_password(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    size_t pwlen = data[0] & 31;
    if (len < 1 + pwlen)
        return 0;
    uint8_t pw[32];
    memcpy(pw, data + 1, pwlen);
    size_t klen = len - 1 - pwlen;
    uint8_t *buf = pkc_fuzz_dup(data + 1 + pwlen, klen);

    pkc_key *k = NULL;
    pkc_key_info info;
    pkc_err e = pkc_key_parse_password(buf, klen, pw, pwlen, &k, &info);
    FUZZ_CHECK(info.oid[sizeof info.oid - 1] == '\0');
    if (e != PKC_OK) {
        FUZZ_CHECK(pkc_fuzz_is_input_error(e) && k == NULL);
        if (e == PKC_ERR_UNSUPPORTED)
            FUZZ_CHECK(info.algorithm != NULL || info.encryption != NULL);
        free(buf);
        return 0;
    }
    FUZZ_CHECK(info.algorithm && strcmp(info.algorithm, pkc_key_type_name(k)) == 0);
    FUZZ_CHECK(info.is_private == pkc_key_is_private(k));
    if (!pkc_key_is_private(k) || pkc_key_bits(k) > 4096) {
        pkc_key_free(k);
        free(buf);
        return 0;
    }
    uint8_t *pub = NULL;
    size_t publen = 0;
    FUZZ_CHECK(pkc_key_public_to_der(k, &pub, &publen) == PKC_OK);

    pkc_rng rng;
    FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 11) == PKC_OK);
    uint8_t *der = NULL;
    size_t derlen = 0;
    FUZZ_CHECK(pkc_key_private_to_der_encrypted(k, pw, pwlen, &rng, 1, &der, &derlen) == PKC_OK);
    fkpw_same_public(der, derlen, pw, pwlen, pub, publen);
    fkpw_refused(der, derlen, pw, pwlen);
    char *pem = NULL;
    size_t pemlen = 0;
    FUZZ_CHECK(pkc_key_private_to_pem_encrypted(k, pw, pwlen, &rng, 1, &pem, &pemlen) == PKC_OK);
    FUZZ_CHECK(pemlen == strlen(pem));
    fkpw_same_public((const uint8_t *)pem, pemlen, pw, pwlen, pub, publen);
    fkpw_refused((const uint8_t *)pem, pemlen, pw, pwlen);

    pkc_secure_free(pem, pemlen + 1);
    pkc_secure_free(der, derlen);
    pkc_secure_free(pub, publen);
    pkc_rng_wipe(&rng);
    pkc_key_free(k);
    free(buf);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_key_password)
