/* pkc — Koblitz's encoding of messages as points (include/pkc/koblitz.h).
 * The candidate test is the curve's own decompression (square root over
 * GF(p), half-trace over GF(2^m)) followed by the subgroup check. */
#include <string.h>

#include "ct.h"
#include "ec_proto.h"
#include "pkc/koblitz.h"

#define NCOUNT (1u << PKC_KOBLITZ_COUNTER_BITS)
_Static_assert(PKC_KOBLITZ_COUNTER_BITS == 8, "the counter is the last byte of x");

size_t pkc_koblitz_block_bytes(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    return ci ? ci->field_bytes - 2 : 0;
}

pkc_err pkc_koblitz_encode_var(pkc_ec_point *pt, pkc_curve_id curve, const uint8_t *block,
                               size_t len, unsigned *counter)
{
    return pkc_koblitz_encode_range_var(pt, curve, block, len, 0, NCOUNT, counter);
}

pkc_err pkc_koblitz_encode_range_var(pkc_ec_point *pt, pkc_curve_id curve, const uint8_t *block,
                                     size_t len, unsigned first, unsigned count,
                                     unsigned *counter)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(curve);
    if (!pt || !c || (!block && len))
        return PKC_ERR_ARG;
    size_t fb = pkc_ec_curve_info(c)->field_bytes, bb = fb - 2;
    if (len > bb || first > NCOUNT || count > NCOUNT - first)
        return PKC_ERR_ARG;
    /* x = 00 || m (bb bytes, right-aligned) || j */
    uint8_t x[PKC_EC_MAX_FIELD_BYTES];
    memset(x, 0, fb);
    if (len)
        memcpy(x + 1 + bb - len, block, len);
    pkc_err err = PKC_ERR_ENCODE;
    for (unsigned j = first; j < first + count; j++) {
        x[fb - 1] = (uint8_t)j;
        pkc_ec_affine P;
        if (pkc_ec_point_decompress_var(c, &P, x, 0) == PKC_OK) {
            memset(pt, 0, sizeof *pt);
            pt->curve = curve;
            memcpy(pkc_ec_pub_point(pt), &P, sizeof P);
            if (counter)
                *counter = j;
            err = PKC_OK;
            break;
        }
    }
    pkc_memzero(x, sizeof x);
    return err;
}

/* The block of a point into out (bb bytes); an all-ones mask if the point
 * is an encoding (x's top byte is zero). Constant time. */
static uint64_t decode_block(const pkc_ec_curve *c, const pkc_ec_point *pt, uint8_t *out)
{
    size_t fb = pkc_ec_curve_info(c)->field_bytes;
    uint8_t x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
    pkc_ec_point_get_xy(c, pkc_ec_pub_point_const(pt), x, y);
    memcpy(out, x + 1, fb - 2);
    uint64_t ok = ct_mask_zero(x[0]);
    pkc_memzero(x, sizeof x);
    pkc_memzero(y, sizeof y);
    return ok;
}

pkc_err pkc_koblitz_decode(const pkc_ec_point *pt, uint8_t *block, size_t cap, size_t *len)
{
    const pkc_ec_curve *c = pt ? pkc_ec_curve_get(pt->curve) : NULL;
    if (!c || !block || !len)
        return PKC_ERR_ARG;
    size_t bb = pkc_ec_curve_info(c)->field_bytes - 2;
    if (cap < bb)
        return PKC_ERR_BUFSIZE;
    uint64_t ok = decode_block(c, pt, block);
    PKC_DECLASSIFY(&ok, sizeof ok);
    if (!ok) {
        pkc_memzero(block, bb);
        return PKC_ERR_DECODE;
    }
    *len = bb;
    return PKC_OK;
}

size_t pkc_koblitz_msg_points(pkc_curve_id curve, size_t len)
{
    size_t bb = pkc_koblitz_block_bytes(curve);
    return bb ? len / bb + 1 : 0;
}

void pkc_koblitz_msg_block(uint8_t *block, size_t bb, const uint8_t *msg, size_t len, size_t i)
{
    size_t off = i * bb, take = len - off < bb ? len - off : bb;
    memset(block, 0, bb);
    if (take)
        memcpy(block, msg + off, take);
    if (i == len / bb)
        block[take] = 0x80; /* take < bb in the last block */
}

pkc_err pkc_koblitz_encode_msg_var(pkc_ec_point *pts, size_t cap, size_t *npoints,
                                   pkc_curve_id curve, const uint8_t *msg, size_t len)
{
    size_t bb = pkc_koblitz_block_bytes(curve);
    if (!bb || !pts || !npoints || (!msg && len))
        return PKC_ERR_ARG;
    size_t n = len / bb + 1;
    if (cap < n)
        return PKC_ERR_BUFSIZE;
    uint8_t block[PKC_KOBLITZ_MAX_BLOCK];
    pkc_err err = PKC_OK;
    for (size_t i = 0; i < n && err == PKC_OK; i++) {
        pkc_koblitz_msg_block(block, bb, msg, len, i);
        err = pkc_koblitz_encode_var(&pts[i], curve, block, bb, NULL);
    }
    pkc_memzero(block, sizeof block);
    if (err != PKC_OK) {
        pkc_memzero(pts, n * sizeof *pts);
        return err;
    }
    *npoints = n;
    return PKC_OK;
}

pkc_err pkc_koblitz_decode_msg(const pkc_ec_point *pts, size_t npoints, uint8_t *out, size_t cap,
                               size_t *len)
{
    if (!pts || !npoints || !out || !len)
        return PKC_ERR_ARG;
    pkc_curve_id curve = pts[0].curve;
    const pkc_ec_curve *c = pkc_ec_curve_get(curve);
    if (!c)
        return PKC_ERR_ARG;
    size_t bb = pkc_ec_curve_info(c)->field_bytes - 2;
    if (cap < npoints * bb - 1)
        return PKC_ERR_BUFSIZE;
    uint8_t block[PKC_KOBLITZ_MAX_BLOCK];
    uint64_t ok = ~(uint64_t)0;
    for (size_t i = 0; i < npoints; i++) {
        if (pts[i].curve != curve) {
            pkc_memzero(out, i * bb);
            return PKC_ERR_ARG;
        }
        ok &= decode_block(c, &pts[i], block);
        memcpy(out + i * bb, block, i + 1 < npoints ? bb : bb - 1);
    }
    /* ISO/IEC 7816-4 in the last block, scanned from its end without a
     * secret-dependent branch: zeros, then 0x80 at position pos. */
    uint64_t found = 0, pos = 0;
    for (size_t k = bb; k-- > 0;) {
        uint64_t here = ~found & ct_mask_eq(block[k], 0x80);
        uint64_t nonzero = ~ct_mask_zero(block[k]);
        ok &= found | here | ~nonzero; /* before the marker only zeros */
        pos = ct_select(here, (uint64_t)k, pos);
        found |= here;
    }
    ok &= found;
    PKC_DECLASSIFY(&ok, sizeof ok);
    pkc_memzero(block, sizeof block);
    if (!ok) {
        pkc_memzero(out, npoints * bb - 1);
        return PKC_ERR_DECODE;
    }
    /* the length is public once the padding is accepted */
    PKC_DECLASSIFY(&pos, sizeof pos);
    *len = (npoints - 1) * bb + (size_t)pos;
    pkc_memzero(out + *len, npoints * bb - 1 - *len);
    return PKC_OK;
}
