/* pkc — HMAC-DRBG (NIST SP 800-90A rev. 1, section 10.1.2) and the pkc_rng
 * interface that every key generation takes. */
#ifndef PKC_RNG_H
#define PKC_RNG_H

#include "pkc/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/* SP 800-90A table 2: at most 2^48 requests between reseeds. */
#define PKC_DRBG_RESEED_INTERVAL ((uint64_t)1 << 48)
/* SP 800-90A: at most 2^19 bits (65536 bytes) per generate request. */
#define PKC_DRBG_MAX_REQUEST 65536

typedef struct {
    pkc_hash_alg alg;              /* PKC_HASH_SHA256 or PKC_HASH_SHA512 */
    size_t outlen;                 /* 32 or 64 */
    uint8_t K[PKC_HASH_MAX_SIZE];
    uint8_t V[PKC_HASH_MAX_SIZE];
    uint64_t reseed_counter;
    uint64_t reseed_interval;      /* PKC_DRBG_RESEED_INTERVAL unless lowered (tests) */
} pkc_hmac_drbg;

/* The DRBG mechanism itself, deterministic: SP 800-90A 10.1.2.3 - 10.1.2.5.
 * alg: SHA-256 or SHA-512 (SHA-224 and SHA-384 are accepted too).
 * entropy: at least 16 bytes (SP 800-90A asks for the security strength,
 * 32 bytes, for full strength: pkc_rng supplies 32); nonce and
 * personalisation may be empty. An additional input of length 0 is the
 * standard's Null string. No prediction resistance: when generate returns
 * PKC_ERR_RESEED the caller reseeds (pkc_rng does it automatically). */
PKC_API pkc_err pkc_hmac_drbg_instantiate(pkc_hmac_drbg *d, pkc_hash_alg alg,
                                          const uint8_t *entropy, size_t entropylen,
                                          const uint8_t *nonce, size_t noncelen,
                                          const uint8_t *pers, size_t perslen);
PKC_API pkc_err pkc_hmac_drbg_reseed(pkc_hmac_drbg *d, const uint8_t *entropy, size_t entropylen,
                                     const uint8_t *addl, size_t addllen);
/* Returns PKC_ERR_RESEED when reseed_counter > reseed_interval (nothing
 * written), PKC_ERR_ARG when outlen > PKC_DRBG_MAX_REQUEST. */
PKC_API pkc_err pkc_hmac_drbg_generate(pkc_hmac_drbg *d, uint8_t *out, size_t outlen,
                                       const uint8_t *addl, size_t addllen);
PKC_API void pkc_hmac_drbg_wipe(pkc_hmac_drbg *d);

typedef enum {
    PKC_RNG_RANDOM = 0,  /* entropy and nonce from getrandom(); reseeds from getrandom() */
    PKC_RNG_FIXED = 1    /* deterministic from a 64-bit seed: experiments and benchmarks only */
} pkc_rng_mode;

/* The random source every key generation and randomised operation takes.
 * Callers own the struct (no allocation). pkc_rng_bytes() reseeds the DRBG
 * automatically when its counter runs out (from getrandom() in random mode;
 * deterministically from the seed and a reseed count in fixed mode) and
 * splits requests larger than PKC_DRBG_MAX_REQUEST. */
/* Seeding (instantiate: SP 800-90A 10.1.2.3; reseed: 10.1.2.4; additional
 * input always empty):
 *
 * random mode: entropy_input = 32 bytes and nonce = 16 bytes from
 *   getrandom(); personalization = "pkc_rng random mode v1"; each reseed
 *   takes 32 fresh bytes from getrandom().
 *
 * fixed mode (seed S, a 64-bit integer; BE64 = 8 bytes big-endian; the
 *   strings are ASCII without their NUL):
 *   entropy_input    = "pkc fixed entropy" || BE64(S) || BE64(0)
 *   nonce            = "pkc fixed nonce"   || BE64(S)
 *   personalization  = "pkc_rng fixed-seed mode v1"
 *   k-th reseed (k = 1, 2, ...): entropy_input =
 *                      "pkc fixed entropy" || BE64(S) || BE64(k)
 *   So the same (alg, seed) always gives the same byte stream, on any
 *   machine, and different seeds give unrelated streams. It is public
 *   knowledge: never use fixed mode for real keys.
 *
 * pkc_rng_bytes(rng, out, len) is one DRBG generate per 65536-byte chunk
 * (the last chunk shorter), so the stream does depend on how a caller cuts
 * its requests. Each generate costs about ten hash compressions of fixed overhead
 * besides two per output block: ask for large buffers when speed matters
 * (e.g. fill 64 KiB and slice it into 32-bit values). */
typedef struct {
    pkc_hmac_drbg drbg;
    pkc_rng_mode mode;
    uint64_t seed;         /* fixed mode only */
    uint64_t reseeds;      /* how many reseeds so far */
} pkc_rng;

/* alg: SHA-256 or SHA-512 (SHA-224/384 accepted); anything else PKC_ERR_ARG. */
PKC_API pkc_err pkc_rng_init_random(pkc_rng *rng, pkc_hash_alg alg);
PKC_API pkc_err pkc_rng_init_fixed(pkc_rng *rng, pkc_hash_alg alg, uint64_t seed);
/* On error the whole of out is zeroed (never a partly filled buffer). */
PKC_API pkc_err pkc_rng_bytes(pkc_rng *rng, uint8_t *out, size_t len);
/* A uniform integer in [0, bound), bound >= 1, by rejection sampling:
 * 8 bytes per draw (big-endian), masked to the bit length of bound - 1,
 * redrawn while >= bound. bound == 1 gives 0 and uses no randomness. */
PKC_API pkc_err pkc_rng_uniform_u64(pkc_rng *rng, uint64_t bound, uint64_t *out);
PKC_API void pkc_rng_wipe(pkc_rng *rng);

/* Fills out from the operating system (getrandom), retrying on EINTR and
 * short reads. */
PKC_API pkc_err pkc_os_random(uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif
#endif
