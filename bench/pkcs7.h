/* pkc bench — PKCS#7 padding (RFC 5652 6.3) for the adapters whose library
 * has AES-ECB and -CBC on whole blocks only (Nettle, Mbed TLS, wolfSSL,
 * libgcrypt): what an application on such a library writes. The message's
 * whole blocks go to the library in one call, then the padded last block;
 * decryption runs the library over every block and then checks and strips
 * the padding (without branching on the pad's bytes). */
#ifndef PKC_BENCH_PKCS7_H
#define PKC_BENCH_PKCS7_H

#include <stddef.h>
#include <stdint.h>

/* The library's ECB or CBC over len bytes (a multiple of 16), continuing
 * its chaining from one call to the next (CBC); 0 or -1. */
typedef int (*bench_blocks_fn)(void *ctx, uint8_t *out, const uint8_t *in, size_t len);

/* out gets len rounded up to the next multiple of 16 (a whole block of 16s
 * when len is one already). */
int bench_pkcs7_encrypt(bench_blocks_fn f, void *ctx, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen);
/* -1 for a length that is 0 or not a multiple of 16, or a bad padding. */
int bench_pkcs7_decrypt(bench_blocks_fn f, void *ctx, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen);

#endif
