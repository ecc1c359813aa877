/* pkc — X448 (RFC 7748) and Ed448 (RFC 8032, pure variant with an optional
 * context) over the field 2^448 - 2^224 - 1 (src/ecx/).
 *
 *   X448     Montgomery-ladder scalar multiplication on the u coordinate,
 *            scalars clamped as RFC 7748 section 5 says; an all-zero shared
 *            secret is PKC_ERR_POINT.
 *   Ed448    RFC 8032 section 5.2: a 57-byte seed is the private key;
 *            SHAKE256 (FIPS 202) with dom4(0, context); deterministic
 *            signatures; verification rejects S >= L and non-canonical
 *            encodings of A and R (section 5.2.7).
 *
 * Everything that touches a seed, a scalar or a nonce runs in constant time
 * (tests/test_ctime_valgrind.sh). Nothing here allocates.
 */
#ifndef PKC_CURVE448_H
#define PKC_CURVE448_H

#include "pkc/common.h"
#include "pkc/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_X448_SIZE 56         /* private key, public key, shared secret */
#define PKC_ED448_SEED_SIZE 57
#define PKC_ED448_PUBLIC_SIZE 57
#define PKC_ED448_SIG_SIZE 114
#define PKC_ED448_MAX_CONTEXT 255

PKC_API pkc_err pkc_x448_keygen(uint8_t priv[56], uint8_t pub[56], pkc_rng *rng);
PKC_API pkc_err pkc_x448_public_key(uint8_t pub[56], const uint8_t priv[56]);
PKC_API pkc_err pkc_x448(uint8_t shared[56], const uint8_t priv[56], const uint8_t peer[56]);

/* An Ed448 private key expanded once from its seed (RFC 8032 section
 * 5.2.5). Wipe it with pkc_ed448_key_wipe. */
typedef struct {
    uint8_t seed[57];
    uint8_t scalar[57];   /* s, little-endian, clamped */
    uint8_t prefix[57];   /* the second half of SHAKE256(seed, 114) */
    uint8_t pub[57];      /* A = [s]B, encoded */
} pkc_ed448_key;

PKC_API pkc_err pkc_ed448_key_from_seed(pkc_ed448_key *key, const uint8_t seed[57]);
PKC_API pkc_err pkc_ed448_keygen(pkc_ed448_key *key, pkc_rng *rng);
PKC_API void pkc_ed448_key_wipe(pkc_ed448_key *key);
/* RFC 8032 section 5.2.6; ctx may be NULL when ctxlen is 0; ctxlen > 255
 * is PKC_ERR_ARG. */
PKC_API pkc_err pkc_ed448_sign(const pkc_ed448_key *key, const uint8_t *ctx, size_t ctxlen,
                               const uint8_t *msg, size_t len, uint8_t sig[114]);
/* RFC 8032 section 5.2.7: PKC_OK, PKC_ERR_VERIFY, PKC_ERR_POINT (public key
 * does not decode), PKC_ERR_ARG (ctxlen > 255). */
PKC_API pkc_err pkc_ed448_verify(const uint8_t pub[57], const uint8_t *ctx, size_t ctxlen,
                                 const uint8_t *msg, size_t len, const uint8_t sig[114]);
PKC_API pkc_err pkc_ed448_check_public(const uint8_t pub[57]);

#ifdef __cplusplus
}
#endif
#endif
