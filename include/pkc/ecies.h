/* pkc — ECIES (SEC 1 v2 section 5.1) with AES-256-GCM: authenticated
 * public-key encryption of messages of any length on every curve of
 * include/pkc/curves.h (prime and binary).
 *
 *   encrypt to Q:   k uniform in [1, n-1], fresh; R = kG;
 *                   Z = x(kQ)                       (ECSVDP-DH, field_bytes)
 *                   K || IV = KDF(Z, R || info)     (32 + 12 bytes)
 *                   C || T = AES-256-GCM_K(IV, aad = empty, M)
 *   decrypt with d: R validated (on the curve, in the subgroup, not O),
 *                   Z = x(dR), the same KDF, GCM decryption; a tag that
 *                   fails releases no plaintext.
 *
 * KDF (pkc_ecies_kdf):
 *   PKC_ECIES_KDF_HKDF_SHA256 (default)  HKDF-SHA-256 (RFC 5869) with an
 *                   empty salt, IKM = Z, info = R || info, L = 44
 *   PKC_ECIES_KDF_X963_SHA256  ANSI X9.63 (SEC 1 3.6.1): the first 44 bytes
 *                   of SHA-256(Z || 00000001 || R || info) ||
 *                   SHA-256(Z || 00000002 || R || info)
 * R enters the KDF (SEC 1 5.1.3's option), so a ciphertext with another
 * encoding of R, or another R giving the same Z, derives another key.
 *
 * Ciphertext format (version 1; no header, SEC 1's R || EM || D):
 *
 *   R   1 + 2 * field_bytes   uncompressed SEC 1 point (04 || X || Y)
 *   C   len(M)                AES-256-GCM ciphertext
 *   T   16                    GCM tag
 *
 * so the ciphertext is the message plus pkc_ecies_overhead(curve) bytes
 * (81 on P-256). The curve is the key's; nothing in the ciphertext names
 * it, and a key of another curve fails (PKC_ERR_DECODE or PKC_ERR_DECRYPT).
 *
 * Timing: k, d, Z and the message are handled in constant time; R and the
 * ciphertext are public. The message is limited by GCM (2^36 - 32 bytes).
 */
#ifndef PKC_ECIES_H
#define PKC_ECIES_H

#include "pkc/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PKC_ECIES_KDF_HKDF_SHA256 = 0,
    PKC_ECIES_KDF_X963_SHA256 = 1
} pkc_ecies_kdf;

typedef struct {
    pkc_ecies_kdf kdf;
    const uint8_t *info; /* shared information for the KDF (may be NULL) */
    size_t infolen;
} pkc_ecies_params;

#define PKC_ECIES_TAG_SIZE 16

/* Bytes a ciphertext adds to its message (1 + 2 field_bytes + 16); 0 for
 * an unknown curve. */
PKC_API size_t pkc_ecies_overhead(pkc_curve_id curve);

/* params may be NULL (HKDF-SHA-256, no info). out gets len +
 * pkc_ecies_overhead() bytes (cap at least that; PKC_ERR_BUFSIZE
 * otherwise); out must not overlap msg. PKC_ERR_POINT for an invalid
 * public key. */
PKC_API pkc_err pkc_ecies_encrypt(const pkc_ec_public_key *pub, pkc_rng *rng,
                                  const pkc_ecies_params *params, const uint8_t *msg,
                                  size_t len, uint8_t *out, size_t cap, size_t *outlen);
/* out gets ctlen - pkc_ecies_overhead() bytes. PKC_ERR_DECODE for a
 * ciphertext shorter than the overhead or an R that is not a valid point
 * of the key's curve; PKC_ERR_DECRYPT (out zeroed) when the tag fails. */
PKC_API pkc_err pkc_ecies_decrypt(const pkc_ec_private_key *key, const pkc_ecies_params *params,
                                  const uint8_t *ct, size_t ctlen, uint8_t *out, size_t cap,
                                  size_t *outlen);

#ifdef __cplusplus
}
#endif

#endif
