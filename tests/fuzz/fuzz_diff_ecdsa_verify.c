/* pkc fuzzing — ECDSA verification (src/ec/ecdsa.c), differential: every
 * signature is verified by pkc and by OpenSSL (EVP_PKEY_verify on the
 * digest, EVP_DigestVerify on the message), and the verdicts must agree.
 * Both implement SEC 1 v2 section 4.1.4 over strict DER (X.690 section 10;
 * OpenSSL re-encodes what it parsed and compares), so there is no
 * documented difference: any disagreement is a bug on one side.
 *
 * Input: a selector byte, then the payload.
 *   bits 0-2  curve (pkc_curve_id 0-7: the eight SEC 2 prime curves, not
 *             prime239v1, id 18); the key is the curve's fixed key
 *   bits 3-4  hash of PKC_FUZZ_MESSAGE: SHA-224, SHA-256, SHA-384, SHA-512
 *   bits 5-7  mode, what the payload is:
 *     0  a DER signature; also verified through the message APIs
 *        (pkc_ecdsa_verify, EVP_DigestVerify), which must agree too
 *     1  damage to the valid signature (pkc's RFC 6979 one) as DER:
 *        a two-byte offset and an XOR mask (pkc_fuzz_damage)
 *     2  damage to the valid r || s before DER encoding; both libraries
 *        encode the damaged pair, and their DER must be the same
 *     3  r and s rewritten from the valid pair: [op r][op s][len][delta],
 *        fdv_apply (n - v, v + n, v +- delta, n +- delta, p +- delta, -v,
 *        ...): the high-s twin, values at and around n and p, negative
 *        and oversized integers (fdv_der encodes any INTEGER)
 *     4  a valid signature built around chosen scalars:
 *        [len][u1][len][u2][t]: public key Q = t G, R = u1 G + u2 Q,
 *        r = x(R) mod n, s = r / u2, digest e = u1 s, so verification
 *        (u1 = e / s, u2 = r / s) computes exactly u1 G + u2 Q: small,
 *        equal and zero scalars and Q = +-G reach the corner cases of the
 *        double-scalar multiplication that random signatures never do
 *     5  a valid signature built around a chosen R:
 *        [flags][len][x][len][s][e]: R = (x, y) with y odd if flags bit 0;
 *        with bit 1, x = n + x, so x(R) >= n and r = x(R) - n (only where
 *        p > n: the reduction of SEC 1 4.1.4 step 7); public key
 *        Q = r^-1 (s R - e G), the key recovery of SEC 1 v2 section 4.1.6
 *     6  [digest length][digest][DER signature]: a digest of any length
 *        (0 to 255 bytes), truncated by both to the bit length of n
 *        (SEC 1 v2 section 4.1.3 step 5)
 *     7  as 4, and pkc verifies in affine coordinates as well
 * Modes 4, 5 and 7 make signatures that are valid by construction (the
 * arithmetic is OpenSSL's): both libraries must accept them and their
 * twin (r, n - s).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/ecdsa.h>

#include "ec/lab.h"
#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "fuzz_openssl.h"
#include "pkc/ec.h"
#include "pkc/hash.h"

static const pkc_hash_alg fdv_hashes[4] = {PKC_HASH_SHA224, PKC_HASH_SHA256, PKC_HASH_SHA384,
                                           PKC_HASH_SHA512};

/* X.690 8.3 INTEGER of any sign (OpenSSL's ECDSA_SIG encoder refuses
 * negative values): minimal two's complement content after tag and length. */
static size_t fdv_der_integer(const BIGNUM *v, uint8_t *out)
{
    BIGNUM *t = BN_dup(v);
    FUZZ_CHECK(t != NULL);
    size_t len = (size_t)BN_num_bytes(t) + 1; /* room for a sign byte */
    if (BN_is_negative(t)) {
        /* 2^(8 len) + v, then drop leading 0xff bytes whose next byte
         * keeps the sign bit */
        BIGNUM *m = BN_new();
        FUZZ_CHECK(m && BN_set_word(m, 1) && BN_lshift(m, m, (int)(8 * len)) && BN_add(t, m, t));
        BN_free(m);
    }
    uint8_t c[160];
    FUZZ_CHECK(len <= sizeof c);
    pkc_fuzz_ossl_bn_out(t, c, len);
    size_t i = 0;
    while (i + 1 < len && ((c[i] == 0 && !(c[i + 1] & 0x80)) || (c[i] == 0xff && (c[i + 1] & 0x80))))
        i++;
    size_t n = len - i, h = 0;
    out[h++] = 0x02;
    if (n >= 128)
        out[h++] = 0x81;
    out[h++] = (uint8_t)n;
    memcpy(out + h, c + i, n);
    BN_free(t);
    return h + n;
}

/* SEQUENCE { INTEGER r, INTEGER s } for any r and s; where both are
 * non-negative, OpenSSL's own encoder (i2d_ECDSA_SIG) gives the same bytes. */
static size_t fdv_der(const BIGNUM *r, const BIGNUM *s, uint8_t *out, size_t cap)
{
    uint8_t body[2 * 164];
    size_t bl = fdv_der_integer(r, body);
    bl += fdv_der_integer(s, body + bl);
    size_t h = 0;
    FUZZ_CHECK(bl + 3 <= cap);
    out[h++] = 0x30;
    if (bl >= 128)
        out[h++] = bl >= 256 ? 0x82 : 0x81;
    if (bl >= 256)
        out[h++] = (uint8_t)(bl >> 8);
    out[h++] = (uint8_t)bl;
    memcpy(out + h, body, bl);
    size_t len = h + bl;
    if (!BN_is_negative(r) && !BN_is_negative(s)) {
        ECDSA_SIG *sig = ECDSA_SIG_new();
        BIGNUM *r2 = BN_dup(r), *s2 = BN_dup(s);
        FUZZ_CHECK(sig && r2 && s2 && ECDSA_SIG_set0(sig, r2, s2) == 1);
        unsigned char *der = NULL;
        int dl = i2d_ECDSA_SIG(sig, &der);
        FUZZ_CHECK(dl > 0 && (size_t)dl == len && memcmp(der, out, len) == 0);
        OPENSSL_free(der);
        ECDSA_SIG_free(sig);
    }
    return len;
}

/* Verifies a DER signature of a digest in both libraries; returns the
 * (common) verdict. affine: pkc also in affine coordinates. */
static int fdv_verify(const pkc_ec_public_key *pub, EVP_PKEY *opub, const uint8_t *digest,
                      size_t dlen, const uint8_t *der, size_t derlen, int affine)
{
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
    size_t rawlen = 0;
    int pkc_ok = 0;
    pkc_err e = pkc_ecdsa_sig_from_der(pub->curve, der, derlen, raw, sizeof raw, &rawlen);
    FUZZ_CHECK(e == PKC_OK || e == PKC_ERR_DECODE);
    if (e == PKC_OK) {
        pkc_err v = pkc_ecdsa_verify_digest(pub, digest, dlen, raw, rawlen);
        FUZZ_CHECK(v == PKC_OK || v == PKC_ERR_VERIFY || v == PKC_ERR_RANGE);
        if (affine)
            FUZZ_CHECK(pkc_ecdsa_verify_digest_coords(pub, digest, dlen, raw, rawlen,
                                                      PKC_EC_AFFINE) == v);
        pkc_ok = v == PKC_OK;
    }
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(opub, NULL);
    FUZZ_CHECK(ctx && EVP_PKEY_verify_init(ctx) == 1);
    int ossl_ok = EVP_PKEY_verify(ctx, der, derlen, digest, dlen) == 1;
    EVP_PKEY_CTX_free(ctx);
    FUZZ_CHECK(pkc_ok == ossl_ok);
    return pkc_ok;
}

/* The same through the message APIs (mode 0). */
static int fdv_verify_message(const pkc_ec_public_key *pub, EVP_PKEY *opub, pkc_hash_alg h,
                              const uint8_t *der, size_t derlen)
{
    const char *msg = PKC_FUZZ_MESSAGE;
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
    size_t rawlen = 0;
    int pkc_ok = pkc_ecdsa_sig_from_der(pub->curve, der, derlen, raw, sizeof raw, &rawlen) ==
                     PKC_OK &&
                 pkc_ecdsa_verify(pub, h, msg, strlen(msg), raw, rawlen) == PKC_OK;
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    FUZZ_CHECK(mctx != NULL);
    FUZZ_CHECK(EVP_DigestVerifyInit(mctx, NULL, pkc_fuzz_ossl_md(h), NULL, opub) == 1);
    int ossl_ok = EVP_DigestVerify(mctx, der, derlen, (const unsigned char *)msg, strlen(msg)) == 1;
    EVP_MD_CTX_free(mctx);
    FUZZ_CHECK(pkc_ok == ossl_ok);
    return pkc_ok;
}

/* pkc's (deterministic) signature of the message, raw r || s. */
static const uint8_t *fdv_valid_raw(pkc_curve_id curve, int hi)
{
    static uint8_t sigs[PKC_CURVE_COUNT][4][PKC_ECDSA_MAX_RAW_SIZE];
    static int made[PKC_CURVE_COUNT][4];
    if (!made[curve][hi]) {
        size_t len = 0;
        const char *msg = PKC_FUZZ_MESSAGE;
        FUZZ_CHECK(pkc_ecdsa_sign(pkc_fuzz_fixed_ec(curve), fdv_hashes[hi], msg, strlen(msg),
                                  NULL, sigs[curve][hi], sizeof sigs[curve][hi], &len) == PKC_OK);
        FUZZ_CHECK(len == 2 * pkc_ec_order_bytes(curve));
        made[curve][hi] = 1;
    }
    return sigs[curve][hi];
}

/* Mode 3: v rewritten by op (delta: a small magnitude from the input). */
static void fdv_apply(BIGNUM *v, unsigned op, const BIGNUM *delta, const pkc_fuzz_ossl_curve *c,
                      size_t ob)
{
    BN_CTX *ctx = pkc_fuzz_ossl_bn_ctx();
    BIGNUM *t = BN_new();
    FUZZ_CHECK(t != NULL);
    switch (op % 13) {
    case 0: break;                                            /* unchanged */
    case 1: FUZZ_CHECK(BN_sub(v, c->n, v)); break;            /* the twin n - v */
    case 2: FUZZ_CHECK(BN_add(v, v, c->n)); break;            /* v + n: >= n */
    case 3: FUZZ_CHECK(BN_add(v, v, delta)); break;
    case 4: FUZZ_CHECK(BN_sub(v, v, delta)); break;           /* may go negative */
    case 5: FUZZ_CHECK(BN_copy(v, delta)); break;             /* small values, 0 */
    case 6: FUZZ_CHECK(BN_sub(v, c->n, delta)); break;        /* n - 1, n - 2, ... */
    case 7: FUZZ_CHECK(BN_add(v, c->n, delta)); break;        /* n, n + 1, ... */
    case 8: FUZZ_CHECK(BN_sub(v, c->p, delta)); break;        /* around p */
    case 9: FUZZ_CHECK(BN_add(v, c->p, delta)); break;
    case 10: BN_set_negative(v, !BN_is_negative(v)); break;   /* -v */
    case 11:                                                  /* 2^(8 ob) - delta */
        FUZZ_CHECK(BN_set_word(t, 1) && BN_lshift(t, t, (int)(8 * ob)) && BN_sub(v, t, delta));
        break;
    default: /* v + delta n: congruent to v, out of range */
        FUZZ_CHECK(BN_mul(t, delta, c->n, ctx) && BN_add(v, v, t));
        break;
    }
    BN_free(t);
}

/* Both libraries must accept a signature valid by construction: (r, s)
 * over the digest e (reduced, so e < n) under the point Q. */
static void fdv_constructed(pkc_curve_id curve, const EC_POINT *Q, const BIGNUM *r,
                            const BIGNUM *s, const BIGNUM *e, int affine)
{
    const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get(curve);
    size_t ob = pkc_ec_order_bytes(curve);
    /* The digest whose leftmost nbits bits are e: SEC 1 truncation of an
     * order_bytes-long digest keeps them. */
    uint8_t digest[PKC_EC_MAX_ORDER_BYTES];
    BIGNUM *t = BN_new();
    FUZZ_CHECK(t && BN_lshift(t, e, (int)(8 * ob) - c->nbits));
    pkc_fuzz_ossl_bn_out(t, digest, ob);

    uint8_t pt[PKC_EC_MAX_POINT_BYTES];
    size_t ptlen = 0;
    pkc_fuzz_ossl_point_encode(curve, Q, 0, pt, sizeof pt, &ptlen);
    pkc_ec_public_key pub;
    FUZZ_CHECK(pkc_ec_point_decode(&pub, curve, pt, ptlen) == PKC_OK);
    EVP_PKEY *opub = pkc_fuzz_ossl_ec_key(curve, pt, ptlen, NULL);
    FUZZ_CHECK(opub != NULL);

    for (int twin = 0; twin < 2; twin++) {
        uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE], der[PKC_ECDSA_MAX_DER_SIZE], oder[256];
        size_t derlen = 0;
        FUZZ_CHECK(twin ? BN_sub(t, c->n, s) != 0 : BN_copy(t, s) != NULL);
        pkc_fuzz_ossl_bn_out(r, raw, ob);
        pkc_fuzz_ossl_bn_out(t, raw + ob, ob);
        FUZZ_CHECK(pkc_ecdsa_sig_to_der(curve, raw, 2 * ob, der, sizeof der, &derlen) == PKC_OK);
        size_t oderlen = fdv_der(r, t, oder, sizeof oder);
        FUZZ_CHECK(oderlen == derlen && memcmp(oder, der, derlen) == 0);
        FUZZ_CHECK(fdv_verify(&pub, opub, digest, ob, der, derlen, affine) == 1);
    }
    EVP_PKEY_free(opub);
    BN_free(t);
}

/* A scalar from the input: [len][bytes], reduced mod n. */
static BIGNUM *fdv_scalar(pkc_fuzz_in *in, const pkc_fuzz_ossl_curve *c, size_t ob)
{
    BIGNUM *v = pkc_fuzz_ossl_bn_take(in, pkc_fuzz_byte(in) % (ob + 1));
    FUZZ_CHECK(BN_nnmod(v, v, c->n, pkc_fuzz_ossl_bn_ctx()));
    return v;
}

/* Mode 4 (and 7): Q = t G, R = u1 G + u2 Q, s = r / u2, e = u1 s. */
static void fdv_mode_scalars(pkc_curve_id curve, pkc_fuzz_in *in, int affine)
{
    const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get(curve);
    size_t ob = pkc_ec_order_bytes(curve);
    BN_CTX *ctx = pkc_fuzz_ossl_bn_ctx();
    BIGNUM *u1 = fdv_scalar(in, c, ob), *u2 = fdv_scalar(in, c, ob);
    BIGNUM *t = pkc_fuzz_ossl_bn_take(in, ob), *x = BN_new(), *r = BN_new(), *s = BN_new(),
           *e = BN_new();
    EC_POINT *Q = EC_POINT_new(c->group), *R = EC_POINT_new(c->group);
    FUZZ_CHECK(x && r && s && e && Q && R && BN_nnmod(t, t, c->n, ctx));
    if (BN_is_zero(t))
        FUZZ_CHECK(BN_one(t));
    if (BN_is_zero(u2))
        FUZZ_CHECK(BN_one(u2));
    FUZZ_CHECK(EC_POINT_mul(c->group, Q, t, NULL, NULL, ctx) == 1);
    FUZZ_CHECK(EC_POINT_mul(c->group, R, u1, Q, u2, ctx) == 1);
    /* R at infinity or r = 0: no signature has this shape */
    if (!EC_POINT_is_at_infinity(c->group, R)) {
        FUZZ_CHECK(EC_POINT_get_affine_coordinates(c->group, R, x, NULL, ctx) == 1);
        FUZZ_CHECK(BN_nnmod(r, x, c->n, ctx));
        if (!BN_is_zero(r)) {
            FUZZ_CHECK(BN_mod_inverse(s, u2, c->n, ctx) != NULL);
            FUZZ_CHECK(BN_mod_mul(s, s, r, c->n, ctx) && BN_mod_mul(e, u1, s, c->n, ctx));
            fdv_constructed(curve, Q, r, s, e, affine);
        }
    }
    EC_POINT_free(Q);
    EC_POINT_free(R);
    BN_free(u1), BN_free(u2), BN_free(t), BN_free(x), BN_free(r), BN_free(s), BN_free(e);
}

/* Mode 5: R chosen by its x, Q recovered from (r, s, e). */
static void fdv_mode_recover(pkc_curve_id curve, pkc_fuzz_in *in)
{
    const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get(curve);
    size_t ob = pkc_ec_order_bytes(curve);
    BN_CTX *ctx = pkc_fuzz_ossl_bn_ctx();
    unsigned flags = pkc_fuzz_byte(in);
    BIGNUM *x = pkc_fuzz_ossl_bn_take(in, pkc_fuzz_byte(in) % (ob + 1));
    BIGNUM *s = fdv_scalar(in, c, ob);
    BIGNUM *e = pkc_fuzz_ossl_bn_take(in, ob), *r = BN_new(), *ri = BN_new(), *a = BN_new(),
           *b = BN_new();
    EC_POINT *R = EC_POINT_new(c->group), *Q = EC_POINT_new(c->group);
    FUZZ_CHECK(r && ri && a && b && R && Q && BN_nnmod(e, e, c->n, ctx));
    if (BN_is_zero(s))
        FUZZ_CHECK(BN_one(s));
    if (flags & 2)
        FUZZ_CHECK(BN_add(x, x, c->n));
    if (BN_cmp(x, c->p) < 0 &&
        EC_POINT_set_compressed_coordinates(c->group, R, x, (int)(flags & 1), ctx) == 1) {
        FUZZ_CHECK(BN_nnmod(r, x, c->n, ctx));
        if (!BN_is_zero(r)) {
            /* Q = (s / r) R + (-e / r) G */
            FUZZ_CHECK(BN_mod_inverse(ri, r, c->n, ctx) != NULL);
            FUZZ_CHECK(BN_mod_mul(a, s, ri, c->n, ctx) && BN_mod_mul(b, e, ri, c->n, ctx));
            FUZZ_CHECK(BN_mod_sub(b, c->n, b, c->n, ctx));
            FUZZ_CHECK(EC_POINT_mul(c->group, Q, b, R, a, ctx) == 1);
            if (!EC_POINT_is_at_infinity(c->group, Q))
                fdv_constructed(curve, Q, r, s, e, 0);
        }
    }
    EC_POINT_free(R);
    EC_POINT_free(Q);
    BN_free(x), BN_free(s), BN_free(e), BN_free(r), BN_free(ri), BN_free(a), BN_free(b);
}

int pkc_fuzz_diff_ecdsa_verify(const uint8_t *data, size_t len)
{
    if (len == 0)
        return 0;
    pkc_curve_id curve = (pkc_curve_id)(data[0] & 7);
    int hi = (data[0] >> 3) & 3, mode = data[0] >> 5;
    pkc_hash_alg h = fdv_hashes[hi];
    size_t ob = pkc_ec_order_bytes(curve);
    uint8_t *buf = pkc_fuzz_dup(data + 1, len - 1);
    pkc_fuzz_in in = {buf, len - 1};
    const pkc_ec_public_key *pub = &pkc_fuzz_fixed_ec(curve)->pub;
    EVP_PKEY *opub = pkc_fuzz_ossl_fixed_ec(curve);
    uint8_t digest[PKC_HASH_MAX_SIZE];
    FUZZ_CHECK(pkc_hash(h, PKC_FUZZ_MESSAGE, strlen(PKC_FUZZ_MESSAGE), digest) == PKC_OK);
    size_t dlen = pkc_hash_size(h);
    uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE], der[512]; /* room for v + delta n */
    size_t derlen = 0;
    memcpy(raw, fdv_valid_raw(curve, hi), 2 * ob);

    switch (mode) {
    case 0: {
        int v = fdv_verify_message(pub, opub, h, in.p, in.n);
        FUZZ_CHECK(fdv_verify(pub, opub, digest, dlen, in.p, in.n, 0) == v);
        break;
    }
    case 1:
        FUZZ_CHECK(pkc_ecdsa_sig_to_der(curve, raw, 2 * ob, der, sizeof der, &derlen) == PKC_OK);
        pkc_fuzz_damage(der, derlen, &in);
        fdv_verify(pub, opub, digest, dlen, der, derlen, 0);
        break;
    case 2:
    case 3: {
        BIGNUM *r = NULL, *s = NULL;
        if (mode == 2) {
            pkc_fuzz_damage(raw, 2 * ob, &in);
            r = pkc_fuzz_ossl_bn_in(raw, ob);
            s = pkc_fuzz_ossl_bn_in(raw + ob, ob);
        } else {
            unsigned opr = pkc_fuzz_byte(&in), ops = pkc_fuzz_byte(&in);
            BIGNUM *delta = pkc_fuzz_ossl_bn_take(&in, pkc_fuzz_byte(&in) % (ob + 1));
            const pkc_fuzz_ossl_curve *c = pkc_fuzz_ossl_curve_get(curve);
            r = pkc_fuzz_ossl_bn_in(raw, ob);
            s = pkc_fuzz_ossl_bn_in(raw + ob, ob);
            fdv_apply(r, opr, delta, c, ob);
            fdv_apply(s, ops, delta, c, ob);
            BN_free(delta);
        }
        derlen = fdv_der(r, s, der, sizeof der);
        /* Where pkc can represent the pair (0 <= r, s < 2^(8 ob)), its
         * encoder gives the same DER (X.690 8.3: minimal two's complement). */
        if (!BN_is_negative(r) && !BN_is_negative(s) && (size_t)BN_num_bytes(r) <= ob &&
            (size_t)BN_num_bytes(s) <= ob) {
            uint8_t der2[PKC_ECDSA_MAX_DER_SIZE];
            size_t der2len = 0;
            pkc_fuzz_ossl_bn_out(r, raw, ob);
            pkc_fuzz_ossl_bn_out(s, raw + ob, ob);
            FUZZ_CHECK(pkc_ecdsa_sig_to_der(curve, raw, 2 * ob, der2, sizeof der2, &der2len) ==
                       PKC_OK);
            FUZZ_CHECK(der2len == derlen && memcmp(der2, der, derlen) == 0);
        }
        fdv_verify(pub, opub, digest, dlen, der, derlen, 0);
        BN_free(r);
        BN_free(s);
        break;
    }
    case 4:
    case 7: fdv_mode_scalars(curve, &in, mode == 7); break;
    case 5: fdv_mode_recover(curve, &in); break;
    default: { /* 6 */
        size_t gl = 0;
        const uint8_t *g = pkc_fuzz_take(&in, pkc_fuzz_byte(&in), &gl);
        fdv_verify(pub, opub, g, gl, in.p, in.n, 0);
        break;
    }
    }
    free(buf);
    pkc_fuzz_ossl_done();
    return 0;
}

PKC_FUZZ_TARGET(pkc_fuzz_diff_ecdsa_verify)
