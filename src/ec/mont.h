/* pkc — Montgomery arithmetic modulo an odd m < 2^(64N) (internal; layer 0
 * of src/ec/): the generic representation of the prime fields and of the
 * scalars mod n. m0 = -m^-1 mod 2^64. Constant time.
 */
#ifndef PKC_EC_MONT_H
#define PKC_EC_MONT_H

#include "limbs.h"

/* Montgomery reduction of a 2N-word t < m*2^(64N): r = t*2^(-64N) mod m.
 * t is clobbered. */
FE_INLINE void mont_redc(uint64_t *r, uint64_t *t, const uint64_t *m, uint64_t m0, const int N)
{
    uint64_t hi = 0; /* carry out of the top word, accumulated */
    FE_UNROLL
    for (int i = 0; i < N; i++) {
        uint64_t q = t[i] * m0;
        uint64_t c = 0;
        FE_UNROLL
        for (int j = 0; j < N; j++) {
            fe_u128 uv = (fe_u128)q * m[j] + t[i + j] + c;
            t[i + j] = (uint64_t)uv;
            c = (uint64_t)(uv >> 64);
        }
        /* propagate c into t[i+N], with the carry of earlier rows */
        fe_u128 uv = (fe_u128)t[i + N] + c + hi;
        t[i + N] = (uint64_t)uv;
        hi = (uint64_t)(uv >> 64);
    }
    FE_UNROLL
    for (int i = 0; i < N; i++)
        r[i] = t[N + i];
    lb_reduce_once(r, hi, m, N);
}

FE_INLINE void mont_sqr(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t m0, const int N)
{
    uint64_t t[2 * FE_MAXN];
    lb_sqr_wide(t, a, N);
    mont_redc(r, t, m, m0, N);
}

/* Montgomery product r = a*b*2^(-64N) mod m as the full product followed by
 * the reduction: with the modulus constant this compiles to fewer
 * instructions than the interleaved (CIOS) form. r may alias a or b. */
FE_INLINE void mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m,
                        uint64_t m0, const int N)
{
    uint64_t t[2 * FE_MAXN];
    lb_mul_wide(t, a, b, N);
    mont_redc(r, t, m, m0, N);
}

#endif
