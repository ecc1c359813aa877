/* pkc — hybrid RSA encryption: a fresh AES-256-GCM key wrapped with
 * RSA-OAEP (RFC 8017 7.1, include/pkc/rsa.h), for messages of any length,
 * so that RSA and ECIES (include/pkc/ecies.h) encrypt the same files.
 *
 *   encrypt to (n, e): K (32 bytes) and IV (12 bytes) from rng, fresh;
 *                      W = RSAES-OAEP-ENCRYPT(K || IV) with the OAEP
 *                      parameters given (default SHA-256, MGF1-SHA-256,
 *                      empty label);
 *                      C || T = AES-256-GCM_K(IV, aad = W, M)
 *   decrypt:           K || IV from W (PKC_ERR_DECRYPT unless exactly 44
 *                      bytes), then GCM; a tag that fails releases no
 *                      plaintext.
 *
 * Ciphertext format (version 1, no header):
 *
 *   W   k bytes (the modulus size)   the OAEP-wrapped K || IV
 *   C   len(M)                       AES-256-GCM ciphertext
 *   T   16                           GCM tag
 *
 * so the ciphertext is the message plus k + 16 bytes, at least k + 16: a
 * plain OAEP ciphertext is exactly k bytes, which tells the two apart. W is
 * GCM's additional data: a changed W fails the tag even if it unwraps.
 * The key must have at least 1024 bits for SHA-256 OAEP to carry 44 bytes
 * (PKC_ERR_ARG otherwise, from OAEP).
 */
#ifndef PKC_RSA_HYBRID_H
#define PKC_RSA_HYBRID_H

#include "pkc/rsa.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_RSA_HYBRID_TAG_SIZE 16

/* Bytes a ciphertext adds to its message: pkc_rsa_size(key) + 16. */
PKC_API size_t pkc_rsa_hybrid_overhead(const pkc_rsa_key *key);

/* params may be NULL. out gets len + pkc_rsa_hybrid_overhead() bytes (cap
 * at least that; PKC_ERR_BUFSIZE otherwise); out must not overlap msg. */
PKC_API pkc_err pkc_rsa_hybrid_encrypt(const pkc_rsa_key *key, pkc_rng *rng,
                                       const pkc_rsa_oaep_params *params, const uint8_t *msg,
                                       size_t len, uint8_t *out, size_t cap, size_t *outlen);
/* rng blinds the RSA private operation. PKC_ERR_DECODE for a ciphertext
 * shorter than the overhead; every other failure (wrong key, changed W, C
 * or T) is PKC_ERR_DECRYPT with out zeroed. */
PKC_API pkc_err pkc_rsa_hybrid_decrypt(const pkc_rsa_key *key, pkc_rng *rng,
                                       const pkc_rsa_oaep_params *params, const uint8_t *ct,
                                       size_t ctlen, uint8_t *out, size_t cap, size_t *outlen);

#ifdef __cplusplus
}
#endif

#endif
