/* pkc bench — provider "openssl": OpenSSL 3 libcrypto through the EVP API.
 *
 *   RSA keygen     EVP_PKEY_keygen (e = 65537)
 *   sign/verify    EVP_DigestSign/EVP_DigestVerify, SHA-256, PKCS#1 v1.5 or
 *                  PSS (salt = 32 bytes, MGF1-SHA-256)
 *   encrypt/dec.   EVP_PKEY_encrypt/decrypt, OAEP SHA-256 + MGF1-SHA-256
 *   private/public EVP_PKEY_decrypt/encrypt with RSA_NO_PADDING
 *   ECDSA          EVP_PKEY_keygen on the named group, EVP_DigestSign/Verify
 *   ECDH           EVP_PKEY_derive with the peer set in setup
 *   SHA-256        EVP_DigestInit_ex2/Update/Final with a fetched EVP_MD
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>

#include "prov_util.h"

typedef struct {
    bench_params p;
    EVP_PKEY *key;         /* RSA key, EC key */
    EVP_PKEY *peer;        /* ECDH peer */
    EVP_PKEY_CTX *pctx;    /* keygen / encrypt / decrypt / derive context */
    EVP_MD_CTX *mctx;
    EVP_MD *md;
    unsigned char *sig;    /* signature to verify, ciphertext to decrypt */
    size_t siglen;
    unsigned char *in, *out;
    size_t k;              /* RSA modulus bytes */
} ossl_state;

static prov_key_slot rsa_cache[PROV_KEY_SLOTS];

static const char *ossl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

static int ossl_curve_ok(int curve)
{
    int nid = OBJ_sn2nid(bench_curves[curve].openssl_name);
    if (nid == NID_undef)
        return 0;
    EC_GROUP *g = EC_GROUP_new_by_curve_name(nid);
    if (!g)
        return 0;
    EC_GROUP_free(g);
    return 1;
}

static int ossl_supports(const bench_params *p)
{
    switch (p->alg) {
    case BENCH_RSA:
        return prov_rsa_op(p->op) && prov_rsa_bits_ok(p->bits);
    case BENCH_ECDSA:
    case BENCH_ECDH:
        return ossl_curve_ok(p->curve);
    case BENCH_SHA256:
        return 1;
    default:
        return 0; /* point arithmetic: pkc only */
    }
}

static EVP_PKEY *rsa_keygen(unsigned bits)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)bits) > 0)
        EVP_PKEY_keygen(c, &k);
    EVP_PKEY_CTX_free(c);
    return k;
}

static EVP_PKEY *rsa_key(unsigned bits)
{
    EVP_PKEY *k = prov_cache_get(rsa_cache, bits);
    if (!k) {
        k = rsa_keygen(bits);
        if (k)
            prov_cache_put(rsa_cache, bits, k);
    }
    return k;
}

static EVP_PKEY_CTX *ec_keygen_ctx(int curve)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (!c)
        return NULL;
    if (EVP_PKEY_keygen_init(c) <= 0 ||
        EVP_PKEY_CTX_set_group_name(c, bench_curves[curve].openssl_name) <= 0) {
        EVP_PKEY_CTX_free(c);
        return NULL;
    }
    return c;
}

static int do_sign(ossl_state *s, unsigned char *sig, size_t *siglen)
{
    EVP_PKEY_CTX *pc = NULL;
    if (EVP_DigestSignInit(s->mctx, &pc, EVP_sha256(), NULL, s->key) <= 0)
        return -1;
    if (s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS) {
        if (EVP_PKEY_CTX_set_rsa_padding(pc, RSA_PKCS1_PSS_PADDING) <= 0 ||
            EVP_PKEY_CTX_set_rsa_pss_saltlen(pc, 32) <= 0)
            return -1;
    }
    return EVP_DigestSign(s->mctx, sig, siglen, s->p.msg, s->p.msg_len) > 0 ? 0 : -1;
}

/* 1 valid, 0 invalid, -1 error */
static int do_verify(ossl_state *s, const unsigned char *msg, const unsigned char *sig,
                     size_t siglen)
{
    EVP_PKEY_CTX *pc = NULL;
    if (EVP_DigestVerifyInit(s->mctx, &pc, EVP_sha256(), NULL, s->key) <= 0)
        return -1;
    if (s->p.op == BENCH_OP_SIGN_PSS || s->p.op == BENCH_OP_VERIFY_PSS) {
        if (EVP_PKEY_CTX_set_rsa_padding(pc, RSA_PKCS1_PSS_PADDING) <= 0 ||
            EVP_PKEY_CTX_set_rsa_pss_saltlen(pc, 32) <= 0)
            return -1;
    }
    int rc = EVP_DigestVerify(s->mctx, sig, siglen, msg, s->p.msg_len);
    return rc == 1 ? 1 : 0;
}

static EVP_PKEY_CTX *rsa_cipher_ctx(EVP_PKEY *key, int encrypt, int padding)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    if (!c)
        return NULL;
    int ok = (encrypt ? EVP_PKEY_encrypt_init(c) : EVP_PKEY_decrypt_init(c)) > 0 &&
             EVP_PKEY_CTX_set_rsa_padding(c, padding) > 0;
    if (ok && padding == RSA_PKCS1_OAEP_PADDING)
        ok = EVP_PKEY_CTX_set_rsa_oaep_md(c, EVP_sha256()) > 0 &&
             EVP_PKEY_CTX_set_rsa_mgf1_md(c, EVP_sha256()) > 0;
    if (!ok) {
        EVP_PKEY_CTX_free(c);
        return NULL;
    }
    return c;
}

/* ECDH fixture keys from raw bytes. */
static EVP_PKEY *ec_from_data(int curve, const unsigned char *d, size_t dlen,
                              const unsigned char *q, size_t qlen)
{
    EVP_PKEY *k = NULL;
    BIGNUM *bn = NULL;
    OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (!b || !c)
        goto out;
    if (!OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME,
                                         bench_curves[curve].openssl_name, 0))
        goto out;
    if (d) {
        bn = BN_bin2bn(d, (int)dlen, NULL);
        if (!bn || !OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_PRIV_KEY, bn))
            goto out;
    }
    if (q && !OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, q, qlen))
        goto out;
    params = OSSL_PARAM_BLD_to_param(b);
    if (!params || EVP_PKEY_fromdata_init(c) <= 0 ||
        EVP_PKEY_fromdata(c, &k, d ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) <= 0)
        k = NULL;
out:
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(b);
    BN_free(bn);
    EVP_PKEY_CTX_free(c);
    return k;
}

static int ossl_ec_pubkey(int curve, const uint8_t *e, size_t elen, uint8_t *q, size_t *qlen)
{
    int ok = 0;
    EC_GROUP *g = EC_GROUP_new_by_curve_name(OBJ_sn2nid(bench_curves[curve].openssl_name));
    EC_POINT *P = g ? EC_POINT_new(g) : NULL;
    BIGNUM *k = BN_bin2bn(e, (int)elen, NULL);
    BN_CTX *bc = BN_CTX_new();
    if (g && P && k && bc && EC_POINT_mul(g, P, k, NULL, NULL, bc)) {
        size_t n = EC_POINT_point2oct(g, P, POINT_CONVERSION_UNCOMPRESSED, q, *qlen, bc);
        if (n > 0) {
            *qlen = n;
            ok = 1;
        }
    }
    BN_CTX_free(bc);
    BN_free(k);
    EC_POINT_free(P);
    EC_GROUP_free(g);
    return ok ? 0 : -1;
}

static void ossl_teardown(void *st)
{
    ossl_state *s = st;
    if (!s)
        return;
    if (s->p.alg != BENCH_RSA)
        EVP_PKEY_free(s->key); /* RSA keys belong to the cache */
    EVP_PKEY_free(s->peer);
    EVP_PKEY_CTX_free(s->pctx);
    EVP_MD_CTX_free(s->mctx);
    EVP_MD_free(s->md);
    free(s->sig);
    free(s->in);
    free(s->out);
    free(s);
}

static void *ossl_setup(const bench_params *p, char *err, size_t errlen)
{
    ossl_state *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->p = *p;
    s->mctx = EVP_MD_CTX_new();
    if (!s->mctx)
        goto fail;
    switch (p->alg) {
    case BENCH_SHA256:
        s->md = EVP_MD_fetch(NULL, "SHA256", NULL);
        s->out = malloc(32);
        if (!s->md || !s->out)
            goto fail;
        return s;
    case BENCH_RSA: {
        if (p->op == BENCH_OP_KEYGEN)
            return s;
        s->key = rsa_key(p->bits);
        if (!s->key) {
            prov_err(err, errlen, "RSA-%u key generation failed", p->bits);
            goto fail;
        }
        s->k = (size_t)EVP_PKEY_get_size(s->key);
        s->sig = malloc(s->k);
        s->in = malloc(s->k);
        s->out = malloc(s->k);
        if (!s->sig || !s->in || !s->out)
            goto fail;
        switch (p->op) {
        case BENCH_OP_VERIFY:
        case BENCH_OP_VERIFY_PSS:
            s->siglen = s->k;
            if (do_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
            break;
        case BENCH_OP_ENCRYPT:
        case BENCH_OP_DECRYPT: {
            prov_kex_message(s->in);
            EVP_PKEY_CTX *e = rsa_cipher_ctx(s->key, 1, RSA_PKCS1_OAEP_PADDING);
            s->siglen = s->k;
            int ok = e && EVP_PKEY_encrypt(e, s->sig, &s->siglen, s->in, PROV_KEX_LEN) > 0;
            EVP_PKEY_CTX_free(e);
            if (!ok)
                goto fail;
            s->pctx = rsa_cipher_ctx(s->key, p->op == BENCH_OP_ENCRYPT, RSA_PKCS1_OAEP_PADDING);
            if (!s->pctx)
                goto fail;
            break;
        }
        case BENCH_OP_PRIVATE:
        case BENCH_OP_PUBLIC:
            prov_raw_input(s->in, s->k);
            s->pctx = rsa_cipher_ctx(s->key, p->op == BENCH_OP_PUBLIC, RSA_NO_PADDING);
            if (!s->pctx)
                goto fail;
            break;
        default:
            break;
        }
        return s;
    }
    case BENCH_ECDSA:
    case BENCH_ECDH:
        if (p->op == BENCH_OP_KEYGEN) {
            s->pctx = ec_keygen_ctx(p->curve);
            if (!s->pctx)
                goto fail;
            return s;
        }
        if (p->op == BENCH_OP_DERIVE) {
            s->key = ec_from_data(p->curve, p->ecdh_d, p->ecdh_dlen, NULL, 0);
            s->peer = ec_from_data(p->curve, NULL, 0, p->ecdh_q, p->ecdh_qlen);
            if (!s->key || !s->peer) {
                prov_err(err, errlen, "cannot import the ECDH test keys");
                goto fail;
            }
            s->pctx = EVP_PKEY_CTX_new_from_pkey(NULL, s->key, NULL);
            if (!s->pctx || EVP_PKEY_derive_init(s->pctx) <= 0 ||
                EVP_PKEY_derive_set_peer(s->pctx, s->peer) <= 0)
                goto fail;
            s->out = malloc(66);
            if (!s->out)
                goto fail;
            return s;
        }
        {
            EVP_PKEY_CTX *kc = ec_keygen_ctx(p->curve);
            if (!kc || EVP_PKEY_keygen(kc, &s->key) <= 0) {
                EVP_PKEY_CTX_free(kc);
                goto fail;
            }
            EVP_PKEY_CTX_free(kc);
        }
        s->k = (size_t)EVP_PKEY_get_size(s->key);
        s->sig = malloc(s->k);
        s->in = malloc(p->msg_len + 1);
        if (!s->sig || !s->in)
            goto fail;
        if (p->op == BENCH_OP_VERIFY) {
            s->siglen = s->k;
            if (do_sign(s, s->sig, &s->siglen) != 0)
                goto fail;
        }
        return s;
    default:
        break;
    }
fail:
    if (err && !err[0])
        prov_err(err, errlen, "OpenSSL setup failed");
    ossl_teardown(s);
    return NULL;
}

static int ossl_run(void *st, uint64_t n)
{
    ossl_state *s = st;
    const bench_params *p = &s->p;
    for (uint64_t i = 0; i < n; i++) {
        switch (p->alg) {
        case BENCH_SHA256: {
            unsigned int l;
            if (EVP_DigestInit_ex2(s->mctx, s->md, NULL) <= 0 ||
                EVP_DigestUpdate(s->mctx, p->msg, p->msg_len) <= 0 ||
                EVP_DigestFinal_ex(s->mctx, s->out, &l) <= 0)
                return -1;
            break;
        }
        case BENCH_RSA:
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                EVP_PKEY *k = rsa_keygen(p->bits);
                if (!k)
                    return -1;
                EVP_PKEY_free(k);
                break;
            }
            case BENCH_OP_SIGN:
            case BENCH_OP_SIGN_PSS: {
                size_t l = s->k;
                if (do_sign(s, s->out, &l) != 0)
                    return -1;
                break;
            }
            case BENCH_OP_VERIFY:
            case BENCH_OP_VERIFY_PSS:
                if (do_verify(s, p->msg, s->sig, s->siglen) != 1)
                    return -1;
                break;
            case BENCH_OP_ENCRYPT: {
                size_t l = s->k;
                if (EVP_PKEY_encrypt(s->pctx, s->out, &l, s->in, PROV_KEX_LEN) <= 0)
                    return -1;
                break;
            }
            case BENCH_OP_DECRYPT: {
                size_t l = s->k;
                if (EVP_PKEY_decrypt(s->pctx, s->out, &l, s->sig, s->siglen) <= 0)
                    return -1;
                break;
            }
            case BENCH_OP_PRIVATE: {
                size_t l = s->k;
                if (EVP_PKEY_decrypt(s->pctx, s->out, &l, s->in, s->k) <= 0)
                    return -1;
                break;
            }
            case BENCH_OP_PUBLIC: {
                size_t l = s->k;
                if (EVP_PKEY_encrypt(s->pctx, s->out, &l, s->in, s->k) <= 0)
                    return -1;
                break;
            }
            default:
                return -1;
            }
            break;
        case BENCH_ECDSA:
        case BENCH_ECDH:
            switch (p->op) {
            case BENCH_OP_KEYGEN: {
                EVP_PKEY *k = NULL;
                if (EVP_PKEY_keygen(s->pctx, &k) <= 0)
                    return -1;
                EVP_PKEY_free(k);
                break;
            }
            case BENCH_OP_SIGN: {
                size_t l = s->k;
                if (do_sign(s, s->sig, &l) != 0)
                    return -1;
                break;
            }
            case BENCH_OP_VERIFY:
                if (do_verify(s, p->msg, s->sig, s->siglen) != 1)
                    return -1;
                break;
            case BENCH_OP_DERIVE: {
                size_t l = 66;
                if (EVP_PKEY_derive(s->pctx, s->out, &l) <= 0)
                    return -1;
                break;
            }
            default:
                return -1;
            }
            break;
        default:
            return -1;
        }
    }
    return 0;
}

static int ossl_check(void *st, uint8_t *out, size_t *outlen, char *err, size_t errlen)
{
    ossl_state *s = st;
    const bench_params *p = &s->p;
    switch (p->alg) {
    case BENCH_SHA256:
        if (ossl_run(s, 1) != 0)
            return -1;
        memcpy(out, s->out, 32);
        *outlen = 32;
        return 0;
    case BENCH_RSA:
    case BENCH_ECDSA:
    case BENCH_ECDH:
        break;
    default:
        return -1;
    }
    switch (p->op) {
    case BENCH_OP_KEYGEN:
        if (p->alg == BENCH_RSA) {
            EVP_PKEY *k = rsa_keygen(p->bits);
            int bits = k ? EVP_PKEY_get_bits(k) : 0;
            EVP_PKEY_free(k);
            if (bits != (int)p->bits) {
                prov_err(err, errlen, "generated a %d-bit key", bits);
                return -1;
            }
            return 0;
        }
        return ossl_run(s, 1);
    case BENCH_OP_SIGN:
    case BENCH_OP_SIGN_PSS:
    case BENCH_OP_VERIFY:
    case BENCH_OP_VERIFY_PSS: {
        size_t l = s->k;
        unsigned char *sig = s->sig;
        if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
            sig = p->alg == BENCH_RSA ? s->out : s->sig;
            if (do_sign(s, sig, &l) != 0) {
                prov_err(err, errlen, "signing failed");
                return -1;
            }
        } else
            l = s->siglen;
        if (do_verify(s, p->msg, sig, l) != 1) {
            prov_err(err, errlen, "the signature does not verify");
            return -1;
        }
        sig[l / 2] ^= 1;
        int bad = do_verify(s, p->msg, sig, l);
        sig[l / 2] ^= 1;
        if (bad != 0) {
            prov_err(err, errlen, "a tampered signature verifies");
            return -1;
        }
        if (p->op == BENCH_OP_SIGN || p->op == BENCH_OP_SIGN_PSS) {
            if (p->alg != BENCH_RSA) /* keep s->sig a valid signature */
                return 0;
        }
        return 0;
    }
    case BENCH_OP_ENCRYPT:
    case BENCH_OP_DECRYPT: {
        unsigned char ct[2048], pt[2048];
        size_t cl = s->k, pl = s->k;
        const unsigned char *c = s->sig;
        if (s->k > sizeof ct)
            return -1;
        if (p->op == BENCH_OP_ENCRYPT) {
            if (EVP_PKEY_encrypt(s->pctx, ct, &cl, s->in, PROV_KEX_LEN) <= 0)
                return -1;
            c = ct;
        } else
            cl = s->siglen;
        EVP_PKEY_CTX *d = rsa_cipher_ctx(s->key, 0, RSA_PKCS1_OAEP_PADDING);
        int ok = d && EVP_PKEY_decrypt(d, pt, &pl, c, cl) > 0 && pl == PROV_KEX_LEN &&
                 memcmp(pt, s->in, PROV_KEX_LEN) == 0;
        EVP_PKEY_CTX_free(d);
        if (!ok) {
            prov_err(err, errlen, "OAEP decryption does not give back the message");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_PRIVATE:
    case BENCH_OP_PUBLIC: {
        unsigned char y[2048], z[2048];
        size_t yl = s->k, zl = s->k;
        if (s->k > sizeof y)
            return -1;
        EVP_PKEY_CTX *inv = rsa_cipher_ctx(s->key, p->op != BENCH_OP_PUBLIC, RSA_NO_PADDING);
        int ok = inv &&
                 (p->op == BENCH_OP_PUBLIC ? EVP_PKEY_encrypt(s->pctx, y, &yl, s->in, s->k)
                                           : EVP_PKEY_decrypt(s->pctx, y, &yl, s->in, s->k)) > 0 &&
                 (p->op == BENCH_OP_PUBLIC ? EVP_PKEY_decrypt(inv, z, &zl, y, yl)
                                           : EVP_PKEY_encrypt(inv, z, &zl, y, yl)) > 0 &&
                 zl == s->k && memcmp(z, s->in, s->k) == 0;
        EVP_PKEY_CTX_free(inv);
        if (!ok) {
            prov_err(err, errlen, "the raw operation is not inverted by its counterpart");
            return -1;
        }
        return 0;
    }
    case BENCH_OP_DERIVE: {
        size_t l = 66;
        if (EVP_PKEY_derive(s->pctx, s->out, &l) <= 0 || l > *outlen)
            return -1;
        memcpy(out, s->out, l);
        *outlen = l;
        return 0;
    }
    default:
        return -1;
    }
}

const bench_provider bench_prov_openssl = {
    .name = "openssl",
    .library = "OpenSSL libcrypto, EVP API",
    .version = ossl_version,
    .supports = ossl_supports,
    .setup = ossl_setup,
    .run = ossl_run,
    .check = ossl_check,
    .teardown = ossl_teardown,
    .ec_pubkey = ossl_ec_pubkey,
};
