/* pkc fuzzing — EC-ElGamal decryption (src/ec/elgamal.c) of untrusted
 * ciphertexts, with the Koblitz decoding and unpadding behind it, on the
 * eight prime curves.
 *
 * Input: one byte that selects the curve (mod 8), then the ciphertext,
 * decrypted with the fixed key of that curve. The result is the plaintext
 * (at most pkc_elgamal_plaintext_max bytes) or one of the two documented
 * errors, never anything else; a plaintext encrypts again to a ciphertext
 * of the same length that decrypts to it; a buffer one byte too small is
 * refused before anything is written.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "pkc/elgamal.h"
#include "pkc/rng.h"

int pkc_fuzz_elgamal(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    pkc_curve_id curve = (pkc_curve_id)(data[0] & 7);
    const pkc_ec_private_key *key = pkc_fuzz_fixed_ec(curve);
    uint8_t *ct = pkc_fuzz_dup(data + 1, len - 1);
    size_t ctlen = len - 1, max = pkc_elgamal_plaintext_max(curve, ctlen), ptlen = 0;
    uint8_t *pt = malloc(max + 1);
    FUZZ_CHECK(pt != NULL);
    pkc_err e = pkc_elgamal_decrypt(key, ct, ctlen, pt, max + 1, &ptlen);
    if (e == PKC_OK) {
        FUZZ_CHECK(ptlen <= max);
        FUZZ_CHECK(pkc_elgamal_ciphertext_size(curve, ptlen) == ctlen);
        size_t l2 = 0;
        FUZZ_CHECK(max == 0 || pkc_elgamal_decrypt(key, ct, ctlen, pt, max - 1, &l2) ==
                                   PKC_ERR_BUFSIZE);
        pkc_rng rng;
        FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 1) == PKC_OK);
        uint8_t *c2 = malloc(ctlen), *p2 = malloc(max + 1);
        size_t c2len = 0, p2len = 0;
        FUZZ_CHECK(c2 && p2);
        FUZZ_CHECK(pkc_elgamal_encrypt(&key->pub, &rng, pt, ptlen, c2, ctlen, &c2len) == PKC_OK);
        FUZZ_CHECK(c2len == ctlen);
        FUZZ_CHECK(pkc_elgamal_decrypt(key, c2, c2len, p2, max + 1, &p2len) == PKC_OK);
        FUZZ_CHECK(p2len == ptlen && memcmp(p2, pt, ptlen) == 0);
        pkc_rng_wipe(&rng);
        free(c2);
        free(p2);
    } else {
        FUZZ_CHECK(e == PKC_ERR_DECODE || e == PKC_ERR_DECRYPT || e == PKC_ERR_BUFSIZE);
        FUZZ_CHECK(e != PKC_ERR_BUFSIZE || max == 0);
    }
    free(pt);
    free(ct);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_elgamal)
