/* pkc bench — provider "openssl": OpenSSL 3 libcrypto through the EVP API.
 *
 *   RSA keygen     EVP_PKEY_keygen (e = 65537)
 *   RSA import     d2i_PrivateKey of the pool key's PKCS#1 DER
 *   sign/verify    EVP_DigestSign/EVP_DigestVerify, SHA-256, PKCS#1 v1.5 or
 *                  PSS (salt = 32 bytes, MGF1-SHA-256)
 *   encrypt/dec.   EVP_PKEY_encrypt/decrypt, OAEP SHA-256 + MGF1-SHA-256,
 *                  one context per key made at import
 *   private/public EVP_PKEY_decrypt/encrypt with RSA_NO_PADDING
 *   ECDSA          EVP_PKEY_keygen on the named group, EVP_DigestSign/Verify
 *   ECDH           EVP_PKEY_derive_init + EVP_PKEY_derive_set_peer (which
 *                  checks the peer's key) + EVP_PKEY_derive, per call
 *   SHA-256        EVP_DigestInit_ex2/Update/Final with a fetched EVP_MD
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

#include "provider.h"

typedef struct {
    EVP_PKEY *pkey;
    EVP_MD_CTX *md;
    EVP_PKEY_CTX *enc, *dec, *priv, *pub;  /* OAEP and raw, made at import */
    size_t k;
} ossl_rsa;

typedef struct {
    EVP_PKEY *pkey;
    EVP_MD_CTX *md;
    EVP_PKEY_CTX *derive;
} ossl_ec;

static const char *ossl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

/* ---- RSA ---- */

static int ossl_rsa_supports(unsigned bits, bench_op op)
{
    return bits >= 1024 && bits <= 16384 && bits % 8 == 0 && op <= BENCH_OP_PUBLIC;
}

static EVP_PKEY_CTX *cipher_ctx(EVP_PKEY *key, int encrypt, int padding)
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

static void ossl_rsa_free(void *key)
{
    ossl_rsa *h = key;
    if (!h)
        return;
    EVP_PKEY_free(h->pkey);
    EVP_MD_CTX_free(h->md);
    EVP_PKEY_CTX_free(h->enc);
    EVP_PKEY_CTX_free(h->dec);
    EVP_PKEY_CTX_free(h->priv);
    EVP_PKEY_CTX_free(h->pub);
    free(h);
}

static ossl_rsa *rsa_wrap(EVP_PKEY *pkey)
{
    ossl_rsa *h = calloc(1, sizeof *h);
    if (!h) {
        EVP_PKEY_free(pkey);
        return NULL;
    }
    h->pkey = pkey;
    h->k = (size_t)EVP_PKEY_get_size(pkey);
    h->md = EVP_MD_CTX_new();
    h->enc = cipher_ctx(pkey, 1, RSA_PKCS1_OAEP_PADDING);
    h->dec = cipher_ctx(pkey, 0, RSA_PKCS1_OAEP_PADDING);
    h->priv = cipher_ctx(pkey, 0, RSA_NO_PADDING);
    h->pub = cipher_ctx(pkey, 1, RSA_NO_PADDING);
    if (!h->md || !h->enc || !h->dec || !h->priv || !h->pub) {
        ossl_rsa_free(h);
        return NULL;
    }
    return h;
}

static void *ossl_rsa_generate(void *gen, unsigned bits)
{
    (void)gen;
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    if (c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_CTX_set_rsa_keygen_bits(c, (int)bits) > 0)
        EVP_PKEY_keygen(c, &k);
    EVP_PKEY_CTX_free(c);
    if (!k)
        return NULL;
    /* the timed part is the key generation; a bare handle is enough */
    ossl_rsa *h = calloc(1, sizeof *h);
    if (!h) {
        EVP_PKEY_free(k);
        return NULL;
    }
    h->pkey = k;
    h->k = (size_t)EVP_PKEY_get_size(k);
    return h;
}

static void *ossl_rsa_import(const bench_rsa_material *m)
{
    const unsigned char *p = m->pkcs1;
    EVP_PKEY *k = d2i_PrivateKey(EVP_PKEY_RSA, NULL, &p, (long)m->pkcs1len);
    return k ? rsa_wrap(k) : NULL;
}

static int ossl_rsa_modulus(void *key, uint8_t *out, size_t cap, size_t *len)
{
    ossl_rsa *h = key;
    BIGNUM *n = NULL;
    if (EVP_PKEY_get_bn_param(h->pkey, OSSL_PKEY_PARAM_RSA_N, &n) <= 0)
        return -1;
    int nl = BN_num_bytes(n);
    int ok = nl > 0 && (size_t)nl <= cap && BN_bn2bin(n, out) == nl;
    *len = (size_t)nl;
    BN_free(n);
    return ok ? 0 : -1;
}

static int pss_setup(EVP_PKEY_CTX *pc, int pss)
{
    if (!pss)
        return 1;
    return EVP_PKEY_CTX_set_rsa_padding(pc, RSA_PKCS1_PSS_PADDING) > 0 &&
           EVP_PKEY_CTX_set_rsa_pss_saltlen(pc, 32) > 0;
}

static int ossl_rsa_sign(void *key, int pss, const uint8_t *msg, size_t len, uint8_t *sig,
                         size_t *siglen)
{
    ossl_rsa *h = key;
    EVP_PKEY_CTX *pc = NULL;
    if ((!h->md && !(h->md = EVP_MD_CTX_new())) || EVP_DigestSignInit(h->md, &pc, EVP_sha256(), NULL, h->pkey) <= 0 || !pss_setup(pc, pss))
        return -1;
    return EVP_DigestSign(h->md, sig, siglen, msg, len) > 0 ? 0 : -1;
}

static int ossl_rsa_verify(void *key, int pss, const uint8_t *msg, size_t len, const uint8_t *sig,
                           size_t siglen)
{
    ossl_rsa *h = key;
    EVP_PKEY_CTX *pc = NULL;
    if ((!h->md && !(h->md = EVP_MD_CTX_new())) || EVP_DigestVerifyInit(h->md, &pc, EVP_sha256(), NULL, h->pkey) <= 0 || !pss_setup(pc, pss))
        return -1;
    return EVP_DigestVerify(h->md, sig, siglen, msg, len) == 1;
}

static int ossl_rsa_encrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                            size_t *outlen)
{
    ossl_rsa *h = key;
    return EVP_PKEY_encrypt(h->enc, out, outlen, in, inlen) > 0 ? 0 : -1;
}

static int ossl_rsa_decrypt(void *key, const uint8_t *in, size_t inlen, uint8_t *out,
                            size_t *outlen)
{
    ossl_rsa *h = key;
    return EVP_PKEY_decrypt(h->dec, out, outlen, in, inlen) > 0 ? 0 : -1;
}

static int ossl_rsa_private(void *key, const uint8_t *in, uint8_t *out)
{
    ossl_rsa *h = key;
    size_t l = h->k;
    return EVP_PKEY_decrypt(h->priv, out, &l, in, h->k) > 0 && l == h->k ? 0 : -1;
}

static int ossl_rsa_public(void *key, const uint8_t *in, uint8_t *out)
{
    ossl_rsa *h = key;
    size_t l = h->k;
    return EVP_PKEY_encrypt(h->pub, out, &l, in, h->k) > 0 && l == h->k ? 0 : -1;
}

/* ---- elliptic curves ---- */

static const char *group_name(pkc_curve_id curve)
{
    const pkc_curve_info *ci = pkc_curve_info_get(curve);
    return ci ? ci->openssl_name : NULL;
}

static int ossl_ec_supports(pkc_curve_id curve, bench_op op)
{
    (void)op;
    const char *g = group_name(curve);
    int nid = g ? OBJ_sn2nid(g) : NID_undef;
    if (nid == NID_undef)
        return 0;
    EC_GROUP *grp = EC_GROUP_new_by_curve_name(nid);
    EC_GROUP_free(grp);
    return grp != NULL;
}

static void ossl_ec_free(void *key)
{
    ossl_ec *h = key;
    if (!h)
        return;
    EVP_PKEY_free(h->pkey);
    EVP_MD_CTX_free(h->md);
    EVP_PKEY_CTX_free(h->derive);
    free(h);
}

static ossl_ec *ec_wrap(EVP_PKEY *pkey)
{
    ossl_ec *h = calloc(1, sizeof *h);
    if (!h) {
        EVP_PKEY_free(pkey);
        return NULL;
    }
    h->pkey = pkey;
    h->md = EVP_MD_CTX_new();
    h->derive = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    if (!h->md || !h->derive) {
        ossl_ec_free(h);
        return NULL;
    }
    return h;
}

/* Key generation is what is timed: the handle of a new key is bare, its
 * contexts are made when it is first used (only the check uses it). */
static void *ossl_ec_generate(void *gen, pkc_curve_id curve)
{
    (void)gen;
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_CTX_set_group_name(c, group_name(curve)) > 0)
        EVP_PKEY_keygen(c, &k);
    EVP_PKEY_CTX_free(c);
    if (!k)
        return NULL;
    ossl_ec *h = calloc(1, sizeof *h);
    if (!h)
        EVP_PKEY_free(k);
    else
        h->pkey = k;
    return h;
}

static int ec_md(ossl_ec *h)
{
    return h->md || (h->md = EVP_MD_CTX_new()) != NULL;
}

static void *ossl_ec_import(const bench_ec_material *m)
{
    EVP_PKEY *k = NULL;
    BIGNUM *bn = NULL;
    OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (!b || !c ||
        !OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME, group_name(m->curve), 0))
        goto out;
    if (m->d) {
        bn = BN_bin2bn(m->d, (int)m->dlen, NULL);
        if (!bn || !OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_PRIV_KEY, bn))
            goto out;
    }
    if (!OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, m->q, m->qlen))
        goto out;
    params = OSSL_PARAM_BLD_to_param(b);
    if (!params || EVP_PKEY_fromdata_init(c) <= 0 ||
        EVP_PKEY_fromdata(c, &k, m->d ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) <= 0)
        k = NULL;
out:
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(b);
    BN_clear_free(bn);
    EVP_PKEY_CTX_free(c);
    return k ? ec_wrap(k) : NULL;
}

static int ossl_ec_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    ossl_ec *h = key;
    if (!ec_md(h) || EVP_DigestSignInit(h->md, NULL, EVP_sha256(), NULL, h->pkey) <= 0)
        return -1;
    return EVP_DigestSign(h->md, sig, siglen, msg, len) > 0 ? 0 : -1;
}

static int ossl_ec_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                          size_t siglen)
{
    ossl_ec *h = key;
    if (!ec_md(h) || EVP_DigestVerifyInit(h->md, NULL, EVP_sha256(), NULL, h->pkey) <= 0)
        return -1;
    return EVP_DigestVerify(h->md, sig, siglen, msg, len) == 1;
}

static int ossl_ec_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    ossl_ec *h = key, *q = peer;
    if (!h->derive && !(h->derive = EVP_PKEY_CTX_new_from_pkey(NULL, h->pkey, NULL)))
        return -1;
    if (EVP_PKEY_derive_init(h->derive) <= 0 || EVP_PKEY_derive_set_peer(h->derive, q->pkey) <= 0)
        return -1;
    return EVP_PKEY_derive(h->derive, out, outlen) > 0 ? 0 : -1;
}

/* ---- X25519, Ed25519, X448, Ed448: raw keys (EVP_PKEY_new_raw_*) ---- */

typedef struct {
    EVP_PKEY *pkey;
    EVP_MD_CTX *md;        /* EdDSA: one context per key, initialised per call */
    EVP_PKEY_CTX *derive;
} ossl_ecx;

static int ossl_ecx_type(bench_alg alg, unsigned bits)
{
    if (alg == BENCH_XDH)
        return bits == BENCH_ECX_25519 ? EVP_PKEY_X25519 : EVP_PKEY_X448;
    return bits == BENCH_ECX_25519 ? EVP_PKEY_ED25519 : EVP_PKEY_ED448;
}

static int ossl_ecx_supports(bench_alg alg, unsigned bits, bench_op op)
{
    (void)op;
    return bench_ecx_name(alg, bits) != NULL;
}

static void ossl_ecx_free(void *key)
{
    ossl_ecx *h = key;
    if (!h)
        return;
    EVP_PKEY_free(h->pkey);
    EVP_MD_CTX_free(h->md);
    EVP_PKEY_CTX_free(h->derive);
    free(h);
}

static void *ossl_ecx_wrap(EVP_PKEY *pkey)
{
    ossl_ecx *h = pkey ? calloc(1, sizeof *h) : NULL;
    if (!h) {
        EVP_PKEY_free(pkey);
        return NULL;
    }
    h->pkey = pkey;
    return h;
}

static void *ossl_ecx_generate(void *gen, bench_alg alg, unsigned bits)
{
    (void)gen;
    EVP_PKEY *pkey = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_id(ossl_ecx_type(alg, bits), NULL);
    if (c && EVP_PKEY_keygen_init(c) > 0)
        EVP_PKEY_keygen(c, &pkey);
    EVP_PKEY_CTX_free(c);
    return ossl_ecx_wrap(pkey);
}

static void *ossl_ecx_import(const bench_ecx_material *m)
{
    int t = ossl_ecx_type(m->alg, m->bits);
    return ossl_ecx_wrap(m->priv ? EVP_PKEY_new_raw_private_key(t, NULL, m->priv, m->len)
                                 : EVP_PKEY_new_raw_public_key(t, NULL, m->pub, m->len));
}

static int ossl_ecx_sign(void *key, const uint8_t *msg, size_t len, uint8_t *sig, size_t *siglen)
{
    ossl_ecx *h = key;
    if (!h->md && !(h->md = EVP_MD_CTX_new()))
        return -1;
    if (EVP_DigestSignInit(h->md, NULL, NULL, NULL, h->pkey) <= 0)
        return -1;
    return EVP_DigestSign(h->md, sig, siglen, msg, len) > 0 ? 0 : -1;
}

static int ossl_ecx_verify(void *key, const uint8_t *msg, size_t len, const uint8_t *sig,
                           size_t siglen)
{
    ossl_ecx *h = key;
    if (!h->md && !(h->md = EVP_MD_CTX_new()))
        return -1;
    if (EVP_DigestVerifyInit(h->md, NULL, NULL, NULL, h->pkey) <= 0)
        return -1;
    int rc = EVP_DigestVerify(h->md, sig, siglen, msg, len);
    return rc == 1 ? 1 : rc == 0 ? 0 : (ERR_clear_error(), 0);
}

static int ossl_ecx_derive(void *key, void *peer, uint8_t *out, size_t *outlen)
{
    ossl_ecx *h = key, *q = peer;
    if (!h->derive && !(h->derive = EVP_PKEY_CTX_new_from_pkey(NULL, h->pkey, NULL)))
        return -1;
    if (EVP_PKEY_derive_init(h->derive) <= 0 || EVP_PKEY_derive_set_peer(h->derive, q->pkey) <= 0)
        return -1;
    return EVP_PKEY_derive(h->derive, out, outlen) > 0 ? 0 : -1;
}

/* ---- SHA-256 ---- */

typedef struct {
    EVP_MD_CTX *ctx;
    EVP_MD *md;
} ossl_hash;

static int yes(void)
{
    return 1;
}

static void ossl_hash_free(void *p)
{
    ossl_hash *h = p;
    if (!h)
        return;
    EVP_MD_CTX_free(h->ctx);
    EVP_MD_free(h->md);
    free(h);
}

static void *ossl_hash_new(void)
{
    ossl_hash *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->ctx = EVP_MD_CTX_new();
    h->md = EVP_MD_fetch(NULL, "SHA256", NULL);
    if (!h->ctx || !h->md) {
        ossl_hash_free(h);
        return NULL;
    }
    return h;
}

static int ossl_sha256(void *p, const uint8_t *msg, size_t len, uint8_t out[32])
{
    ossl_hash *h = p;
    unsigned int l;
    return EVP_DigestInit_ex2(h->ctx, h->md, NULL) > 0 &&
                   EVP_DigestUpdate(h->ctx, msg, len) > 0 &&
                   EVP_DigestFinal_ex(h->ctx, out, &l) > 0
               ? 0
               : -1;
}

/* ---- AES through EVP: one context per direction, keyed once; each call
 * re-initialises only the IV (EVP pads ECB and CBC itself) ---- */

typedef struct {
    bench_alg mode;
    EVP_CIPHER_CTX *enc, *dec;
} ossl_aes_h;

static const EVP_CIPHER *ossl_cipher(bench_alg mode, unsigned bits)
{
    switch (mode) {
    case BENCH_AES_ECB:
        return bits == 128 ? EVP_aes_128_ecb() : bits == 192 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case BENCH_AES_CBC:
        return bits == 128 ? EVP_aes_128_cbc() : bits == 192 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    case BENCH_AES_CTR:
        return bits == 128 ? EVP_aes_128_ctr() : bits == 192 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    case BENCH_AES_GCM:
        return bits == 128 ? EVP_aes_128_gcm() : bits == 192 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
    default: return NULL;
    }
}

static int ossl_aes_supports(bench_alg mode, unsigned bits)
{
    return (bits == 128 || bits == 192 || bits == 256) && ossl_cipher(mode, bits) != NULL;
}

static void ossl_aes_free(void *ctx)
{
    ossl_aes_h *h = ctx;
    if (!h)
        return;
    EVP_CIPHER_CTX_free(h->enc);
    EVP_CIPHER_CTX_free(h->dec);
    free(h);
}

static void *ossl_aes_new(bench_alg mode, const uint8_t *key, unsigned bits)
{
    ossl_aes_h *h = calloc(1, sizeof *h);
    const EVP_CIPHER *c = ossl_cipher(mode, bits);
    if (!h || !c)
        goto fail;
    h->mode = mode;
    h->enc = EVP_CIPHER_CTX_new();
    h->dec = EVP_CIPHER_CTX_new();
    if (!h->enc || !h->dec || EVP_EncryptInit_ex2(h->enc, c, key, NULL, NULL) != 1 ||
        EVP_DecryptInit_ex2(h->dec, c, key, NULL, NULL) != 1)
        goto fail;
    return h;
fail:
    ossl_aes_free(h);
    return NULL;
}

static int ossl_aes_encrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                            uint8_t *out, size_t *outlen)
{
    ossl_aes_h *h = ctx;
    int l1 = 0, l2 = 0;
    if (EVP_EncryptInit_ex2(h->enc, NULL, NULL, h->mode == BENCH_AES_ECB ? NULL : iv, NULL) != 1 ||
        EVP_EncryptUpdate(h->enc, out, &l1, in, (int)len) != 1 ||
        EVP_EncryptFinal_ex(h->enc, out + l1, &l2) != 1)
        return -1;
    *outlen = (size_t)l1 + (size_t)l2;
    if (h->mode == BENCH_AES_GCM) {
        if (EVP_CIPHER_CTX_ctrl(h->enc, EVP_CTRL_GCM_GET_TAG, 16, out + *outlen) != 1)
            return -1;
        *outlen += 16;
    }
    return 0;
}

static int ossl_aes_decrypt(void *ctx, const uint8_t *iv, const uint8_t *in, size_t len,
                            uint8_t *out, size_t *outlen)
{
    ossl_aes_h *h = ctx;
    int l1 = 0, l2 = 0;
    if (h->mode == BENCH_AES_GCM) {
        if (len < 16)
            return -1;
        len -= 16;
    }
    if (EVP_DecryptInit_ex2(h->dec, NULL, NULL, h->mode == BENCH_AES_ECB ? NULL : iv, NULL) != 1 ||
        EVP_DecryptUpdate(h->dec, out, &l1, in, (int)len) != 1)
        return -1;
    if (h->mode == BENCH_AES_GCM &&
        EVP_CIPHER_CTX_ctrl(h->dec, EVP_CTRL_GCM_SET_TAG, 16, (void *)(in + len)) != 1)
        return -1;
    if (EVP_DecryptFinal_ex(h->dec, out + l1, &l2) != 1)
        return -1;
    *outlen = (size_t)l1 + (size_t)l2;
    return 0;
}

const bench_provider bench_prov_openssl = {
    .name = "openssl",
    .library = "OpenSSL libcrypto, EVP API",
    .version = ossl_version,
    .rsa_supports = ossl_rsa_supports,
    .rsa_generate = ossl_rsa_generate,
    .rsa_import = ossl_rsa_import,
    .rsa_free = ossl_rsa_free,
    .rsa_modulus = ossl_rsa_modulus,
    .rsa_sign = ossl_rsa_sign,
    .rsa_verify = ossl_rsa_verify,
    .rsa_encrypt = ossl_rsa_encrypt,
    .rsa_decrypt = ossl_rsa_decrypt,
    .rsa_private = ossl_rsa_private,
    .rsa_public = ossl_rsa_public,
    .ec_supports = ossl_ec_supports,
    .ec_generate = ossl_ec_generate,
    .ec_import = ossl_ec_import,
    .ec_free = ossl_ec_free,
    .ec_sign = ossl_ec_sign,
    .ec_verify = ossl_ec_verify,
    .ec_derive = ossl_ec_derive,
    .hash_supports = yes,
    .hash_new = ossl_hash_new,
    .sha256 = ossl_sha256,
    .hash_free = ossl_hash_free,
    .aes_supports = ossl_aes_supports,
    .aes_new = ossl_aes_new,
    .aes_free = ossl_aes_free,
    .aes_encrypt = ossl_aes_encrypt,
    .aes_decrypt = ossl_aes_decrypt,
    .ecx_supports = ossl_ecx_supports,
    .ecx_generate = ossl_ecx_generate,
    .ecx_import = ossl_ecx_import,
    .ecx_free = ossl_ecx_free,
    .ecx_sign = ossl_ecx_sign,
    .ecx_verify = ossl_ecx_verify,
    .ecx_derive = ossl_ecx_derive,
};
