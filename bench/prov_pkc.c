/* pkc bench — providers for pkc itself, one per variant:
 *
 *   pkc           RSA with the CRT private operation (blinded, mpn_sec_*),
 *                 EC in Jacobian coordinates, SHA-256 (SHA-NI when present)
 *   pkc-affine    EC in affine coordinates (one inversion per addition)
 *   pkc-textbook  RSA private operation without CRT (plain mpz_powm): the
 *                 seed study's comparison; sign, sign_pss, decrypt, private
 *   pkc-portable  SHA-256 with the portable compression function
 *
 * Signing hashes the message with pkc's SHA-256 inside the timed region,
 * like every other provider. Keys come from a fixed-seed DRBG unless the
 * run asked for random seeding (-s random).
 */
#include <stdlib.h>
#include <string.h>

#include "pkc/hash.h"
#include "pkc/rng.h"
#include "prov_util.h"

/* Switched on as the modules land (rsa.h / ec.h implementations). */
#ifndef PROV_PKC_RSA
#define PROV_PKC_RSA 1
#endif
#ifndef PROV_PKC_EC
#define PROV_PKC_EC 1
#endif
#ifndef PROV_PKC_EC_HOOKS
#define PROV_PKC_EC_HOOKS 1
#endif

#if PROV_PKC_RSA
#include "pkc/rsa.h"
#endif
#if PROV_PKC_EC
#include "ec/ec_internal.h"
#include "ec/ec_proto.h"
#include "ec/lab.h"
#include "pkc/ec.h"
#endif

typedef enum { V_PKC, V_AFFINE, V_TEXTBOOK, V_PORTABLE } pkc_variant;

typedef struct {
    bench_params p;
    pkc_variant v;
    pkc_rng rng;
    uint8_t out[PKC_HASH_MAX_SIZE + 2048];
    uint8_t sig[2048];
    size_t siglen;
    uint8_t in[2048];
#if PROV_PKC_RSA
    pkc_rsa_key *rsa;      /* from the cache */
    size_t k;
#endif
#if PROV_PKC_EC
    pkc_ec_private_key key;
    pkc_ec_public_key peer;
    const pkc_ec_curve *curve;
    pkc_ec_scalar scalar;
    pkc_ec_affine P, Q, R;
    const pkc_ec_lab *lab;    /* point add/double operands (src/ec/lab.h) */
    pkc_ec_lab_jac A, B;
    pkc_ec_lab_aff a, b;
#endif
} pkc_state;

static const char *pkc_prov_version(void)
{
    return pkc_version();
}

static int variant_supports(pkc_variant v, const bench_params *p)
{
    switch (p->alg) {
    case BENCH_SHA256:
        return v == V_PKC || v == V_PORTABLE;
    case BENCH_RSA:
#if PROV_PKC_RSA
        if (!prov_rsa_op(p->op) || !prov_rsa_bits_ok(p->bits))
            return 0;
        if (v == V_PKC)
            return 1;
        if (v == V_TEXTBOOK)
            return p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS ||
                   p->op == BENCH_OP_DECRYPT || p->op == BENCH_OP_PRIVATE;
#endif
        return 0;
    case BENCH_ECDSA:
    case BENCH_ECDH:
#if PROV_PKC_EC
        return (v == V_PKC || v == V_AFFINE) && p->curve >= 0 && p->curve < BENCH_NCURVES;
#else
        return 0;
#endif
    case BENCH_EC:
#if PROV_PKC_EC
        if (!(v == V_PKC || v == V_AFFINE))
            return 0;
        if (p->op == BENCH_OP_SCALAR_MUL || p->op == BENCH_OP_SCALAR_MUL_BASE)
            return 1;
#if PROV_PKC_EC_HOOKS
        return 1;
#endif
#endif
        return 0;
    default:
        return 0;
    }
}

#if PROV_PKC_RSA
static prov_key_slot rsa_cache[PROV_KEY_SLOTS];

static pkc_rsa_key *rsa_key(const bench_params *p)
{
    pkc_rsa_key *k = prov_cache_get(rsa_cache, p->bits);
    if (k)
        return k;
    pkc_rng rng;
    /* Key material from its own deterministic stream so every run (with
     * the fixed seed) measures the same key. */
    if ((p->fixed_seed ? pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, p->seed ^ p->bits)
                       : pkc_rng_init_random(&rng, PKC_HASH_SHA256)) != PKC_OK)
        return NULL;
    if (pkc_rsa_generate(&k, p->bits, PKC_RSA_DEFAULT_E, &rng) != PKC_OK)
        k = NULL;
    pkc_rng_wipe(&rng);
    if (k)
        prov_cache_put(rsa_cache, p->bits, k);
    return k;
}

static pkc_rsa_mode rsa_mode(const pkc_state *s)
{
    return s->v == V_TEXTBOOK ? PKC_RSA_MODE_TEXTBOOK_UNSAFE : PKC_RSA_MODE_CRT;
}

static int rsa_sign(pkc_state *s, uint8_t *sig, size_t *siglen)
{
    uint8_t dg[32];
    if (pkc_hash(PKC_HASH_SHA256, s->p.msg, s->p.msg_len, dg) != PKC_OK)
        return -1;
    pkc_err e;
    if (s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS)
        e = pkc_rsa_pss_sign(s->rsa, &s->rng, rsa_mode(s), PKC_HASH_SHA256, PKC_RSA_SALT_HASHLEN,
                             dg, 32, sig, sizeof s->sig, siglen);
    else
        e = pkc_rsa_pkcs1_sign(s->rsa, &s->rng, rsa_mode(s), PKC_HASH_SHA256, dg, 32, sig,
                               sizeof s->sig, siglen);
    return e == PKC_OK ? 0 : -1;
}

/* 1 valid, 0 not */
static int rsa_verify(pkc_state *s, const uint8_t *sig, size_t siglen)
{
    uint8_t dg[32];
    if (pkc_hash(PKC_HASH_SHA256, s->p.msg, s->p.msg_len, dg) != PKC_OK)
        return 0;
    pkc_err e;
    if (s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS)
        e = pkc_rsa_pss_verify(s->rsa, PKC_HASH_SHA256, 32, dg, 32, sig, siglen);
    else
        e = pkc_rsa_pkcs1_verify(s->rsa, PKC_HASH_SHA256, dg, 32, sig, siglen);
    return e == PKC_OK;
}
#endif

#if PROV_PKC_EC
static pkc_ec_coords coords_of(const pkc_state *s)
{
    return s->v == V_AFFINE ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
}

static pkc_err ec_sign(const pkc_state *s, uint8_t *sig, size_t cap, size_t *siglen)
{
    uint8_t h[32];
    pkc_hash(PKC_HASH_SHA256, s->p.msg, s->p.msg_len, h);
    return pkc_ecdsa_sign_digest_coords(&s->key, PKC_HASH_SHA256, h, 32, NULL, sig, cap, siglen,
                                        coords_of(s));
}

static pkc_err ec_verify(const pkc_state *s, const uint8_t *sig, size_t siglen)
{
    uint8_t h[32];
    pkc_hash(PKC_HASH_SHA256, s->p.msg, s->p.msg_len, h);
    return pkc_ecdsa_verify_digest_coords(&s->key.pub, h, 32, sig, siglen, coords_of(s));
}

static int pkc_ec_pubkey_fn(int curve, const uint8_t *e, size_t elen, uint8_t *q, size_t *qlen)
{
    pkc_ec_private_key k;
    int rc = -1;
    if (pkc_ec_private_key_from_bytes(&k, (pkc_curve_id)curve, e, elen) == PKC_OK &&
        pkc_ec_point_encode(&k.pub, 0, q, *qlen, qlen) == PKC_OK)
        rc = 0;
    pkc_ec_private_key_wipe(&k);
    return rc;
}
#endif

static void pkc_teardown(void *st)
{
    pkc_state *s = st;
    if (!s)
        return;
    pkc_rng_wipe(&s->rng);
#if PROV_PKC_EC
    pkc_ec_private_key_wipe(&s->key);
#endif
    free(s);
}

static void *pkc_setup_v(pkc_variant v, const bench_params *p, char *err, size_t errlen)
{
    pkc_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    s->v = v;
    if ((p->fixed_seed ? pkc_rng_init_fixed(&s->rng, PKC_HASH_SHA256, p->seed)
                       : pkc_rng_init_random(&s->rng, PKC_HASH_SHA256)) != PKC_OK) {
        prov_err(err, errlen, "DRBG instantiation failed");
        goto fail;
    }
    switch (p->alg) {
    case BENCH_SHA256:
        if (v == V_PORTABLE && pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE) != PKC_OK)
            goto fail;
        pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
        return s;
#if PROV_PKC_RSA
    case BENCH_RSA:
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        s->rsa = rsa_key(p);
        if (!s->rsa) {
            prov_err(err, errlen, "RSA-%u key generation failed", p->bits);
            goto fail;
        }
        s->k = pkc_rsa_size(s->rsa);
        if (s->k > sizeof s->in)
            goto fail;
        switch (p->op) {
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            if (rsa_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
            break;
        case BENCH_OP_ENCRYPT:
        case BENCH_OP_DECRYPT:
            prov_kex_message(s->in);
            if (pkc_rsa_oaep_encrypt(s->rsa, &s->rng, NULL, s->in, PROV_KEX_LEN, s->sig,
                                     sizeof s->sig, &s->siglen) != PKC_OK)
                goto fail;
            break;
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC:
            prov_raw_input(s->in, s->k);
            break;
        default:
            break;
        }
        return s;
#endif
#if PROV_PKC_EC
    case BENCH_ECDSA:
    case BENCH_ECDH:
    case BENCH_EC: {
        pkc_curve_id cid = (pkc_curve_id)p->curve;
        s->curve = pkc_ec_curve_get(cid);
        if (!s->curve)
            goto fail;
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        if (p->op == BENCH_OP_DERIVE) {
            if (pkc_ec_private_key_from_bytes(&s->key, cid, p->ecdh_d, p->ecdh_dlen) != PKC_OK ||
                pkc_ec_point_decode(&s->peer, cid, p->ecdh_q, p->ecdh_qlen) != PKC_OK) {
                prov_err(err, errlen, "cannot import the ECDH test keys");
                goto fail;
            }
            return s;
        }
        if (pkc_ec_keygen_coords(&s->key, cid, &s->rng, coords_of(s)) != PKC_OK)
            goto fail;
        if (p->op == BENCH_OP_VERIFY && ec_sign(s, s->sig, sizeof s->sig, &s->siglen) != PKC_OK)
            goto fail;
        if (p->alg == BENCH_EC) {
            /* Scalar: a fixed full-size value below n; points: the key
             * pair's public point and a second one. */
            uint8_t kb[66];
            size_t ob = bench_curves[p->curve].order_bytes;
            for (size_t i = 0; i < ob; i++)
                kb[i] = (uint8_t)(0x5a ^ (13 * i));
            kb[0] = 0;
            pkc_ec_scalar_reduce_bytes(s->curve, &s->scalar, kb, ob);
            s->P = *pkc_ec_pub_point_const(&s->key.pub);
            pkc_ec_mul_base(s->curve, coords_of(s), &s->Q, &s->scalar);
            /* point add/double operands: A = 4G (Z != 1), B = 9G; a = 2G, b = G */
            s->lab = pkc_ec_lab_get(cid);
            pkc_ec_affine G2;
            pkc_ec_scalar two = {{2}};
            pkc_ec_mul_base(s->curve, PKC_EC_JACOBIAN, &G2, &two);
            s->lab->jac_from_affine(&s->A, &G2);
            s->lab->jac_dbl(&s->A, &s->A);
            s->B = s->A;
            s->lab->jac_dbl(&s->B, &s->B);
            s->lab->jac_add_var(&s->B, &s->A);
            s->lab->aff_from_affine(&s->a, &G2);
            s->lab->aff_from_affine(&s->b, &s->P);
        }
        return s;
    }
#endif
    default:
        break;
    }
fail:
    if (err && !err[0])
        prov_err(err, errlen, "pkc setup failed");
    pkc_teardown(s);
    return NULL;
}

static int pkc_run(void *st, uint64_t n)
{
    pkc_state *s = st;
    const bench_params *p = &s->p;
    if (p->alg == BENCH_SHA256) {
        if (s->v == V_PORTABLE)
            pkc_sha256_set_impl(PKC_SHA256_IMPL_PORTABLE);
        for (uint64_t i = 0; i < n; i++)
            pkc_hash(PKC_HASH_SHA256, p->msg, p->msg_len, s->out);
        if (s->v == V_PORTABLE)
            pkc_sha256_set_impl(PKC_SHA256_IMPL_AUTO);
        return 0;
    }
#if PROV_PKC_RSA
    if (p->alg == BENCH_RSA) {
        for (uint64_t i = 0; i < n; i++) {
            size_t l;
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                pkc_rsa_key *k = NULL;
                if (pkc_rsa_generate(&k, p->bits, PKC_RSA_DEFAULT_E, &s->rng) != PKC_OK)
                    return -1;
                pkc_rsa_key_free(k);
                break;
            }
            case BENCH_OP_SIGN:
            case BENCH_OP_SIGN_PSS:
                if (rsa_sign(s, s->out, &l) != 0)
                    return -1;
                break;
            case BENCH_OP_VERIFY:
            case BENCH_OP_VERIFY_PSS:
                if (!rsa_verify(s, s->sig, s->siglen))
                    return -1;
                break;
            case BENCH_OP_ENCRYPT:
                if (pkc_rsa_oaep_encrypt(s->rsa, &s->rng, NULL, s->in, PROV_KEX_LEN, s->out,
                                         sizeof s->out, &l) != PKC_OK)
                    return -1;
                break;
            case BENCH_OP_DECRYPT:
                if (pkc_rsa_oaep_decrypt(s->rsa, &s->rng, rsa_mode(s), NULL, s->sig, s->siglen,
                                         s->out, sizeof s->out, &l) != PKC_OK)
                    return -1;
                break;
            case BENCH_OP_PRIVATE:
                if (pkc_rsa_private_mode(s->rsa, rsa_mode(s), &s->rng, s->in, s->out) != PKC_OK)
                    return -1;
                break;
            case BENCH_OP_PUBLIC:
                if (pkc_rsa_public_raw(s->rsa, s->in, s->out) != PKC_OK)
                    return -1;
                break;
            default:
                return -1;
            }
        }
        return 0;
    }
#endif
#if PROV_PKC_EC
    if (p->alg == BENCH_ECDSA || p->alg == BENCH_ECDH || p->alg == BENCH_EC) {
        for (uint64_t i = 0; i < n; i++) {
            size_t l;
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                pkc_ec_private_key k;
                if (pkc_ec_keygen_coords(&k, (pkc_curve_id)p->curve, &s->rng, coords_of(s)) !=
                    PKC_OK)
                    return -1;
                pkc_ec_private_key_wipe(&k);
                break;
            }
            case BENCH_OP_SIGN:
                if (ec_sign(s, s->out, sizeof s->out, &l) != PKC_OK)
                    return -1;
                break;
            case BENCH_OP_VERIFY:
                if (ec_verify(s, s->sig, s->siglen) != PKC_OK)
                    return -1;
                break;
            case BENCH_OP_DERIVE:
                if (pkc_ecdh_coords(&s->key, &s->peer, s->out, sizeof s->out, &l, coords_of(s)) !=
                    PKC_OK)
                    return -1;
                break;
            case BENCH_OP_SCALAR_MUL:
                pkc_ec_mul(s->curve, coords_of(s), &s->R, &s->scalar, &s->P);
                break;
            case BENCH_OP_SCALAR_MUL_BASE:
                pkc_ec_mul_base(s->curve, coords_of(s), &s->R, &s->scalar);
                break;
#if PROV_PKC_EC_HOOKS
            case BENCH_OP_POINT_ADD:
                if (s->v == V_AFFINE) {
                    s->lab->aff_add(&s->a, &s->a, &s->b);
                } else {
                    uint64_t h0, r0;
                    s->lab->jac_add(&s->A, &s->A, &s->B, &h0, &r0);
                }
                break;
            case BENCH_OP_POINT_DOUBLE:
                if (s->v == V_AFFINE)
                    s->lab->aff_add(&s->a, &s->a, &s->a);
                else
                    s->lab->jac_dbl(&s->A, &s->A);
                break;
#endif
            default:
                return -1;
            }
        }
        return 0;
    }
#endif
    return -1;
}

static int pkc_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    pkc_state *s = st;
    const bench_params *p = &s->p;
    if (p->alg == BENCH_SHA256) {
        /* the digest is compared with pkc's default implementation's by
         * the engine, so the portable variant is checked against SHA-NI */
        pkc_run(s, 1);
        memcpy(out, s->out, 32);
        *outlen = 32;
        return 0;
    }
#if PROV_PKC_RSA
    if (p->alg == BENCH_RSA) {
        switch (p->op) {
        case BENCH_OP_KEYGEN: {
            pkc_rsa_key *k = NULL;
            if (pkc_rsa_generate(&k, p->bits, PKC_RSA_DEFAULT_E, &s->rng) != PKC_OK)
                return -1;
            unsigned bits = pkc_rsa_bits(k);
            pkc_err e = pkc_rsa_check_private(k, &s->rng);
            pkc_rsa_key_free(k);
            if (bits != p->bits || e != PKC_OK) {
                prov_err(err, errlen, "generated a bad key (%u bits, %s)", bits,
                         pkc_strerror(e));
                return -1;
            }
            return 0;
        }
        case BENCH_OP_SIGN:
        case BENCH_OP_SIGN_PSS:
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS: {
            uint8_t sig[2048];
            size_t l = s->siglen;
            if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
                if (rsa_sign(s, sig, &l) != 0) {
                    prov_err(err, errlen, "signing failed");
                    return -1;
                }
            } else
                memcpy(sig, s->sig, l);
            if (!rsa_verify(s, sig, l)) {
                prov_err(err, errlen, "the signature does not verify");
                return -1;
            }
            sig[l / 2] ^= 1;
            if (rsa_verify(s, sig, l)) {
                prov_err(err, errlen, "a tampered signature verifies");
                return -1;
            }
            return 0;
        }
        case BENCH_OP_ENCRYPT:
        case BENCH_OP_DECRYPT: {
            uint8_t ct[2048], pt[2048];
            size_t cl = s->siglen, pl;
            if (p->op == BENCH_OP_ENCRYPT) {
                if (pkc_rsa_oaep_encrypt(s->rsa, &s->rng, NULL, s->in, PROV_KEX_LEN, ct,
                                         sizeof ct, &cl) != PKC_OK)
                    return -1;
            } else
                memcpy(ct, s->sig, cl);
            if (pkc_rsa_oaep_decrypt(s->rsa, &s->rng, rsa_mode(s), NULL, ct, cl, pt, sizeof pt,
                                     &pl) != PKC_OK ||
                pl != PROV_KEX_LEN || memcmp(pt, s->in, PROV_KEX_LEN) != 0) {
                prov_err(err, errlen, "OAEP decryption does not give back the message");
                return -1;
            }
            return 0;
        }
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC: {
            uint8_t y[2048], z[2048];
            int ok;
            if (p->op == BENCH_OP_PRIVATE)
                ok = pkc_rsa_private_mode(s->rsa, rsa_mode(s), &s->rng, s->in, y) == PKC_OK &&
                     pkc_rsa_public_raw(s->rsa, y, z) == PKC_OK;
            else
                ok = pkc_rsa_public_raw(s->rsa, s->in, y) == PKC_OK &&
                     pkc_rsa_private_mode(s->rsa, PKC_RSA_MODE_CRT, &s->rng, y, z) == PKC_OK;
            if (!ok || memcmp(z, s->in, s->k) != 0) {
                prov_err(err, errlen, "the raw operation is not inverted by its counterpart");
                return -1;
            }
            return 0;
        }
        default:
            return -1;
        }
    }
#endif
#if PROV_PKC_EC
    if (p->alg == BENCH_ECDSA || p->alg == BENCH_ECDH) {
        switch (p->op) {
        case BENCH_OP_KEYGEN:
            return pkc_run(s, 1);
        case BENCH_OP_SIGN:
        case BENCH_OP_VERIFY: {
            uint8_t sig[PKC_ECDSA_MAX_RAW_SIZE];
            size_t l = s->siglen;
            if (p->op == BENCH_OP_SIGN) {
                if (ec_sign(s, sig, sizeof sig, &l) != PKC_OK) {
                    prov_err(err, errlen, "signing failed");
                    return -1;
                }
            } else
                memcpy(sig, s->sig, l);
            if (ec_verify(s, sig, l) != PKC_OK) {
                prov_err(err, errlen, "the signature does not verify");
                return -1;
            }
            sig[l - 1] ^= 1;
            if (ec_verify(s, sig, l) == PKC_OK) {
                prov_err(err, errlen, "a tampered signature verifies");
                return -1;
            }
            return 0;
        }
        case BENCH_OP_DERIVE: {
            size_t l;
            if (pkc_ecdh_coords(&s->key, &s->peer, out, *outlen, &l, coords_of(s)) != PKC_OK)
                return -1;
            *outlen = l;
            return 0;
        }
        default:
            return -1;
        }
    }
    if (p->alg == BENCH_EC) {
        /* Cross-check the coordinate system against the other one: k*P
         * and k*G must agree between affine and Jacobian. */
        pkc_ec_coords other = s->v == V_AFFINE ? PKC_EC_JACOBIAN : PKC_EC_AFFINE;
        pkc_ec_affine a, b;
        if (pkc_run(s, 1) != 0)
            return -1;
        switch (p->op) {
        case BENCH_OP_SCALAR_MUL:
            pkc_ec_mul(s->curve, other, &a, &s->scalar, &s->P);
            b = s->R;
            break;
        case BENCH_OP_SCALAR_MUL_BASE:
            pkc_ec_mul_base(s->curve, other, &a, &s->scalar);
            b = s->R;
            break;
        default:
            return 0; /* point add/double: checked by the hooks' own tests */
        }
        uint8_t ax[66], ay[66], bx[66], by[66];
        pkc_ec_point_get_xy(s->curve, &a, ax, ay);
        pkc_ec_point_get_xy(s->curve, &b, bx, by);
        size_t fb = (bench_curves[p->curve].field_bits + 7) / 8;
        if (memcmp(ax, bx, fb) != 0 || memcmp(ay, by, fb) != 0) {
            prov_err(err, errlen, "affine and Jacobian results differ");
            return -1;
        }
        return 0;
    }
#endif
    (void)err;
    (void)errlen;
    return -1;
}

#define VARIANT(fn, v)                                                                      \
    static int fn##_supports(const bench_params *p) { return variant_supports(v, p); }    \
    static void *fn##_setup(const bench_params *p, char *err, size_t errlen)              \
    {                                                                                      \
        return pkc_setup_v(v, p, err, errlen);                                             \
    }
VARIANT(jac, V_PKC)
VARIANT(aff, V_AFFINE)
VARIANT(tb, V_TEXTBOOK)
VARIANT(port, V_PORTABLE)

#if PROV_PKC_EC
#define PKC_EC_PUBKEY pkc_ec_pubkey_fn
#else
#define PKC_EC_PUBKEY NULL
#endif

const bench_provider bench_prov_pkc = {
    "pkc", "pkc: Jacobian EC, CRT RSA", pkc_prov_version, jac_supports, jac_setup,
    pkc_run, pkc_check, pkc_teardown, PKC_EC_PUBKEY};
const bench_provider bench_prov_pkc_affine = {
    "pkc-affine", "pkc: affine EC coordinates", pkc_prov_version, aff_supports, aff_setup,
    pkc_run, pkc_check, pkc_teardown, NULL};
const bench_provider bench_prov_pkc_textbook = {
    "pkc-textbook", "pkc: RSA private operation without CRT", pkc_prov_version, tb_supports,
    tb_setup, pkc_run, pkc_check, pkc_teardown, NULL};
const bench_provider bench_prov_pkc_portable = {
    "pkc-portable", "pkc: portable SHA-256 compression", pkc_prov_version, port_supports,
    port_setup, pkc_run, pkc_check, pkc_teardown, NULL};
