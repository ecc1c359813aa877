/* pkc — field representation: plain integers modulo the secp256k1 prime
 * p = 2^256 - C, C = 2^32 + 977 = 0x1000003d1 (internal; layer 1 of
 * src/ec/, included by field.h when EC_FIELD == EC_FIELD_K256). An element
 * is its canonical value; a product is reduced by folding the high half
 * onto the low half multiplied by C (2^256 = C mod p), which costs five
 * 64x64 multiplications where a generic Montgomery reduction costs 16.
 * Needs: ec_p (EC_P_M0, ec_r2 and ec_r3 are not used).
 */
#ifndef PKC_EC_FIELD_K256_H
#define PKC_EC_FIELD_K256_H

#include "limbs.h"

#if EC_N != 4 || EC_PBITS != 256
#error "field_k256.h: the secp256k1 field has 4 limbs and 256 bits"
#endif

#define K256_C 0x1000003d1ULL


/* r = t mod p for a 512-bit t = H 2^256 + L, canonical. Bounds:
 *  1. L + H C: H C < 2^256 2^33, so the sum is below 2^290 — four words s
 *     and a top word top < 2^34 (each column adds a[i] C < 2^97, a word of
 *     L and a carry below 2^34: far below 2^128);
 *  2. s + top C: top C < 2^67; a carry out of word 3 (cf = 1) means the
 *     value passed 2^256, which is C mod p: the low 256 bits are then below
 *     2^67 and adding C once more cannot carry again;
 *  3. the value is now below 2^256 < 2p: one conditional subtraction of p,
 *     done as "add C and keep it if that carried out of 2^256".
 * Every step runs the same instructions whatever the data (masks, no
 * branch). */
FE_INLINE void k256_reduce(uint64_t *r, const uint64_t *t)
{
    uint64_t s[4];
    fe_u128 acc = 0;
    FE_UNROLL
    for (int i = 0; i < 4; i++) {
        acc += (fe_u128)t[4 + i] * K256_C + t[i];
        s[i] = (uint64_t)acc;
        acc >>= 64;
    }
    uint64_t top = (uint64_t)acc; /* < 2^34 */
    /* step 2 */
    acc = (fe_u128)top * K256_C + s[0];
    s[0] = (uint64_t)acc;
    unsigned char cf = 0;
    FE_ADC(cf, s[1], (uint64_t)(acc >> 64), &s[1]);
    FE_ADC(cf, s[2], 0, &s[2]);
    FE_ADC(cf, s[3], 0, &s[3]);
    uint64_t wrap = 0 - (uint64_t)cf;
    cf = 0;
    FE_ADC(cf, s[0], K256_C & wrap, &s[0]);
    FE_ADC(cf, s[1], 0, &s[1]);
    FE_ADC(cf, s[2], 0, &s[2]);
    FE_ADC(cf, s[3], 0, &s[3]);
    /* step 3: u = s + C; s >= p exactly when that carries out */
    uint64_t u[4];
    cf = 0;
    FE_ADC(cf, s[0], K256_C, &u[0]);
    FE_ADC(cf, s[1], 0, &u[1]);
    FE_ADC(cf, s[2], 0, &u[2]);
    FE_ADC(cf, s[3], 0, &u[3]);
    lb_select(r, 0 - (uint64_t)cf, u, s, 4);
}

/* the products, conversions and inversion: field.h, shared by the plain forms */
#define FE_PLAIN 1
#define FE_PLAIN_REDUCE(r, t) k256_reduce((r), (t))

/* The MULX/ADX product and square (k256_adx.h) where the CPU has them
 * (ecp_cpu.h: a flag decided once, never by data). */
#include "k256_adx.h"
#if PKC_EC_K256_ADX
#include "ecp_cpu.h"
#define FE_PLAIN_ALT 1
#define FE_PLAIN_ALT_ON() pkc_ecp_use_adx()
#define FE_PLAIN_ALT_MUL(r, a, b) k256_mul_adx((r), (a), (b))
#define FE_PLAIN_ALT_SQR(r, a) k256_sqr_adx((r), (a))
#define FE_PLAIN_ALT_ADD(r, a, b) k256_add_x64((r), (a), (b))
#define FE_PLAIN_ALT_SUB(r, a, b) k256_sub_x64((r), (a), (b))
#endif

#endif
