/* pkc — RSA key encodings: PKCS#1 RSAPrivateKey / RSAPublicKey (RFC 8017
 * appendix A.1), PKCS#8 PrivateKeyInfo / OneAsymmetricKey (RFC 5208,
 * RFC 5958) and SubjectPublicKeyInfo (RFC 5280 4.1), all DER.
 *
 * Parsers are strict: DER only, no trailing bytes anywhere, non-negative
 * minimal INTEGERs, the rsaEncryption OID with NULL (or absent)
 * parameters; then the key values are checked (pkc_rsa_key_finish_*). */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "rsa_internal.h"

/* ---- writing ---- */

static void put_mpz(pkc_der_writer *w, const mpz_t x)
{
    size_t len = mpz_sgn(x) ? (mpz_sizeinbase(x, 2) + 7) / 8 : 0;
    uint8_t *buf = malloc(len ? len : 1);
    if (!buf) {
        if (!w->err)
            w->err = PKC_ERR_NOMEM;
        return;
    }
    pkc_rsa_mpz_to_be(x, buf, len);
    pkc_der_put_uint(w, buf, len);
    pkc_memzero(buf, len);
    free(buf);
}

static void put_pkcs1_private(pkc_der_writer *w, const pkc_rsa_key *k)
{
    size_t seq = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(w, 0); /* version two-prime */
    put_mpz(w, k->n);
    put_mpz(w, k->e);
    put_mpz(w, k->d);
    put_mpz(w, k->p);
    put_mpz(w, k->q);
    put_mpz(w, k->dp);
    put_mpz(w, k->dq);
    put_mpz(w, k->qinv);
    pkc_der_close(w, seq);
}

static void put_pkcs1_public(pkc_der_writer *w, const pkc_rsa_key *k)
{
    size_t seq = pkc_der_open(w, PKC_DER_SEQUENCE);
    put_mpz(w, k->n);
    put_mpz(w, k->e);
    pkc_der_close(w, seq);
}

static void put_algid(pkc_der_writer *w)
{
    size_t seq = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(w, PKC_OID_RSA_ENCRYPTION);
    pkc_der_put_null(w);
    pkc_der_close(w, seq);
}

pkc_err pkc_rsa_private_to_pkcs1(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    put_pkcs1_private(&w, key);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_rsa_public_to_pkcs1(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    put_pkcs1_public(&w, key);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_rsa_private_to_pkcs8(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    uint8_t *inner;
    size_t innerlen;
    pkc_err err = pkc_rsa_private_to_pkcs1(key, &inner, &innerlen);
    if (err)
        return err;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t seq = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, 0); /* version v1 (RFC 5208) */
    put_algid(&w);
    pkc_der_put_octet_string(&w, inner, innerlen);
    pkc_der_close(&w, seq);
    pkc_secure_free(inner, innerlen);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_rsa_public_to_spki(const pkc_rsa_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    uint8_t *inner;
    size_t innerlen;
    pkc_err err = pkc_rsa_public_to_pkcs1(key, &inner, &innerlen);
    if (err)
        return err;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t seq = pkc_der_open(&w, PKC_DER_SEQUENCE);
    put_algid(&w);
    pkc_der_put_bit_string(&w, inner, innerlen);
    pkc_der_close(&w, seq);
    pkc_secure_free(inner, innerlen);
    return pkc_der_writer_finish(&w, der, len);
}

/* ---- parsing ---- */

static pkc_err get_mpz(pkc_der *in, mpz_t x)
{
    const uint8_t *mag;
    size_t len;
    pkc_err err = pkc_der_get_uint(in, &mag, &len);
    if (err)
        return err;
    if (len > PKC_RSA_MAX_BITS / 8 + 1)
        return PKC_ERR_KEY; /* larger than any value of a key we accept */
    pkc_rsa_mpz_from_be(x, mag, len);
    return PKC_OK;
}

pkc_err pkc_rsa_private_from_pkcs1(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    if (!out || !der)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_der in, seq;
    pkc_der_init(&in, der, len);
    pkc_err err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq);
    if (err)
        return err;
    if ((err = pkc_der_end(&in)))
        return err;
    uint64_t version;
    if ((err = pkc_der_get_u64(&seq, &version)))
        return err;
    if (version == 1)
        return PKC_ERR_UNSUPPORTED; /* multi-prime (RFC 8017 A.1.2) */
    if (version != 0)
        return PKC_ERR_DECODE;
    pkc_rsa_key *k;
    if ((err = pkc_rsa_key_alloc(&k)))
        return err;
    if ((err = get_mpz(&seq, k->n)) || (err = get_mpz(&seq, k->e)) ||
        (err = get_mpz(&seq, k->d)) || (err = get_mpz(&seq, k->p)) ||
        (err = get_mpz(&seq, k->q)) || (err = get_mpz(&seq, k->dp)) ||
        (err = get_mpz(&seq, k->dq)) || (err = get_mpz(&seq, k->qinv)) ||
        (err = pkc_der_end(&seq)) || (err = pkc_rsa_key_finish_private(k))) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_rsa_public_from_pkcs1(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    if (!out || !der)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_der in, seq;
    pkc_der_init(&in, der, len);
    pkc_err err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq);
    if (err)
        return err;
    if ((err = pkc_der_end(&in)))
        return err;
    pkc_rsa_key *k;
    if ((err = pkc_rsa_key_alloc(&k)))
        return err;
    if ((err = get_mpz(&seq, k->n)) || (err = get_mpz(&seq, k->e)) ||
        (err = pkc_der_end(&seq)) || (err = pkc_rsa_key_finish_public(k))) {
        pkc_rsa_key_free(k);
        return err;
    }
    *out = k;
    return PKC_OK;
}

/* AlgorithmIdentifier: rsaEncryption with NULL or absent parameters. The
 * RSASSA-PSS OID is recognised but not supported. */
static pkc_err get_algid(pkc_der *in)
{
    pkc_der alg;
    const uint8_t *oid;
    size_t oidlen;
    pkc_err err = pkc_der_get(in, PKC_DER_SEQUENCE, &alg);
    if (err)
        return err;
    if ((err = pkc_der_get_oid(&alg, &oid, &oidlen)))
        return err;
    if (pkc_der_oid_equals(oid, oidlen, PKC_OID_RSASSA_PSS))
        return PKC_ERR_UNSUPPORTED;
    if (!pkc_der_oid_equals(oid, oidlen, PKC_OID_RSA_ENCRYPTION))
        return PKC_ERR_DECODE; /* not an RSA key */
    if (alg.len && (err = pkc_der_get_null(&alg)))
        return err;
    return pkc_der_end(&alg);
}

pkc_err pkc_rsa_private_from_pkcs8(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    if (!out || !der)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_der in, seq;
    pkc_der_init(&in, der, len);
    pkc_err err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq);
    if (err)
        return err;
    if ((err = pkc_der_end(&in)))
        return err;
    uint64_t version;
    if ((err = pkc_der_get_u64(&seq, &version)))
        return err;
    if (version > 1)
        return PKC_ERR_DECODE;
    if ((err = get_algid(&seq)))
        return err;
    const uint8_t *pk;
    size_t pklen;
    if ((err = pkc_der_get_octet_string(&seq, &pk, &pklen)))
        return err;
    /* attributes [0] IMPLICIT SET OF (skipped), publicKey [1] (v2 only) */
    pkc_der skip;
    if (pkc_der_peek(&seq, 0xA0) && (err = pkc_der_get(&seq, 0xA0, &skip)))
        return err;
    if (version == 1 && pkc_der_peek(&seq, 0x81) && (err = pkc_der_get(&seq, 0x81, &skip)))
        return err;
    if ((err = pkc_der_end(&seq)))
        return err;
    return pkc_rsa_private_from_pkcs1(out, pk, pklen);
}

pkc_err pkc_rsa_public_from_spki(pkc_rsa_key **out, const uint8_t *der, size_t len)
{
    if (!out || !der)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_der in, seq;
    pkc_der_init(&in, der, len);
    pkc_err err = pkc_der_get(&in, PKC_DER_SEQUENCE, &seq);
    if (err)
        return err;
    if ((err = pkc_der_end(&in)))
        return err;
    if ((err = get_algid(&seq)))
        return err;
    const uint8_t *bits;
    size_t bitslen;
    if ((err = pkc_der_get_bit_string(&seq, &bits, &bitslen)) || (err = pkc_der_end(&seq)))
        return err;
    return pkc_rsa_public_from_pkcs1(out, bits, bitslen);
}
