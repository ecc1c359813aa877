/* ECDH known answers (SEC 1 v2 section 3.3.1): NIST's KAS ECC
 * "ZZOnly" validity files (Static Unified, initiator and responder),
 * P-192 .. P-521. A "P" case must pass end to end (IUT key pair valid and
 * consistent, CAVS public key valid, shared secret equal to Z, also from
 * the CAVS side); every "F" case must fail, at the step its reason names:
 * 1/2 the CAVS public key is rejected, 5/6 the IUT public key is rejected,
 * 7 d does not match the IUT public key, 8 the computed Z differs.
 * Both coordinate systems. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkc/ec.h"
#include "test_ec_util.h"
#include "testutil.h"

typedef struct {
    char *dcavs, *qcx, *qcy, *diut, *qix, *qiy, *z, *result;
} rec_t;

static const tu_field fields[] = {
    TU_FIELD("dsCAVS", rec_t, dcavs), TU_FIELD("QsCAVSx", rec_t, qcx),
    TU_FIELD("QsCAVSy", rec_t, qcy),  TU_FIELD("dsIUT", rec_t, diut),
    TU_FIELD("QsIUTx", rec_t, qix),   TU_FIELD("QsIUTy", rec_t, qiy),
    TU_FIELD("Z", rec_t, z),          TU_FIELD("Result", rec_t, result)};
#define NFIELDS (sizeof fields / sizeof fields[0])

static int pub_from_hex(pkc_ec_public_key *pub, pkc_curve_id c, const char *x, const char *y)
{
    size_t fb = pkc_ec_field_bytes(c);
    uint8_t bx[PKC_EC_MAX_FIELD_BYTES], by[PKC_EC_MAX_FIELD_BYTES];
    if (ecu_hex_fixed(x, bx, fb) || ecu_hex_fixed(y, by, fb))
        return PKC_ERR_POINT;
    return pkc_ec_public_key_from_xy(pub, c, bx, fb, by, fb);
}

static int priv_from_hex(pkc_ec_private_key *k, pkc_curve_id c, const char *d)
{
    size_t ob = pkc_ec_order_bytes(c);
    uint8_t b[PKC_EC_MAX_ORDER_BYTES];
    if (ecu_hex_fixed(d, b, ob))
        return PKC_ERR_KEY;
    return pkc_ec_private_key_from_bytes(k, c, b, ob);
}

static void run_file(const char *rel)
{
    tu_kv kv;
    if (!tu_kv_open_vector(&kv, rel))
        return;
    pkc_curve_id curve = PKC_CURVE_COUNT;
    int active = 0, np = 0, nf = 0;
    rec_t r = {0};
    while (tu_kv_next(&kv)) {
        if (kv.is_section) {
            /* "[EA - SHA1]" .. "[EE - SHA512]": the parameter sets */
            static const struct {
                const char *tag;
                pkc_curve_id id;
            } sets[] = {{"EA - ", PKC_CURVE_SECP192R1}, {"EB - ", PKC_CURVE_SECP224R1},
                        {"EC - ", PKC_CURVE_SECP256R1}, {"ED - ", PKC_CURVE_SECP384R1},
                        {"EE - ", PKC_CURVE_SECP521R1}};
            active = 0;
            for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
                if (!strncmp(kv.key, sets[i].tag, 5)) {
                    curve = sets[i].id;
                    active = 1;
                }
            continue;
        }
        /* a record ends with its Result */
        if (!active || !tu_field_take(&r, fields, NFIELDS, &kv) || strcmp(kv.key, "Result"))
            continue;
        if (!r.dcavs || !r.qcx || !r.qcy || !r.diut || !r.qix || !r.qiy || !r.z) {
            CHECK_MSG(0, "%s line %d: incomplete record", rel, kv.lineno);
            tu_fields_clear(&r, fields, NFIELDS);
            continue;
        }
        int expect = r.result[0] == 'P';
        int reason = atoi(strchr(r.result, '(') ? strchr(r.result, '(') + 1 : "0");
        size_t fb = pkc_ec_field_bytes(curve);
        uint8_t zwant[PKC_EC_MAX_FIELD_BYTES];
        CHECK(ecu_hex_fixed(r.z, zwant, fb) == 0);
        /* every record in Jacobian coordinates, every 5th also in affine
         * ones (all with PKC_TEST_ITERS > 1): affine is slow */
        int ncoords = (tu_iters(1) > 1 || (np + nf) % 5 == 0) ? 2 : 1;
        for (int ci = 0; ci < ncoords; ci++) {
            pkc_ec_coords co = ci ? PKC_EC_AFFINE : PKC_EC_JACOBIAN;
            pkc_ec_private_key diut, dcavs;
            pkc_ec_public_key qiut, qcavs;
            int e_qc = pub_from_hex(&qcavs, curve, r.qcx, r.qcy);
            int e_qi = pub_from_hex(&qiut, curve, r.qix, r.qiy);
            int e_di = priv_from_hex(&diut, curve, r.diut);
            int e_dc = priv_from_hex(&dcavs, curve, r.dcavs);
            int match = e_di == PKC_OK && e_qi == PKC_OK && pkc_ec_public_key_equal(&qiut, &diut.pub);
            uint8_t z[PKC_ECDH_MAX_SIZE], z2[PKC_ECDH_MAX_SIZE];
            size_t zlen = 0, z2len = 0;
            int e_z = -100, zeq = 0;
            if (e_di == PKC_OK && e_qc == PKC_OK) {
                e_z = pkc_ecdh_coords(&diut, &qcavs, z, sizeof z, &zlen, co);
                zeq = e_z == PKC_OK && zlen == fb && !memcmp(z, zwant, fb);
            }
            int pass = e_qc == PKC_OK && e_qi == PKC_OK && match && zeq;
            CHECK_MSG(pass == expect, "%s line %d (%s): expected %s, got qc=%d qi=%d di=%d "
                      "match=%d z=%d", rel, kv.lineno, ecu_curve_name(curve), r.result, e_qc,
                      e_qi, e_di, match, zeq);
            if (expect && e_dc == PKC_OK) {
                /* and from the other side */
                CHECK(pkc_ecdh_coords(&dcavs, &qiut, z2, sizeof z2, &z2len, co) == PKC_OK);
                CHECK(z2len == fb && !memcmp(z2, zwant, fb));
            }
            if (!expect) {
                switch (reason) {
                case 1:
                case 2:
                    CHECK_MSG(e_qc == PKC_ERR_POINT, "%s line %d: CAVS key not rejected", rel,
                              kv.lineno);
                    break;
                case 5:
                case 6:
                    CHECK_MSG(e_qi == PKC_ERR_POINT, "%s line %d: IUT key not rejected", rel,
                              kv.lineno);
                    break;
                case 7:
                    CHECK_MSG(e_qi == PKC_OK && !match, "%s line %d: d/Q mismatch not seen",
                              rel, kv.lineno);
                    break;
                case 8:
                    CHECK_MSG(e_z == PKC_OK && !zeq, "%s line %d: changed Z not seen", rel,
                              kv.lineno);
                    break;
                default:
                    CHECK_MSG(0, "%s line %d: unknown reason %s", rel, kv.lineno, r.result);
                }
            }
            pkc_ec_private_key_wipe(&diut);
            pkc_ec_private_key_wipe(&dcavs);
        }
        if (expect)
            np++;
        else
            nf++;
        tu_fields_clear(&r, fields, NFIELDS);
    }
    tu_fields_clear(&r, fields, NFIELDS);
    tu_kv_close(&kv);
    printf("%s: %d P and %d F cases\n", rel, np, nf);
    CHECK(np == 90 && nf == 60);
}

int main(void)
{
    run_file("asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax");
    run_file("asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax");
    return tu_finish("test_ecdh_vectors");
}
