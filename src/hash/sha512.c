/* pkc — SHA-384 and SHA-512 (FIPS 180-4 sections 5.3.4, 5.3.5, 6.4, 6.5).
 *
 * Portable 64-bit code. Timing: no branch or memory index depends on the
 * data hashed; only its length is observable.
 */
#include <string.h>

#include "md_buffer.h"
#include "pkc/hash.h"

/* FIPS 180-4 section 4.2.3: the first 64 bits of the fractional parts of the
 * cube roots of the first 80 primes. */
static const uint64_t K512[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

static inline uint64_t ror64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

/* Section 4.1.3 functions. */
#define BSIG0(x) (ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39))
#define BSIG1(x) (ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41))
#define SSIG0(x) (ror64(x, 1) ^ ror64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ror64(x, 19) ^ ror64(x, 61) ^ ((x) >> 6))

/* Section 6.4.2: sha512_compress(st, p, nblocks) on 128-byte blocks. */
#define SHA2_WORD uint64_t
#define SHA2_ROUNDS 80
#define SHA2_K K512
#define SHA2_LOAD md_load_be64
#define SHA2_COMPRESS sha512_compress
#include "sha2_compress.h"

/* Sections 5.3.4 and 5.3.5: the initial hash value of each length. */
static void sha512_start(pkc_sha512_ctx *ctx, const uint64_t iv[8], size_t outlen)
{
    memcpy(ctx->h, iv, 8 * sizeof iv[0]);
    ctx->len_lo = ctx->len_hi = 0;
    ctx->buflen = 0;
    ctx->outlen = outlen;
}

void pkc_sha384_init(pkc_sha512_ctx *ctx)
{
    /* FIPS 180-4 section 5.3.4 */
    static const uint64_t iv[8] = {
        0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
        0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL};
    sha512_start(ctx, iv, 48);
}

void pkc_sha512_init(pkc_sha512_ctx *ctx)
{
    /* FIPS 180-4 section 5.3.5 */
    static const uint64_t iv[8] = {
        0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
        0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
    sha512_start(ctx, iv, 64);
}

static void sha512_compress_cb(void *state, const uint8_t *blocks, size_t n)
{
    sha512_compress(state, blocks, n);
}

void pkc_sha512_update(pkc_sha512_ctx *ctx, const void *data, size_t len)
{
    if (len == 0)
        return;
    /* 128-bit byte count: len_hi:len_lo */
    uint64_t lo = ctx->len_lo + (uint64_t)len;
    ctx->len_hi += (lo < ctx->len_lo);
    ctx->len_lo = lo;
    md_absorb(ctx->h, sha512_compress_cb, ctx->buf, &ctx->buflen, 128, data, len);
}

void pkc_sha512_final(pkc_sha512_ctx *ctx, uint8_t *out)
{
    /* Section 5.1.2: the 128-bit length in bits */
    uint64_t bits_hi = ctx->len_hi << 3 | ctx->len_lo >> 61;
    uint64_t bits_lo = ctx->len_lo << 3;
    md_finish(ctx->h, sha512_compress_cb, ctx->buf, ctx->buflen, 128, bits_hi, bits_lo);
    size_t words = (ctx->outlen == 48) ? 6 : 8; /* SHA-384: section 6.5, leftmost 384 bits */
    for (size_t i = 0; i < words; i++)
        md_store_be64(out + 8 * i, ctx->h[i]);
    pkc_memzero(ctx, sizeof *ctx);
}
