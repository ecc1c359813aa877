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

/* the conversions and the inversion: field.h, shared by the Montgomery forms */
#define FE_MONTGOMERY 1

#endif
