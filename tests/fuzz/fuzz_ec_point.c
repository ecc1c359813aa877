/* pkc fuzzing — SEC 1 point decoding (SEC 1 v2 section 2.3.4) and public
 * key validation (section 3.2.2) on the eight SEC 2 prime curves
 * (src/ec/ec_key.c).
 *
 * Input: one byte that selects the curve (mod 8: the SEC 2 prime curves,
 * ids 0-7; prime239v1, id 18, has no fixed key here yet; the binary ones would need fixed keys and the compression rule of GF(2^m),
 * the lowest bit of y/x, in fep_check_valid), then the encoded point.
 * A point that decodes re-encodes in its own form (02/03 or 04) to the
 * same bytes, and both forms decode to the same key. The same bytes split
 * in halves as X || Y go through pkc_ec_public_key_from_xy, which must agree with
 * decoding 04 || X || Y. Every accepted point is also used for ECDH with
 * the fixed key of its curve: a valid point never gives an error.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "pkc/ec.h"

static void fep_check_valid(const pkc_ec_public_key *pub, pkc_curve_id curve)
{
    size_t fb = pkc_ec_field_bytes(curve);
    uint8_t u[PKC_EC_MAX_POINT_BYTES], c[PKC_EC_MAX_POINT_BYTES];
    size_t ul = 0, cl = 0;
    FUZZ_CHECK(pub->curve == curve);
    FUZZ_CHECK(pkc_ec_point_encode(pub, 0, u, sizeof u, &ul) == PKC_OK && ul == 1 + 2 * fb);
    FUZZ_CHECK(pkc_ec_point_encode(pub, 1, c, sizeof c, &cl) == PKC_OK && cl == 1 + fb);
    FUZZ_CHECK(u[0] == 4 && (c[0] == 2 || c[0] == 3));
    FUZZ_CHECK(memcmp(u + 1, c + 1, fb) == 0);
    FUZZ_CHECK(c[0] == 2 + (u[ul - 1] & 1));
    /* too small an output buffer is refused */
    FUZZ_CHECK(pkc_ec_point_encode(pub, 1, c, cl - 1, &cl) == PKC_ERR_BUFSIZE);
    pkc_ec_public_key a, b;
    FUZZ_CHECK(pkc_ec_point_decode(&a, curve, u, ul) == PKC_OK);
    FUZZ_CHECK(pkc_ec_point_decode(&b, curve, c, 1 + fb) == PKC_OK);
    FUZZ_CHECK(pkc_ec_public_key_equal(&a, pub) && pkc_ec_public_key_equal(&b, pub));
    /* ECDH with a valid point of the same curve always succeeds */
    const pkc_ec_private_key *key = pkc_fuzz_fixed_ec(curve);
    uint8_t z[PKC_ECDH_MAX_SIZE];
    size_t zl = 0;
    FUZZ_CHECK(pkc_ecdh(key, pub, z, sizeof z, &zl) == PKC_OK && zl == fb);
    /* and with a key of another curve never does */
    const pkc_ec_private_key *other = pkc_fuzz_fixed_ec((pkc_curve_id)((curve + 1) % 8));
    FUZZ_CHECK(pkc_ecdh(other, pub, z, sizeof z, &zl) == PKC_ERR_KEY);
}

int pkc_fuzz_ec_point(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    pkc_curve_id curve = (pkc_curve_id)(data[0] & 7);
    size_t fb = pkc_ec_field_bytes(curve);
    uint8_t *pt = pkc_fuzz_dup(data + 1, len - 1);
    size_t ptlen = len - 1;
    pkc_ec_public_key pub;

    pkc_err e = pkc_ec_point_decode(&pub, curve, pt, ptlen);
    if (e == PKC_OK) {
        FUZZ_CHECK(ptlen == 1 + fb || ptlen == 1 + 2 * fb);
        fep_check_valid(&pub, curve);
        uint8_t again[PKC_EC_MAX_POINT_BYTES];
        size_t al = 0;
        FUZZ_CHECK(pkc_ec_point_encode(&pub, pt[0] != 4, again, sizeof again, &al) == PKC_OK);
        FUZZ_CHECK(al == ptlen && memcmp(again, pt, ptlen) == 0);
    } else {
        FUZZ_CHECK(e == PKC_ERR_DECODE || e == PKC_ERR_POINT);
    }

    /* X || Y (each at most field_bytes once leading zeros are dropped):
     * agrees with 04 || X || Y. */
    size_t xl = ptlen / 2, yl = ptlen - xl;
    const uint8_t *x = pt, *y = pt + xl;
    pkc_ec_public_key q;
    pkc_err ex = pkc_ec_public_key_from_xy(&q, curve, x, xl, y, yl);
    while (xl > fb && *x == 0)
        x++, xl--;
    while (yl > fb && *y == 0)
        y++, yl--;
    if (xl <= fb && yl <= fb) {
        uint8_t u[PKC_EC_MAX_POINT_BYTES];
        memset(u, 0, sizeof u);
        u[0] = 4;
        memcpy(u + 1 + fb - xl, x, xl);
        memcpy(u + 1 + 2 * fb - yl, y, yl);
        pkc_ec_public_key r;
        pkc_err eu = pkc_ec_point_decode(&r, curve, u, 1 + 2 * fb);
        FUZZ_CHECK(ex == eu);
        if (ex == PKC_OK) {
            FUZZ_CHECK(pkc_ec_public_key_equal(&q, &r));
            fep_check_valid(&q, curve);
        } else {
            FUZZ_CHECK(ex == PKC_ERR_POINT);
        }
    } else {
        FUZZ_CHECK(ex == PKC_ERR_POINT);
    }
    free(pt);
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_ec_point)
