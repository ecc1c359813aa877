/* pkc — RSA key bodies: RSAPrivateKey and RSAPublicKey (RFC 8017 appendix
 * A.1.2 and A.1.1), alone (PKCS#1) or in the envelopes of
 * src/encoding/pkix.c: PKCS#8 PrivateKeyInfo and SubjectPublicKeyInfo with
 * the rsaEncryption AlgorithmIdentifier and NULL parameters (RFC 8017 A.1,
 * RFC 3279 section 2.3.1).
 *
 * Parsers are strict: DER only, no trailing bytes anywhere, non-negative
 * minimal INTEGERs; the values are then checked by pkc_rsa_key_from_private
 * and pkc_rsa_key_from_public (src/rsa/rsa_core.c). Error codes are those of
 * every key decoder (src/encoding/pkix.h): a key of another type, or a
 * public key where a private one was asked, is PKC_ERR_KEY.
 *
 * Timing: components are read with pkc_der_get_uint_secret and handed on as
 * views: nothing here branches on or indexes with their values. */
#include <stddef.h>
#include <string.h>

#include "pkc/der.h"
#include "rsa/rsa_key.h"

/* The INTEGERs of an RSAPrivateKey after its version, in the order of RFC
 * 8017 A.1.2 and of pkc_rsa_part: n, e, d, p, q, dP, dQ, qInv. An
 * RSAPublicKey (A.1.1) is the first two. Each entry locates one component
 * (value pointer and length) in a pkc_rsa_components. */
#define COMPONENT(m) {offsetof(pkc_rsa_components, m), offsetof(pkc_rsa_components, m##len)}
static const struct {
    size_t value, len;
} components[] = {COMPONENT(n),  COMPONENT(e),  COMPONENT(d),  COMPONENT(p),
                  COMPONENT(q),  COMPONENT(dp), COMPONENT(dq), COMPONENT(qinv)};
#undef COMPONENT
#define PRIVATE_PARTS 8
#define PUBLIC_PARTS 2
_Static_assert(PKC_RSA_QINV == PRIVATE_PARTS - 1 && PKC_RSA_E == PUBLIC_PARTS - 1,
               "components[] follows pkc_rsa_part");

/* ---- writing ---- */

typedef struct {
    const pkc_rsa_key *key;
    int priv;
} body_ctx;

/* RSAPrivateKey (version 0, two-prime) or RSAPublicKey, written into w: a
 * pkc_pkix_body_fn, so that PKCS#8 and SPKI put it in place. */
static void put_body(pkc_der_writer *w, const void *vctx)
{
    const body_ctx *c = vctx;
    uint8_t buf[PKC_RSA_MAX_BITS / 8]; /* every component is below n */
    size_t seq = pkc_der_open(w, PKC_DER_SEQUENCE);
    if (c->priv)
        pkc_der_put_u64(w, 0);
    for (int i = 0; i < (c->priv ? PRIVATE_PARTS : PUBLIC_PARTS); i++) {
        size_t len = 0;
        pkc_err err = pkc_rsa_get(c->key, (pkc_rsa_part)i, buf, sizeof buf, &len);
        if (err) {
            if (!w->err)
                w->err = err;
            break;
        }
        pkc_der_put_uint(w, buf, len);
    }
    pkc_memzero(buf, sizeof buf);
    pkc_der_close(w, seq);
}

pkc_err pkc_rsa_private_to_pkcs1(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    if (!pkc_rsa_is_private(key))
        return PKC_ERR_KEY;
    body_ctx c = {key, 1};
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    put_body(&w, &c);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_rsa_public_to_pkcs1(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    body_ctx c = {key, 0};
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    put_body(&w, &c);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_rsa_private_to_pkcs8(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    if (!pkc_rsa_is_private(key))
        return PKC_ERR_KEY;
    body_ctx c = {key, 1};
    return pkc_pkix_write_pkcs8(PKC_PKIX_ALG_RSA, NULL, put_body, &c, der, len);
}

pkc_err pkc_rsa_public_to_spki(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    body_ctx c = {key, 0};
    return pkc_pkix_write_spki(PKC_PKIX_ALG_RSA, NULL, put_body, &c, der, len);
}

/* ---- parsing ---- */

/* RSAPrivateKey (priv) or RSAPublicKey: the components as views into body. */
static pkc_err read_body(const pkc_der *body, int priv, pkc_rsa_components *c)
{
    pkc_der in = *body, seq;
    memset(c, 0, sizeof *c);
    pkc_err err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq);
    if (err == PKC_OK)
        err = pkc_der_end(&in);
    if (err)
        return err;
    if (priv) {
        uint64_t version;
        if ((err = pkc_der_get_u64(&seq, &version)))
            return err;
        if (version == 1)
            return PKC_ERR_UNSUPPORTED; /* multi-prime (RFC 8017 A.1.2) */
        if (version != 0)
            return PKC_ERR_DECODE;
    }
    for (size_t i = 0; i < (priv ? PRIVATE_PARTS : PUBLIC_PARTS); i++) {
        const uint8_t *v;
        size_t len;
        if ((err = pkc_der_get_uint_secret(&seq, &v, &len)))
            return err;
        if (len > PKC_RSA_MAX_BITS / 8 + 1)
            return PKC_ERR_KEY; /* larger than any value of a key we accept */
        *(const uint8_t **)((char *)c + components[i].value) = v;
        *(size_t *)((char *)c + components[i].len) = len;
    }
    return pkc_der_end(&seq);
}

/* The components of an RSA key file of the given kind. The
 * AlgorithmIdentifier of PKCS#8 and SPKI has NULL (or absent) parameters. */
static pkc_err read_components(const pkc_pkix_key *k, int priv, pkc_rsa_components *c)
{
    pkc_err err = pkc_pkix_expect(k, PKC_PKIX_ALG_RSA, priv);
    if (err)
        return err;
    pkc_der params = k->params;
    if (params.len && ((err = pkc_der_get_null(&params)) || (err = pkc_der_end(&params))))
        return err;
    return read_body(&k->body, priv, c);
}

pkc_err pkc_rsa_private_components_from_pkix(const pkc_pkix_key *k, pkc_rsa_components *c)
{
    if (!k || !c)
        return PKC_ERR_ARG;
    return read_components(k, 1, c);
}

pkc_err pkc_rsa_key_from_pkix(const pkc_pkix_key *k, pkc_rsa_key **out)
{
    if (!k || !out)
        return PKC_ERR_ARG;
    *out = NULL;
    int priv = pkc_pkix_container_is_private(k->container);
    pkc_rsa_components c;
    pkc_err err = read_components(k, priv, &c);
    if (err == PKC_OK)
        err = priv ? pkc_rsa_key_from_private(out, &c)
                   : pkc_rsa_key_from_public(out, c.n, c.nlen, c.e, c.elen);
    return err;
}

/* The public decoders each take one container; an RSA key in another one is
 * PKC_ERR_DECODE (after the checks every key decoder makes). */
static pkc_err read_container(pkc_rsa_key **out, const uint8_t *der, size_t len,
                              pkc_pkix_container want)
{
    if (!out || !der)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_pkix_key k;
    pkc_err err = pkc_pkix_read_der(der, len, &k);
    if (err == PKC_OK)
        err = pkc_pkix_expect(&k, PKC_PKIX_ALG_RSA, pkc_pkix_container_is_private(want));
    if (err == PKC_OK && k.container != want)
        err = PKC_ERR_DECODE;
    if (err == PKC_OK)
        err = pkc_rsa_key_from_pkix(&k, out);
    pkc_pkix_key_clear(&k);
    return err;
}

pkc_err pkc_rsa_private_from_pkcs1(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    return read_container(out, der, len, PKC_PKIX_RSA_PRIVATE);
}

pkc_err pkc_rsa_public_from_pkcs1(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    return read_container(out, der, len, PKC_PKIX_RSA_PUBLIC);
}

pkc_err pkc_rsa_private_from_pkcs8(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    return read_container(out, der, len, PKC_PKIX_PKCS8);
}

pkc_err pkc_rsa_public_from_spki(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    return read_container(out, der, len, PKC_PKIX_SPKI);
}
