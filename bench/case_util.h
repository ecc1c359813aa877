/* pkc bench — what the case families (bench/case_*.c) share: the rotation
 * through a key pool, the key and input counts they report, and the
 * sign -> verify -> tamper check of a signature scheme. */
#ifndef PKC_BENCH_CASE_UTIL_H
#define PKC_BENCH_CASE_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "engine.h"

/* The pool entries a case uses, taken one after the other call by call. */
typedef struct {
    size_t count, next;
} bench_rotation;

/* count = the case's pool size, at most what the pool holds */
static inline void bench_rotation_init(bench_rotation *r, const bench_case_env *env,
                                       size_t available)
{
    r->count = env->pool_size < available ? env->pool_size : available;
    r->next = 0;
}

/* the entry for this call */
static inline size_t bench_rotation_take(bench_rotation *r)
{
    size_t i = r->next;
    r->next = i + 1 == r->count ? 0 : i + 1;
    return i;
}

/* bench_case_ops.info for a family with key generation: keygen cases report
 * the keys they made, the others their pool (one input per key). */
void bench_case_counts(int keygen, size_t made, size_t count, size_t *keys, size_t *inputs);

/* The check of a signature scheme before timing: signs msg (or takes
 * `given`, givenlen bytes: the signature a verify case prepared), checks the
 * signature verifies, flips a bit of its last byte (the end of s in an
 * ECDSA signature, raw or DER; the low bits of an RSA signature) and checks
 * it then does not. 0, or -1 with err set. */
int bench_check_ec_signature(const bench_provider *pv, void *key, const uint8_t *msg, size_t len,
                             const uint8_t *given, size_t givenlen, char *err, size_t errlen);
int bench_check_rsa_signature(const bench_provider *pv, void *key, int pss, const uint8_t *msg,
                              size_t len, const uint8_t *given, size_t givenlen, char *err,
                              size_t errlen);

#endif
