/* pkc fuzzing — RSA signature verification (src/rsa/rsa_pkcs1.c,
 * src/rsa/rsa_pss.c) of arbitrary bytes against a fixed RSA-1024 key.
 *
 * Input: one selector byte, then the signature.
 *   bits 0-2  hash: SHA-1, SHA-224, SHA-256, SHA-384, SHA-512 (mod 5)
 *   bit  3    0: PKCS#1 v1.5, 1: PSS
 *   bits 4-5  PSS salt: hash length, AUTO, 0, 20 bytes
 * The digest is that of PKC_FUZZ_MESSAGE. Verification may only answer
 * PKC_OK, a verification error or a malformed-signature error (DECODE for
 * the wrong length, RANGE for a value >= n). A PKCS#1 v1.5 signature that
 * verifies must be the one pkc computes (the scheme is deterministic), and
 * one that verifies as PSS with a salt length must also verify with AUTO.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "pkc/hash.h"
#include "pkc/rsa.h"

static const pkc_hash_alg frv_hashes[5] = {PKC_HASH_SHA1, PKC_HASH_SHA224, PKC_HASH_SHA256,
                                           PKC_HASH_SHA384, PKC_HASH_SHA512};
static const int frv_salts[4] = {PKC_RSA_SALT_HASHLEN, PKC_RSA_SALT_AUTO, 0, 20};

int pkc_fuzz_rsa_verify(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    const pkc_rsa_key *key = pkc_fuzz_fixed_rsa();
    pkc_hash_alg h = frv_hashes[(data[0] & 7) % 5];
    int pss = (data[0] >> 3) & 1;
    int salt = frv_salts[(data[0] >> 4) & 3];
    uint8_t *sig = pkc_fuzz_dup(data + 1, len - 1);
    size_t siglen = len - 1;
    uint8_t digest[PKC_HASH_MAX_SIZE];
    size_t dlen = pkc_hash_size(h);
    FUZZ_CHECK(pkc_hash(h, PKC_FUZZ_MESSAGE, strlen(PKC_FUZZ_MESSAGE), digest) == PKC_OK);

    pkc_err e;
    if (pss) {
        e = pkc_rsa_pss_verify(key, h, salt, digest, dlen, sig, siglen);
        FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_VERIFY || e == PKC_ERR_DECODE ||
                   e == PKC_ERR_RANGE);
        if (e == PKC_OK && salt != PKC_RSA_SALT_AUTO)
            FUZZ_CHECK(pkc_rsa_pss_verify(key, h, PKC_RSA_SALT_AUTO, digest, dlen, sig,
                                          siglen) == PKC_OK);
    } else {
        e = pkc_rsa_pkcs1_verify(key, h, digest, dlen, sig, siglen);
        FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_VERIFY || e == PKC_ERR_DECODE ||
                   e == PKC_ERR_RANGE);
        if (e == PKC_OK) {
            uint8_t mine[512];
            size_t minelen = 0;
            FUZZ_CHECK(pkc_rsa_pkcs1_sign(key, NULL, PKC_RSA_MODE_TEXTBOOK_UNSAFE, h, digest, dlen,
                                          mine, sizeof mine, &minelen) == PKC_OK);
            FUZZ_CHECK(minelen == siglen && memcmp(mine, sig, siglen) == 0);
        }
    }
    /* A digest of the wrong length is an argument error, not a crash. */
    e = pkc_rsa_pkcs1_verify(key, h, digest, dlen - 1, sig, siglen);
    FUZZ_CHECK(e != PKC_OK);

    /* The raw public operation on the first k bytes (or fewer: refused). */
    size_t k = pkc_rsa_size(key);
    if (siglen >= k) {
        uint8_t out[512];
        e = pkc_rsa_public_raw(key, sig, out);
        FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_RANGE);
    }
    free(sig);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_rsa_verify)
