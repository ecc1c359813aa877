/* pkc — internal interface of the elliptic-curve protocols (src/ec_key.c,
 * src/ecdsa.c, src/ecdh.c, src/rfc6979.c), shared among them and with the
 * tests (which link the static library). Not installed.
 */
#ifndef PKC_EC_PROTO_H
#define PKC_EC_PROTO_H

#include "ct.h" /* PKC_DECLASSIFY */
#include "ec_internal.h"
#include "pkc/ec.h"
#include "pkc/hash.h"
#include "pkc/koblitz.h"

_Static_assert(sizeof(pkc_ec_affine) == PKC_EC_POINT_WORDS * sizeof(uint64_t),
               "pkc_ec_public_key.point must hold a pkc_ec_affine");

static inline pkc_ec_affine *pkc_ec_pub_point(pkc_ec_public_key *pub)
{
    return (pkc_ec_affine *)(void *)pub->point;
}

static inline const pkc_ec_affine *pkc_ec_pub_point_const(const pkc_ec_public_key *pub)
{
    return (const pkc_ec_affine *)(const void *)pub->point;
}

/* A uniform scalar in [1, n-1] (FIPS 186-5 A.2.2, rejection sampling of
 * order_bits-bit candidates); bytes (order_bytes, or NULL) receives its
 * big-endian encoding. Only the verdict on each candidate is declassified.
 * PKC_ERR_RNG if the source fails or 256 candidates in a row are out of
 * range (a broken source: each is accepted with probability > 1/2). */
pkc_err pkc_ec_scalar_random(const pkc_ec_curve *c, pkc_rng *rng, pkc_ec_scalar *out,
                             uint8_t *bytes);

/* A secret scalar from its order_bytes big-endian bytes (a private key's
 * d, an exponent): PKC_OK if it lies in [1, n-1], else PKC_ERR_KEY with out
 * wiped. Only the verdict is declassified. */
pkc_err pkc_ec_scalar_from_secret(const pkc_ec_curve *c, pkc_ec_scalar *out,
                                  const uint8_t *bytes);

/* pkc_koblitz_encode_var with the counters first .. first + count - 1 only
 * (the public function: 0 .. 255): lets the tests reach the failure path
 * (PKC_ERR_ENCODE, pt untouched) that 256 counters make unobservable. */
pkc_err pkc_koblitz_encode_range_var(pkc_ec_point *pt, pkc_curve_id curve, const uint8_t *block,
                                     size_t len, unsigned first, unsigned count,
                                     unsigned *counter);

/* Block i (bb bytes) of the padded message msg[0 .. len) of Koblitz's
 * encoding (include/pkc/koblitz.h): bytes i*bb .., then in the last block
 * (i = len / bb) 0x80 and zeros. */
void pkc_koblitz_msg_block(uint8_t *block, size_t bb, const uint8_t *msg, size_t len, size_t i);

/* bits2int (RFC 6979 section 2.3.2, = SEC 1 v2 section 4.1.3 step 5): the
 * leftmost order_bits bits of in[0..len) as an integer, written as
 * order_bytes big-endian bytes. Constant time in the content of in. */
void pkc_ec_bits2int(const pkc_curve_info *ci, uint8_t *out, const uint8_t *in, size_t len);

/* ---- RFC 6979 section 3.2 deterministic nonces ---- */
typedef struct {
    pkc_hash_alg alg;
    size_t hlen;
    const pkc_ec_curve *c;
    const pkc_curve_info *ci;
    uint8_t K[PKC_HASH_MAX_SIZE];
    uint8_t V[PKC_HASH_MAX_SIZE];
    int started; /* the first candidate has been produced */
} pkc_rfc6979;

/* Steps a-f: x is the private key (order_bytes big-endian), h1 the message
 * hash, extra the optional additional data of section 3.6 (may be NULL). */
pkc_err pkc_rfc6979_init(pkc_rfc6979 *st, const pkc_ec_curve *c, pkc_hash_alg alg,
                         const uint8_t *x, const uint8_t *h1, size_t h1len,
                         const uint8_t *extra, size_t extralen);
/* Step h: the next candidate k (order_bytes big-endian) and an all-ones
 * mask if it lies in [1, n-1] (then *k_scalar is set). A caller that
 * rejects a candidate (out of range, r = 0 or s = 0) simply asks again. */
uint64_t pkc_rfc6979_next(pkc_rfc6979 *st, pkc_ec_scalar *k_scalar, uint8_t *k_bytes);
void pkc_rfc6979_wipe(pkc_rfc6979 *st);

/* ---- ECDSA with a given nonce: FOR KNOWN-ANSWER TESTS ONLY ----
 * Signs the digest with the nonce k (order_bytes big-endian). A nonce that
 * is reused or predictable reveals the private key: nothing but a test
 * vector may ever supply k. PKC_ERR_RANGE if k is not in [1, n-1] or the
 * signature would have r = 0 or s = 0. */
pkc_err pkc_ecdsa_sign_with_k_for_testing(const pkc_ec_private_key *key, const uint8_t *digest,
                                          size_t dlen, const uint8_t *k, uint8_t *sig,
                                          size_t cap, size_t *siglen, pkc_ec_coords co);

#endif
