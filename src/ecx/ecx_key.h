/* pkc — X25519, Ed25519, X448 and Ed448 keys for the key-file layer
 * (internal, not installed): the raw keys of include/pkc/curve25519.h and
 * include/pkc/curve448.h in one struct, their RFC 8410 bodies inside the
 * envelopes of src/encoding/pkix.c, and the operations src/key.c dispatches
 * to them.
 *
 * RFC 8410: the PKCS#8 privateKey octets are CurvePrivateKey ::= OCTET
 * STRING (the raw 32/56/57-byte private key, section 7); the SPKI
 * subjectPublicKey bits are the raw public key (section 4); the
 * AlgorithmIdentifier has no parameters (section 3).
 */
#ifndef PKC_ECX_KEY_H
#define PKC_ECX_KEY_H

#include "encoding/pkix.h"
#include "pkc/curve25519.h"
#include "pkc/curve448.h"

typedef enum {
    PKC_ECX_NONE = 0,
    PKC_ECX_X25519,
    PKC_ECX_ED25519,
    PKC_ECX_X448,
    PKC_ECX_ED448
} pkc_ecx_alg;

typedef struct {
    pkc_ecx_alg alg;
    int priv; /* 1: the private half is set */
    union {
        struct {
            uint8_t priv[PKC_X448_SIZE];
            uint8_t pub[PKC_X448_SIZE];
        } x; /* X25519 (first 32 bytes) and X448 */
        pkc_ed25519_key ed25519;
        pkc_ed448_key ed448;
    } u;
} pkc_ecx_key;

/* The size of the raw private and public keys (equal for every one of the
 * four); 0 for PKC_ECX_NONE. */
size_t pkc_ecx_key_size(pkc_ecx_alg alg);
/* The security level in bits (RFC 7748 section 1: about 128 and 224). */
unsigned pkc_ecx_security_bits(pkc_ecx_alg alg);
/* The bits of the field (255 or 448). */
unsigned pkc_ecx_field_bits(pkc_ecx_alg alg);
/* "X25519", "Ed25519", "X448", "Ed448" */
const char *pkc_ecx_name(pkc_ecx_alg alg);
pkc_ecx_alg pkc_ecx_from_pkix_alg(pkc_pkix_alg alg);
/* 1 for the signature algorithms (Ed25519, Ed448). */
int pkc_ecx_is_signature(pkc_ecx_alg alg);

pkc_err pkc_ecx_key_generate(pkc_ecx_key *k, pkc_ecx_alg alg, pkc_rng *rng);
/* From the raw private key (len = pkc_ecx_key_size); the public half is
 * computed. */
pkc_err pkc_ecx_key_from_private(pkc_ecx_key *k, pkc_ecx_alg alg, const uint8_t *raw, size_t len);
/* From the raw public key; Ed keys must decode (PKC_ERR_POINT otherwise). */
pkc_err pkc_ecx_key_from_public(pkc_ecx_key *k, pkc_ecx_alg alg, const uint8_t *raw, size_t len);
const uint8_t *pkc_ecx_public_bytes(const pkc_ecx_key *k);
const uint8_t *pkc_ecx_private_bytes(const pkc_ecx_key *k); /* NULL for a public key */
void pkc_ecx_key_wipe(pkc_ecx_key *k);

/* A key file read by pkc_pkix_read (PKCS#8 or SubjectPublicKeyInfo). */
pkc_err pkc_ecx_key_from_pkix(const pkc_pkix_key *pk, pkc_ecx_key *k);
/* DER, malloc'd (free with pkc_secure_free). */
pkc_err pkc_ecx_private_to_pkcs8(const pkc_ecx_key *k, uint8_t **der, size_t *len);
pkc_err pkc_ecx_public_to_spki(const pkc_ecx_key *k, uint8_t **der, size_t *len);

/* Ed25519/Ed448 of a message (ctx: Ed448's context, ctxlen 0 for none;
 * Ed25519 takes none). */
size_t pkc_ecx_signature_size(pkc_ecx_alg alg);
pkc_err pkc_ecx_sign(const pkc_ecx_key *k, const uint8_t *ctx, size_t ctxlen, const uint8_t *msg,
                     size_t len, uint8_t *sig, size_t cap, size_t *siglen);
pkc_err pkc_ecx_verify(const pkc_ecx_key *k, const uint8_t *ctx, size_t ctxlen,
                       const uint8_t *msg, size_t len, const uint8_t *sig, size_t siglen);
/* X25519/X448 with the peer's public key (same algorithm). */
pkc_err pkc_ecx_derive(const pkc_ecx_key *k, const pkc_ecx_key *peer, uint8_t *out, size_t cap,
                       size_t *outlen);

#endif
