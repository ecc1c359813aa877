/* pkc — HMAC (RFC 2104), HKDF (RFC 5869), the ANSI X9.63 KDF and PBKDF2
 * (RFC 8018) over any pkc_hash_alg. */
#ifndef PKC_HMAC_H
#define PKC_HMAC_H

#include "pkc/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* After pkc_hmac_init, inner and outer hold the hash states after the
 * K ^ ipad and K ^ opad blocks: the key is processed once. A keyed context
 * may be copied (struct assignment) and the copy used for one message, so
 * many MACs under one key cost no key setup (HKDF-Expand and the DRBG do
 * this). */
typedef struct {
    pkc_hash_ctx inner;
    pkc_hash_ctx outer;
} pkc_hmac_ctx;

PKC_API pkc_err pkc_hmac_init(pkc_hmac_ctx *ctx, pkc_hash_alg alg, const uint8_t *key, size_t keylen);
PKC_API void pkc_hmac_update(pkc_hmac_ctx *ctx, const void *data, size_t len);
/* Writes pkc_hash_size(alg) bytes and wipes the context. */
PKC_API void pkc_hmac_final(pkc_hmac_ctx *ctx, uint8_t *out);
PKC_API pkc_err pkc_hmac(pkc_hash_alg alg, const uint8_t *key, size_t keylen,
                         const void *msg, size_t msglen, uint8_t *out);

/* HKDF-Extract: prk gets pkc_hash_size(alg) bytes. salt may be NULL/0. */
PKC_API pkc_err pkc_hkdf_extract(pkc_hash_alg alg, const uint8_t *salt, size_t saltlen,
                                 const uint8_t *ikm, size_t ikmlen, uint8_t *prk);
/* HKDF-Expand: okmlen <= 255 * hash size, else PKC_ERR_ARG. prk should be
 * at least the hash size (RFC 5869 section 2.3); shorter is accepted, as
 * HMAC accepts any key. okm must not overlap info. */
PKC_API pkc_err pkc_hkdf_expand(pkc_hash_alg alg, const uint8_t *prk, size_t prklen,
                                const uint8_t *info, size_t infolen, uint8_t *okm, size_t okmlen);
PKC_API pkc_err pkc_hkdf(pkc_hash_alg alg, const uint8_t *salt, size_t saltlen,
                         const uint8_t *ikm, size_t ikmlen, const uint8_t *info, size_t infolen,
                         uint8_t *okm, size_t okmlen);

/* ANSI X9.63 KDF (SEC 1 v2 3.6.1): out = the first outlen bytes of
 * Hash(Z || 00000001 || info) || Hash(Z || 00000002 || info) || ...
 * (32-bit big-endian counters). PKC_ERR_ARG for an unknown alg or outlen
 * >= hash size * (2^32 - 1). out must not overlap z or info. */
PKC_API pkc_err pkc_x963_kdf(pkc_hash_alg alg, const uint8_t *z, size_t zlen,
                             const uint8_t *info, size_t infolen, uint8_t *out, size_t outlen);

/* PBKDF2 (RFC 8018 5.2) with HMAC-alg as the PRF: outlen bytes from the
 * password and salt after iterations >= 1 rounds. PKC_ERR_ARG for an
 * unknown alg, 0 iterations or outlen >= hash size * (2^32 - 1). */
PKC_API pkc_err pkc_pbkdf2_hmac(pkc_hash_alg alg, const uint8_t *pass, size_t passlen,
                                const uint8_t *salt, size_t saltlen, uint32_t iterations,
                                uint8_t *out, size_t outlen);

#ifdef __cplusplus
}
#endif
#endif
