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
#include "mont6_adx.h"

/* The 6-limb field (P-384) takes the MULX/ADX product where the CPU has
 * it (ecp_cpu.h: a flag decided once, never by data); it squares with the
 * same product, which is faster than mont_sqr's fewer portable products. */
#if EC_N == 6 && PKC_EC_MONT6_ADX
#include "ecp_cpu.h"
#define FE_MONT_ADX 1
#else
#define FE_MONT_ADX 0
#endif

FE_MUL_ATTR void fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    FE_VERIFY(a);
    FE_VERIFY(b);
#if FE_MONT_ADX
    if (pkc_ecp_use_adx())
        pkc_ec_mont6_mul_adx(r, a, b, ec_p, EC_P_M0);
    else
#endif
        mont_mul(r, a, b, ec_p, EC_P_M0, EC_N);
    FE_VERIFY(r);
}

FE_MUL_ATTR void fe_sqr(uint64_t *r, const uint64_t *a)
{
    FE_VERIFY(a);
#if FE_MONT_ADX
    if (pkc_ecp_use_adx())
        pkc_ec_mont6_mul_adx(r, a, a, ec_p, EC_P_M0);
    else
#endif
        mont_sqr(r, a, ec_p, EC_P_M0, EC_N);
    FE_VERIFY(r);
}

/* the conversions and the inversion: field.h, shared by the Montgomery forms */
#define FE_MONTGOMERY 1

#endif
