/* pkc — ECDSA, SEC 1 v2 section 4.1: signing (4.1.3) with RFC 6979 nonces,
 * verification (4.1.4), and the DER signature encoding (SEC 1 v2 appendix
 * C.8: ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }).
 *
 * Timing: signing is constant time in d and k: k*G, k^-1 and the products
 * are the arithmetic's constant-time functions; r and s are declassified
 * (they are the output) before the "r = 0 or s = 0" test. Verification
 * handles public data only and uses the variable-time functions.
 */
#include <string.h>

#include "ct.h"
#include "ec_cache.h"
#include "ec_proto.h"
#include "lab.h"
#include "pkc/der.h"

/* e = bits2int(H) mod n (SEC 1 v2 section 4.1.3 step 5 and 4.1.4 step 3). */
static void digest_to_scalar(const pkc_ec_curve *c, const pkc_curve_info *ci, pkc_ec_scalar *e,
                             const uint8_t *digest, size_t dlen)
{
    uint8_t buf[PKC_EC_MAX_ORDER_BYTES];
    pkc_ec_bits2int(ci, buf, digest, dlen);
    pkc_ec_scalar_reduce_bytes(c, e, buf, ci->order_bytes);
}

/* Steps 1-6 of SEC 1 v2 section 4.1.3 for a given k: R = kG, r = x_R mod n,
 * s = k^-1 (e + r d) mod n. Returns an all-ones mask if r != 0 and s != 0.
 * r and s are declassified: they are the signature. */
static uint64_t sign_core(const pkc_ec_curve *c, pkc_ec_coords co,
                          const pkc_ec_scalar *d, const pkc_ec_scalar *k, const pkc_ec_scalar *e,
                          pkc_ec_scalar *r, pkc_ec_scalar *s)
{
    pkc_ec_affine R;
    pkc_ec_scalar kinv, t;
    pkc_ec_mul_base(c, co, &R, k);
    pkc_ec_point_x_mod_n(c, r, &R);
    pkc_ec_scalar_inv(c, &kinv, k);
    pkc_ec_scalar_mul(c, &t, r, d);
    pkc_ec_scalar_add(c, &t, &t, e);
    pkc_ec_scalar_mul(c, s, &kinv, &t);
    pkc_memzero(&R, sizeof R);
    pkc_memzero(&kinv, sizeof kinv);
    pkc_memzero(&t, sizeof t);
    PKC_DECLASSIFY(r, sizeof *r);
    PKC_DECLASSIFY(s, sizeof *s);
    return ~pkc_ec_scalar_is_zero(c, r) & ~pkc_ec_scalar_is_zero(c, s);
}

/* Common checks of the signing entry points; *d gets the private scalar. */
static pkc_err sign_setup(const pkc_ec_private_key *key, size_t cap, const pkc_ec_curve **c,
                          const pkc_curve_info **ci, pkc_ec_scalar *d)
{
    *c = key ? pkc_ec_curve_get(key->curve) : NULL;
    if (!*c)
        return PKC_ERR_ARG;
    *ci = pkc_ec_curve_info(*c);
    if (cap < 2 * (*ci)->order_bytes)
        return PKC_ERR_BUFSIZE;
    return pkc_ec_scalar_from_secret(*c, d, key->d);
}

static void put_sig(const pkc_ec_curve *c, const pkc_curve_info *ci, const pkc_ec_scalar *r,
                    const pkc_ec_scalar *s, uint8_t *sig, size_t *siglen)
{
    pkc_ec_scalar_get_bytes(c, sig, r);
    pkc_ec_scalar_get_bytes(c, sig + ci->order_bytes, s);
    *siglen = 2 * ci->order_bytes;
}

pkc_err pkc_ecdsa_sign_digest_coords(const pkc_ec_private_key *key, pkc_hash_alg alg,
                                     const uint8_t *digest, size_t dlen, pkc_rng *extra,
                                     uint8_t *sig, size_t cap, size_t *siglen, pkc_ec_coords co)
{
    const pkc_ec_curve *c;
    const pkc_curve_info *ci;
    pkc_ec_scalar d, k, e, r, s;
    uint8_t kb[PKC_EC_MAX_ORDER_BYTES], add[PKC_EC_MAX_ORDER_BYTES];
    const uint8_t *addp = NULL;
    size_t addlen = 0;
    pkc_rfc6979 st;
    if (!digest || !sig || !siglen || pkc_hash_size(alg) == 0 || dlen != pkc_hash_size(alg))
        return PKC_ERR_ARG;
    pkc_err err = sign_setup(key, cap, &c, &ci, &d);
    if (err != PKC_OK)
        return err;
    if (extra) {
        /* RFC 6979 section 3.6: additional data k' appended to the HMAC
         * input; order_bytes fresh bytes. */
        addlen = ci->order_bytes;
        if ((err = pkc_rng_bytes(extra, add, addlen)) != PKC_OK)
            goto done;
        addp = add;
    }
    digest_to_scalar(c, ci, &e, digest, dlen);
    if ((err = pkc_rfc6979_init(&st, c, alg, key->d, digest, dlen, addp, addlen)) != PKC_OK)
        goto done;
    err = PKC_ERR_INTERNAL;
    /* A candidate is rejected when it is not below n (or r or s is 0).
     * Candidates have order_bits bits, so that is about 2^-32 for most
     * curves but about 1/2 for secp224k1, whose n is barely above 2^224
     * (225 bits): 64 rounds all fail with probability about 2^-64. */
    for (int tries = 0; tries < 64; tries++) {
        uint64_t ok = pkc_rfc6979_next(&st, &k, kb);
        PKC_DECLASSIFY(&ok, sizeof ok);
        if (!ok)
            continue;
        if (sign_core(c, co, &d, &k, &e, &r, &s)) {
            put_sig(c, ci, &r, &s, sig, siglen);
            err = PKC_OK;
            break;
        }
    }
    pkc_rfc6979_wipe(&st);
done:
    pkc_memzero(&d, sizeof d);
    pkc_memzero(&k, sizeof k);
    pkc_memzero(kb, sizeof kb);
    pkc_memzero(add, sizeof add);
    return err;
}

/* h = H(msg), for the entry points that hash the message themselves. */
static pkc_err hash_message(pkc_hash_alg alg, const void *msg, size_t msglen, uint8_t *h)
{
    if (!msg && msglen)
        return PKC_ERR_ARG;
    return pkc_hash(alg, msg ? msg : "", msglen, h);
}

pkc_err pkc_ecdsa_sign_digest(const pkc_ec_private_key *key, pkc_hash_alg alg,
                              const uint8_t *digest, size_t dlen, pkc_rng *extra, uint8_t *sig,
                              size_t cap, size_t *siglen)
{
    return pkc_ecdsa_sign_digest_coords(key, alg, digest, dlen, extra, sig, cap, siglen,
                                        PKC_EC_JACOBIAN);
}

pkc_err pkc_ecdsa_sign(const pkc_ec_private_key *key, pkc_hash_alg alg, const void *msg,
                       size_t msglen, pkc_rng *extra, uint8_t *sig, size_t cap, size_t *siglen)
{
    uint8_t h[PKC_HASH_MAX_SIZE];
    pkc_err err = hash_message(alg, msg, msglen, h);
    if (err != PKC_OK)
        return err;
    return pkc_ecdsa_sign_digest(key, alg, h, pkc_hash_size(alg), extra, sig, cap, siglen);
}

pkc_err pkc_ecdsa_sign_with_k_for_testing(const pkc_ec_private_key *key, const uint8_t *digest,
                                          size_t dlen, const uint8_t *k, uint8_t *sig,
                                          size_t cap, size_t *siglen, pkc_ec_coords co)
{
    const pkc_ec_curve *c;
    const pkc_curve_info *ci;
    pkc_ec_scalar d, ks, e, r, s;
    if (!digest || !k || !sig || !siglen)
        return PKC_ERR_ARG;
    pkc_err err = sign_setup(key, cap, &c, &ci, &d);
    if (err != PKC_OK)
        return err;
    if (!pkc_ec_scalar_set_bytes_checked(c, &ks, k)) {
        err = PKC_ERR_RANGE;
    } else {
        digest_to_scalar(c, ci, &e, digest, dlen);
        if (sign_core(c, co, &d, &ks, &e, &r, &s))
            put_sig(c, ci, &r, &s, sig, siglen);
        else
            err = PKC_ERR_RANGE;
    }
    pkc_memzero(&d, sizeof d);
    pkc_memzero(&ks, sizeof ks);
    return err;
}

/* SEC 1 v2 section 4.1.4. cache: Q (the public key) may be looked up and
 * inserted. */
pkc_err pkc_ecdsa_verify_digest_coords_cached(pkc_ec_cache *cache, const pkc_ec_public_key *pub,
                                              const uint8_t *digest, size_t dlen,
                                              const uint8_t *sig, size_t siglen,
                                              pkc_ec_coords co)
{
    const pkc_ec_curve *c = pub ? pkc_ec_curve_get(pub->curve) : NULL;
    if (!c || (!digest && dlen) || !sig)
        return PKC_ERR_ARG;
    const pkc_curve_info *ci = pkc_ec_curve_info(c);
    size_t ob = ci->order_bytes;
    if (siglen != 2 * ob)
        return PKC_ERR_ARG;
    const pkc_ec_affine *Q = pkc_ec_pub_point_const(pub);
    /* The key was validated when it was built; a caller-corrupted struct
     * must still never reach the arithmetic. */
    if (Q->infinity || !pkc_ec_point_is_valid_var(c, Q))
        return PKC_ERR_POINT;
    pkc_ec_scalar r, s, e, w, u1, u2, v;
    /* Step 1: r and s in [1, n-1]. */
    if (!pkc_ec_scalar_set_bytes_checked(c, &r, sig) ||
        !pkc_ec_scalar_set_bytes_checked(c, &s, sig + ob))
        return PKC_ERR_RANGE;
    digest_to_scalar(c, ci, &e, digest ? digest : (const uint8_t *)"", dlen);
    /* Steps 4-5: u1 = e/s, u2 = r/s, R = u1 G + u2 Q (s is public). */
    pkc_ec_scalar_inv_var(c, &w, &s);
    pkc_ec_scalar_mul(c, &u1, &e, &w);
    pkc_ec_scalar_mul(c, &u2, &r, &w);
    if (!cache) { /* a cached Q's comb gives an affine R anyway */
        int eq = pkc_ec_mul2_x_eq_var(c, co, &u1, &u2, Q, &r);
        if (eq >= 0)
            return eq ? PKC_OK : PKC_ERR_VERIFY;
    }
    pkc_ec_affine R;
    pkc_ec_mul2_cached_var(c, co, cache, &R, &u1, &u2, Q);
    if (R.infinity)
        return PKC_ERR_VERIFY;
    /* Steps 6-8: v = x_R mod n must equal r. */
    pkc_ec_point_x_mod_n(c, &v, &R);
    return pkc_ec_scalar_eq(c, &v, &r) ? PKC_OK : PKC_ERR_VERIFY;
}

pkc_err pkc_ecdsa_verify_digest_coords(const pkc_ec_public_key *pub, const uint8_t *digest,
                                       size_t dlen, const uint8_t *sig, size_t siglen,
                                       pkc_ec_coords co)
{
    return pkc_ecdsa_verify_digest_coords_cached(NULL, pub, digest, dlen, sig, siglen, co);
}

pkc_err pkc_ecdsa_verify_digest(const pkc_ec_public_key *pub, const uint8_t *digest, size_t dlen,
                                const uint8_t *sig, size_t siglen)
{
    return pkc_ecdsa_verify_digest_coords(pub, digest, dlen, sig, siglen, PKC_EC_JACOBIAN);
}

pkc_err pkc_ecdsa_verify(const pkc_ec_public_key *pub, pkc_hash_alg alg, const void *msg,
                         size_t msglen, const uint8_t *sig, size_t siglen)
{
    uint8_t h[PKC_HASH_MAX_SIZE];
    pkc_err err = hash_message(alg, msg, msglen, h);
    if (err != PKC_OK)
        return err;
    return pkc_ecdsa_verify_digest(pub, h, pkc_hash_size(alg), sig, siglen);
}

/* ---- low-s (the malleability note in include/pkc/ec.h) ---- */

/* s of a raw signature as a scalar, and n - s; -1 for a wrong length or s
 * outside [1, n-1] */
static int split_s(pkc_curve_id curve, const uint8_t *raw, size_t rawlen, pkc_ec_scalar *s,
                   pkc_ec_scalar *neg)
{
    const pkc_ec_curve *c = pkc_ec_curve_get(curve);
    if (!c || !raw)
        return -1;
    size_t ob = pkc_ec_curve_info(c)->order_bytes;
    if (rawlen != 2 * ob)
        return -1;
    if (!pkc_ec_scalar_set_bytes_checked(c, s, raw + ob))
        return -1;
    pkc_ec_scalar_neg(c, neg, s);
    return 0;
}

/* 1 if a < b as integers (public values) */
static int scalar_lt_var(const pkc_ec_scalar *a, const pkc_ec_scalar *b)
{
    for (int i = PKC_EC_MAX_LIMBS - 1; i >= 0; i--)
        if (a->v[i] != b->v[i])
            return a->v[i] < b->v[i];
    return 0;
}

int pkc_ecdsa_sig_is_low_s(pkc_curve_id curve, const uint8_t *raw, size_t rawlen)
{
    pkc_ec_scalar s, neg;
    if (split_s(curve, raw, rawlen, &s, &neg) != 0)
        return PKC_ERR_ARG;
    /* s <= (n-1)/2 exactly when s < n - s (n is odd) */
    return scalar_lt_var(&s, &neg);
}

pkc_err pkc_ecdsa_sig_normalize_low_s(pkc_curve_id curve, uint8_t *raw, size_t rawlen)
{
    pkc_ec_scalar s, neg;
    if (split_s(curve, raw, rawlen, &s, &neg) != 0)
        return PKC_ERR_ARG;
    if (scalar_lt_var(&neg, &s))
        pkc_ec_scalar_get_bytes(pkc_ec_curve_get(curve), raw + rawlen / 2, &neg);
    return PKC_OK;
}

/* ---- DER <-> raw ---- */

/* One INTEGER from a big-endian magnitude of len bytes (X.690 8.3:
 * minimal, a leading 0x00 when the top bit is set). */
static size_t put_int(uint8_t *out, const uint8_t *mag, size_t len)
{
    while (len > 1 && mag[0] == 0)
        mag++, len--;
    size_t pad = (mag[0] & 0x80) ? 1 : 0;
    out[0] = PKC_DER_INTEGER;
    out[1] = (uint8_t)(len + pad);
    out[2] = 0;
    memcpy(out + 2 + pad, mag, len);
    return 2 + pad + len;
}

pkc_err pkc_ecdsa_sig_to_der(pkc_curve_id curve, const uint8_t *raw, size_t rawlen, uint8_t *der,
                             size_t cap, size_t *derlen)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci || !raw || !der || !derlen || rawlen != 2 * ci->order_bytes)
        return PKC_ERR_ARG;
    size_t ob = ci->order_bytes;
    uint8_t body[2 * (2 + 1 + PKC_EC_MAX_ORDER_BYTES)];
    size_t n = put_int(body, raw, ob);
    n += put_int(body + n, raw + ob, ob);
    size_t hdr = n < 128 ? 2 : 3;
    if (cap < hdr + n)
        return PKC_ERR_BUFSIZE;
    der[0] = PKC_DER_SEQUENCE;
    if (n < 128) {
        der[1] = (uint8_t)n;
    } else {
        der[1] = 0x81;
        der[2] = (uint8_t)n;
    }
    memcpy(der + hdr, body, n);
    *derlen = hdr + n;
    return PKC_OK;
}

pkc_err pkc_ecdsa_sig_from_der(pkc_curve_id curve, const uint8_t *der, size_t derlen,
                               uint8_t *raw, size_t cap, size_t *rawlen)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci || (!der && derlen) || !raw || !rawlen)
        return PKC_ERR_ARG;
    size_t ob = ci->order_bytes;
    if (cap < 2 * ob)
        return PKC_ERR_BUFSIZE;
    pkc_der in, seq;
    const uint8_t *r, *s;
    size_t rlen, slen;
    pkc_err err;
    pkc_der_init(&in, der, derlen);
    if ((err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq)) != PKC_OK)
        return err;
    if ((err = pkc_der_end(&in)) != PKC_OK)
        return err;
    if ((err = pkc_der_get_uint(&seq, &r, &rlen)) != PKC_OK)
        return err;
    if ((err = pkc_der_get_uint(&seq, &s, &slen)) != PKC_OK)
        return err;
    if ((err = pkc_der_end(&seq)) != PKC_OK)
        return err;
    if (rlen > ob || slen > ob)
        return PKC_ERR_DECODE;
    memset(raw, 0, 2 * ob);
    if (rlen)
        memcpy(raw + ob - rlen, r, rlen);
    if (slen)
        memcpy(raw + 2 * ob - slen, s, slen);
    *rawlen = 2 * ob;
    return PKC_OK;
}
