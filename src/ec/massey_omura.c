/* pkc — the Massey-Omura three-pass protocol (include/pkc/massey_omura.h):
 * exponents, and locking/unlocking by the constant-time multiplication. */
#include <string.h>

#include "ct.h"
#include "ec_proto.h"
#include "pkc/massey_omura.h"

pkc_err pkc_mo_key_generate(pkc_mo_key *key, pkc_curve_id curve, pkc_rng *rng)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(curve);
    if (!key || !c || !rng)
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    key->curve = curve;
    pkc_ec_scalar e, ei;
    pkc_err err = pkc_ec_scalar_random(c, rng, &e, key->e);
    if (err == PKC_OK) {
        pkc_ec_scalar_inv(c, &ei, &e);
        pkc_ec_scalar_get_bytes(c, key->e_inv, &ei);
        pkc_memzero(&ei, sizeof ei);
    }
    pkc_memzero(&e, sizeof e);
    if (err != PKC_OK)
        pkc_mo_key_wipe(key);
    return err;
}

/* out = (the scalar in bytes) * in, in validated and the result checked */
static pkc_err apply(const pkc_mo_key *key, const uint8_t *bytes, const pkc_ec_point *in,
                     pkc_ec_point *out)
{
    if (!key || !in || !out)
        return PKC_ERR_ARG;
    const pkc_ec_curve *c = pkc_ec_curve_get(key->curve);
    if (!c)
        return PKC_ERR_ARG;
    if (in->curve != key->curve)
        return PKC_ERR_KEY;
    const pkc_ec_affine *P = pkc_ec_pub_point_const(in);
    if (P->infinity || !pkc_ec_point_is_valid_var(c, P))
        return PKC_ERR_POINT;
    pkc_ec_scalar e;
    if (pkc_ec_scalar_from_secret(c, &e, bytes) != PKC_OK)
        return PKC_ERR_KEY;
    pkc_ec_affine R;
    pkc_ec_mul(c, PKC_EC_JACOBIAN, &R, &e, P);
    pkc_memzero(&e, sizeof e);
    /* The result crosses the channel: public. */
    PKC_DECLASSIFY(&R, sizeof R);
    /* e in [1, n-1] and P of order n: R is finite; a fault is not sent */
    if (R.infinity || !pkc_ec_point_is_valid_var(c, &R))
        return PKC_ERR_INTERNAL;
    memset(out, 0, sizeof *out);
    out->curve = key->curve;
    memcpy(pkc_ec_pub_point(out), &R, sizeof R);
    return PKC_OK;
}

pkc_err pkc_mo_lock(const pkc_mo_key *key, const pkc_ec_point *in, pkc_ec_point *out)
{
    return apply(key, key ? key->e : NULL, in, out);
}

pkc_err pkc_mo_unlock(const pkc_mo_key *key, const pkc_ec_point *in, pkc_ec_point *out)
{
    return apply(key, key ? key->e_inv : NULL, in, out);
}

void pkc_mo_key_wipe(pkc_mo_key *key)
{
    if (key)
        pkc_memzero(key, sizeof *key);
}
