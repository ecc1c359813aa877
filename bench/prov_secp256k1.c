/* pkc bench — provider "libsecp256k1": Bitcoin Core's library, secp256k1
 * only (no RSA, no other curve, no SHA-256).
 *
 *   import   secp256k1_ec_seckey_verify of d, secp256k1_ec_pubkey_parse of
 *            Q, and secp256k1_ec_pubkey_create(d) compared with Q
 *   keygen   32 bytes from getrandom until secp256k1_ec_seckey_verify
 *            accepts them, then secp256k1_ec_pubkey_create (the library has
 *            no random generator of its own)
 *   sign     SHA-256 of the message, secp256k1_ecdsa_sign (RFC 6979 nonce),
 *            secp256k1_ecdsa_signature_serialize_der
 *   verify   SHA-256, secp256k1_ecdsa_signature_parse_der,
 *            secp256k1_ecdsa_verify (lower-S signatures only, the library's
 *            rule against malleability; its own signatures are lower-S)
 *   derive   secp256k1_ecdh on the peer's parsed key with a hash function
 *            that returns x (the SEC 1 shared secret, comparable with every
 *            other provider)
 *
 * One context for the process (secp256k1_context_create, randomised once
 * for the side-channel blinding of signing and key generation): the
 * library's contexts are read-only after that, so every worker thread
 * shares it. libsecp256k1 has no public SHA-256, so the message is hashed
 * with pkc's (the same function and cost as in the pkc provider).
 */
#include <pthread.h>
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "pkc/hash.h"
#include "provider.h"

#ifndef PKC_SECP256K1_VERSION
#define PKC_SECP256K1_VERSION "unknown"
#endif

typedef struct {
    unsigned char seckey[32];
    int has_priv;
    secp256k1_pubkey pub;
} k1_key;

static secp256k1_context *k1_shared;
static pthread_once_t k1_once = PTHREAD_ONCE_INIT;

static void k1_init(void)
{
    unsigned char seed[32];
    secp256k1_context *c = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    if (c && getrandom(seed, sizeof seed, 0) == (ssize_t)sizeof seed &&
        secp256k1_context_randomize(c, seed))
        k1_shared = c;
    else if (c)
        secp256k1_context_destroy(c);
    pkc_memzero(seed, sizeof seed);
}

/* The process-wide context (it lives until the process ends), or NULL. */
static const secp256k1_context *k1_ctx(void)
{
    pthread_once(&k1_once, k1_init);
    return k1_shared;
}

static const char *k1_version(void)
{
    return "libsecp256k1 " PKC_SECP256K1_VERSION " (Debian libsecp256k1-dev)";
}

static int k1_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    return curve == PKC_CURVE_SECP256K1 && k1_ctx() != NULL;
}

static void k1_free(void *key)
{
    k1_key *h = key;
    if (!h)
        return;
    pkc_memzero(h, sizeof *h);
    free(h);
}

/* Takes d (32 bytes) as h's private key if it is in [1, n-1], with its
 * public key d*G; 0 if it is not. */
static int k1_set_secret(const secp256k1_context *ctx, k1_key *h, const unsigned char d[32])
{
    memcpy(h->seckey, d, sizeof h->seckey);
    h->has_priv = secp256k1_ec_seckey_verify(ctx, h->seckey) &&
                  secp256k1_ec_pubkey_create(ctx, &h->pub, h->seckey);
    return h->has_priv;
}

static void *k1_generate(void *gen, pkc_curve_id curve)
{
    (void)gen;
    const secp256k1_context *ctx = k1_ctx();
    k1_key *h = calloc(1, sizeof *h);
    unsigned char d[32];
    if (!h || !ctx || curve != PKC_CURVE_SECP256K1)
        goto fail;
    /* a 32-byte string is out of range with probability about 2^-128 */
    for (int tries = 0; tries < 8; tries++) {
        if (getrandom(d, sizeof d, 0) != (ssize_t)sizeof d)
            goto fail;
        if (k1_set_secret(ctx, h, d)) {
            pkc_memzero(d, sizeof d);
            return h;
        }
    }
fail:
    pkc_memzero(d, sizeof d);
    k1_free(h);
    return NULL;
}

static void *k1_import(const bench_ec_material *m)
{
    const secp256k1_context *ctx = k1_ctx();
    k1_key *h = calloc(1, sizeof *h);
    secp256k1_pubkey given;
    if (!h || !ctx || m->curve != PKC_CURVE_SECP256K1 ||
        !secp256k1_ec_pubkey_parse(ctx, &given, m->q, m->qlen))
        goto fail;
    h->pub = given;
    /* d must be in range and d*G the given point */
    if (m->d && (m->dlen != sizeof h->seckey || !k1_set_secret(ctx, h, m->d) ||
                 secp256k1_ec_pubkey_cmp(ctx, &given, &h->pub) != 0))
        goto fail;
    return h;
fail:
    k1_free(h);
    return NULL;
}

static int k1_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    k1_key *h = key;
    const secp256k1_context *ctx = k1_ctx();
    unsigned char dg[32];
    secp256k1_ecdsa_signature s;
    if (!h->has_priv || pkc_hash(PKC_HASH_SHA256, msg, len, dg) != PKC_OK ||
        !secp256k1_ecdsa_sign(ctx, &s, dg, h->seckey, NULL, NULL))
        return -1;
    return secp256k1_ecdsa_signature_serialize_der(ctx, sig, siglen, &s) ? 0 : -1;
}

static int k1_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t siglen)
{
    k1_key *h = key;
    const secp256k1_context *ctx = k1_ctx();
    unsigned char dg[32];
    secp256k1_ecdsa_signature s;
    if (pkc_hash(PKC_HASH_SHA256, msg, len, dg) != PKC_OK)
        return -1;
    /* a signature that does not parse is not a valid one */
    if (!secp256k1_ecdsa_signature_parse_der(ctx, &s, sig, siglen))
        return 0;
    return secp256k1_ecdsa_verify(ctx, &s, dg, &h->pub);
}

/* secp256k1_ecdh's hash function: the SEC 1 shared secret is x itself */
static int x_only(unsigned char *output, const unsigned char *x32, const unsigned char *y32,
                  void *data)
{
    (void)y32;
    (void)data;
    memcpy(output, x32, 32);
    return 1;
}

static int k1_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    k1_key *h = key, *q = peer;
    if (!h->has_priv || *outlen < 32 ||
        !secp256k1_ecdh(k1_ctx(), out, &q->pub, h->seckey, x_only, NULL))
        return -1;
    *outlen = 32;
    return 0;
}

const bench_provider bench_prov_secp256k1 = {
    .name = "libsecp256k1",
    .library = "libsecp256k1 (secp256k1 only)",
    .version = k1_version,
    .ec_supports = k1_supports,
    .ec_generate = k1_generate,
    .ec_import = k1_import,
    .ec_free = k1_free,
    .ec_sign = k1_sign,
    .ec_verify = k1_verify,
    .ec_derive = k1_derive,
};
