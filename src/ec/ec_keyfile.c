/* pkc — elliptic-curve key files: the ECPrivateKey body (RFC 5915 section 3,
 * SEC 1 v2 appendix C.4), ECParameters (RFC 5480 section 2.1.1, named
 * curves only), and EC keys in the envelopes of src/encoding/pkix.c
 * (PKCS#8, SubjectPublicKeyInfo), DER and PEM.
 *
 * Timing: d is an OCTET STRING handed as is to the constant-time
 * pkc_ec_private_key_from_bytes. What is branched on is public: the
 * structure and the curve OIDs (declassified by the DER reader) and the
 * public key, declassified here before it is decoded.
 */
#include <string.h>

#include "ct.h"
#include "ec/ec_keyfile.h"
#include "pkc/der.h"

/* ---- reading ---- */

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

/* The parameters of an id-ecPublicKey AlgorithmIdentifier: one ECParameters. */
static pkc_err algid_curve(const pkc_pkix_key *k, pkc_curve_id *id)
{
    pkc_der params = k->params;
    pkc_err err = get_curve_params(&params, id);
    return err != PKC_OK ? err : pkc_der_end(&params);
}

/* ECPrivateKey ::= SEQUENCE { version INTEGER { ecPrivkeyVer1(1) },
 * privateKey OCTET STRING, parameters [0] ECParameters OPTIONAL,
 * publicKey [1] BIT STRING OPTIONAL } (RFC 5915 section 3). have_curve: the
 * curve is already known (from the PKCS#8 AlgorithmIdentifier); [0], if
 * present, must agree. */
static pkc_err parse_ec_private_key(pkc_ec_private_key *key, const pkc_der *body, int have_curve,
                                    pkc_curve_id curve)
{
    pkc_der in = *body, seq, ctx;
    const uint8_t *d = NULL, *pt = NULL;
    size_t dlen = 0, ptlen = 0;
    uint64_t version;
    pkc_err err;

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
     * (leading zeros dropped by some writers) are tolerated. Its length is
     * the structure, public. */
    if (dlen == 0 || dlen > ci->order_bytes)
        return PKC_ERR_KEY;
    if ((err = pkc_ec_private_key_from_bytes(key, curve, d, dlen)) != PKC_OK)
        return err;
    if (pt) {
        pkc_ec_public_key stored;
        /* The public key is public: its decoding is variable time. */
        PKC_DECLASSIFY(pt, ptlen);
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

pkc_err pkc_ec_private_key_from_pkix(const pkc_pkix_key *k, pkc_ec_private_key *key)
{
    if (!k || !key)
        return PKC_ERR_ARG;
    memset(key, 0, sizeof *key);
    pkc_err err = pkc_pkix_expect(k, PKC_PKIX_ALG_EC, 1);
    if (err != PKC_OK)
        return err;
    if (k->container != PKC_PKIX_PKCS8)
        return parse_ec_private_key(key, &k->body, 0, PKC_CURVE_COUNT); /* SEC 1 */
    /* PKCS#8: the curve is in the AlgorithmIdentifier */
    pkc_curve_id curve;
    if ((err = algid_curve(k, &curve)) != PKC_OK)
        return err;
    return parse_ec_private_key(key, &k->body, 1, curve);
}

/* SubjectPublicKeyInfo (RFC 5480 section 2): the subjectPublicKey is the
 * SEC 1 point. */
pkc_err pkc_ec_public_key_from_pkix(const pkc_pkix_key *k, pkc_ec_public_key *pub)
{
    if (!k || !pub)
        return PKC_ERR_ARG;
    memset(pub, 0, sizeof *pub);
    pkc_curve_id curve;
    pkc_err err = pkc_pkix_expect(k, PKC_PKIX_ALG_EC, 0);
    if (err == PKC_OK)
        err = algid_curve(k, &curve);
    if (err != PKC_OK)
        return err;
    PKC_DECLASSIFY(k->body.p, k->body.len); /* a public key */
    return pkc_ec_point_decode(pub, curve, k->body.p, k->body.len);
}

/* The public decoders: a private key (key) or a public one (pub), from PEM
 * or DER (pem), or DER only. */
static pkc_err read_key(pkc_ec_private_key *key, pkc_ec_public_key *pub, const uint8_t *data,
                        size_t len, int pem)
{
    if (!(key || pub) || (!data && len))
        return PKC_ERR_ARG;
    if (key)
        memset(key, 0, sizeof *key);
    if (pub)
        memset(pub, 0, sizeof *pub);
    pkc_pkix_key k;
    pkc_err err = pem ? pkc_pkix_read(data, len, &k) : pkc_pkix_read_der(data, len, &k);
    if (err == PKC_OK)
        err = key ? pkc_ec_private_key_from_pkix(&k, key) : pkc_ec_public_key_from_pkix(&k, pub);
    pkc_pkix_key_clear(&k);
    return err;
}

pkc_err pkc_ec_private_key_from_der(pkc_ec_private_key *key, const uint8_t *der, size_t derlen)
{
    return key ? read_key(key, NULL, der, derlen, 0) : PKC_ERR_ARG;
}

pkc_err pkc_ec_private_key_decode(pkc_ec_private_key *key, const uint8_t *data, size_t len)
{
    return key ? read_key(key, NULL, data, len, 1) : PKC_ERR_ARG;
}

pkc_err pkc_ec_public_key_from_der(pkc_ec_public_key *pub, const uint8_t *der, size_t derlen)
{
    return pub ? read_key(NULL, pub, der, derlen, 0) : PKC_ERR_ARG;
}

pkc_err pkc_ec_public_key_decode(pkc_ec_public_key *pub, const uint8_t *data, size_t len)
{
    return pub ? read_key(NULL, pub, data, len, 1) : PKC_ERR_ARG;
}

/* ---- writing ---- */

typedef struct {
    const pkc_ec_private_key *key;
    const pkc_curve_info *ci;
    int with_params; /* the SEC 1 form; inside PKCS#8 the curve is in the AlgorithmIdentifier */
} private_ctx;

/* ECPrivateKey (RFC 5915 section 3), with the public key: a
 * pkc_pkix_body_fn, so that PKCS#8 writes it in place. */
static void put_ec_private_key(pkc_der_writer *w, const void *vctx)
{
    const private_ctx *c = vctx;
    uint8_t pt[PKC_EC_MAX_POINT_BYTES];
    size_t ptlen = 0;
    size_t m = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(w, 1); /* ecPrivkeyVer1 */
    pkc_der_put_octet_string(w, c->key->d, c->ci->order_bytes);
    if (c->with_params) {
        size_t m0 = pkc_der_open(w, PKC_DER_CONTEXT(0));
        pkc_der_put_oid(w, c->ci->oid);
        pkc_der_close(w, m0);
    }
    if (pkc_ec_point_encode(&c->key->pub, 0, pt, sizeof pt, &ptlen) == PKC_OK) {
        size_t m1 = pkc_der_open(w, PKC_DER_CONTEXT(1));
        pkc_der_put_bit_string(w, pt, ptlen);
        pkc_der_close(w, m1);
    } else if (w->err == PKC_OK) {
        w->err = PKC_ERR_KEY;
    }
    pkc_der_close(w, m);
}

typedef struct {
    const uint8_t *pt;
    size_t len;
} point_ctx;

static void put_point(pkc_der_writer *w, const void *vctx)
{
    const point_ctx *c = vctx;
    pkc_der_put_raw(w, c->pt, c->len);
}

pkc_err pkc_ec_private_key_to_der(const pkc_ec_private_key *key, pkc_ec_key_format fmt,
                                  uint8_t **der, size_t *derlen)
{
    const pkc_curve_info *ci = key ? pkc_curve_info_get(key->curve) : NULL;
    if (!ci || !der || !derlen || (fmt != PKC_EC_FORMAT_PKCS8 && fmt != PKC_EC_FORMAT_SEC1))
        return PKC_ERR_ARG;
    private_ctx c = {key, ci, fmt == PKC_EC_FORMAT_SEC1};
    if (fmt == PKC_EC_FORMAT_PKCS8) /* v1, what OpenSSL writes */
        return pkc_pkix_write_pkcs8(PKC_PKIX_ALG_EC, ci->oid, put_ec_private_key, &c, der, derlen);
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    put_ec_private_key(&w, &c);
    return pkc_der_writer_finish(&w, der, derlen);
}

pkc_err pkc_ec_private_key_to_pem(const pkc_ec_private_key *key, pkc_ec_key_format fmt,
                                  char **pem, size_t *pemlen)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !pemlen)
        return PKC_ERR_ARG;
    pkc_err err = pkc_ec_private_key_to_der(key, fmt, &der, &derlen);
    return pkc_pkix_pem(err, fmt == PKC_EC_FORMAT_SEC1 ? PKC_PKIX_SEC1 : PKC_PKIX_PKCS8, der,
                        derlen, pem, pemlen);
}

pkc_err pkc_ec_public_key_to_der(const pkc_ec_public_key *pub, int compressed, uint8_t **der,
                                 size_t *derlen)
{
    const pkc_curve_info *ci = pub ? pkc_curve_info_get(pub->curve) : NULL;
    if (!ci || !der || !derlen)
        return PKC_ERR_ARG;
    uint8_t pt[PKC_EC_MAX_POINT_BYTES];
    point_ctx c = {pt, 0};
    pkc_err err = pkc_ec_point_encode(pub, compressed, pt, sizeof pt, &c.len);
    if (err != PKC_OK)
        return err;
    return pkc_pkix_write_spki(PKC_PKIX_ALG_EC, ci->oid, put_point, &c, der, derlen);
}

pkc_err pkc_ec_public_key_to_pem(const pkc_ec_public_key *pub, int compressed, char **pem,
                                 size_t *pemlen)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !pemlen)
        return PKC_ERR_ARG;
    pkc_err err = pkc_ec_public_key_to_der(pub, compressed, &der, &derlen);
    return pkc_pkix_pem(err, PKC_PKIX_SPKI, der, derlen, pem, pemlen);
}
