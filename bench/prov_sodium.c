/* pkc bench — provider "libsodium": X25519 and Ed25519 only (libsodium has
 * neither X448/Ed448 nor the SEC curves, RSA or an AES without AES-NI
 * restrictions, none of which is measured here).
 *
 *   import   Ed25519: crypto_sign_seed_keypair(seed), its public key
 *            compared with the pool's; public keys as given (verification
 *            decodes them). X25519: the private key as given, its public
 *            key crypto_scalarmult_base, compared with the pool's
 *   keygen   crypto_sign_keypair; X25519: randombytes_buf, then
 *            crypto_scalarmult_base (libsodium's crypto_box_keypair does
 *            the same plus a hash)
 *   sign     crypto_sign_detached (pure Ed25519, RFC 8032)
 *   verify   crypto_sign_verify_detached
 *   derive   crypto_scalarmult (RFC 7748 X25519; an all-zero result fails)
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"

typedef struct {
    int has_priv;
    unsigned char sk[crypto_sign_SECRETKEYBYTES]; /* Ed25519: seed || pk; X25519: 32 bytes */
    unsigned char pk[32];
} na_key;

static const char *na_version(void)
{
    return sodium_version_string();
}

static int na_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    /* sodium_init once (it is idempotent and thread-safe) */
    return bits == BENCH_ECX_25519 && (alg == BENCH_XDH || alg == BENCH_EDDSA) &&
           sodium_init() >= 0;
}

static void na_free(void *key)
{
    if (key)
        sodium_memzero(key, sizeof(na_key));
    free(key);
}

static void *na_generate(void *gen, bench_alg alg, unsigned bits)
{
    (void)gen;
    (void)bits;
    na_key *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->has_priv = 1;
    int rc;
    if (alg == BENCH_EDDSA) {
        rc = crypto_sign_keypair(k->pk, k->sk);
    } else {
        randombytes_buf(k->sk, 32);
        rc = crypto_scalarmult_base(k->pk, k->sk);
    }
    if (rc != 0) {
        na_free(k);
        return NULL;
    }
    return k;
}

static void *na_import(const bench_ecx_material *m)
{
    na_key *k = calloc(1, sizeof *k);
    if (!k || m->len != 32)
        goto fail;
    memcpy(k->pk, m->pub, 32);
    if (!m->priv)
        return k;
    k->has_priv = 1;
    unsigned char pk[32];
    int rc = m->alg == BENCH_EDDSA ? crypto_sign_seed_keypair(pk, k->sk, m->priv)
                                   : (memcpy(k->sk, m->priv, 32), crypto_scalarmult_base(pk, k->sk));
    if (rc == 0 && memcmp(pk, m->pub, 32) == 0)
        return k;
fail:
    na_free(k);
    return NULL;
}

static int na_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    na_key *k = key;
    unsigned long long l = 0;
    if (!k->has_priv || *siglen < crypto_sign_BYTES ||
        crypto_sign_detached(sig, &l, msg, len, k->sk) != 0)
        return -1;
    *siglen = (size_t)l;
    return 0;
}

static int na_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t siglen)
{
    na_key *k = key;
    if (siglen != crypto_sign_BYTES)
        return 0;
    return crypto_sign_verify_detached(sig, msg, len, k->pk) == 0;
}

static int na_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    na_key *k = key, *q = peer;
    if (!k->has_priv || *outlen < crypto_scalarmult_BYTES ||
        crypto_scalarmult(out, k->sk, q->pk) != 0)
        return -1;
    *outlen = crypto_scalarmult_BYTES;
    return 0;
}

const bench_provider bench_prov_sodium = {
    .name = "libsodium",
    .library = "libsodium (X25519 and Ed25519 only)",
    .version = na_version,
    .ecx_supports = na_supports,
    .ecx_generate = na_generate,
    .ecx_import = na_import,
    .ecx_free = na_free,
    .ecx_sign = na_sign,
    .ecx_verify = na_verify,
    .ecx_derive = na_derive,
};
