/* pkc — SHA-1 (FIPS 180-4 sections 5.3.1, 6.1).
 *
 * Kept only for interoperability (RSA-OAEP and MGF1 test vectors use it);
 * SHA-1 is broken for collision resistance and is never offered for
 * signatures. Portable code; only the data length is observable in timing.
 */
#include <string.h>

#include "md_buffer.h"
#include "pkc/hash.h"

static inline uint32_t rol32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

/* Section 6.1.2, with the message schedule kept in a 16-word ring
 * (W_t = ROTL1(W_{t-3} ^ W_{t-8} ^ W_{t-14} ^ W_{t-16})). */
static void sha1_compress(uint32_t st[5], const uint8_t *p, size_t nblocks)
{
    uint32_t W[16];
    while (nblocks--) {
        uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4];
        for (int t = 0; t < 80; t++) {
            uint32_t w, f, k;
            if (t < 16) {
                w = W[t] = md_load_be32(p + 4 * t);
            } else {
                w = W[t & 15] = rol32(W[(t - 3) & 15] ^ W[(t - 8) & 15] ^ W[(t - 14) & 15] ^
                                          W[t & 15], 1);
            }
            /* Section 4.1.1 functions and section 4.2.1 constants; t is
             * public, so these branches leak nothing. */
            if (t < 20) {
                f = d ^ (b & (c ^ d));
                k = 0x5a827999;
            } else if (t < 40) {
                f = b ^ c ^ d;
                k = 0x6ed9eba1;
            } else if (t < 60) {
                f = (b & c) | (d & (b | c));
                k = 0x8f1bbcdc;
            } else {
                f = b ^ c ^ d;
                k = 0xca62c1d6;
            }
            uint32_t tmp = rol32(a, 5) + f + e + k + w;
            e = d;
            d = c;
            c = rol32(b, 30);
            b = a;
            a = tmp;
        }
        st[0] += a;
        st[1] += b;
        st[2] += c;
        st[3] += d;
        st[4] += e;
        p += 64;
    }
    pkc_memzero(W, sizeof W);
}

void pkc_sha1_init(pkc_sha1_ctx *ctx)
{
    /* Section 5.3.1 */
    ctx->h[0] = 0x67452301;
    ctx->h[1] = 0xefcdab89;
    ctx->h[2] = 0x98badcfe;
    ctx->h[3] = 0x10325476;
    ctx->h[4] = 0xc3d2e1f0;
    ctx->len = 0;
    ctx->buflen = 0;
}

static void sha1_compress_cb(void *state, const uint8_t *blocks, size_t n)
{
    sha1_compress(state, blocks, n);
}

void pkc_sha1_update(pkc_sha1_ctx *ctx, const void *data, size_t len)
{
    if (len == 0)
        return;
    ctx->len += len;
    md_absorb(ctx->h, sha1_compress_cb, ctx->buf, &ctx->buflen, 64, data, len);
}

void pkc_sha1_final(pkc_sha1_ctx *ctx, uint8_t out[20])
{
    /* Section 5.1.1 padding, as for SHA-256. */
    md_finish(ctx->h, sha1_compress_cb, ctx->buf, ctx->buflen, 64, 0, ctx->len << 3);
    for (int i = 0; i < 5; i++)
        md_store_be32(out + 4 * i, ctx->h[i]);
    pkc_memzero(ctx, sizeof *ctx);
}
