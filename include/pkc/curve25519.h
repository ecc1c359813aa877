/* pkc — X25519 (RFC 7748) and Ed25519 (RFC 8032, pure variant) over the
 * field 2^255 - 19 (src/ecx/).
 *
 *   X25519     Montgomery-ladder scalar multiplication on the u coordinate,
 *              scalars clamped as RFC 7748 section 5 says, the top bit of a
 *              u coordinate ignored; an all-zero shared secret (the peer's
 *              key has small order) is PKC_ERR_POINT.
 *   Ed25519    RFC 8032 section 5.1: a 32-byte seed is the private key;
 *              deterministic signatures; verification rejects S >= L and
 *              non-canonical encodings of A and R (section 5.1.7).
 *
 * Everything that touches a seed, a scalar or a nonce runs in constant time
 * (tests/test_ctime_valgrind.sh). Nothing here allocates.
 */
#ifndef PKC_CURVE25519_H
#define PKC_CURVE25519_H

#include "pkc/common.h"
#include "pkc/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_X25519_SIZE 32       /* private key, public key, shared secret */
#define PKC_ED25519_SEED_SIZE 32
#define PKC_ED25519_PUBLIC_SIZE 32
#define PKC_ED25519_SIG_SIZE 64

/* A random private key (32 bytes from rng, stored unclamped as RFC 7748
 * keys are) and its public key. */
PKC_API pkc_err pkc_x25519_keygen(uint8_t priv[32], uint8_t pub[32], pkc_rng *rng);
/* pub = X25519(priv, 9) */
PKC_API pkc_err pkc_x25519_public_key(uint8_t pub[32], const uint8_t priv[32]);
/* shared = X25519(priv, peer); PKC_ERR_POINT when shared is all zero
 * (shared is then zeroed). */
PKC_API pkc_err pkc_x25519(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[32]);

/* The field arithmetic of pkc_x25519's ladder: AUTO picks four 64-bit limbs
 * with MULX/ADCX/ADOX when cpuid reports BMI2 and ADX (x86-64), else the
 * portable radix-2^51 code. Selecting ADX on a CPU without it returns
 * PKC_ERR_UNSUPPORTED. Process-wide; for tests and benchmarks. */
typedef enum {
    PKC_X25519_IMPL_AUTO = 0,
    PKC_X25519_IMPL_PORTABLE = 1,
    PKC_X25519_IMPL_ADX = 2
} pkc_x25519_impl;
PKC_API pkc_err pkc_x25519_set_impl(pkc_x25519_impl impl);
PKC_API pkc_x25519_impl pkc_x25519_get_impl(void); /* the one in use: PORTABLE or ADX */
PKC_API int pkc_x25519_have_adx(void);

/* An Ed25519 private key with what signing needs, expanded once from the
 * seed (RFC 8032 section 5.1.5): the clamped scalar s, the prefix, and the
 * public key A. Wipe it with pkc_ed25519_key_wipe. */
typedef struct {
    uint8_t seed[32];
    uint8_t scalar[32];   /* s, little-endian, clamped */
    uint8_t prefix[32];   /* the second half of SHA-512(seed) */
    uint8_t pub[32];      /* A = [s]B, encoded */
} pkc_ed25519_key;

PKC_API pkc_err pkc_ed25519_key_from_seed(pkc_ed25519_key *key, const uint8_t seed[32]);
PKC_API pkc_err pkc_ed25519_keygen(pkc_ed25519_key *key, pkc_rng *rng);
PKC_API void pkc_ed25519_key_wipe(pkc_ed25519_key *key);
/* RFC 8032 section 5.1.6 */
PKC_API pkc_err pkc_ed25519_sign(const pkc_ed25519_key *key, const uint8_t *msg, size_t len,
                                 uint8_t sig[64]);
/* RFC 8032 section 5.1.7: PKC_OK, PKC_ERR_VERIFY for a signature that does
 * not verify (including a non-canonical S or R), PKC_ERR_POINT for a public
 * key that does not decode. */
PKC_API pkc_err pkc_ed25519_verify(const uint8_t pub[32], const uint8_t *msg, size_t len,
                                   const uint8_t sig[64]);
/* Decodes pub (RFC 8032 section 5.1.3): PKC_OK or PKC_ERR_POINT. */
PKC_API pkc_err pkc_ed25519_check_public(const uint8_t pub[32]);

#ifdef __cplusplus
}
#endif
#endif
