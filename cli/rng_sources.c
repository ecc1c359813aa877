/* pkc rng — byte sources: the HMAC-DRBG, the OS generator, and the two
 * reference weak generators (see rng_sources.h for why they are weak). */
#include "rng_sources.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"drbg", "os", "lcg", "biased"};

int rng_source_parse(const char *name, rng_source_kind *kind)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0) {
            *kind = (rng_source_kind)i;
            return 0;
        }
    return -1;
}

const char *rng_source_name(rng_source_kind kind)
{
    return (unsigned)kind < 4 ? names[kind] : "?";
}

int rng_source_is_weak(rng_source_kind kind)
{
    return kind == RNG_SRC_LCG || kind == RNG_SRC_BIASED;
}

/* splitmix64 (Steele, Lea, Flood 2014): spreads a small seed over the
 * weak generators' state words. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman, Vigna 2018): the uniform bits under the biased source. */
static inline uint64_t xoshiro(uint64_t s[4])
{
    uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

pkc_err rng_source_init(rng_source *s, rng_source_kind kind, int fixed, uint64_t seed,
                        pkc_hash_alg alg)
{
    pkc_err e = PKC_OK;
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->fixed = fixed;
    if (kind == RNG_SRC_OS && fixed)
        return PKC_ERR_ARG;
    if (kind == RNG_SRC_DRBG) {
        e = fixed ? pkc_rng_init_fixed(&s->drbg, alg, seed) : pkc_rng_init_random(&s->drbg, alg);
    } else if (rng_source_is_weak(kind)) {
        if (!fixed)
            e = pkc_os_random((uint8_t *)&seed, sizeof seed);
        uint64_t x = seed;
        s->lcg = (uint32_t)splitmix64(&x);
        for (int i = 0; i < 4; i++)
            s->xs[i] = splitmix64(&x);
    } else if (kind != RNG_SRC_OS) {
        return PKC_ERR_ARG;
    }
    if (e != PKC_OK)
        return e;
    s->seed = seed;
    s->block = malloc(RNG_SOURCE_BLOCK);
    if (!s->block) {
        rng_source_wipe(s);
        return PKC_ERR_NOMEM;
    }
    s->pos = RNG_SOURCE_BLOCK; /* empty */
    return PKC_OK;
}

static void lcg_block(rng_source *s, uint8_t *out, size_t len)
{
    uint32_t x = s->lcg;
    for (size_t i = 0; i + 4 <= len; i += 4) {
        x = RNG_LCG_A * x + RNG_LCG_C; /* mod 2^32 by unsigned wrap-around */
        out[i] = (uint8_t)x;
        out[i + 1] = (uint8_t)(x >> 8);
        out[i + 2] = (uint8_t)(x >> 16);
        out[i + 3] = (uint8_t)(x >> 24);
    }
    s->lcg = x;
}

static void biased_block(rng_source *s, uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i += 2) {
        /* 64 uniform bits make 4 biased bits; two draws per output byte. */
        uint64_t r0 = xoshiro(s->xs), r1 = xoshiro(s->xs);
        unsigned b0 = 0, b1 = 0;
        for (int j = 0; j < 4; j++) {
            b0 = (b0 << 1) | ((r0 >> (16 * j) & 0xffff) < RNG_BIASED_THRESHOLD);
            b0 = (b0 << 1) | ((r1 >> (16 * j) & 0xffff) < RNG_BIASED_THRESHOLD);
        }
        uint64_t r2 = xoshiro(s->xs), r3 = xoshiro(s->xs);
        for (int j = 0; j < 4; j++) {
            b1 = (b1 << 1) | ((r2 >> (16 * j) & 0xffff) < RNG_BIASED_THRESHOLD);
            b1 = (b1 << 1) | ((r3 >> (16 * j) & 0xffff) < RNG_BIASED_THRESHOLD);
        }
        out[i] = (uint8_t)b0;
        if (i + 1 < len)
            out[i + 1] = (uint8_t)b1;
    }
}

/* One block of the stream, straight into out (len == RNG_SOURCE_BLOCK). */
static pkc_err make_block(rng_source *s, uint8_t *out)
{
    switch (s->kind) {
    case RNG_SRC_DRBG:
        return pkc_rng_bytes(&s->drbg, out, RNG_SOURCE_BLOCK);
    case RNG_SRC_OS:
        return pkc_os_random(out, RNG_SOURCE_BLOCK);
    case RNG_SRC_LCG:
        lcg_block(s, out, RNG_SOURCE_BLOCK);
        return PKC_OK;
    case RNG_SRC_BIASED:
        biased_block(s, out, RNG_SOURCE_BLOCK);
        return PKC_OK;
    }
    return PKC_ERR_ARG;
}

pkc_err rng_source_fill(rng_source *s, uint8_t *out, size_t len)
{
    if (!s || !s->block)
        return PKC_ERR_ARG;
    while (len) {
        if (s->pos == RNG_SOURCE_BLOCK) {
            /* Whole blocks go straight to the caller: no copy in bulk use. */
            while (len >= RNG_SOURCE_BLOCK) {
                pkc_err e = make_block(s, out);
                if (e)
                    return e;
                out += RNG_SOURCE_BLOCK;
                len -= RNG_SOURCE_BLOCK;
            }
            if (!len)
                break;
            pkc_err e = make_block(s, s->block);
            if (e)
                return e;
            s->pos = 0;
        }
        size_t k = RNG_SOURCE_BLOCK - s->pos;
        if (k > len)
            k = len;
        memcpy(out, s->block + s->pos, k);
        s->pos += k;
        out += k;
        len -= k;
    }
    return PKC_OK;
}

void rng_source_wipe(rng_source *s)
{
    if (!s)
        return;
    if (s->block) {
        pkc_memzero(s->block, RNG_SOURCE_BLOCK);
        free(s->block);
    }
    pkc_rng_wipe(&s->drbg);
    pkc_memzero(s, sizeof *s);
}
