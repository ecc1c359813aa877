/* pkc bench — the provider interface: every library measured, pkc included,
 * is one adapter (bench/prov_<library>.c) that implements these operations
 * on its own key objects. What is timed, how keys and inputs are pooled and
 * rotated, and how each result is checked before it is timed, is written
 * once, in bench/case_*.c, for every provider alike.
 *
 * Keys cross this interface as opaque handles the adapter allocates: it
 * imports them from the engine's key pools (bench/pool.h) outside the timed
 * region — parsing, validation and whatever precomputation the library does
 * when a key is loaded — and the timed loop only calls the operation.
 * Every function returns 0 on success and -1 on failure unless it says
 * otherwise; verify functions return 1 (valid), 0 (invalid) or -1 (error).
 * Byte strings are big-endian.
 */
#ifndef PKC_BENCH_PROVIDER_H
#define PKC_BENCH_PROVIDER_H

#include <stddef.h>
#include <stdint.h>

#include "names.h"

#define BENCH_MAX_SIG 2048   /* RSA-16384 */

/* An RSA private key in all its components (what every library imports),
 * and its PKCS#1 RSAPrivateKey DER for those that import only that. */
typedef struct {
    const uint8_t *n, *e, *d, *p, *q, *dp, *dq, *qinv;
    size_t nlen, elen, dlen, plen, qlen, dplen, dqlen, qinvlen;
    const uint8_t *pkcs1;
    size_t pkcs1len;
    unsigned bits;
} bench_rsa_material;

/* An elliptic-curve key: d (order_bytes; NULL for a public key) and its
 * public point Q = 04 || X || Y. */
typedef struct {
    pkc_curve_id curve;
    const uint8_t *d;
    size_t dlen;
    const uint8_t *q;
    size_t qlen;
} bench_ec_material;

/* An X25519, Ed25519, X448 or Ed448 key (alg BENCH_XDH or BENCH_EDDSA,
 * bits BENCH_ECX_25519 or BENCH_ECX_448): the raw RFC 7748 / RFC 8032
 * private key (NULL for a public key) and public key, len bytes each. */
typedef struct {
    bench_alg alg;
    unsigned bits;
    const uint8_t *priv;
    const uint8_t *pub;
    size_t len;
} bench_ecx_material;

/* How key generation draws its randomness: pkc's generator takes a fixed
 * seed (reproducible runs) or the OS; the peers always use their own. */
typedef struct {
    int fixed;
    uint64_t seed;
} bench_seed;

#define BENCH_LAB_JACOBIAN 1
#define BENCH_LAB_AFFINE 2
/* or'ed in by the cached variants: point_add and point_double from a memo
 * of results (the ECUtils study's "cache on"), scalar_mul through the
 * cache of public points (bench/case_lab.c) */
#define BENCH_LAB_CACHED 4

typedef struct bench_provider {
    const char *name;     /* "openssl" */
    const char *library;  /* what it measures: "OpenSSL libcrypto (EVP)" */
    const char *(*version)(void);
    /* A labelled variant of another provider (e.g. "wolfssl-cached" runs
     * wolfssl with one repeated key, so the library's per-key cache is on):
     * NULL, or the variant's meaning, shown in --list and the JSON. */
    const char *variant;
    /* Cases of this provider use a pool of exactly this many keys (1: a
     * repeated key); 0 means the run's --key-pool. */
    unsigned pool_size;
    /* pkc only: the arithmetic layer cases (src/ec/lab.h) in Jacobian
     * (BENCH_LAB_JACOBIAN) or affine (BENCH_LAB_AFFINE) coordinates, with
     * BENCH_LAB_CACHED for the cached variants; 0 for a provider that has
     * none. */
    int lab;

    /* ---- capabilities: 1 if the provider can do it (a case it cannot do
     * is absent from the run, never faked) ---- */
    int (*rsa_supports)(unsigned bits, bench_op op);
    int (*ec_supports)(pkc_curve_id curve, bench_op op);
    int (*hash_supports)(void);

    /* ---- key generation: the randomness a provider's generator draws
     * from. pkc's adapter makes a DRBG from the seed; peers, whose key
     * generation always uses their own generator, may leave these NULL
     * (the generate functions then get gen = NULL). ---- */
    void *(*keygen_new)(const bench_seed *seed);
    void (*keygen_free)(void *gen);

    /* ---- RSA (e = 65537; PKCS#1 v1.5 and PSS with SHA-256 and a 32-byte
     * salt; OAEP with SHA-256 and MGF1-SHA-256; raw = no padding) ---- */
    void *(*rsa_generate)(void *gen, unsigned bits);
    void *(*rsa_import)(const bench_rsa_material *m);
    void (*rsa_free)(void *key);
    /* optional: the modulus of a key, for key fingerprints (NULL if absent) */
    int (*rsa_modulus)(void *key, uint8_t *out, size_t cap, size_t *len);
    /* sign/verify hash msg with SHA-256 inside (it is part of the cost) */
    int (*rsa_sign)(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                    size_t *siglen);
    int (*rsa_verify)(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                      size_t siglen);
    int (*rsa_encrypt)(void *key, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen);
    int (*rsa_decrypt)(void *key, const uint8_t *in, size_t inlen, uint8_t *out, size_t *outlen);
    /* k = modulus bytes in and out */
    int (*rsa_private)(void *key, const uint8_t *in, uint8_t *out);
    int (*rsa_public)(void *key, const uint8_t *in, uint8_t *out);

    /* ---- elliptic curves ---- */
    void *(*ec_generate)(void *gen, pkc_curve_id curve);
    void *(*ec_import)(const bench_ec_material *m);
    void (*ec_free)(void *key);
    /* ECDSA with SHA-256 of msg inside; the signature in the library's own
     * encoding (only its own verify reads it) */
    int (*ec_sign)(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen);
    int (*ec_verify)(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t siglen);
    /* ECDH (SEC 1 ECSVDP-DH): the x-coordinate of d*Q, field_bytes */
    int (*ec_derive)(void *key, void *peer, uint8_t *out, size_t *outlen);

    /* ---- X25519/X448 and Ed25519/Ed448 (bench/case_ecx.c): alg
     * BENCH_XDH or BENCH_EDDSA, bits BENCH_ECX_25519 or BENCH_ECX_448.
     * Signatures are RFC 8032's (64 or 114 bytes: every library's are the
     * same bytes), pure Ed25519 and Ed448 with an empty context; derive
     * writes the 32- or 56-byte shared secret. ---- */
    int (*ecx_supports)(bench_alg alg, unsigned bits, bench_op op);
    void *(*ecx_generate)(void *gen, bench_alg alg, unsigned bits);
    void *(*ecx_import)(const bench_ecx_material *m);
    void (*ecx_free)(void *key);
    int (*ecx_sign)(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen);
    int (*ecx_verify)(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                      size_t siglen);
    int (*ecx_derive)(void *key, void *peer, uint8_t *out, size_t *outlen);

    /* ---- AES (bench/case_sym.c): mode BENCH_AES_ECB/CBC/CTR/GCM, a key of
     * bits/8 bytes. ECB and CBC pad with PKCS#7 (the adapter pads when its
     * library does not: the padding is part of the mode's cost), CTR is the
     * 128-bit big-endian counter of SP 800-38A, GCM takes a 12-byte IV and
     * writes its 16-byte tag after the ciphertext. iv: 16 bytes (GCM: the
     * first 12; ECB: unused). The context holds the expanded key, made
     * outside the timed region. encrypt: out gets the padded length (ECB,
     * CBC), len (CTR) or len + 16 (GCM); decrypt the reverse, failing (-1) on
     * bad padding or a tag that does not match. ---- */
    int (*aes_supports)(bench_alg mode, unsigned bits);
    void *(*aes_new)(bench_alg mode, const uint8_t *key, unsigned bits);
    void (*aes_free)(void *ctx);
    int (*aes_encrypt)(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                       size_t *outlen);
    int (*aes_decrypt)(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                       size_t *outlen);

    /* ---- public-key encryption of messages (bench/case_pke.c): ECIES with
     * AES-256-GCM (pkc/ecies.h's format) on an ec_import key, hybrid RSA
     * (pkc/rsa_hybrid.h's) on an rsa_import key; out has room for len +
     * the format's overhead. Providers without them leave them NULL. ---- */
    int (*ecies_encrypt)(void *key, const uint8_t *msg, size_t len, uint8_t *out,
                         size_t *outlen);
    int (*ecies_decrypt)(void *key, const uint8_t *in, size_t len, uint8_t *out, size_t *outlen);
    int (*hybrid_encrypt)(void *key, const uint8_t *msg, size_t len, uint8_t *out,
                          size_t *outlen);
    int (*hybrid_decrypt)(void *key, const uint8_t *in, size_t len, uint8_t *out,
                          size_t *outlen);

    /* ---- SHA-256 (a per-case context the adapter may keep) ---- */
    void *(*hash_new)(void);
    int (*sha256)(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32]);
    void (*hash_free)(void *ctx);
} bench_provider;

/* aes_supports of a provider that has every mode with every AES key size
 * (128, 192, 256 bits) */
int bench_aes_every_mode(bench_alg mode, unsigned bits);

/* Every provider compiled into this binary, pkc's first. */
extern const bench_provider *const bench_providers[];
extern const size_t bench_nproviders;
const bench_provider *bench_provider_find(const char *name);
/* Accepts "secp256k1" for "libsecp256k1", "libgcrypt" for "gcrypt", ... */
const char *bench_provider_canonical(const char *name);

#endif
