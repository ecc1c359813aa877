/* pkc — key-file envelopes: PEM labels, container detection, the
 * AlgorithmIdentifier table, and the PKCS#8 / SubjectPublicKeyInfo readers
 * and writers (see src/encoding/pkix.h). */
#include <stdlib.h>
#include <string.h>

#include "ct.h"
#include "encoding/pem.h"
#include "encoding/pkix.h"
#include "pkc/rsa.h" /* PKC_OID_RSA_ENCRYPTION, PKC_OID_RSASSA_PSS */

/* ---- the OID table ---- */

/* A row for an algorithm that is its own family and takes no parameters;
 * the PBES1 and PKCS #12 schemes by the last arc of their OIDs. */
#define NO_PARAMS(a, oid, name) \
    {PKC_PKIX_ALG_##a, PKC_PKIX_ALG_##a, oid, name, PKC_PKIX_PARAMS_ABSENT}
#define PBES1(arc) NO_PARAMS(PBES1, "1.2.840.113549.1.5." #arc, "PBES1")
#define PKCS12_PBE(arc) NO_PARAMS(PKCS12_PBE, "1.2.840.113549.1.12.1." #arc, "PKCS#12 PBE")

/* Key algorithms and the encryption schemes of EncryptedPrivateKeyInfo.
 * An algorithm may have several OIDs (the first is the one pkc writes). */
static const pkc_pkix_alg_info alg_table[] = {
    /* RFC 8017 appendix A.1 / RFC 3279 section 2.3.1: NULL parameters */
    {PKC_PKIX_ALG_RSA, PKC_PKIX_ALG_RSA, PKC_OID_RSA_ENCRYPTION, "RSA", PKC_PKIX_PARAMS_NULL},
    /* RFC 8017 A.2.3, RFC 4055 section 3.1: keys restricted to RSASSA-PSS */
    {PKC_PKIX_ALG_RSASSA_PSS, PKC_PKIX_ALG_RSA, PKC_OID_RSASSA_PSS, "RSASSA-PSS",
     PKC_PKIX_PARAMS_ABSENT},
    /* RFC 8017 A.2.1, RFC 4055 section 4.1: keys restricted to RSAES-OAEP */
    {PKC_PKIX_ALG_RSAES_OAEP, PKC_PKIX_ALG_RSA, "1.2.840.113549.1.1.7", "RSAES-OAEP",
     PKC_PKIX_PARAMS_ABSENT},
    /* RFC 5480 section 2.1.1: id-ecPublicKey, parameters a named curve */
    {PKC_PKIX_ALG_EC, PKC_PKIX_ALG_EC, "1.2.840.10045.2.1", "EC", PKC_PKIX_PARAMS_OID},
    /* RFC 5480 section 2.1.2: restricted EC keys */
    {PKC_PKIX_ALG_ECDH, PKC_PKIX_ALG_EC, "1.3.132.1.12", "ECDH (id-ecDH)", PKC_PKIX_PARAMS_OID},
    {PKC_PKIX_ALG_ECMQV, PKC_PKIX_ALG_EC, "1.3.132.1.13", "ECMQV (id-ecMQV)",
     PKC_PKIX_PARAMS_OID},
    /* RFC 3279 section 2.3.2 */
    NO_PARAMS(DSA, "1.2.840.10040.4.1", "DSA"),
    /* RFC 3279 section 2.3.3 (X9.42) and PKCS #3 dhKeyAgreement (OpenSSL's DH keys) */
    NO_PARAMS(DH, "1.2.840.10046.2.1", "DH"), NO_PARAMS(DH, "1.2.840.113549.1.3.1", "DH"),
    /* RFC 8410 section 3: parameters absent */
    NO_PARAMS(X25519, "1.3.101.110", "X25519"), NO_PARAMS(X448, "1.3.101.111", "X448"),
    NO_PARAMS(ED25519, "1.3.101.112", "Ed25519"), NO_PARAMS(ED448, "1.3.101.113", "Ed448"),
    /* RFC 8018 appendix A.4 and A.3 (PBES1: MD2/MD5/SHA-1 with DES/RC2) */
    NO_PARAMS(PBES2, "1.2.840.113549.1.5.13", "PBES2"),
    PBES1(1), PBES1(3), PBES1(4), PBES1(6), PBES1(10), PBES1(11),
    /* RFC 7292 appendix C: pbeWithSHAAnd128BitRC4 ... pbeWithSHAAnd40BitRC2-CBC */
    PKCS12_PBE(1), PKCS12_PBE(2), PKCS12_PBE(3), PKCS12_PBE(4), PKCS12_PBE(5), PKCS12_PBE(6),
};

#define ALG_COUNT (sizeof alg_table / sizeof alg_table[0])

const pkc_pkix_alg_info *pkc_pkix_alg_from_oid(const uint8_t *oid, size_t oidlen)
{
    for (size_t i = 0; oid && i < ALG_COUNT; i++)
        if (pkc_der_oid_equals(oid, oidlen, alg_table[i].oid))
            return &alg_table[i];
    return NULL;
}

const pkc_pkix_alg_info *pkc_pkix_alg_get(pkc_pkix_alg alg)
{
    for (size_t i = 0; i < ALG_COUNT; i++)
        if (alg_table[i].alg == alg)
            return &alg_table[i];
    return NULL;
}

const pkc_pkix_alg_info *pkc_pkix_alg_table(size_t *count)
{
    if (count)
        *count = ALG_COUNT;
    return alg_table;
}

/* ---- containers and PEM labels ---- */

/* The labels of RFC 7468 (sections 10, 11, 13) and OpenSSL's traditional
 * ones. The first row of a container gives the label pkc writes. Legacy
 * rows name the algorithm of keys pkc cannot read. */
static const struct {
    const char *label;
    pkc_pkix_container container;
    pkc_pkix_alg alg; /* what the label says about the algorithm */
} pem_labels[] = {
    {"PRIVATE KEY", PKC_PKIX_PKCS8, PKC_PKIX_ALG_UNKNOWN},
    {"PUBLIC KEY", PKC_PKIX_SPKI, PKC_PKIX_ALG_UNKNOWN},
    {"ENCRYPTED PRIVATE KEY", PKC_PKIX_ENCRYPTED, PKC_PKIX_ALG_UNKNOWN},
    {"RSA PRIVATE KEY", PKC_PKIX_RSA_PRIVATE, PKC_PKIX_ALG_RSA},
    {"RSA PUBLIC KEY", PKC_PKIX_RSA_PUBLIC, PKC_PKIX_ALG_RSA},
    {"EC PRIVATE KEY", PKC_PKIX_SEC1, PKC_PKIX_ALG_EC},
    {"DSA PRIVATE KEY", PKC_PKIX_LEGACY_KEY, PKC_PKIX_ALG_DSA},
    {"DSA PARAMETERS", PKC_PKIX_PARAMETERS, PKC_PKIX_ALG_DSA},
    {"DH PARAMETERS", PKC_PKIX_PARAMETERS, PKC_PKIX_ALG_DH},
    {"X9.42 DH PARAMETERS", PKC_PKIX_PARAMETERS, PKC_PKIX_ALG_DH},
};

#define LABEL_COUNT (sizeof pem_labels / sizeof pem_labels[0])

const char *pkc_pkix_container_name(pkc_pkix_container c)
{
    switch (c) {
    case PKC_PKIX_SPKI: return "SubjectPublicKeyInfo";
    case PKC_PKIX_PKCS8: return "PKCS#8";
    case PKC_PKIX_ENCRYPTED: return "PKCS#8 EncryptedPrivateKeyInfo";
    case PKC_PKIX_SEC1: return "SEC 1 ECPrivateKey";
    case PKC_PKIX_RSA_PRIVATE: return "PKCS#1 RSAPrivateKey";
    case PKC_PKIX_RSA_PUBLIC: return "PKCS#1 RSAPublicKey";
    case PKC_PKIX_LEGACY_KEY: return "traditional PEM private key";
    case PKC_PKIX_PARAMETERS: return "PEM domain parameters";
    case PKC_PKIX_UNKNOWN: break;
    }
    return NULL;
}

const char *pkc_pkix_pem_label(pkc_pkix_container c)
{
    for (size_t i = 0; c < PKC_PKIX_LEGACY_KEY && i < LABEL_COUNT; i++)
        if (pem_labels[i].container == c)
            return pem_labels[i].label;
    return NULL;
}

int pkc_pkix_container_is_private(pkc_pkix_container c)
{
    return c == PKC_PKIX_PKCS8 || c == PKC_PKIX_ENCRYPTED || c == PKC_PKIX_SEC1 ||
           c == PKC_PKIX_RSA_PRIVATE || c == PKC_PKIX_LEGACY_KEY;
}

/* ---- reading ---- */

/* AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER,
 * parameters ANY OPTIONAL } (RFC 5280 section 4.1.1.2). */
static pkc_err read_algid(pkc_der *in, pkc_pkix_key *k)
{
    pkc_der alg, rest;
    pkc_err err = pkc_der_get(in, PKC_DER_SEQUENCE, &alg);
    if (err == PKC_OK)
        err = pkc_der_get_oid(&alg, &k->oid, &k->oidlen);
    if (err)
        return err;
    k->params = alg;
    rest = alg;
    if (rest.len && ((err = pkc_der_get_any(&rest, NULL, NULL)) || (err = pkc_der_end(&rest))))
        return err; /* more than one element */
    return PKC_OK;
}

/* attributes [0] IMPLICIT Attributes, Attributes ::= SET OF Attribute,
 * Attribute ::= SEQUENCE { attrType OBJECT IDENTIFIER, attrValues SET OF
 * AttributeValue } (RFC 5958 section 2, RFC 5912): pkc uses none, but a
 * malformed one is malformed data like any other (OpenSSL refuses it too;
 * found by tests/fuzz/fuzz_diff_key.c). */
#define PKIX_SET 0x31 /* SET and SET OF (X.690 8.11, 8.12) */

static pkc_err read_attributes(pkc_der *seq)
{
    pkc_der set, attr, values = {NULL, 0};
    const uint8_t *oid;
    size_t oidlen;
    pkc_err err = pkc_der_get(seq, PKC_DER_CONTEXT(0), &set);
    while (!err && set.len) {
        if (!(err = pkc_der_get(&set, PKC_DER_SEQUENCE, &attr)) &&
            !(err = pkc_der_get_oid(&attr, &oid, &oidlen)) &&
            !(err = pkc_der_get(&attr, PKIX_SET, &values)))
            err = pkc_der_end(&attr);
        while (!err && values.len)
            err = pkc_der_get_any(&values, NULL, NULL);
    }
    return err;
}

/* PrivateKeyInfo ::= SEQUENCE { version, privateKeyAlgorithm, privateKey
 * OCTET STRING, attributes [0] IMPLICIT ... OPTIONAL } (RFC 5208 section
 * 5), and OneAsymmetricKey v2 with publicKey [1] IMPLICIT BIT STRING
 * OPTIONAL (RFC 5958 section 2). seq is the SEQUENCE's content. */
static pkc_err read_pkcs8(pkc_der *seq, pkc_pkix_key *k)
{
    uint64_t version;
    pkc_err err = pkc_der_get_u64(seq, &version);
    if (err)
        return err;
    if (version > 1)
        return PKC_ERR_DECODE;
    k->container = PKC_PKIX_PKCS8;
    if ((err = read_algid(seq, k)))
        return err;
    k->alg = pkc_pkix_alg_from_oid(k->oid, k->oidlen);
    if ((err = pkc_der_get_octet_string(seq, &k->body.p, &k->body.len)))
        return err;
    /* A v2 public key is checked by the key's own copy or recomputed from
     * the private key. */
    if (pkc_der_peek(seq, PKC_DER_CONTEXT(0)) && (err = read_attributes(seq)))
        return err;
    if (version == 1 && pkc_der_peek(seq, 0x81) && (err = pkc_der_get(seq, 0x81, NULL)))
        return err;
    return pkc_der_end(seq);
}

/* The one walk over the DER of a key file: the container by its shape
 * (src/encoding/pkix.h), the envelope parsed at the same time. k->der is
 * left alone. */
static pkc_err walk(const uint8_t *der, size_t len, pkc_pkix_key *k)
{
    pkc_der in, seq;
    pkc_err err;
    k->container = PKC_PKIX_UNKNOWN;
    pkc_der_init(&in, der, len);
    if (pkc_der_get(&in, PKC_DER_SEQUENCE, &seq) || pkc_der_end(&in))
        return PKC_ERR_DECODE;
    if (pkc_der_peek(&seq, PKC_DER_SEQUENCE)) {
        /* SubjectPublicKeyInfo or EncryptedPrivateKeyInfo (RFC 5958 3) */
        if ((err = read_algid(&seq, k)))
            return err;
        if (pkc_der_peek(&seq, PKC_DER_BIT_STRING)) {
            k->container = PKC_PKIX_SPKI;
            k->alg = pkc_pkix_alg_from_oid(k->oid, k->oidlen);
            err = pkc_der_get_bit_string(&seq, &k->body.p, &k->body.len);
            return err ? err : pkc_der_end(&seq);
        }
        if (!pkc_der_peek(&seq, PKC_DER_OCTET_STRING))
            return PKC_ERR_DECODE;
        k->container = PKC_PKIX_ENCRYPTED;
        k->encrypted = 1;
        k->encryption = pkc_pkix_alg_from_oid(k->oid, k->oidlen);
        if ((err = pkc_der_get_octet_string(&seq, &k->body.p, &k->body.len)) ||
            (err = pkc_der_end(&seq)))
            return err;
        return PKC_ERR_UNSUPPORTED;
    }
    /* The others start with an INTEGER; the element after it tells them
     * apart. */
    pkc_der rest = seq, first;
    if (pkc_der_get(&rest, PKC_DER_INTEGER, &first))
        return PKC_ERR_DECODE;
    if (pkc_der_peek(&rest, PKC_DER_SEQUENCE))
        return read_pkcs8(&seq, k);
    k->body.p = der;
    k->body.len = len;
    if (pkc_der_peek(&rest, PKC_DER_OCTET_STRING)) {
        k->container = PKC_PKIX_SEC1;
        k->alg = pkc_pkix_alg_get(PKC_PKIX_ALG_EC);
        return PKC_OK;
    }
    if (!pkc_der_peek(&rest, PKC_DER_INTEGER))
        return PKC_ERR_DECODE;
    /* A version (0 two-prime, 1 multi-prime) or a modulus: public either
     * way. */
    PKC_DECLASSIFY(first.p, first.len);
    int version = first.len == 1 && first.p[0] <= 1;
    k->container = version ? PKC_PKIX_RSA_PRIVATE : PKC_PKIX_RSA_PUBLIC;
    k->alg = pkc_pkix_alg_get(PKC_PKIX_ALG_RSA);
    return PKC_OK;
}

pkc_err pkc_pkix_read_der(const uint8_t *der, size_t len, pkc_pkix_key *k)
{
    memset(k, 0, sizeof *k);
    if (!der && len)
        return PKC_ERR_ARG;
    return walk(der, len, k);
}

static int label_row(const char *text, const pkc_pem_block *blk)
{
    for (size_t i = 0; i < LABEL_COUNT; i++)
        if (pkc_pem_block_label_is(text, blk, pem_labels[i].label))
            return (int)i;
    return -1;
}

pkc_err pkc_pkix_read(const uint8_t *data, size_t len, pkc_pkix_key *k)
{
    memset(k, 0, sizeof *k);
    if (!data && len)
        return PKC_ERR_ARG;
    if (!pkc_pem_detect(data, len))
        return walk(data, len, k);
    const char *text = (const char *)data;
    pkc_pem_block blk;
    size_t from = 0;
    pkc_err err;
    /* `openssl ecparam -genkey` writes the curve in an "EC PARAMETERS" block
     * before the "EC PRIVATE KEY": the key is the block that counts (and a
     * text with only parameters has no key). */
    while ((err = pkc_pem_block_find(text, len, from, &blk)) == PKC_OK &&
           pkc_pem_block_label_is(text, &blk, "EC PARAMETERS"))
        from = blk.next;
    if (err)
        return err;
    int row = label_row(text, &blk);
    if (row < 0)
        return PKC_ERR_DECODE; /* a certificate, a CSR, ...: not a key */
    pkc_pkix_container want = pem_labels[row].container;
    k->container = want;
    k->alg = pkc_pkix_alg_get(pem_labels[row].alg);
    /* RFC 1421 headers: OpenSSL's traditional encryption (Proc-Type:
     * 4,ENCRYPTED, DEK-Info: ...). */
    if (pkc_pem_block_has_headers(text, &blk)) {
        k->encrypted = 1;
        return PKC_ERR_UNSUPPORTED;
    }
    if (want >= PKC_PKIX_LEGACY_KEY)
        return PKC_OK; /* another algorithm's, as its label says */
    if ((err = pkc_pem_block_decode(text, &blk, &k->der, &k->derlen)))
        return err;
    err = walk(k->der, k->derlen, k);
    if ((err == PKC_OK || err == PKC_ERR_UNSUPPORTED) && k->container != want)
        return PKC_ERR_DECODE; /* the label does not say what the content is */
    return err;
}

void pkc_pkix_key_clear(pkc_pkix_key *k)
{
    if (!k)
        return;
    pkc_secure_free(k->der, k->derlen);
    memset(k, 0, sizeof *k);
}

pkc_err pkc_pkix_expect(const pkc_pkix_key *k, pkc_pkix_alg family, int want_private)
{
    if (!k->alg || k->alg->family != family)
        return PKC_ERR_KEY; /* another algorithm's key */
    if (pkc_pkix_container_is_private(k->container) != want_private)
        return PKC_ERR_KEY; /* a public key where a private one is wanted, or the reverse */
    if (k->alg->alg != family)
        return PKC_ERR_UNSUPPORTED; /* restricted to one scheme */
    return PKC_OK;
}

/* ---- writing ---- */

static void put_algid(pkc_der_writer *w, const pkc_pkix_alg_info *a, const char *param_oid)
{
    size_t m = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(w, a->oid);
    if (a->params == PKC_PKIX_PARAMS_NULL)
        pkc_der_put_null(w);
    else if (a->params == PKC_PKIX_PARAMS_OID && param_oid)
        pkc_der_put_oid(w, param_oid);
    else if (a->params == PKC_PKIX_PARAMS_OID && !w->err)
        w->err = PKC_ERR_ARG; /* the curve is missing */
    pkc_der_close(w, m);
}

pkc_err pkc_pkix_write_pkcs8(pkc_pkix_alg alg, const char *param_oid, pkc_pkix_body_fn body,
                             const void *ctx, uint8_t **der, size_t *len)
{
    const pkc_pkix_alg_info *a = pkc_pkix_alg_get(alg);
    if (!a || !body || !der || !len)
        return PKC_ERR_ARG;
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t seq = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, 0); /* v1, what OpenSSL writes */
    put_algid(&w, a, param_oid);
    size_t os = pkc_der_open(&w, PKC_DER_OCTET_STRING);
    body(&w, ctx);
    pkc_der_close(&w, os);
    pkc_der_close(&w, seq);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_pkix_write_spki(pkc_pkix_alg alg, const char *param_oid, pkc_pkix_body_fn body,
                            const void *ctx, uint8_t **der, size_t *len)
{
    const pkc_pkix_alg_info *a = pkc_pkix_alg_get(alg);
    if (!a || !body || !der || !len)
        return PKC_ERR_ARG;
    static const uint8_t no_unused_bits = 0; /* X.690 8.6.2.2 */
    pkc_der_writer w;
    pkc_der_writer_init(&w);
    size_t seq = pkc_der_open(&w, PKC_DER_SEQUENCE);
    put_algid(&w, a, param_oid);
    size_t bs = pkc_der_open(&w, PKC_DER_BIT_STRING);
    pkc_der_put_raw(&w, &no_unused_bits, 1);
    body(&w, ctx);
    pkc_der_close(&w, bs);
    pkc_der_close(&w, seq);
    return pkc_der_writer_finish(&w, der, len);
}

pkc_err pkc_pkix_pem(pkc_err err, pkc_pkix_container c, uint8_t *der, size_t derlen, char **pem,
                     size_t *pemlen)
{
    if (err)
        return err;
    const char *label = pkc_pkix_pem_label(c);
    err = label ? pkc_pem_encode(label, der, derlen, pem, pemlen) : PKC_ERR_ARG;
    pkc_secure_free(der, derlen);
    return err;
}
