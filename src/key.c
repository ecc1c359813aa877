/* pkc — the generic key layer (see include/pkc/key.h): one key type or the
 * other behind one interface. Key files are read by src/encoding/pkix.c
 * (PEM, containers, algorithm identifiers), then by the key body of their
 * algorithm (src/rsa/rsa_key.c, src/ec/ec_keyfile.c).
 *
 * Adding a key type: a member in the union of struct pkc_key, and one branch
 * at each switch on pkc_key_type below and in parse_pkix. The four RFC
 * 7748/8032 types share one member and one module (src/ecx/ecx_key.c).
 */
#include <stdlib.h>
#include <string.h>

#include "ec/ec_keyfile.h"
#include "ecx/ecx_key.h"
#include "encoding/pkcs8_crypt.h"
#include "encoding/pkix.h"
#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/key.h"
#include "rsa/rsa_key.h"

struct pkc_key {
    pkc_key_type type;
    int priv;
    union {
        pkc_rsa_key *rsa;
        /* EC: the public key is ec.pub; d is set (and wiped) only when
         * priv. */
        pkc_ec_private_key ec;
        pkc_ecx_key ecx; /* X25519, Ed25519, X448, Ed448 */
    } u;
};

/* The four RFC 7748/8032 key types and their src/ecx names. */
static pkc_ecx_alg ecx_alg(pkc_key_type t)
{
    switch (t) {
    case PKC_KEY_X25519: return PKC_ECX_X25519;
    case PKC_KEY_ED25519: return PKC_ECX_ED25519;
    case PKC_KEY_X448: return PKC_ECX_X448;
    case PKC_KEY_ED448: return PKC_ECX_ED448;
    case PKC_KEY_NONE:
    case PKC_KEY_RSA:
    case PKC_KEY_EC: break;
    }
    return PKC_ECX_NONE;
}

static pkc_key_type ecx_type(pkc_ecx_alg a)
{
    switch (a) {
    case PKC_ECX_X25519: return PKC_KEY_X25519;
    case PKC_ECX_ED25519: return PKC_KEY_ED25519;
    case PKC_ECX_X448: return PKC_KEY_X448;
    case PKC_ECX_ED448: return PKC_KEY_ED448;
    case PKC_ECX_NONE: break;
    }
    return PKC_KEY_NONE;
}

/* A key of src/ecx, or NULL. */
static const pkc_ecx_key *as_ecx(const pkc_key *key)
{
    return key && ecx_alg(key->type) != PKC_ECX_NONE ? &key->u.ecx : NULL;
}

void pkc_sign_params_init(pkc_sign_params *p)
{
    if (!p)
        return;
    p->hash = PKC_HASH_SHA256;
    p->pss = 0;
    p->saltlen = PKC_RSA_SALT_HASHLEN;
    p->low_s = 0;
    p->context = NULL;
    p->contextlen = 0;
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
        pkc_ec_private_key_wipe(&key->u.ec);
        break;
    default: /* the ecx keys are wiped below with the struct */
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

/* Wraps an EC key: a private key, or (priv 0) only ec->pub. */
static pkc_err from_ec(pkc_key **out, const pkc_ec_private_key *ec, int priv)
{
    pkc_key *k = calloc(1, sizeof *k);
    if (!k)
        return PKC_ERR_NOMEM;
    k->type = PKC_KEY_EC;
    k->priv = priv;
    if (priv) {
        k->u.ec = *ec;
    } else {
        k->u.ec.curve = ec->pub.curve;
        k->u.ec.pub = ec->pub;
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
        err = from_ec(out, &priv, 1);
    pkc_ec_private_key_wipe(&priv);
    return err;
}

/* Wraps an ecx key (copied; the caller wipes its own). */
static pkc_err from_ecx(pkc_key **out, const pkc_ecx_key *ecx)
{
    pkc_key *k = calloc(1, sizeof *k);
    if (!k)
        return PKC_ERR_NOMEM;
    k->type = ecx_type(ecx->alg);
    k->priv = ecx->priv;
    k->u.ecx = *ecx;
    *out = k;
    return PKC_OK;
}

pkc_err pkc_key_generate_ecx(pkc_key **out, pkc_key_type type, pkc_rng *rng)
{
    if (!out)
        return PKC_ERR_ARG;
    *out = NULL;
    if (ecx_alg(type) == PKC_ECX_NONE)
        return PKC_ERR_ARG;
    pkc_ecx_key ecx;
    pkc_err err = pkc_ecx_key_generate(&ecx, ecx_alg(type), rng);
    if (err == PKC_OK)
        err = from_ecx(out, &ecx);
    pkc_ecx_key_wipe(&ecx);
    return err;
}

static pkc_err from_ecx_raw(pkc_key **out, pkc_key_type type, const uint8_t *raw, size_t len,
                            int priv)
{
    if (!out)
        return PKC_ERR_ARG;
    *out = NULL;
    if (ecx_alg(type) == PKC_ECX_NONE)
        return PKC_ERR_ARG;
    pkc_ecx_key ecx;
    pkc_err err = priv ? pkc_ecx_key_from_private(&ecx, ecx_alg(type), raw, len)
                       : pkc_ecx_key_from_public(&ecx, ecx_alg(type), raw, len);
    if (err == PKC_OK)
        err = from_ecx(out, &ecx);
    pkc_ecx_key_wipe(&ecx);
    return err;
}

pkc_err pkc_key_from_ecx_private(pkc_key **out, pkc_key_type type, const uint8_t *raw, size_t len)
{
    return from_ecx_raw(out, type, raw, len, 1);
}

pkc_err pkc_key_from_ecx_public(pkc_key **out, pkc_key_type type, const uint8_t *raw, size_t len)
{
    return from_ecx_raw(out, type, raw, len, 0);
}

const uint8_t *pkc_key_ecx_public(const pkc_key *key, size_t *len)
{
    const pkc_ecx_key *ecx = as_ecx(key);
    if (len)
        *len = ecx ? pkc_ecx_key_size(ecx->alg) : 0;
    return ecx ? pkc_ecx_public_bytes(ecx) : NULL;
}

const uint8_t *pkc_key_ecx_private(const pkc_key *key, size_t *len)
{
    const pkc_ecx_key *ecx = as_ecx(key);
    const uint8_t *raw = ecx ? pkc_ecx_private_bytes(ecx) : NULL;
    if (len)
        *len = raw ? pkc_ecx_key_size(ecx->alg) : 0;
    return raw;
}

const pkc_ec_private_key *pkc_key_ec_private(const pkc_key *key)
{
    return key && key->type == PKC_KEY_EC && key->priv ? &key->u.ec : NULL;
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
    if (as_ecx(key)) {
        if (!as_ecx(peer))
            return PKC_ERR_KEY;
        return pkc_ecx_derive(&key->u.ecx, &peer->u.ecx, out, cap, outlen);
    }
    if (key->type != PKC_KEY_EC)
        return PKC_ERR_UNSUPPORTED; /* RSA: no key agreement */
    if (peer->type != PKC_KEY_EC)
        return PKC_ERR_KEY;
    if (!key->priv)
        return PKC_ERR_KEY;
    return pkc_ecdh(&key->u.ec, &peer->u.ec.pub, out, cap, outlen);
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
    default: break;
    }
    return as_ecx(key) ? pkc_ecx_field_bits(key->u.ecx.alg) : 0;
}

int pkc_key_signs_messages(const pkc_key *key)
{
    return as_ecx(key) && pkc_ecx_is_signature(key->u.ecx.alg);
}

const char *pkc_key_type_name(const pkc_key *key)
{
    switch (pkc_key_get_type(key)) {
    case PKC_KEY_RSA: return "RSA";
    case PKC_KEY_EC: return "EC";
    case PKC_KEY_NONE: return "none";
    default: break;
    }
    return as_ecx(key) ? pkc_ecx_name(key->u.ecx.alg) : "none";
}

const pkc_rsa_key *pkc_key_rsa(const pkc_key *key)
{
    return key && key->type == PKC_KEY_RSA ? key->u.rsa : NULL;
}

/* ---- parsing ---- */

/* What pkc_key_parse_info reports of a key file, as far as it was read. */
static void fill_info(const pkc_pkix_key *k, pkc_key_info *info)
{
    if (!info)
        return;
    memset(info, 0, sizeof *info);
    info->format = pkc_pkix_container_name(k->container);
    info->is_private = pkc_pkix_container_is_private(k->container);
    if (k->oid && pkc_der_oid_to_string(k->oid, k->oidlen, info->oid, sizeof info->oid) != PKC_OK)
        info->oid[0] = '\0';
    if (k->alg)
        info->algorithm = k->alg->name;
    else if (k->oid && k->container != PKC_PKIX_ENCRYPTED)
        info->algorithm = "unknown";
    if (k->encrypted)
        info->encryption = k->encryption                        ? k->encryption->name
                           : k->container == PKC_PKIX_ENCRYPTED ? "unknown"
                                                                : "PEM encryption (RFC 1421)";
}

static pkc_err parse_pkix(const pkc_pkix_key *k, pkc_key **out)
{
    pkc_err err;
    switch (k->alg ? k->alg->family : PKC_PKIX_ALG_UNKNOWN) {
    case PKC_PKIX_ALG_RSA: {
        pkc_rsa_key *rsa;
        err = pkc_rsa_key_from_pkix(k, &rsa);
        return err ? err : pkc_key_from_rsa(out, rsa);
    }
    case PKC_PKIX_ALG_EC: {
        pkc_ec_private_key ec;
        int priv = pkc_pkix_container_is_private(k->container);
        if (priv) {
            err = pkc_ec_private_key_from_pkix(k, &ec);
        } else {
            memset(&ec, 0, sizeof ec);
            err = pkc_ec_public_key_from_pkix(k, &ec.pub);
            ec.curve = ec.pub.curve;
        }
        if (err == PKC_OK)
            err = from_ec(out, &ec, priv);
        pkc_ec_private_key_wipe(&ec);
        return err;
    }
    case PKC_PKIX_ALG_X25519:
    case PKC_PKIX_ALG_ED25519:
    case PKC_PKIX_ALG_X448:
    case PKC_PKIX_ALG_ED448: {
        pkc_ecx_key ecx;
        err = pkc_ecx_key_from_pkix(k, &ecx);
        if (err == PKC_OK)
            err = from_ecx(out, &ecx);
        pkc_ecx_key_wipe(&ecx);
        return err;
    }
    default:
        return PKC_ERR_UNSUPPORTED; /* an algorithm pkc does not implement, or an unknown OID */
    }
}

pkc_err pkc_key_parse_info(const uint8_t *data, size_t len, pkc_key **out, pkc_key_info *info)
{
    pkc_pkix_key k;
    if (info)
        memset(info, 0, sizeof *info);
    if (!data || !out)
        return PKC_ERR_ARG;
    *out = NULL;
    /* PEM is decoded once and the DER walked once; the key body is then
     * read from the views pkc_pkix_read found. */
    pkc_err err = pkc_pkix_read(data, len, &k);
    if (err == PKC_OK)
        err = parse_pkix(&k, out);
    fill_info(&k, info);
    pkc_pkix_key_clear(&k);
    return err;
}

pkc_err pkc_key_parse(const uint8_t *data, size_t len, pkc_key **out)
{
    return pkc_key_parse_info(data, len, out, NULL);
}

pkc_err pkc_key_parse_password(const uint8_t *data, size_t len, const uint8_t *pass,
                               size_t passlen, pkc_key **out, pkc_key_info *info)
{
    pkc_pkix_key k, inner;
    if (info)
        memset(info, 0, sizeof *info);
    if (!data || !out || (!pass && passlen))
        return PKC_ERR_ARG;
    *out = NULL;
    pkc_err err = pkc_pkix_read(data, len, &k);
    if (err == PKC_ERR_UNSUPPORTED && k.container == PKC_PKIX_ENCRYPTED) {
        uint8_t *der = NULL;
        size_t derlen = 0;
        err = pkc_pkcs8_decrypt(&k, pass, passlen, &der, &derlen);
        fill_info(&k, info);
        if (err == PKC_OK) {
            /* the decrypted PrivateKeyInfo, read like any other */
            err = pkc_pkix_read_der(der, derlen, &inner);
            if (err == PKC_OK)
                err = parse_pkix(&inner, out);
            if (info) {
                const char *enc = info->encryption;
                fill_info(&inner, info);
                info->encryption = enc;
            }
            pkc_pkix_key_clear(&inner);
        }
        pkc_secure_free(der, derlen);
    } else {
        if (err == PKC_OK)
            err = parse_pkix(&k, out);
        fill_info(&k, info);
    }
    pkc_pkix_key_clear(&k);
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
    case PKC_KEY_EC: return pkc_ec_private_key_to_der(&key->u.ec, PKC_EC_FORMAT_PKCS8, der, len);
    default: break;
    }
    return as_ecx(key) ? pkc_ecx_private_to_pkcs8(&key->u.ecx, der, len) : PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_key_public_to_der(const pkc_key *key, uint8_t **der, size_t *len)
{
    if (!key || !der || !len)
        return PKC_ERR_ARG;
    switch (key->type) {
    case PKC_KEY_RSA: return pkc_rsa_public_to_spki(key->u.rsa, der, len);
    case PKC_KEY_EC: return pkc_ec_public_key_to_der(&key->u.ec.pub, 0, der, len);
    default: break;
    }
    return as_ecx(key) ? pkc_ecx_public_to_spki(&key->u.ecx, der, len) : PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_key_private_to_pem(const pkc_key *key, char **pem, size_t *len)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !len)
        return PKC_ERR_ARG;
    pkc_err err = pkc_key_private_to_der(key, &der, &derlen);
    return pkc_pkix_pem(err, PKC_PKIX_PKCS8, der, derlen, pem, len);
}

static pkc_err private_encrypted(const pkc_key *key, const uint8_t *pass, size_t passlen,
                                 pkc_rng *rng, uint32_t iterations, uint8_t **der, size_t *len)
{
    uint8_t *plain = NULL;
    size_t plainlen = 0;
    if (!der || !len)
        return PKC_ERR_ARG;
    *der = NULL;
    *len = 0;
    pkc_err err = pkc_key_private_to_der(key, &plain, &plainlen);
    if (err == PKC_OK)
        err = pkc_pkcs8_encrypt(plain, plainlen, pass, passlen, rng, iterations, der, len);
    pkc_secure_free(plain, plainlen);
    return err;
}

pkc_err pkc_key_private_to_der_encrypted(const pkc_key *key, const uint8_t *pass,
                                         size_t passlen, pkc_rng *rng, uint32_t iterations,
                                         uint8_t **der, size_t *len)
{
    return private_encrypted(key, pass, passlen, rng, iterations, der, len);
}

pkc_err pkc_key_private_to_pem_encrypted(const pkc_key *key, const uint8_t *pass,
                                         size_t passlen, pkc_rng *rng, uint32_t iterations,
                                         char **pem, size_t *len)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !len)
        return PKC_ERR_ARG;
    pkc_err err = private_encrypted(key, pass, passlen, rng, iterations, &der, &derlen);
    return pkc_pkix_pem(err, PKC_PKIX_ENCRYPTED, der, derlen, pem, len);
}

pkc_err pkc_key_public_to_pem(const pkc_key *key, char **pem, size_t *len)
{
    uint8_t *der = NULL;
    size_t derlen = 0;
    if (!pem || !len)
        return PKC_ERR_ARG;
    pkc_err err = pkc_key_public_to_der(key, &der, &derlen);
    return pkc_pkix_pem(err, PKC_PKIX_SPKI, der, derlen, pem, len);
}

/* ---- operations ---- */

size_t pkc_key_signature_size(const pkc_key *key)
{
    if (!key)
        return 0;
    switch (key->type) {
    case PKC_KEY_RSA: return pkc_rsa_size(key->u.rsa);
    case PKC_KEY_EC: return PKC_ECDSA_MAX_DER_SIZE;
    default: break;
    }
    return as_ecx(key) ? pkc_ecx_signature_size(key->u.ecx.alg) : 0;
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
        if (params->low_s)
            return PKC_ERR_UNSUPPORTED;
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
        pkc_err err = pkc_ecdsa_sign_digest(&key->u.ec, params->hash, digest, digestlen, NULL,
                                            raw, sizeof raw, &rawlen);
        if (err == PKC_OK && params->low_s)
            err = pkc_ecdsa_sig_normalize_low_s(key->u.ec.curve, raw, rawlen);
        if (err == PKC_OK)
            err = pkc_ecdsa_sig_to_der(key->u.ec.curve, raw, rawlen, sig, cap, siglen);
        return err;
    }
    default: break; /* Ed25519/Ed448 sign messages: pkc_key_sign_message */
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
        if (params->low_s)
            return PKC_ERR_UNSUPPORTED;
        if (params->pss)
            return pkc_rsa_pss_verify(key->u.rsa, params->hash, params->saltlen, digest,
                                      digestlen, sig, siglen);
        return pkc_rsa_pkcs1_verify(key->u.rsa, params->hash, digest, digestlen, sig, siglen);
    case PKC_KEY_EC: {
        if (params->pss)
            return PKC_ERR_UNSUPPORTED;
        /* A malformed DER signature is PKC_ERR_DECODE, r or s out of range
         * PKC_ERR_RANGE, a well-formed one that does not verify
         * PKC_ERR_VERIFY: callers tell bad input from a negative answer. */
        uint8_t raw[PKC_ECDSA_MAX_RAW_SIZE];
        size_t rawlen;
        pkc_err err = pkc_ecdsa_sig_from_der(key->u.ec.pub.curve, sig, siglen, raw, sizeof raw,
                                             &rawlen);
        if (err == PKC_OK)
            err = pkc_ecdsa_verify_digest(&key->u.ec.pub, digest, digestlen, raw, rawlen);
        if (err == PKC_OK && params->low_s &&
            pkc_ecdsa_sig_is_low_s(key->u.ec.pub.curve, raw, rawlen) != 1)
            err = PKC_ERR_VERIFY;
        return err;
    }
    default: break;
    }
    return PKC_ERR_UNSUPPORTED;
}

pkc_err pkc_key_sign_message(const pkc_key *key, pkc_rng *rng, const pkc_sign_params *params,
                             const uint8_t *msg, size_t msglen, uint8_t *sig, size_t cap,
                             size_t *siglen)
{
    pkc_sign_params def;
    if (!params) {
        pkc_sign_params_init(&def);
        params = &def;
    }
    if (!key || (!msg && msglen))
        return PKC_ERR_ARG;
    if (pkc_key_signs_messages(key))
        return pkc_ecx_sign(&key->u.ecx, params->context, params->contextlen, msg, msglen, sig,
                            cap, siglen);
    if (params->contextlen)
        return PKC_ERR_UNSUPPORTED;
    uint8_t digest[PKC_HASH_MAX_SIZE];
    pkc_err err = pkc_hash(params->hash, msg, msglen, digest);
    if (err == PKC_OK)
        err = pkc_key_sign_digest(key, rng, params, digest, pkc_hash_size(params->hash), sig,
                                  cap, siglen);
    pkc_memzero(digest, sizeof digest);
    return err;
}

pkc_err pkc_key_verify_message(const pkc_key *key, const pkc_sign_params *params,
                               const uint8_t *msg, size_t msglen, const uint8_t *sig,
                               size_t siglen)
{
    pkc_sign_params def;
    if (!params) {
        pkc_sign_params_init(&def);
        params = &def;
    }
    if (!key || (!msg && msglen))
        return PKC_ERR_ARG;
    if (pkc_key_signs_messages(key))
        return pkc_ecx_verify(&key->u.ecx, params->context, params->contextlen, msg, msglen, sig,
                              siglen);
    if (params->contextlen)
        return PKC_ERR_UNSUPPORTED;
    uint8_t digest[PKC_HASH_MAX_SIZE];
    pkc_err err = pkc_hash(params->hash, msg, msglen, digest);
    if (err == PKC_OK)
        err = pkc_key_verify_digest(key, params, digest, pkc_hash_size(params->hash), sig,
                                    siglen);
    return err;
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
