/* pkc bench — PKCS#7 padding for the AES adapters whose library has none
 * (Nettle, libgcrypt, Mbed TLS's aes.h layer, wolfCrypt): the padding is part of ECB's and CBC's cost, as it
 * is inside pkc's and OpenSSL's calls. Public data only: the unpadding
 * need not be constant time here (the ciphertexts are the benchmark's own). */
#ifndef PKC_BENCH_SYM_PAD_H
#define PKC_BENCH_SYM_PAD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* in (len bytes) padded into out (len rounded up to the next 16, always one
 * more block when len is a multiple of 16); returns the padded length */
static inline size_t bench_pkcs7_pad(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t padded = (len / 16 + 1) * 16;
    uint8_t pad = (uint8_t)(padded - len);
    if (out != in && len)
        memmove(out, in, len);
    memset(out + len, pad, pad);
    return padded;
}

/* the length without the padding of buf (len bytes), or (size_t)-1 */
static inline size_t bench_pkcs7_unpad(const uint8_t *buf, size_t len)
{
    if (len == 0 || len % 16)
        return (size_t)-1;
    uint8_t pad = buf[len - 1];
    if (pad == 0 || pad > 16)
        return (size_t)-1;
    for (size_t i = len - pad; i < len; i++)
        if (buf[i] != pad)
            return (size_t)-1;
    return len - pad;
}

#endif
