/* pkc — a generic key: RSA or elliptic-curve, read from PEM or DER in any of
 * the usual containers (PKCS#1, PKCS#8, SubjectPublicKeyInfo, SEC 1), the
 * container detected from the content; written as PKCS#8 PEM (private) or
 * SubjectPublicKeyInfo PEM (public); and sign / verify / encrypt / decrypt
 * dispatched on the key type, so that callers (the pkc command) need not
 * care which kind of key they hold.
 *
 * Key files: a text is PEM when one of its lines starts with "-----BEGIN "
 * (pkc_pem_detect); text around the block is ignored, and "EC PARAMETERS"
 * blocks before the key (what `openssl ecparam -genkey` writes) are skipped.
 * The labels read are "PRIVATE KEY", "PUBLIC KEY", "RSA PRIVATE KEY",
 * "RSA PUBLIC KEY", "EC PRIVATE KEY" (each must match its content) and
 * "ENCRYPTED PRIVATE KEY" (refused, see below).
 *
 * Error codes of the parsers, the same for every key type (and for the
 * type-specific decoders of rsa.h and ec.h):
 *   PKC_ERR_DECODE       malformed or truncated PEM/DER, trailing bytes, a
 *                        PEM label that is not a key's ("CERTIFICATE") or
 *                        does not match the content, a text with only
 *                        "EC PARAMETERS"
 *   PKC_ERR_UNSUPPORTED  a well-formed key pkc does not implement: another
 *                        algorithm (DSA, DH, an unknown OID), RSA keys restricted to PSS or
 *                        OAEP, multi-prime RSA, EC keys with explicit
 *                        parameters or an unknown curve, encrypted keys
 *                        (PKCS#8 EncryptedPrivateKeyInfo, or OpenSSL's
 *                        "Proc-Type: 4,ENCRYPTED" PEM)
 *   PKC_ERR_KEY          well-formed but invalid values (d out of range,
 *                        inconsistent RSA components, a stored public key
 *                        that is not d*G); and in the type-specific decoders,
 *                        a key of another type, or a public key where a
 *                        private one was asked (and the reverse)
 *   PKC_ERR_POINT        an EC or Ed25519/Ed448 public key that is not a
 *                        valid point
 * pkc_key_parse_info says which algorithm and container it found, so that a
 * caller can explain the error ("DSA keys are not supported").
 */
#ifndef PKC_KEY_H
#define PKC_KEY_H

#include "pkc/common.h"
#include "pkc/curve25519.h"
#include "pkc/curve448.h"
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
    PKC_KEY_EC = 2,
    PKC_KEY_X25519 = 3,   /* RFC 7748 (include/pkc/curve25519.h) */
    PKC_KEY_ED25519 = 4,  /* RFC 8032 */
    PKC_KEY_X448 = 5,     /* include/pkc/curve448.h */
    PKC_KEY_ED448 = 6
} pkc_key_type;

typedef struct pkc_key pkc_key;

/* Reads one key (private or public) from PEM text or DER bytes. */
PKC_API pkc_err pkc_key_parse(const uint8_t *data, size_t len, pkc_key **out);

/* What a key file holds, as far as the parser got: filled by
 * pkc_key_parse_info on success and on error. Strings are static. */
typedef struct {
    /* The key's algorithm, for people: "RSA", "EC", "Ed25519", "X25519",
     * "Ed448", "X448", "DSA", "DH", "RSASSA-PSS", "RSAES-OAEP",
     * "ECDH (id-ecDH)", ...; "unknown" for an OID pkc does not know (oid
     * holds it); NULL when not known (not a key, or an encrypted PKCS#8
     * key, which hides it). */
    const char *algorithm;
    /* The container: "PKCS#8", "SubjectPublicKeyInfo", "PKCS#1
     * RSAPrivateKey", "PKCS#1 RSAPublicKey", "SEC 1 ECPrivateKey", "PKCS#8
     * EncryptedPrivateKeyInfo", "traditional PEM private key" (a label
     * such as "DSA PRIVATE KEY"), "PEM domain parameters"; NULL if not
     * recognised. */
    const char *format;
    /* Encrypted keys: the scheme ("PBES2", "PBES1", "PKCS#12 PBE",
     * "unknown", "PEM encryption (RFC 1421)"); NULL for a key in clear. */
    const char *encryption;
    int is_private;  /* the container holds a private key */
    char oid[64];    /* the AlgorithmIdentifier's OID, dotted ("" if none) */
} pkc_key_info;

/* pkc_key_parse that also describes the input (info may be NULL). */
PKC_API pkc_err pkc_key_parse_info(const uint8_t *data, size_t len, pkc_key **out,
                                   pkc_key_info *info);
PKC_API void pkc_key_free(pkc_key *key); /* wipes; NULL is fine */

/* pkc_key_parse_info that also reads password-encrypted PKCS#8 keys
 * ("ENCRYPTED PRIVATE KEY", EncryptedPrivateKeyInfo with PBES2: PBKDF2 with
 * HMAC-SHA-1/2 and AES-128/192/256-CBC, as `openssl pkcs8 -topk8 -v2
 * aes-256-cbc` or `openssl genpkey -aes256` write them), decrypted with
 * pass; a key in clear is read as pkc_key_parse reads it (pass unused).
 * PKC_ERR_DECRYPT for a wrong password; PKC_ERR_UNSUPPORTED for another
 * scheme (PBES1, PKCS#12 PBE, scrypt, DES) or more than 10^7 iterations.
 * info (may be NULL) describes the key inside, and the scheme. */
PKC_API pkc_err pkc_key_parse_password(const uint8_t *data, size_t len, const uint8_t *pass,
                                       size_t passlen, pkc_key **out, pkc_key_info *info);

/* RSA key generation (pkc_rsa_generate): bits 0 means 3072, e 0 means 65537. */
PKC_API pkc_err pkc_key_generate_rsa(pkc_key **out, unsigned bits, uint64_t e, pkc_rng *rng);
/* Wraps an RSA key; the pkc_key owns it afterwards (also on error). */
PKC_API pkc_err pkc_key_from_rsa(pkc_key **out, pkc_rsa_key *rsa);

/* Elliptic-curve key generation (pkc_ec_keygen). */
PKC_API pkc_err pkc_key_generate_ec(pkc_key **out, pkc_curve_id curve, pkc_rng *rng);
/* The EC key inside (NULL if not EC; _private: NULL for a public key). */
PKC_API const pkc_ec_private_key *pkc_key_ec_private(const pkc_key *key);
/* X25519, Ed25519, X448 or Ed448 (type), from rng; PKC_ERR_ARG for another
 * type. Their keys are read and written as RFC 8410 PKCS#8 and
 * SubjectPublicKeyInfo. */
PKC_API pkc_err pkc_key_generate_ecx(pkc_key **out, pkc_key_type type, pkc_rng *rng);
/* Their raw keys (RFC 7748 / RFC 8032 encodings: 32, 56 or 57 bytes, *len
 * set): NULL for other key types, and for the private half of a public
 * key. */
PKC_API const uint8_t *pkc_key_ecx_public(const pkc_key *key, size_t *len);
PKC_API const uint8_t *pkc_key_ecx_private(const pkc_key *key, size_t *len);
/* From raw keys (private: the public half is computed). */
PKC_API pkc_err pkc_key_from_ecx_private(pkc_key **out, pkc_key_type type, const uint8_t *raw,
                                         size_t len);
PKC_API pkc_err pkc_key_from_ecx_public(pkc_key **out, pkc_key_type type, const uint8_t *raw,
                                        size_t len);
PKC_API const pkc_ec_public_key *pkc_key_ec_public(const pkc_key *key);
/* ECDH (SEC 1 ECSVDP-DH): the raw shared secret, field_bytes, what
 * `openssl pkeyutl -derive` writes; X25519/X448 (RFC 7748): 32/56 bytes,
 * PKC_ERR_POINT for an all-zero secret. PKC_ERR_KEY if key is not private
 * or the curves (types) differ, PKC_ERR_UNSUPPORTED for keys that do not
 * agree keys (RSA, Ed25519, Ed448). */
PKC_API pkc_err pkc_key_derive(const pkc_key *key, const pkc_key *peer, uint8_t *out, size_t cap,
                               size_t *outlen);

PKC_API pkc_key_type pkc_key_get_type(const pkc_key *key);
PKC_API int pkc_key_is_private(const pkc_key *key);
PKC_API unsigned pkc_key_bits(const pkc_key *key);   /* modulus or field bits */
/* "RSA", "EC", "X25519", "Ed25519", "X448", "Ed448" */
PKC_API const char *pkc_key_type_name(const pkc_key *key);
/* 1 if the key type signs messages itself (Ed25519, Ed448: RFC 8032 hashes
 * the message twice, so there is no digest to sign). */
PKC_API int pkc_key_signs_messages(const pkc_key *key);
/* The RSA key inside (NULL if not RSA). */
PKC_API const pkc_rsa_key *pkc_key_rsa(const pkc_key *key);

/* PKCS#8 PrivateKeyInfo (PKC_ERR_KEY for a public key) and
 * SubjectPublicKeyInfo, as DER or as PEM ("PRIVATE KEY" / "PUBLIC KEY",
 * NUL-terminated). Free with pkc_secure_free(buf, len). */
PKC_API pkc_err pkc_key_private_to_der(const pkc_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_key_private_to_pem(const pkc_key *key, char **pem, size_t *len);
PKC_API pkc_err pkc_key_public_to_der(const pkc_key *key, uint8_t **der, size_t *len);
PKC_API pkc_err pkc_key_public_to_pem(const pkc_key *key, char **pem, size_t *len);
/* The private key as a password-encrypted PKCS#8 EncryptedPrivateKeyInfo
 * (PEM label "ENCRYPTED PRIVATE KEY"): PBES2 with PBKDF2-HMAC-SHA-256
 * (iterations; 0 means 600,000), a 16-byte salt and an IV from rng, and
 * AES-256-CBC; what `openssl pkcs8 -topk8 -v2 aes-256-cbc -v2prf
 * hmacWithSHA256` writes and `openssl pkey -passin` reads. */
PKC_API pkc_err pkc_key_private_to_der_encrypted(const pkc_key *key, const uint8_t *pass,
                                                 size_t passlen, pkc_rng *rng,
                                                 uint32_t iterations, uint8_t **der,
                                                 size_t *len);
PKC_API pkc_err pkc_key_private_to_pem_encrypted(const pkc_key *key, const uint8_t *pass,
                                                 size_t passlen, pkc_rng *rng,
                                                 uint32_t iterations, char **pem, size_t *len);

/* Signature scheme parameters. Start from pkc_sign_params_init(). */
typedef struct {
    pkc_hash_alg hash;  /* digest algorithm (default SHA-256) */
    int pss;            /* RSA: 1 for RSASSA-PSS, 0 for PKCS#1 v1.5 (default) */
    int saltlen;        /* RSA-PSS: >= 0 or PKC_RSA_SALT_HASHLEN (default),
                           PKC_RSA_SALT_MAX (sign), PKC_RSA_SALT_AUTO (verify) */
    int low_s;          /* ECDSA: 1 to sign with s <= n/2 and to refuse a high s
                           as PKC_ERR_VERIFY (the malleability note in
                           pkc/ec.h); RSA keys: PKC_ERR_UNSUPPORTED */
    const uint8_t *context; /* Ed448: RFC 8032 context (at most 255 bytes); */
    size_t contextlen;      /* Ed25519 and the others: 0 (default) */
} pkc_sign_params;
PKC_API void pkc_sign_params_init(pkc_sign_params *p);

/* The largest signature this key can produce (bytes). */
PKC_API size_t pkc_key_signature_size(const pkc_key *key);
/* Signs a digest of params->hash (digestlen = hash size). RSA: the raw
 * k-byte signature; EC: DER ECDSA-Sig-Value. */
PKC_API pkc_err pkc_key_sign_digest(const pkc_key *key, pkc_rng *rng, const pkc_sign_params *params,
                                    const uint8_t *digest, size_t digestlen, uint8_t *sig,
                                    size_t cap, size_t *siglen);
/* PKC_OK, or PKC_ERR_VERIFY for a well-formed signature that does not
 * verify; a malformed signature (bad DER, wrong length) is PKC_ERR_DECODE,
 * one out of range (r, s not in [1, n-1]; an RSA value >= n) PKC_ERR_RANGE.
 * A private key verifies with its public half. */
PKC_API pkc_err pkc_key_verify_digest(const pkc_key *key, const pkc_sign_params *params,
                                      const uint8_t *digest, size_t digestlen, const uint8_t *sig,
                                      size_t siglen);

/* Signs a message: Ed25519/Ed448 sign it as RFC 8032 says (params->hash
 * unused); RSA and EC keys hash it with params->hash and sign the digest
 * as pkc_key_sign_digest does. A context on another key than Ed448 is
 * PKC_ERR_UNSUPPORTED. */
PKC_API pkc_err pkc_key_sign_message(const pkc_key *key, pkc_rng *rng, const pkc_sign_params *params,
                                     const uint8_t *msg, size_t msglen, uint8_t *sig, size_t cap,
                                     size_t *siglen);
/* Errors as pkc_key_verify_digest; an Ed signature of the wrong length is
 * PKC_ERR_DECODE, a non-canonical one PKC_ERR_VERIFY. */
PKC_API pkc_err pkc_key_verify_message(const pkc_key *key, const pkc_sign_params *params,
                                       const uint8_t *msg, size_t msglen, const uint8_t *sig,
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
