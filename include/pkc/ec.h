/* pkc — elliptic-curve keys, ECDSA and ECDH over the curves of
 * include/pkc/curves.h.
 *
 *   key generation     d uniform in [1, n-1] by rejection sampling, Q = d*G
 *   ECDSA              SEC 1 v2 section 4.1, nonces by RFC 6979 section 3.2
 *                      (optionally with extra entropy, section 3.6)
 *   ECDH               SEC 1 v2 section 3.3.1 (ECSVDP-DH): the x-coordinate
 *   encodings          SEC 1 points (02/03/04), DER and raw r||s signatures,
 *                      SEC 1 ECPrivateKey (RFC 5915), PKCS#8 (RFC 5208/5958),
 *                      SubjectPublicKeyInfo (RFC 5480), DER and PEM
 *
 * Keys are caller-owned structs: nothing here allocates except the DER/PEM
 * encoders, which hand back malloc'd buffers (free with pkc_secure_free).
 * Every public key the library accepts has been fully validated (SEC 1 v2
 * section 3.2.2: coordinates below p, on the curve, not at infinity).
 *
 * Timing: the private scalar d and the nonce k are handled in constant time
 * (no branch, no memory index depends on them); only the number of
 * rejection-sampling rounds in key generation and nonce derivation may be
 * observable, and it reveals nothing about the value kept.
 *
 * The arithmetic uses Jacobian coordinates. (An affine implementation,
 * complete and tested, exists for the seed study's comparison; the
 * benchmark and the tests reach it through an internal interface.)
 */
#ifndef PKC_EC_H
#define PKC_EC_H

#include "pkc/common.h"
#include "pkc/curves.h"
#include "pkc/hash.h"
#include "pkc/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Size of the opaque validated point inside a public key (64-bit words). */
#define PKC_EC_POINT_WORDS 19
/* Raw r||s signature: 2 * order_bytes. */
#define PKC_ECDSA_MAX_RAW_SIZE (2 * PKC_EC_MAX_ORDER_BYTES)
/* DER SEQUENCE { INTEGER r, INTEGER s }: at most 3 + 2 * (2 + 73) bytes
 * (72-byte orders of sect571, plus a leading zero). */
#define PKC_ECDSA_MAX_DER_SIZE 153
/* The ECDH shared secret: field_bytes. */
#define PKC_ECDH_MAX_SIZE PKC_EC_MAX_FIELD_BYTES

/* A validated public key. Build one only with the functions below. */
typedef struct {
    pkc_curve_id curve;
    uint64_t point[PKC_EC_POINT_WORDS]; /* internal representation */
} pkc_ec_public_key;

/* A point of the subgroup of order n, validated like a public key (finite,
 * on the curve, in the subgroup): the messages of include/pkc/koblitz.h,
 * massey_omura.h and elgamal.h. pkc_ec_point_encode / _decode convert it. */
typedef pkc_ec_public_key pkc_ec_point;

/* A private key: d in [1, n-1] (big-endian, order_bytes) and its public
 * key d*G. Wipe it with pkc_ec_private_key_wipe. */
typedef struct {
    pkc_curve_id curve;
    uint8_t d[PKC_EC_MAX_ORDER_BYTES];
    pkc_ec_public_key pub;
} pkc_ec_private_key;

/* ---- keys ---- */

/* d uniform in [1, n-1] from rng (rejection sampling of order_bits-bit
 * candidates), public key d*G. */
PKC_API pkc_err pkc_ec_keygen(pkc_ec_private_key *key, pkc_curve_id curve, pkc_rng *rng);
/* From a big-endian scalar of at most order_bytes bytes (shorter values are
 * left-padded): PKC_ERR_KEY unless 1 <= d <= n-1. Computes the public key. */
PKC_API pkc_err pkc_ec_private_key_from_bytes(pkc_ec_private_key *key, pkc_curve_id curve,
                                              const uint8_t *d, size_t dlen);
/* d as exactly order_bytes big-endian bytes. */
PKC_API pkc_err pkc_ec_private_key_to_bytes(const pkc_ec_private_key *key, uint8_t *out,
                                            size_t cap, size_t *outlen);
PKC_API void pkc_ec_private_key_wipe(pkc_ec_private_key *key);
PKC_API void pkc_ec_public_key_from_private(pkc_ec_public_key *pub,
                                            const pkc_ec_private_key *key);
/* 1 if both keys are on the same curve and the points are equal. */
PKC_API int pkc_ec_public_key_equal(const pkc_ec_public_key *a, const pkc_ec_public_key *b);
PKC_API size_t pkc_ec_field_bytes(pkc_curve_id curve); /* 0 for an unknown curve */
PKC_API size_t pkc_ec_order_bytes(pkc_curve_id curve); /* 0 for an unknown curve */

/* ---- SEC 1 point encoding (SEC 1 v2 sections 2.3.3 and 2.3.4) ---- */

/* 04||X||Y, or 02/03||X when compressed. PKC_ERR_BUFSIZE if cap is short. */
PKC_API pkc_err pkc_ec_point_encode(const pkc_ec_public_key *pub, int compressed, uint8_t *out,
                                    size_t cap, size_t *outlen);
/* Decodes and fully validates (coordinates < p, on the curve; 00 — the
 * point at infinity — is refused): PKC_ERR_DECODE for a malformed length or
 * prefix, PKC_ERR_POINT for an invalid point. */
PKC_API pkc_err pkc_ec_point_decode(pkc_ec_public_key *pub, pkc_curve_id curve, const uint8_t *in,
                                    size_t len);
/* From affine coordinates (big-endian, at most field_bytes each, shorter
 * values left-padded); the same validation. */
PKC_API pkc_err pkc_ec_public_key_from_xy(pkc_ec_public_key *pub, pkc_curve_id curve,
                                          const uint8_t *x, size_t xlen, const uint8_t *y,
                                          size_t ylen);

/* ---- ECDSA (SEC 1 v2 section 4.1) ----
 * Signatures are raw r||s (each order_bytes, big-endian) here; convert with
 * pkc_ecdsa_sig_to_der / pkc_ecdsa_sig_from_der. The hash is truncated to
 * the bit length of n (SEC 1 v2 section 4.1.3 step 5), so every hash works
 * with every curve. extra: NULL for plain RFC 6979 nonces; otherwise
 * order_bytes bytes from it are mixed into the nonce derivation as RFC 6979
 * section 3.6 "additional data" (randomised, still safe if it fails). */
PKC_API pkc_err pkc_ecdsa_sign(const pkc_ec_private_key *key, pkc_hash_alg alg, const void *msg,
                               size_t msglen, pkc_rng *extra, uint8_t *sig, size_t cap,
                               size_t *siglen);
/* digest: the hash of the message under alg (dlen == pkc_hash_size(alg));
 * alg also selects the HMAC of the RFC 6979 nonce derivation. */
PKC_API pkc_err pkc_ecdsa_sign_digest(const pkc_ec_private_key *key, pkc_hash_alg alg,
                                      const uint8_t *digest, size_t dlen, pkc_rng *extra,
                                      uint8_t *sig, size_t cap, size_t *siglen);
/* PKC_OK if valid; PKC_ERR_RANGE if r or s is outside [1, n-1];
 * PKC_ERR_VERIFY if it does not verify; PKC_ERR_ARG for a raw signature
 * of the wrong length. */
PKC_API pkc_err pkc_ecdsa_verify(const pkc_ec_public_key *pub, pkc_hash_alg alg, const void *msg,
                                 size_t msglen, const uint8_t *sig, size_t siglen);
/* Any digest length: it is truncated to the bit length of n. */
PKC_API pkc_err pkc_ecdsa_verify_digest(const pkc_ec_public_key *pub, const uint8_t *digest,
                                        size_t dlen, const uint8_t *sig, size_t siglen);

/* Malleability: (r, s) and (r, n - s) are both valid signatures of the same
 * message (SEC 1 and FIPS 186 accept either). Where a signature must be
 * unique (a transaction id, a deduplication key), use signatures with
 * s <= n/2 ("low-s", as Bitcoin's BIP 62/146 require): normalise after
 * signing and refuse the other twin when verifying.
 * pkc_ecdsa_sig_is_low_s: 1 if the raw signature's s <= (n-1)/2, 0 if not,
 * negative (PKC_ERR_ARG) for a wrong length. pkc_ecdsa_sig_normalize_low_s:
 * replaces a high s by n - s in place (the signature stays valid). Both on
 * public data, variable time. */
PKC_API int pkc_ecdsa_sig_is_low_s(pkc_curve_id curve, const uint8_t *raw, size_t rawlen);
PKC_API pkc_err pkc_ecdsa_sig_normalize_low_s(pkc_curve_id curve, uint8_t *raw, size_t rawlen);

/* Raw r||s (2 * order_bytes) -> DER SEQUENCE { INTEGER r, INTEGER s }. */
PKC_API pkc_err pkc_ecdsa_sig_to_der(pkc_curve_id curve, const uint8_t *raw, size_t rawlen,
                                     uint8_t *der, size_t cap, size_t *derlen);
/* Strict DER -> raw r||s: minimal non-negative INTEGERs, no trailing bytes,
 * r and s no longer than order_bytes (PKC_ERR_DECODE otherwise). Range
 * checks (0 < r, s < n) are the verifier's. */
PKC_API pkc_err pkc_ecdsa_sig_from_der(pkc_curve_id curve, const uint8_t *der, size_t derlen,
                                       uint8_t *raw, size_t cap, size_t *rawlen);

/* ---- ECDH (SEC 1 v2 section 3.3.1, ECSVDP-DH) ----
 * out gets the x-coordinate of d*Q, field_bytes big-endian (what
 * `openssl pkeyutl -derive` writes). PKC_ERR_KEY for keys on different
 * curves, PKC_ERR_POINT for an invalid peer key or a result at infinity. */
PKC_API pkc_err pkc_ecdh(const pkc_ec_private_key *key, const pkc_ec_public_key *peer,
                         uint8_t *out, size_t cap, size_t *outlen);

/* ---- key files ----
 * Encoders return malloc'd buffers (PEM: NUL-terminated) to be freed with
 * pkc_secure_free(buf, len). Named curves only. Decoders reject (the codes
 * of every key decoder, include/pkc/key.h): a key of another type, known to
 * pkc or not (RSA, Ed25519, ...), or a public key where a private one is
 * asked and the reverse (PKC_ERR_KEY); unknown curves, explicit or implicit
 * parameters, EC keys restricted to ECDH or ECMQV, and encrypted keys
 * (PKC_ERR_UNSUPPORTED); d = 0 or d >= n, an embedded public key that is not
 * d*G (PKC_ERR_KEY); invalid points (PKC_ERR_POINT); malformed, truncated or
 * trailing data, a PEM label that does not match the content
 * (PKC_ERR_DECODE). Decoding is constant time in d and in the text of the
 * file (only its layout and structure are branched on). */
typedef enum {
    PKC_EC_FORMAT_PKCS8 = 0, /* PrivateKeyInfo, PEM label "PRIVATE KEY" */
    PKC_EC_FORMAT_SEC1 = 1   /* ECPrivateKey, PEM label "EC PRIVATE KEY" */
} pkc_ec_key_format;

PKC_API pkc_err pkc_ec_private_key_to_der(const pkc_ec_private_key *key, pkc_ec_key_format fmt,
                                          uint8_t **der, size_t *derlen);
PKC_API pkc_err pkc_ec_private_key_to_pem(const pkc_ec_private_key *key, pkc_ec_key_format fmt,
                                          char **pem, size_t *pemlen);
/* DER of either format (told apart by structure). */
PKC_API pkc_err pkc_ec_private_key_from_der(pkc_ec_private_key *key, const uint8_t *der,
                                            size_t derlen);
/* PEM ("PRIVATE KEY" or "EC PRIVATE KEY", after any "EC PARAMETERS" block)
 * or DER of either format. */
PKC_API pkc_err pkc_ec_private_key_decode(pkc_ec_private_key *key, const uint8_t *data,
                                          size_t len);

/* SubjectPublicKeyInfo; the point uncompressed unless compressed != 0. */
PKC_API pkc_err pkc_ec_public_key_to_der(const pkc_ec_public_key *pub, int compressed,
                                         uint8_t **der, size_t *derlen);
PKC_API pkc_err pkc_ec_public_key_to_pem(const pkc_ec_public_key *pub, int compressed, char **pem,
                                         size_t *pemlen);
PKC_API pkc_err pkc_ec_public_key_from_der(pkc_ec_public_key *pub, const uint8_t *der,
                                           size_t derlen);
/* PEM ("PUBLIC KEY") or DER SubjectPublicKeyInfo. */
PKC_API pkc_err pkc_ec_public_key_decode(pkc_ec_public_key *pub, const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
