/* pkc — what SHA-1, SHA-256 and SHA-384/512 share around their compression
 * functions (internal): big-endian words, the Merkle–Damgard input
 * buffering, and the final padding. All static inline: with a constant
 * compress argument each hash gets its own direct calls. */
#ifndef PKC_MD_BUFFER_H
#define PKC_MD_BUFFER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef void (*md_compress_fn)(void *state, const uint8_t *blocks, size_t nblocks);

static inline uint32_t md_load_be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void md_store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static inline uint64_t md_load_be64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static inline void md_store_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

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

/* FIPS 180-4 sections 5.1.1 and 5.1.2: after the buflen bytes left in buf,
 * a 1 bit, zeros, and the message length in bits (bits_hi:bits_lo) in the
 * last block / 8 bytes of a block: 64 bits for 64-byte blocks (bits_hi is
 * then 0 and not written), 128 for 128-byte ones. Compresses the one or two
 * blocks this makes. */
static inline void md_finish(void *state, md_compress_fn compress, uint8_t *buf, size_t buflen,
                             size_t block, uint64_t bits_hi, uint64_t bits_lo)
{
    size_t end = block - block / 8; /* where the length field starts */
    buf[buflen++] = 0x80;
    if (buflen > end) {
        memset(buf + buflen, 0, block - buflen);
        compress(state, buf, 1);
        buflen = 0;
    }
    memset(buf + buflen, 0, end - buflen);
    if (block / 8 == 16)
        md_store_be64(buf + end, bits_hi);
    md_store_be64(buf + block - 8, bits_lo);
    compress(state, buf, 1);
}

#endif
