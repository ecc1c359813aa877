/* pkc bench — pkc itself, as four providers (one per variant):
 *
 *   pkc           RSA with the CRT private operation (blinded, constant
 *                 time), EC in Jacobian coordinates, SHA-256 (SHA-NI when
 *                 the CPU has it), the arithmetic layer cases (src/ec/lab.h)
 *   pkc-affine    EC in affine coordinates (one inversion per addition)
 *   pkc-textbook  RSA private operation without CRT (plain mpz_powm, not
 *                 constant time): the seed study's comparison; sign,
 *                 sign_pss, decrypt, private
 *   pkc-portable  SHA-256 with the portable compression function, AES with
 *                 the portable constant-time (bitsliced) code and GHASH
 *                 with the portable multiplier, RSA without the AVX-512
 *                 IFMA exponentiations (rsa_mont.c's and GMP's, as
 *                 PKC_RSA_IFMA=off)
 *   pkc-cached, pkc-affine-cached
 *                 labelled cached variants of pkc and pkc-affine: ECDSA
 *                 verify and ECDH derive through the library's cache of
 *                 public points' tables (pkc/eccache.h), one cache per
 *                 thread and provider, made at first use, holding every
 *                 pool key (up to BENCH_POOL_MAX entries, 256 MiB). The
 *                 warm-up pass builds each key's table, so the timed calls
 *                 are hits: a repeated public key, not the default number.
 *                 The binary curves have no comb: the cache bypasses them
 *                 and their numbers are the uncached ones. Every other
 *                 EC operation as pkc / pkc-affine (they have nothing to
 *                 reuse), and the lab cases of the ecutils scenario
 *                 (bench/case_lab.c: point add/double from a memo, k P
 *                 through the cache). Only run when --providers names
 *                 them.
 *
 * Key generation draws from pkc's HMAC-DRBG, seeded from the run's seed
 * (reproducible) or the OS (-s random).
 */
#include <stdlib.h>
#include <string.h>

#include "ec/lab.h"
#include "ecx/ecx_key.h"
#include "per_thread.h"
#include "pkc/aes.h"
#include "pkc/ec.h"
#include "pkc/eccache.h"
#include "pkc/ecies.h"
#include "pkc/gcm.h"
#include "pkc/hash.h"
#include "pkc/rng.h"
#include "pkc/rsa.h"
#include "pkc/rsa_hybrid.h"
#include "rsa/rsa_ifma.h"
#include "sym/ghash.h"
#include "pool.h"
#include "provider.h"

typedef struct {
    pkc_rsa_key *key;
    pkc_rng rng;                /* blinding, PSS salts, OAEP seeds */
    pkc_rsa_mode mode;
    size_t k;
} pkc_rsa_h;

typedef struct {
    pkc_ec_private_key priv;
    pkc_ec_public_key pub;
    int has_priv;
    pkc_ec_coords co;
    bench_per_thread *cache; /* the cached variants' caches; NULL: uncached */
    pkc_rng rng;             /* ECIES's ephemeral keys */
} pkc_ec_h;

static const char *pkc_prov_version(void)
{
    return pkc_version();
}

/* ---- randomness ---- */

static void *pkc_keygen_new(const bench_seed *seed)
{
    pkc_rng *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    pkc_err e = seed->fixed ? pkc_rng_init_fixed(r, PKC_HASH_SHA256, seed->seed)
                            : pkc_rng_init_random(r, PKC_HASH_SHA256);
    if (e != PKC_OK) {
        free(r);
        return NULL;
    }
    return r;
}

static void pkc_keygen_free(void *gen)
{
    if (gen)
        pkc_rng_wipe(gen);
    free(gen);
}

/* ---- RSA ---- */

static int rsa_ok(unsigned bits, bench_op op)
{
    return bits >= 1024 && bits <= PKC_RSA_MAX_BITS && bits % 8 == 0 && op <= BENCH_OP_PUBLIC;
}

static int pkc_rsa_supports(unsigned bits, bench_op op)
{
    return rsa_ok(bits, op);
}

static int tb_rsa_supports(unsigned bits, bench_op op)
{
    return rsa_ok(bits, op) && (op == BENCH_OP_SIGN || op == BENCH_OP_SIGN_PSS ||
                                op == BENCH_OP_DECRYPT || op == BENCH_OP_PRIVATE);
}

static pkc_rsa_h *rsa_wrap(pkc_rsa_key *key, pkc_rsa_mode mode)
{
    pkc_rsa_h *h = calloc(1, sizeof *h);
    if (!h || pkc_rng_init_fixed(&h->rng, PKC_HASH_SHA256, 0x626c696e64ULL) != PKC_OK) {
        free(h);
        pkc_rsa_key_free(key);
        return NULL;
    }
    h->key = key;
    h->mode = mode;
    h->k = pkc_rsa_size(key);
    return h;
}

static void *pkc_rsa_generate_fn(void *gen, unsigned bits)
{
    pkc_rsa_key *key = NULL;
    if (pkc_rsa_generate(&key, bits, PKC_RSA_DEFAULT_E, gen) != PKC_OK)
        return NULL;
    return rsa_wrap(key, PKC_RSA_MODE_CRT);
}

static void *rsa_import_mode(const bench_rsa_material *m, pkc_rsa_mode mode)
{
    pkc_rsa_components c = {m->n, m->e, m->d, m->p, m->q, m->dp, m->dq, m->qinv,
                            m->nlen, m->elen, m->dlen, m->plen, m->qlen, m->dplen, m->dqlen,
                            m->qinvlen};
    pkc_rsa_key *key = NULL;
    if (pkc_rsa_key_from_private(&key, &c) != PKC_OK)
        return NULL;
    return rsa_wrap(key, mode);
}

static void *pkc_rsa_import(const bench_rsa_material *m)
{
    return rsa_import_mode(m, PKC_RSA_MODE_CRT);
}

static void *tb_rsa_import(const bench_rsa_material *m)
{
    return rsa_import_mode(m, PKC_RSA_MODE_TEXTBOOK_UNSAFE);
}

static void pkc_rsa_free(void *key)
{
    pkc_rsa_h *h = key;
    if (!h)
        return;
    pkc_rsa_key_free(h->key);
    pkc_rng_wipe(&h->rng);
    free(h);
}

static int pkc_rsa_modulus(void *key, uint8_t *out, size_t cap, size_t *len)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_get(h->key, PKC_RSA_N, out, cap, len) == PKC_OK ? 0 : -1;
}

static int pkc_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                        size_t *siglen)
{
    pkc_rsa_h *h = key;
    uint8_t dg[32];
    if (pkc_hash(PKC_HASH_SHA256, msg, len, dg) != PKC_OK)
        return -1;
    pkc_err e = pss ? pkc_rsa_pss_sign(h->key, &h->rng, h->mode, PKC_HASH_SHA256, 32, dg, 32,
                                       sig, *siglen, siglen)
                    : pkc_rsa_pkcs1_sign(h->key, &h->rng, h->mode, PKC_HASH_SHA256, dg, 32, sig,
                                         *siglen, siglen);
    return e == PKC_OK ? 0 : -1;
}

static int pkc_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                          size_t siglen)
{
    pkc_rsa_h *h = key;
    uint8_t dg[32];
    if (pkc_hash(PKC_HASH_SHA256, msg, len, dg) != PKC_OK)
        return -1;
    pkc_err e = pss ? pkc_rsa_pss_verify(h->key, PKC_HASH_SHA256, 32, dg, 32, sig, siglen)
                    : pkc_rsa_pkcs1_verify(h->key, PKC_HASH_SHA256, dg, 32, sig, siglen);
    return e == PKC_OK ? 1 : 0;
}

static int pkc_rsa_encrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                           size_t *outlen)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_oaep_encrypt(h->key, &h->rng, NULL, in, inlen, out, *outlen, outlen) == PKC_OK
               ? 0
               : -1;
}

static int pkc_rsa_decrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                           size_t *outlen)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_oaep_decrypt(h->key, &h->rng, h->mode, NULL, in, inlen, out, *outlen,
                                outlen) == PKC_OK
               ? 0
               : -1;
}

static int pkc_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_private_mode(h->key, h->mode, &h->rng, in, out) == PKC_OK ? 0 : -1;
}

static int pkc_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_public_raw(h->key, in, out) == PKC_OK ? 0 : -1;
}

/* pkc-portable's RSA: the same calls with rsa_ifma.h's mode off, set
 * around each call and put back after (as the SHA-256 and AES switches
 * below). */
#define PORT_RSA(call)                                                                       \
    do {                                                                                     \
        pkc_rsa_ifma_mode_t saved_ = pkc_rsa_ifma_mode();                                    \
        pkc_rsa_ifma_set_mode(PKC_RSA_IFMA_OFF);                                             \
        call;                                                                                \
        pkc_rsa_ifma_set_mode(saved_);                                                       \
    } while (0)

static void *port_rsa_generate(void *gen, unsigned bits)
{
    void *k;
    PORT_RSA(k = pkc_rsa_generate_fn(gen, bits));
    return k;
}

static int port_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                         size_t *siglen)
{
    int r;
    PORT_RSA(r = pkc_rsa_sign(key, pss, msg, len, sig, siglen));
    return r;
}

static int port_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                           size_t siglen)
{
    int r;
    PORT_RSA(r = pkc_rsa_verify(key, pss, msg, len, sig, siglen));
    return r;
}

static int port_rsa_encrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                            size_t *outlen)
{
    int r;
    PORT_RSA(r = pkc_rsa_encrypt(key, in, inlen, out, outlen));
    return r;
}

static int port_rsa_decrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                            size_t *outlen)
{
    int r;
    PORT_RSA(r = pkc_rsa_decrypt(key, in, inlen, out, outlen));
    return r;
}

static int port_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    int r;
    PORT_RSA(r = pkc_rsa_private(key, in, out));
    return r;
}

static int port_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    int r;
    PORT_RSA(r = pkc_rsa_public(key, in, out));
    return r;
}

/* ---- elliptic curves ---- */

static int pkc_ec_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    return (unsigned)curve < PKC_CURVE_COUNT;
}

static void *ec_generate_coords(void *gen, pkc_curve_id curve, pkc_ec_coords co)
{
    pkc_ec_h *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    if (pkc_ec_keygen_coords(&h->priv, curve, gen, co) != PKC_OK) {
        free(h);
        return NULL;
    }
    h->pub = h->priv.pub;
    h->has_priv = 1;
    h->co = co;
    return h;
}

static void *pkc_ec_generate(void *gen, pkc_curve_id curve)
{
    return ec_generate_coords(gen, curve, PKC_EC_JACOBIAN);
}

static void *aff_ec_generate(void *gen, pkc_curve_id curve)
{
    return ec_generate_coords(gen, curve, PKC_EC_AFFINE);
}

static void *ec_import_coords(const bench_ec_material *m, pkc_ec_coords co)
{
    pkc_ec_h *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->co = co;
    if (pkc_rng_init_fixed(&h->rng, PKC_HASH_SHA256, 0xec1e5) != PKC_OK) {
        free(h);
        return NULL;
    }
    if (m->d) {
        if (pkc_ec_private_key_from_bytes(&h->priv, m->curve, m->d, m->dlen) != PKC_OK) {
            free(h);
            return NULL;
        }
        h->has_priv = 1;
    }
    if (pkc_ec_point_decode(&h->pub, m->curve, m->q, m->qlen) != PKC_OK ||
        (h->has_priv && !pkc_ec_public_key_equal(&h->pub, &h->priv.pub))) {
        pkc_ec_private_key_wipe(&h->priv);
        free(h);
        return NULL;
    }
    return h;
}

static void *pkc_ec_import(const bench_ec_material *m)
{
    return ec_import_coords(m, PKC_EC_JACOBIAN);
}

static void *aff_ec_import(const bench_ec_material *m)
{
    return ec_import_coords(m, PKC_EC_AFFINE);
}

/* ---- the cached variants: one cache per thread and provider ---- */

#define CACHE_BYTES ((size_t)256 << 20)

static void *cache_make(void)
{
    return pkc_ec_cache_new(BENCH_POOL_MAX, CACHE_BYTES); /* entries >= any key pool */
}

static void cache_destroy(void *cache)
{
    pkc_ec_cache_free(cache);
}

static bench_per_thread cache_jac = BENCH_PER_THREAD(cache_make, cache_destroy);
static bench_per_thread cache_aff = BENCH_PER_THREAD(cache_make, cache_destroy);

/* the calling thread's cache of the key's provider; NULL for the uncached
 * providers (and if it cannot be made: then uncached too) */
static pkc_ec_cache *ec_cache_of(const pkc_ec_h *h)
{
    return h->cache ? bench_per_thread_get(h->cache) : NULL;
}

static void *cached_import(const bench_ec_material *m, pkc_ec_coords co, bench_per_thread *pt)
{
    pkc_ec_h *h = ec_import_coords(m, co);
    if (h)
        h->cache = pt;
    return h;
}

static void *cached_ec_import(const bench_ec_material *m)
{
    return cached_import(m, PKC_EC_JACOBIAN, &cache_jac);
}

static void *aff_cached_ec_import(const bench_ec_material *m)
{
    return cached_import(m, PKC_EC_AFFINE, &cache_aff);
}

static void pkc_ec_free(void *key)
{
    pkc_ec_h *h = key;
    if (!h)
        return;
    pkc_ec_private_key_wipe(&h->priv);
    pkc_rng_wipe(&h->rng);
    free(h);
}

static int pkc_ec_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    pkc_ec_h *h = key;
    uint8_t dg[32];
    if (!h->has_priv || pkc_hash(PKC_HASH_SHA256, msg, len, dg) != PKC_OK)
        return -1;
    return pkc_ecdsa_sign_digest_coords(&h->priv, PKC_HASH_SHA256, dg, 32, NULL, sig, *siglen,
                                        siglen, h->co) == PKC_OK
               ? 0
               : -1;
}

static int pkc_ec_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    pkc_ec_h *h = key;
    uint8_t dg[32];
    if (pkc_hash(PKC_HASH_SHA256, msg, len, dg) != PKC_OK)
        return -1;
    return pkc_ecdsa_verify_digest_coords_cached(ec_cache_of(h), &h->pub, dg, 32, sig, siglen,
                                                 h->co) == PKC_OK;
}

static int pkc_ec_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    pkc_ec_h *h = key, *q = peer;
    if (!h->has_priv)
        return -1;
    /* the peer's point is what the cached variants' cache holds */
    return pkc_ecdh_coords_cached(ec_cache_of(h), &h->priv, &q->pub, out, *outlen, outlen,
                                  h->co) == PKC_OK
               ? 0
               : -1;
}

/* ---- ECIES and hybrid RSA (pkc only) ---- */

static int pkc_ecies_enc(void *key, const uint8_t *msg, size_t len, uint8_t *out, size_t *outlen)
{
    pkc_ec_h *h = key;
    return pkc_ecies_encrypt(&h->pub, &h->rng, NULL, msg, len, out, *outlen, outlen) == PKC_OK
               ? 0
               : -1;
}

static int pkc_ecies_dec(void *key, const uint8_t *in, size_t len, uint8_t *out, size_t *outlen)
{
    pkc_ec_h *h = key;
    return h->has_priv &&
                   pkc_ecies_decrypt(&h->priv, NULL, in, len, out, *outlen, outlen) == PKC_OK
               ? 0
               : -1;
}

static int pkc_hybrid_enc(void *key, const uint8_t *msg, size_t len, uint8_t *out,
                          size_t *outlen)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_hybrid_encrypt(h->key, &h->rng, NULL, msg, len, out, *outlen, outlen) ==
                   PKC_OK
               ? 0
               : -1;
}

static int pkc_hybrid_dec(void *key, const uint8_t *in, size_t len, uint8_t *out,
                          size_t *outlen)
{
    pkc_rsa_h *h = key;
    return pkc_rsa_hybrid_decrypt(h->key, &h->rng, NULL, in, len, out, *outlen, outlen) ==
                   PKC_OK
               ? 0
               : -1;
}

/* ---- AES: the library's modes; pkc-portable with the portable AES and
 * GHASH (the switch is process-wide: set for the call, restored after) ---- */

typedef struct {
    bench_alg mode;
    int portable;
    pkc_aes_key aes;
    pkc_gcm_key gcm;
} pkc_aes_h;

static void *aes_new_impl(bench_alg mode, const uint8_t *key, unsigned bits, int portable)
{
    pkc_aes_h *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->mode = mode;
    h->portable = portable;
    if (portable && (pkc_aes_set_impl(PKC_AES_IMPL_PORTABLE) != PKC_OK ||
                     pkc_ghash_set_impl(PKC_GHASH_IMPL_PORTABLE) != PKC_OK)) {
        free(h);
        return NULL;
    }
    /* the key schedules (and GCM's powers of H) of the implementation in use */
    pkc_err e = mode == BENCH_AES_GCM ? pkc_gcm_set_key(&h->gcm, key, bits / 8)
                                      : pkc_aes_set_key(&h->aes, key, bits / 8);
    if (portable) {
        pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
        pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
    }
    if (e != PKC_OK) {
        free(h);
        return NULL;
    }
    return h;
}

static void *pkc_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    return aes_new_impl(mode, key, bits, 0);
}

static void *port_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    return aes_new_impl(mode, key, bits, 1);
}

static void pkc_aes_free(void *ctx)
{
    pkc_aes_h *h = ctx;
    if (!h)
        return;
    pkc_aes_key_wipe(&h->aes);
    pkc_gcm_key_wipe(&h->gcm);
    free(h);
}

static int aes_crypt(pkc_aes_h *h, int enc, const uint8_t *iv, const uint8_t *in, size_t len,
                     uint8_t *out, size_t *outlen)
{
    if (h->portable && (pkc_aes_set_impl(PKC_AES_IMPL_PORTABLE) != PKC_OK ||
                        pkc_ghash_set_impl(PKC_GHASH_IMPL_PORTABLE) != PKC_OK))
        return -1;
    pkc_err e = PKC_ERR_ARG;
    size_t cap = *outlen;
    switch (h->mode) {
    case BENCH_AES_ECB:
        e = enc ? pkc_aes_ecb_encrypt_pad(&h->aes, out, cap, in, len, outlen)
                : pkc_aes_ecb_decrypt_unpad(&h->aes, out, cap, in, len, outlen);
        break;
    case BENCH_AES_CBC:
        e = enc ? pkc_aes_cbc_encrypt_pad(&h->aes, iv, out, cap, in, len, outlen)
                : pkc_aes_cbc_decrypt_unpad(&h->aes, iv, out, cap, in, len, outlen);
        break;
    case BENCH_AES_CTR:
        e = pkc_aes_ctr(&h->aes, iv, out, in, len);
        *outlen = len;
        break;
    case BENCH_AES_GCM:
        if (enc) {
            e = pkc_gcm_encrypt(&h->gcm, iv, 12, NULL, 0, in, len, out, out + len, 16);
            *outlen = len + 16;
        } else if (len >= 16) {
            e = pkc_gcm_decrypt(&h->gcm, iv, 12, NULL, 0, in, len - 16, in + len - 16, 16, out);
            *outlen = len - 16;
        }
        break;
    default: break;
    }
    if (h->portable) {
        pkc_aes_set_impl(PKC_AES_IMPL_AUTO);
        pkc_ghash_set_impl(PKC_GHASH_IMPL_AUTO);
    }
    return e == PKC_OK ? 0 : -1;
}

static int pkc_aes_enc(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                       size_t *outlen)
{
    return aes_crypt(ctx, 1, iv, in, len, out, outlen);
}

static int pkc_aes_dec(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                       size_t *outlen)
{
    return aes_crypt(ctx, 0, iv, in, len, out, outlen);
}

/* ---- SHA-256 ---- */

static int yes(void)
{
    return 1;
}

static int pkc_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32])
{
    (void)ctx;
    return pkc_hash(PKC_HASH_SHA256, msg, len, out) == PKC_OK ? 0 : -1;
}

/* The implementation switch is process-wide: set for the call, restored
 * after (a pkc-portable case never runs beside another SHA-256 case). */
static int port_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32])
{
    (void)ctx;
    if (pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE) != PKC_OK)
        return -1;
    pkc_err e = pkc_hash(PKC_HASH_SHA256, msg, len, out);
    pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
    return e == PKC_OK ? 0 : -1;
}

/* ---- X25519, Ed25519, X448, Ed448 (src/ecx/ecx_key.h) ---- */

static pkc_ecx_alg ecx_alg_of(bench_alg alg, unsigned bits)
{
    if (alg == BENCH_XDH)
        return bits == BENCH_ECX_25519 ? PKC_ECX_X25519 : PKC_ECX_X448;
    return bits == BENCH_ECX_25519 ? PKC_ECX_ED25519 : PKC_ECX_ED448;
}

static int pkc_ecx_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    return bench_ecx_name(alg, bits) != NULL;
}

static void *pkc_ecx_generate(void *gen, bench_alg alg, unsigned bits)
{
    pkc_ecx_key *k = malloc(sizeof *k);
    if (k && pkc_ecx_key_generate(k, ecx_alg_of(alg, bits), gen) != PKC_OK) {
        free(k);
        return NULL;
    }
    return k;
}

static void *pkc_ecx_import(const bench_ecx_material *m)
{
    pkc_ecx_key *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    pkc_ecx_alg a = ecx_alg_of(m->alg, m->bits);
    pkc_err e = m->priv ? pkc_ecx_key_from_private(k, a, m->priv, m->len)
                        : pkc_ecx_key_from_public(k, a, m->pub, m->len);
    if (e == PKC_OK && m->priv && memcmp(pkc_ecx_public_bytes(k), m->pub, m->len) != 0)
        e = PKC_ERR_KEY;
    if (e != PKC_OK) {
        pkc_ecx_key_wipe(k);
        free(k);
        return NULL;
    }
    return k;
}

static void pkc_ecx_free(void *key)
{
    pkc_ecx_key_wipe(key);
    free(key);
}

static int pkc_ecx_sign_fn(void *key, const uint8_t *msg, size_t len, uint8_t *sig,
                           size_t *siglen)
{
    return pkc_ecx_sign(key, NULL, 0, msg, len, sig, *siglen, siglen) == PKC_OK ? 0 : -1;
}

static int pkc_ecx_verify_fn(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                             size_t siglen)
{
    pkc_err e = pkc_ecx_verify(key, NULL, 0, msg, len, sig, siglen);
    return e == PKC_OK ? 1 : e == PKC_ERR_VERIFY ? 0 : -1;
}

static int pkc_ecx_derive_fn(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    return pkc_ecx_derive(key, peer, out, *outlen, outlen) == PKC_OK ? 0 : -1;
}

#define PKC_RSA_OPS                                                                          \
    .rsa_generate = pkc_rsa_generate_fn, .rsa_free = pkc_rsa_free,                            \
    .rsa_modulus = pkc_rsa_modulus, .rsa_sign = pkc_rsa_sign, .rsa_verify = pkc_rsa_verify,   \
    .rsa_encrypt = pkc_rsa_encrypt, .rsa_decrypt = pkc_rsa_decrypt,                           \
    .rsa_private = pkc_rsa_private, .rsa_public = pkc_rsa_public
#define PKC_EC_CALLS                                                                         \
    .ec_free = pkc_ec_free, .ec_sign = pkc_ec_sign, .ec_verify = pkc_ec_verify,               \
    .ec_derive = pkc_ec_derive
#define PKC_EC_OPS .ec_supports = pkc_ec_supports, PKC_EC_CALLS

const bench_provider bench_prov_pkc = {
    .name = "pkc",
    .library = "pkc: Jacobian EC, CRT RSA",
    .version = pkc_prov_version,
    .lab = BENCH_LAB_JACOBIAN,
    .keygen_new = pkc_keygen_new,
    .keygen_free = pkc_keygen_free,
    .rsa_supports = pkc_rsa_supports,
    .rsa_import = pkc_rsa_import,
    PKC_RSA_OPS,
    .ec_generate = pkc_ec_generate,
    .ec_import = pkc_ec_import,
    PKC_EC_OPS,
    .hash_supports = yes,
    .sha256 = pkc_sha256,
    .aes_supports = bench_aes_every_mode,
    .aes_new = pkc_aes_new,
    .aes_free = pkc_aes_free,
    .aes_encrypt = pkc_aes_enc,
    .aes_decrypt = pkc_aes_dec,
    .ecies_encrypt = pkc_ecies_enc,
    .ecies_decrypt = pkc_ecies_dec,
    .hybrid_encrypt = pkc_hybrid_enc,
    .hybrid_decrypt = pkc_hybrid_dec,
    .ecx_supports = pkc_ecx_supports,
    .ecx_generate = pkc_ecx_generate,
    .ecx_import = pkc_ecx_import,
    .ecx_free = pkc_ecx_free,
    .ecx_sign = pkc_ecx_sign_fn,
    .ecx_verify = pkc_ecx_verify_fn,
    .ecx_derive = pkc_ecx_derive_fn,
};

const bench_provider bench_prov_pkc_affine = {
    .name = "pkc-affine",
    .library = "pkc: affine EC coordinates",
    .version = pkc_prov_version,
    .lab = BENCH_LAB_AFFINE,
    .keygen_new = pkc_keygen_new,
    .keygen_free = pkc_keygen_free,
    .ec_generate = aff_ec_generate,
    .ec_import = aff_ec_import,
    PKC_EC_OPS,
};

const bench_provider bench_prov_pkc_textbook = {
    .name = "pkc-textbook",
    .library = "pkc: RSA private operation without CRT",
    .version = pkc_prov_version,
    .keygen_new = pkc_keygen_new,
    .keygen_free = pkc_keygen_free,
    .rsa_supports = tb_rsa_supports,
    .rsa_import = tb_rsa_import,
    PKC_RSA_OPS,
};

const bench_provider bench_prov_pkc_portable = {
    .name = "pkc-portable",
    .library = "pkc: portable SHA-256 compression, AES (bitsliced) and GHASH, RSA without IFMA",
    .version = pkc_prov_version,
    .keygen_new = pkc_keygen_new,
    .keygen_free = pkc_keygen_free,
    .rsa_supports = pkc_rsa_supports,
    .rsa_import = pkc_rsa_import,
    .rsa_generate = port_rsa_generate,
    .rsa_free = pkc_rsa_free,
    .rsa_modulus = pkc_rsa_modulus,
    .rsa_sign = port_rsa_sign,
    .rsa_verify = port_rsa_verify,
    .rsa_encrypt = port_rsa_encrypt,
    .rsa_decrypt = port_rsa_decrypt,
    .rsa_private = port_rsa_private,
    .rsa_public = port_rsa_public,
    .hash_supports = yes,
    .sha256 = port_sha256,
    .aes_supports = bench_aes_every_mode,
    .aes_new = port_aes_new,
    .aes_free = pkc_aes_free,
    .aes_encrypt = pkc_aes_enc,
    .aes_decrypt = pkc_aes_dec,
};

#define CACHED_VARIANT                                                                       \
    "a precomputed table per repeated public key (pkc's cache, pkc/eccache.h) and, for "      \
    "EC point_add/point_double only, the ECUtils study's memo of results; not the default "   \
    "number"

const bench_provider bench_prov_pkc_cached = {
    .name = "pkc-cached",
    .library = "pkc: Jacobian EC, public-key table cache on",
    .version = pkc_prov_version,
    .variant = CACHED_VARIANT,
    .keygen_new = pkc_keygen_new,
    .keygen_free = pkc_keygen_free,
    .lab = BENCH_LAB_JACOBIAN | BENCH_LAB_CACHED,
    .ec_supports = pkc_ec_supports,
    .ec_generate = pkc_ec_generate,
    .ec_import = cached_ec_import,
    PKC_EC_CALLS,
};

const bench_provider bench_prov_pkc_affine_cached = {
    .name = "pkc-affine-cached",
    .library = "pkc: affine EC, public-key table cache on",
    .version = pkc_prov_version,
    .variant = CACHED_VARIANT,
    .keygen_new = pkc_keygen_new,
    .keygen_free = pkc_keygen_free,
    .lab = BENCH_LAB_AFFINE | BENCH_LAB_CACHED,
    .ec_supports = pkc_ec_supports,
    .ec_generate = aff_ec_generate,
    .ec_import = aff_cached_ec_import,
    PKC_EC_CALLS,
};
