/* pkc — a generic key: RSA or elliptic-curve, read from PEM or DER in any of
 * the usual containers (PKCS#1, PKCS#8, SubjectPublicKeyInfo, SEC 1), the
 * container detected from the content; written as PKCS#8 PEM (private) or
 * SubjectPublicKeyInfo PEM (public); and sign / verify / encrypt / decrypt
 * dispatched on the key type, so that callers (the pkc command) need not
 * care which kind of key they hold.
 *
 * Error codes: PKC_ERR_DECODE for malformed or unrecognised input,
 * PKC_ERR_KEY for a well-formed but invalid key, PKC_ERR_UNSUPPORTED for
 * encrypted keys and key types pkc does not implement (DSA, RSASSA-PSS-
 * restricted keys, multi-prime RSA).
 */
#ifndef PKC_KEY_H
#define PKC_KEY_H

#include "pkc/common.h"
#include "pkc/curves.h"
#include "pkc/ec.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    PKC_KEY_NONE = 0,
    PKC_KEY_RSA = 1,
    PKC_KEY_EC = 2
} pkc_key_type;

typedef struct pkc_key pkc_key;

/* Reads one key (private or public) from PEM text or DER bytes. */
PKC_API pkc_err pkc_key_parse(const uint8_t *data, size_t len, pkc_key **out);
PKC_API void pkc_key_free(pkc_key *key); /* wipes; NULL is fine */

/* RSA key generation (pkc_rsa_generate): bits 0 means 3072, e 0 means 65537. */
PKC_API pkc_err pkc_key_generate_rsa(pkc_key **out, unsigned bits, uint64_t e, pkc_rng *rng);
/* Wraps an RSA key; the pkc_key owns it afterwards (also on error). */
PKC_API pkc_err pkc_key_from_rsa(pkc_key **out, pkc_rsa_key *rsa);

/* Elliptic-curve key generation (pkc_ec_keygen). */
PKC_API pkc_err pkc_key_generate_ec(pkc_key **out, pkc_curve_id curve, pkc_rng *rng);
/* The EC key inside (NULL if not EC; _private: NULL for a public key). */
PKC_API const pkc_ec_private_key *pkc_key_ec_private(const pkc_key *key);
PKC_API const pkc_ec_public_key *pkc_key_ec_public(const pkc_key *key);
/* ECDH (SEC 1 ECSVDP-DH): the raw shared secret, field_bytes, what
 * `openssl pkeyutl -derive` writes. PKC_ERR_KEY if key is not private or the
 * curves differ, PKC_ERR_UNSUPPORTED for non-EC keys. */
PKC_API pkc_err pkc_key_derive(const pkc_key *key, const pkc_key *peer, uint8_t *out, size_t cap,
                               size_t *outlen);

PKC_API pkc_key_type pkc_key_get_type(const pkc_key *key);
PKC_API int pkc_key_is_private(const pkc_key *key);
PKC_API unsigned pkc_key_bits(const pkc_key *key);   /* modulus or field bits */
PKC_API const char *pkc_key_type_name(const pkc_key *key); /* "RSA", "EC" */
/* The RSA key inside (NULL if not RSA). */
PKC_API const pkc_rsa_key *pkc_key_rsa(const pkc_key *key);

/* PKCS#8 PrivateKeyInfo (PKC_ERR_KEY for a public key) and
 * SubjectPublicKeyInfo, as DER or as PEM ("PRIVATE KEY" / "PUBLIC KEY",
 * NUL-terminated). Free with pkc_secure_free(buf, len). */
PKC_API pkc_err pkc_key_private_to_der(const pkc_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_key_private_to_pem(const pkc_key *key, char **pem, size_t *len);
PKC_API pkc_err pkc_key_public_to_der(const pkc_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_key_public_to_pem(const pkc_key *key, char **pem, size_t *len);

/* Signature scheme parameters. Start from pkc_sign_params_init(). */
typedef struct {
    pkc_hash_alg hash;  /* digest algorithm (default SHA-256) */
    int pss;            /* RSA: 1 for RSASSA-PSS, 0 for PKCS#1 v1.5 (default) */
    int saltlen;        /* RSA-PSS: >= 0 or PKC_RSA_SALT_HASHLEN (default),
                           PKC_RSA_SALT_MAX (sign), PKC_RSA_SALT_AUTO (verify) */
} pkc_sign_params;
PKC_API void pkc_sign_params_init(pkc_sign_params *p);

/* The largest signature this key can produce (bytes). */
PKC_API size_t pkc_key_signature_size(const pkc_key *key);
/* Signs a digest of params->hash (digestlen = hash size). RSA: the raw
 * k-byte signature; EC: DER ECDSA-Sig-Value. */
PKC_API pkc_err pkc_key_sign_digest(const pkc_key *key, pkc_rng *rng, const pkc_sign_params *params,
                                    const uint8_t *digest, size_t digestlen, uint8_t *sig,
                                    size_t cap, size_t *siglen);
/* PKC_OK or PKC_ERR_VERIFY; for RSA also PKC_ERR_DECODE (a signature of
 * the wrong length) and PKC_ERR_RANGE (a value >= n), see rsa.h. A private
 * key verifies with its public half. */
PKC_API pkc_err pkc_key_verify_digest(const pkc_key *key, const pkc_sign_params *params,
                                      const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                                      size_t siglen);

/* RSA-OAEP (params may be NULL: SHA-256); other key types: PKC_ERR_UNSUPPORTED.
 * encrypt: cap >= pkc_key_signature_size(); decrypt: cap >= the same. */
PKC_API pkc_err pkc_key_encrypt(const pkc_key *key, pkc_rng *rng, const pkc_rsa_oaep_params *params,
                                const uint8_t *msg, size_t msglen, uint8_t *out, size_t cap,
                                size_t *outlen);
PKC_API pkc_err pkc_key_decrypt(const pkc_key *key, pkc_rng *rng, const pkc_rsa_oaep_params *params,
                                const uint8_t *ct, size_t ctlen, uint8_t *out, size_t cap,
                                size_t *outlen);

#ifdef __cplusplus
}
#endif
#endif
