/* pkc tests — small helpers shared by the elliptic-curve protocol tests
 * (test_ecdsa*.c, test_ecdh*.c, test_ec_key*.c, test_ec_ctime.c). */
#ifndef PKC_TEST_EC_UTIL_H
#define PKC_TEST_EC_UTIL_H

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ec/lab.h"
#include "pkc/curves.h"
#include "pkc/ec.h"
#include "pkc/hash.h"

/* One field operation on canonical operands through the lab interface:
 * convert in, operate, convert out. ECU_FE_INV_FERMAT is the reference
 * inversion; ECU_FE_SQRT returns 0 when a is not a square. */
enum { ECU_FE_MUL, ECU_FE_SQR, ECU_FE_ADD, ECU_FE_SUB, ECU_FE_NEG, ECU_FE_INV, ECU_FE_INV_FERMAT,
       ECU_FE_INV_VAR, ECU_FE_SQRT };

static inline int ecu_fe_op(const pkc_ec_lab *lab, int op, uint64_t *r, const uint64_t *a,
                            const uint64_t *b)
{
    pkc_ec_lab_fe am, bm, rm;
    int ok = 1;
    memset(&rm, 0, sizeof rm);
    lab->fe_from_int(&am, a);
    lab->fe_from_int(&bm, b);
    switch (op) {
    case ECU_FE_MUL: lab->fe_mul(&rm, &am, &bm); break;
    case ECU_FE_SQR: lab->fe_sqr(&rm, &am); break;
    case ECU_FE_ADD: lab->fe_add(&rm, &am, &bm); break;
    case ECU_FE_SUB: lab->fe_sub(&rm, &am, &bm); break;
    case ECU_FE_NEG: lab->fe_neg(&rm, &am); break;
    case ECU_FE_INV: lab->fe_inv(&rm, &am); break;
    case ECU_FE_INV_FERMAT: lab->fe_inv_fermat(&rm, &am); break;
    case ECU_FE_INV_VAR: lab->fe_inv_var(&rm, &am); break;
    case ECU_FE_SQRT: ok = lab->fe_sqrt_var(&rm, &am); break;
    default: return 0;
    }
    if (ok)
        lab->fe_to_int(r, &rm);
    return ok;
}

/* ECDSA over a message in a chosen coordinate system: the hash, then the
 * lab interface's digest functions (src/ec/lab.h). */
static inline pkc_err ecu_sign(const pkc_ec_private_key *key, pkc_hash_alg alg, const void *msg,
                               size_t msglen, pkc_rng *extra, uint8_t *sig, size_t cap,
                               size_t *siglen, pkc_ec_coords co)
{
    uint8_t h[PKC_HASH_MAX_SIZE];
    pkc_err err = pkc_hash(alg, msg, msglen, h);
    if (err != PKC_OK)
        return err;
    return pkc_ecdsa_sign_digest_coords(key, alg, h, pkc_hash_size(alg), extra, sig, cap, siglen,
                                        co);
}

static inline pkc_err ecu_verify(const pkc_ec_public_key *pub, pkc_hash_alg alg, const void *msg,
                                 size_t msglen, const uint8_t *sig, size_t siglen,
                                 pkc_ec_coords co)
{
    uint8_t h[PKC_HASH_MAX_SIZE];
    pkc_err err = pkc_hash(alg, msg, msglen, h);
    if (err != PKC_OK)
        return err;
    return pkc_ecdsa_verify_digest_coords(pub, h, pkc_hash_size(alg), sig, siglen, co);
}

static inline int ecu_hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Parses a hex integer of any number of digits (spaces ignored) into
 * exactly outlen big-endian bytes, left-padded. Returns -1 on bad hex or
 * if the value does not fit. */
static inline int ecu_hex_fixed(const char *hex, uint8_t *out, size_t outlen)
{
    size_t nd = 0;
    for (const char *p = hex; *p; p++) {
        if (isspace((unsigned char)*p))
            continue;
        if (ecu_hexval((unsigned char)*p) < 0)
            return -1;
        nd++;
    }
    memset(out, 0, outlen);
    /* walk the digits from the least significant end */
    size_t pos = 0; /* digit index from the right */
    for (const char *p = hex + strlen(hex); p-- > hex;) {
        int v = ecu_hexval((unsigned char)*p);
        if (v < 0)
            continue;
        size_t byte = pos / 2;
        if (byte >= outlen) {
            if (v != 0)
                return -1;
        } else {
            out[outlen - 1 - byte] |= (uint8_t)(pos % 2 ? v << 4 : v);
        }
        pos++;
    }
    (void)nd;
    return 0;
}

/* A hex byte string (odd digit counts get a leading zero); malloc'd. */
static inline uint8_t *ecu_hex(const char *hex, size_t *len)
{
    size_t nd = 0;
    for (const char *p = hex; *p; p++)
        if (!isspace((unsigned char)*p))
            nd++;
    size_t n = (nd + 1) / 2;
    uint8_t *out = malloc(n ? n : 1);
    if (!out)
        return NULL;
    if (ecu_hex_fixed(hex, out, n) != 0) {
        free(out);
        return NULL;
    }
    *len = n;
    return out;
}

/* "P-256", "K-256" (CAVP's name for secp256k1), "secp256r1", "prime256v1", ... */
static inline int ecu_curve(const char *name, pkc_curve_id *id)
{
    if (strcasecmp(name, "K-256") == 0) {
        *id = PKC_CURVE_SECP256K1;
        return 0;
    }
    return pkc_curve_from_name(name, id) == PKC_OK ? 0 : -1;
}

/* "SHA-1", "SHA1", "SHA-256", "SHA256", ... */
static inline int ecu_hash(const char *name, pkc_hash_alg *alg)
{
    char buf[16];
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < sizeof buf; p++)
        if (*p != '-')
            buf[n++] = (char)tolower((unsigned char)*p);
    buf[n] = 0;
    static const struct {
        const char *n;
        pkc_hash_alg a;
    } t[] = {{"sha1", PKC_HASH_SHA1},     {"sha224", PKC_HASH_SHA224}, {"sha256", PKC_HASH_SHA256},
             {"sha384", PKC_HASH_SHA384}, {"sha512", PKC_HASH_SHA512}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strcmp(buf, t[i].n) == 0) {
            *alg = t[i].a;
            return 0;
        }
    return -1;
}

static const pkc_hash_alg ecu_sig_hashes[] = {PKC_HASH_SHA224, PKC_HASH_SHA256, PKC_HASH_SHA384,
                                               PKC_HASH_SHA512};

static inline const char *ecu_curve_name(pkc_curve_id id)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    return ci ? ci->name : "?";
}

#ifdef PKC_HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>

/* OpenSSL's group for a curve (NULL if it has none); free with
 * EC_GROUP_free. */
static inline EC_GROUP *ecu_ossl_group(pkc_curve_id id)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    return ci ? EC_GROUP_new_by_curve_name(OBJ_sn2nid(ci->openssl_name)) : NULL;
}

/* a pkc point (public key) as an OpenSSL point of grp, through SEC 1 */
static inline EC_POINT *ecu_ossl_point(const EC_GROUP *grp, const pkc_ec_public_key *pt)
{
    uint8_t enc[1 + 2 * PKC_EC_MAX_FIELD_BYTES];
    size_t len = 0;
    EC_POINT *r = EC_POINT_new(grp);
    if (!r || pkc_ec_point_encode(pt, 0, enc, sizeof enc, &len) != PKC_OK ||
        EC_POINT_oct2point(grp, r, enc, len, NULL) != 1) {
        EC_POINT_free(r);
        return NULL;
    }
    return r;
}

/* OpenSSL's k * P (k big-endian bytes) equals R */
static inline int ecu_ossl_mul_is(const EC_GROUP *grp, const uint8_t *k, size_t klen,
                                  const pkc_ec_public_key *P, const pkc_ec_public_key *R)
{
    EC_POINT *p = ecu_ossl_point(grp, P), *r = ecu_ossl_point(grp, R), *t = EC_POINT_new(grp);
    BIGNUM *bk = BN_bin2bn(k, (int)klen, NULL);
    int ok = p && r && t && bk && EC_POINT_mul(grp, t, NULL, p, bk, NULL) == 1 &&
             EC_POINT_cmp(grp, t, r, NULL) == 0;
    BN_free(bk);
    EC_POINT_free(p);
    EC_POINT_free(r);
    EC_POINT_free(t);
    return ok;
}
#endif

#endif
