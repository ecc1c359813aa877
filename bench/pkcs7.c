/* pkc bench — PKCS#7 padding around a library's whole-block ECB/CBC
 * (bench/pkcs7.h). */
#include "pkcs7.h"

#include <string.h>

int bench_pkcs7_encrypt(bench_blocks_fn f, void *ctx, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen)
{
    size_t whole = len & ~(size_t)15, rest = len - whole;
    uint8_t last[16];
    if (whole && f(ctx, out, in, whole) != 0)
        return -1;
    memcpy(last, in + whole, rest);
    memset(last + rest, (int)(16 - rest), 16 - rest);
    if (f(ctx, out + whole, last, 16) != 0)
        return -1;
    *outlen = whole + 16;
    return 0;
}

int bench_pkcs7_decrypt(bench_blocks_fn f, void *ctx, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen)
{
    if (len == 0 || len % 16 != 0 || f(ctx, out, in, len) != 0)
        return -1;
    const uint8_t *last = out + len - 16;
    unsigned n = last[15], bad = (unsigned)(n == 0) | (unsigned)(n > 16);
    /* every byte of the last block at position >= 16 - n must equal n */
    for (unsigned i = 0; i < 16; i++) {
        unsigned in_pad = (unsigned)(i + n >= 16);
        bad |= in_pad & (unsigned)(last[i] != n);
    }
    if (bad)
        return -1;
    *outlen = len - n;
    return 0;
}
