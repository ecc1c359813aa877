/* pkc fuzzing — RSAES-OAEP decryption (src/rsa/rsa_oaep.c) of arbitrary bytes
 * with a fixed RSA-1024 key.
 *
 * Input: one selector byte, then the ciphertext.
 *   bit 0     hash SHA-256 (0) or SHA-1 (1)
 *   bit 1     MGF1 hash: the same (0) or the other one (1)
 *   bit 2     label "pkc" (1) or empty (0)
 * RFC 8017 7.1.2 note: whatever fails (length, c >= n, padding, label),
 * the caller must see one error. So decryption answers PKC_OK or
 * PKC_ERR_DECRYPT, nothing else; the CRT and textbook private operations
 * give the same answer and the same message; and a message that decrypts
 * encrypts and decrypts back to itself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"

int pkc_fuzz_oaep(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    const pkc_rsa_key *key = pkc_fuzz_fixed_rsa();
    pkc_rsa_oaep_params params;
    memset(&params, 0, sizeof params);
    params.hash = (data[0] & 1) ? PKC_HASH_SHA1 : PKC_HASH_SHA256;
    params.mgf1_hash = (data[0] & 2) ? ((data[0] & 1) ? PKC_HASH_SHA256 : PKC_HASH_SHA1)
                                     : params.hash;
    if (data[0] & 4) {
        params.label = (const uint8_t *)"pkc";
        params.labellen = 3;
    }
    uint8_t *ct = pkc_fuzz_dup(data + 1, len - 1);
    size_t ctlen = len - 1;
    size_t k = pkc_rsa_size(key);
    pkc_rng rng;
    FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 1) == PKC_OK);

    uint8_t m1[512], m2[512];
    size_t l1 = 0, l2 = 0;
    pkc_err e1 = pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, &params, ct, ctlen, m1,
                                      sizeof m1, &l1);
    pkc_err e2 = pkc_rsa_oaep_decrypt(key, NULL, PKC_RSA_MODE_TEXTBOOK_UNSAFE, &params, ct, ctlen, m2,
                                      sizeof m2, &l2);
    FUZZ_CHECK(e1 == PKC_OK || e1 == PKC_ERR_DECRYPT);
    FUZZ_CHECK(e1 == e2);
    if (e1 == PKC_OK) {
        FUZZ_CHECK(ctlen == k);
        FUZZ_CHECK(l1 == l2 && memcmp(m1, m2, l1) == 0);
        uint8_t c2[512], m3[512];
        size_t c2len = 0, l3 = 0;
        FUZZ_CHECK(pkc_rsa_oaep_encrypt(key, &rng, &params, m1, l1, c2, sizeof c2, &c2len) ==
                   PKC_OK);
        FUZZ_CHECK(c2len == k);
        FUZZ_CHECK(pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, &params, c2, c2len, m3,
                                        sizeof m3, &l3) == PKC_OK);
        FUZZ_CHECK(l3 == l1 && memcmp(m3, m1, l1) == 0);
    }
    /* The message buffer exactly as small as allowed (k - 2 hLen - 2) works
     * the same and is never overrun. */
    size_t hlen = pkc_hash_size(params.hash);
    size_t cap = k - 2 * hlen - 2;
    uint8_t *small = malloc(cap);
    size_t l4 = 0;
    FUZZ_CHECK(small != NULL);
    pkc_err e4 = pkc_rsa_oaep_decrypt(key, &rng, PKC_RSA_MODE_CRT, &params, ct, ctlen, small,
                                      cap, &l4);
    FUZZ_CHECK(e4 == e1);
    if (e4 == PKC_OK)
        FUZZ_CHECK(l4 == l1 && memcmp(small, m1, l1) == 0);
    free(small);
    pkc_rng_wipe(&rng);
    free(ct);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_oaep)
