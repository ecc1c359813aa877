/* pkc — field representation: Montgomery form with the generic reduction
 * (internal; layer 1 of src/ec/, included by field.h when
 * EC_FIELD == EC_FIELD_MONT).
 *
 * An element x is held as x*R mod p, R = 2^(64 EC_N), fully reduced.
 * Needs: ec_p, EC_P_M0 (-p^-1 mod 2^64), ec_r2 (R^2 mod p), ec_r3 (R^3 mod p).
 */
#ifndef PKC_EC_FIELD_MONT_H
#define PKC_EC_FIELD_MONT_H

#include "mont.h"
#include "safegcd.h"

FE_MUL_ATTR void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    FE_VERIFY(a);
    FE_VERIFY(b);
    mont_mul(r, a, b, ec_p, EC_P_M0, EC_N);
    FE_VERIFY(r);
}

FE_MUL_ATTR void fe_sqr(uint64_t *r, const uint64_t *a)
{
    FE_VERIFY(a);
    mont_sqr(r, a, ec_p, EC_P_M0, EC_N);
    FE_VERIFY(r);
}

/* canonical integer -> x*R (a product with R^2 divides by R once) */
static inline void fe_from_canon(uint64_t *r, const uint64_t *a)
{
    fe_mul(r, a, ec_r2);
}

/* x*R -> canonical integer */
static inline void fe_to_canon(uint64_t *r, const uint64_t *a)
{
    static const fe one = {1};
    fe_mul(r, a, one);
}

/* a^-1, constant time (safegcd); 0 maps to 0. The plain inverse of a*R is
 * a^-1 R^-1, and a product with R^3 (which divides by R once) gives
 * a^-1 R. */
static void fe_inv(uint64_t *r, const uint64_t *a)
{
    FE_VERIFY(a);
    fe t;
    sg_inv(t, a, ec_p_s62, EC_P_INV62, EC_N, SG_LIMBS(EC_PBITS), SG_BATCHES(EC_PBITS));
    fe_mul(r, t, ec_r3);
    FE_VERIFY(r);
}

#endif
