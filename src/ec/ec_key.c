/* pkc — elliptic-curve keys: generation and SEC 1 point encoding (the key
 * files are src/ec/ec_keyfile.c).
 *
 * Timing: d is only copied, masked and handed to the constant-time
 * arithmetic; the verdicts "d in range" and "the public key matches" are
 * public outcomes and are branched on after declassification.
 */
#include <string.h>

#include "ct.h"
#include "ec_proto.h"
#include "lab.h"

static const pkc_ec_curve *curve_of(pkc_curve_id id, const pkc_curve_info **ci)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(id);
    if (c && ci)
        *ci = pkc_ec_curve_info(c);
    return c;
}

size_t pkc_ec_field_bytes(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    return ci ? ci->field_bytes : 0;
}

size_t pkc_ec_order_bytes(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    return ci ? ci->order_bytes : 0;
}

/* key->d holds a scalar already known to be in [1, n-1]: computes and
 * stores the public key d*G. */
static pkc_err finish_private(pkc_ec_private_key *key, const pkc_ec_curve *c,
                              const pkc_ec_scalar *d, pkc_ec_coords co)
{
    pkc_ec_affine Q;
    pkc_ec_mul_base(c, co, &Q, d);
    /* The public key is public. */
    PKC_DECLASSIFY(&Q, sizeof Q);
    /* A fault in the scalar multiplication must not leak out as a key. */
    if (Q.infinity || !pkc_ec_point_is_valid_var(c, &Q)) {
        pkc_memzero(&Q, sizeof Q);
        return PKC_ERR_INTERNAL;
    }
    key->pub.curve = key->curve;
    memcpy(key->pub.point, &Q, sizeof Q);
    return PKC_OK;
}

pkc_err pkc_ec_scalar_random(const pkc_ec_curve *c, pkc_rng *rng, pkc_ec_scalar *out,
                             uint8_t *bytes)
{
    const pkc_curve_info *ci = pkc_ec_curve_info(c);
    size_t ob = ci->order_bytes;
    unsigned rem = ci->order_bits % 8;
    uint8_t top = (uint8_t)(rem ? (1u << rem) - 1 : 0xffu);
    uint8_t buf[PKC_EC_MAX_ORDER_BYTES];
    uint64_t ok = 0;
    pkc_err err = PKC_OK;
    /* Rejection sampling of order_bits-bit candidates (FIPS 186-5 A.2.2,
     * "testing candidates", shifted by one): each is accepted with
     * probability > 1/2, so 256 failures mean a broken random source. */
    for (int tries = 0; tries < 256; tries++) {
        err = pkc_rng_bytes(rng, buf, ob);
        if (err != PKC_OK)
            break;
        buf[0] &= top;
        ok = pkc_ec_scalar_set_bytes_checked(c, out, buf);
        /* Only the verdict on a candidate becomes public, never its value. */
        PKC_DECLASSIFY(&ok, sizeof ok);
        if (ok)
            break;
    }
    if (err == PKC_OK && !ok)
        err = PKC_ERR_RNG;
    if (err == PKC_OK && bytes)
        memcpy(bytes, buf, ob);
    if (err != PKC_OK)
        pkc_memzero(out, sizeof *out);
    pkc_memzero(buf, sizeof buf);
    return err;
}

pkc_err pkc_ec_scalar_from_secret(const pkc_ec_curve *c, pkc_ec_scalar *out,
                                  const uint8_t *bytes)
{
    uint64_t ok = pkc_ec_scalar_set_bytes_checked(c, out, bytes);
    PKC_DECLASSIFY(&ok, sizeof ok);
    if (ok)
        return PKC_OK;
    pkc_memzero(out, sizeof *out);
    return PKC_ERR_KEY;
}

pkc_err pkc_ec_keygen_coords(pkc_ec_private_key *key, pkc_curve_id curve, pkc_rng *rng,
                             pkc_ec_coords co)
{
    const pkc_ec_curve *c = curve_of(curve, NULL);
    if (!key || !c || !rng)
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    key->curve = curve;
    pkc_ec_scalar d;
    pkc_err err = pkc_ec_scalar_random(c, rng, &d, key->d);
    if (err == PKC_OK)
        err = finish_private(key, c, &d, co);
    pkc_memzero(&d, sizeof d);
    if (err != PKC_OK)
        pkc_ec_private_key_wipe(key);
    return err;
}

pkc_err pkc_ec_keygen(pkc_ec_private_key *key, pkc_curve_id curve, pkc_rng *rng)
{
    return pkc_ec_keygen_coords(key, curve, rng, PKC_EC_JACOBIAN);
}

pkc_err pkc_ec_private_key_from_bytes(pkc_ec_private_key *key, pkc_curve_id curve,
                                      const uint8_t *d, size_t dlen)
{
    const pkc_curve_info *ci;
    const pkc_ec_curve *c = curve_of(curve, &ci);
    if (!key || !c || (!d && dlen))
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    key->curve = curve;
    size_t ob = ci->order_bytes;
    /* Longer encodings are accepted only with leading zero bytes (checked
     * without an early exit). */
    uint64_t excess = 0;
    if (dlen > ob) {
        for (size_t i = 0; i < dlen - ob; i++)
            excess |= d[i];
        d += dlen - ob;
        dlen = ob;
    }
    if (dlen) /* d may be NULL then, and memcpy's arguments are never NULL */
        memcpy(key->d + ob - dlen, d, dlen);
    pkc_ec_scalar s;
    uint64_t ok = pkc_ec_scalar_set_bytes_checked(c, &s, key->d) & ct_mask_zero(excess);
    PKC_DECLASSIFY(&ok, sizeof ok);
    pkc_err err = ok ? finish_private(key, c, &s, PKC_EC_JACOBIAN) : PKC_ERR_KEY;
    pkc_memzero(&s, sizeof s);
    if (err != PKC_OK)
        pkc_ec_private_key_wipe(key);
    return err;
}

pkc_err pkc_ec_private_key_to_bytes(const pkc_ec_private_key *key, uint8_t *out, size_t cap,
                                    size_t *outlen)
{
    const pkc_curve_info *ci = key ? pkc_curve_info_get(key->curve) : NULL;
    if (!ci || !out || !outlen)
        return PKC_ERR_ARG;
    if (cap < ci->order_bytes)
        return PKC_ERR_BUFSIZE;
    memcpy(out, key->d, ci->order_bytes);
    *outlen = ci->order_bytes;
    return PKC_OK;
}

void pkc_ec_private_key_wipe(pkc_ec_private_key *key)
{
    if (key)
        pkc_memzero(key, sizeof *key);
}

void pkc_ec_public_key_from_private(pkc_ec_public_key *pub, const pkc_ec_private_key *key)
{
    *pub = key->pub;
}

int pkc_ec_public_key_equal(const pkc_ec_public_key *a, const pkc_ec_public_key *b)
{
    if (!a || !b || a->curve != b->curve)
        return 0;
    const pkc_ec_affine *P = pkc_ec_pub_point_const(a), *Q = pkc_ec_pub_point_const(b);
    return P->infinity == Q->infinity && memcmp(P->x, Q->x, sizeof P->x) == 0 &&
           memcmp(P->y, Q->y, sizeof P->y) == 0;
}

/* ---- SEC 1 v2 sections 2.3.3 / 2.3.4 ---- */

pkc_err pkc_ec_point_encode(const pkc_ec_public_key *pub, int compressed, uint8_t *out,
                            size_t cap, size_t *outlen)
{
    const pkc_curve_info *ci;
    const pkc_ec_curve *c = pub ? curve_of(pub->curve, &ci) : NULL;
    if (!c || !out || !outlen)
        return PKC_ERR_ARG;
    const pkc_ec_affine *P = pkc_ec_pub_point_const(pub);
    if (P->infinity)
        return PKC_ERR_POINT;
    size_t fb = ci->field_bytes;
    size_t need = compressed ? 1 + fb : 1 + 2 * fb;
    if (cap < need)
        return PKC_ERR_BUFSIZE;
    uint8_t x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
    pkc_ec_point_get_xy(c, P, x, y);
    if (compressed) {
        out[0] = (uint8_t)(0x02 | pkc_ec_point_compress_bit_var(c, P));
        memcpy(out + 1, x, fb);
    } else {
        out[0] = 0x04;
        memcpy(out + 1, x, fb);
        memcpy(out + 1 + fb, y, fb);
    }
    *outlen = need;
    return PKC_OK;
}

pkc_err pkc_ec_point_decode(pkc_ec_public_key *pub, pkc_curve_id curve, const uint8_t *in,
                            size_t len)
{
    const pkc_curve_info *ci;
    const pkc_ec_curve *c = curve_of(curve, &ci);
    if (!pub || !c || (!in && len))
        return PKC_ERR_ARG;
    memset(pub, 0, sizeof *pub);
    size_t fb = ci->field_bytes;
    pkc_ec_affine P;
    pkc_err err;
    if (len == 0)
        return PKC_ERR_DECODE;
    if (len == 1 && in[0] == 0x00)
        return PKC_ERR_POINT; /* the point at infinity is never a public key */
    if (len == 1 + fb && (in[0] == 0x02 || in[0] == 0x03))
        err = pkc_ec_point_decompress_var(c, &P, in + 1, in[0] & 1);
    else if (len == 1 + 2 * fb && in[0] == 0x04)
        err = pkc_ec_point_set_xy_var(c, &P, in + 1, in + 1 + fb);
    else
        return PKC_ERR_DECODE;
    if (err != PKC_OK)
        return PKC_ERR_POINT;
    if (P.infinity || !pkc_ec_point_is_valid_var(c, &P))
        return PKC_ERR_POINT;
    pub->curve = curve;
    memcpy(pub->point, &P, sizeof P);
    return PKC_OK;
}

pkc_err pkc_ec_public_key_from_xy(pkc_ec_public_key *pub, pkc_curve_id curve, const uint8_t *x,
                                  size_t xlen, const uint8_t *y, size_t ylen)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!pub || !ci || !x || !y)
        return PKC_ERR_ARG;
    size_t fb = ci->field_bytes;
    /* Leading zero bytes beyond the field size are harmless; anything else
     * is a coordinate >= 2^(8*fb) > p. */
    while (xlen > fb && *x == 0)
        x++, xlen--;
    while (ylen > fb && *y == 0)
        y++, ylen--;
    if (xlen > fb || ylen > fb)
        return PKC_ERR_POINT;
    uint8_t buf[PKC_EC_MAX_POINT_BYTES];
    memset(buf, 0, sizeof buf);
    buf[0] = 0x04;
    memcpy(buf + 1 + fb - xlen, x, xlen);
    memcpy(buf + 1 + 2 * fb - ylen, y, ylen);
    return pkc_ec_point_decode(pub, curve, buf, 1 + 2 * fb);
}
