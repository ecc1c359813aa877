/* pkc — SHA-3 and SHAKE (FIPS 202): the Keccak-f[1600] permutation and the
 * sponge around it.
 *
 * The state is FIPS 202's 5x5 array of 64-bit lanes, lane (x, y) in a[x + 5y],
 * each lane holding its bytes little-endian (section 3.1.2 and B.1: the byte
 * string S maps to lanes of bits A[x, y, z] = S[64(5y + x) + z]). Portable
 * 64-bit code, one round unrolled. Timing: the permutation is straight-line
 * code of XOR, AND, NOT and constant rotations, with no branch or memory
 * index depending on the state; the sponge's branches and buffer positions
 * depend only on the lengths absorbed and squeezed.
 */
#include <string.h>

#include "pkc/hash.h"

/* Section 3.2.5, Algorithms 5 and 6: RC[i_r] for the 24 rounds of
 * Keccak-p[1600, 24] = Keccak-f[1600] (its bits 2^j - 1 are rc(j + 7 i_r)). */
static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

static inline uint64_t rol64(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

/* Section 3.3, Algorithm 7 with Keccak-f[1600]: 24 rounds of
 * Rnd(A, i_r) = iota(chi(pi(rho(theta(A)))), i_r). In each round theta's
 * column parities c and their combinations d (section 3.2.1) are added to
 * the lanes as they are read; rho's rotation offsets (section 3.2.2, Table
 * 2) and pi's permutation of positions (3.2.3: A'[x, y] = A[(x + 3y) mod 5,
 * x]) give the lanes b; chi (3.2.4) writes the new state
 * A[x, y] = b[x, y] ^ (~b[x + 1, y] & b[x + 2, y]); iota (3.2.5) adds the
 * round constant to lane (0, 0). Local aXY is lane x = X, y = Y. */
static void keccak_f1600(uint64_t s[25])
{
    uint64_t a00 = s[0], a10 = s[1], a20 = s[2], a30 = s[3], a40 = s[4];
    uint64_t a01 = s[5], a11 = s[6], a21 = s[7], a31 = s[8], a41 = s[9];
    uint64_t a02 = s[10], a12 = s[11], a22 = s[12], a32 = s[13], a42 = s[14];
    uint64_t a03 = s[15], a13 = s[16], a23 = s[17], a33 = s[18], a43 = s[19];
    uint64_t a04 = s[20], a14 = s[21], a24 = s[22], a34 = s[23], a44 = s[24];
    for (int round = 0; round < 24; round++) {
        uint64_t c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
        uint64_t c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
        uint64_t c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
        uint64_t c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
        uint64_t c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
        uint64_t d0 = c4 ^ rol64(c1, 1);
        uint64_t d1 = c0 ^ rol64(c2, 1);
        uint64_t d2 = c1 ^ rol64(c3, 1);
        uint64_t d3 = c2 ^ rol64(c4, 1);
        uint64_t d4 = c3 ^ rol64(c0, 1);
        uint64_t b00 = a00 ^ d0;
        uint64_t b10 = rol64(a11 ^ d1, 44);
        uint64_t b20 = rol64(a22 ^ d2, 43);
        uint64_t b30 = rol64(a33 ^ d3, 21);
        uint64_t b40 = rol64(a44 ^ d4, 14);
        uint64_t b01 = rol64(a30 ^ d3, 28);
        uint64_t b11 = rol64(a41 ^ d4, 20);
        uint64_t b21 = rol64(a02 ^ d0, 3);
        uint64_t b31 = rol64(a13 ^ d1, 45);
        uint64_t b41 = rol64(a24 ^ d2, 61);
        uint64_t b02 = rol64(a10 ^ d1, 1);
        uint64_t b12 = rol64(a21 ^ d2, 6);
        uint64_t b22 = rol64(a32 ^ d3, 25);
        uint64_t b32 = rol64(a43 ^ d4, 8);
        uint64_t b42 = rol64(a04 ^ d0, 18);
        uint64_t b03 = rol64(a40 ^ d4, 27);
        uint64_t b13 = rol64(a01 ^ d0, 36);
        uint64_t b23 = rol64(a12 ^ d1, 10);
        uint64_t b33 = rol64(a23 ^ d2, 15);
        uint64_t b43 = rol64(a34 ^ d3, 56);
        uint64_t b04 = rol64(a20 ^ d2, 62);
        uint64_t b14 = rol64(a31 ^ d3, 55);
        uint64_t b24 = rol64(a42 ^ d4, 39);
        uint64_t b34 = rol64(a03 ^ d0, 41);
        uint64_t b44 = rol64(a14 ^ d1, 2);
        a00 = b00 ^ (~b10 & b20);
        a10 = b10 ^ (~b20 & b30);
        a20 = b20 ^ (~b30 & b40);
        a30 = b30 ^ (~b40 & b00);
        a40 = b40 ^ (~b00 & b10);
        a01 = b01 ^ (~b11 & b21);
        a11 = b11 ^ (~b21 & b31);
        a21 = b21 ^ (~b31 & b41);
        a31 = b31 ^ (~b41 & b01);
        a41 = b41 ^ (~b01 & b11);
        a02 = b02 ^ (~b12 & b22);
        a12 = b12 ^ (~b22 & b32);
        a22 = b22 ^ (~b32 & b42);
        a32 = b32 ^ (~b42 & b02);
        a42 = b42 ^ (~b02 & b12);
        a03 = b03 ^ (~b13 & b23);
        a13 = b13 ^ (~b23 & b33);
        a23 = b23 ^ (~b33 & b43);
        a33 = b33 ^ (~b43 & b03);
        a43 = b43 ^ (~b03 & b13);
        a04 = b04 ^ (~b14 & b24);
        a14 = b14 ^ (~b24 & b34);
        a24 = b24 ^ (~b34 & b44);
        a34 = b34 ^ (~b44 & b04);
        a44 = b44 ^ (~b04 & b14);
        a00 ^= keccak_rc[round];
    }
    s[0] = a00; s[1] = a10; s[2] = a20; s[3] = a30; s[4] = a40;
    s[5] = a01; s[6] = a11; s[7] = a21; s[8] = a31; s[9] = a41;
    s[10] = a02; s[11] = a12; s[12] = a22; s[13] = a32; s[14] = a42;
    s[15] = a03; s[16] = a13; s[17] = a23; s[18] = a33; s[19] = a43;
    s[20] = a04; s[21] = a14; s[22] = a24; s[23] = a34; s[24] = a44;
}

static inline uint64_t load_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static inline void store_le64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

/* Section 4, Algorithm 8, SPONGE[f, pad10*1, r] with capacity c = 1600 - r:
 * every rate-byte block is XORed into the first r/8 bytes of the state and
 * the state permuted. All rates are multiples of 8 bytes. */
static void sponge_start(pkc_sha3_ctx *ctx, size_t rate, size_t outlen, uint8_t suffix)
{
    memset(ctx->a, 0, sizeof ctx->a);
    ctx->rate = rate;
    ctx->pos = 0;
    ctx->outlen = outlen;
    ctx->suffix = suffix;
    ctx->squeezing = 0;
}

void pkc_sha3_init(pkc_sha3_ctx *ctx, size_t outlen)
{
    /* Section 6.1: SHA3-d = KECCAK[c = 2d](M || 01, d), so r = 200 - 2d
     * bytes; the two suffix bits 01 and pad10*1's first 1 make the byte
     * 0x06 (bits are taken least significant first, appendix B.2). An
     * outlen other than 28, 32, 48 or 64 is a caller's error: it gets
     * SHA3-256 rather than a rate that would overrun the state. */
    if (outlen != 28 && outlen != 48 && outlen != 64)
        outlen = 32;
    sponge_start(ctx, 200 - 2 * outlen, outlen, 0x06);
}

void pkc_shake128_init(pkc_sha3_ctx *ctx)
{
    /* Section 6.2: SHAKE128(M, d) = KECCAK[256](M || 1111, d): r = 168
     * bytes; suffix 1111 and pad's first 1 make 0x1f. */
    sponge_start(ctx, 168, 0, 0x1f);
}

void pkc_shake256_init(pkc_sha3_ctx *ctx)
{
    sponge_start(ctx, 136, 0, 0x1f); /* KECCAK[512](M || 1111, d) */
}

void pkc_sha3_update(pkc_sha3_ctx *ctx, const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t rate = ctx->rate, pos = ctx->pos;
    if (ctx->squeezing || len == 0)
        return; /* a SHAKE whose output has been read takes no more input */
    while (len > 0) {
        if ((pos & 7) == 0 && len >= 8) {
            /* whole lanes, up to the end of the block */
            size_t n = (rate - pos) / 8;
            if (n > len / 8)
                n = len / 8;
            uint64_t *lane = ctx->a + pos / 8;
            for (size_t i = 0; i < n; i++)
                lane[i] ^= load_le64(p + 8 * i);
            pos += 8 * n;
            p += 8 * n;
            len -= 8 * n;
        } else {
            ctx->a[pos / 8] ^= (uint64_t)*p++ << (8 * (pos & 7));
            pos++;
            len--;
        }
        if (pos == rate) {
            keccak_f1600(ctx->a);
            pos = 0;
        }
    }
    ctx->pos = pos;
}

/* Section 5.1, pad10*1, with the domain suffix in front: the suffix byte at
 * the current position and the final 1 bit at the last byte of the block
 * (both in one byte, 0x86 or 0x9f, when a single byte is left). Then the
 * first permutation of the squeezing phase. */
static void sponge_pad(pkc_sha3_ctx *ctx)
{
    ctx->a[ctx->pos / 8] ^= (uint64_t)ctx->suffix << (8 * (ctx->pos & 7));
    ctx->a[(ctx->rate - 1) / 8] ^= (uint64_t)0x80 << 56;
    keccak_f1600(ctx->a);
    ctx->pos = 0;
}

/* Squeezes len bytes from the state, from ctx->pos on, permuting between
 * blocks (Algorithm 8 steps 7 to 10). */
static void sponge_squeeze(pkc_sha3_ctx *ctx, uint8_t *out, size_t len)
{
    size_t rate = ctx->rate, pos = ctx->pos;
    while (len > 0) {
        if (pos == rate) {
            keccak_f1600(ctx->a);
            pos = 0;
        }
        if ((pos & 7) == 0 && len >= 8) {
            size_t n = (rate - pos) / 8;
            if (n > len / 8)
                n = len / 8;
            const uint64_t *lane = ctx->a + pos / 8;
            for (size_t i = 0; i < n; i++)
                store_le64(out + 8 * i, lane[i]);
            pos += 8 * n;
            out += 8 * n;
            len -= 8 * n;
        } else {
            *out++ = (uint8_t)(ctx->a[pos / 8] >> (8 * (pos & 7)));
            pos++;
            len--;
        }
    }
    ctx->pos = pos;
}

void pkc_sha3_final(pkc_sha3_ctx *ctx, uint8_t *out)
{
    /* d <= r for every SHA3-d: one block of output */
    sponge_pad(ctx);
    sponge_squeeze(ctx, out, ctx->outlen);
    pkc_sha3_wipe(ctx);
}

void pkc_shake_squeeze(pkc_sha3_ctx *ctx, uint8_t *out, size_t len)
{
    if (!ctx->squeezing) {
        sponge_pad(ctx);
        ctx->squeezing = 1;
    }
    sponge_squeeze(ctx, out, len);
}

void pkc_sha3_wipe(pkc_sha3_ctx *ctx)
{
    pkc_memzero(ctx, sizeof *ctx);
}

void pkc_shake256(uint8_t *out, size_t outlen, const void *data, size_t len)
{
    pkc_sha3_ctx ctx;
    pkc_shake256_init(&ctx);
    pkc_sha3_update(&ctx, data, len);
    pkc_shake_squeeze(&ctx, out, outlen);
    pkc_sha3_wipe(&ctx);
}
