/* pkc — field representation: Montgomery form for the P-256 prime, with a
 * reduction made of shifts and additions (internal; layer 1 of src/ec/,
 * included by field.h when EC_FIELD == EC_FIELD_P256).
 *
 * An element x is held as x*2^256 mod p, fully reduced, exactly as in
 * field_mont.h: only the reduction differs.
 * Needs: ec_p, ec_r2, ec_r3 (like field_mont.h; EC_P_M0 is 1 and unused).
 */
#ifndef PKC_EC_FIELD_P256_H
#define PKC_EC_FIELD_P256_H

#include "limbs.h"
#include "safegcd.h"

#if EC_N != 4
#error "field_p256.h: the P-256 field has 4 limbs"
#endif

/* Montgomery reduction specialised to the P-256 prime
 * p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4 D.1.2.3), r = t*2^-256
 * mod p for t < p*2^256, with p passed in (for the final subtraction);
 * t is clobbered. Same word-by-word algorithm as
 * mont_redc, but the multiplications by p become shifts and additions:
 *  - p's low word is 2^64 - 1, so -p^-1 mod 2^64 = 1 and the quotient digit
 *    of each step is q = t[i] itself (no multiplication by m0);
 *  - t + q*p zeroes word i by construction, and what it adds above word i
 *    is q*(p + 1)/2^64 = q*(2^192 - 2^160 + 2^128 + 2^32) at word i+1,
 *    i.e. q*2^32 at words i+1..i+2 plus q*(2^64 - 2^32 + 1) at words
 *    i+3..i+4, both of which are shifts and subtractions of q (the
 *    latter is below 2^128 - 2^96, so its high word is at most
 *    2^64 - 2^32 and adding the previous step's carry bit cannot wrap).
 * This removes the 12 multiplications of the generic reduction. The value
 * before the final subtraction is below 2p, as in mont_redc. No branch
 * depends on the data. */
FE_INLINE void p256_mont_redc(uint64_t *r, uint64_t *t, const uint64_t *p)
{
    uint64_t hi = 0; /* carry out of the top word of the previous step */
    FE_UNROLL
    for (int i = 0; i < 4; i++) {
        uint64_t q = t[i];
        /* (h1:h0) = q*(2^64 - 2^32 + 1) = (q:q) - (q>>32 : q<<32), written
         * with sbb: as a 128-bit expression GCC turns it into a mul */
        uint64_t h0, h1;
        unsigned char c = 0;
        FE_SBB(c, q, q << 32, &h0);
        FE_SBB(c, q, q >> 32, &h1);
        c = 0;
        FE_ADC(c, t[i + 1], q << 32, &t[i + 1]);
        FE_ADC(c, t[i + 2], q >> 32, &t[i + 2]);
        FE_ADC(c, t[i + 3], h0, &t[i + 3]);
        FE_ADC(c, t[i + 4], h1 + hi, &t[i + 4]);
        hi = c;
    }
    FE_UNROLL
    for (int i = 0; i < 4; i++)
        r[i] = t[4 + i];
    lb_reduce_once(r, hi, p, 4);
}

/* full product, then the multiplication-free reduction */
FE_MUL_ATTR void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    FE_VERIFY(a);
    FE_VERIFY(b);
    uint64_t t[8];
    lb_mul_wide(t, a, b, 4);
    p256_mont_redc(r, t, ec_p);
    FE_VERIFY(r);
}

FE_MUL_ATTR void fe_sqr(uint64_t *r, const uint64_t *a)
{
    FE_VERIFY(a);
    uint64_t t[8];
    lb_sqr_wide(t, a, 4);
    p256_mont_redc(r, t, ec_p);
    FE_VERIFY(r);
}

static inline void fe_from_canon(uint64_t *r, const uint64_t *a)
{
    fe_mul(r, a, ec_r2);
}

static inline void fe_to_canon(uint64_t *r, const uint64_t *a)
{
    static const fe one = {1};
    fe_mul(r, a, one);
}

/* a^-1 in Montgomery form, constant time (safegcd, see field_mont.h) */
static void fe_inv(uint64_t *r, const uint64_t *a)
{
    FE_VERIFY(a);
    fe t;
    sg_inv(t, a, ec_p_s62, EC_P_INV62, 4, SG_LIMBS(EC_PBITS), SG_BATCHES(EC_PBITS));
    fe_mul(r, t, ec_r3);
    FE_VERIFY(r);
}

#endif
