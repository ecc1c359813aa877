/* pkc — the key derivation functions with their context information in two
 * parts (info1 || info2), so that a protocol can pass, say, an ephemeral
 * point and the caller's shared information without concatenating them in
 * a buffer of its own (ECIES, src/ec/ecies.c). Either part may be NULL
 * with length 0. The public one-part forms are in include/pkc/hmac.h. */
#ifndef PKC_HASH_KDF_PARTS_H
#define PKC_HASH_KDF_PARTS_H

#include "pkc/hmac.h"

/* HKDF-Expand (RFC 5869 2.3) with info = info1 || info2 */
pkc_err pkc_hkdf_expand_parts(pkc_hash_alg alg, const uint8_t *prk, size_t prklen,
                              const uint8_t *info1, size_t len1, const uint8_t *info2,
                              size_t len2, uint8_t *okm, size_t okmlen);
/* ANSI X9.63 KDF with SharedInfo = info1 || info2 */
pkc_err pkc_x963_kdf_parts(pkc_hash_alg alg, const uint8_t *z, size_t zlen,
                           const uint8_t *info1, size_t len1, const uint8_t *info2, size_t len2,
                           uint8_t *out, size_t outlen);

#endif
