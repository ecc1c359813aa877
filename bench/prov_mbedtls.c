/* pkc bench — provider "mbedtls": Mbed TLS 2.28 (libmbedcrypto).
 *
 *   RSA keygen     mbedtls_rsa_gen_key (e = 65537)
 *   RSA import     mbedtls_rsa_import_raw (n, p, q, d, e), mbedtls_rsa_complete
 *                  (which derives dP, dQ, qInv) and mbedtls_rsa_check_privkey;
 *                  every operation first sets its scheme on the context
 *                  (mbedtls_rsa_set_padding: v1.5, or v2.1 with SHA-256, the
 *                  hash of OAEP and of PSS's MGF1), as 2.28 refuses a private
 *                  v1.5 operation on a v2.1 context and the reverse
 *   sign/verify    mbedtls_sha256_ret, then mbedtls_rsa_rsassa_pkcs1_v15_sign
 *                  / _verify, or mbedtls_rsa_rsassa_pss_sign_ext / _verify_ext
 *                  (salt 32, MGF1-SHA-256)
 *   encrypt/dec.   mbedtls_rsa_rsaes_oaep_encrypt / _decrypt (SHA-256,
 *                  MGF1-SHA-256, empty label)
 *   private/public mbedtls_rsa_private (CRT, blinded, the result checked with
 *                  e against fault attacks) / mbedtls_rsa_public
 *   ECDSA          mbedtls_sha256_ret, mbedtls_ecdsa_write_signature (RFC 6979
 *                  nonces: this build has MBEDTLS_ECDSA_DETERMINISTIC;
 *                  blinded), DER / mbedtls_ecdsa_read_signature
 *   ECDH           mbedtls_ecdh_compute_shared, which checks the peer's point
 *                  every call (an off-curve one is refused: tried)
 *   EC import      mbedtls_ecp_group_load per key, mbedtls_ecp_point_read_binary,
 *                  mbedtls_ecp_check_pubkey, _check_privkey and _check_pub_priv
 *                  (d*G = Q, which also builds the key's comb table for G)
 *   EC keygen      mbedtls_ecp_gen_keypair on a group loaded once per thread
 *                  and curve, whose table for G is built on its first use, as
 *                  in an application that keeps its group
 *   SHA-256        mbedtls_sha256_starts_ret / _update_ret / _finish_ret on a
 *                  kept context
 *   AES            mbedtls_aes_setkey_enc (and _setkey_dec for ECB/CBC
 *                  decryption) once per case; ECB = mbedtls_aes_crypt_ecb
 *                  block by block (its only ECB call), CBC =
 *                  mbedtls_aes_crypt_cbc, both with PKCS#7 done here
 *                  (bench/sym_pad.h: the aes.h layer has no padding); CTR =
 *                  mbedtls_aes_crypt_ctr (128-bit counter); GCM =
 *                  mbedtls_gcm_setkey once, mbedtls_gcm_crypt_and_tag /
 *                  mbedtls_gcm_auth_decrypt per message
 *   X25519/X448    the Montgomery curves of ecp.h (MBEDTLS_ECP_DP_CURVE25519,
 *                  _CURVE448, both in Debian's build; offered when
 *                  mbedtls_ecp_curve_list has them): import =
 *                  mbedtls_ecp_point_read_binary (little-endian u) and
 *                  mbedtls_ecp_check_pubkey, the private key clamped
 *                  (mbedtls_ecp_read_key; by hand for Curve448, which 2.28's
 *                  read_key refuses), mbedtls_ecp_check_privkey, and its
 *                  public key d * (9) / d * (5) (mbedtls_ecp_mul) compared
 *                  with the pool's; keygen mbedtls_ecp_gen_keypair on a
 *                  group loaded once per thread; derive
 *                  mbedtls_ecdh_compute_shared (it refuses a peer u of small
 *                  order), little-endian out, an all-zero secret refused
 *                  (RFC 7748 section 6.1)
 *   Ed25519/Ed448  absent: Mbed TLS 2.x has no EdDSA
 * Randomness: CTR_DRBG seeded from mbedtls_entropy, one per key (blinding,
 * salts, OAEP seeds) and one per thread for key generation. RSA up to
 * MBEDTLS_MPI_MAX_BITS (8192); the eight SEC 2 prime curves, not prime239v1,
 * no binary curve (Mbed TLS has none).
 */
#include <mbedtls/aes.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/entropy.h>
#include <mbedtls/gcm.h>
#include <mbedtls/rsa.h>
#include <mbedtls/sha256.h>
#include <mbedtls/version.h>
#include <stdlib.h>
#include <string.h>

#include "per_thread.h"
#include "sym_pad.h"
#include "provider.h"

/* Mbed TLS's group of each pkc curve, every one named: the binary curves
 * are MBEDTLS_ECP_DP_NONE (Mbed TLS has no GF(2^m) curves), and so is X9.62
 * prime239v1 (Mbed TLS has only the SEC 2 and Brainpool prime curves). The array's
 * length is one past its last designator, so a curve added to pkc_curve_id
 * without a line here stops the build; mb_ec_supports also checks each
 * mapping against Mbed TLS's own name for the group. */
static const mbedtls_ecp_group_id group_ids[] = {
    [PKC_CURVE_SECP192K1] = MBEDTLS_ECP_DP_SECP192K1,
    [PKC_CURVE_SECP192R1] = MBEDTLS_ECP_DP_SECP192R1,
    [PKC_CURVE_SECP224K1] = MBEDTLS_ECP_DP_SECP224K1,
    [PKC_CURVE_SECP224R1] = MBEDTLS_ECP_DP_SECP224R1,
    [PKC_CURVE_SECP256K1] = MBEDTLS_ECP_DP_SECP256K1,
    [PKC_CURVE_SECP256R1] = MBEDTLS_ECP_DP_SECP256R1,
    [PKC_CURVE_SECP384R1] = MBEDTLS_ECP_DP_SECP384R1,
    [PKC_CURVE_SECP521R1] = MBEDTLS_ECP_DP_SECP521R1,
    [PKC_CURVE_SECT163K1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT163R2] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT233K1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT233R1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT283K1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT283R1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT409K1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT409R1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT571K1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_SECT571R1] = MBEDTLS_ECP_DP_NONE,
    [PKC_CURVE_PRIME239V1] = MBEDTLS_ECP_DP_NONE, /* not in Mbed TLS's curve list */
};
_Static_assert(sizeof group_ids / sizeof group_ids[0] == PKC_CURVE_COUNT,
               "bench/prov_mbedtls.c: every pkc curve needs an Mbed TLS group (or NONE)");

/* A CTR_DRBG with the entropy source that seeds and reseeds it. */
typedef struct {
    mbedtls_entropy_context ent;
    mbedtls_ctr_drbg_context drbg;
    int ready;
} mb_rng;

static int mb_rng_ready(mb_rng *r)
{
    static const unsigned char pers[] = "pkc bench mbedtls";
    if (r->ready)
        return 0;
    mbedtls_entropy_init(&r->ent);
    mbedtls_ctr_drbg_init(&r->drbg);
    if (mbedtls_ctr_drbg_seed(&r->drbg, mbedtls_entropy_func, &r->ent, pers, sizeof pers - 1) !=
        0) {
        mbedtls_ctr_drbg_free(&r->drbg);
        mbedtls_entropy_free(&r->ent);
        return -1;
    }
    r->ready = 1;
    return 0;
}

static void mb_rng_free(mb_rng *r)
{
    if (!r->ready)
        return;
    mbedtls_ctr_drbg_free(&r->drbg);
    mbedtls_entropy_free(&r->ent);
    r->ready = 0;
}

/* A verify result: 0 for a signature the library rejects, -1 only when it
 * ran out of memory. */
static int rejected(int rc)
{
    return rc == MBEDTLS_ERR_MPI_ALLOC_FAILED || rc == MBEDTLS_ERR_ECP_ALLOC_FAILED ? -1 : 0;
}

static const char *mb_version(void)
{
    static char v[32];
    mbedtls_version_get_string_full(v); /* "mbed TLS 2.28.3": at most 18 bytes */
    return v;
}

/* ---- per thread: what key generation draws from ---- */

typedef struct {
    mb_rng rng;
    mbedtls_ecp_group grp[PKC_CURVE_COUNT]; /* loaded on first use */
    mbedtls_ecp_group xgrp[2];              /* Curve25519, Curve448: likewise */
} mb_thread;

static void mb_thread_destroy(void *p)
{
    mb_thread *t = p;
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        mbedtls_ecp_group_free(&t->grp[i]);
    for (int i = 0; i < 2; i++)
        mbedtls_ecp_group_free(&t->xgrp[i]);
    mb_rng_free(&t->rng);
    free(t);
}

static void *mb_thread_make(void)
{
    mb_thread *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        mbedtls_ecp_group_init(&t->grp[i]);
    for (int i = 0; i < 2; i++)
        mbedtls_ecp_group_init(&t->xgrp[i]);
    if (mb_rng_ready(&t->rng) != 0) {
        mb_thread_destroy(t);
        return NULL;
    }
    return t;
}

static bench_per_thread mb_threads = BENCH_PER_THREAD(mb_thread_make, mb_thread_destroy);

/* ---- RSA ---- */

typedef struct {
    mbedtls_rsa_context rsa;
    mb_rng rng;  /* made at import; for a generated key on first use */
    size_t k;
} mb_rsa;

static int mb_rsa_supports(unsigned bits, bench_op op)
{
    return bits >= 1024 && bits <= MBEDTLS_MPI_MAX_BITS && bits % 8 == 0 &&
           op <= BENCH_OP_PUBLIC;
}

static mb_rsa *rsa_new(void)
{
    mb_rsa *h = calloc(1, sizeof *h);
    if (h)
        mbedtls_rsa_init(&h->rsa, MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA256);
    return h;
}

/* v1.5 (pkcs1 = 1) or v2.1 with SHA-256 */
static mbedtls_rsa_context *rsa_scheme(mb_rsa *h, int pkcs1)
{
    mbedtls_rsa_set_padding(&h->rsa, pkcs1 ? MBEDTLS_RSA_PKCS_V15 : MBEDTLS_RSA_PKCS_V21,
                            MBEDTLS_MD_SHA256);
    return &h->rsa;
}

static void mb_rsa_free(void *key)
{
    mb_rsa *h = key;
    if (!h)
        return;
    mbedtls_rsa_free(&h->rsa); /* zeroes every component */
    mb_rng_free(&h->rng);
    free(h);
}

static void *mb_rsa_generate(void *gen, unsigned bits)
{
    (void)gen;
    mb_thread *t = bench_per_thread_get(&mb_threads);
    mb_rsa *h = t ? rsa_new() : NULL;
    if (!h || mbedtls_rsa_gen_key(&h->rsa, mbedtls_ctr_drbg_random, &t->rng.drbg, bits, 65537) !=
                  0) {
        mb_rsa_free(h);
        return NULL;
    }
    h->k = mbedtls_rsa_get_len(&h->rsa);
    return h;
}

static void *mb_rsa_import(const bench_rsa_material *m)
{
    mb_rsa *h = rsa_new();
    if (!h || mbedtls_rsa_import_raw(&h->rsa, m->n, m->nlen, m->p, m->plen, m->q, m->qlen, m->d,
                                     m->dlen, m->e, m->elen) != 0 ||
        mbedtls_rsa_complete(&h->rsa) != 0 || mbedtls_rsa_check_privkey(&h->rsa) != 0 ||
        mb_rng_ready(&h->rng) != 0) {
        mb_rsa_free(h);
        return NULL;
    }
    h->k = mbedtls_rsa_get_len(&h->rsa);
    return h;
}

static int mb_rsa_modulus(void *key, uint8_t *out, size_t cap, size_t *len)
{
    mb_rsa *h = key;
    if (cap < h->k ||
        mbedtls_rsa_export_raw(&h->rsa, out, h->k, NULL, 0, NULL, 0, NULL, 0, NULL, 0) != 0)
        return -1;
    *len = h->k;
    return 0;
}

static int mb_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                       size_t *siglen)
{
    mb_rsa *h = key;
    unsigned char dg[32];
    if (*siglen < h->k || mb_rng_ready(&h->rng) != 0 || mbedtls_sha256_ret(msg, len, dg, 0) != 0)
        return -1;
    mbedtls_rsa_context *c = rsa_scheme(h, !pss);
    int rc = pss ? mbedtls_rsa_rsassa_pss_sign_ext(c, mbedtls_ctr_drbg_random, &h->rng.drbg,
                                                   MBEDTLS_MD_SHA256, 32, dg, 32, sig)
                 : mbedtls_rsa_rsassa_pkcs1_v15_sign(c, mbedtls_ctr_drbg_random,
                                                     &h->rng.drbg, MBEDTLS_RSA_PRIVATE,
                                                     MBEDTLS_MD_SHA256, 32, dg, sig);
    *siglen = h->k;
    return rc == 0 ? 0 : -1;
}

static int mb_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                         size_t siglen)
{
    mb_rsa *h = key;
    unsigned char dg[32];
    if (siglen != h->k)
        return 0;
    if (mbedtls_sha256_ret(msg, len, dg, 0) != 0)
        return -1;
    mbedtls_rsa_context *c = rsa_scheme(h, !pss);
    int rc = pss ? mbedtls_rsa_rsassa_pss_verify_ext(c, NULL, NULL, MBEDTLS_RSA_PUBLIC,
                                                     MBEDTLS_MD_SHA256, 32, dg,
                                                     MBEDTLS_MD_SHA256, 32, sig)
                 : mbedtls_rsa_rsassa_pkcs1_v15_verify(c, NULL, NULL, MBEDTLS_RSA_PUBLIC,
                                                       MBEDTLS_MD_SHA256, 32, dg, sig);
    return rc == 0 ? 1 : rejected(rc);
}

static int mb_rsa_encrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                          size_t *outlen)
{
    mb_rsa *h = key;
    if (*outlen < h->k || mb_rng_ready(&h->rng) != 0 ||
        mbedtls_rsa_rsaes_oaep_encrypt(rsa_scheme(h, 0), mbedtls_ctr_drbg_random, &h->rng.drbg,
                                       MBEDTLS_RSA_PUBLIC, NULL, 0, inlen, in, out) != 0)
        return -1;
    *outlen = h->k;
    return 0;
}

static int mb_rsa_decrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                          size_t *outlen)
{
    mb_rsa *h = key;
    size_t l = 0;
    if (inlen != h->k || mb_rng_ready(&h->rng) != 0 ||
        mbedtls_rsa_rsaes_oaep_decrypt(rsa_scheme(h, 0), mbedtls_ctr_drbg_random, &h->rng.drbg,
                                       MBEDTLS_RSA_PRIVATE, NULL, 0, &l, in, out, *outlen) != 0)
        return -1;
    *outlen = l;
    return 0;
}

static int mb_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    mb_rsa *h = key;
    return mb_rng_ready(&h->rng) == 0 &&
                   mbedtls_rsa_private(&h->rsa, mbedtls_ctr_drbg_random, &h->rng.drbg, in,
                                       out) == 0
               ? 0
               : -1;
}

static int mb_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    mb_rsa *h = key;
    return mbedtls_rsa_public(&h->rsa, in, out) == 0 ? 0 : -1;
}

/* ---- elliptic curves ---- */

typedef struct {
    mbedtls_ecp_keypair kp;  /* the group, d (a private key) and Q */
    pkc_curve_id curve;
    int has_priv;
    int loaded;              /* kp.grp: a generated key loads it on first use */
    mb_rng rng;              /* a private key's: blinding */
    size_t fbytes;
} mb_ec;

static int mb_ec_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    if (!ci || ci->field != PKC_FIELD_PRIME || group_ids[curve] == MBEDTLS_ECP_DP_NONE)
        return 0;
    /* the mapping names the same curve (Mbed TLS names them as SEC 2 does) */
    const mbedtls_ecp_curve_info *info = mbedtls_ecp_curve_info_from_grp_id(group_ids[curve]);
    return info && info->name && strcmp(info->name, ci->name) == 0;
}

static mb_ec *ec_new(pkc_curve_id curve)
{
    mb_ec *h = calloc(1, sizeof *h);
    if (h) {
        mbedtls_ecp_keypair_init(&h->kp);
        h->curve = curve;
    }
    return h;
}

static void mb_ec_free(void *key)
{
    mb_ec *h = key;
    if (!h)
        return;
    mbedtls_ecp_keypair_free(&h->kp); /* zeroes d */
    mb_rng_free(&h->rng);
    free(h);
}

/* What a key needs before its first operation (made at import; for a
 * generated key, whose timed part was the generation, here). */
static int ec_ready(mb_ec *h)
{
    if (!h->loaded) {
        if (mbedtls_ecp_group_load(&h->kp.grp, group_ids[h->curve]) != 0)
            return -1;
        h->loaded = 1;
    }
    return h->has_priv ? mb_rng_ready(&h->rng) : 0;
}

static void *mb_ec_generate(void *gen, pkc_curve_id curve)
{
    (void)gen;
    mb_thread *t = bench_per_thread_get(&mb_threads);
    mb_ec *h = t ? ec_new(curve) : NULL;
    if (!h)
        return NULL;
    mbedtls_ecp_group *g = &t->grp[curve];
    if ((g->id == MBEDTLS_ECP_DP_NONE && mbedtls_ecp_group_load(g, group_ids[curve]) != 0) ||
        mbedtls_ecp_gen_keypair(g, &h->kp.d, &h->kp.Q, mbedtls_ctr_drbg_random, &t->rng.drbg) !=
            0) {
        mb_ec_free(h);
        return NULL;
    }
    h->has_priv = 1;
    h->fbytes = (g->pbits + 7) / 8;
    return h;
}

static void *mb_ec_import(const bench_ec_material *m)
{
    mb_ec *h = ec_new(m->curve);
    if (!h)
        return NULL;
    mbedtls_ecp_keypair *kp = &h->kp;
    h->has_priv = m->d != NULL;
    int ok = ec_ready(h) == 0 &&
             mbedtls_ecp_point_read_binary(&kp->grp, &kp->Q, m->q, m->qlen) == 0 &&
             mbedtls_ecp_check_pubkey(&kp->grp, &kp->Q) == 0;
    if (ok && m->d)
        ok = mbedtls_mpi_read_binary(&kp->d, m->d, m->dlen) == 0 &&
             mbedtls_ecp_check_privkey(&kp->grp, &kp->d) == 0 &&
             mbedtls_ecp_check_pub_priv(kp, kp) == 0;
    if (!ok) {
        mb_ec_free(h);
        return NULL;
    }
    h->fbytes = (kp->grp.pbits + 7) / 8;
    return h;
}

static int mb_ec_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    mb_ec *h = key;
    unsigned char dg[32];
    /* mbedtls_ecdsa_write_signature takes no capacity: room for the largest */
    if (!h->has_priv || *siglen < MBEDTLS_ECDSA_MAX_LEN || ec_ready(h) != 0 ||
        mbedtls_sha256_ret(msg, len, dg, 0) != 0)
        return -1;
    return mbedtls_ecdsa_write_signature(&h->kp, MBEDTLS_MD_SHA256, dg, sizeof dg, sig, siglen,
                                         mbedtls_ctr_drbg_random, &h->rng.drbg) == 0
               ? 0
               : -1;
}

static int mb_ec_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t siglen)
{
    mb_ec *h = key;
    unsigned char dg[32];
    if (ec_ready(h) != 0 || mbedtls_sha256_ret(msg, len, dg, 0) != 0)
        return -1;
    int rc = mbedtls_ecdsa_read_signature(&h->kp, dg, sizeof dg, sig, siglen);
    return rc == 0 ? 1 : rejected(rc);
}

static int mb_ec_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    mb_ec *h = key, *q = peer;
    if (!h->has_priv || *outlen < h->fbytes || ec_ready(h) != 0)
        return -1;
    mbedtls_mpi z;
    mbedtls_mpi_init(&z);
    int rc = mbedtls_ecdh_compute_shared(&h->kp.grp, &z, &q->kp.Q, &h->kp.d,
                                         mbedtls_ctr_drbg_random, &h->rng.drbg);
    if (rc == 0)
        rc = mbedtls_mpi_write_binary(&z, out, h->fbytes);
    mbedtls_mpi_free(&z);
    *outlen = h->fbytes;
    return rc == 0 ? 0 : -1;
}

/* ---- SHA-256 ---- */

static int yes(void)
{
    return 1;
}

static void *mb_hash_new(void)
{
    mbedtls_sha256_context *c = malloc(sizeof *c);
    if (c)
        mbedtls_sha256_init(c);
    return c;
}

static int mb_sha256(void *ctx, const uint8_t *msg, size_t len, uint8_t out[32])
{
    return mbedtls_sha256_starts_ret(ctx, 0) == 0 && mbedtls_sha256_update_ret(ctx, msg, len) == 0 &&
                   mbedtls_sha256_finish_ret(ctx, out) == 0
               ? 0
               : -1;
}

static void mb_hash_free(void *ctx)
{
    if (ctx)
        mbedtls_sha256_free(ctx);
    free(ctx);
}

/* ---- AES ---- */

typedef struct {
    bench_alg mode;
    mbedtls_aes_context enc, dec;
    mbedtls_gcm_context gcm;
    unsigned char iv[16]; /* CBC's chaining value, CTR's counter, during a call */
} mb_aes_h;

static void mb_aes_free(void *ctx)
{
    mb_aes_h *h = ctx;
    if (!h)
        return;
    mbedtls_aes_free(&h->enc);
    mbedtls_aes_free(&h->dec);
    mbedtls_gcm_free(&h->gcm);
    free(h);
}

static void *mb_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    mb_aes_h *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->mode = mode;
    mbedtls_aes_init(&h->enc);
    mbedtls_aes_init(&h->dec);
    mbedtls_gcm_init(&h->gcm);
    int rc = mode == BENCH_AES_GCM
                 ? mbedtls_gcm_setkey(&h->gcm, MBEDTLS_CIPHER_ID_AES, key, bits)
                 : mbedtls_aes_setkey_enc(&h->enc, key, bits) |
                       mbedtls_aes_setkey_dec(&h->dec, key, bits);
    if (rc != 0) {
        mb_aes_free(h);
        return NULL;
    }
    return h;
}

/* ECB or CBC over whole blocks (in place allowed), with PKCS#7 around it */
static int mb_blocks(mb_aes_h *h, int enc, uint8_t *out, const uint8_t *in, size_t len)
{
    mbedtls_aes_context *c = enc ? &h->enc : &h->dec;
    int dir = enc ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT;
    if (h->mode == BENCH_AES_CBC)
        return mbedtls_aes_crypt_cbc(c, dir, len, h->iv, in, out) ? -1 : 0;
    for (size_t i = 0; i < len; i += 16) /* the aes.h layer's ECB is one block a call */
        if (mbedtls_aes_crypt_ecb(c, dir, in + i, out + i) != 0)
            return -1;
    return 0;
}

static int mb_aes_crypt(void *ctx, int enc, const uint8_t *iv, const uint8_t *in, size_t len,
                        uint8_t *out, size_t *outlen)
{
    mb_aes_h *h = ctx;
    unsigned char stream[16];
    size_t off = 0;
    memcpy(h->iv, iv, 16);
    switch (h->mode) {
    case BENCH_AES_ECB:
    case BENCH_AES_CBC:
        if (enc) {
            *outlen = bench_pkcs7_pad(out, in, len);
            return mb_blocks(h, 1, out, out, *outlen);
        }
        if (len == 0 || len % 16 || mb_blocks(h, 0, out, in, len) != 0)
            return -1;
        *outlen = bench_pkcs7_unpad(out, len);
        return *outlen == (size_t)-1 ? -1 : 0;
    case BENCH_AES_CTR:
        *outlen = len;
        return mbedtls_aes_crypt_ctr(&h->enc, len, &off, h->iv, stream, in, out) ? -1 : 0;
    case BENCH_AES_GCM:
        if (enc) {
            *outlen = len + 16;
            return mbedtls_gcm_crypt_and_tag(&h->gcm, MBEDTLS_GCM_ENCRYPT, len, iv, 12, NULL, 0,
                                             in, out, 16, out + len)
                       ? -1
                       : 0;
        }
        if (len < 16)
            return -1;
        *outlen = len - 16;
        return mbedtls_gcm_auth_decrypt(&h->gcm, len - 16, iv, 12, NULL, 0, in + len - 16, 16, in,
                                        out)
                   ? -1
                   : 0;
    default: return -1;
    }
}

static int mb_aes_encrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *outlen)
{
    return mb_aes_crypt(ctx, 1, iv, in, len, out, outlen);
}

static int mb_aes_decrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *outlen)
{
    return mb_aes_crypt(ctx, 0, iv, in, len, out, outlen);
}
/* ---- X25519 and X448 on Mbed TLS's Montgomery curves (ecp.h) ---- */

typedef struct {
    mbedtls_ecp_keypair kp;  /* the group, d (clamped, a private key) and Q = (u) */
    mbedtls_ecp_group_id id;
    int has_priv;
    int loaded;              /* kp.grp: a generated key loads it on first use */
    mb_rng rng;              /* a private key's: the ladder's randomised coordinates */
    size_t len;              /* 32 or 56 */
} mb_ecx;

static mbedtls_ecp_group_id ecx_group(unsigned bits)
{
    return bits == BENCH_ECX_25519 ? MBEDTLS_ECP_DP_CURVE25519 : MBEDTLS_ECP_DP_CURVE448;
}

/* X25519 and X448 when this build lists the curve (Debian's has both);
 * no EdDSA: Mbed TLS 2.x has none */
static int mb_ecx_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    if (alg != BENCH_XDH || !bench_ecx_name(alg, bits))
        return 0;
    mbedtls_ecp_group_id id = ecx_group(bits);
    for (const mbedtls_ecp_curve_info *ci = mbedtls_ecp_curve_list();
         ci->grp_id != MBEDTLS_ECP_DP_NONE; ci++)
        if (ci->grp_id == id)
            return 1;
    return 0;
}

static mb_ecx *ecx_new(unsigned bits)
{
    mb_ecx *h = calloc(1, sizeof *h);
    if (h) {
        mbedtls_ecp_keypair_init(&h->kp);
        h->id = ecx_group(bits);
        h->len = bits == BENCH_ECX_25519 ? 32 : 56;
    }
    return h;
}

static void mb_ecx_free(void *key)
{
    mb_ecx *h = key;
    if (!h)
        return;
    mbedtls_ecp_keypair_free(&h->kp); /* zeroes d */
    mb_rng_free(&h->rng);
    free(h);
}

static int ecx_ready(mb_ecx *h)
{
    if (!h->loaded) {
        if (mbedtls_ecp_group_load(&h->kp.grp, h->id) != 0)
            return -1;
        h->loaded = 1;
    }
    return h->has_priv ? mb_rng_ready(&h->rng) : 0;
}

static void *mb_ecx_generate(void *gen, bench_alg alg, unsigned bits)
{
    (void)gen;
    (void)alg;
    mb_thread *t = bench_per_thread_get(&mb_threads);
    mb_ecx *h = t ? ecx_new(bits) : NULL;
    if (!h)
        return NULL;
    mbedtls_ecp_group *g = &t->xgrp[bits == BENCH_ECX_25519 ? 0 : 1];
    /* random bytes, clamped as RFC 7748 section 5 does (mbedtls_ecp_gen_privkey),
     * and Q = d * (9) or d * (5) */
    if ((g->id == MBEDTLS_ECP_DP_NONE && mbedtls_ecp_group_load(g, h->id) != 0) ||
        mbedtls_ecp_gen_keypair(g, &h->kp.d, &h->kp.Q, mbedtls_ctr_drbg_random, &t->rng.drbg) !=
            0) {
        mb_ecx_free(h);
        return NULL;
    }
    h->has_priv = 1;
    return h;
}

/* The raw private key as Mbed TLS keeps it: decodeScalar25519/448 of RFC
 * 7748 section 5 (little-endian, clamped). mbedtls_ecp_read_key does it for
 * Curve25519; 2.28's refuses Curve448 (MBEDTLS_ERR_ECP_FEATURE_UNAVAILABLE),
 * whose clamping is done here: the two low bits cleared, bit 447 set. */
static int ecx_read_private(mb_ecx *h, const uint8_t *priv)
{
    mbedtls_ecp_keypair *kp = &h->kp;
    if (h->id == MBEDTLS_ECP_DP_CURVE25519)
        return mbedtls_ecp_read_key(h->id, kp, priv, h->len) == 0 ? 0 : -1;
    return mbedtls_mpi_read_binary_le(&kp->d, priv, h->len) == 0 &&
                   mbedtls_mpi_set_bit(&kp->d, 0, 0) == 0 &&
                   mbedtls_mpi_set_bit(&kp->d, 1, 0) == 0 &&
                   mbedtls_mpi_set_bit(&kp->d, 8 * h->len - 1, 1) == 0
               ? 0
               : -1;
}

/* The public key (little-endian u, RFC 7748) is read with
 * mbedtls_ecp_point_read_binary and checked with mbedtls_ecp_check_pubkey
 * (which refuses u = 0, 1 and the other points of small order); a private
 * key's public key d * (9) or d * (5), from mbedtls_ecp_mul, must be the
 * pool's. */
static void *mb_ecx_import(const bench_ecx_material *m)
{
    mb_ecx *h = m->alg == BENCH_XDH ? ecx_new(m->bits) : NULL;
    if (!h || m->len != h->len)
        goto fail;
    mbedtls_ecp_keypair *kp = &h->kp;
    h->has_priv = m->priv != NULL;
    if (ecx_ready(h) != 0 ||
        mbedtls_ecp_point_read_binary(&kp->grp, &kp->Q, m->pub, m->len) != 0 ||
        mbedtls_ecp_check_pubkey(&kp->grp, &kp->Q) != 0)
        goto fail;
    if (m->priv) {
        mbedtls_ecp_point R;
        uint8_t pub[56];
        size_t l = 0;
        mbedtls_ecp_point_init(&R);
        int ok = ecx_read_private(h, m->priv) == 0 &&
                 mbedtls_ecp_check_privkey(&kp->grp, &kp->d) == 0 &&
                 mbedtls_ecp_mul(&kp->grp, &R, &kp->d, &kp->grp.G, mbedtls_ctr_drbg_random,
                                 &h->rng.drbg) == 0 &&
                 mbedtls_ecp_point_write_binary(&kp->grp, &R, MBEDTLS_ECP_PF_UNCOMPRESSED, &l,
                                                pub, sizeof pub) == 0 &&
                 l == m->len && memcmp(pub, m->pub, l) == 0;
        mbedtls_ecp_point_free(&R);
        if (!ok)
            goto fail;
    }
    return h;
fail:
    mb_ecx_free(h);
    return NULL;
}

/* mbedtls_ecdh_compute_shared (the Montgomery ladder; it checks the peer's
 * u first), the secret written little-endian as RFC 7748 has it (what
 * mbedtls_ecdh_calc_secret writes on these curves); an all-zero secret
 * fails (RFC 7748 section 6.1). */
static int mb_ecx_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    mb_ecx *h = key, *q = peer;
    if (!h->has_priv || q->id != h->id || *outlen < h->len || ecx_ready(h) != 0)
        return -1;
    mbedtls_mpi z;
    mbedtls_mpi_init(&z);
    int rc = mbedtls_ecdh_compute_shared(&h->kp.grp, &z, &q->kp.Q, &h->kp.d,
                                         mbedtls_ctr_drbg_random, &h->rng.drbg);
    if (rc == 0)
        rc = mbedtls_mpi_write_binary_le(&z, out, h->len);
    mbedtls_mpi_free(&z);
    uint8_t acc = 0;
    for (size_t i = 0; rc == 0 && i < h->len; i++)
        acc |= out[i];
    *outlen = h->len;
    return rc == 0 && acc ? 0 : -1;
}

const bench_provider bench_prov_mbedtls = {
    .name = "mbedtls",
    .library = "Mbed TLS libmbedcrypto",
    .version = mb_version,
    .rsa_supports = mb_rsa_supports,
    .rsa_generate = mb_rsa_generate,
    .rsa_import = mb_rsa_import,
    .rsa_free = mb_rsa_free,
    .rsa_modulus = mb_rsa_modulus,
    .rsa_sign = mb_rsa_sign,
    .rsa_verify = mb_rsa_verify,
    .rsa_encrypt = mb_rsa_encrypt,
    .rsa_decrypt = mb_rsa_decrypt,
    .rsa_private = mb_rsa_private,
    .rsa_public = mb_rsa_public,
    .ec_supports = mb_ec_supports,
    .ec_generate = mb_ec_generate,
    .ec_import = mb_ec_import,
    .ec_free = mb_ec_free,
    .ec_sign = mb_ec_sign,
    .ec_verify = mb_ec_verify,
    .ec_derive = mb_ec_derive,
    .hash_supports = yes,
    .hash_new = mb_hash_new,
    .sha256 = mb_sha256,
    .hash_free = mb_hash_free,
    .aes_supports = bench_aes_every_mode,
    .aes_new = mb_aes_new,
    .aes_free = mb_aes_free,
    .aes_encrypt = mb_aes_encrypt,
    .aes_decrypt = mb_aes_decrypt,
    .ecx_supports = mb_ecx_supports,
    .ecx_generate = mb_ecx_generate,
    .ecx_import = mb_ecx_import,
    .ecx_free = mb_ecx_free,
    .ecx_derive = mb_ecx_derive,
};
