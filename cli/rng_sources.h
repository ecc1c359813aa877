/* pkc rng — the byte sources `pkc rng` draws from.
 *
 * Two real sources: the library's HMAC-DRBG (pkc_rng, fixed or random mode)
 * and the operating system's generator (pkc_os_random, i.e. getrandom).
 *
 * Two REFERENCE WEAK GENERATORS, which exist only so that the statistical
 * battery has something it must catch. They live here, in the command, and
 * never in the library: nothing may use them for keys.
 *   - lcg:    x' = (37 x + 1) mod 2^32, each state written as 4 little-endian
 *             bytes. Full period, so its 1-D distribution is (too) perfect,
 *             but the multiplier is deliberately tiny: the spectral test's
 *             nu_2 is sqrt(37^2 + 1) ~ 37 instead of ~2^16 for a good
 *             multiplier, so consecutive pairs (x_i, x_i+1)/2^32 lie on ~37
 *             lines (Knuth, TAOCP vol. 2, 3.3.4), the serial correlation is
 *             ~1/37 (3.3.3, theorem K), and bit j of the state has period
 *             2^(j+1) (bit 0 alternates).
 *   - biased: independent bits, each 1 with probability 34079/65536
 *             (0.52000), drawn from xoshiro256** (seeded by splitmix64).
 */
#ifndef PKC_CLI_RNG_SOURCES_H
#define PKC_CLI_RNG_SOURCES_H

#include <stddef.h>
#include <stdint.h>

#include "pkc/rng.h"

typedef enum {
    RNG_SRC_DRBG = 0,
    RNG_SRC_OS = 1,
    RNG_SRC_LCG = 2,     /* reference weak generator */
    RNG_SRC_BIASED = 3   /* reference weak generator */
} rng_source_kind;

#define RNG_LCG_A 37u
#define RNG_LCG_C 1u
/* P(bit = 1) of the biased source, as a 16-bit threshold: 34079/65536. */
#define RNG_BIASED_THRESHOLD 34079u

typedef struct {
    rng_source_kind kind;
    int fixed;            /* seeded from `seed` (1) or from the OS (0) */
    uint64_t seed;        /* the seed used: given, or drawn from the OS for weak sources */
    pkc_rng drbg;         /* RNG_SRC_DRBG */
    uint32_t lcg;         /* RNG_SRC_LCG state */
    uint64_t xs[4];       /* RNG_SRC_BIASED: xoshiro256** state */
    uint8_t *block;       /* RNG_SOURCE_BLOCK bytes: the stream is made block by block */
    size_t pos;           /* bytes of block already handed out */
} rng_source;

/* The stream is generated in blocks of this size (one DRBG generate request
 * each, SP 800-90A's maximum), so it never depends on how callers split it. */
#define RNG_SOURCE_BLOCK 65536

/* "drbg", "os", "lcg", "biased" -> kind; returns 0, or -1 for an unknown name. */
int rng_source_parse(const char *name, rng_source_kind *kind);
const char *rng_source_name(rng_source_kind kind);
/* 1 for the reference weak generators. */
int rng_source_is_weak(rng_source_kind kind);

/* Sets the source up. fixed: deterministic from seed (not allowed for the
 * OS source: PKC_ERR_ARG); otherwise seeded from getrandom. alg selects the
 * DRBG's hash (PKC_HASH_SHA256 or PKC_HASH_SHA512). */
pkc_err rng_source_init(rng_source *s, rng_source_kind kind, int fixed, uint64_t seed,
                        pkc_hash_alg alg);
/* Fills out with the next len bytes of the source's stream; the stream does
 * not depend on how it is split into calls. */
pkc_err rng_source_fill(rng_source *s, uint8_t *out, size_t len);
/* Wipes and frees what init set up. */
void rng_source_wipe(rng_source *s);

#endif
