/* pkc bench — provider "mbedtls": Mbed TLS 2.28 (libmbedcrypto).
 *
 *   RSA      mbedtls_rsa_gen_key; mbedtls_rsa_pkcs1_sign/verify (v1.5),
 *            mbedtls_rsa_rsassa_pss_sign_ext/verify_ext (salt 32),
 *            mbedtls_rsa_rsaes_oaep_encrypt/decrypt (SHA-256, MGF1-SHA-256),
 *            mbedtls_rsa_private (CRT, blinded) / mbedtls_rsa_public
 *   ECDSA    mbedtls_ecdsa_genkey, mbedtls_ecdsa_write_signature (RFC 6979,
 *            DER), mbedtls_ecdsa_read_signature
 *   ECDH     mbedtls_ecdh_gen_public, mbedtls_ecdh_compute_shared
 *   SHA-256  mbedtls_sha256_ret
 * Random numbers: CTR_DRBG seeded from mbedtls_entropy. Messages are hashed
 * with mbedtls_sha256_ret inside the timed region.
 */
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/entropy.h>
#include <mbedtls/rsa.h>
#include <mbedtls/sha256.h>
#include <mbedtls/version.h>

#include "prov_util.h"

static const mbedtls_ecp_group_id group_ids[BENCH_NCURVES] = {
    MBEDTLS_ECP_DP_SECP192K1, MBEDTLS_ECP_DP_SECP192R1, MBEDTLS_ECP_DP_SECP224K1,
    MBEDTLS_ECP_DP_SECP224R1, MBEDTLS_ECP_DP_SECP256K1, MBEDTLS_ECP_DP_SECP256R1,
    MBEDTLS_ECP_DP_SECP384R1, MBEDTLS_ECP_DP_SECP521R1};

typedef struct {
    bench_params p;
    mbedtls_entropy_context ent;
    mbedtls_ctr_drbg_context drbg;
    mbedtls_rsa_context rsa;    /* a copy of the cached key, with this case's padding */
    mbedtls_ecdsa_context ec;
    mbedtls_ecp_group grp;
    mbedtls_mpi d, z;
    mbedtls_ecp_point Q;
    unsigned char in[2048], sig[2048], out[2048];
    size_t siglen, k, fbytes;
} mb_state;

static prov_key_slot rsa_cache[PROV_KEY_SLOTS];
static mbedtls_entropy_context cache_ent;
static mbedtls_ctr_drbg_context cache_drbg;
static int cache_rng_ready;

static const char *mb_version(void)
{
    static char v[64];
    char tmp[18];
    mbedtls_version_get_string_full(tmp);
    snprintf(v, sizeof v, "%s", tmp);
    return v;
}

static int mb_supports(const bench_params *p)
{
    switch (p->alg) {
    case BENCH_RSA:
        return prov_rsa_op(p->op) && prov_rsa_bits_ok(p->bits) && p->bits <= 8192;
    case BENCH_ECDSA:
    case BENCH_ECDH:
        return p->curve >= 0 && p->curve < BENCH_NCURVES &&
               mbedtls_ecp_curve_info_from_grp_id(group_ids[p->curve]) != NULL;
    case BENCH_SHA256:
        return 1;
    default:
        return 0;
    }
}

static int rng_init(mbedtls_entropy_context *e, mbedtls_ctr_drbg_context *d)
{
    static const unsigned char pers[] = "pkc bench mbedtls";
    mbedtls_entropy_init(e);
    mbedtls_ctr_drbg_init(d);
    return mbedtls_ctr_drbg_seed(d, mbedtls_entropy_func, e, pers, sizeof pers - 1);
}

static mbedtls_rsa_context *rsa_key(unsigned bits)
{
    mbedtls_rsa_context *k = prov_cache_get(rsa_cache, bits);
    if (k)
        return k;
    if (!cache_rng_ready) {
        if (rng_init(&cache_ent, &cache_drbg) != 0)
            return NULL;
        cache_rng_ready = 1;
    }
    k = malloc(sizeof *k);
    if (!k)
        return NULL;
    mbedtls_rsa_init(k, MBEDTLS_RSA_PKCS_V15, 0);
    if (mbedtls_rsa_gen_key(k, mbedtls_ctr_drbg_random, &cache_drbg, bits, 65537) != 0) {
        mbedtls_rsa_free(k);
        free(k);
        return NULL;
    }
    prov_cache_put(rsa_cache, bits, k);
    return k;
}

static int is_pss(const mb_state *s)
{
    return s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS;
}

static int mb_sign(mb_state *s, unsigned char *sig, size_t *siglen)
{
    unsigned char h[32];
    if (mbedtls_sha256_ret(s->p.msg, s->p.msg_len, h, 0) != 0)
        return -1;
    if (s->p.alg == BENCH_RSA) {
        int rc = is_pss(s) ? mbedtls_rsa_rsassa_pss_sign_ext(&s->rsa, mbedtls_ctr_drbg_random,
                                                             &s->drbg, MBEDTLS_MD_SHA256, 32, h,
                                                             32, sig)
                           : mbedtls_rsa_pkcs1_sign(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg,
                                                    MBEDTLS_RSA_PRIVATE, MBEDTLS_MD_SHA256, 32, h,
                                                    sig);
        *siglen = s->k;
        return rc == 0 ? 0 : -1;
    }
    return mbedtls_ecdsa_write_signature(&s->ec, MBEDTLS_MD_SHA256, h, 32, sig, siglen,
                                         mbedtls_ctr_drbg_random, &s->drbg) == 0
               ? 0
               : -1;
}

/* 1 valid */
static int mb_verify(mb_state *s, const unsigned char *sig, size_t siglen)
{
    unsigned char h[32];
    if (mbedtls_sha256_ret(s->p.msg, s->p.msg_len, h, 0) != 0)
        return 0;
    if (s->p.alg == BENCH_RSA) {
        if (siglen != s->k)
            return 0;
        if (is_pss(s))
            return mbedtls_rsa_rsassa_pss_verify_ext(&s->rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC,
                                                     MBEDTLS_MD_SHA256, 32, h, MBEDTLS_MD_SHA256,
                                                     32, sig) == 0;
        return mbedtls_rsa_pkcs1_verify(&s->rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC,
                                        MBEDTLS_MD_SHA256, 32, h, sig) == 0;
    }
    return mbedtls_ecdsa_read_signature(&s->ec, h, 32, sig, siglen) == 0;
}

static void mb_teardown(void *st)
{
    mb_state *s = st;
    if (!s)
        return;
    mbedtls_rsa_free(&s->rsa);
    mbedtls_ecdsa_free(&s->ec);
    mbedtls_ecp_group_free(&s->grp);
    mbedtls_mpi_free(&s->d);
    mbedtls_mpi_free(&s->z);
    mbedtls_ecp_point_free(&s->Q);
    mbedtls_ctr_drbg_free(&s->drbg);
    mbedtls_entropy_free(&s->ent);
    free(s);
}

static void *mb_setup(const bench_params *p, char *err, size_t errlen)
{
    mb_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    mbedtls_rsa_init(&s->rsa, MBEDTLS_RSA_PKCS_V15, 0);
    mbedtls_ecdsa_init(&s->ec);
    mbedtls_ecp_group_init(&s->grp);
    mbedtls_mpi_init(&s->d);
    mbedtls_mpi_init(&s->z);
    mbedtls_ecp_point_init(&s->Q);
    if (rng_init(&s->ent, &s->drbg) != 0)
        goto fail;
    switch (p->alg) {
    case BENCH_SHA256:
        return s;
    case BENCH_RSA: {
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        mbedtls_rsa_context *key = rsa_key(p->bits);
        if (!key) {
            prov_err(err, errlen, "RSA-%u key generation failed", p->bits);
            goto fail;
        }
        if (mbedtls_rsa_copy(&s->rsa, key) != 0)
            goto fail;
        s->k = mbedtls_rsa_get_len(&s->rsa);
        if (s->k > sizeof s->in)
            goto fail;
        if (is_pss(s) || p->op == BENCH_OP_ENCRYPT || p->op == BENCH_OP_DECRYPT)
            mbedtls_rsa_set_padding(&s->rsa, MBEDTLS_RSA_PKCS_V21, MBEDTLS_MD_SHA256);
        switch (p->op) {
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            if (mb_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
            break;
        case BENCH_OP_ENCRYPT:
        case BENCH_OP_DECRYPT:
            prov_kex_message(s->in);
            if (mbedtls_rsa_rsaes_oaep_encrypt(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg,
                                               MBEDTLS_RSA_PUBLIC, NULL, 0, PROV_KEX_LEN, s->in,
                                               s->sig) != 0)
                goto fail;
            s->siglen = s->k;
            break;
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC:
            prov_raw_input(s->in, s->k);
            break;
        default:
            break;
        }
        return s;
    }
    case BENCH_ECDSA:
    case BENCH_ECDH:
        if (mbedtls_ecp_group_load(&s->grp, group_ids[p->curve]) != 0)
            goto fail;
        s->fbytes = (s->grp.pbits + 7) / 8;
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        if (p->op == BENCH_OP_DERIVE) {
            if (mbedtls_mpi_read_binary(&s->d, p->ecdh_d, p->ecdh_dlen) != 0 ||
                mbedtls_ecp_point_read_binary(&s->grp, &s->Q, p->ecdh_q, p->ecdh_qlen) != 0 ||
                mbedtls_ecp_check_pubkey(&s->grp, &s->Q) != 0 ||
                mbedtls_ecp_check_privkey(&s->grp, &s->d) != 0) {
                prov_err(err, errlen, "cannot import the ECDH test keys");
                goto fail;
            }
            return s;
        }
        if (mbedtls_ecdsa_genkey(&s->ec, group_ids[p->curve], mbedtls_ctr_drbg_random,
                                 &s->drbg) != 0)
            goto fail;
        if (p->op == BENCH_OP_VERIFY) {
            s->siglen = sizeof s->sig;
            if (mb_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
        }
        return s;
    default:
        break;
    }
fail:
    if (err && !err[0])
        prov_err(err, errlen, "mbedTLS setup failed");
    mb_teardown(s);
    return NULL;
}

static int mb_run(void *st, uint64_t n)
{
    mb_state *s = st;
    const bench_params *p = &s->p;
    for (uint64_t i = 0; i < n; i++) {
        size_t l = sizeof s->out;
        int rc = 0;
        if (p->alg == BENCH_SHA256) {
            rc = mbedtls_sha256_ret(p->msg, p->msg_len, s->out, 0);
        } else if (p->alg == BENCH_RSA) {
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                mbedtls_rsa_context k;
                mbedtls_rsa_init(&k, MBEDTLS_RSA_PKCS_V15, 0);
                rc = mbedtls_rsa_gen_key(&k, mbedtls_ctr_drbg_random, &s->drbg, p->bits, 65537);
                mbedtls_rsa_free(&k);
                break;
            }
            case BENCH_OP_SIGN:
            case BENCH_OP_SIGN_PSS:
                rc = mb_sign(s, s->out, &l);
                break;
            case BENCH_OP_VERIFY:
            case BENCH_OP_VERIFY_PSS:
                rc = mb_verify(s, s->sig, s->siglen) ? 0 : -1;
                break;
            case BENCH_OP_ENCRYPT:
                rc = mbedtls_rsa_rsaes_oaep_encrypt(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg,
                                                    MBEDTLS_RSA_PUBLIC, NULL, 0, PROV_KEX_LEN,
                                                    s->in, s->out);
                break;
            case BENCH_OP_DECRYPT:
                rc = mbedtls_rsa_rsaes_oaep_decrypt(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg,
                                                    MBEDTLS_RSA_PRIVATE, NULL, 0, &l, s->sig,
                                                    s->out, sizeof s->out);
                break;
            case BENCH_OP_PRIVATE:
                rc = mbedtls_rsa_private(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg, s->in,
                                         s->out);
                break;
            case BENCH_OP_PUBLIC:
                rc = mbedtls_rsa_public(&s->rsa, s->in, s->out);
                break;
            default:
                return -1;
            }
        } else {
            switch (p->op) {
            case BENCH_OP_KEYGEN:
                if (p->alg == BENCH_ECDSA) {
                    mbedtls_ecdsa_context k;
                    mbedtls_ecdsa_init(&k);
                    rc = mbedtls_ecdsa_genkey(&k, group_ids[p->curve], mbedtls_ctr_drbg_random,
                                              &s->drbg);
                    mbedtls_ecdsa_free(&k);
                } else {
                    mbedtls_mpi d;
                    mbedtls_ecp_point Q;
                    mbedtls_mpi_init(&d);
                    mbedtls_ecp_point_init(&Q);
                    rc = mbedtls_ecdh_gen_public(&s->grp, &d, &Q, mbedtls_ctr_drbg_random,
                                                 &s->drbg);
                    mbedtls_mpi_free(&d);
                    mbedtls_ecp_point_free(&Q);
                }
                break;
            case BENCH_OP_SIGN:
                rc = mb_sign(s, s->out, &l);
                break;
            case BENCH_OP_VERIFY:
                rc = mb_verify(s, s->sig, s->siglen) ? 0 : -1;
                break;
            case BENCH_OP_DERIVE:
                rc = mbedtls_ecdh_compute_shared(&s->grp, &s->z, &s->Q, &s->d,
                                                 mbedtls_ctr_drbg_random, &s->drbg);
                if (rc == 0)
                    rc = mbedtls_mpi_write_binary(&s->z, s->out, s->fbytes);
                break;
            default:
                return -1;
            }
        }
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int mb_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    mb_state *s = st;
    const bench_params *p = &s->p;
    if (p->alg == BENCH_SHA256 || p->op == BENCH_OP_DERIVE) {
        if (mb_run(s, 1) != 0)
            return -1;
        size_t l = p->alg == BENCH_SHA256 ? 32 : s->fbytes;
        if (l > *outlen)
            return -1;
        memcpy(out, s->out, l);
        *outlen = l;
        return 0;
    }
    switch (p->op) {
    case BENCH_OP_KEYGEN:
        if (p->alg == BENCH_RSA) {
            mbedtls_rsa_context k;
            mbedtls_rsa_init(&k, MBEDTLS_RSA_PKCS_V15, 0);
            int ok = mbedtls_rsa_gen_key(&k, mbedtls_ctr_drbg_random, &s->drbg, p->bits,
                                         65537) == 0 &&
                     mbedtls_rsa_check_privkey(&k) == 0 && mbedtls_rsa_get_len(&k) * 8 == p->bits;
            mbedtls_rsa_free(&k);
            if (!ok) {
                prov_err(err, errlen, "the generated key is not a valid RSA-%u key", p->bits);
                return -1;
            }
            return 0;
        }
        return mb_run(s, 1);
    case BENCH_OP_SIGN:
    case BENCH_OP_SIGN_PSS:
    case BENCH_OP_VERIFY:
    case BENCH_OP_VERIFY_PSS: {
        unsigned char sig[2048];
        size_t l = sizeof sig;
        if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
            if (mb_sign(s, sig, &l) != 0) {
                prov_err(err, errlen, "signing failed");
                return -1;
            }
        } else {
            l = s->siglen;
            memcpy(sig, s->sig, l);
        }
        if (!mb_verify(s, sig, l)) {
            prov_err(err, errlen, "the signature does not verify");
            return -1;
        }
        sig[l / 2] ^= 1;
        if (mb_verify(s, sig, l)) {
            prov_err(err, errlen, "a tampered signature verifies");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_ENCRYPT:
    case BENCH_OP_DECRYPT: {
        unsigned char ct[2048], pt[2048];
        size_t pl = 0;
        if (p->op == BENCH_OP_ENCRYPT) {
            if (mbedtls_rsa_rsaes_oaep_encrypt(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg,
                                               MBEDTLS_RSA_PUBLIC, NULL, 0, PROV_KEX_LEN, s->in,
                                               ct) != 0)
                return -1;
        } else
            memcpy(ct, s->sig, s->k);
        if (mbedtls_rsa_rsaes_oaep_decrypt(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg,
                                           MBEDTLS_RSA_PRIVATE, NULL, 0, &pl, ct, pt,
                                           sizeof pt) != 0 ||
            pl != PROV_KEX_LEN || memcmp(pt, s->in, PROV_KEX_LEN) != 0) {
            prov_err(err, errlen, "OAEP decryption does not give back the message");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_PRIVATE:
    case BENCH_OP_PUBLIC: {
        unsigned char y[2048], z[2048];
        int ok = p->op == BENCH_OP_PRIVATE
                     ? mbedtls_rsa_private(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg, s->in,
                                           y) == 0 &&
                           mbedtls_rsa_public(&s->rsa, y, z) == 0
                     : mbedtls_rsa_public(&s->rsa, s->in, y) == 0 &&
                           mbedtls_rsa_private(&s->rsa, mbedtls_ctr_drbg_random, &s->drbg, y,
                                               z) == 0;
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

static int mb_ec_pubkey(int curve, const uint8_t *e, size_t elen, uint8_t *q, size_t *qlen)
{
    mbedtls_ecp_group g;
    mbedtls_ecp_point R;
    mbedtls_mpi m;
    mbedtls_entropy_context ent;
    mbedtls_ctr_drbg_context drbg;
    mbedtls_ecp_group_init(&g);
    mbedtls_ecp_point_init(&R);
    mbedtls_mpi_init(&m);
    int rc = -1;
    if (rng_init(&ent, &drbg) == 0 && mbedtls_ecp_group_load(&g, group_ids[curve]) == 0 &&
        mbedtls_mpi_read_binary(&m, e, elen) == 0 &&
        mbedtls_ecp_mul(&g, &R, &m, &g.G, mbedtls_ctr_drbg_random, &drbg) == 0 &&
        mbedtls_ecp_point_write_binary(&g, &R, MBEDTLS_ECP_PF_UNCOMPRESSED, qlen, q, *qlen) == 0)
        rc = 0;
    mbedtls_ecp_group_free(&g);
    mbedtls_ecp_point_free(&R);
    mbedtls_mpi_free(&m);
    mbedtls_ctr_drbg_free(&drbg);
    mbedtls_entropy_free(&ent);
    return rc;
}

const bench_provider bench_prov_mbedtls = {
    .name = "mbedtls",
    .library = "Mbed TLS libmbedcrypto",
    .version = mb_version,
    .supports = mb_supports,
    .setup = mb_setup,
    .run = mb_run,
    .check = mb_check,
    .teardown = mb_teardown,
    .ec_pubkey = mb_ec_pubkey,
};
