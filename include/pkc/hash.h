/* pkc — SHA-1 and SHA-2 (FIPS 180-4), SHA-3 and SHAKE (FIPS 202):
 * streaming and one-shot, plus a generic interface selected by
 * pkc_hash_alg (the fixed-length functions; SHAKE through its own calls). */
#ifndef PKC_HASH_H
#define PKC_HASH_H

#include "pkc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PKC_HASH_SHA1 = 1,    /* only for OAEP/MGF1 interoperability; not for signatures */
    PKC_HASH_SHA224 = 2,
    PKC_HASH_SHA256 = 3,
    PKC_HASH_SHA384 = 4,
    PKC_HASH_SHA512 = 5,
    PKC_HASH_SHA3_224 = 6,
    PKC_HASH_SHA3_256 = 7,
    PKC_HASH_SHA3_384 = 8,
    PKC_HASH_SHA3_512 = 9
} pkc_hash_alg;

#define PKC_HASH_MAX_SIZE 64
#define PKC_HASH_MAX_BLOCK 144 /* SHA3-224's rate */

typedef struct {
    uint32_t h[5];
    uint64_t len;          /* bytes hashed so far */
    uint8_t buf[64];
    size_t buflen;
} pkc_sha1_ctx;

typedef struct {           /* SHA-224 and SHA-256 */
    uint32_t h[8];
    uint64_t len;
    uint8_t buf[64];
    size_t buflen;
    size_t outlen;         /* 28 or 32 */
} pkc_sha256_ctx;

typedef struct {           /* SHA-384 and SHA-512 */
    uint64_t h[8];
    uint64_t len_lo, len_hi;
    uint8_t buf[128];
    size_t buflen;
    size_t outlen;         /* 48 or 64 */
} pkc_sha512_ctx;

/* SHA-3 and SHAKE (FIPS 202): Keccak-f[1600] sponge. */
typedef struct {
    uint64_t a[25];        /* the state */
    size_t rate;           /* bytes: 144, 136, 104, 72 (SHA3-224..512), 168 (SHAKE128), 136 (SHAKE256) */
    size_t pos;            /* bytes absorbed into the current block, or squeezed from it */
    size_t outlen;         /* digest bytes for SHA3-*; 0 for SHAKE */
    uint8_t suffix;        /* domain padding: 0x06 SHA-3, 0x1f SHAKE */
    uint8_t squeezing;     /* SHAKE: 1 once output has been read */
} pkc_sha3_ctx;

typedef struct {
    pkc_hash_alg alg;
    union {
        pkc_sha1_ctx sha1;
        pkc_sha256_ctx sha256;
        pkc_sha512_ctx sha512;
        pkc_sha3_ctx sha3;
    } u;
} pkc_hash_ctx;

/* Streaming: init, any number of updates (any lengths, data may be NULL
 * when len is 0), then final, which writes the digest and wipes the
 * context (init it again to reuse it). A context may be copied by struct
 * assignment to fork a hash of a common prefix. */
PKC_API void pkc_sha1_init(pkc_sha1_ctx *ctx);
PKC_API void pkc_sha1_update(pkc_sha1_ctx *ctx, const void *data, size_t len);
PKC_API void pkc_sha1_final(pkc_sha1_ctx *ctx, uint8_t out[20]);

PKC_API void pkc_sha224_init(pkc_sha256_ctx *ctx);
PKC_API void pkc_sha256_init(pkc_sha256_ctx *ctx);
PKC_API void pkc_sha256_update(pkc_sha256_ctx *ctx, const void *data, size_t len);
PKC_API void pkc_sha256_final(pkc_sha256_ctx *ctx, uint8_t *out); /* 28 or 32 bytes */

PKC_API void pkc_sha384_init(pkc_sha512_ctx *ctx);
PKC_API void pkc_sha512_init(pkc_sha512_ctx *ctx);
PKC_API void pkc_sha512_update(pkc_sha512_ctx *ctx, const void *data, size_t len);
PKC_API void pkc_sha512_final(pkc_sha512_ctx *ctx, uint8_t *out); /* 48 or 64 bytes */

/* SHA-3 and SHAKE, the same way: init, updates, then final (SHA3-*) or
 * squeezes (SHAKE); a context may be copied to fork it. */
PKC_API void pkc_sha3_init(pkc_sha3_ctx *ctx, size_t outlen);  /* outlen 28, 32, 48 or 64 */
PKC_API void pkc_sha3_update(pkc_sha3_ctx *ctx, const void *data, size_t len);
PKC_API void pkc_sha3_final(pkc_sha3_ctx *ctx, uint8_t *out);  /* outlen bytes; wipes ctx */
PKC_API void pkc_shake128_init(pkc_sha3_ctx *ctx);
PKC_API void pkc_shake256_init(pkc_sha3_ctx *ctx);
/* absorb with pkc_sha3_update; then squeeze any number of times, any lengths
 * (output is the concatenation; updates after the first squeeze are
 * ignored); pkc_sha3_wipe when done */
PKC_API void pkc_shake_squeeze(pkc_sha3_ctx *ctx, uint8_t *out, size_t len);
PKC_API void pkc_sha3_wipe(pkc_sha3_ctx *ctx);
/* one-shot SHAKE256 */
PKC_API void pkc_shake256(uint8_t *out, size_t outlen, const void *data, size_t len);

/* SHA-256 compression implementations: AUTO picks the CPU's SHA extensions
 * when cpuid reports them, else the portable code. Selecting SHANI on a CPU
 * without it returns PKC_ERR_UNSUPPORTED. Process-wide; for tests and
 * benchmarks. */
typedef enum {
    PKC_SHA256_IMPL_AUTO = 0,
    PKC_SHA256_IMPL_PORTABLE = 1,
    PKC_SHA256_IMPL_SHANI = 2
} pkc_sha256_impl;
PKC_API pkc_err pkc_sha256_set_impl(pkc_sha256_impl impl);
PKC_API pkc_sha256_impl pkc_sha256_get_impl(void); /* the one in use: PORTABLE or SHANI */
PKC_API int pkc_sha256_have_shani(void);

/* Generic interface. pkc_hash_init fails with PKC_ERR_ARG for an unknown
 * alg and leaves a context on which update and final do nothing;
 * pkc_hash_final wipes the context. */
PKC_API size_t pkc_hash_size(pkc_hash_alg alg);        /* 0 for an unknown alg */
PKC_API size_t pkc_hash_block_size(pkc_hash_alg alg);  /* 0 for an unknown alg */
PKC_API const char *pkc_hash_name(pkc_hash_alg alg);   /* "sha256", "sha3-256", ...; NULL if unknown */
/* Accepts "sha256", "SHA256", "sha-256", "SHA-256", "sha3-256", "SHA3-256",
 * "sha3_256" etc. (SHA-3 needs the separator). */
PKC_API pkc_err pkc_hash_from_name(const char *name, pkc_hash_alg *alg);
PKC_API pkc_err pkc_hash_init(pkc_hash_ctx *ctx, pkc_hash_alg alg);
PKC_API void pkc_hash_update(pkc_hash_ctx *ctx, const void *data, size_t len);
PKC_API void pkc_hash_final(pkc_hash_ctx *ctx, uint8_t *out); /* pkc_hash_size bytes */
PKC_API pkc_err pkc_hash(pkc_hash_alg alg, const void *data, size_t len, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif
