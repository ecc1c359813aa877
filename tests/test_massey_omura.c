/* The Massey-Omura three-pass protocol (include/pkc/massey_omura.h) on
 * every curve:
 *  - the protocol played with Koblitz-encoded random messages: Bob
 *    recovers M; every pass checked against OpenSSL's k*P; e * e^-1 = 1
 *    mod n by OpenSSL's BN arithmetic; the locks commute;
 *  - exponents are fresh and in [1, n-1];
 *  - bad input: a point of another curve, a point altered off the curve,
 *    an exponent out of range, NULL arguments — errors, never a result.
 */
#include <stdio.h>
#include <string.h>

#include "pkc/koblitz.h"
#include "pkc/massey_omura.h"
#include "test_ec_util.h"
#include "testutil.h"

static void protocol(pkc_curve_id id, pkc_rng *rng)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    size_t ob = ci->order_bytes;
#ifdef PKC_HAVE_OPENSSL
    EC_GROUP *grp = ecu_ossl_group(id);
    CHECK(grp != NULL);
    BN_CTX *bn = BN_CTX_new();
#endif
    for (int it = 0; it < tu_iters(4); it++) {
        uint8_t msg[PKC_KOBLITZ_MAX_BLOCK], back[PKC_KOBLITZ_MAX_BLOCK];
        size_t len = (size_t)(tu_rand64() % pkc_koblitz_block_bytes(id)), blen = 0, np = 0;
        tu_rand_bytes(msg, len);
        pkc_ec_point M, C1, C2, C3, M2, X;
        CHECK(pkc_koblitz_encode_msg_var(&M, 1, &np, id, msg, len) == PKC_OK);
        pkc_mo_key a, b;
        CHECK(pkc_mo_key_generate(&a, id, rng) == PKC_OK);
        CHECK(pkc_mo_key_generate(&b, id, rng) == PKC_OK);
        CHECK(memcmp(a.e, b.e, ob) != 0);
        CHECK(pkc_mo_lock(&a, &M, &C1) == PKC_OK);
        CHECK(pkc_mo_lock(&b, &C1, &C2) == PKC_OK);
        CHECK(pkc_mo_unlock(&a, &C2, &C3) == PKC_OK);
        CHECK(pkc_mo_unlock(&b, &C3, &M2) == PKC_OK);
        CHECK_MSG(pkc_ec_public_key_equal(&M, &M2), "%s: Bob does not recover M", ci->name);
        CHECK(pkc_koblitz_decode_msg(&M2, 1, back, sizeof back, &blen) == PKC_OK);
        CHECK(blen == len && memcmp(back, msg, len) == 0);
        /* the locks commute: e_A (e_B M) = e_B (e_A M) */
        CHECK(pkc_mo_lock(&b, &M, &X) == PKC_OK && pkc_mo_lock(&a, &X, &X) == PKC_OK);
        CHECK(pkc_ec_public_key_equal(&X, &C2));
        /* no pass leaves M unchanged */
        CHECK(!pkc_ec_public_key_equal(&C1, &M) && !pkc_ec_public_key_equal(&C3, &M));
#ifdef PKC_HAVE_OPENSSL
        CHECK_MSG(ecu_ossl_mul_is(grp, a.e, ob, &M, &C1), "%s: e_A M vs OpenSSL", ci->name);
        CHECK(ecu_ossl_mul_is(grp, b.e, ob, &C1, &C2));
        CHECK(ecu_ossl_mul_is(grp, a.e_inv, ob, &C2, &C3));
        CHECK(ecu_ossl_mul_is(grp, b.e_inv, ob, &C3, &M2));
        BIGNUM *e = BN_bin2bn(a.e, (int)ob, NULL), *ei = BN_bin2bn(a.e_inv, (int)ob, NULL);
        BIGNUM *r = BN_new();
        const BIGNUM *n = EC_GROUP_get0_order(grp);
        CHECK(BN_mod_mul(r, e, ei, n, bn) == 1 && BN_is_one(r));
        CHECK(!BN_is_zero(e) && BN_cmp(e, n) < 0);
        BN_free(e);
        BN_free(ei);
        BN_free(r);
#endif
        pkc_mo_key_wipe(&a);
        pkc_mo_key_wipe(&b);
        uint8_t zero[PKC_EC_MAX_ORDER_BYTES] = {0};
        CHECK(memcmp(a.e, zero, sizeof zero) == 0 && memcmp(a.e_inv, zero, sizeof zero) == 0);
    }
#ifdef PKC_HAVE_OPENSSL
    BN_CTX_free(bn);
    EC_GROUP_free(grp);
#else
    tu_skip_part("Massey-Omura against OpenSSL (built without OpenSSL)");
#endif
}

static void bad_input(pkc_curve_id id, pkc_rng *rng)
{
    const pkc_curve_info *ci = pkc_curve_info_get(id);
    pkc_mo_key k;
    pkc_ec_point M, out, bad;
    size_t np;
    uint8_t m[1] = {0x42};
    CHECK(pkc_mo_key_generate(&k, id, rng) == PKC_OK);
    CHECK(pkc_koblitz_encode_msg_var(&M, 1, &np, id, m, 1) == PKC_OK);
    /* a point of another curve */
    pkc_curve_id other = (pkc_curve_id)((id + 1) % PKC_CURVE_COUNT);
    pkc_ec_point Mo;
    CHECK(pkc_koblitz_encode_msg_var(&Mo, 1, &np, other, m, 1) == PKC_OK);
    CHECK(pkc_mo_lock(&k, &Mo, &out) == PKC_ERR_KEY);
    /* the struct altered: a point off the curve */
    bad = M;
    bad.point[PKC_EC_MAX_LIMBS] ^= 1; /* y's lowest bit */
    CHECK_MSG(pkc_mo_lock(&k, &bad, &out) == PKC_ERR_POINT, "%s: altered point", ci->name);
    CHECK(pkc_mo_unlock(&k, &bad, &out) == PKC_ERR_POINT);
    bad = M;
    bad.point[2 * PKC_EC_MAX_LIMBS] = ~(uint64_t)0; /* infinity */
    CHECK(pkc_mo_lock(&k, &bad, &out) == PKC_ERR_POINT);
    /* exponent 0 and n */
    pkc_mo_key z = k;
    memset(z.e, 0, sizeof z.e);
    CHECK(pkc_mo_lock(&z, &M, &out) == PKC_ERR_KEY);
    memcpy(z.e, ci->n, ci->order_bytes);
    CHECK(pkc_mo_lock(&z, &M, &out) == PKC_ERR_KEY);
    CHECK(pkc_mo_lock(NULL, &M, &out) == PKC_ERR_ARG);
    CHECK(pkc_mo_lock(&k, NULL, &out) == PKC_ERR_ARG);
    CHECK(pkc_mo_unlock(&k, &M, NULL) == PKC_ERR_ARG);
    CHECK(pkc_mo_key_generate(&z, PKC_CURVE_COUNT, rng) == PKC_ERR_ARG);
    pkc_mo_key_wipe(&k);
    pkc_mo_key_wipe(&z);
}

int main(void)
{
    pkc_rng rng;
    if (pkc_rng_init_fixed(&rng, PKC_HASH_SHA256, tu_seed()) != PKC_OK)
        return 1;
    for (int id = 0; id < PKC_CURVE_COUNT; id++) {
        protocol((pkc_curve_id)id, &rng);
        bad_input((pkc_curve_id)id, &rng);
        printf("%-10s three passes, against OpenSSL, bad input\n", ecu_curve_name((pkc_curve_id)id));
    }
    pkc_rng_wipe(&rng);
    return tu_finish("test_massey_omura");
}
