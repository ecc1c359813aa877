/* pkc — AES internals: the implementations behind include/pkc/aes.h.
 *
 * Each implementation is an operations table on whole blocks (n blocks of
 * 16 bytes; out may equal in). cbc_* and ctr read the IV or counter block
 * from iv and leave there the one that continues the stream (the last
 * ciphertext block; the next counter block). */
#ifndef PKC_SYM_AES_IMPL_H
#define PKC_SYM_AES_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "pkc/aes.h"

typedef void pkc_aes_blocks_fn(const pkc_aes_key *key, uint8_t *out, const uint8_t *in, size_t n);
typedef void pkc_aes_chain_fn(const pkc_aes_key *key, uint8_t iv[16], uint8_t *out,
                              const uint8_t *in, size_t n);

typedef struct {
    pkc_aes_blocks_fn *ecb_enc;
    pkc_aes_blocks_fn *ecb_dec;
    pkc_aes_chain_fn *cbc_enc;
    pkc_aes_chain_fn *cbc_dec;
    pkc_aes_chain_fn *ctr;
} pkc_aes_ops;

/* aes_ct.c: bitsliced, constant time, any CPU */
extern const pkc_aes_ops pkc_aes_ops_ct;
uint32_t pkc_aes_ct_subword(uint32_t w); /* SubWord on the bytes of w (byte 0 = low) */
void pkc_aes_ct_planes(uint16_t planes[8], const uint8_t rk[16]);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PKC_AES_X86 1
/* aes_ni.c: AES-NI, and VAES + AVX-512F for the parallel modes */
extern const pkc_aes_ops pkc_aes_ops_ni;
extern const pkc_aes_ops pkc_aes_ops_vaes;
uint32_t pkc_aes_ni_subword(uint32_t w);
void pkc_aes_ni_inv_mix(uint8_t out[16], const uint8_t in[16]); /* AESIMC */
int pkc_aes_cpu_aesni(void);
int pkc_aes_cpu_vaes(void);
#endif

/* The big-endian 128-bit increment of a counter block, without branches. */
static inline void pkc_aes_ctr_inc(uint8_t c[16])
{
    unsigned carry = 1;
    for (int i = 15; i >= 0; i--) {
        carry += c[i];
        c[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

#endif
