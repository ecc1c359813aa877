/* Koblitz's encoding of messages as points (include/pkc/koblitz.h), on
 * every curve (the p = 1 mod 4 ones and the binary ones included):
 *  - one block of every length 0 .. B: the point is valid (decode of its
 *    SEC 1 form accepts it), its x is 00 || block || j, every counter below
 *    j is refused by decompression (the first j that works was taken),
 *    decoding gives the block back; blocks whose first candidates fail
 *    occur on every curve;
 *  - the failure path: with one counter allowed, blocks with no point get
 *    PKC_ERR_ENCODE and the output untouched, never a point;
 *  - messages of every length up to 3 blocks + 1 split, padded and
 *    rejoined; a block too long, a bad padding, a point that is not an
 *    encoding (G) and a too-small buffer are errors.
 */
#include <stdio.h>
#include <string.h>

#include "ec/ec_proto.h"
#include "pkc/koblitz.h"
#include "testutil.h"

#define MAXPTS 16

/* x of a point, field_bytes big-endian, via the public encoding */
static void point_x(const pkc_ec_point *pt, uint8_t *x)
{
    uint8_t enc[1 + 2 * PKC_EC_MAX_FIELD_BYTES];
    size_t len = 0;
    CHECK(pkc_ec_point_encode(pt, 0, enc, sizeof enc, &len) == PKC_OK);
    memcpy(x, enc + 1, (len - 1) / 2);
}

/* 1 if some point of the subgroup has this x (both roots tried) */
static int x_works(pkc_curve_id curve, const uint8_t *x, size_t fb)
{
    uint8_t enc[1 + PKC_EC_MAX_FIELD_BYTES];
    pkc_ec_public_key p;
    enc[0] = 0x02;
    memcpy(enc + 1, x, fb);
    if (pkc_ec_point_decode(&p, curve, enc, 1 + fb) == PKC_OK)
        return 1;
    enc[0] = 0x03;
    return pkc_ec_point_decode(&p, curve, enc, 1 + fb) == PKC_OK;
}

static void one_block(pkc_curve_id curve, const pkc_curve_info *ci)
{
    size_t fb = ci->field_bytes, bb = pkc_koblitz_block_bytes(curve);
    CHECK(bb == fb - 2);
    int late = 0, n = 0;
    for (size_t len = 0; len <= bb; len++) {
        for (int rep = 0; rep < 3; rep++) {
            uint8_t block[PKC_KOBLITZ_MAX_BLOCK], back[PKC_KOBLITZ_MAX_BLOCK + 4];
            uint8_t x[PKC_EC_MAX_FIELD_BYTES], want[PKC_EC_MAX_FIELD_BYTES];
            tu_rand_bytes(block, len);
            pkc_ec_point pt;
            unsigned j = 999;
            pkc_err e = pkc_koblitz_encode_var(&pt, curve, block, len, &j);
            if (!CHECK_MSG(e == PKC_OK, "%s len %zu: %s", ci->name, len, pkc_strerror(e)))
                continue;
            n++;
            /* the point decodes as a validated public point */
            uint8_t enc[1 + 2 * PKC_EC_MAX_FIELD_BYTES];
            size_t elen = 0;
            pkc_ec_public_key again;
            CHECK(pkc_ec_point_encode(&pt, 1, enc, sizeof enc, &elen) == PKC_OK);
            CHECK(pkc_ec_point_decode(&again, curve, enc, elen) == PKC_OK);
            CHECK(pkc_ec_public_key_equal(&pt, &again));
            /* x = 00 || block (right-aligned) || j */
            memset(want, 0, fb);
            memcpy(want + 1 + bb - len, block, len);
            want[fb - 1] = (uint8_t)j;
            point_x(&pt, x);
            CHECK_MSG(memcmp(x, want, fb) == 0, "%s len %zu: x is not 00||m||j", ci->name, len);
            /* j is the first counter that works */
            for (unsigned i = 0; i < j; i++) {
                want[fb - 1] = (uint8_t)i;
                CHECK_MSG(!x_works(curve, want, fb), "%s: counter %u works but %u taken",
                          ci->name, i, j);
            }
            late += j > 0;
            size_t blen = 0;
            CHECK(pkc_koblitz_decode(&pt, back, sizeof back, &blen) == PKC_OK);
            CHECK(blen == bb);
            CHECK(memcmp(back + bb - len, block, len) == 0);
            for (size_t i = 0; i < bb - len; i++)
                CHECK(back[i] == 0);
        }
    }
    CHECK_MSG(late > 0, "%s: no block needed a second candidate in %d", ci->name, n);
    /* too long */
    uint8_t big[PKC_KOBLITZ_MAX_BLOCK + 1] = {0};
    pkc_ec_point pt;
    CHECK(pkc_koblitz_encode_var(&pt, curve, big, bb + 1, NULL) == PKC_ERR_ARG);
    /* G is not an encoding unless its x happens to start with a zero byte */
    pkc_ec_public_key g;
    uint8_t genc[1 + 2 * PKC_EC_MAX_FIELD_BYTES];
    genc[0] = 0x04;
    memcpy(genc + 1, ci->gx, fb);
    memcpy(genc + 1 + fb, ci->gy, fb);
    CHECK(pkc_ec_point_decode(&g, curve, genc, 1 + 2 * fb) == PKC_OK);
    uint8_t back[PKC_KOBLITZ_MAX_BLOCK];
    size_t blen;
    if (ci->gx[0] != 0)
        CHECK(pkc_koblitz_decode(&g, back, sizeof back, &blen) == PKC_ERR_DECODE);
    CHECK(pkc_koblitz_decode(&g, back, bb - 1, &blen) == PKC_ERR_BUFSIZE);
}

/* With a single counter allowed, about half the blocks (prime curves) or
 * more (binary) have no point: the error, and pt untouched. */
static void failure_path(pkc_curve_id curve, const pkc_curve_info *ci)
{
    size_t fb = ci->field_bytes, bb = fb - 2;
    int fails = 0;
    for (int rep = 0; rep < 64; rep++) {
        uint8_t block[PKC_KOBLITZ_MAX_BLOCK], x[PKC_EC_MAX_FIELD_BYTES];
        tu_rand_bytes(block, bb);
        pkc_ec_point pt, before;
        memset(&pt, 0xA5, sizeof pt);
        before = pt;
        unsigned j = 7;
        pkc_err e = pkc_koblitz_encode_range_var(&pt, curve, block, bb, 5, 1, &j);
        memset(x, 0, fb);
        memcpy(x + 1, block, bb);
        x[fb - 1] = 5;
        if (x_works(curve, x, fb)) {
            CHECK(e == PKC_OK && j == 5);
        } else {
            fails++;
            CHECK(e == PKC_ERR_ENCODE);
            CHECK(memcmp(&pt, &before, sizeof pt) == 0);
            CHECK(j == 7);
        }
    }
    CHECK_MSG(fails > 0, "%s: no failing candidate in 64", ci->name);
    uint8_t b[1] = {1};
    pkc_ec_point pt;
    CHECK(pkc_koblitz_encode_range_var(&pt, curve, b, 1, 255, 2, NULL) == PKC_ERR_ARG);
}

static void messages(pkc_curve_id curve, const pkc_curve_info *ci)
{
    size_t bb = ci->field_bytes - 2;
    static pkc_ec_point pts[MAXPTS];
    for (size_t len = 0; len <= 3 * bb + 1; len++) {
        uint8_t msg[4 * PKC_KOBLITZ_MAX_BLOCK], back[4 * PKC_KOBLITZ_MAX_BLOCK];
        tu_rand_bytes(msg, len);
        size_t np = 0, blen = 0;
        CHECK(pkc_koblitz_msg_points(curve, len) == len / bb + 1);
        pkc_err e = pkc_koblitz_encode_msg_var(pts, MAXPTS, &np, curve, msg, len);
        if (!CHECK_MSG(e == PKC_OK, "%s msg %zu: %s", ci->name, len, pkc_strerror(e)))
            continue;
        CHECK(np == len / bb + 1);
        e = pkc_koblitz_decode_msg(pts, np, back, sizeof back, &blen);
        CHECK_MSG(e == PKC_OK && blen == len && memcmp(back, msg, len) == 0,
                  "%s msg %zu: round trip", ci->name, len);
        CHECK(pkc_koblitz_decode_msg(pts, np, back, np * bb - 2, &blen) == PKC_ERR_BUFSIZE);
        if (np > 1) {
            /* a full block alone has no padding marker at its end unless
             * its data ends in 0x80 0..0: the padding check refuses it */
            size_t k = bb;
            while (k > 0 && msg[k - 1] == 0)
                k--;
            if (!(k > 0 && msg[k - 1] == 0x80))
                CHECK(pkc_koblitz_decode_msg(pts, 1, back, sizeof back, &blen) ==
                      PKC_ERR_DECODE);
        }
    }
    /* the whole block as padding: an empty message */
    size_t np = 0, blen = 9;
    uint8_t back[PKC_KOBLITZ_MAX_BLOCK];
    CHECK(pkc_koblitz_encode_msg_var(pts, MAXPTS, &np, curve, NULL, 0) == PKC_OK && np == 1);
    CHECK(pkc_koblitz_decode_msg(pts, 1, back, sizeof back, &blen) == PKC_OK && blen == 0);
    /* a block of zeros has no marker */
    CHECK(pkc_koblitz_encode_var(&pts[0], curve, NULL, 0, NULL) == PKC_OK);
    CHECK(pkc_koblitz_decode_msg(pts, 1, back, sizeof back, &blen) == PKC_ERR_DECODE);
    CHECK(pkc_koblitz_encode_msg_var(pts, 0, &np, curve, NULL, 0) == PKC_ERR_BUFSIZE);
}

int main(void)
{
    for (int id = 0; id < PKC_CURVE_COUNT; id++) {
        const pkc_curve_info *ci = pkc_curve_info_get((pkc_curve_id)id);
        one_block((pkc_curve_id)id, ci);
        failure_path((pkc_curve_id)id, ci);
        messages((pkc_curve_id)id, ci);
        printf("%-10s block %2zu bytes: encode/decode, failure path, messages\n", ci->name,
               pkc_koblitz_block_bytes((pkc_curve_id)id));
    }
    CHECK(pkc_koblitz_block_bytes(PKC_CURVE_COUNT) == 0);
    return tu_finish("test_koblitz");
}
