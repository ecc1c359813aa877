/* pkc bench — provider "nettle": Nettle / hogweed on GMP.
 *
 *   RSA import     the pool key's components into rsa_public_key and
 *                  rsa_private_key, rsa_public_key_prepare and
 *                  rsa_private_key_prepare
 *   RSA keygen     rsa_generate_keypair (e = 65537)
 *   sign/verify    sha256_init/update/digest, then rsa_sha256_sign_digest_tr
 *                  / rsa_sha256_verify_digest (PKCS#1 v1.5), or 32 salt
 *                  bytes from the key's Yarrow and rsa_pss_sha256_sign_digest_tr
 *                  / rsa_pss_sha256_verify_digest (PSS, MGF1-SHA-256)
 *   private        rsa_compute_root_tr (CRT, blinded, result checked)
 *   ECDSA          the curves Nettle has (secp192r1, secp224r1, secp256r1,
 *                  secp384r1, secp521r1): import = ecc_scalar_set and
 *                  ecc_point_set (which checks the point is on the curve);
 *                  ecdsa_generate_keypair, ecdsa_sign (random nonce),
 *                  ecdsa_verify; signatures as r || s (Nettle has no DER)
 *   ECDH           ecc_point_mul of the peer's point, then ecc_point_get for
 *                  x (Nettle has no ECDH wrapper; this is the primitive ECDH
 *                  is)
 *   SHA-256        sha256_init/update/digest
 *   Ed25519/Ed448  ed25519_sha512_sign/verify, ed448_shake256_sign/verify
 *                  (pure, empty context); keygen: a seed from getrandom and
 *                  ed*_public_key (Nettle has no EdDSA key generation)
 *   X25519/X448    curve25519_mul / curve448_mul (RFC 7748; Nettle does not
 *                  refuse an all-zero result: the adapter does, as RFC 7748
 *                  section 6.1 asks); keygen: getrandom and *_mul_g
 *
 * Absent: OAEP encrypt/decrypt (Nettle 3.8 has no OAEP) and the raw public
 * operation (Nettle has no function for it), and the Koblitz curves. The
 * check of the private operation inverts it with GMP's mpz_powm (what
 * Nettle's own verification runs); no case times it.
 *
 * Randomness: Yarrow-256 seeded from getrandom(); one per key for the
 * blinding, the PSS salt and the ECDSA nonce (seeded at import, or on the
 * first use of a generated key), one per thread for key generation.
 */
#include <gmp.h>
#include <nettle/aes.h>
#include <nettle/bignum.h>
#include <nettle/curve25519.h>
#include <nettle/curve448.h>
#include <nettle/eddsa.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/gcm.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>
#include <nettle/version.h>
#include <nettle/yarrow.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "provider.h"
#include "sym_pad.h"

#define NT_SALT_LEN 32

/* Nettle's random-function type, for a Yarrow context */
static void nt_random(void *ctx, size_t len, uint8_t *dst)
{
    yarrow256_random(ctx, len, dst);
}

static int seed_yarrow(struct yarrow256_ctx *y)
{
    uint8_t seed[YARROW256_SEED_FILE_SIZE];
    if (getrandom(seed, sizeof seed, 0) != (ssize_t)sizeof seed)
        return -1;
    yarrow256_init(y, 0, NULL);
    yarrow256_seed(y, sizeof seed, seed);
    pkc_memzero(seed, sizeof seed);
    return 0;
}

/* A key's Yarrow, seeded when first needed; NULL if it cannot be. */
static struct yarrow256_ctx *key_rng(struct yarrow256_ctx *y, int *ready)
{
    if (!*ready && seed_yarrow(y) != 0)
        return NULL;
    *ready = 1;
    return y;
}

/* Key generation's Yarrow: one per thread (workers generate at once). */
static _Thread_local struct yarrow256_ctx gen_rnd;
static _Thread_local int gen_ready;

/* mpz_clear frees without wiping; a secret's limbs are zeroed first */
static void mpz_wipe(mpz_t x)
{
    size_t n = mpz_size(x);
    if (n) {
        pkc_memzero(mpz_limbs_modify(x, (mp_size_t)n), n * sizeof(mp_limb_t));
        mpz_limbs_finish(x, 0);
    }
}

static void digest_of(struct sha256_ctx *md, const uint8_t *msg, size_t len,
                      uint8_t dg[SHA256_DIGEST_SIZE])
{
    sha256_init(md);
    sha256_update(md, len, msg);
    sha256_digest(md, SHA256_DIGEST_SIZE, dg);
}

static const char *nt_version(void)
{
    static char v[32];
    snprintf(v, sizeof v, "Nettle %d.%d", nettle_version_major(), nettle_version_minor());
    return v;
}

/* ---- RSA ---- */

typedef struct {
    struct rsa_public_key pub;
    struct rsa_private_key key;
    struct yarrow256_ctx rnd;   /* blinding and PSS salts */
    int rnd_ready;
    struct sha256_ctx md;
    mpz_t s, m;                 /* the operation's output and input */
} nt_rsa;

static int nt_rsa_supports(unsigned bits, bench_op op)
{
    return bits >= 1024 && bits <= 16384 && bits % 8 == 0 &&
           (op == BENCH_OP_KEYGEN || op == BENCH_OP_SIGN || op == BENCH_OP_SIGN_PSS ||
            op == BENCH_OP_VERIFY || op == BENCH_OP_VERIFY_PSS || op == BENCH_OP_PRIVATE);
}

static nt_rsa *rsa_new(void)
{
    nt_rsa *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    rsa_public_key_init(&h->pub);
    rsa_private_key_init(&h->key);
    mpz_inits(h->s, h->m, NULL);
    return h;
}

static void nt_rsa_free(void *key)
{
    nt_rsa *h = key;
    if (!h)
        return;
    mpz_wipe(h->key.d);
    mpz_wipe(h->key.p);
    mpz_wipe(h->key.q);
    mpz_wipe(h->key.a);
    mpz_wipe(h->key.b);
    mpz_wipe(h->key.c);
    mpz_wipe(h->m);
    rsa_private_key_clear(&h->key);
    rsa_public_key_clear(&h->pub);
    mpz_clears(h->s, h->m, NULL);
    pkc_memzero(h, sizeof *h);
    free(h);
}

static void *nt_rsa_generate(void *gen, unsigned bits)
{
    (void)gen;
    nt_rsa *h = rsa_new();
    if (!h)
        return NULL;
    mpz_set_ui(h->pub.e, 65537);
    if (!key_rng(&gen_rnd, &gen_ready) ||
        !rsa_generate_keypair(&h->pub, &h->key, &gen_rnd, nt_random, NULL, NULL, bits, 0)) {
        nt_rsa_free(h);
        return NULL;
    }
    return h;
}

static void *nt_rsa_import(const bench_rsa_material *m)
{
    nt_rsa *h = rsa_new();
    if (!h)
        return NULL;
    nettle_mpz_set_str_256_u(h->pub.n, m->nlen, m->n);
    nettle_mpz_set_str_256_u(h->pub.e, m->elen, m->e);
    nettle_mpz_set_str_256_u(h->key.d, m->dlen, m->d);
    nettle_mpz_set_str_256_u(h->key.p, m->plen, m->p);
    nettle_mpz_set_str_256_u(h->key.q, m->qlen, m->q);
    nettle_mpz_set_str_256_u(h->key.a, m->dplen, m->dp);
    nettle_mpz_set_str_256_u(h->key.b, m->dqlen, m->dq);
    nettle_mpz_set_str_256_u(h->key.c, m->qinvlen, m->qinv);
    if (!rsa_public_key_prepare(&h->pub) || !rsa_private_key_prepare(&h->key) ||
        h->pub.size != h->key.size || !key_rng(&h->rnd, &h->rnd_ready)) {
        nt_rsa_free(h);
        return NULL;
    }
    return h;
}

static int nt_rsa_modulus(void *key, uint8_t *out, size_t cap, size_t *len)
{
    nt_rsa *h = key;
    size_t nl = (mpz_sizeinbase(h->pub.n, 2) + 7) / 8;
    if (nl > cap)
        return -1;
    nettle_mpz_get_str_256(nl, out, h->pub.n);
    *len = nl;
    return 0;
}

static int nt_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                       size_t *siglen)
{
    nt_rsa *h = key;
    uint8_t dg[SHA256_DIGEST_SIZE], salt[NT_SALT_LEN];
    struct yarrow256_ctx *rnd = key_rng(&h->rnd, &h->rnd_ready);
    if (!rnd || *siglen < h->pub.size)
        return -1;
    digest_of(&h->md, msg, len, dg);
    int ok;
    if (pss) {
        yarrow256_random(rnd, sizeof salt, salt);
        ok = rsa_pss_sha256_sign_digest_tr(&h->pub, &h->key, rnd, nt_random, sizeof salt, salt,
                                           dg, h->s);
    } else {
        ok = rsa_sha256_sign_digest_tr(&h->pub, &h->key, rnd, nt_random, dg, h->s);
    }
    if (!ok)
        return -1;
    nettle_mpz_get_str_256(h->pub.size, sig, h->s);
    *siglen = h->pub.size;
    return 0;
}

static int nt_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    nt_rsa *h = key;
    uint8_t dg[SHA256_DIGEST_SIZE];
    if (siglen != h->pub.size)
        return 0;
    digest_of(&h->md, msg, len, dg);
    nettle_mpz_set_str_256_u(h->s, siglen, sig);
    return pss ? rsa_pss_sha256_verify_digest(&h->pub, NT_SALT_LEN, dg, h->s)
               : rsa_sha256_verify_digest(&h->pub, dg, h->s);
}

static int nt_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    nt_rsa *h = key;
    struct yarrow256_ctx *rnd = key_rng(&h->rnd, &h->rnd_ready);
    nettle_mpz_set_str_256_u(h->m, h->pub.size, in);
    if (!rnd || !rsa_compute_root_tr(&h->pub, &h->key, rnd, nt_random, h->s, h->m))
        return -1;
    nettle_mpz_get_str_256(h->pub.size, out, h->s);
    return 0;
}

/* Not Nettle's (it has no raw public operation): only the check of the
 * private operation calls it; rsa_supports keeps the public case absent. */
static int gmp_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    nt_rsa *h = key;
    nettle_mpz_set_str_256_u(h->m, h->pub.size, in);
    if (mpz_cmp(h->m, h->pub.n) >= 0)
        return -1;
    mpz_powm(h->s, h->m, h->pub.e, h->pub.n);
    nettle_mpz_get_str_256(h->pub.size, out, h->s);
    return 0;
}

/* ---- elliptic curves ---- */

typedef struct {
    const struct ecc_curve *ecc;
    size_t fbytes, obytes;
    struct ecc_point Q;
    struct ecc_scalar d;
    int has_priv;
    struct yarrow256_ctx rnd;   /* ECDSA nonces */
    int rnd_ready;
    struct sha256_ctx md;
    struct dsa_signature sig;   /* the operation's r, s */
    struct ecc_point R;         /* ECDH: d * peer */
    mpz_t x, y;
} nt_ec;

static const struct ecc_curve *nt_curve(pkc_curve_id curve)
{
    switch (curve) {
    case PKC_CURVE_SECP192R1:
        return nettle_get_secp_192r1();
    case PKC_CURVE_SECP224R1:
        return nettle_get_secp_224r1();
    case PKC_CURVE_SECP256R1:
        return nettle_get_secp_256r1();
    case PKC_CURVE_SECP384R1:
        return nettle_get_secp_384r1();
    case PKC_CURVE_SECP521R1:
        return nettle_get_secp_521r1();
    default:
        /* the Koblitz curves, X9.62 prime239v1 and the binary ones are
         * not in Nettle */
        return NULL;
    }
}

static int nt_ec_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    return nt_curve(curve) != NULL;
}

static nt_ec *ec_new(pkc_curve_id curve)
{
    const struct ecc_curve *ecc = nt_curve(curve);
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    nt_ec *h = ecc && ci ? calloc(1, sizeof *h) : NULL;
    if (!h)
        return NULL;
    h->ecc = ecc;
    h->fbytes = ci->field_bytes;
    h->obytes = ci->order_bytes;
    ecc_point_init(&h->Q, ecc);
    ecc_point_init(&h->R, ecc);
    ecc_scalar_init(&h->d, ecc);
    dsa_signature_init(&h->sig);
    mpz_inits(h->x, h->y, NULL);
    return h;
}

static void nt_ec_free(void *key)
{
    nt_ec *h = key;
    if (!h)
        return;
    /* the limbs of struct ecc_scalar and ecc_point are public: ecc_size of
     * them per coordinate (the order is as long as p on these curves); R
     * holds the last shared point */
    size_t limbs = (size_t)ecc_size(h->ecc);
    pkc_memzero(h->d.p, limbs * sizeof(mp_limb_t));
    pkc_memzero(h->R.p, 2 * limbs * sizeof(mp_limb_t));
    mpz_wipe(h->x);
    ecc_scalar_clear(&h->d);
    ecc_point_clear(&h->Q);
    ecc_point_clear(&h->R);
    dsa_signature_clear(&h->sig);
    mpz_clears(h->x, h->y, NULL);
    pkc_memzero(h, sizeof *h);
    free(h);
}

static void *nt_ec_generate(void *gen, pkc_curve_id curve)
{
    (void)gen;
    nt_ec *h = ec_new(curve);
    if (!h)
        return NULL;
    if (!key_rng(&gen_rnd, &gen_ready)) {
        nt_ec_free(h);
        return NULL;
    }
    ecdsa_generate_keypair(&h->Q, &h->d, &gen_rnd, nt_random);
    h->has_priv = 1;
    return h;
}

/* Q must be on the curve (ecc_point_set), d in [1, n-1] (ecc_scalar_set)
 * and d*G = Q. */
static void *nt_ec_import(const bench_ec_material *m)
{
    nt_ec *h = ec_new(m->curve);
    mpz_t qx, qy;
    mpz_inits(qx, qy, NULL);
    if (!h || m->qlen != 1 + 2 * h->fbytes || m->q[0] != 4)
        goto fail;
    nettle_mpz_set_str_256_u(qx, h->fbytes, m->q + 1);
    nettle_mpz_set_str_256_u(qy, h->fbytes, m->q + 1 + h->fbytes);
    if (!ecc_point_set(&h->Q, qx, qy))
        goto fail;
    if (m->d) {
        nettle_mpz_set_str_256_u(h->x, m->dlen, m->d);
        int ok = ecc_scalar_set(&h->d, h->x);
        mpz_wipe(h->x);
        if (!ok)
            goto fail;
        ecc_point_mul_g(&h->R, &h->d);
        ecc_point_get(&h->R, h->x, h->y);
        if (mpz_cmp(h->x, qx) != 0 || mpz_cmp(h->y, qy) != 0 ||
            !key_rng(&h->rnd, &h->rnd_ready))
            goto fail;
        h->has_priv = 1;
    }
    mpz_clears(qx, qy, NULL);
    return h;
fail:
    mpz_clears(qx, qy, NULL);
    nt_ec_free(h);
    return NULL;
}

static int nt_ec_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    nt_ec *h = key;
    uint8_t dg[SHA256_DIGEST_SIZE];
    struct yarrow256_ctx *rnd = key_rng(&h->rnd, &h->rnd_ready);
    if (!h->has_priv || !rnd || *siglen < 2 * h->obytes)
        return -1;
    digest_of(&h->md, msg, len, dg);
    ecdsa_sign(&h->d, rnd, nt_random, sizeof dg, dg, &h->sig);
    nettle_mpz_get_str_256(h->obytes, sig, h->sig.r);
    nettle_mpz_get_str_256(h->obytes, sig + h->obytes, h->sig.s);
    *siglen = 2 * h->obytes;
    return 0;
}

static int nt_ec_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t siglen)
{
    nt_ec *h = key;
    uint8_t dg[SHA256_DIGEST_SIZE];
    if (siglen != 2 * h->obytes)
        return 0;
    digest_of(&h->md, msg, len, dg);
    nettle_mpz_set_str_256_u(h->sig.r, h->obytes, sig);
    nettle_mpz_set_str_256_u(h->sig.s, h->obytes, sig + h->obytes);
    return ecdsa_verify(&h->Q, sizeof dg, dg, &h->sig);
}

static int nt_ec_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    nt_ec *h = key, *q = peer;
    if (!h->has_priv || q->ecc != h->ecc || *outlen < h->fbytes)
        return -1;
    ecc_point_mul(&h->R, &h->d, &q->Q);
    ecc_point_get(&h->R, h->x, NULL);
    nettle_mpz_get_str_256(h->fbytes, out, h->x);
    *outlen = h->fbytes;
    return 0;
}

/* ---- SHA-256 ---- */

static int yes(void)
{
    return 1;
}

static void *nt_hash_new(void)
{
    return malloc(sizeof(struct sha256_ctx));
}

static int nt_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32])
{
    digest_of(ctx, msg, len, out);
    return 0;
}

/* ---- AES: the aes128/192/256 contexts, the generic CBC, CTR and GCM
 * constructions over them (PKCS#7 padding by the adapter) ---- */

typedef union {
    struct aes128_ctx a128;
    struct aes192_ctx a192;
    struct aes256_ctx a256;
} nt_aes_key;

typedef struct {
    bench_alg mode;
    nt_aes_key enc, dec;
    nettle_cipher_func *fe, *fd;
    struct gcm_key gk;
} nt_aes_h;

static void *nt_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    nt_aes_h *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->mode = mode;
    switch (bits) {
    case 128:
        aes128_set_encrypt_key(&h->enc.a128, key);
        aes128_set_decrypt_key(&h->dec.a128, key);
        h->fe = (nettle_cipher_func *)aes128_encrypt;
        h->fd = (nettle_cipher_func *)aes128_decrypt;
        break;
    case 192:
        aes192_set_encrypt_key(&h->enc.a192, key);
        aes192_set_decrypt_key(&h->dec.a192, key);
        h->fe = (nettle_cipher_func *)aes192_encrypt;
        h->fd = (nettle_cipher_func *)aes192_decrypt;
        break;
    default:
        aes256_set_encrypt_key(&h->enc.a256, key);
        aes256_set_decrypt_key(&h->dec.a256, key);
        h->fe = (nettle_cipher_func *)aes256_encrypt;
        h->fd = (nettle_cipher_func *)aes256_decrypt;
    }
    if (mode == BENCH_AES_GCM)
        gcm_set_key(&h->gk, &h->enc, h->fe);
    return h;
}

static int nt_aes_crypt(void *ctx, int enc, const uint8_t *iv, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen)
{
    nt_aes_h *h = ctx;
    uint8_t ivc[16];
    struct gcm_ctx g;
    switch (h->mode) {
    case BENCH_AES_ECB:
    case BENCH_AES_CBC:
        if (enc) {
            size_t n = bench_pkcs7_pad(out, in, len);
            memcpy(ivc, iv, 16);
            if (h->mode == BENCH_AES_ECB)
                h->fe(&h->enc, n, out, out);
            else
                cbc_encrypt(&h->enc, h->fe, 16, ivc, n, out, out);
            *outlen = n;
        } else {
            if (len == 0 || len % 16)
                return -1;
            memcpy(ivc, iv, 16);
            if (h->mode == BENCH_AES_ECB)
                h->fd(&h->dec, len, out, in);
            else
                cbc_decrypt(&h->dec, h->fd, 16, ivc, len, out, in);
            size_t n = bench_pkcs7_unpad(out, len);
            if (n == (size_t)-1)
                return -1;
            *outlen = n;
        }
        return 0;
    case BENCH_AES_CTR:
        memcpy(ivc, iv, 16);
        ctr_crypt(&h->enc, h->fe, 16, ivc, len, out, in);
        *outlen = len;
        return 0;
    case BENCH_AES_GCM:
        gcm_set_iv(&g, &h->gk, 12, iv);
        if (enc) {
            gcm_encrypt(&g, &h->gk, &h->enc, h->fe, len, out, in);
            gcm_digest(&g, &h->gk, &h->enc, h->fe, 16, out + len);
            *outlen = len + 16;
            return 0;
        } else {
            uint8_t tag[16];
            if (len < 16)
                return -1;
            gcm_decrypt(&g, &h->gk, &h->enc, h->fe, len - 16, out, in);
            gcm_digest(&g, &h->gk, &h->enc, h->fe, 16, tag);
            *outlen = len - 16;
            return memcmp(tag, in + len - 16, 16) == 0 ? 0 : -1;
        }
    default: return -1;
    }
}

static int nt_aes_enc(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                      size_t *outlen)
{
    return nt_aes_crypt(ctx, 1, iv, in, len, out, outlen);
}

static int nt_aes_dec(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out,
                      size_t *outlen)
{
    return nt_aes_crypt(ctx, 0, iv, in, len, out, outlen);
}

/* ---- X25519, Ed25519, X448, Ed448 ---- */

typedef struct {
    bench_alg alg;
    unsigned bits;
    int has_priv;
    size_t len;
    uint8_t priv[57], pub[57];
} nt_ecx;

static int nt_ecx_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    return bench_ecx_name(alg, bits) != NULL;
}

static void nt_ecx_free(void *key)
{
    if (key)
        memset(key, 0, sizeof(nt_ecx));
    free(key);
}

/* k->priv set: its public key */
static void nt_ecx_public(nt_ecx *k)
{
    if (k->alg == BENCH_EDDSA && k->bits == BENCH_ECX_25519)
        ed25519_sha512_public_key(k->pub, k->priv);
    else if (k->alg == BENCH_EDDSA)
        ed448_shake256_public_key(k->pub, k->priv);
    else if (k->bits == BENCH_ECX_25519)
        curve25519_mul_g(k->pub, k->priv);
    else
        curve448_mul_g(k->pub, k->priv);
}

static size_t nt_ecx_len(bench_alg alg, unsigned bits)
{
    return bits == BENCH_ECX_25519 ? 32 : alg == BENCH_EDDSA ? 57 : 56;
}

static void *nt_ecx_generate(void *gen, bench_alg alg, unsigned bits)
{
    (void)gen;
    nt_ecx *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    k->alg = alg;
    k->bits = bits;
    k->len = nt_ecx_len(alg, bits);
    k->has_priv = 1;
    if (getrandom(k->priv, k->len, 0) != (ssize_t)k->len) {
        nt_ecx_free(k);
        return NULL;
    }
    nt_ecx_public(k);
    return k;
}

static void *nt_ecx_import(const bench_ecx_material *m)
{
    nt_ecx *k = calloc(1, sizeof *k);
    if (!k || m->len != nt_ecx_len(m->alg, m->bits)) {
        nt_ecx_free(k);
        return NULL;
    }
    k->alg = m->alg;
    k->bits = m->bits;
    k->len = m->len;
    memcpy(k->pub, m->pub, m->len);
    if (m->priv) {
        k->has_priv = 1;
        memcpy(k->priv, m->priv, m->len);
        nt_ecx_public(k);
        if (memcmp(k->pub, m->pub, m->len) != 0) {
            nt_ecx_free(k);
            return NULL;
        }
    }
    return k;
}

static int nt_ecx_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    nt_ecx *k = key;
    size_t need = k->bits == BENCH_ECX_25519 ? 64 : 114;
    if (!k->has_priv || *siglen < need)
        return -1;
    if (k->bits == BENCH_ECX_25519)
        ed25519_sha512_sign(k->pub, k->priv, len, msg, sig);
    else
        ed448_shake256_sign(k->pub, k->priv, len, msg, sig);
    *siglen = need;
    return 0;
}

static int nt_ecx_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    nt_ecx *k = key;
    if (siglen != (k->bits == BENCH_ECX_25519 ? 64u : 114u))
        return 0;
    return k->bits == BENCH_ECX_25519 ? ed25519_sha512_verify(k->pub, len, msg, sig) != 0
                                      : ed448_shake256_verify(k->pub, len, msg, sig) != 0;
}

static int nt_ecx_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    nt_ecx *k = key, *q = peer;
    if (!k->has_priv || *outlen < k->len)
        return -1;
    if (k->bits == BENCH_ECX_25519)
        curve25519_mul(out, k->priv, q->pub);
    else
        curve448_mul(out, k->priv, q->pub);
    uint8_t acc = 0;
    for (size_t i = 0; i < k->len; i++)
        acc |= out[i];
    *outlen = k->len;
    return acc ? 0 : -1;
}

const bench_provider bench_prov_nettle = {
    .name = "nettle",
    .library = "Nettle / hogweed",
    .version = nt_version,
    .rsa_supports = nt_rsa_supports,
    .rsa_generate = nt_rsa_generate,
    .rsa_import = nt_rsa_import,
    .rsa_free = nt_rsa_free,
    .rsa_modulus = nt_rsa_modulus,
    .rsa_sign = nt_rsa_sign,
    .rsa_verify = nt_rsa_verify,
    .rsa_private = nt_rsa_private,
    .rsa_public = gmp_rsa_public,
    .ec_supports = nt_ec_supports,
    .ec_generate = nt_ec_generate,
    .ec_import = nt_ec_import,
    .ec_free = nt_ec_free,
    .ec_sign = nt_ec_sign,
    .ec_verify = nt_ec_verify,
    .ec_derive = nt_ec_derive,
    .hash_supports = yes,
    .hash_new = nt_hash_new,
    .sha256 = nt_sha256,
    .hash_free = free,
    .aes_supports = bench_aes_every_mode,
    .aes_new = nt_aes_new,
    .aes_free = free,
    .aes_encrypt = nt_aes_enc,
    .aes_decrypt = nt_aes_dec,
    .ecx_supports = nt_ecx_supports,
    .ecx_generate = nt_ecx_generate,
    .ecx_import = nt_ecx_import,
    .ecx_free = nt_ecx_free,
    .ecx_sign = nt_ecx_sign,
    .ecx_verify = nt_ecx_verify,
    .ecx_derive = nt_ecx_derive,
};
