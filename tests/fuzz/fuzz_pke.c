/* pkc fuzzing — the two authenticated public-key encryptions of untrusted
 * ciphertexts: ECIES (src/ec/ecies.c) on the eight prime curves and hybrid
 * RSA (src/rsa/rsa_hybrid.c) with the fixed RSA-1024 key.
 *
 * Input: one selector byte, then the ciphertext.
 *   bit 7 = 0   ECIES: bits 0-2 the curve, bit 3 the KDF (HKDF / X9.63),
 *               decrypted with the fixed key of that curve
 *   bit 7 = 1   hybrid RSA (OAEP with SHA-256)
 * The answer is a plaintext of ctlen - overhead bytes, or PKC_ERR_DECODE /
 * PKC_ERR_DECRYPT with the output zeroed, nothing else; a plaintext
 * encrypts again to a ciphertext of the same length that decrypts to it;
 * a buffer one byte short is PKC_ERR_BUFSIZE.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "pkc/ecies.h"
#include "pkc/rng.h"
#include "pkc/rsa_hybrid.h"

typedef struct {
    const pkc_ec_private_key *ec;
    const pkc_rsa_key *rsa;
    pkc_ecies_params prm;
} pke_key;

static pkc_err pke_decrypt(const pke_key *k, const uint8_t *ct, size_t ctlen, uint8_t *out,
                           size_t cap, size_t *outlen)
{
    pkc_rng rng;
    FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 2) == PKC_OK);
    pkc_err e = k->ec ? pkc_ecies_decrypt(k->ec, &k->prm, ct, ctlen, out, cap, outlen)
                      : pkc_rsa_hybrid_decrypt(k->rsa, &rng, NULL, ct, ctlen, out, cap, outlen);
    pkc_rng_wipe(&rng);
    return e;
}

static pkc_err pke_encrypt(const pke_key *k, const uint8_t *msg, size_t len, uint8_t *out,
                           size_t cap, size_t *outlen)
{
    pkc_rng rng;
    FUZZ_CHECK(pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, 1) == PKC_OK);
    pkc_err e = k->ec ? pkc_ecies_encrypt(&k->ec->pub, &rng, &k->prm, msg, len, out, cap, outlen)
                      : pkc_rsa_hybrid_encrypt(k->rsa, &rng, NULL, msg, len, out, cap, outlen);
    pkc_rng_wipe(&rng);
    return e;
}

int pkc_fuzz_pke(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    pke_key k;
    memset(&k, 0, sizeof k);
    size_t over;
    if (data[0] & 0x80) {
        k.rsa = pkc_fuzz_fixed_rsa();
        over = pkc_rsa_hybrid_overhead(k.rsa);
    } else {
        k.ec = pkc_fuzz_fixed_ec((pkc_curve_id)(data[0] & 7));
        k.prm.kdf = (data[0] & 8) ? PKC_ECIES_KDF_X963_SHA256 : PKC_ECIES_KDF_HKDF_SHA256;
        over = pkc_ecies_overhead(k.ec->curve);
    }
    uint8_t *ct = pkc_fuzz_dup(data + 1, len - 1);
    size_t ctlen = len - 1, max = ctlen > over ? ctlen - over : 0, ptlen = 0;
    uint8_t *pt = malloc(max + 1);
    FUZZ_CHECK(pt != NULL);
    memset(pt, 0xa5, max + 1);
    pkc_err e = pke_decrypt(&k, ct, ctlen, pt, max + 1, &ptlen);
    if (e == PKC_OK) {
        FUZZ_CHECK(ctlen >= over && ptlen == max);
        size_t l2 = 0;
        FUZZ_CHECK(max == 0 || pke_decrypt(&k, ct, ctlen, pt + 1, max - 1, &l2) ==
                                   PKC_ERR_BUFSIZE);
        uint8_t *c2 = malloc(ctlen), *p2 = malloc(max + 1);
        size_t c2len = 0, p2len = 0;
        FUZZ_CHECK(c2 && p2);
        FUZZ_CHECK(pke_encrypt(&k, pt, ptlen, c2, ctlen, &c2len) == PKC_OK && c2len == ctlen);
        FUZZ_CHECK(pke_decrypt(&k, c2, c2len, p2, max + 1, &p2len) == PKC_OK);
        FUZZ_CHECK(p2len == ptlen && memcmp(p2, pt, ptlen) == 0);
        free(c2);
        free(p2);
    } else {
        FUZZ_CHECK(e == PKC_ERR_DECODE || e == PKC_ERR_DECRYPT);
        FUZZ_CHECK(e == PKC_ERR_DECODE || ctlen >= over);
        /* a failed tag zeroes what it wrote: the plaintext's bytes */
        for (size_t i = 0; e == PKC_ERR_DECRYPT && i < max; i++)
            FUZZ_CHECK(pt[i] == 0);
    }
    free(pt);
    free(ct);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_pke)
