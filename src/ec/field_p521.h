/* pkc — field representation: plain integers modulo the Mersenne prime
 * p = 2^521 - 1 (internal; layer 1 of src/ec/, included by field.h when
 * EC_FIELD == EC_FIELD_P521). An element is its canonical value; a product
 * is reduced by folding the high half onto the low half.
 * Needs: ec_p.
 */
#ifndef PKC_EC_FIELD_P521_H
#define PKC_EC_FIELD_P521_H

#include "limbs.h"

#if EC_N != 9 || EC_PBITS != 521
#error "field_p521.h: the P-521 field has 9 limbs and 521 bits"
#endif

/* p = 2^521 - 1: t = hi*2^521 + lo = hi + lo (mod p). t < 2^1042, so
 * hi, lo < 2^521, hi + lo < 2^522, one more fold leaves a value <= p + 1
 * (hence below 2p) and one conditional subtraction makes it canonical. */
static inline void p521_fold(uint64_t *r, const uint64_t *t)
{
    uint64_t hi[9], lo[9];
    for (int i = 0; i < 8; i++)
        lo[i] = t[i];
    lo[8] = t[8] & 0x1ff;
    for (int i = 0; i < 8; i++)
        hi[i] = (t[8 + i] >> 9) | (t[9 + i] << 55);
    hi[8] = t[16 + 0] >> 9 | (t[17] << 55);
    lb_add(r, lo, hi, 9);
    uint64_t top = r[8] >> 9;
    r[8] &= 0x1ff;
    uint64_t c = top;
    for (int i = 0; i < 9; i++) {
        fe_u128 s = (fe_u128)r[i] + c;
        r[i] = (uint64_t)s;
        c = (uint64_t)(s >> 64);
    }
    lb_reduce_once(r, 0, ec_p, 9);
}

/* the products, conversions and inversion: field.h, shared by the plain forms */
#define FE_PLAIN 1
#define FE_PLAIN_REDUCE(r, t) p521_fold((r), (t))

#endif
