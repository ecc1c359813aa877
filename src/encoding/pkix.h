/* pkc — key-file envelopes (internal, not installed): the one module that
 * knows PEM labels, the containers keys come in, and the algorithm
 * identifiers inside them. The key bodies belong to their algorithms
 * (src/rsa/rsa_key.c: RFC 8017 A.1; src/ec/ec_keyfile.c: RFC 5915,
 * RFC 5480); the generic key layer (src/key.c) dispatches on what this
 * module found.
 *
 * Containers, told apart by their shape (DER, once any PEM armour is off):
 *   SEQUENCE { SEQUENCE algid, BIT STRING }             SubjectPublicKeyInfo
 *   SEQUENCE { SEQUENCE algid, OCTET STRING }           EncryptedPrivateKeyInfo
 *   SEQUENCE { INTEGER 0|1, SEQUENCE algid, OCTET STRING, ... }  PKCS#8
 *   SEQUENCE { INTEGER, OCTET STRING, ... }             SEC 1 ECPrivateKey
 *   SEQUENCE { INTEGER 0|1, INTEGER, ... }              PKCS#1 RSAPrivateKey
 *   SEQUENCE { INTEGER n, INTEGER e }                   PKCS#1 RSAPublicKey
 * (an RSAPrivateKey starts with its version, an RSAPublicKey with the
 * modulus, which is never 0 or 1).
 *
 * Error codes, the same for every key type (include/pkc/key.h):
 *   PKC_ERR_DECODE       malformed DER or PEM, an unknown container or PEM
 *                        label, a label that does not match the content
 *   PKC_ERR_UNSUPPORTED  encrypted keys (pkc_pkix_read says so itself), and
 *                        algorithms pkc does not implement (the callers)
 *   PKC_ERR_KEY          a decoder for one key type given a key of another
 *                        type, or a public key where a private one was asked
 *                        (pkc_pkix_expect), or the reverse
 *
 * Timing: the reader walks private keys; it branches only on their public
 * structure (src/encoding/der_read.c, der_oid.c and pem.c declassify it).
 */
#ifndef PKC_PKIX_H
#define PKC_PKIX_H

#include "pkc/der.h"

/* ---- algorithms: the OID table ---- */

typedef enum {
    PKC_PKIX_ALG_UNKNOWN = 0,
    PKC_PKIX_ALG_RSA,        /* rsaEncryption */
    PKC_PKIX_ALG_RSASSA_PSS, /* RSA keys restricted to PSS */
    PKC_PKIX_ALG_RSAES_OAEP, /* RSA keys restricted to OAEP */
    PKC_PKIX_ALG_EC,         /* id-ecPublicKey */
    PKC_PKIX_ALG_ECDH,       /* EC keys restricted to ECDH */
    PKC_PKIX_ALG_ECMQV,      /* EC keys restricted to ECMQV */
    PKC_PKIX_ALG_DSA,
    PKC_PKIX_ALG_DH,
    PKC_PKIX_ALG_X25519,
    PKC_PKIX_ALG_X448,
    PKC_PKIX_ALG_ED25519,
    PKC_PKIX_ALG_ED448,
    PKC_PKIX_ALG_PBES2,      /* password-based encryption of PKCS#8 keys */
    PKC_PKIX_ALG_PBES1,
    PKC_PKIX_ALG_PKCS12_PBE
} pkc_pkix_alg;

/* What follows the OID in an AlgorithmIdentifier pkc writes. */
typedef enum {
    PKC_PKIX_PARAMS_ABSENT = 0,
    PKC_PKIX_PARAMS_NULL, /* NULL */
    PKC_PKIX_PARAMS_OID   /* an OBJECT IDENTIFIER given by the caller (a named curve) */
} pkc_pkix_params;

typedef struct {
    pkc_pkix_alg alg;
    pkc_pkix_alg family; /* the key type it belongs to: itself, or RSA for RSASSA-PSS... */
    const char *oid;     /* dotted */
    const char *name;    /* for people: "Ed25519", "RSASSA-PSS", ... */
    pkc_pkix_params params;
} pkc_pkix_alg_info;

/* The table entry of an OID (content bytes), NULL if pkc does not know it. */
const pkc_pkix_alg_info *pkc_pkix_alg_from_oid(const uint8_t *oid, size_t oidlen);
/* The (first) table entry of an algorithm, NULL for PKC_PKIX_ALG_UNKNOWN. */
const pkc_pkix_alg_info *pkc_pkix_alg_get(pkc_pkix_alg alg);
/* Every table entry, for tests: *count gets the number of entries. */
const pkc_pkix_alg_info *pkc_pkix_alg_table(size_t *count);

/* ---- containers ---- */

typedef enum {
    PKC_PKIX_UNKNOWN = 0,
    PKC_PKIX_SPKI,          /* SubjectPublicKeyInfo, RFC 5280 section 4.1 */
    PKC_PKIX_PKCS8,         /* PrivateKeyInfo / OneAsymmetricKey, RFC 5208 5, RFC 5958 2 */
    PKC_PKIX_ENCRYPTED,     /* EncryptedPrivateKeyInfo, RFC 5958 section 3 */
    PKC_PKIX_SEC1,          /* ECPrivateKey, RFC 5915 section 3 */
    PKC_PKIX_RSA_PRIVATE,   /* RSAPrivateKey, RFC 8017 A.1.2 */
    PKC_PKIX_RSA_PUBLIC,    /* RSAPublicKey, RFC 8017 A.1.1 */
    /* PEM labels of other algorithms, known by the label alone: */
    PKC_PKIX_LEGACY_KEY,    /* a traditional private key ("DSA PRIVATE KEY") */
    PKC_PKIX_PARAMETERS     /* domain parameters ("DSA PARAMETERS", "DH PARAMETERS") */
} pkc_pkix_container;

/* "PKCS#8", "SubjectPublicKeyInfo", ...; NULL for PKC_PKIX_UNKNOWN. */
const char *pkc_pkix_container_name(pkc_pkix_container c);
/* The PEM label of a container ("PRIVATE KEY", ...), NULL if none. */
const char *pkc_pkix_pem_label(pkc_pkix_container c);
/* 1 for the containers of private keys. */
int pkc_pkix_container_is_private(pkc_pkix_container c);

/* ---- reading ---- */

/* A key file, parsed as far as its envelope. Views point into the input
 * (or into der, the block decoded from PEM input, which the struct owns). */
typedef struct {
    pkc_pkix_container container;
    /* The key's algorithm: from the AlgorithmIdentifier (SPKI, PKCS#8), the
     * container (SEC 1, PKCS#1) or the PEM label; NULL if unknown. */
    const pkc_pkix_alg_info *alg;
    /* The AlgorithmIdentifier's OID (SPKI, PKCS#8, EncryptedPrivateKeyInfo:
     * the encryption scheme), NULL for the other containers. */
    const uint8_t *oid;
    size_t oidlen;
    /* Its parameters: one element, or empty when absent. */
    pkc_der params;
    /* The key's own encoding: the PKCS#8 privateKey octets, the SPKI
     * subjectPublicKey bits, the whole DER for SEC 1 and PKCS#1. */
    pkc_der body;
    /* Encrypted keys: EncryptedPrivateKeyInfo, or RFC 1421 headers in a PEM
     * block; encryption is the scheme's entry when known. */
    int encrypted;
    const pkc_pkix_alg_info *encryption;
    uint8_t *der;
    size_t derlen;
} pkc_pkix_key;

/* DER of one of the containers above, no trailing bytes. k is filled as far
 * as the walk got, also on error (for pkc_key_parse_info). PKC_ERR_DECODE
 * for anything malformed; PKC_ERR_UNSUPPORTED for an
 * EncryptedPrivateKeyInfo. An algorithm pkc does not implement is not an
 * error here: the caller decides (k->alg). */
pkc_err pkc_pkix_read_der(const uint8_t *der, size_t len, pkc_pkix_key *k);
/* PEM (pkc_pem_detect) or DER. PEM: the first block, after any "EC
 * PARAMETERS" blocks (`openssl ecparam -genkey` writes one before the key);
 * its label must be a key's and agree with the content (PKC_ERR_DECODE);
 * encrypted blocks are PKC_ERR_UNSUPPORTED. The labels of other algorithms
 * (PKC_PKIX_LEGACY_KEY, PKC_PKIX_PARAMETERS) give k->alg and no body. The
 * Base64 is decoded once and the DER walked once. */
pkc_err pkc_pkix_read(const uint8_t *data, size_t len, pkc_pkix_key *k);
/* Wipes and frees what k owns. */
void pkc_pkix_key_clear(pkc_pkix_key *k);

/* The verdict for a decoder of one key type (family: PKC_PKIX_ALG_RSA or
 * PKC_PKIX_ALG_EC) that wants a private (want_private) or public key, in
 * this order: PKC_ERR_KEY for a key of another type (known or not), then
 * for one of the other kind; PKC_ERR_UNSUPPORTED for a restricted variant
 * of the type (RSASSA-PSS, id-ecDH); PKC_OK otherwise. */
pkc_err pkc_pkix_expect(const pkc_pkix_key *k, pkc_pkix_alg family, int want_private);

/* ---- writing ---- */

/* Writes a key's own encoding into w (the body of the envelope). */
typedef void (*pkc_pkix_body_fn)(pkc_der_writer *w, const void *ctx);

/* PrivateKeyInfo v1 (RFC 5208 section 5): SEQUENCE { INTEGER 0,
 * AlgorithmIdentifier, OCTET STRING { body } }; the body is written in
 * place, never copied. param_oid: the parameters of an algorithm whose
 * parameters are an OID (the named curve of id-ecPublicKey), else NULL.
 * DER is malloc'd; free with pkc_secure_free. */
pkc_err pkc_pkix_write_pkcs8(pkc_pkix_alg alg, const char *param_oid, pkc_pkix_body_fn body,
                             const void *ctx, uint8_t **der, size_t *len);
/* SubjectPublicKeyInfo (RFC 5280 section 4.1): SEQUENCE {
 * AlgorithmIdentifier, BIT STRING { body } }. */
pkc_err pkc_pkix_write_spki(pkc_pkix_alg alg, const char *param_oid, pkc_pkix_body_fn body,
                            const void *ctx, uint8_t **der, size_t *len);
/* PEM of a DER encoding under its container's label; takes der (wipes and
 * frees it, also on error) unless err is set, which it returns as is. */
pkc_err pkc_pkix_pem(pkc_err err, pkc_pkix_container c, uint8_t *der, size_t derlen, char **pem,
                     size_t *pemlen);

#endif
