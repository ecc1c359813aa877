/* pkc — elliptic-curve keys: generation, SEC 1 point encoding, and the key
 * file formats (SEC 1 ECPrivateKey / RFC 5915, PKCS#8 / RFC 5208 and 5958,
 * SubjectPublicKeyInfo / RFC 5480), named curves only.
 *
 * Timing: d is only copied, masked and handed to the constant-time
 * arithmetic; the verdicts "d in range" and "the public key matches" are
 * public outcomes and are branched on after declassification.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "ct.h"
#include "ec_proto.h"
#include "lab.h"
#include "pkc/der.h"

#define OID_EC_PUBLIC_KEY "1.2.840.10045.2.1" /* id-ecPublicKey, RFC 5480 section 2.1.1 */

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

pkc_err pkc_ec_keygen_coords(pkc_ec_private_key *key, pkc_curve_id curve, pkc_rng *rng,
                             pkc_ec_coords co)
{
    const pkc_curve_info *ci;
    const pkc_ec_curve *c = curve_of(curve, &ci);
    if (!key || !c || !rng)
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    key->curve = curve;
    size_t ob = ci->order_bytes;
    unsigned rem = ci->order_bits % 8;
    uint8_t top = rem ? (uint8_t)((1u << rem) - 1) : 0xff;
    pkc_ec_scalar d;
    uint64_t ok = 0;
    pkc_err err = PKC_OK;
    /* Rejection sampling of order_bits-bit candidates (FIPS 186-5 A.2.2,
     * "testing candidates", shifted by one): each is accepted with
     * probability > 1/2, so 256 failures mean a broken random source. */
    for (int tries = 0; tries < 256; tries++) {
        err = pkc_rng_bytes(rng, key->d, ob);
        if (err != PKC_OK)
            break;
        key->d[0] &= top;
        ok = pkc_ec_scalar_set_bytes_checked(c, &d, key->d);
        /* Only the verdict on a candidate becomes public, never its value. */
        PKC_DECLASSIFY(&ok, sizeof ok);
        if (ok)
            break;
    }
    if (err == PKC_OK && !ok)
        err = PKC_ERR_RNG;
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
        out[0] = (uint8_t)(0x02 | (y[fb - 1] & 1));
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

/* ---- ASN.1 pieces ---- */

/* ECParameters ::= CHOICE { namedCurve OID, implicitCurve NULL,
 * specifiedCurve SpecifiedECDomain } (RFC 5480 section 2.1.1): only named
 * curves are accepted. */
static pkc_err get_curve_params(pkc_der *in, pkc_curve_id *id)
{
    if (pkc_der_peek(in, PKC_DER_OID)) {
        const uint8_t *oid;
        size_t oidlen;
        pkc_err err = pkc_der_get_oid(in, &oid, &oidlen);
        if (err != PKC_OK)
            return err;
        return pkc_curve_from_oid(oid, oidlen, id) == PKC_OK ? PKC_OK : PKC_ERR_UNSUPPORTED;
    }
    if (pkc_der_peek(in, PKC_DER_SEQUENCE) || pkc_der_peek(in, PKC_DER_NULL))
        return PKC_ERR_UNSUPPORTED; /* explicit or implicitly-CA parameters */
    return PKC_ERR_DECODE;
}

/* AlgorithmIdentifier { id-ecPublicKey, ECParameters } */
static pkc_err get_algorithm(pkc_der *in, pkc_curve_id *id)
{
    pkc_der alg;
    const uint8_t *oid;
    size_t oidlen;
    pkc_err err = pkc_der_get(in, PKC_DER_SEQUENCE, &alg);
    if (err == PKC_OK)
        err = pkc_der_get_oid(&alg, &oid, &oidlen);
    if (err != PKC_OK)
        return err;
    if (!pkc_der_oid_equals(oid, oidlen, OID_EC_PUBLIC_KEY))
        return PKC_ERR_KEY; /* an RSA (or other) key */
    err = get_curve_params(&alg, id);
    if (err == PKC_OK)
        err = pkc_der_end(&alg);
    return err;
}

static void put_algorithm(pkc_der_writer *w, const pkc_curve_info *ci)
{
    size_t m = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(w, OID_EC_PUBLIC_KEY);
    pkc_der_put_oid(w, ci->oid);
    pkc_der_close(w, m);
}

/* ECPrivateKey (RFC 5915 section 3); with_params adds [0] namedCurve
 * (the SEC 1 form; inside PKCS#8 the curve is in the AlgorithmIdentifier). */
static void put_ec_private_key(pkc_der_writer *w, const pkc_ec_private_key *key,
                               const pkc_curve_info *ci, int with_params)
{
    uint8_t pt[PKC_EC_MAX_POINT_BYTES];
    size_t ptlen = 0;
    size_t m = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(w, 1); /* ecPrivkeyVer1 */
    pkc_der_put_octet_string(w, key->d, ci->order_bytes);
    if (with_params) {
        size_t m0 = pkc_der_open(w, PKC_DER_CONTEXT(0));
        pkc_der_put_oid(w, ci->oid);
        pkc_der_close(w, m0);
    }
    if (pkc_ec_point_encode(&key->pub, 0, pt, sizeof pt, &ptlen) == PKC_OK) {
        size_t m1 = pkc_der_open(w, PKC_DER_CONTEXT(1));
        pkc_der_put_bit_string(w, pt, ptlen);
        pkc_der_close(w, m1);
    } else if (w->err == PKC_OK) {
        w->err = PKC_ERR_KEY;
    }
    pkc_der_close(w, m);
}

/* Parses an ECPrivateKey. have_curve: the curve is already known (from the
 * PKCS#8 AlgorithmIdentifier); [0] parameters, if present, must agree. */
static pkc_err parse_ec_private_key(pkc_ec_private_key *key, const uint8_t *der, size_t derlen,
                                    int have_curve, pkc_curve_id curve)
{
    pkc_der in, seq, ctx;
    const uint8_t *d = NULL, *pt = NULL;
    size_t dlen = 0, ptlen = 0;
    uint64_t version;
    pkc_err err;

    pkc_der_init(&in, der, derlen);
    if ((err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq)) != PKC_OK)
        return err;
    if ((err = pkc_der_end(&in)) != PKC_OK)
        return err;
    if ((err = pkc_der_get_u64(&seq, &version)) != PKC_OK)
        return err;
    if (version != 1)
        return PKC_ERR_DECODE;
    if ((err = pkc_der_get_octet_string(&seq, &d, &dlen)) != PKC_OK)
        return err;
    if (pkc_der_peek(&seq, PKC_DER_CONTEXT(0))) {
        pkc_curve_id inner;
        if ((err = pkc_der_get(&seq, PKC_DER_CONTEXT(0), &ctx)) != PKC_OK)
            return err;
        if ((err = get_curve_params(&ctx, &inner)) != PKC_OK)
            return err;
        if ((err = pkc_der_end(&ctx)) != PKC_OK)
            return err;
        if (have_curve && inner != curve)
            return PKC_ERR_KEY;
        curve = inner;
        have_curve = 1;
    }
    if (pkc_der_peek(&seq, PKC_DER_CONTEXT(1))) {
        if ((err = pkc_der_get(&seq, PKC_DER_CONTEXT(1), &ctx)) != PKC_OK)
            return err;
        if ((err = pkc_der_get_bit_string(&ctx, &pt, &ptlen)) != PKC_OK)
            return err;
        if ((err = pkc_der_end(&ctx)) != PKC_OK)
            return err;
    }
    if ((err = pkc_der_end(&seq)) != PKC_OK)
        return err;
    if (!have_curve)
        return PKC_ERR_DECODE; /* a bare ECPrivateKey must name its curve */
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci)
        return PKC_ERR_UNSUPPORTED;
    /* RFC 5915: the octet string is ceiling(log2(n)/8) bytes; shorter ones
     * (leading zeros dropped by some writers) are tolerated. */
    if (dlen == 0 || dlen > ci->order_bytes)
        return PKC_ERR_KEY;
    if ((err = pkc_ec_private_key_from_bytes(key, curve, d, dlen)) != PKC_OK)
        return err;
    if (pt) {
        pkc_ec_public_key stored;
        err = pkc_ec_point_decode(&stored, curve, pt, ptlen);
        if (err == PKC_OK && !pkc_ec_public_key_equal(&stored, &key->pub))
            err = PKC_ERR_KEY; /* the file's public key is not d*G */
        if (err != PKC_OK) {
            pkc_ec_private_key_wipe(key);
            return err;
        }
    }
    return PKC_OK;
}

/* PrivateKeyInfo / OneAsymmetricKey (RFC 5208 section 5, RFC 5958 section 2). */
static pkc_err parse_pkcs8(pkc_ec_private_key *key, const uint8_t *der, size_t derlen)
{
    pkc_der in, seq, attrs;
    const uint8_t *inner;
    size_t innerlen;
    uint64_t version;
    pkc_curve_id curve;
    pkc_err err;

    pkc_der_init(&in, der, derlen);
    if ((err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq)) != PKC_OK)
        return err;
    if ((err = pkc_der_end(&in)) != PKC_OK)
        return err;
    if ((err = pkc_der_get_u64(&seq, &version)) != PKC_OK)
        return err;
    if (version > 1)
        return PKC_ERR_DECODE;
    if ((err = get_algorithm(&seq, &curve)) != PKC_OK)
        return err;
    if ((err = pkc_der_get_octet_string(&seq, &inner, &innerlen)) != PKC_OK)
        return err;
    if (pkc_der_peek(&seq, PKC_DER_CONTEXT(0))) /* attributes: ignored */
        if ((err = pkc_der_get(&seq, PKC_DER_CONTEXT(0), &attrs)) != PKC_OK)
            return err;
    /* v2 publicKey [1] IMPLICIT BIT STRING: accepted, the ECPrivateKey's
     * own copy (or d*G) is what counts. */
    if (version == 1 && pkc_der_peek(&seq, 0x81)) {
        uint8_t tag;
        if ((err = pkc_der_get_any(&seq, &tag, &attrs)) != PKC_OK)
            return err;
    }
    if ((err = pkc_der_end(&seq)) != PKC_OK)
        return err;
    return parse_ec_private_key(key, inner, innerlen, 1, curve);
}

pkc_err pkc_ec_private_key_to_der(const pkc_ec_private_key *key, pkc_ec_key_format fmt,
                                  uint8_t **der, size_t *derlen)
{
    const pkc_curve_info *ci = key ? pkc_curve_info_get(key->curve) : NULL;
    if (!ci || !der || !derlen || (fmt != PKC_EC_FORMAT_PKCS8 && fmt != PKC_EC_FORMAT_SEC1))
        return PKC_ERR_ARG;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    if (fmt == PKC_EC_FORMAT_SEC1) {
        put_ec_private_key(&w, key, ci, 1);
        return pkc_der_writer_finish(&w, der, derlen);
    }
    /* PKCS#8 v1 (what OpenSSL writes): the curve in the AlgorithmIdentifier,
     * an ECPrivateKey without [0] in the octet string. */
    pkc_der_writer inner;
    uint8_t *ib;
    size_t iblen;
    pkc_der_writer_init(&inner);
    put_ec_private_key(&inner, key, ci, 0);
    pkc_err err = pkc_der_writer_finish(&inner, &ib, &iblen);
    if (err != PKC_OK)
        return err;
    size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, 0);
    put_algorithm(&w, ci);
    pkc_der_put_octet_string(&w, ib, iblen);
    pkc_der_close(&w, m);
    pkc_secure_free(ib, iblen);
    return pkc_der_writer_finish(&w, der, derlen);
}

pkc_err pkc_ec_private_key_to_pem(const pkc_ec_private_key *key, pkc_ec_key_format fmt,
                                  char **pem, size_t *pemlen)
{
    uint8_t *der;
    size_t derlen;
    if (!pem || !pemlen)
        return PKC_ERR_ARG;
    pkc_err err = pkc_ec_private_key_to_der(key, fmt, &der, &derlen);
    if (err != PKC_OK)
        return err;
    err = pkc_pem_encode(fmt == PKC_EC_FORMAT_SEC1 ? "EC PRIVATE KEY" : "PRIVATE KEY", der,
                         derlen, pem, pemlen);
    pkc_secure_free(der, derlen);
    return err;
}

pkc_err pkc_ec_private_key_from_der(pkc_ec_private_key *key, const uint8_t *der, size_t derlen)
{
    if (!key || (!der && derlen))
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    /* Tell the two structures apart by the element after the version:
     * PKCS#8 has an AlgorithmIdentifier SEQUENCE, ECPrivateKey an OCTET
     * STRING; anything else (an RSA key's INTEGER, say) is another type. */
    pkc_der in, seq;
    uint64_t version;
    pkc_der_init(&in, der, derlen);
    pkc_err err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq);
    if (err == PKC_OK)
        err = pkc_der_get_u64(&seq, &version);
    if (err != PKC_OK)
        return err;
    if (pkc_der_peek(&seq, PKC_DER_SEQUENCE))
        return parse_pkcs8(key, der, derlen);
    if (pkc_der_peek(&seq, PKC_DER_OCTET_STRING))
        return parse_ec_private_key(key, der, derlen, 0, PKC_CURVE_COUNT);
    if (pkc_der_peek(&seq, PKC_DER_INTEGER))
        return PKC_ERR_KEY; /* PKCS#1 RSAPrivateKey */
    return PKC_ERR_DECODE;
}

/* Finds the first PEM block whose label is one of labels[] (skipping, e.g.,
 * the "EC PARAMETERS" block `openssl ecparam -genkey` writes first). */
static const char *find_pem(const char *text, size_t len, const char *const *labels)
{
    const char *best = NULL;
    for (; *labels; labels++) {
        char marker[64];
        size_t ml = (size_t)snprintf(marker, sizeof marker, "-----BEGIN %s-----", *labels);
        if (ml >= len)
            continue;
        const char *p = memmem(text, len, marker, ml);
        if (p && (!best || p < best))
            best = p;
    }
    return best;
}

static pkc_err pem_to_der(const uint8_t *data, size_t len, const char *const *labels,
                          char *label, size_t labelcap, uint8_t **der, size_t *derlen)
{
    const char *text = (const char *)data;
    const char *start = find_pem(text, len, labels);
    if (!start)
        start = text; /* decode the first block to report what it is */
    return pkc_pem_decode(start, len - (size_t)(start - text), label, labelcap, der, derlen);
}

pkc_err pkc_ec_private_key_decode(pkc_ec_private_key *key, const uint8_t *data, size_t len)
{
    if (!key || (!data && len))
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    if (!pkc_pem_detect(data, len))
        return pkc_ec_private_key_from_der(key, data, len);
    static const char *const labels[] = {"PRIVATE KEY", "EC PRIVATE KEY", NULL};
    char label[64];
    uint8_t *der;
    size_t derlen;
    pkc_err err = pem_to_der(data, len, labels, label, sizeof label, &der, &derlen);
    if (err != PKC_OK)
        return err;
    if (strcmp(label, "PRIVATE KEY") == 0)
        err = parse_pkcs8(key, der, derlen);
    else if (strcmp(label, "EC PRIVATE KEY") == 0)
        err = parse_ec_private_key(key, der, derlen, 0, PKC_CURVE_COUNT);
    else if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0)
        err = PKC_ERR_UNSUPPORTED;
    else
        err = PKC_ERR_KEY; /* "RSA PRIVATE KEY", "PUBLIC KEY", ... */
    pkc_secure_free(der, derlen);
    return err;
}

/* ---- SubjectPublicKeyInfo (RFC 5480 section 2) ---- */

pkc_err pkc_ec_public_key_to_der(const pkc_ec_public_key *pub, int compressed, uint8_t **der,
                                 size_t *derlen)
{
    const pkc_curve_info *ci = pub ? pkc_curve_info_get(pub->curve) : NULL;
    if (!ci || !der || !derlen)
        return PKC_ERR_ARG;
    uint8_t pt[PKC_EC_MAX_POINT_BYTES];
    size_t ptlen;
    pkc_err err = pkc_ec_point_encode(pub, compressed, pt, sizeof pt, &ptlen);
    if (err != PKC_OK)
        return err;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    put_algorithm(&w, ci);
    pkc_der_put_bit_string(&w, pt, ptlen);
    pkc_der_close(&w, m);
    return pkc_der_writer_finish(&w, der, derlen);
}

pkc_err pkc_ec_public_key_to_pem(const pkc_ec_public_key *pub, int compressed, char **pem,
                                 size_t *pemlen)
{
    uint8_t *der;
    size_t derlen;
    if (!pem || !pemlen)
        return PKC_ERR_ARG;
    pkc_err err = pkc_ec_public_key_to_der(pub, compressed, &der, &derlen);
    if (err != PKC_OK)
        return err;
    err = pkc_pem_encode("PUBLIC KEY", der, derlen, pem, pemlen);
    pkc_secure_free(der, derlen);
    return err;
}

pkc_err pkc_ec_public_key_from_der(pkc_ec_public_key *pub, const uint8_t *der, size_t derlen)
{
    if (!pub || (!der && derlen))
        return PKC_ERR_ARG;
    memset(pub, 0, sizeof *pub);
    pkc_der in, seq;
    const uint8_t *pt;
    size_t ptlen;
    pkc_curve_id curve;
    pkc_err err;
    pkc_der_init(&in, der, derlen);
    if ((err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq)) != PKC_OK)
        return err;
    if ((err = pkc_der_end(&in)) != PKC_OK)
        return err;
    if (pkc_der_peek(&seq, PKC_DER_INTEGER))
        return PKC_ERR_KEY; /* PKCS#1 RSAPublicKey, or a private key */
    if ((err = get_algorithm(&seq, &curve)) != PKC_OK)
        return err;
    if ((err = pkc_der_get_bit_string(&seq, &pt, &ptlen)) != PKC_OK)
        return err;
    if ((err = pkc_der_end(&seq)) != PKC_OK)
        return err;
    return pkc_ec_point_decode(pub, curve, pt, ptlen);
}

pkc_err pkc_ec_public_key_decode(pkc_ec_public_key *pub, const uint8_t *data, size_t len)
{
    if (!pub || (!data && len))
        return PKC_ERR_ARG;
    memset(pub, 0, sizeof *pub);
    if (!pkc_pem_detect(data, len))
        return pkc_ec_public_key_from_der(pub, data, len);
    static const char *const labels[] = {"PUBLIC KEY", NULL};
    char label[64];
    uint8_t *der;
    size_t derlen;
    pkc_err err = pem_to_der(data, len, labels, label, sizeof label, &der, &derlen);
    if (err != PKC_OK)
        return err;
    err = strcmp(label, "PUBLIC KEY") == 0 ? pkc_ec_public_key_from_der(pub, der, derlen)
                                           : PKC_ERR_KEY;
    pkc_secure_free(der, derlen);
    return err;
}
