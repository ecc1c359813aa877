/* pkc — the generic key layer (see include/pkc/key.h).
 *
 * Container detection (DER, after any PEM armour is removed):
 *   SEQUENCE { SEQUENCE algid, BIT STRING }          SubjectPublicKeyInfo
 *   SEQUENCE { SEQUENCE algid, OCTET STRING }        EncryptedPrivateKeyInfo
 *   SEQUENCE { INTEGER, SEQUENCE algid, OCTET STRING ...}  PKCS#8
 *   SEQUENCE { INTEGER 1, OCTET STRING, ... }        SEC 1 ECPrivateKey
 *   SEQUENCE { INTEGER, INTEGER }                     PKCS#1 RSAPublicKey
 *   SEQUENCE { INTEGER 0, INTEGER x 8 }               PKCS#1 RSAPrivateKey
 * then the algorithm OID picks the key type.
 *
 * Adding a key type (elliptic curves): a member in the union of struct
 * pkc_key, and one branch at each point marked "EC:" below.
 */
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/key.h"

#define OID_EC_PUBLIC_KEY "1.2.840.10045.2.1"
#define OID_DSA "1.2.840.10040.4.1"

struct pkc_key {
    pkc_key_type type;
    int priv;
    union {
        pkc_rsa_key *rsa;
        /* EC: priv is valid when the key is private; pub always */
        struct {
            pkc_ec_private_key priv;
            pkc_ec_public_key pub;
        } ec;
    } u;
};

void pkc_sign_params_init(pkc_sign_params *p)
{
    if (!p)
        return;
    p->hash = PKC_HASH_SHA256;
    p->pss = 0;
    p->saltlen = PKC_RSA_SALT_HASHLEN;
}

void pkc_key_free(pkc_key *key)
{
    if (!key)
        return;
    switch (key->type) {
    case PKC_KEY_RSA:
        pkc_rsa_key_free(key->u.rsa);
        break;
    case PKC_KEY_EC:
        pkc_ec_private_key_wipe(&key->u.ec.priv);
        break;
    case PKC_KEY_NONE:
        break;
    }
    pkc_memzero(key, sizeof *key);
    free(key);
}

pkc_err pkc_key_from_rsa(pkc_key **out, pkc_rsa_key *rsa)
{
    if (!out || !rsa) {
        pkc_rsa_key_free(rsa);
        return PKC_ERR_ARG;
    }
    pkc_key *k = calloc(1, sizeof *k);
    if (!k) {
        pkc_rsa_key_free(rsa);
        return PKC_ERR_NOMEM;
    }
    k->type = PKC_KEY_RSA;
    k->priv = pkc_rsa_is_private(rsa);
    k->u.rsa = rsa;
    *out = k;
    return PKC_OK;
}

pkc_err pkc_key_generate_rsa(pkc_key **out, unsigned bits, uint64_t e, pkc_rng *rng)
{
    if (!out)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_rsa_key *rsa;
    pkc_err err = pkc_rsa_generate(&rsa, bits ? bits : PKC_RSA_DEFAULT_BITS, e, rng);
    if (err)
        return err;
    return pkc_key_from_rsa(out, rsa);
}

/* Wraps an EC key (priv may be NULL for a public key). */
static pkc_err from_ec(pkc_key **out, const pkc_ec_private_key *priv, const pkc_ec_public_key *pub)
{
    pkc_key *k = calloc(1, sizeof *k);
    if (!k)
        return PKC_ERR_NOMEM;
    k->type = PKC_KEY_EC;
    k->priv = priv != NULL;
    if (priv) {
        k->u.ec.priv = *priv;
        pkc_ec_public_key_from_private(&k->u.ec.pub, priv);
    } else {
        k->u.ec.pub = *pub;
    }
    *out = k;
    return PKC_OK;
}

pkc_err pkc_key_generate_ec(pkc_key **out, pkc_curve_id curve, pkc_rng *rng)
{
    if (!out)
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_ec_private_key priv;
    pkc_err err = pkc_ec_keygen(&priv, curve, rng);
    if (err == PKC_OK)
        err = from_ec(out, &priv, NULL);
    pkc_ec_private_key_wipe(&priv);
    return err;
}

const pkc_ec_private_key *pkc_key_ec_private(const pkc_key *key)
{
    return key && key->type == PKC_KEY_EC && key->priv ? &key->u.ec.priv : NULL;
}

const pkc_ec_public_key *pkc_key_ec_public(const pkc_key *key)
{
    return key && key->type == PKC_KEY_EC ? &key->u.ec.pub : NULL;
}

pkc_err pkc_key_derive(const pkc_key *key, const pkc_key *peer, uint8_t *out, size_t cap,
                       size_t *outlen)
{
    if (!key || !peer || !out || !outlen)
        return PKC_ERR_ARG;
    if (key->type != PKC_KEY_EC || peer->type != PKC_KEY_EC)
        return PKC_ERR_UNSUPPORTED; /* key agreement: elliptic curves only */
    if (!key->priv)
        return PKC_ERR_KEY;
    return pkc_ecdh(&key->u.ec.priv, &peer->u.ec.pub, out, cap, outlen);
}

pkc_key_type pkc_key_get_type(const pkc_key *key)
{
    return key ? key->type : PKC_KEY_NONE;
}

int pkc_key_is_private(const pkc_key *key)
{
    return key && key->priv;
}

unsigned pkc_key_bits(const pkc_key *key)
{
    if (!key)
        return 0;
    switch (key->type) {
    case PKC_KEY_RSA: return pkc_rsa_bits(key->u.rsa);
    case PKC_KEY_EC: {
        const pkc_curve_info *ci = pkc_curve_info_get(key->u.ec.pub.curve);
        return ci ? ci->field_bits : 0;
    }
    case PKC_KEY_NONE: break;
    }
    return 0;
}

const char *pkc_key_type_name(const pkc_key *key)
{
    switch (pkc_key_get_type(key)) {
    case PKC_KEY_RSA: return "RSA";
    case PKC_KEY_EC: return "EC";
    case PKC_KEY_NONE: break;
    }
    return "none";
}

const pkc_rsa_key *pkc_key_rsa(const pkc_key *key)
{
    return key && key->type == PKC_KEY_RSA ? key->u.rsa : NULL;
}

/* ---- parsing ---- */

typedef enum {
    KIND_UNKNOWN = 0,
    KIND_SPKI,
    KIND_PKCS8,
    KIND_PKCS8_ENCRYPTED,
    KIND_PKCS1_PRIVATE,
    KIND_PKCS1_PUBLIC,
    KIND_SEC1
} container;

/* Looks at the shape of the DER (not its validity: the real parser runs
 * next). For SPKI and PKCS#8, *oid gets the algorithm OID. */
static container detect(const uint8_t *der, size_t len, const uint8_t **oid, size_t *oidlen)
{
    pkc_der in, seq, first, alg;
    uint8_t tag;
    pkc_der_init(&in, der, len);
    if (pkc_der_get(&in, PKC_DER_SEQUENCE, &seq) || pkc_der_end(&in))
        return KIND_UNKNOWN;
    if (pkc_der_peek(&seq, PKC_DER_SEQUENCE)) {
        if (pkc_der_get(&seq, PKC_DER_SEQUENCE, &alg) || pkc_der_get_oid(&alg, oid, oidlen))
            return KIND_UNKNOWN;
        if (pkc_der_peek(&seq, PKC_DER_BIT_STRING))
            return KIND_SPKI;
        if (pkc_der_peek(&seq, PKC_DER_OCTET_STRING))
            return KIND_PKCS8_ENCRYPTED;
        return KIND_UNKNOWN;
    }
    if (pkc_der_get_any(&seq, &tag, &first) || tag != PKC_DER_INTEGER)
        return KIND_UNKNOWN;
    if (pkc_der_peek(&seq, PKC_DER_SEQUENCE)) {
        if (pkc_der_get(&seq, PKC_DER_SEQUENCE, &alg) || pkc_der_get_oid(&alg, oid, oidlen))
            return KIND_UNKNOWN;
        return KIND_PKCS8;
    }
    if (pkc_der_peek(&seq, PKC_DER_OCTET_STRING))
        return KIND_SEC1;
    if (!pkc_der_peek(&seq, PKC_DER_INTEGER))
        return KIND_UNKNOWN;
    /* PKCS#1: two INTEGERs in all for a public key, nine or more for a
     * private key. */
    size_t count = 1;
    while (seq.len && count < 16) {
        if (pkc_der_get_any(&seq, &tag, &first))
            return KIND_UNKNOWN;
        count++;
    }
    return count == 2 ? KIND_PKCS1_PUBLIC : KIND_PKCS1_PRIVATE;
}

static int oid_is(const uint8_t *oid, size_t oidlen, const char *dotted)
{
    return oid && pkc_der_oid_equals(oid, oidlen, dotted);
}

static pkc_err parse_ec_public(const uint8_t *der, size_t len, pkc_key **out)
{
    pkc_ec_public_key pub;
    pkc_err err = pkc_ec_public_key_from_der(&pub, der, len);
    return err ? err : from_ec(out, NULL, &pub);
}

static pkc_err parse_ec_private(const uint8_t *der, size_t len, pkc_key **out)
{
    pkc_ec_private_key priv;
    pkc_err err = pkc_ec_private_key_from_der(&priv, der, len);
    if (err == PKC_OK)
        err = from_ec(out, &priv, NULL);
    pkc_ec_private_key_wipe(&priv);
    return err;
}

static pkc_err parse_der(const uint8_t *der, size_t len, pkc_key **out)
{
    const uint8_t *oid = NULL;
    size_t oidlen = 0;
    pkc_rsa_key *rsa = NULL;
    pkc_err err;
    switch (detect(der, len, &oid, &oidlen)) {
    case KIND_SPKI:
        if (oid_is(oid, oidlen, PKC_OID_RSA_ENCRYPTION) || oid_is(oid, oidlen, PKC_OID_RSASSA_PSS))
            err = pkc_rsa_public_from_spki(&rsa, der, len);
        else if (oid_is(oid, oidlen, OID_EC_PUBLIC_KEY))
            return parse_ec_public(der, len, out);
        else if (oid_is(oid, oidlen, OID_DSA))
            return PKC_ERR_UNSUPPORTED;
        else
            return PKC_ERR_DECODE;
        break;
    case KIND_PKCS8:
        if (oid_is(oid, oidlen, PKC_OID_RSA_ENCRYPTION) || oid_is(oid, oidlen, PKC_OID_RSASSA_PSS))
            err = pkc_rsa_private_from_pkcs8(&rsa, der, len);
        else if (oid_is(oid, oidlen, OID_EC_PUBLIC_KEY))
            return parse_ec_private(der, len, out);
        else if (oid_is(oid, oidlen, OID_DSA))
            return PKC_ERR_UNSUPPORTED;
        else
            return PKC_ERR_DECODE;
        break;
    case KIND_SEC1:
        return parse_ec_private(der, len, out);
    case KIND_PKCS1_PRIVATE:
        err = pkc_rsa_private_from_pkcs1(&rsa, der, len);
        break;
    case KIND_PKCS1_PUBLIC:
        err = pkc_rsa_public_from_pkcs1(&rsa, der, len);
        break;
    case KIND_PKCS8_ENCRYPTED:
        return PKC_ERR_UNSUPPORTED;
    default:
        return PKC_ERR_DECODE;
    }
    if (err)
        return err;
    return pkc_key_from_rsa(out, rsa);
}

static const void *find_bytes(const void *hay, size_t haylen, const char *needle)
{
    size_t n = strlen(needle);
    const uint8_t *h = hay;
    for (size_t i = 0; i + n <= haylen; i++)
        if (h[i] == (uint8_t)needle[0] && memcmp(h + i, needle, n) == 0)
            return h + i;
    return NULL;
}

pkc_err pkc_key_parse(const uint8_t *data, size_t len, pkc_key **out)
{
    if (!data || !out)
        return PKC_ERR_ARG;
    *out = NULL;
    if (!find_bytes(data, len, "-----BEGIN "))
        return parse_der(data, len, out);

    /* PEM (RFC 7468); the traditional OpenSSL encrypted form carries
     * RFC 1421 headers ("Proc-Type: 4,ENCRYPTED") inside the armour. */
    if (find_bytes(data, len, "Proc-Type:") || find_bytes(data, len, "DEK-Info:"))
        return PKC_ERR_UNSUPPORTED;
    /* `openssl ecparam -genkey` writes an "EC PARAMETERS" block before the
     * "EC PRIVATE KEY": the key is the block that counts. */
    const uint8_t *ecp = find_bytes(data, len, "-----BEGIN EC PARAMETERS-----");
    const uint8_t *eck = find_bytes(data, len, "-----BEGIN EC PRIVATE KEY-----");
    if (ecp && eck && eck > ecp) {
        len -= (size_t)(eck - data);
        data = eck;
    }
    char label[64];
    uint8_t *der = NULL;
    size_t derlen = 0;
    pkc_err err = pkc_pem_decode((const char *)data, len, label, sizeof label, &der, &derlen);
    if (err)
        return err == PKC_ERR_BUFSIZE ? PKC_ERR_DECODE : err;
    const uint8_t *oid;
    size_t oidlen;
    container kind = detect(der, derlen, &oid, &oidlen);
    /* The label must agree with the content. */
    int ok;
    if (strcmp(label, "PRIVATE KEY") == 0)
        ok = kind == KIND_PKCS8;
    else if (strcmp(label, "PUBLIC KEY") == 0)
        ok = kind == KIND_SPKI;
    else if (strcmp(label, "RSA PRIVATE KEY") == 0)
        ok = kind == KIND_PKCS1_PRIVATE;
    else if (strcmp(label, "RSA PUBLIC KEY") == 0)
        ok = kind == KIND_PKCS1_PUBLIC;
    else if (strcmp(label, "EC PRIVATE KEY") == 0)
        ok = kind == KIND_SEC1;
    else if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0 || strstr(label, "DSA") ||
             strcmp(label, "EC PARAMETERS") == 0) {
        err = PKC_ERR_UNSUPPORTED;
        goto out;
    } else {
        err = PKC_ERR_DECODE; /* a certificate, a CSR, ... : not a key */
        goto out;
    }
    err = ok ? parse_der(der, derlen, out) : PKC_ERR_DECODE;
out:
    pkc_secure_free(der, derlen);
    return err;
}

/* ---- writing ---- */

pkc_err pkc_key_private_to_der(const pkc_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    switch (key->type) {
    case PKC_KEY_RSA: return pkc_rsa_private_to_pkcs8(key->u.rsa, der, len);
    case PKC_KEY_EC: return pkc_ec_private_key_to_der(&key->u.ec.priv, PKC_EC_FORMAT_PKCS8, der, len);
    case PKC_KEY_NONE: break;
    }
    return PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_key_public_to_der(const pkc_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    switch (key->type) {
    case PKC_KEY_RSA: return pkc_rsa_public_to_spki(key->u.rsa, der, len);
    case PKC_KEY_EC: return pkc_ec_public_key_to_der(&key->u.ec.pub, 0, der, len);
    case PKC_KEY_NONE: break;
    }
    return PKC_ERR_UNSUPPORTED;
}

static pkc_err to_pem(pkc_err err, const char *label, uint8_t *der, size_t derlen, char **pem,
                      size_t *len)
{
    if (err)
        return err;
    err = pkc_pem_encode(label, der, derlen, pem, len);
    pkc_secure_free(der, derlen);
    return err;
}

pkc_err pkc_key_private_to_pem(const pkc_key *key, char **pem, size_t *len)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !len)
        return PKC_ERR_ARG;
    pkc_err err = pkc_key_private_to_der(key, &der, &derlen);
    return to_pem(err, "PRIVATE KEY", der, derlen, pem, len);
}

pkc_err pkc_key_public_to_pem(const pkc_key *key, char **pem, size_t *len)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !len)
        return PKC_ERR_ARG;
    pkc_err err = pkc_key_public_to_der(key, &der, &derlen);
    return to_pem(err, "PUBLIC KEY", der, derlen, pem, len);
}

/* ---- operations ---- */

size_t pkc_key_signature_size(const pkc_key *key)
{
    if (!key)
        return 0;
    switch (key->type) {
    case PKC_KEY_RSA: return pkc_rsa_size(key->u.rsa);
    case PKC_KEY_EC: return PKC_ECDSA_MAX_DER_SIZE;
    case PKC_KEY_NONE: break;
    }
    return 0;
}

pkc_err pkc_key_sign_digest(const pkc_key *key, pkc_rng *rng, const pkc_sign_params *params,
                            const uint8_t *digest, size_t digestlen, uint8_t *sig, size_t cap,
                            size_t *siglen)
{
    pkc_sign_params def;
    if (!params) {
        pkc_sign_params_init(&def);
        params = &def;
    }
    if (!key || !rng)
        return PKC_ERR_ARG;
    if (!key->priv)
        return PKC_ERR_KEY;
    switch (key->type) {
    case PKC_KEY_RSA:
        if (params->pss)
            return pkc_rsa_pss_sign(key->u.rsa, rng, PKC_RSA_MODE_CRT, params->hash,
                                    params->saltlen, digest, digestlen, sig, cap, siglen);
        return pkc_rsa_pkcs1_sign(key->u.rsa, rng, PKC_RSA_MODE_CRT, params->hash, digest,
                                  digestlen, sig, cap, siglen);
    case PKC_KEY_EC: {
        /* ECDSA with RFC 6979 nonces (deterministic; rng unused), DER out */
        if (params->pss)
            return PKC_ERR_UNSUPPORTED;
        uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
        size_t rawlen;
        pkc_err err = pkc_ecdsa_sign_digest(&key->u.ec.priv, params->hash, digest, digestlen,
                                            NULL, raw, sizeof raw, &rawlen);
        if (err == PKC_OK)
            err = pkc_ecdsa_sig_to_der(key->u.ec.priv.curve, raw, rawlen, sig, cap, siglen);
        return err;
    }
    case PKC_KEY_NONE: break;
    }
    return PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_key_verify_digest(const pkc_key *key, const pkc_sign_params *params,
                              const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                              size_t siglen)
{
    pkc_sign_params def;
    if (!params) {
        pkc_sign_params_init(&def);
        params = &def;
    }
    if (!key)
        return PKC_ERR_ARG;
    switch (key->type) {
    case PKC_KEY_RSA:
        if (params->pss)
            return pkc_rsa_pss_verify(key->u.rsa, params->hash, params->saltlen, digest,
                                      digestlen, sig, siglen);
        return pkc_rsa_pkcs1_verify(key->u.rsa, params->hash, digest, digestlen, sig, siglen);
    case PKC_KEY_EC: {
        if (params->pss)
            return PKC_ERR_UNSUPPORTED;
        /* A malformed or out-of-range signature is a signature that does not
         * verify (what `openssl dgst -verify` reports too). */
        uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
        size_t rawlen;
        pkc_err err = pkc_ecdsa_sig_from_der(key->u.ec.pub.curve, sig, siglen, raw, sizeof raw,
                                             &rawlen);
        if (err == PKC_OK)
            err = pkc_ecdsa_verify_digest(&key->u.ec.pub, digest, digestlen, raw, rawlen);
        if (err == PKC_ERR_DECODE || err == PKC_ERR_RANGE)
            err = PKC_ERR_VERIFY;
        return err;
    }
    case PKC_KEY_NONE: break;
    }
    return PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_key_encrypt(const pkc_key *key, pkc_rng *rng, const pkc_rsa_oaep_params *params,
                        const uint8_t *msg, size_t msglen, uint8_t *out, size_t cap,
                        size_t *outlen)
{
    if (!key)
        return PKC_ERR_ARG;
    if (key->type != PKC_KEY_RSA)
        return PKC_ERR_UNSUPPORTED; /* EC: no encryption scheme */
    return pkc_rsa_oaep_encrypt(key->u.rsa, rng, params, msg, msglen, out, cap, outlen);
}

pkc_err pkc_key_decrypt(const pkc_key *key, pkc_rng *rng, const pkc_rsa_oaep_params *params,
                        const uint8_t *ct, size_t ctlen, uint8_t *out, size_t cap, size_t *outlen)
{
    if (!key)
        return PKC_ERR_ARG;
    if (key->type != PKC_KEY_RSA)
        return PKC_ERR_UNSUPPORTED; /* EC: no encryption scheme */
    if (!key->priv)
        return PKC_ERR_KEY;
    return pkc_rsa_oaep_decrypt(key->u.rsa, rng, PKC_RSA_MODE_CRT, params, ct, ctlen, out, cap,
                                outlen);
}
