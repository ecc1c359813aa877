/* Elliptic-curve keys and their encodings:
 *  - FIPS 186-3 KeyPair.rsp (d -> Q) and PKV.rsp (public-key validation:
 *    every "P" accepted, every "F" rejected as an invalid point);
 *  - compressed_points.txt (SEC 1 decompression);
 *  - the EC key files of the cryptography vectors (PEM, DER, PKCS#8, SEC 1;
 *    an unknown curve OID and encrypted keys refused);
 *  - key generation on all nineteen curves (d in [1, n-1], Q = dG, both
 *    coordinate systems agree, fixed seeds reproduce);
 *  - round trips: SEC 1 points (both forms), ECPrivateKey and PKCS#8 DER
 *    and PEM, SubjectPublicKeyInfo DER and PEM;
 *  - bad input: points off the curve, coordinates >= p, infinity, a point of
 *    another curve, wrong prefixes and lengths, d = 0 and d >= n, a stored
 *    public key that is not dG, wrong algorithm OIDs, unknown curves,
 *    explicit parameters, wrong versions, truncation at every length,
 *    trailing garbage, random corruption (errors, never a crash).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/der.h"
#include "pkc/ec.h"
#include "pkc/rng.h"
#include "test_ec_util.h"
#include "testutil.h"

static void keypair_rsp(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "asymmetric/ECDSA/FIPS_186-3/KeyPair.rsp"))
        return;
    pkc_curve_id curve = PKC_CURVE_COUNT;
    int active = 0, n = 0;
    char *d = NULL, *qx = NULL;
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            if (ecu_curve(kv.key, &curve) == 0)
                active = 1;
            else if (strncmp(kv.key, "B.4.2", 5) != 0)
                active = 0;
            continue;
        }
        if (!active || !kv.value)
            continue;
        if (!strcmp(kv.key, "d")) {
            free(d);
            d = strdup(kv.value);
        } else if (!strcmp(kv.key, "Qx")) {
            free(qx);
            qx = strdup(kv.value);
        } else if (!strcmp(kv.key, "Qy") && d && qx) {
            size_t ob = pkc_ec_order_bytes(curve), fb = pkc_ec_field_bytes(curve);
            uint8_t db[PKC_EC_MAX_ORDER_BYTES], x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
            CHECK(ecu_hex_fixed(d, db, ob) == 0 && ecu_hex_fixed(qx, x, fb) == 0 &&
                  ecu_hex_fixed(kv.value, y, fb) == 0);
            pkc_ec_private_key key;
            pkc_ec_public_key q;
            CHECK(pkc_ec_private_key_from_bytes(&key, curve, db, ob) == PKC_OK);
            CHECK(pkc_ec_public_key_from_xy(&q, curve, x, fb, y, fb) == PKC_OK);
            CHECK_MSG(pkc_ec_public_key_equal(&q, &key.pub), "KeyPair line %d: dG != Q",
                      kv.lineno);
            n++;
            free(d);
            free(qx);
            d = qx = NULL;
        }
    }
    free(d);
    free(qx);
    tu_kv_close(&kv);
    printf("KeyPair.rsp: %d key pairs\n", n);
    CHECK(n == 150); /* 10 per curve: P-192 ... P-521, K-163 ... K-571, B-163 ... B-571 */
}

static void pkv_rsp(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "asymmetric/ECDSA/FIPS_186-3/PKV.rsp"))
        return;
    pkc_curve_id curve = PKC_CURVE_COUNT;
    int active = 0, np = 0, nf = 0;
    char *qx = NULL, *qy = NULL;
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            active = ecu_curve(kv.key, &curve) == 0;
            continue;
        }
        if (!active || !kv.value)
            continue;
        if (!strcmp(kv.key, "Qx")) {
            free(qx);
            qx = strdup(kv.value);
        } else if (!strcmp(kv.key, "Qy")) {
            free(qy);
            qy = strdup(kv.value);
        } else if (!strcmp(kv.key, "Result") && qx && qy) {
            size_t fb = pkc_ec_field_bytes(curve);
            size_t xl, yl;
            uint8_t *x = ecu_hex(qx, &xl), *y = ecu_hex(qy, &yl);
            pkc_ec_public_key q;
            pkc_err err = pkc_ec_public_key_from_xy(&q, curve, x, xl, y, yl);
            int expect = kv.value[0] == 'P';
            CHECK_MSG(expect ? err == PKC_OK : err == PKC_ERR_POINT,
                      "PKV line %d (%s): %s gave %s", kv.lineno, ecu_curve_name(curve), kv.value,
                      pkc_strerror(err));
            /* The same through the SEC 1 decoder when the coordinates fit. */
            if (xl <= fb && yl <= fb) {
                uint8_t pt[PKC_EC_MAX_POINT_BYTES] = {0x04};
                memset(pt + 1, 0, 2 * fb);
                memcpy(pt + 1 + fb - xl, x, xl);
                memcpy(pt + 1 + 2 * fb - yl, y, yl);
                err = pkc_ec_point_decode(&q, curve, pt, 1 + 2 * fb);
                CHECK(expect ? err == PKC_OK : err == PKC_ERR_POINT);
            }
            free(x);
            free(y);
            expect ? np++ : nf++;
            free(qx);
            free(qy);
            qx = qy = NULL;
        }
    }
    free(qx);
    free(qy);
    tu_kv_close(&kv);
    printf("PKV.rsp: %d P, %d F\n", np, nf);
    CHECK(np > 10 && nf > 30);
}

static void compressed_points(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "asymmetric/EC/compressed_points.txt"))
        return;
    pkc_curve_id curve = PKC_CURVE_COUNT;
    char *point = NULL, *x = NULL;
    int n = 0;
    while (tu_kv_next(&kv)) {
        if (!kv.value)
            continue;
        if (!strcmp(kv.key, "CURVE"))
            CHECK(ecu_curve(kv.value, &curve) == 0);
        else if (!strcmp(kv.key, "POINT")) {
            free(point);
            point = strdup(kv.value);
        } else if (!strcmp(kv.key, "X")) {
            free(x);
            x = strdup(kv.value);
        } else if (!strcmp(kv.key, "Y") && point && x) {
            size_t fb = pkc_ec_field_bytes(curve), plen, elen;
            uint8_t *p = ecu_hex(point, &plen);
            uint8_t xb[PKC_EC_MAX_FIELD_BYTES], yb[PKC_EC_MAX_FIELD_BYTES];
            uint8_t enc[PKC_EC_MAX_POINT_BYTES];
            CHECK(ecu_hex_fixed(x, xb, fb) == 0 && ecu_hex_fixed(kv.value, yb, fb) == 0);
            pkc_ec_public_key a, b;
            CHECK(pkc_ec_point_decode(&a, curve, p, plen) == PKC_OK);
            CHECK(pkc_ec_public_key_from_xy(&b, curve, xb, fb, yb, fb) == PKC_OK);
            CHECK(pkc_ec_public_key_equal(&a, &b));
            CHECK(pkc_ec_point_encode(&b, 1, enc, sizeof enc, &elen) == PKC_OK);
            CHECK(elen == plen && !memcmp(enc, p, plen));
            /* the other parity is the other point, -P */
            p[0] ^= 1;
            CHECK(pkc_ec_point_decode(&b, curve, p, plen) == PKC_OK);
            CHECK(!pkc_ec_public_key_equal(&a, &b));
            free(p);
            n++;
        }
    }
    free(point);
    free(x);
    tu_kv_close(&kv);
    CHECK(n == 4);
}

/* ---- keys, round trips ---- */

static void roundtrip(pkc_curve_id id, pkc_rng *rng)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    pkc_ec_private_key key, key2;
    pkc_ec_public_key pub, pub2;
    CHECK(pkc_ec_keygen(&key, id, rng) == PKC_OK);

    /* d in [1, n-1]: from_bytes accepts it and recomputes the same Q; the
     * affine keygen from the same seed is the same key. */
    CHECK(pkc_ec_private_key_from_bytes(&key2, id, key.d, ci->order_bytes) == PKC_OK);
    CHECK(pkc_ec_public_key_equal(&key.pub, &key2.pub));

    uint8_t buf[PKC_EC_MAX_POINT_BYTES];
    size_t len;
    pkc_ec_public_key_from_private(&pub, &key);
    for (int comp = 0; comp < 2; comp++) {
        CHECK(pkc_ec_point_encode(&pub, comp, buf, sizeof buf, &len) == PKC_OK);
        CHECK(len == (comp ? 1 + ci->field_bytes : 1 + 2 * ci->field_bytes));
        CHECK(pkc_ec_point_decode(&pub2, id, buf, len) == PKC_OK);
        CHECK(pkc_ec_public_key_equal(&pub, &pub2));
        CHECK(pkc_ec_point_encode(&pub, comp, buf, len - 1, &len) == PKC_ERR_BUFSIZE);
    }

    for (int fmt = 0; fmt < 2; fmt++) {
        uint8_t *der;
        size_t derlen;
        char *pem;
        size_t pemlen;
        CHECK(pkc_ec_private_key_to_der(&key, (pkc_ec_key_format)fmt, &der, &derlen) == PKC_OK);
        CHECK(pkc_ec_private_key_from_der(&key2, der, derlen) == PKC_OK);
        CHECK(key2.curve == id && !memcmp(key2.d, key.d, ci->order_bytes));
        CHECK(pkc_ec_public_key_equal(&key.pub, &key2.pub));
        CHECK(pkc_ec_private_key_decode(&key2, der, derlen) == PKC_OK);
        /* truncation at every length, one trailing byte */
        int crashfree = 1;
        for (size_t l = 0; l < derlen; l++)
            crashfree &= pkc_ec_private_key_from_der(&key2, der, l) != PKC_OK;
        CHECK_MSG(crashfree, "%s: a truncated private key was accepted", ci->name);
        uint8_t *longer = malloc(derlen + 1);
        memcpy(longer, der, derlen);
        longer[derlen] = 0;
        CHECK(pkc_ec_private_key_from_der(&key2, longer, derlen + 1) == PKC_ERR_DECODE);
        free(longer);
        /* random corruption: an error or a valid key, never a crash */
        for (int t = 0, nt = tu_iters(200); t < nt; t++) {
            uint8_t *m = malloc(derlen);
            memcpy(m, der, derlen);
            m[tu_rand64() % derlen] ^= (uint8_t)(1u << (tu_rand64() % 8));
            pkc_err e = pkc_ec_private_key_from_der(&key2, m, derlen);
            CHECK(e == PKC_OK || e < 0);
            free(m);
        }
        pkc_secure_free(der, derlen);

        CHECK(pkc_ec_private_key_to_pem(&key, (pkc_ec_key_format)fmt, &pem, &pemlen) == PKC_OK);
        CHECK(strstr(pem, fmt ? "-----BEGIN EC PRIVATE KEY-----" : "-----BEGIN PRIVATE KEY-----")
              == pem);
        CHECK(pkc_ec_private_key_decode(&key2, (const uint8_t *)pem, pemlen) == PKC_OK);
        CHECK(!memcmp(key2.d, key.d, ci->order_bytes) && key2.curve == id);
        /* a private key is not a public key */
        CHECK(pkc_ec_public_key_decode(&pub2, (const uint8_t *)pem, pemlen) != PKC_OK);
        pkc_secure_free(pem, pemlen);
    }

    for (int comp = 0; comp < 2; comp++) {
        uint8_t *der;
        size_t derlen;
        char *pem;
        size_t pemlen;
        CHECK(pkc_ec_public_key_to_der(&pub, comp, &der, &derlen) == PKC_OK);
        CHECK(pkc_ec_public_key_from_der(&pub2, der, derlen) == PKC_OK);
        CHECK(pkc_ec_public_key_equal(&pub, &pub2));
        int rejected = 1;
        for (size_t l = 0; l < derlen; l++)
            rejected &= pkc_ec_public_key_from_der(&pub2, der, l) != PKC_OK;
        CHECK(rejected);
        /* a public key is not a private key */
        CHECK(pkc_ec_private_key_from_der(&key2, der, derlen) != PKC_OK);
        pkc_secure_free(der, derlen);
        CHECK(pkc_ec_public_key_to_pem(&pub, comp, &pem, &pemlen) == PKC_OK);
        CHECK(strstr(pem, "-----BEGIN PUBLIC KEY-----") == pem);
        CHECK(pkc_ec_public_key_decode(&pub2, (const uint8_t *)pem, pemlen) == PKC_OK);
        CHECK(pkc_ec_public_key_equal(&pub, &pub2));
        CHECK(pkc_ec_private_key_decode(&key2, (const uint8_t *)pem, pemlen) == PKC_ERR_KEY);
        pkc_secure_free(pem, pemlen);
    }
    pkc_ec_private_key_wipe(&key);
    pkc_ec_private_key_wipe(&key2);
}

static void keygen_checks(void)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        pkc_curve_id id = (pkc_curve_id)i;
        pkc_rng r1, r2;
        pkc_ec_private_key a, b;
        CHECK(pkc_rng_init_fixed(&r1, PKC_HASH_SHA256, 42) == PKC_OK);
        CHECK(pkc_rng_init_fixed(&r2, PKC_HASH_SHA256, 42) == PKC_OK);
        CHECK(pkc_ec_keygen_coords(&a, id, &r1, PKC_EC_JACOBIAN) == PKC_OK);
        CHECK(pkc_ec_keygen_coords(&b, id, &r2, PKC_EC_AFFINE) == PKC_OK);
        CHECK_MSG(!memcmp(a.d, b.d, sizeof a.d) && pkc_ec_public_key_equal(&a.pub, &b.pub),
                  "%s: fixed-seed keygen differs between jacobian and affine", ecu_curve_name(id));
        /* the next key differs */
        CHECK(pkc_ec_keygen(&b, id, &r2) == PKC_OK);
        CHECK(memcmp(a.d, b.d, sizeof a.d) != 0);
        for (int t = 0; t < 5; t++)
            roundtrip(id, &r1);
        pkc_rng_wipe(&r1);
        pkc_rng_wipe(&r2);
    }
    pkc_ec_private_key k;
    pkc_rng r;
    CHECK(pkc_rng_init_fixed(&r, PKC_HASH_SHA256, 1) == PKC_OK);
    CHECK(pkc_ec_keygen(&k, PKC_CURVE_COUNT, &r) == PKC_ERR_ARG);
    CHECK(pkc_ec_keygen(&k, PKC_CURVE_SECP256R1, NULL) == PKC_ERR_ARG);
}

/* ---- bad input ---- */

static uint8_t *n_bytes(pkc_curve_id id, int delta)
{
    /* n + delta as order_bytes (delta small) */
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    uint8_t *b = malloc(ci->order_bytes);
    memcpy(b, ci->n, ci->order_bytes);
    int carry = delta;
    for (size_t i = ci->order_bytes; i-- > 0 && carry;) {
        int v = b[i] + carry;
        b[i] = (uint8_t)(v & 0xff);
        carry = v >> 8; /* arithmetic shift: -1 for borrow */
    }
    return b;
}

static void bad_scalars(void)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        pkc_curve_id id = (pkc_curve_id)i;
        size_t ob = pkc_ec_order_bytes(id);
        pkc_ec_private_key k;
        uint8_t zero[PKC_EC_MAX_ORDER_BYTES + 1] = {0}, one[1] = {1};
        uint8_t *n = n_bytes(id, 0), *n1 = n_bytes(id, 1), *nm1 = n_bytes(id, -1);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, zero, ob) == PKC_ERR_KEY);
        /* the empty encoding (zero), with no buffer at all: an error, and
         * under UBSan no memcpy from NULL */
        CHECK(pkc_ec_private_key_from_bytes(&k, id, NULL, 0) == PKC_ERR_KEY);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, n, ob) == PKC_ERR_KEY);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, n1, ob) == PKC_ERR_KEY);
        uint8_t ff[PKC_EC_MAX_ORDER_BYTES];
        memset(ff, 0xff, sizeof ff);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, ff, ob) == PKC_ERR_KEY);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, nm1, ob) == PKC_OK);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, one, 1) == PKC_OK);
        /* a longer encoding only with leading zeros */
        uint8_t longer[PKC_EC_MAX_ORDER_BYTES + 1];
        longer[0] = 0;
        memcpy(longer + 1, nm1, ob);
        CHECK(pkc_ec_private_key_from_bytes(&k, id, longer, ob + 1) == PKC_OK);
        longer[0] = 1;
        CHECK(pkc_ec_private_key_from_bytes(&k, id, longer, ob + 1) == PKC_ERR_KEY);
        free(n);
        free(n1);
        free(nm1);
    }
}

static void bad_points(void)
{
    for (int i = 0; i < PKC_CURVE_COUNT; i++) {
        pkc_curve_id id = (pkc_curve_id)i;
        const pkc_curve_info *ci = pkc_curve_info_get(id);
        size_t fb = ci->field_bytes;
        pkc_rng r;
        pkc_ec_private_key k;
        pkc_ec_public_key q;
        uint8_t pt[PKC_EC_MAX_POINT_BYTES], bad[PKC_EC_MAX_POINT_BYTES];
        size_t len;
        CHECK(pkc_rng_init_fixed(&r, PKC_HASH_SHA256, 7 + (uint64_t)i) == PKC_OK);
        CHECK(pkc_ec_keygen(&k, id, &r) == PKC_OK);
        CHECK(pkc_ec_point_encode(&k.pub, 0, pt, sizeof pt, &len) == PKC_OK);

        /* off the curve: y + 1 (mod 256 on the last byte) */
        memcpy(bad, pt, len);
        bad[len - 1] ^= 1;
        CHECK(pkc_ec_point_decode(&q, id, bad, len) == PKC_ERR_POINT);
        /* x = p, y = p (coordinates >= p) */
        memcpy(bad, pt, len);
        memcpy(bad + 1, ci->p, fb);
        CHECK(pkc_ec_point_decode(&q, id, bad, len) == PKC_ERR_POINT);
        memcpy(bad, pt, len);
        memcpy(bad + 1 + fb, ci->p, fb);
        CHECK(pkc_ec_point_decode(&q, id, bad, len) == PKC_ERR_POINT);
        /* x + p with the same y would be the same point mod p: still refused */
        memset(bad, 0xff, len);
        bad[0] = 0x04;
        CHECK(pkc_ec_point_decode(&q, id, bad, len) == PKC_ERR_POINT);
        /* compressed x = p */
        bad[0] = 0x02;
        memcpy(bad + 1, ci->p, fb);
        CHECK(pkc_ec_point_decode(&q, id, bad, 1 + fb) == PKC_ERR_POINT);
        /* infinity, empty, bad prefixes, bad lengths */
        uint8_t zero = 0;
        CHECK(pkc_ec_point_decode(&q, id, &zero, 1) == PKC_ERR_POINT);
        CHECK(pkc_ec_point_decode(&q, id, pt, 0) == PKC_ERR_DECODE);
        memcpy(bad, pt, len);
        for (int pre = 0; pre < 256; pre++) {
            if (pre == 4)
                continue;
            bad[0] = (uint8_t)pre;
            CHECK(pkc_ec_point_decode(&q, id, bad, len) == PKC_ERR_DECODE);
        }
        CHECK(pkc_ec_point_decode(&q, id, pt, len - 1) == PKC_ERR_DECODE);
        CHECK(pkc_ec_point_decode(&q, id, pt, len + 1) == PKC_ERR_DECODE);
        /* x with no square root: try x values until one is not on the curve */
        int found = 0;
        for (int t = 0; t < 64 && !found; t++) {
            bad[0] = 0x02;
            tu_rand_bytes(bad + 1, fb);
            bad[1] = 0; /* below p */
            pkc_err e = pkc_ec_point_decode(&q, id, bad, 1 + fb);
            if (e == PKC_ERR_POINT)
                found = 1;
            else
                CHECK(e == PKC_OK);
        }
        CHECK_MSG(found, "%s: no non-residue x found", ci->name);
        /* a point of another curve of the same size */
        for (int j = 0; j < PKC_CURVE_COUNT; j++) {
            if (j == i || pkc_ec_field_bytes((pkc_curve_id)j) != fb)
                continue;
            CHECK_MSG(pkc_ec_point_decode(&q, (pkc_curve_id)j, pt, len) == PKC_ERR_POINT,
                      "%s point accepted on %s", ci->name, ecu_curve_name((pkc_curve_id)j));
        }
        /* from_xy: coordinates too long */
        uint8_t big[PKC_EC_MAX_FIELD_BYTES + 1];
        memset(big, 0, sizeof big);
        big[0] = 1;
        CHECK(pkc_ec_public_key_from_xy(&q, id, big, fb + 1, pt + 1 + fb, fb) == PKC_ERR_POINT);
        big[0] = 0;
        memcpy(big + 1, pt + 1, fb);
        CHECK(pkc_ec_public_key_from_xy(&q, id, big, fb + 1, pt + 1 + fb, fb) == PKC_OK);
        pkc_ec_private_key_wipe(&k);
        pkc_rng_wipe(&r);
    }
}

/* Hand-built DER for the rejection cases. */
typedef struct {
    const char *alg_oid;   /* AlgorithmIdentifier OID */
    const char *curve_oid; /* NULL: see params */
    int params;            /* 0 named curve, 1 explicit (SEQUENCE), 2 NULL, 3 absent */
} algspec;

static void put_params(pkc_der_writer *w, const algspec *a)
{
    if (a->params == 0) {
        pkc_der_put_oid(w, a->curve_oid);
    } else if (a->params == 1) {
        size_t m = pkc_der_open(w, PKC_DER_SEQUENCE);
        pkc_der_put_u64(w, 1);
        pkc_der_close(w, m);
    } else if (a->params == 2) {
        pkc_der_put_null(w);
    }
}

static pkc_err spki_with(const algspec *a, const uint8_t *pt, size_t ptlen,
                         pkc_ec_public_key *out)
{
    pkc_der_writer w;
    uint8_t *der;
    size_t derlen;
    pkc_der_writer_init(&w);
    size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    size_t m2 = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, a->alg_oid);
    put_params(&w, a);
    pkc_der_close(&w, m2);
    pkc_der_put_bit_string(&w, pt, ptlen);
    pkc_der_close(&w, m);
    if (pkc_der_writer_finish(&w, &der, &derlen) != PKC_OK)
        return PKC_ERR_INTERNAL;
    pkc_err e = pkc_ec_public_key_from_der(out, der, derlen);
    pkc_secure_free(der, derlen);
    return e;
}

static void put_ecpriv(pkc_der_writer *w, uint64_t version, const uint8_t *d, size_t dlen,
                       const algspec *params, const uint8_t *pt, size_t ptlen)
{
    size_t m = pkc_der_open(w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(w, version);
    pkc_der_put_octet_string(w, d, dlen);
    if (params && params->params != 3) {
        size_t m0 = pkc_der_open(w, PKC_DER_CONTEXT(0));
        put_params(w, params);
        pkc_der_close(w, m0);
    }
    if (pt) {
        size_t m1 = pkc_der_open(w, PKC_DER_CONTEXT(1));
        pkc_der_put_bit_string(w, pt, ptlen);
        pkc_der_close(w, m1);
    }
    pkc_der_close(w, m);
}

static pkc_err sec1_with(uint64_t version, const uint8_t *d, size_t dlen, const algspec *params,
                         const uint8_t *pt, size_t ptlen, pkc_ec_private_key *out)
{
    pkc_der_writer w;
    uint8_t *der;
    size_t derlen;
    pkc_der_writer_init(&w);
    put_ecpriv(&w, version, d, dlen, params, pt, ptlen);
    if (pkc_der_writer_finish(&w, &der, &derlen) != PKC_OK)
        return PKC_ERR_INTERNAL;
    pkc_err e = pkc_ec_private_key_from_der(out, der, derlen);
    pkc_secure_free(der, derlen);
    return e;
}

static pkc_err pkcs8_with(uint64_t version, const algspec *a, const uint8_t *d, size_t dlen,
                          const algspec *inner_params, const uint8_t *pt, size_t ptlen,
                          pkc_ec_private_key *out)
{
    pkc_der_writer w, iw;
    uint8_t *der, *inner;
    size_t derlen, innerlen;
    pkc_der_writer_init(&iw);
    put_ecpriv(&iw, 1, d, dlen, inner_params, pt, ptlen);
    if (pkc_der_writer_finish(&iw, &inner, &innerlen) != PKC_OK)
        return PKC_ERR_INTERNAL;
    pkc_der_writer_init(&w);
    size_t m = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_u64(&w, version);
    size_t m2 = pkc_der_open(&w, PKC_DER_SEQUENCE);
    pkc_der_put_oid(&w, a->alg_oid);
    put_params(&w, a);
    pkc_der_close(&w, m2);
    pkc_der_put_octet_string(&w, inner, innerlen);
    pkc_der_close(&w, m);
    pkc_secure_free(inner, innerlen);
    if (pkc_der_writer_finish(&w, &der, &derlen) != PKC_OK)
        return PKC_ERR_INTERNAL;
    pkc_err e = pkc_ec_private_key_from_der(out, der, derlen);
    pkc_secure_free(der, derlen);
    return e;
}

static void bad_files(void)
{
    const char *ec = "1.2.840.10045.2.1", *rsa = "1.2.840.113549.1.1.1";
    const char *p256 = "1.2.840.10045.3.1.7", *p384 = "1.3.132.0.34";
    const char *brainpool = "1.3.36.3.3.2.8.1.1.7";
    pkc_rng r;
    pkc_ec_private_key k, k2, out;
    pkc_ec_public_key q;
    uint8_t pt[PKC_EC_MAX_POINT_BYTES], pt2[PKC_EC_MAX_POINT_BYTES];
    size_t len, len2;
    CHECK(pkc_rng_init_fixed(&r, PKC_HASH_SHA256, 99) == PKC_OK);
    CHECK(pkc_ec_keygen(&k, PKC_CURVE_SECP256R1, &r) == PKC_OK);
    CHECK(pkc_ec_keygen(&k2, PKC_CURVE_SECP256R1, &r) == PKC_OK);
    CHECK(pkc_ec_point_encode(&k.pub, 0, pt, sizeof pt, &len) == PKC_OK);
    CHECK(pkc_ec_point_encode(&k2.pub, 0, pt2, sizeof pt2, &len2) == PKC_OK);

    algspec good = {ec, p256, 0}, wrongalg = {rsa, p256, 0}, unknown = {ec, brainpool, 0};
    algspec explicit_ = {ec, NULL, 1}, implicit = {ec, NULL, 2}, otherc = {ec, p384, 0};
    algspec absent = {ec, NULL, 3};

    /* SPKI */
    CHECK(spki_with(&good, pt, len, &q) == PKC_OK);
    CHECK(spki_with(&wrongalg, pt, len, &q) == PKC_ERR_KEY);
    CHECK(spki_with(&unknown, pt, len, &q) == PKC_ERR_UNSUPPORTED);
    CHECK(spki_with(&explicit_, pt, len, &q) == PKC_ERR_UNSUPPORTED);
    CHECK(spki_with(&implicit, pt, len, &q) == PKC_ERR_UNSUPPORTED);
    CHECK(spki_with(&otherc, pt, len, &q) != PKC_OK); /* a P-256 point as P-384 */
    pt[len - 1] ^= 1;
    CHECK(spki_with(&good, pt, len, &q) == PKC_ERR_POINT);
    pt[len - 1] ^= 1;

    /* SEC 1 ECPrivateKey */
    CHECK(sec1_with(1, k.d, 32, &good, pt, len, &out) == PKC_OK);
    CHECK(pkc_ec_public_key_equal(&out.pub, &k.pub));
    CHECK(sec1_with(1, k.d, 32, &good, NULL, 0, &out) == PKC_OK); /* no public key */
    CHECK(sec1_with(1, k.d, 32, &good, pt2, len2, &out) == PKC_ERR_KEY); /* not dG */
    CHECK(sec1_with(1, k.d, 32, &absent, pt, len, &out) == PKC_ERR_DECODE); /* no curve */
    CHECK(sec1_with(0, k.d, 32, &good, pt, len, &out) == PKC_ERR_DECODE);
    CHECK(sec1_with(2, k.d, 32, &good, pt, len, &out) == PKC_ERR_DECODE);
    CHECK(sec1_with(1, k.d, 32, &unknown, pt, len, &out) == PKC_ERR_UNSUPPORTED);
    CHECK(sec1_with(1, k.d, 32, &explicit_, pt, len, &out) == PKC_ERR_UNSUPPORTED);
    uint8_t zero[32] = {0};
    uint8_t *n = n_bytes(PKC_CURVE_SECP256R1, 0);
    CHECK(sec1_with(1, zero, 32, &good, NULL, 0, &out) == PKC_ERR_KEY);
    CHECK(sec1_with(1, n, 32, &good, NULL, 0, &out) == PKC_ERR_KEY);
    uint8_t d33[33] = {0};
    memcpy(d33 + 1, k.d, 32);
    CHECK(sec1_with(1, d33, 33, &good, pt, len, &out) == PKC_ERR_KEY); /* too long */
    pt[len - 1] ^= 1;
    CHECK(sec1_with(1, k.d, 32, &good, pt, len, &out) == PKC_ERR_POINT); /* off-curve pub */
    pt[len - 1] ^= 1;

    /* PKCS#8 */
    CHECK(pkcs8_with(0, &good, k.d, 32, NULL, pt, len, &out) == PKC_OK);
    CHECK(pkc_ec_public_key_equal(&out.pub, &k.pub));
    CHECK(pkcs8_with(0, &good, k.d, 32, &good, pt, len, &out) == PKC_OK); /* inner [0] agrees */
    CHECK(pkcs8_with(0, &good, k.d, 32, &otherc, pt, len, &out) == PKC_ERR_KEY); /* disagrees */
    CHECK(pkcs8_with(0, &wrongalg, k.d, 32, NULL, pt, len, &out) == PKC_ERR_KEY);
    CHECK(pkcs8_with(0, &unknown, k.d, 32, NULL, pt, len, &out) == PKC_ERR_UNSUPPORTED);
    CHECK(pkcs8_with(0, &explicit_, k.d, 32, NULL, pt, len, &out) == PKC_ERR_UNSUPPORTED);
    CHECK(pkcs8_with(2, &good, k.d, 32, NULL, pt, len, &out) == PKC_ERR_DECODE);
    CHECK(pkcs8_with(0, &good, k.d, 32, NULL, pt2, len2, &out) == PKC_ERR_KEY);
    CHECK(pkcs8_with(0, &good, n, 32, NULL, NULL, 0, &out) == PKC_ERR_KEY);
    CHECK(pkcs8_with(0, &good, zero, 32, NULL, NULL, 0, &out) == PKC_ERR_KEY);
    free(n);

    /* PEM with the wrong label, and the EC PARAMETERS block openssl writes first */
    char *pem;
    size_t pemlen;
    CHECK(pkc_ec_private_key_to_pem(&k, PKC_EC_FORMAT_SEC1, &pem, &pemlen) == PKC_OK);
    {
        /* an EC key under an RSA label: the label does not match the content */
        char *relabelled = malloc(pemlen + 8);
        char *body = strstr(pem, "-----\n") + 6;
        size_t bodylen = (size_t)(strstr(pem, "-----END") - body);
        int n = sprintf(relabelled, "-----BEGIN RSA PRIVATE KEY-----\n%.*s-----END RSA PRIVATE KEY-----\n",
                        (int)bodylen, body);
        CHECK(pkc_ec_private_key_decode(&out, (const uint8_t *)relabelled, (size_t)n) ==
              PKC_ERR_DECODE);
        free(relabelled);
    }
    const char *params = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
    size_t tl = strlen(params) + pemlen;
    char *two = malloc(tl + 1);
    strcpy(two, params);
    strcat(two, pem);
    CHECK(pkc_ec_private_key_decode(&out, (const uint8_t *)two, tl) == PKC_OK);
    CHECK(!memcmp(out.d, k.d, 32));
    free(two);
    pkc_secure_free(pem, pemlen);
    /* garbage */
    CHECK(pkc_ec_private_key_decode(&out, (const uint8_t *)"hello", 5) != PKC_OK);
    CHECK(pkc_ec_public_key_decode(&q, (const uint8_t *)"hello", 5) != PKC_OK);
    CHECK(pkc_ec_private_key_decode(&out, NULL, 0) != PKC_OK);
    pkc_ec_private_key_wipe(&k);
    pkc_ec_private_key_wipe(&k2);
    pkc_rng_wipe(&r);
}

/* Key files from the cryptography project's vectors (written by OpenSSL). */
static uint8_t *vec(const char *rel, size_t *len)
{
    uint8_t *d = tu_read_file(tu_vector_path(rel), len);
    CHECK(d != NULL);
    return d;
}

static void vector_files(void)
{
    static const char *priv[] = {"asymmetric/PEM_Serialization/ec_private_key.pem",
                                 "asymmetric/PKCS8/ec_private_key.pem",
                                 "asymmetric/PKCS8/ecc_private_with_rfc5915_ext.pem",
                                 "asymmetric/DER_Serialization/ec_private_key.der"};
    static const char *pub[] = {"asymmetric/PEM_Serialization/ec_public_key.pem",
                                "asymmetric/DER_Serialization/ec_public_key.der"};
    static const char *refused[] = {"asymmetric/PKCS8/ec_oid_not_in_reg_private_2.pkcs8.pem",
                                    "asymmetric/PKCS8/ec_private_key_encrypted.pem",
                                    "asymmetric/PEM_Serialization/ec_private_key_encrypted.pem",
                                    "asymmetric/DER_Serialization/ec_private_key_encrypted.der"};
    pkc_ec_private_key k;
    pkc_ec_public_key q, q0;
    size_t len;
    for (size_t i = 0; i < 4; i++) {
        uint8_t *d = vec(priv[i], &len);
        pkc_err e = d ? pkc_ec_private_key_decode(&k, d, len) : PKC_ERR_ARG;
        CHECK_MSG(e == PKC_OK && k.curve == PKC_CURVE_SECP256R1, "%s: %s", priv[i],
                  pkc_strerror(e));
        CHECK(d && pkc_ec_public_key_decode(&q, d, len) == PKC_ERR_KEY);
        free(d);
    }
    for (size_t i = 0; i < 2; i++) {
        uint8_t *d = vec(pub[i], &len);
        pkc_err e = d ? pkc_ec_public_key_decode(&q, d, len) : PKC_ERR_ARG;
        CHECK_MSG(e == PKC_OK && q.curve == PKC_CURVE_SECP256R1, "%s: %s", pub[i],
                  pkc_strerror(e));
        if (i == 0)
            q0 = q;
        else
            CHECK(pkc_ec_public_key_equal(&q, &q0));
        CHECK(d && pkc_ec_private_key_decode(&k, d, len) != PKC_OK);
        free(d);
    }
    /* RSA keys, private and public, PEM and DER: a key of another type */
    static const char *rsa[] = {"asymmetric/PKCS8/unenc-rsa-pkcs8.pem",
                                "asymmetric/PKCS8/unenc-rsa-pkcs8.pub.pem",
                                "asymmetric/Traditional_OpenSSL_Serialization/testrsa.pem",
                                "asymmetric/DER_Serialization/unenc-rsa-pkcs8.der",
                                "asymmetric/DER_Serialization/rsa_public_key.der"};
    for (size_t i = 0; i < sizeof rsa / sizeof *rsa; i++) {
        uint8_t *d = vec(rsa[i], &len);
        CHECK_MSG(d && pkc_ec_private_key_decode(&k, d, len) == PKC_ERR_KEY, "%s", rsa[i]);
        CHECK_MSG(d && pkc_ec_public_key_decode(&q, d, len) == PKC_ERR_KEY, "%s", rsa[i]);
        if (d && !pkc_pem_detect(d, len)) {
            CHECK(pkc_ec_private_key_from_der(&k, d, len) == PKC_ERR_KEY);
            CHECK(pkc_ec_public_key_from_der(&q, d, len) == PKC_ERR_KEY);
        }
        free(d);
    }
    /* an unknown curve OID: unsupported; encrypted keys: refused */
    for (size_t i = 0; i < 4; i++) {
        uint8_t *d = vec(refused[i], &len);
        pkc_err e = d ? pkc_ec_private_key_decode(&k, d, len) : PKC_OK;
        CHECK_MSG(i == 0 ? e == PKC_ERR_UNSUPPORTED : e != PKC_OK, "%s: %s", refused[i],
                  pkc_strerror(e));
        free(d);
    }
}

int main(void)
{
    tu_seed();
    vector_files();
    keypair_rsp();
    pkv_rsp();
    compressed_points();
    keygen_checks();
    bad_scalars();
    bad_points();
    bad_files();
    return tu_finish("test_ec_key");
}
