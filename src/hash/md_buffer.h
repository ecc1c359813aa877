/* pkc — Merkle–Damgard input buffering shared by SHA-1, SHA-256 and
 * SHA-384/512 (internal). */
#ifndef PKC_MD_BUFFER_H
#define PKC_MD_BUFFER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef void (*md_compress_fn)(void *state, const uint8_t *blocks, size_t nblocks);

/* Feeds len bytes to a hash whose compression function takes whole blocks
 * of `block` bytes (FIPS 180-4 section 5.2): completes a partly filled
 * buffer first, passes every whole block of the input straight through
 * without copying, and keeps the tail in buf for the next call or for the
 * final padding. Being static inline with a constant compress, the call
 * is inlined in each hash. */
static inline void md_absorb(void *state, md_compress_fn compress, uint8_t *buf, size_t *buflen,
                             size_t block, const uint8_t *p, size_t len)
{
    if (*buflen) {
        size_t take = block - *buflen;
        if (take > len)
            take = len;
        memcpy(buf + *buflen, p, take);
        *buflen += take;
        p += take;
        len -= take;
        if (*buflen < block)
            return;
        compress(state, buf, 1);
        *buflen = 0;
    }
    if (len >= block) {
        size_t n = len / block;
        compress(state, p, n);
        p += block * n;
        len -= block * n;
    }
    if (len) {
        memcpy(buf, p, len);
        *buflen = len;
    }
}

#endif
