/* pkc bench — small helpers shared by the provider files (bench/prov_*.c). */
#ifndef PKC_BENCH_PROV_UTIL_H
#define PKC_BENCH_PROV_UTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* The 32-byte secret that RSA-OAEP encrypt/decrypt transports (a key for a
 * symmetric cipher: the kex-amortized scenario's question). */
#define PROV_KEX_LEN 32
static inline void prov_kex_message(unsigned char m[PROV_KEX_LEN])
{
    for (int i = 0; i < PROV_KEX_LEN; i++)
        m[i] = (unsigned char)(3 * i + 5);
}

/* The input of the raw RSA operations: k bytes, the first zero so the value
 * is below any k-byte modulus. */
static inline void prov_raw_input(unsigned char *x, size_t k)
{
    x[0] = 0;
    for (size_t i = 1; i < k; i++)
        x[i] = (unsigned char)(11 * i + 3);
}

static inline void prov_err(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void prov_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* Operations the RSA peers all implement. */
static inline int prov_rsa_op(bench_op op)
{
    return op <= BENCH_OP_PUBLIC;
}

/* RSA sizes a peer is asked for: the sizes of NIST SP 800-57 plus 4096. */
static inline int prov_rsa_bits_ok(unsigned bits)
{
    return bits >= 1024 && bits <= 16384 && bits % 8 == 0;
}

/* A per-provider cache of generated keys: RSA keys take seconds at 7680
 * bits, so each provider makes one per size and reuses it for every case.
 * Keys live until the process ends. */
typedef struct {
    unsigned bits;
    void *key;
} prov_key_slot;
#define PROV_KEY_SLOTS 16

static inline void *prov_cache_get(prov_key_slot *slots, unsigned bits)
{
    for (int i = 0; i < PROV_KEY_SLOTS; i++)
        if (slots[i].key && slots[i].bits == bits)
            return slots[i].key;
    return NULL;
}

static inline void prov_cache_put(prov_key_slot *slots, unsigned bits, void *key)
{
    for (int i = 0; i < PROV_KEY_SLOTS; i++)
        if (!slots[i].key) {
            slots[i].bits = bits;
            slots[i].key = key;
            return;
        }
}

#endif
