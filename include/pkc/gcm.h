/* pkc — AES-GCM (NIST SP 800-38D): authenticated encryption with AES-128,
 * -192 or -256 (include/pkc/aes.h) and GHASH (src/sym/ghash.h), each on
 * the fastest path the CPU has (VAES/AES-NI, VPCLMULQDQ/PCLMULQDQ) or the
 * portable constant-time code.
 *
 *   H  = E_K(0^128)
 *   J0 = IV || 0^31 || 1 for a 96-bit IV, else GHASH_H(IV || 0^s || [len(IV)]_64)
 *   C  = GCTR_K(inc32(J0), P)     (the low 32 bits of the counter wrap alone)
 *   T  = MSB_t(GCTR_K(J0, GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64)))
 *
 * Decryption checks the tag first (GHASH runs over the ciphertext) and in
 * constant time; only then does it decrypt: a ciphertext whose tag fails
 * releases no plaintext (out is zeroed, PKC_ERR_DECRYPT).
 *
 * Limits (SP 800-38D 5.2.1.1): IV 1 .. 2^61 - 1 bytes (12 recommended and
 * fastest), plaintext at most 2^36 - 32 bytes, tag 4, 8 or 12 .. 16 bytes.
 * A (key, IV) pair must never encrypt twice. Timing: the key, the data and
 * the tag check are constant time; the lengths are public.
 */
#ifndef PKC_GCM_H
#define PKC_GCM_H

#include "pkc/aes.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PKC_GCM_TAG_SIZE 16
#define PKC_GCM_IV_SIZE 12

/* An AES key and its hash subkey's powers (caller-owned; wipe it). */
typedef struct {
    pkc_aes_key aes;
    uint64_t ghash[8][2] __attribute__((aligned(64))); /* src/sym/ghash.h's key */
} pkc_gcm_key;

/* len 16, 24 or 32 */
PKC_API pkc_err pkc_gcm_set_key(pkc_gcm_key *key, const uint8_t *k, size_t len);
PKC_API void pkc_gcm_key_wipe(pkc_gcm_key *key);

/* out: len bytes (may equal in); tag: taglen bytes */
PKC_API pkc_err pkc_gcm_encrypt(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                                const uint8_t *aad, size_t aadlen, const uint8_t *in,
                                size_t len, uint8_t *out, uint8_t *tag, size_t taglen);
/* PKC_ERR_DECRYPT (out zeroed) when the tag does not match */
PKC_API pkc_err pkc_gcm_decrypt(const pkc_gcm_key *key, const uint8_t *iv, size_t ivlen,
                                const uint8_t *aad, size_t aadlen, const uint8_t *in,
                                size_t len, const uint8_t *tag, size_t taglen, uint8_t *out);

/* ---- streaming (SP 800-38D 7.1 and 7.2 over chunks) ----
 *
 *   pkc_gcm_init(&ctx, &key, iv, ivlen);
 *   pkc_gcm_aad(&ctx, a, alen);                 any number of calls, first
 *   pkc_gcm_encrypt_update(&ctx, out, in, n);   any number, any lengths
 *   pkc_gcm_encrypt_final(&ctx, tag, taglen);
 *
 * and the same with decrypt_update / decrypt_final. The chunks may have any
 * lengths (not only multiples of 16) and give the bytes the one-shot
 * functions give for their concatenation; out may equal in but must not
 * otherwise overlap it; the key must outlive the context.
 *
 * WARNING: streaming decryption releases plaintext before the tag is known.
 * Until pkc_gcm_decrypt_final returns PKC_OK, what decrypt_update wrote is
 * unauthenticated: it may have been forged, and the caller must discard it
 * (and not act on it) when final returns PKC_ERR_DECRYPT. pkc_gcm_decrypt,
 * which checks the tag before it decrypts, is the way to get no plaintext
 * at all from a forged message.
 *
 * PKC_ERR_ARG, with the context unchanged, for a NULL pointer, calls out of
 * order (AAD after data, encrypt and decrypt updates mixed, the final of the
 * other direction, anything after final or on a context never initialised
 * or wiped), a tag length other than 4, 8, 12 .. 16, or data beyond
 * 2^36 - 32 bytes (AAD beyond 2^61 - 1 bytes). The finals end the context:
 * they wipe it, whatever the verdict; pkc_gcm_ctx_wipe wipes a context given
 * up on. decrypt_final compares the tags in constant time: PKC_OK or
 * PKC_ERR_DECRYPT. */
typedef struct {
    const pkc_gcm_key *key;
    pkc_aes_ctr_ctx ctr;  /* GCTR: the next counter block, the keystream left */
    uint8_t j0[16];       /* the pre-counter block */
    uint64_t ghash[6];    /* src/sym/ghash.h's running GHASH: Y and a partial block */
    uint64_t aadlen, len; /* bytes so far */
    uint32_t state;       /* 0: not initialised (or wiped) */
} pkc_gcm_ctx;

PKC_API pkc_err pkc_gcm_init(pkc_gcm_ctx *ctx, const pkc_gcm_key *key, const uint8_t *iv,
                             size_t ivlen);
PKC_API pkc_err pkc_gcm_aad(pkc_gcm_ctx *ctx, const uint8_t *aad, size_t len);
PKC_API pkc_err pkc_gcm_encrypt_update(pkc_gcm_ctx *ctx, uint8_t *out, const uint8_t *in,
                                       size_t len);
PKC_API pkc_err pkc_gcm_decrypt_update(pkc_gcm_ctx *ctx, uint8_t *out, const uint8_t *in,
                                       size_t len);
PKC_API pkc_err pkc_gcm_encrypt_final(pkc_gcm_ctx *ctx, uint8_t *tag, size_t taglen);
PKC_API pkc_err pkc_gcm_decrypt_final(pkc_gcm_ctx *ctx, const uint8_t *tag, size_t taglen);
PKC_API void pkc_gcm_ctx_wipe(pkc_gcm_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif
