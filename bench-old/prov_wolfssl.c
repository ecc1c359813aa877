/* pkc bench — provider "wolfssl": wolfSSL's wolfCrypt (Debian build: SP
 * math, RSA up to 4096 bits, ECC_TIMING_RESISTANT, RSA blinding).
 *
 *   RSA      wc_MakeRsaKey; v1.5 sign/verify = wc_SignatureGenerate_ex /
 *            wc_SignatureVerify (SHA-256 + DigestInfo; no extra verify);
 *            PSS = wc_RsaPSS_Sign_ex / wc_RsaPSS_VerifyCheck (salt 32);
 *            OAEP = wc_RsaPublicEncrypt_ex / wc_RsaPrivateDecrypt_ex;
 *            raw = wc_RsaFunction (private: CRT + blinding)
 *   ECDSA    wc_ecc_make_key_ex, wc_ecc_sign_hash (DER), wc_ecc_verify_hash
 *   ECDH     wc_ecc_make_key_ex, wc_ecc_shared_secret
 *   SHA-256  wc_Sha256Hash
 * A curve is offered only if this build can generate a key on it (probed
 * once); RSA sizes above the build's RSA_MAX_SIZE are absent.
 */
#include <wolfssl/options.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include <wolfssl/wolfcrypt/sha256.h>
#include <wolfssl/wolfcrypt/signature.h>

#include "prov_util.h"

static const int curve_ids[BENCH_NCURVES] = {ECC_SECP192K1, ECC_SECP192R1, ECC_SECP224K1,
                                             ECC_SECP224R1, ECC_SECP256K1, ECC_SECP256R1,
                                             ECC_SECP384R1, ECC_SECP521R1};

typedef struct {
    bench_params p;
    WC_RNG rng;
    int rng_ok;
    RsaKey *rsa;                 /* from the cache */
    ecc_key key, peer;
    int key_init, peer_init;
    byte in[1024], sig[1024], out[1024];
    word32 siglen, k;
    int ksize;                   /* ECC: field bytes */
} wo_state;

static prov_key_slot rsa_cache[PROV_KEY_SLOTS];
static WC_RNG cache_rng;
static int cache_rng_ok;
static signed char curve_probe[BENCH_NCURVES]; /* 0 unknown, 1 yes, -1 no */

static const char *wo_version(void)
{
    return "wolfSSL " LIBWOLFSSL_VERSION_STRING;
}

static int rng_global(void)
{
    if (!cache_rng_ok && wc_InitRng(&cache_rng) == 0)
        cache_rng_ok = 1;
    return cache_rng_ok ? 0 : -1;
}

static int curve_ok(int curve)
{
    if (curve < 0 || curve >= BENCH_NCURVES)
        return 0;
    if (!curve_probe[curve]) {
        curve_probe[curve] = -1;
        int id = curve_ids[curve];
        int size = wc_ecc_get_curve_size_from_id(id);
        if (wc_ecc_get_curve_idx(id) >= 0 && size > 0 && rng_global() == 0) {
            ecc_key k;
            if (wc_ecc_init(&k) == 0) {
                if (wc_ecc_make_key_ex(&cache_rng, size, &k, id) == 0)
                    curve_probe[curve] = 1;
                wc_ecc_free(&k);
            }
        }
    }
    return curve_probe[curve] > 0;
}

static int wo_supports(const bench_params *p)
{
    switch (p->alg) {
    case BENCH_RSA:
        return prov_rsa_op(p->op) && prov_rsa_bits_ok(p->bits) && p->bits <= RSA_MAX_SIZE;
    case BENCH_ECDSA:
    case BENCH_ECDH:
        return curve_ok(p->curve);
    case BENCH_SHA256:
        return 1;
    default:
        return 0;
    }
}

static RsaKey *rsa_gen(unsigned bits, WC_RNG *rng)
{
    RsaKey *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    if (wc_InitRsaKey(k, NULL) != 0) {
        free(k);
        return NULL;
    }
    if (wc_MakeRsaKey(k, (int)bits, WC_RSA_EXPONENT, rng) != 0) {
        wc_FreeRsaKey(k);
        free(k);
        return NULL;
    }
    return k;
}

static RsaKey *rsa_key(unsigned bits)
{
    RsaKey *k = prov_cache_get(rsa_cache, bits);
    if (k)
        return k;
    if (rng_global() != 0)
        return NULL;
    k = rsa_gen(bits, &cache_rng);
    if (k)
        prov_cache_put(rsa_cache, bits, k);
    return k;
}

static int is_pss(const wo_state *s)
{
    return s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS;
}

static int wo_sign(wo_state *s, byte *sig, word32 *siglen)
{
    byte h[32];
    if (s->p.alg == BENCH_RSA && !is_pss(s))
        return wc_SignatureGenerate_ex(WC_HASH_TYPE_SHA256, WC_SIGNATURE_TYPE_RSA_W_ENC, s->p.msg,
                                       (word32)s->p.msg_len, sig, siglen, s->rsa,
                                       sizeof *s->rsa, &s->rng, 0) == 0
                   ? 0
                   : -1;
    if (wc_Sha256Hash(s->p.msg, (word32)s->p.msg_len, h) != 0)
        return -1;
    if (s->p.alg == BENCH_RSA) {
        int n = wc_RsaPSS_Sign_ex(h, 32, sig, *siglen, WC_HASH_TYPE_SHA256, WC_MGF1SHA256, 32,
                                  s->rsa, &s->rng);
        if (n <= 0)
            return -1;
        *siglen = (word32)n;
        return 0;
    }
    return wc_ecc_sign_hash(h, 32, sig, siglen, &s->rng, &s->key) == 0 ? 0 : -1;
}

/* 1 valid */
static int wo_verify(wo_state *s, const byte *sig, word32 siglen)
{
    byte h[32];
    if (s->p.alg == BENCH_RSA && !is_pss(s))
        return wc_SignatureVerify(WC_HASH_TYPE_SHA256, WC_SIGNATURE_TYPE_RSA_W_ENC, s->p.msg,
                                  (word32)s->p.msg_len, sig, siglen, s->rsa,
                                  sizeof *s->rsa) == 0;
    if (wc_Sha256Hash(s->p.msg, (word32)s->p.msg_len, h) != 0)
        return 0;
    if (s->p.alg == BENCH_RSA) {
        byte tmp[1024], out[1024];
        if (siglen > sizeof tmp)
            return 0;
        memcpy(tmp, sig, siglen);
        return wc_RsaPSS_VerifyCheck(tmp, siglen, out, sizeof out, h, 32, WC_HASH_TYPE_SHA256,
                                     WC_MGF1SHA256, s->rsa) > 0;
    }
    int res = 0;
    if (wc_ecc_verify_hash(sig, siglen, h, 32, &res, &s->key) != 0)
        return 0;
    return res == 1;
}

static void wo_teardown(void *st)
{
    wo_state *s = st;
    if (!s)
        return;
    if (s->key_init)
        wc_ecc_free(&s->key);
    if (s->peer_init)
        wc_ecc_free(&s->peer);
    if (s->rng_ok)
        wc_FreeRng(&s->rng);
    free(s);
}

static void *wo_setup(const bench_params *p, char *err, size_t errlen)
{
    wo_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    if (wc_InitRng(&s->rng) != 0)
        goto fail;
    s->rng_ok = 1;
    switch (p->alg) {
    case BENCH_SHA256:
        return s;
    case BENCH_RSA:
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        s->rsa = rsa_key(p->bits);
        if (!s->rsa) {
            prov_err(err, errlen, "RSA-%u key generation failed", p->bits);
            goto fail;
        }
        if (wc_RsaSetRNG(s->rsa, &cache_rng) != 0)
            goto fail;
        s->k = (word32)wc_RsaEncryptSize(s->rsa);
        if (s->k > sizeof s->in)
            goto fail;
        switch (p->op) {
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            s->siglen = s->k;
            if (wo_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
            break;
        case BENCH_OP_ENCRYPT:
        case BENCH_OP_DECRYPT: {
            prov_kex_message(s->in);
            int n = wc_RsaPublicEncrypt_ex(s->in, PROV_KEX_LEN, s->sig, s->k, s->rsa, &s->rng,
                                           WC_RSA_OAEP_PAD, WC_HASH_TYPE_SHA256, WC_MGF1SHA256,
                                           NULL, 0);
            if (n <= 0)
                goto fail;
            s->siglen = (word32)n;
            break;
        }
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC:
            prov_raw_input(s->in, s->k);
            break;
        default:
            break;
        }
        return s;
    case BENCH_ECDSA:
    case BENCH_ECDH: {
        int id = curve_ids[p->curve];
        s->ksize = wc_ecc_get_curve_size_from_id(id);
        if (wc_ecc_init(&s->key) != 0)
            goto fail;
        s->key_init = 1;
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        if (p->op == BENCH_OP_DERIVE) {
            if (wc_ecc_init(&s->peer) != 0)
                goto fail;
            s->peer_init = 1;
            if (wc_ecc_import_private_key_ex(p->ecdh_d, (word32)p->ecdh_dlen, NULL, 0, &s->key,
                                             id) != 0 ||
                wc_ecc_import_x963_ex(p->ecdh_q, (word32)p->ecdh_qlen, &s->peer, id) != 0 ||
                wc_ecc_set_rng(&s->key, &s->rng) != 0) {
                prov_err(err, errlen, "cannot import the ECDH test keys");
                goto fail;
            }
            return s;
        }
        if (wc_ecc_make_key_ex(&s->rng, s->ksize, &s->key, id) != 0)
            goto fail;
        if (p->op == BENCH_OP_VERIFY) {
            s->siglen = sizeof s->sig;
            if (wo_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
        }
        return s;
    }
    default:
        break;
    }
fail:
    if (err && !err[0])
        prov_err(err, errlen, "wolfSSL setup failed");
    wo_teardown(s);
    return NULL;
}

static int wo_run(void *st, uint64_t n)
{
    wo_state *s = st;
    const bench_params *p = &s->p;
    for (uint64_t i = 0; i < n; i++) {
        word32 l = sizeof s->out;
        int rc = 0;
        if (p->alg == BENCH_SHA256) {
            rc = wc_Sha256Hash(p->msg, (word32)p->msg_len, s->out);
        } else if (p->alg == BENCH_RSA) {
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                RsaKey *k = rsa_gen(p->bits, &s->rng);
                if (!k)
                    return -1;
                wc_FreeRsaKey(k);
                free(k);
                break;
            }
            case BENCH_OP_SIGN:
            case BENCH_OP_SIGN_PSS:
                l = s->k;
                rc = wo_sign(s, s->out, &l);
                break;
            case BENCH_OP_VERIFY:
            case BENCH_OP_VERIFY_PSS:
                rc = wo_verify(s, s->sig, s->siglen) ? 0 : -1;
                break;
            case BENCH_OP_ENCRYPT:
                rc = wc_RsaPublicEncrypt_ex(s->in, PROV_KEX_LEN, s->out, s->k, s->rsa, &s->rng,
                                            WC_RSA_OAEP_PAD, WC_HASH_TYPE_SHA256, WC_MGF1SHA256,
                                            NULL, 0) > 0
                         ? 0
                         : -1;
                break;
            case BENCH_OP_DECRYPT:
                rc = wc_RsaPrivateDecrypt_ex(s->sig, s->siglen, s->out, sizeof s->out, s->rsa,
                                             WC_RSA_OAEP_PAD, WC_HASH_TYPE_SHA256, WC_MGF1SHA256,
                                             NULL, 0) == PROV_KEX_LEN
                         ? 0
                         : -1;
                break;
            case BENCH_OP_PRIVATE:
            case BENCH_OP_PUBLIC:
                l = s->k;
                rc = wc_RsaFunction(s->in, s->k, s->out, &l,
                                    p->op == BENCH_OP_PRIVATE ? RSA_PRIVATE_DECRYPT
                                                              : RSA_PUBLIC_ENCRYPT,
                                    s->rsa, &s->rng);
                break;
            default:
                return -1;
            }
        } else {
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                ecc_key k;
                if (wc_ecc_init(&k) != 0)
                    return -1;
                rc = wc_ecc_make_key_ex(&s->rng, s->ksize, &k, curve_ids[p->curve]);
                wc_ecc_free(&k);
                break;
            }
            case BENCH_OP_SIGN:
                rc = wo_sign(s, s->out, &l);
                break;
            case BENCH_OP_VERIFY:
                rc = wo_verify(s, s->sig, s->siglen) ? 0 : -1;
                break;
            case BENCH_OP_DERIVE:
                rc = wc_ecc_shared_secret(&s->key, &s->peer, s->out, &l);
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

static int wo_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    wo_state *s = st;
    const bench_params *p = &s->p;
    if (p->alg == BENCH_SHA256) {
        if (wo_run(s, 1) != 0)
            return -1;
        memcpy(out, s->out, 32);
        *outlen = 32;
        return 0;
    }
    switch (p->op) {
    case BENCH_OP_DERIVE: {
        word32 l = sizeof s->out;
        if (wc_ecc_shared_secret(&s->key, &s->peer, s->out, &l) != 0 || l > *outlen)
            return -1;
        memcpy(out, s->out, l);
        *outlen = l;
        return 0;
    }
    case BENCH_OP_KEYGEN:
        if (p->alg == BENCH_RSA) {
            RsaKey *k = rsa_gen(p->bits, &s->rng);
            int ok = k && wc_RsaEncryptSize(k) * 8 == (int)p->bits;
            if (k) {
                wc_FreeRsaKey(k);
                free(k);
            }
            if (!ok) {
                prov_err(err, errlen, "the generated key is not a valid RSA-%u key", p->bits);
                return -1;
            }
            return 0;
        }
        return wo_run(s, 1);
    case BENCH_OP_SIGN:
    case BENCH_OP_SIGN_PSS:
    case BENCH_OP_VERIFY:
    case BENCH_OP_VERIFY_PSS: {
        byte sig[1024];
        word32 l = p->alg == BENCH_RSA ? s->k : sizeof sig;
        if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
            if (wo_sign(s, sig, &l) != 0) {
                prov_err(err, errlen, "signing failed");
                return -1;
            }
        } else {
            l = s->siglen;
            memcpy(sig, s->sig, l);
        }
        if (!wo_verify(s, sig, l)) {
            prov_err(err, errlen, "the signature does not verify");
            return -1;
        }
        sig[l - 3] ^= 1;
        if (wo_verify(s, sig, l)) {
            prov_err(err, errlen, "a tampered signature verifies");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_ENCRYPT:
    case BENCH_OP_DECRYPT: {
        byte ct[1024], pt[1024];
        word32 cl = s->siglen;
        if (p->op == BENCH_OP_ENCRYPT) {
            int n = wc_RsaPublicEncrypt_ex(s->in, PROV_KEX_LEN, ct, s->k, s->rsa, &s->rng,
                                           WC_RSA_OAEP_PAD, WC_HASH_TYPE_SHA256, WC_MGF1SHA256,
                                           NULL, 0);
            if (n <= 0)
                return -1;
            cl = (word32)n;
        } else
            memcpy(ct, s->sig, cl);
        int n = wc_RsaPrivateDecrypt_ex(ct, cl, pt, sizeof pt, s->rsa, WC_RSA_OAEP_PAD,
                                        WC_HASH_TYPE_SHA256, WC_MGF1SHA256, NULL, 0);
        if (n != PROV_KEX_LEN || memcmp(pt, s->in, PROV_KEX_LEN) != 0) {
            prov_err(err, errlen, "OAEP decryption does not give back the message");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_PRIVATE:
    case BENCH_OP_PUBLIC: {
        byte y[1024], z[1024];
        word32 yl = s->k, zl = s->k;
        int first = p->op == BENCH_OP_PRIVATE ? RSA_PRIVATE_DECRYPT : RSA_PUBLIC_ENCRYPT;
        int second = p->op == BENCH_OP_PRIVATE ? RSA_PUBLIC_ENCRYPT : RSA_PRIVATE_DECRYPT;
        if (wc_RsaFunction(s->in, s->k, y, &yl, first, s->rsa, &s->rng) != 0 ||
            wc_RsaFunction(y, yl, z, &zl, second, s->rsa, &s->rng) != 0 || zl != s->k ||
            memcmp(z, s->in, s->k) != 0) {
            prov_err(err, errlen, "the raw operation is not inverted by its counterpart");
            return -1;
        }
        return 0;
    }
    default:
        return -1;
    }
}

const bench_provider bench_prov_wolfssl = {
    .name = "wolfssl",
    .library = "wolfSSL wolfCrypt",
    .version = wo_version,
    .supports = wo_supports,
    .setup = wo_setup,
    .run = wo_run,
    .check = wo_check,
    .teardown = wo_teardown,
    .ec_pubkey = NULL,
};
