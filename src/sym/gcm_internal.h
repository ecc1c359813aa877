/* pkc — AES-GCM internals the tests reach (src/sym/gcm.c). */
#ifndef PKC_SYM_GCM_INTERNAL_H
#define PKC_SYM_GCM_INTERNAL_H

#include "pkc/gcm.h"

/* GCTR_K(inc32(j0), in) of SP 800-38D 6.5: for the tests of the low
 * counter word's wrap, which no 96-bit IV reaches */
void pkc_gcm_gctr_for_testing(const pkc_gcm_key *key, const uint8_t j0[16], uint8_t *out,
                              const uint8_t *in, size_t len);

/* A streaming context started from j0 instead of an IV (then AAD, data and
 * final as usual): for the wrap in chunks */
void pkc_gcm_start_for_testing(pkc_gcm_ctx *ctx, const pkc_gcm_key *key, const uint8_t j0[16]);

#endif
