/* pkc — GHASH, the universal hash of GCM (NIST SP 800-38D section 6.4),
 * internal: GCM (AES-CTR + GHASH) is the public API that will use it; the
 * tests link the static library and include this header.
 *
 * GHASH_H(X_1 .. X_m) = Y_m with Y_0 = 0, Y_i = (Y_{i-1} xor X_i) . H in
 * GF(2^128) defined by x^128 + x^7 + x^2 + x + 1, in the bit-reflected
 * convention of the standard (the first bit of a block is the coefficient
 * of x^0).
 *
 * Three multipliers sit behind one run-time choice, by cpuid, unless
 * pkc_ghash_set_impl says otherwise: PCLMULQDQ (four blocks per reduction
 * over the precomputed powers H^4 .. H^1), VPCLMULQDQ on AVX-512 (eight
 * blocks per reduction, four per instruction, over H^8 .. H^1) and a
 * portable one (a 64 x 64 carry-less product by masks, Karatsuba, the same
 * reduction). H and the data are secret: no path branches on them or
 * indexes memory with them; only the lengths are observable.
 */
#ifndef PKC_SYM_GHASH_H
#define PKC_SYM_GHASH_H

#include <stddef.h>
#include <stdint.h>

#include "pkc/common.h"

#define PKC_GHASH_BLOCK 16

/* The hash subkey H and its powers, expanded once per key: pw[k] is
 * H^(8-k) (k = 0 .. 7, so pw[7] = H) as the 128-bit integer whose bit
 * 127 - i is the coefficient of x^i (the block read big-endian), low word
 * first. Aligned to a cache line (the loads need no alignment). */
typedef struct {
    uint64_t pw[8][2] __attribute__((aligned(64)));
} pkc_ghash_key;

/* A running GHASH: the value Y and a partial block. */
typedef struct {
    const pkc_ghash_key *key;
    uint64_t y[2];         /* same form as the key's powers */
    uint8_t buf[PKC_GHASH_BLOCK];
    size_t buflen;         /* 0 .. 15 */
} pkc_ghash_ctx;

/* H is E_K(0^128) for GCM. key_wipe zeroes the expanded key. */
void pkc_ghash_key_init(pkc_ghash_key *key, const uint8_t H[PKC_GHASH_BLOCK]);
void pkc_ghash_key_wipe(pkc_ghash_key *key);

/* Streaming: init (Y = 0; the key must outlive the context), then updates
 * of any lengths (data may be NULL when len is 0), which hash whole blocks
 * and keep a partial one; pad ends the current string as GCM ends A and C:
 * a partial block is completed with zeros and hashed (nothing if none is
 * pending); lengths pads and hashes the block [len(A)]_64 || [len(C)]_64
 * from byte counts; final pads, writes Y and wipes the context. */
void pkc_ghash_init(pkc_ghash_ctx *ctx, const pkc_ghash_key *key);
void pkc_ghash_update(pkc_ghash_ctx *ctx, const void *data, size_t len);
void pkc_ghash_pad(pkc_ghash_ctx *ctx);
void pkc_ghash_lengths(pkc_ghash_ctx *ctx, uint64_t a_bytes, uint64_t c_bytes);
void pkc_ghash_final(pkc_ghash_ctx *ctx, uint8_t out[PKC_GHASH_BLOCK]);

/* One shot, GCM's S (SP 800-38D algorithm 4 step 5):
 * GHASH_H(A || 0^v || C || 0^u || [len(A)]_64 || [len(C)]_64). */
void pkc_ghash(const pkc_ghash_key *key, const uint8_t *a, size_t alen, const uint8_t *c,
               size_t clen, uint8_t out[PKC_GHASH_BLOCK]);

/* The multiplier: AUTO picks VPCLMUL, else CLMUL, else PORTABLE, as cpuid
 * (and the OS's saving of the AVX-512 state) allow. Selecting one the CPU
 * lacks returns PKC_ERR_UNSUPPORTED. Process-wide; for tests. */
typedef enum {
    PKC_GHASH_IMPL_AUTO = 0,
    PKC_GHASH_IMPL_PORTABLE = 1,
    PKC_GHASH_IMPL_CLMUL = 2,
    PKC_GHASH_IMPL_VPCLMUL = 3
} pkc_ghash_impl;
pkc_err pkc_ghash_set_impl(pkc_ghash_impl impl);
pkc_ghash_impl pkc_ghash_get_impl(void); /* the one in use, never AUTO */
int pkc_ghash_have_impl(pkc_ghash_impl impl); /* 1 if this CPU can run it */

#endif
