/* pkc fuzzing — ECDH (SEC 1 v2 section 3.3.1) with SEC 1 point decoding
 * (section 2.3.4) and public key validation (section 3.2.2), differential:
 * pkc (pkc_ec_point_decode, pkc_ecdh) and OpenSSL (EVP_PKEY_fromdata,
 * EVP_PKEY_derive with the peer validated) get the same private scalar and
 * the same peer point; both succeed with the same shared secret, or both
 * refuse. Scalars from the input also check pkc's fixed-base
 * multiplication: its d G must be OpenSSL's.
 *
 * Input: a selector byte, then the payload.
 *   bits 0-2  curve (pkc_curve_id 0-7: the eight SEC 2 prime curves only;
 *             the binary curves, ids 8-17, and prime239v1, id 18, have no
 *             fixed keys or seeds here yet)
 *   bit  7    private key: 0 the curve's fixed key; 1 d from the payload's
 *             start, [len][d] (len bit 7: d = n - d). pkc must refuse
 *             d = 0 and d >= n (PKC_ERR_KEY) and accept the rest; out of
 *             range, both libraries continue with d mod n (0 becomes 1)
 *   bits 3-4  the peer point, then damaged by the rest of the payload
 *             (pkc_fuzz_damage; nothing left: undamaged):
 *     0  the payload as it is (no damage)
 *     1  k G, computed by OpenSSL: [len][k] (len bit 7: k = n - k)
 *     2  a point by its x: [len][x][parity]: x as given (possibly >= p,
 *        or with no point on the curve: then it stays a compressed
 *        encoding, which both must refuse)
 *     3  k times the private key's own public point: [len][k]
 *   bits 5-6  encoding of modes 1-3: 0 and 3 uncompressed (04), 1
 *             compressed (02/03), 2 hybrid (06/07)
 *
 * The one documented difference: the hybrid form (06/07 || X || Y, with
 * the parity of Y in the prefix) exists in ANSI X9.62 only; SEC 1 v2
 * section 2.3.4 decodes compressed and uncompressed points, and RFC 5480
 * section 2.2 says the hybrid form MUST NOT be used. pkc refuses it
 * (PKC_ERR_DECODE); OpenSSL accepts it exactly when 04 || X || Y is a
 * valid point whose Y has the parity the prefix states, and then derives
 * the secret of that point (checked here).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "fuzz_openssl.h"
#include "pkc/ec.h"

/* [len][bytes] (len bit 7: n - v): a scalar as the input states it, not
 * reduced. */
static BIGNUM *fdh_scalar(pkc_fuzz_in *in, const pkc_fuzz_ossl_curve *c, size_t ob)
{
    unsigned l = pkc_fuzz_byte(in);
    BIGNUM *v = pkc_fuzz_ossl_bn_take(in, (l & 0x7f) % (ob + 1));
    if (l & 0x80)
        FUZZ_CHECK(BN_sub(v, c->n, v));
    return v;
}

/* v mod n, and 1 for 0 (a valid private scalar or multiplier). */
static void fdh_reduce(BIGNUM *v, const pkc_fuzz_ossl_curve *c)
{
    FUZZ_CHECK(BN_nnmod(v, v, c->n, pkc_fuzz_ossl_bn_ctx()));
    if (BN_is_zero(v))
        FUZZ_CHECK(BN_one(v));
}

/* OpenSSL's shared secret with the peer point pt (validated by
 * EVP_PKEY_derive_set_peer); its length, or 0 if OpenSSL refuses. */
static size_t fdh_ossl_derive(pkc_curve_id curve, EVP_PKEY *priv, const uint8_t *pt, size_t ptlen,
                              uint8_t *z, size_t cap)
{
    EVP_PKEY *peer = pkc_fuzz_ossl_ec_key(curve, pt, ptlen, NULL);
    if (!peer)
        return 0;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(priv, NULL);
    FUZZ_CHECK(ctx && EVP_PKEY_derive_init(ctx) == 1);
    size_t zl = cap;
    if (EVP_PKEY_derive_set_peer(ctx, peer) != 1 || EVP_PKEY_derive(ctx, z, &zl) != 1)
        zl = 0;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    return zl;
}

/* pkc's verdict and secret for the peer point pt; *zl = 0 if refused. */
static pkc_err fdh_pkc_derive(const pkc_ec_private_key *key, const uint8_t *pt, size_t ptlen,
                              uint8_t *z, size_t *zl)
{
    pkc_ec_public_key peer;
    *zl = 0;
    pkc_err e = pkc_ec_point_decode(&peer, key->curve, pt, ptlen);
    FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_DECODE || e == PKC_ERR_POINT);
    if (e != PKC_OK)
        return e;
    /* a valid point of the same curve: the derivation cannot fail (the
     * prime curves this harness selects have cofactor 1, so d Q is never
     * at infinity; on a binary curve, cofactor 2 or 4, it is not either, as
     * a valid point lies in the subgroup of order n) */
    FUZZ_CHECK(pkc_ecdh(key, &peer, z, PKC_ECDH_MAX_SIZE, zl) == PKC_OK);
    FUZZ_CHECK(*zl == pkc_ec_field_bytes(key->curve));
    return PKC_OK;
}

/* The private key, in both libraries. */
static void fdh_private(pkc_curve_id curve, int from_input, pkc_fuzz_in *in,
                        pkc_ec_private_key *key, EVP_PKEY **okey)
{
    if (!from_input) {
        *key = *pkc_fuzz_fixed_ec(curve);
        *okey = pkc_fuzz_ossl_fixed_ec(curve);
        FUZZ_CHECK(EVP_PKEY_up_ref(*okey) == 1);
        return;
    }
    const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get(curve);
    size_t ob = pkc_ec_order_bytes(curve);
    BIGNUM *d = fdh_scalar(in, c, ob);
    uint8_t db[PKC_EC_MAX_ORDER_BYTES];
    /* SEC 1 v2 section 3.2.1: d in [1, n-1], exactly */
    int in_range = !BN_is_zero(d) && !BN_is_negative(d) && BN_cmp(d, c->n) < 0;
    if ((size_t)BN_num_bytes(d) <= ob && !BN_is_negative(d)) {
        pkc_fuzz_ossl_bn_out(d, db, ob);
        pkc_err e = pkc_ec_private_key_from_bytes(key, curve, db, ob);
        FUZZ_CHECK(e == (in_range ? PKC_OK : PKC_ERR_KEY));
    }
    fdh_reduce(d, c);
    pkc_fuzz_ossl_bn_out(d, db, ob);
    FUZZ_CHECK(pkc_ec_private_key_from_bytes(key, curve, db, ob) == PKC_OK);

    /* d G: pkc's fixed-base multiplication against OpenSSL's */
    EC_POINT *P = EC_POINT_new(c->group);
    FUZZ_CHECK(P && EC_POINT_mul(c->group, P, d, NULL, NULL, pkc_fuzz_ossl_bn_ctx()) == 1);
    uint8_t pt[PKC_EC_MAX_POINT_BYTES], mine[PKC_EC_MAX_POINT_BYTES];
    size_t ptlen = 0, minelen = 0;
    pkc_fuzz_ossl_point_encode(curve, P, 0, pt, sizeof pt, &ptlen);
    FUZZ_CHECK(pkc_ec_point_encode(&key->pub, 0, mine, sizeof mine, &minelen) == PKC_OK);
    FUZZ_CHECK(minelen == ptlen && memcmp(mine, pt, ptlen) == 0);
    *okey = pkc_fuzz_ossl_ec_key(curve, pt, ptlen, d);
    FUZZ_CHECK(*okey != NULL);
    EC_POINT_free(P);
    BN_free(d);
}

/* Modes 1-3: the peer point from the input, encoded in the selected form. */
static size_t fdh_make_point(pkc_curve_id curve, int mode, int form, pkc_fuzz_in *in,
                             const pkc_ec_private_key *key, uint8_t *pt, size_t cap)
{
    const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get(curve);
    size_t ob = pkc_ec_order_bytes(curve), fb = pkc_ec_field_bytes(curve), len = 0;
    BN_CTX *ctx = pkc_fuzz_ossl_bn_ctx();
    EC_POINT *P = EC_POINT_new(c->group);
    FUZZ_CHECK(P != NULL);
    if (mode == 2) {
        BIGNUM *x = pkc_fuzz_ossl_bn_take(in, pkc_fuzz_byte(in) % (fb + 1));
        int odd = pkc_fuzz_byte(in) & 1;
        if (BN_cmp(x, c->p) >= 0 ||
            EC_POINT_set_compressed_coordinates(c->group, P, x, odd, ctx) != 1) {
            /* no such point: its compressed encoding, which must fail */
            pt[0] = (uint8_t)(2 + odd);
            pkc_fuzz_ossl_bn_out(x, pt + 1, fb);
            BN_free(x);
            EC_POINT_free(P);
            return 1 + fb;
        }
        BN_free(x);
    } else {
        BIGNUM *k = fdh_scalar(in, c, ob);
        fdh_reduce(k, c);
        if (mode == 1) {
            FUZZ_CHECK(EC_POINT_mul(c->group, P, k, NULL, NULL, ctx) == 1);
        } else {
            uint8_t own[PKC_EC_MAX_POINT_BYTES];
            size_t ol = 0;
            EC_POINT *Q = EC_POINT_new(c->group);
            FUZZ_CHECK(Q && pkc_ec_point_encode(&key->pub, 0, own, sizeof own, &ol) == PKC_OK);
            FUZZ_CHECK(EC_POINT_oct2point(c->group, Q, own, ol, ctx) == 1);
            FUZZ_CHECK(EC_POINT_mul(c->group, P, NULL, Q, k, ctx) == 1);
            EC_POINT_free(Q);
        }
        BN_free(k);
    }
    /* P has order n (cofactor 1 here; for the binary curves k G and k Q
     * stay in the subgroup of order n too) and 0 < k < n: never infinity */
    pkc_fuzz_ossl_point_encode(curve, P, form == 1, pt, cap, &len);
    if (form == 2)
        pt[0] = (uint8_t)(6 | (pt[len - 1] & 1)); /* hybrid: 06/07 by the parity of Y */
    EC_POINT_free(P);
    return len;
}

int pkc_fuzz_diff_ecdh(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    pkc_curve_id curve = (pkc_curve_id)(data[0] & 7);
    int mode = (data[0] >> 3) & 3, form = (data[0] >> 5) & 3;
    size_t fb = pkc_ec_field_bytes(curve);
    uint8_t *buf = pkc_fuzz_dup(data + 1, len - 1);
    pkc_fuzz_in in = {buf, len - 1};
    pkc_ec_private_key key;
    EVP_PKEY *okey = NULL;
    fdh_private(curve, data[0] >> 7, &in, &key, &okey);

    uint8_t ptbuf[4 * PKC_EC_MAX_POINT_BYTES];
    const uint8_t *pt = ptbuf;
    size_t ptlen;
    if (mode == 0) {
        pt = in.p;
        ptlen = in.n;
    } else {
        ptlen = fdh_make_point(curve, mode, form, &in, &key, ptbuf, sizeof ptbuf);
        pkc_fuzz_damage(ptbuf, ptlen, &in);
    }

    uint8_t z[PKC_ECDH_MAX_SIZE], oz[PKC_ECDH_MAX_SIZE];
    size_t zl = 0;
    pkc_err e = fdh_pkc_derive(&key, pt, ptlen, z, &zl);
    size_t ozl = fdh_ossl_derive(curve, okey, pt, ptlen, oz, sizeof oz);
    if (ptlen > 0 && (pt[0] == 6 || pt[0] == 7)) {
        /* The hybrid form (see the top): pkc refuses it; OpenSSL reads it
         * as 04 || X || Y when Y's parity matches the prefix. */
        FUZZ_CHECK(e == PKC_ERR_DECODE);
        uint8_t u[4 * PKC_EC_MAX_POINT_BYTES];
        memcpy(u, pt, ptlen);
        u[0] = 4;
        pkc_err eu = fdh_pkc_derive(&key, u, ptlen, z, &zl);
        int parity_ok = ptlen == 1 + 2 * fb && (pt[ptlen - 1] & 1) == (pt[0] & 1);
        if (eu != PKC_OK || !parity_ok)
            zl = 0;
    }
    FUZZ_CHECK(zl == ozl);
    FUZZ_CHECK(memcmp(z, oz, zl) == 0);
    EVP_PKEY_free(okey);
    pkc_ec_private_key_wipe(&key);
    free(buf);
    pkc_fuzz_ossl_done();
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_diff_ecdh)
