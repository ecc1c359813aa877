/* pkc fuzzing — the OpenSSL 3 side of the differential harnesses
 * (tests/fuzz/fuzz_diff_*.c): the fixed keys, curves and hashes of
 * fuzz_keys.h as OpenSSL objects, and the conversions between pkc's byte
 * strings and OpenSSL's BIGNUMs, points and EVP_PKEYs.
 *
 * Only the EVP interface and the EC_GROUP / EC_POINT / BIGNUM arithmetic
 * (none of it deprecated in OpenSSL 3) are used: what a program linking
 * Debian's libcrypto would call. OpenSSL reports failures through a
 * per-thread error queue; pkc_fuzz_ossl_done() empties it after each
 * input so that it does not grow over millions of runs.
 *
 * Everything cached here lives in statics for the life of the process
 * (LeakSanitizer counts memory reachable from statics as not leaked).
 */
#ifndef PKC_FUZZ_OPENSSL_H
#define PKC_FUZZ_OPENSSL_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

#include "fuzz_common.h"
#include "fuzz_keys.h"
#include "pkc/curves.h"
#include "pkc/hash.h"

/* OpenSSL knows pkc's hash names ("sha256", ...). */
static inline const EVP_MD *pkc_fuzz_ossl_md(pkc_hash_alg h)
{
    const EVP_MD *md = EVP_get_digestbyname(pkc_hash_name(h));
    FUZZ_CHECK(md != NULL);
    return md;
}

/* OpenSSL's names of pkc's curves, indexed by pkc_curve_id. */
static const char *const pkc_fuzz_ossl_curve_names[PKC_CURVE_COUNT] = {
    "secp192k1", "prime192v1", "secp224k1", "secp224r1",
    "secp256k1", "prime256v1", "secp384r1", "secp521r1",
    "sect163k1", "sect163r2", "sect233k1", "sect233r1", "sect283k1",
    "sect283r1", "sect409k1", "sect409r1", "sect571k1", "sect571r1",
    "prime239v1"};
_Static_assert(PKC_CURVE_COUNT == 19, "pkc_fuzz_ossl_curve_names: one name per curve");

/* The curve of that OpenSSL name, or -1 if pkc does not implement it. */
static inline int pkc_fuzz_ossl_curve_of_name(const char *name)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++)
        if (strcmp(name, pkc_fuzz_ossl_curve_names[i]) == 0)
            return i;
    return -1;
}

/* A curve's group with its order n and field prime p, made once. */
typedef struct {
    EC_GROUP *group;
    BIGNUM *n, *p;
    int nbits;
} pkc_fuzz_ossl_curve;

static inline const pkc_fuzz_ossl_curve *pkc_fuzz_ossl_curve_get(pkc_curve_id curve)
{
    static pkc_fuzz_ossl_curve curves[PKC_CURVE_COUNT];
    FUZZ_CHECK((unsigned)curve < PKC_CURVE_COUNT);
    pkc_fuzz_ossl_curve *c = &curves[curve];
    if (!c->group) {
        c->group = EC_GROUP_new_by_curve_name(OBJ_sn2nid(pkc_fuzz_ossl_curve_names[curve]));
        c->n = BN_new();
        c->p = BN_new();
        FUZZ_CHECK(c->group && c->n && c->p);
        FUZZ_CHECK(EC_GROUP_get_order(c->group, c->n, NULL) == 1);
        FUZZ_CHECK(EC_GROUP_get_curve(c->group, c->p, NULL, NULL, NULL) == 1);
        c->nbits = BN_num_bits(c->n);
    }
    return c;
}

/* A BN_CTX for the whole process. */
static inline BN_CTX *pkc_fuzz_ossl_bn_ctx(void)
{
    static BN_CTX *ctx;
    if (!ctx)
        FUZZ_CHECK((ctx = BN_CTX_new()) != NULL);
    return ctx;
}

/* Never asked: the harnesses give no passphrase, so an encrypted key is
 * refused instead of prompting on the terminal. */
static inline int pkc_fuzz_ossl_no_pass(char *buf, int size, int rw, void *u)
{
    (void)buf, (void)size, (void)rw, (void)u;
    return -1;
}

static inline EVP_PKEY *pkc_fuzz_ossl_pem_private(const char *pem)
{
    BIO *b = BIO_new_mem_buf(pem, -1);
    FUZZ_CHECK(b != NULL);
    EVP_PKEY *k = PEM_read_bio_PrivateKey(b, NULL, pkc_fuzz_ossl_no_pass, NULL);
    BIO_free(b);
    FUZZ_CHECK(k != NULL);
    return k;
}

/* The fixed keys of fuzz_keys.h, read by OpenSSL from the same PEM. */
static inline EVP_PKEY *pkc_fuzz_ossl_fixed_rsa_at(int which)
{
    static EVP_PKEY *keys[2];
    FUZZ_CHECK(which == PKC_FUZZ_RSA1024 || which == PKC_FUZZ_RSA1025);
    if (!keys[which])
        keys[which] = pkc_fuzz_ossl_pem_private(pkc_fuzz_rsa_pem[which]);
    return keys[which];
}

static inline EVP_PKEY *pkc_fuzz_ossl_fixed_ec(pkc_curve_id curve)
{
    static EVP_PKEY *keys[PKC_CURVE_COUNT];
    FUZZ_CHECK((unsigned)curve < PKC_CURVE_COUNT);
    if (!keys[curve])
        keys[curve] = pkc_fuzz_ossl_pem_private(pkc_fuzz_ec_pem[curve]);
    return keys[curve];
}

/* An EC key from its parts (EVP_PKEY_fromdata): the public point as an
 * octet string and, if d is not NULL, the private scalar. NULL when
 * OpenSSL refuses the point (its decoder checks the encoding, x and y
 * below p and the curve equation; infinity and the rest wait for
 * EVP_PKEY_public_check or the derivation). */
static inline EVP_PKEY *pkc_fuzz_ossl_ec_key(pkc_curve_id curve, const uint8_t *pt, size_t ptlen,
                                             const BIGNUM *d)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    FUZZ_CHECK(bld != NULL);
    FUZZ_CHECK(OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME,
                                               pkc_fuzz_ossl_curve_names[curve], 0) == 1);
    FUZZ_CHECK(OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pt, ptlen) == 1);
    if (d)
        FUZZ_CHECK(OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d) == 1);
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    FUZZ_CHECK(params && ctx && EVP_PKEY_fromdata_init(ctx) == 1);
    EVP_PKEY *k = NULL;
    if (EVP_PKEY_fromdata(ctx, &k, d ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) != 1)
        k = NULL;
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    return k;
}

/* A point as 04 || X || Y (compressed: 02/03 || X); *len gets the length. */
static inline void pkc_fuzz_ossl_point_encode(pkc_curve_id curve, const EC_POINT *P,
                                              int compressed, uint8_t *out, size_t cap,
                                              size_t *len)
{
    *len = EC_POINT_point2oct(pkc_fuzz_ossl_curve_get(curve)->group, P,
                              compressed ? POINT_CONVERSION_COMPRESSED
                                         : POINT_CONVERSION_UNCOMPRESSED,
                              out, cap, pkc_fuzz_ossl_bn_ctx());
    FUZZ_CHECK(*len > 0);
}

/* A BIGNUM as exactly width big-endian bytes (it must fit). */
static inline void pkc_fuzz_ossl_bn_out(const BIGNUM *v, uint8_t *out, size_t width)
{
    FUZZ_CHECK(BN_bn2binpad(v, out, (int)width) == (int)width);
}

static inline BIGNUM *pkc_fuzz_ossl_bn_in(const uint8_t *p, size_t len)
{
    BIGNUM *v = BN_bin2bn(p, (int)len, NULL);
    FUZZ_CHECK(v != NULL);
    return v;
}

/* The next max bytes of the input (fewer at its end) as a number. */
static inline BIGNUM *pkc_fuzz_ossl_bn_take(pkc_fuzz_in *in, size_t max)
{
    size_t len = 0;
    const uint8_t *p = pkc_fuzz_take(in, max, &len);
    return pkc_fuzz_ossl_bn_in(p, len);
}

/* MGF1 (RFC 8017 B.2.1) through EVP (OpenSSL's PKCS1_MGF1 is deprecated):
 * mask = the first len bytes of Hash(seed || C) for C = 0, 1, ... */
static inline void pkc_fuzz_ossl_mgf1(const EVP_MD *md, const uint8_t *seed, size_t seedlen,
                                      uint8_t *mask, size_t len)
{
    uint8_t out[EVP_MAX_MD_SIZE];
    size_t hlen = (size_t)EVP_MD_get_size(md);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    FUZZ_CHECK(ctx != NULL);
    for (uint32_t ctr = 0; len > 0; ctr++) {
        uint8_t c[4] = {(uint8_t)(ctr >> 24), (uint8_t)(ctr >> 16), (uint8_t)(ctr >> 8),
                        (uint8_t)ctr};
        FUZZ_CHECK(EVP_DigestInit_ex(ctx, md, NULL) == 1 &&
                   EVP_DigestUpdate(ctx, seed, seedlen) == 1 &&
                   EVP_DigestUpdate(ctx, c, 4) == 1 && EVP_DigestFinal_ex(ctx, out, NULL) == 1);
        size_t n = len < hlen ? len : hlen;
        memcpy(mask, out, n);
        mask += n;
        len -= n;
    }
    EVP_MD_CTX_free(ctx);
}

/* After each input: OpenSSL's refusals leave entries in its error queue. */
static inline void pkc_fuzz_ossl_done(void)
{
    ERR_clear_error();
}

#endif
