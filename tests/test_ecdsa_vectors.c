/* ECDSA known answers (SEC 1 v2 section 4.1), both coordinate systems:
 *  - FIPS 186-3 SigVer.rsp (P-192..P-521, every hash): every "P" verifies,
 *    every "F" fails, and for the reason stated ("Message changed" fails
 *    verification with a valid key and in-range r, s; "Q changed" either
 *    fails key validation or verification; "R/S changed" range or verify);
 *  - FIPS 186-3 SigGen.txt, which carries k: d -> Q, and signing the
 *    message with that k reproduces R, S exactly;
 *  - SECP256K1/SigGen.txt: d -> Q and (R, S) verifies;
 *  - cross-checks: the signature of one message does not verify another.
 * Every record in Jacobian coordinates, a fifth of them (of secp256k1's
 * 1125, a 25th) also in affine ones; PKC_TEST_ITERS > 1 runs all in both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/ec_proto.h"
#include "pkc/ec.h"
#include "pkc/hash.h"
#include "test_ec_util.h"
#include "testutil.h"

static const pkc_ec_coords coords_all[2] = {PKC_EC_JACOBIAN, PKC_EC_AFFINE};

/* Affine arithmetic costs one inversion per point operation: every record
 * runs in Jacobian coordinates, every affine_every-th also in affine ones
 * (all of them with PKC_TEST_ITERS > 1). */
static int coord_count(int record, int every)
{
    return (tu_iters(1) > 1 || record % every == 0) ? 2 : 1;
}

typedef struct {
    char *msg, *qx, *qy, *r, *s, *d, *k, *result;
} record;

/* SigVer's fields (a record ends with Result), SigGen's (it ends with S) */
static const tu_field sigver_fields[] = {
    TU_FIELD("Msg", record, msg), TU_FIELD("Qx", record, qx), TU_FIELD("Qy", record, qy),
    TU_FIELD("R", record, r),     TU_FIELD("S", record, s),   TU_FIELD("Result", record, result)};
static const tu_field siggen_fields[] = {
    TU_FIELD("Msg", record, msg), TU_FIELD("d", record, d), TU_FIELD("Qx", record, qx),
    TU_FIELD("Qy", record, qy),   TU_FIELD("k", record, k), TU_FIELD("R", record, r),
    TU_FIELD("S", record, s)};
#define NSIGVER (sizeof sigver_fields / sizeof sigver_fields[0])
#define NSIGGEN (sizeof siggen_fields / sizeof siggen_fields[0])

static void rec_clear(record *r)
{
    tu_fields_clear(r, sigver_fields, NSIGVER);
    tu_fields_clear(r, siggen_fields, NSIGGEN);
}

static int parse_section(const char *sec, pkc_curve_id *curve, pkc_hash_alg *alg)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", sec);
    char *comma = strchr(buf, ',');
    if (!comma)
        return -1;
    *comma = 0;
    if (ecu_curve(buf, curve) != 0 || ecu_hash(comma + 1, alg) != 0)
        return -1;
    return 0;
}

/* Hash of the hex message under alg. */
static size_t hash_msg(pkc_hash_alg alg, const char *hexmsg, uint8_t *h)
{
    size_t mlen;
    uint8_t *m = ecu_hex(hexmsg, &mlen);
    if (!m)
        return 0;
    pkc_hash(alg, m, mlen, h);
    free(m);
    return pkc_hash_size(alg);
}

/* r||s from hex, each order_bytes; -1 if a value is too long. */
static int make_sig(pkc_curve_id curve, const char *r, const char *s, uint8_t *sig, size_t *len)
{
    size_t ob = pkc_ec_order_bytes(curve);
    *len = 2 * ob;
    if (ecu_hex_fixed(r, sig, ob) != 0 || ecu_hex_fixed(s, sig + ob, ob) != 0)
        return -1;
    return 0;
}

static int make_pub(pkc_ec_public_key *pub, pkc_curve_id curve, const char *qx, const char *qy)
{
    size_t fb = pkc_ec_field_bytes(curve);
    uint8_t x[PKC_EC_MAX_FIELD_BYTES], y[PKC_EC_MAX_FIELD_BYTES];
    if (ecu_hex_fixed(qx, x, fb) != 0 || ecu_hex_fixed(qy, y, fb) != 0)
        return PKC_ERR_POINT; /* a coordinate >= 2^(8*fb) > p */
    return pkc_ec_public_key_from_xy(pub, curve, x, fb, y, fb);
}

static void sigver(void)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, "asymmetric/ECDSA/FIPS_186-3/SigVer.rsp"))
        return;
    pkc_curve_id curve = PKC_CURVE_COUNT;
    pkc_hash_alg alg = PKC_HASH_SHA256;
    int active = 0, npass = 0, nfail = 0, nsections = 0;
    record rec = {0};
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            active = parse_section(kv.key, &curve, &alg) == 0;
            nsections += active;
            continue;
        }
        if (!active || !tu_field_take(&rec, sigver_fields, NSIGVER, &kv) ||
            strcmp(kv.key, "Result"))
            continue;
        if (!rec.msg || !rec.qx || !rec.qy || !rec.r || !rec.s) {
            CHECK_MSG(0, "SigVer line %d: incomplete record", kv.lineno);
            rec_clear(&rec);
            continue;
        }
        int expect_pass = rec.result[0] == 'P';
        if (!tu_sampled(npass + nfail)) { /* make test-asan: a sample of the records */
            npass += expect_pass;
            nfail += !expect_pass;
            rec_clear(&rec);
            continue;
        }
        uint8_t h[PKC_HASH_MAX_SIZE], sig[PKC_ECDSA_MAX_RAW_SIZE];
        size_t hlen = hash_msg(alg, rec.msg, h), siglen;
        pkc_ec_public_key pub;
        int kerr = make_pub(&pub, curve, rec.qx, rec.qy);
        int serr = make_sig(curve, rec.r, rec.s, sig, &siglen);
        for (int ci = 0; ci < coord_count(npass + nfail, 5); ci++) {
            pkc_err err = kerr;
            if (err == PKC_OK)
                err = serr == 0 ? pkc_ecdsa_verify_digest_coords(&pub, h, hlen, sig, siglen,
                                                             coords_all[ci])
                                : PKC_ERR_RANGE;
            if (expect_pass) {
                CHECK_MSG(err == PKC_OK, "SigVer line %d (%s, %s): P case failed: %s",
                          kv.lineno, ecu_curve_name(curve), pkc_hash_name(alg),
                          pkc_strerror(err));
            } else {
                CHECK_MSG(err != PKC_OK, "SigVer line %d: F case (%s) accepted", kv.lineno,
                          rec.result);
                /* the stated reason */
                if (strstr(rec.result, "Message changed"))
                    CHECK_MSG(kerr == PKC_OK && err == PKC_ERR_VERIFY,
                              "SigVer line %d: message change gave %s", kv.lineno,
                              pkc_strerror(err));
                else if (strstr(rec.result, "Q changed"))
                    CHECK_MSG(kerr == PKC_ERR_POINT || err == PKC_ERR_VERIFY,
                              "SigVer line %d: Q change gave %s", kv.lineno, pkc_strerror(err));
                else if (strstr(rec.result, "R changed") || strstr(rec.result, "S changed"))
                    CHECK_MSG(kerr == PKC_OK && (err == PKC_ERR_VERIFY || err == PKC_ERR_RANGE),
                              "SigVer line %d: R/S change gave %s", kv.lineno,
                              pkc_strerror(err));
                else
                    CHECK_MSG(0, "SigVer line %d: unknown reason %s", kv.lineno, rec.result);
            }
        }
        if (expect_pass)
            npass++;
        else
            nfail++;
        rec_clear(&rec);
    }
    tu_kv_close(&kv);
    rec_clear(&rec);
    printf("SigVer: %d sections, %d P and %d F cases\n", nsections,
           npass, nfail);
    /* 5 prime curves (P-192 ... P-521) and 10 binary ones (K-163 ...
     * B-571), 5 hashes each */
    CHECK(nsections == 25 + 50);
    CHECK(npass == 75 + 150 && nfail == 300 + 600);
}

/* SigGen.txt with k (FIPS 186-3) or without (SECP256K1). */
static void siggen(const char *rel, int expect_sections, int have_k)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, rel))
        return;
    pkc_curve_id curve = PKC_CURVE_COUNT;
    pkc_hash_alg alg = PKC_HASH_SHA256;
    int active = 0, n = 0, nsections = 0, det_match = 0;
    record rec = {0};
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            active = parse_section(kv.key, &curve, &alg) == 0;
            nsections += active;
            continue;
        }
        if (!active || !tu_field_take(&rec, siggen_fields, NSIGGEN, &kv) || strcmp(kv.key, "S"))
            continue;
        if (!rec.msg || !rec.d || !rec.qx || !rec.qy || !rec.r || (have_k && !rec.k)) {
            CHECK_MSG(0, "%s line %d: incomplete record", rel, kv.lineno);
            rec_clear(&rec);
            continue;
        }
        n++;
        if (!tu_sampled(n)) { /* make test-asan: a sample of the records */
            rec_clear(&rec);
            continue;
        }
        size_t ob = pkc_ec_order_bytes(curve);
        uint8_t d[PKC_EC_MAX_ORDER_BYTES], k[PKC_EC_MAX_ORDER_BYTES];
        uint8_t h[PKC_HASH_MAX_SIZE], want[PKC_ECDSA_MAX_RAW_SIZE], sig[PKC_ECDSA_MAX_RAW_SIZE];
        size_t hlen = hash_msg(alg, rec.msg, h), wantlen, siglen = 0;
        CHECK(ecu_hex_fixed(rec.d, d, ob) == 0);
        CHECK(make_sig(curve, rec.r, rec.s, want, &wantlen) == 0);
        pkc_ec_private_key key;
        pkc_ec_public_key q;
        pkc_err err = pkc_ec_private_key_from_bytes(&key, curve, d, ob);
        CHECK_MSG(err == PKC_OK, "%s line %d: d rejected: %s", rel, kv.lineno,
                  pkc_strerror(err));
        CHECK(make_pub(&q, curve, rec.qx, rec.qy) == PKC_OK);
        CHECK_MSG(pkc_ec_public_key_equal(&q, &key.pub), "%s line %d: d*G != Q", rel,
                  kv.lineno);
        for (int ci = 0; ci < coord_count(n, have_k ? 5 : 25); ci++) {
            if (have_k) {
                CHECK(ecu_hex_fixed(rec.k, k, ob) == 0);
                err = pkc_ecdsa_sign_with_k_for_testing(&key, h, hlen, k, sig, sizeof sig,
                                                        &siglen, coords_all[ci]);
                CHECK_MSG(err == PKC_OK && siglen == wantlen && !memcmp(sig, want, wantlen),
                          "%s line %d (%s, %s, %s): signature with k differs", rel, kv.lineno,
                          ecu_curve_name(curve), pkc_hash_name(alg),
                          ci ? "affine" : "jacobian");
            }
            err = pkc_ecdsa_verify_digest_coords(&q, h, hlen, want, wantlen, coords_all[ci]);
            CHECK_MSG(err == PKC_OK, "%s line %d: published signature rejected: %s", rel,
                      kv.lineno, pkc_strerror(err));
            /* the same signature over another digest fails */
            h[0] ^= 0x80;
            CHECK(pkc_ecdsa_verify_digest_coords(&q, h, hlen, want, wantlen, coords_all[ci]) ==
                  PKC_ERR_VERIFY);
            h[0] ^= 0x80;
        }
        /* Our own (RFC 6979) signature of the same message verifies. */
        err = pkc_ecdsa_sign_digest(&key, alg, h, hlen, NULL, sig, sizeof sig, &siglen);
        CHECK(err == PKC_OK && pkc_ecdsa_verify_digest(&q, h, hlen, sig, siglen) == PKC_OK);
        det_match += siglen == wantlen && !memcmp(sig, want, wantlen);
        pkc_ec_private_key_wipe(&key);
        rec_clear(&rec);
    }
    tu_kv_close(&kv);
    rec_clear(&rec);
    printf("%s: %d sections, %d signatures (%d equal to RFC 6979's)\n", rel, nsections, n,
           det_match);
    CHECK(nsections == expect_sections);
    CHECK(n >= 5 * expect_sections);
}

int main(void)
{
    sigver();
    siggen("asymmetric/ECDSA/FIPS_186-3/SigGen.txt", 25 + 50, 1); /* prime + binary */
    siggen("asymmetric/ECDSA/SECP256K1/SigGen.txt", 5, 0);
    return tu_finish("test_ecdsa_vectors");
}
