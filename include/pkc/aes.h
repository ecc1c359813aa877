/* pkc — the AES block cipher (FIPS 197: AES-128/192/256) and its modes
 * ECB, CBC and CTR (SP 800-38A), with PKCS#7 padding (RFC 5652 6.3).
 *
 * Three implementations behind one interface, chosen at run time by cpuid:
 * AES-NI, VAES (AVX-512: four blocks per instruction in the parallel modes,
 * AES-NI elsewhere) and a portable constant-time bitsliced one (no table
 * lookups indexed by secrets). All take the same expanded key and produce
 * the same bytes.
 *
 * Buffers: out may equal in (in place) but must not otherwise overlap it.
 * Lengths of the block modes are multiples of 16 (else PKC_ERR_ARG). */
#ifndef PKC_AES_H
#define PKC_AES_H

#include "pkc/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_AES_BLOCK 16
#define PKC_AES_MAX_ROUNDS 14

/* An expanded key (caller-owned; wipe it with pkc_aes_key_wipe). ek are the
 * round keys of FIPS 197 5.2; dk those of the equivalent inverse cipher
 * (5.3.5: InvMixColumns applied to rounds 1 .. Nr-1, in decryption order);
 * bk the bit planes of ek for the bitsliced implementation. */
typedef struct {
    unsigned rounds; /* 10, 12 or 14 */
    uint8_t ek[PKC_AES_MAX_ROUNDS + 1][16];
    uint8_t dk[PKC_AES_MAX_ROUNDS + 1][16];
    uint16_t bk[PKC_AES_MAX_ROUNDS + 1][8];
} pkc_aes_key;

/* len 16, 24 or 32, else PKC_ERR_ARG. */
PKC_API pkc_err pkc_aes_set_key(pkc_aes_key *key, const uint8_t *k, size_t len);
PKC_API void pkc_aes_key_wipe(pkc_aes_key *key);

PKC_API void pkc_aes_encrypt_block(const pkc_aes_key *key, uint8_t out[16], const uint8_t in[16]);
PKC_API void pkc_aes_decrypt_block(const pkc_aes_key *key, uint8_t out[16], const uint8_t in[16]);

/* ECB and CBC on whole blocks. CBC's iv is not changed. */
PKC_API pkc_err pkc_aes_ecb_encrypt(const pkc_aes_key *key, uint8_t *out, const uint8_t *in,
                                    size_t len);
PKC_API pkc_err pkc_aes_ecb_decrypt(const pkc_aes_key *key, uint8_t *out, const uint8_t *in,
                                    size_t len);
PKC_API pkc_err pkc_aes_cbc_encrypt(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out,
                                    const uint8_t *in, size_t len);
PKC_API pkc_err pkc_aes_cbc_decrypt(const pkc_aes_key *key, const uint8_t iv[16], uint8_t *out,
                                    const uint8_t *in, size_t len);

/* PKCS#7: pad appends 1..16 bytes of value n (out holds
 * pkc_pkcs7_padded_len(len) bytes; PKC_ERR_BUFSIZE if outcap is less);
 * unpad checks the padding of a whole-block buffer in constant time and
 * sets *outlen to the length without it; PKC_ERR_DECRYPT for any bad
 * padding (or a length that is 0 or not a multiple of 16). */
PKC_API size_t pkc_pkcs7_padded_len(size_t len);
PKC_API pkc_err pkc_pkcs7_pad(uint8_t *out, size_t outcap, const uint8_t *in, size_t len,
                              size_t *outlen);
PKC_API pkc_err pkc_pkcs7_unpad(const uint8_t *buf, size_t len, size_t *outlen);

/* ECB and CBC with PKCS#7 padding. Encryption writes
 * pkc_pkcs7_padded_len(len) bytes; decryption needs outcap >= len and
 * returns PKC_ERR_DECRYPT, with out zeroed, for any bad padding. */
PKC_API pkc_err pkc_aes_ecb_encrypt_pad(const pkc_aes_key *key, uint8_t *out, size_t outcap,
                                        const uint8_t *in, size_t len, size_t *outlen);
PKC_API pkc_err pkc_aes_ecb_decrypt_unpad(const pkc_aes_key *key, uint8_t *out, size_t outcap,
                                          const uint8_t *in, size_t len, size_t *outlen);
PKC_API pkc_err pkc_aes_cbc_encrypt_pad(const pkc_aes_key *key, const uint8_t iv[16],
                                        uint8_t *out, size_t outcap, const uint8_t *in,
                                        size_t len, size_t *outlen);
PKC_API pkc_err pkc_aes_cbc_decrypt_unpad(const pkc_aes_key *key, const uint8_t iv[16],
                                          uint8_t *out, size_t outcap, const uint8_t *in,
                                          size_t len, size_t *outlen);

/* CTR (SP 800-38A 6.5): the counter block is the 16-byte ctr, incremented
 * as one big-endian 128-bit integer per block (wrapping), as OpenSSL's
 * aes-*-ctr does. One-shot for any length (encryption = decryption). */
PKC_API pkc_err pkc_aes_ctr(const pkc_aes_key *key, const uint8_t ctr[16], uint8_t *out,
                            const uint8_t *in, size_t len);

/* Streaming CTR: init, then updates of any lengths continue the keystream
 * where the last one stopped. The context points to key, which must outlive
 * it. */
typedef struct {
    const pkc_aes_key *key;
    uint8_t ctr[16]; /* the next counter block */
    uint8_t ks[16];  /* keystream of the block before it */
    size_t used;     /* bytes of ks consumed, 16 when none is left */
} pkc_aes_ctr_ctx;
PKC_API void pkc_aes_ctr_init(pkc_aes_ctr_ctx *ctx, const pkc_aes_key *key, const uint8_t ctr[16]);
PKC_API pkc_err pkc_aes_ctr_update(pkc_aes_ctr_ctx *ctx, uint8_t *out, const uint8_t *in,
                                   size_t len);
PKC_API void pkc_aes_ctr_wipe(pkc_aes_ctr_ctx *ctx);

/* Implementations: AUTO picks VAES when cpuid reports VAES and AVX-512F
 * (with the OS saving the ZMM state), else AES-NI when present, else the
 * portable code. Selecting one this CPU lacks returns PKC_ERR_UNSUPPORTED.
 * Process-wide; for tests and benchmarks. */
typedef enum {
    PKC_AES_IMPL_AUTO = 0,
    PKC_AES_IMPL_PORTABLE = 1,
    PKC_AES_IMPL_AESNI = 2,
    PKC_AES_IMPL_VAES = 3
} pkc_aes_impl;
PKC_API pkc_err pkc_aes_set_impl(pkc_aes_impl impl);
PKC_API pkc_aes_impl pkc_aes_get_impl(void); /* the one in use: PORTABLE, AESNI or VAES */
PKC_API int pkc_aes_have_aesni(void);
PKC_API int pkc_aes_have_vaes(void);

#ifdef __cplusplus
}
#endif
#endif
