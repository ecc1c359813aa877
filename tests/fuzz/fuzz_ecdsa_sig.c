/* pkc fuzzing — ECDSA signatures (src/ec/ecdsa.c): strict DER decoding and
 * verification of arbitrary signatures against fixed keys.
 *
 * Input: one selector byte, then a DER ECDSA-Sig-Value.
 *   bits 0-2  curve (pkc_curve_id 0-7: the eight SEC 2 prime curves, not
 *             prime239v1, id 18)
 *   bits 3-4  hash: SHA-224, SHA-256, SHA-384, SHA-512
 *   bit  5    also verify in affine coordinates (slow: one inversion per
 *             addition, so only when asked)
 * The key is the fixed key of that curve (tests/fuzz/keys), the message
 * PKC_FUZZ_MESSAGE. A signature that decodes re-encodes to the same DER;
 * verification answers PKC_OK, PKC_ERR_RANGE (r or s outside [1, n-1]) or
 * PKC_ERR_VERIFY, the same in Jacobian and affine coordinates, and the
 * same through verify_digest. The body is also verified as a raw r||s.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "ec/lab.h"
#include "pkc/ec.h"
#include "pkc/hash.h"

static const pkc_hash_alg fes_hashes[4] = {PKC_HASH_SHA224, PKC_HASH_SHA256, PKC_HASH_SHA384,
                                           PKC_HASH_SHA512};

static pkc_err fes_verify(const pkc_ec_public_key *pub, pkc_hash_alg h, int affine,
                          const uint8_t *raw, size_t rawlen)
{
    const char *msg = PKC_FUZZ_MESSAGE;
    size_t msglen = strlen(msg);
    uint8_t digest[PKC_HASH_MAX_SIZE];
    FUZZ_CHECK(pkc_hash(h, msg, msglen, digest) == PKC_OK);
    pkc_err e1 = pkc_ecdsa_verify(pub, h, msg, msglen, raw, rawlen);
    pkc_err e2 = affine ? pkc_ecdsa_verify_digest_coords(pub, digest, pkc_hash_size(h), raw, rawlen,
                                                         PKC_EC_AFFINE)
                        : e1;
    pkc_err e3 = pkc_ecdsa_verify_digest(pub, digest, pkc_hash_size(h), raw, rawlen);
    FUZZ_CHECK(e1 == PKC_OK || e1 == PKC_ERR_RANGE || e1 == PKC_ERR_VERIFY ||
               e1 == PKC_ERR_ARG);
    FUZZ_CHECK(e1 == e2 && e1 == e3);
    return e1;
}

int pkc_fuzz_ecdsa_sig(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    pkc_curve_id curve = (pkc_curve_id)(data[0] & 7);
    pkc_hash_alg h = fes_hashes[(data[0] >> 3) & 3];
    int affine = (data[0] >> 5) & 1;
    const pkc_ec_private_key *key = pkc_fuzz_fixed_ec(curve);
    size_t ob = pkc_ec_order_bytes(curve);
    uint8_t *der = pkc_fuzz_dup(data + 1, len - 1);
    size_t derlen = len - 1;

    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
    size_t rawlen = 0;
    pkc_err e = pkc_ecdsa_sig_from_der(curve, der, derlen, raw, sizeof raw, &rawlen);
    if (e == PKC_OK) {
        FUZZ_CHECK(rawlen == 2 * ob);
        uint8_t der2[PKC_ECDSA_MAX_DER_SIZE];
        size_t der2len = 0;
        FUZZ_CHECK(pkc_ecdsa_sig_to_der(curve, raw, rawlen, der2, sizeof der2, &der2len) ==
                   PKC_OK);
        FUZZ_CHECK(der2len == derlen && memcmp(der2, der, derlen) == 0);
        pkc_err v = fes_verify(&key->pub, h, affine, raw, rawlen);
        FUZZ_CHECK(v != PKC_ERR_ARG);
        /* r = 0 or s = 0 is out of range, never a valid signature */
        static const uint8_t zero[PKC_EC_MAX_ORDER_BYTES];
        if (memcmp(raw, zero, ob) == 0 || memcmp(raw + ob, zero, ob) == 0)
            FUZZ_CHECK(v == PKC_ERR_RANGE);
    } else {
        FUZZ_CHECK(e == PKC_ERR_DECODE);
        /* a raw buffer one byte short is refused before anything is read */
        FUZZ_CHECK(pkc_ecdsa_sig_from_der(curve, der, derlen, raw, 2 * ob - 1, &rawlen) ==
                   PKC_ERR_BUFSIZE);
    }

    /* The same bytes as a raw r||s: any length other than 2 * order_bytes
     * is an argument error. */
    pkc_err v = fes_verify(&key->pub, h, affine, der, derlen);
    if (derlen != 2 * ob)
        FUZZ_CHECK(v == PKC_ERR_ARG);
    else
        FUZZ_CHECK(v != PKC_ERR_ARG);
    free(der);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_ecdsa_sig)
